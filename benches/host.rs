//! Host benchmark: `rsa-cortex-m` ("ours"), RustCrypto `rsa` 0.10 ("rsa")
//! and `ring` 0.17 ("ring", where it offers the operation) in one run, on
//! the OpenSSL-made fixture keys of `tests/data/fixtures/rsa{2048,3072,4096}`.
//!
//! ```text
//! cargo bench -p rsa-cortex-m-bench --bench host   # everything (ci/host-bench)
//! cargo bench -p rsa-cortex-m-bench --bench host -- 'pkcs1v15_sign/2048'
//! ```
//!
//! Groups are `<operation>/<bits>` with functions `ours`, `rsa`, `ring`
//! (and, for `pkcs1v15_sign`, `core`: the no-heap `BoundedPrivateKey` and
//! `pkcs1v15::sign_prehash_into`, which do not blind):
//!
//! | operation | what is timed |
//! |---|---|
//! | `pkcs1v15_sign` | SHA-256 of the message + RSASSA-PKCS1-v1_5 signature |
//! | `pss_sign` | SHA-256 + RSASSA-PSS signature (salt = 32 bytes, MGF1-SHA-256) |
//! | `pkcs1v15_decrypt` | RSAES-PKCS1-v1_5 decryption |
//! | `oaep_decrypt` | RSAES-OAEP-SHA-256 decryption |
//! | `pkcs1v15_verify` | SHA-256 + RSASSA-PKCS1-v1_5 verification (e = 65537) |
//! | `pss_verify` | SHA-256 + RSASSA-PSS verification |
//! | `oaep_encrypt` | RSAES-OAEP-SHA-256 encryption (ChaCha8 RNG) |
//! | `load_pkcs8` | parsing + validating a PKCS#8 DER private key |
//!
//! `ring` has no RSA encryption or decryption; its verification parses the
//! public key on every call (its only API). `rsa` 0.10 and ours (the
//! drop-in `PrivateKey`) both blind base and exponent of their private
//! operations with the system RNG in `sign`/`decrypt` (the `getrandom`
//! feature); ring blinds too. Before any timing every operation's
//! result is checked against the fixtures, so a broken build gives no
//! numbers.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use rand::SeedableRng;
use ring::signature::{self as rsig, KeyPair as _};
use rsa_cortex_m::oaep::Oaep;
use rsa_cortex_m::pkcs1v15::{Pkcs1v15Encrypt, Pkcs1v15Sign};
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::pss::Pss;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{BoundedPrivateKey, Max4096, PrivateKey, PublicKey};
use sha2::{Digest, Sha256};

mod fixture;
use fixture::{Fixture, FIXTURES};

/// The three libraries' keys for one fixture.
struct Keys {
    ours: PrivateKey,
    /// The no-heap core's key.
    core: BoundedPrivateKey<Max4096>,
    ours_pub: PublicKey,
    rsa: rsa::PrivateKey,
    rsa_pub: rsa::PublicKey,
    ring: rsig::RsaKeyPair,
    /// PKCS#1 `RSAPublicKey` DER, the form `ring` verifies with.
    ring_pub: Vec<u8>,
}

impl Fixture {
    fn keys(&self) -> Keys {
        let ring = rsig::RsaKeyPair::from_pkcs8(self.private_der).expect("ring: load private key");
        let ring_pub = ring.public_key().as_ref().to_vec();
        Keys {
            ours: PrivateKey::from_pkcs8_der(self.private_der).expect("ours: load private key"),
            core: BoundedPrivateKey::from_pkcs8_der(self.private_der)
                .expect("core: load private key"),
            ours_pub: PublicKey::from_public_key_der(self.public_der)
                .expect("ours: load public key"),
            rsa: rsa::PrivateKey::from_pkcs8_der(self.private_der).expect("rsa: load private key"),
            rsa_pub: rsa::PublicKey::from_public_key_der(self.public_der)
                .expect("rsa: load public key"),
            ring,
            ring_pub,
        }
    }
}

fn rng() -> rand::rngs::ChaCha8Rng {
    rand::rngs::ChaCha8Rng::seed_from_u64(0x5eed)
}

fn group<'a>(c: &'a mut Criterion, op: &str, f: &Fixture) -> BenchmarkGroup<'a, WallTime> {
    c.benchmark_group(format!("{op}/{}", f.bits))
}

