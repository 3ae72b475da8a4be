//! Zeroizing through one out-of-line function per type: `zeroize`'s loops
//! (volatile writes over the elements, then over the spare capacity) are
//! otherwise inlined into every wipe of every work area, buffer and key
//! field, which costs flash on the devices (README, "Drop-in types on the
//! Cortex-M4"). Used by the core for its limb and byte buffers and by the
//! heap layer for its keys.

use core::ops::{Deref, DerefMut};

use zeroize::{Zeroize, ZeroizeOnDrop};

/// Zeroizes `x`: the one copy of `T::zeroize` for each `T`.
#[inline(never)]
pub(crate) fn wipe<T: Zeroize + ?Sized>(x: &mut T) {
    x.zeroize();
}

/// `T`, zeroized on drop by [`wipe`] (`zeroize::Zeroizing`, out of line).
#[derive(Clone, Default)]
pub(crate) struct Wiped<T: Zeroize>(T);

impl<T: Zeroize> Wiped<T> {
    pub(crate) fn new(x: T) -> Self {
        Wiped(x)
    }
}

impl<T: Zeroize> Deref for Wiped<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Zeroize> DerefMut for Wiped<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Zeroize> Drop for Wiped<T> {
    fn drop(&mut self) {
        wipe(&mut self.0);
    }
}

impl<T: Zeroize> ZeroizeOnDrop for Wiped<T> {}
