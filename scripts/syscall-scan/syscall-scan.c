// SPDX-License-Identifier: GPL-2.0
/*
 * syscall-scan - list the Linux system calls that ELF binaries can invoke
 *
 * The list it writes (one syscall name per line, sorted by name, after a
 * '#' comment header) is meant for the kernel option CONFIG_USED_SYSCALLS,
 * so that a kernel can be built with only the system calls its user space
 * needs.
 *
 * How: every executable section (or PT_LOAD PF_X segment of a file without
 * section headers) is disassembled with capstone. Each syscall site
 * (x86_64 "syscall", ARM EABI "svc #0" in ARM or Thumb-2 code) is resolved
 * by walking backwards from the site and tracking the number register
 * (eax/rax, r7): immediates, register moves, add/sub of an immediate,
 * movw/movt, ARM literal pool loads, conditional (ARM cc, cmov) writes and
 * the XOR swap of two registers ("a ^= b; b ^= a; a ^= b" with ARM/Thumb-2
 * eor/eors or x86 xor; nolibc's Thumb code swaps r6 and r7 around the svc
 * when r7 is its frame pointer) are understood. Where the walk crosses a
 * direct branch target, the values of the fall-through path and of every
 * direct branch to that point are joined. When the walk reaches a function
 * start (symbol, direct call target or entry point) with the value in an
 * argument register, the function is a syscall() style wrapper: the
 * register is resolved at every direct call site of the function,
 * recursively.
 *
 * Malformed input (headers, segments or sections beyond the end of the
 * file, bad counts, sizes and indexes, symbol tables or .dynamic that do
 * not parse, code sections that disagree with the segments, ...) is an
 * error (exit 2), not a shorter list; what still parses (changed code or
 * symbol values) is scanned as it is. DT_NEEDED is followed once per
 * file, so cycles end.
 *
 * Fail safe: a site whose number cannot be resolved (loaded from memory,
 * computed, reached through an indirect jump or an address-taken function,
 * ...) makes the tool exit 1 and list every syscall of the table, unless
 * --accept-unresolved is given.
 *
 * Limits: only direct control flow is known; indirect jump targets (switch
 * tables, except ARM "add pc, pc, rN, lsl #2" branch tables) look like code
 * without predecessors and give "unresolved". Code reached only through
 * function pointers, or a wrapper exported by a shared library and called
 * from other files through the PLT (libc's syscall()), cannot be followed
 * back to its callers: unresolved. Numbers loaded from memory (glibc's
 * setxid broadcast reads them from a struct) are unresolved. Paths are not
 * told apart, except that an ARM conditional write is matched with a
 * following branch on the same condition; a caller-saved register that is
 * not a return register is taken as dead after a call, so a path where it
 * would cross a call is dropped (the callee is taken as noreturn); this
 * trusts the ABI. Stripped ARM files without mapping symbols are decoded in one
 * mode (from the entry point's bit 0), and literal pools in them are decoded
 * as instructions. OABI "svc #0x9xxxxx" and x86_64 "int $0x80" (ia32 ABI)
 * sites are reported as unsupported (unresolved). Code that is never
 * executed is still counted: the list is a superset of what runs.
 * $ORIGIN in DT_RUNPATH/RPATH is not expanded.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <capstone/capstone.h>

#define MAXV		64	/* values per value set */
#define STEP_BUDGET	200000	/* instructions visited per query */
#define MAX_DEPTH	400	/* recursion depth of one backward walk */
#define MAX_WRAP_DEPTH	4	/* wrappers calling wrappers */
#define ARM_PRIV_BASE	0xf0000

enum kind {
	K_OTHER,	/* no write we understand (wmask tells what it writes) */
	K_SITE,		/* syscall / svc #0 */
	K_UNSUP,	/* OABI svc, int $0x80: unsupported syscall site */
	K_CONST,	/* dst = imm */
	K_MOVE,		/* dst = src */
	K_ADDI,		/* dst = src + imm */
	K_MOVT,		/* dst = (dst & 0xffff) | imm << 16 */
	K_XOR,		/* dst ^= src (a step of an XOR swap) */
};

#define F_DIRECT	0x01	/* target is a direct branch/call target */
#define F_CALL		0x02
#define F_NOFALL	0x04	/* never falls through to the next insn */
#define F_COND		0x08	/* conditional write */
#define F_THUMB		0x10
#define F_NOP		0x20	/* padding: reachable only by falling in */
#define F_MEM		0x40	/* has a memory operand */
#define F_JTAB		0x80	/* ARM "add pc, pc, rN, lsl #2" jump table */
#define F_FLAGS		0x100	/* sets the condition flags (ARM) */

struct insn {
	uint64_t addr;
	uint64_t target;
	int64_t imm;
	uint32_t wmask;		/* registers written */
	uint16_t flags;
	uint8_t size, kind, dst, src;
	uint8_t cc;		/* ARM condition, 0 if unconditional */
};

struct edge {
	uint64_t target;
	size_t from;		/* insn index */
};

struct vset {
	int n;
	uint32_t v[MAXV];
	int unres;
	uint64_t why_addr;
	const char *why;
};

struct wrapper {
	uint64_t addr;
	int reg;
	int state;		/* 1 in progress, 2 done */
	int ncalls, nunres;
	uint64_t unres_addr[8];
	struct vset res;
};

struct modept {
	uint64_t addr;
	int mode;		/* 0 ARM, 1 Thumb, 2 data */
};

struct site {
	uint64_t addr;
	struct vset vs;
};

struct range {
	uint64_t addr, size;
};

struct bin {
	const char *path;
	int fd;
	dev_t dev;
	ino_t ino;
	Elf *elf;
	char *raw;
	size_t rawsize;
	size_t shnum;
	struct range *code;	/* decoded address ranges */
	size_t ncode, acode;
	int machine;
	bool thumb_default, saw_arm, saw_thumb;
	struct insn *in;
	size_t nin, ain;
	struct edge *jumps, *calls;
	size_t njumps, ncalls, ajumps, acalls;
	uint64_t *funcs;
	size_t nfuncs, afuncs;
	struct modept *modes;
	size_t nmodes, amodes;
	struct wrapper *wr;
	size_t nwr, awr;
	struct site *sites;
	size_t nsites, asites;
	char **needed;
	size_t nneeded;
	char **rpath;
	size_t nrpath;
	bool dynamic, interp;
};

struct memo {
	uint64_t key;
	int state;
	struct vset *v;
};

struct ctx {
	struct bin *b;
	long steps;
	int wdepth;
	struct memo *m;
	size_t mcap, mcount;
};

struct tabent {
	unsigned int nr;
	char *name;
};

static struct tabent *table;
static size_t ntable;
static int x86map[X86_REG_ENDING];
static int x86width[X86_REG_ENDING];
static FILE *rep;
static int quiet;

static void die2(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "syscall-scan: error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die2("out of memory");
	return p;
}

#define GROW(arr, n, a) do {						\
	if ((n) >= (a)) {						\
		(a) = (a) ? 2 * (a) : 64;				\
		(arr) = xrealloc((arr), (a) * sizeof(*(arr)));		\
	}								\
} while (0)

/* qsort() wants a non-NULL base even for no elements */
static void sort(void *base, size_t n, size_t size,
		 int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

/* ---- value sets ---------------------------------------------------- */

static void vs_add(struct vset *s, uint32_t v, uint64_t addr)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (s->v[i] == v)
			return;
	if (s->n == MAXV) {
		if (!s->unres++) {
			s->why_addr = addr;
			s->why = "too many values";
		}
		return;
	}
	s->v[s->n++] = v;
}

static void vs_unres(struct vset *s, uint64_t addr, const char *why)
{
	if (!s->unres++) {
		s->why_addr = addr;
		s->why = why;
	}
}

static void vs_union(struct vset *d, const struct vset *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		vs_add(d, s->v[i], s->why_addr);
	if (s->unres) {
		if (!d->unres) {
			d->why_addr = s->why_addr;
			d->why = s->why;
		}
		d->unres += s->unres;
	}
}

/* ---- registers ------------------------------------------------------ */

static const char *const x86names[16][4] = {
	{ "rax", "eax", "ax", "al" }, { "rcx", "ecx", "cx", "cl" },
	{ "rdx", "edx", "dx", "dl" }, { "rbx", "ebx", "bx", "bl" },
	{ "rsp", "esp", "sp", "spl" }, { "rbp", "ebp", "bp", "bpl" },
	{ "rsi", "esi", "si", "sil" }, { "rdi", "edi", "di", "dil" },
	{ "r8", "r8d", "r8w", "r8b" }, { "r9", "r9d", "r9w", "r9b" },
	{ "r10", "r10d", "r10w", "r10b" }, { "r11", "r11d", "r11w", "r11b" },
	{ "r12", "r12d", "r12w", "r12b" }, { "r13", "r13d", "r13w", "r13b" },
	{ "r14", "r14d", "r14w", "r14b" }, { "r15", "r15d", "r15w", "r15b" },
};

static void x86_init_map(csh h)
{
	int r, i, w;
	const char *n;

	for (r = 0; r < X86_REG_ENDING; r++) {
		x86map[r] = -1;
		n = cs_reg_name(h, r);
		if (!n)
			continue;
		for (i = 0; i < 16; i++)
			for (w = 0; w < 4; w++)
				if (!strcmp(n, x86names[i][w])) {
					x86map[r] = i;
					x86width[r] = w;
				}
		if (!strcmp(n, "ah") || !strcmp(n, "ch") || !strcmp(n, "dh") ||
		    !strcmp(n, "bh")) {
			x86map[r] = n[0] == 'a' ? 0 : n[0] == 'c' ? 1 :
				    n[0] == 'd' ? 2 : 3;
			x86width[r] = 3;
		}
	}
}

