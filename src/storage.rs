//! What the typed keys of [`crate::pkcs1v15`], [`crate::pss`] and
//! [`crate::oaep`] need from the key they hold, so that each is defined
//! once over both storages: the heap `PublicKey`/`PrivateKey` (with
//! `alloc`) and [`BoundedPublicKey<C>`]/[`BoundedPrivateKey<C>`].

use core::fmt::Debug;

use crate::capacity::Capacity;
use crate::errors::Result;
use crate::key::{PrivateOps, PublicOps};
use crate::oaep::OaepLabel;
use crate::{BoundedPrivateKey, BoundedPublicKey};

/// A signature buffer of one storage: a boxed slice for the heap keys, an
/// inline array for the bounded keys.
pub trait SignatureBytes: Sized {
    /// An all-zero signature of `len` bytes (at most the capacity), to be filled in.
    #[doc(hidden)]
    fn zeroed(len: usize) -> Self;

    /// The signature bytes.
    #[doc(hidden)]
    fn bytes(&self) -> &[u8];

    /// The signature bytes, to be filled in.
    #[doc(hidden)]
    fn bytes_mut(&mut self) -> &mut [u8];
}

/// The two signature types of one signature scheme (distinct per scheme,
/// as in `rsa` 0.10): `Signature` for the heap keys, `BoundedSignature<C>`
/// for the bounded ones.
pub trait SignatureTypes {
    /// The heap keys' signature.
    #[cfg(feature = "alloc")]
    type Heap: SignatureBytes;
    /// The bounded keys' signature.
    type Bounded<C: Capacity>: SignatureBytes;
}

/// A key a typed key can hold: one of the heap and bounded public and
/// private keys. Sealed (through [`PublicOps`]).
pub trait KeyStorage: PublicOps + Clone + PartialEq + Debug {
    /// The signature type of scheme `S` for this storage.
    type Signature<S: SignatureTypes>: SignatureBytes;

    /// The OAEP label a typed key over this storage holds.
    type Label: OaepLabel;

    /// The public-key checks the encryption schemes run first: `rsa`'s
    /// for the heap keys, which any size of key can reach; none for the
    /// bounded keys, checked when loaded.
    ///
    /// # Errors
    /// The heap key's check errors.
    #[doc(hidden)]
    fn check_public(&self) -> Result<()>;
}

/// A private key a typed key can hold. Sealed.
///
/// `Generate` makes a key of the storage's default size with `e = 65537`
/// (the typed keys' `Generate`).
pub trait PrivateKeyStorage: KeyStorage + PrivateOps + crypto_common::Generate {
    /// The public key of the same storage.
    type Public: KeyStorage;

    /// Whether the operations that take no RNG (`Signer`, `Decryptor`)
    /// blind with the system RNG (with `getrandom`): yes for the heap keys,
    /// as `rsa` 0.10; no for the bounded keys, whose private operation is
    /// constant time unblinded and whose targets may have no system RNG.
    #[doc(hidden)]
    const BLINDS_BY_DEFAULT: bool;

    /// The public key.
    #[doc(hidden)]
    fn to_public(&self) -> Self::Public;

    /// A new key with a `bit_size`-bit modulus and `e = 65537` (the typed
    /// keys' `random`).
    ///
    /// # Errors
    /// As `PrivateKey::new` / [`BoundedPrivateKey::new`].
    #[doc(hidden)]
    fn new_random<R: rand_core::TryCryptoRng + ?Sized>(
        rng: &mut R,
        bit_size: usize,
    ) -> Result<Self>;
}

/// The key the typed keys hold by default: the heap `PrivateKey`, as in
/// `rsa` 0.10, or without `alloc` the bounded key (the only one there is).
#[cfg(feature = "alloc")]
pub type DefaultPrivateKey = crate::PrivateKey;
#[cfg(not(feature = "alloc"))]
pub type DefaultPrivateKey = BoundedPrivateKey;

/// The public key the typed keys hold by default (as [`DefaultPrivateKey`]).
#[cfg(feature = "alloc")]
pub type DefaultPublicKey = crate::PublicKey;
#[cfg(not(feature = "alloc"))]
pub type DefaultPublicKey = BoundedPublicKey;

/// The RNG of [`default_rng`].
#[cfg(feature = "getrandom")]
pub(crate) type DefaultRng = getrandom::SysRng;
#[cfg(not(feature = "getrandom"))]
pub(crate) type DefaultRng = crate::blinding::NoRng;

/// The RNG the operations of `K` that take none blind with
/// ([`PrivateKeyStorage::BLINDS_BY_DEFAULT`]).
pub(crate) fn default_rng<K: PrivateKeyStorage>() -> Option<DefaultRng> {
    #[cfg(feature = "getrandom")]
    {
        K::BLINDS_BY_DEFAULT.then_some(getrandom::SysRng)
    }
    #[cfg(not(feature = "getrandom"))]
    {
        // No system RNG to blind with, whatever K's default.
        let _ = K::BLINDS_BY_DEFAULT;
        None
    }
}

