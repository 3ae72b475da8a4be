//! Certificate chains on the device (issue 16): `rustls-webpki` verifies
//! the OpenSSL-made chains of `tests/data/tls` — end-entity against the
//! intermediate and the root, for TLS server authentication, at a fixed
//! time — with this crate's RSA algorithms (`rsa_cortex_m::tls`), as a
//! secure-boot or TLS client would. No heap: no allocator is linked
//! (`ci/m4-chain` checks the ELF), so the peak heap is 0 by construction.
//!
//! Regions (the `ci/m4-bench` protocol: `bench_start(id)` / `bench_stop(id)`
//! around each, `bench-region <id> <operation> <bits> <e>` before and
//! `bench-stack <id> <bytes>` after, read by `ci/m4_bench.py`):
//! * `chain-a-pkcs1`: chain a, RSA-2048, sha256WithRSAEncryption
//!   (intermediate) and sha384WithRSAEncryption (leaf);
//! * `chain-b-pss`: chain b, RSA-4096, RSASSA-PSS SHA-512 (intermediate)
//!   and SHA-256 (leaf);
//! * `chain-a-pkcs1-max4096`, `chain-b-pss-max4096`: the same with
//!   `rsa_cortex_m::tls::max4096`'s algorithms (keys up to 4096 bits, a
//!   smaller key on the stack).
//!
//! Each region is the whole of what a verifier pays: parsing the leaf and
//! the trust anchor, path building, two RSA signature verifications
//! (hashing the to-be-signed certificates included), validity, name
//! constraints and extended key usage checks. Checks after the regions:
//! the negative certificates are rejected with the expected errors. Exits
//! with semihosting status 0 when every check passed (`chain-done ok`).
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

use core::time::Duration;

use cortex_m_rt::entry;
use rsa_cortex_m::tls;
use rustls_pki_types::{CertificateDer, SignatureVerificationAlgorithm, UnixTime};
use webpki::{anchor_from_trusted_cert, EndEntityCert, KeyUsage};

#[path = "../tiny.rs"]
#[allow(unused_macros)]
mod tiny;
use tiny::{check, put, put_usize};

#[path = "../regions.rs"]
mod regions;
use regions::{bench_start, bench_stop, paint, peak_stack};

macro_rules! cert {
    ($name:ident, $file:literal) => {
        static $name: &[u8] = include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/tls/",
            $file
        ));
    };
}
cert!(A_ROOT, "a-root.der");
cert!(A_INT, "a-int.der");
cert!(A_LEAF, "a-leaf.der");
cert!(A_LEAF_OTHERKEY, "a-leaf-otherkey.der");
cert!(B_ROOT, "b-root.der");
cert!(B_INT, "b-int.der");
cert!(B_LEAF, "b-leaf.der");
cert!(B_LEAF_PSS_MGF1, "b-leaf-pss-mgf1.der");
cert!(B_LEAF_PSS_HASH384, "b-leaf-pss-hash384.der");

/// 2027-01-01T00:00:00Z: inside every fixture certificate's validity.
const NOW: u64 = 1_798_761_600;

/// Verifies `leaf` up to `root` through `int` for TLS server
/// authentication with the algorithms `algs`.
#[inline(never)]
fn verify_chain_with(
    algs: &[&dyn SignatureVerificationAlgorithm],
    root: &[u8],
    int: &[u8],
    leaf: &[u8],
) -> Result<(), webpki::Error> {
    let root = CertificateDer::from(root);
    let anchors = [anchor_from_trusted_cert(&root)?];
    let leaf = CertificateDer::from(leaf);
    let ee = EndEntityCert::try_from(&leaf)?;
    let intermediates = [CertificateDer::from(int)];
    ee.verify_for_usage(
        algs,
        &anchors,
        &intermediates,
        UnixTime::since_unix_epoch(Duration::from_secs(NOW)),
        KeyUsage::server_auth(),
        None,
        None,
    )
    .map(|_| ())
}

/// [`verify_chain_with`] with the default algorithms (moduli up to 8192
/// bits, as *ring*).
fn verify_chain(root: &[u8], int: &[u8], leaf: &[u8]) -> Result<(), webpki::Error> {
    verify_chain_with(tls::ALL_RSA_ALGORITHMS, root, int, leaf)
}

/// One measured region: prints the bench lines, returns the result.
fn region(
    id: u32,
    name: &[u8],
    bits: usize,
    f: impl FnOnce() -> Result<(), webpki::Error>,
) -> Result<(), webpki::Error> {
    put(b"bench-region ");
    put_usize(id as usize);
    put(b" ");
    put(name);
    put(b" ");
    put_usize(bits);
    put(b" 65537\n");
    let sp = paint();
    bench_start(id);
    let r = core::hint::black_box(f());
    bench_stop(id);
    put(b"bench-stack ");
    put_usize(id as usize);
    put(b" ");
    put_usize(peak_stack(sp));
    put(b"\n");
    r
}

#[entry]
fn main() -> ! {
    let mut failures = 0;
    let a = region(0, b"chain-a-pkcs1", 2048, || {
        verify_chain(A_ROOT, A_INT, A_LEAF)
    });
    failures += check(b"chain-a-pkcs1-2048", a.is_ok());
    let b = region(1, b"chain-b-pss", 4096, || {
        verify_chain(B_ROOT, B_INT, B_LEAF)
    });
    failures += check(b"chain-b-pss-4096", b.is_ok());
    // The same with the algorithms capped at 4096-bit moduli (less stack).
    let algs = tls::max4096::ALL_RSA_ALGORITHMS;
    let a = region(2, b"chain-a-pkcs1-max4096", 2048, || {
        verify_chain_with(algs, A_ROOT, A_INT, A_LEAF)
    });
    failures += check(b"chain-a-pkcs1-2048-max4096", a.is_ok());
    let b = region(3, b"chain-b-pss-max4096", 4096, || {
        verify_chain_with(algs, B_ROOT, B_INT, B_LEAF)
    });
    failures += check(b"chain-b-pss-4096-max4096", b.is_ok());
    // A leaf signed by another key than its issuer's.
    failures += check(
        b"reject-otherkey",
        verify_chain(A_ROOT, A_INT, A_LEAF_OTHERKEY)
            == Err(webpki::Error::InvalidSignatureForPublicKey),
    );
    // RSA-PSS whose MGF1 hash differs from its hash: no algorithm matches.
    failures += check(
        b"reject-pss-mgf1",
        matches!(
            verify_chain(B_ROOT, B_INT, B_LEAF_PSS_MGF1),
            Err(webpki::Error::UnsupportedSignatureAlgorithmContext(_))
        ),
    );
    // RSA-PSS SHA-256 identifier, signature computed over SHA-384.
    failures += check(
        b"reject-pss-hash384",
        verify_chain(B_ROOT, B_INT, B_LEAF_PSS_HASH384)
            == Err(webpki::Error::InvalidSignatureForPublicKey),
    );
    // The other chain's root as the only trust anchor.
    failures += check(
        b"reject-wrong-root",
        verify_chain(B_ROOT, A_INT, A_LEAF) == Err(webpki::Error::UnknownIssuer),
    );
    put(if failures == 0 {
        b"chain-done ok\nbench-done\n"
    } else {
        b"chain-done FAILED\n"
    });
    tiny::exit(failures)
}
