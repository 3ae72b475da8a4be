//! Building a heap key from its components: the checks of a public key,
//! the constructors of [`PrivateKey`], its validation on the core's limbs (the checks of
//! `key/validate.rs`), the CRT values, and what only `crypto-bigint` does
//! here (the private exponent from the primes, prime recovery, and `qInv`
//! for a composite `p`).

use alloc::vec;
use alloc::vec::Vec;

use crate::wipe::Wiped;
use crypto_bigint::{
    BoxedUint, Choice, ConcatenatingMul, CtLt, Gcd, Integer, NonZero, Odd, Resize,
};

use super::ops::{limbs_of, uint_of};
use super::{Montgomery, PrivateKey, PublicKey};
use crate::arith::{limbs, Limb, Modulus};
use crate::blinding::PairCache;
use crate::errors::{Error, Result};
use crate::key::validate;
use crate::traits::PublicKeyParts;

/// RFC 8017 §3.1 checks of `(n, e)`, with an optional size limit.
pub(super) fn check_public_with_max_size(
    n: &BoxedUint,
    e: &BoxedUint,
    max_size: Option<usize>,
) -> Result<()> {
    if let Some(max_size) = max_size {
        if n.bit_width_vartime() as usize > max_size {
            return Err(Error::ModulusTooLarge);
        }
    }
    check_public_skip_exponent_size(n, e)?;
    if e < &BoxedUint::from(PublicKey::MIN_PUB_EXPONENT) {
        return Err(Error::PublicExponentTooSmall);
    }
    if e > &BoxedUint::from(PublicKey::MAX_PUB_EXPONENT) {
        return Err(Error::PublicExponentTooLarge);
    }
    Ok(())
}

/// `n` odd and non-zero, `e < n`, `e` odd.
pub(super) fn check_public_skip_exponent_size(n: &BoxedUint, e: &BoxedUint) -> Result<()> {
    if e >= n || n.is_even().into() || n.is_zero().into() {
        return Err(Error::InvalidModulus);
    }
    if e.is_even().into() {
        return Err(Error::InvalidExponent);
    }
    Ok(())
}

/// The checks of a public key (no size limit) that the encryption schemes
/// run before using it, as `rsa` does.
pub(crate) fn check_public(key: &impl PublicKeyParts) -> Result<()> {
    check_public_with_max_size(key.n(), key.e(), None)
}

impl PrivateKey {
    /// `n` at the width of its bit length (public: a zero-padded `n` does
    /// not slow every operation down) and `d` at that width (a wider `d`
    /// must not be truncated into validity).
    fn normalize(n: BoxedUint, d: BoxedUint) -> Result<(Odd<BoxedUint>, BoxedUint)> {
        let n = Odd::new(n).into_option().ok_or(Error::InvalidModulus)?;
        let n_bits = n.bit_width_vartime();
        let n = n.resize_unchecked(n_bits);
        let d = d
            .try_resize(n.bits_precision())
            .ok_or(Error::InvalidExponent)?;
        Ok((n, d))
    }

    /// [`Self::from_components_inner`], recovering `p` and `q` from
    /// `(n, e, d)` when no prime is given. Out of line from it, so that the
    /// decoders (which always have the primes) do not link the recovery.
    fn from_components_or_recover(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
        wide_primes: bool,
    ) -> Result<PrivateKey> {
        if !primes.is_empty() {
            return Self::from_components_inner(n, e, d, primes, wide_primes);
        }
        let (n, d) = Self::normalize(n, d)?;
        let (p, q) = recover_primes(n.as_nz_ref(), &e, &d)?;
        Self::from_components_inner(n.get(), e, d, alloc::vec![p, q], wide_primes)
    }

