@ The compact Thumb-2 UMAAL kernel set (see mod.rs): the same five kernels
@ as umaal.s (mul, sqr, redc, redc_lazy, select) with the same contracts,
@ built from generic loops only, for images built for size.
@
@ ARMv7E-M (Cortex-M4/M7), ARMv8-M Mainline with the DSP extension
@ (Cortex-M33/M55) and ARMv7-A/R in Thumb state.  AAPCS: r0-r3 and the
@ stack carry the arguments; r4-r11 and lr are saved and restored.  Limbs
@ are little-endian 32-bit words.
@
@ Constant time: every branch and every address depends only on the
@ lengths (public), never on limb values or on the table index; the only
@ multiplies are MUL and UMAAL (single-cycle, data-independent on the cores
@ above).
@
@ Compared with umaal.s: one engine, a four-row stream (see umaal.s's
@ header: four multipliers m0..m3 in r2-r5 while b streams past, one UMAAL
@ carry chain per word of b) whose step stores the word the previous step
@ completed after its own two loads, so that the store pipelines (7 cycles
@ per step of four products on the Cortex-M4 instead of 8); its loop body
@ is unrolled twenty-four steps and entered in the middle for lengths that
@ are not a multiple of twenty-four (Duff's device); no five-row stream, no
@ per-length paths, no frame buffer (the frame is 96 bytes, against 616).
@ Each block of four rows starts with its 4x4 triangle in straight-line
@ code, whose carries are the stream's first window (entered through a
@ rotation stub); rows left over when the length is not a multiple of four
@ run through a one-row loop.
@
@ Sections: every kernel has a section of its own (.text.rsa_cm_mul,
@ .text.rsa_cm_sqr, .text.rsa_cm_redc, .text.rsa_cm_redc_lazy with the lazy
@ final step, .text.rsa_cm_select, .text.rsa_cm_window)
@ and the shared stream, zeroing and one-row loop are in
@ .text.rsa_cm_c_common, so that the linker keeps only what an image
@ calls (a verify-only image has no select).  No code depends on a length
@ bound: the same bytes serve every capacity.  mul, sqr and redc_lazy have a
@ body (rsa_cm_*_int) that runs in its caller's frame and returns through a
@ frame slot: the public entry is push, BL to the body, pop; rsa_cm_window
@ sets the frame up once and calls the bodies (no push and pop per call).

    .syntax unified
    .thumb

@ Frame used by mul, sqr and redc: push {r4-r11, lr} (36 bytes) + 60 bytes
@ of locals = 96 bytes (8-byte aligned).
    .equ F_R,    0      @ redc: result pointer
    .equ F_T,    4      @ t
    .equ F_A,    8      @ a (mul, sqr) / n (redc)
    .equ F_B,   12      @ b (mul) / walking a (sqr) / redc_lazy: return address
    .equ F_LEN, 16      @ length in limbs
    .equ F_S,   20      @ where the blocks enter the stream (Thumb bit set)
    .equ F_IT,  24      @ iterations of the blocks' streams
    .equ F_I,   28      @ mul: blocks left / sqr: L of the current block
    .equ F_TS,  28      @ redc: the last block's stream pointer (&t[i+4] + F_OFF)
    .equ F_PEND,32      @ redc: pending carry at column i+len (see there)
    .equ F_OFF, 36      @ pointer offset (bytes) for the stream's entry step
    .equ F_K,   40      @ single rows left (mul, redc) / &t[2i+1] (sqr)
    .equ F_LAZY,44      @ redc: 1 for rsa_cm_redc_lazy (result < R only)
    .equ F_RET, 48      @ where the stream returns to (Thumb bit set)
    .equ F_S2,  52      @ the body step the stub enters (Thumb bit set)
    .equ F_N,   56      @ where the stream's b (mul) or n (redc) pointer starts
    .equ F_SIZE,60
    .equ F_ARG5,F_SIZE + 36  @ fifth argument (redc: n0) after the prologue

@ The start of the exported kernel \name, in a section of its own.
    .macro KERNEL name
    .section .text.\name, "ax", %progbits
    GLOBAL_FUNC \name
    .endm

@ The exported kernel \name (push, the frame, BL to the body, pop), then
@ the start of its body \name_int, which runs in the caller's frame
@ (rsa_cm_window calls it without a prologue of its own) and returns
@ through the frame.
    .macro FRAME_ENTRY name
    KERNEL  \name
    push    {r4-r11, lr}
    sub     sp, sp, #F_SIZE
    bl      \name\()_int
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .size \name, . - \name

    .thumb_func
    .type \name\()_int, %function
\name\()_int:
    .endm

@ A row of mul's 4x4 triangle: (\w0..\w3) += \m * b[0..3] (r0, r1, r11,
@ lr) with the carry chain in \c.
    .macro MUL_ROW4 m, c, w0, w1, w2, w3
    umaal   \w0, \c, \m, r0
    umaal   \w1, \c, \m, r1
    umaal   \w2, \c, \m, r11
    umaal   \w3, \c, \m, lr
    .endm

