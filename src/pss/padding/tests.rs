extern crate std;

use super::*;
use crate::test_support::{unhex, vector, PSS_INT};
use rand::{rngs::StdRng, SeedableRng};
use rsa::{hazmat::rsa_encrypt, traits::PublicKeyParts, BoxedUint, PrivateKey, Pss, PublicKey};
use sha1::Sha1;
use sha2::{Sha256, Sha384, Sha512};
use std::{vec, vec::Vec};

/// `I2OSP(s^e mod n, em_len)` via `rsa` 0.10.
fn rsavp1(key: &PublicKey, s: &[u8], em_len: usize) -> Vec<u8> {
    let s = BoxedUint::from_be_slice(s, key.n_bits_precision()).unwrap();
    let m = rsa_encrypt(key, &s).unwrap().to_be_bytes();
    let excess = m.len() - em_len;
    assert!(m[..excess].iter().all(|&b| b == 0));
    m[excess..].to_vec()
}

fn public(n: &str, e: &str) -> PublicKey {
    let n = unhex(n);
    let bits = (n.len() as u32 * 8).next_multiple_of(64);
    PublicKey::new(
        BoxedUint::from_be_slice(&n, bits).unwrap(),
        BoxedUint::from_be_slice(&unhex(e), bits).unwrap(),
    )
    .unwrap()
}

/// pkcs-1v2-1 `pss-int.txt` (1024-bit modulus, emBits = 1023, SHA-1).
#[test]
fn pss_int_worked_example() {
    let m_hash = vector(PSS_INT, "mHash");
    let salt = vector(PSS_INT, "salt");
    let expected = vector(PSS_INT, "EM");
    let mut em = [0u8; 128];
    emsa_pss_encode::<Sha1>(&m_hash, 1023, &salt, &mut em).unwrap();
    assert_eq!(&em[..], &expected[..]);
    for s_len in [Some(20), None] {
        let mut em = expected.clone();
        emsa_pss_verify::<Sha1>(&m_hash, &mut em, 1023, s_len).unwrap();
    }
    let mut em = expected.clone();
    assert_eq!(
        emsa_pss_verify::<Sha1>(&m_hash, &mut em, 1023, Some(19)),
        Err(Error::Verification)
    );
}

