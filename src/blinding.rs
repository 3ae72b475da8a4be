//! Blinding of the private-key operation.
//!
//! # Base blinding (operations given an RNG)
//!
//! `c' = c·r^e mod n`, `m' = c'^d mod n`, `m = m'·r⁻¹ mod n` for a fresh
//! uniform `r` per operation. The exponentiation then runs on a value the
//! attacker neither knows nor chooses, so chosen-ciphertext side channels on
//! the base (timing or power differences that correlate with `c`, e.g. the
//! input-dependent multiplier behaviour of some cores, or a future leak in
//! the arithmetic) carry no information an attacker can line up across
//! operations. The arithmetic is already constant time without it; blinding
//! is defence in depth, and the one countermeasure against power/EM analyses
//! that correlate with the known input (CPA on the base).
//!
//! `r⁻¹` comes from the constant-time inversion [`inv::inv_mod`] on `r`
//! itself. (A variable-time GCD used to need an independent uniform mask
//! `b`, inverting `r·b` instead. With a constant-time inversion the mask
//! hides nothing from timing, and against power analysis it protected only
//! the inversion while `r` itself enters the unmasked `r^e`; so it is gone.)
//!
//! # Exponent blinding (two-prime keys, on by default: see `key::rsadp`)
//!
//! With [`BoundedPrivateKey::set_exponent_blinding`](crate::BoundedPrivateKey::set_exponent_blinding)
//! each CRT half uses `dP' = dP + k·(p − 1)` (and likewise for `q`) with a
//! fresh random 64-bit `k`: the same result (Fermat), but a different
//! exponent bit pattern every time, so differential power/EM analysis that
//! averages many traces to recover the fixed exponent bits (DPA on the
//! exponent, template attacks on the window selects) no longer converges.
//! Cost: two more limbs of exponent per half (see `BENCHMARKS.md`).

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::arith::backend::portable32::mul_wide;
use crate::arith::{exp, inv, limbs, max_len, Limb, Modulus};
use crate::errors::{Error, Result};

/// Draws of `r` before a generator whose values are never invertible
/// (e.g. one that returns only zeros) is reported as [`Error::Rng`]. For an
/// RSA modulus a working generator needs a second draw with probability
/// about `2/√n`; the margin serves test keys with small factors too (for
/// `n = 3·q` a draw fails with probability 5/9, all 64 with 2⁻⁵⁴).
const MAX_BLINDING_DRAWS: usize = 64;

/// Scratch limbs [`blind`] needs for an `l`-limb modulus.
pub(crate) const fn blind_work_limbs(l: usize) -> usize {
    2 * l + 2 * l + max_len(4 * l, inv::inv_work_limbs(l))
}

/// `out` = uniformly random limbs.
pub(crate) fn random_limbs<R: TryCryptoRng + ?Sized>(rng: &mut R, out: &mut [Limb]) -> Result<()> {
    // Few, large requests: a system RNG costs a system call per request.
    let mut bytes = [0u8; 128];
    for chunk in out.chunks_mut(bytes.len() / 4) {
        let bytes = &mut bytes[..4 * chunk.len()];
        rng.try_fill_bytes(bytes).map_err(|_| Error::Rng)?;
        for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(4)) {
            *w = Limb::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
    }
    bytes.zeroize();
    Ok(())
}

/// `out` = a random value modulo `n`, within statistical distance `2⁻⁶⁴` of
/// uniform: `l + 2` random limbs reduced modulo `n` (constant time).
/// `work` ≥ `3l + 2` limbs.
fn random_mod<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    n: &Modulus,
    out: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    let l = n.len();
    let (x, rest) = work.split_at_mut(l + 2);
    random_limbs(rng, x)?;
    if limbs::bit_len(n.n()) > 64 {
        // x < 2^(32l + 64) ≤ n·R: one `reduce` suffices.
        n.reduce(out, x, rest);
    } else {
        // A test-sized modulus (a public length): the general remainder.
        out.fill(0);
        limbs::rem(out, x, n.n(), rest);
    }
    x.zeroize();
    Ok(())
}

