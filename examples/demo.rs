//! `rsa-cortex-m` demo: checks this crate against RustCrypto `rsa` 0.10 and
//! times both side by side.
//!
//! ```text
//! cargo run --release --example demo                      # bundled 2048-bit key
//! cargo run --release --example demo -- KEY [MSG [SIG]]   # your key (PEM or DER)
//! cargo run --release --example demo -- --help
//! ```
//!
//! Every check prints `PASS <what> (ours: X µs, rsa 0.10: Y µs, ours/rsa R)`
//! or `FAIL <what>: <why>`; timings are the median of several runs.  Exit
//! status: 0 when every check passes, 2 when a check fails, 1 for a bad
//! command line or input file (one `error: ...` line on stderr).
//!
//! All randomness (PSS salts, encryption padding) comes from seeded ChaCha8
//! generators, so a run is reproducible.

use std::ffi::OsString;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use rsa::traits::PublicKeyParts as _;
use rsa_cortex_m::pkcs1::der::{self, Decode};
use rsa_cortex_m::pkcs1::{self, DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa_cortex_m::pkcs8::{self, DecodePrivateKey};
use rsa_cortex_m::spki::{self, DecodePublicKey};
use rsa_cortex_m::traits::PublicKeyParts;
use rsa_cortex_m::{pkcs1v15, pss};
use rsa_cortex_m::{
    BoundedPrivateKey, BoundedPublicKey, Max8192, PrivateKey, PrivateKeyComponents, PublicKey,
};
use sha2::{Digest, Sha256};
use signature::{RandomizedSigner as _, SignatureEncoding as _, Signer as _, Verifier as _};

use rsa_cortex_m::oaep::Oaep;
use rsa_cortex_m::pkcs1v15::{Pkcs1v15Encrypt, Pkcs1v15Sign};
use rsa_cortex_m::pss::Pss;

// ---------------------------------------------------------------------------
// Bundled data
// ---------------------------------------------------------------------------

const FIXTURES: &str = "tests/data/fixtures/rsa2048";
const BUNDLED_PRIVATE_PEM: &str = include_str!("../tests/data/fixtures/rsa2048/private.pkcs8.pem");
const BUNDLED_PUBLIC_DER: &[u8] = include_bytes!("../tests/data/fixtures/rsa2048/public.spki.der");
const BUNDLED_MSG: &[u8] = include_bytes!("../tests/data/fixtures/rsa2048/msg.bin");
const BUNDLED_MSG_MODIFIED: &[u8] =
    include_bytes!("../tests/data/fixtures/rsa2048/msg.modified.bin");
/// OpenSSL's RSASSA-PKCS1-v1_5 SHA-256 signature of `msg.bin`.
const OPENSSL_SIG_PKCS1: &[u8] =
    include_bytes!("../tests/data/fixtures/rsa2048/sig.pkcs1v15.sha256.bin");
/// OpenSSL's RSASSA-PSS SHA-256 (salt 32) signature of `msg.bin`.
const OPENSSL_SIG_PSS: &[u8] =
    include_bytes!("../tests/data/fixtures/rsa2048/sig.pss.sha256.salt32.bin");
/// OpenSSL's RSAES-OAEP SHA-256 encryption of `plaintext.bin`.
const OPENSSL_CT_OAEP: &[u8] = include_bytes!("../tests/data/fixtures/rsa2048/ct.oaep.sha256.bin");
/// OpenSSL's RSAES-PKCS1-v1_5 encryption of `plaintext.bin`.
const OPENSSL_CT_PKCS1: &[u8] = include_bytes!("../tests/data/fixtures/rsa2048/ct.pkcs1v15.bin");
const OPENSSL_PLAINTEXT: &[u8] = include_bytes!("../tests/data/fixtures/rsa2048/plaintext.bin");
/// A fixed TLS 1.3 handshake prefix (ClientHello … Certificate), see
/// `examples/data/README.md`.
const TLS13_HANDSHAKE: &[u8] = include_bytes!("data/tls13_handshake.bin");

/// Message signed when the user gives a key but no message file.
const DEFAULT_MESSAGE: &[u8] = b"rsa-cortex-m demo message";
/// Plaintext of the encryption round trips (fits OAEP-SHA256 from 1024 bits).
const DEMO_PLAINTEXT: &[u8] = b"rsa-cortex-m demo plaintext";

const TLS13_SERVER_CONTEXT: &[u8] = b"TLS 1.3, server CertificateVerify";
const TLS13_CLIENT_CONTEXT: &[u8] = b"TLS 1.3, client CertificateVerify";
/// rsa_pss_rsae_sha256: PSS with SHA-256, MGF1-SHA-256, salt = 32 bytes.
const TLS13_SALT_LEN: usize = 32;

const DEFAULT_RUNS: usize = 20;
const MIN_RUNS: usize = 5;
/// Soft cap on the time spent measuring one operation.
const TIME_BUDGET_US: f64 = 1_000_000.0;

const USAGE: &str = "\
rsa-cortex-m demo: checks rsa-cortex-m against RustCrypto rsa 0.10 and times both.

USAGE:
    demo [--runs N]                                   bundled 2048-bit test key
    demo [--runs N] KEY-FILE [MESSAGE-FILE [SIGNATURE-FILE]]
    demo --help

With no KEY-FILE, runs on the bundled rsa2048 test key (tests/data/fixtures/rsa2048):
  1. TLS 1.3 CertificateVerify (RFC 8446 4.4.3), rsa_pss_rsae_sha256, signed and
     verified by both libraries, each verifying the other's signature;
  2. RSASSA-PKCS1-v1_5 SHA-256 sign/verify (signatures byte-identical to rsa 0.10's and
     to OpenSSL's);
  3. RSAES-OAEP SHA-256 encrypt/decrypt in both directions (and OpenSSL's ciphertext);
  4. RSAES-PKCS1-v1_5 encrypt/decrypt in both directions (and OpenSSL's ciphertext).

KEY-FILE is an RSA key in PEM or DER: a private key (PKCS#8 or PKCS#1) or a public key
(SubjectPublicKeyInfo or PKCS#1), detected automatically.  With a private key the same
checks run with it; with a public key, only what needs no private key.  MESSAGE-FILE is
the message to sign/verify (hashed with SHA-256; default: a built-in message).
SIGNATURE-FILE is a raw signature over MESSAGE-FILE, checked as RSASSA-PKCS1-v1_5 SHA-256
and as RSASSA-PSS SHA-256 (MGF1-SHA-256, any salt length).

OPTIONS:
    --runs N    timing runs per operation (median is printed; default 20; slow
                operations use fewer, at least 5, to stay near 1 s each)
    -h, --help  print this help

Each check prints 'PASS <what> (ours: X µs, rsa 0.10: Y µs, ours/rsa R)' or
'FAIL <what>: <why>'.  Randomness (PSS salts, padding) comes from seeded ChaCha8.

EXIT STATUS: 0 all checks passed; 2 a check failed; 1 bad arguments or input file
(one 'error: ...' line on stderr).
";

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

struct Options {
    runs: usize,
    key: Option<OsString>,
    message: Option<OsString>,
    signature: Option<OsString>,
}

enum Command {
    Help,
    Run(Options),
}

/// Writes one line to stdout; a closed stdout (`demo | head`) is ignored
/// instead of panicking like `println!`.
fn say(line: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = out
        .write_all(line.as_bytes())
        .and_then(|()| out.write_all(b"\n"));
}

fn main() -> ExitCode {
    let result = parse_args(std::env::args_os().skip(1)).and_then(|cmd| match cmd {
        Command::Help => {
            say(USAGE.trim_end());
            Ok(true)
        }
        Command::Run(opts) => run(&opts),
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(2),
        Err(msg) => {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr().lock(), "error: {msg}");
            ExitCode::from(1)
        }
    }
}

fn parse_args(args: impl Iterator<Item = OsString>) -> Result<Command, String> {
    let mut runs = DEFAULT_RUNS;
    let mut files = Vec::new();
    let mut args = args.peekable();
    let mut only_files = false;
    while let Some(arg) = args.next() {
        let s = arg.to_string_lossy();
        if only_files || !s.starts_with('-') || s == "-" {
            files.push(arg);
            continue;
        }
        match s.as_ref() {
            "-h" | "--help" => return Ok(Command::Help),
            "--" => only_files = true,
            "--runs" => {
                let value = args
                    .next()
                    .ok_or("--runs needs a value (try --help)")?
                    .to_string_lossy()
                    .into_owned();
                runs = parse_runs(&value)?;
            }
            other => match other.strip_prefix("--runs=") {
                Some(value) => runs = parse_runs(value)?,
                None => return Err(format!("unknown option '{other}' (try --help)")),
            },
        }
    }
    if files.len() > 3 {
        return Err(format!(
            "too many arguments ({}; expected KEY-FILE [MESSAGE-FILE [SIGNATURE-FILE]], try --help)",
            files.len()
        ));
    }
    let mut files = files.into_iter();
    Ok(Command::Run(Options {
        runs,
        key: files.next(),
        message: files.next(),
        signature: files.next(),
    }))
}

fn parse_runs(value: &str) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "--runs expects a number from 1 to 100000, got '{value}'"
        )),
    }
}

/// Runs every check; `Ok(true)` when all pass.
fn run(opts: &Options) -> Result<bool, String> {
    let mut report = Report::new(opts.runs);
    match &opts.key {
        None => run_bundled(&mut report)?,
        Some(key_path) => run_user(&mut report, opts, key_path)?,
    }
    Ok(report.finish())
}

// ---------------------------------------------------------------------------
// Reporting and timing
// ---------------------------------------------------------------------------

struct Report {
    runs: usize,
    passed: usize,
    failed: usize,
}

/// Median times of our operation and `rsa`'s, in µs.
struct Timing {
    ours: f64,
    theirs: Option<f64>,
}

impl Report {
    fn new(runs: usize) -> Self {
        Report {
            runs,
            passed: 0,
            failed: 0,
        }
    }

    /// Prints a `PASS`/`FAIL` line.  `timing` runs only when the check passed.
    fn check(
        &mut self,
        what: &str,
        result: Result<(), String>,
        timing: impl FnOnce(&Self) -> Option<Timing>,
    ) {
        match result {
            Ok(()) => {
                self.passed += 1;
                match timing(self) {
                    Some(t) => say(&format!("PASS {what} ({})", format_timing(&t))),
                    None => say(&format!("PASS {what}")),
                }
            }
            Err(why) => {
                self.failed += 1;
                say(&format!("FAIL {what}: {why}"));
            }
        }
    }

    fn info(&self, line: &str) {
        say(&format!("---- {line}"));
    }

    /// Median of up to `self.runs` runs of `op`, in µs (fewer runs for slow
    /// operations, but at least [`MIN_RUNS`]).
    fn time<T>(&self, mut op: impl FnMut() -> T) -> f64 {
        let mut samples = Vec::with_capacity(self.runs);
        let mut spent = 0.0;
        for i in 0..self.runs {
            let start = Instant::now();
            black_box(op());
            let us = start.elapsed().as_secs_f64() * 1e6;
            samples.push(us);
            spent += us;
            if i + 1 >= MIN_RUNS && spent > TIME_BUDGET_US {
                break;
            }
        }
        samples.sort_by(f64::total_cmp);
        let mid = samples.len() / 2;
        if samples.len() % 2 == 1 {
            samples[mid]
        } else {
            (samples[mid - 1] + samples[mid]) / 2.0
        }
    }

    fn finish(&self) -> bool {
        let total = self.passed + self.failed;
        if self.failed == 0 {
            say(&format!("all {total} checks passed"));
            true
        } else {
            say(&format!("{} of {total} checks FAILED", self.failed));
            false
        }
    }
}

fn format_us(us: f64) -> String {
    if us < 100.0 {
        format!("{us:.1} µs")
    } else {
        format!("{us:.0} µs")
    }
}

fn format_timing(t: &Timing) -> String {
    match t.theirs {
        Some(theirs) => format!(
            "ours: {}, rsa 0.10: {}, ours/rsa {:.2}",
            format_us(t.ours),
            format_us(theirs),
            t.ours / theirs
        ),
        None => format!("ours: {}, rsa 0.10: n/a", format_us(t.ours)),
    }
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// `Ok` when `cond`, else `Err(why)`.
fn ensure(cond: bool, why: impl Into<String>) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(why.into())
    }
}

/// Error text of a failed operation of either library.
fn op_err(who: &str, op: &str, e: impl std::fmt::Display) -> String {
    format!("{who} {op} failed: {e}")
}

// ---------------------------------------------------------------------------
// Key loading: format detection and diagnostics
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pkcs8,
    Pkcs1Private,
    Spki,
    Pkcs1Public,
}

