//! EME-OAEP encoding and constant-time decoding ([RFC 8017 §7.1]) on caller
//! buffers.
//!
//! `D` hashes the label (and fixes `hLen`, the seed length); `MGD` is the hash
//! inside MGF1. They are usually the same; Android's keystore, for instance,
//! pairs SHA-256 with MGF1-SHA-1.
//!
//! [RFC 8017 §7.1]: https://www.rfc-editor.org/rfc/rfc8017#section-7.1

use digest::Digest;
use rand_core::TryCryptoRng;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::errors::{Error, Result};
use crate::mgf::mgf1_xor;

/// Labels must be shorter than 2⁶¹ octets (the SHA-1/SHA-256 input limit of
/// 2⁶⁴ − 1 bits), the bound `rsa` 0.10 applies to every digest.
const MAX_LABEL_LEN: u64 = 1 << 61;

fn check_label(label: &[u8]) -> Result<()> {
    if label.len() as u64 >= MAX_LABEL_LEN {
        return Err(Error::LabelTooLong);
    }
    Ok(())
}

/// EME-OAEP encoding ([RFC 8017 §7.1.1] step 2) of `msg` under `label` into
/// `em` of length `k`, with a fresh `hLen`-octet seed from `rng`:
/// `EM = 0x00 || maskedSeed || maskedDB`, `DB = lHash || PS || 0x01 || msg`.
///
/// Draws exactly one `hLen`-octet block from `rng`, as `rsa` 0.10 does, so a
/// deterministic generator yields the same encoding.
///
/// # Errors
///
/// * [`Error::LabelTooLong`] if `label.len() ≥ 2⁶¹`.
/// * [`Error::MessageTooLong`] if `msg.len() > k − 2·hLen − 2` (including
///   `k < 2·hLen + 2`); `em` is untouched.
/// * [`Error::Rng`] if the generator fails; `em` is zeroized.
///
/// [RFC 8017 §7.1.1]: https://www.rfc-editor.org/rfc/rfc8017#section-7.1.1
pub fn eme_oaep_encode<D, MGD, R>(
    rng: &mut R,
    msg: &[u8],
    label: &[u8],
    em: &mut [u8],
) -> Result<()>
where
    D: Digest,
    MGD: Digest,
    R: TryCryptoRng + ?Sized,
{
    let h_len = <D as Digest>::output_size();
    check_encode_lengths(h_len, msg, label, em.len())?;
    if rng.try_fill_bytes(&mut em[1..1 + h_len]).is_err() {
        crate::wipe::wipe(em);
        return Err(Error::Rng);
    }
    encode_with_seed_in_place::<D, MGD>(msg, label, em)
}

/// [`eme_oaep_encode`] with a caller-chosen `seed` of exactly `hLen` octets
/// (for known-answer tests and deterministic protocols; ordinary encryption
/// must use a fresh random seed).
///
/// # Errors
///
/// As [`eme_oaep_encode`], plus [`Error::InvalidArguments`] if
/// `seed.len() ≠ hLen`. `em` is untouched on error.
pub fn eme_oaep_encode_with_seed<D: Digest, MGD: Digest>(
    msg: &[u8],
    label: &[u8],
    seed: &[u8],
    em: &mut [u8],
) -> Result<()> {
    let h_len = <D as Digest>::output_size();
    if seed.len() != h_len {
        return Err(Error::InvalidArguments);
    }
    check_encode_lengths(h_len, msg, label, em.len())?;
    em[1..1 + h_len].copy_from_slice(seed);
    encode_with_seed_in_place::<D, MGD>(msg, label, em)
}

/// §7.1.1 step 1 length checks (step 1.a, the label length, and 1.b).
fn check_encode_lengths(h_len: usize, msg: &[u8], label: &[u8], k: usize) -> Result<()> {
    check_label(label)?;
    if h_len
        .checked_mul(2)
        .and_then(|n| n.checked_add(2))
        .and_then(|n| n.checked_add(msg.len()))
        .is_none_or(|min| k < min)
    {
        return Err(Error::MessageTooLong);
    }
    Ok(())
}

/// §7.1.1 step 2 once the seed is at `em[1..1 + hLen]` and lengths are checked.
fn encode_with_seed_in_place<D: Digest, MGD: Digest>(
    msg: &[u8],
    label: &[u8],
    em: &mut [u8],
) -> Result<()> {
    let h_len = <D as Digest>::output_size();
    let (y, rest) = em.split_at_mut(1);
    let (seed, db) = rest.split_at_mut(h_len);
    let db_len = db.len();
    // Steps 2.a–2.c: DB = lHash || PS || 0x01 || M.
    db[..h_len].copy_from_slice(&D::digest(label));
    let sep = db_len - msg.len() - 1;
    db[h_len..sep].fill(0);
    db[sep] = 0x01;
    db[sep + 1..].copy_from_slice(msg);
    // Steps 2.e–2.h.
    let masked = mgf1_xor::<MGD>(db, seed).and_then(|()| mgf1_xor::<MGD>(seed, db));
    if let Err(e) = masked {
        crate::wipe::wipe(em);
        return Err(e);
    }
    // Step 2.i.
    y[0] = 0x00;
    Ok(())
}

