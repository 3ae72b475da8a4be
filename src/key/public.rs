//! [`BoundedPublicKey`]: an RSA public key `(n, e)` (RFC 8017 §3.1) in
//! fixed-capacity storage.

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::RangeInclusive;

use super::rsaep::{self, PublicView};
use super::{exponent_from_be_bytes, strip_leading_zeros, ABSOLUTE_MIN_SIZE};
use crate::arith::{exp, limbs, Limb, Modulus};
use crate::capacity::{zeroed_limbs, Array, Capacity, Max4096};
use crate::errors::{Error, Result};

/// An RSA public key `(n, e)` whose modulus fits in `C::MAX_BITS` bits,
/// with no heap: `n` and its Montgomery constants live in arrays sized by
/// the capacity `C` (see [`crate::capacity`]).
#[derive(Clone)]
pub struct BoundedPublicKey<C: Capacity = Max4096> {
    n: C::Limbs,
    rr: C::Limbs,
    n0: Limb,
    /// Limbs of `n` in use.
    l: usize,
    /// Bit length of `n`.
    bits: usize,
    /// `e` as two little-endian limbs.
    e: [Limb; 2],
}

impl<C: Capacity> BoundedPublicKey<C> {
    /// Smallest public exponent accepted by the checked constructors.
    pub const MIN_PUB_EXPONENT: u64 = 2;
    /// Largest public exponent accepted (2³³ − 1, as `rsa` and *ring*): a
    /// bound on verification cost for untrusted keys.
    pub const MAX_PUB_EXPONENT: u64 = (1 << 33) - 1;
    /// Smallest modulus accepted by default, in bits.
    pub const MIN_SIZE: usize = 1024;
    /// Largest modulus this storage holds, in bits.
    pub const MAX_SIZE: usize = C::MAX_BITS;

    /// Builds a key from big-endian `n` and `e` with the default size limits
    /// ([`Self::MIN_SIZE`]`..=`[`Self::MAX_SIZE`]).
    ///
    /// # Errors
    /// [`Error::ModulusTooSmall`] / [`Error::ModulusTooLarge`] outside the
    /// limits (for a key larger than the capacity, use a larger `C` or, with
    /// `alloc`, the heap `PublicKey`),
    /// [`Error::InvalidModulus`] for an even `n`,
    /// [`Error::PublicExponentTooSmall`] / [`Error::PublicExponentTooLarge`]
    /// for `e` outside `2..=2³³ − 1`, [`Error::InvalidExponent`] for an even
    /// `e`.
    pub fn from_be_bytes(n: &[u8], e: &[u8]) -> Result<Self> {
        Self::from_be_bytes_with_size_limits(n, e, Self::MIN_SIZE..=Self::MAX_SIZE)
    }

    /// As [`Self::from_be_bytes`] with explicit, inclusive modulus size
    /// limits in bits (clamped to `512..=C::MAX_BITS`).
    ///
    /// # Errors
    /// As [`Self::from_be_bytes`]; [`Error::InvalidArguments`] for an empty range.
    pub fn from_be_bytes_with_size_limits(
        n: &[u8],
        e: &[u8],
        size_range_bits: RangeInclusive<usize>,
    ) -> Result<Self> {
        let e = exponent_from_be_bytes(e)?;
        Self::from_parts(n, e, size_range_bits)
    }

    pub(crate) fn from_parts(
        n: &[u8],
        e: u64,
        size_range_bits: RangeInclusive<usize>,
    ) -> Result<Self> {
        if size_range_bits.is_empty() {
            return Err(Error::InvalidArguments);
        }
        let n = strip_leading_zeros(n);
        if n.len() > C::MAX_BITS / 8 {
            return Err(Error::ModulusTooLarge);
        }
        let mut key = BoundedPublicKey::<C> {
            n: C::Limbs::zeroed(),
            rr: C::Limbs::zeroed(),
            n0: 0,
            l: 0,
            bits: 0,
            e: [e as Limb, (e >> 32) as Limb],
        };
        let l = limbs::limbs_for_bits(8 * n.len()).max(1);
        let nl = &mut key.n.as_mut()[..l];
        // Cannot fail: the length was checked above.
        limbs::from_be_bytes(nl, n);
        let bits = limbs::bit_len(nl);
        if bits > *size_range_bits.end() || bits > C::MAX_BITS {
            return Err(Error::ModulusTooLarge);
        }
        if bits < *size_range_bits.start() || bits < ABSOLUTE_MIN_SIZE {
            return Err(Error::ModulusTooSmall);
        }
        if nl[0] & 1 == 0 {
            return Err(Error::InvalidModulus);
        }
        if e > Self::MAX_PUB_EXPONENT {
            return Err(Error::PublicExponentTooLarge);
        }
        if e < Self::MIN_PUB_EXPONENT {
            return Err(Error::PublicExponentTooSmall);
        }
        if e & 1 == 0 {
            return Err(Error::InvalidExponent);
        }
        // e < 2^64 ≤ n since n has at least 512 bits.
        key.l = l;
        key.bits = bits;
        let mut work = C::PublicWork::zeroed();
        let (nl, rr) = (&key.n.as_ref()[..l], &mut key.rr.as_mut()[..l]);
        key.n0 = Modulus::precompute(nl, rr, work.as_mut());
        Ok(key)
    }

