//! 2048-bit key generation: `rsa-cortex-m` ("ours", FIPS 186-5 A.1.3 on the
//! crate's Montgomery arithmetic) against RustCrypto `rsa` 0.10, in the same
//! run, on the same seeded RNGs.
//!
//! ```text
//! cargo bench -p rsa-cortex-m-bench --bench keygen   # summary + criterion
//! KEYGEN_BENCH_KEYS=50 cargo bench -p rsa-cortex-m-bench --bench keygen   # more keys
//! ```
//!
//! Key generation time is dominated by luck (how many candidates before a
//! prime), so the first part generates `KEYGEN_BENCH_KEYS` keys (default 24)
//! per library from seeds 0, 1, 2, … — the same seeds for both, interleaved
//! — and prints mean, standard deviation, min, median and max. The second
//! part is a criterion group (`keygen_2048/{ours,rsa 0.10}`) over the same
//! kind of seed sequence. Before timing, both libraries' keys are checked
//! (2048 bits, our validation, `rsa`'s `validate`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use rsa_cortex_m::PrivateKey;

const BITS: usize = 2048;

fn ours(seed: u64) -> PrivateKey {
    PrivateKey::new(&mut ChaCha8Rng::seed_from_u64(seed), BITS).unwrap()
}

fn theirs(seed: u64) -> rsa::PrivateKey {
    rsa::PrivateKey::new(&mut ChaCha8Rng::seed_from_u64(seed), BITS).unwrap()
}

fn sanity() {
    let key = ours(1_000_000);
    assert_eq!(
        rsa_cortex_m::traits::PublicKeyParts::n(&key).bit_width() as usize,
        BITS
    );
    key.validate().unwrap();
    rsa::PrivateKey::try_from(&key).unwrap().validate().unwrap();
    let key = theirs(1_000_000);
    key.validate().unwrap();
}

struct Stats {
    mean: f64,
    sd: f64,
    min: f64,
    median: f64,
    max: f64,
}

fn stats(mut ms: Vec<f64>) -> Stats {
    ms.sort_by(f64::total_cmp);
    let n = ms.len() as f64;
    let mean = ms.iter().sum::<f64>() / n;
    let var = ms.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    Stats {
        mean,
        sd: var.sqrt(),
        min: ms[0],
        median: ms[ms.len() / 2],
        max: ms[ms.len() - 1],
    }
}

fn time_ms<T>(f: impl FnOnce() -> T) -> f64 {
    let start = Instant::now();
    black_box(f());
    start.elapsed().as_secs_f64() * 1e3
}

/// Same seeds for both libraries, interleaved so that drift in machine load
/// affects both alike.
fn summary() {
    let keys: u64 = std::env::var("KEYGEN_BENCH_KEYS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for seed in 0..keys {
        a.push(time_ms(|| ours(seed)));
        b.push(time_ms(|| theirs(seed)));
    }
    println!("\n{BITS}-bit key generation, {keys} keys each (seeds 0..{keys}), ms per key:");
    println!(
        "{:<10} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "", "mean", "sd", "min", "median", "max"
    );
    for (name, s) in [("ours", stats(a)), ("rsa 0.10", stats(b))] {
        println!(
            "{name:<10} {:>9.1} {:>9.1} {:>9.1} {:>9.1} {:>9.1}",
            s.mean, s.sd, s.min, s.median, s.max
        );
    }
    println!();
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("keygen_{BITS}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    // Each iteration draws a fresh seed: the measurement is the mean over
    // many different keys, not one lucky (or unlucky) seed repeated.
    let mut seed = 1u64 << 32;
    group.bench_function("ours", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                seed += 1;
                black_box(ours(seed));
            }
            start.elapsed()
        })
    });
    let mut seed = 1u64 << 32;
    group.bench_function("rsa 0.10", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                seed += 1;
                black_box(theirs(seed));
            }
            start.elapsed()
        })
    });
    group.finish();
}

criterion_group!(keygen, benches);

fn main() {
    sanity();
    summary();
    keygen();
    Criterion::default().configure_from_args().final_summary();
}
