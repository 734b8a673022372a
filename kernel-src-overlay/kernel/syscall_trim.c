// SPDX-License-Identifier: GPL-2.0
/*
 * The one entry of every system call that CONFIG_TRIM_UNUSED_SYSCALLS
 * trimmed from the system call table.
 *
 * scripts/syscalltbl.sh writes the table entry of each system call that
 * CONFIG_USED_SYSCALLS does not keep as __SYSCALL_TRIMMED(nr, name), which
 * the table turns into an entry to sys_trimmed_syscall(). Nothing refers to
 * the implementations of those calls any more, so a kernel linked with
 * LD_DEAD_CODE_DATA_ELIMINATION leaves them out. The same generated table
 * gives the names of the trimmed calls for the warning.
 */

#include <linux/bitmap.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/syscalls.h>
#include <asm/syscall.h>

#ifndef NR_syscalls
#define NR_syscalls __NR_syscalls
#endif

#ifdef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
/* <linux/syscalls.h> declares it only without syscall wrappers. */
asmlinkage long sys_ni_syscall(void);
#endif

/* The names of the trimmed calls, by number: the trimmed entries only. */
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
 * trimmed it from the table, otherwise NULL.
 */
const char *syscall_trimmed_name(unsigned int nr)
{
	return nr < NR_syscalls ? trimmed_names[nr] : NULL;
}

/* The trimmed calls that have been warned about. */
static DECLARE_BITMAP(trimmed_warned, NR_syscalls);

SYSCALL_DEFINE0(trimmed_syscall)
{
	int nr = syscall_get_nr(current, task_pt_regs(current));
	const char *name = syscall_trimmed_name(nr);

	if (!name)
		pr_warn_once("%s[%d]: system call %d is not trimmed but reached %s\n",
			     current->comm, task_pid_nr(current), nr, __func__);
	else if (!test_and_set_bit(nr, trimmed_warned))
		pr_warn("%s[%d]: system call %s (%d) trimmed by CONFIG_TRIM_UNUSED_SYSCALLS\n",
			current->comm, task_pid_nr(current), name, nr);
	return sys_ni_syscall();
}