fn pkcs1v15_sign(c: &mut Criterion, f: &Fixture, k: &Keys) {
    let ring_rng = ring::rand::SystemRandom::new();
    let sign_ours = || fixture::sign_dropin(&k.ours, f.msg);
    let sign_rsa = || {
        k.rsa
            .sign(
                rsa::Pkcs1v15Sign::new::<Sha256>(),
                &Sha256::digest(black_box(f.msg)),
            )
            .expect("rsa: sign")
    };
    let mut sig = vec![0; k.ring.public().modulus_len()];
    let sign_ring = |sig: &mut [u8]| {
        k.ring
            .sign(&rsig::RSA_PKCS1_SHA256, &ring_rng, black_box(f.msg), sig)
            .expect("ring: sign")
    };
    // Deterministic scheme: all three must reproduce OpenSSL's signature.
    assert_eq!(
        sign_ours(),
        f.sig_pkcs1v15,
        "ours: signature differs from OpenSSL's"
    );
    assert_eq!(
        sign_rsa(),
        f.sig_pkcs1v15,
        "rsa: signature differs from OpenSSL's"
    );
    sign_ring(&mut sig);
    assert_eq!(
        sig, f.sig_pkcs1v15,
        "ring: signature differs from OpenSSL's"
    );

    let mut core_sig = vec![0; f.sig_pkcs1v15.len()];
    let sign_core = |sig: &mut [u8]| fixture::sign_core(&k.core, f.msg, sig);
    sign_core(&mut core_sig);
    assert_eq!(
        core_sig, f.sig_pkcs1v15,
        "core: signature differs from OpenSSL's"
    );

    let mut g = group(c, "pkcs1v15_sign", f);
    g.bench_function("ours", |b| b.iter(sign_ours));
    g.bench_function("core", |b| b.iter(|| sign_core(&mut core_sig)));
    g.bench_function("rsa", |b| b.iter(sign_rsa));
    g.bench_function("ring", |b| b.iter(|| sign_ring(&mut sig)));
    g.finish();
}

fn pss_sign(c: &mut Criterion, f: &Fixture, k: &Keys) {
    let ring_rng = ring::rand::SystemRandom::new();
    let mut rng_ours = rng();
    let mut rng_rsa = rng();
    let mut sig = vec![0; k.ring.public().modulus_len()];
    // Randomized scheme: check each signature with another library.
    let s = k
        .ours
        .sign_with_rng(&mut rng(), Pss::<Sha256>::new(), &Sha256::digest(f.msg))
        .expect("ours: sign");
    k.rsa_pub
        .verify(rsa::Pss::<Sha256>::new(), &Sha256::digest(f.msg), &s)
        .expect("ours: PSS signature rejected by rsa");
    let s = k
        .rsa
        .sign_with_rng(
            &mut rng(),
            rsa::Pss::<Sha256>::new(),
            &Sha256::digest(f.msg),
        )
        .expect("rsa: sign");
    k.ours_pub
        .verify(Pss::<Sha256>::new(), &Sha256::digest(f.msg), &s)
        .expect("rsa: PSS signature rejected by ours");
    k.ring
        .sign(&rsig::RSA_PSS_SHA256, &ring_rng, f.msg, &mut sig)
        .expect("ring: sign");
    k.ours_pub
        .verify(Pss::<Sha256>::new(), &Sha256::digest(f.msg), &sig)
        .expect("ring: PSS signature rejected by ours");

    let mut g = group(c, "pss_sign", f);
    g.bench_function("ours", |b| {
        b.iter(|| {
            k.ours.sign_with_rng(
                &mut rng_ours,
                Pss::<Sha256>::new(),
                &Sha256::digest(black_box(f.msg)),
            )
        })
    });
    g.bench_function("rsa", |b| {
        b.iter(|| {
            k.rsa.sign_with_rng(
                &mut rng_rsa,
                rsa::Pss::<Sha256>::new(),
                &Sha256::digest(black_box(f.msg)),
            )
        })
    });
    g.bench_function("ring", |b| {
        b.iter(|| {
            k.ring
                .sign(&rsig::RSA_PSS_SHA256, &ring_rng, black_box(f.msg), &mut sig)
        })
    });
    g.finish();
}

fn pkcs1v15_decrypt(c: &mut Criterion, f: &Fixture, k: &Keys) {
    let ours = || {
        k.ours
            .decrypt(Pkcs1v15Encrypt, black_box(f.ct_pkcs1v15))
            .expect("ours: decrypt")
    };
    let theirs = || {
        k.rsa
            .decrypt(rsa::Pkcs1v15Encrypt, black_box(f.ct_pkcs1v15))
            .expect("rsa: decrypt")
    };
    assert_eq!(ours(), f.plaintext, "ours: wrong plaintext");
    assert_eq!(theirs(), f.plaintext, "rsa: wrong plaintext");
    let mut g = group(c, "pkcs1v15_decrypt", f);
    g.bench_function("ours", |b| b.iter(ours));
    g.bench_function("rsa", |b| b.iter(theirs));
    g.finish();
}

fn oaep_decrypt(c: &mut Criterion, f: &Fixture, k: &Keys) {
    let ours = || {
        k.ours
            .decrypt(Oaep::<Sha256>::new(), black_box(f.ct_oaep))
            .expect("ours: decrypt")
    };
    let theirs = || {
        k.rsa
            .decrypt(rsa::Oaep::<Sha256>::new(), black_box(f.ct_oaep))
            .expect("rsa: decrypt")
    };
    assert_eq!(ours(), f.plaintext, "ours: wrong plaintext");
    assert_eq!(theirs(), f.plaintext, "rsa: wrong plaintext");
    let mut g = group(c, "oaep_decrypt", f);
    g.bench_function("ours", |b| b.iter(ours));
    g.bench_function("rsa", |b| b.iter(theirs));
    g.finish();
}