/// pkcs-1v2-1 `pss-vect.txt` Examples 2.1 (1025-bit: emLen = k − 1) and
/// 3.1 (1026-bit: emLen = k, six leftmost bits cleared), checked through
/// the published signatures.
#[test]
fn pss_vect_odd_moduli() {
    let ex2_n = "01 d4 0c 1b cf 97 a6 8a e7 cd bd 8a 7b f3 e3 4f
        a1 9d cc a4 ef 75 a4 74 54 37 5f 94 51 4d 88 fe
        d0 06 fb 82 9f 84 19 ff 87 d6 31 5d a6 8a 1f f3
        a0 93 8e 9a bb 34 64 01 1c 30 3a d9 91 99 cf 0c
        7c 7a 8b 47 7d ce 82 9e 88 44 f6 25 b1 15 e5 e9
        c4 a5 9c f8 f8 11 3b 68 34 33 6a 2f d2 68 9b 47
        2c bb 5e 5c ab e6 74 35 0c 59 b6 c1 7e 17 68 74
        fb 42 f8 fc 3d 17 6a 01 7e dc 61 fd 32 6c 4b 33
        c9";
    let ex2_m = "da ba 03 20 66 26 3f ae db 65 98 48 11 52 78 a5
        2c 44 fa a3 a7 6f 37 51 5e d3 36 32 10 72 c4 0a
        9d 9b 53 bc 05 01 40 78 ad f5 20 87 51 46 aa e7
        0f f0 60 22 6d cb 7b 1f 1f c2 7e 93 60";
    let ex2_salt = "57 bf 16 0b cb 02 bb 1d c7 28 0c f0 45 85 30 b7 d2 83 2f f7";
    let ex2_s = "01 4c 5b a5 33 83 28 cc c6 e7 a9 0b f1 c0 ab 3f
        d6 06 ff 47 96 d3 c1 2e 4b 63 9e d9 13 6a 5f ec
        6c 16 d8 88 4b dd 99 cf dc 52 14 56 b0 74 2b 73
        68 68 cf 90 de 09 9a db 8d 5f fd 1d ef f3 9b a4
        00 7a b7 46 ce fd b2 2d 7d f0 e2 25 f5 46 27 dc
        65 46 61 31 72 1b 90 af 44 53 63 a8 35 8b 9f 60
        76 42 f7 8f ab 0a b0 f4 3b 71 68 d6 4b ae 70 d8
        82 78 48 d8 ef 1e 42 1c 57 54 dd f4 2c 25 89 b5
        b3";
    let ex3_n = "02 f2 46 ef 45 1e d3 ee bb 9a 31 02 00 cc 25 85
        9c 04 8e 4b e7 98 30 29 91 11 2e b6 8c e6 db 67
        4e 28 0d a2 1f ed ed 1a e7 48 80 ca 52 2b 18 db
        24 93 85 01 28 27 c5 15 f0 e4 66 a1 ff a6 91 d9
        81 70 57 4e 9d 0e ad b0 87 58 6c a4 89 33 da 3c
        c9 53 d9 5b d0 ed 50 de 10 dd cb 67 36 10 7d 6c
        83 1c 7f 66 3e 83 3c a4 c0 97 e7 00 ce 0f b9 45
        f8 8f b8 5f e8 e5 a7 73 17 25 65 b9 14 a4 71 a4
        43";
    let ex3_m = "59 4b 37 33 3b bb 2c 84 52 4a 87 c1 a0 1f 75 fc
        ec 0e 32 56 f1 08 e3 8d ca 36 d7 0d 00 57";
    let ex3_salt = "f3 1a d6 c8 cf 89 df 78 ed 77 fe ac bc c2 f8 b0 a8 e4 cf aa";
    let ex3_s = "00 88 b1 35 fb 17 94 b6 b9 6c 4a 3e 67 81 97 f8
        ca c5 2b 64 b2 fe 90 7d 6f 27 de 76 11 24 96 4a
        99 a0 1a 88 27 40 ec fa ed 6c 01 a4 74 64 bb 05
        18 23 13 c0 13 38 a8 cd 09 72 14 cd 68 ca 10 3b
        d5 7d 3b c9 e8 16 21 3e 61 d7 84 f1 82 46 7a bf
        8a 01 cf 25 3e 99 a1 56 ea a8 e3 e1 f9 0e 3c 6e
        4e 3a a2 d8 3e d0 34 5b 89 fa fc 9c 26 07 7c 14
        b6 ac 51 45 4f a2 6e 44 6e 3a 2f 15 3b 2b 16 79
        7f";
    for (n, m, salt, s, em_bits) in [
        (ex2_n, ex2_m, ex2_salt, ex2_s, 1024usize),
        (ex3_n, ex3_m, ex3_salt, ex3_s, 1025),
    ] {
        let key = public(n, "01 00 01");
        assert_eq!(key.n().bit_width() as usize, em_bits + 1);
        let em_len = em_bits.div_ceil(8);
        let expected = rsavp1(&key, &unhex(s), em_len);
        let m_hash = Sha1::digest(unhex(m));
        let mut em = vec![0u8; em_len];
        emsa_pss_encode::<Sha1>(&m_hash, em_bits, &unhex(salt), &mut em).unwrap();
        assert_eq!(em, expected);
        for s_len in [Some(20), None] {
            let mut em = expected.clone();
            emsa_pss_verify::<Sha1>(&m_hash, &mut em, em_bits, s_len).unwrap();
        }
        // A set forbidden leftmost bit is rejected (Example 3 has six).
        let forbidden = !top_octet_mask(em_len, em_bits);
        assert_eq!(forbidden.count_ones() as usize, 8 * em_len - em_bits);
        if forbidden != 0 {
            let mut em = expected.clone();
            em[0] |= 0x80;
            assert_eq!(
                emsa_pss_verify::<Sha1>(&m_hash, &mut em, em_bits, None),
                Err(Error::Verification)
            );
        }
    }
}

/// Encodings and verdicts agree with `rsa` 0.10 for SHA-256/384/512 and
/// several salt lengths, for moduli with `modBits mod 8` = 1, 2 and 0.
#[test]
fn matches_rsa() {
    let mut keygen = StdRng::from_seed([7; 32]);
    for bits in [1025usize, 1026, 1024] {
        let key = PrivateKey::new(&mut keygen, bits).unwrap();
        let public = key.to_public_key();
        let em_bits = bits - 1;
        let em_len = em_bits.div_ceil(8);
        for (i, s_len) in [0usize, 20, 32, 48].into_iter().enumerate() {
            let seed = [i as u8 + bits as u8; 32];
            let hashed = Sha256::digest([i as u8; 3]);
            let sig = key
                .sign_with_rng(
                    &mut StdRng::from_seed(seed),
                    Pss::<Sha256>::new_with_salt(s_len),
                    &hashed,
                )
                .unwrap();
            // rsa draws the salt first from the same generator.
            let mut salt = vec![0u8; s_len];
            rand_core::Rng::fill_bytes(&mut StdRng::from_seed(seed), &mut salt);
            let mut em = vec![0u8; em_len];
            emsa_pss_encode::<Sha256>(&hashed, em_bits, &salt, &mut em).unwrap();
            assert_eq!(em, rsavp1(&public, &sig, em_len), "{bits} {s_len}");
            for (check, ok) in [(Some(s_len), true), (None, true), (Some(s_len + 1), false)] {
                let mut em2 = em.clone();
                let ours = emsa_pss_verify::<Sha256>(&hashed, &mut em2, em_bits, check).is_ok();
                let theirs = public
                    .verify(
                        Pss::<Sha256> {
                            blinded: true,
                            digest: Sha256::new(),
                            salt_len: check,
                        },
                        &hashed,
                        &sig,
                    )
                    .is_ok();
                assert_eq!(ours, ok);
                assert_eq!(ours, theirs);
            }
        }
        // Other digests, salt = hLen.
        let h384 = Sha384::digest(b"x");
        let mut em = vec![0u8; em_len];
        emsa_pss_encode::<Sha384>(&h384, em_bits, &[0x33; 48], &mut em).unwrap();
        emsa_pss_verify::<Sha384>(&h384, &mut em.clone(), em_bits, Some(48)).unwrap();
        emsa_pss_verify::<Sha384>(&h384, &mut em, em_bits, None).unwrap();
    }
}

