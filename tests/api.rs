//! The typed `rsa` 0.10 API (signing/verifying keys, signatures,
//! encrypting/decrypting keys): on the drop-in heap types, compile-and-behave
//! tests, round trips, and cross-checks against `rsa` 0.10 itself at 2048
//! bits; on the fixed-capacity `Bounded*` types, the same operations and
//! their no-heap extras. Needs the `rsa` feature (conversions with `rsa`'s
//! keys).

#![cfg(feature = "rsa")]

use rsa_cortex_m::pkcs8::{DecodePrivateKey, EncodePrivateKey};
use rsa_cortex_m::spki::{
    AssociatedAlgorithmIdentifier, DecodePublicKey, DynSignatureAlgorithmIdentifier,
    EncodePublicKey, SignatureAlgorithmIdentifier, SignatureBitStringEncoding,
};
use rsa_cortex_m::traits::{
    Decryptor, EncryptingKeypair, RandomizedDecryptor, RandomizedEncryptor,
};
use rsa_cortex_m::{
    oaep, pkcs1v15, pss, BoundedPrivateKey, BoundedPublicKey, Max2048, PrivateKey, PublicKey,
};
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha384};
use signature::hazmat::{PrehashSigner, PrehashVerifier, RandomizedPrehashSigner};
use signature::{
    DigestSigner, DigestVerifier, Keypair, MultipartSigner, MultipartVerifier,
    RandomizedDigestSigner, RandomizedMultipartSigner, RandomizedSigner, SignatureEncoding, Signer,
    Verifier,
};

const DIR: &str = "rsa2048";

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/data/fixtures/{DIR}/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn keys() -> (PrivateKey, rsa::PrivateKey) {
    let der = fixture("private.pkcs8.der");
    (
        PrivateKey::from_pkcs8_der(&der).unwrap(),
        rsa::PrivateKey::from_pkcs8_der(&der).unwrap(),
    )
}

fn rng() -> rand::rngs::ChaCha8Rng {
    rand::SeedableRng::seed_from_u64(0xa71)
}

// ---------------------------------------------------------------------------
// Generic code written against the traits only: it must accept our types.
// ---------------------------------------------------------------------------

fn sign_generic<S: Signer<Sig>, Sig: SignatureEncoding>(signer: &S, msg: &[u8]) -> Vec<u8> {
    signer.sign(msg).to_vec()
}

fn sign_randomized_generic<S: RandomizedSigner<Sig>, Sig: SignatureEncoding>(
    signer: &S,
    msg: &[u8],
) -> Vec<u8> {
    signer
        .sign_with_rng(&mut rng(), msg)
        .to_bytes()
        .as_ref()
        .to_vec()
}

fn verify_generic<V: Verifier<Sig>, Sig: SignatureEncoding>(
    verifier: &V,
    msg: &[u8],
    sig: &[u8],
) -> bool {
    match Sig::try_from(sig) {
        Ok(sig) => verifier.verify(msg, &sig).is_ok(),
        Err(_) => false,
    }
}

fn keypair_generic<K: Keypair>(key: &K) -> K::VerifyingKey {
    key.verifying_key()
}

fn encrypt_generic<E: RandomizedEncryptor>(key: &E, msg: &[u8]) -> Vec<u8> {
    key.encrypt_with_rng(&mut rng(), msg).unwrap()
}

fn decrypt_generic<D: Decryptor>(key: &D, ct: &[u8]) -> rsa_cortex_m::Result<Vec<u8>> {
    key.decrypt(ct)
}

fn decrypt_randomized_generic<D: RandomizedDecryptor>(
    key: &D,
    ct: &[u8],
) -> rsa_cortex_m::Result<Vec<u8>> {
    key.decrypt_with_rng(&mut rng(), ct)
}

fn their_encrypt_generic<E: rsa::traits::RandomizedEncryptor>(key: &E, msg: &[u8]) -> Vec<u8> {
    key.encrypt_with_rng(&mut rng(), msg).unwrap()
}

fn their_decrypt_generic<D: rsa::traits::Decryptor>(key: &D, ct: &[u8]) -> rsa::Result<Vec<u8>> {
    key.decrypt(ct)
}

fn encrypting_keypair_generic<K: EncryptingKeypair>(key: &K) -> K::EncryptingKey {
    key.encrypting_key()
}

// ---------------------------------------------------------------------------
// PKCS#1 v1.5 signatures
// ---------------------------------------------------------------------------

