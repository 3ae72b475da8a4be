//! Instruction-trace firmware for the constant-time check `ci/ct-trace`.
//!
//! Runs, on three keys per size (2048, 3072 and 4096 bits, e = 65537), five
//! PKCS#1 v1.5 signatures (SHA-256 of five different 32-byte messages, the
//! hashing included) and five PKCS#1 v1.5 decryptions with implicit
//! rejection (two valid ciphertexts, three with invalid padding; all five
//! give a 48-byte message, see `examples/ct_trace_inputs.rs`). Each call is
//! one region bracketed by `bench_start(id)` / `bench_stop(id)`, announced as
//! `ct-region <id> <operation> <bits> <key> <input>`; `ci/ct_trace.py`
//! compares the executed instruction addresses of all regions of the same
//! operation and size. Outside the regions every result is checked
//! (signature verifies, valid plaintexts equal the encrypted message,
//! length 48), so the traces are of working operations. Two "canary"
//! regions first run a deliberate branch on a value: their traces must
//! differ (proof that the check sees data-dependent control flow). Last,
//! blinded signatures with the 2048-bit keys (see [`blinded_signs`]) and
//! the constant-time modular inversion at 2048 bits (see [`inversions`]):
//! three moduli × six inputs, invertible or not.
//!
//! On the micro:bit (`cfg(fw_small_ram)`, 16 KiB of RAM) the keys are
//! `Max2048` and only the 2048-bit keys are traced. The `quick` feature
//! (`ci/ct-trace --quick`, the M0 and M3 runs of `ci/ct`) traces a reduced
//! set instead: two 1024-bit keys, two inputs per operation (decryption:
//! one valid and one invalid padding per key, a different kind of each),
//! the blinded signatures and the inversions with those two keys.
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use rsa_cortex_m::pkcs1::DecodeRsaPrivateKey;
use rsa_cortex_m::pkcs1v15::{self, DigestInfoPrefix};
/// The fixed-capacity key (no heap): `Max2048` in the micro:bit's 16 KiB.
#[cfg(not(fw_small_ram))]
type PrivateKey = rsa_cortex_m::BoundedPrivateKey<rsa_cortex_m::Max4096>;
#[cfg(fw_small_ram)]
type PrivateKey = rsa_cortex_m::BoundedPrivateKey<rsa_cortex_m::Max2048>;
/// The largest `k` (bytes of `n`) traced, the size of the output buffers.
#[cfg(not(fw_small_ram))]
const K_MAX: usize = 512;
#[cfg(fw_small_ram)]
const K_MAX: usize = 256;
use sha2::{Digest, Sha256};

#[path = "../regions.rs"]
mod regions;
use regions::{bench_start, bench_stop};

macro_rules! data {
    ($($part:expr),+) => {
        include_bytes!(concat!("../../../tests/data/", $($part),+))
    };
}

macro_rules! inputs {
    ($key:literal) => {
        [
            data!("ct-trace/", $key, ".ct0.bin"),
            data!("ct-trace/", $key, ".ct1.bin"),
            data!("ct-trace/", $key, ".ct2.bin"),
            data!("ct-trace/", $key, ".ct3.bin"),
            data!("ct-trace/", $key, ".ct4.bin"),
        ]
    };
}

struct Key {
    name: &'static str,
    der: &'static [u8],
    cts: [&'static [u8]; 5],
    msgs: [&'static [u8]; 2],
}

macro_rules! key {
    ($name:literal, $der:literal) => {
        Key {
            name: $name,
            der: data!($der),
            cts: inputs!($name),
            msgs: [
                data!("ct-trace/", $name, ".msg0.bin"),
                data!("ct-trace/", $name, ".msg1.bin"),
            ],
        }
    };
}

static KEYS_2048: [Key; 3] = [
    key!("rsa2048_0", "fixtures/rsa2048/private.pkcs1.der"),
    key!("rsa2048_1", "ct-trace/rsa2048_1.pkcs1.der"),
    key!("rsa2048_2", "ct-trace/rsa2048_2.pkcs1.der"),
];

#[cfg(not(fw_small_ram))]
static KEYS_LARGER: [Key; 6] = [
    key!("rsa3072_0", "fixtures/rsa3072/private.pkcs1.der"),
    key!("rsa3072_1", "ct-trace/rsa3072_1.pkcs1.der"),
    key!("rsa3072_2", "ct-trace/rsa3072_2.pkcs1.der"),
    key!("rsa4096_0", "fixtures/rsa4096/private.pkcs1.der"),
    key!("rsa4096_1", "ct-trace/rsa4096_1.pkcs1.der"),
    key!("rsa4096_2", "ct-trace/rsa4096_2.pkcs1.der"),
];
/// No key above `Max2048` on the micro:bit.
#[cfg(fw_small_ram)]
static KEYS_LARGER: [Key; 0] = [];

/// The reduced set's keys (`quick`).
static KEYS_1024: [Key; 2] = [
    key!("rsa1024_0", "fixtures/rsa1024/private.pkcs1.der"),
    key!("rsa1024_1", "ct-trace/rsa1024_1.pkcs1.der"),
];

/// The reduced set of the `quick` feature (see the module docs).
const QUICK: bool = cfg!(feature = "quick");

/// The keys of the smallest size traced; the blinded signatures and the
/// inversions use them.
fn keys_smallest() -> &'static [Key] {
    if QUICK {
        &KEYS_1024
    } else {
        &KEYS_2048
    }
}

/// Every key traced, by size.
fn keys() -> impl Iterator<Item = &'static Key> {
    let larger: &'static [Key] = if QUICK { &[] } else { &KEYS_LARGER };
    keys_smallest().iter().chain(larger)
}

