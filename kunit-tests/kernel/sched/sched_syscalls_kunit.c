// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the scheduling policy system calls.
 *
 * The cases enter the real entry points of sched_setscheduler(),
 * sched_getscheduler(), sched_setparam(), sched_getparam(),
 * sched_setattr(), sched_getattr(), sched_get_priority_max(),
 * sched_get_priority_min(), sched_rr_get_interval() and sched_yield()
 * (see <kunit/syscall.h>) with their buffers in user memory, so they
 * check what user space sees: return values, error codes, the order in
 * which the arguments are checked and what is written back.
 *
 * The same suites are meant to pass whether or not the real-time class
 * (CONFIG_SCHED_RT: SCHED_FIFO, SCHED_RR) and the deadline class
 * (CONFIG_SCHED_DL: SCHED_DEADLINE) are built in. A policy whose class is
 * configured out is refused with -EINVAL, like an unknown policy, and
 * sched_get_priority_max()/_min() return -EINVAL for it; everything else
 * is as upstream. Every expectation that depends on this goes through
 * sst_has_rt() and sst_has_dl(), and only there.
 *
 * The policy of the thread running the cases is never changed. Each case
 * gets a kthread of its own that sleeps until the case ends, and changes
 * that one; pid 0 (the caller) is only passed to the calls that read.
 * The kthread is stopped, whatever its policy, when the case ends, even
 * if an assertion ended it early. Nothing sleeps or spins: every case
 * takes a few milliseconds at most.
 */

#include <kunit/resource.h>
#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/capability.h>
#include <linux/completion.h>
#include <linux/cred.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/limits.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/pid.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/sched/debug.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/time64.h>
#include <linux/uaccess.h>
#include <uapi/linux/sched/types.h>

/* Whether SCHED_FIFO and SCHED_RR exist (CONFIG_SCHED_RT). */
static bool sst_has_rt(void)
{
	return IS_ENABLED(CONFIG_SCHED_RT);
}

/* Whether SCHED_DEADLINE exists (CONFIG_SCHED_DL). */
static bool sst_has_dl(void)
{
	return IS_ENABLED(CONFIG_SCHED_DL);
}

/* A pid no task can have: above PID_MAX_LIMIT. */
#define SST_NO_SUCH_PID		(PID_MAX_LIMIT + 1)
/* A policy number no scheduling class has. */
#define SST_NO_SUCH_POLICY	42
/* The highest real-time priority user space can ask for. */
#define SST_RT_PRIO_MAX		99
/* The first sched_flags bit after SCHED_FLAG_ALL. */
#define SST_UNKNOWN_FLAG	(SCHED_FLAG_UTIL_CLAMP_MAX << 1)
/* SCHED_FLAG_SUGOV: known to the kernel, refused from user space. */
#define SST_SUGOV_FLAG		0x10000000
/* The size of struct sched_attr that sched_setattr() writes back. */
#define SST_ATTR_SIZE		sizeof(struct sched_attr)

/* The reservation of the SCHED_DEADLINE cases: 10ms every 100ms. */
#define SST_DL_RUNTIME		(10 * NSEC_PER_MSEC)
#define SST_DL_DEADLINE		(30 * NSEC_PER_MSEC)
#define SST_DL_PERIOD		(100 * NSEC_PER_MSEC)

/* Whether sched_setscheduler() and sched_setattr() accept @policy. */
static bool sst_policy_exists(int policy)
{
	switch (policy) {
	case SCHED_NORMAL:
	case SCHED_BATCH:
	case SCHED_IDLE:
		return true;
	case SCHED_FIFO:
	case SCHED_RR:
		return sst_has_rt();
	case SCHED_DEADLINE:
		return sst_has_dl();
	default:
		return false;
	}
}

static bool sst_rt_policy(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR;
}

/* User memory for one test case. */
struct sst_mem {
	void __user *rw;	/* one readable and writable page */
	void __user *ro;	/* one read-only page, all zeroes */
	void __user *hole;	/* an address no mapping covers */
};

struct sst_ctx {
	struct sst_mem mem;
	struct task_struct *task;	/* the task the case changes */
	pid_t pid;			/* and its pid */
};

/* The kinds of bad pointer the calls are tried with. */
enum sst_bad_ptr {
	SST_NULL,
	SST_HOLE,		/* unmapped */
	SST_STRADDLE,		/* starts mapped, ends in the hole */
	SST_RDONLY,		/* mapped, but not writable */
	SST_NR_BAD_PTRS,
};

static const char * const sst_bad_ptr_names[] = {
	[SST_NULL] = "NULL",
	[SST_HOLE] = "unmapped",
	[SST_STRADDLE] = "straddling",
	[SST_RDONLY] = "read-only",
};

/*
 * Without an MMU there is no user memory to map and no access faults:
 * copy_to_user() and copy_from_user() copy to and from any address. The
 * cases then use kernel memory as their buffer and leave out the bad
 * pointers, for which such a kernel has no defined result. A NULL pointer
 * that a call refuses before using it is tried everywhere.
 */
static unsigned int sst_nr_bad_ptrs(void)
{
	return IS_ENABLED(CONFIG_MMU) ? SST_NR_BAD_PTRS : 0;
}

static struct sst_ctx *sst_ctx(struct kunit *test)
{
	return test->priv;
}

static void __user *sst_rw(struct kunit *test)
{
	return sst_ctx(test)->mem.rw;
}

static pid_t sst_pid(struct kunit *test)
{
	return sst_ctx(test)->pid;
}

/* A bad user pointer for an object of @size bytes. */
static void __user *sst_bad(struct kunit *test, enum sst_bad_ptr kind,
			    size_t size)
{
	struct sst_mem *mem = &sst_ctx(test)->mem;

	switch (kind) {
	case SST_HOLE:
		return mem->hole;
	case SST_STRADDLE:
		return mem->hole - size / 2;
	case SST_RDONLY:
		return mem->ro;
	default:
		return NULL;
	}
}

/* The task each case changes: asleep until kthread_stop(). */
static int sst_sleeper(void *unused)
{
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

KUNIT_DEFINE_ACTION_WRAPPER(sst_stop_task, kthread_stop, struct task_struct *);

static int sst_init(struct kunit *test)
{
	struct task_struct *task;
	struct sst_ctx *ctx;
	unsigned long ro, rw;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;

	if (IS_ENABLED(CONFIG_MMU)) {
		/*
		 * Map the read-only page first: the hole left by unmapping
		 * the second half of the writable mapping must stay a hole.
		 */
		ro = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ,
				   MAP_ANONYMOUS | MAP_PRIVATE, 0);
		if (!ro || IS_ERR_VALUE(ro))
			kunit_skip(test, "cannot map user memory");
		rw = kunit_vm_mmap(test, NULL, 0, 2 * PAGE_SIZE,
				   PROT_READ | PROT_WRITE,
				   MAP_ANONYMOUS | MAP_PRIVATE, 0);
		if (!rw || IS_ERR_VALUE(rw))
			kunit_skip(test, "cannot map user memory");
		KUNIT_ASSERT_EQ(test, vm_munmap(rw + PAGE_SIZE, PAGE_SIZE), 0);

		ctx->mem.rw = (void __user *)rw;
		ctx->mem.ro = (void __user *)ro;
		ctx->mem.hole = (void __user *)(rw + PAGE_SIZE);
	} else {
		void *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, buf);
		ctx->mem.rw = (void __force __user *)buf;
	}

	/*
	 * Whatever policy a case leaves it with, the task is woken by
	 * kthread_stop() and exits at once. It is not set back to
	 * SCHED_NORMAL first: a SCHED_DEADLINE task gives its bandwidth
	 * back as it exits, but not when it leaves the policy asleep.
	 */
	task = kthread_run(sst_sleeper, NULL, "sched_kunit");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, task);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sst_stop_task,
							task), 0);
	ctx->task = task;
	ctx->pid = task_pid_vnr(task);
	return 0;
}

