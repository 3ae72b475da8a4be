@ The constant-time inversion's kernels (src/arith/inv.rs, issue 23): the
@ 30 divsteps of one batch on a word, and the two matrix products of a
@ batch on numbers in signed radix 2^30 (digits in [0, 2^30) below a
@ signed top digit), with the same results as the Rust reference there.
@ Fast kernel set only (the compact set keeps the Rust).
@
@ Constant time: the loop counts and addresses depend only on the digit
@ count k; the divsteps choose with masks and multiplies by 0/+-1 (MLA is
@ single-cycle on the cores the UMAAL backend runs on), never a branch.
@ SMULL/SMLAL are single-cycle and data-independent there too.

    .syntax unified
    .thumb

@ ---------------------------------------------------------------------------
@ (\a, \b, \c) += \m (\x, \y, \z), one MLA each.
    .macro INV_MLA3 a, b, c, x, y, z, m
    mla     \a, \x, \m, \a
    mla     \b, \y, \m, \b
    mla     \c, \z, \m, \c
    .endm

@ One divstep on f = r0 (odd), g = r1, eta = r4 (= -delta), rows
@ (u, v) = (r5, r6), (q, r) = (r7, r8).  r9 = the swap's bit in bit 31
@ (delta > 0 and g odd), r10 = s (+1 g odd, -1 swapping, 0 g even),
@ r11 = w (1 swapping).  g += s*f (g - f when swapping, g + f when odd),
@ then f += w*g (the old g when swapping); the same on the rows.
    .macro INV_DIVSTEP
    and     r9, r4, r1, lsl #31
    and     r10, r1, #1
    sub     r10, r10, r9, lsr #30
    lsr     r11, r9, #31
    INV_MLA3 r1, r7, r8, r0, r5, r6, r10
    INV_MLA3 r0, r5, r6, r1, r7, r8, r11
    @ eta: ~eta (= -(1 - delta)) when swapping, else eta - 1.
    eor     r4, r4, r9, asr #31
    add     r4, r4, r11
    sub     r4, r4, #1
    asr     r1, r1, #1
    lsl     r5, r5, #1
    lsl     r6, r6, #1
    .endm

@ void rsa_cm_inv_divsteps(u32 f, u32 g, i32 *delta, i32 t[4])
@ 30 divsteps from (delta, f, g); t = [u, v, q, r] with
@ 2^30 f' = u f + v g, 2^30 g' = q f + r g; delta advanced.
    .section .text.rsa_cm_inv_divsteps,"ax",%progbits
    .global rsa_cm_inv_divsteps
    .thumb_func
    .type rsa_cm_inv_divsteps, %function
    .p2align 2
rsa_cm_inv_divsteps:
    push    {r4-r11, lr}
    ldr     r4, [r2]
    rsb     r4, r4, #0
    movs    r5, #1
    movs    r6, #0
    movs    r7, #0
    mov     r8, #1
    mov     r12, #6
1:
    INV_DIVSTEP
    INV_DIVSTEP
    INV_DIVSTEP
    INV_DIVSTEP
    INV_DIVSTEP
    subs    r12, r12, #1
    bne     1b
    rsb     r4, r4, #0
    str     r4, [r2]
    stm     r3, {r5-r8}
    pop     {r4-r11, pc}
    .size rsa_cm_inv_divsteps, . - rsa_cm_inv_divsteps

@ ---------------------------------------------------------------------------
@ acc = acc >> 30 (64-bit, arithmetic) for acc = hi:lo.
    .macro INV_SHR30 lo, hi
    lsr     \lo, \lo, #30
    orr     \lo, \lo, \hi, lsl #2
    asr     \hi, \hi, #30
    .endm

