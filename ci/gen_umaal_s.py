#!/usr/bin/env python3
"""Generator of the straight-line sections of src/arith/umaal.s.

Not a build step: the assembly file holds the generated text, committed.
This prints what was pasted, so that a change to the scheme can be made
here and the output pasted again (then check with the firmware's
differential test, ci/arm-test):

    ci/gen_umaal_s.py tail    # everything after the "len = 48, 64, 96 and
                              # 128" banner: rsa_cm_s5x128, the REDC block
                              # loops of 48/64/96/128 limbs, rsa_cm_sqr48/64
    ci/gen_umaal_s.py sqr32   # the five-row blocks of .Lsqr32 (the tail
                              # after them, rows 30 and 31, is hand-written)
    ci/gen_umaal_s.py s5x32   # rsa_cm_s5x32 (same instructions; the file labels steps .L5x_k)

Scheme: a five-row stream step j of a stream of length L adds m0..m4
(r2-r6) times b[j] (loaded into lr) into the window w0..w4 with the carry
register seeded by the old t word; with d = L - j steps left (this one
included), w_k = W[(6 - d + k) mod 6] and the carry is W[(5 - d) mod 6],
W = r7..r12, so that the final window is always r7-r11.  The registers of
a step depend only on d: the last L steps of the 128-step stream are a
stream of length L.
"""
import sys

W = ['r7', 'r8', 'r9', 'r10', 'r11', 'r12']
M = ['r2', 'r3', 'r4', 'r5', 'r6']
BIG = 128

def regs(L, j):
    d = L - j
    w = [W[(6 - d + k) % 6] for k in range(5)]
    c = W[(5 - d) % 6]
    return w, c


def stream(L):
    out = []
    out.append("    .p2align 2")
    out.append("    .thumb_func")
    out.append(f"    .type rsa_cm_s5x{L}, %function")
    out.append(f"rsa_cm_s5x{L}:")
    for j in range(L):
        w, c = regs(L, j)
        out.append(f".L5x{L}_k{j}:")
        out.append(f"    ldr     lr, [r1, #{4*j}]")
        out.append(f"    ldr     {c}, [r0, #{4*j}]")
        for k in range(5):
            out.append(f"    umaal   {w[k]}, {c}, {M[k]}, lr")
        out.append(f"    str     {w[0]}, [r0, #{4*j}]")
    out.append(f"    add.w   r0, r0, #{4*L}")
    out.append("    ldr     pc, [sp, #F_RET]")
    out.append(f"    .size rsa_cm_s5x{L}, . - rsa_cm_s5x{L}")
    return "\n".join(out)


def prologue_regs(L):
    w, c = regs(L, 5)         # step 5: w0..w4 = columns i+5..i+9, c = seed
    z = w[0]                  # row 0's carry becomes column i+5
    cs = [w[1], w[2], w[3], w[4], c]   # c0..c3 become columns i+6..i+9
    return z, cs


def OFF(L):
    """Bytes by which r0 and r1 move back to run the last L steps of the
    128-step stream."""
    return 4 * (BIG - L)


def entry(L, j):
    return f".L5x{BIG}_k{BIG - L + j}"


