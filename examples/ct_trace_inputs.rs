//! Makes the PKCS#1 v1.5 ciphertexts of the instruction-trace check
//! (`ci/ct-trace`, `firmware/src/bin/ct_trace.rs`) and writes them to
//! `tests/data/ct-trace/`; run once, the output is committed:
//!
//! ```text
//! cargo run --release --example ct_trace_inputs
//! ```
//!
//! For each of the three keys per size (1024, 2048, 3072, 4096 bits) five ciphertexts:
//! two with valid padding (48-byte messages, a TLS premaster secret's
//! length) and three with invalid padding (a random representative; block
//! type 01 instead of 02; no zero separator). Decryption with implicit
//! rejection returns a message for all five, and the length of that message
//! is public by design (the caller copies that many bytes). So that the
//! trace can be compared over the whole call, copy included, every invalid
//! ciphertext is searched (random padding bytes, deterministic seed) until
//! its synthetic message is 48 bytes long too: all fifteen inputs of a size
//! then have the same public output and any difference in the traces can
//! only come from secret data.
//!
//! Each ciphertext is written as `<key>.ct<i>.bin` (k bytes, big-endian),
//! with `<key>.msg<i>.bin` holding the expected 48-byte output of the valid
//! ones (checked by the firmware).
use rand::{RngExt, SeedableRng};
use rsa_cortex_m::pkcs1::DecodeRsaPrivateKey;
use rsa_cortex_m::{pkcs1v15, BoundedPrivateKey, Max4096};

type PrivateKey = BoundedPrivateKey<Max4096>;
use std::fs;
use std::path::Path;

const LEN: usize = 48;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let out = root.join("ct-trace");
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x7ace);
    // 3072, then 1024 (the reduced set of `ci/ct-trace --quick`) last, so
    // that adding each left the earlier outputs unchanged.
    for bits in [2048usize, 4096, 3072, 1024] {
        let keys = [
            (
                format!("rsa{bits}_0"),
                root.join(format!("fixtures/rsa{bits}/private.pkcs1.der")),
            ),
            (
                format!("rsa{bits}_1"),
                out.join(format!("rsa{bits}_1.pkcs1.der")),
            ),
            (
                format!("rsa{bits}_2"),
                out.join(format!("rsa{bits}_2.pkcs1.der")),
            ),
        ];
        for (name, path) in keys {
            let key = PrivateKey::from_pkcs1_der(&fs::read(&path).unwrap()).unwrap();
            let k = key.size();
            assert_eq!(k * 8, bits);
            let mut pt = vec![0u8; k];
            for i in 0..5 {
                let mut ct = vec![0u8; k];
                let mut tries = 0u32;
                loop {
                    tries += 1;
                    if i < 2 {
                        let msg: Vec<u8> = (0..LEN).map(|_| rng.random()).collect();
                        pkcs1v15::encrypt_into(key.as_public_key(), &mut rng, &msg, &mut ct)
                            .unwrap();
                        fs::write(out.join(format!("{name}.msg{i}.bin")), &msg).unwrap();
                    } else {
                        // EM = 00 || BT || PS || (00 || M), broken per case.
                        let mut em = vec![0u8; k];
                        for b in em.iter_mut() {
                            *b = rng.random_range(1..=255);
                        }
                        em[0] = 0;
                        match i {
                            2 => em[0] = rng.random_range(1..=255), // random representative
                            3 => {
                                em[1] = 1; // block type 01
                                em[k - LEN - 1] = 0;
                            }
                            _ => em[1] = 2, // 02, but no zero separator
                        }
                        if i == 2 && em[0] >= 0x80 {
                            em[0] &= 0x3f; // keep the representative below n
                        }
                        if key.as_public_key().raw_public(&em, &mut ct).is_err() {
                            continue;
                        }
                    }
                    let len = pkcs1v15::decrypt_into(&key, &ct, &mut pt).unwrap();
                    if len == LEN {
                        break;
                    }
                    assert!(i >= 2, "a valid ciphertext decrypted to {len} bytes");
                }
                fs::write(out.join(format!("{name}.ct{i}.bin")), &ct).unwrap();
                println!("{name} ct{i}: {tries} tries");
            }
        }
    }
}
