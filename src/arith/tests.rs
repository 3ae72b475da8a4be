//! The arithmetic against an independent big-integer library (num-bigint).

extern crate std;
use super::{crt, exp, limbs, portable, Limb};
use crate::test_support::{from_big, to_big, OwnedModulus, XorShift};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::{vec, vec::Vec};

/// A value below `n` of `l` limbs.
fn below(rng: &mut XorShift, n: &BigUint, l: usize) -> Vec<Limb> {
    from_big(&(to_big(&rng.limbs(l)) % n), l)
}

fn moduli(rng: &mut XorShift, l: usize) -> Vec<Vec<Limb>> {
    crate::test_support::odd_moduli(l, &mut |l| rng.limbs(l))
}

#[test]
fn neg_inv() {
    for a in [1u32, 3, 0xffff_ffff, 0x1234_5677, 0x8000_0001] {
        assert_eq!(a.wrapping_mul(super::mont::neg_inv_limb(a)), u32::MAX);
    }
}

#[test]
fn precompute_and_montgomery_ops() {
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    for l in (1..=40).chain([48, 64, 65, 96, 128]) {
        for n in moduli(&mut rng, l) {
            let o = OwnedModulus::new(&n);
            let m = o.m();
            let nb = to_big(&n);
            let r = BigUint::one() << (32 * l);
            assert_eq!(to_big(&o.rr), (&r * &r) % &nb, "R² mod n, l={l}");
            let mut t = vec![0; 2 * l];
            let mut out = vec![0; l];
            let rinv = r.modinv(&nb).unwrap();
            let nm1 = from_big(&(&nb - 1u32), l);
            let cases = [
                vec![0; l],
                from_big(&BigUint::one(), l),
                nm1.clone(),
                below(&mut rng, &nb, l),
            ];
            for a in &cases {
                for b in &cases {
                    m.mul(&mut out, a, b, &mut t);
                    let want = to_big(a) * to_big(b) * &rinv % &nb;
                    assert_eq!(to_big(&out), want, "mul l={l}");
                }
                m.sqr(&mut out, a, &mut t);
                assert_eq!(
                    to_big(&out),
                    to_big(a) * to_big(a) * &rinv % &nb,
                    "sqr l={l}"
                );
            }
            // REDC at the top of its range: t = n·R − 1.
            let top = &nb * &r - 1u32;
            m.reduce_wide(&mut out, &from_big(&top, 2 * l), &mut t);
            assert_eq!(to_big(&out), &top * &rinv % &nb);
            m.reduce(&mut out, &from_big(&top, 2 * l), &mut t);
            assert_eq!(to_big(&out), &top % &nb);
        }
    }
}

#[test]
fn kernels_match_portable() {
    let mut rng = XorShift(42);
    for l in 1..=72 {
        for _ in 0..4 {
            let a = rng.limbs(l);
            let b = rng.limbs(l);
            let mut t1 = vec![0; 2 * l];
            let mut t2 = vec![0; 2 * l];
            super::kernels::mul(&mut t1, &a, &b);
            portable::mul(&mut t2, &a, &b);
            assert_eq!(t1, t2);
            assert_eq!(to_big(&t1), to_big(&a) * to_big(&b));
            super::kernels::sqr(&mut t1, &a);
            portable::sqr(&mut t2, &a);
            assert_eq!(t1, t2);
            assert_eq!(to_big(&t1), to_big(&a) * to_big(&a));
            let all_ones = vec![Limb::MAX; l];
            portable::sqr(&mut t2, &all_ones);
            assert_eq!(to_big(&t2), to_big(&all_ones) * to_big(&all_ones));
            let table = rng.limbs(16 * l);
            let mut r = vec![0; l];
            for i in 0..16 {
                super::kernels::select(&mut r, &table, i);
                assert_eq!(r, &table[i * l..(i + 1) * l]);
            }
        }
    }
}

/// `kernels::sqr_run_lazy` wherever its contract takes it (the UMAAL fast
/// set: 96 and 128 limbs, k ≥ 1; the other backends: the loop, any length,
/// k = 0 a copy), from a source and in place: `r·R^(2^k − 1) ≡ s^(2^k)`.
#[test]
fn sqr_run_lazy_matches_bigint() {
    let mut rng = XorShift(0x5172_7275_6e00_0001);
    let umaal = cfg!(rsa_cortex_m_backend = "umaal");
    for l in [1usize, 5, 32, 96, 128] {
        let fused = super::kernels::sqr_run_fused(l);
        if umaal && !fused {
            continue;
        }
        let n = moduli(&mut rng, l).swap_remove(0);
        let nb = to_big(&n);
        let n0 = super::mont::neg_inv_limb(n[0]);
        let r = BigUint::one() << (32 * l);
        let s = below(&mut rng, &nb, l);
        for k in [0usize, 1, 2, 5] {
            if umaal && k == 0 {
                continue;
            }
            let want = to_big(&s).modpow(&(BigUint::one() << k), &nb);
            let r_k = r.modpow(&((BigUint::one() << k) - 1u32), &nb);
            for from_src in [false, true] {
                let mut a = if from_src {
                    vec![0x5555_5555; l]
                } else {
                    s.clone()
                };
                let mut t = vec![0x9999_9999; 2 * l];
                super::kernels::sqr_run_lazy(&mut a, from_src.then_some(&s[..]), &mut t, &n, n0, k);
                assert_eq!(
                    to_big(&a) * &r_k % &nb,
                    want,
                    "l {l} k {k} from_src {from_src}"
                );
            }
        }
    }
}

