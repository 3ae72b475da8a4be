//! The drop-in keys of `rsa` 0.10: [`PublicKey`] and [`PrivateKey`], heap
//! backed, any modulus size `rsa` accepts, with its constructors, checks,
//! errors and encodings.
//!
//! Their numbers are `crypto-bigint` integers laid out as `rsa` lays them
//! out (`d` at the precision of `n`; the primes, `dP`, `dQ` and `qInv` at a
//! common half-modulus precision), so that [`PublicKeyParts`] and
//! [`PrivateKeyParts`] hand out references as `rsa` does. Next to them the
//! keys keep the core's Montgomery constants (`R² mod m`, `−m⁻¹ mod 2³²`
//! for `R = 2^precision`, and `qInv·R mod p`), computed at construction by
//! the core arithmetic, so every private and public operation runs on the
//! same kernels as the fixed-capacity keys through a borrowed view
//! (`ops.rs`). The `crypto-bigint` Montgomery parameters that the component
//! traits return by reference are computed on first request only
//! (`lazy.rs`): they cost 12 KiB of stack for a 4096-bit modulus on a
//! Cortex-M4, which no operation needs to pay.

mod convert;
mod encoding;
mod generate;
mod lazy;
pub(crate) mod ops;
#[cfg(feature = "serde")]
mod serde;

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::RangeInclusive;

use crypto_bigint::modular::{BoxedMontyForm, BoxedMontyParams, MontyParams};
use crypto_bigint::{
    BoxedUint, Choice, ConcatenatingMul, CtLt, Gcd, Integer, NonZero, Odd, Resize,
};
use rand_core::TryCryptoRng;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use self::lazy::Lazy;
use self::ops::{limbs_of, uint_of};
use super::validate;
use crate::arith::{exp, limbs, Limb, Modulus};
use crate::errors::{Error, Result};
use crate::traits::{CrtValue, PaddingScheme, PrivateKeyParts, PublicKeyParts, SignatureScheme};

/// The core's Montgomery constants of a modulus at its storage precision
/// (`R = 2^precision`): `R² mod m` and `−m⁻¹ mod 2³²`.
#[derive(Clone)]
pub(crate) struct Montgomery {
    pub(crate) rr: Zeroizing<Vec<Limb>>,
    pub(crate) n0: Limb,
}

impl Montgomery {
    /// The constants of the odd modulus `m` (limbs, possibly with leading
    /// zero limbs); the time depends on the bit length of `m` only.
    pub(crate) fn of(m: &[Limb]) -> Self {
        let mut rr = Zeroizing::new(vec![0 as Limb; m.len()]);
        let mut work = Zeroizing::new(vec![0 as Limb; Modulus::precompute_work_limbs(m.len())]);
        let n0 = Modulus::precompute(m, &mut rr, &mut work);
        Montgomery { rr, n0 }
    }
}

/// An RSA public key `(n, e)` (RFC 8017 §3.1), as `rsa::PublicKey`.
#[derive(Clone)]
pub struct PublicKey {
    /// Modulus: product of the prime factors.
    n: NonZero<BoxedUint>,
    /// Public exponent.
    e: BoxedUint,
    /// Bit length of `n` (public), so that `size()` costs nothing.
    bits: u32,
    /// The core's Montgomery constants of `n`.
    mont: Montgomery,
    /// `crypto-bigint`'s Montgomery parameters of `n`, for `n_params`.
    n_params: Lazy<BoxedMontyParams>,
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PublicKey")
            .field("n", &self.n)
            .field("e", &self.e)
            .finish_non_exhaustive()
    }
}

impl PublicKey {
    /// Smallest modulus accepted by default, in bits.
    pub const MIN_SIZE: usize = 1024;

    /// Largest modulus accepted by default, in bits (see
    /// [`Self::new_with_size_limits`] for larger keys).
    pub const MAX_SIZE: usize = 8192;

    /// Smallest public exponent accepted.
    pub const MIN_PUB_EXPONENT: u64 = 2;

