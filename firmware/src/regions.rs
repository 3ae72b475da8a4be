//! The measured regions of `ci/m4-bench`'s protocol, shared by every image
//! that reports them: the markers `bench_start(id)` / `bench_stop(id)`
//! (found by symbol name in the ELF by `ci/m4_bench.py`, `ci/ct_trace.py`
//! and `ci/m4_remeasure.py`) and the stack painting that gives a region's
//! peak stack.
#![allow(dead_code)]

use core::sync::atomic::{compiler_fence, Ordering};

static mut CURRENT: u32 = u32::MAX;
static mut LAST: u32 = u32::MAX;

/// Start of measured region `id`.
#[no_mangle]
#[inline(never)]
pub extern "C" fn bench_start(id: u32) {
    compiler_fence(Ordering::SeqCst);
    // SAFETY: single-threaded.
    unsafe { core::ptr::write_volatile(core::ptr::addr_of_mut!(CURRENT), id) };
    #[cfg(feature = "dwt")]
    dwt::start();
    compiler_fence(Ordering::SeqCst);
}

/// End of measured region `id`.
#[no_mangle]
#[inline(never)]
pub extern "C" fn bench_stop(id: u32) {
    compiler_fence(Ordering::SeqCst);
    #[cfg(feature = "dwt")]
    dwt::stop(id);
    // SAFETY: single-threaded.
    unsafe { core::ptr::write_volatile(core::ptr::addr_of_mut!(LAST), id) };
    compiler_fence(Ordering::SeqCst);
}

/// DWT CYCCNT around each region (real hardware; QEMU does not count).
#[cfg(feature = "dwt")]
mod dwt {
    use cortex_m_semihosting::hprintln;
    static mut T0: u32 = 0;
    pub fn start() {
        // SAFETY: DWT/DCB registers exist on ARMv7-M/ARMv8-M Mainline.
        unsafe {
            let mut p = cortex_m::Peripherals::steal();
            p.DCB.enable_trace();
            p.DWT.enable_cycle_counter();
            T0 = cortex_m::peripheral::DWT::cycle_count();
        }
    }
    pub fn stop(id: u32) {
        let t1 = cortex_m::peripheral::DWT::cycle_count();
        // SAFETY: single-threaded.
        let t0 = unsafe { T0 };
        hprintln!("bench-dwt {} {}", id, t1.wrapping_sub(t0));
    }
}

/// Bytes of stack painted below the caller before each region (the
/// mps2 boards have 4 MiB of RAM; on the micro:bit, everything down to the
/// end of the statics).
#[cfg(not(fw_small_ram))]
const PAINT: usize = 128 * 1024;
const PATTERN: u32 = 0xC5AC_CE55;

extern "C" {
    /// End of `.bss`/`.uninit` (cortex-m-rt's linker script).
    static mut __sheap: u32;
}

/// Lowest address painted below a stack pointer `sp`.
fn paint_bottom(sp: usize) -> usize {
    #[cfg(not(fw_small_ram))]
    let bottom = sp - 64 - PAINT;
    #[cfg(fw_small_ram)]
    let bottom = {
        let _ = sp;
        core::ptr::addr_of_mut!(__sheap) as usize
    };
    bottom
}

/// Paints the stack below the caller; returns the stack pointer.
#[inline(never)]
pub fn paint() -> usize {
    let sp = cortex_m::register::msp::read() as usize;
    let top = sp - 64; // leave this function's own frame alone
    let mut p = paint_bottom(sp);
    while p < top {
        // SAFETY: RAM below the stack pointer is unused (no interrupts; a
        // heap, where there is one, is a static in .bss, below the bottom).
        unsafe { core::ptr::write_volatile(p as *mut u32, PATTERN) };
        p += 4;
    }
    sp
}

/// Bytes of stack used below `sp` since [`paint`].
#[inline(never)]
pub fn peak_stack(sp: usize) -> usize {
    let mut p = paint_bottom(sp);
    // SAFETY: as in paint().
    while p < sp && unsafe { core::ptr::read_volatile(p as *const u32) } == PATTERN {
        p += 4;
    }
    sp - p
}
