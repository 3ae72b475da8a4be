//! `RSASSA-PSS` verifying key, over the heap `PublicKey` (as
//! `rsa::pss::VerifyingKey`) or a [`BoundedPublicKey<C>`].

use core::marker::PhantomData;

use digest::Digest;

use super::{verify_prehash_verdict, Signatures};
use crate::capacity::Max4096;
use crate::key::BoundedPublicKey;
use crate::storage::{KeyStorage, SignatureBytes};
use crate::verdict::Verdict;

/// The signature a verifying key over `K` checks.
type Sig<K> = <K as KeyStorage>::Signature<Signatures>;

crate::storage::typed_key! {
    /// Verifying key for `RSASSA-PSS` signatures (RFC 8017 §8.1): a public key
    /// `K`, digest `D`, MGF1 over `D`, and a fixed salt length (by default the
    /// digest's output size) or detection.
    ///
    /// `K` is the heap `PublicKey` (the default, as `rsa` 0.10) or a
    /// [`BoundedPublicKey<C>`] ([`BoundedVerifyingKey<D, C>`]); verification
    /// never allocates.
    pub struct VerifyingKey<D; K = crate::storage::DefaultPublicKey> {
        salt_len: Option<usize>,
    }
}

/// A [`VerifyingKey`] over a [`BoundedPublicKey<C>`].
pub type BoundedVerifyingKey<D, C = Max4096> = VerifyingKey<D, BoundedPublicKey<C>>;

impl<D, K> VerifyingKey<D, K>
where
    D: Digest,
    K: KeyStorage,
{
    /// A verifying key that requires a salt as long as the digest.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self::new_with_salt_len(key, <D as Digest>::output_size())
    }

    /// A verifying key that requires a `salt_len`-byte salt.
    #[must_use]
    pub fn new_with_salt_len(key: K, salt_len: usize) -> Self {
        Self {
            inner: key,
            salt_len: Some(salt_len),
            phantom: PhantomData,
        }
    }

    /// A verifying key that detects the salt length from the signature.
    #[must_use]
    pub fn new_with_auto_salt_len(key: K) -> Self {
        Self {
            inner: key,
            salt_len: None,
            phantom: PhantomData,
        }
    }

    /// The required salt length, `None` when it is detected.
    #[must_use]
    pub fn salt_len(&self) -> Option<usize> {
        self.salt_len
    }

    fn verdict_hashed(&self, hashed: &[u8], signature: &Sig<K>) -> Verdict {
        verify_prehash_verdict::<_, D>(&self.inner, hashed, signature.bytes(), self.salt_len)
    }
}

crate::verifier_traits::impl_verifier_traits!();
