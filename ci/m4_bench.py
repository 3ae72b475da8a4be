#!/usr/bin/env python3
"""Cortex-M4 (and M3, M0) cycle estimate from a QEMU instruction trace.

Reads QEMU's `-d in_asm,exec,nochain` log (a file or FIFO), finds the
regions between calls to `bench_start` and `bench_stop` in the benchmark
firmware, counts the instructions every region executes and estimates its
cycles with the timing model of ci/M4_TIMING.md. Used by ci/m4-bench.
"""
import argparse
import os
import bisect
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
    global FUNCS
    funcs = []
    for s in secs:
        if s[1] == 2:  # SHT_SYMTAB
            strtab = secs[s[6]]
            for off in range(s[4], s[4] + s[5], 16):
                st_name, value, size, info, other, shndx = struct.unpack_from("<IIIBBH", data, off)
                if st_name:
                    symbols[name(st_name, strtab)] = value & ~1
                    if info & 0xF == 2 and size:  # STT_FUNC
                        funcs.append((value & ~1, size, name(st_name, strtab)))
    FUNCS = sorted(funcs)
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
REG_ALIAS = {"sb": "r9", "sl": "r10", "fp": "r11", "ip": "r12", "sp": "r13", "lr": "r14", "pc": "r15"}
MULS = {"mul", "muls", "mla", "mls", "umull", "smull", "umlal", "smlal", "umaal",
        "smmul", "smmla", "smlabb", "smulbb", "smlad", "smuad"}
MUL_TWO_DESTS = {"umull", "smull", "umlal", "smlal", "umaal"}
DIVS = {"udiv", "sdiv"}
NO_DEST = {"cmp", "cmn", "tst", "teq", "it", "nop", "dsb", "dmb", "isb", "bkpt", "svc",
           "cpsid", "cpsie", "wfi", "wfe", "sev", "msr", "vcmp", "vcmpe", "vmsr"}
# UDIV/SDIV: the TRM gives 2-12 cycles (early termination on the operands);
# the model charges the worst case. The JSON counts them, so they can be
# re-costed at any other value.
UDIV_CYCLES = 12
BRANCHES = ("branch_always", "branch_cond", "call")


def reg(r):
    return REG_ALIAS.get(r, r)


def regs_in(s):
    return frozenset(reg(r) for r in RE_REG.findall(s))


def reglist(ops):
    """Registers of an LDM/STM/PUSH/POP list and its word count."""
    m = re.search(r"\{([^}]*)\}", ops)
    if not m:
        return frozenset(), 1
    regs = set()
    n = 0
    for part in m.group(1).split(","):
        part = part.strip()
        if "-" in part:
            a, b = (x.strip() for x in part.split("-"))
            lo, hi = int(re.sub(r"\D", "", a)), int(re.sub(r"\D", "", b))
            w = 2 if a.startswith("d") else 1
            n += (hi - lo + 1) * w
            if a.startswith("r"):
                regs.update(f"r{k}" for k in range(lo, hi + 1))
        elif part:
            n += 2 if part.startswith("d") else 1
            if RE_REG.fullmatch(part):
                regs.add(reg(part))
    return frozenset(regs), n


class Ins:
    """One instruction: its class and the registers the model needs (written
    registers, address registers of a memory access, stored registers)."""
    __slots__ = ("addr", "size", "kind", "n", "mn", "dests", "addr_regs", "data", "cond")

    def __init__(self, addr, size, kind, n=0, mn="", dests=frozenset(), addr_regs=frozenset(),
                 data=frozenset(), cond=False):
        self.addr, self.size, self.kind, self.n, self.mn = addr, size, kind, n, mn
        self.dests, self.addr_regs, self.data = dests, addr_regs, data
        self.cond = cond  # a BL/BLX of an IT block: a call only when taken


def mem_operands(ops):
    """(registers before the bracket, address registers) of `Rt, [Rn, ...]`."""
    if "[" not in ops:
        return regs_in(ops), frozenset()
    before, rest = ops.split("[", 1)
    inside = rest.split("]", 1)[0]
    return regs_in(before), regs_in(inside)


# Mnemonics QEMU prints with a condition suffix inside an IT block that the
# classes below must still recognise (a conditional BX is a branch, a
# conditional POP a multiple load); the other classes match by prefix.
COND_STRIPPED = ("bx", "blx", "bl", "pop", "push", "udiv", "sdiv", "tbb", "tbh") + tuple(MULS)


def it_conditions(mn, ops):
    """Conditions of the instructions an IT instruction covers (`itte eq`:
    eq, eq, ne)."""
    first = ops.strip().split()[0] if ops.strip() else "al"
    inverse = {"eq": "ne", "ne": "eq", "cs": "cc", "cc": "cs", "hs": "lo", "lo": "hs", "mi": "pl",
               "pl": "mi", "vs": "vc", "vc": "vs", "hi": "ls", "ls": "hi", "ge": "lt", "lt": "ge",
               "gt": "le", "le": "gt", "al": "al"}
    return [first] + [first if x == "t" else inverse.get(first, first) for x in mn[2:]]


