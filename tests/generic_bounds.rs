//! Generic code written against `rsa` 0.10 compiles against this crate: each function below
//! carries the exact `where` clause of the `rsa` 0.10.0 impl it calls (src/pss/signing_key.rs,
//! src/pss/verifying_key.rs, src/pkcs1v15/signing_key.rs, src/pkcs1v15/verifying_key.rs,
//! src/oaep/{encrypting,decrypting}_key.rs of rsa 0.10.0). Crates such as jsonwebtoken are generic
//! over the hash this way; a stricter bound here breaks them (issue 25's `[patch]` route). The
//! check is the compilation; the test runs each function once with SHA-256.

use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::signature::digest::{Digest, FixedOutput, FixedOutputReset, HashMarker, Update};
use rsa_cortex_m::signature::hazmat::{PrehashSigner, PrehashVerifier, RandomizedPrehashSigner};
use rsa_cortex_m::signature::{
    DigestSigner, DigestVerifier, MultipartSigner, RandomizedDigestSigner,
    RandomizedMultipartSigner, RandomizedSigner, Signer, Verifier,
};
use rsa_cortex_m::traits::{Decryptor, RandomizedEncryptor};
use rsa_cortex_m::{oaep, pkcs1v15, pss, PrivateKey};

type Rng = rand::rngs::StdRng;

fn pss_sign<D: Digest + FixedOutputReset>(k: &pss::SigningKey<D>) -> pss::Signature {
    let a = k.sign(b"m");
    let _ = k.sign_prehash(&D::digest(b"m")).unwrap();
    let _ = MultipartSigner::multipart_sign(k, &[b"m"]);
    a
}

fn pss_sign_rng<D: Digest + FixedOutputReset + Update>(k: &pss::SigningKey<D>, r: &mut Rng) {
    let _ = k.sign_with_rng(r, b"m");
    let _ = RandomizedPrehashSigner::sign_prehash_with_rng(k, r, &D::digest(b"m")).unwrap();
    let _ = RandomizedMultipartSigner::multipart_sign_with_rng(k, r, &[b"m"]);
    let _ = RandomizedDigestSigner::sign_digest_with_rng(k, r, |d: &mut D| Update::update(d, b"m"));
}

fn pss_verify<D: Digest + FixedOutputReset>(k: &pss::VerifyingKey<D>, s: &pss::Signature) {
    k.verify(b"m", s).unwrap();
    k.verify_prehash(&D::digest(b"m"), s).unwrap();
}

fn pss_verify_digest<D: Digest + FixedOutputReset + Update>(
    k: &pss::VerifyingKey<D>,
    s: &pss::Signature,
) {
    k.verify_digest(
        |d: &mut D| {
            Update::update(d, b"m");
            Ok(())
        },
        s,
    )
    .unwrap();
}

fn pkcs1v15_sign<D: Digest>(k: &pkcs1v15::SigningKey<D>) -> pkcs1v15::Signature {
    let _ = k.sign_prehash(&D::digest(b"m")).unwrap();
    k.sign(b"m")
}

fn pkcs1v15_sign_digest<D: Default + FixedOutput + HashMarker + Update>(
    k: &pkcs1v15::SigningKey<D>,
    r: &mut Rng,
) {
    let _ = k.sign_digest(|d: &mut D| Update::update(d, b"m"));
    let _ = k.sign_digest_with_rng(r, |d: &mut D| Update::update(d, b"m"));
}

fn pkcs1v15_verify<D: Digest>(k: &pkcs1v15::VerifyingKey<D>, s: &pkcs1v15::Signature) {
    k.verify(b"m", s).unwrap();
    k.verify_prehash(&D::digest(b"m"), s).unwrap();
}

fn pkcs1v15_verify_digest<D: Default + FixedOutput + HashMarker + Update>(
    k: &pkcs1v15::VerifyingKey<D>,
    s: &pkcs1v15::Signature,
) {
    k.verify_digest(
        |d: &mut D| {
            Update::update(d, b"m");
            Ok(())
        },
        s,
    )
    .unwrap();
}

fn oaep_round_trip<D: Digest, MGD: Digest + FixedOutputReset>(
    dk: &oaep::DecryptingKey<D, MGD>,
    ek: &oaep::EncryptingKey<D, MGD>,
    r: &mut Rng,
) {
    let c = ek.encrypt_with_rng(r, b"m").unwrap();
    assert_eq!(dk.decrypt(&c).unwrap(), b"m");
}

#[test]
fn rsa_0_10_bounds_compile_and_run() {
    use rand::SeedableRng;
    use sha2::Sha256;
    let pem = include_str!("data/fixtures/rsa2048/private.pkcs8.pem");
    let key = PrivateKey::from_pkcs8_pem(pem).unwrap();
    let mut r = Rng::seed_from_u64(25);

    let sk = pss::SigningKey::<Sha256>::new(key.clone());
    let s = pss_sign(&sk);
    pss_sign_rng(&sk, &mut r);
    let vk = pss::VerifyingKey::<Sha256>::new(key.to_public_key());
    pss_verify(&vk, &s);
    pss_verify_digest(&vk, &s);

    let sk = pkcs1v15::SigningKey::<Sha256>::new(key.clone());
    let s = pkcs1v15_sign(&sk);
    pkcs1v15_sign_digest(&sk, &mut r);
    let vk = pkcs1v15::VerifyingKey::<Sha256>::new(key.to_public_key());
    pkcs1v15_verify(&vk, &s);
    pkcs1v15_verify_digest(&vk, &s);

    let dk = oaep::DecryptingKey::<Sha256>::new(key.clone());
    let ek = oaep::EncryptingKey::<Sha256>::new(key.to_public_key());
    oaep_round_trip(&dk, &ek, &mut r);
}
