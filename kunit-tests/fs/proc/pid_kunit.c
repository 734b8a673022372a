// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the files of /proc/PID and /proc/PID/task/TID, seen
 * from user space.
 *
 * Each case makes a directory of its own on the root file system
 * ("/proc_pid_kunit.<n>"), mounts a private ramfs on it and a private
 * proc instance on its "proc" subdirectory, and then opens, reads,
 * writes and lists the files of "proc/self" (the kernel thread the case
 * runs in) through the real system call entry points (see
 * <kunit/syscall.h>), with the path names and buffers in user memory.
 *
 * The files ps, top, pidof, killall, fuser and mount read are checked
 * for their contents: stat, status, statm, cmdline, comm, the exe, cwd
 * and root links, fd and fdinfo, and that maps, mem, mounts, mountinfo
 * and task are listed. The other files (environ, auxv, personality,
 * limits, syscall, map_files, mountstats, oom_score, oom_adj,
 * oom_score_adj and timerslack_ns) are read, and written where they
 * take a value.
 *
 * With CONFIG_PROC_PID_EXTRAS=n those other files are left out: the
 * cases check that they are not listed and that opening one fails with
 * ENOENT, and that the files busybox needs are as they were.
 */

#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/dirent.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/initrd.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "../internal.h"

/* User memory of a case: path names in rotating slots, an I/O buffer */
#define PK_SLOTS		4
#define PK_SLOT_SIZE		256
#define PK_UBUF			(PK_SLOTS * PK_SLOT_SIZE)
#define PK_UBUF_SIZE		1024
#define PK_UMEM_SIZE		PAGE_ALIGN(PK_UBUF + PK_UBUF_SIZE)
/* What a case reads a file or a directory listing into */
#define PK_KBUF_SIZE		4096

/* Whether the files a tiny system can do without are there */
#define PK_EXTRAS		IS_ENABLED(CONFIG_PROC_PID_EXTRAS)

struct pk_ctx {
	char top[48];			/* "/proc_pid_kunit.<n>" */
	bool top_made;
	bool top_mounted;
	void __user *umem;
	unsigned int slot;
	char *kpath;			/* scratch of pk_p() */
	char *kbuf;			/* what pk_read() and pk_list() fill */
};

/* A file of /proc/PID beyond what busybox needs */
struct pk_extra {
	const char *name;
	bool in_tid;			/* in /proc/PID/task/TID too */
	bool built;			/* its code is built upstream */
	int kthread_err;		/* what open(2) fails with, or 0 */
};

static const struct pk_extra pk_extras[] = {
	/* A kernel thread has no memory to show */
	{ "environ",		true,	true,	-ESRCH },
	{ "auxv",		true,	true,	-ESRCH },
	{ "personality",	true,	true },
	{ "limits",		true,	true },
	{ "syscall",		true,	IS_ENABLED(CONFIG_HAVE_ARCH_TRACEHOOK) },
	{ "map_files",		false,	true },
	{ "mountstats",		false,	true },
	{ "oom_score",		true,	true },
	{ "oom_adj",		true,	true },
	{ "oom_score_adj",	true,	true },
	{ "timerslack_ns",	false,	true },
};

/* The files of /proc/PID that stay, in /proc/PID/task/TID but for "task" */
static const char * const pk_kept[] = {
	"stat", "status", "statm", "cmdline", "comm", "exe", "cwd", "root",
	"fd", "fdinfo", "maps", "mem", "mounts", "mountinfo", "task",
};

static atomic_t pk_instance = ATOMIC_INIT(0);

static struct pk_ctx *pk_ctx(struct kunit *test)
{
	return test->priv;
}

static void __user *pk_ubuf(struct kunit *test)
{
	return pk_ctx(test)->umem + PK_UBUF;
}

/* @s in the next user memory slot */
static const char __user *pk_ustr(struct kunit *test, const char *s)
{
	struct pk_ctx *ctx = pk_ctx(test);
	size_t len = strlen(s) + 1;
	void __user *u;

	KUNIT_ASSERT_LE(test, len, PK_SLOT_SIZE);
	u = ctx->umem + (ctx->slot++ % PK_SLOTS) * PK_SLOT_SIZE;
	KUNIT_ASSERT_EQ(test, copy_to_user(u, s, len), 0);
	return u;
}

