#!/usr/bin/env python3
"""Generator of the straight-line sections of src/arith/backend/umaal/umaal.s.

The single source of those sections: it writes them, each as a macro
UMAAL_GEN_<NAME>, into src/arith/backend/umaal/umaal_gen.s, which the
hand-written umaal.s expands where the code belongs (mod.rs assembles
umaal_gen.s ahead of umaal.s). Not a build step: the generated file is
committed.

    ci/gen_umaal_s.py           rewrite umaal_gen.s
    ci/gen_umaal_s.py --check   exit 1 (with a diff) if umaal_gen.s differs
                                from what the generator gives, or umaal.s
                                does not expand each section once (run by
                                ci/test)
    ci/gen_umaal_s.py NAME      print one section

Sections:
    tail    everything after the "len = 48, 64, 96 and 128" banner:
            rsa_cm_s5x128 (b read from the frame, see stream_sp) with its
            zero-window entries and its zero-seed copy rsa_cm_s5z128 (the
            last 59 steps, a zero for each t load: sqr48/64's block 0),
            rsa_cm_s4x64, the REDC block loops of
            48/64/96/128 limbs (at 48/64 with their four-row blocks
            unrolled on rsa_cm_s4x64, redc_blocks4), rsa_cm_sqr48/64 (unrolled: len / 5
            five-row blocks, the rows left as a triangle in the last
            block's window) with their doubling pass rsa_cm_dbl4864, and
            rsa_cm_sqr96128 (the five-row blocks of 96 and 128 limbs as a
            loop: triangle in fixed registers, a TBB stub per entry step
            mod 8 moving the window into place, a table of entry steps)
    sqr32   the five-row blocks of .Lsqr32 (the tail after them, rows 30
            and 31, is hand-written)
    s5x32   rsa_cm_s5x32 (labels .L5x_k)
    s4x32   rsa_cm_s4x32 (four rows, registers rotating so that its stores
            follow loads), the zeroing of its first window and the
            REDC32_SQ4 macro renamed into its step 4
    redc64f rsa_cm_redc64f, the five-row block loop of the 64-limb reduction
            for rsa_cm_sqr_redc4864 (its own section): each block with its
            own copy of rsa_cm_s5x128's last 59 steps, no branch or return

rsa_cm_s5x32's scheme: a five-row stream step j of a stream of length L
adds m0..m4 (r2-r6) times b[j] (loaded into lr) into the window w0..w4
with the carry register seeded by the old t word; with d = L - j steps
left (this one included), w_k = W[(6 - d + k) mod 6] and the carry is
W[(5 - d) mod 6], W = r7..r12, so that the final window is always r7-r11.
The registers of a step depend only on d: the last L steps of a stream
are a stream of length L.  Its step is LDR, LDR, UMAAL x5, STR: the next
step's load follows the store, which does not pipeline (9 cycles).  The
rotating streams (s4x32, s4x64, s5x128) store after their loads instead.
"""
import difflib
import os
import re
import sys

W = ['r7', 'r8', 'r9', 'r10', 'r11', 'r12']
M = ['r2', 'r3', 'r4', 'r5', 'r6']
BIG = 128


def func_start(a, name, align=True):
    """A local function's start: (alignment,) Thumb type and label."""
    if align:
        a("    .p2align 2")
    a("    .thumb_func")
    a(f"    .type {name}, %function")
    a(f"{name}:")


def regs(L, j):
    d = L - j
    w = [W[(6 - d + k) % 6] for k in range(5)]
    c = W[(5 - d) % 6]
    return w, c


def stream(L):
    out = []
    func_start(out.append, f"rsa_cm_s5x{L}")
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


def OFF(L):
    """Bytes by which r0 and r1 move back to run the last L steps of the
    128-step stream."""
    return 4 * (BIG - L)


def entry(L, j):
    return f".L5x{BIG}_k{BIG - L + j}"


def split45(L):
    """(q5, q4): L rows as q5 five-row and q4 <= 4 four-row blocks (SPLIT45)."""
    q4 = (5 - L % 5) % 5
    return (L - 4 * q4) // 5, q4


def sqr_blocks(L, q5=None):
    q5_all, q4 = split45(L)
    if q5 is None:
        q5 = q5_all
    o = []
    a = o.append
    func_start(a, f"rsa_cm_sqr{L}")
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
        tri5(a, R, lambda r, k: f"    str     {r}, [r0, #{off(2*i+k)}]", store4=True)
        a(f"    mov.w   {w[4]}, #0")
        delta = 4 * (i - pos)
        if delta > 0:
            a(f"    addw    r0, r0, #{delta}")
        elif delta < 0:
            a(f"    subw    r0, r0, #{-delta}")
        pos = i
        a(f"    adr.w   lr, .Lsq{L}_r{b} + 1                @ (Thumb bit)")
        a("    str     lr, [sp, #F_RET]")
        a(f"    b       .L5x{L}_k{i+5}            @ the last {d} steps")
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
    a("    b       .Lsqr_blk")
    a(f"    .size rsa_cm_sqr{L}, . - rsa_cm_sqr{L}")
    return "\n".join(o)


# --------------------------------------------------------------------------
# The 128-step five-row stream with b on the stack (rsa_cm_s5x128).  b[j] is
# read from the frame (F_BUF, where the caller copied b, n or a so that it
# ends at the buffer's top: a stream of length L reads the last L words),
# which frees r1: the window, the carry, b[j] and the word waiting to be
# stored rotate through the eight registers r1, r7-r12, lr, and every step
# loads b[j] and t[j] before storing the previous step's finished word:
# LDR, LDR, STR, UMAAL x5 = 2 + 1 + 0 + 5 cycles on the Cortex-M4 (the
# stream with b in r1 needed 9: its store came right before a load).  The
# roles cycle with period 8 (spare -> b[j] -> carry -> w4 ... w0 -> pending
# -> spare), so the registers of a step depend on its number mod 8.
F5 = ['r1', 'r7', 'r8', 'r9', 'r10', 'r11', 'r12', 'lr']


def stream5sp_states(L=BIG):
    """Per step k: (window w0..w4, b register, carry register, register
    stored at this step or None); then the final (window, pending)."""
    names = list('abcdefgh')
    win = names[:5]
    pend = names[5]      # notional: step 0 stores nothing
    spare = names[6]
    bprev = names[7]
    steps = []
    for k in range(L):
        b, c = spare, bprev
        steps.append((list(win), b, c, pend if k else None))
        spare = pend
        pend = win[0]
        win = win[1:] + [c]
        bprev = b
    ren = dict(zip(win, F5[1:6]))          # final window r7-r11
    rest = [r for r in names if r not in ren]
    ren.update(zip(rest, ['r12', 'lr', 'r1']))
    R = lambda r: ren[r] if r is not None else None
    steps = [([R(x) for x in w], R(b), R(c), R(p)) for w, b, c, p in steps]
    return steps, [R(x) for x in win], R(pend)


S5 = stream5sp_states()[0]


def state5(k):
    """(window, b, carry, pending) of step k of rsa_cm_s5x128."""
    return S5[k]


def s5_steps(a, tag, ks, loads, mark=(), base=0, wb=None):
    """Steps ks of the 128-step stream (labels .L5<tag>128_k<k>), through
    the last one's store; loads(k, b, c) emits each step's loads, the
    stores address word k at r0 + 4 (k - base).  With wb, the store of
    step wb writes its address back to r0, the base of the later steps."""
    steps, _, pend = stream5sp_states()
    for k in ks:
        w, b, c, p = steps[k]
        a(f".L5{tag}{BIG}_k{k}:")
        loads(k, b, c)
        if p is not None and k == wb:
            a(f"    str     {p}, [r0, #{4*(k-1-base)}]!")
            base = k - 1
        elif p is not None:
            a(f"    str     {p}, [r0, #{4*(k-1-base)}]")
        if k in mark:
            a(f".L5{tag}{BIG}_u{k}:")
        for m in range(5):
            a(f"    umaal   {w[m]}, {c}, {M[m]}, {b}")
    if ks[-1] == BIG - 1:
        a(f"    str     {pend}, [r0, #{4*(BIG-1-base)}]")


def s5_function(a, name, tag, ks, loads, mark=()):
    """Steps ks of the 128-step stream as function name (labels
    .L5<tag>128_k<k>), loads(k, b, c) emitting each step's loads, up to the
    return; .L5<tag>128_u<k> after the store of the steps in mark."""
    L = BIG
    func_start(a, name)
    if ks[0] == 0:
        a(f".L5{tag}{L}_z0:")
    s5_steps(a, tag, ks, loads, mark)
    a(f"    add.w   r0, r0, #{4*L}               @ (no flags: redc keeps a carry in C)")
    a("    ldr     pc, [sp, #F_RET]")
    a(f"    .size {name}, . - {name}")


