//! The fault-hardened verdicts (issue 15) against Wycheproof's verdicts:
//! for every RSASSA-PKCS1-v1_5 and RSASSA-PSS vector over SHA-256 at
//! 2048–4096 bits, the encoded [`Verdict`] of the slice functions and of
//! the typed keys is [`Verdict::VALID`] exactly for the vectors Wycheproof
//! calls valid (and agrees with the `Result` functions on "acceptable"
//! ones), and every other verdict is odd (see `src/verdict.rs`).

use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{pkcs1v15, pss, BoundedPublicKey, Max4096, Verdict};
use serde_json::Value;
use sha2::{Digest, Sha256};
use signature::Verifier;

type Key = BoundedPublicKey<Max4096>;

fn load(file: &str) -> Value {
    let path = format!(
        "{}/tests/data/wycheproof/testvectors_v1/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn hx(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

/// Checks one verdict against the Wycheproof result and the `Result` path;
/// returns whether it was valid.
fn check(file: &str, t: &Value, verdict: Verdict, result_ok: bool) -> bool {
    let id = &t["tcId"];
    assert_eq!(
        verdict.is_valid(),
        result_ok,
        "{file} tc {id}: verdict vs Result"
    );
    match t["result"].as_str().unwrap() {
        "valid" => assert!(verdict.is_valid(), "{file} tc {id}: valid refused"),
        "invalid" => assert!(!verdict.is_valid(), "{file} tc {id}: invalid accepted"),
        _ => {}
    }
    if !verdict.is_valid() {
        assert_eq!(verdict.value() & 1, 1, "{file} tc {id}: even bad verdict");
        assert_ne!(verdict.value(), Verdict::VALID);
    }
    verdict.is_valid()
}

#[test]
fn pkcs1v15_verdicts_match_wycheproof() {
    let prefix = pkcs1v15::DigestInfoPrefix::new::<Sha256>();
    let (mut valid, mut invalid) = (0, 0);
    for file in [
        "rsa_signature_2048_sha256_test.json",
        "rsa_signature_3072_sha256_test.json",
        "rsa_signature_4096_sha256_test.json",
    ] {
        let data = load(file);
        for g in data["testGroups"].as_array().unwrap() {
            let Ok(key) = Key::from_public_key_der(&hx(&g["publicKeyDer"])) else {
                continue;
            };
            let vk = pkcs1v15::BoundedVerifyingKey::<Sha256, Max4096>::new(key.clone());
            for t in g["tests"].as_array().unwrap() {
                let (msg, sig) = (hx(&t["msg"]), hx(&t["sig"]));
                let digest = Sha256::digest(&msg);
                let v = pkcs1v15::verify_prehash_verdict(&key, prefix.as_bytes(), &digest, &sig);
                let r = pkcs1v15::verify_prehash(&key, prefix.as_bytes(), &digest, &sig);
                let ok = check(file, t, v, r.is_ok());
                if let Ok(s) = pkcs1v15::BoundedSignature::<Max4096>::try_from(&sig[..]) {
                    assert_eq!(vk.verify_verdict(&msg, &s), v, "{file} {}", t["tcId"]);
                    assert_eq!(vk.verify_prehash_verdict(&digest, &s), v);
                    assert_eq!(vk.verify(&msg, &s).is_ok(), ok);
                }
                if ok {
                    valid += 1;
                } else {
                    invalid += 1;
                }
            }
        }
    }
    assert!(
        valid > 10 && invalid > 100,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn pss_verdicts_match_wycheproof() {
    let (mut valid, mut invalid) = (0, 0);
    for file in [
        "rsa_pss_2048_sha256_mgf1_32_test.json",
        "rsa_pss_2048_sha256_mgf1_0_test.json",
        "rsa_pss_3072_sha256_mgf1_32_test.json",
        "rsa_pss_4096_sha256_mgf1_32_test.json",
    ] {
        let data = load(file);
        for g in data["testGroups"].as_array().unwrap() {
            let Ok(key) = Key::from_public_key_der(&hx(&g["publicKeyDer"])) else {
                continue;
            };
            let s_len = g["sLen"].as_u64().unwrap() as usize;
            let vk =
                pss::BoundedVerifyingKey::<Sha256, Max4096>::new_with_salt_len(key.clone(), s_len);
            for t in g["tests"].as_array().unwrap() {
                let (msg, sig) = (hx(&t["msg"]), hx(&t["sig"]));
                let digest = Sha256::digest(&msg);
                let v = pss::verify_prehash_verdict::<_, Sha256>(&key, &digest, &sig, Some(s_len));
                let r = pss::verify_prehash::<_, Sha256>(&key, &digest, &sig, Some(s_len));
                let ok = check(file, t, v, r.is_ok());
                // Salt-length detection agrees on the valid ones.
                let auto = pss::verify_prehash_verdict::<_, Sha256>(&key, &digest, &sig, None);
                if ok {
                    assert!(auto.is_valid(), "{file} {}", t["tcId"]);
                }
                if let Ok(s) = pss::BoundedSignature::<Max4096>::try_from(&sig[..]) {
                    assert_eq!(vk.verify_verdict(&msg, &s), v, "{file} {}", t["tcId"]);
                    assert_eq!(vk.verify_prehash_verdict(&digest, &s), v);
                    assert_eq!(vk.verify(&msg, &s).is_ok(), ok);
                }
                if ok {
                    valid += 1;
                } else {
                    invalid += 1;
                }
            }
        }
    }
    assert!(
        valid > 10 && invalid > 50,
        "{valid} valid, {invalid} invalid"
    );
}

/// The documented bootloader pattern compiles to two comparisons that both
/// see the verdict: a valid one passes both, a bad one neither.
#[test]
fn bootloader_pattern() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fixtures/rsa2048/");
    let read = |f: &str| std::fs::read(format!("{dir}{f}")).unwrap();
    let key = Key::from_public_key_der(&read("public.spki.der")).unwrap();
    let vk = pss::BoundedVerifyingKey::<Sha256, Max4096>::new(key);
    let msg = read("msg.bin");
    let boots = |sig: &[u8], msg: &[u8]| {
        let sig = pss::BoundedSignature::<Max4096>::try_from(sig).unwrap();
        let verdict = vk.verify_verdict(msg, &sig);
        if verdict.value() != Verdict::VALID {
            return false;
        }
        if verdict.value() != Verdict::VALID {
            return false;
        }
        true
    };
    assert!(boots(&read("sig.pss.sha256.salt32.bin"), &msg));
    assert!(!boots(&read("sig.pss.sha256.salt32.bitflip.bin"), &msg));
    assert!(!boots(
        &read("sig.pss.sha256.salt32.bin"),
        &read("msg.modified.bin")
    ));
}