/* "<top>/<fmt...>" in user memory */
static __printf(2, 3)
const char __user *pk_p(struct kunit *test, const char *fmt, ...)
{
	struct pk_ctx *ctx = pk_ctx(test);
	va_list args;
	int len;

	len = snprintf(ctx->kpath, PK_SLOT_SIZE, "%s/", ctx->top);
	va_start(args, fmt);
	vsnprintf(ctx->kpath + len, PK_SLOT_SIZE - len, fmt, args);
	va_end(args);
	return pk_ustr(test, ctx->kpath);
}

static long pk_open(struct kunit *test, const char __user *path, int flags)
{
	return kunit_syscall(openat, AT_FDCWD, path, flags | O_CLOEXEC, 0);
}

static long pk_close(long fd)
{
	return kunit_syscall(close, fd);
}

/*
 * Read the file @path whole into ctx->kbuf, NUL-terminated: the number of
 * bytes read, or what open(2) or read(2) failed with.
 */
static long pk_read(struct kunit *test, const char __user *path)
{
	struct pk_ctx *ctx = pk_ctx(test);
	long fd, ret, len = 0;

	fd = pk_open(test, path, O_RDONLY);
	if (fd < 0)
		return fd;
	do {
		ret = kunit_syscall(read, fd, pk_ubuf(test),
				    min_t(long, PK_UBUF_SIZE,
					  PK_KBUF_SIZE - 1 - len));
		if (ret > 0) {
			KUNIT_ASSERT_EQ(test, copy_from_user(ctx->kbuf + len,
							     pk_ubuf(test), ret),
					0);
			len += ret;
		}
	} while (ret > 0 && len < PK_KBUF_SIZE - 1);
	KUNIT_EXPECT_EQ(test, pk_close(fd), 0);
	ctx->kbuf[len] = '\0';
	return ret < 0 ? ret : len;
}

/* Write the string @s to the file @path: what write(2) returned */
static long pk_write(struct kunit *test, const char __user *path,
		     const char *s)
{
	long fd, ret;

	fd = pk_open(test, path, O_WRONLY);
	if (fd < 0)
		return fd;
	ret = kunit_syscall(write, fd, pk_ustr(test, s), strlen(s));
	KUNIT_EXPECT_EQ(test, pk_close(fd), 0);
	return ret;
}

/* readlink(2) of @path into ctx->kbuf, NUL-terminated */
static long pk_readlink(struct kunit *test, const char __user *path)
{
	struct pk_ctx *ctx = pk_ctx(test);
	long ret;

	ret = kunit_syscall(readlinkat, AT_FDCWD, path, pk_ubuf(test),
			    PK_UBUF_SIZE - 1);
	if (ret < 0)
		return ret;
	KUNIT_ASSERT_EQ(test, copy_from_user(ctx->kbuf, pk_ubuf(test), ret),
			0);
	ctx->kbuf[ret] = '\0';
	return ret;
}

/*
 * The names getdents64(2) lists in the directory @path, into ctx->kbuf as
 * "/name/name/.../": a name is listed when "/<name>/" is in it.
 */
static void pk_list(struct kunit *test, const char __user *path)
{
	struct pk_ctx *ctx = pk_ctx(test);
	struct linux_dirent64 *d;
	size_t len = 1;
	long fd, ret, off;
	char *chunk;

	chunk = kunit_kzalloc(test, PK_UBUF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, chunk);
	fd = pk_open(test, path, O_RDONLY | O_DIRECTORY);
	KUNIT_ASSERT_GE(test, fd, 0);
	strscpy(ctx->kbuf, "/", PK_KBUF_SIZE);
	while ((ret = kunit_syscall(getdents64, fd, pk_ubuf(test),
				    PK_UBUF_SIZE)) > 0) {
		KUNIT_ASSERT_EQ(test, copy_from_user(chunk, pk_ubuf(test), ret),
				0);
		for (off = 0; off < ret; off += d->d_reclen) {
			d = (struct linux_dirent64 *)(chunk + off);
			len += scnprintf(ctx->kbuf + len, PK_KBUF_SIZE - len,
					 "%s/", d->d_name);
		}
	}
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_LT(test, len, PK_KBUF_SIZE - 1);
	KUNIT_EXPECT_EQ(test, pk_close(fd), 0);
}

