//! Montgomery arithmetic modulo an odd `n` of `l` limbs, `R = 2^(32l)`.
//!
//! Values "in Montgomery form" are `x·R mod n`; [`Modulus::mul`] computes
//! `a·b·R⁻¹ mod n` (multiply then REDC), so products of Montgomery forms stay
//! in Montgomery form. All outputs are fully reduced into `[0, n)`.

use super::{kernels, limbs, Limb, LIMB_BITS};

// Reduction with a result only below R (see `Modulus::mul_lazy`):
// the UMAAL backend has one; the others reduce fully, which also qualifies
// (their operands then stay below n, as their `redc` requires).
use kernels::redc_lazy;
// The armv6m backend's in assembly: portable32's mask becomes a branch on
// ARMv6-M, and p and q are secret when a private key is loaded.
#[cfg(rsa_cortex_m_backend = "armv6m")]
use super::backend::armv6m::final_sub;
#[cfg(not(rsa_cortex_m_backend = "armv6m"))]
use super::portable::final_sub;

/// An odd modulus with its precomputed Montgomery constants, borrowed from
/// the key (or caller) storage that owns them.
#[derive(Clone, Copy)]
pub struct Modulus<'a> {
    n: &'a [Limb],
    rr: &'a [Limb],
    n0: Limb,
}

impl<'a> Modulus<'a> {
    /// Wraps a modulus and its constants made by [`Modulus::precompute`].
    ///
    /// `n` may have leading zero limbs (a CRT half padded to a common width);
    /// `R` is then `2^(32·n.len())`.
    pub fn new(n: &'a [Limb], rr: &'a [Limb], n0: Limb) -> Self {
        debug_assert_eq!(n.len(), rr.len());
        debug_assert_eq!(n[0] & 1, 1);
        Modulus { n, rr, n0 }
    }

    /// Scratch limbs needed by [`Modulus::precompute`] for an `l`-limb modulus.
    pub const fn precompute_work_limbs(l: usize) -> usize {
        4 * l
    }

    /// Computes `n0 = −n⁻¹ mod 2³²` and `rr = R² mod n`, returning `n0`.
    ///
    /// `n` must be odd and at least 2. Runs in time that depends on the bit
    /// length of `n` only (treated as public, also for the CRT primes).
    pub fn precompute(n: &[Limb], rr: &mut [Limb], work: &mut [Limb]) -> Limb {
        let l = n.len();
        let n0 = neg_inv_limb(n[0]);
        let (x, rest) = work.split_at_mut(l);
        let (y, t) = rest.split_at_mut(l);
        let t = &mut t[..2 * l];
        // R = 2^(32l) = 2^j·R' with 32l = j·2^k; start from 2^(b−1) < n.
        let total = LIMB_BITS * l;
        let k = total.trailing_zeros();
        let j = total >> k;
        let b = limbs::bit_len(n);
        x.fill(0);
        x[(b - 1) / 32] = 1 << ((b - 1) % 32);
        // Double up to 2^(total + j) mod n = (2^j)·R mod n, Montgomery form of 2^j.
        for _ in 0..(total + j + 1 - b) {
            let top = x[l - 1] >> 31;
            let mut carry = 0;
            for w in x.iter_mut() {
                let next = *w >> 31;
                *w = (*w << 1) | carry;
                carry = next;
            }
            final_sub(y, x, top, n);
            x.copy_from_slice(y);
        }
        // k Montgomery squarings: (2^j)^(2^k) = 2^total = R, in Montgomery form R².
        let m = Modulus { n, rr: n, n0 };
        for _ in 0..k {
            m.sqr(y, x, t);
            x.copy_from_slice(y);
        }
        rr.copy_from_slice(x);
        work.fill(0);
        n0
    }

