// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the POSIX clock and timer system calls.
 *
 * The cases enter the real system call entry points (see
 * <kunit/syscall.h>) with their buffers in user memory, so they check what
 * user space sees: return values, error codes and the order in which the
 * arguments are checked. The same suites are meant to pass with
 * CONFIG_POSIX_TIMERS=y and =n. Where the small implementation in
 * kernel/time/posix-stubs.c is documented to differ from the full one, the
 * expected result is adjusted under !IS_ENABLED(CONFIG_POSIX_TIMERS), and
 * only there.
 *
 * Nothing here may hang or outlive its case: timers use SIGEV_NONE and
 * are deleted, interval timers are disarmed, sleeps are a few milliseconds
 * at most and CLOCK_REALTIME is only ever set to its current value.
 */

#include <kunit/test.h>
#include <kunit/syscall.h>
#include <linux/alarmtimer.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/delay.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/mman.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/posix-timers.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/timex.h>
#include <linux/uaccess.h>

/* A pid no task can have: above PID_MAX_LIMIT. */
#define PTT_NO_SUCH_PID		(PID_MAX_LIMIT + 1)
/* A file descriptor far above the fs.nr_open limit: never open. */
#define PTT_NO_SUCH_FD		(INT_MAX >> 3)

/* User memory for one test case. */
struct ptt_mem {
	void __user *rw;	/* one readable and writable page */
	void __user *ro;	/* one read-only page */
	void __user *hole;	/* an address no mapping covers */
};

/* The kinds of bad pointer every (call, clock) pair is tried with. */
enum ptt_bad_ptr {
	PTT_NULL,
	PTT_HOLE,		/* unmapped */
	PTT_STRADDLE,		/* starts mapped, ends in the hole */
	PTT_RDONLY,		/* mapped, but not writable */
	PTT_NR_BAD_PTRS,
};

static const char * const ptt_bad_ptr_names[] = {
	[PTT_NULL] = "NULL",
	[PTT_HOLE] = "unmapped",
	[PTT_STRADDLE] = "straddling",
	[PTT_RDONLY] = "read-only",
};

/*
 * Without an MMU there is no user memory to map and no access faults:
 * copy_to_user() and copy_from_user() copy to and from any address. The
 * cases then use kernel memory as their buffer and leave out the bad
 * pointers, for which such a kernel has no defined result.
 */
static unsigned int ptt_nr_bad_ptrs(void)
{
	return IS_ENABLED(CONFIG_MMU) ? PTT_NR_BAD_PTRS : 0;
}

static int ptt_init(struct kunit *test)
{
	struct ptt_mem *mem;
	unsigned long ro, rw;

	mem = kunit_kzalloc(test, sizeof(*mem), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, mem);
	test->priv = mem;

	if (!IS_ENABLED(CONFIG_MMU)) {
		void *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, buf);
		mem->rw = (void __force __user *)buf;
		return 0;
	}

	/*
	 * Map the read-only page first: the hole left by unmapping the
	 * second half of the writable mapping must stay a hole.
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

	mem->rw = (void __user *)rw;
	mem->ro = (void __user *)ro;
	mem->hole = (void __user *)(rw + PAGE_SIZE);
	return 0;
}

static struct ptt_mem *ptt_mem(struct kunit *test)
{
	return test->priv;
}

/* A bad user pointer for an object of @size bytes. */
static void __user *ptt_bad(struct kunit *test, enum ptt_bad_ptr kind,
			    size_t size)
{
	struct ptt_mem *mem = ptt_mem(test);

	switch (kind) {
	case PTT_HOLE:
		return mem->hole;
	case PTT_STRADDLE:
		return mem->hole - size / 2;
	case PTT_RDONLY:
		return mem->ro;
	default:
		return NULL;
	}
}

/* Whether reading through a pointer of @kind faults; writing always does. */
static bool ptt_bad_for_read(enum ptt_bad_ptr kind)
{
	return kind != PTT_RDONLY;
}

static void ptt_put(struct kunit *test, void __user *dst, const void *src,
		    size_t size)
{
	KUNIT_ASSERT_EQ(test, copy_to_user(dst, src, size), 0);
}

static void ptt_get(struct kunit *test, void *dst, const void __user *src,
		    size_t size)
{
	KUNIT_ASSERT_EQ(test, copy_from_user(dst, src, size), 0);
}

