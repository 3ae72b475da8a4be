//! `RSASSA-PKCS1-v1_5` signing key.

use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::{Digest, FixedOutput, HashMarker, Update};
use rand_core::TryCryptoRng;
use signature::{
    hazmat::{PrehashSigner, RandomizedPrehashSigner},
    DigestSigner, Keypair, MultipartSigner, RandomizedDigestSigner, RandomizedMultipartSigner,
    RandomizedSigner, Signer,
};
use spki::{der::AnyRef, AlgorithmIdentifierRef, SignatureAlgorithmIdentifier};

use super::{
    sign_prehash_with, BoundedSignature, BoundedVerifyingKey, DigestInfoPrefix,
    RsaSignatureAssociatedOid,
};
use crate::blinding::NoRng;
use crate::capacity::{Capacity, Max4096};
use crate::key::BoundedPrivateKey;

/// Signing key for `RSASSA-PKCS1-v1_5` signatures as described in [RFC8017 § 8.2].
///
/// Holds a [`BoundedPrivateKey<C>`] and the DigestInfo prefix of `D` (or
/// none). Signing never allocates and is constant time without blinding;
/// the `Randomized*` signer traits also blind the private operation with
/// their RNG (as in `rsa` 0.10); the signature value is deterministic either
/// way.
///
/// [RFC8017 § 8.2]: https://datatracker.ietf.org/doc/html/rfc8017#section-8.2
pub struct BoundedSigningKey<D, C: Capacity = Max4096>
where
    D: Digest,
{
    inner: BoundedPrivateKey<C>,
    prefix: DigestInfoPrefix,
    phantom: PhantomData<D>,
}

impl<D, C: Capacity> BoundedSigningKey<D, C>
where
    D: Digest + AssociatedOid,
{
    /// Create a new signing key with a prefix for the digest `D`.
    #[must_use]
    pub fn new(key: BoundedPrivateKey<C>) -> Self {
        Self {
            inner: key,
            prefix: DigestInfoPrefix::new::<D>(),
            phantom: PhantomData,
        }
    }
}

impl<D, C: Capacity> BoundedSigningKey<D, C>
where
    D: Digest,
{
    /// Create a new signing key from the given RSA private key with an empty prefix.
    ///
    /// ## Note: unprefixed signatures are uncommon
    ///
    /// In most cases you'll want to use [`BoundedSigningKey::new`].
    #[must_use]
    pub fn new_unprefixed(key: BoundedPrivateKey<C>) -> Self {
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

    /// Signs the digest `hashed` (not checked against `D`'s output length, as
    /// in `rsa`).
    fn sign_hashed(&self, hashed: &[u8]) -> signature::Result<BoundedSignature<C>> {
        self.sign_hashed_with::<NoRng>(None, hashed)
    }

    /// [`Self::sign_hashed`], the private operation blinded when `rng` is given.
    fn sign_hashed_with<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        hashed: &[u8],
    ) -> signature::Result<BoundedSignature<C>> {
        let mut sig = BoundedSignature::zeroed(self.inner.size());
        sign_prehash_with(
            &self.inner,
            rng,
            self.prefix.as_bytes(),
            hashed,
            sig.as_mut_bytes(),
        )?;
        Ok(sig)
    }

    fn sign_parts(&self, msg: &[&[u8]]) -> signature::Result<BoundedSignature<C>> {
        self.sign_parts_with::<NoRng>(None, msg)
    }

    fn sign_parts_with<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        msg: &[&[u8]],
    ) -> signature::Result<BoundedSignature<C>> {
        let mut digest = D::new();
        msg.iter()
            .for_each(|part| Digest::update(&mut digest, part));
        self.sign_hashed_with(rng, &digest.finalize())
    }
}

//
// `*Signer` trait impls
//

impl<D, C: Capacity> DigestSigner<D, BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Default + FixedOutput + HashMarker + Update,
{
    fn try_sign_digest<F: Fn(&mut D) -> signature::Result<()>>(
        &self,
        f: F,
    ) -> signature::Result<BoundedSignature<C>> {
        let mut digest = D::default();
        f(&mut digest)?;
        self.sign_hashed(&digest.finalize_fixed())
    }
}

impl<D, C: Capacity> PrehashSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn sign_prehash(&self, prehash: &[u8]) -> signature::Result<BoundedSignature<C>> {
        self.sign_hashed(prehash)
    }
}

/// Not implemented by `rsa` 0.10 for this type; provided: the same
/// signature as [`PrehashSigner`], the private operation blinded by `rng`.
impl<D, C: Capacity> RandomizedPrehashSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn sign_prehash_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        prehash: &[u8],
    ) -> signature::Result<BoundedSignature<C>> {
        self.sign_hashed_with(Some(rng), prehash)
    }
}

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
        self.sign_hashed_with(Some(rng), &digest.finalize_fixed())
    }
}

impl<D, C: Capacity> RandomizedSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn try_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> signature::Result<BoundedSignature<C>> {
        self.sign_parts_with(Some(rng), &[msg])
    }
}

impl<D, C: Capacity> RandomizedMultipartSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn try_multipart_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[&[u8]],
    ) -> signature::Result<BoundedSignature<C>> {
        self.sign_parts_with(Some(rng), msg)
    }
}

impl<D, C: Capacity> Signer<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn try_sign(&self, msg: &[u8]) -> signature::Result<BoundedSignature<C>> {
        self.sign_parts(&[msg])
    }
}

impl<D, C: Capacity> MultipartSigner<BoundedSignature<C>> for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn try_multipart_sign(&self, msg: &[&[u8]]) -> signature::Result<BoundedSignature<C>> {
        self.sign_parts(msg)
    }
}

//
// Other trait impls
//

impl<D, C: Capacity> From<BoundedPrivateKey<C>> for BoundedSigningKey<D, C>
where
    D: Digest + AssociatedOid,
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
            prefix: self.prefix,
            phantom: PhantomData,
        }
    }
}

impl<D, C: Capacity> SignatureAlgorithmIdentifier for BoundedSigningKey<D, C>
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

impl<D, C: Capacity> TryFrom<pkcs8::PrivateKeyInfoRef<'_>> for BoundedSigningKey<D, C>
where
    D: Digest + AssociatedOid,
{
    type Error = pkcs8::Error;

    fn try_from(private_key_info: pkcs8::PrivateKeyInfoRef<'_>) -> pkcs8::Result<Self> {
        private_key_info
            .algorithm
            .assert_algorithm_oid(pkcs1::ALGORITHM_OID)?;
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
            prefix: self.prefix,
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
            .field("prefix", &self.prefix.as_bytes())
            .finish()
    }
}

impl<D, C: Capacity> PartialEq for BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.prefix == other.prefix
    }
}

crate::signing_key_traits::impl_signing_key_common!();
