/* SPDX-License-Identifier: GPL-2.0 */
/* ARM: immediates, a move chain and a conditional move */
	.syntax unified
	.arm
	.text
	.globl _start
_start:
	mov	r7, #20			@ getpid
	svc	#0
	mov	r4, #4			@ write
	mov	r7, r4
	svc	#0
	cmp	r0, #0
	moveq	r7, #24			@ getuid, or write again
	svc	#0
	mov	r7, #1			@ exit
	svc	#0
