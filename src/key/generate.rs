//! Key generation: FIPS 186-5 Appendix A.1.3 probable primes on this
//! crate's constant-time Montgomery arithmetic, with no heap.
//!
//! [`BoundedPrivateKey::new`] and friends mirror `rsa` 0.10
//! (`PrivateKey::new`, `new_with_exp`, `new_unchecked`,
//! `new_with_exp_unchecked`, the `Generate` trait). Every number lives in
//! stack arrays sized by the key's [`Capacity`]; the finished components go
//! through [`BoundedPrivateKey::from_be_bytes_components`], so a generated
//! key passes exactly the checks of a loaded one (`p·q = n`,
//! `e·dP ≡ 1 mod (p − 1)`, `e·dQ ≡ 1 mod (q − 1)`, `qInv` by inversion and
//! checked).
//!
//! # The procedure (FIPS 186-5 A.1.3)
//!
//! For `nlen = bit_size`, `p` gets `⌊nlen/2⌋` bits and `q` the rest. Each
//! candidate is fresh output of the RNG (no incremental search) with its two
//! top bits set — a subset of the standard's `p ≥ √2·2^(nlen/2 − 1)` range
//! that makes `n` exactly `nlen` bits — and bit 0 set. A candidate is
//! rejected, in this order, if
//!
//! 1. `p ≡ 1 (mod 2³²)` (probability 2⁻³¹; lets the Miller–Rabin tail run
//!    a fixed 31 steps, see below),
//! 2. a prime below 2048 divides it (trial division),
//! 3. for `q`: `|p − q| ≤ 2^(nlen/2 − 100)`,
//! 4. `gcd(e, p − 1) ≠ 1`,
//! 5. it fails one of the Miller–Rabin rounds of FIPS 186-5 Table B.1
//!    (random bases): 5 rounds for 1024-bit primes (`nlen` = 2048, error
//!    ≤ 2⁻¹¹²), 4 for 1536-bit (3072, 2⁻¹²⁸) and 2048-bit primes (4096,
//!    2⁻¹⁴⁴); other sizes use the same Damgård–Landrock–Pomerance bound
//!    (FIPS 186-5 B.1), for the error target of the modulus size (2⁻¹¹²
//!    below 3072 bits, 2⁻¹²⁸ below 4096, 2⁻¹⁴⁴ below 6144, 2⁻²⁰⁰ above)
//!    and the prime size rounded down to a table row (more rounds).
//!
//! Then `d = e⁻¹ mod λ(n)`, `λ(n) = lcm(p − 1, q − 1)`; if
//! `d ≤ 2^(nlen/2)` both primes are drawn again (FIPS 186-5 A.1.1).
//! The standard returns FAILURE after `5·nlen/2` candidates for one prime;
//! here the bound is `100·(bits of the prime)` candidates, which a working
//! generator exceeds with probability below 2⁻⁸⁵ for every allowed `e`
//! (2⁻⁴⁰⁰ for `e = 65537`), and exceeding it returns
//! [`Error::Rng`] (a generator stuck on one value would otherwise loop for
//! ever) — the same as the standard's FAILURE followed by a new attempt.
//!
//! # What leaks
//!
//! Rejecting a candidate is public: how many candidates were drawn, and
//! which test rejected each, says something only about discarded random
//! numbers, which the standard's procedure throws away. The accepted
//! primes never steer a branch, a loop bound or a memory address:
//!
//! * trial division reduces the candidate modulo products of small primes
//!   with a word-level Montgomery reduction and tests divisibility by a
//!   multiply and compare (no division instruction: `UDIV` time depends on
//!   its operands); a group of primes that divides the candidate ends the
//!   test early, which happens only to rejected candidates;
//! * `p mod e`, `gcd`, and the `|p − q|` and `d` bounds are computed with
//!   masks; only their final verdict is a branch;
//! * Miller–Rabin raises the base to `(p − 1) >> 32 = p >> 32` with the
//!   fixed-window [`exp::pow_secret`], then runs 31 square-and-multiply
//!   steps over the low word of `p − 1` with masked selects, checking for
//!   `±1` at every step under a mask derived from the trailing zeros of
//!   `p − 1`: the number of squarings never depends on `p` (step 1 above
//!   keeps the trailing zeros below 32). The base is `l + 2` random limbs
//!   reduced modulo the candidate (bias ≤ 2⁻⁶⁴); a base of 0, 1 or `p − 1`
//!   is drawn again (probability about 2⁻¹⁰⁰⁰);
//! * `λ` and `d` come from a constant-time binary GCD, a constant-time long
//!   division, a constant-time inverse modulo `e` and an exact division by
//!   `e` (Hensel), all with iteration counts fixed by the sizes.
//!
//! Sizes (of `n`, `p`, `q`) and `e` are public, as everywhere in this crate.
//! Word products go through `mul_wide`, which on the Cortex-M3 is four
//! 16-bit `MUL`s (no early-terminating `UMULL`).
//!
//! # Sizes and exponents
//!
//! The checked constructors take `2048 ≤ bit_size ≤ C::MAX_BITS` (FIPS
//! 186-5 requires `nlen ≥ 2048`; `rsa` 0.10 accepts 1024 here); the
//! `*_unchecked` ones accept `1024 ≤ bit_size ≤ C::MAX_BITS`. Any odd
//! `e` with `3 ≤ e ≤ 2³³ − 1` (the largest a key of this crate holds) is
//! accepted; FIPS 186-5 asks for `e > 2¹⁶`, and the default is 65537.
//!
//! # Stack and time
//!
//! The prime search uses one `C::Work` next to the prime buffers; after it
//! returns, the validating key constructor puts its own work areas in the
//! same place, so the peak stack scales with the capacity. The time varies
//! with the luck of the candidate search. Both, measured on the emulated
//! Cortex-M4, are in the README ("Key generation") and BENCHMARKS.md.

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::arith::backend::portable32::mul_wide;
use crate::arith::mont::{inv_limb, neg_inv_limb};
use crate::arith::{exp, kernels, limbs, Limb, Modulus};
use crate::capacity::{Array, Capacity};
use crate::errors::{Error, Result};
use crate::key::{BoundedPrivateKey, PrivateKeyComponents};

