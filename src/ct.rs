//! The constant-time check's hooks: [`declassify`] and [`poison`] mark
//! values public or secret for Valgrind memcheck (`ci/ct`,
//! `examples/ct_valgrind.rs`). They compile to nothing unless the crate is
//! built with the environment variable `RSA_CORTEX_M_CT_VALGRIND` set (read
//! at compile time), on x86-64. Every `declassify` call site says why the
//! value is public by design. Also [`NoRng`], the generator type of an
//! absent RNG.

/// Whether the crate was built for the Valgrind constant-time check
/// (`RSA_CORTEX_M_CT_VALGRIND` set at compile time).
pub(crate) const CT_VALGRIND: bool = option_env!("RSA_CORTEX_M_CT_VALGRIND").is_some();

/// `x`, marked public ("defined") for Valgrind memcheck: the identity
/// unless [`CT_VALGRIND`]; see the module docs.
///
/// The client request marks memory, not registers, so the value goes
/// through a stack slot and is returned by a volatile read of that slot:
/// a copy the compiler kept in a register from before the request would
/// still be undefined in memcheck's shadow (the compiler may keep one, as
/// the request cannot change the value).
#[inline(always)]
pub(crate) fn declassify<T: Copy>(x: T) -> T {
    if !CT_VALGRIND {
        return x;
    }
    let slot = x;
    mark(valgrind::MAKE_MEM_DEFINED, &slot);
    // SAFETY: `slot` is a live, aligned, initialised local.
    unsafe { core::ptr::read_volatile(&slot) }
}

/// Marks the bytes of `x` as secret ("undefined") for Valgrind memcheck, so
/// that any branch or memory index depending on them is reported. A no-op
/// unless [`CT_VALGRIND`].
#[inline(always)]
pub(crate) fn poison<T: ?Sized>(x: &T) {
    mark(valgrind::MAKE_MEM_UNDEFINED, x);
}

/// The client request `req` on the bytes of `x`, when [`CT_VALGRIND`].
#[inline(always)]
fn mark<T: ?Sized>(req: usize, x: &T) {
    if CT_VALGRIND {
        valgrind::request(
            req,
            x as *const T as *const u8 as usize,
            core::mem::size_of_val(x),
        );
    }
}

/// Whether this is the Valgrind constant-time build running under Valgrind.
/// Valgrind's CPUID hides ADX, yet Valgrind executes `ADCX`/`ADOX`/`MULX`
/// (in software, whatever the host CPU), so the x86-64 backend takes its
/// BMI2/ADX rows then: the check covers the rows x86-64 machines run.
#[cfg_attr(not(all(target_arch = "x86_64", feature = "std")), allow(dead_code))]
#[inline(always)]
pub(crate) fn under_valgrind() -> bool {
    CT_VALGRIND && valgrind::request(valgrind::RUNNING_ON_VALGRIND, 0, 0) != 0
}

/// Valgrind client requests (memcheck's `VALGRIND_MAKE_MEM_*`,
/// `RUNNING_ON_VALGRIND`), emitted as the documented "magic sequence" on
/// x86-64: a no-op instruction sequence returning 0 when not running under
/// Valgrind.
mod valgrind {
    /// `VG_USERREQ_TOOL_BASE('M', 'C')`.
    const MC_BASE: usize = ((b'M' as usize) << 24) | ((b'C' as usize) << 16);
    pub(super) const MAKE_MEM_UNDEFINED: usize = MC_BASE + 1;
    pub(super) const MAKE_MEM_DEFINED: usize = MC_BASE + 2;
    /// `VG_USERREQ__RUNNING_ON_VALGRIND`.
    pub(super) const RUNNING_ON_VALGRIND: usize = 0x1001;

    #[cfg(all(target_arch = "x86_64", not(miri)))]
    #[inline(always)]
    pub(super) fn request(req: usize, addr: usize, len: usize) -> usize {
        let args: [usize; 6] = [req, addr, len, 0, 0, 0];
        let result;
        // SAFETY: the rotations of rdi total 128 bits (identity) and
        // `xchg rbx, rbx` is a no-op; under Valgrind the sequence performs
        // the client request described by `args`, which only reads `args`
        // and changes Valgrind's shadow state, never program memory, and
        // leaves its result in rdx (0, the default, otherwise).
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") 0usize => result,
                in("rax") args.as_ptr(),
                options(nostack, preserves_flags),
            );
        }
        result
    }

    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    #[inline(always)]
    pub(super) fn request(_req: usize, _addr: usize, _len: usize) -> usize {
        0
    }
}

/// Stand-in generator type for the `None` of `Option<&mut R>`; never called.
pub(crate) enum NoRng {}

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
