//! Loading and validating a [`BoundedPrivateKey`]: every way of building a
//! key (the `pkcs1`/`pkcs8` decoders, [`BoundedPrivateKey::from_be_bytes_components`],
//! key generation) ends here, and only a key that passes every check below
//! is returned.

use core::ops::RangeInclusive;

use zeroize::Zeroize;

use super::exponent_from_be_bytes;
use super::private::{BoundedPrivateKey, Mode};
use super::public::BoundedPublicKey;
use super::validate;
use crate::arith::{limbs, Limb, Modulus};
use crate::capacity::{Array, Capacity};
use crate::errors::{Error, Result};

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
        let public = BoundedPublicKey::<C>::from_parts(c.n, e, size_range_bits)?;
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
        let l = public.limbs();
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
            exponent_blinding: super::rsadp::EXPONENT_BLINDING,
            blinding: crate::blinding::PairCache::new(),
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
                // prod = prod · prime over the significant limbs.
                if prod_len + pl > 2 * l + 2 {
                    return Err(Error::InvalidPrime);
                }
                validate::mul_exact(tmp, &pr[..pl], &prod[..prod_len]);
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
        let (h, l, e) = (self.h, self.public.limbs(), self.e_limbs());
        for (which, given) in [(0, given.map(|g| g.0)), (1, given.map(|g| g.1))] {
            let (r, rest) = work.split_at_mut(h);
            let (g, rest) = rest.split_at_mut(h);
            let prime = &(if which == 0 { &self.p } else { &self.q }).as_ref()[..h];
            validate::crt_exponent(&e, &self.d.as_ref()[..l], prime, r, rest)?;
            if let Some(bytes) = given {
                if !limbs::from_be_bytes(g, bytes) || limbs::ct_eq(g, r) == 0 {
                    return Err(Error::InvalidExponent);
                }
            }
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
        let (pr, rest) = work.split_at_mut(self.h);
        if !limbs::from_be_bytes(pr, prime) {
            return Err(Error::InvalidPrime);
        }
        let pr = &pr[..limbs::significant_limbs(pr)];
        let (r, rest) = rest.split_at_mut(pr.len());
        let d = &self.d.as_ref()[..self.public.limbs()];
        let result = validate::crt_exponent(&self.e_limbs(), d, pr, r, rest);
        r.zeroize();
        result
    }

    /// `e` as two limbs.
    fn e_limbs(&self) -> [Limb; 2] {
        let e = self.public.e_u64();
        [e as Limb, (e >> 32) as Limb]
    }

    /// Checks a given `qInv` (`< p`, `qInv·q ≡ 1 mod p`) or computes it as
    /// `q⁻¹ mod p`; stores it and its Montgomery form.
    fn compute_or_check_qinv(&mut self, given: Option<&[u8]>, work: &mut [Limb]) -> Result<()> {
        let h = self.h;
        let p = Modulus::new(&self.p.as_ref()[..h], &self.rr_p.as_ref()[..h], self.p0);
        let (x, mont) = (
            &mut self.qinv.as_mut()[..h],
            &mut self.qinv_mont.as_mut()[..h],
        );
        validate::crt_coefficient(&p, &self.q.as_ref()[..h], given, false, x, mont, work)
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
}
