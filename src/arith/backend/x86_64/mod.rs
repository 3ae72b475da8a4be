//! The x86-64 backend: the 64-bit word kernels of [`super::portable64`] with
//! their rows in inline assembly where the CPU has BMI2 and ADX (MULX with
//! two independent carry chains, ADCX/ADOX): the row `rp += up·v` of
//! multiplication and squaring, all rows of REDC with its final
//! subtraction, and the double-and-add of squaring, faster than the Rust
//! rows (BENCHMARKS.md's host rows run this backend). At 16, 24 and 32
//! words (the CRT halves of 2048-, 3072- and 4096-bit keys) multiplication,
//! squaring and REDC have their rows written out whole, without the loops'
//! counting. BMI2 + ADX are known at compile time
//! (`-C target-feature=+bmi2,+adx` or a `target-cpu` that has them) or
//! detected at run time with `std`; without them, and for odd lengths, the
//! portable kernels run. The only branch on the CPU feature is taken the
//! same way on every call.
//!
//! On CPUs with AVX-512 IFMA, `ifma` runs exponentiations whole, in radix
//! 2⁵² (`ifma::pow_secret`, `ifma::pow_public`), and the blinding's
//! full-length products (`ifma::mul`); these rows then serve the rest (CRT
//! recombination, key checks).

use super::portable64::{self, get, put, Rows, W};
use crate::arith::Limb;

/// Whether the BMI2 + ADX rows can run.
#[inline(always)]
pub(crate) fn use_adx() -> bool {
    #[cfg(all(target_feature = "bmi2", target_feature = "adx"))]
    {
        true
    }
    #[cfg(all(
        not(all(target_feature = "bmi2", target_feature = "adx")),
        feature = "std"
    ))]
    {
        (std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx"))
            || crate::ct::under_valgrind()
    }
    #[cfg(not(any(all(target_feature = "bmi2", target_feature = "adx"), feature = "std")))]
    {
        false
    }
}

/// Applies `$f` of the written-out module for `$words` words (see
/// `adx::written_out`) to the arguments, or evaluates `$else` at other lengths.
macro_rules! by_length {
    ($words:expr, $f:ident($($arg:expr),*), $else:expr) => {
        match $words {
            adx::w16::WORDS => adx::w16::$f($($arg),*),
            adx::w24::WORDS => adx::w24::$f($($arg),*),
            adx::w32::WORDS => adx::w32::$f($($arg),*),
            _ => $else,
        }
    };
}

/// The assembly rows (callers check [`use_adx`]).
pub(crate) struct AdxRows;

impl Rows for AdxRows {
    #[inline(always)]
    fn addmul(rp: &mut [W], up: &[W], v: u64) -> u64 {
        adx::addmul(rp, up, v)
    }

    #[inline(always)]
    fn redc(r: &mut [W], t: &mut [W], n: &[W], k: u64) -> bool {
        let len = n.len();
        // `adx::redc_rows` writes out each row's first four words; shorter
        // moduli take the generic REDC on these rows' `addmul`.
        if len < 4 {
            return false;
        }
        by_length!(len, redc(r, t, n, k), {
            let top = adx::redc_rows(t, n, k);
            let x = &t[len..];
            // r = x − n; keep x (mask all-ones) iff that borrowed past `top`.
            let mask = core::hint::black_box(adx::sub_mask(r, x, n, top));
            for (ri, xi) in r.iter_mut().zip(x) {
                put(ri, (get(xi) & mask) | (get(ri) & !mask));
            }
        });
        true
    }

    #[inline(always)]
    fn double_add_squares(t: &mut [W], a: &[W]) -> bool {
        adx::double_add_squares(t, a);
        true
    }
}

/// `t[..2n] = a · b`.
pub fn mul(t: &mut [Limb], a: &[Limb], b: &[Limb]) {
    if a.len().is_multiple_of(2) && b.len() == a.len() && t.len() == 2 * a.len() && use_adx() {
        let (t2, _) = t.as_chunks_mut::<2>();
        let (a2, _) = a.as_chunks::<2>();
        let (b2, _) = b.as_chunks::<2>();
        by_length!(
            a2.len(),
            mul(t2, a2, b2),
            portable64::mul_with::<AdxRows>(t, a, b)
        )
    } else {
        portable64::mul(t, a, b)
    }
}

