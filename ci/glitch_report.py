#!/usr/bin/env python3
"""Markdown tables of ci/glitch results (the JSON lines of `ci/glitch --json
FILE`): per build and case, the faults tried and their outcomes, and every
accepting fault.

    python3 ci/glitch_report.py FILE [--title TITLE]
"""
import argparse
import json
import re
from collections import OrderedDict

BUILDS = {"s": "opt-level s, UMAAL", "3": "opt-level 3, UMAAL", "s-portable": "opt-level s, portable",
          "3-portable": "opt-level 3, portable"}
APIS = {"verifier": "`Verifier::verify`", "slice": "slice `verify_prehash`",
        "verdict": "`Verdict` (bootloader pattern)", "sign": "signing (corrupted result)"}


def short_symbol(sym):
    # <A as B>::f+0x12 -> A::f (generic parameters dropped)
    m = re.match(r"<(.*) as (.*)>::(\w+)(\+0x[0-9a-f]+)?$", sym)
    if m:
        sym = f"{m.group(1)}::{m.group(3)}{m.group(4) or ''}"
    while True:
        s2 = re.sub(r"<[^<>]*>", "", sym)
        if s2 == sym:
            break
        sym = s2
    return sym.replace("rsa_cortex_m::", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    args = ap.parse_args()
    rows = [json.loads(l) for l in open(args.file) if l.strip()]
    # Older result files have no caller column.
    has_caller = any("caller" in r["counts"] for r in rows)
    print("| build | operation | scheme | input | window | skips (accepted) | flips (accepted) "
          "| reject | crash | timeout |" + (" caller's code (accepted) |" if has_caller else ""))
    print("|---|---|---|---|---:|---:|---:|---:|---:|---:|" + ("---:|" if has_caller else ""))
    totals = OrderedDict()
    for r in rows:
        ours = [a for a in r["accepts"] if not a.get("caller")]
        acc_skip = sum(1 for a in ours if a["fault"].startswith("skip"))
        acc_flip = len(ours) - acc_skip
        acc_caller = len(r["accepts"]) - len(ours)
        c = r["counts"]
        inp = "—" if r["api"] == "sign" else r["input"]
        print(f"| {BUILDS.get(r['label'], r['label'])} | {APIS[r['api']]} | {r['scheme']} | {inp} "
              f"| {r['window']:,} | {r['skips']:,} (**{acc_skip}**) | {r['flips']:,} (**{acc_flip}**) "
              f"| {c['reject']:,} | {c['crash']:,} | {c['timeout']:,} |"
              + ((f" {c.get('caller', 0):,} ({acc_caller}) |" if r["api"] in ("verifier", "slice")
                  else " — |") if has_caller else ""))
        t = totals.setdefault(r["label"], [0, 0, 0, 0])
        t[0] += r["skips"]
        t[1] += acc_skip
        t[2] += r["flips"]
        t[3] += acc_flip
    print()
    for label, (sk, ask, fl, afl) in totals.items():
        print(f"- {BUILDS.get(label, label)}: {ask} of {sk:,} skips and {afl} of {fl:,} flips accepted")
    acc = [(r, a) for r in rows for a in r["accepts"]]
    if acc:
        print()
        print("| build | operation | scheme | input | fault | where | instruction |")
        print("|---|---|---|---|---|---|---|")
        for r, a in acc:
            inp = "—" if r["api"] == "sign" else r["input"]
            who = " (caller)" if a.get("caller") else ""
            print(f"| {r['label']} | {APIS[r['api']]} | {r['scheme']} | {inp} | {a['fault']}{who} "
                  f"| `{short_symbol(a['symbol'])}` | `{a['insn']}` |")


if __name__ == "__main__":
    main()
