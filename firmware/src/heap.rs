//! What the images with a heap share (`dropin`, `tls`): the counting
//! allocator.
#![allow(dead_code)]

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{AtomicUsize, Ordering};
use embedded_alloc::LlffHeap;

/// `embedded-alloc` with a record of the bytes in use and their peak.
pub struct Counting {
    heap: LlffHeap,
    pub used: AtomicUsize,
    pub peak: AtomicUsize,
}

impl Counting {
    /// Hands `mem` to the allocator.
    ///
    /// # Safety
    /// Once, before any allocation; nothing else uses `mem`.
    pub unsafe fn init(&self, mem: &'static mut [u8]) {
        // SAFETY: the caller's contract.
        unsafe { self.heap.init(mem.as_mut_ptr() as usize, mem.len()) }
    }

    /// Starts a new peak from the bytes in use now.
    pub fn reset_peak(&self) {
        self.peak
            .store(self.used.load(Ordering::Relaxed), Ordering::Relaxed);
    }
}

// SAFETY: forwards to the inner allocator; only counts.
// Out of line, as the inner allocator is: the counting is the harness's, not
// code an application would carry at every allocation site.
unsafe impl GlobalAlloc for Counting {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let p = unsafe { self.heap.alloc(layout) };
        if !p.is_null() {
            let used = self.used.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            self.peak.fetch_max(used, Ordering::Relaxed);
        }
        p
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        self.used.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded.
        unsafe { self.heap.dealloc(ptr, layout) }
    }
}

#[global_allocator]
pub static HEAP: Counting = Counting {
    heap: LlffHeap::empty(),
    used: AtomicUsize::new(0),
    peak: AtomicUsize::new(0),
};