/// Draws a blinding factor `r` and writes `xb = x·r^e mod n` and
/// `rinv = r⁻¹ mod n` (`l` limbs each; `x < n`, `e` the public exponent).
/// `work` ≥ [`blind_work_limbs`]`(l)` limbs, zeroed before returning.
///
/// # Errors
/// [`Error::Rng`] if the generator fails, or yields a non-invertible value
/// [`MAX_BLINDING_DRAWS`] times in a row.
pub(crate) fn blind<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    n: &Modulus,
    e: &[Limb],
    x: &[Limb],
    xb: &mut [Limb],
    rinv: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    debug_assert!(work.len() >= blind_work_limbs(n.len()));
    let result = blind_inner(rng, n, e, x, xb, rinv, work);
    work.zeroize();
    if result.is_err() {
        xb.zeroize();
        rinv.zeroize();
    }
    result
}

fn blind_inner<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    n: &Modulus,
    e: &[Limb],
    x: &[Limb],
    xb: &mut [Limb],
    rinv: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    let l = n.len();
    let (r, rest) = work.split_at_mut(l);
    let (y, rest) = rest.split_at_mut(l);
    let (t, rest) = rest.split_at_mut(2 * l);
    for _ in 0..MAX_BLINDING_DRAWS {
        random_mod(rng, n, r, rest)?;
        // Public by design: whether a discarded draw shared a factor with n.
        if declassify(inv::inv_mod(rinv, r, n.n(), rest)) == 0 {
            continue; // r shares a factor with n: only 0 in practice
        }
        // xb = x·r^e.
        exp::pow_public_last::<false>(y, r, e, r, n, rest);
        n.to_mont(xb, x, t);
        n.mul_assign(xb, y, t);
        return Ok(());
    }
    Err(Error::Rng)
}

/// `out = m·rinv mod n` (removes the blinding factor). `t` ≥ `3l` limbs.
pub(crate) fn unblind(n: &Modulus, out: &mut [Limb], m: &[Limb], rinv: &[Limb], t: &mut [Limb]) {
    let l = n.len();
    let (mm, t) = t.split_at_mut(l);
    let t = &mut t[..2 * l]; // the kernels take exactly 2l limbs of scratch
    n.to_mont(mm, m, t);
    n.mul(out, mm, rinv, t);
    mm.zeroize();
}

/// `out = d + k·(p − 1)` for a fresh random 64-bit `k` (`p` odd, `d` and `p`
/// of `h` limbs, `out` of `h + 2` limbs). Constant time in `d`, `p` and `k`.
///
/// # Errors
/// [`Error::Rng`] if the generator fails.
pub(crate) fn blind_exponent<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    d: &[Limb],
    p: &[Limb],
    out: &mut [Limb],
) -> Result<()> {
    let h = p.len();
    debug_assert_eq!(out.len(), h + 2);
    let mut k = [0 as Limb; 2];
    random_limbs(rng, &mut k)?;
    out.fill(0);
    out[..d.len()].copy_from_slice(d);
    for (i, &ki) in k.iter().enumerate() {
        // out[i..] += ki·(p − 1); p − 1 is p with bit 0 cleared.
        let mut carry = 0u64;
        for (j, &pj) in p.iter().enumerate() {
            let pj = if j == 0 { pj & !1 } else { pj };
            let t = mul_wide(ki, pj) + out[i + j] as u64 + carry;
            out[i + j] = t as Limb;
            carry = t >> 32;
        }
        for w in out[i + h..].iter_mut() {
            let t = *w as u64 + carry;
            *w = t as Limb;
            carry = t >> 32;
        }
    }
    k.zeroize();
    Ok(())
}

/// The hooks of the constant-time check, under the paths the scheme files
/// use.
pub(crate) use crate::ct::{declassify, NoRng};

#[cfg(test)]
mod tests;