static void sst_put(struct kunit *test, void __user *dst, const void *src,
		    size_t size)
{
	KUNIT_ASSERT_EQ(test, copy_to_user(dst, src, size), 0);
}

static void sst_get(struct kunit *test, void *dst, const void __user *src,
		    size_t size)
{
	KUNIT_ASSERT_EQ(test, copy_from_user(dst, src, size), 0);
}

/* Fill @size bytes of user memory at @dst with @c. */
static void sst_fill(struct kunit *test, void __user *dst, int c, size_t size)
{
	void *buf = kunit_kmalloc(test, size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, c, size);
	sst_put(test, dst, buf, size);
	kunit_kfree(test, buf);
}

/* ---- the calls, with their buffers in user memory ---- */

static long sst_setscheduler(struct kunit *test, pid_t pid, int policy,
			     int prio)
{
	struct sched_param __user *uparam = sst_rw(test);
	struct sched_param param = { .sched_priority = prio };

	sst_put(test, uparam, &param, sizeof(param));
	return kunit_syscall(sched_setscheduler, pid, policy, uparam);
}

static long sst_setparam(struct kunit *test, pid_t pid, int prio)
{
	struct sched_param __user *uparam = sst_rw(test);
	struct sched_param param = { .sched_priority = prio };

	sst_put(test, uparam, &param, sizeof(param));
	return kunit_syscall(sched_setparam, pid, uparam);
}

/* sched_getparam(); *@prio is -1 if nothing was written. */
static long sst_getparam(struct kunit *test, pid_t pid, int *prio)
{
	struct sched_param __user *uparam = sst_rw(test);
	struct sched_param param = { .sched_priority = -1 };
	long ret;

	sst_put(test, uparam, &param, sizeof(param));
	ret = kunit_syscall(sched_getparam, pid, uparam);
	sst_get(test, &param, uparam, sizeof(param));
	*prio = param.sched_priority;
	return ret;
}

/* sched_setattr() of @attr, whose size field is passed as it is. */
static long sst_setattr(struct kunit *test, pid_t pid,
			const struct sched_attr *attr)
{
	struct sched_attr __user *uattr = sst_rw(test);

	sst_put(test, uattr, attr, sizeof(*attr));
	return kunit_syscall(sched_setattr, pid, uattr, 0);
}

/* sched_getattr() of the whole structure; 0xa5 bytes where none written. */
static long sst_getattr(struct kunit *test, pid_t pid, struct sched_attr *attr)
{
	struct sched_attr __user *uattr = sst_rw(test);
	long ret;

	sst_fill(test, uattr, 0xa5, sizeof(*attr));
	ret = kunit_syscall(sched_getattr, pid, uattr, sizeof(*attr), 0);
	sst_get(test, attr, uattr, sizeof(*attr));
	return ret;
}

/* sched_rr_get_interval() in nanoseconds; *@ts as written. */
static long sst_rr_interval(struct kunit *test, pid_t pid,
			    struct __kernel_timespec *ts)
{
	struct __kernel_timespec __user *uts = sst_rw(test);
	long ret;

	ts->tv_sec = -1;
	ts->tv_nsec = -1;
	sst_put(test, uts, ts, sizeof(*ts));
	ret = kunit_syscall(sched_rr_get_interval, pid, uts);
	sst_get(test, ts, uts, sizeof(*ts));
	return ret;
}

/*
 * Check what the three getters report for @pid: @policy, which may carry
 * SCHED_RESET_ON_FORK, and the real-time priority @prio.
 */
static void sst_expect(struct kunit *test, pid_t pid, int policy, int prio,
		       const char *what)
{
	bool reset = policy & SCHED_RESET_ON_FORK;
	struct sched_attr attr;
	int p;

	KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getscheduler, pid),
			    policy, "%s: getscheduler", what);
	policy &= ~SCHED_RESET_ON_FORK;

	KUNIT_EXPECT_EQ_MSG(test, sst_getparam(test, pid, &p), 0,
			    "%s: getparam", what);
	KUNIT_EXPECT_EQ_MSG(test, p, prio, "%s: getparam", what);

	KUNIT_EXPECT_EQ_MSG(test, sst_getattr(test, pid, &attr), 0,
			    "%s: getattr", what);
	KUNIT_EXPECT_EQ_MSG(test, attr.size, SST_ATTR_SIZE,
			    "%s: getattr", what);
	KUNIT_EXPECT_EQ_MSG(test, attr.sched_policy, policy,
			    "%s: getattr", what);
	KUNIT_EXPECT_EQ_MSG(test, attr.sched_priority, prio,
			    "%s: getattr", what);
	KUNIT_EXPECT_EQ_MSG(test,
			    !!(attr.sched_flags & SCHED_FLAG_RESET_ON_FORK),
			    reset, "%s: getattr", what);
}

/* The nice value sched_getattr() reports for @pid. */
static int sst_nice(struct kunit *test, pid_t pid)
{
	struct sched_attr attr;

	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	return attr.sched_nice;
}

/* ---- policies and priorities ---- */

struct sst_policy {
	const char *name;
	int policy;
	int prio;
};

static const struct sst_policy sst_policies[] = {
	{ "SCHED_NORMAL", SCHED_NORMAL, 0 },
	{ "SCHED_BATCH", SCHED_BATCH, 0 },
	{ "SCHED_IDLE", SCHED_IDLE, 0 },
	{ "SCHED_FIFO 1", SCHED_FIFO, 1 },
	{ "SCHED_FIFO 99", SCHED_FIFO, SST_RT_PRIO_MAX },
	{ "SCHED_RR 1", SCHED_RR, 1 },
	{ "SCHED_RR 99", SCHED_RR, SST_RT_PRIO_MAX },
	{ "SCHED_DEADLINE", SCHED_DEADLINE, 0 },
};

static void sst_policy_desc(const struct sst_policy *p, char *desc)
{
	strscpy(desc, p->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(sst_policy, sst_policies, sst_policy_desc);

static void sched_new_task(struct kunit *test)
{
	pid_t pid = sst_pid(test);
	struct __kernel_timespec ts;
	struct sched_attr attr;

	/* A new kthread is SCHED_NORMAL at nice 0, like its parent */
	sst_expect(test, pid, SCHED_NORMAL, 0, "new task");
	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.size, SST_ATTR_SIZE);
	KUNIT_EXPECT_EQ(test, attr.sched_policy, SCHED_NORMAL);
	KUNIT_EXPECT_EQ(test, attr.sched_flags, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_nice, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_priority, 0);
	/* For SCHED_NORMAL, sched_runtime reports the task's slice */
	KUNIT_EXPECT_GT(test, attr.sched_runtime, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_deadline, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_period, 0);

	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, pid, &ts), 0);
	KUNIT_EXPECT_GE(test, ts.tv_sec, 0);
	KUNIT_EXPECT_GE(test, ts.tv_nsec, 0);
	KUNIT_EXPECT_LT(test, ts.tv_nsec, NSEC_PER_SEC);
}

