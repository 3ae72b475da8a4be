//! The OpenSSL-made fixture keys of `tests/data/fixtures/rsa{2048,3072,4096}`
//! (see that folder's commands), embedded, for the host benchmarks.

// Each benchmark reads the parts it needs.
#![allow(dead_code)]

/// One fixture key folder, embedded.
pub struct Fixture {
    pub bits: usize,
    pub private_der: &'static [u8],
    pub public_der: &'static [u8],
    pub msg: &'static [u8],
    pub sig_pkcs1v15: &'static [u8],
    pub sig_pss: &'static [u8],
    pub ct_pkcs1v15: &'static [u8],
    pub ct_oaep: &'static [u8],
    pub plaintext: &'static [u8],
}

macro_rules! fixture {
    ($bits:literal) => {
        Fixture {
            bits: $bits,
            private_der: fixture!(@ $bits, "private.pkcs8.der"),
            public_der: fixture!(@ $bits, "public.spki.der"),
            msg: fixture!(@ $bits, "msg.bin"),
            sig_pkcs1v15: fixture!(@ $bits, "sig.pkcs1v15.sha256.bin"),
            sig_pss: fixture!(@ $bits, "sig.pss.sha256.salt32.bin"),
            ct_pkcs1v15: fixture!(@ $bits, "ct.pkcs1v15.bin"),
            ct_oaep: fixture!(@ $bits, "ct.oaep.sha256.bin"),
            plaintext: fixture!(@ $bits, "plaintext.bin"),
        }
    };
    (@ $bits:literal, $file:literal) => {
        include_bytes!(concat!(
            "../tests/data/fixtures/rsa",
            stringify!($bits),
            "/",
            $file
        ))
    };
}

pub const FIXTURES: [Fixture; 3] = [fixture!(2048), fixture!(3072), fixture!(4096)];
