//! Key generation (FIPS 186-5 A.1.3 probable primes): generated keys pass
//! our validation and `rsa` 0.10's, are reproducible from a seeded RNG,
//! have the shape the standard asks for (exact size, top two bits of `p` and
//! `q`, `gcd(e, p − 1) = 1`, `|p − q|` and `d` bounds, `d = e⁻¹ mod λ`),
//! and work in every scheme and through PKCS#1 / PKCS#8.
//!
//! Timings (release, x86-64 host, one core): under 1 s per test, about 3.3 s
//! for the whole file; a 2048-bit key takes 10 to 260 ms (mean about 90 ms)
//! depending on the seed. The 4096-bit test takes about 3.5 s and is
//! `#[ignore]`d (run with `cargo test --release --test keygen -- --ignored`).

#![cfg(feature = "rsa")]

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::One;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use rsa_cortex_m::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey, EncodeRsaPublicKey};
use rsa_cortex_m::pkcs8::{DecodePrivateKey, EncodePrivateKey};
use rsa_cortex_m::signature::{Keypair, RandomizedSigner, Signer, Verifier};
use rsa_cortex_m::{
    oaep, pkcs1v15, pss, BoundedPrivateKey, BoxedUint, Capacity, Error, Max1024, Max2048, Max3072,
    Max4096, Oaep, Pkcs1v15Encrypt, Pkcs1v15Sign, PrivateKey, Pss,
};
use sha2::{Digest, Sha256};

/// The fixed-capacity key whose (no-heap) generation most tests exercise.
type Key = BoundedPrivateKey<Max4096>;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The numbers of a generated key, read back through its PKCS#1 encoding.
struct Parts {
    n: BigUint,
    e: BigUint,
    d: BigUint,
    p: BigUint,
    q: BigUint,
    dp: BigUint,
    dq: BigUint,
    qinv: BigUint,
}

fn parts<C: Capacity>(key: &BoundedPrivateKey<C>) -> Parts {
    let der = key.to_pkcs1_der().unwrap();
    let k = rsa_cortex_m::pkcs1::RsaPrivateKey::try_from(der.as_bytes()).unwrap();
    let big = |x: rsa_cortex_m::pkcs1::UintRef<'_>| BigUint::from_bytes_be(x.as_bytes());
    Parts {
        n: big(k.modulus),
        e: big(k.public_exponent),
        d: big(k.private_exponent),
        p: big(k.prime1),
        q: big(k.prime2),
        dp: big(k.exponent1),
        dq: big(k.exponent2),
        qinv: big(k.coefficient),
    }
}

/// Fermat tests to a few bases: an independent (num-bigint) primality check.
fn probably_prime(x: &BigUint) -> bool {
    let one = BigUint::one();
    let xm1 = x - &one;
    [2u32, 3, 5, 7, 11, 13]
        .iter()
        .all(|&b| BigUint::from(b).modpow(&xm1, x) == one)
}

/// Every property FIPS 186-5 A.1.3 / A.1.1 asks of a key, checked with
/// num-bigint, plus our `validate` and `rsa` 0.10's.
fn check_key<C: Capacity>(key: &BoundedPrivateKey<C>, bits: usize, e: u64) {
    key.validate().unwrap();
    assert_eq!(key.as_public_key().n_bits(), bits);
    assert_eq!(key.as_public_key().e_u64(), e);
    let x = parts(key);
    let one = BigUint::one();
    assert_eq!(x.e, BigUint::from(e));
    assert_eq!(&x.p * &x.q, x.n);
    assert_eq!(x.n.bits() as usize, bits);
    let (kp, kq) = (bits / 2, bits - bits / 2);
    for (prime, k) in [(&x.p, kp), (&x.q, kq)] {
        assert_eq!(prime.bits() as usize, k, "prime size");
        assert_eq!(prime >> (k - 2), BigUint::from(3u32), "top two bits set");
        assert!(probably_prime(prime));
        assert!((prime - &one).gcd(&x.e).is_one(), "gcd(e, p − 1) = 1");
    }
    let diff = if x.p > x.q { &x.p - &x.q } else { &x.q - &x.p };
    assert!(
        diff > one.clone() << (bits / 2 - 100),
        "|p − q| > 2^(nlen/2 − 100)"
    );
    let lambda = (&x.p - &one).lcm(&(&x.q - &one));
    assert!(x.d < lambda, "d < λ");
    assert!((&x.d * &x.e % &lambda).is_one(), "e·d ≡ 1 mod λ");
    assert!(x.d > one.clone() << (bits / 2), "d > 2^(nlen/2)");
    assert_eq!(x.dp, &x.d % (&x.p - &one));
    assert_eq!(x.dq, &x.d % (&x.q - &one));
    assert!((&x.qinv * &x.q % &x.p).is_one());
    let theirs = rsa::PrivateKey::try_from(key).unwrap();
    theirs.validate().unwrap();
}

