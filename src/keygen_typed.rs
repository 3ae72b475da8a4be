//! `random` constructors and `Generate` for the typed keys, as in `rsa`
//! 0.10 (`pkcs1v15::SigningKey::random`, `pss::SigningKey::random`, …):
//! each generates a [`BoundedPrivateKey`] with
//! [`BoundedPrivateKey::new`] (FIPS 186-5 probable primes, `e = 65537`,
//! 2048 bits and up) and wraps it. The decrypting keys get the same
//! constructor, which `rsa` 0.10 lacks. `Generate` (with the `rsa`
//! feature) makes [`BoundedPrivateKey::DEFAULT_BITS`]-bit keys.

use crypto_common::Generate;
use digest::const_oid::AssociatedOid;
use digest::Digest;
use rand_core::TryCryptoRng;

use crate::capacity::Capacity;
use crate::errors::Result;
use crate::key::generate::try_generate_default;
use crate::key::BoundedPrivateKey;
use crate::{oaep, pkcs1v15, pss};

impl<D, C: Capacity> pkcs1v15::BoundedSigningKey<D, C>
where
    D: Digest + AssociatedOid,
{
    /// Generates a new signing key with a `bit_size`-bit modulus and the
    /// DigestInfo prefix of `D`.
    ///
    /// # Errors
    /// As [`BoundedPrivateKey::new`].
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Ok(Self::new(BoundedPrivateKey::new(rng, bit_size)?))
    }
}

impl<D, C: Capacity> pkcs1v15::BoundedSigningKey<D, C>
where
    D: Digest,
{
    /// Generates a new signing key with a `bit_size`-bit modulus and an
    /// empty prefix (see [`Self::new_unprefixed`]).
    ///
    /// # Errors
    /// As [`BoundedPrivateKey::new`].
    pub fn random_unprefixed<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
    ) -> Result<Self> {
        Ok(Self::new_unprefixed(BoundedPrivateKey::new(rng, bit_size)?))
    }
}

/// A key of [`BoundedPrivateKey::DEFAULT_BITS`] bits with `e = 65537` and
/// the prefix of `D` (`rsa` feature, see `Generate` for
/// [`BoundedPrivateKey`]).
impl<D, C: Capacity> Generate for pkcs1v15::BoundedSigningKey<D, C>
where
    D: Digest + AssociatedOid,
{
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> core::result::Result<Self, R::Error> {
        try_generate_default(rng, Self::new)
    }
}

impl<D, C: Capacity> pss::BoundedSigningKey<D, C>
where
    D: Digest,
{
    /// Generates a new RSASSA-PSS signing key with a `bit_size`-bit
    /// modulus; the digest output size is used as the salt length.
    ///
    /// # Errors
    /// As [`BoundedPrivateKey::new`].
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Ok(Self::new(BoundedPrivateKey::new(rng, bit_size)?))
    }

    /// Generates a new RSASSA-PSS signing key with a `bit_size`-bit modulus
    /// and a salt of `salt_len` bytes.
    ///
    /// # Errors
    /// As [`BoundedPrivateKey::new`].
    pub fn random_with_salt_len<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        salt_len: usize,
    ) -> Result<Self> {
        Ok(Self::new_with_salt_len(
            BoundedPrivateKey::new(rng, bit_size)?,
            salt_len,
        ))
    }
}

/// A key of [`BoundedPrivateKey::DEFAULT_BITS`] bits with `e = 65537`; the
/// digest output size is the salt length (`rsa` feature).
impl<D, C: Capacity> Generate for pss::BoundedSigningKey<D, C>
where
    D: Digest,
{
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> core::result::Result<Self, R::Error> {
        try_generate_default(rng, Self::new)
    }
}

impl<D, MGD, C: Capacity> oaep::BoundedDecryptingKey<D, MGD, C>
where
    D: Digest,
    MGD: Digest,
{
    /// Generates a new OAEP decrypting key (no label) with a `bit_size`-bit
    /// modulus.
    ///
    /// # Errors
    /// As [`BoundedPrivateKey::new`].
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Ok(Self::new(BoundedPrivateKey::new(rng, bit_size)?))
    }
}

impl<C: Capacity> pkcs1v15::BoundedDecryptingKey<C> {
    /// Generates a new PKCS#1 v1.5 decrypting key with a `bit_size`-bit
    /// modulus.
    ///
    /// # Errors
    /// As [`BoundedPrivateKey::new`].
    pub fn random<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Ok(Self::new(BoundedPrivateKey::new(rng, bit_size)?))
    }
}
