//! Tests of the fixed-capacity keys and of the private operation: blinding,
//! RNG failures, and the Bellcore fault check. Faults are injected by the
//! tests themselves, into copies of a key (a glitched exponent or CRT
//! coefficient, as a persistent memory fault would leave it) or into the
//! view handed to the unchecked exponentiation; nothing in the production
//! types exists for testing.

use super::rsadp::{self, PrivateView};
use super::*;
// Zeros: r = 0 is never invertible.
use crate::arith::Limb;
use crate::capacity::{Array, Capacity, Max4096};
use crate::errors::Error;
use crate::test_support::ZeroRng;
use pkcs8::DecodePrivateKey;
use rand_core::TryCryptoRng;

type PrivateKey = BoundedPrivateKey<Max4096>;

const KEY_2048: &[u8] = include_bytes!("../../tests/data/fixtures/rsa2048/private.pkcs8.der");

/// Bellcore: a fault in the recombination (here a corrupted CRT
/// coefficient) is caught by the `s^e ≡ m` check and nothing of the faulty
/// result escapes.
#[test]
fn crt_fault_is_detected_and_output_withheld() {
    let key = PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let k = key.size();
    let mut input = [0u8; 256];
    input[k - 3..].copy_from_slice(&[1, 2, 3]);
    let mut out = [0xaau8; 256];
    key.raw_private(&input[..k], &mut out[..k]).unwrap();
    let mut faulty_key = key.clone();
    faulty_key.qinv_mont.as_mut()[0] ^= 1;
    let mut faulty = [0xaau8; 256];
    assert_eq!(
        faulty_key.raw_private(&input[..k], &mut faulty[..k]),
        Err(Error::Internal)
    );
    assert!(
        faulty.iter().all(|&b| b == 0xaa),
        "no byte of the faulty value is written"
    );
}

/// Signing runs RSASP1 in place on the signature buffer: on a detected
/// fault the buffer holds zeros (neither the faulty value nor EM), and the
/// same key without the fault gives the signature `raw_private` gives.
#[test]
fn signing_in_place_withholds_a_faulty_signature() {
    use sha2::{Digest, Sha256};
    let key = PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let k = key.size();
    let hashed = Sha256::digest(b"in place");
    let prefix = crate::pkcs1v15::DigestInfoPrefix::new::<Sha256>();
    let mut sig = [0xaau8; 256];
    crate::pkcs1v15::sign_prehash_into(&key, prefix.as_bytes(), &hashed, &mut sig[..k]).unwrap();
    let mut em = [0u8; 256];
    crate::pkcs1v15::emsa_pkcs1v15_encode(prefix.as_bytes(), &hashed, &mut em[..k]).unwrap();
    let mut expected = [0u8; 256];
    key.raw_private(&em[..k], &mut expected[..k]).unwrap();
    assert_eq!(sig[..k], expected[..k]);

    let mut faulty_key = key.clone();
    faulty_key.qinv_mont.as_mut()[0] ^= 1;
    for pss in [false, true] {
        let mut sig = [0xaau8; 256];
        let result = if pss {
            crate::pss::sign_prehash_with_salt_into::<_, Sha256>(
                &faulty_key,
                &hashed,
                &[7; 32],
                &mut sig[..k],
            )
        } else {
            crate::pkcs1v15::sign_prehash_into(
                &faulty_key,
                prefix.as_bytes(),
                &hashed,
                &mut sig[..k],
            )
        };
        assert_eq!(result, Err(Error::Internal));
        assert!(
            sig[..k].iter().all(|&b| b == 0),
            "pss {pss}: nothing left in the buffer"
        );
    }
}

