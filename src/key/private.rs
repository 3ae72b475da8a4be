//! [`BoundedPrivateKey`]: an RSA private key (RFC 8017 §3.2) in
//! fixed-capacity storage, and its private operation on byte strings.

use core::fmt;

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use super::public::BoundedPublicKey;
use super::rsadp::{self, Blinding, Io, PrivateView};
use crate::arith::crt::CrtKey;
use crate::arith::{limbs, Limb, Modulus};
use crate::blinding::PairCache;
use crate::capacity::{Array, Capacity, Max4096};
use crate::ct::{self, NoRng};
use crate::errors::Result;
use crate::wipe::wipe;

/// How a private key performs RSADP/RSASP1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Two primes, CRT with Garner recombination.
    Crt,
    /// `c^d mod n` directly: multi-prime keys.
    Plain,
}

/// An RSA private key whose modulus fits in `C::MAX_BITS` bits, with no
/// heap.
///
/// Holds `n, e, d, p, q, dP, dQ, qInv` (RFC 8017 §3.2) and the Montgomery
/// constants of `n`, `p` and `q`, in arrays sized by the capacity `C`.
/// Every secret is zeroized on drop and `Debug` prints only the public
/// part. Operations given an RNG keep a blinding pair in the key between
/// calls (refreshed by squaring, see [`Self::raw_private_blinded`]); it
/// never changes a result, and a clone starts without it. Built by the
/// decoding traits of `pkcs1`/`pkcs8`, by
/// [`Self::from_be_bytes_components`] or by key generation; every way
/// validates the key (see `load.rs`).
#[derive(Clone)]
pub struct BoundedPrivateKey<C: Capacity = Max4096> {
    pub(super) public: BoundedPublicKey<C>,
    pub(super) d: C::Limbs,
    pub(super) p: C::HalfLimbs,
    pub(super) q: C::HalfLimbs,
    pub(super) rr_p: C::HalfLimbs,
    pub(super) rr_q: C::HalfLimbs,
    pub(super) p0: Limb,
    pub(super) q0: Limb,
    pub(super) dp: C::HalfLimbs,
    pub(super) dq: C::HalfLimbs,
    pub(super) qinv: C::HalfLimbs,
    pub(super) qinv_mont: C::HalfLimbs,
    /// Limbs of each CRT half (`p` and `q` padded to this width, `2h ≥ l`).
    pub(super) h: usize,
    pub(super) mode: Mode,
    /// Number of primes of the key (2, or more for multi-prime keys).
    pub(super) primes: usize,
    /// Exponent blinding for operations given an RNG.
    pub(super) exponent_blinding: bool,
    /// The base blinding pair of the operations given an RNG (see
    /// `blinding.rs`): not part of the key's value.
    pub(crate) blinding: PairCache<[C::Limbs; 2]>,
}

