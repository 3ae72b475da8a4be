//! PKCS#1, PKCS#8 and SPKI encodings of the heap keys, as `rsa` 0.10 has
//! them: keys are rebuilt from `(n, e, d, p, q)` through
//! [`PrivateKey::from_components`] (the encoded `dP` and `dQ` are
//! recomputed, the encoded `qInv` used only when it checks out, so a key
//! loads as `rsa` loads it), two-prime keys only, and every key error is
//! `KeyMalformed`.
//!
//! Algorithm identifiers (RFC 3279 §2.3.1, RFC 4055 §3.1):
//! `rsaEncryption` with NULL parameters, and `id-RSASSA-PSS` without
//! parameters.

use core::convert::{TryFrom, TryInto};

use crate::wipe::Wiped;
use crypto_bigint::{BoxedUint, NonZero, Resize};
use pkcs8::der::asn1::{AsUintRef, OctetStringRef};
use pkcs8::{Document, EncodePrivateKey, EncodePublicKey, SecretDocument};

use super::{PrivateKey, PublicKey};
use crate::encoding::{
    decode_rsa_private_key, pkcs1_to_pkcs8, pkcs1_to_spki, public_key_from_spki, ID_RSASSA_PSS,
};
use crate::traits::{PrivateKeyParts, PublicKeyParts};

fn uint_from_slice(data: &[u8], bits: u32) -> pkcs1::Result<BoxedUint> {
    BoxedUint::from_be_slice(data, bits).map_err(|_| pkcs1::Error::KeyMalformed)
}

/// Bits of a DER integer's content octets.
fn bits_of(bytes: &[u8]) -> pkcs1::Result<u32> {
    u32::try_from(bytes.len())
        .ok()
        .and_then(|len| len.checked_mul(8))
        .ok_or(pkcs1::Error::KeyMalformed)
}

crate::encoding::impl_decode_pkcs1!([] PublicKey, PrivateKey);

impl<U: AsUintRef> TryFrom<pkcs1::RsaPrivateKey<U>> for PrivateKey {
    type Error = pkcs1::Error;

    fn try_from(key: pkcs1::RsaPrivateKey<U>) -> pkcs1::Result<PrivateKey> {
        use pkcs1::Error::KeyMalformed;
        // Multi-prime keys are not decoded (as `rsa`).
        if key.version() != pkcs1::Version::TwoPrime {
            return Err(pkcs1::Error::Version);
        }
        let n_bytes = key.modulus.as_uint_ref().as_bytes();
        let bits = bits_of(n_bytes)?;
        let n = uint_from_slice(n_bytes, bits)?;
        let e_bytes = key.public_exponent.as_uint_ref().as_bytes();
        let e = uint_from_slice(e_bytes, bits_of(e_bytes)?)?;
        let d = uint_from_slice(key.private_exponent.as_uint_ref().as_bytes(), bits)?;
        let p = uint_from_slice(key.prime1.as_uint_ref().as_bytes(), bits)?;
        let q = uint_from_slice(key.prime2.as_uint_ref().as_bytes(), bits)?;
        let qinv = key.coefficient.as_uint_ref().as_bytes();
        PrivateKey::from_components_with_qinv_hint(n, e, d, alloc::vec![p, q], qinv)
            .map_err(|_| KeyMalformed)
    }
}

impl<U: AsUintRef> TryFrom<pkcs1::RsaPublicKey<U>> for PublicKey {
    type Error = pkcs1::Error;

    fn try_from(key: pkcs1::RsaPublicKey<U>) -> pkcs1::Result<Self> {
        use pkcs1::Error::KeyMalformed;
        let n_bytes = key.modulus.as_uint_ref().as_bytes();
        let n = uint_from_slice(n_bytes, bits_of(n_bytes)?)?;
        let e_bytes = key.public_exponent.as_uint_ref().as_bytes();
        let e = uint_from_slice(e_bytes, bits_of(e_bytes)?)?;
        PublicKey::new(n, e).map_err(|_| KeyMalformed)
    }
}

