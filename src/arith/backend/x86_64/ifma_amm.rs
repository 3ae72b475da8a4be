//! The almost-Montgomery product of the IFMA exponentiation (see the parent
//! module): the modulus in 52-bit digits ([`Mont`]), `K` independent
//! products in one pass over the digits ([`amm_k`]), the carry
//! normalisation, and the vector loads and lane reads they use.

use core::arch::x86_64::*;

use super::*;

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
pub(super) fn load(x: &[u64; 8]) -> __m512i {
    // SAFETY: 64 readable bytes; the unaligned load needs no alignment.
    unsafe { _mm512_loadu_si512(x.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn store(x: &mut [u64; 8], v: __m512i) {
    // SAFETY: 64 writable bytes; the unaligned store needs no alignment.
    unsafe { _mm512_storeu_si512(x.as_mut_ptr().cast(), v) }
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
        let mut m = Self::bare(n, n0);
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

    /// The constants but `rr` (left zero): enough for [`Self::amm`].
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(crate) fn bare(n: &[Limb], n0: Limb) -> Self {
        let mut m = Mont {
            n: [[0; 8]; V],
            k0: k0_52(n, n0),
            d: digits(n.len()),
            rr: [[0; 8]; V],
            one: [[0; 8]; V],
        };
        to_digits(&mut m.n, n);
        m.one[0][0] = 1;
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
        self.to_limbs(r, n, &y);
        y.zeroize();
    }

    /// `r = y mod n` in 32-bit limbs (`n` this modulus in them) for
    /// normalised digits `y < 2n`: one conditional subtraction.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(crate) fn to_limbs(&self, r: &mut [Limb], n: &[Limb], y: &Num<V>) {
        let mut out = [0 as Limb; 8 * MAX_VECTORS * DIGIT_BITS / 32 + 1];
        // Below 2n, which may need one bit above n's limbs.
        let l = n.len();
        let out = &mut out[..l + 1];
        from_digits(out, y);
        portable::final_sub(r, &out[..l], out[l], n);
        out.zeroize();
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
pub(super) fn amm_k<const V: usize, const HALF: bool, const K: usize>(
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
            // sa += a·bᵢ, sn += n·y: the low (`madd52lo`) or the high
            // (`madd52hi`) 52 bits of each product.
            macro_rules! madd52 {
                ($full:ident, $half:ident) => {
                    for j in 0..full {
                        sa[j] = $full(sa[j], av[j], bv);
                        sn[j] = $full(sn[j], nv[j], yv);
                    }
                    if HALF {
                        sah[k] = $half(sah[k], ah[k], bh);
                        snh[k] = $half(snh[k], nh[k], yh);
                    }
                };
            }
            madd52!(_mm512_madd52lo_epu64, _mm256_madd52lo_epu64);
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
            madd52!(_mm512_madd52hi_epu64, _mm256_madd52hi_epu64);
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
pub(super) fn normalise<const V: usize>(acc: &mut [__m512i; V]) {
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