static bool pk_listed(struct kunit *test, const char *name)
{
	char entry[PK_SLOT_SIZE];

	snprintf(entry, sizeof(entry), "/%s/", name);
	return strstr(pk_ctx(test)->kbuf, entry);
}

/* The private proc instance on <top>/proc */
static void pk_mount_proc(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, kunit_syscall(mkdirat, AT_FDCWD,
					    pk_p(test, "proc"), 0755), 0);
	KUNIT_ASSERT_EQ(test,
			kunit_syscall(mount, (char __user *)pk_ustr(test, "proc"),
				      (char __user *)pk_p(test, "proc"),
				      (char __user *)pk_ustr(test, "proc"), 0,
				      NULL), 0);
}

/* Whether the extra file @e exists in this kernel */
static bool pk_extra_exists(const struct pk_extra *e)
{
	return PK_EXTRAS && e->built;
}

/* stat and statm: what ps and top parse */
static void proc_pid_stat(struct kunit *test)
{
	char name[48], expect[64];
	long ret;
	int i, fields = 1;

	/* A kernel thread shows its whole name, longer than comm can be */
	get_kthread_comm(name, sizeof(name), current);
	snprintf(expect, sizeof(expect), "%d (%s) ", task_tgid_vnr(current),
		 name);
	ret = pk_read(test, pk_p(test, "proc/self/stat"));
	KUNIT_ASSERT_GT(test, ret, 0);
	KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(pk_ctx(test)->kbuf, expect),
			      "stat: %s", pk_ctx(test)->kbuf);

	snprintf(expect, sizeof(expect), "%d (%s) ", task_pid_vnr(current),
		 name);
	ret = pk_read(test, pk_p(test, "proc/self/task/%d/stat",
				 task_pid_vnr(current)));
	KUNIT_ASSERT_GT(test, ret, 0);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(pk_ctx(test)->kbuf, expect));

	/* statm: seven numbers on one line */
	ret = pk_read(test, pk_p(test, "proc/self/statm"));
	KUNIT_ASSERT_GT(test, ret, 0);
	KUNIT_EXPECT_EQ(test, pk_ctx(test)->kbuf[ret - 1], '\n');
	for (i = 0; i < ret - 1; i++)
		fields += pk_ctx(test)->kbuf[i] == ' ';
	KUNIT_EXPECT_EQ(test, fields, 7);
}

/* status has the name and the pid */
static void proc_pid_status(struct kunit *test)
{
	char name[48], expect[64];

	get_kthread_comm(name, sizeof(name), current);
	KUNIT_ASSERT_GT(test, pk_read(test, pk_p(test, "proc/self/status")), 0);
	snprintf(expect, sizeof(expect), "Name:\t%s\n", name);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(pk_ctx(test)->kbuf, expect));
	snprintf(expect, sizeof(expect), "\nPid:\t%d\n", task_pid_vnr(current));
	KUNIT_EXPECT_NOT_NULL(test, strstr(pk_ctx(test)->kbuf, expect));
}

/*
 * comm takes a new name from the thread group, and no other. /proc shows
 * a kernel thread by the name it was made with, which can be longer than
 * comm, whatever comm is set to.
 */
static void proc_pid_comm(struct kunit *test)
{
	char name[48], expect[64];

	get_kthread_comm(name, sizeof(name), current);
	snprintf(expect, sizeof(expect), "%s\n", name);
	KUNIT_EXPECT_EQ(test, pk_write(test, pk_p(test, "proc/self/comm"),
				       "pid_kunit"), 9);
	KUNIT_EXPECT_STREQ(test, current->comm, "pid_kunit");
	KUNIT_EXPECT_EQ(test, pk_read(test, pk_p(test, "proc/self/comm")),
			(long)strlen(expect));
	KUNIT_EXPECT_STREQ(test, pk_ctx(test)->kbuf, expect);
	KUNIT_EXPECT_EQ(test, pk_write(test, pk_p(test, "proc/self/task/%d/comm",
						  task_pid_vnr(current)),
				       "pid_kunit2"), 10);
	KUNIT_EXPECT_STREQ(test, current->comm, "pid_kunit2");
	KUNIT_EXPECT_EQ(test, pk_read(test, pk_p(test, "proc/self/task/%d/comm",
						 task_pid_vnr(current))),
			(long)strlen(expect));
	KUNIT_EXPECT_STREQ(test, pk_ctx(test)->kbuf, expect);
	/* init is another thread group */
	KUNIT_EXPECT_EQ(test, pk_write(test, pk_p(test, "proc/1/comm"), "x"),
			(long)-EINVAL);
}

