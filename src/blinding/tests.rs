use super::*;
use num_bigint::BigUint;
use rand::{rngs::StdRng, SeedableRng};

fn to_big(x: &[Limb]) -> BigUint {
    BigUint::from_slice(x)
}

#[test]
fn exponent_blinding_is_congruent() {
    let mut rng = StdRng::from_seed([9; 32]);
    let p = [0xffff_fffb_u32, 0x1234_5678, 0x8000_0001];
    let d = [0xdead_beef_u32, 0x0102_0304, 0x7000_0000];
    let mut out = [0; 5];
    blind_exponent(&mut rng, &d, &p, &mut out).unwrap();
    let pm1 = to_big(&p) - 1u8;
    assert_eq!(to_big(&out) % &pm1, to_big(&d) % &pm1);
    assert!(to_big(&out) > to_big(&d));
}
