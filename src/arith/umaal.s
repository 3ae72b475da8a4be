@ Thumb-2 UMAAL kernels for the arithmetic seam (see src/arith/mod.rs).
@
@ ARMv7E-M (Cortex-M4/M7), ARMv8-M Mainline with the DSP extension
@ (Cortex-M33/M55) and ARMv7-A/R in Thumb state.  Uses UMAAL, SEL and
@ UADD8, which all of those have.  AAPCS: r0-r3 and the stack carry the
@ arguments; r4-r11 and lr are saved and restored.  Limbs are little-endian
@ 32-bit words.
@
@ Constant time: every branch and every address below depends only on the
@ lengths (public), never on limb values or on the table index.  The only
@ multiplies are MUL and UMAAL, which are single-cycle and data-independent
@ on all the cores listed above.
@
@ ---------------------------------------------------------------------------
@ The common engine: a 4-row "stream" (product scanning over 4 rows at once).
@
@ Four multiplier words m0..m3 (rows i..i+3) stay in r2-r5 while the other
@ operand b[j] streams past.  For each step j one word of b and one old word
@ of t are loaded, and a single UMAAL carry chain adds m0..m3 * b[j] into the
@ four accumulator words of columns i+j .. i+j+3 (the "window"):
@
@     C      = t[i+j]                       (old value seeds the carry)
@     C:w0   = m0*b[j] + w0 + C             column i+j is now complete
@     C:w1   = m1*b[j] + w1 + C
@     C:w2   = m2*b[j] + w2 + C
@     C:w3   = m3*b[j] + w3 + C             C becomes column i+j+4
@     t[i+j] = w0
@
@ UMAAL never overflows (a*b + c + d < 2^64), so the window is exact.  Per
@ step: 2 loads, 4 UMAAL, 1 store = 7 instructions for 4 word products
@ (1.75 instructions per product; 7 cycles per step in the Cortex-M4 model
@ of ci/M4_TIMING.md, the loads and the store pipelining to one cycle each).
@ The window rotates through the five registers r6-r10 (w0..w3 and C), so
@ the loop body is unrolled twenty steps (four full rotations), every step
@ 28 bytes long; a length that is not a multiple of twenty enters the body
@ in the middle (Duff's device: a TBB, or for an all-zero window a computed
@ BLX, on the public length), with the pointers moved so that the fixed
@ offsets line up, and always leaves after step 19, so that the window ends
@ up in r6-r9 in order.  The loop costs SUBS+BNE per twenty steps.
@
@ Registers in the stream:
@   r0 = &t[column of step 0], r1 = &b[0] (both post-incremented by twenty
@   words in step 0), r2-r5 = m0..m3, r6-r10 = rotating window + carry,
@   r11 = b[j], r12 = iterations left; lr = return address.
@
@ A 5-row variant (rsa_cm_stream5, further down: m0..m4 in r2-r6, window
@ r7-r12, b[j] in lr) does 5 products per 8 cycles instead of 4 per 7.  For
@ len >= 17 the rows are split into q5 >= 1 blocks of five and q4 <= 4
@ blocks of four (5 q5 + 4 q4 = len), so there is no partial block.
@
@ mul, sqr and redc are all built from them; for len < 17, rows left over
@ when the length is not a multiple of 4 go through the 4-row stream with
@ the missing multipliers set to zero (mul, redc) or through a one-row loop
@ (sqr's last rows and lengths below 4).
@
@ len = 32 (1024-bit operands: the CRT halves of RSA-2048) has its own
@ paths (rsa_cm_mul32, rsa_cm_sqr32, rsa_cm_redc32 and the fixed-length
@ streams rsa_cm_s4x32/rsa_cm_s5x32 at the end of the file): the same
@ blocks, unrolled, with every stream entered directly and no per-call
@ entry computation; the choice depends on the length only.
@ rsa_cm_redc_lazy (for the exponentiation loops) returns a result that is
@ only below R = 2^(32 len), replacing the comparison with n by one
@ subtraction masked by the top carry.
@
@ Measured with ci/m4-bench (model estimate, 1024-bit operands): mul+redc
@ about 4.7k cycles, sqr+redc about 4.2k, a 16-entry select about 1.5k.
@
@ Beware: an ADR.W whose target is more than 4095 bytes away is silently
@ truncated by the assembler used through global_asm! (seen while writing
@ the len = 32 paths); keep large code after the functions whose ADRs
@ reach back to the stream bodies, or use PC-relative offset words as
@ SPECIAL32 does.
@ ---------------------------------------------------------------------------

    .syntax unified
    .thumb
    .text

@ Frame used by mul, sqr and redc: push {r4-r11, lr} (36 bytes) + 68 bytes
@ of locals = 104 bytes (8-byte aligned).
    .equ F_R,    0      @ redc: result pointer
    .equ F_T,    4      @ t
    .equ F_A,    8      @ a (mul, sqr) / n (redc)
    .equ F_B,   12      @ b (mul)
    .equ F_LEN, 16      @ length in limbs
    .equ F_S,   20      @ entry address of the stream for length L = len
    .equ F_IT,  24      @ iterations of the stream for length L = len
    .equ F_I,   28      @ current row
    .equ F_PEND,32      @ redc: pending carry (0/1) at column i+len
    .equ F_OFF, 36      @ pointer offset (bytes) for entering the stream at F_S
    .equ F_K,   40      @ rows in the last, partial block
    .equ F_S5,  44      @ 5-row stream: entry address
    .equ F_OFF5,48      @ 5-row stream: pointer offset (bytes)
    .equ F_END5,52      @ 5-row stream: end of b (the loop's exit test)
    .equ F_RET, 56      @ 5-row stream: return address (Thumb bit set)
    .equ F_Q5,  60      @ 5-row blocks left
    .equ F_LAZY,64      @ redc: 1 for rsa_cm_redc_lazy (result < R only)
    .equ F_SIZE,68
    .equ F_ARG5,104     @ fifth argument (redc: n0) after the prologue

@ ---------------------------------------------------------------------------
@ One stream step (see above): s is the step number 0..19 in the body.
@ Step 0 advances both pointers by 20 words (post-indexed), so the later
@ steps use offsets 4s-80 and the loop needs no pointer arithmetic.
    .macro STEP s, w0, w1, w2, w3, c
    .if \s == 0
    ldr.w   r11, [r1], #80
    ldr.w   \c, [r0]
    .else
    ldr     r11, [r1, #(4*\s-80)]
    ldr     \c, [r0, #(4*\s-80)]
    .endif
    umaal   \w0, \c, r2, r11
    umaal   \w1, \c, r3, r11
    umaal   \w2, \c, r4, r11
    umaal   \w3, \c, r5, r11
    .if \s == 0
    str.w   \w0, [r0], #80
    .else
    str     \w0, [r0, #(4*\s-80)]
    .endif
    .endm

@ s = 20*ceil(L/20) - L and iterations = ceil(L/20) for L in r12 (L >= 1,
@ L < 16000): r10 = s, r12 = iterations; clobbers r11.  ceil(L/20) is
@ computed as ((L + 19) * 3277) >> 16, exact in this range (no UDIV, which
@ ARMv7-A may lack).
    .macro CALC_SI
    add.w   r11, r12, #19
    movw    r10, #3277
    mul     r11, r11, r10
    lsr.w   r11, r11, #16
    add.w   r10, r11, r11, lsl #2
    lsl.w   r10, r10, #2
    sub.w   r10, r10, r12
    mov     r12, r11
    .endm


@ For mul and redc, whose stream always has length len and starts from an
@ all-zero window: from r12 = len (>= 1) store the entry address (step s of
@ the body, 28 bytes per step, Thumb bit set) in F_S, the pointer offset
@ (4 * (20 - s), or 0 when s = 0) in F_OFF and the iteration count in F_IT.
@ Clobbers r10-r12.
    .macro ENTRY_SETUP
    CALC_SI
    str     r12, [sp, #F_IT]
    rsb     r11, r10, #20
    cmp     r10, #0
    it      eq
    moveq   r11, #0
    lsl.w   r11, r11, #2
    str     r11, [sp, #F_OFF]
    adr.w   r11, .Ls0
    lsl.w   r12, r10, #5
    sub.w   r12, r12, r10, lsl #2
    add     r11, r11, r12
    orr     r11, r11, #1
    str     r11, [sp, #F_S]
    .endm

@ Run the stream from an all-zero window: r0 = &t[first column],
@ r1 = &b[0], r2-r5 = m0..m3.  Returns with the window in r6-r9 and
@ r0 = &t[first + len].  Clobbers r1, r10-r12, lr.
    .macro ENTER_ZERO
    ldr     r10, [sp, #F_OFF]
    ldr     r12, [sp, #F_IT]
    ldr     r11, [sp, #F_S]
    add     r0, r0, r10
    add     r1, r1, r10
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    blx     r11
    .endm

@ For len >= 17, split the rows into q5 >= 1 blocks of five and q4 = (5 - len
@ mod 5) mod 5 blocks of four (5*q5 + 4*q4 = len, no partial block):
@ F_Q5 = q5, F_I = q4, F_K = 0.  r3 = len.  Clobbers r10-r12.
    .macro SPLIT45
    movw    r10, #52429
    mul     r11, r3, r10
    lsr.w   r11, r11, #18              @ len / 5
    add.w   r11, r11, r11, lsl #2
    sub.w   r11, r3, r11               @ r = len mod 5
    rsb     r12, r11, #5
    cmp     r11, #0
    it      eq
    moveq   r12, #0                    @ q4
    str     r12, [sp, #F_I]
    sub.w   r11, r3, r12, lsl #2       @ len - 4 q4 = 5 q5
    mul     r11, r11, r10
    lsr.w   r11, r11, #18
    str     r11, [sp, #F_Q5]
    mov.w   r11, #0
    str     r11, [sp, #F_K]
    .endm

@ redc: the four quotient words m0..m3 (r2-r5) that clear t[i..i+4), from
@ r0 = &t[i], r1 = n, r12 = n0, by the 4x4 triangle of the reduction on
@ copies of t[i..i+3] (m_k depends only on the low words, so the truncated
@ computation is exact).  9 UMAAL + 4 MUL.  Clobbers r6-r11.
    .macro REDC_QUOTIENTS
    ldmia   r0, {r6-r9}
    ldrd    r10, r11, [r1]             @ n[0], n[1]
    mul     r2, r6, r12                @ m0
    mov.w   r3, #0
    umaal   r6, r3, r2, r10            @ r6 = 0 from here on
    umaal   r7, r3, r2, r11
    ldrd    r6, r5, [r1, #8]           @ n[2], n[3]
    umaal   r8, r3, r2, r6
    umaal   r9, r3, r2, r5
    mul     r3, r7, r12                @ m1
    mov.w   r4, #0
    umaal   r7, r4, r3, r10
    umaal   r8, r4, r3, r11
    umaal   r9, r4, r3, r6
    mul     r4, r8, r12                @ m2
    mov.w   r5, #0
    umaal   r8, r5, r4, r10
    umaal   r9, r5, r4, r11
    mul     r5, r9, r12                @ m3
    .endm

@ ---------------------------------------------------------------------------
@ rsa_cm_stream_l: stream of L = r12 steps (L may be 0).
@ rsa_cm_stream_si: stream with precomputed entry step r10 and iteration
@ count r12 (L >= 1).
@ In: r0 = &t[first column], r1 = &b[first word], r2-r5 = m0..m3,
@     r6, r7, r8 = initial window (columns +0, +1, +2; column +3 is zero).
@ Out: r6-r9 = window for columns first+L .. first+L+3, r0 = &t[first+L],
@      r1 advanced by L words.  Clobbers r10-r12.  Called with BL.
@ Cost per step: 7 instructions; per 20 steps 2 more (SUBS, BNE).
    .p2align 2
    .thumb_func
    .type rsa_cm_stream_l, %function
rsa_cm_stream_l:
    cmp     r12, #0
    bne     1f
    mov.w   r9, #0
    bx      lr
1:
    CALC_SI
    .thumb_func
rsa_cm_stream_si:
    @ Entering at step s > 0 skips step 0's pointer increment: start the
    @ pointers at first + 20 - s words so that offsets 4s-80 line up.
    rsb     r11, r10, #20
    cmp     r10, #0
    it      eq
    moveq   r11, #0
    add.w   r0, r0, r11, lsl #2
    add.w   r1, r1, r11, lsl #2
    tbb     [pc, r10]
.Lst_tbl:
    .byte   (.Lst0 - .Lst_tbl) / 2
    .byte   (.Lst1 - .Lst_tbl) / 2
    .byte   (.Lst2 - .Lst_tbl) / 2
    .byte   (.Lst3 - .Lst_tbl) / 2
    .byte   (.Lst4 - .Lst_tbl) / 2
    .byte   (.Lst5 - .Lst_tbl) / 2
    .byte   (.Lst6 - .Lst_tbl) / 2
    .byte   (.Lst7 - .Lst_tbl) / 2
    .byte   (.Lst8 - .Lst_tbl) / 2
    .byte   (.Lst9 - .Lst_tbl) / 2
    .byte   (.Lst10 - .Lst_tbl) / 2
    .byte   (.Lst11 - .Lst_tbl) / 2
    .byte   (.Lst12 - .Lst_tbl) / 2
    .byte   (.Lst13 - .Lst_tbl) / 2
    .byte   (.Lst14 - .Lst_tbl) / 2
    .byte   (.Lst15 - .Lst_tbl) / 2
    .byte   (.Lst16 - .Lst_tbl) / 2
    .byte   (.Lst17 - .Lst_tbl) / 2
    .byte   (.Lst18 - .Lst_tbl) / 2
    .byte   (.Lst19 - .Lst_tbl) / 2
    .p2align 1
@ Entry stubs: rotate the initial window (r6, r7, r8, 0) into the registers
@ that step s expects (w0 = W[s mod 5], W = r6..r10), then jump in.
.Lst0:
    mov.w   r9, #0
    b.w     .Ls0
.Lst1:
    mov     r9, r8
    mov     r8, r7
    mov     r7, r6
    mov.w   r10, #0
    b.w     .Ls1
.Lst2:
    mov     r10, r8
    mov     r9, r7
    mov     r8, r6
    mov.w   r6, #0
    b.w     .Ls2
.Lst3:
    mov     r9, r6
    mov     r10, r7
    mov     r6, r8
    mov.w   r7, #0
    b.w     .Ls3
.Lst4:
    mov     r10, r6
    mov     r6, r7
    mov     r7, r8
    mov.w   r8, #0
    b.w     .Ls4
.Lst5:
    mov.w   r9, #0
    b.w     .Ls5
.Lst6:
    mov     r9, r8
    mov     r8, r7
    mov     r7, r6
    mov.w   r10, #0
    b.w     .Ls6
.Lst7:
    mov     r10, r8
    mov     r9, r7
    mov     r8, r6
    mov.w   r6, #0
    b.w     .Ls7
.Lst8:
    mov     r9, r6
    mov     r10, r7
    mov     r6, r8
    mov.w   r7, #0
    b.w     .Ls8
.Lst9:
    mov     r10, r6
    mov     r6, r7
    mov     r7, r8
    mov.w   r8, #0
    b.w     .Ls9
.Lst10:
    mov.w   r9, #0
    b.w     .Ls10
.Lst11:
    mov     r9, r8
    mov     r8, r7
    mov     r7, r6
    mov.w   r10, #0
    b.w     .Ls11
.Lst12:
    mov     r10, r8
    mov     r9, r7
    mov     r8, r6
    mov.w   r6, #0
    b.w     .Ls12
.Lst13:
    mov     r9, r6
    mov     r10, r7
    mov     r6, r8
    mov.w   r7, #0
    b.w     .Ls13
.Lst14:
    mov     r10, r6
    mov     r6, r7
    mov     r7, r8
    mov.w   r8, #0
    b.w     .Ls14
.Lst15:
    mov.w   r9, #0
    b.w     .Ls15
.Lst16:
    mov     r9, r8
    mov     r8, r7
    mov     r7, r6
    mov.w   r10, #0
    b.w     .Ls16
.Lst17:
    mov     r10, r8
    mov     r9, r7
    mov     r8, r6
    mov.w   r6, #0
    b.w     .Ls17
.Lst18:
    mov     r9, r6
    mov     r10, r7
    mov     r6, r8
    mov.w   r7, #0
    b.w     .Ls18
.Lst19:
    mov     r10, r6
    mov     r6, r7
    mov     r7, r8
    mov.w   r8, #0
    b.w     .Ls19

    .p2align 2
.Ls0:   STEP 0, r6, r7, r8, r9, r10
.Ls1:   STEP 1, r7, r8, r9, r10, r6
.Ls2:   STEP 2, r8, r9, r10, r6, r7
.Ls3:   STEP 3, r9, r10, r6, r7, r8
.Ls4:   STEP 4, r10, r6, r7, r8, r9
.Ls5:   STEP 5, r6, r7, r8, r9, r10
.Ls6:   STEP 6, r7, r8, r9, r10, r6
.Ls7:   STEP 7, r8, r9, r10, r6, r7
.Ls8:   STEP 8, r9, r10, r6, r7, r8
.Ls9:   STEP 9, r10, r6, r7, r8, r9
.Ls10:  STEP 10, r6, r7, r8, r9, r10
.Ls11:  STEP 11, r7, r8, r9, r10, r6
.Ls12:  STEP 12, r8, r9, r10, r6, r7
.Ls13:  STEP 13, r9, r10, r6, r7, r8
.Ls14:  STEP 14, r10, r6, r7, r8, r9
.Ls15:  STEP 15, r6, r7, r8, r9, r10
.Ls16:  STEP 16, r7, r8, r9, r10, r6
.Ls17:  STEP 17, r8, r9, r10, r6, r7
.Ls18:  STEP 18, r9, r10, r6, r7, r8
.Ls19:  STEP 19, r10, r6, r7, r8, r9
    subs.w  r12, r12, #1
    bne     .Ls0
    bx      lr
    .size rsa_cm_stream_l, . - rsa_cm_stream_l

@ ---------------------------------------------------------------------------
@ The 5-row stream (mul and redc for len >= 17).  Same scheme as above with
@ five multipliers m0..m4 in r2-r6 and a six-register window r7-r12
@ (w0..w4 and C), b[j] in lr: per step 2 loads, 5 UMAAL, 1 store (8 cycles
@ for 5 products in the model, against 7 for 4).  That leaves no register
@ for a counter or the return address: the loop ends when r1 reaches F_END5
@ (tested with lr, which is free between steps) and the routine returns with
@ LDR PC from F_RET.  It is entered (by BX, window all zero) at step s of a
@ body of 24 steps (four rotations, 32 bytes per step), s and the pointer
@ offset coming from ENTRY_SETUP5, and always leaves after step 23 with the
@ window, columns first+len .. first+len+4, in r7-r11.
    .macro STEP5 s, w0, w1, w2, w3, w4, c
    .if \s == 0
    ldr.w   lr, [r1], #96
    ldr.w   \c, [r0]
    .else
    ldr     lr, [r1, #(4*\s-96)]
    ldr     \c, [r0, #(4*\s-96)]
    .endif
    umaal   \w0, \c, r2, lr
    umaal   \w1, \c, r3, lr
    umaal   \w2, \c, r4, lr
    umaal   \w3, \c, r5, lr
    umaal   \w4, \c, r6, lr
    .if \s == 0
    str.w   \w0, [r0], #96
    .else
    str     \w0, [r0, #(4*\s-96)]
    .endif
    .endm

@ From r12 = len (>= 17) and r1 = b: F_S5 = entry address (step s, Thumb
@ bit set), F_OFF5 = 4*(24-s) or 0, F_END5 = b + 4*len, where
@ s = 24*ceil(len/24) - len; ceil(len/24) = ((len + 23) * 2731) >> 16,
@ exact for len <= 4096.  Clobbers r10-r12.
    .macro ENTRY_SETUP5
    add.w   r11, r1, r12, lsl #2
    str     r11, [sp, #F_END5]
    add.w   r11, r12, #23
    movw    r10, #2731
    mul     r11, r11, r10
    lsr.w   r11, r11, #16
    add.w   r10, r11, r11, lsl #1      @ 3 * it
    lsl.w   r10, r10, #3               @ 24 * it
    sub.w   r10, r10, r12              @ s
    rsb     r11, r10, #24
    cmp     r10, #0
    it      eq
    moveq   r11, #0
    lsl.w   r11, r11, #2
    str     r11, [sp, #F_OFF5]
    adr.w   r11, .L5s0
    add.w   r11, r11, r10, lsl #5
    orr     r11, r11, #1
    str     r11, [sp, #F_S5]
    .endm

@ len = 32 (in r3): enter the fixed-length streams instead (see
@ rsa_cm_s4x32; their addresses from PC-relative offsets, ADR cannot reach
@ them).  Clobbers r10, r11.
    .macro SPECIAL32
    cmp     r3, #32
    bne     73f
    adr.w   r11, 72f                   @ (the streams are out of ADR range)
    ldr     r10, [r11]
    add     r10, r10, r11
    str     r10, [sp, #F_S]
    ldr     r10, [r11, #4]
    add     r10, r10, r11
    str     r10, [sp, #F_S5]
    mov.w   r11, #0
    str     r11, [sp, #F_OFF]
    str     r11, [sp, #F_OFF5]
    b       73f
    .p2align 2
72:
    .word   rsa_cm_s4x32 + 1 - 72b
    .word   rsa_cm_s5x32 + 1 - 72b
73:
    .endm

@ len = 48, 64, 96 or 128 (in r3): the five-row blocks run the last len
@ steps of the fixed-length stream rsa_cm_s5x128 (end of the file, reached
@ through PC-relative offsets; F_OFF5 moves the pointers back by
@ 4 (128 - len) bytes); four-row blocks keep the generic stream.
@ Clobbers r10, r11.
    .macro SPECIAL4864
    adr.w   r11, 74f
    cmp     r3, #128
    beq     75f
    add.w   r11, r11, #8
    cmp     r3, #96
    beq     75f
    add.w   r11, r11, #8
    cmp     r3, #64
    beq     75f
    add.w   r11, r11, #8
    cmp     r3, #48
    bne     77f
75:
    ldr     r10, [r11]
    add     r10, r10, r11
    str     r10, [sp, #F_S5]
    ldr     r10, [r11, #4]
    str     r10, [sp, #F_OFF5]
    b       77f
    .p2align 2
74:
    .word   .L5x128_k0 + 1 - 74b
    .word   0
    .word   .L5x128_k32 + 1 - (74b + 8)
    .word   -128
    .word   .L5x128_k64 + 1 - (74b + 16)
    .word   -256
    .word   .L5x128_k80 + 1 - (74b + 24)
    .word   -320
77:
    .endm

@ Enter the 5-row stream from an all-zero window: r0 = &t[first column],
@ r1 = &b[0], r2-r6 = m0..m4; it comes back to the address in F_RET with
@ the window in r7-r11 and r0 = &t[first + len].
    .macro ENTER_ZERO5
    ldr     r10, [sp, #F_OFF5]
    ldr     lr, [sp, #F_S5]
    add     r0, r0, r10
    add     r1, r1, r10
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    mov.w   r11, #0
    mov.w   r12, #0
    bx      lr
    .endm

@ redc, 5 rows: quotients m0..m4 (r2-r6) from r0 = &t[i], r1 = n,
@ r12 = n0 (the 5x5 triangle: 14 UMAAL + 5 MUL, n[0..4] cached in r0, lr,
@ r5, r6, r4 while they are needed).  Clobbers r0, r1, r7-r11, lr.
    .macro REDC_QUOTIENTS5
    ldmia   r0, {r7-r11}               @ t[i..i+4]
    ldrd    r0, lr, [r1]               @ n[0], n[1]
    ldrd    r5, r6, [r1, #8]           @ n[2], n[3]
    ldr     r4, [r1, #16]              @ n[4]
    mul     r2, r7, r12                @ m0
    mov.w   r3, #0
    umaal   r7, r3, r2, r0             @ r7 = 0 from here on
    umaal   r8, r3, r2, lr
    umaal   r9, r3, r2, r5
    umaal   r10, r3, r2, r6
    umaal   r11, r3, r2, r4
    mul     r3, r8, r12                @ m1
    mov.w   r4, #0
    umaal   r8, r4, r3, r0
    umaal   r9, r4, r3, lr
    umaal   r10, r4, r3, r5
    umaal   r11, r4, r3, r6
    mul     r4, r9, r12                @ m2
    umaal   r9, r7, r4, r0             @ carry in r7 (zero)
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r4, r5
    mul     r5, r10, r12               @ m3
    mov.w   r6, #0
    umaal   r10, r6, r5, r0
    umaal   r11, r6, r5, lr
    mul     r6, r11, r12               @ m4
    .endm

    .p2align 2
    .thumb_func
    .type rsa_cm_stream5, %function
rsa_cm_stream5:
.L5s0:   STEP5 0, r7, r8, r9, r10, r11, r12
.L5s1:   STEP5 1, r8, r9, r10, r11, r12, r7
.L5s2:   STEP5 2, r9, r10, r11, r12, r7, r8
.L5s3:   STEP5 3, r10, r11, r12, r7, r8, r9
.L5s4:   STEP5 4, r11, r12, r7, r8, r9, r10
.L5s5:   STEP5 5, r12, r7, r8, r9, r10, r11
.L5s6:   STEP5 6, r7, r8, r9, r10, r11, r12
.L5s7:   STEP5 7, r8, r9, r10, r11, r12, r7
.L5s8:   STEP5 8, r9, r10, r11, r12, r7, r8
.L5s9:   STEP5 9, r10, r11, r12, r7, r8, r9
.L5s10:  STEP5 10, r11, r12, r7, r8, r9, r10
.L5s11:  STEP5 11, r12, r7, r8, r9, r10, r11
.L5s12:  STEP5 12, r7, r8, r9, r10, r11, r12
.L5s13:  STEP5 13, r8, r9, r10, r11, r12, r7
.L5s14:  STEP5 14, r9, r10, r11, r12, r7, r8
.L5s15:  STEP5 15, r10, r11, r12, r7, r8, r9
.L5s16:  STEP5 16, r11, r12, r7, r8, r9, r10
.L5s17:  STEP5 17, r12, r7, r8, r9, r10, r11
.L5s18:  STEP5 18, r7, r8, r9, r10, r11, r12
.L5s19:  STEP5 19, r8, r9, r10, r11, r12, r7
.L5s20:  STEP5 20, r9, r10, r11, r12, r7, r8
.L5s21:  STEP5 21, r10, r11, r12, r7, r8, r9
.L5s22:  STEP5 22, r11, r12, r7, r8, r9, r10
.L5s23:  STEP5 23, r12, r7, r8, r9, r10, r11
    ldr     lr, [sp, #F_END5]
    cmp     r1, lr
    bne     .L5s0
    ldr     pc, [sp, #F_RET]
    .size rsa_cm_stream5, . - rsa_cm_stream5

@ rsa_cm_stream5_l: the 5-row stream for sqr, L = r12 steps (L may be 0),
@ window entering in r7-r11 (columns +0..+3, column +4 zero): r0 = &t[first],
@ r1 = &b[first]; F_END5 must hold the end of b and F_RET the return
@ address.  Enters step s of the body through TBH and a stub that rotates
@ the window into the registers of step s.  Reached by B, returns by LDR PC.
    .p2align 2
    .thumb_func
    .type rsa_cm_stream5_l, %function
rsa_cm_stream5_l:
    cmp     r12, #0
    bne     1f
    ldr     pc, [sp, #F_RET]
1:
    str     r10, [sp, #F_OFF5]         @ r10 is window word +3: keep it
    add.w   lr, r12, #23
    movw    r10, #2731
    mul     lr, lr, r10
    lsr.w   lr, lr, #16
    add.w   r10, lr, lr, lsl #1
    lsl.w   r10, r10, #3
    sub.w   r12, r10, r12              @ s = 24 ceil(L/24) - L (r12 is free)
    rsb     lr, r12, #24
    cmp     r12, #0
    it      eq
    moveq   lr, #0
    add.w   r0, r0, lr, lsl #2
    add.w   r1, r1, lr, lsl #2
    ldr     r10, [sp, #F_OFF5]
    tbh     [pc, r12, lsl #1]
.L5st_tbl:
    .hword  (.L5st0 - .L5st_tbl) / 2
    .hword  (.L5st1 - .L5st_tbl) / 2
    .hword  (.L5st2 - .L5st_tbl) / 2
    .hword  (.L5st3 - .L5st_tbl) / 2
    .hword  (.L5st4 - .L5st_tbl) / 2
    .hword  (.L5st5 - .L5st_tbl) / 2
    .hword  (.L5st6 - .L5st_tbl) / 2
    .hword  (.L5st7 - .L5st_tbl) / 2
    .hword  (.L5st8 - .L5st_tbl) / 2
    .hword  (.L5st9 - .L5st_tbl) / 2
    .hword  (.L5st10 - .L5st_tbl) / 2
    .hword  (.L5st11 - .L5st_tbl) / 2
    .hword  (.L5st12 - .L5st_tbl) / 2
    .hword  (.L5st13 - .L5st_tbl) / 2
    .hword  (.L5st14 - .L5st_tbl) / 2
    .hword  (.L5st15 - .L5st_tbl) / 2
    .hword  (.L5st16 - .L5st_tbl) / 2
    .hword  (.L5st17 - .L5st_tbl) / 2
    .hword  (.L5st18 - .L5st_tbl) / 2
    .hword  (.L5st19 - .L5st_tbl) / 2
    .hword  (.L5st20 - .L5st_tbl) / 2
    .hword  (.L5st21 - .L5st_tbl) / 2
    .hword  (.L5st22 - .L5st_tbl) / 2
    .hword  (.L5st23 - .L5st_tbl) / 2
.L5st0:
    b.w     .L5s0
.L5st1:
    mov     r12, r11
    mov     r11, r10
    mov     r10, r9
    mov     r9, r8
    mov     r8, r7
    b.w     .L5s1
.L5st2:
    mov     r12, r10
    mov     r10, r8
    mov     lr, r9
    mov     r9, r7
    mov     r7, r11
    mov     r11, lr
    b.w     .L5s2
.L5st3:
    mov     r12, r9
    mov     lr, r10
    mov     r10, r7
    mov     r7, lr
    mov     lr, r11
    mov     r11, r8
    mov     r8, lr
    b.w     .L5s3
.L5st4:
    mov     r12, r8
    mov     r8, r10
    mov     lr, r11
    mov     r11, r7
    mov     r7, r9
    mov     r9, lr
    b.w     .L5s4
.L5st5:
    mov     r12, r7
    mov     r7, r8
    mov     r8, r9
    mov     r9, r10
    mov     r10, r11
    b.w     .L5s5
.L5st6:
    b.w     .L5s6
.L5st7:
    mov     r12, r11
    mov     r11, r10
    mov     r10, r9
    mov     r9, r8
    mov     r8, r7
    b.w     .L5s7
.L5st8:
    mov     r12, r10
    mov     r10, r8
    mov     lr, r9
    mov     r9, r7
    mov     r7, r11
    mov     r11, lr
    b.w     .L5s8
.L5st9:
    mov     r12, r9
    mov     lr, r10
    mov     r10, r7
    mov     r7, lr
    mov     lr, r11
    mov     r11, r8
    mov     r8, lr
    b.w     .L5s9
.L5st10:
    mov     r12, r8
    mov     r8, r10
    mov     lr, r11
    mov     r11, r7
    mov     r7, r9
    mov     r9, lr
    b.w     .L5s10
.L5st11:
    mov     r12, r7
    mov     r7, r8
    mov     r8, r9
    mov     r9, r10
    mov     r10, r11
    b.w     .L5s11
.L5st12:
    b.w     .L5s12
.L5st13:
    mov     r12, r11
    mov     r11, r10
    mov     r10, r9
    mov     r9, r8
    mov     r8, r7
    b.w     .L5s13
.L5st14:
    mov     r12, r10
    mov     r10, r8
    mov     lr, r9
    mov     r9, r7
    mov     r7, r11
    mov     r11, lr
    b.w     .L5s14
.L5st15:
    mov     r12, r9
    mov     lr, r10
    mov     r10, r7
    mov     r7, lr
    mov     lr, r11
    mov     r11, r8
    mov     r8, lr
    b.w     .L5s15
.L5st16:
    mov     r12, r8
    mov     r8, r10
    mov     lr, r11
    mov     r11, r7
    mov     r7, r9
    mov     r9, lr
    b.w     .L5s16
.L5st17:
    mov     r12, r7
    mov     r7, r8
    mov     r8, r9
    mov     r9, r10
    mov     r10, r11
    b.w     .L5s17
.L5st18:
    b.w     .L5s18
.L5st19:
    mov     r12, r11
    mov     r11, r10
    mov     r10, r9
    mov     r9, r8
    mov     r8, r7
    b.w     .L5s19
.L5st20:
    mov     r12, r10
    mov     r10, r8
    mov     lr, r9
    mov     r9, r7
    mov     r7, r11
    mov     r11, lr
    b.w     .L5s20
.L5st21:
    mov     r12, r9
    mov     lr, r10
    mov     r10, r7
    mov     r7, lr
    mov     lr, r11
    mov     r11, r8
    mov     r8, lr
    b.w     .L5s21
.L5st22:
    mov     r12, r8
    mov     r8, r10
    mov     lr, r11
    mov     r11, r7
    mov     r7, r9
    mov     r9, lr
    b.w     .L5s22
.L5st23:
    mov     r12, r7
    mov     r7, r8
    mov     r8, r9
    mov     r9, r10
    mov     r10, r11
    b.w     .L5s23
    .size rsa_cm_stream5_l, . - rsa_cm_stream5_l

@ ---------------------------------------------------------------------------
@ rsa_cm_row1: one row.  In: r0 = &t[first column], r1 = &b[0], r2 = m,
@ r12 = L (may be 0).  For j < L: C:t[j] = m*b[j] + t[j] + C.
@ Out: r7 = final carry (column first+L), r0 = &t[first+L].
@ Clobbers r1, r6, r11, r12.  Per word: LDR, LDR, UMAAL, STR, SUBS, BNE.
    .p2align 2
    .thumb_func
    .type rsa_cm_row1, %function
rsa_cm_row1:
    mov.w   r7, #0
    cmp     r12, #0
    beq     2f
1:
    ldr     r11, [r1], #4
    ldr     r6, [r0]
    umaal   r6, r7, r2, r11
    str     r6, [r0], #4
    subs    r12, r12, #1
    bne     1b
2:
    bx      lr
    .size rsa_cm_row1, . - rsa_cm_row1

@ ---------------------------------------------------------------------------
@ rsa_cm_zero: r0 = &t[0], r12 = count (>= 1) words set to zero.
@ Clobbers r0, r2-r9, r12.  Eight words per STM, then single words.
    .p2align 2
    .thumb_func
    .type rsa_cm_zero, %function
rsa_cm_zero:
    mov.w   r2, #0
    mov.w   r3, #0
    mov.w   r4, #0
    mov.w   r5, #0
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    subs    r12, r12, #8
    blo     2f
1:
    stmia   r0!, {r2-r9}
    subs    r12, r12, #8
    bhs     1b
2:
    adds    r12, r12, #8
    beq     4f
3:
    str     r6, [r0], #4
    subs    r12, r12, #1
    bne     3b
4:
    bx      lr
    .size rsa_cm_zero, . - rsa_cm_zero

@ ---------------------------------------------------------------------------
@ void rsa_cm_mul(u32 *t, const u32 *a, const u32 *b, usize len)
@ t[0..2len) = a * b, len >= 1.
@
@ Row-blocked operand scanning: t[0..len) is cleared, then for each block of
@ four rows i..i+3 the stream adds a[i..i+3] * b into t[i..i+len) (loading
@ the old words) and the final window is stored to t[i+len..i+len+4), which
@ no earlier block has written (and no carry leaves it: the partial product
@ fits).  Rows left over (len mod 4) run as one more block with the missing
@ multipliers zero and only the valid window words stored.  len < 4 uses the
@ one-row loop.  For len >= 17 the rows go first in blocks of five through
@ the 5-row stream (a[i..i+4] in r2-r6, window stored with STM r7-r11),
@ then in blocks of four, with no partial block.
@ Registers: r2-r5 = a[i..i+3] and the stream's (r0, r1, r6-r12); the
@ walking a and t pointers, the block count and the stream's entry (F_S,
@ F_OFF, F_IT, computed once since every block streams len words) live in
@ the frame.  Loop: one block per iteration, the stream inside.
@ Per word product: 1.75 instructions in the stream (LDR b, LDR t, 4 UMAAL,
@ STR per four products), plus per block about 25 for setup and the STM.
    .p2align 2
    .global rsa_cm_mul
    .thumb_func
    .type rsa_cm_mul, %function
rsa_cm_mul:
    push    {r4-r11, lr}
    sub     sp, sp, #F_SIZE
    str     r0, [sp, #F_T]
    str     r1, [sp, #F_A]
    str     r2, [sp, #F_B]
    str     r3, [sp, #F_LEN]
    cmp     r3, #32
    beq.w   .Lmul32
    mov     r12, r3
    bl      rsa_cm_zero
    mov.w   r4, #0
    str     r4, [sp, #F_I]
    ldr     r3, [sp, #F_LEN]
    cmp     r3, #4
    blo     .Lmul_small
    mov     r12, r3
    ENTRY_SETUP
    ldr     r3, [sp, #F_LEN]
    cmp     r3, #17                    @ q5 >= 1 from len = 17 on
    blo     .Lmul_r4only
    SPLIT45
    ldr     r1, [sp, #F_B]
    mov     r12, r3
    ENTRY_SETUP5
    SPECIAL4864
    adr.w   r11, .Lmul5_ret
    orr     r11, r11, #1
    str     r11, [sp, #F_RET]
.Lmul5_blk:
    ldr     r1, [sp, #F_A]
    ldmia   r1!, {r2-r6}               @ a[i..i+4]
    str     r1, [sp, #F_A]
    ldr     r0, [sp, #F_T]             @ &t[i]
    add.w   r11, r0, #20
    str     r11, [sp, #F_T]
    ldr     r1, [sp, #F_B]
    ENTER_ZERO5
.Lmul5_ret:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    ldr     r3, [sp, #F_Q5]
    subs    r3, r3, #1
    str     r3, [sp, #F_Q5]
    bne     .Lmul5_blk
    b       .Lmul_r4
.Lmul_r4only:
    lsrs    r2, r3, #2
    str     r2, [sp, #F_I]             @ full blocks of four
    and     r3, r3, #3
    str     r3, [sp, #F_K]             @ rows in the partial block
.Lmul_r4:
    ldr     r3, [sp, #F_I]
    cmp     r3, #0
    beq     .Lmul_left
.Lmul_blk:
    ldr     r1, [sp, #F_A]
    ldmia   r1!, {r2-r5}               @ a[i..i+3]
    str     r1, [sp, #F_A]
    ldr     r0, [sp, #F_T]             @ &t[i]
    add.w   r11, r0, #16
    str     r11, [sp, #F_T]
    ldr     r1, [sp, #F_B]
    ENTER_ZERO
    stmia   r0, {r6-r9}                @ t[i+len..i+len+4)
    ldr     r3, [sp, #F_I]
    subs    r3, r3, #1
    str     r3, [sp, #F_I]
    bne     .Lmul_blk
.Lmul_left:
    @ the last len mod 4 rows: one more block with zero multipliers
    ldr     r3, [sp, #F_K]
    cmp     r3, #0
    beq     .Lmul_done
    ldr     r1, [sp, #F_A]
    mov.w   r4, #0
    mov.w   r5, #0
    cmp     r3, #2
    blo     1f
    beq     2f
    ldmia   r1, {r2-r4}
    b       3f
1:  ldr     r2, [r1]
    mov.w   r3, #0
    b       3f
2:  ldrd    r2, r3, [r1]
3:  ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_B]
    ENTER_ZERO
    ldr     r3, [sp, #F_K]
    cmp     r3, #2
    blo     1f
    beq     2f
    stmia   r0, {r6-r8}
    b       .Lmul_done
1:  str     r6, [r0]
    b       .Lmul_done
2:  strd    r6, r7, [r0]
    b       .Lmul_done
.Lmul_small:
    @ len < 4: one row at a time; F_I = i
    ldr     r11, [sp, #F_I]
    ldr     r3, [sp, #F_LEN]
    cmp     r11, r3
    beq     .Lmul_done
    ldr     r1, [sp, #F_A]
    ldr     r2, [r1, r11, lsl #2]
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, r11, lsl #2
    add.w   r11, r11, #1
    str     r11, [sp, #F_I]
    ldr     r1, [sp, #F_B]
    mov     r12, r3
    bl      rsa_cm_row1
    str     r7, [r0]
    b       .Lmul_small
.Lmul_done:
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .size rsa_cm_mul, . - rsa_cm_mul



@ ---------------------------------------------------------------------------
@ void rsa_cm_sqr(u32 *t, const u32 *a, usize len)
@ t[0..2len) = a^2, len >= 1.
@
@ 1. Cross products a[i]*a[j], i < j, once: t[0..len) is cleared.  For
@    len >= 17 the first q5 blocks have five rows: the ten products inside
@    the block are four partial steps in straight-line code (columns
@    2i+1..2i+4 completed, 2i+5..2i+8 left as the window), then the 5-row
@    stream over a[i+5..len) entered by TBH with the window rotated into
@    place (rsa_cm_stream5_l).  Then, and for shorter lengths, for each
@    block of four rows i..i+3 the six products inside the block (the
@    triangle, columns 2i+1..2i+6) are done in straight-line code with the
@    three completed columns stored, then the stream adds a[i..i+3] *
@    a[i+4..len) from column 2i+4 with the triangle's three partial columns
@    as its initial window, and the window is stored at t[i+len..i+len+4).
@    The last len mod 4 rows (and all rows when len < 4) use the one-row
@    loop.  Cross products: len(len-1)/2 UMAALs.
@ 2. Doubling and the diagonal in one pass, two limbs (four words) per
@    iteration: LDM t, LDM a, 4 ADCS (doubling, carry in the C flag),
@    UMAAL lo += a*a + c, UMAAL hi += c (second carry in a register) twice,
@    STM, TEQ, BNE (TEQ keeps the C flag): 6.5 instructions per limb.
@ Registers in pass 1: r2-r5 = a[i..i+3], r9-r11 then r6-r8 for the
@ triangle's columns, then the stream's; F_B/F_K walk a and t, F_I holds
@ the remaining stream length.  In pass 2: r0 = t, r1 = a, r3 = end of a,
@ r4-r7 = t words, r8/r9 = a[k], a[k+1], r11 = carry, r12 = zero.
    .p2align 2
    .global rsa_cm_sqr
    .thumb_func
    .type rsa_cm_sqr, %function
rsa_cm_sqr:
    push    {r4-r11, lr}
    sub     sp, sp, #F_SIZE
    str     r0, [sp, #F_T]
    str     r1, [sp, #F_A]
    str     r2, [sp, #F_LEN]
    cmp     r2, #32
    beq.w   .Lsqr32z
    mov     r12, r2
    bl      rsa_cm_zero
    @ Walking state: F_B = &a[i], F_K = &t[2i+1], F_I = len - i - 4.
    ldr     r1, [sp, #F_A]
    str     r1, [sp, #F_B]
    ldr     r0, [sp, #F_T]
    adds    r0, r0, #4
    str     r0, [sp, #F_K]
    ldr     r3, [sp, #F_LEN]
    subs    r2, r3, #4
    str     r2, [sp, #F_I]
    cmp     r3, #17
    blo     .Lsqr_blk
    cmp     r3, #32
    beq.w   .Lsqr32
    cmp     r3, #64
    beq.w   .Lsqr64
    cmp     r3, #48
    beq.w   .Lsqr48
    @ len >= 17: q5 blocks of five rows first, then q4 blocks of four
    SPLIT45                            @ (uses F_I and F_K: set them again)
    subs    r2, r3, #4
    str     r2, [sp, #F_I]             @ len - i - 4
    ldr     r0, [sp, #F_T]
    adds    r0, r0, #4
    str     r0, [sp, #F_K]             @ &t[2i+1]
    ldr     r1, [sp, #F_A]
    add.w   r1, r1, r3, lsl #2
    str     r1, [sp, #F_END5]          @ end of a
    adr.w   r11, .Lsqr5_ret
    orr     r11, r11, #1
    str     r11, [sp, #F_RET]
.Lsqr5_blk:
    ldr     r1, [sp, #F_B]
    ldmia   r1!, {r2-r6}               @ a[i..i+4]; r1 = &a[i+5]
    str     r1, [sp, #F_B]
    ldr     r0, [sp, #F_K]             @ &t[2i+1]
    ldmia   r0, {r7-r10}               @ t[2i+1..2i+4]: the seeds
    @ the ten products inside the block, as four partial steps
    mov.w   r11, #0
    umaal   r7, r11, r2, r3            @ column 2i+1 done
    str     r7, [r0]
    umaal   r11, r8, r2, r4            @ column 2i+2 done
    str     r11, [r0, #4]
    mov.w   r7, #0
    umaal   r7, r8, r3, r4
    umaal   r7, r9, r2, r5             @ column 2i+3 done
    str     r7, [r0, #8]
    umaal   r8, r9, r3, r5
    mov.w   r11, #0
    umaal   r11, r9, r4, r5
    umaal   r8, r10, r2, r6            @ column 2i+4 done
    str     r8, [r0, #12]
    umaal   r11, r10, r3, r6           @ column 2i+5
    umaal   r9, r10, r4, r6            @ column 2i+6
    mov.w   r12, #0
    umaal   r12, r10, r5, r6           @ column 2i+7, r10 = column 2i+8
    add.w   r7, r0, #40
    str     r7, [sp, #F_K]             @ next block: &t[2i+11]
    adds    r0, r0, #16                @ &t[2i+5]
    mov     r7, r11
    mov     r8, r9
    mov     r9, r12
    mov.w   r11, #0
    ldr     r12, [sp, #F_I]            @ len - i - 4
    subs    r12, r12, #5
    str     r12, [sp, #F_I]            @ next block: len - (i+5) - 4
    adds    r12, r12, #4               @ L = len - i - 5
    b       rsa_cm_stream5_l
.Lsqr5_ret:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    ldr     r3, [sp, #F_Q5]
    subs    r3, r3, #1
    str     r3, [sp, #F_Q5]
    bne     .Lsqr5_blk
.Lsqr_blk:
    ldr     r12, [sp, #F_I]            @ L = len - i - 4
    cmp     r12, #0
    blt     .Lsqr_rows
    sub     r11, r12, #4
    str     r11, [sp, #F_I]
    ldr     r1, [sp, #F_B]
    ldmia   r1!, {r2-r5}               @ a[i..i+3]; r1 = &a[i+4]
    str     r1, [sp, #F_B]
    ldr     r0, [sp, #F_K]             @ &t[2i+1]
    ldmia   r0, {r9-r11}               @ t[2i+1], t[2i+2], t[2i+3]
    @ column 2i+1: a_i a_{i+1}
    mov.w   r6, #0
    umaal   r9, r6, r2, r3             @ r9 done, r6 = column 2i+2 acc
    @ column 2i+2: a_i a_{i+2}; a_{i+1} a_{i+2} goes to 2i+3
    umaal   r6, r10, r2, r4            @ r6 done
    mov.w   r7, #0
    umaal   r7, r10, r3, r4            @ r7 = col 2i+3 acc, r10 = col 2i+4
    @ column 2i+3: a_i a_{i+3}; a_{i+1} a_{i+3} -> 2i+4; a_{i+2} a_{i+3} -> 2i+5
    umaal   r7, r11, r2, r5            @ r7 done
    umaal   r10, r11, r3, r5           @ col 2i+4 acc
    mov.w   r8, #0
    umaal   r8, r11, r4, r5            @ r8 = col 2i+5, r11 = col 2i+6
    str     r9, [r0]
    str     r6, [r0, #4]
    str     r7, [r0, #8]
    add.w   r9, r0, #32
    str     r9, [sp, #F_K]             @ next block: &t[2i+9]
    adds    r0, r0, #12                @ &t[2i+4]
    mov     r6, r10
    mov     r7, r8
    mov     r8, r11
    bl      rsa_cm_stream_l
    stmia   r0, {r6-r9}                @ t[i+len..i+len+4)
    b       .Lsqr_blk
.Lsqr_rows:
    @ rows i..len-1 one at a time (fewer than four left); row length
    @ L = len - i - 1 = r12 + 3
    adds    r12, r12, #3
    bmi     .Lsqr_diag
    str     r12, [sp, #F_I]
    ldr     r1, [sp, #F_B]
    ldr     r2, [r1], #4               @ m = a[i]; r1 = &a[i+1]
    str     r1, [sp, #F_B]
    ldr     r0, [sp, #F_K]             @ &t[2i+1]
    add.w   r3, r0, #8
    str     r3, [sp, #F_K]
    bl      rsa_cm_row1
    str     r7, [r0]                   @ t[i+len]
    ldr     r12, [sp, #F_I]
    subs    r12, r12, #4               @ next row: L - 1, minus the +3 above
    b       .Lsqr_rows
.Lsqr_diag:
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_A]
    ldr     r2, [sp, #F_LEN]
    add.w   r10, r1, r2, lsl #2        @ end of a
    and     r3, r2, #7
    add.w   r3, r1, r3, lsl #2         @ end of the first len mod 8 limbs
    and     r2, r2, #1
    mov.w   r11, #0
    mov.w   r12, #0
    cmn     r12, r12                   @ C = 0
    cbz     r2, 1f
    @ odd length: one limb first
    ldrd    r4, r5, [r0]
    ldr     r6, [r1], #4
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r4, r11, r6, r6
    umaal   r5, r11, r12, r12
    strd    r4, r5, [r0], #8
1:  @ two limbs (four words) at a time up to len mod 8 limbs
    teq     r1, r3
    beq     3f
    ldmia   r0, {r4-r7}
    ldmia   r1!, {r8, r9}
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    umaal   r4, r11, r8, r8
    umaal   r5, r11, r12, r12
    umaal   r6, r11, r9, r9
    umaal   r7, r11, r12, r12
    stmia   r0!, {r4-r7}
    b       1b
3:  @ then eight limbs per iteration
    teq     r1, r10
    beq     2f
4:
    ldmia   r0, {r4-r7}
    ldmia   r1!, {r8, r9}
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    umaal   r4, r11, r8, r8
    umaal   r5, r11, r12, r12
    umaal   r6, r11, r9, r9
    umaal   r7, r11, r12, r12
    stmia   r0!, {r4-r7}
    ldmia   r0, {r4-r7}
    ldmia   r1!, {r8, r9}
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    umaal   r4, r11, r8, r8
    umaal   r5, r11, r12, r12
    umaal   r6, r11, r9, r9
    umaal   r7, r11, r12, r12
    stmia   r0!, {r4-r7}
    ldmia   r0, {r4-r7}
    ldmia   r1!, {r8, r9}
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    umaal   r4, r11, r8, r8
    umaal   r5, r11, r12, r12
    umaal   r6, r11, r9, r9
    umaal   r7, r11, r12, r12
    stmia   r0!, {r4-r7}
    ldmia   r0, {r4-r7}
    ldmia   r1!, {r8, r9}
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    umaal   r4, r11, r8, r8
    umaal   r5, r11, r12, r12
    umaal   r6, r11, r9, r9
    umaal   r7, r11, r12, r12
    stmia   r0!, {r4-r7}
    teq     r1, r10
    bne     4b
2:
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .size rsa_cm_sqr, . - rsa_cm_sqr

@ ---------------------------------------------------------------------------
@ void rsa_cm_redc(u32 *r, u32 *t, const u32 *n, usize len, u32 n0)
@ r = t * 2^(-32 len) mod n in [0, n), for t < n * 2^(32 len);
@ n0 = -n^-1 mod 2^32; t (2 len words) is clobbered.  len >= 1.
@
@ Four rows at a time.  For the block at row i, the prologue finds the four
@ quotient words m0..m3 that clear t[i..i+4): it runs the 4x4 triangle of
@ the reduction on copies of t[i..i+3] (9 UMAAL + 4 MUL; m_k depends only
@ on the low words, so truncation is exact).  Then the stream adds
@ (m0..m3) * n into t[i..i+len) from scratch, and the window is added into
@ t[i+len..i+len+4) with the pending carry from the previous block (a
@ single bit that the next block, whose window starts exactly there, takes
@ in; it is the "top" word at the end).  For len >= 17 the first blocks
@ have five rows (REDC_QUOTIENTS5: the 5x5 triangle, 14 UMAAL + 5 MUL; the
@ 5-row stream; a five-word epilogue), the rest four, with no partial
@ block.  Otherwise rows left over run as one more
@ block with the surplus m_k set to zero (no effect) and only the valid
@ window words added; len < 4 uses the one-row loop (m = t[i] * n0).
@ Then the constant-time final subtraction: r = x - n with the borrow
@ chain (SBCS, four words per LDM/STM, loops on TEQ/TST, which keep the
@ carry), mask = top - borrow (0 or all ones) turned into the GE flags by
@ UADD8, and r = SEL(x, r) word by word.
@ Registers: r2-r5 = quotients, r6-r11 and r12 = n0 in the prologue, then
@ the stream's; the epilogue adds r6-r9 into r2-r5 (LDM/ADCS/STM).  The
@ walking t pointer, block count, pending carry and the stream's entry live
@ in the frame.  Final subtraction: r0/r1/r2 = r/x/n pointers, r4-r7 and
@ r8-r11 the words, r12/lr end pointers.
@ Per word product: 1.75 instructions in the stream, plus per block of four
@ rows about 45 (quotients 19, entry 11, epilogue 13); final subtraction
@ about 4 instructions per word.
    .p2align 2
    .global rsa_cm_redc
    .thumb_func
    .type rsa_cm_redc, %function
rsa_cm_redc:
    push    {r4-r11, lr}
    sub     sp, sp, #F_SIZE
    mov.w   r4, #0
    str     r4, [sp, #F_LAZY]
.Lredc_common:
    str     r0, [sp, #F_R]
    str     r1, [sp, #F_T]
    str     r1, [sp, #F_B]             @ t (F_T walks down the blocks)
    str     r2, [sp, #F_A]
    str     r3, [sp, #F_LEN]
    mov.w   r4, #0
    str     r4, [sp, #F_I]
    str     r4, [sp, #F_PEND]
    cmp     r3, #32
    beq.w   .Lredc32
    cmp     r3, #4
    blo     .Lredc_small
    mov     r12, r3
    ENTRY_SETUP
    ldr     r3, [sp, #F_LEN]
    cmp     r3, #64
    beq.w   .Lredc64
    cmp     r3, #48
    beq.w   .Lredc48
    cmp     r3, #128
    beq.w   .Lredc128
    cmp     r3, #96
    beq.w   .Lredc96
    cmp     r3, #17
    blo     .Lredc_r4only
    SPLIT45
    ldr     r1, [sp, #F_A]
    mov     r12, r3
    ENTRY_SETUP5
    SPECIAL32
    adr.w   r11, .Lredc5_ret
    orr     r11, r11, #1
    str     r11, [sp, #F_RET]
.Lredc5_blk:
    ldr     r0, [sp, #F_T]             @ &t[i]
    ldr     r1, [sp, #F_A]             @ n
    ldr     r12, [sp, #F_ARG5]         @ n0
    add.w   r11, r0, #20
    str     r11, [sp, #F_T]
    REDC_QUOTIENTS5
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_A]
    subs    r0, r0, #20
    ENTER_ZERO5
.Lredc5_ret:
    @ t[i+len..i+len+5) += window + pending carry
    ldr     lr, [sp, #F_PEND]
    ldmia   r0, {r2-r6}
    lsrs    lr, lr, #1                 @ C = pending
    adcs    r2, r2, r7
    adcs    r3, r3, r8
    adcs    r4, r4, r9
    adcs    r5, r5, r10
    adcs    r6, r6, r11
    stmia   r0, {r2-r6}
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    ldr     r3, [sp, #F_Q5]
    subs    r3, r3, #1
    str     r3, [sp, #F_Q5]
    bne     .Lredc5_blk
    b       .Lredc_r4
.Lredc_r4only:
    lsrs    r2, r3, #2
    str     r2, [sp, #F_I]             @ full blocks of four
    and     r3, r3, #3
    str     r3, [sp, #F_K]             @ rows in the partial block
.Lredc_r4:
    ldr     r3, [sp, #F_I]
    cmp     r3, #0
    beq     .Lredc_left
.Lredc_blk:
    ldr     r0, [sp, #F_T]             @ &t[i]
    ldr     r1, [sp, #F_A]             @ n
    ldr     r12, [sp, #F_ARG5]         @ n0
    add.w   r11, r0, #16
    str     r11, [sp, #F_T]
    REDC_QUOTIENTS
    ENTER_ZERO
    @ t[i+len..i+len+4) += window + pending carry
    ldr     lr, [sp, #F_PEND]
    ldmia   r0, {r2-r5}
    lsrs    lr, lr, #1                 @ C = pending
    adcs    r2, r2, r6
    adcs    r3, r3, r7
    adcs    r4, r4, r8
    adcs    r5, r5, r9
    stmia   r0, {r2-r5}
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    ldr     r3, [sp, #F_I]
    subs    r3, r3, #1
    str     r3, [sp, #F_I]
    bne     .Lredc_blk
.Lredc_left:
    @ the last len mod 4 rows: a block whose surplus quotients are zero
    ldr     r3, [sp, #F_K]
    cmp     r3, #0
    beq     .Lredc_final
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_A]
    ldr     r12, [sp, #F_ARG5]
    REDC_QUOTIENTS
    ldr     r12, [sp, #F_K]
    mov.w   r5, #0
    cmp     r12, #3
    beq     2f
    mov.w   r4, #0
    cmp     r12, #2
    beq     2f
    mov.w   r3, #0
2:
    ENTER_ZERO
    @ t[i+len..i+len+k) += window + pending (k = 1..3)
    ldr     r12, [sp, #F_K]
    ldr     lr, [sp, #F_PEND]
    lsrs    lr, lr, #1
    ldr     r2, [r0]
    adcs    r2, r2, r6
    str     r2, [r0], #4
    teq     r12, #1
    beq     5f
    ldr     r2, [r0]
    adcs    r2, r2, r7
    str     r2, [r0], #4
    teq     r12, #2
    beq     5f
    ldr     r2, [r0]
    adcs    r2, r2, r8
    str     r2, [r0], #4
5:
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    b       .Lredc_final

.Lredc_small:
    @ len < 4: row i with m = t[i] * n0
    ldr     r11, [sp, #F_I]
    ldr     r3, [sp, #F_LEN]
    cmp     r11, r3
    beq     .Lredc_final
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, r11, lsl #2
    ldr     r2, [r0]
    ldr     r12, [sp, #F_ARG5]
    mul     r2, r2, r12
    add.w   r11, r11, #1
    str     r11, [sp, #F_I]
    ldr     r1, [sp, #F_A]
    mov     r12, r3
    bl      rsa_cm_row1
    ldr     r2, [r0]
    ldr     lr, [sp, #F_PEND]
    lsrs    lr, lr, #1
    adcs    r2, r2, r7
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    str     r2, [r0]
    b       .Lredc_small

.Lredc_final:
    ldr     r4, [sp, #F_LAZY]
    cmp     r4, #0
    bne.w   .Lredc_lazy
    @ x = t[len..2len), top = pending.  Pass 1: r = x - n (SBCS chain),
    @ eight words per iteration, then four, then single words.
    ldr     r0, [sp, #F_R]
    ldr     r3, [sp, #F_LEN]
    ldr     r1, [sp, #F_B]
    add.w   r1, r1, r3, lsl #2         @ x
    ldr     r2, [sp, #F_A]             @ n
    bic     r12, r3, #7
    add.w   r12, r1, r12, lsl #2       @ end of the 8-word groups in x
    add.w   lr, r1, r3, lsl #2         @ end of x
    cmp     r0, r0                     @ C = 1 (no borrow)
    teq     r1, r12
    beq     2f
1:
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    teq     r1, r12
    bne     1b
2:
    tst     r3, #4                     @ TST #4 leaves C alone
    beq     3f
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
3:
    teq     r1, lr
    beq     4f
5:
    ldr     r4, [r1], #4
    ldr     r8, [r2], #4
    sbcs    r4, r4, r8
    str     r4, [r0], #4
    teq     r1, lr
    bne     5b
4:
    @ mask = top - borrow: all ones (keep x) or zero (keep x - n); GE
    @ flags = all four set iff mask is all ones.  Pass 2: r = SEL(x, r).
    ldr     r4, [sp, #F_PEND]
    sbc     r4, r4, #0
    uadd8   r4, r4, r4
    ldr     r0, [sp, #F_R]
    ldr     r1, [sp, #F_B]
    add.w   r1, r1, r3, lsl #2         @ x
    bic     r12, r3, #3
    add.w   r12, r1, r12, lsl #2       @ end of the 4-word groups in x
    teq     r1, r12
    beq     2f
1:
    ldmia   r0, {r4-r7}
    ldmia   r1!, {r8-r11}
    sel     r4, r8, r4
    sel     r5, r9, r5
    sel     r6, r10, r6
    sel     r7, r11, r7
    stmia   r0!, {r4-r7}
    cmp     r1, r12
    bne     1b
2:
    cmp     r1, lr
    beq     4f
3:
    ldr     r4, [r0]
    ldr     r8, [r1], #4
    sel     r4, r8, r4
    str     r4, [r0], #4
    cmp     r1, lr
    bne     3b
4:
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
.Lredc_lazy:
    @ Lazy final step (rsa_cm_redc_lazy): the value is top*R + x < R + n
    @ for t < R^2, so r = x - (n AND -top) is below R and congruent; one
    @ pass, no comparison with n.  Eight words per iteration, then single
    @ words (AND without S keeps the borrow in C; TEQ too).
    ldr     r0, [sp, #F_R]
    ldr     r3, [sp, #F_LEN]
    ldr     r1, [sp, #F_B]
    add.w   r1, r1, r3, lsl #2         @ x
    ldr     r2, [sp, #F_A]             @ n
    ldr     r12, [sp, #F_PEND]
    rsb     r12, r12, #0               @ mask = -top
    bic     lr, r3, #7
    add.w   lr, r1, lr, lsl #2         @ end of the 8-word groups in x
    add.w   r3, r1, r3, lsl #2         @ end of x
    cmp     r0, r0                     @ C = 1 (no borrow)
    teq     r1, lr
    beq     2f
1:
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    teq     r1, lr
    bne     1b
2:
    teq     r1, r3
    beq     4f
3:
    ldr     r4, [r1], #4
    ldr     r8, [r2], #4
    and     r8, r8, r12
    sbcs    r4, r4, r8
    str     r4, [r0], #4
    teq     r1, r3
    bne     3b
4:
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .size rsa_cm_redc, . - rsa_cm_redc

@ void rsa_cm_redc_lazy(u32 *r, const u32 *t, const u32 *n, usize len, u32 n0)
@ r = t * 2^(-32 len) mod n, but only below R = 2^(32 len) (not
@ necessarily below n), for any t < R^2: the reduction above with the
@ lazy final step.  For the exponentiation loops, whose operands stay < R.
    .p2align 2
    .global rsa_cm_redc_lazy
    .thumb_func
    .type rsa_cm_redc_lazy, %function
rsa_cm_redc_lazy:
    push    {r4-r11, lr}
    sub     sp, sp, #F_SIZE
    mov.w   r4, #1
    str     r4, [sp, #F_LAZY]
    b.w     .Lredc_common
    .size rsa_cm_redc_lazy, . - rsa_cm_redc_lazy

@ ---------------------------------------------------------------------------
@ void rsa_cm_select(u32 *r, const u32 *table, usize len, usize count,
@                    usize index)
@ r = table[index * len ..][..len]; 1 <= count <= 256, index < count.
@
@ Every entry is read, in the same order, whatever the index.  The words are
@ taken four at a time (then one at a time for len mod 4): for each group
@ r4-r7 accumulate, and for every entry an LDM brings the entry's four
@ words and SEL keeps them only where the GE flags are set.  The GE flags
@ come from one UADD8 per entry on a counter D whose four bytes all hold
@ (e - index - 1) mod 256: the byte sums with 0x01 carry out (GE = 1111)
@ exactly when e == index, and D steps to the next entry at the same time.
@ Registers: r0 = r, r1 = entry pointer (walks down the table and back),
@ r2 = stride (len*4), r3 = entries left, r4-r7 = accumulator,
@ r8-r11 = entry words, r12 = 0x01010101, lr = D.  Per entry and group of
@ four words: LDM, ADD, UADD8, 4 SEL (7 instructions), the loop unrolled
@ over two entries.
@ One entry of the 16-entry path: eight words r2/r3/r12 at a time into the
@ accumulators r4-r11, kept where GE is set.  The GE flags come from
@ doubling D (lr) bytewise: UADD8 D, D, D carries out of every byte exactly
@ when its top bit is set, and D starts as 0x80 >> (index - first entry of
@ the eight) in every byte, so the one-hot bit reaches the top at the
@ index.  r1 walks the table (r0 = stride - 24).  21 cycles per entry.
    .macro SEL8_ENTRY
    uadd8   lr, lr, lr
    ldmia   r1!, {r2, r3, r12}
    sel     r4, r2, r4
    sel     r5, r3, r5
    sel     r6, r12, r6
    ldmia   r1!, {r2, r3, r12}
    sel     r7, r2, r7
    sel     r8, r3, r8
    sel     r9, r12, r9
    ldmia   r1, {r2, r3}
    sel     r10, r2, r10
    sel     r11, r3, r11
    add     r1, r1, r0
    .endm

@ The same for len = 32 (stride 128 bytes), with r0 as a fourth entry word.
    .macro SEL8_ENTRY32
    uadd8   lr, lr, lr
    ldmia   r1!, {r0, r2, r3, r12}
    sel     r4, r0, r4
    sel     r5, r2, r5
    sel     r6, r3, r6
    sel     r7, r12, r7
    ldmia   r1, {r0, r2, r3, r12}
    sel     r8, r0, r8
    sel     r9, r2, r9
    sel     r10, r3, r10
    sel     r11, r12, r11
    add.w   r1, r1, #112
    .endm

    .p2align 2
    .global rsa_cm_select
    .thumb_func
    .type rsa_cm_select, %function
rsa_cm_select:
    push    {r4-r11, lr}
    sub     sp, sp, #36
    ldr     r4, [sp, #72]              @ index
    mvn     r4, r4
    and     r4, r4, #255
    movw    r12, #0x0101
    movt    r12, #0x0101
    mul     r4, r4, r12                @ D0 = (-index-1) mod 256, in every byte
    str     r4, [sp, #0]
    str     r3, [sp, #8]               @ count
    and     r4, r2, #3
    str     r4, [sp, #16]              @ single words after the groups
    lsrs    r4, r2, #2
    str     r4, [sp, #4]               @ groups of four words
    lsl.w   r2, r2, #2                 @ stride in bytes
    mul     r5, r3, r2
    str     r5, [sp, #12]              @ count * stride: one walk down the table
    @ 16 entries (the 4-bit window table): groups of eight words, entries
    @ unrolled, then the loops below for the last len mod 8 words.
    cmp     r3, #16
    bne     9f
    lsrs    r5, r4, #1                 @ groups of eight
    beq     9f
    str     r5, [sp, #32]
    and     r4, r4, #1
    str     r4, [sp, #4]               @ a group of four may be left
    ldr     r4, [sp, #72]              @ index
    mov.w   r5, #0x80
    lsr.w   r6, r5, r4                 @ 0x80 >> index (0 from index 8 on)
    orr     r6, r6, r6, lsl #8
    orr     r6, r6, r6, lsl #16
    str     r6, [sp, #24]              @ D for entries 0..7
    sub     r4, r4, #8                 @ (index < 8: shift >= 248, gives 0)
    lsr.w   r6, r5, r4
    orr     r6, r6, r6, lsl #8
    orr     r6, r6, r6, lsl #16
    str     r6, [sp, #28]              @ D for entries 8..15
    str     r0, [sp, #20]
    cmp     r2, #128
    beq.w   .Lsel32                    @ len = 32: stride as an immediate
    sub     r0, r2, #24                @ stride - 24
.Lsel8_grp:
    mov.w   r4, #0
    mov.w   r5, #0
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    mov.w   r11, #0
    ldr     lr, [sp, #24]
    .rept 8
    SEL8_ENTRY
    .endr
    ldr     lr, [sp, #28]
    .rept 8
    SEL8_ENTRY
    .endr
    ldr     r2, [sp, #20]
    stmia   r2!, {r4-r11}
    str     r2, [sp, #20]
    ldr     r2, [sp, #12]
    sub     r1, r1, r2
    adds    r1, r1, #32                @ next group of the first entry
    ldr     r2, [sp, #32]
    subs    r2, r2, #1
    str     r2, [sp, #32]
    bne     .Lsel8_grp
    add.w   r2, r0, #24                @ stride
    ldr     r0, [sp, #20]
    movw    r12, #0x0101
    movt    r12, #0x0101
9:
    ldr     r4, [sp, #4]
    cmp     r4, #0
    beq     .Lsel_words
.Lsel_grp:
    mov.w   r4, #0
    mov.w   r5, #0
    mov.w   r6, #0
    mov.w   r7, #0
    ldr     lr, [sp, #0]
    ldr     r3, [sp, #8]
    tst     r3, #1
    beq     1f
    @ odd count: one entry first
    ldmia   r1, {r8-r11}
    add     r1, r1, r2
    uadd8   lr, lr, r12
    sel     r4, r8, r4
    sel     r5, r9, r5
    sel     r6, r10, r6
    sel     r7, r11, r7
    subs    r3, r3, #1
    beq     2f
1:  @ two entries per iteration
    ldmia   r1, {r8-r11}
    add     r1, r1, r2
    uadd8   lr, lr, r12
    sel     r4, r8, r4
    sel     r5, r9, r5
    sel     r6, r10, r6
    sel     r7, r11, r7
    ldmia   r1, {r8-r11}
    add     r1, r1, r2
    uadd8   lr, lr, r12
    sel     r4, r8, r4
    sel     r5, r9, r5
    sel     r6, r10, r6
    sel     r7, r11, r7
    subs    r3, r3, #2
    bne     1b
2:
    stmia   r0!, {r4-r7}
    ldr     r3, [sp, #12]
    sub     r1, r1, r3
    adds    r1, r1, #16                @ next group of the first entry
    ldr     r4, [sp, #4]
    subs    r4, r4, #1
    str     r4, [sp, #4]
    bne     .Lsel_grp
.Lsel_words:
    ldr     r5, [sp, #16]
    cmp     r5, #0
    beq     .Lsel_done
.Lsel_w:
    mov.w   r4, #0
    ldr     lr, [sp, #0]
    ldr     r3, [sp, #8]
    mov     r6, r1
1:
    ldr     r8, [r6]
    add     r6, r6, r2
    uadd8   lr, lr, r12
    sel     r4, r8, r4
    subs    r3, r3, #1
    bne     1b
    str     r4, [r0], #4
    adds    r1, r1, #4
    ldr     r5, [sp, #16]
    subs    r5, r5, #1
    str     r5, [sp, #16]
    bne     .Lsel_w
.Lsel_done:
    add     sp, sp, #36
    pop     {r4-r11, pc}
.Lsel32:
    @ len = 32, 16 entries: as .Lsel8_grp with the stride (128 bytes) as an
    @ immediate, which frees r0 for a fourth entry word: two LDMs of four
    @ per entry (20 cycles instead of 21).  Ends the routine (32 = 4 * 8).
    mov.w   r4, #0
    mov.w   r5, #0
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    mov.w   r11, #0
    ldr     lr, [sp, #24]
    .rept 8
    SEL8_ENTRY32
    .endr
    ldr     lr, [sp, #28]
    .rept 8
    SEL8_ENTRY32
    .endr
    ldr     r2, [sp, #20]
    stmia   r2!, {r4-r11}
    str     r2, [sp, #20]
    sub.w   r1, r1, #(16 * 128 - 32)   @ next group of the first entry
    ldr     r2, [sp, #32]
    subs    r2, r2, #1
    str     r2, [sp, #32]
    bne     .Lsel32
    b       .Lsel_done
    .size rsa_cm_select, . - rsa_cm_select

@ ---------------------------------------------------------------------------
@ Fixed-length streams for len = 32 (1024-bit operands: the CRT halves of
@ RSA-2048), used by mul and redc in place of the Duff's-device streams
@ (ENTRY_SETUP/ENTRY_SETUP5 point F_S/F_S5 here, with zero offsets):
@ thirty-two straight steps, no loop test, no pointer offset.  Same
@ registers and contract as rsa_cm_stream_si / rsa_cm_stream5 from an
@ all-zero window; the first step uses the rotation that leaves the final
@ window in r6-r9 (r7-r11 for five rows).  r0 ends at &t[first + 32].
    .p2align 2
    .thumb_func
    .type rsa_cm_s4x32, %function
rsa_cm_s4x32:
    ldr     r11, [r1, #0]
    ldr     r8, [r0, #0]
    umaal   r9, r8, r2, r11
    umaal   r10, r8, r3, r11
    umaal   r6, r8, r4, r11
    umaal   r7, r8, r5, r11
    str     r9, [r0, #0]
    ldr     r11, [r1, #4]
    ldr     r9, [r0, #4]
    umaal   r10, r9, r2, r11
    umaal   r6, r9, r3, r11
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r5, r11
    str     r10, [r0, #4]
    ldr     r11, [r1, #8]
    ldr     r10, [r0, #8]
    umaal   r6, r10, r2, r11
    umaal   r7, r10, r3, r11
    umaal   r8, r10, r4, r11
    umaal   r9, r10, r5, r11
    str     r6, [r0, #8]
    ldr     r11, [r1, #12]
    ldr     r6, [r0, #12]
    umaal   r7, r6, r2, r11
    umaal   r8, r6, r3, r11
    umaal   r9, r6, r4, r11
    umaal   r10, r6, r5, r11
    str     r7, [r0, #12]
.L4x_k4:
    ldr     r11, [r1, #16]
    ldr     r7, [r0, #16]
    umaal   r8, r7, r2, r11
    umaal   r9, r7, r3, r11
    umaal   r10, r7, r4, r11
    umaal   r6, r7, r5, r11
    str     r8, [r0, #16]
    ldr     r11, [r1, #20]
    ldr     r8, [r0, #20]
    umaal   r9, r8, r2, r11
    umaal   r10, r8, r3, r11
    umaal   r6, r8, r4, r11
    umaal   r7, r8, r5, r11
    str     r9, [r0, #20]
    ldr     r11, [r1, #24]
    ldr     r9, [r0, #24]
    umaal   r10, r9, r2, r11
    umaal   r6, r9, r3, r11
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r5, r11
    str     r10, [r0, #24]
    ldr     r11, [r1, #28]
    ldr     r10, [r0, #28]
    umaal   r6, r10, r2, r11
    umaal   r7, r10, r3, r11
    umaal   r8, r10, r4, r11
    umaal   r9, r10, r5, r11
    str     r6, [r0, #28]
    ldr     r11, [r1, #32]
    ldr     r6, [r0, #32]
    umaal   r7, r6, r2, r11
    umaal   r8, r6, r3, r11
    umaal   r9, r6, r4, r11
    umaal   r10, r6, r5, r11
    str     r7, [r0, #32]
    ldr     r11, [r1, #36]
    ldr     r7, [r0, #36]
    umaal   r8, r7, r2, r11
    umaal   r9, r7, r3, r11
    umaal   r10, r7, r4, r11
    umaal   r6, r7, r5, r11
    str     r8, [r0, #36]
    ldr     r11, [r1, #40]
    ldr     r8, [r0, #40]
    umaal   r9, r8, r2, r11
    umaal   r10, r8, r3, r11
    umaal   r6, r8, r4, r11
    umaal   r7, r8, r5, r11
    str     r9, [r0, #40]
    ldr     r11, [r1, #44]
    ldr     r9, [r0, #44]
    umaal   r10, r9, r2, r11
    umaal   r6, r9, r3, r11
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r5, r11
    str     r10, [r0, #44]
    ldr     r11, [r1, #48]
    ldr     r10, [r0, #48]
    umaal   r6, r10, r2, r11
    umaal   r7, r10, r3, r11
    umaal   r8, r10, r4, r11
    umaal   r9, r10, r5, r11
    str     r6, [r0, #48]
    ldr     r11, [r1, #52]
    ldr     r6, [r0, #52]
    umaal   r7, r6, r2, r11
    umaal   r8, r6, r3, r11
    umaal   r9, r6, r4, r11
    umaal   r10, r6, r5, r11
    str     r7, [r0, #52]
    ldr     r11, [r1, #56]
    ldr     r7, [r0, #56]
    umaal   r8, r7, r2, r11
    umaal   r9, r7, r3, r11
    umaal   r10, r7, r4, r11
    umaal   r6, r7, r5, r11
    str     r8, [r0, #56]
    ldr     r11, [r1, #60]
    ldr     r8, [r0, #60]
    umaal   r9, r8, r2, r11
    umaal   r10, r8, r3, r11
    umaal   r6, r8, r4, r11
    umaal   r7, r8, r5, r11
    str     r9, [r0, #60]
    ldr     r11, [r1, #64]
    ldr     r9, [r0, #64]
    umaal   r10, r9, r2, r11
    umaal   r6, r9, r3, r11
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r5, r11
    str     r10, [r0, #64]
    ldr     r11, [r1, #68]
    ldr     r10, [r0, #68]
    umaal   r6, r10, r2, r11
    umaal   r7, r10, r3, r11
    umaal   r8, r10, r4, r11
    umaal   r9, r10, r5, r11
    str     r6, [r0, #68]
    ldr     r11, [r1, #72]
    ldr     r6, [r0, #72]
    umaal   r7, r6, r2, r11
    umaal   r8, r6, r3, r11
    umaal   r9, r6, r4, r11
    umaal   r10, r6, r5, r11
    str     r7, [r0, #72]
    ldr     r11, [r1, #76]
    ldr     r7, [r0, #76]
    umaal   r8, r7, r2, r11
    umaal   r9, r7, r3, r11
    umaal   r10, r7, r4, r11
    umaal   r6, r7, r5, r11
    str     r8, [r0, #76]
    ldr     r11, [r1, #80]
    ldr     r8, [r0, #80]
    umaal   r9, r8, r2, r11
    umaal   r10, r8, r3, r11
    umaal   r6, r8, r4, r11
    umaal   r7, r8, r5, r11
    str     r9, [r0, #80]
    ldr     r11, [r1, #84]
    ldr     r9, [r0, #84]
    umaal   r10, r9, r2, r11
    umaal   r6, r9, r3, r11
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r5, r11
    str     r10, [r0, #84]
    ldr     r11, [r1, #88]
    ldr     r10, [r0, #88]
    umaal   r6, r10, r2, r11
    umaal   r7, r10, r3, r11
    umaal   r8, r10, r4, r11
    umaal   r9, r10, r5, r11
    str     r6, [r0, #88]
    ldr     r11, [r1, #92]
    ldr     r6, [r0, #92]
    umaal   r7, r6, r2, r11
    umaal   r8, r6, r3, r11
    umaal   r9, r6, r4, r11
    umaal   r10, r6, r5, r11
    str     r7, [r0, #92]
    ldr     r11, [r1, #96]
    ldr     r7, [r0, #96]
    umaal   r8, r7, r2, r11
    umaal   r9, r7, r3, r11
    umaal   r10, r7, r4, r11
    umaal   r6, r7, r5, r11
    str     r8, [r0, #96]
    ldr     r11, [r1, #100]
    ldr     r8, [r0, #100]
    umaal   r9, r8, r2, r11
    umaal   r10, r8, r3, r11
    umaal   r6, r8, r4, r11
    umaal   r7, r8, r5, r11
    str     r9, [r0, #100]
    ldr     r11, [r1, #104]
    ldr     r9, [r0, #104]
    umaal   r10, r9, r2, r11
    umaal   r6, r9, r3, r11
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r5, r11
    str     r10, [r0, #104]
    ldr     r11, [r1, #108]
    ldr     r10, [r0, #108]
    umaal   r6, r10, r2, r11
    umaal   r7, r10, r3, r11
    umaal   r8, r10, r4, r11
    umaal   r9, r10, r5, r11
    str     r6, [r0, #108]
    ldr     r11, [r1, #112]
    ldr     r6, [r0, #112]
    umaal   r7, r6, r2, r11
    umaal   r8, r6, r3, r11
    umaal   r9, r6, r4, r11
    umaal   r10, r6, r5, r11
    str     r7, [r0, #112]
    ldr     r11, [r1, #116]
    ldr     r7, [r0, #116]
    umaal   r8, r7, r2, r11
    umaal   r9, r7, r3, r11
    umaal   r10, r7, r4, r11
    umaal   r6, r7, r5, r11
    str     r8, [r0, #116]
    ldr     r11, [r1, #120]
    ldr     r8, [r0, #120]
    umaal   r9, r8, r2, r11
    umaal   r10, r8, r3, r11
    umaal   r6, r8, r4, r11
    umaal   r7, r8, r5, r11
    str     r9, [r0, #120]
    ldr     r11, [r1, #124]
    ldr     r9, [r0, #124]
    umaal   r10, r9, r2, r11
    umaal   r6, r9, r3, r11
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r5, r11
    str     r10, [r0, #124]
    add.w   r0, r0, #128               @ (no flags: redc keeps a carry in C)
    bx      lr
    .size rsa_cm_s4x32, . - rsa_cm_s4x32

    .p2align 2
    .thumb_func
    .type rsa_cm_s5x32, %function
rsa_cm_s5x32:
.L5x_k0:
    ldr     lr, [r1, #0]
    ldr     r10, [r0, #0]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #0]
.L5x_k1:
    ldr     lr, [r1, #4]
    ldr     r11, [r0, #4]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #4]
.L5x_k2:
    ldr     lr, [r1, #8]
    ldr     r12, [r0, #8]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #8]
.L5x_k3:
    ldr     lr, [r1, #12]
    ldr     r7, [r0, #12]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #12]
.L5x_k4:
    ldr     lr, [r1, #16]
    ldr     r8, [r0, #16]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #16]
.L5x_k5:
    ldr     lr, [r1, #20]
    ldr     r9, [r0, #20]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #20]
.L5x_k6:
    ldr     lr, [r1, #24]
    ldr     r10, [r0, #24]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #24]
.L5x_k7:
    ldr     lr, [r1, #28]
    ldr     r11, [r0, #28]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #28]
.L5x_k8:
    ldr     lr, [r1, #32]
    ldr     r12, [r0, #32]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #32]
.L5x_k9:
    ldr     lr, [r1, #36]
    ldr     r7, [r0, #36]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #36]
.L5x_k10:
    ldr     lr, [r1, #40]
    ldr     r8, [r0, #40]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #40]
.L5x_k11:
    ldr     lr, [r1, #44]
    ldr     r9, [r0, #44]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #44]
.L5x_k12:
    ldr     lr, [r1, #48]
    ldr     r10, [r0, #48]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #48]
.L5x_k13:
    ldr     lr, [r1, #52]
    ldr     r11, [r0, #52]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #52]
.L5x_k14:
    ldr     lr, [r1, #56]
    ldr     r12, [r0, #56]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #56]
.L5x_k15:
    ldr     lr, [r1, #60]
    ldr     r7, [r0, #60]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #60]
.L5x_k16:
    ldr     lr, [r1, #64]
    ldr     r8, [r0, #64]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #64]
.L5x_k17:
    ldr     lr, [r1, #68]
    ldr     r9, [r0, #68]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #68]
.L5x_k18:
    ldr     lr, [r1, #72]
    ldr     r10, [r0, #72]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #72]
.L5x_k19:
    ldr     lr, [r1, #76]
    ldr     r11, [r0, #76]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #76]
.L5x_k20:
    ldr     lr, [r1, #80]
    ldr     r12, [r0, #80]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #80]
.L5x_k21:
    ldr     lr, [r1, #84]
    ldr     r7, [r0, #84]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #84]
.L5x_k22:
    ldr     lr, [r1, #88]
    ldr     r8, [r0, #88]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #88]
.L5x_k23:
    ldr     lr, [r1, #92]
    ldr     r9, [r0, #92]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #92]
.L5x_k24:
    ldr     lr, [r1, #96]
    ldr     r10, [r0, #96]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #96]
.L5x_k25:
    ldr     lr, [r1, #100]
    ldr     r11, [r0, #100]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #100]
.L5x_k26:
    ldr     lr, [r1, #104]
    ldr     r12, [r0, #104]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #104]
.L5x_k27:
    ldr     lr, [r1, #108]
    ldr     r7, [r0, #108]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #108]
.L5x_k28:
    ldr     lr, [r1, #112]
    ldr     r8, [r0, #112]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #112]
.L5x_k29:
    ldr     lr, [r1, #116]
    ldr     r9, [r0, #116]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #116]
.L5x_k30:
    ldr     lr, [r1, #120]
    ldr     r10, [r0, #120]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #120]
.L5x_k31:
    ldr     lr, [r1, #124]
    ldr     r11, [r0, #124]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #124]
    add.w   r0, r0, #128
    ldr     pc, [sp, #F_RET]
    .size rsa_cm_s5x32, . - rsa_cm_s5x32

@ ---------------------------------------------------------------------------
@ rsa_cm_mul32: the len = 32 path of rsa_cm_mul (branched to from its prologue;
@ kept at the end of the file so that the ADRs of the generic code stay in
@ range).
    .p2align 2
    .thumb_func
    .type rsa_cm_mul32, %function
rsa_cm_mul32:
.Lmul32:
    @ len = 32: t[0..32) cleared inline, then the blocks unrolled (four of
    @ five rows, three of four) with the fixed-length streams.
    mov.w   r2, #0
    mov.w   r3, #0
    mov.w   r4, #0
    mov.w   r5, #0
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    stmia   r0!, {r2-r9}
    stmia   r0!, {r2-r9}
    stmia   r0!, {r2-r9}
    stmia   r0!, {r2-r9}
    ldr     r1, [sp, #F_A]
    
    ldmia   r1, {r2-r6}                @ a[i..i+4]
    ldr     r0, [sp, #F_T]
    
    ldr     r1, [sp, #F_B]
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    mov.w   r11, #0
    mov.w   r12, #0
    adr.w   lr, .Lmu32_r0
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     rsa_cm_s5x32
    .p2align 1
.Lmu32_r0:
    stmia   r0, {r7-r11}
    ldr     r1, [sp, #F_A]
    add.w   r1, r1, #20
    ldmia   r1, {r2-r6}                @ a[i..i+4]
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, #20
    ldr     r1, [sp, #F_B]
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    mov.w   r11, #0
    mov.w   r12, #0
    adr.w   lr, .Lmu32_r1
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     rsa_cm_s5x32
    .p2align 1
.Lmu32_r1:
    stmia   r0, {r7-r11}
    ldr     r1, [sp, #F_A]
    add.w   r1, r1, #40
    ldmia   r1, {r2-r6}                @ a[i..i+4]
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, #40
    ldr     r1, [sp, #F_B]
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    mov.w   r11, #0
    mov.w   r12, #0
    adr.w   lr, .Lmu32_r2
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     rsa_cm_s5x32
    .p2align 1
.Lmu32_r2:
    stmia   r0, {r7-r11}
    ldr     r1, [sp, #F_A]
    add.w   r1, r1, #60
    ldmia   r1, {r2-r6}                @ a[i..i+4]
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, #60
    ldr     r1, [sp, #F_B]
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    mov.w   r11, #0
    mov.w   r12, #0
    adr.w   lr, .Lmu32_r3
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     rsa_cm_s5x32
    .p2align 1
.Lmu32_r3:
    stmia   r0, {r7-r11}
    ldr     r1, [sp, #F_A]
    add.w   r1, r1, #80
    ldmia   r1, {r2-r5}
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, #80
    ldr     r1, [sp, #F_B]
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    bl      rsa_cm_s4x32
    stmia   r0, {r6-r9}
    ldr     r1, [sp, #F_A]
    add.w   r1, r1, #96
    ldmia   r1, {r2-r5}
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, #96
    ldr     r1, [sp, #F_B]
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    bl      rsa_cm_s4x32
    stmia   r0, {r6-r9}
    ldr     r1, [sp, #F_A]
    add.w   r1, r1, #112
    ldmia   r1, {r2-r5}
    ldr     r0, [sp, #F_T]
    add.w   r0, r0, #112
    ldr     r1, [sp, #F_B]
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    mov.w   r10, #0
    bl      rsa_cm_s4x32
    stmia   r0, {r6-r9}
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .size rsa_cm_mul32, . - rsa_cm_mul32

@ ---------------------------------------------------------------------------
@ rsa_cm_sqr32: the len = 32 path of rsa_cm_sqr (branched to from its prologue;
@ kept at the end of the file so that the ADRs of the generic code stay in
@ range).
    .p2align 2
    .thumb_func
    .type rsa_cm_sqr32, %function
rsa_cm_sqr32:
.Lsqr32z:
    @ len = 32: clear t[0..32) inline (r1 = a is kept), set the walking state.
    mov.w   r2, #0
    mov.w   r3, #0
    mov.w   r4, #0
    mov.w   r5, #0
    mov.w   r6, #0
    mov.w   r7, #0
    mov.w   r8, #0
    mov.w   r9, #0
    stmia   r0!, {r2-r9}
    stmia   r0!, {r2-r9}
    stmia   r0!, {r2-r9}
    stmia   r0!, {r2-r9}
    str     r1, [sp, #F_B]
    ldr     r0, [sp, #F_T]
    adds    r0, r0, #4
    str     r0, [sp, #F_K]
.Lsqr32:
    @ len = 32 (the CRT halves of RSA-2048): six blocks of five rows
    @ (generated as for 48 and 64 limbs), unrolled with the stream lengths
    @ (27, 22, 17, 12, 7, 2) known: each runs as the last L steps of
    @ rsa_cm_s5x32, the triangle's registers renamed into the window of
    @ that step; then the one product of rows 30 and 31.
    ldr     r1, [sp, #F_A]             @ a (kept: the stream does not move r1)
    ldr     r0, [sp, #F_T]
    ldmia   r1, {r2-r6}                @ a[i..i+5)
    ldr     r8, [r0, #4]
    ldr     r9, [r0, #8]
    ldr     r11, [r0, #12]
    ldr     r7, [r0, #16]
    mov.w   r10, #0
    umaal   r8, r10, r2, r3
    str     r8, [r0, #4]
    umaal   r10, r9, r2, r4
    str     r10, [r0, #8]
    mov.w   r8, #0
    umaal   r8, r9, r3, r4
    umaal   r8, r11, r2, r5
    str     r8, [r0, #12]
    umaal   r9, r11, r3, r5
    mov.w   r10, #0
    umaal   r10, r11, r4, r5
    umaal   r9, r7, r2, r6
    str     r9, [r0, #16]
    umaal   r10, r7, r3, r6
    umaal   r11, r7, r4, r6
    mov.w   r12, #0
    umaal   r12, r7, r5, r6
    mov.w   r8, #0
    adr.w   lr, .Lsg32_r0
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k5            @ the last 27 steps
    .p2align 1
.Lsg32_r0:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    add.w   r12, r1, #20
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r7, [r0, #-84]
    ldr     r8, [r0, #-80]
    ldr     r10, [r0, #-76]
    ldr     r12, [r0, #-72]
    mov.w   r9, #0
    umaal   r7, r9, r2, r3
    str     r7, [r0, #-84]
    umaal   r9, r8, r2, r4
    str     r9, [r0, #-80]
    mov.w   r7, #0
    umaal   r7, r8, r3, r4
    umaal   r7, r10, r2, r5
    str     r7, [r0, #-76]
    umaal   r8, r10, r3, r5
    mov.w   r9, #0
    umaal   r9, r10, r4, r5
    umaal   r8, r12, r2, r6
    str     r8, [r0, #-72]
    umaal   r9, r12, r3, r6
    umaal   r10, r12, r4, r6
    mov.w   r11, #0
    umaal   r11, r12, r5, r6
    mov.w   r7, #0
    subw    r0, r0, #108
    adr.w   lr, .Lsg32_r1
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k10            @ the last 22 steps
    .p2align 1
.Lsg32_r1:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    add.w   r12, r1, #40
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r12, [r0, #-64]
    ldr     r7, [r0, #-60]
    ldr     r9, [r0, #-56]
    ldr     r11, [r0, #-52]
    mov.w   r8, #0
    umaal   r12, r8, r2, r3
    str     r12, [r0, #-64]
    umaal   r8, r7, r2, r4
    str     r8, [r0, #-60]
    mov.w   r12, #0
    umaal   r12, r7, r3, r4
    umaal   r12, r9, r2, r5
    str     r12, [r0, #-56]
    umaal   r7, r9, r3, r5
    mov.w   r8, #0
    umaal   r8, r9, r4, r5
    umaal   r7, r11, r2, r6
    str     r7, [r0, #-52]
    umaal   r8, r11, r3, r6
    umaal   r9, r11, r4, r6
    mov.w   r10, #0
    umaal   r10, r11, r5, r6
    mov.w   r12, #0
    subw    r0, r0, #108
    adr.w   lr, .Lsg32_r2
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k15            @ the last 17 steps
    .p2align 1
.Lsg32_r2:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    add.w   r12, r1, #60
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r11, [r0, #-44]
    ldr     r12, [r0, #-40]
    ldr     r8, [r0, #-36]
    ldr     r10, [r0, #-32]
    mov.w   r7, #0
    umaal   r11, r7, r2, r3
    str     r11, [r0, #-44]
    umaal   r7, r12, r2, r4
    str     r7, [r0, #-40]
    mov.w   r11, #0
    umaal   r11, r12, r3, r4
    umaal   r11, r8, r2, r5
    str     r11, [r0, #-36]
    umaal   r12, r8, r3, r5
    mov.w   r7, #0
    umaal   r7, r8, r4, r5
    umaal   r12, r10, r2, r6
    str     r12, [r0, #-32]
    umaal   r7, r10, r3, r6
    umaal   r8, r10, r4, r6
    mov.w   r9, #0
    umaal   r9, r10, r5, r6
    mov.w   r11, #0
    subw    r0, r0, #108
    adr.w   lr, .Lsg32_r3
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k20            @ the last 12 steps
    .p2align 1
.Lsg32_r3:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    add.w   r12, r1, #80
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r10, [r0, #-24]
    ldr     r11, [r0, #-20]
    ldr     r7, [r0, #-16]
    ldr     r9, [r0, #-12]
    mov.w   r12, #0
    umaal   r10, r12, r2, r3
    str     r10, [r0, #-24]
    umaal   r12, r11, r2, r4
    str     r12, [r0, #-20]
    mov.w   r10, #0
    umaal   r10, r11, r3, r4
    umaal   r10, r7, r2, r5
    str     r10, [r0, #-16]
    umaal   r11, r7, r3, r5
    mov.w   r12, #0
    umaal   r12, r7, r4, r5
    umaal   r11, r9, r2, r6
    str     r11, [r0, #-12]
    umaal   r12, r9, r3, r6
    umaal   r7, r9, r4, r6
    mov.w   r8, #0
    umaal   r8, r9, r5, r6
    mov.w   r10, #0
    subw    r0, r0, #108
    adr.w   lr, .Lsg32_r4
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k25            @ the last 7 steps
    .p2align 1
.Lsg32_r4:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    add.w   r12, r1, #100
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r9, [r0, #-4]
    ldr     r10, [r0, #0]
    ldr     r12, [r0, #4]
    ldr     r8, [r0, #8]
    mov.w   r11, #0
    umaal   r9, r11, r2, r3
    str     r9, [r0, #-4]
    umaal   r11, r10, r2, r4
    str     r11, [r0, #0]
    mov.w   r9, #0
    umaal   r9, r10, r3, r4
    umaal   r9, r12, r2, r5
    str     r9, [r0, #4]
    umaal   r10, r12, r3, r5
    mov.w   r11, #0
    umaal   r11, r12, r4, r5
    umaal   r10, r8, r2, r6
    str     r10, [r0, #8]
    umaal   r11, r8, r3, r6
    umaal   r12, r8, r4, r6
    mov.w   r7, #0
    umaal   r7, r8, r5, r6
    mov.w   r9, #0
    subw    r0, r0, #108
    adr.w   lr, .Lsg32_r5
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k30            @ the last 2 steps
    .p2align 1
.Lsg32_r5:
    @ rows 30 and 31: a[30]*a[31] into column 61 (r11), its high word is
    @ column 62, column 63 is zero; t[57..64) in one STM
    ldrd    r2, r3, [r1, #120]
    mov.w   r12, #0
    mov.w   lr, #0
    umaal   r11, r12, r2, r3
    stmia   r0, {r7-r12, lr}
    @ doubling and diagonal (as at .Lsqr_diag), unrolled for 32 limbs,
    @ eight words of t per LDM/STM (a[k] pairs in r10/lr)
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_A]
    mov.w   r11, #0
    mov.w   r12, #0
    cmn     r12, r12                   @ C = 0
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    ldmia   r0, {r2-r9}
    ldmia   r1!, {r10, lr}
    adcs    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    umaal   r2, r11, r10, r10
    umaal   r3, r11, r12, r12
    umaal   r4, r11, lr, lr
    umaal   r5, r11, r12, r12
    ldmia   r1!, {r10, lr}
    adcs    r6, r6, r6
    adcs    r7, r7, r7
    adcs    r8, r8, r8
    adcs    r9, r9, r9
    umaal   r6, r11, r10, r10
    umaal   r7, r11, r12, r12
    umaal   r8, r11, lr, lr
    umaal   r9, r11, r12, r12
    stmia   r0!, {r2-r9}
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .size rsa_cm_sqr32, . - rsa_cm_sqr32

@ redc32, five-row block at byte offset \off of t: from t[i..i+5), n[0..5)
@ and n0, the quotients m0..m4 row by row (m_k = column i+k times n0 once
@ rows 0..k-1 have been added; row k adds m_k * n[0..5) into columns
@ i+k..i+k+4 with its carry becoming column i+k+5).  The register that
@ row k clears (column i+k, now zero) is row k+1's carry.  Leaves what
@ step 5 of rsa_cm_s5x32 expects: m0..m4 in r2-r6, columns i+5..i+9 in
@ r10, r11, r12, r7, r8, r0 = &t[i], r1 = n.  m0, m1 go through the frame
@ (F_IT, F_I): fourteen registers are live in row 4.  25 UMAAL + 5 MUL.
@ No flags are touched.
    .macro REDC32_SQ5 off
    ldr     r5, [sp, #F_B]             @ t
    ldr     r11, [r5, #(\off)]
    ldr     r12, [r5, #(\off + 4)]
    ldr     r7, [r5, #(\off + 8)]
    ldr     r8, [r5, #(\off + 12)]
    ldr     r9, [r5, #(\off + 16)]
    ldr     r5, [sp, #F_A]             @ n
    ldmia   r5, {r0-r3, lr}            @ n[0..5)
    ldr     r6, [sp, #F_ARG5]          @ n0
    mul     r4, r11, r6                @ m0
    mov.w   r10, #0
    umaal   r11, r10, r4, r0           @ r11 = 0 from here on
    umaal   r12, r10, r4, r1
    umaal   r7, r10, r4, r2
    umaal   r8, r10, r4, r3
    umaal   r9, r10, r4, lr            @ r10 = column i+5
    str     r4, [sp, #F_IT]
    mul     r4, r12, r6                @ m1
    umaal   r12, r11, r4, r0           @ r12 = 0
    umaal   r7, r11, r4, r1
    umaal   r8, r11, r4, r2
    umaal   r9, r11, r4, r3
    umaal   r10, r11, r4, lr           @ r11 = column i+6
    str     r4, [sp, #F_I]
    mul     r4, r7, r6                 @ m2
    umaal   r7, r12, r4, r0            @ r7 = 0
    umaal   r8, r12, r4, r1
    umaal   r9, r12, r4, r2
    umaal   r10, r12, r4, r3
    umaal   r11, r12, r4, lr           @ r12 = column i+7
    mul     r5, r8, r6                 @ m3
    umaal   r8, r7, r5, r0             @ r8 = 0
    umaal   r9, r7, r5, r1
    umaal   r10, r7, r5, r2
    umaal   r11, r7, r5, r3
    umaal   r12, r7, r5, lr            @ r7 = column i+8
    mul     r6, r9, r6                 @ m4
    umaal   r9, r8, r6, r0             @ r9 = 0
    umaal   r10, r8, r6, r1
    umaal   r11, r8, r6, r2
    umaal   r12, r8, r6, r3
    umaal   r7, r8, r6, lr             @ r8 = column i+9
    ldr     r0, [sp, #F_B]
    ldr     r1, [sp, #F_A]
    ldrd    r2, r3, [sp, #F_IT]        @ m0, m1
    .if \off
    add.w   r0, r0, #(\off)
    .endif
    .endm

@ The same for a four-row block (step 4 of rsa_cm_s4x32: m0..m3 in r2-r5,
@ columns i+4..i+7 in r8, r9, r10, r6; everything fits in registers).
    .macro REDC32_SQ4 off
    ldr     r2, [sp, #F_B]             @ t
    ldr     r9, [r2, #(\off)]
    ldr     r10, [r2, #(\off + 4)]
    ldr     r6, [r2, #(\off + 8)]
    ldr     r7, [r2, #(\off + 12)]
    ldr     r3, [sp, #F_A]             @ n
    ldmia   r3, {r0, r1, r11, r12}     @ n[0..4)
    ldr     lr, [sp, #F_ARG5]          @ n0
    mul     r2, r9, lr                 @ m0
    mov.w   r8, #0
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
    ldr     r0, [sp, #F_B]
    ldr     r1, [sp, #F_A]
    add.w   r0, r0, #(\off)
    .endm

@ redc32 block epilogues: t[i+32..i+32+k) += window + C (r0 = &t[i+32]).
    .macro REDC32_EPI5
    ldmia   r0, {r2-r6}
    adcs    r2, r2, r7
    adcs    r3, r3, r8
    adcs    r4, r4, r9
    adcs    r5, r5, r10
    adcs    r6, r6, r11
    stmia   r0, {r2-r6}
    .endm
    .macro REDC32_EPI4
    ldmia   r0, {r2-r5}
    adcs    r2, r2, r6
    adcs    r3, r3, r7
    adcs    r4, r4, r8
    adcs    r5, r5, r9
    stmia   r0, {r2-r5}
    .endm

@ ---------------------------------------------------------------------------
@ rsa_cm_redc32: the len = 32 path of rsa_cm_redc (branched to from its prologue;
@ kept at the end of the file so that the ADRs of the generic code stay in
@ range).
    .p2align 2
    .thumb_func
    .type rsa_cm_redc32, %function
rsa_cm_redc32:
.Lredc32:
    @ len = 32: the blocks unrolled (four of five rows, three of four).
    @ Each block starts with the square of its quotients against n[0..k)
    @ (REDC32_SQ5 / REDC32_SQ4: row by row, every quotient found as soon as
    @ its column is complete), so the fixed-length stream is entered at
    @ step k with the window it expects, instead of finding the quotients
    @ on a copy and streaming all 32 steps.  The pending carry stays in the
    @ C flag from one epilogue to the next: nothing in between sets flags
    @ (MUL, UMAAL, loads, stores, ADD.W, MOV.W, ORR, branches).
    cmn     r0, #0                     @ C = 0
    REDC32_SQ5 0
    adr.w   lr, .Lrd32_r0
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k5
    .p2align 1
.Lrd32_r0:
    REDC32_EPI5
    REDC32_SQ5 20
    adr.w   lr, .Lrd32_r1
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k5
    .p2align 1
.Lrd32_r1:
    REDC32_EPI5
    REDC32_SQ5 40
    adr.w   lr, .Lrd32_r2
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k5
    .p2align 1
.Lrd32_r2:
    REDC32_EPI5
    REDC32_SQ5 60
    adr.w   lr, .Lrd32_r3
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x_k5
    .p2align 1
.Lrd32_r3:
    REDC32_EPI5
    REDC32_SQ4 80
    bl      .L4x_k4
    REDC32_EPI4
    REDC32_SQ4 96
    bl      .L4x_k4
    REDC32_EPI4
    REDC32_SQ4 112
    bl      .L4x_k4
    REDC32_EPI4
    mov.w   lr, #0
    adc     lr, lr, #0                 @ top
    ldr     r4, [sp, #F_LAZY]
    cmp     r4, #0
    itt     eq
    streq   lr, [sp, #F_PEND]
    beq.w   .Lredc_final
    @ lazy final step, unrolled: r = x - (n AND -top)
    rsb     r12, lr, #0
    ldr     r0, [sp, #F_R]
    ldr     r1, [sp, #F_B]
    add.w   r1, r1, #128               @ x
    ldr     r2, [sp, #F_A]
    cmp     r0, r0                     @ C = 1
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    and     r8, r8, r12
    and     r9, r9, r12
    and     r10, r10, r12
    and     r11, r11, r12
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .size rsa_cm_redc32, . - rsa_cm_redc32

@ ---------------------------------------------------------------------------
@ len = 48, 64, 96 and 128 (the CRT halves of RSA-3072 and RSA-4096, and
@ RSA-2048/3072/4096 public operations): one fixed-length five-row stream
@ of 128 steps, rsa_cm_s5x128 (as rsa_cm_s5x32, generated: step j uses
@ window registers W[(6-d+k) mod 6] and carry W[(5-d) mod 6], W = r7..r12,
@ d = 128 - j the steps left, so the final window is in r7-r11).  Its last
@ L steps are a stream of length L: a caller enters at step 128 - L + s
@ with r0 and r1 moved back by 4 (128 - L) bytes.  Used by mul from step 0,
@ by the REDC loops below (every block starts with the quotient square, as
@ redc32) from step 5, and by the unrolled squarings of 48 and 64 limbs.
    .p2align 2
    .thumb_func
    .type rsa_cm_s5x128, %function
rsa_cm_s5x128:
.L5x128_k0:
    ldr     lr, [r1, #0]
    ldr     r10, [r0, #0]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #0]
.L5x128_k1:
    ldr     lr, [r1, #4]
    ldr     r11, [r0, #4]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #4]
.L5x128_k2:
    ldr     lr, [r1, #8]
    ldr     r12, [r0, #8]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #8]
.L5x128_k3:
    ldr     lr, [r1, #12]
    ldr     r7, [r0, #12]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #12]
.L5x128_k4:
    ldr     lr, [r1, #16]
    ldr     r8, [r0, #16]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #16]
.L5x128_k5:
    ldr     lr, [r1, #20]
    ldr     r9, [r0, #20]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #20]
.L5x128_k6:
    ldr     lr, [r1, #24]
    ldr     r10, [r0, #24]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #24]
.L5x128_k7:
    ldr     lr, [r1, #28]
    ldr     r11, [r0, #28]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #28]
.L5x128_k8:
    ldr     lr, [r1, #32]
    ldr     r12, [r0, #32]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #32]
.L5x128_k9:
    ldr     lr, [r1, #36]
    ldr     r7, [r0, #36]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #36]
.L5x128_k10:
    ldr     lr, [r1, #40]
    ldr     r8, [r0, #40]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #40]
.L5x128_k11:
    ldr     lr, [r1, #44]
    ldr     r9, [r0, #44]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #44]
.L5x128_k12:
    ldr     lr, [r1, #48]
    ldr     r10, [r0, #48]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #48]
.L5x128_k13:
    ldr     lr, [r1, #52]
    ldr     r11, [r0, #52]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #52]
.L5x128_k14:
    ldr     lr, [r1, #56]
    ldr     r12, [r0, #56]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #56]
.L5x128_k15:
    ldr     lr, [r1, #60]
    ldr     r7, [r0, #60]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #60]
.L5x128_k16:
    ldr     lr, [r1, #64]
    ldr     r8, [r0, #64]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #64]
.L5x128_k17:
    ldr     lr, [r1, #68]
    ldr     r9, [r0, #68]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #68]
.L5x128_k18:
    ldr     lr, [r1, #72]
    ldr     r10, [r0, #72]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #72]
.L5x128_k19:
    ldr     lr, [r1, #76]
    ldr     r11, [r0, #76]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #76]
.L5x128_k20:
    ldr     lr, [r1, #80]
    ldr     r12, [r0, #80]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #80]
.L5x128_k21:
    ldr     lr, [r1, #84]
    ldr     r7, [r0, #84]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #84]
.L5x128_k22:
    ldr     lr, [r1, #88]
    ldr     r8, [r0, #88]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #88]
.L5x128_k23:
    ldr     lr, [r1, #92]
    ldr     r9, [r0, #92]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #92]
.L5x128_k24:
    ldr     lr, [r1, #96]
    ldr     r10, [r0, #96]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #96]
.L5x128_k25:
    ldr     lr, [r1, #100]
    ldr     r11, [r0, #100]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #100]
.L5x128_k26:
    ldr     lr, [r1, #104]
    ldr     r12, [r0, #104]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #104]
.L5x128_k27:
    ldr     lr, [r1, #108]
    ldr     r7, [r0, #108]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #108]
.L5x128_k28:
    ldr     lr, [r1, #112]
    ldr     r8, [r0, #112]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #112]
.L5x128_k29:
    ldr     lr, [r1, #116]
    ldr     r9, [r0, #116]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #116]
.L5x128_k30:
    ldr     lr, [r1, #120]
    ldr     r10, [r0, #120]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #120]
.L5x128_k31:
    ldr     lr, [r1, #124]
    ldr     r11, [r0, #124]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #124]
.L5x128_k32:
    ldr     lr, [r1, #128]
    ldr     r12, [r0, #128]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #128]
.L5x128_k33:
    ldr     lr, [r1, #132]
    ldr     r7, [r0, #132]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #132]
.L5x128_k34:
    ldr     lr, [r1, #136]
    ldr     r8, [r0, #136]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #136]
.L5x128_k35:
    ldr     lr, [r1, #140]
    ldr     r9, [r0, #140]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #140]
.L5x128_k36:
    ldr     lr, [r1, #144]
    ldr     r10, [r0, #144]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #144]
.L5x128_k37:
    ldr     lr, [r1, #148]
    ldr     r11, [r0, #148]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #148]
.L5x128_k38:
    ldr     lr, [r1, #152]
    ldr     r12, [r0, #152]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #152]
.L5x128_k39:
    ldr     lr, [r1, #156]
    ldr     r7, [r0, #156]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #156]
.L5x128_k40:
    ldr     lr, [r1, #160]
    ldr     r8, [r0, #160]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #160]
.L5x128_k41:
    ldr     lr, [r1, #164]
    ldr     r9, [r0, #164]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #164]
.L5x128_k42:
    ldr     lr, [r1, #168]
    ldr     r10, [r0, #168]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #168]
.L5x128_k43:
    ldr     lr, [r1, #172]
    ldr     r11, [r0, #172]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #172]
.L5x128_k44:
    ldr     lr, [r1, #176]
    ldr     r12, [r0, #176]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #176]
.L5x128_k45:
    ldr     lr, [r1, #180]
    ldr     r7, [r0, #180]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #180]
.L5x128_k46:
    ldr     lr, [r1, #184]
    ldr     r8, [r0, #184]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #184]
.L5x128_k47:
    ldr     lr, [r1, #188]
    ldr     r9, [r0, #188]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #188]
.L5x128_k48:
    ldr     lr, [r1, #192]
    ldr     r10, [r0, #192]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #192]
.L5x128_k49:
    ldr     lr, [r1, #196]
    ldr     r11, [r0, #196]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #196]
.L5x128_k50:
    ldr     lr, [r1, #200]
    ldr     r12, [r0, #200]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #200]
.L5x128_k51:
    ldr     lr, [r1, #204]
    ldr     r7, [r0, #204]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #204]
.L5x128_k52:
    ldr     lr, [r1, #208]
    ldr     r8, [r0, #208]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #208]
.L5x128_k53:
    ldr     lr, [r1, #212]
    ldr     r9, [r0, #212]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #212]
.L5x128_k54:
    ldr     lr, [r1, #216]
    ldr     r10, [r0, #216]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #216]
.L5x128_k55:
    ldr     lr, [r1, #220]
    ldr     r11, [r0, #220]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #220]
.L5x128_k56:
    ldr     lr, [r1, #224]
    ldr     r12, [r0, #224]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #224]
.L5x128_k57:
    ldr     lr, [r1, #228]
    ldr     r7, [r0, #228]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #228]
.L5x128_k58:
    ldr     lr, [r1, #232]
    ldr     r8, [r0, #232]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #232]
.L5x128_k59:
    ldr     lr, [r1, #236]
    ldr     r9, [r0, #236]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #236]
.L5x128_k60:
    ldr     lr, [r1, #240]
    ldr     r10, [r0, #240]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #240]
.L5x128_k61:
    ldr     lr, [r1, #244]
    ldr     r11, [r0, #244]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #244]
.L5x128_k62:
    ldr     lr, [r1, #248]
    ldr     r12, [r0, #248]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #248]
.L5x128_k63:
    ldr     lr, [r1, #252]
    ldr     r7, [r0, #252]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #252]
.L5x128_k64:
    ldr     lr, [r1, #256]
    ldr     r8, [r0, #256]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #256]
.L5x128_k65:
    ldr     lr, [r1, #260]
    ldr     r9, [r0, #260]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #260]
.L5x128_k66:
    ldr     lr, [r1, #264]
    ldr     r10, [r0, #264]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #264]
.L5x128_k67:
    ldr     lr, [r1, #268]
    ldr     r11, [r0, #268]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #268]
.L5x128_k68:
    ldr     lr, [r1, #272]
    ldr     r12, [r0, #272]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #272]
.L5x128_k69:
    ldr     lr, [r1, #276]
    ldr     r7, [r0, #276]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #276]
.L5x128_k70:
    ldr     lr, [r1, #280]
    ldr     r8, [r0, #280]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #280]
.L5x128_k71:
    ldr     lr, [r1, #284]
    ldr     r9, [r0, #284]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #284]
.L5x128_k72:
    ldr     lr, [r1, #288]
    ldr     r10, [r0, #288]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #288]
.L5x128_k73:
    ldr     lr, [r1, #292]
    ldr     r11, [r0, #292]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #292]
.L5x128_k74:
    ldr     lr, [r1, #296]
    ldr     r12, [r0, #296]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #296]
.L5x128_k75:
    ldr     lr, [r1, #300]
    ldr     r7, [r0, #300]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #300]
.L5x128_k76:
    ldr     lr, [r1, #304]
    ldr     r8, [r0, #304]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #304]
.L5x128_k77:
    ldr     lr, [r1, #308]
    ldr     r9, [r0, #308]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #308]
.L5x128_k78:
    ldr     lr, [r1, #312]
    ldr     r10, [r0, #312]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #312]
.L5x128_k79:
    ldr     lr, [r1, #316]
    ldr     r11, [r0, #316]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #316]
.L5x128_k80:
    ldr     lr, [r1, #320]
    ldr     r12, [r0, #320]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #320]
.L5x128_k81:
    ldr     lr, [r1, #324]
    ldr     r7, [r0, #324]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #324]
.L5x128_k82:
    ldr     lr, [r1, #328]
    ldr     r8, [r0, #328]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #328]
.L5x128_k83:
    ldr     lr, [r1, #332]
    ldr     r9, [r0, #332]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #332]
.L5x128_k84:
    ldr     lr, [r1, #336]
    ldr     r10, [r0, #336]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #336]
.L5x128_k85:
    ldr     lr, [r1, #340]
    ldr     r11, [r0, #340]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #340]
.L5x128_k86:
    ldr     lr, [r1, #344]
    ldr     r12, [r0, #344]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #344]
.L5x128_k87:
    ldr     lr, [r1, #348]
    ldr     r7, [r0, #348]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #348]
.L5x128_k88:
    ldr     lr, [r1, #352]
    ldr     r8, [r0, #352]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #352]
.L5x128_k89:
    ldr     lr, [r1, #356]
    ldr     r9, [r0, #356]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #356]
.L5x128_k90:
    ldr     lr, [r1, #360]
    ldr     r10, [r0, #360]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #360]
.L5x128_k91:
    ldr     lr, [r1, #364]
    ldr     r11, [r0, #364]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #364]
.L5x128_k92:
    ldr     lr, [r1, #368]
    ldr     r12, [r0, #368]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #368]
.L5x128_k93:
    ldr     lr, [r1, #372]
    ldr     r7, [r0, #372]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #372]
.L5x128_k94:
    ldr     lr, [r1, #376]
    ldr     r8, [r0, #376]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #376]
.L5x128_k95:
    ldr     lr, [r1, #380]
    ldr     r9, [r0, #380]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #380]
.L5x128_k96:
    ldr     lr, [r1, #384]
    ldr     r10, [r0, #384]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #384]
.L5x128_k97:
    ldr     lr, [r1, #388]
    ldr     r11, [r0, #388]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #388]
.L5x128_k98:
    ldr     lr, [r1, #392]
    ldr     r12, [r0, #392]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #392]
.L5x128_k99:
    ldr     lr, [r1, #396]
    ldr     r7, [r0, #396]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #396]
.L5x128_k100:
    ldr     lr, [r1, #400]
    ldr     r8, [r0, #400]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #400]
.L5x128_k101:
    ldr     lr, [r1, #404]
    ldr     r9, [r0, #404]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #404]
.L5x128_k102:
    ldr     lr, [r1, #408]
    ldr     r10, [r0, #408]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #408]
.L5x128_k103:
    ldr     lr, [r1, #412]
    ldr     r11, [r0, #412]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #412]
.L5x128_k104:
    ldr     lr, [r1, #416]
    ldr     r12, [r0, #416]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #416]
.L5x128_k105:
    ldr     lr, [r1, #420]
    ldr     r7, [r0, #420]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #420]
.L5x128_k106:
    ldr     lr, [r1, #424]
    ldr     r8, [r0, #424]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #424]
.L5x128_k107:
    ldr     lr, [r1, #428]
    ldr     r9, [r0, #428]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #428]
.L5x128_k108:
    ldr     lr, [r1, #432]
    ldr     r10, [r0, #432]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #432]
.L5x128_k109:
    ldr     lr, [r1, #436]
    ldr     r11, [r0, #436]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #436]
.L5x128_k110:
    ldr     lr, [r1, #440]
    ldr     r12, [r0, #440]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #440]
.L5x128_k111:
    ldr     lr, [r1, #444]
    ldr     r7, [r0, #444]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #444]
.L5x128_k112:
    ldr     lr, [r1, #448]
    ldr     r8, [r0, #448]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #448]
.L5x128_k113:
    ldr     lr, [r1, #452]
    ldr     r9, [r0, #452]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #452]
.L5x128_k114:
    ldr     lr, [r1, #456]
    ldr     r10, [r0, #456]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #456]
.L5x128_k115:
    ldr     lr, [r1, #460]
    ldr     r11, [r0, #460]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #460]
.L5x128_k116:
    ldr     lr, [r1, #464]
    ldr     r12, [r0, #464]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #464]
.L5x128_k117:
    ldr     lr, [r1, #468]
    ldr     r7, [r0, #468]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #468]
.L5x128_k118:
    ldr     lr, [r1, #472]
    ldr     r8, [r0, #472]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #472]
.L5x128_k119:
    ldr     lr, [r1, #476]
    ldr     r9, [r0, #476]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #476]
.L5x128_k120:
    ldr     lr, [r1, #480]
    ldr     r10, [r0, #480]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #480]
.L5x128_k121:
    ldr     lr, [r1, #484]
    ldr     r11, [r0, #484]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #484]
.L5x128_k122:
    ldr     lr, [r1, #488]
    ldr     r12, [r0, #488]
    umaal   r7, r12, r2, lr
    umaal   r8, r12, r3, lr
    umaal   r9, r12, r4, lr
    umaal   r10, r12, r5, lr
    umaal   r11, r12, r6, lr
    str     r7, [r0, #488]
.L5x128_k123:
    ldr     lr, [r1, #492]
    ldr     r7, [r0, #492]
    umaal   r8, r7, r2, lr
    umaal   r9, r7, r3, lr
    umaal   r10, r7, r4, lr
    umaal   r11, r7, r5, lr
    umaal   r12, r7, r6, lr
    str     r8, [r0, #492]
.L5x128_k124:
    ldr     lr, [r1, #496]
    ldr     r8, [r0, #496]
    umaal   r9, r8, r2, lr
    umaal   r10, r8, r3, lr
    umaal   r11, r8, r4, lr
    umaal   r12, r8, r5, lr
    umaal   r7, r8, r6, lr
    str     r9, [r0, #496]
.L5x128_k125:
    ldr     lr, [r1, #500]
    ldr     r9, [r0, #500]
    umaal   r10, r9, r2, lr
    umaal   r11, r9, r3, lr
    umaal   r12, r9, r4, lr
    umaal   r7, r9, r5, lr
    umaal   r8, r9, r6, lr
    str     r10, [r0, #500]
.L5x128_k126:
    ldr     lr, [r1, #504]
    ldr     r10, [r0, #504]
    umaal   r11, r10, r2, lr
    umaal   r12, r10, r3, lr
    umaal   r7, r10, r4, lr
    umaal   r8, r10, r5, lr
    umaal   r9, r10, r6, lr
    str     r11, [r0, #504]
.L5x128_k127:
    ldr     lr, [r1, #508]
    ldr     r11, [r0, #508]
    umaal   r12, r11, r2, lr
    umaal   r7, r11, r3, lr
    umaal   r8, r11, r4, lr
    umaal   r9, r11, r5, lr
    umaal   r10, r11, r6, lr
    str     r12, [r0, #508]
    add.w   r0, r0, #512
    ldr     pc, [sp, #F_RET]
    .size rsa_cm_s5x128, . - rsa_cm_s5x128

    .p2align 2
    .thumb_func
    .type rsa_cm_redc48, %function
rsa_cm_redc48:
.Lredc48:
    @ len = 48: 8 five-row blocks in a loop, each starting with the square
    @ of its quotients against n[0..5) (as REDC32_SQ5) and running the
    @ last 43 steps of rsa_cm_s5x128; the pending carry stays in the C
    @ flag (the loop test is TEQ).  Then the generic four-row blocks
    @ and final step (F_S/F_OFF/F_IT were set for len by the caller).
    mov.w   r4, #2
    str     r4, [sp, #F_I]
    mov.w   r4, #0
    str     r4, [sp, #F_K]
    ldr     r4, [sp, #F_T]
    addw    r4, r4, #160
    str     r4, [sp, #F_END5]          @ end of the five-row blocks in t
    ldr     r4, [sp, #F_A]
    subw    r4, r4, #320
    str     r4, [sp, #F_Q5]            @ n, moved back for step 80 of the stream
    adr.w   r4, .Lrd48_ret
    orr     r4, r4, #1
    str     r4, [sp, #F_RET]
    cmn     r0, #0                     @ C = 0
.Lrd48_blk:
    ldr     r5, [sp, #F_T]             @ &t[i]
    ldr     r7, [r5, #0]
    ldr     r8, [r5, #4]
    ldr     r9, [r5, #8]
    ldr     r10, [r5, #12]
    ldr     r11, [r5, #16]
    add.w   r4, r5, #20
    str     r4, [sp, #F_T]
    ldr     r5, [sp, #F_A]             @ n
    ldmia   r5, {r0-r3, lr}            @ n[0..5)
    ldr     r6, [sp, #F_ARG5]          @ n0
    mul     r4, r7, r6                @ m0
    mov.w   r12, #0
    umaal   r7, r12, r4, r0
    umaal   r8, r12, r4, r1
    umaal   r9, r12, r4, r2
    umaal   r10, r12, r4, r3
    umaal   r11, r12, r4, lr
    str     r4, [sp, #F_S5]
    mul     r4, r8, r6                @ m1
    umaal   r8, r7, r4, r0
    umaal   r9, r7, r4, r1
    umaal   r10, r7, r4, r2
    umaal   r11, r7, r4, r3
    umaal   r12, r7, r4, lr
    str     r4, [sp, #F_OFF5]
    mul     r4, r9, r6                @ m2
    umaal   r9, r8, r4, r0
    umaal   r10, r8, r4, r1
    umaal   r11, r8, r4, r2
    umaal   r12, r8, r4, r3
    umaal   r7, r8, r4, lr
    mul     r5, r10, r6                @ m3
    umaal   r10, r9, r5, r0
    umaal   r11, r9, r5, r1
    umaal   r12, r9, r5, r2
    umaal   r7, r9, r5, r3
    umaal   r8, r9, r5, lr
    mul     r6, r11, r6                @ m4
    umaal   r11, r10, r6, r0
    umaal   r12, r10, r6, r1
    umaal   r7, r10, r6, r2
    umaal   r8, r10, r6, r3
    umaal   r9, r10, r6, lr
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_Q5]
    ldrd    r2, r3, [sp, #F_S5]        @ m0, m1
    subw    r0, r0, #340
    b.w     .L5x128_k85
    .p2align 1
.Lrd48_ret:
    ldmia   r0, {r2-r6}                @ t[i+len..i+len+5) += window + C
    adcs    r2, r2, r7
    adcs    r3, r3, r8
    adcs    r4, r4, r9
    adcs    r5, r5, r10
    adcs    r6, r6, r11
    stmia   r0, {r2-r6}
    ldr     r1, [sp, #F_T]
    ldr     r2, [sp, #F_END5]
    teq     r1, r2                     @ (keeps C)
    bne     .Lrd48_blk
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    b.w     .Lredc_r4
    .size rsa_cm_redc48, . - rsa_cm_redc48

    .p2align 2
    .thumb_func
    .type rsa_cm_redc64, %function
rsa_cm_redc64:
.Lredc64:
    @ len = 64: 12 five-row blocks in a loop, each starting with the square
    @ of its quotients against n[0..5) (as REDC32_SQ5) and running the
    @ last 59 steps of rsa_cm_s5x128; the pending carry stays in the C
    @ flag (the loop test is TEQ).  Then the generic four-row block
    @ and final step (F_S/F_OFF/F_IT were set for len by the caller).
    mov.w   r4, #1
    str     r4, [sp, #F_I]
    mov.w   r4, #0
    str     r4, [sp, #F_K]
    ldr     r4, [sp, #F_T]
    addw    r4, r4, #240
    str     r4, [sp, #F_END5]          @ end of the five-row blocks in t
    ldr     r4, [sp, #F_A]
    subw    r4, r4, #256
    str     r4, [sp, #F_Q5]            @ n, moved back for step 64 of the stream
    adr.w   r4, .Lrd64_ret
    orr     r4, r4, #1
    str     r4, [sp, #F_RET]
    cmn     r0, #0                     @ C = 0
.Lrd64_blk:
    ldr     r5, [sp, #F_T]             @ &t[i]
    ldr     r9, [r5, #0]
    ldr     r10, [r5, #4]
    ldr     r11, [r5, #8]
    ldr     r12, [r5, #12]
    ldr     r7, [r5, #16]
    add.w   r4, r5, #20
    str     r4, [sp, #F_T]
    ldr     r5, [sp, #F_A]             @ n
    ldmia   r5, {r0-r3, lr}            @ n[0..5)
    ldr     r6, [sp, #F_ARG5]          @ n0
    mul     r4, r9, r6                @ m0
    mov.w   r8, #0
    umaal   r9, r8, r4, r0
    umaal   r10, r8, r4, r1
    umaal   r11, r8, r4, r2
    umaal   r12, r8, r4, r3
    umaal   r7, r8, r4, lr
    str     r4, [sp, #F_S5]
    mul     r4, r10, r6                @ m1
    umaal   r10, r9, r4, r0
    umaal   r11, r9, r4, r1
    umaal   r12, r9, r4, r2
    umaal   r7, r9, r4, r3
    umaal   r8, r9, r4, lr
    str     r4, [sp, #F_OFF5]
    mul     r4, r11, r6                @ m2
    umaal   r11, r10, r4, r0
    umaal   r12, r10, r4, r1
    umaal   r7, r10, r4, r2
    umaal   r8, r10, r4, r3
    umaal   r9, r10, r4, lr
    mul     r5, r12, r6                @ m3
    umaal   r12, r11, r5, r0
    umaal   r7, r11, r5, r1
    umaal   r8, r11, r5, r2
    umaal   r9, r11, r5, r3
    umaal   r10, r11, r5, lr
    mul     r6, r7, r6                @ m4
    umaal   r7, r12, r6, r0
    umaal   r8, r12, r6, r1
    umaal   r9, r12, r6, r2
    umaal   r10, r12, r6, r3
    umaal   r11, r12, r6, lr
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_Q5]
    ldrd    r2, r3, [sp, #F_S5]        @ m0, m1
    subw    r0, r0, #276
    b.w     .L5x128_k69
    .p2align 1
.Lrd64_ret:
    ldmia   r0, {r2-r6}                @ t[i+len..i+len+5) += window + C
    adcs    r2, r2, r7
    adcs    r3, r3, r8
    adcs    r4, r4, r9
    adcs    r5, r5, r10
    adcs    r6, r6, r11
    stmia   r0, {r2-r6}
    ldr     r1, [sp, #F_T]
    ldr     r2, [sp, #F_END5]
    teq     r1, r2                     @ (keeps C)
    bne     .Lrd64_blk
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    b.w     .Lredc_r4
    .size rsa_cm_redc64, . - rsa_cm_redc64

    .p2align 2
    .thumb_func
    .type rsa_cm_redc96, %function
rsa_cm_redc96:
.Lredc96:
    @ len = 96: 16 five-row blocks in a loop, each starting with the square
    @ of its quotients against n[0..5) (as REDC32_SQ5) and running the
    @ last 91 steps of rsa_cm_s5x128; the pending carry stays in the C
    @ flag (the loop test is TEQ).  Then the generic four-row blocks
    @ and final step (F_S/F_OFF/F_IT were set for len by the caller).
    mov.w   r4, #4
    str     r4, [sp, #F_I]
    mov.w   r4, #0
    str     r4, [sp, #F_K]
    ldr     r4, [sp, #F_T]
    addw    r4, r4, #320
    str     r4, [sp, #F_END5]          @ end of the five-row blocks in t
    ldr     r4, [sp, #F_A]
    subw    r4, r4, #128
    str     r4, [sp, #F_Q5]            @ n, moved back for step 32 of the stream
    adr.w   r4, .Lrd96_ret
    orr     r4, r4, #1
    str     r4, [sp, #F_RET]
    cmn     r0, #0                     @ C = 0
.Lrd96_blk:
    ldr     r5, [sp, #F_T]             @ &t[i]
    ldr     r7, [r5, #0]
    ldr     r8, [r5, #4]
    ldr     r9, [r5, #8]
    ldr     r10, [r5, #12]
    ldr     r11, [r5, #16]
    add.w   r4, r5, #20
    str     r4, [sp, #F_T]
    ldr     r5, [sp, #F_A]             @ n
    ldmia   r5, {r0-r3, lr}            @ n[0..5)
    ldr     r6, [sp, #F_ARG5]          @ n0
    mul     r4, r7, r6                @ m0
    mov.w   r12, #0
    umaal   r7, r12, r4, r0
    umaal   r8, r12, r4, r1
    umaal   r9, r12, r4, r2
    umaal   r10, r12, r4, r3
    umaal   r11, r12, r4, lr
    str     r4, [sp, #F_S5]
    mul     r4, r8, r6                @ m1
    umaal   r8, r7, r4, r0
    umaal   r9, r7, r4, r1
    umaal   r10, r7, r4, r2
    umaal   r11, r7, r4, r3
    umaal   r12, r7, r4, lr
    str     r4, [sp, #F_OFF5]
    mul     r4, r9, r6                @ m2
    umaal   r9, r8, r4, r0
    umaal   r10, r8, r4, r1
    umaal   r11, r8, r4, r2
    umaal   r12, r8, r4, r3
    umaal   r7, r8, r4, lr
    mul     r5, r10, r6                @ m3
    umaal   r10, r9, r5, r0
    umaal   r11, r9, r5, r1
    umaal   r12, r9, r5, r2
    umaal   r7, r9, r5, r3
    umaal   r8, r9, r5, lr
    mul     r6, r11, r6                @ m4
    umaal   r11, r10, r6, r0
    umaal   r12, r10, r6, r1
    umaal   r7, r10, r6, r2
    umaal   r8, r10, r6, r3
    umaal   r9, r10, r6, lr
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_Q5]
    ldrd    r2, r3, [sp, #F_S5]        @ m0, m1
    subw    r0, r0, #148
    b.w     .L5x128_k37
    .p2align 1
.Lrd96_ret:
    ldmia   r0, {r2-r6}                @ t[i+len..i+len+5) += window + C
    adcs    r2, r2, r7
    adcs    r3, r3, r8
    adcs    r4, r4, r9
    adcs    r5, r5, r10
    adcs    r6, r6, r11
    stmia   r0, {r2-r6}
    ldr     r1, [sp, #F_T]
    ldr     r2, [sp, #F_END5]
    teq     r1, r2                     @ (keeps C)
    bne     .Lrd96_blk
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    b.w     .Lredc_r4
    .size rsa_cm_redc96, . - rsa_cm_redc96

    .p2align 2
    .thumb_func
    .type rsa_cm_redc128, %function
rsa_cm_redc128:
.Lredc128:
    @ len = 128: 24 five-row blocks in a loop, each starting with the square
    @ of its quotients against n[0..5) (as REDC32_SQ5) and running the
    @ last 123 steps of rsa_cm_s5x128; the pending carry stays in the C
    @ flag (the loop test is TEQ).  Then the generic four-row blocks
    @ and final step (F_S/F_OFF/F_IT were set for len by the caller).
    mov.w   r4, #2
    str     r4, [sp, #F_I]
    mov.w   r4, #0
    str     r4, [sp, #F_K]
    ldr     r4, [sp, #F_T]
    addw    r4, r4, #480
    str     r4, [sp, #F_END5]          @ end of the five-row blocks in t
    ldr     r4, [sp, #F_A]
    str     r4, [sp, #F_Q5]            @ n, moved back for step 0 of the stream
    adr.w   r4, .Lrd128_ret
    orr     r4, r4, #1
    str     r4, [sp, #F_RET]
    cmn     r0, #0                     @ C = 0
.Lrd128_blk:
    ldr     r5, [sp, #F_T]             @ &t[i]
    ldr     r11, [r5, #0]
    ldr     r12, [r5, #4]
    ldr     r7, [r5, #8]
    ldr     r8, [r5, #12]
    ldr     r9, [r5, #16]
    add.w   r4, r5, #20
    str     r4, [sp, #F_T]
    ldr     r5, [sp, #F_A]             @ n
    ldmia   r5, {r0-r3, lr}            @ n[0..5)
    ldr     r6, [sp, #F_ARG5]          @ n0
    mul     r4, r11, r6                @ m0
    mov.w   r10, #0
    umaal   r11, r10, r4, r0
    umaal   r12, r10, r4, r1
    umaal   r7, r10, r4, r2
    umaal   r8, r10, r4, r3
    umaal   r9, r10, r4, lr
    str     r4, [sp, #F_S5]
    mul     r4, r12, r6                @ m1
    umaal   r12, r11, r4, r0
    umaal   r7, r11, r4, r1
    umaal   r8, r11, r4, r2
    umaal   r9, r11, r4, r3
    umaal   r10, r11, r4, lr
    str     r4, [sp, #F_OFF5]
    mul     r4, r7, r6                @ m2
    umaal   r7, r12, r4, r0
    umaal   r8, r12, r4, r1
    umaal   r9, r12, r4, r2
    umaal   r10, r12, r4, r3
    umaal   r11, r12, r4, lr
    mul     r5, r8, r6                @ m3
    umaal   r8, r7, r5, r0
    umaal   r9, r7, r5, r1
    umaal   r10, r7, r5, r2
    umaal   r11, r7, r5, r3
    umaal   r12, r7, r5, lr
    mul     r6, r9, r6                @ m4
    umaal   r9, r8, r6, r0
    umaal   r10, r8, r6, r1
    umaal   r11, r8, r6, r2
    umaal   r12, r8, r6, r3
    umaal   r7, r8, r6, lr
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_Q5]
    ldrd    r2, r3, [sp, #F_S5]        @ m0, m1
    subw    r0, r0, #20
    b.w     .L5x128_k5
    .p2align 1
.Lrd128_ret:
    ldmia   r0, {r2-r6}                @ t[i+len..i+len+5) += window + C
    adcs    r2, r2, r7
    adcs    r3, r3, r8
    adcs    r4, r4, r9
    adcs    r5, r5, r10
    adcs    r6, r6, r11
    stmia   r0, {r2-r6}
    ldr     r1, [sp, #F_T]
    ldr     r2, [sp, #F_END5]
    teq     r1, r2                     @ (keeps C)
    bne     .Lrd128_blk
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    b.w     .Lredc_r4
    .size rsa_cm_redc128, . - rsa_cm_redc128

    .p2align 2
    .thumb_func
    .type rsa_cm_sqr48, %function
rsa_cm_sqr48:
.Lsqr48:
    @ len = 48: the 8 five-row blocks unrolled, each stream entered at its
    @ step of rsa_cm_s5x128 directly (the triangle's registers renamed so
    @ that its window is already where that step wants it); then the
    @ generic four-row blocks and doubling pass.  t[0..len) was cleared.
    ldr     r1, [sp, #F_A]
    subw    r1, r1, #320              @ a, moved back for step 80 (kept: the stream does not move r1)
    ldr     r0, [sp, #F_T]
    addw    r12, r1, #320
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r10, [r0, #4]
    ldr     r11, [r0, #8]
    ldr     r7, [r0, #12]
    ldr     r9, [r0, #16]
    mov.w   r12, #0
    umaal   r10, r12, r2, r3
    str     r10, [r0, #4]
    umaal   r12, r11, r2, r4
    str     r12, [r0, #8]
    mov.w   r10, #0
    umaal   r10, r11, r3, r4
    umaal   r10, r7, r2, r5
    str     r10, [r0, #12]
    umaal   r11, r7, r3, r5
    mov.w   r12, #0
    umaal   r12, r7, r4, r5
    umaal   r11, r9, r2, r6
    str     r11, [r0, #16]
    umaal   r12, r9, r3, r6
    umaal   r7, r9, r4, r6
    mov.w   r8, #0
    umaal   r8, r9, r5, r6
    mov.w   r10, #0
    subw    r0, r0, #320
    adr.w   lr, .Lsq48_r0
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k85            @ the last 43 steps
    .p2align 1
.Lsq48_r0:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #340
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r9, [r0, #-148]
    ldr     r10, [r0, #-144]
    ldr     r12, [r0, #-140]
    ldr     r8, [r0, #-136]
    mov.w   r11, #0
    umaal   r9, r11, r2, r3
    str     r9, [r0, #-148]
    umaal   r11, r10, r2, r4
    str     r11, [r0, #-144]
    mov.w   r9, #0
    umaal   r9, r10, r3, r4
    umaal   r9, r12, r2, r5
    str     r9, [r0, #-140]
    umaal   r10, r12, r3, r5
    mov.w   r11, #0
    umaal   r11, r12, r4, r5
    umaal   r10, r8, r2, r6
    str     r10, [r0, #-136]
    umaal   r11, r8, r3, r6
    umaal   r12, r8, r4, r6
    mov.w   r7, #0
    umaal   r7, r8, r5, r6
    mov.w   r9, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq48_r1
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k90            @ the last 38 steps
    .p2align 1
.Lsq48_r1:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #360
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r8, [r0, #-128]
    ldr     r9, [r0, #-124]
    ldr     r11, [r0, #-120]
    ldr     r7, [r0, #-116]
    mov.w   r10, #0
    umaal   r8, r10, r2, r3
    str     r8, [r0, #-128]
    umaal   r10, r9, r2, r4
    str     r10, [r0, #-124]
    mov.w   r8, #0
    umaal   r8, r9, r3, r4
    umaal   r8, r11, r2, r5
    str     r8, [r0, #-120]
    umaal   r9, r11, r3, r5
    mov.w   r10, #0
    umaal   r10, r11, r4, r5
    umaal   r9, r7, r2, r6
    str     r9, [r0, #-116]
    umaal   r10, r7, r3, r6
    umaal   r11, r7, r4, r6
    mov.w   r12, #0
    umaal   r12, r7, r5, r6
    mov.w   r8, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq48_r2
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k95            @ the last 33 steps
    .p2align 1
.Lsq48_r2:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #380
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r7, [r0, #-108]
    ldr     r8, [r0, #-104]
    ldr     r10, [r0, #-100]
    ldr     r12, [r0, #-96]
    mov.w   r9, #0
    umaal   r7, r9, r2, r3
    str     r7, [r0, #-108]
    umaal   r9, r8, r2, r4
    str     r9, [r0, #-104]
    mov.w   r7, #0
    umaal   r7, r8, r3, r4
    umaal   r7, r10, r2, r5
    str     r7, [r0, #-100]
    umaal   r8, r10, r3, r5
    mov.w   r9, #0
    umaal   r9, r10, r4, r5
    umaal   r8, r12, r2, r6
    str     r8, [r0, #-96]
    umaal   r9, r12, r3, r6
    umaal   r10, r12, r4, r6
    mov.w   r11, #0
    umaal   r11, r12, r5, r6
    mov.w   r7, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq48_r3
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k100            @ the last 28 steps
    .p2align 1
.Lsq48_r3:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #400
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r12, [r0, #-88]
    ldr     r7, [r0, #-84]
    ldr     r9, [r0, #-80]
    ldr     r11, [r0, #-76]
    mov.w   r8, #0
    umaal   r12, r8, r2, r3
    str     r12, [r0, #-88]
    umaal   r8, r7, r2, r4
    str     r8, [r0, #-84]
    mov.w   r12, #0
    umaal   r12, r7, r3, r4
    umaal   r12, r9, r2, r5
    str     r12, [r0, #-80]
    umaal   r7, r9, r3, r5
    mov.w   r8, #0
    umaal   r8, r9, r4, r5
    umaal   r7, r11, r2, r6
    str     r7, [r0, #-76]
    umaal   r8, r11, r3, r6
    umaal   r9, r11, r4, r6
    mov.w   r10, #0
    umaal   r10, r11, r5, r6
    mov.w   r12, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq48_r4
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k105            @ the last 23 steps
    .p2align 1
.Lsq48_r4:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #420
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r11, [r0, #-68]
    ldr     r12, [r0, #-64]
    ldr     r8, [r0, #-60]
    ldr     r10, [r0, #-56]
    mov.w   r7, #0
    umaal   r11, r7, r2, r3
    str     r11, [r0, #-68]
    umaal   r7, r12, r2, r4
    str     r7, [r0, #-64]
    mov.w   r11, #0
    umaal   r11, r12, r3, r4
    umaal   r11, r8, r2, r5
    str     r11, [r0, #-60]
    umaal   r12, r8, r3, r5
    mov.w   r7, #0
    umaal   r7, r8, r4, r5
    umaal   r12, r10, r2, r6
    str     r12, [r0, #-56]
    umaal   r7, r10, r3, r6
    umaal   r8, r10, r4, r6
    mov.w   r9, #0
    umaal   r9, r10, r5, r6
    mov.w   r11, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq48_r5
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k110            @ the last 18 steps
    .p2align 1
.Lsq48_r5:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #440
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r10, [r0, #-48]
    ldr     r11, [r0, #-44]
    ldr     r7, [r0, #-40]
    ldr     r9, [r0, #-36]
    mov.w   r12, #0
    umaal   r10, r12, r2, r3
    str     r10, [r0, #-48]
    umaal   r12, r11, r2, r4
    str     r12, [r0, #-44]
    mov.w   r10, #0
    umaal   r10, r11, r3, r4
    umaal   r10, r7, r2, r5
    str     r10, [r0, #-40]
    umaal   r11, r7, r3, r5
    mov.w   r12, #0
    umaal   r12, r7, r4, r5
    umaal   r11, r9, r2, r6
    str     r11, [r0, #-36]
    umaal   r12, r9, r3, r6
    umaal   r7, r9, r4, r6
    mov.w   r8, #0
    umaal   r8, r9, r5, r6
    mov.w   r10, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq48_r6
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k115            @ the last 13 steps
    .p2align 1
.Lsq48_r6:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #460
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r9, [r0, #-28]
    ldr     r10, [r0, #-24]
    ldr     r12, [r0, #-20]
    ldr     r8, [r0, #-16]
    mov.w   r11, #0
    umaal   r9, r11, r2, r3
    str     r9, [r0, #-28]
    umaal   r11, r10, r2, r4
    str     r11, [r0, #-24]
    mov.w   r9, #0
    umaal   r9, r10, r3, r4
    umaal   r9, r12, r2, r5
    str     r9, [r0, #-20]
    umaal   r10, r12, r3, r5
    mov.w   r11, #0
    umaal   r11, r12, r4, r5
    umaal   r10, r8, r2, r6
    str     r10, [r0, #-16]
    umaal   r11, r8, r3, r6
    umaal   r12, r8, r4, r6
    mov.w   r7, #0
    umaal   r7, r8, r5, r6
    mov.w   r9, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq48_r7
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k120            @ the last 8 steps
    .p2align 1
.Lsq48_r7:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    @ walking state of the generic four-row blocks
    addw    r2, r1, #480
    str     r2, [sp, #F_B]             @ &a[i]
    subw    r0, r0, #8
    str     r0, [sp, #F_K]             @ &t[2i+1]
    mov.w   r2, #4
    str     r2, [sp, #F_I]             @ len - i - 4
    b.w     .Lsqr_blk
    .size rsa_cm_sqr48, . - rsa_cm_sqr48

    .p2align 2
    .thumb_func
    .type rsa_cm_sqr64, %function
rsa_cm_sqr64:
.Lsqr64:
    @ len = 64: the 12 five-row blocks unrolled, each stream entered at its
    @ step of rsa_cm_s5x128 directly (the triangle's registers renamed so
    @ that its window is already where that step wants it); then the
    @ generic four-row block and doubling pass.  t[0..len) was cleared.
    ldr     r1, [sp, #F_A]
    subw    r1, r1, #256              @ a, moved back for step 64 (kept: the stream does not move r1)
    ldr     r0, [sp, #F_T]
    addw    r12, r1, #256
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r12, [r0, #4]
    ldr     r7, [r0, #8]
    ldr     r9, [r0, #12]
    ldr     r11, [r0, #16]
    mov.w   r8, #0
    umaal   r12, r8, r2, r3
    str     r12, [r0, #4]
    umaal   r8, r7, r2, r4
    str     r8, [r0, #8]
    mov.w   r12, #0
    umaal   r12, r7, r3, r4
    umaal   r12, r9, r2, r5
    str     r12, [r0, #12]
    umaal   r7, r9, r3, r5
    mov.w   r8, #0
    umaal   r8, r9, r4, r5
    umaal   r7, r11, r2, r6
    str     r7, [r0, #16]
    umaal   r8, r11, r3, r6
    umaal   r9, r11, r4, r6
    mov.w   r10, #0
    umaal   r10, r11, r5, r6
    mov.w   r12, #0
    subw    r0, r0, #256
    adr.w   lr, .Lsq64_r0
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k69            @ the last 59 steps
    .p2align 1
.Lsq64_r0:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #276
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r11, [r0, #-212]
    ldr     r12, [r0, #-208]
    ldr     r8, [r0, #-204]
    ldr     r10, [r0, #-200]
    mov.w   r7, #0
    umaal   r11, r7, r2, r3
    str     r11, [r0, #-212]
    umaal   r7, r12, r2, r4
    str     r7, [r0, #-208]
    mov.w   r11, #0
    umaal   r11, r12, r3, r4
    umaal   r11, r8, r2, r5
    str     r11, [r0, #-204]
    umaal   r12, r8, r3, r5
    mov.w   r7, #0
    umaal   r7, r8, r4, r5
    umaal   r12, r10, r2, r6
    str     r12, [r0, #-200]
    umaal   r7, r10, r3, r6
    umaal   r8, r10, r4, r6
    mov.w   r9, #0
    umaal   r9, r10, r5, r6
    mov.w   r11, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r1
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k74            @ the last 54 steps
    .p2align 1
.Lsq64_r1:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #296
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r10, [r0, #-192]
    ldr     r11, [r0, #-188]
    ldr     r7, [r0, #-184]
    ldr     r9, [r0, #-180]
    mov.w   r12, #0
    umaal   r10, r12, r2, r3
    str     r10, [r0, #-192]
    umaal   r12, r11, r2, r4
    str     r12, [r0, #-188]
    mov.w   r10, #0
    umaal   r10, r11, r3, r4
    umaal   r10, r7, r2, r5
    str     r10, [r0, #-184]
    umaal   r11, r7, r3, r5
    mov.w   r12, #0
    umaal   r12, r7, r4, r5
    umaal   r11, r9, r2, r6
    str     r11, [r0, #-180]
    umaal   r12, r9, r3, r6
    umaal   r7, r9, r4, r6
    mov.w   r8, #0
    umaal   r8, r9, r5, r6
    mov.w   r10, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r2
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k79            @ the last 49 steps
    .p2align 1
.Lsq64_r2:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #316
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r9, [r0, #-172]
    ldr     r10, [r0, #-168]
    ldr     r12, [r0, #-164]
    ldr     r8, [r0, #-160]
    mov.w   r11, #0
    umaal   r9, r11, r2, r3
    str     r9, [r0, #-172]
    umaal   r11, r10, r2, r4
    str     r11, [r0, #-168]
    mov.w   r9, #0
    umaal   r9, r10, r3, r4
    umaal   r9, r12, r2, r5
    str     r9, [r0, #-164]
    umaal   r10, r12, r3, r5
    mov.w   r11, #0
    umaal   r11, r12, r4, r5
    umaal   r10, r8, r2, r6
    str     r10, [r0, #-160]
    umaal   r11, r8, r3, r6
    umaal   r12, r8, r4, r6
    mov.w   r7, #0
    umaal   r7, r8, r5, r6
    mov.w   r9, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r3
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k84            @ the last 44 steps
    .p2align 1
.Lsq64_r3:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #336
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r8, [r0, #-152]
    ldr     r9, [r0, #-148]
    ldr     r11, [r0, #-144]
    ldr     r7, [r0, #-140]
    mov.w   r10, #0
    umaal   r8, r10, r2, r3
    str     r8, [r0, #-152]
    umaal   r10, r9, r2, r4
    str     r10, [r0, #-148]
    mov.w   r8, #0
    umaal   r8, r9, r3, r4
    umaal   r8, r11, r2, r5
    str     r8, [r0, #-144]
    umaal   r9, r11, r3, r5
    mov.w   r10, #0
    umaal   r10, r11, r4, r5
    umaal   r9, r7, r2, r6
    str     r9, [r0, #-140]
    umaal   r10, r7, r3, r6
    umaal   r11, r7, r4, r6
    mov.w   r12, #0
    umaal   r12, r7, r5, r6
    mov.w   r8, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r4
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k89            @ the last 39 steps
    .p2align 1
.Lsq64_r4:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #356
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r7, [r0, #-132]
    ldr     r8, [r0, #-128]
    ldr     r10, [r0, #-124]
    ldr     r12, [r0, #-120]
    mov.w   r9, #0
    umaal   r7, r9, r2, r3
    str     r7, [r0, #-132]
    umaal   r9, r8, r2, r4
    str     r9, [r0, #-128]
    mov.w   r7, #0
    umaal   r7, r8, r3, r4
    umaal   r7, r10, r2, r5
    str     r7, [r0, #-124]
    umaal   r8, r10, r3, r5
    mov.w   r9, #0
    umaal   r9, r10, r4, r5
    umaal   r8, r12, r2, r6
    str     r8, [r0, #-120]
    umaal   r9, r12, r3, r6
    umaal   r10, r12, r4, r6
    mov.w   r11, #0
    umaal   r11, r12, r5, r6
    mov.w   r7, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r5
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k94            @ the last 34 steps
    .p2align 1
.Lsq64_r5:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #376
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r12, [r0, #-112]
    ldr     r7, [r0, #-108]
    ldr     r9, [r0, #-104]
    ldr     r11, [r0, #-100]
    mov.w   r8, #0
    umaal   r12, r8, r2, r3
    str     r12, [r0, #-112]
    umaal   r8, r7, r2, r4
    str     r8, [r0, #-108]
    mov.w   r12, #0
    umaal   r12, r7, r3, r4
    umaal   r12, r9, r2, r5
    str     r12, [r0, #-104]
    umaal   r7, r9, r3, r5
    mov.w   r8, #0
    umaal   r8, r9, r4, r5
    umaal   r7, r11, r2, r6
    str     r7, [r0, #-100]
    umaal   r8, r11, r3, r6
    umaal   r9, r11, r4, r6
    mov.w   r10, #0
    umaal   r10, r11, r5, r6
    mov.w   r12, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r6
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k99            @ the last 29 steps
    .p2align 1
.Lsq64_r6:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #396
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r11, [r0, #-92]
    ldr     r12, [r0, #-88]
    ldr     r8, [r0, #-84]
    ldr     r10, [r0, #-80]
    mov.w   r7, #0
    umaal   r11, r7, r2, r3
    str     r11, [r0, #-92]
    umaal   r7, r12, r2, r4
    str     r7, [r0, #-88]
    mov.w   r11, #0
    umaal   r11, r12, r3, r4
    umaal   r11, r8, r2, r5
    str     r11, [r0, #-84]
    umaal   r12, r8, r3, r5
    mov.w   r7, #0
    umaal   r7, r8, r4, r5
    umaal   r12, r10, r2, r6
    str     r12, [r0, #-80]
    umaal   r7, r10, r3, r6
    umaal   r8, r10, r4, r6
    mov.w   r9, #0
    umaal   r9, r10, r5, r6
    mov.w   r11, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r7
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k104            @ the last 24 steps
    .p2align 1
.Lsq64_r7:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #416
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r10, [r0, #-72]
    ldr     r11, [r0, #-68]
    ldr     r7, [r0, #-64]
    ldr     r9, [r0, #-60]
    mov.w   r12, #0
    umaal   r10, r12, r2, r3
    str     r10, [r0, #-72]
    umaal   r12, r11, r2, r4
    str     r12, [r0, #-68]
    mov.w   r10, #0
    umaal   r10, r11, r3, r4
    umaal   r10, r7, r2, r5
    str     r10, [r0, #-64]
    umaal   r11, r7, r3, r5
    mov.w   r12, #0
    umaal   r12, r7, r4, r5
    umaal   r11, r9, r2, r6
    str     r11, [r0, #-60]
    umaal   r12, r9, r3, r6
    umaal   r7, r9, r4, r6
    mov.w   r8, #0
    umaal   r8, r9, r5, r6
    mov.w   r10, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r8
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k109            @ the last 19 steps
    .p2align 1
.Lsq64_r8:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #436
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r9, [r0, #-52]
    ldr     r10, [r0, #-48]
    ldr     r12, [r0, #-44]
    ldr     r8, [r0, #-40]
    mov.w   r11, #0
    umaal   r9, r11, r2, r3
    str     r9, [r0, #-52]
    umaal   r11, r10, r2, r4
    str     r11, [r0, #-48]
    mov.w   r9, #0
    umaal   r9, r10, r3, r4
    umaal   r9, r12, r2, r5
    str     r9, [r0, #-44]
    umaal   r10, r12, r3, r5
    mov.w   r11, #0
    umaal   r11, r12, r4, r5
    umaal   r10, r8, r2, r6
    str     r10, [r0, #-40]
    umaal   r11, r8, r3, r6
    umaal   r12, r8, r4, r6
    mov.w   r7, #0
    umaal   r7, r8, r5, r6
    mov.w   r9, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r9
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k114            @ the last 14 steps
    .p2align 1
.Lsq64_r9:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #456
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r8, [r0, #-32]
    ldr     r9, [r0, #-28]
    ldr     r11, [r0, #-24]
    ldr     r7, [r0, #-20]
    mov.w   r10, #0
    umaal   r8, r10, r2, r3
    str     r8, [r0, #-32]
    umaal   r10, r9, r2, r4
    str     r10, [r0, #-28]
    mov.w   r8, #0
    umaal   r8, r9, r3, r4
    umaal   r8, r11, r2, r5
    str     r8, [r0, #-24]
    umaal   r9, r11, r3, r5
    mov.w   r10, #0
    umaal   r10, r11, r4, r5
    umaal   r9, r7, r2, r6
    str     r9, [r0, #-20]
    umaal   r10, r7, r3, r6
    umaal   r11, r7, r4, r6
    mov.w   r12, #0
    umaal   r12, r7, r5, r6
    mov.w   r8, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r10
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k119            @ the last 9 steps
    .p2align 1
.Lsq64_r10:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    addw    r12, r1, #476
    ldmia   r12, {r2-r6}               @ a[i..i+5)
    ldr     r7, [r0, #-12]
    ldr     r8, [r0, #-8]
    ldr     r10, [r0, #-4]
    ldr     r12, [r0, #0]
    mov.w   r9, #0
    umaal   r7, r9, r2, r3
    str     r7, [r0, #-12]
    umaal   r9, r8, r2, r4
    str     r9, [r0, #-8]
    mov.w   r7, #0
    umaal   r7, r8, r3, r4
    umaal   r7, r10, r2, r5
    str     r7, [r0, #-4]
    umaal   r8, r10, r3, r5
    mov.w   r9, #0
    umaal   r9, r10, r4, r5
    umaal   r8, r12, r2, r6
    str     r8, [r0, #0]
    umaal   r9, r12, r3, r6
    umaal   r10, r12, r4, r6
    mov.w   r11, #0
    umaal   r11, r12, r5, r6
    mov.w   r7, #0
    subw    r0, r0, #492
    adr.w   lr, .Lsq64_r11
    orr     lr, lr, #1
    str     lr, [sp, #F_RET]
    b.w     .L5x128_k124            @ the last 4 steps
    .p2align 1
.Lsq64_r11:
    stmia   r0, {r7-r11}               @ t[i+len..i+len+5)
    @ walking state of the generic four-row blocks
    addw    r2, r1, #496
    str     r2, [sp, #F_B]             @ &a[i]
    addw    r0, r0, #8
    str     r0, [sp, #F_K]             @ &t[2i+1]
    mov.w   r2, #0
    str     r2, [sp, #F_I]             @ len - i - 4
    b.w     .Lsqr_blk
    .size rsa_cm_sqr64, . - rsa_cm_sqr64
