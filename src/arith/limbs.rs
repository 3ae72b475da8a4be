//! Limb-vector helpers outside the hot path: byte conversion, comparison,
//! addition and subtraction. Constant time unless a function says otherwise.

use super::backend::portable32::mul_wide;
use super::Limb;

/// Number of limbs needed for `bits` bits.
pub const fn limbs_for_bits(bits: usize) -> usize {
    bits.div_ceil(32)
}

/// Reads big-endian `bytes` into little-endian limbs, zero-extended to
/// `out.len()`. Returns `false` (leaving `out` unspecified) if the value does
/// not fit; leading zero bytes are allowed. Timing depends only on lengths.
pub fn from_be_bytes(out: &mut [Limb], bytes: &[u8]) -> bool {
    // Four bytes per limb from the least significant end, then the short
    // chunk (fewer than four bytes) left at the front of `bytes`.
    let chunks = bytes.rchunks_exact(4);
    let head = chunks.remainder();
    let full = bytes.len() / 4;
    let mut overflow = 0;
    for (i, c) in chunks.enumerate() {
        let v = Limb::from_be_bytes([c[0], c[1], c[2], c[3]]);
        match out.get_mut(i) {
            Some(o) => *o = v,
            None => overflow |= v,
        }
    }
    let mut used = full.min(out.len());
    if !head.is_empty() {
        let v = head.iter().fold(0, |acc: Limb, &b| (acc << 8) | b as Limb);
        match out.get_mut(full) {
            Some(o) => {
                *o = v;
                used = full + 1;
            }
            None => overflow |= v,
        }
    }
    out[used..].fill(0);
    overflow == 0
}

