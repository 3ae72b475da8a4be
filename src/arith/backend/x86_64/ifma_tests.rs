//! The IFMA kernels against num-bigint: the almost-Montgomery product, the
//! digit conversions and the whole exponentiation, at the lengths of the
//! CRT halves and moduli of 1024- to 8192-bit keys. Skipped, with a notice,
//! on CPUs without AVX-512 IFMA.

extern crate std;
use super::*;
use crate::arith::{Limb, Modulus};
use crate::test_support::{from_big, to_big, OwnedModulus, XorShift};
use num_bigint::BigUint;
use std::{eprintln, vec, vec::Vec};

fn big_digits<const V: usize>(x: &Num<V>) -> BigUint {
    let mut r = BigUint::default();
    for i in (0..8 * V).rev() {
        assert!(x[i / 8][i % 8] <= MASK, "digit {i} not normalised");
        r = (r << DIGIT_BITS) + x[i / 8][i % 8];
    }
    r
}

/// Debug builds (ci/test's unoptimised unit-test run, where every
/// intrinsic is a call and num-bigint is unoptimised too) run the short
/// lengths only; release builds run every length and width.
const SAMPLE: bool = cfg!(debug_assertions);

/// `all` in release builds, `sample` in debug builds.
fn lengths(all: &'static [usize], sample: &'static [usize]) -> &'static [usize] {
    if SAMPLE {
        sample
    } else {
        all
    }
}

/// Whether the CPU can run the kernels at all (the environment override
/// aside).
pub(crate) fn cpu_has_ifma() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512vl")
        && std::is_x86_feature_detected!("avx512ifma")
}

fn skip() -> bool {
    if !cpu_has_ifma() {
        eprintln!("ifma tests skipped: this CPU has no AVX-512 IFMA");
        return true;
    }
    if !use_ifma() {
        eprintln!("ifma tests skipped: RSA_CORTEX_M_NO_IFMA is set");
        return true;
    }
    false
}

/// Odd moduli of `l` limbs: random with the top bit set (values near `R`),
/// all ones, one with a leading zero limb (a padded CRT half) and a tiny one.
fn moduli(rng: &mut XorShift, l: usize) -> Vec<Vec<Limb>> {
    let mut top = rng.limbs(l);
    top[0] |= 1;
    top[l - 1] |= 1 << 31;
    let ones = vec![Limb::MAX; l];
    let mut padded = rng.limbs(l);
    padded[0] |= 1;
    padded[l - 1] = 0;
    padded[l - 2] |= 1 << 31;
    // A tiny modulus in many limbs (as `hazmat` may pass).
    let mut tiny = vec![0; l];
    tiny[0] = 0xfffb;
    vec![top, ones, padded, tiny]
}

fn check_amm<const V: usize>(l: usize) {
    assert_eq!(digits(l).div_ceil(8), V);
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ l as u64);
    for n in moduli(&mut rng, l) {
        let nb = to_big(&n);
        let n0 = crate::arith::mont::neg_inv_limb(n[0]);
        let mut nd: Num<V> = [[0; 8]; V];
        // SAFETY (and below): the CPU has AVX-512F, VL and IFMA (`skip`).
        unsafe { to_digits(&mut nd, &n) };
        assert_eq!(big_digits(&nd), nb, "to_digits l={l}");
        let mut back = vec![0; l];
        unsafe { from_digits(&mut back, &nd) };
        assert_eq!(back, n, "from_digits l={l}");
        let mut rr = vec![0; l];
        let mut work = vec![0; Modulus::precompute_work_limbs(l)];
        assert_eq!(Modulus::precompute(&n, &mut rr, &mut work), n0);
        // SAFETY: the CPU has AVX-512F, VL and IFMA (`skip`).
        let m = unsafe { Mont::<V>::new(&n, &rr, n0) };
        assert_eq!(m.n, nd);
        let rp = BigUint::from(1u8) << (DIGIT_BITS * digits(l));
        let rr52 = big_digits(&m.rr);
        assert!(rr52 < &nb * 3u8, "R′² mod n below 3n");
        assert_eq!(rr52 % &nb, (&rp * &rp) % &nb, "R′² mod n");
        assert_eq!(
            (m.k0 as u128 * (nd[0][0] as u128) + 1) % (1u128 << 52),
            0,
            "k0"
        );
        let one = BigUint::from(1u8);
        let two_n_1 = &nb + &nb - &one;
        // Edge operands (0, 1, n − 1, 2n − 1 the largest the exponentiation
        // feeds, R′ − 1 times 1) and random ones below 2n.
        let mut pairs = vec![
            (BigUint::default(), &nb - &one),
            (one.clone(), one.clone()),
            (&nb - &one, &nb - &one),
            (two_n_1.clone(), two_n_1.clone()),
            (&rp - &one, one.clone()),
        ];
        for _ in 0..20 {
            let a = to_big(&rng.limbs(l + 1)) % &two_n_1;
            let b = to_big(&rng.limbs(l + 1)) % &two_n_1;
            pairs.push((a, b));
        }
        for (a, b) in pairs {
            let (mut ad, mut bd, mut r): (Num<V>, Num<V>, Num<V>) =
                ([[0; 8]; V], [[0; 8]; V], [[0; 8]; V]);
            let mut la = a.to_u32_digits();
            la.resize(8 * V * 2, 0);
            let mut lb = b.to_u32_digits();
            lb.resize(8 * V * 2, 0);
            unsafe {
                to_digits(&mut ad, &la);
                to_digits(&mut bd, &lb);
            }
            // SAFETY: the CPU has AVX-512F, VL and IFMA (`skip`).
            unsafe { m.amm(&mut r, &ad, &bd) };
            let rb = big_digits(&r);
            assert!(rb < &nb + &nb, "amm below 2n, l={l}");
            assert_eq!(
                (rb * &rp) % &nb,
                (&a * &b) % &nb,
                "amm l={l} a={a:x} b={b:x}"
            );
        }
    }
}

