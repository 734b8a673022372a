// SPDX-License-Identifier: GPL-2.0
/*
 * clockprobe - check the time/clock/timer syscalls of the kernel under test.
 *
 * Built on the host with `gcc -static -O2` and run inside the boot-test
 * guest by scripts/probe/probe.sh. Prints one line per check:
 *
 *   AXE-PROBE: clock-<name>: ok
 *   AXE-PROBE: clock-<name>: FAIL <detail>
 *
 * It only reports what the kernel did; scripts/boot-test decides whether a
 * FAIL is acceptable (--allow-fail), e.g. on CONFIG_POSIX_TIMERS=n kernels.
 *
 * Every clock_gettime() check is done twice: through glibc (which may be
 * answered by the vDSO without entering the kernel) and through the raw
 * syscall. The vDSO serves the coarse clocks, and others when the clocksource
 * allows it, even where the syscall would fail, so a glibc-only check would
 * depend on which clocksource the guest happened to pick.
 *
 * Exit status: 0 when all checks ran (whatever their verdicts), 2 on an
 * internal error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NSEC_PER_SEC 1000000000LL

static void report(const char *name, int ok, const char *fmt, ...)
{
	char detail[160] = "";

	if (!ok && fmt) {
		va_list ap;

		detail[0] = ' ';
		va_start(ap, fmt);
		vsnprintf(detail + 1, sizeof(detail) - 1, fmt, ap);
		va_end(ap);
	}
	printf("AXE-PROBE: clock-%s: %s%s\n", name, ok ? "ok" : "FAIL", detail);
	fflush(stdout);
}

static const char *errname(int err)
{
	const char *s = strerrorname_np(err);
	static char buf[24];

	if (s)
		return s;
	snprintf(buf, sizeof(buf), "%d", err);
	return buf;
}

static long long ts_ns(const struct timespec *ts)
{
	return (long long)ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

static long long wall_us(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (long long)tv.tv_sec * 1000000 + tv.tv_usec;
}

/* Burn CPU for about ms milliseconds of wall time (bounded iterations). */
static void busy_loop(int ms)
{
	long long end = wall_us() + ms * 1000LL;
	volatile unsigned long sink = 0;
	unsigned long i;

	for (i = 0; i < 4000000000UL; i++) {
		sink += i;
		if ((i & 0xffff) == 0 && wall_us() >= end)
			break;
	}
}

static int sane_ts(const struct timespec *ts)
{
	return ts->tv_sec >= 0 && ts->tv_nsec >= 0 && ts->tv_nsec < NSEC_PER_SEC;
}

/* clock_gettime through glibc (vDSO or syscall); returns 0 or an errno. */
static int get_libc(clockid_t id, struct timespec *ts)
{
	return clock_gettime(id, ts) ? errno : 0;
}

/* clock_gettime through the raw syscall; returns 0 or an errno. */
static int get_sys(clockid_t id, struct timespec *ts)
{
	return syscall(SYS_clock_gettime, id, ts) ? errno : 0;
}

enum kind {
	K_WALL,		/* must be a plausible calendar time */
	K_MONO,		/* second reading must not go backwards */
	K_CPU,		/* must advance over a busy loop */
};

static void check_clock(const char *name, clockid_t id, enum kind kind)
{
	struct timespec l0, l1, s0, s1;
	int el, es;

	el = get_libc(id, &l0);
	es = get_sys(id, &s0);
	if (el || es) {
		if (el && es && el == es)
			report(name, 0, "errno=%s", errname(el));
		else if (es)
			report(name, 0, "errno=%s (syscall; glibc/vDSO %s)",
			       errname(es), el ? errname(el) : "ok");
		else
			report(name, 0, "errno=%s (glibc; syscall ok)", errname(el));
		return;
	}
	if (!sane_ts(&l0) || !sane_ts(&s0)) {
		report(name, 0, "bad timespec %lld.%09ld", (long long)s0.tv_sec, s0.tv_nsec);
		return;
	}
	if (kind == K_CPU)
		busy_loop(100);
	el = get_libc(id, &l1);
	es = get_sys(id, &s1);
	if (el || es) {
		report(name, 0, "second read errno=%s", errname(el ? el : es));
		return;
	}
	switch (kind) {
	case K_WALL:
		/* 2020-01-01; QEMU's CMOS RTC starts at the host's time */
		if (s1.tv_sec < 1577836800LL) {
			report(name, 0, "implausible time %lld", (long long)s1.tv_sec);
			return;
		}
		break;
	case K_MONO:
		if (ts_ns(&l1) < ts_ns(&l0) || ts_ns(&s1) < ts_ns(&s0)) {
			report(name, 0, "went backwards");
			return;
		}
		break;
	case K_CPU:
		if (ts_ns(&l1) <= ts_ns(&l0) || ts_ns(&s1) <= ts_ns(&s0)) {
			report(name, 0, "did not advance over 100ms busy loop (%lld -> %lld ns)",
			       ts_ns(&s0), ts_ns(&s1));
			return;
		}
		break;
	}
	report(name, 1, NULL);
}

