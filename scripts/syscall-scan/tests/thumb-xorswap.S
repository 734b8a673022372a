/* SPDX-License-Identifier: GPL-2.0 */
/*
 * XOR swaps of r6 and r7 before svc (nolibc for Thumb with a frame
 * pointer): eor.w, 16-bit eors, both operand orders, r7 as either
 * register of the swap, joined paths, and ARM mode
 */
	.syntax unified
	.thumb
	.text
	.globl _start
	.type	_start, %function
	.thumb_func
_start:
	movs	r6, #20			@ getpid
	eor.w	r7, r7, r6
	eor.w	r6, r6, r7
	eor.w	r7, r7, r6
	svc	#0
	mov	r7, r6
	movw	r6, #199		@ getuid32
	eors	r7, r6
	eors	r6, r7
	eors	r7, r6
	svc	#0
	eors	r7, r6
	eors	r6, r7
	eors	r7, r6
	movs	r6, #36			@ sync
	eor.w	r6, r6, r7
	eor.w	r7, r7, r6
	eor.w	r6, r6, r7
	svc	#0
	movs	r3, #60			@ umask
	mov	r6, r3
	eor.w	r7, r6, r7
	eor.w	r6, r7, r6
	eor.w	r7, r6, r7
	svc	#0
	cbz	r0, 1f
	movs	r6, #224		@ gettid
	b	2f
1:	movs	r6, #66			@ setsid
2:	eor.w	r7, r7, r6
	eor.w	r6, r6, r7
	eor.w	r7, r7, r6
	svc	#0
	blx	armpart
	movs	r6, #1			@ exit
	eors	r7, r6
	eors	r6, r7
	eors	r7, r6
	svc	#0

	.arm
	.type	armpart, %function
armpart:
	ldr	r6, =200		@ getgid32
	eor	r7, r7, r6
	eor	r6, r6, r7
	eor	r7, r7, r6
	svc	#0
	mov	r7, r6
	bx	lr
	.ltorg