def stream_sp():
    steps = stream5sp_states()[0]
    out = []
    a = out.append
    a("@ Entries from an all-zero window for mul (F_S5 points here for len =")
    a("@ 128, 96, 64, 48): zero the window of step s, do its loads and join it")
    a("@ after its store (step s - 1 belongs to the previous block).")
    # Step 0 stores nothing and its window is r7-r11: entered directly.
    assert steps[0][0] == ['r7', 'r8', 'r9', 'r10', 'r11']
    for e in (32, 64, 80):
        w, b, c, _ = steps[e]
        a("    .p2align 1")
        a(f".L5x128_z{e}:")
        for r in w:
            if r not in ('r7', 'r8', 'r9', 'r10', 'r11', 'r12'):   # ENTER_ZERO5 cleared those
                a(f"    mov.w   {r}, #0")
        a(f"    ldr     {b}, [sp, #(F_BUF + {4*e})]")
        a(f"    ldr     {c}, [r0, #{4*e}]")
        a(f"    b       .L5x128_u{e}")

    def loads(k, b, c):
        a(f"    ldr     {b}, [sp, #(F_BUF + {4*k})]")
        a(f"    ldr     {c}, [r0, #{4*k}]")
    s5_function(a, f"rsa_cm_s5x{BIG}", "x", range(BIG), loads, mark=(32, 64, 80))
    return "\n".join(out)


# The zero-seed copy of rsa_cm_s5x128's last Z5_STEPS steps (labels
# .L5z128_k): the t load of each step becomes a zero in its carry register,
# so that block 0 of sqr48/64 (the only reader of t that is all zero) runs
# without t[0..len) cleared first.  MOV before the b load keeps the load
# and the store paired (same cycles as the step it copies); MOVS where the
# register is low.
Z5_STEPS = 64 - 5


def zentry(L, j):
    assert BIG - L + j >= BIG - Z5_STEPS
    return f".L5z{BIG}_k{BIG - L + j}"


def stream_sp_zero():
    out = []
    a = out.append

    def loads(k, b, c):
        if c in ('r1', 'r7'):       # (16 bits; the squaring's flags are dead)
            a(f"    movs    {c}, #0")
        else:
            a(f"    mov.w   {c}, #0")
        a(f"    ldr     {b}, [sp, #(F_BUF + {4*k})]")
    s5_function(a, f"rsa_cm_s5z{BIG}", "z", range(BIG - Z5_STEPS, BIG), loads)
    return "\n".join(out)


def copy_to_buf(L, src_slot):
    """Copy L words from the pointer in frame slot src_slot to the top of
    F_BUF (so that step 128 - L + j of the stream reads word j), twelve
    words per LDM/STM (COPY_WORDS, macros.s)."""
    assert L % 12 in (0, 4, 8)
    return [f"    ldr     r1, [sp, #{src_slot}]",
            f"    add.w   r0, sp, #(F_BUF + {4*(BIG - L)})",
            f"    COPY_WORDS {L}"]


def redc5_square(a, L, split=None, tail=None, zero=False):
    """A five-row REDC block's start (F_T = &t[i]): the square of its
    quotients m0..m4 against n[0..5) (as REDC32_SQ5), m0 and m1 left in
    F_S5 and F_OFF5, m2..m4 in r4-r6, F_T moved on to &t[i+5]; columns
    i+5..i+9 end in the window of step 128 - L + 5 of the stream, the
    cleared column i+4 in that step's pending register.  With split = k,
    a BEQ to tail before row k (Z: the caller's loop test, kept through
    the loads and rows), and the square's state there returned (n's
    registers, the column registers, the carry register).  With zero,
    rows 0..2 store their cleared columns (zero) to t[i..i+3)."""
    s = BIG - L + 5
    w, _, _, p = state5(s)
    # The square's registers: columns i+5..i+9 end in z, c0..c3 (the window
    # of step s), c4 (column i+4, cleared) is that step's pending register;
    # n[0..5) in the rest.
    z, c = w[0], w[1:] + [p]
    others = [r for r in ['r0', 'r2', 'r3'] + F5 if r not in w and r != p]
    N = others[:5]
    assert len(N) == 5
    # t's pointer first and t's words last (no load waits on the one
    # before); the last one moves the pointer on by its writeback, stored
    # right after it (free there).
    a(f"    ldr     r5, [sp, #F_T]             @ &t[i]")
    for j in range(5):
        a(f"    ldr     {N[j]}, [sp, #(F_BUF + {4*(BIG - L + j)})]   @ n[{j}]")
    a(f"    ldr     r6, [sp, #F_ARG5]          @ n0")
    for k in range(1, 5):
        a(f"    ldr     {c[k]}, [r5, #{4*k}]")
    a(f"    ldr     {c[0]}, [r5], #20")
    a(f"    str     r5, [sp, #F_T]             @ &t[i+5]")
    mreg = ['r4', 'r4', 'r4', 'r5', 'r6']
    colreg = {0: c[0], 1: c[1], 2: c[2], 3: c[3], 4: c[4]}
    carry = z
    state = None
    for k in range(5):
        if k == split:
            a(f"    beq     {tail}               @ the last {k} row{'s' if k > 1 else ''}")
            state = (N, dict(colreg), carry)
        m = mreg[k]
        a(f"    mul     {m}, {colreg[k]}, r6                @ m{k}")
        if k == 0:
            a(f"    mov.w   {carry}, #0")
        for j in range(5):
            a(f"    umaal   {colreg[k+j]}, {carry}, {m}, {N[j]}")
        colreg[k + 5] = carry
        carry = colreg[k]
        if zero and k < 3:
            a(f"    str     {carry}, [r5, #{4*k - 20}]            @ t[i+{k}] = 0")
        if k == 0:
            a(f"    str     r4, [sp, #F_S5]")
        if k == 1:
            a(f"    str     r4, [sp, #F_OFF5]")
    assert [colreg[5], colreg[6], colreg[7], colreg[8], colreg[9]] == w
    return state


def redc_loop_sp(L):
    q5, q4 = split45(L)
    tail = L not in (48, 64)
    if tail:
        # As many five-row blocks as fit, then the L mod 5 (1..3) rows left
        # as one more five-row block (redc_tail_sp).
        q5, left = divmod(L, 5)
        assert 1 <= left <= 3
    o = []
    a = o.append
    func_start(a, f"rsa_cm_redc{L}")
    a(f".Lredc{L}:")
    a(f"    @ len = {L}: n copied to the top of F_BUF; {q5} five-row blocks in a loop,")
    a(f"    @ each starting with the square of its quotients against n[0..5) (as")
    a(f"    @ REDC32_SQ5) and running the last {L - 5} steps of rsa_cm_s5x{BIG}; the")
    a(f"    @ pending carry stays in the C flag (the loop test is TEQ).  Then the")
    if L in (48, 64):
        a(f"    @ four-row block{'s' if q4 > 1 else ''} unrolled, each starting with the square of its")
        a(f"    @ quotients against n[0..4) and entering rsa_cm_s4x64 at step {64 - L + 4}")
        a(f"    @ (the carry still in C), then the generic final step.")
    else:
        a(f"    @ {left} row{'s' if left > 1 else ''} left as one more such block, and the final step.")
    o.extend(copy_to_buf(L, "F_A"))
    if L == 64:
        a(f".Lredc{L}_body:                        @ (n in the buffer; rsa_cm_sqr_redc4864 runs rsa_cm_redc64f)")
    else:
        a(f".Lredc{L}_body:                        @ (rsa_cm_sqr_run96128: n in the buffer)")
    a(f"    ldr     r4, [sp, #F_T]")
    a(f"    addw    r4, r4, #{20*(q5 - 1) + 4*L}")
    a(f"    str     r4, [sp, #F_END5]          @ r0 after the last five-row block")
    a(f"    adr.w   r4, .Lrd{L}_ret + 1")
    a(f"    str     r4, [sp, #F_RET]")
    if tail:
        # The loop test (TEQ at the end of .Lrd_ret, Z kept through the
        # block) is taken after the block's first rows, which the last
        # block shares: .Lrd_ret falls into the block.
        a(f"    cmn     r4, #0                     @ C = 0, Z = 0")
        a(f"    b       .Lrd{L}_blk")
        a(f"    .p2align 1")
        a(f".Lrd{L}_ret:")
        redc5_window_add(a, 0, None)
    else:
        a(f"    cmn     r0, #0                     @ C = 0")
    a(f".Lrd{L}_blk:")
    # At 96 and 128 every block leaves t[i..i+5) zero (the last one its
    # rows' columns), so that rsa_cm_sqr_run96128's squarings need no
    # clearing of t[0..len).
    state = redc5_square(a, L, left if tail else None, f".Lrd{L}_tail", zero=tail)
    a(f"    ldr     r0, [sp, #F_T]")
    a(f"    ldr     r2, [sp, #F_S5]            @ m0")
    a(f"    ldr     r3, [sp, #F_OFF5]          @ m1")
    if tail:
        p = state5(BIG - L + 5)[3]
        a(f"    str     {p}, [r0, #-8]            @ t[i+3] = 0 (column i+4, cleared; free after the loads)")
    a(f"    subw    r0, r0, #{20 + OFF(L)}")
    a(f"    b       {entry(L, 5)}            @ (stores the cleared column i+4)")
    if tail:
        redc_tail_sp(a, L, left, *state)
    else:
        a(f"    .p2align 1")
        a(f".Lrd{L}_ret:")
        redc5_window_add(a, 0, f".Lrd{L}_blk")
        a(f".Lrd{L}_q4:")
        o.extend(redc_blocks4(L, q4))
        top_to_final(a)
    a(f"    .size rsa_cm_redc{L}, . - rsa_cm_redc{L}")
    return "\n".join(o)


