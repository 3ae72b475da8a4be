//! Thumb-2 UMAAL kernels (ARMv7E-M, ARMv8-M Mainline with DSP, ARMv7-A in
//! Thumb state): the assembly in `umaal.s`, behind safe wrappers with the
//! same signatures as [`super::portable`].
//!
//! Selected by `build.rs` (cfg `rsa_cortex_m_backend = "umaal"`). The
//! wrappers check the slice lengths (the assembly trusts them) and hand
//! anything outside the assembly's contract (mismatched or oversized
//! lengths) to the portable kernels, which then behave exactly as they do on
//! other targets; these checks depend only on lengths, which are public.

use super::{portable, Limb};

#[cfg(not(rsa_cortex_m_asm_v8m))]
core::arch::global_asm!(include_str!("umaal.s"), options(raw));
// global_asm! is assembled with the target's base features (-C target-cpu
// does not reach it), which on thumbv8m.main lack the DSP extension.
#[cfg(rsa_cortex_m_asm_v8m)]
core::arch::global_asm!(
    concat!(".cpu cortex-m33\n", include_str!("umaal.s")),
    options(raw)
);

unsafe extern "C" {
    fn rsa_cm_mul(t: *mut Limb, a: *const Limb, b: *const Limb, len: usize);
    fn rsa_cm_sqr(t: *mut Limb, a: *const Limb, len: usize);
    fn rsa_cm_redc(r: *mut Limb, t: *mut Limb, n: *const Limb, len: usize, n0: Limb);
    fn rsa_cm_redc_lazy(r: *mut Limb, t: *mut Limb, n: *const Limb, len: usize, n0: Limb);
    fn rsa_cm_select(r: *mut Limb, table: *const Limb, len: usize, count: usize, index: usize);
}

/// Longest operand (in limbs) handed to the assembly; longer ones (never
/// used by RSA) go to the portable kernels.
const MAX_LEN: usize = 4096;
/// Most table entries `select` handles in assembly (its entry counter is
/// one byte wide).
const MAX_ENTRIES: usize = 256;

/// `t[..2n] = a · b` (and, like the portable kernel, zero in any limbs of
/// `t` past `2n`).
pub fn mul(t: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let n = a.len();
    debug_assert_eq!(t.len(), 2 * n);
    if n == 0 || n > MAX_LEN || b.len() != n || t.len() < 2 * n {
        return portable::mul(t, a, b);
    }
    let (t, rest) = t.split_at_mut(2 * n);
    rest.fill(0);
    // SAFETY: t has 2n limbs, a and b n limbs each; the routine reads a, b
    // and t[..n] (after clearing it) and writes t[..2n] only.
    unsafe { rsa_cm_mul(t.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) }
}

/// `t[..2n] = a²` (and zero in any limbs of `t` past `2n`).
pub fn sqr(t: &mut [Limb], a: &[Limb]) {
    let n = a.len();
    debug_assert_eq!(t.len(), 2 * n);
    if n == 0 || n > MAX_LEN || t.len() < 2 * n {
        return portable::sqr(t, a);
    }
    let (t, rest) = t.split_at_mut(2 * n);
    rest.fill(0);
    // SAFETY: t has 2n limbs and a n limbs; only those are accessed.
    unsafe { rsa_cm_sqr(t.as_mut_ptr(), a.as_ptr(), n) }
}

/// Montgomery reduction: `r = t · R⁻¹ mod n` in `[0, n)` for `t < n·R`.
pub fn redc(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let len = n.len();
    debug_assert_eq!(r.len(), len);
    debug_assert_eq!(t.len(), 2 * len);
    if len == 0 || len > MAX_LEN || r.len() < len || t.len() < 2 * len {
        return portable::redc(r, t, n, n0);
    }
    // SAFETY: r[..len], t[..2len] and n are in bounds; nothing else is
    // accessed.
    unsafe { rsa_cm_redc(r.as_mut_ptr(), t.as_mut_ptr(), n.as_ptr(), len, n0) }
}

