//! Key generation: FIPS 186-5 Appendix A.1.3 probable primes on this
//! crate's constant-time Montgomery arithmetic, with no heap.
//!
//! [`BoundedPrivateKey::new`] and friends mirror `rsa` 0.10
//! (`PrivateKey::new`, `new_with_exp`, `new_unchecked`,
//! `new_with_exp_unchecked`, the `Generate` trait). Every number lives in
//! stack arrays sized by the key's [`Capacity`]; the finished components go
//! through [`BoundedPrivateKey::from_be_bytes_components`], so a generated
//! key passes exactly the checks of a loaded one (`p·q = n`,
//! `e·dP ≡ 1 mod (p − 1)`, `e·dQ ≡ 1 mod (q − 1)`, `qInv` by Fermat and
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
//! As with every operation here, the portable kernels assume a
//! constant-time 32×32→64 multiply (not so on Cortex-M3).
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
//! same place: 14.7 KB peak for [`Max2048`](crate::Max2048) storage
//! (3.5 KB of it the search, 9.9 KB the construction), measured on the
//! emulated Cortex-M4; it scales with the capacity. There, 2048-bit generation took 0.39 to
//! 2.1 (mean 1.1) billion estimated cycles over five seeds — the spread is
//! the luck of the candidate search.

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

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

/// Draws candidates until one is a probable prime of exactly `bits` bits
/// with `gcd(e, p − 1) = 1` (and, with `far_from = Some((p, t))`,
/// `|candidate − p| > 2^t`), leaving it in `out[..limbs_for_bits(bits)]`
/// (the rest of `out` zero).
fn generate_prime(
    rng: &mut dyn LimbSource,
    out: &mut [Limb],
    bits: usize,
    e: u64,
    rounds: usize,
    far_from: Option<(&[Limb], usize)>,
    work: &mut [Limb],
) -> Result<()> {
    let l = limbs::limbs_for_bits(bits);
    out.fill(0);
    for _ in 0..CANDIDATES_PER_BIT * bits {
        let cand = &mut out[..l];
        rng.fill(cand)?;
        let top_bits = (bits - 1) % 32 + 1;
        if top_bits < 32 {
            cand[l - 1] &= (1 << top_bits) - 1;
        }
        set_bit(cand, bits - 1);
        set_bit(cand, bits - 2);
        cand[0] |= 1;
        // Every rejection below concerns a candidate that is then discarded.
        if cand[0] == 1 || has_small_factor(cand) {
            continue;
        }
        if let Some((other, t)) = far_from {
            if !differ_by_more_than(out, other, t, work) {
                continue;
            }
        }
        let cand = &out[..l];
        if !coprime_to_e_minus_one(cand, e) {
            continue;
        }
        if miller_rabin(cand, rounds, rng, work)? {
            return Ok(());
        }
    }
    out.zeroize();
    Err(Error::Rng)
}

fn set_bit(x: &mut [Limb], i: usize) {
    x[i / 32] |= 1 << (i % 32);
}

/// Bits `0..i` set, for `i ≤ 32`.
#[inline(always)]
fn low_mask(i: usize) -> Limb {
    ((1u64 << i) - 1) as Limb
}

// ---------------------------------------------------------------------------
// Trial division

/// Odd primes below this bound are trial divisors.
const SIEVE_LIMIT: usize = 2048;

/// `true` at the odd primes `3 ≤ p < SIEVE_LIMIT`.
const fn sieve() -> [bool; SIEVE_LIMIT] {
    let mut is_prime = [true; SIEVE_LIMIT];
    is_prime[0] = false;
    is_prime[1] = false;
    is_prime[2] = false; // 2 never divides an odd candidate
    let mut i = 2;
    while i * i < SIEVE_LIMIT {
        let mut j = i * i;
        while j < SIEVE_LIMIT {
            is_prime[j] = false;
            j += i;
        }
        i += 1;
    }
    is_prime
}

const fn count_small_primes() -> usize {
    let s = sieve();
    let mut count = 0;
    let mut i = 0;
    while i < SIEVE_LIMIT {
        if s[i] {
            count += 1;
        }
        i += 1;
    }
    count
}

const NUM_SMALL_PRIMES: usize = count_small_primes();