def with_cond(mn, cond):
    """`mn` with an IT block's condition suffix (before any `.w`/`.n`)."""
    base, dot, width = mn.partition(".")
    return base + cond + dot + width


def classify(addr, size, mn, ops):
    base = mn.split(".")[0]
    if len(base) > 2 and base[:-2] in COND_STRIPPED and re.fullmatch(COND, base[-2:]):
        cond_bx = base[:-2] in ("bx", "blx", "bl")
        base = base[:-2]
        if cond_bx:
            # Taken or not as the trace shows (next block), like B<cond>; a
            # taken BL/BLX is a call.
            if base == "bx":
                return Ins(addr, size, "branch_cond", mn=base)
            return Ins(addr, size, "call", mn=base, cond=True)
    if base in ("bl", "blx"):
        return Ins(addr, size, "call", mn=base)
    if base in ("b", "bx") or RE_BCOND.match(base) or base in ("cbz", "cbnz"):
        return Ins(addr, size, "branch_always" if base in ("b", "bx") else "branch_cond", mn=base)
    if base in ("tbb", "tbh"):
        return Ins(addr, size, "tbb", mn=base, addr_regs=mem_operands(ops)[1])
    if base in ("push", "pop", "vpush", "vpop") or base.startswith(("ldm", "stm", "vldm", "vstm")):
        regs, n = reglist(ops)
        load = base in ("pop", "vpop") or base.startswith(("ldm", "vldm"))
        if base in ("push", "pop", "vpush", "vpop"):
            addr_regs = frozenset(["r13"])
        else:
            addr_regs = regs_in(ops.split(",", 1)[0])
        pc = load and "r15" in regs
        return Ins(addr, size, "multi_pc" if pc else "multi", n=n, mn=base,
                   dests=regs if load else frozenset(), addr_regs=addr_regs,
                   data=frozenset() if load else regs)
    if base.startswith(("ldrd", "strd")):
        before, addr_regs = mem_operands(ops)
        load = base.startswith("ldrd")
        return Ins(addr, size, "pair", n=2, mn=base, dests=before if load else frozenset(),
                   addr_regs=addr_regs, data=frozenset() if load else before)
    if base.startswith("ldr") or base == "vldr":
        before, addr_regs = mem_operands(ops)
        if "r15" in before:
            return Ins(addr, size, "load_pc", mn=base, addr_regs=addr_regs)
        return Ins(addr, size, "load", mn=base, dests=before, addr_regs=addr_regs)
    if base.startswith("str") or base == "vstr":
        before, addr_regs = mem_operands(ops)
        return Ins(addr, size, "store", mn=base, addr_regs=addr_regs, data=before)
    first = ops.split(",")[0].strip()
    if base in MULS:
        ds = [reg(x.strip()) for x in ops.split(",")[:2 if base in MUL_TWO_DESTS else 1]]
        return Ins(addr, size, "mul", mn=base, dests=frozenset(ds))
    if base in DIVS:
        return Ins(addr, size, "div", mn=base, dests=regs_in(first))
    if base in ("mov", "add") and first == "pc":
        return Ins(addr, size, "branch_always", mn=base)
    no_dest = base in NO_DEST or (len(base) > 2 and base[:-2] in NO_DEST
                                  and re.fullmatch(COND, base[-2:]))
    dests = frozenset() if no_dest or base.startswith("it") else regs_in(first)
    return Ins(addr, size, "alu", mn=base, dests=dests)


MEMORY = ("load", "load_pc", "store", "pair", "multi", "multi_pc", "tbb")


def instr_classes(ins, prev, last, taken):
    """Count classes of one executed instruction under the corrected Cortex-M4
    rules (ci/M4_TIMING.md); `prev` is the instruction executed just before
    (None after a taken branch or where unknown)."""
    k = ins.kind
    out = [k]
    if k == "load" and prev is not None and prev.kind == "load" and not (prev.dests & ins.addr_regs):
        out.append("load_pipelined")
    elif k == "store" and prev is not None and prev.kind == "load" and not (prev.dests & ins.addr_regs):
        # also when it stores what the load loaded (TRM 3.3.2: "so that the
        # STR writes out what the LDR loaded"); until issue 26 it did not.
        out.append("store_free")
    elif k == "branch_cond" or (k == "call" and ins.cond and not (last and taken)):
        out[0] = "branch_cond_taken" if (last and taken) else "branch_cond_not_taken"
    elif k == "mul":
        out.append("mul:" + ins.mn)
    if k in MEMORY and prev is not None and prev.kind in ("alu", "mul", "div") \
            and prev.dests & ins.addr_regs:
        out.append("agu_stall")
    return out


# Cycles per class (corrected model). LDM/STM add their words, see cycles_of.
WEIGHTS = {"alu": 1, "mul": 1, "div": UDIV_CYCLES, "load": 2, "load_pipelined": -1, "load_pc": 4,
           "store": 1, "store_free": -1, "pair": 3, "multi": 1, "multi_words": 1, "multi_pc": 3,
           "multi_pc_words": 1, "tbb": 4, "agu_stall": 1, "branch_always": 3, "call": 3,
           "branch_cond_taken": 3, "branch_cond_not_taken": 1}


