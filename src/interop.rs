//! Conversions to and from the `rsa` 0.10 crate's keys (feature `rsa`,
//! opt-in: it builds `rsa` itself). The drop-in types need none of this; it
//! serves applications that hold keys of both crates at once.
//!
//! Keys cross over through their components and are fully validated on
//! either side:
//!
//! * `rsa::PublicKey` ↔ [`PublicKey`]: `From` both ways;
//!   `rsa::PrivateKey` ↔ [`PrivateKey`]: `TryFrom` both ways (through
//!   `from_components` on the receiving side).
//! * `rsa::PublicKey` / `rsa::PrivateKey` → [`BoundedPublicKey<C>`] /
//!   [`BoundedPrivateKey<C>`]: `TryFrom` (the modulus must fit `C`, be at
//!   least 512 bits, and `e ≤ 2³³ − 1`); multi-prime keys are accepted.
//! * [`BoundedPublicKey<C>`] → `rsa::PublicKey`: `From` (infallible: the key
//!   was validated when built).
//! * [`BoundedPrivateKey<C>`] → `rsa::PrivateKey`: `TryFrom` through
//!   `rsa::PrivateKey::from_components` (two-prime keys only; `rsa` also
//!   requires each prime to fit half the modulus width).
//!
//! Signatures convert through their bytes (`to_bytes`, `TryFrom<&[u8]>`):
//! no `TryFrom` between the two crates' signature types, which would make
//! `Signature::try_from(bytes.as_ref())` ambiguous.

use alloc::vec::Vec;

use rsa::traits::{PrivateKeyParts, PublicKeyParts};
use rsa::BoxedUint;
use zeroize::Zeroize;

use crate::capacity::{Array, Capacity};
use crate::key::{BoundedPrivateKey, BoundedPublicKey, Component, ABSOLUTE_MIN_SIZE};
use crate::traits::{PrivateKeyParts as _, PublicKeyParts as _};
use crate::{PrivateKey, PublicKey};

impl From<&rsa::PublicKey> for PublicKey {
    fn from(key: &rsa::PublicKey) -> Self {
        // `n` is odd: checked when `key` was built.
        PublicKey::new_unchecked(key.n().as_ref().clone(), key.e().clone())
    }
}

impl From<rsa::PublicKey> for PublicKey {
    fn from(key: rsa::PublicKey) -> Self {
        Self::from(&key)
    }
}

impl From<&PublicKey> for rsa::PublicKey {
    fn from(key: &PublicKey) -> Self {
        rsa::PublicKey::new_unchecked(key.n().as_ref().clone(), key.e().clone())
    }
}

impl From<PublicKey> for rsa::PublicKey {
    fn from(key: PublicKey) -> Self {
        Self::from(&key)
    }
}

impl TryFrom<&rsa::PrivateKey> for PrivateKey {
    type Error = crate::Error;

    fn try_from(key: &rsa::PrivateKey) -> crate::Result<Self> {
        let primes = key.primes().iter().map(|p| p.as_ref().clone()).collect();
        PrivateKey::from_components(
            key.n().as_ref().clone(),
            key.e().clone(),
            key.d().clone(),
            primes,
        )
    }
}

impl TryFrom<rsa::PrivateKey> for PrivateKey {
    type Error = crate::Error;

    fn try_from(key: rsa::PrivateKey) -> crate::Result<Self> {
        Self::try_from(&key)
    }
}

impl TryFrom<&PrivateKey> for rsa::PrivateKey {
    type Error = rsa::Error;

    fn try_from(key: &PrivateKey) -> rsa::Result<Self> {
        let primes = key.primes().iter().map(|p| p.as_ref().clone()).collect();
        rsa::PrivateKey::from_components(
            key.n().as_ref().clone(),
            key.e().clone(),
            key.d().clone(),
            primes,
        )
    }
}

impl TryFrom<PrivateKey> for rsa::PrivateKey {
    type Error = rsa::Error;

    fn try_from(key: PrivateKey) -> rsa::Result<Self> {
        Self::try_from(&key)
    }
}

/// Size limits for keys that `rsa` already validated: whatever our
/// arithmetic and `C` hold.
fn limits<C: Capacity>() -> core::ops::RangeInclusive<usize> {
    ABSOLUTE_MIN_SIZE..=C::MAX_BITS
}

fn public_from_rsa<C: Capacity>(key: &impl PublicKeyParts) -> rsa::Result<BoundedPublicKey<C>> {
    let n = key.n().as_ref().to_be_bytes();
    let e = key.e().to_be_bytes();
    Ok(BoundedPublicKey::from_be_bytes_with_size_limits(
        &n,
        &e,
        limits::<C>(),
    )?)
}

impl<C: Capacity> TryFrom<&rsa::PublicKey> for BoundedPublicKey<C> {
    type Error = rsa::Error;

    fn try_from(key: &rsa::PublicKey) -> rsa::Result<Self> {
        public_from_rsa(key)
    }
}

impl<C: Capacity> TryFrom<rsa::PublicKey> for BoundedPublicKey<C> {
    type Error = rsa::Error;

    fn try_from(key: rsa::PublicKey) -> rsa::Result<Self> {
        public_from_rsa(&key)
    }
}

impl<C: Capacity> TryFrom<&rsa::PrivateKey> for BoundedPrivateKey<C> {
    type Error = rsa::Error;