/// The trial divisors in increasing order.
const fn small_primes() -> [u32; NUM_SMALL_PRIMES] {
    let s = sieve();
    let mut out = [0u32; NUM_SMALL_PRIMES];
    let mut count = 0;
    let mut i = 0;
    while i < SIEVE_LIMIT {
        if s[i] {
            out[count] = i as u32;
            count += 1;
        }
        i += 1;
    }
    out
}

/// A divisibility test by one odd prime `p` (Granlund–Montgomery):
/// `p | r` iff `r·p⁻¹ mod 2³² ≤ ⌊(2³² − 1)/p⌋`.
#[derive(Clone, Copy)]
struct Divisor {
    inv: u32,
    limit: u32,
}

/// Consecutive trial divisors whose product `m < 2³² − 1` is reduced at once.
#[derive(Clone, Copy)]
struct Group {
    m: u32,
    /// `−m⁻¹ mod 2³²`.
    neg_inv: u32,
    start: u16,
    end: u16,
}

/// Products of consecutive small primes stay at most this (so that a
/// residue plus one fits in a limb).
const GROUP_MAX: u64 = (1 << 32) - 2;

const fn count_groups() -> usize {
    let primes = small_primes();
    let mut groups = 0;
    let mut i = 0;
    while i < NUM_SMALL_PRIMES {
        let mut m = 1u64;
        while i < NUM_SMALL_PRIMES && m * primes[i] as u64 <= GROUP_MAX {
            m *= primes[i] as u64;
            i += 1;
        }
        groups += 1;
    }
    groups
}

const NUM_GROUPS: usize = count_groups();

const fn groups() -> [Group; NUM_GROUPS] {
    let primes = small_primes();
    let mut out = [Group {
        m: 0,
        neg_inv: 0,
        start: 0,
        end: 0,
    }; NUM_GROUPS];
    let mut g = 0;
    let mut i = 0;
    while i < NUM_SMALL_PRIMES {
        let start = i;
        let mut m = 1u64;
        while i < NUM_SMALL_PRIMES && m * primes[i] as u64 <= GROUP_MAX {
            m *= primes[i] as u64;
            i += 1;
        }
        out[g] = Group {
            m: m as u32,
            neg_inv: neg_inv_limb(m as u32),
            start: start as u16,
            end: i as u16,
        };
        g += 1;
    }
    out
}

const fn divisors() -> [Divisor; NUM_SMALL_PRIMES] {
    let primes = small_primes();
    let mut out = [Divisor { inv: 0, limit: 0 }; NUM_SMALL_PRIMES];
    let mut i = 0;
    while i < NUM_SMALL_PRIMES {
        out[i] = Divisor {
            inv: inv_limb(primes[i]),
            limit: u32::MAX / primes[i],
        };
        i += 1;
    }
    out
}

static GROUPS: [Group; NUM_GROUPS] = groups();
static DIVISORS: [Divisor; NUM_SMALL_PRIMES] = divisors();

/// `x·2^(−32·len) mod m` up to one extra `m` (a result `≤ m + 1`): word-level
/// Montgomery reduction, multiplications and additions only.
#[inline]
fn reduce_small(x: &[Limb], m: u32, neg_inv: u32) -> u32 {
    let mut r = 0u64;
    for &w in x {
        let t = r + w as u64; // < 2^32 + m + 1
        let u = (t as u32).wrapping_mul(neg_inv);
        r = (t + u as u64 * m as u64) >> 32; // ≤ m + 1, no overflow for m ≤ 2^32 − 2
    }
    r as u32
}

/// Whether a trial divisor divides `x`. Each group of divisors is tested
/// without branches; a group that divides `x` ends the test (only rejected
/// candidates end early).
fn has_small_factor(x: &[Limb]) -> bool {
    for g in GROUPS.iter() {
        let r = reduce_small(x, g.m, g.neg_inv);
        let mut hit = 0;
        for d in &DIVISORS[g.start as usize..g.end as usize] {
            let t = r.wrapping_mul(d.inv);
            // t ≤ limit ⇔ p | r ⇔ p | x (2 is invertible modulo p).
            hit |= 1 ^ ((d.limit as u64).wrapping_sub(t as u64) >> 63) as Limb;
        }
        if hit != 0 {
            return true;
        }
    }
    false
}

// ---------------------------------------------------------------------------
// Candidate tests

