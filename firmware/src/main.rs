//! Bare-metal test firmware for QEMU mps2-an386 (Cortex-M4), mps2-an505
//! (Cortex-M33), mps2-an385 (Cortex-M3) and microbit (Cortex-M0), talking
//! through semihosting.
//!
//! 1. Differential test of every kernel of the selected backend
//!    (`rsa_cortex_m::arith::kernels`, the UMAAL assembly on these targets)
//!    against its portable twin (the fused exponentiation kernels against
//!    `sqr`/`mul` and REDC one call at a time), on `ITERATIONS` random inputs per operand
//!    size: 1024, 1536, 2048, 3072 and 4096 bits (32, 48, 64, 96, 128 limbs:
//!    every size with its own assembly path) and 1248 bits (39 limbs, not a
//!    multiple of 256 bits: the generic loops), on the Cortex-M3 also 1 to
//!    6 limbs (the entry paths of its rows); on the micro:bit (16 KiB of RAM, `cfg(fw_small_ram)`) the
//!    operands stop at 512 bits and the iterations are fewer, leaving the
//!    RAM to the known-answer tests (a `Max2048` private key and its load
//!    need about 10 KiB).
//! 2. Known-answer tests from the fixtures (see `kat`).
//!
//! Exits with semihosting status 0 when everything matched, 1 otherwise.
#![no_std]
#![no_main]

mod vectors;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use rsa_cortex_m::arith::{kernels, portable};

mod common;
mod kat;

use common::{neg_inv, Rng};

/// Random inputs per operand size and kernel.
#[cfg(not(fw_small_ram))]
const ITERATIONS: u32 = 10_000;
#[cfg(not(any(fw_small_ram, fw_an385)))]
const SIZES: [usize; 6] = [32, 48, 64, 96, 128, 39];
/// On the Cortex-M3 also 1 to 6 limbs: with 32 and 39, every entry path of
/// the Thumb-2 row (a row of `len` limbs enters its eight-limb loop at limb
/// `−len mod 8`).
#[cfg(fw_an385)]
const SIZES: [usize; 12] = [32, 48, 64, 96, 128, 39, 1, 2, 3, 4, 5, 6];
#[cfg(not(fw_small_ram))]
const MAX: usize = 128;
#[cfg(fw_small_ram)]
const ITERATIONS: u32 = 300;
/// 16 and 7 limbs, and 1 and 2 for the ARMv6-M row's entry paths (a row
/// of `len` limbs runs `len mod 4` single steps before its loop).
#[cfg(fw_small_ram)]
const SIZES: [usize; 4] = [16, 7, 1, 2];
#[cfg(fw_small_ram)]
const MAX: usize = 16;
/// Entries in the `select` table (a 4-bit window).
const ENTRIES: usize = 16;

static mut TABLE: [u32; ENTRIES * MAX] = [0; ENTRIES * MAX];

struct Counts {
    mul: u32,
    sqr: u32,
    redc: u32,
    redc_lazy: u32,
    select: u32,
    window: u32,
}

/// Whether `got` is `want` or `want + n` below `R` (the lazy REDC's two
/// results for a `t` below `n·R`).
fn same_or_plus_n(got: &[u32], want: &[u32], n: &[u32]) -> bool {
    let mut carry = 0u64;
    let mut plus_n = true;
    for ((&g, &w), &m) in got.iter().zip(want).zip(n) {
        let s = w as u64 + m as u64 + carry;
        plus_n &= s as u32 == g;
        carry = s >> 32;
    }
    got == want || (plus_n && carry == 0)
}

