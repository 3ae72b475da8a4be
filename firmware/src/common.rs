//! Shared by the test firmware and the benchmark: a deterministic PRNG and
//! helpers around the arithmetic seam.
#![allow(dead_code)]

/// xorshift64*: deterministic, no dependencies.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32
    }

    /// Random limbs; one call in eight gives all-ones limbs, one in eight
    /// zero limbs, one in eight a mix of all-ones and random limbs.
    pub fn fill(&mut self, x: &mut [u32]) {
        let mode = self.next_u32() % 8;
        for w in x.iter_mut() {
            *w = match mode {
                0 => u32::MAX,
                1 => 0,
                2 if self.next_u32() & 1 == 0 => u32::MAX,
                _ => self.next_u32(),
            };
        }
    }

    /// A random odd modulus with a non-zero top limb.
    pub fn modulus(&mut self, n: &mut [u32]) {
        for w in n.iter_mut() {
            *w = self.next_u32();
        }
        n[0] |= 1;
        let top = n.len() - 1;
        if self.next_u32() & 3 == 0 {
            n[top] |= 0x8000_0000; // full-size modulus
        }
        if n[top] == 0 {
            n[top] = 1;
        }
    }

    /// Random limbs below `n` (top limb clamped below n's top limb).
    pub fn below(&mut self, x: &mut [u32], n: &[u32]) {
        self.fill(x);
        let top = n.len() - 1;
        x[top] = x[top].min(n[top] - 1);
    }
}

/// −n⁻¹ mod 2³² for odd n (Newton iteration).
pub fn neg_inv(n: u32) -> u32 {
    let mut x = n;
    for _ in 0..5 {
        x = x.wrapping_mul(2u32.wrapping_sub(n.wrapping_mul(x)));
    }
    x.wrapping_neg()
}

/// The xorshift64* stream as a `TryCryptoRng`: a deterministic stand-in for
/// a device TRNG (QEMU has none) for encryption padding in the tests and
/// key generation in the benchmark. Not a cryptographic generator.
impl rand_core::TryRng for Rng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.next_u32())
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(u64::from(self.next_u32()) << 32 | u64::from(self.next_u32()))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(4) {
            chunk.copy_from_slice(&self.next_u32().to_le_bytes()[..chunk.len()]);
        }
        Ok(())
    }
}

impl rand_core::TryCryptoRng for Rng {}