static int armreg(int r)
{
	if (r >= ARM_REG_R0 && r <= ARM_REG_R12)
		return r - ARM_REG_R0;
	if (r == ARM_REG_SP)
		return 13;
	if (r == ARM_REG_LR)
		return 14;
	if (r == ARM_REG_PC)
		return 15;
	return -1;
}

static int mapreg(struct bin *b, int r)
{
	if (b->machine == EM_ARM)
		return armreg(r);
	if (r <= 0 || r >= X86_REG_ENDING)
		return -1;
	return x86map[r];
}

static bool is_arg_reg(struct bin *b, int r)
{
	if (b->machine == EM_ARM)
		return r >= 0 && r <= 3;
	/* rdi rsi rdx rcx r8 r9 */
	return r == 7 || r == 6 || r == 2 || r == 1 || r == 8 || r == 9;
}

static const char *regname(struct bin *b, int r)
{
	static const char *const arm[16] = {
		"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9",
		"r10", "r11", "r12", "sp", "lr", "pc" };

	if (r < 0 || r > 15)
		return "?";
	return b->machine == EM_ARM ? arm[r] : x86names[r][0];
}

/* caller-saved registers, clobbered by a call */
#define X86_CLOBBER	(0x0001 | 0x0002 | 0x0004 | 0x0040 | 0x0080 | 0x0f00)
#define ARM_CLOBBER	(0x000f | 0x1000 | 0x4000)

/* ---- reading memory of the ELF ------------------------------------ */

/* [off, off+size) is inside the file (no overflow) */
static bool in_file(struct bin *b, uint64_t off, uint64_t size)
{
	return off <= b->rawsize && size <= b->rawsize - off;
}

static bool read_word(struct bin *b, uint64_t addr, uint32_t *val)
{
	size_t i, n;
	GElf_Phdr ph;
	uint64_t off;

	if (elf_getphdrnum(b->elf, &n))
		return false;
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(b->elf, i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (ph.p_filesz < 4 || addr < ph.p_vaddr ||
		    addr - ph.p_vaddr > ph.p_filesz - 4)
			continue;
		off = ph.p_offset + (addr - ph.p_vaddr);
		if (!in_file(b, off, 4))
			return false;
		memcpy(val, b->raw + off, 4);
		return true;	/* little endian host and target */
	}
	return false;
}

/* ---- decoding ------------------------------------------------------- */

static void add_edge(struct edge **arr, size_t *n, size_t *a, uint64_t t,
		     size_t from)
{
	GROW(*arr, *n, *a);
	(*arr)[*n].target = t;
	(*arr)[(*n)++].from = from;
}

static void add_func(struct bin *b, uint64_t addr)
{
	GROW(b->funcs, b->nfuncs, b->afuncs);
	b->funcs[b->nfuncs++] = addr;
}

static uint32_t write_mask(struct bin *b, csh h, cs_insn *ci)
{
	cs_regs rr, rw;
	uint8_t nr = 0, nw = 0, i;
	uint32_t m = 0;
	int r;

	if (cs_regs_access(h, ci, rr, &nr, rw, &nw) == CS_ERR_OK) {
		for (i = 0; i < nw; i++) {
			r = mapreg(b, rw[i]);
			if (r >= 0)
				m |= 1u << r;
		}
	}
	if (b->machine == EM_ARM) {
		cs_arm *a = &ci->detail->arm;

		for (i = 0; i < a->op_count; i++) {
			cs_arm_op *op = &a->operands[i];

			if (op->type == ARM_OP_REG &&
			    (!op->access || (op->access & CS_AC_WRITE))) {
				r = armreg(op->reg);
				if (r >= 0)
					m |= 1u << r;
			}
			if (op->type == ARM_OP_MEM && a->writeback) {
				r = armreg(op->mem.base);
				if (r >= 0)
					m |= 1u << r;
			}
		}
		/* post-indexed forms: writeback of the base register */
		if (a->writeback && a->op_count > 0) {
			for (i = 0; i < a->op_count; i++)
				if (a->operands[i].type == ARM_OP_MEM) {
					r = armreg(a->operands[i].mem.base);
					if (r >= 0)
						m |= 1u << r;
				}
		}
	} else {
		cs_x86 *x = &ci->detail->x86;

		for (i = 0; i < x->op_count; i++) {
			cs_x86_op *op = &x->operands[i];

			if (op->type == X86_OP_REG &&
			    (op->access & CS_AC_WRITE)) {
				r = mapreg(b, op->reg);
				if (r >= 0)
					m |= 1u << r;
			}
		}
	}
	return m;
}

static bool in_group(cs_insn *ci, int g)
{
	int i;

	for (i = 0; i < ci->detail->groups_count; i++)
		if (ci->detail->groups[i] == g)
			return true;
	return false;
}

static void decode_x86(struct bin *b, csh h, cs_insn *ci, struct insn *in)
{
	cs_x86 *x = &ci->detail->x86;
	cs_x86_op *o0 = &x->operands[0], *o1 = &x->operands[1];
	int d, s;

	in->wmask = write_mask(b, h, ci);
	for (d = 0; d < x->op_count; d++)
		if (x->operands[d].type == X86_OP_MEM)
			in->flags |= F_MEM;
	switch (ci->id) {
	case X86_INS_NOP:
		in->flags |= F_NOP;
		return;
	case X86_INS_SYSCALL:
		in->kind = K_SITE;
		return;
	case X86_INS_INT:
		if (x->op_count == 1 && o0->type == X86_OP_IMM &&
		    o0->imm == 0x80)
			in->kind = K_UNSUP;
		return;
	case X86_INS_SYSENTER:
		in->kind = K_UNSUP;
		return;
	case X86_INS_RET:
	case X86_INS_HLT:
	case X86_INS_UD2:
		in->flags |= F_NOFALL;
		return;
	case X86_INS_JMP:
	case X86_INS_CALL:
		if (ci->id == X86_INS_JMP)
			in->flags |= F_NOFALL;
		else
			in->flags |= F_CALL, in->wmask |= X86_CLOBBER;
		if (x->op_count == 1 && o0->type == X86_OP_IMM) {
			in->flags |= F_DIRECT;
			in->target = o0->imm;
		}
		return;
	default:
		break;
	}
	if (in_group(ci, X86_GRP_JUMP)) {	/* jcc, jrcxz, loop */
		if (x->op_count == 1 && o0->type == X86_OP_IMM) {
			in->flags |= F_DIRECT;
			in->target = o0->imm;
		}
		return;
	}
	if (x->op_count != 2 || o0->type != X86_OP_REG)
		return;
	d = mapreg(b, o0->reg);
	if (d < 0 || x86width[o0->reg] > 1)
		return;		/* partial register writes stay K_OTHER */
	in->dst = d;
	switch (ci->id) {
	case X86_INS_MOV:
		if (o1->type == X86_OP_IMM) {
			in->kind = K_CONST;
			in->imm = (uint32_t)o1->imm;
		} else if (o1->type == X86_OP_REG) {
			s = mapreg(b, o1->reg);
			if (s >= 0 && x86width[o1->reg] <= 1) {
				in->kind = K_MOVE;
				in->src = s;
			}
		}
		return;
	case X86_INS_XOR:
	case X86_INS_SUB:
		if (o1->type == X86_OP_REG && o1->reg == o0->reg) {
			in->kind = K_CONST;
			in->imm = 0;
		} else if (ci->id == X86_INS_XOR && o1->type == X86_OP_REG) {
			s = mapreg(b, o1->reg);
			if (s >= 0 && s != d && x86width[o1->reg] <= 1) {
				in->kind = K_XOR;
				in->src = s;
			}
		} else if (ci->id == X86_INS_SUB && o1->type == X86_OP_IMM) {
			in->kind = K_ADDI;
			in->src = d;
			in->imm = -o1->imm;
		}
		return;
	case X86_INS_ADD:
		if (o1->type == X86_OP_IMM) {
			in->kind = K_ADDI;
			in->src = d;
			in->imm = o1->imm;
		}
		return;
	case X86_INS_OR:
		if (o1->type == X86_OP_IMM && (uint32_t)o1->imm == 0xffffffff) {
			in->kind = K_CONST;
			in->imm = 0xffffffff;
		}
		return;
	case X86_INS_LEA:
		if (o1->type == X86_OP_MEM && o1->mem.index == X86_REG_INVALID &&
		    o1->mem.segment == X86_REG_INVALID) {
			s = mapreg(b, o1->mem.base);
			if (s >= 0) {
				in->kind = K_ADDI;
				in->src = s;
				in->imm = o1->mem.disp;
			}
		}
		return;
	default:
		break;
	}
	if (ci->id >= X86_INS_CMOVA && ci->id <= X86_INS_CMOVS &&
	    o1->type == X86_OP_REG) {
		s = mapreg(b, o1->reg);
		if (s >= 0 && x86width[o1->reg] <= 1) {
			in->kind = K_MOVE;
			in->src = s;
			in->flags |= F_COND;
		}
	}
}

static bool sets_cpsr(csh h, cs_insn *ci)
{
	cs_regs rr, rw;
	uint8_t nr = 0, nw = 0, i;

	if (cs_regs_access(h, ci, rr, &nr, rw, &nw) != CS_ERR_OK)
		return true;
	for (i = 0; i < nw; i++)
		if (rw[i] == ARM_REG_CPSR)
			return true;
	return false;
}

