#!/usr/bin/env python3
"""Cortex-M4 (and M3, M0) cycle estimate from a QEMU instruction trace.

Reads QEMU's `-d in_asm,exec,nochain` log (a file or FIFO), finds the
regions between calls to `bench_start` and `bench_stop` in the benchmark
firmware, counts the instructions every region executes and estimates its
cycles with the timing model of ci/M4_TIMING.md. Used by ci/m4-bench.
"""
import argparse
import json
import re
import struct
import sys
from collections import defaultdict

# Published Cortex-M4 figures (cycles), see issue 3 / README.
PUBLISHED = {
    ("public", 2048, 3): 53_400,
    ("public", 2048, 65537): 257_000,
    ("public", 3072, 65537): 539_000,
    ("public", 4096, 65537): 928_000,
    ("private", 2048, 0): 10_800_000,
    ("private", 3072, 0): 32_800_000,
    ("private", 4096, 0): 73_600_000,
}


# --------------------------------------------------------------------------
# ELF: symbols and the flash footprint.
def read_elf(path):
    data = open(path, "rb").read()
    assert data[:4] == b"\x7fELF" and data[4] == 1, "32-bit ELF expected"
    (shoff,) = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
    secs = []
    for i in range(shnum):
        secs.append(struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize))
    shstr = secs[shstrndx]

    def name(off, tab):
        start = tab[4] + off
        return data[start:data.index(b"\0", start)].decode()

    sections = {name(s[0], shstr): s for s in secs}
    symbols = {}
    for s in secs:
        if s[1] == 2:  # SHT_SYMTAB
            strtab = secs[s[6]]
            for off in range(s[4], s[4] + s[5], 16):
                st_name, value, size, info, other, shndx = struct.unpack_from("<IIIBBH", data, off)
                if st_name:
                    symbols[name(st_name, strtab)] = value & ~1
    flash = 0
    for n, s in sections.items():
        sh_type, flags, size = s[1], s[2], s[5]
        if sh_type == 1 and flags & 0x2 and not flags & 0x1:  # PROGBITS, ALLOC, !WRITE
            flash += size
    return symbols, flash, {n: s[5] for n, s in sections.items()}


# --------------------------------------------------------------------------
# The Cortex-M4 timing model (ci/M4_TIMING.md).
COND = "eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al"
RE_BCOND = re.compile(r"^b(%s)$" % COND)
RE_REG = re.compile(r"\b(r\d+|sb|sl|fp|ip|sp|lr|pc)\b")
MULS = {"mul", "muls", "mla", "mls", "umull", "smull", "umlal", "smlal", "umaal",
        "smmul", "smmla", "smlabb", "smulbb", "smlad", "smuad"}
DIVS = {"udiv", "sdiv"}
UDIV_CYCLES = 12


def reglist_count(ops):
    m = re.search(r"\{([^}]*)\}", ops)
    if not m:
        return 1
    n = 0
    for part in m.group(1).split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-")
            n += int(re.sub(r"\D", "", b)) - int(re.sub(r"\D", "", a)) + 1
            if a.strip().startswith("d"):
                n += int(re.sub(r"\D", "", b)) - int(re.sub(r"\D", "", a)) + 1
        elif part:
            n += 2 if part.startswith("d") else 1
    return n


def classify(mn, ops):
    """-> (kind, extra) for one instruction."""
    base = mn.split(".")[0]
    if base in ("b", "bl", "blx", "bx") or RE_BCOND.match(base) or base in ("cbz", "cbnz"):
        return ("branch_always" if base in ("b", "bl", "blx", "bx") else "branch_cond"), 0
    if base in ("tbb", "tbh"):
        return "tbb", 0
    if base in ("push", "pop") or base.startswith("ldm") or base.startswith("stm") or \
            base in ("vpush", "vpop") or base.startswith("vldm") or base.startswith("vstm"):
        n = reglist_count(ops)
        pc = base in ("pop",) or base.startswith("ldm")
        pc = pc and re.search(r"\bpc\b", ops.split("{", 1)[-1]) is not None
        return ("multi_pc" if pc else "multi"), n
    if base.startswith("ldrd") or base.startswith("strd"):
        return "multi", 2
    if base.startswith("ldr") or base == "vldr":
        dest = ops.split(",")[0].strip()
        if dest == "pc":
            return "load_pc", 0
        return "load", dest
    if base.startswith("str") or base == "vstr":
        return "store", ops.split(",")[0].strip()
    if base in MULS:
        return "mul", base
    if base in DIVS:
        return "div", 0
    if base in ("mov", "add") and ops.split(",")[0].strip() == "pc":
        return "branch_always", 0
    return "alu", 0


