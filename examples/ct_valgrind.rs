//! Constant-time check on the host: secrets as "undefined" under Valgrind
//! memcheck.
//!
//! Memcheck reports every conditional branch, memory address and system
//! call argument that depends on undefined memory. This program marks the
//! private key's secret components (`d`, `p`, `q`, `dP`, `dQ`, `qInv` and
//! their Montgomery constants), the message digest being signed and every
//! random value (salts, blinding factors) as undefined; everything computed
//! from them (the message representative, the padded plaintext `EM`, the
//! implicit-rejection key) is then undefined too. It then signs and
//! decrypts: PKCS#1 v1.5 signatures, PSS signatures, PKCS#1 v1.5 decryption
//! of valid and of invalid paddings (implicit rejection), OAEP decryption of
//! valid and invalid encodings, with and without blinding, at 1024, 1056
//! (odd limb counts: the 32-bit portable kernels), 2047, 2048 and 4096 bits,
//! with the fixed-capacity `BoundedPrivateKey` and with the heap
//! `PrivateKey` (whose numbers the operations view through copies on a
//! 64-bit host). Any report is a secret-dependent branch or index.
//!
//! Run by `ci/ct`:
//!
//! ```text
//! RSA_CORTEX_M_CT_VALGRIND=1 cargo build --release --example ct_valgrind
//! valgrind --error-exitcode=1 target/release/examples/ct_valgrind
//! ```
//!
//! `RSA_CORTEX_M_CT_VALGRIND` (read when the crate is compiled) turns on the
//! library's declassification points: the few values that are public by
//! design (whether a fault was detected, whether an input is below `n`, the
//! length of a returned plaintext, OAEP validity, whether a blinding draw
//! was invertible), each documented where it is declassified. The blinding
//! factor itself stays secret through its constant-time inversion. This program declassifies outputs only before comparing
//! them with expected values (the test oracle), each with a comment.
//!
//! Outside Valgrind (or without the variable) it runs the same operations
//! and checks the results, so it doubles as a smoke test.

use rsa_cortex_m::pkcs8::DecodePrivateKey;
use rsa_cortex_m::{
    oaep, pkcs1v15, pss, BoundedPrivateKey, Max4096, PrivateKey, PrivateOps, PublicOps,
};
use sha2::{Digest, Sha256};

/// Memcheck client requests via the x86-64 "magic sequence" (a no-op when
/// not running under Valgrind).
mod vg {
    const MC_BASE: usize = ((b'M' as usize) << 24) | ((b'C' as usize) << 16);
    const MAKE_MEM_UNDEFINED: usize = MC_BASE + 1;
    const MAKE_MEM_DEFINED: usize = MC_BASE + 2;
    const RUNNING_ON_VALGRIND: usize = 0x1001;

    #[cfg(target_arch = "x86_64")]
    fn request(default: usize, args: [usize; 6]) -> usize {
        let result;
        // SAFETY: rotating rdi by 3 + 13 + 61 + 51 = 128 bits is the identity
        // and `xchg rbx, rbx` does nothing; Valgrind recognises the sequence
        // and performs the request in `args`, which only reads `args`.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") default => result,
                in("rax") args.as_ptr(),
                options(nostack, preserves_flags),
            );
        }
        result
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn request(default: usize, _args: [usize; 6]) -> usize {
        default
    }

    pub fn running() -> bool {
        request(0, [RUNNING_ON_VALGRIND, 0, 0, 0, 0, 0]) != 0
    }

    /// Marks `x` secret.
    pub fn poison<T: ?Sized>(x: &T) {
        let (p, n) = (
            x as *const T as *const u8 as usize,
            core::mem::size_of_val(x),
        );
        request(0, [MAKE_MEM_UNDEFINED, p, n, 0, 0, 0]);
    }

    /// `v`, marked secret: read back from the marked memory (a register
    /// copy from before the request would stay defined).
    pub fn poisoned<T: Copy>(v: T) -> T {
        let slot = v;
        poison(&slot);
        // SAFETY: `slot` is a live, aligned, initialised local.
        unsafe { core::ptr::read_volatile(&slot) }
    }

    /// Marks `x` public.
    pub fn declassify<T: ?Sized>(x: &T) {
        let (p, n) = (
            x as *const T as *const u8 as usize,
            core::mem::size_of_val(x),
        );
        request(0, [MAKE_MEM_DEFINED, p, n, 0, 0, 0]);
    }
}

