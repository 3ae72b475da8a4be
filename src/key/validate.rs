//! Key validation on limbs (RFC 8017 §3.1, §3.2), written once for both
//! storages: the exact products behind `p·q = n`, the exponent checks
//! `e·d ≡ 1 mod (prime − 1)`, and the check of `qInv` (computed by
//! [`crate::arith::inv`]). Every
//! function is constant time in the values; times depend on lengths only
//! (public: the sizes of the primes are).

use zeroize::Zeroize;

use crate::arith::backend::portable32::mul_wide;
use crate::arith::{limbs, Limb, Modulus};
use crate::errors::{Error, Result};

/// `out = a·b` exactly, in the first `a.len() + b.len()` limbs of `out`
/// (schoolbook).
pub(crate) fn mul_exact(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    out[..a.len() + b.len()].fill(0);
    for (i, &ai) in a.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &bj) in b.iter().enumerate() {
            let t = mul_wide(ai, bj) + u64::from(out[i + j]) + carry;
            out[i + j] = t as Limb;
            carry = t >> 32;
        }
        out[i + b.len()] = carry as Limb;
    }
}

/// Scratch limbs of [`check_inverse_of_e`] for `e` of `el` limbs and `m`
/// of `w`.
// Sizes the heap key's work areas.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const fn inverse_of_e_work_limbs(el: usize, w: usize) -> usize {
    el + 3 * w + 1
}

/// Checks `e·x ≡ 1 mod m` (`m` even, non-zero; `x` as long as `m`).
///
/// # Errors
/// [`Error::InvalidExponent`] if it does not hold.
pub(crate) fn check_inverse_of_e(
    e: &[Limb],
    x: &[Limb],
    m: &[Limb],
    work: &mut [Limb],
) -> Result<()> {
    let (prod, rest) = work.split_at_mut(e.len() + x.len());
    let (r, rest) = rest.split_at_mut(m.len());
    mul_exact(prod, e, x);
    limbs::rem(r, prod, m, rest);
    let ok = limbs::ct_eq(&r[..1], &[1]) & limbs::ct_is_zero(&r[1..]) == 1;
    prod.zeroize();
    r.zeroize();
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidExponent)
    }
}

/// Scratch limbs of [`check_exponent`] for `e` of `el` limbs and a prime
/// of `w` significant limbs.
// Sizes the heap key's work areas.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const fn exponent_work_limbs(el: usize, w: usize) -> usize {
    2 * w + inverse_of_e_work_limbs(el, w)
}

/// Checks `e·d ≡ 1 mod (prime − 1)` for an odd prime above 1, over the
/// prime's own (public) width: the cost of the remainder is bits(d) ×
/// width, so a crafted key with many tiny primes is rejected quickly.
///
/// # Errors
/// [`Error::InvalidExponent`] if it does not hold.
pub(crate) fn check_exponent(
    e: &[Limb],
    d: &[Limb],
    prime: &[Limb],
    work: &mut [Limb],
) -> Result<()> {
    let w = limbs::significant_limbs(prime);
    let (pm1, rest) = work.split_at_mut(w);
    let (r, rest) = rest.split_at_mut(w);
    pm1.copy_from_slice(&prime[..w]);
    pm1[0] &= !1; // the prime is odd: p − 1 clears bit 0
    limbs::rem(r, d, pm1, rest);
    let result = check_inverse_of_e(e, r, pm1, rest);
    r.zeroize();
    pm1.zeroize();
    result
}

/// Whether `x < p` and `x·q ≡ 1 (mod p)`, for `qmodp = q mod p`; `y`, `xq`
/// (`h` limbs) and `t` (`2h`) are scratch.
pub(crate) fn is_inverse(
    p: &Modulus,
    x: &[Limb],
    qmodp: &[Limb],
    y: &mut [Limb],
    xq: &mut [Limb],
    t: &mut [Limb],
) -> bool {
    let t = &mut t[..2 * p.len()];
    p.mul(y, x, qmodp, t); // x·q·R⁻¹
    p.to_mont(xq, y, t); // (x·q·R⁻¹)·R²·R⁻¹ = x·q
    let ok = limbs::ct_lt(x, p.n()) & limbs::ct_eq(&xq[..1], &[1]) & limbs::ct_is_zero(&xq[1..]);
    y.zeroize();
    xq.zeroize();
    ok == 1
}