/// Implements [`KeyStorage`] for one storage's public and private key and
/// [`PrivateKeyStorage`] for its private key.
macro_rules! impl_storage {
    (
        impl<$($g:ident: $bound:path)?> $public:ty, $private:ty;
        signature: $sig:ty, label: $label:ty, blinds: $blinds:literal,
        check_public: $check:expr $(,)?
    ) => {
        impl<$($g: $bound)?> KeyStorage for $public {
            type Signature<S: SignatureTypes> = $sig;
            type Label = $label;

            fn check_public(&self) -> Result<()> {
                $check(self)
            }
        }

        impl<$($g: $bound)?> KeyStorage for $private {
            type Signature<S: SignatureTypes> = $sig;
            type Label = $label;

            fn check_public(&self) -> Result<()> {
                $check(self)
            }
        }

        impl<$($g: $bound)?> PrivateKeyStorage for $private {
            type Public = $public;

            const BLINDS_BY_DEFAULT: bool = $blinds;

            fn to_public(&self) -> $public {
                self.to_public_key()
            }

            fn new_random<R: rand_core::TryCryptoRng + ?Sized>(
                rng: &mut R,
                bit_size: usize,
            ) -> Result<Self> {
                Self::new(rng, bit_size)
            }
        }
    };
}

impl_storage! {
    impl<C: Capacity> BoundedPublicKey<C>, BoundedPrivateKey<C>;
    signature: S::Bounded<C>, label: crate::oaep::Label, blinds: false,
    // Checked when loaded.
    check_public: |_| Ok(()),
}

#[cfg(feature = "alloc")]
impl_storage! {
    impl<> crate::PublicKey, crate::PrivateKey;
    signature: S::Heap, label: alloc::boxed::Box<[u8]>, blinds: true,
    check_public: crate::key::heap::check_public,
}

/// Implements `From<Typed<.., K>> for K` for the heap and the bounded key
/// of the typed key `Typed` (field `inner`, digest parameters `Digest`):
/// twice, as `impl<K> From<Typed<K>> for K` is not allowed. With
/// `from: Storage`, also `From<K> for Typed<.., K>` (`Typed::new`) for
/// every `K: Storage` (and the digest bound given after `where`, that of
/// `new`).
macro_rules! impl_into_key {
    (
        $typed:ident$(<$($d:ident),*>)?,
        from: $storage:ident $(where $bd:ident: $bound:path)?,
        $heap:ident,
        $bounded:ident
    ) => {
        impl<$($($d,)*)? K: $crate::storage::$storage> From<K> for $typed<$($($d,)*)? K>
        where
            $($($d: ::digest::Digest,)*)?
            $($bd: $bound,)?
        {
            fn from(key: K) -> Self {
                Self::new(key)
            }
        }

        $crate::storage::impl_into_key!($typed<$($($d),*)?>, $heap, $bounded);
    };
    ($typed:ident<$($d:ident),*>, $heap:ident, $bounded:ident) => {
        #[cfg(feature = "alloc")]
        impl<$($d),*> From<$typed<$($d,)* $crate::$heap>> for $crate::$heap
        where
            $($d: ::digest::Digest,)*
        {
            fn from(key: $typed<$($d,)* $crate::$heap>) -> Self {
                key.inner
            }
        }

        impl<$($d,)* C: $crate::capacity::Capacity> From<$typed<$($d,)* $crate::$bounded<C>>>
            for $crate::$bounded<C>
        where
            $($d: ::digest::Digest,)*
        {
            fn from(key: $typed<$($d,)* $crate::$bounded<C>>) -> Self {
                key.inner
            }
        }
    };
}

pub(crate) use impl_into_key;