#[test]
fn pkcs1v15_sign_matches_rsa_and_cross_verifies() {
    let (ours, theirs) = keys();
    let msg = fixture("msg.bin");
    let sk = pkcs1v15::SigningKey::<Sha256>::new(ours.clone());
    let their_sk = rsa::pkcs1v15::SigningKey::<Sha256>::new(theirs);

    let sig: pkcs1v15::Signature = sk.sign(&msg);
    let their_sig: rsa::pkcs1v15::Signature = their_sk.sign(&msg);
    // Deterministic scheme: identical bytes, and identical to OpenSSL's.
    assert_eq!(sig.to_vec(), their_sig.to_vec());
    assert_eq!(sig.to_vec(), fixture("sig.pkcs1v15.sha256.bin"));
    assert_eq!(sig.encoded_len(), 256);

    // Ours verifies theirs and the other way round.
    let vk = sk.verifying_key();
    let their_vk = signature::Keypair::verifying_key(&their_sk);
    vk.verify(
        &msg,
        &pkcs1v15::Signature::try_from(&their_sig.to_vec()[..]).unwrap(),
    )
    .unwrap();
    their_vk
        .verify(
            &msg,
            &rsa::pkcs1v15::Signature::try_from(&sig.to_vec()[..]).unwrap(),
        )
        .unwrap();
    assert!(vk.verify(&fixture("msg.modified.bin"), &sig).is_err());
    let flipped =
        pkcs1v15::Signature::try_from(&fixture("sig.pkcs1v15.sha256.bitflip.bin")[..]).unwrap();
    assert!(vk.verify(&msg, &flipped).is_err());

    // Generic code.
    assert_eq!(sign_generic(&sk, &msg), sig.to_vec());
    assert_eq!(sign_randomized_generic(&sk, &msg), sig.to_vec());
    let sig = sig.to_vec();
    assert!(verify_generic::<_, pkcs1v15::Signature>(
        &keypair_generic(&sk),
        &msg,
        &sig
    ));
    assert!(!verify_generic::<_, pkcs1v15::Signature>(
        &vk, b"other", &sig
    ));
    assert!(verify_generic::<_, rsa::pkcs1v15::Signature>(
        &their_vk, &msg, &sig
    ));
}

#[test]
fn pkcs1v15_every_signer_agrees() {
    let (ours, _) = keys();
    let msg: &[u8] = b"multipart message for the signer traits";
    let sk = pkcs1v15::SigningKey::<Sha256>::new(ours);
    let vk = sk.verifying_key();
    let reference = sk.sign(msg);

    let parts: &[&[u8]] = &[b"multipart ", b"message for ", b"", b"the signer traits"];
    assert_eq!(sk.multipart_sign(parts), reference);
    assert_eq!(sk.multipart_sign_with_rng(&mut rng(), parts), reference);
    assert_eq!(sk.sign_with_rng(&mut rng(), msg), reference);
    assert_eq!(
        sk.sign_digest(|d: &mut Sha256| Digest::update(d, msg)),
        reference
    );
    assert_eq!(
        sk.sign_digest_with_rng(&mut rng(), |d: &mut Sha256| Digest::update(d, msg)),
        reference
    );
    let prehash = Sha256::digest(msg);
    assert_eq!(sk.sign_prehash(&prehash).unwrap(), reference);

    vk.verify(msg, &reference).unwrap();
    vk.verify_prehash(&prehash, &reference).unwrap();
    vk.verify_digest(
        |d: &mut Sha256| {
            Digest::update(d, msg);
            Ok(())
        },
        &reference,
    )
    .unwrap();
    assert!(vk
        .verify_prehash(&Sha256::digest(b"x"), &reference)
        .is_err());
}

#[test]
fn pkcs1v15_unprefixed_matches_rsa() {
    let (ours, theirs) = keys();
    // Unprefixed: the "digest" is signed as given (e.g. TLS 1.1 MD5‖SHA-1).
    let data = [0x5au8; 36];
    let sk = pkcs1v15::SigningKey::<Sha256>::new_unprefixed(ours);
    let their_sk = rsa::pkcs1v15::SigningKey::<Sha256>::new_unprefixed(theirs);
    let sig = sk.sign_prehash(&data).unwrap();
    assert_eq!(sig.to_vec(), their_sk.sign_prehash(&data).unwrap().to_vec());
    sk.verifying_key().verify_prehash(&data, &sig).unwrap();
    // A prefixed key does not accept it.
    let vk = pkcs1v15::VerifyingKey::<Sha256>::new(sk.as_ref().to_public_key());
    assert!(vk.verify_prehash(&data[..32], &sig).is_err());
    assert_ne!(vk, sk.verifying_key());
}

