//! `RSAES-PKCS1-v1_5` encrypting key, over the heap `PublicKey` (as
//! `rsa::pkcs1v15::EncryptingKey`) or a [`BoundedPublicKey<C>`].

use rand_core::TryCryptoRng;

use super::encrypt_into;
use crate::capacity::Max4096;
use crate::errors::Result;
use crate::key::BoundedPublicKey;
use crate::storage::KeyStorage;

/// Encrypting key for `RSAES-PKCS1-v1_5` (RFC 8017 §7.2) over the public
/// key `K`: the heap `PublicKey` (the default, as `rsa` 0.10) or a
/// [`BoundedPublicKey<C>`] ([`BoundedEncryptingKey<C>`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EncryptingKey<K = crate::storage::DefaultPublicKey> {
    pub(super) inner: K,
}

/// An [`EncryptingKey`] over a [`BoundedPublicKey<C>`].
pub type BoundedEncryptingKey<C = Max4096> = EncryptingKey<BoundedPublicKey<C>>;

impl<K: KeyStorage> EncryptingKey<K> {
    /// The encrypting key of `key`.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self { inner: key }
    }

    /// Encrypts `msg` into `ct`, which must be exactly `k` bytes, without
    /// allocating (not in `rsa`; see [`encrypt_into`]).
    ///
    /// # Errors
    /// As [`encrypt_into`]; the heap key's public-key check errors.
    pub fn encrypt_into<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
        ct: &mut [u8],
    ) -> Result<()> {
        self.inner.check_public()?;
        encrypt_into(&self.inner, rng, msg, ct)
    }
}

#[cfg(feature = "alloc")]
impl<K: KeyStorage> crate::traits::RandomizedEncryptor for EncryptingKey<K> {
    fn encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<alloc::vec::Vec<u8>> {
        super::scheme::encrypt(rng, &self.inner, msg)
    }
}

impl<K> AsRef<K> for EncryptingKey<K> {
    fn as_ref(&self) -> &K {
        &self.inner
    }
}

crate::storage::impl_into_key!(EncryptingKey, from: KeyStorage, PublicKey, BoundedPublicKey);
