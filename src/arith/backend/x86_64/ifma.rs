//! AVX-512 IFMA exponentiation: the whole constant-time modular
//! exponentiation in radix 2⁵² (`vpmadd52luq`/`vpmadd52huq`, eight 52×52-bit
//! multiply-adds per instruction), used by [`crate::arith::exp`] on x86-64
//! CPUs that have AVX-512F, AVX-512VL and AVX-512 IFMA; and one Montgomery
//! product in the crate's own `R` (`mul`), for the blinding.
//!
//! A number modulo an `l`-limb `n` is `d = ⌈(32l + 2)/52⌉` digits of 52 bits,
//! held in 64-bit lanes of `v = ⌈d/8⌉` vectors (the lanes above `d` zero;
//! inside a product a last vector of at most four digits is a 256-bit one).
//! Products are almost-Montgomery (AMM): `amm(a, b) ≡ a·b·R′⁻¹ (mod n)` with
//! `R′ = 2^(52d)`, for `a·b < n·R′`, is below `2n` (as `4n ≤ R′`), so the
//! exponentiation's values stay below `2n` and one conditional subtraction
//! at the end lands in `[0, n)`. Inside a product the lanes collect
//! unnormalised sums (at most `4d` terms below `2⁵²` each, far from 2⁶⁴);
//! its end normalises them with fixed shifts and masks, the last carry
//! ripple by mask arithmetic (`(G << 1) + P`, as in a carry-lookahead adder).
//! Nothing branches on or indexes by a value: the window table is read whole
//! with compare masks.
//!
//! Compiled by Rust 1.89 or later only (`build.rs` sets the cfg
//! `rsa_cortex_m_ifma`): the AVX-512 intrinsics are stable from there, while
//! the crate's MSRV is 1.88 (hence the `incompatible_msrv` allowance).
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;
use zeroize::Zeroize;

use crate::arith::{portable, Limb, Modulus};

#[path = "ifma_amm.rs"]
mod amm;
use amm::{amm_k, load, store, Mont};

/// Bits per digit.
const DIGIT_BITS: usize = 52;
/// The low 52 bits.
const MASK: u64 = (1 << DIGIT_BITS) - 1;
/// Most vectors per number (the carry ripple's masks fill one `u128`): the
/// CRT halves of 8192-bit keys (`l = 128`) need 79 digits.
const MAX_VECTORS: usize = 16;

/// A number of `v` vectors of eight 52-bit digits (little-endian).
type Num<const V: usize> = [[u64; 8]; V];

/// Whether the IFMA exponentiation runs: the CPU has AVX-512F, VL and IFMA
/// (known at compile time, or detected once at run time with `std`), and
/// the environment variable `RSA_CORTEX_M_NO_IFMA` (any value but `0`, read
/// once with `std`) does not force the BMI2/ADX path. (`--cfg
/// rsa_cortex_m_no_ifma` leaves this module out of the build.)
#[inline]
pub(crate) fn use_ifma() -> bool {
    #[cfg(feature = "std")]
    {
        use core::sync::atomic::{AtomicU8, Ordering::Relaxed};
        // 0: not yet known, 1: no, 2: yes.
        static STATE: AtomicU8 = AtomicU8::new(0);
        match STATE.load(Relaxed) {
            0 => {
                let forced_off = std::env::var_os("RSA_CORTEX_M_NO_IFMA").is_some_and(|v| v != "0");
                let yes = !forced_off
                    && std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512vl")
                    && std::is_x86_feature_detected!("avx512ifma");
                STATE.store(if yes { 2 } else { 1 }, Relaxed);
                yes
            }
            s => s == 2,
        }
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(
            target_feature = "avx512f",
            target_feature = "avx512vl",
            target_feature = "avx512ifma"
        ))
    }
}

/// Digits for an `l`-limb modulus: `52d ≥ 32l + 2`, so that `4n ≤ R′`.
pub(crate) const fn digits(l: usize) -> usize {
    (32 * l + 2).div_ceil(DIGIT_BITS)
}

/// Whether [`pow_secret`] and [`pow_public`] serve `l`-limb moduli: from 8
/// limbs (the `R′²` computation needs `4(52d − 32l) < 52d`) to 207 (16
/// vectors; the CRT halves of 8192-bit keys have 128).
pub(crate) const fn supports(l: usize) -> bool {
    l >= 8 && digits(l).div_ceil(8) <= MAX_VECTORS
}