# Multiply timings of the Cortex-M3 (ARM DDI 0337, table 18-1): MUL 1, MLA
# and MLS 2, UMULL/SMULL 3-5 and UMLAL/SMLAL 4-7 cycles, early-terminating
# on the operands' magnitudes (data dependent). The model charges the worst
# case; --m3-mul best charges the best.
M3_MUL_WORST = {"mul": 1, "muls": 1, "mla": 2, "mls": 2, "umull": 5, "smull": 5, "umlal": 7, "smlal": 7}
M3_MUL_BEST = {"mul": 1, "muls": 1, "mla": 2, "mls": 2, "umull": 3, "smull": 3, "umlal": 4, "smlal": 4}


def block_cost_m0(instrs, taken, muls_cycles):
    """Cortex-M0 (ARM DDI 0432C, 3.3): ALU 1, MULS 1 or 32 (the fast or the
    small multiplier, an implementation choice), LDR/STR 2, LDM/STM/PUSH
    1 + N, POP {.., pc} 4 + N, B taken 3 (not taken conditional 1), BL 4,
    BX/BLX 3, writes to PC 3; zero wait states."""
    cycles = 0
    last = len(instrs) - 1
    for i, (_, _, kind, extra) in enumerate(instrs):
        if kind == "mul":
            c = muls_cycles
        elif kind in ("load", "store"):
            c = 2
        elif kind == "load_pc":
            c = 3
        elif kind == "multi":
            c = 1 + extra
        elif kind == "multi_pc":
            c = 4 + extra
        elif kind == "branch_always":
            c = 3
        elif kind == "branch_cond":
            c = 3 if (i == last and taken) else 1
        else:
            c = 1
        cycles += c
    return cycles


def block_cost(instrs, taken, model="cortex-m4"):
    """Cycles of one execution of a translation block; `taken` tells whether
    its final branch (if any) went somewhere other than the next address.
    `model`: "cortex-m4" (ci/M4_TIMING.md), "cortex-m3" (the same pipeline
    model with the M3's multiply timings, worst case), "cortex-m3-best"
    (best case) or "cortex-m0" / "cortex-m0-small-mul" (block_cost_m0)."""
    if model.startswith("cortex-m0"):
        return block_cost_m0(instrs, taken, 32 if model.endswith("small-mul") else 1)
    m3 = M3_MUL_BEST if model == "cortex-m3-best" else M3_MUL_WORST if model.startswith("cortex-m3") else None
    cycles = 0
    prev = None  # (kind, extra) of the previous instruction
    last = len(instrs) - 1
    for i, (_, _, kind, extra) in enumerate(instrs):
        if kind == "alu":
            c = 1
        elif kind == "mul":
            c = m3.get(extra, 1) if m3 else 1
        elif kind == "div":
            c = UDIV_CYCLES
        elif kind == "load":
            c = 1 if prev and prev[0] in ("load", "store") else 2
        elif kind == "store":
            # Address phase overlaps the data phase of an independent load.
            c = 0 if prev and prev[0] == "load" and prev[1] != extra else 1
        elif kind == "load_pc":
            c = 2 + 2
        elif kind == "multi":
            c = 1 + extra
        elif kind == "multi_pc":
            c = 1 + extra + 2
        elif kind == "tbb":
            c = 2 + 2
        elif kind == "branch_always":
            c = 3
        elif kind == "branch_cond":
            c = 3 if (i == last and taken) else 1
        else:
            c = 1
        cycles += c
        prev = (kind, extra)
    return cycles


MODELS = {
    "cortex-m4": "Cortex-M4 model of ci/M4_TIMING.md",
    "cortex-m3": "Cortex-M3: the M4 pipeline model with the M3's multiply timings at their worst "
                 "case (UMULL 5, UMLAL 7, MLA 2 cycles; early termination makes them data dependent)",
    "cortex-m3-best": "Cortex-M3, multiplies at their best case (UMULL 3, UMLAL 4)",
    "cortex-m0": "Cortex-M0 TRM costs per instruction class (ALU 1, LDR/STR 2, LDM/STM/PUSH/POP 1+N, "
                 "POP with PC 4+N, taken branch 3, BL 4) with the single-cycle multiplier (MULS 1)",
    "cortex-m0-small-mul": "Cortex-M0 with the small iterative multiplier (MULS 32 cycles)",
}


