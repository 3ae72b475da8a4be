//! `rustls` signing with this crate's private-key operation, and the
//! verification algorithms gathered for a `rustls` crypto provider.

use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use digest::const_oid::AssociatedOid;
use digest::Digest;
use rustls::crypto::{GetRandomFailed, SecureRandom, WebPkiSupportedAlgorithms};
use rustls::pki_types::{PrivateKeyDer, SubjectPublicKeyInfoDer};
use rustls::sign::{Signer, SigningKey};
use rustls::{Error, SignatureAlgorithm, SignatureScheme};
use sha2::{Sha256, Sha384, Sha512};

use super::*;
use crate::pkcs1v15::DigestInfoPrefix;
use crate::{pkcs1v15, pss, BoundedPrivateKey};

/// The storage of a signing key: moduli up to 8192 bits, as *ring*'s
/// `RsaKeyPair`. Chosen in this one place (a heap-backed key type can take
/// its place without changing the signing code).
type SignKey = BoundedPrivateKey<Max8192>;

/// Smallest signing key accepted, in bits (as *ring*'s `RsaKeyPair`).
const MIN_SIGNING_BITS: usize = 2048;

/// The TLS signature schemes of [`RSA_ALGORITHMS`], most preferred first,
/// each with the algorithm that verifies it (the `mapping` half of a
/// `WebPkiSupportedAlgorithms`; the same schemes, order and algorithms as
/// the *ring* provider of `rustls`).
pub static RSA_SCHEME_MAPPING: &[(SignatureScheme, &[&dyn SignatureVerificationAlgorithm])] = &[
    (
        SignatureScheme::RSA_PSS_SHA512,
        &[RSA_PSS_2048_8192_SHA512_LEGACY_KEY],
    ),
    (
        SignatureScheme::RSA_PSS_SHA384,
        &[RSA_PSS_2048_8192_SHA384_LEGACY_KEY],
    ),
    (
        SignatureScheme::RSA_PSS_SHA256,
        &[RSA_PSS_2048_8192_SHA256_LEGACY_KEY],
    ),
    (
        SignatureScheme::RSA_PKCS1_SHA512,
        &[RSA_PKCS1_2048_8192_SHA512],
    ),
    (
        SignatureScheme::RSA_PKCS1_SHA384,
        &[RSA_PKCS1_2048_8192_SHA384],
    ),
    (
        SignatureScheme::RSA_PKCS1_SHA256,
        &[RSA_PKCS1_2048_8192_SHA256],
    ),
];

/// The RSA verification algorithms of this crate as a `rustls` provider
/// takes them (`CryptoProvider::signature_verification_algorithms`): RSA
/// certificates and RSA `CertificateVerify` signatures only. A provider that
/// must also verify ECDSA or Ed25519 builds its own
/// `WebPkiSupportedAlgorithms` from [`RSA_ALGORITHMS`],
/// [`RSA_SCHEME_MAPPING`] and the other provider's entries.
pub static SUPPORTED_RSA_ALGORITHMS: WebPkiSupportedAlgorithms = WebPkiSupportedAlgorithms {
    all: RSA_ALGORITHMS,
    mapping: RSA_SCHEME_MAPPING,
};

/// The schemes [`RsaSigningKey`] signs with, most preferred first.
static SIGNING_SCHEMES: &[SignatureScheme] = &[
    SignatureScheme::RSA_PSS_SHA512,
    SignatureScheme::RSA_PSS_SHA384,
    SignatureScheme::RSA_PSS_SHA256,
    SignatureScheme::RSA_PKCS1_SHA512,
    SignatureScheme::RSA_PKCS1_SHA384,
    SignatureScheme::RSA_PKCS1_SHA256,
];

/// Where signing draws its randomness (PSS salts, blinding).
#[derive(Clone, Copy)]
enum Random {
    /// The operating system's generator (`getrandom`).
    #[cfg(feature = "getrandom")]
    System,
    /// A `rustls` provider's generator.
    Provider(&'static dyn SecureRandom),
}

/// A `rand_core` generator over [`Random`].
struct Rng(Random);

/// The generator failed (rustls' `GetRandomFailed` as a `core::error::Error`).
#[derive(Debug)]
struct RngFailed;

impl fmt::Display for RngFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("random generator failed")
    }
}

impl core::error::Error for RngFailed {}

impl rand_core::TryRng for Rng {
    type Error = RngFailed;

