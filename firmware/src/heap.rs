//! What the images with a heap share (`dropin`, `tls`): the counting
//! allocator, the benchmark region markers of `ci/m4-bench`'s protocol and
//! the stack painting around a region.
#![allow(dead_code)]

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{compiler_fence, AtomicUsize, Ordering};
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
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let p = unsafe { self.heap.alloc(layout) };
        if !p.is_null() {
            let used = self.used.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            self.peak.fetch_max(used, Ordering::Relaxed);
        }
        p
    }

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

static mut CURRENT: u32 = u32::MAX;
static mut LAST: u32 = u32::MAX;

/// Start of measured region `id`.
#[no_mangle]
#[inline(never)]
pub extern "C" fn bench_start(id: u32) {
    compiler_fence(Ordering::SeqCst);
    // SAFETY: single-threaded.
    unsafe { core::ptr::write_volatile(core::ptr::addr_of_mut!(CURRENT), id) };
    compiler_fence(Ordering::SeqCst);
}

/// End of measured region `id`.
#[no_mangle]
#[inline(never)]
pub extern "C" fn bench_stop(id: u32) {
    compiler_fence(Ordering::SeqCst);
    // SAFETY: single-threaded.
    unsafe { core::ptr::write_volatile(core::ptr::addr_of_mut!(LAST), id) };
    compiler_fence(Ordering::SeqCst);
}

/// Bytes of stack painted below the caller before each region.
const PAINT: usize = 96 * 1024;
const PATTERN: u32 = 0xC5AC_CE55;

/// Paints the stack below the caller; returns the stack pointer.
#[inline(never)]
pub fn paint() -> usize {
    let sp = cortex_m::register::msp::read() as usize;
    let top = sp - 64; // leave this function's own frame alone
    let mut p = sp - 64 - PAINT;
    while p < top {
        // SAFETY: RAM below the stack pointer is unused (4 MiB of RAM; the
        // heap is a static in .bss, far below).
        unsafe { core::ptr::write_volatile(p as *mut u32, PATTERN) };
        p += 4;
    }
    sp
}

/// Bytes of stack used below `sp` since [`paint`].
#[inline(never)]
pub fn peak_stack(sp: usize) -> usize {
    let mut p = sp - 64 - PAINT;
    // SAFETY: as in paint().
    while p < sp && unsafe { core::ptr::read_volatile(p as *const u32) } == PATTERN {
        p += 4;
    }
    sp - p
}
