//! Conversions between the heap keys and the fixed-capacity keys, through
//! their components; the receiving side validates as it always does.

use alloc::vec;

use crate::wipe::Wiped;
use crypto_bigint::BoxedUint;

use super::{PrivateKey, PublicKey};
use crate::capacity::{Array, Capacity};
use crate::errors::{Error, Result};
use crate::key::{BoundedPrivateKey, BoundedPublicKey, Component, ABSOLUTE_MIN_SIZE};
use crate::traits::{PrivateKeyParts, PublicKeyParts};

/// `n` of a fixed-capacity key as a `BoxedUint`.
fn n_of<C: Capacity>(key: &BoundedPublicKey<C>) -> BoxedUint {
    let mut n = C::Bytes::zeroed();
    let n = &mut n.as_mut()[..key.size()];
    // Cannot fail: `n` is exactly `k` bytes.
    let _ = key.write_n_be(n);
    BoxedUint::from_be_slice_vartime(n)
}

impl<C: Capacity> From<&BoundedPublicKey<C>> for PublicKey {
    fn from(key: &BoundedPublicKey<C>) -> Self {
        // `n` is odd and `e` in range: checked when `key` was built.
        PublicKey::new_unchecked(n_of(key), BoxedUint::from(key.e_u64()))
    }
}

impl<C: Capacity> From<BoundedPublicKey<C>> for PublicKey {
    fn from(key: BoundedPublicKey<C>) -> Self {
        Self::from(&key)
    }
}

impl<C: Capacity> TryFrom<&PublicKey> for BoundedPublicKey<C> {
    type Error = Error;

    /// # Errors
    /// As [`BoundedPublicKey::from_be_bytes_with_size_limits`] with the
    /// limits `512..=C::MAX_BITS`: [`Error::ModulusTooLarge`] for a key the
    /// capacity does not hold, [`Error::PublicExponentTooLarge`] above
    /// 2³³ − 1.
    fn try_from(key: &PublicKey) -> Result<Self> {
        BoundedPublicKey::from_be_bytes_with_size_limits(
            &key.n_bytes(),
            &key.e_bytes(),
            ABSOLUTE_MIN_SIZE..=C::MAX_BITS,
        )
    }
}

impl<C: Capacity> TryFrom<PublicKey> for BoundedPublicKey<C> {
    type Error = Error;

    fn try_from(key: PublicKey) -> Result<Self> {
        Self::try_from(&key)
    }
}

impl<C: Capacity> TryFrom<&BoundedPrivateKey<C>> for PrivateKey {
    type Error = Error;

    /// # Errors
    /// [`Error::MultiPrimeUnsupported`] for multi-prime keys (their further
    /// primes are not kept); as [`PrivateKey::from_components`] (which
    /// requires primes of at most half the modulus width).
    fn try_from(key: &BoundedPrivateKey<C>) -> Result<Self> {
        if key.prime_count() > 2 {
            return Err(Error::MultiPrimeUnsupported);
        }
        let public = key.as_public_key();
        let component = |which| -> Result<BoxedUint> {
            let mut buf = Wiped::new(vec![0u8; 4 * public.limbs()]);
            let len = key.write_component(which, &mut buf);
            Ok(BoxedUint::from_be_slice_vartime(&buf[..len]))
        };
        PrivateKey::from_components(
            n_of(public),
            BoxedUint::from(public.e_u64()),
            component(Component::D)?,
            vec![component(Component::P)?, component(Component::Q)?],
        )
    }
}

impl<C: Capacity> TryFrom<BoundedPrivateKey<C>> for PrivateKey {
    type Error = Error;

    fn try_from(key: BoundedPrivateKey<C>) -> Result<Self> {
        Self::try_from(&key)
    }
}

impl<C: Capacity> TryFrom<&PrivateKey> for BoundedPrivateKey<C> {
    type Error = Error;

    /// # Errors
    /// As [`TryFrom<&PublicKey>`](BoundedPublicKey) for the public part, and
    /// the checks of [`BoundedPrivateKey::from_be_bytes_components`].
    fn try_from(key: &PrivateKey) -> Result<Self> {
        let public = BoundedPublicKey::<C>::try_from(key.as_public_key())?;
        let d = Wiped::new(key.d().to_be_bytes());
        let primes: alloc::vec::Vec<Wiped<alloc::boxed::Box<[u8]>>> = key
            .primes()
            .iter()
            .map(|p| Wiped::new(p.as_ref().to_be_bytes()))
            .collect();
        let refs: alloc::vec::Vec<&[u8]> = primes.iter().map(|p| &p[..]).collect();
        BoundedPrivateKey::from_public_and_secrets(public, &d, &refs, None)
    }
}

impl<C: Capacity> TryFrom<PrivateKey> for BoundedPrivateKey<C> {
    type Error = Error;

    fn try_from(key: PrivateKey) -> Result<Self> {
        Self::try_from(&key)
    }
}
