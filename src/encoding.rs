//! Key encodings through the `pkcs1`, `pkcs8` and `spki` crates: PKCS#1
//! `RSAPublicKey` / `RSAPrivateKey` (RFC 8017 Appendix A.1), PKCS#8
//! `PrivateKeyInfo` (RFC 5208) and `SubjectPublicKeyInfo` (RFC 5280), DER
//! and (with the `pem` feature) PEM.
//!
//! Decoding accepts the algorithm identifiers `rsaEncryption` (parameters
//! NULL, as RFC 3279 §2.3.1 requires: absent parameters are rejected) and
//! `id-RSASSA-PSS` (parameters absent or an `RSASSA-PSS-params` sequence,
//! RFC 4055 §3.1). Every decoded key goes
//! through the full validation of [`BoundedPrivateKey::from_be_bytes_components`].

use der::asn1::AsUintRef;
use pkcs8::ObjectIdentifier;

use crate::capacity::Capacity;
use crate::errors::Error;
use crate::key::{exponent_from_be_bytes, BoundedPrivateKey, BoundedPublicKey};

/// `id-RSASSA-PSS` (RFC 8017 Appendix A.2.3): 1.2.840.113549.1.1.10.
pub const ID_RSASSA_PSS: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.10");

fn uint_bytes<U: AsUintRef>(u: &U) -> &[u8] {
    u.as_uint_ref().as_bytes()
}

/// `RSAPrivateKey` from DER, out of line with `alloc`: one copy of the
/// decoder for both storages' PKCS#1 and PKCS#8 paths. Without `alloc`
/// there is one storage, and the no-heap images are smaller with the
/// decoder inlined into it as before.
#[cfg_attr(feature = "alloc", inline(never))]
#[cfg_attr(not(feature = "alloc"), inline(always))]
pub(crate) fn decode_rsa_private_key(bytes: &[u8]) -> der::Result<pkcs1::RsaPrivateKeyRef<'_>> {
    use der::Decode;
    pkcs1::RsaPrivateKeyRef::from_der(bytes)
}

fn key_error(err: Error) -> pkcs1::Error {
    match err {
        Error::Pkcs1(e) => e,
        _ => pkcs1::Error::KeyMalformed,
    }
}

/// Implements `DecodeRsaPublicKey` and `DecodeRsaPrivateKey` for a
/// storage's public and private key, through their `TryFrom` of the PKCS#1
/// structures.
macro_rules! impl_decode_pkcs1 {
    ([$($g:tt)*] $public:ty, $private:ty) => {
        impl<$($g)*> ::pkcs1::DecodeRsaPublicKey for $public {
            fn from_pkcs1_der(bytes: &[u8]) -> ::pkcs1::Result<Self> {
                use ::der::Decode;
                ::pkcs1::RsaPublicKeyRef::from_der(bytes)?.try_into()
            }
        }

        impl<$($g)*> ::pkcs1::DecodeRsaPrivateKey for $private {
            fn from_pkcs1_der(bytes: &[u8]) -> ::pkcs1::Result<Self> {
                $crate::encoding::decode_rsa_private_key(bytes)?.try_into()
            }
        }
    };
}

// The heap storage (feature `alloc`) is the macro's second user.
#[cfg(feature = "alloc")]
pub(crate) use impl_decode_pkcs1;

impl_decode_pkcs1!([C: Capacity] BoundedPublicKey<C>, BoundedPrivateKey<C>);

impl<C: Capacity, U: AsUintRef> TryFrom<pkcs1::RsaPublicKey<U>> for BoundedPublicKey<C> {
    type Error = pkcs1::Error;

    fn try_from(key: pkcs1::RsaPublicKey<U>) -> pkcs1::Result<Self> {
        BoundedPublicKey::from_be_bytes(
            key.modulus.as_uint_ref().as_bytes(),
            key.public_exponent.as_uint_ref().as_bytes(),
        )
        .map_err(key_error)
    }
}

impl<C: Capacity, U: AsUintRef> TryFrom<pkcs1::RsaPrivateKey<U>> for BoundedPrivateKey<C> {
    type Error = pkcs1::Error;

    fn try_from(key: pkcs1::RsaPrivateKey<U>) -> pkcs1::Result<Self> {
        private_from_pkcs1(&key).map_err(key_error)
    }
}

