// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for system call trimming (CONFIG_TRIM_UNUSED_SYSCALLS).
 *
 * The cases enter system calls by number through the system call table,
 * the way the architecture's entry code does (x64_sys_call() on x86-64,
 * sys_call_table[] on ARM and UML), with the number in the place where
 * syscall_get_nr() finds it. They check that
 *
 *  - every trimmed call returns -ENOSYS, whatever its arguments;
 *  - calls that are kept work and return what user space expects;
 *  - the table trims exactly what CONFIG_USED_SYSCALLS leaves out, when
 *    that is a list of names (a file list is only checked for the calls
 *    here);
 *  - restart_syscall and rt_sigreturn are never trimmed;
 *  - with CONFIG_TRIM_UNUSED_SYSCALLS_NAMES the name of every trimmed
 *    call, and of no other, is known, and the warning names the call;
 *    without it no name is known and the warning gives the number, the
 *    user pc and the table that has the number.
 *
 * On a kernel that does not trim, nothing is trimmed and every call of
 * the table below works: the same cases run on both.
 */

#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/limits.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>
#include <linux/unistd.h>
#include <linux/utsname.h>
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

/* The table the warning without names points to. */
#ifdef CONFIG_ARM
#define TRIM_TABLE "arch/arm/tools/syscall.tbl"
#else
#define TRIM_TABLE "arch/x86/entry/syscalls/syscall_64.tbl"
#endif

static bool trim_names(void)
{
	return IS_ENABLED(CONFIG_TRIM_UNUSED_SYSCALLS_NAMES);
}

/*
 * Enter system call @nr with three arguments, as the entry code would:
 * the stub of the trimmed calls reads the number with syscall_get_nr().
 */
static long trim_syscall(unsigned int nr, unsigned long a0, unsigned long a1,
			 unsigned long a2)
{
	long ret;
#if defined(CONFIG_UML)
	struct pt_regs *cur = task_pt_regs(current);
	long saved = PT_REGS_SYSCALL_NR(cur);

	PT_REGS_SYSCALL_NR(cur) = nr;
	ret = (*sys_call_table[nr])(a0, a1, a2, 0, 0, 0);
	PT_REGS_SYSCALL_NR(cur) = saved;
#elif defined(CONFIG_X86_64)
	struct pt_regs *cur = task_pt_regs(current);
	struct pt_regs regs = { .di = a0, .si = a1, .dx = a2, .orig_ax = nr };
	unsigned long saved = cur->orig_ax;

	cur->orig_ax = nr;
	ret = x64_sys_call(&regs, nr);
	cur->orig_ax = saved;
#elif defined(CONFIG_ARM)
	typedef long (*entry_t)(unsigned long, unsigned long, unsigned long,
				unsigned long, unsigned long, unsigned long);
	int saved = current_thread_info()->abi_syscall;

	current_thread_info()->abi_syscall = nr;
	ret = ((entry_t)sys_call_table[nr])(a0, a1, a2, 0, 0, 0);
	current_thread_info()->abi_syscall = saved;
#endif
	return ret;
}

/* CONFIG_USED_SYSCALLS, or "" on a kernel that does not trim */
#ifdef CONFIG_USED_SYSCALLS
#define TRIM_USED CONFIG_USED_SYSCALLS
#else
#define TRIM_USED ""
#endif

/* CONFIG_USED_SYSCALLS is a list of names only (no file in it). */
static bool trim_list_is_names(void)
{
	return !strpbrk(TRIM_USED, "/.");
}

/* Whether CONFIG_USED_SYSCALLS, a list of names, names @name. */
static bool trim_listed(const char *name)
{
	const char *p = TRIM_USED;
	size_t len = strlen(name);

	while (*p) {
		size_t n = strcspn(p, " ");

		if (n == len && !strncmp(p, name, len))
			return true;
		p += n;
		p += strspn(p, " ");
	}
	return false;
}

