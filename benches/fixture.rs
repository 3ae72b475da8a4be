//! The OpenSSL-made fixture keys of `tests/data/fixtures/rsa{2048,3072,4096}`
//! (see that folder's commands), embedded, for the host benchmarks, and the
//! signing calls the benchmarks share.

// Each benchmark reads the parts it needs.
#![allow(dead_code)]

use std::hint::black_box;

use rsa_cortex_m::pkcs1v15::{self, DigestInfoPrefix, Pkcs1v15Sign};
use rsa_cortex_m::{BoundedPrivateKey, Max4096, PrivateKey};
use sha2::{Digest, Sha256};

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

/// PKCS#1 v1.5 SHA-256 signature of `msg` through the drop-in API (blinded
/// with the system RNG, as `rsa` 0.10 does).
pub fn sign_dropin(key: &PrivateKey, msg: &[u8]) -> Vec<u8> {
    key.sign(
        Pkcs1v15Sign::new::<Sha256>(),
        &Sha256::digest(black_box(msg)),
    )
    .expect("drop-in: sign")
}

/// The same signature through the no-heap core into `sig`, unblinded.
pub fn sign_core(key: &BoundedPrivateKey<Max4096>, msg: &[u8], sig: &mut [u8]) {
    let prefix = DigestInfoPrefix::new::<Sha256>();
    pkcs1v15::sign_prehash_into(key, prefix.as_bytes(), &Sha256::digest(black_box(msg)), sig)
        .expect("core: sign")
}

/// [`sign_core`] blinded with the system RNG (the drop-in's generator).
pub fn sign_core_blinded(key: &BoundedPrivateKey<Max4096>, msg: &[u8], sig: &mut [u8]) {
    let prefix = DigestInfoPrefix::new::<Sha256>();
    let hashed = Sha256::digest(black_box(msg));
    pkcs1v15::sign_prehash_blinded_into(
        key,
        &mut getrandom::SysRng,
        prefix.as_bytes(),
        &hashed,
        sig,
    )
    .expect("core: sign blinded")
}
