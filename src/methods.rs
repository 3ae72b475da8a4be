//! The `rsa` 0.10 convenience API on keys: `sign`/`verify`/`encrypt`/
//! `decrypt` with a scheme value, and the per-scheme generic helpers
//! (`pkcs1v15_sign::<D>`, `pss_verify::<D>`, `oaep_decrypt::<D>`, …).
//! Everything here returns `Vec`s (feature `alloc`) and is a thin layer over
//! the no-heap functions of [`crate::pkcs1v15`], [`crate::pss`] and
//! [`crate::oaep`].
//!
//! Blinding: the private operation is constant time with or without an RNG;
//! methods that take one also blind it with that RNG (base blinding, and
//! exponent blinding if enabled on the key; see `SECURITY.md`), and PSS
//! draws its salt from it.

use alloc::vec;
use alloc::vec::Vec;

use digest::const_oid::AssociatedOid;
use digest::Digest;
use rand_core::TryCryptoRng;

use crate::capacity::Capacity;
use crate::errors::{Error, Result};
use crate::key::{BoundedPrivateKey, BoundedPublicKey};
use crate::oaep;
use crate::oaep::Oaep;
use crate::pkcs1v15::{self, DigestInfoPrefix, Pkcs1v15Encrypt, Pkcs1v15Sign};
use crate::pss::{self, Pss};
use crate::traits::{PaddingScheme, SignatureScheme};

#[cfg(feature = "getrandom")]
use getrandom::SysRng;

fn sign_vec<C: Capacity, R: TryCryptoRng + ?Sized>(
    key: &BoundedPrivateKey<C>,
    rng: Option<&mut R>,
    prefix: &[u8],
    hashed: &[u8],
) -> Result<Vec<u8>> {
    let mut sig = vec![0; key.size()];
    pkcs1v15::sign_prehash_with(key, rng, prefix, hashed, &mut sig)?;
    Ok(sig)
}

fn check_len<D: Digest>(hashed: &[u8]) -> Result<()> {
    if hashed.len() == <D as Digest>::output_size() {
        Ok(())
    } else {
        Err(Error::InputNotHashed)
    }
}

fn truncate(mut out: Vec<u8>, len: usize) -> Vec<u8> {
    out.truncate(len);
    out
}

impl SignatureScheme for Pkcs1v15Sign {
    fn sign<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &BoundedPrivateKey<C>,
        hashed: &[u8],
    ) -> Result<Vec<u8>> {
        self.check_hash_len(hashed)?;
        sign_vec(priv_key, rng, self.prefix.as_bytes(), hashed)
    }

    fn verify<C: Capacity>(
        self,
        pub_key: &BoundedPublicKey<C>,
        hashed: &[u8],
        sig: &[u8],
    ) -> Result<()> {
        self.check_hash_len(hashed)?;
        pkcs1v15::verify_prehash(pub_key, self.prefix.as_bytes(), hashed, sig)
    }
}

impl<D: Digest> SignatureScheme for Pss<D> {
    fn sign<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &BoundedPrivateKey<C>,
        hashed: &[u8],
    ) -> Result<Vec<u8>> {
        let rng = rng.ok_or(Error::InvalidPaddingScheme)?;
        let salt_len = self.salt_len.ok_or(Error::InvalidPaddingScheme)?;
        let mut sig = vec![0; priv_key.size()];
        pss::sign_prehash_into::<C, D, Rng>(priv_key, rng, hashed, salt_len, &mut sig)?;
        Ok(sig)
    }

    fn verify<C: Capacity>(
        self,
        pub_key: &BoundedPublicKey<C>,
        hashed: &[u8],
        sig: &[u8],
    ) -> Result<()> {
        pss::verify_prehash::<C, D>(pub_key, hashed, sig, self.salt_len)
    }
}

