#!/usr/bin/env python3
"""Fault simulator for the Cortex-M4 glitch image (firmware/src/bin/glitch.rs),
on the unicorn emulator (issue 15). Run by ci/glitch.

For one image and one case (scheme, input, API: see glitch.rs) it

1. runs the image from reset through `glitch_begin` (the harness wrote the
   case into `GLITCH_CASE` first) and keeps the state at its return;
2. runs the undisturbed operation to its end marker, counting the N executed
   instructions of the window and keeping a checkpoint (registers + RAM)
   every CHECKPOINT instructions;
3. replays the operation once per fault, from the nearest checkpoint:
   * skip i: the i-th executed instruction of the window is replaced by a
     NOP of its size for that one execution (a NOP inside an IT block keeps
     the block's condition sequence, as a skipped instruction does on the
     core);
   * flip i r b: after the i-th instruction, bit b of register r (r0-r12,
     sp, lr, pc, or the N/Z/C/V flag) is inverted;
   and classifies the outcome:
   * accept: a `Verifier` result (one byte, Ok = 0, Err = 1) whose bit 0
     is that of Ok (a value with bit 0 clear reads as Ok to a caller that
     tests bit 0, the low byte or the whole register), the
     bootloader's `glitch_boot`, or for signing a faulty signature released
     (Ok returned, or the complete faulty signature in the output buffer);
   * reject: the Err byte, `glitch_reject`, signing without release;
   * crash: an invalid memory access, an undefined instruction, an exception
     (a core would enter HardFault, which loops), a write to flash;
   * timeout: no end marker within 2·(N − i) + 2000 instructions;
   * for the Result APIs (verifier, slice), a fault on the image's own
     instructions (the call into the crate, the hand-over of the Result) is
     the caller's and counted apart ("caller"; accepting ones are printed as
     CALLER ACCEPT and do not fail the campaign: a Result is one bit once
     it has left the crate, which is why the Verdict API exists). Reaching
     another case's end marker counts as a crash (glitch_boot: accept).

Every accepting fault is printed with its index, address, symbol and
instruction (arm-none-eabi-objdump).

Fault lists: `--tail T` every instruction of the last T of the window,
`--sample S` S indices drawn uniformly over the whole window (without
replacement, seeded), `--flips F` F register-bit flips, half of them in the
last T instructions and half over the whole window.
"""
import argparse
import json
import multiprocessing
import os
import random
import struct
import subprocess
import sys
import time

from elf_segments import load_segments
from unicorn import (Uc, UcError, UC_ARCH_ARM, UC_MODE_THUMB, UC_MODE_MCLASS, UC_HOOK_CODE,
                     UC_HOOK_INTR, UC_PROT_READ, UC_PROT_EXEC, UC_PROT_ALL)
from unicorn import arm_const as A

RAM = 0x20000000
RAM_END = 0x20400000
STACK_WINDOW = 0x10000  # top of RAM mapped for the stack
PPB = 0xE0000000
CHECKPOINT = 1000
# Stop a faulty run early when it is back in the undisturbed state (set
# GLITCH_NO_CONVERGE=1 to run every fault to its end, for comparison).
CONVERGE = not os.environ.get("GLITCH_NO_CONVERGE")
STOP = 0xFFFFFFF0  # an "until" address never reached

REGS = [getattr(A, f"UC_ARM_REG_R{i}") for i in range(13)] + [A.UC_ARM_REG_SP, A.UC_ARM_REG_LR,
                                                             A.UC_ARM_REG_PC]
REG_NAMES = [f"r{i}" for i in range(13)] + ["sp", "lr", "pc"]
FLAGS = ["N", "Z", "C", "V"]  # APSR bits 31..28
# Everything a converged run must agree on (with RAM): core and FPU registers.
STATE_REGS = REGS + [A.UC_ARM_REG_XPSR] + [getattr(A, f"UC_ARM_REG_D{i}") for i in range(16)] + [
    A.UC_ARM_REG_FPSCR]

SCHEMES = ["pkcs1v15", "pss"]
INPUTS = ["valid", "bitflip", "modified"]
APIS = ["verifier", "verdict", "sign", "slice"]
END = {"verifier": "glitch_result", "verdict": "glitch_boot", "sign": "glitch_signed",
       "slice": "glitch_result_slice"}


