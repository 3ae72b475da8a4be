//! RSADP / RSASP1 (RFC 8017 §5.1.2, §5.2.1): the private-key operation,
//! written once for every key type.
//!
//! A key lends its numbers as a [`PrivateView`]; [`rsadp`] runs the
//! operation on them in the order of the RFC, with the countermeasures
//! around it:
//!
//! 1. the representative `c < n` (checked by the caller, §5.1.2 step 1);
//! 2. base blinding by a random `r` when an RNG is given: `c' = c·r^e`,
//!    modulo `p` and `q` for two-prime keys (one `r` per prime, applied in
//!    the reduction of `c` that each CRT half makes anyway), modulo `n`
//!    without CRT values; `r^e` and `r⁻¹` from the key's pair, refreshed by
//!    squaring (`blinding.rs`);
//! 3. the CRT halves `m1 = c'^dP mod p`, `m2 = c'^dQ mod q` (`dP`, `dQ`
//!    optionally blinded by `k·(p − 1)`), recombined as
//!    `m = m2 + q·(qInv·(m1 − m2) mod p)` (§5.1.2 step 2b); keys without
//!    CRT values compute `m = c'^d mod n` (step 2a);
//! 4. unblinding by `r⁻¹`: of `m1` and `m2` before the recombination, or of
//!    `m` modulo `n`;
//! 5. the fault check: `m < n` and `m^e ≡ c` modulo `p` and `q` with
//!    `p·q = n` (modulo `n` for keys without CRT values and in the compact
//!    kernel set's builds): a fault in either half would otherwise reveal a
//!    factor of `n` (Bellcore), so nothing leaves unless the result is a
//!    valid one for the public key.
//!
//! The work areas come from the caller: the fixed-capacity keys give stack
//! arrays sized by their capacity, the heap keys vectors sized by the key.
//!
//! # Blinding policy (both storages)
//!
//! Without an RNG the operation is unblinded (it is constant time either
//! way). Given an RNG, the base is always blinded, and so are the CRT
//! exponents unless the key turned it off ([`EXPONENT_BLINDING`]): a caller
//! who supplies an RNG asks for the side-channel countermeasures, and the
//! drop-in keys, which have no switch, keep `rsa` 0.10's observable
//! behaviour either way (same results and errors; only the RNG draws and
//! the time differ, as they already do with base blinding).

use super::rsaep::{representative, PublicView};
use crate::arith::crt::{self, CrtKey};
use crate::arith::{exp, kernels, limbs, max_len, Limb, Modulus};
use crate::blinding;
use crate::ct;
use crate::errors::{Error, Result};
use crate::verdict::{diff_backward, diff_forward, opaque, reload, Verdict};

/// The numbers of a private key, borrowed from its storage.
pub(crate) struct PrivateView<'a> {
    pub(crate) public: PublicView<'a>,
    /// `d`, `l` limbs.
    pub(crate) d: &'a [Limb],
    /// `(p, q, dP, dQ, qInv)` for two-prime keys; `None` computes `c^d mod n`
    /// (multi-prime keys, and keys whose CRT values were cleared).
    pub(crate) crt: Option<CrtKey<'a>>,
}

impl PrivateView<'_> {
    /// Limbs of each half of the key's blinding pair: `2h` (a pair modulo
    /// `p` and one modulo `q`), or `l` (modulo `n`) without CRT values.
    pub(crate) fn pair_limbs(&self) -> usize {
        self.crt
            .as_ref()
            .map_or(self.public.n.len(), |crt| 2 * crt.p.len())
    }
}

/// Whether operations given an RNG also blind the CRT exponents: always
/// for the heap keys, by default for the fixed-capacity keys
/// ([`BoundedPrivateKey::set_exponent_blinding`](crate::BoundedPrivateKey::set_exponent_blinding)).
pub(crate) const EXPONENT_BLINDING: bool = true;

/// How [`rsadp`] blinds the operation.
pub(crate) struct Blinding<'a, F: ?Sized> {
    pub(crate) rng: &'a mut F,
    /// Also blind the CRT exponents: `dP + k·(p − 1)`, `dQ + k'·(q − 1)`.
    pub(crate) exponents: bool,
    /// [`blind_limbs`]`(l, h)` limbs for the pair, the blinded exponents
    /// or the blinded base.
    pub(crate) scratch: &'a mut [Limb],
    /// The key's blinding pair, locked for this operation; `None` draws a
    /// fresh pair (keys without a cache, or a cache in use).
    pub(crate) pair: Option<blinding::PairGuard<'a>>,
}