    /// Largest public exponent accepted (2³³ − 1): a bound on verification
    /// cost for untrusted keys.
    pub const MAX_PUB_EXPONENT: u64 = (1 << 33) - 1;

    /// Encrypts `msg` with `padding`.
    ///
    /// # Errors
    /// The scheme's encryption errors.
    pub fn encrypt<R: TryCryptoRng + ?Sized, P: PaddingScheme>(
        &self,
        rng: &mut R,
        padding: P,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        padding.encrypt(rng, self, msg)
    }

    /// Verifies `sig` over the digest `hashed` with `scheme`.
    ///
    /// # Errors
    /// [`Error::Verification`] when it does not verify.
    pub fn verify<S: SignatureScheme>(&self, scheme: S, hashed: &[u8], sig: &[u8]) -> Result<()> {
        scheme.verify(self, hashed, sig)
    }

    /// Builds a key from `n` and `e` with the default size limits
    /// ([`Self::MIN_SIZE`]`..=`[`Self::MAX_SIZE`] bits).
    ///
    /// # Errors
    /// [`Error::ModulusTooSmall`] / [`Error::ModulusTooLarge`] outside the
    /// limits; [`Error::InvalidModulus`] if `n` is even or zero or `e ≥ n`;
    /// [`Error::InvalidExponent`] for an even `e`;
    /// [`Error::PublicExponentTooSmall`] / [`Error::PublicExponentTooLarge`]
    /// for `e` outside `2..=2³³ − 1`.
    pub fn new(n: BoxedUint, e: BoxedUint) -> Result<Self> {
        Self::new_with_size_limits(n, e, Self::MIN_SIZE..=Self::MAX_SIZE)
    }

    /// As [`Self::new`] with explicit, inclusive modulus size limits in bits.
    ///
    /// # Errors
    /// As [`Self::new`]; [`Error::InvalidArguments`] for an empty range.
    pub fn new_with_size_limits(
        n: BoxedUint,
        e: BoxedUint,
        size_range_bits: RangeInclusive<usize>,
    ) -> Result<Self> {
        if size_range_bits.is_empty() {
            return Err(Error::InvalidArguments);
        }
        if (n.bit_width_vartime() as usize) < *size_range_bits.start() {
            return Err(Error::ModulusTooSmall);
        }
        check_public_with_max_size(&n, &e, Some(*size_range_bits.end()))?;
        let n = Odd::new(n).into_option().ok_or(Error::InvalidModulus)?;
        Ok(Self::from_odd(n, e))
    }

    /// The key of an odd `n` (public data: the constants are computed in
    /// time that depends on it).
    fn from_odd(n: Odd<BoxedUint>, e: BoxedUint) -> Self {
        let mont = Montgomery::of(&limbs_of(&n));
        let n_params = Lazy::new(|| BoxedMontyParams::new_vartime(n.clone()));
        let n = n.get();
        PublicKey {
            bits: n.bit_width_vartime(),
            n: NonZero::new(n).expect("odd numbers are non zero"),
            e,
            mont,
            n_params,
        }
    }

    /// As [`Self::new`] with the default minimum and a custom maximum size.
    ///
    /// # Errors
    /// As [`Self::new_with_size_limits`].
    #[deprecated(since = "0.1.0", note = "use `new_with_size_limits`")]
    pub fn new_with_max_size(n: BoxedUint, e: BoxedUint, max_size: usize) -> Result<Self> {
        Self::new_with_size_limits(n, e, Self::MIN_SIZE..=max_size)
    }

    /// Builds a key without any check on `n` and `e`.
    ///
    /// # Panics
    /// If `n` is even (a Montgomery modulus must be odd).
    #[must_use]
    pub fn new_unchecked(n: BoxedUint, e: BoxedUint) -> Self {
        Self::from_odd(Odd::new(n).expect("n must be odd"), e)
    }
}

impl PublicKeyParts for PublicKey {
    fn n(&self) -> &NonZero<BoxedUint> {
        &self.n
    }

