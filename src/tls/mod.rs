//! This crate's RSA in the Rust TLS stack: signature verification
//! algorithms for `rustls-webpki` and `rustls` (feature `webpki`) and a
//! `rustls` signing key (feature `rustls`).
//!
//! # Verification (feature `webpki`, no heap)
//!
//! Each static below implements
//! [`rustls_pki_types::SignatureVerificationAlgorithm`]: `rustls-webpki`
//! calls it for every certificate signature of a chain and `rustls` for the
//! peer's `CertificateVerify` (RFC 8446 §4.4.3). The names, the algorithm
//! identifiers and the key-size policy are those of the *ring* provider's
//! algorithms in `rustls-webpki` (`webpki::ring`), so swapping one for the
//! other changes which arithmetic runs and nothing else:
//!
//! | static | signature algorithm (RFC 4055 / RFC 8017) | TLS `SignatureScheme` | modulus |
//! |---|---|---|---|
//! | [`RSA_PKCS1_2048_8192_SHA256`] | `sha256WithRSAEncryption`, NULL parameters | `rsa_pkcs1_sha256` | 2048–8192 bits |
//! | [`RSA_PKCS1_2048_8192_SHA384`] | `sha384WithRSAEncryption`, NULL parameters | `rsa_pkcs1_sha384` | 2048–8192 bits |
//! | [`RSA_PKCS1_2048_8192_SHA512`] | `sha512WithRSAEncryption`, NULL parameters | `rsa_pkcs1_sha512` | 2048–8192 bits |
//! | [`RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS`] | `sha256WithRSAEncryption`, parameters absent | — | 2048–8192 bits |
//! | [`RSA_PKCS1_2048_8192_SHA384_ABSENT_PARAMS`] | `sha384WithRSAEncryption`, parameters absent | — | 2048–8192 bits |
//! | [`RSA_PKCS1_2048_8192_SHA512_ABSENT_PARAMS`] | `sha512WithRSAEncryption`, parameters absent | — | 2048–8192 bits |
//! | [`RSA_PKCS1_3072_8192_SHA384`] | `sha384WithRSAEncryption`, NULL parameters | — | 3072–8192 bits |
//! | [`RSA_PSS_2048_8192_SHA256_LEGACY_KEY`] | `id-RSASSA-PSS`, SHA-256, MGF1-SHA-256, salt 32 | `rsa_pss_rsae_sha256` | 2048–8192 bits |
//! | [`RSA_PSS_2048_8192_SHA384_LEGACY_KEY`] | `id-RSASSA-PSS`, SHA-384, MGF1-SHA-384, salt 48 | `rsa_pss_rsae_sha384` | 2048–8192 bits |
//! | [`RSA_PSS_2048_8192_SHA512_LEGACY_KEY`] | `id-RSASSA-PSS`, SHA-512, MGF1-SHA-512, salt 64 | `rsa_pss_rsae_sha512` | 2048–8192 bits |
//!
//! Every one takes an `rsaEncryption` public key
//! ([`rustls_pki_types::alg_id::RSA_ENCRYPTION`]). Keys of type
//! `id-RSASSA-PSS` (TLS 1.3 `rsa_pss_pss_*`, RFC 8446 §4.2.3) are **not**
//! supported, as in the *ring* and aws-lc-rs providers: a certificate whose
//! key is `id-RSASSA-PSS` matches none of these algorithms and `webpki`
//! reports it as an unsupported algorithm.
//!
//! ## Key-size and exponent policy
//!
//! The public key (`subjectPublicKey`, a DER `RSAPublicKey`, RFC 8017
//! §A.1.1) is accepted when, as in *ring* 0.17's `RsaParameters`:
//! * the modulus is odd, its DER integer minimal, and its length **rounded
//!   up to whole bytes** is at least the algorithm's minimum (2048 or 3072
//!   bits; so a 2041-bit modulus counts as 2048) and its exact bit length at
//!   most 8192;
//! * the public exponent is odd and `3 ≤ e ≤ 2³³ − 1`.
//!
//! aws-lc-rs compares the **exact** bit length with the range instead, so a
//! modulus of 2041 to 2047 bits is accepted by *ring* and by this crate and
//! rejected by aws-lc-rs; for every other key the three agree (a modulus
//! generated for 2048 bits has exactly 2048).
//!
//! The signature must be exactly `k` bytes long (`k` the modulus length in
//! bytes) and below the modulus (RFC 8017 §8.1.2 step 1, §8.2.2 step 1). PSS
//! verification requires a salt as long as the digest (RFC 8446 §4.2.3;
//! RFC 4055's parameters as encoded in the identifiers above).
//!
//! Every failure — a malformed or out-of-policy key, a signature of the
//! wrong length, a bad signature — is the one
//! [`InvalidSignature`] that the trait
//! allows; nothing panics and nothing is allocated. The key lives on the
//! stack in a [`BoundedPublicKey<Max8192>`](crate::BoundedPublicKey) with its
//! work area (the peak stack of a whole webpki chain verification on the
//! emulated Cortex-M4, with these and with [`max4096`]'s algorithms, is in
//! the README's device table).
//!
//! # A `rustls` provider with this crate's RSA
//!
//! ```
//! # #[cfg(all(feature = "rustls", feature = "getrandom"))] {
//! use std::sync::Arc;
//! use rustls::crypto::CryptoProvider;
//!
//! // ring for key exchange, AEAD and hashing; this crate for every RSA
//! // signature (certificates, CertificateVerify) and for loading RSA keys.
//! let provider = CryptoProvider {
//!     signature_verification_algorithms: rsa_cortex_m::tls::SUPPORTED_RSA_ALGORITHMS,
//!     key_provider: &rsa_cortex_m::tls::RsaKeyProvider,
//!     ..rustls::crypto::ring::default_provider()
//! };
//! let config = rustls::ClientConfig::builder_with_provider(Arc::new(provider))
//!     .with_protocol_versions(&[&rustls::version::TLS13])?
//!     .with_root_certificates(rustls::RootCertStore::empty())
//!     .with_no_client_auth();
//! # let _ = config;
//! # }
//! # Ok::<(), rustls::Error>(())
//! ```
//!
//! `SUPPORTED_RSA_ALGORITHMS` holds RSA only: a provider that must also
//! verify ECDSA or Ed25519 builds its own `WebPkiSupportedAlgorithms` from
//! [`RSA_ALGORITHMS`], `RSA_SCHEME_MAPPING` and the other provider's
//! entries (`examples/tls13_client.rs` builds one).
//!
//! # Signing (feature `rustls`)
//!
//! `RsaSigningKey` implements `rustls::sign::SigningKey` for an RSA private
//! key: RSASSA-PSS (`rsa_pss_rsae_sha*`, salt = digest length, the only
//! schemes TLS 1.3 allows for RSA, RFC 8446 §4.2.3 and §4.4.3) and
//! RSASSA-PKCS1-v1_5 (`rsa_pkcs1_sha*`, for TLS 1.2 and client
//! certificates), every private operation blinded and fault-checked.
//! `SUPPORTED_RSA_ALGORITHMS` is a `rustls::crypto::WebPkiSupportedAlgorithms`
//! with the statics above, and [`RSA_ALGORITHMS`] / `RSA_SCHEME_MAPPING`
//! its two halves for a provider that also needs other algorithms (ECDSA,
//! Ed25519) from elsewhere.

