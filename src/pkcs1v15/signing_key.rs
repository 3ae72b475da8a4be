//! `RSASSA-PKCS1-v1_5` signing key, over the heap `PrivateKey` (as
//! `rsa::pkcs1v15::SigningKey`) or a [`BoundedPrivateKey<C>`].

use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::{Digest, Update};
use rand_core::TryCryptoRng;
use signature::hazmat::PrehashSigner;
use signature::{DigestSigner, MultipartSigner, Signer};
use spki::der::AnyRef;
use spki::{AlgorithmIdentifierRef, SignatureAlgorithmIdentifier};

use super::padding::emsa_pkcs1v15_encode;
use super::verifying_key::signature_algorithm;
use super::VerifyingKey;
use super::{DigestInfoPrefix, RsaSignatureAssociatedOid, Signatures};
use crate::capacity::Max4096;
use crate::errors::Result;
use crate::key::{rsassa_sign, BoundedPrivateKey};
use crate::storage::{default_rng, KeyStorage, PrivateKeyStorage, SignatureBytes};

/// The signature a signing key over `K` makes.
type Sig<K> = <K as KeyStorage>::Signature<Signatures>;

crate::storage::typed_key! {
    /// Signing key for `RSASSA-PKCS1-v1_5` signatures (RFC 8017 §8.2): a
    /// private key `K` and the DigestInfo prefix of `D` (or none).
    ///
    /// `K` is the heap `PrivateKey` (the default, as `rsa` 0.10) or a
    /// [`BoundedPrivateKey<C>`] ([`BoundedSigningKey<D, C>`]), whose signatures
    /// are `Signature` and
    /// [`BoundedSignature<C>`](super::BoundedSignature). The signature is
    /// deterministic; the `Randomized*` signers blind the private operation with
    /// their RNG, the others as `K` decides (the heap key with the system RNG,
    /// as `rsa` 0.10; the bounded key not: its private operation is constant
    /// time without blinding).
    pub struct SigningKey<D; K = crate::storage::DefaultPrivateKey> {
        prefix: DigestInfoPrefix => as_bytes(),
    }
}

/// A [`SigningKey`] over a [`BoundedPrivateKey<C>`]: signing never allocates.
pub type BoundedSigningKey<D, C = Max4096> = SigningKey<D, BoundedPrivateKey<C>>;

impl<D, K> SigningKey<D, K>
where
    D: Digest + AssociatedOid,
    K: PrivateKeyStorage,
{
    /// A signing key with the prefix of `D`.
    #[must_use]
    pub fn new(key: K) -> Self {
        Self {
            inner: key,
            prefix: DigestInfoPrefix::new::<D>(),
            phantom: PhantomData,
        }
    }

    /// Generates a key with a `bit_size`-bit modulus and `e = 65537`.
    ///
    /// # Errors
    /// As the storage's `new` (`PrivateKey::new`, [`BoundedPrivateKey::new`]).
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Ok(Self::new(K::new_random(rng, bit_size)?))
    }
}

impl<D, K> SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    /// A signing key with an empty prefix: the "digest" is signed as given.
    /// Unprefixed signatures are uncommon; most want [`SigningKey::new`].
    #[must_use]
    pub fn new_unprefixed(key: K) -> Self {
        Self {
            inner: key,
            prefix: DigestInfoPrefix::EMPTY,
            phantom: PhantomData,
        }
    }

    /// Generates a key with a `bit_size`-bit modulus and an empty prefix.
    ///
    /// # Errors
    /// As [`Self::random`].
    pub fn random_unprefixed<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
    ) -> Result<Self> {
        Ok(Self::new_unprefixed(K::new_random(rng, bit_size)?))
    }

    /// Whether this key uses the empty ("unprefixed") DigestInfo prefix.
    pub fn is_unprefixed(&self) -> bool {
        self.prefix.is_empty()
    }

    /// Signs the digest `hashed` (not checked against `D`'s output length,
    /// as in `rsa`), blinded as `K` decides.
    fn sign_hashed(&self, hashed: &[u8]) -> signature::Result<Sig<K>> {
        self.sign_hashed_with(default_rng::<K>().as_mut(), hashed)
    }

    /// [`Self::sign_hashed`], the private operation blinded when `rng` is given.
    fn sign_hashed_with<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        hashed: &[u8],
    ) -> signature::Result<Sig<K>> {
        let mut sig = Sig::<K>::zeroed(self.inner.modulus_len());
        // `sign_prehash_with`'s body, without its frame (issue 22's depth).
        let prefix = self.prefix.as_bytes();
        rsassa_sign(&self.inner, rng, sig.bytes_mut(), |em| {
            emsa_pkcs1v15_encode(prefix, hashed, em)
        })?;
        Ok(sig)
    }

    /// [`Self::sign_hashed`] blinded by `rng` (the `Randomized*` signers:
    /// the same signature).
    fn sign_hashed_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        hashed: &[u8],
    ) -> signature::Result<Sig<K>> {
        self.sign_hashed_with(Some(rng), hashed)
    }
}

impl<D, K> DigestSigner<D, Sig<K>> for SigningKey<D, K>
where
    D: Digest + Update,
    K: PrivateKeyStorage,
{
    fn try_sign_digest<F: Fn(&mut D) -> signature::Result<()>>(
        &self,
        f: F,
    ) -> signature::Result<Sig<K>> {
        let mut digest = <D as Digest>::new();
        f(&mut digest)?;
        self.sign_hashed(&Digest::finalize(digest))
    }
}

impl<D, K> PrehashSigner<Sig<K>> for SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    fn sign_prehash(&self, prehash: &[u8]) -> signature::Result<Sig<K>> {
        self.sign_hashed(prehash)
    }
}

impl<D, K> Signer<Sig<K>> for SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    fn try_sign(&self, msg: &[u8]) -> signature::Result<Sig<K>> {
        let mut hashed = digest::Output::<D>::default();
        crate::mgf::hash_parts::<D>(&[msg], &mut hashed);
        self.sign_hashed_with(default_rng::<K>().as_mut(), &hashed)
    }
}

impl<D, K> MultipartSigner<Sig<K>> for SigningKey<D, K>
where
    D: Digest,
    K: PrivateKeyStorage,
{
    fn try_multipart_sign(&self, msg: &[&[u8]]) -> signature::Result<Sig<K>> {
        let mut hashed = digest::Output::<D>::default();
        crate::mgf::hash_parts::<D>(msg, &mut hashed);
        self.sign_hashed(&hashed)
    }
}

impl<D, K> SignatureAlgorithmIdentifier for SigningKey<D, K>
where
    D: Digest + RsaSignatureAssociatedOid,
{
    type Params = AnyRef<'static>;

    const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> =
        signature_algorithm::<D>();
}

crate::signing_key_traits::impl_signing_key_common!(verifying_key: with_prefix(prefix), where D: AssociatedOid);
