use super::*;
use num_bigint::BigUint;
use pkcs8::DecodePrivateKey;
use rand::{rngs::StdRng, SeedableRng};

fn to_big(x: &[Limb]) -> BigUint {
    BigUint::from_slice(x)
}

#[test]
fn exponent_blinding_is_congruent() {
    let mut rng = StdRng::from_seed([9; 32]);
    let p = [0xffff_fffb_u32, 0x1234_5678, 0x8000_0001];
    let d = [0xdead_beef_u32, 0x0102_0304, 0x7000_0000];
    let mut out = [0; 5];
    blind_exponent(&mut rng, &d, &p, &mut out).unwrap();
    let pm1 = to_big(&p) - 1u8;
    assert_eq!(to_big(&out) % &pm1, to_big(&d) % &pm1);
    assert!(to_big(&out) > to_big(&d));
}

use crate::key::ops::Io;
use crate::key::PrivateOps;
use std::vec;
use std::vec::Vec;

const KEY_2048: &[u8] = include_bytes!("../../tests/data/fixtures/rsa2048/private.pkcs8.der");

/// `x^d mod n` by `rsa` 0.10 (unblinded): the second implementation.
struct Reference(rsa::PrivateKey);

impl Reference {
    fn new() -> Self {
        use rsa::pkcs8::DecodePrivateKey;
        Reference(rsa::PrivateKey::from_pkcs8_der(KEY_2048).unwrap())
    }

    /// `p` and `q`: the moduli of the key's blinding pairs.
    fn primes(&self) -> [BigUint; 2] {
        use rsa::traits::PrivateKeyParts;
        let p = self.0.primes();
        [0, 1].map(|i| BigUint::from_bytes_be(&p[i].to_be_bytes()))
    }

    fn rsadp(&self, x: &[u8]) -> Vec<u8> {
        use rsa::traits::PublicKeyParts;
        let c = rsa::BoxedUint::from_be_slice(x, self.0.n_bits_precision()).unwrap();
        let m = rsa::hazmat::rsa_decrypt_and_check(&self.0, None::<&mut StdRng>, &c)
            .unwrap()
            .to_be_bytes();
        m[m.len() - x.len()..].to_vec()
    }
}

/// Counts the bytes drawn; fails every request once `fail_after` requests
/// have been served.
struct CountingRng {
    inner: StdRng,
    requests: usize,
    bytes: usize,
    fail_after: usize,
}

impl CountingRng {
    fn new(seed: u8) -> Self {
        CountingRng {
            inner: StdRng::from_seed([seed; 32]),
            requests: 0,
            bytes: 0,
            fail_after: usize::MAX,
        }
    }
}

impl rand_core::TryRng for CountingRng {
    type Error = Error;
    fn try_next_u32(&mut self) -> core::result::Result<u32, Error> {
        unreachable!("the blinding draws bytes")
    }
    fn try_next_u64(&mut self) -> core::result::Result<u64, Error> {
        unreachable!("the blinding draws bytes")
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> core::result::Result<(), Error> {
        if self.requests >= self.fail_after {
            return Err(Error::Rng);
        }
        self.requests += 1;
        self.bytes += dst.len();
        rand_core::Rng::fill_bytes(&mut self.inner, dst);
        Ok(())
    }
}

impl TryCryptoRng for CountingRng {}

impl CountingRng {
    /// `key`'s RSADP of `x` into `out` (`k` bytes), blinded by this
    /// generator; the bytes drawn.
    fn rsadp<K: PrivateOps>(&mut self, key: &K, x: &[u8], out: &mut [u8]) -> Result<usize> {
        let before = self.bytes;
        key.rsadp(
            Some(self),
            Io::Separate {
                input: x,
                output: out,
            },
        )?;
        Ok(self.bytes - before)
    }
}

/// The bytes one fresh pair draws for a 2048-bit key (`h + 2` limbs for
/// each of its 1024-bit primes, an invertible first draw each) and the two
/// 64-bit `k` of exponent blinding.
const PAIR_BYTES: usize = 2 * 4 * (32 + 2);
const K_BYTES: usize = 2 * 8;

/// A random input below `n` (its top byte zero).
fn input(rng: &mut StdRng) -> Vec<u8> {
    let mut x = vec![0u8; 256];
    rand_core::Rng::fill_bytes(rng, &mut x[1..]);
    x
}

/// The cache's `(uses, A, Aᵢ)` of a key.
trait Cached: PrivateOps {
    fn cache(&self) -> (u8, Vec<Limb>, Vec<Limb>);
    fn hold(&self) -> Option<PairGuard<'_>>;
}

impl Cached for crate::BoundedPrivateKey {
    fn cache(&self) -> (u8, Vec<Limb>, Vec<Limb>) {
        // 2h = l = 64 at 2048 bits, with or without CRT values.
        self.blinding.peek(64)
    }
    fn hold(&self) -> Option<PairGuard<'_>> {
        self.blinding.lock(64)
    }
}

