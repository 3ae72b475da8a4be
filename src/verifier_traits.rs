//! Trait impls shared, as a definition, by the verifying keys of
//! [`crate::pkcs1v15`] and [`crate::pss`]: both are a `VerifyingKey<D, K>`
//! holding their public key `K` in a field `inner` and deciding a digest
//! through their own `verdict_hashed`, so the rest is the same.

/// Implements, for the invoking module's `VerifyingKey<D, K>` with an
/// inherent `fn verdict_hashed(&self, hashed: &[u8], sig: &Sig<K>) ->
/// Verdict` (`Sig<K>` the module's signature over `K`): the public
/// `verify_verdict` / `verify_prehash_verdict`; `DigestVerifier`,
/// `PrehashVerifier`, `Verifier` and `MultipartVerifier`, whose `Ok` comes
/// only from the verdict compared twice;
/// `AssociatedAlgorithmIdentifier` (`rsaEncryption`), `EncodePublicKey`
/// and `serde` (with `alloc`, `serde`), `TryFrom<SubjectPublicKeyInfoRef>`
/// (the algorithm checked by the scheme module's `check_key_algorithm`),
/// `From<VerifyingKey<D, K>>` for the keys `K`, `From<K>` through the
/// invoking module's `new` (with the digest bound given after `where`, that
/// of `new`) and `Eq`.
macro_rules! impl_verifier_traits {
    ($(where $bd:ident: $bound:path)?) => {
        impl<D, K> VerifyingKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::KeyStorage,
        {
            /// Verifies `msg` (hashed with `D`) as a fault-hardened
            /// [`Verdict`]: [`Verdict::VALID`] if and only if the signature
            /// verifies. A bootloader compares the value twice against the
            /// constant (see [`Verdict`]); `signature::Verifier::verify`
            /// gives the same outcome as a `Result`.
            pub fn verify_verdict(&self, msg: &[u8], signature: &Sig<K>) -> Verdict {
                let mut hashed = ::digest::Output::<D>::default();
                $crate::mgf::hash_parts::<D>(&[msg], &mut hashed);
                self.verdict_hashed(&hashed, signature)
            }

            /// As [`Self::verify_verdict`], for the digest of the message.
            pub fn verify_prehash_verdict(&self, prehash: &[u8], signature: &Sig<K>) -> Verdict {
                self.verdict_hashed(prehash, signature)
            }

            fn verify_hashed(&self, hashed: &[u8], signature: &Sig<K>) -> ::signature::Result<()> {
                self.verdict_hashed(hashed, signature)
                    .result(|| $crate::Error::Verification.into())
            }
        }

        impl<D, K> ::signature::DigestVerifier<D, Sig<K>> for VerifyingKey<D, K>
        where
            D: ::digest::Digest + ::digest::Update,
            K: $crate::storage::KeyStorage,
        {
            fn verify_digest<F: Fn(&mut D) -> ::signature::Result<()>>(
                &self,
                f: F,
                signature: &Sig<K>,
            ) -> ::signature::Result<()> {
                let mut digest = <D as ::digest::Digest>::new();
                f(&mut digest)?;
                self.verify_hashed(&::digest::Digest::finalize(digest), signature)
            }
        }

        impl<D, K> ::signature::hazmat::PrehashVerifier<Sig<K>> for VerifyingKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::KeyStorage,
        {
            fn verify_prehash(
                &self,
                prehash: &[u8],
                signature: &Sig<K>,
            ) -> ::signature::Result<()> {
                self.verify_hashed(prehash, signature)
            }
        }

        impl<D, K> ::signature::Verifier<Sig<K>> for VerifyingKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::KeyStorage,
        {
            fn verify(&self, msg: &[u8], signature: &Sig<K>) -> ::signature::Result<()> {
                let mut hashed = ::digest::Output::<D>::default();
                $crate::mgf::hash_parts::<D>(&[msg], &mut hashed);
                self.verdict_hashed(&hashed, signature)
                    .result(|| $crate::Error::Verification.into())
            }
        }

        /// Not implemented by `rsa` 0.10; provided for symmetry with the
        /// multipart signers: the parts are hashed in order.
        impl<D, K> ::signature::MultipartVerifier<Sig<K>> for VerifyingKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::KeyStorage,
        {
            fn multipart_verify(
                &self,
                msg: &[&[u8]],
                signature: &Sig<K>,
            ) -> ::signature::Result<()> {
                let mut hashed = ::digest::Output::<D>::default();
                $crate::mgf::hash_parts::<D>(msg, &mut hashed);
                self.verify_hashed(&hashed, signature)
            }
        }

        $crate::storage::impl_key_document!(
            VerifyingKey,
            ::spki::EncodePublicKey => to_public_key_der -> ::spki::Result<::spki::Document>,
            ::spki::DecodePublicKey => from_public_key_der,
            spki::SubjectPublicKeyInfoRef => ::spki::Error
        );

        $crate::storage::impl_into_key!(
            VerifyingKey<D>,
            from: KeyStorage $(where $bd: $bound)?,
            PublicKey,
            BoundedPublicKey
        );

        impl<D, K> Eq for VerifyingKey<D, K>
        where
            D: ::digest::Digest,
            K: $crate::storage::KeyStorage + Eq,
        {
        }
    };
}

pub(crate) use impl_verifier_traits;
