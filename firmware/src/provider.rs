//! A minimal rustls `CryptoProvider` for a TLS 1.3 client without std: one
//! cipher suite (`TLS13_AES_128_GCM_SHA256`), one key-exchange group
//! (X25519), this crate's RSA for every signature (`rsa_cortex_m::tls`),
//! RustCrypto for the rest (`sha2`, `hmac`, `aes-gcm`, `curve25519-dalek`),
//! and the host's `/dev/urandom` and clock through semihosting.
//!
//! rustls-rustcrypto, the published provider of this kind, is not used: it
//! depends on rsa 0.9 and the previous RustCrypto generation (digest 0.10,
//! aead 0.5), which cannot share types with this crate's digest 0.11.

use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec;
use core::sync::atomic::{AtomicUsize, Ordering};
use core::time::Duration;

use aes_gcm::aead::{self, AeadInOut, KeyInit};
use aes_gcm::Aes128Gcm;
use cortex_m_semihosting::{nr, syscall};
use curve25519_dalek::montgomery::MontgomeryPoint;
use hmac::{Hmac, Mac};
use rustls::crypto::cipher::{
    make_tls13_aad, AeadKey, InboundOpaqueMessage, InboundPlainMessage, Iv, MessageDecrypter,
    MessageEncrypter, Nonce, OutboundOpaqueMessage, OutboundPlainMessage, PrefixedPayload,
    Tls13AeadAlgorithm, UnsupportedOperationError,
};
use rustls::crypto::tls13::HkdfUsingHmac;
use rustls::crypto::{
    hash, hmac as rhmac, ActiveKeyExchange, CipherSuiteCommon, CryptoProvider, GetRandomFailed,
    KeyProvider, SecureRandom, SharedSecret, SupportedKxGroup,
};
use rustls::pki_types::{PrivateKeyDer, UnixTime};
use rustls::sign::SigningKey;
use rustls::time_provider::TimeProvider;
use rustls::{
    CipherSuite, ConnectionTrafficSecrets, ContentType, Error, NamedGroup, PeerMisbehaved,
    ProtocolVersion, SupportedCipherSuite, Tls13CipherSuite,
};
use sha2::{Digest, Sha256};
use zeroize::Zeroize;

#[path = "provider_kat.rs"]
pub mod kat;

/// The provider: everything static but the two vectors rustls asks for.
pub fn provider() -> CryptoProvider {
    CryptoProvider {
        cipher_suites: vec![TLS13_AES_128_GCM_SHA256],
        kx_groups: vec![&X25519],
        signature_verification_algorithms: rsa_cortex_m::tls::SUPPORTED_RSA_ALGORITHMS,
        secure_random: &HostRandom,
        key_provider: &NoKeys,
    }
}

/// RFC 8446 §B.4, the suite every TLS 1.3 implementation must offer.
pub static TLS13_AES_128_GCM_SHA256: SupportedCipherSuite =
    SupportedCipherSuite::Tls13(&Tls13CipherSuite {
        common: CipherSuiteCommon {
            suite: CipherSuite::TLS13_AES_128_GCM_SHA256,
            hash_provider: &Sha256Hash,
            // RFC 8446 §5.5 / the AEAD limits draft: 2^24.5 full records.
            confidentiality_limit: 1 << 23,
        },
        hkdf_provider: &HkdfUsingHmac(&HmacSha256),
        aead_alg: &Aes128GcmAead,
        quic: None,
    });

struct Sha256Hash;

impl hash::Hash for Sha256Hash {
    fn start(&self) -> Box<dyn hash::Context> {
        Box::new(Sha256Context(Sha256::new()))
    }

    fn hash(&self, data: &[u8]) -> hash::Output {
        hash::Output::new(&Sha256::digest(data))
    }

    fn output_len(&self) -> usize {
        32
    }

    fn algorithm(&self) -> rustls::crypto::hash::HashAlgorithm {
        rustls::crypto::hash::HashAlgorithm::SHA256
    }
}

struct Sha256Context(Sha256);

impl hash::Context for Sha256Context {
    fn fork_finish(&self) -> hash::Output {
        hash::Output::new(&self.0.clone().finalize())
    }

    fn fork(&self) -> Box<dyn hash::Context> {
        Box::new(Sha256Context(self.0.clone()))
    }

    fn finish(self: Box<Self>) -> hash::Output {
        hash::Output::new(&self.0.finalize())
    }

    fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }
}

struct HmacSha256;

