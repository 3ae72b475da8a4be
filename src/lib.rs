#![no_std]
//! RSA (RFC 8017) with the RustCrypto `rsa` 0.10 API, on this crate's own
//! constant-time Montgomery arithmetic: Thumb-2 UMAAL assembly on
//! ARMv7E-M (Cortex-M4/M7) and ARMv8-M Mainline with DSP (Cortex-M33),
//! portable Rust everywhere else.
//!
//! **Features first:** `rsa`'s API (`PrivateKey`, `PublicKey`, the heap
//! scheme types and `traits`) is the `alloc` feature, on by default and
//! brought in by every one of `rsa`'s feature names. With
//! `default-features = false` and no feature it is configured out (the
//! compiler then reports those items as missing): add `features =
//! ["alloc"]` (`rsa` 0.10 stays heap-backed with `default-features = false`;
//! this crate does not). Without it the crate is the no-heap core:
//! [`BoundedPrivateKey`] / [`BoundedPublicKey`] loaded from DER, the typed
//! `pkcs1v15::Bounded*`, `pss::Bounded*`, `oaep::Bounded*` keys and the
//! slice-in/slice-out scheme functions (second example below).
//!
//! Code written against `rsa` 0.10 switches by changing the crate path:
//!
//! ```
//! # #[cfg(feature = "alloc")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use rsa_cortex_m::pkcs8::DecodePrivateKey;
//! use rsa_cortex_m::{Pkcs1v15Sign, PrivateKey, Pss};
//! use sha2::{Digest, Sha256};
//!
//! let der = include_bytes!("../tests/data/fixtures/rsa2048/private.pkcs8.der");
//! let key = PrivateKey::from_pkcs8_der(der)?;
//! let digest = Sha256::digest(b"firmware image");
//! let sig = key.sign(Pkcs1v15Sign::new::<Sha256>(), &digest)?;
//! key.as_public_key().verify(Pkcs1v15Sign::new::<Sha256>(), &digest, &sig)?;
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "alloc"))]
//! # fn main() {}
//! ```
//!
//! The no-heap core (`default-features = false`, no feature), for devices:
//!
//! ```
//! use rsa_cortex_m::spki::DecodePublicKey;
//! use rsa_cortex_m::{pss, BoundedPublicKey, Max2048};
//! use sha2::{Digest, Sha256};
//!
//! let spki = include_bytes!("../tests/data/fixtures/rsa2048/public.spki.der");
//! let sig = include_bytes!("../tests/data/fixtures/rsa2048/sig.pss.sha256.salt32.bin");
//! let msg = include_bytes!("../tests/data/fixtures/rsa2048/msg.bin");
//! let key = BoundedPublicKey::<Max2048>::from_public_key_der(spki)?;
//! pss::verify_prehash::<_, Sha256>(&key, &Sha256::digest(msg), sig, Some(32))?;
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! A device that acts on the outcome (a bootloader) decides on the encoded
//! [`Verdict`] instead of a `Result` (`verify_prehash_verdict`,
//! `verify_verdict`), compared twice against [`Verdict::VALID`]: see its
//! docs and `examples/embedded-verify`.
//!
//! # Layout
//!
//! Data flows one way: bytes → key / representative → arithmetic → bytes.
//!
//! * [`arith`]: limbs, Montgomery multiplication, exponentiation, CRT; the
//!   kernel seam (`mul`, `sqr`, `redc`, `redc_lazy`, `select`) behind which the
//!   assembly and the portable kernels sit.
//! * [`BoundedPrivateKey`] / [`BoundedPublicKey`]: keys in fixed-capacity
//!   storage ([`capacity`]), loaded through the `pkcs1`, `pkcs8` and `spki`
//!   traits and validated on load; RSADP (RFC 8017 §5.1.2) written once,
//!   for both layers.
//! * `PrivateKey` / `PublicKey` (with `alloc`): `rsa` 0.10's heap keys,
//!   operating through a borrowed view on the same arithmetic.
//! * [`pkcs1v15`], [`pss`], [`oaep`]: one module per scheme, each with its
//!   padding, no-heap functions on caller buffers (`*_into`, generic over
//!   [`PrivateOps`] / [`PublicOps`], so either layer's keys), the `Bounded*`
//!   typed keys and, with `alloc`, `rsa`'s scheme types.
//! * [`hazmat`]: raw modular exponentiation for other protocols.
//!
//! # Kernels and flash
//!
//! On ARMv7E-M and ARMv8-M Mainline with DSP the arithmetic runs in UMAAL
//! assembly, one of two kernel sets chosen when the crate is compiled: the
//! `compact` set (generic loops, each kernel in its own linker section)
//! when the profile's `opt-level` is `"s"` or `"z"`, the `fast` set
//! (unrolled paths for the 1024- to 4096-bit operand lengths) otherwise; `RUSTFLAGS='--cfg rsa_cortex_m_kernels="compact"'`
//! (or `"fast"`) overrides the choice. The repository's
//! `examples/embedded-verify` is a no-heap Cortex-M4 verifier to start
//! from; the README's "What to choose" and "Footprint" sections give the
//! flash, stack and cycles of each choice.
//!
//! # Constant time
//!
//! No branch, loop bound or memory address depends on the private key, the
//! message representative or the padding's validity: private-key
//! exponentiation uses fixed 4-bit windows over every exponent bit and a
//! table select that reads all entries; every CRT result is checked
//! against the public exponent before it leaves the function. The portable
//! kernels rely on the target's 32×32→64 multiply being constant time,
//! which is **not** the case on Cortex-M3 (`UMULL`/`UMLAL` terminate early):
//! there the default `armv6m` backend uses `MUL` on 16-bit halves instead
//! (`ci/m3-ct`; the heap types' `crypto-bigint` code is not covered);
//! sizes (of the modulus, of `p` and `q`) are treated as public.
//!
//! # Features
//!
//! `rsa` 0.10's names, meaning what they mean there: `std`, `encoding`
//! (PEM) and `getrandom` (the system RNG: `sign`/`decrypt` blind with it)
//! by default; `hazmat`, `pkcs1v15` (PKCS#1 v1.5 is always compiled),
//! `pkcs5`, `serde`, `sha1`. Each brings in `alloc`, the drop-in layer.
//! This crate's own, all opt-in: `rsa` converts between this crate's keys
//! and `rsa` 0.10's; `webpki` (no heap) adds the `tls` module's
//! rustls-webpki verification algorithms, `rustls` its rustls signing key.
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod arith;
mod blinding;
pub use key::capacity;
mod ct;
mod encoding;
pub mod errors;
pub mod hazmat;
mod key;
mod mgf;
pub mod oaep;
pub mod pkcs1v15;
pub mod pss;
mod signature_type;
mod signing_key_traits;
mod storage;
#[cfg(test)]
mod test_support;
#[cfg(feature = "webpki")]
pub mod tls;
#[cfg(feature = "alloc")]
pub mod traits;
mod verdict;
mod verifier_traits;
mod wipe;

