//! The heap keys on the core arithmetic: borrowed views of any
//! [`PublicKeyParts`] / [`PrivateKeyParts`] as the core's limbs, the
//! [`PublicOps`] / [`PrivateOps`] the schemes run on, and RSAEP / RSADP on
//! `BoxedUint`s for [`crate::hazmat`].
//!
//! `crypto-bigint` stores machine words; the core uses 32-bit limbs. Where
//! the words are 32 bits (Cortex-M) the view borrows them; where they are
//! 64 bits (hosts) it copies them once per operation, zeroized on drop.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::Deref;

use crate::wipe::Wiped;
use crypto_bigint::Resize;
use crypto_bigint::{BoxedUint, Word};
use rand_core::TryCryptoRng;
#[cfg(feature = "hazmat")]
use zeroize::Zeroize;

use super::{PrivateKey, PublicKey};
use crate::arith::crt::CrtKey;
use crate::arith::{exp, limbs, Limb, Modulus};
use crate::blinding::{FillBytes, PairGuard};
use crate::errors::Result;
use crate::key::ops::Sealed;
use crate::key::rsadp::{self, Blinding, Io, PrivateView};
use crate::key::rsaep::{self, PublicView};
use crate::key::{PrivateOps, PublicOps};
use crate::traits::{PrivateKeyParts, PublicKeyParts};

/// A big integer's value as the core's limbs, little-endian, at the
/// integer's full precision.
pub(crate) enum Limbs<'a> {
    Borrowed(&'a [Limb]),
    Owned(Wiped<Vec<Limb>>),
}

impl Deref for Limbs<'_> {
    type Target = [Limb];

    fn deref(&self) -> &[Limb] {
        match self {
            Limbs::Borrowed(x) => x,
            Limbs::Owned(x) => x,
        }
    }
}

/// Machine words as 32-bit limbs.
trait WordsAsLimbs: Sized {
    fn as_limbs(words: &[Self]) -> Limbs<'_>;
}

impl WordsAsLimbs for u32 {
    fn as_limbs(words: &[u32]) -> Limbs<'_> {
        Limbs::Borrowed(words)
    }
}

impl WordsAsLimbs for u64 {
    fn as_limbs(words: &[u64]) -> Limbs<'_> {
        let limbs = words
            .iter()
            .flat_map(|&w| [w as Limb, (w >> 32) as Limb])
            .collect();
        Limbs::Owned(Wiped::new(limbs))
    }
}

/// `x` as limbs (borrowed or copied, see the module docs).
pub(crate) fn limbs_of(x: &BoxedUint) -> Limbs<'_> {
    <Word as WordsAsLimbs>::as_limbs(x.as_words())
}

/// Limbs as a `BoxedUint` of `bits_precision` bits (`x` must fit).
pub(crate) fn uint_of(x: &[Limb], bits_precision: u32) -> BoxedUint {
    let mut bytes = Wiped::new(vec![0u8; 4 * x.len()]);
    limbs::to_be_bytes(&mut bytes, x);
    BoxedUint::from_be_slice(&bytes, bits_precision.max(32 * x.len() as u32))
        .expect("fits: the precision holds the limbs")
        .resize_unchecked(bits_precision)
}

/// The numbers of a public key as the core's limbs.
pub(crate) struct PublicLimbs<'a> {
    n: Limbs<'a>,
    rr: Limbs<'a>,
    n0: Limb,
    e: Limbs<'a>,
}

impl<'a> PublicLimbs<'a> {
    /// The view of a heap key: its own Montgomery constants.
    pub(crate) fn of_key(key: &'a PublicKey) -> Self {
        PublicLimbs {
            n: limbs_of(key.n()),
            rr: Limbs::Borrowed(&key.mont.rr),
            n0: key.mont.n0,
            e: limbs_of(key.e()),
        }
    }