/// A deterministic generator (SplitMix64) whose every output is marked
/// secret: salts and blinding factors must not steer branches either.
struct SecretRng(u64);

impl SecretRng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl rand_core::TryRng for SecretRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(vg::poisoned(self.next() as u32))
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(vg::poisoned(self.next()))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let v = self.next().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
        vg::poison(dst);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for SecretRng {}

/// A public, deterministic generator for making test ciphertexts.
struct PublicRng(SecretRng);

impl rand_core::TryRng for PublicRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next() as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0.next())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let v = self.0.next().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
        Ok(())
    }
}

impl rand_core::TryCryptoRng for PublicRng {}

const KEYS: [(&str, &[u8]); 4] = [
    (
        "rsa1024",
        include_bytes!("../tests/data/fixtures/rsa1024/private.pkcs8.der"),
    ),
    (
        "rsa2047",
        include_bytes!("../tests/data/fixtures/rsa2047/private.pkcs8.der"),
    ),
    (
        "rsa2048",
        include_bytes!("../tests/data/fixtures/rsa2048/private.pkcs8.der"),
    ),
    (
        "rsa4096",
        include_bytes!("../tests/data/fixtures/rsa4096/private.pkcs8.der"),
    ),
];

/// A 1056-bit key (PKCS#8 DER, made with `openssl genpkey -algorithm RSA
/// -pkeyopt rsa_keygen_bits:1056` for this check): 33 limbs of modulus and
/// 17-limb CRT halves, odd lengths, which the 64-bit kernels hand to the
/// 32-bit portable ones (the reference kernels, used on cores without the
/// UMAAL backend), so those are checked too.
const RSA1056_PKCS8_HEX: &[&str] = &[
    "3082028a020100300d06092a864886f70d0101010500048202743082027002010002818500cc57997d49ebf4ad5b2283",
    "14bad28c5352d3792b022b0c9ccf9cbc9ea4b5c2428958439e6f63f967115ea846f3410841f9e59c6dbfd3f6fe9e466c",
    "c54e19fff812f740d497b3c8faeb4aa464384dc09f2ac1f927a3bc23b51555bab3e9435ffb904ce328d34d099ec36a90",
    "765cb1e049c851799d5de988fb00522f194effb76d5dff22d502030100010281850093c511714220c91b0819a813389b",
    "03f149a7362b7cf0e6b90b85fbfcf97d9b528481f8bc3d2f5def43e760e79607c451f9c62ade4ee798e93e4a0d648d7b",
    "4dd8f6d4de099823a928691944c07c0c8e7f3f432f34cb5e5463c0361314e1bebc65195f8a71c7aa30f9424469a4d315",
    "67f7391d0ae26816f3687bbd1d0bead9a04c5c09d8ed024300e8f04da8176f743d701b6dd95b029982bfcdef61de127e",
    "63b37d769f4f1fd9a275208b1b21d724b108d3b070bbc0dfc886cbdcdd64c35de9cc8b47d1c234a153826f024300e092",
    "88d1184cc1895b3b4425e5b66bc1dad3c325a526e387e527d39611c70566ea6a0a531f3dcbbba470ecdb5a9a11a539e2",
    "a6279f5181e9e55998494a163ee5c0fb0242147adc390526756fd9656ff906396a49c697528ea639b6070a06e3e109d1",
    "e10e9981acf94bb660b177f734b214afd67d08ecef943f81b5c61287c45ebad669c0afdd02430084c23bbd98a6ef96da",
    "e71b6f67f0429db45691bbf4791bf35f65fef06d8c014688f7ad28dc8434a7b61bc7fa190291c1e289797e5cf1db6241",
    "6288e372b7d9f10af7024300d667368575f1fcfa09967f8665fdb455659f08b6b7e249d3510ac46f3d1a5da6b0cb05f2",
    "56a007804d59888e58e7ece64d5b7568be0e6730277605ae1270794a12de",
];

/// Encrypts an arbitrary encoded message `em` (`k` bytes, below `n`) with
/// the public key: makes ciphertexts of valid and invalid paddings.
fn raw_encrypt(key: &BoundedPrivateKey<Max4096>, em: &[u8]) -> Vec<u8> {
    let mut ct = vec![0u8; key.size()];
    key.as_public_key().raw_public(em, &mut ct).unwrap();
    ct
}