/* A kernel thread has no command line and no executable */
static void proc_pid_cmdline_exe(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, pk_read(test, pk_p(test, "proc/self/cmdline")),
			0);
	KUNIT_EXPECT_EQ(test, pk_readlink(test, pk_p(test, "proc/self/exe")),
			(long)-ENOENT);
	/* The link is there all the same */
	pk_list(test, pk_p(test, "proc/self"));
	KUNIT_EXPECT_TRUE(test, pk_listed(test, "exe"));
}

/* The cwd and root links are where the case is */
static void proc_pid_cwd_root(struct kunit *test)
{
	struct pk_ctx *ctx = pk_ctx(test);

	/* Kernel threads share one fs_struct: change a copy of it */
	KUNIT_ASSERT_EQ(test, unshare_fs_struct(), 0);
	KUNIT_ASSERT_EQ(test, kunit_syscall(chdir, pk_ustr(test, ctx->top)), 0);
	KUNIT_EXPECT_EQ(test, pk_readlink(test, pk_ustr(test, "proc/self/cwd")),
			(long)strlen(ctx->top));
	KUNIT_EXPECT_STREQ(test, ctx->kbuf, ctx->top);
	KUNIT_EXPECT_EQ(test, pk_readlink(test, pk_p(test, "proc/self/root")),
			1);
	KUNIT_EXPECT_STREQ(test, ctx->kbuf, "/");
	KUNIT_EXPECT_EQ(test, kunit_syscall(chdir, pk_ustr(test, "/")), 0);
}

/* fd lists an open file, which fd/<n> links to and fdinfo/<n> describes */
static void proc_pid_fd(struct kunit *test)
{
	struct pk_ctx *ctx = pk_ctx(test);
	char name[16], expect[PK_SLOT_SIZE];
	long fd;

	fd = pk_open(test, pk_p(test, "proc/self/fd"), O_RDONLY | O_DIRECTORY);
	KUNIT_ASSERT_GE(test, fd, 0);
	snprintf(name, sizeof(name), "%ld", fd);
	pk_list(test, pk_p(test, "proc/self/fd"));
	KUNIT_EXPECT_TRUE(test, pk_listed(test, name));

	snprintf(expect, sizeof(expect), "%s/proc/%d/fd", ctx->top,
		 task_tgid_vnr(current));
	KUNIT_EXPECT_EQ(test, pk_readlink(test, pk_p(test, "proc/self/fd/%ld",
						     fd)),
			(long)strlen(expect));
	KUNIT_EXPECT_STREQ(test, ctx->kbuf, expect);

	KUNIT_EXPECT_GT(test, pk_read(test, pk_p(test, "proc/self/fdinfo/%ld",
						 fd)), 0);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(ctx->kbuf, "pos:\t0\nflags:\t"));
	KUNIT_EXPECT_EQ(test, pk_close(fd), 0);
}

