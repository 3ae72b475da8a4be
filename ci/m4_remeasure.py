#!/usr/bin/env python3
"""Independent re-measurement of the Cortex-M4 cycle figures of the benchmark
firmware (firmware/src/bin/bench.rs). Run by ci/m4-remeasure.

Written separately from ci/m4_bench.py (QEMU trace + model) as a cross-check:
a different execution engine (unicorn, with block hooks) and a separately
written instruction decoder (capstone) and cost model. It runs the same ELF
and reports, per region, the instructions and the estimated cycles of
everything executed from the entry of `bench_start(id)` up to the entry of
`bench_stop(id)`.

Cost model (Cortex-M4 TRM DDI 0439, 3.3.1 table 3-1 and 3.3.2 load/store
timings, zero-wait-state memory, P = 2 for a pipeline refill):

  data processing, moves, shifts, extends, bitfield, compare, IT, NOP,
  barriers, MRS/MSR/CPS, every multiply (MUL, MLA, MLS, UMULL, UMLAL,
  UMAAL, SMULL, ...)                                         1
  UDIV/SDIV                                                  DIV (12)
  LDR/LDRB/LDRH/LDRSB/LDRSH/LDREX/LDR literal (single load)  2, or 1 when
      it directly follows an executed single load whose loaded register is
      not one of its address registers (base, index)
  STR/STRB/STRH/STREX (single store)                         1, or 0 when it
      directly follows such a single load whose loaded register is not one
      of its address registers; storing the just-loaded register is fine
      (TRM 3.3.2: "an LDR might be followed by an STR, so that the STR
      writes out what the LDR loaded"). Nothing is pipelined after a store.
  LDRD/STRD                                                  3 (1+2), not
      pipelined with neighbours
  LDM/POP/STM/PUSH                                           1+N
  address-generation stall: a load/store (single, dual, multiple, TBB/TBH)
      whose address register (base or index) was written by the
      immediately preceding executed data-processing instruction (incl.
      multiplies, divides; not a load's base write-back)      +1
  B/BL/BX/BLX/CBZ/CBNZ                                       1, +P if taken
  LDR PC                                                     2+P
  POP/LDM with PC                                            1+N+P
  MOV/ADD with PC destination                                1+P
  TBB/TBH                                                    2+P
  instruction of an IT block whose condition fails           1 (and it
      counts as neither a load nor a data-processing instruction for its
      successor); an executed branch inside an IT block is taken
  IT                                                         1 (not folded)

Choices where the TRM leaves room: UDIV/SDIV at the worst case 12 (2-12,
--udiv); P = 2; a load's base write-back does not break LDR pipelining (only
the loaded register counts); no extra cycle for LDR [PC, #imm] ("might add a
cycle") nor after an STR with register offset; no IT folding.

Branches: taken or not is read off the address actually executed next (the
next translation block's address against the fall-through address).

Execution: unicorn translation blocks with a block hook; each block's cost is
a pure function of (its instructions, the class of the instruction executed
before it, the IT conditions pending at its entry, the outcome of its
IT-block conditions), cached. The conditions of an IT block are sampled by a
code hook on every IT instruction of the image (found with
arm-none-eabi-objdump): the flags at the IT instruction decide the block.
`--per-insn` is a slow reference mode that shares only the per-instruction
cost rules: a hook on every instruction, conditions evaluated on the live
flags at each IT-block instruction (and checked against what unicorn
executed: unicorn runs no code hook for a skipped one), taken-ness per
branch; it must print the same numbers as the block mode.

`--rules` (diagnostic only, never the default): applies choices of another
model to see whether they explain a difference: `store-data` (no STR credit
when the STR stores the register the LDR just loaded), `itfail-exec` (a
failed IT-block instruction costs as if it executed), `it-mnemonic` (BX, BL,
BLX, POP, PUSH, UDIV, SDIV inside an IT block cost as a 1-cycle ALU
instruction, as a classifier of condition-suffixed mnemonics does).

Semihosting (BKPT 0xAB): SYS_OPEN, SYS_WRITEC, SYS_WRITE0, SYS_WRITE,
SYS_EXIT, SYS_EXIT_EXTENDED.
"""
import argparse
import json
import re
import struct
import subprocess
import sys
import time

