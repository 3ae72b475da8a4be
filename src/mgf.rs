//! MGF1, the mask generation function of [RFC 8017 Appendix B.2.1], shared by
//! EME-OAEP and EMSA-PSS.
//!
//! The mask is XORed into a caller buffer block by block: no heap, and the
//! only stack storage is one digest output, zeroized before returning.
//!
//! [RFC 8017 Appendix B.2.1]: https://www.rfc-editor.org/rfc/rfc8017#appendix-B.2.1

use digest::{Digest, Output};

use crate::errors::{Error, Result};

/// XORs `MGF1(seed, out.len())` with hash `D` into `out` ([RFC 8017 B.2.1]).
///
/// `T = Hash(seed || I2OSP(0, 4)) || Hash(seed || I2OSP(1, 4)) || …`, truncated
/// to `out.len()` octets, is XORed into `out` in place (so an all-zero `out`
/// receives the mask itself). Running time depends only on `seed.len()`,
/// `out.len()` and `D`, never on the seed or buffer contents.
///
/// # Errors
///
/// [`Error::Internal`] if the requested mask is longer than `2³² · hLen`
/// octets (the RFC's "mask too long") or `D` has a zero-length output; `out` is
/// left unchanged in that case.
///
/// [RFC 8017 B.2.1]: https://www.rfc-editor.org/rfc/rfc8017#appendix-B.2.1
// Out of line with `alloc`, where the heap keys' OAEP and PSS add their call
// sites to the core's; the no-heap images keep it inlined (their peak stack
// is under it).
#[cfg_attr(feature = "alloc", inline(never))]
pub fn mgf1_xor<D: Digest>(out: &mut [u8], seed: &[u8]) -> Result<()> {
    let h_len = <D as Digest>::output_size();
    if h_len == 0 {
        return Err(Error::Internal);
    }
    // Step 1: maskLen ≤ 2^32 · hLen, i.e. at most 2^32 counter values.
    let blocks = out.len().div_ceil(h_len) as u64;
    if blocks > 1u64 << 32 {
        return Err(Error::Internal);
    }

    let mut block = Output::<D>::default();
    for (counter, chunk) in (0u32..).zip(out.chunks_mut(h_len)) {
        // Step 3: T = T || Hash(mgfSeed || I2OSP(counter, 4)).
        hash_parts::<D>(&[seed, &counter.to_be_bytes()], &mut block);
        for (o, m) in chunk.iter_mut().zip(block.iter()) {
            *o ^= *m;
        }
    }
    crate::wipe::wipe(block.as_mut_slice());
    Ok(())
}

/// `out = Hash(parts[0] || parts[1] || …)`, out of line: one copy of the
/// hash's set-up, padding and wipe on drop serves MGF1 (PSS and OAEP), PSS's
/// `H` and `H'` and the verifying keys' message digest; each inlined hasher
/// is a few hundred bytes of flash on Cortex-M.
#[inline(never)]
pub(crate) fn hash_parts<D: Digest>(parts: &[&[u8]], out: &mut Output<D>) {
    let mut hasher = D::new();
    for part in parts {
        Digest::update(&mut hasher, part);
    }
    hasher.finalize_into(out);
}

#[cfg(test)]
mod tests;
