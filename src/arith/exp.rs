//! Modular exponentiation in Montgomery form.
//!
//! [`pow_secret`] is constant time in the base, the exponent and the modulus
//! values (fixed 4-bit windows over every bit of the exponent's storage, a
//! table select that reads all 16 entries). [`pow_public`] is variable time
//! in the exponent only, for public exponents such as `e = 65537`.

use super::{kernels, Limb, Modulus};
use zeroize::Zeroize;

/// Window width of [`pow_secret`], in bits.
pub const WINDOW_BITS: usize = 4;

/// Scratch limbs [`pow_secret`] needs for an `l`-limb modulus: a 16-entry
/// table, the accumulator, one selected entry and a double-width product.
pub const fn secret_work_limbs(l: usize) -> usize {
    secret_work_limbs_window(l, WINDOW_BITS)
}

/// Scratch limbs [`pow_secret_window`] needs with `window_bits`-bit windows.
pub const fn secret_work_limbs_window(l: usize, window_bits: usize) -> usize {
    (1 << window_bits) * l + 4 * l
}

/// Scratch limbs [`pow_public`] needs for an `l`-limb modulus.
pub const fn public_work_limbs(l: usize) -> usize {
    2 * l + 2 * l
}

/// `r = base^exp mod n`, constant time.
///
/// `base < n` (ordinary form, `l` limbs), `exp` any number of limbs; every
/// bit of `exp` is processed, so the time depends on `exp.len()`, never on
/// its value. `work` holds at least [`secret_work_limbs`]`(l)` limbs and is
/// zeroed before returning.
pub fn pow_secret(r: &mut [Limb], base: &[Limb], exp: &[Limb], m: &Modulus, work: &mut [Limb]) {
    pow_secret_window(r, base, exp, m, work, WINDOW_BITS);
}

/// [`pow_secret`] with `window_bits`-bit windows (1, 2 or 4): smaller
/// windows trade speed for a smaller table, [`secret_work_limbs_window`].
pub fn pow_secret_window(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    m: &Modulus,
    work: &mut [Limb],
    window_bits: usize,
) {
    debug_assert!(matches!(window_bits, 1 | 2 | 4));
    let table_len = 1 << window_bits;
    let l = m.len();
    let (table, rest) = work.split_at_mut(table_len * l);
    let (acc, rest) = rest.split_at_mut(l);
    let (sel, rest) = rest.split_at_mut(l);
    let t = &mut rest[..2 * l];

    // table[i] = base^i in Montgomery form.
    {
        let (t0, tail) = table.split_at_mut(l);
        m.one(t0, t);
        let (t1, _) = tail.split_at_mut(l);
        m.to_mont(t1, base, t);
    }
    for i in 2..table_len {
        let (done, next) = table.split_at_mut(i * l);
        m.mul(&mut next[..l], &done[(i - 1) * l..], &done[l..2 * l], t);
    }

    let windows = (32 * exp.len()).div_ceil(window_bits);
    for w in (0..windows).rev() {
        let bit = w * window_bits;
        let index = ((exp[bit / 32] >> (bit % 32)) as usize) & (table_len - 1);
        if w == windows - 1 {
            kernels::select(acc, table, index);
            continue;
        }
        for _ in 0..window_bits {
            m.sqr_assign(acc, t);
        }
        kernels::select(sel, &table[..], index);
        m.mul_assign(acc, sel, t);
    }
    m.reduce_wide(r, acc, t);
    work.zeroize();
}

/// `r = base^exp mod n`, variable time in `exp` only (public exponents).
///
/// `base < n` (ordinary form); `work` holds at least
/// [`public_work_limbs`]`(l)` limbs. `exp = 0` gives 1 (for `n > 1`).
pub fn pow_public(r: &mut [Limb], base: &[Limb], exp: &[Limb], m: &Modulus, work: &mut [Limb]) {
    let l = m.len();
    let (b, rest) = work.split_at_mut(l);
    let (acc, rest) = rest.split_at_mut(l);
    let t = &mut rest[..2 * l];
    let bits = super::limbs::bit_len(exp);
    if bits == 0 {
        m.one(acc, t);
    } else {
        m.to_mont(b, base, t);
        acc.copy_from_slice(b);
        for i in (0..bits - 1).rev() {
            m.sqr_assign(acc, t);
            if (exp[i / 32] >> (i % 32)) & 1 == 1 {
                m.mul_assign(acc, b, t);
            }
        }
    }
    m.reduce_wide(r, acc, t);
}