static void sched_current(struct kunit *test)
{
	pid_t self = task_pid_vnr(current);
	struct sched_attr attr, self_attr;
	struct __kernel_timespec ts;
	int prio, self_prio;

	/*
	 * Pid 0 is the caller: the thread running the case, which the suite
	 * never changes. Only the calls that read are tried with it.
	 */
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getscheduler, 0),
			SCHED_NORMAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getscheduler, self),
			SCHED_NORMAL);

	KUNIT_EXPECT_EQ(test, sst_getparam(test, 0, &prio), 0);
	KUNIT_EXPECT_EQ(test, sst_getparam(test, self, &self_prio), 0);
	KUNIT_EXPECT_EQ(test, prio, 0);
	KUNIT_EXPECT_EQ(test, self_prio, 0);

	KUNIT_EXPECT_EQ(test, sst_getattr(test, 0, &attr), 0);
	KUNIT_EXPECT_EQ(test, sst_getattr(test, self, &self_attr), 0);
	KUNIT_EXPECT_EQ(test, attr.size, SST_ATTR_SIZE);
	KUNIT_EXPECT_EQ(test, attr.sched_policy, SCHED_NORMAL);
	KUNIT_EXPECT_EQ(test, attr.sched_priority, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_nice, task_nice(current));
	KUNIT_EXPECT_EQ(test, self_attr.sched_nice, attr.sched_nice);
	KUNIT_EXPECT_EQ(test, self_attr.sched_flags, attr.sched_flags);

	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, 0, &ts), 0);
	KUNIT_EXPECT_GE(test, ts.tv_sec, 0);
	KUNIT_EXPECT_GE(test, ts.tv_nsec, 0);
	KUNIT_EXPECT_LT(test, ts.tv_nsec, NSEC_PER_SEC);
}

static void sched_setscheduler_matrix(struct kunit *test)
{
	const struct sst_policy *p = test->param_value;
	pid_t pid = sst_pid(test);
	/* struct sched_param has no room for the deadline parameters */
	bool ok = sst_policy_exists(p->policy) && p->policy != SCHED_DEADLINE;

	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, p->policy, p->prio),
			ok ? 0 : -EINVAL);
	if (!ok) {
		sst_expect(test, pid, SCHED_NORMAL, 0, "refused");
		return;
	}
	sst_expect(test, pid, p->policy, p->prio, "set");

	/* Setting it again changes nothing */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, p->policy, p->prio),
			0);
	sst_expect(test, pid, p->policy, p->prio, "set again");

	/* And back */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_NORMAL, 0), 0);
	sst_expect(test, pid, SCHED_NORMAL, 0, "back to SCHED_NORMAL");
}

static void sched_setattr_matrix(struct kunit *test)
{
	const struct sst_policy *p = test->param_value;
	bool dl = p->policy == SCHED_DEADLINE;
	bool ok = sst_policy_exists(p->policy);
	pid_t pid = sst_pid(test);
	struct sched_attr attr = {
		.size = SST_ATTR_SIZE,
		.sched_policy = p->policy,
		.sched_priority = p->prio,
		.sched_runtime = dl ? SST_DL_RUNTIME : 0,
		.sched_deadline = dl ? SST_DL_DEADLINE : 0,
		.sched_period = dl ? SST_DL_PERIOD : 0,
	};

	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), ok ? 0 : -EINVAL);
	if (!ok) {
		sst_expect(test, pid, SCHED_NORMAL, 0, "refused");
		return;
	}
	sst_expect(test, pid, p->policy, p->prio, "set");

	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.sched_flags, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_nice, 0);
	if (dl) {
		KUNIT_EXPECT_EQ(test, attr.sched_runtime, SST_DL_RUNTIME);
		KUNIT_EXPECT_EQ(test, attr.sched_deadline, SST_DL_DEADLINE);
		KUNIT_EXPECT_EQ(test, attr.sched_period, SST_DL_PERIOD);
		/*
		 * Not switched back: in 6.12 a task that leaves
		 * SCHED_DEADLINE while asleep does not give its bandwidth
		 * back (nine such switches of 10% exhaust a CPU). A
		 * SCHED_DEADLINE task that exits does.
		 */
		return;
	}
	if (sst_rt_policy(p->policy))	/* the slice is a CFS thing */
		KUNIT_EXPECT_EQ(test, attr.sched_runtime, 0);
	else
		KUNIT_EXPECT_GT(test, attr.sched_runtime, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_deadline, 0);
	KUNIT_EXPECT_EQ(test, attr.sched_period, 0);

	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SCHED_NORMAL;
	attr.sched_priority = 0;
	attr.sched_runtime = 0;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	sst_expect(test, pid, SCHED_NORMAL, 0, "back to SCHED_NORMAL");
}

static void sched_bad_priority(struct kunit *test)
{
	/* Refused whether or not the policy exists */
	static const struct sst_policy bad[] = {
		{ "SCHED_FIFO 0", SCHED_FIFO, 0 },
		{ "SCHED_FIFO 100", SCHED_FIFO, SST_RT_PRIO_MAX + 1 },
		{ "SCHED_FIFO -1", SCHED_FIFO, -1 },
		{ "SCHED_FIFO INT_MAX", SCHED_FIFO, INT_MAX },
		{ "SCHED_RR 0", SCHED_RR, 0 },
		{ "SCHED_RR 100", SCHED_RR, SST_RT_PRIO_MAX + 1 },
		{ "SCHED_NORMAL 1", SCHED_NORMAL, 1 },
		{ "SCHED_NORMAL -1", SCHED_NORMAL, -1 },
		{ "SCHED_NORMAL 99", SCHED_NORMAL, SST_RT_PRIO_MAX },
		{ "SCHED_BATCH 1", SCHED_BATCH, 1 },
		{ "SCHED_IDLE 1", SCHED_IDLE, 1 },
		{ "SCHED_DEADLINE 1", SCHED_DEADLINE, 1 },
	};
	pid_t pid = sst_pid(test);
	struct sched_attr attr;
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		KUNIT_EXPECT_EQ_MSG(test, sst_setscheduler(test, pid,
							   bad[i].policy,
							   bad[i].prio),
				    -EINVAL, "setscheduler %s", bad[i].name);

		memset(&attr, 0, sizeof(attr));
		attr.size = SST_ATTR_SIZE;
		attr.sched_policy = bad[i].policy;
		attr.sched_priority = bad[i].prio;
		if (bad[i].policy == SCHED_DEADLINE) {
			attr.sched_runtime = SST_DL_RUNTIME;
			attr.sched_deadline = SST_DL_DEADLINE;
			attr.sched_period = SST_DL_PERIOD;
		}
		KUNIT_EXPECT_EQ_MSG(test, sst_setattr(test, pid, &attr),
				    -EINVAL, "setattr %s", bad[i].name);
	}
	sst_expect(test, pid, SCHED_NORMAL, 0, "unchanged");
}

/* What sched_get_priority_max() (@max) or _min() returns for @policy. */
static long sst_prio_limit(int policy, bool max)
{
	/* Known to these two calls even without CONFIG_SCHED_CLASS_EXT */
	if (policy == SCHED_EXT)
		return 0;
	if (!sst_policy_exists(policy))
		return -EINVAL;
	if (sst_rt_policy(policy))
		return max ? SST_RT_PRIO_MAX : 1;
	return 0;
}

static void sched_priority_limits(struct kunit *test)
{
	static const struct {
		const char *name;
		int policy;
	} policies[] = {
		{ "SCHED_NORMAL", SCHED_NORMAL },
		{ "SCHED_FIFO", SCHED_FIFO },
		{ "SCHED_RR", SCHED_RR },
		{ "SCHED_BATCH", SCHED_BATCH },
		{ "policy 4", 4 },		/* never used */
		{ "SCHED_IDLE", SCHED_IDLE },
		{ "SCHED_DEADLINE", SCHED_DEADLINE },
		{ "SCHED_EXT", SCHED_EXT },
		{ "policy 42", SST_NO_SUCH_POLICY },
		{ "policy -1", -1 },
		{ "policy INT_MAX", INT_MAX },
		{ "policy INT_MIN", INT_MIN },
		/* The flag is not stripped by these two calls */
		{ "SCHED_NORMAL|SCHED_RESET_ON_FORK",
		  SCHED_NORMAL | SCHED_RESET_ON_FORK },
		{ "SCHED_FIFO|SCHED_RESET_ON_FORK",
		  SCHED_FIFO | SCHED_RESET_ON_FORK },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(policies); i++) {
		int policy = policies[i].policy;

		KUNIT_EXPECT_EQ_MSG(test,
				    kunit_syscall(sched_get_priority_max,
						  policy),
				    sst_prio_limit(policy, true),
				    "max %s", policies[i].name);
		KUNIT_EXPECT_EQ_MSG(test,
				    kunit_syscall(sched_get_priority_min,
						  policy),
				    sst_prio_limit(policy, false),
				    "min %s", policies[i].name);
	}
}

