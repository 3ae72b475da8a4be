extern crate std;
use super::*;
use crate::arith::mont::neg_inv_limb;
use crate::test_support::XorShift64Star as Rng;
use std::{vec, vec::Vec};

fn lengths() -> impl Iterator<Item = usize> {
    (1..=72).chain([96, 128, 192, 256])
}

/// Operand patterns: random, zero, all-ones, a single top bit, sparse.
fn operands(rng: &mut Rng, l: usize) -> Vec<Vec<Limb>> {
    let mut v = vec![rng.limbs(l), rng.limbs(l), vec![0; l], vec![Limb::MAX; l]];
    let mut top = vec![0; l];
    top[l - 1] = 1 << 31;
    v.push(top);
    let mut sparse = vec![0; l];
    sparse[0] = 1;
    sparse[l / 2] = Limb::MAX;
    v.push(sparse);
    v
}

#[test]
fn n0_64_is_negative_inverse() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..1000 {
        let n = rng.next_u64() | 1;
        let k = n0_64(n, neg_inv_limb(n as Limb));
        assert_eq!(n.wrapping_mul(k), u64::MAX, "n = {n:#x}");
    }
    assert_eq!(1u64.wrapping_mul(n0_64(1, neg_inv_limb(1))), u64::MAX);
    assert_eq!(
        u64::MAX.wrapping_mul(n0_64(u64::MAX, neg_inv_limb(Limb::MAX))),
        u64::MAX
    );
}

/// Variants to check: the dispatching kernel and, for even lengths, the
/// pure-Rust rows and (when this CPU has BMI2 + ADX) the assembly rows.
fn variants(l: usize) -> Vec<Option<bool>> {
    let mut v = vec![None];
    if l.is_multiple_of(2) {
        v.push(Some(false));
        #[cfg(target_arch = "x86_64")]
        if super::super::x86_64::use_adx() {
            v.push(Some(true));
        }
    }
    v
}

#[cfg(target_arch = "x86_64")]
use super::super::x86_64::AdxRows as AsmRows;
/// Never used off x86-64 (`variants` gives no `Some(true)` there).
#[cfg(not(target_arch = "x86_64"))]
use RustRows as AsmRows;

fn mul_v(which: Option<bool>, t: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let (t2, _) = t.as_chunks_mut::<2>();
    let (a2, _) = a.as_chunks::<2>();
    let (b2, _) = b.as_chunks::<2>();
    match which {
        None => mul(t, a, b),
        Some(false) => mul_w::<RustRows>(t2, a2, b2),
        Some(true) => mul_w::<AsmRows>(t2, a2, b2),
    }
}

fn sqr_v(which: Option<bool>, t: &mut [Limb], a: &[Limb]) {
    let (t2, _) = t.as_chunks_mut::<2>();
    let (a2, _) = a.as_chunks::<2>();
    match which {
        None => sqr(t, a),
        Some(false) => sqr_w::<RustRows>(t2, a2),
        Some(true) => sqr_w::<AsmRows>(t2, a2),
    }
}

fn redc_v(which: Option<bool>, r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let (r2, _) = r.as_chunks_mut::<2>();
    let (t2, _) = t.as_chunks_mut::<2>();
    let (n2, _) = n.as_chunks::<2>();
    match which {
        None => redc(r, t, n, n0),
        Some(false) => redc_w::<RustRows>(r2, t2, n2, n0),
        Some(true) => redc_w::<AsmRows>(r2, t2, n2, n0),
    }
}

#[test]
fn mul_and_sqr_match_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for l in lengths() {
        let ops = operands(&mut rng, l);
        for a in &ops {
            for b in &ops {
                let mut want = vec![0; 2 * l];
                portable::mul(&mut want, a, b);
                for v in variants(l) {
                    let mut got = vec![Limb::MAX; 2 * l];
                    mul_v(v, &mut got, a, b);
                    assert_eq!(got, want, "mul {v:?} l={l}");
                }
                // The x86-64 backend's own entry (written-out rows at its
                // fixed length).
                #[cfg(target_arch = "x86_64")]
                {
                    let mut got = vec![Limb::MAX; 2 * l];
                    super::super::x86_64::mul(&mut got, a, b);
                    assert_eq!(got, want, "x86_64::mul l={l}");
                }
            }
            let mut want = vec![0; 2 * l];
            portable::sqr(&mut want, a);
            for v in variants(l) {
                let mut got = vec![0x5a5a_5a5a; 2 * l];
                sqr_v(v, &mut got, a);
                assert_eq!(got, want, "sqr {v:?} l={l}");
            }
            #[cfg(target_arch = "x86_64")]
            {
                let mut got = vec![0x5a5a_5a5a; 2 * l];
                super::super::x86_64::sqr(&mut got, a);
                assert_eq!(got, want, "x86_64::sqr l={l}");
            }
        }
    }
}

