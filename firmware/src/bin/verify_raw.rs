//! Smallest verifier (issue 14): a 2048-bit public key from its raw
//! big-endian modulus and exponent (no DER, no SPKI parser linked) into
//! `BoundedPublicKey<Max2048>`, and an RSASSA-PKCS1-v1_5 SHA-256 signature
//! verified from the digest by `pkcs1v15::verify_prehash` (no `signature`
//! trait objects, no PSS). The modulus and exponent are sliced out of the
//! OpenSSL-made `tests/data/fixtures/rsa2048/public.spki.der` at fixed
//! offsets (a device would hold them as two byte arrays); a corrupted
//! signature and a modified message must be rejected.
//!
//! No `core::fmt` (see `tiny`); prints `footprint-*` lines for
//! `ci/footprint` and exits with semihosting status 0 when every check
//! passed.
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

use cortex_m_rt::entry;
use rsa_cortex_m::{pkcs1v15, BoundedPublicKey, Max2048};
use sha2::{Digest, Sha256};

#[path = "../tiny.rs"]
#[macro_use]
mod tiny;
use tiny::{check, measure};

fixture!(FIXTURE_SPKI_DER, "rsa2048/public.spki.der");
fixture!(FIXTURE_MSG, "rsa2048/msg.bin");
fixture!(FIXTURE_MSG_MODIFIED, "rsa2048/msg.modified.bin");
fixture!(FIXTURE_SIG_PKCS1, "rsa2048/sig.pkcs1v15.sha256.bin");
fixture!(
    FIXTURE_SIG_PKCS1_BAD,
    "rsa2048/sig.pkcs1v15.sha256.bitflip.bin"
);

type Key = BoundedPublicKey<Max2048>;

/// DigestInfo prefix of SHA-256 (RFC 8017 §9.2, note 1).
const SHA256_PREFIX: [u8; 19] = [
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05,
    0x00, 0x04, 0x20,
];

#[inline(never)]
fn load(n: &[u8], e: &[u8]) -> Option<Key> {
    Key::from_be_bytes(n, e).ok()
}

#[inline(never)]
fn verify(key: &Key, msg: &[u8], sig: &[u8]) -> bool {
    let digest = Sha256::digest(msg);
    pkcs1v15::verify_prehash(key, &SHA256_PREFIX, &digest, sig).is_ok()
}

#[entry]
fn main() -> ! {
    tiny::report(b"static", b"public-key", core::mem::size_of::<Key>());
    // SPKI of a 2048-bit key with e = 65537: the modulus is bytes 33..289,
    // the exponent bytes 291..294.
    let (n, e) = (&FIXTURE_SPKI_DER[33..289], &FIXTURE_SPKI_DER[291..294]);
    let Some(key) = measure(b"load-raw", || load(n, e)) else {
        check(b"load-raw", false);
        tiny::exit(1)
    };
    let (msg, modified) = (&FIXTURE_MSG[..], &FIXTURE_MSG_MODIFIED[..]);
    let mut failures = 0;
    let ok = measure(b"verify-pkcs1v15", || verify(&key, msg, &FIXTURE_SIG_PKCS1));
    failures += check(b"pkcs1v15-good", ok);
    failures += check(
        b"pkcs1v15-bitflip",
        !verify(&key, msg, &FIXTURE_SIG_PKCS1_BAD),
    );
    failures += check(
        b"pkcs1v15-modified",
        !verify(&key, modified, &FIXTURE_SIG_PKCS1),
    );
    tiny::exit(failures)
}
