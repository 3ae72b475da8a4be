//! Helpers shared by the unit tests (`cfg(test)` only).

extern crate std;

use std::{string::String, vec::Vec};

/// The bytes of a hex string written with spaces and line breaks, as the
/// standard vectors print them.
pub(crate) fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s.split_whitespace().collect::<String>()).unwrap()
}

/// A generator that only returns zeros.
pub(crate) struct ZeroRng;

impl rand_core::TryRng for ZeroRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> core::result::Result<u32, Self::Error> {
        Ok(0)
    }
    fn try_next_u64(&mut self) -> core::result::Result<u64, Self::Error> {
        Ok(0)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> core::result::Result<(), Self::Error> {
        dst.fill(0);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for ZeroRng {}
