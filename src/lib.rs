#![no_std]
#![doc = "RSA (RFC 8017) with the RustCrypto `rsa` 0.10 API on constant-time Montgomery arithmetic."]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod arith;
pub mod capacity;
mod encoding;
pub mod errors;
pub mod hazmat;
mod key;
#[cfg(feature = "alloc")]
mod methods;
mod mgf;
pub mod oaep;
pub mod pkcs1v15;
pub mod pss;
pub mod traits;

pub use capacity::{Capacity, Max1024, Max2048, Max3072, Max4096, Max8192};
pub use encoding::ID_RSASSA_PSS;
pub use errors::{Error, Result};
pub use key::{
    BoundedPrivateKey, BoundedPublicKey, PrivateKey, PrivateKeyComponents, PublicKey,
    RsaPrivateKey, RsaPublicKey,
};
pub use {pkcs1, pkcs8, spki};