import capstone
from capstone import arm as C
from elf_segments import load_segments
from unicorn import (Uc, UcError, UC_ARCH_ARM, UC_MODE_THUMB, UC_MODE_MCLASS, UC_HOOK_CODE,
                     UC_HOOK_BLOCK, UC_HOOK_INTR, UC_PROT_READ, UC_PROT_EXEC, UC_PROT_ALL)
from unicorn import arm_const as A

RAM = 0x20000000
RAM_SIZE = 4 << 20
FLASH_SIZE = 4 << 20
PPB = 0xE0000000
P = 2

# --- instruction classes ----------------------------------------------------------------------
K_ALU, K_DIV, K_LDR, K_STR, K_LDRD, K_STRD, K_LDM, K_STM, K_BR, K_TB, K_IT, K_LDRPC, K_OTHER = range(13)

SINGLE_LOADS = {C.ARM_INS_LDR, C.ARM_INS_LDRB, C.ARM_INS_LDRH, C.ARM_INS_LDRSB, C.ARM_INS_LDRSH,
                C.ARM_INS_LDRT, C.ARM_INS_LDRBT, C.ARM_INS_LDRHT, C.ARM_INS_LDRSBT,
                C.ARM_INS_LDRSHT, C.ARM_INS_LDREX, C.ARM_INS_LDREXB, C.ARM_INS_LDREXH}
SINGLE_STORES = {C.ARM_INS_STR, C.ARM_INS_STRB, C.ARM_INS_STRH, C.ARM_INS_STRT, C.ARM_INS_STRBT,
                 C.ARM_INS_STRHT, C.ARM_INS_STREX, C.ARM_INS_STREXB, C.ARM_INS_STREXH}
LOAD_MULTI = {C.ARM_INS_LDM, C.ARM_INS_LDMDB, C.ARM_INS_POP}
STORE_MULTI = {C.ARM_INS_STM, C.ARM_INS_STMDB, C.ARM_INS_PUSH}
BRANCHES = {C.ARM_INS_B, C.ARM_INS_BL, C.ARM_INS_BX, C.ARM_INS_BLX, C.ARM_INS_CBZ,
            C.ARM_INS_CBNZ}
DIVS = {C.ARM_INS_UDIV, C.ARM_INS_SDIV}
# 1-cycle instructions that are not data processing for the address stall
OTHER_1 = {C.ARM_INS_NOP, C.ARM_INS_ISB, C.ARM_INS_DSB, C.ARM_INS_DMB, C.ARM_INS_MSR,
           C.ARM_INS_CPS, C.ARM_INS_WFI, C.ARM_INS_WFE, C.ARM_INS_BKPT, C.ARM_INS_UDF,
           C.ARM_INS_PLD, C.ARM_INS_SEV, C.ARM_INS_YIELD}
MULS = {C.ARM_INS_MUL, C.ARM_INS_MLA, C.ARM_INS_MLS, C.ARM_INS_UMULL, C.ARM_INS_UMLAL,
        C.ARM_INS_UMAAL, C.ARM_INS_SMULL, C.ARM_INS_SMLAL}

CORE_REGS = {getattr(C, f"ARM_REG_R{i}"): i for i in range(13)}
CORE_REGS.update({C.ARM_REG_SP: 13, C.ARM_REG_LR: 14, C.ARM_REG_PC: 15})


def mask_of(regs):
    m = 0
    for r in regs:
        if r in CORE_REGS:
            m |= 1 << CORE_REGS[r]
    return m


