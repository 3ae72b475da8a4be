//! Policies where this crate chose, and which layer follows which choice:
//!
//! * OAEP's first octet `Y`: both layers ignore it by default, as `rsa` 0.10
//!   and draft-irtf-cfrg-rsa-guidance §7 (Wycheproof's "First byte is 1"
//!   cases decrypt); `oaep::decrypt_strict_into` / `eme_oaep_decode_strict`
//!   reject it as RFC 8017 §7.1.2 step 3.g states.
//! * `rsaEncryption` in SPKI and PKCS#8 without its NULL parameters: rejected
//!   by both layers (RFC 3279 §2.3.1).
//! * A PEM labelled `RSA PRIVATE KEY` whose body is PKCS#8: rejected by both
//!   layers' PKCS#1 decoders.
//! * Key sizes: the heap keys accept what `rsa` 0.10 accepts (public keys up
//!   to 8192 bits by default; private keys of any size); a fixed-capacity key
//!   larger than its capacity is `ModulusTooLarge` / PKCS#8 "key too long".

use rsa_cortex_m::pkcs1::DecodeRsaPrivateKey;
use rsa_cortex_m::pkcs8::der::{Decode, Encode};
use rsa_cortex_m::pkcs8::{DecodePrivateKey, KeyError};
use rsa_cortex_m::spki::{AlgorithmIdentifierRef, DecodePublicKey, SubjectPublicKeyInfoRef};
use rsa_cortex_m::{
    oaep, BoundedPrivateKey, BoundedPublicKey, Error, Max2048, Max4096, Oaep, PrivateKey, PublicKey,
};
use serde_json::Value;
use sha2::Sha256;