static void decode_arm(struct bin *b, csh h, cs_insn *ci, struct insn *in,
		       bool thumb)
{
	cs_arm *a = &ci->detail->arm;
	cs_arm_op *o0 = &a->operands[0], *o1 = &a->operands[1];
	cs_arm_op *o2 = &a->operands[2];
	bool cond = a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID;
	uint64_t pc = thumb ? ((ci->address + 4) & ~3ull) : ci->address + 8;
	uint32_t w;
	int d, s;

	in->wmask = write_mask(b, h, ci);
	if (cond) {
		in->flags |= F_COND;
		in->cc = a->cc;
	}
	if (a->update_flags || sets_cpsr(h, ci))
		in->flags |= F_FLAGS;
	for (d = 0; d < a->op_count; d++)
		if (a->operands[d].type == ARM_OP_MEM)
			in->flags |= F_MEM;
	switch (ci->id) {
	case ARM_INS_NOP:
		in->flags |= F_NOP;
		return;
	case ARM_INS_SVC:
		if (a->op_count == 1 && o0->type == ARM_OP_IMM) {
			if (o0->imm == 0)
				in->kind = K_SITE;
			else if ((o0->imm & 0xf00000) == 0x900000)
				in->kind = K_UNSUP;
		}
		return;
	case ARM_INS_B:
	case ARM_INS_CBZ:
	case ARM_INS_CBNZ:
	case ARM_INS_BL:
	case ARM_INS_BLX:
	case ARM_INS_BX:
		if (ci->id == ARM_INS_BL || ci->id == ARM_INS_BLX) {
			in->flags |= F_CALL;
			in->wmask |= ARM_CLOBBER;
		} else if (ci->id != ARM_INS_CBZ && ci->id != ARM_INS_CBNZ &&
			   !cond) {
			in->flags |= F_NOFALL;
		}
		if (a->op_count >= 1 &&
		    a->operands[a->op_count - 1].type == ARM_OP_IMM &&
		    ci->id != ARM_INS_BX) {
			in->flags |= F_DIRECT;
			in->target = (uint32_t)a->operands[a->op_count - 1].imm;
		}
		in->flags &= ~F_COND;
		return;
	case ARM_INS_TBB:
	case ARM_INS_TBH:
		in->flags |= F_NOFALL;
		return;
	default:
		break;
	}
	if ((in->wmask & 0x8000) && !cond)
		in->flags |= F_NOFALL;	/* pop {pc}, ldr pc, mov pc */
	/* add pc, pc, rN, lsl #2: a table of branches follows */
	if (!thumb && ci->id == ARM_INS_ADD && a->op_count == 3 &&
	    o0->type == ARM_OP_REG && o0->reg == ARM_REG_PC &&
	    o1->type == ARM_OP_REG && o1->reg == ARM_REG_PC &&
	    o2->type == ARM_OP_REG && o2->shift.type == ARM_SFT_LSL &&
	    o2->shift.value == 2)
		in->flags |= F_JTAB;
	if (a->op_count < 2 || o0->type != ARM_OP_REG)
		return;
	d = armreg(o0->reg);
	if (d < 0 || d == 15)
		return;
	in->dst = d;
	switch (ci->id) {
	case ARM_INS_MOV:
	case ARM_INS_MOVW:
	case ARM_INS_MVN:
		if (a->op_count != 2 || o1->shift.type != ARM_SFT_INVALID)
			return;
		if (o1->type == ARM_OP_IMM) {
			in->kind = K_CONST;
			in->imm = (uint32_t)o1->imm;
			if (ci->id == ARM_INS_MVN)
				in->imm = ~(uint32_t)o1->imm;
		} else if (o1->type == ARM_OP_REG && ci->id == ARM_INS_MOV) {
			s = armreg(o1->reg);
			if (s >= 0 && s < 15) {
				in->kind = K_MOVE;
				in->src = s;
			}
		}
		return;
	case ARM_INS_MOVT:
		if (a->op_count == 2 && o1->type == ARM_OP_IMM) {
			in->kind = K_MOVT;
			in->imm = (uint32_t)o1->imm & 0xffff;
		}
		return;
	case ARM_INS_ADD:
	case ARM_INS_SUB:
	case ARM_INS_ADR:
		if (ci->id == ARM_INS_ADR && o1->type == ARM_OP_IMM) {
			in->kind = K_CONST;
			in->imm = (uint32_t)(pc + o1->imm);
			return;
		}
		if (a->op_count == 2 && o1->type == ARM_OP_IMM) {
			s = d;
		} else if (a->op_count == 3 && o1->type == ARM_OP_REG &&
			   o2->type == ARM_OP_IMM &&
			   o2->shift.type == ARM_SFT_INVALID) {
			s = armreg(o1->reg);
			o1 = o2;
		} else {
			return;
		}
		if (s < 0 || s == 13 || s == 14)
			return;
		if (s == 15) {
			in->kind = K_CONST;
			in->imm = (uint32_t)(ci->id == ARM_INS_ADD ?
					     pc + o1->imm : pc - o1->imm);
			return;
		}
		in->kind = K_ADDI;
		in->src = s;
		in->imm = ci->id == ARM_INS_ADD ? o1->imm : -(int64_t)o1->imm;
		return;
	case ARM_INS_EOR:
		/* eors rd, rm; eor rd, rd, rm; eor rd, rm, rd */
		if (a->op_count == 3 && o2->type == ARM_OP_REG &&
		    o2->shift.type == ARM_SFT_INVALID && armreg(o2->reg) == d)
			o2 = o1;
		else if (a->op_count == 2)
			o2 = o1;
		else if (a->op_count != 3 || o1->type != ARM_OP_REG ||
			 armreg(o1->reg) != d)
			return;
		if (o2->type != ARM_OP_REG || o2->shift.type != ARM_SFT_INVALID)
			return;
		s = armreg(o2->reg);
		if (s >= 0 && s < 13 && s != d) {
			in->kind = K_XOR;
			in->src = s;
		}
		return;
	case ARM_INS_LDR:
		if (a->op_count == 2 && o1->type == ARM_OP_MEM &&
		    o1->mem.base == ARM_REG_PC &&
		    o1->mem.index == ARM_REG_INVALID && !a->writeback) {
			int64_t disp = o1->mem.disp;

			if (o1->subtracted && disp > 0)
				disp = -disp;
			if (read_word(b, pc + disp, &w)) {
				in->kind = K_CONST;
				in->imm = w;
			}
		}
		return;
	default:
		return;
	}
}