/* C library clock(): CLOCK_PROCESS_CPUTIME_ID through glibc. */
static void check_libc_clock(void)
{
	clock_t c0, c1;

	errno = 0;
	c0 = clock();
	if (c0 == (clock_t)-1) {
		report("clock", 0, "clock()=-1 errno=%s", errname(errno));
		return;
	}
	busy_loop(100);
	c1 = clock();
	if (c1 == (clock_t)-1 || c1 < 0 || c0 < 0) {
		report("clock", 0, "clock()=%ld errno=%s", (long)c1, errname(errno));
		return;
	}
	if (c1 <= c0) {
		report("clock", 0, "did not advance (%ld -> %ld)", (long)c0, (long)c1);
		return;
	}
	report("clock", 1, NULL);
}

static volatile sig_atomic_t got_alarm;

static void on_alarm(int sig)
{
	(void)sig;
	got_alarm++;
}

/*
 * Run a signal test in a child so a kernel that never delivers SIGALRM
 * cannot hang the probe: the parent polls waitpid() for up to limit_ms
 * (nanosleep works on every kernel) and kills the child after that.
 * The child exits 0 on success; otherwise it exits non-zero and sends the
 * failure detail through a pipe as text.
 */
static void run_child(const char *name, int limit_ms, int (*fn)(char *msg, size_t len))
{
	int pfd[2];
	pid_t pid;
	char msg[128] = "";
	int status = 0, waited = 0;
	ssize_t n;

	if (pipe(pfd)) {
		report(name, 0, "pipe errno=%s", errname(errno));
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		report(name, 0, "fork errno=%s", errname(errno));
		close(pfd[0]);
		close(pfd[1]);
		return;
	}
	if (pid == 0) {
		int rc;

		close(pfd[0]);
		rc = fn(msg, sizeof(msg));
		if (write(pfd[1], msg, strlen(msg)) < 0)
			rc = 3;
		_exit(rc);
	}
	close(pfd[1]);
	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);
		struct timespec step = { 0, 20 * 1000 * 1000 };

		if (r == pid)
			break;
		if (r < 0) {
			report(name, 0, "waitpid errno=%s", errname(errno));
			close(pfd[0]);
			return;
		}
		if (waited >= limit_ms) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			report(name, 0, "no SIGALRM within %d ms", limit_ms);
			close(pfd[0]);
			return;
		}
		nanosleep(&step, NULL);
		waited += 20;
	}
	n = read(pfd[0], msg, sizeof(msg) - 1);
	msg[n > 0 ? n : 0] = 0;
	close(pfd[0]);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		report(name, 1, NULL);
	else if (WIFSIGNALED(status))
		report(name, 0, "child killed by signal %d %s", WTERMSIG(status), msg);
	else
		report(name, 0, "%s", msg[0] ? msg : "child failed");
}

static int install_handler(char *msg, size_t len)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL)) {
		snprintf(msg, len, "sigaction errno=%s", errname(errno));
		return 1;
	}
	return 0;
}

static int alarm_child(char *msg, size_t len)
{
	long long t0, dt;
	unsigned int r;

	if (install_handler(msg, len))
		return 1;
	t0 = wall_us();
	errno = 0;
	r = alarm(1);
	if (errno) {
		snprintf(msg, len, "errno=%s", errname(errno));
		return 1;
	}
	if (r != 0) {
		snprintf(msg, len, "alarm(1) returned %u, expected 0", r);
		return 1;
	}
	while (!got_alarm)
		pause();
	dt = wall_us() - t0;
	if (dt < 900000 || dt > 5000000) {
		snprintf(msg, len, "SIGALRM after %lld ms, expected ~1000", dt / 1000);
		return 1;
	}
	return 0;
}

static int setitimer_child(char *msg, size_t len)
{
	struct itimerval it = { { 0, 0 }, { 0, 200000 } }, cur;
	long long t0, dt;

	if (install_handler(msg, len))
		return 1;
	t0 = wall_us();
	if (setitimer(ITIMER_REAL, &it, NULL)) {
		snprintf(msg, len, "errno=%s", errname(errno));
		return 1;
	}
	if (getitimer(ITIMER_REAL, &cur)) {
		snprintf(msg, len, "getitimer errno=%s", errname(errno));
		return 1;
	}
	while (!got_alarm)
		pause();
	dt = wall_us() - t0;
	if (dt < 180000 || dt > 5000000) {
		snprintf(msg, len, "SIGALRM after %lld ms, expected ~200", dt / 1000);
		return 1;
	}
	return 0;
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);

	check_libc_clock();
	check_clock("realtime", CLOCK_REALTIME, K_WALL);
	check_clock("monotonic", CLOCK_MONOTONIC, K_MONO);
	check_clock("monotonic-raw", CLOCK_MONOTONIC_RAW, K_MONO);
	check_clock("realtime-coarse", CLOCK_REALTIME_COARSE, K_WALL);
	check_clock("monotonic-coarse", CLOCK_MONOTONIC_COARSE, K_MONO);
	check_clock("boottime", CLOCK_BOOTTIME, K_MONO);
	check_clock("tai", CLOCK_TAI, K_WALL);
	check_clock("process-cputime", CLOCK_PROCESS_CPUTIME_ID, K_CPU);
	check_clock("thread-cputime", CLOCK_THREAD_CPUTIME_ID, K_CPU);
	run_child("alarm", 4000, alarm_child);
	run_child("setitimer", 4000, setitimer_child);
	return 0;
}
