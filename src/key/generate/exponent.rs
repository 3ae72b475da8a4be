//! The private exponent `d = e⁻¹ mod λ(n)` in constant time: binary GCD,
//! long division and exact division by `e` (see the parent module).

use super::*;

/// `x = x >> 1` where `mask` is all-ones, unchanged where it is zero.
pub(super) fn shr1_masked(x: &mut [Limb], mask: Limb) {
    let len = x.len();
    for i in 0..len {
        let next = if i + 1 < len { x[i + 1] } else { 0 };
        let shifted = (x[i] >> 1) | (next << 31);
        x[i] = (shifted & mask) | (x[i] & !mask);
    }
}

/// `q = ⌊x / m⌋` (`q` as long as `x`), for non-zero `m`: binary long
/// division, one conditional subtraction per bit of `x`, constant time.
/// `scratch` ≥ `2·m.len() + 1` limbs.
pub(super) fn div_ct(q: &mut [Limb], x: &[Limb], m: &[Limb], scratch: &mut [Limb]) {
    let h = m.len();
    let (acc, rest) = scratch.split_at_mut(h + 1);
    let r = &mut rest[..h];
    acc.fill(0);
    q.fill(0);
    for i in (0..32 * x.len()).rev() {
        let mut carry = (x[i / 32] >> (i % 32)) & 1;
        for w in acc.iter_mut() {
            let next = *w >> 31;
            *w = (*w << 1) | carry;
            carry = next;
        }
        r.copy_from_slice(&acc[..h]);
        let borrow = limbs::sub_assign(r, m);
        let keep = ((acc[h] as u64).wrapping_sub(borrow as u64) >> 63) as Limb; // 1: acc < m
        let mask = keep.wrapping_sub(1); // all-ones: subtract
        for (a, &ri) in acc.iter_mut().zip(r.iter()) {
            *a = (ri & mask) | (*a & !mask);
        }
        acc[h] &= !mask;
        q[i / 32] |= (1 ^ keep) << (i % 32);
    }
    acc.zeroize();
    r.zeroize();
}

/// `q = x / e` for odd `e` dividing `x` exactly (Hensel division from the
/// low limb; `x` is consumed). Constant time.
pub(super) fn exact_div_u64(q: &mut [Limb], x: &mut [Limb], e: u64) {
    let inv = inv_limb(e as u32);
    let (e_lo, e_hi) = (e as u32, (e >> 32) as u32);
    for i in 0..x.len() {
        let qi = x[i].wrapping_mul(inv);
        q[i] = qi;
        let t0 = mul_wide(qi, e_lo);
        let t1 = (t0 >> 32) + mul_wide(qi, e_hi);
        let sub = [t0 as Limb, t1 as Limb, (t1 >> 32) as Limb];
        limbs::sub_assign(&mut x[i..], &sub);
    }
}

/// Computes `d = e⁻¹ mod lcm(p − 1, q − 1)` into `work[..2w + 2]` (`p`, `q`
/// odd primes of `w` limbs with `gcd(e, p − 1) = gcd(e, q − 1) = 1` and
/// fewer than 32 trailing zeros in `p − 1`); `false` if `d ≤ 2^half_bits`.
pub(super) fn private_exponent(
    p: &[Limb],
    q: &[Limb],
    e: u64,
    half_bits: usize,
    work: &mut [Limb],
) -> bool {
    let w = p.len();
    let used = 12 * w + 6;
    let work = &mut work[..used];
    let (d, rest) = work.split_at_mut(2 * w + 2);
    let (a, rest) = rest.split_at_mut(w);
    let (b, rest) = rest.split_at_mut(w);
    let (b_t, rest) = rest.split_at_mut(w);
    let (quot, rest) = rest.split_at_mut(w);
    let (lambda, rest) = rest.split_at_mut(2 * w);
    let (prod, rest) = rest.split_at_mut(2 * w + 2);
    let scratch = &mut rest[..2 * w + 1];

    a.copy_from_slice(p);
    a[0] &= !1;
    b.copy_from_slice(q);
    b[0] &= !1;
    // Remove the common factor 2^t (t ≤ 31): afterwards one of a, b is odd.
    for _ in 0..32 {
        let both_even = ((a[0] | b[0]) & 1) ^ 1;
        let mask = both_even.wrapping_neg();
        shr1_masked(a, mask);
        shr1_masked(b, mask);
    }
    b_t.copy_from_slice(b); // (q − 1) / 2^t
                            // Binary GCD with b odd: gcd(p − 1, q − 1) = 2^t·b at the end.
    let b_even = ((b[0] & 1) ^ 1).wrapping_neg();
    limbs::cswap(a, b, b_even);
    for _ in 0..64 * w {
        let odd = (a[0] & 1).wrapping_neg();
        let swap = odd & limbs::ct_lt(a, b).wrapping_neg();
        limbs::cswap(a, b, swap);
        limbs::cond_sub_assign(a, b, odd);
        shr1_masked(a, !0);
    }
    // λ = (p − 1)·((q − 1) / gcd) = (p − 1)·((q − 1)/2^t / b).
    div_ct(quot, b_t, b, scratch);
    a.copy_from_slice(p);
    a[0] &= !1;
    kernels::mul(lambda, a, quot);
    // d = (1 + k·λ)/e with k = −λ⁻¹ mod e: exact, and d < λ.
    let el = [e as Limb, (e >> 32) as Limb];
    let mut r = [0 as Limb; 2];
    limbs::rem(&mut r, lambda, &el, &mut scratch[..3]);
    let s = ct_inv_mod_u64(r[0] as u64 | (r[1] as u64) << 32, e);
    limbs::mul_u64(prod, lambda, e - s);
    limbs::add_assign(prod, &[1]);
    exact_div_u64(d, prod, e);
    // FIPS 186-5 A.1.1: 2^(nlen/2) < d, i.e. d − 1 ≥ 2^(nlen/2).
    prod[..2 * w + 2].copy_from_slice(d);
    limbs::sub_assign(prod, &[1]);
    let big_enough = bits_from(prod, half_bits) != 0;
    r.zeroize();
    let (_, secrets) = work.split_at_mut(2 * w + 2);
    secrets.zeroize();
    big_enough
}