def block_classes(instrs, taken, first_prev=None):
    """Class counts of one execution of a translation block."""
    c = defaultdict(int)
    prev = first_prev
    last = len(instrs) - 1
    for i, ins in enumerate(instrs):
        for cl in instr_classes(ins, prev, i == last, taken):
            c[cl] += 1
        if ins.kind == "multi":
            c["multi_words"] += ins.n
        elif ins.kind == "multi_pc":
            c["multi_pc_words"] += ins.n
        prev = ins
    c["instructions"] += len(instrs)
    return c


def cycles_of(classes, mul_costs=None):
    """Cycles of class counts; `mul_costs` maps a multiply mnemonic to its
    cost where that is not 1 (the Cortex-M3)."""
    cyc = sum(WEIGHTS.get(k, 0) * v for k, v in classes.items())
    if mul_costs:
        for k, v in classes.items():
            if k.startswith("mul:"):
                cyc += (mul_costs.get(k[4:], 1) - 1) * v
    return cyc


def first_adjust(block, pred_last):
    """Class-count difference of a block's first instruction when it runs
    straight after `pred_last` (the previous block fell through into it:
    QEMU ends translation blocks at size limits, the core does not)."""
    ins = block[0]
    d = defaultdict(int)
    for cl in instr_classes(ins, pred_last, len(block) == 1, False):
        d[cl] += 1
    for cl in instr_classes(ins, None, len(block) == 1, False):
        d[cl] -= 1
    return {k: v for k, v in d.items() if v}


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
    for i, ins in enumerate(instrs):
        kind = ins.kind
        if kind == "mul":
            c = muls_cycles
        elif kind in ("load", "store"):
            c = 2
        elif kind == "load_pc":
            c = 3
        elif kind == "multi":
            c = 1 + ins.n
        elif kind == "multi_pc":
            c = 4 + ins.n
        elif kind in ("branch_always", "call"):
            c = 3
        elif kind == "branch_cond":
            c = 3 if (i == last and taken) else 1
        else:
            c = 1
        cycles += c
    return cycles


def block_cost_old(instrs, taken, mul_costs=None):
    """The model before issue 13 (kept for comparison, --old-model): every
    load 1 cycle after any single load or store, a store 0 after a load of
    another register, no address-generation stall, no pipelining across
    translation blocks."""
    cycles = 0
    prev = None
    last = len(instrs) - 1
    for i, ins in enumerate(instrs):
        kind = ins.kind
        if kind == "alu":
            c = 1
        elif kind == "mul":
            c = mul_costs.get(ins.mn, 1) if mul_costs else 1
        elif kind == "div":
            c = UDIV_CYCLES
        elif kind == "load":
            c = 1 if prev is not None and prev.kind in ("load", "store") else 2
        elif kind == "store":
            c = 0 if prev is not None and prev.kind == "load" and not (prev.dests & ins.data) else 1
        elif kind == "load_pc":
            c = 2 + 2
        elif kind == "pair":
            c = 3
        elif kind == "multi":
            c = 1 + ins.n
        elif kind == "multi_pc":
            c = 1 + ins.n + 2
        elif kind == "tbb":
            c = 2 + 2
        elif kind == "branch_cond" or (kind == "call" and ins.cond):
            c = 3 if (i == last and taken) else 1
        elif kind in ("branch_always", "call"):
            c = 3
        else:
            c = 1
        cycles += c
        prev = ins
    return cycles


MODELS = {
    "cortex-m4": "Cortex-M4 model of ci/M4_TIMING.md (TRM DDI 0439 3.3.2 load/store rules: "
                 "nothing pipelines after a store, address-generation stall; UDIV 12)",
    "cortex-m3": "Cortex-M3: the M4 pipeline model with the M3's multiply timings at their worst "
                 "case (UMULL 5, UMLAL 7, MLA 2 cycles; early termination makes them data dependent)",
    "cortex-m3-best": "Cortex-M3, multiplies at their best case (UMULL 3, UMLAL 4)",
    "cortex-m0": "Cortex-M0 TRM costs per instruction class (ALU 1, LDR/STR 2, LDM/STM/PUSH/POP 1+N, "
                 "POP with PC 4+N, taken branch 3, BL 4) with the single-cycle multiplier (MULS 1)",
    "cortex-m0-small-mul": "Cortex-M0 with the small iterative multiplier (MULS 32 cycles)",
}
MUL_COSTS = {"cortex-m4": None, "cortex-m3": M3_MUL_WORST, "cortex-m3-best": M3_MUL_BEST}