use core::fmt;
use core::marker::PhantomData;

use digest::const_oid::AssociatedOid;
use digest::Digest;
pub use rustls_pki_types::SignatureVerificationAlgorithm;
use rustls_pki_types::{alg_id, AlgorithmIdentifier, InvalidSignature};
use sha2::{Sha256, Sha384, Sha512};

use crate::capacity::Capacity;
use crate::pkcs1v15::{self, DigestInfoPrefix};
use crate::{pss, BoundedPublicKey, Max4096, Max8192};

#[cfg(feature = "rustls")]
mod sign;
#[cfg(all(feature = "rustls", feature = "getrandom"))]
pub use sign::RsaKeyProvider;
#[cfg(feature = "rustls")]
pub use sign::{RsaSigner, RsaSigningKey, RSA_SCHEME_MAPPING, SUPPORTED_RSA_ALGORITHMS};

/// Largest modulus accepted, in bits (as *ring*'s
/// `PUBLIC_KEY_PUBLIC_MODULUS_MAX_LEN`).
pub const MAX_MODULUS_BITS: usize = 8192;

/// The padding and hash of one algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    Pkcs1(Hash),
    Pss(Hash),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hash {
    Sha256,
    Sha384,
    Sha512,
}

/// An RSA signature verification algorithm running on this crate's
/// arithmetic, the public key held in a [`BoundedPublicKey<C>`] on the
/// stack; the statics of this module (`C` = [`Max8192`]) and of
/// [`max4096`] are the instances.
pub struct RsaVerification<C: Capacity = Max8192> {
    name: &'static str,
    public_key_alg_id: AlgorithmIdentifier,
    signature_alg_id: AlgorithmIdentifier,
    scheme: Scheme,
    min_modulus_bits: usize,
    capacity: PhantomData<fn() -> C>,
}

