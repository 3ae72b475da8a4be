//! Host benchmark: `rsa-cortex-m` ("ours"), RustCrypto `rsa` 0.10 ("rsa"),
//! `ring` 0.17 ("ring") and `aws-lc-rs` 1 ("awslc") (the last two where they
//! offer the operation) in one run, on
//! the OpenSSL-made fixture keys of `tests/data/fixtures/rsa{2048,3072,4096}`.
//!
//! ```text
//! cargo bench -p rsa-cortex-m-bench --bench host   # everything (ci/host-bench)
//! cargo bench -p rsa-cortex-m-bench --bench host -- 'pkcs1v15_sign/2048'
//! ```
//!
//! Groups are `<operation>/<bits>` with functions `ours`, `rsa`, `ring`, `awslc`
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
//! `ring` and `aws-lc-rs` (which has ring's API) are benchmarked on signing,
//! verification and key loading only; their verification parses the public
//! key on every call (ring's only API). `rsa` 0.10 and ours (the
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
use rsa_cortex_m::oaep::Oaep;
use rsa_cortex_m::pkcs1v15::{Pkcs1v15Encrypt, Pkcs1v15Sign};
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::pss::Pss;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{BoundedPrivateKey, Max4096, PrivateKey, PublicKey};
use sha2::{Digest, Sha256};

mod fixture;
use fixture::{Fixture, FIXTURES};

/// `ring` and `aws-lc-rs` share one API (aws-lc-rs offers ring's over
/// AWS-LC): one wrapper, instantiated for each.
macro_rules! ring_api {
    ($name:ident, $krate:ident, $label:literal) => {
        mod $name {
            use $krate::signature::{self as rsig, KeyPair as _};

            pub struct Key {
                pair: rsig::RsaKeyPair,
                /// PKCS#1 `RSAPublicKey` DER, the form the library verifies with.
                public: Vec<u8>,
                rng: $krate::rand::SystemRandom,
            }

            /// Parses and validates a PKCS#8 DER private key.
            pub fn load(der: &[u8]) -> rsig::RsaKeyPair {
                rsig::RsaKeyPair::from_pkcs8(der).expect(concat!($label, ": load private key"))
            }

            impl Key {
                pub fn new(der: &[u8]) -> Self {
                    let pair = load(der);
                    let public = pair.public_key().as_ref().to_vec();
                    let rng = $krate::rand::SystemRandom::new();
                    Key { pair, public, rng }
                }

                fn sign(&self, alg: &'static dyn rsig::RsaEncoding, msg: &[u8], sig: &mut [u8]) {
                    self.pair
                        .sign(alg, &self.rng, msg, sig)
                        .expect(concat!($label, ": sign"))
                }

                pub fn sign_pkcs1v15(&self, msg: &[u8], sig: &mut [u8]) {
                    self.sign(&rsig::RSA_PKCS1_SHA256, msg, sig)
                }

                pub fn sign_pss(&self, msg: &[u8], sig: &mut [u8]) {
                    self.sign(&rsig::RSA_PSS_SHA256, msg, sig)
                }

                fn verify(&self, alg: &'static rsig::RsaParameters, msg: &[u8], sig: &[u8]) {
                    rsig::UnparsedPublicKey::new(alg, &self.public)
                        .verify(msg, sig)
                        .expect(concat!($label, ": verify"))
                }

                pub fn verify_pkcs1v15(&self, msg: &[u8], sig: &[u8]) {
                    self.verify(&rsig::RSA_PKCS1_2048_8192_SHA256, msg, sig)
                }

                pub fn verify_pss(&self, msg: &[u8], sig: &[u8]) {
                    self.verify(&rsig::RSA_PSS_2048_8192_SHA256, msg, sig)
                }
            }
        }
    };
}
ring_api!(ring_api, ring, "ring");
ring_api!(awslc_api, aws_lc_rs, "aws-lc-rs");

/// The libraries' keys for one fixture.
struct Keys {
    ours: PrivateKey,
    /// The no-heap core's key.
    core: BoundedPrivateKey<Max4096>,
    ours_pub: PublicKey,
    rsa: rsa::PrivateKey,
    rsa_pub: rsa::PublicKey,
    ring: ring_api::Key,
    awslc: awslc_api::Key,
}