const KINDS: [Kind; 4] = [
    Kind::Pkcs8,
    Kind::Pkcs1Private,
    Kind::Spki,
    Kind::Pkcs1Public,
];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Pkcs8 => "a PKCS#8 private key",
            Kind::Pkcs1Private => "a PKCS#1 RSAPrivateKey",
            Kind::Spki => "a SubjectPublicKeyInfo public key",
            Kind::Pkcs1Public => "a PKCS#1 RSAPublicKey",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Kind::Pkcs8 => "PKCS#8",
            Kind::Pkcs1Private => "PKCS#1",
            Kind::Spki => "SPKI",
            Kind::Pkcs1Public => "PKCS#1",
        }
    }

    fn from_pem_label(label: &str) -> Result<Kind, String> {
        match label {
            "PRIVATE KEY" => Ok(Kind::Pkcs8),
            "RSA PRIVATE KEY" => Ok(Kind::Pkcs1Private),
            "PUBLIC KEY" => Ok(Kind::Spki),
            "RSA PUBLIC KEY" => Ok(Kind::Pkcs1Public),
            "ENCRYPTED PRIVATE KEY" => Err(
                "encrypted PKCS#8 keys are not supported by this demo; decrypt it first \
                 (openssl pkcs8 -in KEY -out plain.pem)"
                    .into(),
            ),
            other => Err(format!(
                "unsupported PEM label '{other}' (expected PRIVATE KEY, RSA PRIVATE KEY, \
                 PUBLIC KEY or RSA PUBLIC KEY)"
            )),
        }
    }

    /// Checks only the ASN.1 structure (no key validation).
    fn parse_structure(self, der: &[u8]) -> Result<(), der::Error> {
        match self {
            Kind::Pkcs8 => pkcs8::PrivateKeyInfoRef::from_der(der).map(drop),
            Kind::Pkcs1Private => pkcs1::RsaPrivateKeyRef::from_der(der).map(drop),
            Kind::Spki => spki::SubjectPublicKeyInfoRef::from_der(der).map(drop),
            Kind::Pkcs1Public => pkcs1::RsaPublicKeyRef::from_der(der).map(drop),
        }
    }
}

