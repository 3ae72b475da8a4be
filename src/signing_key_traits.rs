//! Trait impls shared, as a definition, by the signing keys of
//! [`crate::pkcs1v15`] and [`crate::pss`]: both are a `SigningKey<D, K>`
//! holding their private key `K` in a field `inner`.

/// Implements `AssociatedAlgorithmIdentifier`
/// (`rsaEncryption`), `EncodePrivateKey` and `serde` (with `alloc`, `serde`),
/// `From<SigningKey<D, K>>` for the keys `K` and `ZeroizeOnDrop` for the
/// invoking module's `SigningKey<D, K>`.
macro_rules! impl_signing_key_common {
    () => {
        impl<D, K> ::spki::AssociatedAlgorithmIdentifier for SigningKey<D, K>
        where
            D: ::digest::Digest,
        {
            type Params = ::spki::der::AnyRef<'static>;

            const ALGORITHM_IDENTIFIER: ::spki::AlgorithmIdentifierRef<'static> =
                ::pkcs1::ALGORITHM_ID;
        }

        #[cfg(feature = "alloc")]
        impl<D, K> ::pkcs8::EncodePrivateKey for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: ::pkcs8::EncodePrivateKey,
        {
            fn to_pkcs8_der(&self) -> ::pkcs8::Result<::pkcs8::SecretDocument> {
                self.inner.to_pkcs8_der()
            }
        }

        $crate::storage::impl_into_key!(SigningKey<D>, PrivateKey, BoundedPrivateKey);

        impl<D, K> ::zeroize::ZeroizeOnDrop for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: ::zeroize::ZeroizeOnDrop,
        {
        }

        #[cfg(feature = "serde")]
        impl<D, K> ::serdect::serde::Serialize for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: ::pkcs8::EncodePrivateKey,
        {
            fn serialize<S: ::serdect::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                use ::pkcs8::EncodePrivateKey;
                let der = self
                    .to_pkcs8_der()
                    .map_err(::serdect::serde::ser::Error::custom)?;
                ::serdect::slice::serialize_hex_lower_or_bin(&der.as_bytes(), serializer)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de, D, K> ::serdect::serde::Deserialize<'de> for SigningKey<D, K>
        where
            Self: ::pkcs8::DecodePrivateKey,
            D: ::digest::Digest,
        {
            fn deserialize<De: ::serdect::serde::Deserializer<'de>>(
                deserializer: De,
            ) -> ::core::result::Result<Self, De::Error> {
                use ::pkcs8::DecodePrivateKey;
                let der = ::zeroize::Zeroizing::new(::serdect::slice::deserialize_hex_or_bin_vec(
                    deserializer,
                )?);
                Self::from_pkcs8_der(&der).map_err(::serdect::serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use impl_signing_key_common;
