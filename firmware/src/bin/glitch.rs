//! Fault-injection target (issue 15), run by `ci/glitch` on its own
//! Cortex-M4 emulator (unicorn), never under QEMU: no semihosting, no
//! output. The harness writes the case number into [`GLITCH_CASE`] before
//! reset, runs to [`glitch_begin`], and from there injects one fault per
//! run (an instruction skip or a register bit flip) until one of the end
//! markers is reached:
//!
//! * [`glitch_result`]`(r)`: the `signature::Verifier` result of a
//!   verification (`r0` holds the `Result<(), signature::Error>`, a single
//!   byte without `alloc`: its value in an undisturbed run with a valid
//!   signature counts as an accept);
//! * [`glitch_boot`] / [`glitch_reject`]: a bootloader's decision over the
//!   hardened verdict (the pattern of the crate docs: two comparisons
//!   against the documented constant);
//! * [`glitch_signed`]: a signature left the signing function (the harness
//!   reads [`GLITCH_SIG`] and the returned `r0`).
//!
//! The verifying key (2048-bit SPKI) is loaded before [`glitch_begin`]; the
//! message is hashed inside the window (as `Verifier::verify` does).
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

use cortex_m_rt::entry;
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::signature::Verifier;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{pkcs1v15, pss, BoundedPrivateKey, BoundedPublicKey, Max2048, Verdict};
use sha2::{Digest, Sha256};

#[path = "../tiny.rs"]
#[macro_use]
mod tiny;

fixture!(FIXTURE_SPKI_DER, "rsa2048/public.spki.der");
fixture!(FIXTURE_PKCS8_DER, "rsa2048/private.pkcs8.der");
fixture!(FIXTURE_MSG, "rsa2048/msg.bin");
fixture!(FIXTURE_MSG_MODIFIED, "rsa2048/msg.modified.bin");
fixture!(FIXTURE_SIG_PSS, "rsa2048/sig.pss.sha256.salt32.bin");
fixture!(
    FIXTURE_SIG_PSS_BAD,
    "rsa2048/sig.pss.sha256.salt32.bitflip.bin"
);
fixture!(FIXTURE_SIG_PKCS1, "rsa2048/sig.pkcs1v15.sha256.bin");
fixture!(
    FIXTURE_SIG_PKCS1_BAD,
    "rsa2048/sig.pkcs1v15.sha256.bitflip.bin"
);

type Key = BoundedPublicKey<Max2048>;
type PssKey = pss::BoundedVerifyingKey<Sha256, Max2048>;
type Pkcs1Key = pkcs1v15::BoundedVerifyingKey<Sha256, Max2048>;
type PssSig = pss::BoundedSignature<Max2048>;
type Pkcs1Sig = pkcs1v15::BoundedSignature<Max2048>;
const K: usize = 256;

/// The case to run, written by the harness before reset (not initialized
/// by the runtime): `scheme + 2·input + 8·api`, with scheme 0 = PKCS#1
/// v1.5, 1 = PSS; input 0 = valid, 1 = signature with a bit flipped, 2 =
/// valid signature over the modified message; api 0 = `Verifier::verify`,
/// 1 = the hardened verdict, 2 = signing (PKCS#1 v1.5; input 0 = sign, the
/// harness corrupts the result before the fault check), 3 = the slice
/// functions `pkcs1v15::verify_prehash` / `pss::verify_prehash` (their
/// `Result<(), rsa_cortex_m::Error>`).
#[no_mangle]
#[link_section = ".uninit.GLITCH_CASE"]
pub static mut GLITCH_CASE: u32 = 0;

/// Output buffer of the signing case (zero before the operation).
#[no_mangle]
pub static mut GLITCH_SIG: [u8; K] = [0; K];

/// Start of the fault window.
#[no_mangle]
#[inline(never)]
pub extern "C" fn glitch_begin() {
    cortex_m::asm::nop();
}

/// End marker: the `Verifier` result (`r0`).
#[no_mangle]
#[inline(never)]
pub fn glitch_result(r: rsa_cortex_m::signature::Result<()>) -> ! {
    let _ = core::hint::black_box(r);
    loop {
        cortex_m::asm::nop();
    }
}

/// End marker: the `Result` of a slice function (`r0` points to it).
#[no_mangle]
#[inline(never)]
pub fn glitch_result_slice(r: &rsa_cortex_m::Result<()>) -> ! {
    core::hint::black_box(r);
    loop {
        cortex_m::asm::nop();
    }
}

/// End marker: the bootloader boots.
#[no_mangle]
#[inline(never)]
pub extern "C" fn glitch_boot() -> ! {
    core::hint::black_box(0xb007_b007_u32);
    loop {
        cortex_m::asm::nop();
    }
}