/// Where the key came from: its kind and, for PEM, the text.
struct Source<'a> {
    kind: Kind,
    pem: Option<&'a str>,
    der: &'a [u8],
}

impl Source<'_> {
    fn describe(&self) -> String {
        let form = if self.pem.is_some() { "PEM" } else { "DER" };
        let role = match self.kind {
            Kind::Pkcs8 | Kind::Pkcs1Private => "private",
            Kind::Spki | Kind::Pkcs1Public => "public",
        };
        format!("{} {role} key, {form}", self.kind.short())
    }
}

enum OursKey {
    Private(Box<PrivateKey>),
    Public(Box<PublicKey>),
}

enum RsaKey {
    Private(Box<rsa::PrivateKey>),
    Public(Box<rsa::PublicKey>),
}

/// Finds the format of `bytes` (PEM by label, DER by structure).  `pem_body`
/// receives the decoded PEM body.
fn detect<'a>(bytes: &'a [u8], pem_body: &'a mut Vec<u8>) -> Result<Source<'a>, String> {
    if bytes.is_empty() {
        return Err("the file is empty".into());
    }
    let trimmed = bytes.trim_ascii_start();
    if trimmed.starts_with(b"-----BEGIN ") {
        let text = std::str::from_utf8(bytes).map_err(|_| "PEM file is not valid UTF-8")?;
        let label = der::pem::decode_label(bytes).map_err(|e| format!("bad PEM: {e}"))?;
        let kind = Kind::from_pem_label(label)?;
        let (_, body) = der::pem::decode_vec(bytes).map_err(|e| format!("bad PEM: {e}"))?;
        *pem_body = body;
        return Ok(Source {
            kind,
            pem: Some(text),
            der: pem_body,
        });
    }
    let mut errors = Vec::new();
    for kind in KINDS {
        match kind.parse_structure(bytes) {
            Ok(()) => {
                return Ok(Source {
                    kind,
                    pem: None,
                    der: bytes,
                })
            }
            Err(e) => errors.push((kind, e)),
        }
    }
    // Nothing parsed: look at the parser(s) that got furthest.  Truncated or
    // padded input: say so.  Otherwise name a format only when its parser got
    // strictly further than the others.
    let position = |e: &der::Error| e.position().map_or(0, u32::from);
    let furthest = errors.iter().map(|(_, e)| position(e)).max().unwrap_or(0);
    let leaders: Vec<_> = errors
        .iter()
        .filter(|(_, e)| position(e) == furthest)
        .collect();
    if let Some((_, e)) = leaders.first().filter(|_| furthest > 0) {
        match e.kind() {
            der::ErrorKind::TrailingData { .. } => {
                return Err(format!("extra bytes after the DER key ({e})"))
            }
            der::ErrorKind::Incomplete { .. } => return Err(format!("truncated DER ({e})")),
            _ => {}
        }
    }
    Err(match leaders.as_slice() {
        [(kind, e)] if furthest > 0 => {
            format!("not a valid RSA key; closest match {}: {e}", kind.name())
        }
        [(_, e), ..] if furthest > 0 => format!("not a valid RSA key in DER ({e})"),
        _ => "not an RSA key: neither PEM nor DER (PKCS#8, PKCS#1 or SubjectPublicKeyInfo)"
            .to_string(),
    })
}

/// Loads the key with our decoders (the crate's public API).
fn load_ours(src: &Source<'_>) -> Result<OursKey, String> {
    let result = match (src.kind, src.pem) {
        (Kind::Pkcs8, Some(pem)) => PrivateKey::from_pkcs8_pem(pem).map(private).map_err(s),
        (Kind::Pkcs8, None) => PrivateKey::from_pkcs8_der(src.der).map(private).map_err(s),
        (Kind::Pkcs1Private, Some(pem)) => PrivateKey::from_pkcs1_pem(pem).map(private).map_err(s),
        (Kind::Pkcs1Private, None) => PrivateKey::from_pkcs1_der(src.der).map(private).map_err(s),
        (Kind::Spki, Some(pem)) => PublicKey::from_public_key_pem(pem).map(public).map_err(s),
        (Kind::Spki, None) => PublicKey::from_public_key_der(src.der)
            .map(public)
            .map_err(s),
        (Kind::Pkcs1Public, Some(pem)) => PublicKey::from_pkcs1_pem(pem).map(public).map_err(s),
        (Kind::Pkcs1Public, None) => PublicKey::from_pkcs1_der(src.der).map(public).map_err(s),
    };
    result.map_err(|decoder_error| {
        let why = diagnose(src.kind, src.der).unwrap_or(decoder_error);
        format!("cannot load {}: {why}", src.describe())
    })
}

fn private(k: PrivateKey) -> OursKey {
    OursKey::Private(Box::new(k))
}

fn public(k: PublicKey) -> OursKey {
    OursKey::Public(Box::new(k))
}

