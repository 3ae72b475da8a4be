//! A TLS 1.3 handshake on the device (issue 25): a rustls 0.23 client
//! without std (`UnbufferedClientConnection`) talks to `openssl s_server`
//! over the board's UART, which QEMU bridges to a TCP socket
//! (`-serial tcp:…`, relayed to the server by `ci/tls_relay.py`; the host
//! only moves bytes). The provider (`src/provider.rs`): this crate's RSA
//! for the server's certificate chain and its RSA-PSS `CertificateVerify`,
//! RustCrypto for X25519, AES-128-GCM and SHA-256/HMAC, the host's
//! `/dev/urandom` and clock through semihosting.
//!
//! The trust anchor (a DER CA certificate) is read from the host file whose
//! name the command line gives (semihosting `SYS_GET_CMDLINE`), so the CA
//! is made fresh per run by `ci/m4-tls`. The client verifies the server as
//! `localhost`, sends an HTTP request, reads `s_server -www`'s page to its
//! end, sends `close_notify`, reads until the server's, and exits with
//! status 0 when every check passed. A refused handshake sends rustls's
//! fatal alert before exiting with status 1.
//!
//! Console lines (read by `ci/m4-tls`):
//! * `tls-handshake done <protocol> <suite> <scheme>`, the scheme being
//!   that of the server's `CertificateVerify`;
//! * `tls-reply <n> bytes: <first line>` and `tls-reply-session <the
//!   page's "New, …" line>` (the session as the server saw it);
//! * `tls-heap-handshake peak <bytes> in-use-after <bytes>`: rustls, the
//!   provider and this crate up to the first application data (the record
//!   buffers are statics); `tls-heap-peak <bytes>`: the whole run, the
//!   reply included; `tls-stack-peak <bytes>`;
//! * last, `tls-done ok` or `tls-error <what>`.
//!
//! `bench-region` lines and `bench_start`/`bench_stop` calls mark the
//! client's work for an instruction trace (`ci/m4-tls --cycles`).
#![no_std]
#![no_main]

#[path = "../vectors.rs"]
mod vectors;

extern crate alloc;

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU32, Ordering};

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln, nr, syscall, syscall1};
use panic_semihosting as _;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::{UnbufferedClientConnection, WebPkiServerVerifier};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::unbuffered::{ConnectionState, EncodeError, UnbufferedStatus};
use rustls::{ClientConfig, DigitallySignedStruct, Error, RootCertStore, SignatureScheme};

#[path = "../heap.rs"]
mod heap;
use heap::HEAP;

#[path = "../regions.rs"]
mod regions;
use regions::{bench_start, bench_stop, paint, peak_stack};

#[path = "../provider.rs"]
mod provider;

/// Heap for rustls: the connection, the certificates and the handshake
/// (issue 25's bound for a 2048-bit chain: the image runs in it).
const HEAP_BYTES: usize = 32 * 1024;
/// A whole record of the largest size (RFC 8446 §5.2: 2^14 + 256 bytes of
/// ciphertext) and its header.
const INCOMING_BYTES: usize = 5 + (1 << 14) + 256;
/// The client's flights are small (ClientHello, Finished, one request).
const OUTGOING_BYTES: usize = 4 * 1024;

const REQUEST: &[u8] = b"GET / HTTP/1.0\r\nHost: localhost\r\n\r\n";

/// Measured regions for an instruction trace (`ci/m4-bench`'s protocol:
/// `bench-region <n> <kind> 0 0`, then `bench_start`/`bench_stop`;
/// `ci/m4_bench.py` numbers the regions in order and does not nest them).
/// The client's work from `ClientConfig` to the first `WriteTraffic` is cut
/// into `handshake` regions around every wait for the UART, and `chain` /
/// `certificate-verify` regions around the verifier's two RSA steps; their
/// sum is the handshake's cycles on the device, the UART waits excluded.
mod meter {
    use super::{bench_start, bench_stop};
    use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use cortex_m_semihosting::hprintln;

    static ON: AtomicBool = AtomicBool::new(false);
    static ACTIVE: AtomicBool = AtomicBool::new(false);
    static NEXT: AtomicU32 = AtomicU32::new(0);