#[cfg(feature = "alloc")]
impl Cached for crate::PrivateKey {
    fn cache(&self) -> (u8, Vec<Limb>, Vec<Limb>) {
        // 2h = l = 64 at 2048 bits, with or without CRT values.
        self.blinding.peek(64)
    }
    fn hold(&self) -> Option<PairGuard<'_>> {
        self.blinding.lock(64)
    }
}

/// `(A, Aᵢ)` holds a blinding pair of each modulus (`p` and `q`, or `n`;
/// the parts of equal length) for `e = 65537`: `A = r^e·R²` and
/// `Aᵢ = r⁻¹·R` for one `r` modulo each, i.e. `Aᵢ^e·A ≡ R^(e+2)`, with
/// `A ≠ 0`.
fn assert_pair(moduli: &[BigUint], a: &[Limb], ai: &[Limb]) {
    let e = BigUint::from(65537u32);
    let w = a.len() / moduli.len();
    for (i, m) in moduli.iter().enumerate() {
        let (a, ai) = (&a[w * i..][..w], &ai[w * i..][..w]);
        let r = BigUint::from(1u8) << (32 * w);
        let (a, ai) = (to_big(a), to_big(ai));
        assert!(a != BigUint::from(0u8) && &a < m && &ai < m);
        assert_eq!(ai.modpow(&e, m) * a % m, r.modpow(&(&e + 2u8), m));
    }
}

/// A heap key whose CRT values are cleared blinds modulo `n`, and modulo
/// `p` and `q` again once they are computed: a pair cached in one form is
/// never taken for the other (both are 64 limbs for a 2048-bit key).
#[cfg(feature = "alloc")]
#[test]
fn pair_follows_the_crt_values() {
    let reference = Reference::new();
    let primes = reference.primes();
    let n = [&primes[0] * &primes[1]];
    let mut key = crate::PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let mut rng = CountingRng::new(11);
    let mut inputs = StdRng::from_seed([12; 32]);
    let mut out = vec![0u8; 256];
    for round in 0..3 {
        match round {
            1 => key.clear_precomputed(),
            2 => key.precompute().unwrap(),
            _ => {}
        }
        for _ in 0..3 {
            let x = input(&mut inputs);
            rng.rsadp(&key, &x, &mut out).unwrap();
            assert_eq!(out, reference.rsadp(&x), "round {round}");
        }
        let (uses, a, ai) = key.cache();
        assert_eq!(uses, 3, "round {round}: a pair drawn afresh");
        assert_pair(if round == 1 { &n[..] } else { &primes[..] }, &a, &ai);
    }
}

/// ≥ 70 consecutive blinded operations (a draw, two refreshes) give the
/// reference's results, drawing a fresh pair only every 32 operations, and
/// leave a consistent pair in the cache.
fn cached_ops_are_correct<K: Cached>(make: impl Fn() -> K) {
    let key = &make();
    let reference = Reference::new();
    let primes = reference.primes();
    let mut inputs = StdRng::from_seed([3; 32]);
    let mut rng = CountingRng::new(4);
    assert_eq!(key.cache().0, 0, "a new key has no pair");
    for op in 0..70 {
        let x = input(&mut inputs);
        let mut out = vec![0u8; 256];
        let drawn = rng.rsadp(key, &x, &mut out).unwrap();
        assert_eq!(out, reference.rsadp(&x), "operation {op}");
        let fresh = op % 32 == 0;
        assert_eq!(
            drawn,
            K_BYTES + if fresh { PAIR_BYTES } else { 0 },
            "operation {op}"
        );
        let (uses, a, ai) = key.cache();
        assert_eq!(uses as usize, (op + 1) % 32, "operation {op}");
        if uses == 0 {
            assert!(
                a.iter().chain(&ai).all(|&w| w == 0),
                "a spent pair is wiped"
            );
        } else {
            assert_pair(&primes, &a, &ai);
        }
    }
    let mut out = vec![0u8; 256];
    let x = input(&mut inputs);
    key.rsadp(
        None::<&mut StdRng>,
        Io::Separate {
            input: &x,
            output: &mut out,
        },
    )
    .unwrap();
    assert_eq!(out, reference.rsadp(&x), "unblinded");
}

/// A clone starts without the pair (never a copy of it), the original keeps
/// its own; `zeroize` forgets it; equality and `Debug` ignore it.
#[test]
fn clone_and_zeroize() {
    let mut key = crate::BoundedPrivateKey::from_pkcs8_der(KEY_2048).unwrap();
    let mut rng = CountingRng::new(5);
    let x = input(&mut StdRng::from_seed([6; 32]));
    let mut out = vec![0u8; 256];
    rng.rsadp(&key, &x, &mut out).unwrap();
    let (uses, a, _) = key.cache();
    assert_eq!(uses, 1);
    let clone = key.clone();
    assert_eq!(clone.cache().0, 0);
    assert!(clone.cache().1.iter().all(|&w| w == 0));
    assert_eq!(key.cache().1, a, "the original keeps its pair");
    assert!(clone == key);
    assert_eq!(std::format!("{clone:?}"), std::format!("{key:?}"));
    let mut clone_out = vec![0u8; 256];
    rng.rsadp(&clone, &x, &mut clone_out).unwrap();
    assert_eq!(clone_out, out);
    assert_ne!(clone.cache().1, key.cache().1, "independent draws");
    key.blinding.zeroize();
    let (uses, a, ai) = key.cache();
    assert_eq!(uses, 0);
    assert!(a.iter().chain(&ai).all(|&w| w == 0));
}

