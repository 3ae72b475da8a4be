//! The cost of blinding on the host (issue 23), split: one call of each of
//! four signers in turn, on the same fixture key and message:
//!
//! - `drop-in`: `PrivateKey::sign` (heap key, base blinding with the key's
//!   pair, 64-bit exponent blinding, system RNG), what an `rsa` user pays;
//! - `core, blinded`: the no-heap core's `pkcs1v15::sign_prehash_blinded_into`
//!   with the system RNG (the same blinding, on `BoundedPrivateKey`);
//! - `core, base only`: the same with exponent blinding turned off;
//! - `core, unblinded`: `pkcs1v15::sign_prehash_into`, the reference.
//!
//! ```text
//! cargo bench -p rsa-cortex-m-bench --bench blinding
//! RSA_CORTEX_M_NO_IFMA=1 cargo bench -p rsa-cortex-m-bench --bench blinding   # BMI2/ADX path
//! BLINDING_BENCH_PAIRS=4000 cargo bench -p rsa-cortex-m-bench --bench blinding -- 2048
//! ```
//!
//! Criterion times one function after the other, seconds apart; on a shared
//! VM whose speed drifts that moves a 5 % ratio by as much as the ratio
//! itself. Alternating single calls puts all four under the same
//! conditions: per size this prints each signer's fastest call (load can
//! only slow a call down), its ratio to the fastest unblinded call, and the
//! median of its per-round ratios to the unblinded call of the same round.

use std::hint::black_box;
use std::time::Instant;

use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::{BoundedPrivateKey, Max4096, PrivateKey};

mod fixture;
use fixture::{Fixture, FIXTURES};

const SIGNERS: [&str; 4] = [
    "drop-in",
    "core, blinded",
    "core, base only",
    "core, unblinded",
];

fn main() {
    // `cargo bench` passes `--bench`; a filter picks sizes, e.g. `2048`.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let rounds: usize = std::env::var("BLINDING_BENCH_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
        .max(1);
    let path = if std::env::var_os("RSA_CORTEX_M_NO_IFMA").is_some_and(|v| v != "0") {
        "RSA_CORTEX_M_NO_IFMA set"
    } else {
        "default path"
    };
    println!("blinded / unblinded sign, {rounds} alternating rounds per size ({path})");
    println!("| bits | signer | fastest call | / fastest unblinded | median of round ratios |");
    println!("|---:|---|---:|---:|---:|");
    for f in &FIXTURES {
        if !filter.is_empty()
            && !filter
                .iter()
                .any(|a| f.bits.to_string().contains(a.as_str()))
        {
            continue;
        }
        bench(f, rounds);
    }
}

fn bench(f: &Fixture, rounds: usize) {
    let ours = PrivateKey::from_pkcs8_der(f.private_der).expect("drop-in: load private key");
    let core = BoundedPrivateKey::<Max4096>::from_pkcs8_der(f.private_der)
        .expect("core: load private key");
    let mut core_base = core.clone();
    core_base.set_exponent_blinding(false);
    let mut sig = vec![0; f.sig_pkcs1v15.len()];
    let sign = |which: usize, sig: &mut Vec<u8>| {
        match which {
            0 => *sig = fixture::sign_dropin(&ours, f.msg),
            1 => fixture::sign_core_blinded(&core, f.msg, sig),
            2 => fixture::sign_core_blinded(&core_base, f.msg, sig),
            _ => fixture::sign_core(&core, f.msg, sig),
        }
        black_box(&sig);
    };
    // Each must reproduce OpenSSL's signature before anything is timed; the
    // warm-up draws the keys' first blinding pairs.
    for (which, name) in SIGNERS.iter().enumerate() {
        sign(which, &mut sig);
        assert_eq!(
            sig, f.sig_pkcs1v15,
            "{name}: signature differs from OpenSSL's"
        );
        for _ in 0..64 {
            sign(which, &mut sig);
        }
    }
    let mut times = vec![[0f64; SIGNERS.len()]; rounds];
    for (i, round) in times.iter_mut().enumerate() {
        // Rotate which goes first, so that none always follows another.
        for j in 0..SIGNERS.len() {
            let which = (i + j) % SIGNERS.len();
            let t0 = Instant::now();
            sign(which, &mut sig);
            round[which] = t0.elapsed().as_secs_f64();
        }
    }
    let fastest = |s: usize| times.iter().map(|t| t[s]).fold(f64::INFINITY, f64::min);
    let reference = SIGNERS.len() - 1;
    for (s, name) in SIGNERS.iter().enumerate() {
        let mut ratios: Vec<f64> = times.iter().map(|t| t[s] / t[reference]).collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "| {} | {name} | {:.1} µs | {:.3} | {:.3} |",
            f.bits,
            fastest(s) * 1e6,
            fastest(s) / fastest(reference),
            ratios[ratios.len() / 2]
        );
    }
}
