//! `RSASSA-PKCS1-v1_5` verifying key.

use core::marker::PhantomData;

use digest::const_oid::{AssociatedOid, ObjectIdentifier};
use digest::Digest;
use spki::{
    der::AnyRef, AlgorithmIdentifierRef, AssociatedAlgorithmIdentifier,
    SignatureAlgorithmIdentifier,
};

use super::{verify_prehash_verdict, BoundedSignature, DigestInfoPrefix};
use crate::capacity::{Capacity, Max4096};
use crate::key::BoundedPublicKey;
use crate::verdict::Verdict;

/// A trait which associates an RSA-specific OID (`sha256WithRSAEncryption`
/// and friends, RFC 8017 Appendix A.2.4) with a digest type, as
/// `rsa::pkcs1v15::RsaSignatureAssociatedOid`.
///
/// Implemented for the SHA-2 family; implement it for other digests to get
/// [`SignatureAlgorithmIdentifier`] on their keys.
pub trait RsaSignatureAssociatedOid {
    /// The OID associated with this type.
    const OID: ObjectIdentifier;
}

macro_rules! rsa_sig_oid {
    ($($ty:ty => $oid:literal,)*) => {
        $(
            impl RsaSignatureAssociatedOid for $ty {
                const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap($oid);
            }
        )*
    };
}

rsa_sig_oid! {
    sha2::Sha224 => "1.2.840.113549.1.1.14",
    sha2::Sha256 => "1.2.840.113549.1.1.11",
    sha2::Sha384 => "1.2.840.113549.1.1.12",
    sha2::Sha512 => "1.2.840.113549.1.1.13",
    sha2::Sha512_224 => "1.2.840.113549.1.1.15",
    sha2::Sha512_256 => "1.2.840.113549.1.1.16",
}

#[cfg(feature = "sha1")]
rsa_sig_oid! {
    sha1::Sha1 => "1.2.840.113549.1.1.5",
}

/// Verifying key for `RSASSA-PKCS1-v1_5` signatures as described in [RFC8017 § 8.2].
///
/// Holds a [`BoundedPublicKey<C>`] and the DigestInfo prefix of `D` (or
/// none); verification never allocates.
///
/// [RFC8017 § 8.2]: https://datatracker.ietf.org/doc/html/rfc8017#section-8.2
pub struct BoundedVerifyingKey<D, C: Capacity = Max4096>
where
    D: Digest,
{
    pub(super) inner: BoundedPublicKey<C>,
    pub(super) prefix: DigestInfoPrefix,
    pub(super) phantom: PhantomData<D>,
}

impl<D, C: Capacity> BoundedVerifyingKey<D, C>
where
    D: Digest + AssociatedOid,
{
    /// Create a new verifying key with a prefix for the digest `D`.
    #[must_use]
    pub fn new(key: BoundedPublicKey<C>) -> Self {
        Self {
            inner: key,
            prefix: DigestInfoPrefix::new::<D>(),
            phantom: PhantomData,
        }
    }
}

impl<D, C: Capacity> BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    /// Create a new verifying key from an RSA public key with an empty prefix.
    ///
    /// ## Note: unprefixed signatures are uncommon
    ///
    /// In most cases you'll want to use [`BoundedVerifyingKey::new`] instead.
    #[must_use]
    pub fn new_unprefixed(key: BoundedPublicKey<C>) -> Self {
        Self {
            inner: key,
            prefix: DigestInfoPrefix::EMPTY,
            phantom: PhantomData,
        }
    }

    /// Whether this key uses the empty ("unprefixed") DigestInfo prefix.
    pub fn is_unprefixed(&self) -> bool {
        self.prefix.is_empty()
    }

    fn verdict_hashed(&self, hashed: &[u8], signature: &BoundedSignature<C>) -> Verdict {
        verify_prehash_verdict(
            &self.inner,
            self.prefix.as_bytes(),
            hashed,
            signature.as_bytes(),
        )
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
            prefix: self.prefix,
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
            .field("prefix", &self.prefix.as_bytes())
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
    D: Digest + AssociatedOid,
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

impl<D, C: Capacity> SignatureAlgorithmIdentifier for BoundedVerifyingKey<D, C>
where
    D: Digest + RsaSignatureAssociatedOid,
{
    type Params = AnyRef<'static>;

    const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> =
        AlgorithmIdentifierRef {
            oid: D::OID,
            parameters: Some(AnyRef::NULL),
        };
}

impl<D, C: Capacity> TryFrom<spki::SubjectPublicKeyInfoRef<'_>> for BoundedVerifyingKey<D, C>
where
    D: Digest + AssociatedOid,
{
    type Error = spki::Error;

    fn try_from(spki: spki::SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
        spki.algorithm.assert_algorithm_oid(pkcs1::ALGORITHM_OID)?;
        BoundedPublicKey::<C>::try_from(spki).map(Self::new)
    }
}

impl<D, C: Capacity> PartialEq for BoundedVerifyingKey<D, C>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.prefix == other.prefix
    }
}

impl<D, C: Capacity> Eq for BoundedVerifyingKey<D, C> where D: Digest {}
