//! Traits of the `rsa` 0.10 API.
//!
//! With the `rsa` feature (default), the encryption traits *are* `rsa`'s own
//! (`rsa::traits::{RandomizedEncryptor, Decryptor, RandomizedDecryptor,
//! EncryptingKeypair}`), so code generic over them accepts this crate's key
//! types; their errors are then `rsa::Error`, converted from [`Error`]
//! variant for variant. Without it, identical traits are defined here on
//! [`Error`]. [`PaddingScheme`] and [`SignatureScheme`] are this crate's
//! (theirs name `rsa`'s key types).

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
#[cfg(feature = "alloc")]
use rand_core::TryCryptoRng;

use crate::errors::Error;
#[cfg(feature = "alloc")]
use crate::{capacity::Capacity, BoundedPrivateKey, BoundedPublicKey};

#[cfg(feature = "rsa")]
pub use rsa::traits::{Decryptor, EncryptingKeypair, RandomizedDecryptor, RandomizedEncryptor};

/// The error type of the encryption traits: `rsa::Error` with the `rsa`
/// feature, this crate's [`Error`] without.
#[cfg(feature = "rsa")]
pub type TraitError = rsa::Error;
/// The error type of the encryption traits: `rsa::Error` with the `rsa`
/// feature, this crate's [`Error`] without.
#[cfg(not(feature = "rsa"))]
pub type TraitError = Error;

#[cfg(feature = "rsa")]
impl From<Error> for rsa::Error {
    fn from(err: Error) -> rsa::Error {
        match err {
            Error::InvalidPaddingScheme => rsa::Error::InvalidPaddingScheme,
            Error::Decryption => rsa::Error::Decryption,
            Error::Verification => rsa::Error::Verification,
            Error::MessageTooLong => rsa::Error::MessageTooLong,
            Error::InputNotHashed => rsa::Error::InputNotHashed,
            Error::NprimesTooSmall => rsa::Error::NprimesTooSmall,
            Error::TooFewPrimes => rsa::Error::TooFewPrimes,
            Error::InvalidPrime => rsa::Error::InvalidPrime,
            Error::InvalidModulus => rsa::Error::InvalidModulus,
            Error::InvalidExponent => rsa::Error::InvalidExponent,
            Error::InvalidCoefficient => rsa::Error::InvalidCoefficient,
            Error::ModulusTooSmall => rsa::Error::ModulusTooSmall,
            Error::ModulusTooLarge => rsa::Error::ModulusTooLarge,
            Error::PublicExponentTooSmall => rsa::Error::PublicExponentTooSmall,
            Error::PublicExponentTooLarge => rsa::Error::PublicExponentTooLarge,
            Error::Pkcs1(e) => rsa::Error::Pkcs1(e),
            Error::Pkcs8(e) => rsa::Error::Pkcs8(e),
            Error::Internal => rsa::Error::Internal,
            Error::LabelTooLong => rsa::Error::LabelTooLong,
            Error::InvalidPadLen => rsa::Error::InvalidPadLen,
            Error::InvalidArguments | Error::MultiPrimeUnsupported => rsa::Error::InvalidArguments,
            Error::Rng => rsa::Error::Rng,
        }
    }
}

#[cfg(all(feature = "alloc", not(feature = "rsa")))]
mod own {
    use super::*;
    use crate::errors::Result;

    /// Encrypt a message with a randomized scheme.
    pub trait RandomizedEncryptor {
        /// Encrypts `msg`.
        ///
        /// # Errors
        /// As the scheme's encryption.
        fn encrypt_with_rng<R: TryCryptoRng + ?Sized>(
            &self,
            rng: &mut R,
            msg: &[u8],
        ) -> Result<Vec<u8>>;
    }

    /// Decrypt a ciphertext.
    pub trait Decryptor {
        /// Decrypts `ciphertext`.
        ///
        /// # Errors
        /// As the scheme's decryption.
        fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>>;
    }

    /// Decrypt a ciphertext with an RNG (for blinding).
    pub trait RandomizedDecryptor {
        /// Decrypts `ciphertext`.
        ///
        /// # Errors
        /// As the scheme's decryption.
        fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
            &self,
            rng: &mut R,
            ciphertext: &[u8],
        ) -> Result<Vec<u8>>;
    }

    /// A key pair that can hand out its encrypting key.
    pub trait EncryptingKeypair {
        /// The encrypting key type.
        type EncryptingKey: Clone;
        /// The encrypting (public) key.
        fn encrypting_key(&self) -> Self::EncryptingKey;
    }
}

#[cfg(all(feature = "alloc", not(feature = "rsa")))]
pub use own::{Decryptor, EncryptingKeypair, RandomizedDecryptor, RandomizedEncryptor};

/// An encryption padding scheme usable with [`BoundedPrivateKey::decrypt`]
/// and [`BoundedPublicKey::encrypt`] (as `rsa::traits::PaddingScheme`).
#[cfg(feature = "alloc")]
pub trait PaddingScheme {
    /// Decrypts `ciphertext`; `rng` (if any) blinds the private operation.
    ///
    /// # Errors
    /// The scheme's decryption errors.
    fn decrypt<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &BoundedPrivateKey<C>,
        ciphertext: &[u8],
    ) -> crate::Result<Vec<u8>>;

    /// Encrypts `msg`.
    ///
    /// # Errors
    /// The scheme's encryption errors.
    fn encrypt<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: &mut Rng,
        pub_key: &BoundedPublicKey<C>,
        msg: &[u8],
    ) -> crate::Result<Vec<u8>>;
}

/// A signature scheme usable with [`BoundedPrivateKey::sign`] and
/// [`BoundedPublicKey::verify`] (as `rsa::traits::SignatureScheme`).
#[cfg(feature = "alloc")]
pub trait SignatureScheme {
    /// Signs the digest `hashed`; `rng` supplies salt / blinding where used.
    ///
    /// # Errors
    /// The scheme's signing errors.
    fn sign<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &BoundedPrivateKey<C>,
        hashed: &[u8],
    ) -> crate::Result<Vec<u8>>;

    /// Verifies `sig` over the digest `hashed`.
    ///
    /// # Errors
    /// [`Error::Verification`] (or an argument error) when it does not verify.
    fn verify<C: Capacity>(
        self,
        pub_key: &BoundedPublicKey<C>,
        hashed: &[u8],
        sig: &[u8],
    ) -> crate::Result<()>;
}

/// Public components of a key (as `rsa::traits::PublicKeyParts`, but `n()`
/// and `e()` return owned values: the key stores limbs, not `BoxedUint`s).
#[cfg(feature = "alloc")]
pub trait PublicKeyParts {
    /// The modulus `n`.
    fn n(&self) -> crypto_bigint::BoxedUint;
    /// The public exponent `e`.
    fn e(&self) -> crypto_bigint::BoxedUint;
    /// `k`: the modulus length in bytes.
    fn size(&self) -> usize;
    /// `n`, big-endian, `k` bytes.
    fn n_bytes(&self) -> alloc::boxed::Box<[u8]>;
    /// `e`, big-endian, without leading zeros.
    fn e_bytes(&self) -> alloc::boxed::Box<[u8]> {
        self.e().to_be_bytes_trimmed_vartime()
    }
}
