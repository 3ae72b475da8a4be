//! `RSAES-OAEP` decrypting key over the heap [`PrivateKey`], as
//! `rsa::oaep::DecryptingKey`.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::marker::PhantomData;

use digest::{Digest, FixedOutputReset};
use rand_core::TryCryptoRng;
use zeroize::ZeroizeOnDrop;

use super::scheme::decrypt;
use crate::key::heap::check_public;
use crate::traits::{Decryptor, RandomizedDecryptor};
use crate::{PrivateKey, Result};

/// Decrypting key for `RSAES-OAEP` (RFC 8017 §7.1) with label hash `D`,
/// MGF1 over `MGD` and an optional label.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DecryptingKey<D, MGD = D>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    inner: PrivateKey,
    label: Option<Box<[u8]>>,
    phantom: PhantomData<D>,
    mg_phantom: PhantomData<MGD>,
}

impl<D, MGD> DecryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    /// A decrypting key with an empty label.
    #[must_use]
    pub fn new(key: PrivateKey) -> Self {
        Self {
            inner: key,
            label: None,
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }

    /// A decrypting key with `label`.
    pub fn new_with_label<S: Into<Box<[u8]>>>(key: PrivateKey, label: S) -> Self {
        Self {
            inner: key,
            label: Some(label.into()),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }
}

impl<D, MGD> Decryptor for DecryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        check_public(&self.inner)?;
        #[cfg(feature = "getrandom")]
        {
            decrypt::<_, D, MGD>(
                Some(&mut getrandom::SysRng),
                &self.inner,
                ciphertext,
                self.label.as_deref(),
            )
        }
        #[cfg(not(feature = "getrandom"))]
        {
            decrypt::<crate::blinding::NoRng, D, MGD>(
                None,
                &self.inner,
                ciphertext,
                self.label.as_deref(),
            )
        }
    }
}

impl<D, MGD> RandomizedDecryptor for DecryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    fn decrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        check_public(&self.inner)?;
        decrypt::<R, D, MGD>(Some(rng), &self.inner, ciphertext, self.label.as_deref())
    }
}

impl<D, MGD> ZeroizeOnDrop for DecryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
}

impl<D, MGD> PartialEq for DecryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.label == other.label
    }
}
