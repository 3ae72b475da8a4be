//! Blinding of the private-key operation, and the declassification hook of
//! the Valgrind constant-time check.
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
//! # Exponent blinding (optional, two-prime keys)
//!
//! With [`BoundedPrivateKey::set_exponent_blinding`](crate::BoundedPrivateKey::set_exponent_blinding)
//! each CRT half uses `dP' = dP + k·(p − 1)` (and likewise for `q`) with a
//! fresh random 64-bit `k`: the same result (Fermat), but a different
//! exponent bit pattern every time, so differential power/EM analysis that
//! averages many traces to recover the fixed exponent bits (DPA on the
//! exponent, template attacks on the window selects) no longer converges.
//! Cost: two more limbs of exponent per half (+4.5 % at 2048 bits on the
//! host, executed instructions).
//!
//! # Declassification
//!
//! [`declassify`] marks a value as public for the Valgrind memcheck
//! constant-time check (`ci/ct`, `examples/ct_valgrind.rs`). It compiles to
//! nothing unless the crate is built with the environment variable
//! `RSA_CORTEX_M_CT_VALGRIND` set (read at compile time), on x86-64. Every
//! call site says why the value is public by design.

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::arith::{exp, limbs, Limb, Modulus};
use crate::errors::{Error, Result};

/// Draws of `(r, b)` before a generator whose values are never invertible
/// (e.g. one that returns only zeros) is reported as [`Error::Rng`]. A
/// working generator needs a second draw with probability about `2/√n`.
const MAX_BLINDING_DRAWS: usize = 4;

/// Scratch limbs [`blind`] needs for an `l`-limb modulus.
pub(crate) const fn blind_work_limbs(l: usize) -> usize {
    3 * l + 2 * l + 4 * l + 2
}

/// `out` = uniformly random limbs.
pub(crate) fn random_limbs<R: TryCryptoRng + ?Sized>(rng: &mut R, out: &mut [Limb]) -> Result<()> {
    for w in out.iter_mut() {
        *w = rng.try_next_u32().map_err(|_| Error::Rng)?;
    }
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
    // x < 2^(32l + 64) ≤ n·R since n ≥ 2^511: one `reduce` suffices.
    n.reduce(out, x, rest);
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

/// `inv = a⁻¹ mod n` (`n` odd, `a < n`, `l` limbs each) by the binary
/// extended Euclidean algorithm; `false` if `gcd(a, n) ≠ 1`.
///
/// **Variable time in `a`**: only for values independent of every secret
/// (see [`blind`]). `work` ≥ `4l + 2` limbs, zeroed before returning.
///
/// Runs of trailing zeros are removed in one pass each, and the cofactors
/// divided by `2^k` modulo `n` in one multiply-add pass (`x + m·n` with
/// `m = x·n0 mod 2^k`, `n0 = −n⁻¹ mod 2³²`); `u` and `v` are processed over
/// their significant limbs only.
pub(crate) fn inv_mod_vartime(inv: &mut [Limb], a: &[Limb], n: &[Limb], work: &mut [Limb]) -> bool {
    let l = n.len();
    let n0 = crate::arith::mont::neg_inv_limb(n[0]);
    let (u, rest) = work.split_at_mut(l);
    let (v, rest) = rest.split_at_mut(l);
    let (x1, rest) = rest.split_at_mut(l + 1);
    let x2 = &mut rest[..l + 1];
    // Invariants: x1·a ≡ u, x2·a ≡ v (mod n); u + v decreases.
    u.copy_from_slice(a);
    v.copy_from_slice(n);
    x1.fill(0);
    x1[0] = 1;
    x2.fill(0);
    let (mut lu, mut lv) = (significant(u), l);
    let found = loop {
        if lu == 0 || lv == 0 {
            break None; // gcd(a, n) = max(u, v) > 1, or a = 0
        }
        lu = strip_twos(&mut u[..lu], x1, n, n0);
        lv = strip_twos(&mut v[..lv], x2, n, n0);
        if lu == 1 && u[0] == 1 {
            break Some(0);
        }
        if lv == 1 && v[0] == 1 {
            break Some(1);
        }
        if !less_vartime(&u[..lu], &v[..lv]) {
            limbs::sub_assign(&mut u[..lu], &v[..lv]);
            lu = significant(&u[..lu]);
            sub_mod(&mut x1[..l], &x2[..l], n);
        } else {
            limbs::sub_assign(&mut v[..lv], &u[..lu]);
            lv = significant(&v[..lv]);
            sub_mod(&mut x2[..l], &x1[..l], n);
        }
    };
    match found {
        Some(0) => inv.copy_from_slice(&x1[..l]),
        Some(_) => inv.copy_from_slice(&x2[..l]),
        None => inv.fill(0),
    }
    work[..4 * l + 2].zeroize();
    found.is_some()
}

/// Number of limbs up to the highest non-zero one (0 for zero). Variable time.
fn significant(x: &[Limb]) -> usize {
    x.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1)
}