static int mode_at(struct bin *b, uint64_t addr, size_t *next_i)
{
	size_t lo = 0, hi = b->nmodes;
	int mode = b->thumb_default;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (b->modes[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0)
		mode = b->modes[lo - 1].mode;
	*next_i = lo;
	return mode;
}

static void decode_range(struct bin *b, csh h, const uint8_t *code,
			 size_t size, uint64_t addr, bool thumb)
{
	cs_insn *ci = cs_malloc(h);
	const uint8_t *p = code;
	size_t left = size;
	uint64_t a = addr;
	size_t step = b->machine == EM_ARM ? (thumb ? 2 : 4) : 1;
	struct insn *in;

	cs_option(h, CS_OPT_MODE, b->machine == EM_ARM ?
		  (thumb ? CS_MODE_THUMB : CS_MODE_ARM) : CS_MODE_64);
	while (left > 0) {
		if (!cs_disasm_iter(h, &p, &left, &a, ci)) {
			if (left <= step)
				break;
			p += step;
			left -= step;
			a += step;
			continue;
		}
		GROW(b->in, b->nin, b->ain);
		in = &b->in[b->nin];
		memset(in, 0, sizeof(*in));
		in->addr = ci->address;
		in->size = ci->size;
		if (b->machine == EM_ARM) {
			decode_arm(b, h, ci, in, thumb);
			if (thumb)
				in->flags |= F_THUMB;
		} else {
			decode_x86(b, h, ci, in);
		}
		if ((in->flags & F_DIRECT) && (in->flags & F_CALL))
			add_func(b, in->target);
		b->nin++;
	}
	cs_free(ci, 1);
}

/* decode [addr, addr+size) from file offset off, split by mode points */
static void decode_exec(struct bin *b, csh h, uint64_t off, uint64_t size,
			uint64_t addr, const char *what)
{
	uint64_t end = addr + size, a = addr, stop;
	size_t ni;
	int mode;

	if (!in_file(b, off, size))
		die2("%s: executable %s beyond end of file", b->path, what);
	if (end < addr || (b->machine == EM_ARM && end > 0x100000000ull))
		die2("%s: executable %s at 0x%llx size 0x%llx: beyond the address space",
		     b->path, what, (unsigned long long)addr,
		     (unsigned long long)size);
	GROW(b->code, b->ncode, b->acode);
	b->code[b->ncode].addr = addr;
	b->code[b->ncode++].size = size;
	while (a < end) {
		mode = b->machine == EM_ARM ? mode_at(b, a, &ni) : 0;
		stop = end;
		if (b->machine == EM_ARM && ni < b->nmodes &&
		    b->modes[ni].addr < end)
			stop = b->modes[ni].addr;
		if (mode == 1)
			b->saw_thumb = true;
		else if (mode == 0 && b->machine == EM_ARM)
			b->saw_arm = true;
		if (mode != 2)
			decode_range(b, h, (uint8_t *)b->raw + off + (a - addr),
				     stop - a, a, mode == 1);
		a = stop;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_edge(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->target != y->target)
		return x->target < y->target ? -1 : 1;
	return x->from < y->from ? -1 : x->from > y->from;
}

static int cmp_insn(const void *a, const void *b)
{
	const struct insn *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int cmp_mode(const void *a, const void *b)
{
	const struct modept *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void add_mode(struct bin *b, uint64_t addr, int mode)
{
	GROW(b->modes, b->nmodes, b->amodes);
	b->modes[b->nmodes].addr = addr;
	b->modes[b->nmodes++].mode = mode;
}

/* the header of section i, which must exist */
static void get_shdr(struct bin *b, size_t i, GElf_Shdr *sh)
{
	Elf_Scn *scn = elf_getscn(b->elf, i);

	if (!scn || !gelf_getshdr(scn, sh))
		die2("%s: cannot read section header %zu: %s", b->path, i,
		     elf_errmsg(-1));
}

static void read_symbols(struct bin *b)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh, strsh;
	bool mapping = false;
	size_t i, n, idx, esize = gelf_fsize(b->elf, ELF_T_SYM, 1, EV_CURRENT);

	while ((scn = elf_nextscn(b->elf, scn))) {
		Elf_Data *data;

		idx = elf_ndxscn(scn);
		get_shdr(b, idx, &sh);
		if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
			continue;
		if (sh.sh_entsize != esize || sh.sh_size % esize)
			die2("%s: symbol table %zu: bad sh_entsize %llu or sh_size %llu",
			     b->path, idx, (unsigned long long)sh.sh_entsize,
			     (unsigned long long)sh.sh_size);
		if (sh.sh_flags & SHF_COMPRESSED)
			die2("%s: symbol table %zu is compressed", b->path, idx);
		if (sh.sh_link && sh.sh_link < b->shnum)
			get_shdr(b, sh.sh_link, &strsh);
		if (!sh.sh_link || sh.sh_link >= b->shnum || strsh.sh_type != SHT_STRTAB ||
		    (strsh.sh_flags & SHF_COMPRESSED))
			die2("%s: symbol table %zu: sh_link %u is not a string table",
			     b->path, idx, sh.sh_link);
		if (!sh.sh_size)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || data->d_size < sh.sh_size)
			die2("%s: cannot read symbol table %zu: %s",
			     b->path, idx, elf_errmsg(-1));
		n = sh.sh_size / esize;
		for (i = 0; i < n; i++) {
			GElf_Sym s;
			const char *name = NULL;
			uint64_t v;

			if (!gelf_getsym(data, i, &s))
				die2("%s: symbol table %zu: cannot read symbol %zu: %s",
				     b->path, idx, i, elf_errmsg(-1));
			if (s.st_name) {
				name = elf_strptr(b->elf, sh.sh_link, s.st_name);
				if (!name)
					die2("%s: symbol table %zu: symbol %zu: bad st_name %u",
					     b->path, idx, i, s.st_name);
			}
			if (s.st_shndx == SHN_UNDEF)
				continue;
			v = s.st_value;
			if (b->machine == EM_ARM && name && name[0] == '$' &&
			    name[1] && strchr("atd", name[1]) &&
			    (name[2] == 0 || name[2] == '.')) {
				if (!mapping)
					b->nmodes = 0;	/* drop func modes */
				mapping = true;
				add_mode(b, v, name[1] == 'a' ? 0 :
					 name[1] == 't' ? 1 : 2);
				continue;
			}
			if (GELF_ST_TYPE(s.st_info) != STT_FUNC)
				continue;
			if (b->machine == EM_ARM) {
				if (!mapping)
					add_mode(b, v & ~1ull, v & 1);
				v &= ~1ull;
			}
			add_func(b, v);
		}
	}
	sort(b->modes, b->nmodes, sizeof(*b->modes), cmp_mode);
}

/*
 * The string at off in the dynamic string table at address strtab (strsz
 * bytes, or unknown: 0): it must end inside the table and its segment.
 */
static char *dyn_str(struct bin *b, uint64_t strtab, uint64_t strsz,
		     uint64_t off)
{
	size_t i, n;
	GElf_Phdr ph;
	uint64_t a = strtab + off, end;
	char *p;

	if (!strtab || a < strtab || (strsz && off >= strsz) ||
	    elf_getphdrnum(b->elf, &n))
		return NULL;
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(b->elf, i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (a < ph.p_vaddr || a - ph.p_vaddr >= ph.p_filesz)
			continue;
		/* the segment is inside the file (check_headers) */
		end = ph.p_filesz - (a - ph.p_vaddr);
		if (strsz && end > strsz - off)
			end = strsz - off;
		p = b->raw + ph.p_offset + (a - ph.p_vaddr);
		return memchr(p, 0, end) ? p : NULL;
	}
	return NULL;
}

static void read_dynamic(struct bin *b)
{
	size_t i, n, j, cnt, ndyn = 0, esize;
	GElf_Phdr ph, dph = { 0 };
	uint64_t strtab = 0, strsz = 0;
	Elf_Data *d = NULL;
	GElf_Dyn dyn;
	bool term = false;

	if (elf_getphdrnum(b->elf, &n))
		die2("%s: cannot read the program headers: %s", b->path,
		     elf_errmsg(-1));
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(b->elf, i, &ph))
			die2("%s: cannot read program header %zu: %s", b->path,
			     i, elf_errmsg(-1));
		if (ph.p_type == PT_INTERP)
			b->dynamic = b->interp = true;
		if (ph.p_type == PT_DYNAMIC) {
			ndyn++;
			dph = ph;
		}
	}
	/* a section .dynamic is what PT_DYNAMIC points at */
	for (i = 1; i < b->shnum; i++) {
		GElf_Shdr sh;

		get_shdr(b, i, &sh);
		if (sh.sh_type == SHT_DYNAMIC &&
		    (!ndyn || sh.sh_offset != dph.p_offset || sh.sh_size != dph.p_filesz))
			die2("%s: section %zu (SHT_DYNAMIC) does not match a PT_DYNAMIC segment",
			     b->path, i);
	}
	if (b->interp && !ndyn)
		die2("%s: PT_INTERP without PT_DYNAMIC", b->path);
	if (!ndyn)
		return;
	if (ndyn > 1)
		die2("%s: %zu PT_DYNAMIC program headers", b->path, ndyn);
	esize = gelf_fsize(b->elf, ELF_T_DYN, 1, EV_CURRENT);
	if (dph.p_filesz % esize)
		die2("%s: PT_DYNAMIC size %llu is not a multiple of %zu", b->path,
		     (unsigned long long)dph.p_filesz, esize);
	if (dph.p_filesz)
		d = elf_getdata_rawchunk(b->elf, dph.p_offset, dph.p_filesz,
					 ELF_T_DYN);
	if (dph.p_filesz && !d)
		die2("%s: cannot read .dynamic: %s", b->path, elf_errmsg(-1));
	cnt = dph.p_filesz / esize;
	/* the entries up to DT_NULL count, the rest is padding */
	for (j = 0; j < cnt; j++) {
		if (!gelf_getdyn(d, j, &dyn))
			die2("%s: cannot read .dynamic entry %zu: %s", b->path,
			     j, elf_errmsg(-1));
		if (dyn.d_tag == DT_NULL) {
			term = true;
			cnt = j;
			break;
		}
		/* the gABI numbers its tags from 0, the OS and CPU ranges follow */
		if (dyn.d_tag < 0 || dyn.d_tag > DT_HIPROC ||
		    (dyn.d_tag > 0xff && dyn.d_tag < DT_LOOS))
			die2("%s: .dynamic entry %zu: bad tag 0x%llx", b->path, j,
			     (unsigned long long)dyn.d_tag);
		if (dyn.d_tag == DT_STRTAB)
			strtab = dyn.d_un.d_ptr;
		else if (dyn.d_tag == DT_STRSZ)
			strsz = dyn.d_un.d_val;
	}
	if (!term)
		die2("%s: .dynamic has no DT_NULL terminator", b->path);
	for (j = 0; j < cnt; j++) {
		char *s, *tok, *save;

		gelf_getdyn(d, j, &dyn);
		if (dyn.d_tag == DT_NEEDED) {
			b->dynamic = true;
			s = dyn_str(b, strtab, strsz, dyn.d_un.d_val);
			if (!s || !*s)
				die2("%s: bad DT_NEEDED string (offset 0x%llx)",
				     b->path, (unsigned long long)dyn.d_un.d_val);
			b->needed = xrealloc(b->needed,
					     (b->nneeded + 1) * sizeof(char *));
			b->needed[b->nneeded++] = s;
		} else if (dyn.d_tag == DT_RUNPATH || dyn.d_tag == DT_RPATH) {
			s = dyn_str(b, strtab, strsz, dyn.d_un.d_val);
			if (!s)
				die2("%s: bad DT_%s string (offset 0x%llx)", b->path,
				     dyn.d_tag == DT_RPATH ? "RPATH" : "RUNPATH",
				     (unsigned long long)dyn.d_un.d_val);
			s = strdup(s);
			if (!s)
				die2("out of memory");
			for (tok = strtok_r(s, ":", &save); tok;
			     tok = strtok_r(NULL, ":", &save)) {
				b->rpath = xrealloc(b->rpath, (b->nrpath + 1) *
						    sizeof(char *));
				b->rpath[b->nrpath++] = tok;
			}
		}
	}
}

/* the ELF identification, before libelf: a clear message for junk */
static void check_ident(struct bin *b)
{
	unsigned char id[EI_NIDENT];
	struct stat st;
	ssize_t n;

	if (fstat(b->fd, &st))
		die2("%s: %s", b->path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		die2("%s: is a directory, not an ELF file", b->path);
	if (!S_ISREG(st.st_mode))
		die2("%s: not a regular file", b->path);
	if (!st.st_size)
		die2("%s: empty file, not an ELF file", b->path);
	b->dev = st.st_dev;
	b->ino = st.st_ino;
	n = pread(b->fd, id, sizeof(id), 0);
	if (n < 0)
		die2("%s: %s", b->path, strerror(errno));
	if (n < SELFMAG || memcmp(id, ELFMAG, SELFMAG))
		die2("%s: not an ELF file", b->path);
	if (n < EI_NIDENT)
		die2("%s: truncated ELF header (file of %zd bytes)", b->path, n);
	if (id[EI_CLASS] != ELFCLASS32 && id[EI_CLASS] != ELFCLASS64)
		die2("%s: bad ELF class %d", b->path, id[EI_CLASS]);
	if (id[EI_DATA] == ELFDATA2MSB)
		die2("%s: big endian ELF is not supported", b->path);
	if (id[EI_DATA] != ELFDATA2LSB)
		die2("%s: bad ELF data encoding %d", b->path, id[EI_DATA]);
	if (id[EI_VERSION] != EV_CURRENT)
		die2("%s: bad ELF version %d", b->path, id[EI_VERSION]);
	if ((uint64_t)st.st_size < (id[EI_CLASS] == ELFCLASS64 ?
				    sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr)))
		die2("%s: truncated ELF header (file of %lld bytes)", b->path,
		     (long long)st.st_size);
}

