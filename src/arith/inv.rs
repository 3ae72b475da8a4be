//! Constant-time modular inversion modulo an odd `n`: the divsteps of
//! D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd computation and
//! modular inversion" (TCHES 2019/3), in batches of 30, or of 62 on 64-bit
//! targets.
//!
//! # The algorithm
//!
//! `divstep(δ, f, g)` (f odd) is `(1 − δ, g, (g − f)/2)` if `δ > 0` and `g`
//! is odd, else `(1 + δ, f, (g + (g mod 2)·f)/2)`. From `δ = 1`, `f = n`,
//! `g = a`, after `m ≥ ⌊(49d + 80)/17⌋` steps `g = 0` and `f = ±gcd(a, n)`
//! whenever `f² + 4g² ≤ 5·2^(2d)` (BY, Theorem 11.2); with `d = 32l` that
//! holds for every `a` and `n` of `l` limbs. Alongside, `d` and `e` keep
//! `f ≡ d·a` and `g ≡ e·a (mod n)`, so at the end `a⁻¹ = ±d`.
//!
//! 30 divsteps depend only on the low 30 bits of `f` and `g`: they run on
//! one word, giving a matrix `T` with `2³⁰·(f', g') = T·(f, g)` (entries of
//! at most 2³⁰ in magnitude). The big numbers are then updated once per
//! batch, `(f, g) ← T·(f, g)/2³⁰` (exact) and `(d, e) ← T·(d, e)/2³⁰ mod n`
//! (made exact by adding the multiple of `n` that clears the low 30 bits,
//! as in Montgomery's REDC). Numbers are held in signed radix 2³⁰ (digits
//! in `[0, 2³⁰)` below a signed top digit), so the division by 2³⁰ is a
//! shift by one digit and every product of a digit and a matrix entry fits
//! 64 bits with room for the sums.
//!
//! # Radix 2⁶²
//!
//! One definition serves both radixes, generic over the `Digit` word:
//! `i32` (batches of 30, radix 2³⁰, one limb a digit, 64-bit products) or
//! `i64` (batches of 62, radix 2⁶², two limbs a digit, 128-bit products).
//! [`inv_mod`] takes the latter on 64-bit targets, where a 64×64→128
//! product is one or two instructions: half the digits and half the
//! batches. The bounds, with `B` the batch (62; the same hold for 30 with
//! `i64` for `i128`):
//! - a row of `T` has `|u| + |v| ≤ 2^B`, so the entries fit the word;
//! - the multiples of `n` in the `(d, e)` update lie in `(−2^(B+1), 2^B]`
//!   (`u` if `d < 0`, plus `v` if `e < 0`: at most `2^B` in magnitude, less a
//!   clearing multiple in `[0, 2^B)`), in the word too;
//! - a step of the `(d, e)` update adds `u·dᵢ + v·eᵢ` (at most `2^(2B)`:
//!   digits below `2^B`, the signed top one smaller), a digit of `n` times
//!   a multiple (below `2^(2B+1)`) and the carry (below `2^(B+2)`): below
//!   `2^(2B+2) = 2^126`, inside `i128`; the `(f, g)` update adds less.
//!
//! # Constant time
//!
//! The number of batches is a function of `l` alone; each divstep computes
//! both branches' values and selects with masks from `δ`'s sign and `g`'s
//! low bit; the digit loops run over all digits; no table is indexed by a
//! value. So the instruction sequence and the memory addresses depend only
//! on `l`, given a constant-time multiply: radix 2³⁰'s 32×32→64 products go
//! through `portable32::mul_wide_signed`, 16-bit halves where the target's
//! own is not (Cortex-M3); radix 2⁶²'s are `i128` products of `i64`, one
//! IMUL on x86-64, MUL and SMULH on aarch64.
//! The verdict (invertible or not) is returned, not branched on.
//!
//! On the fast UMAAL kernel set the batches run in Thumb-2 assembly
//! (`backend/umaal/inv.s`, the same results as the radix-2³⁰ Rust batches
//! here).

use core::fmt::Debug;
use core::ops::{Add, AddAssign, BitAnd, BitOr, BitXor, Shl, Shr, ShrAssign, Sub};

use super::backend::portable32::mul_wide_signed;
use super::mont::inv_limb;
use super::{limbs, Limb};

