//! A no-heap verifier for a Cortex-M4: checks that a firmware image was
//! signed by the holder of an RSA key, the core of a secure-boot loader.
//!
//! * the public key is an SPKI DER blob (`openssl pkey -pubout -outform
//!   DER`), decoded into a `BoundedPublicKey<Cap>` (536 bytes at `Max2048`),
//!   no heap;
//! * the signature is RSASSA-PSS with SHA-256 made by `openssl dgst` (see
//!   `sign.sh`); openssl uses the largest salt by default, so the verifying
//!   key detects the salt length (`new_with_auto_salt_len`);
//! * the decision is taken on the encoded `Verdict`, compared twice against
//!   `Verdict::VALID` with the refusals first, so that one glitched
//!   instruction cannot turn a refusal into a boot (SECURITY.md, "Fault
//!   injection");
//! * a refusal says which check failed (key, signature length, signature);
//! * a modified image and a modified signature must be rejected.
//!
//! `cargo run --release` builds it for thumbv7em-none-eabihf at opt-level
//! "s" (rsa-cortex-m then links its compact UMAAL kernels) and runs it on
//! QEMU's MPS2-AN386; it prints the verdicts, the flash the image takes
//! (the embedded image, signature and key included) and
//! the peak stack of the verification, and exits with status 0 when every
//! verdict is right.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hio};
use rsa_cortex_m::capacity::Array;
use rsa_cortex_m::pkcs1::{der::Decode, RsaPublicKeyRef};
use rsa_cortex_m::sha2::Sha256;
use rsa_cortex_m::spki::{DecodePublicKey, SubjectPublicKeyInfoRef};
use rsa_cortex_m::{pss, BoundedPublicKey, Capacity, Verdict};

/// The largest key the verifier holds: RAM and stack scale with it (the
/// README's "What to choose"). For a 4096-bit key, `rsa_cortex_m::Max4096`.
type Cap = rsa_cortex_m::Max2048;

/// The public key, the signed image and its signature (in a bootloader: the
/// key in the loader's own flash, image and signature in the update slot).
static PUBLIC_KEY: &[u8] = include_bytes!("../data/public.spki.der");
static IMAGE: &[u8] = include_bytes!("../data/image.bin");
static SIGNATURE: &[u8] = include_bytes!("../data/image.sig");

/// Why an image is not booted: which check failed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// The public key did not load; `bits` is its modulus length when the
    /// DER could be read that far (0 otherwise).
    Key { bits: usize },
    /// The signature is not `expected` bytes long, the key's size.
    SignatureLength { expected: usize },
    /// The signature does not verify.
    Signature,
}

/// Loads the key and verifies `image` against `sig`; `Ok` is what a
/// bootloader boots.
#[inline(never)]
fn verify(image: &[u8], sig: &[u8]) -> Result<(), Refusal> {
    let Ok(key) = BoundedPublicKey::<Cap>::from_public_key_der(PUBLIC_KEY) else {
        return Err(Refusal::Key {
            bits: modulus_bits(PUBLIC_KEY),
        });
    };
    let key = pss::BoundedVerifyingKey::<Sha256, Cap>::new_with_auto_salt_len(key);
    let expected = AsRef::<BoundedPublicKey<Cap>>::as_ref(&key).size(); // k bytes
    if sig.len() != expected {
        return Err(Refusal::SignatureLength { expected }); // truncated, or another key's
    }
    let Ok(sig) = pss::BoundedSignature::<Cap>::try_from(sig) else {
        return Err(Refusal::SignatureLength { expected });
    };
    let verdict = key.verify_verdict(image, &sig);
    if verdict.value() != Verdict::VALID {
        return Err(Refusal::Signature); // a bootloader: stay in the loader, reset, ...
    }
    // Compared again: `value()` is an optimization barrier.
    if verdict.value() != Verdict::VALID {
        return Err(Refusal::Signature);
    }
    // A bootloader jumps to the verified image here, after both comparisons.
    Ok(())
}

