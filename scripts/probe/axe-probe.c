// SPDX-License-Identifier: GPL-2.0
/*
 * axe-probe - a tiny /init that checks what user space sees of the kernel.
 *
 * Built on the kernel's own tools/include/nolibc (scripts/probe/build), so
 * the same source runs as /init on the no-MMU mps2 board (a static PIE
 * loaded by binfmt_elf_fdpic) and as an ordinary static program on x86_64.
 * Every check goes through a raw system call and prints one line:
 *
 *   AXE-CHECK: <name> ok|FAIL|skip [<detail>]
 *
 * informational lines as "AXE-INFO: <key>=<value>", then
 *
 *   AXE-CHECK-DONE: <n> ok, <n> FAIL, <n> skip
 *
 * The check names are stable: scripts/boot compares two kernels' lines and
 * only the differences listed in scripts/boot.conf are allowed. The probe
 * only reports; the harness on the host judges.
 *
 * As process 1 it mounts proc and tmpfs itself, keeps kernel messages off
 * the console while it prints, dumps the kernel log of its own run between
 * AXE-DMESG-BEGIN/END (so that a WARNING is still judged) and restarts the
 * machine. Run as any other process it only checks and exits.
 */

#define AXE_LINE_MAX 512

/* ---- system call numbers: the 64-bit time variants where they exist ---- */

#ifdef __NR_clock_gettime64
#define AXE_NR_clock_gettime	__NR_clock_gettime64
#define AXE_NR_clock_getres	__NR_clock_getres_time64
#define AXE_NR_clock_nanosleep	__NR_clock_nanosleep_time64
#define AXE_NR_rt_sigtimedwait	__NR_rt_sigtimedwait_time64
#else
#define AXE_NR_clock_gettime	__NR_clock_gettime
#define AXE_NR_clock_getres	__NR_clock_getres
#define AXE_NR_clock_nanosleep	__NR_clock_nanosleep
#define AXE_NR_rt_sigtimedwait	__NR_rt_sigtimedwait
#endif

/* The kernel's 64-bit timespec (struct __kernel_timespec). */
struct axe_ts {
	long long sec;
	long long nsec;
};

/* The kernel's struct __kernel_old_itimerval. */
struct axe_itv {
	long int_sec, int_usec;
	long val_sec, val_usec;
};

/* The kernel's struct termios as TCGETS returns it (asm-generic layout). */
struct axe_termios {
	unsigned int c_iflag, c_oflag, c_cflag, c_lflag;
	unsigned char c_line;
	unsigned char c_cc[19];
};

struct axe_utsname {
	char sysname[65], nodename[65], release[65], version[65], machine[65], domainname[65];
};

#define AXE_NSEC	1000000000LL
#define AXE_AT_FDCWD	-100
#define AXE_SIGALRM	14
#define AXE_SIG_BLOCK	0
#define AXE_TCGETS	0x5401
#define AXE_FIFREEZE	0xc0045877	/* _IOWR('X', 119, int) */
#define AXE_FITHAW	0xc0045878	/* _IOWR('X', 120, int) */
#define AXE_TCSETS	0x5402
#define AXE_ITIMER_REAL	0
#define AXE_SCHED_OTHER	0
#define AXE_SCHED_FIFO	1
#define AXE_SCHED_RR	2
#define AXE_SCHED_BATCH	3
#define AXE_SCHED_DEADLINE	6
#define AXE_SYSLOG_READ_ALL	3
#define AXE_SYSLOG_CONSOLE_LEVEL	8
#define AXE_SYSLOG_SIZE_BUFFER	10

static int is_init;
static int n_ok, n_fail, n_skip;

/* ---- output: one write() per line so that nothing can split it ---- */

struct line {
	char buf[AXE_LINE_MAX];
	int len;
};

static void put_str(struct line *l, const char *s)
{
	while (*s && l->len < AXE_LINE_MAX - 2)
		l->buf[l->len++] = *s++;
}

/*
 * n / d without the compiler's 64-bit division helper: on the Cortex-M3 the
 * only libgcc at hand is Debian's armel one, built for ARM mode.
 */
static unsigned long long udiv(unsigned long long n, unsigned long d, unsigned long *rem)
{
	unsigned long long q = 0, r = 0;
	int i;

	for (i = 63; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1);
		if (r >= d) {
			r -= d;
			q |= 1ULL << i;
		}
	}
	if (rem)
		*rem = r;
	return q;
}

static void put_num(struct line *l, long long v)
{
	char tmp[24];
	int n = 0;
	unsigned long long u = v < 0 ? -(unsigned long long)v : (unsigned long long)v;
	unsigned long digit;

	if (v < 0)
		put_str(l, "-");
	do {
		u = udiv(u, 10, &digit);
		tmp[n++] = '0' + digit;
	} while (u);
	while (n && l->len < AXE_LINE_MAX - 2)
		l->buf[l->len++] = tmp[--n];
}

