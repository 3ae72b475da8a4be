//! Interoperability with RustCrypto `rsa` 0.10 in both directions, for all
//! four schemes, at 1024, 2048, 3072 and 4096 bits (and the odd sizes).

use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::{
    oaep::Oaep, pkcs1v15::Pkcs1v15Encrypt, pkcs1v15::Pkcs1v15Sign, pss::Pss, PrivateKey,
};
use sha2::{Digest, Sha256, Sha384};

const SIZES: &[&str] = &[
    "rsa1024", "rsa2047", "rsa2048", "rsa3071", "rsa3072", "rsa4096",
];

fn keys(dir: &str) -> (PrivateKey, rsa::PrivateKey) {
    let path = format!(
        "{}/tests/data/fixtures/{dir}/private.pkcs8.der",
        env!("CARGO_MANIFEST_DIR")
    );
    let der = std::fs::read(path).unwrap();
    (
        PrivateKey::from_pkcs8_der(&der).unwrap(),
        rsa::PrivateKey::from_pkcs8_der(&der).unwrap(),
    )
}

fn rng() -> rand::rngs::ChaCha8Rng {
    rand::SeedableRng::seed_from_u64(2048)
}

#[test]
fn pkcs1v15_signatures() {
    for dir in SIZES {
        let (ours, theirs) = keys(dir);
        let digest = Sha256::digest(dir.as_bytes());
        let sig = ours.sign(Pkcs1v15Sign::new::<Sha256>(), &digest).unwrap();
        let their_sig = theirs
            .sign(rsa::Pkcs1v15Sign::new::<Sha256>(), &digest)
            .unwrap();
        // Deterministic scheme: byte-identical signatures.
        assert_eq!(sig, their_sig, "{dir}");
        theirs
            .to_public_key()
            .verify(rsa::Pkcs1v15Sign::new::<Sha256>(), &digest, &sig)
            .unwrap();
        ours.as_public_key()
            .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, &their_sig)
            .unwrap();
        let mut bad = their_sig.clone();
        bad[7] ^= 1;
        assert!(ours
            .as_public_key()
            .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, &bad)
            .is_err());
    }
}

#[test]
fn pss_signatures() {
    let mut rng = rng();
    for dir in SIZES {
        let (ours, theirs) = keys(dir);
        let digest = Sha384::digest(dir.as_bytes());
        let sig = ours
            .sign_with_rng(&mut rng, Pss::<Sha384>::new(), &digest)
            .unwrap();
        theirs
            .to_public_key()
            .verify(rsa::Pss::<Sha384>::new(), &digest, &sig)
            .unwrap();
        let their_sig = theirs
            .sign_with_rng(&mut rng, rsa::Pss::<Sha384>::new(), &digest)
            .unwrap();
        ours.as_public_key()
            .verify(Pss::<Sha384>::new(), &digest, &their_sig)
            .unwrap();
        ours.as_public_key()
            .pss_verify_prehash::<Sha384>(&digest, &their_sig)
            .unwrap();
        let other = Sha384::digest(b"other");
        assert!(ours
            .as_public_key()
            .verify(Pss::<Sha384>::new(), &other, &their_sig)
            .is_err());
    }
}

#[test]
fn pkcs1v15_encryption() {
    let mut rng = rng();
    for dir in SIZES {
        let (ours, theirs) = keys(dir);
        let msg = b"pre-master secret, 48 bytes in TLS 1.2 ........";
        let ct = ours
            .as_public_key()
            .encrypt(&mut rng, Pkcs1v15Encrypt, msg)
            .unwrap();
        assert_eq!(
            theirs.decrypt(rsa::Pkcs1v15Encrypt, &ct).unwrap(),
            msg,
            "{dir}"
        );
        let their_ct = theirs
            .to_public_key()
            .encrypt(&mut rng, rsa::Pkcs1v15Encrypt, msg)
            .unwrap();
        assert_eq!(
            ours.decrypt(Pkcs1v15Encrypt, &their_ct).unwrap(),
            msg,
            "{dir}"
        );
        // Implicit rejection: a tampered ciphertext gives the same synthetic
        // message in both crates.
        let mut bad = their_ct.clone();
        bad[0] ^= 0x01;
        bad[5] ^= 0x80;
        let a = ours.decrypt(Pkcs1v15Encrypt, &bad);
        let b = theirs.decrypt(rsa::Pkcs1v15Encrypt, &bad);
        assert_eq!(a.is_ok(), b.is_ok(), "{dir}");
        if let (Ok(a), Ok(b)) = (a, b) {
            assert_eq!(a, b, "{dir} synthetic message");
            assert_ne!(a, msg);
        }
    }
}

