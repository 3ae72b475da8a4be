//! Real TLS 1.3 handshakes on 127.0.0.1 between `rustls` and the `openssl`
//! command-line tool, with this crate's RSA on the `rustls` side:
//!
//! * `openssl s_server -tls1_3` serving the chains of `tests/data/tls`, and a
//!   `rustls` client whose only signature verification algorithms are
//!   [`rsa_cortex_m::tls`]'s (key exchange and AEAD from *ring*): it verifies
//!   the certificate chain and the server's `CertificateVerify`;
//! * a `rustls` server signing `CertificateVerify` with
//!   [`rsa_cortex_m::tls::RsaSigningKey`] and `openssl s_client
//!   -verify_return_error` verifying it; the same in TLS 1.2 (ECDHE-RSA,
//!   `ServerKeyExchange` signed with RSASSA-PKCS1-v1_5);
//! * a `rustls` client presenting a client certificate, its
//!   `CertificateVerify` signed by this crate, to `openssl s_server -Verify 1`.
//!
//! Negative cases: a certificate signed by another key, RSA-PSS
//! certificates whose MGF1 hash or salt length differs from what the
//! identifier of its hash requires or whose signature was computed over
//! another hash than its identifier says, and a tampered
//! `CertificateVerify` (one bit flipped by the server's signer) must fail
//! the handshake with a `decrypt_error` alert (RFC 8446 §6.2), seen on both
//! sides.
//!
//! Needs the `openssl` binary; `ci/tls` installs it and runs these tests
//! (`--ignored`). Every process and socket is bounded in time.
#![cfg(all(feature = "rustls", feature = "getrandom"))]

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rsa_cortex_m::tls::{self, RsaSigningKey, SignatureVerificationAlgorithm};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{
    AlgorithmIdentifier, CertificateDer, InvalidSignature, PrivateKeyDer, PrivatePkcs8KeyDer,
};
use rustls::server::ResolvesServerCert;
use rustls::sign::{CertifiedKey, Signer, SigningKey};
use rustls::{AlertDescription, ClientConfig, Error, RootCertStore, ServerConfig, SignatureScheme};

const TIMEOUT: Duration = Duration::from_secs(30);