static void put_end(struct line *l)
{
	l->buf[l->len++] = '\n';
	my_syscall3(__NR_write, 1, l->buf, l->len);
	l->len = 0;
}

static const char *errname(long err)
{
	switch (err) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EINTR: return "EINTR";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENOTDIR: return "ENOTDIR";
	case EINVAL: return "EINVAL";
	case ENOTTY: return "ENOTTY";
	case ENOSPC: return "ENOSPC";
	case ENOSYS: return "ENOSYS";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ENODEV: return "ENODEV";
	default: return 0;
	}
}

/* put_err: " <what>: <ENAME>" for a raw syscall's negative return value */
static void put_err(struct line *l, const char *what, long ret)
{
	const char *n = errname(-ret);

	put_str(l, what);
	put_str(l, ": ");
	if (n) {
		put_str(l, n);
	} else {
		put_str(l, "errno ");
		put_num(l, -ret);
	}
}

/* A check's verdict starts its line; the caller adds a detail and ends it. */
static void verdict(struct line *l, const char *name, const char *v)
{
	l->len = 0;
	put_str(l, "AXE-CHECK: ");
	put_str(l, name);
	put_str(l, " ");
	put_str(l, v);
	if (v[0] == 'o')
		n_ok++;
	else if (v[0] == 'F')
		n_fail++;
	else
		n_skip++;
}

static void ok(const char *name)
{
	struct line l;

	verdict(&l, name, "ok");
	put_end(&l);
}

static void fail_err(const char *name, const char *what, long ret)
{
	struct line l;

	verdict(&l, name, "FAIL ");
	put_err(&l, what, ret);
	put_end(&l);
}

static void fail_msg(const char *name, const char *msg)
{
	struct line l;

	verdict(&l, name, "FAIL ");
	put_str(&l, msg);
	put_end(&l);
}

static void info(const char *key, const char *val)
{
	struct line l = { .len = 0 };

	put_str(&l, "AXE-INFO: ");
	put_str(&l, key);
	put_str(&l, "=");
	put_str(&l, val);
	put_end(&l);
}

/* ---- small helpers ---- */

static long long ts_ns(const struct axe_ts *ts)
{
	return ts->sec * AXE_NSEC + ts->nsec;
}

static long long mono_ns(void)
{
	struct axe_ts ts = { 0, 0 };

	if (my_syscall2(AXE_NR_clock_gettime, 1 /* CLOCK_MONOTONIC */, &ts))
		return -1;
	return ts_ns(&ts);
}

/* Burn CPU for about ms milliseconds of CLOCK_MONOTONIC (bounded). */
static void busy(int ms)
{
	long long end = mono_ns() + ms * 1000000LL;
	volatile unsigned long sink = 0;
	unsigned long i;

	for (i = 0; i < 400000000UL; i++) {
		sink += i;
		if ((i & 0x3ff) == 0 && mono_ns() >= end)
			break;
	}
}

static int sane(const struct axe_ts *ts)
{
	return ts->sec >= 0 && ts->nsec >= 0 && ts->nsec < AXE_NSEC;
}

/* Read a whole (small) file; returns its length or a negative errno. */
static long slurp(const char *path, char *buf, long size)
{
	long fd, n, got = 0;

	fd = my_syscall4(__NR_openat, AXE_AT_FDCWD, path, O_RDONLY, 0);
	if (fd < 0)
		return fd;
	while (got < size - 1) {
		n = my_syscall3(__NR_read, fd, buf + got, size - 1 - got);
		if (n < 0) {
			my_syscall1(__NR_close, fd);
			return n;
		}
		if (n == 0)
			break;
		got += n;
	}
	buf[got] = 0;
	my_syscall1(__NR_close, fd);
	return got;
}

static int starts(const char *s, const char *prefix)
{
	while (*prefix)
		if (*s++ != *prefix++)
			return 0;
	return 1;
}

/* ---- clocks ---- */

enum kind { K_WALL, K_MONO, K_CPU, K_ALARM };

