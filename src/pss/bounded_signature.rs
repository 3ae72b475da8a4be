//! `RSASSA-PSS` signatures in fixed-capacity storage.

crate::signature_type::define_signature!("RSASSA-PSS", "8.1");
