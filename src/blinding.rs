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
//! `r⁻¹` is computed without a heap and without a constant-time inversion:
//! draw `r` and an independent uniform mask `b`, form `y = r·b mod n` and
//! invert `y` with a **variable-time** binary extended GCD; then
//! `r⁻¹ = y⁻¹·b`. `y` is uniform over the units modulo `n` and independent
//! of `r` (multiplying by an independent uniform unit is a bijection), of the
//! message and of the key, so the inversion's timing can reveal only `y`,
//! which says nothing about any secret (the technique of BoringSSL's
//! `BN_mod_inverse_blinded`).
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

use crate::arith::{exp, limbs, Limb, Modulus};
use crate::errors::{Error, Result};

/// Draws of `(r, b)` before a generator whose values are never invertible
/// (e.g. one that returns only zeros) is reported as [`Error::Rng`]. For an
/// RSA modulus a working generator needs a second draw with probability
/// about `2/√n`; the margin serves test keys with small factors too (for
/// `n = 3·q` a draw fails with probability 5/9, all 64 with 2⁻⁵⁴).
const MAX_BLINDING_DRAWS: usize = 64;

/// Scratch limbs [`blind`] needs for an `l`-limb modulus.
pub(crate) const fn blind_work_limbs(l: usize) -> usize {
    3 * l + 2 * l + 4 * l
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
    let (b, rest) = rest.split_at_mut(l);
    let (y, rest) = rest.split_at_mut(l);
    let (t, rest) = rest.split_at_mut(2 * l);
    for _ in 0..MAX_BLINDING_DRAWS {
        random_mod(rng, n, r, rest)?;
        random_mod(rng, n, b, rest)?;
        // y = r·b mod n (Montgomery form of r, times b).
        n.to_mont(y, r, t);
        n.mul_assign(y, b, t);
        // Public by design: y is uniform over the units mod n and independent
        // of r, of the input and of the key (b is an independent uniform
        // mask), so its variable-time inversion below reveals nothing.
        declassify(&*y);
        if !inv_mod_vartime(rinv, y, n.n(), rest) {
            continue; // r or b shares a factor with n: only 0 in practice
        }
        // r⁻¹ = y⁻¹·b.
        n.to_mont(y, rinv, t);
        n.mul(rinv, y, b, t);
        // xb = x·r^e.
        exp::pow_public(y, r, e, n, rest);
        n.to_mont(b, x, t);
        n.mul(xb, b, y, t);
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
            let t = (ki as u64) * (pj as u64) + out[i + j] as u64 + carry;
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

/// Steps of the binary GCD run on word approximations between two passes
/// over the full numbers (the `k` of Pornin's algorithm). With 30, the update
/// factors satisfy `|f| + |g| ≤ 2³⁰` and every per-limb sum of
/// [`lin_comb_shift`] stays below 2⁶³.
const BATCH: u32 = 30;

/// `inv = a⁻¹ mod n` (`n` odd, `a < n`, `l` limbs each); `false` if
/// `gcd(a, n) ≠ 1`.
///
/// **Variable time in `a`**: only for values independent of every secret
/// (see [`blind`]). `work` ≥ `4l` limbs, zeroed before returning.
///
/// The binary extended GCD with the batching of T. Pornin, "Optimized Binary
/// GCD for Modular Inversion" (ePrint 2020/972, Algorithm 2): 30 steps at a
/// time run on 64-bit approximations of `a` and `b` (their 30 low bits and
/// 34 top bits), which give exact update factors `f, g`; the big numbers and
/// the cofactors are then updated in one pass each, `(f·a + g·b) / 2³⁰`, the
/// cofactors modulo `n` with a Montgomery-style division by 2³⁰. About
/// `2·bits / 29` passes instead of one per bit.
pub(crate) fn inv_mod_vartime(
    inv: &mut [Limb],
    a_in: &[Limb],
    n: &[Limb],
    work: &mut [Limb],
) -> bool {
    let l = n.len();
    let n0 = crate::arith::mont::neg_inv_limb(n[0]);
    let (a, rest) = work.split_at_mut(l);
    let (b, rest) = rest.split_at_mut(l);
    let (u, rest) = rest.split_at_mut(l);
    let v = &mut rest[..l];
    // Invariants: a ≡ u·a_in and b ≡ v·a_in (mod n), 0 ≤ u, v < n; b odd;
    // gcd(a, b) = gcd(a_in, n).
    a.copy_from_slice(a_in);
    b.copy_from_slice(n);
    u.fill(0);
    u[0] = 1;
    v.fill(0);
    // Each pass shortens a·b by at least BATCH − 1 bits (Pornin, §3);
    // the bound is a safety net, never reached for valid input.
    let max_passes = 2 * (64 * l) / (BATCH as usize - 1) + 8;
    let mut found = false;
    for _ in 0..max_passes {
        if limbs::bit_len(a) == 0 {
            found = limbs::bit_len(b) == 1; // b = gcd(a_in, n) = 1
            break;
        }
        let bits = limbs::bit_len(a).max(limbs::bit_len(b)).max(64);
        let mut xa = approx(a, bits);
        let mut xb = approx(b, bits);
        let (mut f0, mut g0, mut f1, mut g1) = (1i64, 0i64, 0i64, 1i64);
        for _ in 0..BATCH {
            if xa & 1 == 1 {
                if xa < xb {
                    core::mem::swap(&mut xa, &mut xb);
                    core::mem::swap(&mut f0, &mut f1);
                    core::mem::swap(&mut g0, &mut g1);
                }
                xa -= xb;
                f0 -= f1;
                g0 -= g1;
            }
            xa >>= 1;
            f1 <<= 1;
            g1 <<= 1;
        }
        let (ha, hb) = lin_comb_shift(a, b, [f0, g0, f1, g1], None);
        if ha < 0 {
            negate(a);
            (f0, g0) = (-f0, -g0);
        }
        if hb < 0 {
            negate(b);
            (f1, g1) = (-f1, -g1);
        }
        let (hu, hv) = lin_comb_shift(u, v, [f0, g0, f1, g1], Some((n, n0)));
        normalize(u, hu, n);
        normalize(v, hv, n);
    }
    if found {
        // b = 1 ≡ v·a_in (mod n).
        inv.copy_from_slice(v);
    } else {
        inv.fill(0);
    }
    work[..4 * l].zeroize();
    found
}

/// The 64-bit approximation of `x` for a pass: its `BATCH` low bits and the
/// `64 − BATCH` bits below bit `bits` (exact when `bits ≤ 64`).
fn approx(x: &[Limb], bits: usize) -> u64 {
    let lo = u64::from(x[0]) & ((1 << BATCH) - 1);
    let top = 64 - BATCH as usize;
    let pos = bits - top;
    // Bits [pos, pos + top) of x; top ≤ 34, so three limbs suffice.
    let (k, s) = (pos / 32, pos % 32);
    let word = |i: usize| u128::from(x.get(i).copied().unwrap_or(0));
    let window = (word(k) | word(k + 1) << 32 | word(k + 2) << 64) >> s;
    let hi = (window as u64) & ((1 << top) - 1);
    lo | hi << BATCH
}

/// `(x, y) ← ((x·f0 + y·g0 [+ n·qx]) / 2^BATCH, (x·f1 + y·g1 [+ n·qy]) / 2^BATCH)`
/// in place, as signed numbers: returns the parts above the `l` limbs (the
/// sign and, for the cofactors, a possible extra `1`). With `n` given, `qx`
/// and `qy < 2^BATCH` are chosen (`n0 = −n⁻¹ mod 2³²`) so that the divisions
/// are exact; without, they are exact by construction of the factors.
fn lin_comb_shift(
    x: &mut [Limb],
    y: &mut [Limb],
    fg: [i64; 4],
    n: Option<(&[Limb], Limb)>,
) -> (i64, i64) {
    let [f0, g0, f1, g1] = fg;
    let mask = (1u32 << BATCH) - 1;
    let (mut qx, mut qy) = (0i64, 0i64);
    if let Some((_, n0)) = n {
        let low = |f: i64, g: i64| (i64::from(x[0]) * f + i64::from(y[0]) * g) as Limb;
        qx = i64::from(low(f0, g0).wrapping_mul(n0) & mask);
        qy = i64::from(low(f1, g1).wrapping_mul(n0) & mask);
    }
    let (mut cx, mut cy) = (0i64, 0i64);
    let (mut px, mut py) = (0 as Limb, 0 as Limb);
    let l = x.len();
    for i in 0..l {
        let (xi, yi) = (i64::from(x[i]), i64::from(y[i]));
        let ni = n.map_or(0, |(n, _)| i64::from(n[i]));
        let sx = cx + xi * f0 + yi * g0 + ni * qx;
        let sy = cy + xi * f1 + yi * g1 + ni * qy;
        let (lx, ly) = (sx as Limb, sy as Limb);
        cx = sx >> 32;
        cy = sy >> 32;
        if i > 0 {
            x[i - 1] = (px >> BATCH) | (lx << (32 - BATCH));
            y[i - 1] = (py >> BATCH) | (ly << (32 - BATCH));
        }
        (px, py) = (lx, ly);
    }
    x[l - 1] = (px >> BATCH) | ((cx as Limb) << (32 - BATCH));
    y[l - 1] = (py >> BATCH) | ((cy as Limb) << (32 - BATCH));
    (cx >> BATCH, cy >> BATCH)
}

/// `x ← −x` (two's complement over its limbs).
fn negate(x: &mut [Limb]) {
    let mut carry = 1u64;
    for w in x.iter_mut() {
        let t = u64::from(!*w) + carry;
        *w = t as Limb;
        carry = t >> 32;
    }
}

/// Brings `x + hi·2^(32l)`, known to lie in `(−n, 2n)`, into `[0, n)`.
fn normalize(x: &mut [Limb], hi: i64, n: &[Limb]) {
    let mut hi = hi;
    if hi < 0 {
        hi += i64::from(limbs::add_assign(x, n));
    }
    if hi > 0 || limbs::ct_lt(x, n) == 0 {
        limbs::sub_assign(x, n);
    }
}

/// The hooks of the constant-time check, under the paths the scheme files
/// use.
pub(crate) use crate::ct::{declassify, NoRng};
