/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit helpers to call system call entry points from a test.
 *
 * A test that wants to check the user space ABI of a system call is best
 * served by entering the kernel the way user space does: through the
 * entry point of the system call, with its argument decoding, its
 * copy_{from,to}_user() of the user buffers and its sys_ni_syscall()
 * fallback when the call is configured out. kunit_syscall() does that
 * from the kthread a test case runs in. Buffers for the user pointers can
 * be obtained with kunit_vm_mmap().
 *
 * System call entry points are not exported, so a test using this header
 * must be built into the kernel (a bool Kconfig option, not a tristate).
 */

#ifndef _KUNIT_SYSCALL_H
#define _KUNIT_SYSCALL_H

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/mman.h>
#include <linux/syscalls.h>
#include <linux/unistd.h>

#ifndef CONFIG_ARCH_HAS_SYSCALL_WRAPPER

/*
 * Without syscall wrappers, sys_<name>() is the entry point itself and
 * <linux/syscalls.h> has its prototype, which type checks the arguments.
 */
#define __kunit_syscall(name, ...)	sys_##name(__VA_ARGS__)
#define __kunit_syscall_ni()		sys_ni_syscall()

#elif defined(CONFIG_X86_64)

#include <linux/args.h>
#include <linux/build_bug.h>
#include <asm/ptrace.h>
#include <asm/syscall.h>

/*
 * x86-64 entry points take a struct pt_regs holding the arguments in the
 * registers of the 64-bit system call ABI. Dispatch through x64_sys_call(),
 * like do_syscall_64() does, so the call reaches the same __x64_sys_<name>()
 * wrapper a user space "syscall" instruction would.
 */
static inline long __kunit_x64_syscall(unsigned int nr,
				       unsigned long di, unsigned long si,
				       unsigned long dx, unsigned long r10,
				       unsigned long r8, unsigned long r9)
{
	struct pt_regs regs = {
		.di = di, .si = si, .dx = dx, .r10 = r10, .r8 = r8, .r9 = r9,
		.orig_ax = nr,
	};

	return x64_sys_call(&regs, nr);
}

/* Take the first six of the arguments, padded with zeroes */
#define __kunit_x64_call(nr, a, b, c, d, e, f, ...)			\
	__kunit_x64_syscall(nr, (unsigned long)(a), (unsigned long)(b),	\
			    (unsigned long)(c), (unsigned long)(d),	\
			    (unsigned long)(e), (unsigned long)(f))

#define __kunit_syscall(name, ...)					\
	__kunit_x64_call(__NR_##name +					\
			 BUILD_BUG_ON_ZERO(COUNT_ARGS(__VA_ARGS__) > 6),	\
			 ##__VA_ARGS__, 0, 0, 0, 0, 0, 0)

static inline long __kunit_syscall_ni(void)
{
	struct pt_regs regs = { };

	return __x64_sys_ni_syscall(&regs);
}

#else
#error "kunit_syscall() does not support this architecture's syscall wrappers"
#endif

/**
 * kunit_syscall() - Call the entry point of a system call.
 * @name: name of the system call, as in SYSCALL_DEFINEx(), e.g. clock_gettime
 * @...: up to six arguments, as user space would pass them
 *
 * On architectures without syscall wrappers (e.g. UML, 32-bit ARM) this
 * calls sys_<name>() with the arguments type checked against its
 * prototype. On x86-64 the arguments are converted to unsigned long, put
 * into the argument registers of a struct pt_regs and the call is
 * dispatched by number through x64_sys_call(); __NR_<name> must exist.
 * Other architectures with syscall wrappers are not supported: a test
 * using this must depend on !ARCH_HAS_SYSCALL_WRAPPER || X86_64.
 *
 * Return: the value the system call returns to user space, e.g. a
 * negative errno, or -ENOSYS when the call is configured out.
 */
#define kunit_syscall(name, ...)	__kunit_syscall(name, ##__VA_ARGS__)

/**
 * kunit_syscall_ni() - Call the entry point of a missing system call.
 *
 * Return: what every system call that is not built in returns, i.e. the
 * value of sys_ni_syscall(). Lets a test check that a call is configured
 * out without spelling the error code itself.
 */
#define kunit_syscall_ni()		__kunit_syscall_ni()

/**
 * kunit_syscall_buf() - A buffer to pass as a system call's user pointer.
 * @test: the test case; the buffer lasts as long as the case
 * @size: its size in bytes
 *
 * Where there is an MMU, @size bytes of user memory mapped with
 * kunit_vm_mmap(); the case is skipped when none can be mapped. Without
 * an MMU there is no user memory, and copy_{to,from}_user() copy to and
 * from any address: zeroed kernel memory stands in.
 *
 * Return: the buffer, as user space would pass it.
 */
static inline void __user *kunit_syscall_buf(struct kunit *test, size_t size)
{
	unsigned long addr;
	void *buf;

	if (IS_ENABLED(CONFIG_MMU)) {
		addr = kunit_vm_mmap(test, NULL, 0, size, PROT_READ | PROT_WRITE,
				     MAP_ANONYMOUS | MAP_PRIVATE, 0);
		if (!addr || IS_ERR_VALUE(addr))
			kunit_skip(test, "cannot map user memory");
		return (void __user *)addr;
	}
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	return (void __force __user *)buf;
}

#endif /* _KUNIT_SYSCALL_H */
