// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for kernel stack traces.
 *
 * A chain of three callers, each a function of its own that cannot be
 * inlined or left by a tail call, records where it will return to
 * (__builtin_return_address(0)) and calls the next one; the last one
 * calls what the case wants to check: stack_trace_save() on the current
 * task, stack_trace_save_tsk() and get_wchan() on a kernel thread blocked
 * in the chain, or show_stack() read back from the kernel log. The
 * trace must hold the three return sites, innermost first. Entries in
 * between are allowed, so an unwinder that scans the stack for text
 * addresses passes as well as one that unwinds exactly; one that finds
 * nothing, or the wrong frames, fails.
 *
 * The printed trace goes to the log at KERN_DEBUG, between two marker
 * lines: below the default console level, and before init runs, so
 * nothing of it reaches a console or a boot's judged log.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kmsg_dump.h>
#include <linux/kthread.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/debug.h>
#include <linux/sched/task.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#define ST_DEPTH	3
#define ST_ENTRIES	64
#define ST_LINE		512
#define ST_ADDR		(KSYM_SYMBOL_LEN + 8)

struct st_chain {
	/* ret[0]: the return site in the innermost caller's caller */
	unsigned long ret[ST_DEPTH];
	int (*leaf)(struct st_chain *chain);
	struct kunit *test;
	unsigned long entries[ST_ENTRIES];
	unsigned int nr;
	/* the blocked-thread case */
	struct completion blocked;
	struct completion go;
};

static noinline int st_level3(struct st_chain *chain)
{
	int r;

	chain->ret[0] = (unsigned long)__builtin_return_address(0);
	r = chain->leaf(chain);
	barrier();
	return r + 1;
}

static noinline int st_level2(struct st_chain *chain)
{
	int r;

	chain->ret[1] = (unsigned long)__builtin_return_address(0);
	r = st_level3(chain);
	barrier();
	return r + 1;
}

static noinline int st_level1(struct st_chain *chain)
{
	int r;

	chain->ret[2] = (unsigned long)__builtin_return_address(0);
	r = st_level2(chain);
	barrier();
	return r + 1;
}

static noinline int st_run(struct st_chain *chain)
{
	int r = st_level1(chain);

	barrier();
	return r;
}

/*
 * A Thumb-2 return address has bit 0 set; an unwinder may report it
 * with or without.
 */
static bool st_same(unsigned long entry, unsigned long ret)
{
	if (IS_ENABLED(CONFIG_THUMB2_KERNEL))
		return (entry | 1) == (ret | 1);
	return entry == ret;
}

/* How many of chain->ret[] the entries hold, in order. */
static unsigned int st_found(struct st_chain *chain)
{
	unsigned int i, k = 0;

	for (i = 0; i < chain->nr && k < ST_DEPTH; i++)
		if (st_same(chain->entries[i], chain->ret[k]))
			k++;
	return k;
}

static void st_report(struct kunit *test, struct st_chain *chain)
{
	unsigned int i;

	for (i = 0; i < ST_DEPTH; i++)
		kunit_info(test, "return site %u: %pS (%lx)\n", i,
			   (void *)chain->ret[i], chain->ret[i]);
	for (i = 0; i < chain->nr; i++)
		kunit_info(test, "entry %u: %pS (%lx)\n", i,
			   (void *)chain->entries[i], chain->entries[i]);
}

static struct st_chain *st_chain_new(struct kunit *test,
				     int (*leaf)(struct st_chain *chain))
{
	struct st_chain *chain = kunit_kzalloc(test, sizeof(*chain), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, chain);
	chain->leaf = leaf;
	chain->test = test;
	init_completion(&chain->blocked);
	init_completion(&chain->go);
	return chain;
}

static int st_save_current(struct st_chain *chain)
{
	chain->nr = stack_trace_save(chain->entries, ST_ENTRIES, 0);
	return 0;
}

/* stack_trace_save() in a chain of callers holds their return sites. */
static void stacktrace_save_current_test(struct kunit *test)
{
	struct st_chain *chain = st_chain_new(test, st_save_current);

	KUNIT_EXPECT_EQ(test, st_run(chain), ST_DEPTH);
	KUNIT_EXPECT_GT(test, chain->nr, ST_DEPTH);
	KUNIT_EXPECT_LE(test, chain->nr, ST_ENTRIES);
	KUNIT_EXPECT_EQ(test, st_found(chain), ST_DEPTH);
	if (st_found(chain) != ST_DEPTH)
		st_report(test, chain);
}

static int st_block(struct st_chain *chain)
{
	complete(&chain->blocked);
	wait_for_completion(&chain->go);
	return 0;
}

static int st_thread(void *data)
{
	return st_run(data) == ST_DEPTH ? 0 : -EINVAL;
}

/*
 * The trace of another task, blocked in the chain, holds the return
 * sites too, and get_wchan() names kernel text where it waits.
 */
