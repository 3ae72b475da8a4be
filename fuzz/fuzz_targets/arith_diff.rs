//! Differential test of the arithmetic: `hazmat::mod_pow_secret` and
//! `mod_pow_public` (Montgomery, constant-time windows / public square and
//! multiply) against `num-bigint`'s `modpow`, for odd moduli of any length
//! up to 1024 bits, bases of up to the modulus' length and exponents of up
//! to 64 bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;
use rsa_cortex_m::hazmat::{mod_pow_public, mod_pow_secret, mod_pow_work_limbs};
use rsa_cortex_m::Error;

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    // Layout: modulus length, exponent length, then modulus ‖ exponent ‖ base.
    let m_len = (data[0] as usize % 128) + 1;
    let e_len = data[1] as usize % 65;
    let rest = &data[2..];
    if rest.len() < m_len + e_len {
        return;
    }
    let (modulus, rest) = rest.split_at(m_len);
    let (exp, base) = rest.split_at(e_len);
    let base = &base[..base.len().min(m_len)];
    let mut work = vec![0u32; mod_pow_work_limbs(m_len, e_len)];
    let mut out = vec![0u8; m_len];
    let m = BigUint::from_bytes_be(modulus);
    let r = mod_pow_secret(base, exp, modulus, &mut out, &mut work);
    if modulus[m_len - 1] & 1 == 0 || m < BigUint::from(3u8) {
        assert_eq!(r, Err(Error::InvalidModulus));
        return;
    }
    r.unwrap();
    let want = BigUint::from_bytes_be(base).modpow(&BigUint::from_bytes_be(exp), &m);
    assert_eq!(BigUint::from_bytes_be(&out), want, "secret");
    assert!(work.iter().all(|&w| w == 0), "work zeroed");
    mod_pow_public(base, exp, modulus, &mut out, &mut work).unwrap();
    assert_eq!(BigUint::from_bytes_be(&out), want, "public");
});