    /// The modulus limbs.
    pub fn n(&self) -> &'a [Limb] {
        self.n
    }

    /// `R² mod n`.
    pub fn rr(&self) -> &'a [Limb] {
        self.rr
    }

    /// `−n⁻¹ mod 2³²`.
    pub fn n0(&self) -> Limb {
        self.n0
    }

    /// Limb count `l`.
    pub fn len(&self) -> usize {
        self.n.len()
    }

    /// Always false: a modulus has at least one limb.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// `r = a·b·R⁻¹ mod n`. `t` is scratch of `2l` limbs; `a, b < n`.
    #[inline]
    pub fn mul(&self, r: &mut [Limb], a: &[Limb], b: &[Limb], t: &mut [Limb]) {
        kernels::mul(t, a, b);
        kernels::redc(r, t, self.n, self.n0);
    }

    /// `r = a²·R⁻¹ mod n`. `t` is scratch of `2l` limbs; `a < n`.
    #[inline]
    pub fn sqr(&self, r: &mut [Limb], a: &[Limb], t: &mut [Limb]) {
        kernels::sqr(t, a);
        kernels::redc(r, t, self.n, self.n0);
    }

    /// `r = a·b·R⁻¹ mod n`, with `None` for `b` `a²·R⁻¹` (`a, b < n`; `t` ≥
    /// `2l` limbs): [`Modulus::mul`] or [`Modulus::sqr`], out of line, for
    /// the products off the exponentiations' path (the blinding's): one copy
    /// of the kernel calls for all of them. In AVX-512 IFMA where the backend
    /// runs its exponentiations there (full-length products modulo `n` would
    /// otherwise be the only ones of an IFMA operation left in the BMI2/ADX
    /// rows); the branch is on the CPU and the length only.
    #[inline(never)]
    pub(crate) fn product(&self, r: &mut [Limb], a: &[Limb], b: Option<&[Limb]>, t: &mut [Limb]) {
        // Not at 1024 bits and below, where IFMA's conversions cost more
        // than its product saves (BENCHMARKS.md, issue 23).
        #[cfg(rsa_cortex_m_ifma)]
        if self.len() > 32 && kernels::mul_whole(r, a, b.unwrap_or(a), self) {
            return;
        }
        let t = &mut t[..2 * self.len()];
        match b {
            Some(b) => self.mul(r, a, b, t),
            None => self.sqr(r, a, t),
        }
    }

    /// `a = a·b·R⁻¹ mod n` (`None`: `a²·R⁻¹`) in place through
    /// [`Modulus::product`], the product in `x` (`l` limbs) on the way: the
    /// blinding's products whose result replaces an operand.
    #[inline]
    pub(crate) fn product_assign(
        &self,
        a: &mut [Limb],
        b: Option<&[Limb]>,
        x: &mut [Limb],
        t: &mut [Limb],
    ) {
        self.product(x, a, b, t);
        a.copy_from_slice(x);
    }

    /// `a = a·b·R⁻¹ mod n` in place.
    #[inline]
    pub fn mul_assign(&self, a: &mut [Limb], b: &[Limb], t: &mut [Limb]) {
        kernels::mul(t, a, b);
        kernels::redc(a, t, self.n, self.n0);
    }

    /// `a = a²·R⁻¹ mod n` in place.
    #[inline]
    pub fn sqr_assign(&self, a: &mut [Limb], t: &mut [Limb]) {
        kernels::sqr(t, a);
        kernels::redc(a, t, self.n, self.n0);
    }

    /// `a ≡ a²·R⁻¹ (mod n)` in place `k` times, then with `Some(b)`
    /// `a ≡ a·b·R⁻¹`, each lazily reduced as [`Modulus::mul_lazy`] (one
    /// kernel call where the backend fuses them): an exponentiation window.
    /// `a, b < R`; `a < R` after. `not_n`: `!n` limb by limb, when
    /// [`kernels::WINDOW_NOT_N`] (made once by the caller instead of once per
    /// call by the kernel), or `None`.
    #[inline]
    pub(crate) fn window_assign_lazy(
        &self,
        a: &mut [Limb],
        t: &mut [Limb],
        k: usize,
        b: Option<&[Limb]>,
        not_n: Option<&[Limb]>,
    ) {
        kernels::sqr_n_mul_lazy(a, t, self.n, self.n0, k, b, not_n);
    }

    /// `a ≡ a·b·R⁻¹ (mod n)` in place, lazily reduced as
    /// [`Modulus::mul_lazy`].
    #[inline]
    pub(crate) fn mul_assign_lazy(&self, a: &mut [Limb], b: &[Limb], t: &mut [Limb]) {
        kernels::mul(t, a, b);
        redc_lazy(a, t, self.n, self.n0);
    }

    /// `a ≡ a²·R⁻¹ (mod n)` in place, lazily reduced as
    /// [`Modulus::mul_lazy`].
    #[inline]
    pub(crate) fn sqr_assign_lazy(&self, a: &mut [Limb], t: &mut [Limb]) {
        kernels::sqr(t, a);
        redc_lazy(a, t, self.n, self.n0);
    }

    /// `a ≡ s^(2^k)·R^(1−2^k) (mod n)`, `s` = `src` or else `a`: `k`
    /// squarings, each lazily reduced as [`Modulus::mul_lazy`], in one
    /// kernel call (where [`kernels::sqr_run_fused`]): a public
    /// exponentiation's run of squarings.
    #[inline]
    pub(crate) fn sqr_run_lazy(
        &self,
        a: &mut [Limb],
        src: Option<&[Limb]>,
        t: &mut [Limb],
        k: usize,
    ) {
        kernels::sqr_run_lazy(a, src, t, self.n, self.n0, k);
    }

    /// `r ≡ a·b·R⁻¹ (mod n)`, only partially reduced: for `a, b < R` (not
    /// necessarily `< n`) the result is `< R`. For the exponentiation
    /// loops, whose intermediate values need not be below `n`;
    /// [`Modulus::reduce_wide`] (or a full [`Modulus::mul`]) brings them
    /// back into `[0, n)`. On the UMAAL backend this saves the comparison
    /// with `n` in every reduction (one subtraction masked by the top carry
    /// instead); elsewhere it is [`Modulus::mul`]. Constant time either way.
    #[inline]
    pub(crate) fn mul_lazy(&self, r: &mut [Limb], a: &[Limb], b: &[Limb], t: &mut [Limb]) {
        kernels::mul(t, a, b);
        redc_lazy(r, t, self.n, self.n0);
    }

    /// `r ≡ a²·R⁻¹ (mod n)`, `r < R` for `a < R`.
    #[inline]
    pub(crate) fn sqr_lazy(&self, r: &mut [Limb], a: &[Limb], t: &mut [Limb]) {
        kernels::sqr(t, a);
        redc_lazy(r, t, self.n, self.n0);
    }

    /// Montgomery form `r = a·R mod n` of `a < n`.
    pub fn to_mont(&self, r: &mut [Limb], a: &[Limb], t: &mut [Limb]) {
        self.mul(r, a, self.rr, t);
    }

    /// `r = x·R⁻¹ mod n` for any `x < n·R` of up to `2l` limbs: leaves
    /// Montgomery form, and reduces double-width values.
    pub fn reduce_wide(&self, r: &mut [Limb], x: &[Limb], t: &mut [Limb]) {
        let t = &mut t[..2 * self.len()];
        t.fill(0);
        t[..x.len()].copy_from_slice(x);
        kernels::redc(r, t, self.n, self.n0);
    }

    /// `r = x mod n` for any `x < n·R` of up to `2l` limbs (two REDC passes:
    /// `x·R⁻¹`, then times `R²·R⁻¹`). On a modulus from `with_factor(f)`:
    /// `r = x·f·R⁻² mod n`.
    pub fn reduce(&self, r: &mut [Limb], x: &[Limb], t: &mut [Limb]) {
        // reduce_wide's steps written out: one call less on the blinding
        // path (issue 22's frame budget).
        let t = &mut t[..2 * self.len()];
        t.fill(0);
        t[..x.len()].copy_from_slice(x);
        kernels::redc(r, t, self.n, self.n0);
        kernels::mul(t, r, self.rr);
        kernels::redc(r, t, self.n, self.n0);
    }

    /// This modulus with `f < n` in place of `R²`, for [`Modulus::reduce`]
    /// only: a factor `f = y·R²` then multiplies the reduced value by `y`
    /// at no extra cost (the base blinding of the CRT halves). Every other
    /// method that uses `R²` would be off by `f·R⁻²` too: nothing else is
    /// called on it.
    pub(crate) fn with_factor(&self, f: &'a [Limb]) -> Self {
        debug_assert_eq!(f.len(), self.len());
        Modulus { rr: f, ..*self }
    }

    /// `r = R mod n`, the Montgomery form of 1.
    pub fn one(&self, r: &mut [Limb], t: &mut [Limb]) {
        self.reduce_wide(r, self.rr, t);
    }
}

/// `−a⁻¹ mod 2³²` for odd `a`.
pub const fn neg_inv_limb(a: Limb) -> Limb {
    inv_limb(a).wrapping_neg()
}

/// `a⁻¹ mod 2³²` for odd `a` (Newton–Hensel: each step doubles the correct
/// bits, from 3).
pub const fn inv_limb(a: Limb) -> Limb {
    let mut x = a; // a·a ≡ 1 mod 8: three bits correct
    let mut i = 0;
    while i < 4 {
        x = x.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}