    fn try_next_u32(&mut self) -> Result<u32, RngFailed> {
        let mut b = [0; 4];
        self.try_fill_bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn try_next_u64(&mut self) -> Result<u64, RngFailed> {
        let mut b = [0; 8];
        self.try_fill_bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), RngFailed> {
        match self.0 {
            #[cfg(feature = "getrandom")]
            Random::System => getrandom::fill(dst).map_err(|_| RngFailed),
            Random::Provider(r) => r.fill(dst).map_err(|GetRandomFailed| RngFailed),
        }
    }
}

impl rand_core::TryCryptoRng for Rng {}

/// An RSA private key as a `rustls::sign::SigningKey`.
///
/// Offers, most preferred first, `rsa_pss_rsae_sha512`, `_sha384`,
/// `_sha256` (RSASSA-PSS, RFC 8017 §8.1, MGF1 over the same hash and a salt
/// as long as the digest, as RFC 8446 §4.2.3 requires) and
/// `rsa_pkcs1_sha512`, `_sha384`, `_sha256` (RSASSA-PKCS1-v1_5, RFC 8017
/// §8.2; `rustls` never offers these to a TLS 1.3 `CertificateVerify`, but
/// TLS 1.2 and client certificates may use them). Every private operation is
/// blinded with fresh randomness, constant time and checked against the
/// public key before the signature is released.
///
/// Signatures are `k` bytes, `k` the modulus length in bytes; keys of
/// 2048–8192 bits (as *ring*'s `RsaKeyPair`), two primes.
#[derive(Clone)]
pub struct RsaSigningKey {
    key: Arc<SignKey>,
    spki: Arc<[u8]>,
    random: Random,
}

impl fmt::Debug for RsaSigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "RsaSigningKey {{ bits: {} }}",
            self.key.as_public_key().n_bits()
        )
    }
}

impl RsaSigningKey {
    /// Loads a PKCS#1 (`RSAPrivateKey`, RFC 8017 §A.1.2) or PKCS#8
    /// (RFC 5208, `rsaEncryption`) DER private key; randomness from the
    /// operating system.
    ///
    /// # Errors
    /// [`Error::General`] naming the cause: a SEC1 key or any other
    /// algorithm (`id-RSASSA-PSS` included, as *ring* refuses it), a malformed key or one that fails validation, a modulus
    /// outside 2048–8192 bits, more than two primes.
    #[cfg(feature = "getrandom")]
    pub fn new(der: &PrivateKeyDer<'_>) -> Result<Self, Error> {
        Self::load(der, Random::System)
    }

    /// As [`Self::new`], with randomness from `random` (for instance a
    /// `rustls` provider's `secure_random`).
    ///
    /// # Errors
    /// As [`Self::new`].
    pub fn with_random(
        der: &PrivateKeyDer<'_>,
        random: &'static dyn SecureRandom,
    ) -> Result<Self, Error> {
        Self::load(der, Random::Provider(random))
    }

    fn load(der: &PrivateKeyDer<'_>, random: Random) -> Result<Self, Error> {
        use pkcs1::DecodeRsaPrivateKey;
        use spki::EncodePublicKey;
        let key = match der {
            PrivateKeyDer::Pkcs1(k) => SignKey::from_pkcs1_der(k.secret_pkcs1_der())
                .map_err(|e| Error::General(alloc::format!("RSA PKCS#1 key rejected: {e}")))?,
            PrivateKeyDer::Pkcs8(k) => pkcs8_rsa_encryption(k.secret_pkcs8_der())?,
            _ => return Err(Error::General("not an RSA private key".into())),
        };
        let bits = key.as_public_key().n_bits();
        if bits < MIN_SIGNING_BITS {
            return Err(Error::General(alloc::format!(
                "RSA key of {bits} bits: below {MIN_SIGNING_BITS}"
            )));
        }
        if key.prime_count() != 2 {
            return Err(Error::General(
                "multi-prime RSA keys are not supported".into(),
            ));
        }
        let spki = key
            .to_public_key_der()
            .map_err(|e| Error::General(alloc::format!("RSA public key encoding: {e}")))?;
        Ok(Self {
            key: Arc::new(key),
            spki: spki.as_bytes().into(),
            random,
        })
    }

    /// A signer for `scheme`, if it is one of the RSA schemes this key
    /// signs with.
    pub fn signer(&self, scheme: SignatureScheme) -> Option<RsaSigner> {
        SIGNING_SCHEMES.contains(&scheme).then(|| RsaSigner {
            key: Arc::clone(&self.key),
            random: self.random,
            scheme,
        })
    }

    /// The modulus length in bits.
    pub fn modulus_bits(&self) -> usize {
        self.key.as_public_key().n_bits()
    }
}

