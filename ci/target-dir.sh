# Sourced by the ci/ scripts (after setting `root`): honours
# CARGO_TARGET_DIR. A relative value is taken from the repository root, as
# ci/setup does, and exported absolute (the scripts build from firmware/ and
# examples/ too, where cargo would read it from another directory).
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
    case $CARGO_TARGET_DIR in /*) ;; *) CARGO_TARGET_DIR=$root/$CARGO_TARGET_DIR ;; esac
    export CARGO_TARGET_DIR
fi

# ci_target DEFAULT: where cargo puts a crate's builds: CARGO_TARGET_DIR
# when set, else DEFAULT (the crate's own target/).
ci_target() { printf '%s\n' "${CARGO_TARGET_DIR:-$1}"; }

# fw_flags TARGET FLAGS: the assignment, for env, that adds FLAGS to TARGET's
# rustflags (firmware/.cargo/config.toml's, the user's and the remapping below).
fw_flags() {
    local v
    v="CARGO_TARGET_$(tr 'a-z.-' 'A-Z__' <<<"$1")_RUSTFLAGS"
    printf '%s=%s\n' "$v" "${!v:+${!v} }$2"
}

# fw_target_dir: where the scripts build the firmware, every configuration
# (opt-level, backend cfg, features) in one directory: cargo keeps builds
# that differ in profile or RUSTFLAGS side by side (both are in the artifact
# hash), so the host dependencies (proc macros, build scripts) compile once
# and a configuration built by one script is not built again by the next.
# Only the linked binaries in $dir/$target/release/ are the last build's:
# a script reads them right after its own build.
fw_target_dir() { ci_target "$root/firmware/target"; }

# Device builds name the checkout /rsa-cortex-m and cargo's home /cargo in
# their panic locations and debug info: flash figures do not depend on where
# the repository lies, and the scripts' builds of one configuration are one
# build. (Absolute names: a relative one would be joined to the compilation
# directory by DWARF readers, and ci/m3_ct.py would take src/ for firmware/src/.)
# Scripts that add flags for a target append them to these.
fw_root=/rsa-cortex-m
fw_remap="--remap-path-prefix=$root=$fw_root --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo"
# Appended to the user's own flags for these targets, once (the scripts call
# each other and source this again).
for fw_var in CARGO_TARGET_THUMBV6M_NONE_EABI_RUSTFLAGS CARGO_TARGET_THUMBV7M_NONE_EABI_RUSTFLAGS \
    CARGO_TARGET_THUMBV7EM_NONE_EABIHF_RUSTFLAGS CARGO_TARGET_THUMBV8M_MAIN_NONE_EABIHF_RUSTFLAGS; do
    case " ${!fw_var:-} " in
        *" $fw_remap "*) ;;
        *) export "$fw_var=${!fw_var:+${!fw_var} }$fw_remap" ;;
    esac
done
