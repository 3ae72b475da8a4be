//! Helpers shared by the unit tests (`cfg(test)` only).

extern crate std;

use std::{string::String, vec, vec::Vec};

/// The bytes of a hex string written with spaces and line breaks, as the
/// standard vectors print them.
pub(crate) fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s.split_whitespace().collect::<String>()).unwrap()
}

/// A generator that only returns zeros.
pub(crate) struct ZeroRng;

impl rand_core::TryRng for ZeroRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> core::result::Result<u32, Self::Error> {
        Ok(0)
    }
    fn try_next_u64(&mut self) -> core::result::Result<u64, Self::Error> {
        Ok(0)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> core::result::Result<(), Self::Error> {
        dst.fill(0);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for ZeroRng {}

/// Odd moduli of `l` 32-bit limbs for the arithmetic tests, from `random`
/// limbs: random with the top bit set, all-ones, 2^(32l−1) + 1, just above
/// a limb boundary, an odd bit length (top bit clear), a short one with a
/// zero top limb (as CRT halves padded to a common width have), and 3.
pub(crate) fn odd_moduli(l: usize, random: &mut dyn FnMut(usize) -> Vec<u32>) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut top = random(l);
    top[0] |= 1;
    top[l - 1] |= 1 << 31;
    out.push(top);
    out.push(vec![u32::MAX; l]);
    let mut half = vec![0; l];
    half[0] = 1;
    half[l - 1] |= 1 << 31;
    out.push(half);
    let mut odd_bits = random(l);
    odd_bits[l - 1] = (odd_bits[l - 1] >> 1) | (1 << 30);
    odd_bits[0] |= 1;
    out.push(odd_bits);
    if l > 1 {
        let mut above = vec![0; l];
        above[0] = 1;
        above[l - 1] = 1;
        out.push(above);
        let mut short = random(l);
        short[0] |= 1;
        short[l - 1] = 0;
        short[l - 2] |= 1 << 31;
        out.push(short);
    } else {
        out.push(vec![3]);
    }
    out
}

/// Deterministic xorshift, so that failures reproduce.
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    pub(crate) fn limb(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }

    pub(crate) fn limbs(&mut self, l: usize) -> Vec<u32> {
        (0..l).map(|_| self.limb()).collect()
    }
}

/// xorshift64*: the backend tests' deterministic data.
pub(crate) struct XorShift64Star(pub(crate) u64);

impl XorShift64Star {
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// `l` limbs: the low halves of as many outputs.
    pub(crate) fn limbs(&mut self, l: usize) -> Vec<u32> {
        (0..l).map(|_| self.next_u64() as u32).collect()
    }
}

/// The value of little-endian limbs, for num-bigint (the second
/// implementation).
pub(crate) fn to_big(x: &[u32]) -> num_bigint::BigUint {
    num_bigint::BigUint::from_slice(x)
}

/// `x` as `l` little-endian limbs.
pub(crate) fn from_big(x: &num_bigint::BigUint, l: usize) -> Vec<u32> {
    let mut v = x.to_u32_digits();
    assert!(v.len() <= l);
    v.resize(l, 0);
    v
}

/// A modulus with its precomputed `R² mod n` and `n′`, owned.
pub(crate) struct OwnedModulus {
    pub(crate) n: Vec<u32>,
    pub(crate) rr: Vec<u32>,
    pub(crate) n0: u32,
}

impl OwnedModulus {
    pub(crate) fn new(n: &[u32]) -> Self {
        use crate::arith::Modulus;
        let mut rr = vec![0; n.len()];
        let mut work = vec![0; Modulus::precompute_work_limbs(n.len())];
        let n0 = Modulus::precompute(n, &mut rr, &mut work);
        OwnedModulus {
            n: n.to_vec(),
            rr,
            n0,
        }
    }

    pub(crate) fn m(&self) -> crate::arith::Modulus<'_> {
        crate::arith::Modulus::new(&self.n, &self.rr, self.n0)
    }
}

/// pkcs-1v2-1's worked RSASSA-PSS example (see the file's header).
pub(crate) const PSS_INT: &str = include_str!("../tests/data/pkcs1v21/pss-int.txt");

/// pkcs-1v2-1's worked RSAES-OAEP example (see the file's header).
pub(crate) const OAEP_INT: &str = include_str!("../tests/data/pkcs1v21/oaep-int.txt");

/// The value `name` of a vector file written as `name = hex`, the hex
/// continued on indented lines.
pub(crate) fn vector(file: &str, name: &str) -> Vec<u8> {
    let mut hex = None::<String>;
    for line in file.lines().filter(|l| !l.starts_with('#')) {
        match (&mut hex, line.split_once('=')) {
            (Some(h), _) if line.starts_with(char::is_whitespace) => h.push_str(line),
            (Some(_), _) => break,
            (None, Some((key, value))) if key.trim() == name => hex = Some(value.into()),
            _ => {}
        }
    }
    unhex(&hex.unwrap_or_else(|| panic!("no {name} in the vector file")))
}