static void check_clock(const char *name, int id, enum kind kind)
{
	struct axe_ts t0 = { 0, 0 }, t1 = { 0, 0 }, res = { 0, 0 };
	struct line l;
	long r;

	r = my_syscall2(AXE_NR_clock_gettime, id, &t0);
	if (r == -EINVAL && kind == K_ALARM) {
		/* the alarm clocks need an RTC that can wake the machine */
		verdict(&l, name, "skip ");
		put_err(&l, "clock_gettime", r);
		put_str(&l, " (no RTC alarm device)");
		put_end(&l);
		return;
	}
	if (r) {
		fail_err(name, "clock_gettime", r);
		return;
	}
	r = my_syscall2(AXE_NR_clock_getres, id, &res);
	if (r) {
		fail_err(name, "clock_getres", r);
		return;
	}
	if (!sane(&t0) || !sane(&res) || res.sec != 0 || res.nsec <= 0) {
		verdict(&l, name, "FAIL bad timespec: time ");
		put_num(&l, t0.sec);
		put_str(&l, ".");
		put_num(&l, t0.nsec);
		put_str(&l, " res ");
		put_num(&l, res.sec);
		put_str(&l, ".");
		put_num(&l, res.nsec);
		put_end(&l);
		return;
	}
	if (kind == K_CPU)
		busy(100);
	else
		busy(20);
	r = my_syscall2(AXE_NR_clock_gettime, id, &t1);
	if (r) {
		fail_err(name, "second clock_gettime", r);
		return;
	}
	if (ts_ns(&t1) < ts_ns(&t0) || (kind == K_CPU && ts_ns(&t1) == ts_ns(&t0))) {
		verdict(&l, name, kind == K_CPU ? "FAIL did not advance over a busy loop: " :
			"FAIL went backwards: ");
		put_num(&l, ts_ns(&t0));
		put_str(&l, " -> ");
		put_num(&l, ts_ns(&t1));
		put_str(&l, " ns");
		put_end(&l);
		return;
	}
	verdict(&l, name, "ok res ");
	put_num(&l, res.nsec);
	put_str(&l, "ns");
	put_end(&l);
}

/* Clock ids that do not exist must be refused with EINVAL. */
static void check_clock_invalid(void)
{
	static const int ids[] = { 10 /* the removed CLOCK_SGI_CYCLE */, 12, 16, 1000 };
	struct axe_ts ts;
	unsigned int i;
	long r;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		r = my_syscall2(AXE_NR_clock_gettime, ids[i], &ts);
		if (r != -EINVAL) {
			struct line l;

			verdict(&l, "clock-invalid", "FAIL clock_gettime(");
			put_num(&l, ids[i]);
			put_str(&l, ") returned ");
			put_num(&l, r);
			put_end(&l);
			return;
		}
	}
	ok("clock-invalid");
}

/* C's clock(): CLOCK_PROCESS_CPUTIME_ID scaled to CLOCKS_PER_SEC (10^6). */
static long long c_clock(void)
{
	struct axe_ts ts;

	if (my_syscall2(AXE_NR_clock_gettime, 2 /* CLOCK_PROCESS_CPUTIME_ID */, &ts))
		return -1;
	return ts.sec * 1000000 + (long)ts.nsec / 1000;
}

static void check_c_clock(void)
{
	long long c0 = c_clock(), c1;
	struct line l;

	if (c0 < 0) {
		fail_msg("clock-clock", "clock() = -1");
		return;
	}
	busy(100);
	c1 = c_clock();
	if (c1 <= c0) {
		verdict(&l, "clock-clock", "FAIL did not advance: ");
		put_num(&l, c0);
		put_str(&l, " -> ");
		put_num(&l, c1);
		put_end(&l);
		return;
	}
	ok("clock-clock");
}

static void check_nanosleep(void)
{
	struct axe_ts req = { 0, 50000000 };
	long long t0 = mono_ns(), dt;
	struct line l;
	long r;

	r = my_syscall4(AXE_NR_clock_nanosleep, 1 /* CLOCK_MONOTONIC */, 0, &req, 0);
	if (r) {
		fail_err("clock-nanosleep", "clock_nanosleep", r);
		return;
	}
	dt = mono_ns() - t0;
	if (dt < 50000000 || dt > 3 * AXE_NSEC) {
		verdict(&l, "clock-nanosleep", "FAIL slept ");
		put_num(&l, udiv(dt, 1000, 0));
		put_str(&l, "us for 50000us");
		put_end(&l);
		return;
	}
	ok("clock-nanosleep");
}

/* ---- itimer and alarm: SIGALRM is blocked and collected with sigtimedwait ---- */

static long block_sigalrm(void)
{
	unsigned long long set = 1ULL << (AXE_SIGALRM - 1);

	return my_syscall4(__NR_rt_sigprocmask, AXE_SIG_BLOCK, &set, 0, 8);
}

/* Wait up to 3 s for SIGALRM: its elapsed ns, or a negative errno. */
static long long wait_sigalrm(long long t0)
{
	unsigned long long set = 1ULL << (AXE_SIGALRM - 1);
	struct axe_ts limit = { 3, 0 };
	long r;

	r = my_syscall4(AXE_NR_rt_sigtimedwait, &set, 0, &limit, 8);
	if (r < 0)
		return r;
	if (r != AXE_SIGALRM)
		return -EINTR;
	return mono_ns() - t0;
}