impl rhmac::Hmac for HmacSha256 {
    fn with_key(&self, key: &[u8]) -> Box<dyn rhmac::Key> {
        // HMAC takes a key of any length (RFC 2104 §2): hashed when longer
        // than the block, so `new_from_slice` cannot fail here.
        let mac = match <Hmac<Sha256> as KeyInit>::new_from_slice(key) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC accepts every key length"),
        };
        Box::new(HmacSha256Key(mac))
    }

    fn hash_output_len(&self) -> usize {
        32
    }
}

struct HmacSha256Key(Hmac<Sha256>);

impl rhmac::Key for HmacSha256Key {
    fn sign_concat(&self, first: &[u8], middle: &[&[u8]], last: &[u8]) -> rhmac::Tag {
        let mut mac = self.0.clone();
        mac.update(first);
        for m in middle {
            mac.update(m);
        }
        mac.update(last);
        rhmac::Tag::new(&mac.finalize().into_bytes())
    }

    fn tag_len(&self) -> usize {
        32
    }
}

/// AES-128-GCM record protection (RFC 8446 §5.2): the inner content type
/// after the plaintext, the record header as additional data, the tag after
/// the ciphertext.
struct Aes128GcmAead;

const TAG_LEN: usize = 16;

impl Tls13AeadAlgorithm for Aes128GcmAead {
    fn encrypter(&self, key: AeadKey, iv: Iv) -> Box<dyn MessageEncrypter> {
        Box::new(GcmRecord {
            cipher: Aes128Gcm::new_from_slice(key.as_ref()).ok(),
            iv,
        })
    }

    fn decrypter(&self, key: AeadKey, iv: Iv) -> Box<dyn MessageDecrypter> {
        Box::new(GcmRecord {
            cipher: Aes128Gcm::new_from_slice(key.as_ref()).ok(),
            iv,
        })
    }

    fn key_len(&self) -> usize {
        16
    }

    fn extract_keys(
        &self,
        key: AeadKey,
        iv: Iv,
    ) -> Result<ConnectionTrafficSecrets, UnsupportedOperationError> {
        Ok(ConnectionTrafficSecrets::Aes128Gcm { key, iv })
    }
}

/// One direction's record key; `None` if rustls handed a key of the wrong
/// length (every record then fails rather than panicking).
struct GcmRecord {
    cipher: Option<Aes128Gcm>,
    iv: Iv,
}

impl MessageEncrypter for GcmRecord {
    fn encrypt(
        &mut self,
        msg: OutboundPlainMessage<'_>,
        seq: u64,
    ) -> Result<OutboundOpaqueMessage, Error> {
        let cipher = self.cipher.as_ref().ok_or(Error::EncryptError)?;
        let total_len = self.encrypted_payload_len(msg.payload.len());
        let mut payload = PrefixedPayload::with_capacity(total_len);
        payload.extend_from_chunks(&msg.payload);
        payload.extend_from_slice(&msg.typ.to_array());
        let nonce: aead::Nonce<Aes128Gcm> = Nonce::new(&self.iv, seq).0.into();
        let tag = cipher
            .encrypt_inout_detached(&nonce, &make_tls13_aad(total_len), payload.as_mut().into())
            .map_err(|_| Error::EncryptError)?;
        payload.extend_from_slice(&tag);
        Ok(OutboundOpaqueMessage::new(
            ContentType::ApplicationData,
            // RFC 8446 §5.1: the legacy record version.
            ProtocolVersion::TLSv1_2,
            payload,
        ))
    }

    fn encrypted_payload_len(&self, payload_len: usize) -> usize {
        payload_len + 1 + TAG_LEN
    }
}

impl MessageDecrypter for GcmRecord {
    fn decrypt<'a>(
        &mut self,
        mut msg: InboundOpaqueMessage<'a>,
        seq: u64,
    ) -> Result<InboundPlainMessage<'a>, Error> {
        let cipher = self.cipher.as_ref().ok_or(Error::DecryptError)?;
        let payload = &mut msg.payload;
        let len = payload.len();
        let ct_len = len.checked_sub(TAG_LEN).ok_or(Error::DecryptError)?;
        let nonce: aead::Nonce<Aes128Gcm> = Nonce::new(&self.iv, seq).0.into();
        let (ct, tag) = payload.split_at_mut(ct_len);
        let tag = aead::Tag::<Aes128Gcm>::try_from(&*tag).map_err(|_| Error::DecryptError)?;
        cipher
            .decrypt_inout_detached(&nonce, &make_tls13_aad(len), ct.into(), &tag)
            .map_err(|_| Error::DecryptError)?;
        payload.truncate(ct_len);
        msg.into_tls13_unpadded_message()
    }
}

