//! RSA public and private keys in fixed-capacity storage (RFC 8017 §3).
//!
//! A key's numbers live in arrays sized by its [`Capacity`]; loading
//! validates every component and precomputes the Montgomery constants once.
//! The default names [`PublicKey`] and [`PrivateKey`] hold keys of up to 4096
//! bits; [`BoundedPublicKey<Max2048>`](crate::Max2048) and friends choose
//! another size.

use core::fmt;
use core::ops::RangeInclusive;

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::arith::{crt, exp, limbs, Limb, Modulus};
use crate::blinding::{self, NoRng};
use crate::capacity::{Array, Capacity, Max4096};
use crate::errors::{Error, Result};

/// An RSA public key `(n, e)` of up to 4096 bits.
pub type PublicKey = BoundedPublicKey<Max4096>;
/// An RSA private key of up to 4096 bits.
pub type PrivateKey = BoundedPrivateKey<Max4096>;
/// Alias kept by `rsa` 0.10 for [`PublicKey`].
pub type RsaPublicKey = PublicKey;
/// Alias kept by `rsa` 0.10 for [`PrivateKey`].
pub type RsaPrivateKey = PrivateKey;

/// Smallest modulus the arithmetic accepts at all, in bits, whatever the
/// size limits a caller passes.
pub const ABSOLUTE_MIN_SIZE: usize = 512;

/// An RSA public key `(n, e)` whose modulus fits in `C::MAX_BITS` bits.
#[derive(Clone)]
pub struct BoundedPublicKey<C: Capacity = Max4096> {
    n: C::Limbs,
    rr: C::Limbs,
    n0: Limb,
    /// Limbs of `n` in use.
    l: usize,
    /// Bit length of `n`.
    bits: usize,
    e: u64,
}

impl<C: Capacity> BoundedPublicKey<C> {
    /// Smallest public exponent accepted by the checked constructors.
    pub const MIN_PUB_EXPONENT: u64 = 2;
    /// Largest public exponent accepted (2³³ − 1, as `rsa` and *ring*): a
    /// bound on verification cost for untrusted keys.
    pub const MAX_PUB_EXPONENT: u64 = (1 << 33) - 1;
    /// Smallest modulus accepted by default, in bits.
    pub const MIN_SIZE: usize = 1024;
    /// Largest modulus this storage holds, in bits.
    pub const MAX_SIZE: usize = C::MAX_BITS;

    /// Builds a key from big-endian `n` and `e` with the default size limits
    /// ([`Self::MIN_SIZE`]`..=`[`Self::MAX_SIZE`]).
    ///
    /// # Errors
    /// [`Error::ModulusTooSmall`] / [`Error::ModulusTooLarge`] outside the
    /// limits, [`Error::InvalidModulus`] for an even `n`,
    /// [`Error::PublicExponentTooSmall`] / [`Error::PublicExponentTooLarge`]
    /// for `e` outside `2..=2³³ − 1` or `e ≥ n`, [`Error::InvalidExponent`]
    /// for an even `e`.
    pub fn from_be_bytes(n: &[u8], e: &[u8]) -> Result<Self> {
        Self::from_be_bytes_with_size_limits(n, e, Self::MIN_SIZE..=Self::MAX_SIZE)
    }

    /// As [`Self::from_be_bytes`] with explicit, inclusive modulus size
    /// limits in bits (clamped to `512..=C::MAX_BITS`).
    ///
    /// # Errors
    /// As [`Self::from_be_bytes`]; [`Error::InvalidArguments`] for an empty range.
    pub fn from_be_bytes_with_size_limits(
        n: &[u8],
        e: &[u8],
        size_range_bits: RangeInclusive<usize>,
    ) -> Result<Self> {
        let e = exponent_from_be_bytes(e)?;
        Self::from_parts(n, e, size_range_bits, false)
    }

    pub(crate) fn from_parts(
        n: &[u8],
        e: u64,
        size_range_bits: RangeInclusive<usize>,
        large_exponent: bool,
    ) -> Result<Self> {
        if size_range_bits.is_empty() {
            return Err(Error::InvalidArguments);
        }
        let n = strip_leading_zeros(n);
        if n.len() > C::MAX_BITS / 8 {
            return Err(Error::ModulusTooLarge);
        }
        let mut key = BoundedPublicKey::<C> {
            n: C::Limbs::zeroed(),
            rr: C::Limbs::zeroed(),
            n0: 0,
            l: 0,
            bits: 0,
            e,
        };
        let l = limbs::limbs_for_bits(8 * n.len()).max(1);
        let nl = &mut key.n.as_mut()[..l];
        // Cannot fail: the length was checked above.
        limbs::from_be_bytes(nl, n);
        let bits = limbs::bit_len(nl);
        if bits > *size_range_bits.end() || bits > C::MAX_BITS {
            return Err(Error::ModulusTooLarge);
        }
        if bits < *size_range_bits.start() || bits < ABSOLUTE_MIN_SIZE {
            return Err(Error::ModulusTooSmall);
        }
        if nl[0] & 1 == 0 {
            return Err(Error::InvalidModulus);
        }
        if !large_exponent && e > Self::MAX_PUB_EXPONENT {
            return Err(Error::PublicExponentTooLarge);
        }
        if e < Self::MIN_PUB_EXPONENT {
            return Err(Error::PublicExponentTooSmall);
        }
        if e & 1 == 0 {
            return Err(Error::InvalidExponent);
        }
        // e < 2^64 ≤ n since n has at least 512 bits.
        key.l = l;
        key.bits = bits;
        let mut work = C::PublicWork::zeroed();
        let (nl, rr) = (&key.n.as_ref()[..l], &mut key.rr.as_mut()[..l]);
        key.n0 = Modulus::precompute(nl, rr, work.as_mut());
        Ok(key)
    }

    /// `k`: the modulus length in bytes (RFC 8017 §3.1).
    pub fn size(&self) -> usize {
        self.bits.div_ceil(8)
    }

    /// Bit length of the modulus.
    pub fn n_bits(&self) -> usize {
        self.bits
    }

    /// The public exponent `e`.
    pub fn e_u64(&self) -> u64 {
        self.e
    }

