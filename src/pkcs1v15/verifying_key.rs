//! `RSASSA-PKCS1-v1_5` verifying key, over the heap `PublicKey` (as
//! `rsa::pkcs1v15::VerifyingKey`) or a [`BoundedPublicKey<C>`].

use core::marker::PhantomData;

use digest::const_oid::{AssociatedOid, ObjectIdentifier};
use digest::Digest;
use spki::der::AnyRef;
use spki::{AlgorithmIdentifierRef, SignatureAlgorithmIdentifier};

use super::{verify_prehash_verdict, DigestInfoPrefix, Signatures};
use crate::capacity::Max4096;
use crate::key::BoundedPublicKey;
use crate::storage::{KeyStorage, SignatureBytes};
use crate::verdict::Verdict;

/// The signature a verifying key over `K` checks.
type Sig<K> = <K as KeyStorage>::Signature<Signatures>;

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

crate::storage::typed_key! {
    /// Verifying key for `RSASSA-PKCS1-v1_5` signatures (RFC 8017 §8.2): a
    /// public key `K` and the DigestInfo prefix of `D` (or none).
    ///
    /// `K` is the heap `PublicKey` (the default, as `rsa` 0.10) or a
    /// [`BoundedPublicKey<C>`] ([`BoundedVerifyingKey<D, C>`]); verification
    /// never allocates.
    pub struct VerifyingKey<D; K = crate::storage::DefaultPublicKey> {
        prefix: DigestInfoPrefix => as_bytes(),
    }
}

/// A [`VerifyingKey`] over a [`BoundedPublicKey<C>`].
pub type BoundedVerifyingKey<D, C = Max4096> = VerifyingKey<D, BoundedPublicKey<C>>;

impl<D, K> VerifyingKey<D, K>
where
    D: Digest + AssociatedOid,
    K: KeyStorage,
{
    /// A verifying key with the prefix of `D`.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self::with_prefix(key, DigestInfoPrefix::new::<D>())
    }
}

impl<D, K> VerifyingKey<D, K>
where
    D: Digest,
    K: KeyStorage,
{
    /// A verifying key for unprefixed signatures (see
    /// [`SigningKey::new_unprefixed`](super::SigningKey::new_unprefixed)).
    #[must_use]
    pub fn new_unprefixed(key: K) -> Self {
        Self::with_prefix(key, DigestInfoPrefix::EMPTY)
    }

    pub(super) fn with_prefix(key: K, prefix: DigestInfoPrefix) -> Self {
        Self {
            inner: key,
            prefix,
            phantom: PhantomData,
        }
    }

    /// Whether this key uses the empty ("unprefixed") DigestInfo prefix.
    pub fn is_unprefixed(&self) -> bool {
        self.prefix.is_empty()
    }

    fn verdict_hashed(&self, hashed: &[u8], signature: &Sig<K>) -> Verdict {
        verify_prehash_verdict(
            &self.inner,
            self.prefix.as_bytes(),
            hashed,
            signature.bytes(),
        )
    }
}

crate::verifier_traits::impl_verifier_traits!(where D: AssociatedOid);

impl<D, K> SignatureAlgorithmIdentifier for VerifyingKey<D, K>
where
    D: Digest + RsaSignatureAssociatedOid,
{
    type Params = AnyRef<'static>;

    const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> =
        signature_algorithm::<D>();
}

/// `sha*WithRSAEncryption` of `D` with NULL parameters (RFC 4055 §5): the
/// signature algorithm of the signing and the verifying key.
pub(super) const fn signature_algorithm<D: RsaSignatureAssociatedOid>(
) -> AlgorithmIdentifierRef<'static> {
    AlgorithmIdentifierRef {
        oid: D::OID,
        parameters: Some(AnyRef::NULL),
    }
}
