//! Candidate primes of FIPS 186-5 A.1.3: fresh random candidates, trial
//! division, the distance and `gcd(e, p − 1)` tests and Miller–Rabin, in
//! constant time in every accepted prime (see the parent module).

use super::*;

/// Draws candidates until one is a probable prime of exactly `bits` bits
/// with `gcd(e, p − 1) = 1` (and, with `far_from = Some((p, t))`,
/// `|candidate − p| > 2^t`), leaving it in `out[..limbs_for_bits(bits)]`
/// (the rest of `out` zero).
pub(super) fn generate_prime(
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

pub(super) fn set_bit(x: &mut [Limb], i: usize) {
    x[i / 32] |= 1 << (i % 32);
}

/// Bits `0..i` set, for `i ≤ 32`.
#[inline(always)]
pub(super) fn low_mask(i: usize) -> Limb {
    ((1u64 << i) - 1) as Limb
}

// ---------------------------------------------------------------------------
// Trial division

/// Odd primes below this bound are trial divisors.
pub(super) const SIEVE_LIMIT: usize = 2048;

/// `true` at the odd primes `3 ≤ p < SIEVE_LIMIT`.
pub(super) const fn sieve() -> [bool; SIEVE_LIMIT] {
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

/// The first `N` entries of `all` (a table built at its largest size,
/// then cut to the length it turned out to need).
const fn prefix<T: Copy, const M: usize, const N: usize>(all: &[T; M]) -> [T; N] {
    let mut out = [all[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = all[i];
        i += 1;
    }
    out
}

/// The trial divisors in increasing order, padded with zeros, and their
/// number.
const fn sieved_primes() -> ([u32; SIEVE_LIMIT], usize) {
    let s = sieve();
    let mut out = [0u32; SIEVE_LIMIT];
    let mut count = 0;
    let mut i = 0;
    while i < SIEVE_LIMIT {
        if s[i] {
            out[count] = i as u32;
            count += 1;
        }
        i += 1;
    }
    (out, count)
}

pub(super) const NUM_SMALL_PRIMES: usize = sieved_primes().1;

/// The trial divisors in increasing order.
pub(super) const fn small_primes() -> [u32; NUM_SMALL_PRIMES] {
    prefix(&sieved_primes().0)
}

/// A divisibility test by one odd prime `p` (Granlund–Montgomery):
/// `p | r` iff `r·p⁻¹ mod 2³² ≤ ⌊(2³² − 1)/p⌋`.
#[derive(Clone, Copy)]
pub(super) struct Divisor {
    pub(super) inv: u32,
    pub(super) limit: u32,
}

/// Consecutive trial divisors whose product `m < 2³² − 1` is reduced at once.
#[derive(Clone, Copy)]
pub(super) struct Group {
    pub(super) m: u32,
    /// `−m⁻¹ mod 2³²`.
    pub(super) neg_inv: u32,
    pub(super) start: u16,
    pub(super) end: u16,
}

/// Products of consecutive small primes stay at most this (so that a
/// residue plus one fits in a limb).
pub(super) const GROUP_MAX: u64 = (1 << 32) - 2;

/// The groups (at most one per prime), padded, and their number.
const fn grouped_primes() -> ([Group; NUM_SMALL_PRIMES], usize) {
    let primes = small_primes();
    let mut out = [Group {
        m: 0,
        neg_inv: 0,
        start: 0,
        end: 0,
    }; NUM_SMALL_PRIMES];
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
    (out, g)
}

pub(super) const NUM_GROUPS: usize = grouped_primes().1;

pub(super) const fn groups() -> [Group; NUM_GROUPS] {
    prefix(&grouped_primes().0)
}

pub(super) const fn divisors() -> [Divisor; NUM_SMALL_PRIMES] {
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

pub(super) static GROUPS: [Group; NUM_GROUPS] = groups();
pub(super) static DIVISORS: [Divisor; NUM_SMALL_PRIMES] = divisors();

/// `x·2^(−32·len) mod m` up to one extra `m` (a result `≤ m + 1`): word-level
/// Montgomery reduction, multiplications and additions only.
#[inline]
pub(super) fn reduce_small(x: &[Limb], m: u32, neg_inv: u32) -> u32 {
    let mut r = 0u64;
    for &w in x {
        let t = r + w as u64; // < 2^32 + m + 1
        let u = (t as u32).wrapping_mul(neg_inv);
        r = (t + mul_wide(u, m)) >> 32; // ≤ m + 1, no overflow for m ≤ 2^32 − 2
    }
    r as u32
}

/// Whether a trial divisor divides `x`. Each group of divisors is tested
/// without branches; a group that divides `x` ends the test (only rejected
/// candidates end early).
pub(super) fn has_small_factor(x: &[Limb]) -> bool {
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
pub(super) fn differ_by_more_than(x: &[Limb], y: &[Limb], t: usize, work: &mut [Limb]) -> bool {
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
pub(super) fn bits_from(x: &[Limb], t: usize) -> Limb {
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
pub(super) fn coprime_to_e_minus_one(p: &[Limb], e: u64) -> bool {
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

/// `gcd(a, b)` for odd `b`, `a, b < 2⁶²` (see [`ct_xgcd_u64`]).
pub(super) fn ct_gcd_u64(a: u64, b: u64) -> u64 {
    ct_xgcd_u64(a, b).0
}

/// `r⁻¹ mod e` for odd `e < 2⁶²` and `gcd(r, e) = 1`, `r < e` (see
/// [`ct_xgcd_u64`]).
pub(super) fn ct_inv_mod_u64(r: u64, e: u64) -> u64 {
    ct_xgcd_u64(r, e).1
}

/// `(gcd(r, e), r⁻¹ mod e)` for odd `e < 2⁶²` and `r < 2⁶²` (the inverse
/// meaningful when the gcd is 1): binary extended Euclid with a fixed 128
/// iterations and masks instead of branches.
fn ct_xgcd_u64(r: u64, e: u64) -> (u64, u64) {
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
    (b, v)
}

/// Miller–Rabin (FIPS 186-5 B.3.1) with `rounds` random bases; `true` if
/// `w` passes all. Constant time in `w` for a `w` that passes (a failing
/// round ends the test, rejecting `w`). `w ≢ 1 (mod 2³²)`, at least 65
/// bits; `work` ≥ [`exp::secret_work_limbs`]`(l) + 3l` limbs (`l =
/// w.len()`, within the CRT work area of a key of primes of `l` limbs).
pub(super) fn miller_rabin(
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
