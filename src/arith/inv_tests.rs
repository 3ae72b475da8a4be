//! The constant-time inversion against num-bigint's `modinv` and gcd.

extern crate std;
use super::*;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::One;
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::{vec, vec::Vec};

fn to_big(x: &[Limb]) -> BigUint {
    BigUint::from_slice(x)
}

fn from_big(x: &BigUint, l: usize) -> Vec<Limb> {
    let mut v = x.to_u32_digits();
    v.resize(l, 0);
    v
}

/// Checks `inv_mod(a, n)` (radix 2⁶² on 64-bit targets) and
/// `inv_mod_portable(a, n)` (radix 2³⁰) against num-bigint; returns whether
/// invertible.
fn check(a: &[Limb], n: &[Limb]) -> bool {
    let invertible = check_with(a, n, inv_mod, used::<Native>(n.len()));
    assert_eq!(
        check_with(a, n, inv_mod_portable, used::<i32>(n.len())),
        invertible
    );
    invertible
}

/// Work limbs an inversion of `l` limbs in radix `2^S::BATCH` uses.
fn used<S: Digit>(l: usize) -> usize {
    5 * digits::<S>(l) * S::LIMBS
}

type Inv = fn(&mut [Limb], &[Limb], &[Limb], &mut [Limb]) -> Limb;

fn check_with(a: &[Limb], n: &[Limb], inv: Inv, used: usize) -> bool {
    let l = n.len();
    let mut out = vec![0x5a5a_5a5a; l];
    let mut work = vec![0xa5a5_a5a5; inv_work_limbs(l) + 3];
    let ok = inv(&mut out, a, n, &mut work);
    let (bn, ba) = (to_big(n), to_big(a));
    let want = ba.modinv(&bn);
    let invertible = ba.gcd(&bn).is_one();
    assert_eq!(ok, invertible as Limb, "a = {ba:x}, n = {bn:x}");
    match want {
        Some(w) if invertible => assert_eq!(to_big(&out), w, "a = {ba:x}, n = {bn:x}"),
        _ => assert!(out.iter().all(|&w| w == 0)),
    }
    // The used part is wiped, the rest untouched.
    assert!(used <= inv_work_limbs(l));
    assert!(work[..used].iter().all(|&w| w == 0));
    assert!(work[used..].iter().all(|&w| w == 0xa5a5_a5a5));
    invertible
}

fn random(rng: &mut StdRng, l: usize) -> Vec<Limb> {
    (0..l).map(|_| rng.next_u32()).collect()
}

/// Every length the key sizes use (moduli of 512 to 4096 bits, CRT halves
/// of 256 to 2048), short ones, random and edge operands.
#[test]
fn matches_num_bigint() {
    let mut rng = StdRng::from_seed([23; 32]);
    for l in [1usize, 2, 3, 5, 8, 12, 16, 24, 32, 48, 64, 96, 128] {
        let rounds = if l >= 64 { 6 } else { 20 };
        for i in 0..rounds {
            let mut n = random(&mut rng, l);
            n[0] |= 1;
            if i % 2 == 0 {
                n[l - 1] |= 1 << 31; // full length; odd rounds: any top bit
            }
            let bn = to_big(&n);
            let mut a = random(&mut rng, l);
            match i {
                0 => a = from_big(&BigUint::one(), l),
                1 => a = from_big(&(&bn - 1u8), l),
                2 => a = n.clone(),                 // gcd = n
                3 => a = vec![Limb::MAX; l],        // a ≥ n
                4 => a = from_big(&(&bn - 2u8), l), // n − 2
                5 => a = from_big(&(BigUint::one() << (32 * l - 1)), l),
                _ => {}
            }
            check(&a, &n);
        }
        // The all-ones modulus and zero.
        let n = vec![Limb::MAX; l];
        check(&from_big(&BigUint::from(3u8), l), &n);
        assert!(!check(&vec![0; l], &n));
    }
}

/// Common factors are reported, not inverted: `n = 3·m` and `a = 3·x`.
#[test]
fn not_invertible() {
    let mut rng = StdRng::from_seed([5; 32]);
    for l in [1usize, 4, 32, 64] {
        for _ in 0..4 {
            let m = to_big(&random(&mut rng, l)) >> 2u8 | BigUint::one();
            let x = to_big(&random(&mut rng, l)) >> 2u8;
            let n = from_big(&(&m * 3u8), l);
            let a = from_big(&(&x * 3u8), l);
            assert!(!check(&a, &n));
        }
    }
    assert!(check(&[7], &[15]));
    assert!(!check(&[6], &[15]));
    assert!(!check(&[0], &[15]));
    // n = 1: every a is its own (zero) inverse.
    assert!(check(&[0], &[1]));
}