    fn e(&self) -> &BoxedUint {
        &self.e
    }

    fn size(&self) -> usize {
        (self.bits as usize).div_ceil(8)
    }

    /// Computed on the first call (see the module docs).
    fn n_params(&self) -> &BoxedMontyParams {
        self.n_params.get_or_init(|| {
            BoxedMontyParams::new_vartime(Odd::new(self.n.as_ref().clone()).expect("odd"))
        })
    }
}

impl PartialEq for PublicKey {
    fn eq(&self, other: &PublicKey) -> bool {
        self.n == other.n && self.e == other.e
    }
}

impl Eq for PublicKey {}

impl Hash for PublicKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Domain separator for RSA public keys.
        state.write(b"PublicKey");
        Hash::hash(&self.n.as_limbs(), state);
        Hash::hash(&self.e.as_limbs(), state);
    }
}

impl From<PrivateKey> for PublicKey {
    fn from(private_key: PrivateKey) -> Self {
        private_key.to_public_key()
    }
}

impl From<&PrivateKey> for PublicKey {
    fn from(private_key: &PrivateKey) -> Self {
        private_key.to_public_key()
    }
}

/// RFC 8017 §3.1 checks of `(n, e)`, with an optional size limit.
fn check_public_with_max_size(n: &BoxedUint, e: &BoxedUint, max_size: Option<usize>) -> Result<()> {
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
fn check_public_skip_exponent_size(n: &BoxedUint, e: &BoxedUint) -> Result<()> {
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

/// An RSA private key (RFC 8017 §3.2), as `rsa::PrivateKey`.
///
/// Secrets are zeroized on drop; `Debug` prints only the public part.
#[derive(Clone)]
pub struct PrivateKey {
    /// The public components.
    pubkey_components: PublicKey,
    /// Private exponent, at the precision of `n`.
    d: BoxedUint,
    /// Prime factors of `n` (two or more).
    primes: Vec<Odd<BoxedUint>>,
    /// The CRT values of the first two primes.
    precomputed: Option<PrecomputedValues>,
}

/// The CRT values of the first two primes `p` and `q` (RFC 8017 §3.2):
/// `dP`, `dQ`, `qInv` (at the primes' precision), the core's Montgomery
/// constants of `p` and `q` and `qInv·R mod p`; and, computed on first
/// request, `crypto-bigint`'s forms of them for the component accessors.
#[derive(Clone)]
pub(crate) struct PrecomputedValues {
    dp: BoxedUint,
    dq: BoxedUint,
    qinv: BoxedUint,
    pub(crate) p_mont: Montgomery,
    pub(crate) q_mont: Montgomery,
    pub(crate) qinv_mont: Zeroizing<Vec<Limb>>,
    p_params: Lazy<MontyParams<BoxedUint>>,
    q_params: Lazy<MontyParams<BoxedUint>>,
    qinv_form: Lazy<BoxedMontyForm>,
}

impl Zeroize for PrecomputedValues {
    fn zeroize(&mut self) {
        self.dp.zeroize();
        self.dq.zeroize();
        self.qinv.zeroize();
        // The Montgomery constants and the cached forms zeroize on drop.
    }
}

impl Drop for PrecomputedValues {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl fmt::Debug for PrivateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let precomputed = if self.precomputed.is_some() {
            "Some(...)"
        } else {
            "None"
        };
        f.debug_struct("PrivateKey")
            .field("pubkey_components", &self.pubkey_components)
            .field("d", &"...")
            .field("primes", &"&[...]")
            .field("precomputed", &precomputed)
            .finish()
    }
}

impl PartialEq for PrivateKey {
    fn eq(&self, other: &PrivateKey) -> bool {
        self.pubkey_components == other.pubkey_components
            && self.d == other.d
            && self.primes == other.primes
    }
}

impl Eq for PrivateKey {}

impl AsRef<PublicKey> for PrivateKey {
    fn as_ref(&self) -> &PublicKey {
        &self.pubkey_components
    }
}

impl Hash for PrivateKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Domain separator for RSA private keys.
        state.write(b"PrivateKey");
        Hash::hash(&self.pubkey_components, state);
    }
}

