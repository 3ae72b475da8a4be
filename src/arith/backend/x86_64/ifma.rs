//! AVX-512 IFMA exponentiation: the whole constant-time modular
//! exponentiation in radix 2⁵² (`vpmadd52luq`/`vpmadd52huq`, eight 52×52-bit
//! multiply-adds per instruction), used by [`crate::arith::exp`] on x86-64
//! CPUs that have AVX-512F, AVX-512VL and AVX-512 IFMA.
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

use crate::arith::{portable, Limb};

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

/// `r = base^exp mod n` in `[0, n)`, constant time, `window_bits`-bit fixed
/// windows (1 to 6), as `exp::pow_secret_window` computes it; `base < n`,
/// `rr = R² mod n` for `R = 2^(32l)`, `n0 = −n⁻¹ mod 2³²`. Returns false
/// (and does nothing) when IFMA is not in use or `l` is not
/// [supported](supports); the answer depends on public values only.
pub(crate) fn pow_secret(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    n: &[Limb],
    rr: &[Limb],
    n0: Limb,
    window_bits: usize,
) -> bool {
    let l = n.len();
    if !supports(l) || !use_ifma() {
        return false;
    }
    pow_secret_unchecked(r, base, exp, n, rr, n0, window_bits);
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
#[allow(clippy::too_many_arguments)]
pub(crate) fn pow_secret_pair(
    r: [&mut [Limb]; 2],
    base: [&[Limb]; 2],
    exp: [&[Limb]; 2],
    n: [&[Limb]; 2],
    rr: [&[Limb]; 2],
    n0: [Limb; 2],
    window_bits: usize,
) {
    let l = n[0].len();
    assert!(pair_runs(l, [exp[0].len(), exp[1].len()]) && n[1].len() == l);
    // SAFETY: `pair_runs` checked AVX-512F, VL and IFMA.
    unsafe {
        match digits(l).div_ceil(8) {
            1 => pow_k::<1, 2>(r, base, exp, n, rr, n0, window_bits),
            2 => pow_k::<2, 2>(r, base, exp, n, rr, n0, window_bits),
            3 => pow_k::<3, 2>(r, base, exp, n, rr, n0, window_bits),
            4 => pow_k::<4, 2>(r, base, exp, n, rr, n0, window_bits),
            _ => unreachable!(),
        }
    }
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

/// [`pow_secret`] without the CPU check (the tests call it directly on
/// CPUs with IFMA, whatever the override says). `l` must be supported.
pub(crate) fn pow_secret_unchecked(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    n: &[Limb],
    rr: &[Limb],
    n0: Limb,
    window_bits: usize,
) {
    let l = n.len();
    debug_assert!(supports(l) && matches!(window_bits, 1..=6));
    debug_assert!(base.len() == l && rr.len() == l && r.len() == l);
    // SAFETY: the caller checked AVX-512F, VL and IFMA.
    unsafe {
        with_vectors!(
            digits(l).div_ceil(8),
            pow_v(r, base, exp, n, rr, n0, window_bits)
        )
    }
}

/// `r = base^(exp − b)·last^b mod n` for `b` = bit 0 of `exp` (with `last =
/// base`, `base^exp`), in `[0, n)`: variable time in `exp` only (public
/// exponents), as `exp::pow_public_last` computes it; `base, last < n`,
/// `rr`, `n0` as for [`pow_secret`]. Returns false (and does nothing) when
/// IFMA is not in use or `l` is not [supported](supports).
pub(crate) fn pow_public(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    last: &[Limb],
    n: &[Limb],
    rr: &[Limb],
    n0: Limb,
) -> bool {
    let l = n.len();
    if !supports(l) || !use_ifma() {
        return false;
    }
    pow_public_unchecked(r, base, exp, last, n, rr, n0);
    true
}

/// [`pow_public`] without the CPU check.
pub(crate) fn pow_public_unchecked(
    r: &mut [Limb],
    base: &[Limb],
    exp: &[Limb],
    last: &[Limb],
    n: &[Limb],
    rr: &[Limb],
    n0: Limb,
) {
    let l = n.len();
    debug_assert!(supports(l) && base.len() == l && last.len() == l && r.len() == l);
    // SAFETY: the caller checked AVX-512F, VL and IFMA.
    unsafe {
        with_vectors!(
            digits(l).div_ceil(8),
            pow_public_v(r, base, exp, last, n, rr, n0)
        )
    }
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
fn to_digits<const V: usize>(out: &mut Num<V>, x: &[Limb]) {
    let limb = |k: usize| x.get(k).copied().unwrap_or(0) as u128;
    for i in 0..8 * V {
        let bit = DIGIT_BITS * i;
        let (k, s) = (bit / 32, bit % 32);
        let w = limb(k) | limb(k + 1) << 32 | limb(k + 2) << 64;
        out[i / 8][i % 8] = (w >> s) as u64 & MASK;
    }
}

/// The 32-bit limbs of normalised digits (`out.len()` of them).
fn from_digits<const V: usize>(out: &mut [Limb], x: &Num<V>) {
    let digit = |i: usize| {
        if i < 8 * V {
            x[i / 8][i % 8] as u128
        } else {
            0
        }
    };
    for (j, o) in out.iter_mut().enumerate() {
        let bit = 32 * j;
        let (i, s) = (bit / DIGIT_BITS, bit % DIGIT_BITS);
        *o = ((digit(i) | digit(i + 1) << DIGIT_BITS) >> s) as Limb;
    }
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
    n: &[Limb],
    rr: &[Limb],
    n0: Limb,
    window_bits: usize,
) {
    pow_k::<V, 1>([r], [base], [exp], [n], [rr], [n0], window_bits)
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
    n: [&[Limb]; K],
    rr: [&[Limb]; K],
    n0: [Limb; K],
    window_bits: usize,
) {
    let ms: [Mont<V>; K] = core::array::from_fn(|k| Mont::<V>::new(n[k], rr[k], n0[k]));
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
        ms[k].finish(r, n[k], &acc[k], None);
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

/// Lane 2 of `x`.
#[inline]
#[target_feature(enable = "avx512f")]
fn lane2(x: __m512i) -> u64 {
    _mm_cvtsi128_si64(_mm256_extracti128_si256::<1>(_mm512_castsi512_si256(x))) as u64
}

/// Lane 1 of `x`.
#[inline]
#[target_feature(enable = "avx512f")]
fn lane1(x: __m512i) -> u64 {
    _mm_extract_epi64::<1>(_mm512_castsi512_si128(x)) as u64
}

#[inline]
#[target_feature(enable = "avx512f")]
fn load(x: &[u64; 8]) -> __m512i {
    // SAFETY: 64 readable bytes; the unaligned load needs no alignment.
    unsafe { _mm512_loadu_si512(x.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn store(x: &mut [u64; 8], v: __m512i) {
    // SAFETY: 64 writable bytes; the unaligned store needs no alignment.
    unsafe { _mm512_storeu_si512(x.as_mut_ptr().cast(), v) }
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
    n: &[Limb],
    rr: &[Limb],
    n0: Limb,
) {
    let m = Mont::<V>::new(n, rr, n0);
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

/// The modulus in digits with `k0 = −n⁻¹ mod 2⁵²`, `d` (its digit count),
/// `rr = R′² mod n` (below `2n`) and the number 1.
pub(crate) struct Mont<const V: usize> {
    pub(crate) n: Num<V>,
    pub(crate) k0: u64,
    pub(crate) d: usize,
    pub(crate) rr: Num<V>,
    pub(crate) one: Num<V>,
}

impl<const V: usize> Mont<V> {
    /// The constants for an odd `n` of `l` [supported](supports) limbs,
    /// `rr = R² mod n`, `n0 = −n⁻¹ mod 2³²`.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(crate) fn new(n: &[Limb], rr: &[Limb], n0: Limb) -> Self {
        let l = n.len();
        let d = digits(l);
        let mut m = Mont {
            n: [[0; 8]; V],
            k0: k0_52(n, n0),
            d,
            rr: [[0; 8]; V],
            one: [[0; 8]; V],
        };
        to_digits(&mut m.n, n);
        m.one[0][0] = 1;
        // R′² mod n from R² mod n: AMM(R², R²) = 2^(4·32l − 52d); times
        // 2^(4s), s = 52d − 32l (below 52d: `supports`), AMM gives 2^(2·52d),
        // below 3n (a product of something below 2n and 2^(4s) < R′), which
        // as a factor of anything below n still keeps AMM below 2n.
        let (mut x, mut y): (Num<V>, Num<V>) = ([[0; 8]; V], [[0; 8]; V]);
        to_digits(&mut x, rr);
        m.amm(&mut y, &x, &x);
        let t = 4 * (DIGIT_BITS * d - 32 * l);
        x = [[0; 8]; V];
        x[t / DIGIT_BITS / 8][t / DIGIT_BITS % 8] = 1 << (t % DIGIT_BITS);
        let mut rr52 = [[0; 8]; V];
        m.amm(&mut rr52, &y, &x);
        m.rr = rr52;
        m
    }

    /// `r ≡ x·R′ (mod n)`, below `2n`, for `x < n` in 32-bit limbs.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(crate) fn to_mont(&self, r: &mut Num<V>, x: &[Limb]) {
        let mut xd = [[0; 8]; V];
        to_digits(&mut xd, x);
        self.amm(r, &xd, &self.rr);
        xd.zeroize();
    }

    /// `r = acc·f·R′⁻¹ mod n` in `[0, n)` (32-bit limbs; `n` this
    /// modulus in them) for `acc < 2n` and `f` = `last < n` or 1 (`None`):
    /// AMM then gives less than `2n` (at most `n` for 1), and one
    /// conditional subtraction.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(crate) fn finish(&self, r: &mut [Limb], n: &[Limb], acc: &Num<V>, last: Option<&Num<V>>) {
        let mut y = [[0; 8]; V];
        self.amm(&mut y, acc, last.unwrap_or(&self.one));
        let mut out = [0 as Limb; 8 * MAX_VECTORS * DIGIT_BITS / 32 + 1];
        // Below 2n, which may need one bit above n's limbs.
        let l = n.len();
        let out = &mut out[..l + 1];
        from_digits(out, &y);
        portable::final_sub(r, &out[..l], out[l], n);
        out.zeroize();
        y.zeroize();
    }

    /// `r = a·b·R′⁻¹ + q·n` for some `q ≥ 0`, normalised, below
    /// `(a·b + R′·n)/R′`: below `2n` when `a·b < n·R′`. Digits of `a`, `b`
    /// below 2⁵², lanes from `d` on zero.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(crate) fn amm(&self, r: &mut Num<V>, a: &Num<V>, b: &Num<V>) {
        // A last vector of at most four digits runs in a 256-bit register:
        // half the work where 512-bit operations take two passes (AMD Zen 4)
        // or one port pair (Intel).
        if V > 1 && self.d <= 8 * (V - 1) + 4 {
            self.amm_with::<true>(r, a, b)
        } else {
            self.amm_with::<false>(r, a, b)
        }
    }

    /// [`Self::amm`], the last vector in a 256-bit register if `HALF`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn amm_with<const HALF: bool>(&self, r: &mut Num<V>, a: &Num<V>, b: &Num<V>) {
        amm_k::<V, HALF, 1>([self], [r], [a], [b])
    }
}

/// `K` independent products (`rs[k] = AMM(a[k], b[k])` modulo `ms[k]`, all
/// of `d` digits) in one loop: their scalar paths from one `y` to the next
/// overlap. See [`Mont::amm`]; the last vector in a 256-bit register if
/// `HALF`.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn amm_k<const V: usize, const HALF: bool, const K: usize>(
    ms: [&Mont<V>; K],
    rs: [&mut Num<V>; K],
    a: [&Num<V>; K],
    b: [&Num<V>; K],
) {
    let d = ms[0].d;
    let zero = _mm512_setzero_si512();
    let zero_h = _mm256_setzero_si256();
    // The full vectors: all, or all but the last.
    let full = if HALF { V - 1 } else { V };
    let mut av = [[zero; V]; K];
    let mut nv = [[zero; V]; K];
    for k in 0..K {
        for j in 0..V {
            av[k][j] = load(&a[k][j]);
            nv[k][j] = load(&ms[k].n[j]);
        }
    }
    let mut ah = [zero_h; K];
    let mut nh = [zero_h; K];
    for k in 0..K {
        ah[k] = _mm512_castsi512_si256(av[k][V - 1]);
        nh[k] = _mm512_castsi512_si256(nv[k][V - 1]);
    }
    // Two accumulators (the a·bᵢ and the y·n terms: two shorter
    // dependency chains); digit 0 of their sum, the one that picks y, is
    // kept exact in `t` (the vectors' lane 0 is shifted out unread), and
    // lane 1 of the y-terms in `sn1`, from lane 2 one step earlier: the
    // path from one y to the next is scalar, the vectors run beside.
    let (mut sa, mut sn) = ([[zero; V]; K], [[zero; V]; K]);
    let (mut sah, mut snh) = ([zero_h; K], [zero_h; K]);
    let digit = |x: &Num<V>, i: usize| x[i / 8][i % 8];
    let mut t = [0u64; K];
    let mut sn1 = [0u64; K];
    for k in 0..K {
        debug_assert_eq!(ms[k].d, d);
        t[k] = a[k][0][0].wrapping_mul(b[k][0][0]) & MASK;
    }
    for i in 0..d {
        for k in 0..K {
            let (av, nv, sa, sn) = (&av[k], &nv[k], &mut sa[k], &mut sn[k]);
            let m = ms[k];
            let bi = digit(b[k], i);
            // y makes t + y·n₀ divisible by 2⁵².
            let y = t[k].wrapping_mul(m.k0) & MASK;
            let bv = _mm512_set1_epi64(bi as i64);
            let yv = _mm512_set1_epi64(y as i64);
            let (bh, yh) = (_mm256_set1_epi64x(bi as i64), _mm256_set1_epi64x(y as i64));
            let sn2 = lane2(sn[0]);
            for j in 0..full {
                sa[j] = _mm512_madd52lo_epu64(sa[j], av[j], bv);
                sn[j] = _mm512_madd52lo_epu64(sn[j], nv[j], yv);
            }
            if HALF {
                sah[k] = _mm256_madd52lo_epu64(sah[k], ah[k], bh);
                snh[k] = _mm256_madd52lo_epu64(snh[k], nh[k], yh);
            }
            let sa1 = lane1(sa[0]);
            // Divide by 2⁵²: one lane down.
            for j in 0..full {
                let (above_a, above_n) = if j + 1 < full {
                    (sa[j + 1], sn[j + 1])
                } else if HALF {
                    (
                        _mm512_castsi256_si512(sah[k]),
                        _mm512_castsi256_si512(snh[k]),
                    )
                } else {
                    (zero, zero)
                };
                sa[j] = _mm512_alignr_epi64::<1>(above_a, sa[j]);
                sn[j] = _mm512_alignr_epi64::<1>(above_n, sn[j]);
            }
            if HALF {
                sah[k] = _mm256_alignr_epi64::<1>(zero_h, sah[k]);
                snh[k] = _mm256_alignr_epi64::<1>(zero_h, snh[k]);
            }
            // The high halves belong one digit up: after the shift, in place.
            for j in 0..full {
                sa[j] = _mm512_madd52hi_epu64(sa[j], av[j], bv);
                sn[j] = _mm512_madd52hi_epu64(sn[j], nv[j], yv);
            }
            if HALF {
                sah[k] = _mm256_madd52hi_epu64(sah[k], ah[k], bh);
                snh[k] = _mm256_madd52hi_epu64(snh[k], nh[k], yh);
            }
            // The next digit 0 and the next lane 1 of the y-terms, in
            // scalar. The carry of t + (y·n₀ mod 2⁵²), a multiple of 2⁵²,
            // comes from t alone (the low part is 2⁵² − (t mod 2⁵²), or 0 if
            // that is 0); the terms without y are summed first, off the
            // y-to-y path.
            let (a0, n0, n1, n2) = (a[k][0][0], m.n[0][0], m.n[0][1], m.n[0][2]);
            let tk = t[k];
            let carry = (tk >> DIGIT_BITS) + (((tk & MASK) + MASK) >> DIGIT_BITS);
            let ab0 = a0 as u128 * bi as u128;
            let next = if i + 1 < d { digit(b[k], i + 1) } else { 0 };
            let ready =
                sa1 + sn1[k] + (ab0 >> DIGIT_BITS) as u64 + carry + (a0.wrapping_mul(next) & MASK);
            let ny0 = n0 as u128 * y as u128;
            let ny1 = n1 as u128 * y as u128;
            t[k] = ready + ((ny1 as u64 & MASK) + (ny0 >> DIGIT_BITS) as u64);
            sn1[k] = sn2 + (n2.wrapping_mul(y) & MASK) + (ny1 >> DIGIT_BITS) as u64;
        }
    }
    for (k, r) in rs.into_iter().enumerate() {
        let mut acc = [zero; V];
        for j in 0..full {
            acc[j] = _mm512_add_epi64(sa[k][j], sn[k][j]);
        }
        if HALF {
            acc[V - 1] = _mm512_zextsi256_si512(_mm256_add_epi64(sah[k], snh[k]));
        }
        acc[0] = _mm512_mask_blend_epi64(1, acc[0], _mm512_set1_epi64(t[k] as i64));
        normalise(&mut acc);
        for j in 0..V {
            store(&mut r[j], acc[j]);
        }
    }
}

/// Carries of 64-bit lanes into 52-bit digits, for a value below `2^(52·8V)`:
/// two vector passes (each lane's bits above 52 into the next lane) leave
/// digits at most 2⁵², whose carries ripple by one mask addition.
#[target_feature(enable = "avx512f")]
fn normalise<const V: usize>(acc: &mut [__m512i; V]) {
    let mask = _mm512_set1_epi64(MASK as i64);
    let zero = _mm512_setzero_si512();
    for _ in 0..2 {
        let mut prev = zero;
        for x in acc.iter_mut() {
            let hi = _mm512_srli_epi64::<52>(*x);
            // Lane 0 takes the previous vector's lane 7, lane i lane i−1.
            let up = _mm512_alignr_epi64::<7>(hi, prev);
            prev = hi;
            *x = _mm512_add_epi64(_mm512_and_si512(*x, mask), up);
        }
    }
    // g: digits equal to 2⁵² (a carry out), p: digits equal to 2⁵² − 1
    // (pass a carry on); the digits that take a carry are (g·2 + p) ^ p.
    let (mut g, mut p) = (0u128, 0u128);
    for (j, x) in acc.iter().enumerate() {
        g |= (_mm512_cmpgt_epu64_mask(*x, mask) as u128) << (8 * j);
        p |= (_mm512_cmpeq_epi64_mask(*x, mask) as u128) << (8 * j);
    }
    let bits = (g << 1).wrapping_add(p) ^ p;
    let one = _mm512_set1_epi64(1);
    for (j, x) in acc.iter_mut().enumerate() {
        let k = (bits >> (8 * j)) as u8;
        *x = _mm512_and_si512(_mm512_mask_add_epi64(*x, k, *x, one), mask);
    }
}

#[cfg(test)]
#[path = "ifma_tests.rs"]
mod tests;