# --------------------------------------------------------------------------
KERNELS = {"rsa_cm_mul": "mul", "rsa_cm_sqr": "sqr", "rsa_cm_redc": "redc",
           "rsa_cm_redc_lazy": "redc", "rsa_cm_select": "select",
           "rsa_cm_sqr_redc32": "sqrn", "rsa_cm_sqr_redc4864": "sqrn",
           "rsa_cm_pow32": "sqrn", "rsa_cm_pow4864": "sqrn",
           # a public exponentiation's run of squarings (96 and 128 limbs)
           "rsa_cm_sqr_run96128": "sqrrun",
           # the compact set's bodies, called by rsa_cm_window in its frame
           "rsa_cm_mul_int": "mul", "rsa_cm_sqr_int": "sqr", "rsa_cm_redc_lazy_int": "redc",
           "rsa_cm_redc_lazy_ns": "redc", "rsa_cm_mul_ns": "mul"}
# The armv6m backend's kernels are Rust functions (mangled names) around
# its assembly.
RUST_KERNELS = re.compile(r"^_ZN12rsa_cortex_m5arith7backend6armv6m"
                          r"(3mul|3sqr|4redc|9redc_lazy|6select)17h[0-9a-f]{16}E$")
RUST_KERNEL_NAMES = {"3mul": "mul", "3sqr": "sqr", "4redc": "redc", "9redc_lazy": "redc",
                     "6select": "select"}
# Reached once per squaring inside a fused call (sqrn): the split counts its
# pairs there.
SQR_MARKS = ("rsa_cm_sqr_redc32_sq", "rsa_cm_sqr_redc4864_sq")
MUL_MARKS = ("rsa_cm_sqr_redc32_mu", "rsa_cm_sqr_redc4864_mu")
SQR_ADDRS = set()
MUL_ADDRS = set()
# rsa_cm_pow32 and rsa_cm_pow4864 select each window's entry between these
# marks (pow4864 by a call of rsa_cm_select, whose blocks count too): the
# split gives those blocks to "select" (one per window).
SEL_MARKS = (("rsa_cm_pow32_sel", "rsa_cm_pow32_seld"), ("rsa_cm_pow4864_sel", "rsa_cm_pow4864_seld"))
SEL_RANGES = []
# Rust functions the split tells apart (substrings of their symbols).
# (the fault check of a private operation counts as its public exponentiation)
FRAMES = (("pow_secret", "pow_secret"), ("pow_public", "pow_public"), ("fault_check", "pow_public"))
# The parts of a blinded private operation (blinding.rs): the innermost of
# these frames on the stack names the part, before FRAMES are consulted.
BLIND_FRAMES = (("random_mod", "blinding: draw r"), ("inv_mod", "blinding: inversion"),
                ("fresh_pair", "blinding: r^e"), ("square_pair", "blinding: pair squaring"),
                ("blind_base", "blinding: x*r^e"), ("unblind", "blinding: unblind"),
                ("blind_exponent", "blinding: exponent"))
BLIND_LABELS = {label for _, label in BLIND_FRAMES}


KERNEL_ENTRIES = {}  # entry address -> kernel (filled from the ELF)


def func_at(addr):
    """Name of the ELF function symbol containing addr, or None."""
    i = bisect.bisect_right(FUNCS, (addr, 1 << 40, "")) - 1
    if i >= 0:
        start, size, name = FUNCS[i]
        if start <= addr < start + size:
            return name
    return None


