//! The CRT private-key operation (RFC 8017 §5.1.2, RSADP/RSASP1 with
//! `(p, q, dP, dQ, qInv)`), with Garner recombination.

use super::{exp, kernels, limbs, max_len, Limb, Modulus};

/// The CRT half of a private key, borrowed from key storage.
///
/// `p` and `q` are padded to a common width `h` limbs with `2h ≥ l` (the
/// modulus width), so that any `c < n` reduces with one REDC.
pub struct CrtKey<'a> {
    /// `p` with its Montgomery constants.
    pub p: Modulus<'a>,
    /// `q` with its Montgomery constants.
    pub q: Modulus<'a>,
    /// `dP = d mod (p − 1)`, `h` limbs.
    pub dp: &'a [Limb],
    /// `dQ = d mod (q − 1)`, `h` limbs.
    pub dq: &'a [Limb],
    /// `qInv·R mod p`: the CRT coefficient in Montgomery form.
    pub qinv_mont: &'a [Limb],
}

/// Scratch limbs [`private_crt`] needs for CRT halves of `h` limbs.
pub const fn crt_work_limbs(h: usize) -> usize {
    // m1, m2, x (h each), then wide (2h) or, while an exponentiation runs,
    // its own scratch over the same limbs.
    3 * h + max_len(2 * h, exp::secret_work_limbs(h))
}

/// Factors applied inside the CRT halves: the base blinding of two-prime
/// keys (`blinding.rs`), modulo `p` and `q` instead of `n`. `f = f_p ‖ f_q`
/// and `g = g_p ‖ g_q`, `h` limbs each, with `f_p = y_p·R²` and
/// `g_p = z_p·R mod p`: half `p` runs on `c·y_p mod p` and returns its
/// result times `z_p`.
#[derive(Clone, Copy)]
pub struct Factors<'a> {
    /// Multiplies the reduced base, at no extra cost.
    pub f: &'a [Limb],
    /// Multiplies the half's result (one Montgomery product per half).
    pub g: &'a [Limb],
}

/// `m = c^d mod n` through the CRT: `m1 = c^dP mod p`, `m2 = c^dQ mod q`,
/// `h = qInv·(m1 − m2) mod p`, `m = m2 + q·h`; with `factors`, `m1` and `m2`
/// are computed on `c·y_p` and `c·y_q` and multiplied by `z_p`, `z_q` (see
/// [`Factors`]).
///
/// `c < n` has at most `2h` limbs; `out` receives `m` in `out.len()` limbs
/// (`out.len() ≤ 2h`, and `m < n` must fit). Constant time in all values.
/// `work` ≥ [`crt_work_limbs`]`(h)` limbs, of which those are zeroed before
/// returning (the rest is not touched).
pub fn private_crt(
    out: &mut [Limb],
    c: &[Limb],
    key: &CrtKey,
    factors: Option<&Factors>,
    work: &mut [Limb],
) {
    let h = key.p.len();
    debug_assert_eq!(key.q.len(), h);
    debug_assert!(c.len() <= 2 * h && out.len() <= 2 * h);
    let (m1, rest) = work.split_at_mut(h);
    let (m2, rest) = rest.split_at_mut(h);
    let (x, rest) = rest.split_at_mut(h);
    // The reductions of c: by f_p and f_q (see `Modulus::with_factor`), or
    // plain.
    let scaled;
    let (rp, rq) = match factors {
        Some(f) => {
            scaled = [key.p.with_factor(&f.f[..h]), key.q.with_factor(&f.f[h..])];
            (&scaled[0], &scaled[1])
        }
        None => (&key.p, &key.q),
    };

    // m1 = (c mod p)^dP mod p, m2 = (c mod q)^dQ mod q. c < n = p·q < p·R.
    // The reductions' scratch `wide` and the exponentiations' share limbs.
    // Both in one loop where the backend has it (x86-64 with AVX-512 IFMA):
    // the two halves' products overlap.
    #[cfg(rsa_cortex_m_ifma)]
    let paired = kernels::pow_secret_pair_runs(h, [key.dp.len(), key.dq.len()]) && {
        let (xq, wide) = rest.split_at_mut(h);
        let wide = &mut wide[..2 * h];
        rp.reduce(x, c, wide);
        rq.reduce(xq, c, wide);
        let (d, m) = ([key.dp, key.dq], [&key.p, &key.q]);
        kernels::pow_secret_pair([m1, m2], [x, xq], d, m, exp::window_bits(h));
        true
    };
    #[cfg(not(rsa_cortex_m_ifma))]
    let paired = false;
    if !paired {
        rp.reduce(x, c, &mut rest[..2 * h]);
        exp::pow_secret_window(m1, x, key.dp, &key.p, rest, exp::window_bits(h));
        rq.reduce(x, c, &mut rest[..2 * h]);
        exp::pow_secret_window(m2, x, key.dq, &key.q, rest, exp::window_bits(h));
    }
    let wide = &mut rest[..2 * h];
    if let Some(f) = factors {
        // m1·z_p, m2·z_q.
        let (g_p, g_q) = f.g.split_at(h);
        for (half, g, m) in [(&key.p, g_p, &mut *m1), (&key.q, g_q, &mut *m2)] {
            half.product_assign(m, Some(g), x, wide);
        }
    }

    // x = (m1 − (m2 mod p)) mod p; m2 < q < R so one reduction suffices.
    key.p.reduce(x, m2, wide);
    let borrow = limbs::sub_assign(m1, x);
    limbs::cond_add_assign(m1, key.p.n(), borrow.wrapping_neg());
    // x = qInv·(m1 − m2) mod p, via the Montgomery-form coefficient.
    key.p.mul(x, m1, key.qinv_mont, wide);
    // m = m2 + q·x < n.
    kernels::mul(wide, key.q.n(), x);
    limbs::add_assign(wide, m2);
    out.copy_from_slice(&wide[..out.len()]);
    crate::wipe::wipe(&mut work[..crt_work_limbs(h)]);
}