def redc_loop(L):
    q4 = (5 - L % 5) % 5
    q5 = (L - 4 * q4) // 5
    z, c = prologue_regs(L)
    o = []
    a = o.append
    a("    .p2align 2")
    a("    .thumb_func")
    a(f"    .type rsa_cm_redc{L}, %function")
    a(f"rsa_cm_redc{L}:")
    a(f".Lredc{L}:")
    a(f"    @ len = {L}: {q5} five-row blocks in a loop, each starting with the square")
    a(f"    @ of its quotients against n[0..5) (as REDC32_SQ5) and running the")
    a(f"    @ last {L - 5} steps of rsa_cm_s5x{BIG}; the pending carry stays in the C")
    a(f"    @ flag (the loop test is TEQ).  Then the generic four-row block{'s' if q4 > 1 else ''}")
    a(f"    @ and final step (F_S/F_OFF/F_IT were set for len by the caller).")
    a(f"    mov.w   r4, #{q4}")
    a(f"    str     r4, [sp, #F_I]")
    a(f"    mov.w   r4, #0")
    a(f"    str     r4, [sp, #F_K]")
    a(f"    ldr     r4, [sp, #F_T]")
    a(f"    addw    r4, r4, #{20*q5}")
    a(f"    str     r4, [sp, #F_END5]          @ end of the five-row blocks in t")
    a(f"    ldr     r4, [sp, #F_A]")
    if OFF(L):
        a(f"    subw    r4, r4, #{OFF(L)}")
    a(f"    str     r4, [sp, #F_Q5]            @ n, moved back for step {BIG - L} of the stream")
    a(f"    adr.w   r4, .Lrd{L}_ret")
    a(f"    orr     r4, r4, #1")
    a(f"    str     r4, [sp, #F_RET]")
    a(f"    cmn     r0, #0                     @ C = 0")
    a(f".Lrd{L}_blk:")
    a(f"    ldr     r5, [sp, #F_T]             @ &t[i]")
    for k in range(5):
        a(f"    ldr     {c[k]}, [r5, #{4*k}]")
    a(f"    add.w   r4, r5, #20")
    a(f"    str     r4, [sp, #F_T]")
    a(f"    ldr     r5, [sp, #F_A]             @ n")
    a(f"    ldmia   r5, {{r0-r3, lr}}            @ n[0..5)")
    a(f"    ldr     r6, [sp, #F_ARG5]          @ n0")
    N = ['r0', 'r1', 'r2', 'r3', 'lr']
    mreg = ['r4', 'r4', 'r4', 'r5', 'r6']
    colreg = {0: c[0], 1: c[1], 2: c[2], 3: c[3], 4: c[4]}
    carry = z
    for k in range(5):
        m = mreg[k]
        a(f"    mul     {m}, {colreg[k]}, r6                @ m{k}")
        if k == 0:
            a(f"    mov.w   {carry}, #0")
        for j in range(5):
            a(f"    umaal   {colreg[k+j]}, {carry}, {m}, {N[j]}")
        colreg[k + 5] = carry
        carry = colreg[k]
        if k == 0:
            a(f"    str     r4, [sp, #F_S5]")
        if k == 1:
            a(f"    str     r4, [sp, #F_OFF5]")
    a(f"    ldr     r0, [sp, #F_T]")
    a(f"    ldr     r1, [sp, #F_Q5]")
    a(f"    ldrd    r2, r3, [sp, #F_S5]        @ m0, m1")
    a(f"    subw    r0, r0, #{20 + OFF(L)}")
    a(f"    b.w     {entry(L, 5)}")
    a(f"    .p2align 1")
    a(f".Lrd{L}_ret:")
    a(f"    ldmia   r0, {{r2-r6}}                @ t[i+len..i+len+5) += window + C")
    for k in range(5):
        a(f"    adcs    r{2+k}, r{2+k}, r{7+k}")
    a(f"    stmia   r0, {{r2-r6}}")
    a(f"    ldr     r1, [sp, #F_T]")
    a(f"    ldr     r2, [sp, #F_END5]")
    a(f"    teq     r1, r2                     @ (keeps C)")
    a(f"    bne     .Lrd{L}_blk")
    a(f"    mov.w   lr, #0")
    a(f"    adc     lr, lr, #0")
    a(f"    str     lr, [sp, #F_PEND]")
    a(f"    b.w     .Lredc_r4")
    a(f"    .size rsa_cm_redc{L}, . - rsa_cm_redc{L}")
    w5, c5 = regs(L, 5)
    assert [colreg[5], colreg[6], colreg[7], colreg[8], colreg[9]] == w5
    return "\n".join(o)


