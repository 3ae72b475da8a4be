//! Fault-hardened verdicts (issue 15): the outcome of a verification, and
//! of the fault check of a private operation, as a 32-bit value that one
//! skipped instruction or one flipped register bit cannot turn into the
//! valid pattern.
//!
//! A glitch (voltage, clock, EM) typically skips one instruction or
//! corrupts one register. The decisions here are therefore never one bit
//! in one register and never one branch:
//!
//! * every comparison that decides validity is computed **twice, by
//!   independent code**: a forward pass accumulating `x ⊕ y` and a backward
//!   pass accumulating `x − y`, each over its own reload of the slices'
//!   pointers and lengths (a volatile read of the reference), so that no
//!   skipped load, pointer computation, loop branch or accumulation can
//!   blind both;
//! * the two results enter the verdict by **separate instructions**, each
//!   XORing a 32-bit constant of Hamming weight ≥ 12 into the valid
//!   pattern when its pass found a difference, with an optimization
//!   barrier between them (the compiler cannot merge them into one
//!   operation whose skip would leave the valid pattern);
//! * the verdict is turned into `Ok` only after **two comparisons** against
//!   the valid pattern (one of them through the complement), and a bad
//!   verdict is never closer than 12 bit flips to the valid one.
//!
//! Callers that act on the outcome (a bootloader deciding to boot) should
//! take the [`Verdict`] rather than a `Result`, whose `Ok`/`Err` is one
//! bit once it leaves the crate, and compare it twice, see [`Verdict`].
//!
//! The ideas follow MCUboot's `fault_injection_hardening.h` and TF-M's FIH
//! (encoded success values, double checks); the code is this crate's own.
//! What the measured images withstand is in `SECURITY.md` (`ci/glitch`).

/// The encoded outcome of a signature verification.
///
/// [`Verdict::value`] is [`Verdict::VALID`] for a signature that verified
/// and some other value for every failure. A caller that must withstand
/// fault injection compares the value itself, twice, against the constant
/// (each [`Verdict::value`] call is an optimization barrier, so the two
/// comparisons are not merged into one):
///
/// ```
/// use rsa_cortex_m::spki::DecodePublicKey;
/// use rsa_cortex_m::{pkcs1v15, BoundedPublicKey, Max2048, Verdict};
/// use rsa_cortex_m::sha2::Sha256;
///
/// # let spki = include_bytes!("../tests/data/fixtures/rsa2048/public.spki.der");
/// # let msg: &[u8] = include_bytes!("../tests/data/fixtures/rsa2048/msg.bin");
/// # let sig = include_bytes!("../tests/data/fixtures/rsa2048/sig.pkcs1v15.sha256.bin");
/// let key = BoundedPublicKey::<Max2048>::from_public_key_der(spki)?;
/// let key = pkcs1v15::BoundedVerifyingKey::<Sha256, Max2048>::new(key);
/// let sig = pkcs1v15::BoundedSignature::try_from(&sig[..])?;
///
/// let verdict = key.verify_verdict(msg, &sig);
/// if verdict.value() != Verdict::VALID {
///     return Err("refused".into()); // or loop, reset, …
/// }
/// // The second comparison: `value()` is an optimization barrier, so this
/// // is compared again rather than known from the first comparison.
/// if verdict.value() != Verdict::VALID {
///     return Err("refused".into());
/// }
/// // boot(image)
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
///
/// Put the code that refuses first and the code that accepts after both
/// comparisons (a skipped branch then falls into the next check, not into
/// the accepting code). Never reduce the verdict to a `bool` before the
/// decision: [`Verdict::is_valid`] exists for tests and logging.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct Verdict(u32);

/// Mixed into the valid pattern when the first (forward) comparison finds a
/// difference.
const DIFF_A: u32 = 0x5A96_C30E;
/// Mixed in when the second (backward) comparison finds a difference.
const DIFF_B: u32 = 0xC3F0_2D78;

impl Verdict {
    /// The value of a valid signature: `0x3CA5_96E1`.
    pub const VALID: u32 = 0x3CA5_96E1;

    /// The verdict of an input refused before any comparison (wrong length,
    /// representative not below `n`, bad structure): the value both
    /// comparisons give when both find a difference, `0xA5C3_7897`. Like
    /// every bad verdict it is odd (`VALID` is odd, the difference constants
    /// even): a leftover verdict in the register that should have received
    /// an `Err` discriminant still reads as `Err`, whether the caller tests
    /// bit 0 or the whole register.
    pub(crate) const REJECT: Self = Verdict(Self::VALID ^ DIFF_A ^ DIFF_B);

    /// The encoded verdict: [`Verdict::VALID`] if and only if the signature
    /// verified.
    ///
    /// Each call is an optimization barrier: the compiler cannot assume two
    /// calls return the same value, so two comparisons of `value()` against
    /// the constant stay two comparisons (even after the first succeeded).
    #[inline(always)]
    pub fn value(self) -> u32 {
        opaque(self.0)
    }

    /// `value() == VALID`, as a `bool`: for tests and logs only, a `bool` is
    /// the single bit the encoded verdict exists to avoid.
    pub fn is_valid(self) -> bool {
        self.0 == Self::VALID
    }

