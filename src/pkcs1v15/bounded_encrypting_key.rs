//! RSAES-PKCS1-v1_5 encrypting key.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use rand_core::TryCryptoRng;

use super::encrypt_into;
use crate::capacity::{Capacity, Max4096};
use crate::errors::Result;
use crate::key::BoundedPublicKey;
#[cfg(feature = "alloc")]
use crate::traits::RandomizedEncryptor;

/// Encryption key for PKCS#1 v1.5 encryption as described in [RFC8017 § 7.2].
///
/// [RFC8017 § 7.2]: https://datatracker.ietf.org/doc/html/rfc8017#section-7.2
pub struct BoundedEncryptingKey<C: Capacity = Max4096> {
    pub(super) inner: BoundedPublicKey<C>,
}

impl<C: Capacity> BoundedEncryptingKey<C> {
    /// Create a new encrypting key from an RSA public key.
    #[must_use]
    pub fn new(key: BoundedPublicKey<C>) -> Self {
        Self { inner: key }
    }

    /// Encrypts `msg` into `ct`, which must be exactly `k` bytes, without
    /// allocating (not in `rsa`; see [`encrypt_into`]).
    ///
    /// # Errors
    /// As [`encrypt_into`].
    pub fn encrypt_into<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
        ct: &mut [u8],
    ) -> Result<()> {
        encrypt_into(&self.inner, rng, msg, ct)
    }
}

#[cfg(feature = "alloc")]
impl<C: Capacity> RandomizedEncryptor for BoundedEncryptingKey<C> {
    fn encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> core::result::Result<Vec<u8>, crate::Error> {
        let mut ct = alloc::vec![0u8; self.inner.size()];
        encrypt_into(&self.inner, rng, msg, &mut ct)?;
        Ok(ct)
    }
}

impl<C: Capacity> AsRef<BoundedPublicKey<C>> for BoundedEncryptingKey<C> {
    fn as_ref(&self) -> &BoundedPublicKey<C> {
        &self.inner
    }
}

impl<C: Capacity> From<BoundedPublicKey<C>> for BoundedEncryptingKey<C> {
    fn from(key: BoundedPublicKey<C>) -> Self {
        Self::new(key)
    }
}

impl<C: Capacity> From<BoundedEncryptingKey<C>> for BoundedPublicKey<C> {
    fn from(key: BoundedEncryptingKey<C>) -> Self {
        key.inner
    }
}

impl<C: Capacity> Clone for BoundedEncryptingKey<C> {
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
        }
    }
}

impl<C: Capacity> core::fmt::Debug for BoundedEncryptingKey<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedEncryptingKey")
            .field("inner", &self.inner)
            .finish()
    }
}

impl<C: Capacity> PartialEq for BoundedEncryptingKey<C> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<C: Capacity> Eq for BoundedEncryptingKey<C> {}
