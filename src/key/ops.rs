//! The operations every key type offers the schemes: RSAEP/RSAVP1 and
//! RSADP/RSASP1 on big-endian byte strings (RFC 8017 §5), with buffers of
//! the key's size. The scheme functions of [`crate::pkcs1v15`],
//! [`crate::pss`] and [`crate::oaep`] are generic over these traits, so one
//! padding implementation serves the fixed-capacity keys and the heap keys.

use rand_core::TryCryptoRng;

pub use super::rsadp::Io;
use crate::ct;
use crate::errors::{Error, Result};
use crate::verdict::Verdict;

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// A public key the schemes can use: [`BoundedPublicKey`](crate::BoundedPublicKey),
/// [`BoundedPrivateKey`](crate::BoundedPrivateKey), and with `alloc`
/// the drop-in `PublicKey` and `PrivateKey`.
/// Sealed; its methods are the crate's own.
pub trait PublicOps: Sealed {
    /// A zeroed byte buffer of at least `k` bytes.
    #[doc(hidden)]
    type Bytes: AsRef<[u8]> + AsMut<[u8]>;

    /// `k`: the modulus length in bytes.
    #[doc(hidden)]
    fn modulus_len(&self) -> usize;

    /// `modBits`: the bit length of `n`.
    #[doc(hidden)]
    fn modulus_bits(&self) -> usize;

    /// A zeroed buffer of at least `k` bytes (an array of the capacity, or
    /// a vector of the key's size).
    #[doc(hidden)]
    fn bytes(&self) -> Self::Bytes;

    /// RSAEP / RSAVP1: `output = input^e mod n`, `output` exactly `k` bytes.
    ///
    /// # Errors
    /// [`Error::InvalidArguments`] if `input` is longer than `k` bytes or
    /// not below `n`, or `output` is not `k` bytes.
    #[doc(hidden)]
    fn rsaep(&self, input: &[u8], output: &mut [u8]) -> Result<()>;
}

/// A private key the schemes can use: [`BoundedPrivateKey`](crate::BoundedPrivateKey),
/// and with `alloc` the drop-in `PrivateKey`. Sealed.
pub trait PrivateOps: PublicOps {
    /// RSADP / RSASP1, fault-checked, blinded when `rng` is given, on the
    /// buffers of `io` (exactly `k` bytes of output): `Io::Separate` leaves
    /// the output untouched on error; `Io::InPlace` (signing: the encoding
    /// is the input) is cleared once read and receives the output only on
    /// success; on error it holds zeros (or, for an input not below `n`,
    /// possibly that input).
    ///
    /// # Errors
    /// As [`PublicOps::rsaep`]; [`Error::Rng`] if the generator fails;
    /// [`Error::Internal`] on a detected fault.
    #[doc(hidden)]
    fn rsadp<R: TryCryptoRng + ?Sized>(&self, rng: Option<&mut R>, io: Io<'_>) -> Result<()>;

    /// Writes `d` big-endian as exactly `out.len() ≥ k` bytes (the key
    /// derivation of implicit rejection).
    #[doc(hidden)]
    fn write_d(&self, out: &mut [u8]);
}

/// The signing skeleton shared by the signature schemes: `encode` writes EM
/// straight into the `k`-byte signature buffer `sig` and RSASP1 runs in
/// place, so the buffer is cleared once EM is read and receives only a
/// checked signature (a clear on error here again would only give a fault
/// one more write to corrupt).
///
/// # Errors
/// [`Error::InvalidArguments`] if `sig` is not `k` bytes; `encode`'s
/// errors; as [`PrivateOps::rsadp`].
pub(crate) fn rsassa_sign<K: PrivateOps + ?Sized, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: Option<&mut R>,
    sig: &mut [u8],
    encode: impl FnOnce(&mut [u8]) -> Result<()>,
) -> Result<()> {
    if sig.len() != key.modulus_len() {
        return Err(Error::InvalidArguments);
    }
    encode(sig)?;
    key.rsadp(rng, Io::InPlace(sig))
}

/// The verification skeleton shared by the signature schemes: RSAVP1 of a
/// `k`-byte signature into a scratch `EM`, then `decide(EM)`. Any
/// signature of the wrong length or not below `n` is rejected.
pub(crate) fn rsassa_verdict<K: PublicOps + ?Sized>(
    key: &K,
    sig: &[u8],
    decide: impl FnOnce(&mut [u8]) -> Verdict,
) -> Verdict {
    let k = key.modulus_len();
    if sig.len() != k {
        return Verdict::REJECT;
    }
    let mut em = key.bytes();
    let em = &mut em.as_mut()[..k];
    if key.rsaep(sig, em).is_err() {
        return Verdict::REJECT;
    }
    decide(em)
}

