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

/// Writes a DER length below 256 (`len`, or `81 len` from 128 on) at
/// `bytes[n..]`; returns the index after it.
const fn put_der_len(
    bytes: &mut [u8; MAX_DIGEST_INFO_PREFIX_LEN],
    mut n: usize,
    len: usize,
) -> usize {
    if len >= 0x80 {
        bytes[n] = 0x81;
        n += 1;
    }
    bytes[n] = len as u8;
    n + 1
}

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
        n = put_der_len(&mut bytes, n + 1, content);
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
        n = put_der_len(&mut bytes, n + 3, digest_len);
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
        crate::wipe::wipe(em);
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
    use crate::wipe::Wiped;
    use digest::{FixedOutput, Output};
    use hmac::{Hmac, KeyInit, Mac};
    use sha2::Sha256;

    type HmacSha256 = Hmac<Sha256>;

    /// Finishes `mac` into `out` through a buffer that is wiped afterwards.
    fn finalize_mac(mac: HmacSha256, out: &mut [u8; 32]) {
        let mut tag = Output::<HmacSha256>::default();
        FixedOutput::finalize_into(mac, &mut tag);
        out.copy_from_slice(&tag);
        crate::wipe::wipe(tag.as_mut_slice());
    }

    /// HMAC-SHA256 keyed with `key`. Out of line: one copy for both keys of
    /// [`KeyDerivationKey::derive`].
    #[inline(never)]
    fn keyed_mac(key: &[u8; 32]) -> Result<HmacSha256> {
        <HmacSha256 as KeyInit>::new_from_slice(key).map_err(|_| Error::Internal)
    }

    /// `Mac::update`, out of line: one copy for the KDK and every IRPRF
    /// block.
    #[inline(never)]
    fn mac_update(mac: &mut HmacSha256, data: &[u8]) {
        Mac::update(mac, data);
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
            let mut dh = Wiped::new([0u8; 32]);
            dh.copy_from_slice(&dh_out);
            crate::wipe::wipe(dh_out.as_mut_slice());
            // Step 3.1.3: KDK = HMAC-SHA256(DH, C).
            let mut mac = keyed_mac(&dh)?;
            mac_update(&mut mac, ciphertext);
            let mut kdk = Wiped::new([0u8; 32]);
            finalize_mac(mac, &mut kdk);
            Ok(Self {
                mac: keyed_mac(&kdk)?,
            })
        }

        /// One 32-octet block of `IRPRF(KDK, label, bit_len)` (§7.1):
        /// `HMAC-SHA256(KDK, I2OSP(i, 2) || label || I2OSP(bit_len, 2))`.
        /// Out of line: one copy for the length and the message.
        #[inline(never)]
        fn irprf_block(&self, i: u16, label: &[u8], bit_len: u16, out: &mut [u8; 32]) {
            let mut mac = self.mac.clone();
            mac_update(&mut mac, &i.to_be_bytes());
            mac_update(&mut mac, label);
            mac_update(&mut mac, &bit_len.to_be_bytes());
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
            let mut block = Wiped::new([0u8; 32]);
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
        let mut block = Wiped::new([0u8; 32]);
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
mod tests;
