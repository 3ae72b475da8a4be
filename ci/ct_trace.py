#!/usr/bin/env python3
"""Instruction-trace equality check (issue 5), used by ci/ct-trace.

Reads QEMU's `-d in_asm,exec,nochain` log (file or FIFO) of the firmware
`firmware/src/bin/ct_trace.rs` and, for every region between `bench_start`
and `bench_stop`, the sequence of executed translation blocks: each is a
fixed straight-line run of instructions (from `in_asm`) entered at its
start address, so equal block sequences mean equal sequences of executed
instruction addresses. Every region is reduced to a digest of that
sequence (BLAKE2b over the start addresses and CPU state words), its block
count and its instruction count; regions of the same operation and size
(the firmware's console names them: `ct-region <id> <op> <bits> <key>
<input>`) must agree.

With --value-dependent MNEMONICS (comma-separated; ci/ct-trace --m3 passes
the Cortex-M3's UMULL, UMLAL, SMULL, SMLAL, UDIV and SDIV, whose time
depends on their operands) every region also counts how many of each it
executed (`value_dependent`: {mnemonic: count}).

With --diverge A,B the sequences of regions A and B are also kept, and
where they first differ is printed (block index,
instruction index, addresses and QEMU's symbol names); ci/ct-trace reruns
the deterministic firmware that way when digests differ.
"""
import argparse
import hashlib
import json
import sys
from array import array
from collections import defaultdict


COND = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt",
        "le", "al"}


def value_dependent(mnemonic, names):
    """Which of `names` a disassembled mnemonic (a one-element list, or
    empty) is, with or without a width (.w) or condition (IT) suffix; None
    if none."""
    if not mnemonic:
        return None
    m = mnemonic[0].lower().split(".")[0]
    if m in names:
        return m
    if m[-2:] in COND and m[:-2] in names:
        return m[:-2]
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--trace", required=True)
    ap.add_argument("--out", required=True, help="JSON: per-region digest and counts")
    ap.add_argument("--diverge", help="A,B: print where regions A and B first differ")
    ap.add_argument("--value-dependent", default="",
                    help="mnemonics whose timing depends on the operands: counted per region")
    args = ap.parse_args()
    vd_names = set(filter(None, args.value_dependent.split(",")))

    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from m4_bench import read_elf  # noqa: E402

    symbols, _, _ = read_elf(args.elf)
    start_pc = symbols["bench_start"]
    stop_pc = symbols["bench_stop"]
    keep = set()
    if args.diverge:
        keep = {int(x) for x in args.diverge.split(",")}

    sizes = {}      # TB start pc -> instructions in the block
    vd_blocks = {}  # TB start pc -> {mnemonic: count} of its value-dependent instructions
    cur_pc = None   # TB being listed by in_asm
    regions = []    # per region: dict
    seqs = {}       # region id -> [(pc, flags, symbol)] (only for --diverge)
    h = None
    buf = None
    blocks = insns = 0
    vd = defaultdict(int)
    rid = -1
    active = False
    seq = None

    with open(args.trace, "r", errors="replace") as f:
        for line in f:
            c0 = line[:1]
            if c0 == "T":  # Trace 0: 0xHOST [cs_base/pc/flags/cflags] sym
                lb = line.index("[")
                key = line[lb + 10:lb + 27]  # "pc/flags"
                pc = int(key[:8], 16)
                if active:
                    buf.append(pc)
                    buf.append(int(key[9:], 16))
                    blocks += 1
                    insns += sizes.get(pc, 0)
                    found = vd_blocks.get(pc)
                    if found:
                        for m, n in found.items():
                            vd[m] += n
                    if seq is not None:
                        seq.append((pc, key[9:], line[lb + 37:].strip()))
                    if len(buf) >= 1 << 20:
                        h.update(buf.tobytes())
                        del buf[:]
                    if pc == stop_pc:
                        h.update(buf.tobytes())
                        region = {"region": rid, "digest": h.hexdigest(), "blocks": blocks,
                                  "instructions": insns}
                        if vd_names:
                            region["value_dependent"] = dict(vd)
                        regions.append(region)
                        if seq is not None:
                            seqs[rid] = seq
                        active = False
                        seq = None
                elif pc == start_pc:
                    rid += 1
                    active = True
                    h = hashlib.blake2b(digest_size=16)
                    buf = array("I")
                    blocks = insns = 0
                    vd = defaultdict(int)
                    seq = [] if rid in keep else None
                cur_pc = None
            elif line.startswith("IN:"):
                cur_pc = -1
            elif c0 == "0" and line[1:2] == "x" and cur_pc is not None:
                addr = int(line[2:10], 16)
                if cur_pc == -1:
                    cur_pc = addr
                    sizes[cur_pc] = 0
                    vd_blocks.pop(cur_pc, None)
                sizes[cur_pc] += 1
                # "0xADDRESS:  BYTES      MNEMONIC OPERANDS", the mnemonic at column 24
                m = value_dependent(line[24:].split(None, 1)[:1], vd_names) if vd_names else None
                if m:
                    tb = vd_blocks.setdefault(cur_pc, {})
                    tb[m] = tb.get(m, 0) + 1
            elif c0 == "\n" or c0 == "-":
                cur_pc = None

    json.dump({"regions": regions}, open(args.out, "w"), indent=1)

    if args.diverge:
        a, b = (int(x) for x in args.diverge.split(","))
        sa, sb = seqs.get(a, []), seqs.get(b, [])
        n = min(len(sa), len(sb))
        i = 0
        ins = 0
        while i < n and sa[i][:2] == sb[i][:2]:
            ins += sizes.get(sa[i][0], 0)
            i += 1
        print(f"regions {a} and {b}: {len(sa)} and {len(sb)} blocks; first difference at block {i} "
              f"(after {ins} identical instructions)")
        for j in range(max(0, i - 3), min(i + 3, max(len(sa), len(sb)))):
            ea = sa[j] if j < len(sa) else ("-", "", "")
            eb = sb[j] if j < len(sb) else ("-", "", "")
            fa = f"0x{ea[0]:08x} {ea[2]}" if ea[0] != "-" else "(ended)"
            fb = f"0x{eb[0]:08x} {eb[2]}" if eb[0] != "-" else "(ended)"
            mark = "  " if j < i else "=>" if j == i else "  "
            print(f"  {mark} block {j}: {fa:<50} | {fb}")


if __name__ == "__main__":
    main()
