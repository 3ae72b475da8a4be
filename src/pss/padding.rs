//! EMSA-PSS encoding and verification ([RFC 8017 §9.1]) with MGF1 over the
//! same digest, on caller buffers.
//!
//! `emBits = modBits − 1` and `emLen = ⌈emBits / 8⌉`, which is one octet
//! shorter than the modulus length `k` when `modBits ≡ 1 (mod 8)`: the caller
//! passes the `emLen`-octet buffer and handles the leading zero octet of the
//! `k`-octet signature representative itself.
//!
//! [RFC 8017 §9.1]: https://www.rfc-editor.org/rfc/rfc8017#section-9.1

use digest::{Digest, Output};

use crate::arith::limbs::is_zero;
use crate::errors::{Error, Result};
use crate::mgf::{hash_parts, mgf1_xor};
use crate::verdict::{diff_backward, diff_forward, diff_forward_const, reload, Verdict};

/// `H = Hash(M')`, `M' = (0x)00 00 00 00 00 00 00 00 || mHash || salt`
/// (§9.1.1 steps 5–6, §9.1.2 steps 12–13), through the shared
/// [`hash_parts`].
fn m_prime_hash<D: Digest>(m_hash: &[u8], salt: &[u8], out: &mut Output<D>) {
    hash_parts::<D>(&[&[0u8; 8], m_hash, salt], out);
}

/// Mask of the bits of `EM[0]` that may be nonzero: the leftmost
/// `8·emLen − emBits` bits must be zero. Precondition: `em_len = ⌈em_bits/8⌉`.
fn top_octet_mask(em_len: usize, em_bits: usize) -> u8 {
    0xff >> (8 * em_len - em_bits)
}

/// EMSA-PSS-ENCODE ([RFC 8017 §9.1.1]) of the message digest `m_hash` with
/// the given `salt`, into `em`:
/// `EM = maskedDB || H || 0xbc`, `DB = PS (zeros) || 0x01 || salt`,
/// `maskedDB = DB ⊕ MGF1_D(H, emLen − hLen − 1)` with its leftmost
/// `8·emLen − emBits` bits cleared.
///
/// * `m_hash`: `Hash(M)`, exactly `hLen = D::output_size()` octets.
/// * `em_bits`: `modBits − 1`.
/// * `salt`: `sLen` octets drawn by the caller (`sLen = hLen` is the usual
///   choice; empty for deterministic PSS).
/// * `em`: exactly `emLen = ⌈em_bits / 8⌉` octets.
///
/// # Errors
///
/// * [`Error::InvalidArguments`] if `em.len() ≠ ⌈em_bits / 8⌉`.
/// * [`Error::InputNotHashed`] if `m_hash.len() ≠ hLen`.
/// * [`Error::Internal`] if `emLen < hLen + sLen + 2` (the RFC's "encoding
///   error", i.e. a key too small for this digest and salt; the same variant
///   `rsa` 0.10 returns).
///
/// `em` is untouched on error.
///
/// [RFC 8017 §9.1.1]: https://www.rfc-editor.org/rfc/rfc8017#section-9.1.1
pub fn emsa_pss_encode<D: Digest>(
    m_hash: &[u8],
    em_bits: usize,
    salt: &[u8],
    em: &mut [u8],
) -> Result<()> {
    emsa_pss_encode_with_mgf::<D, D>(m_hash, em_bits, salt, em)
}

/// [`emsa_pss_encode`] with MGF1 over `MGD` instead of `D` (RFC 8017 allows
/// the mask generation hash to differ from the message hash).
///
/// # Errors
/// As [`emsa_pss_encode`].
pub fn emsa_pss_encode_with_mgf<D: Digest, MGD: Digest>(
    m_hash: &[u8],
    em_bits: usize,
    salt: &[u8],
    em: &mut [u8],
) -> Result<()> {
    let h_len = <D as Digest>::output_size();
    let em_len = em.len();
    if em_len != em_bits.div_ceil(8) {
        return Err(Error::InvalidArguments);
    }
    // Steps 1–2: the caller hashed M.
    if m_hash.len() != h_len {
        return Err(Error::InputNotHashed);
    }
    // Step 3.
    if h_len
        .checked_add(salt.len())
        .and_then(|n| n.checked_add(2))
        .is_none_or(|min| em_len < min)
    {
        return Err(Error::Internal);
    }
    let db_len = em_len - h_len - 1;
    let (db, rest) = em.split_at_mut(db_len);
    let (h, trailer) = rest.split_at_mut(h_len);

    // Steps 5–6: H = Hash(M').
    let h: &mut Output<D> = h.try_into().map_err(|_| Error::Internal)?;
    m_prime_hash::<D>(m_hash, salt, h);
    // Steps 7–8: DB = PS || 0x01 || salt.
    let sep = db_len - salt.len() - 1;
    db[..sep].fill(0);
    db[sep] = 0x01;
    db[sep + 1..].copy_from_slice(salt);
    // Steps 9–10: maskedDB = DB ⊕ MGF(H, emLen − hLen − 1).
    mgf1_xor::<MGD>(db, h)?;
    // Step 11.
    db[0] &= top_octet_mask(em_len, em_bits);
    // Step 12: EM = maskedDB || H || 0xbc.
    trailer[0] = 0xbc;
    Ok(())
}

