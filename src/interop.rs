//! Conversions to and from the `rsa` 0.10 crate's keys (feature `rsa`).
//!
//! Keys cross over through big-endian bytes and are fully validated on
//! either side:
//!
//! * `rsa::PublicKey` / `rsa::PrivateKey` → [`BoundedPublicKey<C>`] /
//!   [`BoundedPrivateKey<C>`]: `TryFrom` (the modulus must fit `C`, be at
//!   least 512 bits, and `e ≤ 2³³ − 1`); multi-prime keys are accepted.
//! * [`BoundedPublicKey<C>`] → `rsa::PublicKey`: `From` (infallible: the key
//!   was validated when built).
//! * [`BoundedPrivateKey<C>`] → `rsa::PrivateKey`: `TryFrom` through
//!   `rsa::PrivateKey::from_components` (two-prime keys only; `rsa` also
//!   requires each prime to fit half the modulus width).
//! * The typed keys: `pkcs1v15::{SigningKey, VerifyingKey}` and
//!   `pss::{SigningKey, VerifyingKey}` convert both ways, keeping the
//!   DigestInfo prefix (or its absence) and the salt length; the signatures
//!   `pkcs1v15::Signature` and `pss::Signature` convert both ways with
//!   `TryFrom` (only the length can fail); `pkcs1v15::{EncryptingKey,
//!   DecryptingKey}` and `oaep::{EncryptingKey, DecryptingKey}` (with their
//!   label) convert to `rsa`'s, which give no access to their key to convert
//!   back.

use alloc::vec::Vec;

use digest::const_oid::AssociatedOid;
use digest::{Digest, FixedOutputReset};
use rsa::traits::{PrivateKeyParts, PublicKeyParts};
use rsa::BoxedUint;
use zeroize::Zeroize;

use crate::capacity::{Array, Capacity};
use crate::key::{BoundedPrivateKey, BoundedPublicKey, Component, ABSOLUTE_MIN_SIZE};
use crate::{oaep, pkcs1v15, pss};

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

//
// Typed keys.
//

impl<D, C> TryFrom<rsa::pkcs1v15::VerifyingKey<D>> for pkcs1v15::VerifyingKey<D, C>
where
    D: Digest + AssociatedOid,
    C: Capacity,
{
    type Error = rsa::Error;

    /// Keeps the DigestInfo prefix of `D`, or its absence
    /// (`new_unprefixed`).
    fn try_from(key: rsa::pkcs1v15::VerifyingKey<D>) -> rsa::Result<Self> {
        let inner: &rsa::PublicKey = key.as_ref();
        let prefixed = key == rsa::pkcs1v15::VerifyingKey::<D>::new(inner.clone());
        let ours = BoundedPublicKey::<C>::try_from(inner)?;
        Ok(if prefixed {
            Self::new(ours)
        } else {
            Self::new_unprefixed(ours)
        })
    }
}

impl<D, C> From<pkcs1v15::VerifyingKey<D, C>> for rsa::pkcs1v15::VerifyingKey<D>
where
    D: Digest + AssociatedOid,
    C: Capacity,
{
    fn from(key: pkcs1v15::VerifyingKey<D, C>) -> Self {
        let unprefixed = key.is_unprefixed();
        let inner = rsa::PublicKey::from(key.as_ref());
        if unprefixed {
            Self::new_unprefixed(inner)
        } else {
            Self::new(inner)
        }
    }
}

impl<D, C> TryFrom<rsa::pkcs1v15::SigningKey<D>> for pkcs1v15::SigningKey<D, C>
where
    D: Digest + AssociatedOid,
    C: Capacity,
{
    type Error = rsa::Error;

    /// Keeps the DigestInfo prefix of `D`, or its absence
    /// (`new_unprefixed`).
    fn try_from(key: rsa::pkcs1v15::SigningKey<D>) -> rsa::Result<Self> {
        use signature::Keypair;
        let prefixed = key.verifying_key()
            == rsa::pkcs1v15::VerifyingKey::<D>::new(key.as_ref().to_public_key());
        let ours = BoundedPrivateKey::<C>::try_from(key.as_ref())?;
        Ok(if prefixed {
            Self::new(ours)
        } else {
            Self::new_unprefixed(ours)
        })
    }
}

impl<D, C> TryFrom<pkcs1v15::SigningKey<D, C>> for rsa::pkcs1v15::SigningKey<D>
where
    D: Digest + AssociatedOid,
    C: Capacity,
{
    type Error = rsa::Error;

    fn try_from(key: pkcs1v15::SigningKey<D, C>) -> rsa::Result<Self> {
        let inner = rsa::PrivateKey::try_from(key.as_ref())?;
        Ok(if key.is_unprefixed() {
            Self::new_unprefixed(inner)
        } else {
            Self::new(inner)
        })
    }
}

impl<D, C> TryFrom<rsa::pss::VerifyingKey<D>> for pss::VerifyingKey<D, C>
where
    D: Digest,
    C: Capacity,
{
    type Error = rsa::Error;

    fn try_from(key: rsa::pss::VerifyingKey<D>) -> rsa::Result<Self> {
        let inner = BoundedPublicKey::<C>::try_from(key.as_ref())?;
        Ok(match key.salt_len() {
            Some(len) => Self::new_with_salt_len(inner, len),
            None => Self::new_with_auto_salt_len(inner),
        })
    }
}

