//! dudect-style timing test (Reparaz, Balasch, Verbauwhede, "Dude, is my
//! code constant time?", 2017) of decryption with valid versus invalid
//! padding.
//!
//! For PKCS#1 v1.5 (implicit rejection) and OAEP, two pools of ciphertexts
//! are made under one key: class 0 decrypts to a valid padding, class 1 to
//! an invalid one (every kind: wrong leading bytes, missing or early
//! separator for PKCS#1 v1.5; wrong label hash or random for OAEP, whose
//! default decoder ignores `Y` as `rsa` 0.10 does).
//! Each measurement picks a class at random (interleaved, so drift and
//! frequency scaling hit both alike), a ciphertext from its pool, and times
//! one decryption with the cycle counter (`rdtsc`, or `Instant` off x86-64).
//! Welch's t-test compares the two classes, on all measurements and on the
//! measurements below several percentiles (dudect's cropping, which removes
//! the long tail of interrupts); the largest |t| is reported. PKCS#1 v1.5
//! is also timed on the blinded path (`decrypt_blinded_into`).
//!
//! Valid PKCS#1 v1.5 messages have uniformly random lengths in `0..=k − 11`,
//! as the synthetic messages of implicit rejection do, so the copy of the
//! returned message (whose length is public by design) has the same
//! distribution in both classes. Valid OAEP messages are empty, for the same
//! reason (an invalid one returns no message). A third test compares two
//! kinds of invalid OAEP ciphertexts under the strict decoder
//! (`oaep::decrypt_strict_into`), `Y ≠ 0` versus a wrong label hash: the
//! distinction Manger's attack needs.
//!
//! ```text
//! cargo run --release --example dudect -- [measurements per test] [bits]
//! ```
//!
//! Threshold: |t| < 10 (dudect's "definitely not constant time" level is
//! |t| > 10; 4.5 is its "probably leaky" level). See `ci/ct` and
//! `SECURITY.md` for how CI treats values in between. Exit status 0 when
//! every max |t| < 10, 1 otherwise.

use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::{oaep, pkcs1v15, BoundedPrivateKey, Max4096};

/// The fixed-capacity key: the no-heap core whose timing is measured.
type PrivateKey = BoundedPrivateKey<Max4096>;
use sha2::Sha256;

/// SplitMix64: a fast deterministic generator for inputs and class choice.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

impl rand_core::TryRng for Rng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.next() as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.next())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            chunk.copy_from_slice(&self.next().to_le_bytes()[..chunk.len()]);
        }
        Ok(())
    }
}

impl rand_core::TryCryptoRng for Rng {}

#[inline(always)]
fn cycles() -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: rdtsc has no memory effects; the fences keep the measured
    // code between the two reads.
    unsafe {
        core::arch::x86_64::_mm_lfence();
        let t = core::arch::x86_64::_rdtsc();
        core::arch::x86_64::_mm_lfence();
        t
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        use std::sync::OnceLock;
        static START: OnceLock<std::time::Instant> = OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_nanos() as u64
    }
}

/// Welford accumulators for Welch's t-test of two classes.
#[derive(Clone, Copy, Default)]
struct TTest {
    n: [f64; 2],
    mean: [f64; 2],
    m2: [f64; 2],
}

impl TTest {
    fn push(&mut self, class: usize, x: f64) {
        self.n[class] += 1.0;
        let d = x - self.mean[class];
        self.mean[class] += d / self.n[class];
        self.m2[class] += d * (x - self.mean[class]);
    }
    fn t(&self) -> f64 {
        if self.n[0] < 2.0 || self.n[1] < 2.0 {
            return 0.0;
        }
        let v0 = self.m2[0] / (self.n[0] - 1.0);
        let v1 = self.m2[1] / (self.n[1] - 1.0);
        let se = (v0 / self.n[0] + v1 / self.n[1]).sqrt();
        if se == 0.0 {
            0.0
        } else {
            (self.mean[0] - self.mean[1]) / se
        }
    }
    fn count(&self) -> u64 {
        (self.n[0] + self.n[1]) as u64
    }
}

/// Cropping percentiles (dudect): tests on measurements below each.
const PERCENTILES: [f64; 5] = [0.5, 0.75, 0.9, 0.95, 0.99];

struct Report {
    name: &'static str,
    max_t: f64,
    which: String,
    count: u64,
    per_class: [u64; 2],
    median: [u64; 2],
}

