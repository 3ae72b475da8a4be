//! The `rsa` 0.10 API of RSASSA-PKCS1-v1_5 and RSAES-PKCS1-v1_5 on the
//! heap keys: the scheme values [`Pkcs1v15Sign`] and [`Pkcs1v15Encrypt`],
//! and the `pkcs1v15_*` methods of [`PublicKey`] and [`PrivateKey`]. All of
//! it runs the slice functions of the module on the heap keys.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use digest::const_oid::AssociatedOid;
use digest::Digest;
use rand_core::TryCryptoRng;

use super::{decrypt_with, encrypt_into, sign_prehash_with, verify_prehash, DigestInfoPrefix};
use crate::errors::{Error, Result};
use crate::storage::{default_rng, KeyStorage, PrivateKeyStorage};
use crate::traits::{PaddingScheme, PublicKeyParts, SignatureScheme};
use crate::{PrivateKey, PublicKey};

/// RSASSA-PKCS1-v1_5 signing: the `k`-byte signature of a digest.
pub(super) fn sign<R: TryCryptoRng + ?Sized>(
    rng: Option<&mut R>,
    key: &PrivateKey,
    prefix: &[u8],
    hashed: &[u8],
) -> Result<Vec<u8>> {
    let mut sig = vec![0; key.size()];
    sign_prehash_with(key, rng, prefix, hashed, &mut sig)?;
    Ok(sig)
}

/// RSAES-PKCS1-v1_5 encryption of `msg`.
pub(super) fn encrypt<K: KeyStorage, R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    key: &K,
    msg: &[u8],
) -> Result<Vec<u8>> {
    key.check_public()?;
    let mut ct = vec![0; key.modulus_len()];
    encrypt_into(key, rng, msg, &mut ct)?;
    Ok(ct)
}

/// RSAES-PKCS1-v1_5 decryption with implicit rejection
/// (draft-irtf-cfrg-rsa-guidance §7.2): invalid padding gives a synthetic
/// message, never an error.
pub(super) fn decrypt<K: PrivateKeyStorage, R: TryCryptoRng + ?Sized>(
    rng: Option<&mut R>,
    key: &K,
    ciphertext: &[u8],
) -> Result<Vec<u8>> {
    key.check_public()?;
    let k = key.modulus_len();
    // RFC 8017 §7.2.2 step 1; the implicit rejection PRF encodes the
    // message length in two octets, which bounds k.
    if k < 11 || ciphertext.len() != k || k > 8191 {
        return Err(Error::Decryption);
    }
    let mut out = vec![0; k];
    let len = decrypt_with(key, rng, ciphertext, &mut out)?;
    out.truncate(len);
    Ok(out)
}

fn check_hash_len(hash_len: Option<usize>, hashed: &[u8]) -> Result<()> {
    match hash_len {
        Some(len) if len != hashed.len() => Err(Error::InputNotHashed),
        _ => Ok(()),
    }
}

/// RSASSA-PKCS1-v1_5 (RFC 8017 §8.2), as a [`SignatureScheme`].
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Pkcs1v15Sign {
    /// Length of the digest, checked when `Some`.
    pub hash_len: Option<usize>,
    /// DigestInfo prefix (empty for unprefixed signatures).
    pub prefix: Box<[u8]>,
}

impl Pkcs1v15Sign {
    /// The scheme for digest `D`, with its DigestInfo prefix (the digest
    /// needs its `oid` feature).
    #[must_use]
    pub fn new<D: Digest + AssociatedOid>() -> Self {
        Self {
            hash_len: Some(<D as Digest>::output_size()),
            prefix: DigestInfoPrefix::new::<D>().as_bytes().into(),
        }
    }

    /// The unprefixed variant: the "digest" is signed as given (e.g. TLS
    /// 1.1's MD5‖SHA-1). `hash_len` is `None` and the prefix empty.
    #[must_use]
    pub fn new_unprefixed() -> Self {
        Self {
            hash_len: None,
            prefix: Box::new([]),
        }
    }
}

impl SignatureScheme for Pkcs1v15Sign {
    fn sign<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &PrivateKey,
        hashed: &[u8],
    ) -> Result<Vec<u8>> {
        check_hash_len(self.hash_len, hashed)?;
        sign(rng, priv_key, &self.prefix, hashed)
    }

    fn verify(self, pub_key: &PublicKey, hashed: &[u8], sig: &[u8]) -> Result<()> {
        check_hash_len(self.hash_len, hashed)?;
        verify_prehash(pub_key, &self.prefix, hashed, sig)
    }
}

/// RSAES-PKCS1-v1_5 (RFC 8017 §7.2), as a [`PaddingScheme`]. Decryption
/// uses implicit rejection: invalid padding yields a deterministic synthetic
/// message (as `rsa` 0.10, byte for byte), so the protocol must
/// authenticate what it decrypts.
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq)]
pub struct Pkcs1v15Encrypt;