impl<D, C> From<pss::VerifyingKey<D, C>> for rsa::pss::VerifyingKey<D>
where
    D: Digest,
    C: Capacity,
{
    fn from(key: pss::VerifyingKey<D, C>) -> Self {
        let inner = rsa::PublicKey::from(key.as_ref());
        match key.salt_len() {
            Some(len) => Self::new_with_salt_len(inner, len),
            None => Self::new_with_auto_salt_len(inner),
        }
    }
}

impl<D, C> TryFrom<rsa::pss::SigningKey<D>> for pss::SigningKey<D, C>
where
    D: Digest,
    C: Capacity,
{
    type Error = rsa::Error;

    fn try_from(key: rsa::pss::SigningKey<D>) -> rsa::Result<Self> {
        let inner = BoundedPrivateKey::<C>::try_from(key.as_ref())?;
        Ok(Self::new_with_salt_len(inner, key.salt_len()))
    }
}

impl<D, C> TryFrom<pss::SigningKey<D, C>> for rsa::pss::SigningKey<D>
where
    D: Digest,
    C: Capacity,
{
    type Error = rsa::Error;

    fn try_from(key: pss::SigningKey<D, C>) -> rsa::Result<Self> {
        let inner = rsa::PrivateKey::try_from(key.as_ref())?;
        Ok(Self::new_with_salt_len(inner, key.salt_len()))
    }
}

macro_rules! signature_conversions {
    ($ours:ident, $theirs:ident) => {
        impl<C: Capacity> TryFrom<&$theirs::Signature> for $ours::Signature<C> {
            type Error = signature::Error;

            /// Fails only if the signature is longer than `C` holds.
            fn try_from(sig: &$theirs::Signature) -> signature::Result<Self> {
                use signature::SignatureEncoding;
                Self::try_from(&sig.to_bytes()[..])
            }
        }

        impl<C: Capacity> TryFrom<$theirs::Signature> for $ours::Signature<C> {
            type Error = signature::Error;

            /// Fails only if the signature is longer than `C` holds.
            fn try_from(sig: $theirs::Signature) -> signature::Result<Self> {
                Self::try_from(&sig)
            }
        }

        impl<C: Capacity> TryFrom<&$ours::Signature<C>> for $theirs::Signature {
            type Error = signature::Error;

            /// Fails only if the signature is longer than `rsa`'s
            /// `Signature::MAX_LEN` (1024 bytes).
            fn try_from(sig: &$ours::Signature<C>) -> signature::Result<Self> {
                Self::try_from(sig.as_bytes())
            }
        }

        impl<C: Capacity> TryFrom<$ours::Signature<C>> for $theirs::Signature {
            type Error = signature::Error;

            /// Fails only if the signature is longer than `rsa`'s
            /// `Signature::MAX_LEN` (1024 bytes).
            fn try_from(sig: $ours::Signature<C>) -> signature::Result<Self> {
                Self::try_from(sig.as_bytes())
            }
        }
    };
}

use rsa::pkcs1v15 as rsa_pkcs1v15;
use rsa::pss as rsa_pss;

signature_conversions!(pkcs1v15, rsa_pkcs1v15);
signature_conversions!(pss, rsa_pss);

//
// Encryption keys: to `rsa`'s only (theirs expose neither key nor label).
//

impl<C: Capacity> From<pkcs1v15::EncryptingKey<C>> for rsa::pkcs1v15::EncryptingKey {
    fn from(key: pkcs1v15::EncryptingKey<C>) -> Self {
        Self::new(rsa::PublicKey::from(key.as_ref()))
    }
}

impl<C: Capacity> TryFrom<pkcs1v15::DecryptingKey<C>> for rsa::pkcs1v15::DecryptingKey {
    type Error = rsa::Error;

    fn try_from(key: pkcs1v15::DecryptingKey<C>) -> rsa::Result<Self> {
        Ok(Self::new(rsa::PrivateKey::try_from(key.as_ref())?))
    }
}

impl<D, MGD, C> TryFrom<oaep::EncryptingKey<D, MGD, C>> for rsa::oaep::EncryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
    C: Capacity,
{
    type Error = rsa::Error;

    /// Keeps the label; fails only for a label too long to have been stored.
    fn try_from(key: oaep::EncryptingKey<D, MGD, C>) -> rsa::Result<Self> {
        let inner = rsa::PublicKey::from(key.as_ref());
        Ok(match key.label_bytes()? {
            Some(label) => Self::new_with_label(inner, label),
            None => Self::new(inner),
        })
    }
}

impl<D, MGD, C> TryFrom<oaep::DecryptingKey<D, MGD, C>> for rsa::oaep::DecryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
    C: Capacity,
{
    type Error = rsa::Error;

    /// Keeps the label; fails for a label too long to have been stored, or
    /// a key `rsa` does not accept.
    fn try_from(key: oaep::DecryptingKey<D, MGD, C>) -> rsa::Result<Self> {
        let inner = rsa::PrivateKey::try_from(key.as_ref())?;
        Ok(match key.label_bytes()? {
            Some(label) => Self::new_with_label(inner, label),
            None => Self::new(inner),
        })
    }
}