/// `v` as a const generic: `$f::<v>($args)` for `v` in 1..=16.
macro_rules! with_vectors {
    ($v:expr, $f:ident $args:tt) => {
        with_vectors!(@ $v, $f $args, 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
    };
    (@ $v:expr, $f:ident $args:tt, $($k:literal)*) => {
        match $v {
            $($k => $f::<$k> $args,)*
            _ => unreachable!(),
        }
    };
}

/// `r = base^exp mod n` in `[0, n)`, constant time, `window_bits`-bit fixed
/// windows (1 to 6), as `exp::pow_secret_window` computes it; `base < n`.
/// Returns false (and does nothing) when IFMA is not in use or `l` is not
/// [supported](supports); the answer depends on public values only.
pub(crate) fn pow_secret(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    m: &Modulus<'_>,
    window_bits: usize,
) -> bool {
    let l = m.len();
    if !supports(l) || !use_ifma() {
        return false;
    }
    debug_assert!(matches!(window_bits, 1..=6));
    debug_assert!(base.len() == l && r.len() == l);
    // SAFETY: AVX-512F, VL and IFMA checked above.
    unsafe { with_vectors!(digits(l).div_ceil(8), pow_v(r, base, exp, m, window_bits)) }
    true
}

/// Most vectors per number for [`pow_secret_pair`]: beyond, two products'
/// operands and accumulators spill out of the 32 vector registers (slower
/// than one product at a time).
const PAIR_MAX_VECTORS: usize = 4;

/// Whether [`pow_secret_pair`] runs two exponentiations modulo `l`-limb
/// moduli with exponents of `exp_lens` limbs: IFMA is in use, `l` is
/// supported with at most [`PAIR_MAX_VECTORS`] vectors (the CRT halves of
/// keys up to 3072 bits) and the exponents have one length. Public values
/// only.
pub(crate) fn pair_runs(l: usize, exp_lens: [usize; 2]) -> bool {
    supports(l)
        && digits(l).div_ceil(8) <= PAIR_MAX_VECTORS
        && exp_lens[0] == exp_lens[1]
        && use_ifma()
}

/// Two exponentiations in one loop, each as [`pow_secret`] computes it
/// (the CRT halves: their products' scalar paths overlap). The caller
/// checked [`pair_runs`].
pub(crate) fn pow_secret_pair(
    r: [&mut [Limb]; 2],
    base: [&[Limb]; 2],
    exp: [&[Limb]; 2],
    m: [&Modulus<'_>; 2],
    window_bits: usize,
) {
    let l = m[0].len();
    assert!(pair_runs(l, [exp[0].len(), exp[1].len()]) && m[1].len() == l);
    // SAFETY: `pair_runs` checked AVX-512F, VL and IFMA.
    unsafe {
        match digits(l).div_ceil(8) {
            1 => pow_k::<1, 2>(r, base, exp, m, window_bits),
            2 => pow_k::<2, 2>(r, base, exp, m, window_bits),
            3 => pow_k::<3, 2>(r, base, exp, m, window_bits),
            4 => pow_k::<4, 2>(r, base, exp, m, window_bits),
            _ => unreachable!(),
        }
    }
}

/// `r = base^(exp − b)·last^b mod n` for `b` = bit 0 of `exp` (with `last =
/// base`, `base^exp`), in `[0, n)`: variable time in `exp` only (public
/// exponents), as `exp::pow_public_last` computes it; `base, last < n`.
/// Returns false (and does nothing) when IFMA is not in use or `l` is not
/// [supported](supports).
pub(crate) fn pow_public(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    last: &[Limb],
    m: &Modulus<'_>,
) -> bool {
    let l = m.len();
    if !supports(l) || !use_ifma() {
        return false;
    }
    debug_assert!(base.len() == l && last.len() == l && r.len() == l);
    // SAFETY: AVX-512F, VL and IFMA checked above.
    unsafe { with_vectors!(digits(l).div_ceil(8), pow_public_v(r, base, exp, last, m)) }
    true
}

/// `r = a·b·R⁻¹ mod n` in `[0, n)` with `R = 2^(32l)`, `a, b < n`:
/// [`Modulus::mul`]'s result, from one AMM. With `s = 52d − 32l` (so that
/// `R′ = 2^s·R`), `AMM(a·2^s, b) ≡ a·b·R⁻¹`, and `a·2^s·b < n·R′` keeps it
/// below `2n`: no `R′²` and no conversion constant, only the digits of
/// `a·2^s`, `b` and `n`, and one conditional subtraction. Returns false
/// (and does nothing) when IFMA is not in use or `l` is not
/// [supported](supports).
pub(crate) fn mul(r: &mut [Limb], a: &[Limb], b: &[Limb], m: &Modulus<'_>) -> bool {
    let l = m.len();
    if !supports(l) || !use_ifma() {
        return false;
    }
    debug_assert!(a.len() == l && b.len() == l && r.len() == l);
    // SAFETY: AVX-512F, VL and IFMA checked above.
    unsafe { with_vectors!(digits(l).div_ceil(8), mul_v(r, a, b, m)) }
    true
}

/// [`mul`] with `V` vectors per number.
///
/// # Safety
/// The CPU has AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
unsafe fn mul_v<const V: usize>(r: &mut [Limb], a: &[Limb], b: &[Limb], modulus: &Modulus<'_>) {
    let n = modulus.n();
    let m = Mont::<V>::bare(n, modulus.n0());
    let (mut x, mut y, mut z): (Num<V>, Num<V>, Num<V>) = ([[0; 8]; V], [[0; 8]; V], [[0; 8]; V]);
    to_digits_shl(&mut x, a, DIGIT_BITS * m.d - 32 * n.len());
    to_digits(&mut y, b);
    m.amm(&mut z, &x, &y);
    m.to_limbs(r, n, &z);
    x.zeroize();
    y.zeroize();
    z.zeroize();
}

/// `−n⁻¹ mod 2⁵²` from `n0 = −n⁻¹ mod 2³²` (Newton: each step doubles the
/// correct low bits).
fn k0_52(n: &[Limb], n0: Limb) -> u64 {
    let n64 = n[0] as u64 | (n.get(1).copied().unwrap_or(0) as u64) << 32;
    let mut inv = (n0.wrapping_neg()) as u64; // n⁻¹ mod 2³²
    inv = inv.wrapping_mul(2u64.wrapping_sub(n64.wrapping_mul(inv)));
    inv.wrapping_neg() & MASK
}

/// Digits of `x` (32-bit limbs), fixed positions.
#[target_feature(enable = "avx512f")]
fn to_digits<const V: usize>(out: &mut Num<V>, x: &[Limb]) {
    to_digits_shl(out, x, 0)
}

/// Digits of `x·2^shift` (the value must fit `8V` digits). Eight digits
/// are 13 limbs: the limbs, moved up by `shift` bits into a zero-padded
/// buffer, then each vector of digits from its 13 limbs (and 2 above) by
/// fixed permutes and shifts. Nothing depends on a value.
#[target_feature(enable = "avx512f")]
fn to_digits_shl<const V: usize>(out: &mut Num<V>, x: &[Limb], shift: usize) {
    let mut buf = [0 as Limb; 13 * MAX_VECTORS + 3];
    let buf = &mut buf[..13 * V + 3];
    let (q, s) = (shift / 32, shift % 32);
    let mut below = 0 as Limb;
    for (i, dst) in buf[q..13 * V].iter_mut().enumerate() {
        let w = x.get(i).copied().unwrap_or(0);
        *dst = (((w as u64) << 32 | below as u64) >> (32 - s)) as Limb;
        below = w;
    }
    // Digit j is bits 52j … of the 13 limbs: limbs k, k + 1 (`lo`) and
    // k + 2 (`hi`, its upper half shifted out) for k = ⌊52j/32⌋, shifted
    // right by 52j mod 32.
    let lo = _mm512_setr_epi32(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 9, 10, 11, 12);
    let hi = _mm512_setr_epi32(2, 2, 3, 3, 5, 5, 6, 6, 8, 8, 10, 10, 11, 11, 13, 13);
    let right = _mm512_setr_epi64(0, 20, 8, 28, 16, 4, 24, 12);
    let left = _mm512_sub_epi64(_mm512_set1_epi64(64), right);
    let mask = _mm512_set1_epi64(MASK as i64);
    for (g, v) in out.iter_mut().enumerate() {
        // SAFETY: 16 limbs from 13g, within the 13V + 3 of `buf`.
        let w = unsafe { _mm512_loadu_si512(buf[13 * g..13 * g + 16].as_ptr().cast()) };
        let d = _mm512_or_si512(
            _mm512_srlv_epi64(_mm512_permutexvar_epi32(lo, w), right),
            _mm512_sllv_epi64(_mm512_permutexvar_epi32(hi, w), left),
        );
        store(v, _mm512_and_si512(d, mask));
    }
    crate::wipe::wipe(buf);
}

/// The 32-bit limbs of normalised digits (`out.len()` of them): each
/// vector's 13 limbs from its digits (and the next vector's first) by fixed
/// permutes and shifts.
#[target_feature(enable = "avx512f")]
fn from_digits<const V: usize>(out: &mut [Limb], x: &Num<V>) {
    let mut buf = [0 as Limb; 13 * MAX_VECTORS + 3];
    let buf = &mut buf[..13 * V + 3];
    // Limb i is bits 32i … of the digits: digit j = ⌊32i/52⌋ shifted right
    // by 32i mod 52, and digit j + 1 (index 8: the next vector's first)
    // shifted left by the rest; limbs 0–7, then 8–12 (three lanes spare).
    let j = [
        _mm512_setr_epi64(0, 0, 1, 1, 2, 3, 3, 4),
        _mm512_setr_epi64(4, 5, 6, 6, 7, 7, 7, 7),
    ];
    let right = [
        _mm512_setr_epi64(0, 32, 12, 44, 24, 4, 36, 16),
        _mm512_setr_epi64(48, 28, 8, 40, 20, 0, 0, 0),
    ];
    let one = _mm512_set1_epi64(1);
    let bits = _mm512_set1_epi64(DIGIT_BITS as i64);
    for g in 0..V {
        let (d, next) = (
            load(&x[g]),
            if g + 1 < V {
                load(&x[g + 1])
            } else {
                _mm512_setzero_si512()
            },
        );
        for h in 0..2 {
            let low = _mm512_permutex2var_epi64(d, j[h], next);
            let high = _mm512_permutex2var_epi64(d, _mm512_add_epi64(j[h], one), next);
            let limbs = _mm512_or_si512(
                _mm512_srlv_epi64(low, right[h]),
                _mm512_sllv_epi64(high, _mm512_sub_epi64(bits, right[h])),
            );
            let at = 13 * g + 8 * h;
            // SAFETY: 8 limbs from 13g + 8h ≤ 13V − 5, within `buf`.
            unsafe {
                _mm256_storeu_si256(
                    buf[at..at + 8].as_mut_ptr().cast(),
                    _mm512_cvtepi64_epi32(limbs),
                )
            };
        }
    }
    let n = out.len();
    out.copy_from_slice(&buf[..n]);
    crate::wipe::wipe(buf);
}

/// The whole exponentiation with `V` vectors per number.
///
/// # Safety
/// The CPU has AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
unsafe fn pow_v<const V: usize>(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    m: &Modulus<'_>,
    window_bits: usize,
) {
    pow_k::<V, 1>([r], [base], [exp], [m], window_bits)
}

/// `K` exponentiations of the same lengths in one loop (their products
/// through [`amm_k`]), each as [`pow_secret`] computes it.
///
/// # Safety
/// The CPU has AVX-512F, AVX-512VL and AVX-512 IFMA; the moduli have the
/// same number of limbs, the exponents too.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
unsafe fn pow_k<const V: usize, const K: usize>(
    r: [&mut [Limb]; K],
    base: [&[Limb]; K],
    exp: [&[Limb]; K],
    m: [&Modulus<'_>; K],
    window_bits: usize,
) {
    let ms: [Mont<V>; K] = core::array::from_fn(|k| Mont::<V>::new(m[k].n(), m[k].rr(), m[k].n0()));
    let ms_ref: [&Mont<V>; K] = core::array::from_fn(|k| &ms[k]);
    let (mut x, mut y) = ([[[0; 8]; V]; K], [[[0; 8]; V]; K]);

    // table[k][i] ≡ base_k^i·R′ (mod n_k), below 2n_k.
    let table_len = 1usize << window_bits;
    let mut table = [[[[0; 8]; V]; 64]; K];
    for k in 0..K {
        ms[k].amm(&mut table[k][0], &ms[k].rr, &ms[k].one);
        ms[k].to_mont(&mut table[k][1], base[k]);
    }
    for i in 2..table_len {
        let (src_a, src_b) = if i % 2 == 0 {
            (i / 2, i / 2)
        } else {
            (i - 1, 1)
        };
        for k in 0..K {
            y[k] = table[k][src_a];
            x[k] = table[k][src_b];
        }
        let mut out = [[[0; 8]; V]; K];
        {
            let outs: [&mut Num<V>; K] = out.each_mut();
            amm_many(ms_ref, outs, y.each_ref(), x.each_ref());
        }
        for k in 0..K {
            table[k][i] = out[k];
        }
        out.zeroize();
    }

    // Fixed windows from the top, as `exp::pow_secret_window` walks them.
    let windows = (32 * exp[0].len()).div_ceil(window_bits);
    let mut acc = [[[0; 8]; V]; K];
    for w in (0..windows).rev() {
        let bit = w * window_bits;
        let (limb, s) = (bit / 32, bit % 32);
        let mut index = [0usize; K];
        for k in 0..K {
            let e = exp[k];
            let mut bits = e[limb] >> s;
            if limb + 1 < e.len() {
                bits |= (e[limb + 1] << 1) << (31 - s);
            }
            index[k] = (bits as usize) & (table_len - 1);
        }
        if w == windows - 1 {
            for k in 0..K {
                select(&mut acc[k], &table[k][..table_len], index[k]);
            }
            continue;
        }
        for _ in 0..window_bits {
            y = acc;
            amm_many(ms_ref, acc.each_mut(), y.each_ref(), y.each_ref());
        }
        for k in 0..K {
            select(&mut x[k], &table[k][..table_len], index[k]);
        }
        y = acc;
        amm_many(ms_ref, acc.each_mut(), y.each_ref(), x.each_ref());
    }
    for (k, r) in r.into_iter().enumerate() {
        ms[k].finish(r, m[k].n(), &acc[k], None);
    }
    for t in table.iter_mut() {
        for e in t[..table_len].iter_mut() {
            e.zeroize();
        }
    }
    x.zeroize();
    y.zeroize();
    acc.zeroize();
}

/// [`amm_k`] with the 256-bit last vector where it holds at most four
/// digits (see [`Mont::amm`]).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn amm_many<const V: usize, const K: usize>(
    ms: [&Mont<V>; K],
    rs: [&mut Num<V>; K],
    a: [&Num<V>; K],
    b: [&Num<V>; K],
) {
    if V > 1 && ms[0].d <= 8 * (V - 1) + 4 {
        amm_k::<V, true, K>(ms, rs, a, b)
    } else {
        amm_k::<V, false, K>(ms, rs, a, b)
    }
}

/// `r = table[index]`, reading every entry (a compare mask per entry, no
/// address from `index`).
#[target_feature(enable = "avx512f")]
fn select<const V: usize>(r: &mut Num<V>, table: &[Num<V>], index: usize) {
    let want = _mm512_set1_epi64(index as i64);
    let mut acc = [_mm512_setzero_si512(); V];
    for (i, entry) in table.iter().enumerate() {
        let k = _mm512_cmpeq_epi64_mask(_mm512_set1_epi64(i as i64), want);
        for j in 0..V {
            acc[j] = _mm512_mask_blend_epi64(k, acc[j], load(&entry[j]));
        }
    }
    for j in 0..V {
        store(&mut r[j], acc[j]);
    }
}

/// The public exponentiation with `V` vectors per number: left to right,
/// square and multiply.
///
/// # Safety
/// The CPU has AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
unsafe fn pow_public_v<const V: usize>(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    last: &[Limb],
    modulus: &Modulus<'_>,
) {
    let n = modulus.n();
    let m = Mont::<V>::new(n, modulus.rr(), modulus.n0());
    let bits = crate::arith::limbs::bit_len(exp);
    let bit = |i: usize| (exp[i / 32] >> (i % 32)) & 1 == 1;
    let (mut x, mut acc, mut t): (Num<V>, Num<V>, Num<V>) = ([[0; 8]; V], [[0; 8]; V], [[0; 8]; V]);
    // acc = base^(exp − bit 0) in Montgomery form.
    if bits < 2 {
        m.amm(&mut acc, &m.rr, &m.one);
    } else {
        m.to_mont(&mut x, base);
        acc = x;
        for i in (1..bits - 1).rev() {
            t = acc;
            m.amm(&mut acc, &t, &t);
            if bit(i) {
                t = acc;
                m.amm(&mut acc, &t, &x);
            }
        }
        t = acc;
        m.amm(&mut acc, &t, &t);
    }
    if bits > 0 && bit(0) {
        to_digits(&mut x, last);
        m.finish(r, n, &acc, Some(&x));
    } else {
        m.finish(r, n, &acc, None);
    }
    // No secret here, but the caller (the fault check) passes `m·R⁻¹`.
    x.zeroize();
    acc.zeroize();
    t.zeroize();
}

#[cfg(test)]
#[path = "ifma_tests.rs"]
mod tests;
