//! Key decoding from untrusted bytes: PKCS#1, PKCS#8 and SPKI, DER and PEM,
//! private and public, at two capacities. Nothing may panic; a decoded key
//! must re-encode and decode to the same key (checked by `common`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rsa_cortex_m::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{pkcs1v15, BoundedPrivateKey, BoundedPublicKey, Max2048, PrivateKey, PublicKey};

fuzz_target!(|data: &[u8]| {
    let _ = PrivateKey::from_pkcs1_der(data);
    let _ = PrivateKey::from_pkcs8_der(data);
    let _ = PublicKey::from_pkcs1_der(data);
    let _ = PublicKey::from_public_key_der(data);
    let _ = BoundedPrivateKey::<Max2048>::from_pkcs8_der(data);
    let _ = BoundedPublicKey::<Max2048>::from_public_key_der(data);
    if let Ok(s) = core::str::from_utf8(data) {
        let _ = PrivateKey::from_pkcs1_pem(s);
        let _ = PrivateKey::from_pkcs8_pem(s);
        let _ = PublicKey::from_pkcs1_pem(s);
        let _ = PublicKey::from_public_key_pem(s);
    }
    // A private key that loads passes every consistency check: signing with
    // it must round-trip through verification (heap and fixed-capacity keys).
    if let Ok(key) = PrivateKey::from_pkcs8_der(data).or_else(|_| PrivateKey::from_pkcs1_der(data))
    {
        let k = rsa_cortex_m::traits::PublicKeyParts::size(&key);
        let digest = [7u8; 32];
        let mut sig = vec![0u8; k];
        if pkcs1v15::sign_prehash_into(&key, &[], &digest, &mut sig).is_ok() {
            pkcs1v15::verify_prehash(key.as_public_key(), &[], &digest, &sig).unwrap();
        }
    }
    if let Ok(key) = BoundedPrivateKey::<Max2048>::from_pkcs1_der(data) {
        let k = key.size();
        let mut sig = vec![0u8; k];
        let mut back = vec![0u8; k];
        let mut input = vec![0u8; k];
        input[k - 1] = 7;
        key.raw_private(&input, &mut sig).unwrap();
        key.as_public_key().raw_public(&sig, &mut back).unwrap();
        assert_eq!(back, input);
    }
});
