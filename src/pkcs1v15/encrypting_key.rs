//! `RSAES-PKCS1-v1_5` encrypting key over the heap [`PublicKey`], as
//! `rsa::pkcs1v15::EncryptingKey`.

use alloc::vec::Vec;

use rand_core::TryCryptoRng;

use super::scheme::encrypt;
use crate::traits::RandomizedEncryptor;
use crate::{PublicKey, Result};

/// Encrypting key for `RSAES-PKCS1-v1_5` (RFC 8017 §7.2).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EncryptingKey {
    pub(super) inner: PublicKey,
}

impl EncryptingKey {
    /// The encrypting key of `key`.
    #[must_use]
    pub fn new(key: PublicKey) -> Self {
        Self { inner: key }
    }
}

impl RandomizedEncryptor for EncryptingKey {
    fn encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        encrypt(rng, &self.inner, msg)
    }
}
