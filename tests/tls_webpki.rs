//! `rsa_cortex_m::tls` against the *ring* provider of `rustls-webpki` as the
//! second implementation: the same algorithm identifiers, the same verdict
//! on every key and signature of the fixtures (valid, malformed, out of the
//! size policy), the same verdict on the OpenSSL-made certificate chains of
//! `tests/data/tls`, and signatures from [`RsaSigningKey`] that *ring*
//! verifies against the certificate's key.
#![cfg(all(feature = "rustls", feature = "getrandom"))]

use std::time::Duration;

use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::tls::{self, RsaSigningKey, SignatureVerificationAlgorithm};
use rsa_cortex_m::{pkcs1v15, pss, BoundedPrivateKey, Max4096};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, UnixTime};
use rustls::sign::SigningKey;
use rustls::SignatureScheme;
use sha2::{Digest, Sha256, Sha384, Sha512};
use webpki::{anchor_from_trusted_cert, EndEntityCert, KeyUsage};

type Alg = &'static dyn SignatureVerificationAlgorithm;

/// (ours, ring's) for every algorithm, by name.
fn pairs() -> Vec<(&'static str, Alg, Alg)> {
    use webpki::ring as r;
    vec![
        (
            "RSA_PKCS1_2048_8192_SHA256",
            tls::RSA_PKCS1_2048_8192_SHA256,
            r::RSA_PKCS1_2048_8192_SHA256,
        ),
        (
            "RSA_PKCS1_2048_8192_SHA384",
            tls::RSA_PKCS1_2048_8192_SHA384,
            r::RSA_PKCS1_2048_8192_SHA384,
        ),
        (
            "RSA_PKCS1_2048_8192_SHA512",
            tls::RSA_PKCS1_2048_8192_SHA512,
            r::RSA_PKCS1_2048_8192_SHA512,
        ),
        (
            "RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS",
            tls::RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS,
            r::RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS,
        ),
        (
            "RSA_PKCS1_2048_8192_SHA384_ABSENT_PARAMS",
            tls::RSA_PKCS1_2048_8192_SHA384_ABSENT_PARAMS,
            r::RSA_PKCS1_2048_8192_SHA384_ABSENT_PARAMS,
        ),
        (
            "RSA_PKCS1_2048_8192_SHA512_ABSENT_PARAMS",
            tls::RSA_PKCS1_2048_8192_SHA512_ABSENT_PARAMS,
            r::RSA_PKCS1_2048_8192_SHA512_ABSENT_PARAMS,
        ),
        (
            "RSA_PKCS1_3072_8192_SHA384",
            tls::RSA_PKCS1_3072_8192_SHA384,
            r::RSA_PKCS1_3072_8192_SHA384,
        ),
        (
            "RSA_PSS_2048_8192_SHA256_LEGACY_KEY",
            tls::RSA_PSS_2048_8192_SHA256_LEGACY_KEY,
            r::RSA_PSS_2048_8192_SHA256_LEGACY_KEY,
        ),
        (
            "RSA_PSS_2048_8192_SHA384_LEGACY_KEY",
            tls::RSA_PSS_2048_8192_SHA384_LEGACY_KEY,
            r::RSA_PSS_2048_8192_SHA384_LEGACY_KEY,
        ),
        (
            "RSA_PSS_2048_8192_SHA512_LEGACY_KEY",
            tls::RSA_PSS_2048_8192_SHA512_LEGACY_KEY,
            r::RSA_PSS_2048_8192_SHA512_LEGACY_KEY,
        ),
    ]
}

