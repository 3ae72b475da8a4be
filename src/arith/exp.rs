//! Modular exponentiation in Montgomery form.
//!
//! [`pow_secret`] is constant time in the base, the exponent and the modulus
//! values (fixed windows over every bit of the exponent's storage, a table
//! select that reads all entries; the window width depends on the modulus
//! length only, see [`window_bits`]). [`pow_public`] is variable time in the
//! exponent only, for public exponents such as `e = 65537`.

use super::{kernels, Limb, Modulus};

/// Window width of [`pow_secret`] for small moduli and on targets that are
/// not 64-bit, in bits (see [`window_bits`]).
pub const WINDOW_BITS: usize = 4;

/// Window width [`pow_secret`] uses for an `l`-limb modulus: 4 bits (a
/// 16-entry table) on targets that are not 64-bit and for moduli below 512
/// bits; on 64-bit targets, where stack is plentiful, 5 bits from 512 bits
/// (a 1024-bit CRT half: about 3 % fewer multiplications) and 6 bits from
/// 1536 bits. A function of the public length only.
pub const fn window_bits(l: usize) -> usize {
    if cfg!(target_pointer_width = "64") && l >= 16 {
        if l >= 48 {
            6
        } else {
            5
        }
    } else {
        WINDOW_BITS
    }
}