static void report_wait(const char *name, long long dt, long long lo_ms)
{
	struct line l;

	if (dt < 0) {
		fail_err(name, "waiting for SIGALRM", dt);
	} else if (dt < lo_ms * 900000 || dt > 3 * AXE_NSEC) {
		verdict(&l, name, "FAIL SIGALRM after ");
		put_num(&l, udiv(dt, 1000000, 0));
		put_str(&l, "ms, expected ");
		put_num(&l, lo_ms);
		put_end(&l);
	} else {
		ok(name);
	}
}

static void check_setitimer(void)
{
	struct axe_itv it = { 0, 0, 0, 200000 }, cur = { 0, 0, 0, 0 };
	long long t0 = mono_ns();
	struct line l;
	long r;

	r = my_syscall3(__NR_setitimer, AXE_ITIMER_REAL, &it, 0);
	if (r) {
		fail_err("clock-setitimer", "setitimer", r);
		return;
	}
	r = my_syscall2(__NR_getitimer, AXE_ITIMER_REAL, &cur);
	if (r) {
		fail_err("clock-setitimer", "getitimer", r);
		return;
	}
	if (cur.val_sec != 0 || cur.val_usec <= 0 || cur.val_usec > 200000) {
		verdict(&l, "clock-setitimer", "FAIL getitimer left ");
		put_num(&l, cur.val_sec);
		put_str(&l, "s ");
		put_num(&l, cur.val_usec);
		put_str(&l, "us of 200000us");
		put_end(&l);
		return;
	}
	report_wait("clock-setitimer", wait_sigalrm(t0), 200);
}

/* alarm(1): the alarm syscall where the ABI has one, else setitimer as libcs do */
static void check_alarm(void)
{
	long long t0 = mono_ns();
	long r;
#ifdef __NR_alarm
	r = my_syscall1(__NR_alarm, 1);
	if (r < 0) {
		fail_err("clock-alarm", "alarm", r);
		return;
	}
	if (r != 0) {
		fail_msg("clock-alarm", "alarm(1) did not return 0 (an alarm was pending)");
		return;
	}
#else
	struct axe_itv it = { 0, 0, 1, 0 };

	r = my_syscall3(__NR_setitimer, AXE_ITIMER_REAL, &it, 0);
	if (r) {
		fail_err("clock-alarm", "setitimer (alarm)", r);
		return;
	}
#endif
	report_wait("clock-alarm", wait_sigalrm(t0), 1000);
}

/* ---- scheduler ---- */

/* The kernel's struct sched_attr, first version (SCHED_ATTR_SIZE_VER0). */
struct axe_sched_attr {
	unsigned int size, policy;
	unsigned long long flags;
	int nice;
	unsigned int priority;
	unsigned long long runtime, deadline, period;
};

/* Back to SCHED_OTHER, nice 0, after a policy check. */
static long sched_reset(void)
{
	struct axe_sched_attr a = { .size = sizeof(a), .policy = AXE_SCHED_OTHER };

	return my_syscall3(__NR_sched_setattr, 0, &a, 0);
}

/*
 * A real-time policy: its priority range, then this process runs under it
 * (sched_getscheduler and sched_getparam read it back) and returns to
 * SCHED_OTHER. A kernel without the RT class (CONFIG_SCHED_RT=n) refuses
 * the policy: the FAIL says so when every call gave EINVAL.
 */
static void check_sched_rt(const char *name, int policy)
{
	long max = my_syscall1(__NR_sched_get_priority_max, policy);
	long min = my_syscall1(__NR_sched_get_priority_min, policy);
	int param = 10;
	struct line l;
	long r;

	r = my_syscall3(__NR_sched_setscheduler, 0, policy, &param);
	if (r == -EINVAL && max == -EINVAL && min == -EINVAL) {
		fail_msg(name, "EINVAL from sched_setscheduler and sched_get_priority_max/min: no RT class");
		return;
	}
	if (max != 99 || min != 1) {
		verdict(&l, name, "FAIL priority max ");
		put_num(&l, max);
		put_str(&l, " min ");
		put_num(&l, min);
		put_end(&l);
		sched_reset();
		return;
	}
	if (r) {
		fail_err(name, "sched_setscheduler", r);
		return;
	}
	param = 0;
	r = my_syscall1(__NR_sched_getscheduler, 0);
	if (r != policy || my_syscall2(__NR_sched_getparam, 0, &param) || param != 10) {
		verdict(&l, name, "FAIL read back policy ");
		put_num(&l, r);
		put_str(&l, " priority ");
		put_num(&l, param);
		put_end(&l);
	} else {
		ok(name);
	}
	r = sched_reset();
	if (r)
		fail_err("sched-reset", "sched_setattr(SCHED_OTHER)", r);
}

