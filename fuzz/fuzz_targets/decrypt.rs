//! PKCS#1 v1.5 (implicit and explicit rejection) and OAEP decryption of
//! untrusted ciphertexts under a fixture key. Nothing may panic; implicit
//! rejection never fails on a `k`-byte ciphertext below `n`, and its output
//! is deterministic; blinded decryption gives the same result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::{oaep, pkcs1v15, BoundedPrivateKey, Error, Max2048, PrivateKey};
use sha2::Sha256;
use std::sync::OnceLock;

const KEY_1024: &[u8] = include_bytes!("../../tests/data/fixtures/rsa1024/private.pkcs8.der");

/// Deterministic generator for the blinded path.
struct Rng(u64);

impl rand_core::TryRng for Rng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.try_next_u64()? as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        Ok(self.0 ^ (self.0 >> 29))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for b in dst {
            *b = self.try_next_u64()? as u8;
        }
        Ok(())
    }
}

impl rand_core::TryCryptoRng for Rng {}

fn key() -> &'static BoundedPrivateKey<Max2048> {
    static KEY: OnceLock<BoundedPrivateKey<Max2048>> = OnceLock::new();
    KEY.get_or_init(|| BoundedPrivateKey::from_pkcs8_der(KEY_1024).unwrap())
}

fn heap_key() -> &'static PrivateKey {
    static KEY: OnceLock<PrivateKey> = OnceLock::new();
    KEY.get_or_init(|| PrivateKey::from_pkcs8_der(KEY_1024).unwrap())
}

fuzz_target!(|ct: &[u8]| {
    let key = key();
    let k = key.size();
    // The heap key gives the same result on every ciphertext.
    let mut heap_out = vec![0u8; k];
    let heap = pkcs1v15::decrypt_into(heap_key(), ct, &mut heap_out);
    let mut out = vec![0u8; k];
    let mut out2 = vec![0u8; k];
    let implicit = pkcs1v15::decrypt_into(key, ct, &mut out);
    assert_eq!(implicit, heap);
    if let Ok(len) = implicit {
        assert_eq!(out[..len], heap_out[..len]);
    }
    let mut n = vec![0u8; k];
    key.as_public_key().write_n_be(&mut n).unwrap();
    if ct.len() == k && ct < &n[..] {
        let len = implicit.expect("implicit rejection never fails below n");
        assert!(len <= k - 11);
        let len2 =
            pkcs1v15::decrypt_blinded_into(key, &mut Rng(ct.len() as u64), ct, &mut out2).unwrap();
        assert_eq!((len, &out[..len]), (len2, &out2[..len2]));
    } else {
        assert_eq!(implicit, Err(Error::Decryption));
    }
    let explicit = pkcs1v15::decrypt_explicit_into(key, ct, &mut out);
    let o1 = oaep::decrypt_into::<_, Sha256, Sha256>(key, ct, b"", &mut out);
    let o2 =
        oaep::decrypt_blinded_into::<_, Sha256, Sha256, _>(key, &mut Rng(1), ct, b"", &mut out2);
    assert_eq!(o1, o2);
    if let (Ok(a), Ok(b)) = (o1, o2) {
        assert_eq!(out[..a], out2[..b]);
    }
    let _ = explicit;
    let _ = oaep::decrypt_into::<_, sha2::Sha512, sha2::Sha256>(key, ct, b"label", &mut out);
});