class Split:
    """In-situ split of one region (--split): a shadow call stack follows
    BL/BLX and the returns to their addresses; every executed block's cycles
    go to the kernel call it runs in (mul, sqr, redc, select, with the Rust
    frame it was called from) or to the Rust code between kernel calls."""

    def __init__(self):
        self.stack = []       # [(return address, function name)]
        self.calls = []       # [kernel, context, invocation, cycles]
        self.glue = defaultdict(int)
        self.invocations = 0
        self.cur = None       # index of the open kernel call
        self.depth = 0        # stack depth at its entry

    def context(self):
        for _, name in reversed(self.stack):
            for key, label in BLIND_FRAMES:
                if name and key in name:
                    return label
        for _, name in reversed(self.stack):
            for key, label in FRAMES:
                if name and key in name:
                    return label
        return "other"

    def block(self, instrs, nxt, cycles):
        if self.cur is None and instrs[0].addr in KERNEL_ENTRIES:
            # Entered by BL or by a wrapper's tail call: the call lasts until
            # the stack drops below its depth.
            self.calls.append([KERNEL_ENTRIES[instrs[0].addr], self.context(), self.invocations, 0, 0, 0,
                               0, 0])
            self.cur = len(self.calls) - 1
            self.depth = len(self.stack)
        sel = self.cur is not None and self.calls[self.cur][0] == "sqrn" and next(
            (r for r in SEL_RANGES if r[0] <= instrs[0].addr < r[1]), None)
        if sel:
            self.calls[self.cur][6] += cycles
            self.calls[self.cur][7] += instrs[0].addr == sel[0] and sel[2]
        elif self.cur is not None:
            self.calls[self.cur][3] += cycles
            if instrs[0].addr in SQR_ADDRS:
                self.calls[self.cur][4] += 1
            elif instrs[0].addr in MUL_ADDRS:
                self.calls[self.cur][5] += 1
        else:
            self.glue[self.context()] += cycles
        last = instrs[-1]
        fall = last.addr + last.size
        if last.kind == "call" and nxt != fall:
            name = func_at(nxt)
            self.stack.append((fall, name))
            if name and "pow_secret" in name:
                self.invocations += 1
        else:
            for k in range(len(self.stack) - 1, max(len(self.stack) - 8, -1), -1):
                if self.stack[k][0] == nxt:
                    del self.stack[k:]
                    if self.cur is not None and len(self.stack) < self.depth:
                        self.cur = None
                    break

    def report(self, op):
        """{part: [count, cycles]} for the region."""
        parts = defaultdict(lambda: [0, 0])
        calls = self.calls
        i = 0
        seen_select = set()
        while i < len(calls):
            k, ctx, inv, cyc, sqrs, muls, sel_cyc, sels = calls[i]
            if sels:
                seen_select.add(inv)
                parts["select"][0] += sels
                parts["select"][1] += sel_cyc
            if k == "sqrn" and muls > 1:
                # rsa_cm_pow32: every window of the exponentiation but the
                # first in one call (each window: a select, four sqr+redc
                # and a mul+redc).
                part = "windows, one call (sqr+redc x%d, mul+redc each)" % (sqrs // muls)
                parts[part][0] += muls
                parts[part][1] += cyc
                i += 1
                continue
            if k == "sqrn":
                # A fused call: `sqrs` squarings and `muls` (0 or 1) products,
                # each with its reduction; a window of the exponentiation
                # when it has a product (counted per call).
                part = "sqr+redc" if ctx != "pow_secret" or inv in seen_select else "table"
                if ctx in BLIND_LABELS:
                    part = ctx
                elif ctx == "pow_public" and op == "private":
                    part = "fault check"
                elif muls and part == "sqr+redc":
                    part = "window (sqr+redc x%d, mul+redc)" % sqrs
                parts[part][0] += 1 if muls else sqrs
                parts[part][1] += cyc
                i += 1
                continue
            if k == "sqrrun":
                part = "squaring runs (sqr+redc each), one call per run"
                if ctx in BLIND_LABELS:
                    part = ctx
                elif ctx == "pow_public" and op == "private":
                    part = "fault check"
                parts[part][0] += 1
                parts[part][1] += cyc
                i += 1
                continue
            pair = i + 1 < len(calls) and k in ("mul", "sqr") and calls[i + 1][0] == "redc"
            total = cyc + (calls[i + 1][3] if pair else 0)
            if op in ("montmul", "montsqr", "select16"):
                part = k + "+redc" if pair else k
            elif ctx in BLIND_LABELS:
                part = ctx
            elif ctx == "pow_public" and op == "private":
                part = "fault check"
            elif ctx == "pow_secret":
                if k == "select":
                    seen_select.add(inv)
                    part = "select"
                elif inv not in seen_select:
                    part = "table"
                elif pair:
                    part = k + "+redc"
                else:
                    part = "conversions"
            elif ctx == "pow_public" or op == "public":
                # (pow_public may be inlined into the public row's caller.)
                # The first product (into Montgomery form) and the last
                # (out of it) are conversions.
                first = i == 0
                lastc = i + (2 if pair else 1) >= len(calls)
                part = "conversions" if first or lastc or not pair else k + "+redc"
            else:
                part = "conversions"
            parts[part][0] += 1
            parts[part][1] += total
            i += 2 if pair else 1
        for ctx, cyc in self.glue.items():
            if ctx == "pow_public" and op == "private":
                parts["fault check"][1] += cyc
            elif ctx in BLIND_LABELS:
                parts[ctx][1] += cyc
            else:
                parts["call overhead"][1] += cyc
        return {k: v for k, v in parts.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf")
    ap.add_argument("--trace", help="QEMU -D log (file or FIFO)")
    ap.add_argument("--console", help="firmware semihosting output")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cpu", default="cortex-m4")
    ap.add_argument("--old-model", action="store_true",
                    help="print the pre-issue-13 model's cycles (no store/AGU rules) in the table")
    ap.add_argument("--split", action="store_true",
                    help="in-situ split of every region into kernel calls and the code between")
    ap.add_argument("--profile", action="store_true", help="cycles per function and region (stderr)")
    ap.add_argument("--insns", metavar="REGION:FILE",
                    help="per-instruction cost dump of one region into FILE (tab-separated, by "
                         "address: executions, cycles, cycles above one per execution and the "
                         "classes that put them there); for finding stalls")
    ap.add_argument("--merge", nargs="+", help="JSON reports (M4, M3, M0) to print as one table")
    ap.add_argument("--layout", nargs="+", metavar="LABEL=JSON",
                    help="reports of one source linked at different addresses (the first as "
                         "built): every region's movement; exit 1 if one moves by 0.05 %% or more")
    ap.add_argument("--same", nargs=2, metavar="JSON",
                    help="exit 1 unless two reports of one ELF (QEMU's blocks, one instruction "
                         "per block) give every region the same cycles and class counts")
    args = ap.parse_args()
    if args.merge:
        merge([json.load(open(f)) for f in args.merge])
        return
    if args.same:
        same(*(json.load(open(f))["rows"] for f in args.same))
        return
    if args.layout:
        layout([(x.split("=", 1)[0], json.load(open(x.split("=", 1)[1]))) for x in args.layout])
        return

    symbols, flash, _ = read_elf(args.elf)
    start_pc = symbols["bench_start"]
    stop_pc = symbols["bench_stop"]
    m0 = args.cpu.startswith("cortex-m0")
    for name, kernel in KERNELS.items():
        if name in symbols:
            KERNEL_ENTRIES[symbols[name]] = kernel
    for name, addr in symbols.items():
        m = RUST_KERNELS.match(name)
        if m:
            KERNEL_ENTRIES[addr] = RUST_KERNEL_NAMES[m.group(1)]
    SQR_ADDRS.update(symbols[name] for name in SQR_MARKS if name in symbols)
    MUL_ADDRS.update(symbols[name] for name in MUL_MARKS if name in symbols)
    SEL_RANGES[:] = [(symbols[a], symbols[b], True) for a, b in SEL_MARKS
                     if a in symbols and b in symbols]
    # rsa_cm_select's own blocks when called from a fused kernel (not counted
    # as a select of their own: the mark before the call counts it)
    SEL_RANGES.extend((start, start + size, False) for start, size, name in FUNCS
                      if name == "rsa_cm_select")
    mul_costs = MUL_COSTS.get(args.cpu)

    blocks = {}        # TB start pc -> [Ins]
    block_sym = {}     # TB start pc -> symbol (for --profile)
    region_counts = []  # per region: {(pc, next_pc): executions}
    splits = []
    counts = None
    split = None
    prev = None
    cur_block = None
    cur_sym = "?"
    hexword = re.compile(r"^[0-9a-f]{4}$")
    it_re = re.compile(r"^it[te]{0,3}$")
    # IT blocks cut by a block boundary: QEMU disassembles each block on its
    # own, so the covered instructions of the next block show no condition
    # suffix. it_pending[addr]: the conditions still pending at addr.
    it_pending = {}
    it_conds = []
    it_own = False
    cost_cache = {}
    insn_text = {}     # pc -> (symbol, instruction) for --insns

    def block_cycles(p, nxt, pred):
        """Corrected-model cycles of block p followed by nxt, entered from pred."""
        instrs = blocks[p]
        fall = instrs[-1].addr + instrs[-1].size
        key = (p, nxt != fall, pred)
        c = cost_cache.get(key)
        if c is None:
            cl = block_classes(instrs, nxt != fall)
            c = cycles_of(cl, mul_costs)
            if pred is not None and pred in blocks:
                pl = blocks[pred][-1]
                if pl.kind not in BRANCHES and pl.addr + pl.size == p:
                    c += cycles_of(first_adjust(instrs, pl), mul_costs)
            cost_cache[key] = c
        return c

    with open(args.trace, "r", errors="replace") as f:
        pprev = None
        for line in f:
            c0 = line[:1]
            if c0 == "T":  # Trace 0: 0xHOST [cs_base/pc/flags/cflags] sym
                lb = line.index("[")
                pc = int(line[lb + 10:lb + 18], 16)
                if counts is not None:
                    counts[(prev, pc)] += 1  # block `prev` ran, then went to pc
                    if split is not None:
                        split.block(blocks[prev], pc, block_cycles(prev, pc, pprev))
                    pprev = prev
                    prev = pc
                    if pc == stop_pc:
                        region_counts.append(counts)
                        splits.append(split)
                        counts = None
                        split = None
                elif pc == start_pc:
                    counts = defaultdict(int)
                    split = Split() if args.split else None
                    prev = pc
                    pprev = None
                cur_block = None
            elif c0 == "0" and line[1:2] == "x" and cur_block is not None:
                addr_s, rest = line.split(":", 1)
                toks = rest.split()
                nhw = 0
                while nhw < 2 and nhw < len(toks) and hexword.match(toks[nhw]):
                    nhw += 1
                mn = toks[nhw] if nhw < len(toks) else "?"
                ops = " ".join(toks[nhw + 1:])
                addr = int(addr_s, 16)
                if not cur_block:
                    blocks[addr] = cur_block
                    block_sym[addr] = cur_sym
                    it_conds = list(it_pending.get(addr, ()))
                    it_own = False
                if it_conds:
                    cond = it_conds.pop(0)
                    if not it_own:
                        mn = with_cond(mn, cond)
                if it_re.match(mn):
                    it_conds = it_conditions(mn, ops)
                    it_own = True
                if it_conds:
                    it_pending[addr + 2 * nhw] = tuple(it_conds)
                cur_block.append(classify(addr, 2 * nhw, mn, ops))
                if args.insns:
                    insn_text[addr] = (cur_sym, f"{mn} {ops}")
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
        classes = defaultdict(int)
        cycles_old = 0
        alt_cycles = 0
        # cnt[(pc, next)]: the block at pc ran, then control went to next
        # (which tells whether its final branch was taken, and whether pc
        # fell through into next without a branch).
        for (p, nxt), n in cnt.items():
            instrs = blocks[p]
            fall = instrs[-1].addr + instrs[-1].size
            taken = nxt != fall
            if m0:
                c = block_cost_m0(instrs, taken, 1)
                alt_cycles += n * block_cost_m0(instrs, taken, 32)
                classes["instructions"] += n * len(instrs)
                classes["cycles"] += n * c
            else:
                cl = block_classes(instrs, taken)
                last = instrs[-1]
                if nxt in blocks and last.kind not in BRANCHES and not taken and nxt != stop_pc:
                    for k, v in first_adjust(blocks[nxt], last).items():
                        classes[k] += n * v
                for k, v in cl.items():
                    classes[k] += n * v
                c = cycles_of(cl, mul_costs)
                cycles_old += n * block_cost_old(instrs, taken, mul_costs)
            if args.profile:
                prof[block_sym.get(p, "?")] += n * c
        if m0:
            cycles = classes.pop("cycles", 0)
        else:
            cycles = cycles_of(classes, mul_costs)
            if alt_model:
                alt_cycles = cycles_of(classes, MUL_COSTS[alt_model])
        corrected = cycles
        if args.old_model and not m0:
            cycles = cycles_old
        op, bits, e = meta.get(rid, ("?", 0, 0))
        if args.profile:
            print(f"region {rid} {op} {bits}:", file=sys.stderr)
            for sym, c in sorted(prof.items(), key=lambda x: -x[1])[:int(os.environ.get("M4_BENCH_PROFILE_TOP", "12"))]:
                print(f"    {c:>12,}  {c / max(cycles, 1):6.1%}  {sym}", file=sys.stderr)
        row = {"region": rid, "operation": op, "bits": bits, "e": e if op == "public" else None,
               "instructions": classes["instructions"], "cycles": cycles,
               "cycles_corrected": corrected, "cycles_old_model": None if m0 else cycles_old,
               "published": PUBLISHED.get((op, bits, e)) if args.cpu == "cortex-m4" else None,
               "stack": stacks.get(rid), "heap": heaps.get(rid), "divides": classes.get("div", 0),
               "multiplies": classes.get("mul", 0),
               "cycles_alt": alt_cycles if alt_model else None,
               "classes": dict(sorted((k, v) for k, v in classes.items() if v))}
        if args.split and splits[rid] is not None:
            row["split"] = {k: {"calls": v[0], "cycles": v[1]}
                            for k, v in sorted(splits[rid].report(op).items(), key=lambda x: -x[1][1])}
        rows.append(row)

    if args.insns:
        rid, path = args.insns.split(":", 1)
        insn_dump(path, region_counts[int(rid)], blocks, insn_text, mul_costs, stop_pc)

    if args.json:
        out = {"elf": args.elf, "cpu": args.cpu, "flash_text_rodata": flash,
               "model": MODELS.get(args.cpu, args.cpu), "alt_model": MODELS.get(alt_model) if alt_model else None,
               "udiv_cycles": UDIV_CYCLES, "weights": WEIGHTS,
               "rows": rows}
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
        if args.split:
            print_split(rows)
        return
    old = not m0
    print("| region | operation | bits | e | instructions | est. cycles | published | ratio | peak stack |"
          + (" corrected model |" if args.old_model else " old model |" if old else ""))
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if old else ""))
    for r in rows:
        pub = r["published"]
        ratio = f"{r['cycles'] / pub:.3f}" if pub else "-"
        e = r["e"] if r["e"] is not None else "-"
        name = op_name(r["operation"])
        pubs = f"{pub:,}" if pub else "-"
        print(f"| {r['region']} | {name} | {r['bits']} | {e} | {r['instructions']:,} | {r['cycles']:,} | "
              f"{pubs} | {ratio} | {r['stack']} B |" + (f" {r['cycles_corrected']:,} |" if args.old_model else f" {r['cycles_old_model']:,} |" if old else ""))
    if args.split:
        print_split(rows)