static void stacktrace_save_blocked_task_test(struct kunit *test)
{
	struct st_chain *chain = st_chain_new(test, st_block);
	struct task_struct *t;
	unsigned long wchan;
	int i;

	if (IS_ENABLED(CONFIG_ARM) && IS_ENABLED(CONFIG_SMP))
		kunit_skip(test, "ARM SMP kernels do not trace other tasks");

	t = kthread_run(st_thread, chain, "stacktrace_kunit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	wait_for_completion(&chain->blocked);
	for (i = 0; i < 1000; i++) {
		if (READ_ONCE(t->__state) == TASK_UNINTERRUPTIBLE &&
		    wait_task_inactive(t, TASK_UNINTERRUPTIBLE))
			break;
		usleep_range(1000, 2000);
	}

	chain->nr = stack_trace_save_tsk(t, chain->entries, ST_ENTRIES, 0);
	wchan = get_wchan(t);

	complete(&chain->go);
	KUNIT_EXPECT_EQ(test, kthread_stop(t), 0);
	put_task_struct(t);

	KUNIT_EXPECT_LT(test, i, 1000);
	KUNIT_EXPECT_GT(test, chain->nr, ST_DEPTH);
	KUNIT_EXPECT_EQ(test, st_found(chain), ST_DEPTH);
	if (st_found(chain) != ST_DEPTH)
		st_report(test, chain);
	KUNIT_EXPECT_NE(test, wchan, 0);
	KUNIT_EXPECT_TRUE(test, __kernel_text_address(wchan));
}

static unsigned int st_print_count;

/* A message at the level its format starts with (KERN_DEBUG here). */
static __printf(1, 2) void st_log(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vprintk(fmt, args);
	va_end(args);
}

static int st_print(struct st_chain *chain)
{
	st_log(KERN_DEBUG "stacktrace_kunit: trace %u follows\n",
	       st_print_count);
	show_stack(NULL, NULL, KERN_DEBUG);
	st_log(KERN_DEBUG "stacktrace_kunit: trace %u ends\n", st_print_count);
	return 0;
}

/* Does the printed line name the return site addr? */
static bool st_line_has(const char *line, unsigned long addr, char *buf)
{
	unsigned long alt = addr;
	int i;

	if (IS_ENABLED(CONFIG_THUMB2_KERNEL))
		alt = addr ^ 1;
	for (i = 0; i < 2; i++, addr = alt) {
		if (IS_ENABLED(CONFIG_KALLSYMS))
			snprintf(buf, ST_ADDR, "%pS", (void *)addr);
		else	/* %pS prints hex too, with 0x; ARM prints [<...>] */
			snprintf(buf, ST_ADDR, "%0*lx",
				 (int)(2 * sizeof(long)), addr);
		if (strstr(line, buf))
			return true;
	}
	return false;
}

/*
 * show_stack() prints the chain's return sites, innermost first (with
 * kallsyms as symbol+offset, without as hex).
 */
static void stacktrace_show_stack_test(struct kunit *test)
{
	struct st_chain *chain = st_chain_new(test, st_print);
	struct kmsg_dump_iter iter = { };
	char *line = kunit_kzalloc(test, ST_LINE, GFP_KERNEL);
	char *buf = kunit_kzalloc(test, ST_ADDR, GFP_KERNEL);
	char begin[48], end[48];
	unsigned int k = 0, lines = 0;
	bool inside = false, ended = false;
	size_t len;

	if (!IS_ENABLED(CONFIG_PRINTK))
		kunit_skip(test, "no kernel log without CONFIG_PRINTK");
	KUNIT_ASSERT_NOT_NULL(test, line);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	st_print_count++;
	snprintf(begin, sizeof(begin), "stacktrace_kunit: trace %u follows",
		 st_print_count);
	snprintf(end, sizeof(end), "stacktrace_kunit: trace %u ends",
		 st_print_count);
	st_run(chain);

	kmsg_dump_rewind(&iter);
	while (!ended &&
	       kmsg_dump_get_line(&iter, false, line, ST_LINE - 1, &len)) {
		line[len] = '\0';
		if (!inside) {
			inside = strstr(line, begin);
			continue;
		}
		if (strstr(line, end)) {
			ended = true;
			break;
		}
		lines++;
		while (k < ST_DEPTH && st_line_has(line, chain->ret[k], buf))
			k++;
	}
	KUNIT_ASSERT_TRUE_MSG(test, inside && ended,
			      "the trace's marker lines are not in the log");
	KUNIT_EXPECT_GT(test, lines, 0);
	KUNIT_EXPECT_EQ(test, k, ST_DEPTH);
	if (k != ST_DEPTH)
		kunit_info(test, "return site %u (%lx) not printed in order\n",
			   k, chain->ret[k]);
}

static int stacktrace_test_init(struct kunit *test)
{
	if (IS_ENABLED(CONFIG_UML) && !IS_ENABLED(CONFIG_FRAME_POINTER))
		kunit_skip(test, "UML traces only with CONFIG_FRAME_POINTER");
	return 0;
}

static struct kunit_case stacktrace_test_cases[] = {
	KUNIT_CASE(stacktrace_save_current_test),
	KUNIT_CASE(stacktrace_save_blocked_task_test),
	KUNIT_CASE(stacktrace_show_stack_test),
	{}
};

static struct kunit_suite stacktrace_test_suite = {
	.name = "stacktrace",
	.init = stacktrace_test_init,
	.test_cases = stacktrace_test_cases,
};

kunit_test_suite(stacktrace_test_suite);

MODULE_DESCRIPTION("KUnit tests for kernel stack traces");
MODULE_LICENSE("GPL");
