"""gdb script of ci/frames: at every call of an arithmetic kernel during the
example `frames` (one PKCS#1 v1.5 signature, then its verification),
counts the frames whose source is this crate's src/ outside the kernel
backends (src/arith/backend/: the kernels and their own helpers) and prints the deepest chain of each phase with file:line."""
import os

import gdb

ROOT = os.environ["FRAMES_ROOT"] + "/src/"
KERNELS = os.environ.get("FRAMES_KERNELS", "mul sqr redc redc_lazy select").split()
BACKENDS = os.environ["FRAMES_BACKENDS"].split()
PHASES = {1: "sign", 2: "verify"}
state = {"phase": 0, "hits": {}, "deepest": {}, "chains": {}}
# FRAMES_CHAINS=k: also the k deepest distinct chains of each phase
# (function names only, outermost first).
SHOW = int(os.environ.get("FRAMES_CHAINS", "0"))


def ours(frame):
    sal = frame.find_sal()
    name = sal.symtab.fullname() if sal and sal.symtab else ""
    mine = name.startswith(ROOT) and not name.startswith(ROOT + "arith/backend/")
    return mine, name, sal.line if sal else 0


class Kernel(gdb.Breakpoint):
    def stop(self):
        phase = PHASES.get(state["phase"])
        if phase is None:
            return False
        state["hits"][phase] = state["hits"].get(phase, 0) + 1
        chain = []
        f = gdb.newest_frame()
        kernel = f.name()
        f = f.older()
        while f is not None:
            mine, path, line = ours(f)
            if mine:
                chain.append((f.name(), "%s:%d" % (path[len(ROOT) - 4:], line)))
            f = f.older()
        state["chains"].setdefault(phase, {})[tuple(n for n, _ in chain)] = kernel
        best = state["deepest"].get(phase)
        if best is None or len(chain) > len(best[1]):
            state["deepest"][phase] = (kernel, chain)
        return False


class Mark(gdb.Breakpoint):
    def stop(self):
        state["phase"] = int(gdb.parse_and_eval("phase"))
        return False


gdb.execute("set pagination off")
gdb.execute("set breakpoint pending on")
Mark("frames::frames_mark", internal=True)
for b in BACKENDS:
    for k in KERNELS:
        Kernel("rsa_cortex_m::arith::backend::%s::%s" % (b, k), internal=True)
gdb.execute("run")
for phase in ("sign", "verify"):
    kernel, chain = state["deepest"].get(phase, ("-", []))
    files = sorted({where.rsplit(":", 1)[0] for _, where in chain})
    print("%s: %d crate frames in %d files above %s (%d kernel calls)"
          % (phase, len(chain), len(files), kernel, state["hits"].get(phase, 0)))
    for name, where in reversed(chain):
        print("    %s  %s" % (where, name))
    chains = sorted(state["chains"].get(phase, {}).items(), key=lambda c: -len(c[0]))
    for names, kernel in chains[:SHOW]:
        short = [n.split("<")[0].replace("rsa_cortex_m::", "") for n in reversed(names)]
        print("  %d: %s -> %s" % (len(names), " > ".join(short), kernel.rsplit("::", 1)[1]))
