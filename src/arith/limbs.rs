//! Limb-vector helpers outside the hot path: byte conversion, comparison,
//! addition and subtraction. Constant time unless a function says otherwise.

use super::Limb;

/// Number of limbs needed for `bits` bits.
pub const fn limbs_for_bits(bits: usize) -> usize {
    bits.div_ceil(32)
}

/// Reads big-endian `bytes` into little-endian limbs, zero-extended to
/// `out.len()`. Returns `false` (leaving `out` unspecified) if the value does
/// not fit; leading zero bytes are allowed. Timing depends only on lengths.
pub fn from_be_bytes(out: &mut [Limb], bytes: &[u8]) -> bool {
    out.fill(0);
    let mut overflow = 0u8;
    for (i, &b) in bytes.iter().rev().enumerate() {
        let limb = i / 4;
        if limb < out.len() {
            out[limb] |= (b as Limb) << (8 * (i % 4));
        } else {
            overflow |= b;
        }
    }
    overflow == 0
}

/// Writes `x` as exactly `out.len()` big-endian bytes. Limbs (or bytes of the
/// top limb) beyond `out.len()` must be zero; they are ignored.
pub fn to_be_bytes(out: &mut [u8], x: &[Limb]) {
    let len = out.len();
    for (i, o) in out.iter_mut().enumerate() {
        let pos = len - 1 - i; // byte index from the least significant end
        let limb = pos / 4;
        *o = if limb < x.len() {
            (x[limb] >> (8 * (pos % 4))) as u8
        } else {
            0
        };
    }
}

/// `a += b` over `a.len()` limbs (`b` zero-extended); returns the carry out.
pub fn add_assign(a: &mut [Limb], b: &[Limb]) -> Limb {
    let mut carry = 0u64;
    for (i, ai) in a.iter_mut().enumerate() {
        let bi = b.get(i).copied().unwrap_or(0);
        let s = (*ai as u64) + (bi as u64) + carry;
        *ai = s as Limb;
        carry = s >> 32;
    }
    carry as Limb
}

/// `a −= b` over `a.len()` limbs (`b` zero-extended); returns the borrow (0 or 1).
pub fn sub_assign(a: &mut [Limb], b: &[Limb]) -> Limb {
    let mut borrow = 0u64;
    for (i, ai) in a.iter_mut().enumerate() {
        let bi = b.get(i).copied().unwrap_or(0);
        let d = (*ai as u64).wrapping_sub(bi as u64).wrapping_sub(borrow);
        *ai = d as Limb;
        borrow = (d >> 63) & 1;
    }
    borrow as Limb
}

/// `a += b & mask` (`mask` all-ones or zero); returns the carry out.
pub fn cond_add_assign(a: &mut [Limb], b: &[Limb], mask: Limb) -> Limb {
    let mut carry = 0u64;
    for (ai, &bi) in a.iter_mut().zip(b) {
        let s = (*ai as u64) + ((bi & mask) as u64) + carry;
        *ai = s as Limb;
        carry = s >> 32;
    }
    carry as Limb
}

/// 1 if `a < b`, else 0 (equal lengths, or `b` zero-extended); constant time.
pub fn ct_lt(a: &[Limb], b: &[Limb]) -> Limb {
    let mut borrow = 0u64;
    for (i, &ai) in a.iter().enumerate() {
        let bi = b.get(i).copied().unwrap_or(0);
        let d = (ai as u64).wrapping_sub(bi as u64).wrapping_sub(borrow);
        borrow = (d >> 63) & 1;
    }
    // Any limbs of b beyond a's length make b larger if non-zero.
    let mut high = 0;
    for &bi in b.iter().skip(a.len()) {
        high |= bi;
    }
    (borrow as Limb) | is_nonzero(high)
}

/// 1 if `x` is zero, else 0; constant time.
pub fn ct_is_zero(x: &[Limb]) -> Limb {
    let acc = x.iter().fold(0, |acc, &w| acc | w);
    1 ^ is_nonzero(acc)
}

