//! PKCS#1 v1.5 and PSS signature verification of untrusted signatures, under
//! a fixture key or a key decoded from the input. Nothing may panic, and a
//! random input essentially never verifies.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rsa_cortex_m::pkcs1::DecodeRsaPublicKey;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{pkcs1v15, pss, BoundedPublicKey, Max4096, PublicKey};
use sha2::{Digest, Sha256};

const SPKI_2048: &[u8] = include_bytes!("../../tests/data/fixtures/rsa2048/public.spki.der");
const SPKI_1024: &[u8] = include_bytes!("../../tests/data/fixtures/rsa1024/public.spki.der");

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let (mode, rest) = (data[0], &data[1..]);
    // mode bit 0..1: key choice; key from the input is a PKCS#1 DER whose
    // length is given by the next two bytes.
    let (key, sig) = match mode & 3 {
        0 => (PublicKey::from_public_key_der(SPKI_2048).unwrap(), rest),
        1 => (PublicKey::from_public_key_der(SPKI_1024).unwrap(), rest),
        _ => {
            if rest.len() < 2 {
                return;
            }
            let len = u16::from_be_bytes([rest[0], rest[1]]) as usize;
            let rest = &rest[2..];
            if rest.len() < len {
                return;
            }
            match PublicKey::from_pkcs1_der(&rest[..len]) {
                Ok(k) => (k, &rest[len..]),
                Err(_) => return,
            }
        }
    };
    let digest = Sha256::digest(b"fuzz");
    let prefix = pkcs1v15::DigestInfoPrefix::new::<Sha256>();
    let r1 = pkcs1v15::verify_prehash(&key, prefix.as_bytes(), &digest, sig);
    let r2 = pkcs1v15::verify_prehash(&key, &[], &digest, sig);
    let r3 = pss::verify_prehash::<_, Sha256>(&key, &digest, sig, None);
    let r4 = pss::verify_prehash::<_, Sha256>(&key, &digest, sig, Some(32));
    if mode & 3 < 2 {
        // Forging under a fixture key would be a break, not a fuzz finding.
        assert!(r1.is_err() && r2.is_err() && r3.is_err() && r4.is_err());
    }
    // The recovered EM of a wrong-length or out-of-range signature is an
    // error, never a panic (the fixed-capacity key's raw RSAVP1).
    if let Ok(bounded) = BoundedPublicKey::<Max4096>::try_from(&key) {
        let mut em = vec![0u8; bounded.size()];
        let _ = bounded.raw_public(sig, &mut em);
    }
});