/// Whether `|x − y| > 2^t` (`x` and `y` of equal length). Constant time up
/// to the returned verdict.
fn differ_by_more_than(x: &[Limb], y: &[Limb], t: usize, work: &mut [Limb]) -> bool {
    let d = &mut work[..x.len()];
    d.copy_from_slice(x);
    let borrow = limbs::sub_assign(d, y);
    // |x − y|: negate if negative.
    let mask = borrow.wrapping_neg();
    let mut carry = borrow;
    for w in d.iter_mut() {
        let (v, c) = (*w ^ mask).overflowing_add(carry);
        *w = v;
        carry = c as Limb;
    }
    // |d| > 2^t ⇔ d ≠ 0 and (d − 1) >> t ≠ 0.
    let nonzero = 1 ^ limbs::ct_is_zero(d);
    limbs::sub_assign(d, &[1]);
    let high = bits_from(d, t);
    d.zeroize();
    (nonzero & (1 ^ limbs::is_zero(high))) == 1
}

/// OR of the bits of `x` at positions `≥ t` (non-zero iff `x ≥ 2^t`).
fn bits_from(x: &[Limb], t: usize) -> Limb {
    let mut acc = 0;
    for (i, &w) in x.iter().enumerate() {
        let mask = if i * 32 >= t {
            !0
        } else if (i + 1) * 32 > t {
            !low_mask(t % 32)
        } else {
            0
        };
        acc |= w & mask;
    }
    acc
}

/// `gcd(e, p − 1) = 1`, computed without branches on `p`.
fn coprime_to_e_minus_one(p: &[Limb], e: u64) -> bool {
    let el = [e as Limb, (e >> 32) as Limb];
    let mut r = [0 as Limb; 2];
    let mut scratch = [0 as Limb; 3];
    limbs::rem(&mut r, p, &el, &mut scratch);
    // (p − 1) mod e = (r + e − 1) mod e
    let rem = r[0] as u64 | (r[1] as u64) << 32;
    r.zeroize();
    scratch.zeroize();
    let r = rem + e - 1;
    let r = r - (e & 0u64.wrapping_sub(((e - 1).wrapping_sub(r) >> 63) & 1));
    ct_gcd_u64(r, e) == 1
}

/// `gcd(a, b)` for odd `b`, `a, b < 2⁶²`: binary GCD with a fixed 128
/// iterations and masks instead of branches.
fn ct_gcd_u64(mut a: u64, mut b: u64) -> u64 {
    for _ in 0..128 {
        let odd = 0u64.wrapping_sub(a & 1);
        let swap = odd & 0u64.wrapping_sub(a.wrapping_sub(b) >> 63);
        let t = (a ^ b) & swap;
        a ^= t;
        b ^= t;
        a -= b & odd;
        a >>= 1;
    }
    b
}

/// `r⁻¹ mod e` for odd `e < 2⁶²` and `gcd(r, e) = 1`, `r < e`: binary
/// extended Euclid with fixed iterations, no branches.
fn ct_inv_mod_u64(r: u64, e: u64) -> u64 {
    // Invariants: a ≡ u·r, b ≡ v·r (mod e); b odd.
    let (mut a, mut b, mut u, mut v) = (r, e, 1u64, 0u64);
    for _ in 0..128 {
        let odd = 0u64.wrapping_sub(a & 1);
        let swap = odd & 0u64.wrapping_sub(a.wrapping_sub(b) >> 63);
        let t = (a ^ b) & swap;
        a ^= t;
        b ^= t;
        let t = (u ^ v) & swap;
        u ^= t;
        v ^= t;
        a -= b & odd;
        // u = u − v mod e when a was odd
        let diff = u.wrapping_sub(v & odd);
        u = diff.wrapping_add(e & 0u64.wrapping_sub(diff >> 63));
        a >>= 1;
        // u = u/2 mod e
        u = (u + (e & 0u64.wrapping_sub(u & 1))) >> 1;
    }
    v
}

