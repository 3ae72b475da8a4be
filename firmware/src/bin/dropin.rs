//! The drop-in API on a device with a heap (`default-features = false,
//! features = ["alloc"]`, `embedded-alloc`): an application written against
//! `rsa` 0.10 with only the crate path changed. It loads a 2048-bit and a
//! 4096-bit PKCS#8 key, then signs (PKCS#1 v1.5 and PSS, SHA-256), verifies
//! and decrypts (PKCS#1 v1.5 with implicit rejection, OAEP-SHA-256) through
//! `rsa`'s types and traits, each result checked against the OpenSSL
//! fixtures.
//!
//! Every step is a measured region of the benchmark protocol of `bench.rs`
//! (`bench_start`/`bench_stop`, `bench-region` / `bench-stack` lines, read
//! by `ci/m4-bench --dropin`), plus `bench-heap <id> <peak bytes>`: the
//! largest heap in use during the region (a counting wrapper around the
//! allocator). Next to the heap signing and verification, the same digest
//! is signed and verified on the no-heap core (`BoundedPrivateKey` and the
//! slice functions) in regions of their own, so that the two paths compare
//! in cycles.
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

extern crate alloc;

use core::sync::atomic::Ordering;
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use rsa_cortex_m::pkcs1v15::{self, DigestInfoPrefix};
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::traits::PublicKeyParts;
use rsa_cortex_m::{
    BoundedPrivateKey, Max4096, Oaep, Pkcs1v15Encrypt, Pkcs1v15Sign, PrivateKey, Pss, PublicKey,
};
use sha2::{Digest, Sha256};

#[path = "../common.rs"]
mod common;
use common::Rng;

#[path = "../heap.rs"]
mod heap;
use heap::HEAP;

#[path = "../regions.rs"]
mod regions;
use regions::{bench_start, bench_stop, paint, peak_stack};

/// Heap size: room for both keys and the largest operation's work area.
const HEAP_BYTES: usize = 64 * 1024;

struct Bench {
    next: u32,
}

impl Bench {
    /// Runs `f` as a measured region; reports its stack and heap peaks and
    /// returns the heap in use after it.
    fn run(&mut self, operation: &str, bits: usize, f: &mut dyn FnMut()) {
        let id = self.next;
        self.next += 1;
        hprintln!("bench-region {} {} {} 0", id, operation, bits);
        let sp = paint();
        HEAP.reset_peak();
        bench_start(id);
        f();
        bench_stop(id);
        let stack = peak_stack(sp);
        let heap = HEAP.peak.load(Ordering::Relaxed);
        hprintln!("bench-stack {} {}", id, stack);
        hprintln!("bench-heap {} {}", id, heap);
    }
}

macro_rules! fixture {
    ($dir:literal, $file:literal) => {
        include_bytes!(concat!("../../../tests/data/fixtures/", $dir, "/", $file))
    };
}

/// The deterministic stand-in RNG of the firmware as a `TryCryptoRng`.
struct FwRng(Rng);

impl rand_core::TryRng for FwRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next_u32())
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(u64::from(self.0.next_u32()) << 32 | u64::from(self.0.next_u32()))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        dst.iter_mut().for_each(|b| *b = self.0.next_u32() as u8);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for FwRng {}

#[entry]
fn main() -> ! {
    {
        static mut HEAP_MEM: [u8; HEAP_BYTES] = [0; HEAP_BYTES];
        // SAFETY: called once, before any allocation; HEAP_MEM is used by
        // nothing else.
        unsafe { HEAP.init(&mut *core::ptr::addr_of_mut!(HEAP_MEM)) }
    }
    let mut b = Bench { next: 0 };
    let mut rng = FwRng(Rng(0x6472_6f70_2d69_6e00));

    // The application: both keys loaded, kept for the rest of the run.
    let mut k2048 = None;
    b.run("heap-load-pkcs8", 2048, &mut || {
        k2048 = Some(PrivateKey::from_pkcs8_der(fixture!("rsa2048", "private.pkcs8.der")).unwrap());
    });
    let mut k4096 = None;
    b.run("heap-load-pkcs8", 4096, &mut || {
        k4096 = Some(PrivateKey::from_pkcs8_der(fixture!("rsa4096", "private.pkcs8.der")).unwrap());
    });
    let (k2048, k4096) = (k2048.unwrap(), k4096.unwrap());
    hprintln!("dropin-keys-heap {}", HEAP.used.load(Ordering::Relaxed));

    app_2048(&mut b, &k2048, &mut rng);
    app_4096(&mut b, &k4096);
    pss_next(&mut b, &k2048, &mut rng);

    hprintln!("bench-done {}", b.next);
    debug::exit(debug::EXIT_SUCCESS);
    loop {
        cortex_m::asm::wfi();
    }
}