    /// Builds the key from two or more primes without validation or
    /// precomputation; the callers validate, then precompute.
    fn from_components_inner(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
        wide_primes: bool,
    ) -> Result<PrivateKey> {
        let (n, d) = Self::normalize(n, d)?;
        // The exact length of the (public) modulus, as rsa: its precision is
        // rounded up to whole limbs, which would admit a wider prime.
        let n_bits = n.bit_width_vartime();
        if primes.len() < 2 {
            return Err(Error::NprimesTooSmall);
        }
        // The product of the primes must be n; this also bounds every
        // prime's precision by n's.
        let limbs: Vec<_> = primes.iter().map(|p| limbs_of(p)).collect();
        let xs: Vec<&[Limb]> = limbs.iter().map(|p| &p[..]).collect();
        if !product_is(&xs, &limbs_of(&n)) {
            return Err(Error::InvalidModulus);
        }

        // The width of the primes follows from public data only: the policy
        // the caller chose and the size of n. Multi-prime keys keep
        // modulus-width factors (their private operation does not use CRT).
        let prime_bits = if wide_primes || primes.len() > 2 {
            n_bits
        } else {
            n_bits.div_ceil(2)
        };
        let primes = primes
            .into_iter()
            .map(|p| {
                if p.bit_width() > prime_bits {
                    return Err(Error::InvalidPrime);
                }
                Odd::new(p.resize_unchecked(prime_bits))
                    .into_option()
                    .ok_or(Error::InvalidPrime)
            })
            .collect::<Result<Vec<_>>>()?;

        Ok(PrivateKey {
            pubkey_components: PublicKey::from_odd(n, e),
            d,
            primes,
            precomputed: None,
            blinding: PairCache::new(),
        })
    }

    /// Builds a key from its components and validates it:
    ///
    /// - `n`: the modulus; `e`: the public exponent; `d`: the private exponent;
    /// - `primes`: the distinct prime factors of `n`, usually `p` and `q`
    ///   (more for multi-prime keys, whose private operation then runs without
    ///   CRT); empty to recover `p` and `q` from `(n, e, d)` (NIST SP
    ///   800-56B Rev. 2, Appendix C.2; two-prime keys with `2¹⁶ < e < 2²⁵⁶`).
    ///
    /// For two-prime keys each prime must fit in `⌈bits(n)/2⌉` bits (use
    /// [`Self::from_components_with_wide_primes`] for unbalanced factors).
    ///
    /// # Errors
    /// [`Error::InvalidModulus`] for an even `n` or primes whose product is
    /// not `n`; [`Error::NprimesTooSmall`] for one prime;
    /// [`Error::InvalidPrime`] for a prime too wide, ≤ 1, repeated, or `p`
    /// and `q` not coprime; [`Error::InvalidExponent`] for `d ≥ n` or
    /// `d·e ≢ 1 mod (p − 1)`; the checks of [`PublicKey::new`] except the
    /// size limits; [`Error::InvalidArguments`] if prime recovery fails.
    pub fn from_components(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
    ) -> Result<PrivateKey> {
        Self::from_components_or_recover(n, e, d, primes, false)?.checked(None)
    }

    /// Validates the key and precomputes its CRT values (with an encoded
    /// `qInv` as a hint, if given).
    fn checked(mut self, qinv_hint: Option<&[u8]>) -> Result<PrivateKey> {
        check_public(&self)?;
        // `e·dP ≡ 1`, `e·dQ ≡ 1` are checked where dP and dQ are computed.
        validate_private_key_parts(&self, 2)?;
        self.precompute_with(qinv_hint)?;
        Ok(self)
    }

    /// As [`Self::from_components`], taking an encoded `qInv` (big-endian)
    /// as a hint: used when `qInv·q ≡ 1 (mod p)` holds, recomputed
    /// otherwise, so the key is the same either way (as `rsa`, which always
    /// recomputes); the check costs one multiplication where the
    /// computation costs an exponentiation.
    pub(crate) fn from_components_with_qinv_hint(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
        qinv: &[u8],
    ) -> Result<PrivateKey> {
        Self::from_components_inner(n, e, d, primes, false)?.checked(Some(qinv))
    }

    /// As [`Self::from_components`] with every prime and CRT exponent at the
    /// width of `n`: unbalanced factors are accepted (slower private
    /// operations). Choose this policy as public configuration, never by
    /// retrying a failed import.
    ///
    /// # Errors
    /// As [`Self::from_components`].
    pub fn from_components_with_wide_primes(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
    ) -> Result<PrivateKey> {
        Self::from_components_or_recover(n, e, d, primes, true)?.checked(None)
    }