/// The word of a radix: the digits (as signed words), the divsteps' `f`,
/// `g`, `δ` and matrix entries. `i32` is radix 2³⁰, `i64` radix 2⁶².
trait Digit:
    Copy
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitXor<Output = Self>
    + Shr<u32, Output = Self>
    + ShrAssign<u32>
{
    /// Divsteps per batch, and bits per digit.
    const BATCH: u32;
    /// `2^BATCH − 1`.
    const MASK: Self;
    /// Limbs a stored digit takes (low limb first).
    const LIMBS: usize;
    const ZERO: Self;
    const ONE: Self;
    /// A product of two words, and the accumulators of the updates.
    type Wide: Copy
        + Eq
        + Debug
        + Add<Output = Self::Wide>
        + Sub<Output = Self::Wide>
        + AddAssign
        + ShrAssign<u32>
        + BitAnd<Output = Self::Wide>
        + BitOr<Output = Self::Wide>
        + BitXor<Output = Self::Wide>;
    /// Unsigned bits holding a digit and a limb, for the conversions.
    type Bits: Copy
        + From<Limb>
        + Shl<u32, Output = Self::Bits>
        + Shr<u32, Output = Self::Bits>
        + BitOr<Output = Self::Bits>;

    /// Digit `i` of `x`.
    fn load(x: &[Limb], i: usize) -> Self;
    /// Digit `i` of `x` ← `v`.
    fn store(x: &mut [Limb], i: usize, v: Self);
    /// The signed product.
    fn smul(self, b: Self) -> Self::Wide;
    fn widen(self) -> Self::Wide;
    /// The low word of `w`.
    fn low(w: Self::Wide) -> Self;
    /// The low word of `b`.
    fn from_bits(b: Self::Bits) -> Self;
    /// The word's bits, zero-extended.
    fn to_bits(self) -> Self::Bits;
    /// The low limb of `b`.
    fn bits_limb(b: Self::Bits) -> Limb;
    fn from_i32(x: i32) -> Self;
    fn to_i32(self) -> i32;
    /// All-ones if negative, else 0.
    fn sign(self) -> Self;
    /// `n⁻¹ mod 2^BATCH` of the odd `n`.
    fn ninv(n: &[Limb]) -> Self;
    fn wrapping_add(self, b: Self) -> Self;
    fn wrapping_sub(self, b: Self) -> Self;
    fn wrapping_mul(self, b: Self) -> Self;
    fn wrapping_neg(self) -> Self;
    fn wrapping_shl(self, s: u32) -> Self;
}

/// What a word type `$t` (unsigned `$u`, product `$wide`, bits `$bits`)
/// does alike in both radixes: conversions and its own wrapping arithmetic.
macro_rules! word {
    ($t:ty, $u:ty, $wide:ty, $bits:ty) => {
        const ZERO: $t = 0;
        const ONE: $t = 1;
        type Wide = $wide;
        type Bits = $bits;

        #[inline(always)]
        fn widen(self) -> $wide {
            <$wide>::from(self)
        }
        #[inline(always)]
        fn low(w: $wide) -> $t {
            w as $t
        }
        #[inline(always)]
        fn from_bits(b: $bits) -> $t {
            b as $t
        }
        #[inline(always)]
        fn to_bits(self) -> $bits {
            <$bits>::from(self as $u)
        }
        #[inline(always)]
        fn bits_limb(b: $bits) -> Limb {
            b as Limb
        }
        #[inline(always)]
        fn from_i32(x: i32) -> $t {
            <$t>::from(x)
        }
        #[inline(always)]
        fn to_i32(self) -> i32 {
            self as i32
        }
        #[inline(always)]
        fn sign(self) -> $t {
            self >> (<$t>::BITS - 1)
        }
        #[inline(always)]
        fn wrapping_add(self, b: $t) -> $t {
            <$t>::wrapping_add(self, b)
        }
        #[inline(always)]
        fn wrapping_sub(self, b: $t) -> $t {
            <$t>::wrapping_sub(self, b)
        }
        #[inline(always)]
        fn wrapping_mul(self, b: $t) -> $t {
            <$t>::wrapping_mul(self, b)
        }
        #[inline(always)]
        fn wrapping_neg(self) -> $t {
            <$t>::wrapping_neg(self)
        }
        #[inline(always)]
        fn wrapping_shl(self, s: u32) -> $t {
            <$t>::wrapping_shl(self, s)
        }
    };
}

