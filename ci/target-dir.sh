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
