extern crate std;
use super::super::portable32 as portable;
use super::*;
use crate::test_support::XorShift64Star;
use std::format;
use std::vec;
use std::vec::Vec;

/// The high halves of xorshift64*'s outputs.
struct Rng(XorShift64Star);
impl Rng {
    fn next(&mut self) -> u32 {
        (self.0.next_u64() >> 32) as u32
    }
    /// All-ones limbs when `ones`, else [`Self::limbs`].
    fn limbs_or_ones(&mut self, n: usize, ones: bool) -> Vec<Limb> {
        if ones {
            vec![u32::MAX; n]
        } else {
            self.limbs(n)
        }
    }

    /// Mostly uniform words, sometimes all-ones or zero limbs.
    fn limbs(&mut self, n: usize) -> Vec<Limb> {
        let mode = self.next() % 8;
        (0..n)
            .map(|_| match mode {
                0 => u32::MAX,
                1 => 0,
                2 => {
                    if self.next() & 1 == 0 {
                        u32::MAX
                    } else {
                        self.next()
                    }
                }
                _ => self.next(),
            })
            .collect()
    }
}

fn lengths() -> impl Iterator<Item = usize> {
    (1..=72).chain([96, 128, 160, 272])
}

/// −n⁻¹ mod 2³² for odd n (Newton iteration).
fn neg_inv(n: u32) -> u32 {
    let mut x = n; // correct to 3 bits
    for _ in 0..5 {
        x = x.wrapping_mul(2u32.wrapping_sub(n.wrapping_mul(x)));
    }
    x.wrapping_neg()
}

fn odd_modulus(rng: &mut Rng, len: usize) -> Vec<Limb> {
    let mut n = rng.limbs(len);
    n[0] |= 1;
    if n[len - 1] == 0 {
        n[len - 1] = 1 + (rng.next() >> 1);
    }
    n
}

/// The moduli of the tests' rounds: all ones (round 0), 2^(32·len − 1) + 1
/// (round 1, the smallest top word with the top bit set), random odd
/// (every other round).
fn modulus_for_round(rng: &mut Rng, len: usize, round: usize) -> Vec<Limb> {
    match round {
        0 => vec![u32::MAX; len],
        1 => {
            let mut n = vec![0; len];
            n[0] = 1;
            n[len - 1] |= 1 << 31;
            n
        }
        _ => odd_modulus(rng, len),
    }
}

#[test]
fn mul_sqr_match_portable() {
    let mut rng = Rng(XorShift64Star(0x1234_5678_9abc_def1));
    for len in lengths() {
        for round in 0..6 {
            let a = rng.limbs_or_ones(len, round == 0);
            let b = rng.limbs_or_ones(len, round == 1);
            check(
                2 * len,
                &format!("mul len {len} round {round}"),
                |want| portable::mul(want, &a, &b),
                |got| mul(got, &a, &b),
            );
            check(
                2 * len,
                &format!("sqr len {len} round {round}"),
                |want| portable::sqr(want, &a),
                |got| sqr(got, &a),
            );
        }
    }
}

/// The squarings on rsa_cm_s5x128 (48 and 64 unrolled, 96 and 128 as a
/// loop whose blocks enter the stream through a stub per entry step mod
/// 8): more rounds than above, all-ones, one-hot limbs (a carry
/// crossing each block edge) and random.
#[test]
fn sqr_on_the_fixed_stream_matches_portable() {
    let mut rng = Rng(XorShift64Star(0x0dd5_9a7e_1280_0096));
    for len in [48usize, 64, 96, 128] {
        for round in 0..40 {
            let a = match round {
                0 => vec![u32::MAX; len],
                1..=8 => {
                    let mut a = vec![u32::MAX; len];
                    a[(round * 13) % len] = 0;
                    a
                }
                9..=16 => {
                    let mut a = vec![0; len];
                    a[(round * 17) % len] = u32::MAX;
                    a[len - 1] |= 1;
                    a
                }
                _ => rng.limbs(len),
            };
            let mut want = vec![0; 2 * len];
            let mut got = vec![0xa5a5_5a5a; 2 * len + 3];
            portable::sqr(&mut want, &a);
            sqr(&mut got, &a);
            assert_eq!(got[..2 * len], want[..], "sqr len {len} round {round}");
            assert_eq!(got[2 * len..], [0; 3], "sqr len {len} round {round}: tail");
        }
    }
}