#[test]
fn exponentiation() {
    let mut rng = XorShift(7);
    for l in [1, 2, 3, 5, 8, 16, 17, 32, 33, 64] {
        for n in moduli(&mut rng, l) {
            let o = OwnedModulus::new(&n);
            let m = o.m();
            let nb = to_big(&n);
            let mut out = vec![0; l];
            let mut work = vec![0; exp::secret_work_limbs(l)];
            let nm1 = from_big(&(&nb - 1u32), l);
            for base in [
                vec![0; l],
                from_big(&BigUint::one(), l),
                nm1,
                below(&mut rng, &nb, l),
            ] {
                for e in [
                    vec![0],
                    vec![1],
                    vec![3],
                    vec![65537],
                    rng.limbs(l),
                    vec![Limb::MAX; l],
                ] {
                    let want = to_big(&base).modpow(&to_big(&e), &nb);
                    exp::pow_secret(&mut out, &base, &e, &m, &mut work);
                    assert_eq!(to_big(&out), want, "pow_secret l={l}");
                    assert!(work.iter().all(|&w| w == 0), "work zeroed");
                    // The narrow windows are the same code at every length; at 64
                    // limbs (the slowest case under qemu-arm) the default window
                    // and pow_public cover the kernels.
                    let windows: &[usize] = if l < 64 { &[1, 2] } else { &[] };
                    for &w in windows {
                        exp::pow_secret_window(&mut out, &base, &e, &m, &mut work, w);
                        assert_eq!(to_big(&out), want, "pow_secret_window({w}) l={l}");
                    }
                    exp::pow_public(&mut out, &base, &e, &m, &mut work);
                    assert_eq!(to_big(&out), want, "pow_public l={l}");
                }
            }
        }
    }
}

/// Small deterministic primes from a seed, by trial division (test only).
fn prime_near(rng: &mut XorShift, bits: usize) -> BigUint {
    let l = bits.div_ceil(32);
    loop {
        let mut c = to_big(&rng.limbs(l)) >> (32 * l - bits);
        c |= BigUint::one() << (bits - 1);
        c |= BigUint::one() << (bits - 2);
        c |= BigUint::one();
        // Fermat to bases 2, 3, 5, 7: enough for test fixtures.
        if [2u32, 3, 5, 7]
            .iter()
            .all(|&b| BigUint::from(b).modpow(&(&c - 1u32), &c).is_one())
        {
            return c;
        }
    }
}