fn data(name: &str) -> String {
    format!("{}/tests/data/tls/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn der(name: &str) -> CertificateDer<'static> {
    CertificateDer::from(std::fs::read(data(&format!("{name}.der"))).unwrap())
}

// --- a record of every RSA verification the client made -----------------------------------------

thread_local! {
    /// (algorithm, message started with the TLS 1.3 server CertificateVerify
    /// context, verdict) for each call on this thread.
    static CALLS: RefCell<Vec<(&'static str, bool, bool)>> = const { RefCell::new(Vec::new()) };
}

/// One of this crate's algorithms, recording its calls.
#[derive(Debug)]
struct Recorded(
    &'static &'static dyn SignatureVerificationAlgorithm,
    &'static str,
);

impl SignatureVerificationAlgorithm for Recorded {
    fn verify_signature(&self, key: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), InvalidSignature> {
        let result = self.0.verify_signature(key, msg, sig);
        // RFC 8446 §4.4.3: 64 spaces, then the context string.
        let cv = msg.len() > 64
            && msg[..64].iter().all(|&b| b == 0x20)
            && msg[64..].starts_with(b"TLS 1.3, server CertificateVerify\0");
        CALLS.with(|c| c.borrow_mut().push((self.1, cv, result.is_ok())));
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

/// `tls::SUPPORTED_RSA_ALGORITHMS` with every algorithm recorded; no other
/// signature algorithm at all, so every signature the client verifies is
/// verified by this crate.
static RECORDED: WebPkiSupportedAlgorithms = WebPkiSupportedAlgorithms {
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

fn client_config(root: &str) -> Arc<ClientConfig> {
    client_config_auth(root, None)
}

/// [`client_config`], with a client certificate (`cert` issued by `int`,
/// key `key`) whose key rustls loads through `tls::RsaKeyProvider`.
fn client_config_auth(root: &str, auth: Option<(&str, &str, &str)>) -> Arc<ClientConfig> {
    let provider = CryptoProvider {
        signature_verification_algorithms: RECORDED,
        key_provider: &tls::RsaKeyProvider,
        ..rustls::crypto::ring::default_provider()
    };
    let mut roots = RootCertStore::empty();
    roots.add(der(root)).unwrap();
    let builder = ClientConfig::builder_with_provider(Arc::new(provider))
        .with_protocol_versions(&[&rustls::version::TLS13])
        .unwrap()
        .with_root_certificates(roots);
    Arc::new(match auth {
        None => builder.with_no_client_auth(),
        Some((cert, int, key)) => builder
            .with_client_auth_cert(vec![der(cert), der(int)], pkcs8(key))
            .unwrap(),
    })
}

// --- processes, bounded -------------------------------------------------------------------------

/// A child process killed when dropped, its output collected by threads.
struct Proc {
    child: Child,
    output: Arc<Mutex<String>>,
    readers: Vec<thread::JoinHandle<()>>,
}

impl Proc {
    fn spawn(args: &[&str], stdin: Stdio) -> Proc {
        let mut child = Command::new("openssl")
            .args(args)
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("openssl not found: install it (ci/tls does)");
        let output = Arc::new(Mutex::new(String::new()));
        let mut readers = Vec::new();
        let out: Box<dyn Read + Send> = Box::new(child.stdout.take().unwrap());
        let err: Box<dyn Read + Send> = Box::new(child.stderr.take().unwrap());
        for stream in [out, err] {
            let output = Arc::clone(&output);
            readers.push(thread::spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    let mut o = output.lock().unwrap();
                    o.push_str(&line);
                    o.push('\n');
                }
            }));
        }
        Proc {
            child,
            output,
            readers,
        }
    }

    fn output(&self) -> String {
        self.output.lock().unwrap().clone()
    }

    /// Waits until the output contains `what`, at most [`TIMEOUT`].
    fn wait_for(&self, what: &str) {
        let start = Instant::now();
        while !self.output().contains(what) {
            assert!(
                start.elapsed() < TIMEOUT,
                "no {what:?} from openssl:\n{}",
                self.output()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the process to end (killing it after [`TIMEOUT`]) and
    /// returns its whole output.
    fn finish(mut self) -> String {
        let start = Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            if start.elapsed() > TIMEOUT {
                let _ = self.child.kill();
                break;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.wait();
        for r in self.readers.drain(..) {
            let _ = r.join();
        }
        self.output()
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A free port on 127.0.0.1.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

// --- rustls client against openssl s_server -----------------------------------------------------

struct ClientRun {
    result: Result<(), Error>,
    suite: Option<String>,
    server: String,
    calls: Vec<(&'static str, bool, bool)>,
}

/// `openssl s_server` (TLS 1.3 only, one connection, signing
/// CertificateVerify with one of `sigalgs`) serving `leaf` with `chain`; a
/// rustls client trusting `root` connects as "localhost", sends a
/// line and reads the reply.
fn client_against_s_server(
    root: &str,
    chain: &str,
    leaf: &str,
    key: &str,
    sigalgs: &str,
) -> ClientRun {
    client_against_s_server_with(client_config(root), chain, leaf, key, sigalgs, &[])
}

/// [`client_against_s_server`] with a client configuration and more
/// `s_server` arguments.
fn client_against_s_server_with(
    config: Arc<ClientConfig>,
    chain: &str,
    leaf: &str,
    key: &str,
    sigalgs: &str,
    extra: &[&str],
) -> ClientRun {
    let port = free_port().to_string();
    let accept = format!("127.0.0.1:{port}");
    let (cert, key, chain) = (
        data(&format!("{leaf}.pem")),
        data(&format!("{key}.key.pem")),
        data(&format!("{chain}.pem")),
    );
    let server = Proc::spawn(
        &[
            &[
                "s_server",
                "-accept",
                &accept,
                "-tls1_3",
                "-naccept",
                "1",
                "-cert",
                &cert,
                "-key",
                &key,
                "-cert_chain",
                &chain,
                "-sigalgs",
                sigalgs,
                "-rev",
            ][..],
            extra,
        ]
        .concat(),
        Stdio::null(),
    );
    server.wait_for("ACCEPT");
    CALLS.with(|c| c.borrow_mut().clear());
    let name = "localhost".try_into().unwrap();
    let mut conn = rustls::ClientConnection::new(config, name).unwrap();
    let mut sock = TcpStream::connect(("127.0.0.1", port.parse::<u16>().unwrap())).unwrap();
    sock.set_read_timeout(Some(TIMEOUT)).unwrap();
    sock.set_write_timeout(Some(TIMEOUT)).unwrap();
    let mut result = Ok(());
    while conn.is_handshaking() {
        if let Err(e) = conn.complete_io(&mut sock) {
            result = Err(match e.into_inner().map(|e| e.downcast::<Error>()) {
                Some(Ok(e)) => *e,
                other => Error::General(format!("{other:?}")),
            });
            break;
        }
    }
    let suite = conn
        .negotiated_cipher_suite()
        .map(|s| format!("{:?}", s.suite()));
    if result.is_ok() {
        // s_server -rev answers each line reversed.
        let mut tls = rustls::Stream::new(&mut conn, &mut sock);
        tls.write_all(b"rsa-cortex-m\n").unwrap();
        let mut reply = [0u8; 13];
        tls.read_exact(&mut reply).unwrap();
        assert_eq!(&reply, b"m-xetroc-asr\n");
        conn.send_close_notify();
        let _ = conn.complete_io(&mut sock);
    }
    drop(sock);
    let calls = CALLS.with(|c| c.borrow().clone());
    ClientRun {
        result,
        suite,
        server: server.finish(),
        calls,
    }
}

fn leaf_bits(leaf: &str) -> usize {
    // The modulus length of the leaf's key, from openssl (independent of us).
    let out = Command::new("openssl")
        .args([
            "x509",
            "-noout",
            "-text",
            "-in",
            &data(&format!("{leaf}.pem")),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text.lines().find(|l| l.contains("Public-Key:")).unwrap();
    line.split('(')
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
#[ignore = "needs the openssl binary; run by ci/tls"]
fn rustls_client_verifies_openssl_server_with_this_crate() {
    const A: [&str; 2] = ["RSA_PKCS1_2048_8192_SHA256", "RSA_PKCS1_2048_8192_SHA384"];
    const B: [&str; 2] = [
        "RSA_PSS_2048_8192_SHA512_LEGACY_KEY",
        "RSA_PSS_2048_8192_SHA256_LEGACY_KEY",
    ];
    // (chain, the algorithms of its two certificate signatures as webpki
    // checks them: the intermediate's, then the leaf's; the scheme
    // s_server is allowed for CertificateVerify, and the one expected.)
    for (root, int, leaf, cert_algs, sigalgs, cv_alg) in [
        (
            "a-root",
            "a-int",
            "a-leaf",
            A,
            "rsa_pss_rsae_sha256",
            "RSA_PSS_2048_8192_SHA256_LEGACY_KEY",
        ),
        (
            "a-root",
            "a-int",
            "a-leaf",
            A,
            "rsa_pss_rsae_sha384",
            "RSA_PSS_2048_8192_SHA384_LEGACY_KEY",
        ),
        (
            "b-root",
            "b-int",
            "b-leaf",
            B,
            "rsa_pss_rsae_sha512",
            "RSA_PSS_2048_8192_SHA512_LEGACY_KEY",
        ),
        (
            "b-root",
            "b-int",
            "b-leaf",
            B,
            "rsa_pss_rsae_sha256",
            "RSA_PSS_2048_8192_SHA256_LEGACY_KEY",
        ),
    ] {
        let run = client_against_s_server(root, int, leaf, leaf, sigalgs);
        assert!(
            run.result.is_ok(),
            "{leaf}: {:?}\n{}",
            run.result,
            run.server
        );
        // Every RSA signature the client verified went through this crate:
        // the intermediate's, the leaf's (as webpki checks them), then CertificateVerify.
        let certs: Vec<_> = run.calls.iter().filter(|c| !c.1).map(|c| c.0).collect();
        assert_eq!(certs, cert_algs, "{leaf}");
        let cv: Vec<_> = run.calls.iter().filter(|c| c.1).collect();
        assert_eq!(cv.len(), 1, "{leaf}: {:?}", run.calls);
        assert!(run.calls.iter().all(|c| c.2));
        assert_eq!(cv[0].0, cv_alg, "{leaf} {sigalgs}");
        println!(
            "handshake ok: rustls client (rsa-cortex-m verification) <- openssl s_server -tls1_3: \
             chain {root} -> {int} -> {leaf}, leaf key {} bits, suite {}, CertificateVerify {}, \
             certificate signatures {:?}",
            leaf_bits(leaf),
            run.suite.as_deref().unwrap_or("?"),
            cv[0].0,
            certs
        );
    }
}

/// Every TLS 1.3 RSA scheme for rsaEncryption keys.
const ALL_PSS: &str = "rsa_pss_rsae_sha256:rsa_pss_rsae_sha384:rsa_pss_rsae_sha512";

/// The alert s_server reports having received, as openssl prints it.
fn received_alert(out: &str) -> Option<&str> {
    out.lines().find(|l| l.contains("alert")).map(str::trim)
}

#[test]
#[ignore = "needs the openssl binary; run by ci/tls"]
fn rustls_client_rejects_bad_certificates_with_decrypt_error() {
    for (root, int, leaf, key, why) in [
        (
            "a-root",
            "a-int",
            "a-leaf-otherkey",
            "a-leaf",
            "certificate signed by another key",
        ),
        (
            "b-root",
            "b-int",
            "b-leaf-pss-mgf1",
            "b-leaf",
            "RSA-PSS certificate, MGF1 hash differs",
        ),
        (
            "b-root",
            "b-int",
            "b-leaf-pss-salt20",
            "b-leaf",
            "RSA-PSS certificate, salt length differs",
        ),
        (
            "b-root",
            "b-int",
            "b-leaf-pss-hash384",
            "b-leaf",
            "RSA-PSS SHA-256 certificate signed over SHA-384",
        ),
    ] {
        let run = client_against_s_server(root, int, leaf, key, ALL_PSS);
        let err = run.result.as_ref().expect_err(leaf);
        assert!(
            matches!(err, Error::InvalidCertificate(_)),
            "{leaf}: {err:?}"
        );
        // rustls sends decrypt_error (51) for both a bad signature and an
        // unsupported signature algorithm; openssl reports receiving it.
        let alert = received_alert(&run.server)
            .unwrap_or_else(|| panic!("{leaf}: no alert:\n{}", run.server));
        assert!(
            alert.contains("decrypt error") && alert.contains("alert number 51"),
            "{leaf}: {alert}"
        );
        assert!(
            !run.calls.iter().any(|c| c.1),
            "{leaf}: no CertificateVerify after a bad chain"
        );
        // The error without webpki's list of supported identifiers.
        let err = format!("{err:?}");
        let err = err.split(" {").next().unwrap();
        println!("rejected ({why}): {leaf}: client error {err}; openssl s_server: {alert}");
    }
}

// --- rustls server, openssl s_client ------------------------------------------------------------

/// Flips one bit of every signature of the wrapped key.
#[derive(Debug)]
struct Tampering(RsaSigningKey);

#[derive(Debug)]
struct TamperingSigner(Box<dyn Signer>);

impl SigningKey for Tampering {
    fn choose_scheme(&self, offered: &[SignatureScheme]) -> Option<Box<dyn Signer>> {
        self.0
            .choose_scheme(offered)
            .map(|s| Box::new(TamperingSigner(s)) as Box<dyn Signer>)
    }
    fn algorithm(&self) -> rustls::SignatureAlgorithm {
        self.0.algorithm()
    }
}

impl Signer for TamperingSigner {
    fn sign(&self, message: &[u8]) -> Result<Vec<u8>, Error> {
        let mut sig = self.0.sign(message)?;
        let last = sig.len() - 1;
        sig[last] ^= 1;
        Ok(sig)
    }
    fn scheme(&self) -> SignatureScheme {
        self.0.scheme()
    }
}

#[derive(Debug)]
struct Fixed(Arc<CertifiedKey>);

impl ResolvesServerCert for Fixed {
    fn resolve(&self, _: rustls::server::ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(Arc::clone(&self.0))
    }
}

struct ServerRun {
    result: Result<(), Error>,
    client: String,
}

/// A rustls server (TLS 1.3 only) with `key` signing CertificateVerify for
/// the chain `leaf`, `int`, and `openssl s_client -verify_return_error`
/// trusting `root` and offering the schemes `sigalgs`.
fn s_client_against_rustls(
    sigalgs: &str,
    root: &str,
    int: &str,
    leaf: &str,
    key: ServerKey,
) -> ServerRun {
    s_client_against_rustls_version(false, sigalgs, root, int, leaf, key)
}

/// [`s_client_against_rustls`] in TLS 1.2 (`tls12`) or TLS 1.3.
fn s_client_against_rustls_version(
    tls12: bool,
    sigalgs: &str,
    root: &str,
    int: &str,
    leaf: &str,
    key: ServerKey,
) -> ServerRun {
    let chain = vec![der(leaf), der(int)];
    let version = if tls12 {
        &rustls::version::TLS12
    } else {
        &rustls::version::TLS13
    };
    let builder = |provider| {
        ServerConfig::builder_with_provider(Arc::new(provider))
            .with_protocol_versions(&[version])
            .unwrap()
            .with_no_client_auth()
    };
    let config = Arc::new(match key {
        ServerKey::Signing(key) => builder(rustls::crypto::ring::default_provider())
            .with_cert_resolver(Arc::new(Fixed(Arc::new(CertifiedKey::new(chain, key))))),
        // The drop-in: ring's provider with this crate's key provider, the
        // key loaded by rustls itself from DER.
        ServerKey::Provider(name) => builder(CryptoProvider {
            key_provider: &tls::RsaKeyProvider,
            ..rustls::crypto::ring::default_provider()
        })
        .with_single_cert(chain, pkcs8(name))
        .unwrap(),
    });
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = thread::spawn(move || -> Result<(), Error> {
        let (mut sock, _) = listener.accept().unwrap();
        sock.set_read_timeout(Some(TIMEOUT)).unwrap();
        sock.set_write_timeout(Some(TIMEOUT)).unwrap();
        let mut conn = rustls::ServerConnection::new(config).unwrap();
        while conn.is_handshaking() {
            if let Err(e) = conn.complete_io(&mut sock) {
                let e = match e.into_inner().map(|e| e.downcast::<Error>()) {
                    Some(Ok(e)) => *e,
                    other => Error::General(format!("{other:?}")),
                };
                return Err(e);
            }
        }
        // The client's Finished, then its alert or close: read to the end.
        let mut tls = rustls::Stream::new(&mut conn, &mut sock);
        let _ = tls.write_all(b"hello from rustls\n");
        let mut buf = Vec::new();
        match tls.read_to_end(&mut buf) {
            Err(e) => match e.into_inner().map(|e| e.downcast::<Error>()) {
                Some(Ok(e)) => Err(*e),
                _ => Ok(()),
            },
            Ok(_) => Ok(()),
        }
    });
    let connect = format!("127.0.0.1:{port}");
    let ca = data(&format!("{root}.pem"));
    // stdin stays open until the server's line arrives (or s_client ends
    // by itself, as it does on a failed handshake): closing it ends s_client.
    let mut client = Proc::spawn(
        &[
            "s_client",
            "-connect",
            &connect,
            if tls12 { "-tls1_2" } else { "-tls1_3" },
            "-CAfile",
            &ca,
            "-verify_return_error",
            "-servername",
            "localhost",
            "-verify_hostname",
            "localhost",
            "-sigalgs",
            sigalgs,
        ],
        Stdio::piped(),
    );
    let start = Instant::now();
    while !client.output().contains("hello from rustls")
        && client.child.try_wait().unwrap().is_none()
        && start.elapsed() < TIMEOUT
    {
        thread::sleep(Duration::from_millis(20));
    }
    drop(client.child.stdin.take());
    let client = client.finish();
    let result = server.join().unwrap();
    ServerRun { result, client }
}

/// The key the rustls server signs with.
enum ServerKey {
    /// A signing key given to rustls as is.
    Signing(Arc<dyn SigningKey>),
    /// The PKCS#8 key file of this name, loaded by rustls through
    /// `tls::RsaKeyProvider` (`ServerConfig::with_single_cert`).
    Provider(&'static str),
}

fn pkcs8(key: &str) -> PrivateKeyDer<'static> {
    let der = std::fs::read(data(&format!("{key}.key.der"))).unwrap();
    PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(der))
}

fn load(key: &str) -> ServerKey {
    ServerKey::Signing(Arc::new(RsaSigningKey::new(&pkcs8(key)).unwrap()))
}

fn tampering(key: &str) -> ServerKey {
    ServerKey::Signing(Arc::new(Tampering(
        RsaSigningKey::new(&pkcs8(key)).unwrap(),
    )))
}

fn field<'a>(out: &'a str, prefix: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.trim().strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no {prefix:?} in openssl's output:\n{out}"))
        .trim()
}

#[test]
#[ignore = "needs the openssl binary; run by ci/tls"]
fn openssl_client_verifies_this_crate_s_certificate_verify() {
    // (chain, leaf bits, the schemes s_client offers, the digest expected:
    // our key prefers the longest hash offered, as ring's does.)
    for (root, int, leaf, bits, sigalgs, digest) in [
        (
            "a-root",
            "a-int",
            "a-leaf",
            "2048",
            "rsa_pss_rsae_sha256",
            "SHA256",
        ),
        ("a-root", "a-int", "a-leaf", "2048", ALL_PSS, "SHA512"),
        (
            "b-root",
            "b-int",
            "b-leaf",
            "4096",
            "rsa_pss_rsae_sha384",
            "SHA384",
        ),
        ("b-root", "b-int", "b-leaf", "4096", ALL_PSS, "SHA512"),
    ] {
        // Half the runs load the key through rustls' own key loading.
        let key = if sigalgs == ALL_PSS {
            ServerKey::Provider(leaf)
        } else {
            load(leaf)
        };
        let run = s_client_against_rustls(sigalgs, root, int, leaf, key);
        assert!(
            run.result.is_ok(),
            "{leaf}: {:?}\n{}",
            run.result,
            run.client
        );
        let out = &run.client;
        assert_eq!(field(out, "Verify return code:"), "0 (ok)", "{out}");
        assert_eq!(field(out, "Verification:"), "OK", "{out}");
        assert_eq!(field(out, "Peer signature type:"), "RSA-PSS", "{out}");
        assert_eq!(field(out, "Peer signing digest:"), digest, "{out}");
        assert_eq!(
            field(out, "Server public key is"),
            format!("{bits} bit"),
            "{out}"
        );
        assert!(out.contains("hello from rustls"), "{out}");
        println!(
            "handshake ok: openssl s_client -verify_return_error <- rustls server (rsa-cortex-m signing): \
             chain {root} -> {int} -> {leaf}, {}, peer signing digest {}, signature type {}, server key {bits} bits",
            field(out, "New, TLSv1.3, Cipher is"),
            field(out, "Peer signing digest:"),
            field(out, "Peer signature type:"),
        );
    }
}

#[test]
#[ignore = "needs the openssl binary; run by ci/tls"]
fn openssl_client_rejects_tampered_certificate_verify_and_bad_certificate() {
    // A flipped bit in CertificateVerify's signature.
    let run = s_client_against_rustls(ALL_PSS, "a-root", "a-int", "a-leaf", tampering("a-leaf"));
    assert_eq!(
        run.result.as_ref().err(),
        Some(&Error::AlertReceived(AlertDescription::DecryptError)),
        "{}",
        run.client
    );
    assert!(!run.client.contains("hello from rustls"));
    println!(
        "rejected (tampered CertificateVerify, openssl client): rustls server got {:?}",
        run.result
    );
    // A leaf signed by another key.
    let run = s_client_against_rustls(
        ALL_PSS,
        "a-root",
        "a-int",
        "a-leaf-otherkey",
        load("a-leaf"),
    );
    assert_eq!(
        run.result.as_ref().err(),
        Some(&Error::AlertReceived(AlertDescription::DecryptError)),
        "{}",
        run.client
    );
    let reason = run
        .client
        .lines()
        .find(|l| l.contains("verify error"))
        .unwrap_or("?")
        .trim()
        .to_string();
    assert!(
        reason.contains("certificate signature failure"),
        "{}",
        run.client
    );
    println!("rejected (certificate signed by another key, openssl client): {reason}; rustls server got {:?}", run.result);
}

#[test]
#[ignore = "needs the openssl binary; run by ci/tls"]
fn rustls_client_rejects_tampered_certificate_verify() {
    // Our server signs with a flipped bit; our client (this crate's
    // verification) must refuse it with decrypt_error.
    let chain = vec![der("b-leaf"), der("b-int")];
    let key: Arc<dyn SigningKey> =
        Arc::new(Tampering(RsaSigningKey::new(&pkcs8("b-leaf")).unwrap()));
    let config = Arc::new(
        ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_protocol_versions(&[&rustls::version::TLS13])
            .unwrap()
            .with_no_client_auth()
            .with_cert_resolver(Arc::new(Fixed(Arc::new(CertifiedKey::new(chain, key))))),
    );
    let mut server = rustls::ServerConnection::new(config).unwrap();
    let mut client =
        rustls::ClientConnection::new(client_config("b-root"), "localhost".try_into().unwrap())
            .unwrap();
    CALLS.with(|c| c.borrow_mut().clear());
    // In memory: no socket needed for this one.
    let mut client_err = None;
    let mut server_err = None;
    for _ in 0..10 {
        let mut buf = Vec::new();
        client.write_tls(&mut buf).unwrap();
        if !buf.is_empty() {
            server.read_tls(&mut &buf[..]).unwrap();
            if let Err(e) = server.process_new_packets() {
                server_err.get_or_insert(e);
            }
        }
        let mut buf = Vec::new();
        server.write_tls(&mut buf).unwrap();
        if !buf.is_empty() {
            client.read_tls(&mut &buf[..]).unwrap();
            if let Err(e) = client.process_new_packets() {
                client_err.get_or_insert(e);
            }
        }
        if client_err.is_some() && server_err.is_some() {
            break;
        }
    }
    assert_eq!(
        client_err,
        Some(Error::InvalidCertificate(
            rustls::CertificateError::BadSignature
        ))
    );
    assert_eq!(
        server_err,
        Some(Error::AlertReceived(AlertDescription::DecryptError))
    );
    let calls = CALLS.with(|c| c.borrow().clone());
    // The chain verified, then CertificateVerify failed in this crate.
    assert!(calls.iter().any(|c| !c.1 && c.2));
    assert_eq!(
        calls
            .iter()
            .filter(|c| c.1)
            .map(|c| c.2)
            .collect::<Vec<_>>(),
        [false]
    );
    println!("rejected (tampered CertificateVerify, rustls client): client {client_err:?}, server {server_err:?}");
}

#[test]
#[ignore = "needs the openssl binary; run by ci/tls"]
fn openssl_server_verifies_this_crate_s_client_certificate() {
    // s_server requires a client certificate (-Verify 1) chaining to a-root;
    // the rustls client's CertificateVerify is signed by this crate (key
    // loaded by rustls through tls::RsaKeyProvider).
    let ca = data("a-root.pem");
    let config = client_config_auth("b-root", Some(("a-client", "a-int", "a-leaf")));
    let run = client_against_s_server_with(
        config,
        "b-int",
        "b-leaf",
        "b-leaf",
        ALL_PSS,
        &["-Verify", "1", "-verify_return_error", "-CAfile", &ca],
    );
    assert!(run.result.is_ok(), "{:?}\n{}", run.result, run.server);
    // openssl's report of the client certificate and its CertificateVerify.
    let out = &run.server;
    assert_eq!(
        field(out, "Peer certificate:"),
        "CN = rsa-cortex-m test client",
        "{out}"
    );
    assert_eq!(field(out, "Verification:"), "OK", "{out}");
    assert_eq!(field(out, "Signature type:"), "RSA-PSS", "{out}");
    assert!(!out.contains("verify error"), "{out}");
    println!(
        "handshake ok: openssl s_server -Verify 1 <- rustls client certificate (rsa-cortex-m signing, \
         2048-bit key): client CertificateVerify RSA-PSS {}, server chain and CertificateVerify \
         verified by rsa-cortex-m: {:?}",
        field(out, "Hash used:"),
        run.calls.iter().map(|c| c.0).collect::<Vec<_>>()
    );
}

#[test]
#[ignore = "needs the openssl binary; run by ci/tls"]
fn openssl_client_verifies_this_crate_s_tls12_pkcs1_signature() {
    // TLS 1.2, ECDHE-RSA: ServerKeyExchange signed with RSASSA-PKCS1-v1_5
    // (rsa_pkcs1_sha256 / sha384 / sha512 as s_client offers).
    for (sigalgs, digest) in [("RSA+SHA256", "SHA256"), ("RSA+SHA512", "SHA512")] {
        let run = s_client_against_rustls_version(
            true,
            sigalgs,
            "a-root",
            "a-int",
            "a-leaf",
            load("a-leaf"),
        );
        assert!(run.result.is_ok(), "{:?}\n{}", run.result, run.client);
        let out = &run.client;
        assert_eq!(field(out, "Verify return code:"), "0 (ok)", "{out}");
        assert_eq!(field(out, "Peer signature type:"), "RSA", "{out}");
        assert_eq!(field(out, "Peer signing digest:"), digest, "{out}");
        assert!(out.contains("hello from rustls"), "{out}");
        println!(
            "handshake ok: openssl s_client -tls1_2 -verify_return_error <- rustls server (rsa-cortex-m \
             PKCS#1 v1.5 signing): {}, peer signing digest {digest}, signature type RSA",
            field(out, "New, TLSv1.2, Cipher is"),
        );
    }
}
