//! RSAES-OAEP (RFC 8017 §7.1) with a label and a separate MGF1 hash.
//!
//! Decryption is constant time in the padding's validity: the unmasking, the
//! label-hash comparison and the search for the `0x01` separator touch every
//! byte, and all failures return the same [`Error::Decryption`].

mod padding;

pub use padding::{
    eme_oaep_decode, eme_oaep_decode_strict, eme_oaep_encode, eme_oaep_encode_with_seed,
};

use digest::Digest;
use rand_core::TryCryptoRng;

use crate::blinding::NoRng;
#[cfg(doc)]
use crate::errors::Error;
use crate::errors::Result;
use crate::key::{rsaes_decrypt, rsaes_encrypt, PrivateOps, PublicOps};

/// RSAES-OAEP encryption (RFC 8017 §7.1.1) with label hash `D` and MGF1 hash
/// `MGD`: `ct` receives `k` bytes.
///
/// # Errors
/// [`Error::InvalidArguments`] if `ct` is not `k` bytes;
/// [`Error::MessageTooLong`] if `msg` exceeds `k − 2·hLen − 2` bytes;
/// [`Error::LabelTooLong`]; [`Error::Rng`] if the generator fails.
pub fn encrypt_into<K: PublicOps + ?Sized, D: Digest, MGD: Digest, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: &mut R,
    msg: &[u8],
    label: &[u8],
    ct: &mut [u8],
) -> Result<()> {
    rsaes_encrypt(key, ct, |em| {
        eme_oaep_encode::<D, MGD, R>(rng, msg, label, em)
    })
}

/// RSAES-OAEP decryption (RFC 8017 §7.1.2): writes the message to the start
/// of `out` (at least `k` bytes) and returns its length.
///
/// # Errors
/// [`Error::Decryption`] for every invalid ciphertext (wrong length, not
/// below `n`, or bad encoding); [`Error::InvalidArguments`] for an `out`
/// shorter than `k`; [`Error::LabelTooLong`]; [`Error::Internal`] on a
/// detected fault.
pub fn decrypt_into<K: PrivateOps, D: Digest, MGD: Digest>(
    key: &K,
    ct: &[u8],
    label: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    decrypt_with::<K, D, MGD, NoRng>(key, None, ct, label, out)
}

/// [`decrypt_into`] that also rejects a nonzero leading octet `Y` of the
/// encoded message (RFC 8017 §7.1.2 step 3.g), where the default follows
/// draft-irtf-cfrg-rsa-guidance §7 and `rsa` 0.10 and ignores it: the strict
/// policy, as an explicit choice.
///
/// # Errors
/// As [`decrypt_into`].
pub fn decrypt_strict_into<K: PrivateOps, D: Digest, MGD: Digest>(
    key: &K,
    ct: &[u8],
    label: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    rsaes_decrypt::<K, NoRng>(key, None, ct, out, |em| {
        eme_oaep_decode_strict::<D, MGD>(em, label)
    })
}

/// [`decrypt_into`] with the private operation blinded by `rng` (same result).
///
/// # Errors
/// As [`decrypt_into`]; [`Error::Rng`] if the generator fails.
pub fn decrypt_blinded_into<K: PrivateOps, D: Digest, MGD: Digest, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: &mut R,
    ct: &[u8],
    label: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    decrypt_with::<K, D, MGD, R>(key, Some(rng), ct, label, out)
}

pub(crate) fn decrypt_with<
    K: PrivateOps + ?Sized,
    D: Digest,
    MGD: Digest,
    R: TryCryptoRng + ?Sized,
>(
    key: &K,
    rng: Option<&mut R>,
    ct: &[u8],
    label: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    rsaes_decrypt(key, rng, ct, out, |em| eme_oaep_decode::<D, MGD>(em, label))
}

mod decrypting_key;
mod encrypting_key;
mod label;
#[cfg(feature = "alloc")]
mod scheme;

#[cfg(feature = "alloc")]
pub use self::scheme::Oaep;
pub use self::{
    decrypting_key::{BoundedDecryptingKey, DecryptingKey},
    encrypting_key::{BoundedEncryptingKey, EncryptingKey},
    label::{OaepLabel, MAX_LABEL_LEN},
};
#[doc(hidden)]
pub use label::Label;