    /// As [`Self::from_components`], accepting public exponents outside
    /// `2..=2³³ − 1` (the key is still fully validated). A large `e` makes
    /// every public operation, and the fault check of every private one,
    /// slower: do not use it on untrusted input.
    ///
    /// # Errors
    /// As [`Self::from_components`], without the exponent size errors.
    #[cfg(feature = "hazmat")]
    pub fn from_components_with_large_exponent(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
    ) -> Result<PrivateKey> {
        let mut k = Self::from_components_or_recover(n, e, d, primes, false)?;
        check_public_skip_exponent_size(k.pubkey_components.n.as_ref(), &k.pubkey_components.e)?;
        validate_private_key_parts(&k, 2)?;
        k.precompute()?;
        Ok(k)
    }

    /// Builds a key from its primes `p`, `q` and `e`, with
    /// `d = e⁻¹ mod λ(n)` (NIST SP 800-56B Rev. 2 §6.2.1).
    ///
    /// # Errors
    /// [`Error::InvalidPrime`] for even primes or primes below 2, or if `e` is
    /// not invertible; otherwise as [`Self::from_components`].
    pub fn from_p_q(p: BoxedUint, q: BoxedUint, public_exponent: BoxedUint) -> Result<PrivateKey> {
        let two = BoxedUint::from(2u64);
        if (p.ct_lt(&two) | q.ct_lt(&two) | !p.is_odd() | !q.is_odd()).to_bool() {
            return Err(Error::InvalidPrime);
        }
        let d = private_exponent_carmichael(&p, &q, &public_exponent)?;
        let primes = vec![p, q];
        let n = modulus_of(&primes);
        Self::from_components(n, public_exponent, d, primes)
    }

    /// Builds a key from its primes and `e`, with `d = e⁻¹ mod φ(n)`.
    ///
    /// # Errors
    /// [`Error::NprimesTooSmall`] for fewer than two primes;
    /// [`Error::InvalidPrime`] for even primes or primes below 2, or if `e` is
    /// not invertible; otherwise as [`Self::from_components`].
    pub fn from_primes(primes: Vec<BoxedUint>, public_exponent: BoxedUint) -> Result<PrivateKey> {
        if primes.len() < 2 {
            return Err(Error::NprimesTooSmall);
        }
        let two = BoxedUint::from(2u64);
        let invalid = primes
            .iter()
            .fold(Choice::FALSE, |acc, p| acc | p.ct_lt(&two) | !p.is_odd());
        if invalid.to_bool() {
            return Err(Error::InvalidPrime);
        }
        let n = modulus_of(&primes);
        let d = private_exponent_euler_totient(&primes, &public_exponent)?;
        Self::from_components(n, public_exponent, d, primes)
    }
}

/// `d < n`, distinct primes above 1 whose product is `n`, `d·e ≡ 1 mod
/// (prime − 1)` for every prime from `primes[from]` on (the constructors
/// leave the first two to the CRT values' computation, which checks them):
/// on the core's limbs, with the checks the fixed-capacity keys load with
/// (`key/validate.rs`).
pub(super) fn validate_private_key_parts(key: &PrivateKey, from: usize) -> Result<()> {
    let (n, d, e) = (limbs_of(key.n()), limbs_of(&key.d), limbs_of(key.e()));
    // RFC 8017 §3.2: d < n, even if a larger d satisfies the congruences
    // (d has the precision of n).
    if d.len() != n.len() || limbs::ct_lt(&d, &n) == 0 {
        return Err(Error::InvalidExponent);
    }
    let primes: Vec<_> = key.primes.iter().map(|p| limbs_of(p)).collect();
    let mut invalid = 0;
    for (i, prime) in primes.iter().enumerate() {
        invalid |= u32::from(limbs::bit_len(prime) < 2);
        // RFC 8017 §3.2: the prime factors are distinct (equal precisions).
        for other in &primes[..i] {
            invalid |= limbs::ct_eq(prime, other);
        }
    }
    if invalid != 0 {
        return Err(Error::InvalidPrime);
    }
    let xs: Vec<&[Limb]> = primes.iter().map(|p| &p[..]).collect();
    if !product_is(&xs, &n) {
        return Err(Error::InvalidModulus);
    }
    let e = &e[..limbs::significant_limbs(&e)];
    for prime in xs.iter().skip(from) {
        let prime = &prime[..limbs::significant_limbs(prime)];
        let w = prime.len();
        let mut buf = Wiped::new(vec![
            0 as Limb;
            w + validate::crt_exponent_work_limbs(e.len(), w)
        ]);
        let (r, work) = buf.split_at_mut(w);
        validate::crt_exponent(e, &d, prime, r, work)?;
    }
    Ok(())
}

