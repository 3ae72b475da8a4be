extern crate std;

use super::*;
use crate::test_support::{vector, OAEP_INT};
use rand::{rngs::StdRng, SeedableRng};
use rsa::{
    hazmat::{rsa_decrypt_and_check, rsa_encrypt},
    traits::PublicKeyParts,
    BoxedUint, Oaep, PrivateKey,
};
use sha1::Sha1;
use sha2::{Sha256, Sha512};
use std::{vec, vec::Vec};

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
    let msg = vector(OAEP_INT, "M");
    let seed = vector(OAEP_INT, "seed");
    let mut em = [0u8; 128];
    eme_oaep_encode_with_seed::<Sha1, Sha1>(&msg, b"", &seed, &mut em).unwrap();
    assert_eq!(&em[..], &vector(OAEP_INT, "EM")[..]);
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
            eme_oaep_encode::<Sha256, Sha256, _>(&mut StdRng::from_seed(seed), &msg, b"", &mut em)
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
        for (y, pad_byte, hash_ok) in [(0u8, 0u8, true), (1, 0, true), (0, 2, true), (0, 0, false)]
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
