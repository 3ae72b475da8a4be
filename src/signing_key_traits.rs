//! Trait impls shared, as a definition, by the signing keys of
//! [`crate::pkcs1v15`] and [`crate::pss`]: both are a `SigningKey<D, K>`
//! holding their private key `K` in a field `inner`.

/// Implements, for the invoking module's `SigningKey<D, K>` with an
/// inherent `fn sign_hashed_with_rng(&self, rng, hashed: &[u8]) ->
/// signature::Result<Sig<K>>` (`Sig<K>` the module's signature over `K`):
/// the `Randomized*` signers (prehash, digest, message, multipart), which
/// hash with `D` and sign through it;
/// `AssociatedAlgorithmIdentifier` (`rsaEncryption`),
/// `EncodePrivateKey` and `serde` (with `alloc`, `serde`: see
/// `impl_key_document`), `TryFrom<PrivateKeyInfoRef>` (the algorithm
/// checked by the scheme module's `check_key_algorithm`),
/// `From<SigningKey<D, K>>` for the keys `K` and `ZeroizeOnDrop` for the
/// invoking module's `SigningKey<D, K>`.
macro_rules! impl_signing_key_common {
    () => {
        impl<D, K> ::signature::hazmat::RandomizedPrehashSigner<Sig<K>> for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::PrivateKeyStorage,
        {
            fn sign_prehash_with_rng<R: ::rand_core::TryCryptoRng + ?Sized>(
                &self,
                rng: &mut R,
                prehash: &[u8],
            ) -> ::signature::Result<Sig<K>> {
                self.sign_hashed_with_rng(rng, prehash)
            }
        }

        impl<D, K> ::signature::RandomizedDigestSigner<D, Sig<K>> for SigningKey<D, K>
        where
            D: ::digest::Digest + ::digest::Update,
            K: $crate::storage::PrivateKeyStorage,
        {
            fn try_sign_digest_with_rng<
                R: ::rand_core::TryCryptoRng + ?Sized,
                F: Fn(&mut D) -> ::signature::Result<()>,
            >(
                &self,
                rng: &mut R,
                f: F,
            ) -> ::signature::Result<Sig<K>> {
                let mut digest = <D as ::digest::Digest>::new();
                f(&mut digest)?;
                self.sign_hashed_with_rng(rng, &::digest::Digest::finalize(digest))
            }
        }

        impl<D, K> ::signature::RandomizedSigner<Sig<K>> for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::PrivateKeyStorage,
        {
            fn try_sign_with_rng<R: ::rand_core::TryCryptoRng + ?Sized>(
                &self,
                rng: &mut R,
                msg: &[u8],
            ) -> ::signature::Result<Sig<K>> {
                ::signature::RandomizedMultipartSigner::try_multipart_sign_with_rng(
                    self,
                    rng,
                    &[msg],
                )
            }
        }

        impl<D, K> ::signature::RandomizedMultipartSigner<Sig<K>> for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::PrivateKeyStorage,
        {
            fn try_multipart_sign_with_rng<R: ::rand_core::TryCryptoRng + ?Sized>(
                &self,
                rng: &mut R,
                msg: &[&[u8]],
            ) -> ::signature::Result<Sig<K>> {
                let mut hashed = ::digest::Output::<D>::default();
                $crate::mgf::hash_parts::<D>(msg, &mut hashed);
                self.sign_hashed_with_rng(rng, &hashed)
            }
        }

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