/// The 2048-bit operations, and the no-heap core on the same inputs.
#[inline(never)]
fn app_2048(b: &mut Bench, key: &PrivateKey, rng: &mut FwRng) {
    let msg = fixture!("rsa2048", "msg.bin");
    let digest = Sha256::digest(msg);
    let public = PublicKey::from_public_key_der(fixture!("rsa2048", "public.spki.der")).unwrap();
    assert!(&public == key.as_public_key());

    // PKCS#1 v1.5 signature of a digest: the heap key (rsa's `sign`) ...
    let mut sig = None;
    b.run("heap-sign-pkcs1v15", 2048, &mut || {
        sig = Some(key.sign(Pkcs1v15Sign::new::<Sha256>(), &digest).unwrap());
    });
    let sig = sig.unwrap();
    assert_eq!(
        &sig[..],
        &fixture!("rsa2048", "sig.pkcs1v15.sha256.bin")[..]
    );
    // ... and the no-heap core on the same digest.
    let bounded =
        BoundedPrivateKey::<Max4096>::from_pkcs8_der(fixture!("rsa2048", "private.pkcs8.der"))
            .unwrap();
    let prefix = DigestInfoPrefix::new::<Sha256>();
    let mut out = [0u8; 256];
    b.run("core-sign-pkcs1v15", 2048, &mut || {
        pkcs1v15::sign_prehash_into(&bounded, prefix.as_bytes(), &digest, &mut out).unwrap();
    });
    assert_eq!(&out[..], &sig[..]);

    b.run("heap-verify-pkcs1v15", 2048, &mut || {
        public
            .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, &sig)
            .unwrap();
    });
    b.run("core-verify-pkcs1v15", 2048, &mut || {
        pkcs1v15::verify_prehash(bounded.as_public_key(), prefix.as_bytes(), &digest, &out)
            .unwrap();
    });

    // PSS (salt of the digest's length), signed and verified.
    let mut pss_sig = None;
    b.run("heap-sign-pss", 2048, &mut || {
        pss_sig = Some(
            key.sign_with_rng(rng, Pss::<Sha256>::new(), &digest)
                .unwrap(),
        );
    });
    let pss_sig = pss_sig.unwrap();
    b.run("heap-verify-pss", 2048, &mut || {
        public
            .verify(Pss::<Sha256>::new(), &digest, &pss_sig)
            .unwrap();
    });

    // Decryption: PKCS#1 v1.5 (implicit rejection) and OAEP-SHA-256.
    let plaintext = fixture!("rsa2048", "plaintext.bin");
    b.run("heap-decrypt-pkcs1v15", 2048, &mut || {
        let m = key
            .decrypt(Pkcs1v15Encrypt, fixture!("rsa2048", "ct.pkcs1v15.bin"))
            .unwrap();
        assert_eq!(&m[..], &plaintext[..]);
    });
    b.run("heap-decrypt-oaep", 2048, &mut || {
        let m = key
            .decrypt(
                Oaep::<Sha256>::new(),
                fixture!("rsa2048", "ct.oaep.sha256.bin"),
            )
            .unwrap();
        assert_eq!(&m[..], &plaintext[..]);
    });
    assert_eq!(public.size(), 256);
}

/// A second PSS signature with the 2048-bit key: its base blinding pair
/// comes from the key's cache, squared, where the first signature drew it
/// (31 of every 32 blinded operations look like this one). The last region,
/// so that the others keep their numbers.
#[inline(never)]
fn pss_next(b: &mut Bench, key: &PrivateKey, rng: &mut FwRng) {
    let digest = Sha256::digest(fixture!("rsa2048", "msg.bin"));
    let mut sig = None;
    b.run("heap-sign-pss-next", 2048, &mut || {
        sig = Some(
            key.sign_with_rng(rng, Pss::<Sha256>::new(), &digest)
                .unwrap(),
        );
    });
    key.as_public_key()
        .verify(Pss::<Sha256>::new(), &digest, &sig.unwrap())
        .unwrap();
}

/// The 4096-bit operations.
#[inline(never)]
fn app_4096(b: &mut Bench, key: &PrivateKey) {
    let digest = Sha256::digest(fixture!("rsa4096", "msg.bin"));
    let mut sig = None;
    b.run("heap-sign-pkcs1v15", 4096, &mut || {
        sig = Some(key.sign(Pkcs1v15Sign::new::<Sha256>(), &digest).unwrap());
    });
    let sig = sig.unwrap();
    assert_eq!(
        &sig[..],
        &fixture!("rsa4096", "sig.pkcs1v15.sha256.bin")[..]
    );
    let public = key.as_public_key();
    b.run("heap-verify-pkcs1v15", 4096, &mut || {
        public
            .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, &sig)
            .unwrap();
    });
    b.run("heap-decrypt-pkcs1v15", 4096, &mut || {
        let m = key
            .decrypt(Pkcs1v15Encrypt, fixture!("rsa4096", "ct.pkcs1v15.bin"))
            .unwrap();
        assert_eq!(&m[..], &fixture!("rsa4096", "plaintext.bin")[..]);
    });
}
