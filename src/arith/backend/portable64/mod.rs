//! Portable kernels with 64-bit words: the seam of [`super::selected`] (same
//! `u32`-slice signatures as [`super::portable32`]) computed with `u64` words
//! and `u128` products, for 64-bit targets.
//!
//! A number of even limb count `l` is read as `l / 2` little-endian `u64`
//! words: each pair `[x[2i], x[2i + 1]]` (through [`slice::as_chunks`], so
//! no alignment requirement and no `unsafe`) is the word
//! `x[2i] + 2³²·x[2i + 1]`; the compiler turns the pair accesses into single
//! 64-bit loads and stores on little-endian targets. `R = 2^(32l) = 2^(64·l/2)`
//! is unchanged, so the Montgomery values are the same as the reference's.
//! Odd lengths go to [`super::portable32`].
//!
//! The kernels are row based (operand scanning; squaring computes each cross
//! product once, then doubles and adds the diagonal). The rows are a
//! `Rows` implementation: `RustRows` here; the x86-64 backend
//! ([`super::x86_64`]) plugs in its BMI2/ADX assembly rows and reuses the
//! rest.
//!
//! Constant time as the reference: loops and addresses depend only on the
//! lengths, the final subtraction of REDC is masked, and the target's
//! 64×64→128 multiply must be constant time (it is on x86-64 and aarch64).

use super::portable32 as portable;
use crate::arith::Limb;

/// One 64-bit word, stored as two little-endian limbs.
pub(crate) type W = [Limb; 2];

#[inline(always)]
pub(crate) fn get(w: &W) -> u64 {
    (w[0] as u64) | ((w[1] as u64) << 32)
}

#[inline(always)]
pub(crate) fn put(w: &mut W, v: u64) {
    w[0] = v as Limb;
    w[1] = (v >> 32) as Limb;
}

/// `a·b + c + d` as (low, high); never overflows 128 bits.
#[inline(always)]
fn mac(a: u64, b: u64, c: u64, d: u64) -> (u64, u64) {
    let t = (a as u128) * (b as u128) + (c as u128) + (d as u128);
    (t as u64, (t >> 64) as u64)
}

/// `−n⁻¹ mod 2⁶⁴` from `n0 = −n⁻¹ mod 2³²` and the low word of `n`: one
/// Newton step `x ← x·(2 + n·x)` doubles the correct bits (32 → 64).
#[inline(always)]
pub(crate) fn n0_64(n_lo: u64, n0: Limb) -> u64 {
    let x = n0 as u64;
    x.wrapping_mul(2u64.wrapping_add(n_lo.wrapping_mul(x)))
}

/// The rows of the word-level kernels: `addmul` is required; the others
/// return false where the rows have no version of their own (then the Rust
/// code below runs).
pub(crate) trait Rows {
    /// `rp[..k] += up·v` for `k = up.len() ≥ 1` (`rp` exactly that long);
    /// returns the carry word.
    fn addmul(rp: &mut [W], up: &[W], v: u64) -> u64;
    /// REDC's rows and final masked subtraction: `r = t·R⁻¹ mod n` with
    /// `k = −n⁻¹ mod 2⁶⁴`.
    fn redc(_r: &mut [W], _t: &mut [W], _n: &[W], _k: u64) -> bool {
        false
    }
    /// The last step of squaring: `t = 2·t + Σ a[i]²·2^(128i)`.
    fn double_add_squares(_t: &mut [W], _a: &[W]) -> bool {
        false
    }
}

/// The rows in Rust.
pub(crate) struct RustRows;

impl Rows for RustRows {
    #[inline(always)]
    fn addmul(rp: &mut [W], up: &[W], v: u64) -> u64 {
        addmul_rust(rp, up, v, 0)
    }
}

/// `rp[..k] += up[..k]·v + carry` for `k = up.len()`; returns the carry word.
#[inline(always)]
fn addmul_rust(rp: &mut [W], up: &[W], v: u64, mut carry: u64) -> u64 {
    for (r, u) in rp.iter_mut().zip(up) {
        let (lo, hi) = mac(v, get(u), get(r), carry);
        put(r, lo);
        carry = hi;
    }
    carry
}

/// `rp[..k] += up·v` for `k = up.len()` (`rp` at least that long); returns
/// the carry word.
#[inline(always)]
fn addmul<R: Rows>(rp: &mut [W], up: &[W], v: u64) -> u64 {
    R::addmul(&mut rp[..up.len()], up, v)
}

/// `t[..2n] = a · b`.
pub fn mul(t: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let l = a.len();
    debug_assert_eq!(b.len(), l);
    debug_assert_eq!(t.len(), 2 * l);
    if !l.is_multiple_of(2) {
        return portable::mul(t, a, b);
    }
    mul_with::<RustRows>(t, a, b)
}

/// [`mul`] with the rows `R` (even lengths).
#[inline(always)]
pub(crate) fn mul_with<R: Rows>(t: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let (a, _) = a.as_chunks::<2>();
    let (b, _) = b.as_chunks::<2>();
    let (t, _) = t.as_chunks_mut::<2>();
    mul_w::<R>(t, a, b)
}

/// Operand scanning: row `i` adds `a[i]·b` into `t[i..i+n]` and writes its
/// carry word to `t[i+n]`.
#[inline(always)]
fn mul_w<R: Rows>(t: &mut [W], a: &[W], b: &[W]) {
    let n = a.len();
    let t = &mut t[..2 * n];
    let b = &b[..n];
    t[..n].fill([0, 0]);
    for (i, ai) in a.iter().enumerate() {
        let (row, rest) = t[i..].split_at_mut(n);
        let carry = addmul::<R>(row, b, get(ai));
        put(&mut rest[0], carry);
    }
}

