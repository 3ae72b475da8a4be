#![no_std]
#![doc = "RSA (RFC 8017) with the RustCrypto `rsa` 0.10 API on constant-time Montgomery arithmetic."]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod arith;
pub mod errors;

pub use errors::{Error, Result};
