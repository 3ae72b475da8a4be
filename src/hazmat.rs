//! ⚠️ Low-level "hazmat" functions: raw RSA without padding, and raw
//! modular exponentiation for other protocols.
//!
//! <div class="warning">Raw RSA must never be used without a padding or
//! signature scheme that has received extensive review; these functions are
//! for implementing such constructions.</div>
//!
//! With the `hazmat` feature, `rsa` 0.10's `rsa_encrypt` (RSAEP/RSAVP1),
//! `rsa_decrypt` and `rsa_decrypt_and_check` (RSADP/RSASP1, RFC 8017
//! §5) on `BoxedUint`s, for any key implementing the component traits; they
//! run on the same kernels as every other operation.
//!
//! Always: modular exponentiation for other protocols (SRP, finite-field
//! Diffie–Hellman, …) on this crate's constant-time Montgomery arithmetic.
//!
//! Numbers are big-endian byte strings; the modulus must be odd (Montgomery
//! arithmetic) and its length is public. Nothing allocates: the caller
//! provides `work`, [`mod_pow_work_limbs`] limbs long. No padding, no
//! validation of protocol semantics: that is the caller's job.
//!
//! ```
//! use rsa_cortex_m::hazmat::{mod_pow_secret, mod_pow_work_limbs};
//! // 3^5 mod 7 = 5
//! let mut work = [0u32; mod_pow_work_limbs(1, 1)];
//! let mut out = [0u8; 1];
//! mod_pow_secret(&[3], &[5], &[7], &mut out, &mut work).unwrap();
//! assert_eq!(out, [5]);
//! ```

use crate::arith::{exp, limbs, Limb, Modulus};
use crate::errors::{Error, Result};
use zeroize::Zeroize;

#[cfg(feature = "hazmat")]
pub use raw_rsa::{rsa_decrypt, rsa_decrypt_and_check, rsa_encrypt};

#[cfg(feature = "hazmat")]
mod raw_rsa {
    use crypto_bigint::BoxedUint;
    use rand_core::TryCryptoRng;

    use crate::errors::Result;
    use crate::key::heap::ops;
    use crate::traits::{PrivateKeyParts, PublicKeyParts};

    /// ⚠️ RSAEP / RSAVP1 (RFC 8017 §5.1.1, §5.2.2) on the integer
    /// representative `m`: `m^e mod n`, without padding.
    ///
    /// Reduces `m` modulo `n` first when it is not below it; RSAEP and RSAVP1
    /// require the caller to check `m < n`. The result has the precision of
    /// `n`. Variable time in `e` only.
    ///
    /// # Errors
    /// None today; the `Result` is `rsa`'s signature.
    pub fn rsa_encrypt<K: PublicKeyParts>(key: &K, m: &BoxedUint) -> Result<BoxedUint> {
        Ok(ops::rsa_encrypt(key, m))
    }

    /// ⚠️ RSADP / RSASP1 (RFC 8017 §5.1.2, §5.2.1) without padding and
    /// without the fault check: `c^d mod n` through the CRT values when the
    /// key has them, blinded (base and CRT exponents) when an RNG is given.
    /// Constant time in `c`, the key and the result.
    ///
    /// # Errors
    /// [`Error::Decryption`](crate::Error::Decryption) if `c` does not have
    /// the precision of `n` or is not below `n`;
    /// [`Error::Rng`](crate::Error::Rng) if the generator fails.
    pub fn rsa_decrypt<R: TryCryptoRng + ?Sized>(
        rng: Option<&mut R>,
        priv_key: &impl PrivateKeyParts,
        c: &BoxedUint,
    ) -> Result<BoxedUint> {
        ops::rsa_decrypt(priv_key, rng, c, false)
    }

