#!/usr/bin/env python3
"""Scans Cortex-M3 images for the early-terminating multiplies (ci/m3-ct).

On the Cortex-M3, UMULL/SMULL and UMLAL/SMLAL take a time that depends on
the operand values; MUL and MLA do not. Reads `objdump -d -l --inlines`
of each ELF (release images carry line tables) and attributes every
UMULL/UMLAL/SMULL/SMLAL to its source location and the chain of functions
it was inlined into (innermost first). Its origin is the innermost frame
that is not core's integer arithmetic or iterators (`u64::wrapping_mul`
and the like, a range's step, are the operator, not the code using it). The check fails on every
multiply whose origin is not in the allowlist of public-data code below:
the crate's own source, a library it calls, and code without line
information all fail.
"""
import re
import subprocess
import sys

MULTIPLY = re.compile(r"^\s*([0-9a-f]+):\s+(umull|umlal|smull|smlal)(\.w)?\s", re.I)
SYMBOL = re.compile(r"^[0-9a-f]+ <(.*)>:$")
LOCATION = re.compile(r"^(?:inlined by )?(/\S+):\d+")

# Public data only: the test and benchmark harness (its RNG, which makes
# test inputs and stands in for the caller's RNG; its reports), core's
# decimal formatting of what the harness prints, and const-oid's parsing
# of algorithm identifiers (public).
CORE_OPERATORS = ("/library/core/src/num/", "/library/core/src/iter/")
ALLOWED = (
    "/firmware/src/",
    "/library/core/src/fmt/",
    "/const-oid-",
)


def scan(elf):
    out = subprocess.run(
        ["arm-none-eabi-objdump", "-d", "-l", "--inlines", "--no-show-raw-insn", elf],
        check=True, capture_output=True, text=True,
    ).stdout
    bad, allowed, chain, symbol = [], 0, [], "?"
    fresh = False  # the previous line was an instruction: a new chain starts
    for line in out.splitlines():
        m = SYMBOL.match(line)
        if m:
            symbol, chain, fresh = m.group(1), [], False
            continue
        m = LOCATION.match(line)
        if m:
            if fresh:
                chain, fresh = [], False
            chain.append(m.group(1))
            continue
        m = MULTIPLY.match(line)
        if m:
            fresh = True
            origin = next((f for f in chain if not any(c in f for c in CORE_OPERATORS)), None)
            if origin is None or not any(a in origin for a in ALLOWED):
                bad.append((m.group(1), m.group(2), symbol, chain[:]))
            else:
                allowed += 1
        elif line.startswith(" "):
            fresh = True  # another instruction
    return bad, allowed


def main():
    failed = False
    for elf in sys.argv[1:]:
        bad, allowed = scan(elf)
        print(f"m3-ct: {elf}: {len(bad)} early-terminating multiplies outside the "
              f"allowlist, {allowed} in public-data code (allowlist)")
        for addr, insn, symbol, chain in bad[:20]:
            print(f"  {addr}: {insn} in {symbol}")
            for f in chain:
                print(f"      {f}")
        if len(bad) > 20:
            print(f"  ... and {len(bad) - 20} more")
        failed |= bool(bad)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