/// Lazy Montgomery reduction for the exponentiation loops: `r ≡ t·R⁻¹
/// (mod n)` with `r < R` (not necessarily `< n`), for any `t < R²` (so
/// operands below `R` may be multiplied). The final step is one
/// subtraction of `n` masked by the top carry instead of a comparison with
/// `n`; constant time like [`redc`]. Outside the assembly's range, the
/// full [`portable::redc`] (whose result is also `< R`).
pub fn redc_lazy(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let len = n.len();
    debug_assert_eq!(r.len(), len);
    debug_assert_eq!(t.len(), 2 * len);
    if len == 0 || len > MAX_LEN || r.len() < len || t.len() < 2 * len {
        return portable::redc(r, t, n, n0);
    }
    // SAFETY: as for redc.
    unsafe { rsa_cm_redc_lazy(r.as_mut_ptr(), t.as_mut_ptr(), n.as_ptr(), len, n0) }
}

/// `r = table[index]`, reading every entry of `table`.
pub fn select(r: &mut [Limb], table: &[Limb], index: usize) {
    let len = r.len();
    debug_assert!(len != 0 && table.len().is_multiple_of(len));
    // Entries as `chunks_exact` sees them (a partial tail is ignored). The
    // common case (16 entries, one per window value) needs no division.
    let count = if len != 0 && table.len().is_multiple_of(16) && table.len() / 16 == len {
        16
    } else {
        table.len().checked_div(len).unwrap_or(0)
    };
    debug_assert!(index < count);
    if count == 0 || count > MAX_ENTRIES {
        return portable::select(r, table, index);
    }
    // SAFETY: table holds count entries of len limbs, r holds len limbs; the
    // addresses touched depend on len and count only.
    unsafe { rsa_cm_select(r.as_mut_ptr(), table.as_ptr(), len, count, index) }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec;
    use std::vec::Vec;

    /// xorshift64* — deterministic, no dependencies.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u32 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32
        }
        /// Mostly uniform words, sometimes all-ones or zero limbs.
        fn limbs(&mut self, n: usize) -> Vec<Limb> {
            let mode = self.next() % 8;
            (0..n)
                .map(|_| match mode {
                    0 => u32::MAX,
                    1 => 0,
                    2 => {
                        if self.next() & 1 == 0 {
                            u32::MAX
                        } else {
                            self.next()
                        }
                    }
                    _ => self.next(),
                })
                .collect()
        }
    }

    fn lengths() -> impl Iterator<Item = usize> {
        (1..=72).chain([96, 128])
    }

    /// −n⁻¹ mod 2³² for odd n (Newton iteration).
    fn neg_inv(n: u32) -> u32 {
        let mut x = n; // correct to 3 bits
        for _ in 0..5 {
            x = x.wrapping_mul(2u32.wrapping_sub(n.wrapping_mul(x)));
        }
        x.wrapping_neg()
    }

    fn odd_modulus(rng: &mut Rng, len: usize) -> Vec<Limb> {
        let mut n = rng.limbs(len);
        n[0] |= 1;
        if n[len - 1] == 0 {
            n[len - 1] = 1 + (rng.next() >> 1);
        }
        n
    }

    #[test]
    fn mul_sqr_match_portable() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for len in lengths() {
            for round in 0..6 {
                let a = if round == 0 {
                    vec![u32::MAX; len]
                } else {
                    rng.limbs(len)
                };
                let b = if round == 1 {
                    vec![u32::MAX; len]
                } else {
                    rng.limbs(len)
                };
                let mut want = vec![0; 2 * len];
                let mut got = vec![0x5555_aaaa; 2 * len];
                portable::mul(&mut want, &a, &b);
                mul(&mut got, &a, &b);
                assert_eq!(got, want, "mul len {len} round {round}");
                portable::sqr(&mut want, &a);
                got.fill(0xdead_beef);
                sqr(&mut got, &a);
                assert_eq!(got, want, "sqr len {len} round {round}");
            }
        }
    }

    /// Reference REDC result computed through the portable kernel.
    fn check_redc(t: &[Limb], n: &[Limb], n0: Limb, what: &str) {
        let len = n.len();
        let mut t1 = t.to_vec();
        let mut t2 = t.to_vec();
        let mut want = vec![0; len];
        let mut got = vec![0x1357_9bdf; len];
        portable::redc(&mut want, &mut t1, n, n0);
        redc(&mut got, &mut t2, n, n0);
        assert_eq!(got, want, "redc {what} len {len}");
    }

    #[test]
    fn redc_matches_portable() {
        let mut rng = Rng(0xfeed_f00d_0bad_cafe);
        for len in lengths() {
            for round in 0..8 {
                let n = match round {
                    0 => vec![u32::MAX; len],
                    1 => {
                        let mut n = vec![0; len];
                        n[0] = 1;
                        n[len - 1] |= 1 << 31;
                        n
                    }
                    _ => odd_modulus(&mut rng, len),
                };
                let n0 = neg_inv(n[0]);
                // t = a·b with a, b < n: t < n² < n·R.
                let mut a = rng.limbs(len);
                let mut b = rng.limbs(len);
                a[len - 1] = a[len - 1].min(n[len - 1].saturating_sub(1));
                b[len - 1] = b[len - 1].min(n[len - 1].saturating_sub(1));
                let mut t = vec![0; 2 * len];
                portable::mul(&mut t, &a, &b);
                check_redc(&t, &n, n0, "random");
                // (n−1)² and (n−1)·R-ish extremes.
                let mut nm1 = n.clone();
                nm1[0] -= 1;
                portable::mul(&mut t, &nm1, &nm1);
                check_redc(&t, &n, n0, "(n-1)^2");
                // t just below n·R: n·R − 1 = (n−1)·R + (R − 1).
                let mut t = vec![u32::MAX; 2 * len];
                t[len..].copy_from_slice(&nm1);
                check_redc(&t, &n, n0, "nR-1");
                // t = 0 and t = 1.
                let mut t = vec![0; 2 * len];
                check_redc(&t, &n, n0, "zero");
                t[0] = 1;
                check_redc(&t, &n, n0, "one");
                // Random top half below n.
                let mut t = rng.limbs(2 * len);
                t[2 * len - 1] = t[2 * len - 1].min(n[len - 1].saturating_sub(1));
                check_redc(&t, &n, n0, "random t");
            }
        }
    }

    /// The lazy REDC: for any t < R² (all-ones included), r < R (it has len
    /// limbs) and r·R ≡ t (mod n).
    #[test]
    fn redc_lazy_is_congruent() {
        use num_bigint::BigUint;
        let mut rng = Rng(0x1a2b_3c4d_5e6f_7081);
        for len in lengths() {
            let r_big = BigUint::from(1u8) << (32 * len);
            for round in 0..8 {
                let n = match round {
                    0 => vec![u32::MAX; len],
                    1 => {
                        let mut n = vec![0; len];
                        n[0] = 1;
                        n[len - 1] |= 1 << 31;
                        n
                    }
                    _ => odd_modulus(&mut rng, len),
                };
                let n0 = neg_inv(n[0]);
                let nb = BigUint::from_slice(&n);
                for kind in 0..3 {
                    let t = match kind {
                        0 => vec![u32::MAX; 2 * len],
                        1 => rng.limbs(2 * len),
                        _ => {
                            // a·b for a, b < R, as in the exponentiation.
                            let (a, b) = (rng.limbs(len), rng.limbs(len));
                            let mut t = vec![0; 2 * len];
                            portable::mul(&mut t, &a, &b);
                            t
                        }
                    };
                    let mut t1 = t.clone();
                    let mut got = vec![0x2468_ace0; len];
                    redc_lazy(&mut got, &mut t1, &n, n0);
                    let lhs = (BigUint::from_slice(&got) * &r_big) % &nb;
                    let rhs = BigUint::from_slice(&t) % &nb;
                    assert_eq!(lhs, rhs, "redc_lazy len {len} round {round} kind {kind}");
                }
            }
        }
    }

    #[test]
    fn select_matches_portable() {
        let mut rng = Rng(0x0dd_ba11_5eed);
        for len in lengths() {
            for count in [1usize, 2, 3, 8, 16, 17, 32] {
                let table = rng.limbs(len * count);
                for index in 0..count {
                    let mut want = vec![0; len];
                    let mut got = vec![0xffff_0000; len];
                    portable::select(&mut want, &table, index);
                    select(&mut got, &table, index);
                    assert_eq!(got, want, "select len {len} count {count} index {index}");
                }
            }
        }
        // The largest table the assembly takes, and one past it.
        for count in [255usize, 256, 257] {
            let table = rng.limbs(3 * count);
            for index in [0, 1, 100, count - 1] {
                let mut want = vec![0; 3];
                let mut got = vec![0; 3];
                portable::select(&mut want, &table, index);
                select(&mut got, &table, index);
                assert_eq!(got, want, "select count {count} index {index}");
            }
        }
    }
}
