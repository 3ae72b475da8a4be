use super::*;
use crate::pkcs8::DecodePrivateKey;
use crate::Error;
use rand::{rngs::StdRng, SeedableRng};
use sha2::Digest;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fixtures/rsa2048/");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(std::format!("{FIXTURES}{name}")).unwrap()
}

/// EMSA-PKCS1-v1_5 of SHA-256(msg) for a 256-byte modulus, written out
/// from RFC 8017 §9.2 (the DigestInfo prefix of its note 1).
fn encoded(msg: &[u8]) -> Vec<u8> {
    let prefix = hex::decode("3031300d060960864801650304020105000420").unwrap();
    let mut em = vec![0xff; 256];
    em[0] = 0;
    em[1] = 1;
    let t = 256 - prefix.len() - 32;
    em[t - 1] = 0;
    em[t..t + prefix.len()].copy_from_slice(&prefix);
    em[t + prefix.len()..].copy_from_slice(&sha2::Sha256::digest(msg));
    em
}

/// `hazmat::rsa_decrypt` (unchecked) and `rsa_decrypt_and_check`, with and
/// without blinding, on the encoded message give OpenSSL's signature.
#[test]
fn rsa_decrypt_gives_the_openssl_signature() {
    use crate::hazmat::{rsa_decrypt, rsa_decrypt_and_check};
    let key = PrivateKey::from_pkcs8_der(&fixture("private.pkcs8.der")).unwrap();
    let precision = key.n().bits_precision();
    let c = BoxedUint::from_be_slice(&encoded(&fixture("msg.bin")), precision).unwrap();
    let want = BoxedUint::from_be_slice(&fixture("sig.pkcs1v15.sha256.bin"), precision).unwrap();
    let mut rng = StdRng::from_seed([7; 32]);
    assert_eq!(rsa_decrypt(None::<&mut StdRng>, &key, &c).unwrap(), want);
    assert_eq!(rsa_decrypt(Some(&mut rng), &key, &c).unwrap(), want);
    assert_eq!(
        rsa_decrypt_and_check(&key, None::<&mut StdRng>, &c).unwrap(),
        want
    );
    assert_eq!(
        rsa_decrypt_and_check(&key, Some(&mut rng), &c).unwrap(),
        want
    );
    // c = n is not a representative.
    let n = key.n().as_ref().clone();
    assert_eq!(
        rsa_decrypt(None::<&mut StdRng>, &key, &n),
        Err(Error::Decryption)
    );
}
