//! `rsa` 0.10's API on rsa-cortex-m: this package exists only to carry the
//! name `rsa`, which `[patch.crates-io]` needs to replace RustCrypto `rsa`
//! 0.10 throughout a dependency tree. Everything is rsa-cortex-m's, re-exported
//! unchanged; see its README ("The whole dependency tree") for what the patch
//! can and cannot replace.
#![no_std]

pub use rsa_cortex_m::*;