fn differential(len: usize, rng: &mut Rng, bad: &mut Counts) {
    let mut a = [0u32; MAX];
    let mut b = [0u32; MAX];
    let mut n = [0u32; MAX];
    let mut t1 = [0u32; 2 * MAX];
    let mut t2 = [0u32; 2 * MAX];
    let mut r1 = [0u32; MAX];
    let mut r2 = [0u32; MAX];
    // SAFETY: single-threaded firmware, no interrupts touch TABLE.
    let table = unsafe { &mut *core::ptr::addr_of_mut!(TABLE) };
    let table = &mut table[..ENTRIES * len];
    let (a, b, n) = (&mut a[..len], &mut b[..len], &mut n[..len]);
    let (t1, t2) = (&mut t1[..2 * len], &mut t2[..2 * len]);
    let (r1, r2) = (&mut r1[..len], &mut r2[..len]);
    let mut n0 = 0;
    for i in 0..ITERATIONS {
        if i.is_multiple_of(16) {
            rng.modulus(n);
            if i.is_multiple_of(256) {
                n.fill(u32::MAX); // R − 1: every carry of the reduction
            }
            n0 = neg_inv(n[0]);
        }
        if i.is_multiple_of(64) {
            rng.fill(table);
        }
        rng.below(a, n);
        rng.below(b, n);
        if i % 64 == 11 {
            // The largest operand: the longest carry chains.
            a.copy_from_slice(n);
            a[0] -= 1;
        }

        // mul
        portable::mul(t1, a, b);
        t2.fill(0xa5a5_a5a5);
        kernels::mul(t2, a, b);
        if t1 != t2 {
            bad.mul += 1;
        }
        // redc of a·b (< n²) and, every 8th time, of extreme inputs.
        let mut t3 = [0u32; 2 * MAX];
        let t3 = &mut t3[..2 * len];
        match i % 8 {
            0 => {
                // n·R − 1: top half n − 1, low half all ones.
                t1[..len].fill(u32::MAX);
                t1[len..].copy_from_slice(n);
                t1[len] -= 1;
            }
            1 => t1.fill(0),
            _ => {}
        }
        t3.copy_from_slice(t1);
        t2.copy_from_slice(t1);
        portable::redc(r1, t1, n, n0);
        r2.fill(0x5a5a_5a5a);
        kernels::redc(r2, t3, n, n0);
        if r1 != r2 {
            bad.redc += 1;
        }
        r2.fill(0x6969_6969);
        kernels::redc_lazy(r2, t2, n, n0);
        if !same_or_plus_n(r2, r1, n) {
            bad.redc_lazy += 1;
        }
        if i % 8 == 3 {
            window(a, b, n, n0, (i as usize / 8) % 6, (t1, t2), (r1, r2), bad);
        }
        // sqr
        portable::sqr(t1, a);
        t2.fill(0x3c3c_3c3c);
        kernels::sqr(t2, a);
        if t1 != t2 {
            bad.sqr += 1;
        }
        // select
        let index = (rng.next_u32() as usize) % ENTRIES;
        portable::select(r1, table, index);
        r2.fill(0x0f0f_0f0f);
        kernels::select(r2, table, index);
        if r1 != r2 {
            bad.select += 1;
        }
        // A smaller table (windows below 4 bits), the index past it every
        // other time (both give zero).
        let index = index % 10;
        portable::select(r1, &table[..8 * len], index);
        r2.fill(0x0f0f_0f0f);
        kernels::select(r2, &table[..8 * len], index);
        if r1 != r2 {
            bad.select += 1;
        }
    }
}

