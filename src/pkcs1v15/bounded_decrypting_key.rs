//! RSAES-PKCS1-v1_5 decrypting key.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

#[cfg(feature = "alloc")]
use rand_core::TryCryptoRng;
use zeroize::ZeroizeOnDrop;

use super::decrypt_into;
#[cfg(feature = "alloc")]
use super::BoundedEncryptingKey;
use crate::capacity::{Capacity, Max4096};
use crate::errors::Result;
use crate::key::BoundedPrivateKey;
#[cfg(feature = "alloc")]
use crate::traits::{Decryptor, EncryptingKeypair, RandomizedDecryptor};

/// Decryption key for PKCS#1 v1.5 decryption as described in [RFC8017 § 7.2].
///
/// Invalid padding returns deterministic synthetic plaintext (implicit
/// rejection, byte for byte as `rsa` 0.10). Successful decryption does not
/// establish message authenticity.
///
/// The private operation is constant time without blinding, so
/// `Decryptor::decrypt` needs no RNG; `RandomizedDecryptor::decrypt_with_rng`
/// also blinds it with its RNG (same result).
///
/// [RFC8017 § 7.2]: https://datatracker.ietf.org/doc/html/rfc8017#section-7.2
pub struct BoundedDecryptingKey<C: Capacity = Max4096> {
    inner: BoundedPrivateKey<C>,
}

impl<C: Capacity> BoundedDecryptingKey<C> {
    /// Create a new decryption key from an RSA private key.
    #[must_use]
    pub fn new(key: BoundedPrivateKey<C>) -> Self {
        Self { inner: key }
    }

    /// Decrypts `ct` into the start of `out` (at least `k` bytes) without
    /// allocating and returns the message length (not in `rsa`; see
    /// [`decrypt_into`]).
    ///
    /// # Errors
    /// As [`decrypt_into`].
    pub fn decrypt_into(&self, ct: &[u8], out: &mut [u8]) -> Result<usize> {
        decrypt_into(&self.inner, ct, out)
    }

    #[cfg(feature = "alloc")]
    fn decrypt_vec<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        ct: &[u8],
    ) -> Result<Vec<u8>> {
        let mut out = alloc::vec![0u8; self.inner.size()];
        let len = super::decrypt_with(&self.inner, rng, ct, &mut out)?;
        out.truncate(len);
        Ok(out)
    }
}

#[cfg(feature = "alloc")]
impl<C: Capacity> Decryptor for BoundedDecryptingKey<C> {
    fn decrypt(&self, ciphertext: &[u8]) -> core::result::Result<Vec<u8>, crate::Error> {
        // The identity conversion without the `rsa` feature.
        #[allow(clippy::useless_conversion)]
        self.decrypt_vec::<crate::blinding::NoRng>(None, ciphertext)
            .map_err(crate::Error::from)
    }
}

#[cfg(feature = "alloc")]
impl<C: Capacity> RandomizedDecryptor for BoundedDecryptingKey<C> {
    fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> core::result::Result<Vec<u8>, crate::Error> {
        // The identity conversion without the `rsa` feature.
        #[allow(clippy::useless_conversion)]
        self.decrypt_vec(Some(rng), ciphertext)
            .map_err(crate::Error::from)
    }
}

#[cfg(feature = "alloc")]
impl<C: Capacity> EncryptingKeypair for BoundedDecryptingKey<C> {
    type EncryptingKey = BoundedEncryptingKey<C>;

    fn encrypting_key(&self) -> BoundedEncryptingKey<C> {
        BoundedEncryptingKey {
            inner: self.inner.to_public_key(),
        }
    }
}

impl<C: Capacity> AsRef<BoundedPrivateKey<C>> for BoundedDecryptingKey<C> {
    fn as_ref(&self) -> &BoundedPrivateKey<C> {
        &self.inner
    }
}

impl<C: Capacity> From<BoundedPrivateKey<C>> for BoundedDecryptingKey<C> {
    fn from(key: BoundedPrivateKey<C>) -> Self {
        Self::new(key)
    }
}

impl<C: Capacity> From<BoundedDecryptingKey<C>> for BoundedPrivateKey<C> {
    fn from(key: BoundedDecryptingKey<C>) -> Self {
        key.inner
    }
}

impl<C: Capacity> ZeroizeOnDrop for BoundedDecryptingKey<C> {}

impl<C: Capacity> Clone for BoundedDecryptingKey<C> {
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
        }
    }
}

impl<C: Capacity> core::fmt::Debug for BoundedDecryptingKey<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedDecryptingKey")
            .field("inner", &self.inner)
            .finish()
    }
}

impl<C: Capacity> PartialEq for BoundedDecryptingKey<C> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<C: Capacity> Eq for BoundedDecryptingKey<C> {}
