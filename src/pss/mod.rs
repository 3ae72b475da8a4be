//! RSASSA-PSS (RFC 8017 §8.1) with EMSA-PSS and MGF1 (§9.1, B.2.1).
//!
//! The salt length defaults to the digest length, as TLS 1.3 requires
//! (RFC 8446 §4.2.3); verification takes a fixed salt length or detects it.
//! `emBits = modBits − 1`: when `modBits ≡ 1 (mod 8)` the encoded message is
//! one byte shorter than `k` and the signature's representative must have a
//! zero top byte.

mod padding;

pub use padding::{
    emsa_pss_encode, emsa_pss_encode_with_mgf, emsa_pss_verify, emsa_pss_verify_with_mgf,
};

use core::marker::PhantomData;

use digest::Digest;
use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::blinding::NoRng;
use crate::capacity::{Array, Capacity};
use crate::errors::{Error, Result};
use crate::key::{BoundedPrivateKey, BoundedPublicKey};

/// RSASSA-PSS signature generation (RFC 8017 §8.1.1) of a digest with a
/// caller-chosen salt (empty for deterministic PSS): `sig` receives `k` bytes.
///
/// # Errors
/// [`Error::InvalidArguments`] if `sig` is not `k` bytes;
/// [`Error::InputNotHashed`] if `hashed` is not `D`'s output length;
/// [`Error::Internal`] if the key is too small for the digest and salt, or on
/// a detected fault.
pub fn sign_prehash_with_salt_into<C: Capacity, D: Digest>(
    key: &BoundedPrivateKey<C>,
    hashed: &[u8],
    salt: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    sign_prehash_with_salt_and_mgf_into::<C, D, D>(key, hashed, salt, sig)
}

/// [`sign_prehash_with_salt_into`] with MGF1 over `MGD` (RFC 8017 §9.1
/// allows the mask generation hash to differ from the message hash).
///
/// # Errors
/// As [`sign_prehash_with_salt_into`].
pub fn sign_prehash_with_salt_and_mgf_into<C: Capacity, D: Digest, MGD: Digest>(
    key: &BoundedPrivateKey<C>,
    hashed: &[u8],
    salt: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    sign_with::<C, D, MGD, NoRng>(key, None, hashed, salt, sig)
}

fn sign_with<C: Capacity, D: Digest, MGD: Digest, R: TryCryptoRng + ?Sized>(
    key: &BoundedPrivateKey<C>,
    rng: Option<&mut R>,
    hashed: &[u8],
    salt: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    let k = key.size();
    if sig.len() != k {
        return Err(Error::InvalidArguments);
    }
    let em_bits = key.as_public_key().n_bits() - 1;
    let em_len = em_bits.div_ceil(8);
    let mut em = C::Bytes::zeroed();
    let em = &mut em.as_mut()[..k];
    let result = emsa_pss_encode_with_mgf::<D, MGD>(hashed, em_bits, salt, &mut em[k - em_len..])
        .and_then(|()| key.raw_private_with(rng, em, sig));
    em.zeroize();
    result
}

/// RSASSA-PSS signature generation with a `salt_len`-byte salt drawn from
/// `rng`, which also blinds the private operation (see `SECURITY.md`).
///
/// # Errors
/// As [`sign_prehash_with_salt_into`]; [`Error::Rng`] if the generator fails.
pub fn sign_prehash_into<C: Capacity, D: Digest, R: TryCryptoRng + ?Sized>(
    key: &BoundedPrivateKey<C>,
    rng: &mut R,
    hashed: &[u8],
    salt_len: usize,
    sig: &mut [u8],
) -> Result<()> {
    let mut salt = C::Bytes::zeroed();
    let salt = salt.as_mut().get_mut(..salt_len).ok_or(Error::Internal)?;
    rng.try_fill_bytes(salt).map_err(|_| Error::Rng)?;
    sign_with::<C, D, D, R>(key, Some(rng), hashed, salt, sig)
}

/// RSASSA-PSS verification (RFC 8017 §8.1.2) of a digest; `salt_len` fixes
/// the salt length, `None` accepts any.
///
/// # Errors
/// [`Error::Verification`] for any signature that does not verify.
pub fn verify_prehash<C: Capacity, D: Digest>(
    key: &BoundedPublicKey<C>,
    hashed: &[u8],
    sig: &[u8],
    salt_len: Option<usize>,
) -> Result<()> {
    verify_prehash_with_mgf::<C, D, D>(key, hashed, sig, salt_len)
}

/// [`verify_prehash`] with MGF1 over `MGD`.
///
/// # Errors
/// [`Error::Verification`] for any signature that does not verify.
pub fn verify_prehash_with_mgf<C: Capacity, D: Digest, MGD: Digest>(
    key: &BoundedPublicKey<C>,
    hashed: &[u8],
    sig: &[u8],
    salt_len: Option<usize>,
) -> Result<()> {
    let k = key.size();
    if sig.len() != k {
        return Err(Error::Verification);
    }
    let em_bits = key.n_bits() - 1;
    let em_len = em_bits.div_ceil(8);
    let mut em = C::Bytes::zeroed();
    let em = &mut em.as_mut()[..k];
    key.raw_public(sig, em).map_err(|_| Error::Verification)?;
    if em[..k - em_len].iter().any(|&b| b != 0) {
        return Err(Error::Verification);
    }
    emsa_pss_verify_with_mgf::<D, MGD>(hashed, &mut em[k - em_len..], em_bits, salt_len)
}

/// RSASSA-PSS with digest `D` (and MGF1 over `D`), as a
/// [`SignatureScheme`](crate::traits::SignatureScheme).
pub struct Pss<D> {
    /// Blind the private operation when an RNG is given (kept for `rsa`
    /// compatibility: signing with an RNG always blinds; the operation is
    /// constant time either way).
    pub blinded: bool,
    /// Salt length: required for signing, optional (auto-detect) for verifying.
    pub salt_len: Option<usize>,
    digest: PhantomData<fn() -> D>,
}

impl<D: Digest> Pss<D> {
    /// PSS with a salt as long as the digest (TLS 1.3's choice).
    pub fn new() -> Self {
        Self::new_with_salt(<D as Digest>::output_size())
    }

    /// PSS with a `len`-byte salt.
    pub fn new_with_salt(len: usize) -> Self {
        Pss {
            blinded: true,
            salt_len: Some(len),
            digest: PhantomData,
        }
    }

    /// As [`Pss::new`] (blinding is requested by giving an RNG).
    pub fn new_blinded() -> Self {
        Self::new()
    }

    /// As [`Pss::new_with_salt`].
    pub fn new_blinded_with_salt(len: usize) -> Self {
        Self::new_with_salt(len)
    }

    /// Verification that accepts any salt length.
    pub fn new_with_any_salt() -> Self {
        Pss {
            blinded: true,
            salt_len: None,
            digest: PhantomData,
        }
    }
}

impl<D: Digest> Default for Pss<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D> core::fmt::Debug for Pss<D> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PSS")
            .field("blinded", &self.blinded)
            .field("salt_len", &self.salt_len)
            .finish_non_exhaustive()
    }
}

mod blinded_signing_key;
mod signature;
mod signing_key;
mod verifying_key;

#[allow(deprecated)]
pub use self::blinded_signing_key::BlindedSigningKey;
#[cfg(feature = "alloc")]
pub use self::signing_key::get_default_pss_signature_algo_id;
pub use self::{signature::Signature, signing_key::SigningKey, verifying_key::VerifyingKey};
