//! Key generation for the heap keys: the crate's FIPS 186-5 A.1.3 prime
//! generation (`key/generate.rs`, on the core arithmetic) in the smallest
//! capacity that holds the requested size, then
//! [`PrivateKey::from_components`].

use alloc::vec;

use crate::wipe::Wiped;
use crypto_bigint::BoxedUint;
use crypto_common::Generate;
use rand_core::TryCryptoRng;

use super::{PrivateKey, PublicKey};
use crate::capacity::{Capacity, Max1024, Max2048, Max3072, Max4096, Max8192};
use crate::errors::{Error, Result};
use crate::key::generate::generate_keeping_rng_error;
use crate::key::{Component, ABSOLUTE_MIN_SIZE};
use crate::BoundedPrivateKey;

impl PrivateKey {
    /// Generates a key with a `bit_size`-bit modulus and `e = 65537`.
    ///
    /// FIPS 186-5 Appendix A.1.3 probable primes on this crate's
    /// constant-time arithmetic (see the crate's key generation docs).
    ///
    /// # Errors
    /// [`Error::ModulusTooSmall`] below 1024 bits ([`PublicKey::MIN_SIZE`]);
    /// [`Error::ModulusTooLarge`] above 8192 bits; [`Error::Rng`] if the
    /// generator fails.
    pub fn new<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Self::new_with_exp(rng, bit_size, BoxedUint::from(Self::EXP))
    }

    /// Generates a key of `bit_size` bits without the minimum size check
    /// (down to 512 bits).
    ///
    /// <div class="warning">Keys below 2048 bits are weak; below 1024 they are
    /// broken. For tests and legacy interoperability only.</div>
    ///
    /// # Errors
    /// As [`Self::new`], with the lower limit 512 bits.
    #[cfg(feature = "hazmat")]
    pub fn new_unchecked<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Self::new_with_exp_unchecked(rng, bit_size, BoxedUint::from(Self::EXP))
    }

    /// Generates a key with a `bit_size`-bit modulus and public exponent
    /// `exp`.
    ///
    /// # Errors
    /// As [`Self::new`]; [`Error::PublicExponentTooSmall`],
    /// [`Error::InvalidExponent`] (even) or [`Error::PublicExponentTooLarge`]
    /// for `exp` outside the odd numbers of `3..=2³³ − 1`.
    pub fn new_with_exp<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        exp: BoxedUint,
    ) -> Result<PrivateKey> {
        if bit_size < PublicKey::MIN_SIZE {
            return Err(Error::ModulusTooSmall);
        }
        generate(rng, bit_size, &exp).map_err(|(err, _)| err)
    }

    /// As [`Self::new_with_exp`] without the minimum size check (down to 512
    /// bits).
    ///
    /// <div class="warning">Keys below 2048 bits are weak.</div>
    ///
    /// # Errors
    /// As [`Self::new_with_exp`], with the lower limit 512 bits.
    #[cfg(feature = "hazmat")]
    pub fn new_with_exp_unchecked<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        exp: BoxedUint,
    ) -> Result<PrivateKey> {
        generate(rng, bit_size, &exp).map_err(|(err, _)| err)
    }
}

/// A [`PrivateKey::DEFAULT_BITS`]-bit key with `e = 65537`. Only a failure
/// of the generator ends generation early, with the generator's own error.
impl Generate for PrivateKey {
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> core::result::Result<Self, R::Error> {
        loop {
            match generate(rng, Self::DEFAULT_BITS, &BoxedUint::from(Self::EXP)) {
                Ok(key) => return Ok(key),
                Err((_, Some(err))) => return Err(err),
                // The candidate limit was reached without a generator error.
                Err((_, None)) => continue,
            }
        }
    }
}

/// Generates `(p, q, d)` in the smallest capacity that holds `bits`, then
/// builds the heap key from them. On failure, the generator's own error if
/// it was the cause.
fn generate<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    bits: usize,
    exp: &BoxedUint,
) -> core::result::Result<PrivateKey, (Error, Option<R::Error>)> {
    let e = {
        let bytes = exp.to_be_bytes();
        crate::key::exponent_from_be_bytes(&bytes).map_err(|err| (err, None))?
    };
    match bits {
        0..=1024 => generate_in::<Max1024, R>(rng, bits, e),
        1025..=2048 => generate_in::<Max2048, R>(rng, bits, e),
        2049..=3072 => generate_in::<Max3072, R>(rng, bits, e),
        3073..=4096 => generate_in::<Max4096, R>(rng, bits, e),
        _ => generate_in::<Max8192, R>(rng, bits, e),
    }
}

fn generate_in<C: Capacity, R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    bits: usize,
    e: u64,
) -> core::result::Result<PrivateKey, (Error, Option<R::Error>)> {
    let key = generate_keeping_rng_error::<C, R>(rng, bits, e, ABSOLUTE_MIN_SIZE)?;
    from_bounded(&key).map_err(|err| (err, None))
}

/// The heap key of a generated fixed-capacity key.
fn from_bounded<C: Capacity>(key: &BoundedPrivateKey<C>) -> Result<PrivateKey> {
    let k = key.size();
    let mut n = vec![0u8; k];
    key.as_public_key().write_n_be(&mut n)?;
    let bits = 8 * k as u32;
    let component = |which| -> Result<BoxedUint> {
        let mut buf = Wiped::new(vec![0u8; k.next_multiple_of(4)]);
        let len = key.write_component(which, &mut buf);
        Ok(BoxedUint::from_be_slice(
            &buf[..len],
            bits.max(8 * len as u32),
        )?)
    };
    let d = component(Component::D)?;
    let p = component(Component::P)?;
    let q = component(Component::Q)?;
    PrivateKey::from_components(
        BoxedUint::from_be_slice(&n, bits)?,
        BoxedUint::from(key.as_public_key().e_u64()),
        d,
        vec![p, q],
    )
}