fn s(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Loads the key with `rsa` 0.10's decoders.
fn load_rsa(src: &Source<'_>) -> Result<RsaKey, String> {
    use rsa::PrivateKey as P;
    use rsa::PublicKey as Q;
    let rp = |k: P| RsaKey::Private(Box::new(k));
    let rq = |k: Q| RsaKey::Public(Box::new(k));
    match (src.kind, src.pem) {
        (Kind::Pkcs8, Some(pem)) => P::from_pkcs8_pem(pem).map(rp).map_err(s),
        (Kind::Pkcs8, None) => P::from_pkcs8_der(src.der).map(rp).map_err(s),
        (Kind::Pkcs1Private, Some(pem)) => P::from_pkcs1_pem(pem).map(rp).map_err(s),
        (Kind::Pkcs1Private, None) => P::from_pkcs1_der(src.der).map(rp).map_err(s),
        (Kind::Spki, Some(pem)) => Q::from_public_key_pem(pem).map(rq).map_err(s),
        (Kind::Spki, None) => Q::from_public_key_der(src.der).map(rq).map_err(s),
        (Kind::Pkcs1Public, Some(pem)) => Q::from_pkcs1_pem(pem).map(rq).map_err(s),
        (Kind::Pkcs1Public, None) => Q::from_pkcs1_der(src.der).map(rq).map_err(s),
    }
}

/// Explains why a key of `kind` in `der` was rejected, more precisely than
/// the decoders' errors (which only say "malformed"): the ASN.1 problem, the
/// format the data really has, or the component check that fails.
fn diagnose(kind: Kind, der: &[u8]) -> Option<String> {
    if let Err(e) = kind.parse_structure(der) {
        if let Some(other) = KINDS
            .into_iter()
            .find(|k| *k != kind && k.parse_structure(der).is_ok())
        {
            return Some(format!(
                "the data is {}, not {} (wrong PEM label?)",
                other.name(),
                kind.name()
            ));
        }
        return Some(format!("not {}: {e}", kind.name()));
    }
    match kind {
        Kind::Pkcs8 => {
            let info = pkcs8::PrivateKeyInfoRef::from_der(der).ok()?;
            if let Some(why) = check_algorithm(info.algorithm.oid) {
                return Some(why);
            }
            let inner = info.private_key.as_bytes();
            if let Err(e) = Kind::Pkcs1Private.parse_structure(inner) {
                return Some(format!(
                    "the PKCS#8 body is not a valid PKCS#1 RSAPrivateKey: {e}"
                ));
            }
            diagnose(Kind::Pkcs1Private, inner)
        }
        Kind::Spki => {
            let info = spki::SubjectPublicKeyInfoRef::from_der(der).ok()?;
            if let Some(why) = check_algorithm(info.algorithm.oid) {
                return Some(why);
            }
            let Some(inner) = info.subject_public_key.as_bytes() else {
                return Some("the SPKI BIT STRING has unused bits".into());
            };
            if let Err(e) = Kind::Pkcs1Public.parse_structure(inner) {
                return Some(format!(
                    "the SPKI body is not a valid PKCS#1 RSAPublicKey: {e}"
                ));
            }
            diagnose(Kind::Pkcs1Public, inner)
        }
        Kind::Pkcs1Private => {
            let key = pkcs1::RsaPrivateKeyRef::from_der(der).ok()?;
            if key.other_prime_infos.is_some() {
                return None; // multi-prime: leave it to the decoder's error
            }
            let components = PrivateKeyComponents {
                n: key.modulus.as_bytes(),
                e: key.public_exponent.as_bytes(),
                d: key.private_exponent.as_bytes(),
                p: key.prime1.as_bytes(),
                q: key.prime2.as_bytes(),
                crt: Some((
                    key.exponent1.as_bytes(),
                    key.exponent2.as_bytes(),
                    key.coefficient.as_bytes(),
                )),
            };
            // The fixed-capacity loader names the failed check precisely.
            BoundedPrivateKey::<Max8192>::from_be_bytes_components(components)
                .err()
                .map(|e| format!("invalid RSA private key: {e}"))
        }
        Kind::Pkcs1Public => {
            let key = pkcs1::RsaPublicKeyRef::from_der(der).ok()?;
            BoundedPublicKey::<Max8192>::from_be_bytes(
                key.modulus.as_bytes(),
                key.public_exponent.as_bytes(),
            )
            .err()
            .map(|e| format!("invalid RSA public key: {e}"))
        }
    }
}

/// `Some(reason)` when `oid` is not an RSA algorithm.
fn check_algorithm(oid: der::asn1::ObjectIdentifier) -> Option<String> {
    if oid == pkcs1::ALGORITHM_OID || oid == rsa_cortex_m::ID_RSASSA_PSS {
        None
    } else {
        Some(format!("not an RSA key (algorithm {oid})"))
    }
}

/// Largest key or signature file read (a 4096-bit PEM key is ~3.3 KiB).
const MAX_KEY_FILE: u64 = 1 << 20;
/// Largest message file read (it is hashed in memory).
const MAX_MESSAGE_FILE: u64 = 256 << 20;

/// Reads at most `limit` bytes (so `/dev/zero` cannot exhaust memory).
fn read_file(what: &str, path: &OsString, limit: u64) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let name = path.to_string_lossy();
    let mut data = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut data))
        .map_err(|e| format!("cannot read {what} {name}: {e}"))?;
    if data.len() as u64 > limit {
        return Err(format!("{what} {name} is larger than {limit} bytes"));
    }
    Ok(data)
}

// ---------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------

/// The keys the checks run with: ours always, `rsa`'s when it loaded them.
struct Keys<'a> {
    ours_priv: Option<&'a PrivateKey>,
    ours_pub: &'a PublicKey,
    rsa_priv: Option<&'a rsa::PrivateKey>,
    rsa_pub: Option<&'a rsa::PublicKey>,
}

fn run_bundled(report: &mut Report) -> Result<(), String> {
    report.info(&format!(
        "bundled key {FIXTURES}: private.pkcs8.pem + public.spki.der"
    ));
    let ours_priv = PrivateKey::from_pkcs8_pem(BUNDLED_PRIVATE_PEM)
        .map_err(|e| op_err("ours", "loading the bundled private key", e))?;
    let ours_pub = PublicKey::from_public_key_der(BUNDLED_PUBLIC_DER)
        .map_err(|e| op_err("ours", "loading the bundled public key", e))?;
    let rsa_priv = rsa::PrivateKey::from_pkcs8_pem(BUNDLED_PRIVATE_PEM)
        .map_err(|e| op_err("rsa 0.10", "loading the bundled private key", e))?;
    let rsa_pub = rsa::PublicKey::from_public_key_der(BUNDLED_PUBLIC_DER)
        .map_err(|e| op_err("rsa 0.10", "loading the bundled public key", e))?;

    report.check(
        "load 2048-bit PKCS#8 PEM private key; SPKI DER public key matches it and rsa 0.10's",
        ensure(
            ours_priv.as_public_key() == &ours_pub,
            "SPKI key differs from the private key's",
        )
        .and_then(|()| same_public(&ours_pub, &rsa_pub)),
        |r| {
            Some(Timing {
                ours: r.time(|| PrivateKey::from_pkcs8_pem(BUNDLED_PRIVATE_PEM)),
                theirs: Some(r.time(|| rsa::PrivateKey::from_pkcs8_pem(BUNDLED_PRIVATE_PEM))),
            })
        },
    );
    report.check(
        "load 2048-bit SPKI DER public key (timing only)",
        Ok(()),
        |r| {
            Some(Timing {
                ours: r.time(|| PublicKey::from_public_key_der(BUNDLED_PUBLIC_DER)),
                theirs: Some(r.time(|| rsa::PublicKey::from_public_key_der(BUNDLED_PUBLIC_DER))),
            })
        },
    );

    let keys = Keys {
        ours_priv: Some(&ours_priv),
        ours_pub: &ours_pub,
        rsa_priv: Some(&rsa_priv),
        rsa_pub: Some(&rsa_pub),
    };
    // The bundled message is OpenSSL's msg.bin, so our signatures can be
    // compared with OpenSSL's too.
    checks(report, &keys, BUNDLED_MSG, BUNDLED_MSG_MODIFIED);
    openssl_interop(report, &ours_priv);
    Ok(())
}

