//! `RSASSA-PSS` verifying key over the heap [`PublicKey`], as
//! `rsa::pss::VerifyingKey`.

use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::{Digest, FixedOutputReset, Update};
use signature::hazmat::PrehashVerifier;
use signature::{DigestVerifier, Verifier};
use spki::der::AnyRef;
use spki::{AlgorithmIdentifierRef, AssociatedAlgorithmIdentifier};

use super::{verify_prehash, Signature};
use crate::encoding::ID_RSASSA_PSS;
use crate::PublicKey;

/// Verifying key for `RSASSA-PSS` signatures (RFC 8017 §8.1) over a
/// [`PublicKey`], with digest `D`, MGF1 over `D`, and a fixed salt length
/// (by default the digest's output size) or detection.
#[derive(Debug)]
pub struct VerifyingKey<D>
where
    D: Digest,
{
    inner: PublicKey,
    salt_len: Option<usize>,
    phantom: PhantomData<D>,
}

impl<D> VerifyingKey<D>
where
    D: Digest,
{
    /// A verifying key that requires a salt as long as the digest.
    #[must_use]
    pub fn new(key: PublicKey) -> Self {
        Self::new_with_salt_len(key, <D as Digest>::output_size())
    }

    /// A verifying key that requires a `salt_len`-byte salt.
    #[must_use]
    pub fn new_with_salt_len(key: PublicKey, salt_len: usize) -> Self {
        Self {
            inner: key,
            salt_len: Some(salt_len),
            phantom: PhantomData,
        }
    }

    /// A verifying key that detects the salt length from the signature.
    #[must_use]
    pub fn new_with_auto_salt_len(key: PublicKey) -> Self {
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

    fn verify_hashed(&self, hashed: &[u8], signature: &Signature) -> signature::Result<()> {
        verify_prehash::<_, D>(&self.inner, hashed, signature.as_slice(), self.salt_len)
            .map_err(Into::into)
    }
}

impl<D> DigestVerifier<D, Signature> for VerifyingKey<D>
where
    D: Digest + FixedOutputReset + Update,
{
    fn verify_digest<F: Fn(&mut D) -> signature::Result<()>>(
        &self,
        f: F,
        signature: &Signature,
    ) -> signature::Result<()> {
        let mut digest = D::new();
        f(&mut digest)?;
        self.verify_hashed(&digest.finalize(), signature)
    }
}

impl<D> PrehashVerifier<Signature> for VerifyingKey<D>
where
    D: Digest + FixedOutputReset,
{
    fn verify_prehash(&self, prehash: &[u8], signature: &Signature) -> signature::Result<()> {
        self.verify_hashed(prehash, signature)
    }
}

impl<D> Verifier<Signature> for VerifyingKey<D>
where
    D: Digest + FixedOutputReset,
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
        Self {
            inner: self.inner.clone(),
            salt_len: self.salt_len,
            phantom: PhantomData,
        }
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
    D: Digest,
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

impl<D> TryFrom<pkcs8::SubjectPublicKeyInfoRef<'_>> for VerifyingKey<D>
where
    D: Digest + AssociatedOid,
{
    type Error = spki::Error;

    fn try_from(info: pkcs8::SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
        match info.algorithm.oid {
            ID_RSASSA_PSS | pkcs1::ALGORITHM_OID => {}
            oid => return Err(spki::Error::OidUnknown { oid }),
        }
        PublicKey::try_from(info).map(Self::new)
    }
}

impl<D> PartialEq for VerifyingKey<D>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.salt_len == other.salt_len
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