impl Drop for PrivateKey {
    fn drop(&mut self) {
        self.d.zeroize();
        self.primes.iter_mut().for_each(|p| p.zeroize());
        self.precomputed.zeroize();
    }
}

impl ZeroizeOnDrop for PrivateKey {}

impl PublicKeyParts for PrivateKey {
    fn n(&self) -> &NonZero<BoxedUint> {
        &self.pubkey_components.n
    }

    fn e(&self) -> &BoxedUint {
        &self.pubkey_components.e
    }

    fn size(&self) -> usize {
        self.pubkey_components.size()
    }

    fn n_params(&self) -> &BoxedMontyParams {
        self.pubkey_components.n_params()
    }
}

/// `crypto-bigint`'s Montgomery parameters of a secret prime.
fn prime_params(p: &Odd<BoxedUint>) -> MontyParams<BoxedUint> {
    BoxedMontyParams::new(p.clone()).as_ref().clone()
}

impl PrivateKeyParts for PrivateKey {
    fn d(&self) -> &BoxedUint {
        &self.d
    }

    fn primes(&self) -> &[Odd<BoxedUint>] {
        &self.primes
    }

    /// Computed on the first call (see the module docs).
    fn p(&self) -> Option<&MontyParams<BoxedUint>> {
        let pre = self.precomputed.as_ref()?;
        Some(pre.p_params.get_or_init(|| prime_params(&self.primes[0])))
    }

    /// Computed on the first call (see the module docs).
    fn q(&self) -> Option<&MontyParams<BoxedUint>> {
        let pre = self.precomputed.as_ref()?;
        Some(pre.q_params.get_or_init(|| prime_params(&self.primes[1])))
    }

    fn dp(&self) -> Option<&BoxedUint> {
        self.precomputed.as_ref().map(|p| &p.dp)
    }

    fn dq(&self) -> Option<&BoxedUint> {
        self.precomputed.as_ref().map(|p| &p.dq)
    }

    /// Computed on the first call (see the module docs).
    fn qinv(&self) -> Option<&BoxedMontyForm> {
        let p = BoxedMontyParams::from(self.p()?.clone());
        let pre = self.precomputed.as_ref()?;
        Some(
            pre.qinv_form
                .get_or_init(|| BoxedMontyForm::new(pre.qinv.clone(), &p)),
        )
    }

    fn crt_values(&self) -> Option<&[CrtValue]> {
        None
    }
}

impl PrivateKey {
    /// Default modulus size in bits of [`Generate`](crate::Generate): 3072
    /// bits, an estimated 128-bit security strength (NIST SP 800-57 Part 1
    /// Rev. 5, Table 2).
    pub const DEFAULT_BITS: usize = 3072;

    /// Default public exponent.
    const EXP: u64 = 65537;

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
        let n_bits = n.bits_precision();
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
        let mut k = Self::from_components_or_recover(n, e, d, primes, false)?;
        k.validate()?;
        k.precompute()?;
        Ok(k)
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
        let mut k = Self::from_components_inner(n, e, d, primes, false)?;
        k.validate()?;
        k.precompute_with(Some(qinv))?;
        Ok(k)
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
        let mut k = Self::from_components_or_recover(n, e, d, primes, true)?;
        k.validate()?;
        k.precompute()?;
        Ok(k)
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
        validate_private_key_parts(&k)?;
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

    /// The public key.
    #[must_use]
    pub fn as_public_key(&self) -> &PublicKey {
        &self.pubkey_components
    }

    /// A copy of the public key.
    #[must_use]
    pub fn to_public_key(&self) -> PublicKey {
        self.pubkey_components.clone()
    }

