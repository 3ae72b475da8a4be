//! `RSAES-PKCS1-v1_5` decrypting key over the heap [`PrivateKey`], as
//! `rsa::pkcs1v15::DecryptingKey`.

use alloc::vec::Vec;

use rand_core::TryCryptoRng;
use zeroize::ZeroizeOnDrop;

use super::scheme::decrypt;
use super::EncryptingKey;
use crate::traits::{Decryptor, EncryptingKeypair, RandomizedDecryptor};
use crate::{PrivateKey, Result};

/// Decrypting key for `RSAES-PKCS1-v1_5` (RFC 8017 §7.2) with implicit
/// rejection: invalid padding decrypts to a synthetic message.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DecryptingKey {
    inner: PrivateKey,
}

impl DecryptingKey {
    /// The decrypting key of `key`.
    #[must_use]
    pub fn new(key: PrivateKey) -> Self {
        Self { inner: key }
    }
}

impl Decryptor for DecryptingKey {
    fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        self.inner.pkcs1v15_decrypt(ciphertext)
    }
}

impl RandomizedDecryptor for DecryptingKey {
    fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        decrypt(Some(rng), &self.inner, ciphertext)
    }
}

impl EncryptingKeypair for DecryptingKey {
    type EncryptingKey = EncryptingKey;

    fn encrypting_key(&self) -> EncryptingKey {
        EncryptingKey::new(self.inner.to_public_key())
    }
}

impl ZeroizeOnDrop for DecryptingKey {}
