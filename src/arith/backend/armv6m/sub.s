@ REDC's last step for the armv6m backend, in Thumb-1 (which ARMv7-M also
@ runs, so mod.rs includes this file in both builds): r = x − (n & mask).
@ Every instruction takes a fixed time; the only branches test len, which
@ is public.

    .syntax unified
    .thumb
    .text

@ u32 rsa_cm_v6m_sub_masked(u32 *r, const u32 *x, const u32 *n, usize len,
@ u32 mask), len ≥ 1: r = x − (n & mask) mod 2^(32·len); returns the
@ borrow out (0 or 1). Two limbs per loop pass, after one limb if len is
@ odd. Between passes the borrow is in r7 as 0 or −1 (the loop's CMP
@ overwrites the carry flag): RSBS r7, r7, #0 sets the flag back.
    .section .text.rsa_cm_v6m_sub_masked,"ax",%progbits
    .global rsa_cm_v6m_sub_masked
    .type   rsa_cm_v6m_sub_masked, %function
    .thumb_func
    .p2align 2
rsa_cm_v6m_sub_masked:
    push    {r4-r7, lr}
    lsls    r4, r3, #2
    adds    r4, r1
    mov     r12, r4             @ &x[len]
    movs    r7, #0              @ −borrow
    lsrs    r3, r3, #1          @ the carry flag = len odd
    ldr     r3, [sp, #20]       @ mask
    bcc     2f
    ldm     r1!, {r4}
    ldm     r2!, {r6}
    ands    r6, r3
    subs    r4, r4, r6
    stm     r0!, {r4}
    sbcs    r7, r7
    cmp     r1, r12
    beq     3f
2:  rsbs    r7, r7, #0          @ the carry flag = no borrow
    ldm     r1!, {r4, r5}
    ldm     r2!, {r6, r7}
    ands    r6, r3
    ands    r7, r3
    sbcs    r4, r6
    sbcs    r5, r7
    stm     r0!, {r4, r5}
    sbcs    r7, r7
    cmp     r1, r12
    bne     2b
3:  rsbs    r0, r7, #0
    pop     {r4-r7, pc}
    .size   rsa_cm_v6m_sub_masked, . - rsa_cm_v6m_sub_masked