/// A kernel against portable32's: `reference` and `kernel` write `len`
/// limbs, the kernel's output starting as garbage.
fn check(
    len: usize,
    what: &str,
    reference: impl FnOnce(&mut [Limb]),
    kernel: impl FnOnce(&mut [Limb]),
) {
    let mut want = vec![0; len];
    let mut got = vec![0x1357_9bdf; len];
    reference(&mut want);
    kernel(&mut got);
    assert_eq!(got, want, "{what}");
}

/// REDC of `t` against portable32's (each on its own copy of `t`).
fn check_redc(t: &[Limb], n: &[Limb], n0: Limb, what: &str) {
    let (mut t1, mut t2) = (t.to_vec(), t.to_vec());
    check(
        n.len(),
        &format!("redc {what} len {}", n.len()),
        |want| portable::redc(want, &mut t1, n, n0),
        |got| redc(got, &mut t2, n, n0),
    );
}

#[test]
fn redc_matches_portable() {
    let mut rng = Rng(XorShift64Star(0xfeed_f00d_0bad_cafe));
    for len in lengths() {
        for round in 0..8 {
            let n = modulus_for_round(&mut rng, len, round);
            let n0 = neg_inv(n[0]);
            // t = a·b with a, b < n: t < n² < n·R.
            let mut a = rng.limbs(len);
            let mut b = rng.limbs(len);
            a[len - 1] = a[len - 1].min(n[len - 1].saturating_sub(1));
            b[len - 1] = b[len - 1].min(n[len - 1].saturating_sub(1));
            let mut t = vec![0; 2 * len];
            portable::mul(&mut t, &a, &b);
            check_redc(&t, &n, n0, "random");
            // (n−1)² and (n−1)·R-ish extremes.
            let mut nm1 = n.clone();
            nm1[0] -= 1;
            portable::mul(&mut t, &nm1, &nm1);
            check_redc(&t, &n, n0, "(n-1)^2");
            // t just below n·R: n·R − 1 = (n−1)·R + (R − 1).
            let mut t = vec![u32::MAX; 2 * len];
            t[len..].copy_from_slice(&nm1);
            check_redc(&t, &n, n0, "nR-1");
            // t = 0 and t = 1.
            let mut t = vec![0; 2 * len];
            check_redc(&t, &n, n0, "zero");
            t[0] = 1;
            check_redc(&t, &n, n0, "one");
            // Random top half below n.
            let mut t = rng.limbs(2 * len);
            t[2 * len - 1] = t[2 * len - 1].min(n[len - 1].saturating_sub(1));
            check_redc(&t, &n, n0, "random t");
        }
    }
}

/// The lazy REDC: for any t < R² (all-ones included), r < R (it has len
/// limbs) and r·R ≡ t (mod n).
#[test]
fn redc_lazy_is_congruent() {
    use num_bigint::BigUint;
    let mut rng = Rng(XorShift64Star(0x1a2b_3c4d_5e6f_7081));
    for len in lengths() {
        let r_big = BigUint::from(1u8) << (32 * len);
        for round in 0..8 {
            let n = modulus_for_round(&mut rng, len, round);
            let n0 = neg_inv(n[0]);
            let nb = BigUint::from_slice(&n);
            for kind in 0..3 {
                let t = match kind {
                    0 => vec![u32::MAX; 2 * len],
                    1 => rng.limbs(2 * len),
                    _ => {
                        // a·b for a, b < R, as in the exponentiation.
                        let (a, b) = (rng.limbs(len), rng.limbs(len));
                        let mut t = vec![0; 2 * len];
                        portable::mul(&mut t, &a, &b);
                        t
                    }
                };
                let mut t1 = t.clone();
                let mut got = vec![0x2468_ace0; len];
                redc_lazy(&mut got, &mut t1, &n, n0);
                let lhs = (BigUint::from_slice(&got) * &r_big) % &nb;
                let rhs = BigUint::from_slice(&t) % &nb;
                assert_eq!(lhs, rhs, "redc_lazy len {len} round {round} kind {kind}");
            }
        }
    }
}