/// The public exponent of [`BoundedPrivateKey::new`]: 65537.
const DEFAULT_EXPONENT: u64 = 65_537;
/// Smallest modulus of the checked constructors (FIPS 186-5).
const FIPS_MIN_BITS: usize = 2048;
/// Smallest modulus of the `*_unchecked` constructors.
const UNCHECKED_MIN_BITS: usize = 1024;
/// Largest public exponent a key holds (`BoundedPublicKey::MAX_PUB_EXPONENT`).
const MAX_EXPONENT: u64 = (1 << 33) - 1;
/// Candidates drawn per bit of a prime before giving up: a working RNG
/// needs that many with probability below 2⁻⁸⁵ (module docs).
const CANDIDATES_PER_BIT: usize = 100;

impl<C: Capacity> BoundedPrivateKey<C> {
    /// Modulus size of the `Generate` implementation: 3072 bits (as `rsa` 0.10's `PrivateKey::DEFAULT_BITS`,
    /// about 128-bit security), or `C::MAX_BITS` if the storage is smaller.
    pub const DEFAULT_BITS: usize = if C::MAX_BITS < 3072 {
        C::MAX_BITS
    } else {
        3072
    };

    /// Generates a key with a `bit_size`-bit modulus and `e = 65537`.
    ///
    /// FIPS 186-5 Appendix A.1.3 probable primes, on the stack (no heap):
    /// every candidate is fresh RNG output of `bit_size / 2` bits with the
    /// two top bits set (so `n` has exactly `bit_size` bits), tested by trial
    /// division by the primes below 2048, `gcd(e, p − 1) = 1`,
    /// `|p − q| > 2^(nlen/2 − 100)` and the Miller–Rabin rounds of FIPS
    /// 186-5 Table B.1 (5 for 2048-bit keys, 4 for 3072 and 4096) with random
    /// bases; `d = e⁻¹ mod lcm(p − 1, q − 1)` with `d > 2^(nlen/2)`. The key
    /// is then built and checked by [`Self::from_be_bytes_components`], like
    /// a loaded one.
    ///
    /// Only the rejection of candidates is observable (how many were drawn
    /// and which test discarded each, facts about discarded random numbers);
    /// the accepted primes never steer a branch, a loop bound or a memory
    /// address: trial division uses multiplications only, Miller–Rabin runs
    /// a fixed schedule of constant-time Montgomery operations, and `λ`,
    /// `d` come from constant-time GCD, division and inversion.
    ///
    /// Same results for the same RNG output, whatever the capacity `C`.
    ///
    /// # Errors
    /// [`Error::ModulusTooSmall`] below 2048 bits (use
    /// [`Self::new_unchecked`] for 1024 to 2047),
    /// [`Error::ModulusTooLarge`] above `C::MAX_BITS`, [`Error::Rng`] if
    /// the generator fails.
    pub fn new<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Self::new_with_exp_u64(rng, bit_size, DEFAULT_EXPONENT)
    }

    /// As [`Self::new`] with `1024 ≤ bit_size` instead of 2048.
    ///
    /// <div class="warning">Keys below 2048 bits are weak; FIPS 186-5 does
    /// not allow them. This mirrors `rsa` 0.10's hazmat
    /// `PrivateKey::new_unchecked`, but still refuses anything below 1024
    /// bits.</div>
    ///
    /// # Errors
    /// As [`Self::new`], with the lower limit 1024.
    pub fn new_unchecked<R: TryCryptoRng + ?Sized>(rng: &mut R, bit_size: usize) -> Result<Self> {
        Self::new_with_exp_u64_unchecked(rng, bit_size, DEFAULT_EXPONENT)
    }

    /// Generates a key with a `bit_size`-bit modulus and public exponent
    /// `e`: the no-heap form of `new_with_exp` (with `alloc`).
    ///
    /// # Errors
    /// As [`Self::new`]; [`Error::PublicExponentTooSmall`] for `e < 2`,
    /// [`Error::InvalidExponent`] for an even `e`,
    /// [`Error::PublicExponentTooLarge`] for `e > 2³³ − 1`.
    pub fn new_with_exp_u64<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        e: u64,
    ) -> Result<Self> {
        generate(rng, bit_size, e, FIPS_MIN_BITS)
    }

    /// As [`Self::new_with_exp_u64`] with `1024 ≤ bit_size` instead of 2048.
    ///
    /// <div class="warning">Keys below 2048 bits are weak.</div>
    ///
    /// # Errors
    /// As [`Self::new_with_exp_u64`], with the lower limit 1024.
    pub fn new_with_exp_u64_unchecked<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        e: u64,
    ) -> Result<Self> {
        generate(rng, bit_size, e, UNCHECKED_MIN_BITS)
    }

    /// Generates a key with a `bit_size`-bit modulus and public exponent
    /// `exp`, as `rsa` 0.10's `PrivateKey::new_with_exp`.
    ///
    /// # Errors
    /// As [`Self::new_with_exp_u64`].
    #[cfg(feature = "alloc")]
    pub fn new_with_exp<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        exp: crate::BoxedUint,
    ) -> Result<Self> {
        Self::new_with_exp_u64(rng, bit_size, boxed_exponent(&exp)?)
    }

    /// As [`Self::new_with_exp`] with `1024 ≤ bit_size` instead of 2048
    /// (`rsa` 0.10's hazmat `new_with_exp_unchecked`).
    ///
    /// <div class="warning">Keys below 2048 bits are weak.</div>
    ///
    /// # Errors
    /// As [`Self::new_with_exp_u64_unchecked`].
    #[cfg(feature = "alloc")]
    pub fn new_with_exp_unchecked<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
        exp: crate::BoxedUint,
    ) -> Result<Self> {
        Self::new_with_exp_u64_unchecked(rng, bit_size, boxed_exponent(&exp)?)
    }
}