    /// Writes `n` big-endian into `out`, which must be [`Self::size`] bytes.
    ///
    /// # Errors
    /// [`Error::InvalidArguments`] for a wrong-length `out`.
    pub fn write_n_be(&self, out: &mut [u8]) -> Result<()> {
        if out.len() != self.size() {
            return Err(Error::InvalidArguments);
        }
        limbs::to_be_bytes(out, self.n_limbs());
        Ok(())
    }

    pub(crate) fn n_limbs(&self) -> &[Limb] {
        &self.n.as_ref()[..self.l]
    }

    pub(crate) fn modulus(&self) -> Modulus<'_> {
        Modulus::new(self.n_limbs(), &self.rr.as_ref()[..self.l], self.n0)
    }

    /// Reads a `k`-byte (or shorter) representative into limbs and checks it
    /// is below `n` (RFC 8017 §5.1.1 step 1, §5.2.2 step 1).
    pub(crate) fn representative(&self, input: &[u8], out: &mut [Limb]) -> Result<()> {
        let out = &mut out[..self.l];
        if input.len() > self.size() || !limbs::from_be_bytes(out, input) {
            return Err(Error::InvalidArguments);
        }
        let below = limbs::ct_lt(out, self.n_limbs());
        // Public by design: for decryption and verification the input is
        // public; for signing it is an encoding starting with 0x00, always
        // below n, and the error is returned either way.
        blinding::declassify(&below);
        if below == 0 {
            return Err(Error::InvalidArguments);
        }
        Ok(())
    }

    /// `out = x^e mod n` over limbs (RSAEP, RSAVP1). Variable time in `e`
    /// only. `x < n`, both `l` limbs; `work` ≥ `public_work_limbs(l)`.
    pub(crate) fn public_op_limbs(&self, x: &[Limb], out: &mut [Limb], work: &mut [Limb]) {
        let e = [self.e as Limb, (self.e >> 32) as Limb];
        exp::pow_public(out, x, &e, &self.modulus(), work);
    }

    /// RSAEP / RSAVP1 (RFC 8017 §5.1.1, §5.2.2) on big-endian byte strings:
    /// `output = input^e mod n`, written as exactly [`Self::size`] bytes.
    ///
    /// # Errors
    /// [`Error::InvalidArguments`] if `input` is longer than `k` bytes or not
    /// below `n`, or `output` is not `k` bytes.
    pub fn raw_public(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
        if output.len() != self.size() {
            return Err(Error::InvalidArguments);
        }
        let mut x = C::Limbs::zeroed();
        let mut y = C::Limbs::zeroed();
        self.representative(input, x.as_mut())?;
        let mut work = C::PublicWork::zeroed();
        let l = self.l;
        self.public_op_limbs(&x.as_ref()[..l], &mut y.as_mut()[..l], work.as_mut());
        limbs::to_be_bytes(output, &y.as_ref()[..l]);
        Ok(())
    }
}

impl<C: Capacity> PartialEq for BoundedPublicKey<C> {
    fn eq(&self, other: &Self) -> bool {
        self.e == other.e && self.n_limbs() == other.n_limbs()
    }
}

impl<C: Capacity> Eq for BoundedPublicKey<C> {}

impl<C: Capacity> core::hash::Hash for BoundedPublicKey<C> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.n_limbs().hash(state);
        self.e.hash(state);
    }
}

impl<C: Capacity> fmt::Debug for BoundedPublicKey<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PublicKey { n: 0x")?;
        for w in self.n_limbs().iter().rev() {
            write!(f, "{w:08x}")?;
        }
        write!(f, ", e: {} }}", self.e)
    }
}

/// How a private key performs RSADP/RSASP1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Two primes, CRT with Garner recombination.
    Crt,
    /// `c^d mod n` directly: multi-prime keys.
    Plain,
}

/// An RSA private key whose modulus fits in `C::MAX_BITS` bits.
///
/// Holds `n, e, d, p, q, dP, dQ, qInv` (RFC 8017 §3.2) and the Montgomery
/// constants of `n`, `p` and `q`. Every secret is zeroized on drop and
/// `Debug` prints only the public part.
#[derive(Clone)]
pub struct BoundedPrivateKey<C: Capacity = Max4096> {
    public: BoundedPublicKey<C>,
    d: C::Limbs,
    p: C::HalfLimbs,
    q: C::HalfLimbs,
    rr_p: C::HalfLimbs,
    rr_q: C::HalfLimbs,
    p0: Limb,
    q0: Limb,
    dp: C::HalfLimbs,
    dq: C::HalfLimbs,
    qinv: C::HalfLimbs,
    qinv_mont: C::HalfLimbs,
    /// Limbs of each CRT half (`p` and `q` padded to this width, `2h ≥ l`).
    h: usize,
    mode: Mode,
    /// Number of primes of the key (2, or more for multi-prime keys).
    primes: usize,
    /// Exponent blinding for operations given an RNG.
    exponent_blinding: bool,
    #[cfg(test)]
    pub(crate) fault: bool,
    /// Skips the fault check: only to measure its cost in a test.
    #[cfg(test)]
    pub(crate) skip_fault_check: bool,
    /// Test-only fault injection into one CRT half: 1 corrupts the `p`
    /// half's exponent, 2 the `q` half's.
    #[cfg(test)]
    pub(crate) fault_half: u8,
}

/// Big-endian components of a two-prime private key, borrowed.
#[derive(Clone, Copy)]
pub struct PrivateKeyComponents<'a> {
    /// Modulus `n`.
    pub n: &'a [u8],
    /// Public exponent `e`.
    pub e: &'a [u8],
    /// Private exponent `d`.
    pub d: &'a [u8],
    /// First prime `p`.
    pub p: &'a [u8],
    /// Second prime `q`.
    pub q: &'a [u8],
    /// `dP = d mod (p − 1)`, `dQ = d mod (q − 1)`, `qInv = q⁻¹ mod p`:
    /// checked when given, computed when `None`.
    pub crt: Option<(&'a [u8], &'a [u8], &'a [u8])>,
}