/*
 * SCHED_DEADLINE: 10 ms every 100 ms, read back with sched_getattr. A
 * kernel without the deadline class (CONFIG_SCHED_DL=n) refuses it.
 */
static void check_sched_deadline(void)
{
	struct axe_sched_attr a = {
		.size = sizeof(a), .policy = AXE_SCHED_DEADLINE,
		.runtime = 10000000, .deadline = 30000000, .period = 100000000,
	};
	struct axe_sched_attr got = { 0 };
	long max = my_syscall1(__NR_sched_get_priority_max, AXE_SCHED_DEADLINE);
	struct line l;
	long r;

	r = my_syscall3(__NR_sched_setattr, 0, &a, 0);
	if (r == -EINVAL && max == -EINVAL) {
		fail_msg("sched-deadline", "EINVAL from sched_setattr and sched_get_priority_max: no deadline class");
		return;
	}
	if (r) {
		fail_err("sched-deadline", "sched_setattr(SCHED_DEADLINE)", r);
		return;
	}
	r = my_syscall4(__NR_sched_getattr, 0, &got, sizeof(got), 0);
	if (r || got.policy != AXE_SCHED_DEADLINE || got.runtime != a.runtime ||
	    got.deadline != a.deadline || got.period != a.period || max != 0) {
		verdict(&l, "sched-deadline", "FAIL read back ");
		put_num(&l, r);
		put_str(&l, " policy ");
		put_num(&l, got.policy);
		put_str(&l, " runtime ");
		put_num(&l, (long long)got.runtime);
		put_end(&l);
	} else {
		ok("sched-deadline");
	}
	r = sched_reset();
	if (r)
		fail_err("sched-reset", "sched_setattr(SCHED_OTHER)", r);
}

static void check_sched(void)
{
	struct axe_sched_attr a = { .size = sizeof(a), .policy = AXE_SCHED_BATCH, .nice = 5 };
	struct axe_sched_attr got = { 0 };
	long r;

	r = my_syscall1(__NR_sched_getscheduler, 0);
	if (r < 0)
		fail_err("sched-getscheduler", "sched_getscheduler", r);
	else if (r != AXE_SCHED_OTHER)
		fail_msg("sched-getscheduler", "not SCHED_OTHER");
	else
		ok("sched-getscheduler");

	if (my_syscall1(__NR_sched_get_priority_max, AXE_SCHED_OTHER) != 0 ||
	    my_syscall1(__NR_sched_get_priority_min, AXE_SCHED_OTHER) != 0 ||
	    my_syscall1(__NR_sched_get_priority_max, 42) != -EINVAL)
		fail_msg("sched-priority", "SCHED_OTHER range not 0/0 or policy 42 not EINVAL");
	else
		ok("sched-priority");

	/* SCHED_BATCH with nice 5, read back, then SCHED_OTHER nice 0 again */
	r = my_syscall3(__NR_sched_setattr, 0, &a, 0);
	if (r) {
		fail_err("sched-batch-nice", "sched_setattr(SCHED_BATCH)", r);
	} else if (my_syscall4(__NR_sched_getattr, 0, &got, sizeof(got), 0) ||
		   got.policy != AXE_SCHED_BATCH || got.nice != 5) {
		fail_msg("sched-batch-nice", "sched_getattr does not give SCHED_BATCH nice 5 back");
	} else {
		ok("sched-batch-nice");
	}
	r = sched_reset();
	if (r)
		fail_err("sched-reset", "sched_setattr(SCHED_OTHER)", r);

	check_sched_rt("sched-fifo", AXE_SCHED_FIFO);
	check_sched_rt("sched-rr", AXE_SCHED_RR);
	check_sched_deadline();
}

/* ---- the console's termios ---- */

