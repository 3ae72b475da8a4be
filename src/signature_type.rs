//! The signature type shared, as a definition, by [`crate::pkcs1v15`] and
//! [`crate::pss`]: two distinct types (as in `rsa` 0.10) from one body.

/// Defines `BoundedSignature<C>` in the invoking module: fixed-capacity storage,
/// `SignatureEncoding` with `Repr = Self`, hex and display formatting; and
/// `Signatures`, the scheme's pair of signature types for the typed keys
/// (the parent module's heap `Signature`, defined by
/// [`define_heap_signature`], and `BoundedSignature<C>`).
macro_rules! define_signature {
    ($scheme:literal, $section:literal) => {
        /// The signature types of this scheme (`Signature` for the heap keys,
        /// [`BoundedSignature`] for the bounded keys), for the typed keys.
        #[doc(hidden)]
        pub struct Signatures;

        impl $crate::storage::SignatureTypes for Signatures {
            #[cfg(feature = "alloc")]
            type Heap = super::Signature;
            type Bounded<C: Capacity> = BoundedSignature<C>;
        }

        #[cfg(feature = "alloc")]
        use alloc::boxed::Box;
        use core::fmt::{Debug, Display, Formatter, LowerHex, UpperHex};
        use core::ops::Deref;

        use ::signature::SignatureEncoding;
        #[cfg(feature = "alloc")]
        use spki::{der::asn1::BitString, SignatureBitStringEncoding};

        use crate::capacity::{Array, Capacity, Max4096};

        #[doc = concat!("`", $scheme, "` signatures as described in [RFC 8017 § ", $section, "](https://www.rfc-editor.org/rfc/rfc8017#section-", $section, ").")]
        ///
        /// Stored inline (no heap): `C::MAX_BITS / 8` bytes of storage and a length.
        /// Decoding with `TryFrom` accepts at most [`Self::MAX_LEN`] bytes; a
        /// signature's exact length and value are checked during verification.
        ///
        /// Unlike `rsa` 0.10, whose `Repr` is `Box<[u8]>`,
        /// [`SignatureEncoding::Repr`] is the signature itself (it dereferences to
        /// `[u8]`), so [`SignatureEncoding::to_bytes`] never allocates;
        /// `Box<[u8]>::from(signature)` and `to_vec()` are available with `alloc`.
        pub struct BoundedSignature<C: Capacity = Max4096> {
            bytes: C::Bytes,
            len: usize,
        }

        impl<C: Capacity> BoundedSignature<C> {
            /// Maximum encoded signature length in bytes: the storage capacity,
            /// `C::MAX_BITS / 8` (512 for the default [`Max4096`]; `rsa`'s is 1024,
            /// its 8192-bit key limit, as here with [`Max8192`](crate::Max8192)).
            pub const MAX_LEN: usize = C::MAX_BITS / 8;

            /// Decode a signature with an explicit maximum encoded length in bytes.
            ///
            /// The effective limit is the smaller of `max_len` and [`Self::MAX_LEN`]
            /// (the storage capacity).
            ///
            /// # Errors
            /// Returns an error if `bytes.len()` exceeds `max_len` or [`Self::MAX_LEN`].
            pub fn from_bytes_with_max_len(bytes: &[u8], max_len: usize) -> ::signature::Result<Self> {
                if bytes.len() > max_len || bytes.len() > Self::MAX_LEN {
                    return Err(::signature::Error::new());
                }
                let mut sig = Self::zeroed(bytes.len());
                sig.as_mut_bytes().copy_from_slice(bytes);
                Ok(sig)
            }

            /// The signature bytes.
            pub fn as_bytes(&self) -> &[u8] {
                &self.bytes.as_ref()[..self.len]
            }

            /// An all-zero signature of `len ≤ MAX_LEN` bytes, to be filled in.
            pub(crate) fn zeroed(len: usize) -> Self {
                debug_assert!(len <= Self::MAX_LEN);
                Self {
                    bytes: C::Bytes::zeroed(),
                    len: len.min(Self::MAX_LEN),
                }
            }

            pub(crate) fn as_mut_bytes(&mut self) -> &mut [u8] {
                &mut self.bytes.as_mut()[..self.len]
            }
        }

        impl<C: Capacity> crate::storage::SignatureBytes for BoundedSignature<C> {
            fn zeroed(len: usize) -> Self {
                Self::zeroed(len)
            }

            fn bytes(&self) -> &[u8] {
                self.as_bytes()
            }

            fn bytes_mut(&mut self) -> &mut [u8] {
                self.as_mut_bytes()
            }
        }

        impl<C: Capacity> Clone for BoundedSignature<C> {
            fn clone(&self) -> Self {
                Self {
                    bytes: self.bytes.clone(),
                    len: self.len,
                }
            }
        }

        impl<C: Capacity> PartialEq for BoundedSignature<C> {
            fn eq(&self, other: &Self) -> bool {
                self.as_bytes() == other.as_bytes()
            }
        }

        impl<C: Capacity> Eq for BoundedSignature<C> {}

        impl<C: Capacity> core::hash::Hash for BoundedSignature<C> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_bytes().hash(state);
            }
        }

        impl<C: Capacity> AsRef<[u8]> for BoundedSignature<C> {
            fn as_ref(&self) -> &[u8] {
                self.as_bytes()
            }
        }

        impl<C: Capacity> Deref for BoundedSignature<C> {
            type Target = [u8];

            fn deref(&self) -> &[u8] {
                self.as_bytes()
            }
        }

        impl<C: Capacity> SignatureEncoding for BoundedSignature<C>
        where
            C::Bytes: Send + Sync,
        {
            type Repr = Self;
        }

        #[cfg(feature = "alloc")]
        impl<C: Capacity> SignatureBitStringEncoding for BoundedSignature<C> {
            fn to_bitstring(&self) -> spki::der::Result<BitString> {
                BitString::new(0, self.as_bytes().to_vec())
            }
        }

        impl<C: Capacity> TryFrom<&[u8]> for BoundedSignature<C> {
            type Error = ::signature::Error;

            fn try_from(bytes: &[u8]) -> ::signature::Result<Self> {
                Self::from_bytes_with_max_len(bytes, Self::MAX_LEN)
            }
        }

        impl<C: Capacity> TryFrom<spki::der::asn1::BitStringRef<'_>> for BoundedSignature<C> {
            type Error = ::signature::Error;

            fn try_from(bit_string: spki::der::asn1::BitStringRef<'_>) -> ::signature::Result<Self> {
                Self::try_from(bit_string.as_bytes().ok_or_else(::signature::Error::new)?)
            }
        }

        #[cfg(feature = "alloc")]
        impl<C: Capacity> From<BoundedSignature<C>> for Box<[u8]> {
            fn from(signature: BoundedSignature<C>) -> Box<[u8]> {
                signature.as_bytes().into()
            }
        }

        impl<C: Capacity> Debug for BoundedSignature<C> {
            fn fmt(&self, f: &mut Formatter<'_>) -> core::fmt::Result {
                f.debug_struct("BoundedSignature")
                    .field("inner", &self.as_bytes())
                    .finish()
            }
        }

        impl<C: Capacity> LowerHex for BoundedSignature<C> {
            fn fmt(&self, f: &mut Formatter<'_>) -> core::fmt::Result {
                for byte in self.as_bytes() {
                    write!(f, "{byte:02x}")?;
                }
                Ok(())
            }
        }

        impl<C: Capacity> UpperHex for BoundedSignature<C> {
            fn fmt(&self, f: &mut Formatter<'_>) -> core::fmt::Result {
                for byte in self.as_bytes() {
                    write!(f, "{byte:02X}")?;
                }
                Ok(())
            }
        }

        impl<C: Capacity> Display for BoundedSignature<C> {
            fn fmt(&self, f: &mut Formatter<'_>) -> core::fmt::Result {
                write!(f, "{self:X}")
            }
        }
    };
}

