//! The call depth of one signature and one verification through rsa's
//! traits (`ci/frames` runs this debug build under gdb with breakpoints on
//! the arithmetic kernels and counts this crate's frames at each hit):
//! PKCS#1 v1.5, SHA-256, a 2048-bit key, default features.

use rsa_cortex_m::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::signature::{Keypair, Signer, Verifier};
use rsa_cortex_m::PrivateKey;
use sha2::Sha256;

fn main() {
    let der = include_bytes!("../tests/data/fixtures/rsa2048/private.pkcs8.der");
    let msg = include_bytes!("../tests/data/fixtures/rsa2048/msg.bin");
    let key = PrivateKey::from_pkcs8_der(der).expect("fixture key");
    let signing = SigningKey::<Sha256>::new(key);
    let verifying: VerifyingKey<Sha256> = signing.verifying_key();
    frames_mark(1);
    let sig: Signature = signing.sign(msg);
    frames_mark(2);
    verifying.verify(msg, &sig).expect("own signature verifies");
    frames_mark(3);
}

/// A breakpoint target between the phases (1: sign, 2: verify, 3: done).
#[inline(never)]
fn frames_mark(phase: u32) {
    std::hint::black_box(phase);
}
