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
/// invoking module's `SigningKey<D, K>`; `Generate` and `From<K>` through
/// its `new` (with the digest bound given after `where`, that of `new`);
/// `Keypair`, the verifying key made by the module's
/// `VerifyingKey::$ctor(public key, self.$field)`.
macro_rules! impl_signing_key_common {
    (verifying_key: $ctor:ident($field:ident) $(, where $bd:ident: $bound:path)?) => {
        impl<D, K> ::signature::Keypair for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::PrivateKeyStorage,
        {
            type VerifyingKey = VerifyingKey<D, K::Public>;

            fn verifying_key(&self) -> Self::VerifyingKey {
                VerifyingKey::$ctor(self.inner.to_public(), self.$field)
            }
        }

        impl<D, K> ::crypto_common::Generate for SigningKey<D, K>
        where
            D: ::digest::Digest,
            $($bd: $bound,)?
            K: $crate::storage::PrivateKeyStorage,
        {
            /// A key of the storage's default size (`e = 65537`), as
            /// `SigningKey::new` makes it.
            fn try_generate_from_rng<R: ::rand_core::TryCryptoRng + ?Sized>(
                rng: &mut R,
            ) -> ::core::result::Result<Self, R::Error> {
                K::try_generate_from_rng(rng).map(Self::new)
            }
        }

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

        $crate::storage::impl_into_key!(
            SigningKey<D>,
            from: PrivateKeyStorage $(where $bd: $bound)?,
            PrivateKey,
            BoundedPrivateKey
        );

        impl<D, K> ::zeroize::ZeroizeOnDrop for SigningKey<D, K>
        where
            D: ::digest::Digest,
            K: ::zeroize::ZeroizeOnDrop,
        {
        }
    };
}

pub(crate) use impl_signing_key_common;