/// Scratch limbs [`pow_secret`] needs for an `l`-limb modulus: a
/// `2^window_bits(l)`-entry table, the accumulator, one selected entry, a
/// double-width product and, for the fast UMAAL kernels, `!n`
/// ([`kernels::WINDOW_NOT_N`]). Non-decreasing in `l`, so a work area sized for
/// a capacity serves every shorter modulus.
pub const fn secret_work_limbs(l: usize) -> usize {
    secret_work_limbs_window(l, window_bits(l)) + if kernels::WINDOW_NOT_N { l } else { 0 }
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
/// its value. `work` holds at least [`secret_work_limbs`]`(l)` limbs; those
/// are zeroed before returning (the rest is not touched).
pub fn pow_secret(r: &mut [Limb], base: &[Limb], exp: &[Limb], m: &Modulus, work: &mut [Limb]) {
    pow_secret_window(r, base, exp, m, work, window_bits(m.len()));
}

/// [`pow_secret`] with `window_bits`-bit windows (1 to 6): smaller windows
/// trade speed for a smaller table, [`secret_work_limbs_window`].
pub fn pow_secret_window(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    m: &Modulus,
    work: &mut [Limb],
    window_bits: usize,
) {
    debug_assert!(matches!(window_bits, 1..=6));
    let l = m.len();
    // A backend may run the whole exponentiation in its own representation
    // (x86-64 with AVX-512 IFMA: radix 2⁵²), with the same windows; the
    // choice depends on the CPU and the length only.
    #[cfg(rsa_cortex_m_ifma)]
    if kernels::pow_secret_whole(r, base, exp, m, window_bits) {
        crate::wipe::wipe(&mut work[..secret_work_limbs_window(l, window_bits)]);
        return;
    }
    let table_len = 1 << window_bits;
    let (table, rest) = work.split_at_mut(table_len * l);
    let (acc, rest) = rest.split_at_mut(l);
    let (sel, rest) = rest.split_at_mut(l);
    let (t, rest) = rest.split_at_mut(2 * l);
    // !n for the window kernel, when it takes it and `work` has room for it
    // (it has at [`secret_work_limbs`]): public, like n.
    let not_n = if kernels::WINDOW_NOT_N && rest.len() >= l {
        let not_n = &mut rest[..l];
        for (x, w) in not_n.iter_mut().zip(m.n()) {
            *x = !w;
        }
        Some(&*not_n)
    } else {
        None
    };

    // table[i] ≡ base^i in Montgomery form, each below R (lazy reductions:
    // the loop's operations take operands below R).
    {
        let (t0, tail) = table.split_at_mut(l);
        m.reduce_wide(t0, m.rr(), t);
        let (t1, _) = tail.split_at_mut(l);
        m.mul_lazy(t1, base, m.rr(), t);
    }
    // Even entries by squaring (cheaper), odd ones by one multiplication.
    for i in 2..table_len {
        let (done, next) = table.split_at_mut(i * l);
        if i % 2 == 0 {
            m.sqr_lazy(&mut next[..l], &done[(i / 2) * l..(i / 2 + 1) * l], t);
        } else {
            m.mul_lazy(&mut next[..l], &done[(i - 1) * l..], &done[l..2 * l], t);
        }
    }

    let windows = (32 * exp.len()).div_ceil(window_bits);
    for w in (0..windows).rev() {
        // The window's bits may straddle two limbs; the positions are public.
        let bit = w * window_bits;
        let (k, s) = (bit / 32, bit % 32);
        let mut bits = exp[k] >> s;
        if k + 1 < exp.len() {
            bits |= (exp[k + 1] << 1) << (31 - s);
        }
        let index = (bits as usize) & (table_len - 1);
        if w == windows - 1 {
            kernels::select(acc, table, index);
            // The backend may run the other windows in one call (the table
            // is scratch after that).
            if window_bits == 4
                && kernels::pow_windows4_lazy(acc, t, sel, m.n(), m.n0(), table, exp, w, not_n)
            {
                break;
            }
            continue;
        }
        // acc stays below R (lazy reductions); reduce_wide ends in [0, n).
        kernels::select(sel, &table[..], index);
        m.window_assign_lazy(acc, t, window_bits, Some(sel), not_n);
    }
    m.reduce_wide(r, acc, t);
    let used = secret_work_limbs_window(l, window_bits) + not_n.map_or(0, <[Limb]>::len);
    crate::wipe::wipe(&mut work[..used]);
}

/// `r = base^exp mod n`, variable time in `exp` only (public exponents).
///
/// `base < n` (ordinary form); `work` holds at least
/// [`public_work_limbs`]`(l)` limbs. `exp = 0` gives 1 (for `n > 1`).
pub fn pow_public(r: &mut [Limb], base: &[Limb], exp: &[Limb], m: &Modulus, work: &mut [Limb]) {
    pow_public_last::<false>(r, base, exp, base, m, work);
}

/// [`pow_public`] whose last step multiplies by `last` instead of `base`:
/// for odd `exp`, `r = base^(exp−1)·last mod n` (`last = base` gives the
/// power itself; the fault check passes `base·R⁻¹` and gets `base^exp·R⁻¹`
/// without a conversion). `last < n`. `FUSED`: the squarings through the
/// fused window kernels (one call per run of squarings); [`pow_public`]
/// does without, so that images with public-key operations only do not link
/// those kernels and their larger frame.
pub(crate) fn pow_public_last<const FUSED: bool>(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    last: &[Limb],
    m: &Modulus,
    work: &mut [Limb],
) {
    // A backend may run it whole in its own representation (x86-64 with
    // AVX-512 IFMA), as for `pow_secret_window`.
    #[cfg(rsa_cortex_m_ifma)]
    if kernels::pow_public_whole(r, base, exp, last, m) {
        return;
    }
    let l = m.len();
    let (b, rest) = work.split_at_mut(l);
    let (acc, rest) = rest.split_at_mut(l);
    let t = &mut rest[..2 * l];
    let bits = super::limbs::bit_len(exp);
    let bit = |i: usize| (exp[i / 32] >> (i % 32)) & 1 == 1;
    if bits < 2 {
        // acc = 1 in Montgomery form: the last step below then gives
        // 1·base (exp = 1) or 1 (exp = 0).
        m.reduce_wide(acc, m.rr(), t);
    } else if !FUSED && kernels::SIZE_FIRST {
        // Full reductions (operands below n): the images that only verify
        // then link no lazy reduction.
        m.to_mont(b, base, t);
        m.sqr(acc, b, t);
        for i in (1..bits - 1).rev() {
            if bit(i) {
                m.mul_assign(acc, b, t);
            }
            m.sqr_assign(acc, t);
        }
    } else {
        // b < R only (lazy): the loop's operations take operands below R.
        m.mul_lazy(b, base, m.rr(), t);
        if !FUSED && kernels::sqr_run_fused(l) {
            // Every product by b ends a run of squarings, the first run
            // starting from b: one call each.
            let mut from_b = true;
            let mut squarings = 1;
            for i in (1..bits - 1).rev() {
                if bit(i) {
                    m.sqr_run_lazy(acc, from_b.then_some(&*b), t, squarings);
                    from_b = false;
                    squarings = 0;
                    m.mul_assign_lazy(acc, b, t);
                }
                squarings += 1;
            }
            m.sqr_run_lazy(acc, from_b.then_some(&*b), t, squarings);
        } else {
            // The first squaring goes straight from b.
            m.sqr_lazy(acc, b, t);
            if FUSED {
                // Every product by b ends a run of squarings: one call each.
                let mut squarings = 0;
                for i in (1..bits - 1).rev() {
                    if bit(i) {
                        m.window_assign_lazy(acc, t, squarings, Some(b), None);
                        squarings = 0;
                    }
                    squarings += 1;
                }
                // The squarings left, the last bit's included.
                m.window_assign_lazy(acc, t, squarings, None, None);
            } else {
                for i in (1..bits - 1).rev() {
                    if bit(i) {
                        m.mul_assign_lazy(acc, b, t);
                    }
                    m.sqr_assign_lazy(acc, t);
                }
            }
        }
    }
    // Last bit: the square is done; leave Montgomery form in the same step —
    // multiplying by the ordinary base (acc·base·R⁻¹ = result) when the
    // bit is set, else by 1 (a REDC). Saves the final conversion.
    if bits > 0 && bit(0) {
        m.mul(r, acc, last, t);
    } else {
        m.reduce_wide(r, acc, t);
    }
}

#[cfg(test)]
mod tests;
