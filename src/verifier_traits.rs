//! Trait impls shared, as a definition, by the verifying keys of
//! [`crate::pkcs1v15`] and [`crate::pss`]: both verify a digest through their
//! own `verify_hashed`, so the `signature` 3.0 verifier traits are the same.

/// Implements `DigestVerifier`, `PrehashVerifier`, `Verifier`,
/// `MultipartVerifier` and `AsRef<BoundedPublicKey<C>>` for the invoking
/// module's `BoundedVerifyingKey<D, C>` over its `BoundedSignature<C>`, given an inherent
/// `fn verify_hashed(&self, hashed: &[u8], sig: &BoundedSignature<C>) -> signature::Result<()>`
/// and a field `inner: BoundedPublicKey<C>`.
macro_rules! impl_verifier_traits {
    () => {
        impl<D, C: $crate::capacity::Capacity> ::signature::DigestVerifier<D, BoundedSignature<C>>
            for BoundedVerifyingKey<D, C>
        where
            D: Default + ::digest::FixedOutput + ::digest::HashMarker + ::digest::Update,
        {
            fn verify_digest<F: Fn(&mut D) -> ::signature::Result<()>>(
                &self,
                f: F,
                signature: &BoundedSignature<C>,
            ) -> ::signature::Result<()> {
                let mut digest = D::default();
                f(&mut digest)?;
                self.verify_hashed(&::digest::FixedOutput::finalize_fixed(digest), signature)
            }
        }

        impl<D, C: $crate::capacity::Capacity>
            ::signature::hazmat::PrehashVerifier<BoundedSignature<C>> for BoundedVerifyingKey<D, C>
        where
            D: ::digest::Digest,
        {
            fn verify_prehash(
                &self,
                prehash: &[u8],
                signature: &BoundedSignature<C>,
            ) -> ::signature::Result<()> {
                self.verify_hashed(prehash, signature)
            }
        }

        impl<D, C: $crate::capacity::Capacity> ::signature::Verifier<BoundedSignature<C>>
            for BoundedVerifyingKey<D, C>
        where
            D: ::digest::Digest,
        {
            fn verify(
                &self,
                msg: &[u8],
                signature: &BoundedSignature<C>,
            ) -> ::signature::Result<()> {
                let mut hashed = ::digest::Output::<D>::default();
                $crate::mgf::hash_parts::<D>(&[msg], &mut hashed);
                self.verify_hashed(&hashed, signature)
            }
        }

        /// Not implemented by `rsa` 0.10; provided for symmetry with the
        /// multipart signers: the parts are hashed in order.
        impl<D, C: $crate::capacity::Capacity> ::signature::MultipartVerifier<BoundedSignature<C>>
            for BoundedVerifyingKey<D, C>
        where
            D: ::digest::Digest,
        {
            fn multipart_verify(
                &self,
                msg: &[&[u8]],
                signature: &BoundedSignature<C>,
            ) -> ::signature::Result<()> {
                let mut digest = D::new();
                msg.iter()
                    .for_each(|part| ::digest::Digest::update(&mut digest, part));
                self.verify_hashed(&digest.finalize(), signature)
            }
        }

        impl<D, C: $crate::capacity::Capacity> AsRef<$crate::key::BoundedPublicKey<C>>
            for BoundedVerifyingKey<D, C>
        where
            D: ::digest::Digest,
        {
            fn as_ref(&self) -> &$crate::key::BoundedPublicKey<C> {
                &self.inner
            }
        }
    };
}

pub(crate) use impl_verifier_traits;

/// Implements, for the invoking module's `BoundedVerifyingKey<D, C>` with an
/// inherent `fn verdict_hashed(&self, hashed: &[u8], sig: &BoundedSignature<C>)
/// -> Verdict`, the public `verify_verdict` / `verify_prehash_verdict` and
/// the private `verify_hashed` the verifier traits use (`Ok` only from the
/// verdict compared twice).
macro_rules! impl_verdict_methods {
    () => {
        impl<D, C: $crate::capacity::Capacity> BoundedVerifyingKey<D, C>
        where
            D: ::digest::Digest,
        {
            /// Verifies `msg` (hashed with `D`) as a fault-hardened
            /// [`Verdict`]: [`Verdict::VALID`] if and only if the signature
            /// verifies. A bootloader compares the value twice against the
            /// constant (see [`Verdict`]); `signature::Verifier::verify`
            /// gives the same outcome as a `Result`.
            pub fn verify_verdict(&self, msg: &[u8], signature: &BoundedSignature<C>) -> Verdict {
                let mut hashed = ::digest::Output::<D>::default();
                $crate::mgf::hash_parts::<D>(&[msg], &mut hashed);
                self.verdict_hashed(&hashed, signature)
            }

            /// As [`Self::verify_verdict`], for the digest of the message.
            pub fn verify_prehash_verdict(
                &self,
                prehash: &[u8],
                signature: &BoundedSignature<C>,
            ) -> Verdict {
                self.verdict_hashed(prehash, signature)
            }

            fn verify_hashed(
                &self,
                hashed: &[u8],
                signature: &BoundedSignature<C>,
            ) -> ::signature::Result<()> {
                self.verdict_hashed(hashed, signature)
                    .result(|| $crate::Error::Verification.into())
            }
        }
    };
}

pub(crate) use impl_verdict_methods;