/// A persistent fault in a prime: `p` replaced by `p'` with Montgomery
/// constants consistent with it, so both halves and the check modulo `p'`
/// agree with each other. With `p' = 1` every residue modulo `p'` is 0, the
/// check modulo `p'` alone passes, and the result is `s mod q`: it would
/// reveal `q` (Bellcore). `p·q = n` in the check catches it; a flipped bit
/// of `p` with stale constants is caught as well. Nothing is written.
#[test]
fn fault_in_a_prime_is_detected() {
    let key = PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let k = key.size();
    let h = key.h;
    let mut input = [0u8; 256];
    input[k - 3..].copy_from_slice(&[1, 2, 3]);
    let mut one = key.clone();
    one.p.as_mut()[..h].fill(0);
    one.p.as_mut()[0] = 1;
    one.rr_p.as_mut()[..h].fill(0);
    one.p0 = crate::arith::mont::neg_inv_limb(1);
    let mut flipped = key.clone();
    flipped.p.as_mut()[3] ^= 0x100;
    for (name, faulty) in [("p = 1", one), ("flipped bit", flipped)] {
        // What would escape without the check.
        let mut escaped = [0u8; 256];
        unchecked(&faulty.view(), &input[..k], &mut escaped[..k]);
        let mut good = [0u8; 256];
        key.raw_private(&input[..k], &mut good[..k]).unwrap();
        assert_ne!(
            escaped[..k],
            good[..k],
            "{name}: the fault changes the result"
        );
        let mut out = [0xaau8; 256];
        assert_eq!(
            faulty.raw_private(&input[..k], &mut out[..k]),
            Err(Error::Internal),
            "{name}"
        );
        assert!(out.iter().all(|&b| b == 0xaa), "{name}: nothing written");
    }
}

/// The check's `m < n`: `m + n` has the right residues modulo `p` and `q`
/// (and modulo `n`) but is not the result, and is refused; `m` itself is
/// accepted.
#[test]
fn fault_check_refuses_m_plus_n() {
    use crate::arith::limbs;
    let key = PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let view = key.view();
    let l = view.public.n.len();
    // m = 5, x = m^e mod n: m + n still fits the l limbs.
    let mut m_bytes = [0u8; 256];
    m_bytes[255] = 5;
    let mut x_bytes = [0u8; 256];
    key.public.raw_public(&m_bytes, &mut x_bytes).unwrap();
    let (mut x, mut m) = (std::vec![0 as Limb; l], std::vec![0 as Limb; l]);
    assert!(limbs::from_be_bytes(&mut x, &x_bytes));
    assert!(limbs::from_be_bytes(&mut m, &m_bytes));
    let mut work = <Max4096 as Capacity>::Work::zeroed();
    assert!(rsadp::fault_check(&view, &x, &m, work.as_mut()).is_valid());
    assert_eq!(limbs::add_assign(&mut m, view.public.n.n()), 0);
    assert!(!rsadp::fault_check(&view, &x, &m, work.as_mut()).is_valid());
}

/// A copy of `key` with a glitched CRT exponent: `half` 1 flips a bit of
/// `dP`, 2 of `dQ`.
fn with_glitched_exponent(key: &PrivateKey, half: u8) -> PrivateKey {
    let mut faulty = key.clone();
    match half {
        1 => faulty.dp.as_mut()[0] ^= 2,
        _ => faulty.dq.as_mut()[0] ^= 2,
    }
    faulty
}

/// `out = x^d mod n` through the view, without the fault check: what would
/// escape if the check were skipped.
fn unchecked(view: &PrivateView, x: &[u8], out: &mut [u8]) {
    let l = view.public.n.len();
    let (mut xl, mut yl) = (std::vec![0 as Limb; l], std::vec![0 as Limb; l]);
    assert!(crate::arith::limbs::from_be_bytes(&mut xl, x));
    let mut work = <Max4096 as Capacity>::Work::zeroed();
    rsadp::exponentiate(view, &xl, &mut yl, None, work.as_mut());
    crate::arith::limbs::to_be_bytes(out, &yl);
}

fn fixture_key(bits: usize) -> PrivateKey {
    let path = std::format!(
        "{}/tests/data/fixtures/rsa{bits}/private.pkcs8.der",
        env!("CARGO_MANIFEST_DIR")
    );
    PrivateKey::from_pkcs8_der(&std::fs::read(path).unwrap()).unwrap()
}

fn to_big(x: &[u8]) -> num_bigint::BigUint {
    num_bigint::BigUint::from_bytes_be(x)
}