@ A limb of sqr's doubling and diagonal pass: \lo:\hi = a[k]^2 (a[k] at
@ r1 + \aoff) + 2 (w0, w1) (at r0 + \toff, into r3, r4; r12 = 2) + the
@ carry in r11; the previous limb's \plo, \phi (if given) stored after
@ the loads.
    .macro SQR_DIAG lo, hi, aoff, toff, plo, phi
    ldr     \lo, [r1, #\aoff]
    ldr     r3, [r0, #\toff]
    .ifnb \plo
    str     \plo, [r0, #(\toff - 8)]
    .endif
    ldr     r4, [r0, #(\toff + 4)]
    .ifnb \phi
    str     \phi, [r0, #(\toff - 4)]
    .endif
    umull   \lo, \hi, \lo, \lo
    umaal   \lo, r11, r3, r12
    umaal   \hi, r11, r4, r12
    .endm

@ A word of redc_lazy's final step: \d = x - (n AND r7) - borrow (x, n at
@ r1, r2 + \off, n through r6), the previous word \p (if given) stored
@ at r0 + \off after the loads; \wb = ! for the writebacks.
    .macro LAZY_WORD d, off, p, wb
    ldr     \d, [r1, #\off]\wb
    ldr     r6, [r2, #\off]\wb
    .ifnb \p
    str     \p, [r0, #\off]\wb
    .endif
    ands    r6, r6, r7
    sbcs    \d, \d, r6
    .endm

@ The next single row (F_K of them left), or on to \done when none is left.
    .macro NEXT_ROW done
    ldr     r3, [sp, #F_K]
    cmp     r3, #0
    beq     \done
    subs    r3, r3, #1
    str     r3, [sp, #F_K]
    .endm

@ The stream.  Six registers R0..R5 = r6..r11 rotate through the roles P
@ (the word the previous step completed, column j-1, not yet stored), W0..W3
@ (the window, columns j..j+3) and F (free): at step s of the body
@ P = R[k], Wi = R[(k+1+i) mod 6], F = R[(k+5) mod 6] with the rotation
@ k = (s+4) mod 6 (the phase puts the 32-limb REDC entry, s = 20, at the
@ stub that moves nothing).  Step j:
@
@     b      = b[j]                       (r12)
@     F      = t[j]                       (the old word seeds the carry)
@     t[j-1] = P                          (stored after two loads: free)
@     F:W0   = m0*b + W0 + F              column j complete: the next P
@     F:W1   = m1*b + W1 + F
@     F:W2   = m2*b + W2 + F
@     F:W3   = m3*b + W3 + F              F becomes the next W3
@
@ 7 cycles per step in the model of ci/M4_TIMING.md (LDR 2, LDR 1, STR 0,
@ 4 UMAAL).  Step 0 post-increments both pointers by 24 words, the other
@ steps use offsets 4s-96 (loads) and 4s-100 (the store): 28 bytes per
@ step.  Registers: r0 = t, r1 = b, r2-r5 = m0..m3, r6-r11 rotating,
@ r12 = b[j], lr = iterations left; the stream returns through F_RET (the
@ caller's frame: the stream pushes nothing, sp is the caller's).
    .macro STEP s, p, w0, w1, w2, w3, f
    .if \s == 0
    ldr.w   \f, [r0], #96
    ldr.w   r12, [r1], #96
    str     \p, [r0, #-100]
    .else
    ldr     r12, [r1, #(4*\s-96)]
    ldr     \f, [r0, #(4*\s-96)]
    str     \p, [r0, #(4*\s-100)]
    .endif
    UMAAL_M4 \f, r12, \w0, \w1, \w2, \w3
    .endm

@ The stream's entry through the stubs for L steps in r12 (1 <= L <= 4096):
@ \it = floor((L + 24) / 24) iterations and r11 = s = 24 * \it - L, the body
@ step to enter at, in 1..24 (s = 24 enters at the loop test, so that the
@ pointer offset 24 - s needs no special case); floor(x / 24) is computed
@ as (x * 2731) >> 16, exact in this range (no UDIV).  Clobbers nothing
@ else.
    .macro CALC_S24 it
    add.w   r11, r12, #24
    movw    \it, #2731
    mul     r11, r11, \it
    lsr.w   \it, r11, #16
    add.w   r11, \it, \it, lsl #1
    rsb     r11, r12, r11, lsl #3
    .endm

@ ---------------------------------------------------------------------------
@ The shared code: stream set-up, the stream, the one-row loop, zeroing.
    .section .text.rsa_cm_c_common, "ax", %progbits

@ rsa_cm_c_setup: for mul and redc, whose blocks' streams have length
@ L = r12 (>= 1) and start from a window in r6-r10 through the entry
@ stubs: store in the caller's frame (BL leaves sp alone) F_S = the
@ stub of step s's rotation (body step s itself when that stub moves
@ nothing), F_S2 = body step s (see CALC_S24), F_OFF = the pointer advance
@ that lines up step s's offsets and F_IT.  Clobbers r10-r12.
    .p2align 2
    .thumb_func
    .type rsa_cm_c_setup, %function
rsa_cm_c_setup:
    CALC_S24 r10
    str     r10, [sp, #F_IT]
    rsb     r10, r11, #24
    lsl.w   r10, r10, #2
    str     r10, [sp, #F_OFF]
    adr.w   r12, .Ls0 + 1
    add.w   r12, r12, r11, lsl #5
    sub.w   r12, r12, r11, lsl #2      @ body step s (28 bytes a step)
    str     r12, [sp, #F_S2]
    adr.w   r10, .Lst_tbl
    ldrb    r11, [r10, r11]
    add.w   r10, r10, r11, lsl #1
    orr     r10, r10, #1
    cmp     r11, #((.Lst0 - .Lst_tbl) / 2)
    it      eq
    moveq   r10, r12                   @ the stub that moves nothing: skipped
    str     r10, [sp, #F_S]
    bx      lr
    .size rsa_cm_c_setup, . - rsa_cm_c_setup

@ rsa_cm_c_stream_l: the squaring's stream, of L = r12 >= 1 steps,
@ entered by B with F_RET set.
@ In: r0 = &t[first column], r1 = &b[first word], r2-r5 = m0..m3,
@     r6 = P (column first-1, complete, not stored), r7-r10 = the window
@     (columns first .. first+3).
@ Out (at F_RET): t[first-1 .. first+L) stored, r11, r6, r7, r8 = the
@     window for columns first+L .. first+L+3, r0 = &t[first+L].
@     Clobbers r1, r9, r10, r12, lr.
    .p2align 2
    .thumb_func
    .type rsa_cm_c_stream_l, %function
rsa_cm_c_stream_l:
    CALC_S24 lr
    @ Start the pointers at first + 24 - s words so that step s's offsets
    @ 4s-96 line up.
    rsb     r12, r11, #24
    add.w   r0, r0, r12, lsl #2
    add.w   r1, r1, r12, lsl #2
    adr.w   r12, .Ls0 + 1
    add.w   r12, r12, r11, lsl #5
    sub.w   r12, r12, r11, lsl #2      @ body step s (28 bytes a step)
    tbb     [pc, r11]
@ The stub of step s is that of its rotation (indexed by s, no division).
    BRANCH_TABLE .byte, .Lst_tbl, .Lst, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4
    .p2align 1
@ Entry stubs: move (P, W0, W1, W2, W3) from r6-r10 into the registers of
@ step s (a rotation by its k), then jump to step s (r12).
.Lst0:
    bx      r12
.Lst1:
    mov     r11, r10
    mov     r10, r9
    mov     r9, r8
    mov     r8, r7
    mov     r7, r6
    bx      r12
.Lst2:
    mov     r11, r9
    mov     r9, r7
    mov     r7, r10
    mov     r10, r8
    mov     r8, r6
    mov     r6, r7
    bx      r12
.Lst3:
    mov     r11, r8
    mov     r8, r9
    mov     r9, r6
    mov     r6, r8
    mov     r8, r10
    mov     r10, r7
    mov     r7, r8
    bx      r12
.Lst4:
    mov     r11, r7
    mov     r7, r9
    mov     r9, r10
    mov     r10, r6
    mov     r6, r8
    mov     r8, r9
    bx      r12
.Lst5:
    mov     r11, r6
    mov     r6, r7
    mov     r7, r8
    mov     r8, r9
    mov     r9, r10
    bx      r12

@ The body: 24 steps (four rotations), then the loop test; on the way out
@ the last completed word (P of step 24 = r10) is stored.
    .p2align 2
.Ls0:   STEP 0, r10, r11, r6, r7, r8, r9
.Ls1:   STEP 1, r11, r6, r7, r8, r9, r10
.Ls2:   STEP 2, r6, r7, r8, r9, r10, r11
.Ls3:   STEP 3, r7, r8, r9, r10, r11, r6
.Ls4:   STEP 4, r8, r9, r10, r11, r6, r7
.Ls5:   STEP 5, r9, r10, r11, r6, r7, r8
.Ls6:   STEP 6, r10, r11, r6, r7, r8, r9
.Ls7:   STEP 7, r11, r6, r7, r8, r9, r10
.Ls8:   STEP 8, r6, r7, r8, r9, r10, r11
.Ls9:   STEP 9, r7, r8, r9, r10, r11, r6
.Ls10:  STEP 10, r8, r9, r10, r11, r6, r7
.Ls11:  STEP 11, r9, r10, r11, r6, r7, r8
.Ls12:  STEP 12, r10, r11, r6, r7, r8, r9
.Ls13:  STEP 13, r11, r6, r7, r8, r9, r10
.Ls14:  STEP 14, r6, r7, r8, r9, r10, r11
.Ls15:  STEP 15, r7, r8, r9, r10, r11, r6
.Ls16:  STEP 16, r8, r9, r10, r11, r6, r7
.Ls17:  STEP 17, r9, r10, r11, r6, r7, r8
.Ls18:  STEP 18, r10, r11, r6, r7, r8, r9
.Ls19:  STEP 19, r11, r6, r7, r8, r9, r10
.Ls20:  STEP 20, r6, r7, r8, r9, r10, r11
.Ls21:  STEP 21, r7, r8, r9, r10, r11, r6
.Ls22:  STEP 22, r8, r9, r10, r11, r6, r7
.Ls23:  STEP 23, r9, r10, r11, r6, r7, r8
.Lst_end:
    subs    lr, lr, #1
    bne     .Ls0
    str     r10, [r0, #-4]
    ldr     pc, [sp, #F_RET]
    .size rsa_cm_c_stream_l, . - rsa_cm_c_stream_l
@ ---------------------------------------------------------------------------
@ rsa_cm_row1 and rsa_cm_zero (ROW1 and ZERO_LOOP: macros.s).
    ROW1    movs
    LOCAL_FUNC rsa_cm_zero
    movs    r2, #0                     @ 16-bit encodings (the flags are
    movs    r3, #0                     @ set again below)
    movs    r4, #0
    movs    r5, #0
    movs    r6, #0
    movs    r7, #0
    mov     r8, r2
    mov     r9, r2
    ZERO_LOOP

@ ---------------------------------------------------------------------------
@ void rsa_cm_mul(u32 *t, const u32 *a, const u32 *b, usize len)
@ t[0..2len) = a * b, len >= 1.
@
@ Row-blocked operand scanning: t[0..len) is cleared, then for each block of
@ four rows i..i+3 a 4x4 triangle in row order adds a[i..i+3] * b[0..3]
@ into t[i..i+7) (columns i..i+3 complete, i+3 left to the stream as its
@ pending word, the carries are its window), the stream adds a[i..i+3] *
@ b[4..len) from column i+4, and the final window is stored to
@ t[i+len..i+len+4), which no earlier block has written.  The len mod 4
@ rows left over, and all rows when len < 5, run one at a time through the
@ one-row loop, whose carry is stored to t[i+len].
    FRAME_ENTRY rsa_cm_mul
    mov     r4, lr
    sub.w   r12, r3, #4                @ the blocks' stream set-up (unused
    bl      rsa_cm_c_setup             @ below five limbs)
    mov     lr, r4

@ rsa_cm_mul_ns: the body without the stream set-up, for a caller whose
@ frame holds it for this length already (rsa_cm_window).
    .thumb_func
    .type rsa_cm_mul_ns, %function
rsa_cm_mul_ns:
    str.w   lr, [sp, #F_R]             @ the return address
    str     r0, [sp, #F_T]
    str     r1, [sp, #F_A]
    str     r2, [sp, #F_B]
    str     r3, [sp, #F_LEN]
    str     r3, [sp, #F_K]             @ single rows (all of them below five)
    mov     r12, r3
    bl      rsa_cm_zero
    ldr     r3, [sp, #F_LEN]
    cmp     r3, #5
    blo     .Lmul_rows
    and     r4, r3, #3
    str     r4, [sp, #F_K]
    lsrs    r4, r3, #2
    str     r4, [sp, #F_I]             @ blocks of four
    ldr     r2, [sp, #F_B]
    ldr     r4, [sp, #F_OFF]
    add     r2, r2, r4
    adds    r2, r2, #16
    str     r2, [sp, #F_N]             @ &b[4] + offset
    adr.w   r11, .Lmul_ret + 1
    str     r11, [sp, #F_RET]
    b       .Lmul_blk
.Lmul_ret:
    str     r11, [r0], #4              @ t[i+len..i+len+4)
    stmia   r0, {r6-r8}
    ldr     r3, [sp, #F_I]
    subs    r3, r3, #1
    str     r3, [sp, #F_I]
    beq     .Lmul_rows
.Lmul_blk:
    @ row k adds a[i+k] * b[0..3] into columns i+k..i+k+3; column i+k is
    @ then complete (stored, its register the next row's carry)
    ldr     r1, [sp, #F_A]
    ldmia   r1!, {r2-r5}               @ a[i..i+3]
    str     r1, [sp, #F_A]
    ldr     r12, [sp, #F_T]            @ &t[i]
    ldr     r1, [sp, #F_B]
    ldr     r6, [r12, #12]
    ldmia   r12, {r8-r10}              @ t[i..i+2]
    ldmia   r1, {r0, r1, r11, lr}      @ b[0..3]
    movs    r7, #0
    MUL_ROW4 r2, r7, r8, r9, r10, r6
    str     r8, [r12]
    mov.w   r8, #0
    MUL_ROW4 r3, r8, r9, r10, r6, r7
    str     r9, [r12, #4]
    mov.w   r9, #0
    MUL_ROW4 r4, r9, r10, r6, r7, r8
    str     r10, [r12, #8]
    mov.w   r10, #0
    MUL_ROW4 r5, r10, r6, r7, r8, r9   @ column i+3 (r6): P, stored by the stream
    add.w   r0, r12, #16
    str     r0, [sp, #F_T]
    ldr     r1, [sp, #F_OFF]
    add     r0, r0, r1
    ldr     r1, [sp, #F_N]
    ldr     r12, [sp, #F_S2]
    ldr     lr, [sp, #F_IT]
    ldr     pc, [sp, #F_S]
.Lmul_rows:
    NEXT_ROW .Lmul_done
    ldr     r1, [sp, #F_A]
    ldr     r2, [r1], #4               @ m = a[i]
    str     r1, [sp, #F_A]
    ldr     r0, [sp, #F_T]
    adds    r1, r0, #4
    str     r1, [sp, #F_T]
    ldr     r1, [sp, #F_B]
    ldr     r12, [sp, #F_LEN]
    bl      rsa_cm_row1
    str     r7, [r0]                   @ t[i+len]
    b       .Lmul_rows
.Lmul_done:
    ldr     pc, [sp, #F_R]
    .size rsa_cm_mul_ns, . - rsa_cm_mul_ns
    .size rsa_cm_mul_int, . - rsa_cm_mul_int

@ ---------------------------------------------------------------------------
@ void rsa_cm_sqr(u32 *t, const u32 *a, usize len)
@ t[0..2len) = a^2, len >= 1.
@
@ 1. Cross products a[i]*a[j], i < j, once: t[0..len) is cleared, then
@    the blocks of four rows as in umaal.s's rsa_cm_sqr (the six products
@    inside the block in straight-line code, the stream from column 2i+4
@    with their partial columns as its window); the last len mod 4 rows
@    (and all rows when len < 4) use the one-row loop.
@ 2. Doubling and the diagonal in one pass, two limbs (four words) per
@    step: LDM t, LDM a, per limb UMULL (a*a) and two UMAAL (2*w + that
@    word + c), STM.
    FRAME_ENTRY rsa_cm_sqr
    str.w   lr, [sp, #F_R]             @ the return address
    str     r0, [sp, #F_T]
    str     r1, [sp, #F_A]
    str     r2, [sp, #F_LEN]
    SQR_WALK
    adr.w   r11, .Lsqr_ret + 1
    str     r11, [sp, #F_RET]          @ where rsa_cm_c_stream_l returns
    b       .Lsqr_blk
.Lsqr_ret:
    str     r11, [r0], #4              @ t[i+len..i+len+4)
    stmia   r0, {r6-r8}
.Lsqr_blk:
    ldr     r12, [sp, #F_I]            @ L = len - i - 4
    ldr     r0, [sp, #F_K]             @ &t[2i+1]
    ldr     r1, [sp, #F_B]
    cmp     r12, #0
    blt     .Lsqr_rows
    sub     r11, r12, #4
    str     r11, [sp, #F_I]
    ldmia   r1!, {r2-r5}               @ a[i..i+3]; r1 = &a[i+4]
    str     r1, [sp, #F_B]
    ldr     r10, [r0]
    ldr     r7, [r0, #4]
    ldr     r9, [r0, #8]
    @ the triangle, straight into the stream's registers (P = r6, window
    @ r7-r10)
    mov.w   r11, #0
    umaal   r10, r11, r2, r3           @ column 2i+1 done
    umaal   r11, r7, r2, r4            @ column 2i+2 done
    mov.w   r6, #0
    umaal   r6, r7, r3, r4
    umaal   r6, r9, r2, r5             @ column 2i+3 done: P, stored by the stream
    umaal   r7, r9, r3, r5             @ column 2i+4
    mov.w   r8, #0
    umaal   r8, r9, r4, r5             @ columns 2i+5, 2i+6
    str     r10, [r0]
    str     r11, [r0, #4]
    add.w   r11, r0, #32
    str     r11, [sp, #F_K]            @ next block: &t[2i+9]
    add.w   r0, r0, #12                @ &t[2i+4]
    mov.w   r10, #0                    @ column 2i+7
    beq     .Lsqr_l0                   @ flags of the test of L above
    b.w     rsa_cm_c_stream_l
.Lsqr_l0:
    str     r6, [r0, #-4]              @ no stream: P stored here, the
    mov     r11, r7                    @ window moved to where the stream
    mov     r6, r8                     @ leaves it
    mov     r7, r9
    mov     r8, r10
    b       .Lsqr_ret
    SQR_ROWS
.Lsqr_diag:
    @ doubling and diagonal: each word w becomes 2*w + (a word of a_k^2)
    @ + c by one UMAAL with the constant 2 (r12), the carry c in r11.  The
    @ len mod 4 limbs first, one at a time; then four limbs per iteration,
    @ software-pipelined: each limb's two words are stored after the next
    @ limb's loads (a store right after a load is free), so that a limb
    @ costs LDR a, LDR w0, STR, LDR w1, STR and three multiplies.  Limbs
    @ alternate between the registers x, high = r2, r5 and r6, r7 (w0, w1
    @ in r3, r4); r0 and r1 run 4 bytes behind the iteration's first word
    @ of t and of a and move by limb 3's writebacks (positive offsets
    @ elsewhere: 16-bit encodings).  The first limb is peeled
    @ (nothing to store yet), the last one's words are stored after the
    @ loop.
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_A]
    ldr     lr, [sp, #F_LEN]
    subs    r1, r1, #4
    add.w   r10, r1, lr, lsl #2        @ end of a, - 4
    mov.w   r11, #0
    mov.w   r12, #2
    ands    lr, lr, #3
    beq     2f
1:
    ldrd    r4, r5, [r0]
    ldr     r6, [r1, #4]!
    umull   r2, r3, r6, r6
    umaal   r2, r11, r4, r12
    umaal   r3, r11, r5, r12
    strd    r2, r3, [r0], #8
    subs    lr, lr, #1
    bne     1b
2:
    cmp     r1, r10
    beq     5f
    subs    r0, r0, #4
    SQR_DIAG r2, r5, 4, 4              @ limb 0 of the first iteration
    b       3f
4:
    SQR_DIAG r2, r5, 4, 4, r6, r7
3:
    SQR_DIAG r6, r7, 8, 12, r2, r5
    SQR_DIAG r2, r5, 12, 20, r6, r7
    ldr     r4, [r0, #32]!             @ limb 3: both pointers move
    ldr     r6, [r1, #16]!
    str     r2, [r0, #-12]
    ldr     r3, [r0, #-4]
    str     r5, [r0, #-8]
    umull   r6, r7, r6, r6
    umaal   r6, r11, r3, r12
    umaal   r7, r11, r4, r12
    cmp     r1, r10
    bne     4b
    strd    r6, r7, [r0, #-4]
5:
    ldr     pc, [sp, #F_R]
    .size rsa_cm_sqr_int, . - rsa_cm_sqr_int

@ ---------------------------------------------------------------------------
@ void rsa_cm_redc(u32 *r, u32 *t, const u32 *n, usize len, u32 n0)
@ r = t * 2^(-32 len) mod n in [0, n), for t < n * 2^(32 len);
@ n0 = -n^-1 mod 2^32; t (2 len words) is clobbered.  len >= 1.
@
@ Four rows at a time.  For the block at row i, a 4x4 triangle in row order
@ finds the quotient words m0..m3 that clear t[i..i+4) while it adds
@ (m0..m3) * n[0..3]: its carries are the stream's window, so the stream
@ (entered through a stub, no product done twice) adds (m0..m3) * n[4..len)
@ from column i+4, and the window is added into t[i+len..i+len+4) with the
@ pending carry from the previous block (one bit, the "top" word at the
@ end).  The len mod 4 rows left over, and all rows when len < 5, run one
@ at a time through the one-row loop (m = t[i] * n0).  Then
@ the constant-time final subtraction: r = x - n with the borrow chain,
@ mask = top - borrow (0 or all ones) turned into the GE flags by UADD8,
@ and r = SEL(x, r) word by word; or, for rsa_cm_redc_lazy, one
@ subtraction of n masked by the top carry.
    KERNEL  rsa_cm_redc
    push    {r4-r11, lr}
    sub     sp, sp, #F_SIZE
    adr.w   r4, .Lredc_full + 1
    str     r4, [sp, #F_LAZY]          @ the final step: the full one
.Lredc_common:
    sub.w   r12, r3, #4                @ the blocks' stream set-up (unused
    bl      rsa_cm_c_setup             @ below five limbs)
.Lredc_common_ns:
    str     r0, [sp, #F_R]
    str     r1, [sp, #F_T]             @ &t[i], walks up: &t[len] = x at the end
    str     r2, [sp, #F_A]
    str     r3, [sp, #F_LEN]
    bic     r4, r3, #3
    lsrs    r4, r4, #1
    str     r4, [sp, #F_PEND]          @ 2 * blocks + pending (0; the rows
    str     r3, [sp, #F_K]             @ below five limbs read bit 0 only)
    cmp     r3, #5                     @ single rows (all of them below five)
    blo     .Lredc_rows
    and     r4, r3, #3
    str     r4, [sp, #F_K]
    ldr     r2, [sp, #F_A]
    ldr     r4, [sp, #F_OFF]
    add     r2, r2, r4
    adds    r2, r2, #16
    str     r2, [sp, #F_N]             @ &n[4] + offset
    add     r1, r1, r4
    str     r1, [sp, #F_TS]            @ &t[0] + offset
    adr.w   r11, .Lredc_ret + 1
    str     r11, [sp, #F_RET]
    b       .Lredc_blk
.Lredc_ret:
    @ t[i+len..i+len+4) += window + pending carry; F_PEND holds the
    @ pending bit under twice the blocks left
    ldr     lr, [sp, #F_PEND]
    ldr     r2, [r0]                   @ single loads: they pipeline after
    ldr     r3, [r0, #4]               @ the frame load
    ldr     r4, [r0, #8]
    ldr     r5, [r0, #12]
    sub.w   lr, lr, #2
    ADD_WINDOW r11, r6, r7, r8
    adc     lr, lr, lr
    str     lr, [sp, #F_PEND]
    cmp     lr, #2
    blo     .Lredc_rows
.Lredc_blk:
    @ The 4x4 triangle in row order: row k finds m_k = t[i+k] * n0 and adds
    @ m_k * n[0..3] into columns i+k..i+k+3 (column i+k becomes zero and
    @ its register is the next row's carry); the carries out of the rows
    @ are columns i+4..i+7, the window of the stream, which then adds
    @ m0..m3 * n[4..len) from column i+4.
    ldr     r0, [sp, #F_T]
    ldr     r1, [sp, #F_A]
    ldr     r12, [sp, #F_ARG5]         @ n0
    ldr     r8, [r0], #16              @ t[i..i+3] by single loads (they
    ldr     r9, [r0, #-12]             @ pipeline: one cycle each)
    ldr     r10, [r0, #-8]
    ldr     r6, [r0, #-4]
    str     r0, [sp, #F_T]             @ &t[i+4] (free after a load)
    ldmia   r1, {r0, r1, r11, lr}      @ n[0..3]
    mul     r2, r8, r12                @ m0
    movs    r7, #0
    umaal   r8, r7, r2, r0
    umaal   r9, r7, r2, r1
    umaal   r10, r7, r2, r11
    umaal   r6, r7, r2, lr
    mul     r3, r9, r12                @ m1
    umaal   r9, r8, r3, r0
    umaal   r10, r8, r3, r1
    umaal   r6, r8, r3, r11
    umaal   r7, r8, r3, lr
    mul     r4, r10, r12               @ m2
    umaal   r10, r9, r4, r0
    umaal   r6, r9, r4, r1
    umaal   r7, r9, r4, r11
    umaal   r8, r9, r4, lr
    mul     r5, r6, r12                @ m3
    umaal   r6, r10, r5, r0            @ r6 = 0: P, stored to the dead t[i+3]
    umaal   r7, r10, r5, r1
    umaal   r8, r10, r5, r11
    umaal   r9, r10, r5, lr
    ldr     r0, [sp, #F_TS]
    ldr     r1, [sp, #F_N]
    ldr     r12, [sp, #F_S2]
    adds    r0, r0, #16                @ &t[i+4] + offset
    ldr     lr, [sp, #F_IT]
    str     r0, [sp, #F_TS]            @ free after a load
    ldr     pc, [sp, #F_S]
.Lredc_rows:
    @ single rows (len mod 4 after the blocks, all rows below five limbs):
    @ m = t[i] * n0, t[i..i+len) += m * n, the carry and the pending bit
    @ into t[i+len]
    NEXT_ROW .Lredc_final
    ldr     r0, [sp, #F_T]
    ldr     r12, [sp, #F_ARG5]
    ldr     r2, [r0]
    adds    r1, r0, #4
    str     r1, [sp, #F_T]
    mul     r2, r2, r12
    ldr     r1, [sp, #F_A]
    ldr     r12, [sp, #F_LEN]
    REDC_ROW1
    b       .Lredc_rows

.Lredc_final:
    ldr     pc, [sp, #F_LAZY]          @ the entry's final step
.Lredc_full:
    @ x = t[len..2len), top = pending.  Pass 1: r = x - n (SBCS chain),
    @ eight words per iteration, then four, then single words.
    ldr     r0, [sp, #F_R]
    ldr     r3, [sp, #F_LEN]
    ldr     r1, [sp, #F_T]             @ x
    ldr     r2, [sp, #F_A]             @ n
    REDC_SUB_N
    uadd8   r4, r4, r4
    ldr     r0, [sp, #F_R]
    ldr     r1, [sp, #F_T]             @ x
    REDC_SEL_X
    .size rsa_cm_redc, . - rsa_cm_redc

@ void rsa_cm_redc_lazy(u32 *r, const u32 *t, const u32 *n, usize len, u32 n0)
@ r = t * 2^(-32 len) mod n, but only below R = 2^(32 len) (not
@ necessarily below n), for any t < R^2: the reduction above with the
@ lazy final step.  For the exponentiation loops, whose operands stay < R.
@ A section of its own, so that an image calling rsa_cm_redc only links
@ no lazy step (pow_public uses the lazy reduction, so the verify images
@ still link it): the entry hands rsa_cm_redc's body the address of its
@ final step in F_LAZY.
    FRAME_ENTRY rsa_cm_redc_lazy
    str.w   lr, [sp, #F_B]             @ the return address (F_B is free in redc)
    adr.w   r4, .Lredc_lazy + 1
    str     r4, [sp, #F_LAZY]
    b.w     .Lredc_common

@ rsa_cm_redc_lazy_ns: the body without the stream set-up, for a caller
@ whose frame holds it for this length already (rsa_cm_window).
    .thumb_func
    .type rsa_cm_redc_lazy_ns, %function
rsa_cm_redc_lazy_ns:
    str.w   lr, [sp, #F_B]
    adr.w   r4, .Lredc_lazy + 1
    str     r4, [sp, #F_LAZY]
    b.w     .Lredc_common_ns
.Lredc_lazy:
    @ Lazy final step (rsa_cm_redc_lazy): the value is top*R + x < R + n
    @ for t < R^2, so r = x - (n AND -top) is below R and congruent; one
    @ pass, no comparison with n.  Eight words per iteration, software-
    @ pipelined: each word is stored after the next word's two loads (a
    @ store right after a load is free), its register alternating between
    @ r4 and r5; the first word is peeled (nothing to store yet).  Then
    @ single words.  The pointers run one word behind (r0 two in the
    @ iterations) and move by the last access's writeback, so that the
    @ other offsets are small and positive (16-bit encodings).  ANDS (no
    @ shift) and TEQ leave the borrow in C.
    ldr     r0, [sp, #F_R]
    ldr     r3, [sp, #F_LEN]
    ldr     r1, [sp, #F_T]             @ x
    ldr     r2, [sp, #F_A]             @ n
    ldr     r7, [sp, #F_PEND]
    subs    r0, r0, #4
    subs    r1, r1, #4
    subs    r2, r2, #4
    bic     lr, r3, #7
    add.w   lr, r1, lr, lsl #2         @ end of the 8-word groups in x, - 4
    rsbs    r7, r7, #0                 @ mask = -top
    cmp     r0, r0                     @ C = 1 (no borrow)
    teq     r1, lr
    beq     2f
    sub.w   r0, r0, #4
    LAZY_WORD r4, 4                    @ word 0 of the first group
    b       1f
6:
    LAZY_WORD r4, 4, r5                @ and word 7 of the previous group
1:
    .irp off, 8, 16, 24
    LAZY_WORD r5, \off, r4
    LAZY_WORD r4, (\off + 4), r5
    .endr
    LAZY_WORD r5, 32, r4, !            @ the pointers move
    teq     r1, lr
    bne     6b
    str     r5, [r0, #4]!
2:
    ldr     r3, [sp, #F_LEN]
    and     r3, r3, #7
    add.w   r3, r1, r3, lsl #2         @ end of x, - 4
    teq     r1, r3
    beq     4f
3:
    ldr     r4, [r1, #4]!
    ldr     r6, [r2, #4]!
    ands    r6, r6, r7
    sbcs    r4, r4, r6
    str     r4, [r0, #4]!
    teq     r1, r3
    bne     3b
4:
    ldr     pc, [sp, #F_B]
    .size rsa_cm_redc_lazy_int, . - rsa_cm_redc_lazy_int

@ ---------------------------------------------------------------------------
@ ---------------------------------------------------------------------------
@ rsa_cm_window's a = redc_lazy(t) (its W_* slots).
    .macro WINDOW_REDC
    ldr     r0, [sp, #W_A]
    ldr     r1, [sp, #W_T]
    ldr     r2, [sp, #W_N]
    ldr     r3, [sp, #W_LEN]
    bl      rsa_cm_redc_lazy_ns
    .endm

@ void rsa_cm_window(u32 *a, u32 *t, const u32 *n, usize len, u32 n0,
@                    usize k, const u32 *b)
@ An exponentiation window: k times a = redc_lazy(sqr(a)), then, when b is
@ not null, a = redc_lazy(a * b); t (2 len words) is scratch.  One call
@ instead of 2k + 2 from the Rust wrappers (their length checks and
@ clearing of the rest of t); branches on k and b only (public).
    KERNEL  rsa_cm_window
    push    {r4-r11, lr}
    sub     sp, sp, #(F_SIZE + 40)
    @ The kernels' frame at sp (their _int entries run in it), this call's
    @ state above it (W_*), n0 where the kernels read their fifth argument.
    .equ W_A,   F_SIZE
    .equ W_T,   F_SIZE + 4
    .equ W_N,   F_SIZE + 8
    .equ W_LEN, F_SIZE + 12
    .equ W_K,   F_SIZE + 16
    .equ W_B,   F_SIZE + 20
    .equ W_IN,  F_SIZE + 40 + 36       @ the caller's stack arguments
    add     r12, sp, #W_A
    stmia   r12, {r0-r3}
    ldr     r4, [sp, #W_IN]            @ n0
    ldr     r5, [sp, #(W_IN + 4)]      @ k
    ldr     r6, [sp, #(W_IN + 8)]      @ b
    str     r4, [sp, #F_ARG5]
    str     r6, [sp, #W_B]
    sub.w   r12, r3, #4                @ the stream set-up for every redc
    bl      rsa_cm_c_setup             @ and mul (sqr leaves it alone)
    cmp     r5, #0
    beq     2f
1:
    str     r5, [sp, #W_K]
    ldr     r0, [sp, #W_T]
    ldr     r1, [sp, #W_A]
    ldr     r2, [sp, #W_LEN]
    bl      rsa_cm_sqr_int
    WINDOW_REDC
    ldr     r5, [sp, #W_K]
    subs    r5, r5, #1
    bne     1b
2:
    ldr     r2, [sp, #W_B]
    cmp     r2, #0
    beq     3f
    ldr     r0, [sp, #W_T]
    ldr     r1, [sp, #W_A]
    ldr     r3, [sp, #W_LEN]
    bl      rsa_cm_mul_ns
    WINDOW_REDC
3:
    add     sp, sp, #(F_SIZE + 40)
    pop     {r4-r11, pc}
    .size rsa_cm_window, . - rsa_cm_window

@ ---------------------------------------------------------------------------
@ void rsa_cm_select(u32 *r, const u32 *table, usize len, usize count,
@                    usize index)
@ r = table[index * len ..][..len]; 1 <= count <= 256, index < count: the
@ SELECT_* macros (macros.s, where the method is).  Tables of 16 entries
@ take eight words at a time first (SEL8_ENTRY with UADD16, as umaal.s:
@ one D, 0x8000 >> index in both halfwords, covers all 16 entries).
    KERNEL  rsa_cm_select
    SELECT_SETUP
    @ 16 entries (the 4-bit window table): groups of eight words first, one
    @ UADD16 doubling per entry on D = 0x8000 >> index in both halfwords
    @ (a carry out of both halves, GE = 1111, exactly at entry == index), so
    @ that no constant register is needed; r0 = stride - 24, the walk's end
    @ is at [sp, #28].
    SELECT16_GROUPS
    mov.w   r5, #0x8000
    lsr.w   r5, r5, r4
    orr     r5, r5, r5, lsl #16
    str     r5, [sp, #24]
    str     r0, [sp, #20]
    sub.w   r0, r2, #24
.Lsel8_grp:
    ldr     r2, [sp, #12]
    ldr     lr, [sp, #24]
    add     r2, r2, r1
    str     r2, [sp, #28]              @ end of this walk
    @ the first entry is loaded, not selected (nothing to keep yet): its
    @ doubling of D still sets GE exactly when index = 0, so that the other
    @ entries keep it then
    uadd16  lr, lr, lr
    ldmia   r1!, {r4-r11}
    add     r1, r1, r0
    sub.w   r1, r1, #8
    b       .Lsel8_e1
.Lsel8_e:
    SEL8_ENTRY uadd16
.Lsel8_e1:
    .rept 7
    SEL8_ENTRY uadd16
    .endr
    ldr     r2, [sp, #28]
    cmp     r1, r2
    bne     .Lsel8_e
    SELECT8_NEXT
.Lsel_grp:
    movs    r4, #0
    movs    r5, #0
    movs    r6, #0
    movs    r7, #0
    SELECT_GROUP4
.Lsel_w:
    movs    r4, #0
    SELECT_WORD
    .size rsa_cm_select, . - rsa_cm_select