/// The signed messages' indices.
fn sign_inputs() -> &'static [u8] {
    // black_box: a loop over a constant two-element slice would be
    // unrolled, and each region would call the operation from another site.
    core::hint::black_box(if QUICK { &[0, 1] } else { &[0, 1, 2, 3, 4] })
}

/// The ciphertexts decrypted with the `j`-th key traced: all five, or
/// with `quick` a valid one and an invalid one (random representative for
/// the first key, block type 01 for the second).
fn decrypt_inputs(j: usize) -> &'static [usize] {
    core::hint::black_box(match (QUICK, j % 2) {
        (false, _) => &[0, 1, 2, 3, 4],
        (true, 0) => &[0, 2],
        (true, _) => &[1, 3],
    })
}

/// The public length of every decrypted message (see the module docs).
const MESSAGE_LEN: usize = 48;

/// xorshift64, seeded alike for every key: the blinding's draws. No
/// multiply: on the M3 a `UMULL` in a region fails `ci/ct-trace --m3`.
struct CtRng(u64);

impl rand_core::TryRng for CtRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        Ok((self.0 >> 32) as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let hi = self.try_next_u32()?;
        Ok(u64::from(hi) << 32 | u64::from(self.try_next_u32()?))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for b in dst.iter_mut() {
            *b = self.try_next_u32()? as u8;
        }
        Ok(())
    }
}

impl rand_core::TryCryptoRng for CtRng {}

/// Blinded PKCS#1 v1.5 signatures (base and exponent blinding) with each
/// key of the smallest size traced, three in a row: the first draws the key's blinding pair
/// (`sign-blinded-fresh`), the next two square it (`sign-blinded-cached`).
/// Each kind is compared across keys and messages.
#[inline(never)]
fn blinded_signs(id: &mut u32, failures: &mut u32) {
    let prefix = DigestInfoPrefix::new::<Sha256>();
    for key in keys_smallest() {
        let Ok(sk) = PrivateKey::from_pkcs1_der(key.der) else {
            continue; // reported by the unblinded rows
        };
        let k = sk.size();
        let mut rng = CtRng(0x6374_2d62_6c69_6e64);
        for i in 0..3u8 {
            let hashed = Sha256::digest([0xa5 ^ i; 32]);
            let mut sig = [0u8; 256];
            let op = if i == 0 { "fresh" } else { "cached" };
            hprintln!(
                "ct-region {} sign-blinded-{} {} {} {}",
                *id,
                op,
                8 * k,
                key.name,
                i
            );
            bench_start(*id);
            let signed = pkcs1v15::sign_prehash_blinded_into(
                &sk,
                &mut rng,
                prefix.as_bytes(),
                &hashed,
                &mut sig[..k],
            );
            bench_stop(*id);
            *id += 1;
            let ok = signed.is_ok()
                && pkcs1v15::verify_prehash(
                    sk.as_public_key(),
                    prefix.as_bytes(),
                    &hashed,
                    &sig[..k],
                )
                .is_ok();
            if !ok {
                hprintln!("ct-trace: {} blinded sign {} FAILED", key.name, i);
                *failures += 1;
            }
        }
    }
}