/// A generator that always fails.
struct FailingRng;

#[derive(Debug)]
struct RngFailure;

impl core::fmt::Display for RngFailure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("rng failure")
    }
}

impl core::error::Error for RngFailure {}

impl rand_core::TryRng for FailingRng {
    type Error = RngFailure;
    fn try_next_u32(&mut self) -> core::result::Result<u32, RngFailure> {
        Err(RngFailure)
    }
    fn try_next_u64(&mut self) -> core::result::Result<u64, RngFailure> {
        Err(RngFailure)
    }
    fn try_fill_bytes(&mut self, _: &mut [u8]) -> core::result::Result<(), RngFailure> {
        Err(RngFailure)
    }
}

impl TryCryptoRng for FailingRng {}

/// Base blinding (and exponent blinding) give the unblinded result, at
/// every fixture size from 1024 to 4096 bits.
#[test]
fn blinded_results_equal_unblinded() {
    use rand::{rngs::StdRng, SeedableRng};
    let mut rng = StdRng::from_seed([42; 32]);
    for bits in [1024, 2047, 2048, 3071, 3072, 4096] {
        let mut key = fixture_key(bits);
        let k = key.size();
        for i in 0..3u8 {
            let mut input = std::vec![0u8; k];
            rand_core::Rng::fill_bytes(&mut rng, &mut input[1..]);
            input[1] = i; // below n
            let mut plain = std::vec![0u8; k];
            key.raw_private(&input, &mut plain).unwrap();
            for eb in [false, true] {
                key.set_exponent_blinding(eb);
                assert_eq!(key.exponent_blinding(), eb);
                let mut blinded = std::vec![0u8; k];
                key.raw_private_blinded(&mut rng, &input, &mut blinded)
                    .unwrap();
                assert_eq!(blinded, plain, "{bits} bits, exponent blinding {eb}");
            }
            key.set_exponent_blinding(false);
            // Edge inputs: 0 and 1.
            for v in [0u8, 1] {
                let mut x = std::vec![0u8; k];
                x[k - 1] = v;
                let mut out = std::vec![0u8; k];
                key.raw_private_blinded(&mut rng, &x, &mut out).unwrap();
                assert_eq!(out, x);
            }
        }
    }
}

#[test]
fn rng_failure_is_reported() {
    let mut key = fixture_key(2048);
    let k = key.size();
    let input = [0x42u8; 255];
    let mut out = [0xaau8; 256];
    assert_eq!(
        key.raw_private_blinded(&mut FailingRng, &input, &mut out[..k]),
        Err(Error::Rng)
    );
    assert_eq!(
        key.raw_private_blinded(&mut ZeroRng, &input, &mut out[..k]),
        Err(Error::Rng)
    );
    assert!(out.iter().all(|&b| b == 0xaa), "nothing written");
    key.set_exponent_blinding(true);
    assert_eq!(
        key.raw_private_blinded(&mut FailingRng, &input, &mut out[..k]),
        Err(Error::Rng)
    );
    // Scheme level: the blinded signing and decryption report it too.
    let mut sig = [0u8; 256];
    let prefix = crate::pkcs1v15::DigestInfoPrefix::new::<sha2::Sha256>();
    let sig = crate::pkcs1v15::sign_prehash_blinded_into(
        &key,
        &mut FailingRng,
        prefix.as_bytes(),
        &[0; 32],
        &mut sig[..k],
    );
    assert_eq!(sig, Err(Error::Rng));
    let ct = [0x11u8; 256];
    let mut out = [0u8; 256];
    assert_eq!(
        crate::pkcs1v15::decrypt_blinded_into(&key, &mut FailingRng, &ct, &mut out),
        Err(Error::Rng)
    );
    assert_eq!(
        crate::oaep::decrypt_blinded_into::<_, sha2::Sha256, sha2::Sha256, _>(
            &key,
            &mut FailingRng,
            &ct,
            &[],
            &mut out
        ),
        Err(Error::Rng)
    );
}