/// 1 if `a == b` (equal lengths), else 0; constant time.
pub fn ct_eq(a: &[Limb], b: &[Limb]) -> Limb {
    debug_assert_eq!(a.len(), b.len());
    let acc = a.iter().zip(b).fold(0, |acc, (&x, &y)| acc | (x ^ y));
    1 ^ is_nonzero(acc)
}

#[inline(always)]
fn is_nonzero(x: Limb) -> Limb {
    (x | x.wrapping_neg()) >> 31
}

/// Bit length of `x` (0 for zero). **Variable time**: for public values only.
pub fn bit_len(x: &[Limb]) -> usize {
    for i in (0..x.len()).rev() {
        if x[i] != 0 {
            return 32 * i + (32 - x[i].leading_zeros() as usize);
        }
    }
    0
}

/// Number of significant limbs of `x` (at least 1). **Variable time**.
pub fn significant_limbs(x: &[Limb]) -> usize {
    bit_len(x).div_ceil(32).max(1)
}

/// `r = x mod m` by binary long division, for any non-zero `m`; constant
/// time in the values of `x` and `m`, variable in `m`'s bit length only
/// (public: the size of a prime, like the modulus'). `r` has `m.len()` limbs;
/// `scratch` at least `m.len() + 1`. For one-off key checks, not the hot path.
///
/// The top `bits(m) − 1` bits of `x` are below `m` already, so they are
/// loaded at once; one conditional subtraction per remaining bit follows.
pub fn rem(r: &mut [Limb], x: &[Limb], m: &[Limb], scratch: &mut [Limb]) {
    let h = m.len();
    let acc = &mut scratch[..h + 1];
    acc.fill(0);
    let total = 32 * x.len();
    let preload = bit_len(m).saturating_sub(1).min(total);
    // Bits of x below the preloaded part; acc = x >> start (preload <
    // bits(m) ≤ 32h bits, so it fits in h limbs).
    let start = total - preload;
    let (ws, bs) = (start / 32, (start % 32) as u32);
    for (j, a) in acc[..h].iter_mut().enumerate() {
        let lo = x.get(ws + j).copied().unwrap_or(0);
        let hi = x.get(ws + j + 1).copied().unwrap_or(0);
        *a = if bs == 0 {
            lo
        } else {
            (lo >> bs) | (hi << (32 - bs))
        };
    }
    for i in (0..start).rev() {
        // One pass: acc = 2·acc + bit (acc < m, so 2·acc + 1 < 2m fits in
        // h + 1 limbs) and r = that minus m; then keep r unless it borrowed.
        let mut carry = (x[i / 32] >> (i % 32)) & 1;
        let mut borrow = 0 as Limb;
        for ((a, ri), &mi) in acc.iter_mut().zip(r.iter_mut()).zip(m) {
            let shifted = (*a << 1) | carry;
            carry = *a >> 31;
            *a = shifted;
            let (d, b1) = shifted.overflowing_sub(mi);
            let (d, b2) = d.overflowing_sub(borrow);
            *ri = d;
            borrow = (b1 | b2) as Limb;
        }
        let top = (acc[h] << 1) | carry;
        // top − borrow < 0 exactly when 2·acc + bit < m: then keep acc.
        let keep = ((top as u64).wrapping_sub(borrow as u64) >> 63) as Limb;
        let mask = keep.wrapping_sub(1); // all-ones: take r
        for (a, &ri) in acc.iter_mut().zip(r.iter()) {
            *a = (ri & mask) | (*a & !mask);
        }
        acc[h] = top & !mask;
    }
    r.copy_from_slice(&acc[..h]);
    acc.fill(0);
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn compare() {
        assert_eq!(ct_lt(&[1, 2], &[2, 2]), 1);
        assert_eq!(ct_lt(&[2, 2], &[2, 2]), 0);
        assert_eq!(ct_lt(&[3, 1], &[2, 2]), 1);
        assert_eq!(ct_lt(&[3, 1], &[3, 1, 1]), 1);
        assert_eq!(ct_lt(&[3, 1], &[3, 0, 0]), 0);
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
}
