//! The `rsa` 0.10 API of RSASSA-PSS on the heap keys: the scheme value
//! [`Pss`] and the `pss_*` methods of [`PublicKey`] and [`PrivateKey`].

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use digest::{Digest, FixedOutputReset};
use rand_core::TryCryptoRng;

use super::{sign_with, verify_prehash};
use crate::blinding::NoRng;
use crate::errors::{Error, Result};
use crate::traits::{PublicKeyParts, SignatureScheme};
use crate::wipe::Wiped;
use crate::{PrivateKey, PublicKey};

/// RSASSA-PSS signing with a `salt_len`-byte salt from `rng`, the private
/// operation blinded by the same `rng` when `blind`.
pub(super) fn sign<R: TryCryptoRng + ?Sized, D: Digest>(
    rng: &mut R,
    blind: bool,
    key: &PrivateKey,
    hashed: &[u8],
    salt_len: usize,
) -> Result<Vec<u8>> {
    let mut salt = Wiped::new(vec![0u8; salt_len]);
    rng.try_fill_bytes(&mut salt).map_err(|_| Error::Rng)?;
    let mut sig = vec![0; key.size()];
    if blind {
        sign_with::<_, D, D, R>(key, Some(rng), hashed, &salt, &mut sig)?;
    } else {
        sign_with::<_, D, D, NoRng>(key, None, hashed, &salt, &mut sig)?;
    }
    Ok(sig)
}

/// RSASSA-PSS signatures (RFC 8017 §8.1) with digest `D` and MGF1 over `D`,
/// as a [`SignatureScheme`].
pub struct Pss<D> {
    /// Blind the private operation with the signing RNG (on by default; the
    /// signature format is the same either way).
    pub blinded: bool,
    /// The digest.
    pub digest: D,
    /// Salt length: required for signing; for verifying, `None` detects it.
    pub salt_len: Option<usize>,
}

impl<D> Default for Pss<D>
where
    D: Digest,
{
    fn default() -> Self {
        Self::new()
    }
}

impl<D> Pss<D>
where
    D: Digest,
{
    /// PSS with a salt as long as the digest (TLS 1.3's choice, RFC 8446
    /// §4.2.3).
    #[must_use]
    pub fn new() -> Self {
        Self::new_with_salt(<D as Digest>::output_size())
    }

    /// PSS with a `len`-byte salt.
    #[must_use]
    pub fn new_with_salt(len: usize) -> Self {
        Self {
            blinded: true,
            digest: D::new(),
            salt_len: Some(len),
        }
    }

    /// As [`Pss::new`] (blinding is on by default).
    #[must_use]
    pub fn new_blinded() -> Self {
        Self::new_blinded_with_salt(<D as Digest>::output_size())
    }

    /// As [`Pss::new_with_salt`] (blinding is on by default).
    #[must_use]
    pub fn new_blinded_with_salt(len: usize) -> Self {
        Self::new_with_salt(len)
    }
}

impl<D> SignatureScheme for Pss<D>
where
    D: Digest + FixedOutputReset,
{
    fn sign<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &PrivateKey,
        hashed: &[u8],
    ) -> Result<Vec<u8>> {
        let rng = rng.ok_or(Error::InvalidPaddingScheme)?;
        let salt_len = self.salt_len.ok_or(Error::InvalidPaddingScheme)?;
        sign::<Rng, D>(rng, self.blinded, priv_key, hashed, salt_len)
    }

    fn verify(self, pub_key: &PublicKey, hashed: &[u8], sig: &[u8]) -> Result<()> {
        verify_prehash::<_, D>(pub_key, hashed, sig, self.salt_len)
    }
}

impl<D> fmt::Debug for Pss<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PSS")
            .field("blinded", &self.blinded)
            .field("digest", &"...")
            .field("salt_len", &self.salt_len)
            .finish()
    }
}

impl PublicKey {
    /// RSASSA-PSS verification of `msg` hashed with `D`, with a salt as long
    /// as the digest. For other salt lengths or detection, use
    /// [`VerifyingKey`](super::VerifyingKey).
    ///
    /// # Errors
    /// [`Error::Verification`], including for another salt length.
    pub fn pss_verify<D: Digest + FixedOutputReset>(&self, msg: &[u8], sig: &[u8]) -> Result<()> {
        self.pss_verify_prehash::<D>(&D::digest(msg), sig)
    }

    /// RSASSA-PSS verification of a `D` digest, with a salt as long as the
    /// digest.
    ///
    /// # Errors
    /// [`Error::Verification`], including for a digest of the wrong length.
    pub fn pss_verify_prehash<D: Digest + FixedOutputReset>(
        &self,
        hash: &[u8],
        sig: &[u8],
    ) -> Result<()> {
        verify_prehash::<_, D>(self, hash, sig, Some(<D as Digest>::output_size()))
    }
}

impl PrivateKey {
    /// RSASSA-PSS signature of `msg` hashed with `D`; the system RNG supplies
    /// the salt (as long as the digest) and the blinding.
    ///
    /// # Errors
    /// [`Error::Internal`] if the key is too small for the digest and salt;
    /// [`Error::Rng`].
    #[cfg(feature = "getrandom")]
    pub fn pss_sign<D: Digest + FixedOutputReset>(&self, msg: &[u8]) -> Result<Vec<u8>> {
        self.pss_sign_with_rng::<D, _>(&mut getrandom::SysRng, msg)
    }

    /// RSASSA-PSS signature of a `D` digest with the system RNG.
    ///
    /// # Errors
    /// [`Error::InputNotHashed`] for a digest of the wrong length; as
    /// [`Self::pss_sign`].
    #[cfg(feature = "getrandom")]
    pub fn pss_sign_prehash<D: Digest + FixedOutputReset>(&self, hash: &[u8]) -> Result<Vec<u8>> {
        self.pss_sign_prehash_with_rng::<D, _>(&mut getrandom::SysRng, hash)
    }

    /// RSASSA-PSS signature of `msg` hashed with `D`; `rng` supplies the
    /// salt (as long as the digest) and the blinding.
    ///
    /// # Errors
    /// As [`Self::pss_sign_prehash_with_rng`].
    pub fn pss_sign_with_rng<D: Digest + FixedOutputReset, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        self.pss_sign_prehash_with_rng::<D, R>(rng, &D::digest(msg))
    }

    /// RSASSA-PSS signature of a `D` digest.
    ///
    /// # Errors
    /// [`Error::InputNotHashed`] for a digest of the wrong length;
    /// [`Error::Internal`] if the key is too small; [`Error::Rng`].
    pub fn pss_sign_prehash_with_rng<D: Digest + FixedOutputReset, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        hash: &[u8],
    ) -> Result<Vec<u8>> {
        if hash.len() != <D as Digest>::output_size() {
            return Err(Error::InputNotHashed);
        }
        sign::<R, D>(rng, true, self, hash, <D as Digest>::output_size())
    }
}