/* dies: "FILE: WHAT (offset 0x.., size 0x..) beyond end of file (N bytes)" */
static void die_eof(struct bin *b, uint64_t off, uint64_t size,
		    const char *fmt, ...)
{
	char what[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	die2("%s: %s (offset 0x%llx, size 0x%llx) beyond end of file (%zu bytes)",
	     b->path, what, (unsigned long long)off, (unsigned long long)size,
	     b->rawsize);
}

/*
 * A section in a PT_LOAD segment lies at the same place in both: literal
 * pools are read through the segments, code through the sections. Code
 * must be in a segment.
 */
static void check_in_load(struct bin *b, const GElf_Shdr *sh, size_t idx)
{
	size_t i, n;
	GElf_Phdr ph;
	uint64_t d;

	elf_getphdrnum(b->elf, &n);	/* checked in check_headers */
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(b->elf, i, &ph) || ph.p_type != PT_LOAD ||
		    sh->sh_addr < ph.p_vaddr || sh->sh_addr - ph.p_vaddr >= ph.p_filesz)
			continue;
		d = sh->sh_addr - ph.p_vaddr;
		if (sh->sh_size > ph.p_filesz - d || sh->sh_offset - ph.p_offset != d)
			die2("%s: section %zu (offset 0x%llx) does not match segment %zu",
			     b->path, idx, (unsigned long long)sh->sh_offset, i);
		return;
	}
	if (sh->sh_flags & SHF_EXECINSTR)
		die2("%s: executable section %zu (0x%llx) is in no PT_LOAD segment",
		     b->path, idx, (unsigned long long)sh->sh_addr);
}

/*
 * The program and section header tables, each segment and section must
 * be inside the file; e_shstrndx must name a string table; allocated
 * sections agree with the segments.
 */
static void check_headers(struct bin *b, const GElf_Ehdr *eh)
{
	size_t i, n, str;
	GElf_Phdr ph;
	GElf_Shdr sh;

	/* e_phnum and e_shnum first: libelf's own errors say less */
	for (i = 0; i < 2; i++) {
		size_t num = i ? eh->e_shnum : eh->e_phnum;
		size_t ent = i ? eh->e_shentsize : eh->e_phentsize;
		uint64_t off = i ? eh->e_shoff : eh->e_phoff;

		if (!num || (!i && num == PN_XNUM))
			continue;
		if (ent != gelf_fsize(b->elf, i ? ELF_T_SHDR : ELF_T_PHDR, 1,
				      EV_CURRENT))
			die2("%s: bad e_%sentsize %zu", b->path, i ? "sh" : "ph", ent);
		if (off < gelf_fsize(b->elf, ELF_T_EHDR, 1, EV_CURRENT))
			die2("%s: %s headers (e_%soff 0x%llx) overlap the ELF header",
			     b->path, i ? "section" : "program", i ? "sh" : "ph",
			     (unsigned long long)off);
		if (!in_file(b, off, (uint64_t)num * ent))
			die_eof(b, off, (uint64_t)num * ent, "%s headers (%zu)",
				i ? "section" : "program", num);
	}
	if (elf_getphdrnum(b->elf, &n))
		die2("%s: bad program header count: %s", b->path, elf_errmsg(-1));
	if (!n)
		die2("%s: no program headers: not a linked executable or library",
		     b->path);
	if (!in_file(b, eh->e_phoff, (uint64_t)n * eh->e_phentsize))
		die_eof(b, eh->e_phoff, (uint64_t)n * eh->e_phentsize,
			"program headers (%zu)", n);
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(b->elf, i, &ph))
			die2("%s: cannot read program header %zu: %s", b->path,
			     i, elf_errmsg(-1));
		if (ph.p_type != PT_NULL && ph.p_filesz &&
		    !in_file(b, ph.p_offset, ph.p_filesz))
			die_eof(b, ph.p_offset, ph.p_filesz, "segment %zu", i);
	}

	if (elf_getshdrnum(b->elf, &n))
		die2("%s: bad section header count: %s", b->path, elf_errmsg(-1));
	if (eh->e_shnum && n != eh->e_shnum)
		die2("%s: bad section header count %u", b->path, eh->e_shnum);
	b->shnum = n;
	if (!n && eh->e_shoff)
		die2("%s: e_shoff 0x%llx but no section headers (e_shnum 0)", b->path,
		     (unsigned long long)eh->e_shoff);
	if (!n)
		return;
	if (eh->e_shentsize != gelf_fsize(b->elf, ELF_T_SHDR, 1, EV_CURRENT))
		die2("%s: bad e_shentsize %u", b->path, eh->e_shentsize);
	if (!in_file(b, eh->e_shoff, (uint64_t)n * eh->e_shentsize))
		die_eof(b, eh->e_shoff, (uint64_t)n * eh->e_shentsize,
			"section headers (%zu)", n);
	if (elf_getshdrstrndx(b->elf, &str))
		die2("%s: bad e_shstrndx: %s", b->path, elf_errmsg(-1));
	if (str != SHN_UNDEF) {
		if (str >= n)
			die2("%s: bad e_shstrndx %zu (%zu sections)", b->path,
			     str, n);
		get_shdr(b, str, &sh);
		if (sh.sh_type != SHT_STRTAB)
			die2("%s: bad e_shstrndx %zu: not a string table",
			     b->path, str);
	}
	for (i = 1; i < n; i++) {
		get_shdr(b, i, &sh);
		if (sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_NULL || !sh.sh_size)
			continue;
		if (!in_file(b, sh.sh_offset, sh.sh_size))
			die_eof(b, sh.sh_offset, sh.sh_size, "section %zu", i);
		if (sh.sh_flags & SHF_ALLOC)
			check_in_load(b, &sh, i);
	}
}

static int cmp_range(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/*
 * The decoded ranges must not overlap (one address, one instruction),
 * and an executable's entry point must be in one of them.
 */
static void check_code(struct bin *b, const GElf_Ehdr *eh)
{
	uint64_t entry = b->machine == EM_ARM ? eh->e_entry & ~1ull :
			 eh->e_entry;
	bool found = false;
	size_t i;

	sort(b->code, b->ncode, sizeof(*b->code), cmp_range);
	for (i = 0; i < b->ncode; i++) {
		struct range *r = &b->code[i];

		if (i && r->addr - b->code[i - 1].addr < b->code[i - 1].size)
			die2("%s: executable code at 0x%llx and 0x%llx overlaps",
			     b->path, (unsigned long long)b->code[i - 1].addr,
			     (unsigned long long)r->addr);
		if (entry >= r->addr && entry - r->addr < r->size)
			found = true;
	}
	if (eh->e_entry && (eh->e_type == ET_EXEC || b->interp) && !found)
		die2("%s: entry point 0x%llx is not in executable code", b->path,
		     (unsigned long long)eh->e_entry);
}

static struct bin *load_bin(const char *path)
{
	struct bin *b = calloc(1, sizeof(*b));
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	bool any = false;
	size_t i, n;

	if (!b)
		die2("out of memory");
	b->path = path;
	b->fd = open(path, O_RDONLY);
	if (b->fd < 0)
		die2("%s: %s", path, strerror(errno));
	check_ident(b);
	b->elf = elf_begin(b->fd, ELF_C_READ, NULL);
	if (!b->elf || elf_kind(b->elf) != ELF_K_ELF)
		die2("%s: not an ELF file (%s)", path, elf_errmsg(-1));
	if (!gelf_getehdr(b->elf, &eh))
		die2("%s: cannot read ELF header: %s", path, elf_errmsg(-1));
	b->machine = eh.e_machine;
	if (b->machine != EM_X86_64 && b->machine != EM_ARM)
		die2("%s: unsupported machine %d (only x86_64 and 32-bit ARM)",
		     path, eh.e_machine);
	if (b->machine == EM_X86_64 && eh.e_ident[EI_CLASS] != ELFCLASS64)
		die2("%s: ELF class 32-bit does not match machine x86_64 (x32 is not supported)",
		     path);
	if (b->machine == EM_ARM && eh.e_ident[EI_CLASS] != ELFCLASS32)
		die2("%s: ELF class 64-bit does not match machine ARM (32-bit)",
		     path);
	if (b->machine == EM_ARM && EF_ARM_EABI_VERSION(eh.e_flags) == 0)
		die2("%s: ARM OABI binary is not supported (EABI only)", path);
	if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
		die2("%s: not an executable or shared library", path);
	b->raw = elf_rawfile(b->elf, &b->rawsize);
	if (!b->raw)
		die2("%s: cannot read: %s", path, elf_errmsg(-1));
	check_headers(b, &eh);
	b->thumb_default = b->machine == EM_ARM && (eh.e_entry & 1);
	read_symbols(b);
	read_dynamic(b);
	if (eh.e_entry)
		add_func(b, b->machine == EM_ARM ? eh.e_entry & ~1ull :
			 eh.e_entry);

	cs_arch arch = b->machine == EM_ARM ? CS_ARCH_ARM : CS_ARCH_X86;
	csh h;

	if (cs_open(arch, b->machine == EM_ARM ? CS_MODE_ARM : CS_MODE_64,
		    &h) != CS_ERR_OK)
		die2("capstone: cs_open failed");
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	if (b->machine == EM_X86_64)
		x86_init_map(h);
	while ((scn = elf_nextscn(b->elf, scn))) {
		get_shdr(b, elf_ndxscn(scn), &sh);
		if (!(sh.sh_flags & SHF_EXECINSTR) || !(sh.sh_flags & SHF_ALLOC) ||
		    !sh.sh_size)
			continue;
		/* code of another type (a debug file's NOBITS) would be lost */
		if (sh.sh_type != SHT_PROGBITS)
			die2("%s: executable section %zu has type 0x%x, not SHT_PROGBITS",
			     path, elf_ndxscn(scn), sh.sh_type);
		if (sh.sh_flags & SHF_COMPRESSED)
			die2("%s: executable section %zu is compressed", path,
			     elf_ndxscn(scn));
		any = true;
		decode_exec(b, h, sh.sh_offset, sh.sh_size, sh.sh_addr, "section");
	}
	if (!any && !elf_getphdrnum(b->elf, &n)) {
		for (i = 0; i < n; i++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(b->elf, i, &ph) ||
			    ph.p_type != PT_LOAD || !(ph.p_flags & PF_X) ||
			    !ph.p_filesz)
				continue;
			decode_exec(b, h, ph.p_offset, ph.p_filesz,
				    ph.p_vaddr, "segment");
		}
	}
	cs_close(&h);
	check_code(b, &eh);
	sort(b->in, b->nin, sizeof(*b->in), cmp_insn);
	/* edges refer to insn indexes: build them after sorting */
	for (i = 0; i < b->nin; i++) {
		if (!(b->in[i].flags & F_DIRECT))
			continue;
		if (b->in[i].flags & F_CALL)
			add_edge(&b->calls, &b->ncalls, &b->acalls,
				 b->in[i].target, i);
		else
			add_edge(&b->jumps, &b->njumps, &b->ajumps,
				 b->in[i].target, i);
	}
	sort(b->jumps, b->njumps, sizeof(*b->jumps), cmp_edge);
	sort(b->calls, b->ncalls, sizeof(*b->calls), cmp_edge);
	sort(b->funcs, b->nfuncs, sizeof(*b->funcs), cmp_u64);
	return b;
}