def insn_dump(path, cnt, blocks, insn_text, mul_costs, stop_pc):
    """--insns: every executed instruction of one region with its cycles
    under the corrected model (the first instruction of a block entered by a
    fall-through costed against the block before, as in the region's total),
    and the classes that cost more than one cycle per execution."""
    per = defaultdict(lambda: [0, 0, defaultdict(int)])   # pc -> [executions, cycles, classes]
    for (p, nxt), n in cnt.items():
        instrs = blocks[p]
        fall = instrs[-1].addr + instrs[-1].size
        taken = nxt != fall
        prev = None
        for i, ins in enumerate(instrs):
            cl = defaultdict(int)
            for k in instr_classes(ins, prev, i == len(instrs) - 1, taken):
                cl[k] += 1
            if ins.kind == "multi":
                cl["multi_words"] += ins.n
            elif ins.kind == "multi_pc":
                cl["multi_pc_words"] += ins.n
            e = per[ins.addr]
            e[0] += n
            e[1] += n * cycles_of(cl, mul_costs)
            for k, v in cl.items():
                e[2][k] += n * v
            prev = ins
        last = instrs[-1]
        if nxt in blocks and last.kind not in BRANCHES and not taken and nxt != stop_pc:
            adj = first_adjust(blocks[nxt], last)
            e = per[blocks[nxt][0].addr]
            e[1] += n * cycles_of(adj, mul_costs)
            for k, v in adj.items():
                e[2][k] += n * v
    total = sum(e[1] for e in per.values())
    with open(path, "w") as f:
        f.write(f"# {total} cycles; pc, function, instruction, executions, cycles, "
                "cycles above one per execution, classes (counts over all executions)\n")
        for pc in sorted(per):
            n, c, cl = per[pc]
            sym, text = insn_text.get(pc, ("?", "?"))
            classes = " ".join(f"{k}={v}" for k, v in sorted(cl.items()) if v)
            f.write(f"{pc:#010x}\t{sym}\t{text}\t{n}\t{c}\t{c - n}\t{classes}\n")


