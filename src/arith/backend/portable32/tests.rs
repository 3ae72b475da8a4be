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
