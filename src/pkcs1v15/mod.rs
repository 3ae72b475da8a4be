//! RSASSA-PKCS1-v1_5 (RFC 8017 §8.2) and RSAES-PKCS1-v1_5 (RFC 8017 §7.2).
//!
//! Decryption uses implicit rejection (draft-irtf-cfrg-rsa-guidance §7): an
//! invalid ciphertext decrypts to a pseudo-random message derived from the
//! key and the ciphertext instead of an error, byte for byte as `rsa` 0.10
//! does, so that padding validity is never observable.
//!
//! The functions here work on caller buffers and never allocate; the
//! `Pkcs1v15Sign` / `Pkcs1v15Encrypt` schemes (with `alloc`) and the typed keys build
//! on them.

mod padding;

pub use padding::{
    eme_pkcs1v15_decode, eme_pkcs1v15_encode, emsa_pkcs1v15_encode, emsa_pkcs1v15_verdict,
    emsa_pkcs1v15_verify, DigestInfoPrefix, MAX_DIGEST_INFO_PREFIX_LEN,
};
pub use padding::{eme_pkcs1v15_decode_implicit, KeyDerivationKey, MAX_IMPLICIT_REJECTION_K};

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::blinding::NoRng;
#[cfg(doc)]
use crate::errors::Error;
use crate::errors::Result;
use crate::key::{
    rsaes_decrypt, rsaes_encrypt, rsassa_sign, rsassa_verdict, PrivateOps, PublicOps,
};
use crate::verdict::Verdict;

/// RSASSA-PKCS1-v1_5 signature generation (RFC 8017 §8.2.1) of a message
/// digest: `sig` receives the `k`-byte signature.
///
/// `prefix` is the DigestInfo prefix ([`DigestInfoPrefix`], empty for the
/// unprefixed variant) and `hashed` the digest. The private operation is
/// constant time and fault-checked.
///
/// # Errors
/// [`Error::InvalidArguments`] if `sig` is not `k` bytes;
/// [`Error::MessageTooLong`] if `k < prefix + hashed + 11`;
/// [`Error::Internal`] on a detected fault.
pub fn sign_prehash_into<K: PrivateOps>(
    key: &K,
    prefix: &[u8],
    hashed: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    sign_prehash_with::<K, NoRng>(key, None, prefix, hashed, sig)
}

/// [`sign_prehash_into`] with the private operation blinded by `rng` (same
/// signature; see `SECURITY.md`).
///
/// # Errors
/// As [`sign_prehash_into`]; [`Error::Rng`] if the generator fails.
pub fn sign_prehash_blinded_into<K: PrivateOps, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: &mut R,
    prefix: &[u8],
    hashed: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    sign_prehash_with(key, Some(rng), prefix, hashed, sig)
}

pub(crate) fn sign_prehash_with<K: PrivateOps + ?Sized, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: Option<&mut R>,
    prefix: &[u8],
    hashed: &[u8],
    sig: &mut [u8],
) -> Result<()> {
    rsassa_sign(key, rng, sig, |em| emsa_pkcs1v15_encode(prefix, hashed, em))
}

/// RSASSA-PKCS1-v1_5 verification (RFC 8017 §8.2.2) of a message digest.
///
/// `Ok` is built only from a [`Verdict`] compared twice; a caller that must
/// withstand fault injection should take the verdict itself
/// ([`verify_prehash_verdict`]).
///
/// # Errors
/// [`Error::Verification`] for any signature that does not verify,
/// including one whose length is not `k` or whose value is not below `n`.
pub fn verify_prehash<K: PublicOps + ?Sized>(
    key: &K,
    prefix: &[u8],
    hashed: &[u8],
    sig: &[u8],
) -> Result<()> {
    verify_prehash_verdict(key, prefix, hashed, sig).verification()
}

/// [`verify_prehash`] as a fault-hardened [`Verdict`]: its
/// [`value`](Verdict::value) is [`Verdict::VALID`] if and only if the
/// signature verifies. Compare it twice (see [`Verdict`]).
pub fn verify_prehash_verdict<K: PublicOps + ?Sized>(
    key: &K,
    prefix: &[u8],
    hashed: &[u8],
    sig: &[u8],
) -> Verdict {
    rsassa_verdict(key, sig, |em| emsa_pkcs1v15_verdict(prefix, hashed, em))
}