/// A PKCS#8 key whose algorithm is `rsaEncryption`. The key loaders also
/// take `id-RSASSA-PSS` (as rsa 0.10 does), but such a key may only make
/// RSASSA-PSS signatures under its own parameters, while rustls signs
/// `rsa_pss_rsae_*` (and its `rsa_pss_pss_*` would need the parameters
/// honoured): refused here, as *ring*'s key provider does.
fn pkcs8_rsa_encryption(der: &[u8]) -> Result<SignKey, Error> {
    use der::Decode;
    let rejected =
        |e: &dyn fmt::Display| Error::General(alloc::format!("RSA PKCS#8 key rejected: {e}"));
    let info = pkcs8::PrivateKeyInfoRef::from_der(der).map_err(|e| rejected(&e))?;
    let oid = info.algorithm.oid;
    if oid != pkcs1::ALGORITHM_OID {
        let name = if oid == crate::ID_RSASSA_PSS {
            "id-RSASSA-PSS"
        } else {
            "not RSA"
        };
        return Err(Error::General(alloc::format!(
            "RSA PKCS#8 key rejected: algorithm {oid} ({name}), not rsaEncryption"
        )));
    }
    SignKey::try_from(info).map_err(|e| rejected(&e))
}

impl SigningKey for RsaSigningKey {
    fn choose_scheme(&self, offered: &[SignatureScheme]) -> Option<Box<dyn Signer>> {
        SIGNING_SCHEMES
            .iter()
            .find(|s| offered.contains(s))
            .and_then(|s| self.signer(*s))
            .map(|s| Box::new(s) as Box<dyn Signer>)
    }

    fn public_key(&self) -> Option<SubjectPublicKeyInfoDer<'_>> {
        Some(SubjectPublicKeyInfoDer::from(&self.spki[..]))
    }

    fn algorithm(&self) -> SignatureAlgorithm {
        SignatureAlgorithm::RSA
    }
}

/// One RSA signature scheme bound to a key (from
/// [`RsaSigningKey::signer`] or `choose_scheme`).
pub struct RsaSigner {
    key: Arc<SignKey>,
    random: Random,
    scheme: SignatureScheme,
}

impl fmt::Debug for RsaSigner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RsaSigner {{ scheme: {:?} }}", self.scheme)
    }
}

impl RsaSigner {
    fn pkcs1<D: Digest + AssociatedOid>(
        &self,
        message: &[u8],
        sig: &mut [u8],
    ) -> crate::Result<()> {
        let prefix = DigestInfoPrefix::new::<D>();
        let hashed = D::digest(message);
        pkcs1v15::sign_prehash_blinded_into(
            &*self.key,
            &mut Rng(self.random),
            prefix.as_bytes(),
            &hashed,
            sig,
        )
    }

    fn pss<D: Digest>(&self, message: &[u8], sig: &mut [u8]) -> crate::Result<()> {
        let hashed = D::digest(message);
        pss::sign_prehash_into::<_, D, _>(
            &*self.key,
            &mut Rng(self.random),
            &hashed,
            hashed.len(),
            sig,
        )
    }
}

impl Signer for RsaSigner {
    /// Signs `message` (hashed here) under the scheme: `k` bytes.
    ///
    /// # Errors
    /// [`Error::General`] if the key is too small for the scheme (PSS needs
    /// `k ≥ 2·hLen + 2`), the random generator failed, or a fault was
    /// detected in the private operation (no signature is released then).
    fn sign(&self, message: &[u8]) -> Result<Vec<u8>, Error> {
        let mut sig = vec![0u8; self.key.size()];
        let result = match self.scheme {
            SignatureScheme::RSA_PSS_SHA256 => self.pss::<Sha256>(message, &mut sig),
            SignatureScheme::RSA_PSS_SHA384 => self.pss::<Sha384>(message, &mut sig),
            SignatureScheme::RSA_PSS_SHA512 => self.pss::<Sha512>(message, &mut sig),
            SignatureScheme::RSA_PKCS1_SHA256 => self.pkcs1::<Sha256>(message, &mut sig),
            SignatureScheme::RSA_PKCS1_SHA384 => self.pkcs1::<Sha384>(message, &mut sig),
            SignatureScheme::RSA_PKCS1_SHA512 => self.pkcs1::<Sha512>(message, &mut sig),
            _ => Err(crate::Error::InvalidPaddingScheme),
        };
        result
            .map(|()| sig)
            .map_err(|e| Error::General(alloc::format!("RSA signing failed: {e}")))
    }

    fn scheme(&self) -> SignatureScheme {
        self.scheme
    }
}

/// A `rustls::crypto::KeyProvider` that loads RSA private keys (PKCS#1 or
/// PKCS#8 DER) into [`RsaSigningKey`]s, with randomness from the operating
/// system; any other key type is refused.
#[cfg(feature = "getrandom")]
#[derive(Debug, Default, Clone, Copy)]
pub struct RsaKeyProvider;

#[cfg(feature = "getrandom")]
impl rustls::crypto::KeyProvider for RsaKeyProvider {
    fn load_private_key(
        &self,
        key_der: PrivateKeyDer<'static>,
    ) -> Result<Arc<dyn SigningKey>, Error> {
        Ok(Arc::new(RsaSigningKey::new(&key_der)?))
    }
}
