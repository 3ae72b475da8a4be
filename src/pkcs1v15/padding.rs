//! PKCS #1 v1.5 encodings: EMSA-PKCS1-v1_5 ([RFC 8017 §9.2]) for signatures and
//! EME-PKCS1-v1_5 ([RFC 8017 §7.2]) for encryption, including the implicit
//! rejection decoder of [draft-irtf-cfrg-rsa-guidance §7], byte-compatible with
//! the RustCrypto `rsa` 0.10 crate.
//!
//! Every function works on caller buffers (`em` is the `k`-octet encoded
//! message, `k` the modulus length in octets) and never allocates.
//!
//! [RFC 8017 §9.2]: https://www.rfc-editor.org/rfc/rfc8017#section-9.2
//! [RFC 8017 §7.2]: https://www.rfc-editor.org/rfc/rfc8017#section-7.2
//! [draft-irtf-cfrg-rsa-guidance §7]: https://www.ietf.org/archive/id/draft-irtf-cfrg-rsa-guidance-10.html#section-7

use digest::const_oid::{self, AssociatedOid};
use digest::{typenum::Unsigned, Digest, OutputSizeUser};
use rand_core::TryCryptoRng;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater};

use crate::verdict::{
    diff_backward, diff_backward_const, diff_forward, diff_forward_const, reload, Verdict,
};
use zeroize::Zeroize;

use crate::errors::{Error, Result};

// ---------------------------------------------------------------------------
// DigestInfo prefixes
// ---------------------------------------------------------------------------

/// Largest DigestInfo prefix [`DigestInfoPrefix`] can hold: two three-octet
/// SEQUENCE/OCTET STRING headers, the AlgorithmIdentifier's SEQUENCE and OID
/// headers, NULL parameters and an OID of up to
/// [`const_oid::ObjectIdentifier::MAX_SIZE`] octets.
pub const MAX_DIGEST_INFO_PREFIX_LEN: usize =
    3 + 2 + 2 + const_oid::ObjectIdentifier::MAX_SIZE + 2 + 3;

/// The DER prefix of `DigestInfo ::= SEQUENCE { digestAlgorithm
/// AlgorithmIdentifier, digest OCTET STRING }` that precedes the hash `H` in
/// `T = prefix || H` ([RFC 8017 §9.2] step 2 and Note 1), i.e. every octet of
/// the DER encoding except the digest value itself.
///
/// The AlgorithmIdentifier carries explicit NULL parameters, as in the RFC's
/// table: for SHA-256 the prefix is
/// `30 31 30 0d 06 09 60 86 48 01 65 03 04 02 01 05 00 04 20`.
/// [`DigestInfoPrefix::EMPTY`] is the "unprefixed" variant (`T = H`), used for
/// raw signatures such as TLS 1.1's MD5‖SHA-1.
///
/// [RFC 8017 §9.2]: https://www.rfc-editor.org/rfc/rfc8017#section-9.2
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DigestInfoPrefix {
    bytes: [u8; MAX_DIGEST_INFO_PREFIX_LEN],
    len: usize,
}

impl DigestInfoPrefix {
    /// The empty prefix: `T` is the bare hash.
    pub const EMPTY: Self = Self {
        bytes: [0; MAX_DIGEST_INFO_PREFIX_LEN],
        len: 0,
    };

    /// The prefix for digest `D`, derived from its OID and output length.
    ///
    /// Equal to the RFC 8017 §9.2 Note 1 table for SHA-1, SHA-224, SHA-256,
    /// SHA-384, SHA-512, SHA-512/224 and SHA-512/256. Evaluated at compile time:
    /// a digest whose DigestInfo would not fit (an output above 200-odd octets)
    /// fails to compile rather than panicking.
    pub const fn new<D: Digest + AssociatedOid>() -> Self {
        const {
            match Self::from_oid_bytes(D::OID.as_bytes(), <D as OutputSizeUser>::OutputSize::USIZE)
            {
                Some(prefix) => prefix,
                None => panic!("DigestInfo for this digest exceeds MAX_DIGEST_INFO_PREFIX_LEN"),
            }
        }
    }

    /// Builds the prefix from the DER *content* octets of an OID (no `06 len`
    /// header) and the digest length in octets.
    ///
    /// Returns `None` when the OID is empty or longer than
    /// [`const_oid::ObjectIdentifier::MAX_SIZE`] octets, or the DigestInfo
    /// would be longer than 255 octets.
    pub const fn from_oid_bytes(oid: &[u8], digest_len: usize) -> Option<Self> {
        let oid_len = oid.len();
        if oid_len == 0 || oid_len > const_oid::ObjectIdentifier::MAX_SIZE {
            return None;
        }
        // AlgorithmIdentifier content: 06 len oid 05 00.
        let alg_len = 2 + oid_len + 2;
        // OCTET STRING header: 04 len, or 04 81 len.
        let os_hdr = if digest_len < 0x80 { 2 } else { 3 };
        // Outer SEQUENCE content.
        let content = 2 + alg_len + os_hdr + digest_len;
        if digest_len > 0xff || content > 0xff {
            return None;
        }

        let mut bytes = [0u8; MAX_DIGEST_INFO_PREFIX_LEN];
        let mut n = 0;
        bytes[n] = 0x30;
        n += 1;
        if content >= 0x80 {
            bytes[n] = 0x81;
            n += 1;
        }
        bytes[n] = content as u8;
        n += 1;
        bytes[n] = 0x30;
        bytes[n + 1] = alg_len as u8;
        bytes[n + 2] = 0x06;
        bytes[n + 3] = oid_len as u8;
        n += 4;
        let mut i = 0;
        while i < oid_len {
            bytes[n] = oid[i];
            n += 1;
            i += 1;
        }
        bytes[n] = 0x05;
        bytes[n + 1] = 0x00;
        bytes[n + 2] = 0x04;
        n += 3;
        if digest_len >= 0x80 {
            bytes[n] = 0x81;
            n += 1;
        }
        bytes[n] = digest_len as u8;
        n += 1;
        Some(Self { bytes, len: n })
    }

