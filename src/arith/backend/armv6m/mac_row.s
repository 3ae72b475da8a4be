@ ARMv6-M (Thumb-1) multiply-accumulate row for the Cortex-M0/M0+ and
@ ARMv8-M Baseline: t[0..len] += a·b[0..len], carry word returned; and
@ mul, sqr and REDC's rows looping over it (REDC's last step is sub.s).
@
@ No 32×32→64 multiply here: each a·b[j] is four MULS on 16-bit halves,
@ al·yl + (al·yh + ah·yl)·2^16 + ah·yh·2^32. MULS and every other
@ instruction used take a fixed time; the only branches test len, which
@ is public.
@
@ Registers: r0 = &t[j], r1 = &b[j + 1] (b[j] already split into halves:
@ yh in r4, yl in r7), r3 = al, r9 = ah, r8 = &b[len]; the carry word
@ alternates between r2 and r6 (so that no move is needed), r5 and the
@ other of r2/r6 are scratch. Sixteen steps per loop pass; the first pass
@ is entered at step −len mod 16 (its address computed from the assembled
@ length of one step; both carry registers zero, the carry flag clear), so
@ that len mod 16 needs no steps of its own. The callers make that state
@ (ROW_CALL) and call the entry step by BLX (ROW_ENTRY: its address, once
@ per call in mul and REDC, per row in sqr), saving the BL and computed
@ branch of a routine doing both.
@
@ The carry out of adding t[j] stays in the carry flag (no zero register,
@ no ADCS) and is taken in by the next step's ADCS of the carry word: in
@ between, only MULS (N, Z), MOVS Rd, Rm (LSLS #0), MOV, UXTH, loads and
@ stores run, none of which writes C. That is why each step loads and
@ splits the next b word before its last add. The last step of a pass
@ adds the flag to its carry word (the loop's CMP overwrites C) and loads
@ nothing, so that b is not read past its end.

    .syntax unified
    .thumb
    .text

@ One limb: (carry out in H, t[j]) = t[j] + a·b[j] + C + the carry flag,
@ for b[j]'s halves in Y (high) and M (low), the carry word in C and the
@ scratch registers L, H (C is scratch afterwards). CIN is the
@ instruction that adds C: ADCS, or ADDS where the flag is not defined.
@ Unless LAST, ends with the next b word's halves in Y and M and t[j]'s
@ carry in the flag; if LAST, with that carry in H.
.macro ROW_STEP C, Y, L, H, M, CIN=adcs, LAST=0
    mov     \H, r9              @ ah
    movs    \L, \M              @ yl
    muls    \M, \H              @ ah·yl
    muls    \L, r3              @ al·yl: the low word L
    muls    \H, \Y              @ ah·yh: the high word H
    muls    \Y, r3              @ al·yh
    \CIN    \L, \C              @ + carry word (+ the flag)
    movs    \C, #0              @ (MOVS #imm keeps the carry flag)
    adcs    \H, \C
    lsls    \C, \Y, #16         @ + al·yh·2^16
    lsrs    \Y, \Y, #16
    adds    \L, \C
    adcs    \H, \Y
    lsls    \C, \M, #16         @ + ah·yl·2^16
    lsrs    \M, \M, #16
    adds    \L, \C
    adcs    \H, \M
    ldr     \C, [r0]            @ t[j]
.if \LAST
    adds    \L, \C
    movs    \M, #0
    adcs    \H, \M
.else
    ldm     r1!, {\Y}           @ y = b[j + 1]
    uxth    \M, \Y              @ yl
    lsrs    \Y, \Y, #16         @ yh
    adds    \L, \C              @ + t[j], its carry left in the flag
.endif
    stm     r0!, {\L}
.endm

@ The row: entered by ROW_CALL at its step −len mod 16; returns the carry
@ word in r2 with r0 = &t[len], r1 = &b[len]. Clobbers r3-r7 and r9 (r8,
@ r9 and r12 are the callers' to save); returns with BX LR.
    FUNC    rsa_cm_v6m_row, 0
.Lrow_loop:
    ROW_STEP r2, r4, r5, r6, r7, adds
.Lrow_step1:
.rept 7                         @ steps 1-14, the carry word in r6, r2 by turns
    ROW_STEP r6, r4, r5, r2, r7
    ROW_STEP r2, r4, r5, r6, r7
.endr
    ROW_STEP r6, r4, r5, r2, r7, adcs, 1
    cmp     r1, r8
    beq     1f
    ldm     r1!, {r4}           @ y = b[j + 1]
    uxth    r7, r4
    lsrs    r4, r4, #16
    b       .Lrow_loop          @ (BNE reaches 256 bytes back; the loop is longer)
1:  bx      lr
    .size   rsa_cm_v6m_row, . - rsa_cm_v6m_row

@ R = the address (Thumb bit set) of the row's entry step for rows of
@ length L ≥ 1, from N = −4L (a register): step −L mod 16, .Lrow_step1 −
@ .Lrow_loop bytes each. Clobbers S.
.macro ROW_ENTRY R, N, S
    lsls    \R, \N, #26
    lsrs    \R, \R, #28        @ −L mod 16
    ldr     \S, =.Lrow_step1 - .Lrow_loop
    muls    \R, \S
    ldr     \S, =rsa_cm_v6m_row
    adds    \R, \S
.endm

@ t[0..len] += a·b[0..len] for r0 = t, r1 = b, r3 = a, r8 = &b[len], r12
@ = ROW_ENTRY of len: the row's state (a's halves, b[0]'s, both carry words
@ zero, the carry flag clear), then BLX to the entry step. The carry word
@ in r2, r0 = &t[len], r1 = &b[len]; clobbers r3-r7 and r9.
.macro ROW_CALL
    lsrs    r4, r3, #16
    mov     r9, r4              @ ah
    uxth    r3, r3              @ al
    ldm     r1!, {r4}           @ y = b[0]
    uxth    r7, r4              @ yl
    lsrs    r4, r4, #16         @ yh
    movs    r6, #0              @ carry word, in r2 or r6 by the entry step
    adds    r2, r6, #0          @ (and the carry flag clear)
    blx     r12
.endm

@ void rsa_cm_v6m_mul(u32 *t, const u32 *a, const u32 *b, usize len),
@ len ≥ 1, t[..len] zero on entry: t = a·b, one row per limb of a (row i
@ stores its carry to t[i + len], which no row before wrote).
@ r10 = &t[i], r11 = &a[i], r8 = &b[len], r12 = the rows' entry step;
@ b and &a[len] on the stack.
    FUNC    rsa_cm_v6m_mul
    SAVE_R4_R11
    lsls    r4, r3, #2
    adds    r5, r2, r4
    mov     r8, r5              @ &b[len]
    adds    r5, r1, r4
    push    {r2, r5}            @ [sp] = b, [sp, #4] = &a[len]
    rsbs    r4, r4, #0
    ROW_ENTRY r5, r4, r6
    mov     r12, r5
    mov     r10, r0
    mov     r11, r1
5:  mov     r1, r11
    ldm     r1!, {r3}           @ a[i]
    mov     r11, r1
    mov     r0, r10
    ldr     r1, [sp]
    ROW_CALL
    str     r2, [r0]            @ t[i + len] = carry
    mov     r0, r10
    adds    r0, #4
    mov     r10, r0
    mov     r1, r11
    ldr     r2, [sp, #4]
    cmp     r1, r2
    bne     5b
    add     sp, #8
    RETURN_R4_R11
    .size   rsa_cm_v6m_mul, . - rsa_cm_v6m_mul

@ u32 rsa_cm_v6m_redc_rows(u32 *t, const u32 *n, usize len, u32 n0),
@ len ≥ 1: REDC's rows, t[i..] += (t[i]·n0 mod 2^32)·n for i < len with
@ the carries through t[i + len]; returns the carry out of t[2len - 1]
@ (the result is that bit : t[len..2len]).
@ r10 = &t[i], r11 = n, r8 = &n[len], r12 = the rows' entry step; n0,
@ &t[len] and that carry on the stack.
    FUNC    rsa_cm_v6m_redc_rows
    SAVE_R4_R11
    lsls    r4, r2, #2
    adds    r5, r1, r4
    mov     r8, r5              @ &n[len]
    adds    r5, r0, r4
    movs    r6, #0
    push    {r3, r5, r6}        @ [sp] = n0, [sp, #4] = &t[len], [sp, #8] = top
    rsbs    r4, r4, #0
    ROW_ENTRY r5, r4, r6
    mov     r12, r5
    mov     r10, r0
    mov     r11, r1
6:  mov     r0, r10
    ldr     r3, [r0]
    ldr     r4, [sp]
    muls    r3, r4              @ m = t[i]·n0
    mov     r1, r11
    ROW_CALL                    @ r0 = &t[i + len]
    ldr     r4, [r0]
    ldr     r5, [sp, #8]
    lsrs    r5, r5, #1          @ the carry flag = top (0 or 1), r5 = 0
    adcs    r4, r2              @ t[i + len] + carry + top
    adcs    r5, r5
    str     r4, [r0]
    str     r5, [sp, #8]
    mov     r0, r10
    adds    r0, #4
    mov     r10, r0
    ldr     r1, [sp, #4]
    cmp     r0, r1
    bne     6b
    ldr     r0, [sp, #8]
    add     sp, #12
    RETURN_R4_R11
    .size   rsa_cm_v6m_redc_rows, . - rsa_cm_v6m_redc_rows

@ void rsa_cm_v6m_sqr(u32 *t, const u32 *a, usize len), len ≥ 1, t[..len]
@ and t[2len - 1] zero on entry: t = a². The cross products a[i]·a[j],
@ i < j, by rows (row i stores its carry to t[i + len], which no row
@ before wrote; r10 = &a[i], r11 = &t[2i + 1], r8 = &a[len], r12 = the
@ row's entry step), then one pass over i that doubles t[2i + 1] : t[2i]
@ and adds a[i]²: two carry chains, each kept as a bit between pairs (the
@ bit doubling shifts out in r3, the carry of the additions in r2).
    FUNC    rsa_cm_v6m_sqr
    SAVE_R4_R11
    push    {r0, r1}            @ [sp] = t, [sp, #4] = a
    lsls    r3, r2, #2
    adds    r3, r1
    mov     r8, r3              @ &a[len]
    subs    r2, r2, #1
    beq     8f
    adds    r0, r0, #4
    mov     r11, r0
    mov     r10, r1
7:  mov     r1, r10
    ldm     r1!, {r3}           @ a[i]; r1 = &a[i + 1]
    mov     r10, r1
    mov     r5, r8
    subs    r5, r1, r5          @ −4·(the row's length)
    ROW_ENTRY r4, r5, r6
    mov     r12, r4
    mov     r0, r11
    ROW_CALL                    @ r0 = &t[i + len]
    str     r2, [r0]
    mov     r0, r11
    adds    r0, r0, #8
    mov     r11, r0
    mov     r1, r10
    adds    r1, r1, #4
    cmp     r1, r8
    bne     7b
8:  pop     {r0, r1}
    movs    r2, #0
    movs    r3, #0
9:  ldm     r1!, {r6}           @ x = a[i]
    uxth    r7, r6              @ xl
    lsrs    r6, r6, #16         @ xh
    movs    r5, r7
    muls    r5, r6              @ xl·xh
    muls    r7, r7              @ xl²
    muls    r6, r6              @ xh²
    lsls    r4, r5, #17         @ + 2·xl·xh·2^16
    lsrs    r5, r5, #15
    adds    r7, r7, r4
    adcs    r6, r5              @ (r6 : r7) = x²
    ldr     r4, [r0]
    ldr     r5, [r0, #4]
    lsrs    r3, r3, #1          @ carry flag = the bit doubling shifted out before
    adcs    r4, r4
    adcs    r5, r5
    adcs    r3, r3
    lsrs    r2, r2, #1          @ carry flag = the carry out of the pair before
    adcs    r4, r7
    adcs    r5, r6
    adcs    r2, r2
    stm     r0!, {r4, r5}
    cmp     r1, r8
    bne     9b
    RETURN_R4_R11
    .size   rsa_cm_v6m_sqr, . - rsa_cm_v6m_sqr
