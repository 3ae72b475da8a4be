//! The legacy `BlindedSigningKey` name.

use super::SigningKey;
use crate::capacity::Max4096;

/// DEPRECATED: type alias for the legacy blinded signing key, as in `rsa`
/// 0.10. [`SigningKey`] always blinds its private operation with the
/// signing RNG.
#[deprecated(
    since = "0.1.0",
    note = "use `SigningKey`; it blinds with the signing RNG"
)]
pub type BlindedSigningKey<D, C = Max4096> = SigningKey<D, C>;