/// Counts the operations run, for the summary line.
#[derive(Default)]
struct Counts {
    sign: usize,
    decrypt_valid: usize,
    decrypt_invalid: usize,
}

fn main() {
    let under_valgrind = vg::running();
    if std::env::args().any(|a| a == "--canary") {
        // Self-test of the harness: a deliberate branch on a secret byte,
        // which memcheck must report (ci/ct expects this run to fail).
        let secret = std::hint::black_box([0x42u8; 1]);
        vg::poison(&secret);
        if std::hint::black_box(secret[0]) == 0x42 {
            println!("canary: branched on a secret");
        }
        return;
    }
    let mut rng = SecretRng(0x5eed);
    let mut public_rng = PublicRng(SecretRng(0xc0ffee));
    let mut counts = Counts::default();
    let mut instrumented = false;
    let odd = hex::decode(RSA1056_PKCS8_HEX.concat()).unwrap();
    let keys = KEYS
        .iter()
        .copied()
        .chain([("rsa1056 (odd limb counts)", &odd[..])]);
    for (name, der) in keys {
        let mut key = BoundedPrivateKey::<Max4096>::from_pkcs8_der(der).unwrap();
        for exponent_blinding in [false, true] {
            key.set_exponent_blinding(exponent_blinding);
            // Mark every secret component undefined: from here on, any branch
            // or memory index depending on them is a memcheck error.
            instrumented = key.ct_valgrind_poison_secrets();
            run_key(
                name,
                &key,
                key.as_public_key(),
                &key,
                &mut rng,
                &mut public_rng,
                &mut counts,
            );
        }
        // The heap key (blinded with base and exponent blinding when given
        // an RNG, as rsa 0.10).
        let heap = PrivateKey::from_pkcs8_der(der).unwrap();
        instrumented &= heap.ct_valgrind_poison_secrets();
        run_key(
            name,
            &heap,
            heap.as_public_key(),
            &key,
            &mut rng,
            &mut public_rng,
            &mut counts,
        );
    }
    if under_valgrind && !instrumented {
        eprintln!(
            "error: the crate was not built with RSA_CORTEX_M_CT_VALGRIND=1: \
             secrets are not marked, the check would prove nothing"
        );
        std::process::exit(2);
    }
    println!(
        "ct_valgrind: {} keys, {} signatures, {} valid and {} invalid decryptions \
         (valgrind: {under_valgrind}, secrets marked: {instrumented})",
        2 * (KEYS.len() + 1),
        counts.sign,
        counts.decrypt_valid,
        counts.decrypt_invalid
    );
}

