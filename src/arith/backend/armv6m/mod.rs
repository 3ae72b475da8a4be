//! ARMv6-M kernels (Cortex-M0/M0+, ARMv8-M Baseline) and their ARMv7-M
//! build (Cortex-M3): the schoolbook product, square and REDC's rows in
//! assembly, four `MUL`s on 16-bit halves per limb product (no 32×32→64
//! multiply: the M0 has none, the M3's `UMULL`/`UMLAL` terminate early).
//! `mac_row.s` is Thumb-1 (one multiply-accumulate row, where portable32's
//! Rust row spends twice the cycles; `mul`, `sqr` and REDC loop over it);
//! `mac_row_v7m.s` has the same routines in Thumb-2 for ARMv7-M (cfg
//! `rsa_cortex_m_asm_v7m` from `build.rs`: three-operand `MUL`, shifted
//! operands for the middle products, `LDRH` for the halves), about half the
//! cycles per product on the M3. REDC's last step, subtractions of `n`
//! masked by a word made from the top carry, is `sub.s` (Thumb-1, in both
//! builds): the full `redc` subtracts twice (`x − n` for the borrow, then
//! `n` again unless `x` is kept), the lazy one once, where the top carried.
//! `select` is `select.s` (Thumb-1, both builds: sixteen entries three limbs
//! at a time). The kernels are `#[inline(never)]`: inlined, every call site
//! took a copy of the surrounding Rust.
//!
//! Selected by `build.rs` (cfg `rsa_cortex_m_backend = "armv6m"`) for
//! `thumbv6m-*`, `thumbv8m.base-*` and `thumbv7m-*` (the Cortex-M3, whose
//! `UMULL`/`UMLAL` terminate early: `MUL` does not); `--cfg
//! rsa_cortex_m_backend="portable32"` gives the Rust row back.

use crate::arith::Limb;

// macros.s, then the files in one global_asm!: each macro is defined once.
macro_rules! kernels {
    ($row:literal) => {
        concat!(
            include_str!("macros.s"),
            include_str!($row),
            include_str!("sub.s"),
            include_str!("select.s")
        )
    };
}
#[cfg(not(rsa_cortex_m_asm_v7m))]
core::arch::global_asm!(kernels!("mac_row.s"), options(raw));
// ARMv7-M (the Cortex-M3): the same routines in Thumb-2.
#[cfg(rsa_cortex_m_asm_v7m)]
core::arch::global_asm!(kernels!("mac_row_v7m.s"), options(raw));

unsafe extern "C" {
    fn rsa_cm_v6m_mul(t: *mut Limb, a: *const Limb, b: *const Limb, len: usize);
    fn rsa_cm_v6m_sqr(t: *mut Limb, a: *const Limb, len: usize);
    fn rsa_cm_v6m_redc_rows(t: *mut Limb, n: *const Limb, len: usize, n0: Limb) -> Limb;
    fn rsa_cm_v6m_sub_full(r: *mut Limb, x: *const Limb, n: *const Limb, len: usize, top: Limb);
    fn rsa_cm_v6m_sub_lazy(r: *mut Limb, x: *const Limb, n: *const Limb, len: usize, top: Limb);
    fn rsa_cm_v6m_select(
        r: *mut Limb,
        table: *const Limb,
        index: usize,
        len: usize,
        entries: usize,
    );
}

/// `r = table[index]`, where `table` holds `table.len() / r.len()` entries of
/// `r.len()` limbs back to back (zero if `index` is past them). Reads every
/// entry: neither the branches nor the addresses depend on `index`.
#[inline(never)]
pub fn select(r: &mut [Limb], table: &[Limb], index: usize) {
    let len = r.len();
    let entries = table.len().checked_div(len).unwrap_or(0);
    if entries == 0 {
        r.fill(0);
        return;
    }
    // SAFETY: r has len ≥ 1 limbs and table at least entries·len; the
    // routine reads table[..entries·len] and writes r only.
    unsafe { rsa_cm_v6m_select(r.as_mut_ptr(), table.as_ptr(), index, len, entries) }
}