/// `t[..2n] = a²`.
pub fn sqr(t: &mut [Limb], a: &[Limb]) {
    if a.len().is_multiple_of(2) && t.len() == 2 * a.len() && use_adx() {
        let (t2, _) = t.as_chunks_mut::<2>();
        let (a2, _) = a.as_chunks::<2>();
        by_length!(a2.len(), sqr(t2, a2), portable64::sqr_with::<AdxRows>(t, a))
    } else {
        portable64::sqr(t, a)
    }
}

/// Montgomery reduction: `r = t·R⁻¹ mod n` in `[0, n)` for `t < n·R`.
pub fn redc(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let l = n.len();
    if l.is_multiple_of(2) && l != 0 && r.len() == l && t.len() == 2 * l && use_adx() {
        portable64::redc_with::<AdxRows>(r, t, n, n0)
    } else {
        portable64::redc(r, t, n, n0)
    }
}

/// The reduction of the exponentiation loops: a full [`redc`] (below `R`).
pub fn redc_lazy(r: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    redc(r, t, n, n0)
}

/// Whether AVX2 can run (for [`select`]), as [`use_adx`] decides.
#[inline(always)]
fn use_avx2() -> bool {
    #[cfg(target_feature = "avx2")]
    {
        true
    }
    #[cfg(all(not(target_feature = "avx2"), feature = "std"))]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(any(target_feature = "avx2", feature = "std")))]
    {
        false
    }
}

/// `r = table[index]`, reading every entry: in AVX2 where the CPU has it
/// and `r` is whole 256-bit vectors, else [`portable64::select`].
pub fn select(r: &mut [Limb], table: &[Limb], index: usize) {
    if !r.is_empty() && r.len().is_multiple_of(8) && use_avx2() {
        // SAFETY: AVX2 is present (checked above).
        unsafe { avx2::select(r, table, index) }
    } else {
        portable64::select(r, table, index)
    }
}

mod avx2 {
    //! The window select in AVX2: each entry masked by a vector compare
    //! of its number with the index (no branch, every entry read in the
    //! same order) and OR-ed into accumulators held in registers, up to
    //! four vectors of `r` per pass over the table.
    use crate::arith::Limb;
    use core::arch::x86_64::*;

    /// `r[..8V] = table[index][off..off + 8V]` (`len` limbs per entry).
    #[inline(always)]
    unsafe fn block<const V: usize>(
        r: &mut [Limb],
        table: &[Limb],
        len: usize,
        off: usize,
        index: usize,
    ) {
        let entries = table.len() / len;
        assert!(r.len() == 8 * V && off + 8 * V <= len);
        let want = _mm256_set1_epi32(index as i32);
        let one = _mm256_set1_epi32(1);
        let mut number = _mm256_setzero_si256();
        let mut acc = [_mm256_setzero_si256(); V];
        for e in 0..entries {
            let mask = _mm256_cmpeq_epi32(number, want);
            let src = &table[e * len + off..e * len + off + 8 * V];
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: 8 limbs of `src` from 8k, in bounds (8V long).
                let x = unsafe { _mm256_loadu_si256(src.as_ptr().add(8 * k).cast()) };
                *a = _mm256_or_si256(*a, _mm256_and_si256(mask, x));
            }
            number = _mm256_add_epi32(number, one);
        }
        for (k, a) in acc.iter().enumerate() {
            // SAFETY: 8 limbs of `r` from 8k, in bounds (8V long).
            unsafe { _mm256_storeu_si256(r.as_mut_ptr().add(8 * k).cast(), *a) };
        }
    }

    /// `r = table[index]` for `r.len()` a multiple of 8; every entry read.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn select(r: &mut [Limb], table: &[Limb], index: usize) {
        let len = r.len();
        debug_assert!(len.is_multiple_of(8) && table.len().is_multiple_of(len));
        let mut off = 0;
        for chunk in r.chunks_mut(32) {
            // SAFETY (all four): AVX2 is enabled on this function.
            unsafe {
                match chunk.len() {
                    32 => block::<4>(chunk, table, len, off, index),
                    24 => block::<3>(chunk, table, len, off, index),
                    16 => block::<2>(chunk, table, len, off, index),
                    _ => block::<1>(chunk, table, len, off, index),
                }
            }
            off += chunk.len();
        }
    }
}