#[test]
fn oaep_encryption() {
    let mut rng = rng();
    for dir in SIZES {
        let (ours, theirs) = keys(dir);
        let msg = b"an AES-256 key, wrapped: 0123456789abcdef0123456789abcdef";
        let ct = ours
            .as_public_key()
            .encrypt(
                &mut rng,
                Oaep::<Sha256>::new_with_label(b"label".to_vec()),
                msg,
            )
            .unwrap();
        assert_eq!(
            theirs
                .decrypt(rsa::Oaep::<Sha256>::new_with_label(b"label".to_vec()), &ct)
                .unwrap(),
            msg,
            "{dir}"
        );
        let their_ct = theirs
            .to_public_key()
            .encrypt(&mut rng, rsa::Oaep::<Sha256>::new(), msg)
            .unwrap();
        assert_eq!(
            ours.decrypt(Oaep::<Sha256>::new(), &their_ct).unwrap(),
            msg,
            "{dir}"
        );
        assert_eq!(
            ours.oaep_decrypt::<Sha256>(&their_ct).unwrap(),
            msg,
            "{dir}"
        );
        assert!(ours
            .decrypt(Oaep::<Sha256>::new_with_label(b"x".to_vec()), &their_ct)
            .is_err());
    }
}

#[test]
fn components_constructors_agree_with_rsa() {
    use rsa::traits::{PrivateKeyParts, PublicKeyParts};
    use rsa_cortex_m::pkcs1::EncodeRsaPrivateKey;
    for dir in ["rsa1024", "rsa2047", "rsa2048"] {
        let (ours, theirs) = keys(dir);
        let primes: Vec<_> = theirs.primes().iter().map(|p| p.clone().get()).collect();
        let from_p_q =
            PrivateKey::from_p_q(primes[0].clone(), primes[1].clone(), theirs.e().clone()).unwrap();
        let rsa_from_p_q =
            rsa::PrivateKey::from_p_q(primes[0].clone(), primes[1].clone(), theirs.e().clone())
                .unwrap();
        // Same d = e⁻¹ mod λ(n) as rsa computes: identical PKCS#1 encodings.
        assert_eq!(
            from_p_q.to_pkcs1_der().unwrap().as_bytes(),
            rsa::pkcs1::EncodeRsaPrivateKey::to_pkcs1_der(&rsa_from_p_q)
                .unwrap()
                .as_bytes(),
            "{dir}"
        );
        let from_components = PrivateKey::from_components(
            theirs.n().clone().get(),
            theirs.e().clone(),
            theirs.d().clone(),
            primes,
        )
        .unwrap();
        assert!(from_components == ours, "{dir}");
        // No primes: both recover p and q from (n, e, d) (NIST SP 800-56B
        // Rev. 2 Appendix C.2), to the same key.
        let recovered = PrivateKey::from_components(
            theirs.n().clone().get(),
            theirs.e().clone(),
            theirs.d().clone(),
            vec![],
        )
        .unwrap();
        let rsa_recovered = rsa::PrivateKey::from_components(
            theirs.n().clone().get(),
            theirs.e().clone(),
            theirs.d().clone(),
            vec![],
        )
        .unwrap();
        assert_eq!(
            recovered.to_pkcs1_der().unwrap().as_bytes(),
            rsa::pkcs1::EncodeRsaPrivateKey::to_pkcs1_der(&rsa_recovered)
                .unwrap()
                .as_bytes(),
            "{dir}"
        );
    }
}

/// The two-prime width rule is rsa's: each prime within `⌈bits(n)/2⌉` bits
/// of the exact modulus length, not of its limb-rounded precision. Cases
/// whose rounding would differ: n of 125 bits from a 61-bit and a 64-bit
/// prime (2⁶¹ − 1 and 2⁶⁴ − 59), n = 55 = 5·11 and n = 15 = 3·5.
#[test]
fn prime_width_rule_agrees_with_rsa() {
    use rsa::BoxedUint;
    let m61 = BoxedUint::from((1u64 << 61) - 1);
    let q64 = BoxedUint::from(u64::MAX - 58);
    let cases: [(BoxedUint, BoxedUint, u64); 3] = [
        (m61, q64, 65537),
        (BoxedUint::from(5u64), BoxedUint::from(11u64), 3),
        (BoxedUint::from(3u64), BoxedUint::from(5u64), 3),
    ];
    for (p, q, e) in cases {
        let e = BoxedUint::from(e);
        let ours = PrivateKey::from_p_q(p.clone(), q.clone(), e.clone()).map(|_| ());
        let theirs = rsa::PrivateKey::from_p_q(p.clone(), q.clone(), e.clone()).map(|_| ());
        assert_eq!(
            format!("{ours:?}"),
            format!("{theirs:?}"),
            "from_p_q({p}, {q})"
        );
        assert_eq!(
            ours,
            Err(rsa_cortex_m::Error::InvalidPrime),
            "from_p_q({p}, {q})"
        );
        let ours = PrivateKey::from_primes(vec![p.clone(), q.clone()], e.clone()).map(|_| ());
        let theirs = rsa::PrivateKey::from_primes(vec![p.clone(), q.clone()], e).map(|_| ());
        assert_eq!(
            format!("{ours:?}"),
            format!("{theirs:?}"),
            "from_primes({p}, {q})"
        );
    }
    // from_components with n = 15, e = d = 3 (helper's case): rsa says InvalidPrime.
    let c = |x: u64| BoxedUint::from(x);
    let ours = PrivateKey::from_components(c(15), c(3), c(3), vec![c(3), c(5)]).map(|_| ());
    let theirs = rsa::PrivateKey::from_components(c(15), c(3), c(3), vec![c(3), c(5)]).map(|_| ());
    assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
}