def window_add(a, off, words, note=""):
    """t's words at r0 + off += the window's first words (r7...) + C, by
    single loads and stores (r2...)."""
    for k in range(words):
        a(f"    ldr     r{2+k}, [r0, #{off + 4*k}]" + (note if k == 0 else ""))
    for k in range(words):
        a(f"    adcs    r{2+k}, r{2+k}, r{7+k}")
    for k in range(words):
        a(f"    str     r{2+k}, [r0, #{off + 4*k}]")


def top_to_final(a):
    """The carry out (C) as the top (F_PEND), on to the final step."""
    a(f"    mov.w   lr, #0")
    a(f"    adc     lr, lr, #0")
    a(f"    str     lr, [sp, #F_PEND]")
    a(f"    b       .Lredc_final")


def redc5_window_add(a, off, blk, end="r12"):
    """A five-row REDC block's end: t[i+len..i+len+5) (at r0 + off) +=
    window + C, then back to blk until r0 reaches F_END5 (loaded into end,
    free there); with blk None, only the test (Z: the last block done)."""
    # The loop test's load first (r0 against its last value), then t's
    # words by single loads (pipelined behind it) and single stores (an
    # LDM/STM costs one cycle more).
    a(f"    ldr     {end}, [sp, #F_END5]")
    window_add(a, off, 5, "              @ t[i+len..i+len+5) += window + C")
    if blk is None:
        a(f"    teq     r0, {end}                    @ Z: the five-row blocks done (keeps C)")
    else:
        a(f"    teq     r0, {end}                    @ (keeps C)")
        a(f"    bne     {blk}")


def redc_tail_sp(a, L, left, N, colreg, carry):
    """redc_loop_sp's last block, at i = L - left, from its rows 0..left-1
    (colreg, carry: their state): the five-row block with the quotients
    m_left..m4 zero (its triangle's rows left..4 not run)."""
    w, _, _, p = state5(BIG - L + 5)
    a(f".Lrd{L}_tail:")
    a(f"    @ The last {left} row{'s' if left > 1 else ''} (i = {L - left}): the block with m{left}..m4 = 0.")
    a(f"    @ t[i..i+len) + m * n < 2^(32 (len + {left})), so only the window's first")
    a(f"    @ {left} word{'s' if left > 1 else ''} can be nonzero: t[2len-{left}..2len) += {'them' if left > 1 else 'it'} + C, the carry out is")
    a(f"    @ the top.  Columns i+{left}..i+4 are words of the result: stored.")
    a(f"    adr.w   {N[0]}, .Lrd{L}_tret + 1")
    a(f"    str     {N[0]}, [sp, #F_RET]")
    # carry (column i+left-1's register) is zero; columns i+left..i+3 are
    # stored here and their registers cleared for the window, column i+4
    # (p) is stored by the stream's first step.
    for k in range(left, 4):
        a(f"    str     {colreg[k]}, [r5, #{4*(k-5)}]")
    colreg[left + 5] = carry
    for k in range(left, 4):
        a(f"    mov.w   {colreg[k]}, #0")
        colreg[k + 6] = colreg[k]
    assert [colreg[k] for k in range(5, 10)] == w and colreg[4] == p
    a(f"    sub.w   r0, r5, #{20 + OFF(L)}")
    if left < 3:
        a(f"    mov     {M[left - 1]}, r4                 @ m{left - 1}")
    for k in range(left, 5):
        a(f"    mov.w   {M[k]}, #0                 @ m{k}")
    for k in range(min(2, left - 1)):
        a(f"    ldr     {M[k]}, [sp, #{('F_S5', 'F_OFF5')[k]}]            @ m{k}")
    a(f"    b       {entry(L, 5)}            @ (stores column i+4)")
    a(f"    .p2align 1")
    a(f".Lrd{L}_tret:")
    window_add(a, 0, left)
    top_to_final(a)


# The five-row block loop of the reduction at 64 limbs for
# rsa_cm_sqr_redc4864 only (section redc64f, in its .text section): each
# block runs its own copy of the stream's last 59 steps (.L5f128_k) and
# falls through into the window add, where rsa_cm_redc64's blocks branch
# into rsa_cm_s5x128 and return through F_RET.  Its t offsets are rebased
# on &t[i+5] (F_T after the square), so r0 needs no adjustment, and moved
# on by 32 words by the store of step s + 33 (writeback), so that the t
# accesses of low registers after it, the window add's too, fit the
# 16-bit encodings.
def redc_loop_fused(L=64):
    q5, q4 = split45(L)
    s = BIG - L + 5
    wb = s + 33
    assert BIG - (wb - 1) + 4 <= 31
    o = []
    a = o.append
    func_start(a, f"rsa_cm_redc{L}f")
    a(f".Lredc{L}f_body:                       @ (n in the buffer, as .Lredc{L}_body)")
    a(f"    ldr     r4, [sp, #F_T]")
    a(f"    addw    r4, r4, #{20*q5 + 4*(wb - 1 - s)}")
    a(f"    str     r4, [sp, #F_END5]          @ r0 after the last five-row block")
    a(f"    adds    r4, r4, #0                 @ C = 0 (16 bits)")
    a(f".Lrd{L}f_blk:")
    redc5_square(a, L)
    a(f"    ldr     r0, [sp, #F_T]             @ &t[i+5]")
    a(f"    ldr     r2, [sp, #F_S5]            @ m0")
    a(f"    ldr     r3, [sp, #F_OFF5]          @ m1")

    def loads(k, b, c):
        a(f"    ldr     {b}, [sp, #(F_BUF + {4*k})]")
        a(f"    ldr     {c}, [r0, #{4*(k - (s if k <= wb else wb - 1))}]")
    s5_steps(a, "f", range(s, BIG), loads, base=s, wb=wb)
    redc5_window_add(a, 4*(BIG - (wb - 1)), f".Lrd{L}f_blk", end="r1")   # (16-bit load)
    a(f"    b.w     .Lrd{L}_q4                @ rsa_cm_redc{L}'s four-row block{'s' if q4 > 1 else ''}")
    a(f"    .size rsa_cm_redc{L}f, . - rsa_cm_redc{L}f")
    return "\n".join(o)


