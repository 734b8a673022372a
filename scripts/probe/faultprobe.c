// SPDX-License-Identifier: GPL-2.0
/*
 * faultprobe - the dentry cache and TTY system calls under allocation failure.
 *
 * Built on the host with `gcc -static -O2` and run inside the boot-test
 * guest by scripts/probe/probe.sh when boot-test --fault-inject put it
 * there (scripts/boot --sanitize). The kernel needs CONFIG_FAULT_INJECTION,
 * FAILSLAB, FAIL_PAGE_ALLOC and FAULT_INJECTION_DEBUG_FS
 * (configs/debug-sanitizers.config).
 *
 * Each operation is swept with /proc/thread-self/fail-nth: for N = 1, 2, ...
 * the Nth slab or page allocation the operation's system calls make fails,
 * until the operation makes fewer than N allocations. No randomness: the
 * same kernel gives the same sweep. After every step:
 *
 *  - the system call returned what it returns without a fault, or -ENOMEM
 *    (the documented errno for an allocation failure), or for a call that
 *    creates an inode on ramfs or tmpfs -ENOSPC (both report a failed inode
 *    allocation as a full filesystem, upstream as well), or for I/O on a
 *    serial port just opened -EIO (serial_core lets root open a port whose
 *    startup failed, so that setserial can fix it, and its I/O then fails
 *    with EIO); any other errno is a FAIL;
 *  - once undone, the work directory lists exactly the names it listed
 *    before (no entry half created, no entry lost);
 *  - at the end, the operation run once more without a fault gives its
 *    result again (nothing was left broken).
 *
 * An operation that allocates nothing (most TTY ioctls) has no fault point:
 * it is reported, and the sweep as a whole must have injected faults.
 * Then kmemleak scans (a kernel without it is a FAIL): any suspected leak
 * is a FAIL.
 * The console is judged on the host for oopses, KASAN, lockdep and UBSAN
 * reports.
 *
 * Prints one line per operation:
 *
 *   AXE-PROBE: fi.<name>: ok
 *   AXE-PROBE: fi.<name>: FAIL <detail>
 *   AXE-INFO: fi.<name>: <N> fault points, <E> gave ENOMEM, <S> recovered
 *
 * Exit status: 0 when every sweep ran (whatever the verdicts), 2 when the
 * fault-injection files are missing.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

/* More fault points than any one operation here has (mount has ~60). */
#define FP_MAX_STEPS	400
#define FP_LIST_MAX	4096
#define FP_PATH		256

static int nth_fd = -1;
static char dir[64];		/* the work directory of the current sweep */
static int tty_fd = -1;
static int n_ok, n_fail, total_points;

static void report(const char *name, int ok, const char *fmt, ...)
{
	char detail[240] = "";

	if (!ok && fmt) {
		va_list ap;

		detail[0] = ' ';
		va_start(ap, fmt);
		vsnprintf(detail + 1, sizeof(detail) - 1, fmt, ap);
		va_end(ap);
	}
	printf("AXE-PROBE: fi.%s: %s%s\n", name, ok ? "ok" : "FAIL", detail);
	fflush(stdout);
	if (ok)
		n_ok++;
	else
		n_fail++;
}

static const char *errname(int r)
{
	static char buf[24];
	const char *s;

	if (r >= 0) {
		snprintf(buf, sizeof(buf), "%d", r);
		return buf;
	}
	s = strerrorname_np(-r);
	if (s)
		return s;
	snprintf(buf, sizeof(buf), "errno %d", -r);
	return buf;
}

/* Write a string to a debugfs/procfs knob; 0 or -errno. */
static int put(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY);
	int r = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		r = -errno;
	close(fd);
	return r;
}

static void set_nth(unsigned int n)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%u", n);

	if (pwrite(nth_fd, buf, len, 0) != len) {
		printf("AXE-INFO: fi: writing fail-nth: %s\n", strerror(errno));
		exit(2);
	}
}