#[cfg(rsa_cortex_m_ifma)]
pub mod ifma;

mod adx {
    //! The x86-64 assembly: MULX with two independent carry chains (ADCX
    //! on CF, ADOX on OF). Every instruction runs in time independent of
    //! its operands and the loop counts depend on lengths only. Only `lea`,
    //! `mov` and `jrcxz` (which leave the flags alone) sit between the
    //! chained additions.
    use super::super::portable64::W;

    /// The assembly of the row `rp[..k] += up[..k]·rdx` for [`addmul`] and
    /// each row of [`redc_rows`], from `c = 0`, CF = OF = 0 and `rcx = k mod
    /// 4`: the single words, then `$groups` (loads `k / 4` into rcx) groups
    /// of four; leaves the carry word in `c` with both chains folded in.
    macro_rules! addmul_row {
        ($groups:literal) => {
            concat!(
                "jrcxz 4f\n",
                "5:\n", // k mod 4 single words
                "mulx {hi}, {lo}, qword ptr [{up}]\n",
                "adcx {lo}, {c}\n",
                "adox {lo}, qword ptr [{rp}]\n",
                "mov qword ptr [{rp}], {lo}\n",
                "mov {c}, {hi}\n",
                "lea {up}, [{up} + 8]\n",
                "lea {rp}, [{rp} + 8]\n",
                "lea rcx, [rcx - 1]\n",
                "jrcxz 4f\n",
                "jmp 5b\n",
                "4:\n",
                $groups,
                "\n",
                "jrcxz 3f\n",
                "2:\n", // groups of four words
                "mulx {hi}, {lo}, qword ptr [{up}]\n",
                "adcx {lo}, {c}\n",
                "adox {lo}, qword ptr [{rp}]\n",
                "mov qword ptr [{rp}], {lo}\n",
                "mulx {c}, {lo}, qword ptr [{up} + 8]\n",
                "adcx {lo}, {hi}\n",
                "adox {lo}, qword ptr [{rp} + 8]\n",
                "mov qword ptr [{rp} + 8], {lo}\n",
                "mulx {hi}, {lo}, qword ptr [{up} + 16]\n",
                "adcx {lo}, {c}\n",
                "adox {lo}, qword ptr [{rp} + 16]\n",
                "mov qword ptr [{rp} + 16], {lo}\n",
                "mulx {c}, {lo}, qword ptr [{up} + 24]\n",
                "adcx {lo}, {hi}\n",
                "adox {lo}, qword ptr [{rp} + 24]\n",
                "mov qword ptr [{rp} + 24], {lo}\n",
                "lea {up}, [{up} + 32]\n",
                "lea {rp}, [{rp} + 32]\n",
                "lea rcx, [rcx - 1]\n",
                "jrcxz 3f\n",
                "jmp 2b\n",
                "3:\n",
                "mov {lo:e}, 0\n",
                "adcx {c}, {lo}\n", // fold both pending carries
                "adox {c}, {lo}",
            )
        };
    }

    /// One word of a written-out row: `rp[off] += up[off]·rdx + c` on the
    /// two chains, the product's high word the next `c`.
    macro_rules! word {
        ($off:literal) => {
            concat!(
                "mulx {hi}, {lo}, qword ptr [{up} + ",
                $off,
                "]\n",
                "adcx {lo}, {c}\n",
                "adox {lo}, qword ptr [{rp} + ",
                $off,
                "]\n",
                "mov qword ptr [{rp} + ",
                $off,
                "], {lo}\n",
                "mov {c}, {hi}\n",
            )
        };
    }