fn run_user(report: &mut Report, opts: &Options, key_path: &OsString) -> Result<(), String> {
    let key_name = key_path.to_string_lossy();
    let bytes = read_file("key file", key_path, MAX_KEY_FILE)?;
    let mut pem_body = Vec::new();
    let src = detect(&bytes, &mut pem_body).map_err(|e| format!("{key_name}: {e}"))?;
    let ours = load_ours(&src).map_err(|e| format!("{key_name}: {e}"))?;
    let message = match &opts.message {
        Some(p) => read_file("message file", p, MAX_MESSAGE_FILE)?,
        None => DEFAULT_MESSAGE.to_vec(),
    };
    let signature = match &opts.signature {
        Some(p) => Some(read_file("signature file", p, MAX_KEY_FILE)?),
        None => None,
    };

    let rsa = load_rsa(&src);
    let (ours_priv, ours_pub) = match &ours {
        OursKey::Private(k) => (Some(&**k), k.as_public_key()),
        OursKey::Public(k) => (None, &**k),
    };
    let (rsa_priv, rsa_pub_owned) = match &rsa {
        Ok(RsaKey::Private(k)) => (Some(&**k), Some(k.to_public_key())),
        Ok(RsaKey::Public(k)) => (None, Some((**k).clone())),
        Err(_) => (None, None),
    };
    report.info(&format!(
        "{key_name}: {}-bit {} (e = {}); message: {} ({} bytes){}",
        ours_pub.n().bit_width(),
        src.describe(),
        e_of(ours_pub),
        opts.message
            .as_ref()
            .map_or("built-in".into(), |p| p.to_string_lossy().into_owned()),
        message.len(),
        match &rsa {
            Ok(_) => String::new(),
            Err(e) =>
                format!("; rsa 0.10 rejects this key ({e}): checking ours against itself only"),
        }
    ));

    let load_result = match &rsa_pub_owned {
        Some(rsa_pub) => same_public(ours_pub, rsa_pub),
        None => Ok(()),
    };
    let what = format!(
        "load {}-bit {}{}",
        ours_pub.n().bit_width(),
        src.describe(),
        if rsa.is_ok() {
            ", same n and e as rsa 0.10"
        } else {
            ""
        }
    );
    let rsa_ok = rsa.is_ok();
    report.check(&what, load_result, |r| {
        Some(Timing {
            ours: r.time(|| load_ours(&src).is_ok()),
            theirs: rsa_ok.then(|| r.time(|| load_rsa(&src).is_ok())),
        })
    });

    let keys = Keys {
        ours_priv,
        ours_pub,
        rsa_priv,
        rsa_pub: rsa_pub_owned.as_ref(),
    };
    if let Some(sig) = &signature {
        check_given_signature(report, &keys, &message, sig);
    }
    let mut modified = message.clone();
    match modified.first_mut() {
        Some(b) => *b ^= 1,
        None => modified.push(0),
    }
    checks(report, &keys, &message, &modified);
    Ok(())
}

/// The public exponent, in decimal when it fits 64 bits.
fn e_of(key: &PublicKey) -> String {
    let e = key.e_bytes();
    if e.len() <= 8 {
        e.iter()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
            .to_string()
    } else {
        format!("0x{}", hex::encode(&e))
    }
}

/// `Ok` when our public key and `rsa`'s have the same `n` and `e`.
fn same_public(ours: &PublicKey, theirs: &rsa::PublicKey) -> Result<(), String> {
    ensure(
        ours.n_bytes() == theirs.n_bytes() && ours.e_bytes() == theirs.e_bytes(),
        "n or e differs between ours and rsa 0.10",
    )
}

/// The four groups of checks with whatever keys there are.
fn checks(report: &mut Report, keys: &Keys<'_>, msg: &[u8], modified: &[u8]) {
    match keys.ours_priv {
        Some(ours_priv) => {
            tls13_certificate_verify(report, keys, ours_priv);
            pkcs1v15_signatures(report, keys, ours_priv, msg, modified);
            pss_signatures(report, keys, ours_priv, msg, modified);
            encryption_round_trips(report, keys, ours_priv);
        }
        None => {
            report.info("public key only: no signing or decryption");
            encryption_public_only(report, keys);
        }
    }
}

/// RFC 8446 §4.4.3: 64 spaces, the context string, a zero byte, the
/// transcript hash.
fn certificate_verify_content(context: &[u8], transcript_hash: &[u8]) -> Vec<u8> {
    let mut content = vec![0x20u8; 64];
    content.extend_from_slice(context);
    content.push(0);
    content.extend_from_slice(transcript_hash);
    content
}