class Insn:
    """Static facts of one instruction."""
    __slots__ = ("addr", "size", "kind", "n", "addr_mask", "load_mask", "write_mask", "pc",
                 "cond_branch", "text", "itcount", "mul", "in_it", "data_mask", "first_mask",
                 "cond_suffix_alu", "_alu")

    def __init__(self, ci):
        self.addr = ci.address
        self.size = ci.size
        self.text = f"{ci.mnemonic} {ci.op_str}"
        self.n = 0
        self.addr_mask = 0
        self.load_mask = 0
        self.pc = False  # writes the PC (a branch)
        self.cond_branch = False  # B<c>/CBZ/CBNZ outside an IT block
        self.itcount = 0
        self.in_it = False
        self.mul = ci.id in MULS
        self.data_mask = 0
        self._alu = None
        regops = [op.reg for op in ci.operands if op.type == C.ARM_OP_REG]
        self.first_mask = mask_of(regops[:1])
        # (diagnostic --rules it-mnemonic) classes that a mnemonic-based
        # classifier misses once an IT block adds a condition suffix
        self.cond_suffix_alu = ci.id in ({C.ARM_INS_BL, C.ARM_INS_BX, C.ARM_INS_BLX, C.ARM_INS_POP,
                                             C.ARM_INS_PUSH} | DIVS)
        _, writes = ci.regs_access()
        self.write_mask = mask_of(writes)
        i = ci.id
        mems = [op for op in ci.operands if op.type == C.ARM_OP_MEM]
        for op in mems:
            self.addr_mask |= mask_of([op.mem.base, op.mem.index])
        if i in SINGLE_LOADS:
            dest = ci.operands[0].reg
            self.load_mask = mask_of([dest])
            if dest == C.ARM_REG_PC:
                self.kind, self.pc = K_LDRPC, True
            else:
                self.kind = K_LDR
        elif i in SINGLE_STORES:
            self.kind = K_STR
            self.data_mask = self.first_mask
        elif i == C.ARM_INS_LDRD:
            self.kind = K_LDRD
        elif i == C.ARM_INS_STRD:
            self.kind = K_STRD
            self.data_mask = mask_of(regops[:2])
        elif i in LOAD_MULTI or i in STORE_MULTI:
            regs = [op.reg for op in ci.operands if op.type == C.ARM_OP_REG]
            if i in (C.ARM_INS_POP, C.ARM_INS_PUSH):
                self.addr_mask = 1 << 13
                lst = regs
            else:
                self.addr_mask = mask_of(regs[:1])
                lst = regs[1:]
            self.n = len(lst)
            self.kind = K_LDM if i in LOAD_MULTI else K_STM
            if i in LOAD_MULTI and C.ARM_REG_PC in lst:
                self.pc = True
        elif i in BRANCHES:
            self.kind, self.pc = K_BR, True
            self.cond_branch = (i in (C.ARM_INS_CBZ, C.ARM_INS_CBNZ)
                                or (i == C.ARM_INS_B and ci.cc not in (C.ARM_CC_AL, C.ARM_CC_INVALID)))
        elif i in (C.ARM_INS_TBB, C.ARM_INS_TBH):
            self.kind, self.pc = K_TB, True
        elif i == C.ARM_INS_IT:
            self.kind = K_IT
            hw = ci.bytes[0]  # low byte: firstcond:mask
            mask = hw & 0xF
            self.itcount = 4 - ((mask & -mask).bit_length() - 1)
        elif i in DIVS:
            self.kind = K_DIV
        elif i in OTHER_1 or i == C.ARM_INS_MRS:
            self.kind = K_OTHER
        else:
            if i >= C.ARM_INS_VABA and ci.mnemonic.startswith("v"):
                raise SystemExit(f"m4_remeasure: floating-point/SIMD instruction not modelled: "
                                 f"{ci.address:#x} {self.text}")
            self.kind = K_ALU
            if self.write_mask & (1 << 15):
                self.pc = True  # MOV PC / ADD PC


# entry/exit states: (class, regmask); class: 0 none, 1 single load (mask =
# loaded registers), 2 data processing (mask = written registers)
S_NONE = (0, 0)


def as_alu(ins):
    """(--rules it-mnemonic) the instruction costed as a 1-cycle ALU
    instruction writing its first operand's register."""
    if ins._alu is None:
        a = object.__new__(Insn)
        for k in Insn.__slots__:
            setattr(a, k, getattr(ins, k))
        a.kind, a.pc, a.addr_mask, a.write_mask, a.n = K_ALU, False, 0, ins.first_mask, 0
        ins._alu = a
    return ins._alu


RULES = ("store-data", "itfail-exec", "it-mnemonic")