/// Miller–Rabin (FIPS 186-5 B.3.1) with `rounds` random bases; `true` if
/// `w` passes all. Constant time in `w` for a `w` that passes (a failing
/// round ends the test, rejecting `w`). `w ≢ 1 (mod 2³²)`, at least 65
/// bits; `work` ≥ [`exp::secret_work_limbs`]`(l) + 3l` limbs (`l =
/// w.len()`, within the CRT work area of a key of primes of `l` limbs).
fn miller_rabin(
    w: &[Limb],
    rounds: usize,
    rng: &mut dyn LimbSource,
    work: &mut [Limb],
) -> Result<bool> {
    let l = w.len();
    let used = exp::secret_work_limbs(l) + 3 * l;
    let work = &mut work[..used];
    let (pow, rest) = work.split_at_mut(exp::secret_work_limbs(l));
    let (rr, rest) = rest.split_at_mut(l);
    let (a, rest) = rest.split_at_mut(l);
    let (x, _) = rest.split_at_mut(l);
    let n0 = Modulus::precompute(w, rr, pow);
    let m = Modulus::new(w, rr, n0);
    // p − 1 = 2^s·(odd) with 1 ≤ s ≤ 31: its low word.
    let e0 = w[0] & !1;
    let mut passed = true;
    for _ in 0..rounds {
        // A base in [2, w − 2].
        loop {
            let (raw, t) = pow.split_at_mut(l + 2);
            rng.fill(raw)?;
            m.reduce(a, raw, &mut t[..2 * l]);
            raw.zeroize();
            let small = limbs::ct_is_zero(&a[1..]) & limbs::is_zero(a[0] >> 1);
            let minus_one = limbs::ct_eq(&a[1..], &w[1..]) & limbs::is_zero(a[0] ^ e0);
            if small | minus_one == 0 {
                break;
            }
        }
        // x = a^(p >> 32) = a^((p − 1) >> 32).
        exp::pow_secret(x, a, &w[1..], &m, pow);
        // The exponentiation's scratch is free again: acc, prod, t and am.
        let (acc, rest) = pow.split_at_mut(l);
        let (prod, rest) = rest.split_at_mut(l);
        let (t, rest) = rest.split_at_mut(2 * l);
        let am = &mut rest[..l];
        m.to_mont(am, a, t);
        m.to_mont(acc, x, t);
        m.one(a, t); // Montgomery form of 1
        x.copy_from_slice(w);
        limbs::sub_assign(x, a); // Montgomery form of −1
                                 // After step i, acc = a^((p − 1) >> i). With s trailing zeros:
                                 // pass iff acc ≡ 1 at i = s, or acc ≡ −1 at some 1 ≤ i ≤ s.
        let mut pass = 0;
        for i in (1..32).rev() {
            m.sqr_assign(acc, t);
            m.mul(prod, acc, am, t);
            let take = ((e0 >> i) & 1).wrapping_neg();
            for (y, &z) in acc.iter_mut().zip(prod.iter()) {
                *y = (z & take) | (*y & !take);
            }
            let within = limbs::is_zero(e0 & low_mask(i)); // i ≤ s
            let at_s = within & (1 ^ limbs::is_zero(e0 & low_mask(i + 1))); // i = s
            pass |= within & limbs::ct_eq(acc, x);
            pass |= at_s & limbs::ct_eq(acc, a);
        }
        pow.zeroize();
        if pass == 0 {
            passed = false;
            break;
        }
    }
    work.zeroize();
    Ok(passed)
}

// ---------------------------------------------------------------------------
// The private exponent

/// `x = x >> 1` where `mask` is all-ones, unchanged where it is zero.
fn shr1_masked(x: &mut [Limb], mask: Limb) {
    let len = x.len();
    for i in 0..len {
        let next = if i + 1 < len { x[i + 1] } else { 0 };
        let shifted = (x[i] >> 1) | (next << 31);
        x[i] = (shifted & mask) | (x[i] & !mask);
    }
}

/// `q = ⌊x / m⌋` (`q` as long as `x`), for non-zero `m`: binary long
/// division, one conditional subtraction per bit of `x`, constant time.
/// `scratch` ≥ `2·m.len() + 1` limbs.
fn div_ct(q: &mut [Limb], x: &[Limb], m: &[Limb], scratch: &mut [Limb]) {
    let h = m.len();
    let (acc, rest) = scratch.split_at_mut(h + 1);
    let r = &mut rest[..h];
    acc.fill(0);
    q.fill(0);
    for i in (0..32 * x.len()).rev() {
        let mut carry = (x[i / 32] >> (i % 32)) & 1;
        for w in acc.iter_mut() {
            let next = *w >> 31;
            *w = (*w << 1) | carry;
            carry = next;
        }
        r.copy_from_slice(&acc[..h]);
        let borrow = limbs::sub_assign(r, m);
        let keep = ((acc[h] as u64).wrapping_sub(borrow as u64) >> 63) as Limb; // 1: acc < m
        let mask = keep.wrapping_sub(1); // all-ones: subtract
        for (a, &ri) in acc.iter_mut().zip(r.iter()) {
            *a = (ri & mask) | (*a & !mask);
        }
        acc[h] &= !mask;
        q[i / 32] |= (1 ^ keep) << (i % 32);
    }
    acc.zeroize();
    r.zeroize();
}

