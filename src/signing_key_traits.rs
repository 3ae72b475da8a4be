//! Trait impls shared, as a definition, by the signing keys of
//! [`crate::pkcs1v15`] and [`crate::pss`]: both wrap a
//! `BoundedPrivateKey<C>` in a field `inner` with a digest marker `D`.

/// Implements `AsRef<BoundedPrivateKey<C>>`, `AssociatedAlgorithmIdentifier`
/// (`rsaEncryption`), `EncodePrivateKey` (with `alloc`),
/// `From<BoundedSigningKey<D, C>> for BoundedPrivateKey<C>` and `ZeroizeOnDrop` for
/// the invoking module's `BoundedSigningKey<D, C>`.
macro_rules! impl_signing_key_common {
    () => {
        impl<D, C: $crate::capacity::Capacity> AsRef<$crate::key::BoundedPrivateKey<C>>
            for BoundedSigningKey<D, C>
        where
            D: ::digest::Digest,
        {
            fn as_ref(&self) -> &$crate::key::BoundedPrivateKey<C> {
                &self.inner
            }
        }

        impl<D, C: $crate::capacity::Capacity> ::spki::AssociatedAlgorithmIdentifier
            for BoundedSigningKey<D, C>
        where
            D: ::digest::Digest,
        {
            type Params = ::spki::der::AnyRef<'static>;

            const ALGORITHM_IDENTIFIER: ::spki::AlgorithmIdentifierRef<'static> =
                ::pkcs1::ALGORITHM_ID;
        }

        #[cfg(feature = "alloc")]
        impl<D, C: $crate::capacity::Capacity> ::pkcs8::EncodePrivateKey for BoundedSigningKey<D, C>
        where
            D: ::digest::Digest,
        {
            fn to_pkcs8_der(&self) -> ::pkcs8::Result<::pkcs8::SecretDocument> {
                self.inner.to_pkcs8_der()
            }
        }

        impl<D, C: $crate::capacity::Capacity> From<BoundedSigningKey<D, C>>
            for $crate::key::BoundedPrivateKey<C>
        where
            D: ::digest::Digest,
        {
            fn from(key: BoundedSigningKey<D, C>) -> Self {
                key.inner
            }
        }

        impl<D, C: $crate::capacity::Capacity> ::zeroize::ZeroizeOnDrop for BoundedSigningKey<D, C> where
            D: ::digest::Digest
        {
        }
    };
}

pub(crate) use impl_signing_key_common;
