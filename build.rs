//! Chooses the arithmetic backend from the *target* (never the host) and
//! emits it as the one cfg `rsa_cortex_m_backend`:
//!
//! * `"umaal"` where the Thumb-2 UMAAL assembly can run (ARMv7E-M, ARMv8-M
//!   Mainline with DSP, ARMv7-A/R in Thumb state);
//! * `"armv6m"` on ARMv6-M, ARMv8-M Baseline and ARMv7-M (`MUL` on 16-bit
//!   halves: Thumb-1 assembly, Thumb-2 on ARMv7-M, cfg
//!   `rsa_cortex_m_asm_v7m`; on the Cortex-M3 it avoids UMULL/UMLAL, whose
//!   time depends on the operands there; a user may choose it on any other
//!   Thumb target, which all run Thumb-1);
//! * `"x86_64"` on x86-64 (64-bit words, BMI2/ADX rows where the CPU has
//!   them);
//! * `"portable64"` on other 64-bit targets, `"portable32"` elsewhere.
//!
//! A user override is the same cfg in RUSTFLAGS (`--cfg
//! rsa_cortex_m_backend="portable32"`), which Cargo hands to this script as
//! `CARGO_CFG_RSA_CORTEX_M_BACKEND`; `"portable"` means the portable kernels
//! of the target's word size. A choice the target cannot run fails the
//! build. The script then emits the backend it settled on (the user's own
//! value, if different, is only that alias).
//!
//! The UMAAL backend has two kernel sets, emitted as the cfg
//! `rsa_cortex_m_kernels`: `"fast"` (per-length unrolled paths, about
//! 20 KB) and `"compact"` (generic loops, about 2 KB). `"compact"` is the
//! default when the crate itself is compiled for size (the profile's
//! `opt-level` is `"s"` or `"z"`, which Cargo hands to this script as
//! `OPT_LEVEL`), `"fast"` otherwise; `--cfg rsa_cortex_m_kernels="fast"`
//! or `="compact"` in RUSTFLAGS chooses either way. Other backends ignore
//! it.

use std::env;

const BACKENDS: [&str; 6] = [
    "armv6m",
    "portable",
    "portable32",
    "portable64",
    "umaal",
    "x86_64",
];
const KERNEL_SETS: [&str; 2] = ["fast", "compact"];