static void check_tty(void)
{
	struct axe_termios t;
	int fd = 1;
	long r;

	/* stdout, or stdin when the output goes to a file (probe.sh on x86_64) */
	r = my_syscall3(__NR_ioctl, fd, AXE_TCGETS, &t);
	if (r == -ENOTTY) {
		fd = 0;
		r = my_syscall3(__NR_ioctl, fd, AXE_TCGETS, &t);
	}
	if (r == -ENOTTY && !is_init) {
		struct line l;

		verdict(&l, "tty-tcgets", "skip neither stdin nor stdout is a tty");
		put_end(&l);
		verdict(&l, "tty-tcsets", "skip neither stdin nor stdout is a tty");
		put_end(&l);
		return;
	}
	if (r) {
		fail_err("tty-tcgets", "ioctl(TCGETS)", r);
		fail_msg("tty-tcsets", "no termios to set");
		return;
	}
	if ((t.c_cflag & 0x30 /* CSIZE */) == 0 && t.c_cflag == 0) {
		fail_msg("tty-tcgets", "c_cflag is 0");
	} else {
		ok("tty-tcgets");
	}
	/* write the same settings back: nothing changes on the console */
	r = my_syscall3(__NR_ioctl, fd, AXE_TCSETS, &t);
	if (r)
		fail_err("tty-tcsets", "ioctl(TCSETS)", r);
	else
		ok("tty-tcsets");
}

/* ---- getcpu: the axe profiles trim it on purpose (scripts/used-syscalls) ---- */

static void check_getcpu(void)
{
	unsigned int cpu = ~0u, node = ~0u;
	long r;

	r = my_syscall3(__NR_getcpu, &cpu, &node, 0);
	if (r)
		fail_err("getcpu", "getcpu", r);
	else if (cpu == ~0u || node == ~0u)
		fail_msg("getcpu", "cpu or node not written");
	else
		ok("getcpu");
}

/* ---- uname and /proc ---- */

static void check_uname(void)
{
	static struct axe_utsname u;
	long r;

	r = my_syscall1(__NR_uname, &u);
	if (r) {
		fail_err("uname", "uname", r);
		return;
	}
	info("uname-r", u.release);
	info("uname-m", u.machine);
	if (!starts(u.sysname, "Linux") || !u.release[0])
		fail_msg("uname", "sysname is not Linux or release is empty");
	else
		ok("uname");
}

static void check_meminfo(void)
{
	static char buf[4096];
	const char *p;
	char total[32] = "", free[32] = "", slab[32] = "";
	long r;

	r = slurp("/proc/meminfo", buf, sizeof(buf));
	if (r < 0) {
		fail_err("proc-meminfo", "open/read /proc/meminfo", r);
		return;
	}
	for (p = buf; *p; p++) {
		if (p != buf && p[-1] != '\n')
			continue;
		if (starts(p, "MemTotal:") || starts(p, "MemFree:") || starts(p, "Slab:")) {
			char *dst = p[0] == 'S' ? slab : p[3] == 'T' ? total : free;
			const char *s = p + (p[0] == 'S' ? 5 : p[3] == 'T' ? 9 : 8);
			int n = 0;

			while (*s == ' ')
				s++;
			while (*s >= '0' && *s <= '9' && n < 30)
				dst[n++] = *s++;
			dst[n] = 0;
		}
	}
	if (!total[0] || !free[0]) {
		fail_msg("proc-meminfo", "no MemTotal/MemFree line");
		return;
	}
	info("MemTotal-kB", total);
	info("MemFree-kB", free);
	if (slab[0])
		info("Slab-kB", slab);
	ok("proc-meminfo");
}

/* ---- files on tmpfs: mkdir, write, read back, rename, unlink, rmdir ---- */

