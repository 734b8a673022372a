/* SPDX-License-Identifier: GPL-2.0 */
/* ARMv7: movw, and two paths joined by a branch */
	.syntax unified
	.arm
	.text
	.globl _start
_start:
	movw	r7, #384		@ getrandom
	svc	#0
	cmp	r0, #0
	beq	1f
	movw	r7, #199		@ getuid32
	b	2f
1:	movw	r7, #20			@ getpid
2:	svc	#0
	mov	r7, #1			@ exit
	svc	#0