/// sqr_n_mul_lazy(a, t, n, n0, k, b, not_n) against the step-by-step
/// loop (sqr and redc_lazy k times, then mul and redc_lazy by b), with
/// and without the product and `!n`; t starts as garbage.
fn check_window(a: &[Limb], b: &[Limb], n: &[Limb], k: usize, label: &str) {
    let len = n.len();
    let n0 = neg_inv(n[0]);
    let not_n: Vec<Limb> = n.iter().map(|w| !w).collect();
    for (with_b, pass_not_n) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut want = a.to_vec();
        let mut t = vec![0; 2 * len];
        for _ in 0..k {
            sqr(&mut t, &want);
            redc_lazy(&mut want, &mut t, n, n0);
        }
        if with_b {
            mul(&mut t, &want, b);
            redc_lazy(&mut want, &mut t, n, n0);
        }
        let mut got = a.to_vec();
        let mut t = vec![0x9999_9999; 2 * len];
        let bb = if with_b { Some(b) } else { None };
        let nn = if pass_not_n { Some(&not_n[..]) } else { None };
        sqr_n_mul_lazy(&mut got, &mut t, n, n0, k, bb, nn);
        assert_eq!(got, want, "{label} k {k} b {with_b} not_n {pass_not_n}");
    }
}

/// The lazy final step's subtraction (top = 1: the REDC sum reaches R)
/// with and without `!n`: for n = 2^(32·len−1) + 1 and a = b = R − 1 the
/// first squaring's REDC has top = 1 (checked here with big integers,
/// so that the case cannot silently vanish), and sqr_n_mul_lazy must
/// match the step-by-step loop.
#[test]
fn sqr_n_mul_lazy_top_carry() {
    use num_bigint::BigUint;
    for len in [5usize, 32, 48, 64] {
        let mut n = vec![0; len];
        n[0] = 1;
        n[len - 1] = 1 << 31;
        let a = vec![u32::MAX; len];
        let r = BigUint::from(1u8) << (32 * len);
        let nb = BigUint::from_slice(&n);
        let ab = BigUint::from_slice(&a);
        let t = &ab * &ab;
        // q = −t·n⁻¹ mod R; the REDC sum (t + q·n)/R reaches R.
        let n_inv = nb.modinv(&r).unwrap();
        let q = (&r - (&t * &n_inv) % &r) % &r;
        assert!((&t + &q * &nb) / &r >= r, "len {len}: top = 1");
        for k in 1..4 {
            check_window(&a, &a, &n, k, &format!("top carry len {len}"));
        }
    }
}

/// sqr_n_mul_lazy (the compact set: rsa_cm_window, at every length;
/// the fast set: its fused kernels at 32, 48 and 64 limbs) against sqr
/// and redc_lazy k times, then mul and redc_lazy (the same function of
/// a and b, even for a ≥ n: both are exact up to the lazy step), for any
/// a, b < R; with `!n` from the caller and without.
#[test]
fn sqr_n_mul_lazy_matches_the_loop() {
    let mut rng = Rng(XorShift64Star(0x5eed_0f5a_0a11));
    for len in [1usize, 2, 3, 4, 5, 8, 17, 31, 32, 33, 48, 64, 96] {
        for round in 0..10 {
            let n = modulus_for_round(&mut rng, len, round);
            let a = rng.limbs_or_ones(len, round == 2);
            let b = rng.limbs_or_ones(len, round == 3);
            for k in [0, 1, 2, 3, 4, 5, 6, 16] {
                check_window(&a, &b, &n, k, &format!("len {len} round {round}"));
            }
        }
    }
}