impl<C: Capacity> BoundedPrivateKey<C> {
    /// Builds and fully validates a two-prime key from big-endian components
    /// with the default size limits.
    ///
    /// Checks, each with its own error: `n` odd and within the limits, `e`
    /// odd with `1 < e ≤ 2³³ − 1` ([`Error::InvalidModulus`],
    /// [`Error::ModulusTooSmall`], [`Error::ModulusTooLarge`],
    /// [`Error::PublicExponentTooSmall`], [`Error::PublicExponentTooLarge`],
    /// [`Error::InvalidExponent`]); `p`, `q` odd, `> 1`, `p·q = n`
    /// ([`Error::InvalidPrime`]); `d < n` and `e·dP ≡ 1 mod (p − 1)`,
    /// `e·dQ ≡ 1 mod (q − 1)` ([`Error::InvalidExponent`]); when given,
    /// `dP = d mod (p − 1)`, `dQ = d mod (q − 1)` ([`Error::InvalidExponent`])
    /// and `qInv < p`, `qInv·q ≡ 1 mod p` ([`Error::InvalidCoefficient`]).
    ///
    /// # Errors
    /// As listed above.
    pub fn from_be_bytes_components(c: PrivateKeyComponents<'_>) -> Result<Self> {
        Self::from_be_bytes_components_with_size_limits(
            c,
            BoundedPublicKey::<C>::MIN_SIZE..=C::MAX_BITS,
        )
    }

    /// As [`Self::from_be_bytes_components`] with explicit modulus size limits.
    ///
    /// # Errors
    /// As [`Self::from_be_bytes_components`].
    pub fn from_be_bytes_components_with_size_limits(
        c: PrivateKeyComponents<'_>,
        size_range_bits: RangeInclusive<usize>,
    ) -> Result<Self> {
        let e = exponent_from_be_bytes(c.e)?;
        let public = BoundedPublicKey::<C>::from_parts(c.n, e, size_range_bits, false)?;
        Self::from_public_and_secrets(public, c.d, &[c.p, c.q], c.crt)
    }

    /// Builds a key from its public part, `d` and its primes (two or more).
    pub(crate) fn from_public_and_secrets(
        public: BoundedPublicKey<C>,
        d: &[u8],
        primes: &[&[u8]],
        crt_given: Option<(&[u8], &[u8], &[u8])>,
    ) -> Result<Self> {
        if primes.len() < 2 {
            return Err(Error::NprimesTooSmall);
        }
        let l = public.l;
        let half = C::MAX_BITS / 64;
        let mut key = BoundedPrivateKey {
            public,
            d: C::Limbs::zeroed(),
            p: C::HalfLimbs::zeroed(),
            q: C::HalfLimbs::zeroed(),
            rr_p: C::HalfLimbs::zeroed(),
            rr_q: C::HalfLimbs::zeroed(),
            p0: 0,
            q0: 0,
            dp: C::HalfLimbs::zeroed(),
            dq: C::HalfLimbs::zeroed(),
            qinv: C::HalfLimbs::zeroed(),
            qinv_mont: C::HalfLimbs::zeroed(),
            h: 0,
            mode: if primes.len() == 2 {
                Mode::Crt
            } else {
                Mode::Plain
            },
            primes: primes.len(),
            exponent_blinding: false,
            #[cfg(test)]
            fault: false,
            #[cfg(test)]
            skip_fault_check: false,
            #[cfg(test)]
            fault_half: 0,
        };
        if !limbs::from_be_bytes(&mut key.d.as_mut()[..l], d)
            || limbs::ct_lt(&key.d.as_ref()[..l], key.public.n_limbs()) == 0
        {
            return Err(Error::InvalidExponent);
        }

        // The primes' sizes are public (as is n's); their product must be n.
        // One work area serves the product (2l + 2 limbs, then a scratch
        // product as long) and, afterwards, the checks below: a key load
        // costs `C::LOAD_WORK_BYTES` of stack (`load_work_limbs`).
        let mut work = C::LoadWork::zeroed();
        let mut widths = [0usize; 2];
        {
            let (prod, tmp) = work.as_mut().split_at_mut(2 * l + 2);
            prod.fill(0);
            prod[0] = 1;
            let mut prod_len = 1;
            let mut prime = C::HalfLimbs::zeroed();
            for (i, bytes) in primes.iter().enumerate() {
                let pr = prime.as_mut();
                if !limbs::from_be_bytes(pr, bytes) {
                    return Err(Error::InvalidPrime);
                }
                let pl = limbs::significant_limbs(pr);
                if pr[0] & 1 == 0 || limbs::bit_len(pr) < 2 {
                    return Err(Error::InvalidPrime);
                }
                if i < 2 {
                    widths[i] = pl;
                }
                // prod = prod · prime, schoolbook over the significant limbs.
                if prod_len + pl > 2 * l + 2 {
                    return Err(Error::InvalidPrime);
                }
                tmp[..prod_len + pl].fill(0);
                for (j, &pj) in pr[..pl].iter().enumerate() {
                    let mut carry = 0u64;
                    for (k, &qk) in prod[..prod_len].iter().enumerate() {
                        let t = (pj as u64) * (qk as u64) + tmp[j + k] as u64 + carry;
                        tmp[j + k] = t as Limb;
                        carry = t >> 32;
                    }
                    tmp[j + prod_len] = carry as Limb;
                }
                prod[..prod_len + pl].copy_from_slice(&tmp[..prod_len + pl]);
                // Sizes of the primes and their products are public.
                prod_len = limbs::significant_limbs(&prod[..prod_len + pl]);
                if i == 0 {
                    key.p.as_mut()[..pl].copy_from_slice(&pr[..pl]);
                } else if i == 1 {
                    key.q.as_mut()[..pl].copy_from_slice(&pr[..pl]);
                }
                pr.zeroize();
            }
            let n_ext = key.public.n_limbs();
            let equal =
                limbs::ct_eq(&prod[..l], n_ext) & limbs::ct_is_zero(&prod[l..prod_len.max(l)]);
            if equal == 0 {
                return Err(Error::InvalidPrime);
            }
        }
        work.as_mut().zeroize();

        let h = widths[0].max(widths[1]).max(l.div_ceil(2));
        if h > half {
            // Primes too unbalanced for this capacity's CRT halves.
            return Err(Error::InvalidPrime);
        }
        key.h = h;
        // Montgomery constants of the two first primes, and dP, dQ checks.
        key.p0 = Modulus::precompute(
            &key.p.as_ref()[..h],
            &mut key.rr_p.as_mut()[..h],
            work.as_mut(),
        );
        key.q0 = Modulus::precompute(
            &key.q.as_ref()[..h],
            &mut key.rr_q.as_mut()[..h],
            work.as_mut(),
        );
        key.check_crt_exponents(crt_given.map(|(dp, dq, _)| (dp, dq)), work.as_mut())?;
        if key.mode == Mode::Plain {
            // Multi-prime: every further prime's exponent must invert e too.
            for bytes in &primes[2..] {
                key.check_exponent_for_prime(bytes, work.as_mut())?;
            }
        }
        key.compute_or_check_qinv(crt_given.map(|(_, _, qinv)| qinv), work.as_mut())?;
        work.as_mut().zeroize();
        Ok(key)
    }