def print_split(rows):
    print()
    print("In-situ split (cycles; calls):")
    for r in rows:
        if "split" not in r:
            continue
        parts = ", ".join(f"{k} {v['cycles']:,} ({v['calls']})" if v["calls"] else f"{k} {v['cycles']:,}"
                          for k, v in r["split"].items())
        print(f"- region {r['region']} {op_name(r['operation'])} {r['bits']}: {parts}")


NAMES = {"montmul": "Montgomery mul (mul+redc)", "montsqr": "Montgomery sqr (sqr+redc)",
         "select16": "table select (16 entries)", "inverse": "inversion (constant time)", "public": "public", "private": "private (CRT)"}


def op_name(op):
    if op.startswith("keygen-seed"):
        return f"key generation (seed {op[11:]})"
    return NAMES.get(op, op)


def same(rows_a, rows_b):
    """The model's figures must not depend on where QEMU cuts blocks."""
    bad = 0
    for a, b in zip(rows_a, rows_b):
        ok = a["cycles_corrected"] == b["cycles_corrected"] and a["classes"] == b["classes"]
        bad += not ok
        print(f"region {a['region']} {a['operation']} {a['bits']}: {a['cycles_corrected']:,} / "
              f"{b['cycles_corrected']:,} cycles{'' if ok else ' DIFFERENT'} (old model "
              f"{a['cycles_old_model']:,} / {b['cycles_old_model']:,})")
    if bad or len(rows_a) != len(rows_b):
        sys.exit(f"m4_bench: {bad} region(s) depend on the block cuts")


