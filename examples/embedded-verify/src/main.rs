//! A no-heap verifier for a Cortex-M4: checks that a firmware image was
//! signed by the holder of an RSA key, the core of a secure-boot loader.
//!
//! * the public key is an SPKI DER blob (`openssl pkey -pubout -outform
//!   DER`), decoded into a `BoundedPublicKey<Max2048>`: 536 bytes, no heap;
//! * the signature is RSASSA-PSS with SHA-256 made by `openssl dgst` (see
//!   `sign.sh`); openssl uses the largest salt by default, so the verifying
//!   key detects the salt length (`new_with_auto_salt_len`);
//! * the decision is taken on the encoded `Verdict`, compared twice against
//!   `Verdict::VALID` with the refusals first, so that one glitched
//!   instruction cannot turn a refusal into a boot (SECURITY.md, "Fault
//!   injection");
//! * a modified image and a modified signature must be rejected.
//!
//! `cargo run --release` builds it for thumbv7em-none-eabihf at opt-level
//! "s" (rsa-cortex-m then links its compact UMAAL kernels) and runs it on
//! QEMU's MPS2-AN386; it prints the verdicts, the flash the image takes and
//! the peak stack of the verification, and exits with status 0 when every
//! verdict is right.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hio};
use rsa_cortex_m::sha2::Sha256;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{pss, BoundedPublicKey, Max2048, Verdict};

/// The public key, the signed image and its signature (in a bootloader: the
/// key in the loader's own flash, image and signature in the update slot).
static PUBLIC_KEY: &[u8] = include_bytes!("../data/public.spki.der");
static IMAGE: &[u8] = include_bytes!("../data/image.bin");
static SIGNATURE: &[u8] = include_bytes!("../data/image.sig");

/// Loads the key and verifies `image` against `sig`; returns whether a
/// bootloader would boot it.
#[inline(never)]
fn verify(image: &[u8], sig: &[u8]) -> bool {
    let Ok(key) = BoundedPublicKey::<Max2048>::from_public_key_der(PUBLIC_KEY) else {
        return false;
    };
    let key = pss::BoundedVerifyingKey::<Sha256, Max2048>::new_with_auto_salt_len(key);
    let Ok(sig) = pss::BoundedSignature::<Max2048>::try_from(sig) else {
        return false;
    };
    let verdict = key.verify_verdict(image, &sig);
    if verdict.value() != Verdict::VALID {
        return false; // a bootloader: stay in the loader, reset, ...
    }
    // Compared again: `value()` is an optimization barrier.
    if verdict.value() != Verdict::VALID {
        return false;
    }
    // A bootloader jumps to the verified image here, after both comparisons.
    true
}

#[entry]
fn main() -> ! {
    let sp = stack::paint();
    let ok = verify(IMAGE, SIGNATURE);
    let used = stack::peak(sp);
    say(&[b"image signature ", if ok { b"valid" } else { b"INVALID" }]);

    // The image without its last byte, and the signature with one bit
    // flipped, must be rejected (any image size; no copy of the image).
    let rejected = !verify(&IMAGE[..IMAGE.len().saturating_sub(1)], SIGNATURE);
    say(&[
        b"tampered image ",
        if rejected { b"rejected" } else { b"ACCEPTED" },
    ]);
    let mut bad_sig = [0u8; 256];
    let n = SIGNATURE.len().min(bad_sig.len());
    bad_sig[..n].copy_from_slice(&SIGNATURE[..n]);
    bad_sig[n.saturating_sub(1)] ^= 0x01;
    let sig_rejected = !verify(IMAGE, &bad_sig[..n]);
    say(&[
        b"tampered signature ",
        if sig_rejected {
            b"rejected"
        } else {
            b"ACCEPTED"
        },
    ]);

    let mut buf = [0u8; 10];
    say(&[b"flash ", decimal(flash::used(), &mut buf), b" bytes"]);
    say(&[
        b"stack ",
        decimal(used, &mut buf),
        b" bytes (key load and verification)",
    ]);
    debug::exit(if ok && rejected && sig_rejected {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}

/// Prints one line on the host's console through semihosting (byte
/// strings only: `core::fmt` would add several kilobytes of flash).
fn say(parts: &[&[u8]]) {
    if let Ok(mut out) = hio::hstdout() {
        let _ = out.write_all(b"embedded-verify: ");
        for p in parts {
            let _ = out.write_all(p);
        }
        let _ = out.write_all(b"\n");
    }
}

/// `n` in decimal, in the end of `buf`.
fn decimal(mut n: usize, buf: &mut [u8; 10]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    say(&[b"panic"]);
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}

/// Flash the image takes, from cortex-m-rt's linker symbols: the vector
/// table, code and read-only data, plus the initial values of `.data`.
mod flash {
    extern "C" {
        static __vector_table: u32;
        static __erodata: u32;
        static __sdata: u32;
        static __edata: u32;
    }

    pub fn used() -> usize {
        // Only the addresses of the linker's symbols are taken.
        let start = core::ptr::addr_of!(__vector_table) as usize;
        let end = core::ptr::addr_of!(__erodata) as usize;
        let data = core::ptr::addr_of!(__edata) as usize - core::ptr::addr_of!(__sdata) as usize;
        end - start + data
    }
}

/// Peak stack by painting: fill the free RAM below the stack pointer with a
/// pattern, run, and find the lowest word that changed.
mod stack {
    const PATTERN: u32 = 0xC5AC_CE55;

    extern "C" {
        /// End of the statics (cortex-m-rt): the stack may grow down to here.
        static mut __sheap: u32;
    }

    #[inline(never)]
    pub fn paint() -> usize {
        let sp = cortex_m::register::msp::read() as usize;
        let mut p = core::ptr::addr_of_mut!(__sheap) as usize;
        while p < sp - 64 {
            // SAFETY: RAM between the statics and the live stack is unused
            // (no heap, no interrupts yet).
            unsafe { core::ptr::write_volatile(p as *mut u32, PATTERN) };
            p += 4;
        }
        sp
    }

    #[inline(never)]
    pub fn peak(sp: usize) -> usize {
        let mut p = core::ptr::addr_of_mut!(__sheap) as usize;
        // SAFETY: as in paint().
        while p < sp && unsafe { core::ptr::read_volatile(p as *const u32) } == PATTERN {
            p += 4;
        }
        sp - p
    }
}