    /// `k`: the modulus length in bytes (RFC 8017 §3.1).
    pub fn size(&self) -> usize {
        // ⌈bits / 8⌉; `bits` ≤ `C::MAX_BITS`, so the addition cannot
        // overflow, and it is two instructions where `div_ceil` is four
        // (inlined at every use).
        (self.bits + 7) >> 3
    }

    /// Bit length of the modulus.
    pub fn n_bits(&self) -> usize {
        self.bits
    }

    /// The public exponent `e`.
    pub fn e_u64(&self) -> u64 {
        u64::from(self.e[0]) | (u64::from(self.e[1]) << 32)
    }

    /// Writes `n` big-endian into `out`, which must be [`Self::size`] bytes.
    ///
    /// # Errors
    /// [`Error::InvalidArguments`] for a wrong-length `out`.
    pub fn write_n_be(&self, out: &mut [u8]) -> Result<()> {
        if out.len() != self.size() {
            return Err(Error::InvalidArguments);
        }
        limbs::to_be_bytes(out, self.n_limbs());
        Ok(())
    }

    pub(crate) fn n_limbs(&self) -> &[Limb] {
        &self.n.as_ref()[..self.l]
    }

    /// Limbs of `n` in use.
    pub(crate) fn limbs(&self) -> usize {
        self.l
    }

    pub(crate) fn view(&self) -> PublicView<'_> {
        PublicView {
            n: Modulus::new(self.n_limbs(), &self.rr.as_ref()[..self.l], self.n0),
            e: &self.e,
        }
    }

    /// RSAEP / RSAVP1 (RFC 8017 §5.1.1, §5.2.2) on big-endian byte strings:
    /// `output = input^e mod n`, written as exactly [`Self::size`] bytes.
    ///
    /// # Errors
    /// [`Error::InvalidArguments`] if `input` is longer than `k` bytes or not
    /// below `n`, or `output` is not `k` bytes.
    pub fn raw_public(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
        // x, y and the work area are sized for the capacity; only the key's
        // `l`-limb parts are used, and only those are cleared.
        let mut x = MaybeUninit::<C::Limbs>::uninit();
        let mut y = MaybeUninit::<C::Limbs>::uninit();
        let mut work = MaybeUninit::<C::PublicWork>::uninit();
        let l = self.l;
        let x = zeroed_limbs(&mut x, l);
        let y = zeroed_limbs(&mut y, l);
        let work = zeroed_limbs(&mut work, exp::public_work_limbs(l));
        rsaep::rsaep_bytes(&self.view(), self.size(), input, output, x, y, work)
    }
}

impl<C: Capacity> PartialEq for BoundedPublicKey<C> {
    fn eq(&self, other: &Self) -> bool {
        self.e == other.e && self.n_limbs() == other.n_limbs()
    }
}

impl<C: Capacity> Eq for BoundedPublicKey<C> {}

impl<C: Capacity> core::hash::Hash for BoundedPublicKey<C> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.n_limbs().hash(state);
        self.e_u64().hash(state);
    }
}

impl<C: Capacity> fmt::Debug for BoundedPublicKey<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("BoundedPublicKey { n: 0x")?;
        for w in self.n_limbs().iter().rev() {
            write!(f, "{w:08x}")?;
        }
        write!(f, ", e: {} }}", self.e_u64())
    }
}
