//! `RSAES-OAEP` encrypting key, over the heap `PublicKey` (as
//! `rsa::oaep::EncryptingKey`) or a [`BoundedPublicKey<C>`].

use core::marker::PhantomData;

use digest::Digest;
use rand_core::TryCryptoRng;

use super::encrypt_into;
use super::label::OaepLabel;
use crate::capacity::Max4096;
use crate::errors::Result;
use crate::key::BoundedPublicKey;
use crate::storage::KeyStorage;

crate::storage::typed_key! {
    @serde_label
    /// Encrypting key for `RSAES-OAEP` (RFC 8017 §7.1): a public key `K`, the
    /// label hash `D`, MGF1 over `MGD` and an optional label.
    ///
    /// `K` is the heap `PublicKey` (the default, as `rsa` 0.10; the label is
    /// boxed) or a [`BoundedPublicKey<C>`] ([`BoundedEncryptingKey<D, MGD, C>`];
    /// the label is inline, at most [`MAX_LABEL_LEN`](super::MAX_LABEL_LEN)
    /// bytes).
    pub struct EncryptingKey<D, MGD = D; K: KeyStorage = crate::storage::DefaultPublicKey> {
        pub(super) label: Option<K::Label>,
    }
}

/// An [`EncryptingKey`] over a [`BoundedPublicKey<C>`].
pub type BoundedEncryptingKey<D, MGD = D, C = Max4096> = EncryptingKey<D, MGD, BoundedPublicKey<C>>;

impl<D, MGD, K> EncryptingKey<D, MGD, K>
where
    D: Digest,
    MGD: Digest,
    K: KeyStorage,
{
    /// An encrypting key with an empty label.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self::with_label(key, None)
    }

    pub(super) fn with_label(key: K, label: Option<K::Label>) -> Self {
        Self {
            inner: key,
            label,
            phantom: PhantomData,
        }
    }

    /// Encrypts `msg` into `ct`, which must be exactly `k` bytes, without
    /// allocating (not in `rsa`; see [`encrypt_into`]).
    ///
    /// # Errors
    /// As [`encrypt_into`]; [`Error::LabelTooLong`](crate::Error::LabelTooLong)
    /// if the key's label was too long to store; the heap key's public-key
    /// check errors.
    pub fn encrypt_into<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
        ct: &mut [u8],
    ) -> Result<()> {
        let label = label_bytes::<K>(&self.label)?;
        self.inner.check_public()?;
        encrypt_into::<_, D, MGD, R>(&self.inner, rng, msg, label, ct)
    }
}

/// The label of a typed key, empty if none.
pub(super) fn label_bytes<K: KeyStorage>(label: &Option<K::Label>) -> Result<&[u8]> {
    label.as_ref().map_or(Ok(&[]), OaepLabel::bytes)
}

super::label::impl_label_constructors!(EncryptingKey, PublicKey, BoundedPublicKey, "encryption");

#[cfg(feature = "alloc")]
impl<D, MGD, K> crate::traits::RandomizedEncryptor for EncryptingKey<D, MGD, K>
where
    D: Digest,
    MGD: Digest,
    K: KeyStorage,
{
    fn encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<alloc::vec::Vec<u8>> {
        let label = label_bytes::<K>(&self.label)?;
        super::scheme::encrypt::<R, D, MGD, K>(rng, &self.inner, msg, Some(label))
    }
}

crate::storage::impl_into_key!(EncryptingKey<D, MGD>, from: KeyStorage, PublicKey, BoundedPublicKey);
