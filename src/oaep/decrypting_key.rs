//! `RSAES-OAEP` decrypting key, over the heap `PrivateKey` (as
//! `rsa::oaep::DecryptingKey`) or a [`BoundedPrivateKey<C>`].

use core::marker::PhantomData;

use digest::Digest;
use zeroize::ZeroizeOnDrop;

use super::decrypt_into;
use super::encrypting_key::label_bytes;

use crate::capacity::Max4096;
use crate::errors::Result;
use crate::key::BoundedPrivateKey;
use crate::storage::{KeyStorage, PrivateKeyStorage};

crate::storage::typed_key! {
    @serde_label
    /// Decrypting key for `RSAES-OAEP` (RFC 8017 §7.1): a private key `K`, the
    /// label hash `D`, MGF1 over `MGD` and an optional label.
    ///
    /// `K` is the heap `PrivateKey` (the default, as `rsa` 0.10; the label is
    /// boxed) or a [`BoundedPrivateKey<C>`] ([`BoundedDecryptingKey<D, MGD, C>`];
    /// the label is inline, at most [`MAX_LABEL_LEN`](super::MAX_LABEL_LEN)
    /// bytes). `RandomizedDecryptor::decrypt_with_rng` blinds the private
    /// operation with its RNG; `Decryptor::decrypt` as `K` decides (the heap key
    /// with the system RNG, as `rsa` 0.10; the bounded key not: its private
    /// operation is constant time without blinding). The result is the same.
    pub struct DecryptingKey<D, MGD = D; K: KeyStorage = crate::storage::DefaultPrivateKey> {
        label: Option<K::Label>,
    }
}

/// A [`DecryptingKey`] over a [`BoundedPrivateKey<C>`].
pub type BoundedDecryptingKey<D, MGD = D, C = Max4096> =
    DecryptingKey<D, MGD, BoundedPrivateKey<C>>;

impl<D, MGD, K> DecryptingKey<D, MGD, K>
where
    D: Digest,
    MGD: Digest,
    K: PrivateKeyStorage,
{
    /// A decrypting key with an empty label.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self::with_label(key, None)
    }

    /// Generates a key with a `bit_size`-bit modulus and `e = 65537` (not
    /// in `rsa`).
    ///
    /// # Errors
    /// As the storage's `new` (`PrivateKey::new`, [`BoundedPrivateKey::new`]).
    pub fn random<R: rand_core::TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
    ) -> Result<Self> {
        Ok(Self::new(K::new_random(rng, bit_size)?))
    }

    fn with_label(key: K, label: Option<K::Label>) -> Self {
        Self {
            inner: key,
            label,
            phantom: PhantomData,
        }
    }

    /// Decrypts `ct` into the start of `out` (at least `k` bytes) without
    /// allocating and returns the message length (not in `rsa`; see
    /// [`decrypt_into`]).
    ///
    /// # Errors
    /// As [`decrypt_into`]; [`Error::LabelTooLong`](crate::Error::LabelTooLong)
    /// if the key's label was too long to store.
    pub fn decrypt_into(&self, ct: &[u8], out: &mut [u8]) -> Result<usize> {
        let label = label_bytes::<K>(&self.label)?;
        decrypt_into::<_, D, MGD>(&self.inner, ct, label, out)
    }
}

super::label::impl_label_constructors!(DecryptingKey, PrivateKey, BoundedPrivateKey, "decryption");

#[cfg(feature = "alloc")]
mod traits {
    use alloc::vec::Vec;

    use digest::Digest;
    use rand_core::TryCryptoRng;

    use super::super::encrypting_key::label_bytes;
    use super::super::scheme::decrypt;
    use super::super::EncryptingKey;
    use super::DecryptingKey;
    use crate::errors::Result;
    use crate::storage::{default_rng, KeyStorage, PrivateKeyStorage};
    use crate::traits::{Decryptor, EncryptingKeypair, RandomizedDecryptor};

    impl<D, MGD, K> DecryptingKey<D, MGD, K>
    where
        D: Digest,
        MGD: Digest,
        K: PrivateKeyStorage,
    {
        fn decrypt_vec<R: TryCryptoRng + ?Sized>(
            &self,
            rng: Option<&mut R>,
            ciphertext: &[u8],
        ) -> Result<Vec<u8>> {
            let label = label_bytes::<K>(&self.label)?;
            self.inner.check_public()?;
            decrypt::<R, D, MGD, K>(rng, &self.inner, ciphertext, Some(label))
        }
    }

    impl<D, MGD, K> Decryptor for DecryptingKey<D, MGD, K>
    where
        D: Digest,
        MGD: Digest,
        K: PrivateKeyStorage,
    {
        fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
            self.decrypt_vec(default_rng::<K>().as_mut(), ciphertext)
        }
    }

    impl<D, MGD, K> RandomizedDecryptor for DecryptingKey<D, MGD, K>
    where
        D: Digest,
        MGD: Digest,
        K: PrivateKeyStorage,
    {
        fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
            &self,
            rng: &mut R,
            ciphertext: &[u8],
        ) -> Result<Vec<u8>> {
            self.decrypt_vec(Some(rng), ciphertext)
        }
    }

    /// Not implemented by `rsa` 0.10 for OAEP (only for PKCS#1 v1.5): the
    /// encrypting key carries the same label.
    impl<D, MGD, K> EncryptingKeypair for DecryptingKey<D, MGD, K>
    where
        D: Digest,
        MGD: Digest,
        K: PrivateKeyStorage,
        K::Public: KeyStorage<Label = K::Label>,
    {
        type EncryptingKey = EncryptingKey<D, MGD, K::Public>;

        fn encrypting_key(&self) -> Self::EncryptingKey {
            EncryptingKey::with_label(self.inner.to_public(), self.label.clone())
        }
    }
}

crate::storage::impl_into_key!(DecryptingKey<D, MGD>, from: PrivateKeyStorage, PrivateKey, BoundedPrivateKey);

impl<D, MGD, K> ZeroizeOnDrop for DecryptingKey<D, MGD, K>
where
    D: Digest,
    MGD: Digest,
    K: KeyStorage + ZeroizeOnDrop,
{
}
