use super::*;

#[test]
fn small_prime_tables() {
    let primes = small_primes();
    assert_eq!(primes[0], 3);
    assert_eq!(primes[NUM_SMALL_PRIMES - 1], 2039);
    assert_eq!(NUM_SMALL_PRIMES, 308);
    let mut covered = 0;
    for g in GROUPS.iter() {
        let m: u64 = primes[g.start as usize..g.end as usize]
            .iter()
            .map(|&p| p as u64)
            .product();
        assert_eq!(m, g.m as u64);
        assert!(m <= GROUP_MAX);
        assert_eq!(g.m.wrapping_mul(g.neg_inv), u32::MAX);
        covered += (g.end - g.start) as usize;
    }
    assert_eq!(covered, NUM_SMALL_PRIMES);
}

#[test]
fn trial_division_matches_remainders() {
    // x = 2039 · 3 · (2^64 + 1) and friends.
    let cases: [(&[Limb], bool); 5] = [
        (&[1, 0, 1], false), // 2^64 + 1 = 274177 · 67280421310721
        (&[6117, 0, 6117], true),
        (&[0x7fff_ffff, 0, 0], false), // 2^31 − 1 is prime
        (&[0x3b9a_ca07, 0, 0], false), // 1000000007 is prime
        (&[1_000_000_007u32.wrapping_mul(2039), 474, 0], true),
    ];
    for (x, expect) in cases {
        let mut by_rem = false;
        for &p in small_primes().iter() {
            let mut r = [0; 1];
            let mut s = [0; 2];
            limbs::rem(&mut r, x, &[p], &mut s);
            by_rem |= r[0] == 0;
        }
        assert_eq!(by_rem, expect, "{x:?}");
        assert_eq!(has_small_factor(x), expect, "{x:?}");
    }
}

#[test]
fn small_gcd_and_inverse() {
    for (a, b) in [(0u64, 65537u64), (12, 9), (65536, 65537), (10, 3), (6, 15)] {
        let mut g = (a, b);
        while g.0 != 0 {
            g = (g.1 % g.0, g.0);
        }
        assert_eq!(ct_gcd_u64(a, b), g.1, "gcd({a}, {b})");
    }
    let e = (1u64 << 33) - 1;
    for r in [1u64, 2, 12345, e - 1, 65536] {
        let s = ct_inv_mod_u64(r % e, e);
        if ct_gcd_u64(r % e, e) == 1 {
            assert_eq!((s as u128 * r as u128) % e as u128, 1, "r = {r}");
        }
    }
    let s = ct_inv_mod_u64(2, 65537);
    assert_eq!(s * 2 % 65537, 1);
}

#[test]
fn rounds_follow_table_b1() {
    assert_eq!(mr_rounds(2048, 1024), 5);
    assert_eq!(mr_rounds(3072, 1536), 4);
    assert_eq!(mr_rounds(4096, 2048), 4);
    assert_eq!(mr_rounds(1024, 512), 9);
    assert_eq!(mr_rounds(8192, 4096), 3);
}

#[test]
fn exact_division_and_long_division() {
    let e = 65537u64;
    let x = [0x1234_5678u32, 0x9abc_def0, 0x0fed_cba9, 0];
    let mut prod = [0; 6];
    limbs::mul_u64(&mut prod, &x, e);
    let mut q = [0; 6];
    exact_div_u64(&mut q, &mut prod, e);
    assert_eq!(&q[..4], &x);
    assert_eq!(&q[4..], &[0, 0]);
    let mut quot = [0; 4];
    let mut scratch = [0; 9];
    div_ct(&mut quot, &x, &[7, 0, 0, 0], &mut scratch);
    let v = |x: &[u32]| {
        x.iter()
            .rev()
            .fold(0u128, |acc, &w| (acc << 32) | w as u128)
    };
    assert_eq!(v(&quot), v(&x) / 7);
}

#[test]
fn private_exponent_matches_num_bigint() {
    use num_bigint::BigUint;
    use num_integer::Integer;
    // Odd p, q (primality is not needed by the arithmetic) whose p − 1
    // and q − 1 share powers of two and odd factors.
    let cases: [(u128, u128); 5] = [
        ((1 << 64) - 59, (1 << 64) - 83),
        (
            0xd1b5_4a32_d192_ed03 * 8 * 243 + 1,
            0xa409_3822_299f_31d1 * 32 * 9 + 1,
        ),
        (
            0x9e37_79b9_7f4a_7c15 * (1 << 20) + 1,
            0x2545_f491 * 3 * (1 << 20) + 1,
        ),
        ((1 << 127) - 1, (1 << 126) + 0x1234_5677),
        (0xffff_ffff_ffff_fffe_0000_0001, 0x1_0000_0000_0000_0003),
    ];
    let limbs = |x: u128| {
        [
            x as u32,
            (x >> 32) as u32,
            (x >> 64) as u32,
            (x >> 96) as u32,
        ]
    };
    let mut checked = 0;
    for (p, q) in cases {
        for e in [3u64, 17, 65537, (1 << 33) - 1] {
            let (bp, bq, be) = (BigUint::from(p), BigUint::from(q), BigUint::from(e));
            let one = BigUint::from(1u32);
            let (pm1, qm1) = (&bp - &one, &bq - &one);
            if pm1.gcd(&be) != one || qm1.gcd(&be) != one {
                continue;
            }
            let lambda = pm1.lcm(&qm1);
            let want = be.modinv(&lambda).unwrap();
            let mut work = [0 as Limb; 64];
            let big = private_exponent(&limbs(p), &limbs(q), e, 64, &mut work);
            let got = BigUint::from_slice(&work[..10]);
            assert_eq!(got, want, "p = {p:#x}, q = {q:#x}, e = {e}");
            assert_eq!(big, want > (one << 64u32));
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked}");
}

/// A linear congruential stream, to drive `miller_rabin` directly.
struct Counter(u32);

impl LimbSource for Counter {
    fn fill(&mut self, out: &mut [Limb]) -> Result<()> {
        for w in out {
            self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            *w = self.0 ^ 0x5555_5555;
        }
        Ok(())
    }
}

#[test]
fn miller_rabin_on_known_numbers() {
    // 2^127 − 1 (prime; p − 1 has one trailing zero).
    let m127 = [!0u32, !0, !0, 0x7fff_ffff];
    let mut work = [0; 200];
    assert!(miller_rabin(&m127, 8, &mut Counter(1), &mut work).unwrap());
    // 2^128 − 1 = F0·F1·…·F6: composite.
    assert!(!miller_rabin(&[!0u32; 4], 8, &mut Counter(2), &mut work).unwrap());
    // p·q with the 64-bit primes p = 2^64 − 59, q = 2^64 − 83.
    let p = (1u128 << 64) - 59;
    let q = (1u128 << 64) - 83;
    let n = [
        (p.wrapping_mul(q)) as u32,
        (p.wrapping_mul(q) >> 32) as u32,
        (p.wrapping_mul(q) >> 64) as u32,
        (p.wrapping_mul(q) >> 96) as u32,
    ];
    // p·q < 2^128: no wrap-around.
    assert!(!miller_rabin(&n, 8, &mut Counter(3), &mut work).unwrap());
    // The prime 2^128 − 159: p − 1 has 5 trailing zeros (2^127 − 1: one).
    let p159 = [0u32.wrapping_sub(159), !0, !0, !0];
    assert!(miller_rabin(&p159, 8, &mut Counter(4), &mut work).unwrap());
}