impl Fixture {
    fn keys(&self) -> Keys {
        Keys {
            ours: PrivateKey::from_pkcs8_der(self.private_der).expect("ours: load private key"),
            core: BoundedPrivateKey::from_pkcs8_der(self.private_der)
                .expect("core: load private key"),
            ours_pub: PublicKey::from_public_key_der(self.public_der)
                .expect("ours: load public key"),
            rsa: rsa::PrivateKey::from_pkcs8_der(self.private_der).expect("rsa: load private key"),
            rsa_pub: rsa::PublicKey::from_public_key_der(self.public_der)
                .expect("rsa: load public key"),
            ring: ring_api::Key::new(self.private_der),
            awslc: awslc_api::Key::new(self.private_der),
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
    let sign_ours = || fixture::sign_dropin(&k.ours, f.msg);
    let sign_rsa = || {
        k.rsa
            .sign(
                rsa::Pkcs1v15Sign::new::<Sha256>(),
                &Sha256::digest(black_box(f.msg)),
            )
            .expect("rsa: sign")
    };
    let mut sig = vec![0; f.sig_pkcs1v15.len()];
    // Deterministic scheme: all must reproduce OpenSSL's signature.
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
    k.ring.sign_pkcs1v15(f.msg, &mut sig);
    assert_eq!(
        sig, f.sig_pkcs1v15,
        "ring: signature differs from OpenSSL's"
    );
    sig.fill(0);
    k.awslc.sign_pkcs1v15(f.msg, &mut sig);
    assert_eq!(
        sig, f.sig_pkcs1v15,
        "aws-lc-rs: signature differs from OpenSSL's"
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
    g.bench_function("ring", |b| {
        b.iter(|| k.ring.sign_pkcs1v15(black_box(f.msg), &mut sig))
    });
    g.bench_function("awslc", |b| {
        b.iter(|| k.awslc.sign_pkcs1v15(black_box(f.msg), &mut sig))
    });
    g.finish();
}

fn pss_sign(c: &mut Criterion, f: &Fixture, k: &Keys) {
    let mut rng_ours = rng();
    let mut rng_rsa = rng();
    let mut sig = vec![0; f.sig_pss.len()];
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
    k.ring.sign_pss(f.msg, &mut sig);
    k.ours_pub
        .verify(Pss::<Sha256>::new(), &Sha256::digest(f.msg), &sig)
        .expect("ring: PSS signature rejected by ours");
    k.awslc.sign_pss(f.msg, &mut sig);
    k.ours_pub
        .verify(Pss::<Sha256>::new(), &Sha256::digest(f.msg), &sig)
        .expect("aws-lc-rs: PSS signature rejected by ours");

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
        b.iter(|| k.ring.sign_pss(black_box(f.msg), &mut sig))
    });
    g.bench_function("awslc", |b| {
        b.iter(|| k.awslc.sign_pss(black_box(f.msg), &mut sig))
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
    let ring = || k.ring.verify_pkcs1v15(black_box(f.msg), black_box(sig));
    let awslc = || k.awslc.verify_pkcs1v15(black_box(f.msg), black_box(sig));
    ours();
    theirs();
    ring();
    awslc();
    let mut g = group(c, "pkcs1v15_verify", f);
    g.bench_function("ours", |b| b.iter(ours));
    g.bench_function("rsa", |b| b.iter(theirs));
    g.bench_function("ring", |b| b.iter(ring));
    g.bench_function("awslc", |b| b.iter(awslc));
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
    let ring = || k.ring.verify_pss(black_box(f.msg), black_box(sig));
    let awslc = || k.awslc.verify_pss(black_box(f.msg), black_box(sig));
    ours();
    theirs();
    ring();
    awslc();
    let mut g = group(c, "pss_verify", f);
    g.bench_function("ours", |b| b.iter(ours));
    g.bench_function("rsa", |b| b.iter(theirs));
    g.bench_function("ring", |b| b.iter(ring));
    g.bench_function("awslc", |b| b.iter(awslc));
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
    g.bench_function("ring", |b| b.iter(|| ring_api::load(black_box(der))));
    g.bench_function("awslc", |b| b.iter(|| awslc_api::load(black_box(der))));
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