#[test]
fn crt_matches_plain_exponentiation() {
    let mut rng = XorShift(99);
    for (pbits, qbits) in [(64, 64), (96, 95), (128, 120), (256, 256), (200, 150)] {
        let p = prime_near(&mut rng, pbits);
        let q = prime_near(&mut rng, qbits);
        let n = &p * &q;
        let l = limbs::limbs_for_bits(n.bits() as usize);
        let h = limbs::limbs_for_bits(pbits.max(qbits)).max(l.div_ceil(2));
        let d = to_big(&rng.limbs(l)) % &n;
        let (pv, qv) = (from_big(&p, h), from_big(&q, h));
        let (po, qo) = (OwnedModulus::new(&pv), OwnedModulus::new(&qv));
        let dp = from_big(&(&d % (&p - 1u32)), h);
        let dq = from_big(&(&d % (&q - 1u32)), h);
        let qinv = q.modinv(&p).unwrap();
        let qinv_mont = from_big(&((qinv << (32 * h)) % &p), h);
        let key = crt::CrtKey {
            p: po.m(),
            q: qo.m(),
            dp: &dp,
            dq: &dq,
            qinv_mont: &qinv_mont,
        };
        let mut work = vec![0; crt::crt_work_limbs(h)];
        let mut out = vec![0; l];
        for c in [
            BigUint::zero(),
            BigUint::one(),
            &n - 1u32,
            to_big(&rng.limbs(l)) % &n,
        ] {
            crt::private_crt(&mut out, &from_big(&c, l), &key, None, &mut work);
            let want = c.modpow(&(&d % ((&p - 1u32) * (&q - 1u32))), &n);
            // d reduced mod φ(n) gives the same result for c coprime to n; compare via dP/dQ instead.
            let garner = |m1: &BigUint, m2: &BigUint| {
                let hh = ((m1 + &p - (m2 % &p)) * q.modinv(&p).unwrap()) % &p;
                m2 + &q * hh
            };
            let m1 = c.modpow(&to_big(&dp), &p);
            let m2 = c.modpow(&to_big(&dq), &q);
            assert_eq!(to_big(&out), garner(&m1, &m2), "crt {pbits}/{qbits}");
            if c.is_one() || c.is_zero() {
                assert_eq!(to_big(&out), want);
            }
            // With factors: half p on c·y_p, its result times z_p (f_p =
            // y_p·R², g_p = z_p·R), likewise q.
            let r = BigUint::one() << (32 * h);
            let (yz, mut f, mut g) = (
                [&p, &q].map(|m| {
                    let y = to_big(&rng.limbs(h)) % m;
                    let z = to_big(&rng.limbs(h)) % m;
                    (y, z)
                }),
                vec![0; 2 * h],
                vec![0; 2 * h],
            );
            for (i, m) in [&p, &q].into_iter().enumerate() {
                let (y, z) = &yz[i];
                f[i * h..][..h].copy_from_slice(&from_big(&(y * &r * &r % m), h));
                g[i * h..][..h].copy_from_slice(&from_big(&(z * &r % m), h));
            }
            let factors = crt::Factors { f: &f, g: &g };
            crt::private_crt(&mut out, &from_big(&c, l), &key, Some(&factors), &mut work);
            let m1 = (&c * &yz[0].0).modpow(&to_big(&dp), &p) * &yz[0].1 % &p;
            let m2 = (&c * &yz[1].0).modpow(&to_big(&dq), &q) * &yz[1].1 % &q;
            assert_eq!(to_big(&out), garner(&m1, &m2), "factors {pbits}/{qbits}");
        }
    }
}

/// `limbs::rem` on structured operands (all-ones, single-bit and random
/// limbs mixed), where the quotient estimate is capped or needs both
/// add-backs, against num-bigint.
#[test]
fn rem_structured_operands() {
    let mut rng = XorShift(0x5eed_0123);
    let pattern = |rng: &mut XorShift, len: usize| -> Vec<Limb> {
        (0..len)
            .map(|_| match rng.limb() % 5 {
                0 => 0,
                1 => Limb::MAX,
                2 => 0x8000_0000,
                3 => 1,
                _ => rng.limb(),
            })
            .collect()
    };
    for i in 0..4000 {
        let ml = 1 + i % 9;
        let xl = 1 + (i / 9) % 14;
        let x = pattern(&mut rng, xl);
        let mut m = pattern(&mut rng, ml);
        if m.iter().all(|&w| w == 0) {
            m[0] = 1;
        }
        let mut r = vec![0; ml];
        let mut scratch = vec![0; ml + 1];
        limbs::rem(&mut r, &x, &m, &mut scratch);
        assert_eq!(to_big(&r), to_big(&x) % to_big(&m), "{x:x?} mod {m:x?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn prop_mont_mul(l in 1usize..24, seed in any::<u64>()) {
        let mut rng = XorShift(seed | 1);
        let mut n = rng.limbs(l);
        n[0] |= 1;
        if n.iter().all(|&w| w <= 1) { n[0] = 3; }
        let o = OwnedModulus::new(&n);
        let nb = to_big(&n);
        let a = below(&mut rng, &nb, l);
        let b = below(&mut rng, &nb, l);
        let mut out = vec![0; l];
        let mut t = vec![0; 2 * l];
        o.m().mul(&mut out, &a, &b, &mut t);
        let rinv = (BigUint::one() << (32 * l)).modinv(&nb).unwrap();
        prop_assert_eq!(to_big(&out), to_big(&a) * to_big(&b) * rinv % &nb);
    }

    /// `limbs::rem` (key validation) for any non-zero modulus, even ones
    /// included (`p − 1`), and dividends longer or shorter than it.
    #[test]
    fn prop_rem(xl in 1usize..40, ml in 1usize..20, seed in any::<u64>()) {
        let mut rng = XorShift(seed | 1);
        let x = rng.limbs(xl);
        let mut m = rng.limbs(ml);
        if seed & 1 == 0 { m[0] &= !1; }
        if seed & 2 == 0 { m[ml - 1] |= 1 << 31; }
        if m.iter().all(|&w| w == 0) { m[0] = 2; }
        let mut r = vec![0; ml];
        let mut scratch = vec![0; ml + 1];
        limbs::rem(&mut r, &x, &m, &mut scratch);
        prop_assert_eq!(to_big(&r), to_big(&x) % to_big(&m));
        prop_assert!(scratch.iter().all(|&w| w == 0));
    }
}