/// `q = x / e` for odd `e` dividing `x` exactly (Hensel division from the
/// low limb; `x` is consumed). Constant time.
fn exact_div_u64(q: &mut [Limb], x: &mut [Limb], e: u64) {
    let inv = inv_limb(e as u32);
    let (e_lo, e_hi) = (e as u32 as u64, e >> 32);
    for i in 0..x.len() {
        let qi = x[i].wrapping_mul(inv);
        q[i] = qi;
        let t0 = qi as u64 * e_lo;
        let t1 = (t0 >> 32) + qi as u64 * e_hi;
        let sub = [t0 as Limb, t1 as Limb, (t1 >> 32) as Limb];
        limbs::sub_assign(&mut x[i..], &sub);
    }
}

/// Computes `d = e⁻¹ mod lcm(p − 1, q − 1)` into `work[..2w + 2]` (`p`, `q`
/// odd primes of `w` limbs with `gcd(e, p − 1) = gcd(e, q − 1) = 1` and
/// fewer than 32 trailing zeros in `p − 1`); `false` if `d ≤ 2^half_bits`.
fn private_exponent(p: &[Limb], q: &[Limb], e: u64, half_bits: usize, work: &mut [Limb]) -> bool {
    let w = p.len();
    let used = 12 * w + 6;
    let work = &mut work[..used];
    let (d, rest) = work.split_at_mut(2 * w + 2);
    let (a, rest) = rest.split_at_mut(w);
    let (b, rest) = rest.split_at_mut(w);
    let (b_t, rest) = rest.split_at_mut(w);
    let (quot, rest) = rest.split_at_mut(w);
    let (lambda, rest) = rest.split_at_mut(2 * w);
    let (prod, rest) = rest.split_at_mut(2 * w + 2);
    let scratch = &mut rest[..2 * w + 1];

    a.copy_from_slice(p);
    a[0] &= !1;
    b.copy_from_slice(q);
    b[0] &= !1;
    // Remove the common factor 2^t (t ≤ 31): afterwards one of a, b is odd.
    for _ in 0..32 {
        let both_even = ((a[0] | b[0]) & 1) ^ 1;
        let mask = both_even.wrapping_neg();
        shr1_masked(a, mask);
        shr1_masked(b, mask);
    }
    b_t.copy_from_slice(b); // (q − 1) / 2^t
                            // Binary GCD with b odd: gcd(p − 1, q − 1) = 2^t·b at the end.
    let b_even = ((b[0] & 1) ^ 1).wrapping_neg();
    limbs::cswap(a, b, b_even);
    for _ in 0..64 * w {
        let odd = (a[0] & 1).wrapping_neg();
        let swap = odd & limbs::ct_lt(a, b).wrapping_neg();
        limbs::cswap(a, b, swap);
        limbs::cond_sub_assign(a, b, odd);
        shr1_masked(a, !0);
    }
    // λ = (p − 1)·((q − 1) / gcd) = (p − 1)·((q − 1)/2^t / b).
    div_ct(quot, b_t, b, scratch);
    a.copy_from_slice(p);
    a[0] &= !1;
    kernels::mul(lambda, a, quot);
    // d = (1 + k·λ)/e with k = −λ⁻¹ mod e: exact, and d < λ.
    let el = [e as Limb, (e >> 32) as Limb];
    let mut r = [0 as Limb; 2];
    limbs::rem(&mut r, lambda, &el, &mut scratch[..3]);
    let s = ct_inv_mod_u64(r[0] as u64 | (r[1] as u64) << 32, e);
    limbs::mul_u64(prod, lambda, e - s);
    limbs::add_assign(prod, &[1]);
    exact_div_u64(d, prod, e);
    // FIPS 186-5 A.1.1: 2^(nlen/2) < d, i.e. d − 1 ≥ 2^(nlen/2).
    prod[..2 * w + 2].copy_from_slice(d);
    limbs::sub_assign(prod, &[1]);
    let big_enough = bits_from(prod, half_bits) != 0;
    r.zeroize();
    let (_, secrets) = work.split_at_mut(2 * w + 2);
    secrets.zeroize();
    big_enough
}

#[cfg(test)]
mod tests;