#[test]
fn algorithm_identifiers_are_ring_s() {
    let pairs = pairs();
    assert_eq!(pairs.len(), tls::ALL_RSA_ALGORITHMS.len());
    for (name, ours, ring) in &pairs {
        assert_eq!(ours.public_key_alg_id(), ring.public_key_alg_id(), "{name}");
        assert_eq!(ours.signature_alg_id(), ring.signature_alg_id(), "{name}");
        assert!(!ours.fips(), "{name}");
        assert!(tls::ALL_RSA_ALGORITHMS
            .iter()
            .any(|a| std::ptr::addr_eq(*a, *ours)));
        assert_eq!(format!("{ours:?}"), format!("rsa_cortex_m::tls::{name}"));
    }
    // Distinct identifiers where ring's are distinct.
    for (i, (_, a, _)) in pairs.iter().enumerate() {
        for (_, b, _) in &pairs[i + 1..] {
            if a.signature_alg_id() == b.signature_alg_id() {
                // Only the two PKCS#1 SHA-384 size variants share one.
                assert!(format!("{a:?}{b:?}").contains("3072"));
            }
        }
    }
}

#[test]
fn supported_algorithms_match_ring_provider() {
    let ring = rustls::crypto::ring::default_provider().signature_verification_algorithms;
    let ours = tls::SUPPORTED_RSA_ALGORITHMS;
    // Same RSA schemes, same order (our mapping is ring's with the ECDSA and
    // Ed25519 entries removed).
    let ring_rsa: Vec<SignatureScheme> = ring
        .supported_schemes()
        .into_iter()
        .filter(|s| format!("{s:?}").starts_with("RSA_"))
        .collect();
    assert_eq!(ours.supported_schemes(), ring_rsa);
    for (scheme, algs) in ours.mapping {
        let (_, ring_algs) = ring.mapping.iter().find(|(s, _)| s == scheme).unwrap();
        assert_eq!(algs.len(), ring_algs.len());
        for (a, b) in algs.iter().zip(ring_algs.iter()) {
            assert_eq!(a.signature_alg_id(), b.signature_alg_id(), "{scheme:?}");
        }
    }
    let ring_rsa_all = ring
        .all
        .iter()
        .filter(|a| a.public_key_alg_id() == rustls::pki_types::alg_id::RSA_ENCRYPTION)
        .count();
    assert_eq!(ours.all.len(), ring_rsa_all);
}

// --- verdicts on keys and signatures -----------------------------------------------------------

