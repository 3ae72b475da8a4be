//! The traits of the `rsa` 0.10 API, with its signatures: key components
//! ([`PublicKeyParts`], [`PrivateKeyParts`]), padding and signature schemes
//! ([`PaddingScheme`], [`SignatureScheme`]) and the encryption traits. Code
//! generic over them, or implementing them for its own schemes, compiles
//! unchanged against this crate.

use alloc::boxed::Box;
use alloc::vec::Vec;

use crypto_bigint::modular::{BoxedMontyForm, BoxedMontyParams, MontyParams};
use crypto_bigint::{BoxedUint, NonZero, Odd};
use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::errors::Result;
use crate::{PrivateKey, PublicKey};

/// Components of an RSA public key.
pub trait PublicKeyParts {
    /// Returns the modulus of the key.
    fn n(&self) -> &NonZero<BoxedUint>;

    /// Returns the public exponent of the key.
    fn e(&self) -> &BoxedUint;

    /// Returns `k`, the modulus length in octets (RFC 8017): `ceil(modBits / 8)`.
    ///
    /// Ciphertexts and signatures have this length, including any leading
    /// zero octets. It may be smaller than the modulus's storage width.
    fn size(&self) -> usize {
        (self.n().bit_width() as usize).div_ceil(8)
    }

    /// Returns the Montgomery parameters of `n`.
    fn n_params(&self) -> &BoxedMontyParams;

    /// Returns the limb-aligned storage precision of `n`, in bits.
    ///
    /// It can exceed the modulus bit length (`modBits` in RFC 8017); use it
    /// for integer arithmetic and decoding representatives, and
    /// [`Self::size`] for wire encodings.
    fn n_bits_precision(&self) -> u32 {
        self.n().bits_precision()
    }

    /// Returns the big-endian serialization of the modulus, without leading zeros.
    fn n_bytes(&self) -> Box<[u8]> {
        self.n().to_be_bytes_trimmed_vartime()
    }

    /// Returns the big-endian serialization of the public exponent, without leading zeros.
    fn e_bytes(&self) -> Box<[u8]> {
        self.e().to_be_bytes_trimmed_vartime()
    }
}

/// Components of an RSA private key.
///
/// Implementations used for private operations must choose all storage
/// precisions from public parameters, never from the significant bits of a
/// secret component: `d`, `dP` and `dQ` are processed over their full
/// storage precision. [`PrivateKey`] does so from its construction.
pub trait PrivateKeyParts: PublicKeyParts {
    /// Returns the private exponent `d`.
    fn d(&self) -> &BoxedUint;

    /// Returns the prime factors.
    fn primes(&self) -> &[Odd<BoxedUint>];

    /// Returns the Montgomery parameters of the prime `p`, if precomputed.
    fn p(&self) -> Option<&MontyParams<BoxedUint>>;

    /// Returns the Montgomery parameters of the prime `q`, if precomputed.
    fn q(&self) -> Option<&MontyParams<BoxedUint>>;

    /// Returns `dP = d mod (p − 1)`, if precomputed.
    fn dp(&self) -> Option<&BoxedUint>;

    /// Returns `dQ = d mod (q − 1)`, if precomputed.
    fn dq(&self) -> Option<&BoxedUint>;

    /// Returns `qInv = q⁻¹ mod p` in Montgomery form, if precomputed.
    fn qinv(&self) -> Option<&BoxedMontyForm>;

    /// Returns the CRT values of further primes (multi-prime keys): always
    /// `None` here, as in `rsa` 0.10.
    fn crt_values(&self) -> Option<&[CrtValue]>;
}

/// Precomputed CRT values of a further prime of a multi-prime key (RFC 8017
/// §3.2 `OtherPrimeInfo`).
#[derive(Debug, Clone)]
pub struct CrtValue {
    /// `d mod (prime − 1)`.
    pub(crate) exp: BoxedUint,
    /// `R·Coeff ≡ 1 mod prime`.
    pub(crate) coeff: BoxedUint,
    /// Product of the primes before this one (including `p` and `q`).
    pub(crate) r: BoxedUint,
}

impl Zeroize for CrtValue {
    fn zeroize(&mut self) {
        self.exp.zeroize();
        self.coeff.zeroize();
        self.r.zeroize();
    }
}

impl Drop for CrtValue {
    fn drop(&mut self) {
        self.zeroize();
    }
}

/// Padding scheme used for encryption.
pub trait PaddingScheme {
    /// Decrypts `ciphertext` with `priv_key`; an `rng` blinds the private
    /// operation.
    ///
    /// # Errors
    /// The scheme's decryption errors.
    fn decrypt<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &PrivateKey,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>>;

    /// Encrypts `msg` with `pub_key`.
    ///
    /// # Errors
    /// The scheme's encryption errors.
    fn encrypt<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: &mut Rng,
        pub_key: &PublicKey,
        msg: &[u8],
    ) -> Result<Vec<u8>>;
}

/// Digital signature scheme.
pub trait SignatureScheme {
    /// Signs the digest `hashed`; `rng` supplies randomness where the scheme
    /// uses it (PSS salt) and blinds the private operation.
    ///
    /// # Errors
    /// The scheme's signing errors.
    fn sign<Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &PrivateKey,
        hashed: &[u8],
    ) -> Result<Vec<u8>>;

    /// Verifies `sig` over the digest `hashed`.
    ///
    /// # Errors
    /// [`Error::Verification`](crate::Error::Verification) (or an argument
    /// error) when it does not verify.
    fn verify(self, pub_key: &PublicKey, hashed: &[u8], sig: &[u8]) -> Result<()>;
}

/// Encrypt a message with a randomized scheme.
pub trait RandomizedEncryptor {
    /// Encrypts `msg`.
    ///
    /// # Errors
    /// The scheme's encryption errors.
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
    /// The scheme's decryption errors.
    fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>>;
}

/// Decrypt a ciphertext, blinding the private operation with an RNG.
pub trait RandomizedDecryptor {
    /// Decrypts `ciphertext`.
    ///
    /// # Errors
    /// The scheme's decryption errors.
    fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>>;
}

/// An encryption key pair that hands out its encrypting key.
pub trait EncryptingKeypair {
    /// The encrypting key type.
    type EncryptingKey: Clone;

    /// The key that encrypts messages for this key pair's decryption key.
    fn encrypting_key(&self) -> Self::EncryptingKey;
}
