//! The kernel backends, one folder each, and the one place that picks one.
//!
//! | backend | where | kernels |
//! |---|---|---|
//! | [`portable32`] | 32-bit targets without UMAAL or Thumb-1 assembly (ARMv8-M Mainline without DSP) | Rust, 32-bit limbs; the reference every other backend is tested against |
//! | `armv6m` | ARMv6-M (Cortex-M0/M0+), ARMv8-M Baseline, ARMv7-M (Cortex-M3: no `UMULL`/`UMLAL`, early-terminating there) | `portable32` with `MUL` assembly rows on 16-bit halves (Thumb-1; Thumb-2 on ARMv7-M) |
//! | [`portable64`] | 64-bit targets other than x86-64 | Rust, 64-bit words |
//! | `x86_64` | x86-64 | `portable64` with BMI2/ADX assembly rows |
//! | `umaal` | ARMv7E-M, ARMv8-M Mainline with DSP, ARMv7-A/R in Thumb state | Thumb-2 UMAAL assembly |
//!
//! Every backend exports the same five kernels (see [`super::kernels`]):
//! `mul`, `sqr`, `redc`, `redc_lazy` and `select`; `selected` adds
//! `sqr_n_mul_lazy` (a window's squarings and product), which the UMAAL
//! backend fuses, `zero` (clearing an operation's buffers; the UMAAL fast
//! set's in assembly), and `pow_secret_whole`/`pow_public_whole` (a whole
//! exponentiation), which the x86-64 backend runs in AVX-512 IFMA where the
//! CPU has it. `build.rs` chooses the
//! backend from the target and emits it as the cfg `rsa_cortex_m_backend`;
//! a user picks another with `--cfg rsa_cortex_m_backend="…"` in
//! `RUSTFLAGS` (`portable32`, `portable64`, `x86_64`, `umaal`, `armv6m`, or
//! `portable` for the portable kernels of the target's word size), and
//! `build.rs` fails on a choice the target cannot run.

#[cfg(rsa_cortex_m_backend = "armv6m")]
pub mod armv6m;
pub mod portable32;
pub mod portable64;
#[cfg(rsa_cortex_m_backend = "umaal")]
pub mod umaal;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// The kernels of the selected backend, under one set of names.
pub mod selected {
    #[cfg(rsa_cortex_m_backend = "armv6m")]
    pub use super::armv6m::{mul, redc, redc_lazy, select, sqr};
    #[cfg(rsa_cortex_m_backend = "portable32")]
    pub use super::portable32::{mul, redc, redc_lazy, select, sqr};
    #[cfg(rsa_cortex_m_backend = "portable64")]
    pub use super::portable64::{mul, redc, redc_lazy, select, sqr};
    #[cfg(rsa_cortex_m_backend = "umaal")]
    pub use super::umaal::{mul, redc, redc_lazy, select, sqr};
    #[cfg(rsa_cortex_m_backend = "x86_64")]
    pub use super::x86_64::{mul, redc, redc_lazy, select, sqr};

    #[cfg(all(rsa_cortex_m_backend = "umaal", not(rsa_cortex_m_kernels = "compact")))]
    pub use super::umaal::zero;
    #[cfg(rsa_cortex_m_backend = "umaal")]
    pub use super::umaal::{
        pow_windows4_lazy, sqr_n_mul_lazy, sqr_run_fused, sqr_run_lazy, WINDOW_NOT_N,
    };

    /// `x` set to zero: the buffers of an operation sized for a key's
    /// capacity, of which only the key's part is cleared. The UMAAL fast
    /// set's is in its assembly.
    #[cfg(not(all(rsa_cortex_m_backend = "umaal", not(rsa_cortex_m_kernels = "compact"))))]
    #[inline(always)]
    pub fn zero(x: &mut [core::mem::MaybeUninit<super::super::Limb>]) {
        // SAFETY: x's limbs are valid for writes (initialised or not).
        unsafe { x.as_mut_ptr().write_bytes(0, x.len()) }
    }

    /// The 4-bit windows of a secret exponentiation after the first in one
    /// call (see the UMAAL backend's `pow_windows4_lazy`), or false when the
    /// backend has no such kernel for these lengths: here, none.
    #[cfg(not(rsa_cortex_m_backend = "umaal"))]
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn pow_windows4_lazy(
        _a: &mut [super::super::Limb],
        _t: &mut [super::super::Limb],
        _sel: &mut [super::super::Limb],
        _n: &[super::super::Limb],
        _n0: super::super::Limb,
        _table: &mut [super::super::Limb],
        _exp: &[super::super::Limb],
        _windows: usize,
        _not_n: Option<&[super::super::Limb]>,
    ) -> bool {
        false
    }