impl PaddingScheme for Pkcs1v15Encrypt {
    fn decrypt<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &BoundedPrivateKey<C>,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        let mut out = vec![0; priv_key.size()];
        let len = pkcs1v15::decrypt_with(priv_key, rng, ciphertext, &mut out)?;
        Ok(truncate(out, len))
    }

    fn encrypt<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: &mut Rng,
        pub_key: &BoundedPublicKey<C>,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        let mut ct = vec![0; pub_key.size()];
        pkcs1v15::encrypt_into(pub_key, rng, msg, &mut ct)?;
        Ok(ct)
    }
}

impl<D: Digest, MGD: Digest> PaddingScheme for Oaep<D, MGD> {
    fn decrypt<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: Option<&mut Rng>,
        priv_key: &BoundedPrivateKey<C>,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        let mut out = vec![0; priv_key.size()];
        let len = oaep::decrypt_with::<C, D, MGD, Rng>(
            priv_key,
            rng,
            ciphertext,
            self.label_bytes(),
            &mut out,
        )?;
        Ok(truncate(out, len))
    }

    fn encrypt<C: Capacity, Rng: TryCryptoRng + ?Sized>(
        self,
        rng: &mut Rng,
        pub_key: &BoundedPublicKey<C>,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        let mut ct = vec![0; pub_key.size()];
        oaep::encrypt_into::<C, D, MGD, Rng>(pub_key, rng, msg, self.label_bytes(), &mut ct)?;
        Ok(ct)
    }
}

impl<C: Capacity> BoundedPublicKey<C> {
    /// Encrypts `msg` with `padding` (as `rsa::PublicKey::encrypt`).
    ///
    /// # Errors
    /// The scheme's encryption errors.
    pub fn encrypt<R: TryCryptoRng + ?Sized, P: PaddingScheme>(
        &self,
        rng: &mut R,
        padding: P,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        padding.encrypt(rng, self, msg)
    }

    /// Verifies `sig` over the digest `hashed` with `scheme` (as
    /// `rsa::PublicKey::verify`).
    ///
    /// # Errors
    /// [`Error::Verification`] when it does not verify.
    pub fn verify<S: SignatureScheme>(&self, scheme: S, hashed: &[u8], sig: &[u8]) -> Result<()> {
        scheme.verify(self, hashed, sig)
    }

    /// RSAES-PKCS1-v1_5 encryption with the system RNG.
    ///
    /// # Errors
    /// As [`pkcs1v15::encrypt_into`].
    #[cfg(feature = "getrandom")]
    pub fn pkcs1v15_encrypt(&self, plaintext: &[u8]) -> Result<Vec<u8>> {
        self.pkcs1v15_encrypt_with_rng(&mut SysRng, plaintext)
    }