/// `t[..2n] = a²`: cross products once, doubled, plus the diagonal squares.
pub fn sqr(t: &mut [Limb], a: &[Limb]) {
    let l = a.len();
    debug_assert_eq!(t.len(), 2 * l);
    if !l.is_multiple_of(2) {
        return portable::sqr(t, a);
    }
    sqr_with::<RustRows>(t, a)
}

/// [`sqr`] with the rows `R` (even lengths).
#[inline(always)]
pub(crate) fn sqr_with<R: Rows>(t: &mut [Limb], a: &[Limb]) {
    let (a, _) = a.as_chunks::<2>();
    let (t, _) = t.as_chunks_mut::<2>();
    sqr_w::<R>(t, a)
}

#[inline(always)]
fn sqr_w<R: Rows>(t: &mut [W], a: &[W]) {
    let n = a.len();
    let t = &mut t[..2 * n];
    if n == 0 {
        return;
    }
    // Off-diagonal products a[i]·a[j], i < j: row i adds a[i]·a[i+1..] into
    // t[2i+1..i+n] and writes its carry to t[i+n] (untouched by earlier rows).
    t.fill([0, 0]);
    for i in 0..n - 1 {
        let (row, rest) = t[2 * i + 1..].split_at_mut(n - i - 1);
        let carry = addmul::<R>(row, &a[i + 1..], get(&a[i]));
        put(&mut rest[0], carry);
    }
    // Double and add the squares a[i]² at word 2i, in one pass.
    if R::double_add_squares(t, a) {
        return;
    }
    let mut shifted = 0u64; // bit shifted out of the previous word
    let mut carry = 0u64;
    for (pair, ai) in t.chunks_exact_mut(2).zip(a) {
        let (lo_w, hi_w) = pair.split_at_mut(1);
        let (lo, hi) = (get(&lo_w[0]), get(&hi_w[0]));
        let dlo = (lo << 1) | shifted;
        let dhi = (hi << 1) | (lo >> 63);
        shifted = hi >> 63;
        let ai = get(ai);
        let sq = (ai as u128) * (ai as u128);
        let s = (dlo as u128) + (sq as u64 as u128) + (carry as u128);
        put(&mut lo_w[0], s as u64);
        let s2 = (dhi as u128) + (sq >> 64) + (s >> 64);
        put(&mut hi_w[0], s2 as u64);
        carry = (s2 >> 64) as u64;
    }
}

/// Montgomery reduction: `r = t·R⁻¹ mod n` in `[0, n)` for `t < n·R`,
/// `R = 2^(32·len(n))`, `n0 = −n⁻¹ mod 2³²`. `t` is clobbered.
pub fn redc(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let l = n.len();
    debug_assert_eq!(r.len(), l);
    debug_assert_eq!(t.len(), 2 * l);
    if !l.is_multiple_of(2) {
        return portable::redc(r, t, n, n0);
    }
    redc_with::<RustRows>(r, t, n, n0)
}

/// [`redc`] with the rows `R` (even lengths).
#[inline(always)]
pub(crate) fn redc_with<R: Rows>(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let (r, _) = r.as_chunks_mut::<2>();
    let (t, _) = t.as_chunks_mut::<2>();
    let (n, _) = n.as_chunks::<2>();
    redc_w::<R>(r, t, n, n0)
}

/// The reduction of the exponentiation loops: a full [`redc`] (its result,
/// in `[0, n)`, is also below `R`, which is all the lazy contract asks).
pub fn redc_lazy(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    redc(r, t, n, n0)
}

#[inline(always)]
fn redc_w<R: Rows>(r: &mut [W], t: &mut [W], n: &[W], n0: Limb) {
    let len = n.len();
    let t = &mut t[..2 * len];
    let r = &mut r[..len];
    if len == 0 {
        return;
    }
    let k = n0_64(get(&n[0]), n0);
    if R::redc(r, t, n, k) {
        return;
    }
    let mut top = 0u64; // carry out of word i + len
    for i in 0..len {
        let (row, rest) = t[i..].split_at_mut(len);
        let m = get(&row[0]).wrapping_mul(k);
        let carry = addmul::<R>(row, n, m);
        let s = (get(&rest[0]) as u128) + (carry as u128) + (top as u128);
        put(&mut rest[0], s as u64);
        top = (s >> 64) as u64;
    }
    final_sub_w(r, &t[len..], top, n);
}

/// `r = (top·R + x) − n` if that is non-negative, else `x`; constant time.
/// Requires `top·R + x < 2n`.
fn final_sub_w(r: &mut [W], x: &[W], top: u64, n: &[W]) {
    let mut borrow = false;
    for ((ri, xi), ni) in r.iter_mut().zip(x).zip(n) {
        let (d, b1) = get(xi).overflowing_sub(get(ni));
        let (d, b2) = d.overflowing_sub(borrow as u64);
        put(ri, d);
        borrow = b1 | b2;
    }
    // Keep x iff the subtraction borrowed past the top word (top < borrow).
    let (_, keep_x) = top.overflowing_sub(borrow as u64);
    // black_box: LLVM knows the mask is 0 or all-ones and may otherwise
    // turn the masked copy into a branch (as in `portable::final_sub`).
    let mask = core::hint::black_box((keep_x as u64).wrapping_neg());
    for (ri, xi) in r.iter_mut().zip(x) {
        put(ri, (get(xi) & mask) | (get(ri) & !mask));
    }
}

/// `r = table[index]`, reading every entry (see [`portable::select`]).
pub fn select(r: &mut [Limb], table: &[Limb], index: usize) {
    portable::select(r, table, index)
}

#[cfg(test)]
mod tests;
