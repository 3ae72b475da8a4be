//! RSAES-OAEP (RFC 8017 §7.1) with a label and a separate MGF1 hash.
//!
//! Decryption is constant time in the padding's validity: the unmasking, the
//! label-hash comparison and the search for the `0x01` separator touch every
//! byte, and all failures return the same [`Error::Decryption`].

mod padding;

pub use padding::{eme_oaep_decode, eme_oaep_encode, eme_oaep_encode_with_seed};

use core::marker::PhantomData;

use digest::Digest;
use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::blinding::NoRng;
use crate::capacity::{Array, Capacity};
use crate::errors::{Error, Result};
use crate::key::{BoundedPrivateKey, BoundedPublicKey};

/// RSAES-OAEP encryption (RFC 8017 §7.1.1) with label hash `D` and MGF1 hash
/// `MGD`: `ct` receives `k` bytes.
///
/// # Errors
/// [`Error::InvalidArguments`] if `ct` is not `k` bytes;
/// [`Error::MessageTooLong`] if `msg` exceeds `k − 2·hLen − 2` bytes;
/// [`Error::LabelTooLong`]; [`Error::Rng`] if the generator fails.
pub fn encrypt_into<C: Capacity, D: Digest, MGD: Digest, R: TryCryptoRng + ?Sized>(
    key: &BoundedPublicKey<C>,
    rng: &mut R,
    msg: &[u8],
    label: &[u8],
    ct: &mut [u8],
) -> Result<()> {
    let k = key.size();
    if ct.len() != k {
        return Err(Error::InvalidArguments);
    }
    let mut em = C::Bytes::zeroed();
    let em = &mut em.as_mut()[..k];
    let result =
        eme_oaep_encode::<D, MGD, R>(rng, msg, label, em).and_then(|()| key.raw_public(em, ct));
    em.zeroize();
    result
}

/// RSAES-OAEP decryption (RFC 8017 §7.1.2): writes the message to the start
/// of `out` (at least `k` bytes) and returns its length.
///
/// # Errors
/// [`Error::Decryption`] for every invalid ciphertext (wrong length, not
/// below `n`, or bad encoding), or an `out` shorter than `k`;
/// [`Error::LabelTooLong`]; [`Error::Internal`] on a detected fault.
pub fn decrypt_into<C: Capacity, D: Digest, MGD: Digest>(
    key: &BoundedPrivateKey<C>,
    ct: &[u8],
    label: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    decrypt_with::<C, D, MGD, NoRng>(key, None, ct, label, out)
}

/// [`decrypt_into`] with the private operation blinded by `rng` (same result).
///
/// # Errors
/// As [`decrypt_into`]; [`Error::Rng`] if the generator fails.
pub fn decrypt_blinded_into<C: Capacity, D: Digest, MGD: Digest, R: TryCryptoRng + ?Sized>(
    key: &BoundedPrivateKey<C>,
    rng: &mut R,
    ct: &[u8],
    label: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    decrypt_with::<C, D, MGD, R>(key, Some(rng), ct, label, out)
}

pub(crate) fn decrypt_with<C: Capacity, D: Digest, MGD: Digest, R: TryCryptoRng + ?Sized>(
    key: &BoundedPrivateKey<C>,
    rng: Option<&mut R>,
    ct: &[u8],
    label: &[u8],
    out: &mut [u8],
) -> Result<usize> {
    key.decrypt_with_rng(rng, ct, out, |em| eme_oaep_decode::<D, MGD>(em, label))
}

/// RSAES-OAEP with label hash `D` and MGF1 hash `MGD`, as a
/// [`PaddingScheme`](crate::traits::PaddingScheme).
pub struct Oaep<D, MGD = D> {
    /// The label (empty when `None`).
    #[cfg(feature = "alloc")]
    pub label: Option<alloc::boxed::Box<[u8]>>,
    digests: PhantomData<fn() -> (D, MGD)>,
}

impl<D: Digest> Oaep<D> {
    /// OAEP with `D` for the label hash and MGF1, and an empty label.
    pub fn new() -> Self {
        Oaep {
            #[cfg(feature = "alloc")]
            label: None,
            digests: PhantomData,
        }
    }

    /// OAEP with `D` for both hashes and the given label.
    #[cfg(feature = "alloc")]
    pub fn new_with_label<S: Into<alloc::boxed::Box<[u8]>>>(label: S) -> Self {
        Oaep {
            label: Some(label.into()),
            digests: PhantomData,
        }
    }
}

impl<D: Digest> Default for Oaep<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D: Digest, MGD: Digest> Oaep<D, MGD> {
    /// OAEP with label hash `D`, MGF1 over `MGD`, and an empty label.
    pub fn new_with_mgf_hash() -> Self {
        Oaep {
            #[cfg(feature = "alloc")]
            label: None,
            digests: PhantomData,
        }
    }

    /// OAEP with label hash `D`, MGF1 over `MGD`, and the given label.
    #[cfg(feature = "alloc")]
    pub fn new_with_mgf_hash_and_label<S: Into<alloc::boxed::Box<[u8]>>>(label: S) -> Self {
        Oaep {
            label: Some(label.into()),
            digests: PhantomData,
        }
    }

    #[cfg(feature = "alloc")]
    pub(crate) fn label_bytes(&self) -> &[u8] {
        self.label.as_deref().unwrap_or(&[])
    }
}

impl<D, MGD> core::fmt::Debug for Oaep<D, MGD> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OAEP").finish_non_exhaustive()
    }
}

mod decrypting_key;
mod encrypting_key;

pub use self::{
    decrypting_key::DecryptingKey,
    encrypting_key::{EncryptingKey, MAX_LABEL_LEN},
};
