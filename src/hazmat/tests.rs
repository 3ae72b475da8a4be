use super::*;
use num_bigint::BigUint;

#[test]
fn matches_num_bigint() {
    // A 1023-bit odd modulus, a 2048-bit exponent, a base needing reduction.
    let modulus: std::vec::Vec<u8> = (0..128u32)
        .map(|i| (i * 37 + 11) as u8 | (i == 127) as u8)
        .collect();
    let mut modulus = modulus;
    modulus[0] &= 0x7f;
    let base: std::vec::Vec<u8> = (0..128u32).map(|i| (i * 91 + 5) as u8).collect();
    let e: std::vec::Vec<u8> = (0..256u32).map(|i| (i * 13 + 7) as u8).collect();
    let want = BigUint::from_bytes_be(&base).modpow(
        &BigUint::from_bytes_be(&e),
        &BigUint::from_bytes_be(&modulus),
    );
    let mut work = std::vec![0; mod_pow_work_limbs(128, 256)];
    let mut out = [0u8; 128];
    mod_pow_secret(&base, &e, &modulus, &mut out, &mut work).unwrap();
    assert_eq!(BigUint::from_bytes_be(&out), want);
    assert!(work.iter().all(|&w| w == 0));
    mod_pow_public(&base, &e, &modulus, &mut out, &mut work).unwrap();
    assert_eq!(BigUint::from_bytes_be(&out), want);
    let mut even = modulus.clone();
    even[127] &= 0xfe;
    assert_eq!(
        mod_pow_secret(&base, &e, &even, &mut out, &mut work),
        Err(Error::InvalidModulus)
    );
    assert_eq!(
        mod_pow_secret(&base, &e, &modulus, &mut out, &mut work[..10]),
        Err(Error::InvalidArguments)
    );
}