/* What /proc/PID and /proc/PID/task/TID list */
static void proc_pid_listing(struct kunit *test)
{
	const struct pk_extra *e;
	int i;

	pk_list(test, pk_p(test, "proc/self"));
	for (i = 0; i < ARRAY_SIZE(pk_kept); i++)
		KUNIT_EXPECT_TRUE_MSG(test, pk_listed(test, pk_kept[i]),
				      "%s", pk_kept[i]);
	for (e = pk_extras; e < pk_extras + ARRAY_SIZE(pk_extras); e++)
		KUNIT_EXPECT_EQ_MSG(test, pk_listed(test, e->name),
				    pk_extra_exists(e), "%s", e->name);

	pk_list(test, pk_p(test, "proc/self/task/%d", task_pid_vnr(current)));
	for (i = 0; i < ARRAY_SIZE(pk_kept); i++)
		KUNIT_EXPECT_EQ_MSG(test, pk_listed(test, pk_kept[i]),
				    strcmp(pk_kept[i], "task") != 0,
				    "task/TID/%s", pk_kept[i]);
	for (e = pk_extras; e < pk_extras + ARRAY_SIZE(pk_extras); e++)
		KUNIT_EXPECT_EQ_MSG(test, pk_listed(test, e->name),
				    pk_extra_exists(e) && e->in_tid,
				    "task/TID/%s", e->name);
}

/* Each extra file opens where it is listed, and nowhere else */
static void proc_pid_extras_open(struct kunit *test)
{
	const struct pk_extra *e;
	long fd, tid_fd;

	for (e = pk_extras; e < pk_extras + ARRAY_SIZE(pk_extras); e++) {
		fd = pk_open(test, pk_p(test, "proc/self/%s", e->name),
			     O_RDONLY);
		tid_fd = pk_open(test, pk_p(test, "proc/self/task/%d/%s",
					    task_pid_vnr(current), e->name),
				 O_RDONLY);
		if (pk_extra_exists(e) && e->kthread_err)
			KUNIT_EXPECT_EQ_MSG(test, fd, (long)e->kthread_err,
					    "%s", e->name);
		else if (pk_extra_exists(e))
			KUNIT_EXPECT_GE_MSG(test, fd, 0, "%s", e->name);
		else
			KUNIT_EXPECT_EQ_MSG(test, fd, (long)-ENOENT, "%s",
					    e->name);
		if (pk_extra_exists(e) && e->in_tid && e->kthread_err)
			KUNIT_EXPECT_EQ_MSG(test, tid_fd, (long)e->kthread_err,
					    "task/TID/%s", e->name);
		else if (pk_extra_exists(e) && e->in_tid)
			KUNIT_EXPECT_GE_MSG(test, tid_fd, 0, "task/TID/%s",
					    e->name);
		else
			KUNIT_EXPECT_EQ_MSG(test, tid_fd, (long)-ENOENT,
					    "task/TID/%s", e->name);
		if (fd >= 0)
			KUNIT_EXPECT_EQ(test, pk_close(fd), 0);
		if (tid_fd >= 0)
			KUNIT_EXPECT_EQ(test, pk_close(tid_fd), 0);
	}
}

/* limits: one line per resource limit */
static void proc_pid_limits(struct kunit *test)
{
	char *buf = pk_ctx(test)->kbuf;
	long ret;

	ret = pk_read(test, pk_p(test, "proc/self/limits"));
	if (!PK_EXTRAS) {
		KUNIT_EXPECT_EQ(test, ret, (long)-ENOENT);
		return;
	}
	KUNIT_ASSERT_GT(test, ret, 0);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(buf, "Limit "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "\nMax open files "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "\nMax realtime timeout "));
}

