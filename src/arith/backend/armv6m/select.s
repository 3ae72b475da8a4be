@ The armv6m backend's table select, in Thumb-1 (which ARMv7-M also runs,
@ so mod.rs includes this file in both builds): every entry is read, and
@ the masks are made by arithmetic (in Rust, LLVM turned portable32's
@ equality mask into a branch on ARMv6-M, which has no IT). The only
@ branches test len and the number of entries, which are public.

    .syntax unified
    .thumb
    .text

@ void rsa_cm_v6m_select(u32 *r, const u32 *table, usize index, usize len,
@ usize entries), len ≥ 1, entries ≥ 1, table = entries × len limbs:
@ r = table[index] (zero if index ≥ entries).
@ Sixteen entries and len ≥ 3 (the 4-bit window): blocks of three limbs
@ (the last one overlapping the one before where 3 does not divide len),
@ each ORed together from all sixteen entries in r1-r3, with the sixteen
@ masks on the stack (all-ones but at index, for BICS); r8 = the stride
@ from a block's end to the same block of the next entry, r9 = the block
@ in entry 0, r10 = the block in r, r11 = the last block in r. Otherwise
@ one limb at a time, the mask made for each entry.
    FUNC    rsa_cm_v6m_select
    SAVE_R4_R11
    ldr     r4, [sp, #36]       @ entries
    cmp     r4, #16
    bne     .Lsel_limbs
    cmp     r3, #3
    bcc     .Lsel_limbs
    b       .Lsel_blocks

.Lsel_limbs:
    lsls    r3, r3, #2
    mov     r8, r3              @ the stride from one entry to the next
    adds    r3, r0
    mov     r9, r3              @ &r[len]
    mov     r10, r4             @ entries
1:  movs    r5, #0              @ r[j]
    movs    r6, #0              @ entry i
    mov     r3, r1              @ &table[i][j]
2:  movs    r7, r6
    eors    r7, r2
    rsbs    r4, r7, #0
    orrs    r4, r7
    asrs    r4, r4, #31         @ all-ones iff i ≠ index
    ldr     r7, [r3]
    bics    r7, r4
    orrs    r5, r7
    add     r3, r8
    adds    r6, #1
    cmp     r6, r10
    bne     2b
    stm     r0!, {r5}
    adds    r1, #4
    cmp     r0, r9
    bne     1b
    b       .Lsel_ret

.Lsel_blocks:
    sub     sp, #64
    mov     r5, sp
    movs    r4, #0              @ entry i
3:  movs    r6, r4
    eors    r6, r2
    rsbs    r7, r6, #0
    orrs    r7, r6
    asrs    r7, r7, #31         @ all-ones iff i ≠ index
    stm     r5!, {r7}
    adds    r4, #1
    cmp     r4, #16
    bne     3b
    lsls    r3, r3, #2
    movs    r4, r3
    subs    r4, #12
    mov     r8, r4
    mov     r9, r1
    mov     r10, r0
    adds    r4, r0
    mov     r11, r4             @ &r[len - 3]
.Lsel_block:
    mov     r0, r9
    ldr     r7, [sp, #0]
    ldm     r0!, {r1, r2, r3}
    bics    r1, r7
    bics    r2, r7
    bics    r3, r7
.irp off, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60  @ entries 1-15, their masks at [sp, #off]
    add     r0, r8
    ldr     r7, [sp, #\off]
    ldm     r0!, {r4, r5, r6}
    bics    r4, r7
    bics    r5, r7
    bics    r6, r7
    orrs    r1, r4
    orrs    r2, r5
    orrs    r3, r6
.endr
    mov     r4, r10
    stm     r4!, {r1, r2, r3}   @ r4 = the next block
    mov     r5, r11
    cmp     r5, r10
    beq     5f                  @ that was the last block
    cmp     r4, r5
    bls     6f                  @ the next one is whole, before the last
    mov     r4, r5              @ else it is the last, overlapping
6:  mov     r5, r10
    mov     r10, r4
    subs    r4, r4, r5          @ the advance in bytes
    add     r9, r4
    b       .Lsel_block
5:  add     sp, #64
.Lsel_ret:
    RETURN_R4_R11
    .size   rsa_cm_v6m_select, . - rsa_cm_v6m_select