    /// Sets `dP = d mod (p − 1)`, `dQ = d mod (q − 1)`; if given, they must
    /// be equal to those; checks `e·dP ≡ 1 mod (p − 1)` and likewise for `q`.
    fn check_crt_exponents(
        &mut self,
        given: Option<(&[u8], &[u8])>,
        work: &mut [Limb],
    ) -> Result<()> {
        let (h, l) = (self.h, self.public.l);
        for (which, given) in [(0, given.map(|g| g.0)), (1, given.map(|g| g.1))] {
            let (pm1, rest) = work.split_at_mut(h);
            let (r, rest) = rest.split_at_mut(h);
            let (g, rest) = rest.split_at_mut(h);
            pm1.copy_from_slice(&(if which == 0 { &self.p } else { &self.q }).as_ref()[..h]);
            pm1[0] &= !1; // p is odd: p − 1 clears bit 0
            limbs::rem(r, &self.d.as_ref()[..l], pm1, rest);
            if let Some(bytes) = given {
                if !limbs::from_be_bytes(g, bytes) || limbs::ct_eq(g, r) == 0 {
                    return Err(Error::InvalidExponent);
                }
            }
            check_inverse_of_e(self.public.e, r, pm1, rest)?;
            let dst = if which == 0 {
                &mut self.dp
            } else {
                &mut self.dq
            };
            dst.as_mut()[..h].copy_from_slice(r);
            r.zeroize();
        }
        Ok(())
    }

    fn check_exponent_for_prime(&self, prime: &[u8], work: &mut [Limb]) -> Result<()> {
        let (h, l) = (self.h, self.public.l);
        let (pm1, rest) = work.split_at_mut(h);
        if !limbs::from_be_bytes(pm1, prime) {
            return Err(Error::InvalidPrime);
        }
        // Work over the prime's own (public) width, not the CRT half's: the
        // cost of `rem` is bits(d) × width, and a crafted key with thousands
        // of tiny primes would otherwise take seconds to reject.
        let w = limbs::significant_limbs(pm1);
        let pm1 = &mut pm1[..w];
        let (r, rest) = rest.split_at_mut(w);
        pm1[0] &= !1;
        limbs::rem(r, &self.d.as_ref()[..l], pm1, rest);
        check_inverse_of_e(self.public.e, r, pm1, rest)
    }

    /// Checks a given `qInv` (`< p`, `qInv·q ≡ 1 mod p`) or computes it as
    /// `q^(p−2) mod p`; stores it and its Montgomery form.
    fn compute_or_check_qinv(&mut self, given: Option<&[u8]>, work: &mut [Limb]) -> Result<()> {
        let h = self.h;
        let (p_limbs, rr_p) = (self.p.clone(), self.rr_p.clone());
        let p = Modulus::new(&p_limbs.as_ref()[..h], &rr_p.as_ref()[..h], self.p0);
        let (qmodp, rest) = work.split_at_mut(h);
        let (x, rest) = rest.split_at_mut(h);
        let (y, rest) = rest.split_at_mut(h);
        p.reduce(qmodp, &self.q.as_ref()[..h], rest);
        if let Some(bytes) = given {
            if !limbs::from_be_bytes(x, bytes) || limbs::ct_lt(x, p.n()) == 0 {
                return Err(Error::InvalidCoefficient);
            }
        } else {
            // Fermat: q^(p−2) mod p, p prime. p − 2 is p with bit 1 flipped
            // after a borrow; compute it with a subtraction.
            y.copy_from_slice(p.n());
            limbs::sub_assign(y, &[2]);
            exp::pow_secret_window(x, qmodp, y, &p, rest, 2);
        }
        // y = x·q mod p must be 1.
        // The kernels take exactly 2h limbs of scratch.
        let t = &mut rest[..2 * h];
        p.mul(y, x, qmodp, t);
        p.to_mont(qmodp, y, t); // (x·q·R⁻¹)·R²·R⁻¹ = x·q
        let mut one = [0 as Limb; 1];
        one[0] = 1;
        let is_one = limbs::ct_eq(&qmodp[..1], &one) & limbs::ct_is_zero(&qmodp[1..]);
        if is_one == 0 {
            return Err(if given.is_some() {
                Error::InvalidCoefficient
            } else {
                Error::InvalidPrime
            });
        }
        p.to_mont(y, x, &mut rest[..2 * h]);
        self.qinv.as_mut()[..h].copy_from_slice(x);
        self.qinv_mont.as_mut()[..h].copy_from_slice(y);
        Ok(())
    }

