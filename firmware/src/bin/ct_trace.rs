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
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use rsa_cortex_m::pkcs1::DecodeRsaPrivateKey;
use rsa_cortex_m::pkcs1v15::{self, DigestInfoPrefix};
/// The fixed-capacity key of the default capacity (no heap).
type PrivateKey = rsa_cortex_m::BoundedPrivateKey<rsa_cortex_m::Max4096>;
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

const KEYS: [Key; 9] = [
    key!("rsa2048_0", "fixtures/rsa2048/private.pkcs1.der"),
    key!("rsa2048_1", "ct-trace/rsa2048_1.pkcs1.der"),
    key!("rsa2048_2", "ct-trace/rsa2048_2.pkcs1.der"),
    key!("rsa3072_0", "fixtures/rsa3072/private.pkcs1.der"),
    key!("rsa3072_1", "ct-trace/rsa3072_1.pkcs1.der"),
    key!("rsa3072_2", "ct-trace/rsa3072_2.pkcs1.der"),
    key!("rsa4096_0", "fixtures/rsa4096/private.pkcs1.der"),
    key!("rsa4096_1", "ct-trace/rsa4096_1.pkcs1.der"),
    key!("rsa4096_2", "ct-trace/rsa4096_2.pkcs1.der"),
];

/// The public length of every decrypted message (see the module docs).
const MESSAGE_LEN: usize = 48;

/// xorshift64*, seeded alike for every key: the blinding's draws.
struct CtRng(u64);

impl rand_core::TryRng for CtRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        Ok((self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32)
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
/// 2048-bit key, three in a row: the first draws the key's blinding pair
/// (`sign-blinded-fresh`), the next two square it (`sign-blinded-cached`).
/// Each kind is compared across keys and messages.
#[inline(never)]
fn blinded_signs(id: &mut u32, failures: &mut u32) {
    let prefix = DigestInfoPrefix::new::<Sha256>();
    for key in KEYS.iter().take(3) {
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

/// The constant-time inversion (issue 23) at 2048 bits: modulo each
/// 2048-bit key's `n`, the inverses of four of its ciphertexts, of 1 and
/// of 0 (not invertible); each checked outside its region (verdict,
/// `1⁻¹ = 1`, `(a⁻¹)⁻¹ = a`).
#[inline(never)]
fn inversions(id: &mut u32, failures: &mut u32) {
    use rsa_cortex_m::arith::inv::{inv_mod, inv_work_limbs};
    use rsa_cortex_m::arith::{limbs, Limb};
    const L: usize = 64;
    let mut work = [0 as Limb; inv_work_limbs(L)];
    for key in KEYS.iter().filter(|k| k.cts[0].len() == 4 * L) {
        let mut n = [0 as Limb; L];
        let mut bytes = [0u8; 4 * L];
        let loaded = PrivateKey::from_pkcs1_der(key.der)
            .map(|sk| sk.as_public_key().write_n_be(&mut bytes).is_ok());
        if loaded != Ok(true) {
            *failures += 1;
            continue;
        }
        limbs::from_be_bytes(&mut n, &bytes);
        for i in 0..6usize {
            let mut a = [0 as Limb; L];
            match i {
                0..=3 => {
                    limbs::from_be_bytes(&mut a, key.cts[i + 1]);
                }
                4 => a[0] = 1,
                _ => {}
            }
            let mut inv = [0 as Limb; L];
            hprintln!("ct-region {} inverse {} {} {}", *id, 32 * L, key.name, i);
            bench_start(*id);
            let ok = inv_mod(&mut inv, &a, &n, &mut work);
            bench_stop(*id);
            *id += 1;
            let mut back = [0 as Limb; L];
            let ok_back = inv_mod(&mut back, &inv, &n, &mut work);
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

#[entry]
fn main() -> ! {
    let mut id = 0u32;
    let mut failures = 0u32;
    let prefix = DigestInfoPrefix::new::<Sha256>();
    // Canary: a deliberate data-dependent branch on two inputs. Its two
    // traces must differ, or the check is not seeing control flow.
    for (i, secret) in [0x0fu32, 0xf0].into_iter().enumerate() {
        hprintln!("ct-region {} canary 0 - {}", id, i);
        canary(id, secret);
        id += 1;
    }
    for key in KEYS.iter() {
        let sk = match PrivateKey::from_pkcs1_der(key.der) {
            Ok(k) => k,
            Err(_) => {
                hprintln!("ct-trace: {} does not load", key.name);
                failures += 1;
                continue;
            }
        };
        let k = sk.size();
        let bits = k * 8;
        for i in 0..5u8 {
            let msg = [0x5a ^ i; 32];
            let mut sig = [0u8; 512];
            hprintln!("ct-region {} sign {} {} {}", id, bits, key.name, i);
            bench_start(id);
            let hashed = Sha256::digest(msg);
            let signed =
                pkcs1v15::sign_prehash_into(&sk, prefix.as_bytes(), &hashed, &mut sig[..k]);
            bench_stop(id);
            id += 1;
            let ok = signed.is_ok()
                && pkcs1v15::verify_prehash(
                    sk.as_public_key(),
                    prefix.as_bytes(),
                    &hashed,
                    &sig[..k],
                )
                .is_ok();
            if !ok {
                hprintln!("ct-trace: {} sign {} FAILED", key.name, i);
                failures += 1;
            }
        }
        for (i, ct) in key.cts.iter().enumerate() {
            let mut out = [0u8; 512];
            hprintln!("ct-region {} decrypt {} {} {}", id, bits, key.name, i);
            bench_start(id);
            let result = pkcs1v15::decrypt_into(&sk, ct, &mut out[..k]);
            bench_stop(id);
            id += 1;
            let ok = match result {
                Ok(len) if i < 2 => len == MESSAGE_LEN && &out[..len] == key.msgs[i],
                Ok(len) => len == MESSAGE_LEN,
                Err(_) => false,
            };
            if !ok {
                hprintln!("ct-trace: {} decrypt {} FAILED", key.name, i);
                failures += 1;
            }
        }
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
