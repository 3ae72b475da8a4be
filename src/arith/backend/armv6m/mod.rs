//! ARMv6-M kernels (Cortex-M0/M0+, ARMv8-M Baseline): [`super::portable32`]'s
//! `mul`, `sqr` and REDC with their one loop over limbs, the
//! multiply-accumulate row, in Thumb-1 assembly (`mac_row.s`: four `MULS` on
//! 16-bit halves per limb product, where the Rust row spends twice the
//! cycles on the same products). `select` and the O(n) passes (the squares'
//! doubling and diagonal, the final subtraction) are portable32's own.
//!
//! Selected by `build.rs` (cfg `rsa_cortex_m_backend = "armv6m"`) for
//! `thumbv6m-*` and `thumbv8m.base-*`; `--cfg
//! rsa_cortex_m_backend="portable32"` gives the Rust row back.

use super::portable32;
use crate::arith::Limb;

core::arch::global_asm!(include_str!("mac_row.s"), options(raw));

unsafe extern "C" {
    fn rsa_cm_v6m_mac_row(t: *mut Limb, b: *const Limb, len: usize, a: Limb) -> Limb;
}

pub use portable32::select;

/// `t[..l] += a·b` for `l = b.len()`, returning the carry word (the
/// contract of portable32's row).
///
/// # Panics
/// If `t` is shorter than `b`.
#[inline]
fn mac_row(t: &mut [Limb], b: &[Limb], a: Limb) -> Limb {
    let len = b.len();
    assert!(t.len() >= len, "armv6m::mac_row: lengths");
    if len == 0 {
        return 0;
    }
    // SAFETY: t and b have at least len limbs; the routine reads b[..len]
    // and t[..len] and writes t[..len] only.
    unsafe { rsa_cm_v6m_mac_row(t.as_mut_ptr(), b.as_ptr(), len, a) }
}

/// `t[..2n] = a · b`.
pub fn mul(t: &mut [Limb], a: &[Limb], b: &[Limb]) {
    portable32::mul_rows(t, a, b, mac_row)
}

/// `t[..2n] = a²`.
pub fn sqr(t: &mut [Limb], a: &[Limb]) {
    portable32::sqr_rows(t, a, mac_row)
}

/// Montgomery reduction: `r = t · R⁻¹ mod n` in `[0, n)` for `t < n·R`.
pub fn redc(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    portable32::redc_rows(r, t, n, n0, mac_row)
}

/// The reduction of the exponentiation loops: the full [`redc`].
pub fn redc_lazy(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    redc(r, t, n, n0)
}
