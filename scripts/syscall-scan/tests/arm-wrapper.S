/* SPDX-License-Identifier: GPL-2.0 */
/* ARM: a syscall()-style wrapper, the number is in r0 */
	.syntax unified
	.arm
	.text
	.globl _start
	.type	my_syscall, %function
my_syscall:
	push	{r7, lr}
	mov	r7, r0
	mov	r0, r1
	svc	#0
	pop	{r7, pc}
	.size	my_syscall, . - my_syscall
_start:
	mov	r0, #20			@ getpid
	bl	my_syscall
	ldr	r0, =199		@ getuid32
	bl	my_syscall
	mov	r0, #1			@ exit
	bl	my_syscall
	b	.
	.ltorg