/* The OOM killer's view of the task, and the adjustment user space sets */
static void proc_pid_oom(struct kunit *test)
{
	char *buf = pk_ctx(test)->kbuf;

	if (!PK_EXTRAS) {
		KUNIT_EXPECT_EQ(test,
				pk_read(test, pk_p(test, "proc/self/oom_score")),
				(long)-ENOENT);
		KUNIT_EXPECT_EQ(test,
				pk_write(test, pk_p(test, "proc/self/oom_score_adj"),
					 "100"),
				(long)-ENOENT);
		KUNIT_EXPECT_EQ(test,
				pk_write(test, pk_p(test, "proc/self/oom_adj"),
					 "1"),
				(long)-ENOENT);
		return;
	}
	/* The OOM killer never picks a kernel thread */
	KUNIT_EXPECT_EQ(test, pk_read(test, pk_p(test, "proc/self/oom_score")),
			2);
	KUNIT_EXPECT_STREQ(test, buf, "0\n");
	KUNIT_EXPECT_EQ(test,
			pk_read(test, pk_p(test, "proc/self/oom_score_adj")), 2);
	KUNIT_EXPECT_STREQ(test, buf, "0\n");
	KUNIT_EXPECT_EQ(test, pk_read(test, pk_p(test, "proc/self/oom_adj")), 2);
	KUNIT_EXPECT_STREQ(test, buf, "0\n");

	KUNIT_EXPECT_EQ(test,
			pk_write(test, pk_p(test, "proc/self/oom_score_adj"),
				 "100"), 3);
	KUNIT_EXPECT_EQ(test, current->signal->oom_score_adj, 100);
	KUNIT_EXPECT_EQ(test,
			pk_read(test, pk_p(test, "proc/self/oom_score_adj")), 4);
	KUNIT_EXPECT_STREQ(test, buf, "100\n");
	/* oom_adj is oom_score_adj scaled to -17..15 */
	KUNIT_EXPECT_EQ(test, pk_read(test, pk_p(test, "proc/self/oom_adj")), 2);
	KUNIT_EXPECT_STREQ(test, buf, "1\n");
	KUNIT_EXPECT_EQ(test,
			pk_write(test, pk_p(test, "proc/self/oom_score_adj"),
				 "1001"), (long)-EINVAL);
	KUNIT_EXPECT_EQ(test, pk_write(test, pk_p(test, "proc/self/task/%d/oom_score_adj",
						  task_pid_vnr(current)), "0"),
			1);
	KUNIT_EXPECT_EQ(test, current->signal->oom_score_adj, 0);
}

/* personality and timerslack_ns show the task's values */
static void proc_pid_personality_timerslack(struct kunit *test)
{
	char *buf = pk_ctx(test)->kbuf;
	char expect[32];
	long ret;

	ret = pk_read(test, pk_p(test, "proc/self/personality"));
	if (!PK_EXTRAS) {
		KUNIT_EXPECT_EQ(test, ret, (long)-ENOENT);
		KUNIT_EXPECT_EQ(test,
				pk_write(test, pk_p(test, "proc/self/timerslack_ns"),
					 "50000"), (long)-ENOENT);
		return;
	}
	snprintf(expect, sizeof(expect), "%08x\n", current->personality);
	KUNIT_EXPECT_EQ(test, ret, 9);
	KUNIT_EXPECT_STREQ(test, buf, expect);

	snprintf(expect, sizeof(expect), "%llu\n", current->timer_slack_ns);
	KUNIT_EXPECT_GT(test,
			pk_read(test, pk_p(test, "proc/self/timerslack_ns")), 0);
	KUNIT_EXPECT_STREQ(test, buf, expect);
	KUNIT_EXPECT_EQ(test,
			pk_write(test, pk_p(test, "proc/self/timerslack_ns"),
				 "12345"), 5);
	KUNIT_EXPECT_EQ(test, current->timer_slack_ns, 12345);
	KUNIT_EXPECT_EQ(test,
			pk_read(test, pk_p(test, "proc/self/timerslack_ns")), 6);
	KUNIT_EXPECT_STREQ(test, buf, "12345\n");
	/* 0 puts back the default */
	KUNIT_EXPECT_EQ(test,
			pk_write(test, pk_p(test, "proc/self/timerslack_ns"),
				 "0"), 1);
	KUNIT_EXPECT_EQ(test, current->timer_slack_ns,
			current->default_timer_slack_ns);
}

/*
 * environ, auxv and map_files show the task's memory, which a kernel
 * thread has none of; mountstats lists the mounts, syscall what the task
 * is doing
 */