    /// RSAES-PKCS1-v1_5 encryption.
    ///
    /// # Errors
    /// As [`pkcs1v15::encrypt_into`].
    pub fn pkcs1v15_encrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        plaintext: &[u8],
    ) -> Result<Vec<u8>> {
        self.encrypt(rng, Pkcs1v15Encrypt, plaintext)
    }

    /// RSASSA-PKCS1-v1_5 verification of `msg` hashed with `D`.
    ///
    /// # Errors
    /// [`Error::Verification`].
    pub fn pkcs1v15_verify<D: Digest + AssociatedOid>(&self, msg: &[u8], sig: &[u8]) -> Result<()> {
        self.pkcs1v15_verify_prehash::<D>(&D::digest(msg), sig)
    }

    /// RSASSA-PKCS1-v1_5 verification of a `D` digest.
    ///
    /// # Errors
    /// [`Error::InputNotHashed`] for a wrong-length digest; [`Error::Verification`].
    pub fn pkcs1v15_verify_prehash<D: Digest + AssociatedOid>(
        &self,
        hash: &[u8],
        sig: &[u8],
    ) -> Result<()> {
        check_len::<D>(hash)?;
        pkcs1v15::verify_prehash(self, DigestInfoPrefix::new::<D>().as_bytes(), hash, sig)
    }

    /// RSASSA-PSS verification of `msg` hashed with `D`, any salt length.
    ///
    /// # Errors
    /// [`Error::Verification`].
    pub fn pss_verify<D: Digest>(&self, msg: &[u8], sig: &[u8]) -> Result<()> {
        self.pss_verify_prehash::<D>(&D::digest(msg), sig)
    }

    /// RSASSA-PSS verification of a `D` digest, any salt length.
    ///
    /// # Errors
    /// [`Error::Verification`].
    pub fn pss_verify_prehash<D: Digest>(&self, hash: &[u8], sig: &[u8]) -> Result<()> {
        pss::verify_prehash::<C, D>(self, hash, sig, None)
    }

    /// RSAES-OAEP encryption with `D` (label hash and MGF1), empty label,
    /// and the system RNG.
    ///
    /// # Errors
    /// As [`oaep::encrypt_into`].
    #[cfg(feature = "getrandom")]
    pub fn oaep_encrypt<D: Digest>(&self, plaintext: &[u8]) -> Result<Vec<u8>> {
        self.oaep_encrypt_with_rng::<D, _>(&mut SysRng, plaintext)
    }

    /// RSAES-OAEP encryption with `D` (label hash and MGF1), empty label.
    ///
    /// # Errors
    /// As [`oaep::encrypt_into`].
    pub fn oaep_encrypt_with_rng<D: Digest, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        plaintext: &[u8],
    ) -> Result<Vec<u8>> {
        self.encrypt(rng, Oaep::<D>::new(), plaintext)
    }
}

impl<C: Capacity> BoundedPrivateKey<C> {
    /// Decrypts `ciphertext` with `padding` (as `rsa::PrivateKey::decrypt`).
    ///
    /// # Errors
    /// The scheme's decryption errors.
    pub fn decrypt<P: PaddingScheme>(&self, padding: P, ciphertext: &[u8]) -> Result<Vec<u8>> {
        padding.decrypt::<C, NoRng>(None, self, ciphertext)
    }

    /// As [`Self::decrypt`], with the private operation blinded by `rng`
    /// (as `rsa::PrivateKey::decrypt_blinded`); same result.
    ///
    /// # Errors
    /// The scheme's decryption errors; [`Error::Rng`] if the generator fails.
    pub fn decrypt_blinded<R: TryCryptoRng + ?Sized, P: PaddingScheme>(
        &self,
        rng: &mut R,
        padding: P,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        padding.decrypt(Some(rng), self, ciphertext)
    }

    /// Signs the digest `digest_in` with `padding` (as `rsa::PrivateKey::sign`).
    /// PSS needs an RNG for its salt: use [`Self::sign_with_rng`].
    ///
    /// # Errors
    /// The scheme's signing errors; [`Error::InvalidPaddingScheme`] for PSS.
    pub fn sign<S: SignatureScheme>(&self, padding: S, digest_in: &[u8]) -> Result<Vec<u8>> {
        padding.sign::<C, NoRng>(None, self, digest_in)
    }

    /// Signs the digest `digest_in` with `padding`, drawing salt (PSS) and
    /// the blinding of the private operation from `rng`.
    ///
    /// # Errors
    /// The scheme's signing errors; [`Error::Rng`] if the generator fails.
    pub fn sign_with_rng<R: TryCryptoRng + ?Sized, S: SignatureScheme>(
        &self,
        rng: &mut R,
        padding: S,
        digest_in: &[u8],
    ) -> Result<Vec<u8>> {
        padding.sign(Some(rng), self, digest_in)
    }

