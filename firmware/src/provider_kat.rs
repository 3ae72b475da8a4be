//! Known answers for the provider's parts, run on the device before the
//! handshake (the handshake with OpenSSL tests them together; these say
//! which part is wrong). Expected values: RFC 6234's SHA-256 "abc",
//! RFC 4231 test case 2 (HMAC-SHA-256), RFC 5869 test case 1 (HKDF-SHA-256),
//! RFC 7748 §6.1 (X25519), and one TLS 1.3 record (AES-128-GCM, RFC 8446
//! §5.2) sealed by Python's `cryptography` (OpenSSL) on the host.
use alloc::boxed::Box;

use cortex_m_semihosting::hprintln;
use rustls::crypto::cipher::{
    InboundOpaqueMessage, Iv, MessageDecrypter, MessageEncrypter, OutboundChunks,
    OutboundPlainMessage,
};
use rustls::crypto::tls13::{Hkdf, HkdfUsingHmac};
use rustls::crypto::{hash::Hash, hmac::Hmac, ActiveKeyExchange};
use rustls::{ContentType, ProtocolVersion};

use super::{Aes128Gcm, GcmRecord, HmacSha256, KeyInit, Sha256Hash, X25519Share};

const fn nibble(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => panic!("not a hex digit"),
    }
}

/// `N` bytes from `2N` lower-case hex digits, at compile time.
const fn hex<const N: usize>(s: &str) -> [u8; N] {
    let s = s.as_bytes();
    assert!(s.len() == 2 * N);
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = nibble(s[2 * i]) << 4 | nibble(s[2 * i + 1]);
        i += 1;
    }
    out
}

const SHA256_ABC: [u8; 32] =
    hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
const HMAC_JEFE: [u8; 32] = hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
const HKDF_OKM: [u8; 42] =
    hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
const ALICE_SK: [u8; 32] = hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
const ALICE_PK: [u8; 32] = hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
const BOB_PK: [u8; 32] = hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
const SHARED: [u8; 32] = hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
/// Key 00..0f, IV 20..2b, sequence number 1, "hello, tls" as application
/// data: the record's header and ciphertext with tag.
const RECORD: [u8; 5 + 27] =
    hex("170303001b7ddb007600a7fbd38b31feef5ba0aa944e69e58db07c5a3a90ff7f");

fn sha256() -> bool {
    let one = Sha256Hash.hash(b"abc");
    let mut ctx = Sha256Hash.start();
    ctx.update(b"ab");
    let mut fork = ctx.fork();
    fork.update(b"c");
    ctx.update(b"c");
    one.as_ref() == SHA256_ABC
        && fork.finish().as_ref() == SHA256_ABC
        && ctx.finish().as_ref() == SHA256_ABC
}

fn hmac() -> bool {
    let key = HmacSha256.with_key(b"Jefe");
    key.sign_concat(b"what do ya", &[b" want ", b"for"], b" nothing?")
        .as_ref()
        == HMAC_JEFE
}

fn hkdf() -> bool {
    let salt: [u8; 13] = hex("000102030405060708090a0b0c");
    let info: [u8; 10] = hex("f0f1f2f3f4f5f6f7f8f9");
    let mut okm = [0u8; 42];
    HkdfUsingHmac(&HmacSha256)
        .extract_from_secret(Some(&salt), &[0x0b; 22])
        .expand_slice(&[&info], &mut okm)
        .is_ok()
        && okm == HKDF_OKM
}

fn x25519() -> bool {
    let share = Box::new(X25519Share::from_secret(ALICE_SK));
    let public_ok = share.pub_key() == ALICE_PK;
    let shared_ok = share
        .complete(&BOB_PK)
        .is_ok_and(|s| s.secret_bytes() == SHARED);
    // A small-order point (all zero) gives the all-zero secret: refused.
    let zero_refused = Box::new(X25519Share::from_secret(ALICE_SK))
        .complete(&[0; 32])
        .is_err();
    let short_refused = Box::new(X25519Share::from_secret(ALICE_SK))
        .complete(&BOB_PK[..31])
        .is_err();
    public_ok && shared_ok && zero_refused && short_refused
}

fn record() -> bool {
    let key: [u8; 16] = hex("000102030405060708090a0b0c0d0e0f");
    let iv: [u8; 12] = hex("202122232425262728292a2b");
    let record = |key: &[u8]| GcmRecord {
        cipher: Aes128Gcm::new_from_slice(key).ok(),
        iv: Iv::from(iv),
    };
    let plain = || OutboundPlainMessage {
        typ: ContentType::ApplicationData,
        version: ProtocolVersion::TLSv1_2,
        payload: OutboundChunks::Single(b"hello, tls"),
    };
    let sealed = record(&key).encrypt(plain(), 1).map(|m| m.encode());
    let sealed_ok = sealed.as_deref() == Ok(&RECORD[..]);

    let open = |seq: u64, flip: Option<usize>| {
        let mut buf = RECORD;
        if let Some(i) = flip {
            buf[i] ^= 1;
        }
        let msg = InboundOpaqueMessage::new(
            ContentType::ApplicationData,
            ProtocolVersion::TLSv1_2,
            &mut buf[5..],
        );
        record(&key)
            .decrypt(msg, seq)
            .is_ok_and(|m| m.typ == ContentType::ApplicationData && m.payload == b"hello, tls")
    };
    let opened = open(1, None);
    let refused = !open(2, None) && !open(1, Some(5)) && !open(1, Some(RECORD.len() - 1));
    // A key of the wrong length fails every record instead of panicking.
    let bad_key_refused = record(&[0; 32]).encrypt(plain(), 1).is_err();
    sealed_ok && opened && refused && bad_key_refused
}

fn check(name: &str, ok: bool) -> u32 {
    hprintln!("tls-kat {} {}", name, if ok { "ok" } else { "FAILED" });
    u32::from(!ok)
}

/// Runs every check; returns the number that failed.
pub fn run() -> u32 {
    check("sha256", sha256())
        + check("hmac-sha256", hmac())
        + check("hkdf-sha256", hkdf())
        + check("x25519", x25519())
        + check("aes128gcm-record", record())
}