/// The fused exponentiation kernels against `sqr`/`mul` and the full
/// portable REDC one call at a time: `sqr_n_mul_lazy` (`k` squarings of
/// `a` and a product by `b`: one window) and, where the backend runs it
/// in one call, `sqr_run_lazy` (`k + 1` squarings from `a`). Their results
/// are only below `R`, so both sides are compared after a full REDC of
/// the value (equal exactly when they are congruent modulo `n`).
#[allow(clippy::too_many_arguments)]
fn window(
    a: &[u32],
    b: &[u32],
    n: &[u32],
    n0: u32,
    k: usize,
    (t1, t2): (&mut [u32], &mut [u32]),
    (r1, r2): (&mut [u32], &mut [u32]),
    bad: &mut Counts,
) {
    let len = n.len();
    let mut not_n = [0u32; MAX];
    let not_n = &mut not_n[..len];
    for (x, &m) in not_n.iter_mut().zip(n) {
        *x = !m;
    }
    let not_n = kernels::WINDOW_NOT_N.then_some(&*not_n);
    let canonical = |r: &mut [u32], t: &mut [u32]| {
        t[..len].copy_from_slice(r);
        t[len..].fill(0);
        portable::redc(r, t, n, n0);
    };
    // k squarings, then the product by b.
    r1.copy_from_slice(a);
    for _ in 0..k {
        portable::sqr(t1, r1);
        portable::redc(r1, t1, n, n0);
    }
    portable::mul(t1, r1, b);
    portable::redc(r1, t1, n, n0);
    canonical(r1, t1);
    r2.copy_from_slice(a);
    t2.fill(0x7777_7777);
    kernels::sqr_n_mul_lazy(r2, t2, n, n0, k, Some(b), not_n);
    canonical(r2, t2);
    if r1 != r2 {
        bad.window += 1;
    }
    if !kernels::sqr_run_fused(len) {
        return;
    }
    // k + 1 squarings, from a copy (in place every other time) and from a.
    r1.copy_from_slice(a);
    for _ in 0..=k {
        portable::sqr(t1, r1);
        portable::redc(r1, t1, n, n0);
    }
    canonical(r1, t1);
    t2.fill(0x7777_7777);
    if k.is_multiple_of(2) {
        r2.copy_from_slice(a);
        kernels::sqr_run_lazy(r2, None, t2, n, n0, k + 1);
    } else {
        r2.fill(0x5555_5555);
        kernels::sqr_run_lazy(r2, Some(a), t2, n, n0, k + 1);
    }
    canonical(r2, t2);
    if r1 != r2 {
        bad.window += 1;
    }
}

/// Inversions per operand size.
#[cfg(not(fw_small_ram))]
const INVERSIONS: u32 = 60;
#[cfg(fw_small_ram)]
const INVERSIONS: u32 = 12;