    /// RSAES-PKCS1-v1_5 decryption with implicit rejection.
    ///
    /// # Errors
    /// As [`pkcs1v15::decrypt_into`].
    pub fn pkcs1v15_decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        self.decrypt(Pkcs1v15Encrypt, ciphertext)
    }

    /// As [`Self::pkcs1v15_decrypt`], given an RNG.
    ///
    /// # Errors
    /// As [`pkcs1v15::decrypt_into`].
    pub fn pkcs1v15_decrypt_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        self.decrypt_blinded(rng, Pkcs1v15Encrypt, ciphertext)
    }

    /// RSASSA-PKCS1-v1_5 signature of `msg` hashed with `D`.
    ///
    /// # Errors
    /// As [`pkcs1v15::sign_prehash_into`].
    pub fn pkcs1v15_sign<D: Digest + AssociatedOid>(&self, msg: &[u8]) -> Result<Vec<u8>> {
        self.pkcs1v15_sign_prehash::<D>(&D::digest(msg))
    }

    /// RSASSA-PKCS1-v1_5 signature of a `D` digest.
    ///
    /// # Errors
    /// [`Error::InputNotHashed`]; as [`pkcs1v15::sign_prehash_into`].
    pub fn pkcs1v15_sign_prehash<D: Digest + AssociatedOid>(&self, hash: &[u8]) -> Result<Vec<u8>> {
        check_len::<D>(hash)?;
        sign_vec::<C, NoRng>(self, None, DigestInfoPrefix::new::<D>().as_bytes(), hash)
    }

    /// As [`Self::pkcs1v15_sign`], blinded with `rng` (same signature).
    ///
    /// # Errors
    /// As [`pkcs1v15::sign_prehash_into`]; [`Error::Rng`].
    pub fn pkcs1v15_sign_with_rng<D: Digest + AssociatedOid, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        self.pkcs1v15_sign_prehash_with_rng::<D, R>(rng, &D::digest(msg))
    }

    /// As [`Self::pkcs1v15_sign_prehash`], blinded with `rng` (same signature).
    ///
    /// # Errors
    /// As [`pkcs1v15::sign_prehash_into`]; [`Error::Rng`].
    pub fn pkcs1v15_sign_prehash_with_rng<D: Digest + AssociatedOid, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        hash: &[u8],
    ) -> Result<Vec<u8>> {
        check_len::<D>(hash)?;
        sign_vec(
            self,
            Some(rng),
            DigestInfoPrefix::new::<D>().as_bytes(),
            hash,
        )
    }

    /// RSASSA-PSS signature of `msg` hashed with `D`, salt of `D`'s length
    /// from the system RNG.
    ///
    /// # Errors
    /// As [`pss::sign_prehash_into`].
    #[cfg(feature = "getrandom")]
    pub fn pss_sign<D: Digest>(&self, msg: &[u8]) -> Result<Vec<u8>> {
        self.pss_sign_with_rng::<D, _>(&mut SysRng, msg)
    }

    /// RSASSA-PSS signature of a `D` digest with the system RNG.
    ///
    /// # Errors
    /// As [`pss::sign_prehash_into`].
    #[cfg(feature = "getrandom")]
    pub fn pss_sign_prehash<D: Digest>(&self, hash: &[u8]) -> Result<Vec<u8>> {
        self.pss_sign_prehash_with_rng::<D, _>(&mut SysRng, hash)
    }

    /// RSASSA-PSS signature of `msg` hashed with `D`, salt of `D`'s length.
    ///
    /// # Errors
    /// As [`pss::sign_prehash_into`].
    pub fn pss_sign_with_rng<D: Digest, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        self.pss_sign_prehash_with_rng::<D, R>(rng, &D::digest(msg))
    }

    /// RSASSA-PSS signature of a `D` digest, salt of `D`'s length.
    ///
    /// # Errors
    /// As [`pss::sign_prehash_into`].
    pub fn pss_sign_prehash_with_rng<D: Digest, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        hash: &[u8],
    ) -> Result<Vec<u8>> {
        self.sign_with_rng(rng, Pss::<D>::new(), hash)
    }

    /// RSAES-OAEP decryption with `D` (label hash and MGF1), empty label.
    ///
    /// # Errors
    /// As [`oaep::decrypt_into`].
    pub fn oaep_decrypt<D: Digest>(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        self.decrypt(Oaep::<D>::new(), ciphertext)
    }

    /// As [`Self::oaep_decrypt`], given an RNG.
    ///
    /// # Errors
    /// As [`oaep::decrypt_into`].
    pub fn oaep_decrypt_with_rng<D: Digest, R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        self.decrypt_blinded(rng, Oaep::<D>::new(), ciphertext)
    }
}

