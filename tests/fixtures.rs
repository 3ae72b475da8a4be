//! OpenSSL-made fixtures (`tests/data/fixtures/`, see `tests/data/PROVENANCE.md` and
//! `tests/data/fixtures/README.md`).
//!
//! Written against the RustCrypto `rsa` 0.10 API through the `imp` alias; switching to this
//! crate is ONE line:
//!
//! ```text
//! use rsa as imp;            // reference implementation (RustCrypto rsa 0.10)
//! use rsa_cortex_m as imp;   // this crate
//! ```
//!
//! * every key (1024, 2047, 2048, 2048_e3, 3071, 3072, 4096) loads from every format
//!   (PKCS#1 / PKCS#8 DER + PEM private, encrypted PKCS#8 PEM, PKCS#1 / SPKI DER + PEM public,
//!   components) and all agree;
//! * every OpenSSL signature verifies (bitflipped ones and `msg.modified.bin` fail, as do the
//!   manifest's `verify_mismatch_cases`);
//! * every OpenSSL ciphertext decrypts to `plaintext.bin` (`decrypt_mismatch_cases` fail);
//! * every file in `malformed/` gives an error (never a panic) when used as its manifest says.
//!
//! Every operation runs under `catch_unwind`: a panic is a failure.  Counts are printed
//! (`--nocapture`).

use rsa_cortex_m as imp; // one-line switch: `use rsa as imp;` validates the tests against rsa 0.10

use crypto_bigint::BoxedUint;
use imp::traits::{Decryptor, PublicKeyParts};
use imp::{oaep, pkcs1v15, pss, Oaep, Pkcs1v15Encrypt, Pkcs1v15Sign, PrivateKey, Pss, PublicKey};
use pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use pkcs8::{DecodePrivateKey, DecodePublicKey};
use serde_json::Value;
use sha2::Digest;
use signature::Verifier;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

const KEYS: [&str; 7] = [
    "rsa1024",
    "rsa2047",
    "rsa2048",
    "rsa2048_e3",
    "rsa3071",
    "rsa3072",
    "rsa4096",
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fixtures")
}

fn read(rel: &str) -> Vec<u8> {
    std::fs::read(dir().join(rel)).unwrap_or_else(|e| panic!("cannot read fixture {rel}: {e}"))
}

fn read_str(rel: &str) -> String {
    String::from_utf8(read(rel)).unwrap()
}

fn manifest(rel: &str) -> Value {
    serde_json::from_slice(&read(rel)).unwrap()
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

fn uint_hex(h: &str) -> BoxedUint {
    let h = if h.len() % 2 == 1 {
        format!("0{h}")
    } else {
        h.to_string()
    };
    BoxedUint::from_be_slice_vartime(&hex::decode(h).unwrap())
}

/// Runs `f`, converting a panic into `Err("PANIC: ...")`.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("PANIC: {msg}")
    })
}

macro_rules! with_digest {
    ($name:expr, |$D:ident| $body:expr) => {{
        match $name {
            "SHA-1" => {
                type $D = sha1::Sha1;
                Some($body)
            }
            "SHA-256" => {
                type $D = sha2::Sha256;
                Some($body)
            }
            "SHA-384" => {
                type $D = sha2::Sha384;
                Some($body)
            }
            "SHA-512" => {
                type $D = sha2::Sha512;
                Some($body)
            }
            _ => None,
        }
    }};
}

#[derive(Default)]
struct Report {
    passed: usize,
    failures: Vec<String>,
}

