//! `RSASSA-PSS` signing key over the heap [`PrivateKey`], as
//! `rsa::pss::SigningKey`.

use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::{Digest, FixedOutputReset, Update};
use rand_core::TryCryptoRng;
use signature::hazmat::RandomizedPrehashSigner;
use signature::{Keypair, RandomizedDigestSigner, RandomizedMultipartSigner, RandomizedSigner};
use spki::der::AnyRef;
use spki::{
    AlgorithmIdentifierOwned, AlgorithmIdentifierRef, AssociatedAlgorithmIdentifier,
    DynSignatureAlgorithmIdentifier,
};
use zeroize::ZeroizeOnDrop;

use super::bounded_signing_key::get_pss_signature_algo_id;
use super::scheme::sign;
use super::{Signature, VerifyingKey};
use crate::{Generate, PrivateKey, Result};

/// Signing key for `RSASSA-PSS` signatures (RFC 8017 §8.1) over a
/// [`PrivateKey`], with digest `D`, MGF1 over `D` and a fixed salt length
/// (by default the digest's output size, as TLS 1.3 requires). The signing
/// RNG supplies the salt and blinds the private operation.
#[derive(Debug, Clone)]
pub struct SigningKey<D>
where
    D: Digest,
{
    inner: PrivateKey,
    salt_len: usize,
    phantom: PhantomData<D>,
}

impl<D> SigningKey<D>
where
    D: Digest,
{
    /// A signing key with a salt as long as the digest.
    #[must_use]
    pub fn new(key: PrivateKey) -> Self {
        Self::new_with_salt_len(key, <D as Digest>::output_size())
    }

    /// A signing key with a `salt_len`-byte salt.
    #[must_use]
    pub fn new_with_salt_len(key: PrivateKey, salt_len: usize) -> Self {
        Self {
            inner: key,
            salt_len,
            phantom: PhantomData,
        }
    }

    /// Generates a key with a `bit_size`-bit modulus.
    ///
    /// # Errors
    /// As [`PrivateKey::new`].
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Self::random_with_salt_len(rng, bit_size, <D as Digest>::output_size())
    }

    /// Generates a key with a `bit_size`-bit modulus and a `salt_len`-byte
    /// salt.
    ///
    /// # Errors
    /// As [`PrivateKey::new`].
    pub fn random_with_salt_len<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        salt_len: usize,
    ) -> Result<Self> {
        Ok(Self::new_with_salt_len(
            PrivateKey::new(rng, bit_size)?,
            salt_len,
        ))
    }

    /// The salt length in bytes.
    #[must_use]
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }
}

impl<D> Generate for SigningKey<D>
where
    D: Digest,
{
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> core::result::Result<Self, R::Error> {
        PrivateKey::try_generate_from_rng(rng).map(Self::new)
    }
}

impl<D> RandomizedDigestSigner<D, Signature> for SigningKey<D>
where
    D: Digest + FixedOutputReset + Update,
{
    fn try_sign_digest_with_rng<
        R: TryCryptoRng + ?Sized,
        F: Fn(&mut D) -> signature::Result<()>,
    >(
        &self,
        rng: &mut R,
        f: F,
    ) -> signature::Result<Signature> {
        let mut digest = D::new();
        f(&mut digest)?;
        self.sign_prehash_with_rng(rng, &digest.finalize())
    }
}

impl<D> RandomizedSigner<Signature> for SigningKey<D>
where
    D: Digest + FixedOutputReset + Update,
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
    D: Digest + FixedOutputReset + Update,
{
    fn try_multipart_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[&[u8]],
    ) -> signature::Result<Signature> {
        self.try_sign_digest_with_rng(rng, |digest: &mut D| {
            msg.iter().for_each(|part| Update::update(digest, part));
            Ok(())
        })
    }
}

impl<D> RandomizedPrehashSigner<Signature> for SigningKey<D>
where
    D: Digest + FixedOutputReset + Update,
{
    fn sign_prehash_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        prehash: &[u8],
    ) -> signature::Result<Signature> {
        let sig = sign::<R, D>(rng, true, &self.inner, prehash, self.salt_len)?;
        Ok(Signature::from_vec(sig))
    }
}

#[cfg(feature = "getrandom")]
impl<D> signature::hazmat::PrehashSigner<Signature> for SigningKey<D>
where
    D: Digest + FixedOutputReset,
{
    fn sign_prehash(&self, prehash: &[u8]) -> signature::Result<Signature> {
        let sig = sign::<_, D>(
            &mut getrandom::SysRng,
            true,
            &self.inner,
            prehash,
            self.salt_len,
        )?;
        Ok(Signature::from_vec(sig))
    }
}

#[cfg(feature = "getrandom")]
impl<D> signature::Signer<Signature> for SigningKey<D>
where
    D: Digest + FixedOutputReset,
{
    fn try_sign(&self, msg: &[u8]) -> signature::Result<Signature> {
        signature::MultipartSigner::try_multipart_sign(self, &[msg])
    }
}

#[cfg(feature = "getrandom")]
impl<D> signature::MultipartSigner<Signature> for SigningKey<D>
where
    D: Digest + FixedOutputReset,
{
    fn try_multipart_sign(&self, msg: &[&[u8]]) -> signature::Result<Signature> {
        let mut digest = D::new();
        msg.iter()
            .for_each(|part| Digest::update(&mut digest, part));
        let sig = sign::<_, D>(
            &mut getrandom::SysRng,
            true,
            &self.inner,
            &digest.finalize(),
            self.salt_len,
        )?;
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

impl<D> DynSignatureAlgorithmIdentifier for SigningKey<D>
where
    D: Digest + AssociatedOid,
{
    fn signature_algorithm_identifier(&self) -> spki::Result<AlgorithmIdentifierOwned> {
        get_pss_signature_algo_id::<D>(self.salt_len)
    }
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
    D: Digest,
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
        VerifyingKey::new_with_salt_len(self.inner.to_public_key(), self.salt_len)
    }
}

impl<D> TryFrom<pkcs8::PrivateKeyInfoRef<'_>> for SigningKey<D>
where
    D: Digest + AssociatedOid,
{
    type Error = pkcs8::Error;

    fn try_from(info: pkcs8::PrivateKeyInfoRef<'_>) -> pkcs8::Result<Self> {
        PrivateKey::try_from(info).map(Self::new)
    }
}

impl<D> ZeroizeOnDrop for SigningKey<D> where D: Digest {}

impl<D> PartialEq for SigningKey<D>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.salt_len == other.salt_len
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
