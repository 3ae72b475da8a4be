//! Known-answer tests on the fixture keys (tests/data/fixtures, copied from
//! the team's shared fixtures; see tests/data/PROVENANCE.md): PKCS#1 v1.5
//! signing (deterministic, so the signature must equal the fixture's),
//! verification (good and bit-flipped signature), decryption (PKCS#1 v1.5
//! and OAEP-SHA-256 of the fixture ciphertexts) and encryption round trips
//! (PKCS#1 v1.5 and OAEP with a deterministic stand-in RNG), at 2048 and
//! 4096 bits (1024 and 2048 bits with `Max2048` keys on the 16 KiB micro:bit).
use cortex_m_semihosting::hprintln;
use rsa_cortex_m::pkcs1::DecodeRsaPrivateKey;
use rsa_cortex_m::pkcs1v15::{self, DigestInfoPrefix};
#[cfg(fw_small_ram)]
type PrivateKey = rsa_cortex_m::BoundedPrivateKey<rsa_cortex_m::Max2048>;
use rsa_cortex_m::oaep;
#[cfg(not(fw_small_ram))]
type PrivateKey = rsa_cortex_m::BoundedPrivateKey<rsa_cortex_m::Max4096>;
use sha2::{Digest, Sha256};

macro_rules! fixture {
    ($dir:literal, $file:literal) => {
        include_bytes!(concat!("../../tests/data/fixtures/", $dir, "/", $file))
    };
}

/// The case of one fixture directory.
macro_rules! case {
    ($dir:literal) => {
        Case {
            name: $dir,
            key: fixture!($dir, "private.pkcs1.der"),
            msg: fixture!($dir, "msg.bin"),
            sig: fixture!($dir, "sig.pkcs1v15.sha256.bin"),
            sig_bad: fixture!($dir, "sig.pkcs1v15.sha256.bitflip.bin"),
            ct: fixture!($dir, "ct.pkcs1v15.bin"),
            ct_oaep: fixture!($dir, "ct.oaep.sha256.bin"),
            pt: fixture!($dir, "plaintext.bin"),
        }
    };
}

/// Largest modulus of the cases, in bytes.
#[cfg(fw_small_ram)]
const MAX_K: usize = 256;
#[cfg(not(fw_small_ram))]
const MAX_K: usize = 512;

struct Case {
    name: &'static str,
    key: &'static [u8],
    msg: &'static [u8],
    sig: &'static [u8],
    sig_bad: &'static [u8],
    ct: &'static [u8],
    ct_oaep: &'static [u8],
    pt: &'static [u8],
}

#[cfg(fw_small_ram)]
const CASES: [Case; 2] = [case!("rsa1024"), case!("rsa2048")];

#[cfg(not(fw_small_ram))]
const CASES: [Case; 2] = [case!("rsa2048"), case!("rsa4096")];

fn check(ok: bool, what: &str, name: &str, failures: &mut u32) {
    hprintln!("  {} {}: {}", name, what, if ok { "ok" } else { "FAILED" });
    if !ok {
        *failures += 1;
    }
}

/// Runs the known-answer tests; returns the number of failures.
pub fn run() -> u32 {
    let mut failures = 0;
    hprintln!("known-answer tests (PKCS#1 v1.5, SHA-256):");
    for case in CASES.iter() {
        let key = match PrivateKey::from_pkcs1_der(case.key) {
            Ok(k) => k,
            Err(_) => {
                check(false, "key decode", case.name, &mut failures);
                continue;
            }
        };
        let k = key.size();
        let prefix = DigestInfoPrefix::new::<Sha256>();
        let hashed = Sha256::digest(case.msg);
        let mut buf = [0u8; MAX_K];
        let sig = &mut buf[..k];
        let signed = pkcs1v15::sign_prehash_into(&key, prefix.as_bytes(), &hashed, sig);
        check(
            signed.is_ok() && &sig[..] == case.sig,
            "sign",
            case.name,
            &mut failures,
        );
        let public = key.as_public_key();
        let good = pkcs1v15::verify_prehash(public, prefix.as_bytes(), &hashed, case.sig);
        check(good.is_ok(), "verify", case.name, &mut failures);
        let bad = pkcs1v15::verify_prehash(public, prefix.as_bytes(), &hashed, case.sig_bad);
        check(
            bad.is_err(),
            "verify (bit-flipped)",
            case.name,
            &mut failures,
        );
        let mut out = [0u8; MAX_K];
        let dec = pkcs1v15::decrypt_into(&key, case.ct, &mut out);
        check(
            matches!(dec, Ok(n) if &out[..n] == case.pt),
            "decrypt",
            case.name,
            &mut failures,
        );
        let dec = oaep::decrypt_into::<_, Sha256, Sha256>(&key, case.ct_oaep, &[], &mut out);
        check(
            matches!(dec, Ok(n) if &out[..n] == case.pt),
            "decrypt OAEP-SHA-256",
            case.name,
            &mut failures,
        );
        let mut rng = crate::common::Rng(0x5eed_0000_0000_0001);
        let mut ct = [0u8; MAX_K];
        let ct = &mut ct[..k];
        let enc = pkcs1v15::encrypt_into(public, &mut rng, case.pt, ct);
        let dec = pkcs1v15::decrypt_into(&key, ct, &mut out);
        check(
            enc.is_ok() && matches!(dec, Ok(n) if &out[..n] == case.pt),
            "encrypt/decrypt PKCS#1 v1.5",
            case.name,
            &mut failures,
        );
        let enc =
            oaep::encrypt_into::<_, Sha256, Sha256, _>(public, &mut rng, case.pt, b"label", ct);
        let dec = oaep::decrypt_into::<_, Sha256, Sha256>(&key, ct, b"label", &mut out);
        check(
            enc.is_ok() && matches!(dec, Ok(n) if &out[..n] == case.pt),
            "encrypt/decrypt OAEP-SHA-256",
            case.name,
            &mut failures,
        );
    }
    failures
}
