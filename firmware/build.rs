//! Puts the memory map for the target board where cortex-m-rt's link.x
//! finds it: mps2-an386 for ARMv7E-M, mps2-an505 for ARMv8-M.
use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    let target = env::var("TARGET").unwrap_or_default();
    let src = if target.starts_with("thumbv8m") {
        "memory-an505.x"
    } else {
        "memory-an386.x"
    };
    fs::copy(src, out.join("memory.x")).unwrap();
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=memory-an386.x");
    println!("cargo:rerun-if-changed=memory-an505.x");
    println!("cargo:rerun-if-changed=build.rs");
}
