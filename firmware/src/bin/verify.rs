//! Verify-only image (issue 7): loads a 2048-bit public key from SPKI DER
//! into `BoundedPublicKey<Max2048>` (no heap) and verifies an RSASSA-PSS and
//! an RSASSA-PKCS1-v1_5 signature over SHA-256 through the `signature`
//! crate's `Verifier` trait; a corrupted signature and a modified message
//! must be rejected. The inputs are the OpenSSL-made fixtures of
//! `tests/data/fixtures/rsa2048`.
//!
//! No `core::fmt` (see `tiny`); prints `footprint-*` lines for
//! `ci/footprint` and exits with semihosting status 0 when every check
//! passed.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use rsa_cortex_m::signature::Verifier;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{pkcs1v15, pss, BoundedPublicKey, Max2048};
use sha2::Sha256;

#[path = "../tiny.rs"]
#[macro_use]
mod tiny;
use tiny::{check, measure};

fixture!(FIXTURE_SPKI_DER, "rsa2048/public.spki.der");
fixture!(FIXTURE_MSG, "rsa2048/msg.bin");
fixture!(FIXTURE_MSG_MODIFIED, "rsa2048/msg.modified.bin");
fixture!(FIXTURE_SIG_PSS, "rsa2048/sig.pss.sha256.salt32.bin");
fixture!(
    FIXTURE_SIG_PSS_BAD,
    "rsa2048/sig.pss.sha256.salt32.bitflip.bin"
);
fixture!(FIXTURE_SIG_PKCS1, "rsa2048/sig.pkcs1v15.sha256.bin");
fixture!(
    FIXTURE_SIG_PKCS1_BAD,
    "rsa2048/sig.pkcs1v15.sha256.bitflip.bin"
);

type Key = BoundedPublicKey<Max2048>;

/// Loads the key and verifies `msg` against `sig` with PSS (salt length 32).
#[inline(never)]
fn verify_pss(spki: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    let Ok(key) = Key::from_public_key_der(spki) else {
        return false;
    };
    let vk = pss::VerifyingKey::<Sha256, Max2048>::new(key);
    let Ok(sig) = pss::Signature::<Max2048>::try_from(sig) else {
        return false;
    };
    vk.verify(msg, &sig).is_ok()
}

/// Loads the key and verifies `msg` against `sig` with PKCS#1 v1.5.
#[inline(never)]
fn verify_pkcs1v15(spki: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    let Ok(key) = Key::from_public_key_der(spki) else {
        return false;
    };
    let vk = pkcs1v15::VerifyingKey::<Sha256, Max2048>::new(key);
    let Ok(sig) = pkcs1v15::Signature::<Max2048>::try_from(sig) else {
        return false;
    };
    vk.verify(msg, &sig).is_ok()
}

#[entry]
fn main() -> ! {
    let spki = &FIXTURE_SPKI_DER[..];
    let (msg, modified) = (&FIXTURE_MSG[..], &FIXTURE_MSG_MODIFIED[..]);
    tiny::report(b"static", b"public-key", core::mem::size_of::<Key>());
    let mut failures = 0;
    let ok = measure(b"verify-pss", || verify_pss(spki, msg, &FIXTURE_SIG_PSS));
    failures += check(b"pss-good", ok);
    failures += check(b"pss-bitflip", !verify_pss(spki, msg, &FIXTURE_SIG_PSS_BAD));
    failures += check(
        b"pss-modified",
        !verify_pss(spki, modified, &FIXTURE_SIG_PSS),
    );
    let ok = measure(b"verify-pkcs1v15", || {
        verify_pkcs1v15(spki, msg, &FIXTURE_SIG_PKCS1)
    });
    failures += check(b"pkcs1v15-good", ok);
    failures += check(
        b"pkcs1v15-bitflip",
        !verify_pkcs1v15(spki, msg, &FIXTURE_SIG_PKCS1_BAD),
    );
    failures += check(
        b"pkcs1v15-modified",
        !verify_pkcs1v15(spki, modified, &FIXTURE_SIG_PKCS1),
    );
    tiny::exit(failures)
}