/* What is left of the fail-nth count: 0 when the fault was injected. */
static unsigned int get_nth(void)
{
	char buf[16] = "";

	if (pread(nth_fd, buf, sizeof(buf) - 1, 0) < 0)
		return 0;
	return strtoul(buf, NULL, 10);
}

static int neg(int r)
{
	return r < 0 ? -errno : r;
}

static void path(char *buf, const char *name)
{
	snprintf(buf, FP_PATH, "%s/%s", dir, name);
}

static int mkfile(const char *name)
{
	char p[FP_PATH];
	int fd;

	path(p, name);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int mkd(const char *name)
{
	char p[FP_PATH];

	path(p, name);
	return mkdir(p, 0755) < 0 && errno != EEXIST ? -errno : 0;
}

static void rm(const char *name)
{
	char p[FP_PATH];

	path(p, name);
	if (unlink(p) < 0 && errno == EISDIR)
		rmdir(p);
	rmdir(p);
}

/* The names in the work directory, sorted, as one string. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void listing(const char *d, char *out, size_t size)
{
	char *names[256];
	int n = 0, i;
	DIR *dp = opendir(d);
	struct dirent *e;
	size_t len = 0;

	out[0] = 0;
	if (!dp) {
		snprintf(out, size, "<opendir: %s>", strerror(errno));
		return;
	}
	while ((e = readdir(dp)) && n < 256)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			names[n++] = strdup(e->d_name);
	closedir(dp);
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		len += snprintf(out + len, len < size ? size - len : 0, "%s ", names[i]);
		free(names[i]);
	}
}

/* ---- the operations: setup() makes the state, run() is swept, undo() restores it ---- */

struct op {
	const char *name;
	const char *fs;		/* "tmpfs", "ramfs" or NULL (no work directory) */
	int (*setup)(void);
	int (*run)(void);
	void (*undo)(void);
	int also;		/* one more errno a fault may give (ENOSPC, EIO), or 0 */
};

static int nop(void)
{
	return 0;
}

static void undo_nop(void)
{
}

static int run_mkdir(void)
{
	char p[FP_PATH];

	path(p, "new");
	return neg(mkdir(p, 0755));
}

static void undo_new(void)
{
	rm("new");
}

static int setup_dir(void)
{
	return mkd("d");
}

static int run_rmdir(void)
{
	char p[FP_PATH];

	path(p, "d");
	return neg(rmdir(p));
}

static void undo_d(void)
{
	rm("d");
}

static int run_creat(void)
{
	char p[FP_PATH];
	int fd;

	path(p, "new");
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int setup_file(void)
{
	return mkfile("f");
}

static int run_unlink(void)
{
	char p[FP_PATH];

	path(p, "f");
	return neg(unlink(p));
}

static void undo_f(void)
{
	rm("f");
	rm("f2");
	rm("g");
}

static int run_symlink(void)
{
	char p[FP_PATH];

	path(p, "new");
	return neg(symlink("a/long/enough/target/name/to/need/its/own/allocation", p));
}

static int run_link(void)
{
	char a[FP_PATH], b[FP_PATH];

	path(a, "f");
	path(b, "f2");
	return neg(link(a, b));
}

static int run_rename(void)
{
	char a[FP_PATH], b[FP_PATH];

	path(a, "f");
	path(b, "a-new-name-longer-than-the-inline-name-of-a-dentry-so-it-is-allocated");
	return neg(rename(a, b));
}

static void undo_rename(void)
{
	rm("f");
	rm("a-new-name-longer-than-the-inline-name-of-a-dentry-so-it-is-allocated");
}

static int setup_two(void)
{
	int r = mkfile("f");

	return r ? r : mkfile("g");
}

static int run_exchange(void)
{
	char a[FP_PATH], b[FP_PATH];

	path(a, "f");
	path(b, "g");
	return neg(syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */));
}

static int setup_tree(void)
{
	int r = mkd("d");

	if (!r)
		r = mkd("sub");
	return r;
}

static int run_rename_dir(void)
{
	char a[FP_PATH], b[FP_PATH];

	path(a, "d");
	path(b, "sub/d");
	return neg(rename(a, b));
}

static void undo_tree(void)
{
	rm("sub/d");
	rm("d");
	rm("sub");
}

static int run_stat_missing(void)
{
	char p[FP_PATH];
	struct stat st;

	path(p, "no-such-name");
	return neg(stat(p, &st));
}

static int setup_deep(void)
{
	static const char *const d[] = { "p", "p/q", "p/q/r", "p/q/r/s" };
	unsigned int i;
	int r = 0;

	for (i = 0; i < 4 && !r; i++)
		r = mkd(d[i]);
	return r ? r : mkfile("p/q/r/s/leaf");
}

static int run_stat_deep(void)
{
	char p[FP_PATH];
	struct stat st;

	path(p, "p/./q/../q/r/s/leaf");
	return neg(stat(p, &st));
}

static void undo_deep(void)
{
	rm("p/q/r/s/leaf");
	rm("p/q/r/s");
	rm("p/q/r");
	rm("p/q");
	rm("p");
}

static int setup_many(void)
{
	char n[16];
	int i, r = mkd("many");

	for (i = 0; i < 24 && !r; i++) {
		snprintf(n, sizeof(n), "many/e%02d", i);
		r = mkfile(n);
	}
	return r;
}

static int run_getdents(void)
{
	char p[FP_PATH], buf[512];
	int fd, n, count = 0;
	long len;

	path(p, "many");
	fd = open(p, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return -errno;
	while ((len = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (n = 0; n < len; n += ((struct dirent64 *)(buf + n))->d_reclen)
			count++;
	}
	n = len < 0 ? -errno : count;
	close(fd);
	return n;
}

static void undo_many(void)
{
	char n[16];
	int i;

	for (i = 0; i < 24; i++) {
		snprintf(n, sizeof(n), "many/e%02d", i);
		rm(n);
	}
	rm("many");
}

static int run_cwd(void)
{
	char p[FP_PATH], buf[256];
	int r = 0;

	path(p, "d");
	if (chdir(p) < 0)
		return -errno;
	if (!getcwd(buf, sizeof(buf)))
		r = -errno;
	else if (strcmp(buf, p))
		r = -EBADMSG;
	if (chdir("/") < 0 && !r)
		r = -errno;
	return r;
}

static int run_write_read(void)
{
	static char out[3 * 4096 + 100], in[sizeof(out)];
	char p[FP_PATH];
	ssize_t n;
	int fd, r = 0;

	memset(out, 'x', sizeof(out));
	path(p, "f");
	fd = open(p, O_RDWR | O_TRUNC);
	if (fd < 0)
		return -errno;
	n = write(fd, out, sizeof(out));
	if (n < 0)
		r = -errno;
	else if (n != (ssize_t)sizeof(out))
		r = -EIO;	/* a short write: counted as a wrong result */
	else if (pread(fd, in, sizeof(in), 0) != (ssize_t)sizeof(in))
		r = -EIO;
	else if (memcmp(in, out, sizeof(in)))
		r = -EBADMSG;
	close(fd);
	return r;
}

static int run_mount(void)
{
	char p[FP_PATH], q[FP_PATH];
	int r;

	path(p, "d");
	if (mount("none", p, "ramfs", 0, NULL) < 0)
		return -errno;
	path(q, "d/inner");
	r = neg(mkdir(q, 0755));
	if (umount(p) < 0 && !r)
		r = -errno;
	return r;
}

/* a failed umount (its path lookup can fail too) leaves the mount in place */
static void undo_mount(void)
{
	char p[FP_PATH];

	path(p, "d");
	umount2(p, MNT_DETACH);
	rm("d");
}

static int run_proc_status(void)
{
	char buf[4096];
	int fd = open("/proc/self/status", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n < 0)
		return -errno;
	return strstr(buf, "\nPid:") ? 0 : -EBADMSG;
}

static int run_proc_readlink(void)
{
	char buf[256];

	return readlink("/proc/self/cwd", buf, sizeof(buf)) == 1 ? 0 : -errno ? -errno : -EBADMSG;
}

static int run_proc_list(void)
{
	DIR *dp;
	struct dirent *e;
	int have1 = 0;

	errno = 0;
	dp = opendir("/proc");
	if (!dp)
		return -errno;
	errno = 0;
	while ((e = readdir(dp)))
		have1 |= !strcmp(e->d_name, "1");
	closedir(dp);
	if (errno)
		return -errno;
	return have1 ? 0 : -EBADMSG;
}

static int run_tty_open(void)
{
	int fd = open("/dev/ttyS0", O_RDWR | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int setup_tty(void)
{
	if (tty_fd < 0)
		tty_fd = open("/dev/ttyS0", O_RDWR | O_NOCTTY | O_NONBLOCK);
	return tty_fd < 0 ? -errno : 0;
}

static int run_tty_termios(void)
{
	struct termios t;

	if (tcgetattr(tty_fd, &t) < 0)
		return -errno;
	return neg(tcsetattr(tty_fd, TCSANOW, &t));
}

static int run_tty_winsz(void)
{
	struct winsize w;

	if (ioctl(tty_fd, TIOCGWINSZ, &w) < 0)
		return -errno;
	return neg(ioctl(tty_fd, TIOCSWINSZ, &w));
}

static int run_tty_write_poll(void)
{
	struct pollfd p = { .fd = tty_fd, .events = POLLOUT };
	int n, r;

	/* a carriage return: invisible in the console log the host judges */
	r = write(tty_fd, "\r", 1);
	if (r != 1)
		return r < 0 ? -errno : -EIO;
	r = poll(&p, 1, 0);
	if (r < 0)
		return -errno;
	if (ioctl(tty_fd, FIONREAD, &n) < 0)
		return -errno;
	return (p.revents & POLLOUT) ? 0 : -EBADMSG;
}

/*
 * ttyS1 (scripts/boot --sanitize gives QEMU a second UART) is open nowhere
 * else: every open is a first open, which allocates the tty, and every
 * close a last close, which frees it.
 */
static int run_tty1_open(void)
{
	int fd = open("/dev/ttyS1", O_RDWR | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		return -errno;
	return neg(close(fd));
}

static int run_tty1_raw_write(void)
{
	static const char msg[64] = "faultprobe on ttyS1: raw mode, 64 bytes, no flow control..\r\n";
	struct termios t;
	int fd = open("/dev/ttyS1", O_RDWR | O_NOCTTY | O_NONBLOCK);
	int r = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	if (tcgetattr(fd, &t) < 0) {
		r = -errno;
	} else {
		cfmakeraw(&t);
		if (tcsetattr(fd, TCSANOW, &t) < 0)
			r = -errno;
	}
	if (!r) {
		/* non-blocking: a short write (even of 0 bytes) is no error */
		n = write(fd, msg, sizeof(msg));
		if (n < 0)
			r = -errno;
	}
	close(fd);
	return r;
}

static const struct op ops[] = {
	{ "mkdir", "tmpfs", nop, run_mkdir, undo_new, ENOSPC },
	{ "rmdir", "tmpfs", setup_dir, run_rmdir, undo_d, 0 },
	{ "creat", "tmpfs", nop, run_creat, undo_new, ENOSPC },
	{ "unlink", "tmpfs", setup_file, run_unlink, undo_f, 0 },
	{ "symlink", "tmpfs", nop, run_symlink, undo_new, ENOSPC },
	{ "link", "tmpfs", setup_file, run_link, undo_f, 0 },
	{ "rename", "tmpfs", setup_file, run_rename, undo_rename, 0 },
	{ "rename-exchange", "tmpfs", setup_two, run_exchange, undo_f, 0 },
	{ "rename-dir", "tmpfs", setup_tree, run_rename_dir, undo_tree, 0 },
	{ "stat-missing", "tmpfs", nop, run_stat_missing, undo_nop, 0 },
	{ "stat-deep", "tmpfs", setup_deep, run_stat_deep, undo_deep, 0 },
	{ "getdents", "tmpfs", setup_many, run_getdents, undo_many, 0 },
	{ "getcwd", "tmpfs", setup_dir, run_cwd, undo_d, 0 },
	{ "write-read", "tmpfs", setup_file, run_write_read, undo_f, 0 },
	{ "mount-ramfs", "tmpfs", setup_dir, run_mount, undo_mount, ENOSPC },
	{ "ramfs-mkdir", "ramfs", nop, run_mkdir, undo_new, ENOSPC },
	{ "ramfs-creat", "ramfs", nop, run_creat, undo_new, ENOSPC },
	{ "ramfs-rename", "ramfs", setup_file, run_rename, undo_rename, 0 },
	{ "ramfs-rename-dir", "ramfs", setup_tree, run_rename_dir, undo_tree, 0 },
	{ "ramfs-stat-deep", "ramfs", setup_deep, run_stat_deep, undo_deep, 0 },
	{ "ramfs-write-read", "ramfs", setup_file, run_write_read, undo_f, 0 },
	{ "proc-status", NULL, nop, run_proc_status, undo_nop, 0 },
	{ "proc-readlink", NULL, nop, run_proc_readlink, undo_nop, 0 },
	{ "proc-readdir", NULL, nop, run_proc_list, undo_nop, 0 },
	{ "tty-open", NULL, nop, run_tty_open, undo_nop, 0 },
	{ "tty-termios", NULL, setup_tty, run_tty_termios, undo_nop, 0 },
	{ "tty-winsize", NULL, setup_tty, run_tty_winsz, undo_nop, 0 },
	{ "tty-write-poll", NULL, setup_tty, run_tty_write_poll, undo_nop, 0 },
	{ "tty1-open", NULL, nop, run_tty1_open, undo_nop, 0 },
	{ "tty1-raw-write", NULL, nop, run_tty1_raw_write, undo_nop, EIO },
};

static void sweep(const struct op *op)
{
	static char before[FP_LIST_MAX], after[FP_LIST_MAX];
	int r0, r, n, points = 0, enomem = 0, recovered = 0;
	char bad[200] = "";

	if (op->fs) {
		snprintf(dir, sizeof(dir), "/tmp/fi.%s", op->fs);
		listing(dir, before, sizeof(before));
	}
	/* the result without a fault */
	r0 = op->setup();
	if (r0 < 0) {
		report(op->name, 0, "setup: %s", errname(r0));
		op->undo();
		return;
	}
	r0 = op->run();
	op->undo();

	for (n = 1; n <= FP_MAX_STEPS; n++) {
		unsigned int left;

		r = op->setup();
		if (r < 0) {
			snprintf(bad, sizeof(bad), "step %d: setup: %s", n, errname(r));
			break;
		}
		set_nth(n);
		r = op->run();
		left = get_nth();
		set_nth(0);
		op->undo();
		if (left) {
			/* fewer than n fault points: every one has been failed */
			if (r != r0)
				snprintf(bad, sizeof(bad), "no fault injected at step %d, got %s, want %s",
					 n, errname(r), errname(r0));
			break;
		}
		points++;
		if (r == -ENOMEM || (op->also && r == -op->also))
			enomem++;
		else if (r == r0)
			recovered++;
		else if (!bad[0])
			snprintf(bad, sizeof(bad), "fault %d gave %s (want %s, ENOMEM%s%s)",
				 n, errname(r), errname(r0), op->also ? " or " : "",
				 op->also ? errname(-op->also) : "");
		if (op->fs && !bad[0]) {
			listing(dir, after, sizeof(after));
			if (strcmp(before, after))
				snprintf(bad, sizeof(bad), "after fault %d and undo the directory holds '%.60s', not '%.60s'",
					 n, after, before);
		}
	}
	if (n > FP_MAX_STEPS && !bad[0])
		snprintf(bad, sizeof(bad), "more than %d fault points", FP_MAX_STEPS);

	/* and once more without a fault: nothing left broken */
	r = op->setup();
	if (r >= 0)
		r = op->run();
	op->undo();
	if (!bad[0] && r != r0)
		snprintf(bad, sizeof(bad), "after the sweep it gives %s, before it gave %s",
			 errname(r), errname(r0));
	if (!bad[0] && r0 < 0 && r0 != -ENOENT)
		snprintf(bad, sizeof(bad), "without a fault it gives %s", errname(r0));
	total_points += points;

	printf("AXE-INFO: fi.%s: %d fault points, %d gave ENOMEM%s%s, %d recovered, result %s\n",
	       op->name, points, enomem, op->also ? " or " : "",
	       op->also ? errname(-op->also) : "", recovered, errname(r0));
	report(op->name, !bad[0], "%s", bad);
}

/* Ask kmemleak for a scan; any suspected leak fails. */
static void kmemleak(void)
{
	static char buf[8192];
	ssize_t n, total = 0;
	int fd, objs = 0;
	char *p;

	if (access("/sys/kernel/debug/kmemleak", F_OK)) {
		report("kmemleak", 0, "no /sys/kernel/debug/kmemleak (CONFIG_DEBUG_KMEMLEAK off)");
		return;
	}
	/* objects younger than 5 s are never reported */
	sleep(6);
	if (put("/sys/kernel/debug/kmemleak", "scan") || put("/sys/kernel/debug/kmemleak", "scan")) {
		report("kmemleak", 0, "scan: %s", strerror(errno));
		return;
	}
	fd = open("/sys/kernel/debug/kmemleak", O_RDONLY);
	if (fd < 0) {
		report("kmemleak", 0, "open: %s", strerror(errno));
		return;
	}
	while (total < (ssize_t)sizeof(buf) - 1 &&
	       (n = read(fd, buf + total, sizeof(buf) - 1 - total)) > 0)
		total += n;
	close(fd);
	buf[total] = 0;
	for (p = buf; (p = strstr(p, "unreferenced object")); p++)
		objs++;
	if (objs) {
		/* the report goes to the console as it is, for the developer */
		for (p = strtok(buf, "\n"); p; p = strtok(NULL, "\n"))
			printf("AXE-INFO: kmemleak: %s\n", p);
	}
	report("kmemleak", !objs, "%d suspected leak(s)%s", objs,
	       total == (ssize_t)sizeof(buf) - 1 ? " (report cut)" : "");
}

int main(void)
{
	static const char *const knobs[][2] = {
		{ "/sys/kernel/debug/failslab/ignore-gfp-wait", "N" },
		{ "/sys/kernel/debug/failslab/verbose", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", "N" },
		{ "/sys/kernel/debug/fail_page_alloc/min-order", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/verbose", "0" },
	};
	unsigned int i;
	int r;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL) < 0 && errno != EBUSY) {
		printf("AXE-INFO: fi: mount debugfs: %s\n", strerror(errno));
		return 2;
	}
	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		r = put(knobs[i][0], knobs[i][1]);
		if (r) {
			printf("AXE-INFO: fi: %s: %s (CONFIG_FAULT_INJECTION_DEBUG_FS, FAILSLAB, FAIL_PAGE_ALLOC)\n",
			       knobs[i][0], errname(r));
			return 2;
		}
	}
	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0) {
		printf("AXE-INFO: fi: /proc/thread-self/fail-nth: %s (CONFIG_FAULT_INJECTION)\n",
		       strerror(errno));
		return 2;
	}
	if ((mkdir("/tmp/fi.tmpfs", 0755) && errno != EEXIST) ||
	    (mkdir("/tmp/fi.ramfs", 0755) && errno != EEXIST) ||
	    mount("none", "/tmp/fi.ramfs", "ramfs", 0, NULL)) {
		printf("AXE-INFO: fi: work directories: %s\n", strerror(errno));
		return 2;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		sweep(&ops[i]);
	if (tty_fd >= 0)
		close(tty_fd);
	umount("/tmp/fi.ramfs");
	rmdir("/tmp/fi.ramfs");
	rmdir("/tmp/fi.tmpfs");
	report("injected", total_points > 0, "no fault was injected: is CONFIG_FAILSLAB on?");
	kmemleak();
	printf("AXE-INFO: fi: %d fault points in all; %d ok, %d FAIL\n", total_points, n_ok, n_fail);
	return 0;
}