static s64 ptt_ts_ns(const struct __kernel_timespec *ts)
{
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

/* Drop @cap from the effective set of the case until ptt_restore_cap(). */
static const struct cred *ptt_drop_cap(struct kunit *test, int cap)
{
	struct cred *cred = prepare_creds();

	KUNIT_ASSERT_NOT_NULL(test, cred);
	cap_lower(cred->cap_effective, cap);
	return override_creds(cred);
}

static void ptt_restore_cap(const struct cred *old)
{
	const struct cred *cred = current_cred();

	revert_creds(old);
	put_cred(cred);
}

/*
 * The clock ids tried by the matrices. CPU-time clock ids encode a pid,
 * which is only known when the case runs, so those are described by
 * their parts.
 */
enum ptt_kind {
	PTT_REALTIME,
	PTT_HRES,		/* CLOCK_MONOTONIC, CLOCK_BOOTTIME */
	PTT_RAW,		/* CLOCK_MONOTONIC_RAW */
	PTT_TAI,
	PTT_COARSE,		/* CLOCK_{REALTIME,MONOTONIC}_COARSE */
	PTT_PROCESS,		/* CLOCK_PROCESS_CPUTIME_ID */
	PTT_THREAD,		/* CLOCK_THREAD_CPUTIME_ID */
	PTT_ALARM,		/* CLOCK_{REALTIME,BOOTTIME}_ALARM */
	PTT_BAD,		/* no clock has this id */
	PTT_CPU,		/* encoded CPU-time clock */
	PTT_FD,			/* dynamic clock, bad file descriptor */
};

enum ptt_pid {
	PTT_PID_ZERO,		/* the caller, encoded as pid 0 */
	PTT_PID_SELF,		/* the caller's own tid or tgid */
	PTT_PID_INIT,		/* pid 1, another process */
	PTT_PID_NONE,		/* a pid no task has */
};

struct ptt_clock {
	const char *name;
	enum ptt_kind kind;
	clockid_t id;		/* unless PTT_CPU */
	bool thread;		/* PTT_CPU: per-thread clock */
	unsigned int which;	/* PTT_CPU: CPUCLOCK_{PROF,VIRT,SCHED} or 3 */
	enum ptt_pid pid;	/* PTT_CPU */
};

#define PTT_CLK(_id, _kind)	{ .name = #_id, .kind = _kind, .id = _id }
#define PTT_NUM(_id)		{ .name = "clock " #_id, .kind = PTT_BAD, .id = _id }
#define PTT_PROCCLK(_w, _p)						\
	{ .name = "process " #_w " " #_p, .kind = PTT_CPU,		\
	  .thread = false, .which = _w, .pid = _p }
#define PTT_THRCLK(_w, _p)						\
	{ .name = "thread " #_w " " #_p, .kind = PTT_CPU,		\
	  .thread = true, .which = _w, .pid = _p }

static const struct ptt_clock ptt_clocks[] = {
	PTT_CLK(CLOCK_REALTIME, PTT_REALTIME),
	PTT_CLK(CLOCK_MONOTONIC, PTT_HRES),
	PTT_CLK(CLOCK_PROCESS_CPUTIME_ID, PTT_PROCESS),
	PTT_CLK(CLOCK_THREAD_CPUTIME_ID, PTT_THREAD),
	PTT_CLK(CLOCK_MONOTONIC_RAW, PTT_RAW),
	PTT_CLK(CLOCK_REALTIME_COARSE, PTT_COARSE),
	PTT_CLK(CLOCK_MONOTONIC_COARSE, PTT_COARSE),
	PTT_CLK(CLOCK_BOOTTIME, PTT_HRES),
	PTT_CLK(CLOCK_REALTIME_ALARM, PTT_ALARM),
	PTT_CLK(CLOCK_BOOTTIME_ALARM, PTT_ALARM),
	PTT_CLK(CLOCK_SGI_CYCLE, PTT_BAD),	/* removed in 4.19 */
	PTT_CLK(CLOCK_TAI, PTT_TAI),
	PTT_NUM(12),
	PTT_NUM(15),
	PTT_CLK(MAX_CLOCKS, PTT_BAD),
	PTT_NUM(INT_MAX),
	PTT_PROCCLK(CPUCLOCK_PROF, PTT_PID_ZERO),
	PTT_PROCCLK(CPUCLOCK_VIRT, PTT_PID_ZERO),
	PTT_PROCCLK(CPUCLOCK_SCHED, PTT_PID_ZERO),
	PTT_PROCCLK(CPUCLOCK_PROF, PTT_PID_SELF),
	PTT_PROCCLK(CPUCLOCK_VIRT, PTT_PID_SELF),
	PTT_PROCCLK(CPUCLOCK_SCHED, PTT_PID_SELF),
	PTT_THRCLK(CPUCLOCK_PROF, PTT_PID_ZERO),
	PTT_THRCLK(CPUCLOCK_VIRT, PTT_PID_ZERO),
	PTT_THRCLK(CPUCLOCK_SCHED, PTT_PID_ZERO),
	PTT_THRCLK(CPUCLOCK_PROF, PTT_PID_SELF),
	PTT_THRCLK(CPUCLOCK_VIRT, PTT_PID_SELF),
	PTT_THRCLK(CPUCLOCK_SCHED, PTT_PID_SELF),
	PTT_PROCCLK(CPUCLOCK_SCHED, PTT_PID_INIT),
	PTT_THRCLK(CPUCLOCK_SCHED, PTT_PID_INIT),
	PTT_PROCCLK(CPUCLOCK_SCHED, PTT_PID_NONE),
	PTT_THRCLK(CPUCLOCK_SCHED, PTT_PID_NONE),
	/* CPUCLOCK_WHICH() == 3 is CLOCKFD, unless per-thread */
	PTT_THRCLK(3, PTT_PID_ZERO),
	{ .name = "CLOCKFD bad fd", .kind = PTT_FD },
};

static void ptt_clock_desc(const struct ptt_clock *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(ptt_clock, ptt_clocks, ptt_clock_desc);

static clockid_t ptt_clockid(const struct ptt_clock *c)
{
	unsigned int pid = 0;

	switch (c->kind) {
	case PTT_CPU:
		break;
	case PTT_FD:
		return make_process_cpuclock(PTT_NO_SUCH_FD, CLOCKFD);
	default:
		return c->id;
	}

	switch (c->pid) {
	case PTT_PID_SELF:
		pid = c->thread ? task_pid_vnr(current) : task_tgid_vnr(current);
		break;
	case PTT_PID_INIT:
		pid = 1;
		break;
	case PTT_PID_NONE:
		pid = PTT_NO_SUCH_PID;
		break;
	default:
		break;
	}
	return c->thread ? make_thread_cpuclock(pid, c->which) :
			   make_process_cpuclock(pid, c->which);
}

/* An encoded CPU-time clock of the calling thread or its process. */
static bool ptt_cpu_own(const struct ptt_clock *c)
{
	return c->kind == PTT_CPU && c->which < CPUCLOCK_MAX &&
	       (c->pid == PTT_PID_ZERO || c->pid == PTT_PID_SELF);
}

/* Whether the full implementation accepts an encoded CPU-time clock. */
static bool ptt_cpu_valid(const struct ptt_clock *c)
{
	if (ptt_cpu_own(c))
		return true;
	/* Other processes' clocks can be read; other threads' only in-group */
	return c->kind == PTT_CPU && c->which < CPUCLOCK_MAX &&
	       !c->thread && c->pid == PTT_PID_INIT;
}

static bool ptt_have_alarm(void)
{
	return IS_ENABLED(CONFIG_POSIX_TIMERS) && alarmtimer_get_rtcdev();
}

/* Whether clock_gettime() and clock_getres() accept the clock. */
static bool ptt_readable(const struct ptt_clock *c)
{
	switch (c->kind) {
	case PTT_ALARM:
		return ptt_have_alarm();
	case PTT_BAD:
	case PTT_FD:
		return false;
	case PTT_CPU:
		/* The stubs only serve the caller's own scheduler clocks */
		if (!IS_ENABLED(CONFIG_POSIX_TIMERS))
			return ptt_cpu_own(c) && c->which == CPUCLOCK_SCHED;
		return ptt_cpu_valid(c);
	default:
		return true;
	}
}

/* ---- clock_gettime() ---- */

static void clock_gettime_matrix(struct kunit *test)
{
	const struct ptt_clock *c = test->param_value;
	struct __kernel_timespec __user *uts = ptt_mem(test)->rw;
	long expect = ptt_readable(c) ? 0 : -EINVAL;
	clockid_t id = ptt_clockid(c);
	struct __kernel_timespec ts;
	int kind;

	ts.tv_sec = -1;
	ts.tv_nsec = -1;
	ptt_put(test, uts, &ts, sizeof(ts));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_gettime, id, uts), expect);
	ptt_get(test, &ts, uts, sizeof(ts));
	if (!expect) {
		KUNIT_EXPECT_GE(test, ts.tv_sec, 0);
		KUNIT_EXPECT_GE(test, ts.tv_nsec, 0);
		KUNIT_EXPECT_LT(test, ts.tv_nsec, NSEC_PER_SEC);
	} else {
		/* Nothing is written on failure */
		KUNIT_EXPECT_EQ(test, ts.tv_sec, -1);
		KUNIT_EXPECT_EQ(test, ts.tv_nsec, -1);
	}

	/* The clock id is checked before the buffer is written */
	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		uts = ptt_bad(test, kind, sizeof(ts));
		KUNIT_EXPECT_EQ_MSG(test,
				    kunit_syscall(clock_gettime, id, uts),
				    expect ?: -EFAULT,
				    "%s buffer", ptt_bad_ptr_names[kind]);
	}
}

/* ---- clock_getres() ---- */

static long ptt_res(const struct ptt_clock *c)
{
	switch (c->kind) {
	case PTT_COARSE:
		return LOW_RES_NSEC;
	case PTT_PROCESS:
	case PTT_THREAD:
		return 1;
	case PTT_CPU:
		return c->which == CPUCLOCK_SCHED ? 1 :
		       DIV_ROUND_UP(NSEC_PER_SEC, HZ);
	default:
		return hrtimer_resolution;
	}
}

