//! Multi-precision arithmetic: the heart of the crate.
//!
//! Numbers are slices of little-endian 32-bit [`Limb`]s (`x[0]` is the least
//! significant word). Nothing here allocates: every routine writes into
//! caller-provided slices, and the scratch space each operation needs is
//! given by a `const fn` (see [`exp::secret_work_limbs`] and friends).
//!
//! # The kernel seam
//!
//! Everything is built from four kernels in [`kernels`]; they are the only
//! code that differs between backends:
//!
//! | kernel | contract |
//! |---|---|
//! | `mul(t, a, b)` | `t[..2l] = a·b`, `l = a.len() = b.len()` |
//! | `sqr(t, a)` | `t[..2l] = a²` |
//! | `redc(r, t, n, n0)` | `r = t·R⁻¹ mod n` in `[0, n)`, for `t < n·R`, `R = 2^(32l)`, `n0 = −n⁻¹ mod 2³²`; `t` is clobbered |
//! | `select(r, table, i)` | `r = table[i]`, reading every entry of `table` |
//!
//! All four run in time independent of the limb values. The backend is
//! chosen by `build.rs` from the target and exposed as the cfg
//! `rsa_cortex_m_backend` (`"portable"` or `"umaal"`); [`portable`] is
//! always compiled and is the reference the others are tested against.

pub mod portable;
pub mod portable64;

pub mod crt;
pub mod exp;
pub mod limbs;
pub mod mont;

pub use mont::Modulus;

#[cfg(test)]
mod tests;

/// One machine word of a multi-precision number.
pub type Limb = u32;

/// Bits per [`Limb`].
pub const LIMB_BITS: usize = 32;

#[cfg(rsa_cortex_m_backend = "umaal")]
mod umaal;

/// The kernels of the selected backend, under one set of names.
pub mod kernels {
    #[cfg(all(not(rsa_cortex_m_backend = "umaal"), not(target_pointer_width = "64")))]
    pub use super::portable::{mul, redc, select, sqr};
    #[cfg(all(not(rsa_cortex_m_backend = "umaal"), target_pointer_width = "64"))]
    pub use super::portable64::{mul, redc, select, sqr};
    #[cfg(rsa_cortex_m_backend = "umaal")]
    pub use super::umaal::{mul, redc, select, sqr};
}
