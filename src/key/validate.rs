//! Key validation on limbs (RFC 8017 §3.1, §3.2), written once for both
//! storages: the exact products behind `p·q = n`, the exponent checks
//! `e·d ≡ 1 mod (prime − 1)`, and the check of `qInv` (computed by
//! [`crate::arith::inv`]). Every
//! function is constant time in the values; times depend on lengths only
//! (public: the sizes of the primes are).

use zeroize::Zeroize;

use crate::arith::backend::portable32::mul_wide;
use crate::arith::{inv, limbs, max_len, Limb, Modulus};
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

/// Scratch limbs of [`crt_exponent`] for `e` of `el` limbs and a prime of
/// `w` limbs.
// Sizes the heap key's work areas.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const fn crt_exponent_work_limbs(el: usize, w: usize) -> usize {
    w + inverse_of_e_work_limbs(el, w)
}

/// `r = d mod (prime − 1)` (RFC 8017 §3.2 `dP`, `dQ`; `r` as long as the
/// odd `prime`, which is above 1) and the check `e·r ≡ 1 mod (prime − 1)`.
/// The cost of the remainder is bits(d) × the prime's length: the callers
/// pass the prime's own (public) width, so that a crafted key with many
/// tiny primes is rejected quickly.
///
/// # Errors
/// [`Error::InvalidExponent`] if the check fails.
pub(crate) fn crt_exponent(
    e: &[Limb],
    d: &[Limb],
    prime: &[Limb],
    r: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    let (pm1, rest) = work.split_at_mut(prime.len());
    pm1.copy_from_slice(prime);
    pm1[0] &= !1; // the prime is odd: p − 1 clears bit 0
    limbs::rem(r, d, pm1, rest);
    let result = check_inverse_of_e(e, r, pm1, rest);
    pm1.zeroize();
    result
}

/// Scratch limbs of [`crt_coefficient`] for a prime of `h` limbs.
pub(crate) const fn coefficient_work_limbs(h: usize) -> usize {
    3 * h + max_len(inv::inv_work_limbs(h), 2 * h)
}

/// `qInv = q⁻¹ mod p` into `x` and its Montgomery form `qInv·R mod p` into
/// `mont` (`h` limbs each, as `q`; `p` odd): the encoded
/// `given` value (big-endian) when it is below `p` and `qInv·q ≡ 1 (mod
/// p)`; otherwise (no value given, or a wrong one with `fallback`) the
/// constant-time inversion modulo `p` (prime or not, which a validated key
/// allows if its congruences hold), checked the same way. Which of the two
/// produced the value depends on the key's encoding only. `work` ≥
/// [`coefficient_work_limbs`]`(h)` limbs.
///
/// `fallback` is the storage's policy for a wrong `given` value. The heap
/// key passes `true`: `rsa` 0.10 ignores an encoded `qInv` and recomputes
/// it, so a key that `rsa` loads must load (`given` is only a hint that
/// saves the inversion). The fixed-capacity key passes `false`: its loading
/// checks every component it is given (`from_be_bytes_components`), and its
/// `validate` re-checks the stored `qInv` through here, where a recomputed
/// value would hide a corrupted one.
///
/// # Errors
/// [`Error::InvalidCoefficient`] for a wrong `given` value without
/// `fallback`; [`Error::InvalidPrime`] if `q` has no inverse modulo `p`.
pub(crate) fn crt_coefficient(
    p: &Modulus,
    q: &[Limb],
    given: Option<&[u8]>,
    fallback: bool,
    x: &mut [Limb],
    mont: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    let h = p.len();
    let (qmodp, rest) = work.split_at_mut(h);
    let (y, rest) = rest.split_at_mut(h);
    let (xq, t) = rest.split_at_mut(h);
    // q < 2^(32h) = R ≤ p·R: one reduction.
    p.reduce(qmodp, q, t);
    let ok = given
        .is_some_and(|bytes| limbs::from_be_bytes(x, bytes) && is_inverse(p, x, qmodp, y, xq, t))
        || ((given.is_none() || fallback) && {
            // Not invertible leaves x = 0, which the check rejects.
            inv::inv_mod(x, qmodp, p.n(), t);
            is_inverse(p, x, qmodp, y, xq, t)
        });
    let result = if ok {
        p.to_mont(mont, x, &mut t[..2 * h]);
        Ok(())
    } else if given.is_some() && !fallback {
        Err(Error::InvalidCoefficient)
    } else {
        Err(Error::InvalidPrime)
    };
    qmodp.zeroize();
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
