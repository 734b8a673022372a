/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot wrapper for QEMU's mps2-an385/an386 (Cortex-M3/M4, no MMU).
 *
 * QEMU's M-profile boards reset the CPU from a vector table at address 0
 * and do not implement the Linux boot protocol. This blob, linked at 0 and
 * given to QEMU with -kernel, is that vector table plus a few instructions:
 * enable UART0's transmitter (the earlycon waits for TX otherwise), then
 * enter the kernel the way a boot loader does on ARM:
 *   r0 = 0, r1 = ~0 (no machine number: the DT describes the board),
 *   r2 = address of the DTB.
 * The kernel and the DTB are put in memory by QEMU's generic loader
 * (-device loader,file=...,addr=...) at AXE_KERNEL and AXE_DTB, which the
 * harness (scripts/boot-mps2) passes with -D when it assembles this file:
 * the Image in DRAM, or an XIP kernel's xipImage in this SSRAM1 above the
 * wrapper, at its CONFIG_XIP_PHYS_ADDR (it runs there and copies only its
 * data to DRAM). Either way the entry is the image's first byte.
 */
	.syntax	unified
	.cpu	cortex-m3
	.thumb

#ifndef AXE_KERNEL
#error "AXE_KERNEL (address of the kernel Image or xipImage) must be defined"
#endif
#ifndef AXE_DTB
#error "AXE_DTB (load address of the DTB) must be defined"
#endif

/* CMSDK APB UART0 of the MPS2 FPGA images */
#define UART0		0x40004000
#define UART_CTRL	0x08
#define UART_BAUDDIV	0x10
#define UART_TX_RX	0x3		/* CTRL: TX enable | RX enable */

/* initial stack: top of the 4 MB SSRAM1 this blob lives in */
#define STACK_TOP	0x00400000

	.text
	.globl	vectors
vectors:
	.word	STACK_TOP		/* 0: initial SP */
	.word	reset			/* 1: reset (Thumb bit set by the linker) */
	.word	hang			/* 2: NMI */
	.word	hang			/* 3: HardFault */
	.word	hang			/* 4: MemManage */
	.word	hang			/* 5: BusFault */
	.word	hang			/* 6: UsageFault */

	.thumb_func
	.type	reset, %function
reset:
	ldr	r0, =UART0
	movs	r1, #16			/* smallest divider the UART accepts */
	str	r1, [r0, #UART_BAUDDIV]
	movs	r1, #UART_TX_RX
	str	r1, [r0, #UART_CTRL]

	movs	r0, #0
	mvn	r1, #0
	ldr	r2, =AXE_DTB
	ldr	r3, =(AXE_KERNEL + 1)	/* the Thumb-2 kernel's first instruction */
	bx	r3
	.size	reset, . - reset

	.thumb_func
	.type	hang, %function
hang:
	b	hang			/* a fault before the kernel set VTOR */
	.size	hang, . - hang

	.ltorg
