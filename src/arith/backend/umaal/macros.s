@ Code that more than one file runs the same way (umaal.s, umaal_gen.s,
@ compact.s), as macros each file expands where the code belongs; mod.rs
@ assembles this file ahead of them.  The frame offsets (F_*) are each
@ file's own.

@ The start of the local function \name.
    .macro LOCAL_FUNC name
    .p2align 2
    .thumb_func
    .type \name, %function
\name:
    .endm

@ The start of the exported function \name.
    .macro GLOBAL_FUNC name
    .global \name
    LOCAL_FUNC \name
    .endm

@ rsa_cm_row1: one row.  In: r0 = &t[first column], r1 = &b[0], r2 = m,
@ r12 = L (may be 0).  For j < L: C:t[j] = m*b[j] + t[j] + C.
@ Out: r7 = final carry (column first+L), r0 = &t[first+L].
@ Clobbers r1, r6, r11, r12.  Per word: LDR, LDR, UMAAL, STR, SUBS, BNE.
@ The carry is cleared by \clr (MOVS or MOV.W: each file's encoding).
    .macro ROW1 clr
    LOCAL_FUNC rsa_cm_row1
    \clr    r7, #0
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
    .endm

@ redc's single row: t[i..i+len) += m * n (rsa_cm_row1: r0 = &t[i],
@ r1 = n, r2 = m, r12 = len), then t[i+len] += its carry + the pending
@ bit (F_PEND), whose carry out is the next pending bit.
    .macro REDC_ROW1
    bl      rsa_cm_row1
    ldr     r2, [r0]
    ldr     lr, [sp, #F_PEND]
    lsrs    lr, lr, #1
    adcs    r2, r2, r7
    mov.w   lr, #0
    adc     lr, lr, #0
    str     lr, [sp, #F_PEND]
    str     r2, [r0]
    .endm

@ t[i+len..) (r2-r5, or r2-r6 with \w4; stored at r0) += the window
@ (\w0..) + the pending bit (bit 0 of lr), the carry out in C.
    .macro ADD_WINDOW w0, w1, w2, w3, w4
    lsrs    lr, lr, #1                 @ C = pending
    adcs    r2, r2, \w0
    adcs    r3, r3, \w1
    adcs    r4, r4, \w2
    adcs    r5, r5, \w3
    .ifb \w4
    stmia   r0, {r2-r5}
    .else
    adcs    r6, r6, \w4
    stmia   r0, {r2-r6}
    .endif
    .endm

@ (\w0..\w3) += (\m0..\m3) * \b with the carry chain in \c: by default a
@ stream step's products, m0..m3 in r2-r5.
    .macro UMAAL_M4 c, b, w0, w1, w2, w3, m0=r2, m1=r3, m2=r4, m3=r5
    umaal   \w0, \c, \m0, \b
    umaal   \w1, \c, \m1, \b
    umaal   \w2, \c, \m2, \b
    umaal   \w3, \c, \m3, \b
    .endm

@ rsa_cm_zero: r0 = &t[0], r12 = count (may be 0) words set to zero.
@ Clobbers r0, r2-r9, r12.  Eight words per STM, then single words.
@ ZERO_LOOP: its stores, after r2-r9 are set to zero, and its end.
    .macro ZERO_LOOP
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
    .endm

@ A TBB (\dir = .byte) or TBH (.hword) table at the label \tbl: the
@ offset of \pre<k> for each k of \ks, in halfwords.
    .macro BRANCH_TABLE dir, tbl, pre, ks:vararg
\tbl:
    .irp k, \ks
    \dir   (\pre\()\k - \tbl) / 2
    .endr
    .endm

@ \w += \m * \n + \c for each (\w, \n) pair in turn, the carry on in \c
@ (one UMAAL a pair).
    .macro UMAAL_CHAIN c, m, w, n, more:vararg
    umaal   \w, \c, \m, \n
    .ifnb \more
    UMAAL_CHAIN \c, \m, \more
    .endif
    .endm

@ Each register of \rs = 0 (MOV.W).
    .macro MOVW_ZERO rs:vararg
    .irp x, \rs
    mov.w   \x, #0
    .endr
    .endm

@ \r = 0 and then each register of \rs = \r (MOV, 16 bits).
    .macro ZERO_REGS r, rs:vararg
    mov.w   \r, #0
    .irp x, \rs
    mov     \x, \r
    .endr
    .endm

@ Copy \n words (n mod 12 = 0, 4 or 8) from r1 to r0, both walking on:
@ twelve a LDM/STM (r2-r12, lr), then the rest.
    .macro COPY_WORDS n
    .rept (\n) / 12
    ldmia   r1!, {r2-r12, lr}
    stmia   r0!, {r2-r12, lr}
    .endr
    .if (\n) % 12 == 4
    ldmia   r1!, {r2-r5}
    stmia   r0!, {r2-r5}
    .elseif (\n) % 12 == 8
    ldmia   r1!, {r2-r9}
    stmia   r0!, {r2-r9}
    .elseif (\n) % 12
    .error "COPY_WORDS: n mod 12 must be 0, 4 or 8"
    .endif
    .endm

@ umaal.s's epilogue, or on to the reduction whose address is in F_LAZY
@ when it is set (rsa_cm_sqr_redc4864).
    .macro EXIT_LAZY
    ldr     r4, [sp, #F_LAZY]
    cmp     r4, #0
    it      ne
    bxne    r4                         @ rsa_cm_sqr_redc4864
    add     sp, sp, #F_SIZE
    pop     {r4-r11, pc}
    .endm

@ sqr: clear t[0..len) (r2 = len) and set the walking state up.
    .macro SQR_WALK
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
    .endm

@ sqr: the rows left over, one at a time (.Lsqr_rows, on to .Lsqr_diag).
    .macro SQR_ROWS
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
    .endm

@ r[0..4) = x[0..4) - n[0..4) - borrow (r0, r1, r2 move on): a group of
@ SUB_N_WORDS.  With \mask, x - (n AND \mask) (AND without S keeps C).
    .macro SUB_N4 mask
    ldmia   r1!, {r4-r7}
    ldmia   r2!, {r8-r11}
    .ifnb \mask
    and     r8, r8, \mask
    and     r9, r9, \mask
    and     r10, r10, \mask
    and     r11, r11, \mask
    .endif
    sbcs    r4, r4, r8
    sbcs    r5, r5, r9
    sbcs    r6, r6, r10
    sbcs    r7, r7, r11
    stmia   r0!, {r4-r7}
    .endm

@ r = x - n with the borrow in C (r0 = r, r1 = x, r2 = n, r3 = len; \ge,
@ \xe = the ends of x's 8-word groups and of x): eight words per
@ iteration, then four, then single words.  With \mask, x - (n AND \mask)
@ with no group of four (r3 may be \xe).
    .macro SUB_N_WORDS ge, xe, mask
    bic     \ge, r3, #7
    add.w   \ge, r1, \ge, lsl #2       @ end of the 8-word groups in x
    add.w   \xe, r1, r3, lsl #2        @ end of x
    cmp     r0, r0                     @ C = 1 (no borrow)
    teq     r1, \ge
    beq     2f
1:
    SUB_N4  \mask
    SUB_N4  \mask
    teq     r1, \ge
    bne     1b
2:
    .ifb \mask
    tst     r3, #4                     @ TST #4 leaves C alone
    beq     3f
    SUB_N4
3:
    .endif
    teq     r1, \xe
    beq     4f
5:
    ldr     r4, [r1], #4
    ldr     r8, [r2], #4
    .ifnb \mask
    and     r8, r8, \mask
    .endif
    sbcs    r4, r4, r8
    str     r4, [r0], #4
    teq     r1, \xe
    bne     5b
4:
    .endm

@ redc's final subtraction, pass 1: r = x - n (r0 = r, r1 = x, r2 = n,
@ r3 = len), then the GE flags from the mask top - borrow (r4).
    .macro REDC_SUB_N
    SUB_N_WORDS r12, lr
    @ mask = top - borrow: all ones (keep x) or zero (keep x - n); GE
    @ flags = all four set iff mask is all ones.  Pass 2: r = SEL(x, r).
    ldr     r4, [sp, #F_PEND]
    sbc     r4, r4, #0
    .endm

@ r4-r7 = r8-r11 where the GE flags are set, else r4-r7 kept.
    .macro SEL4
    sel     r4, r8, r4
    sel     r5, r9, r5
    sel     r6, r10, r6
    sel     r7, r11, r7
    .endm

@ redc's final subtraction, pass 2: r = SEL(x, r) (r0 = r, r1 = x,
@ r3 = len), then the epilogue.
    .macro REDC_SEL_X
    bic     r12, r3, #3
    add.w   r12, r1, r12, lsl #2       @ end of the 4-word groups in x
    teq     r1, r12
    beq     2f
1:
    ldmia   r0, {r4-r7}
    ldmia   r1!, {r8-r11}
    SEL4
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
    .endm

@ select: one entry of a group of four words (r1, on by the stride r2)
@ into r4-r7 if it is the one (D in lr, stepped by r12).
    .macro SEL_ENTRY4
    ldmia   r1, {r8-r11}
    add     r1, r1, r2
    uadd8   lr, lr, r12
    SEL4
    .endm

@ select: r1 back to the first entry's next group (\step bytes on, with
@ \rt), then one group less in [sp, #\slot] (with \rc), on to \loop if any.
    .macro SEL_NEXT_GROUP rt, step, rc, slot, loop
    ldr     \rt, [sp, #12]
    sub     r1, r1, \rt
    adds    r1, r1, #\step             @ next group of the first entry
    ldr     \rc, [sp, #\slot]
    subs    \rc, \rc, #1
    str     \rc, [sp, #\slot]
    bne     \loop
    .endm

@ rsa_cm_select (umaal.s, compact.s) is made of the SELECT_* macros.
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
@ over two entries.  Tables of 16 entries take eight words at a time first.

@ select, 16 entries: one entry's eight words (r1, r1 + 12, r1 + 24, by
@ r2, r3, r12) kept in r4-r11 where the GE flags from doubling D (lr)
@ with \uadd are set; r1 moves on by the stride (r0 = stride - 24).
    .macro SEL8_ENTRY uadd
    \uadd   lr, lr, lr
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

@ select's prologue: frame of 36 bytes, D0, counts and stride (r2).
    .macro SELECT_SETUP
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
    .endm

@ select, 16 entries: the groups of eight words (to 9f when none).
    .macro SELECT16_GROUPS
    cmp     r3, #16
    bne     9f
    lsrs    r5, r4, #1                 @ groups of eight
    beq     9f
    str     r5, [sp, #32]
    and     r4, r4, #1
    str     r4, [sp, #4]               @ a group of four may be left
    ldr     r4, [sp, #72]              @ index
    .endm

@ select: end of a group of eight words; 9: the groups of four (if any).
    .macro SELECT8_NEXT
    ldr     r2, [sp, #20]
    stmia   r2!, {r4-r11}
    str     r2, [sp, #20]
    SEL_NEXT_GROUP r2, 32, r2, 32, .Lsel8_grp
    add.w   r2, r0, #24                @ stride
    ldr     r0, [sp, #20]
    movw    r12, #0x0101
    movt    r12, #0x0101
9:
    ldr     r4, [sp, #4]
    cmp     r4, #0
    beq     .Lsel_words
    .endm

@ select: a group of four words (after its accumulators r4-r7 are zeroed).
    .macro SELECT_GROUP4
    ldr     lr, [sp, #0]
    ldr     r3, [sp, #8]
    tst     r3, #1
    beq     1f
    @ odd count: one entry first
    SEL_ENTRY4
    subs    r3, r3, #1
    beq     2f
1:  @ two entries per iteration
    SEL_ENTRY4
    SEL_ENTRY4
    subs    r3, r3, #2
    bne     1b
2:
    stmia   r0!, {r4-r7}
    SEL_NEXT_GROUP r3, 16, r4, 4, .Lsel_grp
.Lsel_words:
    ldr     r5, [sp, #16]
    cmp     r5, #0
    beq     .Lsel_done
    .endm

@ select: a single word (after its accumulator r4 is zeroed), and the
@ epilogue.
    .macro SELECT_WORD
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
    .endm