/// Defines a typed key: `pub struct Typed<D, .., K = Default>` (the
/// attributes and documentation as given; `K` bounded as given) holding its
/// key `K` in `inner`, the listed fields and `phantom`, with `where D:
/// Digest` for each digest parameter; and implements `AsRef<K>`, `Clone`,
/// `Debug` and `PartialEq` for it from `inner` and the listed fields (shown
/// by `Debug` through the given accessor, if any): by hand, as a derive
/// would bound the digest parameters too.
macro_rules! typed_key {
    // A key with a `label: Option<K::Label>` (OAEP): `serde` derived, with
    // the bounds on `K` and its label.
    (@serde_label $($key:tt)*) => {
        $crate::storage::typed_key! {
            #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
            #[cfg_attr(
                feature = "serde",
                serde(bound(
                    serialize = "K: serde::Serialize, K::Label: serde::Serialize",
                    deserialize = "K: serde::Deserialize<'de>, K::Label: serde::Deserialize<'de>"
                ))
            )]
            $($key)*
        }
    };
    (
        $(#[$attr:meta])*
        pub struct $typed:ident<$($d:ident $(= $dd:ty)?),+; K $(: $kbound:path)? = $default:ty> {
            $($vis:vis $field:ident: $fty:ty $(=> $show:ident())?),* $(,)?
        }
    ) => {
        $(#[$attr])*
        pub struct $typed<$($d $(= $dd)?,)+ K $(: $kbound)? = $default>
        where
            $($d: ::digest::Digest,)+
        {
            pub(super) inner: K,
            $($vis $field: $fty,)*
            phantom: ::core::marker::PhantomData<($($d,)+)>,
        }

        impl<$($d,)+ K: $crate::storage::KeyStorage> AsRef<K> for $typed<$($d,)+ K>
        where
            $($d: ::digest::Digest,)+
        {
            fn as_ref(&self) -> &K {
                &self.inner
            }
        }

        impl<$($d,)+ K: $crate::storage::KeyStorage> Clone for $typed<$($d,)+ K>
        where
            $($d: ::digest::Digest,)+
        {
            fn clone(&self) -> Self {
                Self {
                    inner: self.inner.clone(),
                    $($field: self.$field.clone(),)*
                    phantom: ::core::marker::PhantomData,
                }
            }
        }

        impl<$($d,)+ K: $crate::storage::KeyStorage> ::core::fmt::Debug for $typed<$($d,)+ K>
        where
            $($d: ::digest::Digest,)+
        {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(stringify!($typed))
                    .field("inner", &self.inner)
                    $(.field(stringify!($field), &self.$field$(.$show())?))*
                    .finish()
            }
        }

        impl<$($d,)+ K: $crate::storage::KeyStorage> PartialEq for $typed<$($d,)+ K>
        where
            $($d: ::digest::Digest,)+
        {
            fn eq(&self, other: &Self) -> bool {
                self.inner == other.inner $(&& self.$field == other.$field)*
            }
        }
    };
}

pub(crate) use typed_key;

/// Implements, for the typed key `Typed<D, K>` holding its key in `inner`:
/// `AssociatedAlgorithmIdentifier` (`rsaEncryption`), the key's DER
/// encoding `Encode::to_der` (with `alloc`), `TryFrom<Info>` (the
/// algorithm checked by the scheme module's `check_key_algorithm`, then
/// `K`'s own), and `serde` through the encoding and `Decode::from_der`
/// (with `serde`; the decoded DER is zeroized).
macro_rules! impl_key_document {
    (
        $typed:ident,
        $encode:path => $to_der:ident -> $der:ty,
        $decode:path => $from_der:ident,
        $info:ident$(::$info_path:ident)* => $error:ty
    ) => {
        impl<'a, D, K> TryFrom<$info$(::$info_path)*<'a>> for $typed<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::KeyStorage + TryFrom<$info$(::$info_path)*<'a>, Error = $error>,
            Self: From<K>,
        {
            type Error = $error;

            fn try_from(info: $info$(::$info_path)*<'a>) -> ::core::result::Result<Self, $error> {
                super::check_key_algorithm(&info.algorithm)?;
                K::try_from(info).map(Self::from)
            }
        }

        impl<D, K> ::spki::AssociatedAlgorithmIdentifier for $typed<D, K>
        where
            D: ::digest::Digest,
        {
            type Params = ::spki::der::AnyRef<'static>;

            const ALGORITHM_IDENTIFIER: ::spki::AlgorithmIdentifierRef<'static> =
                ::pkcs1::ALGORITHM_ID;
        }

        #[cfg(feature = "alloc")]
        impl<D, K> $encode for $typed<D, K>
        where
            D: ::digest::Digest,
            K: $encode,
        {
            fn $to_der(&self) -> $der {
                self.inner.$to_der()
            }
        }

        #[cfg(feature = "serde")]
        impl<D, K> ::serdect::serde::Serialize for $typed<D, K>
        where
            D: ::digest::Digest,
            K: $encode,
        {
            fn serialize<S: ::serdect::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                let der = <Self as $encode>::$to_der(self)
                    .map_err(::serdect::serde::ser::Error::custom)?;
                ::serdect::slice::serialize_hex_lower_or_bin(&der.as_bytes(), serializer)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de, D, K> ::serdect::serde::Deserialize<'de> for $typed<D, K>
        where
            Self: $decode,
            D: ::digest::Digest,
        {
            fn deserialize<De: ::serdect::serde::Deserializer<'de>>(
                deserializer: De,
            ) -> ::core::result::Result<Self, De::Error> {
                let der = ::zeroize::Zeroizing::new(::serdect::slice::deserialize_hex_or_bin_vec(
                    deserializer,
                )?);
                <Self as $decode>::$from_der(&der).map_err(::serdect::serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use impl_key_document;
