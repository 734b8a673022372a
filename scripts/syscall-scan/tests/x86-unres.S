/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64: a number loaded from memory cannot be resolved */
	.text
	.globl _start
_start:
	mov	$39, %eax		/* getpid */
	syscall
	mov	nr(%rip), %eax		/* unknown */
	syscall
	mov	$60, %eax		/* exit */
	syscall
	.data
nr:	.long	1