#[test]
fn pkcs1v15_key_plumbing() {
    let (ours, _) = keys();
    let der = fixture("private.pkcs8.der");
    // DecodePrivateKey through TryFrom<PrivateKeyInfoRef>, EncodePrivateKey pass-through.
    let sk = pkcs1v15::SigningKey::<Sha256>::from_pkcs8_der(&der).unwrap();
    assert_eq!(sk.to_pkcs8_der().unwrap().as_bytes(), &der[..]);
    assert_eq!(sk, pkcs1v15::SigningKey::<Sha256>::from(ours.clone()));
    let vk =
        pkcs1v15::VerifyingKey::<Sha256>::from_public_key_der(&fixture("public.spki.der")).unwrap();
    assert_eq!(
        vk.to_public_key_der().unwrap().as_bytes(),
        &fixture("public.spki.der")[..]
    );
    assert_eq!(vk, sk.verifying_key());
    assert_eq!(vk.as_ref(), ours.as_public_key());
    assert_eq!(PublicKey::from(vk.clone()), ours.to_public_key());
    assert_eq!(PrivateKey::from(sk.clone()), ours);

    // Algorithm identifiers, as rsa's.
    type Sk = pkcs1v15::SigningKey<Sha256>;
    type Vk = pkcs1v15::VerifyingKey<Sha256>;
    type TheirSk = rsa::pkcs1v15::SigningKey<Sha256>;
    assert_eq!(Sk::ALGORITHM_IDENTIFIER, TheirSk::ALGORITHM_IDENTIFIER);
    assert_eq!(Vk::ALGORITHM_IDENTIFIER, TheirSk::ALGORITHM_IDENTIFIER);
    assert_eq!(
        Sk::SIGNATURE_ALGORITHM_IDENTIFIER,
        TheirSk::SIGNATURE_ALGORITHM_IDENTIFIER
    );
    assert_eq!(
        Vk::SIGNATURE_ALGORITHM_IDENTIFIER,
        rsa::pkcs1v15::VerifyingKey::<Sha256>::SIGNATURE_ALGORITHM_IDENTIFIER
    );
    assert_eq!(
        pkcs1v15::SigningKey::<Sha384>::SIGNATURE_ALGORITHM_IDENTIFIER,
        rsa::pkcs1v15::SigningKey::<Sha384>::SIGNATURE_ALGORITHM_IDENTIFIER
    );
    // sha1WithRSAEncryption under the `sha1` feature, as rsa's.
    #[cfg(feature = "sha1")]
    assert_eq!(
        pkcs1v15::SigningKey::<sha1::Sha1>::SIGNATURE_ALGORITHM_IDENTIFIER,
        rsa::pkcs1v15::SigningKey::<sha1::Sha1>::SIGNATURE_ALGORITHM_IDENTIFIER
    );

    assert!(format!("{sk:?}").starts_with("SigningKey"));
    assert!(format!("{vk:?}").starts_with("VerifyingKey"));
}

#[test]
fn signature_encoding() {
    let (ours, _) = keys();
    let sk = pkcs1v15::SigningKey::<Sha256>::new(ours);
    let sig = sk.sign(b"encode me");
    let bytes = sig.to_vec();
    assert_eq!(bytes.len(), 256);
    assert_eq!(sig.to_bytes().as_ref(), &bytes[..]);
    assert_eq!(pkcs1v15::Signature::try_from(&bytes[..]).unwrap(), sig);
    // rsa's inference: no annotation needed for a boxed slice's `as_ref()`.
    let boxed: Box<[u8]> = sig.clone().into();
    assert_eq!(pkcs1v15::Signature::try_from(boxed.as_ref()).unwrap(), sig);
    assert_eq!(&boxed[..], &bytes[..]);
    assert_eq!(format!("{sig:x}"), hex::encode(&bytes));
    assert_eq!(format!("{sig:X}"), hex::encode_upper(&bytes));
    assert_eq!(format!("{sig}"), hex::encode_upper(&bytes));
    assert!(format!("{sig:?}").starts_with("Signature"));
    assert_eq!(sig.to_bitstring().unwrap().raw_bytes(), &bytes[..]);

    // Length limits: rsa's MAX_LEN, 1024 bytes (8192 bits).
    assert_eq!(
        pkcs1v15::Signature::MAX_LEN,
        rsa::pkcs1v15::Signature::MAX_LEN
    );
    assert!(pkcs1v15::Signature::try_from(&[0u8; 1025][..]).is_err());
    assert!(pkcs1v15::Signature::from_bytes_with_max_len(&[0u8; 200], 100).is_err());
    assert_eq!(
        pkcs1v15::Signature::from_bytes_with_max_len(&[7u8; 100], 100)
            .unwrap()
            .to_vec(),
        vec![7u8; 100]
    );
    // A short (or empty) signature decodes but never verifies.
    let short = pkcs1v15::Signature::try_from(&bytes[1..]).unwrap();
    assert!(sk.verifying_key().verify(b"encode me", &short).is_err());
    let empty = pkcs1v15::Signature::try_from(&[][..]).unwrap();
    assert!(sk.verifying_key().verify(b"encode me", &empty).is_err());

    let pss_sig = pss::Signature::try_from(&bytes[..]).unwrap();
    assert_eq!(pss_sig.to_vec(), bytes);
    assert_eq!(format!("{pss_sig}"), hex::encode_upper(&bytes));
}