fn fixture(path: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// DER length octets.
fn der_len(len: usize, out: &mut Vec<u8>) {
    if len < 0x80 {
        out.push(len as u8);
    } else {
        let b = len.to_be_bytes();
        let skip = b.iter().take_while(|&&x| x == 0).count();
        out.push(0x80 | (b.len() - skip) as u8);
        out.extend_from_slice(&b[skip..]);
    }
}

fn der_tlv(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    der_len(content.len(), &mut out);
    out.extend_from_slice(content);
    out
}

/// `RSAPublicKey` with `n` and `e` as given (content octets of the
/// INTEGERs, so non-minimal or negative encodings can be written).
fn rsa_public_key(n: &[u8], e: &[u8]) -> Vec<u8> {
    let mut body = der_tlv(0x02, n);
    body.extend(der_tlv(0x02, e));
    der_tlv(0x30, &body)
}

/// The minimal DER INTEGER content for an unsigned big-endian value.
fn uint(v: &[u8]) -> Vec<u8> {
    let v = &v[v.iter().take_while(|&&b| b == 0).count()..];
    let mut out = Vec::new();
    if v.first().is_none_or(|&b| b & 0x80 != 0) {
        out.push(0);
    }
    out.extend_from_slice(v);
    out
}

/// Signs `msg` with the private key in `dir` under `alg`'s scheme (with our
/// crate; whether the result is valid is for *ring* to say).
fn sign_like(name: &str, dir: &str, msg: &[u8]) -> Vec<u8> {
    let key = BoundedPrivateKey::<Max4096>::from_pkcs8_der(&fixture(&format!(
        "fixtures/{dir}/private.pkcs8.der"
    )))
    .unwrap();
    let mut sig = vec![0u8; key.size()];
    fn h<D: Digest>(m: &[u8]) -> Vec<u8> {
        D::digest(m).to_vec()
    }
    let salt = [0x5a; 64];
    let r = if name.contains("PSS") {
        if name.contains("SHA256") {
            pss::sign_prehash_with_salt_into::<_, Sha256>(
                &key,
                &h::<Sha256>(msg),
                &salt[..32],
                &mut sig,
            )
        } else if name.contains("SHA384") {
            pss::sign_prehash_with_salt_into::<_, Sha384>(
                &key,
                &h::<Sha384>(msg),
                &salt[..48],
                &mut sig,
            )
        } else {
            pss::sign_prehash_with_salt_into::<_, Sha512>(
                &key,
                &h::<Sha512>(msg),
                &salt[..64],
                &mut sig,
            )
        }
    } else if name.contains("SHA256") {
        let p = pkcs1v15::DigestInfoPrefix::new::<Sha256>();
        pkcs1v15::sign_prehash_into(&key, p.as_bytes(), &h::<Sha256>(msg), &mut sig)
    } else if name.contains("SHA384") {
        let p = pkcs1v15::DigestInfoPrefix::new::<Sha384>();
        pkcs1v15::sign_prehash_into(&key, p.as_bytes(), &h::<Sha384>(msg), &mut sig)
    } else {
        let p = pkcs1v15::DigestInfoPrefix::new::<Sha512>();
        pkcs1v15::sign_prehash_into(&key, p.as_bytes(), &h::<Sha512>(msg), &mut sig)
    };
    // PSS-SHA-512 does not fit a 1024-bit key (RFC 8017 §9.1.1 step 3:
    // emLen ≥ hLen + sLen + 2 = 130 > 128): send a garbage signature then.
    if r.is_err() {
        sig.fill(0x33);
    }
    sig
}

/// Both implementations' verdict on (key, msg, sig) for every algorithm;
/// returns how many were accepted.
fn same_verdict(what: &str, key: &[u8], msg: &[u8], sig: &[u8], only: Option<&str>) -> usize {
    let mut accepted = 0;
    for (name, ours, ring) in pairs() {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let a = ours.verify_signature(key, msg, sig).is_ok();
        let b = ring.verify_signature(key, msg, sig).is_ok();
        assert_eq!(a, b, "{what}: {name}: ours {a}, ring {b}");
        accepted += a as usize;
    }
    accepted
}

const SIZES: [&str; 7] = [
    "rsa1024",
    "rsa2047",
    "rsa2048",
    "rsa2048_e3",
    "rsa3071",
    "rsa3072",
    "rsa4096",
];

#[test]
fn verdicts_match_ring_on_fixture_keys_and_signatures() {
    let mut accepted = 0;
    let mut rejected = 0;
    for dir in SIZES {
        let msg = fixture(&format!("fixtures/{dir}/msg.bin"));
        let key = fixture(&format!("fixtures/{dir}/public.pkcs1.der"));
        // OpenSSL's own signatures over msg.bin.
        for (file, alg) in [
            ("sig.pkcs1v15.sha256.bin", "RSA_PKCS1_2048_8192_SHA256"),
            (
                "sig.pss.sha256.salt32.bin",
                "RSA_PSS_2048_8192_SHA256_LEGACY_KEY",
            ),
            (
                "sig.pss.sha256.salt0.bin",
                "RSA_PSS_2048_8192_SHA256_LEGACY_KEY",
            ),
        ] {
            let sig = fixture(&format!("fixtures/{dir}/{file}"));
            let n = same_verdict(&format!("{dir} {file}"), &key, &msg, &sig, None);
            // Accepted from 2041 bits on by the algorithm named (and, for
            // PKCS#1, by its absent-parameters twin), except a zero-length
            // salt (TLS and RFC 4055 fix the salt at the digest length).
            let valid = dir != "rsa1024" && !file.contains("salt0");
            let twins = if file.contains("pkcs1") { 2 } else { 1 };
            assert_eq!(n, if valid { twins } else { 0 }, "{dir} {file} {alg}");
            if valid {
                assert_eq!(same_verdict(file, &key, &msg, &sig, Some(alg)), 1);
            }
        }
        for (name, ..) in pairs() {
            let sig = sign_like(name, dir, &msg);
            let n = same_verdict(&format!("{dir} {name}"), &key, &msg, &sig, Some(name));
            let min = if name.contains("3072") { 3072 } else { 2048 };
            let bits: usize = dir[3..7].parse().unwrap();
            assert_eq!(n == 1, bits.div_ceil(8) * 8 >= min, "{dir} {name}");
            accepted += n;
            // Malformed signatures: never accepted, by either.
            let mut variants = vec![Vec::new(), sig[1..].to_vec(), [&[0u8][..], &sig].concat()];
            for i in [0, sig.len() / 2, sig.len() - 1] {
                let mut s = sig.clone();
                s[i] ^= 0x40;
                variants.push(s);
            }
            variants.push(vec![0xff; sig.len()]);
            variants.push(vec![0; sig.len()]);
            for v in &variants {
                assert_eq!(
                    same_verdict(&format!("{dir} {name} bad sig"), &key, &msg, v, Some(name)),
                    0
                );
                rejected += 1;
            }
            let mut other = msg.clone();
            other[0] ^= 1;
            assert_eq!(
                same_verdict(
                    &format!("{dir} {name} other msg"),
                    &key,
                    &other,
                    &sig,
                    Some(name)
                ),
                0
            );
        }
    }
    assert!(accepted >= 40 && rejected > 300, "{accepted} {rejected}");
}

#[test]
fn verdicts_match_ring_on_malformed_and_out_of_policy_keys() {
    use rsa_cortex_m::pkcs1::DecodeRsaPublicKey;
    use rsa_cortex_m::BoundedPublicKey;
    let msg = fixture("fixtures/rsa2048/msg.bin");
    let good = fixture("fixtures/rsa2048/public.pkcs1.der");
    let pk = BoundedPublicKey::<Max4096>::from_pkcs1_der(&good).unwrap();
    let mut n = vec![0u8; pk.size()];
    pk.write_n_be(&mut n).unwrap();
    let e = pk.e_u64().to_be_bytes();
    let sig = fixture("fixtures/rsa2048/sig.pkcs1v15.sha256.bin");
    let only = Some("RSA_PKCS1_2048_8192_SHA256");
    assert_eq!(
        same_verdict(
            "rebuilt key",
            &rsa_public_key(&uint(&n), &uint(&e)),
            &msg,
            &sig,
            only
        ),
        1
    );

    let mut keys: Vec<(String, Vec<u8>)> = [
        ("empty", vec![]),
        ("truncated", good[..good.len() - 1].to_vec()),
        ("trailing byte", [&good[..], &[0]].concat()),
        (
            "n with an extra leading zero",
            rsa_public_key(&[&[0u8, 0][..], &n].concat(), &uint(&e)),
        ),
        ("n negative (no sign byte)", rsa_public_key(&n, &uint(&e))),
        (
            "e with a leading zero",
            rsa_public_key(&uint(&n), &[0, 1, 0, 1]),
        ),
        ("e = 1", rsa_public_key(&uint(&n), &[1])),
        ("e = 2", rsa_public_key(&uint(&n), &[2])),
        ("e = 3", rsa_public_key(&uint(&n), &[3])),
        (
            "e = 2^33 - 1",
            rsa_public_key(&uint(&n), &uint(&((1u64 << 33) - 1).to_be_bytes())),
        ),
        (
            "e = 2^33 + 1",
            rsa_public_key(&uint(&n), &uint(&((1u64 << 33) + 1).to_be_bytes())),
        ),
        ("e = 0", rsa_public_key(&uint(&n), &[0])),
        ("e negative", rsa_public_key(&uint(&n), &[0x81])),
        (
            "SPKI instead of RSAPublicKey",
            fixture("fixtures/rsa2048/public.spki.der"),
        ),
        ("swapped n and e", rsa_public_key(&uint(&e), &uint(&n))),
    ]
    .into_iter()
    .map(|(w, k)| (w.to_string(), k))
    .collect();
    let mut even = n.clone();
    *even.last_mut().unwrap() ^= 1;
    keys.push(("n even".into(), rsa_public_key(&uint(&even), &uint(&e))));
    // Moduli around the limits (not valid keys: the verdict is on the size).
    for bits in [2040usize, 2041, 3064, 3065, 8192, 8193, 8200] {
        let mut m = vec![0xa5u8; bits.div_ceil(8)];
        m[0] = (1u16 << ((bits - 1) % 8)) as u8 | 1;
        *m.last_mut().unwrap() |= 1;
        keys.push((
            format!("{bits}-bit n"),
            rsa_public_key(&uint(&m), &uint(&e)),
        ));
    }
    for (what, key) in &keys {
        for (name, ..) in pairs() {
            let s = sign_like(name, "rsa2048", &msg);
            same_verdict(what, key, &msg, &s, Some(name));
            // And a signature exactly as long as this key's modulus.
            let k = rsa_cortex_m::BoundedPublicKey::<rsa_cortex_m::Max8192>::from_pkcs1_der(key)
                .map(|k| k.size())
                .unwrap_or(256);
            same_verdict(what, key, &msg, &vec![1u8; k], Some(name));
        }
    }
    // Every single-bit change of the key's DER (one bit per byte, moving
    // through the byte): the same verdict as ring's with the valid signature.
    for i in 0..good.len() {
        let mut k = good.clone();
        k[i] ^= 1 << (i % 8);
        same_verdict(&format!("key bit flip at {i}"), &k, &msg, &sig, only);
    }
    // e = 3 and e = 2^33 - 1 are inside the policy: the key loads and only
    // the signature decides (rejected, as it was made for e = 65537).
    let e3 = &keys.iter().find(|(w, _)| w == "e = 3").unwrap().1;
    assert!(tls::RSA_PKCS1_2048_8192_SHA256
        .verify_signature(e3, &msg, &sig)
        .is_err());
}

// --- certificate chains (tests/data/tls, made by gen.sh with openssl) ---------------------------

fn cert(name: &str) -> CertificateDer<'static> {
    CertificateDer::from(fixture(&format!("tls/{name}.der")))
}