def redc_blocks4(L, q4):
    """The four-row blocks of redc48/64 after the five-row loop (F_T = &t[i],
    the pending carry in C, which nothing here changes): per block the
    square of the quotients m0..m3 against n[0..4) (as REDC32_SQ4, t[i..i+4)
    not stored back but t[i+3] by the entry step, with the zero left in
    x3), leaving columns i+4..i+7 in the window of step 64 - L + 4 of
    rsa_cm_s4x64, which runs the last L - 4 steps; then t[i+L..i+L+4) +=
    window + C."""
    steps = stream4_states(64)[0]
    st = 64 - L + 4
    w, b, c, p = steps[st]
    y, x0, x1, x2 = w          # columns i+4..i+7 end there
    x3 = p                     # zero after the square: stored into t[i+3]
    N = ['r0', 'r1', b, c]     # n[0..4)
    n0 = 'lr'
    assert len(set([y, x0, x1, x2, x3] + N + [n0, 'r2', 'r3', 'r4', 'r5'])) == 14
    o = []
    a = o.append
    for blk in range(q4):
        a(f"    @ four-row block {blk}")
        if blk == 0:
            a("    ldr     r2, [sp, #F_T]             @ &t[i]")
        else:
            a(f"    sub.w   r2, r0, #{4*L - 16}            @ &t[i]")
            a("    str     r2, [sp, #F_T]")
        for j in range(4):      # (t's words last: none waits on the load of r2)
            a(f"    ldr     {N[j]}, [sp, #(F_BUF + {4*(BIG - L + j)})]   @ n[{j}]")
        a(f"    ldr     {n0}, [sp, #F_ARG5]          @ n0")
        for k, x in enumerate([x0, x1, x2, x3]):
            a(f"    ldr     {x}, [r2, #{4*k}]")
        a(f"    mul     r2, {x0}, {n0}                @ m0")
        a(f"    mov.w   {y}, #0")
        a(f"    umaal   {x0}, {y}, r2, {N[0]}             @ {x0} = 0")
        a(f"    umaal   {x1}, {y}, r2, {N[1]}")
        a(f"    umaal   {x2}, {y}, r2, {N[2]}")
        a(f"    umaal   {x3}, {y}, r2, {N[3]}             @ {y} = column i+4")
        a(f"    mul     r3, {x1}, {n0}                @ m1")
        a(f"    umaal   {x1}, {x0}, r3, {N[0]}             @ {x1} = 0")
        a(f"    umaal   {x2}, {x0}, r3, {N[1]}")
        a(f"    umaal   {x3}, {x0}, r3, {N[2]}")
        a(f"    umaal   {y}, {x0}, r3, {N[3]}             @ {x0} = column i+5")
        a(f"    mul     r4, {x2}, {n0}                @ m2")
        a(f"    umaal   {x2}, {x1}, r4, {N[0]}             @ {x2} = 0")
        a(f"    umaal   {x3}, {x1}, r4, {N[1]}")
        a(f"    umaal   {y}, {x1}, r4, {N[2]}")
        a(f"    umaal   {x0}, {x1}, r4, {N[3]}             @ {x1} = column i+6")
        a(f"    mul     r5, {x3}, {n0}                @ m3")
        a(f"    umaal   {x3}, {x2}, r5, {N[0]}             @ {x3} = 0")
        a(f"    umaal   {y}, {x2}, r5, {N[1]}")
        a(f"    umaal   {x0}, {x2}, r5, {N[2]}")
        a(f"    umaal   {x1}, {x2}, r5, {N[3]}             @ {x2} = column i+7")
        a("    ldr     r0, [sp, #F_T]")
        if L != 64:
            a(f"    sub.w   r0, r0, #{4*(64 - L)}")
        a("    add.w   r1, sp, #(F_BUF + 256)     @ n, 64 - len words back")
        a(f"    bl      .L4x64_k{st}            @ the last {L - 4} steps")
        a("    ldmia   r0, {r2-r5}                @ t[i+len..i+len+4) += window + C")
        for k in range(4):
            a(f"    adcs    r{2+k}, r{2+k}, r{6+k}")
        for k in range(4):      # (single stores: one cycle less than the STM)
            a(f"    str     r{2+k}, [r0, #{4*k}]")
    return o


# The ten products inside a five-row squaring block (rows a[i..i+5) in
# r2-r6), as four partial steps in the registers of block 0 (R renames them
# into the entry step's): ("str", reg, k) stores the completed column 2i+k;
# ("str4", reg, 4) stores column 2i+4 for the blocks whose stream entry step
# does not (see tri5).
TRI5 = [
    ("mov", 'r11'),
    ("umaal", 'r7', 'r11', 'r2', 'r3'), ("str", 'r7', 1),
    ("umaal", 'r11', 'r8', 'r2', 'r4'), ("str", 'r11', 2),
    ("mov", 'r7'),
    ("umaal", 'r7', 'r8', 'r3', 'r4'),
    ("umaal", 'r7', 'r9', 'r2', 'r5'), ("str", 'r7', 3),
    ("umaal", 'r8', 'r9', 'r3', 'r5'),
    ("mov", 'r11'),
    ("umaal", 'r11', 'r9', 'r4', 'r5'),
    ("umaal", 'r8', 'r10', 'r2', 'r6'), ("str4", 'r8', 4),
    ("umaal", 'r11', 'r10', 'r3', 'r6'),
    ("umaal", 'r9', 'r10', 'r4', 'r6'),
    ("mov", 'r12'),
    ("umaal", 'r12', 'r10', 'r5', 'r6'),
]


def tri5(a, R, store, store4=False, zero=False):
    """Emits TRI5 through the renaming R; store(reg, k) is the store of column
    2i+k. Column 2i+4 is stored here only with store4 (the blocks whose
    stream entry step does not store it). With zero (seeds r8-r10 zero,
    r7 free) the first product is a UMULL."""
    ops = TRI5
    if zero:
        assert ops[0] == ("mov", 'r11') and ops[1] == ("umaal", 'r7', 'r11', 'r2', 'r3')
        a(f"    umull   {R('r7')}, {R('r11')}, r2, r3")
        ops = ops[2:]
    for op in ops:
        if op[0] == "mov":
            a(f"    mov.w   {R(op[1])}, #0")
        elif op[0] == "umaal":
            a(f"    umaal   {R(op[1])}, {R(op[2])}, {op[3]}, {op[4]}")
        elif op[0] == "str" or store4:
            a(store(R(op[1]), op[2]))


def sqr_blocks_sp(L):
    q5 = L // 5          # 9 at 48, 12 at 64
    rl = L - 5 * q5      # rows left after them: 3 at 48, 4 at 64
    assert (L, q5, rl) in ((48, 9, 3), (64, 12, 4))
    o = []
    a = o.append
    func_start(a, f"rsa_cm_sqr{L}")
    a(f".Lsqr{L}:")
    a(f"    @ len = {L}: a copied to the top of F_BUF; the {q5} five-row blocks")
    a(f"    @ unrolled, each stream entered at its step of rsa_cm_s5x{BIG} directly")
    a(f"    @ (the triangle's registers renamed into that step's window, its")
    a(f"    @ column 2i+4 into the register the step stores there); then the")
    a(f"    @ {rl} rows left as a triangle in the last block's window, and the")
    a(f"    @ doubling pass (rsa_cm_dbl4864).  Block 0 runs on the zero-seed")
    a(f"    @ copy rsa_cm_s5z{BIG}: t is not cleared; t[0] is stored as 0.")
    o.extend(copy_to_buf(L, "F_A"))
    a(f".Lsqr{L}_body:                         @ (rsa_cm_sqr_redc4864: a in the buffer)")
    a("    ldr     r0, [sp, #F_T]")
    pos = 0              # r0 = &t[0]

    def off(col):
        return 4 * (col - pos)
    for b in range(q5):
        i = 5 * b
        st = BIG - L + i + 5
        w, _, _, p = state5(st)
        pi = {'r11': w[0], 'r9': w[1], 'r12': w[2], 'r10': w[3], 'r7': w[4], 'r8': p}
        R = lambda r: pi.get(r, r)
        free = [r for r in F5 if r not in w and r != p]
        assert free[0] not in [R(r) for r in ['r7', 'r8', 'r9', 'r10', 'r11', 'r12']]
        a(f"    adr.w   {free[0]}, .Lsq{L}_r{b} + 1                @ (Thumb bit)")
        if not b:        # block 0's seeds: zero (r7's product is a UMULL)
            for r in ['r8', 'r9', 'r10']:
                a(f"    mov.w   {R(r)}, #0")
        for k in range(5):
            a(f"    ldr     r{2+k}, [sp, #(F_BUF + {4*(BIG - L + i + k)})]   @ a[{i + k}]")
        for k, r in enumerate(['r7', 'r8', 'r9', 'r10']):
            if b:
                a(f"    ldr     {R(r)}, [r0, #{off(2*i+1+k)}]")
        a(f"    str     {free[0]}, [sp, #F_RET]           @ (after a load: no cost)")
        if not b:
            a(f"    str     {R('r10')}, [r0, #{off(0)}]           @ t[0] = 0")
        tri5(a, R, lambda r, k: f"    str     {r}, [r0, #{off(2*i+k)}]", zero=not b)
        a(f"    mov.w   {w[4]}, #0")
        target = i - OFF(L) // 4
        delta = 4 * (target - pos)
        if delta > 0:
            a(f"    addw    r0, r0, #{delta}")
        elif delta < 0:
            a(f"    subw    r0, r0, #{-delta}")
        a(f"    b       {(zentry if not b else entry)(L, i+5)}            @ the last {L - i - 5} steps")
        a("    .p2align 1")
        a(f".Lsq{L}_r{b}:")
        pos = i + L
        if b < q5 - 1:
            a("    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)")
    i = 5 * q5
    c0 = i - 5 + L       # the last block's window: columns c0..c0+4 in r7-r11
    for k in range(rl):
        a(f"    ldr     r{2+k}, [sp, #(F_BUF + {4*(BIG - L + i + k)})]   @ a[{i + k}]")
    if rl == 3:
        a(f"    @ rows {i}..{i+2}: a[{i}]a[{i+1}], a[{i}]a[{i+2}], a[{i+1}]a[{i+2}] into columns {2*i+1}..{2*i+4}")
        a("    mov.w   r12, #0")
        a("    umaal   r10, r12, r2, r3")
        a("    umaal   r11, r12, r2, r4")
        a("    mov.w   lr, #0")
        a("    umaal   r12, lr, r3, r4")
        a("    mov.w   r1, #0")
        a(f"    stmia   r0, {{r7-r12, lr}}          @ t[{c0}..{c0+7})")
        a(f"    str     r1, [r0, #28]              @ t[{c0+7}] = 0")
    else:
        a(f"    @ rows {i}..{i+3}: their six products into columns {2*i+1}..{2*i+6}")
        a("    mov.w   lr, #0")
        a("    umaal   r9, lr, r2, r3")
        a("    umaal   r10, lr, r2, r4")
        a("    umaal   r11, lr, r2, r5")
        a("    mov.w   r12, #0")
        a("    umaal   r11, r12, r3, r4")
        a("    umaal   r12, lr, r3, r5")
        a("    mov.w   r6, #0")
        a("    umaal   lr, r6, r4, r5")
        a("    mov.w   r1, #0")
        a(f"    stmia   r0, {{r7-r12, lr}}          @ t[{c0}..{c0+7})")
        a(f"    strd    r6, r1, [r0, #28]          @ t[{c0+7}], t[{c0+8}] = 0")
    assert c0 + 5 + rl == 2 * L
    o.extend(dbl_setup(L))
    if L == 48:
        a("    b       .Ldbl48")
    else:
        a("    @ (falls into rsa_cm_dbl4864)")
    a(f"    .size rsa_cm_sqr{L}, . - rsa_cm_sqr{L}")
    return "\n".join(o)


