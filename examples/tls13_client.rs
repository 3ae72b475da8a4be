//! A TLS 1.3 client (rustls) whose RSA signature verification is this
//! crate's: it connects to a server, verifies its certificate chain and its
//! `CertificateVerify` with `rsa_cortex_m::tls`, and reports what was
//! verified, by which algorithm, and the negotiated parameters.
//!
//! ```text
//! cargo run --release --features rustls --example tls13_client -- \
//!     127.0.0.1:4433 --ca tests/data/tls/b-root.pem [--name localhost] [--request]
//! ```
//!
//! The rustls crypto provider is *ring*'s for everything else (key
//! exchange, AEAD, HKDF); its signature verification algorithms are
//! replaced by this crate's RSA ones only, so a server with an ECDSA or
//! Ed25519 certificate is refused. See the README for an `openssl s_server`
//! line to try it against.

use std::cell::RefCell;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use rsa_cortex_m::pkcs1::DecodeRsaPublicKey;
use rsa_cortex_m::tls::{self, SignatureVerificationAlgorithm};
use rsa_cortex_m::{BoundedPublicKey, Max8192};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{AlgorithmIdentifier, CertificateDer, InvalidSignature, ServerName};
use rustls::{ClientConfig, RootCertStore, SignatureScheme};

/// One verification: algorithm, whether the message was the TLS 1.3 server
/// CertificateVerify input (RFC 8446 §4.4.3), the key's modulus bits,
/// verdict.
type Call = (&'static str, bool, usize, bool);

thread_local! {
    static CALLS: RefCell<Vec<Call>> = const { RefCell::new(Vec::new()) };
}

/// One of this crate's algorithms, with its calls recorded.
#[derive(Debug)]
struct Recorded(
    &'static &'static dyn SignatureVerificationAlgorithm,
    &'static str,
);

impl SignatureVerificationAlgorithm for Recorded {
    fn verify_signature(&self, key: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), InvalidSignature> {
        let result = self.0.verify_signature(key, msg, sig);
        let cv = msg.len() > 64
            && msg[..64].iter().all(|&b| b == 0x20)
            && msg[64..].starts_with(b"TLS 1.3, server CertificateVerify\0");
        let bits = BoundedPublicKey::<Max8192>::from_pkcs1_der(key).map_or(0, |k| k.n_bits());
        CALLS.with(|c| c.borrow_mut().push((self.1, cv, bits, result.is_ok())));
        result
    }
    fn public_key_alg_id(&self) -> AlgorithmIdentifier {
        self.0.public_key_alg_id()
    }
    fn signature_alg_id(&self) -> AlgorithmIdentifier {
        self.0.signature_alg_id()
    }
}

macro_rules! rec {
    ($name:ident) => {
        &Recorded(&tls::$name, stringify!($name))
    };
}

/// `tls::SUPPORTED_RSA_ALGORITHMS`, recorded.
static ALGORITHMS: WebPkiSupportedAlgorithms = WebPkiSupportedAlgorithms {
    all: &[
        rec!(RSA_PSS_2048_8192_SHA256_LEGACY_KEY),
        rec!(RSA_PSS_2048_8192_SHA384_LEGACY_KEY),
        rec!(RSA_PSS_2048_8192_SHA512_LEGACY_KEY),
        rec!(RSA_PKCS1_2048_8192_SHA256),
        rec!(RSA_PKCS1_2048_8192_SHA384),
        rec!(RSA_PKCS1_2048_8192_SHA512),
        rec!(RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS),
        rec!(RSA_PKCS1_2048_8192_SHA384_ABSENT_PARAMS),
        rec!(RSA_PKCS1_2048_8192_SHA512_ABSENT_PARAMS),
    ],
    mapping: &[
        (
            SignatureScheme::RSA_PSS_SHA512,
            &[rec!(RSA_PSS_2048_8192_SHA512_LEGACY_KEY)],
        ),
        (
            SignatureScheme::RSA_PSS_SHA384,
            &[rec!(RSA_PSS_2048_8192_SHA384_LEGACY_KEY)],
        ),
        (
            SignatureScheme::RSA_PSS_SHA256,
            &[rec!(RSA_PSS_2048_8192_SHA256_LEGACY_KEY)],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA512,
            &[rec!(RSA_PKCS1_2048_8192_SHA512)],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA384,
            &[rec!(RSA_PKCS1_2048_8192_SHA384)],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA256,
            &[rec!(RSA_PKCS1_2048_8192_SHA256)],
        ),
    ],
};

/// The TLS name of the scheme an algorithm verifies in CertificateVerify.
fn scheme_of(alg: &str) -> &'static str {
    match alg {
        "RSA_PSS_2048_8192_SHA256_LEGACY_KEY" => "rsa_pss_rsae_sha256",
        "RSA_PSS_2048_8192_SHA384_LEGACY_KEY" => "rsa_pss_rsae_sha384",
        "RSA_PSS_2048_8192_SHA512_LEGACY_KEY" => "rsa_pss_rsae_sha512",
        "RSA_PKCS1_2048_8192_SHA256" => "rsa_pkcs1_sha256",
        "RSA_PKCS1_2048_8192_SHA384" => "rsa_pkcs1_sha384",
        "RSA_PKCS1_2048_8192_SHA512" => "rsa_pkcs1_sha512",
        _ => "?",
    }
}