/// Batches of divsteps against the definition, one step at a time on big
/// integers (the word-level matrix and the big-number updates together).
#[test]
fn batch_matches_divstep_definition() {
    for l in [1, 2, 4, 7] {
        batch_matches_divstep::<i32>(l);
        batch_matches_divstep::<i64>(l);
    }
}

fn batch_matches_divstep<S: Digit>(l: usize)
where
    S::Wide: Into<num_bigint::BigInt>,
{
    use num_bigint::BigInt;
    let mut rng = StdRng::from_seed([11; 32]);
    let k = digits::<S>(l);
    let kl = k * S::LIMBS;
    for _ in 0..50 {
        let mut n = random(&mut rng, l);
        n[0] |= 1;
        let a = random(&mut rng, l);
        let (mut f, mut g) = (vec![0; kl], vec![0; kl]);
        to_digits::<S>(&mut f, &n);
        to_digits::<S>(&mut g, &a);
        let (mut bf, mut bg) = (BigInt::from(to_big(&n)), BigInt::from(to_big(&a)));
        let mut delta = 1i32;
        let mut bdelta = 1i64;
        for _ in 0..batches::<S>(l) {
            let t = divsteps(&mut delta, S::load(&f, 0), S::load(&g, 0));
            update_fg(&mut f, &mut g, t);
            for _ in 0..S::BATCH {
                if bdelta > 0 && bg.is_odd() {
                    (bdelta, bf, bg) = (1 - bdelta, bg.clone(), (&bg - &bf) >> 1u8);
                } else {
                    let add = if bg.is_odd() {
                        bf.clone()
                    } else {
                        BigInt::ZERO
                    };
                    (bdelta, bg) = (1 + bdelta, (&bg + add) >> 1u8);
                }
            }
            assert_eq!(i64::from(delta), bdelta);
            assert_eq!(signed::<S>(&f), bf);
            assert_eq!(signed::<S>(&g), bg);
        }
        assert_eq!(signed::<S>(&g), BigInt::ZERO);
    }

    fn signed<S: Digit>(x: &[Limb]) -> BigInt
    where
        S::Wide: Into<BigInt>,
    {
        (0..x.len() / S::LIMBS).rev().fold(BigInt::ZERO, |acc, i| {
            (acc << S::BATCH) + S::load(x, i).widen().into()
        })
    }
}

/// Radix 2⁶² against radix 2³⁰, bit for bit (the inverse, the verdict,
/// the wiped work area), each also against num-bigint: every length from
/// 1 to 256 limbs (on 64-bit targets; the key sizes' lengths elsewhere),
/// odd moduli of every top bit, random and edge operands (0, 1, n − 1,
/// n − 2, n, a ≥ n, a power of two, a common factor).
#[test]
fn radix62_matches_radix30() {
    let mut rng = StdRng::from_seed([62; 32]);
    let lengths: Vec<usize> = if cfg!(target_pointer_width = "64") {
        (1..=256).collect()
    } else {
        vec![1, 2, 3, 4, 5, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256]
    };
    for l in lengths {
        let rounds = if l > 96 { 4 } else { 10 };
        for i in 0..rounds {
            let mut n = random(&mut rng, l);
            n[0] |= 1;
            // Short moduli too: top limbs cleared down to a random length.
            let top = rng.next_u32() as usize % l;
            if i % 3 == 1 {
                n[top + 1..].fill(0);
            }
            if i % 3 == 0 {
                n[l - 1] |= 1 << 31;
            }
            if i == 6 {
                // A common factor 3: n = 3·m, a = 3·x below.
                n = from_big(&((to_big(&n) >> 2u8 | BigUint::one()) * 3u8), l);
            }
            let bn = to_big(&n);
            let a = match i {
                0 => vec![0; l],
                1 => from_big(&BigUint::one(), l),
                2 => from_big(&(&bn - 1u8), l),
                3 => from_big(&(BigUint::one() << (rng.next_u32() as usize % (32 * l))), l),
                4 => n.clone(),
                5 => vec![Limb::MAX; l],
                6 => from_big(&((to_big(&random(&mut rng, l)) >> 2u8) * 3u8), l),
                7 if bn > BigUint::from(2u8) => from_big(&(&bn - 2u8), l),
                _ => random(&mut rng, l),
            };
            // Each against num-bigint (so the two agree bit for bit: one
            // inverse, or zero), each wiping exactly its own work area.
            let radix62: Inv = |out, a, n, work| inv_mod_with::<i64>(out, a, n, work, run_batches);
            let ok62 = check_with(&a, &n, radix62, used::<i64>(l));
            let ok30 = check_with(&a, &n, inv_mod_portable, used::<i32>(l));
            assert_eq!(ok62, ok30, "l {l} round {i}");
        }
    }
}

