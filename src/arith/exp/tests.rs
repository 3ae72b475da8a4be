extern crate std;
use super::*;
use num_bigint::BigUint;
use std::{vec, vec::Vec};

fn to_big(x: &[Limb]) -> BigUint {
    BigUint::from_slice(x)
}

/// A xorshift generator of limbs from `s`.
fn limbs_from(mut s: u64) -> impl FnMut() -> Limb {
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 16) as Limb
    }
}

/// A random full-size odd modulus of `l` limbs (with its `R²` in `rr`)
/// and a base below it.
fn modulus_and_base(
    l: usize,
    next: &mut impl FnMut() -> Limb,
) -> (Vec<Limb>, Vec<Limb>, Limb, Vec<Limb>) {
    let mut n: Vec<Limb> = (0..l).map(|_| next()).collect();
    n[0] |= 1;
    n[l - 1] |= 1 << 31;
    let mut rr = vec![0; l];
    let mut work = vec![0; Modulus::precompute_work_limbs(l)];
    let n0 = Modulus::precompute(&n, &mut rr, &mut work);
    let mut base: Vec<Limb> = (0..l).map(|_| next()).collect();
    base[l - 1] >>= 1; // < n
    (n, rr, n0, base)
}

/// Every window width 1..=6 (the ones that straddle limbs included),
/// the per-size default and `pow_public` against num-bigint.
#[test]
fn all_windows_match_bigint() {
    let mut next = limbs_from(0x0123_4567_89ab_cdef);
    for l in [1usize, 2, 3, 5, 16, 17, 32, 48, 64] {
        let (n, rr, n0, base) = modulus_and_base(l, &mut next);
        let m = Modulus::new(&n, &rr, n0);
        let nb = to_big(&n);
        let mut work = vec![0; secret_work_limbs_window(l, 6).max(secret_work_limbs(l))];
        let mut out = vec![0; l];
        for e in [
            vec![0],
            vec![1],
            vec![2],
            vec![65537],
            vec![Limb::MAX; 3],
            (0..l).map(|_| next()).collect::<Vec<_>>(),
        ] {
            let want = to_big(&base).modpow(&to_big(&e), &nb);
            for w in 1..=6 {
                pow_secret_window(&mut out, &base, &e, &m, &mut work, w);
                assert_eq!(to_big(&out), want, "window {w}, l={l}, e={e:x?}");
                assert!(work.iter().all(|&x| x == 0), "work zeroed");
            }
            pow_secret(&mut out, &base, &e, &m, &mut work);
            assert_eq!(to_big(&out), want, "pow_secret l={l}");
            pow_public(&mut out, &base, &e, &m, &mut work);
            assert_eq!(to_big(&out), want, "pow_public l={l}, e={e:x?}");
        }
    }
}

/// `pow_public` at 96 and 128 limbs (on the fast UMAAL set its squarings
/// run in one call per run, the first from the base) and through the fused
/// window kernels (`pow_public_last::<true>`, the fault check's), with
/// exponents of one to many runs, against num-bigint.
#[test]
fn pow_public_runs_match_bigint() {
    let mut next = limbs_from(0x0fed_cba9_8765_4321);
    for l in [96usize, 128] {
        let (n, rr, n0, base) = modulus_and_base(l, &mut next);
        let m = Modulus::new(&n, &rr, n0);
        let nb = to_big(&n);
        let mut work = vec![0; secret_work_limbs(l)];
        let mut out = vec![0; l];
        for e in [
            vec![3],
            vec![0b1011],
            vec![0b1101],
            vec![65537],
            vec![0x8000_0001],
            vec![Limb::MAX],
            vec![0, 1],
            vec![next() | 1, next()],
        ] {
            let want = to_big(&base).modpow(&to_big(&e), &nb);
            pow_public(&mut out, &base, &e, &m, &mut work);
            assert_eq!(to_big(&out), want, "pow_public l={l}, e={e:x?}");
            pow_public_last::<true>(&mut out, &base, &e, &base, &m, &mut work);
            assert_eq!(
                to_big(&out),
                want,
                "pow_public_last::<true> l={l}, e={e:x?}"
            );
        }
    }
}

#[test]
fn work_size_is_monotonic() {
    for l in 1..=512 {
        assert!(secret_work_limbs(l + 1) >= secret_work_limbs(l));
        assert!(matches!(window_bits(l), 4..=6));
    }
}
