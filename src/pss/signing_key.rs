//! `RSASSA-PSS` signing key, over the heap `PrivateKey` (as
//! `rsa::pss::SigningKey`) or a [`BoundedPrivateKey<C>`].

use core::marker::PhantomData;

#[cfg(feature = "alloc")]
use digest::const_oid::AssociatedOid;
use digest::Digest;
use rand_core::TryCryptoRng;

use super::{sign_prehash_into, Signatures, VerifyingKey};
use crate::capacity::Max4096;
use crate::errors::Result;
use crate::key::BoundedPrivateKey;
use crate::storage::{KeyStorage, PrivateKeyStorage, SignatureBytes};

/// The signature a signing key over `K` makes.
type Sig<K> = <K as KeyStorage>::Signature<Signatures>;

crate::storage::typed_key! {
    /// Signing key for `RSASSA-PSS` signatures (RFC 8017 §8.1): a private key
    /// `K`, digest `D`, MGF1 over `D` and a fixed salt length (by default the
    /// digest's output size, as TLS 1.3 requires).
    ///
    /// `K` is the heap `PrivateKey` (the default, as `rsa` 0.10) or a
    /// [`BoundedPrivateKey<C>`] ([`BoundedSigningKey<D, C>`]), whose signatures
    /// are `Signature` and
    /// [`BoundedSignature<C>`](super::BoundedSignature). The signing RNG
    /// supplies the salt and blinds the private operation; the signers that
    /// take none (`Signer`, `PrehashSigner`, `MultipartSigner`) use the system
    /// RNG (`getrandom` feature).
    pub struct SigningKey<D; K = crate::storage::DefaultPrivateKey> {
        salt_len: usize,
    }
}

/// A [`SigningKey`] over a [`BoundedPrivateKey<C>`]: signing never allocates.
pub type BoundedSigningKey<D, C = Max4096> = SigningKey<D, BoundedPrivateKey<C>>;

impl<D, K> SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    /// A signing key with a salt as long as the digest.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self::new_with_salt_len(key, <D as Digest>::output_size())
    }

    /// A signing key with a `salt_len`-byte salt.
    #[must_use]
    pub fn new_with_salt_len(key: K, salt_len: usize) -> Self {
        Self {
            inner: key,
            salt_len,
            phantom: PhantomData,
        }
    }

    /// Generates a key with a `bit_size`-bit modulus and `e = 65537`.
    ///
    /// # Errors
    /// As the storage's `new` (`PrivateKey::new`, [`BoundedPrivateKey::new`]).
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Self::random_with_salt_len(rng, bit_size, <D as Digest>::output_size())
    }

    /// Generates a key with a `bit_size`-bit modulus and a `salt_len`-byte
    /// salt.
    ///
    /// # Errors
    /// As [`Self::random`].
    pub fn random_with_salt_len<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        salt_len: usize,
    ) -> Result<Self> {
        Ok(Self::new_with_salt_len(
            K::new_random(rng, bit_size)?,
            salt_len,
        ))
    }

    /// The salt length in bytes.
    #[must_use]
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }

    /// Signs the digest `hashed`: `rng` draws the salt and blinds the
    /// private operation.
    fn sign_hashed_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        hashed: &[u8],
    ) -> signature::Result<Sig<K>> {
        let mut sig = Sig::<K>::zeroed(self.inner.modulus_len());
        sign_prehash_into::<_, D, R>(&self.inner, rng, hashed, self.salt_len, sig.bytes_mut())?;
        Ok(sig)
    }
}

#[cfg(feature = "getrandom")]
impl<D, K> signature::hazmat::PrehashSigner<Sig<K>> for SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    fn sign_prehash(&self, prehash: &[u8]) -> signature::Result<Sig<K>> {
        self.sign_hashed_with_rng(&mut getrandom::SysRng, prehash)
    }
}

#[cfg(feature = "getrandom")]
impl<D, K> signature::Signer<Sig<K>> for SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    fn try_sign(&self, msg: &[u8]) -> signature::Result<Sig<K>> {
        signature::RandomizedSigner::try_sign_with_rng(self, &mut getrandom::SysRng, msg)
    }
}

#[cfg(feature = "getrandom")]
impl<D, K> signature::MultipartSigner<Sig<K>> for SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    fn try_multipart_sign(&self, msg: &[&[u8]]) -> signature::Result<Sig<K>> {
        signature::RandomizedMultipartSigner::try_multipart_sign_with_rng(
            self,
            &mut getrandom::SysRng,
            msg,
        )
    }
}

#[cfg(feature = "alloc")]
impl<D, K> spki::DynSignatureAlgorithmIdentifier for SigningKey<D, K>
where
    D: Digest + AssociatedOid,
{
    fn signature_algorithm_identifier(&self) -> spki::Result<spki::AlgorithmIdentifierOwned> {
        get_pss_signature_algo_id::<D>(self.salt_len)
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

crate::signing_key_traits::impl_signing_key_common!(verifying_key: new_with_salt_len(salt_len));