    /// ⚠️ [`rsa_decrypt`] followed by the fault check `m^e ≡ c (mod n)`:
    /// nothing is returned unless the result is right for the public key.
    ///
    /// # Errors
    /// As [`rsa_decrypt`]; [`Error::Internal`](crate::Error::Internal) if
    /// the check fails.
    pub fn rsa_decrypt_and_check<R: TryCryptoRng + ?Sized>(
        priv_key: &impl PrivateKeyParts,
        rng: Option<&mut R>,
        c: &BoxedUint,
    ) -> Result<BoxedUint> {
        ops::rsa_decrypt(priv_key, rng, c, true)
    }
}

/// Limbs of `work` [`mod_pow_secret`] and [`mod_pow_public`] need for a
/// `modulus_len`-byte modulus and an `exp_len`-byte exponent.
pub const fn mod_pow_work_limbs(modulus_len: usize, exp_len: usize) -> usize {
    let l = limbs::limbs_for_bits(8 * modulus_len);
    let l = if l == 0 { 1 } else { l };
    let el = exp_len.div_ceil(4);
    4 * l + el + 1 + exp::secret_work_limbs(l)
}

/// `out = base^exp mod modulus`, constant time in `base`, `exp` and the
/// result (the time depends on the lengths of `exp` and `modulus` only).
///
/// `base` is at most `modulus.len()` bytes (any value; it is reduced), `out`
/// exactly `modulus.len()` bytes. `work` is zeroed before returning.
///
/// # Errors
/// [`Error::InvalidModulus`] for an even or < 3 modulus;
/// [`Error::InvalidArguments`] for wrong `base`/`out` lengths or a `work`
/// shorter than [`mod_pow_work_limbs`].
pub fn mod_pow_secret(
    base: &[u8],
    exp: &[u8],
    modulus: &[u8],
    out: &mut [u8],
    work: &mut [Limb],
) -> Result<()> {
    mod_pow(base, exp, modulus, out, work, true)
}

// Two entry points over one `mod_pow`, not a flag: the name at the call
// says whether the exponent may leak through timing.
/// `out = base^exp mod modulus`, variable time in `exp` only: for public
/// exponents. Arguments as [`mod_pow_secret`].
///
/// # Errors
/// As [`mod_pow_secret`].
pub fn mod_pow_public(
    base: &[u8],
    exp: &[u8],
    modulus: &[u8],
    out: &mut [u8],
    work: &mut [Limb],
) -> Result<()> {
    mod_pow(base, exp, modulus, out, work, false)
}

fn mod_pow(
    base: &[u8],
    e: &[u8],
    modulus: &[u8],
    out: &mut [u8],
    work: &mut [Limb],
    secret: bool,
) -> Result<()> {
    let l = limbs::limbs_for_bits(8 * modulus.len()).max(1);
    if base.len() > modulus.len()
        || out.len() != modulus.len()
        || work.len() < mod_pow_work_limbs(modulus.len(), e.len())
    {
        return Err(Error::InvalidArguments);
    }
    let (n, rest) = work.split_at_mut(l);
    let (rr, rest) = rest.split_at_mut(l);
    let (b, rest) = rest.split_at_mut(l);
    let (r, rest) = rest.split_at_mut(l);
    let (e_limbs, rest) = rest.split_at_mut(e.len().div_ceil(4) + 1);
    limbs::from_be_bytes(n, modulus);
    if n[0] & 1 == 0 || limbs::bit_len(n) < 2 {
        rest.zeroize();
        return Err(Error::InvalidModulus);
    }
    limbs::from_be_bytes(b, base);
    limbs::from_be_bytes(e_limbs, e);
    let n0 = Modulus::precompute(n, rr, rest);
    let m = Modulus::new(n, rr, n0);
    m.reduce(r, b, rest);
    if secret {
        exp::pow_secret(b, r, e_limbs, &m, rest);
    } else {
        exp::pow_public(b, r, e_limbs, &m, rest);
    }
    limbs::to_be_bytes(out, b);
    work.zeroize();
    Ok(())
}

#[cfg(test)]
mod tests;