static void check_files(const char *dir)
{
	static const char text[] = "axe probe: the quick brown fox\n";
	char path[128], path2[128], back[64];
	struct line l;
	long fd, r;

	l.len = 0;
	put_str(&l, dir);
	put_str(&l, "/axe-probe.d");
	l.buf[l.len] = 0;
	r = my_syscall3(__NR_mkdirat, AXE_AT_FDCWD, l.buf, 0755);
	if (r) {
		fail_err("fs-mkdir", "mkdir", r);
		return;
	}
	ok("fs-mkdir");

	/*
	 * No in-memory filesystem can be frozen: FIFREEZE is EOPNOTSUPP,
	 * FITHAW (nothing frozen) EINVAL, with the freeze code or without
	 * it (FS_FREEZE=n, a kernel without BLOCK)
	 */
	fd = my_syscall4(__NR_openat, AXE_AT_FDCWD, l.buf, O_RDONLY, 0);
	if (fd < 0) {
		fail_err("fs-freeze", "open", fd);
	} else {
		r = my_syscall3(__NR_ioctl, fd, AXE_FIFREEZE, 0);
		if (r != -EOPNOTSUPP) {
			fail_err("fs-freeze", "FIFREEZE (want EOPNOTSUPP)", r);
		} else {
			r = my_syscall3(__NR_ioctl, fd, AXE_FITHAW, 0);
			if (r != -EINVAL)
				fail_err("fs-freeze", "FITHAW (want EINVAL)", r);
			else
				ok("fs-freeze");
		}
		my_syscall1(__NR_close, fd);
	}

	put_str(&l, "/a");
	l.buf[l.len] = 0;
	memcpy(path, l.buf, l.len + 1);
	l.len -= 1;
	put_str(&l, "b");
	l.buf[l.len] = 0;
	memcpy(path2, l.buf, l.len + 1);

	fd = my_syscall4(__NR_openat, AXE_AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		fail_err("fs-write", "open", fd);
		return;
	}
	r = my_syscall3(__NR_write, fd, text, sizeof(text) - 1);
	my_syscall1(__NR_close, fd);
	if (r != sizeof(text) - 1) {
		fail_err("fs-write", "write", r < 0 ? r : -ENOSPC);
		return;
	}
	ok("fs-write");

	r = my_syscall4(__NR_renameat, AXE_AT_FDCWD, path, AXE_AT_FDCWD, path2);
	if (r)
		fail_err("fs-rename", "rename", r);
	else if (slurp(path, back, sizeof(back)) != -ENOENT)
		fail_msg("fs-rename", "the old name still exists");
	else
		ok("fs-rename");

	r = slurp(r ? path : path2, back, sizeof(back));
	if (r < 0)
		fail_err("fs-read", "open/read", r);
	else if (r != sizeof(text) - 1 || memcmp(back, text, r))
		fail_msg("fs-read", "read back differs from what was written");
	else
		ok("fs-read");

	r = my_syscall3(__NR_unlinkat, AXE_AT_FDCWD, path2, 0);
	if (r)
		fail_err("fs-unlink", "unlink", r);
	else if (slurp(path2, back, sizeof(back)) != -ENOENT)
		fail_msg("fs-unlink", "the file is still there");
	else
		ok("fs-unlink");

	path[l.len - 2] = 0;	/* the directory */
	r = my_syscall3(__NR_unlinkat, AXE_AT_FDCWD, path, 0x200 /* AT_REMOVEDIR */);
	if (r)
		fail_err("fs-rmdir", "rmdir", r);
	else
		ok("fs-rmdir");
}

/* ---- process 1 only: mounts, kernel log, restart ---- */

static long do_mount(const char *src, const char *dir, const char *type)
{
	my_syscall3(__NR_mkdirat, AXE_AT_FDCWD, dir, 0755);
	return my_syscall5(__NR_mount, src, dir, type, 0, 0);
}