/// X25519 (RFC 7748) on curve25519-dalek's Montgomery ladder.
#[derive(Debug)]
struct X25519Group;

static X25519: X25519Group = X25519Group;

impl SupportedKxGroup for X25519Group {
    fn start(&self) -> Result<Box<dyn ActiveKeyExchange>, Error> {
        let mut secret = [0u8; 32];
        HostRandom.fill(&mut secret)?;
        let share = X25519Share::from_secret(secret);
        secret.zeroize();
        Ok(Box::new(share))
    }

    fn name(&self) -> NamedGroup {
        NamedGroup::X25519
    }
}

struct X25519Share {
    secret: [u8; 32],
    public: [u8; 32],
}

impl X25519Share {
    fn from_secret(secret: [u8; 32]) -> Self {
        let public = MontgomeryPoint::mul_base_clamped(secret).to_bytes();
        Self { secret, public }
    }
}

impl Drop for X25519Share {
    fn drop(&mut self) {
        self.secret.zeroize();
    }
}

impl ActiveKeyExchange for X25519Share {
    fn complete(self: Box<Self>, peer_pub_key: &[u8]) -> Result<SharedSecret, Error> {
        let peer: [u8; 32] = peer_pub_key
            .try_into()
            .map_err(|_| Error::from(PeerMisbehaved::InvalidKeyShare))?;
        let mut shared = MontgomeryPoint(peer).mul_clamped(self.secret).to_bytes();
        // RFC 8446 §7.4.2: an all-zero shared secret (a small-order peer
        // point) aborts; checked without a data-dependent branch per byte.
        let zero = shared.iter().fold(0u8, |acc, b| acc | b) == 0;
        let result = if zero {
            Err(PeerMisbehaved::InvalidKeyShare.into())
        } else {
            Ok(SharedSecret::from(&shared[..]))
        };
        shared.zeroize();
        result
    }

    fn pub_key(&self) -> &[u8] {
        &self.public
    }

    fn group(&self) -> NamedGroup {
        NamedGroup::X25519
    }
}

/// Host file handle of `/dev/urandom` (semihosting `SYS_OPEN`), opened once.
static URANDOM: AtomicUsize = AtomicUsize::new(usize::MAX);

/// The host's `/dev/urandom` read through semihosting (QEMU with
/// `-semihosting-config target=native` opens host files).
#[derive(Debug)]
pub struct HostRandom;

impl SecureRandom for HostRandom {
    fn fill(&self, buf: &mut [u8]) -> Result<(), GetRandomFailed> {
        let mut fd = URANDOM.load(Ordering::Relaxed);
        if fd == usize::MAX {
            const PATH: &[u8] = b"/dev/urandom\0";
            // SAFETY: SYS_OPEN reads the NUL-terminated name and its length.
            fd = unsafe { syscall!(OPEN, PATH.as_ptr(), nr::open::R_BINARY, PATH.len() - 1) };
            if fd == usize::MAX {
                return Err(GetRandomFailed);
            }
            URANDOM.store(fd, Ordering::Relaxed);
        }
        let mut done = 0;
        while done < buf.len() {
            let want = buf.len() - done;
            // SAFETY: SYS_READ writes at most `want` bytes into the buffer;
            // it returns the number of bytes not read.
            let left = unsafe { syscall!(READ, fd, buf[done..].as_mut_ptr(), want) };
            if left >= want {
                return Err(GetRandomFailed);
            }
            done += want - left;
        }
        Ok(())
    }
}

/// The host's clock (semihosting `SYS_TIME`, seconds since 1970).
#[derive(Debug)]
pub struct HostTime;

impl TimeProvider for HostTime {
    fn current_time(&self) -> Option<UnixTime> {
        // SAFETY: SYS_TIME takes no argument.
        let secs = unsafe { syscall!(TIME) };
        Some(UnixTime::since_unix_epoch(Duration::from_secs(secs as u64)))
    }
}

/// A client without a certificate of its own loads no private key.
#[derive(Debug)]
struct NoKeys;

impl KeyProvider for NoKeys {
    fn load_private_key(
        &self,
        _key_der: PrivateKeyDer<'static>,
    ) -> Result<Arc<dyn SigningKey>, Error> {
        Err(Error::General("this client loads no private key".into()))
    }
}