pub(crate) use define_signature;

/// Defines `Signature` (heap storage, as `rsa` 0.10's) in the invoking
/// module: at most [`MAX_LEN`](crate::PublicKey::MAX_SIZE)` / 8` bytes by
/// default, `SignatureEncoding` with `Repr = Box<[u8]>`, hex and display
/// formatting, and `serde` with the `serde` feature.
#[cfg(feature = "alloc")]
macro_rules! define_heap_signature {
    ($scheme:literal, $section:literal) => {
        use alloc::boxed::Box;
        use core::fmt::{Display, Formatter, LowerHex, UpperHex};

        use ::signature::SignatureEncoding;
        use spki::der::asn1::{BitString, BitStringRef};
        use spki::SignatureBitStringEncoding;

        #[doc = concat!("`", $scheme, "` signatures as described in [RFC 8017 § ", $section, "](https://www.rfc-editor.org/rfc/rfc8017#section-", $section, "), as `rsa` 0.10's.")]
        ///
        /// Decoding with `TryFrom` or `serde` accepts at most [`Self::MAX_LEN`]
        /// bytes; [`Self::from_bytes_with_max_len`] allows larger signatures.
        /// The exact length and value are checked during verification.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Signature {
            inner: Box<[u8]>,
        }

        impl Signature {
            /// Default maximum encoded signature length in bytes: that of the
            /// default maximum modulus, [`PublicKey::MAX_SIZE`](crate::PublicKey::MAX_SIZE).
            pub const MAX_LEN: usize = crate::PublicKey::MAX_SIZE.div_ceil(8);

            /// Decodes a signature with an explicit maximum length in bytes
            /// (checked before allocating): for keys larger than
            /// [`PublicKey::MAX_SIZE`](crate::PublicKey::MAX_SIZE), or a
            /// smaller limit.
            ///
            /// # Errors
            /// If `bytes.len()` exceeds `max_len`.
            pub fn from_bytes_with_max_len(bytes: &[u8], max_len: usize) -> ::signature::Result<Self> {
                if bytes.len() > max_len {
                    return Err(::signature::Error::new());
                }
                Ok(Self { inner: bytes.into() })
            }
        }

        impl crate::storage::SignatureBytes for Signature {
            fn zeroed(len: usize) -> Self {
                Self { inner: alloc::vec![0; len].into_boxed_slice() }
            }

            fn bytes(&self) -> &[u8] {
                &self.inner
            }

            fn bytes_mut(&mut self) -> &mut [u8] {
                &mut self.inner
            }
        }

        impl SignatureEncoding for Signature {
            type Repr = Box<[u8]>;
        }

        impl SignatureBitStringEncoding for Signature {
            fn to_bitstring(&self) -> spki::der::Result<BitString> {
                BitString::new(0, self.to_vec())
            }
        }

        impl TryFrom<&[u8]> for Signature {
            type Error = ::signature::Error;

            fn try_from(bytes: &[u8]) -> ::signature::Result<Self> {
                Self::from_bytes_with_max_len(bytes, Self::MAX_LEN)
            }
        }

        impl TryFrom<BitStringRef<'_>> for Signature {
            type Error = ::signature::Error;

            fn try_from(bit_string: BitStringRef<'_>) -> ::signature::Result<Self> {
                Self::try_from(bit_string.as_bytes().ok_or_else(::signature::Error::new)?)
            }
        }

        impl From<Signature> for Box<[u8]> {
            fn from(signature: Signature) -> Box<[u8]> {
                signature.inner
            }
        }

        impl LowerHex for Signature {
            fn fmt(&self, f: &mut Formatter<'_>) -> core::fmt::Result {
                self.inner.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
            }
        }

        impl UpperHex for Signature {
            fn fmt(&self, f: &mut Formatter<'_>) -> core::fmt::Result {
                self.inner.iter().try_for_each(|byte| write!(f, "{byte:02X}"))
            }
        }

        impl Display for Signature {
            fn fmt(&self, f: &mut Formatter<'_>) -> core::fmt::Result {
                write!(f, "{self:X}")
            }
        }

        #[cfg(feature = "serde")]
        impl serdect::serde::Serialize for Signature {
            fn serialize<S: serdect::serde::Serializer>(&self, serializer: S) -> core::result::Result<S::Ok, S::Error> {
                serdect::slice::serialize_hex_lower_or_bin(&self.inner, serializer)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serdect::serde::Deserialize<'de> for Signature {
            fn deserialize<D: serdect::serde::Deserializer<'de>>(deserializer: D) -> core::result::Result<Self, D::Error> {
                let mut buffer = [0u8; Self::MAX_LEN];
                serdect::slice::deserialize_hex_or_bin(&mut buffer, deserializer)?
                    .try_into()
                    .map_err(serdect::serde::de::Error::custom)
            }
        }
    };
}

#[cfg(feature = "alloc")]
pub(crate) use define_heap_signature;
