//! `RSASSA-PSS` signatures, heap-backed as `rsa` 0.10's.

crate::signature_type::define_heap_signature!("RSASSA-PSS", "8.1");