/// End marker: the bootloader refuses.
#[no_mangle]
#[inline(never)]
pub extern "C" fn glitch_reject() -> ! {
    core::hint::black_box(0x4e_u32);
    loop {
        cortex_m::asm::nop();
    }
}

/// End marker: the signing function returned (`r0` = 0 for `Ok`).
#[no_mangle]
#[inline(never)]
pub extern "C" fn glitch_signed(ok: u32) -> ! {
    core::hint::black_box(ok);
    loop {
        cortex_m::asm::nop();
    }
}

#[inline(never)]
fn verify_trait<S, V>(key: &V, msg: &[u8], sig: &[u8]) -> !
where
    V: Verifier<S>,
    S: for<'a> TryFrom<&'a [u8]>,
{
    let Ok(sig) = S::try_from(sig) else {
        glitch_reject()
    };
    glitch_begin();
    let r = key.verify(msg, &sig);
    glitch_result(r)
}

/// The bootloader pattern of the crate docs: refuse unless the encoded
/// verdict equals the constant, twice.
#[inline(never)]
fn verify_verdict<V, S>(key: &V, msg: &[u8], sig: &[u8], verify: fn(&V, &[u8], &S) -> Verdict) -> !
where
    S: for<'a> TryFrom<&'a [u8]>,
{
    let Ok(sig) = S::try_from(sig) else {
        glitch_reject()
    };
    glitch_begin();
    let verdict = verify(key, msg, &sig);
    if verdict.value() != Verdict::VALID {
        glitch_reject()
    }
    if verdict.value() != Verdict::VALID {
        glitch_reject()
    }
    glitch_boot()
}

/// The slice functions on the key (the message hashed in the window).
#[inline(never)]
fn verify_slice(key: &Key, scheme: u32, msg: &[u8], sig: &[u8]) -> ! {
    glitch_begin();
    let hashed = Sha256::digest(msg);
    let r = if scheme == 0 {
        let prefix = pkcs1v15::DigestInfoPrefix::new::<Sha256>();
        pkcs1v15::verify_prehash(key, prefix.as_bytes(), &hashed, sig)
    } else {
        pss::verify_prehash::<_, Sha256>(key, &hashed, sig, Some(32))
    };
    glitch_result_slice(&r)
}

#[entry]
fn main() -> ! {
    // SAFETY: written by the harness before reset; read once.
    let case = unsafe { core::ptr::read_volatile(core::ptr::addr_of!(GLITCH_CASE)) };
    let (scheme, input, api) = (case % 2, (case / 2) % 4, case / 8);
    if api == 2 {
        sign_case();
    }
    let Ok(key) = Key::from_public_key_der(&FIXTURE_SPKI_DER) else {
        glitch_reject()
    };
    let msg: &[u8] = if input == 2 {
        &FIXTURE_MSG_MODIFIED
    } else {
        &FIXTURE_MSG
    };
    let sig: &[u8] = match (scheme, input) {
        (0, 1) => &FIXTURE_SIG_PKCS1_BAD,
        (0, _) => &FIXTURE_SIG_PKCS1,
        (_, 1) => &FIXTURE_SIG_PSS_BAD,
        _ => &FIXTURE_SIG_PSS,
    };
    if api == 3 {
        verify_slice(&key, scheme, msg, sig);
    }
    match (scheme, api) {
        (0, 0) => verify_trait::<Pkcs1Sig, _>(&Pkcs1Key::new(key), msg, sig),
        (_, 0) => verify_trait::<PssSig, _>(&PssKey::new(key), msg, sig),
        (0, _) => {
            verify_verdict::<_, Pkcs1Sig>(&Pkcs1Key::new(key), msg, sig, Pkcs1Key::verify_verdict)
        }
        _ => verify_verdict::<_, PssSig>(&PssKey::new(key), msg, sig, PssKey::verify_verdict),
    }
}

/// Signs the fixture message (PKCS#1 v1.5, SHA-256) into [`GLITCH_SIG`].
#[inline(never)]
fn sign_case() -> ! {
    let Ok(key) = BoundedPrivateKey::<Max2048>::from_pkcs8_der(&FIXTURE_PKCS8_DER) else {
        glitch_reject()
    };
    let hashed = Sha256::digest(&FIXTURE_MSG[..]);
    let prefix = pkcs1v15::DigestInfoPrefix::new::<Sha256>();
    // SAFETY: the only reference to the buffer.
    let sig = unsafe { &mut *core::ptr::addr_of_mut!(GLITCH_SIG) };
    glitch_begin();
    let r = pkcs1v15::sign_prehash_into(&key, prefix.as_bytes(), &hashed, sig);
    glitch_signed(u32::from(r.is_err()))
}