/// Bellcore: a glitched exponent in either CRT half gives a value whose
/// `gcd(s^e − x, n)` is a prime factor; the check catches it in the
/// plain and the blinded paths, and nothing of it is written.
#[test]
fn fault_in_either_half_is_detected() {
    use rand::{rngs::StdRng, SeedableRng};
    let mut rng = StdRng::from_seed([5; 32]);
    let key = fixture_key(2048);
    let k = key.size();
    let mut n = [0u8; 256];
    key.public.write_n_be(&mut n).unwrap();
    let (mut p, mut q) = ([0u8; 128], [0u8; 128]);
    key.write_component(Component::P, &mut p);
    key.write_component(Component::Q, &mut q);
    let (n, p, q) = (to_big(&n), to_big(&p), to_big(&q));
    let e = num_bigint::BigUint::from(key.public.e_u64());
    let input = [0x5au8; 255];
    for half in [1u8, 2] {
        let faulty_key = with_glitched_exponent(&key, half);
        // What would escape without the check: a factor of n.
        let mut faulty = [0u8; 256];
        unchecked(&faulty_key.view(), &input, &mut faulty);
        let s = to_big(&faulty);
        let x = to_big(&input);
        let diff = (s.modpow(&e, &n) + &n - x) % &n;
        let g = num_integer::Integer::gcd(&diff, &n);
        assert_eq!(g, if half == 1 { q.clone() } else { p.clone() });
        // With the check: an error, and `out` untouched.
        let mut out = [0xaau8; 256];
        assert_eq!(
            faulty_key.raw_private(&input, &mut out),
            Err(Error::Internal)
        );
        assert_eq!(
            faulty_key.raw_private_blinded(&mut rng, &input, &mut out),
            Err(Error::Internal)
        );
        assert!(out.iter().all(|&b| b == 0xaa));
        // Scheme level.
        let ct = [0x11u8; 256];
        let mut msg = [0u8; 256];
        assert_eq!(
            crate::pkcs1v15::decrypt_into(&faulty_key, &ct[..k], &mut msg),
            Err(Error::Internal)
        );
    }
    let mut out = [0u8; 256];
    key.raw_private(&input, &mut out).unwrap();
}

/// Cost of the Bellcore check on the host: `cargo test --release --lib
/// bellcore_check_cost -- --ignored --nocapture`. Measurement only: the
/// check cannot be skipped outside tests.
#[test]
#[ignore]
fn bellcore_check_cost() {
    for bits in [2048, 3072, 4096] {
        let key = fixture_key(bits);
        let k = key.size();
        let input = std::vec![0x33u8; k - 1];
        let mut out = std::vec![0u8; k];
        let iters = match bits {
            2048 => 40,
            3072 => 15,
            _ => 8,
        };
        // Interleaved batches, minimum per variant: robust against other
        // load on the machine.
        let (mut with, mut without) = (f64::MAX, f64::MAX);
        for _ in 0..25 {
            for skip in [false, true] {
                let t = std::time::Instant::now();
                for _ in 0..iters {
                    if skip {
                        unchecked(&key.view(), &input, &mut out);
                    } else {
                        key.raw_private(&input, &mut out).unwrap();
                    }
                }
                let per = t.elapsed().as_secs_f64() / iters as f64;
                if skip {
                    without = without.min(per);
                } else {
                    with = with.min(per);
                }
            }
        }
        std::println!(
            "bellcore check, {bits} bits: with {:.1} us, without {:.1} us, ratio {:.4} (+{:.2} %)",
            with * 1e6,
            without * 1e6,
            with / without,
            (with / without - 1.0) * 100.0
        );
    }
}