static void proc_pid_memory_mounts(struct kunit *test)
{
	struct pk_ctx *ctx = pk_ctx(test);
	char expect[PK_SLOT_SIZE];
	long ret;

	ret = pk_read(test, pk_p(test, "proc/self/environ"));
	if (!PK_EXTRAS) {
		KUNIT_EXPECT_EQ(test, ret, (long)-ENOENT);
		KUNIT_EXPECT_EQ(test,
				pk_read(test, pk_p(test, "proc/self/mountstats")),
				(long)-ENOENT);
		KUNIT_EXPECT_EQ(test,
				pk_open(test, pk_p(test, "proc/self/map_files"),
					O_RDONLY | O_DIRECTORY),
				(long)-ENOENT);
		return;
	}
	KUNIT_EXPECT_EQ(test, ret, (long)-ESRCH);
	KUNIT_EXPECT_EQ(test, pk_read(test, pk_p(test, "proc/self/auxv")),
			(long)-ESRCH);
	pk_list(test, pk_p(test, "proc/self/map_files"));
	KUNIT_EXPECT_STREQ(test, ctx->kbuf, "/./../");

	snprintf(expect, sizeof(expect), "mounted on %s/proc with fstype proc\n",
		 ctx->top);
	KUNIT_EXPECT_GT(test, pk_read(test, pk_p(test, "proc/self/mountstats")),
			0);
	KUNIT_EXPECT_NOT_NULL(test, strstr(ctx->kbuf, expect));

	ret = pk_read(test, pk_p(test, "proc/self/syscall"));
	if (!IS_ENABLED(CONFIG_HAVE_ARCH_TRACEHOOK)) {
		KUNIT_EXPECT_EQ(test, ret, (long)-ENOENT);
		return;
	}
	KUNIT_ASSERT_GT(test, ret, 0);
	KUNIT_EXPECT_EQ(test, ctx->kbuf[ret - 1], '\n');
}

static int pk_suite_init(struct kunit_suite *suite)
{
	/* The root file system must not change under the cases at boot */
	wait_for_initramfs();
	return 0;
}

static int pk_init(struct kunit *test)
{
	struct pk_ctx *ctx;
	long ret;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	ctx->kpath = kunit_kzalloc(test, PK_SLOT_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->kpath);
	ctx->kbuf = kunit_kzalloc(test, PK_KBUF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->kbuf);
	ctx->umem = kunit_syscall_buf(test, PK_UMEM_SIZE);

	do {
		snprintf(ctx->top, sizeof(ctx->top), "/proc_pid_kunit.%d",
			 atomic_inc_return(&pk_instance));
		ret = kunit_syscall(mkdirat, AT_FDCWD, pk_ustr(test, ctx->top),
				    0700);
	} while (ret == -EEXIST);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ctx->top_made = true;

	ret = kunit_syscall(mount, (char __user *)pk_ustr(test, "none"),
			    (char __user *)pk_ustr(test, ctx->top),
			    (char __user *)pk_ustr(test, "ramfs"), 0, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ctx->top_mounted = true;
	pk_mount_proc(test);
	return 0;
}

/* The exit runs in a thread of its own, without the case's user memory */
static void pk_exit(struct kunit *test)
{
	struct pk_ctx *ctx = pk_ctx(test);
	struct path path;

	if (!ctx || !ctx->top_made)
		return;
	/* The ramfs and the proc instance on it go at once */
	if (ctx->top_mounted && !kern_path(ctx->top, 0, &path))
		KUNIT_EXPECT_EQ(test, path_umount(&path, MNT_DETACH), 0);
	KUNIT_EXPECT_EQ(test, do_rmdir(AT_FDCWD, getname_kernel(ctx->top)), 0);
}

static struct kunit_case proc_pid_cases[] = {
	KUNIT_CASE(proc_pid_stat),
	KUNIT_CASE(proc_pid_status),
	KUNIT_CASE(proc_pid_comm),
	KUNIT_CASE(proc_pid_cmdline_exe),
	KUNIT_CASE(proc_pid_cwd_root),
	KUNIT_CASE(proc_pid_fd),
	KUNIT_CASE(proc_pid_listing),
	KUNIT_CASE(proc_pid_extras_open),
	KUNIT_CASE(proc_pid_limits),
	KUNIT_CASE(proc_pid_oom),
	KUNIT_CASE(proc_pid_personality_timerslack),
	KUNIT_CASE(proc_pid_memory_mounts),
	{}
};

static struct kunit_suite proc_pid_suite = {
	.name = "proc_pid",
	.suite_init = pk_suite_init,
	.init = pk_init,
	.exit = pk_exit,
	.test_cases = proc_pid_cases,
};

kunit_test_suite(proc_pid_suite);

MODULE_DESCRIPTION("KUnit tests for the files of /proc/PID");
MODULE_LICENSE("GPL");