fn pkcs1v15_verify(c: &mut Criterion, f: &Fixture, k: &Keys) {
    let sig = f.sig_pkcs1v15;
    let ours = || {
        k.ours_pub
            .verify(
                Pkcs1v15Sign::new::<Sha256>(),
                &Sha256::digest(black_box(f.msg)),
                black_box(sig),
            )
            .expect("ours: verify")
    };
    let theirs = || {
        k.rsa_pub
            .verify(
                rsa::Pkcs1v15Sign::new::<Sha256>(),
                &Sha256::digest(black_box(f.msg)),
                black_box(sig),
            )
            .expect("rsa: verify")
    };
    let ring = || {
        rsig::UnparsedPublicKey::new(&rsig::RSA_PKCS1_2048_8192_SHA256, &k.ring_pub)
            .verify(black_box(f.msg), black_box(sig))
            .expect("ring: verify")
    };
    ours();
    theirs();
    ring();
    let mut g = group(c, "pkcs1v15_verify", f);
    g.bench_function("ours", |b| b.iter(ours));
    g.bench_function("rsa", |b| b.iter(theirs));
    g.bench_function("ring", |b| b.iter(ring));
    g.finish();
}

fn pss_verify(c: &mut Criterion, f: &Fixture, k: &Keys) {
    let sig = f.sig_pss;
    let ours = || {
        k.ours_pub
            .verify(
                Pss::<Sha256>::new(),
                &Sha256::digest(black_box(f.msg)),
                black_box(sig),
            )
            .expect("ours: verify")
    };
    let theirs = || {
        k.rsa_pub
            .verify(
                rsa::Pss::<Sha256>::new(),
                &Sha256::digest(black_box(f.msg)),
                black_box(sig),
            )
            .expect("rsa: verify")
    };
    let ring = || {
        rsig::UnparsedPublicKey::new(&rsig::RSA_PSS_2048_8192_SHA256, &k.ring_pub)
            .verify(black_box(f.msg), black_box(sig))
            .expect("ring: verify")
    };
    ours();
    theirs();
    ring();
    let mut g = group(c, "pss_verify", f);
    g.bench_function("ours", |b| b.iter(ours));
    g.bench_function("rsa", |b| b.iter(theirs));
    g.bench_function("ring", |b| b.iter(ring));
    g.finish();
}

fn oaep_encrypt(c: &mut Criterion, f: &Fixture, k: &Keys) {
    // Check each ciphertext decrypts (with the other library).
    let ct = k
        .ours_pub
        .encrypt(&mut rng(), Oaep::<Sha256>::new(), f.plaintext)
        .expect("ours: encrypt");
    assert_eq!(
        k.rsa
            .decrypt(rsa::Oaep::<Sha256>::new(), &ct)
            .expect("rsa: decrypt ours"),
        f.plaintext
    );
    let ct = k
        .rsa_pub
        .encrypt(&mut rng(), rsa::Oaep::<Sha256>::new(), f.plaintext)
        .expect("rsa: encrypt");
    assert_eq!(
        k.ours
            .decrypt(Oaep::<Sha256>::new(), &ct)
            .expect("ours: decrypt rsa's"),
        f.plaintext
    );

    let (mut rng_ours, mut rng_rsa) = (rng(), rng());
    let mut g = group(c, "oaep_encrypt", f);
    g.bench_function("ours", |b| {
        b.iter(|| {
            k.ours_pub
                .encrypt(&mut rng_ours, Oaep::<Sha256>::new(), black_box(f.plaintext))
        })
    });
    g.bench_function("rsa", |b| {
        b.iter(|| {
            k.rsa_pub.encrypt(
                &mut rng_rsa,
                rsa::Oaep::<Sha256>::new(),
                black_box(f.plaintext),
            )
        })
    });
    g.finish();
}

fn load_pkcs8(c: &mut Criterion, f: &Fixture) {
    let der = f.private_der;
    let mut g = group(c, "load_pkcs8", f);
    g.bench_function("ours", |b| {
        b.iter(|| PrivateKey::from_pkcs8_der(black_box(der)).expect("ours"))
    });
    g.bench_function("rsa", |b| {
        b.iter(|| rsa::PrivateKey::from_pkcs8_der(black_box(der)).expect("rsa"))
    });
    g.bench_function("ring", |b| {
        b.iter(|| rsig::RsaKeyPair::from_pkcs8(black_box(der)).expect("ring"))
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    for f in &FIXTURES {
        let k = f.keys();
        pkcs1v15_sign(c, f, &k);
        pss_sign(c, f, &k);
        pkcs1v15_decrypt(c, f, &k);
        oaep_decrypt(c, f, &k);
        pkcs1v15_verify(c, f, &k);
        pss_verify(c, f, &k);
        oaep_encrypt(c, f, &k);
        load_pkcs8(c, f);
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1000))
        .without_plots()
}

criterion_group! {
    name = host;
    config = config();
    targets = benches
}
criterion_main!(host);