#[test]
fn bounded_signature_encoding() {
    let der = fixture("private.pkcs8.der");
    let key = BoundedPrivateKey::<Max2048>::from_pkcs8_der(&der).unwrap();
    let sk = pkcs1v15::BoundedSigningKey::<Sha256, Max2048>::new(key);
    let sig = sk.sign(b"encode me");
    let bytes = sig.to_vec();
    // Inline storage: the signature is its own `Repr`, and derefs to bytes.
    assert_eq!(&*sig, &bytes[..]);
    assert_eq!(sig.as_ref(), &bytes[..]);
    assert_eq!(sig.to_bytes(), sig);
    // MAX_LEN is the capacity.
    assert_eq!(
        pkcs1v15::BoundedSignature::<rsa_cortex_m::Max4096>::MAX_LEN,
        512
    );
    assert_eq!(
        pkcs1v15::BoundedSignature::<rsa_cortex_m::Max8192>::MAX_LEN,
        1024
    );
    assert!(
        pkcs1v15::BoundedSignature::<rsa_cortex_m::Max4096>::try_from(&[0u8; 513][..]).is_err()
    );
    assert!(pkcs1v15::BoundedSignature::<Max2048>::try_from(&[0u8; 257][..]).is_err());
    assert!(
        pkcs1v15::BoundedSignature::<Max2048>::from_bytes_with_max_len(&[0u8; 200], 100).is_err()
    );
    assert_eq!(
        pkcs1v15::BoundedSignature::<Max2048>::from_bytes_with_max_len(&[7u8; 100], 100)
            .unwrap()
            .as_ref(),
        &[7u8; 100][..]
    );
    assert!(format!("{sig:?}").starts_with("BoundedSignature"));
    assert_eq!(format!("{sig:X}"), hex::encode_upper(&bytes));
}

#[test]
fn smaller_capacity_types() {
    let der = fixture("private.pkcs8.der");
    let key = BoundedPrivateKey::<Max2048>::from_pkcs8_der(&der).unwrap();
    let sk = pkcs1v15::BoundedSigningKey::<Sha256, Max2048>::new(key.clone());
    let sig: pkcs1v15::BoundedSignature<Max2048> = sk.sign(&fixture("msg.bin"));
    assert_eq!(sig.as_ref(), &fixture("sig.pkcs1v15.sha256.bin")[..]);
    let vk = sk.verifying_key();
    vk.verify(&fixture("msg.bin"), &sig).unwrap();
    assert!(
        core::mem::size_of::<pkcs1v15::BoundedSignature<Max2048>>()
            < core::mem::size_of::<pkcs1v15::BoundedSignature>()
    );
    // Beyond rsa's API: multipart verification and the unprefixed flag.
    let msg = fixture("msg.bin");
    vk.multipart_verify(&[&msg[..7], &msg[7..]], &sig).unwrap();
    assert!(vk.multipart_verify(&[&msg[1..]], &sig).is_err());
    assert!(!sk.is_unprefixed());
    let unprefixed = pkcs1v15::BoundedSigningKey::<Sha256, Max2048>::new_unprefixed(key.clone());
    assert!(unprefixed.is_unprefixed() && unprefixed.verifying_key().is_unprefixed());

    let pss_sk = pss::BoundedSigningKey::<Sha256, Max2048>::new(key.clone());
    let pss_sig: pss::BoundedSignature<Max2048> = pss_sk.sign_with_rng(&mut rng(), b"small");
    pss_sk.verifying_key().verify(b"small", &pss_sig).unwrap();
    pss_sk
        .verifying_key()
        .multipart_verify(&[b"sm", b"all"], &pss_sig)
        .unwrap();

    let dk = oaep::BoundedDecryptingKey::<Sha256, Sha256, Max2048>::new(key.clone());
    let ek = dk.encrypting_key();
    let ct = ek.encrypt_with_rng(&mut rng(), b"small").unwrap();
    assert_eq!(dk.decrypt(&ct).unwrap(), b"small");
    // The no-heap paths.
    let mut ct = [0u8; 256];
    ek.encrypt_into(&mut rng(), b"no heap", &mut ct).unwrap();
    let mut out = [0u8; 256];
    let len = dk.decrypt_into(&ct, &mut out).unwrap();
    assert_eq!(&out[..len], b"no heap");

    let dk = pkcs1v15::BoundedDecryptingKey::<Max2048>::new(key);
    let ek = dk.encrypting_key();
    let ct = ek.encrypt_with_rng(&mut rng(), b"small").unwrap();
    assert_eq!(dk.decrypt(&ct).unwrap(), b"small");
    let mut ct = [0u8; 256];
    ek.encrypt_into(&mut rng(), b"no heap", &mut ct).unwrap();
    let len = dk.decrypt_into(&ct, &mut out).unwrap();
    assert_eq!(&out[..len], b"no heap");
}