    /// The words at the offsets given, then both chains folded into `c`.
    macro_rules! row {
        ($($off:literal)*) => {
            concat!(
                $(word!($off),)*
                "mov {lo:e}, 0\n",
                "adcx {c}, {lo}\n",
                "adox {c}, {lo}\n",
            )
        };
    }

    /// One word of `r = x − n`, the borrow in CF.
    macro_rules! sub_word {
        ($off:literal) => {
            concat!(
                "mov {c}, qword ptr [{rp} + ",
                $off,
                "]\n",
                "sbb {c}, qword ptr [{up} + ",
                $off,
                "]\n",
                "mov qword ptr [{r} + ",
                $off,
                "], {c}\n",
            )
        };
    }

    /// `r = x − n` at the offsets given.
    macro_rules! sub_words {
        ($($off:literal)*) => { concat!($(sub_word!($off),)*) };
    }

    /// `r = x` at the offsets given where CF is set (CMOV: no branch, and
    /// `x` is loaded either way).
    macro_rules! keep_words {
        ($($off:literal)*) => {
            concat!($(
                "mov {c}, qword ptr [{r} + ", $off, "]\n",
                "cmovc {c}, qword ptr [{rp} + ", $off, "]\n",
                "mov qword ptr [{r} + ", $off, "], {c}\n",
            )*)
        };
    }

    /// The off-diagonal products of squaring, one written-out row per word
    /// `a[h]` (`h` the byte offset, `rp = t + h`): `t[h+j] += a[h]·a[j]` for
    /// the offsets `j` after `h`, the carry word stored at `t[h + $end]`.
    macro_rules! triangle {
        ($end:literal; $h:literal) => { "" };
        ($end:literal; $h:literal $($rest:literal)+) => {
            concat!(
                "mov rdx, qword ptr [{up} + ", $h, "]\n",
                "lea {rp}, [{t} + ", $h, "]\n",
                "xor {c:e}, {c:e}\n",
                row!($($rest)+),
                "mov qword ptr [{rp} + ", $end, "], {c}\n",
                triangle!($end; $($rest)+),
            )
        };
    }

    /// `t[2h..2h+2] = 2·t[2h..2h+2] + a[h]²` with the doubling's carry on
    /// CF and the addition's on OF, for the offsets `(h, 2h, 2h + 8)`
    /// given: `double_add_squares` written out.
    macro_rules! squares {
        ($($a:literal $t0:literal $t1:literal)*) => {
            concat!($(
                "mov rdx, qword ptr [{up} + ", $a, "]\n",
                "mulx {hi}, {lo}, rdx\n",
                "mov {c}, qword ptr [{t} + ", $t0, "]\n",
                "mov {rp}, qword ptr [{t} + ", $t1, "]\n",
                "adcx {c}, {c}\n",
                "adcx {rp}, {rp}\n",
                "adox {c}, {lo}\n",
                "adox {rp}, {hi}\n",
                "mov qword ptr [{t} + ", $t0, "], {c}\n",
                "mov qword ptr [{t} + ", $t1, "], {rp}\n",
            )*)
        };
    }