static void clock_getres_matrix(struct kunit *test)
{
	const struct ptt_clock *c = test->param_value;
	struct __kernel_timespec __user *uts = ptt_mem(test)->rw;
	long expect = ptt_readable(c) ? 0 : -EINVAL;
	clockid_t id = ptt_clockid(c);
	struct __kernel_timespec ts;
	int kind;

	ts.tv_sec = -1;
	ts.tv_nsec = -1;
	ptt_put(test, uts, &ts, sizeof(ts));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_getres, id, uts), expect);
	ptt_get(test, &ts, uts, sizeof(ts));
	if (!expect) {
		KUNIT_EXPECT_EQ(test, ts.tv_sec, 0);
		KUNIT_EXPECT_EQ(test, ts.tv_nsec, ptt_res(c));
	} else {
		KUNIT_EXPECT_EQ(test, ts.tv_sec, -1);
		KUNIT_EXPECT_EQ(test, ts.tv_nsec, -1);
	}

	/* A NULL buffer is allowed; the clock id is checked first */
	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		long e = expect ?: (kind == PTT_NULL ? 0 : -EFAULT);

		uts = ptt_bad(test, kind, sizeof(ts));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(clock_getres, id, uts),
				    e, "%s buffer", ptt_bad_ptr_names[kind]);
	}
}

/* ---- clock_settime() ---- */

static s64 ptt_now(struct kunit *test, clockid_t id);

/*
 * What setting CLOCK_REALTIME to its current value returns. While the
 * clock reads less than CLOCK_MONOTONIC (no RTC, and nothing has set the
 * time yet) that is refused with -EINVAL, as it would put the boot before
 * the epoch. Close to that limit the result depends on timing: skip.
 */
static long ptt_settime_now(struct kunit *test)
{
	s64 real = ptt_now(test, CLOCK_REALTIME);
	s64 mono = ptt_now(test, CLOCK_MONOTONIC);

	if (real < mono)
		return -EINVAL;
	if (real - mono < NSEC_PER_SEC)
		kunit_skip(test, "CLOCK_REALTIME is too close to CLOCK_MONOTONIC");
	return 0;
}

static void clock_settime_matrix(struct kunit *test)
{
	const struct ptt_clock *c = test->param_value;
	struct __kernel_timespec __user *uts = ptt_mem(test)->rw;
	clockid_t id = ptt_clockid(c);
	struct __kernel_timespec ts;
	bool early = true;
	long expect;
	int kind;

	/*
	 * Only CLOCK_REALTIME can be set. Other clocks without a setter are
	 * refused before the new value is read. CPU-time and dynamic clocks
	 * read it first, then refuse with -EPERM (a CPU-time clock that
	 * exists) or -EINVAL.
	 */
	if (c->kind == PTT_REALTIME) {
		expect = ptt_settime_now(test);
		early = false;
	} else if (c->kind == PTT_CPU || c->kind == PTT_FD) {
		expect = ptt_cpu_valid(c) ? -EPERM : -EINVAL;
		early = false;
	} else {
		expect = -EINVAL;
	}
	if (!IS_ENABLED(CONFIG_POSIX_TIMERS) && c->kind != PTT_REALTIME) {
		/* The stubs refuse every other clock id at once */
		expect = -EINVAL;
		early = true;
	}

	/* Set CLOCK_REALTIME to its current value: nothing else notices */
	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		if (!ptt_bad_for_read(kind))
			continue;
		uts = ptt_bad(test, kind, sizeof(ts));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(clock_settime, id, uts),
				    early ? expect : -EFAULT,
				    "%s buffer", ptt_bad_ptr_names[kind]);
	}

	uts = ptt_mem(test)->rw;
	KUNIT_ASSERT_EQ(test, kunit_syscall(clock_gettime, CLOCK_REALTIME, uts),
			0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_settime, id, uts), expect);
}

/* ---- clock_nanosleep() ---- */

static void clock_nanosleep_matrix(struct kunit *test)
{
	const struct ptt_clock *c = test->param_value;
	struct __kernel_timespec __user *rqtp = ptt_mem(test)->rw;
	/*
	 * The epoch of each clock: in the past, or for CPU-time clocks the
	 * value that disarms the timer, so nothing sleeps.
	 */
	struct __kernel_timespec ts = { .tv_sec = 0, .tv_nsec = 0 };
	clockid_t id = ptt_clockid(c);
	bool early = false;
	long expect;
	int kind;

	/*
	 * Clocks without a sleep method refuse before reading the request;
	 * invalid clock ids too. CPU-time clocks read it first. Per-thread
	 * ones always fail: the caller's own by definition, others do not
	 * exist for it.
	 */
	switch (c->kind) {
	case PTT_REALTIME:
	case PTT_HRES:
	case PTT_TAI:
	case PTT_PROCESS:
		expect = 0;
		break;
	case PTT_ALARM:
		expect = ptt_have_alarm() ? 0 : -EOPNOTSUPP;
		break;
	case PTT_CPU:
		expect = ptt_cpu_valid(c) && !c->thread ? 0 : -EINVAL;
		break;
	case PTT_BAD:
		expect = -EINVAL;
		early = true;
		break;
	default:
		expect = -EOPNOTSUPP;
		early = true;
		break;
	}
	if (!IS_ENABLED(CONFIG_POSIX_TIMERS) && c->kind != PTT_REALTIME &&
	    c->kind != PTT_HRES && c->kind != PTT_TAI) {
		/* The stubs refuse the clocks they cannot sleep on at once */
		expect = -EINVAL;
		early = true;
	}

	ptt_put(test, rqtp, &ts, sizeof(ts));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_nanosleep, id, TIMER_ABSTIME,
					    rqtp, NULL), expect);

	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		if (!ptt_bad_for_read(kind))
			continue;
		rqtp = ptt_bad(test, kind, sizeof(ts));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(clock_nanosleep, id,
							TIMER_ABSTIME, rqtp,
							NULL),
				    early ? expect : -EFAULT,
				    "%s request", ptt_bad_ptr_names[kind]);
	}
}

/* ---- clock_adjtime() ---- */

static void clock_adjtime_matrix(struct kunit *test)
{
	const struct ptt_clock *c = test->param_value;
	struct __kernel_timex __user *utx = ptt_mem(test)->rw;
	clockid_t id = ptt_clockid(c);
	struct __kernel_timex tx = { .modes = 0 };
	long expect, ret;
	int kind;

	/*
	 * The buffer is read before the clock id is looked at. Only
	 * CLOCK_REALTIME can be adjusted; known clocks without an adjtime
	 * method, all CPU-time clocks included, say -EOPNOTSUPP.
	 */
	switch (c->kind) {
	case PTT_REALTIME:
		expect = 0;
		break;
	case PTT_BAD:
	case PTT_FD:
		expect = -EINVAL;
		break;
	default:
		expect = -EOPNOTSUPP;
		break;
	}

	ptt_put(test, utx, &tx, sizeof(tx));
	ret = kunit_syscall(clock_adjtime, id, utx);
	if (expect)
		KUNIT_EXPECT_EQ(test, ret, expect);
	else	/* The clock state: TIME_OK ... TIME_ERROR */
		KUNIT_EXPECT_TRUE(test, ret >= TIME_OK && ret <= TIME_ERROR);

	/*
	 * A read-only buffer only faults when the result is written back,
	 * which failing calls do not do.
	 */
	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		utx = ptt_bad(test, kind, sizeof(tx));
		ret = kunit_syscall(clock_adjtime, id, utx);
		KUNIT_EXPECT_EQ_MSG(test, ret,
				    ptt_bad_for_read(kind) ? -EFAULT :
				    expect ?: -EFAULT,
				    "%s buffer", ptt_bad_ptr_names[kind]);
	}
}

