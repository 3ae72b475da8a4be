//! `RSAES-PKCS1-v1_5` decrypting key, over the heap `PrivateKey` (as
//! `rsa::pkcs1v15::DecryptingKey`) or a [`BoundedPrivateKey<C>`].

use zeroize::ZeroizeOnDrop;

use super::decrypt_into;
use crate::capacity::Max4096;
use crate::errors::Result;
use crate::key::BoundedPrivateKey;
use crate::storage::PrivateKeyStorage;

/// Decrypting key for `RSAES-PKCS1-v1_5` (RFC 8017 §7.2) over the private
/// key `K`: the heap `PrivateKey` (the default, as `rsa` 0.10) or a
/// [`BoundedPrivateKey<C>`] ([`BoundedDecryptingKey<C>`]).
///
/// Invalid padding returns deterministic synthetic plaintext (implicit
/// rejection, byte for byte as `rsa` 0.10). Successful decryption does not
/// establish message authenticity.
///
/// `RandomizedDecryptor::decrypt_with_rng` blinds the private operation
/// with its RNG; `Decryptor::decrypt` as `K` decides (the heap key with the
/// system RNG, as `rsa` 0.10; the bounded key not: its private operation is
/// constant time without blinding). The result is the same.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DecryptingKey<K = crate::storage::DefaultPrivateKey> {
    inner: K,
}

/// A [`DecryptingKey`] over a [`BoundedPrivateKey<C>`].
pub type BoundedDecryptingKey<C = Max4096> = DecryptingKey<BoundedPrivateKey<C>>;

impl<K: PrivateKeyStorage> DecryptingKey<K> {
    /// The decrypting key of `key`.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self { inner: key }
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

    /// Decrypts `ct` into the start of `out` (at least `k` bytes) without
    /// allocating and returns the message length (not in `rsa`; see
    /// [`decrypt_into`]).
    ///
    /// # Errors
    /// As [`decrypt_into`].
    pub fn decrypt_into(&self, ct: &[u8], out: &mut [u8]) -> Result<usize> {
        decrypt_into(&self.inner, ct, out)
    }
}

#[cfg(feature = "alloc")]
mod traits {
    use alloc::vec::Vec;

    use rand_core::TryCryptoRng;

    use super::super::scheme::decrypt;
    use super::super::EncryptingKey;
    use super::DecryptingKey;
    use crate::errors::Result;
    use crate::storage::{default_rng, PrivateKeyStorage};
    use crate::traits::{Decryptor, EncryptingKeypair, RandomizedDecryptor};

    impl<K: PrivateKeyStorage> Decryptor for DecryptingKey<K> {
        fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
            decrypt(default_rng::<K>().as_mut(), &self.inner, ciphertext)
        }
    }

    impl<K: PrivateKeyStorage> RandomizedDecryptor for DecryptingKey<K> {
        fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
            &self,
            rng: &mut R,
            ciphertext: &[u8],
        ) -> Result<Vec<u8>> {
            decrypt(Some(rng), &self.inner, ciphertext)
        }
    }

    impl<K: PrivateKeyStorage> EncryptingKeypair for DecryptingKey<K> {
        type EncryptingKey = EncryptingKey<K::Public>;

        fn encrypting_key(&self) -> Self::EncryptingKey {
            EncryptingKey::new(self.inner.to_public())
        }
    }
}

impl<K> AsRef<K> for DecryptingKey<K> {
    fn as_ref(&self) -> &K {
        &self.inner
    }
}

impl<K: ZeroizeOnDrop> ZeroizeOnDrop for DecryptingKey<K> {}

crate::storage::impl_into_key!(DecryptingKey, from: PrivateKeyStorage, PrivateKey, BoundedPrivateKey);