def insn_cost(ins, state, udiv, st, rules=frozenset()):
    """Cycles of one executed instruction after an instruction of class
    `state` (the refill of a taken B/BL/BX/BLX/CBZ/CBNZ is added by the
    caller); returns (cycles, new state)."""
    k = ins.kind
    agu = 1 if (state[0] == 2 and state[1] & ins.addr_mask) else 0
    pipe = state[0] == 1 and not (state[1] & ins.addr_mask)
    if k == K_ALU:
        return 1 + (P if ins.pc else 0), (2, ins.write_mask & 0x7FFF)
    if k == K_DIV:
        return udiv, (2, ins.write_mask & 0x7FFF)
    if k == K_LDR:
        if pipe:
            st["ldr_ldr"] += 1
            return 1, (1, ins.load_mask)
        st["agu"] += agu
        return 2 + agu, (1, ins.load_mask)
    if k == K_STR:
        if pipe and "store-data" in rules and state[1] & ins.data_mask:
            pipe = False
            st["store_data_dep"] = st.get("store_data_dep", 0) + 1
        if pipe:
            st["ldr_str"] += 1
            return 0, S_NONE
        st["agu"] += agu
        return 1 + agu, S_NONE
    if k in (K_LDRD, K_STRD):
        st["agu"] += agu
        return 3 + agu, S_NONE
    if k in (K_LDM, K_STM):
        st["agu"] += agu
        return 1 + ins.n + agu + (P if ins.pc else 0), S_NONE
    if k in (K_LDRPC, K_TB):
        st["agu"] += agu
        return 2 + agu + P, S_NONE
    if k == K_IT:
        st["it"] += 1
    # K_BR (1, + P when taken), K_IT, K_OTHER
    return 1, S_NONE


def new_stats():
    return {"ldr_ldr": 0, "ldr_str": 0, "agu": 0, "it": 0, "itfail": 0, "taken_fixed": 0}


def block_cost(insns, state, itq, events, udiv, rules=frozenset()):
    """Cost of one executed block. Returns (cycles without the final branch's
    refill when that depends on the next address, exit state, itq at exit,
    final instruction's branch kind, stats). events: pass vectors of the IT
    instructions executed in the block; itq: the IT conditions still pending
    at the block's entry."""
    cyc = 0
    ev = list(events)
    st = new_stats()
    last_exec = True
    for j, ins in enumerate(insns):
        executed = True
        if itq:
            executed = itq[0]
            itq = itq[1:]
        if ins.in_it and ins.cond_suffix_alu and "it-mnemonic" in rules:
            st["it_mnemonic_alu"] = st.get("it_mnemonic_alu", 0) + 1
            ins = as_alu(ins)
        if not executed:
            st["itfail"] += 1
            last_exec = False
            if "itfail-exec" in rules:
                c, state = insn_cost(ins, state, udiv, st, rules)
                cyc += c
            else:
                cyc += 1
                state = S_NONE
            continue
        last_exec = True
        if ins.pc and j != len(insns) - 1:
            raise SystemExit(f"m4_remeasure: PC written at {ins.addr:#x} inside a block")
        c, state = insn_cost(ins, state, udiv, st, rules)
        if ins.kind == K_IT:
            if not ev:
                raise SystemExit(f"m4_remeasure: IT at {ins.addr:#x} executed without its hook")
            itq = tuple(ev.pop(0))
        cyc += c
    assert not ev, "IT events left over"
    last = ins
    # br: 0 no refill, 1 always taken (P added here), 2 decided by the next address
    br = 0
    if last_exec and last.kind == K_BR:
        # outside an IT block: B<c>/CBZ/CBNZ decided by the next address; an
        # executed branch of an IT block or an unconditional one is taken
        br = 2 if (last.cond_branch and not last.in_it) else 1
    # (a failed conditional branch/PC write: 1 cycle, not taken)
    if br == 1:
        cyc += P
        st["taken_fixed"] += 1
    return cyc, state, itq, br, st


# --- semihosting / ELF ------------------------------------------------------------------------


def symbols(elf):
    out = subprocess.run(["arm-none-eabi-nm", "--defined-only", elf], check=True,
                         capture_output=True, text=True).stdout
    syms = {}
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3:
            syms[p[2]] = int(p[0], 16) & ~1
    return syms