DIAG8 = """@ The doubling and diagonal pass of the squarings, eight words of t per
@ LDM (r0 = &t, walking): t[8c..8c+8) = 2 t + a[4c..4c+4)^2 + the
@ carry in lr, one UMULL per a[k] and one UMAAL per word against 2 in r12
@ (instead of ADCS for the doubling and UMAAL for the diagonal).  a[k] at
@ [sp, #off] (every register is in use); each square goes into registers
@ of t words already consumed, so the results end in r1-r8 in order.
@ With strs = 1 (sqr32's pass) t is stored by single STRs, the first right
@ after two single loads of a[k+2], a[k+3] (free there): 2 cycles less
@ than one STM, for 30 bytes more; rsa_cm_dbl4864 (48, 64 limbs) uses it
@ in its last DBL_STR_GROUPS groups (strs = 0 keeps the STM).
    .macro DIAG8 off, strs=0
    .if \\strs
    ldmia   r0!, {r4-r11}
    .else
    ldmia   r0, {r4-r11}
    .endif
    ldrd    r1, r3, [sp, #(\\off)]
    umull   r1, r2, r1, r1
    umaal   r1, lr, r4, r12
    umaal   r2, lr, r5, r12
    umull   r3, r4, r3, r3
    umaal   r3, lr, r6, r12
    umaal   r4, lr, r7, r12
    .if \\strs
    ldr     r5, [sp, #(\\off + 8)]
    ldr     r7, [sp, #(\\off + 12)]
    str     r1, [r0, #-32]
    str     r2, [r0, #-28]
    str     r3, [r0, #-24]
    str     r4, [r0, #-20]
    .else
    ldrd    r5, r7, [sp, #(\\off + 8)]
    .endif
    umull   r5, r6, r5, r5
    umaal   r5, lr, r8, r12
    umaal   r6, lr, r9, r12
    umull   r7, r8, r7, r7
    umaal   r7, lr, r10, r12
    umaal   r8, lr, r11, r12
    .if \\strs
    str     r5, [r0, #-16]
    str     r6, [r0, #-12]
    str     r7, [r0, #-8]
    str     r8, [r0, #-4]
    .else
    stmia   r0!, {r1-r8}
    .endif
    .endm"""


def dbl_setup(L):
    return ["    ldr     r0, [sp, #F_T]",
            "    mov.w   r12, #2",
            "    mov.w   lr, #0                     @ the pass's carry"]


# The last groups of rsa_cm_dbl4864 that store by STRs (DIAG8 strs = 1: 2
# cycles less per group, 30 bytes more); both lengths run them. All sixteen
# since the drop-in image's flash round left room for them.
DBL_STR_GROUPS = 16


def dbl4864():
    """The doubling and diagonal pass of sqr48/64 (DIAG8, a read at fixed
    offsets from sp), unrolled for 64 limbs; a ends at the top of F_BUF at
    both lengths, so sqr48 enters at the fifth group (its a starts 16 limbs
    later).  Ends as rsa_cm_sqr does."""
    o = []
    a = o.append
    func_start(a, "rsa_cm_dbl4864", align=False)
    a("    @ t = 2 t + the diagonal a[k]^2 (a at the top of F_BUF)")
    for g in range(16):
        if g == 4:
            a(".Ldbl48:")
        strs = ", 1" if g >= 16 - DBL_STR_GROUPS else ""
        a(f"    DIAG8   (F_BUF + {4 * (BIG - 64) + 16 * g}){strs}")
    a("    EXIT_LAZY")
    a("    .size rsa_cm_dbl4864, . - rsa_cm_dbl4864")
    return "\n".join(o)


# Five-row blocks of the 96- and 128-limb squaring as a loop (rsa_cm_sqr96128):
# one block per iteration, its triangle always in the registers that entry
# step 128 - L + i + 5 wants when that step is 5 mod 8 (block 0), then, for
# the other seven residues of the step (the stream's registers rotate with
# period 8; a block moves the step by 5), a stub moves the window and the
# pending column into place (a TBB on the block number mod 8, read from the
# table pointer: the tables are 16-byte aligned).  Per block a table gives
# the stream entry (the step, PC-relative halfwords).  The stream sets no
# flags, so the loop test (table pointer at its end) is made before it.
# Per block about 70 cycles besides the stream's 8 per step (the generic
# five-row path costs 9 per step and about 100 per block).
SQB_RES = 5


def parallel_moves(src, dst, scratch):
    """MOV sequence taking value v from register src[v] to dst[v] (all
    distinct), using a register of scratch that holds no value and is no
    destination to break cycles."""
    cur = dict(src)
    moves = []
    pending = {v for v in cur if cur[v] != dst[v]}
    while pending:
        ready = [v for v in sorted(pending)
                 if all(cur[u] != dst[v] for u in cur if u != v)]
        if ready:
            v = ready[0]
            moves.append((dst[v], cur[v]))
            cur[v] = dst[v]
            pending.discard(v)
            continue
        v = sorted(pending)[0]
        tmp = [r for r in scratch
               if r not in cur.values() and r not in dst.values()][0]
        moves.append((tmp, cur[v]))
        cur[v] = tmp
    return moves