#[test]
fn amm_matches_bigint() {
    if skip() {
        return;
    }
    check_amm::<1>(8);
    check_amm::<2>(16);
    check_amm::<2>(17);
    check_amm::<2>(24);
    check_amm::<3>(32);
    check_amm::<4>(48);
    check_amm::<5>(64);
    check_amm::<8>(96);
    check_amm::<10>(128);
    check_amm::<16>(207);
}

#[test]
fn supported_lengths() {
    assert!(!supports(7));
    for l in [8, 16, 24, 32, 48, 64, 96, 128, 207] {
        assert!(supports(l), "l={l}");
    }
    assert!(!supports(208) && !supports(256));
}

/// Bases 0, 1, `n − 1` and a random one below `n` (from `l` limbs).
fn edge_bases(rng: &mut XorShift, nb: &BigUint, l: usize) -> [BigUint; 4] {
    let one = BigUint::from(1u8);
    let random = to_big(&rng.limbs(l)) % nb;
    [BigUint::default(), one.clone(), nb - &one, random]
}

/// The whole exponentiation against num-bigint at every supported key
/// length's CRT half and modulus (1024 to 8192 bits), every window width,
/// edge bases and exponents (blinded ones longer than the modulus).
#[test]
fn pow_matches_bigint() {
    if skip() {
        return;
    }
    let mut rng = XorShift(0x0123_4567_89ab_cdef);
    for &l in lengths(&[8, 16, 17, 24, 32, 48, 64, 96, 128], &[8, 17, 32]) {
        for n in moduli(&mut rng, l) {
            let o = OwnedModulus::new(&n);
            let nb = to_big(&n);
            let bases = edge_bases(&mut rng, &nb, l);
            let exps = [
                vec![0],
                vec![1],
                vec![65537],
                vec![Limb::MAX; l],
                rng.limbs(l),
                rng.limbs(l + 2),
            ];
            let mut out = vec![0; l];
            for (bi, b) in bases.iter().enumerate() {
                let bl = from_big(b, l);
                for (ei, e) in exps.iter().enumerate() {
                    let want = b.modpow(&to_big(e), &nb);
                    // Every width at the CRT lengths (the shortest length
                    // in debug builds), the default elsewhere.
                    let all = if SAMPLE { l == 8 } else { matches!(l, 32 | 64) };
                    let widths = if all { 1..=6 } else { 5..=5 };
                    for w in widths {
                        out.fill(0xdead);
                        assert!(pow_secret(&mut out, &bl, e, &o.m(), w));
                        assert_eq!(to_big(&out), want, "l={l} base#{bi} exp#{ei} window {w}");
                    }
                }
            }
        }
    }
}