# The line of issue 26: a region may move by less than this fraction when
# unrelated code moves.
LAYOUT_TOLERANCE = 0.0005


def layout(reports):
    """The same source linked at other addresses (ci/m4-bench --layout-check):
    per region, the largest movement of the model's cycles (and of the old
    model's, which costs each QEMU block alone) against the first report."""
    base = reports[0][1]["rows"]
    labels = [lab for lab, _ in reports]
    print("| region | operation | bits | " + " | ".join(labels) + " | max move | old model: "
          + " | ".join(labels[:1]) + " | old model max move |")
    print("|---:|---|---:|" + "---:|" * (len(labels) + 3))
    bad = 0
    for i, b in enumerate(base):
        rows = [rep["rows"][i] if i < len(rep["rows"]) else None for _, rep in reports]
        same_ops = all(r is not None and r["operation"] == b["operation"] and r["bits"] == b["bits"]
                       and r["instructions"] == b["instructions"] for r in rows)
        moves = [r["cycles_corrected"] - b["cycles_corrected"] for r in rows if r is not None]
        old = [r["cycles_old_model"] - b["cycles_old_model"] for r in rows
               if r is not None and r["cycles_old_model"] is not None]
        worst = max(moves, key=abs)
        worst_old = max(old, key=abs) if old else 0
        ok = same_ops and abs(worst) < LAYOUT_TOLERANCE * b["cycles_corrected"]
        bad += not ok
        cells = " | ".join(f"{b['cycles_corrected']:,}" if j == 0 else f"{m:+,}" if m else "="
                           for j, m in enumerate(moves))
        print(f"| {b['region']} | {op_name(b['operation'])} | {b['bits']} | {cells} | "
              f"{worst:+,} ({worst / max(b['cycles_corrected'], 1):+.4%}){'' if ok else ' FAIL'} | "
              f"{b['cycles_old_model'] or 0:,} | {worst_old:+,} |")
    if bad or any(len(rep["rows"]) != len(base) for _, rep in reports):
        sys.exit(f"m4_bench: {bad} region(s) move with the layout by {LAYOUT_TOLERANCE:.2%} or more "
                 "(or their instruction counts differ)")


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