// ---------------------------------------------------------------------------
// PSS
// ---------------------------------------------------------------------------

#[test]
fn pss_cross_verifies_with_rsa() {
    let (ours, theirs) = keys();
    let msg = fixture("msg.bin");
    let sk = pss::SigningKey::<Sha256>::new(ours.clone());
    let their_sk = rsa::pss::SigningKey::<Sha256>::new(theirs.clone());
    assert_eq!(sk.salt_len(), their_sk.salt_len());

    let sig: pss::Signature = sk.sign_with_rng(&mut rng(), &msg);
    let vk = sk.verifying_key();
    let their_vk = signature::Keypair::verifying_key(&their_sk);
    vk.verify(&msg, &sig).unwrap();
    their_vk
        .verify(
            &msg,
            &rsa::pss::Signature::try_from(&sig.to_vec()[..]).unwrap(),
        )
        .unwrap();
    let their_sig = their_sk.sign_with_rng(&mut rng(), &msg);
    vk.verify(
        &msg,
        &pss::Signature::try_from(&their_sig.to_vec()[..]).unwrap(),
    )
    .unwrap();
    assert!(vk.verify(&fixture("msg.modified.bin"), &sig).is_err());

    // OpenSSL's signatures with salt 32, 0 and max.
    vk.verify(
        &msg,
        &pss::Signature::try_from(&fixture("sig.pss.sha256.salt32.bin")[..]).unwrap(),
    )
    .unwrap();
    let auto = pss::VerifyingKey::<Sha256>::new_with_auto_salt_len(ours.to_public_key());
    assert_eq!(auto.salt_len(), None);
    for (name, salt) in [
        ("sig.pss.sha256.salt0.bin", 0),
        ("sig.pss.sha256.saltmax.bin", 222),
    ] {
        let s = pss::Signature::try_from(&fixture(name)[..]).unwrap();
        auto.verify(&msg, &s).unwrap();
        pss::VerifyingKey::<Sha256>::new_with_salt_len(ours.to_public_key(), salt)
            .verify(&msg, &s)
            .unwrap();
        assert!(vk.verify(&msg, &s).is_err(), "{name}");
    }
    let flipped =
        pss::Signature::try_from(&fixture("sig.pss.sha256.salt32.bitflip.bin")[..]).unwrap();
    assert!(auto.verify(&msg, &flipped).is_err());

    // Salt 0 is deterministic: byte-identical to rsa's and OpenSSL's.
    let sk0 = pss::SigningKey::<Sha256>::new_with_salt_len(ours, 0);
    let their_sk0 = rsa::pss::SigningKey::<Sha256>::new_with_salt_len(theirs, 0);
    let sig0 = sk0.sign_with_rng(&mut rng(), &msg);
    assert_eq!(
        sig0.to_vec(),
        their_sk0.sign_with_rng(&mut rng(), &msg).to_vec()
    );
    assert_eq!(sig0.to_vec(), fixture("sig.pss.sha256.salt0.bin"));

    // With `getrandom` (as rsa's), the OS RNG makes the plain signer traits available.
    #[cfg(feature = "getrandom")]
    {
        let sig = sk.sign(&msg);
        vk.verify(&msg, &sig).unwrap();
        let sig = sk.multipart_sign(&[&msg[..5], &msg[5..]]);
        vk.verify(&msg, &sig).unwrap();
        let sig = sk.sign_prehash(&Sha256::digest(&msg)).unwrap();
        vk.verify(&msg, &sig).unwrap();
        assert!(verify_generic::<_, pss::Signature>(
            &vk,
            &msg,
            &sign_generic(&sk, &msg)
        ));
    }

    // Generic code.
    let generic = sign_randomized_generic(&sk, &msg);
    assert!(verify_generic::<_, pss::Signature>(
        &keypair_generic(&sk),
        &msg,
        &generic
    ));
    assert!(verify_generic::<_, rsa::pss::Signature>(
        &their_vk, &msg, &generic
    ));
}