/// A [`Self::DEFAULT_BITS`](BoundedPrivateKey::DEFAULT_BITS)-bit key with
/// `e = 65537`, as `rsa` 0.10's `impl Generate for PrivateKey`.
///
/// Only a failure of the generator ends generation early (with its error).
///
/// `Generate::generate` and `try_generate` (the system RNG) need the
/// `getrandom` feature.
impl<C: Capacity> crypto_common::Generate for BoundedPrivateKey<C> {
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> core::result::Result<Self, R::Error> {
        try_generate_default(rng, |key| key)
    }
}

/// The loop behind every `Generate` implementation: generates a default key
/// and wraps it, retrying on anything but a generator failure.
pub(crate) fn try_generate_default<C: Capacity, R: TryCryptoRng + ?Sized, T>(
    rng: &mut R,
    wrap: impl FnOnce(BoundedPrivateKey<C>) -> T,
) -> core::result::Result<T, R::Error> {
    loop {
        let mut source = RngSource {
            rng: &mut *rng,
            error: None,
        };
        let result = generate_core::<C>(
            &mut source,
            BoundedPrivateKey::<C>::DEFAULT_BITS,
            DEFAULT_EXPONENT,
            UNCHECKED_MIN_BITS,
        );
        if let Some(err) = source.error {
            return Err(err);
        }
        if let Ok(key) = result {
            return Ok(wrap(key));
        }
        // The candidate limit was reached without a generator error: retry.
    }
}