    /// Starts metering (a first `handshake` region).
    pub fn start() {
        ON.store(true, Ordering::Relaxed);
        resume("handshake");
    }

    /// Opens a region of `kind` if metering is on.
    pub fn resume(kind: &str) {
        if ON.load(Ordering::Relaxed) && !ACTIVE.load(Ordering::Relaxed) {
            let id = NEXT.fetch_add(1, Ordering::Relaxed);
            hprintln!("bench-region {} {} 0 0", id, kind);
            ACTIVE.store(true, Ordering::Relaxed);
            bench_start(id);
        }
    }

    /// Closes the open region, if any.
    pub fn pause() {
        if ACTIVE.load(Ordering::Relaxed) {
            bench_stop(NEXT.load(Ordering::Relaxed) - 1);
            ACTIVE.store(false, Ordering::Relaxed);
        }
    }

    /// Closes the open region and stops metering.
    pub fn finish() {
        pause();
        ON.store(false, Ordering::Relaxed);
    }
}

/// CMSDK APB UART0 of mps2-an386.
mod uart {
    const BASE: usize = 0x4000_4000;
    const DATA: *mut u32 = BASE as *mut u32;
    const STATE: *mut u32 = (BASE + 0x4) as *mut u32;
    const CTRL: *mut u32 = (BASE + 0x8) as *mut u32;
    const BAUDDIV: *mut u32 = (BASE + 0x10) as *mut u32;
    const TX_FULL: u32 = 1;
    const RX_FULL: u32 = 2;

    pub fn init() {
        // SAFETY: the UART's registers (the board's memory map).
        unsafe {
            core::ptr::write_volatile(BAUDDIV, 16);
            core::ptr::write_volatile(CTRL, 0b11); // TX and RX enabled
        }
    }

    pub fn write(bytes: &[u8]) {
        super::meter::pause();
        for &b in bytes {
            // SAFETY: as in init().
            unsafe {
                while core::ptr::read_volatile(STATE) & TX_FULL != 0 {}
                core::ptr::write_volatile(DATA, u32::from(b));
            }
        }
        super::meter::resume("handshake");
    }

    pub fn read(buf: &mut [u8]) {
        super::meter::pause();
        for b in buf {
            // SAFETY: as in init().
            unsafe {
                while core::ptr::read_volatile(STATE) & RX_FULL == 0 {}
                *b = core::ptr::read_volatile(DATA) as u8;
            }
        }
        super::meter::resume("handshake");
    }
}

/// The scheme of the server's `CertificateVerify`, as rustls verified it.
static SCHEME: AtomicU32 = AtomicU32::new(0);

