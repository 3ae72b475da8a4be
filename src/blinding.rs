//! Blinding of the private-key operation.
//!
//! # Base blinding (operations given an RNG)
//!
//! `c' = c·r^e mod n`, `m' = c'^d mod n`, `m = m'·r⁻¹ mod n` for a random
//! `r` the attacker does not know. The exponentiation then runs on a value
//! the attacker neither knows nor chooses, so chosen-ciphertext side
//! channels on the base (timing or power differences that correlate with
//! `c`, e.g. the input-dependent multiplier behaviour of some cores, or a
//! future leak in the arithmetic) carry no information an attacker can line
//! up across operations. The arithmetic is already constant time without
//! it; blinding is defence in depth, and the one countermeasure against
//! power/EM analyses that correlate with the known input (CPA on the base).
//!
//! ## Modulo the primes
//!
//! Two-prime keys blind each CRT half instead: `c_p = c·r_p^e mod p`,
//! `m_p = c_p^dP·r_p⁻¹ mod p`, the same for `q`, with independent uniform
//! `r_p` and `r_q`. That is base blinding by the `r` modulo `n` whose
//! residues they are (uniform too, by the CRT): each half's exponentiation
//! runs on exactly the value it would run on after a blinding modulo `n`.
//! It costs less: `r^e` enters in the reduction of `c` modulo `p` that the
//! half makes anyway (`A = r^e·R²` in place of `R²`), `r⁻¹` in one product
//! of half length, the pair's squarings are of half length, and a fresh pair
//! inverts and exponentiates two half-length values instead of one of full
//! length. Keys without CRT values blind modulo `n` with the same forms.
//!
//! `r⁻¹` comes from the constant-time inversion [`inv::inv_mod`] on `r`
//! itself. (A variable-time GCD used to need an independent uniform mask
//! `b`, inverting `r·b` instead. With a constant-time inversion the mask
//! hides nothing from timing, and against power analysis it protected only
//! the inversion while `r` itself enters the unmasked `r^e`; so it is gone.)
//!
//! ## The key's pair, refreshed by squaring
//!
//! A fresh `r` costs `r^e` and the inversion, more than the rest of the
//! blinding together. So each key keeps the pair `(A, Aᵢ) = (r^e, r⁻¹)`
//! (as `r^e·R²` and `r⁻¹·R`, see [`blinding_pair`]) in a [`PairCache`], and
//! after each use replaces it by `(A², Aᵢ²)`, the pair of `r²` (Kocher,
//! "Timing Attacks on Implementations of Diffie-Hellman, RSA, DSS, and
//! Other Systems", CRYPTO 1996; OpenSSL's `BN_BLINDING`). Every
//! [`PAIR_USES`] = 32 uses the next operation draws a fresh `r`: OpenSSL's
//! `BN_BLINDING_COUNTER` (`crypto/bn/bn_blind.c`), which we
//! take as is (a fresh pair, spread over 32 operations, costs about what
//! the products of one operation do; a pair's lineage `r, r², r⁴, …`
//! stays short). What that trades: the
//! factors of consecutive operations are related (`r^(2^i)`), not
//! independent; an attacker who learned one factor would know the rest of
//! its 32 (learning one requires breaking the blinded operation itself), and
//! the RNG is drawn for the base once per 32 operations instead of once per
//! operation (the exponent blinding's `k` stays fresh per operation). The
//! results are unchanged: the pair never reaches an output.
//!
//! The cache is shared by the operations on one key (`&self`, the key
//! `Send + Sync`): an atomic try-lock guards it, held only while the pair is
//! copied out and advanced, before the exponentiation. The pair handed out
//! is never handed out again, so an operation that fails afterwards (RNG
//! error in exponent blinding, fault check) leaves the next one a valid,
//! unused pair; a failed draw leaves the cache empty. An operation that
//! finds the lock taken (a concurrent operation on the same key), and every
//! operation on targets without compare-and-swap (ARMv6-M, where the cache
//! holds nothing), draws a fresh pair of its own. The pair is a secret: it
//! is zeroed when spent, when the key drops or its cache is zeroized; a
//! clone starts empty. The only branches are on the use count and the lock
//! (both public: they depend on the number of operations only).
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

