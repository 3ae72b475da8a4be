extern crate std;

use super::*;
use crate::test_support::unhex;
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
    fn check<D: Digest + AssociatedOid>(expected: &str) {
        assert_eq!(
            DigestInfoPrefix::new::<D>().as_bytes(),
            &unhex(expected)[..]
        );
    }
    check::<Sha1>("3021300906052b0e03021a05000414");
    check::<Sha224>("302d300d06096086480165030402040500041c");
    check::<Sha256>("3031300d060960864801650304020105000420");
    check::<Sha384>("3041300d060960864801650304020205000430");
    check::<Sha512>("3051300d060960864801650304020305000440");
    check::<Sha512_224>("302d300d06096086480165030402050500041c");
    check::<Sha512_256>("3031300d060960864801650304020605000420");
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
    let mut em = [0x77u8; 64];
    assert_eq!(
        eme_pkcs1v15_encode(&mut crate::test_support::ZeroRng, b"hi", &mut em),
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

/// Runs the cases of a `tests/data/rsa-guidance` CSV file (a header line,
/// then `id,valid,ciphertext,plaintext`); returns how many ran.
fn check_vectors(key: &PrivateKey, cases: &str) -> usize {
    let k = key.size();
    let d = d_bytes(key);
    let mut n = 0;
    for line in cases.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let [id, valid, c_hex, expected_hex] = fields[..] else {
            panic!("bad vector line: {line}");
        };
        let valid: bool = valid.parse().unwrap();
        n += 1;
        let c = unhex(c_hex);
        assert_eq!(c.len(), k, "{id}");
        let mut em = raw_decrypt(key, &c);
        assert_eq!(eme_pkcs1v15_decode(&em).is_ok(), valid, "{id}");
        let kdk = KeyDerivationKey::derive(&d, &c).unwrap();
        let len = eme_pkcs1v15_decode_implicit(&mut em, &kdk).unwrap();
        assert_eq!(hex::encode(&em[k - len..]), expected_hex, "{id}");
    }
    n
}

/// Published implicit-rejection vectors, 2048-bit key.
#[test]
fn draft_vectors_b1() {
    assert_eq!(check_vectors(&key2048(), B1_CASES), 12);
}

/// Published implicit-rejection vectors, 2049-bit key (k = 257, and `d`
/// given in a wider, limb-aligned encoding).
#[test]
fn draft_vectors_b2() {
    let key = key2049();
    assert!(d_bytes(&key).len() > key.size());
    assert_eq!(check_vectors(&key, B2_CASES), 12);
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
const B1_KEY: &str = include_str!("../../../tests/data/rsa-guidance/k2048.pem");
/// (id, valid padding, ciphertext, expected plaintext) from Appendix B.1.
const B1_CASES: &str = include_str!("../../../tests/data/rsa-guidance/b1_k2048.csv");
/// draft-irtf-cfrg-rsa-guidance-10 Appendix B.2: key `k2049.pem`.
const B2_KEY: &str = include_str!("../../../tests/data/rsa-guidance/k2049.pem");
/// (id, valid padding, ciphertext, expected plaintext) from Appendix B.2.
const B2_CASES: &str = include_str!("../../../tests/data/rsa-guidance/b2_k2049.csv");
