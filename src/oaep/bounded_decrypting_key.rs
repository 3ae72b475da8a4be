//! RSAES-OAEP decrypting key.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::marker::PhantomData;

use digest::Digest;
#[cfg(feature = "alloc")]
use rand_core::TryCryptoRng;
use zeroize::ZeroizeOnDrop;

use super::bounded_encrypting_key::Label;
use super::decrypt_into;
#[cfg(feature = "alloc")]
use super::BoundedEncryptingKey;
use crate::capacity::{Capacity, Max4096};
use crate::errors::Result;
use crate::key::BoundedPrivateKey;
#[cfg(feature = "alloc")]
use crate::traits::{Decryptor, EncryptingKeypair, RandomizedDecryptor};

/// Decryption key for OAEP decryption as described in [RFC8017 § 7.1].
///
/// `D` hashes the label, `MGD` is MGF1's hash. Holds a
/// [`BoundedPrivateKey<C>`] and the label inline (at most [`MAX_LABEL_LEN`](super::MAX_LABEL_LEN)
/// bytes). The private operation is constant time without blinding, so
/// `Decryptor::decrypt` needs no RNG; `RandomizedDecryptor::decrypt_with_rng`
/// also blinds it with its RNG (same result).
///
/// [RFC8017 § 7.1]: https://datatracker.ietf.org/doc/html/rfc8017#section-7.1
pub struct BoundedDecryptingKey<D, MGD = D, C: Capacity = Max4096>
where
    D: Digest,
    MGD: Digest,
{
    inner: BoundedPrivateKey<C>,
    label: Option<Label>,
    phantom: PhantomData<D>,
    mg_phantom: PhantomData<MGD>,
}

impl<D, MGD, C: Capacity> BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    /// Create a new decrypting key from an RSA private key, with no label.
    #[must_use]
    pub fn new(key: BoundedPrivateKey<C>) -> Self {
        Self {
            inner: key,
            label: None,
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }

    /// Create a new decrypting key from an RSA private key using the
    /// provided label.
    ///
    /// A label longer than [`MAX_LABEL_LEN`](super::MAX_LABEL_LEN) makes every decryption fail with
    /// [`Error::LabelTooLong`](crate::Error::LabelTooLong); see [`Self::try_new_with_label`].
    pub fn new_with_label<S: AsRef<[u8]>>(key: BoundedPrivateKey<C>, label: S) -> Self {
        Self {
            inner: key,
            label: Some(Label::new(label.as_ref())),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }

    /// As [`Self::new_with_label`], rejecting a label longer than
    /// [`MAX_LABEL_LEN`](super::MAX_LABEL_LEN) (not in `rsa`).
    ///
    /// # Errors
    /// [`Error::LabelTooLong`](crate::Error::LabelTooLong).
    pub fn try_new_with_label<S: AsRef<[u8]>>(key: BoundedPrivateKey<C>, label: S) -> Result<Self> {
        Ok(Self {
            inner: key,
            label: Some(Label::try_new(label.as_ref())?),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        })
    }

    /// Decrypts `ct` into the start of `out` (at least `k` bytes) without
    /// allocating and returns the message length (not in `rsa`; see
    /// [`decrypt_into`]).
    ///
    /// # Errors
    /// As [`decrypt_into`]; [`Error::LabelTooLong`](crate::Error::LabelTooLong) if the key's label was
    /// too long to store.
    pub fn decrypt_into(&self, ct: &[u8], out: &mut [u8]) -> Result<usize> {
        let label = Label::get(&self.label)?;
        decrypt_into::<_, D, MGD>(&self.inner, ct, label, out)
    }

    #[cfg(feature = "alloc")]
    fn decrypt_vec<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        ct: &[u8],
    ) -> Result<Vec<u8>> {
        let label = Label::get(&self.label)?;
        let mut out = alloc::vec![0u8; self.inner.size()];
        let len = super::decrypt_with::<_, D, MGD, R>(&self.inner, rng, ct, label, &mut out)?;
        out.truncate(len);
        Ok(out)
    }
}

#[cfg(feature = "alloc")]
impl<D, MGD, C: Capacity> Decryptor for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn decrypt(&self, ciphertext: &[u8]) -> core::result::Result<Vec<u8>, crate::Error> {
        // The identity conversion without the `rsa` feature.
        #[allow(clippy::useless_conversion)]
        self.decrypt_vec::<crate::blinding::NoRng>(None, ciphertext)
            .map_err(crate::Error::from)
    }
}

#[cfg(feature = "alloc")]
impl<D, MGD, C: Capacity> RandomizedDecryptor for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
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

/// Not implemented by `rsa` 0.10 for OAEP (only for PKCS#1 v1.5): the
/// encrypting key carries the same label.
#[cfg(feature = "alloc")]
impl<D, MGD, C: Capacity> EncryptingKeypair for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    type EncryptingKey = BoundedEncryptingKey<D, MGD, C>;

    fn encrypting_key(&self) -> BoundedEncryptingKey<D, MGD, C> {
        BoundedEncryptingKey {
            inner: self.inner.to_public_key(),
            label: self.label.clone(),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }
}

impl<D, MGD, C: Capacity> AsRef<BoundedPrivateKey<C>> for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn as_ref(&self) -> &BoundedPrivateKey<C> {
        &self.inner
    }
}

impl<D, MGD, C: Capacity> Clone for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
            label: self.label.clone(),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }
}

impl<D, MGD, C: Capacity> core::fmt::Debug for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedDecryptingKey")
            .field("inner", &self.inner)
            .field("label", &self.label)
            .finish()
    }
}

impl<D, MGD, C: Capacity> ZeroizeOnDrop for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
}

impl<D, MGD, C: Capacity> PartialEq for BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.label == other.label
    }
}