def sqr_loop_sp():
    w5, _, _, p5 = state5(SQB_RES)
    roles = ['p', 'w0', 'w1', 'w2', 'w3']
    # the triangle's registers (as in sqr_blocks_sp) for the residue of block 0
    pi = {'r11': w5[0], 'r9': w5[1], 'r12': w5[2], 'r10': w5[3], 'r7': w5[4], 'r8': p5}
    R = lambda r: pi.get(r, r)
    src = {'p': p5, 'w0': w5[0], 'w1': w5[1], 'w2': w5[2], 'w3': w5[3]}
    fA, fT = [r for r in F5 if r not in w5 and r != p5]
    zA = w5[4]                       # w4 of the source: zeroed by the stub
    o = []
    a = o.append
    func_start(a, "rsa_cm_sqr96128")
    a("    @ len = 96 and 128: a copied to the top of F_BUF; the q5 five-row blocks")
    a("    @ (16 or 24) in a loop of one block per iteration: the triangle in the")
    a(f"    @ registers of an entry step {SQB_RES} mod 8, then a TBB (block number mod 8)")
    a("    @ to a stub that moves the window into the registers of the block's")
    a("    @ entry step and enters the last len - i - 5 steps of rsa_cm_s5x128 at")
    a("    @ the address from the table (F_S5 walks it, PC-relative halfwords);")
    a("    @ the flags carry the loop test through the stream (it sets none).")
    a("    @ Then the generic four-row blocks and doubling pass.  t[0..len) was")
    a("    @ cleared.")
    # from r3 = len (96 or 128, q5 = 16 or 24 blocks): the table's end
    # (2 q5 = len/2 - 16 bytes on), F_I = len - 5 q5 - 4 = 36 - len/4, a's
    # place in the buffer and the t pointer that the first block moves
    # back by 123 words (&t[len - 5])
    for L in (96, 128):
        q5, _ = split45(L)
        assert 2 * q5 == L // 2 - 16 and L - 5 * q5 - 4 == 36 - L // 4
    a(".Lsqr128:")
    a("    adr.w   r1, .Lsqb_tab128")
    a("    b       1f")
    a(".Lsqr96:")
    a("    adr.w   r1, .Lsqb_tab96")
    a("1:")
    a("    str     r1, [sp, #F_S5]")
    a("    add.w   r1, r1, r3, lsr #1")
    a("    subs    r1, r1, #16")
    a("    str     r1, [sp, #F_END5]          @ end of the table")
    a("    movs    r1, #36")
    a("    sub.w   r1, r1, r3, lsr #2")
    a("    str     r1, [sp, #F_I]             @ after the loop: len - i - 4")
    a("    addw    r4, sp, #(F_BUF + 512)")
    a("    sub.w   r4, r4, r3, lsl #2")
    a("    str     r4, [sp, #F_B]             @ &a[0] in the buffer")
    a("    ldr     r0, [sp, #F_T]")
    a("    adds    r1, r0, #4")
    a("    str     r1, [sp, #F_K]             @ &t[2i+1]")
    a("    add.w   r0, r0, r3, lsl #2")
    a("    subs    r0, r0, #20")
    a("    str     r0, [sp, #F_OFF5]          @ &t[len - 5]")
    a("    adr.w   r1, .Lsqb_ret + 1")
    a("    str     r1, [sp, #F_RET]")
    a("    mov     r0, r4")
    a("    ldr     r1, [sp, #F_A]")
    a("    cmp     r1, r4                     @ a there already (rsa_cm_sqr_run96128)")
    a("    beq     3f")
    a("2:                                     @ a to the top of F_BUF, 32 words per iteration")
    a("    COPY_WORDS 32")
    a("    addw    r2, sp, #(F_BUF + 512)")
    a("    cmp     r0, r2")
    a("    bne     2b")
    a("3:")
    a("    ldr     r0, [sp, #F_OFF5]")
    a(".Lsqb_blk:")
    a(f"    ldr     {fA}, [sp, #F_B]")
    a(f"    ldr     {fT}, [sp, #F_K]")
    # single loads (an LDM right after its base's load and before another
    # load costs two cycles more) and stores
    a(f"    ldr     r2, [{fA}], #20              @ a[i..i+5)")
    for k in range(1, 5):
        a(f"    ldr     r{2 + k}, [{fA}, #{4 * k - 20}]")
    a(f"    ldr     {R('r7')}, [{fT}], #40             @ t[2i+1..2i+5); next block: &t[2i+11]")
    for k, r in enumerate(['r8', 'r9', 'r10']):
        a(f"    ldr     {R(r)}, [{fT}, #{4 * (k + 1) - 40}]")
    a(f"    str     {fA}, [sp, #F_B]")
    a(f"    str     {fT}, [sp, #F_K]")
    tri5(a, R, lambda r, k: f"    str     {r}, [{fT}, #{4 * (k - 1) - 40}]")
    a(f"    ldr     {fA}, [sp, #F_S5]")
    a(f"    ldr     {fT}, [sp, #F_END5]")
    a(f"    ldrsh   {zA}, [{fA}], #2              @ entry step (relative to the next entry)")
    a(f"    str     {fA}, [sp, #F_S5]")
    a(f"    cmp     {fA}, {fT}                   @ Z: the last block (the stream keeps the flags)")
    a(f"    add     {zA}, {zA}, {fA}             @ the entry, kept through the stub")
    a(f"    ubfx    {fT}, {fA}, #1, #3            @ (i/5 + 1) mod 8: the tables are 16-byte aligned")
    a("    subw    r0, r0, #492               @ &t[i - 128 + len]")
    a(f"    tbb     [pc, {fT}]")
    # block i/5 = b, entry step 128 - L + 5b + 5 = 5 (b + 1) mod 8 for L = 96, 128
    a("    BRANCH_TABLE .byte, .Lsqb_tbb, .Lsqb_st, "
      + ", ".join(str((5 * j) % 8) for j in range(8)))
    for res in range(8):
        st = res if res else 8
        w, _, _, p = state5(st)
        dst = {'p': p, 'w0': w[0], 'w1': w[1], 'w2': w[2], 'w3': w[3]}
        # the entry address goes to a register the step loads (b[j] or
        # the carry), whichever needs fewer moves
        best = None
        for e in [r for r in F5 if r not in w and r != p]:
            mv = parallel_moves(dict(src, e=zA), dict(dst, e=e), [fA, fT] + F5)
            if best is None or len(mv) < len(best[1]):
                best = (e, mv)
        e, mv = best
        a(f".Lsqb_st{res}:")
        for d, s_ in mv:
            a(f"    mov     {d}, {s_}")
        a(f"    mov.w   {w[4]}, #0")
        a(f"    bx      {e}")
    a(".Lsqb_ret:")
    a("    str     r7, [r0]                   @ t[i+len..i+len+5)")
    for k in range(1, 5):
        a(f"    str     r{7 + k}, [r0, #{4 * k}]")
    a("    bne     .Lsqb_blk")
    a("    b       .Lsqr_blk                  @ F_B, F_K (walked) and F_I are the generic blocks'")
    for L in (128, 96):
        q5, _ = split45(L)
        a("    .p2align 4")
        a(f".Lsqb_tab{L}:")
        for b in range(q5):
            st = BIG - L + 5 * b + 5
            assert state5(st % 8 if st % 8 else 8) == state5(st)
            assert st % 8 == (5 * (b + 1)) % 8
            a(f"    .hword  .L5x{BIG}_k{st} + 1 - (.Lsqb_tab{L} + {2 * b + 2})")
    a("    .size rsa_cm_sqr96128, . - rsa_cm_sqr96128")
    return "\n".join(o)


def stream4_64():
    """rsa_cm_s4x64: the rotating four-row stream (as rsa_cm_s4x32) with 64
    steps, for the four-row blocks of mul and REDC at 48 and 64 limbs: a
    stream of length L is its last L steps (r0, r1 moved back by
    4 (64 - L) bytes).  Entered from a zero window through the stubs
    .L4x64_z0 / .L4x64_z16 (reached by ENTER_ZERO's BLX, which cleared
    r6-r10): zero the rest of the window of that step, do its loads and join
    it after its store."""
    L = 64
    steps, _, pend = stream4_states(L)
    o = []
    a = o.append
    # Step 0 stores nothing and its window is among r6-r10: entered directly.
    assert all(r in ('r6', 'r7', 'r8', 'r9', 'r10') for r in steps[0][0])
    for e in (16,):
        w, b, c, _ = steps[e]
        a("    .p2align 1")
        a(f".L4x64_z{e}:")
        for r in w:
            if r not in ('r6', 'r7', 'r8', 'r9', 'r10'):
                a(f"    mov.w   {r}, #0")
        a(f"    ldr     {b}, [r1, #{4*e}]")
        a(f"    ldr     {c}, [r0, #{4*e}]")
        a(f"    b       .L4x64_u{e}")
    func_start(a, f"rsa_cm_s4x{L}")
    a(".L4x64_z0:")
    for k, (w, b, c, p) in enumerate(steps):
        if k in (4, 20):
            a(f".L4x64_k{k}:                            @ (redc48/64's four-row blocks)")
        a(f"    ldr     {b}, [r1, #{4*k}]")
        a(f"    ldr     {c}, [r0, #{4*k}]")
        if p is not None:
            a(f"    str     {p}, [r0, #{4*(k-1)}]")
        if k == 16:
            a(f".L4x64_u{k}:")
        for m in range(4):
            a(f"    umaal   {w[m]}, {c}, r{2+m}, {b}")
    a(f"    str     {pend}, [r0, #{4*(L-1)}]")
    a(f"    add.w   r0, r0, #{4*L}               @ (no flags: redc keeps a carry in C)")
    a("    bx      lr")
    a(f"    .size rsa_cm_s4x{L}, . - rsa_cm_s4x{L}")
    return "\n".join(o)