def sqr_blocks_big(L):
    q4 = (5 - L % 5) % 5
    q5 = (L - 4 * q4) // 5
    o = []
    a = o.append
    a("    .p2align 2")
    a("    .thumb_func")
    a(f"    .type rsa_cm_sqr{L}, %function")
    a(f"rsa_cm_sqr{L}:")
    a(f".Lsqr{L}:")
    a(f"    @ len = {L}: the {q5} five-row blocks unrolled, each stream entered at its")
    a(f"    @ step of rsa_cm_s5x{BIG} directly (the triangle's registers renamed so")
    a(f"    @ that its window is already where that step wants it); then the")
    a(f"    @ generic four-row block{'s' if q4 > 1 else ''} and doubling pass.  t[0..len) was cleared.")
    a("    ldr     r1, [sp, #F_A]")
    a(f"    subw    r1, r1, #{OFF(L)}              @ a, moved back for step {BIG - L} (kept: the stream does not move r1)")
    a("    ldr     r0, [sp, #F_T]")
    pos = 0
    def off(col):
        return 4 * (col - pos)
    for b in range(q5):
        i = 5 * b
        d = L - (i + 5)
        w = [W[(6 - d + k) % 6] for k in range(5)]
        c = W[(5 - d) % 6]
        pi = {'r11': w[0], 'r9': w[1], 'r12': w[2], 'r10': w[3], 'r7': w[4], 'r8': c}
        R = lambda r: pi.get(r, r)
        a(f"    addw    r12, r1, #{4*i + OFF(L)}")
        a("    ldmia   r12, {r2-r6}               @ a[i..i+5)")
        for k, r in enumerate(['r7', 'r8', 'r9', 'r10']):
            a(f"    ldr     {R(r)}, [r0, #{off(2*i+1+k)}]")
        tri = [
            ("mov", 'r11'),
            ("umaal", 'r7', 'r11', 'r2', 'r3'), ("str", 'r7', 1),
            ("umaal", 'r11', 'r8', 'r2', 'r4'), ("str", 'r11', 2),
            ("mov", 'r7'),
            ("umaal", 'r7', 'r8', 'r3', 'r4'),
            ("umaal", 'r7', 'r9', 'r2', 'r5'), ("str", 'r7', 3),
            ("umaal", 'r8', 'r9', 'r3', 'r5'),
            ("mov", 'r11'),
            ("umaal", 'r11', 'r9', 'r4', 'r5'),
            ("umaal", 'r8', 'r10', 'r2', 'r6'), ("str", 'r8', 4),
            ("umaal", 'r11', 'r10', 'r3', 'r6'),
            ("umaal", 'r9', 'r10', 'r4', 'r6'),
            ("mov", 'r12'),
            ("umaal", 'r12', 'r10', 'r5', 'r6'),
        ]
        for op in tri:
            if op[0] == "mov":
                a(f"    mov.w   {R(op[1])}, #0")
            elif op[0] == "umaal":
                a(f"    umaal   {R(op[1])}, {R(op[2])}, {op[3]}, {op[4]}")
            else:
                a(f"    str     {R(op[1])}, [r0, #{off(2*i+op[2])}]")
        a(f"    mov.w   {w[4]}, #0")
        target = i - OFF(L) // 4
        delta = 4 * (target - pos)
        if delta > 0:
            a(f"    addw    r0, r0, #{delta}")
        elif delta < 0:
            a(f"    subw    r0, r0, #{-delta}")
        a(f"    adr.w   lr, .Lsq{L}_r{b} + 1                @ (Thumb bit)")
        a("    str     lr, [sp, #F_RET]")
        a(f"    b.w     {entry(L, i+5)}            @ the last {d} steps")
        a("    .p2align 1")
        a(f".Lsq{L}_r{b}:")
        pos = i + L
        a("    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)")
    i4 = 5 * q5
    a("    @ walking state of the generic four-row blocks")
    a(f"    addw    r2, r1, #{4*i4 + OFF(L)}")
    a("    str     r2, [sp, #F_B]             @ &a[i]")
    delta = 4 * (2 * i4 + 1 - pos)
    if delta > 0:
        a(f"    addw    r0, r0, #{delta}")
    elif delta < 0:
        a(f"    subw    r0, r0, #{-delta}")
    a("    str     r0, [sp, #F_K]             @ &t[2i+1]")
    a(f"    mov.w   r2, #{L - i4 - 4}")
    a("    str     r2, [sp, #F_I]             @ len - i - 4")
    a("    b.w     .Lsqr_blk")
    a(f"    .size rsa_cm_sqr{L}, . - rsa_cm_sqr{L}")
    return "\n".join(o)