    /// Computes the CRT values (`dP`, `dQ`, `qInv` and the Montgomery
    /// parameters of `p` and `q`) that the private operation uses; a no-op
    /// when they are there.
    ///
    /// # Errors
    /// [`Error::InvalidPrime`] if either of the first two primes is one, or
    /// they are not coprime.
    pub fn precompute(&mut self) -> Result<()> {
        self.precompute_with(None)
    }

    /// [`Self::precompute`] with an optional `qInv` hint (big-endian).
    fn precompute_with(&mut self, qinv_hint: Option<&[u8]>) -> Result<()> {
        if self.precomputed.is_some() {
            return Ok(());
        }
        let (p, q) = (&self.primes[0], &self.primes[1]);
        let (dp, dq) = (crt_exponent(&self.d, p)?, crt_exponent(&self.d, q)?);
        let (pl, ql) = (limbs_of(p), limbs_of(q));
        let (p_mont, q_mont) = (Montgomery::of(&pl), Montgomery::of(&ql));
        let (qinv, qinv_mont) = crt_coefficient(p, q, &pl, &ql, &p_mont, qinv_hint)?;
        self.precomputed = Some(PrecomputedValues {
            dp,
            dq,
            qinv: qinv.clone(),
            p_mont,
            q_mont,
            qinv_mont,
            p_params: Lazy::new(|| prime_params(p)),
            q_params: Lazy::new(|| prime_params(q)),
            qinv_form: Lazy::new(|| {
                BoxedMontyForm::new(qinv.clone(), &BoxedMontyParams::new(p.clone()))
            }),
        });
        Ok(())
    }

    /// Marks every secret component of the key as undefined for Valgrind
    /// memcheck: a no-op unless the crate was built with
    /// `RSA_CORTEX_M_CT_VALGRIND` set (the constant-time check of `ci/ct`,
    /// `examples/ct_valgrind.rs`); returns whether it was. Not part of the
    /// API.
    #[doc(hidden)]
    pub fn ct_valgrind_poison_secrets(&self) -> bool {
        use crate::ct::poison;
        poison(self.d.as_words());
        for p in &self.primes {
            poison(p.as_words());
        }
        if let Some(pre) = &self.precomputed {
            for mont in [&pre.p_mont, &pre.q_mont] {
                poison(&mont.rr[..]);
                poison(&mont.n0);
            }
            poison(pre.dp.as_words());
            poison(pre.dq.as_words());
            poison(pre.qinv.as_words());
            poison(&pre.qinv_mont[..]);
        }
        crate::ct::CT_VALGRIND
    }

    /// Drops the CRT values: private operations then compute `c^d mod n`.
    pub fn clear_precomputed(&mut self) {
        self.precomputed = None;
    }

    /// The CRT coefficient `qInv = q⁻¹ mod p`.
    #[must_use]
    pub fn crt_coefficient(&self) -> Option<BoxedUint> {
        if let Some(pre) = &self.precomputed {
            return Some(pre.qinv.clone());
        }
        let p = &self.primes[0];
        let q = &self.primes[1];
        Option::from(q.invert_odd_mod(p))
    }

    /// The core's view of the CRT values, when computed.
    pub(crate) fn precomputed(&self) -> Option<&PrecomputedValues> {
        self.precomputed.as_ref()
    }

    /// Checks the key: the public checks of [`PublicKey::new`] (without
    /// size limits), `d < n`, distinct primes above 1 whose product is `n`,
    /// and `d·e ≡ 1 mod (prime − 1)` for every prime.
    ///
    /// # Errors
    /// As [`Self::from_components`].
    pub fn validate(&self) -> Result<()> {
        check_public(self)?;
        validate_private_key_parts(self)
    }

    /// Decrypts `ciphertext` with `padding`. With the `getrandom` feature
    /// the private operation is blinded with the system RNG; it is constant
    /// time either way.
    ///
    /// [`Pkcs1v15Encrypt`](crate::Pkcs1v15Encrypt) uses implicit rejection:
    /// invalid padding returns a deterministic synthetic message, not an
    /// error; the protocol must authenticate what it decrypts.
    ///
    /// # Errors
    /// The scheme's decryption errors.
    pub fn decrypt<P: PaddingScheme>(&self, padding: P, ciphertext: &[u8]) -> Result<Vec<u8>> {
        #[cfg(feature = "getrandom")]
        {
            padding.decrypt(Some(&mut getrandom::SysRng), self, ciphertext)
        }
        #[cfg(not(feature = "getrandom"))]
        {
            padding.decrypt(Option::<&mut crate::ct::NoRng>::None, self, ciphertext)
        }
    }

