//! RSA through crates that depend on `rsa` 0.10 by name (run by
//! `ci/patch-consumers`, which checks what this writes with openssl and
//! ssh-keygen).
//!
//! Usage: patch-consumers DATA OUT, DATA holding `private.pkcs8.pem`,
//! `public.spki.pem`, `msg.bin`, `id_rsa` (OpenSSH private key) and
//! `msg.ssh-keygen.sig` (an `ssh-keygen -Y sign -n file` signature of
//! `msg.bin`); OUT receives `jwt.RS256`, `jwt.PS256`, `msg.ssh-key.sig`.
use std::{env, fs, path::Path, process::ExitCode};

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use ssh_key::{HashAlg, LineEnding, PrivateKey, SshSig};

#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Claims {
    sub: String,
    exp: u64,
}

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn check(ok: bool, what: &str) -> Result<()> {
    if ok {
        println!("patch-consumers: {what}: ok");
        Ok(())
    } else {
        Err(format!("{what}: FAILED").into())
    }
}

/// jsonwebtoken (`rust_crypto`): RS256, RS384, RS512, PS256, PS384, PS512
/// round trips; a token with its signature altered must be refused.
fn jwt(data: &Path, out: &Path) -> Result<()> {
    let enc = EncodingKey::from_rsa_pem(&fs::read(data.join("private.pkcs8.pem"))?)?;
    let dec = DecodingKey::from_rsa_pem(&fs::read(data.join("public.spki.pem"))?)?;
    let claims = Claims {
        sub: "rsa-cortex-m".into(),
        exp: 4_102_444_800,
    };
    for alg in [
        Algorithm::RS256,
        Algorithm::RS384,
        Algorithm::RS512,
        Algorithm::PS256,
        Algorithm::PS384,
        Algorithm::PS512,
    ] {
        let token = encode(&Header::new(alg), &claims, &enc)?;
        let got = decode::<Claims>(&token, &dec, &Validation::new(alg))?;
        check(
            got.claims == claims,
            &format!("jsonwebtoken {alg:?} sign + verify"),
        )?;
        // Change the signature's first base64url character (its top bits).
        let dot = token.rfind('.').ok_or("no signature")?;
        let mut bad = token.clone().into_bytes();
        bad[dot + 1] = if bad[dot + 1] == b'A' { b'B' } else { b'A' };
        let bad = String::from_utf8(bad)?;
        check(
            decode::<Claims>(&bad, &dec, &Validation::new(alg)).is_err(),
            &format!("jsonwebtoken {alg:?} altered signature refused"),
        )?;
        if matches!(alg, Algorithm::RS256 | Algorithm::PS256) {
            fs::write(out.join(format!("jwt.{alg:?}")), &token)?;
        }
    }
    Ok(())
}

/// ssh-key (`rsa`): an SSHSIG (rsa-sha2-512) made and verified, the one
/// ssh-keygen made verified; a changed message must be refused.
fn ssh(data: &Path, out: &Path) -> Result<()> {
    let key = PrivateKey::read_openssh_file(data.join("id_rsa"))?;
    let msg = fs::read(data.join("msg.bin"))?;
    let sig = key.sign("file", HashAlg::Sha512, &msg)?;
    key.public_key().verify("file", &msg, &sig)?;
    check(true, "ssh-key SSHSIG rsa-sha2-512 sign + verify")?;
    let mut other = msg.clone();
    other[0] ^= 1;
    check(
        key.public_key().verify("file", &other, &sig).is_err(),
        "ssh-key SSHSIG changed message refused",
    )?;
    fs::write(out.join("msg.ssh-key.sig"), sig.to_pem(LineEnding::LF)?)?;
    let theirs = SshSig::from_pem(fs::read(data.join("msg.ssh-keygen.sig"))?)?;
    key.public_key().verify("file", &msg, &theirs)?;
    check(true, "ssh-key verifies ssh-keygen's SSHSIG")?;
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: patch-consumers DATA OUT");
        return ExitCode::from(2);
    }
    let (data, out) = (Path::new(&args[1]), Path::new(&args[2]));
    match jwt(data, out).and_then(|()| ssh(data, out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("patch-consumers: {e}");
            ExitCode::FAILURE
        }
    }
}