/// 2027-01-01T00:00:00Z, inside every fixture certificate's validity.
fn fixed_time() -> UnixTime {
    UnixTime::since_unix_epoch(Duration::from_secs(1_798_761_600))
}

/// A certificate's DER to-be-signed TLV and its signature (the BIT STRING's
/// bytes after the unused-bits octet).
fn split_certificate(der: &[u8]) -> (Vec<u8>, Vec<u8>) {
    fn tlv(b: &[u8], i: usize) -> (usize, usize, usize) {
        // (start, content start, end)
        let n = b[i + 1] as usize;
        if n < 0x80 {
            return (i, i + 2, i + 2 + n);
        }
        let k = n & 0x7f;
        let len = b[i + 2..i + 2 + k]
            .iter()
            .fold(0, |a, &x| a << 8 | x as usize);
        (i, i + 2 + k, i + 2 + k + len)
    }
    let (_, body, _) = tlv(der, 0);
    let (t0, _, t1) = tlv(der, body);
    let (_, _, a1) = tlv(der, t1);
    let (_, s0, s1) = tlv(der, a1);
    (der[t0..t1].to_vec(), der[s0 + 1..s1].to_vec())
}

fn verify_chain(algs: &[Alg], root: &str, int: &str, leaf: &str) -> Result<(), webpki::Error> {
    let root = cert(root);
    let anchors = [anchor_from_trusted_cert(&root).unwrap().to_owned()];
    let leaf = cert(leaf);
    let ee = EndEntityCert::try_from(&leaf).unwrap();
    ee.verify_for_usage(
        algs,
        &anchors,
        &[cert(int)],
        fixed_time(),
        KeyUsage::server_auth(),
        None,
        None,
    )
    .map(|_| ())
}