/// Writes `x` as exactly `out.len()` big-endian bytes. Limbs (or bytes of the
/// top limb) beyond `out.len()` must be zero; they are ignored.
// One copy where the code is built for speed (the drop-in image has a caller
// per key type and capacity); the compact images inline their few callers.
#[cfg_attr(not(rsa_cortex_m_kernels = "compact"), inline(never))]
pub fn to_be_bytes(out: &mut [u8], x: &[Limb]) {
    // Four bytes per limb from the least significant end; the short chunk
    // at the front of `out` takes the low bytes of its limb.
    let full = out.len() / 4;
    let mut chunks = out.rchunks_exact_mut(4);
    for (i, c) in (&mut chunks).enumerate() {
        c.copy_from_slice(&x.get(i).copied().unwrap_or(0).to_be_bytes());
    }
    let head = chunks.into_remainder();
    let v = x.get(full).copied().unwrap_or(0);
    let m = head.len();
    for (j, o) in head.iter_mut().enumerate() {
        *o = (v >> (8 * (m - 1 - j))) as u8;
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

/// `a −= b & mask` (`mask` all-ones or zero); returns the borrow out.
pub fn cond_sub_assign(a: &mut [Limb], b: &[Limb], mask: Limb) -> Limb {
    let mut borrow = 0u64;
    for (ai, &bi) in a.iter_mut().zip(b) {
        let d = (*ai as u64)
            .wrapping_sub((bi & mask) as u64)
            .wrapping_sub(borrow);
        *ai = d as Limb;
        borrow = (d >> 63) & 1;
    }
    borrow as Limb
}

/// Swaps `a` and `b` where `mask` is all-ones (no-op where zero).
pub fn cswap(a: &mut [Limb], b: &mut [Limb], mask: Limb) {
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        let t = (*x ^ *y) & mask;
        *x ^= t;
        *y ^= t;
    }
}

/// `out = x·k` for a 64-bit `k` (`out.len() ≥ x.len() + 2`; limbs past
/// `x.len() + 2` are zeroed).
pub fn mul_u64(out: &mut [Limb], x: &[Limb], k: u64) {
    out.fill(0);
    for (i, &ki) in [k as Limb, (k >> 32) as Limb].iter().enumerate() {
        let mut carry = 0u64;
        for (j, &xj) in x.iter().enumerate() {
            let t = mul_wide(ki, xj) + out[i + j] as u64 + carry;
            out[i + j] = t as Limb;
            carry = t >> 32;
        }
        out[i + x.len()] = carry as Limb;
    }
}

/// 1 if `a < b`, else 0 (equal lengths, or the shorter zero-extended);
/// constant time.
#[inline(never)]
pub fn ct_lt(a: &[Limb], b: &[Limb]) -> Limb {
    // The borrow of a − b over the longer length, both zero-extended (one
    // loop: smaller than a second pass over the longer operand's tail).
    let mut borrow = 0u64;
    for i in 0..a.len().max(b.len()) {
        let ai = a.get(i).copied().unwrap_or(0);
        let bi = b.get(i).copied().unwrap_or(0);
        let d = (ai as u64).wrapping_sub(bi as u64).wrapping_sub(borrow);
        // opaque: without conditional execution (ARMv6-M) LLVM otherwise
        // sets the 0/1 borrow with a branch on the carry flag.
        borrow = u64::from(crate::verdict::opaque((d >> 32) as u32) >> 31);
    }
    borrow as Limb
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

/// 1 if the word `x` is non-zero, else 0, without a branch.
#[inline(always)]
pub fn is_nonzero(x: Limb) -> Limb {
    (x | x.wrapping_neg()) >> 31
}

/// 1 if the word `x` is zero, else 0, without a branch.
#[inline(always)]
pub fn is_zero(x: Limb) -> Limb {
    is_nonzero(x) ^ 1
}

/// Bit length of `x` (0 for zero). **Variable time**: for public values only.
///
/// Out of line: one copy serves the key loaders and the public
/// exponentiation (flash).
#[inline(never)]
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

/// `r = x mod m` by schoolbook long division, for any non-zero `m` (`r` is
/// zero for `m = 0`); constant time in the values of `x` and `m`, variable
/// in their lengths and in `m`'s bit length only (public: the size of a
/// prime, like the modulus'). `r` has `m.len()` limbs; `scratch` at least
/// `m.len() + 1`. For one-off key checks, not the hot path.
///
/// Knuth's algorithm D on the divisor normalized to a set top bit: one
/// quotient limb per limb of `x`, estimated from the top two limbs of the
/// running remainder by a branch-free 64/32 division (no `UDIV`: its timing
/// depends on the operands on Cortex-M), at most 2 too large, then fixed by
/// two masked add-backs.
pub fn rem(r: &mut [Limb], x: &[Limb], m: &[Limb], scratch: &mut [Limb]) {
    let bits = bit_len(m);
    if bits == 0 {
        r.fill(0);
        return;
    }
    let mh = bits.div_ceil(32); // significant limbs of m
    let s = (32 * mh - bits) as u32; // normalizing shift
                                     // Shifts of a limb pair by s, without a shift by 32 when s = 0.
    let shl = |hi: Limb, lo: Limb| ((((hi as u64) << 32 | lo as u64) << s) >> 32) as Limb;
    // r holds the normalized divisor M = m·2^s (mh limbs) until the end.
    for i in (0..mh).rev() {
        r[i] = shl(m[i], if i > 0 { m[i - 1] } else { 0 });
    }
    let (mtop, rem) = (r[mh - 1], &mut scratch[..mh + 1]);
    rem.fill(0);
    // Limbs of X = x·2^s from the top: X[k] for k = x.len() down to 0.
    for k in (0..=x.len()).rev() {
        let xk = shl(
            x.get(k).copied().unwrap_or(0),
            if k > 0 { x[k - 1] } else { 0 },
        );
        // rem = rem·2^32 + X[k] − q·M in one pass (rem < M before, so the
        // shifted value fits in mh + 1 limbs); the shift moves each limb up
        // as the subtraction passes, so no overlapping copy is needed.
        let lo = if mh >= 2 { rem[mh - 2] } else { xk };
        let q = quotient_estimate(rem[mh - 1], lo, mtop);
        let (mut carry, mut borrow, mut below) = (0u64, 0u64, xk);
        for (ri, &mi) in rem[..mh].iter_mut().zip(r[..mh].iter()) {
            let p = mul_wide(q, mi) + carry;
            carry = p >> 32;
            let d = (below as u64)
                .wrapping_sub(p & 0xffff_ffff)
                .wrapping_sub(borrow);
            below = *ri;
            *ri = d as Limb;
            borrow = d >> 63;
        }
        rem[mh] = (below as u64).wrapping_sub(carry).wrapping_sub(borrow) as Limb;
        // Now −2M ≤ rem < M: the top bit is the sign. Add M back while negative.
        for _ in 0..2 {
            let mask = (rem[mh] >> 31).wrapping_neg();
            let c = cond_add_assign(&mut rem[..mh], &r[..mh], mask);
            rem[mh] = rem[mh].wrapping_add(c);
        }
    }
    // r = rem / 2^s (rem < M, so rem[mh] = 0).
    r.fill(0);
    for i in 0..mh {
        let wide = (rem[i + 1] as u64) << 32 | rem[i] as u64;
        r[i] = (wide >> s) as Limb;
    }
    rem.fill(0);
}

/// `min(⌊(hi·2³² + lo) / d⌋, 2³² − 1)` for `d ≥ 2³¹` and `hi ≤ d`, by
/// restoring division, branch-free.
fn quotient_estimate(hi: Limb, lo: Limb, d: Limb) -> Limb {
    let capped = (1 - is_nonzero(hi ^ d)).wrapping_neg(); // hi = d: quotient ≥ 2³²
    let d = d as u64;
    let mut rem = (hi as u64) & !(capped as u64); // < d
    let mut q = 0 as Limb;
    for i in (0..32).rev() {
        rem = (rem << 1) | ((lo >> i) & 1) as u64; // < 2d < 2³³
        let ge = 1 - ((rem.wrapping_sub(d) >> 63) as Limb); // rem ≥ d
        rem = rem.wrapping_sub(d & (ge as u64).wrapping_neg());
        q |= ge << i;
    }
    q | capped
}

#[cfg(test)]
mod tests;