/// `a < b` for values without leading zero limbs. Variable time.
fn less_vartime(a: &[Limb], b: &[Limb]) -> bool {
    if a.len() != b.len() {
        return a.len() < b.len();
    }
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        if x != y {
            return x < y;
        }
    }
    false
}

/// Divides the non-zero `u` by its largest power of two `2^t` and the
/// cofactor `x` (`l + 1` limbs, value `< n`) by `2^t` modulo `n`; returns
/// `u`'s new significant length.
fn strip_twos(u: &mut [Limb], x: &mut [Limb], n: &[Limb], n0: Limb) -> usize {
    let mut t = 0usize;
    for &w in u.iter() {
        if w != 0 {
            t += w.trailing_zeros() as usize;
            break;
        }
        t += 32;
    }
    if t == 0 {
        return u.len();
    }
    // u >>= t.
    let (limbs_shift, bits) = (t / 32, (t % 32) as u32);
    let len = u.len();
    for i in 0..len {
        let lo = u.get(i + limbs_shift).copied().unwrap_or(0);
        let hi = u.get(i + limbs_shift + 1).copied().unwrap_or(0);
        u[i] = if bits == 0 {
            lo
        } else {
            (lo >> bits) | (hi << (32 - bits))
        };
    }
    // x = x / 2^t mod n, at most 31 bits at a time.
    let l = n.len();
    while t > 0 {
        let k = t.min(31) as u32;
        t -= k as usize;
        // m = x·n0 mod 2^k makes x + m·n divisible by 2^k; (x + m·n) / 2^k < n.
        let m = x[0].wrapping_mul(n0) & ((1 << k) - 1);
        let mut carry = 0u64;
        for (xi, &ni) in x[..l].iter_mut().zip(n) {
            let s = (m as u64) * (ni as u64) + *xi as u64 + carry;
            *xi = s as Limb;
            carry = s >> 32;
        }
        x[l] = carry as Limb;
        for i in 0..l {
            x[i] = (x[i] >> k) | (x[i + 1] << (32 - k));
        }
        x[l] = 0;
    }
    significant(u)
}

/// `a = a − b mod n` for `a, b < n`.
fn sub_mod(a: &mut [Limb], b: &[Limb], n: &[Limb]) {
    let borrow = limbs::sub_assign(a, b);
    limbs::cond_add_assign(a, n, borrow.wrapping_neg());
}

/// Whether the crate was built for the Valgrind constant-time check
/// (`RSA_CORTEX_M_CT_VALGRIND` set at compile time).
pub(crate) const CT_VALGRIND: bool = option_env!("RSA_CORTEX_M_CT_VALGRIND").is_some();

/// Marks the bytes of `x` as public ("defined") for Valgrind memcheck. A
/// no-op unless [`CT_VALGRIND`]; see the module docs.
#[inline(always)]
pub(crate) fn declassify<T: ?Sized>(x: &T) {
    if CT_VALGRIND {
        valgrind::request(
            valgrind::MAKE_MEM_DEFINED,
            x as *const T as *const u8 as usize,
            core::mem::size_of_val(x),
        );
    }
}

/// Marks the bytes of `x` as secret ("undefined") for Valgrind memcheck, so
/// that any branch or memory index depending on them is reported. A no-op
/// unless [`CT_VALGRIND`].
#[inline(always)]
pub(crate) fn poison<T: ?Sized>(x: &T) {
    if CT_VALGRIND {
        valgrind::request(
            valgrind::MAKE_MEM_UNDEFINED,
            x as *const T as *const u8 as usize,
            core::mem::size_of_val(x),
        );
    }
}

