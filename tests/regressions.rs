//! Regression tests: resource limits on untrusted input, and every input the
//! fuzzers (`fuzz/`, `ci/fuzz`) ever found to misbehave.
//!
//! Resource limits: the modulus size (the key's capacity, at most 8192 bits)
//! and the public exponent (at most 2³³ − 1) are checked before any
//! arithmetic, so an oversized key is rejected in time linear in its
//! encoding, not in the cube of its size.

use std::time::{Duration, Instant};

use rsa_cortex_m::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa_cortex_m::spki::DecodePublicKey;
use rsa_cortex_m::{BoundedPublicKey, BoxedUint, Error, Max4096, Max8192, PrivateKey, PublicKey};

/// The fixed-capacity public key of the default capacity.
type Bounded = BoundedPublicKey<Max4096>;

fn uint(be: &[u8]) -> BoxedUint {
    BoxedUint::from_be_slice_vartime(be)
}

/// DER length octets.
fn der_len(len: usize) -> Vec<u8> {
    if len < 0x80 {
        vec![len as u8]
    } else {
        let bytes: Vec<u8> = len
            .to_be_bytes()
            .iter()
            .copied()
            .skip_while(|&b| b == 0)
            .collect();
        let mut out = vec![0x80 | bytes.len() as u8];
        out.extend(bytes);
        out
    }
}

fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    out.extend(der_len(content.len()));
    out.extend_from_slice(content);
    out
}

/// A positive DER INTEGER from big-endian magnitude bytes.
fn integer(be: &[u8]) -> Vec<u8> {
    let mut content = Vec::new();
    if be.first().is_some_and(|&b| b & 0x80 != 0) {
        content.push(0);
    }
    content.extend_from_slice(be);
    tlv(0x02, &content)
}

/// An odd `bits`-bit number (top and bottom bits set).
fn odd_number(bits: usize) -> Vec<u8> {
    let mut n = vec![0x5au8; bits.div_ceil(8)];
    let top = (bits - 1) % 8; // position of the top bit in the first byte
    n[0] = (1 << top) | (0x5a & ((1u16 << top) - 1) as u8);
    *n.last_mut().unwrap() |= 1;
    n
}

fn pkcs1_public(n: &[u8], e: &[u8]) -> Vec<u8> {
    tlv(0x30, &[integer(n), integer(e)].concat())
}

fn pkcs1_private(n: &[u8], e: &[u8], junk: &[u8]) -> Vec<u8> {
    let mut content = integer(&[0]);
    for v in [n, e, junk, junk, junk, junk, junk, junk] {
        content.extend(integer(v));
    }
    tlv(0x30, &content)
}

fn quickly<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let r = f();
    let took = start.elapsed();
    assert!(
        took < Duration::from_millis(200),
        "{what} took {took:?}: not rejected before expensive work"
    );
    r
}

#[test]
fn oversized_modulus_is_rejected_quickly() {
    for bits in [4097usize, 8192, 8193, 16384, 65536] {
        let n = odd_number(bits);
        let public = pkcs1_public(&n, &[1, 0, 1]);
        // The heap key accepts up to PublicKey::MAX_SIZE (8192) bits, as rsa 0.10.
        let heap = quickly("public key", || PublicKey::from_pkcs1_der(&public));
        assert_eq!(heap.is_ok(), bits <= 8192, "{bits}: {heap:?}");
        let heap = quickly("PublicKey::new", || {
            PublicKey::new(uint(&n), uint(&[1, 0, 1]))
        });
        assert_eq!(
            heap.err(),
            (bits > 8192).then_some(Error::ModulusTooLarge),
            "{bits}"
        );
        // The fixed-capacity key refuses anything above its capacity, by its name.
        assert_eq!(
            quickly("from_be_bytes", || Bounded::from_be_bytes(&n, &[1, 0, 1])).unwrap_err(),
            Error::ModulusTooLarge
        );
        assert!(quickly("bounded pkcs1", || Bounded::from_pkcs1_der(&public)).is_err());
        let private = pkcs1_private(&n, &[1, 0, 1], &n[..n.len() / 2]);
        assert!(quickly("private key", || PrivateKey::from_pkcs1_der(&private)).is_err());
        // The largest capacity has a bound too.
        if bits > 8192 {
            assert_eq!(
                quickly("8192 capacity", || {
                    BoundedPublicKey::<Max8192>::from_be_bytes(&n, &[1, 0, 1])
                })
                .unwrap_err(),
                Error::ModulusTooLarge
            );
        }
    }
    // Through SPKI as well.
    let n = odd_number(16384);
    let spki = tlv(
        0x30,
        &[
            tlv(
                0x30,
                &[
                    vec![
                        0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01,
                    ],
                    vec![0x05, 0x00],
                ]
                .concat(),
            ),
            tlv(0x03, &[&[0u8][..], &pkcs1_public(&n, &[1, 0, 1])].concat()),
        ]
        .concat(),
    );
    assert!(quickly("spki", || PublicKey::from_public_key_der(&spki)).is_err());
}