impl<C: Capacity> fmt::Debug for RsaVerification<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rsa_cortex_m::tls::{}", self.name)
    }
}

impl<C: Capacity> RsaVerification<C> {
    /// The smallest modulus this algorithm accepts, in bits (compared with
    /// the modulus length rounded up to whole bytes, as *ring* does).
    pub fn min_modulus_bits(&self) -> usize {
        self.min_modulus_bits
    }

    /// The largest modulus accepted, in bits: [`MAX_MODULUS_BITS`], or the
    /// capacity `C` if smaller.
    pub fn max_modulus_bits(&self) -> usize {
        C::MAX_BITS.min(MAX_MODULUS_BITS)
    }

    /// Parses `public_key` (DER `RSAPublicKey`) under the policy of the
    /// module documentation. Not inlined: the work area of the key's
    /// precomputation is off the stack before the verification's is on.
    #[inline(never)]
    fn load_key(&self, public_key: &[u8]) -> crate::Result<BoundedPublicKey<C>> {
        use der::Decode;
        let key =
            pkcs1::RsaPublicKeyRef::from_der(public_key).map_err(|_| crate::Error::Verification)?;
        // A modulus whose length rounded up to bytes reaches the minimum:
        // at least `min − 7` bits.
        let min = self.min_modulus_bits - 7;
        BoundedPublicKey::from_be_bytes_with_size_limits(
            key.modulus.as_bytes(),
            key.public_exponent.as_bytes(),
            min..=self.max_modulus_bits(),
        )
    }

    fn verify(&self, public_key: &[u8], message: &[u8], signature: &[u8]) -> crate::Result<()> {
        let key = self.load_key(public_key)?;
        match self.scheme {
            Scheme::Pkcs1(Hash::Sha256) => verify_pkcs1::<C, Sha256>(&key, message, signature),
            Scheme::Pkcs1(Hash::Sha384) => verify_pkcs1::<C, Sha384>(&key, message, signature),
            Scheme::Pkcs1(Hash::Sha512) => verify_pkcs1::<C, Sha512>(&key, message, signature),
            Scheme::Pss(Hash::Sha256) => verify_pss::<C, Sha256>(&key, message, signature),
            Scheme::Pss(Hash::Sha384) => verify_pss::<C, Sha384>(&key, message, signature),
            Scheme::Pss(Hash::Sha512) => verify_pss::<C, Sha512>(&key, message, signature),
        }
    }
}

fn verify_pkcs1<C: Capacity, D: Digest + AssociatedOid>(
    key: &BoundedPublicKey<C>,
    message: &[u8],
    signature: &[u8],
) -> crate::Result<()> {
    let prefix = DigestInfoPrefix::new::<D>();
    let hashed = D::digest(message);
    pkcs1v15::verify_prehash(key, prefix.as_bytes(), &hashed, signature)
}

fn verify_pss<C: Capacity, D: Digest>(
    key: &BoundedPublicKey<C>,
    message: &[u8],
    signature: &[u8],
) -> crate::Result<()> {
    let hashed = D::digest(message);
    pss::verify_prehash::<_, D>(key, &hashed, signature, Some(hashed.len()))
}

impl<C: Capacity> SignatureVerificationAlgorithm for RsaVerification<C> {
    /// Verifies `signature` over `message` (hashed here) with `public_key`,
    /// the contents of the `subjectPublicKey` BIT STRING (a DER
    /// `RSAPublicKey`).
    ///
    /// # Errors
    /// [`InvalidSignature`] for a key outside the policy of the module
    /// documentation or malformed, a signature not exactly `k` bytes long or
    /// not below `n`, or one that does not verify.
    fn verify_signature(
        &self,
        public_key: &[u8],
        message: &[u8],
        signature: &[u8],
    ) -> Result<(), InvalidSignature> {
        self.verify(public_key, message, signature)
            .map_err(|_| InvalidSignature)
    }

