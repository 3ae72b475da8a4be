//! `RSASSA-PKCS1-v1_5` signatures in fixed-capacity storage.

crate::signature_type::define_signature!("RSASSA-PKCS1-v1_5", "8.2");