/* Print the kernel log from "as init process" on, between markers. */
static void dump_kernel_log(void)
{
	struct line l = { .len = 0 };
	long n, i, start = 0, size;
	char *buf = MAP_FAILED;

	/*
	 * A buffer the size of the kernel's log, mapped when needed: a static
	 * one as big as the largest log would be a contiguous block of bss
	 * at exec without an MMU, whatever the kernel's log size.
	 */
	size = my_syscall3(__NR_syslog, AXE_SYSLOG_SIZE_BUFFER, 0, 0);
	if (size > 0)
		buf = mmap(NULL, size + 1, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	n = buf == MAP_FAILED ? -1 : my_syscall3(__NR_syslog, AXE_SYSLOG_READ_ALL, buf, size);
	info("dmesg", n < 0 ? "unreadable" : "follows");
	if (n <= 0)
		return;
	buf[n] = 0;
	/* from the line after the last "... as init process" on */
	for (i = 0; i < n; i++)
		if (starts(buf + i, "as init process")) {
			for (start = i; start < n && buf[start] != '\n'; start++)
				;
			start++;
		}
	put_str(&l, "AXE-DMESG-BEGIN (kernel log since init started)");
	put_end(&l);
	for (i = start; i < n; i++) {
		if (buf[i] == '\n') {
			put_end(&l);
			continue;
		}
		if (l.len < AXE_LINE_MAX - 2)
			l.buf[l.len++] = buf[i];
	}
	if (l.len)
		put_end(&l);
	put_str(&l, "AXE-DMESG-END");
	put_end(&l);
}

int main(void)
{
	struct line l = { .len = 0 };
	static char up[64];
	const char *dir = "/tmp";
	long r;

	is_init = my_syscall0(__NR_getpid) == 1;
	if (is_init) {
		/* keep kernel messages from splitting probe lines */
		my_syscall3(__NR_syslog, AXE_SYSLOG_CONSOLE_LEVEL, 0, 1);
		r = do_mount("proc", "/proc", "proc");
		if (r)
			fail_err("fs-mount-proc", "mount proc", r);
		else
			ok("fs-mount-proc");
		/* without SHMEM (no MMU) "tmpfs" is served by ramfs */
		r = do_mount("tmpfs", "/tmp", "tmpfs");
		if (r)
			fail_err("fs-mount-tmpfs", "mount tmpfs", r);
		else
			ok("fs-mount-tmpfs");
	} else {
		verdict(&l, "fs-mount-proc", "skip not process 1");
		put_end(&l);
		verdict(&l, "fs-mount-tmpfs", "skip not process 1");
		put_end(&l);
	}
	r = slurp("/proc/uptime", up, sizeof(up));
	if (r > 0) {
		for (r = 0; up[r] && up[r] != ' '; r++)
			;
		up[r] = 0;
		info("uptime", up);
	}

	check_uname();
	check_meminfo();
	check_clock("clock-realtime", 0, K_WALL);
	check_clock("clock-monotonic", 1, K_MONO);
	check_clock("clock-process-cputime", 2, K_CPU);
	check_clock("clock-thread-cputime", 3, K_CPU);
	check_clock("clock-monotonic-raw", 4, K_MONO);
	check_clock("clock-realtime-coarse", 5, K_WALL);
	check_clock("clock-monotonic-coarse", 6, K_MONO);
	check_clock("clock-boottime", 7, K_MONO);
	check_clock("clock-realtime-alarm", 8, K_ALARM);
	check_clock("clock-boottime-alarm", 9, K_ALARM);
	check_clock("clock-tai", 11, K_WALL);
	check_clock_invalid();
	check_c_clock();
	check_nanosleep();
	r = block_sigalrm();
	if (r) {
		fail_err("clock-setitimer", "rt_sigprocmask", r);
		fail_err("clock-alarm", "rt_sigprocmask", r);
	} else {
		check_setitimer();
		check_alarm();
	}
	check_sched();
	check_tty();
	check_getcpu();
	check_files(dir);

	if (slurp("/proc/uptime", up, sizeof(up)) > 0) {
		for (r = 0; up[r] && up[r] != ' '; r++)
			;
		up[r] = 0;
		info("end-uptime", up);
	}
	put_str(&l, "AXE-CHECK-DONE: ");
	put_num(&l, n_ok);
	put_str(&l, " ok, ");
	put_num(&l, n_fail);
	put_str(&l, " FAIL, ");
	put_num(&l, n_skip);
	put_str(&l, " skip");
	put_end(&l);

	if (!is_init)
		return n_fail ? 1 : 0;
	dump_kernel_log();
	my_syscall3(__NR_syslog, AXE_SYSLOG_CONSOLE_LEVEL, 0, 7);
	/*
	 * Restart, as 'reboot -f' does: the boards have no power-off (without
	 * a handler RB_POWER_OFF halts for ever), and a reset ends QEMU under
	 * -no-reboot. The boot test fails when the machine does not stop.
	 */
	info("reboot", "restart");
	my_syscall4(__NR_reboot, 0xfee1dead, 672274793, 0x01234567 /* RESTART */, 0);
	info("reboot", "did not stop the machine");
	for (;;)
		my_syscall0(__NR_pause);
}

/* ---- entry for a static PIE (no-MMU ARM): apply R_ARM_RELATIVE first ---- */

#if defined(__PIE__) && defined(__arm__)
struct axe_dyn {
	long tag;
	unsigned long val;
};

extern const struct axe_dyn _DYNAMIC[] __attribute__((visibility("hidden")));
extern const char __ehdr_start[] __attribute__((visibility("hidden")));

/*
 * The binary is linked at 0 and binfmt_elf_fdpic loads it in one block at
 * some address: every R_ARM_RELATIVE word (nolibc's weak symbols go through
 * the GOT) gets the load address added before any C library code runs.
 * Both symbols are hidden, so they are reached PC-relative, not via the GOT.
 */
__attribute__((used)) void axe_relocate(void)
{
	unsigned long base = (unsigned long)__ehdr_start, rel = 0, relsz = 0, i;
	const struct axe_dyn *d;

	for (d = _DYNAMIC; d->tag; d++) {
		if (d->tag == 17)		/* DT_REL */
			rel = d->val;
		else if (d->tag == 18)		/* DT_RELSZ */
			relsz = d->val;
	}
	for (i = 0; i < relsz; i += 8) {
		const unsigned long *r = (const unsigned long *)(base + rel + i);

		if ((r[1] & 0xff) == 23)	/* R_ARM_RELATIVE */
			*(unsigned long *)(base + r[0]) += base;
	}
}

/* The entry point (-e axe_entry): relocate, then nolibc's _start_c(sp). */
__attribute__((naked, noreturn, used)) void axe_entry(void)
{
	__asm__ volatile (
		"mov	r4, sp\n"
		"bl	axe_relocate\n"
		"mov	r0, r4\n"
		"bic	r1, r4, #7\n"
		"mov	sp, r1\n"
		"bl	_start_c\n"
		"b	.\n");
}
#endif
