//! Cycle-benchmark firmware. Every measured region is bracketed by
//! `bench_start(id)` / `bench_stop(id)`, ids numbered in execution order, so
//! that `ci/m4-bench` (QEMU instruction trace + Cortex-M4 timing model), a
//! debugger on real hardware, or the `dwt` feature (DWT CYCCNT) measure
//! exactly the same code. Before each region the firmware prints
//! `bench-region <id> <operation> <bits> <e>` and after it
//! `bench-stack <id> <bytes>`: the peak stack of the region, found by
//! painting the stack below the caller's frame and looking for the deepest
//! word overwritten.
//!
//! Regions: Montgomery mul/sqr and the 16-entry select at 1024 bits; the
//! public and private operations of the published table (2048/3072/4096,
//! e = 65537 and e = 3); on the UMAAL targets (`cfg(fw_keygen)`: ARMv7E-M,
//! ARMv8-M Mainline) 2048-bit key generation (`PrivateKey::new`,
//! e = 65537, Max4096 storage, no heap) from three fixed seeds of a
//! deterministic generator; last, the constant-time modular inversion at
//! 1024, 2048 and 4096 bits. On the micro:bit (`cfg(fw_small_ram)`, 16 KiB
//! of RAM) the key-size rows are public 2048 and private 1024/2048 with
//! `Max2048` keys.
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use rsa_cortex_m::arith::{kernels, Limb};
use rsa_cortex_m::pkcs1::DecodeRsaPrivateKey;
#[cfg(not(fw_small_ram))]
/// The fixed-capacity key of the default capacity (no heap).
type PrivateKey = rsa_cortex_m::BoundedPrivateKey<rsa_cortex_m::Max4096>;

#[path = "../common.rs"]
mod common;
use common::{neg_inv, Rng};

#[path = "../regions.rs"]
mod regions;
use regions::{bench_start, bench_stop, paint, peak_stack};

struct Bench {
    next: u32,
}

impl Bench {
    fn run(&mut self, operation: &str, bits: usize, e: u32, f: &mut dyn FnMut()) {
        let id = self.next;
        self.next += 1;
        hprintln!("bench-region {} {} {} {}", id, operation, bits, e);
        let sp = paint();
        bench_start(id);
        f();
        bench_stop(id);
        hprintln!("bench-stack {} {}", id, peak_stack(sp));
    }
}

macro_rules! key {
    ($dir:literal) => {
        include_bytes!(concat!(
            "../../../tests/data/fixtures/",
            $dir,
            "/private.pkcs1.der"
        ))
    };
}
macro_rules! fixture {
    ($dir:literal, $file:literal) => {
        include_bytes!(concat!("../../../tests/data/fixtures/", $dir, "/", $file))
    };
}

/// Seeds of the key-generation regions.
#[cfg(fw_keygen)]
const KEYGEN_SEEDS: u64 = 3;
#[cfg(fw_keygen)]
const KEYGEN_NAMES: [&str; KEYGEN_SEEDS as usize] =
    ["keygen-seed1", "keygen-seed2", "keygen-seed3"];

#[entry]
fn main() -> ! {
    let mut b = Bench { next: 0 };
    let mut rng = Rng(0x0123_4567_89ab_cdef);

    // One Montgomery multiplication and one squaring at 1024 bits.
    const L: usize = 32;
    let mut n = [0 as Limb; L];
    let mut x = [0 as Limb; L];
    let mut y = [0 as Limb; L];
    let mut r = [0 as Limb; L];
    let mut t = [0 as Limb; 2 * L];
    rng.modulus(&mut n);
    n[L - 1] |= 0x8000_0000;
    let n0 = neg_inv(n[0]);
    rng.below(&mut x, &n);
    rng.below(&mut y, &n);
    b.run("montmul", 1024, 0, &mut || {
        kernels::mul(&mut t, &x, &y);
        kernels::redc(&mut r, &mut t, &n, n0);
    });
    b.run("montsqr", 1024, 0, &mut || {
        kernels::sqr(&mut t, &x);
        kernels::redc(&mut r, &mut t, &n, n0);
    });
    let mut table = [0 as Limb; 16 * L];
    rng.fill(&mut table);
    b.run("select16", 1024, 0, &mut || {
        kernels::select(&mut r, &table, 7);
    });
    core::hint::black_box(&r);

    rows(&mut b);
    #[cfg(fw_keygen)]
    if !cfg!(feature = "quick") {
        keygen_rows(&mut b);
    }
    #[cfg(not(fw_small_ram))]
    inversion_rows(&mut b, &mut rng);
    hprintln!("bench-done {}", b.next);
    debug::exit(debug::EXIT_SUCCESS);
    loop {
        cortex_m::asm::wfi();
    }
}