/* The calls the kept-call case makes, and what they must return. */
struct trim_call {
	const char *name;
	unsigned int nr;
	/* checks the result of a call that was not trimmed */
	void (*check)(struct kunit *test, unsigned int nr);
};

static void trim_check_getpid(struct kunit *test, unsigned int nr)
{
	KUNIT_EXPECT_EQ(test, trim_syscall(nr, 0, 0, 0),
			(long)task_tgid_vnr(current));
}

static void trim_check_gettid(struct kunit *test, unsigned int nr)
{
	KUNIT_EXPECT_EQ(test, trim_syscall(nr, 0, 0, 0),
			(long)task_pid_vnr(current));
}

static void trim_check_getppid(struct kunit *test, unsigned int nr)
{
	long ppid;

	rcu_read_lock();
	ppid = task_tgid_vnr(rcu_dereference(current->real_parent));
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, trim_syscall(nr, 0, 0, 0), ppid);
}

static void trim_check_getuid(struct kunit *test, unsigned int nr)
{
	KUNIT_EXPECT_EQ(test, trim_syscall(nr, 0, 0, 0),
			(long)from_kuid_munged(current_user_ns(), current_uid()));
}

static void trim_check_getgid(struct kunit *test, unsigned int nr)
{
	KUNIT_EXPECT_EQ(test, trim_syscall(nr, 0, 0, 0),
			(long)from_kgid_munged(current_user_ns(), current_gid()));
}

/*
 * setuid() to the uid the thread has changes nothing. Without
 * CONFIG_MULTIUSER it is sys_ni_syscall() already: a kept call that
 * another option configured out stays configured out.
 */
static void trim_check_setuid(struct kunit *test, unsigned int nr)
{
	uid_t uid = from_kuid_munged(current_user_ns(), current_uid());

	KUNIT_EXPECT_EQ(test, trim_syscall(nr, uid, 0, 0),
			IS_ENABLED(CONFIG_MULTIUSER) ? 0 : sys_ni_syscall());
	KUNIT_EXPECT_TRUE(test, uid_eq(current_uid(),
				       make_kuid(current_user_ns(), uid)));
}

static void trim_check_sched_yield(struct kunit *test, unsigned int nr)
{
	KUNIT_EXPECT_EQ(test, trim_syscall(nr, 0, 0, 0), 0);
}