/// The work area holds both radixes for every length.
#[test]
fn work_limbs_hold_both_radixes() {
    for l in 1..=1024 {
        assert!(used::<i32>(l) <= inv_work_limbs(l), "{l}");
        assert!(used::<i64>(l) <= inv_work_limbs(l), "{l}");
    }
}

/// The batches (the assembly on the fast UMAAL set, else the Rust itself)
/// against the Rust reference on the state of real inversions, every
/// batch compared: random and edge operands (0, 1, n − 1, a power of two:
/// `g ≡ 0 mod 2³⁰`, so `u = 2³⁰`), both parities of the digit count.
#[test]
fn kernels_match_reference() {
    let mut rng = StdRng::from_seed([30; 32]);
    for l in [1usize, 2, 3, 4, 5, 32, 48, 64, 96, 128] {
        let k = digits::<i32>(l);
        for round in 0..8 {
            let mut n = random(&mut rng, l);
            n[0] |= 1;
            let bn = to_big(&n);
            let a = match round {
                0 => vec![0; l],
                1 => from_big(&BigUint::one(), l),
                2 => from_big(&(&bn - 1u8), l),
                3 => from_big(&(BigUint::one() << (32 * l - 1)), l),
                _ => random(&mut rng, l),
            };
            let mut w = vec![0; 5 * k];
            to_digits::<i32>(&mut w[4 * k..], &n);
            to_digits::<i32>(&mut w[k..2 * k], &a);
            w.copy_within(4 * k.., 0);
            w[3 * k] = 1;
            let ninv = i32::ninv(&n);
            let (mut w1, mut w2) = (w.clone(), w);
            let (mut d1, mut d2) = (1i32, 1i32);
            for b in 0..batches::<i32>(l) {
                run_batches(&mut w1, k, ninv, &mut d1, 1);
                kernels::run_batches(&mut w2, k, ninv, &mut d2, 1);
                assert_eq!((d1, &w1), (d2, &w2), "l {l} round {round} batch {b}");
            }
            // Several batches in one call.
            run_batches(&mut w1, k, ninv, &mut d1, 3);
            kernels::run_batches(&mut w2, k, ninv, &mut d2, 3);
            assert_eq!((d1, &w1), (d2, &w2), "l {l} round {round}");
        }
    }
}

/// Times `inv_mod` and `inv_mod_portable` at 1024, 2048 and 4096 bits
/// (fastest and median call):
/// `cargo test --release --lib inv_timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn inv_timing() {
    use std::time::Instant;
    let mut rng = StdRng::from_seed([62; 32]);
    for bits in [1024usize, 2048, 4096] {
        let l = bits / 32;
        let mut n = random(&mut rng, l);
        n[0] |= 1;
        n[l - 1] |= 1 << 31;
        let a = random(&mut rng, l);
        let mut out = vec![0; l];
        let mut work = vec![0; inv_work_limbs(l)];
        let fns: [(&str, Inv); 2] = [("inv_mod", inv_mod), ("inv_mod_portable", inv_mod_portable)];
        for (name, f) in fns {
            let mut times: Vec<f64> = (0..std::env::var("INV_TIMING_RUNS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(200))
                .map(|_| {
                    let t = Instant::now();
                    std::hint::black_box(f(&mut out, &a, &n, &mut work));
                    t.elapsed().as_secs_f64() * 1e6
                })
                .collect();
            times.sort_by(f64::total_cmp);
            std::println!(
                "{bits:5} bits {name:17} min {:8.1} us  median {:8.1} us",
                times[0],
                times[times.len() / 2]
            );
        }
    }
}