#[cfg(target_has_atomic = "8")]
use core::cell::UnsafeCell;
#[cfg(target_has_atomic = "8")]
use core::sync::atomic::{AtomicBool, Ordering};

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::arith::backend::portable32::mul_wide;
use crate::arith::{exp, inv, limbs, max_len, Limb, Modulus};
use crate::capacity::Array;
use crate::errors::{Error, Result};

/// Draws of `r` before a generator whose values are never invertible
/// (e.g. one that returns only zeros) is reported as [`Error::Rng`]. For an
/// RSA modulus a working generator needs a second draw with probability
/// about `2/√n`; the margin serves test keys with small factors too (for
/// `n = 3·q` a draw fails with probability 5/9, all 64 with 2⁻⁵⁴).
const MAX_BLINDING_DRAWS: usize = 64;

/// Uses of one drawn pair (the draw's own use and 31 squarings) before the
/// next op draws afresh: OpenSSL's `BN_BLINDING_COUNTER`.
pub(crate) const PAIR_USES: u8 = 32;

/// Scratch limbs [`blinding_pair`] needs for an `l`-limb modulus.
pub(crate) const fn blind_work_limbs(l: usize) -> usize {
    2 * l + 2 * l + max_len(4 * l, inv::inv_work_limbs(l))
}

/// A generator behind one object-safe method. The heap keys pass theirs to
/// RSADP and the blinding as `&mut dyn FillBytes`: one copy for every RNG
/// type. The fixed-capacity keys pass their own type, so that images which
/// never blind (`NoRng`) compile no blinding and keep their inlining.
pub(crate) trait FillBytes {
    /// Fills `out` with random bytes.
    fn fill(&mut self, out: &mut [u8]) -> Result<()>;
}

impl<R: TryCryptoRng + ?Sized> FillBytes for R {
    fn fill(&mut self, out: &mut [u8]) -> Result<()> {
        self.try_fill_bytes(out).map_err(|_| Error::Rng)
    }
}

/// `out` = uniformly random limbs.
pub(crate) fn random_limbs<F: FillBytes + ?Sized>(rng: &mut F, out: &mut [Limb]) -> Result<()> {
    // Few, large requests: a system RNG costs a system call per request.
    let mut bytes = [0u8; 128];
    for chunk in out.chunks_mut(bytes.len() / 4) {
        let bytes = &mut bytes[..4 * chunk.len()];
        rng.fill(bytes)?;
        for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(4)) {
            *w = Limb::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
    }
    crate::wipe::wipe(&mut bytes[..]);
    Ok(())
}

/// `out` = a random value modulo `n`, within statistical distance `2⁻⁶⁴` of
/// uniform: `l + 2` random limbs reduced modulo `n` (constant time).
/// `work` ≥ `3l + 2` limbs. Out of line, as the other parts below: the
/// frames `ci/m4-bench --split` names.
#[inline(never)]
fn random_mod<F: FillBytes + ?Sized>(
    rng: &mut F,
    n: &Modulus,
    out: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    let l = n.len();
    let (x, rest) = work.split_at_mut(l + 2);
    random_limbs(rng, x)?;
    // Whether n ≥ 2^64 (a limb above the lowest two is set), without a
    // branch: n may be a secret prime. Public by design: true for every
    // modulus of a real key.
    let high = n.n().iter().skip(2).fold(0, |acc, &w| acc | w);
    if declassify(limbs::is_nonzero(high)) == 1 {
        // x < 2^(32l + 64) ≤ n·R: one `reduce` suffices.
        n.reduce(out, x, rest);
    } else {
        // A test-sized modulus (a public length): the general remainder.
        out.fill(0);
        limbs::rem(out, x, n.n(), rest);
    }
    crate::wipe::wipe(x);
    Ok(())
}