fn data(path: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn oaep_first_octet_default_ignores_strict_rejects() {
    let file: Value = serde_json::from_slice(&data(
        "wycheproof/testvectors_v1/rsa_oaep_2048_sha256_mgf1sha256_test.json",
    ))
    .unwrap();
    let mut cases = 0;
    for g in file["testGroups"].as_array().unwrap() {
        let der = hex::decode(g["privateKeyPkcs8"].as_str().unwrap()).unwrap();
        let heap = PrivateKey::from_pkcs8_der(&der).unwrap();
        let bounded = BoundedPrivateKey::<Max2048>::from_pkcs8_der(&der).unwrap();
        for t in g["tests"].as_array().unwrap() {
            if t["comment"] != "First byte is 1" {
                continue;
            }
            cases += 1;
            let hx = |k: &str| hex::decode(t[k].as_str().unwrap()).unwrap();
            let (ct, msg, label) = (hx("ct"), hx("msg"), hx("label"));
            // Default, both layers: Y ignored, the message comes out.
            let padding = Oaep::<Sha256>::new_with_label(label.clone());
            assert_eq!(heap.decrypt(padding, &ct).unwrap(), msg);
            let mut out = [0u8; 256];
            let len =
                oaep::decrypt_into::<_, Sha256, Sha256>(&bounded, &ct, &label, &mut out).unwrap();
            assert_eq!(&out[..len], &msg[..]);
            // Strict, both layers: a decryption error.
            for result in [
                oaep::decrypt_strict_into::<_, Sha256, Sha256>(&heap, &ct, &label, &mut out),
                oaep::decrypt_strict_into::<_, Sha256, Sha256>(&bounded, &ct, &label, &mut out),
            ] {
                assert_eq!(result, Err(Error::Decryption));
            }
            // And a valid ciphertext passes the strict check.
            let valid = Oaep::<Sha256>::new_with_label(label.clone());
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::from_seed([9; 32]);
            let ct = heap.to_public_key().encrypt(&mut rng, valid, &msg).unwrap();
            let len = oaep::decrypt_strict_into::<_, Sha256, Sha256>(&heap, &ct, &label, &mut out)
                .unwrap();
            assert_eq!(&out[..len], &msg[..]);
        }
    }
    assert!(cases > 0, "no 'First byte is 1' case found");
}

/// The fixture's SPKI with the `rsaEncryption` parameters removed.
fn spki_without_null(der: &[u8]) -> Vec<u8> {
    let spki = SubjectPublicKeyInfoRef::from_der(der).unwrap();
    let stripped = SubjectPublicKeyInfoRef {
        algorithm: AlgorithmIdentifierRef {
            oid: spki.algorithm.oid,
            parameters: None,
        },
        subject_public_key: spki.subject_public_key,
    };
    stripped.to_der().unwrap()
}

#[test]
fn rsa_encryption_without_null_parameters_is_rejected() {
    let der = data("fixtures/rsa2048/public.spki.der");
    assert!(PublicKey::from_public_key_der(&der).is_ok());
    assert!(BoundedPublicKey::<Max2048>::from_public_key_der(&der).is_ok());
    let stripped = spki_without_null(&der);
    assert_ne!(stripped, der);
    assert!(PublicKey::from_public_key_der(&stripped).is_err());
    assert!(BoundedPublicKey::<Max2048>::from_public_key_der(&stripped).is_err());

    // PKCS#8 likewise.
    let der = data("fixtures/rsa2048/private.pkcs8.der");
    let info = rsa_cortex_m::pkcs8::PrivateKeyInfoRef::from_der(&der).unwrap();
    let mut stripped = info.clone();
    stripped.algorithm.parameters = None;
    let stripped = stripped.to_der().unwrap();
    assert_ne!(stripped, der);
    assert!(PrivateKey::from_pkcs8_der(&stripped).is_err());
    assert!(BoundedPrivateKey::<Max2048>::from_pkcs8_der(&stripped).is_err());
}

#[test]
fn pkcs8_body_under_rsa_private_key_label_is_rejected() {
    let pem = String::from_utf8(data("fixtures/rsa2048/private.pkcs8.pem")).unwrap();
    assert!(pem.contains("-----BEGIN PRIVATE KEY-----"));
    let relabelled = pem.replace(" PRIVATE KEY-----", " RSA PRIVATE KEY-----");
    assert!(PrivateKey::from_pkcs1_pem(&relabelled).is_err());
    assert!(BoundedPrivateKey::<Max2048>::from_pkcs1_pem(&relabelled).is_err());
    // The genuine PKCS#1 PEM loads.
    let pkcs1 = String::from_utf8(data("fixtures/rsa2048/private.pkcs1.pem")).unwrap();
    assert!(PrivateKey::from_pkcs1_pem(&pkcs1).is_ok());
}

#[test]
fn size_limits_are_named() {
    let der = data("fixtures/rsa4096/private.pkcs8.der");
    // The heap key takes it, as rsa.
    assert!(PrivateKey::from_pkcs8_der(&der).is_ok());
    // A fixed capacity too small says so.
    assert_eq!(
        BoundedPrivateKey::<Max2048>::from_pkcs8_der(&der).unwrap_err(),
        rsa_cortex_m::pkcs8::Error::KeyMalformed(KeyError::TooLong)
    );
    assert!(BoundedPrivateKey::<Max4096>::from_pkcs8_der(&der).is_ok());
    let spki = data("fixtures/rsa4096/public.spki.der");
    let public = PublicKey::from_public_key_der(&spki).unwrap();
    assert_eq!(
        BoundedPublicKey::<Max2048>::try_from(&public).unwrap_err(),
        Error::ModulusTooLarge
    );
}

/// The no-heap decryption functions take an output buffer of at least `k`
/// bytes; a shorter one is the caller's mistake (`InvalidArguments`), not
/// an invalid ciphertext (`Decryption`), and a wrong-length ciphertext is
/// `Decryption`.
#[test]
fn short_output_buffer_is_invalid_arguments() {
    let dir = "fixtures/rsa2048";
    let key =
        BoundedPrivateKey::<Max2048>::from_pkcs8_der(&data(&format!("{dir}/private.pkcs8.der")))
            .unwrap();
    let pkcs = data(&format!("{dir}/ct.pkcs1v15.bin"));
    let oaep_ct = data(&format!("{dir}/ct.oaep.sha256.bin"));
    let plaintext = data(&format!("{dir}/plaintext.bin"));
    let mut short = vec![0u8; 255];
    assert_eq!(
        rsa_cortex_m::pkcs1v15::decrypt_into(&key, &pkcs, &mut short),
        Err(Error::InvalidArguments)
    );
    assert_eq!(
        oaep::decrypt_into::<_, Sha256, Sha256>(&key, &oaep_ct, b"", &mut short),
        Err(Error::InvalidArguments)
    );
    let mut out = vec![0u8; 256];
    assert_eq!(
        rsa_cortex_m::pkcs1v15::decrypt_into(&key, &pkcs[1..], &mut out),
        Err(Error::Decryption)
    );
    let len = oaep::decrypt_into::<_, Sha256, Sha256>(&key, &oaep_ct, b"", &mut out).unwrap();
    assert_eq!(&out[..len], &plaintext[..]);
}
