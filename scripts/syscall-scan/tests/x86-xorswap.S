/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64: XOR swaps of eax (rax) with another register before syscall */
	.text
	.globl _start
_start:
	mov	$39, %ecx		/* getpid */
	xor	%ecx, %eax
	xor	%eax, %ecx
	xor	%ecx, %eax
	syscall
	mov	$110, %edx		/* getppid */
	xor	%rax, %rdx
	xor	%rdx, %rax
	xor	%rax, %rdx
	syscall
	mov	$60, %eax		/* exit */
	syscall
