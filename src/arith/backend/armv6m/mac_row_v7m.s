@ ARMv7-M (Thumb-2) build of the armv6m backend's rows, for the Cortex-M3:
@ the same three routines and contracts as mac_row.s (mod.rs includes one
@ or the other), t[0..len] += a·b[0..len] as the row they loop over.
@
@ The M3's UMULL/UMLAL terminate early (their time depends on the
@ operands); MUL and MLA do not. So each a·y is still four MULs on 16-bit
@ halves, al·yl + (al·yh + ah·yl)·2^16 + ah·yh·2^32, but Thumb-2 adds the
@ middle products with shifted operands (ADDS lo, lo, m, LSL #16 / ADC hi,
@ hi, m, LSR #16), loads the halves with LDRH, has three-operand forms and
@ r8-r12 for every instruction: about half of mac_row.s's instructions
@ per limb.
@ Every instruction used takes a fixed time on the M3; the only branches
@ and addresses depend on len, which is public.

    .syntax unified
    .thumb
    .text

@ One limb of the row, in two halves so that each store is free (it follows
@ a load, which it does not depend on: M4/M3 TRM load/store timings): its
@ loads and the store of the limb before (r12, to t[j - 1]), then
@ (r2 + C, r12) = t[j] + a·b[j] + r2 + C, where r12 is t[j]'s new value and
@ C the carry flag: the last carry out of a limb's low word is not added
@ into r2 but into the next limb's first addition (nothing between them
@ sets the flags). r0 and r1 are advanced. r3 = al, r4 = ah; r5-r9
@ scratch. ah·yh + (al·yh >> 16) + (ah·yl >> 16) and the carries into it
@ stay below 2^32, as the sum itself is below 2^64.
@ Every instruction of a limb is a 32-bit encoding (.w where a 16-bit one
@ exists; MUL without flags, ADC with an immediate and STR with a negative
@ offset have none): 15 of them, 60 bytes, which the row's entry
@ multiplies by.
.macro ROW_LOAD
    ldrh.w  r5, [r1], #2        @ yl, the low half of y = b[j]
    ldrh.w  r6, [r1], #2        @ yh (each load pipelines after the one before)
    ldr.w   r7, [r0], #4        @ t[j]
    str     r12, [r0, #-8]      @ t[j - 1]
.endm
.macro ROW_CALC
    mul     r8, r4, r6          @ ah·yh: the high word
    mul     r6, r3, r6          @ al·yh
    mul     r9, r4, r5          @ ah·yl
    mul     r12, r3, r5         @ al·yl: the low word
    adcs.w  r12, r12, r2        @ + carry in (word and flag)
    adc.w   r2, r8, r6, lsr #16
    adds.w  r12, r12, r6, lsl #16
    adc.w   r2, r2, r9, lsr #16
    adds.w  r12, r12, r9, lsl #16
    adc     r2, r2, #0
    adds.w  r12, r12, r7        @ + t[j]; its carry goes to the next limb
.endm

@ The row: r0 = t, r1 = b, r2 = len (≥ 1), r3 = a; returns the carry word
@ in r2 with r0 = &t[len], r1 = &b[len]. Clobbers r3-r10 and r12 (saved
@ by the callers); r11 is kept. Called with BL, returns with BX LR. Eight
@ limbs per loop pass; the first pass is entered at limb −len mod 8 (a
@ computed branch by the assembled length of one limb, past that limb's
@ loads, done here, and its store, of which there is none), so that len
@ mod 8 needs no code of its own; the last limb is stored after the loop.
@ The name is mac_row.s's (ci/arm-test looks for it in the M3 image).
    FUNC    rsa_cm_v6m_row, 0
    lsr     r4, r3, #16         @ ah
    uxth    r3, r3              @ al
    add     r10, r1, r2, lsl #2 @ end of b
    rsbs    r6, r2, #0          @ (len ≥ 1 borrows: the carry flag clear)
    and     r6, r6, #7          @ limbs of the first pass skipped
    rsb     r6, r6, r6, lsl #4
    adr     r9, .Lrow_calc0
    add     r9, r9, r6, lsl #2  @ 60 bytes a limb
    mov     r2, #0
    ldrh    r5, [r1], #2
    ldrh    r6, [r1], #2
    ldr     r7, [r0], #4
    mov     pc, r9
    .p2align 2
.Lrow_loop:
    ROW_LOAD
.Lrow_calc0:
    ROW_CALC
.rept 7                         @ limbs 1-7
    ROW_LOAD
    ROW_CALC
.endr
    teq     r1, r10             @ keeps the carry flag
    bne     .Lrow_loop
    adc     r2, r2, #0          @ the last limb's carry
    str     r12, [r0, #-4]      @ t[len - 1]
    bx      lr
    .size   rsa_cm_v6m_row, . - rsa_cm_v6m_row

@ void rsa_cm_v6m_mul(u32 *t, const u32 *a, const u32 *b, usize len),
@ len ≥ 1, t[..2len] zero on entry: t = a·b, one row per limb of a.
@ r11 = &t[i]; b, len, &a[i] and &a[len] on the stack.
    FUNC    rsa_cm_v6m_mul
    push    {r4-r11, lr}
    sub     sp, sp, #16
    add     r4, r1, r3, lsl #2
    strd    r2, r3, [sp]        @ [sp] = b, [sp, #4] = len
    strd    r1, r4, [sp, #8]    @ [sp, #8] = &a[i], [sp, #12] = &a[len]
    mov     r11, r0
5:  ldr     r4, [sp, #8]
    ldr     r3, [r4], #4        @ a[i]
    str     r4, [sp, #8]
    mov     r0, r11
    ldrd    r1, r2, [sp]
    bl      rsa_cm_v6m_row
    str     r2, [r0]            @ t[i + len] = carry
    add     r11, r11, #4
    ldrd    r0, r1, [sp, #8]
    cmp     r0, r1
    bne     5b
    add     sp, sp, #16
    pop     {r4-r11, pc}
    .size   rsa_cm_v6m_mul, . - rsa_cm_v6m_mul

@ u32 rsa_cm_v6m_redc_rows(u32 *t, const u32 *n, usize len, u32 n0),
@ len ≥ 1: REDC's rows, t[i..] += (t[i]·n0 mod 2^32)·n for i < len with
@ the carries through t[i + len]; returns the carry out of t[2len - 1]
@ (the result is that bit : t[len..2len], below 2n).
@ r11 = &t[i]; n, len, n0, that carry and &t[len] on the stack.
    FUNC    rsa_cm_v6m_redc_rows
    push    {r4-r11, lr}
    movs    r4, #0
    add     r5, r0, r2, lsl #2
    push    {r1, r2, r3, r4, r5} @ [sp] = n, [sp, #4] = len, [sp, #8] = n0, [sp, #12] = top, [sp, #16] = &t[len]
    mov     r11, r0
6:  ldr     r3, [r11]
    ldr     r4, [sp, #8]
    mul     r3, r3, r4          @ m = t[i]·n0
    mov     r0, r11
    ldrd    r1, r2, [sp]
    bl      rsa_cm_v6m_row      @ r0 = &t[i + len]
    ldr     r4, [r0]
    ldr     r5, [sp, #12]
    lsrs    r5, r5, #1          @ the carry flag = top (0 or 1), r5 = 0
    adcs    r4, r4, r2          @ t[i + len] + carry + top
    adc     r5, r5, #0
    str     r4, [r0]
    str     r5, [sp, #12]
    add     r11, r11, #4
    ldr     r0, [sp, #16]
    cmp     r11, r0
    bne     6b
    ldr     r0, [sp, #12]
    add     sp, sp, #20
    pop     {r4-r11, pc}
    .size   rsa_cm_v6m_redc_rows, . - rsa_cm_v6m_redc_rows

@ void rsa_cm_v6m_sqr(u32 *t, const u32 *a, usize len), len ≥ 1,
@ t[..2len] zero on entry: t = a². The cross products a[i]·a[j], i < j, by
@ rows (r11 = &t[2i + 1]; &a[i + 1] and the row's length on the stack),
@ then one pass over i that doubles t[2i], t[2i + 1] (shifts; the bit
@ carried to the next pair in r10) and adds a[i]² (the carry flag, which
@ the loop's TEQ keeps). t, a and len on the stack.
    FUNC    rsa_cm_v6m_sqr
    push    {r4-r11, lr}
    add     r4, r1, #4
    push    {r0, r1, r2, r3, r4} @ [sp] = t, [sp, #4] = a, [sp, #8] = len, [sp, #12] = row length, [sp, #16] = &a[i + 1]
    subs    r2, r2, #1
    beq     8f
    str     r2, [sp, #12]       @ length of row 0
    add     r11, r0, #4
7:  ldr     r1, [sp, #16]       @ &a[i + 1]
    ldr     r3, [r1, #-4]       @ a[i]
    add     r4, r1, #4
    str     r4, [sp, #16]
    mov     r0, r11
    bl      rsa_cm_v6m_row      @ r0 = &t[i + len]
    str     r2, [r0]
    add     r11, r11, #8
    ldr     r2, [sp, #12]
    subs    r2, r2, #1
    str     r2, [sp, #12]
    bne     7b
8:  ldmia   sp, {r0, r1, r2}
    add     r12, r1, r2, lsl #2 @ &a[len]
    movs    r10, #0             @ the bit doubling carries into the pair
    adds    r2, r2, #0          @ carry flag clear
9:  ldrh    r7, [r1], #2        @ xl, the low half of x = a[i]
    ldrh    r8, [r1], #2        @ xh
    ldr     r4, [r0]
    ldr     r5, [r0, #4]
    mul     r9, r7, r8          @ xl·xh
    mul     r7, r7, r7          @ xl²
    mul     r8, r8, r8          @ xh²
    add     r6, r9, r7, lsr #17 @ (x² >> 32) = xh² + ((xl·xh + (xl² >> 17)) >> 15)
    add     r8, r8, r6, lsr #15
    add     r7, r7, r9, lsl #17 @ x² mod 2^32
    lsr     r9, r5, #31         @ the next pair's doubling bit
    lsl     r5, r5, #1          @ 2·(t[2i + 1] : t[2i]) + r10
    orr     r5, r5, r4, lsr #31
    orr     r4, r10, r4, lsl #1
    mov     r10, r9
    adcs    r4, r4, r7          @ + x², the carry from the pair before
    adcs    r5, r5, r8
    str     r4, [r0], #4
    str     r5, [r0], #4
    teq     r1, r12             @ keeps the carry flag
    bne     9b
    add     sp, sp, #20
    pop     {r4-r11, pc}
    .size   rsa_cm_v6m_sqr, . - rsa_cm_v6m_sqr
