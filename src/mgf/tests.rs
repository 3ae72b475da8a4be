extern crate std;

use super::*;
use crate::test_support::unhex;
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
    let h = unhex("df 1a 89 6f 9d 8b c8 16 d9 7c d7 a2 c4 3b ad 54 6f be 8c fe");
    let expected = unhex(
        "66 e4 67 2e 83 6a d1 21 ba 24 4b ed 65 76 b8 67
         d9 a4 47 c2 8a 6e 66 a5 b8 7d ee 7f bc 7e 65 af
         50 57 f8 6f ae 89 84 d9 ba 7f 96 9a d6 fe 02 a4
         d7 5f 74 45 fe fd d8 5b 6d 3a 47 7c 28 d2 4b a1
         e3 75 6f 79 2d d1 dc e8 ca 94 44 0e cb 52 79 ec
         d3 18 3a 31 1f c8 97 39 a9 66 43 13 6e 8b 0f 46
         5e 87 a4 53 5c d4 c5 9b 10 02 8d",
    );
    let mut out = [0u8; 107];
    mgf1_xor::<Sha1>(&mut out, &h).unwrap();
    assert_eq!(&out[..], &expected[..]);
}

/// pkcs-1v2-1 `oaep-int.txt`: dbMask = MGF1-SHA1(seed, 107) and
/// seedMask = MGF1-SHA1(maskedDB, 20).
#[test]
fn oaep_int_masks() {
    let seed = unhex("aa fd 12 f6 59 ca e6 34 89 b4 79 e5 07 6d de c2 f0 6c b5 8f");
    let db_mask = unhex(
        "06 e1 de b2 36 9a a5 a5 c7 07 d8 2c 8e 4e 93 24
         8a c7 83 de e0 b2 c0 46 26 f5 af f9 3e dc fb 25
         c9 c2 b3 ff 8a e1 0e 83 9a 2d db 4c dc fe 4f f4
         77 28 b4 a1 b7 c1 36 2b aa d2 9a b4 8d 28 69 d5
         02 41 21 43 58 11 59 1b e3 92 f9 82 fb 3e 87 d0
         95 ae b4 04 48 db 97 2f 3a c1 4e af f4 9c 8c 3b
         7c fc 95 1a 51 ec d1 dd e6 12 64",
    );
    let masked_db = unhex(
        "dc d8 7d 5c 68 f1 ee a8 f5 52 67 c3 1b 2e 8b b4
         25 1f 84 d7 e0 b2 c0 46 26 f5 af f9 3e dc fb 25
         c9 c2 b3 ff 8a e1 0e 83 9a 2d db 4c dc fe 4f f4
         77 28 b4 a1 b7 c1 36 2b aa d2 9a b4 8d 28 69 d5
         02 41 21 43 58 11 59 1b e3 92 f9 82 fb 3e 87 d0
         95 ae b4 04 48 db 97 2f 3a c1 4f 7b c2 75 19 52
         81 ce 32 d2 f1 b7 6d 4d 35 3e 2d",
    );
    let seed_mask = unhex("41 87 0b 5a b0 29 e6 57 d9 57 50 b5 4c 28 3c 08 72 5d be a9");

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