    /// The prefix octets (empty for [`DigestInfoPrefix::EMPTY`]).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Length of the prefix in octets.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether this is the empty ("unprefixed") prefix.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl AsRef<[u8]> for DigestInfoPrefix {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

// ---------------------------------------------------------------------------
// EMSA-PKCS1-v1_5 (signatures)
// ---------------------------------------------------------------------------

/// EMSA-PKCS1-v1_5 encoding ([RFC 8017 §9.2]) into `em`, whose length is
/// `emLen = k`:
/// `EM = 0x00 || 0x01 || PS (0xff…, ≥ 8 octets) || 0x00 || prefix || hashed`.
///
/// `hashed` is the message digest `H` (its length is not checked against any
/// digest: the scheme layer returns [`Error::InputNotHashed`] for that) and
/// `prefix` the DigestInfo prefix ([`DigestInfoPrefix::as_bytes`], or empty).
///
/// # Errors
///
/// [`Error::MessageTooLong`] if `em.len() < prefix.len() + hashed.len() + 11`
/// (RFC: "intended encoded message length too short"); `em` is untouched.
///
/// [RFC 8017 §9.2]: https://www.rfc-editor.org/rfc/rfc8017#section-9.2
pub fn emsa_pkcs1v15_encode(prefix: &[u8], hashed: &[u8], em: &mut [u8]) -> Result<()> {
    let k = em.len();
    let t_len = prefix
        .len()
        .checked_add(hashed.len())
        .ok_or(Error::MessageTooLong)?;
    if t_len.checked_add(11).is_none_or(|min| k < min) {
        return Err(Error::MessageTooLong);
    }
    let ps_end = k - t_len - 1;
    em[0] = 0x00;
    em[1] = 0x01;
    em[2..ps_end].fill(0xff);
    em[ps_end] = 0x00;
    em[ps_end + 1..k - hashed.len()].copy_from_slice(prefix);
    em[k - hashed.len()..].copy_from_slice(hashed);
    Ok(())
}

/// EMSA-PKCS1-v1_5 verification ([RFC 8017 §8.2.2] step 3–4): checks that `em`
/// (the `k`-octet `I2OSP(RSAVP1(s), k)`) equals the encoding of
/// `prefix || hashed`.
///
/// The expected encoding is regenerated octet by octet and compared in constant
/// time (no early exit), without a second buffer, twice (see
/// [`emsa_pkcs1v15_verdict`]).
///
/// # Errors
///
/// [`Error::Verification`] if `em` differs from the expected encoding or is
/// shorter than `prefix.len() + hashed.len() + 11` octets.
///
/// [RFC 8017 §8.2.2]: https://www.rfc-editor.org/rfc/rfc8017#section-8.2.2
pub fn emsa_pkcs1v15_verify(prefix: &[u8], hashed: &[u8], em: &[u8]) -> Result<()> {
    emsa_pkcs1v15_verdict(prefix, hashed, em).verification()
}

/// [`emsa_pkcs1v15_verify`] as a fault-hardened [`Verdict`]:
/// [`Verdict::VALID`] if and only if `em` is the encoding of
/// `prefix || hashed`.
///
/// The encoding is compared twice by independent code: forward (`⊕`,
/// octet by octet against the regenerated encoding) and backward (`−`,
/// over a second load of the three slices), both over every octet.
pub fn emsa_pkcs1v15_verdict(prefix: &[u8], hashed: &[u8], em: &[u8]) -> Verdict {
    let k = em.len();
    let Some(t_len) = prefix.len().checked_add(hashed.len()) else {
        return Verdict::REJECT;
    };
    if t_len.checked_add(11).is_none_or(|min| k < min) {
        return Verdict::REJECT;
    }
    // First comparison: 00 01 PS 00 prefix H, forward.
    let a = {
        let ps_end = k - t_len - 1;
        let h = k - hashed.len();
        u32::from(em[0])
            | u32::from(em[1] ^ 0x01)
            | diff_forward_const(&em[2..ps_end], 0xff)
            | u32::from(em[ps_end])
            | diff_forward(&em[ps_end + 1..h], prefix)
            | diff_forward(&em[h..], hashed)
    };
    // Second comparison: backward, on the slices loaded again (pointers and
    // lengths), the offsets computed again from those lengths.
    let b = {
        let (em, prefix, hashed) = (reload(&em), reload(&prefix), reload(&hashed));
        let k = em.len();
        let h = k.wrapping_sub(hashed.len());
        let ps_end = h.wrapping_sub(prefix.len()).wrapping_sub(1);
        match (em.get(h..), em.get(ps_end + 1..h), em.get(2..ps_end)) {
            (Some(em_h), Some(em_prefix), Some(ps)) if ps_end >= 10 => {
                diff_backward(em_h, hashed)
                    | diff_backward(em_prefix, prefix)
                    | u32::from(em[ps_end])
                    | diff_backward_const(ps, 0xff)
                    | u32::from(em[1]).wrapping_sub(1)
                    | u32::from(em[0])
            }
            _ => 1,
        }
    };
    Verdict::from_diffs(a, b)
}

// ---------------------------------------------------------------------------
// EME-PKCS1-v1_5 (encryption)
// ---------------------------------------------------------------------------

/// How many single-octet redraws are allowed for one zero octet of PS before a
/// (broken) generator is reported as [`Error::Rng`]. A working generator hits
/// this with probability 2^-8192.
const MAX_NONZERO_REDRAWS: usize = 1024;

/// Fills `data` with nonzero random octets: one bulk draw, then each zero
/// octet is redrawn one octet at a time (the same draw sequence as `rsa` 0.10,
/// so a seeded generator gives the same PS).
fn non_zero_random_bytes<R: TryCryptoRng + ?Sized>(rng: &mut R, data: &mut [u8]) -> Result<()> {
    rng.try_fill_bytes(data).map_err(|_| Error::Rng)?;
    for b in data.iter_mut() {
        let mut redraws = 0;
        while *b == 0 {
            if redraws == MAX_NONZERO_REDRAWS {
                return Err(Error::Rng);
            }
            rng.try_fill_bytes(core::slice::from_mut(b))
                .map_err(|_| Error::Rng)?;
            redraws += 1;
        }
    }
    Ok(())
}

/// EME-PKCS1-v1_5 encoding ([RFC 8017 §7.2.1] step 2) into `em` of length `k`:
/// `EM = 0x00 || 0x02 || PS || 0x00 || msg`, with `PS` `k − msg.len() − 3 ≥ 8`
/// nonzero random octets from `rng`.
///
/// Draws from `rng` exactly as `rsa` 0.10 does, so a deterministic generator
/// yields the same encoding.
///
/// # Errors
///
/// * [`Error::MessageTooLong`] if `msg.len() > k − 11` (including `k < 11`);
///   `em` is untouched.
/// * [`Error::Rng`] if the generator fails (or returns zero octets without
///   end); `em` is zeroized.
///
/// [RFC 8017 §7.2.1]: https://www.rfc-editor.org/rfc/rfc8017#section-7.2.1
pub fn eme_pkcs1v15_encode<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
    msg: &[u8],
    em: &mut [u8],
) -> Result<()> {
    let k = em.len();
    if msg.len().checked_add(11).is_none_or(|min| k < min) {
        return Err(Error::MessageTooLong);
    }
    let sep = k - msg.len() - 1;
    em[0] = 0x00;
    em[1] = 0x02;
    if let Err(e) = non_zero_random_bytes(rng, &mut em[2..sep]) {
        em.zeroize();
        return Err(e);
    }
    em[sep] = 0x00;
    em[sep + 1..].copy_from_slice(msg);
    Ok(())
}

/// Constant-time EME-PKCS1-v1_5 parse (draft-irtf-cfrg-rsa-guidance §7.2 step
/// 4). Returns `(invalid, L)`: `invalid` is set if `EM[0] ≠ 0`, `EM[1] ≠ 2`,
/// there is no zero separator after `EM[1]`, or PS is shorter than 8 octets;
/// `L` is the length after the first zero separator (0 if none).
///
/// Precondition (public): `11 ≤ em.len() ≤ u32::MAX`.
fn eme_pkcs1v15_parse(em: &[u8]) -> (Choice, u32) {
    let k = em.len() as u32;
    let mut invalid = !em[0].ct_eq(&0x00) | !em[1].ct_eq(&0x02);
    let mut looking = Choice::from(1u8);
    let mut separator = 0u32;
    for (i, b) in (2u32..).zip(&em[2..]) {
        let is_zero = b.ct_eq(&0x00);
        separator.conditional_assign(&i, looking & is_zero);
        looking &= !is_zero;
    }
    // At least eight PS octets: the separator is at index 10 or later.
    invalid |= looking | !separator.ct_gt(&9);
    // With no separator `separator` is 0 and this stays k − 1, but is discarded.
    let l = u32::conditional_select(&(k - separator - 1), &0, looking);
    (invalid, l)
}

/// EME-PKCS1-v1_5 decoding with explicit rejection ([RFC 8017 §7.2.2] step 3).
///
/// Returns the message length `L`: the message is the last `L` octets of `em`
/// (the `k`-octet `I2OSP(RSADP(c), k)`). The padding is examined in constant
/// time; only the final `Result` depends on its validity.
///
/// Explicit rejection is a Bleichenbacher oracle whenever the caller lets an
/// attacker observe the error (timing, messages, protocol behaviour): prefer
/// [`eme_pkcs1v15_decode_implicit`].
///
/// # Errors
///
/// [`Error::Decryption`] if `em.len() < 11` or the padding is invalid
/// (`EM[0] ≠ 0x00`, `EM[1] ≠ 0x02`, no `0x00` separator, or PS shorter than
/// eight octets).
///
/// [RFC 8017 §7.2.2]: https://www.rfc-editor.org/rfc/rfc8017#section-7.2.2
pub fn eme_pkcs1v15_decode(em: &[u8]) -> Result<usize> {
    if em.len() < 11 || u32::try_from(em.len()).is_err() {
        return Err(Error::Decryption);
    }
    let (invalid, l) = eme_pkcs1v15_parse(em);
    if bool::from(invalid) {
        Err(Error::Decryption)
    } else {
        Ok(l as usize)
    }
}

// ---------------------------------------------------------------------------
// Implicit rejection (draft-irtf-cfrg-rsa-guidance §7)
// ---------------------------------------------------------------------------

pub use implicit::{eme_pkcs1v15_decode_implicit, KeyDerivationKey, MAX_IMPLICIT_REJECTION_K};

mod implicit {
    use super::*;
    use digest::{FixedOutput, Output};
    use hmac::{Hmac, KeyInit, Mac};
    use sha2::Sha256;
    use zeroize::Zeroizing;

    type HmacSha256 = Hmac<Sha256>;

    /// Finishes `mac` into `out` through a buffer that is wiped afterwards.
    fn finalize_mac(mac: HmacSha256, out: &mut [u8; 32]) {
        let mut tag = Output::<HmacSha256>::default();
        FixedOutput::finalize_into(mac, &mut tag);
        out.copy_from_slice(&tag);
        tag.as_mut_slice().zeroize();
    }

    /// Largest modulus length `k` (octets) implicit rejection supports: the
    /// IRPRF encodes its output length in bits as two octets, so `8·k < 2¹⁶`.
    pub const MAX_IMPLICIT_REJECTION_K: usize = 8191;

    /// The implicit-rejection key derivation key `KDK` for one private key and
    /// one ciphertext (draft-irtf-cfrg-rsa-guidance §7.2 step 3.1):
    /// `KDK = HMAC-SHA256(key = SHA-256(I2OSP(d, k)), C)`.
    ///
    /// Held as the HMAC-SHA256 state keyed with `KDK` (what every IRPRF block
    /// starts from); the raw octets are zeroized as soon as it is keyed. The
    /// state is wiped on drop when `sha2`'s `zeroize` feature is enabled.
    pub struct KeyDerivationKey {
        mac: HmacSha256,
    }