/// An operation that finds the cache locked (another thread's operation)
/// draws its own pair, gives the same result, and leaves the cache alone.
fn contention<K: Cached>(make: impl Fn() -> K) {
    let key = &make();
    let reference = Reference::new();
    let mut rng = CountingRng::new(7);
    let mut inputs = StdRng::from_seed([8; 32]);
    let mut out = vec![0u8; 256];
    rng.rsadp(key, &input(&mut inputs), &mut out).unwrap();
    let held = key.cache();
    let guard = key.hold().unwrap();
    assert!(key.hold().is_none(), "one holder at a time");
    for _ in 0..3 {
        let x = input(&mut inputs);
        let drawn = rng.rsadp(key, &x, &mut out).unwrap();
        assert_eq!(out, reference.rsadp(&x));
        assert_eq!(drawn, PAIR_BYTES + K_BYTES, "a fresh pair");
    }
    drop(guard);
    assert_eq!(key.cache(), held, "the cache was not touched");
    let x = input(&mut inputs);
    let drawn = rng.rsadp(key, &x, &mut out).unwrap();
    assert_eq!(out, reference.rsadp(&x));
    assert_eq!(drawn, K_BYTES, "the cached pair again");
    assert_eq!(key.cache().0, 2);
}

/// A generator that fails mid-way (during a fresh pair's draw, or after it
/// during exponent blinding) leaves the key usable: the operation reports
/// `Error::Rng` and writes nothing, the cache is empty or holds an unused
/// consistent pair, and the next operations are correct.
fn rng_failure<K: Cached>(make: impl Fn() -> K) {
    let reference = Reference::new();
    let mut inputs = StdRng::from_seed([9; 32]);
    // Requests of a fresh-pair operation: 128 + 8 bytes of r_p, the same
    // of r_q, then one k per CRT half; of a cached-pair operation: the two
    // k.
    for (warm_up, fail_after) in [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (0, 5),
        (1, 0),
        (1, 1),
        (31, 1),
    ] {
        let key = &make();
        let primes = reference.primes();
        let mut rng = CountingRng::new(10);
        let mut out = vec![0u8; 256];
        for _ in 0..warm_up {
            rng.rsadp(key, &input(&mut inputs), &mut out).unwrap();
        }
        let uses = key.cache().0;
        assert_eq!(uses as usize, warm_up % 32);
        rng.fail_after = rng.requests + fail_after;
        let x = input(&mut inputs);
        let mut failed = vec![0xa5u8; 256];
        assert_eq!(rng.rsadp(key, &x, &mut failed), Err(Error::Rng));
        assert!(failed.iter().all(|&b| b == 0xa5), "nothing written");
        let (after, a, ai) = key.cache();
        if uses == 0 && fail_after < 4 {
            assert_eq!(after, 0, "a failed draw leaves the cache empty");
        } else {
            assert_eq!(
                after,
                (uses + 1) % PAIR_USES,
                "the pair handed out is spent"
            );
        }
        if after != 0 {
            assert_pair(&primes, &a, &ai);
        }
        rng.fail_after = usize::MAX;
        for _ in 0..3 {
            let x = input(&mut inputs);
            rng.rsadp(key, &x, &mut out).unwrap();
            assert_eq!(out, reference.rsadp(&x));
        }
        assert!(key.hold().is_some(), "the lock was released");
    }
}

/// Tests each check on the bounded and (with `alloc`) the heap key.
macro_rules! on_both_storages {
    ($($check:ident: $bounded:ident, $heap:ident;)*) => {$(
        #[test]
        fn $bounded() {
            $check(|| crate::BoundedPrivateKey::from_pkcs8_der(KEY_2048).unwrap());
        }

        #[cfg(feature = "alloc")]
        #[test]
        fn $heap() {
            $check(|| crate::PrivateKey::from_pkcs8_der(KEY_2048).unwrap());
        }
    )*};
}

on_both_storages! {
    cached_ops_are_correct: cached_pair_bounded, cached_pair_heap;
    contention: contention_bounded, contention_heap;
    rng_failure: rng_failure_bounded, rng_failure_heap;
}

/// The cache keeps both storages `Send + Sync`.
#[test]
fn keys_stay_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<crate::BoundedPrivateKey>();
    #[cfg(feature = "alloc")]
    check::<crate::PrivateKey>();
}
