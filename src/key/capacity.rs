//! Fixed-capacity storage: how large a key a type can hold, and the stack
//! it costs.
//!
//! Keys, signatures and every operation's working memory live in arrays whose
//! size is chosen at compile time by a [`Capacity`] marker, so nothing touches
//! a heap and a device that only needs 2048-bit keys pays for 2048 bits:
//!
//! | marker | largest modulus |
//! |---|---|
//! | [`Max1024`] | 1024 bits |
//! | [`Max2048`] | 2048 bits |
//! | [`Max3072`] | 3072 bits |
//! | [`Max4096`] | 4096 bits (the default of [`BoundedPrivateKey`](crate::BoundedPrivateKey)) |
//! | [`Max8192`] | 8192 bits |
//!
//! A key occupies `size_of::<BoundedPrivateKey<C>>()` bytes; a private-key
//! operation puts [`Capacity::WORK_BYTES`] of work area on the stack
//! ([`crate::arith::crt::crt_work_limbs`] of half the capacity), loading a
//! private key [`Capacity::LOAD_WORK_BYTES`] ([`load_work_limbs`]), a
//! public-key operation (and loading a public key)
//! [`Capacity::PUBLIC_WORK_BYTES`] ([`public_work_limbs`] of the capacity).
//! Both are `const`s of the capacity, so the RAM an operation needs is fixed
//! at compile time by the key type: choose the smallest capacity that holds
//! your keys (a 2048-bit key in a `Max4096` type costs the stack of a
//! 4096-bit one). For an arbitrary modulus length, the same figures are
//! `const fn`s of the length: [`crate::arith::crt::crt_work_limbs`],
//! [`public_work_limbs`], [`crate::hazmat::mod_pow_work_limbs`].
//!
//! Work areas on 32-bit targets (`Limb = u32`, 4-bit windows; 64-bit hosts
//! use wider windows and need more; the fast UMAAL kernels take `!p` and
//! `!q` from the work area, one CRT half more: `WORK_BYTES` 1536, 3072, 4608,
//! 6144 and 12288 B; a private key includes its blinding pair, two
//! modulus-width values, `MAX_BITS / 4 + 8` bytes that targets without
//! compare-and-swap such as ARMv6-M do without):
//!
//! | marker | key (private / public) | `WORK_BYTES` | `LOAD_WORK_BYTES` | `PUBLIC_WORK_BYTES` |
//! |---|---:|---:|---:|---:|
//! | [`Max1024`] | 1208 / 280 B | 1472 B | 592 B | 512 B |
//! | [`Max2048`] | 2360 / 536 B | 2944 B | 1144 B | 1024 B |
//! | [`Max3072`] | 3512 / 792 B | 4416 B | 1696 B | 1536 B |
//! | [`Max4096`] | 4664 / 1048 B | 5888 B | 2248 B | 2048 B |
//! | [`Max8192`] | 9272 / 2072 B | 11776 B | 4456 B | 4096 B |

use core::mem::{align_of, size_of, MaybeUninit};

use super::rsadp;
use crate::arith::{exp, max_len, Limb, Modulus};

/// Scratch limbs of loading (validating) a private key whose CRT halves have
/// at most `h` limbs: the check `p·q = n` (two products of up to `4h + 2`
/// limbs) or `qInv = q⁻¹ mod p` (`3h` limbs and the inversion's or a
/// multiplication's scratch), whichever is larger; the other checks need
/// less.
pub const fn load_work_limbs(h: usize) -> usize {
    let product = 2 * (4 * h + 2);
    let qinv = super::validate::coefficient_work_limbs(h);
    max_len(product, qinv)
}

/// Scratch limbs of a public-key operation ([`exp::public_work_limbs`]) and
/// of the Montgomery precomputation of a public key
/// ([`Modulus::precompute_work_limbs`]) for an `l`-limb modulus.
pub const fn public_work_limbs(l: usize) -> usize {
    max_len(exp::public_work_limbs(l), Modulus::precompute_work_limbs(l))
}

/// A fixed-length array usable as limb or byte storage.
pub trait Array<T: Copy>: AsRef<[T]> + AsMut<[T]> + Clone + Send + Sync {
    /// The all-zero array.
    fn zeroed() -> Self;
}

