//! Trait impls shared, as a definition, by the signing keys of
//! [`crate::pkcs1v15`] and [`crate::pss`]: both are a `SigningKey<D, K>`
//! holding their private key `K` in a field `inner`.

/// Implements `AssociatedAlgorithmIdentifier` (`rsaEncryption`),
/// `EncodePrivateKey` and `serde` (with `alloc`, `serde`: see
/// `impl_key_document`), `TryFrom<PrivateKeyInfoRef>` (the algorithm
/// checked by the scheme module's `check_key_algorithm`),
/// `From<SigningKey<D, K>>` for the keys `K` and `ZeroizeOnDrop` for the
/// invoking module's `SigningKey<D, K>`.
macro_rules! impl_signing_key_common {
    () => {
        $crate::storage::impl_key_document!(
            SigningKey,
            ::pkcs8::EncodePrivateKey => to_pkcs8_der -> ::pkcs8::Result<::pkcs8::SecretDocument>,
            ::pkcs8::DecodePrivateKey => from_pkcs8_der,
            pkcs8::PrivateKeyInfoRef => ::pkcs8::Error
        );

        $crate::storage::impl_into_key!(SigningKey<D>, PrivateKey, BoundedPrivateKey);

        impl<D, K> ::zeroize::ZeroizeOnDrop for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: ::zeroize::ZeroizeOnDrop,
        {
        }
    };
}

pub(crate) use impl_signing_key_common;