    /// Multiplication, squaring and REDC with their rows written out whole,
    /// as a module `$name` for `$words`-word operands (`$end` = 8·`$words`;
    /// the byte offsets of the words; the squares' offsets `(h, 2h, 2h + 8)`).
    macro_rules! written_out {
        ($name:ident, $words:literal, $end:literal;
         [$o0:literal $o1:literal $($off:literal)*];
         [$($sq:literal)*]) => {
            pub(crate) mod $name {
                use super::W;

                /// The length in words.
                pub(crate) const WORDS: usize = $words;

                /// `t = a·b`: one row per word of `a`, each written out.
                #[inline(always)]
                pub(crate) fn mul(t: &mut [W], a: &[W], b: &[W]) {
                    assert!(a.len() == WORDS && b.len() == WORDS && t.len() == 2 * WORDS);
                    t[..WORDS].fill([0, 0]);
                    // SAFETY: row i reads a[i] and b[..WORDS] and reads/writes
                    // t[i..=i+WORDS], in bounds for i < WORDS (asserted above);
                    // word layout and BMI2/ADX contract as for `addmul`.
                    unsafe {
                        core::arch::asm!(
                            "2:",
                            "mov rdx, qword ptr [{a}]",
                            "xor {c:e}, {c:e}",         // c = 0, CF = OF = 0
                            row!($o0 $o1 $($off)*),
                            concat!("mov qword ptr [{rp} + ", $end, "], {c}"),
                            "lea {a}, [{a} + 8]",
                            "lea {rp}, [{rp} + 8]",
                            "dec {rows}",
                            "jnz 2b",
                            a = inout(reg) a.as_ptr() => _,
                            up = in(reg) b.as_ptr(),
                            rp = inout(reg) t.as_mut_ptr() => _,
                            rows = inout(reg) WORDS => _,
                            c = out(reg) _,
                            hi = out(reg) _,
                            lo = out(reg) _,
                            out("rdx") _,
                            options(nostack),
                        );
                    }
                }

                /// `t = a²`: the off-diagonal products in written-out rows of
                /// decreasing length, then `double_add_squares` written out.
                #[inline(always)]
                pub(crate) fn sqr(t: &mut [W], a: &[W]) {
                    assert!(a.len() == WORDS && t.len() == 2 * WORDS);
                    t.fill([0, 0]);
                    // SAFETY: row h reads a[..WORDS] and reads/writes
                    // t[h+1..=h+WORDS], in bounds for h < WORDS − 1; word
                    // layout and BMI2/ADX contract as for `addmul`.
                    unsafe {
                        core::arch::asm!(
                            triangle!($end; $o0 $o1 $($off)*),
                            // t = 2·t + the squares a[h]² at t[2h].
                            "xor {c:e}, {c:e}",             // CF = OF = 0
                            squares!($($sq)*),
                            up = in(reg) a.as_ptr(),
                            t = in(reg) t.as_mut_ptr(),
                            rp = out(reg) _,
                            c = out(reg) _,
                            hi = out(reg) _,
                            lo = out(reg) _,
                            out("rdx") _,
                            options(nostack),
                        );
                    }
                }

                /// REDC in one call: `redc_rows` with every word of each row
                /// written out (the next row's `m` made early the same way),
                /// then `r = x − n` or `x` as `AdxRows::redc` (`x = top·R +
                /// t[WORDS..]`).
                #[inline(always)]
                pub(crate) fn redc(r: &mut [W], t: &mut [W], n: &[W], k: u64) {
                    assert!(n.len() == WORDS && t.len() == 2 * WORDS && r.len() == WORDS);
                    // SAFETY: as for `redc_rows` (row i reads/writes
                    // t[i..=i+WORDS] and reads n[..WORDS], in bounds for
                    // i < WORDS); reads `k`; the subtraction reads t[WORDS..]
                    // and n and writes r[..WORDS].
                    unsafe {
                        core::arch::asm!(
                            "xor {top:e}, {top:e}",
                            "mov rdx, qword ptr [{rp}]",
                            "imul rdx, qword ptr [{k}]",    // m = t[0]·k
                            "2:",                           // one row per iteration
                            "xor {c:e}, {c:e}",             // c = 0, CF = OF = 0
                            "mulx {hi}, {lo}, qword ptr [{up}]",
                            "adcx {lo}, {c}",
                            "adox {lo}, qword ptr [{rp}]",  // zero by the choice of m
                            "mov {c}, {hi}",
                            "mulx {hi}, {lo}, qword ptr [{up} + 8]",
                            "adcx {lo}, {c}",
                            "adox {lo}, qword ptr [{rp} + 8]",
                            "mov qword ptr [{rp} + 8], {lo}",
                            "mov {c}, {hi}",
                            // t[i+1] is final: the next row's m = t[i+1]·k, by
                            // MULX (which leaves the two carry chains alone).
                            "mov {mn}, rdx",
                            "mov rdx, {lo}",
                            "mulx {hi}, {lo}, qword ptr [{k}]",
                            "mov rdx, {mn}",
                            "mov {mn}, {lo}",
                            row!($($off)*),
                            // t[i+WORDS] += c + top; top = the carry out (at
                            // most 1), in registers: through memory, the carry
                            // of one row would wait on two stores of the one
                            // before.
                            concat!("mov {hi}, qword ptr [{rp} + ", $end, "]"),
                            "add {c}, {top}",
                            "mov {top:e}, 0",
                            "adc {top}, 0",
                            "add {c}, {hi}",
                            "adc {top}, 0",
                            concat!("mov qword ptr [{rp} + ", $end, "], {c}"),
                            "mov rdx, {mn}",
                            "lea {rp}, [{rp} + 8]",
                            "dec {rows}",
                            "jnz 2b",
                            // rp = x; r = x − n, kept iff it did not borrow
                            // past top.
                            "clc",
                            sub_words!($o0 $o1 $($off)*),
                            "sbb {top}, 0",                 // CF = [top < borrow]
                            keep_words!($o0 $o1 $($off)*),
                            rp = inout(reg) t.as_mut_ptr() => _,
                            up = in(reg) n.as_ptr(),
                            r = in(reg) r.as_mut_ptr(),
                            k = in(reg) core::ptr::from_ref(&k),
                            rows = inout(reg) WORDS => _,
                            c = out(reg) _,
                            hi = out(reg) _,
                            lo = out(reg) _,
                            mn = out(reg) _,
                            top = out(reg) _,
                            out("rdx") _,
                            options(nostack),
                        );
                    }
                }
            }
        };
    }

