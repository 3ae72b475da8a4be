use super::*;

#[test]
fn mul_wide_16_matches_u64() {
    let edge = [
        0,
        1,
        2,
        0xffff,
        0x1_0000,
        0x8000_0000,
        0xffff_0000,
        0xffff_ffff,
        0x1234_5678,
    ];
    for &a in &edge {
        for &b in &edge {
            assert_eq!(mul_wide_16(a, b), a as u64 * b as u64, "{a:#x}·{b:#x}");
        }
    }
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..100_000 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let (a, b) = (s as u32, (s >> 32) as u32);
        assert_eq!(mul_wide_16(a, b), a as u64 * b as u64);
    }
}

#[test]
fn signed_product_matches_i64() {
    let edge = [
        0,
        1,
        -1,
        2,
        -2,
        0xffff,
        -0x1_0000,
        i32::MAX,
        i32::MIN,
        0x1234_5678,
    ];
    let check = |a: i32, b: i32| {
        let p = signed_product(a, b, mul_wide_16(a as u32, b as u32));
        assert_eq!(p, i64::from(a) * i64::from(b), "{a}·{b}");
    };
    for &a in &edge {
        for &b in &edge {
            check(a, b);
        }
    }
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..100_000 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        check(s as i32, (s >> 32) as i32);
    }
}