/// `key`'s operations; `maker` (the same key, fixed-capacity) makes the
/// ciphertexts of chosen encodings.
fn run_key<K: PrivateOps, P: PublicOps>(
    name: &str,
    key: &K,
    public: &P,
    maker: &BoundedPrivateKey<Max4096>,
    rng: &mut SecretRng,
    public_rng: &mut PublicRng,
    counts: &mut Counts,
) {
    let k = maker.size();

    // --- Signatures: the digest (hence the message representative) is secret.
    let mut digest = Sha256::digest(format!("message for {name}").as_bytes());
    let prefix = pkcs1v15::DigestInfoPrefix::new::<Sha256>();
    let mut sig = vec![0u8; k];
    vg::poison(&digest[..]);
    pkcs1v15::sign_prehash_into(key, prefix.as_bytes(), &digest, &mut sig).unwrap();
    let mut sig_blinded = vec![0u8; k];
    pkcs1v15::sign_prehash_blinded_into(key, rng, prefix.as_bytes(), &digest, &mut sig_blinded)
        .unwrap();
    // Public by design: the signature is the output (and the test oracle
    // needs the digest to verify).
    vg::declassify(&sig[..]);
    vg::declassify(&sig_blinded[..]);
    vg::declassify(&digest[..]);
    assert_eq!(sig, sig_blinded);
    pkcs1v15::verify_prehash(public, prefix.as_bytes(), &digest, &sig).unwrap();

    let mut pss_sig = vec![0u8; k];
    vg::poison(&digest[..]);
    pss::sign_prehash_into::<_, Sha256, _>(key, rng, &digest, 32, &mut pss_sig).unwrap();
    // Public by design: the signature; the digest for the oracle.
    vg::declassify(&pss_sig[..]);
    vg::declassify(&digest[..]);
    pss::verify_prehash::<_, Sha256>(public, &digest, &pss_sig, Some(32)).unwrap();
    digest[0] ^= 1;
    counts.sign += 3;

    // --- PKCS#1 v1.5 decryption. Ciphertexts are public; the plaintext EM
    // computed from them is secret (derived from the undefined key).
    let msg = b"pre-master secret, 48 bytes long, or thereabouts";
    let mut ct_valid = vec![0u8; k];
    pkcs1v15::encrypt_into(public, public_rng, msg, &mut ct_valid).unwrap();
    // Invalid paddings of every kind: wrong first bytes, no separator, a
    // separator too early (PS shorter than 8 bytes).
    let mut invalid = Vec::new();
    let mut em = vec![0x5au8; k];
    em[0] = 0;
    em[1] = 2;
    em[k - 20] = 0;
    let mut bad = em.clone();
    bad[1] = 1;
    invalid.push(raw_encrypt(maker, &bad));
    let mut bad = em.clone();
    bad[k - 20] = 0x33;
    invalid.push(raw_encrypt(maker, &bad));
    let mut bad = em.clone();
    bad[k - 20] = 0x33;
    bad[6] = 0;
    invalid.push(raw_encrypt(maker, &bad));
    let mut bad = em.clone();
    bad[0] = 0;
    bad[1] = 0;
    invalid.push(raw_encrypt(maker, &bad));
    let mut out = vec![0u8; k];
    for blinded in [false, true] {
        let len = if blinded {
            pkcs1v15::decrypt_blinded_into(key, rng, &ct_valid, &mut out)
        } else {
            pkcs1v15::decrypt_into(key, &ct_valid, &mut out)
        }
        .unwrap();
        // Test oracle only: compare the plaintext with the expected one.
        vg::declassify(&out[..]);
        assert_eq!(&out[..len], msg);
        counts.decrypt_valid += 1;
        for ct in &invalid {
            let len = if blinded {
                pkcs1v15::decrypt_blinded_into(key, rng, ct, &mut out)
            } else {
                pkcs1v15::decrypt_into(key, ct, &mut out)
            }
            .unwrap();
            // Test oracle only: a synthetic message, never the padding.
            vg::declassify(&out[..]);
            assert!(len <= k - 11);
            counts.decrypt_invalid += 1;
        }
    }

    // --- OAEP decryption, valid and invalid (wrong label, Y ≠ 0, random).
    let mut ct_oaep = vec![0u8; k];
    oaep::encrypt_into::<_, Sha256, Sha256, _>(public, public_rng, msg, b"", &mut ct_oaep).unwrap();
    let mut ct_label = vec![0u8; k];
    oaep::encrypt_into::<_, Sha256, Sha256, _>(public, public_rng, msg, b"L", &mut ct_label)
        .unwrap();
    let mut y_em = vec![0u8; k];
    oaep::eme_oaep_encode_with_seed::<Sha256, Sha256>(msg, b"", &[7; 32], &mut y_em).unwrap();
    y_em[0] = 0; // keep below n; flip a masked-DB byte instead
    y_em[k - 1] ^= 0x80;
    let ct_db = raw_encrypt(maker, &y_em);
    let mut random = vec![0u8; k];
    rand_core::TryRng::try_fill_bytes(public_rng, &mut random[1..]).unwrap();
    for blinded in [false, true] {
        let dec = |ct: &[u8], out: &mut [u8], rng: &mut SecretRng| {
            if blinded {
                oaep::decrypt_blinded_into::<_, Sha256, Sha256, _>(key, rng, ct, b"", out)
            } else {
                oaep::decrypt_into::<_, Sha256, Sha256>(key, ct, b"", out)
            }
        };
        let len = dec(&ct_oaep, &mut out, rng).unwrap();
        // Test oracle only.
        vg::declassify(&out[..]);
        assert_eq!(&out[..len], msg);
        counts.decrypt_valid += 1;
        for ct in [&ct_label, &ct_db, &random] {
            assert_eq!(dec(ct, &mut out, rng), Err(rsa_cortex_m::Error::Decryption));
            counts.decrypt_invalid += 1;
        }
    }
}