/// The window width of the exponentiation without CRT: the widest (up to
/// the usual [`exp::window_bits`]) whose table fits `work` next to the
/// other buffers. A function of public lengths only.
fn plain_window(l: usize, work_len: usize) -> usize {
    let mut w = exp::window_bits(l);
    while w > 1 && exp::secret_work_limbs_window(l, w) > work_len {
        w -= 1;
    }
    w
}

/// Scratch limbs [`rsadp`] needs for an `l`-limb modulus and CRT halves of
/// `h` limbs (`h = 0`: no CRT values), besides the blinding buffers.
pub(crate) const fn work_limbs(l: usize, h: usize) -> usize {
    let exponentiation = if h == 0 {
        exp::secret_work_limbs(l)
    } else {
        crt::crt_work_limbs(h)
    };
    let blind = blinding::blind_work_limbs(l);
    // The fault check: `m^e` (l limbs) and the public exponentiation; with
    // CRT values `p·q` (2h), four residues and the exponentiation modulo p.
    let check = max_len(
        l + exp::public_work_limbs(l),
        6 * h + exp::public_work_limbs(h),
    );
    max_len(max_len(exponentiation, blind), check)
}

/// Scratch limbs of the blinding buffers ([`Blinding::scratch`]) for an
/// `l`-limb modulus and CRT halves of `h` limbs (`h = 0`: none): the pair
/// (`2·`[`PrivateView::pair_limbs`]), then the blinded exponents (CRT) or
/// the blinded base (without CRT values).
pub(crate) const fn blind_limbs(l: usize, h: usize) -> usize {
    max_len(3 * l, 6 * h + 4)
}

/// The part of `work` the operation on `key` writes (the rest is never
/// touched, so only this part is cleared).
fn used_limbs(key: &PrivateView, work: &[Limb]) -> usize {
    let h = key.crt.as_ref().map_or(0, |crt| crt.p.len());
    work_limbs(key.public.n.len(), h).min(work.len())
}

/// RSADP / RSASP1: `out = x^d mod n` for `x < n` (`l` limbs each), blinded
/// when `blinding` is given, fault-checked when `check` (unchecked:
/// `rsa`'s `hazmat::rsa_decrypt`). Constant time in `x`, the key and the
/// result. `work` ≥ [`work_limbs`]`(l, h)` limbs (for keys without CRT
/// values a smaller area only narrows the exponentiation window).
///
/// # Errors
/// [`Error::Rng`] if the generator fails; [`Error::Internal`] if the fault
/// check fails. `out` is zeroed on error; `work` (the part of it the
/// operation used) and the blinding scratch are zeroed before returning.
pub(crate) fn rsadp<F: blinding::FillBytes + ?Sized>(
    key: &PrivateView,
    x: &[Limb],
    out: &mut [Limb],
    blinding: Option<Blinding<'_, F>>,
    work: &mut [Limb],
    check: bool,
) -> Result<()> {
    let used = used_limbs(key, work);
    let n = &key.public.n;
    let l = n.len();
    let mut blinding = blinding;
    let mut result = Ok(());
    let mut crt_blinded = None;
    let (base, ai): (&[Limb], Option<&[Limb]>) = match blinding.as_mut() {
        None => (x, None),
        Some(b) => {
            // Step 2: the key's next blinding pair (A, Aᵢ), or a fresh one,
            // modulo p and q, or n for keys without CRT values.
            let primes = key.crt.as_ref().map(|crt| [crt.p, crt.q]);
            let moduli = primes.as_ref().map_or(core::slice::from_ref(n), |m| &m[..]);
            let half = key.pair_limbs();
            let (a, rest) = b.scratch.split_at_mut(half);
            let (ai, rest) = rest.split_at_mut(half);
            result = blinding::blinding_pair(
                b.pair.take(),
                &mut *b.rng,
                moduli,
                key.public.e,
                a,
                ai,
                work,
            );
            match &key.crt {
                // x·r^e and m'·r⁻¹ inside the CRT halves; the CRT exponents
                // dP + k·(p − 1), dQ + k'·(q − 1) when asked.
                Some(crt) => {
                    let mut exponents = None;
                    if b.exponents {
                        let h = crt.p.len();
                        let (dp, rest) = rest.split_at_mut(h + 2);
                        let dq = &mut rest[..h + 2];
                        if result.is_ok() {
                            result = blinding::blind_exponent(&mut *b.rng, crt.dp, crt.p.n(), dp);
                        }
                        if result.is_ok() {
                            result = blinding::blind_exponent(&mut *b.rng, crt.dq, crt.q.n(), dq);
                        }
                        exponents = Some((dp as &[Limb], dq as &[Limb]));
                    }
                    crt_blinded = Some(CrtBlinded {
                        exponents,
                        factors: crt::Factors { f: a, g: ai },
                    });
                    (x, None)
                }
                // x' = x·r^e mod n here, m'·r⁻¹ after step 3.
                None => {
                    let xb = &mut rest[..l];
                    blinding::blind_base(n, xb, x, a, work);
                    (xb, Some(ai))
                }
            }
        }
    };
    if result.is_ok() {
        // Step 3 (on x' when blinded; one call, so that it is inlined once),
        // then step 4: out = m'·r⁻¹ (keys without CRT values).
        exponentiate(key, base, out, crt_blinded.as_ref(), work);
        if let Some(ai) = ai {
            blinding::unblind(n, out, ai, work);
        }
    }
    if let Some(b) = blinding {
        crate::wipe::wipe(&mut *b.scratch);
    }
    crate::wipe::wipe(&mut work[..used]);
    if result.is_err() {
        crate::wipe::wipe(out);
    }
    if !check || result.is_err() {
        return result;
    }
    // Step 5.
    let verdict = fault_check(key, x, out, work);
    crate::wipe::wipe(&mut work[..used]);
    // The result leaves only through the verdict, decided twice: here
    // (`out` is wiped unless the verdict is valid) and in `result` (`Ok`
    // only after two more comparisons), so that one skipped instruction
    // cannot both keep `out` and report success.
    if opaque(verdict.value()) != Verdict::VALID {
        crate::wipe::wipe(out);
    }
    verdict.result(|| Error::Internal)
}

