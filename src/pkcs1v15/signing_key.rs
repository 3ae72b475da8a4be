//! `RSASSA-PKCS1-v1_5` signing key over the heap [`PrivateKey`], as
//! `rsa::pkcs1v15::SigningKey`.

use alloc::vec::Vec;
use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::{Digest, FixedOutput, HashMarker, Update};
use rand_core::TryCryptoRng;
use signature::hazmat::PrehashSigner;
use signature::{
    DigestSigner, Keypair, MultipartSigner, RandomizedDigestSigner, RandomizedMultipartSigner,
    RandomizedSigner, Signer,
};
use spki::der::AnyRef;
use spki::{AlgorithmIdentifierRef, AssociatedAlgorithmIdentifier, SignatureAlgorithmIdentifier};
use zeroize::ZeroizeOnDrop;

use super::scheme::{sign, sign_with_default_rng};
use super::{DigestInfoPrefix, RsaSignatureAssociatedOid, Signature, VerifyingKey};
use crate::{Generate, PrivateKey, Result};

/// Signing key for `RSASSA-PKCS1-v1_5` signatures (RFC 8017 §8.2) over a
/// [`PrivateKey`] and the DigestInfo prefix of `D` (or none).
///
/// The signature is deterministic; the signers blind the private operation
/// (with their RNG, or the system RNG with `getrandom`).
#[derive(Debug, Clone)]
pub struct SigningKey<D>
where
    D: Digest,
{
    inner: PrivateKey,
    prefix: Vec<u8>,
    phantom: PhantomData<D>,
}

impl<D> SigningKey<D>
where
    D: Digest + AssociatedOid,
{
    /// A signing key with the prefix of `D`.
    #[must_use]
    pub fn new(key: PrivateKey) -> Self {
        Self {
            inner: key,
            prefix: DigestInfoPrefix::new::<D>().as_bytes().into(),
            phantom: PhantomData,
        }
    }

    /// Generates a key with a `bit_size`-bit modulus.
    ///
    /// # Errors
    /// As [`PrivateKey::new`].
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Ok(Self::new(PrivateKey::new(rng, bit_size)?))
    }
}

impl<D> SigningKey<D>
where
    D: Digest,
{
    /// A signing key with an empty prefix: the "digest" is signed as given.
    /// Unprefixed signatures are uncommon; most want [`SigningKey::new`].
    #[must_use]
    pub fn new_unprefixed(key: PrivateKey) -> Self {
        Self {
            inner: key,
            prefix: Vec::new(),
            phantom: PhantomData,
        }
    }

    /// Generates a key with a `bit_size`-bit modulus and an empty prefix.
    ///
    /// # Errors
    /// As [`PrivateKey::new`].
    pub fn random_unprefixed<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
    ) -> Result<Self> {
        Ok(Self::new_unprefixed(PrivateKey::new(rng, bit_size)?))
    }

    fn hash_parts(msg: &[&[u8]]) -> digest::Output<D> {
        let mut digest = D::new();
        msg.iter()
            .for_each(|part| Digest::update(&mut digest, part));
        digest.finalize()
    }
}

impl<D> Generate for SigningKey<D>
where
    D: Digest + AssociatedOid,
{
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> core::result::Result<Self, R::Error> {
        PrivateKey::try_generate_from_rng(rng).map(Self::new)
    }
}

impl<D> DigestSigner<D, Signature> for SigningKey<D>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn try_sign_digest<F: Fn(&mut D) -> signature::Result<()>>(
        &self,
        f: F,
    ) -> signature::Result<Signature> {
        let mut digest = D::default();
        f(&mut digest)?;
        let sig = sign_with_default_rng(&self.inner, &self.prefix, &digest.finalize_fixed())?;
        Ok(Signature::from_vec(sig))
    }
}

impl<D> PrehashSigner<Signature> for SigningKey<D>
where
    D: Digest,
{
    fn sign_prehash(&self, prehash: &[u8]) -> signature::Result<Signature> {
        Ok(Signature::from_vec(sign_with_default_rng(
            &self.inner,
            &self.prefix,
            prehash,
        )?))
    }
}

impl<D> RandomizedDigestSigner<D, Signature> for SigningKey<D>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn try_sign_digest_with_rng<
        R: TryCryptoRng + ?Sized,
        F: Fn(&mut D) -> signature::Result<()>,
    >(
        &self,
        rng: &mut R,
        f: F,
    ) -> signature::Result<Signature> {
        let mut digest = D::default();
        f(&mut digest)?;
        let sig = sign(
            Some(rng),
            &self.inner,
            &self.prefix,
            &digest.finalize_fixed(),
        )?;
        Ok(Signature::from_vec(sig))
    }
}