    fn p_modulus(&self) -> Modulus<'_> {
        Modulus::new(
            &self.p.as_ref()[..self.h],
            &self.rr_p.as_ref()[..self.h],
            self.p0,
        )
    }

    fn q_modulus(&self) -> Modulus<'_> {
        Modulus::new(
            &self.q.as_ref()[..self.h],
            &self.rr_q.as_ref()[..self.h],
            self.q0,
        )
    }

    /// The public half of the key.
    pub fn as_public_key(&self) -> &BoundedPublicKey<C> {
        &self.public
    }

    /// A copy of the public half of the key.
    pub fn to_public_key(&self) -> BoundedPublicKey<C> {
        self.public.clone()
    }

    /// Number of primes (2 for ordinary keys).
    pub fn prime_count(&self) -> usize {
        self.primes
    }

    /// `k`: the modulus length in bytes.
    pub fn size(&self) -> usize {
        self.public.size()
    }

    /// Re-runs the consistency checks of loading: they hold for every key
    /// this crate constructs, so this returns `Ok` unless memory was
    /// corrupted since.
    ///
    /// # Errors
    /// [`Error::InvalidPrime`], [`Error::InvalidExponent`] or
    /// [`Error::InvalidCoefficient`] as for loading.
    pub fn validate(&self) -> Result<()> {
        let mut copy = self.clone();
        let mut work = C::Work::zeroed();
        let dp_dq = (copy.dp.clone(), copy.dq.clone());
        copy.check_crt_exponents(None, work.as_mut())?;
        let h = self.h;
        if limbs::ct_eq(&copy.dp.as_ref()[..h], &dp_dq.0.as_ref()[..h]) == 0
            || limbs::ct_eq(&copy.dq.as_ref()[..h], &dp_dq.1.as_ref()[..h]) == 0
        {
            return Err(Error::InvalidExponent);
        }
        let qinv = copy.qinv.clone();
        let mut bytes = C::Bytes::zeroed();
        let qb = &mut bytes.as_mut()[..4 * h];
        limbs::to_be_bytes(qb, &qinv.as_ref()[..h]);
        let result = copy.compute_or_check_qinv(Some(qb), work.as_mut());
        qb.zeroize();
        result
    }

    /// RSADP / RSASP1 (RFC 8017 §5.1.2, §5.2.1) on limbs: `out = x^d mod n`
    /// for `x < n` (`l` limbs each), through the CRT, then checked against
    /// `out^e ≡ x (mod n)` before anything is returned (a fault in either
    /// half would otherwise leak a factor of `n`). Constant time in `x`, the
    /// key and the result.
    ///
    /// # Errors
    /// [`Error::Internal`] if the check fails; `out` is zeroed then.
    pub(crate) fn private_op_limbs(&self, x: &[Limb], out: &mut [Limb]) -> Result<()> {
        self.private_op_with::<NoRng>(x, out, None)
    }

    /// [`Self::private_op_limbs`] with base blinding (and exponent blinding
    /// if [`Self::set_exponent_blinding`] is on) drawn from `rng`:
    /// `out = (x·r^e)^d·r⁻¹ mod n` (see `src/blinding.rs`). The fault check
    /// runs after unblinding, on the final result.
    ///
    /// # Errors
    /// [`Error::Rng`] if the generator fails; [`Error::Internal`] on a
    /// detected fault. `out` is zeroed on error.
    pub(crate) fn private_op_blinded_limbs<R: TryCryptoRng + ?Sized>(
        &self,
        x: &[Limb],
        out: &mut [Limb],
        rng: &mut R,
    ) -> Result<()> {
        self.private_op_with(x, out, Some(rng))
    }

    fn private_op_with<R: TryCryptoRng + ?Sized>(
        &self,
        x: &[Limb],
        out: &mut [Limb],
        rng: Option<&mut R>,
    ) -> Result<()> {
        let mut work = C::Work::zeroed();
        let result = match rng {
            Some(rng) => self.exponentiate_blinded(x, out, work.as_mut(), rng),
            None => {
                self.exponentiate(x, out, work.as_mut(), None);
                Ok(())
            }
        }
        .and_then(|()| self.fault_check(x, out, work.as_mut()));
        work.as_mut().zeroize();
        if result.is_err() {
            out.zeroize();
        }
        result
    }

    /// The Bellcore check: `out^e` must give `x` back.
    fn fault_check(&self, x: &[Limb], out: &mut [Limb], work: &mut [Limb]) -> Result<()> {
        #[cfg(test)]
        if self.fault {
            out[0] ^= 1;
        }
        #[cfg(test)]
        if self.skip_fault_check {
            return Ok(());
        }
        let l = self.public.l;
        let (check, rest) = work.split_at_mut(l);
        self.public.public_op_limbs(out, check, rest);
        let ok = limbs::ct_eq(check, x);
        // Public by design: whether a fault was detected is the error
        // returned (and a correct result is always accepted).
        blinding::declassify(&ok);
        if ok == 0 {
            return Err(Error::Internal);
        }
        Ok(())
    }

    /// `out = ((x·r^e)^d mod n)·r⁻¹ mod n` for a fresh `r`, with exponent
    /// blinding if enabled. Out of line so that its buffers are on the stack
    /// only for blinded operations.
    #[inline(never)]
    fn exponentiate_blinded<R: TryCryptoRng + ?Sized>(
        &self,
        x: &[Limb],
        out: &mut [Limb],
        work: &mut [Limb],
        rng: &mut R,
    ) -> Result<()> {
        let l = self.public.l;
        let mut rinv = C::Limbs::zeroed();
        let mut xb = C::Limbs::zeroed();
        let result = (|| {
            let e = [self.public.e as Limb, (self.public.e >> 32) as Limb];
            let n = self.public.modulus();
            let (xb, rinv) = (&mut xb.as_mut()[..l], &mut rinv.as_mut()[..l]);
            blinding::blind(rng, &n, &e, x, xb, rinv, work)?;
            if self.exponent_blinding && self.mode == Mode::Crt {
                self.exponentiate_blinded_exponents(xb, out, work, rng)?;
            } else {
                self.exponentiate(xb, out, work, None);
            }
            // Unblind: out = m'·r⁻¹.
            let (m, t) = work.split_at_mut(l);
            m.copy_from_slice(out);
            blinding::unblind(&n, out, m, rinv, t);
            Ok(())
        })();
        rinv.as_mut().zeroize();
        xb.as_mut().zeroize();
        result
    }

    /// CRT exponentiation with `dP + k·(p − 1)`, `dQ + k'·(q − 1)` for fresh
    /// random 64-bit `k, k'`.
    #[inline(never)]
    fn exponentiate_blinded_exponents<R: TryCryptoRng + ?Sized>(
        &self,
        base: &[Limb],
        out: &mut [Limb],
        work: &mut [Limb],
        rng: &mut R,
    ) -> Result<()> {
        let h = self.h;
        let mut dpb = C::Limbs::zeroed();
        let mut dqb = C::Limbs::zeroed();
        let (dp, dq) = (&mut dpb.as_mut()[..h + 2], &mut dqb.as_mut()[..h + 2]);
        let (p, q) = (&self.p.as_ref()[..h], &self.q.as_ref()[..h]);
        let result = blinding::blind_exponent(rng, &self.dp.as_ref()[..h], p, dp)
            .and_then(|()| blinding::blind_exponent(rng, &self.dq.as_ref()[..h], q, dq));
        if result.is_ok() {
            self.exponentiate(base, out, work, Some((dp, dq)));
        }
        dpb.as_mut().zeroize();
        dqb.as_mut().zeroize();
        result
    }

    /// `out = base^d mod n` (CRT, or plain for multi-prime keys), unchecked;
    /// `exponents` replaces `(dP, dQ)` (exponent blinding).
    fn exponentiate(
        &self,
        base: &[Limb],
        out: &mut [Limb],
        work: &mut [Limb],
        exponents: Option<(&[Limb], &[Limb])>,
    ) {
        let l = self.public.l;
        match self.mode {
            Mode::Crt => {
                let h = self.h;
                let (dp, dq) =
                    exponents.unwrap_or((&self.dp.as_ref()[..h], &self.dq.as_ref()[..h]));
                #[cfg(test)]
                let (mut dpf, mut dqf) = (C::Limbs::zeroed(), C::Limbs::zeroed());
                #[cfg(test)]
                let (dp, dq) = {
                    // A glitched exponent in one half: the textbook Bellcore fault.
                    let dpf = &mut dpf.as_mut()[..dp.len()];
                    let dqf = &mut dqf.as_mut()[..dq.len()];
                    dpf.copy_from_slice(dp);
                    dqf.copy_from_slice(dq);
                    match self.fault_half {
                        1 => dpf[0] ^= 2,
                        2 => dqf[0] ^= 2,
                        _ => {}
                    }
                    (&*dpf, &*dqf)
                };
                let key = crt::CrtKey {
                    p: self.p_modulus(),
                    q: self.q_modulus(),
                    dp,
                    dq,
                    qinv_mont: &self.qinv_mont.as_ref()[..h],
                };
                crt::private_crt(out, base, &key, work);
            }
            Mode::Plain => {
                exp::pow_secret_window(
                    out,
                    base,
                    &self.d.as_ref()[..l],
                    &self.public.modulus(),
                    work,
                    2,
                );
            }
        }
    }

    /// Turns exponent blinding on or off for the operations given an RNG
    /// (off by default). On two-prime keys each CRT exponent becomes
    /// `dP + k·(p − 1)` with a fresh random 64-bit `k` per operation: same
    /// result, a new exponent bit pattern every time, against differential
    /// power/EM analysis of the exponent (see `SECURITY.md`). Costs 2 limbs
    /// of exponent per half (about 5 % at 2048 bits). No effect on
    /// multi-prime keys or on operations without an RNG.
    pub fn set_exponent_blinding(&mut self, on: bool) {
        self.exponent_blinding = on;
    }

    /// Whether exponent blinding is on ([`Self::set_exponent_blinding`]).
    pub fn exponent_blinding(&self) -> bool {
        self.exponent_blinding
    }

    /// RSADP / RSASP1 on big-endian byte strings: `output = input^d mod n`
    /// as exactly `k` bytes, fault-checked. `input` is the (public)
    /// ciphertext or message representative.
    ///
    /// # Errors
    /// [`Error::InvalidArguments`] if `input` exceeds `k` bytes or is not
    /// below `n`, or `output` is not `k` bytes; [`Error::Internal`] on a
    /// detected fault.
    pub fn raw_private(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
        self.raw_private_with::<NoRng>(None, input, output)
    }

    /// [`Self::raw_private`] with base blinding (and exponent blinding if
    /// enabled) drawn from `rng`; the result is the same.
    ///
    /// # Errors
    /// As [`Self::raw_private`]; [`Error::Rng`] if the generator fails.
    pub fn raw_private_blinded<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()> {
        self.raw_private_with(Some(rng), input, output)
    }

    /// [`Self::raw_private`], blinded when `rng` is given.
    pub(crate) fn raw_private_with<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()> {
        if output.len() != self.size() {
            return Err(Error::InvalidArguments);
        }
        let l = self.public.l;
        let mut x = C::Limbs::zeroed();
        let mut y = C::Limbs::zeroed();
        self.public.representative(input, x.as_mut())?;
        let (x_l, y_l) = (&x.as_ref()[..l], &mut y.as_mut()[..l]);
        let result = match rng {
            Some(rng) => self.private_op_blinded_limbs(x_l, y_l, rng),
            None => self.private_op_limbs(x_l, y_l),
        };
        if result.is_ok() {
            limbs::to_be_bytes(output, &y.as_ref()[..l]);
        }
        x.as_mut().zeroize();
        y.as_mut().zeroize();
        result
    }

    /// Marks every secret component of the key as undefined for Valgrind
    /// memcheck: a no-op unless the crate was built with
    /// `RSA_CORTEX_M_CT_VALGRIND` set (the constant-time check of `ci/ct`,
    /// `examples/ct_valgrind.rs`); returns whether it was. Not part of the
    /// API.
    #[doc(hidden)]
    pub fn ct_valgrind_poison_secrets(&self) -> bool {
        blinding::poison(self.d.as_ref());
        blinding::poison(self.p.as_ref());
        blinding::poison(self.q.as_ref());
        blinding::poison(self.rr_p.as_ref());
        blinding::poison(self.rr_q.as_ref());
        blinding::poison(&self.p0);
        blinding::poison(&self.q0);
        blinding::poison(self.dp.as_ref());
        blinding::poison(self.dq.as_ref());
        blinding::poison(self.qinv.as_ref());
        blinding::poison(self.qinv_mont.as_ref());
        blinding::CT_VALGRIND
    }

    pub(crate) fn d_limbs(&self) -> &[Limb] {
        &self.d.as_ref()[..self.public.l]
    }

    /// The decryption skeleton shared by the encryption schemes: RSADP of a
    /// `k`-byte ciphertext into a scratch `EM`, `decode(EM)` returning the
    /// message length `len` (the message is the last `len` bytes of `EM`),
    /// copied to the front of `out`. `EM` is zeroized whatever happens.
    ///
    /// # Errors
    /// [`Error::Decryption`] for a ciphertext that is not `k` bytes or not
    /// below `n`, or an `out` shorter than `k`; [`Error::Internal`] on a
    /// detected fault; `decode`'s errors.
    pub(crate) fn decrypt_with(
        &self,
        ct: &[u8],
        out: &mut [u8],
        decode: impl FnOnce(&mut [u8]) -> Result<usize>,
    ) -> Result<usize> {
        self.decrypt_with_rng::<NoRng>(None, ct, out, decode)
    }

    /// [`Self::decrypt_with`], the private operation blinded when `rng` is
    /// given ([`Error::Rng`] if it fails).
    pub(crate) fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        ct: &[u8],
        out: &mut [u8],
        decode: impl FnOnce(&mut [u8]) -> Result<usize>,
    ) -> Result<usize> {
        let k = self.size();
        if ct.len() != k || out.len() < k {
            return Err(Error::Decryption);
        }
        let mut em = C::Bytes::zeroed();
        let em = &mut em.as_mut()[..k];
        let result = self
            .raw_private_with(rng, ct, em)
            .map_err(|e| match e {
                Error::Internal => Error::Internal,
                Error::Rng => Error::Rng,
                _ => Error::Decryption,
            })
            .and_then(|()| decode(em))
            // The length of the (accepted or synthetic) message is public by design.
            .inspect(blinding::declassify)
            .inspect(|&len| out[..len].copy_from_slice(&em[k - len..]));
        em.zeroize();
        result
    }

    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    /// Writes a secret component big-endian (for encoding), `k`-byte buffer.
    pub(crate) fn write_component(&self, which: Component, out: &mut [u8]) -> usize {
        let (src, len): (&[Limb], usize) = match which {
            Component::D => (self.d.as_ref(), self.public.l),
            Component::P => (self.p.as_ref(), self.h),
            Component::Q => (self.q.as_ref(), self.h),
            Component::Dp => (self.dp.as_ref(), self.h),
            Component::Dq => (self.dq.as_ref(), self.h),
            Component::Qinv => (self.qinv.as_ref(), self.h),
        };
        let bytes = 4 * len;
        limbs::to_be_bytes(&mut out[..bytes], &src[..len]);
        bytes
    }
}