/// What blinding changes in the CRT halves (see [`rsadp`]).
pub(crate) struct CrtBlinded<'a> {
    /// `dP + k·(p − 1)`, `dQ + k'·(q − 1)`, when the exponents are blinded.
    exponents: Option<(&'a [Limb], &'a [Limb])>,
    /// The base blinding pair modulo `p` and `q`.
    factors: crt::Factors<'a>,
}

/// Step 3 alone, unchecked: `out = base^d mod n` through the CRT (blinded
/// as `blinded` says), or directly without CRT values. Out of line except
/// in the compact kernel set's builds (whose sign image budget has no room
/// for the call): inlined into `rsadp`, it let LLVM fold RSADP into the
/// signing function with the error stored by one instruction into the
/// caller's slot, and `ci/glitch` found a skip of that store returning `Ok`
/// at opt-level 3 (the slot held a stale `Ok`).
#[cfg_attr(rsa_cortex_m_kernels = "compact", inline(always))]
#[cfg_attr(not(rsa_cortex_m_kernels = "compact"), inline(never))]
pub(crate) fn exponentiate(
    key: &PrivateView,
    base: &[Limb],
    out: &mut [Limb],
    blinded: Option<&CrtBlinded>,
    work: &mut [Limb],
) {
    match &key.crt {
        Some(crt) => {
            let exponents = blinded.and_then(|b| b.exponents);
            let (dp, dq) = exponents.unwrap_or((crt.dp, crt.dq));
            let halves = CrtKey { dp, dq, ..*crt };
            crt::private_crt(out, base, &halves, blinded.map(|b| &b.factors), work);
        }
        None => {
            let n = &key.public.n;
            let window = plain_window(n.len(), work.len());
            exp::pow_secret_window(out, base, key.d, n, work, window);
        }
    }
}

/// Step 5, the Bellcore check: `m` must be a valid result for the public
/// key. With CRT values (except in the compact kernel set's builds):
/// `p·q = n`, `m < n` and `m^e ≡ x` modulo `p` and modulo `q` (two
/// exponentiations of half length, about half the cost of one modulo `n`,
/// and the same guarantee: `m < n` is fixed by its residues, and `p·q = n`
/// ties the primes the halves were computed with to the public key);
/// without: `m < n` and `m^e ≡ x (mod n)`. Every comparison is made twice
/// by independent code (see [`crate::verdict`]); the verdict is valid if
/// and only if both found every one equal.
/// Out of line: one copy for every key type, and the point where
/// `ci/glitch` corrupts the result of its signing case.
#[inline(never)]
pub(crate) fn fault_check(key: &PrivateView, x: &[Limb], m: &[Limb], work: &mut [Limb]) -> Verdict {
    let (a, b) = match &key.crt {
        // Modulo p and q: about half the cycles; modulo n: less code (the
        // one check every key needs), when the kernels are built for size.
        Some(crt) if !kernels::SIZE_FIRST => diffs_crt(&key.public, crt, x, m, work),
        _ => diffs_n(&key.public, x, m, work),
    };
    // Public by design: whether a fault was detected is the error returned
    // (and a correct result is always accepted).
    ct::declassify(Verdict::from_diffs(a, b))
}