/// Check 1, TLS 1.3 CertificateVerify with rsa_pss_rsae_sha256, through the typed
/// `pss::SigningKey` / `pss::VerifyingKey` of both libraries and the
/// `signature` 3.0 traits (`RandomizedSigner`, `Verifier`), as a TLS stack
/// would use them.  The signed message is the CertificateVerify content; the
/// keys hash it with SHA-256.
fn tls13_certificate_verify(report: &mut Report, keys: &Keys<'_>, ours_priv: &PrivateKey) {
    let transcript_hash = Sha256::digest(TLS13_HANDSHAKE);
    let hex: String = transcript_hash.iter().map(|b| format!("{b:02x}")).collect();
    report.info(&format!(
        "TLS 1.3 CertificateVerify, rsa_pss_rsae_sha256 (RFC 8446 4.4.3); transcript: \
         examples/data/tls13_handshake.bin ({} bytes), SHA-256 {hex}",
        TLS13_HANDSHAKE.len()
    ));
    let content = certificate_verify_content(TLS13_SERVER_CONTEXT, &transcript_hash);

    let ours_signer =
        pss::SigningKey::<Sha256>::new_with_salt_len(ours_priv.clone(), TLS13_SALT_LEN);
    let ours_verifier =
        pss::VerifyingKey::<Sha256>::new_with_salt_len(keys.ours_pub.clone(), TLS13_SALT_LEN);
    let rsa_signer = keys
        .rsa_priv
        .map(|k| rsa::pss::SigningKey::<Sha256>::new_with_salt_len(k.clone(), TLS13_SALT_LEN));
    let rsa_verifier = keys
        .rsa_pub
        .map(|k| rsa::pss::VerifyingKey::<Sha256>::new_with_salt_len(k.clone(), TLS13_SALT_LEN));

    let ours_verify = |content: &[u8], sig: &[u8]| -> Result<(), String> {
        let sig = pss::Signature::try_from(sig).map_err(|e| op_err("ours", "verify", e))?;
        ours_verifier
            .verify(content, &sig)
            .map_err(|e| op_err("ours", "verify", e))
    };
    let rsa_verify = |content: &[u8], sig: &[u8]| -> Result<(), String> {
        let Some(v) = &rsa_verifier else {
            return Ok(());
        };
        let sig =
            rsa::pss::Signature::try_from(sig).map_err(|e| op_err("rsa 0.10", "verify", e))?;
        v.verify(content, &sig)
            .map_err(|e| op_err("rsa 0.10", "verify", e))
    };

    // Ours signs; both verify.  The typed signer must match the inherent
    // `sign_with_rng` given the same salt.
    let ours_sig = ours_signer
        .try_sign_with_rng(&mut rng(1), &content)
        .map(|s| s.to_vec())
        .map_err(|e| op_err("ours", "sign", e));
    let result = ours_sig.clone().and_then(|sig| {
        ensure(
            sig.len() == keys.ours_pub.size(),
            "signature length is not k",
        )?;
        let inherent = ours_priv
            .sign_with_rng(
                &mut rng(1),
                Pss::<Sha256>::new_with_salt(TLS13_SALT_LEN),
                &Sha256::digest(&content),
            )
            .map_err(|e| op_err("ours", "sign_with_rng", e))?;
        ensure(inherent == sig, "typed SigningKey and sign_with_rng differ")?;
        ours_verify(&content, &sig)?;
        rsa_verify(&content, &sig)
    });
    let what = if keys.rsa_pub.is_some() {
        "TLS 1.3 CertificateVerify: ours signs (salt 32), ours and rsa 0.10 verify"
    } else {
        "TLS 1.3 CertificateVerify: ours signs (salt 32), ours verifies"
    };
    report.check(what, result, |r| {
        Some(Timing {
            ours: r.time(|| ours_signer.try_sign_with_rng(&mut rng(1), &content)),
            theirs: rsa_signer
                .as_ref()
                .map(|k| r.time(|| k.try_sign_with_rng(&mut rng(1), &content))),
        })
    });

    // rsa signs; ours verifies.
    if let Some(rsa_signer) = &rsa_signer {
        let result = rsa_signer
            .try_sign_with_rng(&mut rng(2), &content)
            .map(|s| s.to_vec())
            .map_err(|e| op_err("rsa 0.10", "sign", e))
            .and_then(|sig| ours_verify(&content, &sig).map(|()| sig));
        let rsa_sig = result.as_ref().ok().cloned();
        report.check(
            "TLS 1.3 CertificateVerify: rsa 0.10 signs, ours verifies",
            result.map(drop),
            |r| {
                let sig = rsa_sig?;
                let ours_sig = pss::Signature::try_from(sig.as_slice()).ok()?;
                let rsa_sig = rsa::pss::Signature::try_from(sig.as_slice()).ok()?;
                let rsa_verifier = rsa_verifier.as_ref()?;
                Some(Timing {
                    ours: r.time(|| ours_verifier.verify(&content, &ours_sig)),
                    theirs: Some(r.time(|| rsa_verifier.verify(&content, &rsa_sig))),
                })
            },
        );
    }

    // A wrong transcript or the client's context string must not verify.
    if let Ok(sig) = &ours_sig {
        let mut bad_hash = transcript_hash;
        bad_hash[0] ^= 1;
        let cases = [
            (
                "modified transcript hash",
                certificate_verify_content(TLS13_SERVER_CONTEXT, &bad_hash),
            ),
            (
                "client context string",
                certificate_verify_content(TLS13_CLIENT_CONTEXT, &transcript_hash),
            ),
        ];
        let mut result = Ok(());
        for (name, content) in &cases {
            if ours_verify(content, sig).is_ok() {
                result = Err(format!("ours accepts a signature over a {name}"));
            }
            if rsa_verifier.is_some() && rsa_verify(content, sig).is_ok() {
                result = Err(format!("rsa 0.10 accepts a signature over a {name}"));
            }
        }
        report.check(
            "TLS 1.3 CertificateVerify: rejected for a modified transcript hash or the client context",
            result,
            |_| None,
        );
    }
}

/// Check 2, RSASSA-PKCS1-v1_5 SHA-256: deterministic, so byte-identical.
fn pkcs1v15_signatures(
    report: &mut Report,
    keys: &Keys<'_>,
    ours_priv: &PrivateKey,
    msg: &[u8],
    modified: &[u8],
) {
    report.info("RSASSA-PKCS1-v1_5 SHA-256");
    let digest = Sha256::digest(msg);
    let scheme = Pkcs1v15Sign::new::<Sha256>;
    let rsa_scheme = rsa::Pkcs1v15Sign::new::<Sha256>;

    let ours_sig = ours_priv
        .sign(scheme(), &digest)
        .map_err(|e| op_err("ours", "sign", e));
    let result = ours_sig.clone().and_then(|sig| {
        // The typed signer (`signature::Signer`) must give the same bytes.
        let typed = pkcs1v15::SigningKey::<Sha256>::new(ours_priv.clone())
            .try_sign(msg)
            .map_err(|e| op_err("ours", "SigningKey::try_sign", e))?;
        ensure(
            typed.to_bytes().as_ref() == sig.as_slice(),
            "typed SigningKey and sign() differ",
        )?;
        if let Some(rsa_priv) = keys.rsa_priv {
            let theirs = rsa_priv
                .sign(rsa_scheme(), &digest)
                .map_err(|e| op_err("rsa 0.10", "sign", e))?;
            ensure(theirs == sig, "signatures differ from rsa 0.10's")?;
        }
        Ok(())
    });
    let what = if keys.rsa_priv.is_some() {
        "PKCS#1 v1.5 SHA-256 sign: byte-identical to rsa 0.10 (and to our typed SigningKey)"
    } else {
        "PKCS#1 v1.5 SHA-256 sign (typed SigningKey agrees)"
    };
    report.check(what, result, |r| {
        Some(Timing {
            ours: r.time(|| ours_priv.sign(scheme(), &digest)),
            theirs: keys
                .rsa_priv
                .map(|k| r.time(|| k.sign(rsa_scheme(), &digest))),
        })
    });

    let Ok(sig) = ours_sig else { return };
    let bad_digest = Sha256::digest(modified);
    let mut result = keys
        .ours_pub
        .verify(scheme(), &digest, &sig)
        .map_err(|e| op_err("ours", "verify", e));
    if let Some(rsa_pub) = keys.rsa_pub {
        result = result.and_then(|()| {
            rsa_pub
                .verify(rsa_scheme(), &digest, &sig)
                .map_err(|e| op_err("rsa 0.10", "verify", e))
        });
        result = result.and_then(|()| {
            ensure(
                rsa_pub.verify(rsa_scheme(), &bad_digest, &sig).is_err(),
                "rsa 0.10 accepts a modified message",
            )
        });
    }
    result = result.and_then(|()| {
        ensure(
            keys.ours_pub.verify(scheme(), &bad_digest, &sig).is_err(),
            "ours accepts a modified message",
        )
    });
    report.check(
        "PKCS#1 v1.5 SHA-256 verify (a modified message is rejected)",
        result,
        |r| {
            Some(Timing {
                ours: r.time(|| keys.ours_pub.verify(scheme(), &digest, &sig)),
                theirs: keys
                    .rsa_pub
                    .map(|k| r.time(|| k.verify(rsa_scheme(), &digest, &sig))),
            })
        },
    );
}

