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
//! | [`Max4096`] | 4096 bits (the default of [`PrivateKey`](crate::PrivateKey)) |
//! | [`Max8192`] | 8192 bits |
//!
//! A key occupies `size_of::<BoundedPrivateKey<C>>()` bytes; a private-key
//! operation puts [`Capacity::WORK_BYTES`] of work area on the stack
//! ([`crate::arith::crt::crt_work_limbs`] of half the capacity).

use crate::arith::{crt, exp, Limb};

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
    /// Working memory of one public-key operation (much smaller than
    /// [`Capacity::Work`], so that verification does not clear a private
    /// operation's work area).
    type PublicWork: Array<Limb>;
    /// A modulus-width byte string (`k ≤ MAX_BITS / 8` bytes).
    type Bytes: Array<u8>;
    /// Bytes of working memory one private-key operation puts on the stack.
    const WORK_BYTES: usize = core::mem::size_of::<Self::Work>();
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
            type Work = [Limb; crt::crt_work_limbs($bits / 64)];
            type PublicWork = [Limb; exp::public_work_limbs($bits / 32)];
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