/// Every failure path returns an error, never panics, for all short
/// lengths (mirrors rsa 0.10's `verify_rejects_short_em`).
#[test]
fn rejects_malformed() {
    let digest = Sha512::digest(b"test");
    for em_len in 0usize..140 {
        let em_bits = (em_len * 8).saturating_sub(1);
        for s_len in [None, Some(0), Some(64), Some(usize::MAX)] {
            let mut em = vec![0u8; em_len];
            if let Some(t) = em.last_mut() {
                *t = 0xbc;
            }
            assert_eq!(
                emsa_pss_verify::<Sha512>(&digest, &mut em, em_bits, s_len),
                Err(Error::Verification)
            );
        }
        let mut em = vec![0u8; em_len];
        let r = emsa_pss_encode::<Sha512>(&digest, em_bits, &[1; 64], &mut em);
        if em_len < 64 + 64 + 2 {
            assert_eq!(r, Err(Error::Internal));
        } else {
            r.unwrap();
        }
    }
    let mut em = [0u8; 128];
    assert_eq!(
        emsa_pss_encode::<Sha512>(&digest[..63], 1023, &[], &mut em),
        Err(Error::InputNotHashed)
    );
    assert_eq!(
        emsa_pss_encode::<Sha512>(&digest, 1024 + 1, &[], &mut em),
        Err(Error::InvalidArguments)
    );
    assert_eq!(
        emsa_pss_verify::<Sha512>(&digest, &mut em, 1016, None),
        Err(Error::InvalidArguments)
    );
    assert_eq!(
        emsa_pss_verify::<Sha512>(&digest[..63], &mut em, 1023, None),
        Err(Error::Verification)
    );

    // Structural defects in an otherwise valid encoding (SHA-256, salt 16).
    let h = Sha256::digest(b"m");
    let mut good = [0u8; 128];
    emsa_pss_encode::<Sha256>(&h, 1021, &[0xab; 16], &mut good).unwrap();
    assert_eq!(good[0] & 0xe0, 0);
    let mut em = good;
    emsa_pss_verify::<Sha256>(&h, &mut em, 1021, None).unwrap();
    let mut em = good;
    em[127] = 0xbd;
    assert_eq!(
        emsa_pss_verify::<Sha256>(&h, &mut em, 1021, None),
        Err(Error::Verification)
    );
    let mut em = good;
    em[0] |= 0x20;
    assert_eq!(
        emsa_pss_verify::<Sha256>(&h, &mut em, 1021, None),
        Err(Error::Verification)
    );
    let mut em = good;
    em[100] ^= 1; // inside H
    assert_eq!(
        emsa_pss_verify::<Sha256>(&h, &mut em, 1021, None),
        Err(Error::Verification)
    );
    // Corrupt DB at the separator and in the padding, then re-derive the
    // mask from the (unchanged) H so only DB's structure is wrong.
    for (pos, val) in [
        (128 - 33 - 17, 0x00u8),
        (128 - 33 - 17, 0x02),
        (3, 0x01),
        (3, 0x05),
    ] {
        let mut em = good;
        let (db, rest) = em.split_at_mut(128 - 33);
        let hh = rest[..32].to_vec();
        mgf1_xor::<Sha256>(db, &hh).unwrap();
        db[0] &= 0x1f;
        db[pos] = val;
        mgf1_xor::<Sha256>(db, &hh).unwrap();
        db[0] &= 0x1f;
        assert_eq!(
            emsa_pss_verify::<Sha256>(&h, &mut em.clone(), 1021, Some(16)),
            Err(Error::Verification),
            "{pos} {val}"
        );
        assert_eq!(
            emsa_pss_verify::<Sha256>(&h, &mut em, 1021, None),
            Err(Error::Verification),
            "{pos} {val}"
        );
    }
}