/// Valgrind client requests (memcheck's `VALGRIND_MAKE_MEM_*`), emitted as
/// the documented "magic sequence" on x86-64: a no-op instruction sequence
/// when not running under Valgrind.
mod valgrind {
    /// `VG_USERREQ_TOOL_BASE('M', 'C')`.
    const MC_BASE: usize = ((b'M' as usize) << 24) | ((b'C' as usize) << 16);
    pub(super) const MAKE_MEM_UNDEFINED: usize = MC_BASE + 1;
    pub(super) const MAKE_MEM_DEFINED: usize = MC_BASE + 2;

    #[cfg(all(target_arch = "x86_64", not(miri)))]
    #[inline(always)]
    pub(super) fn request(req: usize, addr: usize, len: usize) {
        let args: [usize; 6] = [req, addr, len, 0, 0, 0];
        // SAFETY: the rotations of rdi total 128 bits (identity) and
        // `xchg rbx, rbx` is a no-op; under Valgrind the sequence performs
        // the client request described by `args`, which only reads `args`
        // and changes Valgrind's shadow state, never program memory.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") 0usize => _,
                in("rax") args.as_ptr(),
                options(nostack, preserves_flags),
            );
        }
    }

    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    #[inline(always)]
    pub(super) fn request(_req: usize, _addr: usize, _len: usize) {}
}

/// Stand-in generator type for the `None` of `Option<&mut R>`; never called.
pub(crate) enum NoRng {}

impl rand_core::TryRng for NoRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> core::result::Result<u32, Self::Error> {
        match *self {}
    }
    fn try_next_u64(&mut self) -> core::result::Result<u64, Self::Error> {
        match *self {}
    }
    fn try_fill_bytes(&mut self, _dst: &mut [u8]) -> core::result::Result<(), Self::Error> {
        match *self {}
    }
}

impl rand_core::TryCryptoRng for NoRng {}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    fn to_big(x: &[Limb]) -> BigUint {
        BigUint::from_slice(x)
    }

    #[test]
    fn inverse_matches_num_bigint() {
        let mut rng = StdRng::from_seed([7; 32]);
        for l in [1usize, 2, 5, 16] {
            for _ in 0..50 {
                let mut n = std::vec![0 as Limb; l];
                for w in n.iter_mut() {
                    *w = rng.next_u32();
                }
                n[0] |= 1;
                n[l - 1] |= 1 << 31;
                let mut a = std::vec![0 as Limb; l];
                for w in a.iter_mut() {
                    *w = rng.next_u32();
                }
                a[l - 1] &= 0x7fff_ffff;
                let mut inv = std::vec![0 as Limb; l];
                let mut work = std::vec![0 as Limb; 4 * l + 2];
                let ok = inv_mod_vartime(&mut inv, &a, &n, &mut work);
                let (bn, ba) = (to_big(&n), to_big(&a));
                let g = num_integer::Integer::gcd(&bn, &ba);
                assert_eq!(ok, g == BigUint::from(1u8), "{l}");
                if ok {
                    assert_eq!((to_big(&inv) * &ba) % &bn, BigUint::from(1u8));
                }
                assert!(work.iter().all(|&w| w == 0));
            }
        }
        // Not invertible: 0, and a common factor.
        let mut inv = [0; 1];
        let mut work = [0; 6];
        assert!(!inv_mod_vartime(&mut inv, &[0], &[15], &mut work));
        assert!(!inv_mod_vartime(&mut inv, &[6], &[15], &mut work));
        assert!(inv_mod_vartime(&mut inv, &[7], &[15], &mut work));
        assert_eq!(inv, [13]);
    }

    #[test]
    fn exponent_blinding_is_congruent() {
        let mut rng = StdRng::from_seed([9; 32]);
        let p = [0xffff_fffb_u32, 0x1234_5678, 0x8000_0001];
        let d = [0xdead_beef_u32, 0x0102_0304, 0x7000_0000];
        let mut out = [0; 5];
        blind_exponent(&mut rng, &d, &p, &mut out).unwrap();
        let pm1 = to_big(&p) - 1u8;
        assert_eq!(to_big(&out) % &pm1, to_big(&d) % &pm1);
        assert!(to_big(&out) > to_big(&d));
    }
}
