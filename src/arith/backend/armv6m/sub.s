@ REDC's last step for the armv6m backend, in Thumb-1 (which ARMv7-M also
@ runs, so mod.rs includes this file in both builds): subtractions of n
@ masked by a word made here from the top carry (in Rust, LLVM turned
@ portable32's such mask into a branch on ARMv6-M, which has no IT). Every instruction takes
@ a fixed time; the only branches test len, which is public.

    .syntax unified
    .thumb
    .text

    .section .text.rsa_cm_v6m_sub,"ax",%progbits

@ r = x − (n & mask) mod 2^(32·len) for r0 = r, r1 = x, r2 = n, r3 = len
@ (≥ 1), r4 = mask; returns r7 = −borrow out (0 or −1). Clobbers r0-r6
@ and r12. Two limbs per loop pass, after one limb if len is odd; between
@ passes the borrow is in r7 (the loop's CMP overwrites the carry flag):
@ RSBS r7, r7, #0 sets the flag back.
    .type   rsa_cm_v6m_sub_loop, %function
    .thumb_func
    .p2align 2
rsa_cm_v6m_sub_loop:
    lsls    r5, r3, #2
    adds    r5, r1
    mov     r12, r5             @ &x[len]
    movs    r7, #0
    lsrs    r3, r3, #1          @ the carry flag = len odd
    bcc     2f
    ldm     r1!, {r5}
    ldm     r2!, {r6}
    ands    r6, r4
    subs    r5, r5, r6
    stm     r0!, {r5}
    sbcs    r7, r7
    cmp     r1, r12
    beq     3f
2:  rsbs    r7, r7, #0          @ the carry flag = no borrow
    ldm     r1!, {r5, r6}
    ldm     r2!, {r3, r7}
    ands    r3, r4
    ands    r7, r4
    sbcs    r5, r3
    sbcs    r6, r7
    stm     r0!, {r5, r6}
    sbcs    r7, r7
    cmp     r1, r12
    bne     2b
3:  bx      lr
    .size   rsa_cm_v6m_sub_loop, . - rsa_cm_v6m_sub_loop

@ void rsa_cm_v6m_sub_lazy(u32 *r, const u32 *x, const u32 *n, usize len,
@ u32 top), len ≥ 1, top 0 or 1: r = x − (n & −top), the lazy REDC's
@ result below R for top : x below R + n.
    .global rsa_cm_v6m_sub_lazy
    .type   rsa_cm_v6m_sub_lazy, %function
    .thumb_func
    .p2align 2
rsa_cm_v6m_sub_lazy:
    push    {r4-r7, lr}
    ldr     r4, [sp, #20]
    rsbs    r4, r4, #0
    bl      rsa_cm_v6m_sub_loop
    pop     {r4-r7, pc}
    .size   rsa_cm_v6m_sub_lazy, . - rsa_cm_v6m_sub_lazy

@ void rsa_cm_v6m_sub_full(u32 *r, const u32 *x, const u32 *n, usize len,
@ u32 top), len ≥ 1, top 0 or 1, top : x below 2n: r = top : x − n if that
@ is not negative, else x. The same loop twice: x − n for the borrow,
@ then x − (n & mask) with mask = 0 where x is kept.
    .global rsa_cm_v6m_sub_full
    .type   rsa_cm_v6m_sub_full, %function
    .thumb_func
    .p2align 2
rsa_cm_v6m_sub_full:
    push    {r4-r7, lr}
    push    {r0-r3}
    movs    r4, #0
    mvns    r4, r4
    bl      rsa_cm_v6m_sub_loop
    ldr     r4, [sp, #36]       @ top
    adds    r4, r7              @ top − borrow: −1 iff x is kept
    asrs    r4, r4, #31
    mvns    r4, r4
    pop     {r0-r3}
    bl      rsa_cm_v6m_sub_loop
    pop     {r4-r7, pc}
    .size   rsa_cm_v6m_sub_full, . - rsa_cm_v6m_sub_full
