#!/usr/bin/env python3
"""ci/wolfssl-bench's table: for each core (CPU WOLF_JSON OURS_JSON|-, from
ci/m4_bench.py --json) the public and private 2048 rows side by side."""
import json
import sys

CORES = {"m0": "Cortex-M0 (MULS 1 cycle)", "m4": "Cortex-M4"}


def rows(path):
    r = json.load(open(path))
    return r, {(x["operation"], x["bits"], x["e"]): x for x in r["rows"]}


args = sys.argv[1:]
print("| core | operation | ours | wolfSSL, same model | ours / wolfSSL | wolfSSL flash (image) |")
print("|---|---|---:|---:|---:|---:|")
notes = []
for i in range(0, len(args), 3):
    cpu, wolf_path, ours_path = args[i:i + 3]
    wolf, w = rows(wolf_path)
    ours = rows(ours_path)[1] if ours_path != "-" else {}
    for key, name in ((("public", 2048, 65537), "public 2048, e = 65537"), (("private", 2048, None), "private 2048 (CRT)")):
        wr, orow = w[key], ours.get(key)

        def fig(r, alt=False):
            c = r["cycles_alt"] if alt else r["cycles"]
            return f"{c:,}"

        o = fig(orow) if orow else "—"
        ratio = f"{orow['cycles'] / wr['cycles']:.3f}" if orow else "—"
        print(f"| {CORES[cpu]} | {name} | {o} | {fig(wr)} | {ratio} | {wolf['flash_text_rodata']:,} B |")
        if wr.get("cycles_alt") and cpu == "m0":
            oa = fig(orow, True) if orow and orow.get("cycles_alt") else "—"
            ra = f"{orow['cycles_alt'] / wr['cycles_alt']:.3f}" if orow and orow.get("cycles_alt") else "—"
            print(f"| Cortex-M0 (MULS 32 cycles) | {name} | {oa} | {fig(wr, True)} | {ra} | |")
    notes.append(f"{cpu}: {wolf['model']}")
print()
for n in notes:
    print(f"- {n}")