impl<T: Copy + Default + Send + Sync, const N: usize> Array<T> for [T; N] {
    fn zeroed() -> Self {
        [T::default(); N]
    }
}

/// The first `len` limbs of `buf`'s storage, zeroed, as one slice: a
/// capacity-sized buffer clears only what a shorter key uses, and the rest
/// is never initialised nor read.
///
/// # Panics
/// If `buf` holds fewer than `len` limbs.
// Inlined: the callers then know the slices' lengths (no bounds checks
// further down).
#[inline(always)]
pub(crate) fn zeroed_limbs<A>(buf: &mut MaybeUninit<A>, len: usize) -> &mut [Limb] {
    const { assert!(align_of::<A>() >= align_of::<Limb>()) };
    let cap = size_of::<A>() / size_of::<Limb>();
    // SAFETY: `buf` is limb-aligned (checked at compile time) and holds
    // `cap` limbs, borrowed exclusively for the result's lifetime; the
    // slice of `MaybeUninit` needs no initialisation, and the `len` limbs
    // returned are all written (zeroed) before they are viewed as `Limb`s.
    // `A` itself is never assumed initialised.
    unsafe {
        let all =
            core::slice::from_raw_parts_mut(buf.as_mut_ptr().cast::<MaybeUninit<Limb>>(), cap);
        let part = &mut all[..len];
        crate::arith::kernels::zero(part);
        &mut *(part as *mut [MaybeUninit<Limb>] as *mut [Limb])
    }
}

mod sealed {
    pub trait Sealed {}
}

/// The largest key a storage type holds, and the array types that follow.
pub trait Capacity: sealed::Sealed + Clone + 'static {
    /// Largest modulus, in bits.
    const MAX_BITS: usize;
    /// Modulus-width storage: `MAX_BITS / 32` limbs.
    type Limbs: Array<Limb>;
    /// CRT-half storage: `MAX_BITS / 64` limbs.
    type HalfLimbs: Array<Limb>;
    /// Working memory of one private-key operation.
    type Work: Array<Limb>;
    /// The blinded operation's buffers (blinded base, `r⁻¹`, blinded
    /// exponents), on the stack only for operations given an RNG.
    type BlindLimbs: Array<Limb>;
    /// Working memory of one public-key operation.
    type PublicWork: Array<Limb>;
    /// Working memory of loading a private key.
    type LoadWork: Array<Limb>;
    /// A modulus-width byte string (`k ≤ MAX_BITS / 8` bytes).
    type Bytes: Array<u8>;
    /// Bytes of working memory one private-key operation puts on the stack.
    const WORK_BYTES: usize = core::mem::size_of::<Self::Work>();
    /// Bytes of working memory one public-key operation puts on the stack.
    const PUBLIC_WORK_BYTES: usize = core::mem::size_of::<Self::PublicWork>();
    /// Bytes of working memory loading (and validating) a private key puts
    /// on the stack.
    const LOAD_WORK_BYTES: usize = core::mem::size_of::<Self::LoadWork>();
}

macro_rules! capacity {
    ($(#[$doc:meta])* $name:ident, $bits:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl sealed::Sealed for $name {}
        impl Capacity for $name {
            const MAX_BITS: usize = $bits;
            type Limbs = [Limb; $bits / 32];
            type HalfLimbs = [Limb; $bits / 64];
            type Work = [Limb; rsadp::work_limbs($bits / 32, $bits / 64)];
            type BlindLimbs = [Limb; rsadp::blind_limbs($bits / 32, $bits / 64)];
            type PublicWork = [Limb; public_work_limbs($bits / 32)];
            type LoadWork = [Limb; load_work_limbs($bits / 64)];
            type Bytes = [u8; $bits / 8];
        }
    };
}

capacity!(
    /// Keys of up to 1024 bits.
    Max1024, 1024);
capacity!(
    /// Keys of up to 2048 bits.
    Max2048, 2048);
capacity!(
    /// Keys of up to 3072 bits.
    Max3072, 3072);
capacity!(
    /// Keys of up to 4096 bits: the capacity behind the default type names.
    Max4096, 4096);
capacity!(
    /// Keys of up to 8192 bits.
    Max8192, 8192);

#[cfg(test)]
mod tests;
