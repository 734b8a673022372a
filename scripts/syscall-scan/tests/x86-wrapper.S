/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64: a syscall()-style wrapper, the number is its first argument */
	.text
	.globl _start
	.type	my_syscall, @function
my_syscall:
	mov	%rdi, %rax
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	syscall
	ret
	.size	my_syscall, . - my_syscall

	.type	wrap2, @function
wrap2:				/* a wrapper of the wrapper */
	push	%rbx
	mov	%edi, %ebx
	xor	%esi, %esi
	mov	%ebx, %edi
	call	my_syscall
	pop	%rbx
	ret
	.size	wrap2, . - wrap2

_start:
	mov	$39, %edi		/* getpid */
	call	my_syscall
	mov	$102, %edi		/* getuid */
	xor	%esi, %esi
	call	my_syscall
	mov	$104, %edi		/* getgid, through wrap2 */
	call	wrap2
	mov	$60, %edi		/* exit */
	call	my_syscall
	hlt
