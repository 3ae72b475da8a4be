//! RSAEP / RSAVP1 (RFC 8017 §5.1.1, §5.2.2): the public-key operation,
//! written once for every key type, over a borrowed [`PublicView`] of the
//! key's numbers; and the representative check (step 1) that the private
//! operation shares.

use crate::arith::{exp, limbs, Limb, Modulus};
use crate::ct;
use crate::errors::{Error, Result};

/// The numbers of a public key, borrowed from its storage.
#[derive(Clone, Copy)]
pub(crate) struct PublicView<'a> {
    /// `n` with its Montgomery constants (`l` limbs, possibly with leading
    /// zero limbs).
    pub(crate) n: Modulus<'a>,
    /// The public exponent `e`, little-endian limbs.
    pub(crate) e: &'a [Limb],
}

impl PublicView<'_> {
    /// RSAEP / RSAVP1 on limbs: `out = x^e mod n` for `x < n`. Variable
    /// time in `e` only. `work` ≥ [`exp::public_work_limbs`]`(l)`.
    pub(crate) fn rsaep(&self, x: &[Limb], out: &mut [Limb], work: &mut [Limb]) {
        exp::pow_public_last::<false>(out, x, self.e, x, &self.n, work);
    }
}

/// RSAEP / RSAVP1 on byte strings: `output = input^e mod n`, exactly `k`
/// bytes. `x` and `y` are `l` limbs, `work` ≥ [`exp::public_work_limbs`]`(l)`.
///
/// # Errors
/// [`Error::InvalidArguments`] if `output` is not `k` bytes, or `input` is
/// longer than `k` bytes or not below `n`.
// Inlined: a frame of its own costs the public operation stack on the M4.
#[inline(always)]
pub(crate) fn rsaep_bytes(
    key: &PublicView,
    k: usize,
    input: &[u8],
    output: &mut [u8],
    x: &mut [Limb],
    y: &mut [Limb],
    work: &mut [Limb],
) -> Result<()> {
    if output.len() != k {
        return Err(Error::InvalidArguments);
    }
    // 1. c = OS2IP(input) < n.
    representative(&key.n, k, input, x)?;
    // 2. m = c^e mod n ([`PublicView::rsaep`]'s body, called directly: one
    // frame less on the verification path).
    exp::pow_public_last::<false>(y, x, key.e, x, &key.n, work);
    // I2OSP(m, k).
    limbs::to_be_bytes(output, y);
    Ok(())
}

/// Reads a big-endian representative of at most `k` bytes into `out` (`l`
/// limbs) and checks it is below `n` (RFC 8017 §5.1.1 step 1, §5.1.2 step 1,
/// §5.2.1 step 1, §5.2.2 step 1).
///
/// # Errors
/// [`Error::InvalidArguments`] if `input` is longer than `k` bytes or not
/// below `n`.
pub(crate) fn representative(n: &Modulus, k: usize, input: &[u8], out: &mut [Limb]) -> Result<()> {
    if input.len() > k || !limbs::from_be_bytes(out, input) {
        return Err(Error::InvalidArguments);
    }
    // Public by design: for decryption and verification the input is
    // public; for signing it is an encoding starting with 0x00, always
    // below n, and the error is returned either way.
    let below = ct::declassify(limbs::ct_lt(out, n.n()));
    if below == 0 {
        return Err(Error::InvalidArguments);
    }
    Ok(())
}