/// `t[..2n] = a · b` (and, like the portable kernel, zero in any limbs of
/// `t` past `2n`).
///
/// # Panics
/// If `b.len() != a.len()` or `t.len() < 2·a.len()`.
#[inline(never)]
pub fn mul(t: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let n = a.len();
    assert!(b.len() == n && t.len() >= 2 * n, "armv6m::mul: lengths");
    // Row i stores its carry word to t[i + n]: only t[..n] is read first.
    t[..n].fill(0);
    t[2 * n..].fill(0);
    if n == 0 {
        return;
    }
    // SAFETY: t has 2n limbs (the first n zero), a and b n each; the
    // routine reads a, b and t and writes t only.
    unsafe { rsa_cm_v6m_mul(t.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) }
}

/// `t[..2n] = a²` (and zero in any limbs of `t` past `2n`).
///
/// # Panics
/// If `t.len() < 2·a.len()`.
#[inline(never)]
pub fn sqr(t: &mut [Limb], a: &[Limb]) {
    let n = a.len();
    assert!(t.len() >= 2 * n, "armv6m::sqr: lengths");
    if n == 0 {
        t.fill(0);
        return;
    }
    // The rows store their carry words to t[n..2n − 1]: the rest is read
    // first.
    t[..n].fill(0);
    t[2 * n - 1..].fill(0);
    // SAFETY: t has 2n limbs (t[..n] and t[2n − 1] zero) and a n; the
    // routine reads a and t and writes t only.
    unsafe { rsa_cm_v6m_sqr(t.as_mut_ptr(), a.as_ptr(), n) }
}

/// REDC's rows on `t`, then `last(r, t[len..2len], n, len, top)`, where
/// `top : t[len..2len]` ≡ `t·R⁻¹ (mod n)` is below `2n` for `t < n·R` and
/// below `R + n` for `t < R²`.
///
/// # Panics
/// If `n` is empty, or `r` or `t` (`2·n.len()`) is too short.
#[inline(always)]
fn redc_with(
    r: &mut [Limb],
    t: &mut [Limb],
    n: &[Limb],
    n0: Limb,
    last: unsafe extern "C" fn(*mut Limb, *const Limb, *const Limb, usize, Limb),
) {
    let len = n.len();
    assert!(
        len != 0 && r.len() >= len && t.len() >= 2 * len,
        "armv6m::redc: lengths"
    );
    // SAFETY: t has 2len limbs and n len; the routine reads n and t and
    // writes t only.
    let top = unsafe { rsa_cm_v6m_redc_rows(t.as_mut_ptr(), n.as_ptr(), len, n0) };
    // SAFETY: r has at least len limbs, t 2len and n len; the routine reads
    // t[len..2len] and n and writes r[..len] only.
    unsafe { last(r.as_mut_ptr(), t.as_ptr().add(len), n.as_ptr(), len, top) };
}

/// `r = (top·R + x) − n` if that is non-negative, else `x`, for `top·R + x
/// < 2n`: portable32's `final_sub` (whose mask LLVM turns into a branch on
/// ARMv6-M) in assembly, for `Modulus::precompute` on this backend.
///
/// # Panics
/// If `n` is empty, or `r` or `x` is shorter than `n`.
pub(crate) fn final_sub(r: &mut [Limb], x: &[Limb], top: Limb, n: &[Limb]) {
    let len = n.len();
    assert!(
        len != 0 && r.len() >= len && x.len() >= len,
        "armv6m::final_sub: lengths"
    );
    // SAFETY: r, x and n have at least len limbs; the routine reads x and n
    // and writes r[..len] only.
    unsafe { rsa_cm_v6m_sub_full(r.as_mut_ptr(), x.as_ptr(), n.as_ptr(), len, top) };
}

/// Montgomery reduction: `r = t · R⁻¹ mod n` in `[0, n)` for `t < n·R`:
/// the rows, then `x − n` if that is not negative, else `x`, all in
/// assembly.
///
/// # Panics
/// If `n` is empty, or `r` or `t` (`2·n.len()`) is too short.
#[inline(never)]
pub fn redc(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    redc_with(r, t, n, n0, rsa_cm_v6m_sub_full);
}

/// Lazy Montgomery reduction for the exponentiation loops: `r ≡ t·R⁻¹
/// (mod n)` with `r < R` (not necessarily `< n`), for any `t < R²`: `n`
/// subtracted where the rows carried out of `t[2len − 1]` (the sum is then
/// below `R + n`), which leaves `r < R`; constant time like [`redc`].
///
/// # Panics
/// As [`redc`].
#[inline(never)]
pub fn redc_lazy(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    redc_with(r, t, n, n0, rsa_cm_v6m_sub_lazy);
}
