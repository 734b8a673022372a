// SPDX-License-Identifier: GPL-2.0
/*
 * The one entry of every system call that CONFIG_TRIM_UNUSED_SYSCALLS
 * trimmed from the system call table.
 *
 * scripts/syscalltbl.sh writes the table entry of each system call that
 * CONFIG_USED_SYSCALLS does not keep as __SYSCALL_TRIMMED(nr, name), which
 * the table turns into an entry to sys_trimmed_syscall(). Nothing refers to
 * the implementations of those calls any more, so a kernel linked with
 * LD_DEAD_CODE_DATA_ELIMINATION leaves them out. A call is trimmed when
 * its entry in the table is the stub's. With
 * CONFIG_TRIM_UNUSED_SYSCALLS_NAMES the same generated table gives the
 * names of the trimmed calls for the warning; without it the warning
 * gives the number and the table to look it up in.
 */

#include <linux/bitmap.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/syscalls.h>
#include <asm/ptrace.h>
#include <asm/syscall.h>

#ifdef CONFIG_UML
#include <sysdep/syscalls.h>
#endif

#ifndef NR_syscalls
#define NR_syscalls __NR_syscalls
#endif

#ifdef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
/* <linux/syscalls.h> declares it only without syscall wrappers. */
asmlinkage long sys_ni_syscall(void);
#endif

/*
 * What the table holds for a trimmed call: the stub, or on x86-64 its
 * pt_regs wrapper (x86-64's sys_call_table[], which tracing reads, and
 * x64_sys_call(), which dispatches, come from the same generated header).
 */
#ifdef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
long __x64_sys_trimmed_syscall(const struct pt_regs *regs);
#define TRIMMED_ENTRY __x64_sys_trimmed_syscall
#else
asmlinkage long sys_trimmed_syscall(void);
#define TRIMMED_ENTRY sys_trimmed_syscall
#endif

/* Where the warning without names sends the reader for the number. */
#ifdef CONFIG_ARM
#define TRIMMED_TABLE "arch/arm/tools/syscall.tbl"
#else
#define TRIMMED_TABLE "arch/x86/entry/syscalls/syscall_64.tbl"
#endif

/**
 * syscall_is_trimmed - whether a system call was trimmed
 * @nr: a system call number of the native ABI
 *
 * Return: true if CONFIG_TRIM_UNUSED_SYSCALLS trimmed system call @nr
 * from the table, that is if the table sends it to the stub.
 */
bool syscall_is_trimmed(unsigned int nr)
{
	return nr < NR_syscalls &&
	       (unsigned long)sys_call_table[nr] == (unsigned long)TRIMMED_ENTRY;
}

/*
 * The names of the trimmed calls, by number: the trimmed entries only.
 * Without CONFIG_TRIM_UNUSED_SYSCALLS_NAMES nothing reads it and the
 * compiler leaves it out, names and all.
 */
#define __SYSCALL(...)
#define __SYSCALL_WITH_COMPAT(...)
#define __SYSCALL_NORETURN(...)
#define __SYSCALL_COMPAT_NORETURN(...)
#define __SYSCALL_TRIMMED(nr, name) \
	[nr] = #name,

static const char * const trimmed_names[NR_syscalls] = {
#ifdef CONFIG_ARM
#include <calls-eabi.S>
#else
#include <asm/syscalls_64.h>
#endif
};

/**
 * syscall_trimmed_name - the name of a trimmed system call
 * @nr: a system call number of the native ABI
 *
 * Return: the name of system call @nr if CONFIG_TRIM_UNUSED_SYSCALLS
 * trimmed it from the table, otherwise NULL; always NULL without
 * CONFIG_TRIM_UNUSED_SYSCALLS_NAMES.
 */
const char *syscall_trimmed_name(unsigned int nr)
{
	if (!IS_ENABLED(CONFIG_TRIM_UNUSED_SYSCALLS_NAMES) || nr >= NR_syscalls)
		return NULL;
	return trimmed_names[nr];
}

/**
 * syscall_trimmed_message - what the warning says about a trimmed call
 * @buf: where to write it
 * @size: the size of @buf
 * @nr: the number of the trimmed system call
 * @pc: the user program counter that made it
 *
 * The name and number of the call when the kernel has the names, else
 * its number, @pc and the table that has the number.
 *
 * Return: what snprintf() returns.
 */
int syscall_trimmed_message(char *buf, size_t size, unsigned int nr,
			    unsigned long pc)
{
	const char *name = syscall_trimmed_name(nr);

	if (name)
		return snprintf(buf, size,
				"system call %s (%u) trimmed by CONFIG_TRIM_UNUSED_SYSCALLS",
				name, nr);
	return snprintf(buf, size,
			"system call %u trimmed by CONFIG_TRIM_UNUSED_SYSCALLS (pc %#lx, number in "
			TRIMMED_TABLE ")", nr, pc);
}

/* The trimmed calls that have been warned about. */
static DECLARE_BITMAP(trimmed_warned, NR_syscalls);

SYSCALL_DEFINE0(trimmed_syscall)
{
	struct pt_regs *regs = task_pt_regs(current);
	int nr = syscall_get_nr(current, regs);
	char msg[160];

	if (!syscall_is_trimmed(nr)) {
		pr_warn_once("%s[%d]: system call %d is not trimmed but reached %s\n",
			     current->comm, task_pid_nr(current), nr, __func__);
	} else if (!test_and_set_bit(nr, trimmed_warned)) {
		syscall_trimmed_message(msg, sizeof(msg), nr,
					instruction_pointer(regs));
		pr_warn("%s[%d]: %s\n", current->comm, task_pid_nr(current), msg);
	}
	return sys_ni_syscall();
}
