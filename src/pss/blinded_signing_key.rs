//! The legacy `BlindedSigningKey` name.

use super::SigningKey;
use crate::capacity::Max4096;

/// DEPRECATED: type alias for the legacy blinded signing key, as in `rsa`
/// 0.10. [`SigningKey`]'s private operation is constant time, so there is
/// nothing to blind.
#[deprecated(
    since = "0.1.0",
    note = "use `SigningKey`; the private operation is constant time"
)]
pub type BlindedSigningKey<D, C = Max4096> = SigningKey<D, C>;