#[test]
fn oversized_public_exponent_is_rejected_quickly() {
    let n = odd_number(2048);
    for e in [
        vec![0x02, 0x00, 0x00, 0x00, 0x01], // 2^33 + 1
        vec![0xff; 8],                      // 2^64 − 1
        odd_number(2047),                   // e < n, huge
        odd_number(4096),                   // e > n
    ] {
        assert_eq!(
            quickly("from_be_bytes", || Bounded::from_be_bytes(&n, &e)).unwrap_err(),
            Error::PublicExponentTooLarge,
            "{e:02x?}"
        );
        // The heap key: as rsa 0.10, e ≥ n is an invalid modulus first.
        let heap = quickly("PublicKey::new", || PublicKey::new(uint(&n), uint(&e))).unwrap_err();
        assert!(
            matches!(heap, Error::PublicExponentTooLarge | Error::InvalidModulus),
            "{heap:?}"
        );
        let der = pkcs1_public(&n, &e);
        assert!(quickly("pkcs1", || PublicKey::from_pkcs1_der(&der)).is_err());
        assert!(quickly("bounded pkcs1", || Bounded::from_pkcs1_der(&der)).is_err());
    }
    // The largest accepted exponent, 2^33 − 1, verifies in bounded time.
    let key = Bounded::from_be_bytes(&n, &[0x01, 0xff, 0xff, 0xff, 0xff]).unwrap();
    let mut out = vec![0u8; key.size()];
    quickly("raw_public, e = 2^33 - 1", || {
        key.raw_public(&[7; 255], &mut out).unwrap()
    });
}

#[test]
fn untrusted_lengths_are_errors() {
    let key = Bounded::from_public_key_der(include_bytes!("data/fixtures/rsa2048/public.spki.der"))
        .unwrap();
    let mut out = vec![0u8; 256];
    for len in [0usize, 1, 255, 257, 100_000] {
        let sig = vec![0x01u8; len];
        if len <= 256 {
            // Shorter inputs are representatives with leading zeros.
            let _ = key.raw_public(&sig, &mut out);
        } else {
            assert_eq!(key.raw_public(&sig, &mut out), Err(Error::InvalidArguments));
        }
    }
}

/// A crafted multi-prime key with thousands of tiny primes (`n = 3^2580`,
/// 4090 bits) passes the size limits. Each prime's exponent check used to
/// run at the width of a CRT half, so rejecting it took 2.3 s (18 s for an
/// 8192-bit one); now at the prime's own width: about 0.1 s (x86-64). The
/// limit below guards against that blow-up coming back, it is not a speed
/// measurement: 1 s natively, 10 s under emulation (the ARM runs of
/// `ci/arm-test` go through qemu-arm on a possibly busy machine).
#[test]
fn many_tiny_primes_are_rejected_quickly() {
    use num_bigint::BigUint;
    use rsa_cortex_m::BoxedUint;
    let k = 2580u32;
    let n = BigUint::from(3u8).pow(k);
    let prec = (n.bits() as u32).div_ceil(64) * 64;
    let n = BoxedUint::from_be_slice(&n.to_bytes_be(), prec).unwrap();
    let d = BoxedUint::from_be_slice(&[5], prec).unwrap();
    let primes: Vec<BoxedUint> = (0..k).map(|_| BoxedUint::from(3u64)).collect();
    let start = Instant::now();
    let r = PrivateKey::from_components(n, BoxedUint::from(65537u64), d, primes);
    let took = start.elapsed();
    assert!(r.is_err());
    let limit = if cfg!(debug_assertions) {
        30_000
    } else if cfg!(target_arch = "arm") {
        10_000
    } else {
        1_000
    };
    assert!(
        took < Duration::from_millis(limit),
        "rejecting {k} primes took {took:?}"
    );
}

/// Fuzzing (`key_decode`, first seed: `rsa1024/private.pkcs1.der`) with
/// debug assertions found that loading any key passed the CRT-coefficient
/// check a scratch area longer than the kernels' `2h`-limb contract
/// (`src/key.rs` `compute_or_check_qinv`): a panic in debug builds, wasted
/// work in release ones. Loading every fixture key in a debug build
/// (`cargo test --test regressions`) covers it.
#[test]
fn fixture_keys_load_with_debug_assertions() {
    use rsa_cortex_m::pkcs8::DecodePrivateKey;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fixtures");
    let mut loaded = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let (p1, p8) = (
            path.join("private.pkcs1.der"),
            path.join("private.pkcs8.der"),
        );
        if let (Ok(a), Ok(b)) = (std::fs::read(&p1), std::fs::read(&p8)) {
            let k1 = PrivateKey::from_pkcs1_der(&a).unwrap();
            let k8 = PrivateKey::from_pkcs8_der(&b).unwrap();
            assert!(k1 == k8, "{}", path.display());
            k1.validate().unwrap();
            loaded += 1;
        }
    }
    assert!(loaded >= 6, "{loaded}");
}
