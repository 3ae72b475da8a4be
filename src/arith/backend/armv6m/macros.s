@ Macros of the armv6m backend's assembly: mod.rs puts this file in front
@ of the row file (mac_row.s or mac_row_v7m.s), sub.s and select.s, all in
@ one global_asm!, so that each macro is defined once.

@ A routine NAME in a section of its own, .text.NAME: its label and symbol
@ (global unless GLOBAL=0).
.macro FUNC name, global=1
    .section .text.\name,"ax",%progbits
.if \global
    .global \name
.endif
    .type   \name, %function
    .thumb_func
    .p2align 2
\name:
.endm

@ Thumb-1 saving of r4-r11 and LR: PUSH reaches only r0-r7 and LR, so
@ r8-r11 are pushed through r4-r7.
.macro SAVE_R4_R11
    push    {r4-r7, lr}
    mov     r4, r8
    mov     r5, r9
    mov     r6, r10
    mov     r7, r11
    push    {r4-r7}
.endm

@ SAVE_R4_R11's counterpart: restores r4-r11 and returns.
.macro RETURN_R4_R11
    pop     {r4-r7}
    mov     r8, r4
    mov     r9, r5
    mov     r10, r6
    mov     r11, r7
    pop     {r4-r7, pc}
.endm