/// The constant-time inversion (issue 23; the assembly batches on the fast
/// UMAAL set) against its Rust batches (`inv_mod_portable`), bit for bit,
/// and on its own terms: an invertible verdict must come with `x < n` and
/// `a·x ≡ 1` (both sides through the portable REDC, `REDC(a·x) = REDC(1)`),
/// and `a = 0`, `a = n` and `a = p·r` for `n = p·q` must be refused with
/// `x = 0`; `a = 1` and `a = n − 1` are their own inverses. Returns the
/// mismatches.
fn inversion(len: usize, rng: &mut Rng) -> u32 {
    use rsa_cortex_m::arith::inv::{inv_mod, inv_mod_portable, inv_work_limbs};
    let mut n = [0u32; MAX];
    let mut a = [0u32; MAX];
    let mut x1 = [0u32; MAX];
    let mut x2 = [0u32; MAX];
    let mut t = [0u32; 2 * MAX];
    let mut r1 = [0u32; MAX];
    let mut r2 = [0u32; MAX];
    let mut work = [0u32; inv_work_limbs(MAX)];
    let (n, a, x1, x2) = (&mut n[..len], &mut a[..len], &mut x1[..len], &mut x2[..len]);
    let (t, r1, r2) = (&mut t[..2 * len], &mut r1[..len], &mut r2[..len]);
    let work = &mut work[..inv_work_limbs(len)];
    let mut bad = 0;
    for i in 0..INVERSIONS {
        rng.modulus(n);
        let h = len / 2;
        // Refused by construction (or a = 0 / a = n).
        let mut refuse = false;
        match i % 6 {
            0 => a.fill(0),
            1 => {
                a.fill(0);
                a[0] = 1;
            }
            2 => {
                a.copy_from_slice(n);
                a[0] -= 1; // n odd
            }
            3 => {
                a.copy_from_slice(n);
                refuse = true;
            }
            4 if h > 0 => {
                // n = p·q, a = p·r (p, q, r odd halves).
                let mut p = [0u32; MAX];
                let mut q = [0u32; MAX];
                let mut r = [0u32; MAX];
                let (p, q, r) = (&mut p[..h], &mut q[..h], &mut r[..h]);
                rng.modulus(p);
                rng.modulus(q);
                rng.modulus(r);
                portable::mul(&mut t[..2 * h], p, q);
                n[..2 * h].copy_from_slice(&t[..2 * h]);
                n[2 * h..].fill(0);
                n[0] |= 1;
                portable::mul(&mut t[..2 * h], p, r);
                a[..2 * h].copy_from_slice(&t[..2 * h]);
                a[2 * h..].fill(0);
                refuse = true;
            }
            _ => rng.below(a, n),
        }
        let zero = a.iter().all(|&w| w == 0);
        refuse |= zero && n.iter().skip(1).any(|&w| w != 0) | (n[0] != 1);
        x1.fill(0x5a5a_5a5a);
        x2.fill(0xa5a5_a5a5);
        let ok1 = inv_mod(x1, a, n, work);
        let ok2 = inv_mod_portable(x2, a, n, work);
        if ok1 != ok2 || x1 != x2 || (refuse && ok1 != 0) {
            bad += 1;
            continue;
        }
        if ok1 == 0 {
            bad += u32::from(x1.iter().any(|&w| w != 0));
            continue;
        }
        if (i % 6 == 1 || i % 6 == 2) && x1 != a {
            bad += 1;
        }
        // x < n, then REDC(a·x) = REDC(1).
        let below = x1.iter().zip(n.iter()).rev().fold(0i32, |acc, (&x, &m)| {
            if acc != 0 {
                acc
            } else {
                (x > m) as i32 - (x < m) as i32
            }
        }) < 0;
        let n0 = neg_inv(n[0]);
        portable::mul(t, a, x1);
        portable::redc(r1, t, n, n0);
        t.fill(0);
        t[0] = 1;
        portable::redc(r2, t, n, n0);
        if !below || r1 != r2 {
            bad += 1;
        }
    }
    bad
}

#[entry]
fn main() -> ! {
    let mut failures = 0;
    hprintln!("rsa-cortex-m firmware: selected kernels vs portable");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for &len in SIZES.iter() {
        let mut bad = Counts {
            mul: 0,
            sqr: 0,
            redc: 0,
            redc_lazy: 0,
            select: 0,
            window: 0,
        };
        differential(len, &mut rng, &mut bad);
        let total = bad.mul + bad.sqr + bad.redc + bad.redc_lazy + bad.select + bad.window;
        hprintln!(
            "  {} bits ({} limbs): {} inputs x mul/sqr/redc/redc_lazy/select (windows and squaring runs every 8th): mismatches mul {} sqr {} redc {} redc_lazy {} select {} window {}",
            len * 32,
            len,
            ITERATIONS,
            bad.mul,
            bad.sqr,
            bad.redc,
            bad.redc_lazy,
            bad.select,
            bad.window
        );
        failures += total;
        let inv = inversion(len, &mut rng);
        hprintln!(
            "  {} bits: {} inversions vs the Rust batches and a*x = 1: mismatches {}",
            len * 32,
            INVERSIONS,
            inv
        );
        failures += inv;
    }
    failures += kat::run();
    if failures == 0 {
        hprintln!("firmware: all tests passed");
        debug::exit(debug::EXIT_SUCCESS);
    } else {
        hprintln!("firmware: {} FAILURES", failures);
        debug::exit(debug::EXIT_FAILURE);
    }
    loop {
        cortex_m::asm::wfi();
    }
}
