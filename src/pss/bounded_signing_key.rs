//! RSASSA-PSS signing key.

use core::marker::PhantomData;

#[cfg(feature = "alloc")]
use digest::const_oid::AssociatedOid;
use digest::{Digest, FixedOutput, HashMarker, Update};
use rand_core::TryCryptoRng;
use signature::{
    hazmat::RandomizedPrehashSigner, Keypair, RandomizedDigestSigner, RandomizedMultipartSigner,
    RandomizedSigner,
};

use super::{sign_prehash_into, BoundedSignature, BoundedVerifyingKey};
use crate::capacity::{Capacity, Max4096};
use crate::key::BoundedPrivateKey;

/// Signing key for producing RSASSA-PSS signatures as described in
/// [RFC8017 § 8.1].
///
/// Signing draws the salt from an RNG: the `Randomized*` signer traits take
/// it from the caller; with the `getrandom` feature (default), as in `rsa`
/// 0.10, [`Signer`](signature::Signer),
/// [`MultipartSigner`](signature::MultipartSigner) and
/// [`PrehashSigner`](signature::hazmat::PrehashSigner) use the operating
/// system's. The RNG supplies the salt and blinds the private operation
/// (constant time without blinding too). Signing never allocates.
///
/// [RFC8017 § 8.1]: https://datatracker.ietf.org/doc/html/rfc8017#section-8.1
pub struct BoundedSigningKey<D, C: Capacity = Max4096>
where
    D: Digest,
{
    inner: BoundedPrivateKey<C>,
    salt_len: usize,
    phantom: PhantomData<D>,
}

impl<D, C: Capacity> BoundedSigningKey<D, C>
where
    D: Digest,
{
    /// Create a new RSASSA-PSS signing key.
    /// Digest output size is used as a salt length.
    #[must_use]
    pub fn new(key: BoundedPrivateKey<C>) -> Self {
        Self::new_with_salt_len(key, <D as Digest>::output_size())
    }

    /// Create a new RSASSA-PSS signing key with a salt of the given length.
    #[must_use]
    pub fn new_with_salt_len(key: BoundedPrivateKey<C>, salt_len: usize) -> Self {
        Self {
            inner: key,
            salt_len,
            phantom: PhantomData,
        }
    }

    /// Return specified salt length for this key
    #[must_use]
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }

    fn sign_hashed<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        hashed: &[u8],
    ) -> signature::Result<BoundedSignature<C>> {
        let mut sig = BoundedSignature::zeroed(self.inner.size());
        sign_prehash_into::<_, D, R>(&self.inner, rng, hashed, self.salt_len, sig.as_mut_bytes())?;
        Ok(sig)
    }
}

//
// `*Signer` trait impls
//

impl<D, C: Capacity> RandomizedDigestSigner<D, BoundedSignature<C>> for BoundedSigningKey<D, C>
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
    ) -> signature::Result<BoundedSignature<C>> {
        let mut digest = D::default();
        f(&mut digest)?;
        self.sign_hashed(rng, &digest.finalize_fixed())
    }
}

impl<D, C: Capacity> RandomizedSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn try_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> signature::Result<BoundedSignature<C>> {
        self.try_sign_digest_with_rng(rng, |digest: &mut D| {
            Update::update(digest, msg);
            Ok(())
        })
    }
}

impl<D, C: Capacity> RandomizedMultipartSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn try_multipart_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[&[u8]],
    ) -> signature::Result<BoundedSignature<C>> {
        self.try_sign_digest_with_rng(rng, |digest: &mut D| {
            msg.iter().for_each(|part| Update::update(digest, part));
            Ok(())
        })
    }
}

impl<D, C: Capacity> RandomizedPrehashSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn sign_prehash_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        prehash: &[u8],
    ) -> signature::Result<BoundedSignature<C>> {
        self.sign_hashed(rng, prehash)
    }
}