    /// The whole exponentiations of the x86-64 backend in AVX-512 IFMA
    /// (radix 2⁵²), and its whole Montgomery product (`mul_whole`, for
    /// the products outside the exponentiations that are worth the
    /// conversions: the blinding's), each false (having done nothing) where
    /// the CPU or the length does not suit; builds without
    /// `rsa_cortex_m_ifma` leave their calls out.
    #[cfg(rsa_cortex_m_ifma)]
    pub(crate) use super::x86_64::ifma::{
        mul as mul_whole, pair_runs as pow_secret_pair_runs, pow_public as pow_public_whole,
        pow_secret as pow_secret_whole, pow_secret_pair,
    };

    #[cfg(not(rsa_cortex_m_backend = "umaal"))]
    pub use self::sqr_n_mul_lazy_unfused as sqr_n_mul_lazy;
    #[cfg(not(rsa_cortex_m_backend = "umaal"))]
    pub use self::sqr_run_lazy_unfused as sqr_run_lazy;
    /// Whether `sqr_run_lazy` runs in one kernel call at `len` limbs: here,
    /// never.
    #[cfg(not(rsa_cortex_m_backend = "umaal"))]
    #[inline(always)]
    pub const fn sqr_run_fused(_len: usize) -> bool {
        false
    }
    /// `k` lazy Montgomery squarings of `src` (or with `None` of `a` in
    /// place) into `a`: `sqr` and `redc_lazy` one call at a time, `t`
    /// scratch; `sqr_run_lazy` of the backends without a fused kernel (the
    /// callers take it only where `sqr_run_fused`). `k = 0` copies.
    #[cfg(not(rsa_cortex_m_backend = "umaal"))]
    #[inline]
    pub fn sqr_run_lazy_unfused(
        a: &mut [super::super::Limb],
        src: Option<&[super::super::Limb]>,
        t: &mut [super::super::Limb],
        n: &[super::super::Limb],
        n0: super::super::Limb,
        k: usize,
    ) {
        let mut k = k;
        if let Some(src) = src {
            if k == 0 {
                a.copy_from_slice(src);
                return;
            }
            sqr(t, src);
            redc_lazy(a, t, n, n0);
            k -= 1;
        }
        for _ in 0..k {
            sqr(t, a);
            redc_lazy(a, t, n, n0);
        }
    }
    /// Whether `sqr_n_mul_lazy` takes `!n` (the complement of every limb)
    /// from its caller, who then makes it once per exponentiation.
    #[cfg(not(rsa_cortex_m_backend = "umaal"))]
    pub const WINDOW_NOT_N: bool = false;
    /// Whether the crate is built for size (`rsa_cortex_m_kernels =
    /// "compact"`, which `build.rs` sets at opt-level s/z for every backend):
    /// the code above the kernels then takes the variants that link less
    /// code where a speed-up would cost flash (public exponentiations with
    /// the full `redc`, so that images without private-key operations link
    /// no lazy reduction — the same calls on the backends whose `redc_lazy`
    /// is `redc`; the fault check modulo `n` only).
    pub const SIZE_FIRST: bool = cfg!(rsa_cortex_m_kernels = "compact");

    /// `k` lazy Montgomery squarings of `a` in place (`a ≡ a²·R⁻¹ (mod n)`,
    /// `a < R`, `k` times), then with `Some(b)` one lazy product
    /// `a ≡ a·b·R⁻¹`; `t` holds `2·a.len()` limbs of scratch: `sqr`, `mul`
    /// and `redc_lazy` one call at a time. `_not_n` (`!n`, see
    /// `WINDOW_NOT_N`) is not needed here. `sqr_n_mul_lazy` of the backends
    /// without a fused kernel, and of the UMAAL backend at the lengths it
    /// does not fuse.
    #[inline]
    pub fn sqr_n_mul_lazy_unfused(
        a: &mut [super::super::Limb],
        t: &mut [super::super::Limb],
        n: &[super::super::Limb],
        n0: super::super::Limb,
        k: usize,
        b: Option<&[super::super::Limb]>,
        _not_n: Option<&[super::super::Limb]>,
    ) {
        for _ in 0..k {
            sqr(t, a);
            redc_lazy(a, t, n, n0);
        }
        if let Some(b) = b {
            mul(t, a, b);
            redc_lazy(a, t, n, n0);
        }
    }
}

#[cfg(not(any(
    rsa_cortex_m_backend = "armv6m",
    rsa_cortex_m_backend = "portable32",
    rsa_cortex_m_backend = "portable64",
    rsa_cortex_m_backend = "umaal",
    rsa_cortex_m_backend = "x86_64"
)))]
compile_error!("no kernel backend selected (build.rs sets cfg rsa_cortex_m_backend)");
