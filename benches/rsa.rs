//! Side-by-side benchmark: `rsa-cortex-m` ("ours") and RustCrypto `rsa` 0.10
//! on the same keys and inputs (tests/data/fixtures, made by OpenSSL).
//!
//! ```text
//! cargo bench -p rsa-cortex-m-bench --bench rsa                # everything
//! cargo bench -p rsa-cortex-m-bench --bench rsa -- sign/2048   # one group
//! ```
//!
//! Groups (each with `ours` and `rsa 0.10`):
//! `pkcs1v15_sign_sha256/{2048,4096}`, `pkcs1v15_verify_sha256/2048`,
//! `oaep_sha256_decrypt/2048`.  Deliberately small (10 samples, short
//! measurement) — a foundation for a fuller benchmark suite.  Before timing,
//! every group checks that both libraries give the expected result, so a
//! broken build cannot produce numbers.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use rsa_cortex_m::oaep::Oaep;
use rsa_cortex_m::pkcs1v15::Pkcs1v15Sign;
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{PrivateKey, PublicKey};
use sha2::{Digest, Sha256};

/// One fixture key folder, embedded.
struct Fixture {
    bits: usize,
    private_der: &'static [u8],
    public_der: &'static [u8],
    msg: &'static [u8],
    /// OpenSSL's PKCS#1 v1.5 SHA-256 signature of `msg`.
    sig: &'static [u8],
    /// OpenSSL's OAEP-SHA256 encryption of `plaintext`.
    ct_oaep: &'static [u8],
    plaintext: &'static [u8],
}

macro_rules! fixture {
    ($bits:literal, $dir:literal) => {
        Fixture {
            bits: $bits,
            private_der: include_bytes!(concat!(
                "../tests/data/fixtures/",
                $dir,
                "/private.pkcs8.der"
            )),
            public_der: include_bytes!(concat!(
                "../tests/data/fixtures/",
                $dir,
                "/public.spki.der"
            )),
            msg: include_bytes!(concat!("../tests/data/fixtures/", $dir, "/msg.bin")),
            sig: include_bytes!(concat!(
                "../tests/data/fixtures/",
                $dir,
                "/sig.pkcs1v15.sha256.bin"
            )),
            ct_oaep: include_bytes!(concat!(
                "../tests/data/fixtures/",
                $dir,
                "/ct.oaep.sha256.bin"
            )),
            plaintext: include_bytes!(concat!("../tests/data/fixtures/", $dir, "/plaintext.bin")),
        }
    };
}

const RSA2048: Fixture = fixture!(2048, "rsa2048");
const RSA4096: Fixture = fixture!(4096, "rsa4096");

/// Both libraries' keys for one fixture.
struct Keys {
    ours: PrivateKey,
    ours_pub: PublicKey,
    theirs: rsa::PrivateKey,
    theirs_pub: rsa::PublicKey,
}

impl Fixture {
    fn keys(&self) -> Keys {
        Keys {
            ours: PrivateKey::from_pkcs8_der(self.private_der).expect("ours: load private key"),
            ours_pub: PublicKey::from_public_key_der(self.public_der)
                .expect("ours: load public key"),
            theirs: rsa::PrivateKey::from_pkcs8_der(self.private_der)
                .expect("rsa 0.10: load private key"),
            theirs_pub: rsa::PublicKey::from_public_key_der(self.public_der)
                .expect("rsa 0.10: load public key"),
        }
    }
}

fn pkcs1v15_sign(c: &mut Criterion, f: &Fixture) {
    let keys = f.keys();
    let digest = Sha256::digest(f.msg);
    // Deterministic scheme: both must reproduce OpenSSL's signature.
    let ours = keys
        .ours
        .sign(Pkcs1v15Sign::new::<Sha256>(), &digest)
        .expect("ours: sign");
    let theirs = keys
        .theirs
        .sign(rsa::Pkcs1v15Sign::new::<Sha256>(), &digest)
        .expect("rsa 0.10: sign");
    assert_eq!(ours, f.sig, "ours: signature differs from OpenSSL's");
    assert_eq!(theirs, f.sig, "rsa 0.10: signature differs from OpenSSL's");

    let mut group = c.benchmark_group(format!("pkcs1v15_sign_sha256/{}", f.bits));
    group.bench_function("ours", |b| {
        b.iter(|| {
            keys.ours
                .sign(Pkcs1v15Sign::new::<Sha256>(), black_box(&digest))
        })
    });
    group.bench_function("rsa 0.10", |b| {
        b.iter(|| {
            keys.theirs
                .sign(rsa::Pkcs1v15Sign::new::<Sha256>(), black_box(&digest))
        })
    });
    group.finish();
}

fn pkcs1v15_verify(c: &mut Criterion, f: &Fixture) {
    let keys = f.keys();
    let digest = Sha256::digest(f.msg);
    keys.ours_pub
        .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, f.sig)
        .expect("ours: verify");
    keys.theirs_pub
        .verify(rsa::Pkcs1v15Sign::new::<Sha256>(), &digest, f.sig)
        .expect("rsa 0.10: verify");

    let mut group = c.benchmark_group(format!("pkcs1v15_verify_sha256/{}", f.bits));
    group.bench_function("ours", |b| {
        b.iter(|| {
            keys.ours_pub.verify(
                Pkcs1v15Sign::new::<Sha256>(),
                black_box(&digest),
                black_box(f.sig),
            )
        })
    });
    group.bench_function("rsa 0.10", |b| {
        b.iter(|| {
            keys.theirs_pub.verify(
                rsa::Pkcs1v15Sign::new::<Sha256>(),
                black_box(&digest),
                black_box(f.sig),
            )
        })
    });
    group.finish();
}

fn oaep_decrypt(c: &mut Criterion, f: &Fixture) {
    let keys = f.keys();
    let ours = keys
        .ours
        .decrypt(Oaep::<Sha256>::new(), f.ct_oaep)
        .expect("ours: decrypt");
    let theirs = keys
        .theirs
        .decrypt(rsa::Oaep::<Sha256>::new(), f.ct_oaep)
        .expect("rsa 0.10: decrypt");
    assert_eq!(ours, f.plaintext, "ours: wrong plaintext");
    assert_eq!(theirs, f.plaintext, "rsa 0.10: wrong plaintext");

    let mut group = c.benchmark_group(format!("oaep_sha256_decrypt/{}", f.bits));
    group.bench_function("ours", |b| {
        b.iter(|| {
            keys.ours
                .decrypt(Oaep::<Sha256>::new(), black_box(f.ct_oaep))
        })
    });
    group.bench_function("rsa 0.10", |b| {
        b.iter(|| {
            keys.theirs
                .decrypt(rsa::Oaep::<Sha256>::new(), black_box(f.ct_oaep))
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    pkcs1v15_sign(c, &RSA2048);
    pkcs1v15_sign(c, &RSA4096);
    pkcs1v15_verify(c, &RSA2048);
    oaep_decrypt(c, &RSA2048);
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = rsa_benches;
    config = config();
    targets = benches
}
criterion_main!(rsa_benches);
