use super::*;
use num_bigint::BigUint;
use rand::{rngs::StdRng, Rng, SeedableRng};

fn to_big(x: &[Limb]) -> BigUint {
    BigUint::from_slice(x)
}

#[test]
fn inverse_matches_num_bigint() {
    let mut rng = StdRng::from_seed([7; 32]);
    for l in [1usize, 2, 3, 5, 16, 33, 64] {
        for i in 0..60 {
            let mut n = std::vec![0 as Limb; l];
            for w in n.iter_mut() {
                *w = rng.next_u32();
            }
            n[0] |= 1;
            n[l - 1] |= 1 << 31;
            let mut a = std::vec![0 as Limb; l];
            for w in a.iter_mut() {
                *w = rng.next_u32();
            }
            a[l - 1] &= 0x7fff_ffff;
            // Edge values: 1, n − 1, a power of two, a short a.
            match i {
                0 => {
                    a.fill(0);
                    a[0] = 1;
                }
                1 => {
                    a.copy_from_slice(&n);
                    a[0] -= 1;
                }
                2 => {
                    a.fill(0);
                    a[l / 2] = 1 << 17;
                }
                3 => a[l / 2..].fill(0),
                _ => {}
            }
            let mut inv = std::vec![0 as Limb; l];
            let mut work = std::vec![0 as Limb; 4 * l];
            let ok = inv_mod_vartime(&mut inv, &a, &n, &mut work);
            let (bn, ba) = (to_big(&n), to_big(&a));
            let g = num_integer::Integer::gcd(&bn, &ba);
            assert_eq!(ok, g == BigUint::from(1u8), "{l}");
            if ok {
                assert_eq!((to_big(&inv) * &ba) % &bn, BigUint::from(1u8));
            }
            assert!(work.iter().all(|&w| w == 0));
        }
    }
    // Not invertible: 0, and a common factor.
    let mut inv = [0; 1];
    let mut work = [0; 4];
    assert!(!inv_mod_vartime(&mut inv, &[0], &[15], &mut work));
    assert!(!inv_mod_vartime(&mut inv, &[6], &[15], &mut work));
    assert!(inv_mod_vartime(&mut inv, &[7], &[15], &mut work));
    assert_eq!(inv, [13]);
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