impl PaddingScheme for Pkcs1v15Encrypt {
    fn decrypt<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &PrivateKey,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        decrypt(rng, priv_key, ciphertext)
    }

    fn encrypt<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: &mut Rng,
        pub_key: &PublicKey,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        encrypt(rng, pub_key, msg)
    }
}

impl PublicKey {
    /// RSAES-PKCS1-v1_5 encryption with the system RNG.
    ///
    /// # Errors
    /// [`Error::MessageTooLong`] for a message longer than `k − 11` bytes;
    /// [`Error::Rng`]; the exponent checks of [`PublicKey::new`].
    #[cfg(feature = "getrandom")]
    pub fn pkcs1v15_encrypt(&self, plaintext: &[u8]) -> Result<Vec<u8>> {
        encrypt(&mut getrandom::SysRng, self, plaintext)
    }

    /// RSAES-PKCS1-v1_5 encryption.
    ///
    /// # Errors
    /// As [`Self::pkcs1v15_encrypt`].
    pub fn pkcs1v15_encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        plaintext: &[u8],
    ) -> Result<Vec<u8>> {
        encrypt(rng, self, plaintext)
    }

    /// RSASSA-PKCS1-v1_5 verification of `msg` hashed with `D`.
    ///
    /// # Errors
    /// [`Error::Verification`].
    pub fn pkcs1v15_verify<D: Digest + AssociatedOid>(&self, msg: &[u8], sig: &[u8]) -> Result<()> {
        self.pkcs1v15_verify_prehash::<D>(&D::digest(msg), sig)
    }

    /// RSASSA-PKCS1-v1_5 verification of a `D` digest.
    ///
    /// # Errors
    /// [`Error::InputNotHashed`] for a digest of the wrong length;
    /// [`Error::Verification`].
    pub fn pkcs1v15_verify_prehash<D: Digest + AssociatedOid>(
        &self,
        hash: &[u8],
        sig: &[u8],
    ) -> Result<()> {
        self.verify(Pkcs1v15Sign::new::<D>(), hash, sig)
    }
}

impl PrivateKey {
    /// RSAES-PKCS1-v1_5 decryption with implicit rejection, blinded with the
    /// system RNG when there is one.
    ///
    /// # Errors
    /// [`Error::Decryption`] for a ciphertext that is not `k` bytes or not
    /// below `n` (never for bad padding); [`Error::Internal`] on a detected
    /// fault.
    pub fn pkcs1v15_decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        decrypt(default_rng::<Self>().as_mut(), self, ciphertext)
    }

    /// As [`Self::pkcs1v15_decrypt`], blinded with `rng`.
    ///
    /// # Errors
    /// As [`Self::pkcs1v15_decrypt`]; [`Error::Rng`].
    pub fn pkcs1v15_decrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        decrypt(Some(rng), self, ciphertext)
    }

    /// RSASSA-PKCS1-v1_5 signature of `msg` hashed with `D`.
    ///
    /// # Errors
    /// [`Error::MessageTooLong`] if the key is too small for the DigestInfo;
    /// [`Error::Internal`] on a detected fault.
    pub fn pkcs1v15_sign<D: Digest + AssociatedOid>(&self, msg: &[u8]) -> Result<Vec<u8>> {
        self.pkcs1v15_sign_prehash::<D>(&D::digest(msg))
    }

    /// RSASSA-PKCS1-v1_5 signature of a `D` digest.
    ///
    /// # Errors
    /// [`Error::InputNotHashed`] for a digest of the wrong length; as
    /// [`Self::pkcs1v15_sign`].
    pub fn pkcs1v15_sign_prehash<D: Digest + AssociatedOid>(&self, hash: &[u8]) -> Result<Vec<u8>> {
        let scheme = Pkcs1v15Sign::new::<D>();
        check_hash_len(scheme.hash_len, hash)?;
        sign(default_rng::<Self>().as_mut(), self, &scheme.prefix, hash)
    }

    /// As [`Self::pkcs1v15_sign`], blinded with `rng` (same signature).
    ///
    /// # Errors
    /// As [`Self::pkcs1v15_sign`]; [`Error::Rng`].
    pub fn pkcs1v15_sign_with_rng<D: Digest + AssociatedOid, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        self.pkcs1v15_sign_prehash_with_rng::<D, R>(rng, &D::digest(msg))
    }

    /// As [`Self::pkcs1v15_sign_prehash`], blinded with `rng`.
    ///
    /// # Errors
    /// As [`Self::pkcs1v15_sign_prehash`]; [`Error::Rng`].
    pub fn pkcs1v15_sign_prehash_with_rng<D: Digest + AssociatedOid, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        hash: &[u8],
    ) -> Result<Vec<u8>> {
        self.sign_with_rng(rng, Pkcs1v15Sign::new::<D>(), hash)
    }
}