struct Args {
    addr: String,
    ca: String,
    name: Option<String>,
    request: bool,
}

fn args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let (mut addr, mut ca, mut name, mut request) = (None, None, None, false);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--ca" => ca = it.next(),
            "--name" => name = it.next(),
            "--request" => request = true,
            "-h" | "--help" => return Err(String::new()),
            _ if addr.is_none() && !a.starts_with('-') => addr = Some(a),
            _ => return Err(format!("unexpected argument {a:?}")),
        }
    }
    Ok(Args {
        addr: addr.ok_or("missing HOST:PORT")?,
        ca: ca.ok_or("missing --ca ROOT.pem (the trust anchor)")?,
        name,
        request,
    })
}

fn run(args: Args) -> Result<(), String> {
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_file_iter(&args.ca).map_err(|e| format!("{}: {e}", args.ca))? {
        let cert = cert.map_err(|e| format!("{}: {e}", args.ca))?;
        roots.add(cert).map_err(|e| format!("{}: {e}", args.ca))?;
    }
    let provider = CryptoProvider {
        signature_verification_algorithms: ALGORITHMS,
        ..rustls::crypto::ring::default_provider()
    };
    let config = ClientConfig::builder_with_provider(Arc::new(provider))
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let host = args.name.clone().unwrap_or_else(|| {
        args.addr
            .rsplit_once(':')
            .map_or(&args.addr[..], |h| h.0)
            .to_string()
    });
    let name = ServerName::try_from(host.clone()).map_err(|e| format!("{host}: {e}"))?;
    let mut conn =
        rustls::ClientConnection::new(Arc::new(config), name).map_err(|e| e.to_string())?;
    let mut sock = TcpStream::connect(&args.addr).map_err(|e| format!("{}: {e}", args.addr))?;
    sock.set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    sock.set_write_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    println!("connected to {} (server name {host})", args.addr);
    let mut failed = None;
    while conn.is_handshaking() {
        if let Err(e) = conn.complete_io(&mut sock) {
            failed = Some(e.to_string());
            break;
        }
    }
    let calls = CALLS.with(|c| c.borrow().clone());
    println!("RSA signatures verified by rsa-cortex-m (rsa_cortex_m::tls), in order:");
    for (alg, cv, bits, ok) in &calls {
        let what = if *cv {
            format!("CertificateVerify ({})", scheme_of(alg))
        } else {
            "certificate signature".to_string()
        };
        let verdict = if *ok { "valid" } else { "INVALID" };
        println!("  {what:<40} {alg:<40} {bits}-bit key  {verdict}");
    }
    if let Some(e) = failed {
        return Err(format!("handshake failed: {e}"));
    }
    let suite = conn
        .negotiated_cipher_suite()
        .ok_or("no cipher suite")?
        .suite();
    let version = conn.protocol_version().ok_or("no protocol version")?;
    println!("protocol: {version:?}, cipher suite: {suite:?}");
    match calls.iter().find(|c| c.1) {
        Some((alg, _, bits, true)) => println!(
            "negotiated signature scheme: {} (server key {bits} bits), verified by this crate",
            scheme_of(alg)
        ),
        _ => return Err("no CertificateVerify was verified by this crate".into()),
    }
    let certs = calls.iter().filter(|c| !c.1 && c.3).count();
    println!("certificate chain: {certs} RSA certificate signature(s) verified by this crate");
    let mut tls = rustls::Stream::new(&mut conn, &mut sock);
    if args.request {
        tls.write_all(format!("GET / HTTP/1.0\r\nHost: {host}\r\n\r\n").as_bytes())
            .map_err(|e| e.to_string())?;
        let mut reply = Vec::new();
        let _ = tls.read_to_end(&mut reply);
        let first = String::from_utf8_lossy(&reply);
        println!(
            "server replied: {}",
            first.lines().next().unwrap_or("(nothing)")
        );
    }
    conn.send_close_notify();
    let _ = conn.complete_io(&mut sock);
    Ok(())
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "usage: tls13_client HOST:PORT --ca ROOT.pem [--name SERVER_NAME] [--request]"
            );
            if e.is_empty() {
                return ExitCode::SUCCESS; // --help
            }
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
