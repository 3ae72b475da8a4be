//! RSAES-OAEP encrypting key.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::marker::PhantomData;

use digest::Digest;
use rand_core::TryCryptoRng;

use super::encrypt_into;
use crate::capacity::{Capacity, Max4096};
use crate::errors::{Error, Result};
use crate::key::BoundedPublicKey;
#[cfg(feature = "alloc")]
use crate::traits::RandomizedEncryptor;

/// Longest OAEP label the typed keys ([`BoundedEncryptingKey`],
/// [`BoundedDecryptingKey`](super::BoundedDecryptingKey)) store, in bytes.
///
/// `rsa` 0.10 keeps the label in a `Box<[u8]>`; this crate keeps it inline
/// so the keys never touch a heap. A longer label is accepted by
/// `new_with_label` (which cannot fail, as in `rsa`) but every encryption or
/// decryption with that key then returns [`Error::LabelTooLong`];
/// `try_new_with_label` reports it up front. For longer labels, call
/// [`encrypt_into`](super::encrypt_into) / [`decrypt_into`](super::decrypt_into)
/// directly: they take the label as a slice.
pub const MAX_LABEL_LEN: usize = 256;

/// An OAEP label stored inline.
#[derive(Clone)]
pub(super) struct Label {
    bytes: [u8; MAX_LABEL_LEN],
    /// Length of the label as given (may exceed `MAX_LABEL_LEN`).
    len: usize,
}

impl Label {
    pub(super) fn new(label: &[u8]) -> Self {
        let mut bytes = [0u8; MAX_LABEL_LEN];
        let stored = label.len().min(MAX_LABEL_LEN);
        bytes[..stored].copy_from_slice(&label[..stored]);
        Label {
            bytes,
            len: label.len(),
        }
    }

    pub(super) fn try_new(label: &[u8]) -> Result<Self> {
        if label.len() > MAX_LABEL_LEN {
            return Err(Error::LabelTooLong);
        }
        Ok(Self::new(label))
    }

    /// The label, or [`Error::LabelTooLong`] if it was too long to store.
    pub(super) fn get(label: &Option<Label>) -> Result<&[u8]> {
        match label {
            None => Ok(&[]),
            Some(l) if l.len <= MAX_LABEL_LEN => Ok(&l.bytes[..l.len]),
            Some(_) => Err(Error::LabelTooLong),
        }
    }

    fn stored(&self) -> &[u8] {
        &self.bytes[..self.len.min(MAX_LABEL_LEN)]
    }
}

impl PartialEq for Label {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.stored() == other.stored()
    }
}

impl core::fmt::Debug for Label {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.len <= MAX_LABEL_LEN {
            write!(f, "{:?}", self.stored())
        } else {
            write!(f, "<{} bytes: too long>", self.len)
        }
    }
}

/// Encryption key for OAEP encryption as described in [RFC8017 § 7.1].
///
/// `D` hashes the label, `MGD` is MGF1's hash. Holds a
/// [`BoundedPublicKey<C>`] and the label inline (at most [`MAX_LABEL_LEN`]
/// bytes).
///
/// [RFC8017 § 7.1]: https://datatracker.ietf.org/doc/html/rfc8017#section-7.1
pub struct BoundedEncryptingKey<D, MGD = D, C: Capacity = Max4096>
where
    D: Digest,
    MGD: Digest,
{
    pub(super) inner: BoundedPublicKey<C>,
    pub(super) label: Option<Label>,
    pub(super) phantom: PhantomData<D>,
    pub(super) mg_phantom: PhantomData<MGD>,
}

impl<D, MGD, C: Capacity> BoundedEncryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    /// Create a new encrypting key from an RSA public key, with no label.
    #[must_use]
    pub fn new(key: BoundedPublicKey<C>) -> Self {
        Self {
            inner: key,
            label: None,
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }

    /// Create a new encrypting key from an RSA public key using the provided
    /// label.
    ///
    /// A label longer than [`MAX_LABEL_LEN`] makes every encryption fail with
    /// [`Error::LabelTooLong`]; see [`Self::try_new_with_label`].
    pub fn new_with_label<S: AsRef<[u8]>>(key: BoundedPublicKey<C>, label: S) -> Self {
        Self {
            inner: key,
            label: Some(Label::new(label.as_ref())),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }

    /// As [`Self::new_with_label`], rejecting a label longer than
    /// [`MAX_LABEL_LEN`] (not in `rsa`).
    ///
    /// # Errors
    /// [`Error::LabelTooLong`].
    pub fn try_new_with_label<S: AsRef<[u8]>>(key: BoundedPublicKey<C>, label: S) -> Result<Self> {
        Ok(Self {
            inner: key,
            label: Some(Label::try_new(label.as_ref())?),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        })
    }

    /// Encrypts `msg` into `ct`, which must be exactly `k` bytes, without
    /// allocating (not in `rsa`; see [`encrypt_into`]).
    ///
    /// # Errors
    /// As [`encrypt_into`]; [`Error::LabelTooLong`] if the key's label was
    /// too long to store.
    pub fn encrypt_into<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
        ct: &mut [u8],
    ) -> Result<()> {
        let label = Label::get(&self.label)?;
        encrypt_into::<_, D, MGD, R>(&self.inner, rng, msg, label, ct)
    }
}

#[cfg(feature = "alloc")]
impl<D, MGD, C: Capacity> RandomizedEncryptor for BoundedEncryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> core::result::Result<Vec<u8>, crate::Error> {
        let mut ct = alloc::vec![0u8; self.inner.size()];
        self.encrypt_into(rng, msg, &mut ct)?;
        Ok(ct)
    }
}

impl<D, MGD, C: Capacity> AsRef<BoundedPublicKey<C>> for BoundedEncryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn as_ref(&self) -> &BoundedPublicKey<C> {
        &self.inner
    }
}

impl<D, MGD, C: Capacity> Clone for BoundedEncryptingKey<D, MGD, C>
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

impl<D, MGD, C: Capacity> core::fmt::Debug for BoundedEncryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedEncryptingKey")
            .field("inner", &self.inner)
            .field("label", &self.label)
            .finish()
    }
}

impl<D, MGD, C: Capacity> PartialEq for BoundedEncryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.label == other.label
    }
}