/* ---- lookups -------------------------------------------------------- */

static size_t edges_at(struct edge *e, size_t n, uint64_t t, size_t *cnt)
{
	size_t lo = 0, hi = n, s;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (e[mid].target < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (s = lo; s < n && e[s].target == t; s++)
		;
	*cnt = s - lo;
	return lo;
}

static bool is_func(struct bin *b, uint64_t a)
{
	if (!b->nfuncs)
		return false;
	return bsearch(&a, b->funcs, b->nfuncs, sizeof(*b->funcs), cmp_u64);
}

static struct memo *memo_get(struct ctx *c, uint64_t key, bool create)
{
	size_t i;

	if (create && 2 * (c->mcount + 1) > c->mcap) {
		struct memo *old = c->m;
		size_t oc = c->mcap;

		c->mcap = oc ? 2 * oc : 256;
		c->m = calloc(c->mcap, sizeof(*c->m));
		if (!c->m)
			die2("out of memory");
		for (i = 0; i < oc; i++)
			if (old[i].state) {
				size_t j = old[i].key * 0x9e3779b97f4a7c15ull %
					   c->mcap;

				while (c->m[j].state)
					j = (j + 1) % c->mcap;
				c->m[j] = old[i];
			}
		free(old);
	}
	if (!c->mcap)
		return NULL;
	i = key * 0x9e3779b97f4a7c15ull % c->mcap;
	while (c->m[i].state) {
		if (c->m[i].key == key)
			return &c->m[i];
		i = (i + 1) % c->mcap;
	}
	if (!create)
		return NULL;
	c->m[i].key = key;
	c->m[i].state = 1;
	c->m[i].v = NULL;
	c->mcount++;
	return &c->m[i];
}

static void ctx_free(struct ctx *c)
{
	size_t i;

	for (i = 0; i < c->mcap; i++)
		free(c->m[i].v);
	free(c->m);
}

/* ---- the backward walk ---------------------------------------------- */

static void walk_start(struct ctx *c, size_t i, int reg, struct vset *out,
		       int depth, int cc);

/* ARM condition codes come in pairs: EQ/NE, HS/LO, ... */
static int inv_cc(int cc)
{
	if (cc <= ARM_CC_INVALID || cc >= ARM_CC_AL)
		return 0;
	return cc & 1 ? cc + 1 : cc - 1;
}

/* registers that carry a return value */
static uint32_t ret_mask(struct bin *b)
{
	return b->machine == EM_ARM ? 0x3 : 0x5;	/* r0 r1, rax rdx */
}

static void func_entry(struct ctx *c, uint64_t faddr, int reg,
		       struct vset *out);

/*
 * Insn i is "d ^= s" and its only predecessor is "s ^= d", executed
 * under the same condition: then d = d ^ s ^ d holds the value s had
 * before that pair. The XOR swap "a ^= b; b ^= a; a ^= b" is two such
 * pairs: b (second insn) gets the old a, a (third insn) the old b.
 */
static bool xor_pair(struct bin *b, size_t i)
{
	struct insn *in = &b->in[i], *p;
	size_t n;

	if (i == 0 || is_func(b, in->addr))
		return false;
	p = &b->in[i - 1];
	if (p->kind != K_XOR || p->dst != in->src || p->src != in->dst ||
	    p->addr + p->size != in->addr || p->cc != in->cc ||
	    (p->cc && (p->flags & F_FLAGS)))
		return false;
	edges_at(b->jumps, b->njumps, in->addr, &n);
	return !n;
}

/* value of reg after insn i, which writes it; cc: condition known true */
static void eval_write(struct ctx *c, size_t i, int reg, struct vset *out,
		       int depth, int cc)
{
	struct bin *b = c->b;
	struct insn *in = &b->in[i];
	struct vset t;
	int k;

	if (in->flags & F_FLAGS)
		cc = 0;
	if (in->flags & F_COND) {
		if (cc && in->cc == inv_cc(cc)) {	/* not executed */
			walk_start(c, i, reg, out, depth + 1, cc);
			return;
		}
		if (!cc || in->cc != cc)	/* it may not execute */
			walk_start(c, i, reg, out, depth + 1, cc);
	}
	if (in->dst != reg && in->kind != K_OTHER) {
		vs_unres(out, in->addr, "register written by an unknown insn");
		return;
	}
	switch (in->kind) {
	case K_CONST:
		vs_add(out, (uint32_t)in->imm, in->addr);
		return;
	case K_MOVE:
		walk_start(c, i, in->src, out, depth + 1, cc);
		return;
	case K_ADDI:
	case K_MOVT:
		memset(&t, 0, sizeof(t));
		walk_start(c, i, in->kind == K_ADDI ? in->src : reg, &t,
			   depth + 1, cc);
		for (k = 0; k < t.n; k++)
			vs_add(out, in->kind == K_ADDI ?
			       (uint32_t)(t.v[k] + in->imm) :
			       (uint32_t)((t.v[k] & 0xffff) | in->imm << 16),
			       in->addr);
		if (t.unres) {
			t.n = 0;
			vs_union(out, &t);
		}
		return;
	case K_XOR:
		if (!xor_pair(b, i))
			break;
		walk_start(c, i - 1, in->src, out, depth + 1,
			   b->in[i - 1].flags & F_FLAGS ? 0 : cc);
		return;
	default:
		break;
	}
	/*
	 * A caller-saved register that does not carry a return value is
	 * dead after a call: compiled code never reads it there, so the
	 * path through the call is not taken (the callee does not return,
	 * e.g. __libc_fatal() before alignment padding and a label).
	 */
	if ((in->flags & F_CALL) && !(ret_mask(b) & (1u << reg)))
		return;
	vs_unres(out, in->addr, in->flags & F_CALL ?
		 "register clobbered by a call" : in->flags & F_MEM ?
		 "value loaded from memory" :
		 "register written by an unknown insn");
}

static void walk_end(struct ctx *c, size_t i, int reg, struct vset *out,
		     int depth, int cc)
{
	if (c->b->in[i].wmask & (1u << reg))
		eval_write(c, i, reg, out, depth, cc);
	else
		walk_start(c, i, reg, out, depth,
			   c->b->in[i].flags & F_FLAGS ? 0 : cc);
}

/*
 * Insn i has no direct predecessor: padding after a jump is unreachable
 * (no value), an entry of an ARM branch table is reached from the
 * "add pc, pc, rN, lsl #2" before the table; anything else is unknown.
 */
static void no_pred(struct ctx *c, size_t i, int reg, struct vset *out,
		    int depth)
{
	struct bin *b = c->b;
	size_t k;

	if (b->in[i].flags & F_NOP)
		return;
	for (k = i; k > 0 && i - k < 4096; k--) {
		struct insn *p = &b->in[k - 1];

		if (p->addr + p->size != b->in[k].addr)
			break;
		if (p->flags & F_JTAB) {
			walk_end(c, k - 1, reg, out, depth + 1, 0);
			return;
		}
		if (!(p->flags & F_DIRECT) || (p->flags & (F_CALL | F_COND)))
			break;
	}
	vs_unres(out, b->in[i].addr, "code without known predecessor");
}

/* value of reg at the start of insn i; cc: condition known true there */
static void walk_start(struct ctx *c, size_t i, int reg, struct vset *out,
		       int depth, int cc)
{
	struct bin *b = c->b;
	struct insn *in;
	size_t first, nj, k;
	bool fstart, fall;
	struct memo *m;
	struct vset *t;
	uint64_t key;

	if (depth > MAX_DEPTH) {
		vs_unres(out, b->in[i].addr, "walk too deep");
		return;
	}
	for (;;) {
		in = &b->in[i];
		if (++c->steps > STEP_BUDGET) {
			vs_unres(out, in->addr, "search budget exhausted");
			return;
		}
		fstart = is_func(b, in->addr);
		first = edges_at(b->jumps, b->njumps, in->addr, &nj);
		fall = !fstart && i > 0 &&
		       b->in[i - 1].addr + b->in[i - 1].size == in->addr &&
		       !(b->in[i - 1].flags & F_NOFALL);
		if (fstart || nj)
			break;
		if (!fall) {
			no_pred(c, i, reg, out, depth);
			return;
		}
		i--;
		in = &b->in[i];
		if ((in->flags & (F_DIRECT | F_CALL)) == F_DIRECT && in->cc)
			cc = inv_cc(in->cc);	/* branch not taken */
		if (!(in->wmask & (1u << reg))) {
			if (in->flags & F_FLAGS)
				cc = 0;
			continue;
		}
		if (in->flags & (F_COND | F_FLAGS) || in->dst != reg)
			break;
		if (in->kind == K_CONST) {
			vs_add(out, (uint32_t)in->imm, in->addr);
			return;
		}
		if (in->kind != K_MOVE)
			break;
		reg = in->src;
	}
	if (!fstart && !nj) {	/* stopped on a write we pass on */
		eval_write(c, i, reg, out, depth, cc);
		return;
	}
	/* a join point: the flags of the predecessors are their own */
	key = (uint64_t)i << 5 | reg;
	m = memo_get(c, key, false);
	if (m) {
		if (m->v)
			vs_union(out, m->v);
		return;		/* in progress: a cycle adds nothing */
	}
	memo_get(c, key, true);
	t = calloc(1, sizeof(*t));
	if (!t)
		die2("out of memory");
	if (fstart)
		func_entry(c, in->addr, reg, t);
	if (fall)
		walk_end(c, i - 1, reg, t, depth + 1,
			 (b->in[i - 1].flags & (F_DIRECT | F_CALL)) ==
			 F_DIRECT ? inv_cc(b->in[i - 1].cc) : 0);
	for (k = first; k < first + nj; k++)
		walk_end(c, b->jumps[k].from, reg, t, depth + 1,
			 b->in[b->jumps[k].from].cc);
	m = memo_get(c, key, false);
	m->v = t;
	m->state = 2;
	vs_union(out, t);
}

static struct wrapper *find_wrapper(struct bin *b, uint64_t a, int reg)
{
	size_t i;

	for (i = 0; i < b->nwr; i++)
		if (b->wr[i].addr == a && b->wr[i].reg == reg)
			return &b->wr[i];
	return NULL;
}

/* value of reg at the entry of the function at faddr, from its callers */
static void func_entry(struct ctx *c, uint64_t faddr, int reg,
		       struct vset *out)
{
	struct bin *b = c->b;
	struct wrapper *w;
	size_t first, n, k;
	struct vset res;

	if (!is_arg_reg(b, reg)) {
		vs_unres(out, faddr, "reaches a function start");
		return;
	}
	w = find_wrapper(b, faddr, reg);
	if (w) {
		if (w->state == 2)
			vs_union(out, &w->res);
		return;
	}
	if (c->wdepth >= MAX_WRAP_DEPTH) {
		vs_unres(out, faddr, "wrappers nested too deep");
		return;
	}
	first = edges_at(b->calls, b->ncalls, faddr, &n);
	if (!n) {
		vs_unres(out, faddr,
			 "argument of a function without direct callers");
		return;
	}
	GROW(b->wr, b->nwr, b->awr);
	w = &b->wr[b->nwr++];
	memset(w, 0, sizeof(*w));
	w->addr = faddr;
	w->reg = reg;
	w->state = 1;
	memset(&res, 0, sizeof(res));
	for (k = first; k < first + n; k++) {
		struct ctx cc = { .b = b, .wdepth = c->wdepth + 1 };
		struct vset v;
		size_t from = b->calls[k].from;

		memset(&v, 0, sizeof(v));
		walk_start(&cc, from, reg, &v, 0, 0);
		ctx_free(&cc);
		w = find_wrapper(b, faddr, reg);	/* b->wr may move */
		w->ncalls++;
		if (v.unres) {
			if (w->nunres < 8)
				w->unres_addr[w->nunres] = b->in[from].addr;
			w->nunres++;
		}
		vs_union(&res, &v);
	}
	w = find_wrapper(b, faddr, reg);
	w->res = res;
	w->state = 2;
	vs_union(out, &res);
}

static void scan_sites(struct bin *b)
{
	size_t i;

	for (i = 0; i < b->nin; i++) {
		struct insn *in = &b->in[i];
		struct site *s;

		if (in->kind != K_SITE && in->kind != K_UNSUP)
			continue;
		GROW(b->sites, b->nsites, b->asites);
		s = &b->sites[b->nsites++];
		memset(s, 0, sizeof(*s));
		s->addr = in->addr;
		if (in->kind == K_UNSUP) {
			vs_unres(&s->vs, in->addr, b->machine == EM_ARM ?
				 "OABI svc is not supported" :
				 "int $0x80 / sysenter (ia32 ABI) not supported");
			continue;
		}
		struct ctx c = { .b = b };

		walk_start(&c, i, b->machine == EM_ARM ? 7 : 0, &s->vs, 0, 0);
		ctx_free(&c);
		if (!s->vs.n && !s->vs.unres)
			vs_unres(&s->vs, in->addr, "no value reaches the site");
	}
}

/* ---- the table ------------------------------------------------------ */

static void read_table(const char *path, int machine)
{
	FILE *f = fopen(path, "r");
	char line[512];
	const char *abi2 = machine == EM_ARM ? "eabi" : "64";
	/* a line only the right table has: ARM's oabi, x86's 64 */
	const char *mark = machine == EM_ARM ? "oabi" : "64";
	size_t own = 0;

	if (!f)
		die2("table %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char *save, *nr, *abi, *name, *end;
		unsigned long v;

		if (line[0] == '#')
			continue;
		nr = strtok_r(line, " \t\n", &save);
		abi = nr ? strtok_r(NULL, " \t\n", &save) : NULL;
		name = abi ? strtok_r(NULL, " \t\n", &save) : NULL;
		if (!name)
			continue;
		v = strtoul(nr, &end, 0);
		if (*end)
			die2("table %s: bad number '%s'", path, nr);
		own += !strcmp(abi, mark);
		if (strcmp(abi, "common") && strcmp(abi, abi2))
			continue;
		table = xrealloc(table, (ntable + 1) * sizeof(*table));
		table[ntable].nr = v;
		table[ntable++].name = strdup(name);
	}
	fclose(f);
	if (!own)
		die2("table %s: no entries for ABI %s: not the %s table",
		     path, mark, machine == EM_ARM ? "ARM" : "x86_64");
}

static const char *tab_name(uint32_t nr)
{
	size_t i;

	for (i = 0; i < ntable; i++)
		if (table[i].nr == nr)
			return table[i].name;
	return NULL;
}

static const char *arm_private(uint32_t nr)
{
	static const char *const names[] = { NULL, "breakpoint", "cacheflush",
		"usr26", "usr32", "set_tls", "get_tls" };

	if (nr > ARM_PRIV_BASE && nr <= ARM_PRIV_BASE + 6)
		return names[nr - ARM_PRIV_BASE];
	return NULL;
}

static int cmp_name(const void *a, const void *b)
{
	const struct tabent *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* ---- libraries ------------------------------------------------------ */

/* path, if it fits, is a regular file we may read */
static char *lib_at(char *path, int len)
{
	struct stat st;

	if (len < 0 || len >= PATH_MAX || stat(path, &st) || !S_ISREG(st.st_mode) ||
	    access(path, R_OK))
		return NULL;
	return strdup(path);
}

static char *find_lib(const char *sysroot, struct bin *b, const char *name)
{
	static const char *const dirs[] = { "lib", "usr/lib", NULL };
	const char *trip[3] = { NULL };
	char path[PATH_MAX], *p;
	size_t i, t;

	if (b->machine == EM_ARM) {
		trip[0] = "arm-linux-gnueabi";
		trip[1] = "arm-linux-gnueabihf";
	} else {
		trip[0] = "x86_64-linux-gnu";
	}
	if (strchr(name, '/'))
		return lib_at(path, snprintf(path, sizeof(path), "%s/%s", sysroot, name));
	for (i = 0; i < b->nrpath; i++) {
		p = lib_at(path, snprintf(path, sizeof(path), "%s/%s/%s", sysroot,
					  b->rpath[i], name));
		if (p)
			return p;
	}
	for (i = 0; dirs[i]; i++) {
		p = lib_at(path, snprintf(path, sizeof(path), "%s/%s/%s", sysroot,
					  dirs[i], name));
		if (p)
			return p;
		for (t = 0; trip[t]; t++) {
			p = lib_at(path, snprintf(path, sizeof(path), "%s/%s/%s/%s",
						  sysroot, dirs[i], trip[t], name));
			if (p)
				return p;
		}
	}
	return NULL;
}

/* ---- main ----------------------------------------------------------- */

static const char usage[] =
"syscall-scan [options] ELF...\n"
"  --table FILE        kernel syscall table (arch/arm/tools/syscall.tbl or\n"
"                      arch/x86/entry/syscalls/syscall_64.tbl); or\n"
"  --ksrc DIR          kernel source tree: the table is picked from the ELF machine\n"
"  --sysroot DIR       follow DT_NEEDED of dynamic ELFs inside DIR (lib, usr/lib, "
"lib/<triplet>, usr/lib/<triplet>, and the ELF's DT_RUNPATH/RPATH inside DIR); "
"a needed library that is not found is an error\n"
"  -o FILE             write the list there (default stdout)\n"
"  --report FILE       per-binary report (default: stderr, or nothing with -q)\n"
"  --accept-unresolved do not fail on sites whose number could not be resolved\n"
"  -q\n";

static void report_bin(struct bin *b, bool *used, size_t *nunres)
{
	size_t i, k, nres = 0, nu = 0, nused = 0;
	int j;

	for (i = 0; i < b->nsites; i++)
		if (b->sites[i].vs.unres)
			nu++;
		else
			nres++;
	*nunres += nu;
	if (rep) {
		fprintf(rep, "%s: %s%s\n", b->path,
			b->machine == EM_ARM ? "ARM EABI, " : "x86_64",
			b->machine != EM_ARM ? "" :
			b->saw_thumb && b->saw_arm ? "ARM+Thumb code" :
			b->saw_thumb ? "Thumb code" : "ARM code");
		fprintf(rep, "  %zu instructions, %zu syscall sites: %zu resolved, %zu unresolved\n",
			b->nin, b->nsites, nres, nu);
	}
	for (i = 0; i < b->nsites; i++) {
		struct site *s = &b->sites[i];

		if (s->vs.unres && rep)
			fprintf(rep, "  unresolved site 0x%llx: %s at 0x%llx\n",
				(unsigned long long)s->addr, s->vs.why,
				(unsigned long long)s->vs.why_addr);
		for (j = 0; j < s->vs.n; j++) {
			uint32_t v = s->vs.v[j];
			const char *p;

			for (k = 0; k < ntable; k++)
				if (table[k].nr == v && !used[k]) {
					used[k] = true;
					nused++;
				}
			if (tab_name(v) || !rep)
				continue;
			p = b->machine == EM_ARM ? arm_private(v) : NULL;
			if (p)
				fprintf(rep, "  site 0x%llx: 0x%x %s: ARM private, not in the table\n",
					(unsigned long long)s->addr, v, p);
			else
				fprintf(rep, "  warning: site 0x%llx: number %u (0x%x) is not in the table\n",
					(unsigned long long)s->addr, v, v);
		}
	}
	for (i = 0; rep && i < b->nwr; i++) {
		struct wrapper *w = &b->wr[i];

		fprintf(rep, "  syscall() wrapper at 0x%llx (number in %s): %d call sites, ",
			(unsigned long long)w->addr, regname(b, w->reg),
			w->ncalls);
		if (!w->nunres) {
			fprintf(rep, "all resolved\n");
			continue;
		}
		fprintf(rep, "%d unresolved:", w->nunres);
		for (j = 0; j < w->nunres && j < 8; j++)
			fprintf(rep, " 0x%llx",
				(unsigned long long)w->unres_addr[j]);
		fprintf(rep, "%s\n", w->nunres > 8 ? " ..." : "");
	}
	if (!rep)
		return;
	/* this binary's contribution, by name */
	{
		struct tabent *l = calloc(ntable + 1, sizeof(*l));
		size_t n = 0;
		bool *mine = calloc(ntable + 1, sizeof(bool));

		for (i = 0; i < b->nsites; i++)
			for (j = 0; j < b->sites[i].vs.n; j++)
				for (k = 0; k < ntable; k++)
					if (table[k].nr == b->sites[i].vs.v[j])
						mine[k] = true;
		for (k = 0; k < ntable; k++)
			if (mine[k])
				l[n++] = table[k];
		sort(l, n, sizeof(*l), cmp_name);
		fprintf(rep, "  %zu syscalls:", n);
		for (k = 0; k < n; k++)
			fprintf(rep, "%s%s", k % 8 ? " " : "\n    ", l[k].name);
		fprintf(rep, "\n");
		free(l);
		free(mine);
	}
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "table", required_argument, NULL, 't' },
		{ "ksrc", required_argument, NULL, 'k' },
		{ "sysroot", required_argument, NULL, 's' },
		{ "report", required_argument, NULL, 'r' },
		{ "accept-unresolved", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *tabpath = NULL, *ksrc = NULL, *sysroot = NULL;
	const char *out = NULL, *reppath = NULL;
	bool accept = false, *used;
	struct bin **bins = NULL;
	size_t nbins = 0, i, k, nunres = 0, nlist = 0;
	char tbuf[PATH_MAX];
	struct tabent *list;
	FILE *of;
	int c;

	while ((c = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
		switch (c) {
		case 't': tabpath = optarg; break;
		case 'k': ksrc = optarg; break;
		case 's': sysroot = optarg; break;
		case 'r': reppath = optarg; break;
		case 'a': accept = true; break;
		case 'o': out = optarg; break;
		case 'q': quiet = 1; break;
		case 'h': fputs(usage, stdout); return 0;
		default: fputs(usage, stderr); return 2;
		}
	}
	if (optind >= argc) {
		fputs(usage, stderr);
		die2("no ELF file given");
	}
	if (!tabpath && !ksrc)
		die2("missing table: pass --table FILE or --ksrc DIR");
	if (sysroot) {
		char *sr = strdup(sysroot);
		size_t l = strlen(sr);

		while (l > 0 && sr[l - 1] == '/')
			sr[--l] = 0;	/* "/" becomes "": paths stay clean */
		sysroot = sr;
	}
	if (elf_version(EV_CURRENT) == EV_NONE)
		die2("libelf: %s", elf_errmsg(-1));

	for (i = optind; i < (size_t)argc; i++) {
		bins = xrealloc(bins, (nbins + 1) * sizeof(*bins));
		bins[nbins++] = load_bin(argv[i]);
	}
	/* libraries: a queue over bins[] */
	for (i = 0; i < nbins; i++) {
		struct bin *b = bins[i];

		if (b->machine != bins[0]->machine)
			die2("%s: mixed architectures: %s is %s", b->path,
			     bins[0]->path, bins[0]->machine == EM_ARM ?
			     "ARM" : "x86_64");
		if (!b->dynamic)
			continue;
		if (!sysroot)
			die2("%s: dynamically linked%s%s: pass --sysroot DIR so that its libraries are scanned too",
			     b->path, b->nneeded ? ", needs " : "",
			     b->nneeded ? b->needed[0] : "");
		for (k = 0; k < b->nneeded; k++) {
			char *p = find_lib(sysroot, b, b->needed[k]);
			struct stat st;
			size_t j;
			bool seen = false;

			if (!p)
				die2("%s: needed library %s not found in sysroot %s",
				     b->path, b->needed[k], sysroot);
			if (stat(p, &st))
				die2("%s: %s", p, strerror(errno));
			/* each file once: DT_NEEDED cycles end here */
			for (j = 0; j < nbins; j++)
				if (bins[j]->dev == st.st_dev && bins[j]->ino == st.st_ino)
					seen = true;
			if (seen) {
				free(p);
				continue;
			}
			bins = xrealloc(bins, (nbins + 1) * sizeof(*bins));
			bins[nbins++] = load_bin(p);
		}
	}
	if (!tabpath) {
		snprintf(tbuf, sizeof(tbuf), "%s/%s", ksrc,
			 bins[0]->machine == EM_ARM ? "arch/arm/tools/syscall.tbl" :
			 "arch/x86/entry/syscalls/syscall_64.tbl");
		tabpath = tbuf;
	}
	read_table(tabpath, bins[0]->machine);

	if (reppath) {
		rep = fopen(reppath, "w");
		if (!rep)
			die2("%s: %s", reppath, strerror(errno));
	} else {
		rep = quiet ? NULL : stderr;
	}
	used = calloc(ntable, sizeof(*used));
	for (i = 0; i < nbins; i++) {
		scan_sites(bins[i]);
		report_bin(bins[i], used, &nunres);
	}

	list = calloc(ntable, sizeof(*list));
	for (k = 0; k < ntable; k++)
		if (used[k] || (nunres && !accept))
			list[nlist++] = table[k];
	sort(list, nlist, sizeof(*list), cmp_name);
	/* names can repeat in a table (x86 common + 64 never do, but ...) */
	for (i = k = 0; i < nlist; i++)
		if (!k || strcmp(list[k - 1].name, list[i].name))
			list[k++] = list[i];
	nlist = k;

	of = out ? fopen(out, "w") : stdout;
	if (!of)
		die2("%s: %s", out, strerror(errno));
	fprintf(of, "# syscall-scan: %zu system calls used by:", nlist);
	for (i = optind; i < (size_t)argc; i++)
		fprintf(of, " %s", argv[i]);
	fprintf(of, "\n");
	if (nbins > (size_t)(argc - optind)) {
		fprintf(of, "# with libraries:");
		for (i = argc - optind; i < nbins; i++)
			fprintf(of, " %s", bins[i]->path);
		fprintf(of, "\n");
	}
	if (nunres && !accept)
		fprintf(of, "# %zu syscall sites could not be resolved: %s\n",
			nunres, "listing every syscall of the table (fail safe)");
	else if (nunres)
		fprintf(of, "# %zu syscall sites could not be resolved (accepted): %s\n",
			nunres, "this list may be incomplete");
	for (i = 0; i < nlist; i++)
		fprintf(of, "%s\n", list[i].name);
	if (of != stdout && fclose(of))
		die2("%s: write error", out);
	if (rep) {
		fprintf(rep, "total: %zu binaries, %zu unresolved sites, %zu syscalls listed%s\n",
			nbins, nunres, nlist,
			nunres && !accept ? " (whole table: unresolved sites)" : "");
		if (rep != stderr)
			fclose(rep);
	}
	return nunres && !accept ? 1 : 0;
}
