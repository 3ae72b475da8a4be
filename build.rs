//! Chooses the arithmetic backend from the *target* (never the host):
//! `rsa_cortex_m_backend = "umaal"` where the Thumb-2 UMAAL assembly can run,
//! `"portable"` elsewhere. A `--cfg rsa_cortex_m_backend="..."` in RUSTFLAGS
//! wins: then nothing is emitted.

use std::env;

fn main() {
    for var in [
        "CARGO_CFG_TARGET_ARCH",
        "CARGO_CFG_TARGET_FEATURE",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "TARGET",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");

    let target = env::var("TARGET").unwrap_or_default();
    println!("cargo::rustc-check-cfg=cfg(rsa_cortex_m_mul16)");
    // ARMv6-M and ARMv8-M Baseline have only MULS (32×32→32): a u64
    // product becomes a call to __aeabi_lmul (a full 64×64 multiply); four
    // 16×16 products inline are faster (whichever backend is chosen).
    if target.starts_with("thumbv6m") || target.starts_with("thumbv8m.base") {
        println!("cargo:rustc-cfg=rsa_cortex_m_mul16");
    }

    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if flags
        .split('\x1f')
        .any(|f| f.contains("rsa_cortex_m_backend"))
    {
        return; // the user chose
    }
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    // Stable Rust does not expose ARM target features to cfg, so besides
    // CARGO_CFG_TARGET_FEATURE look at -C target-cpu / -C target-feature.
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
    let backend = if umaal_available(&target, &arch, &cpu, &features) {
        "umaal"
    } else {
        "portable"
    };
    println!("cargo:rustc-cfg=rsa_cortex_m_backend=\"{backend}\"");
    // LLVM assembles global_asm! with the target's base features, not
    // -C target-cpu: on ARMv8-M the assembly needs a `.cpu` line for DSP.
    println!("cargo::rustc-check-cfg=cfg(rsa_cortex_m_asm_v8m)");
    if target.starts_with("thumbv8m.main") {
        println!("cargo:rustc-cfg=rsa_cortex_m_asm_v8m");
    }
}

/// UMAAL, SEL and UADD8 in Thumb state: ARMv7E-M, ARMv8-M Mainline with the
/// DSP extension, and ARMv7-A/R and ARMv8-R AArch32 (Thumb-2 always has them
/// there).
fn umaal_available(target: &str, arch: &str, cpu: &str, features: &[String]) -> bool {
    if arch != "arm" {
        return false;
    }
    let has = |f: &str| features.iter().any(|x| x == f);
    let removed = |f: &str| features.iter().any(|x| x.strip_prefix('-') == Some(f));
    if target.starts_with("thumbv7em") {
        return !removed("dsp"); // Cortex-M4/M7: DSP is part of ARMv7E-M
    }
    if target.starts_with("thumbv8m.main") {
        // Optional on the M33/M35P/M55/M85; LLVM's CPU models include it.
        let dsp_cpu = matches!(
            cpu,
            "cortex-m33" | "cortex-m35p" | "cortex-m55" | "cortex-m85"
        );
        return (has("dsp") || dsp_cpu) && !removed("dsp");
    }
    // A/R profile with Thumb-2: armv7-*, armv7a-*, armv7r-*, thumbv7a-*,
    // thumbv7neon-*, armv8r-*. (thumbv6m, thumbv7m, thumbv8m.base, armv4/5/6
    // and arm-* have no UMAAL in Thumb state.)
    ["armv7", "thumbv7a", "thumbv7neon", "armv8r"]
        .iter()
        .any(|p| target.starts_with(p))
        && !removed("thumb2")
}