    fn try_from(key: &rsa::PrivateKey) -> rsa::Result<Self> {
        let public = public_from_rsa::<C>(key)?;
        let mut d = key.d().to_be_bytes();
        let mut primes: Vec<_> = key
            .primes()
            .iter()
            .map(|p| p.as_ref().to_be_bytes())
            .collect();
        let prime_refs: Vec<&[u8]> = primes.iter().map(|p| &p[..]).collect();
        let result = BoundedPrivateKey::from_public_and_secrets(public, &d, &prime_refs, None);
        drop(prime_refs);
        d[..].zeroize();
        primes.iter_mut().for_each(|p| p[..].zeroize());
        Ok(result?)
    }
}

impl<C: Capacity> TryFrom<rsa::PrivateKey> for BoundedPrivateKey<C> {
    type Error = rsa::Error;

    fn try_from(key: rsa::PrivateKey) -> rsa::Result<Self> {
        Self::try_from(&key)
    }
}

/// `n` of `key` as a `BoxedUint` of `8·k` bits, and that precision.
fn n_uint<C: Capacity>(key: &BoundedPublicKey<C>) -> (BoxedUint, u32) {
    let k = key.size();
    let mut n = C::Bytes::zeroed();
    let n = &mut n.as_mut()[..k];
    // Cannot fail: `n` is exactly `k` bytes.
    let _ = key.write_n_be(n);
    let bits = (8 * k) as u32;
    (BoxedUint::from_be_slice_vartime(n), bits)
}

impl<C: Capacity> From<&BoundedPublicKey<C>> for rsa::PublicKey {
    fn from(key: &BoundedPublicKey<C>) -> Self {
        let (n, _) = n_uint(key);
        // `n` is odd and `e` in range: checked when `key` was built.
        rsa::PublicKey::new_unchecked(n, BoxedUint::from(key.e_u64()))
    }
}

impl<C: Capacity> From<BoundedPublicKey<C>> for rsa::PublicKey {
    fn from(key: BoundedPublicKey<C>) -> Self {
        Self::from(&key)
    }
}

impl<C: Capacity> TryFrom<&BoundedPrivateKey<C>> for rsa::PrivateKey {
    type Error = rsa::Error;

    fn try_from(key: &BoundedPrivateKey<C>) -> rsa::Result<Self> {
        if key.prime_count() > 2 {
            // The extra primes of a multi-prime key are not kept.
            return Err(rsa::Error::InvalidArguments);
        }
        let public = key.as_public_key();
        let k = public.size();
        let (n, bits) = n_uint(public);
        let mut buf = C::Bytes::zeroed();
        let mut component = |which: Component| -> rsa::Result<BoxedUint> {
            let buf = buf.as_mut();
            let len = key.write_component(which, buf);
            // The value is below `n`: at most `k` significant bytes.
            let start = len.saturating_sub(k);
            let value =
                BoxedUint::from_be_slice(&buf[start..len], bits).map_err(|_| rsa::Error::Internal);
            buf.zeroize();
            value
        };
        let d = component(Component::D)?;
        let p = component(Component::P)?;
        let q = component(Component::Q)?;
        rsa::PrivateKey::from_components(n, BoxedUint::from(public.e_u64()), d, alloc::vec![p, q])
    }
}

impl<C: Capacity> TryFrom<BoundedPrivateKey<C>> for rsa::PrivateKey {
    type Error = rsa::Error;

    fn try_from(key: BoundedPrivateKey<C>) -> rsa::Result<Self> {
        Self::try_from(&key)
    }
}

impl From<crate::Error> for rsa::Error {
    fn from(err: crate::Error) -> rsa::Error {
        use crate::Error as E;
        match err {
            E::InvalidPaddingScheme => rsa::Error::InvalidPaddingScheme,
            E::Decryption => rsa::Error::Decryption,
            E::Verification => rsa::Error::Verification,
            E::MessageTooLong => rsa::Error::MessageTooLong,
            E::InputNotHashed => rsa::Error::InputNotHashed,
            E::NprimesTooSmall => rsa::Error::NprimesTooSmall,
            E::TooFewPrimes => rsa::Error::TooFewPrimes,
            E::InvalidPrime => rsa::Error::InvalidPrime,
            E::InvalidModulus => rsa::Error::InvalidModulus,
            E::InvalidExponent => rsa::Error::InvalidExponent,
            E::InvalidCoefficient => rsa::Error::InvalidCoefficient,
            E::ModulusTooSmall => rsa::Error::ModulusTooSmall,
            E::ModulusTooLarge => rsa::Error::ModulusTooLarge,
            E::PublicExponentTooSmall => rsa::Error::PublicExponentTooSmall,
            E::PublicExponentTooLarge => rsa::Error::PublicExponentTooLarge,
            E::Pkcs1(e) => rsa::Error::Pkcs1(e),
            E::Pkcs8(e) => rsa::Error::Pkcs8(e),
            E::Internal => rsa::Error::Internal,
            E::LabelTooLong => rsa::Error::LabelTooLong,
            E::InvalidPadLen => rsa::Error::InvalidPadLen,
            E::InvalidArguments | E::MultiPrimeUnsupported => rsa::Error::InvalidArguments,
            E::Decode(e) => rsa::Error::Decode(e),
            E::Rng => rsa::Error::Rng,
        }
    }
}