static void sched_setparam_prio(struct kunit *test)
{
	pid_t pid = sst_pid(test);

	/* A SCHED_NORMAL task has priority 0 and no other */
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 0), 0);
	sst_expect(test, pid, SCHED_NORMAL, 0, "SCHED_NORMAL");

	/* sched_setparam() keeps the policy */
	KUNIT_ASSERT_EQ(test, sst_setscheduler(test, pid, SCHED_BATCH, 0), 0);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 0), 0);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 1), -EINVAL);
	sst_expect(test, pid, SCHED_BATCH, 0, "SCHED_BATCH");

	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_FIFO, 10),
			sst_has_rt() ? 0 : -EINVAL);
	if (!sst_has_rt()) {
		sst_expect(test, pid, SCHED_BATCH, 0, "no SCHED_FIFO");
		KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 10), -EINVAL);
		return;
	}

	/* A real-time task can move within 1..99 */
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 20), 0);
	sst_expect(test, pid, SCHED_FIFO, 20, "SCHED_FIFO 20");
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, SST_RT_PRIO_MAX), 0);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 1), 0);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, SST_RT_PRIO_MAX + 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, -1), -EINVAL);
	sst_expect(test, pid, SCHED_FIFO, 1, "SCHED_FIFO 1");

	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_RR, 5), 0);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 6), 0);
	sst_expect(test, pid, SCHED_RR, 6, "SCHED_RR 6");

	/* Back to SCHED_NORMAL: the priority goes with the policy */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_NORMAL, 0), 0);
	sst_expect(test, pid, SCHED_NORMAL, 0, "SCHED_NORMAL again");
}

static void sched_reset_on_fork(struct kunit *test)
{
	pid_t pid = sst_pid(test);
	struct sched_attr attr = {
		.size = SST_ATTR_SIZE,
		.sched_policy = SCHED_NORMAL,
		.sched_flags = SCHED_FLAG_RESET_ON_FORK,
	};

	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_NORMAL |
					       SCHED_RESET_ON_FORK, 0), 0);
	sst_expect(test, pid, SCHED_NORMAL | SCHED_RESET_ON_FORK, 0, "set");

	/* sched_setparam() keeps the flag */
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 0), 0);
	sst_expect(test, pid, SCHED_NORMAL | SCHED_RESET_ON_FORK, 0,
		   "setparam");

	/* Refused with the flag as without */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_FIFO |
					       SCHED_RESET_ON_FORK, 1),
			sst_has_rt() ? 0 : -EINVAL);
	if (sst_has_rt())
		sst_expect(test, pid, SCHED_FIFO | SCHED_RESET_ON_FORK, 1,
			   "SCHED_FIFO");
	else
		sst_expect(test, pid, SCHED_NORMAL | SCHED_RESET_ON_FORK, 0,
			   "no SCHED_FIFO");
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SST_NO_SUCH_POLICY |
					       SCHED_RESET_ON_FORK, 0),
			-EINVAL);

	/* A policy without the flag clears it (the caller is privileged) */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_BATCH, 0), 0);
	sst_expect(test, pid, SCHED_BATCH, 0, "cleared");

	/* The sched_attr flag is the same thing */
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	sst_expect(test, pid, SCHED_NORMAL | SCHED_RESET_ON_FORK, 0,
		   "setattr");
	attr.sched_policy = SCHED_RR;
	attr.sched_priority = 1;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr),
			sst_has_rt() ? 0 : -EINVAL);
	if (sst_has_rt())
		sst_expect(test, pid, SCHED_RR | SCHED_RESET_ON_FORK, 1,
			   "setattr SCHED_RR");
	else
		sst_expect(test, pid, SCHED_NORMAL | SCHED_RESET_ON_FORK, 0,
			   "setattr no SCHED_RR");
}

static void sched_nice_and_slice(struct kunit *test)
{
	static const struct {
		int nice;
		int expect;
	} nices[] = {
		{ 5, 5 }, { -20, -20 }, { 19, 19 }, { 0, 0 },
		/* Out of range values are clamped, not refused */
		{ 100, 19 }, { -100, -20 }, { INT_MIN, -20 },
	};
	pid_t pid = sst_pid(test);
	struct sched_attr attr = {
		.size = SST_ATTR_SIZE,
		.sched_policy = SCHED_NORMAL,
	};
	u64 slice;
	int i;

	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	slice = attr.sched_runtime;

	for (i = 0; i < ARRAY_SIZE(nices); i++) {
		memset(&attr, 0, sizeof(attr));
		attr.size = SST_ATTR_SIZE;
		attr.sched_policy = i % 2 ? SCHED_BATCH : SCHED_NORMAL;
		attr.sched_nice = nices[i].nice;
		KUNIT_EXPECT_EQ_MSG(test, sst_setattr(test, pid, &attr), 0,
				    "nice %d", nices[i].nice);
		KUNIT_EXPECT_EQ_MSG(test, sst_nice(test, pid), nices[i].expect,
				    "nice %d", nices[i].nice);
		sst_expect(test, pid, attr.sched_policy, 0, "nice");
	}

	/* sched_setscheduler() keeps the nice value; SCHED_IDLE too */
	attr.sched_policy = SCHED_NORMAL;
	attr.sched_nice = 5;
	KUNIT_ASSERT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_BATCH, 0), 0);
	KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 5);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_IDLE, 0), 0);
	sst_expect(test, pid, SCHED_IDLE, 0, "SCHED_IDLE");
	KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 5);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_NORMAL, 0), 0);
	KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 5);

	/* A real-time task reports nice 0, but keeps its nice value */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_FIFO, 10),
			sst_has_rt() ? 0 : -EINVAL);
	if (sst_has_rt()) {
		KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 0);
		KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid,
						       SCHED_NORMAL, 0), 0);
	}
	KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 5);

	/* For SCHED_NORMAL, sched_runtime asks for a slice: 0.1ms..100ms */
	memset(&attr, 0, sizeof(attr));
	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SCHED_NORMAL;
	attr.sched_runtime = 5 * NSEC_PER_MSEC;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.sched_runtime, 5 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, attr.sched_nice, 0);

	attr.size = SST_ATTR_SIZE;
	attr.sched_runtime = 1;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.sched_runtime, NSEC_PER_MSEC / 10);

	attr.size = SST_ATTR_SIZE;
	attr.sched_runtime = NSEC_PER_SEC;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.sched_runtime, 100 * NSEC_PER_MSEC);

	/* 0 is the default slice again */
	attr.size = SST_ATTR_SIZE;
	attr.sched_runtime = 0;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.sched_runtime, slice);
}

static void sched_keep_flags(struct kunit *test)
{
	pid_t pid = sst_pid(test);
	struct sched_attr attr = {
		.size = SST_ATTR_SIZE,
		.sched_policy = SCHED_BATCH,
		.sched_nice = 2,
	};

	KUNIT_ASSERT_EQ(test, sst_setattr(test, pid, &attr), 0);

	/*
	 * SCHED_FLAG_KEEP_POLICY ignores sched_policy, whatever it says:
	 * a policy that does not exist is not looked at either.
	 */
	attr.sched_flags = SCHED_FLAG_KEEP_POLICY;
	attr.sched_policy = SCHED_NORMAL;
	attr.sched_nice = 3;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	sst_expect(test, pid, SCHED_BATCH, 0, "KEEP_POLICY");
	KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 3);

	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SCHED_DEADLINE;
	attr.sched_nice = 4;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SCHED_FIFO;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SST_NO_SUCH_POLICY;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	sst_expect(test, pid, SCHED_BATCH, 0, "KEEP_POLICY");
	KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 4);

	/* ... but a negative one is refused before the flag is seen */
	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = -1;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), -EINVAL);

	/* SCHED_FLAG_KEEP_ALL keeps the parameters too */
	attr.size = SST_ATTR_SIZE;
	attr.sched_flags = SCHED_FLAG_KEEP_ALL;
	attr.sched_policy = SCHED_NORMAL;
	attr.sched_nice = -10;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	sst_expect(test, pid, SCHED_BATCH, 0, "KEEP_ALL");
	KUNIT_EXPECT_EQ(test, sst_nice(test, pid), 4);
}