#[test]
fn pss_every_signer_agrees() {
    let (ours, _) = keys();
    // Salt 0: every path must give the same bytes.
    let sk = pss::SigningKey::<Sha256>::new_with_salt_len(ours, 0);
    let vk = sk.verifying_key();
    assert_eq!(vk.salt_len(), Some(0));
    let msg: &[u8] = b"pss multipart";
    let parts: &[&[u8]] = &[b"pss ", b"multi", b"part"];
    let reference = sk.sign_with_rng(&mut rng(), msg);
    assert_eq!(sk.multipart_sign_with_rng(&mut rng(), parts), reference);
    assert_eq!(
        sk.sign_digest_with_rng(&mut rng(), |d: &mut Sha256| Digest::update(d, msg)),
        reference
    );
    let prehash = Sha256::digest(msg);
    assert_eq!(
        sk.sign_prehash_with_rng(&mut rng(), &prehash).unwrap(),
        reference
    );
    vk.verify(msg, &reference).unwrap();
    vk.verify_prehash(&prehash, &reference).unwrap();
    vk.verify_digest(
        |d: &mut Sha256| {
            Digest::update(d, msg);
            Ok(())
        },
        &reference,
    )
    .unwrap();
    // Wrong-length prehash is an error, not a panic.
    assert!(sk
        .sign_prehash_with_rng(&mut rng(), &prehash[..31])
        .is_err());
    assert!(vk.verify_prehash(&prehash[..31], &reference).is_err());
    // A salt too long for the key is an error.
    let big = pss::SigningKey::<Sha256>::new_with_salt_len(sk.as_ref().clone(), 300);
    assert!(big.try_sign_with_rng(&mut rng(), msg).is_err());
}

#[test]
fn pss_key_plumbing() {
    let (ours, theirs) = keys();
    let der = fixture("private.pkcs8.der");
    let sk = pss::SigningKey::<Sha256>::from_pkcs8_der(&der).unwrap();
    assert_eq!(sk.to_pkcs8_der().unwrap().as_bytes(), &der[..]);
    assert_eq!(sk, pss::SigningKey::<Sha256>::from(ours.clone()));
    let vk = pss::VerifyingKey::<Sha256>::from_public_key_der(&fixture("public.spki.der")).unwrap();
    assert_eq!(vk, sk.verifying_key());
    assert_eq!(
        vk.to_public_key_der().unwrap().as_bytes(),
        &fixture("public.spki.der")[..]
    );
    assert_eq!(PublicKey::from(vk), ours.to_public_key());
    assert_eq!(PrivateKey::from(sk.clone()), ours);

    // DynSignatureAlgorithmIdentifier: id-RSASSA-PSS with parameters, as rsa.
    let their_sk = rsa::pss::SigningKey::<Sha256>::new(theirs);
    assert_eq!(
        sk.signature_algorithm_identifier().unwrap(),
        their_sk.signature_algorithm_identifier().unwrap()
    );
    assert_eq!(
        pss::get_default_pss_signature_algo_id::<Sha256>().unwrap(),
        rsa::pss::get_default_pss_signature_algo_id::<Sha256>().unwrap()
    );
    assert_eq!(
        pss::SigningKey::<Sha256>::ALGORITHM_IDENTIFIER,
        rsa::pss::SigningKey::<Sha256>::ALGORITHM_IDENTIFIER
    );
    #[allow(deprecated)]
    let _legacy: pss::BlindedSigningKey<Sha256> = sk;
}

// ---------------------------------------------------------------------------
// Encryption
// ---------------------------------------------------------------------------

#[test]
fn pkcs1v15_encryption_cross_decrypts() {
    let (ours, theirs) = keys();
    let dk = pkcs1v15::DecryptingKey::new(ours.clone());
    let ek = encrypting_keypair_generic(&dk);
    assert_eq!(ek, pkcs1v15::EncryptingKey::new(ours.to_public_key()));
    let their_dk = rsa::pkcs1v15::DecryptingKey::new(theirs.clone());
    let their_ek = rsa::pkcs1v15::EncryptingKey::new(theirs.to_public_key());
    let msg = b"pkcs1v15 typed keys";

    let ct = encrypt_generic(&ek, msg);
    assert_eq!(ct.len(), 256);
    assert_eq!(their_decrypt_generic(&their_dk, &ct).unwrap(), msg);
    assert_eq!(decrypt_generic(&dk, &ct).unwrap(), msg);
    let ct = their_encrypt_generic(&their_ek, msg);
    assert_eq!(decrypt_generic(&dk, &ct).unwrap(), msg);
    assert_eq!(decrypt_randomized_generic(&dk, &ct).unwrap(), msg);
    // Same RNG stream: byte-identical ciphertexts to rsa's.
    assert_eq!(
        encrypt_generic(&ek, msg),
        their_encrypt_generic(&their_ek, msg)
    );

    // OpenSSL's ciphertext.
    assert_eq!(
        dk.decrypt(&fixture("ct.pkcs1v15.bin")).unwrap(),
        fixture("plaintext.bin")
    );

    // Implicit rejection: a bad ciphertext yields rsa's synthetic message.
    let mut bad = ct.clone();
    bad[10] ^= 1;
    assert_eq!(
        dk.decrypt(&bad).unwrap(),
        rsa::traits::Decryptor::decrypt(&their_dk, &bad).unwrap()
    );
    // Wrong length: the same error variant as rsa's.
    assert_eq!(
        dk.decrypt(&ct[1..]).unwrap_err(),
        rsa_cortex_m::Error::Decryption
    );
    assert_eq!(
        ek.encrypt_with_rng(&mut rng(), &[0u8; 246]).unwrap_err(),
        rsa_cortex_m::Error::MessageTooLong
    );
}