    fn public_key_alg_id(&self) -> AlgorithmIdentifier {
        self.public_key_alg_id
    }

    fn signature_alg_id(&self) -> AlgorithmIdentifier {
        self.signature_alg_id
    }
}

/// The contents of `AlgorithmIdentifier { sha*WithRSAEncryption }` without
/// parameters: the OID (1.2.840.113549.1.1.11 / .12 / .13) alone.
const ABSENT_SHA256: [u8; 11] = absent_params(11);
const ABSENT_SHA384: [u8; 11] = absent_params(12);
const ABSENT_SHA512: [u8; 11] = absent_params(13);

const fn absent_params(last_arc: u8) -> [u8; 11] {
    [
        0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, last_arc,
    ]
}

/// Defines the ten algorithms and the two lists for capacity `$cap`, with
/// the modulus bound `$max` in their documentation.
macro_rules! algorithms {
    ($cap:ty, $max:literal,
     $pkcs1_256:ident, $pkcs1_384:ident, $pkcs1_512:ident,
     $pkcs1_256_absent:ident, $pkcs1_384_absent:ident, $pkcs1_512_absent:ident,
     $pkcs1_3072_384:ident,
     $pss_256:ident, $pss_384:ident, $pss_512:ident) => {
        algorithms!(@one $cap, $pkcs1_256, alg_id::RSA_PKCS1_SHA256, Scheme::Pkcs1(Hash::Sha256), 2048,
            concat!("RSASSA-PKCS1-v1_5 with SHA-256 (`sha256WithRSAEncryption`, RFC 4055 §5, \
                     NULL parameters), keys of 2048–", $max, " bits; TLS `rsa_pkcs1_sha256`."));
        algorithms!(@one $cap, $pkcs1_384, alg_id::RSA_PKCS1_SHA384, Scheme::Pkcs1(Hash::Sha384), 2048,
            concat!("RSASSA-PKCS1-v1_5 with SHA-384 (`sha384WithRSAEncryption`, NULL parameters), \
                     keys of 2048–", $max, " bits; TLS `rsa_pkcs1_sha384`."));
        algorithms!(@one $cap, $pkcs1_512, alg_id::RSA_PKCS1_SHA512, Scheme::Pkcs1(Hash::Sha512), 2048,
            concat!("RSASSA-PKCS1-v1_5 with SHA-512 (`sha512WithRSAEncryption`, NULL parameters), \
                     keys of 2048–", $max, " bits; TLS `rsa_pkcs1_sha512`."));
        algorithms!(@one $cap, $pkcs1_256_absent, AlgorithmIdentifier::from_slice(&ABSENT_SHA256),
            Scheme::Pkcs1(Hash::Sha256), 2048,
            concat!("RSASSA-PKCS1-v1_5 with SHA-256 for an identifier whose parameters are absent \
                     instead of NULL, which RFC 4055 §5 says implementations MUST accept; keys of \
                     2048–", $max, " bits."));
        algorithms!(@one $cap, $pkcs1_384_absent, AlgorithmIdentifier::from_slice(&ABSENT_SHA384),
            Scheme::Pkcs1(Hash::Sha384), 2048,
            concat!("RSASSA-PKCS1-v1_5 with SHA-384, parameters absent (RFC 4055 §5); keys of \
                     2048–", $max, " bits."));
        algorithms!(@one $cap, $pkcs1_512_absent, AlgorithmIdentifier::from_slice(&ABSENT_SHA512),
            Scheme::Pkcs1(Hash::Sha512), 2048,
            concat!("RSASSA-PKCS1-v1_5 with SHA-512, parameters absent (RFC 4055 §5); keys of \
                     2048–", $max, " bits."));
        algorithms!(@one $cap, $pkcs1_3072_384, alg_id::RSA_PKCS1_SHA384, Scheme::Pkcs1(Hash::Sha384), 3072,
            concat!("RSASSA-PKCS1-v1_5 with SHA-384 for keys of 3072–", $max, " bits."));
        algorithms!(@one $cap, $pss_256, alg_id::RSA_PSS_SHA256, Scheme::Pss(Hash::Sha256), 2048,
            concat!("RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt (RFC 4055 §3.1 \
                     parameters, as RFC 8446 §4.2.3 fixes them), for keys of type `rsaEncryption` \
                     (the \"legacy\" key type, RFC 4055 §1.2) of 2048–", $max, " bits; TLS \
                     `rsa_pss_rsae_sha256`."));
        algorithms!(@one $cap, $pss_384, alg_id::RSA_PSS_SHA384, Scheme::Pss(Hash::Sha384), 2048,
            concat!("RSASSA-PSS with SHA-384, MGF1-SHA-384, 48-byte salt, `rsaEncryption` keys of \
                     2048–", $max, " bits; TLS `rsa_pss_rsae_sha384`."));
        algorithms!(@one $cap, $pss_512, alg_id::RSA_PSS_SHA512, Scheme::Pss(Hash::Sha512), 2048,
            concat!("RSASSA-PSS with SHA-512, MGF1-SHA-512, 64-byte salt, `rsaEncryption` keys of \
                     2048–", $max, " bits; TLS `rsa_pss_rsae_sha512`."));

        /// The algorithms of this module that the *ring* provider of
        /// `rustls` puts in its `WebPkiSupportedAlgorithms::all` (every one
        /// but the 3072-bit PKCS#1 SHA-384); the order is not significant.
        pub static RSA_ALGORITHMS: &[&dyn SignatureVerificationAlgorithm] = &[
            $pss_256, $pss_384, $pss_512, $pkcs1_256, $pkcs1_384, $pkcs1_512,
            $pkcs1_256_absent, $pkcs1_384_absent, $pkcs1_512_absent,
        ];

        /// Every algorithm of this module: [`RSA_ALGORITHMS`] and the
        /// 3072-bit PKCS#1 SHA-384.
        pub static ALL_RSA_ALGORITHMS: &[&dyn SignatureVerificationAlgorithm] = &[
            $pss_256, $pss_384, $pss_512, $pkcs1_256, $pkcs1_384, $pkcs1_512,
            $pkcs1_256_absent, $pkcs1_384_absent, $pkcs1_512_absent, $pkcs1_3072_384,
        ];
    };
    (@one $cap:ty, $name:ident, $sig_alg_id:expr, $scheme:expr, $min:literal, $doc:expr) => {
        #[doc = $doc]
        pub static $name: &dyn SignatureVerificationAlgorithm = &RsaVerification::<$cap> {
            name: stringify!($name),
            public_key_alg_id: alg_id::RSA_ENCRYPTION,
            signature_alg_id: $sig_alg_id,
            scheme: $scheme,
            min_modulus_bits: $min,
            capacity: PhantomData,
        };
    };
}