    /// The view of any key's public parts (`crate::hazmat`). `n`, `R² mod
    /// n` and `n′` come from its Montgomery parameters, whose
    /// `R = 2^precision` is the core's `R` for the same limbs.
    #[cfg(feature = "hazmat")]
    pub(crate) fn of<K: PublicKeyParts + ?Sized>(key: &'a K) -> Self {
        let params = key.n_params().as_ref();
        PublicLimbs {
            n: limbs_of(params.modulus()),
            rr: limbs_of(params.r2()),
            // −n⁻¹ mod 2^w, truncated to a limb: −n⁻¹ mod 2³².
            n0: params.mod_neg_inv().0 as Limb,
            e: limbs_of(key.e()),
        }
    }

    pub(crate) fn view(&self) -> PublicView<'_> {
        PublicView {
            n: Modulus::new(&self.n, &self.rr, self.n0),
            e: &self.e,
        }
    }

    /// Limbs of `n` (its precision).
    pub(crate) fn len(&self) -> usize {
        self.n.len()
    }
}

/// The CRT values of a private key as the core's limbs.
struct CrtLimbs<'a> {
    p: Limbs<'a>,
    rr_p: Limbs<'a>,
    p0: Limb,
    q: Limbs<'a>,
    rr_q: Limbs<'a>,
    q0: Limb,
    dp: Limbs<'a>,
    dq: Limbs<'a>,
    qinv_mont: Limbs<'a>,
}

/// The numbers of a private key as the core's limbs.
pub(crate) struct PrivateLimbs<'a> {
    pub(crate) public: PublicLimbs<'a>,
    d: Limbs<'a>,
    crt: Option<CrtLimbs<'a>>,
}

impl<'a> PrivateLimbs<'a> {
    /// The view of a heap key: its own CRT values and Montgomery constants
    /// (the CRT is used for two-prime keys with their CRT values).
    pub(crate) fn of_key(key: &'a PrivateKey) -> Self {
        let public = PublicLimbs::of_key(key.as_public_key());
        let crt = match key.precomputed() {
            Some(pre) if key.primes().len() == 2 => Some(CrtLimbs {
                p: limbs_of(&key.primes()[0]),
                rr_p: Limbs::Borrowed(&pre.p_mont.rr),
                p0: pre.p_mont.n0,
                q: limbs_of(&key.primes()[1]),
                rr_q: Limbs::Borrowed(&pre.q_mont.rr),
                q0: pre.q_mont.n0,
                dp: limbs_of(key.dp().expect("precomputed")),
                dq: limbs_of(key.dq().expect("precomputed")),
                qinv_mont: Limbs::Borrowed(&pre.qinv_mont),
            }),
            _ => None,
        };
        PrivateLimbs {
            public,
            d: limbs_of(key.d()),
            crt,
        }
    }

    /// (`crate::hazmat`). The CRT values are used when
    /// the key has exactly two primes, all of them are present, and their
    /// shapes fit the CRT operation (equal precisions `h`, `2h` at least the
    /// precision of `n`: shapes are public); otherwise `c^d mod n`.
    #[cfg(feature = "hazmat")]
    pub(crate) fn of<K: PrivateKeyParts + ?Sized>(key: &'a K) -> Self {
        let public = PublicLimbs::of(key);
        let crt = match (key.p(), key.q(), key.dp(), key.dq(), key.qinv()) {
            (Some(p), Some(q), Some(dp), Some(dq), Some(qinv)) if key.primes().len() == 2 => {
                let crt = CrtLimbs {
                    p: limbs_of(p.modulus()),
                    rr_p: limbs_of(p.r2()),
                    p0: p.mod_neg_inv().0 as Limb,
                    q: limbs_of(q.modulus()),
                    rr_q: limbs_of(q.r2()),
                    q0: q.mod_neg_inv().0 as Limb,
                    dp: limbs_of(dp),
                    dq: limbs_of(dq),
                    qinv_mont: limbs_of(qinv.as_montgomery()),
                };
                // Shapes only (public); a coefficient that does not belong
                // to `p` gives a wrong result, which the fault check stops.
                let h = crt.p.len();
                let fits = crt.q.len() == h
                    && crt.dp.len() <= h + 2
                    && crt.dq.len() <= h + 2
                    && crt.qinv_mont.len() == h
                    && 2 * h >= public.len();
                fits.then_some(crt)
            }
            _ => None,
        };
        PrivateLimbs {
            public,
            d: limbs_of(key.d()),
            crt,
        }
    }