def it_addresses(elf):
    """Addresses of every IT instruction of the image (objdump honours the
    $t/$d mapping symbols, so literal pools are not decoded)."""
    out = subprocess.run(["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", elf], check=True,
                         capture_output=True, text=True).stdout
    addrs = []
    for m in re.finditer(r"^\s*([0-9a-f]+):\s+it[te]{0,3}\s", out, re.M):
        addrs.append(int(m.group(1), 16))
    return addrs


COND = {
    0: lambda n, z, c, v: z, 1: lambda n, z, c, v: not z,
    2: lambda n, z, c, v: c, 3: lambda n, z, c, v: not c,
    4: lambda n, z, c, v: n, 5: lambda n, z, c, v: not n,
    6: lambda n, z, c, v: v, 7: lambda n, z, c, v: not v,
    8: lambda n, z, c, v: c and not z, 9: lambda n, z, c, v: (not c) or z,
    10: lambda n, z, c, v: n == v, 11: lambda n, z, c, v: n != v,
    12: lambda n, z, c, v: (not z) and n == v, 13: lambda n, z, c, v: z or n != v,
    14: lambda n, z, c, v: True, 15: lambda n, z, c, v: True,
}


def it_pass_vector(byte, xpsr):
    firstcond, mask = byte >> 4, byte & 0xF
    count = 4 - ((mask & -mask).bit_length() - 1)
    n, z, c, v = (bool(xpsr >> 31 & 1), bool(xpsr >> 30 & 1), bool(xpsr >> 29 & 1),
                  bool(xpsr >> 28 & 1))
    vec = []
    for i in range(count):
        cond = firstcond if i == 0 else (firstcond & 0xE) | ((mask >> (4 - i)) & 1)
        vec.append(COND[cond](n, z, c, v))
    return tuple(vec)