/// The product of the primes (public: it is `n`).
fn modulus_of(primes: &[BoxedUint]) -> BoxedUint {
    let primes: Vec<_> = primes.iter().map(|p| limbs_of(p)).collect();
    let xs: Vec<&[Limb]> = primes.iter().map(|p| &p[..]).collect();
    let prod = product(&xs);
    let mut bytes = Wiped::new(vec![0u8; 4 * prod.len()]);
    limbs::to_be_bytes(&mut bytes, &prod);
    BoxedUint::from_be_slice_vartime(&bytes).resize_unchecked(32 * prod.len() as u32)
}

/// `Π x` exactly, on the heap. Time depends on the bit lengths of the
/// factors only (public: the sizes of primes are), not on their storage
/// precision, so a key decoded at a huge precision costs what its values
/// cost.
fn product(xs: &[&[Limb]]) -> Wiped<Vec<Limb>> {
    let mut acc = Wiped::new(vec![1 as Limb]);
    for x in xs {
        let x = &x[..limbs::significant_limbs(x)];
        let mut next = Wiped::new(vec![0 as Limb; acc.len() + x.len()]);
        validate::mul_exact(&mut next, &acc, x);
        acc = next;
    }
    acc
}

/// Whether `Π primes = n`, compared in constant time.
fn product_is(primes: &[&[Limb]], n: &[Limb]) -> bool {
    let prod = product(primes);
    let len = prod.len().max(n.len());
    let widen = |x: &[Limb]| {
        let mut w = Wiped::new(vec![0 as Limb; len]);
        w[..x.len()].copy_from_slice(x);
        w
    };
    limbs::ct_eq(&widen(&prod), &widen(n)) == 1
}

/// `d mod (prime − 1)` at the prime's precision (RFC 8017 §3.2 `dP`,
/// `dQ`), on the core's limbs, checked against `e` as the fixed-capacity
/// keys' (`validate::crt_exponent`).
///
/// # Errors
/// [`Error::InvalidPrime`] for the prime one; [`Error::InvalidExponent`] if
/// `e·dP ≢ 1 mod (prime − 1)`.
pub(super) fn crt_exponent(
    e: &BoxedUint,
    d: &BoxedUint,
    prime: &Odd<BoxedUint>,
) -> Result<BoxedUint> {
    let p = limbs_of(prime);
    if limbs::bit_len(&p) < 2 {
        return Err(Error::InvalidPrime);
    }
    let e = limbs_of(e);
    let e = &e[..limbs::significant_limbs(&e)];
    let mut r = Wiped::new(vec![0 as Limb; p.len()]);
    let mut work = Wiped::new(vec![
        0 as Limb;
        validate::crt_exponent_work_limbs(e.len(), p.len())
    ]);
    validate::crt_exponent(e, &limbs_of(d), &p, &mut r, &mut work)?;
    Ok(uint_of(&r, prime.bits_precision()))
}

/// `qInv = q⁻¹ mod p` and its Montgomery form `qInv·R mod p`, on the core
/// arithmetic (`validate::crt_coefficient`): the `hint` (an encoded `qInv`,
/// big-endian) when it is right, else the constant-time inversion.
///
/// # Errors
/// [`Error::InvalidPrime`] if `q` has no inverse modulo `p`.
pub(super) fn crt_coefficient(
    p: &Odd<BoxedUint>,
    pl: &[Limb],
    ql: &[Limb],
    p_mont: &Montgomery,
    hint: Option<&[u8]>,
) -> Result<(BoxedUint, Wiped<Vec<Limb>>)> {
    let h = pl.len();
    let pm = Modulus::new(pl, &p_mont.rr, p_mont.n0);
    let mut x = Wiped::new(vec![0 as Limb; 2 * h + validate::coefficient_work_limbs(h)]);
    let (qinv, rest) = x.split_at_mut(h);
    let (mont, work) = rest.split_at_mut(h);
    validate::crt_coefficient(&pm, ql, hint, true, qinv, mont, work)?;
    Ok((uint_of(qinv, p.bits_precision()), Wiped::new(mont.to_vec())))
}