fn moduli(rng: &mut Rng, l: usize) -> Vec<Vec<Limb>> {
    crate::test_support::odd_moduli(l, &mut |l| rng.limbs(l))
}

fn check_redc(t: &[Limb], n: &[Limb], n0: Limb) {
    let l = n.len();
    let mut want = vec![0; l];
    portable::redc(&mut want, &mut t.to_vec(), n, n0);
    for v in variants(l) {
        let mut got = vec![Limb::MAX; l];
        redc_v(v, &mut got, &mut t.to_vec(), n, n0);
        assert_eq!(got, want, "redc {v:?} l={l} n={n:x?} t={t:x?}");
    }
}

#[test]
fn redc_matches_reference() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for l in lengths() {
        for n in moduli(&mut rng, l) {
            let n0 = neg_inv_limb(n[0]);
            // Zero, one, random products a·b with a, b < n.
            check_redc(&vec![0; 2 * l], &n, n0);
            let mut one = vec![0; 2 * l];
            one[0] = 1;
            check_redc(&one, &n, n0);
            for _ in 0..4 {
                let (mut a, mut b) = (rng.limbs(l), rng.limbs(l));
                reduce_below(&mut a, &n);
                reduce_below(&mut b, &n);
                let mut t = vec![0; 2 * l];
                portable::mul(&mut t, &a, &b);
                check_redc(&t, &n, n0);
            }
            // (n−1)², (n−1)·R (= t just below n·R), and n·R − 1.
            let mut nm1 = n.clone();
            nm1[0] -= 1;
            let mut t = vec![0; 2 * l];
            portable::mul(&mut t, &nm1, &nm1);
            check_redc(&t, &n, n0);
            let mut t = vec![0; 2 * l];
            t[l..].copy_from_slice(&nm1);
            check_redc(&t, &n, n0);
            let mut t = vec![Limb::MAX; 2 * l];
            t[l..].copy_from_slice(&nm1); // (n−1)·R + (R−1) = n·R − 1
            check_redc(&t, &n, n0);
            // Random t below (n−1)·R.
            let mut t = rng.limbs(2 * l);
            t[l..].copy_from_slice(&nm1);
            let hi = &mut t[l..];
            let borrow = sub_small(hi, 1);
            if !borrow {
                check_redc(&t, &n, n0);
            }
        }
    }
}

/// `x -= 1` style helper: subtracts `v`, returns whether it borrowed.
fn sub_small(x: &mut [Limb], v: Limb) -> bool {
    let mut borrow = v;
    for w in x.iter_mut() {
        let (d, b) = w.overflowing_sub(borrow);
        *w = d;
        borrow = b as Limb;
    }
    borrow != 0
}

/// Makes `a < n` by clearing bits above `n`'s top bit and one below it.
fn reduce_below(a: &mut [Limb], n: &[Limb]) {
    let l = n.len();
    let top = (0..l).rev().find(|&i| n[i] != 0).unwrap();
    for w in a[top + 1..].iter_mut() {
        *w = 0;
    }
    let bits = 32 - n[top].leading_zeros();
    a[top] &= if bits >= 2 { (1 << (bits - 1)) - 1 } else { 0 };
}

#[test]
fn select_matches_reference() {
    let mut rng = Rng(42);
    for l in [1, 2, 16, 32, 64] {
        let table = rng.limbs(16 * l);
        for i in 0..16 {
            let (mut want, mut got) = (vec![0; l], vec![1; l]);
            portable::select(&mut want, &table, i);
            select(&mut got, &table, i);
            assert_eq!(got, want);
            assert_eq!(got, &table[i * l..(i + 1) * l]);
        }
    }
}