/// sqr_run_lazy (the fast set at 96 and 128 limbs: rsa_cm_sqr_run96128)
/// against sqr and redc_lazy k times, from a separate source and in place,
/// t starting as garbage and a guarded on both sides; with n =
/// 2^(32·len−1) + 1 and an all-ones operand the first reduction's top
/// carry is set (as in sqr_n_mul_lazy_top_carry).
#[test]
fn sqr_run_lazy_matches_the_loop() {
    if !sqr_run_fused(96) {
        return;
    }
    let mut rng = Rng(XorShift64Star(0x5eed_0f5a_0a12));
    for len in [96usize, 128] {
        for round in 0..8 {
            let n = if round == 7 {
                let mut n = vec![0; len];
                n[0] = 1;
                n[len - 1] = 1 << 31;
                n
            } else {
                modulus_for_round(&mut rng, len, round)
            };
            let n0 = neg_inv(n[0]);
            let src = rng.limbs_or_ones(len, round == 2 || round == 7);
            for k in [1usize, 2, 3, 16] {
                let mut want = src.clone();
                let mut t = vec![0; 2 * len];
                for _ in 0..k {
                    sqr(&mut t, &want);
                    redc_lazy(&mut want, &mut t, &n, n0);
                }
                for from_src in [false, true] {
                    let guard = 0x5a5a_5a5a;
                    let mut buf = vec![guard; len + 2];
                    if !from_src {
                        buf[1..=len].copy_from_slice(&src);
                    }
                    let mut t = vec![0x9999_9999; 2 * len];
                    let label = format!("len {len} round {round} k {k} from_src {from_src}");
                    sqr_run_lazy(
                        &mut buf[1..=len],
                        from_src.then_some(&src[..]),
                        &mut t,
                        &n,
                        n0,
                        k,
                    );
                    assert_eq!(&buf[1..=len], &want[..], "{label}");
                    assert!(buf[0] == guard && buf[len + 1] == guard, "{label}: guards");
                }
            }
        }
    }
}

#[test]
fn select_matches_portable() {
    let mut rng = Rng(XorShift64Star(0x0dd_ba11_5eed));
    for len in lengths() {
        for count in [1usize, 2, 3, 8, 16, 17, 32] {
            let table = rng.limbs(len * count);
            for index in 0..count {
                check(
                    len,
                    &format!("select len {len} count {count} index {index}"),
                    |want| portable::select(want, &table, index),
                    |got| select(got, &table, index),
                );
            }
        }
    }
    // The largest tables the assembly takes.
    for count in [255usize, 256] {
        let table = rng.limbs(3 * count);
        for index in [0, 1, 100, count - 1] {
            check(
                3,
                &format!("select count {count} index {index}"),
                |want| portable::select(want, &table, index),
                |got| select(got, &table, index),
            );
        }
    }
}

/// pow_windows4_lazy against select and sqr_n_mul_lazy window by window
/// (the fast set runs it at 32, 48 and 64 limbs in one call; elsewhere it
/// must decline and leave `a` alone), for 1 to 256 windows, tables with all-ones
/// entries, the moduli of `modulus_for_round` and all-ones and random
/// exponents; `t` starts as garbage.
#[test]
fn pow_windows4_lazy_matches_the_loop() {
    let mut rng = Rng(XorShift64Star(0x0b0e_4a11_d0ff));
    for len in [16usize, 32, 48, 64] {
        for round in 0..6 {
            let n = modulus_for_round(&mut rng, len, round);
            let n0 = neg_inv(n[0]);
            let not_n: Vec<Limb> = n.iter().map(|w| !w).collect();
            let table: Vec<Limb> = (0..16)
                .flat_map(|e| rng.limbs_or_ones(len, round == 2 && e % 5 == 0))
                .collect();
            let exp: Vec<Limb> = if round == 3 {
                vec![u32::MAX; 32]
            } else {
                (0..32).map(|_| rng.next()).collect()
            };
            for windows in [1usize, 2, 7, 8, 9, 33, 256] {
                let a = rng.limbs(len);
                let mut want = a.clone();
                let mut t = vec![0; 2 * len];
                let mut sel = vec![0; len];
                for w in (0..windows).rev() {
                    let index = ((exp[w / 8] >> (4 * (w % 8))) & 15) as usize;
                    select(&mut sel, &table, index);
                    sqr_n_mul_lazy(&mut want, &mut t, &n, n0, 4, Some(&sel), Some(&not_n));
                }
                let mut pow = |a: &mut [Limb], t: &mut [Limb], not_n: Option<&[Limb]>| {
                    pow_windows4_lazy(
                        a,
                        t,
                        &mut sel,
                        &n,
                        n0,
                        &mut table.clone(),
                        &exp,
                        windows,
                        not_n,
                    )
                };
                let mut got = a.clone();
                let done = pow(&mut got, &mut vec![0x9999_9999; 2 * len], Some(&not_n));
                let mut untouched = a.clone();
                let declined = !pow(&mut untouched, &mut vec![0; 2 * len], None);
                assert!(declined && untouched == a, "len {len}: no !n, declined");
                let fused =
                    cfg!(not(rsa_cortex_m_kernels = "compact")) && matches!(len, 32 | 48 | 64);
                assert_eq!(done, fused, "len {len}: declined or not");
                if done {
                    assert_eq!(got, want, "len {len} round {round} windows {windows}");
                } else {
                    assert_eq!(got, a, "len {len}: untouched when declined");
                }
            }
        }
    }
}