    // 1024 bits: the CRT halves of a 2048-bit key.
    written_out!(w16, 16, "128";
        [0 8 16 24 32 40 48 56 64 72 80 88 96 104 112 120];
        [0 0 8 8 16 24 16 32 40 24 48 56 32 64 72 40 80 88 48 96 104 56 112 120 64 128 136 72 144 152 80 160 168 88 176 184 96 192 200 104 208 216 112 224 232 120 240 248]);
    // 1536 bits: the CRT halves of a 3072-bit key.
    written_out!(w24, 24, "192";
        [0 8 16 24 32 40 48 56 64 72 80 88 96 104 112 120 128 136 144 152 160 168 176 184];
        [0 0 8 8 16 24 16 32 40 24 48 56 32 64 72 40 80 88 48 96 104 56 112 120 64 128 136 72 144 152 80 160 168 88 176 184 96 192 200 104 208 216 112 224 232 120 240 248 128 256 264 136 272 280 144 288 296 152 304 312 160 320 328 168 336 344 176 352 360 184 368 376]);
    // 2048 bits: the CRT halves of a 4096-bit key, 2048-bit moduli.
    written_out!(w32, 32, "256";
        [0 8 16 24 32 40 48 56 64 72 80 88 96 104 112 120 128 136 144 152 160 168 176 184 192 200 208 216 224 232 240 248];
        [0 0 8 8 16 24 16 32 40 24 48 56 32 64 72 40 80 88 48 96 104 56 112 120 64 128 136 72 144 152 80 160 168 88 176 184 96 192 200 104 208 216 112 224 232 120 240 248 128 256 264 136 272 280 144 288 296 152 304 312 160 320 328 168 336 344 176 352 360 184 368 376 192 384 392 200 400 408 208 416 424 216 432 440 224 448 456 232 464 472 240 480 488 248 496 504]);

    /// `rp[..k] += up[..k]·v`, `k = up.len() ≥ 1`, four words per loop
    /// iteration after `k mod 4` single ones; returns the carry word.
    /// Requires BMI2 and ADX (the caller checks, see `use_adx`).
    #[inline(always)]
    pub(crate) fn addmul(rp: &mut [W], up: &[W], v: u64) -> u64 {
        let k = up.len();
        assert!(k > 0 && rp.len() >= k);
        let carry: u64;
        // SAFETY: reads k words of `up` and reads/writes k words of `rp`,
        // in bounds (asserted above); `W` is two little-endian u32s, i.e.
        // one little-endian u64 on x86, which needs no alignment for these
        // accesses. BMI2 and ADX are present (caller's contract). No stack
        // use; flags are clobbered (the asm! default).
        unsafe {
            core::arch::asm!(
                "xor {c:e}, {c:e}",         // c = 0, CF = OF = 0
                addmul_row!("mov rcx, {groups}"),
                up = inout(reg) up.as_ptr() => _,
                rp = inout(reg) rp.as_mut_ptr() => _,
                groups = in(reg) k / 4,
                c = out(reg) carry,
                hi = out(reg) _,
                lo = out(reg) _,
                inout("rcx") k % 4 => _,
                in("rdx") v,
                options(nostack),
            );
        }
        carry
    }