#[test]
fn generated_2048_bit_key_is_valid_for_us_and_rsa() {
    let key = Key::new(&mut rng(1), 2048).unwrap();
    check_key(&key, 2048, 65537);
}

#[test]
fn seeded_generation_is_reproducible() {
    let a = BoundedPrivateKey::<Max2048>::new(&mut rng(7), 2048).unwrap();
    let b = BoundedPrivateKey::<Max2048>::new(&mut rng(7), 2048).unwrap();
    let c = BoundedPrivateKey::<Max2048>::new(&mut rng(8), 2048).unwrap();
    assert!(a == b);
    assert_eq!(
        a.to_pkcs1_der().unwrap().as_bytes(),
        b.to_pkcs1_der().unwrap().as_bytes()
    );
    assert!(a != c);
    assert!(a.as_public_key() != c.as_public_key());
}

#[test]
fn storage_capacity_does_not_change_the_key() {
    // The same seed gives the same key whatever storage holds it.
    let small = BoundedPrivateKey::<Max2048>::new(&mut rng(9), 2048).unwrap();
    let large = BoundedPrivateKey::<Max4096>::new(&mut rng(9), 2048).unwrap();
    assert_eq!(
        small.to_pkcs1_der().unwrap().as_bytes(),
        large.to_pkcs1_der().unwrap().as_bytes()
    );
}

#[test]
fn sizes_1024_unchecked_and_odd() {
    for (seed, bits) in [(10, 1024), (11, 1024), (12, 1536), (13, 1025), (14, 1111)] {
        let key = Key::new_unchecked(&mut rng(seed), bits).unwrap();
        check_key(&key, bits, 65537);
    }
    let key = BoundedPrivateKey::<Max1024>::new_unchecked(&mut rng(15), 1024).unwrap();
    check_key(&key, 1024, 65537);
}

#[test]
fn size_3072() {
    let key = BoundedPrivateKey::<Max3072>::new(&mut rng(16), 3072).unwrap();
    check_key(&key, 3072, 65537);
}

#[test]
#[ignore = "about 3.5 s in release, much longer in debug; run with --ignored"]
fn size_4096() {
    let key = Key::new(&mut rng(17), 4096).unwrap();
    check_key(&key, 4096, 65537);
}

#[test]
fn other_public_exponents() {
    // 3·5·7·…·29 and 2^33 − 1 = 7·23·89·599479: composite exponents.
    for (seed, e) in [
        (20, 3u64),
        (21, 17),
        (22, 65539),
        (25, 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29),
        (26, (1 << 33) - 1),
    ] {
        let key = Key::new_with_exp_u64_unchecked(&mut rng(seed), 1024, e).unwrap();
        check_key(&key, 1024, e);
    }
    let key = Key::new_with_exp(&mut rng(23), 2048, BoxedUint::from(3u64)).unwrap();
    check_key(&key, 2048, 3);
    let key = Key::new_with_exp_unchecked(&mut rng(24), 1024, BoxedUint::from(257u64)).unwrap();
    check_key(&key, 1024, 257);
}

#[test]
fn bad_parameters_are_errors() {
    let mut r = rng(30);
    assert_eq!(Key::new(&mut r, 2047).unwrap_err(), Error::ModulusTooSmall);
    assert_eq!(Key::new(&mut r, 1024).unwrap_err(), Error::ModulusTooSmall);
    assert_eq!(
        Key::new_unchecked(&mut r, 1023).unwrap_err(),
        Error::ModulusTooSmall
    );
    assert_eq!(
        Key::new_unchecked(&mut r, 0).unwrap_err(),
        Error::ModulusTooSmall
    );
    assert_eq!(Key::new(&mut r, 4097).unwrap_err(), Error::ModulusTooLarge);
    assert_eq!(
        BoundedPrivateKey::<Max2048>::new(&mut r, 3072).unwrap_err(),
        Error::ModulusTooLarge
    );
    assert_eq!(
        BoundedPrivateKey::<Max1024>::new(&mut r, 1024).unwrap_err(),
        Error::ModulusTooSmall
    );
    assert_eq!(
        Key::new(&mut r, usize::MAX).unwrap_err(),
        Error::ModulusTooLarge
    );
    for (e, err) in [
        (0u64, Error::PublicExponentTooSmall),
        (1, Error::PublicExponentTooSmall),
        (2, Error::InvalidExponent),
        (65536, Error::InvalidExponent),
        (1 << 33, Error::InvalidExponent),
        ((1 << 33) + 1, Error::PublicExponentTooLarge),
        (u64::MAX, Error::PublicExponentTooLarge),
    ] {
        assert_eq!(
            Key::new_with_exp_u64(&mut r, 2048, e).unwrap_err(),
            err,
            "e = {e}"
        );
    }
    let mut big = [0u8; 16];
    big[0] = 1;
    let huge = BoxedUint::from_be_slice(&big, 128).unwrap();
    assert_eq!(
        Key::new_with_exp(&mut r, 2048, huge).unwrap_err(),
        Error::PublicExponentTooLarge
    );
    assert_eq!(
        Key::new_with_exp(&mut r, 2048, BoxedUint::from(4u64)).unwrap_err(),
        Error::InvalidExponent
    );
}