/// Load-independent variant of [`bellcore_check_cost`]: runs
/// `BELLCORE_ITERS` private operations on a `BELLCORE_BITS` fixture key,
/// with the check unless `BELLCORE_SKIP` is set (then the exponentiation
/// alone, unblinded), for counting executed
/// instructions under `valgrind --tool=cachegrind --cache-sim=no`
/// (compare with `BELLCORE_ITERS=0` as the baseline). With
/// `BELLCORE_BLIND=base` or `exponent`, the blinded operation instead.
#[test]
#[ignore]
fn bellcore_check_cost_instructions() {
    let var = |name: &str| std::env::var(name).ok();
    let bits = var("BELLCORE_BITS").map_or(2048, |v| v.parse().unwrap());
    let iters: usize = var("BELLCORE_ITERS").map_or(10, |v| v.parse().unwrap());
    let mut key = fixture_key(bits);
    let skip = var("BELLCORE_SKIP").is_some();
    // BELLCORE_BLIND=base|exponent: the cost of blinding, likewise.
    let blind = var("BELLCORE_BLIND");
    key.set_exponent_blinding(blind.as_deref() == Some("exponent"));
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::from_seed([1; 32]);
    let k = key.size();
    let input = std::vec![0x33u8; k - 1];
    let mut out = std::vec![0u8; k];
    for _ in 0..iters {
        if skip {
            unchecked(&key.view(), &input, &mut out);
        } else if blind.is_some() {
            key.raw_private_blinded(&mut rng, &input, &mut out).unwrap();
        } else {
            key.raw_private(&input, &mut out).unwrap();
        }
    }
}

#[test]
fn debug_prints_no_secret() {
    let key = PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let s = std::format!("{key:?}");
    let mut d = [0u8; 256];
    key.write_d_be(&mut d);
    let d_hex: std::string::String = d[..8].iter().map(|b| std::format!("{b:02x}")).collect();
    assert!(
        s.contains("PublicKey") && !s.contains(&d_hex),
        "{d_hex} in {s}"
    );
}

#[test]
fn inconsistent_crt_values_are_rejected() {
    let key = PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let (mut n, mut e, mut d) = ([0u8; 256], [0u8; 8], [0u8; 256]);
    key.public.write_n_be(&mut n).unwrap();
    e.copy_from_slice(&key.public.e_u64().to_be_bytes());
    key.write_d_be(&mut d);
    let mut parts = [[0u8; 128]; 5];
    for (buf, which) in parts.iter_mut().zip([
        Component::P,
        Component::Q,
        Component::Dp,
        Component::Dq,
        Component::Qinv,
    ]) {
        key.write_component(which, buf);
    }
    let [p, q, dp, dq, qinv] = &parts;
    let ok = PrivateKeyComponents {
        n: &n,
        e: &e,
        d: &d,
        p,
        q,
        crt: Some((dp, dq, qinv)),
    };
    assert!(PrivateKey::from_be_bytes_components(ok).is_ok());
    assert!(
        PrivateKey::from_be_bytes_components(PrivateKeyComponents { crt: None, ..ok }).unwrap()
            == key
    );
    // One bit changed in one component.
    fn flip<const N: usize>(x: &[u8; N], byte: usize, bit: u8) -> [u8; N] {
        let mut x = *x;
        x[byte] ^= bit;
        x
    }
    fn rejected(c: PrivateKeyComponents<'_>) -> Error {
        PrivateKey::from_be_bytes_components(c).unwrap_err()
    }
    let crt: Option<(&[u8], &[u8], &[u8])> = Some((&flip(dp, 127, 2), dq, qinv));
    assert_eq!(
        rejected(PrivateKeyComponents { crt, ..ok }),
        Error::InvalidExponent
    );
    let crt: Option<(&[u8], &[u8], &[u8])> = Some((dp, dq, &flip(qinv, 127, 2)));
    assert_eq!(
        rejected(PrivateKeyComponents { crt, ..ok }),
        Error::InvalidCoefficient
    );
    let p = &flip(p, 127, 2);
    assert_eq!(
        rejected(PrivateKeyComponents { p, ..ok }),
        Error::InvalidPrime
    );
    let (d, crt) = (&flip(&d, 255, 2), None);
    assert_eq!(
        rejected(PrivateKeyComponents { d, crt, ..ok }),
        Error::InvalidExponent
    );
    let e = &flip(&e, 7, 1);
    assert_eq!(
        rejected(PrivateKeyComponents { e, ..ok }),
        Error::InvalidExponent
    );
}