/// Secret components that can be written out for encoding.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Component {
    D,
    P,
    Q,
    Dp,
    Dq,
    Qinv,
}

/// Checks `e·x ≡ 1 mod m` (`m` even, non-zero).
fn check_inverse_of_e(e: u64, x: &[Limb], m: &[Limb], work: &mut [Limb]) -> Result<()> {
    let h = m.len();
    let (prod, rest) = work.split_at_mut(h + 2);
    let (r, rest) = rest.split_at_mut(h);
    prod.fill(0);
    let e = [e as Limb, (e >> 32) as Limb];
    for (i, &ei) in e.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &xj) in x.iter().enumerate() {
            let t = (ei as u64) * (xj as u64) + prod[i + j] as u64 + carry;
            prod[i + j] = t as Limb;
            carry = t >> 32;
        }
        prod[i + h] = carry as Limb;
    }
    limbs::rem(r, prod, m, rest);
    let ok = (r[0] == 1) && limbs::ct_is_zero(&r[1..]) == 1;
    prod.zeroize();
    r.zeroize();
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidExponent)
    }
}

impl<C: Capacity> Drop for BoundedPrivateKey<C> {
    fn drop(&mut self) {
        self.d.as_mut().zeroize();
        self.p.as_mut().zeroize();
        self.q.as_mut().zeroize();
        self.rr_p.as_mut().zeroize();
        self.rr_q.as_mut().zeroize();
        self.dp.as_mut().zeroize();
        self.dq.as_mut().zeroize();
        self.qinv.as_mut().zeroize();
        self.qinv_mont.as_mut().zeroize();
        self.p0.zeroize();
        self.q0.zeroize();
    }
}