/// A fixed-capacity private key from decoded PKCS#1 components, with this
/// crate's error (the decoders map it onto their own).
fn private_from_pkcs1<C: Capacity, U: AsUintRef>(
    key: &pkcs1::RsaPrivateKey<U>,
) -> Result<BoundedPrivateKey<C>, Error> {
    let bytes = uint_bytes::<U>;
    let e = exponent_from_be_bytes(bytes(&key.public_exponent))?;
    let public = BoundedPublicKey::<C>::from_parts(
        bytes(&key.modulus),
        e,
        BoundedPublicKey::<C>::MIN_SIZE..=C::MAX_BITS,
    )?;
    let crt = Some((
        bytes(&key.exponent1),
        bytes(&key.exponent2),
        bytes(&key.coefficient),
    ));
    #[cfg(feature = "alloc")]
    {
        let mut primes = alloc::vec![bytes(&key.prime1), bytes(&key.prime2)];
        if let Some(others) = &key.other_prime_infos {
            if key.version() != pkcs1::Version::Multi {
                return Err(Error::Pkcs1(pkcs1::Error::Version));
            }
            primes.extend(others.iter().map(|info| bytes(&info.prime)));
        }
        BoundedPrivateKey::from_public_and_secrets(
            public,
            bytes(&key.private_exponent),
            &primes,
            crt,
        )
    }
    #[cfg(not(feature = "alloc"))]
    {
        let primes = [bytes(&key.prime1), bytes(&key.prime2)];
        BoundedPrivateKey::from_public_and_secrets(
            public,
            bytes(&key.private_exponent),
            &primes,
            crt,
        )
    }
}

/// Accepts `rsaEncryption` with NULL parameters (RFC 3279 §2.3.1), and
/// `id-RSASSA-PSS` with absent parameters or an `RSASSA-PSS-params` sequence.
pub(crate) fn verify_algorithm_id(
    algorithm: &spki::AlgorithmIdentifierRef<'_>,
) -> spki::Result<()> {
    // The OIDs compared as their encodings (`ObjectIdentifier` equality is
    // that of the encodings): a `match` on the constants compares the
    // whole fixed-size buffers, unrolled (about 350 bytes of flash).
    let oid = algorithm.oid.as_bytes();
    if bytes_eq(oid, pkcs1::ALGORITHM_OID.as_bytes()) {
        match &algorithm.parameters {
            Some(p) if p.is_null() => Ok(()),
            _ => Err(spki::Error::KeyMalformed),
        }
    } else if bytes_eq(oid, ID_RSASSA_PSS.as_bytes()) {
        match &algorithm.parameters {
            None => Ok(()),
            Some(p) => {
                #[cfg(feature = "alloc")]
                let ok = p.decode_as::<pkcs1::RsaPssParamsOwned>().is_ok();
                #[cfg(not(feature = "alloc"))]
                let ok = der::Tagged::tag(p) == der::Tag::Sequence;
                if ok {
                    Ok(())
                } else {
                    Err(spki::Error::KeyMalformed)
                }
            }
        }
    } else {
        Err(spki::Error::OidUnknown { oid: algorithm.oid })
    }
}

/// `a == b` as a plain loop (public data; `==` on slices links `memcmp`).
fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

impl<C: Capacity> TryFrom<pkcs8::PrivateKeyInfoRef<'_>> for BoundedPrivateKey<C> {
    type Error = pkcs8::Error;

    fn try_from(info: pkcs8::PrivateKeyInfoRef<'_>) -> pkcs8::Result<Self> {
        verify_algorithm_id(&info.algorithm)?;
        let key = decode_rsa_private_key(info.private_key.as_bytes())
            .map_err(|e| pkcs1_to_pkcs8(e.into()))?;
        // A key larger (or smaller) than the capacity holds says so.
        private_from_pkcs1(&key).map_err(|err| match err {
            Error::ModulusTooLarge => pkcs8::KeyError::TooLong.into(),
            Error::ModulusTooSmall => pkcs8::KeyError::TooShort.into(),
            err => pkcs1_to_pkcs8(key_error(err)),
        })
    }
}

impl<C: Capacity> TryFrom<spki::SubjectPublicKeyInfoRef<'_>> for BoundedPublicKey<C> {
    type Error = spki::Error;

    fn try_from(info: spki::SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
        public_key_from_spki(info, verify_algorithm_id)
    }
}