    pub(crate) fn view(&self) -> PrivateView<'_> {
        PrivateView {
            public: self.public.view(),
            d: &self.d,
            crt: self.crt.as_ref().map(|c| CrtKey {
                p: Modulus::new(&c.p, &c.rr_p, c.p0),
                q: Modulus::new(&c.q, &c.rr_q, c.q0),
                dp: &c.dp,
                dq: &c.dq,
                qinv_mont: &c.qinv_mont,
            }),
        }
    }

    /// Limbs of each CRT half (0 without CRT values).
    fn half_len(&self) -> usize {
        self.crt.as_ref().map_or(0, |c| c.p.len())
    }
}

/// The heap work areas of RSADP for a key's view, in one allocation: the
/// operation's `work` and, for a blinded operation, the blinding scratch.
struct RsadpBuffers {
    buf: Wiped<Vec<Limb>>,
    blind: usize,
}

impl RsadpBuffers {
    fn new(key: &PrivateLimbs, blinded: bool) -> Self {
        let (l, h) = (key.public.len(), key.half_len());
        let blind = if blinded { rsadp::blind_limbs(l, h) } else { 0 };
        RsadpBuffers {
            buf: Wiped::new(vec![0 as Limb; blind + rsadp::work_limbs(l, h)]),
            blind,
        }
    }

    /// The arguments of [`rsadp::rsadp`]: the blinding (with `rng`; the
    /// policy of `rsadp.rs`; the key's locked blinding pair `pair`, if any)
    /// and the work area.
    fn split<'a, 'r: 'a>(
        &'a mut self,
        rng: Option<&'a mut (dyn FillBytes + 'r)>,
        pair: Option<PairGuard<'a>>,
    ) -> (Option<Blinding<'a, dyn FillBytes + 'a>>, &'a mut [Limb]) {
        let (scratch, work) = self.buf.split_at_mut(self.blind);
        let blinding = rng.map(|rng| Blinding {
            rng: rng as &'a mut dyn FillBytes,
            exponents: rsadp::EXPONENT_BLINDING,
            scratch,
            pair,
        });
        (blinding, work)
    }
}

/// RSAEP on limbs for a key's view.
#[cfg(feature = "hazmat")]
fn public_op(key: &PublicLimbs, x: &[Limb], out: &mut [Limb]) {
    let mut work = vec![0 as Limb; exp::public_work_limbs(key.len())];
    key.view().rsaep(x, out, &mut work);
}

/// A zeroed byte buffer of a heap key's size, zeroized on drop.
pub struct HeapBytes(Wiped<Vec<u8>>);

impl AsRef<[u8]> for HeapBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl AsMut<[u8]> for HeapBytes {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl Sealed for PublicKey {}
impl Sealed for PrivateKey {}

impl PublicOps for PublicKey {
    type Bytes = HeapBytes;

    fn modulus_len(&self) -> usize {
        self.size()
    }

    fn modulus_bits(&self) -> usize {
        self.bits as usize
    }

    fn bytes(&self) -> HeapBytes {
        HeapBytes(Wiped::new(vec![0; self.size()]))
    }

    fn rsaep(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
        let public = PublicLimbs::of_key(self);
        let l = public.len();
        // One allocation for the representative, the result and the work.
        let mut buf = vec![0 as Limb; 2 * l + exp::public_work_limbs(l)];
        let (x, rest) = buf.split_at_mut(l);
        let (y, work) = rest.split_at_mut(l);
        rsaep::rsaep_bytes(&public.view(), self.size(), input, output, x, y, work)
    }
}

impl PublicOps for PrivateKey {
    type Bytes = HeapBytes;

    fn modulus_len(&self) -> usize {
        self.size()
    }

    fn modulus_bits(&self) -> usize {
        self.as_public_key().bits as usize
    }

    fn bytes(&self) -> HeapBytes {
        HeapBytes(Wiped::new(vec![0; self.size()]))
    }