/// `zero` clears exactly the slice it is given, at every residue of the
/// eight-word stores, the empty slice included.
#[test]
fn zero_clears_exactly_its_limbs() {
    use core::mem::MaybeUninit;
    for len in 0..=40 {
        let mut buf = vec![MaybeUninit::new(0xa5a5_a5a5 as Limb); len + 6];
        crate::arith::kernels::zero(&mut buf[3..3 + len]);
        // SAFETY: every element was initialised by `vec!`.
        let words: Vec<Limb> = buf.iter().map(|w| unsafe { w.assume_init() }).collect();
        for (i, &w) in words.iter().enumerate() {
            let inside = (3..3 + len).contains(&i);
            assert_eq!(
                w,
                if inside { 0 } else { 0xa5a5_a5a5 },
                "len {len}, limb {i}"
            );
        }
    }
}

/// pow_windows4_lazy writes only inside `a`, `t`, `sel` and `table` (guard
/// words around each stay), and leaves the table as it documents: as it was
/// at 32 limbs, stored group by group at 48 and 64 (entry e's words
/// 8g..8g+8 at block 16g + e).
#[test]
fn pow_windows4_lazy_stays_in_its_buffers() {
    // The compact set has no one-call windows (it declines: checked above).
    if cfg!(rsa_cortex_m_kernels = "compact") {
        return;
    }
    const GUARD: usize = 8;
    const MARK: Limb = 0x5a5a_c3c3;
    let guarded = |words: &[Limb]| {
        let mut v = vec![MARK; GUARD];
        v.extend_from_slice(words);
        v.extend(core::iter::repeat_n(MARK, GUARD));
        v
    };
    let guards_intact = |v: &[Limb]| {
        v[..GUARD]
            .iter()
            .chain(&v[v.len() - GUARD..])
            .all(|&w| w == MARK)
    };
    let mut rng = Rng(XorShift64Star(0x6a4d_5e1f_0bad));
    for len in [32usize, 48, 64] {
        let n = odd_modulus(&mut rng, len);
        let n0 = neg_inv(n[0]);
        let not_n: Vec<Limb> = n.iter().map(|w| !w).collect();
        let table: Vec<Limb> = (0..16).flat_map(|_| rng.limbs(len)).collect();
        let exp: Vec<Limb> = (0..4).map(|_| rng.next()).collect();
        let mut a = guarded(&rng.limbs(len));
        let mut t = guarded(&vec![0x9999_9999; 2 * len]);
        let mut sel = guarded(&vec![0; len]);
        let mut tab = guarded(&table);
        let end = |v: &Vec<Limb>| v.len() - GUARD;
        let (ae, te, se, be) = (end(&a), end(&t), end(&sel), end(&tab));
        assert!(pow_windows4_lazy(
            &mut a[GUARD..ae],
            &mut t[GUARD..te],
            &mut sel[GUARD..se],
            &n,
            n0,
            &mut tab[GUARD..be],
            &exp,
            25,
            Some(&not_n),
        ));
        for (name, v) in [("a", &a), ("t", &t), ("sel", &sel), ("table", &tab)] {
            assert!(guards_intact(v), "len {len}: {name}'s guard words");
        }
        let after = &tab[GUARD..be];
        for e in 0..16 {
            for g in 0..len / 8 {
                let block = if len == 32 {
                    e * len / 8 + g
                } else {
                    16 * g + e
                };
                assert_eq!(
                    after[8 * block..8 * block + 8],
                    table[e * len + 8 * g..e * len + 8 * g + 8],
                    "len {len}: entry {e}, group {g}"
                );
            }
        }
    }
}
