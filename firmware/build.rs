//! Puts the memory map for the target board where cortex-m-rt's link.x
//! finds it: micro:bit for ARMv6-M, mps2-an385 for ARMv7-M, mps2-an386 for
//! ARMv7E-M, mps2-an505 for ARMv8-M. On ARMv6-M (16 KiB of RAM) it also sets
//! `cfg(fw_small_ram)`, which shrinks the test and benchmark firmware, on
//! ARMv7-M `cfg(fw_an385)` (the test firmware's extra operand sizes), and
//! on ARMv7E-M/ARMv8-M Mainline `cfg(fw_keygen)` (the benchmark's key
//! generation regions).
use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    let target = env::var("TARGET").unwrap_or_default();
    let src = if target.starts_with("thumbv8m") {
        "memory-an505.x"
    } else if target.starts_with("thumbv6m") {
        "memory-microbit.x"
    } else if target.starts_with("thumbv7m") {
        "memory-an385.x"
    } else {
        "memory-an386.x"
    };
    fs::copy(src, out.join("memory.x")).unwrap();
    // cortex-m-rt's `device` feature includes a device.x with the handlers'
    // weak aliases; every interrupt here goes to DefaultHandler (see
    // src/vectors.rs), so it has none.
    fs::write(
        out.join("device.x"),
        "/* every interrupt vector is DefaultHandler: src/vectors.rs */\n",
    )
    .unwrap();
    println!("cargo:rustc-check-cfg=cfg(fw_small_ram)");
    println!("cargo:rustc-check-cfg=cfg(fw_keygen)");
    println!("cargo:rustc-check-cfg=cfg(fw_an505)");
    println!("cargo:rustc-check-cfg=cfg(fw_an385)");
    if target.starts_with("thumbv7m") {
        println!("cargo:rustc-cfg=fw_an385");
    }
    if target.starts_with("thumbv8m") {
        println!("cargo:rustc-cfg=fw_an505");
    }
    // Key generation regions of the benchmark only where the UMAAL kernels
    // run (on the M3/M0 models they would take ~10^10 traced instructions).
    if target.starts_with("thumbv7em") || target.starts_with("thumbv8m.main") {
        println!("cargo:rustc-cfg=fw_keygen");
    }
    if target.starts_with("thumbv6m") {
        println!("cargo:rustc-cfg=fw_small_ram");
    }
    println!("cargo:rustc-link-search={}", out.display());
    for f in [
        "memory-an385.x",
        "memory-an386.x",
        "memory-an505.x",
        "memory-microbit.x",
    ] {
        println!("cargo:rerun-if-changed={f}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