/// EME-OAEP decoding ([RFC 8017 §7.1.2] step 3) of the `k`-octet
/// `em = I2OSP(RSADP(c), k)` under `label`, **in place**.
///
/// Returns the message length `mLen`: on success the message is the last
/// `mLen` octets of `em`. The rest of `em` holds the unmasked seed and DB.
///
/// Constant time: the label-hash comparison, the search for the `0x01`
/// separator and the padding check are computed with masks over every
/// octet; nothing branches on them or indexes by them until the single
/// final validity decision. On failure `em` is zeroized (so no unmasked
/// plaintext of an invalid ciphertext remains).
///
/// The leading octet `Y` is ignored, as draft-irtf-cfrg-rsa-guidance §7
/// recommends and `rsa` 0.10 does: a check of `Y` alone is what Manger's
/// attack exploits. [`eme_oaep_decode_strict`] rejects `Y ≠ 0` as RFC 8017
/// §7.1.2 step 3.g states.
///
/// # Errors
///
/// * [`Error::LabelTooLong`] if `label.len() ≥ 2⁶¹`.
/// * [`Error::Decryption`] if `k < 2·hLen + 2` or `k < 11` (public), or the
///   encoding is invalid: `lHash' ≠ lHash`, a nonzero octet in PS, or no
///   `0x01` separator. All invalid encodings give the same error.
///
/// [RFC 8017 §7.1.2]: https://www.rfc-editor.org/rfc/rfc8017#section-7.1.2
pub fn eme_oaep_decode<D: Digest, MGD: Digest>(em: &mut [u8], label: &[u8]) -> Result<usize> {
    decode::<D, MGD>(em, label, false)
}

/// [`eme_oaep_decode`] that also rejects a nonzero leading octet `Y`
/// (RFC 8017 §7.1.2 step 3.g; no conforming encoder sets it), with the same
/// single error for every invalid encoding.
///
/// # Errors
/// As [`eme_oaep_decode`], and [`Error::Decryption`] for `Y ≠ 0`.
pub fn eme_oaep_decode_strict<D: Digest, MGD: Digest>(
    em: &mut [u8],
    label: &[u8],
) -> Result<usize> {
    decode::<D, MGD>(em, label, true)
}

fn decode<D: Digest, MGD: Digest>(em: &mut [u8], label: &[u8], check_y: bool) -> Result<usize> {
    check_label(label)?;
    let h_len = <D as Digest>::output_size();
    let k = em.len();
    // §7.1.2 step 1.c, and the k < 11 bound rsa 0.10 also applies.
    if k < 11
        || h_len
            .checked_mul(2)
            .and_then(|n| n.checked_add(2))
            .is_none_or(|min| k < min)
        || u32::try_from(k).is_err()
    {
        return Err(Error::Decryption);
    }
    // Step 3.a.
    let l_hash = D::digest(label);

    // Step 3.b: EM = Y || maskedSeed || maskedDB.
    let (y, rest) = em.split_at_mut(1);
    let (seed, db) = rest.split_at_mut(h_len);
    // Steps 3.c–3.f.
    mgf1_xor::<MGD>(seed, db).map_err(|_| Error::Decryption)?;
    mgf1_xor::<MGD>(db, seed).map_err(|_| Error::Decryption)?;

    // Step 3.g: DB = lHash' || PS || 0x01 || M (and Y = 0 if checked; the
    // choice is public).
    let y_ok = y[0].ct_eq(&0) | Choice::from(u8::from(!check_y));
    let mut valid = y_ok & db[..h_len].ct_eq(&l_hash);
    let mut looking = Choice::from(1u8);
    let mut index = 0u32;
    for (i, b) in (0u32..).zip(&db[h_len..]) {
        let is_one = b.ct_eq(&0x01);
        let is_zero = b.ct_eq(&0x00);
        index.conditional_assign(&i, looking & is_one);
        // A nonzero octet other than the first 0x01 while still in PS.
        valid &= !(looking & !is_zero & !is_one);
        looking &= !is_one;
    }
    valid &= !looking;

    // The message starts after Y, seed, lHash' and PS || 0x01.
    let m_len = (k as u32).wrapping_sub(2 * h_len as u32 + 2 + index);
    let m_len = u32::conditional_select(&0, &m_len, valid);
    for b in em.iter_mut() {
        b.conditional_assign(&0, !valid);
    }
    // Public by design: validity is the returned error (constant-time check
    // of the Valgrind harness, ci/ct).
    if bool::from(crate::blinding::declassify(valid)) {
        Ok(m_len as usize)
    } else {
        Err(Error::Decryption)
    }
}

#[cfg(test)]
mod tests;