# --------------------------------------------------------------------------
# len = 32: rsa_cm_s5x32 on the frame buffer as well (b, n or a copied to
# F_BUF, bottom-aligned), the REDC32_SQ5 quotient square and sqr32's blocks
# renamed into its registers.
S32 = stream5sp_states(32)[0]


def s5x32_sp():
    steps, _, pend = stream5sp_states(32)
    assert steps[0][0] == ['r7', 'r8', 'r9', 'r10', 'r11']   # mul32 zeroes r7-r12
    o = []
    a = o.append
    func_start(a, "rsa_cm_s5x32")
    for k, (w, b, c, p) in enumerate(steps):
        a(f".L5x_k{k}:")
        a(f"    ldr     {b}, [sp, #(F_BUF + {4*k})]")
        a(f"    ldr     {c}, [r0, #{4*k}]")
        if p is not None:
            a(f"    str     {p}, [r0, #{4*(k-1)}]")
        for m in range(5):
            a(f"    umaal   {w[m]}, {c}, {M[m]}, {b}")
    a(f"    str     {pend}, [r0, #124]")
    a("    add.w   r0, r0, #128               @ (no flags: redc keeps a carry in C)")
    a("    ldr     pc, [sp, #F_RET]")
    a("    .size rsa_cm_s5x32, . - rsa_cm_s5x32")
    a("")
    a(redc32_sq5())
    return "\n".join(o)


def redc32_sq5():
    w, _, _, p = S32[5]
    z, c = w[0], w[1:] + [p]
    N = [r for r in ['r0', 'r2', 'r3'] + F5 if r not in w and r != p][:5]
    o = []
    a = o.append
    a("@ redc32, five-row block at byte offset \\off of t: from t[i..i+5), n[0..5)")
    a("@ (from the frame buffer) and n0, the quotients m0..m4 row by row (m_k =")
    a("@ column i+k times n0 once rows 0..k-1 have been added; row k adds m_k *")
    a("@ n[0..5) into columns i+k..i+k+4 with its carry becoming column i+k+5).")
    a("@ The register that row k clears (column i+k, now zero) is row k+1's")
    a(f"@ carry.  Leaves what step 5 of rsa_cm_s5x32 expects: m0..m4 in r2-r6,")
    a(f"@ columns i+5..i+9 in {', '.join(w)}, r0 = &t[i]; entering there stores")
    a(f"@ the cleared column i+4 ({p}).  m0, m1 go through the frame (F_IT, F_I).")
    a("@ t[i..i+4) are cleared too, so that a reduction leaves t[0..32) zero")
    a("@ (rsa_cm_sqr_redc32's next step needs it so).")
    a("@ 25 UMAAL + 5 MUL.  No flags are touched.")
    a("    .macro REDC32_SQ5 off")
    # t's pointer loaded first and its words last, so that no load waits on
    # the one before it; the first cleared word is stored right after the
    # last load (a store there costs nothing).
    a(f"    mov.w   {z}, #0")
    a("    ldr     r5, [sp, #F_B]             @ t")
    for j in range(5):
        a(f"    ldr     {N[j]}, [sp, #(F_BUF + {4*j})]   @ n[{j}]")
    a("    ldr     r6, [sp, #F_ARG5]          @ n0")
    for k in range(5):
        a(f"    ldr     {c[k]}, [r5, #(\\off + {4*k})]")
    a(f"    str     {z}, [r5, #(\\off + 0)]")
    mreg = ['r4', 'r4', 'r4', 'r5', 'r6']
    colreg = {0: c[0], 1: c[1], 2: c[2], 3: c[3], 4: c[4]}
    carry = z
    for k in range(5):
        m = mreg[k]
        a(f"    mul     {m}, {colreg[k]}, r6                @ m{k}")
        if k == 0:
            for j in range(1, 4):
                a(f"    str     {carry}, [r5, #(\\off + {4*j})]")
        for j in range(5):
            a(f"    umaal   {colreg[k+j]}, {carry}, {m}, {N[j]}")
        colreg[k + 5] = carry
        carry = colreg[k]
        if k == 0:
            a("    str     r4, [sp, #F_IT]")
        if k == 1:
            a("    str     r4, [sp, #F_I]")
    assert [colreg[5], colreg[6], colreg[7], colreg[8], colreg[9]] == w
    a("    .endm")
    free = [r for r in F5 if r not in w and r != p]
    assert free[0] in N
    a("")
    a("@ After REDC32_SQ5 at byte offset \\off: m0, m1 back from the frame, r0 =")
    a("@ &t[i], then the stream from step 5, coming back to \\ret (the return")
    a("@ address goes through a register of n that the window does not use,")
    a("@ and is stored right after a load, where a store costs nothing).")
    a("    .macro REDC32_GO5 off, ret")
    a(f"    adr.w   {free[0]}, \\ret + 1")
    a("    ldr     r0, [sp, #F_B]")
    a("    ldr     r2, [sp, #F_IT]            @ m0")
    a("    ldr     r3, [sp, #F_I]             @ m1")
    a(f"    str     {free[0]}, [sp, #F_RET]")
    a("    .if \\off")
    a("    add.w   r0, r0, #(\\off)")
    a("    .endif")
    a("    b       .L5x_k5")
    a("    .endm")
    return "\n".join(o)


def sqr32_sp():
    """The six five-row blocks of .Lsqr32 (the last block's STM is in the
    hand-written tail that follows)."""
    L = 32
    o = []
    a = o.append
    a("    ldr     r0, [sp, #F_T]")
    pos = 0

    def off(col):
        return 4 * (col - pos)
    for b in range(6):
        i = 5 * b
        w, _, _, p = S32[i + 5]
        pi = {'r11': w[0], 'r9': w[1], 'r12': w[2], 'r10': w[3], 'r7': w[4], 'r8': p}
        R = lambda r: pi.get(r, r)
        free = [r for r in F5 if r not in w and r != p]
        assert free[0] not in [R(r) for r in ['r7', 'r8', 'r9', 'r10', 'r11', 'r12']]
        a(f"    adr.w   {free[0]}, .Lsg32_r{b} + 1                @ (Thumb bit)")
        for k in range(5):
            a(f"    ldr     r{2+k}, [sp, #(F_BUF + {4*(i + k)})]   @ a[{i + k}]")
        for k, r in enumerate(['r7', 'r8', 'r9', 'r10']):
            a(f"    ldr     {R(r)}, [r0, #{off(2*i+1+k)}]")
        a(f"    str     {free[0]}, [sp, #F_RET]           @ (after a load: no cost)")
        tri5(a, R, lambda r, k: f"    str     {r}, [r0, #{off(2*i+k)}]")
        a(f"    mov.w   {w[4]}, #0")
        delta = 4 * (i - pos)
        if delta > 0:
            a(f"    addw    r0, r0, #{delta}")
        elif delta < 0:
            a(f"    subw    r0, r0, #{-delta}")
        pos = i
        a(f"    b       .L5x_k{i+5}            @ the last {L - i - 5} steps")
        a("    .p2align 1")
        a(f".Lsg32_r{b}:")
        pos = i + L
        if b < 5:
            for k, r in enumerate(['r7', 'r8', 'r9', 'r10', 'r11']):   # (STRs: 1 cycle less than the STM)
                a(f"    str     {r}, [r0, #{4 * k}]" + ("               @ t[i+len..i+len+5)" if k == 0 else ""))
    return "\n".join(o)


def tail():
    parts = [stream_sp(), stream_sp_zero(), stream4_64()]
    for L in (48, 64, 96, 128):
        parts.append(redc_loop_sp(L))
    for L in (48, 64):
        parts.append(sqr_blocks_sp(L))
    parts.append(dbl4864())
    parts.append(sqr_loop_sp())
    return "\n\n".join(parts)


def sqr32():
    lines = sqr_blocks(32, q5=6).split("\n")
    start = [k for k, l in enumerate(lines) if l.strip().startswith("ldr     r1, [sp, #F_A]")][0]
    end = [k for k, l in enumerate(lines) if "walking state of the generic" in l][0]
    body = lines[start:end - 1]   # without the last block's STM (the tail merges it)
    return "\n".join(l.replace(".L5x32_k", ".L5x_k").replace(".Lsq32_r", ".Lsg32_r") for l in body)