#[cfg(feature = "alloc")]
fn boxed_exponent(exp: &crate::BoxedUint) -> Result<u64> {
    let bytes = exp.to_be_bytes();
    crate::key::exponent_from_be_bytes(&bytes)
}

/// Random limbs, from any [`TryCryptoRng`], behind one non-generic interface
/// so the generation code is compiled once per capacity.
trait LimbSource {
    /// Fills `out` with random limbs.
    fn fill(&mut self, out: &mut [Limb]) -> Result<()>;
}

struct RngSource<'a, R: TryCryptoRng + ?Sized> {
    rng: &'a mut R,
    error: Option<R::Error>,
}

impl<R: TryCryptoRng + ?Sized> LimbSource for RngSource<'_, R> {
    fn fill(&mut self, out: &mut [Limb]) -> Result<()> {
        for w in out.iter_mut() {
            match self.rng.try_next_u32() {
                Ok(v) => *w = v,
                Err(err) => {
                    self.error = Some(err);
                    return Err(Error::Rng);
                }
            }
        }
        Ok(())
    }
}

fn generate<C: Capacity, R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    bit_size: usize,
    e: u64,
    min_bits: usize,
) -> Result<BoundedPrivateKey<C>> {
    let mut source = RngSource { rng, error: None };
    generate_core::<C>(&mut source, bit_size, e, min_bits)
}

/// Generates a key into capacity `C` as [`BoundedPrivateKey::new_with_exp_u64`]
/// with a lower size limit of `min_bits` (at least 512), and keeps the
/// generator's own error when it fails (the heap keys' `Generate` returns
/// it).
#[cfg(feature = "alloc")]
pub(crate) fn generate_keeping_rng_error<C: Capacity, R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    bit_size: usize,
    e: u64,
    min_bits: usize,
) -> core::result::Result<BoundedPrivateKey<C>, (Error, Option<R::Error>)> {
    let mut source = RngSource { rng, error: None };
    generate_core::<C>(&mut source, bit_size, e, min_bits).map_err(|err| (err, source.error))
}

/// Checks the parameters, then FIPS 186-5 A.1.3 (see the module docs).
fn generate_core<C: Capacity>(
    rng: &mut dyn LimbSource,
    bits: usize,
    e: u64,
    min_bits: usize,
) -> Result<BoundedPrivateKey<C>> {
    if bits < min_bits {
        return Err(Error::ModulusTooSmall);
    }
    if bits > C::MAX_BITS {
        return Err(Error::ModulusTooLarge);
    }
    if e < 2 {
        return Err(Error::PublicExponentTooSmall);
    }
    if e & 1 == 0 {
        return Err(Error::InvalidExponent);
    }
    if e > MAX_EXPONENT {
        return Err(Error::PublicExponentTooLarge);
    }
    let w = limbs::limbs_for_bits(bits - bits / 2);

    let mut p = C::HalfLimbs::zeroed();
    let mut q = C::HalfLimbs::zeroed();
    let mut d = C::Limbs::zeroed();
    let (ps, qs, ds) = (
        &mut p.as_mut()[..w],
        &mut q.as_mut()[..w],
        &mut d.as_mut()[..2 * w],
    );
    let key = search::<C>(rng, ps, qs, ds, e, bits)
        .and_then(|()| assemble::<C>(ps, qs, ds, e, bits, min_bits));
    p.as_mut().zeroize();
    q.as_mut().zeroize();
    d.as_mut().zeroize();
    key
}