def case_number(scheme, inp, api):
    return SCHEMES.index(scheme) + 2 * INPUTS.index(inp) + 8 * APIS.index(api)


# --- ELF -----------------------------------------------------------------------------------


class Symbols:
    def __init__(self, elf, prefix):
        out = subprocess.run([prefix + "nm", "-C", "-S", "-n", "--defined-only", elf], check=True,
                             capture_output=True, text=True).stdout
        self.by_name = {}
        self.funcs = []
        for line in out.splitlines():
            p = line.split(" ", 3)
            if len(p) == 4:
                addr, size, kind, name = int(p[0], 16), int(p[1], 16), p[2], p[3]
            elif len(p) == 3:
                addr, size, kind, name = int(p[0], 16), 0, p[1], p[2]
            else:
                continue
            self.by_name.setdefault(name, addr & ~1)
            if kind in "tTwW" and addr < RAM:
                self.funcs.append((addr & ~1, size, name))
        self.elf = elf
        self.prefix = prefix

    def addr(self, name):
        return self.by_name[name]

    def image_ranges(self):
        """Address ranges of the glitch image's own functions."""
        return [(a, a + size) for a, size, name in self.funcs
                if name.startswith("glitch") and size]

    def addr_suffix(self, suffix):
        found = {a for n, a in self.by_name.items() if n.endswith(suffix)}
        assert len(found) == 1, f"{suffix}: {len(found)} symbols"
        return found.pop()

    def symbol(self, addr):
        best = None
        for a, size, name in self.funcs:
            if a <= addr and (size == 0 or addr < a + size):
                if best is None or a > best[0]:
                    best = (a, name)
        return f"{best[1]}+{addr - best[0]:#x}" if best else "?"

    def insn(self, addr):
        out = subprocess.run([self.prefix + "objdump", "-d", "--no-show-raw-insn",
                              f"--start-address={addr:#x}", f"--stop-address={addr + 4:#x}",
                              self.elf], capture_output=True, text=True).stdout
        for line in out.splitlines():
            s = line.strip()
            if s.startswith(f"{addr:x}:"):
                text = s.split(None, 1)[1]
                if "<" in text:
                    text = text[:text.index("<")]
                return " ".join(text.split())
        return "?"


# --- the emulated device -------------------------------------------------------------------


class Outcome(Exception):
    pass


