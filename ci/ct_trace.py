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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--trace", required=True)
    ap.add_argument("--out", required=True, help="JSON: per-region digest and counts")
    ap.add_argument("--diverge", help="A,B: print where regions A and B first differ")
    args = ap.parse_args()

    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from m4_bench import read_elf  # noqa: E402

    symbols, _, _ = read_elf(args.elf)
    start_pc = symbols["bench_start"]
    stop_pc = symbols["bench_stop"]
    keep = set()
    if args.diverge:
        keep = {int(x) for x in args.diverge.split(",")}

    sizes = {}      # TB start pc -> instructions in the block
    cur_pc = None   # TB being listed by in_asm
    regions = []    # per region: dict
    seqs = {}       # region id -> [(pc, flags, symbol)] (only for --diverge)
    h = None
    buf = None
    blocks = insns = 0
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
                    if seq is not None:
                        seq.append((pc, key[9:], line[lb + 37:].strip()))
                    if len(buf) >= 1 << 20:
                        h.update(buf.tobytes())
                        del buf[:]
                    if pc == stop_pc:
                        h.update(buf.tobytes())
                        regions.append({"region": rid, "digest": h.hexdigest(), "blocks": blocks,
                                        "instructions": insns})
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
                    seq = [] if rid in keep else None
                cur_pc = None
            elif line.startswith("IN:"):
                cur_pc = -1
            elif c0 == "0" and line[1:2] == "x" and cur_pc is not None:
                addr = int(line[2:10], 16)
                if cur_pc == -1:
                    cur_pc = addr
                    sizes[cur_pc] = 0
                sizes[cur_pc] += 1
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