    /// The rows of REDC: for `i` in `0..len`, `m = t[i]·k mod 2⁶⁴`,
    /// `t[i..i+len] += m·n` (the row loop of [`addmul`] after the first four
    /// words, written out), and the row's carry word plus the running carry
    /// bit added into `t[i+len]`. Returns the final carry bit (the result is
    /// `top·R + t[len..2len]`). The next row's `m` is made from `t[i+1]` as
    /// soon as this row's word 1 has finished it (by MULX, which leaves the
    /// two carry chains alone), so the next row starts without waiting for a
    /// load and a multiplication; row i's `t[i]` (zero) is not stored.
    /// `len = n.len() ≥ 4`, `t.len() = 2·len`; BMI2 and ADX as for [`addmul`].
    #[inline(always)]
    pub(crate) fn redc_rows(t: &mut [W], n: &[W], k: u64) -> u64 {
        let len = n.len();
        assert!(len >= 4 && t.len() == 2 * len);
        // k, groups of four after the first four words, single words, and
        // where row `len` would start (the loop's end).
        let consts: [u64; 4] = [
            k,
            ((len - 4) / 4) as u64,
            (len % 4) as u64,
            t[len..].as_ptr() as u64,
        ];
        let top: u64;
        // SAFETY: row i reads/writes t[i..=i+len] and reads n[..len], in
        // bounds for i < len (asserted above); reads the 4 words of `consts`
        // (the fourth is compared with, never dereferenced). Word layout and
        // BMI2/ADX contract as for `addmul`.
        unsafe {
            core::arch::asm!(
                "xor {top:e}, {top:e}",
                "mov rdx, qword ptr [{t}]",
                "imul rdx, qword ptr [{consts}]",  // m = t[0]·k
                "6:",                           // one row per iteration
                "mov {rp}, {t}",
                "mov {up}, {n}",
                "xor {c:e}, {c:e}",             // c = 0, CF = OF = 0
                "mulx {hi}, {lo}, qword ptr [{up}]",
                "adcx {lo}, {c}",
                "adox {lo}, qword ptr [{rp}]",  // zero by the choice of m
                "mulx {c}, {lo}, qword ptr [{up} + 8]",
                "adcx {lo}, {hi}",
                "adox {lo}, qword ptr [{rp} + 8]",
                "mov qword ptr [{rp} + 8], {lo}",
                // t[i+1] is final: the next row's m = t[i+1]·k.
                "mov {mn}, rdx",
                "mov rdx, {lo}",
                "mulx {hi}, {lo}, qword ptr [{consts}]",
                "mov rdx, {mn}",
                "mov {mn}, {lo}",
                "mulx {hi}, {lo}, qword ptr [{up} + 16]",
                "adcx {lo}, {c}",
                "adox {lo}, qword ptr [{rp} + 16]",
                "mov qword ptr [{rp} + 16], {lo}",
                "mulx {c}, {lo}, qword ptr [{up} + 24]",
                "adcx {lo}, {hi}",
                "adox {lo}, qword ptr [{rp} + 24]",
                "mov qword ptr [{rp} + 24], {lo}",
                "lea {up}, [{up} + 32]",
                "lea {rp}, [{rp} + 32]",
                "mov rcx, qword ptr [{consts} + 16]",
                addmul_row!("mov rcx, qword ptr [{consts} + 8]"),
                // t[i+len] += c + top; top = the carry out (at most 1).
                "mov {hi}, {top}",
                "xor {top:e}, {top:e}",
                "add qword ptr [{rp}], {c}",
                "adc {top}, 0",
                "add qword ptr [{rp}], {hi}",
                "adc {top}, 0",
                "mov rdx, {mn}",
                "lea {t}, [{t} + 8]",
                "cmp {t}, qword ptr [{consts} + 24]",
                "jne 6b",
                t = inout(reg) t.as_mut_ptr() => _,
                n = in(reg) n.as_ptr(),
                consts = in(reg) consts.as_ptr(),
                rp = out(reg) _,
                up = out(reg) _,
                c = out(reg) _,
                hi = out(reg) _,
                lo = out(reg) _,
                mn = out(reg) _,
                top = out(reg) top,
                out("rcx") _,
                out("rdx") _,
                options(nostack),
            );
        }
        top
    }