# --------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf")
    ap.add_argument("--trace", help="QEMU -D log (file or FIFO)")
    ap.add_argument("--console", help="firmware semihosting output")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cpu", default="cortex-m4")
    ap.add_argument("--profile", action="store_true", help="cycles per function and region (stderr)")
    ap.add_argument("--merge", nargs="+", help="JSON reports (M4, M3, M0) to print as one table")
    args = ap.parse_args()
    if args.merge:
        merge([json.load(open(f)) for f in args.merge])
        return

    symbols, flash, _ = read_elf(args.elf)
    start_pc = symbols["bench_start"]
    stop_pc = symbols["bench_stop"]

    blocks = {}        # TB start pc -> [(addr, size, kind, extra)]
    block_sym = {}     # TB start pc -> symbol (for --profile)
    region_counts = []  # per region: {(pc, next_pc): executions}
    counts = None
    prev = None
    cur_block = None
    cur_sym = "?"
    hexword = re.compile(r"^[0-9a-f]{4}$")

    with open(args.trace, "r", errors="replace") as f:
        for line in f:
            c0 = line[:1]
            if c0 == "T":  # Trace 0: 0xHOST [cs_base/pc/flags/cflags] sym
                lb = line.index("[")
                pc = int(line[lb + 10:lb + 18], 16)
                if counts is not None:
                    counts[(prev, pc)] += 1  # block `prev` ran, then went to pc
                    prev = pc
                    if pc == stop_pc:
                        region_counts.append(counts)
                        counts = None
                elif pc == start_pc:
                    counts = defaultdict(int)
                    prev = pc
                cur_block = None
            elif c0 == "0" and line[1:2] == "x" and cur_block is not None:
                addr_s, rest = line.split(":", 1)
                toks = rest.split()
                nhw = 0
                while nhw < 2 and nhw < len(toks) and hexword.match(toks[nhw]):
                    nhw += 1
                mn = toks[nhw] if nhw < len(toks) else "?"
                ops = " ".join(toks[nhw + 1:])
                kind, extra = classify(mn, ops)
                addr = int(addr_s, 16)
                if not cur_block:
                    blocks[addr] = cur_block
                    block_sym[addr] = cur_sym
                cur_block.append((addr, 2 * nhw, kind, extra))
            elif line.startswith("IN:"):
                cur_block = []
                cur_sym = line[3:].strip()
            elif c0 == "\n":
                cur_block = None

    # Regions as described by the firmware.
    meta = {}
    stacks = {}
    heaps = {}
    for line in open(args.console, errors="replace"):
        p = line.split()
        if len(p) == 5 and p[0] == "bench-region":
            meta[int(p[1])] = (p[2], int(p[3]), int(p[4]))
        elif len(p) == 3 and p[0] == "bench-stack":
            stacks[int(p[1])] = int(p[2])
        elif len(p) == 3 and p[0] == "bench-heap":
            heaps[int(p[1])] = int(p[2])

    # A second estimate under the other bound of the model's variable cost.
    alt_model = {"cortex-m3": "cortex-m3-best", "cortex-m0": "cortex-m0-small-mul"}.get(args.cpu)
    rows = []
    for rid, cnt in enumerate(region_counts):
        prof = defaultdict(int)
        instructions = 0
        cycles = 0
        alt_cycles = 0
        muls = 0
        divs = 0
        # cnt[(pc, next)]: the block at pc ran, then control went to next
        # (which tells whether its final branch was taken).
        for (p, nxt), n in cnt.items():
            instrs = blocks[p]
            fall = instrs[-1][0] + instrs[-1][1]
            instructions += n * len(instrs)
            divs += n * sum(1 for ins in instrs if ins[2] == "div")
            c = n * block_cost(instrs, nxt != fall, args.cpu)
            cycles += c
            if alt_model:
                alt_cycles += n * block_cost(instrs, nxt != fall, alt_model)
            muls += n * sum(1 for ins in instrs if ins[2] == "mul")
            if args.profile:
                prof[block_sym.get(p, "?")] += c
        op, bits, e = meta.get(rid, ("?", 0, 0))
        if args.profile:
            print(f"region {rid} {op} {bits}:", file=sys.stderr)
            for sym, c in sorted(prof.items(), key=lambda x: -x[1])[:12]:
                print(f"    {c:>12,}  {c / max(cycles, 1):6.1%}  {sym}", file=sys.stderr)
        rows.append({"region": rid, "operation": op, "bits": bits, "e": e if op == "public" else None,
                     "instructions": instructions, "cycles": cycles,
                     "published": PUBLISHED.get((op, bits, e)) if args.cpu == "cortex-m4" else None,
                     "stack": stacks.get(rid), "heap": heaps.get(rid), "divides": divs, "multiplies": muls,
                     "cycles_alt": alt_cycles if alt_model else None})

    if args.json:
        out = {"elf": args.elf, "cpu": args.cpu, "flash_text_rodata": flash,
               "model": MODELS.get(args.cpu, args.cpu), "alt_model": MODELS.get(alt_model) if alt_model else None,
               "rows": [{k: r[k] for k in ("region", "operation", "bits", "e", "instructions", "cycles",
                                           "published", "stack", "heap", "divides", "multiplies",
                                           "cycles_alt")}
                        for r in rows]}
        print(json.dumps(out, indent=2))
        return
    for r in rows:
        if r["divides"]:
            print(f"note: region {r['region']} executed {r['divides']} UDIV/SDIV, costed {UDIV_CYCLES} "
                  f"cycles each (worst case)", file=sys.stderr)
    print(f"ELF: {args.elf}")
    print(f"Flash (text + rodata): {flash} bytes")
    print(f"Model: {MODELS.get(args.cpu, args.cpu)}")
    print()
    if heaps:
        # The drop-in image: peak stack and heap of each region.
        print("| region | operation | bits | instructions | est. cycles | peak stack | peak heap | stack + heap |")
        print("|---:|---|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            stack, heap = r["stack"] or 0, r["heap"] or 0
            print(f"| {r['region']} | {op_name(r['operation'])} | {r['bits']} | {r['instructions']:,} | "
                  f"{r['cycles']:,} | {stack} B | {heap} B | {stack + heap} B |")
        return
    hdr = f"| region | operation | bits | e | instructions | est. cycles | published | ratio | peak stack |"
    print(hdr)
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        pub = r["published"]
        ratio = f"{r['cycles'] / pub:.3f}" if pub else "-"
        e = r["e"] if r["e"] is not None else "-"
        name = op_name(r["operation"])
        print(f"| {r['region']} | {name} | {r['bits']} | {e} | {r['instructions']:,} | {r['cycles']:,} | "
              f"{pub:,} | {ratio} | {r['stack']} B |" if pub else
              f"| {r['region']} | {name} | {r['bits']} | {e} | {r['instructions']:,} | {r['cycles']:,} | - | - | "
              f"{r['stack']} B |")


NAMES = {"montmul": "Montgomery mul (mul+redc)", "montsqr": "Montgomery sqr (sqr+redc)",
         "select16": "table select (16 entries)", "public": "public", "private": "private (CRT)"}


def op_name(op):
    if op.startswith("keygen-seed"):
        return f"key generation (seed {op[11:]})"
    return NAMES.get(op, op)


def merge(reports):
    """One row per (operation, bits, e), one column group per CPU."""
    cpus = [r["cpu"] for r in reports]
    keys = []
    by = []
    for rep in reports:
        d = {}
        for row in rep["rows"]:
            k = (row["operation"], row["bits"], row["e"])
            d[k] = row
            if k not in keys:
                keys.append(k)
        by.append(d)
    short = {"cortex-m4": "M4", "cortex-m3": "M3", "cortex-m0": "M0"}
    hdr = "| operation | bits | e |"
    sep = "|---|---:|---:|"
    for c in cpus:
        s = short.get(c, c)
        if c == "cortex-m3":
            hdr += f" {s} instructions | {s} est. cycles (mul worst / best) | {s} stack |"
            sep += "---:|---:|---:|"
        elif c == "cortex-m0":
            hdr += f" {s} instructions | {s} est. cycles (MULS 1 / 32) | {s} stack |"
            sep += "---:|---:|---:|"
        else:
            hdr += f" {s} instructions | {s} est. cycles | {s} stack |"
            sep += "---:|---:|---:|"
    print(hdr)
    print(sep)
    for k in keys:
        op, bits, e = k
        line = f"| {op_name(op)} | {bits} | {e if e is not None else ''} |"
        for d in by:
            r = d.get(k)
            if r is None:
                line += " — | — | — |"
                continue
            cyc = f"{r['cycles']:,}"
            if r.get("cycles_alt") is not None:
                cyc += f" / {r['cycles_alt']:,}"
            line += f" {r['instructions']:,} | {cyc} | {r['stack']} B |"
        print(line)
    print()
    for rep in reports:
        print(f"- {short.get(rep['cpu'], rep['cpu'])}: {rep['model']}"
              + (f"; second figure: {rep['alt_model']}" if rep.get("alt_model") else "")
              + f"; benchmark firmware flash {rep['flash_text_rodata']:,} B")


if __name__ == "__main__":
    main()
