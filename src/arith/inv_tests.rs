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

/// Checks `inv_mod(a, n)` against num-bigint; returns whether invertible.
fn check(a: &[Limb], n: &[Limb]) -> bool {
    let l = n.len();
    let mut out = vec![0x5a5a_5a5a; l];
    let mut work = vec![0xa5a5_a5a5; inv_work_limbs(l) + 3];
    let ok = inv_mod(&mut out, a, n, &mut work);
    let (bn, ba) = (to_big(n), to_big(a));
    let want = ba.modinv(&bn);
    let invertible = ba.gcd(&bn).is_one();
    assert_eq!(ok, invertible as Limb, "a = {ba:x}, n = {bn:x}");
    match want {
        Some(w) if invertible => assert_eq!(to_big(&out), w, "a = {ba:x}, n = {bn:x}"),
        _ => assert!(out.iter().all(|&w| w == 0)),
    }
    // The used part is wiped, the rest untouched.
    let used = 5 * digits(l);
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
    use num_bigint::BigInt;
    let mut rng = StdRng::from_seed([11; 32]);
    let l = 4;
    let k = digits(l);
    for _ in 0..50 {
        let mut n = random(&mut rng, l);
        n[0] |= 1;
        let a = random(&mut rng, l);
        let (mut f, mut g) = (vec![0; k], vec![0; k]);
        to_digits(&mut f, &n);
        to_digits(&mut g, &a);
        let (mut bf, mut bg) = (BigInt::from(to_big(&n)), BigInt::from(to_big(&a)));
        let mut delta = 1i32;
        let mut bdelta = 1i64;
        for _ in 0..batches(l) {
            let t = divsteps(&mut delta, f[0], g[0]);
            update_fg(&mut f, &mut g, t);
            for _ in 0..BATCH {
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
            assert_eq!(signed(&f), bf);
            assert_eq!(signed(&g), bg);
        }
        assert_eq!(signed(&g), BigInt::ZERO);
    }

    fn signed(x: &[Limb]) -> BigInt {
        x.iter()
            .rev()
            .fold(BigInt::ZERO, |acc, &w| (acc << BATCH) + digit(w))
    }
}

/// The batch kernels (the assembly on the fast UMAAL set, else the Rust
/// itself) against the Rust reference, on random words and digits, both
/// parities of the digit count, and the extreme matrices (`g ≡ 0 mod 2³⁰`:
/// `u = 2³⁰`).
#[test]
fn kernels_match_reference() {
    let mut rng = StdRng::from_seed([30; 32]);
    for round in 0..2000 {
        let f = rng.next_u32() | 1;
        let g = match round % 4 {
            0 => 0,
            1 => rng.next_u32() << 30,
            _ => rng.next_u32(),
        };
        let delta = (rng.next_u32() % 1201) as i32 - 600;
        let (mut d1, mut d2) = (delta, delta);
        let t = divsteps(&mut d1, f, g);
        assert_eq!(
            kernels::divsteps(&mut d2, f, g),
            t,
            "f {f:x} g {g:x} δ {delta}"
        );
        assert_eq!(d1, d2);
    }
    for k in [2usize, 3, 4, 5, 35, 69, 137] {
        for round in 0..20 {
            let digits = |rng: &mut StdRng| -> Vec<Limb> {
                let mut x: Vec<Limb> = (0..k).map(|_| rng.next_u32() & MASK).collect();
                // A signed top digit of either sign.
                x[k - 1] = (rng.next_u32() as i32 >> 4) as Limb;
                x
            };
            let (f, g, d, e) = (
                digits(&mut rng),
                digits(&mut rng),
                digits(&mut rng),
                digits(&mut rng),
            );
            let mut n = digits(&mut rng);
            n[0] |= 1;
            n[k - 1] &= 0x0fff_ffff;
            let mut delta = 1;
            let t = divsteps(&mut delta, f[0] | 1, if round == 0 { 0 } else { g[0] });
            let (mut f1, mut g1) = (f.clone(), g.clone());
            let (mut f2, mut g2) = (f.clone(), g.clone());
            f1[0] |= 1;
            f2[0] |= 1;
            if round == 0 {
                g1[0] = 0;
                g2[0] = 0;
            }
            update_fg(&mut f1, &mut g1, t);
            kernels::update_fg(&mut f2, &mut g2, t);
            assert_eq!((&f1, &g1), (&f2, &g2), "k {k} round {round}");
            let ninv = inv_limb(from_digit0(&n)) & MASK;
            let m = de_multipliers(&d, &e, ninv, t);
            let (mut d1, mut e1) = (d.clone(), e.clone());
            let (mut d2, mut e2) = (d.clone(), e.clone());
            update_de_rows(&mut d1, &mut e1, &n, m);
            kernels::update_de_rows(&mut d2, &mut e2, &n, m);
            assert_eq!((&d1, &e1), (&d2, &e2), "k {k} round {round}");
        }
    }

    /// An odd limb with `n[0]`'s low 30 bits (all `inv_limb` needs mod 2³⁰).
    fn from_digit0(n: &[Limb]) -> Limb {
        n[0] | n[1] << 30
    }
}