/// Draws `p` and `q` (`w` limbs each, `w` = limbs of the larger) until
/// `d = e⁻¹ mod λ` exceeds `2^(nlen/2)`; `d` gets `2w` limbs. Not inlined:
/// its work area is off the stack before the key constructor puts its own
/// there.
#[inline(never)]
fn search<C: Capacity>(
    rng: &mut dyn LimbSource,
    p: &mut [Limb],
    q: &mut [Limb],
    d: &mut [Limb],
    e: u64,
    bits: usize,
) -> Result<()> {
    let (p_bits, q_bits) = (bits / 2, bits - bits / 2);
    let (p_rounds, q_rounds) = (mr_rounds(bits, p_bits), mr_rounds(bits, q_bits));
    let mut work = C::Work::zeroed();
    let found = (|| -> Result<()> {
        loop {
            generate_prime(rng, p, p_bits, e, p_rounds, None, work.as_mut())?;
            generate_prime(
                rng,
                q,
                q_bits,
                e,
                q_rounds,
                Some((&*p, bits / 2 - 100)),
                work.as_mut(),
            )?;
            if private_exponent(p, q, e, bits / 2, work.as_mut()) {
                // d < λ < n: its 2w + 2 limbs at the start of `work` end in zeros.
                d.copy_from_slice(&work.as_ref()[..d.len()]);
                return Ok(());
            }
        }
    })();
    work.as_mut().zeroize();
    found
}

/// `n = p·q`, everything to big-endian bytes, and the validating constructor.
/// Not inlined, like [`search`], so that the two work areas never share the
/// stack.
#[inline(never)]
fn assemble<C: Capacity>(
    p: &[Limb],
    q: &[Limb],
    d: &[Limb],
    e: u64,
    bits: usize,
    min_bits: usize,
) -> Result<BoundedPrivateKey<C>> {
    let w = p.len();
    let k = bits.div_ceil(8);
    let mut n = C::Limbs::zeroed();
    kernels::mul(&mut n.as_mut()[..2 * w], p, q);
    let mut n_bytes = C::Bytes::zeroed();
    let mut d_bytes = C::Bytes::zeroed();
    let mut pq_bytes = C::Bytes::zeroed();
    limbs::to_be_bytes(&mut n_bytes.as_mut()[..k], &n.as_ref()[..2 * w]);
    limbs::to_be_bytes(&mut d_bytes.as_mut()[..k], d);
    let (p_bytes, rest) = pq_bytes.as_mut().split_at_mut(4 * w);
    let q_bytes = &mut rest[..4 * w];
    limbs::to_be_bytes(p_bytes, p);
    limbs::to_be_bytes(q_bytes, q);
    let e_bytes = e.to_be_bytes();
    let key = BoundedPrivateKey::<C>::from_be_bytes_components_with_size_limits(
        PrivateKeyComponents {
            n: &n_bytes.as_ref()[..k],
            e: &e_bytes,
            d: &d_bytes.as_ref()[..k],
            p: p_bytes,
            q: q_bytes,
            crt: None,
        },
        min_bits..=C::MAX_BITS,
    );
    d_bytes.as_mut().zeroize();
    pq_bytes.as_mut().zeroize();
    key
}

/// Number of Miller–Rabin rounds with random bases for a `prime_bits`-bit
/// prime of an `nlen`-bit modulus: FIPS 186-5 Table B.1 (5 for 1024-bit
/// primes of 2048-bit moduli, 4 for 1536 / 3072 and 2048 / 4096), and the
/// same bound (FIPS 186-5 B.1, Damgård–Landrock–Pomerance) elsewhere,
/// rounded towards more rounds.
pub(crate) const fn mr_rounds(nlen: usize, prime_bits: usize) -> usize {
    // Error targets 2^-112, 2^-128, 2^-144, 2^-200 by modulus size.
    let column = if nlen < 3072 {
        0
    } else if nlen < 4096 {
        1
    } else if nlen < 6144 {
        2
    } else {
        3
    };
    // Rows: smallest prime size they cover, then the rounds for each target
    // (computed with the formula of FIPS 186-5 B.1 for that smallest size).
    const ROWS: [(usize, [usize; 4]); 11] = [
        (512, [9, 12, 15, 28]),
        (640, [7, 9, 11, 22]),
        (768, [6, 8, 9, 18]),
        (1024, [5, 6, 7, 13]),
        (1280, [4, 5, 6, 10]),
        (1536, [3, 4, 5, 9]),
        (2048, [3, 3, 4, 6]),
        (2560, [2, 3, 3, 5]),
        (3072, [2, 2, 3, 4]),
        (3584, [2, 2, 2, 4]),
        (4096, [2, 2, 2, 3]),
    ];
    let mut rounds = ROWS[0].1[column];
    let mut i = 0;
    while i < ROWS.len() {
        if prime_bits >= ROWS[i].0 {
            rounds = ROWS[i].1[column];
        }
        i += 1;
    }
    rounds
}

mod exponent;
mod prime;

use exponent::*;
use prime::*;

#[cfg(test)]
mod tests;