/// The two difference accumulators of `m^e mod n` against `x`, and of
/// `m < n`.
fn diffs_n(key: &PublicView, x: &[Limb], m: &[Limb], work: &mut [Limb]) -> (u32, u32) {
    let l = key.n.len();
    let (check, rest) = work.split_at_mut(l);
    key.rsaep(m, check, rest);
    let check: &[Limb] = check;
    let (a, b) = below_n(m, key.n.n());
    (
        a | diff_forward(check, x),
        b | diff_backward(reload(&check), reload(&x)),
    )
}

/// Difference accumulators of `m < n`: zero if and only if it holds (a
/// result `m + n` has the right residues but is not the result).
fn below_n(m: &[Limb], n: &[Limb]) -> (u32, u32) {
    let below = limbs::ct_lt(m, n);
    (below ^ 1, opaque(below).wrapping_sub(1))
}

/// The two difference accumulators of the CRT check: `p·q` against `n`,
/// `m < n`, and `(m mod p)^e mod p` against `x mod p`, the same for `q`
/// (residues computed afresh, not taken from the private operation; both
/// sides times `R⁻¹`). `e` is odd (keys with an even `e` do not load; one
/// would fail the check, never pass it).
fn diffs_crt(
    key: &PublicView,
    crt: &CrtKey,
    x: &[Limb],
    m: &[Limb],
    work: &mut [Limb],
) -> (u32, u32) {
    let n = key.n.n();
    let (l, h) = (n.len(), crt.p.len());
    let (wide, rest) = work.split_at_mut(2 * h);
    let (xr, rest) = rest.split_at_mut(h);
    let (mr, rest) = rest.split_at_mut(h);
    let (y, rest) = rest.split_at_mut(h);
    let (v, rest) = rest.split_at_mut(h);

    kernels::mul(wide, crt.p.n(), crt.q.n());
    let pq: &[Limb] = wide;
    let (lo, hi) = pq.split_at(l);
    let mut a = diff_forward(lo, n) | hi.iter().fold(0, |d, w| d | w);
    let mut b = diff_backward(reload(&lo), reload(&n)) | hi.iter().rev().fold(0, |d, w| d | w);
    let (below_a, below_b) = below_n(m, n);
    a |= below_a;
    b |= below_b;

    for prime in [&crt.p, &crt.q] {
        // Compared as x·R⁻¹ and m^e·R⁻¹ (one REDC of x instead of a
        // reduction): y = (m mod p)^(e−1)·(m·R⁻¹), e odd.
        prime.reduce_wide(xr, x, wide);
        prime.reduce_wide(v, m, wide);
        prime.mul(mr, v, prime.rr(), wide);
        exp::pow_public_last::<true>(y, mr, key.e, v, prime, rest);
        let (y, xr): (&[Limb], &[Limb]) = (y, xr);
        a |= diff_forward(y, xr);
        b |= diff_backward(reload(&y), reload(&xr));
    }
    (a, b)
}

/// The buffers of the private operation: an input and an output, or one
/// buffer holding the input and then the output.
#[doc(hidden)]
pub enum Io<'a> {
    Separate {
        input: &'a [u8],
        output: &'a mut [u8],
    },
    InPlace(&'a mut [u8]),
}

impl Io<'_> {
    fn input(&self) -> &[u8] {
        match self {
            Io::Separate { input, .. } => input,
            Io::InPlace(b) => b,
        }
    }

    fn output(&mut self) -> &mut [u8] {
        match self {
            Io::Separate { output, .. } => output,
            Io::InPlace(b) => b,
        }
    }

    /// Step 1 (RFC 8017 §5.1.2, §5.2.1): the representative `x < n` (`l`
    /// limbs) of the input, for an output of exactly `k` bytes; an in-place
    /// input is cleared once read.
    ///
    /// # Errors
    /// [`Error::InvalidArguments`] if the output is not `k` bytes, or the
    /// input is longer than `k` bytes or not below `n` (public: no secret
    /// to clear yet).
    pub(crate) fn read(&mut self, n: &Modulus, k: usize, x: &mut [Limb]) -> Result<()> {
        if self.output().len() != k {
            return Err(Error::InvalidArguments);
        }
        representative(n, k, self.input(), x)?;
        self.clear_input();
        Ok(())
    }

    /// I2OSP: writes the result `y` as the `k`-byte output.
    pub(crate) fn write(&mut self, y: &[Limb]) {
        limbs::to_be_bytes(self.output(), y);
    }

    /// Clears an in-place buffer once its value is read, so that it holds
    /// nothing but the checked result: twice, by two calls, so that no
    /// single skipped instruction leaves the input there for an error
    /// return (`ci/glitch` counts anything left in the output as released).
    fn clear_input(&mut self) {
        if let Io::InPlace(b) = self {
            crate::wipe::wipe(&mut **b);
            crate::wipe::wipe(&mut **b);
        }
    }
}