#[test]
fn chains_verify_as_with_ring() {
    // ring's algorithms in the order of ours (webpki's error lists them).
    let ring: Vec<Alg> = tls::ALL_RSA_ALGORITHMS
        .iter()
        .map(|a| {
            pairs()
                .into_iter()
                .find(|p| std::ptr::addr_eq(p.1, *a))
                .unwrap()
                .2
        })
        .collect();
    let cases = [
        ("a-root", "a-int", "a-leaf", true),
        ("b-root", "b-int", "b-leaf", true),
        ("a-root", "a-int", "a-leaf-otherkey", false),
        ("b-root", "b-int", "b-leaf-pss-mgf1", false),
        ("b-root", "b-int", "b-leaf-pss-salt20", false),
        ("b-root", "b-int", "b-leaf-pss-hash384", false),
        ("a-root", "b-int", "b-leaf", false),
        ("b-root", "a-int", "a-leaf", false),
    ];
    for (root, int, leaf, ok) in cases {
        let ours = verify_chain(tls::ALL_RSA_ALGORITHMS, root, int, leaf);
        let theirs = verify_chain(&ring, root, int, leaf);
        assert_eq!(ours.is_ok(), ok, "{leaf}: {ours:?}");
        assert_eq!(
            format!("{ours:?}"),
            format!("{theirs:?}"),
            "{root} {int} {leaf}"
        );
    }
    assert_eq!(
        verify_chain(
            tls::ALL_RSA_ALGORITHMS,
            "a-root",
            "a-int",
            "a-leaf-otherkey"
        ),
        Err(webpki::Error::InvalidSignatureForPublicKey)
    );
    assert!(matches!(
        verify_chain(
            tls::ALL_RSA_ALGORITHMS,
            "b-root",
            "b-int",
            "b-leaf-pss-mgf1"
        ),
        Err(webpki::Error::UnsupportedSignatureAlgorithmContext(_))
    ));
    assert_eq!(
        verify_chain(
            tls::ALL_RSA_ALGORITHMS,
            "b-root",
            "b-int",
            "b-leaf-pss-hash384"
        ),
        Err(webpki::Error::InvalidSignatureForPublicKey)
    );
    // What is wrong with it is the hash alone: its signature is a valid
    // RSASSA-PSS SHA-384 signature of its to-be-signed part by b-int (ring
    // and this crate agree).
    let (tbs, sig) = split_certificate(&fixture("tls/b-leaf-pss-hash384.der"));
    let int = cert("b-int");
    let int = EndEntityCert::try_from(&int).unwrap();
    int.verify_signature(
        webpki::ring::RSA_PSS_2048_8192_SHA384_LEGACY_KEY,
        &tbs,
        &sig,
    )
    .unwrap();
    int.verify_signature(tls::RSA_PSS_2048_8192_SHA384_LEGACY_KEY, &tbs, &sig)
        .unwrap();
    assert!(int
        .verify_signature(tls::RSA_PSS_2048_8192_SHA256_LEGACY_KEY, &tbs, &sig)
        .is_err());
    // Without the PSS algorithms chain b cannot verify: the algorithms used
    // are the ones passed in.
    let pkcs1_only = &tls::ALL_RSA_ALGORITHMS[3..];
    assert!(verify_chain(pkcs1_only, "b-root", "b-int", "b-leaf").is_err());
    assert!(verify_chain(pkcs1_only, "a-root", "a-int", "a-leaf").is_ok());
}