/// A generator that fails after `budget` words.
struct FailingRng {
    budget: usize,
}

#[derive(Debug)]
struct RngFailed;

impl core::fmt::Display for RngFailed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("rng failed")
    }
}

impl core::error::Error for RngFailed {}

impl rand::rand_core::TryRng for FailingRng {
    type Error = RngFailed;
    fn try_next_u32(&mut self) -> Result<u32, RngFailed> {
        if self.budget == 0 {
            return Err(RngFailed);
        }
        self.budget -= 1;
        Ok(0x9e37_79b9u32.wrapping_mul(self.budget as u32 | 1))
    }
    fn try_next_u64(&mut self) -> Result<u64, RngFailed> {
        Ok(self.try_next_u32()? as u64 | (self.try_next_u32()? as u64) << 32)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), RngFailed> {
        for b in dst {
            *b = self.try_next_u32()? as u8;
        }
        Ok(())
    }
}

impl rand::rand_core::TryCryptoRng for FailingRng {}

/// A generator stuck on one value (here: all ones, so every candidate is the
/// same composite `2^k − 1`).
struct StuckRng;

impl rand::rand_core::TryRng for StuckRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(u32::MAX)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(u64::MAX)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        dst.fill(0xff);
        Ok(())
    }
}

impl rand::rand_core::TryCryptoRng for StuckRng {}

#[test]
fn generator_failures_are_errors() {
    for budget in [0, 5, 40, 1000] {
        assert_eq!(
            Key::new(&mut FailingRng { budget }, 2048).unwrap_err(),
            Error::Rng
        );
    }
    assert!(matches!(
        <Key as sha2::digest::common::Generate>::try_generate_from_rng(&mut FailingRng {
            budget: 100
        }),
        Err(RngFailed)
    ));
    // A stuck generator ends with an error instead of looping for ever.
    assert_eq!(
        Key::new_unchecked(&mut StuckRng, 1024).unwrap_err(),
        Error::Rng
    );
}

#[test]
fn generate_trait() {
    use sha2::digest::common::Generate;
    assert_eq!(Key::DEFAULT_BITS, 3072);
    assert_eq!(BoundedPrivateKey::<Max2048>::DEFAULT_BITS, 2048);
    let key = BoundedPrivateKey::<Max2048>::generate_from_rng(&mut rng(40));
    check_key(&key, 2048, 65537);
    assert!(key == BoundedPrivateKey::<Max2048>::new(&mut rng(40), 2048).unwrap());
    let sk = pkcs1v15::BoundedSigningKey::<Sha256, Max2048>::generate_from_rng(&mut rng(40));
    assert!(*sk.as_ref() == key);
    let sk = pss::BoundedSigningKey::<Sha256, Max2048>::generate_from_rng(&mut rng(40));
    assert!(*sk.as_ref() == key);
}

#[test]
fn round_trips_through_every_scheme() {
    // The heap key, generated by the same FIPS 186-5 procedure.
    let key = PrivateKey::new(&mut rng(50), 2048).unwrap();
    let public = key.to_public_key();
    let mut r = rng(51);
    let digest = Sha256::digest(b"generated key");

    let sig = key.sign(Pkcs1v15Sign::new::<Sha256>(), &digest).unwrap();
    public
        .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, &sig)
        .unwrap();
    let sig = key
        .sign_with_rng(&mut r, Pss::<Sha256>::new(), &digest)
        .unwrap();
    public.verify(Pss::<Sha256>::new(), &digest, &sig).unwrap();
    let ct = public
        .encrypt(&mut r, Oaep::<Sha256>::new(), b"secret")
        .unwrap();
    assert_eq!(key.decrypt(Oaep::<Sha256>::new(), &ct).unwrap(), b"secret");
    let ct = public.encrypt(&mut r, Pkcs1v15Encrypt, b"secret").unwrap();
    assert_eq!(key.decrypt(Pkcs1v15Encrypt, &ct).unwrap(), b"secret");

    // rsa 0.10 verifies and decrypts with the converted key, and the reverse.
    let theirs = rsa::PrivateKey::try_from(&key).unwrap();
    let their_public = theirs.to_public_key();
    let sig = key.sign(Pkcs1v15Sign::new::<Sha256>(), &digest).unwrap();
    their_public
        .verify(rsa::Pkcs1v15Sign::new::<Sha256>(), &digest, &sig)
        .unwrap();
    let ct = their_public
        .encrypt(&mut r, rsa::Oaep::<Sha256>::new(), b"from rsa")
        .unwrap();
    assert_eq!(
        key.decrypt(Oaep::<Sha256>::new(), &ct).unwrap(),
        b"from rsa"
    );
}