    /// `Ok(())` for a valid verdict, `Err(err())` otherwise. The verdict is
    /// compared twice (directly and through its complement, both on values
    /// the compiler cannot assume equal), and `Ok` is built only after both.
    #[inline(always)]
    pub(crate) fn result<E>(self, err: impl FnOnce() -> E) -> Result<(), E> {
        if opaque(self.0) != Self::VALID {
            return Err(err());
        }
        if !opaque(self.0) != !Self::VALID {
            return Err(err());
        }
        Ok(())
    }

    /// `self.result(|| Error::Verification)`.
    #[inline(always)]
    pub(crate) fn verification(self) -> crate::Result<()> {
        self.result(|| crate::Error::Verification)
    }

    /// The verdict of two independent difference accumulators (each zero if
    /// and only if its comparison found the inputs equal): valid if and
    /// only if both are zero. Each nonzero accumulator flips the bits of its
    /// own constant, in its own instruction.
    #[inline(always)]
    pub(crate) fn from_diffs(a: u32, b: u32) -> Self {
        let ma = nonzero(opaque(a)).wrapping_neg() & DIFF_A;
        let mb = nonzero(opaque(b)).wrapping_neg() & DIFF_B;
        let v = opaque(Self::VALID ^ ma);
        Verdict(opaque(v ^ mb))
    }
}

/// 1 if `x ≠ 0`, else 0 (no branch).
#[inline(always)]
fn nonzero(x: u32) -> u32 {
    (x | x.wrapping_neg()) >> 31
}

/// `x`, through an empty assembly block: the compiler can neither see the
/// value nor assume two calls return the same one, so computations on
/// either side stay separate instructions. No instruction is emitted.
#[inline(always)]
// The operand is only named in a comment: its register's width is moot.
#[allow(asm_sub_register)]
pub(crate) fn opaque(mut x: u32) -> u32 {
    #[cfg(rsa_cortex_m_asm_barrier)]
    // SAFETY: an empty template; the register keeps its value.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(nomem, nostack, preserves_flags));
    }
    #[cfg(not(rsa_cortex_m_asm_barrier))]
    {
        x = core::hint::black_box(x);
    }
    x
}

/// The slice `*s` refers to, with its pointer and length loaded again from
/// memory (a volatile read of the reference): the second comparison does not
/// reuse the registers of the first.
#[inline(always)]
pub(crate) fn reload<'a, T>(s: &&'a [T]) -> &'a [T] {
    // SAFETY: `s` is a valid reference to a valid `&[T]`.
    unsafe { core::ptr::read_volatile(s) }
}

/// First comparison: forward, OR of `x ⊕ y` (and of the lengths' XOR).
/// Zero if and only if `a == b`.
///
/// The comparison functions are out of line: one copy serves both schemes
/// and the fault check (flash at opt-level 3, where inlined copies were
/// unrolled).
#[inline(never)]
pub(crate) fn diff_forward<T: Word>(a: &[T], b: &[T]) -> u32 {
    let mut d = (a.len() ^ b.len()) as u32 | ((a.len() ^ b.len()) >> 16 >> 16) as u32;
    for (x, y) in a.iter().zip(b) {
        d |= x.xor(*y);
    }
    d
}

/// Second comparison: backward, OR of `x − y` (and of the lengths'
/// difference). Zero if and only if `a == b`.
#[inline(never)]
pub(crate) fn diff_backward<T: Word>(a: &[T], b: &[T]) -> u32 {
    let dl = a.len().wrapping_sub(b.len());
    let mut d = dl as u32 | (dl >> 16 >> 16) as u32;
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        d |= x.sub(*y);
    }
    d
}

/// First comparison of every element of `a` with the constant `c`.
#[inline(never)]
pub(crate) fn diff_forward_const(a: &[u8], c: u8) -> u32 {
    let mut d = 0;
    for x in a {
        d |= u32::from(x ^ c);
    }
    d
}

/// Second comparison of every element of `a` with the constant `c`.
#[inline(never)]
pub(crate) fn diff_backward_const(a: &[u8], c: u8) -> u32 {
    let mut d = 0;
    for x in a.iter().rev() {
        d |= u32::from(*x).wrapping_sub(u32::from(c));
    }
    d
}

/// Bytes and limbs, as the comparisons see them.
pub(crate) trait Word: Copy {
    /// `self ⊕ other`, nonzero if and only if they differ.
    fn xor(self, other: Self) -> u32;
    /// `self − other` (wrapping), nonzero if and only if they differ.
    fn sub(self, other: Self) -> u32;
}

impl Word for u8 {
    #[inline(always)]
    fn xor(self, other: Self) -> u32 {
        u32::from(self ^ other)
    }
    #[inline(always)]
    fn sub(self, other: Self) -> u32 {
        u32::from(self).wrapping_sub(u32::from(other))
    }
}

impl Word for u32 {
    #[inline(always)]
    fn xor(self, other: Self) -> u32 {
        self ^ other
    }
    #[inline(always)]
    fn sub(self, other: Self) -> u32 {
        self.wrapping_sub(other)
    }
}

impl Word for u64 {
    #[inline(always)]
    fn xor(self, other: Self) -> u32 {
        let x = self ^ other;
        x as u32 | (x >> 32) as u32
    }
    #[inline(always)]
    fn sub(self, other: Self) -> u32 {
        let x = self.wrapping_sub(other);
        x as u32 | (x >> 32) as u32
    }
}

#[cfg(test)]
mod tests;
