//! The operations every key type offers the schemes: RSAEP/RSAVP1 and
//! RSADP/RSASP1 on big-endian byte strings (RFC 8017 §5), with buffers of
//! the key's size. The scheme functions of [`crate::pkcs1v15`],
//! [`crate::pss`] and [`crate::oaep`] are generic over these traits, so one
//! padding implementation serves the fixed-capacity keys and the heap keys.

use rand_core::TryCryptoRng;
use zeroize::Zeroize;

use crate::ct;
use crate::errors::{Error, Result};

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
    /// RSADP / RSASP1, fault-checked, blinded when `rng` is given:
    /// `output = input^d mod n`, exactly `k` bytes; `output` untouched on
    /// error.
    ///
    /// # Errors
    /// As [`PublicOps::rsaep`]; [`Error::Rng`] if the generator fails;
    /// [`Error::Internal`] on a detected fault.
    #[doc(hidden)]
    fn rsadp<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()>;

    /// [`Self::rsadp`] in place, for signing: `buf` (exactly `k` bytes)
    /// holds the input, is cleared once it is read, and receives the output
    /// only on success; on error it holds zeros (or, for an input not
    /// below `n`, possibly that input).
    ///
    /// # Errors
    /// As [`Self::rsadp`].
    #[doc(hidden)]
    fn rsadp_in_place<R: TryCryptoRng + ?Sized>(
        &self,
        rng: Option<&mut R>,
        buf: &mut [u8],
    ) -> Result<()>;

    /// Writes `d` big-endian as exactly `out.len() ≥ k` bytes (the key
    /// derivation of implicit rejection).
    #[doc(hidden)]
    fn write_d(&self, out: &mut [u8]);
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
        .rsadp(rng, ct, em)
        .map_err(|e| match e {
            Error::Internal => Error::Internal,
            Error::Rng => Error::Rng,
            _ => Error::Decryption,
        })
        .and_then(|()| decode(em))
        // The length of the (accepted or synthetic) message is public by design.
        .map(ct::declassify)
        .inspect(|&len| out[..len].copy_from_slice(&em[k - len..]));
    em.zeroize();
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
        fn rsadp<R: TryCryptoRng + ?Sized>(
            &self,
            rng: Option<&mut R>,
            input: &[u8],
            output: &mut [u8],
        ) -> Result<()> {
            self.raw_private_with(rng, input, output)
        }

        fn rsadp_in_place<R: TryCryptoRng + ?Sized>(
            &self,
            rng: Option<&mut R>,
            buf: &mut [u8],
        ) -> Result<()> {
            self.raw_private_in_place(rng, buf)
        }

        fn write_d(&self, out: &mut [u8]) {
            self.write_d_be(out);
        }
    }
}
