//! RSASSA-PSS (RFC 8017 §8.1) with EMSA-PSS and MGF1 (§9.1, B.2.1).
//!
//! The salt length defaults to the digest length, as TLS 1.3 requires
//! (RFC 8446 §4.2.3); verification takes a fixed salt length or detects it.
//! `emBits = modBits − 1`: when `modBits ≡ 1 (mod 8)` the encoded message is
//! one byte shorter than `k` and the signature's representative must have a
//! zero top byte.

mod padding;

pub use padding::{
    emsa_pss_encode, emsa_pss_encode_with_mgf, emsa_pss_verdict_with_mgf, emsa_pss_verify,
    emsa_pss_verify_with_mgf,
};

use digest::Digest;
use rand_core::TryCryptoRng;

use crate::blinding::NoRng;
use crate::errors::{Error, Result};
use crate::key::{rsassa_sign, rsassa_verdict, PrivateOps, PublicOps};
use crate::verdict::Verdict;

/// RSASSA-PSS signature generation (RFC 8017 §8.1.1) of a digest with a
/// caller-chosen salt (empty for deterministic PSS): `sig` receives `k` bytes.
///
/// # Errors
/// [`Error::InvalidArguments`] if `sig` is not `k` bytes;
/// [`Error::InputNotHashed`] if `hashed` is not `D`'s output length;
/// [`Error::Internal`] if the key is too small for the digest and salt, or on
/// a detected fault.
pub fn sign_prehash_with_salt_into<K: PrivateOps, D: Digest>(
    key: &K,
    hashed: &[u8],
    salt: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    sign_prehash_with_salt_and_mgf_into::<K, D, D>(key, hashed, salt, sig)
}

/// [`sign_prehash_with_salt_into`] with MGF1 over `MGD` (RFC 8017 §9.1
/// allows the mask generation hash to differ from the message hash).
///
/// # Errors
/// As [`sign_prehash_with_salt_into`].
pub fn sign_prehash_with_salt_and_mgf_into<K: PrivateOps, D: Digest, MGD: Digest>(
    key: &K,
    hashed: &[u8],
    salt: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    sign_with::<K, D, MGD, NoRng>(key, None, hashed, salt, sig)
}

pub(crate) fn sign_with<
    K: PrivateOps + ?Sized,
    D: Digest,
    MGD: Digest,
    R: TryCryptoRng + ?Sized,
>(
    key: &K,
    rng: Option<&mut R>,
    hashed: &[u8],
    salt: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    let em_bits = key.modulus_bits() - 1;
    rsassa_sign(key, rng, sig, |sig| {
        // EM after the zero octet when emLen < k.
        let (zero, em) = sig.split_at_mut(sig.len() - em_bits.div_ceil(8));
        emsa_pss_encode_with_mgf::<D, MGD>(hashed, em_bits, salt, em)?;
        zero.fill(0);
        Ok(())
    })
}

/// RSASSA-PSS signature generation with a `salt_len`-byte salt drawn from
/// `rng`, which also blinds the private operation (see `SECURITY.md`).
///
/// # Errors
/// As [`sign_prehash_with_salt_into`]; [`Error::Rng`] if the generator fails.
pub fn sign_prehash_into<K: PrivateOps, D: Digest, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: &mut R,
    hashed: &[u8],
    salt_len: usize,
    sig: &mut [u8],
) -> Result<()> {
    let mut salt = key.bytes();
    let salt = salt.as_mut().get_mut(..salt_len).ok_or(Error::Internal)?;
    rng.try_fill_bytes(salt).map_err(|_| Error::Rng)?;
    sign_with::<K, D, D, R>(key, Some(rng), hashed, salt, sig)
}

/// RSASSA-PSS verification (RFC 8017 §8.1.2) of a digest; `salt_len` fixes
/// the salt length, `None` accepts any.
///
/// `Ok` is built only from a [`Verdict`] compared twice; a caller that must
/// withstand fault injection should take the verdict itself
/// ([`verify_prehash_verdict`]).
///
/// # Errors
/// [`Error::Verification`] for any signature that does not verify.
pub fn verify_prehash<K: PublicOps + ?Sized, D: Digest>(
    key: &K,
    hashed: &[u8],
    sig: &[u8],
    salt_len: Option<usize>,
) -> Result<()> {
    verify_prehash_with_mgf::<K, D, D>(key, hashed, sig, salt_len)
}

/// [`verify_prehash`] with MGF1 over `MGD`.
///
/// # Errors
/// [`Error::Verification`] for any signature that does not verify.
pub fn verify_prehash_with_mgf<K: PublicOps + ?Sized, D: Digest, MGD: Digest>(
    key: &K,
    hashed: &[u8],
    sig: &[u8],
    salt_len: Option<usize>,
) -> Result<()> {
    verify_prehash_with_mgf_verdict::<K, D, MGD>(key, hashed, sig, salt_len).verification()
}

/// [`verify_prehash`] as a fault-hardened [`Verdict`]: its
/// [`value`](Verdict::value) is [`Verdict::VALID`] if and only if the
/// signature verifies. Compare it twice (see [`Verdict`]).
pub fn verify_prehash_verdict<K: PublicOps + ?Sized, D: Digest>(
    key: &K,
    hashed: &[u8],
    sig: &[u8],
    salt_len: Option<usize>,
) -> Verdict {
    verify_prehash_with_mgf_verdict::<K, D, D>(key, hashed, sig, salt_len)
}

/// [`verify_prehash_with_mgf`] as a fault-hardened [`Verdict`].
pub fn verify_prehash_with_mgf_verdict<K: PublicOps + ?Sized, D: Digest, MGD: Digest>(
    key: &K,
    hashed: &[u8],
    sig: &[u8],
    salt_len: Option<usize>,
) -> Verdict {
    let em_bits = key.modulus_bits() - 1;
    rsassa_verdict(key, sig, |em| {
        let (zero, em) = em.split_at_mut(em.len() - em_bits.div_ceil(8));
        if zero.iter().any(|&b| b != 0) {
            return Verdict::REJECT;
        }
        emsa_pss_verdict_with_mgf::<D, MGD>(hashed, em, em_bits, salt_len)
    })
}

/// The key algorithms the typed keys load from PKCS#8 and SPKI:
/// `id-RSASSA-PSS` or `rsaEncryption` (as the keys themselves accept).
fn check_key_algorithm(algorithm: &spki::AlgorithmIdentifierRef<'_>) -> spki::Result<()> {
    match algorithm.oid {
        crate::encoding::ID_RSASSA_PSS | pkcs1::ALGORITHM_OID => Ok(()),
        oid => Err(spki::Error::OidUnknown { oid }),
    }
}

#[cfg(feature = "alloc")]
mod scheme;
#[cfg(feature = "alloc")]
mod signature;
mod signing_key;
mod verifying_key;

#[cfg(feature = "alloc")]
pub use self::{scheme::Pss, signature::Signature};

/// Deprecated alias kept by `rsa` 0.10: [`SigningKey`] blinds with the
/// signing RNG.
#[cfg(feature = "alloc")]
#[deprecated(
    since = "0.1.0",
    note = "use `SigningKey`, which is blinded automatically"
)]
pub type BlindedSigningKey<D> = SigningKey<D>;

mod bounded_signature;

pub use self::{
    bounded_signature::{BoundedSignature, Signatures},
    signing_key::{BoundedSigningKey, SigningKey},
    verifying_key::{BoundedVerifyingKey, VerifyingKey},
};
#[cfg(feature = "alloc")]
pub use signing_key::get_default_pss_signature_algo_id;
