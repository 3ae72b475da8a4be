//! `RSAES-OAEP` encrypting key over the heap [`PublicKey`], as
//! `rsa::oaep::EncryptingKey`.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::marker::PhantomData;

use digest::{Digest, FixedOutputReset};
use rand_core::TryCryptoRng;

use super::scheme::encrypt;
use crate::traits::RandomizedEncryptor;
use crate::{PublicKey, Result};

/// Encrypting key for `RSAES-OAEP` (RFC 8017 §7.1) with label hash `D`,
/// MGF1 over `MGD` and an optional label.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EncryptingKey<D, MGD = D>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    inner: PublicKey,
    label: Option<Box<[u8]>>,
    phantom: PhantomData<D>,
    mg_phantom: PhantomData<MGD>,
}

impl<D, MGD> EncryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    /// An encrypting key with an empty label.
    #[must_use]
    pub fn new(key: PublicKey) -> Self {
        Self {
            inner: key,
            label: None,
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }

    /// An encrypting key with `label`.
    pub fn new_with_label<S: Into<Box<[u8]>>>(key: PublicKey, label: S) -> Self {
        Self {
            inner: key,
            label: Some(label.into()),
            phantom: PhantomData,
            mg_phantom: PhantomData,
        }
    }
}

impl<D, MGD> RandomizedEncryptor for EncryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    fn encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        encrypt::<R, D, MGD>(rng, &self.inner, msg, self.label.as_deref())
    }
}

impl<D, MGD> PartialEq for EncryptingKey<D, MGD>
where
    D: Digest,
    MGD: Digest + FixedOutputReset,
{
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.label == other.label
    }
}