impl<D> RandomizedSigner<Signature> for SigningKey<D>
where
    D: Digest,
{
    fn try_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> signature::Result<Signature> {
        self.try_multipart_sign_with_rng(rng, &[msg])
    }
}

impl<D> RandomizedMultipartSigner<Signature> for SigningKey<D>
where
    D: Digest,
{
    fn try_multipart_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[&[u8]],
    ) -> signature::Result<Signature> {
        let sig = sign(Some(rng), &self.inner, &self.prefix, &Self::hash_parts(msg))?;
        Ok(Signature::from_vec(sig))
    }
}

impl<D> Signer<Signature> for SigningKey<D>
where
    D: Digest,
{
    fn try_sign(&self, msg: &[u8]) -> signature::Result<Signature> {
        self.try_multipart_sign(&[msg])
    }
}

impl<D> MultipartSigner<Signature> for SigningKey<D>
where
    D: Digest,
{
    fn try_multipart_sign(&self, msg: &[&[u8]]) -> signature::Result<Signature> {
        let sig = sign_with_default_rng(&self.inner, &self.prefix, &Self::hash_parts(msg))?;
        Ok(Signature::from_vec(sig))
    }
}

impl<D> AsRef<PrivateKey> for SigningKey<D>
where
    D: Digest,
{
    fn as_ref(&self) -> &PrivateKey {
        &self.inner
    }
}

impl<D> AssociatedAlgorithmIdentifier for SigningKey<D>
where
    D: Digest,
{
    type Params = AnyRef<'static>;

    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = pkcs1::ALGORITHM_ID;
}

impl<D> pkcs8::EncodePrivateKey for SigningKey<D>
where
    D: Digest,
{
    fn to_pkcs8_der(&self) -> pkcs8::Result<pkcs8::SecretDocument> {
        self.inner.to_pkcs8_der()
    }
}

impl<D> From<PrivateKey> for SigningKey<D>
where
    D: Digest + AssociatedOid,
{
    fn from(key: PrivateKey) -> Self {
        Self::new(key)
    }
}

impl<D> From<SigningKey<D>> for PrivateKey
where
    D: Digest,
{
    fn from(key: SigningKey<D>) -> Self {
        key.inner
    }
}

impl<D> Keypair for SigningKey<D>
where
    D: Digest,
{
    type VerifyingKey = VerifyingKey<D>;

    fn verifying_key(&self) -> Self::VerifyingKey {
        VerifyingKey::with_prefix(self.inner.to_public_key(), self.prefix.clone())
    }
}

impl<D> SignatureAlgorithmIdentifier for SigningKey<D>
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

impl<D> TryFrom<pkcs8::PrivateKeyInfoRef<'_>> for SigningKey<D>
where
    D: Digest + AssociatedOid,
{
    type Error = pkcs8::Error;

    fn try_from(info: pkcs8::PrivateKeyInfoRef<'_>) -> pkcs8::Result<Self> {
        info.algorithm.assert_algorithm_oid(pkcs1::ALGORITHM_OID)?;
        PrivateKey::try_from(info).map(Self::new)
    }
}

impl<D> ZeroizeOnDrop for SigningKey<D> where D: Digest {}

impl<D> PartialEq for SigningKey<D>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.prefix == other.prefix
    }
}

#[cfg(feature = "serde")]
impl<D> serdect::serde::Serialize for SigningKey<D>
where
    D: Digest,
{
    fn serialize<S: serdect::serde::Serializer>(
        &self,
        serializer: S,
    ) -> core::result::Result<S::Ok, S::Error> {
        use pkcs8::EncodePrivateKey;
        let der = self
            .to_pkcs8_der()
            .map_err(serdect::serde::ser::Error::custom)?;
        serdect::slice::serialize_hex_lower_or_bin(&der.as_bytes(), serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de, D> serdect::serde::Deserialize<'de> for SigningKey<D>
where
    D: Digest + AssociatedOid,
{
    fn deserialize<De: serdect::serde::Deserializer<'de>>(
        deserializer: De,
    ) -> core::result::Result<Self, De::Error> {
        use pkcs8::DecodePrivateKey;
        let der =
            zeroize::Zeroizing::new(serdect::slice::deserialize_hex_or_bin_vec(deserializer)?);
        Self::from_pkcs8_der(&der).map_err(serdect::serde::de::Error::custom)
    }
}