class Device:
    def __init__(self, elf, case, syms, corrupt_at=None):
        """corrupt_at: a function symbol (suffix); the window then starts at
        its entry, where `corrupt(result)` flips a bit of the result about to
        be checked (the signing case)."""
        self.syms = syms
        self.case = case
        self.api = APIS[case // 8]
        uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
        try:
            uc.ctl_set_cpu_model(A.UC_CPU_ARM_CORTEX_M4)
        except Exception:  # older unicorn: default M-class model
            pass
        segs = load_segments(elf)
        flash_end = max(a + m for a, d, m in segs if a < RAM)
        self.flash_size = (flash_end + 0xFFF) & ~0xFFF
        uc.mem_map(0, self.flash_size, UC_PROT_READ | UC_PROT_EXEC)
        static_end = max([a + m for a, d, m in segs if a >= RAM] + [RAM])
        self.static_size = max(0x1000, (static_end - RAM + 0xFFF) & ~0xFFF)
        uc.mem_map(RAM, self.static_size, UC_PROT_ALL)
        uc.mem_map(RAM_END - STACK_WINDOW, STACK_WINDOW, UC_PROT_ALL)
        uc.mem_map(PPB, 0x100000, UC_PROT_ALL)  # SCB (CPACR) and friends as plain memory
        for a, d, m in segs:
            if d:
                uc.mem_write(a, d)
        uc.mem_write(syms.addr("GLITCH_CASE"), struct.pack("<I", case))
        self.uc = uc
        self.ends = {}
        for name in ("glitch_result", "glitch_result_slice", "glitch_boot", "glitch_reject", "glitch_signed",
                     "HardFault", "DefaultHandler"):
            if name in syms.by_name:
                self.ends[syms.addr(name)] = name
        self.hit = None
        for a in self.ends:
            uc.hook_add(UC_HOOK_CODE, self._end_hook, begin=a, end=a)
        uc.hook_add(UC_HOOK_INTR, self._intr_hook)
        # Reset.
        sp, pc = struct.unpack("<II", bytes(uc.mem_read(0, 8)))
        uc.reg_write(A.UC_ARM_REG_SP, sp)
        begin = syms.addr("glitch_begin")
        uc.emu_start(pc | 1, begin, count=50_000_000)
        assert uc.reg_read(A.UC_ARM_REG_PC) == begin, "glitch_begin not reached"
        # The window starts where glitch_begin returns to (the marker's own
        # instructions are scaffolding, not part of the operation).
        ret = uc.reg_read(A.UC_ARM_REG_LR) & ~1
        uc.emu_start(begin | 1, ret, count=100)
        assert uc.reg_read(A.UC_ARM_REG_PC) == ret, "glitch_begin does not return"
        begin = ret
        if corrupt_at is not None:
            at = syms.addr_suffix(corrupt_at)
            uc.emu_start(begin | 1, at, count=200_000_000)
            assert uc.reg_read(A.UC_ARM_REG_PC) == at, f"{corrupt_at} not reached"
        self.start = self.save()

    def corrupt(self, sig):
        """Flips bit 4 of the least significant limb of every copy of the
        signature `sig` (big-endian bytes) held as little-endian limbs on the
        stack: the result the fault check is about to check, found by value
        (independent of how the compiler passes it)."""
        limbs = b"".join(struct.pack("<I", w) for w in reversed(struct.unpack(">64I", sig)))
        base = RAM_END - STACK_WINDOW
        stack = bytes(self.uc.mem_read(base, STACK_WINDOW))
        found = [i for i in range(0, STACK_WINDOW, 4) if stack.startswith(limbs, i)]
        assert found, "the result to corrupt is not on the stack"
        for i in found:
            w = struct.unpack_from("<I", stack, i)[0]
            self.uc.mem_write(base + i, struct.pack("<I", w ^ 0x10))
        self.corrupted = len(found)
        self.start = self.save()

    # hooks
    def _end_hook(self, uc, addr, size, user):
        self.hit = self.ends[addr]
        uc.emu_stop()

    def _intr_hook(self, uc, intno, user):
        self.hit = f"exception {intno}"
        uc.emu_stop()

    # state
    def save(self):
        uc = self.uc
        return (uc.context_save(), bytes(uc.mem_read(RAM, self.static_size)),
                bytes(uc.mem_read(RAM_END - STACK_WINDOW, STACK_WINDOW)), self.regs())

    def regs(self):
        return tuple(self.uc.reg_read(r) for r in STATE_REGS)

    def same_state(self, st):
        """Whether the machine is in checkpoint state `st` (registers, the
        FPU's included, and all mapped RAM)."""
        return (self.regs() == st[3]
                and bytes(self.uc.mem_read(RAM_END - STACK_WINDOW, STACK_WINDOW)) == st[2]
                and bytes(self.uc.mem_read(RAM, self.static_size)) == st[1])

    def restore(self, st):
        ctx, statics, stack, _ = st
        uc = self.uc
        uc.context_restore(ctx)
        uc.mem_write(RAM, statics)
        uc.mem_write(RAM_END - STACK_WINDOW, stack)
        self.hit = None

    def pc(self):
        return self.uc.reg_read(A.UC_ARM_REG_PC)

    def run(self, count):
        """Runs at most `count` instructions; returns None or the end reached."""
        if count <= 0:
            return self.hit
        try:
            self.uc.emu_start(self.pc() | 1, STOP, count=count)
        except UcError as e:
            self.hit = f"crash: {e}"
        return self.hit

    # outcome of a finished run
    def verdict(self, ok_byte=None, err_byte=None):
        h = self.hit
        if h is None:
            return "timeout"
        if h.startswith("crash") or h.startswith("exception") or h in ("HardFault",
                                                                       "DefaultHandler"):
            return "crash"
        if h == "glitch_boot":
            return "accept"
        if h == "glitch_reject":
            return "reject"
        if h != END[self.api]:
            return "crash"  # another case's end marker: control flow went astray
        if h == "glitch_result":
            # Result<(), signature::Error> without alloc: one byte, Ok = 0,
            # Err = 1. A caller may test bit 0, the low byte or the whole
            # register: any value with bit 0 clear is an Ok to one of them.
            r0 = self.uc.reg_read(A.UC_ARM_REG_R0)
            return "accept" if (r0 & 1) == (ok_byte & 1) else "reject"
        if h == "glitch_result_slice":
            # Result<(), rsa_cortex_m::Error> in the caller's stack slot (where
            # the undisturbed runs have it; r0 itself may be the fault's
            # victim): Ok only with exactly the Ok tag there.
            at, ok_tag = ok_byte
            tag = self.uc.mem_read(at, 1)[0]
            return "accept" if tag == ok_tag else "reject"
        if h == "glitch_signed":
            # Released: Ok returned, or anything written to the output.
            r0 = self.uc.reg_read(A.UC_ARM_REG_R0)
            sig = bytes(self.uc.mem_read(self.syms.addr("GLITCH_SIG"), 256))
            return "accept" if r0 == 0 or any(sig) else "reject"
        return "crash"


def insn_size(dev, addr):
    hw = struct.unpack("<H", bytes(dev.uc.mem_read(addr, 2)))[0]
    return 4 if (hw >> 11) in (0b11101, 0b11110, 0b11111) else 2


NOP16 = struct.pack("<H", 0xBF00)
NOP32 = struct.pack("<HH", 0xF3AF, 0x8000)


class Campaign:
    def __init__(self, elf, case, prefix, corrupt_at=None, corrupt=None):
        self.syms = Symbols(elf, prefix)
        self.dev = Device(elf, case, self.syms, corrupt_at)
        if corrupt is not None:
            self.dev.corrupt(corrupt)
        self.golden()

    def golden(self):
        """Undisturbed run: N, checkpoints, end marker, and the values the
        classification needs."""
        dev = self.dev
        dev.restore(dev.start)
        self.checkpoints = []
        n = 0
        while True:
            self.checkpoints.append(dev.save())
            before = dev.hit
            # Count exactly: step CHECKPOINT instructions (or to the end).
            hit = dev.run(CHECKPOINT)
            if hit is not None:
                break
            n += CHECKPOINT
            if n > 20_000_000:
                raise SystemExit("golden run does not end")
        # The last chunk ended early at the marker: count it instruction by
        # instruction from its checkpoint.
        dev.restore(self.checkpoints[-1])
        k = 0
        while dev.run(1) is None:
            k += 1
        self.n = n + k
        self.golden_end = dev.hit
        self.golden_r0 = dev.uc.reg_read(A.UC_ARM_REG_R0)
        self.golden_sig = bytes(dev.uc.mem_read(self.syms.addr("GLITCH_SIG"), 256))
        self.converged = 0

    def fault(self, kind, i, reg=None, bit=None):
        """Injects one fault at window index i and runs to the end."""
        dev = self.dev
        j = min(i // CHECKPOINT, len(self.checkpoints) - 1)
        dev.restore(self.checkpoints[j])
        if dev.run(i - j * CHECKPOINT) is not None:
            return None  # ended before i (cannot happen in a valid fault list)
        addr = dev.pc()
        uc = dev.uc
        if kind == "skip":
            size = insn_size(dev, addr)
            orig = bytes(uc.mem_read(addr, size))
            uc.mem_write(addr, NOP16 if size == 2 else NOP32)
            uc.ctl_remove_cache(addr, addr + size)
            dev.run(1)
            uc.mem_write(addr, orig)
            uc.ctl_remove_cache(addr, addr + size)
        elif kind == "none":
            dev.run(1)
        else:
            if dev.run(1) is None:
                if reg == "flag":
                    v = uc.reg_read(A.UC_ARM_REG_APSR)
                    uc.reg_write(A.UC_ARM_REG_APSR, v ^ (1 << (31 - bit)))
                else:
                    r = REGS[reg]
                    v = uc.reg_read(r)
                    uc.reg_write(r, v ^ (1 << bit))
        # Converged: at the next checkpoint the run is in the undisturbed
        # run's state (the fault was masked), so it ends as that run did.
        budget = 2 * (self.n - i) + 2000
        k = i // CHECKPOINT + 1
        if dev.hit is None and k < len(self.checkpoints) and CONVERGE:
            step = k * CHECKPOINT - (i + 1)
            budget -= step
            if dev.run(step) is None and dev.same_state(self.checkpoints[k]):
                dev.hit = self.golden_end
                self.golden_regs(dev)
                self.converged += 1
                return addr
        if dev.hit is None:
            dev.run(budget)
        return addr

    def golden_regs(self, dev):
        """Puts the undisturbed run's final r0 and output in place (what
        the classification reads)."""
        dev.uc.reg_write(A.UC_ARM_REG_R0, self.golden_r0)
        dev.uc.mem_write(self.syms.addr("GLITCH_SIG"), self.golden_sig)


def describe(kind, i, reg, bit):
    if kind == "skip":
        return f"skip #{i}"
    if reg == "flag":
        return f"flip #{i} {FLAGS[bit]} flag"
    return f"flip #{i} {REG_NAMES[reg]} bit {bit}"


def worker(args):
    elf, case, prefix, faults, ok_byte, err_byte, good_sig, corrupt_at = args
    c = Campaign(elf, case, prefix, corrupt_at, good_sig)
    counts = {"accept": 0, "reject": 0, "crash": 0, "timeout": 0, "caller": 0}
    accepts = []
    # For the Result APIs, the image's own instructions (the call into the
    # crate, the hand-over of the Result) are the caller's: counted apart.
    caller = c.syms.image_ranges() if c.dev.api in ("verifier", "slice") else []
    for kind, i, reg, bit in faults:
        addr = c.fault(kind, i, reg, bit)
        v = c.dev.verdict(ok_byte, err_byte)
        if any(lo <= addr < hi for lo, hi in caller):
            counts["caller"] += 1
            if v == "accept":
                accepts.append((kind, i, reg, bit, addr, c.dev.hit, True))
            continue
        counts[v] += 1
        if v == "accept":
            accepts.append((kind, i, reg, bit, addr, c.dev.hit, False))
    return counts, accepts, c.converged


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--label", default="")
    ap.add_argument("--scheme", choices=SCHEMES, required=True)
    ap.add_argument("--input", choices=INPUTS, default="bitflip")
    ap.add_argument("--api", choices=APIS, default="verifier")
    ap.add_argument("--tail", type=int, default=20000)
    ap.add_argument("--sample", type=int, default=10000)
    ap.add_argument("--flips", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--tool-prefix", default="arm-none-eabi-")
    ap.add_argument("--json", help="append the result as one JSON line to this file")
    args = ap.parse_args()

    t0 = time.time()
    case = case_number(args.scheme, args.input, args.api)
    corrupt_at = None
    ok_byte = err_byte = good_sig = None
    if args.api == "verifier":
        # The Result's byte in undisturbed valid and invalid runs.
        ok_c = Campaign(args.elf, case_number(args.scheme, "valid", "verifier"), args.tool_prefix)
        assert ok_c.golden_end == "glitch_result", ok_c.golden_end
        ok_byte = ok_c.dev.uc.reg_read(A.UC_ARM_REG_R0) & 0xFF
    if args.api == "slice":
        # Where the Result's tag is: the first byte in which the valid and the
        # invalid undisturbed runs' Results differ.
        runs = []
        for inp in ("valid", args.input):
            rc = Campaign(args.elf, case_number(args.scheme, inp, "slice"), args.tool_prefix)
            assert rc.golden_end == "glitch_result_slice", rc.golden_end
            at = rc.dev.uc.reg_read(A.UC_ARM_REG_R0)
            runs.append((at, bytes(rc.dev.uc.mem_read(at, 16))))
        assert runs[0][0] == runs[1][0], "the Result moved"
        diff = [k for k in range(16) if runs[0][1][k] != runs[1][1][k]]
        if not diff:
            raise SystemExit(f"{args.label}: the invalid signature verifies without a fault")
        ok_byte = (runs[0][0] + diff[0], runs[0][1][diff[0]])
    if args.api == "verdict":
        ok_c = Campaign(args.elf, case_number(args.scheme, "valid", "verdict"), args.tool_prefix)
        if ok_c.golden_end != "glitch_boot":
            raise SystemExit(f"{args.label}: a valid signature does not boot ({ok_c.golden_end})")
    if args.api == "sign":
        corrupt_at = "rsadp::fault_check"
        ok_c = Campaign(args.elf, case, args.tool_prefix, corrupt_at)
        if ok_c.golden_end != "glitch_signed" or ok_c.dev.uc.reg_read(A.UC_ARM_REG_R0) != 0:
            raise SystemExit(f"{args.label}: signing fails without a fault")
        good_sig = bytes(ok_c.dev.uc.mem_read(ok_c.syms.addr("GLITCH_SIG"), 256))
    c = Campaign(args.elf, case, args.tool_prefix, corrupt_at, good_sig)
    if args.api == "verifier":
        assert c.golden_end == "glitch_result", c.golden_end
        err_byte = c.dev.uc.reg_read(A.UC_ARM_REG_R0) & 0xFF
        if (ok_byte, err_byte) != (0, 1):
            raise SystemExit(f"{args.label}: unexpected Result encoding {ok_byte} / {err_byte}")
        if err_byte == ok_byte:
            raise SystemExit(f"{args.label}: the invalid signature verifies without a fault")
    elif args.api == "slice":
        if c.golden_end != "glitch_result_slice" or c.dev.verdict(ok_byte) != "reject":
            raise SystemExit(f"{args.label}: the invalid signature verifies without a fault")
    elif args.api == "verdict":
        if c.golden_end != "glitch_reject":
            raise SystemExit(f"{args.label}: the invalid signature boots without a fault")
    else:
        # The corrupted result must be refused, nothing written.
        if c.golden_end != "glitch_signed" or c.dev.uc.reg_read(A.UC_ARM_REG_R0) == 0:
            raise SystemExit(f"{args.label}: the corrupted signature is not refused")
        sig = bytes(c.dev.uc.mem_read(c.syms.addr("GLITCH_SIG"), 256))
        if any(sig):
            raise SystemExit(f"{args.label}: refused, but the output buffer was written")
    n = c.n

    rng = random.Random(args.seed * 1_000_003 + case)
    tail = min(args.tail, n)
    faults = [("skip", i, None, None) for i in range(n - tail, n)]
    sample = sorted(rng.sample(range(n), min(args.sample, n)))
    faults += [("skip", i, None, None) for i in sample]
    for k in range(args.flips):
        i = rng.randrange(n - tail, n) if k % 2 == 0 else rng.randrange(n)
        r = rng.randrange(len(REGS) + 1)
        if r == len(REGS):
            reg, bit = "flag", rng.randrange(4)
        else:
            reg, bit = r, rng.randrange(1 if r == 15 else 0, 32)
        faults.append(("flip", i, reg, bit))

    chunks = [faults[w::args.jobs] for w in range(args.jobs)]
    work = [(args.elf, case, args.tool_prefix, ch, ok_byte, err_byte, good_sig, corrupt_at)
            for ch in chunks if ch]
    if len(work) > 1:
        with multiprocessing.Pool(len(work)) as pool:
            results = pool.map(worker, work)
    else:
        results = [worker(w) for w in work]
    counts = {"accept": 0, "reject": 0, "crash": 0, "timeout": 0, "caller": 0}
    accepts = []
    converged = 0
    for cnt, acc, conv in results:
        converged += conv
        for k in counts:
            counts[k] += cnt[k]
        accepts += acc
    accepts.sort(key=lambda a: (a[0], a[1]))
    skips = sum(1 for f in faults if f[0] == "skip")
    flips = len(faults) - skips
    row = {"label": args.label, "scheme": args.scheme, "input": args.input, "api": args.api,
           "window": n, "tail": tail, "sample": len(sample), "skips": skips, "flips": flips,
           "skip_counts": None, "counts": counts, "accepts": [],
           "converged": converged, "seconds": round(time.time() - t0, 1)}
    # Split counts by fault kind for the report.
    for kind, i, reg, bit, addr, hit, by_caller in accepts:
        row["accepts"].append({"fault": describe(kind, i, reg, bit), "addr": f"{addr:#x}",
                               "symbol": c.syms.symbol(addr), "insn": c.syms.insn(addr),
                               "end": hit, "caller": by_caller})
    print(f"{args.label} {args.scheme}/{args.input}/{args.api}: window {n} instructions, "
          f"{skips} skips (last {tail} + {len(sample)} sampled) + {flips} flips: "
          f"accept {counts['accept']}, reject {counts['reject']}, crash {counts['crash']}, "
          f"timeout {counts['timeout']}"
          + (f", in the caller's code {counts['caller']}" if counts["caller"] else "")
          + f" ({converged} masked, {row['seconds']} s)"
          + (f"; result corrupted in {c.dev.corrupted} place(s)" if args.api == "sign" else ""))
    for a in row["accepts"]:
        who = "CALLER ACCEPT" if a["caller"] else "ACCEPT"
        print(f"    {who} {a['fault']} at {a['addr']} {a['symbol']}: {a['insn']} (-> {a['end']})")
    sys.stdout.flush()
    if args.json:
        with open(args.json, "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