@ One digit i of (f, g) <- T (f, g) / 2^30: r0 = &f[i - 1], r1 = &g[i - 1]
@ (both advanced by one), (u, v, q, r) = r3-r6, accumulators r7:r8 (f)
@ and r9:r10 (g) holding the carries into digit i; stores digit i - 1.
    .macro INV_FG_DIGIT
    ldr     r11, [r0, #4]
    ldr     r12, [r1, #4]
    smlal   r7, r8, r3, r11
    smlal   r7, r8, r4, r12
    smlal   r9, r10, r5, r11
    smlal   r9, r10, r6, r12
    bic     r11, r7, #0xc0000000
    bic     r12, r9, #0xc0000000
    str     r11, [r0], #4
    str     r12, [r1], #4
    INV_SHR30 r7, r8
    INV_SHR30 r9, r10
    .endm

@ void rsa_cm_inv_fg(u32 *f, u32 *g, usize k, const i32 t[4])
@ (f, g) <- ((u f + v g) / 2^30, (q f + r g) / 2^30), k >= 2 digits each
@ (exact: the low 30 bits of both sums are zero by the choice of t).
    .section .text.rsa_cm_inv_fg,"ax",%progbits
    .global rsa_cm_inv_fg
    .thumb_func
    .type rsa_cm_inv_fg, %function
    .p2align 2
rsa_cm_inv_fg:
    push    {r4-r11, lr}
    ldr     r4, [r3, #4]
    ldr     r5, [r3, #8]
    ldr     r6, [r3, #12]
    ldr     r3, [r3]
    ldr     r11, [r0]
    ldr     r12, [r1]
    smull   r7, r8, r3, r11
    smlal   r7, r8, r4, r12
    smull   r9, r10, r5, r11
    smlal   r9, r10, r6, r12
    INV_SHR30 r7, r8
    INV_SHR30 r9, r10
    @ k - 1 digits: (k - 1) mod 4 alone, then four per iteration.
    sub     r2, r2, #1
    ands    lr, r2, #3
    beq     2f
4:
    INV_FG_DIGIT
    subs    lr, lr, #1
    bne     4b
2:
    lsrs    lr, r2, #2
    beq     3f
1:
    INV_FG_DIGIT
    INV_FG_DIGIT
    INV_FG_DIGIT
    INV_FG_DIGIT
    subs    lr, lr, #1
    bne     1b
3:
    str     r7, [r0]
    str     r9, [r1]
    pop     {r4-r11, pc}
    .size rsa_cm_inv_fg, . - rsa_cm_inv_fg

@ One digit i of (d, e) <- (T (d, e) + (md, me) n) / 2^30: r0 = &d[i - 1],
@ r1 = &e[i - 1] (both advanced by one), r2 = &n[i] (advanced), (u, v, q,
@ r, md, me) = r3-r8, accumulators r9:r10 (d) and r11:r12 (e); lr is the
@ one scratch register.
    .macro INV_DE_DIGIT
    ldr     lr, [r0, #4]
    smlal   r9, r10, r3, lr
    smlal   r11, r12, r5, lr
    ldr     lr, [r1, #4]
    smlal   r9, r10, r4, lr
    smlal   r11, r12, r6, lr
    ldr     lr, [r2], #4
    smlal   r9, r10, r7, lr
    smlal   r11, r12, r8, lr
    bic     lr, r9, #0xc0000000
    str     lr, [r0], #4
    bic     lr, r11, #0xc0000000
    str     lr, [r1], #4
    INV_SHR30 r9, r10
    INV_SHR30 r11, r12
    .endm

@ void rsa_cm_inv_de(u32 *d, u32 *e, const u32 *n, usize k, const i32 t[4],
@                    u32 ninv)
@ (d, e) <- ((u d + v e + md n) / 2^30, (q d + r e + me n) / 2^30), k >= 2
@ digits each, ninv = n^-1 mod 2^30: md and me raise a negative d or e by
@ n and clear the low 30 bits (as arith::inv::update_de).
    .section .text.rsa_cm_inv_de,"ax",%progbits
    .global rsa_cm_inv_de
    .thumb_func
    .type rsa_cm_inv_de, %function
    .p2align 2
rsa_cm_inv_de:
    push    {r4-r11, lr}
    @ The frame: [sp] = &n[k] (the end), [sp, #4] = &n[1 + (k - 1) mod 4]
    @ (where the digits run alone end; then four per iteration).
    sub     sp, sp, #8
    add     lr, r2, r3, lsl #2
    sub     r4, r3, #1
    and     r4, r4, #3
    add     r4, r2, r4, lsl #2
    add     r4, r4, #4
    strd    lr, r4, [sp]
    add     r12, r0, r3, lsl #2
    ldr     r9, [r12, #-4]
    add     r12, r1, r3, lsl #2
    ldr     r10, [r12, #-4]
    ldr     r4, [sp, #44]
    ldm     r4, {r3-r6}
    ldr     r12, [sp, #48]
    @ md = u (d < 0) + v (e < 0), me = q (d < 0) + r (e < 0) ...
    asr     r9, r9, #31
    asr     r10, r10, #31
    and     r7, r3, r9
    and     r11, r4, r10
    add     r7, r7, r11
    and     r8, r5, r9
    and     r11, r6, r10
    add     r8, r8, r11
    @ ... minus the multiple of n in [0, 2^30) that clears the low bits.
    ldr     r9, [r0]
    ldr     r10, [r1]
    mul     r11, r3, r9
    mla     r11, r4, r10, r11
    mul     lr, r5, r9
    mla     lr, r6, r10, lr
    mla     r11, r11, r12, r7
    mla     lr, lr, r12, r8
    bic     r11, r11, #0xc0000000
    sub     r7, r7, r11
    bic     lr, lr, #0xc0000000
    sub     r8, r8, lr
    ldr     lr, [r0]
    smull   r9, r10, r3, lr
    smull   r11, r12, r5, lr
    ldr     lr, [r1]
    smlal   r9, r10, r4, lr
    smlal   r11, r12, r6, lr
    ldr     lr, [r2], #4
    smlal   r9, r10, r7, lr
    smlal   r11, r12, r8, lr
    INV_SHR30 r9, r10
    INV_SHR30 r11, r12
    ldr     lr, [sp, #4]
    cmp     r2, lr
    beq     2f
4:
    INV_DE_DIGIT
    ldr     lr, [sp, #4]
    cmp     r2, lr
    bne     4b
2:
    ldr     lr, [sp]
    cmp     r2, lr
    beq     3f
1:
    INV_DE_DIGIT
    INV_DE_DIGIT
    INV_DE_DIGIT
    INV_DE_DIGIT
    ldr     lr, [sp]
    cmp     r2, lr
    bne     1b
3:
    str     r9, [r0]
    str     r11, [r1]
    add     sp, sp, #8
    pop     {r4-r11, pc}
    .size rsa_cm_inv_de, . - rsa_cm_inv_de

@ ---------------------------------------------------------------------------
@ void rsa_cm_inv_batches(u32 *w, usize k, u32 ninv, i32 *delta,
@                         usize count)
@ count >= 1 batches on w = f, g, d, e, n (k digits each, in that order):
@ 30 divsteps on f[0], g[0], then the (d, e) and (f, g) updates.
    .section .text.rsa_cm_inv_batches,"ax",%progbits
    .global rsa_cm_inv_batches
    .thumb_func
    .type rsa_cm_inv_batches, %function
    .p2align 2
    @ The frame: [sp] t and [sp, #4] ninv (rsa_cm_inv_de's stack
    @ arguments), w, k, delta, batches left, then t[4].
    .equ IB_W, 8
    .equ IB_K, 12
    .equ IB_DELTA, 16
    .equ IB_LEFT, 20
    .equ IB_T, 24
rsa_cm_inv_batches:
    push    {r4-r11, lr}
    sub     sp, sp, #44
    ldr     r4, [sp, #80]
    add     r5, sp, #IB_T
    strd    r5, r2, [sp]
    strd    r0, r1, [sp, #IB_W]
    strd    r3, r4, [sp, #IB_DELTA]
1:
    ldrd    r2, r3, [sp, #IB_W]
    ldr     r0, [r2]
    ldr     r1, [r2, r3, lsl #2]
    ldr     r2, [sp, #IB_DELTA]
    add     r3, sp, #IB_T
    bl      rsa_cm_inv_divsteps
    ldrd    r0, r3, [sp, #IB_W]
    add     r0, r0, r3, lsl #3
    add     r1, r0, r3, lsl #2
    add     r2, r1, r3, lsl #2
    bl      rsa_cm_inv_de
    ldrd    r0, r2, [sp, #IB_W]
    add     r1, r0, r2, lsl #2
    add     r3, sp, #IB_T
    bl      rsa_cm_inv_fg
    ldr     r0, [sp, #IB_LEFT]
    subs    r0, r0, #1
    str     r0, [sp, #IB_LEFT]
    bne     1b
    add     sp, sp, #44
    pop     {r4-r11, pc}
    .size rsa_cm_inv_batches, . - rsa_cm_inv_batches

    .text