/* ---- single clock cases ---- */

static long ptt_gettime(struct kunit *test, clockid_t id, s64 *ns)
{
	struct __kernel_timespec __user *uts = ptt_mem(test)->rw;
	struct __kernel_timespec ts;
	long ret;

	ret = kunit_syscall(clock_gettime, id, uts);
	if (!ret) {
		ptt_get(test, &ts, uts, sizeof(ts));
		*ns = ptt_ts_ns(&ts);
	}
	return ret;
}

static s64 ptt_now(struct kunit *test, clockid_t id)
{
	s64 ns = 0;

	KUNIT_ASSERT_EQ(test, ptt_gettime(test, id, &ns), 0);
	return ns;
}

static void clock_monotonic_boottime(struct kunit *test)
{
	s64 mono, boot, mono2;

	/* CLOCK_BOOTTIME is CLOCK_MONOTONIC plus the time spent suspended */
	mono = ptt_now(test, CLOCK_MONOTONIC);
	boot = ptt_now(test, CLOCK_BOOTTIME);
	mono2 = ptt_now(test, CLOCK_MONOTONIC);
	KUNIT_EXPECT_LE(test, mono, boot);
	KUNIT_EXPECT_LE(test, mono, mono2);
}

static void clock_monotonic_raw(struct kunit *test)
{
	s64 mono, raw, raw2, mono2;

	/*
	 * Over a sleep of at least 3ms, the raw clock advances by about as
	 * much as CLOCK_MONOTONIC: they differ by the NTP frequency
	 * correction, at most 500ppm.
	 */
	mono = ptt_now(test, CLOCK_MONOTONIC);
	raw = ptt_now(test, CLOCK_MONOTONIC_RAW);
	usleep_range(3000, 4000);
	raw2 = ptt_now(test, CLOCK_MONOTONIC_RAW);
	mono2 = ptt_now(test, CLOCK_MONOTONIC);
	KUNIT_EXPECT_GE(test, raw2 - raw, 2 * NSEC_PER_MSEC);
	KUNIT_EXPECT_LE(test, (raw2 - raw) * 100, (mono2 - mono) * 101);
}

static void clock_coarse(struct kunit *test)
{
	static const clockid_t pairs[][2] = {
		{ CLOCK_REALTIME_COARSE, CLOCK_REALTIME },
		{ CLOCK_MONOTONIC_COARSE, CLOCK_MONOTONIC },
	};
	s64 fine, coarse, fine2;
	int i;

	/*
	 * The coarse clocks are the fine ones as of the last tick. Allow
	 * one tick of granularity and one of latency of the tick itself.
	 */
	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		fine = ptt_now(test, pairs[i][1]);
		coarse = ptt_now(test, pairs[i][0]);
		fine2 = ptt_now(test, pairs[i][1]);
		KUNIT_EXPECT_LE(test, coarse, fine2);
		KUNIT_EXPECT_LE(test, fine - coarse, 2 * (s64)TICK_NSEC);
	}
}

static void clock_tai(struct kunit *test)
{
	s64 real, tai;

	/* TAI is ahead of UTC by the TAI offset, which is never negative */
	real = ptt_now(test, CLOCK_REALTIME);
	tai = ptt_now(test, CLOCK_TAI);
	KUNIT_EXPECT_GE(test, tai, real);
}

static void clock_cputime(struct kunit *test)
{
	const clockid_t self = make_thread_cpuclock(0, CPUCLOCK_SCHED);
	const clockid_t prof = make_process_cpuclock(0, CPUCLOCK_PROF);
	const clockid_t virt = make_thread_cpuclock(0, CPUCLOCK_VIRT);
	/* The stubs do not serve these (see clock_gettime_matrix) */
	const bool ticks = IS_ENABLED(CONFIG_POSIX_TIMERS);
	s64 thread, thread2, process, p_prof = 0, p_prof2, t_virt = 0, t_virt2;
	ktime_t end;

	thread = ptt_now(test, CLOCK_THREAD_CPUTIME_ID);
	if (ticks) {
		p_prof = ptt_now(test, prof);
		t_virt = ptt_now(test, virt);
	}

	/*
	 * Burn CPU time until the thread's clock moves. It may move in
	 * steps of a tick where sched_clock() is jiffies based (UML), so
	 * give it a whole second.
	 */
	end = ktime_add_ms(ktime_get(), MSEC_PER_SEC);
	do {
		cpu_relax();
		thread2 = ptt_now(test, self);
	} while (thread2 == thread && ktime_before(ktime_get(), end));

	process = ptt_now(test, CLOCK_PROCESS_CPUTIME_ID);

	/* The precise clocks see it; the tick based ones never go back */
	KUNIT_EXPECT_GT(test, thread2, thread);
	KUNIT_EXPECT_GE(test, process, thread2);
	if (ticks) {
		p_prof2 = ptt_now(test, prof);
		t_virt2 = ptt_now(test, virt);
		KUNIT_EXPECT_GE(test, p_prof2, p_prof);
		KUNIT_EXPECT_GE(test, t_virt2, t_virt);
	}
}

static void clock_settime_realtime(struct kunit *test)
{
	struct __kernel_timespec __user *uts = ptt_mem(test)->rw;
	static const struct __kernel_timespec bad[] = {
		{ .tv_sec = 0, .tv_nsec = -1 },
		{ .tv_sec = 0, .tv_nsec = NSEC_PER_SEC },
		{ .tv_sec = -1, .tv_nsec = 0 },
		{ .tv_sec = KTIME_SEC_MAX, .tv_nsec = 0 },
	};
	long now = ptt_settime_now(test);
	const struct cred *old;
	int i;

	/* Invalid values are refused before anything changes */
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ptt_put(test, uts, &bad[i], sizeof(bad[i]));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(clock_settime,
							CLOCK_REALTIME, uts),
				    -EINVAL, "value %d", i);
	}

	/*
	 * Setting the clock needs CAP_SYS_TIME; kthreads have it. Without
	 * MULTIUSER every capability check passes, so the set succeeds.
	 */
	old = ptt_drop_cap(test, CAP_SYS_TIME);
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_gettime, CLOCK_REALTIME, uts),
			0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_settime, CLOCK_REALTIME, uts),
			IS_ENABLED(CONFIG_MULTIUSER) ? -EPERM : now);
	ptt_restore_cap(old);

	/* The current value, re-read so that the step back is tiny */
	KUNIT_ASSERT_EQ(test, kunit_syscall(clock_gettime, CLOCK_REALTIME, uts),
			0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_settime, CLOCK_REALTIME, uts),
			now);
}

static void clock_nanosleep_relative(struct kunit *test)
{
	static const clockid_t clocks[] = {
		CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME, CLOCK_TAI,
	};
	struct __kernel_timespec __user *rqtp = ptt_mem(test)->rw;
	struct __kernel_timespec __user *rmtp = rqtp + 1;
	struct __kernel_timespec ts = { .tv_nsec = 3 * NSEC_PER_MSEC };
	ktime_t start;
	int i;

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		ptt_put(test, rqtp, &ts, sizeof(ts));
		start = ktime_get();
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(clock_nanosleep,
							clocks[i], 0, rqtp,
							rmtp),
				    0, "clock %d", clocks[i]);
		KUNIT_EXPECT_GE_MSG(test,
				    ktime_to_ns(ktime_sub(ktime_get(), start)),
				    ptt_ts_ns(&ts), "clock %d", clocks[i]);
	}
}