/// Stand-in RNG type for the `None` of `Option<&mut Rng>`; never called.
enum NoRng {}

impl rand_core::TryRng for NoRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> core::result::Result<u32, Self::Error> {
        match *self {}
    }
    fn try_next_u64(&mut self) -> core::result::Result<u64, Self::Error> {
        match *self {}
    }
    fn try_fill_bytes(&mut self, _dst: &mut [u8]) -> core::result::Result<(), Self::Error> {
        match *self {}
    }
}

impl rand_core::TryCryptoRng for NoRng {}

/// Big integers as `rsa` 0.10's constructors take them.
pub use crypto_bigint::BoxedUint;

use crate::key::PrivateKeyComponents;
use crate::traits::PublicKeyParts;
use alloc::boxed::Box;
use zeroize::Zeroizing;

impl<C: Capacity> BoundedPublicKey<C> {
    /// Builds a key from `n` and `e` with the default size limits (as
    /// `rsa::PublicKey::new`).
    ///
    /// # Errors
    /// As [`BoundedPublicKey::from_be_bytes`].
    pub fn new(n: BoxedUint, e: BoxedUint) -> Result<Self> {
        Self::from_be_bytes(&n.to_be_bytes(), &e.to_be_bytes())
    }

    /// Builds a key with explicit, inclusive modulus size limits in bits.
    ///
    /// # Errors
    /// As [`BoundedPublicKey::from_be_bytes_with_size_limits`].
    pub fn new_with_size_limits(
        n: BoxedUint,
        e: BoxedUint,
        size_range_bits: core::ops::RangeInclusive<usize>,
    ) -> Result<Self> {
        Self::from_be_bytes_with_size_limits(&n.to_be_bytes(), &e.to_be_bytes(), size_range_bits)
    }

    /// Builds a key with the default minimum and a custom maximum size.
    ///
    /// # Errors
    /// As [`BoundedPublicKey::from_be_bytes_with_size_limits`].
    pub fn new_with_max_size(n: BoxedUint, e: BoxedUint, max_size: usize) -> Result<Self> {
        Self::new_with_size_limits(n, e, Self::MIN_SIZE..=max_size)
    }
}

impl<C: Capacity> BoundedPrivateKey<C> {
    /// Builds and validates a key from `n`, `e`, `d` and its primes (as
    /// `rsa::PrivateKey::from_components`). Two primes use the CRT; more
    /// (multi-prime, RFC 8017 §3.2) use `c^d mod n` directly. `dP`, `dQ` and
    /// `qInv` are computed.
    ///
    /// # Errors
    /// [`Error::NprimesTooSmall`] for fewer than two primes (prime recovery
    /// from `n, e, d` is not implemented); otherwise as
    /// [`BoundedPrivateKey::from_be_bytes_components`].
    pub fn from_components(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
    ) -> Result<Self> {
        let public = BoundedPublicKey::<C>::from_be_bytes(&n.to_be_bytes(), &e.to_be_bytes())?;
        let d = Zeroizing::new(d.to_be_bytes());
        let primes: Vec<Zeroizing<Box<[u8]>>> = primes
            .iter()
            .map(|p| Zeroizing::new(p.to_be_bytes()))
            .collect();
        let refs: Vec<&[u8]> = primes.iter().map(|p| &p[..]).collect();
        Self::from_public_and_secrets(public, &d, &refs, None)
    }

    /// As [`Self::from_components`]: unbalanced primes are accepted whenever
    /// they fit the capacity's CRT halves (as `rsa`'s
    /// `from_components_with_wide_primes`).
    ///
    /// # Errors
    /// As [`Self::from_components`].
    pub fn from_components_with_wide_primes(
        n: BoxedUint,
        e: BoxedUint,
        d: BoxedUint,
        primes: Vec<BoxedUint>,
    ) -> Result<Self> {
        Self::from_components(n, e, d, primes)
    }