/// EMSA-PSS-VERIFY ([RFC 8017 §9.1.2]): checks that `em` is a valid encoding
/// of the message digest `m_hash`.
///
/// * `em`: the `emLen = ⌈em_bits / 8⌉`-octet encoded message,
///   `I2OSP(RSAVP1(s), emLen)`. It is unmasked **in place** (its contents are
///   unspecified afterwards).
/// * `em_bits`: `modBits − 1`.
/// * `salt_len`: `Some(sLen)` to require exactly that salt length, or `None`
///   to accept any salt length: the salt is whatever follows the first `0x01`
///   after the zero padding of DB.
///
/// Verification inputs are public, but the digests are still compared in
/// constant time.
///
/// # Errors
///
/// * [`Error::InvalidArguments`] if `em.len() ≠ ⌈em_bits / 8⌉`.
/// * [`Error::Verification`] for every inconsistency: `m_hash.len() ≠ hLen`,
///   `emLen < hLen + sLen + 2` (`sLen = 0` when auto-detecting), a trailer
///   other than `0xbc`, nonzero leftmost bits, bad padding or separator, or
///   `H ≠ H'`.
///
/// [RFC 8017 §9.1.2]: https://www.rfc-editor.org/rfc/rfc8017#section-9.1.2
pub fn emsa_pss_verify<D: Digest>(
    m_hash: &[u8],
    em: &mut [u8],
    em_bits: usize,
    salt_len: Option<usize>,
) -> Result<()> {
    emsa_pss_verify_with_mgf::<D, D>(m_hash, em, em_bits, salt_len)
}

/// [`emsa_pss_verify`] with MGF1 over `MGD` instead of `D`.
///
/// # Errors
/// As [`emsa_pss_verify`].
pub fn emsa_pss_verify_with_mgf<D: Digest, MGD: Digest>(
    m_hash: &[u8],
    em: &mut [u8],
    em_bits: usize,
    salt_len: Option<usize>,
) -> Result<()> {
    if em.len() != em_bits.div_ceil(8) {
        return Err(Error::InvalidArguments);
    }
    emsa_pss_verdict_with_mgf::<D, MGD>(m_hash, em, em_bits, salt_len).verification()
}

/// [`emsa_pss_verify_with_mgf`] as a fault-hardened [`Verdict`]:
/// [`Verdict::VALID`] if and only if `em` is a valid encoding of `m_hash`
/// (an `em` of the wrong length is refused too).
///
/// The structure of `EM` and `DB` is checked once (a fault there cannot
/// make `H'` equal `H`); `H'` and `H` are compared twice by independent
/// code: forward (`⊕`) and backward (`−`, over a second load of both
/// slices).
pub fn emsa_pss_verdict_with_mgf<D: Digest, MGD: Digest>(
    m_hash: &[u8],
    em: &mut [u8],
    em_bits: usize,
    salt_len: Option<usize>,
) -> Verdict {
    let h_len = <D as Digest>::output_size();
    let em_len = em.len();
    if em_len != em_bits.div_ceil(8) {
        return Verdict::REJECT;
    }
    // Steps 1–2.
    if m_hash.len() != h_len {
        return Verdict::REJECT;
    }
    // Step 3 (with sLen = 0 when auto-detecting: room for H, 0x01 and 0xbc).
    if h_len
        .checked_add(salt_len.unwrap_or(0))
        .and_then(|n| n.checked_add(2))
        .is_none_or(|min| em_len < min)
    {
        return Verdict::REJECT;
    }
    // Step 4.
    if em[em_len - 1] != 0xbc {
        return Verdict::REJECT;
    }
    // Step 5.
    let db_len = em_len - h_len - 1;
    let (db, rest) = em.split_at_mut(db_len);
    let h: &[u8] = &rest[..h_len];
    // Step 6.
    let mask = top_octet_mask(em_len, em_bits);
    if db[0] & !mask != 0 {
        return Verdict::REJECT;
    }
    // Steps 7–8: DB = maskedDB ⊕ MGF(H, emLen − hLen − 1).
    if mgf1_xor::<MGD>(db, h).is_err() {
        return Verdict::REJECT;
    }
    // Step 9.
    db[0] &= mask;
    // Step 10: DB = PS (zeros) || 0x01 || salt. `bad` is nonzero if and
    // only if the padding is wrong: branch-free OR accumulation, as in the
    // comparisons (no `subtle::Choice`, whose every operation goes through
    // a volatile barrier and costs flash).
    let (s_len, bad) = match salt_len {
        Some(s_len) => {
            let sep = db_len - s_len - 1;
            let bad = diff_forward_const(&db[..sep], 0) | u32::from(db[sep] ^ 0x01);
            (s_len, bad)
        }
        None => {
            // First 0x01, with only zeros before it (masks: all ones or zero).
            let mut found = 0u32;
            let mut bad = 0u32;
            let mut sep = 0u32;
            for (i, &b) in (0u32..).zip(db.iter()) {
                let is_one = is_zero(u32::from(b ^ 0x01)).wrapping_neg();
                sep |= i & is_one & !found;
                found |= is_one;
                bad |= !(found | is_zero(u32::from(b)).wrapping_neg());
            }
            let bad = bad | !found;
            if bad != 0 {
                return Verdict::REJECT;
            }
            (db_len - 1 - sep as usize, bad)
        }
    };
    // Steps 11–13: salt = last sLen octets of DB; H' = Hash(M').
    let mut h_prime = Output::<D>::default();
    m_prime_hash::<D>(m_hash, &db[db_len - s_len..], &mut h_prime);
    let h_prime: &[u8] = h_prime.as_slice();
    // Step 14, first comparison (with the padding's verdict).
    let a = diff_forward(h_prime, h) | bad;
    // Second comparison, on both slices loaded again.
    let b = diff_backward(reload(&h_prime), reload(&h));
    Verdict::from_diffs(a, b)
}

#[cfg(test)]
mod tests;