static void clock_nanosleep_args(struct kunit *test)
{
	struct __kernel_timespec __user *rqtp = ptt_mem(test)->rw;
	static const struct __kernel_timespec bad[] = {
		{ .tv_sec = 0, .tv_nsec = -1 },
		{ .tv_sec = 0, .tv_nsec = NSEC_PER_SEC },
		{ .tv_sec = -1, .tv_nsec = 0 },
	};
	struct __kernel_timespec past;
	s64 now;
	s32 rem;
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ptt_put(test, rqtp, &bad[i], sizeof(bad[i]));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(clock_nanosleep,
							CLOCK_MONOTONIC, 0,
							rqtp, NULL),
				    -EINVAL, "relative %d", i);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(clock_nanosleep,
							CLOCK_MONOTONIC,
							TIMER_ABSTIME, rqtp,
							NULL),
				    -EINVAL, "absolute %d", i);
	}

	/* An absolute time already past returns at once */
	now = ptt_now(test, CLOCK_MONOTONIC);
	past.tv_sec = div_s64_rem(now / 2, NSEC_PER_SEC, &rem);
	past.tv_nsec = rem;
	ptt_put(test, rqtp, &past, sizeof(past));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_nanosleep, CLOCK_MONOTONIC,
					    TIMER_ABSTIME, rqtp, NULL), 0);
	KUNIT_EXPECT_LT(test, ptt_now(test, CLOCK_MONOTONIC) - now,
			(s64)NSEC_PER_SEC);

	/* Unknown flag bits have always been ignored */
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_nanosleep, CLOCK_MONOTONIC,
					    TIMER_ABSTIME | 0x100, rqtp, NULL),
			0);

	/* A zero relative sleep is fine, too */
	past.tv_sec = 0;
	past.tv_nsec = 0;
	ptt_put(test, rqtp, &past, sizeof(past));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_nanosleep, CLOCK_REALTIME, 0,
					    rqtp, NULL), 0);
}

static void clock_adjtime_realtime(struct kunit *test)
{
	struct __kernel_timex __user *utx = ptt_mem(test)->rw;
	struct __kernel_timex tx = { .modes = 0 };
	s64 before = ptt_now(test, CLOCK_REALTIME);
	const struct cred *old;
	long ret;

	ptt_put(test, utx, &tx, sizeof(tx));
	ret = kunit_syscall(clock_adjtime, CLOCK_REALTIME, utx);
	KUNIT_EXPECT_TRUE(test, ret >= TIME_OK && ret <= TIME_ERROR);
	ptt_get(test, &tx, utx, sizeof(tx));
	KUNIT_EXPECT_GT(test, tx.tick, 0);
	/* The current time, however early it is */
	KUNIT_EXPECT_GE(test, tx.time.tv_sec, div_s64(before, NSEC_PER_SEC));

	/* Validation: a tick length more than 10% off is refused */
	tx.modes = ADJ_TICK;
	tx.tick = 0;
	ptt_put(test, utx, &tx, sizeof(tx));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_adjtime, CLOCK_REALTIME, utx),
			-EINVAL);

	/* So is an offset with a negative fractional part */
	tx.modes = ADJ_SETOFFSET;
	tx.time.tv_sec = 0;
	tx.time.tv_usec = -1;
	ptt_put(test, utx, &tx, sizeof(tx));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_adjtime, CLOCK_REALTIME, utx),
			-EINVAL);

	/*
	 * Without CAP_SYS_TIME, reading is allowed but changing is not. The
	 * capability is checked before the value; without MULTIUSER it is
	 * always granted and the invalid tick is what gets refused.
	 */
	old = ptt_drop_cap(test, CAP_SYS_TIME);
	tx.modes = ADJ_TICK;
	tx.tick = 0;
	ptt_put(test, utx, &tx, sizeof(tx));
	KUNIT_EXPECT_EQ(test, kunit_syscall(clock_adjtime, CLOCK_REALTIME, utx),
			IS_ENABLED(CONFIG_MULTIUSER) ? -EPERM : -EINVAL);
	tx.modes = 0;
	ptt_put(test, utx, &tx, sizeof(tx));
	ret = kunit_syscall(clock_adjtime, CLOCK_REALTIME, utx);
	KUNIT_EXPECT_TRUE(test, ret >= TIME_OK && ret <= TIME_ERROR);
	ptt_restore_cap(old);
}

/*
 * /proc/timer_list exists with CONFIG_TIMER_LIST and starts with its
 * version line; without it, opening it fails with -ENOENT. The case
 * looks in a private proc instance, so it needs no /proc mount.
 */
static void timer_list_proc(struct kunit *test)
{
	struct file_system_type *type = get_fs_type("proc");
	struct vfsmount *mnt;
	struct file *file;
	char buf[32] = "";
	loff_t pos = 0;

	if (!type)
		kunit_skip(test, "no procfs (CONFIG_PROC_FS=n)");
	mnt = kern_mount(type);
	put_filesystem(type);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	file = file_open_root_mnt(mnt, "timer_list", O_RDONLY, 0);
	if (!IS_ENABLED(CONFIG_TIMER_LIST)) {
		KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(file), -ENOENT);
	} else if (!IS_ERR(file)) {
		KUNIT_EXPECT_GT(test, kernel_read(file, buf, sizeof(buf) - 1,
						  &pos), 0);
		KUNIT_EXPECT_TRUE_MSG(test,
				      str_has_prefix(buf, "Timer List Version:"),
				      "read \"%s\"", buf);
	} else {
		KUNIT_FAIL(test, "open: %ld", PTR_ERR(file));
	}
	if (!IS_ERR(file))
		fput(file);
	kern_unmount(mnt);
}

static struct kunit_case posix_clocks_cases[] = {
	KUNIT_CASE_PARAM(clock_gettime_matrix, ptt_clock_gen_params),
	KUNIT_CASE_PARAM(clock_getres_matrix, ptt_clock_gen_params),
	KUNIT_CASE_PARAM(clock_settime_matrix, ptt_clock_gen_params),
	KUNIT_CASE_PARAM(clock_nanosleep_matrix, ptt_clock_gen_params),
	KUNIT_CASE_PARAM(clock_adjtime_matrix, ptt_clock_gen_params),
	KUNIT_CASE(clock_monotonic_boottime),
	KUNIT_CASE(clock_monotonic_raw),
	KUNIT_CASE(clock_coarse),
	KUNIT_CASE(clock_tai),
	KUNIT_CASE(clock_cputime),
	KUNIT_CASE(clock_settime_realtime),
	KUNIT_CASE(clock_nanosleep_relative),
	KUNIT_CASE(clock_nanosleep_args),
	KUNIT_CASE(clock_adjtime_realtime),
	KUNIT_CASE(timer_list_proc),
	{}
};

static struct kunit_suite posix_clocks_suite = {
	.name = "posix_clocks",
	.init = ptt_init,
	.test_cases = posix_clocks_cases,
};

/* ---- POSIX timers ---- */