impl Digit for i32 {
    const BATCH: u32 = 30;
    const MASK: i32 = (1 << 30) - 1;
    const LIMBS: usize = 1;
    word!(i32, u32, i64, u64);

    #[inline(always)]
    fn load(x: &[Limb], i: usize) -> i32 {
        x[i] as i32
    }
    #[inline(always)]
    fn store(x: &mut [Limb], i: usize, v: i32) {
        x[i] = v as Limb;
    }
    #[inline(always)]
    fn smul(self, b: i32) -> i64 {
        mul_wide_signed(self, b)
    }
    #[inline(always)]
    fn ninv(n: &[Limb]) -> i32 {
        (inv_limb(n[0]) as i32) & Self::MASK
    }
}

impl Digit for i64 {
    const BATCH: u32 = 62;
    const MASK: i64 = (1 << 62) - 1;
    const LIMBS: usize = 2;
    word!(i64, u64, i128, u128);

    #[inline(always)]
    fn load(x: &[Limb], i: usize) -> i64 {
        (u64::from(x[2 * i]) | u64::from(x[2 * i + 1]) << 32) as i64
    }
    #[inline(always)]
    fn store(x: &mut [Limb], i: usize, v: i64) {
        x[2 * i] = v as Limb;
        x[2 * i + 1] = (v >> 32) as Limb;
    }
    #[inline(always)]
    fn smul(self, b: i64) -> i128 {
        // One IMUL (x86-64), MUL and SMULH (aarch64).
        i128::from(self) * i128::from(b)
    }
    #[inline(always)]
    fn ninv(n: &[Limb]) -> i64 {
        let x = u64::from(inv_limb(n[0]));
        let n = u64::from(n[0]) | u64::from(n.get(1).copied().unwrap_or(0)) << 32;
        // One Newton step doubles the correct bits, 32 to 64.
        (x.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(x))) as i64) & Self::MASK
    }
}

/// The radix [`inv_mod`] uses: 2⁶² where 64×64→128 products are native.
#[cfg(target_pointer_width = "64")]
type Native = i64;
#[cfg(not(target_pointer_width = "64"))]
type Native = i32;

/// Digits for the numbers of an `l`-limb modulus: values in `(−2n, 2n)`
/// need `32l + 2` bits with the sign.
fn digits<S: Digit>(l: usize) -> usize {
    div_ceil(32 * l + 2, S::BATCH as usize)
}

/// Batches of divsteps for `l`-limb operands (BY, Theorem 11.2, `d = 32l`).
fn batches<S: Digit>(l: usize) -> usize {
    div_ceil(
        (49 * 32 * l + 80) / core::hint::black_box(17),
        S::BATCH as usize,
    )
}

/// `⌈x / d⌉` of public lengths by a divide instruction (or call): LLVM
/// turns a constant divisor into a UMULL by its reciprocal, which
/// `ci/m3-ct` could not tell from a product of secrets.
fn div_ceil(x: usize, d: usize) -> usize {
    x.div_ceil(core::hint::black_box(d))
}

/// Scratch limbs [`inv_mod`] needs for an `l`-limb modulus: `f`, `g`, `d`,
/// `e` and `n`, each at most `l + l/8 + 2` limbs in either radix (a bound
/// without a division: work areas are sized at run time too).
pub const fn inv_work_limbs(l: usize) -> usize {
    5 * (l + (l >> 3) + 2)
}

/// `out = a⁻¹ mod n` for odd `n` and any `a` of `n.len()` limbs (`a` need
/// not be below `n`); returns 1, or 0 with `out = 0` if `gcd(a, n) ≠ 1`.
/// Constant time: depends on the values of neither `a` nor `n`, only on
/// their length. `work` ≥ [`inv_work_limbs`]`(n.len())` limbs, zeroed
/// before returning.
#[inline(never)]
pub fn inv_mod(out: &mut [Limb], a: &[Limb], n: &[Limb], work: &mut [Limb]) -> Limb {
    #[cfg(target_pointer_width = "64")]
    let run = run_batches::<Native>;
    #[cfg(not(target_pointer_width = "64"))]
    let run = kernels::run_batches;
    inv_mod_with::<Native>(out, a, n, work, run)
}

/// [`inv_mod`] with the radix-2³⁰ Rust batches on every target: the
/// reference the firmware's differential test holds the assembly to, and
/// the tests the radix-2⁶² batches.
#[inline(never)]
pub fn inv_mod_portable(out: &mut [Limb], a: &[Limb], n: &[Limb], work: &mut [Limb]) -> Limb {
    inv_mod_with::<i32>(out, a, n, work, run_batches)
}