/// The blinding pair `(A, Aᵢ)` of the next operation, for each of `moduli`
/// (`n`, or the CRT primes `p` and `q`: one pair per prime then, for
/// independent uniform `r_p` and `r_q`, which make an `r` uniform modulo
/// `n`): `A = r^e·R² mod m` and `Aᵢ = r⁻¹·R mod m`, the moduli's pairs one
/// after the other in `a` and `ai`. `A` multiplies a value by `r^e` in its
/// reduction ([`Modulus::with_factor`]: at no cost in the CRT halves),
/// `Aᵢ` a result by `r⁻¹` in one Montgomery product. From the key's cache
/// when `cache` holds its lock (advancing the cache), else freshly drawn
/// from `rng`. `work` ≥ [`blind_work_limbs`]`(l)` limbs for moduli of at
/// most `l` limbs, zeroed before returning.
///
/// # Errors
/// [`Error::Rng`] if a fresh pair is needed and the generator fails, or
/// yields a non-invertible value [`MAX_BLINDING_DRAWS`] times in a row;
/// `a` and `ai` are zeroed then and the cache is left empty.
pub(crate) fn blinding_pair<F: FillBytes + ?Sized>(
    cache: Option<PairGuard<'_>>,
    rng: &mut F,
    moduli: &[Modulus],
    e: &[Limb],
    a: &mut [Limb],
    ai: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    let result = match cache {
        // The lock is released when `g` drops, at the end of this arm.
        Some(g) => {
            // Branches on the public use count only.
            let mut fresh = Ok(());
            if *g.uses == 0 {
                fresh = fresh_pairs(rng, moduli, e, &mut *g.a, &mut *g.ai, work);
            }
            if fresh.is_ok() {
                a.copy_from_slice(g.a);
                ai.copy_from_slice(g.ai);
                // Advance now, before the pair is used: a pair handed out
                // is never handed out again, whatever becomes of the
                // operation.
                *g.uses += 1;
                if *g.uses == PAIR_USES {
                    crate::wipe::wipe(&mut *g.a);
                    crate::wipe::wipe(&mut *g.ai);
                    *g.uses = 0;
                } else {
                    square_pair(moduli, &mut *g.a, &mut *g.ai, work);
                }
            }
            fresh
        }
        None => fresh_pairs(rng, moduli, e, a, ai, work),
    };
    // Only what the pair's functions can have written: `work` may be the
    // whole private operation's area.
    let used = blind_work_limbs(moduli[0].len()).min(work.len());
    crate::wipe::wipe(&mut work[..used]);
    if result.is_err() {
        crate::wipe::wipe(a);
        crate::wipe::wipe(ai);
    }
    result
}

/// `a` and `ai` cut into one part per modulus (all of one length).
fn pairs<'a>(
    moduli: &'a [Modulus<'a>],
    a: &'a mut [Limb],
    ai: &'a mut [Limb],
) -> impl Iterator<Item = (&'a Modulus<'a>, &'a mut [Limb], &'a mut [Limb])> {
    let w = a.len() / moduli.len();
    moduli
        .iter()
        .zip(a.chunks_mut(w).zip(ai.chunks_mut(w)))
        .map(|(m, (a, ai))| (m, a, ai))
}

/// A fresh pair modulo each of `moduli`, for uniform `r` (see
/// [`blinding_pair`]); `a` and `ai` are left zero on error.
#[inline(never)]
fn fresh_pairs<F: FillBytes + ?Sized>(
    rng: &mut F,
    moduli: &[Modulus],
    e: &[Limb],
    a: &mut [Limb],
    ai: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    let mut result = Ok(());
    'moduli: for (m, a, ai) in pairs(moduli, a, ai) {
        let l = m.len();
        let (r, rest) = work.split_at_mut(l);
        let (y, rest) = rest.split_at_mut(l);
        let (t, rest) = rest.split_at_mut(2 * l);
        let mut draws = 0;
        loop {
            if draws == MAX_BLINDING_DRAWS {
                result = Err(Error::Rng);
            } else {
                draws += 1;
                result = random_mod(rng, m, r, rest);
            }
            if result.is_err() {
                break 'moduli;
            }
            // Public by design: whether a discarded draw shared a factor
            // with m (only r = 0 does in practice).
            if declassify(inv::inv_mod(y, r, m.n(), rest)) != 0 {
                break;
            }
        }
        m.product(ai, y, Some(m.rr()), t);
        exp::pow_public_last::<false>(y, r, e, r, m, rest);
        // r^e·R, then r^e·R².
        m.product(r, y, Some(m.rr()), t);
        m.product(a, r, Some(m.rr()), t);
    }
    if result.is_err() {
        crate::wipe::wipe(a);
        crate::wipe::wipe(ai);
    }
    result
}