static void sched_deadline(struct kunit *test)
{
	static const struct {
		const char *name;
		u64 runtime, deadline, period;
	} bad[] = {
		{ "runtime > deadline", 40 * NSEC_PER_MSEC, SST_DL_DEADLINE,
		  SST_DL_PERIOD },
		{ "deadline > period", SST_DL_RUNTIME, 200 * NSEC_PER_MSEC,
		  SST_DL_PERIOD },
		{ "deadline 0", SST_DL_RUNTIME, 0, SST_DL_PERIOD },
		{ "runtime 0", 0, SST_DL_DEADLINE, SST_DL_PERIOD },
		/* The runtime must be at least 1 << DL_SCALE ns */
		{ "runtime 1000ns", 1000, SST_DL_DEADLINE, SST_DL_PERIOD },
		/* Default period limits: 100us .. 2^22us */
		{ "period 50us", 10 * NSEC_PER_USEC, 50 * NSEC_PER_USEC,
		  50 * NSEC_PER_USEC },
		{ "period 5s", SST_DL_RUNTIME, SST_DL_DEADLINE,
		  5ULL * NSEC_PER_SEC },
		{ "deadline sign bit", SST_DL_RUNTIME,
		  BIT_ULL(63) | SST_DL_DEADLINE, 0 },
		{ "period sign bit", SST_DL_RUNTIME, SST_DL_DEADLINE,
		  BIT_ULL(63) | SST_DL_PERIOD },
	};
	pid_t pid = sst_pid(test);
	struct __kernel_timespec ts;
	struct sched_attr attr;
	int i;

	/* Invalid parameters: refused whether or not the class exists */
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		memset(&attr, 0, sizeof(attr));
		attr.size = SST_ATTR_SIZE;
		attr.sched_policy = SCHED_DEADLINE;
		attr.sched_runtime = bad[i].runtime;
		attr.sched_deadline = bad[i].deadline;
		attr.sched_period = bad[i].period;
		KUNIT_EXPECT_EQ_MSG(test, sst_setattr(test, pid, &attr),
				    -EINVAL, "%s", bad[i].name);
	}
	sst_expect(test, pid, SCHED_NORMAL, 0, "bad parameters");

	/* Neither of the older calls can set the parameters */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_DEADLINE, 0),
			-EINVAL);

	/*
	 * A whole CPU is more than admission control grants, where there
	 * is one CPU (and sched_rt_runtime_us is not -1).
	 */
	if (num_online_cpus() == 1) {
		memset(&attr, 0, sizeof(attr));
		attr.size = SST_ATTR_SIZE;
		attr.sched_policy = SCHED_DEADLINE;
		attr.sched_runtime = SST_DL_PERIOD;
		attr.sched_deadline = SST_DL_PERIOD;
		attr.sched_period = SST_DL_PERIOD;
		KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr),
				sst_has_dl() ? -EBUSY : -EINVAL);
		sst_expect(test, pid, SCHED_NORMAL, 0, "too much bandwidth");
	}

	memset(&attr, 0, sizeof(attr));
	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SCHED_DEADLINE;
	attr.sched_runtime = SST_DL_RUNTIME;
	attr.sched_deadline = SST_DL_DEADLINE;
	attr.sched_period = SST_DL_PERIOD;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr),
			sst_has_dl() ? 0 : -EINVAL);
	if (!sst_has_dl()) {
		sst_expect(test, pid, SCHED_NORMAL, 0, "no SCHED_DEADLINE");
		return;
	}
	sst_expect(test, pid, SCHED_DEADLINE, 0, "SCHED_DEADLINE");

	/* No time slice to report */
	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, pid, &ts), 0);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, 0);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, 0);

	/* sched_setparam() cannot keep the parameters it has no room for */
	KUNIT_EXPECT_EQ(test, sst_setparam(test, pid, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_DEADLINE, 0),
			-EINVAL);

	/* New parameters; period 0 means the deadline */
	memset(&attr, 0, sizeof(attr));
	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SCHED_DEADLINE;
	attr.sched_flags = SCHED_FLAG_DL_OVERRUN;
	attr.sched_runtime = 2 * NSEC_PER_MSEC;
	attr.sched_deadline = 20 * NSEC_PER_MSEC;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.sched_policy, SCHED_DEADLINE);
	KUNIT_EXPECT_EQ(test, attr.sched_flags, SCHED_FLAG_DL_OVERRUN);
	KUNIT_EXPECT_EQ(test, attr.sched_runtime, 2 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, attr.sched_deadline, 20 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, attr.sched_period, 20 * NSEC_PER_MSEC);

	/* Invalid parameters leave the task as it was */
	attr.size = SST_ATTR_SIZE;
	attr.sched_runtime = 40 * NSEC_PER_MSEC;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), -EINVAL);
	KUNIT_ASSERT_EQ(test, sst_getattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, attr.sched_runtime, 2 * NSEC_PER_MSEC);
}

static void sched_rr_interval(struct kunit *test)
{
	static const int policies[] = { SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE };
	pid_t pid = sst_pid(test);
	struct __kernel_timespec ts;
	int i;

	/* CFS reports a computed slice, 0 on an idle runqueue */
	for (i = 0; i < ARRAY_SIZE(policies); i++) {
		KUNIT_ASSERT_EQ(test, sst_setscheduler(test, pid, policies[i],
						       0), 0);
		KUNIT_EXPECT_EQ_MSG(test, sst_rr_interval(test, pid, &ts), 0,
				    "policy %d", policies[i]);
		KUNIT_EXPECT_GE_MSG(test, ts.tv_sec, 0,
				    "policy %d", policies[i]);
		KUNIT_EXPECT_GE_MSG(test, ts.tv_nsec, 0,
				    "policy %d", policies[i]);
		KUNIT_EXPECT_LT_MSG(test, ts.tv_nsec, NSEC_PER_SEC,
				    "policy %d", policies[i]);
	}

	/* SCHED_RR has a time slice, SCHED_FIFO has none */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_RR, 1),
			sst_has_rt() ? 0 : -EINVAL);
	if (!sst_has_rt())
		return;
	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, pid, &ts), 0);
	KUNIT_EXPECT_GE(test, ts.tv_sec, 0);
	KUNIT_EXPECT_GE(test, ts.tv_nsec, 0);
	KUNIT_EXPECT_LT(test, ts.tv_nsec, NSEC_PER_SEC);
	KUNIT_EXPECT_GT(test, ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec, 0);

	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_FIFO, 1), 0);
	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, pid, &ts), 0);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, 0);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, 0);
}

static void sched_yield_returns(struct kunit *test)
{
	int i;

	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, kunit_syscall(sched_yield), 0);
}

/* Drop @cap from the effective set of the case until sst_restore_cap(). */
static const struct cred *sst_drop_cap(struct kunit *test, int cap)
{
	struct cred *cred = prepare_creds();

	KUNIT_ASSERT_NOT_NULL(test, cred);
	cap_lower(cred->cap_effective, cap);
	return override_creds(cred);
}