impl Report {
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if ok {
            self.passed += 1;
        } else {
            let w = what();
            println!("    FAIL: {w}");
            self.failures.push(w);
        }
    }

    fn finish(self, name: &str) {
        println!(
            "TOTAL {name}: {} checks passed, {} failed",
            self.passed,
            self.failures.len()
        );
        assert!(self.passed > 0);
        assert!(
            self.failures.is_empty(),
            "{name}: {} failures:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

/// Verifies `sig` over `msg`; `salt_len = None` means PKCS#1 v1.5, `Some(None)` PSS with salt
/// auto-detection, `Some(Some(n))` PSS with fixed salt length n.  Uses both the
/// `signature::Verifier` API and `PublicKey::verify`; returns (trait, key) results.
fn verify(
    key: &PublicKey,
    hash: &str,
    pss_salt: Option<Option<usize>>,
    msg: &[u8],
    sig: &[u8],
) -> Result<(bool, bool), String> {
    guarded(|| {
        with_digest!(hash, |D| match pss_salt {
            None => {
                let vk = pkcs1v15::VerifyingKey::<D>::new(key.clone());
                let a = pkcs1v15::Signature::try_from(sig)
                    .map(|s| vk.verify(msg, &s).is_ok())
                    .unwrap_or(false);
                let b = key
                    .verify(Pkcs1v15Sign::new::<D>(), &D::digest(msg), sig)
                    .is_ok();
                (a, b)
            }
            Some(slen) => {
                let vk = match slen {
                    Some(n) => pss::VerifyingKey::<D>::new_with_salt_len(key.clone(), n),
                    None => pss::VerifyingKey::<D>::new_with_auto_salt_len(key.clone()),
                };
                let a = pss::Signature::try_from(sig)
                    .map(|s| vk.verify(msg, &s).is_ok())
                    .unwrap_or(false);
                // `PublicKey::verify` with a fixed salt length; salt auto-detection is only
                // exercised through `pss::VerifyingKey::new_with_auto_salt_len`.
                let b = match slen {
                    Some(n) => key
                        .verify(Pss::<D>::new_with_salt(n), &D::digest(msg), sig)
                        .is_ok(),
                    None => a,
                };
                (a, b)
            }
        })
        .unwrap_or_else(|| panic!("unsupported hash {hash}"))
    })
}

/// Decrypts `ct`; scheme "RSAES-OAEP" (hash, label) or "RSAES-PKCS1-v1_5".  Uses both
/// `PrivateKey::decrypt` and the `DecryptingKey` / `Decryptor` API; returns both results.
type Decrypted = (Result<Vec<u8>, String>, Result<Vec<u8>, String>);

fn decrypt(
    key: &PrivateKey,
    scheme: &str,
    hash: &str,
    label: &[u8],
    ct: &[u8],
) -> Result<Decrypted, String> {
    // (generic: the `Decryptor` trait's error type may differ from `imp::Error`)
    fn e<E: std::fmt::Debug>(e: E) -> String {
        format!("{e:?}")
    }
    guarded(|| {
        if scheme == "RSAES-PKCS1-v1_5" {
            let a = key.decrypt(Pkcs1v15Encrypt, ct).map_err(e);
            let b = pkcs1v15::DecryptingKey::new(key.clone())
                .decrypt(ct)
                .map_err(e);
            return (a, b);
        }
        assert_eq!(scheme, "RSAES-OAEP");
        with_digest!(hash, |D| {
            let (p, dk) = if label.is_empty() {
                (Oaep::<D>::new(), oaep::DecryptingKey::<D>::new(key.clone()))
            } else {
                (
                    Oaep::<D>::new_with_label(label),
                    oaep::DecryptingKey::<D>::new_with_label(key.clone(), label),
                )
            };
            (key.decrypt(p, ct).map_err(e), dk.decrypt(ct).map_err(e))
        })
        .unwrap_or_else(|| panic!("unsupported hash {hash}"))
    })
}

fn same_public(a: &PublicKey, b: &PublicKey) -> bool {
    a.n_bytes() == b.n_bytes() && a.e_bytes() == b.e_bytes() && a == b
}

/// Outer `Err`: panic; inner `Err`: loader error.
type Guarded<T> = Result<Result<T, String>, String>;

struct Loaded {
    private: PrivateKey,
    public: PublicKey,
}

fn load_key(id: &str, info: &Value, r: &mut Report) -> Option<Loaded> {
    let p = |f: &str| format!("{id}/{f}");
    let err = |e: &dyn std::fmt::Debug| format!("{e:?}");
    let mut privs: Vec<(&str, Guarded<PrivateKey>)> = vec![
        (
            "private.pkcs1.der",
            guarded(|| {
                PrivateKey::from_pkcs1_der(&read(&p("private.pkcs1.der"))).map_err(|e| err(&e))
            }),
        ),
        (
            "private.pkcs1.pem",
            guarded(|| {
                PrivateKey::from_pkcs1_pem(&read_str(&p("private.pkcs1.pem"))).map_err(|e| err(&e))
            }),
        ),
        (
            "private.pkcs8.der",
            guarded(|| {
                PrivateKey::from_pkcs8_der(&read(&p("private.pkcs8.der"))).map_err(|e| err(&e))
            }),
        ),
        (
            "private.pkcs8.pem",
            guarded(|| {
                PrivateKey::from_pkcs8_pem(&read_str(&p("private.pkcs8.pem"))).map_err(|e| err(&e))
            }),
        ),
        (
            // PBES2 / PBKDF2-HMAC-SHA256 / AES-256-CBC, password "test".  Decryption is done by
            // the `pkcs8` crate (dev-dependency feature `encryption`); the key type only has to
            // implement `DecodePrivateKey`.
            "private.pkcs8.encrypted.pem",
            guarded(|| {
                PrivateKey::from_pkcs8_encrypted_pem(
                    &read_str(&p("private.pkcs8.encrypted.pem")),
                    "test",
                )
                .map_err(|e| err(&e))
            }),
        ),
    ];
    let c = &info["components_hex"];
    privs.push((
        "components",
        guarded(|| {
            PrivateKey::from_components(
                uint_hex(s(&c["n"])),
                uint_hex(s(&c["e"])),
                uint_hex(s(&c["d"])),
                vec![uint_hex(s(&c["p"])), uint_hex(s(&c["q"]))],
            )
            .map_err(|e| err(&e))
        }),
    ));
    let pubs: Vec<(&str, Guarded<PublicKey>)> = vec![
        (
            "public.pkcs1.der",
            guarded(|| {
                PublicKey::from_pkcs1_der(&read(&p("public.pkcs1.der"))).map_err(|e| err(&e))
            }),
        ),
        (
            "public.pkcs1.pem",
            guarded(|| {
                PublicKey::from_pkcs1_pem(&read_str(&p("public.pkcs1.pem"))).map_err(|e| err(&e))
            }),
        ),
        (
            "public.spki.der",
            guarded(|| {
                PublicKey::from_public_key_der(&read(&p("public.spki.der"))).map_err(|e| err(&e))
            }),
        ),
        (
            "public.spki.pem",
            guarded(|| {
                PublicKey::from_public_key_pem(&read_str(&p("public.spki.pem")))
                    .map_err(|e| err(&e))
            }),
        ),
        (
            "components",
            guarded(|| {
                PublicKey::new(uint_hex(s(&c["n"])), uint_hex(s(&c["e"]))).map_err(|e| err(&e))
            }),
        ),
    ];
    let mut private: Option<PrivateKey> = None;
    for (name, res) in privs {
        match res {
            Ok(Ok(k)) => {
                if let Some(first) = &private {
                    r.check(first == &k, || format!("{id}/{name}: private key differs"));
                } else {
                    r.check(true, String::new);
                    private = Some(k);
                }
            }
            Ok(Err(e)) | Err(e) => r.check(false, || format!("{id}/{name}: not loaded: {e}")),
        }
    }
    let private = private?;
    let public = private.to_public_key();
    let n = hex::decode(format!(
        "{:0>width$}",
        s(&c["n"]),
        width = s(&c["n"]).len().div_ceil(2) * 2
    ))
    .unwrap();
    r.check(*public.n_bytes() == *n.as_slice(), || {
        format!("{id}: modulus != manifest")
    });
    r.check(
        public.size() == info["modulus_bytes"].as_u64().unwrap() as usize,
        || format!("{id}: size() != modulus_bytes"),
    );
    for (name, res) in pubs {
        match res {
            Ok(Ok(k)) => r.check(same_public(&k, &public), || {
                format!("{id}/{name}: public key differs from the private key's")
            }),
            Ok(Err(e)) | Err(e) => r.check(false, || format!("{id}/{name}: not loaded: {e}")),
        }
    }
    Some(Loaded { private, public })
}

#[test]
fn fixtures_keys_signatures_ciphertexts() {
    check_keys("manifest.json", &KEYS);
}

/// The 8192-bit key (`gen_fixtures_8192.py`): the largest size `rsa` 0.10's
/// `PublicKey` accepts by default, in every format.
#[test]
fn fixtures_8192() {
    check_keys("manifest-8192.json", &["rsa8192"]);
}

fn check_keys(manifest_name: &str, keys: &[&str]) {
    let m = manifest(manifest_name);
    let mut r = Report::default();
    for &id in keys {
        let before = (r.passed, r.failures.len());
        let info = m["keys"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| s(&k["id"]) == id)
            .unwrap_or_else(|| panic!("key {id} not in manifest"));
        let Some(key) = load_key(id, info, &mut r) else {
            continue;
        };
        let modified = read(&format!("{id}/msg.modified.bin"));
        let plaintext = read(&format!("{id}/plaintext.bin"));
        let (mut sigs, mut cts) = (0, 0);
        for f in m["files"].as_array().unwrap() {
            if s(&f["key_id"]) != id {
                continue;
            }
            let path = s(&f["path"]);
            let expected = f["expected_valid"].as_bool().unwrap_or(true);
            match s(&f["kind"]) {
                "signature" => {
                    sigs += 1;
                    let sig = read(path);
                    let msg = read(s(&f["message_path"]));
                    let hash = s(&f["hash"]);
                    let pss = match s(&f["scheme"]) {
                        "RSASSA-PSS" => {
                            assert_eq!(s(&f["mgf1_hash"]), hash);
                            Some(Some(f["salt_len"].as_u64().unwrap() as usize))
                        }
                        _ => None,
                    };
                    let res = verify(&key.public, hash, pss, &msg, &sig);
                    r.check(res == Ok((expected, expected)), || {
                        format!("{path}: expected valid={expected}, got {res:?}")
                    });
                    if expected {
                        let res = verify(&key.public, hash, pss, &modified, &sig);
                        r.check(res == Ok((false, false)), || {
                            format!("{path}: verifies against msg.modified.bin: {res:?}")
                        });
                        if pss.is_some() {
                            let res = verify(&key.public, hash, Some(None), &msg, &sig);
                            r.check(res == Ok((true, true)), || {
                                format!("{path}: PSS salt auto-detection fails: {res:?}")
                            });
                        }
                    }
                }
                "ciphertext" => {
                    cts += 1;
                    let ct = read(path);
                    let label = hex::decode(s(&f["oaep_label_hex"])).unwrap();
                    let want = hex::decode(s(&f["expected_plaintext_hex"])).unwrap();
                    r.check(want == plaintext, || {
                        format!("{path}: manifest plaintext != plaintext.bin")
                    });
                    let res = decrypt(&key.private, s(&f["scheme"]), s(&f["hash"]), &label, &ct);
                    r.check(res == Ok((Ok(want.clone()), Ok(want.clone()))), || {
                        format!("{path}: does not decrypt to plaintext.bin: {res:?}")
                    });
                }
                _ => {}
            }
        }
        // Parameter mismatches (no extra file): must all fail.
        for case in info["verify_mismatch_cases"].as_array().unwrap() {
            let sig = read(&format!("{id}/{}", s(&case["signature"])));
            let msg = read(&format!("{id}/{}", s(&case["message"])));
            let pss = (s(&case["scheme"]) == "RSASSA-PSS")
                .then(|| Some(case["salt_len"].as_u64().unwrap() as usize));
            let res = verify(&key.public, s(&case["hash"]), pss, &msg, &sig);
            r.check(res == Ok((false, false)), || {
                format!("{id} mismatch '{}': {res:?}", s(&case["why"]))
            });
        }
        for case in info["decrypt_mismatch_cases"].as_array().unwrap() {
            let ct = read(&format!("{id}/{}", s(&case["ciphertext"])));
            let label = hex::decode(s(&case["label_hex"])).unwrap();
            let scheme = s(&case["scheme"]);
            let res = decrypt(&key.private, scheme, s(&case["hash"]), &label, &ct);
            let ok = match &res {
                // PKCS#1 v1.5 with implicit rejection: a synthetic message (never the real
                // plaintext), identical through both APIs.
                Ok((Ok(a), Ok(b))) if scheme == "RSAES-PKCS1-v1_5" => a == b && *a != plaintext,
                Ok((Err(_), Err(_))) => true,
                _ => false,
            };
            r.check(ok, || {
                format!("{id} mismatch '{}': {res:?}", s(&case["why"]))
            });
        }
        println!(
            "{id}: k = {} bytes, {sigs} signatures, {cts} ciphertexts: {} checks passed, {} failed",
            key.public.size(),
            r.passed - before.0,
            r.failures.len() - before.1
        );
    }
    r.finish("fixtures (keys, signatures, ciphertexts)");
}

/// Every malformed input must give an error (or, for signatures, a failed verification) and
/// never panic.
#[test]
fn fixtures_malformed() {
    let m = manifest("malformed/manifest.json");
    let mut r = Report::default();
    let reference_public =
        PublicKey::from_public_key_der(&read("rsa2048/public.spki.der")).unwrap();
    let reference_private = PrivateKey::from_pkcs1_der(&read("rsa2048/private.pkcs1.der")).unwrap();
    let msg = read("rsa2048/msg.bin");
    let plaintext = read("rsa2048/plaintext.bin");
    let (mut keys, mut sigs, mut cts) = (0, 0, 0);
    for f in m["files"].as_array().unwrap() {
        let path = s(&f["path"]);
        let bytes = read(path);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        match s(&f["category"]) {
            "key" => {
                keys += 1;
                let parse_as = s(&f["parse_as"]);
                // (loader name, Ok(true) = loaded, Ok(false) = error, Err = panic)
                let mut results: Vec<(&str, Result<bool, String>)> = Vec::new();
                let mut run = |name: &'static str, f: &dyn Fn() -> bool| {
                    results.push((name, guarded(f)));
                };
                match parse_as {
                    "pkcs1-private-der" => run("PrivateKey::from_pkcs1_der", &|| {
                        PrivateKey::from_pkcs1_der(&bytes).is_ok()
                    }),
                    "pkcs8-private-der" => run("PrivateKey::from_pkcs8_der", &|| {
                        PrivateKey::from_pkcs8_der(&bytes).is_ok()
                    }),
                    "spki-der" => run("PublicKey::from_public_key_der", &|| {
                        PublicKey::from_public_key_der(&bytes).is_ok()
                    }),
                    "pkcs1-public-der" => run("PublicKey::from_pkcs1_der", &|| {
                        PublicKey::from_pkcs1_der(&bytes).is_ok()
                    }),
                    "pkcs1-private-pem" => run("PrivateKey::from_pkcs1_pem", &|| {
                        PrivateKey::from_pkcs1_pem(&text).is_ok()
                    }),
                    "pkcs8-private-pem" => run("PrivateKey::from_pkcs8_pem", &|| {
                        PrivateKey::from_pkcs8_pem(&text).is_ok()
                    }),
                    "pkcs1-public-pem" => run("PublicKey::from_pkcs1_pem", &|| {
                        PublicKey::from_pkcs1_pem(&text).is_ok()
                    }),
                    "spki-pem" => run("PublicKey::from_public_key_pem", &|| {
                        PublicKey::from_public_key_pem(&text).is_ok()
                    }),
                    "any-der" => {
                        run("PrivateKey::from_pkcs1_der", &|| {
                            PrivateKey::from_pkcs1_der(&bytes).is_ok()
                        });
                        run("PrivateKey::from_pkcs8_der", &|| {
                            PrivateKey::from_pkcs8_der(&bytes).is_ok()
                        });
                        run("PublicKey::from_pkcs1_der", &|| {
                            PublicKey::from_pkcs1_der(&bytes).is_ok()
                        });
                        run("PublicKey::from_public_key_der", &|| {
                            PublicKey::from_public_key_der(&bytes).is_ok()
                        });
                    }
                    "any-private-pem" => {
                        run("PrivateKey::from_pkcs1_pem", &|| {
                            PrivateKey::from_pkcs1_pem(&text).is_ok()
                        });
                        run("PrivateKey::from_pkcs8_pem", &|| {
                            PrivateKey::from_pkcs8_pem(&text).is_ok()
                        });
                    }
                    other => panic!("{path}: unknown parse_as {other}"),
                }
                // Fixture defect (see tests/data/PROVENANCE.md): gen_fixtures.py's `pkcs8_der`
                // variable held the PKCS#1 DER when malformed/ was written, so
                // wronglabel.pkcs8-in-pkcs1-label.pem is byte-for-byte a *valid* PKCS#1 PEM of
                // rsa2048 (and truncated/trailing.private.pkcs8.der are PKCS#1 bytes given to the
                // PKCS#8 loader, which still must fail).  A correct loader must accept this one.
                // The exception only applies while the body really is rsa2048's PKCS#1 DER.
                let valid_pkcs1_pem = path.ends_with("wronglabel.pkcs8-in-pkcs1-label.pem")
                    && der::pem::decode_vec(&bytes).ok()
                        == Some(("RSA PRIVATE KEY", read("rsa2048/private.pkcs1.der")));
                if valid_pkcs1_pem {
                    println!("    note: {path} is a valid PKCS#1 PEM (fixture defect): must load");
                    let k = guarded(|| PrivateKey::from_pkcs1_pem(&text).ok());
                    r.check(k == Ok(Some(reference_private.clone())), || {
                        format!("{path}: valid PKCS#1 PEM of rsa2048 not loaded correctly")
                    });
                    continue;
                }
                for (loader, res) in results {
                    r.check(res == Ok(false), || {
                        format!(
                            "{path} ({}) via {loader}: expected an error, got {res:?}",
                            s(&f["why"])
                        )
                    });
                }
            }
            "signature" => {
                sigs += 1;
                for pss in [None, Some(Some(32))] {
                    let res = verify(&reference_public, "SHA-256", pss, &msg, &bytes);
                    r.check(res == Ok((false, false)), || {
                        format!(
                            "{path} ({}) pss={pss:?}: expected invalid, got {res:?}",
                            s(&f["why"])
                        )
                    });
                }
            }
            "ciphertext" => {
                cts += 1;
                let scheme = s(&f["scheme"]);
                if scheme.contains("RSAES-PKCS1-v1_5") {
                    let res = decrypt(&reference_private, "RSAES-PKCS1-v1_5", "", &[], &bytes);
                    // Out-of-range / wrong-length inputs must be errors.  An in-range but badly
                    // padded ciphertext (ct.zero.bin) may yield a synthetic message under
                    // implicit rejection, never the real plaintext.
                    let in_range_badly_padded = path.ends_with("ct.zero.bin");
                    let ok = match &res {
                        Ok((Err(_), Err(_))) => true,
                        Ok((Ok(a), Ok(b))) if in_range_badly_padded => a == b && *a != plaintext,
                        _ => false,
                    };
                    if in_range_badly_padded {
                        let kind = match &res {
                            Ok((Ok(_), _)) => "a synthetic message (implicit rejection)",
                            Ok((Err(_), _)) => "an error",
                            Err(_) => "a panic",
                        };
                        println!("    note: {path} PKCS#1 v1.5 decryption gave {kind}");
                    }
                    r.check(ok, || {
                        format!(
                            "{path} ({}) PKCS#1 v1.5: expected error, got {res:?}",
                            s(&f["why"])
                        )
                    });
                }
                if scheme.contains("RSAES-OAEP") {
                    let res = decrypt(&reference_private, "RSAES-OAEP", "SHA-256", &[], &bytes);
                    r.check(matches!(res, Ok((Err(_), Err(_)))), || {
                        format!(
                            "{path} ({}) OAEP: expected error, got {res:?}",
                            s(&f["why"])
                        )
                    });
                }
            }
            other => panic!("{path}: unknown category {other}"),
        }
    }
    println!("malformed: {keys} keys, {sigs} signatures, {cts} ciphertexts");
    r.finish("fixtures/malformed");
}
