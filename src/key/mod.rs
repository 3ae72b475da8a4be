//! RSA keys (RFC 8017 §3): storage, loading and validation, and the
//! private-key operation.
//!
//! * [`BoundedPublicKey`] / [`BoundedPrivateKey`] (`public.rs`,
//!   `private.rs`): fixed-capacity storage with no heap; loaded and
//!   validated in `load.rs`, on the checks of `validate.rs` that the heap
//!   keys share.
//! * `rsaep.rs` / `rsadp.rs`: RSAEP/RSAVP1 and RSADP/RSASP1 written once,
//!   over a borrowed view of any key's numbers.
//! * `capacity.rs`: the capacities of the fixed-capacity keys and the
//!   stack their operations cost (public as `crate::capacity`).
//! * `ops.rs`: the sealed traits [`PublicOps`] / [`PrivateOps`] the schemes
//!   run on, for every key type.
//! * with `alloc`, `heap/`: the drop-in [`PublicKey`](crate::PublicKey) /
//!   [`PrivateKey`](crate::PrivateKey) of `rsa` 0.10, over the same view.

pub mod capacity;
pub(crate) mod generate;
#[cfg(feature = "alloc")]
pub(crate) mod heap;
mod load;
pub(crate) mod ops;
mod private;
mod public;
pub(crate) mod rsadp;
pub(crate) mod rsaep;
mod validate;

#[cfg(test)]
mod tests;

pub use load::PrivateKeyComponents;
pub(crate) use ops::{rsaes_decrypt, rsaes_encrypt, rsassa_sign, rsassa_verdict};
pub use ops::{PrivateOps, PublicOps};
pub use private::BoundedPrivateKey;
#[cfg(feature = "alloc")]
pub(crate) use private::Component;
pub use public::BoundedPublicKey;

#[cfg(feature = "alloc")]
pub use heap::{PrivateKey, PublicKey};

use crate::errors::{Error, Result};

/// Smallest modulus the fixed-capacity keys accept at all, in bits, whatever
/// the size limits a caller passes.
pub const ABSOLUTE_MIN_SIZE: usize = 512;

/// Strips leading zero bytes (public data).
pub(crate) fn strip_leading_zeros(x: &[u8]) -> &[u8] {
    let first = x.iter().position(|&b| b != 0).unwrap_or(x.len());
    &x[first..]
}

/// Reads a public exponent of at most 64 bits.
pub(crate) fn exponent_from_be_bytes(e: &[u8]) -> Result<u64> {
    let e = strip_leading_zeros(e);
    if e.len() > 8 {
        return Err(Error::PublicExponentTooLarge);
    }
    Ok(e.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64))
}
