//! Sign-only image (issue 7): loads a 2048-bit private key from PKCS#8 DER
//! into `BoundedPrivateKey<Max2048>` (no heap) and signs SHA-256 digests
//! with RSASSA-PSS through the slice-out `pss::sign_prehash_with_salt_into`
//! (the salt comes from the caller: on a device, its TRNG).
//!
//! Checks: with an empty salt PSS is deterministic, so the signature must
//! equal OpenSSL's (`sig.pss.sha256.salt0.bin` of
//! `tests/data/fixtures/rsa2048`); with a 32-byte salt (the measured
//! operation) signing must succeed and give a different signature. The
//! crate checks every private-key result against `e` before returning it
//! (`s^e mod n` must equal the encoded message), so a successful return is
//! a valid RSASSA-PSS signature of what EMSA-PSS encoded; the encoding with
//! and without salt is the same code. Verification is left out on purpose:
//! this image is sign-only, its flash is what ci/footprint reports.
//!
//! No `core::fmt` (see `tiny`); prints `footprint-*` lines for
//! `ci/footprint` and exits with semihosting status 0 when every check
//! passed.
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

use cortex_m_rt::entry;
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::{pss, BoundedPrivateKey, Max2048};
use sha2::{Digest, Sha256};

#[path = "../tiny.rs"]
#[macro_use]
mod tiny;
use tiny::{check, measure};

fixture!(FIXTURE_PKCS8_DER, "rsa2048/private.pkcs8.der");
fixture!(FIXTURE_MSG, "rsa2048/msg.bin");
fixture!(FIXTURE_SIG_PSS_SALT0, "rsa2048/sig.pss.sha256.salt0.bin");

type Key = BoundedPrivateKey<Max2048>;
const K: usize = 256;

/// Stands in for the device's TRNG output.
const SALT: [u8; 32] = *b"not random: a TRNG's 32 bytes...";

#[inline(never)]
fn load(der: &[u8]) -> Option<Key> {
    Key::from_pkcs8_der(der).ok()
}

#[inline(never)]
fn sign(key: &Key, msg: &[u8], salt: &[u8], sig: &mut [u8; K]) -> bool {
    let hashed = Sha256::digest(msg);
    pss::sign_prehash_with_salt_into::<_, Sha256>(key, &hashed, salt, sig).is_ok()
}

#[entry]
fn main() -> ! {
    tiny::report(b"static", b"private-key", core::mem::size_of::<Key>());
    let mut failures = 0;
    let Some(key) = measure(b"load-pkcs8", || load(&FIXTURE_PKCS8_DER)) else {
        check(b"load-pkcs8", false);
        tiny::exit(1)
    };
    let msg = &FIXTURE_MSG[..];
    let mut sig0 = [0u8; K];
    let ok = sign(&key, msg, &[], &mut sig0);
    failures += check(
        b"pss-salt0-equals-openssl",
        ok && tiny::same(&sig0, &FIXTURE_SIG_PSS_SALT0),
    );
    let mut sig = [0u8; K];
    let ok = measure(b"sign-pss", || sign(&key, msg, &SALT, &mut sig));
    failures += check(b"pss-salt32-signs", ok && !tiny::same(&sig, &sig0));
    tiny::exit(failures)
}