    impl KeyDerivationKey {
        /// Derives `KDK` from the big-endian private exponent `d_be` and the
        /// `k`-octet ciphertext `C` (`k = ciphertext.len()`).
        ///
        /// `d_be` is `d` as big-endian octets of any public width: shorter than
        /// `k` it is left-padded with zeros, longer (e.g. a limb-aligned
        /// encoding) its excess leading octets must be zero. Use the key's
        /// stored private exponent `d` (as `rsa` 0.10 does), not `dP`/`dQ` or
        /// an equivalent exponent, or synthetic messages will differ.
        ///
        /// # Errors
        ///
        /// * [`Error::Decryption`] if `k < 11` or `k > 8191`.
        /// * [`Error::Internal`] if `d_be` does not fit in `k` octets.
        pub fn derive(d_be: &[u8], ciphertext: &[u8]) -> Result<Self> {
            let k = ciphertext.len();
            if !(11..=MAX_IMPLICIT_REJECTION_K).contains(&k) {
                return Err(Error::Decryption);
            }
            // Step 3.1.1: D = I2OSP(d, k), streamed into the hash.
            let excess = d_be.len().saturating_sub(k);
            let overflow = d_be[..excess]
                .iter()
                .fold(Choice::from(0u8), |acc, b| acc | !b.ct_eq(&0));
            if bool::from(overflow) {
                return Err(Error::Internal);
            }
            let digits = &d_be[excess..];
            let mut hasher = Sha256::new();
            let zeros = [0u8; 64];
            let mut pad = k - digits.len();
            while pad > 0 {
                let n = pad.min(zeros.len());
                Digest::update(&mut hasher, &zeros[..n]);
                pad -= n;
            }
            Digest::update(&mut hasher, digits);
            // Step 3.1.2: DH = SHA-256(D).
            let mut dh_out = Output::<Sha256>::default();
            Digest::finalize_into(hasher, &mut dh_out);
            let mut dh = Zeroizing::new([0u8; 32]);
            dh.copy_from_slice(&dh_out);
            dh_out.as_mut_slice().zeroize();
            // Step 3.1.3: KDK = HMAC-SHA256(DH, C).
            let mut mac =
                <HmacSha256 as KeyInit>::new_from_slice(&dh[..]).map_err(|_| Error::Internal)?;
            Mac::update(&mut mac, ciphertext);
            let mut kdk = Zeroizing::new([0u8; 32]);
            finalize_mac(mac, &mut kdk);
            let mac =
                <HmacSha256 as KeyInit>::new_from_slice(&kdk[..]).map_err(|_| Error::Internal)?;
            Ok(Self { mac })
        }

        /// One 32-octet block of `IRPRF(KDK, label, bit_len)` (§7.1):
        /// `HMAC-SHA256(KDK, I2OSP(i, 2) || label || I2OSP(bit_len, 2))`.
        fn irprf_block(&self, i: u16, label: &[u8], bit_len: u16, out: &mut [u8; 32]) {
            let mut mac = self.mac.clone();
            Mac::update(&mut mac, &i.to_be_bytes());
            Mac::update(&mut mac, label);
            Mac::update(&mut mac, &bit_len.to_be_bytes());
            finalize_mac(mac, out);
        }

        /// Step 3.2.1 and 3.3: `CL = IRPRF(KDK, "length", 2048)` read as 128
        /// big-endian 16-bit candidates, each masked to the bit width of
        /// `max_len = k − 11`; `AL` is the last candidate `≤ max_len`, or 0.
        /// Constant time in the candidates.
        fn alternative_length(&self, max_len: u16) -> u16 {
            let mut mask = max_len;
            mask |= mask >> 1;
            mask |= mask >> 2;
            mask |= mask >> 4;
            mask |= mask >> 8;
            let mut al = 0u16;
            let mut block = Zeroizing::new([0u8; 32]);
            for i in 0..8u16 {
                self.irprf_block(i, b"length", 256 * 8, &mut block);
                for pair in block.chunks_exact(2) {
                    let candidate = u16::from_be_bytes([pair[0], pair[1]]) & mask;
                    al.conditional_assign(&candidate, !candidate.ct_gt(&max_len));
                }
            }
            al
        }
    }

    /// EME-PKCS1-v1_5 decoding with implicit rejection
    /// (draft-irtf-cfrg-rsa-guidance §7.2 steps 3–5; [RFC 8017 §7.2.2]).
    ///
    /// `em` is the `k`-octet `I2OSP(RSADP(c), k)`, `kdk` the key derivation key
    /// for this key and ciphertext. On return the plaintext is the last `len`
    /// octets of `em`, where `len` is the returned length:
    ///
    /// * valid padding: the real message `M`;
    /// * invalid padding: the synthetic message, the last `AL` octets of
    ///   `AM = IRPRF(KDK, "message", 8k)`, which `em` is overwritten with.
    ///
    /// The result is identical to `rsa` 0.10's `Pkcs1v15Encrypt` decryption for
    /// the same key and ciphertext. Validity, `L` and `AL` never steer a
    /// branch or a memory index: every octet of `em` is read and conditionally
    /// overwritten, and the alternative message is generated in full; only the
    /// returned length (which the draft allows to be public) depends on them.
    ///
    /// # Errors
    ///
    /// [`Error::Decryption`] if `k = em.len()` is below 11 or above
    /// [`MAX_IMPLICIT_REJECTION_K`]: a public condition. Invalid padding is
    /// *not* an error.
    ///
    /// [RFC 8017 §7.2.2]: https://www.rfc-editor.org/rfc/rfc8017#section-7.2.2
    pub fn eme_pkcs1v15_decode_implicit(em: &mut [u8], kdk: &KeyDerivationKey) -> Result<usize> {
        let k = em.len();
        if !(11..=MAX_IMPLICIT_REJECTION_K).contains(&k) {
            return Err(Error::Decryption);
        }
        // k ≤ 8191, so these fit.
        let max_len = (k - 11) as u16;
        let bit_len = (8 * k) as u16;

        // Step 3.2–3.3: the alternative length AL.
        let al = kdk.alternative_length(max_len);
        // Step 4: check and L.
        let (invalid, l) = eme_pkcs1v15_parse(em);
        // Step 5: select EM or AM, block by block of AM = IRPRF(KDK, "message", 8k).
        let mut block = Zeroizing::new([0u8; 32]);
        for (i, chunk) in (0u16..).zip(em.chunks_mut(32)) {
            kdk.irprf_block(i, b"message", bit_len, &mut block);
            for (e, a) in chunk.iter_mut().zip(block.iter()) {
                e.conditional_assign(a, invalid);
            }
        }
        let len = u32::conditional_select(&l, &u32::from(al), invalid);
        Ok(len as usize)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};
    use rsa::{
        hazmat::{rsa_decrypt_and_check, rsa_encrypt},
        pkcs8::DecodePrivateKey,
        traits::{PrivateKeyParts, PublicKeyParts},
        BoxedUint, Pkcs1v15Encrypt, Pkcs1v15Sign, PrivateKey,
    };
    use sha1::Sha1;
    use sha2::{Sha224, Sha256, Sha384, Sha512, Sha512_224, Sha512_256};
    use std::{vec, vec::Vec};

    fn unhex(s: &str) -> Vec<u8> {
        hex::decode(s).unwrap()
    }

    fn i2osp(x: &BoxedUint, k: usize) -> Vec<u8> {
        let bytes = x.to_be_bytes();
        let excess = bytes.len().saturating_sub(k);
        assert!(bytes[..excess].iter().all(|&b| b == 0));
        let mut out = vec![0u8; k - (bytes.len() - excess)];
        out.extend_from_slice(&bytes[excess..]);
        out
    }

    /// `I2OSP(RSADP(c), k)` computed by `rsa` 0.10.
    fn raw_decrypt(key: &PrivateKey, c: &[u8]) -> Vec<u8> {
        let c = BoxedUint::from_be_slice(c, key.n_bits_precision()).unwrap();
        let m = rsa_decrypt_and_check::<StdRng>(key, None, &c).unwrap();
        i2osp(&m, key.size())
    }

    /// `I2OSP(RSAEP(m), k)` computed by `rsa` 0.10.
    fn raw_encrypt(key: &PrivateKey, em: &[u8]) -> Vec<u8> {
        let m = BoxedUint::from_be_slice(em, key.n_bits_precision()).unwrap();
        i2osp(&rsa_encrypt(key, &m).unwrap(), key.size())
    }

    fn d_bytes(key: &PrivateKey) -> Vec<u8> {
        key.d().to_be_bytes().to_vec()
    }

