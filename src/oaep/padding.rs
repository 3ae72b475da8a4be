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
use zeroize::Zeroize;

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
        em.zeroize();
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
        em.zeroize();
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
    crate::blinding::declassify(&valid);
    if bool::from(valid) {
        Ok(m_len as usize)
    } else {
        Err(Error::Decryption)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use rand::{rngs::StdRng, SeedableRng};
    use rsa::{
        hazmat::{rsa_decrypt_and_check, rsa_encrypt},
        traits::PublicKeyParts,
        BoxedUint, Oaep, PrivateKey,
    };
    use sha1::Sha1;
    use sha2::{Sha256, Sha512};
    use std::{string::String, vec, vec::Vec};

    fn unhex(s: &str) -> Vec<u8> {
        hex::decode(s.split_whitespace().collect::<String>()).unwrap()
    }

    fn i2osp(x: &BoxedUint, k: usize) -> Vec<u8> {
        let b = x.to_be_bytes();
        let excess = b.len() - k;
        assert!(b[..excess].iter().all(|&v| v == 0));
        b[excess..].to_vec()
    }

    fn raw_encrypt(key: &PrivateKey, em: &[u8]) -> Vec<u8> {
        let m = BoxedUint::from_be_slice(em, key.n_bits_precision()).unwrap();
        i2osp(&rsa_encrypt(key, &m).unwrap(), key.size())
    }

    fn raw_decrypt(key: &PrivateKey, c: &[u8]) -> Vec<u8> {
        let c = BoxedUint::from_be_slice(c, key.n_bits_precision()).unwrap();
        i2osp(
            &rsa_decrypt_and_check::<StdRng>(key, None, &c).unwrap(),
            key.size(),
        )
    }

    /// pkcs-1v2-1 `oaep-int.txt`: 1024-bit modulus, SHA-1/MGF1-SHA-1, empty label.
    #[test]
    fn oaep_int_worked_example() {
        let msg = unhex("d4 36 e9 95 69 fd 32 a7 c8 a0 5b bc 90 d3 2c 49");
        let seed = unhex("aa fd 12 f6 59 ca e6 34 89 b4 79 e5 07 6d de c2 f0 6c b5 8f");
        let expected = unhex(
            "00 eb 7a 19 ac e9 e3 00 63 50 e3 29 50 4b 45 e2
             ca 82 31 0b 26 dc d8 7d 5c 68 f1 ee a8 f5 52 67
             c3 1b 2e 8b b4 25 1f 84 d7 e0 b2 c0 46 26 f5 af
             f9 3e dc fb 25 c9 c2 b3 ff 8a e1 0e 83 9a 2d db
             4c dc fe 4f f4 77 28 b4 a1 b7 c1 36 2b aa d2 9a
             b4 8d 28 69 d5 02 41 21 43 58 11 59 1b e3 92 f9
             82 fb 3e 87 d0 95 ae b4 04 48 db 97 2f 3a c1 4f
             7b c2 75 19 52 81 ce 32 d2 f1 b7 6d 4d 35 3e 2d",
        );
        let mut em = [0u8; 128];
        eme_oaep_encode_with_seed::<Sha1, Sha1>(&msg, b"", &seed, &mut em).unwrap();
        assert_eq!(&em[..], &expected[..]);
        let len = eme_oaep_decode::<Sha1, Sha1>(&mut em, b"").unwrap();
        assert_eq!(&em[128 - len..], &msg[..]);
    }

    fn key(bits: usize) -> PrivateKey {
        PrivateKey::new(&mut StdRng::from_seed([bits as u8; 32]), bits).unwrap()
    }

    /// Same generator ⇒ same ciphertext as `rsa` 0.10, and both decoders agree,
    /// with labels and a separate MGF hash.
    #[test]
    fn matches_rsa() {
        for k_bits in [1024usize, 1031] {
            let key = key(k_bits);
            let public = key.to_public_key();
            let k = key.size();
            for (i, len) in [0usize, 1, 17, k - 2 * 32 - 2].into_iter().enumerate() {
                let msg: Vec<u8> = (0..len).map(|j| (j * 7 + i) as u8).collect();
                let seed = [i as u8 + 40; 32];

                // SHA-256 / MGF1-SHA-1 with a label.
                let c = public
                    .encrypt(
                        &mut StdRng::from_seed(seed),
                        Oaep::<Sha256, Sha1>::new_with_mgf_hash_and_label(b"label".as_slice()),
                        &msg,
                    )
                    .unwrap();
                let mut em = vec![0u8; k];
                eme_oaep_encode::<Sha256, Sha1, _>(
                    &mut StdRng::from_seed(seed),
                    &msg,
                    b"label",
                    &mut em,
                )
                .unwrap();
                assert_eq!(raw_encrypt(&key, &em), c);
                let mut em = raw_decrypt(&key, &c);
                let m_len = eme_oaep_decode::<Sha256, Sha1>(&mut em, b"label").unwrap();
                assert_eq!(&em[k - m_len..], &msg[..]);
                let mut em = raw_decrypt(&key, &c);
                assert_eq!(
                    eme_oaep_decode::<Sha256, Sha1>(&mut em, b"other"),
                    Err(Error::Decryption)
                );
                assert!(em.iter().all(|&b| b == 0));
                let mut em = raw_decrypt(&key, &c);
                assert_eq!(
                    eme_oaep_decode::<Sha256, Sha256>(&mut em, b"label"),
                    Err(Error::Decryption)
                );

                // SHA-256 throughout, no label; rsa decrypts ours.
                let mut em = vec![0u8; k];
                eme_oaep_encode::<Sha256, Sha256, _>(
                    &mut StdRng::from_seed(seed),
                    &msg,
                    b"",
                    &mut em,
                )
                .unwrap();
                let c = raw_encrypt(&key, &em);
                assert_eq!(key.decrypt(Oaep::<Sha256>::new(), &c).unwrap(), msg);
            }
            // Random ciphertexts: both reject (overwhelmingly likely invalid).
            let mut rng = StdRng::from_seed([3; 32]);
            for _ in 0..8 {
                let mut c = vec![0u8; k];
                rand_core::Rng::fill_bytes(&mut rng, &mut c);
                c[0] = 0;
                let mut em = raw_decrypt(&key, &c);
                assert_eq!(
                    eme_oaep_decode::<Sha256, Sha256>(&mut em, b""),
                    Err(Error::Decryption)
                );
                assert!(key.decrypt(Oaep::<Sha256>::new(), &c).is_err());
            }
        }
    }

    /// Hand-built DBs: every structural defect is the same error.
    #[test]
    fn decode_structure() {
        const K: usize = 100;
        let h = 32;
        let l_hash = Sha256::digest(b"L");
        // Build an unmasked EM, then apply the masks with the same seed so
        // decoding sees exactly `db`.
        let mask = |y: u8, db: &[u8]| {
            let mut em = vec![0u8; K];
            em[0] = y;
            em[1..1 + h].copy_from_slice(&[0x5c; 32]);
            em[1 + h..].copy_from_slice(db);
            let (_, rest) = em.split_at_mut(1);
            let (seed, mdb) = rest.split_at_mut(h);
            mgf1_xor::<Sha256>(mdb, seed).unwrap();
            mgf1_xor::<Sha256>(seed, mdb).unwrap();
            em
        };
        let db_len = K - 1 - h;
        for sep in h..=db_len {
            for (y, pad_byte, hash_ok) in
                [(0u8, 0u8, true), (1, 0, true), (0, 2, true), (0, 0, false)]
            {
                let mut db = vec![0x99u8; db_len];
                db[..h].copy_from_slice(&l_hash);
                if !hash_ok {
                    db[5] ^= 1;
                }
                db[h..sep.min(db_len)].fill(0);
                if sep > h + 1 {
                    db[h] = pad_byte;
                }
                if sep < db_len {
                    db[sep] = 0x01;
                }
                let valid = hash_ok && sep < db_len && (pad_byte == 0 || sep <= h + 1);
                // The default ignores Y (CFRG guidance); strict requires Y = 0.
                for strict in [false, true] {
                    let valid = valid && (!strict || y == 0);
                    let mut em = mask(y, &db);
                    let got = if strict {
                        eme_oaep_decode_strict::<Sha256, Sha256>(&mut em, b"L")
                    } else {
                        eme_oaep_decode::<Sha256, Sha256>(&mut em, b"L")
                    };
                    if valid {
                        let m_len = db_len - sep - 1;
                        assert_eq!(got, Ok(m_len), "{sep} {y} {pad_byte} {hash_ok} {strict}");
                        assert!(em[K - m_len..].iter().all(|&b| b == 0x99));
                    } else {
                        assert_eq!(
                            got,
                            Err(Error::Decryption),
                            "{sep} {y} {pad_byte} {hash_ok} {strict}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn length_errors() {
        // SHA-512: 2·64 + 2 = 130 octets minimum.
        for k in 0..130 {
            let mut em = vec![0u8; k];
            assert_eq!(
                eme_oaep_decode::<Sha512, Sha512>(&mut em, b""),
                Err(Error::Decryption)
            );
            assert_eq!(
                eme_oaep_encode_with_seed::<Sha512, Sha512>(b"", b"", &[0; 64], &mut em),
                Err(Error::MessageTooLong)
            );
        }
        let mut em = vec![0u8; 130];
        eme_oaep_encode_with_seed::<Sha512, Sha512>(b"", b"", &[0; 64], &mut em).unwrap();
        assert_eq!(eme_oaep_decode::<Sha512, Sha512>(&mut em, b""), Ok(0));
        assert_eq!(
            eme_oaep_encode_with_seed::<Sha512, Sha512>(b"x", b"", &[0; 64], &mut em),
            Err(Error::MessageTooLong)
        );
        assert_eq!(
            eme_oaep_encode_with_seed::<Sha512, Sha512>(b"", b"", &[0; 63], &mut em),
            Err(Error::InvalidArguments)
        );
    }
}