/// The pairs of `r²` from those of `r`: `A²·R⁻¹ = r^(2e)·R³`, brought back
/// to `·R²` by one more REDC; `Aᵢ²·R⁻¹ = r⁻²·R`.
#[inline(never)]
fn square_pair(moduli: &[Modulus], a: &mut [Limb], ai: &mut [Limb], work: &mut [Limb]) {
    for (m, a, ai) in pairs(moduli, a, ai) {
        let (x, t) = work.split_at_mut(m.len());
        m.product(x, a, None, t);
        m.reduce_wide(a, x, t);
        m.product_assign(ai, None, x, t);
    }
}

/// `xb = x·r^e mod n` (`x < n`) from `a = r^e·R²`. `t` ≥ `2l` limbs.
#[inline(never)]
pub(crate) fn blind_base(n: &Modulus, xb: &mut [Limb], x: &[Limb], a: &[Limb], t: &mut [Limb]) {
    n.with_factor(a).reduce(xb, x, t);
}

/// `m = m·r⁻¹ mod n` from `ai = r⁻¹·R` (removes the blinding factor).
/// `t` ≥ `3l` limbs.
#[inline(never)]
pub(crate) fn unblind(n: &Modulus, m: &mut [Limb], ai: &[Limb], t: &mut [Limb]) {
    let (x, t) = t.split_at_mut(n.len());
    n.product_assign(m, Some(ai), x, t);
}

/// Where a key keeps its blinding pair between operations: `A` and `Aᵢ`
/// of [`PrivateView::pair_limbs`](crate::key::rsadp::PrivateView::pair_limbs)
/// limbs each (at most the modulus length of the key's capacity).
#[cfg_attr(not(target_has_atomic = "8"), allow(dead_code))]
pub(crate) trait PairStorage: Send {
    /// Storage holding no pair.
    fn empty() -> Self;
    /// `(A, Aᵢ)`, `l` limbs each.
    fn halves(&mut self, l: usize) -> (&mut [Limb], &mut [Limb]);
    /// Zeroes whatever the storage holds.
    fn wipe(&mut self);
}

/// The fixed-capacity keys: two modulus-width arrays.
impl<A: Array<Limb>> PairStorage for [A; 2] {
    fn empty() -> Self {
        [A::zeroed(), A::zeroed()]
    }

    fn halves(&mut self, l: usize) -> (&mut [Limb], &mut [Limb]) {
        let [a, ai] = self;
        (&mut a.as_mut()[..l], &mut ai.as_mut()[..l])
    }

    fn wipe(&mut self) {
        self.iter_mut().for_each(|x| x.as_mut().zeroize());
    }
}

/// The heap keys: one vector, allocated on first use.
#[cfg(feature = "alloc")]
impl PairStorage for alloc::vec::Vec<Limb> {
    fn empty() -> Self {
        alloc::vec::Vec::new()
    }

    fn halves(&mut self, l: usize) -> (&mut [Limb], &mut [Limb]) {
        if self.len() != 2 * l {
            crate::wipe::wipe(self);
            self.resize(2 * l, 0);
        }
        self.split_at_mut(l)
    }

    fn wipe(&mut self) {
        crate::wipe::wipe(self);
    }
}

/// A key's cached blinding pair (see the module docs): behind an atomic
/// try-lock, so that operations take `&self` and the key stays `Sync`.
/// Never part of a key's value: a clone starts empty, and equality and
/// `Debug` ignore it. Without compare-and-swap (ARMv6-M) it holds nothing
/// and every operation draws a fresh pair.
pub(crate) struct PairCache<S: PairStorage> {
    #[cfg(target_has_atomic = "8")]
    locked: AtomicBool,
    #[cfg(target_has_atomic = "8")]
    cell: UnsafeCell<Cached<S>>,
    #[cfg(not(target_has_atomic = "8"))]
    storage: core::marker::PhantomData<S>,
}

