//! The OAEP label a typed key holds: boxed for the heap keys (any length,
//! as `rsa` 0.10), inline for the bounded keys (no heap).

use crate::errors::{Error, Result};

/// Longest OAEP label the bounded typed keys
/// ([`BoundedEncryptingKey`](super::BoundedEncryptingKey),
/// [`BoundedDecryptingKey`](super::BoundedDecryptingKey)) store, in bytes.
///
/// `rsa` 0.10 keeps the label in a `Box<[u8]>`, as the heap typed keys do;
/// the bounded keys keep it inline so they never touch a heap. A longer
/// label is accepted by `new_with_label` (which cannot fail, as in `rsa`)
/// but every encryption or decryption with that key then returns
/// [`Error::LabelTooLong`]; `try_new_with_label` reports it up front. For
/// longer labels, call [`encrypt_into`](super::encrypt_into) /
/// [`decrypt_into`](super::decrypt_into) directly: they take the label as a
/// slice.
pub const MAX_LABEL_LEN: usize = 256;

/// An OAEP label held by a typed key.
pub trait OaepLabel: Clone + PartialEq + core::fmt::Debug {
    /// The label.
    ///
    /// # Errors
    /// [`Error::LabelTooLong`] if it was too long to store.
    #[doc(hidden)]
    fn bytes(&self) -> Result<&[u8]>;
}

/// An OAEP label stored inline.
#[doc(hidden)]
#[derive(Clone)]
pub struct Label {
    bytes: [u8; MAX_LABEL_LEN],
    /// Length of the label as given (may exceed `MAX_LABEL_LEN`).
    len: usize,
}

impl Label {
    pub(super) fn new(label: &[u8]) -> Self {
        let mut bytes = [0u8; MAX_LABEL_LEN];
        let stored = label.len().min(MAX_LABEL_LEN);
        bytes[..stored].copy_from_slice(&label[..stored]);
        Label {
            bytes,
            len: label.len(),
        }
    }

    pub(super) fn try_new(label: &[u8]) -> Result<Self> {
        if label.len() > MAX_LABEL_LEN {
            return Err(Error::LabelTooLong);
        }
        Ok(Self::new(label))
    }

    fn stored(&self) -> &[u8] {
        &self.bytes[..self.len.min(MAX_LABEL_LEN)]
    }
}

impl OaepLabel for Label {
    fn bytes(&self) -> Result<&[u8]> {
        if self.len <= MAX_LABEL_LEN {
            Ok(self.stored())
        } else {
            Err(Error::LabelTooLong)
        }
    }
}

#[cfg(feature = "alloc")]
impl OaepLabel for alloc::boxed::Box<[u8]> {
    fn bytes(&self) -> Result<&[u8]> {
        Ok(self)
    }
}

impl PartialEq for Label {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.stored() == other.stored()
    }
}

impl core::fmt::Debug for Label {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.len <= MAX_LABEL_LEN {
            write!(f, "{:?}", self.stored())
        } else {
            write!(f, "<{} bytes: too long>", self.len)
        }
    }
}

/// Implements the label constructors of the OAEP typed key `$typed`, whose
/// storages are the heap `$heap` and the bounded `$bounded`: they differ
/// by storage, as `rsa` 0.10 takes a label that converts into a box and
/// the bounded key copies it inline. `$op` names the operation that fails
/// for an overlong label.
macro_rules! impl_label_constructors {
    ($typed:ident, $heap:ident, $bounded:ident, $op:literal) => {
        #[cfg(feature = "alloc")]
        impl<D, MGD> $typed<D, MGD, $crate::$heap>
        where
            D: ::digest::Digest,
            MGD: ::digest::Digest,
        {
            /// A key with `label`.
            pub fn new_with_label<S: Into<::alloc::boxed::Box<[u8]>>>(
                key: $crate::$heap,
                label: S,
            ) -> Self {
                Self::with_label(key, Some(label.into()))
            }
        }

        impl<D, MGD, C: $crate::Capacity> $typed<D, MGD, $crate::$bounded<C>>
        where
            D: ::digest::Digest,
            MGD: ::digest::Digest,
        {
            /// A key with `label`.
            ///
            #[doc = concat!(
                        "A label longer than [`MAX_LABEL_LEN`](super::MAX_LABEL_LEN) makes every ",
                        $op,
                        " fail with [`Error::LabelTooLong`](crate::Error::LabelTooLong); see ",
                        "[`Self::try_new_with_label`]."
                    )]
            pub fn new_with_label<S: AsRef<[u8]>>(key: $crate::$bounded<C>, label: S) -> Self {
                Self::with_label(key, Some($crate::oaep::Label::new(label.as_ref())))
            }

            /// As [`Self::new_with_label`], rejecting a label longer than
            /// [`MAX_LABEL_LEN`](super::MAX_LABEL_LEN) (not in `rsa`).
            ///
            /// # Errors
            /// [`Error::LabelTooLong`](crate::Error::LabelTooLong).
            pub fn try_new_with_label<S: AsRef<[u8]>>(
                key: $crate::$bounded<C>,
                label: S,
            ) -> $crate::errors::Result<Self> {
                Ok(Self::with_label(
                    key,
                    Some($crate::oaep::Label::try_new(label.as_ref())?),
                ))
            }
        }
    };
}

pub(super) use impl_label_constructors;