/// rustls's WebPKI verifier (with the provider's, i.e. this crate's, RSA
/// algorithms), its two RSA steps made measured regions and the
/// `CertificateVerify` scheme recorded.
#[derive(Debug)]
struct Measured(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for Measured {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, Error> {
        meter::pause();
        meter::resume("chain");
        let r =
            self.0
                .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now);
        meter::pause();
        meter::resume("handshake");
        r
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        SCHEME.store(u32::from(u16::from(dss.scheme)), Ordering::Relaxed);
        meter::pause();
        meter::resume("certificate-verify");
        let r = self.0.verify_tls13_signature(message, cert, dss);
        meter::pause();
        meter::resume("handshake");
        r
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

/// The host file named on the command line, read whole.
fn read_host_file(buf: &mut [u8]) -> Option<usize> {
    let mut cmdline = [0u8; 256];
    let mut block = [cmdline.as_mut_ptr() as usize, cmdline.len()];
    // SAFETY: SYS_GET_CMDLINE (its argument is the block itself) fills the
    // buffer and sets its length in `block`.
    if unsafe { syscall1!(GET_CMDLINE, block.as_mut_ptr()) } != 0 {
        return None;
    }
    let line = &cmdline[..block[1].min(cmdline.len())];
    // The first word is the image's name; the second the file.
    let name = line.split(|&b| b == b' ').nth(1)?;
    let mut path = [0u8; 257];
    path[..name.len()].copy_from_slice(name);
    // SAFETY: SYS_OPEN reads the NUL-terminated name and its length.
    let fd = unsafe { syscall!(OPEN, path.as_ptr(), nr::open::R_BINARY, name.len()) };
    if fd == usize::MAX {
        return None;
    }
    // SAFETY: SYS_READ writes at most buf.len() bytes; returns those unread.
    let left = unsafe { syscall!(READ, fd, buf.as_mut_ptr(), buf.len()) };
    // SAFETY: closes the handle opened above.
    unsafe { syscall!(CLOSE, fd) };
    (left > 0 && left <= buf.len()).then(|| buf.len() - left)
}

/// Bytes still missing for the first incomplete record of `buf` (at least
/// one), so that the UART is read record by record.
fn missing(buf: &[u8]) -> usize {
    let mut at = 0;
    loop {
        if buf.len() < at + 5 {
            return at + 5 - buf.len();
        }
        let end = at + 5 + usize::from(u16::from_be_bytes([buf[at + 3], buf[at + 4]]));
        if buf.len() < end {
            return end - buf.len();
        }
        at = end;
        if at == buf.len() {
            return 5;
        }
    }
}

fn fail(what: &str) -> ! {
    hprintln!("tls-error {}", what);
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}

static mut INCOMING: [u8; INCOMING_BYTES] = [0; INCOMING_BYTES];
static mut OUTGOING: [u8; OUTGOING_BYTES] = [0; OUTGOING_BYTES];

#[entry]
fn main() -> ! {
    {
        static mut HEAP_MEM: [u8; HEAP_BYTES] = [0; HEAP_BYTES];
        // SAFETY: called once, before any allocation; HEAP_MEM is used by
        // nothing else.
        unsafe { HEAP.init(&mut *core::ptr::addr_of_mut!(HEAP_MEM)) }
    }
    if provider::kat::run() != 0 {
        fail("provider known-answer tests failed");
    }
    uart::init();
    let sp = paint();
    let r = run();
    let stack = peak_stack(sp);
    match r {
        Ok(()) => {
            hprintln!("tls-heap-peak {}", HEAP.peak.load(Ordering::Relaxed));
            hprintln!("tls-stack-peak {}", stack);
            hprintln!("tls-done ok");
            debug::exit(debug::EXIT_SUCCESS);
        }
        Err(e) => {
            hprintln!("tls-error {:?}", e);
            debug::exit(debug::EXIT_FAILURE);
        }
    }
    loop {
        cortex_m::asm::wfi();
    }
}

#[inline(never)]
fn run() -> Result<(), Error> {
    let mut ca = [0u8; 4096];
    let Some(ca_len) = read_host_file(&mut ca) else {
        fail("cannot read the CA certificate named on the command line");
    };
    let mut roots = RootCertStore::empty();
    roots.add(CertificateDer::from(&ca[..ca_len]).into_owned())?;

    meter::start();
    let provider = Arc::new(provider::provider());
    let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
        .build()
        .map_err(|e| Error::General(alloc::format!("{e:?}")))?;
    let config = ClientConfig::builder_with_details(provider, Arc::new(provider::HostTime))
        .with_protocol_versions(&[&rustls::version::TLS13])?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(Measured(webpki)))
        .with_no_client_auth();
    let name = ServerName::try_from("localhost").map_err(|_| Error::General("name".into()))?;

    // SAFETY: the only references to the two buffers.
    let incoming = unsafe { &mut *core::ptr::addr_of_mut!(INCOMING) };
    let outgoing = unsafe { &mut *core::ptr::addr_of_mut!(OUTGOING) };
    let mut in_used = 0;
    let mut out_used = 0;
    let mut reply = Vec::new();
    let mut sent_request = false;
    let mut sent_close = false;
    let mut handshake_done = false;

    let mut error: Option<Error> = None;
    let mut conn = UnbufferedClientConnection::new(Arc::new(config), name)?;
    loop {
        let UnbufferedStatus { mut discard, state } =
            conn.process_tls_records(&mut incoming[..in_used]);
        let mut need_input = false;
        match state {
            // rustls queues the fatal alert with the error: the calls after
            // the first error encode and send it, then fail again.
            Err(e) => match error {
                Some(first) => {
                    meter::finish();
                    return Err(first);
                }
                None => error = Some(e),
            },
            Ok(ConnectionState::EncodeTlsData(mut e)) => {
                match e.encode(&mut outgoing[out_used..]) {
                    Ok(n) => out_used += n,
                    Err(EncodeError::InsufficientSize(_)) => fail("outgoing buffer too small"),
                    Err(EncodeError::AlreadyEncoded) => fail("already encoded"),
                }
            }
            Ok(ConnectionState::TransmitTlsData(t)) => {
                uart::write(&outgoing[..out_used]);
                out_used = 0;
                t.done();
            }
            Ok(ConnectionState::BlockedHandshake) => need_input = true,
            Ok(ConnectionState::WriteTraffic(mut w)) => {
                if !handshake_done {
                    meter::finish();
                    handshake_done = true;
                    hprintln!(
                        "tls-heap-handshake peak {} in-use-after {}",
                        HEAP.peak.load(Ordering::Relaxed),
                        HEAP.used.load(Ordering::Relaxed)
                    );
                }
                if !sent_request {
                    out_used += w
                        .encrypt(REQUEST, &mut outgoing[out_used..])
                        .map_err(|e| Error::General(alloc::format!("{e:?}")))?;
                    uart::write(&outgoing[..out_used]);
                    out_used = 0;
                    sent_request = true;
                } else if !sent_close && reply_complete(&reply) {
                    out_used += w
                        .queue_close_notify(&mut outgoing[out_used..])
                        .map_err(|e| Error::General(alloc::format!("{e:?}")))?;
                    uart::write(&outgoing[..out_used]);
                    out_used = 0;
                    sent_close = true;
                } else {
                    need_input = true;
                }
            }
            Ok(ConnectionState::ReadTraffic(mut r)) => {
                while let Some(record) = r.next_record() {
                    let record = record?;
                    discard += record.discard;
                    reply.extend_from_slice(record.payload);
                }
            }
            Ok(ConnectionState::PeerClosed | ConnectionState::Closed) => break,
            Ok(_) => fail("unexpected connection state"),
        }
        if discard != 0 {
            incoming.copy_within(discard..in_used, 0);
            in_used -= discard;
        }
        if need_input {
            let n = missing(&incoming[..in_used]);
            if in_used + n > incoming.len() {
                fail("record larger than the incoming buffer");
            }
            uart::read(&mut incoming[in_used..in_used + n]);
            in_used += n;
        }
    }

    if !handshake_done {
        fail("connection closed before the handshake completed");
    }
    let scheme = SignatureScheme::from(SCHEME.load(Ordering::Relaxed) as u16);
    hprintln!(
        "tls-handshake done {:?} {:?} {:?}",
        conn.protocol_version(),
        conn.negotiated_cipher_suite().map(|s| s.suite()),
        scheme
    );
    let first = reply.split(|&b| b == b'\n').next().unwrap_or(&[]);
    hprintln!(
        "tls-reply {} bytes: {}",
        reply.len(),
        core::str::from_utf8(first)
            .unwrap_or("<not UTF-8>")
            .trim_end()
    );
    // s_server -www's page states the session as the server sees it.
    if let Some(line) = reply
        .split(|&b| b == b'\n')
        .find(|l| l.starts_with(b"New, "))
    {
        hprintln!(
            "tls-reply-session {}",
            core::str::from_utf8(line)
                .unwrap_or("<not UTF-8>")
                .trim_end()
        );
    }
    if !reply.starts_with(b"HTTP/1.0 200 ok") {
        fail("unexpected reply");
    }
    if !sent_close {
        hprintln!("tls-peer-closed-first");
    }
    Ok(())
}

/// `openssl s_server -www` ends its status page with `</HTML>`.
fn reply_complete(reply: &[u8]) -> bool {
    reply.windows(7).any(|w| w == b"</HTML>")
}