    /// RFC 8017 §9.2 Note 1: DER encodings of DigestInfo, minus the digest.
    #[test]
    fn prefixes_match_rfc8017_table() {
        let table: [(DigestInfoPrefix, &str); 7] = [
            (
                DigestInfoPrefix::new::<Sha1>(),
                "3021300906052b0e03021a05000414",
            ),
            (
                DigestInfoPrefix::new::<Sha224>(),
                "302d300d06096086480165030402040500041c",
            ),
            (
                DigestInfoPrefix::new::<Sha256>(),
                "3031300d060960864801650304020105000420",
            ),
            (
                DigestInfoPrefix::new::<Sha384>(),
                "3041300d060960864801650304020205000430",
            ),
            (
                DigestInfoPrefix::new::<Sha512>(),
                "3051300d060960864801650304020305000440",
            ),
            (
                DigestInfoPrefix::new::<Sha512_224>(),
                "302d300d06096086480165030402050500041c",
            ),
            (
                DigestInfoPrefix::new::<Sha512_256>(),
                "3031300d060960864801650304020605000420",
            ),
        ];
        for (prefix, expected) in table {
            assert_eq!(prefix.as_bytes(), &unhex(expected)[..]);
        }
        // Same bytes as rsa 0.10 derives.
        assert_eq!(
            DigestInfoPrefix::new::<Sha384>().as_bytes(),
            &*Pkcs1v15Sign::new::<Sha384>().prefix
        );
        assert!(DigestInfoPrefix::EMPTY.is_empty());
        assert_eq!(DigestInfoPrefix::EMPTY.as_bytes(), &[] as &[u8]);
    }

    /// Long digests switch to DER long-form lengths instead of truncating.
    #[test]
    fn prefix_long_form_and_limits() {
        let oid = [0x2a, 0x03];
        let p = DigestInfoPrefix::from_oid_bytes(&oid, 0x90).unwrap();
        // content = 2 + 6 + 3 + 0x90 = 0x9b
        assert_eq!(
            p.as_bytes(),
            &[0x30, 0x81, 0x9b, 0x30, 0x06, 0x06, 0x02, 0x2a, 0x03, 0x05, 0x00, 0x04, 0x81, 0x90]
        );
        assert!(DigestInfoPrefix::from_oid_bytes(&oid, 0xf8).is_none());
        assert!(DigestInfoPrefix::from_oid_bytes(&[], 32).is_none());
        assert!(DigestInfoPrefix::from_oid_bytes(&[1; 40], 32).is_none());
        let max = DigestInfoPrefix::from_oid_bytes(&[1; 39], 200).unwrap();
        assert_eq!(max.len(), MAX_DIGEST_INFO_PREFIX_LEN);
    }

    fn key2048() -> PrivateKey {
        PrivateKey::from_pkcs8_pem(B1_KEY).unwrap()
    }

    fn key2049() -> PrivateKey {
        PrivateKey::from_pkcs8_pem(B2_KEY).unwrap()
    }

    /// EMSA-PKCS1-v1_5 equals what `rsa` 0.10 signs, for prefixed and raw variants.
    #[test]
    fn signature_encoding_matches_rsa() {
        for key in [key2048(), key2049()] {
            let k = key.size();
            let h256 = Sha256::digest(b"abc");
            let h1 = Sha1::digest(b"abc");
            let cases: [(Pkcs1v15Sign, DigestInfoPrefix, &[u8]); 3] = [
                (
                    Pkcs1v15Sign::new::<Sha256>(),
                    DigestInfoPrefix::new::<Sha256>(),
                    &h256,
                ),
                (
                    Pkcs1v15Sign::new::<Sha1>(),
                    DigestInfoPrefix::new::<Sha1>(),
                    &h1,
                ),
                (
                    Pkcs1v15Sign::new_unprefixed(),
                    DigestInfoPrefix::EMPTY,
                    &h256,
                ),
            ];
            for (scheme, prefix, hashed) in cases {
                let sig = key.sign(scheme, hashed).unwrap();
                let em_rsa = raw_encrypt(&key, &sig);
                let mut em = vec![0u8; k];
                emsa_pkcs1v15_encode(prefix.as_bytes(), hashed, &mut em).unwrap();
                assert_eq!(em, em_rsa);
                emsa_pkcs1v15_verify(prefix.as_bytes(), hashed, &em).unwrap();
                for i in [0, 1, 2, k - hashed.len() - prefix.len() - 1, k - 1] {
                    let mut bad = em.clone();
                    bad[i] ^= 0x01;
                    assert_eq!(
                        emsa_pkcs1v15_verify(prefix.as_bytes(), hashed, &bad),
                        Err(Error::Verification)
                    );
                }
            }
        }
    }

    #[test]
    fn signature_encoding_length_bounds() {
        let prefix = DigestInfoPrefix::new::<Sha256>();
        let h = Sha256::digest(b"");
        let min = prefix.len() + h.len() + 11;
        for k in 0..min {
            let mut em = vec![0x5a; k];
            assert_eq!(
                emsa_pkcs1v15_encode(prefix.as_bytes(), &h, &mut em),
                Err(Error::MessageTooLong)
            );
            assert!(em.iter().all(|&b| b == 0x5a));
            assert_eq!(
                emsa_pkcs1v15_verify(prefix.as_bytes(), &h, &em),
                Err(Error::Verification)
            );
        }
        let mut em = vec![0u8; min];
        emsa_pkcs1v15_encode(prefix.as_bytes(), &h, &mut em).unwrap();
        assert_eq!(
            &em[..11],
            &[0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0]
        );
        emsa_pkcs1v15_verify(prefix.as_bytes(), &h, &em).unwrap();
    }

    /// Same generator state ⇒ same EME-PKCS1-v1_5 encoding as `rsa` 0.10
    /// (checked through the ciphertext), and both decoders recover it.
    #[test]
    fn encryption_padding_matches_rsa() {
        let key = key2048();
        let public = key.to_public_key();
        let k = key.size();
        for (seed, len) in [(1u8, 0usize), (2, 1), (3, 26), (4, k - 11)] {
            let msg: Vec<u8> = (0..len).map(|i| i as u8 ^ 0xa5).collect();
            let c_rsa = public
                .encrypt(&mut StdRng::from_seed([seed; 32]), Pkcs1v15Encrypt, &msg)
                .unwrap();
            let mut em = vec![0u8; k];
            eme_pkcs1v15_encode(&mut StdRng::from_seed([seed; 32]), &msg, &mut em).unwrap();
            assert_eq!(raw_encrypt(&key, &em), c_rsa);
            assert!(em[2..k - len - 1].iter().all(|&b| b != 0));

            assert_eq!(eme_pkcs1v15_decode(&em), Ok(len));
            let kdk = KeyDerivationKey::derive(&d_bytes(&key), &c_rsa).unwrap();
            let mut em2 = em.clone();
            assert_eq!(eme_pkcs1v15_decode_implicit(&mut em2, &kdk), Ok(len));
            assert_eq!(em2, em);
            assert_eq!(&em2[k - len..], &msg[..]);
        }
        let mut em = vec![0u8; k];
        assert_eq!(
            eme_pkcs1v15_encode(&mut StdRng::from_seed([0; 32]), &[0; 246], &mut em),
            Err(Error::MessageTooLong)
        );
        for k in 0..11 {
            let mut em = vec![0u8; k];
            assert_eq!(
                eme_pkcs1v15_encode(&mut StdRng::from_seed([0; 32]), &[], &mut em),
                Err(Error::MessageTooLong)
            );
        }
    }