def sqr_blocks(L, q5=None):
    q4 = (5 - L % 5) % 5
    if q5 is None:
        q5 = (L - 4 * q4) // 5
    o = []
    a = o.append
    a("    .p2align 2")
    a("    .thumb_func")
    a(f"    .type rsa_cm_sqr{L}, %function")
    a(f"rsa_cm_sqr{L}:")
    a(f".Lsqr{L}:")
    a(f"    @ len = {L}: the {q5} five-row blocks unrolled, each stream entered at its")
    a(f"    @ step of rsa_cm_s5x{L} directly (the triangle's registers renamed so")
    a(f"    @ that its window is already where that step wants it); then the")
    a(f"    @ generic four-row block{'s' if q4 > 1 else ''} and doubling pass.  t[0..len) was cleared.")
    a("    ldr     r1, [sp, #F_A]             @ a (kept: the stream does not move r1)")
    a("    ldr     r0, [sp, #F_T]")
    pos = 0
    def off(col):
        return 4 * (col - pos)
    for b in range(q5):
        i = 5 * b
        d = L - (i + 5)
        w = [W[(6 - d + k) % 6] for k in range(5)]
        c = W[(5 - d) % 6]
        pi = {'r11': w[0], 'r9': w[1], 'r12': w[2], 'r10': w[3], 'r7': w[4], 'r8': c}
        R = lambda r: pi.get(r, r)
        if i == 0:
            a("    ldmia   r1, {r2-r6}                @ a[i..i+5)")
        else:
            a(f"    add.w   r12, r1, #{4*i}")
            a("    ldmia   r12, {r2-r6}               @ a[i..i+5)")
        for k, r in enumerate(['r7', 'r8', 'r9', 'r10']):
            a(f"    ldr     {R(r)}, [r0, #{off(2*i+1+k)}]")
        tri = [
            ("mov", 'r11'),
            ("umaal", 'r7', 'r11', 'r2', 'r3'), ("str", 'r7', 1),
            ("umaal", 'r11', 'r8', 'r2', 'r4'), ("str", 'r11', 2),
            ("mov", 'r7'),
            ("umaal", 'r7', 'r8', 'r3', 'r4'),
            ("umaal", 'r7', 'r9', 'r2', 'r5'), ("str", 'r7', 3),
            ("umaal", 'r8', 'r9', 'r3', 'r5'),
            ("mov", 'r11'),
            ("umaal", 'r11', 'r9', 'r4', 'r5'),
            ("umaal", 'r8', 'r10', 'r2', 'r6'), ("str", 'r8', 4),
            ("umaal", 'r11', 'r10', 'r3', 'r6'),
            ("umaal", 'r9', 'r10', 'r4', 'r6'),
            ("mov", 'r12'),
            ("umaal", 'r12', 'r10', 'r5', 'r6'),
        ]
        for op in tri:
            if op[0] == "mov":
                a(f"    mov.w   {R(op[1])}, #0")
            elif op[0] == "umaal":
                a(f"    umaal   {R(op[1])}, {R(op[2])}, {op[3]}, {op[4]}")
            else:
                a(f"    str     {R(op[1])}, [r0, #{off(2*i+op[2])}]")
        a(f"    mov.w   {w[4]}, #0")
        delta = 4 * (i - pos)
        if delta > 0:
            a(f"    addw    r0, r0, #{delta}")
        elif delta < 0:
            a(f"    subw    r0, r0, #{-delta}")
        pos = i
        a(f"    adr.w   lr, .Lsq{L}_r{b} + 1                @ (Thumb bit)")
        a("    str     lr, [sp, #F_RET]")
        a(f"    b.w     .L5x{L}_k{i+5}            @ the last {d} steps")
        a("    .p2align 1")
        a(f".Lsq{L}_r{b}:")
        pos = i + L
        a("    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)")
    i4 = 5 * q5
    a("    @ walking state of the generic four-row blocks")
    a(f"    add.w   r2, r1, #{4*i4}")
    a("    str     r2, [sp, #F_B]             @ &a[i]")
    delta = 4 * (2 * i4 + 1 - pos)
    if delta > 0:
        a(f"    addw    r0, r0, #{delta}")
    elif delta < 0:
        a(f"    subw    r0, r0, #{-delta}")
    a("    str     r0, [sp, #F_K]             @ &t[2i+1]")
    a(f"    mov.w   r2, #{L - i4 - 4}")
    a("    str     r2, [sp, #F_I]             @ len - i - 4")
    a("    b.w     .Lsqr_blk")
    a(f"    .size rsa_cm_sqr{L}, . - rsa_cm_sqr{L}")
    return "\n".join(o)


def tail():
    parts = [stream(BIG)]
    for L in (48, 64, 96, 128):
        parts.append(redc_loop(L))
    for L in (48, 64):
        parts.append(sqr_blocks_big(L))
    return "\n\n".join(parts)


def sqr32():
    lines = sqr_blocks(32, q5=6).split("\n")
    start = [k for k, l in enumerate(lines) if l.strip().startswith("ldr     r1, [sp, #F_A]")][0]
    end = [k for k, l in enumerate(lines) if "walking state of the generic" in l][0]
    body = lines[start:end - 1]   # without the last block's STM (the tail merges it)
    return "\n".join(l.replace(".L5x32_k", ".L5x_k").replace(".Lsq32_r", ".Lsg32_r") for l in body)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "tail"
    if what == "tail":
        print(tail())
    elif what == "sqr32":
        print(sqr32())
    elif what == "s5x32":
        print(stream(32))
    else:
        sys.exit("usage: gen_umaal_s.py [tail|sqr32|s5x32]")