    /// `r = x − n` (`len = n.len() ≥ 1` words, an SBB chain) and returns
    /// the mask that keeps `x`: all-ones iff `top − borrow < 0`, made from
    /// the flags without a branch. BMI2/ADX not needed.
    #[inline(always)]
    pub(crate) fn sub_mask(r: &mut [W], x: &[W], n: &[W], top: u64) -> u64 {
        let len = n.len();
        assert!(len > 0 && r.len() == len && x.len() == len);
        let mask: u64;
        // SAFETY: reads len words of `x` and `n`, writes len words of `r`,
        // in bounds (asserted above); word layout as for `addmul`.
        unsafe {
            core::arch::asm!(
                "xor {a:e}, {a:e}",             // CF = 0
                "2:",
                "mov {a}, qword ptr [{x}]",
                "sbb {a}, qword ptr [{n}]",
                "mov qword ptr [{r}], {a}",
                "lea {x}, [{x} + 8]",
                "lea {n}, [{n} + 8]",
                "lea {r}, [{r} + 8]",
                "lea rcx, [rcx - 1]",
                "jrcxz 3f",
                "jmp 2b",
                "3:",
                "sbb {top}, 0",                 // CF = [top < borrow]
                "sbb {a}, {a}",                 // a = −CF
                x = inout(reg) x.as_ptr() => _,
                n = inout(reg) n.as_ptr() => _,
                r = inout(reg) r.as_mut_ptr() => _,
                top = inout(reg) top => _,
                a = out(reg) mask,
                inout("rcx") len => _,
                options(nostack),
            );
        }
        mask
    }

    /// `t = 2·t + Σ a[i]²·2^(128i)` for `t.len() = 2·a.len() ≥ 2` (the
    /// last step of squaring; the result fits). ADCX doubles (its CF carries
    /// the bit shifted out), ADOX adds the squares.
    #[inline(always)]
    pub(crate) fn double_add_squares(t: &mut [W], a: &[W]) {
        let n = a.len();
        assert!(n > 0 && t.len() == 2 * n);
        // SAFETY: reads n words of `a`, reads/writes 2n words of `t`, in
        // bounds (asserted above); see `addmul` for the word layout and the
        // BMI2/ADX contract.
        unsafe {
            core::arch::asm!(
                "xor {x0:e}, {x0:e}",       // CF = OF = 0
                "2:",
                "mov rdx, qword ptr [{a}]",
                "mulx {hi}, {lo}, rdx",
                "mov {x0}, qword ptr [{t}]",
                "mov {x1}, qword ptr [{t} + 8]",
                "adcx {x0}, {x0}",
                "adcx {x1}, {x1}",
                "adox {x0}, {lo}",
                "adox {x1}, {hi}",
                "mov qword ptr [{t}], {x0}",
                "mov qword ptr [{t} + 8], {x1}",
                "lea {a}, [{a} + 8]",
                "lea {t}, [{t} + 16]",
                "lea rcx, [rcx - 1]",
                "jrcxz 3f",
                "jmp 2b",
                "3:",
                a = inout(reg) a.as_ptr() => _,
                t = inout(reg) t.as_mut_ptr() => _,
                x0 = out(reg) _,
                x1 = out(reg) _,
                hi = out(reg) _,
                lo = out(reg) _,
                inout("rcx") n => _,
                out("rdx") _,
                options(nostack),
            );
        }
    }
}