algorithms!(
    Max8192,
    "8192",
    RSA_PKCS1_2048_8192_SHA256,
    RSA_PKCS1_2048_8192_SHA384,
    RSA_PKCS1_2048_8192_SHA512,
    RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS,
    RSA_PKCS1_2048_8192_SHA384_ABSENT_PARAMS,
    RSA_PKCS1_2048_8192_SHA512_ABSENT_PARAMS,
    RSA_PKCS1_3072_8192_SHA384,
    RSA_PSS_2048_8192_SHA256_LEGACY_KEY,
    RSA_PSS_2048_8192_SHA384_LEGACY_KEY,
    RSA_PSS_2048_8192_SHA512_LEGACY_KEY
);

/// The same algorithms for moduli of at most **4096** bits, in a
/// [`BoundedPublicKey<Max4096>`](crate::BoundedPublicKey): the same
/// identifiers and lower bounds as the parent module's, keys of 4097–8192
/// bits rejected (unlike *ring*), and less stack per verification (the
/// README's device table) — for a device whose peers' keys are known not to
/// exceed 4096 bits.
pub mod max4096 {
    use super::*;

    algorithms!(
        Max4096,
        "4096",
        RSA_PKCS1_2048_4096_SHA256,
        RSA_PKCS1_2048_4096_SHA384,
        RSA_PKCS1_2048_4096_SHA512,
        RSA_PKCS1_2048_4096_SHA256_ABSENT_PARAMS,
        RSA_PKCS1_2048_4096_SHA384_ABSENT_PARAMS,
        RSA_PKCS1_2048_4096_SHA512_ABSENT_PARAMS,
        RSA_PKCS1_3072_4096_SHA384,
        RSA_PSS_2048_4096_SHA256_LEGACY_KEY,
        RSA_PSS_2048_4096_SHA384_LEGACY_KEY,
        RSA_PSS_2048_4096_SHA512_LEGACY_KEY
    );
}