static void sst_restore_cap(const struct cred *old)
{
	const struct cred *cred = current_cred();

	revert_creds(old);
	put_cred(cred);
}

static void sched_permissions(struct kunit *test)
{
	struct task_struct *task = sst_ctx(test)->task;
	/* Without MULTIUSER every capability check passes */
	long eperm = IS_ENABLED(CONFIG_MULTIUSER) ? -EPERM : 0;
	pid_t pid = sst_pid(test);
	const struct cred *old;
	struct sched_attr attr = {
		.size = SST_ATTR_SIZE,
		.sched_policy = SCHED_NORMAL,
	};

	if (task_rlimit(task, RLIMIT_NICE) || task_rlimit(task, RLIMIT_RTPRIO))
		kunit_skip(test, "RLIMIT_NICE or RLIMIT_RTPRIO is not 0");

	/*
	 * Kernel threads have every capability. Without CAP_SYS_NICE and
	 * with RLIMIT_NICE and RLIMIT_RTPRIO at 0, a task may only lower
	 * its own importance. Policies and priorities are checked first: a
	 * policy that does not exist is -EINVAL, not -EPERM.
	 */
	old = sst_drop_cap(test, CAP_SYS_NICE);

	attr.sched_nice = 5;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	attr.size = SST_ATTR_SIZE;
	attr.sched_nice = 0;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), eperm);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_IDLE, 0), 0);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_NORMAL, 0),
			eperm);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SST_NO_SUCH_POLICY,
					       0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_FIFO,
					       SST_RT_PRIO_MAX + 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_FIFO, 1),
			sst_has_rt() ? eperm : -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_RR, 1),
			sst_has_rt() ? eperm : -EINVAL);

	memset(&attr, 0, sizeof(attr));
	attr.size = SST_ATTR_SIZE;
	attr.sched_policy = SCHED_DEADLINE;
	attr.sched_runtime = SST_DL_RUNTIME;
	attr.sched_deadline = SST_DL_DEADLINE;
	attr.sched_period = SST_DL_PERIOD;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr),
			sst_has_dl() ? eperm : -EINVAL);

	/* Reading needs nothing */
	KUNIT_EXPECT_GE(test, kunit_syscall(sched_getscheduler, pid), 0);

	sst_restore_cap(old);
}

/*
 * get_wchan(), which /proc/PID/wchan prints, skips the scheduler's own
 * functions (__sched, kept between __sched_text_start and
 * __sched_text_end, in a section per source line where the linker drops
 * unused sections): where it finds where the case's task waits, that is
 * in sst_sleeper(), not in schedule(). (On 32-bit ARM with the unwind
 * tables, UNWINDER_ARM, it returns 0 for this task.)
 */
static void sched_wchan(struct kunit *test)
{
	static const unsigned long sched_fns[] = {
		(unsigned long)schedule, (unsigned long)schedule_timeout,
		(unsigned long)io_schedule, (unsigned long)wait_for_completion,
		(unsigned long)down_read,
	};
	struct task_struct *task = sst_ctx(test)->task;
	unsigned long wchan;
	int i;

	for (i = 0; i < ARRAY_SIZE(sched_fns); i++)
		KUNIT_EXPECT_TRUE_MSG(test, in_sched_functions(sched_fns[i]),
				      "%ps is not among the __sched functions",
				      (void *)sched_fns[i]);

	for (i = 0; i < 1000; i++) {
		if (READ_ONCE(task->__state) == TASK_INTERRUPTIBLE &&
		    wait_task_inactive(task, TASK_INTERRUPTIBLE))
			break;
		usleep_range(1000, 2000);
	}
	KUNIT_ASSERT_LT_MSG(test, i, 1000, "the task did not go to sleep");
	wchan = get_wchan(task);
	if (IS_ENABLED(CONFIG_UNWINDER_ARM) && !wchan)
		return;
	KUNIT_EXPECT_NE(test, wchan, 0);
	KUNIT_EXPECT_TRUE(test, __kernel_text_address(wchan));
	KUNIT_EXPECT_FALSE_MSG(test, in_sched_functions(wchan),
			       "wchan %ps is a __sched function", (void *)wchan);
}

static struct kunit_case sched_syscalls_cases[] = {
	KUNIT_CASE(sched_new_task),
	KUNIT_CASE(sched_current),
	KUNIT_CASE_PARAM(sched_setscheduler_matrix, sst_policy_gen_params),
	KUNIT_CASE_PARAM(sched_setattr_matrix, sst_policy_gen_params),
	KUNIT_CASE(sched_bad_priority),
	KUNIT_CASE(sched_priority_limits),
	KUNIT_CASE(sched_setparam_prio),
	KUNIT_CASE(sched_reset_on_fork),
	KUNIT_CASE(sched_nice_and_slice),
	KUNIT_CASE(sched_keep_flags),
	KUNIT_CASE(sched_deadline),
	KUNIT_CASE(sched_rr_interval),
	KUNIT_CASE(sched_yield_returns),
	KUNIT_CASE(sched_permissions),
	KUNIT_CASE(sched_wchan),
	{}
};

static struct kunit_suite sched_syscalls_suite = {
	.name = "sched_syscalls",
	.init = sst_init,
	.test_cases = sched_syscalls_cases,
};

/* ---- argument checking, call by call ---- */

static void sched_setscheduler_args(struct kunit *test)
{
	struct sched_param __user *uparam = sst_rw(test);
	pid_t pid = sst_pid(test);
	int kind;

	/* A NULL buffer and a negative pid or policy come first */
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setscheduler, pid,
					    SCHED_NORMAL, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setscheduler,
					    SST_NO_SUCH_PID, SCHED_NORMAL,
					    NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, -1, SCHED_NORMAL, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, INT_MIN, SCHED_NORMAL, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, -1, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, SST_NO_SUCH_PID, -1, 0),
			-EINVAL);

	/* Then the pid, then the policy */
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, SST_NO_SUCH_PID,
					       SCHED_NORMAL, 0), -ESRCH);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, SST_NO_SUCH_PID,
					       SST_NO_SUCH_POLICY, 0), -ESRCH);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, SST_NO_SUCH_PID,
					       SCHED_FIFO, 1), -ESRCH);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, SST_NO_SUCH_PID,
					       SCHED_DEADLINE, 0), -ESRCH);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SST_NO_SUCH_POLICY,
					       0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, 4, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, INT_MAX, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setscheduler(test, pid, SCHED_RESET_ON_FORK |
					       SST_NO_SUCH_POLICY, 0), -EINVAL);
	sst_expect(test, pid, SCHED_NORMAL, 0, "unchanged");

	/*
	 * The parameter is read before the pid is looked up; reading from
	 * a read-only page is fine (it holds zeroes: priority 0).
	 */
	for (kind = 0; kind < sst_nr_bad_ptrs(); kind++) {
		uparam = sst_bad(test, kind, sizeof(*uparam));
		if (kind == SST_NULL)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_setscheduler,
							pid, SCHED_BATCH,
							uparam),
				    kind == SST_RDONLY ? 0 : -EFAULT,
				    "%s param", sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_setscheduler,
							SST_NO_SUCH_PID,
							SCHED_BATCH, uparam),
				    kind == SST_RDONLY ? -ESRCH : -EFAULT,
				    "%s param", sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_setscheduler,
							pid, SCHED_FIFO,
							uparam),
				    kind == SST_RDONLY ? -EINVAL : -EFAULT,
				    "%s param", sst_bad_ptr_names[kind]);
	}
}