fn main() {
    for var in [
        "CARGO_CFG_TARGET_ARCH",
        "CARGO_CFG_TARGET_FEATURE",
        "CARGO_CFG_TARGET_POINTER_WIDTH",
        "CARGO_CFG_RSA_CORTEX_M_BACKEND",
        "CARGO_CFG_RSA_CORTEX_M_KERNELS",
        "CARGO_CFG_RSA_CORTEX_M_NO_IFMA",
        "RUSTC",
        "OPT_LEVEL",
        "CARGO_ENCODED_RUSTFLAGS",
        "TARGET",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!(
        "cargo::rustc-check-cfg=cfg(rsa_cortex_m_backend, values(\"{}\"))",
        BACKENDS.join("\", \"")
    );

    let target = env::var("TARGET").unwrap_or_default();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let wide = env::var("CARGO_CFG_TARGET_POINTER_WIDTH").as_deref() == Ok("64");
    let armv6m = target.starts_with("thumbv6m") || target.starts_with("thumbv8m.base");
    // ARMv7-M without DSP (Cortex-M3): UMULL/UMLAL terminate early
    // depending on the operand values there, MUL does not.
    let armv7m = target.starts_with("thumbv7m");
    // LLVM assembles global_asm! with the target's base features, not
    // -C target-cpu: on ARMv8-M the assembly needs a `.cpu` line for DSP.
    println!("cargo::rustc-check-cfg=cfg(rsa_cortex_m_asm_v8m)");
    if target.starts_with("thumbv8m.main") {
        println!("cargo:rustc-cfg=rsa_cortex_m_asm_v8m");
    }

    // The architectures whose `asm!` the value barrier of `verdict::opaque`
    // uses (an empty template with a register operand); `black_box` elsewhere.
    println!("cargo::rustc-check-cfg=cfg(rsa_cortex_m_asm_barrier)");
    if ["arm", "aarch64", "x86", "x86_64", "riscv32", "riscv64"].contains(&arch.as_str()) {
        println!("cargo:rustc-cfg=rsa_cortex_m_asm_barrier");
    }

    let detected_umaal = umaal_available(&target, &arch);
    let backend = match env::var("CARGO_CFG_RSA_CORTEX_M_BACKEND") {
        Ok(chosen) => {
            // Several values would all be set as cfgs: allow one.
            let chosen: &'static str = chosen.trim().to_owned().leak();
            if chosen.contains(',') {
                fail(
                    "rsa_cortex_m_backend",
                    &format!("one backend only, got {chosen:?}"),
                );
            }
            match chosen {
                "portable" if wide => "portable64",
                "portable" => "portable32",
                "portable32" | "portable64" => chosen,
                "x86_64" if arch == "x86_64" => chosen,
                "armv6m" if target.starts_with("thumbv") => chosen,
                "armv6m" => fail("rsa_cortex_m_backend", &format!(
                    "backend armv6m needs a Thumb target (thumbv*); {target} is not one"
                )),
                "x86_64" => fail("rsa_cortex_m_backend", &format!("backend x86_64 on a {arch} target ({target})")),
                // The user vouches for the DSP extension where it is optional
                // (ARMv8-M Mainline), but never where Thumb state has no UMAAL.
                "umaal" if detected_umaal || umaal_possible(&target) => chosen,
                "umaal" => fail("rsa_cortex_m_backend", &format!(
                    "backend umaal needs UMAAL in Thumb state (ARMv7E-M, ARMv8-M Mainline with DSP, \
                     ARMv7-A/R); {target} has none"
                )),
                other => fail("rsa_cortex_m_backend", &format!(
                    "unknown backend {other:?} (one of {})",
                    BACKENDS.join(", ")
                )),
            }
        }
        Err(_) if detected_umaal => "umaal",
        Err(_) if armv6m || armv7m => "armv6m",
        Err(_) if arch == "x86_64" => "x86_64",
        Err(_) if wide => "portable64",
        Err(_) => "portable32",
    };
    println!("cargo:rustc-cfg=rsa_cortex_m_backend=\"{backend}\"");

    // The armv6m backend's rows in Thumb-2 (mac_row_v7m.s) on ARMv7-M, the
    // Cortex-M3's architecture; Thumb-1 (mac_row.s) on every other target.
    println!("cargo::rustc-check-cfg=cfg(rsa_cortex_m_asm_v7m)");
    if armv7m && backend == "armv6m" {
        println!("cargo:rustc-cfg=rsa_cortex_m_asm_v7m");
    }

    println!("cargo::rustc-check-cfg=cfg(rsa_cortex_m_mul16)");
    // Every product outside the kernels (portable32's mul_wide) as four
    // 16×16 products: on ARMv6-M and ARMv8-M Baseline (only MULS, so a u64
    // product is a call to __aeabi_lmul, a full 64×64 multiply) whichever
    // backend is chosen; on the M3 with the armv6m backend, so that no
    // UMULL/UMLAL sees secret data (ci/m3-ct checks the images). The
    // override portable32 keeps the M3's UMULL (faster, not constant time).
    if armv6m || (armv7m && backend == "armv6m") {
        println!("cargo:rustc-cfg=rsa_cortex_m_mul16");
    }

    println!(
        "cargo::rustc-check-cfg=cfg(rsa_cortex_m_kernels, values(\"{}\"))",
        KERNEL_SETS.join("\", \"")
    );
    let kernels = match env::var("CARGO_CFG_RSA_CORTEX_M_KERNELS") {
        Ok(chosen) => match chosen.trim() {
            "fast" => "fast",
            "compact" => "compact",
            other => fail(
                "rsa_cortex_m_kernels",
                &format!(
                    "unknown kernel set {other:?} (one of {})",
                    KERNEL_SETS.join(", ")
                ),
            ),
        },
        Err(_) => match env::var("OPT_LEVEL").as_deref() {
            Ok("s") | Ok("z") => "compact",
            _ => "fast",
        },
    };
    println!("cargo:rustc-cfg=rsa_cortex_m_kernels=\"{kernels}\"");

    // The x86-64 backend's AVX-512 IFMA exponentiation: its intrinsics are
    // stable from Rust 1.89 (the crate's MSRV is 1.88), so it is compiled
    // by a rustc that has them, unless `--cfg rsa_cortex_m_no_ifma` leaves
    // it out.
    println!("cargo::rustc-check-cfg=cfg(rsa_cortex_m_ifma)");
    if backend == "x86_64"
        && env::var_os("CARGO_CFG_RSA_CORTEX_M_NO_IFMA").is_none()
        && rustc_minor() >= 89
    {
        println!("cargo:rustc-cfg=rsa_cortex_m_ifma");
    }
}

/// The minor version of the compiler (`rustc 1.M.p …`), 0 when unknown.
fn rustc_minor() -> u32 {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| {
            let v = String::from_utf8(o.stdout).ok()?;
            v.split_whitespace().nth(1)?.split('.').nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// Refuses the build: `cfg` names the setting at fault.
fn fail(cfg: &str, msg: &str) -> ! {
    eprintln!("error: {cfg}: {msg}");
    std::process::exit(1);
}

/// `-C target-cpu` and `-C target-feature` from the encoded RUSTFLAGS
/// (stable Rust does not expose ARM target features to cfg): the CPU name
/// and the features added (`dsp`) or removed (`-dsp`).
fn cpu_and_features() -> (String, Vec<String>) {
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let mut features: Vec<String> = env::var("CARGO_CFG_TARGET_FEATURE")
        .unwrap_or_default()
        .split(',')
        .map(str::to_owned)
        .collect();
    let mut cpu = String::new();
    let args: Vec<&str> = flags.split('\x1f').collect();
    for (i, a) in args.iter().enumerate() {
        // "-Ctarget-cpu=x", "-C target-cpu=x" (two arguments), "--codegen ..."
        let a = a
            .strip_prefix("-C")
            .or_else(|| a.strip_prefix("--codegen"))
            .map(|rest| {
                if rest.is_empty() {
                    args.get(i + 1).copied().unwrap_or("")
                } else {
                    rest
                }
            })
            .unwrap_or(a)
            .trim_start_matches('=');
        if let Some(c) = a.strip_prefix("target-cpu=") {
            cpu = c.to_owned();
        } else if let Some(fs) = a.strip_prefix("target-feature=") {
            for f in fs.split(',') {
                if let Some(f) = f.strip_prefix('+') {
                    features.push(f.to_owned());
                } else if let Some(f) = f.strip_prefix('-') {
                    features.retain(|x| x != f);
                    features.push(format!("-{f}"));
                }
            }
        }
    }
    (cpu, features)
}

/// Whether the target certainly has UMAAL, SEL and UADD8 in Thumb state:
/// ARMv7E-M, ARMv8-M Mainline with the DSP extension, and ARMv7-A/R and
/// ARMv8-R AArch32 (Thumb-2 always has them there).
fn umaal_available(target: &str, arch: &str) -> bool {
    if arch != "arm" {
        return false;
    }
    let (cpu, features) = cpu_and_features();
    let has = |f: &str| features.iter().any(|x| x == f);
    let removed = |f: &str| features.iter().any(|x| x.strip_prefix('-') == Some(f));
    if target.starts_with("thumbv7em") {
        return !removed("dsp"); // Cortex-M4/M7: DSP is part of ARMv7E-M
    }
    if target.starts_with("thumbv8m.main") {
        // Optional on the M33/M35P/M55/M85; LLVM's CPU models include it.
        let dsp_cpu = matches!(
            cpu.as_str(),
            "cortex-m33" | "cortex-m35p" | "cortex-m55" | "cortex-m85"
        );
        return (has("dsp") || dsp_cpu) && !removed("dsp");
    }
    umaal_possible(target) && !target.starts_with("thumbv8m.main") && !removed("thumb2")
}

/// Whether the target's architecture can have UMAAL in Thumb state at all
/// (ARMv8-M Mainline only with the optional DSP extension).
fn umaal_possible(target: &str) -> bool {
    // thumbv6m, thumbv7m, thumbv8m.base, armv4/5/6 and arm-* have no UMAAL
    // in Thumb state.
    [
        "thumbv7em",
        "thumbv8m.main",
        "armv7",
        "thumbv7a",
        "thumbv7neon",
        "armv8r",
    ]
    .iter()
    .any(|p| target.starts_with(p))
}