    /// Decrypts `ciphertext` with `padding`, the private operation blinded
    /// with `rng` (same result).
    ///
    /// # Errors
    /// The scheme's decryption errors; [`Error::Rng`].
    pub fn decrypt_blinded<R: TryCryptoRng + ?Sized, P: PaddingScheme>(
        &self,
        rng: &mut R,
        padding: P,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        padding.decrypt(Some(rng), self, ciphertext)
    }

    /// Signs the digest `digest_in` with `padding`. With the `getrandom`
    /// feature the system RNG supplies the blinding (and the PSS salt);
    /// without it, use [`Self::sign_with_rng`] for PSS.
    ///
    /// # Errors
    /// The scheme's signing errors.
    pub fn sign<S: SignatureScheme>(&self, padding: S, digest_in: &[u8]) -> Result<Vec<u8>> {
        #[cfg(feature = "getrandom")]
        {
            padding.sign(Some(&mut getrandom::SysRng), self, digest_in)
        }
        #[cfg(not(feature = "getrandom"))]
        {
            padding.sign(Option::<&mut crate::ct::NoRng>::None, self, digest_in)
        }
    }

    /// Signs the digest `digest_in` with `padding`, drawing the PSS salt and
    /// the blinding of the private operation from `rng`.
    ///
    /// # Errors
    /// The scheme's signing errors; [`Error::Rng`].
    pub fn sign_with_rng<R: TryCryptoRng + ?Sized, S: SignatureScheme>(
        &self,
        rng: &mut R,
        padding: S,
        digest_in: &[u8],
    ) -> Result<Vec<u8>> {
        padding.sign(Some(rng), self, digest_in)
    }
}

/// `d < n`, distinct primes above 1 whose product is `n`, `d·e ≡ 1 mod
/// (prime − 1)` for every prime: on the core's limbs, with the checks the
/// fixed-capacity keys load with (`key/validate.rs`).
fn validate_private_key_parts(key: &PrivateKey) -> Result<()> {
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
    for prime in &xs {
        let w = limbs::significant_limbs(prime);
        let mut work = Zeroizing::new(vec![0 as Limb; validate::exponent_work_limbs(e.len(), w)]);
        validate::check_exponent(e, &d, prime, &mut work)?;
    }
    Ok(())
}

/// The product of the primes (public: it is `n`).
fn modulus_of(primes: &[BoxedUint]) -> BoxedUint {
    let primes: Vec<_> = primes.iter().map(|p| limbs_of(p)).collect();
    let xs: Vec<&[Limb]> = primes.iter().map(|p| &p[..]).collect();
    let prod = product(&xs);
    let mut bytes = Zeroizing::new(vec![0u8; 4 * prod.len()]);
    limbs::to_be_bytes(&mut bytes, &prod);
    BoxedUint::from_be_slice_vartime(&bytes).resize_unchecked(32 * prod.len() as u32)
}

/// `Π x` exactly, on the heap. Time depends on the bit lengths of the
/// factors only (public: the sizes of primes are), not on their storage
/// precision, so a key decoded at a huge precision costs what its values
/// cost.
fn product(xs: &[&[Limb]]) -> Zeroizing<Vec<Limb>> {
    let mut acc = Zeroizing::new(vec![1 as Limb]);
    for x in xs {
        let x = &x[..limbs::significant_limbs(x)];
        let mut next = Zeroizing::new(vec![0 as Limb; acc.len() + x.len()]);
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
        let mut w = Zeroizing::new(vec![0 as Limb; len]);
        w[..x.len()].copy_from_slice(x);
        w
    };
    limbs::ct_eq(&widen(&prod), &widen(n)) == 1
}