// --- signing --------------------------------------------------------------------------------------

#[test]
fn signing_key_signatures_verify_with_ring_against_the_certificate() {
    let all = [
        SignatureScheme::RSA_PKCS1_SHA256,
        SignatureScheme::RSA_PKCS1_SHA384,
        SignatureScheme::RSA_PKCS1_SHA512,
        SignatureScheme::RSA_PSS_SHA256,
        SignatureScheme::RSA_PSS_SHA384,
        SignatureScheme::RSA_PSS_SHA512,
    ];
    let ring_alg = |s: SignatureScheme| -> Alg {
        use webpki::ring as r;
        match s {
            SignatureScheme::RSA_PKCS1_SHA256 => r::RSA_PKCS1_2048_8192_SHA256,
            SignatureScheme::RSA_PKCS1_SHA384 => r::RSA_PKCS1_2048_8192_SHA384,
            SignatureScheme::RSA_PKCS1_SHA512 => r::RSA_PKCS1_2048_8192_SHA512,
            SignatureScheme::RSA_PSS_SHA256 => r::RSA_PSS_2048_8192_SHA256_LEGACY_KEY,
            SignatureScheme::RSA_PSS_SHA384 => r::RSA_PSS_2048_8192_SHA384_LEGACY_KEY,
            _ => r::RSA_PSS_2048_8192_SHA512_LEGACY_KEY,
        }
    };
    for (leaf, bits) in [("a-leaf", 2048), ("b-leaf", 4096)] {
        let der = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(fixture(&format!(
            "tls/{leaf}.key.der"
        ))));
        let key = RsaSigningKey::new(&der).unwrap();
        assert_eq!(key.modulus_bits(), bits);
        assert_eq!(key.algorithm(), rustls::SignatureAlgorithm::RSA);
        let leaf_cert = cert(leaf);
        let ee = EndEntityCert::try_from(&leaf_cert).unwrap();
        let msg = b"TLS 1.3, server CertificateVerify";
        for scheme in all {
            let signer = key
                .choose_scheme(&[SignatureScheme::ECDSA_NISTP256_SHA256, scheme])
                .unwrap();
            assert_eq!(signer.scheme(), scheme);
            let sig = signer.sign(msg).unwrap();
            assert_eq!(sig.len(), bits / 8);
            ee.verify_signature(ring_alg(scheme), msg, &sig)
                .unwrap_or_else(|e| panic!("{leaf} {scheme:?}: {e:?}"));
            let mut bad = sig.clone();
            bad[10] ^= 1;
            assert!(ee.verify_signature(ring_alg(scheme), msg, &bad).is_err());
            // PSS is randomized (fresh salt), PKCS#1 v1.5 deterministic.
            let again = signer.sign(msg).unwrap();
            assert_eq!(
                sig == again,
                scheme.as_str().unwrap().contains("PKCS1"),
                "{scheme:?}"
            );
        }
        // Preference: PSS-SHA512 first, as ring's RsaSigningKey.
        assert_eq!(
            key.choose_scheme(&all).unwrap().scheme(),
            SignatureScheme::RSA_PSS_SHA512
        );
        assert!(key.choose_scheme(&[SignatureScheme::ED25519]).is_none());
        // The SPKI is the certificate's key.
        let spki = key.public_key().unwrap();
        let ring_key = rustls::crypto::ring::sign::any_supported_type(&der).unwrap();
        assert_eq!(spki.as_ref(), ring_key.public_key().unwrap().as_ref());
    }
}