/// `d = e⁻¹ mod φ(n)`, `φ(n) = Π(prime − 1)`.
fn private_exponent_euler_totient(primes: &[BoxedUint], e: &BoxedUint) -> Result<BoxedUint> {
    let mut totient = BoxedUint::one_with_precision(primes[0].bits_precision());
    for prime in primes {
        totient = totient.concatenating_mul(&(prime - &BoxedUint::one()));
    }
    let e = e.resize_unchecked(totient.bits_precision());
    let totient = NonZero::new(totient)
        .into_option()
        .ok_or(Error::InvalidPrime)?;
    e.invert_mod(&totient)
        .into_option()
        .ok_or(Error::InvalidPrime)
}

/// `d = e⁻¹ mod λ(n)`, `λ(n) = lcm(p − 1, q − 1)`.
fn private_exponent_carmichael(p: &BoxedUint, q: &BoxedUint, e: &BoxedUint) -> Result<BoxedUint> {
    let one = BoxedUint::one();
    let p1 = p - &one;
    let q1 = q - &one;
    let gcd = NonZero::new(p1.gcd(&q1))
        .into_option()
        .ok_or(Error::InvalidPrime)?;
    let lcm = (p1 / gcd).concatenating_mul(&q1);
    let e = e.resize_unchecked(lcm.bits_precision());
    let lcm = NonZero::new(lcm).into_option().ok_or(Error::InvalidPrime)?;
    e.invert_mod(&lcm).into_option().ok_or(Error::InvalidPrime)
}

/// Recovers `p` and `q` from `(n, e, d)` (NIST SP 800-56B Rev. 2, Appendix
/// C.2); for `2¹⁶ < e < 2²⁵⁶`.
fn recover_primes(
    n: &NonZero<BoxedUint>,
    e: &BoxedUint,
    d: &BoxedUint,
) -> Result<(BoxedUint, BoxedUint)> {
    use crypto_bigint::ConcatenatingSquare;
    if e <= &BoxedUint::from(1u64 << 16) || e.bit_width_vartime() > 256 {
        return Err(Error::InvalidArguments);
    }
    // 1. a = (de − 1)·gcd(n − 1, de − 1).
    let bits = d.bits_precision() * 2;
    let one = BoxedUint::one_with_precision(bits);
    let e = e.resize_unchecked(d.bits_precision());
    let n = n.as_ref().resize_unchecked(bits);
    let a1 = d.concatenating_mul(&e) - &one;
    let a2 = (&n - &one).gcd(&a1);
    let a = a1.concatenating_mul(&a2);
    let n = n.resize_unchecked(a.bits_precision());
    let n_nz = NonZero::new(n.clone())
        .into_option()
        .ok_or(Error::InvalidArguments)?;
    // 2. m = ⌊a/n⌋, r = a − m·n.
    let m = &a / &n_nz;
    let r = a - m.concatenating_mul(&n).resize_unchecked(n.bits_precision());
    let one = BoxedUint::one_with_precision(m.bits_precision());
    // 3. b = (n − r)/(m + 1) + 1, an integer with b² > 4n.
    let m1 = NonZero::new(&m + &one)
        .into_option()
        .ok_or(Error::InvalidArguments)?;
    let n_minus_r = &n - &r;
    if !bool::from((&n_minus_r % &m1).is_zero()) {
        return Err(Error::InvalidArguments);
    }
    let b = (&n_minus_r / &m1) + &one;
    let four_n = n.concatenating_mul(&BoxedUint::from(4u32));
    let b_squared = b.concatenating_square();
    if b_squared <= four_n {
        return Err(Error::InvalidArguments);
    }
    let disc = b_squared - four_n;
    // 4. y = √(b² − 4n), an integer.
    let y = disc.floor_sqrt();
    if y.concatenating_square() != disc {
        return Err(Error::InvalidArguments);
    }
    // 5. p = (b + y)/2, q = (b − y)/2.
    let bits = b.bits_precision().max(y.bits_precision());
    let two = NonZero::new(BoxedUint::from(2u64).resize_unchecked(bits))
        .into_option()
        .ok_or(Error::InvalidArguments)?;
    let (b, y) = (b.resize_unchecked(bits), y.resize_unchecked(bits));
    let p = (&b + &y) / &two;
    let q = (b - y) / two;
    Ok((p, q))
}