impl<C: Capacity> BoundedPrivateKey<C> {
    pub(super) fn p_modulus(&self) -> Modulus<'_> {
        Modulus::new(
            &self.p.as_ref()[..self.h],
            &self.rr_p.as_ref()[..self.h],
            self.p0,
        )
    }

    pub(super) fn q_modulus(&self) -> Modulus<'_> {
        Modulus::new(
            &self.q.as_ref()[..self.h],
            &self.rr_q.as_ref()[..self.h],
            self.q0,
        )
    }

    /// The key's numbers as the private operation takes them.
    pub(crate) fn view(&self) -> PrivateView<'_> {
        let h = self.h;
        PrivateView {
            public: self.public.view(),
            d: &self.d.as_ref()[..self.public.limbs()],
            crt: (self.mode == Mode::Crt).then(|| CrtKey {
                p: self.p_modulus(),
                q: self.q_modulus(),
                dp: &self.dp.as_ref()[..h],
                dq: &self.dq.as_ref()[..h],
                qinv_mont: &self.qinv_mont.as_ref()[..h],
            }),
        }
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

    /// Turns exponent blinding on or off for the operations given an RNG
    /// (on by default: the blinding policy of the crate, as for the heap
    /// keys). On two-prime keys each CRT exponent becomes
    /// `dP + k·(p − 1)` with a fresh random 64-bit `k` per operation: same
    /// result, a new exponent bit pattern every time, against differential
    /// power/EM analysis of the exponent (see `SECURITY.md`). Costs 2 limbs
    /// of exponent per half (see `BENCHMARKS.md`). No effect on
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
    /// [`Error::InvalidArguments`](crate::Error::InvalidArguments) if
    /// `input` exceeds `k` bytes or is not below `n`, or `output` is not `k`
    /// bytes; [`Error::Internal`](crate::Error::Internal) on a
    /// detected fault.
    pub fn raw_private(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
        self.raw_private_with::<NoRng>(None, input, output)
    }

    /// [`Self::raw_private`] with base blinding (and exponent blinding if
    /// enabled) drawn from `rng`; the result is the same. The base blinding
    /// pair is drawn afresh every 32 operations and squared in between
    /// (Kocher; OpenSSL's `BN_BLINDING`); an operation that finds it in use
    /// by another thread draws its own.
    ///
    /// # Errors
    /// As [`Self::raw_private`]; [`Error::Rng`](crate::Error::Rng) if the
    /// generator fails.
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
        self.private_op(rng, Io::Separate { input, output })
    }

    /// The private operation on bytes, fault-checked: the output buffer
    /// (`k` bytes) receives `input^d mod n` only on success.
    pub(crate) fn private_op<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        mut io: Io<'_>,
    ) -> Result<()> {
        let l = self.public.limbs();
        let mut x = C::Limbs::zeroed();
        let mut y = C::Limbs::zeroed();
        let view = self.view();
        let (x_l, y_l) = (&mut x.as_mut()[..l], &mut y.as_mut()[..l]);
        io.read(&view.public.n, self.size(), x_l)?;
        let result = match rng {
            Some(rng) => self.rsadp_blinded(&view, x_l, y_l, rng),
            None => rsadp::rsadp::<NoRng>(&view, x_l, y_l, None, C::Work::zeroed().as_mut(), true),
        };
        if result.is_ok() {
            io.write(y_l);
        }
        x.as_mut().zeroize();
        y.as_mut().zeroize();
        result
    }

    /// The blinded operation, out of line so that its buffers are on the
    /// stack only for blinded operations.
    #[inline(never)]
    fn rsadp_blinded<R: TryCryptoRng + ?Sized>(
        &self,
        view: &PrivateView,
        x: &[Limb],
        y: &mut [Limb],
        rng: &mut R,
    ) -> Result<()> {
        let mut scratch = C::BlindLimbs::zeroed();
        let blinding = Blinding {
            rng,
            exponents: self.exponent_blinding,
            scratch: scratch.as_mut(),
            pair: self.blinding.lock(view.pair_limbs()),
        };
        rsadp::rsadp(view, x, y, Some(blinding), C::Work::zeroed().as_mut(), true)
    }

    /// Marks every secret component of the key as undefined for Valgrind
    /// memcheck: a no-op unless the crate was built with
    /// `RSA_CORTEX_M_CT_VALGRIND` set (the constant-time check of `ci/ct`,
    /// `examples/ct_valgrind.rs`); returns whether it was. Not part of the
    /// API.
    #[doc(hidden)]
    pub fn ct_valgrind_poison_secrets(&self) -> bool {
        ct::poison(self.d.as_ref());
        ct::poison(self.p.as_ref());
        ct::poison(self.q.as_ref());
        ct::poison(self.rr_p.as_ref());
        ct::poison(self.rr_q.as_ref());
        ct::poison(&self.p0);
        ct::poison(&self.q0);
        ct::poison(self.dp.as_ref());
        ct::poison(self.dq.as_ref());
        ct::poison(self.qinv.as_ref());
        ct::poison(self.qinv_mont.as_ref());
        ct::CT_VALGRIND
    }

    /// Writes `d` big-endian as exactly `out.len() ≥ k` bytes.
    pub(crate) fn write_d_be(&self, out: &mut [u8]) {
        limbs::to_be_bytes(out, &self.d.as_ref()[..self.public.limbs()]);
    }

    /// Writes a secret component big-endian (for encoding) into a `k`-byte
    /// buffer; returns the length written.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn write_component(&self, which: Component, out: &mut [u8]) -> usize {
        let (src, len): (&[Limb], usize) = match which {
            Component::D => (self.d.as_ref(), self.public.limbs()),
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

impl<C: Capacity> Drop for BoundedPrivateKey<C> {
    fn drop(&mut self) {
        wipe(self.d.as_mut());
        wipe(self.p.as_mut());
        wipe(self.q.as_mut());
        wipe(self.rr_p.as_mut());
        wipe(self.rr_q.as_mut());
        wipe(self.dp.as_mut());
        wipe(self.dq.as_mut());
        wipe(self.qinv.as_mut());
        wipe(self.qinv_mont.as_mut());
        self.p0.zeroize();
        self.q0.zeroize();
    }
}

impl<C: Capacity> zeroize::ZeroizeOnDrop for BoundedPrivateKey<C> {}

impl<C: Capacity> PartialEq for BoundedPrivateKey<C> {
    fn eq(&self, other: &Self) -> bool {
        let l = self.public.limbs();
        self.public == other.public
            && limbs::ct_eq(&self.d.as_ref()[..l], &other.d.as_ref()[..l]) == 1
    }
}

impl<C: Capacity> Eq for BoundedPrivateKey<C> {}

impl<C: Capacity> fmt::Debug for BoundedPrivateKey<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoundedPrivateKey")
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