#[cfg(feature = "getrandom")]
impl<D, C: Capacity> signature::hazmat::PrehashSigner<BoundedSignature<C>>
    for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn sign_prehash(&self, prehash: &[u8]) -> signature::Result<BoundedSignature<C>> {
        self.sign_hashed(&mut getrandom::SysRng, prehash)
    }
}

#[cfg(feature = "getrandom")]
impl<D, C: Capacity> signature::Signer<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn try_sign(&self, msg: &[u8]) -> signature::Result<BoundedSignature<C>> {
        self.try_sign_with_rng(&mut getrandom::SysRng, msg)
    }
}

#[cfg(feature = "getrandom")]
impl<D, C: Capacity> signature::MultipartSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn try_multipart_sign(&self, msg: &[&[u8]]) -> signature::Result<BoundedSignature<C>> {
        self.try_multipart_sign_with_rng(&mut getrandom::SysRng, msg)
    }
}

//
// Other trait impls
//

#[cfg(feature = "alloc")]
impl<D, C: Capacity> spki::DynSignatureAlgorithmIdentifier for BoundedSigningKey<D, C>
where
    D: Digest + AssociatedOid,
{
    fn signature_algorithm_identifier(&self) -> spki::Result<spki::AlgorithmIdentifierOwned> {
        get_pss_signature_algo_id::<D>(self.salt_len)
    }
}

impl<D, C: Capacity> From<BoundedPrivateKey<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn from(key: BoundedPrivateKey<C>) -> Self {
        Self::new(key)
    }
}

impl<D, C: Capacity> Keypair for BoundedSigningKey<D, C>
where
    D: Digest,
{
    type VerifyingKey = BoundedVerifyingKey<D, C>;

    fn verifying_key(&self) -> Self::VerifyingKey {
        BoundedVerifyingKey {
            inner: self.inner.to_public_key(),
            salt_len: Some(self.salt_len),
            phantom: PhantomData,
        }
    }
}

impl<D, C: Capacity> TryFrom<pkcs8::PrivateKeyInfoRef<'_>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    type Error = pkcs8::Error;

    fn try_from(private_key_info: pkcs8::PrivateKeyInfoRef<'_>) -> pkcs8::Result<Self> {
        BoundedPrivateKey::<C>::try_from(private_key_info).map(Self::new)
    }
}

impl<D, C: Capacity> Clone for BoundedSigningKey<D, C>
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

impl<D, C: Capacity> core::fmt::Debug for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedSigningKey")
            .field("inner", &self.inner)
            .field("salt_len", &self.salt_len)
            .finish()
    }
}

impl<D, C: Capacity> PartialEq for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.salt_len == other.salt_len
    }
}

/// Returns the [`AlgorithmIdentifierOwned`](spki::AlgorithmIdentifierOwned)
/// of RSASSA-PSS with digest `D`, MGF1 over `D` and a salt as long as the
/// digest (`id-RSASSA-PSS` with `RSASSA-PSS-params`, RFC 4055 §3.1).
///
/// # Errors
/// Only if the parameters fail to encode.
#[cfg(feature = "alloc")]
pub fn get_default_pss_signature_algo_id<D>() -> spki::Result<spki::AlgorithmIdentifierOwned>
where
    D: Digest + AssociatedOid,
{
    get_pss_signature_algo_id::<D>(<D as Digest>::output_size())
}

#[cfg(feature = "alloc")]
pub(crate) fn get_pss_signature_algo_id<D>(
    salt_len: usize,
) -> spki::Result<spki::AlgorithmIdentifierOwned>
where
    D: Digest + AssociatedOid,
{
    // RsaPssParams encodes salt_len in a single byte; reject rather than truncate.
    let salt_len = u8::try_from(salt_len).map_err(|_| der::ErrorKind::Overflow.to_error())?;
    let pss_params = pkcs1::RsaPssParamsRef::new::<D>(salt_len);
    Ok(spki::AlgorithmIdentifierOwned {
        oid: crate::encoding::ID_RSASSA_PSS,
        parameters: Some(der::Any::encode_from(&pss_params)?),
    })
}

crate::signing_key_traits::impl_signing_key_common!();