impl pkcs1::EncodeRsaPrivateKey for PrivateKey {
    fn to_pkcs1_der(&self) -> pkcs1::Result<SecretDocument> {
        if self.primes().len() > 2 {
            return Err(pkcs1::Error::Crypto);
        }
        let modulus = self.n().to_be_bytes();
        let public_exponent = self.e().to_be_bytes();
        let private_exponent = Wiped::new(self.d().to_be_bytes());
        let prime1 = Wiped::new(self.primes()[0].to_be_bytes());
        let prime2 = Wiped::new(self.primes()[1].to_be_bytes());
        let bits = self.d().bits_precision();
        let exponent = |prime: &BoxedUint| -> pkcs1::Result<Wiped<alloc::boxed::Box<[u8]>>> {
            let pm1 = NonZero::new(prime.resize_unchecked(bits) - &BoxedUint::one())
                .into_option()
                .ok_or(pkcs1::Error::Crypto)?;
            Ok(Wiped::new((self.d() % pm1).to_be_bytes()))
        };
        let exponent1 = exponent(self.primes()[0].as_ref())?;
        let exponent2 = exponent(self.primes()[1].as_ref())?;
        let coefficient = Wiped::new(
            self.crt_coefficient()
                .ok_or(pkcs1::Error::Crypto)?
                .to_be_bytes(),
        );
        Ok(SecretDocument::encode_msg(&pkcs1::RsaPrivateKey {
            modulus: pkcs1::UintRef::new(&modulus)?,
            public_exponent: pkcs1::UintRef::new(&public_exponent)?,
            private_exponent: pkcs1::UintRef::new(&private_exponent)?,
            prime1: pkcs1::UintRef::new(&prime1)?,
            prime2: pkcs1::UintRef::new(&prime2)?,
            exponent1: pkcs1::UintRef::new(&exponent1)?,
            exponent2: pkcs1::UintRef::new(&exponent2)?,
            coefficient: pkcs1::UintRef::new(&coefficient)?,
            other_prime_infos: None,
        })?)
    }
}

impl pkcs1::EncodeRsaPublicKey for PublicKey {
    fn to_pkcs1_der(&self) -> pkcs1::Result<Document> {
        let modulus = self.n().to_be_bytes();
        let public_exponent = self.e().to_be_bytes();
        Ok(Document::encode_msg(&pkcs1::RsaPublicKeyRef {
            modulus: pkcs1::UintRef::new(&modulus)?,
            public_exponent: pkcs1::UintRef::new(&public_exponent)?,
        })?)
    }
}

/// `rsaEncryption` with NULL parameters (RFC 3279 §2.3.1; absent parameters
/// are rejected), or `id-RSASSA-PSS` without parameters.
pub(crate) fn verify_algorithm_id(
    algorithm: &spki::AlgorithmIdentifierRef<'_>,
) -> spki::Result<()> {
    match algorithm.oid {
        pkcs1::ALGORITHM_OID => {
            if algorithm.parameters_any()? != pkcs8::der::asn1::Null.into() {
                return Err(spki::Error::KeyMalformed);
            }
        }
        ID_RSASSA_PSS => {
            if algorithm.parameters.is_some() {
                return Err(spki::Error::KeyMalformed);
            }
        }
        _ => return Err(spki::Error::OidUnknown { oid: algorithm.oid }),
    }
    Ok(())
}

impl TryFrom<pkcs8::PrivateKeyInfoRef<'_>> for PrivateKey {
    type Error = pkcs8::Error;

    fn try_from(info: pkcs8::PrivateKeyInfoRef<'_>) -> pkcs8::Result<Self> {
        verify_algorithm_id(&info.algorithm)?;
        decode_rsa_private_key(info.private_key.as_bytes())
            .map_err(pkcs1::Error::from)
            .and_then(TryInto::try_into)
            .map_err(pkcs1_to_pkcs8)
    }
}

impl TryFrom<pkcs8::SubjectPublicKeyInfoRef<'_>> for PublicKey {
    type Error = spki::Error;

    fn try_from(info: pkcs8::SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
        public_key_from_spki(info, verify_algorithm_id)
    }
}

impl EncodePrivateKey for PrivateKey {
    fn to_pkcs8_der(&self) -> pkcs8::Result<SecretDocument> {
        let private_key = pkcs1::EncodeRsaPrivateKey::to_pkcs1_der(self).map_err(pkcs1_to_pkcs8)?;
        pkcs8::PrivateKeyInfoRef::new(
            pkcs1::ALGORITHM_ID,
            OctetStringRef::new(private_key.as_bytes())?,
        )
        .try_into()
    }
}

impl EncodePublicKey for PublicKey {
    fn to_public_key_der(&self) -> spki::Result<Document> {
        let subject_public_key =
            pkcs1::EncodeRsaPublicKey::to_pkcs1_der(self).map_err(pkcs1_to_spki)?;
        pkcs8::SubjectPublicKeyInfoRef {
            algorithm: pkcs1::ALGORITHM_ID,
            subject_public_key: pkcs8::der::asn1::BitStringRef::new(
                0,
                subject_public_key.as_ref(),
            )?,
        }
        .try_into()
    }
}
