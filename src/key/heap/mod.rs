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

mod components;
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
use crypto_bigint::{BoxedUint, NonZero, Odd};
use rand_core::TryCryptoRng;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::wipe::{wipe, Wiped};

pub(crate) use self::components::check_public;
use self::components::{
    check_public_with_max_size, crt_coefficient, crt_exponent, validate_private_key_parts,
};
use self::lazy::Lazy;
use self::ops::limbs_of;
use crate::arith::{Limb, Modulus};
use crate::blinding::PairCache;
use crate::errors::{Error, Result};
use crate::storage::default_rng;
use crate::traits::{CrtValue, PaddingScheme, PrivateKeyParts, PublicKeyParts, SignatureScheme};

/// The core's Montgomery constants of a modulus at its storage precision
/// (`R = 2^precision`): `R² mod m` and `−m⁻¹ mod 2³²`.
#[derive(Clone)]
pub(crate) struct Montgomery {
    pub(crate) rr: Wiped<Vec<Limb>>,
    pub(crate) n0: Limb,
}

impl Montgomery {
    /// The constants of the odd modulus `m` (limbs, possibly with leading
    /// zero limbs); the time depends on the bit length of `m` only.
    pub(crate) fn of(m: &[Limb]) -> Self {
        let mut rr = Wiped::new(vec![0 as Limb; m.len()]);
        let mut work = Wiped::new(vec![0 as Limb; Modulus::precompute_work_limbs(m.len())]);
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

/// An RSA private key (RFC 8017 §3.2), as `rsa::PrivateKey`.
///
/// Secrets are zeroized on drop; `Debug` prints only the public part.
/// Operations given an RNG keep their base blinding pair in the key
/// (allocated on the first one, squared after each use, drawn afresh every
/// 32 uses, see `SECURITY.md`); it never changes a result, and a clone
/// starts without it.
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
    /// The base blinding pair of the operations given an RNG (see
    /// `blinding.rs`): not part of the key's value.
    pub(crate) blinding: PairCache<Vec<Limb>>,
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
    pub(crate) qinv_mont: Wiped<Vec<Limb>>,
    p_params: Lazy<MontyParams<BoxedUint>>,
    q_params: Lazy<MontyParams<BoxedUint>>,
    qinv_form: Lazy<BoxedMontyForm>,
}

impl Zeroize for PrecomputedValues {
    fn zeroize(&mut self) {
        wipe(&mut self.dp);
        wipe(&mut self.dq);
        wipe(&mut self.qinv);
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
        wipe(&mut self.d);
        self.primes.iter_mut().for_each(wipe);
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
        let e = self.e();
        let (dp, dq) = (crt_exponent(e, &self.d, p)?, crt_exponent(e, &self.d, q)?);
        let (pl, ql) = (limbs_of(p), limbs_of(q));
        let (p_mont, q_mont) = (Montgomery::of(&pl), Montgomery::of(&ql));
        let (qinv, qinv_mont) = crt_coefficient(p, &pl, &ql, &p_mont, qinv_hint)?;
        // A cached blinding pair is modulo n; the CRT operation's is modulo
        // p and q (of the same length for some keys): start afresh.
        wipe(&mut self.blinding);
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
        // The cached blinding pair was modulo p and q (see `precompute`).
        wipe(&mut self.blinding);
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
        validate_private_key_parts(self, 0)
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
        padding.decrypt(default_rng::<Self>().as_mut(), self, ciphertext)
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
        padding.sign(default_rng::<Self>().as_mut(), self, digest_in)
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