/// The public key of an SPKI whose algorithm `check_algorithm` accepts,
/// decoded from the PKCS#1 `RSAPublicKey` it carries: both storages' SPKI
/// decoder, each with its storage's algorithm policy.
pub(crate) fn public_key_from_spki<K>(
    info: spki::SubjectPublicKeyInfoRef<'_>,
    check_algorithm: fn(&spki::AlgorithmIdentifierRef<'_>) -> spki::Result<()>,
) -> spki::Result<K>
where
    K: for<'a> TryFrom<pkcs1::RsaPublicKeyRef<'a>, Error = pkcs1::Error>,
{
    use der::Decode;
    check_algorithm(&info.algorithm)?;
    let bits = info
        .subject_public_key
        .as_bytes()
        .ok_or(spki::Error::KeyMalformed)?;
    let key = pkcs1::RsaPublicKeyRef::from_der(bits).map_err(|e| pkcs1_to_spki(e.into()))?;
    key.try_into().map_err(pkcs1_to_spki)
}

/// A PKCS#1 error as PKCS#8 reports it (both storages' decoders).
pub(crate) fn pkcs1_to_pkcs8(error: pkcs1::Error) -> pkcs8::Error {
    match error {
        pkcs1::Error::Asn1(e) => pkcs8::Error::Asn1(e),
        _ => pkcs8::KeyError::Invalid.into(),
    }
}

/// A PKCS#1 error as SPKI reports it (both storages' decoders).
pub(crate) fn pkcs1_to_spki(error: pkcs1::Error) -> spki::Error {
    match error {
        pkcs1::Error::Asn1(e) => spki::Error::Asn1(e),
        _ => spki::Error::KeyMalformed,
    }
}

#[cfg(feature = "alloc")]
mod encode {
    use super::*;
    use crate::capacity::Array;
    use crate::key::{strip_leading_zeros, Component};
    use alloc::vec::Vec;
    use pkcs8::{Document, SecretDocument};
    use zeroize::Zeroizing;

    impl<C: Capacity> pkcs1::EncodeRsaPublicKey for BoundedPublicKey<C> {
        fn to_pkcs1_der(&self) -> pkcs1::Result<Document> {
            let mut n = C::Bytes::zeroed();
            let n = &mut n.as_mut()[..self.size()];
            self.write_n_be(n).map_err(key_error)?;
            let e = self.e_u64().to_be_bytes();
            Ok(Document::encode_msg(&pkcs1::RsaPublicKeyRef {
                modulus: pkcs1::UintRef::new(n)?,
                public_exponent: pkcs1::UintRef::new(strip_leading_zeros(&e))?,
            })?)
        }
    }

    impl<C: Capacity> pkcs1::EncodeRsaPrivateKey for BoundedPrivateKey<C> {
        fn to_pkcs1_der(&self) -> pkcs1::Result<SecretDocument> {
            if self.prime_count() > 2 {
                // The extra primes are not kept (see the crate docs).
                return Err(pkcs1::Error::Crypto);
            }
            let mut n = C::Bytes::zeroed();
            let n = &mut n.as_mut()[..self.size()];
            self.as_public_key().write_n_be(n).map_err(key_error)?;
            let e = self.as_public_key().e_u64().to_be_bytes();
            let component = |which| {
                let mut buf = Zeroizing::new(Vec::from(C::Bytes::zeroed().as_ref()));
                let len = self.write_component(which, &mut buf);
                buf.truncate(len);
                buf
            };
            let (d, p, q) = (
                component(Component::D),
                component(Component::P),
                component(Component::Q),
            );
            let (dp, dq, qinv) = (
                component(Component::Dp),
                component(Component::Dq),
                component(Component::Qinv),
            );
            fn uint(x: &[u8]) -> der::Result<pkcs1::UintRef<'_>> {
                pkcs1::UintRef::new(strip_leading_zeros(x))
            }
            Ok(SecretDocument::encode_msg(&pkcs1::RsaPrivateKeyRef {
                modulus: pkcs1::UintRef::new(n)?,
                public_exponent: uint(&e)?,
                private_exponent: uint(&d)?,
                prime1: uint(&p)?,
                prime2: uint(&q)?,
                exponent1: uint(&dp)?,
                exponent2: uint(&dq)?,
                coefficient: uint(&qinv)?,
                other_prime_infos: None,
            })?)
        }
    }

    impl<C: Capacity> pkcs8::EncodePrivateKey for BoundedPrivateKey<C> {
        fn to_pkcs8_der(&self) -> pkcs8::Result<SecretDocument> {
            let der = pkcs1::EncodeRsaPrivateKey::to_pkcs1_der(self).map_err(pkcs1_to_pkcs8)?;
            pkcs8::PrivateKeyInfoRef::new(
                pkcs1::ALGORITHM_ID,
                der::asn1::OctetStringRef::new(der.as_bytes())?,
            )
            .try_into()
        }
    }

    impl<C: Capacity> spki::EncodePublicKey for BoundedPublicKey<C> {
        fn to_public_key_der(&self) -> spki::Result<Document> {
            let der = pkcs1::EncodeRsaPublicKey::to_pkcs1_der(self).map_err(pkcs1_to_spki)?;
            spki::SubjectPublicKeyInfoRef {
                algorithm: pkcs1::ALGORITHM_ID,
                subject_public_key: der::asn1::BitStringRef::new(0, der.as_bytes())?,
            }
            .try_into()
        }
    }

    impl<C: Capacity> spki::EncodePublicKey for BoundedPrivateKey<C> {
        fn to_public_key_der(&self) -> spki::Result<Document> {
            self.as_public_key().to_public_key_der()
        }
    }
}

#[cfg(test)]
mod tests;