    fn rsaep(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
        self.as_public_key().rsaep(input, output)
    }
}

impl PrivateKey {
    /// [`PrivateOps::rsadp`] for every RNG type at once.
    fn rsadp_dyn(&self, rng: Option<&mut dyn FillBytes>, mut io: Io<'_>) -> Result<()> {
        let key = PrivateLimbs::of_key(self);
        let l = key.public.len();
        let mut xy = Wiped::new(vec![0 as Limb; 2 * l]);
        let (x, y) = xy.split_at_mut(l);
        io.read(&key.public.view().n, self.size(), x)?;
        let view = key.view();
        let pair = rng
            .as_ref()
            .and_then(|_| self.blinding.lock(view.pair_limbs()));
        let mut buffers = RsadpBuffers::new(&key, rng.is_some());
        let (blinding, work) = buffers.split(rng, pair);
        rsadp::rsadp(&view, x, y, blinding, work, true)?;
        io.write(y);
        Ok(())
    }
}

impl PrivateOps for PrivateKey {
    fn rsadp<R: TryCryptoRng + ?Sized>(&self, mut rng: Option<&mut R>, io: Io<'_>) -> Result<()> {
        self.rsadp_dyn(rng.as_mut().map(|r| r as &mut dyn FillBytes), io)
    }

    fn write_d(&self, out: &mut [u8]) {
        limbs::to_be_bytes(out, &limbs_of(self.d()));
    }
}

#[cfg(feature = "hazmat")]
/// RSAEP / RSAVP1 on integers (`crate::hazmat::rsa_encrypt`): `m^e mod n`,
/// `m` reduced modulo `n` first when it is not below it. The result has the
/// precision of `n`'s Montgomery parameters.
pub(crate) fn rsa_encrypt<K: PublicKeyParts + ?Sized>(key: &K, m: &BoxedUint) -> BoxedUint {
    let public = PublicLimbs::of(key);
    let l = public.len();
    let n = public.view().n;
    let m = limbs_of(m);
    let mut x = vec![0 as Limb; l];
    let fits = m.len() <= l && {
        x[..m.len()].copy_from_slice(&m);
        limbs::ct_lt(&x, n.n()) == 1
    };
    if !fits {
        // Public input: reduce with the general remainder.
        let mut scratch = vec![0 as Limb; l + 1];
        limbs::rem(&mut x, &m, n.n(), &mut scratch);
    }
    let mut y = vec![0 as Limb; l];
    public_op(&public, &x, &mut y);
    uint_of(&y, key.n_params().bits_precision())
}

#[cfg(feature = "hazmat")]
/// RSADP / RSASP1 on integers (`crate::hazmat::rsa_decrypt` and
/// `rsa_decrypt_and_check`): `c` must have the precision of `n` and be below
/// it. The result has the precision of `n`.
pub(crate) fn rsa_decrypt<K: PrivateKeyParts + ?Sized, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: Option<&mut R>,
    c: &BoxedUint,
    check: bool,
) -> Result<BoxedUint> {
    let n = key.n();
    if c.bits_precision() != n.bits_precision() || c >= n.as_ref() {
        return Err(crate::errors::Error::Decryption);
    }
    let private = PrivateLimbs::of(key);
    let l = private.public.len();
    let c = limbs_of(c);
    let mut x = Wiped::new(vec![0 as Limb; l]);
    let len = c.len().min(l);
    x[..len].copy_from_slice(&c[..len]);
    let mut y = Wiped::new(vec![0 as Limb; l]);
    let mut rng = rng;
    let mut buffers = RsadpBuffers::new(&private, rng.is_some());
    let (blinding, work) = buffers.split(rng.as_mut().map(|r| r as &mut dyn FillBytes), None);
    rsadp::rsadp(&private.view(), &x, &mut y, blinding, work, check)?;
    let m = uint_of(&y, n.bits_precision());
    y.zeroize();
    Ok(m)
}

#[cfg(all(test, feature = "hazmat"))]
#[path = "ops_tests.rs"]
mod tests;
