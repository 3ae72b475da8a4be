//! `RSASSA-PKCS1-v1_5` signatures, heap-backed as `rsa` 0.10's.

crate::signature_type::define_heap_signature!("RSASSA-PKCS1-v1_5", "8.2");