/// The rows of the published table (up to 4096 bits, `Max4096` keys).
#[cfg(not(fw_small_ram))]
#[inline(never)]
fn rows(b: &mut Bench) {
    let k2048 = PrivateKey::from_pkcs1_der(key!("rsa2048")).unwrap();
    let k3072 = PrivateKey::from_pkcs1_der(key!("rsa3072")).unwrap();
    let k4096 = PrivateKey::from_pkcs1_der(key!("rsa4096")).unwrap();
    let k2048e3 = PrivateKey::from_pkcs1_der(key!("rsa2048_e3")).unwrap();
    let mut out = [0u8; 512];
    let publics: [(&PrivateKey, &[u8], u32); 4] = [
        (
            &k2048,
            fixture!("rsa2048", "sig.pkcs1v15.sha256.bin"),
            65537,
        ),
        (
            &k3072,
            fixture!("rsa3072", "sig.pkcs1v15.sha256.bin"),
            65537,
        ),
        (
            &k4096,
            fixture!("rsa4096", "sig.pkcs1v15.sha256.bin"),
            65537,
        ),
        (
            &k2048e3,
            fixture!("rsa2048_e3", "sig.pkcs1v15.sha256.bin"),
            3,
        ),
    ];
    for (key, input, e) in publics {
        let k = key.size();
        let public = key.as_public_key();
        b.run("public", k * 8, e, &mut || {
            public.raw_public(input, &mut out[..k]).unwrap();
        });
    }
    let privates: [(&PrivateKey, &[u8]); 3] = [
        (&k2048, fixture!("rsa2048", "ct.pkcs1v15.bin")),
        (&k3072, fixture!("rsa3072", "ct.pkcs1v15.bin")),
        (&k4096, fixture!("rsa4096", "ct.pkcs1v15.bin")),
    ];
    for (key, input) in privates {
        let k = key.size();
        b.run("private", k * 8, 0, &mut || {
            key.raw_private(input, &mut out[..k]).unwrap();
        });
    }
    core::hint::black_box(&out);
    // Verification of a SHA-256 digest (issue 15: the cost of the hardened
    // verdicts): RSAVP1 and the check of the encoding.
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(fixture!("rsa2048", "msg.bin"));
    let prefix = rsa_cortex_m::pkcs1v15::DigestInfoPrefix::new::<Sha256>();
    let public = k2048.as_public_key();
    b.run("verify-pkcs1v15", 2048, 65537, &mut || {
        let sig = fixture!("rsa2048", "sig.pkcs1v15.sha256.bin");
        rsa_cortex_m::pkcs1v15::verify_prehash(public, prefix.as_bytes(), &digest, sig).unwrap();
    });
    b.run("verify-pss", 2048, 65537, &mut || {
        let sig = fixture!("rsa2048", "sig.pss.sha256.salt32.bin");
        rsa_cortex_m::pss::verify_prehash::<_, Sha256>(public, &digest, sig, Some(32)).unwrap();
    });
}

/// The rows that fit the micro:bit's 16 KiB of RAM: `Max2048` keys (1840
/// bytes each, loaded one at a time), public 2048 (e = 65537 and 3),
/// private 1024 and 2048.
#[cfg(fw_small_ram)]
#[inline(never)]
fn rows(b: &mut Bench) {
    type Key = rsa_cortex_m::BoundedPrivateKey<rsa_cortex_m::Max2048>;
    let mut out = [0u8; 256];
    let publics: [(&[u8], &[u8], u32); 2] = [
        (
            key!("rsa2048"),
            fixture!("rsa2048", "sig.pkcs1v15.sha256.bin"),
            65537,
        ),
        (
            key!("rsa2048_e3"),
            fixture!("rsa2048_e3", "sig.pkcs1v15.sha256.bin"),
            3,
        ),
    ];
    for (der, input, e) in publics {
        let key = Key::from_pkcs1_der(der).unwrap();
        let k = key.size();
        let public = key.as_public_key();
        b.run("public", k * 8, e, &mut || {
            public.raw_public(input, &mut out[..k]).unwrap();
        });
    }
    let privates: [(&[u8], &[u8]); 2] = [
        (key!("rsa1024"), fixture!("rsa1024", "ct.pkcs1v15.bin")),
        (key!("rsa2048"), fixture!("rsa2048", "ct.pkcs1v15.bin")),
    ];
    for (der, input) in privates {
        let key = Key::from_pkcs1_der(der).unwrap();
        let k = key.size();
        b.run("private", k * 8, 0, &mut || {
            key.raw_private(input, &mut out[..k]).unwrap();
        });
    }
    core::hint::black_box(&out);
}

/// The constant-time inversion (issue 23) of a random value modulo a
/// random odd modulus of 1024, 2048 and 4096 bits: the blinding factor's
/// inverse is the 2048-bit case.
#[cfg(not(fw_small_ram))]
#[inline(never)]
fn inversion_rows(b: &mut Bench, rng: &mut Rng) {
    use rsa_cortex_m::arith::inv::{inv_mod, inv_work_limbs};
    const L: usize = 128;
    let mut n = [0 as Limb; L];
    let mut a = [0 as Limb; L];
    let mut out = [0 as Limb; L];
    let mut work = [0 as Limb; inv_work_limbs(L)];
    for l in [32, 64, 128] {
        let (n, a, out) = (&mut n[..l], &mut a[..l], &mut out[..l]);
        rng.modulus(n);
        n[l - 1] |= 0x8000_0000;
        rng.below(a, n);
        let mut ok = 0;
        b.run("inverse", 32 * l, 0, &mut || {
            ok = inv_mod(out, a, n, &mut work);
        });
        // Whether this a is invertible changes nothing: constant time.
        core::hint::black_box((&out, ok));
    }
}

/// Key generation (issue 8): 2048 bits, e = 65537, from fixed seeds. The
/// time depends on how many candidates each seed's stream rejects.
#[cfg(fw_keygen)]
#[inline(never)]
fn keygen_rows(b: &mut Bench) {
    for seed in 1..=KEYGEN_SEEDS {
        let mut rng = Rng(0x6b65_7967_656e_0000 ^ seed);
        let mut key = None;
        b.run(KEYGEN_NAMES[seed as usize - 1], 2048, 65537, &mut || {
            key = Some(PrivateKey::new(&mut rng, 2048));
        });
        match key {
            Some(Ok(k)) if k.size() == 256 => {}
            _ => panic!("key generation failed"),
        }
    }
}