#[test]
fn oaep_encryption_cross_decrypts() {
    use rsa::traits::{Decryptor as _, RandomizedEncryptor as _};
    let (ours, theirs) = keys();
    let msg = b"oaep typed keys";

    // SHA-256, empty label.
    let dk = oaep::DecryptingKey::<Sha256>::new(ours.clone());
    let ek = oaep::EncryptingKey::<Sha256>::new(ours.to_public_key());
    let their_dk = rsa::oaep::DecryptingKey::<Sha256>::new(theirs.clone());
    let their_ek = rsa::oaep::EncryptingKey::<Sha256>::new(theirs.to_public_key());
    assert_eq!(
        their_decrypt_generic(&their_dk, &encrypt_generic(&ek, msg)).unwrap(),
        msg
    );
    assert_eq!(
        decrypt_generic(&dk, &their_encrypt_generic(&their_ek, msg)).unwrap(),
        msg
    );
    assert_eq!(
        decrypt_randomized_generic(&dk, &encrypt_generic(&ek, msg)).unwrap(),
        msg
    );
    assert_eq!(
        dk.decrypt(&fixture("ct.oaep.sha256.bin")).unwrap(),
        fixture("plaintext.bin")
    );
    // Same RNG stream: byte-identical ciphertexts to rsa's.
    assert_eq!(
        encrypt_generic(&ek, msg),
        their_encrypt_generic(&their_ek, msg)
    );

    // SHA-1.
    let dk1 = oaep::DecryptingKey::<Sha1>::new(ours.clone());
    assert_eq!(
        dk1.decrypt(&fixture("ct.oaep.sha1.bin")).unwrap(),
        fixture("plaintext.bin")
    );

    // With a label.
    let label = b"fixture-label";
    let dkl = oaep::DecryptingKey::<Sha256>::new_with_label(ours.clone(), label.to_vec());
    assert_eq!(
        dkl.decrypt(&fixture("ct.oaep.sha256.label.bin")).unwrap(),
        fixture("plaintext.bin")
    );
    assert!(dk.decrypt(&fixture("ct.oaep.sha256.label.bin")).is_err());
    let ekl = oaep::EncryptingKey::<Sha256>::new_with_label(ours.to_public_key(), label.to_vec());
    let their_dkl =
        rsa::oaep::DecryptingKey::<Sha256>::new_with_label(theirs.clone(), label.to_vec());
    let their_ekl = rsa::oaep::EncryptingKey::<Sha256>::new_with_label(
        theirs.to_public_key(),
        label.as_slice(),
    );
    assert_eq!(
        their_dkl
            .decrypt(&ekl.encrypt_with_rng(&mut rng(), msg).unwrap())
            .unwrap(),
        msg
    );
    assert_eq!(
        dkl.decrypt(&their_ekl.encrypt_with_rng(&mut rng(), msg).unwrap())
            .unwrap(),
        msg
    );
    assert_ne!(ekl, ek);
    // Empty label given explicitly works like no label, but compares unequal (as rsa's).
    let empty = oaep::EncryptingKey::<Sha256>::new_with_label(ours.to_public_key(), Vec::new());
    assert_eq!(
        dk.decrypt(&empty.encrypt_with_rng(&mut rng(), msg).unwrap())
            .unwrap(),
        msg
    );
    assert_ne!(empty, ek);

    // Mixed hashes: SHA-256 label hash with MGF1-SHA-1 (Android keystore).
    let dkm = oaep::DecryptingKey::<Sha256, Sha1>::new(ours.clone());
    let ekm = oaep::EncryptingKey::<Sha256, Sha1>::new(ours.to_public_key());
    let their_ekm = rsa::oaep::EncryptingKey::<Sha256, Sha1>::new(theirs.to_public_key());
    let their_dkm = rsa::oaep::DecryptingKey::<Sha256, Sha1>::new(theirs);
    assert_eq!(
        dkm.decrypt(&their_ekm.encrypt_with_rng(&mut rng(), msg).unwrap())
            .unwrap(),
        msg
    );
    let ctm = ekm.encrypt_with_rng(&mut rng(), msg).unwrap();
    assert_eq!(their_dkm.decrypt(&ctm).unwrap(), msg);
    assert!(dk.decrypt(&ctm).is_err());

    // Errors: rsa's variants.
    assert_eq!(
        dk.decrypt(&ctm[1..]).unwrap_err(),
        rsa_cortex_m::Error::Decryption
    );
    assert_eq!(
        ek.encrypt_with_rng(&mut rng(), &[0u8; 191]).unwrap_err(),
        rsa_cortex_m::Error::MessageTooLong
    );
    ek.encrypt_with_rng(&mut rng(), &[0u8; 190]).unwrap();
}