/// RSAES-PKCS1-v1_5 encryption (RFC 8017 §7.2.1): `ct` receives `k` bytes.
///
/// # Errors
/// [`Error::InvalidArguments`] if `ct` is not `k` bytes;
/// [`Error::MessageTooLong`] if `msg` is longer than `k − 11`;
/// [`Error::Rng`] if the generator fails.
pub fn encrypt_into<K: PublicOps + ?Sized, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: &mut R,
    msg: &[u8],
    ct: &mut [u8],
) -> Result<()> {
    rsaes_encrypt(key, ct, |em| eme_pkcs1v15_encode(rng, msg, em))
}

/// RSAES-PKCS1-v1_5 decryption with implicit rejection: writes the message
/// to the start of `out` (at least `k` bytes) and returns its length.
///
/// For a ciphertext of the right length and below `n`, this never fails:
/// invalid padding yields a synthetic message (as `rsa` 0.10). Neither
/// branches nor memory addresses depend on the padding's validity; the
/// returned length is public by design.
///
/// # Errors
/// [`Error::Decryption`] if `ct` is not `k` bytes or not below `n`;
/// [`Error::InvalidArguments`] if `out` is shorter than `k`;
/// [`Error::Internal`] on a detected fault.
pub fn decrypt_into<K: PrivateOps>(key: &K, ct: &[u8], out: &mut [u8]) -> Result<usize> {
    decrypt_with::<K, NoRng>(key, None, ct, out)
}

/// [`decrypt_into`] with the private operation blinded by `rng` (same
/// result, including the synthetic message for invalid padding).
///
/// # Errors
/// As [`decrypt_into`]; [`Error::Rng`] if the generator fails.
pub fn decrypt_blinded_into<K: PrivateOps, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: &mut R,
    ct: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    decrypt_with(key, Some(rng), ct, out)
}

pub(crate) fn decrypt_with<K: PrivateOps + ?Sized, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: Option<&mut R>,
    ct: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    rsaes_decrypt(key, rng, ct, out, |em| {
        let mut d = key.bytes();
        let d = &mut d.as_mut()[..em.len()];
        key.write_d(d);
        let kdk = KeyDerivationKey::derive(d, ct);
        d.zeroize();
        eme_pkcs1v15_decode_implicit(em, &kdk?)
    })
}

/// RSAES-PKCS1-v1_5 decryption with explicit rejection (RFC 8017 §7.2.2):
/// an invalid padding is an error. The padding check itself is constant
/// time, but whoever sees the error holds a Bleichenbacher oracle; use
/// [`decrypt_into`] unless the protocol hides every failure.
///
/// # Errors
/// [`Error::Decryption`] for any invalid ciphertext or padding;
/// [`Error::Internal`] on a detected fault.
pub fn decrypt_explicit_into<K: PrivateOps>(key: &K, ct: &[u8], out: &mut [u8]) -> Result<usize> {
    rsaes_decrypt::<K, NoRng>(key, None, ct, out, |em| eme_pkcs1v15_decode(em))
}

/// The key algorithms the typed signature keys load from PKCS#8 and SPKI:
/// `rsaEncryption` only, as `rsa` 0.10.
fn check_key_algorithm(algorithm: &spki::AlgorithmIdentifierRef<'_>) -> spki::Result<()> {
    algorithm
        .assert_algorithm_oid(pkcs1::ALGORITHM_OID)
        .map(|_| ())
}

mod decrypting_key;
mod encrypting_key;
#[cfg(feature = "alloc")]
mod scheme;
mod signing_key;
mod verifying_key;

#[cfg(feature = "alloc")]
mod signature;
#[cfg(feature = "alloc")]
pub use self::{
    scheme::{Pkcs1v15Encrypt, Pkcs1v15Sign},
    signature::Signature,
};

mod bounded_signature;

pub use self::{
    bounded_signature::{BoundedSignature, Signatures},
    decrypting_key::{BoundedDecryptingKey, DecryptingKey},
    encrypting_key::{BoundedEncryptingKey, EncryptingKey},
    signing_key::{BoundedSigningKey, SigningKey},
    verifying_key::{BoundedVerifyingKey, RsaSignatureAssociatedOid, VerifyingKey},
};
