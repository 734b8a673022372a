/* SPDX-License-Identifier: GPL-2.0 */
/* Thumb-2: movs, movw, cbz, an IT block, a literal and a function */
	.syntax unified
	.thumb
	.text
	.globl _start
	.type	_start, %function
	.thumb_func
_start:
	movs	r7, #20			@ getpid
	svc	#0
	cbz	r0, 1f
	movw	r7, #199		@ getuid32
	b	2f
1:	mov	r3, #4			@ write
	mov	r7, r3
2:	svc	#0
	cmp	r0, #1
	ite	eq
	moveq	r7, #24			@ getuid
	movne	r7, #20			@ getpid
	svc	#0
	ldr	r7, =327		@ fstatat64
	svc	#0
	movs	r7, #1			@ exit
	svc	#0
	.ltorg