class Machine:
    def __init__(self, elf, udiv, only=None, per_insn=False, rules=frozenset()):
        self.per_insn = per_insn
        self.rules = rules
        self.prev = None  # per-instruction mode: (insn, executed) of the previous instruction
        self.itconds = []  # per-instruction mode: conditions of the pending IT block
        self.insn_cache = {}
        self.elf = elf
        self.udiv = udiv
        self.only = only
        self.syms = symbols(elf)
        self.start_addr = self.syms["bench_start"]
        self.stop_addr = self.syms["bench_stop"]
        uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
        try:
            uc.ctl_set_cpu_model(A.UC_CPU_ARM_CORTEX_M4)
        except Exception:
            pass
        uc.mem_map(0, FLASH_SIZE, UC_PROT_READ | UC_PROT_EXEC)
        uc.mem_map(RAM, RAM_SIZE, UC_PROT_ALL)
        uc.mem_map(PPB, 0x100000, UC_PROT_ALL)
        for a, d, m in load_segments(elf):
            if d:
                uc.mem_write(a, d)
        self.uc = uc
        self.md = capstone.Cs(capstone.CS_ARCH_ARM, capstone.CS_MODE_THUMB | capstone.CS_MODE_MCLASS)
        self.md.detail = True
        self.decoded = {}
        self.costs = {}
        self.console = []
        self.exit_code = None
        self.handles = {}
        # per-run accounting
        self.pending = None  # (addr, size) of the block being executed
        self.events = []
        self.state = S_NONE
        self.itq = ()
        self.region = None
        self.cycles = 0
        self.insns = 0
        self.stats = {}
        self.results = {}
        self.blocks = 0
        self.it_bytes = {}
        if per_insn:
            uc.hook_add(UC_HOOK_CODE, self._insn_hook, begin=0, end=FLASH_SIZE - 1)
        else:
            for a in it_addresses(elf):
                self.it_bytes[a] = bytes(uc.mem_read(a, 2))[0]
                uc.hook_add(UC_HOOK_CODE, self._it_hook, begin=a, end=a)
        uc.hook_add(UC_HOOK_BLOCK, self._block_hook)
        uc.hook_add(UC_HOOK_INTR, self._intr_hook)

    # --- decoding
    def decode(self, addr, size):
        key = (addr, size)
        d = self.decoded.get(key)
        if d is None:
            code = bytes(self.uc.mem_read(addr, size))
            d = []
            it_left = 0
            for ci in self.md.disasm(code, addr):
                ins = Insn(ci)
                if it_left:
                    ins.in_it = True
                    it_left -= 1
                if ins.kind == K_IT:
                    it_left = ins.itcount
                d.append(ins)
            if sum(i.size for i in d) != size:
                raise SystemExit(f"m4_remeasure: block {addr:#x}+{size} decodes to "
                                 f"{sum(i.size for i in d)} bytes")
            self.decoded[key] = d
        return d

    # --- hooks
    def _it_hook(self, uc, addr, size, user):
        if self.region is not None:
            self.events.append(it_pass_vector(self.it_bytes[addr], uc.reg_read(A.UC_ARM_REG_XPSR)))

    # --- per-instruction reference mode (slow): conditions evaluated on the
    # live flags at every instruction, taken-ness per instruction; shares
    # only insn_cost (the per-instruction rules) with the block mode, to
    # check the block mode's caching, IT sampling and boundary handling.
    def _insn_hook(self, uc, addr, size, user):
        if self.region is None:
            return
        self._finish_prev(addr)
        ins = self.insn_cache.get(addr)
        if ins is None:
            code = bytes(uc.mem_read(addr, size))
            ins = Insn(next(self.md.disasm(code, addr)))
            self.insn_cache[addr] = ins
        # unicorn runs no code hook for an IT-block instruction whose
        # condition fails: the IT instructions not reached here were skipped
        while self.itconds and self.itconds[0][0] != addr:
            self._skipped_it(uc)
        in_it = bool(self.itconds)
        if in_it:
            a, cond = self.itconds.pop(0)
            if not self._cond(uc, cond):
                raise SystemExit(f"m4_remeasure: {addr:#x} executed, condition {cond} false")
        self.insns += 1
        c, self.state = insn_cost(ins, self.state, self.udiv, self.stats)
        self.cycles += c
        if ins.kind == K_IT:
            b = bytes(uc.mem_read(addr, 1))[0]
            firstcond, mask = b >> 4, b & 0xF
            conds = [firstcond if i == 0 else (firstcond & 0xE) | ((mask >> (4 - i)) & 1)
                     for i in range(ins.itcount)]
            a = addr + ins.size
            for cond in conds:
                self.itconds.append((a, cond))
                a += self._size(uc, a)
        self.prev = (ins, in_it) if ins.kind == K_BR else None

    @staticmethod
    def _size(uc, a):
        hw = struct.unpack("<H", bytes(uc.mem_read(a, 2)))[0]
        return 4 if (hw >> 11) in (0b11101, 0b11110, 0b11111) else 2

    @staticmethod
    def _cond(uc, cond):
        x = uc.reg_read(A.UC_ARM_REG_XPSR)
        return COND[cond](bool(x >> 31 & 1), bool(x >> 30 & 1), bool(x >> 29 & 1),
                          bool(x >> 28 & 1))

    def _skipped_it(self, uc):
        a, cond = self.itconds.pop(0)
        if self._cond(uc, cond):
            raise SystemExit(f"m4_remeasure: {a:#x} skipped, condition {cond} true")
        self.insns += 1
        self.cycles += 1
        self.stats["itfail"] += 1
        self.state = S_NONE
        self.prev = None

    def _finish_prev(self, next_addr):
        while self.itconds and self.itconds[0][0] != next_addr:
            self._skipped_it(self.uc)
        if self.prev is not None:
            ins, in_it = self.prev
            self.prev = None
            if not ins.cond_branch or in_it:
                self.cycles += P
                self.stats["taken_fixed"] += 1
            elif next_addr != ins.addr + ins.size:
                self.cycles += P
                self.taken_cond += 1

    def _finish_pending(self, next_addr):
        addr, size = self.pending
        self.pending = None
        ev = tuple(self.events)
        self.events = []
        key = (addr, size, self.state, self.itq, ev)
        r = self.costs.get(key)
        if r is None:
            insns = self.decode(addr, size)
            cyc, state, itq, br, st = block_cost(insns, self.state, self.itq, ev, self.udiv,
                                                 self.rules)
            r = (cyc, state, itq, br, st, len(insns), addr + size)
            self.costs[key] = r
        cyc, state, itq, br, st, n, fall = r
        if br == 2 and next_addr != fall:
            cyc += P
            self.taken_cond += 1
        self.cycles += cyc
        self.insns += n
        self.state = state
        self.itq = itq
        for k, v in st.items():
            self.stats[k] = self.stats.get(k, 0) + v
        self.blocks += 1

    def _block_hook(self, uc, addr, size, user):
        if self.pending is not None:
            self._finish_pending(addr)
        if self.per_insn and self.region is not None:
            self._finish_prev(addr)
        if addr == self.stop_addr and self.region is not None:
            self.results[self.region] = {"instructions": self.insns, "cycles": self.cycles,
                                         "blocks": self.blocks, "taken_cond": self.taken_cond,
                                         **self.stats}
            self.region = None
            if self.only is not None and set(self.results) >= self.only:
                self.exit_code = "all requested regions measured"
                uc.emu_stop()
            return
        if addr == self.start_addr:
            rid = uc.reg_read(A.UC_ARM_REG_R0)
            if self.only is None or rid in self.only:
                self.region = rid
                self.cycles = self.insns = self.blocks = self.taken_cond = 0
                self.stats = new_stats()
                self.state = S_NONE
                self.prev = None
                self.itconds = []
                self.itq = ()
                self.events = []
                self.t0 = time.time()
        if self.region is not None and not self.per_insn:
            self.pending = (addr, size)

    def _intr_hook(self, uc, intno, user):
        pc = uc.reg_read(A.UC_ARM_REG_PC)
        hw = struct.unpack("<H", bytes(uc.mem_read(pc, 2)))[0]
        if hw != 0xBEAB:
            self.exit_code = f"exception {intno} at {pc:#x}"
            uc.emu_stop()
            return
        if self.region is not None:
            raise SystemExit("m4_remeasure: semihosting inside a measured region")
        op = uc.reg_read(A.UC_ARM_REG_R0)
        arg = uc.reg_read(A.UC_ARM_REG_R1)
        ret = 0
        words = lambda n: struct.unpack(f"<{n}I", bytes(uc.mem_read(arg, 4 * n)))
        if op == 0x01:  # SYS_OPEN
            h = len(self.handles) + 1
            self.handles[h] = True
            ret = h
        elif op == 0x03:  # SYS_WRITEC
            self.console.append(bytes(uc.mem_read(arg, 1)))
        elif op == 0x04:  # SYS_WRITE0
            s = bytearray()
            a = arg
            while True:
                b = uc.mem_read(a, 1)[0]
                if b == 0:
                    break
                s.append(b)
                a += 1
            self.console.append(bytes(s))
        elif op == 0x05:  # SYS_WRITE
            h, buf, n = words(3)
            self.console.append(bytes(uc.mem_read(buf, n)))
            ret = 0
        elif op == 0x18:  # SYS_EXIT
            self.exit_code = arg
            uc.emu_stop()
        elif op == 0x20:  # SYS_EXIT_EXTENDED
            self.exit_code = words(2)
            uc.emu_stop()
        else:
            raise SystemExit(f"m4_remeasure: unsupported semihosting call {op:#x}")
        uc.reg_write(A.UC_ARM_REG_R0, ret)
        uc.reg_write(A.UC_ARM_REG_PC, (pc + 2) | 1)

    def run(self):
        uc = self.uc
        sp, pc = struct.unpack("<II", bytes(uc.mem_read(0, 8)))
        uc.reg_write(A.UC_ARM_REG_SP, sp)
        pc |= 1
        while self.exit_code is None:
            try:
                uc.emu_start(pc, 0xFFFFFFF0)
            except UcError as e:
                raise SystemExit(f"m4_remeasure: emulation error {e} at "
                                 f"{uc.reg_read(A.UC_ARM_REG_PC):#x}")
            pc = uc.reg_read(A.UC_ARM_REG_PC) | 1
            if self.exit_code is None and uc.reg_read(A.UC_ARM_REG_PC) >= 0xFFFFFFF0:
                raise SystemExit("m4_remeasure: fell off")
        return b"".join(self.console).decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--compare", help="JSON of ci/m4-bench --json for the same ELF")
    ap.add_argument("--udiv", type=int, default=12, help="UDIV/SDIV cycles (2..12; default 12)")
    ap.add_argument("--only", help="comma-separated region ids to measure")
    ap.add_argument("--json", help="write the results as JSON to this file")
    ap.add_argument("--rules", help="diagnostic: apply choices of another model (comma-separated: "
                    "store-data = no STR credit when it stores the register the LDR just loaded; "
                    "itfail-exec = a failed IT-block instruction costs as if executed; "
                    "it-mnemonic = BX/BL/BLX/POP/PUSH/UDIV/SDIV inside an IT block costed as a "
                    "1-cycle ALU instruction)")
    ap.add_argument("--per-insn", action="store_true",
                    help="slow reference mode: a Python hook on every instruction (use --only)")
    args = ap.parse_args()
    only = {int(x) for x in args.only.split(",")} if args.only else None
    t0 = time.time()
    rules = frozenset(x for x in (args.rules or "").split(",") if x)
    if rules - set(RULES) or (rules and args.per_insn):
        raise SystemExit(f"m4_remeasure: --rules takes {','.join(RULES)} (block mode only)")
    m = Machine(args.elf, args.udiv, only, args.per_insn, rules)
    console = m.run()
    elapsed = time.time() - t0
    meta = {}
    for line in console.splitlines():
        p = line.split()
        if len(p) == 5 and p[0] == "bench-region":
            meta[int(p[1])] = (p[2], int(p[3]), int(p[4]))
    if "bench-done" not in console and only is None:
        print(console, file=sys.stderr)
        raise SystemExit("m4_remeasure: no bench-done")
    ref = {}
    if args.compare:
        for r in json.load(open(args.compare))["rows"]:
            ref[r["region"]] = r
    rows = []
    print(f"m4_remeasure: {args.elf}: {'per-instruction hook' if args.per_insn else 'unicorn block hooks'}, UDIV {args.udiv}, P {P}"
          f"{', rules ' + ','.join(sorted(rules)) if rules else ''}; "
          f"{elapsed:.1f} s; exit {m.exit_code}")
    hdr = f"{'region':>6} {'operation':<16} {'bits':>5} {'instructions':>12} {'cycles':>11}"
    if ref:
        hdr += f" {'m4-bench cyc':>12} {'ratio':>8} {'insn ratio':>10}"
    hdr += f" {'ldr>ldr':>9} {'ldr>str':>9} {'agu':>7} {'it':>6} {'it-fail':>7} {'cond-taken':>10}"
    print(hdr)
    for rid in sorted(m.results):
        r = m.results[rid]
        op, bits, e = meta.get(rid, ("?", 0, 0))
        row = {"region": rid, "operation": op, "bits": bits, "e": e, **r}
        line = f"{rid:>6} {op:<16} {bits:>5} {r['instructions']:>12} {r['cycles']:>11}"
        if ref:
            b = ref.get(rid)
            if b:
                row["ratio"] = r["cycles"] / b["cycles"]
                row["insn_ratio"] = r["instructions"] / b["instructions"]
                line += f" {b['cycles']:>12} {row['ratio']:>8.4f} {row['insn_ratio']:>10.6f}"
            else:
                line += f" {'-':>12} {'-':>8} {'-':>10}"
        line += (f" {r.get('ldr_ldr', 0):>9} {r.get('ldr_str', 0):>9} {r.get('agu', 0):>7}"
                 f" {r.get('it', 0):>6} {r.get('itfail', 0):>7} {r['taken_cond']:>10}")
        print(line)
        rows.append(row)
    sys.stdout.flush()
    if args.json:
        json.dump({"elf": args.elf, "udiv": args.udiv, "p": P, "seconds": elapsed, "rows": rows},
                  open(args.json, "w"), indent=1)
    bad = [r for r in rows if "ratio" in r and (abs(r["ratio"] - 1) > 0.01
                                                 or r["instructions"] != ref[r["region"]]["instructions"])]
    if bad:
        print(f"m4_remeasure: {len(bad)} region(s) outside 1 % or with a different instruction "
              "count", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