# Four-row fixed stream (rsa_cm_s4x32): m0..m3 in r2-r5, r1 = &b, r0 = &t,
# lr = return address; the window, the carry, b[j] and the word waiting to
# be stored rotate through the seven registers r6-r12.  A step loads b[j]
# and t[j] into the two free registers and only then stores the previous
# step's finished word (a store costs nothing right after an independent
# load, and a load right after a store would not pipeline):
# LDR, LDR, STR, UMAAL x4 = 2 + 1 + 0 + 4 cycles on the Cortex-M4.
F4 = ['r6', 'r7', 'r8', 'r9', 'r10', 'r11', 'r12']


def stream4_states(L):
    """Per step: (window w0..w3, the step's b and carry registers, the word
    stored in this step or None); then the final (window, pending)."""
    win = ['a', 'b', 'c', 'd']
    pend = None
    bprev = None
    names = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    steps = []
    for k in range(L):
        free = [r for r in names if r not in win and r != pend]
        # b[j] goes to the register freed longest ago, the carry to the other.
        free.sort(key=lambda r: (r == bprev, names.index(r)))
        b, c = free[0], free[1]
        steps.append((list(win), b, c, pend))
        pend = win[0]
        win = win[1:] + [c]
        bprev = b
    # Rename so that the final window is r6-r9.
    ren = dict(zip(win, F4[:4]))
    rest = [r for r in names if r not in ren]
    ren.update(zip(rest, F4[4:]))
    R = lambda r: ren[r] if r is not None else None
    steps = [([R(x) for x in w], R(b), R(c), R(p)) for w, b, c, p in steps]
    return steps, [R(x) for x in win], R(pend)


def stream4(L=32):
    steps, _, pend = stream4_states(L)
    o = []
    a = o.append
    func_start(a, f"rsa_cm_s4x{L}")
    for k, (w, b, c, p) in enumerate(steps):
        a(f".L4x_k{k}:")
        a(f"    ldr     {b}, [r1, #{4*k}]")
        a(f"    ldr     {c}, [r0, #{4*k}]")
        if p is not None:
            a(f"    str     {p}, [r0, #{4*(k-1)}]")
        for m in range(4):
            a(f"    umaal   {w[m]}, {c}, r{2+m}, {b}")
    a(f"    str     {pend}, [r0, #{4*(L-1)}]")
    a(f"    add.w   r0, r0, #{4*L}               @ (no flags: redc keeps a carry in C)")
    a("    bx      lr")
    a(f"    .size rsa_cm_s4x{L}, . - rsa_cm_s4x{L}")
    w0 = steps[0][0]
    a("")
    a("@ Zero the window that step 0 of rsa_cm_s4x32 expects.")
    a("    .macro S4X32_ZERO")
    for r in w0:
        a(f"    mov.w   {r}, #0")
    a("    .endm")
    a("")
    a(redc32_sq4(steps[4][0]))
    return "\n".join(o)


def redc32_sq4(win4):
    """REDC32_SQ4 with its registers renamed so that it leaves columns
    i+4..i+7 where step 4 of rsa_cm_s4x32 wants them."""
    sigma = dict(zip(['r8', 'r9', 'r10', 'r6'], win4))
    rest = [r for r in F4 if r not in sigma.values()]
    for r in F4:
        if r not in sigma:
            sigma[r] = rest.pop(0)
    text = """@ redc32, four-row block at byte offset \\off of t (as REDC32_SQ5, below):
@ leaves m0..m3 in r2-r5 and columns i+4..i+7 in the window of step 4 of
@ rsa_cm_s4x32 ({w}), r0 = &t[i], r1 = n; entering there stores that
@ step's pending register (r12, set to zero) into t[i+3]; t[i..i+3) are
@ cleared here, so that a reduction leaves t[0..32) zero (see REDC32_SQ5).
@ n[0..4) from the frame buffer, t's words last and the first cleared word
@ right after them (as in REDC32_SQ5: no load waits on the one before it).
    .macro REDC32_SQ4 off
    mov.w   r8, #0
    ldr     r2, [sp, #F_B]             @ t
    ldr     r0, [sp, #(F_BUF + 0)]     @ n[0]
    ldr     r1, [sp, #(F_BUF + 4)]     @ n[1]
    ldr     r11, [sp, #(F_BUF + 8)]    @ n[2]
    ldr     r12, [sp, #(F_BUF + 12)]   @ n[3]
    ldr     lr, [sp, #F_ARG5]          @ n0
    ldr     r9, [r2, #(\\off)]
    ldr     r10, [r2, #(\\off + 4)]
    ldr     r6, [r2, #(\\off + 8)]
    ldr     r7, [r2, #(\\off + 12)]
    str     r8, [r2, #(\\off)]
    str     r8, [r2, #(\\off + 4)]
    str     r8, [r2, #(\\off + 8)]
    mul     r2, r9, lr                 @ m0
    umaal   r9, r8, r2, r0             @ r9 = 0
    umaal   r10, r8, r2, r1
    umaal   r6, r8, r2, r11
    umaal   r7, r8, r2, r12            @ r8 = column i+4
    mul     r3, r10, lr                @ m1
    umaal   r10, r9, r3, r0            @ r10 = 0
    umaal   r6, r9, r3, r1
    umaal   r7, r9, r3, r11
    umaal   r8, r9, r3, r12            @ r9 = column i+5
    mul     r4, r6, lr                 @ m2
    umaal   r6, r10, r4, r0            @ r6 = 0
    umaal   r7, r10, r4, r1
    umaal   r8, r10, r4, r11
    umaal   r9, r10, r4, r12           @ r10 = column i+6
    mul     r5, r7, lr                 @ m3
    umaal   r7, r6, r5, r0             @ r7 = 0
    umaal   r8, r6, r5, r1
    umaal   r9, r6, r5, r11
    umaal   r10, r6, r5, r12           @ r6 = column i+7
    mov.w   r12, #0                    @ step 4 stores it into t[i+3]
    ldr     r0, [sp, #F_B]
    ldr     r1, [sp, #F_A]
    add.w   r0, r0, #(\\off)
    .endm""".format(w=", ".join(win4))
    out = []
    for line in text.split("\n"):
        if line.startswith("@"):
            out.append(line)
            continue
        code, sep, comment = line.partition("@")
        code = re.sub(r"\b(r6|r7|r8|r9|r10|r11|r12)\b", lambda m: sigma[m.group(1)], code)
        comment = re.sub(r"\b(r6|r7|r8|r9|r10|r11|r12)\b", lambda m: sigma[m.group(1)], comment)
        out.append(code + sep + comment)
    return "\n".join(out)


def s5x32():
    return stream(32).replace(".L5x32_k", ".L5x_k")


SECTIONS = {"tail": tail, "sqr32": sqr32_sp, "s5x32": s5x32_sp, "s4x32": stream4,
            "redc64f": redc_loop_fused}
DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "arith", "backend",
                   "umaal")
GEN = os.path.join(DIR, "umaal_gen.s")
ASM = os.path.join(DIR, "umaal.s")

HEADER = """\
@ Generated by ci/gen_umaal_s.py: edit the generator and rerun it, not this
@ file (ci/gen_umaal_s.py --check fails when they differ).  Each section is
@ a macro that umaal.s expands once, where its code belongs: the order of
@ the code fixes its addresses, which the ADRs and branches rely on.
"""


def macro(name):
    return f"UMAAL_GEN_{name.upper()}"


def generate():
    """The text of umaal_gen.s: every section wrapped in its macro."""
    out = [HEADER, "\n" + DIAG8 + "\n"]
    for name, gen in SECTIONS.items():
        out.append(f"\n    .macro {macro(name)}\n{gen()}\n    .endm\n")
    return "".join(out)


def invocations(asm):
    """The sections umaal.s does not expand exactly once."""
    lines = [line.partition("@")[0].strip() for line in asm.split("\n")]
    return [name for name in SECTIONS if lines.count(macro(name)) != 1]


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args == ["--check"]:
        old = open(GEN).read() if os.path.exists(GEN) else ""
        new = generate()
        if not args:
            if new != old:
                open(GEN, "w").write(new)
            sys.exit(0)
        bad = invocations(open(ASM).read())
        if bad:
            sys.exit("gen_umaal_s.py --check: umaal.s must expand each of "
                     + ", ".join(macro(n) for n in bad) + " exactly once")
        if new != old:
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                       "umaal_gen.s", "generated", n=2))
            sys.exit("gen_umaal_s.py --check: umaal_gen.s differs from the generator "
                     "(run ci/gen_umaal_s.py)")
        print("gen_umaal_s.py --check: umaal_gen.s matches the generator")
    elif len(args) == 1 and args[0] in SECTIONS:
        print(SECTIONS[args[0]]())
    else:
        sys.exit("usage: gen_umaal_s.py [--check | tail | sqr32 | s5x32 | s4x32 | redc64f]")
