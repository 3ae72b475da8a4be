//! `RSASSA-PKCS1-v1_5` verifying key over the heap [`PublicKey`], as
//! `rsa::pkcs1v15::VerifyingKey`.

use alloc::vec::Vec;
use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::{Digest, FixedOutput, HashMarker, Update};
use signature::hazmat::PrehashVerifier;
use signature::{DigestVerifier, Verifier};
use spki::der::AnyRef;
use spki::{AlgorithmIdentifierRef, AssociatedAlgorithmIdentifier, SignatureAlgorithmIdentifier};

use super::{verify_prehash, DigestInfoPrefix, RsaSignatureAssociatedOid, Signature};
use crate::PublicKey;

/// Verifying key for `RSASSA-PKCS1-v1_5` signatures (RFC 8017 §8.2) over a
/// [`PublicKey`] and the DigestInfo prefix of `D` (or none).
#[derive(Debug)]
pub struct VerifyingKey<D>
where
    D: Digest,
{
    inner: PublicKey,
    prefix: Vec<u8>,
    phantom: PhantomData<D>,
}

impl<D> VerifyingKey<D>
where
    D: Digest + AssociatedOid,
{
    /// A verifying key with the prefix of `D`.
    #[must_use]
    pub fn new(key: PublicKey) -> Self {
        Self::with_prefix(key, DigestInfoPrefix::new::<D>().as_bytes().into())
    }
}

impl<D> VerifyingKey<D>
where
    D: Digest,
{
    /// A verifying key for unprefixed signatures (see
    /// [`SigningKey::new_unprefixed`](super::SigningKey::new_unprefixed)).
    #[must_use]
    pub fn new_unprefixed(key: PublicKey) -> Self {
        Self::with_prefix(key, Vec::new())
    }

    pub(super) fn with_prefix(key: PublicKey, prefix: Vec<u8>) -> Self {
        Self {
            inner: key,
            prefix,
            phantom: PhantomData,
        }
    }

    fn verify_hashed(&self, hashed: &[u8], signature: &Signature) -> signature::Result<()> {
        verify_prehash(&self.inner, &self.prefix, hashed, signature.as_slice()).map_err(Into::into)
    }
}

impl<D> DigestVerifier<D, Signature> for VerifyingKey<D>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn verify_digest<F: Fn(&mut D) -> signature::Result<()>>(
        &self,
        f: F,
        signature: &Signature,
    ) -> signature::Result<()> {
        let mut digest = D::default();
        f(&mut digest)?;
        self.verify_hashed(&digest.finalize_fixed(), signature)
    }
}

impl<D> PrehashVerifier<Signature> for VerifyingKey<D>
where
    D: Digest,
{
    fn verify_prehash(&self, prehash: &[u8], signature: &Signature) -> signature::Result<()> {
        self.verify_hashed(prehash, signature)
    }
}

impl<D> Verifier<Signature> for VerifyingKey<D>
where
    D: Digest,
{
    fn verify(&self, msg: &[u8], signature: &Signature) -> signature::Result<()> {
        self.verify_hashed(&D::digest(msg), signature)
    }
}

impl<D> AsRef<PublicKey> for VerifyingKey<D>
where
    D: Digest,
{
    fn as_ref(&self) -> &PublicKey {
        &self.inner
    }
}

impl<D> AssociatedAlgorithmIdentifier for VerifyingKey<D>
where
    D: Digest,
{
    type Params = AnyRef<'static>;

    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = pkcs1::ALGORITHM_ID;
}

// By hand: a derive would require `D: Clone`.
impl<D> Clone for VerifyingKey<D>
where
    D: Digest,
{
    fn clone(&self) -> Self {
        Self::with_prefix(self.inner.clone(), self.prefix.clone())
    }
}

impl<D> spki::EncodePublicKey for VerifyingKey<D>
where
    D: Digest,
{
    fn to_public_key_der(&self) -> spki::Result<spki::Document> {
        self.inner.to_public_key_der()
    }
}

impl<D> From<PublicKey> for VerifyingKey<D>
where
    D: Digest + AssociatedOid,
{
    fn from(key: PublicKey) -> Self {
        Self::new(key)
    }
}

impl<D> From<VerifyingKey<D>> for PublicKey
where
    D: Digest,
{
    fn from(key: VerifyingKey<D>) -> Self {
        key.inner
    }
}

impl<D> SignatureAlgorithmIdentifier for VerifyingKey<D>
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

impl<D> TryFrom<pkcs8::SubjectPublicKeyInfoRef<'_>> for VerifyingKey<D>
where
    D: Digest + AssociatedOid,
{
    type Error = spki::Error;

    fn try_from(info: pkcs8::SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
        info.algorithm.assert_algorithm_oid(pkcs1::ALGORITHM_OID)?;
        PublicKey::try_from(info).map(Self::new)
    }
}

impl<D> PartialEq for VerifyingKey<D>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.prefix == other.prefix
    }
}

#[cfg(feature = "serde")]
impl<D> serdect::serde::Serialize for VerifyingKey<D>
where
    D: Digest,
{
    fn serialize<S: serdect::serde::Serializer>(
        &self,
        serializer: S,
    ) -> core::result::Result<S::Ok, S::Error> {
        use spki::EncodePublicKey;
        let der = self
            .to_public_key_der()
            .map_err(serdect::serde::ser::Error::custom)?;
        serdect::slice::serialize_hex_lower_or_bin(&der, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de, D> serdect::serde::Deserialize<'de> for VerifyingKey<D>
where
    D: Digest + AssociatedOid,
{
    fn deserialize<De: serdect::serde::Deserializer<'de>>(
        deserializer: De,
    ) -> core::result::Result<Self, De::Error> {
        use spki::DecodePublicKey;
        let der = serdect::slice::deserialize_hex_or_bin_vec(deserializer)?;
        Self::from_public_key_der(&der).map_err(serdect::serde::de::Error::custom)
    }
}