/// `d mod (prime − 1)` at the prime's precision (RFC 8017 §3.2 `dP`,
/// `dQ`), on the core's limbs.
///
/// # Errors
/// [`Error::InvalidPrime`] for the prime one.
fn crt_exponent(d: &BoxedUint, prime: &Odd<BoxedUint>) -> Result<BoxedUint> {
    let mut pm1 = Zeroizing::new(limbs_of(prime).to_vec());
    pm1[0] &= !1; // the prime is odd: p − 1 clears bit 0
    if limbs::ct_is_zero(&pm1) == 1 {
        return Err(Error::InvalidPrime);
    }
    let mut r = Zeroizing::new(vec![0 as Limb; pm1.len()]);
    let mut scratch = Zeroizing::new(vec![0 as Limb; pm1.len() + 1]);
    limbs::rem(&mut r, &limbs_of(d), &pm1, &mut scratch);
    Ok(uint_of(&r, prime.bits_precision()))
}

/// `qInv = q⁻¹ mod p` and its Montgomery form `qInv·R mod p`, on the core
/// arithmetic: the `hint` (an encoded `qInv`, big-endian) when it is below
/// `p` and `qInv·q ≡ 1`, else `q^(p−2) mod p` (Fermat, constant time)
/// checked the same way; when that check fails too (`p` composite, which a
/// validated key allows if its congruences hold), `crypto-bigint`'s
/// inversion decides, as in `rsa`. Which of the three produced the value
/// depends on the key's encoding only, never on an operation's input.
///
/// # Errors
/// [`Error::InvalidPrime`] if `q` has no inverse modulo `p`.
fn crt_coefficient(
    p: &Odd<BoxedUint>,
    q: &Odd<BoxedUint>,
    pl: &[Limb],
    ql: &[Limb],
    p_mont: &Montgomery,
    hint: Option<&[u8]>,
) -> Result<(BoxedUint, Zeroizing<Vec<Limb>>)> {
    let h = pl.len();
    let pm = Modulus::new(pl, &p_mont.rr, p_mont.n0);
    let mut work = Zeroizing::new(vec![0 as Limb; 4 * h + exp::secret_work_limbs_window(h, 2)]);
    let (qmodp, rest) = work.split_at_mut(h);
    let (x, rest) = rest.split_at_mut(h);
    let (y, rest) = rest.split_at_mut(h);
    let (xq, t) = rest.split_at_mut(h);
    // q < 2^(32h) = R ≤ p·R: one reduction.
    let mut qw = Zeroizing::new(vec![0 as Limb; 2 * h]);
    qw[..ql.len().min(2 * h)].copy_from_slice(&ql[..ql.len().min(2 * h)]);
    pm.reduce(qmodp, &qw, t);
    let hinted = hint.is_some_and(|bytes| {
        limbs::from_be_bytes(x, bytes) && validate::is_inverse(&pm, x, qmodp, y, xq, t)
    });
    if hinted || {
        validate::fermat_inverse(&pm, qmodp, x, y, t);
        validate::is_inverse(&pm, x, qmodp, y, xq, t)
    } {
        let mut mont = Zeroizing::new(vec![0 as Limb; h]);
        pm.to_mont(&mut mont, x, t);
        let mut bytes = Zeroizing::new(vec![0u8; 4 * h]);
        limbs::to_be_bytes(&mut bytes, x);
        let qinv = BoxedUint::from_be_slice(&bytes, p.bits_precision())?;
        return Ok((qinv, mont));
    }
    let qinv: BoxedUint = Option::from(q.invert_odd_mod(p)).ok_or(Error::InvalidPrime)?;
    let qinv = qinv.resize_unchecked(p.bits_precision());
    let mut mont = Zeroizing::new(vec![0 as Limb; h]);
    pm.to_mont(&mut mont, &limbs_of(&qinv), t);
    Ok((qinv, mont))
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
