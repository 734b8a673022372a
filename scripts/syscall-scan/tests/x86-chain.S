/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64: the number goes through a chain of register moves */
	.text
	.globl _start
_start:
	mov	$102, %r12d		/* getuid */
	mov	%r12, %rsi
	nop
	mov	%esi, %edx
	mov	%rdx, %rax
	syscall
	mov	$60, %ebx		/* exit */
	mov	%ebx, %eax
	syscall