impl<C: Capacity> zeroize::ZeroizeOnDrop for BoundedPrivateKey<C> {}

impl<C: Capacity> PartialEq for BoundedPrivateKey<C> {
    fn eq(&self, other: &Self) -> bool {
        let l = self.public.l;
        self.public == other.public
            && limbs::ct_eq(
                &self.d.as_ref()[..l],
                &other.d.as_ref()[..l.min(other.public.l)],
            ) == 1
    }
}

impl<C: Capacity> Eq for BoundedPrivateKey<C> {}

impl<C: Capacity> fmt::Debug for BoundedPrivateKey<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PrivateKey")
            .field("public", &self.public)
            .field("primes", &self.primes)
            .finish_non_exhaustive()
    }
}

impl<C: Capacity> AsRef<BoundedPublicKey<C>> for BoundedPrivateKey<C> {
    fn as_ref(&self) -> &BoundedPublicKey<C> {
        &self.public
    }
}

impl<C: Capacity> From<BoundedPrivateKey<C>> for BoundedPublicKey<C> {
    fn from(key: BoundedPrivateKey<C>) -> Self {
        key.public.clone()
    }
}

impl<C: Capacity> From<&BoundedPrivateKey<C>> for BoundedPublicKey<C> {
    fn from(key: &BoundedPrivateKey<C>) -> Self {
        key.public.clone()
    }
}

/// Strips leading zero bytes (public data).
pub(crate) fn strip_leading_zeros(x: &[u8]) -> &[u8] {
    let first = x.iter().position(|&b| b != 0).unwrap_or(x.len());
    &x[first..]
}