    /// A generator stuck at zero is reported, not spun on forever.
    #[test]
    fn zero_generator_is_an_rng_error() {
        struct Zeros;
        impl rand_core::TryRng for Zeros {
            type Error = core::convert::Infallible;
            fn try_next_u32(&mut self) -> core::result::Result<u32, Self::Error> {
                Ok(0)
            }
            fn try_next_u64(&mut self) -> core::result::Result<u64, Self::Error> {
                Ok(0)
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> core::result::Result<(), Self::Error> {
                dst.fill(0);
                Ok(())
            }
        }
        impl rand_core::TryCryptoRng for Zeros {}
        let mut em = [0x77u8; 64];
        assert_eq!(
            eme_pkcs1v15_encode(&mut Zeros, b"hi", &mut em),
            Err(Error::Rng)
        );
        assert_eq!(em, [0u8; 64]);
    }

    /// Explicit decoding over every separator position and header defect.
    #[test]
    fn explicit_decode_structure() {
        const K: usize = 24;
        for header in [[0u8, 2], [1, 2], [0, 1], [0, 0], [2, 0]] {
            for sep in 2..=K {
                let mut em = [0x42u8; K];
                em[..2].copy_from_slice(&header);
                if sep < K {
                    em[sep] = 0;
                    if sep + 2 < K {
                        em[sep + 2] = 0; // a later zero must not matter
                    }
                }
                let valid = header == [0, 2] && (10..K).contains(&sep);
                let expected = if valid {
                    Ok(K - sep - 1)
                } else {
                    Err(Error::Decryption)
                };
                assert_eq!(eme_pkcs1v15_decode(&em), expected, "{header:?} {sep}");
            }
        }
        for k in 0..11 {
            assert_eq!(eme_pkcs1v15_decode(&vec![0u8; k]), Err(Error::Decryption));
        }
        // Minimum k: PS of exactly eight octets, empty message.
        assert_eq!(
            eme_pkcs1v15_decode(&[0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0]),
            Ok(0)
        );
    }

    fn check_vectors(key: &PrivateKey, cases: &[(&str, bool, &str, &str)]) {
        let k = key.size();
        let d = d_bytes(key);
        for &(id, valid, c_hex, expected_hex) in cases {
            let c = unhex(c_hex);
            assert_eq!(c.len(), k, "{id}");
            let mut em = raw_decrypt(key, &c);
            assert_eq!(eme_pkcs1v15_decode(&em).is_ok(), valid, "{id}");
            let kdk = KeyDerivationKey::derive(&d, &c).unwrap();
            let len = eme_pkcs1v15_decode_implicit(&mut em, &kdk).unwrap();
            assert_eq!(hex::encode(&em[k - len..]), expected_hex, "{id}");
        }
    }

    /// Published implicit-rejection vectors, 2048-bit key.
    #[test]
    fn draft_vectors_b1() {
        check_vectors(&key2048(), B1_CASES);
    }

    /// Published implicit-rejection vectors, 2049-bit key (k = 257, and `d`
    /// given in a wider, limb-aligned encoding).
    #[test]
    fn draft_vectors_b2() {
        let key = key2049();
        assert!(d_bytes(&key).len() > key.size());
        check_vectors(&key, B2_CASES);
    }

    /// Synthetic messages equal `rsa` 0.10's for random ciphertexts and for
    /// crafted near-valid encodings.
    #[test]
    fn implicit_rejection_matches_rsa() {
        let mut rng = StdRng::from_seed([9; 32]);
        for key in [key2048(), key2049()] {
            let k = key.size();
            let d = d_bytes(&key);
            let mut ciphertexts = Vec::new();
            for _ in 0..12 {
                let mut c = vec![0u8; k];
                rng.fill_bytes(&mut c);
                c[0] = 0; // below n for both keys
                ciphertexts.push(c);
            }
            // Near-valid encodings: each defect alone.
            let base = |sep: usize| {
                let mut em = vec![0x11u8; k];
                em[0] = 0;
                em[1] = 2;
                em[sep] = 0;
                em
            };
            let mut ems = vec![base(10), base(9), base(2), base(k - 1), base(k - 12)];
            let mut no_sep = base(10);
            no_sep[10] = 0x11;
            ems.push(no_sep);
            let mut bad1 = base(20);
            bad1[1] = 1;
            ems.push(bad1);
            let mut bad0 = base(20);
            bad0[0] = 0; // still valid, control
            ems.push(bad0);
            for em in &ems {
                ciphertexts.push(raw_encrypt(&key, em));
            }
            for c in &ciphertexts {
                let expected = key.decrypt(Pkcs1v15Encrypt, c).unwrap();
                let mut em = raw_decrypt(&key, c);
                let kdk = KeyDerivationKey::derive(&d, c).unwrap();
                let len = eme_pkcs1v15_decode_implicit(&mut em, &kdk).unwrap();
                assert_eq!(&em[k - len..], &expected[..]);
            }
        }
    }

    #[test]
    fn implicit_rejection_public_errors() {
        let d = [1u8; 8];
        assert!(KeyDerivationKey::derive(&d, &[0; 10]).is_err());
        assert!(KeyDerivationKey::derive(&d, &[0; 8192]).is_err());
        assert_eq!(
            KeyDerivationKey::derive(&[1; 12], &[0; 11]).err(),
            Some(Error::Internal)
        );
        // Leading zeros beyond k are accepted and ignored.
        let a = KeyDerivationKey::derive(&[0, 0, 0, 7], &[3; 11]).unwrap();
        let b = KeyDerivationKey::derive(&[7], &[3; 11]).unwrap();
        let mut x = [0u8; 11];
        let mut y = [0u8; 11];
        assert_eq!(
            eme_pkcs1v15_decode_implicit(&mut x, &a),
            eme_pkcs1v15_decode_implicit(&mut y, &b)
        );
        assert_eq!(x, y);
        // With k = 11 the only admissible synthetic length is 0.
        assert_eq!(eme_pkcs1v15_decode_implicit(&mut x, &a), Ok(0));
        for k in [0usize, 10, 8192] {
            let mut em = vec![0u8; k];
            assert_eq!(
                eme_pkcs1v15_decode_implicit(&mut em, &a),
                Err(Error::Decryption)
            );
        }
        let mut em = vec![0u8; 8191];
        assert!(eme_pkcs1v15_decode_implicit(&mut em, &a).unwrap() <= 8180);
    }

    /// draft-irtf-cfrg-rsa-guidance-10 Appendix B.1: key `k2048.pem`.
    const B1_KEY: &str = "\
-----BEGIN PRIVATE KEY-----\n\
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDIzIOXFAmNpWyq\n\
I2QPk9yJl8FjcpaPwbDG31ETwclOiyHkitIpfmVBkBG05tj15zsbeLJXQAMh0e9r\n\
YC1OyM6NFByUkF60rTBmOaSSBlNLbn8mB0I+l9/9EzyI1yE5ne+8fpbM3L1/Oq4f\n\
6JJxK/tJKYF9URZmRAofrLeiCPXqFlkQrdij8tSXICNgzLYyAk8NBxacGRjzFveU\n\
sUOu9U7IdSKkwCl4+WiZgL/79knDB+gYGb/4hAljjUi9lL4VK1n/ZJ+gvWKdD/oY\n\
E8Or9LVr08LqVGXf+hRYkpKp2KJK0mvn7gUQdBtjgtQ8g9W/pApGYT0GK+RFUX28\n\
rwy04adpAgMBAAECggEAFFUBDg8tWHZjpmam/xzNu/Dt2BAGRtAqAjkikImSxK05\n\
5VZZKXJu9lCMOnEVjvC2/3UdOdB1gLstLwYyEEQtBgP/UNu9ezX+LJuxmkehr4Wk\n\
wkkB4CyotYt5GbIO3zKqz79RrbS8S2G5t+loyqTVcPcO8Y2AYyKIk+R9Q578p5Ml\n\
m88s0Qij2GiM3weOeseZlp8jOdLB9SK5aWhGKakzuq7CaBYl6rhPTlb0RH6diPua\n\
GZz3ECPg4lexREGzPITTvGfKgDHSYSYYEDp6CkCEQmL3XYiQzWFuUfkDVIj9bgmd\n\
6P9tZaT/EYJUgHyfWNL7uouhUdyMaL40nJd6IE4EwQKBgQD49a1rqCiTG+pFm4o/\n\
bcBB0jSCQJwlcelj8x90hgKiVjcbOIPtRZ7PlwUmRZ7dFuBVIvWkXZR1Gy7C2vJy\n\
x/iBalLADRgIAXFjTaiZ15cyIvUbk3YwVIaWqffYwkpZSXwe/NRVz7l+6G0rbTSX\n\
KzMv2jA/BJmbTra1zAuzPndh3QKBgQDOei47SakLljMKEtxoK9+9+66N1twDthR6\n\
771XV0Pw9tpNhiNQYbca/ZytLTQCXlashrD3dD6zXhrLyiN4lUJEZbcG7SIXXlcY\n\
yMcLZwPqj2tRD5Rb5I5aNrs8PJFzK1id/AXXLYCQMZRFK9ohNIZH7HKUPxGoRuYv\n\
rr6OtTaw/QKBgHb+FfGK4jnN8d9rRFykvGu5aNeIwhkzpPXc0oADPWcSBizAim3y\n\
BMH70L5GMHRD5t1KZFY3VCnU4DjKJW+vHJvekcaxe3b4GZX5HEjLvrx78ONJTAg1\n\
nk6M1qWH17ltYiH9fg+1xVdfCC7ld2l5gHGyu7SjIjgVG0cxS7ZUeQMRAoGBAJmI\n\
SLBVSZoQCcvH0pSzax/98gIObnNkBT6U3hoADck0BYf34nJ29ozfYI11O2M3ewO2\n\
9AhNLAJ8SziWCmIzup7Zc4t28Q6nW+RWB4v3AfZ8xrPz/cGG5kM2x2s3LoCRDsgL\n\
CtzCPQL7muEEhqKCSAdbTqflbd/POILkUVYUcaKRAoGAZDv3RkKffYNmegZTAhNH\n\
77/AXmNR+CGp3rtg4OzN5QBa2ensMeVY9+ksKTKOdFadfO98dMq8KzVe1AGhoJFL\n\
Tjy7BkhOWBlgURae0UyqLvpuoETgVNJhRMwWKcVQEFWKBOEz9Et8JE2sJb+RPFe4\n\
kO5J9UglnNY0BP72hZ3Pl1o=\n\
-----END PRIVATE KEY-----\n\
";
    /// (id, valid padding, ciphertext, expected plaintext) from Appendix B.1.
    const B1_CASES: &[(&str, bool, &str, &str)] = &[
        (
            "B.1.2",
            true,
            "8bfe264e85d3bdeaa6b8851b8e3b956ee3d226fd3f69063a86880173a273d9f283b2eebdd1ed35f7e02d91c571981b6737d5320bd8396b0f3ad5b019daec1b0aab3cbbc026395f4fd14f13673f2dfc81f9b660ec26ac381e6db3299b4e460b43fab9955df2b3cfaa20e900e19c856238fd371899c2bf2ce8c868b76754e5db3b036533fd603746be13c10d4e3e6022ebc905d20c2a7f32b215a4cd53b3f44ca1c327d2c2b651145821c08396c89071f665349c25e44d2733cd9305985ceef6430c3cf57af5fa224089221218fa34737c79c446d28a94c41c96e4e92ac53fbcf384dea8419ea089f8784445a492c812eb0d409467f75afd7d4d1078886205a066",
            "6c6f72656d20697073756d20646f6c6f722073697420616d6574",
        ),
        (
            "B.1.3",
            true,
            "443ad9c5f00a1f4e9601717d274aacc93a824cb4d99b3c6a42e2b017e52e018443bd77d34a80703cd9b6acf523cd3b2cd1fea31940a68fba828836f1c3ed2fef071e95e0922ff0f47d0e81dacc13ecdeda3db6476f41e5b3f9ccfcfdf91558007b68ffbbe5e93bb088f1e4f0bb39bc7d8600b38930ecd00a341d8cc76955837efff0f0797c4b46fb1b375bba49bcdc877f39aaadb045c56b836072383eec6627ae280ad4f9a45d6e5b4cc7cf61d42b194ff0b9c9167c621e5380d8333e3b7f20c8d564c9ec6c2805f77c0146adea2f688a943b67ce8889f4a6353e6396d551c36a6dbf19359a825d14b69ccc4fd747cf14a1ca8578d7f0a67dc14b37f5e17ca3",
            "",
        ),
        (
            "B.1.4",
            true,
            "00a2e8f114ea8d05d12dc843e3cc3b2edc8229ff2a028bda29ba9d55e3cd02911902fef1f42a075bf05e8016e8567213d6f260fa49e360779dd81aeea3e04c2cb567e0d72b98bf754014561b7511e083d20e0bfb9cd23f8a0d3c88900c49d2fcd5843ff0765607b2026f28202a87aa94678aed22a0c20724541394cd8f44e373eba1d2bae98f516c1e2ba3d86852d064f856b1daf24795e767a2b90396e50743e3150664afab131fe40ea405dcf572dd1079af1d3f0392ccadcca0a12740dbb213b925ca2a06b1bc1383e83a658c82ba2e7427342379084d5f66b544579f07664cb26edd4f10fd913fdbc0de05ef887d4d1ec1ac95652397ea7fd4e4759fda8b",
            "6c6f72656d20697073756d",
        ),
        (
            "B.1.5",
            false,
            "20aaa8adbbc593a924ba1c5c7990b5c2242ae4b99d0fe636a19a4cf754edbcee774e472fe028160ed42634f8864900cb514006da642cae6ae8c7d087caebcfa6dad1551301e130344989a1d462d4164505f6393933450c67bc6d39d8f5160907cabc251b737925a1cf21e5c6aa5781b7769f6a2a583d97cce008c0f8b6add5f0b2bd80bee60237aa39bb20719fe75749f4bc4e42466ef5a861ae3a92395c7d858d430bfe38040f445ea93fa2958b503539800ffa5ce5f8cf51fa8171a91f36cb4f4575e8de6b4d3f096ee140b938fd2f50ee13f0d050222e2a72b0a3069ff3a6738e82c87090caa5aed4fcbe882c49646aa250b98f12f83c8d528113614a29e7",
            "",
        ),
        (
            "B.1.6",
            false,
            "48cceab10f39a4db32f60074feea473cbcdb7accf92e150417f76b44756b190e843e79ec12aa85083a21f5437e7bad0a60482e601198f9d86923239c8786ee728285afd0937f7dde12717f28389843d7375912b07b991f4fdb0190fced8ba665314367e8c5f9d2981d0f5128feeb46cb50fc237e64438a86df198dd0209364ae3a842d77532b66b7ef263b83b1541ed671b120dfd660462e2107a4ee7b964e734a7bd68d90dda61770658a3c242948532da32648687e0318286473f675b412d6468f013f14d760a358dfcad3cda2afeec5e268a37d250c37f722f468a70dfd92d7294c3c1ee1e7f8843b7d16f9f37ef35748c3ae93aa155cdcdfeb4e78567303",
            "22d850137b9eebe092b24f602dc5bb7918c16bd89ddbf20467b119d205f9c2e4bd7d2592cf1e532106e0f33557565923c73a02d4f09c0c22bea89148183e60317f7028b3aa1f261f91c979393101d7e15f4067e63979b32751658ef769610fe97cf9cef3278b3117d384051c3b1d82c251c2305418c8f6840530e631aad63e70e20e025bcd8efb54c92ec6d3b106a2f8e64eeff7d38495b0fc50c97138af4b1c0a67a1c4e27b077b8439332edfa8608dfeae653cd6a628ac550395f7e74390e42c11682234870925eeaa1fa71b76cf1f2ee3bda69f6717033ff8b7c95c9799e7a3bea5e7e4a1c359772fb6b1c6e6c516661dfe30c3",
        ),
        (
            "B.1.7",
            false,
            "006f89db685c0a132700c6a17f88a37a6635d0ab89de4c45dc09736c891ca5bf3401ce34c6e5d51e94ed2f518857ddc12d9f9f9e68e01cdc30d86ae5dd83988c0c46a8e39daa1b328a23def551d67fa1964fb15242c83ddd7dd5b1aec720a391d0b86cb16cf4d3c466850c3df88a3ed85993900d1287a0c90c4b04d34ba29e59967661f3f10e0c998f64e14e777e8e81371eca5318b4e0b53414292130c821477c51e2bff844836ab10dff293d82e4f40d345968ef268c92ed0bc238f31d50f4d3f759c23964923e135d15527556410fbd2c451d6a2aa852dc88b01139c6fdd826736d8cd3780601b2977b09c080bd8c0fa471606ad59f053ad33d9eeb905f20",
            "2b5dd72df3cae37f1aef",
        ),
        (
            "B.1.8",
            false,
            "1439e08c3f84c1a7fec74ce07614b20e01f6fa4e8c2a6cffdc3520d8889e5d9a950c6425798f85d4be38d300ea5695f13ecd4cb389d1ff5b82484b494d6280ab7fa78e645933981cb934cce8bfcd114cc0e6811eefa47aae20af638a1cd163d2d3366186d0a07df0c81f6c9f3171cf3561472e98a6006bf75ddb457bed036dcce199369de7d94ef2c68e8467ee0604eea2b3009479162a7891ba5c40cab17f49e1c438cb6eaea4f76ce23cce0e483ff0e96fa790ea15be67671814342d0a23f4a20262b6182e72f3a67cd289711503c85516a9ed225422f98b116f1ab080a80abd6f0216df88d8cfd67c139243be8dd78502a7aaf6bc99d7da71bcdf627e7354",
            "0f9b",
        ),
        (
            "B.1.9",
            false,
            "9b2ec9c0c917c98f1ad3d0119aec6be51ae3106e9af1914d48600ab6a2c0c0c8ae02a2dc3039906ff3aac904af32ec798fd65f3ad1afa2e69400e7c1de81f5728f3b3291f38263bc7a90a0563e43ce7a0d4ee9c0d8a716621ca5d3d081188769ce1b131af7d35b13dea99153579c86db31fe07d5a2c14d621b77854e48a8df41b5798563af489a291e417b6a334c63222627376118c02c53b6e86310f728734ffc86ef9d7c8bf56c0c841b24b82b59f51aee4526ba1c4268506d301e4ebc498c6aebb6fd5258c876bf900bac8ca4d309dd522f6a6343599a8bc3760f422c10c72d0ad527ce4af1874124ace3d99bb74db8d69d2528db22c3a37644640f95c05f",
            "a1f8c9255c35cfba403ccc",
        ),
        (
            "B.1.10",
            false,
            "782c2b59a21a511243820acedd567c136f6d3090c115232a82a5efb0b178285f55b5ec2d2bac96bf00d6592ea7cdc3341610c8fb07e527e5e2d20cfaf2c7f23e375431f45e998929a02f25fd95354c33838090bca838502259e92d86d568bc2cdb132fab2a399593ca60a015dc2bb1afcd64fef8a3834e17e5358d822980dc446e845b3ab4702b1ee41fe5db716d92348d5091c15d35a110555a35deb4650a5a1d2c98025d42d4544f8b32aa6a5e02dc02deaed9a7313b73b49b0d4772a3768b0ea0db5846ace6569cae677bf67fb0acf3c255dc01ec8400c963b6e49b1067728b4e563d7e1e1515664347b92ee64db7efb5452357a02fff7fcb7437abc2e579",
            "e6d700309ca0ed62452254",
        ),
        (
            "B.1.11",
            false,
            "0096136621faf36d5290b16bd26295de27f895d1faa51c800dafce73d001d60796cd4e2ac3fa2162131d859cd9da5a0c8a42281d9a63e5f353971b72e36b5722e4ac444d77f892a5443deb3dca49fa732fe855727196e23c26eeac55eeced8267a209ebc0f92f4656d64a6c13f7f7ce544ebeb0f668fe3a6c0f189e4bcd5ea12b73cf63e0c8350ee130dd62f01e5c97a1e13f52fde96a9a1bc9936ce734fdd61f27b18216f1d6de87f49cf4f2ea821fb8efd1f92cdad529baf7e31aff9bff4074f2cad2b4243dd15a711adcf7de900851fbd6bcb53dac399d7c880531d06f25f7002e1aaf1722765865d2c2b902c7736acd27bc6cbd3e38b560e2eecf7d4b576",
            "ba27b1842e7c21c0e7ef6a",
        ),
        (
            "B.1.12",
            false,
            "a7a340675a82c30e22219a55bc07cdf36d47d01834c1834f917f18b517419ce9de2a96460e745024436470ed85e94297b283537d52189c406a3f533cb405cc6a9dba46b482ce98b6e3dd52d8fce2237425617e38c11fbc46b61897ef200d01e4f25f5f6c4c5b38cd0de38ba11908b86595a8036a08a42a3d05b79600a97ac18ba368a08d6cf6ccb624f6e8002afc75599fba4de3d4f3ba7d208391ebe8d21f8282b18e2c10869eb2702e68f9176b42b0ddc9d763f0c86ba0ff92c957aaeab76d9ab8da52ea297ec11d92d770146faa1b300e0f91ef969b53e7d2907ffc984e9a9c9d11fb7d6cba91972059b46506b035efec6575c46d7114a6b935864858445f",
            "63cb0bf65fc8255dd29e17",
        ),
        (
            "B.1.13",
            false,
            "3d1b97e7aa34eaf1f4fc171ceb11dcfffd9a46a5b6961205b10b302818c1fcc9f4ec78bf18ea0cee7e9fa5b16fb4c611463b368b3312ac11cf9c06b7cf72b54e284848a508d3f02328c62c2999d0fb60929f81783c7a256891bc2ff4d91df2af96a24fc5701a1823af939ce6dbdc510608e3d41eec172ad2d51b9fc61b4217c923cadcf5bac321355ef8be5e5f090cdc2bd0c697d9058247db3ad613fdce87d2955a6d1c948a5160f93da21f731d74137f5d1f53a1923adb513d2e6e1589d44cc079f4c6ddd471d38ac82d20d8b1d21f8d65f3b6907086809f4123e08d86fb38729585de026a485d8f0e703fd4772f6668febf67df947b82195fa3867e3a3065",
            "6f09a0b62699337c497b0b",
        ),
    ];

    /// draft-irtf-cfrg-rsa-guidance-10 Appendix B.2: key `k2049.pem`.
    const B2_KEY: &str = "\
-----BEGIN PRIVATE KEY-----\n\
MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQFV+IlVahd18cen\n\
eGpQsYvCjJ6Ybt5WZ8qzm4QSTpDrp1wdsIOsPkQ7upTcI1YPdeOoFpOipDvcdCbY\n\
xOr+aMhd4P51f25Ju57UR+YCQwgA27BM6yLn+lehjTOPtmAmzbRn5wzAQOfTZ+9A\n\
PHvx499iRlAJRjHyHq/S+1vJFf8EN5rNERL3MsC0ZgfBeNOKIPUu2lCfL5wEBdUQ\n\
aegMz5QVVNBHBGdQXDz1QeoIl9/J9ADOyymP/HUzctn2kzrxdMxA7ZbUZwMXM7l/\n\
jN3T+SvDoD6oV2xBfyQAe15PdQEQW1RN6frc3/rfmN+0uwW4GZ8/haz9kfepoJS5\n\
o4P1BJCXAgMBAAECggEBARnCs/UKetYVJnnX/1EJWKwtjKbwAoWS8zLVWhZzYXio\n\
5n8X5wXOMA4+h1RyUQBgE/l00KPbSe80TKWiajTARQcE0OQi4M4jppQlwV/vtvJu\n\
EG7v9kzIuddELk2k6MhQCOrrNlhZoilPo5N7wmvlYzLn2B4sFg72NcxSiqe+VeYz\n\
pyPbweFrop5SsprvL55WVP3AZmuw/CVKy+gOY4dPD18CB4Ljydz8JSDQycSntjTk\n\
UD+7ST4ar+6z+IvXoTOYcl2ub+OZ53XNXUzwn8g4NHxMmNqxpIg8zmIFE2Fa+qEK\n\
YzaObXt530FmqxYnOe9RWkQC7h4GAcWlW8cd8OMO34ECgYEBiPaTYPAeGNmi3ilS\n\
U9JSwx5Eds6l/3v4QT33/eNWUjzcl2gF+E/A3ex3DfBs7QZcgRNIdUs0avFpdWh3\n\
/Ts9VoaCyHh9CzFO9qxn1l6BMzmLYqCDwPh2XFrUDVqB+bvc4lJ+1+lQCMsQKctM\n\
q9H56b7fwobJZVIlXafqsZIXjvcCgYEA3sfPEdreg6TEPS+AGX8h/V1G/Ve0MfRP\n\
6Bod439qCR/8BGTtlx3IUIg1rebMX1ZvOWVhOos2eYyS5uI/Uu+QfpVn40G+vFM3\n\
GJYl+76rHzt7P5L/smgebvWnhKjC1498LYmqqiTSztvQZoHP5lw2x7+jxboTUWIi\n\
LvXC6RTJg2ECgYASCT86c8rt2Q9gowTkVAL4casyyMlVsJr0Y6O+Q3Dy1VhKmrur\n\
af2wMepE+YQGXQRh6ECrIYiGYA43FVRsiwuFrSbTjLQwj1LQf5lEfZHwh/Od00A4\n\
2y6TjpetBTpx++1ndeHchxjlTmyvfmVGfZy63cfnZchYniyY39wlyk7KgQKBgQCM\n\
zmE0ec+WCPf3bCRc+Ru0ldYeneZIhJBUtN0bQxbz+YFCDcCVeL95Fv5Gkc+ummTm\n\
NAuGAyNFI/Jdd7ZqZvw+5ZOp8Y3qXfY+1fff650gummlvvVZ/7DslNtyX2/26ruj\n\
1JVHwMp08D4B7B5JDROaoKeUe41mLM5KPA8bXoYXQQKBgQD5lZs0xLyozkiIeBsx\n\
sem12K310NPj7VReg2fT+FRbpkQyuIcwNe+IHCvN4A0YCfksQNh4N7XE+az0iza4\n\
3FOllWGkVlI0AtHo+jrzAOVMkbY+bO4G/m3mZvOSlYKgPh9FTneJ+weBpNb7tSbv\n\
iBYh/R6s0hRm5M3Ziu0Q9OdveQ==\n\
-----END PRIVATE KEY-----\n\
";
    /// (id, valid padding, ciphertext, expected plaintext) from Appendix B.2.
    const B2_CASES: &[(&str, bool, &str, &str)] = &[
        (
            "B.2.2",
            true,
            "013300edbf0bb3571e59889f7ed76970bf6d57e1c89bbb6d1c3991d9df8e65ed54b556d928da7d768facb395bbcc81e9f8573b45cf8195dbd85d83a59281cddf4163aec11b53b4140053e3bd109f787a7c3cec31d535af1f50e0598d85d96d91ea01913d07097d25af99c67464ebf2bb396fb28a9233e56f31f7e105d71a23e9ef3b736d1e80e713d1691713df97334779552fc94b40dd733c7251bc522b673d3ec9354af3dd4ad44fa71c0662213a57ada1d75149697d0eb55c053aaed5ffd0b815832f454179519d3736fb4faf808416071db0d0f801aca8548311ee708c131f4be658b15f6b54256872c2903ac708bd43b017b073b5707bc84c2cd9da70e967",
            "6c6f72656d20697073756d",
        ),
        (
            "B.2.3",
            true,
            "00cc52e83755a4526fea5e62450450638430a84a5878fd12c2a571f33c55729cfab6e35c2e1703c452cff65731249460919aeb1b40084bdef573407851e48b3c72923e48d5c4f3e80990c462bc291a3e635515636ab9ebeb317ca0d75b04b80c17e2f4851f8929f72c9bea4ec4a6a1fbc5155837813567062d6b4b2a6b6e40be545d25da39b08c52f3543e2f2cdfa314832dcbf475fcbb8d3565a64bb09b55f922e6ec6cd8bb5203a11e2fa0c1b383674c4f0b63acd78f3690e3a16ad1b71f6cfe48c56533e2ae42b1393b2d156c2323272490a574ce4f14055249b6a34c3e08d4a417039450910ec34bd5f08eb06078f51bdd6e50334ee64c9695a5bde52938e3",
            "",
        ),
        (
            "B.2.4",
            true,
            "0002aadf846a329fadc6760980303dbd87bfadfa78c2015ce4d6c5782fd9d3f1078bd3c0a2c5bfbdd1c024552e5054d98b5bcdc94e476dd280e64d650089326542ce7c61d4f1ab40004c2e6a88a883613568556a10f3f9edeab67ae8dddc1e6b0831c2793d2715de943f7ce34c5c05d1b09f14431fde566d17e76c9feee90d86a2c158616ec81dda0c642f58c0ba8fa4495843124a7235d46fb4069715a51bf710fd024259131ba94da73597ace494856c94e7a3ec261545793b0990279b15fa91c7fd13dbfb1df2f221dab9fa9f7c1d21e48aa49f6aaecbabf5ee76dc6c2af2317ffb4e303115386a97f8729afc3d0c89419669235f1a3a69570e0836c79fc162",
            "6c6f72656d20697073756d",
        ),
        (
            "B.2.5",
            false,
            "0128a1f7837e53b21ee37f0b4d08c76180305d5d854a1bcf3885471610646795f1e4c85ce7fce0f71ac3504598afdfc26792dea8ac55c7da10f96d26236ae652b282459d679ec84847d523f07213e81d1c713fb159eded43112eab68b610e3f871d9c0009fde783ad7bcdca5568f7a86a716be6b96219c34b061f68718abad7c947ed107097dc68341b865d73f2e857a345f5cf05c53bb2899d2895565009125c7b5fe1c35a73c03bb0f59e7faf381c784988bb71194307ee9a8ac122990fabb5cc1fd877aaa79039ac163d084c7ee1642aaf05befb9d7ed0e29558f11f0708c8e83f804f92fd41310a6fd21d91c3ceb88ceee3e424a3fcdda57fe3abb8b7bae7d",
            "",
        ),
        (
            "B.2.6",
            false,
            "013a60aa202dedad2d9e78c0c99077ccc17b7d0533aeaf184dcb8c9a81ca4de5715ada598d59b926606dcb005935421f6ebfd32e62802f0e2de8df08f1ae00e4aced6ebf361a38df817c892309bd07c92c4f2f7be89f286f99711372e3dd959ccb0a150b28578f29040b39ecf989c26eb77a3480c2d4d363b9563a70f0a0789cc4300af1e600de39dae4a49335d35ac0156f5395ebebf35531c819c9cf498a97e67ee2299d84564444f7bcd51f9f08d6bac0872439ad57eb9a8134dc665add1f813d5031484c905a433c115bf889dc46ac672a8898fe235bf463b1b46345299b6f100b48fa954fc262ce58e83f95955b321c1e86bbfe398b588dd5c75c2c68532b",
            "5c5345594cec69769af002af6513415a0848a4d45601c44b9e84b6e0a42c1356cfc20604df8d334de53fafc6de2125f2eae2ec9864b0b0d03ef1539017ecf312460cbb3c7c49fe124cf1becce8903f227ec85daaae73fe256acdf39f47b46c14fbd289d7f9b9e22ee0e7c5d77cbbf22a2f9fbf4e26c5999a7b8335f6478912edfb77a373a82dabbc8233e585ea5ddfef3d0d872a4a007018005014a8873495951210a4b90209b8286466030e56b1050ed600c777b4dbdb64f86516ef269a3ba77285f9be9afebcaad35226f7b3296932baf8dbfea3d77eb6520da203ffc0672232761e2a8a05186181b8dd1f77f069f7af8de118aa18",
        ),
        (
            "B.2.7",
            false,
            "000a56cfd7abf21e2c65a28b8145fee663818b6cd218601e9e62bed7de5ac74ceb07b435b305c99e3e286152036086b4a13eb26164f6f4bf79ac7d6c3fbcdcd74c6dc324c04949a0c88cbf616626cb171a4e333a0e124524b44f78e2d8100c03e231791523b7d76db2d464e6b5e64244e04ad21128a5feb56092b4ceda35ebfb84f7fafa8e1c098d9923d66e541b36307574db8912630fcf734af7bcd4118f1f700804c5001a5950780188fc7862384fb3fc0708eaf3cb2b119177bb6928758fa75e644d258ac02748dcae7a78ec6c8679598fa9deee4663f1efe27efe8bd15572ff40676b95469aaa42eab4226d86c1160343255cce4fb7728f7349da27ed096b",
            "fc874af235e261083c2c",
        ),
        (
            "B.2.8",
            false,
            "011644d88f2955389b6d215fc3acd733265d82348fa15178d99e38fd2842030d4e31d1ab15b0f00a80add1a9bfe112f9c42e827c487193c360dc5888c8c42d5459b1f2c1952dca679ded08f190b6a78bbb6ea00438ebb8b03dc56e45cb36bee49a385c71fbf9bbcceda7b130ad6cee2106eff34dd224fba8e9990edf893ae52b0910cdadf44bf29812a98bb9dc1638815112950bb9e7bad11c610d6406dd2d1c36cddd639e024205a1a2bd82ec97059ef61b5226e3246ca672962194d1222cc032003fe34bf5ca0227f1c86439dcfba5203cf57099884276b0fbbf9b9cec93392673d8290a1a3452f3791c3881c9be6a1eef23841a8a5fde255cbbd3c4fc33827c",
            "9b9b496e44544456e70d9be86bd398dae00c7c05d6ea76c45d12f050b1c61c219b2fe47749451e44d96d11916f6ec4cf9eea67cb",
        ),
        (
            "B.2.9",
            false,
            "002c9ddc36ba4cf0038692b2d3a1c61a4bb3786a97ce2e46a3ba74d03158aeef456ce0f4db04dda3fe062268a1711250a18c69778a6280d88e133a16254e1f0e30ce8dac9b57d2e39a2f7d7be3ee4e08aec2fdbe8dadad7fdbf442a29a8fb40857407bf6be35596b8eefb5c2b3f58b894452c2dc54a6123a1a38d642e23751746597e08d71ac92704adc17803b19e131b4d1927881f43b0200e6f95658f559f912c889b4cd51862784364896cd6e8618f485a992f82997ad6a0917e32ae5872eaf850092b2d6c782ad35f487b79682333c1750c685d7d32ab3e1538f31dcaa5e7d5d2825875242c83947308dcf63ba4bfff20334c9c140c837dbdbae7a8dee72ff",
            "f6d0f5b78082fe61c04674",
        ),
        (
            "B.2.10",
            false,
            "00c5d77826c1ab7a34d6390f9d342d5dbe848942e2618287952ba0350d7de6726112e9cebc391a0fae1839e2bf168229e3e0d71d4161801509f1f28f6e1487ca52df05c466b6b0a6fbbe57a3268a970610ec0beac39ec0fa67babce1ef2a86bf77466dc127d7d0d2962c20e66593126f276863cd38dc6351428f884c1384f67cad0a0ffdbc2af16711fb68dc559b96b37b4f04cd133ffc7d79c43c42ca4948fa895b9daeb853150c8a5169849b730cc77d68b0217d6c0e3dbf38d751a1998186633418367e7576530566c23d6d4e0da9b038d0bb5169ce40133ea076472d055001f0135645940fd08ea44269af2604c8b1ba225053d6db9ab43577689401bdc0f3",
            "1ab287fcef3ff17067914d",
        ),
        (
            "B.2.11",
            false,
            "011e24da411e182d85e7c350a7dbff898c3e17bee1573fe3d0c0d3be53a384a65d597d52247e56d10b01cf1a51533e47c37f38bc62490e449b5f4ea35aec422a63142c95da26e800e14504ce704edc7e38faaff697b74814c14d19f7f6f4d942c1db61eca70266748ed83195bffa2eb85f49047a7bc7aae7f927ff445f15136b28b4cad396312ae09a62ef894688ad50bc53d6977236b76d30c9bb2dacd0d58300f2b3dc69a7c3212c6dcf6db583c59d94e7550ecc871991139259a9a001451635c777c7ac46db113a2460f157f9f830c186f0a0c47ca3012c8d309bea899852febe76b87874292b8230be9de5c88fb94a0f19b2df71ca1efeb5f772b2d9b38016",
            "5659f49338cfcd423dfcce",
        ),
        (
            "B.2.12",
            false,
            "014b47d00714b92e98eacd73b07816ef530f8355fca68de6ba56828afab9d43b96fcb11bee0e900e966a51705b95e82599f3df202d51d520c96adf32e1c0758a7e0a8694699af8cfd9ed2850678f70e952f029a4b461ac8a8e049ef9ffc483ebdc9a525bae3ddf8d69f8f711d30135fd9cce0c3d09d1a75c5b837d9f0d86827a5f9edccd56af835572ba099a44a69277f31999753cd9887fe46ae7c7eb98d5894692847179dac0ba305ed584f2887f7a6e88c843e6f0d4e99ffdcf51e266198301dab2bcb7b07944207c71a89f1449f3690cf09b9f15a5588a2c16d18ef437876285e9d04fd01ff30dea46a3eb17151e63b784548f1c65eeb08bec9901b9353432",
            "c917a56bd800b8d9578657",
        ),
        (
            "B.2.13",
            false,
            "01541f0012b2dfd2d2b91cd22570dd577af0d27c29baa4d7a3cec2ddf8cdb957257d8d436455d331e35730d1df7058cbb01649beb236154858843e2e14ae54fd53496883163b8cb30fea540778726453204a846b04535878bebe9e60f8783b77e5dfd4d346cd688aa2ee9e0ba9ac2bfd16005de994ea4a9c40adbafcf79dac4859480a8e6e6849077b07f5e3dce8b97f678fc4b1da7e72004cfae36f01cb23f69180a46e3b9488f3b595e83510c9c4b298c953971d82610562976271e756f97ef317b440271be9847178a482098447516ea29bd599592dbf22e35c91f8e2155bd2f6289bac31c4c608b80bc208608a17cc45f7cff774549782882cf72baf0feb2f",
            "a4e88815652839f2482a8f",
        ),
    ];
}
