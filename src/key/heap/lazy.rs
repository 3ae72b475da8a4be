//! A value computed on first use: the `crypto-bigint` Montgomery parameters
//! that [`PublicKeyParts::n_params`](crate::traits::PublicKeyParts::n_params)
//! and the CRT accessors of [`PrivateKeyParts`](crate::traits::PrivateKeyParts)
//! hand out by reference. The operations never need them (the core keeps
//! its own constants), and computing them costs `crypto-bigint`'s stack
//! (12 KiB for a 4096-bit modulus on a Cortex-M4), so only callers of those
//! accessors pay for them.
//!
//! Thread-safe without locks: the first value stored wins (a racing
//! computation is dropped). On targets without pointer-sized
//! compare-and-swap (ARMv6-M) the value is computed when the key is built.

use alloc::boxed::Box;
use core::fmt;

use crate::wipe::wipe;
use crypto_bigint::modular::{BoxedMontyForm, BoxedMontyParams, MontyParams};
use crypto_bigint::BoxedUint;

/// How a cached value is wiped when it is dropped.
pub(crate) trait Wipe {
    fn wipe(&mut self);
}

/// The parameters of a secret prime.
impl Wipe for MontyParams<BoxedUint> {
    fn wipe(&mut self) {
        wipe(self);
    }
}

/// The CRT coefficient.
impl Wipe for BoxedMontyForm {
    fn wipe(&mut self) {
        wipe(self);
    }
}

/// The parameters of the public modulus: nothing secret (and shared
/// behind an `Arc`).
impl Wipe for BoxedMontyParams {
    fn wipe(&mut self) {}
}

#[cfg(target_has_atomic = "ptr")]
use core::sync::atomic::{AtomicPtr, Ordering};

/// A `T` computed once, on first use.
pub(crate) struct Lazy<T: Wipe> {
    #[cfg(target_has_atomic = "ptr")]
    ptr: AtomicPtr<T>,
    #[cfg(not(target_has_atomic = "ptr"))]
    value: Box<T>,
}

impl<T: Wipe> Lazy<T> {
    /// An empty cell; `init` computes the value now on targets without
    /// compare-and-swap.
    #[cfg_attr(target_has_atomic = "ptr", allow(unused_variables))]
    pub(crate) fn new(init: impl FnOnce() -> T) -> Self {
        #[cfg(target_has_atomic = "ptr")]
        {
            Lazy {
                ptr: AtomicPtr::new(core::ptr::null_mut()),
            }
        }
        #[cfg(not(target_has_atomic = "ptr"))]
        {
            Lazy {
                value: Box::new(init()),
            }
        }
    }

    /// The value, computed by `init` if this is the first use.
    pub(crate) fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        #[cfg(target_has_atomic = "ptr")]
        {
            let current = self.ptr.load(Ordering::Acquire);
            if !current.is_null() {
                // SAFETY: a non-null pointer came from `Box::into_raw` below
                // and is freed only by `drop`, which `&self` excludes.
                return unsafe { &*current };
            }
            let fresh = Box::into_raw(Box::new(init()));
            match self.ptr.compare_exchange(
                core::ptr::null_mut(),
                fresh,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                // SAFETY: `fresh` is now owned by the cell, as above.
                Ok(_) => unsafe { &*fresh },
                Err(winner) => {
                    // SAFETY: `fresh` was not published; it is ours to free.
                    let mut lost = unsafe { Box::from_raw(fresh) };
                    lost.wipe();
                    // SAFETY: as for `current`.
                    unsafe { &*winner }
                }
            }
        }
        #[cfg(not(target_has_atomic = "ptr"))]
        {
            let _ = init;
            &self.value
        }
    }

    /// The value if it was computed.
    #[cfg(target_has_atomic = "ptr")]
    fn get(&self) -> Option<&T> {
        let current = self.ptr.load(Ordering::Acquire);
        // SAFETY: as in `get_or_init`.
        (!current.is_null()).then(|| unsafe { &*current })
    }
}

impl<T: Wipe + Clone> Clone for Lazy<T> {
    fn clone(&self) -> Self {
        #[cfg(target_has_atomic = "ptr")]
        {
            let ptr = self.get().map_or(core::ptr::null_mut(), |v| {
                Box::into_raw(Box::new(v.clone()))
            });
            Lazy {
                ptr: AtomicPtr::new(ptr),
            }
        }
        #[cfg(not(target_has_atomic = "ptr"))]
        {
            Lazy {
                value: self.value.clone(),
            }
        }
    }
}

impl<T: Wipe> Drop for Lazy<T> {
    fn drop(&mut self) {
        #[cfg(target_has_atomic = "ptr")]
        {
            let current = *self.ptr.get_mut();
            if !current.is_null() {
                // SAFETY: owned by the cell (see `get_or_init`), and `&mut
                // self` means no reference to it remains.
                let mut value = unsafe { Box::from_raw(current) };
                value.wipe();
            }
        }
        #[cfg(not(target_has_atomic = "ptr"))]
        self.value.wipe();
    }
}

impl<T: Wipe + fmt::Debug> fmt::Debug for Lazy<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(target_has_atomic = "ptr")]
        let value = self.get();
        #[cfg(not(target_has_atomic = "ptr"))]
        let value = Some(&*self.value);
        match value {
            Some(v) => v.fmt(f),
            None => f.write_str("(not computed)"),
        }
    }
}