static long ptt_timer_create(struct kunit *test, clockid_t id, timer_t *tid)
{
	struct sigevent __user *usev = ptt_mem(test)->rw;
	timer_t __user *utid = ptt_mem(test)->rw + PAGE_SIZE / 2;
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	long ret;

	ptt_put(test, usev, &sev, sizeof(sev));
	ret = kunit_syscall(timer_create, id, usev, utid);
	if (!ret)
		ptt_get(test, tid, utid, sizeof(*tid));
	return ret;
}

static void timer_create_matrix(struct kunit *test)
{
	const struct ptt_clock *c = test->param_value;
	struct sigevent __user *usev = ptt_mem(test)->rw;
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	clockid_t id = ptt_clockid(c);
	bool early = false;
	timer_t tid;
	long expect;
	int kind;

	/*
	 * The sigevent is read first, then the clock id is checked, then
	 * the timer id is written, then the clock checks the rest.
	 */
	switch (c->kind) {
	case PTT_RAW:
	case PTT_COARSE:
	case PTT_FD:
		expect = -EOPNOTSUPP;
		early = true;
		break;
	case PTT_BAD:
		expect = -EINVAL;
		early = true;
		break;
	case PTT_ALARM:
		expect = ptt_have_alarm() ? 0 : -EOPNOTSUPP;
		break;
	case PTT_CPU:
		expect = ptt_cpu_valid(c) ? 0 : -EINVAL;
		break;
	default:
		expect = 0;
		break;
	}
	if (!IS_ENABLED(CONFIG_POSIX_TIMERS)) {
		/* timer_create() is not there at all */
		expect = kunit_syscall_ni();
		early = true;
	}

	KUNIT_EXPECT_EQ(test, ptt_timer_create(test, id, &tid), expect);
	if (!expect)
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_delete, tid), 0);

	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		timer_t __user *utid = ptt_bad(test, kind, sizeof(tid));
		long ret;

		if (kind == PTT_NULL)	/* NULL sigevent is valid */
			continue;
		ptt_put(test, usev, &sev, sizeof(sev));
		ret = kunit_syscall(timer_create, id, usev, utid);
		KUNIT_EXPECT_EQ_MSG(test, ret, early ? expect : -EFAULT,
				    "%s timer id", ptt_bad_ptr_names[kind]);

		if (!ptt_bad_for_read(kind))
			continue;
		usev = ptt_bad(test, kind, sizeof(sev));
		utid = ptt_mem(test)->rw + PAGE_SIZE / 2;
		ret = kunit_syscall(timer_create, id, usev, utid);
		KUNIT_EXPECT_EQ_MSG(test, ret,
				    IS_ENABLED(CONFIG_POSIX_TIMERS) ?
				    -EFAULT : kunit_syscall_ni(),
				    "%s sigevent", ptt_bad_ptr_names[kind]);
		usev = ptt_mem(test)->rw;
	}
}

static void timer_lifecycle(struct kunit *test)
{
	static const clockid_t clocks[] = {
		CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME, CLOCK_TAI,
		CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID,
	};
	struct __kernel_itimerspec __user *unew = ptt_mem(test)->rw;
	struct __kernel_itimerspec __user *uold = unew + 1;
	struct __kernel_itimerspec its = {
		.it_value = { .tv_sec = 100 },
		.it_interval = { .tv_sec = 1 },
	};
	timer_t tid = 0;
	int i;

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		long ret = ptt_timer_create(test, clocks[i], &tid);

		if (!IS_ENABLED(CONFIG_POSIX_TIMERS)) {
			KUNIT_EXPECT_EQ(test, ret, kunit_syscall_ni());
			continue;
		}
		KUNIT_ASSERT_EQ(test, ret, 0);

		/* A new timer is disarmed and has no overruns */
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_gettime, tid, uold), 0);
		ptt_get(test, &its, uold, sizeof(its));
		KUNIT_EXPECT_EQ(test, ptt_ts_ns(&its.it_value), 0);
		KUNIT_EXPECT_EQ(test, ptt_ts_ns(&its.it_interval), 0);
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_getoverrun, tid), 0);

		/* Arm it far away (SIGEV_NONE: nothing would fire anyway) */
		its.it_value.tv_sec = 100;
		its.it_value.tv_nsec = 0;
		its.it_interval.tv_sec = 1;
		its.it_interval.tv_nsec = 0;
		ptt_put(test, unew, &its, sizeof(its));
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_settime, tid, 0, unew,
						    uold), 0);
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_gettime, tid, uold), 0);
		ptt_get(test, &its, uold, sizeof(its));
		KUNIT_EXPECT_GT(test, ptt_ts_ns(&its.it_value), 0);
		KUNIT_EXPECT_LE(test, ptt_ts_ns(&its.it_value),
				100 * (s64)NSEC_PER_SEC);
		KUNIT_EXPECT_EQ(test, ptt_ts_ns(&its.it_interval), NSEC_PER_SEC);

		/* Disarm it, getting the old setting back */
		memset(&its, 0, sizeof(its));
		ptt_put(test, unew, &its, sizeof(its));
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_settime, tid, 0, unew,
						    uold), 0);
		ptt_get(test, &its, uold, sizeof(its));
		KUNIT_EXPECT_GT(test, ptt_ts_ns(&its.it_value), 0);
		KUNIT_EXPECT_EQ(test, ptt_ts_ns(&its.it_interval), NSEC_PER_SEC);

		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_delete, tid), 0);

		/* The id is gone */
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_delete, tid), -EINVAL);
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_gettime, tid, uold),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_getoverrun, tid),
				-EINVAL);
	}
}

