//! Multi-precision arithmetic: the heart of the crate.
//!
//! Numbers are slices of little-endian 32-bit [`Limb`]s (`x[0]` is the least
//! significant word). Nothing here allocates: every routine writes into
//! caller-provided slices, and the scratch space each operation needs is
//! given by a `const fn` (see [`exp::secret_work_limbs`] and friends).
//!
//! # The kernel seam
//!
//! Everything is built from the kernels in [`kernels`]; they are the only
//! code that differs between backends ([`backend`], one folder each):
//!
//! | kernel | contract |
//! |---|---|
//! | `mul(t, a, b)` | `t[..2l] = a·b`, `l = a.len() = b.len()` |
//! | `sqr(t, a)` | `t[..2l] = a²` |
//! | `redc(r, t, n, n0)` | `r = t·R⁻¹ mod n` in `[0, n)`, for `t < n·R`, `R = 2^(32l)`, `n0 = −n⁻¹ mod 2³²`; `t` is clobbered |
//! | `redc_lazy(r, t, n, n0)` | `r ≡ t·R⁻¹ (mod n)` with only `r < R`, for any `t < R²` (operands of the exponentiation loops need only be below `R`); a full `redc` qualifies |
//! | `select(r, table, i)` | `r = table[i]`, reading every entry of `table` |
//! | `sqr_n_mul_lazy(a, t, n, n0, k, b, not_n)` | `k` times `a = sqr` then `redc_lazy`, then with `Some(b)` `mul` by `b` and `redc_lazy`: an exponentiation window (the UMAAL backend fuses it at 32, 48 and 64 limbs, and its compact kernel set makes it one assembly call at every length; the others loop). `not_n` is `!n` limb by limb when `WINDOW_NOT_N` (the fast UMAAL set's 32-, 48- and 64-limb kernels use it), else ignored |
//! | `sqr_run_lazy(a, src, t, n, n0, k)` | `k` times `a = sqr` then `redc_lazy`, the first from `src` when `Some`: a public exponentiation's run of squarings (one call where `sqr_run_fused(len)`: the fast UMAAL set at 96 and 128 limbs; the others loop) |
//!
//! All of them run in time independent of the limb values. The backend is
//! chosen by `build.rs` from the target and exposed as the cfg
//! `rsa_cortex_m_backend` (`"portable32"`, `"portable64"`, `"x86_64"` or
//! `"umaal"`); [`portable`] (the 32-bit portable backend) is always
//! compiled and is the reference the others are tested against.

pub mod backend;
pub use backend::portable32 as portable;
pub use backend::selected as kernels;

pub mod crt;
pub mod exp;
pub mod inv;
pub mod limbs;
pub mod mont;

pub use mont::Modulus;

#[cfg(test)]
mod tests;

/// One machine word of a multi-precision number.
pub type Limb = u32;

/// Bits per [`Limb`].
pub const LIMB_BITS: usize = 32;

/// The larger of two lengths, in `const` context (work-area sizes).
pub(crate) const fn max_len(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}