/// The encryption skeleton shared by the encryption schemes: `encode`
/// writes a `k`-byte `EM` into a scratch buffer, RSAEP encrypts it into
/// `ct`. `EM` is zeroized whatever happens.
///
/// # Errors
/// [`Error::InvalidArguments`] if `ct` is not `k` bytes; `encode`'s
/// errors; as [`PublicOps::rsaep`].
pub(crate) fn rsaes_encrypt<K: PublicOps + ?Sized>(
    key: &K,
    ct: &mut [u8],
    encode: impl FnOnce(&mut [u8]) -> Result<()>,
) -> Result<()> {
    let k = key.modulus_len();
    if ct.len() != k {
        return Err(Error::InvalidArguments);
    }
    let mut em = key.bytes();
    let em = &mut em.as_mut()[..k];
    let result = encode(em).and_then(|()| key.rsaep(em, ct));
    crate::wipe::wipe(em);
    result
}

/// The decryption skeleton shared by the encryption schemes: RSADP of a
/// `k`-byte ciphertext into a scratch `EM`, `decode(EM)` returning the
/// message length `len` (the message is the last `len` bytes of `EM`),
/// copied to the front of `out`. `EM` is zeroized whatever happens.
///
/// # Errors
/// [`Error::InvalidArguments`] for an `out` shorter than `k` (the caller's
/// buffer, public); [`Error::Decryption`] for a ciphertext that is not `k`
/// bytes or not below `n`; [`Error::Internal`] on a detected fault;
/// [`Error::Rng`]; `decode`'s errors.
pub(crate) fn rsaes_decrypt<K: PrivateOps + ?Sized, R: TryCryptoRng + ?Sized>(
    key: &K,
    rng: Option<&mut R>,
    ct: &[u8],
    out: &mut [u8],
    decode: impl FnOnce(&mut [u8]) -> Result<usize>,
) -> Result<usize> {
    let k = key.modulus_len();
    if out.len() < k {
        return Err(Error::InvalidArguments);
    }
    if ct.len() != k {
        return Err(Error::Decryption);
    }
    let mut em = key.bytes();
    let em = &mut em.as_mut()[..k];
    let result = key
        .rsadp(
            rng,
            Io::Separate {
                input: ct,
                output: em,
            },
        )
        .map_err(|e| match e {
            Error::Internal => Error::Internal,
            Error::Rng => Error::Rng,
            _ => Error::Decryption,
        })
        .and_then(|()| decode(em))
        // The length of the (accepted or synthetic) message is public by design.
        .map(ct::declassify)
        .inspect(|&len| out[..len].copy_from_slice(&em[k - len..]));
    crate::wipe::wipe(em);
    result
}

mod bounded {
    use super::*;
    use crate::capacity::{Array, Capacity};
    use crate::{BoundedPrivateKey, BoundedPublicKey};

    impl<C: Capacity> Sealed for BoundedPublicKey<C> {}
    impl<C: Capacity> Sealed for BoundedPrivateKey<C> {}

    impl<C: Capacity> PublicOps for BoundedPublicKey<C> {
        type Bytes = C::Bytes;

        fn modulus_len(&self) -> usize {
            self.size()
        }

        fn modulus_bits(&self) -> usize {
            self.n_bits()
        }

        fn bytes(&self) -> C::Bytes {
            C::Bytes::zeroed()
        }

        fn rsaep(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
            self.raw_public(input, output)
        }
    }

    impl<C: Capacity> PublicOps for BoundedPrivateKey<C> {
        type Bytes = C::Bytes;

        fn modulus_len(&self) -> usize {
            self.size()
        }

        fn modulus_bits(&self) -> usize {
            self.as_public_key().n_bits()
        }

        fn bytes(&self) -> C::Bytes {
            C::Bytes::zeroed()
        }

        fn rsaep(&self, input: &[u8], output: &mut [u8]) -> Result<()> {
            self.as_public_key().raw_public(input, output)
        }
    }

    impl<C: Capacity> PrivateOps for BoundedPrivateKey<C> {
        fn rsadp<R: TryCryptoRng + ?Sized>(&self, rng: Option<&mut R>, io: Io<'_>) -> Result<()> {
            self.private_op(rng, io)
        }

        fn write_d(&self, out: &mut [u8]) {
            self.write_d_be(out);
        }
    }
}