static void timer_bad_args(struct kunit *test)
{
	static const timer_t bad_ids[] = { -1, INT_MAX, INT_MIN };
	struct __kernel_itimerspec __user *unew = ptt_mem(test)->rw;
	struct __kernel_itimerspec __user *uold = unew + 1;
	static const struct __kernel_itimerspec bad[] = {
		{ .it_value = { .tv_nsec = -1 } },
		{ .it_value = { .tv_nsec = NSEC_PER_SEC } },
		{ .it_value = { .tv_sec = -1 } },
		{ .it_interval = { .tv_nsec = NSEC_PER_SEC } },
	};
	struct __kernel_itimerspec its = { };
	long absent = IS_ENABLED(CONFIG_POSIX_TIMERS) ? 0 : kunit_syscall_ni();
	timer_t tid = 0;
	int i, kind;

	ptt_put(test, unew, &its, sizeof(its));
	for (i = 0; i < ARRAY_SIZE(bad_ids); i++) {
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_delete, bad_ids[i]),
				absent ?: -EINVAL);
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_gettime, bad_ids[i],
						    uold), absent ?: -EINVAL);
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_getoverrun,
						    bad_ids[i]),
				absent ?: -EINVAL);
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_settime, bad_ids[i], 0,
						    unew, NULL),
				absent ?: -EINVAL);
		/* The new value is read before the timer id is checked */
		if (!ptt_nr_bad_ptrs())
			continue;
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_settime, bad_ids[i], 0,
						    ptt_mem(test)->hole, NULL),
				absent ?: -EFAULT);
	}

	/* An invalid sigevent */
	if (!absent) {
		struct sigevent __user *usev = ptt_mem(test)->rw;
		struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
					.sigev_signo = _NSIG + 1 };
		timer_t __user *utid = ptt_mem(test)->rw + PAGE_SIZE / 2;

		ptt_put(test, usev, &sev, sizeof(sev));
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_create, CLOCK_MONOTONIC,
						    usev, utid), -EINVAL);
		sev.sigev_notify = 0x1234;
		ptt_put(test, usev, &sev, sizeof(sev));
		KUNIT_EXPECT_EQ(test, kunit_syscall(timer_create, CLOCK_MONOTONIC,
						    usev, utid), -EINVAL);
	}

	if (absent) {
		KUNIT_EXPECT_EQ(test, ptt_timer_create(test, CLOCK_MONOTONIC,
						       &tid), absent);
		return;
	}
	KUNIT_ASSERT_EQ(test, ptt_timer_create(test, CLOCK_MONOTONIC, &tid), 0);

	/* Invalid values; a NULL new value is -EINVAL, not -EFAULT */
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ptt_put(test, unew, &bad[i], sizeof(bad[i]));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(timer_settime, tid, 0,
							unew, NULL),
				    -EINVAL, "value %d", i);
	}
	KUNIT_EXPECT_EQ(test, kunit_syscall(timer_settime, tid, 0, NULL, NULL),
			-EINVAL);

	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		void __user *p = ptt_bad(test, kind, sizeof(its));

		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(timer_gettime, tid, p),
				    -EFAULT, "%s buffer",
				    ptt_bad_ptr_names[kind]);
		if (kind == PTT_NULL)
			continue;
		if (ptt_bad_for_read(kind))
			KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(timer_settime,
								tid, 0, p,
								NULL),
					    -EFAULT, "%s new value",
					    ptt_bad_ptr_names[kind]);
		/* The timer is set even if the old value cannot be stored */
		memset(&its, 0, sizeof(its));
		ptt_put(test, unew, &its, sizeof(its));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(timer_settime, tid, 0,
							unew, p),
				    -EFAULT, "%s old value",
				    ptt_bad_ptr_names[kind]);
	}

	/* A timer created with a NULL sigevent signals SIGALRM; not armed */
	KUNIT_EXPECT_EQ(test, kunit_syscall(timer_delete, tid), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(timer_create, CLOCK_MONOTONIC, NULL,
					    (timer_t __user *)unew), 0);
	ptt_get(test, &tid, unew, sizeof(tid));
	KUNIT_EXPECT_EQ(test, kunit_syscall(timer_delete, tid), 0);
}

static struct kunit_case posix_timers_cases[] = {
	KUNIT_CASE_PARAM(timer_create_matrix, ptt_clock_gen_params),
	KUNIT_CASE(timer_lifecycle),
	KUNIT_CASE(timer_bad_args),
	{}
};

static struct kunit_suite posix_timers_suite = {
	.name = "posix_timers",
	.init = ptt_init,
	.test_cases = posix_timers_cases,
};

/*
 * ---- interval timers ----
 *
 * Every case disarms what it armed. Should an assertion end a case
 * early, the kthread running it exits, and exit cancels its itimers.
 */

static bool ptt_have_itimer(int which)
{
	return IS_ENABLED(CONFIG_POSIX_TIMERS) ||
	       (IS_ENABLED(CONFIG_POSIX_ITIMER_REAL) && which == ITIMER_REAL);
}

static long ptt_setitimer(struct kunit *test, int which, s64 value_us,
			  s64 *old_us)
{
	struct __kernel_old_itimerval __user *unew = ptt_mem(test)->rw;
	struct __kernel_old_itimerval __user *uold = unew + 1;
	struct __kernel_old_itimerval it = { };
	s32 usec;
	long ret;

	it.it_value.tv_sec = div_s64_rem(value_us, USEC_PER_SEC, &usec);
	it.it_value.tv_usec = usec;
	ptt_put(test, unew, &it, sizeof(it));
	ret = kunit_syscall(setitimer, which, unew, uold);
	if (!ret && old_us) {
		ptt_get(test, &it, uold, sizeof(it));
		*old_us = (s64)it.it_value.tv_sec * USEC_PER_SEC +
			  it.it_value.tv_usec;
	}
	return ret;
}

static long ptt_getitimer(struct kunit *test, int which, s64 *value_us,
			  s64 *interval_us)
{
	struct __kernel_old_itimerval __user *uit = ptt_mem(test)->rw;
	struct __kernel_old_itimerval it;
	long ret;

	ret = kunit_syscall(getitimer, which, uit);
	if (!ret) {
		ptt_get(test, &it, uit, sizeof(it));
		*value_us = (s64)it.it_value.tv_sec * USEC_PER_SEC +
			    it.it_value.tv_usec;
		*interval_us = (s64)it.it_interval.tv_sec * USEC_PER_SEC +
			       it.it_interval.tv_usec;
	}
	return ret;
}

struct ptt_itimer {
	const char *name;
	int which;
};

static const struct ptt_itimer ptt_itimers[] = {
	{ "ITIMER_REAL", ITIMER_REAL },
	{ "ITIMER_VIRTUAL", ITIMER_VIRTUAL },
	{ "ITIMER_PROF", ITIMER_PROF },
};

static void ptt_itimer_desc(const struct ptt_itimer *it, char *desc)
{
	strscpy(desc, it->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(ptt_itimer, ptt_itimers, ptt_itimer_desc);

static void itimer_arm_disarm(struct kunit *test)
{
	const struct ptt_itimer *p = test->param_value;
	/* CPU-time itimers may be one tick late, never early */
	s64 slack = p->which == ITIMER_REAL ? 0 : TICK_NSEC / NSEC_PER_USEC + 1;
	s64 value, interval, old;
	int kind;

	if (!ptt_have_itimer(p->which)) {
		/* Without the system calls, or without the CPU-time itimers */
		long expect = IS_ENABLED(CONFIG_POSIX_ITIMER_REAL) ?
			      -EINVAL : kunit_syscall_ni();

		KUNIT_EXPECT_EQ(test, ptt_getitimer(test, p->which, &value,
						    &interval), expect);
		KUNIT_EXPECT_EQ(test, ptt_setitimer(test, p->which, 0, NULL),
				expect);
		return;
	}

	/* Not armed to begin with */
	KUNIT_EXPECT_EQ(test, ptt_getitimer(test, p->which, &value, &interval),
			0);
	KUNIT_EXPECT_EQ(test, value, 0);
	KUNIT_EXPECT_EQ(test, interval, 0);

	/* Arm it for 1000 seconds; read back what is left */
	KUNIT_EXPECT_EQ(test, ptt_setitimer(test, p->which,
					    1000 * USEC_PER_SEC, &old), 0);
	KUNIT_EXPECT_EQ(test, old, 0);
	KUNIT_EXPECT_EQ(test, ptt_getitimer(test, p->which, &value, &interval),
			0);
	KUNIT_EXPECT_GT(test, value, 0);
	KUNIT_EXPECT_LE(test, value, 1000 * USEC_PER_SEC + slack);
	KUNIT_EXPECT_EQ(test, interval, 0);

	/* Errors: the buffer is written after "which" is checked */
	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		void __user *p2 = ptt_bad(test, kind,
					  sizeof(struct __kernel_old_itimerval));

		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(getitimer, p->which,
							p2),
				    -EFAULT, "%s buffer",
				    ptt_bad_ptr_names[kind]);
	}

	/* Disarm it; the old value is what was left */
	KUNIT_EXPECT_EQ(test, ptt_setitimer(test, p->which, 0, &old), 0);
	KUNIT_EXPECT_GT(test, old, 0);
	KUNIT_EXPECT_LE(test, old, value + slack);
	KUNIT_EXPECT_EQ(test, ptt_getitimer(test, p->which, &value, &interval),
			0);
	KUNIT_EXPECT_EQ(test, value, 0);
}