#[test]
fn signing_key_refuses_bad_keys_cleanly() {
    let p8 = |b: Vec<u8>| PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(b));
    let good = fixture("tls/a-leaf.key.der");
    assert!(RsaSigningKey::new(&p8(good[..good.len() - 3].to_vec())).is_err());
    assert!(RsaSigningKey::new(&p8(vec![])).is_err());
    // 1024 bits: below ring's and our minimum for signing.
    let small = fixture("fixtures/rsa1024/private.pkcs8.der");
    let e = RsaSigningKey::new(&p8(small)).unwrap_err();
    assert!(format!("{e}").contains("1024"), "{e}");
    let sec1 = PrivateKeyDer::Sec1(rustls::pki_types::PrivateSec1KeyDer::from(vec![0x30, 0]));
    assert!(RsaSigningKey::new(&sec1).is_err());
    for i in (0..good.len()).step_by(37) {
        let mut bad = good.clone();
        bad[i] ^= 0x10;
        // Must not panic; a flip inside a component fails validation.
        let _ = RsaSigningKey::new(&p8(bad));
    }
}

/// PKCS#8 keys whose algorithm is id-RSASSA-PSS (`openssl genpkey -algorithm
/// RSA-PSS`, without and with parameters; tests/data/PROVENANCE.md): a valid
/// RSA key that rsa 0.10's loaders take, but that rustls must not sign
/// `rsa_pss_rsae_*` with. *ring*'s provider refuses them; so do we, at load.
#[test]
fn signing_key_refuses_rsassa_pss_keys_at_load() {
    use rustls::crypto::KeyProvider;
    for name in ["rsa2048-pss", "rsa2048-pss-sha256"] {
        let bytes = fixture(&format!("rsassa-pss/{name}.pkcs8.der"));
        // The key itself is good: the refusal is the algorithm's.
        BoundedPrivateKey::<Max4096>::from_pkcs8_der(&bytes).unwrap();
        let der = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(bytes));
        assert!(rustls::crypto::ring::sign::any_supported_type(&der).is_err());
        let e = RsaSigningKey::new(&der).unwrap_err();
        assert!(format!("{e}").contains("id-RSASSA-PSS"), "{name}: {e}");
        let e = tls::RsaKeyProvider.load_private_key(der).unwrap_err();
        assert!(format!("{e}").contains("id-RSASSA-PSS"), "{name}: {e}");
    }
}