#[test]
fn bounded_oaep_label_capacity() {
    let der = fixture("private.pkcs8.der");
    let key = BoundedPrivateKey::<Max2048>::from_pkcs8_der(&der).unwrap();
    type Dk = oaep::BoundedDecryptingKey<Sha256, Sha256, Max2048>;
    type Ek = oaep::BoundedEncryptingKey<Sha256, Sha256, Max2048>;
    let max = [b'l'; oaep::MAX_LABEL_LEN];
    let dk = Dk::try_new_with_label(key.clone(), max).unwrap();
    let ct = dk
        .encrypting_key()
        .encrypt_with_rng(&mut rng(), b"m")
        .unwrap();
    assert_eq!(dk.decrypt(&ct).unwrap(), b"m");

    let long = vec![b'l'; oaep::MAX_LABEL_LEN + 1];
    assert_eq!(
        Ek::try_new_with_label(key.to_public_key(), &long).unwrap_err(),
        rsa_cortex_m::Error::LabelTooLong
    );
    // The infallible constructor defers the error to each use.
    let ek = Ek::new_with_label(key.to_public_key(), &long);
    assert_eq!(
        ek.encrypt_with_rng(&mut rng(), b"m").unwrap_err(),
        rsa_cortex_m::Error::LabelTooLong
    );
    let dk = Dk::new_with_label(key, &long);
    assert_eq!(
        dk.decrypt(&ct).unwrap_err(),
        rsa_cortex_m::Error::LabelTooLong
    );
    assert!(format!("{ek:?}").contains("too long"));
}

// ---------------------------------------------------------------------------
// Conversions with rsa's keys
// ---------------------------------------------------------------------------

#[test]
fn key_conversions_with_rsa() {
    let (ours, theirs) = keys();
    assert_eq!(PrivateKey::try_from(&theirs).unwrap(), ours);
    assert_eq!(
        PublicKey::from(theirs.to_public_key()),
        ours.to_public_key()
    );
    assert_eq!(rsa::PrivateKey::try_from(&ours).unwrap(), theirs);
    assert_eq!(
        rsa::PublicKey::from(ours.as_public_key()),
        theirs.to_public_key()
    );
    // Capacity checks on the way in.
    assert!(BoundedPrivateKey::<Max2048>::try_from(&theirs).is_ok());
    let big = rsa::PrivateKey::from_pkcs8_der(
        &std::fs::read(format!(
            "{}/tests/data/fixtures/rsa3072/private.pkcs8.der",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        BoundedPrivateKey::<Max2048>::try_from(&big).unwrap_err(),
        rsa::Error::ModulusTooLarge
    );
    assert!(BoundedPublicKey::<Max2048>::try_from(big.to_public_key()).is_err());
    let big_ours = PrivateKey::try_from(big.clone()).unwrap();
    assert_eq!(rsa::PrivateKey::try_from(&big_ours).unwrap(), big);

    // Signatures cross over through their bytes.
    let sk = pkcs1v15::SigningKey::<Sha256>::new(ours.clone());
    let their_sk = rsa::pkcs1v15::SigningKey::<Sha256>::new(theirs.clone());
    let sig = sk.sign(b"y");
    let their_sig = rsa::pkcs1v15::Signature::try_from(sig.to_bytes().as_ref()).unwrap();
    assert_eq!(their_sig, their_sk.sign(b"y"));
    let back = pkcs1v15::Signature::try_from(their_sig.to_bytes().as_ref()).unwrap();
    assert_eq!(back, sig);

    // Fixed-capacity and heap keys convert both ways.
    let bounded = BoundedPrivateKey::<Max2048>::try_from(&ours).unwrap();
    assert_eq!(PrivateKey::try_from(&bounded).unwrap(), ours);
    let bounded_public = BoundedPublicKey::<Max2048>::try_from(ours.as_public_key()).unwrap();
    assert_eq!(PublicKey::from(&bounded_public), ours.to_public_key());
    assert_eq!(
        BoundedPrivateKey::<Max2048>::try_from(&big_ours).unwrap_err(),
        rsa_cortex_m::Error::ModulusTooLarge
    );
}