#[cfg(target_has_atomic = "8")]
struct Cached<S> {
    pair: S,
    /// Pairs handed out since the last draw; 0: no pair (public).
    uses: u8,
}

// SAFETY: `cell` is reached only through a `PairGuard`, which exists only
// while this thread holds `locked` (won by an Acquire compare-exchange,
// released with Release when the guard drops), or through `&mut self`.
#[cfg(target_has_atomic = "8")]
unsafe impl<S: PairStorage> Sync for PairCache<S> {}

/// The locked cache of one operation (see [`PairCache::lock`]).
#[cfg_attr(not(target_has_atomic = "8"), allow(dead_code))]
pub(crate) struct PairGuard<'a> {
    a: &'a mut [Limb],
    ai: &'a mut [Limb],
    uses: &'a mut u8,
    #[cfg(target_has_atomic = "8")]
    locked: &'a AtomicBool,
}

#[cfg(target_has_atomic = "8")]
impl Drop for PairGuard<'_> {
    fn drop(&mut self) {
        self.locked.store(false, Ordering::Release);
    }
}

impl<S: PairStorage> PairCache<S> {
    /// An empty cache.
    pub(crate) fn new() -> Self {
        PairCache {
            #[cfg(target_has_atomic = "8")]
            locked: AtomicBool::new(false),
            #[cfg(target_has_atomic = "8")]
            cell: UnsafeCell::new(Cached {
                pair: S::empty(),
                uses: 0,
            }),
            #[cfg(not(target_has_atomic = "8"))]
            storage: core::marker::PhantomData,
        }
    }

    /// The cache for one operation, its pair's halves of `l` limbs
    /// ([`PrivateView::pair_limbs`](crate::key::rsadp::PrivateView::pair_limbs)), or `None` if
    /// another operation holds it (that operation then draws a fresh
    /// pair, as every operation does without compare-and-swap).
    #[cfg_attr(not(target_has_atomic = "8"), allow(unused_variables))]
    pub(crate) fn lock(&self, l: usize) -> Option<PairGuard<'_>> {
        #[cfg(target_has_atomic = "8")]
        {
            self.locked
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .ok()?;
            // SAFETY: the lock is ours until the guard drops (see `Sync`).
            let cached = unsafe { &mut *self.cell.get() };
            let (a, ai) = cached.pair.halves(l);
            Some(PairGuard {
                a,
                ai,
                uses: &mut cached.uses,
                locked: &self.locked,
            })
        }
        #[cfg(not(target_has_atomic = "8"))]
        None
    }
}

#[cfg(test)]
impl<S: PairStorage> PairCache<S> {
    /// `(uses, A, Aᵢ)` for an `l`-limb modulus.
    pub(crate) fn peek(&self, l: usize) -> (u8, std::vec::Vec<Limb>, std::vec::Vec<Limb>) {
        let g = self.lock(l).expect("not in use");
        (*g.uses, g.a.to_vec(), g.ai.to_vec())
    }
}

impl<S: PairStorage> Zeroize for PairCache<S> {
    /// Forgets the pair (the next operation draws a fresh one).
    fn zeroize(&mut self) {
        #[cfg(target_has_atomic = "8")]
        {
            let cached = self.cell.get_mut();
            cached.pair.wipe();
            cached.uses = 0;
        }
    }
}

impl<S: PairStorage> Drop for PairCache<S> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

/// A clone starts empty: a pair is never shared or copied.
impl<S: PairStorage> Clone for PairCache<S> {
    fn clone(&self) -> Self {
        Self::new()
    }
}

/// `out = d + k·(p − 1)` for a fresh random 64-bit `k` (`p` odd, `d` and `p`
/// of `h` limbs, `out` of `h + 2` limbs). Constant time in `d`, `p` and `k`.
///
/// # Errors
/// [`Error::Rng`] if the generator fails.
#[inline(never)]
pub(crate) fn blind_exponent<F: FillBytes + ?Sized>(
    rng: &mut F,
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
    crate::wipe::wipe(&mut k[..]);
    Ok(())
}

/// The hooks of the constant-time check, under the paths the scheme files
/// use.
pub(crate) use crate::ct::{declassify, NoRng};

#[cfg(test)]
mod tests;
