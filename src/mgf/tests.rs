extern crate std;

use super::*;
use crate::test_support::{vector, OAEP_INT, PSS_INT};
use sha1::Sha1;
use sha2::{Sha256, Sha512};

/// [`hash_parts`] is the digest of the concatenation.
#[test]
fn hash_parts_is_the_digest_of_the_concatenation() {
    let mut out = Output::<Sha512>::default();
    hash_parts::<Sha512>(&[b"ab", b"", b"cde"], &mut out);
    assert_eq!(out, Sha512::digest(b"abcde"));
    hash_parts::<Sha512>(&[], &mut out);
    assert_eq!(out, Sha512::digest(b""));
}

/// pkcs-1v2-1 `pss-int.txt`: dbMask = MGF1-SHA1(H, 107).
#[test]
fn pss_int_db_mask() {
    let h = vector(PSS_INT, "H");
    let expected = vector(PSS_INT, "dbMask");
    let mut out = [0u8; 107];
    mgf1_xor::<Sha1>(&mut out, &h).unwrap();
    assert_eq!(&out[..], &expected[..]);
}

/// pkcs-1v2-1 `oaep-int.txt`: dbMask = MGF1-SHA1(seed, 107) and
/// seedMask = MGF1-SHA1(maskedDB, 20).
#[test]
fn oaep_int_masks() {
    let seed = vector(OAEP_INT, "seed");
    let db_mask = vector(OAEP_INT, "dbMask");
    let masked_db = vector(OAEP_INT, "maskedDB");
    let seed_mask = vector(OAEP_INT, "seedMask");

    let mut out = [0u8; 107];
    mgf1_xor::<Sha1>(&mut out, &seed).unwrap();
    assert_eq!(&out[..], &db_mask[..]);

    let mut out = [0u8; 20];
    mgf1_xor::<Sha1>(&mut out, &masked_db).unwrap();
    assert_eq!(&out[..], &seed_mask[..]);
}

/// MGF1 is a prefix-stable XOR: lengths across block boundaries agree with
/// the direct `Hash(seed || counter)` definition, and applying it twice is
/// the identity.
#[test]
fn definition_and_involution() {
    let seed = b"mgf1 seed";
    for len in [0usize, 1, 31, 32, 33, 64, 65, 200] {
        let mut out = std::vec![0u8; len];
        mgf1_xor::<Sha256>(&mut out, seed).unwrap();
        let mut expected = std::vec::Vec::new();
        let mut c = 0u32;
        while expected.len() < len {
            expected.extend_from_slice(
                &Sha256::new()
                    .chain_update(seed)
                    .chain_update(c.to_be_bytes())
                    .finalize(),
            );
            c += 1;
        }
        expected.truncate(len);
        assert_eq!(out, expected);

        let mut buf: std::vec::Vec<u8> = (0..len).map(|i| i as u8).collect();
        let orig = buf.clone();
        mgf1_xor::<Sha512>(&mut buf, seed).unwrap();
        mgf1_xor::<Sha512>(&mut buf, seed).unwrap();
        assert_eq!(buf, orig);
    }
}