/// [`inv_mod`] with `run` for the batches (see [`run_batches`]).
#[inline(always)]
fn inv_mod_with<S: Digit>(
    out: &mut [Limb],
    a: &[Limb],
    n: &[Limb],
    work: &mut [Limb],
    run: fn(&mut [Limb], usize, S, &mut i32, usize),
) -> Limb {
    let l = n.len();
    debug_assert_eq!(a.len(), l);
    debug_assert_eq!(n[0] & 1, 1);
    let k = digits::<S>(l);
    let kl = k * S::LIMBS;
    debug_assert!(kl <= l + (l >> 3) + 2);
    let work = &mut work[..5 * kl];
    let (f, rest) = work.split_at_mut(kl);
    let (g, rest) = rest.split_at_mut(kl);
    let (d, rest) = rest.split_at_mut(kl);
    let (e, nd) = rest.split_at_mut(kl);
    to_digits::<S>(nd, n);
    to_digits::<S>(g, a);
    f.copy_from_slice(nd);
    d.fill(0);
    e.fill(0);
    e[0] = 1;
    // n⁻¹ mod 2^BATCH for the exact divisions of (d, e).
    let ninv = S::ninv(n);
    let mut delta = 1i32;
    run(work, k, ninv, &mut delta, batches::<S>(l));
    let (f, rest) = work.split_at_mut(kl);
    let (g, rest) = rest.split_at_mut(kl);
    let (d, rest) = rest.split_at_mut(kl);
    let nd = &rest[kl..];
    // f = ±gcd(a, n): the inverse is ±d, if ±f = 1.
    let neg = top::<S>(f).sign();
    g.copy_from_slice(f);
    cneg_add::<S>(g, neg, nd, S::ZERO);
    let rest = g[1..].iter().fold(g[0] ^ 1, |acc, &w| acc | w);
    let ok = limbs::is_zero(rest);
    // ±d ∈ (−2n, 2n) → [0, n): add n while negative (twice), subtract n
    // (as −(−d + n)), add n back if negative.
    let all = S::ZERO.wrapping_sub(S::ONE);
    cneg_add::<S>(d, neg, nd, S::ZERO);
    for _ in 0..2 {
        cneg_add::<S>(d, S::ZERO, nd, top::<S>(d).sign());
    }
    cneg_add::<S>(d, all, nd, all);
    cneg_add::<S>(d, all, nd, S::ZERO);
    cneg_add::<S>(d, S::ZERO, nd, top::<S>(d).sign());
    from_digits::<S>(out, d);
    // black_box: LLVM otherwise sees a 0/1 verdict and clears `out` with a
    // branch (ci/ct-trace caught it).
    let keep = core::hint::black_box(ok.wrapping_neg());
    for w in out.iter_mut() {
        *w &= keep;
    }
    crate::wipe::wipe(work);
    ok
}

/// `count` batches on `w = f, g, d, e, n` (`k` digits each): `BATCH`
/// divsteps on the low digits, then the `(d, e)` and `(f, g)` updates.
fn run_batches<S: Digit>(w: &mut [Limb], k: usize, ninv: S, delta: &mut i32, count: usize) {
    let kl = k * S::LIMBS;
    let (f, rest) = w[..5 * kl].split_at_mut(kl);
    let (g, rest) = rest.split_at_mut(kl);
    let (d, rest) = rest.split_at_mut(kl);
    let (e, nd) = rest.split_at_mut(kl);
    for _ in 0..count {
        let t = divsteps(delta, S::load(f, 0), S::load(g, 0));
        update_de(d, e, nd, ninv, t);
        update_fg(f, g, t);
    }
}

/// The radix-2³⁰ batches: the fast UMAAL set's assembly (`inv.s`), else
/// the Rust above, which is also the assembly's reference in the tests.
mod kernels {
    #[cfg(all(rsa_cortex_m_backend = "umaal", not(rsa_cortex_m_kernels = "compact")))]
    #[inline(always)]
    pub(super) fn run_batches(
        w: &mut [super::Limb],
        k: usize,
        ninv: i32,
        delta: &mut i32,
        count: usize,
    ) {
        super::super::backend::umaal::inv_batches(w, k, ninv as super::Limb, delta, count)
    }
    #[cfg(not(all(rsa_cortex_m_backend = "umaal", not(rsa_cortex_m_kernels = "compact"))))]
    // 64-bit targets use it in the tests only.
    #[cfg_attr(target_pointer_width = "64", allow(unused_imports))]
    pub(super) use super::run_batches;
}