/// The public exponentiation (`base^(e−1)·last` for odd `e`, `base^e` for
/// even) against num-bigint, at the moduli of 1024- to 8192-bit keys and
/// their CRT halves.
#[test]
fn pow_public_matches_bigint() {
    if skip() {
        return;
    }
    let mut rng = XorShift(0xfeed_f00d_dead_beef);
    for &l in lengths(&[8, 16, 17, 32, 48, 64, 96, 128, 207], &[8, 17, 32, 64]) {
        for n in moduli(&mut rng, l) {
            let o = OwnedModulus::new(&n);
            let nb = to_big(&n);
            let bases = edge_bases(&mut rng, &nb, l);
            let last = to_big(&rng.limbs(l)) % &nb;
            let ll = from_big(&last, l);
            let mut out = vec![0; l];
            for b in &bases {
                let bl = from_big(b, l);
                for e in [
                    vec![0],
                    vec![1],
                    vec![2],
                    vec![3],
                    vec![65537],
                    vec![65536],
                    rng.limbs(2),
                ] {
                    let eb = to_big(&e);
                    assert!(pow_public(&mut out, &bl, &e, &bl, &o.m()));
                    assert_eq!(to_big(&out), b.modpow(&eb, &nb), "l={l} e={e:x?}");
                    assert!(pow_public(&mut out, &bl, &e, &ll, &o.m()));
                    let want = if e[0] & 1 == 1 {
                        b.modpow(&(&eb - 1u8), &nb) * &last % &nb
                    } else {
                        b.modpow(&eb, &nb)
                    };
                    assert_eq!(to_big(&out), want, "l={l} e={e:x?} with last");
                }
            }
        }
    }
}

/// Two exponentiations in one loop (the CRT halves' path) against
/// num-bigint, at the lengths it serves (up to 3072-bit keys' halves).
#[test]
fn pow_pair_matches_bigint() {
    if skip() || !pair_runs(8, [1, 1]) {
        return;
    }
    let mut rng = XorShift(0x0bad_cafe_f00d_0001);
    for &l in lengths(&[8, 16, 17, 24, 32, 48], &[8, 17, 24]) {
        assert!(pair_runs(l, [l, l]) && !pair_runs(l, [l, l + 2]));
        let ms = moduli(&mut rng, l);
        for (i, n1) in ms.iter().enumerate() {
            let n2 = &ms[(i + 1) % ms.len()];
            let (m1, m2) = (OwnedModulus::new(n1), OwnedModulus::new(n2));
            let (nb1, nb2) = (to_big(n1), to_big(n2));
            let b1 = from_big(&(to_big(&rng.limbs(l)) % &nb1), l);
            let b2 = from_big(&(&nb2 - 1u8), l);
            for e in [vec![0; l + 2], rng.limbs(l + 2), vec![Limb::MAX; l]] {
                let e2: Vec<Limb> = e.iter().map(|x| x.rotate_left(7)).collect();
                for w in [1, 5, 6] {
                    let (mut o1, mut o2) = (vec![0; l], vec![0; l]);
                    pow_secret_pair(
                        [&mut o1, &mut o2],
                        [&b1, &b2],
                        [&e, &e2],
                        [&m1.m(), &m2.m()],
                        w,
                    );
                    assert_eq!(
                        to_big(&o1),
                        to_big(&b1).modpow(&to_big(&e), &nb1),
                        "l={l} w={w} first"
                    );
                    assert_eq!(
                        to_big(&o2),
                        to_big(&b2).modpow(&to_big(&e2), &nb2),
                        "l={l} w={w} second"
                    );
                }
            }
        }
    }
    assert!(!pair_runs(64, [64, 64]));
}

/// The whole Montgomery product `a·b·R⁻¹ mod n` (`R = 2^(32l)`, the
/// blinding's) against num-bigint, at the lengths of 1024- to 8192-bit
/// moduli and CRT halves, and at `l = 13, 26` where `R′/R = 2^52` (the
/// shifted digits start a limb up): edge and random operands.
#[test]
fn mul_matches_bigint() {
    if skip() {
        return;
    }
    let mut rng = XorShift(0x5eed_0fb1_1d00_0023);
    let all = &[8, 13, 16, 17, 24, 26, 32, 48, 64, 96, 128, 207];
    for &l in lengths(all, &[8, 13, 17, 64]) {
        for n in moduli(&mut rng, l) {
            let o = OwnedModulus::new(&n);
            let nb = to_big(&n);
            let r = BigUint::from(1u8) << (32 * l);
            let r_inv = r.modinv(&nb).expect("n odd");
            let [zero, one, top, random] = edge_bases(&mut rng, &nb, l);
            let other = to_big(&rng.limbs(l)) % &nb;
            let pairs = [
                (&zero, &top),
                (&one, &one),
                (&top, &top),
                (&top, &one),
                (&random, &other),
                (&random, &random),
                (&other, &top),
            ];
            let mut out = vec![0; l];
            for (a, b) in pairs {
                out.fill(0xdead);
                assert!(mul(&mut out, &from_big(a, l), &from_big(b, l), &o.m()));
                assert_eq!(to_big(&out), a * b * &r_inv % &nb, "l={l} a={a:x} b={b:x}");
            }
        }
    }
}