static void sched_setparam_args(struct kunit *test)
{
	struct sched_param __user *uparam;
	pid_t pid = sst_pid(test);
	int kind;

	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setparam, pid, NULL),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setparam, SST_NO_SUCH_PID,
					    NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, -1, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, INT_MIN, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, SST_NO_SUCH_PID, 0), -ESRCH);
	KUNIT_EXPECT_EQ(test, sst_setparam(test, SST_NO_SUCH_PID, 1), -ESRCH);
	sst_expect(test, pid, SCHED_NORMAL, 0, "unchanged");

	/* As for sched_setscheduler(): read first, then the pid */
	for (kind = 0; kind < sst_nr_bad_ptrs(); kind++) {
		uparam = sst_bad(test, kind, sizeof(*uparam));
		if (kind == SST_NULL)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_setparam, pid,
							uparam),
				    kind == SST_RDONLY ? 0 : -EFAULT,
				    "%s param", sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_setparam,
							SST_NO_SUCH_PID,
							uparam),
				    kind == SST_RDONLY ? -ESRCH : -EFAULT,
				    "%s param", sst_bad_ptr_names[kind]);
	}
}

static void sched_getscheduler_args(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getscheduler, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getscheduler, INT_MIN),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getscheduler,
					    SST_NO_SUCH_PID), -ESRCH);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getscheduler, INT_MAX),
			-ESRCH);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getscheduler, sst_pid(test)),
			SCHED_NORMAL);
}

static void sched_getparam_args(struct kunit *test)
{
	struct sched_param __user *uparam;
	pid_t pid = sst_pid(test);
	int prio, kind;

	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getparam, pid, NULL),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getparam, SST_NO_SUCH_PID,
					    NULL), -EINVAL);

	/* Nothing is written on failure */
	KUNIT_EXPECT_EQ(test, sst_getparam(test, -1, &prio), -EINVAL);
	KUNIT_EXPECT_EQ(test, prio, -1);
	KUNIT_EXPECT_EQ(test, sst_getparam(test, INT_MIN, &prio), -EINVAL);
	KUNIT_EXPECT_EQ(test, prio, -1);
	KUNIT_EXPECT_EQ(test, sst_getparam(test, SST_NO_SUCH_PID, &prio),
			-ESRCH);
	KUNIT_EXPECT_EQ(test, prio, -1);

	/* The task is looked up before the buffer is written */
	for (kind = 0; kind < sst_nr_bad_ptrs(); kind++) {
		uparam = sst_bad(test, kind, sizeof(*uparam));
		if (kind == SST_NULL)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getparam, pid,
							uparam),
				    -EFAULT, "%s param",
				    sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getparam,
							SST_NO_SUCH_PID,
							uparam),
				    -ESRCH, "%s param",
				    sst_bad_ptr_names[kind]);
	}
}

static void sched_setattr_args(struct kunit *test)
{
	static const struct {
		const char *name;
		u32 policy;
		u64 flags;
	} bad[] = {
		{ "policy 4", 4, 0 },
		{ "policy 42", SST_NO_SUCH_POLICY, 0 },
		{ "policy INT_MAX", INT_MAX, 0 },
		{ "policy -1", -1, 0 },
		{ "policy INT_MIN", INT_MIN, 0 },
		{ "unknown flag", SCHED_NORMAL, SST_UNKNOWN_FLAG },
		{ "flag bit 63", SCHED_NORMAL, BIT_ULL(63) },
		{ "SCHED_FLAG_SUGOV", SCHED_NORMAL, SST_SUGOV_FLAG },
	};
	struct sched_attr __user *uattr = sst_rw(test);
	struct sched_attr attr = {
		.size = SST_ATTR_SIZE,
		.sched_policy = SCHED_BATCH,
	};
	pid_t pid = sst_pid(test);
	u32 size = SST_ATTR_SIZE;
	int i, kind;

	/* A NULL buffer, a negative pid and flags come first */
	sst_put(test, uattr, &attr, sizeof(attr));
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, pid, NULL, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, SST_NO_SUCH_PID,
					    NULL, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, -1, uattr, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, INT_MIN, uattr, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, pid, uattr, 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, pid, uattr,
					    UINT_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, SST_NO_SUCH_PID,
					    uattr, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_setattr, SST_NO_SUCH_PID,
					    uattr, 0), -ESRCH);

	/*
	 * Then the structure is read and a negative policy refused, then
	 * the pid is looked up, then the rest is checked.
	 */
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		memset(&attr, 0, sizeof(attr));
		attr.size = SST_ATTR_SIZE;
		attr.sched_policy = bad[i].policy;
		attr.sched_flags = bad[i].flags;
		KUNIT_EXPECT_EQ_MSG(test, sst_setattr(test, pid, &attr),
				    -EINVAL, "%s", bad[i].name);
		KUNIT_EXPECT_EQ_MSG(test, sst_setattr(test, SST_NO_SUCH_PID,
						      &attr),
				    (s32)bad[i].policy < 0 ? -EINVAL : -ESRCH,
				    "%s, no such pid", bad[i].name);
	}

	/* Utilization clamps need the VER1 structure, and UCLAMP_TASK */
	memset(&attr, 0, sizeof(attr));
	attr.size = SCHED_ATTR_SIZE_VER0;
	attr.sched_policy = SCHED_NORMAL;
	attr.sched_flags = SCHED_FLAG_UTIL_CLAMP;
	attr.sched_util_max = SCHED_CAPACITY_SCALE;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), -EINVAL);
	KUNIT_EXPECT_EQ(test, sst_setattr(test, SST_NO_SUCH_PID, &attr),
			-EINVAL);
	attr.size = SCHED_ATTR_SIZE_VER1;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr),
			IS_ENABLED(CONFIG_UCLAMP_TASK) ? 0 : -EOPNOTSUPP);
	sst_expect(test, pid, SCHED_NORMAL, 0, "unchanged");

	/*
	 * The size is read first, then the rest. A read-only page is fine:
	 * its zeroes are a VER0 structure asking for SCHED_NORMAL, nice 0.
	 */
	for (kind = 0; kind < sst_nr_bad_ptrs(); kind++) {
		uattr = sst_bad(test, kind, sizeof(attr));
		if (kind == SST_NULL)
			continue;
		if (kind == SST_STRADDLE)	/* the size is readable */
			sst_put(test, uattr, &size, sizeof(size));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_setattr, pid,
							uattr, 0),
				    kind == SST_RDONLY ? 0 : -EFAULT,
				    "%s attr", sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_setattr,
							SST_NO_SUCH_PID,
							uattr, 0),
				    kind == SST_RDONLY ? -ESRCH : -EFAULT,
				    "%s attr", sst_bad_ptr_names[kind]);
	}
}

/* The size field of the struct sched_attr at the start of the buffer. */
static u32 sst_attr_size(struct kunit *test)
{
	u32 size;

	sst_get(test, &size, sst_rw(test), sizeof(size));
	return size;
}