/// The signed top digit of `x`.
fn top<S: Digit>(x: &[Limb]) -> S {
    S::load(x, x.len() / S::LIMBS - 1)
}

/// `BATCH` divsteps on the low words of `f` (odd) and `g`, from `δ`:
/// returns `[u, v, q, r]` with `2^BATCH·f' = u·f + v·g`,
/// `2^BATCH·g' = q·f + r·g`, and advances `δ`. Branch-free.
#[inline(never)]
fn divsteps<S: Digit>(delta: &mut i32, f: S, g: S) -> [S; 4] {
    let (mut f, mut g, mut d) = (f, g, S::from_i32(*delta));
    let (mut u, mut v, mut q, mut r) = (S::ONE, S::ZERO, S::ZERO, S::ONE);
    for _ in 0..S::BATCH {
        // c2: g is odd; c1: also δ > 0 (the swapping case). All-ones or 0.
        let c2 = (g & S::ONE).wrapping_neg();
        // opaque: without conditional execution (ARMv6-M) LLVM otherwise
        // selects c1 with a branch on the sign of δ.
        let c0 = crate::verdict::opaque(d.wrapping_neg().sign().to_i32() as u32) as i32;
        let c1 = c2 & S::from_i32(c0);
        // g += ±f (−f when swapping) if odd; then f += g when swapping,
        // which makes it the old g; the same on the matrix rows.
        g = g.wrapping_add(((f ^ c1).wrapping_sub(c1)) & c2);
        q = q.wrapping_add(((u ^ c1).wrapping_sub(c1)) & c2);
        r = r.wrapping_add(((v ^ c1).wrapping_sub(c1)) & c2);
        f = f.wrapping_add(g & c1);
        u = u.wrapping_add(q & c1);
        v = v.wrapping_add(r & c1);
        d = (d ^ c1).wrapping_sub(c1).wrapping_add(S::ONE);
        g >>= 1;
        u = u.wrapping_shl(1);
        v = v.wrapping_shl(1);
    }
    *delta = d.to_i32();
    [u, v, q, r]
}

/// `(f, g) ← ((u·f + v·g)/2^BATCH, (q·f + r·g)/2^BATCH)`, exact by the
/// choice of the matrix.
#[inline(never)]
fn update_fg<S: Digit>(f: &mut [Limb], g: &mut [Limb], t: [S; 4]) {
    let k = f.len() / S::LIMBS;
    // One length for all (no bounds checks in the loop).
    let (f, g) = (&mut f[..k * S::LIMBS], &mut g[..k * S::LIMBS]);
    let [u, v, q, r] = t;
    let (f0, g0) = (S::load(f, 0), S::load(g, 0));
    let mut cf = u.smul(f0) + v.smul(g0);
    let mut cg = q.smul(f0) + r.smul(g0);
    debug_assert_eq!((cf | cg) & S::MASK.widen(), S::ZERO.widen());
    cf >>= S::BATCH;
    cg >>= S::BATCH;
    for i in 1..k {
        let (fi, gi) = (S::load(f, i), S::load(g, i));
        cf += u.smul(fi) + v.smul(gi);
        cg += q.smul(fi) + r.smul(gi);
        S::store(f, i - 1, S::low(cf) & S::MASK);
        S::store(g, i - 1, S::low(cg) & S::MASK);
        cf >>= S::BATCH;
        cg >>= S::BATCH;
    }
    S::store(f, k - 1, S::low(cf));
    S::store(g, k - 1, S::low(cg));
}

