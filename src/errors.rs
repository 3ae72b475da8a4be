//! Error types, mirroring `rsa::errors` (0.10) variant for variant, plus the
//! few this crate adds for its fixed-capacity storage.

/// Alias for [`core::result::Result`] with this crate's [`Error`].
pub type Result<T> = core::result::Result<T, Error>;

/// Every way an RSA operation or key load can fail.
///
/// Decryption and verification failures are deliberately uninformative:
/// [`Error::Decryption`] and [`Error::Verification`] never say *why*.
#[derive(Clone, Debug, Eq, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// Invalid padding scheme.
    InvalidPaddingScheme,
    /// Decryption error (padding, length, or representative out of range).
    Decryption,
    /// Verification error.
    Verification,
    /// Message too long for the modulus and padding.
    MessageTooLong,
    /// Input must be hashed.
    InputNotHashed,
    /// Number of primes must be 2 or greater.
    NprimesTooSmall,
    /// Too few primes of a given length to generate an RSA key.
    TooFewPrimes,
    /// Invalid prime value (p·q ≠ n, p or q even or ≤ 1).
    InvalidPrime,
    /// Invalid modulus (even, or zero).
    InvalidModulus,
    /// Invalid exponent (d, dP or dQ inconsistent with the primes, or e even).
    InvalidExponent,
    /// Invalid CRT coefficient (qInv·q ≢ 1 mod p).
    InvalidCoefficient,
    /// Modulus too small (below 512 bits, or below the caller's minimum).
    ModulusTooSmall,
    /// Modulus too large for the configured maximum or the key's storage capacity.
    ModulusTooLarge,
    /// Public exponent too small (e ≤ 1).
    PublicExponentTooSmall,
    /// Public exponent too large (above 2³³ − 1, or e ≥ n).
    PublicExponentTooLarge,
    /// PKCS#1 encoding error.
    Pkcs1(pkcs1::Error),
    /// PKCS#8 encoding error.
    Pkcs8(pkcs8::Error),
    /// Internal error (a fault was detected in a private-key operation).
    Internal,
    /// Label too long.
    LabelTooLong,
    /// Invalid padding length.
    InvalidPadLen,
    /// Invalid arguments (e.g. an output buffer of the wrong length).
    InvalidArguments,
    /// Decoding error (a big integer that does not fit its precision).
    Decode(crypto_bigint::DecodeError),
    /// Random number generator error.
    Rng,
    /// Multi-prime keys (more than two primes) are rejected by this operation.
    MultiPrimeUnsupported,
}

impl core::error::Error for Error {}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::InvalidPaddingScheme => f.write_str("invalid padding scheme"),
            Error::Decryption => f.write_str("decryption error"),
            Error::Verification => f.write_str("verification error"),
            Error::MessageTooLong => f.write_str("message too long"),
            Error::InputNotHashed => f.write_str("input must be hashed"),
            Error::NprimesTooSmall => f.write_str("nprimes must be >= 2"),
            Error::TooFewPrimes => {
                f.write_str("too few primes of given length to generate an RSA key")
            }
            Error::InvalidPrime => f.write_str("invalid prime value"),
            Error::InvalidModulus => f.write_str("invalid modulus"),
            Error::InvalidExponent => f.write_str("invalid exponent"),
            Error::InvalidCoefficient => f.write_str("invalid coefficient"),
            Error::ModulusTooSmall => f.write_str("modulus too small"),
            Error::ModulusTooLarge => f.write_str("modulus too large"),
            Error::PublicExponentTooSmall => f.write_str("public exponent too small"),
            Error::PublicExponentTooLarge => f.write_str("public exponent too large"),
            Error::Pkcs1(err) => write!(f, "{err}"),
            Error::Pkcs8(err) => write!(f, "{err}"),
            Error::Internal => f.write_str("internal error"),
            Error::LabelTooLong => f.write_str("label too long"),
            Error::InvalidPadLen => f.write_str("invalid padding length"),
            Error::InvalidArguments => f.write_str("invalid arguments"),
            Error::Decode(err) => write!(f, "{err:?}"),
            Error::Rng => f.write_str("rng error"),
            Error::MultiPrimeUnsupported => f.write_str("multi-prime keys are not supported"),
        }
    }
}

impl From<pkcs1::Error> for Error {
    fn from(err: pkcs1::Error) -> Error {
        Error::Pkcs1(err)
    }
}

impl From<pkcs8::Error> for Error {
    fn from(err: pkcs8::Error) -> Error {
        Error::Pkcs8(err)
    }
}

impl From<crypto_bigint::DecodeError> for Error {
    fn from(err: crypto_bigint::DecodeError) -> Error {
        Error::Decode(err)
    }
}

impl From<Error> for signature::Error {
    #[cfg(feature = "alloc")]
    fn from(err: Error) -> Self {
        signature::Error::from_source(err)
    }

    #[cfg(not(feature = "alloc"))]
    fn from(_err: Error) -> Self {
        signature::Error::new()
    }
}