#[test]
fn encodings_round_trip() {
    let key = Key::new(&mut rng(60), 2048).unwrap();
    let der = key.to_pkcs1_der().unwrap();
    assert!(Key::from_pkcs1_der(der.as_bytes()).unwrap() == key);
    let der = key.to_pkcs8_der().unwrap();
    assert!(Key::from_pkcs8_der(der.as_bytes()).unwrap() == key);
    let theirs = rsa::PrivateKey::from_pkcs8_der(der.as_bytes()).unwrap();
    theirs.validate().unwrap();
    let pem = key.to_pkcs8_pem(Default::default()).unwrap();
    assert!(Key::from_pkcs8_pem(&pem).unwrap() == key);
    let public_der = key.as_public_key().to_pkcs1_der().unwrap();
    assert_eq!(
        public_der.as_bytes(),
        rsa::pkcs1::EncodeRsaPublicKey::to_pkcs1_der(&theirs.to_public_key())
            .unwrap()
            .as_bytes()
    );
}

#[test]
fn typed_random_constructors() {
    let msg = b"typed keys";
    let mut r = rng(70);

    let sk = pkcs1v15::BoundedSigningKey::<Sha256, Max2048>::random(&mut rng(71), 2048).unwrap();
    let sig = sk.sign(msg);
    sk.verifying_key().verify(msg, &sig).unwrap();
    let sk = pkcs1v15::BoundedSigningKey::<Sha256, Max2048>::random_unprefixed(&mut rng(72), 2048)
        .unwrap();
    assert!(sk.is_unprefixed());

    let sk = pss::BoundedSigningKey::<Sha256, Max2048>::random(&mut rng(73), 2048).unwrap();
    let sig = sk.sign_with_rng(&mut r, msg);
    sk.verifying_key().verify(msg, &sig).unwrap();
    let sk = pss::BoundedSigningKey::<Sha256, Max2048>::random_with_salt_len(&mut rng(74), 2048, 0)
        .unwrap();
    let sig = sk.sign_with_rng(&mut r, msg);
    sk.verifying_key().verify(msg, &sig).unwrap();

    use rsa_cortex_m::traits::{Decryptor, EncryptingKeypair, RandomizedEncryptor};
    let dk =
        oaep::BoundedDecryptingKey::<Sha256, Sha256, Max2048>::random(&mut rng(75), 2048).unwrap();
    let ct = dk.encrypting_key().encrypt_with_rng(&mut r, msg).unwrap();
    assert_eq!(dk.decrypt(&ct).unwrap(), msg);
    let dk = pkcs1v15::BoundedDecryptingKey::<Max2048>::random(&mut rng(76), 2048).unwrap();
    let ct = dk.encrypting_key().encrypt_with_rng(&mut r, msg).unwrap();
    assert_eq!(dk.decrypt(&ct).unwrap(), msg);

    // Below 2048 bits the fixed-capacity keys need the unchecked key
    // constructor; the heap keys follow rsa 0.10 (1024 and up).
    assert_eq!(
        pss::BoundedSigningKey::<Sha256, Max4096>::random(&mut rng(77), 1024).unwrap_err(),
        Error::ModulusTooSmall
    );
    let sk = pss::SigningKey::<Sha256>::random(&mut rng(77), 1024).unwrap();
    let sig = sk.sign_with_rng(&mut r, msg);
    sk.verifying_key().verify(msg, &sig).unwrap();
}

#[test]
fn statistical_sanity_over_many_keys() {
    // 8 small keys: sizes exact, top bits set, primes distinct across keys.
    let mut seen = std::collections::HashSet::new();
    for seed in 100..108 {
        let key = BoundedPrivateKey::<Max1024>::new_unchecked(&mut rng(seed), 1024).unwrap();
        let x = parts(&key);
        assert_eq!(x.n.bits(), 1024);
        for prime in [&x.p, &x.q] {
            assert_eq!(prime.bits(), 512);
            assert_eq!(prime >> 510u32, BigUint::from(3u32));
            assert!(seen.insert(prime.clone()), "a prime repeated");
        }
    }
}