/// Runs `measurements` timed calls of `op(class, index)` and the t-tests.
fn run(
    name: &'static str,
    measurements: usize,
    pool: usize,
    rng: &mut Rng,
    mut op: impl FnMut(usize, usize),
) -> Report {
    // Warm-up, and the cropping thresholds from its distribution.
    let warm = (measurements / 20).clamp(200, 5000);
    let mut sample = Vec::with_capacity(warm);
    for _ in 0..warm {
        let (c, i) = (rng.below(2), rng.below(pool));
        let t0 = cycles();
        op(c, i);
        sample.push(cycles() - t0);
    }
    sample.sort_unstable();
    let thresholds: Vec<u64> = PERCENTILES
        .iter()
        .map(|p| sample[((sample.len() as f64 * p) as usize).min(sample.len() - 1)])
        .collect();
    let mut all = TTest::default();
    let mut cropped = vec![TTest::default(); thresholds.len()];
    let mut times: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..measurements {
        let (c, i) = (rng.below(2), rng.below(pool));
        let t0 = cycles();
        op(c, i);
        let dt = cycles() - t0;
        all.push(c, dt as f64);
        for (test, &th) in cropped.iter_mut().zip(&thresholds) {
            if dt < th {
                test.push(c, dt as f64);
            }
        }
        times[c].push(dt);
    }
    let mut max_t = all.t();
    let mut which = String::from("all");
    for (test, p) in cropped.iter().zip(PERCENTILES) {
        if test.count() > 1000 && test.t().abs() > max_t.abs() {
            max_t = test.t();
            which = format!("below p{}", (p * 100.0) as u32);
        }
    }
    let median = [0, 1].map(|c| {
        let v = &mut times[c];
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or(0)
    });
    Report {
        name,
        max_t,
        which,
        count: all.count(),
        per_class: [all.n[0] as u64, all.n[1] as u64],
        median,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let measurements: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let bits: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1024);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let der = std::fs::read(format!(
        "{}/tests/data/fixtures/rsa{bits}/private.pkcs8.der",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture key (bits: 1024, 2047, 2048, 3071, 3072, 4096)");
    let key = PrivateKey::from_pkcs8_der(&der).unwrap();
    let public = key.as_public_key();
    let k = key.size();
    let mut rng = Rng(seed);
    const POOL: usize = 64;

    let encrypt_em = |em: &[u8]| {
        let mut ct = vec![0u8; k];
        public.raw_public(em, &mut ct).unwrap();
        ct
    };

    // --- PKCS#1 v1.5 pools.
    let mut pkcs_valid = Vec::new();
    let mut pkcs_invalid = Vec::new();
    for i in 0..POOL {
        let len = rng.below(k - 11 + 1);
        let mut msg = vec![0u8; len];
        rand_core::TryRng::try_fill_bytes(&mut rng, &mut msg).unwrap();
        let mut ct = vec![0u8; k];
        pkcs1v15::encrypt_into(public, &mut rng, &msg, &mut ct).unwrap();
        pkcs_valid.push(ct);
        // A valid-looking EM, then broken one way or another.
        let mut em = vec![0u8; k];
        rand_core::TryRng::try_fill_bytes(&mut rng, &mut em).unwrap();
        for b in em.iter_mut() {
            *b |= 1;
        }
        em[0] = 0;
        em[1] = 2;
        let sep = 10 + rng.below(k - 11);
        em[sep] = 0;
        match i % 4 {
            0 => em[1] = 1 + 2 * (rng.below(2) as u8), // 01 or 03
            1 => em[sep] = 0x5a,                       // no separator
            2 => {
                em[sep] = 0x5a;
                em[2 + rng.below(8)] = 0; // separator inside the first 8 PS bytes
            }
            _ => em[0] = 0,
        }
        if i % 4 == 3 {
            em[1] = 0; // 00 00 ...
        }
        pkcs_invalid.push(encrypt_em(&em));
    }
    let mut out = vec![0u8; k];
    // Sanity: the classes are what they claim (explicit decoder).
    for ct in &pkcs_valid {
        assert!(pkcs1v15::decrypt_explicit_into(&key, ct, &mut out).is_ok());
    }
    for ct in &pkcs_invalid {
        assert!(pkcs1v15::decrypt_explicit_into(&key, ct, &mut out).is_err());
    }

    // --- OAEP pools.
    let mut oaep_valid = Vec::new();
    let mut oaep_invalid = Vec::new();
    // Manger's attack needs to tell `Y ≠ 0` from the other failures: a
    // third test compares exactly those two kinds of invalid ciphertexts.
    let mut oaep_y = Vec::new();
    let mut oaep_other = Vec::new();
    let mut n = vec![0u8; k];
    public.write_n_be(&mut n).unwrap();
    while oaep_y.len() < POOL {
        let mut em = vec![0u8; k];
        let seed: [u8; 32] = core::array::from_fn(|_| rng.next() as u8);
        oaep::eme_oaep_encode_with_seed::<Sha256, Sha256>(b"", b"", &seed, &mut em).unwrap();
        em[0] = 1 + rng.below(n[0] as usize) as u8; // 0 < Y ≤ n's top byte - 1
        if em < n {
            oaep_y.push(encrypt_em(&em));
        }
        let mut ct = vec![0u8; k];
        oaep::encrypt_into::<_, Sha256, Sha256, _>(public, &mut rng, b"", b"wrong label", &mut ct)
            .unwrap();
        oaep_other.push(ct);
    }
    for i in 0..POOL {
        // Valid messages are empty: the copy of an accepted plaintext (its
        // length is public by design) is then the same as for a rejection.
        let mut msg = vec![0u8; 0];
        rand_core::TryRng::try_fill_bytes(&mut rng, &mut msg).unwrap();
        let mut ct = vec![0u8; k];
        oaep::encrypt_into::<_, Sha256, Sha256, _>(public, &mut rng, &msg, b"", &mut ct).unwrap();
        oaep_valid.push(ct);
        let mut ct = vec![0u8; k];
        // The default decoder ignores Y (as rsa 0.10); its invalid class is
        // a wrong label or a random ciphertext. Y ≠ 0 is the strict
        // decoder's case, timed against a wrong label below.
        if i % 2 == 0 {
            oaep::encrypt_into::<_, Sha256, Sha256, _>(
                public,
                &mut rng,
                &msg,
                b"other label",
                &mut ct,
            )
            .unwrap();
        } else {
            rand_core::TryRng::try_fill_bytes(&mut rng, &mut ct[1..]).unwrap();
        }
        oaep_invalid.push(ct);
    }
    for ct in oaep_invalid.iter().chain(&oaep_y).chain(&oaep_other) {
        assert!(oaep::decrypt_strict_into::<_, Sha256, Sha256>(&key, ct, b"", &mut out).is_err());
    }
    for ct in oaep_invalid.iter().chain(&oaep_other) {
        assert!(oaep::decrypt_into::<_, Sha256, Sha256>(&key, ct, b"", &mut out).is_err());
    }
    for ct in &oaep_y {
        assert!(oaep::decrypt_into::<_, Sha256, Sha256>(&key, ct, b"", &mut out).is_ok());
    }

    println!("dudect: {bits}-bit key, {measurements} measurements per test, seed {seed}");
    let pools_pkcs = [&pkcs_valid, &pkcs_invalid];
    let r1 = run(
        "pkcs1v15 decrypt (implicit rejection), valid vs invalid padding",
        measurements,
        POOL,
        &mut rng,
        |c, i| {
            let r = pkcs1v15::decrypt_into(&key, &pools_pkcs[c][i], &mut out);
            std::hint::black_box(r).unwrap();
        },
    );
    let pools_oaep = [&oaep_valid, &oaep_invalid];
    let mut out2 = vec![0u8; k];
    let r2 = run(
        "oaep decrypt (SHA-256), valid vs invalid padding",
        measurements,
        POOL,
        &mut rng,
        |c, i| {
            let r =
                oaep::decrypt_into::<_, Sha256, Sha256>(&key, &pools_oaep[c][i], b"", &mut out2);
            let _ = std::hint::black_box(r);
        },
    );
    let pools_manger = [&oaep_y, &oaep_other];
    let r3 = run(
        "oaep decrypt strict (SHA-256), invalid Y != 0 vs invalid label hash",
        measurements,
        POOL,
        &mut rng,
        |c, i| {
            let r = oaep::decrypt_strict_into::<_, Sha256, Sha256>(
                &key,
                &pools_manger[c][i],
                b"",
                &mut out2,
            );
            let _ = std::hint::black_box(r);
        },
    );
    // The blinded path (issue 23): base blinding from the key's pair,
    // squared between operations and drawn afresh every 32 (a public,
    // operation-count-dependent cost that falls in both classes alike), and
    // exponent blinding.
    let mut blinding_rng = Rng(seed ^ 0x626c_696e_6432_3300);
    let r4 = run(
        "pkcs1v15 decrypt blinded (the key's pair), valid vs invalid padding",
        measurements,
        POOL,
        &mut rng,
        |c, i| {
            let r = pkcs1v15::decrypt_blinded_into(
                &key,
                &mut blinding_rng,
                &pools_pkcs[c][i],
                &mut out,
            );
            std::hint::black_box(r).unwrap();
        },
    );
    let mut worst: f64 = 0.0;
    for r in [&r1, &r2, &r3, &r4] {
        println!(
            "{}: max |t| = {:.2} ({}), {} measurements ({} + {}), median cycles {} / {}",
            r.name,
            r.max_t.abs(),
            r.which,
            r.count,
            r.per_class[0],
            r.per_class[1],
            r.median[0],
            r.median[1]
        );
        worst = worst.max(r.max_t.abs());
    }
    println!("dudect: worst |t| = {worst:.2} (threshold 10)");
    if worst >= 10.0 {
        std::process::exit(1);
    }
}