pub use capacity::{Capacity, Max1024, Max2048, Max3072, Max4096, Max8192};
pub use encoding::ID_RSASSA_PSS;
pub use errors::{Error, Result};
pub use key::{BoundedPrivateKey, BoundedPublicKey, PrivateKeyComponents, PrivateOps, PublicOps};
pub use storage::{KeyStorage, PrivateKeyStorage};
#[doc(hidden)]
pub use storage::{SignatureBytes, SignatureTypes};
pub use verdict::Verdict;
#[cfg(feature = "alloc")]
pub use {
    crypto_bigint::BoxedUint,
    key::{PrivateKey, PublicKey},
    oaep::Oaep,
    pkcs1v15::{Pkcs1v15Encrypt, Pkcs1v15Sign},
    pss::Pss,
    traits::CrtValue,
};

/// Deprecated alias for [`PrivateKey`], as in `rsa` 0.10.
#[cfg(feature = "alloc")]
#[deprecated(since = "0.1.0", note = "use `PrivateKey` instead")]
pub type RsaPrivateKey = PrivateKey;

/// Deprecated alias for [`PublicKey`], as in `rsa` 0.10.
#[cfg(feature = "alloc")]
#[deprecated(since = "0.1.0", note = "use `PublicKey` instead")]
pub type RsaPublicKey = PublicKey;
pub use {pkcs1, pkcs8, rand_core, sha2, signature, spki};

/// Key generation from an RNG (as `rsa::Generate`), implemented for the key types.
pub use crypto_common::Generate;

#[cfg(feature = "rsa")]
mod interop;
