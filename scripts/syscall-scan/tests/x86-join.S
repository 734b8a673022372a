/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64: the number is set on two paths joined by a branch, and a loop */
	.text
	.globl _start
_start:
	test	%edi, %edi
	je	1f
	mov	$39, %eax		/* getpid */
	jmp	2f
1:	mov	$102, %eax		/* getuid */
2:	syscall
	mov	$186, %ebx		/* gettid, in a loop */
3:	mov	%ebx, %eax
	syscall
	dec	%ecx
	jne	3b
	mov	$60, %eax		/* exit */
	syscall
