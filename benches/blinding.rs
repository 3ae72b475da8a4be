//! The cost of blinding on the host (issue 23): the drop-in `PrivateKey::sign`
//! (base blinding with the key's pair, 64-bit exponent blinding, system RNG)
//! against the no-heap core's unblinded `pkcs1v15::sign_prehash_into`, on the
//! same fixture key and message, one call of each in turn.
//!
//! ```text
//! cargo bench -p rsa-cortex-m-bench --bench blinding
//! RSA_CORTEX_M_NO_IFMA=1 cargo bench -p rsa-cortex-m-bench --bench blinding   # BMI2/ADX path
//! BLINDING_BENCH_PAIRS=4000 cargo bench -p rsa-cortex-m-bench --bench blinding
//! ```
//!
//! Criterion times one function after the other, seconds apart; on a shared
//! VM whose speed drifts that moves a 5 % ratio by as much as the ratio
//! itself. Alternating single calls puts both under the same conditions:
//! per size this prints the fastest call of each (load can only slow a call
//! down) and their ratio, and the median of the per-pair ratios.

use std::hint::black_box;
use std::time::Instant;

use rsa_cortex_m::pkcs1v15::{self, Pkcs1v15Sign};
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::{BoundedPrivateKey, Max4096, PrivateKey};
use sha2::{Digest, Sha256};

mod fixture;
use fixture::FIXTURES;

fn main() {
    // `cargo bench` passes `--bench`; a filter picks sizes, e.g. `2048`.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let pairs: usize = std::env::var("BLINDING_BENCH_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
        .max(1);
    let path = if std::env::var_os("RSA_CORTEX_M_NO_IFMA").is_some_and(|v| v != "0") {
        "RSA_CORTEX_M_NO_IFMA set"
    } else {
        "default path"
    };
    println!("blinded / unblinded sign, {pairs} alternating pairs per size ({path})");
    println!(
        "| bits | fastest blinded | fastest unblinded | ratio of fastest | median of pair ratios |"
    );
    println!("|---:|---:|---:|---:|---:|");
    for f in &FIXTURES {
        if !filter.is_empty()
            && !filter
                .iter()
                .any(|a| f.bits.to_string().contains(a.as_str()))
        {
            continue;
        }
        let ours = PrivateKey::from_pkcs8_der(f.private_der).expect("ours: load private key");
        let core = BoundedPrivateKey::<Max4096>::from_pkcs8_der(f.private_der)
            .expect("core: load private key");
        let prefix = pkcs1v15::DigestInfoPrefix::new::<Sha256>();
        let mut core_sig = vec![0; f.sig_pkcs1v15.len()];
        let blinded = || {
            ours.sign(
                Pkcs1v15Sign::new::<Sha256>(),
                &Sha256::digest(black_box(f.msg)),
            )
            .expect("ours: sign")
        };
        let unblinded = |sig: &mut [u8]| {
            pkcs1v15::sign_prehash_into(
                &core,
                prefix.as_bytes(),
                &Sha256::digest(black_box(f.msg)),
                sig,
            )
            .expect("core: sign");
        };
        // Both must reproduce OpenSSL's signature before anything is timed.
        assert_eq!(
            blinded(),
            f.sig_pkcs1v15,
            "ours: signature differs from OpenSSL's"
        );
        unblinded(&mut core_sig);
        assert_eq!(
            core_sig, f.sig_pkcs1v15,
            "core: signature differs from OpenSSL's"
        );
        // Warm-up: a blinded run's first calls draw the key's first pair.
        for _ in 0..64 {
            black_box(blinded());
            unblinded(&mut core_sig);
        }
        let mut times = Vec::with_capacity(pairs);
        for i in 0..pairs {
            // Alternate which goes first, so neither always follows the other.
            let (tb, tu);
            if i % 2 == 0 {
                let t0 = Instant::now();
                black_box(blinded());
                let t1 = Instant::now();
                unblinded(black_box(&mut core_sig));
                tb = t1 - t0;
                tu = t1.elapsed();
            } else {
                let t0 = Instant::now();
                unblinded(black_box(&mut core_sig));
                let t1 = Instant::now();
                black_box(blinded());
                tu = t1 - t0;
                tb = t1.elapsed();
            }
            times.push((tb.as_secs_f64(), tu.as_secs_f64()));
        }
        let fb = times.iter().map(|t| t.0).fold(f64::INFINITY, f64::min);
        let fu = times.iter().map(|t| t.1).fold(f64::INFINITY, f64::min);
        let mut ratios: Vec<f64> = times.iter().map(|t| t.0 / t.1).collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "| {} | {:.1} µs | {:.1} µs | {:.3} | {:.3} |",
            f.bits,
            fb * 1e6,
            fu * 1e6,
            fb / fu,
            ratios[ratios.len() / 2]
        );
    }
}
