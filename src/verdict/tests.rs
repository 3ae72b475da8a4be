use super::*;

/// The constants: a bad verdict is at least 12 bit flips from the
/// valid one, whichever comparisons found a difference; the reject
/// value too.
#[test]
fn distances() {
    for v in [
        Verdict::VALID ^ DIFF_A,
        Verdict::VALID ^ DIFF_B,
        Verdict::VALID ^ DIFF_A ^ DIFF_B,
    ] {
        assert!((v ^ Verdict::VALID).count_ones() >= 12, "{v:#x}");
        // Bad verdicts are odd.
        assert_eq!(v & 1, 1, "{v:#x}");
    }
    assert_eq!(Verdict::REJECT.0, Verdict::VALID ^ DIFF_A ^ DIFF_B);
    // A skipped negation leaves `1 & DIFF_*`: no bit at all.
    assert_eq!(DIFF_A & 1, 0);
    assert_eq!(DIFF_B & 1, 0);
}

#[test]
fn from_diffs_truth_table() {
    let samples = [
        0u32,
        1,
        2,
        0x80,
        0xff,
        0x100,
        0x8000_0000,
        u32::MAX,
        0x1234_5678,
    ];
    for &a in &samples {
        for &b in &samples {
            let v = Verdict::from_diffs(a, b);
            assert_eq!(v.is_valid(), a == 0 && b == 0, "{a:#x} {b:#x}");
            assert_eq!(v.verification().is_ok(), a == 0 && b == 0);
        }
    }
    assert!(!Verdict::REJECT.is_valid());
    assert!(Verdict::REJECT.verification().is_err());
}

#[test]
fn diffs_detect_every_difference() {
    let a: [u8; 40] = core::array::from_fn(|i| (i * 37 + 11) as u8);
    assert_eq!(diff_forward(&a, &a), 0);
    assert_eq!(diff_backward(&a, &a), 0);
    for i in 0..a.len() {
        for bit in 0..8 {
            let mut b = a;
            b[i] ^= 1 << bit;
            assert_ne!(diff_forward(&a, &b), 0);
            assert_ne!(diff_backward(&a, &b), 0);
        }
    }
    // Different lengths differ, including by multiples of 2^32 on 64-bit.
    assert_ne!(diff_forward(&a[..], &a[..39]), 0);
    assert_ne!(diff_backward(&a[..], &a[..39]), 0);
    assert_eq!(diff_forward_const(&[7; 9], 7), 0);
    assert_eq!(diff_backward_const(&[7; 9], 7), 0);
    for i in 0..9 {
        let mut x = [7u8; 9];
        x[i] = 6;
        assert_ne!(diff_forward_const(&x, 7), 0);
        assert_ne!(diff_backward_const(&x, 7), 0);
    }
    let w: [u64; 3] = [1 << 40, 5, u64::MAX];
    let mut v = w;
    v[0] ^= 1 << 40;
    assert_ne!(diff_forward(&w, &v), 0);
    assert_ne!(diff_backward(&w, &v), 0);
    assert_eq!(diff_forward(&w, &w) | diff_backward(&w, &w), 0);
}