static void trim_check_uname(struct kunit *test, unsigned int nr)
{
	struct new_utsname __user *ubuf = kunit_syscall_buf(test, PAGE_SIZE);
	struct new_utsname *kbuf = kunit_kzalloc(test, sizeof(*kbuf),
						  GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, kbuf);
	KUNIT_ASSERT_EQ(test, trim_syscall(nr, (unsigned long)ubuf, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, copy_from_user(kbuf, ubuf, sizeof(*kbuf)), 0);
	KUNIT_EXPECT_STREQ(test, kbuf->sysname, utsname()->sysname);
	KUNIT_EXPECT_STREQ(test, kbuf->release, utsname()->release);

	/* a bad pointer is -EFAULT, not an oops (no MMU: not checked) */
	if (IS_ENABLED(CONFIG_MMU))
		KUNIT_EXPECT_EQ(test, trim_syscall(nr, 0, 0, 0), -EFAULT);
}

static void trim_check_getcwd(struct kunit *test, unsigned int nr)
{
	char __user *ubuf = kunit_syscall_buf(test, PAGE_SIZE);
	long len = trim_syscall(nr, (unsigned long)ubuf, PAGE_SIZE, 0);

	/* at least "/" and its NUL, counted in the length */
	KUNIT_EXPECT_GE(test, len, 2);
	KUNIT_EXPECT_EQ(test, trim_syscall(nr, (unsigned long)ubuf, 1, 0),
			-ERANGE);
}

#define TRIM_CALL(n, fn) { .name = #n, .nr = __NR_##n, .check = fn }

static const struct trim_call trim_calls[] = {
	TRIM_CALL(getpid, trim_check_getpid),
	TRIM_CALL(gettid, trim_check_gettid),
	TRIM_CALL(getppid, trim_check_getppid),
#ifdef __NR_getuid32
	/* ARM: the 32-bit uid calls (getuid is the UID16 one) */
	TRIM_CALL(getuid32, trim_check_getuid),
	TRIM_CALL(geteuid32, trim_check_getuid),
	TRIM_CALL(getgid32, trim_check_getgid),
	TRIM_CALL(getegid32, trim_check_getgid),
	TRIM_CALL(setuid32, trim_check_setuid),
#else
	TRIM_CALL(getuid, trim_check_getuid),
	TRIM_CALL(geteuid, trim_check_getuid),
	TRIM_CALL(getgid, trim_check_getgid),
	TRIM_CALL(getegid, trim_check_getgid),
	TRIM_CALL(setuid, trim_check_setuid),
#endif
	TRIM_CALL(sched_yield, trim_check_sched_yield),
	TRIM_CALL(uname, trim_check_uname),
	TRIM_CALL(getcwd, trim_check_getcwd),
};

static void trim_call_desc(const struct trim_call *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(trim_call, trim_calls, trim_call_desc);

/*
 * A call is trimmed exactly when the table says so; a trimmed call
 * returns -ENOSYS, a kept one does its job. Its name is known exactly
 * when it is trimmed and the kernel keeps the names.
 */
static void trim_call_test(struct kunit *test)
{
	const struct trim_call *c = test->param_value;
	bool trimmed = syscall_is_trimmed(c->nr);
	const char *name = syscall_trimmed_name(c->nr);

	if (!IS_ENABLED(CONFIG_TRIM_UNUSED_SYSCALLS))
		KUNIT_EXPECT_FALSE(test, trimmed);
	else if (trim_list_is_names())
		KUNIT_EXPECT_EQ_MSG(test, !trimmed, trim_listed(c->name),
				    "CONFIG_USED_SYSCALLS=\"%s\"", TRIM_USED);

	if (trimmed && trim_names())
		KUNIT_EXPECT_STREQ(test, name, c->name);
	else
		KUNIT_EXPECT_NULL(test, name);

	if (trimmed) {
		KUNIT_EXPECT_EQ(test, trim_syscall(c->nr, 0, 0, 0),
				sys_ni_syscall());
		KUNIT_EXPECT_EQ(test, trim_syscall(c->nr, -1UL, -1UL, -1UL),
				sys_ni_syscall());
		return;
	}
	c->check(test, c->nr);
}

/*
 * Every trimmed call of the table returns -ENOSYS, whatever it is given;
 * the names, when the kernel has them, are those of the trimmed calls.
 */
static void trim_all_trimmed_test(struct kunit *test)
{
	unsigned int nr, count = 0;

	for (nr = 0; nr < NR_syscalls; nr++) {
		const char *name = syscall_trimmed_name(nr);

		if (!syscall_is_trimmed(nr)) {
			KUNIT_EXPECT_NULL_MSG(test, name, "system call %u", nr);
			continue;
		}
		count++;
		if (trim_names()) {
			KUNIT_ASSERT_NOT_NULL_MSG(test, name, "system call %u", nr);
			KUNIT_EXPECT_GT_MSG(test, strlen(name), 0, "system call %u", nr);
		} else {
			KUNIT_EXPECT_NULL_MSG(test, name, "system call %u", nr);
		}
		KUNIT_EXPECT_EQ_MSG(test, trim_syscall(nr, 0, 0, 0),
				    sys_ni_syscall(), "system call %u", nr);
	}
	kunit_info(test, "%u of %u system call numbers trimmed\n", count,
		   NR_syscalls);
	if (!IS_ENABLED(CONFIG_TRIM_UNUSED_SYSCALLS))
		KUNIT_EXPECT_EQ(test, count, 0);
}

/* What the kernel makes user space call is never trimmed. */
static void trim_always_kept_test(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, syscall_is_trimmed(__NR_restart_syscall));
	KUNIT_EXPECT_FALSE(test, syscall_is_trimmed(__NR_rt_sigreturn));
	KUNIT_EXPECT_NULL(test, syscall_trimmed_name(__NR_restart_syscall));
	KUNIT_EXPECT_NULL(test, syscall_trimmed_name(__NR_rt_sigreturn));
#ifdef __NR_sigreturn
	KUNIT_EXPECT_FALSE(test, syscall_is_trimmed(__NR_sigreturn));
	KUNIT_EXPECT_NULL(test, syscall_trimmed_name(__NR_sigreturn));
#endif
	/* not a system call number: not trimmed either */
	KUNIT_EXPECT_FALSE(test, syscall_is_trimmed(NR_syscalls));
	KUNIT_EXPECT_FALSE(test, syscall_is_trimmed(-1U));
	KUNIT_EXPECT_NULL(test, syscall_trimmed_name(NR_syscalls));
	KUNIT_EXPECT_NULL(test, syscall_trimmed_name(-1U));
}

/*
 * The warning about a trimmed call, as scripts/boot reads it: the name
 * and number, or without the names the number, the user pc and the
 * table that maps the number to the name.
 */
static void trim_message_test(struct kunit *test)
{
	const unsigned long pc = 0x1234abcdUL;
	char *got = kunit_kzalloc(test, 160, GFP_KERNEL);
	char *want = kunit_kzalloc(test, 160, GFP_KERNEL);
	const struct trim_call *c = NULL;
	unsigned int i;
	int len;

	if (!IS_ENABLED(CONFIG_TRIM_UNUSED_SYSCALLS))
		kunit_skip(test, "CONFIG_TRIM_UNUSED_SYSCALLS is not set");
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, want);
	for (i = 0; i < ARRAY_SIZE(trim_calls) && !c; i++)
		if (syscall_is_trimmed(trim_calls[i].nr))
			c = &trim_calls[i];
	if (!c)
		kunit_skip(test, "none of the calls of this suite is trimmed");

	if (trim_names())
		snprintf(want, 160,
			 "system call %s (%u) trimmed by CONFIG_TRIM_UNUSED_SYSCALLS",
			 c->name, c->nr);
	else
		snprintf(want, 160,
			 "system call %u trimmed by CONFIG_TRIM_UNUSED_SYSCALLS (pc %#lx, number in %s)",
			 c->nr, pc, TRIM_TABLE);
	len = syscall_trimmed_message(got, 160, c->nr, pc);
	KUNIT_EXPECT_STREQ(test, got, want);
	KUNIT_EXPECT_EQ(test, len, (int)strlen(want));
	/* the name is in the warning exactly when the kernel has the names */
	KUNIT_EXPECT_EQ(test, !!strstr(got, c->name), trim_names());

	/* a short buffer is cut, not overrun */
	memset(got, 'x', 160);
	syscall_trimmed_message(got, 8, c->nr, pc);
	KUNIT_EXPECT_EQ(test, strnlen(got, 8), 7);
	KUNIT_EXPECT_EQ(test, got[8], 'x');
}

static struct kunit_case syscall_trim_cases[] = {
	KUNIT_CASE_PARAM(trim_call_test, trim_call_gen_params),
	KUNIT_CASE(trim_all_trimmed_test),
	KUNIT_CASE(trim_always_kept_test),
	KUNIT_CASE(trim_message_test),
	{}
};

static struct kunit_suite syscall_trim_suite = {
	.name = "syscall_trim",
	.test_cases = syscall_trim_cases,
};

kunit_test_suite(syscall_trim_suite);

MODULE_DESCRIPTION("KUnit tests for system call trimming");
MODULE_LICENSE("GPL");
