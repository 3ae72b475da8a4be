#![no_std]
//! RSA (RFC 8017) with the RustCrypto `rsa` 0.10 API, on this crate's own
//! constant-time Montgomery arithmetic: Thumb-2 UMAAL assembly on
//! ARMv7E-M (Cortex-M4/M7) and ARMv8-M Mainline with DSP (Cortex-M33),
//! portable Rust everywhere else.
//!
//! Code written against `rsa` 0.10 switches by changing the crate path:
//!
//! ```
//! use rsa_cortex_m::pkcs8::DecodePrivateKey;
//! use rsa_cortex_m::{Pkcs1v15Sign, PrivateKey, Pss};
//! use sha2::{Digest, Sha256};
//!
//! let der = include_bytes!("../tests/data/fixtures/rsa2048/private.pkcs8.der");
//! let key = PrivateKey::from_pkcs8_der(der)?;
//! let digest = Sha256::digest(b"firmware image");
//! let sig = key.sign(Pkcs1v15Sign::new::<Sha256>(), &digest)?;
//! key.as_public_key().verify(Pkcs1v15Sign::new::<Sha256>(), &digest, &sig)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! Data flows one way: bytes → key / representative → arithmetic → bytes.
//!
//! * [`arith`]: limbs, Montgomery multiplication, exponentiation, CRT; the
//!   four-kernel seam (`mul`, `sqr`, `redc`, `select`) behind which the
//!   assembly and the portable kernels sit.
//! * [`PrivateKey`] / [`PublicKey`]: keys in fixed-capacity storage
//!   ([`capacity`]), loaded through the `pkcs1`, `pkcs8` and `spki` traits
//!   and validated on load.
//! * [`pkcs1v15`], [`pss`], [`oaep`]: one module per scheme, each with
//!   no-heap functions on caller buffers (`*_into`) and the `rsa`-style types.
//! * [`hazmat`]: raw modular exponentiation for other protocols.
//!
//! # Constant time
//!
//! No branch, loop bound or memory address depends on the private key, the
//! message representative or the padding's validity: private-key
//! exponentiation uses fixed 4-bit windows over every exponent bit and a
//! table select that reads all entries; every CRT result is checked
//! against the public exponent before it leaves the function. The portable
//! kernels rely on the target's 32×32→64 multiply being constant time,
//! which is **not** the case on Cortex-M3 (`UMULL`/`UMLAL` terminate early);
//! sizes (of the modulus, of `p` and `q`) are treated as public.
//!
//! # Features
//!
//! `std` and `alloc` (default): `Vec`-returning conveniences; `pem`
//! (default): PEM decoding/encoding; `rsa` (default): implements
//! `rsa::traits::{RandomizedEncryptor, Decryptor, …}` for our keys and
//! conversions; `getrandom` (default): the system RNG for `pss_sign` and
//! friends; `sha2`: re-export of `sha2`. Without default features the crate
//! is `no_std` with no heap: keys, signatures and work areas live on the
//! stack, sized by the key's [`Capacity`].
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod arith;
mod blinding;
pub mod capacity;
mod encoding;
pub mod errors;
pub mod hazmat;
mod key;
mod keygen;
mod keygen_typed;
#[cfg(feature = "alloc")]
mod methods;
mod mgf;
pub mod oaep;
pub mod pkcs1v15;
pub mod pss;
mod signature_type;
mod signing_key_traits;
#[cfg(feature = "webpki")]
pub mod tls;
pub mod traits;
mod verifier_traits;

pub use capacity::{Capacity, Max1024, Max2048, Max3072, Max4096, Max8192};
pub use encoding::ID_RSASSA_PSS;
pub use errors::{Error, Result};
pub use key::{
    BoundedPrivateKey, BoundedPublicKey, PrivateKey, PrivateKeyComponents, PublicKey,
    RsaPrivateKey, RsaPublicKey,
};
#[cfg(feature = "alloc")]
pub use methods::BoxedUint;
pub use oaep::Oaep;
pub use pkcs1v15::{Pkcs1v15Encrypt, Pkcs1v15Sign};
pub use pss::Pss;
pub use {pkcs1, pkcs8, signature, spki};

/// Key generation from an RNG (as `rsa::Generate`), implemented for the key types.
#[cfg(feature = "rsa")]
pub use digest::common::Generate;

#[cfg(feature = "sha2")]
pub use sha2;

#[cfg(feature = "rsa")]
mod interop;