static void sched_setattr_size(struct kunit *test)
{
	static const u32 too_big[] = {
		1, 8, SCHED_ATTR_SIZE_VER0 - 1, PAGE_SIZE + 1, UINT_MAX,
	};
	u8 __user *tail = sst_rw(test) + SST_ATTR_SIZE;
	pid_t pid = sst_pid(test);
	struct sched_attr attr;
	u8 one = 1;
	int i;

	/*
	 * A size the kernel cannot take is -E2BIG, and the size it wants
	 * is written back, before the pid is looked up.
	 */
	for (i = 0; i < ARRAY_SIZE(too_big); i++) {
		memset(&attr, 0, sizeof(attr));
		attr.size = too_big[i];
		attr.sched_policy = SCHED_BATCH;
		KUNIT_EXPECT_EQ_MSG(test, sst_setattr(test, pid, &attr),
				    -E2BIG, "size %u", too_big[i]);
		KUNIT_EXPECT_EQ_MSG(test, sst_attr_size(test), SST_ATTR_SIZE,
				    "size %u", too_big[i]);
		KUNIT_EXPECT_EQ_MSG(test, sst_setattr(test, SST_NO_SUCH_PID,
						      &attr),
				    -E2BIG, "size %u, no such pid",
				    too_big[i]);
		KUNIT_EXPECT_EQ_MSG(test, sst_attr_size(test), SST_ATTR_SIZE,
				    "size %u, no such pid", too_big[i]);
	}
	sst_expect(test, pid, SCHED_NORMAL, 0, "unchanged");

	/* A larger structure is fine if the kernel's ignores only zeroes */
	sst_fill(test, sst_rw(test), 0, PAGE_SIZE);
	memset(&attr, 0, sizeof(attr));
	attr.size = SST_ATTR_SIZE + 8;
	attr.sched_policy = SCHED_BATCH;
	sst_put(test, tail + 3, &one, sizeof(one));
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), -E2BIG);
	KUNIT_EXPECT_EQ(test, sst_attr_size(test), SST_ATTR_SIZE);
	sst_expect(test, pid, SCHED_NORMAL, 0, "non-zero tail");

	sst_fill(test, sst_rw(test), 0, PAGE_SIZE);
	attr.size = SST_ATTR_SIZE + 8;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, sst_attr_size(test), SST_ATTR_SIZE + 8);
	sst_expect(test, pid, SCHED_BATCH, 0, "zero tail");

	attr.size = PAGE_SIZE;
	attr.sched_policy = SCHED_NORMAL;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	sst_expect(test, pid, SCHED_NORMAL, 0, "PAGE_SIZE");

	/* Size 0 is the first published size; what follows is not read */
	memset(&attr, 0, sizeof(attr));
	attr.size = 0;
	attr.sched_policy = SCHED_IDLE;
	attr.sched_util_min = 1;
	attr.sched_util_max = 1;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	KUNIT_EXPECT_EQ(test, sst_attr_size(test), 0);
	sst_expect(test, pid, SCHED_IDLE, 0, "size 0");

	attr.size = SCHED_ATTR_SIZE_VER0;
	attr.sched_policy = SCHED_BATCH;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), 0);
	sst_expect(test, pid, SCHED_BATCH, 0, "VER0");

	attr.size = 0;
	attr.sched_flags = SCHED_FLAG_UTIL_CLAMP_MIN;
	KUNIT_EXPECT_EQ(test, sst_setattr(test, pid, &attr), -EINVAL);
}

/* Whether the bytes of the buffer from @offset on are still 0xa5. */
static bool sst_untouched(struct kunit *test, size_t offset, size_t size)
{
	u8 *buf = kunit_kmalloc(test, size, GFP_KERNEL);
	bool ret;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	sst_get(test, buf, sst_rw(test) + offset, size);
	ret = !memchr_inv(buf, 0xa5, size);
	kunit_kfree(test, buf);
	return ret;
}

static void sched_getattr_args(struct kunit *test)
{
	static const unsigned int bad_sizes[] = {
		0, 1, SCHED_ATTR_SIZE_VER0 - 1, PAGE_SIZE + 1, UINT_MAX,
	};
	static const unsigned int sizes[] = {
		SCHED_ATTR_SIZE_VER0, SCHED_ATTR_SIZE_VER1, SST_ATTR_SIZE + 8,
		PAGE_SIZE,
	};
	struct sched_attr __user *uattr = sst_rw(test);
	pid_t pid = sst_pid(test);
	int i, kind;

	sst_fill(test, uattr, 0xa5, PAGE_SIZE);

	/* Nothing is written on failure */
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getattr, pid, NULL,
					    SST_ATTR_SIZE, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getattr, -1, uattr,
					    SST_ATTR_SIZE, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getattr, INT_MIN, uattr,
					    SST_ATTR_SIZE, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getattr, pid, uattr,
					    SST_ATTR_SIZE, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getattr, pid, uattr,
					    SST_ATTR_SIZE, UINT_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getattr, SST_NO_SUCH_PID,
					    uattr, SST_ATTR_SIZE, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_getattr, SST_NO_SUCH_PID,
					    uattr, SST_ATTR_SIZE, 0), -ESRCH);
	for (i = 0; i < ARRAY_SIZE(bad_sizes); i++) {
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getattr, pid,
							uattr, bad_sizes[i],
							0),
				    -EINVAL, "size %u", bad_sizes[i]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getattr,
							SST_NO_SUCH_PID,
							uattr, bad_sizes[i],
							0),
				    -EINVAL, "size %u, no such pid",
				    bad_sizes[i]);
	}
	KUNIT_EXPECT_TRUE(test, sst_untouched(test, 0, PAGE_SIZE));

	/*
	 * Any size from VER0 to a page: the kernel writes what it has, up
	 * to that size, and says in the size field how much it wrote.
	 */
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		u32 written = min_t(u32, sizes[i], SST_ATTR_SIZE);

		sst_fill(test, uattr, 0xa5, PAGE_SIZE);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getattr, pid,
							uattr, sizes[i], 0),
				    0, "size %u", sizes[i]);
		KUNIT_EXPECT_EQ_MSG(test, sst_attr_size(test), written,
				    "size %u", sizes[i]);
		KUNIT_EXPECT_TRUE_MSG(test,
				      sst_untouched(test, written,
						    PAGE_SIZE - written),
				      "size %u", sizes[i]);
	}

	/* The task is looked up before the buffer is written */
	for (kind = 0; kind < sst_nr_bad_ptrs(); kind++) {
		uattr = sst_bad(test, kind, SST_ATTR_SIZE);
		if (kind == SST_NULL)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getattr, pid,
							uattr, SST_ATTR_SIZE,
							0),
				    -EFAULT, "%s attr",
				    sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_getattr,
							SST_NO_SUCH_PID, uattr,
							SST_ATTR_SIZE, 0),
				    -ESRCH, "%s attr",
				    sst_bad_ptr_names[kind]);
	}
}

static void sched_rr_get_interval_args(struct kunit *test)
{
	struct __kernel_timespec __user *uts;
	pid_t pid = sst_pid(test);
	struct __kernel_timespec ts;
	int kind;

	/* Nothing is written on failure */
	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, -1, &ts), -EINVAL);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, -1);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, -1);
	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, INT_MIN, &ts), -EINVAL);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, -1);
	KUNIT_EXPECT_EQ(test, sst_rr_interval(test, SST_NO_SUCH_PID, &ts),
			-ESRCH);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, -1);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, -1);

	/* A NULL buffer is only found out when the interval is written */
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_rr_get_interval, -1, NULL),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sched_rr_get_interval,
					    SST_NO_SUCH_PID, NULL), -ESRCH);
	for (kind = 0; kind < sst_nr_bad_ptrs(); kind++) {
		uts = sst_bad(test, kind, sizeof(ts));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_rr_get_interval,
							pid, uts),
				    -EFAULT, "%s interval",
				    sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_rr_get_interval,
							0, uts),
				    -EFAULT, "%s interval, pid 0",
				    sst_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(sched_rr_get_interval,
							SST_NO_SUCH_PID, uts),
				    -ESRCH, "%s interval",
				    sst_bad_ptr_names[kind]);
	}
}

static struct kunit_case sched_syscalls_args_cases[] = {
	KUNIT_CASE(sched_setscheduler_args),
	KUNIT_CASE(sched_setparam_args),
	KUNIT_CASE(sched_getscheduler_args),
	KUNIT_CASE(sched_getparam_args),
	KUNIT_CASE(sched_setattr_args),
	KUNIT_CASE(sched_setattr_size),
	KUNIT_CASE(sched_getattr_args),
	KUNIT_CASE(sched_rr_get_interval_args),
	{}
};

static struct kunit_suite sched_syscalls_args_suite = {
	.name = "sched_syscalls_args",
	.init = sst_init,
	.test_cases = sched_syscalls_args_cases,
};

kunit_test_suites(&sched_syscalls_suite, &sched_syscalls_args_suite);

MODULE_DESCRIPTION("KUnit tests for the scheduling policy system calls");
MODULE_LICENSE("GPL");
