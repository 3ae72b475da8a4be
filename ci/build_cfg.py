#!/usr/bin/env python3
"""Runs the crate's build script (compiled once by ci/arm-test) with the inputs
Cargo would give it for one build, and prints the `cargo:rustc-cfg=` lines it
emits, or `refused` when it fails the build.

Cargo's inputs, as documented for build scripts: TARGET, OPT_LEVEL, RUSTC,
CARGO_ENCODED_RUSTFLAGS (the RUSTFLAGS joined by 0x1f) and one CARGO_CFG_<NAME>
per cfg of `rustc --print cfg --target TARGET RUSTFLAGS` (a cfg's values joined
by commas), which is how a `--cfg` in RUSTFLAGS reaches the script. This saves
a `cargo check` (and its dependency builds) per case; ci/arm-test keeps real
builds beside it and checks that they agree.

usage: build_cfg.py BUILD_SCRIPT TARGET OPT_LEVEL [RUSTFLAGS]
"""
import collections
import os
import subprocess
import sys
import tempfile


def cargo_env(target, opt, flags):
    args = flags.split()  # as Cargo splits RUSTFLAGS: on whitespace
    rustc = os.environ.get("RUSTC", "rustc")
    out = subprocess.run(
        [rustc, "--print", "cfg", "--target", target, *args],
        check=True, capture_output=True, text=True,
    ).stdout
    cfgs = collections.OrderedDict()
    for line in out.splitlines():
        name, _, value = line.partition("=")
        values = cfgs.setdefault(name, [])
        if value:
            values.append(value.strip('"'))
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARGO_CFG_")}
    for name, values in cfgs.items():
        if name in ("debug_assertions", "feature"):
            continue  # Cargo leaves these out
        env["CARGO_CFG_" + name.upper()] = ",".join(values)
    env.update(
        TARGET=target,
        HOST=subprocess.run([rustc, "-vV"], check=True, capture_output=True, text=True)
        .stdout.split("host: ")[1].split()[0],
        OPT_LEVEL=opt,
        RUSTC=rustc,
        CARGO_ENCODED_RUSTFLAGS="\x1f".join(args),
        PROFILE="release" if opt not in ("0",) else "debug",
        DEBUG="false",
        CARGO_PKG_NAME="rsa-cortex-m",
    )
    return env


def main():
    script, target, opt = sys.argv[1:4]
    flags = sys.argv[4] if len(sys.argv) > 4 else ""
    env = cargo_env(target, opt, flags)
    with tempfile.TemporaryDirectory() as out_dir:
        env["OUT_DIR"] = out_dir
        run = subprocess.run([script], env=env, capture_output=True, text=True)
    if run.returncode != 0:
        print("refused")
        sys.stderr.write(run.stderr)
        return
    for line in run.stdout.splitlines():
        if line.startswith("cargo:rustc-cfg="):
            print(line[len("cargo:rustc-cfg="):])


if __name__ == "__main__":
    main()