/// The constant-time inversion (issue 23) at the smallest size traced:
/// modulo each such key's `n`, the inverses of four of its ciphertexts, of
/// 1 and of 0 (not invertible); each checked outside its region (verdict,
/// `1⁻¹ = 1`, `(a⁻¹)⁻¹ = a`).
#[inline(never)]
fn inversions(id: &mut u32, failures: &mut u32) {
    use rsa_cortex_m::arith::inv::{inv_mod, inv_work_limbs};
    use rsa_cortex_m::arith::{limbs, Limb};
    const L_MAX: usize = 64;
    let mut work = [0 as Limb; inv_work_limbs(L_MAX)];
    for key in keys_smallest() {
        let l = key.cts[0].len() / 4;
        let work = &mut work[..inv_work_limbs(l)];
        let mut n = [0 as Limb; L_MAX];
        let mut bytes = [0u8; 4 * L_MAX];
        let loaded = PrivateKey::from_pkcs1_der(key.der)
            .map(|sk| sk.as_public_key().write_n_be(&mut bytes[..4 * l]).is_ok());
        if loaded != Ok(true) {
            *failures += 1;
            continue;
        }
        let n = &mut n[..l];
        limbs::from_be_bytes(n, &bytes[..4 * l]);
        for i in 0..6usize {
            let mut a = [0 as Limb; L_MAX];
            let a = &mut a[..l];
            match i {
                0..=3 => {
                    limbs::from_be_bytes(a, key.cts[i + 1]);
                }
                4 => a[0] = 1,
                _ => {}
            }
            let mut inv = [0 as Limb; L_MAX];
            let inv = &mut inv[..l];
            hprintln!("ct-region {} inverse {} {} {}", *id, 32 * l, key.name, i);
            bench_start(*id);
            let ok = inv_mod(inv, a, n, work);
            bench_stop(*id);
            *id += 1;
            let mut back = [0 as Limb; L_MAX];
            let back = &mut back[..l];
            let ok_back = inv_mod(back, inv, n, work);
            let good = match i {
                5 => ok == 0 && inv.iter().all(|&w| w == 0),
                _ => ok == 1 && ok_back == 1 && back == a && (i != 4 || inv == a),
            };
            if !good {
                hprintln!("ct-trace: {} inverse {} FAILED", key.name, i);
                *failures += 1;
            }
        }
    }
}

/// One canary region: the same code for every input but for `leaky`'s
/// branches.
#[inline(never)]
fn canary(id: u32, secret: u32) {
    bench_start(id);
    core::hint::black_box(leaky(core::hint::black_box(secret)));
    bench_stop(id);
}

#[inline(never)]
fn step(acc: u32, i: u32) -> u32 {
    core::hint::black_box(acc.wrapping_mul(3).wrapping_add(i))
}

/// Branches on every bit of `x` (the canary's leak): a call per set bit.
#[inline(never)]
fn leaky(x: u32) -> u32 {
    let mut acc = 0u32;
    for i in 0..8 {
        if (x >> i) & 1 == 1 {
            acc = step(acc, i);
        }
    }
    acc
}

/// The signing and decryption regions of one key (the `j`-th traced).
/// Out of line, as the other region groups: their frames (a key each) do
/// not add up on the micro:bit's stack.
#[inline(never)]
fn key_regions(key: &Key, j: usize, id: &mut u32, failures: &mut u32) {
    let prefix = DigestInfoPrefix::new::<Sha256>();
    let sk = match PrivateKey::from_pkcs1_der(key.der) {
        Ok(k) => k,
        Err(_) => {
            hprintln!("ct-trace: {} does not load", key.name);
            *failures += 1;
            return;
        }
    };
    let k = sk.size();
    let bits = k * 8;
    for &i in sign_inputs() {
        let msg = [0x5a ^ i; 32];
        let mut sig = [0u8; K_MAX];
        hprintln!("ct-region {} sign {} {} {}", *id, bits, key.name, i);
        bench_start(*id);
        let hashed = Sha256::digest(msg);
        let signed = pkcs1v15::sign_prehash_into(&sk, prefix.as_bytes(), &hashed, &mut sig[..k]);
        bench_stop(*id);
        *id += 1;
        let ok = signed.is_ok()
            && pkcs1v15::verify_prehash(sk.as_public_key(), prefix.as_bytes(), &hashed, &sig[..k])
                .is_ok();
        if !ok {
            hprintln!("ct-trace: {} sign {} FAILED", key.name, i);
            *failures += 1;
        }
    }
    for &i in decrypt_inputs(j) {
        let ct = key.cts[i];
        let mut out = [0u8; K_MAX];
        hprintln!("ct-region {} decrypt {} {} {}", *id, bits, key.name, i);
        bench_start(*id);
        let result = pkcs1v15::decrypt_into(&sk, ct, &mut out[..k]);
        bench_stop(*id);
        *id += 1;
        let ok = match result {
            Ok(len) if i < 2 => len == MESSAGE_LEN && &out[..len] == key.msgs[i],
            Ok(len) => len == MESSAGE_LEN,
            Err(_) => false,
        };
        if !ok {
            hprintln!("ct-trace: {} decrypt {} FAILED", key.name, i);
            *failures += 1;
        }
    }
}

#[entry]
fn main() -> ! {
    let mut id = 0u32;
    let mut failures = 0u32;
    // Canary: a deliberate data-dependent branch on two inputs. Its two
    // traces must differ, or the check is not seeing control flow.
    for (i, secret) in [0x0fu32, 0xf0].into_iter().enumerate() {
        hprintln!("ct-region {} canary 0 - {}", id, i);
        canary(id, secret);
        id += 1;
    }
    for (j, key) in keys().enumerate() {
        key_regions(key, j, &mut id, &mut failures);
    }
    blinded_signs(&mut id, &mut failures);
    inversions(&mut id, &mut failures);
    hprintln!("ct-trace-done {} {}", id, failures);
    debug::exit(if failures == 0 {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}