    /// Builds a key from its primes `p`, `q` and `e`, computing
    /// `d = e⁻¹ mod λ(n)` (as `rsa::PrivateKey::from_p_q`).
    ///
    /// # Errors
    /// [`Error::InvalidPrime`] for even or too small primes;
    /// [`Error::InvalidExponent`] if `e` is not invertible; otherwise as
    /// [`BoundedPrivateKey::from_components`].
    pub fn from_p_q(p: BoxedUint, q: BoxedUint, public_exponent: BoxedUint) -> Result<Self> {
        use crypto_bigint::{Gcd, NonZero, Resize};
        let bits = p.bits_precision().max(q.bits_precision()) * 2 + 64;
        let (p, q) = (p.resize(bits), q.resize(bits));
        let one = BoxedUint::one().resize(bits);
        let odd = |x: &BoxedUint| x.to_be_bytes().last().is_some_and(|b| b & 1 == 1);
        if !odd(&p) || !odd(&q) || p <= one || q <= one {
            return Err(Error::InvalidPrime);
        }
        let n = p.wrapping_mul(&q);
        let (pm1, qm1) = (p.wrapping_sub(&one), q.wrapping_sub(&one));
        let g = pm1.gcd(&qm1);
        let lambda =
            pm1.wrapping_mul(&qm1) / NonZero::new(g).into_option().ok_or(Error::InvalidPrime)?;
        let e = public_exponent.resize(bits);
        let lambda = NonZero::new(lambda)
            .into_option()
            .ok_or(Error::InvalidPrime)?;
        let d = e
            .invert_mod(&lambda)
            .into_option()
            .ok_or(Error::InvalidExponent)?;
        let key = Self::from_components(n, e, d, alloc::vec![p, q])?;
        Ok(key)
    }

    /// `from_be_bytes_components` with owned big integers and CRT values.
    ///
    /// # Errors
    /// As [`BoundedPrivateKey::from_be_bytes_components`].
    pub fn from_crt_components(
        n: &BoxedUint,
        e: &BoxedUint,
        d: &BoxedUint,
        p: &BoxedUint,
        q: &BoxedUint,
    ) -> Result<Self> {
        let (n, e) = (n.to_be_bytes(), e.to_be_bytes());
        let (d, p, q) = (
            Zeroizing::new(d.to_be_bytes()),
            Zeroizing::new(p.to_be_bytes()),
            Zeroizing::new(q.to_be_bytes()),
        );
        Self::from_be_bytes_components(PrivateKeyComponents {
            n: &n,
            e: &e,
            d: &d,
            p: &p,
            q: &q,
            crt: None,
        })
    }
}

impl<C: Capacity> PublicKeyParts for BoundedPublicKey<C> {
    fn n(&self) -> BoxedUint {
        BoxedUint::from_be_slice_vartime(&self.n_bytes())
    }
    fn e(&self) -> BoxedUint {
        BoxedUint::from(self.e_u64())
    }
    fn size(&self) -> usize {
        BoundedPublicKey::size(self)
    }
    fn n_bytes(&self) -> Box<[u8]> {
        let mut n = alloc::vec![0; BoundedPublicKey::size(self)];
        // Cannot fail: the buffer is `k` bytes.
        let _ = self.write_n_be(&mut n);
        n.into_boxed_slice()
    }
}

impl<C: Capacity> PublicKeyParts for BoundedPrivateKey<C> {
    fn n(&self) -> BoxedUint {
        self.as_public_key().n()
    }
    fn e(&self) -> BoxedUint {
        self.as_public_key().e()
    }
    fn size(&self) -> usize {
        BoundedPrivateKey::size(self)
    }
    fn n_bytes(&self) -> Box<[u8]> {
        self.as_public_key().n_bytes()
    }
}
