//! `serde` for the heap keys in `rsa` 0.10's encoding: the SPKI DER of a
//! public key and the PKCS#8 DER of a private key, as lower-case hex for
//! human-readable formats and bytes otherwise (`serdect`), so that a key
//! serialized by either crate deserializes in the other.

use alloc::vec::Vec;

use pkcs8::{DecodePrivateKey, EncodePrivateKey};
use serdect::serde::{de, ser, Deserialize, Deserializer, Serialize, Serializer};
use spki::{DecodePublicKey, EncodePublicKey};

use super::{PrivateKey, PublicKey};

impl Serialize for PublicKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let der = self.to_public_key_der().map_err(ser::Error::custom)?;
        serdect::slice::serialize_hex_lower_or_bin(&der, serializer)
    }
}

impl<'de> Deserialize<'de> for PublicKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let der: Vec<u8> = serdect::slice::deserialize_hex_or_bin_vec(deserializer)?;
        Self::from_public_key_der(&der).map_err(de::Error::custom)
    }
}

impl Serialize for PrivateKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let der = self.to_pkcs8_der().map_err(ser::Error::custom)?;
        serdect::slice::serialize_hex_lower_or_bin(&der.as_bytes(), serializer)
    }
}

impl<'de> Deserialize<'de> for PrivateKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let der =
            zeroize::Zeroizing::new(serdect::slice::deserialize_hex_or_bin_vec(deserializer)?);
        Self::from_pkcs8_der(&der).map_err(de::Error::custom)
    }
}
