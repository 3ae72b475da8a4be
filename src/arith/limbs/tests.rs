use super::*;

#[test]
fn bytes_round_trip() {
    let bytes = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07];
    let mut limbs = [0; 3];
    assert!(from_be_bytes(&mut limbs, &bytes));
    assert_eq!(limbs, [0x0405_0607, 0x0001_0203, 0]);
    let mut out = [0u8; 9];
    to_be_bytes(&mut out, &limbs);
    assert_eq!(out, [0, 0, 1, 2, 3, 4, 5, 6, 7]);
    assert!(!from_be_bytes(&mut limbs[..1], &bytes));
    assert!(from_be_bytes(&mut limbs[..1], &[0, 0, 0, 0, 0xff, 1, 2, 3]));
}

/// The word-wise conversions against byte-at-a-time references, for
/// every byte length (full and partial top limbs) and limb count.
#[test]
fn bytes_match_bytewise_reference() {
    let mut seed = 0x9e37_79b9u32;
    for len in 0..=21usize {
        let bytes: [u8; 21] = core::array::from_fn(|_| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 24) as u8
        });
        let bytes = &bytes[..len];
        for n in 0..=7usize {
            let mut want = [0 as Limb; 7];
            let mut fits = true;
            for (i, &b) in bytes.iter().rev().enumerate() {
                if i / 4 < n {
                    want[i / 4] |= (b as Limb) << (8 * (i % 4));
                } else if b != 0 {
                    fits = false;
                }
            }
            let mut got = [0x5a5a_5a5a; 7];
            assert_eq!(from_be_bytes(&mut got[..n], bytes), fits, "len {len} n {n}");
            if fits {
                assert_eq!(got[..n], want[..n], "len {len} n {n}");
            }
            for k in 0..=21usize {
                let mut out = [0xa5u8; 21];
                to_be_bytes(&mut out[..k], &want[..n]);
                for (j, &o) in out[..k].iter().enumerate() {
                    let pos = k - 1 - j;
                    let w = if pos / 4 < n {
                        (want[pos / 4] >> (8 * (pos % 4))) as u8
                    } else {
                        0
                    };
                    assert_eq!(o, w, "to_be_bytes k {k} n {n}");
                }
            }
        }
    }
}

#[test]
fn compare() {
    assert_eq!(ct_lt(&[1, 2], &[2, 2]), 1);
    assert_eq!(ct_lt(&[2, 2], &[2, 2]), 0);
    assert_eq!(ct_lt(&[3, 1], &[2, 2]), 1);
    assert_eq!(ct_lt(&[3, 1], &[3, 1, 1]), 1);
    assert_eq!(ct_lt(&[3, 1], &[3, 0, 0]), 0);
    assert_eq!(ct_lt(&[3, 1, 0], &[3, 1]), 0);
    assert_eq!(ct_lt(&[3, 0, 0], &[3, 1]), 1);
    assert_eq!(ct_lt(&[3, 1, 1], &[u32::MAX, u32::MAX]), 0);
    assert_eq!(ct_lt(&[], &[0]), 0);
    assert_eq!(ct_lt(&[], &[1]), 1);
    assert_eq!(ct_is_zero(&[0, 0]), 1);
    assert_eq!(ct_is_zero(&[0, 1 << 31]), 0);
    assert_eq!(bit_len(&[0, 1]), 33);
    assert_eq!(bit_len(&[0, 0]), 0);
}

#[test]
fn remainder() {
    let mut r = [0; 2];
    let mut s = [0; 3];
    // (2^64 + 5) mod (2^32 + 1) = 2^32·(2^32) + 5 ≡ (−1)·(2^32)+5 ≡ 1 + 5 = 6
    rem(&mut r, &[5, 0, 1], &[1, 1], &mut s);
    assert_eq!(r, [6, 0]);
    rem(&mut r, &[u32::MAX, u32::MAX], &[10, 0], &mut s);
    assert_eq!(r, [(u64::MAX % 10) as u32, 0]);
}