/// PSS SHA-256 over the message (digest-length salt), cross-verified with
/// salt auto-detection.
fn pss_signatures(
    report: &mut Report,
    keys: &Keys<'_>,
    ours_priv: &PrivateKey,
    msg: &[u8],
    modified: &[u8],
) {
    report.info("RSASSA-PSS SHA-256 (salt 32) over the message");
    let digest = Sha256::digest(msg);
    let bad_digest = Sha256::digest(modified);
    let ours_sig = ours_priv
        .sign_with_rng(&mut rng(3), Pss::<Sha256>::new(), &digest)
        .map_err(|e| op_err("ours", "sign", e));
    let result = ours_sig.clone().and_then(|sig| {
        keys.ours_pub
            .pss_verify_prehash::<Sha256>(&digest, &sig)
            .map_err(|e| op_err("ours", "verify (auto salt)", e))?;
        ensure(
            keys.ours_pub
                .pss_verify_prehash::<Sha256>(&bad_digest, &sig)
                .is_err(),
            "ours accepts a modified message",
        )?;
        if let Some(rsa_pub) = keys.rsa_pub {
            rsa_pub
                .verify(rsa_pss_any_salt(), &digest, &sig)
                .map_err(|e| op_err("rsa 0.10", "verify (auto salt)", e))?;
        }
        if let Some(rsa_priv) = keys.rsa_priv {
            let theirs = rsa_priv
                .sign_with_rng(&mut rng(4), rsa::Pss::<Sha256>::new(), &digest)
                .map_err(|e| op_err("rsa 0.10", "sign", e))?;
            keys.ours_pub
                .pss_verify_prehash::<Sha256>(&digest, &theirs)
                .map_err(|e| op_err("ours", "verify of rsa 0.10's signature", e))?;
        }
        Ok(())
    });
    let what = if keys.rsa_priv.is_some() {
        "PSS SHA-256 sign/verify (auto salt), each library verifying the other's signature"
    } else {
        "PSS SHA-256 sign/verify (auto salt)"
    };
    report.check(what, result, |r| {
        let sig = ours_sig.ok()?;
        Some(Timing {
            ours: r.time(|| keys.ours_pub.pss_verify_prehash::<Sha256>(&digest, &sig)),
            theirs: keys
                .rsa_pub
                .map(|k| r.time(|| k.verify(rsa_pss_any_salt(), &digest, &sig))),
        })
    });
}

fn rsa_pss_any_salt() -> rsa::Pss<Sha256> {
    let mut pss = rsa::Pss::<Sha256>::new();
    pss.salt_len = None;
    pss
}

/// Checks 3 and 4, OAEP-SHA256 and PKCS#1 v1.5 encryption, both directions.
fn encryption_round_trips(report: &mut Report, keys: &Keys<'_>, ours_priv: &PrivateKey) {
    report.info("RSAES-OAEP SHA-256 (MGF1-SHA-256, empty label)");
    encryption_scheme(
        report,
        keys,
        "OAEP-SHA256",
        |rng, m| {
            keys.ours_pub
                .encrypt(rng, Oaep::<Sha256>::new(), m)
                .map_err(s)
        },
        |c| ours_priv.decrypt(Oaep::<Sha256>::new(), c).map_err(s),
        |k, rng, m| k.encrypt(rng, rsa::Oaep::<Sha256>::new(), m).map_err(s),
        |k, c| k.decrypt(rsa::Oaep::<Sha256>::new(), c).map_err(s),
    );
    report.info("RSAES-PKCS1-v1_5");
    encryption_scheme(
        report,
        keys,
        "PKCS#1 v1.5",
        |rng, m| keys.ours_pub.encrypt(rng, Pkcs1v15Encrypt, m).map_err(s),
        |c| ours_priv.decrypt(Pkcs1v15Encrypt, c).map_err(s),
        |k, rng, m| k.encrypt(rng, rsa::Pkcs1v15Encrypt, m).map_err(s),
        |k, c| k.decrypt(rsa::Pkcs1v15Encrypt, c).map_err(s),
    );
}

type OpResult = Result<Vec<u8>, String>;

fn encryption_scheme(
    report: &mut Report,
    keys: &Keys<'_>,
    name: &str,
    ours_encrypt: impl Fn(&mut ChaCha8Rng, &[u8]) -> OpResult,
    ours_decrypt: impl Fn(&[u8]) -> OpResult,
    rsa_encrypt: impl Fn(&rsa::PublicKey, &mut ChaCha8Rng, &[u8]) -> OpResult,
    rsa_decrypt: impl Fn(&rsa::PrivateKey, &[u8]) -> OpResult,
) {
    let k = keys.ours_pub.size();
    // Ours encrypts; rsa (and ours) decrypt.
    let result = ours_encrypt(&mut rng(5), DEMO_PLAINTEXT)
        .map_err(|e| op_err("ours", "encrypt", e))
        .and_then(|ct| {
            ensure(ct.len() == k, "ciphertext length is not k")?;
            let back = ours_decrypt(&ct).map_err(|e| op_err("ours", "decrypt", e))?;
            ensure(back == DEMO_PLAINTEXT, "ours decrypts to something else")?;
            if let Some(rsa_priv) = keys.rsa_priv {
                let back =
                    rsa_decrypt(rsa_priv, &ct).map_err(|e| op_err("rsa 0.10", "decrypt", e))?;
                ensure(
                    back == DEMO_PLAINTEXT,
                    "rsa 0.10 decrypts to something else",
                )?;
            }
            Ok(())
        });
    let what = if keys.rsa_priv.is_some() {
        format!("{name} encrypt with ours -> decrypt with rsa 0.10 (and ours)")
    } else {
        format!("{name} encrypt -> decrypt with ours")
    };
    report.check(&what, result, |r| {
        Some(Timing {
            ours: r.time(|| ours_encrypt(&mut rng(5), DEMO_PLAINTEXT)),
            theirs: keys
                .rsa_pub
                .map(|key| r.time(|| rsa_encrypt(key, &mut rng(5), DEMO_PLAINTEXT))),
        })
    });

    // rsa encrypts; ours decrypts.
    if let (Some(rsa_pub), Some(rsa_priv)) = (keys.rsa_pub, keys.rsa_priv) {
        let ct = rsa_encrypt(rsa_pub, &mut rng(6), DEMO_PLAINTEXT)
            .map_err(|e| op_err("rsa 0.10", "encrypt", e));
        let result = ct.clone().and_then(|ct| {
            let back = ours_decrypt(&ct).map_err(|e| op_err("ours", "decrypt", e))?;
            ensure(back == DEMO_PLAINTEXT, "ours decrypts to something else")
        });
        report.check(
            &format!("{name} encrypt with rsa 0.10 -> decrypt with ours"),
            result,
            |r| {
                let ct = ct.ok()?;
                Some(Timing {
                    ours: r.time(|| ours_decrypt(&ct)),
                    theirs: Some(r.time(|| rsa_decrypt(rsa_priv, &ct))),
                })
            },
        );
    }
}

