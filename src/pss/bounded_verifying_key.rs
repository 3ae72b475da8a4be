//! RSASSA-PSS verifying key.

use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::Digest;
use spki::{der::AnyRef, AlgorithmIdentifierRef, AssociatedAlgorithmIdentifier};

use super::{verify_prehash_verdict, BoundedSignature};
use crate::capacity::{Capacity, Max4096};
use crate::encoding::ID_RSASSA_PSS;
use crate::key::BoundedPublicKey;
use crate::verdict::Verdict;

/// Verifying key for checking the validity of RSASSA-PSS signatures as
/// described in [RFC8017 § 8.1].
///
/// Holds a [`BoundedPublicKey<C>`] and the expected salt length (or `None`
/// to detect it); verification never allocates.
///
/// [RFC8017 § 8.1]: https://datatracker.ietf.org/doc/html/rfc8017#section-8.1
pub struct BoundedVerifyingKey<D, C: Capacity = Max4096>
where
    D: Digest,
{
    pub(super) inner: BoundedPublicKey<C>,
    pub(super) salt_len: Option<usize>,
    pub(super) phantom: PhantomData<D>,
}

impl<D, C: Capacity> BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    /// Create a new RSASSA-PSS verifying key.
    /// Digest output size is used as a salt length.
    #[must_use]
    pub fn new(key: BoundedPublicKey<C>) -> Self {
        Self::new_with_salt_len(key, <D as Digest>::output_size())
    }

    /// Create a new RSASSA-PSS verifying key with a salt of the given length.
    #[must_use]
    pub fn new_with_salt_len(key: BoundedPublicKey<C>, salt_len: usize) -> Self {
        Self {
            inner: key,
            salt_len: Some(salt_len),
            phantom: PhantomData,
        }
    }

    /// Create a new RSASSA-PSS verifying key.
    /// Attempts to automatically detect the salt length.
    #[must_use]
    pub fn new_with_auto_salt_len(key: BoundedPublicKey<C>) -> Self {
        Self {
            inner: key,
            salt_len: None,
            phantom: PhantomData,
        }
    }

    /// Return specified salt length for this key
    #[must_use]
    pub fn salt_len(&self) -> Option<usize> {
        self.salt_len
    }

    fn verdict_hashed(&self, hashed: &[u8], signature: &BoundedSignature<C>) -> Verdict {
        verify_prehash_verdict::<_, D>(&self.inner, hashed, signature.as_bytes(), self.salt_len)
    }
}

crate::verifier_traits::impl_verdict_methods!();

crate::verifier_traits::impl_verifier_traits!();

//
// Other trait impls
//
impl<D, C: Capacity> AssociatedAlgorithmIdentifier for BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    type Params = AnyRef<'static>;

    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = pkcs1::ALGORITHM_ID;
}

// Implemented manually so we don't have to bind D with Clone
impl<D, C: Capacity> Clone for BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
            salt_len: self.salt_len,
            phantom: PhantomData,
        }
    }
}

impl<D, C: Capacity> core::fmt::Debug for BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedVerifyingKey")
            .field("inner", &self.inner)
            .field("salt_len", &self.salt_len)
            .finish()
    }
}

#[cfg(feature = "alloc")]
impl<D, C: Capacity> spki::EncodePublicKey for BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    fn to_public_key_der(&self) -> spki::Result<spki::Document> {
        self.inner.to_public_key_der()
    }
}

impl<D, C: Capacity> From<BoundedPublicKey<C>> for BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    fn from(key: BoundedPublicKey<C>) -> Self {
        Self::new(key)
    }
}

impl<D, C: Capacity> From<BoundedVerifyingKey<D, C>> for BoundedPublicKey<C>
where
    D: Digest,
{
    fn from(key: BoundedVerifyingKey<D, C>) -> Self {
        key.inner
    }
}

impl<D, C: Capacity> TryFrom<spki::SubjectPublicKeyInfoRef<'_>> for BoundedVerifyingKey<D, C>
where
    D: Digest + AssociatedOid,
{
    type Error = spki::Error;

    fn try_from(spki: spki::SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
        match spki.algorithm.oid {
            ID_RSASSA_PSS | pkcs1::ALGORITHM_OID => (),
            oid => return Err(spki::Error::OidUnknown { oid }),
        }
        BoundedPublicKey::<C>::try_from(spki).map(Self::new)
    }
}

impl<D, C: Capacity> PartialEq for BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.salt_len == other.salt_len
    }
}

impl<D, C: Capacity> Eq for BoundedVerifyingKey<D, C> where D: Digest {}
