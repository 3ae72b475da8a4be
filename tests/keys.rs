//! Key loading and the raw RSA primitives against independent arithmetic
//! (num-bigint) on the OpenSSL-made fixture keys.

use num_bigint::BigUint;
use rsa::traits::{PrivateKeyParts, PublicKeyParts};
use rsa_cortex_m::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey, EncodeRsaPrivateKey};
use rsa_cortex_m::pkcs8::{DecodePrivateKey, EncodePrivateKey};
use rsa_cortex_m::spki::{DecodePublicKey, EncodePublicKey};
use rsa_cortex_m::{BoundedPrivateKey, Max4096, Max8192, PrivateKey, PublicKey};

const SIZES: &[&str] = &[
    "rsa1024",
    "rsa2047",
    "rsa2048",
    "rsa2048_e3",
    "rsa3071",
    "rsa3072",
    "rsa4096",
];

fn fixture(dir: &str, name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/data/fixtures/{dir}/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn fixture_str(dir: &str, name: &str) -> String {
    String::from_utf8(fixture(dir, name)).unwrap()
}

#[test]
fn every_format_loads_and_agrees() {
    for dir in SIZES {
        let k1 = PrivateKey::from_pkcs1_der(&fixture(dir, "private.pkcs1.der")).unwrap();
        let k2 = PrivateKey::from_pkcs8_der(&fixture(dir, "private.pkcs8.der")).unwrap();
        let k3 = PrivateKey::from_pkcs1_pem(&fixture_str(dir, "private.pkcs1.pem")).unwrap();
        let k4 = PrivateKey::from_pkcs8_pem(&fixture_str(dir, "private.pkcs8.pem")).unwrap();
        assert!(k1 == k2 && k2 == k3 && k3 == k4, "{dir}");
        k1.validate().unwrap();
        let p1 = PublicKey::from_pkcs1_der(&fixture(dir, "public.pkcs1.der")).unwrap();
        let p2 = PublicKey::from_public_key_der(&fixture(dir, "public.spki.der")).unwrap();
        let p3 = PublicKey::from_pkcs1_pem(&fixture_str(dir, "public.pkcs1.pem")).unwrap();
        let p4 = PublicKey::from_public_key_pem(&fixture_str(dir, "public.spki.pem")).unwrap();
        assert!(
            p1 == p2 && p2 == p3 && p3 == p4 && &p1 == k1.as_public_key(),
            "{dir}"
        );
        // Encoding round trips byte for byte with OpenSSL's output.
        assert_eq!(
            k1.to_pkcs1_der().unwrap().as_bytes(),
            &fixture(dir, "private.pkcs1.der")[..],
            "{dir}"
        );
        assert_eq!(
            k1.to_pkcs8_der().unwrap().as_bytes(),
            &fixture(dir, "private.pkcs8.der")[..],
            "{dir}"
        );
        assert_eq!(
            p1.to_public_key_der().unwrap().as_bytes(),
            &fixture(dir, "public.spki.der")[..],
            "{dir}"
        );
    }
}

#[test]
fn raw_primitives_match_num_bigint() {
    for dir in SIZES {
        let ours = BoundedPrivateKey::<Max4096>::from_pkcs8_der(&fixture(dir, "private.pkcs8.der"))
            .unwrap();
        let theirs = rsa::PrivateKey::from_pkcs8_der(&fixture(dir, "private.pkcs8.der")).unwrap();
        let n = BigUint::from_bytes_be(&theirs.n().to_be_bytes());
        let d = BigUint::from_bytes_be(&theirs.d().to_be_bytes());
        let e = BigUint::from_bytes_be(&theirs.e().to_be_bytes());
        let k = ours.size();
        for seed in 0u32..4 {
            let x = match seed {
                0 => BigUint::from(0u32),
                1 => BigUint::from(1u32),
                2 => &n - 1u32,
                _ => BigUint::from_bytes_be(&fixture(dir, "msg.bin"))
                    .modpow(&BigUint::from(7u32), &n),
            };
            let mut input = vec![0u8; k];
            let xb = x.to_bytes_be();
            input[k - xb.len()..].copy_from_slice(&xb);
            let mut out = vec![0u8; k];
            ours.raw_private(&input, &mut out).unwrap();
            assert_eq!(
                BigUint::from_bytes_be(&out),
                x.modpow(&d, &n),
                "{dir} private"
            );
            let mut back = vec![0u8; k];
            ours.as_public_key().raw_public(&out, &mut back).unwrap();
            assert_eq!(back, input, "{dir} round trip");
            assert_eq!(
                BigUint::from_bytes_be(&back),
                BigUint::from_bytes_be(&out).modpow(&e, &n)
            );
        }
        // Representatives ≥ n are rejected.
        let mut out = vec![0u8; k];
        let mut nb = vec![0u8; k];
        ours.as_public_key().write_n_be(&mut nb).unwrap();
        assert!(ours.raw_private(&nb, &mut out).is_err());
        assert!(ours
            .as_public_key()
            .raw_public(&vec![0xff; k], &mut out)
            .is_err());
        assert!(ours.raw_private(&vec![0; k + 1], &mut out).is_err());
    }
}

#[test]
fn capacity_limits() {
    let der = fixture("rsa4096", "private.pkcs8.der");
    assert!(BoundedPrivateKey::<rsa_cortex_m::Max2048>::from_pkcs8_der(&der).is_err());
    assert!(BoundedPrivateKey::<Max8192>::from_pkcs8_der(&der).is_ok());
    let der = fixture("rsa2048", "private.pkcs8.der");
    assert!(BoundedPrivateKey::<rsa_cortex_m::Max2048>::from_pkcs8_der(&der).is_ok());
}

/// RSADP (blinded and not) and RSAEP of the heap key through
/// `hazmat`, against num-bigint.
#[cfg(feature = "hazmat")]
#[test]
fn hazmat_matches_num_bigint() {
    use rsa_cortex_m::traits::PublicKeyParts as _;
    use rsa_cortex_m::BoxedUint;
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::from_seed([3; 32]);
    for dir in SIZES {
        let heap = PrivateKey::from_pkcs8_der(&fixture(dir, "private.pkcs8.der")).unwrap();
        let theirs = rsa::PrivateKey::from_pkcs8_der(&fixture(dir, "private.pkcs8.der")).unwrap();
        let n = BigUint::from_bytes_be(&theirs.n().to_be_bytes());
        let d = BigUint::from_bytes_be(&theirs.d().to_be_bytes());
        let bits = heap.n().bits_precision();
        for seed in 0u32..4 {
            let x = match seed {
                0 => BigUint::from(0u32),
                1 => BigUint::from(1u32),
                2 => &n - 1u32,
                _ => BigUint::from_bytes_be(&fixture(dir, "msg.bin"))
                    .modpow(&BigUint::from(7u32), &n),
            };
            let c = BoxedUint::from_be_slice(&x.to_bytes_be(), bits).unwrap();
            for blind in [false, true] {
                let m = if blind {
                    rsa_cortex_m::hazmat::rsa_decrypt_and_check(&heap, Some(&mut rng), &c)
                } else {
                    rsa_cortex_m::hazmat::rsa_decrypt_and_check::<rand::rngs::StdRng>(
                        &heap, None, &c,
                    )
                }
                .unwrap();
                assert_eq!(
                    BigUint::from_bytes_be(&m.to_be_bytes()),
                    x.modpow(&d, &n),
                    "{dir} heap"
                );
                let back = rsa_cortex_m::hazmat::rsa_encrypt(&heap, &m).unwrap();
                assert_eq!(back, c, "{dir} heap round trip");
            }
        }
    }
}

/// The heap key uses an encoded `qInv` only when it is `q⁻¹ mod p`: a key
/// whose `qInv` is wrong (zero, one, `p`, `qInv + p`) loads as `rsa` loads
/// it (which always recomputes), with the right coefficient, and signs as
/// OpenSSL signed.
#[test]
fn wrong_encoded_qinv_is_recomputed_as_rsa_does() {
    use rsa_cortex_m::pkcs1::der::Encode;
    use rsa_cortex_m::pkcs1::UintRef;
    use rsa_cortex_m::Pkcs1v15Sign;
    use sha2::{Digest, Sha256};
    let der = fixture("rsa2048", "private.pkcs1.der");
    let parsed = rsa_cortex_m::pkcs1::RsaPrivateKeyRef::try_from(&der[..]).unwrap();
    let p = BigUint::from_bytes_be(parsed.prime1.as_bytes());
    let qinv = BigUint::from_bytes_be(parsed.coefficient.as_bytes());
    let good = PrivateKey::from_pkcs1_der(&der).unwrap();
    let digest = Sha256::digest(fixture("rsa2048", "msg.bin"));
    for wrong in [
        BigUint::from(0u32),
        BigUint::from(1u32),
        p.clone(),
        &qinv + &p,
    ] {
        let bytes = wrong.to_bytes_be();
        let mut key = parsed.clone();
        key.coefficient = UintRef::new(&bytes).unwrap();
        let bad_der = key.to_der().unwrap();
        let ours = PrivateKey::from_pkcs1_der(&bad_der).unwrap();
        let theirs = rsa::PrivateKey::from_pkcs1_der(&bad_der).unwrap();
        assert_eq!(
            ours.crt_coefficient().unwrap().to_be_bytes(),
            theirs.crt_coefficient().unwrap().to_be_bytes()
        );
        assert_eq!(
            BigUint::from_bytes_be(&ours.crt_coefficient().unwrap().to_be_bytes()),
            qinv
        );
        assert!(ours == good);
        assert_eq!(
            ours.sign(Pkcs1v15Sign::new::<Sha256>(), &digest).unwrap(),
            fixture("rsa2048", "sig.pkcs1v15.sha256.bin")
        );
    }
}