/// Reads a public exponent of at most 64 bits.
pub(crate) fn exponent_from_be_bytes(e: &[u8]) -> Result<u64> {
    let e = strip_leading_zeros(e);
    if e.len() > 8 {
        return Err(Error::PublicExponentTooLarge);
    }
    Ok(e.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pkcs8::DecodePrivateKey;

    const KEY_2048: &[u8] = include_bytes!("../tests/data/fixtures/rsa2048/private.pkcs8.der");

    /// Bellcore: a fault in one CRT half is caught by the `s^e ≡ m` check
    /// and nothing of the faulty result escapes.
    #[test]
    fn crt_fault_is_detected_and_output_withheld() {
        let mut key = PrivateKey::from_pkcs8_der(KEY_2048).unwrap();
        let k = key.size();
        let mut input = [0u8; 256];
        input[k - 3..].copy_from_slice(&[1, 2, 3]);
        let mut out = [0xaau8; 256];
        key.raw_private(&input[..k], &mut out[..k]).unwrap();
        key.fault = true;
        let mut faulty = [0xaau8; 256];
        assert_eq!(
            key.raw_private(&input[..k], &mut faulty[..k]),
            Err(Error::Internal)
        );
        assert!(
            faulty.iter().all(|&b| b == 0xaa),
            "no byte of the faulty value is written"
        );
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

    /// A generator that only returns zeros: r = 0 is never invertible.
    struct ZeroRng;

    impl rand_core::TryRng for ZeroRng {
        type Error = core::convert::Infallible;
        fn try_next_u32(&mut self) -> core::result::Result<u32, Self::Error> {
            Ok(0)
        }
        fn try_next_u64(&mut self) -> core::result::Result<u64, Self::Error> {
            Ok(0)
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> core::result::Result<(), Self::Error> {
            dst.fill(0);
            Ok(())
        }
    }

    impl TryCryptoRng for ZeroRng {}

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
        // Scheme level: decrypt_blinded and sign_with_rng report it too.
        let sig = key.sign_with_rng(
            &mut FailingRng,
            crate::Pkcs1v15Sign::new::<sha2::Sha256>(),
            &[0; 32],
        );
        assert_eq!(sig, Err(Error::Rng));
        let ct = [0x11u8; 256];
        assert_eq!(
            key.decrypt_blinded(&mut FailingRng, crate::Pkcs1v15Encrypt, &ct),
            Err(Error::Rng)
        );
        assert_eq!(
            key.decrypt_blinded(&mut FailingRng, crate::Oaep::<sha2::Sha256>::new(), &ct),
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
        let mut key = fixture_key(2048);
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
            key.fault_half = half;
            // What would escape without the check: a factor of n.
            key.skip_fault_check = true;
            let mut faulty = [0u8; 256];
            key.raw_private(&input, &mut faulty).unwrap();
            let s = to_big(&faulty);
            let x = to_big(&input);
            let diff = (s.modpow(&e, &n) + &n - x) % &n;
            let g = num_integer::Integer::gcd(&diff, &n);
            assert_eq!(g, if half == 1 { q.clone() } else { p.clone() });
            key.skip_fault_check = false;
            // With the check: an error, and `out` untouched.
            let mut out = [0xaau8; 256];
            assert_eq!(key.raw_private(&input, &mut out), Err(Error::Internal));
            assert_eq!(
                key.raw_private_blinded(&mut rng, &input, &mut out),
                Err(Error::Internal)
            );
            assert!(out.iter().all(|&b| b == 0xaa));
            // Scheme level.
            let ct = [0x11u8; 256];
            assert_eq!(
                key.decrypt(crate::Pkcs1v15Encrypt, &ct[..k]),
                Err(Error::Internal)
            );
        }
        key.fault_half = 0;
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
            let mut key = fixture_key(bits);
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
                    key.skip_fault_check = skip;
                    let t = std::time::Instant::now();
                    for _ in 0..iters {
                        key.raw_private(&input, &mut out).unwrap();
                    }
                    let per = t.elapsed().as_secs_f64() / iters as f64;
                    if skip {
                        without = without.min(per);
                    } else {
                        with = with.min(per);
                    }
                }
            }
            key.skip_fault_check = false;
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
    /// with the check unless `BELLCORE_SKIP` is set, for counting executed
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
        key.skip_fault_check = var("BELLCORE_SKIP").is_some();
        // BELLCORE_BLIND=base|exponent: the cost of blinding, likewise.
        let blind = var("BELLCORE_BLIND");
        key.set_exponent_blinding(blind.as_deref() == Some("exponent"));
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::from_seed([1; 32]);
        let k = key.size();
        let input = std::vec![0x33u8; k - 1];
        let mut out = std::vec![0u8; k];
        for _ in 0..iters {
            if blind.is_some() {
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
        let mut bad = *dp;
        bad[127] ^= 2;
        let c = PrivateKeyComponents {
            crt: Some((&bad, dq, qinv)),
            ..ok
        };
        assert_eq!(
            PrivateKey::from_be_bytes_components(c).unwrap_err(),
            Error::InvalidExponent
        );
        let mut bad = *qinv;
        bad[127] ^= 2;
        let c = PrivateKeyComponents {
            crt: Some((dp, dq, &bad)),
            ..ok
        };
        assert_eq!(
            PrivateKey::from_be_bytes_components(c).unwrap_err(),
            Error::InvalidCoefficient
        );
        let mut bad = *p;
        bad[127] ^= 2;
        let c = PrivateKeyComponents { p: &bad, ..ok };
        assert_eq!(
            PrivateKey::from_be_bytes_components(c).unwrap_err(),
            Error::InvalidPrime
        );
        let mut bad = d;
        bad[255] ^= 2;
        let c = PrivateKeyComponents {
            d: &bad,
            crt: None,
            ..ok
        };
        assert_eq!(
            PrivateKey::from_be_bytes_components(c).unwrap_err(),
            Error::InvalidExponent
        );
        let mut even = e;
        even[7] ^= 1;
        let c = PrivateKeyComponents { e: &even, ..ok };
        assert_eq!(
            PrivateKey::from_be_bytes_components(c).unwrap_err(),
            Error::InvalidExponent
        );
    }
}