static void itimer_bad_args(struct kunit *test)
{
	struct __kernel_old_itimerval __user *unew = ptt_mem(test)->rw;
	static const struct __kernel_old_itimerval bad[] = {
		{ .it_value = { .tv_usec = -1 } },
		{ .it_value = { .tv_usec = USEC_PER_SEC } },
		{ .it_value = { .tv_sec = -1 } },
		{ .it_interval = { .tv_usec = USEC_PER_SEC } },
	};
	struct __kernel_old_itimerval it = { };
	long expect;
	int i, kind;

	/* An unknown "which" is checked before the buffer is written */
	for (kind = 0; kind < ptt_nr_bad_ptrs(); kind++) {
		void __user *p = ptt_bad(test, kind, sizeof(it));

		expect = ptt_have_itimer(ITIMER_REAL) ? -EINVAL : kunit_syscall_ni();
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(getitimer, 3, p), expect,
				    "%s buffer", ptt_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(getitimer, -1, p), expect,
				    "%s buffer", ptt_bad_ptr_names[kind]);
		if (kind == PTT_NULL || !ptt_bad_for_read(kind))
			continue;
		/* ... but setitimer() reads the new value first */
		expect = ptt_have_itimer(ITIMER_REAL) ? -EFAULT : kunit_syscall_ni();
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(setitimer, 3, p, NULL),
				    expect, "%s value", ptt_bad_ptr_names[kind]);
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(setitimer, ITIMER_REAL,
							p, NULL),
				    expect, "%s value", ptt_bad_ptr_names[kind]);
	}

	expect = ptt_have_itimer(ITIMER_REAL) ? -EINVAL : kunit_syscall_ni();
	ptt_put(test, unew, &it, sizeof(it));
	KUNIT_EXPECT_EQ(test, kunit_syscall(setitimer, 3, unew, NULL), expect);
	KUNIT_EXPECT_EQ(test, kunit_syscall(setitimer, -1, unew, NULL), expect);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ptt_put(test, unew, &bad[i], sizeof(bad[i]));
		KUNIT_EXPECT_EQ_MSG(test, kunit_syscall(setitimer, ITIMER_REAL,
							unew, NULL),
				    expect, "value %d", i);
	}
}

#ifdef __NR_alarm
static void itimer_alarm(struct kunit *test)
{
	s64 value, interval;

	if (!ptt_have_itimer(ITIMER_REAL)) {
		KUNIT_EXPECT_EQ(test, kunit_syscall(alarm, 10), kunit_syscall_ni());
		return;
	}

	/* Nothing pending: 0 */
	KUNIT_EXPECT_EQ(test, kunit_syscall(alarm, 1000), 0);
	KUNIT_EXPECT_EQ(test, ptt_getitimer(test, ITIMER_REAL, &value,
					    &interval), 0);
	KUNIT_EXPECT_GT(test, value, 999 * USEC_PER_SEC);
	KUNIT_EXPECT_LE(test, value, 1000 * USEC_PER_SEC);

	/* The time left, rounded to the nearest second */
	KUNIT_EXPECT_EQ(test, kunit_syscall(alarm, 500), 1000);

	/* Less than half a second left still reports a second, not 0 */
	KUNIT_EXPECT_EQ(test, ptt_setitimer(test, ITIMER_REAL, 200000, NULL),
			0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(alarm, 0), 1);
	KUNIT_EXPECT_EQ(test, ptt_getitimer(test, ITIMER_REAL, &value,
					    &interval), 0);
	KUNIT_EXPECT_EQ(test, value, 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(alarm, 0), 0);
}
#endif

static void itimer_setitimer_null(struct kunit *test)
{
	s64 value, interval;

	if (!ptt_have_itimer(ITIMER_REAL)) {
		KUNIT_EXPECT_EQ(test, kunit_syscall(setitimer, ITIMER_REAL, NULL,
						    NULL), kunit_syscall_ni());
		return;
	}

	/* A NULL new value disarms, for compatibility */
	KUNIT_EXPECT_EQ(test, ptt_setitimer(test, ITIMER_REAL,
					    100 * USEC_PER_SEC, NULL), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(setitimer, ITIMER_REAL, NULL,
					    NULL), 0);
	KUNIT_EXPECT_EQ(test, ptt_getitimer(test, ITIMER_REAL, &value,
					    &interval), 0);
	KUNIT_EXPECT_EQ(test, value, 0);
}

static void itimer_real_expiry(struct kunit *test)
{
	struct __kernel_old_itimerval __user *unew = ptt_mem(test)->rw;
	struct __kernel_old_itimerval it = {
		.it_value = { .tv_usec = 10000 },
		.it_interval = { .tv_sec = 1 },
	};
	unsigned long timeout = jiffies + HZ;
	s64 value, interval;

	if (!ptt_have_itimer(ITIMER_REAL))
		return;

	/*
	 * Expire in 10ms, then every second: it_real_fn() sends SIGALRM,
	 * and dequeueing the signal arms the next period. Kthreads ignore
	 * signals, so let SIGALRM in for this case only.
	 */
	allow_signal(SIGALRM);
	ptt_put(test, unew, &it, sizeof(it));
	KUNIT_EXPECT_EQ(test, kunit_syscall(setitimer, ITIMER_REAL, unew, NULL),
			0);

	while (!signal_pending(current) && time_before(jiffies, timeout))
		schedule_timeout_interruptible(1);
	KUNIT_EXPECT_EQ(test, kernel_dequeue_signal(), SIGALRM);

	/* Rearmed by the dequeue, for the next period */
	KUNIT_EXPECT_EQ(test, ptt_getitimer(test, ITIMER_REAL, &value,
					    &interval), 0);
	KUNIT_EXPECT_GT(test, value, 0);
	KUNIT_EXPECT_LE(test, value, USEC_PER_SEC);
	KUNIT_EXPECT_EQ(test, interval, USEC_PER_SEC);

	KUNIT_EXPECT_EQ(test, ptt_setitimer(test, ITIMER_REAL, 0, NULL), 0);
	disallow_signal(SIGALRM);
	flush_signals(current);
}

static struct kunit_case posix_itimers_cases[] = {
	KUNIT_CASE_PARAM(itimer_arm_disarm, ptt_itimer_gen_params),
	KUNIT_CASE(itimer_bad_args),
#ifdef __NR_alarm
	KUNIT_CASE(itimer_alarm),
#endif
	KUNIT_CASE(itimer_setitimer_null),
	KUNIT_CASE(itimer_real_expiry),
	{}
};

static struct kunit_suite posix_itimers_suite = {
	.name = "posix_itimers",
	.init = ptt_init,
	.test_cases = posix_itimers_cases,
};

kunit_test_suites(&posix_clocks_suite, &posix_timers_suite,
		  &posix_itimers_suite);

MODULE_DESCRIPTION("KUnit tests for the POSIX clock and timer system calls");
MODULE_LICENSE("GPL");