// --- the 4096-bit capacity variants ---------------------------------------------------------------

#[test]
fn max4096_algorithms_match_up_to_4096_bits_and_refuse_larger_keys() {
    let small = tls::max4096::ALL_RSA_ALGORITHMS;
    let full = tls::ALL_RSA_ALGORITHMS;
    assert_eq!(small.len(), full.len());
    for (s, f) in small.iter().zip(full) {
        assert_eq!(s.public_key_alg_id(), f.public_key_alg_id());
        assert_eq!(s.signature_alg_id(), f.signature_alg_id());
        assert_eq!(
            format!("{s:?}").replace("_4096_", "_8192_"),
            format!("{f:?}")
        );
    }
    // Up to 4096 bits: the same verdicts as the 8192-bit algorithms (and so
    // as ring's, by the tests above).
    for dir in SIZES {
        let msg = fixture(&format!("fixtures/{dir}/msg.bin"));
        let key = fixture(&format!("fixtures/{dir}/public.pkcs1.der"));
        for (i, (name, ..)) in pairs().into_iter().enumerate() {
            let sig = sign_like(name, dir, &msg);
            let f = pairs()[i].1;
            let s = small[full.iter().position(|a| std::ptr::addr_eq(*a, f)).unwrap()];
            assert_eq!(
                s.verify_signature(&key, &msg, &sig).is_ok(),
                f.verify_signature(&key, &msg, &sig).is_ok(),
                "{dir} {name}"
            );
        }
    }
    // 4104 bits (OpenSSL's key and signature): ring and the 8192-bit
    // algorithm accept, the 4096-bit one refuses.
    let key = fixture("tls/c-4104.pub.der");
    let msg = fixture("tls/c-4104.msg");
    let sig = fixture("tls/c-4104.sig");
    let ring = webpki::ring::RSA_PKCS1_2048_8192_SHA256;
    assert!(ring.verify_signature(&key, &msg, &sig).is_ok());
    assert!(tls::RSA_PKCS1_2048_8192_SHA256
        .verify_signature(&key, &msg, &sig)
        .is_ok());
    assert!(tls::max4096::RSA_PKCS1_2048_4096_SHA256
        .verify_signature(&key, &msg, &sig)
        .is_err());
}

#[test]
fn signing_key_with_a_provider_random() {
    let der = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(fixture("tls/a-leaf.key.der")));
    let random = rustls::crypto::ring::default_provider().secure_random;
    let key = RsaSigningKey::with_random(&der, random).unwrap();
    let signer = key
        .choose_scheme(&[SignatureScheme::RSA_PSS_SHA256])
        .unwrap();
    let sig = signer.sign(b"message").unwrap();
    let leaf = cert("a-leaf");
    let ee = EndEntityCert::try_from(&leaf).unwrap();
    ee.verify_signature(
        webpki::ring::RSA_PSS_2048_8192_SHA256_LEGACY_KEY,
        b"message",
        &sig,
    )
    .unwrap();
    // The key provider loads the same key.
    use rustls::crypto::KeyProvider;
    let loaded = tls::RsaKeyProvider
        .load_private_key(der.clone_key())
        .unwrap();
    assert_eq!(loaded.public_key(), key.public_key());
}