/// Public key only: the encryptions must be byte-identical to `rsa`'s with
/// identically seeded generators (the padding draws the same random bytes).
fn encryption_public_only(report: &mut Report, keys: &Keys<'_>) {
    let k = keys.ours_pub.size();
    type Enc<'a> = (
        &'static str,
        Box<dyn Fn(&mut ChaCha8Rng) -> OpResult + 'a>,
        Box<dyn Fn(&rsa::PublicKey, &mut ChaCha8Rng) -> OpResult + 'a>,
    );
    let schemes: [Enc<'_>; 2] = [
        (
            "OAEP-SHA256",
            Box::new(|rng| {
                keys.ours_pub
                    .encrypt(rng, Oaep::<Sha256>::new(), DEMO_PLAINTEXT)
                    .map_err(s)
            }),
            Box::new(|key, rng| {
                key.encrypt(rng, rsa::Oaep::<Sha256>::new(), DEMO_PLAINTEXT)
                    .map_err(s)
            }),
        ),
        (
            "PKCS#1 v1.5",
            Box::new(|rng| {
                keys.ours_pub
                    .encrypt(rng, Pkcs1v15Encrypt, DEMO_PLAINTEXT)
                    .map_err(s)
            }),
            Box::new(|key, rng| {
                key.encrypt(rng, rsa::Pkcs1v15Encrypt, DEMO_PLAINTEXT)
                    .map_err(s)
            }),
        ),
    ];
    for (name, ours_encrypt, rsa_encrypt) in &schemes {
        let result = ours_encrypt(&mut rng(7))
            .map_err(|e| op_err("ours", "encrypt", e))
            .and_then(|ct| {
                ensure(ct.len() == k, "ciphertext length is not k")?;
                if let Some(rsa_pub) = keys.rsa_pub {
                    let theirs = rsa_encrypt(rsa_pub, &mut rng(7))
                        .map_err(|e| op_err("rsa 0.10", "encrypt", e))?;
                    ensure(
                        theirs == ct,
                        "ciphertext differs from rsa 0.10's with the same RNG seed",
                    )?;
                }
                Ok(())
            });
        let what = if keys.rsa_pub.is_some() {
            format!("{name} encrypt: byte-identical to rsa 0.10 with the same RNG seed (no private key to decrypt)")
        } else {
            format!("{name} encrypt (no private key to decrypt)")
        };
        report.check(&what, result, |r| {
            Some(Timing {
                ours: r.time(|| ours_encrypt(&mut rng(7))),
                theirs: keys
                    .rsa_pub
                    .map(|key| r.time(|| rsa_encrypt(key, &mut rng(7)))),
            })
        });
    }
}

/// A signature file given by the user: PKCS#1 v1.5 SHA-256 or PSS SHA-256
/// (any salt); ours and `rsa` must agree.
fn check_given_signature(report: &mut Report, keys: &Keys<'_>, msg: &[u8], sig: &[u8]) {
    report.info(&format!("given signature ({} bytes)", sig.len()));
    let digest = Sha256::digest(msg);
    let ours_pkcs1 = keys
        .ours_pub
        .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, sig)
        .is_ok();
    let ours_pss = keys
        .ours_pub
        .pss_verify_prehash::<Sha256>(&digest, sig)
        .is_ok();
    let theirs = keys.rsa_pub.map(|k| {
        (
            k.verify(rsa::Pkcs1v15Sign::new::<Sha256>(), &digest, sig)
                .is_ok(),
            k.verify(rsa_pss_any_salt(), &digest, sig).is_ok(),
        )
    });
    let agree = theirs.is_none_or(|t| t == (ours_pkcs1, ours_pss));
    let scheme = match (ours_pkcs1, ours_pss) {
        (true, false) => Some("PKCS#1 v1.5 SHA-256"),
        (false, true) => Some("PSS SHA-256 (auto salt)"),
        (true, true) => None, // cannot happen: the encodings differ
        (false, false) => None,
    };
    let both = if theirs.is_some() {
        "ours and rsa 0.10 agree"
    } else {
        "ours only; rsa 0.10 could not load the key"
    };
    let result = if !agree {
        Err(format!(
            "ours and rsa 0.10 disagree (ours: PKCS#1 v1.5 {ours_pkcs1}, PSS {ours_pss}; \
             rsa 0.10: {theirs:?})"
        ))
    } else if scheme.is_none() {
        Err(format!(
            "does not verify as PKCS#1 v1.5 SHA-256 nor as PSS SHA-256 ({both}; \
             signature {} bytes, key {} bytes)",
            sig.len(),
            keys.ours_pub.size()
        ))
    } else {
        Ok(())
    };
    let what = match scheme {
        Some(scheme) if result.is_ok() => {
            format!("given signature verifies as {scheme} ({both})")
        }
        _ => "given signature".to_string(),
    };
    let is_pkcs1 = ours_pkcs1;
    report.check(&what, result, |r| {
        Some(if is_pkcs1 {
            Timing {
                ours: r.time(|| {
                    keys.ours_pub
                        .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, sig)
                }),
                theirs: keys
                    .rsa_pub
                    .map(|k| r.time(|| k.verify(rsa::Pkcs1v15Sign::new::<Sha256>(), &digest, sig))),
            }
        } else {
            Timing {
                ours: r.time(|| keys.ours_pub.pss_verify_prehash::<Sha256>(&digest, sig)),
                theirs: keys
                    .rsa_pub
                    .map(|k| r.time(|| k.verify(rsa_pss_any_salt(), &digest, sig))),
            }
        })
    });
}

/// Bundled mode only: OpenSSL-made signatures and ciphertexts for the same
/// key (tests/data/fixtures/rsa2048).
fn openssl_interop(report: &mut Report, ours_priv: &PrivateKey) {
    report.info("OpenSSL interop (fixtures made by openssl 3.0)");
    let public = ours_priv.as_public_key();
    let digest = Sha256::digest(BUNDLED_MSG);
    let result = ours_priv
        .sign(Pkcs1v15Sign::new::<Sha256>(), &digest)
        .map_err(|e| op_err("ours", "sign", e))
        .and_then(|sig| ensure(sig == OPENSSL_SIG_PKCS1, "differs from OpenSSL's signature"))
        .and_then(|()| {
            public
                .verify(Pkcs1v15Sign::new::<Sha256>(), &digest, OPENSSL_SIG_PKCS1)
                .map_err(|e| op_err("ours", "verify", e))
        });
    report.check(
        "PKCS#1 v1.5 SHA-256: our signature of msg.bin is byte-identical to OpenSSL's",
        result,
        |_| None,
    );
    let result = public
        .verify(Pss::<Sha256>::new_with_salt(32), &digest, OPENSSL_SIG_PSS)
        .and_then(|()| public.pss_verify_prehash::<Sha256>(&digest, OPENSSL_SIG_PSS))
        .map_err(|e| op_err("ours", "verify", e));
    report.check(
        "PSS SHA-256 salt 32: OpenSSL's signature verifies (fixed and auto salt length)",
        result,
        |_| None,
    );
    for (name, ct, result) in [
        (
            "OAEP-SHA256",
            OPENSSL_CT_OAEP,
            ours_priv.decrypt(Oaep::<Sha256>::new(), OPENSSL_CT_OAEP),
        ),
        (
            "PKCS#1 v1.5",
            OPENSSL_CT_PKCS1,
            ours_priv.decrypt(Pkcs1v15Encrypt, OPENSSL_CT_PKCS1),
        ),
    ] {
        let result = result
            .map_err(|e| op_err("ours", "decrypt", e))
            .and_then(|pt| ensure(pt == OPENSSL_PLAINTEXT, "wrong plaintext"));
        report.check(
            &format!(
                "{name}: OpenSSL's ciphertext ({} bytes) decrypts to plaintext.bin",
                ct.len()
            ),
            result,
            |_| None,
        );
    }
}
