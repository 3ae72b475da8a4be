//! The `rsa` 0.10 API of RSAES-OAEP on the heap keys: the scheme value
//! [`Oaep`] and the `oaep_*` methods of [`PublicKey`] and [`PrivateKey`].

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use digest::{Digest, FixedOutputReset};
use rand_core::TryCryptoRng;

use super::{decrypt_with, encrypt_into};
use crate::errors::{Error, Result};
use crate::key::heap::check_public;
use crate::key::PrivateOps;
use crate::storage::{default_rng, KeyStorage};
use crate::traits::{PaddingScheme, PublicKeyParts};
use crate::{PrivateKey, PublicKey};

/// RSAES-OAEP encryption under `label` (empty if `None`).
pub(super) fn encrypt<R: TryCryptoRng + ?Sized, D: Digest, MGD: Digest, K: KeyStorage>(
    rng: &mut R,
    key: &K,
    msg: &[u8],
    label: Option<&[u8]>,
) -> Result<Vec<u8>> {
    key.check_public()?;
    let mut ct = vec![0; key.modulus_len()];
    encrypt_into::<_, D, MGD, R>(key, rng, msg, label.unwrap_or_default(), &mut ct)?;
    Ok(ct)
}

/// RSAES-OAEP decryption under `label` (empty if `None`); the leading
/// octet of the encoded message is ignored (draft-irtf-cfrg-rsa-guidance §7).
pub(super) fn decrypt<R: TryCryptoRng + ?Sized, D: Digest, MGD: Digest, K: PrivateOps>(
    rng: Option<&mut R>,
    key: &K,
    ciphertext: &[u8],
    label: Option<&[u8]>,
) -> Result<Vec<u8>> {
    let mut out = vec![0; key.modulus_len()];
    let len =
        decrypt_with::<_, D, MGD, R>(key, rng, ciphertext, label.unwrap_or_default(), &mut out)?;
    out.truncate(len);
    Ok(out)
}

/// RSAES-OAEP (RFC 8017 §7.1) with label hash `D` and MGF1 over `MGD`, as a
/// [`PaddingScheme`].
pub struct Oaep<D, MGD = D> {
    /// The digest of the label (its output size is `hLen`).
    pub digest: D,
    /// The digest of MGF1.
    pub mgf_digest: MGD,
    /// The label (empty if `None`).
    pub label: Option<Box<[u8]>>,
}

impl<D> Default for Oaep<D>
where
    D: Digest + FixedOutputReset,
{
    fn default() -> Self {
        Self::new()
    }
}

impl<D> Oaep<D>
where
    D: Digest + FixedOutputReset,
{
    /// OAEP with `D` for the label and MGF1, and an empty label.
    #[must_use]
    pub fn new() -> Self {
        Self {
            digest: D::new(),
            mgf_digest: D::new(),
            label: None,
        }
    }

    /// OAEP with `D` for the label and MGF1, and `label`.
    pub fn new_with_label<S: Into<Box<[u8]>>>(label: S) -> Self {
        Self {
            digest: D::new(),
            mgf_digest: D::new(),
            label: Some(label.into()),
        }
    }
}

impl<D, MGD> Oaep<D, MGD>
where
    D: Digest + FixedOutputReset,
    MGD: Digest + FixedOutputReset,
{
    /// OAEP with `D` for the label, `MGD` for MGF1, and an empty label.
    #[must_use]
    pub fn new_with_mgf_hash() -> Self {
        Self {
            digest: D::new(),
            mgf_digest: MGD::new(),
            label: None,
        }
    }

    /// OAEP with `D` for the label, `MGD` for MGF1, and `label`.
    pub fn new_with_mgf_hash_and_label<S: Into<Box<[u8]>>>(label: S) -> Self {
        Self {
            digest: D::new(),
            mgf_digest: MGD::new(),
            label: Some(label.into()),
        }
    }
}

impl<D, MGD> PaddingScheme for Oaep<D, MGD>
where
    D: Digest + FixedOutputReset,
    MGD: Digest + FixedOutputReset,
{
    fn decrypt<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &PrivateKey,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        if ciphertext.len() != priv_key.size() {
            return Err(Error::Decryption);
        }
        decrypt::<Rng, D, MGD, _>(rng, priv_key, ciphertext, self.label.as_deref()).map_err(|e| {
            match e {
                Error::LabelTooLong => Error::Decryption,
                e => e,
            }
        })
    }

    fn encrypt<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: &mut Rng,
        pub_key: &PublicKey,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        encrypt::<Rng, D, MGD, _>(rng, pub_key, msg, self.label.as_deref())
    }
}

impl<D, MGD> fmt::Debug for Oaep<D, MGD> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OAEP")
            .field("digest", &"...")
            .field("mgf_digest", &"...")
            .field("label", &self.label)
            .finish()
    }
}

impl PublicKey {
    /// RSAES-OAEP encryption with `D` (label hash and MGF1), an empty
    /// label and the system RNG.
    ///
    /// # Errors
    /// [`Error::MessageTooLong`] for a message longer than `k − 2·hLen − 2`
    /// bytes; [`Error::Rng`]; the exponent checks of [`PublicKey::new`].
    #[cfg(feature = "getrandom")]
    pub fn oaep_encrypt<D: Digest + FixedOutputReset>(&self, plaintext: &[u8]) -> Result<Vec<u8>> {
        self.oaep_encrypt_with_rng::<D, _>(&mut getrandom::SysRng, plaintext)
    }

    /// RSAES-OAEP encryption with `D` (label hash and MGF1) and an empty
    /// label.
    ///
    /// # Errors
    /// As [`Self::oaep_encrypt`].
    pub fn oaep_encrypt_with_rng<D: Digest + FixedOutputReset, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        plaintext: &[u8],
    ) -> Result<Vec<u8>> {
        encrypt::<R, D, D, _>(rng, self, plaintext, None)
    }
}

impl PrivateKey {
    /// RSAES-OAEP decryption with `D` (label hash and MGF1) and an empty
    /// label, blinded with the system RNG when there is one.
    ///
    /// # Errors
    /// [`Error::Decryption`] for every invalid ciphertext;
    /// [`Error::Internal`] on a detected fault.
    pub fn oaep_decrypt<D: Digest + FixedOutputReset>(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        check_public(self)?;
        decrypt::<_, D, D, _>(default_rng::<Self>().as_mut(), self, ciphertext, None)
    }

    /// As [`Self::oaep_decrypt`], blinded with `rng`.
    ///
    /// # Errors
    /// As [`Self::oaep_decrypt`]; [`Error::Rng`].
    pub fn oaep_decrypt_with_rng<D: Digest + FixedOutputReset, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        check_public(self)?;
        decrypt::<R, D, D, _>(Some(rng), self, ciphertext, None)
    }
}