/// `(d, e) ← (T·(d, e))/2^BATCH mod n`, `d, e ∈ (−2n, n)` before and
/// after.
///
/// A negative `d` or `e` is first raised by `n` (folded into the multiple of
/// `n` added), so that `|u·d + v·e| < 2^BATCH·n`; subtracting `kd·n` with
/// `kd ∈ [0, 2^BATCH)` chosen to clear the low `BATCH` bits then leaves a
/// quotient in `(−2n, n)`. The multipliers of `n` lie in
/// `(−2^(BATCH+1), 2^BATCH]`.
#[inline(never)]
fn update_de<S: Digit>(d: &mut [Limb], e: &mut [Limb], n: &[Limb], ninv: S, t: [S; 4]) {
    let k = d.len() / S::LIMBS;
    let kl = k * S::LIMBS;
    let (d, e, n) = (&mut d[..kl], &mut e[..kl], &n[..kl]);
    let sd = top::<S>(d).sign();
    let se = top::<S>(e).sign();
    let [u, v, q, r] = t;
    let mut md = (u & sd).wrapping_add(v & se);
    let mut me = (q & sd).wrapping_add(r & se);
    let (d0, e0, n0) = (S::load(d, 0), S::load(e, 0), S::load(n, 0));
    let cd = u.wrapping_mul(d0).wrapping_add(v.wrapping_mul(e0));
    let ce = q.wrapping_mul(d0).wrapping_add(r.wrapping_mul(e0));
    md = md.wrapping_sub(cd.wrapping_mul(ninv).wrapping_add(md) & S::MASK);
    me = me.wrapping_sub(ce.wrapping_mul(ninv).wrapping_add(me) & S::MASK);
    let mut cd = u.smul(d0) + v.smul(e0) + md.smul(n0);
    let mut ce = q.smul(d0) + r.smul(e0) + me.smul(n0);
    debug_assert_eq!((cd | ce) & S::MASK.widen(), S::ZERO.widen());
    cd >>= S::BATCH;
    ce >>= S::BATCH;
    for i in 1..k {
        let (di, ei, ni) = (S::load(d, i), S::load(e, i), S::load(n, i));
        cd += u.smul(di) + v.smul(ei) + md.smul(ni);
        ce += q.smul(di) + r.smul(ei) + me.smul(ni);
        S::store(d, i - 1, S::low(cd) & S::MASK);
        S::store(e, i - 1, S::low(ce) & S::MASK);
        cd >>= S::BATCH;
        ce >>= S::BATCH;
    }
    S::store(d, k - 1, S::low(cd));
    S::store(e, k - 1, S::low(ce));
}

/// `x ← ±x + (n & mask)`: negated where `neg` is all-ones. Masks, no
/// multiplication by a sign (which compilers turn into predicated code).
#[inline(never)]
fn cneg_add<S: Digit>(x: &mut [Limb], neg: S, n: &[Limb], mask: S) {
    let k = x.len() / S::LIMBS;
    let (neg, mask) = (neg.widen(), mask.widen());
    let mut acc = S::ZERO.widen();
    for i in 0..k {
        acc += ((S::load(x, i).widen() ^ neg) - neg) + (S::load(n, i).widen() & mask);
        let w = S::low(acc);
        S::store(x, i, if i + 1 < k { w & S::MASK } else { w });
        acc >>= S::BATCH;
    }
}

/// `x` (limbs) in radix `2^BATCH`, `out.len()` limbs.
#[inline(never)]
fn to_digits<S: Digit>(out: &mut [Limb], x: &[Limb]) {
    for i in 0..out.len() / S::LIMBS {
        let bit = S::BATCH as usize * i;
        let (j, s) = (bit / 32, (bit % 32) as u32);
        // The limbs the digit spans, at most one more than it takes.
        let mut w = S::Bits::from(0);
        for t in (0..=S::LIMBS).rev() {
            w = w << 32 | S::Bits::from(x.get(j + t).copied().unwrap_or(0));
        }
        S::store(out, i, S::from_bits(w >> s) & S::MASK);
    }
}

/// Non-negative `x` in radix `2^BATCH`, below `2^(32·out.len())`, to limbs.
#[inline(never)]
fn from_digits<S: Digit>(out: &mut [Limb], x: &[Limb]) {
    out.fill(0);
    let (mut acc, mut bits, mut j) = (S::Bits::from(0), 0u32, 0usize);
    for i in 0..x.len() / S::LIMBS {
        acc = acc | S::load(x, i).to_bits() << bits;
        bits += S::BATCH;
        // A digit fills at most LIMBS limbs.
        for _ in 0..S::LIMBS {
            if bits < 32 {
                break;
            }
            if let Some(o) = out.get_mut(j) {
                *o = S::bits_limb(acc);
            }
            j += 1;
            acc = acc >> 32;
            bits -= 32;
        }
    }
    if let Some(o) = out.get_mut(j) {
        *o = S::bits_limb(acc);
    }
}

#[cfg(test)]
#[path = "inv_tests.rs"]
mod tests;
