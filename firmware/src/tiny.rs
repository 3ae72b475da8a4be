//! What the footprint images (`verify`, `sign`) share: no `core::fmt`
//! anywhere (semihosting writes of byte strings, a hand-rolled decimal
//! printer), a panic handler that only exits, and stack painting that
//! measures the peak stack of one operation.
//!
//! Console lines the images print, read by `ci/footprint`:
//! `footprint-stack <operation> <bytes>` per measured operation,
//! `footprint-check <name> ok|FAILED` per check and
//! `footprint-static <name> <bytes>` for sizes of note.
#![allow(dead_code)]

use core::panic::PanicInfo;
use cortex_m_semihosting::{debug, hio};

/// Semihosting exit with failure on any panic; the message is not
/// formatted (that would link `core::fmt`).
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}

/// Writes raw bytes to the host's stdout (QEMU: stderr).
pub fn put(s: &[u8]) {
    if let Ok(mut out) = hio::hstdout() {
        let _ = out.write_all(s);
    }
}

/// Writes `n` in decimal.
pub fn put_usize(mut n: usize) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    put(&buf[i..]);
}

/// `footprint-<kind> <name> <n>\n`.
pub fn report(kind: &[u8], name: &[u8], n: usize) {
    put(b"footprint-");
    put(kind);
    put(b" ");
    put(name);
    put(b" ");
    put_usize(n);
    put(b"\n");
}

/// Records one check; returns 1 on failure (to be summed).
pub fn check(name: &[u8], ok: bool) -> u32 {
    put(b"footprint-check ");
    put(name);
    put(if ok { b" ok\n" } else { b" FAILED\n" });
    u32::from(!ok)
}

/// `a == b`, as a loop: `==` on byte arrays links `memcmp` (116 bytes)
/// into an image that has no other use for it.
#[allow(dead_code)]
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Exits with semihosting status 0 if `failures == 0`, else 1.
pub fn exit(failures: u32) -> ! {
    if failures == 0 {
        put(b"footprint-done ok\n");
        debug::exit(debug::EXIT_SUCCESS);
    } else {
        put(b"footprint-done FAILED\n");
        debug::exit(debug::EXIT_FAILURE);
    }
    loop {
        cortex_m::asm::wfi();
    }
}

const PATTERN: u32 = 0xC5AC_CE55;

extern "C" {
    /// End of `.bss`/`.uninit` (cortex-m-rt's linker script): the stack may
    /// grow down to here.
    static mut __sheap: u32;
}

/// Paints the free stack (between the end of static RAM and 64 bytes below
/// the current stack pointer); returns the stack pointer.
#[inline(never)]
fn paint() -> usize {
    let sp = cortex_m::register::msp::read() as usize;
    let bottom = core::ptr::addr_of_mut!(__sheap) as usize;
    let mut p = bottom;
    while p < sp - 64 {
        // SAFETY: RAM between the statics and the live stack is unused (no
        // heap, no interrupts).
        unsafe { core::ptr::write_volatile(p as *mut u32, PATTERN) };
        p += 4;
    }
    sp
}

/// Bytes of stack used below `sp` since [`paint`].
#[inline(never)]
fn peak(sp: usize) -> usize {
    let mut p = core::ptr::addr_of_mut!(__sheap) as usize;
    // SAFETY: as in paint().
    while p < sp && unsafe { core::ptr::read_volatile(p as *const u32) } == PATTERN {
        p += 4;
    }
    sp - p
}

/// Runs `f`, reports its peak stack as `footprint-stack <name> <bytes>`
/// (everything below the caller's frame: `f`'s locals included) and returns
/// its result.
#[inline(never)]
pub fn measure<T>(name: &[u8], f: impl FnOnce() -> T) -> T {
    let sp = paint();
    let r = core::hint::black_box(f());
    report(b"stack", name, peak(sp));
    r
}

/// Defines `pub static $name: [u8; N]` with the contents of a fixture file
/// (a named symbol, so that `ci/footprint` can count test inputs apart from
/// code).
macro_rules! fixture {
    ($name:ident, $path:literal) => {
        #[no_mangle]
        pub static $name: [u8; include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/fixtures/",
            $path
        ))
        .len()] = *include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/fixtures/",
            $path
        ));
    };
}