/// The modulus length of an SPKI DER RSA key, or 0: only to explain a
/// refused key (an SPKI key above the capacity is `KeyMalformed`, like a
/// malformed one).
fn modulus_bits(spki: &[u8]) -> usize {
    let Ok(info) = SubjectPublicKeyInfoRef::try_from(spki) else {
        return 0;
    };
    let Some(Ok(key)) = info
        .subject_public_key
        .as_bytes()
        .map(RsaPublicKeyRef::from_der)
    else {
        return 0;
    };
    let n = key.modulus.as_bytes();
    match n.first() {
        Some(&top) => n.len() * 8 - top.leading_zeros() as usize,
        None => 0,
    }
}

#[entry]
fn main() -> ! {
    let sp = stack::paint();
    let result = verify(IMAGE, SIGNATURE);
    let used = stack::peak(sp);
    let mut buf = [0u8; 10];
    let mut buf2 = [0u8; 10];
    match result {
        Ok(()) => say(&[b"image signature valid"]),
        Err(Refusal::Signature) => say(&[
            b"image signature INVALID (signed with another key, for another image, or not RSASSA-PSS with SHA-256?)",
        ]),
        Err(Refusal::SignatureLength { expected }) => say(&[
            b"signature REFUSED: ",
            decimal(SIGNATURE.len(), &mut buf),
            b" bytes, but this key's signatures are ",
            decimal(expected, &mut buf2),
            b" bytes (data/image.sig truncated, or made with another key?)",
        ]),
        Err(Refusal::Key { bits }) if bits > Cap::MAX_BITS => say(&[
            b"public key REFUSED: ",
            decimal(bits, &mut buf),
            b" bits, above the capacity of ",
            decimal(Cap::MAX_BITS, &mut buf2),
            b" (raise `Cap` in src/main.rs)",
        ]),
        Err(Refusal::Key { .. }) => say(&[
            b"public key REFUSED: not a valid RSA public key in SPKI DER (data/public.spki.der)",
        ]),
    }
    let ok = result.is_ok();

    // The image without its last byte (an empty image: one zero byte
    // instead), and the signature with one bit flipped, must be refused by
    // the signature check itself (any image size; no copy of the image).
    let other: &[u8] = match IMAGE.split_last() {
        Some((_, shorter)) => shorter,
        None => &[0],
    };
    let image_refused = tampered(b"tampered image ", ok, || verify(other, SIGNATURE));
    // The whole signature, up to the largest a `Cap` key makes.
    let mut bad_sig = <Cap as Capacity>::Bytes::zeroed();
    let bad_sig = &mut bad_sig.as_mut()[..SIGNATURE.len().min(Cap::MAX_BITS / 8)];
    bad_sig.copy_from_slice(&SIGNATURE[..bad_sig.len()]);
    if let Some(last) = bad_sig.last_mut() {
        *last ^= 0x01;
    }
    let sig_refused = tampered(b"tampered signature ", ok, || verify(IMAGE, bad_sig));

    // A refusal before the signature check never reads the image or the
    // signature, so the compiler leaves them out of the image.
    let checked = matches!(result, Ok(()) | Err(Refusal::Signature));
    if checked {
        let embedded = IMAGE.len() + SIGNATURE.len() + PUBLIC_KEY.len();
        say(&[
            b"flash ",
            decimal(flash::used(), &mut buf),
            b" bytes (of which ",
            decimal(embedded, &mut buf2),
            b" the embedded image, signature and key)",
        ]);
        say(&[
            b"stack ",
            decimal(used, &mut buf),
            b" bytes (key load and verification)",
        ]);
    } else {
        say(&[
            b"flash ",
            decimal(flash::used(), &mut buf),
            b" bytes (without the image and signature: refused before they are read)",
        ]);
        say(&[
            b"stack ",
            decimal(used, &mut buf),
            b" bytes (up to the refusal)",
        ]);
    }
    debug::exit(if ok && image_refused && sig_refused {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}

/// Runs a tamper check (only once the genuine signature verified) and
/// prints its outcome; true when the signature check refused it.
fn tampered(what: &[u8], ok: bool, check: impl FnOnce() -> Result<(), Refusal>) -> bool {
    if !ok {
        say(&[what, b"not checked"]);
        return false;
    }
    let refused = check() == Err(Refusal::Signature);
    say(&[what, if refused { b"rejected" } else { b"ACCEPTED" }]);
    refused
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
