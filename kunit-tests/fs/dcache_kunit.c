// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the dentry cache, seen from user space.
 *
 * Each case makes a directory of its own on the root file system
 * ("/dcache_kunit.<n>") and mounts a private ramfs ("ram") and tmpfs
 * ("tmp") on subdirectories of it; the cases that need proc mount a
 * private instance too ("proc"). The cases are user space: they look
 * names up, create, remove, rename and link them, change directory and
 * mount and unmount through the real system call entry points (see
 * <kunit/syscall.h>), with the path names in user memory, and check what
 * the calls return: the errno a bad request gets, statx() of the names,
 * what the files contain, getcwd() and d_path() strings, /proc/<pid>
 * directories of threads that come and go.
 *
 * Nothing in here looks at the dentry cache's own structures (no hash
 * table, reference counts, sequence counts or RCU), so the same cases
 * check any implementation of it. The one number taken from the dentry
 * cache is how many dentries exist, dcache_nr_dentries(): every case
 * checks, after its mounts are gone, that the count is back where it was
 * before the case began, and the shrinking cases check that unused
 * dentries go and the names stay.
 *
 * The cases run in kernel threads, which share one fs_struct (root and
 * current directory) and one file table with all other kernel threads and
 * with init before it executes. Each case gets an fs_struct of its own,
 * so that chdir() and chroot() only change the case's; the descriptors a
 * case opens are closed again by the case, or at its exit. A kernel
 * thread's last fput() and mntput() are deferred to a work item, so a
 * close flushes the deferred fputs and the exit waits for the count of
 * dentries to come back.
 */

#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/dirent.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/initrd.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stat.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/fs.h>

#include "internal.h"

/*
 * User memory of a case: path names in rotating slots (a system call may
 * take two), a struct statx, a data buffer, a buffer for getcwd(),
 * readlinkat() and getdents64(), room for a path longer than PATH_MAX,
 * then with an MMU an unmapped page for the -EFAULT cases.
 */
#define DK_SLOTS		8
#define DK_SLOT_SIZE		512
#define DK_USTATX		(DK_SLOTS * DK_SLOT_SIZE)
#define DK_UDATA		(DK_USTATX + 512)
#define DK_DATA_SIZE		1024
#define DK_UBUF			(DK_UDATA + DK_DATA_SIZE)
#define DK_BUF_SIZE		4096
#define DK_ULONG		(DK_UBUF + DK_BUF_SIZE)
#define DK_LONG_SIZE		(PATH_MAX + 64)
#define DK_UMEM_SIZE		PAGE_ALIGN(DK_ULONG + DK_LONG_SIZE)

#define DK_MAX_FDS		16
/* How long the exit waits for the deferred puts to bring the count back */
#define DK_SETTLE_MS		5000
/* How long a case waits for a /proc/<pid> directory to go */
#define DK_WAIT_MS		5000
/* Files of the shrinking cases */
#define DK_NR_FILES		64

struct dk_fs_param {
	const char *dir;
	const char *desc;
};

struct dk_ctx {
	char top[32];			/* "/dcache_kunit.<n>" */
	const char *fs;			/* "ram" or "tmp": where a case works */
	long baseline;			/* dentries before the case */
	bool counted;			/* baseline is set */
	bool top_made;
	bool ram_mounted;
	bool tmp_mounted;
	bool tmp_usable;		/* mounted, with directories */
	bool proc_mounted;

	void __user *umem;
	void __user *hole;		/* unmapped, or NULL without an MMU */
	unsigned int slot;
	char *kbuf;			/* scratch, PATH_MAX */
	char *pbuf;			/* scratch of dk_p() and dk_t() */

	int fds[DK_MAX_FDS];
	struct task_struct *thread;	/* of the /proc/<pid> cases */
};

static atomic_t dk_instance = ATOMIC_INIT(0);

static struct dk_ctx *dk_ctx(struct kunit *test)
{
	return test->priv;
}

static void __user *dk_umem(struct kunit *test, unsigned long offset)
{
	return dk_ctx(test)->umem + offset;
}

/* Path names */

/* Format "<top>/" (@in_fs: "<top>/<fs>/") followed by @fmt into @buf */
static __printf(5, 0)
int dk_vformat(struct kunit *test, char *buf, size_t size,
	       bool in_fs, const char *fmt, va_list ap)
{
	struct dk_ctx *ctx = dk_ctx(test);
	int len;

	if (in_fs)
		len = scnprintf(buf, size, "%s/%s/", ctx->top, ctx->fs);
	else
		len = scnprintf(buf, size, "%s/", ctx->top);
	len += vscnprintf(buf + len, size - len, fmt, ap);
	KUNIT_ASSERT_LT(test, len, (int)size - 1);
	return len;
}

/* Copy the string @s into the next slot of user memory */
static const char __user *dk_ustr(struct kunit *test, const char *s)
{
	struct dk_ctx *ctx = dk_ctx(test);
	size_t len = strlen(s) + 1;
	void __user *u;

	KUNIT_ASSERT_LE(test, len, DK_SLOT_SIZE);
	u = dk_umem(test, (ctx->slot++ % DK_SLOTS) * DK_SLOT_SIZE);
	KUNIT_ASSERT_EQ(test, copy_to_user(u, s, len), 0);
	return u;
}

/* "<top>/<fs>/<fmt>" in user memory: a name in the case's file system */
static __printf(2, 3)
const char __user *dk_p(struct kunit *test, const char *fmt, ...)
{
	char *buf = dk_ctx(test)->pbuf;
	va_list ap;

	va_start(ap, fmt);
	dk_vformat(test, buf, DK_SLOT_SIZE, true, fmt, ap);
	va_end(ap);
	return dk_ustr(test, buf);
}

/* "<top>/<fmt>" in user memory: a name anywhere below the case's top */
static __printf(2, 3)
const char __user *dk_t(struct kunit *test, const char *fmt, ...)
{
	char *buf = dk_ctx(test)->pbuf;
	va_list ap;

	va_start(ap, fmt);
	dk_vformat(test, buf, DK_SLOT_SIZE, false, fmt, ap);
	va_end(ap);
	return dk_ustr(test, buf);
}

/* "<top>/<fs>/<fmt>" in kernel memory, for comparing with paths */
static __printf(2, 3)
const char *dk_kp(struct kunit *test, const char *fmt, ...)
{
	char *buf = kunit_kzalloc(test, DK_SLOT_SIZE, GFP_KERNEL);
	va_list ap;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	va_start(ap, fmt);
	dk_vformat(test, buf, DK_SLOT_SIZE, true, fmt, ap);
	va_end(ap);
	return buf;
}

/* "<top>/<fmt>" in kernel memory */
static __printf(2, 3)
const char *dk_kt(struct kunit *test, const char *fmt, ...)
{
	char *buf = kunit_kzalloc(test, DK_SLOT_SIZE, GFP_KERNEL);
	va_list ap;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	va_start(ap, fmt);
	dk_vformat(test, buf, DK_SLOT_SIZE, false, fmt, ap);
	va_end(ap);
	return buf;
}

/* A buffer of DK_SLOT_SIZE bytes for the results of a case */
static char *dk_kbuf(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, DK_SLOT_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	return buf;
}

/* A struct statx off the stack, for the cases that compare several */
static struct statx *dk_stx(struct kunit *test)
{
	struct statx *st = kunit_kzalloc(test, sizeof(*st), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, st);
	return st;
}

/* System calls */

static void dk_track_fd(struct kunit *test, int fd)
{
	struct dk_ctx *ctx = dk_ctx(test);
	int i;

	for (i = 0; i < DK_MAX_FDS; i++) {
		if (ctx->fds[i] < 0) {
			ctx->fds[i] = fd;
			return;
		}
	}
	KUNIT_FAIL(test, "too many open descriptors");
}

static long dk_openat(struct kunit *test, int dfd, const char __user *path,
		      int flags, umode_t mode)
{
	long fd = kunit_syscall(openat, dfd, path, flags, mode);

	if (fd >= 0)
		dk_track_fd(test, fd);
	return fd;
}

static long dk_open(struct kunit *test, const char __user *path, int flags)
{
	return dk_openat(test, AT_FDCWD, path, flags, 0644);
}

static long dk_close(struct kunit *test, int fd)
{
	struct dk_ctx *ctx = dk_ctx(test);
	long ret;
	int i;

	for (i = 0; i < DK_MAX_FDS; i++)
		if (ctx->fds[i] == fd)
			ctx->fds[i] = -1;
	ret = kunit_syscall(close, fd);
	/* A kernel thread's last fput() is deferred: do it now */
	flush_delayed_fput();
	return ret;
}

static long dk_statx(struct kunit *test, int dfd, const char __user *path,
		     int flags, struct statx *st)
{
	void __user *ubuf = dk_umem(test, DK_USTATX);
	long ret;

	ret = kunit_syscall(statx, dfd, path, flags, STATX_BASIC_STATS, ubuf);
	if (!ret && st)
		KUNIT_ASSERT_EQ(test, copy_from_user(st, ubuf, sizeof(*st)), 0);
	return ret;
}

/* statx() of a path, following symbolic links */
static long dk_stat(struct kunit *test, const char __user *path,
		    struct statx *st)
{
	return dk_statx(test, AT_FDCWD, path, 0, st);
}

static long dk_lstat(struct kunit *test, const char __user *path,
		     struct statx *st)
{
	return dk_statx(test, AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, st);
}

static long dk_fstat(struct kunit *test, int fd, struct statx *st)
{
	return dk_statx(test, fd, dk_ustr(test, ""), AT_EMPTY_PATH, st);
}

static long dk_mkdir(struct kunit *test, const char __user *path)
{
	return kunit_syscall(mkdirat, AT_FDCWD, path, 0755);
}

static long dk_rmdir(struct kunit *test, const char __user *path)
{
	return kunit_syscall(unlinkat, AT_FDCWD, path, AT_REMOVEDIR);
}

static long dk_unlink(struct kunit *test, const char __user *path)
{
	return kunit_syscall(unlinkat, AT_FDCWD, path, 0);
}

static long dk_rename(struct kunit *test, const char __user *from,
		      const char __user *to, unsigned int flags)
{
	return kunit_syscall(renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}

static long dk_link(struct kunit *test, const char __user *from,
		    const char __user *to)
{
	return kunit_syscall(linkat, AT_FDCWD, from, AT_FDCWD, to, 0);
}

static long dk_symlink(struct kunit *test, const char *target,
		       const char __user *path)
{
	return kunit_syscall(symlinkat, dk_ustr(test, target), AT_FDCWD, path);
}

static long dk_chdir(struct kunit *test, const char __user *path)
{
	return kunit_syscall(chdir, path);
}

static long dk_mount(struct kunit *test, const char *type,
		     const char __user *path)
{
	return kunit_syscall(mount, (char __user *)dk_ustr(test, "none"),
			     (char __user *)path,
			     (char __user *)dk_ustr(test, type), 0, NULL);
}

static long dk_umount(struct kunit *test, const char __user *path, int flags)
{
#ifdef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
	/* x86-64: umount2 is the number of SYSCALL_DEFINE2(umount) */
	return __kunit_x64_call(__NR_umount2, path, flags, 0, 0, 0, 0);
#else
	return kunit_syscall(umount, (char __user *)path, flags);
#endif
}

/* Write @s to @fd at its offset */
static long dk_write(struct kunit *test, int fd, const char *s)
{
	void __user *udata = dk_umem(test, DK_UDATA);
	size_t len = strlen(s);

	KUNIT_ASSERT_LE(test, len, DK_DATA_SIZE);
	KUNIT_ASSERT_EQ(test, copy_to_user(udata, s, len), 0);
	return kunit_syscall(write, fd, udata, len);
}

/* Read what @fd holds from its start into @buf, NUL terminated */
static long dk_read(struct kunit *test, int fd, char *buf, size_t size)
{
	void __user *udata = dk_umem(test, DK_UDATA);
	long ret;

	KUNIT_ASSERT_LE(test, size, DK_DATA_SIZE);
	ret = kunit_syscall(lseek, fd, 0, SEEK_SET);
	if (ret < 0)
		return ret;
	ret = kunit_syscall(read, fd, udata, size - 1);
	if (ret >= 0) {
		KUNIT_ASSERT_EQ(test, copy_from_user(buf, udata, ret), 0);
		buf[ret] = '\0';
	}
	return ret;
}

/* Create (or truncate) the file @path holding @s */
static long dk_put(struct kunit *test, const char __user *path, const char *s)
{
	long fd, ret;

	fd = dk_open(test, path, O_CREAT | O_WRONLY | O_TRUNC);
	if (fd < 0)
		return fd;
	ret = dk_write(test, fd, s);
	KUNIT_EXPECT_EQ(test, ret, (long)strlen(s));
	return dk_close(test, fd);
}

/* Expect the file @path to hold @s */
static void dk_expect_content(struct kunit *test, const char __user *path,
			      const char *s)
{
	char buf[64];
	long fd;

	fd = dk_open(test, path, O_RDONLY);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, dk_read(test, fd, buf, sizeof(buf)),
			(long)strlen(s));
	KUNIT_EXPECT_STREQ(test, buf, s);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
}

static long dk_getcwd(struct kunit *test, char *buf, size_t size)
{
	void __user *ubuf = dk_umem(test, DK_UBUF);
	long ret;

	KUNIT_ASSERT_LE(test, size, DK_BUF_SIZE);
	ret = kunit_syscall(getcwd, ubuf, size);
	if (ret > 0)
		KUNIT_ASSERT_EQ(test, copy_from_user(buf, ubuf, ret), 0);
	return ret;
}

static long dk_readlink(struct kunit *test, const char __user *path,
			char *buf, size_t size)
{
	void __user *ubuf = dk_umem(test, DK_UBUF);
	long ret;

	KUNIT_ASSERT_LE(test, size, DK_BUF_SIZE);
	ret = kunit_syscall(readlinkat, AT_FDCWD, path, ubuf, size - 1);
	if (ret >= 0) {
		KUNIT_ASSERT_EQ(test, copy_from_user(buf, ubuf, ret), 0);
		buf[ret] = '\0';
	}
	return ret;
}

/* Helpers of the cases */

static bool dk_same_file(const struct statx *a, const struct statx *b)
{
	return a->stx_ino == b->stx_ino &&
	       a->stx_dev_major == b->stx_dev_major &&
	       a->stx_dev_minor == b->stx_dev_minor;
}

static bool dk_same_dev(const struct statx *a, const struct statx *b)
{
	return a->stx_dev_major == b->stx_dev_major &&
	       a->stx_dev_minor == b->stx_dev_minor;
}

/* d_path() of what @fd is open on, into the context's scratch buffer */
static const char *dk_fd_path(struct kunit *test, int fd)
{
	struct dk_ctx *ctx = dk_ctx(test);
	struct file *file = fget(fd);
	char *scratch, *p;

	KUNIT_ASSERT_NOT_NULL(test, file);
	scratch = kunit_kmalloc(test, PATH_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, scratch);
	p = d_path(&file->f_path, scratch, PATH_MAX);
	fput(file);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	strscpy(ctx->kbuf, p, PATH_MAX);
	kunit_kfree(test, scratch);
	return ctx->kbuf;
}

/* The superblock of the file system the name @kpath is on */
static struct super_block *dk_sb(struct kunit *test, const char *kpath)
{
	struct super_block *sb;
	struct path path;

	KUNIT_ASSERT_EQ(test, kern_path(kpath, 0, &path), 0);
	sb = path.mnt->mnt_sb;
	path_put(&path);
	/* The mount stays until the exit of the case, and the sb with it */
	return sb;
}

/* Wait for the deferred puts until there are at most @target dentries */
static long dk_settle(long target)
{
	unsigned long end = jiffies + msecs_to_jiffies(DK_SETTLE_MS);
	long nr;

	for (;;) {
		flush_delayed_fput();
		nr = dcache_nr_dentries();
		if (nr <= target || time_after(jiffies, end))
			return nr;
		msleep(20);
	}
}

static void dk_need_tmp(struct kunit *test)
{
	if (!dk_ctx(test)->tmp_usable)
		kunit_skip(test, "no tmpfs to mount (CONFIG_TMPFS=n)");
}

static void dk_need_proc(struct kunit *test)
{
	struct dk_ctx *ctx = dk_ctx(test);
	long ret;

	if (ctx->proc_mounted)
		return;
	ret = dk_mkdir(test, dk_t(test, "proc"));
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = dk_mount(test, "proc", dk_t(test, "proc"));
	if (ret == -ENODEV)
		kunit_skip(test, "no procfs");
	KUNIT_ASSERT_EQ(test, ret, 0);
	ctx->proc_mounted = true;
}

static void dk_need_mmu(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_MMU))
		kunit_skip(test, "no access faults without an MMU");
}

/* Mount a second ramfs on "ram/m" */
static void dk_mount_nested(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_t(test, "ram/m")), 0);
	KUNIT_ASSERT_EQ(test, dk_mount(test, "ramfs", dk_t(test, "ram/m")), 0);
}

/* Negative and positive dentries */

/* A missing name is ENOENT, until it is created, and after it is removed */
static void dcache_negative_then_positive(struct kunit *test)
{
	struct statx st;

	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "f"), O_RDONLY),
			-ENOENT);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "data"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISREG(st.stx_mode));
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 1);
	KUNIT_EXPECT_EQ(test, st.stx_size, 4);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "f")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), -ENOENT);

	/* The same name comes back as a directory */
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "f")), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISDIR(st.stx_mode));
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "f")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), -ENOENT);
}

/* ENOENT for every way of naming something that is not there */
static void dcache_enoent(struct kunit *test)
{
	struct statx st;

	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "none/f"), &st),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_ustr(test, ""), &st), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_p(test, "none/d")), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "none")), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "none")), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "none"),
					dk_p(test, "other"), 0), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_link(test, dk_p(test, "none"),
				      dk_p(test, "other")), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "none/f"),
				      O_CREAT | O_WRONLY), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_chdir(test, dk_p(test, "none")), -ENOENT);
	/* Nothing was created by the failed calls */
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "none"), &st), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "other"), &st),
			-ENOENT);
}

/* mkdir() and rmdir(), and the link counts of the directories */
static void dcache_mkdir_rmdir(struct kunit *test)
{
	struct statx parent, st;

	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "."), &parent), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISDIR(st.stx_mode));
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 2);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "."), &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, parent.stx_nlink + 1);

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d/e")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "d/e/.."), &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 3);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d/e")), 0);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "d"), &st), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "."), &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, parent.stx_nlink);
}

/* Creating a name that exists is EEXIST, whatever the call */
static void dcache_eexist(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);

	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "f"),
				      O_CREAT | O_EXCL | O_WRONLY), -EEXIST);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "d"),
				      O_CREAT | O_EXCL | O_WRONLY), -EEXIST);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_p(test, "f")), -EEXIST);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_p(test, "d")), -EEXIST);
	KUNIT_EXPECT_EQ(test, dk_symlink(test, "x", dk_p(test, "f")), -EEXIST);
	KUNIT_EXPECT_EQ(test, dk_link(test, dk_p(test, "f"), dk_p(test, "d")),
			-EEXIST);
	KUNIT_EXPECT_EQ(test, kunit_syscall(mknodat, AT_FDCWD,
					    dk_p(test, "f"), S_IFIFO | 0600, 0),
			-EEXIST);
	/* The file is untouched */
	dk_expect_content(test, dk_p(test, "f"), "x");
}

/* rmdir() of a directory that is not empty, of "." and of ".." */
static void dcache_rmdir_enotempty(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "d/f"), "x"), 0);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d")), -ENOTEMPTY);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d/.")), -EINVAL);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d/..")), -ENOTEMPTY);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "d/f"), &st), 0);

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d/e")), 0);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "d/f")), 0);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d")), -ENOTEMPTY);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d/e")), 0);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d")), 0);
}

/* A file where a directory is needed is ENOTDIR */
static void dcache_enotdir(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);

	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "f/x"), &st), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "f/"), &st), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_p(test, "f/d")), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "f")), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_chdir(test, dk_p(test, "f")), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "f"),
				      O_RDONLY | O_DIRECTORY), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "d"),
					dk_p(test, "f"), 0), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "f"),
					dk_p(test, "g/"), 0), -ENOTDIR);
	/* Both are still what they were */
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISREG(st.stx_mode));
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISDIR(st.stx_mode));
}

/* A directory where a file is needed is EISDIR */
static void dcache_eisdir(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);

	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "d"), O_WRONLY),
			-EISDIR);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "d"), O_RDWR), -EISDIR);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "d"),
				      O_CREAT | O_WRONLY), -EISDIR);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "d")), -EISDIR);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "f"),
					dk_p(test, "d"), 0), -EISDIR);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISDIR(st.stx_mode));
}

/* A name of NAME_MAX bytes is fine, one more is ENAMETOOLONG */
static void dcache_enametoolong_name(struct kunit *test)
{
	char *name = kunit_kzalloc(test, NAME_MAX + 2, GFP_KERNEL);
	struct statx st;

	KUNIT_ASSERT_NOT_NULL(test, name);
	memset(name, 'n', NAME_MAX);
	KUNIT_EXPECT_EQ(test, dk_put(test, dk_p(test, "%s", name), "x"), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "%s", name), &st), 0);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "%s", name)), 0);

	name[NAME_MAX] = 'n';
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "%s", name), &st),
			-ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "%s", name),
				      O_CREAT | O_WRONLY), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_p(test, "%s", name)),
			-ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, dk_symlink(test, "x", dk_p(test, "%s", name)),
			-ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_p(test, "%s/x", name)),
			-ENAMETOOLONG);
}

/*
 * A path of PATH_MAX - 1 bytes is looked up, one of PATH_MAX bytes (no
 * room for its NUL) is ENAMETOOLONG. The slashes make it long without
 * making any of its names long.
 */
static void dcache_enametoolong_path(struct kunit *test)
{
	char *path = kunit_kzalloc(test, PATH_MAX + 1, GFP_KERNEL);
	void __user *upath = dk_umem(test, DK_ULONG);
	struct statx st;
	int len;

	KUNIT_ASSERT_NOT_NULL(test, path);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);

	len = scnprintf(path, PATH_MAX, "%s/%s", dk_ctx(test)->top,
			dk_ctx(test)->fs);
	memset(path + len, '/', PATH_MAX - 1 - len);
	path[PATH_MAX - 2] = 'f';
	path[PATH_MAX - 1] = '\0';
	KUNIT_ASSERT_EQ(test, copy_to_user(upath, path, PATH_MAX), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, upath, &st), 0);

	path[PATH_MAX - 2] = '/';
	path[PATH_MAX - 1] = 'f';
	path[PATH_MAX] = '\0';
	KUNIT_ASSERT_EQ(test, copy_to_user(upath, path, PATH_MAX + 1), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, upath, &st), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, upath), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, upath), -ENAMETOOLONG);
}

/* Symbolic links */

/* A link is followed to its target; a dangling one becomes good */
static void dcache_symlink_follow(struct kunit *test)
{
	struct statx file, st;
	char buf[64];

	KUNIT_ASSERT_EQ(test, dk_symlink(test, "f", dk_p(test, "l")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "l"), &st), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_lstat(test, dk_p(test, "l"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISLNK(st.stx_mode));
	KUNIT_EXPECT_EQ(test, dk_readlink(test, dk_p(test, "l"), buf,
					  sizeof(buf)), 1);
	KUNIT_EXPECT_STREQ(test, buf, "f");

	/* Creating through the dangling link creates its target */
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "l"), "data"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "f"), &file), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "l"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &file));
	dk_expect_content(test, dk_p(test, "f"), "data");

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_symlink(test, "../f", dk_p(test, "d/up")), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d/up"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &file));

	KUNIT_EXPECT_EQ(test, dk_readlink(test, dk_p(test, "f"), buf,
					  sizeof(buf)), -EINVAL);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "f")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "l"), &st), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "d/up"), &st), -ENOENT);
}

/* Links that point at each other or at themselves are ELOOP */
static void dcache_eloop(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_symlink(test, "b", dk_p(test, "a")), 0);
	KUNIT_ASSERT_EQ(test, dk_symlink(test, "a", dk_p(test, "b")), 0);
	KUNIT_ASSERT_EQ(test, dk_symlink(test, "self", dk_p(test, "self")), 0);

	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), -ELOOP);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "self"), &st), -ELOOP);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a/x"), &st), -ELOOP);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "a"), O_RDONLY),
			-ELOOP);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "a"),
				      O_CREAT | O_WRONLY), -ELOOP);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_p(test, "a/x")), -ELOOP);
	KUNIT_EXPECT_EQ(test, dk_chdir(test, dk_p(test, "self")), -ELOOP);
	/* The links themselves are fine */
	KUNIT_EXPECT_EQ(test, dk_lstat(test, dk_p(test, "a"), &st), 0);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "a")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "b"), &st), -ENOENT);
}

/* O_NOFOLLOW on a link is ELOOP, but O_PATH | O_NOFOLLOW opens the link */
static void dcache_eloop_nofollow(struct kunit *test)
{
	struct statx st;
	long fd;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_symlink(test, "f", dk_p(test, "l")), 0);

	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "l"),
				      O_RDONLY | O_NOFOLLOW), -ELOOP);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_p(test, "l"),
				      O_CREAT | O_WRONLY | O_NOFOLLOW), -ELOOP);
	fd = dk_open(test, dk_p(test, "f"), O_RDONLY | O_NOFOLLOW);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);

	fd = dk_open(test, dk_p(test, "l"), O_PATH | O_NOFOLLOW);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_ASSERT_EQ(test, dk_fstat(test, fd, &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISLNK(st.stx_mode));
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
}

/* A chain of 40 links (MAXSYMLINKS) is followed, one of 41 is ELOOP */
static void dcache_eloop_chain(struct kunit *test)
{
	char target[16];
	struct statx st;
	int i;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "l0"), "x"), 0);
	for (i = 1; i <= 41; i++) {
		snprintf(target, sizeof(target), "l%d", i - 1);
		KUNIT_ASSERT_EQ(test, dk_symlink(test, target,
						 dk_p(test, "l%d", i)), 0);
	}
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "l40"), &st), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "l41"), &st), -ELOOP);
}

/* Renames */

/* A file renamed in its directory keeps its inode; the old name is gone */
static void dcache_rename_file(struct kunit *test)
{
	struct statx before, st;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "data"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "a"), &before), 0);
	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "b"), 0), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "b"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &before));
	dk_expect_content(test, dk_p(test, "b"), "data");

	/* And back again, into another directory */
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "b"),
					dk_p(test, "d/a"), 0), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "b"), &st), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d/a"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &before));
}

/* A rename over a file replaces it; the replaced one stays open */
static void dcache_rename_replaces(struct kunit *test)
{
	struct statx a, st;
	char buf[16];
	long fd;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "new"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "b"), "old"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "a"), &a), 0);
	fd = dk_open(test, dk_p(test, "b"), O_RDONLY);
	KUNIT_ASSERT_GE(test, fd, 0);

	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "b"), 0), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "b"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &a));
	dk_expect_content(test, dk_p(test, "b"), "new");

	KUNIT_EXPECT_EQ(test, dk_read(test, fd, buf, sizeof(buf)), 3);
	KUNIT_EXPECT_STREQ(test, buf, "old");
	KUNIT_ASSERT_EQ(test, dk_fstat(test, fd, &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 0);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
}

/* RENAME_NOREPLACE: EEXIST over an existing name, a rename otherwise */
static void dcache_rename_noreplace(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "a"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "b"), "b"), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);

	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"), dk_p(test, "b"),
					RENAME_NOREPLACE), -EEXIST);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"), dk_p(test, "d"),
					RENAME_NOREPLACE), -EEXIST);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "d"), dk_p(test, "a"),
					RENAME_NOREPLACE), -EEXIST);
	dk_expect_content(test, dk_p(test, "a"), "a");
	dk_expect_content(test, dk_p(test, "b"), "b");

	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"), dk_p(test, "c"),
					RENAME_NOREPLACE), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), -ENOENT);
	dk_expect_content(test, dk_p(test, "c"), "a");
}

/* RENAME_EXCHANGE of two files swaps their inodes and contents */
static void dcache_rename_exchange_files(struct kunit *test)
{
	struct statx a, b, st;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "one"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "d/b"), "two"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "a"), &a), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d/b"), &b), 0);

	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "d/b"), RENAME_EXCHANGE), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &b));
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d/b"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &a));
	dk_expect_content(test, dk_p(test, "a"), "two");
	dk_expect_content(test, dk_p(test, "d/b"), "one");
}

/* RENAME_EXCHANGE of directories: their children go with them */
static void dcache_rename_exchange_dirs(struct kunit *test)
{
	struct statx x, y, st;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "x")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "y")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "y/sub")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "x/fx"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "y/sub/fy"), "y"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "x"), &x), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "y/sub"), &y), 0);

	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "x"),
					dk_p(test, "y/sub"),
					RENAME_EXCHANGE), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "x"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &y));
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "y/sub"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &x));
	dk_expect_content(test, dk_p(test, "x/fy"), "y");
	dk_expect_content(test, dk_p(test, "y/sub/fx"), "x");
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "x/fx"), &st), -ENOENT);
	/* ".." of each moved directory is its new parent */
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "y"), &y), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "y/sub/.."), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &y));

	/* A directory and a file can be exchanged too */
	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "x"),
					dk_p(test, "y/sub/fx"),
					RENAME_EXCHANGE), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "x"), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISREG(st.stx_mode));
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "y/sub/fx/fy"), &st),
			0);
}

/* RENAME_EXCHANGE needs both names; bad flag combinations are EINVAL */
static void dcache_rename_exchange_errors(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "a"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "b"), "b"), 0);

	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"), dk_p(test, "c"),
					RENAME_EXCHANGE), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "c"), dk_p(test, "a"),
					RENAME_EXCHANGE), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"), dk_p(test, "b"),
					RENAME_EXCHANGE | RENAME_NOREPLACE),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"), dk_p(test, "b"),
					0x80000000), -EINVAL);
	dk_expect_content(test, dk_p(test, "a"), "a");
	dk_expect_content(test, dk_p(test, "b"), "b");
}

/* A directory renamed takes its subtree along; link counts follow */
static void dcache_rename_dir(struct kunit *test)
{
	struct statx *p1, *p2, *d, *st;

	p1 = dk_stx(test);
	p2 = dk_stx(test);
	d = dk_stx(test);
	st = dk_stx(test);

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "p1")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "p2")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "p1/d")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "p1/d/e")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "p1/d/e/f"), "deep"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "p1/d"), d), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "p1"), p1), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "p2"), p2), 0);

	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "p1/d"),
					dk_p(test, "p2/moved"), 0), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "p1/d"), st), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "p1/d/e/f"), st),
			-ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "p2/moved"), st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(st, d));
	dk_expect_content(test, dk_p(test, "p2/moved/e/f"), "deep");
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "p2/moved/.."), st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(st, p2));

	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "p1"), st), 0);
	KUNIT_EXPECT_EQ(test, st->stx_nlink, p1->stx_nlink - 1);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "p2"), st), 0);
	KUNIT_EXPECT_EQ(test, st->stx_nlink, p2->stx_nlink + 1);

	/* Over an empty directory: it replaces it */
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "p1/empty")), 0);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "p2/moved"),
					dk_p(test, "p1/empty"), 0), 0);
	dk_expect_content(test, dk_p(test, "p1/empty/e/f"), "deep");
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "p2/moved"), st),
			-ENOENT);
}

/* Renaming a directory below itself is EINVAL, over a full one ENOTEMPTY */
static void dcache_rename_dir_errors(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "a")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "a/b")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "full")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "full/f"), "x"), 0);

	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "a/b/c"), 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "a/c"), 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "a/b/c"), RENAME_NOREPLACE),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "a/b"), RENAME_EXCHANGE),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "full"), 0), -ENOTEMPTY);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a/."),
					dk_p(test, "x"), 0), -EBUSY);
	/* Nothing moved */
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a/b"), &st), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "full/f"), &st), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "x"), &st), -ENOENT);
}

/* Renaming one name of a file onto another name of it does nothing */
static void dcache_rename_same_inode(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_link(test, dk_p(test, "a"), dk_p(test, "b")),
			0);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "b"), 0), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "b"), &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 2);
	/* A rename of a name onto itself too */
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "a"), 0), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), 0);
}

/* Hard links */

/* Two names of one inode: same inode, nlink 2, either one survives */
static void dcache_hard_link(struct kunit *test)
{
	struct statx a, b;
	long fd;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "shared"), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_link(test, dk_p(test, "a"),
				      dk_p(test, "d/b")), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "a"), &a), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d/b"), &b), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&a, &b));
	KUNIT_EXPECT_EQ(test, a.stx_nlink, 2);

	/* A write through one name shows through the other */
	fd = dk_open(test, dk_p(test, "d/b"), O_WRONLY | O_APPEND);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, dk_write(test, fd, "!"), 1);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
	dk_expect_content(test, dk_p(test, "a"), "shared!");

	KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "a")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a"), &a), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "d/b"), &b), 0);
	KUNIT_EXPECT_EQ(test, b.stx_nlink, 1);
	dk_expect_content(test, dk_p(test, "d/b"), "shared!");
}

/* link() of a directory is EPERM, onto an existing name EEXIST */
static void dcache_hard_link_errors(struct kunit *test)
{
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "g"), "y"), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);

	KUNIT_EXPECT_EQ(test, dk_link(test, dk_p(test, "d"), dk_p(test, "e")),
			-EPERM);
	KUNIT_EXPECT_EQ(test, dk_link(test, dk_p(test, "f"), dk_p(test, "g")),
			-EEXIST);
	KUNIT_EXPECT_EQ(test, dk_link(test, dk_p(test, "f"),
				      dk_p(test, "none/f")), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_link(test, dk_p(test, "f"),
				      dk_p(test, "g/f")), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "e"), &st), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 1);
	dk_expect_content(test, dk_p(test, "g"), "y");
}

/* An open file that loses its last name can still be used */
static void dcache_unlink_open_file(struct kunit *test)
{
	struct statx st;
	char buf[16];
	long fd;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "still"), 0);
	fd = dk_open(test, dk_p(test, "f"), O_RDWR);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_ASSERT_EQ(test, dk_unlink(test, dk_p(test, "f")), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "f"), &st), -ENOENT);

	KUNIT_EXPECT_EQ(test, dk_read(test, fd, buf, sizeof(buf)), 5);
	KUNIT_EXPECT_STREQ(test, buf, "still");
	KUNIT_EXPECT_EQ(test, dk_write(test, fd, " here"), 5);
	KUNIT_EXPECT_EQ(test, dk_read(test, fd, buf, sizeof(buf)), 10);
	KUNIT_EXPECT_STREQ(test, buf, "still here");
	KUNIT_ASSERT_EQ(test, dk_fstat(test, fd, &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 0);
	KUNIT_EXPECT_EQ(test, st.stx_size, 10);

	/* A new file of the same name is another inode */
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "new"), 0);
	dk_expect_content(test, dk_p(test, "f"), "new");
	KUNIT_EXPECT_EQ(test, dk_read(test, fd, buf, sizeof(buf)), 10);
	/* An unlinked file cannot be linked back */
	KUNIT_EXPECT_EQ(test, kunit_syscall(linkat, fd, dk_ustr(test, ""),
					    AT_FDCWD, dk_p(test, "back"),
					    AT_EMPTY_PATH), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
}

/* An O_TMPFILE file has no name until linkat() gives it one */
static void dcache_tmpfile_link(struct kunit *test)
{
	const char *path;
	struct statx st;
	long fd;

	fd = dk_open(test, dk_p(test, "."), O_TMPFILE | O_RDWR);
	if (fd == -EOPNOTSUPP)
		kunit_skip(test, "no O_TMPFILE on this file system");
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, dk_write(test, fd, "anon"), 4);
	KUNIT_ASSERT_EQ(test, dk_fstat(test, fd, &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 0);
	/* A file without a name shows as deleted */
	path = dk_fd_path(test, fd);
	KUNIT_EXPECT_TRUE_MSG(test, strlen(path) > 10 &&
			      !strcmp(path + strlen(path) - 10, " (deleted)"),
			      "d_path() is %s", path);

	KUNIT_ASSERT_EQ(test, kunit_syscall(linkat, fd, dk_ustr(test, ""),
					    AT_FDCWD, dk_p(test, "named"),
					    AT_EMPTY_PATH), 0);
	KUNIT_ASSERT_EQ(test, dk_fstat(test, fd, &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 1);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
	dk_expect_content(test, dk_p(test, "named"), "anon");
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "named"), &st), 0);
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 1);
}

/* getdents64() lists exactly the names there are */
static void dcache_getdents(struct kunit *test)
{
	void __user *ubuf = dk_umem(test, DK_UBUF);
	char *buf = kunit_kzalloc(test, DK_BUF_SIZE, GFP_KERNEL);
	unsigned int seen = 0, dots = 0;
	long fd, len, off;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "d/f0"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "d/f1"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "d/gone"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d/f2")), 0);
	KUNIT_ASSERT_EQ(test, dk_unlink(test, dk_p(test, "d/gone")), 0);
	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "d/f1"),
					dk_p(test, "d/f3"), 0), 0);

	fd = dk_open(test, dk_p(test, "d"), O_RDONLY | O_DIRECTORY);
	KUNIT_ASSERT_GE(test, fd, 0);
	for (;;) {
		len = kunit_syscall(getdents64, fd, ubuf, DK_BUF_SIZE);
		KUNIT_ASSERT_GE(test, len, 0);
		if (!len)
			break;
		KUNIT_ASSERT_EQ(test, copy_from_user(buf, ubuf, len), 0);
		for (off = 0; off < len; ) {
			struct linux_dirent64 *de = (void *)(buf + off);

			if (!strcmp(de->d_name, ".") ||
			    !strcmp(de->d_name, ".."))
				dots++;
			else if (!strcmp(de->d_name, "f0"))
				seen |= 1;
			else if (!strcmp(de->d_name, "f2"))
				seen |= 2;
			else if (!strcmp(de->d_name, "f3"))
				seen |= 4;
			else
				KUNIT_FAIL(test, "unexpected name %s",
					   de->d_name);
			KUNIT_ASSERT_GT(test, de->d_reclen, 0);
			off += de->d_reclen;
		}
	}
	KUNIT_EXPECT_EQ(test, dots, 2);
	KUNIT_EXPECT_EQ(test, seen, 7);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
}

/* Two file systems: EXDEV */

/* rename() and link() between two mounts are EXDEV */
static void dcache_exdev(struct kunit *test)
{
	struct statx st;

	dk_need_tmp(test);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "ram/a"), "a"), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "tmp/b"), "b"), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_t(test, "ram/d")), 0);

	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_t(test, "ram/a"),
					dk_t(test, "tmp/a"), 0), -EXDEV);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_t(test, "ram/a"),
					dk_t(test, "tmp/b"), 0), -EXDEV);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_t(test, "ram/a"),
					dk_t(test, "tmp/b"), RENAME_EXCHANGE),
			-EXDEV);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_t(test, "ram/d"),
					dk_t(test, "tmp/d"), 0), -EXDEV);
	KUNIT_EXPECT_EQ(test, dk_link(test, dk_t(test, "ram/a"),
				      dk_t(test, "tmp/a")), -EXDEV);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "tmp/a"), &st), -ENOENT);
	dk_expect_content(test, dk_t(test, "ram/a"), "a");
	dk_expect_content(test, dk_t(test, "tmp/b"), "b");
}

/* d_path(), getcwd() */

/* d_path() of an open file follows renames and marks it deleted */
static void dcache_d_path(struct kunit *test)
{
	long fd;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "d/f"), "x"), 0);
	fd = dk_open(test, dk_p(test, "d/f"), O_RDONLY);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fd), dk_kp(test, "d/f"));

	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "d/f"),
					dk_p(test, "d/g"), 0), 0);
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fd), dk_kp(test, "d/g"));
	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "d"),
					dk_p(test, "e"), 0), 0);
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fd), dk_kp(test, "e/g"));

	KUNIT_ASSERT_EQ(test, dk_unlink(test, dk_p(test, "e/g")), 0);
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fd),
			   dk_kp(test, "e/g (deleted)"));
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
}

/* Each name of a hard linked file is a path of its own */
static void dcache_d_path_aliases(struct kunit *test)
{
	long fa, fb;

	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "a"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_link(test, dk_p(test, "a"), dk_p(test, "b")),
			0);
	fa = dk_open(test, dk_p(test, "a"), O_RDONLY);
	KUNIT_ASSERT_GE(test, fa, 0);
	fb = dk_open(test, dk_p(test, "b"), O_RDONLY);
	KUNIT_ASSERT_GE(test, fb, 0);
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fa), dk_kp(test, "a"));
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fb), dk_kp(test, "b"));

	KUNIT_ASSERT_EQ(test, dk_unlink(test, dk_p(test, "a")), 0);
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fa),
			   dk_kp(test, "a (deleted)"));
	KUNIT_EXPECT_STREQ(test, dk_fd_path(test, fb), dk_kp(test, "b"));
	KUNIT_EXPECT_EQ(test, dk_close(test, fa), 0);
	KUNIT_EXPECT_EQ(test, dk_close(test, fb), 0);
}

/* readlink() of /proc/self/fd/N is d_path() of the open file */
static void dcache_proc_fd_link(struct kunit *test)
{
	char *buf = dk_kbuf(test);
	long fd;

	dk_need_proc(test);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);
	fd = dk_open(test, dk_p(test, "f"), O_RDONLY);
	KUNIT_ASSERT_GE(test, fd, 0);

	KUNIT_EXPECT_EQ(test, dk_readlink(test, dk_t(test, "proc/self/fd/%ld",
						     fd), buf, DK_SLOT_SIZE),
			(long)strlen(dk_kp(test, "f")));
	KUNIT_EXPECT_STREQ(test, buf, dk_kp(test, "f"));
	KUNIT_ASSERT_EQ(test, dk_unlink(test, dk_p(test, "f")), 0);
	KUNIT_EXPECT_GT(test, dk_readlink(test, dk_t(test, "proc/self/fd/%ld",
						     fd), buf, DK_SLOT_SIZE), 0);
	KUNIT_EXPECT_STREQ(test, buf, dk_kp(test, "f (deleted)"));
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
	KUNIT_EXPECT_EQ(test, dk_readlink(test, dk_t(test, "proc/self/fd/%ld",
						     fd), buf, DK_SLOT_SIZE),
			-ENOENT);
}

/* getcwd() after chdir(), and after a directory above was renamed */
static void dcache_getcwd(struct kunit *test)
{
	const char *want = dk_kp(test, "a/b");
	char *buf = dk_kbuf(test);
	struct statx st, dot;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "a")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "a/b")), 0);
	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_p(test, "a/b")), 0);

	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, DK_SLOT_SIZE),
			(long)strlen(want) + 1);
	KUNIT_EXPECT_STREQ(test, buf, want);
	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, strlen(want)), -ERANGE);

	/* Relative names start from there */
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_ustr(test, "rel"), "x"), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "a/b/rel"), &st), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_ustr(test, ".."), &dot), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_p(test, "a"), &st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(&st, &dot));

	KUNIT_ASSERT_EQ(test, dk_rename(test, dk_p(test, "a"),
					dk_p(test, "c"), 0), 0);
	want = dk_kp(test, "c/b");
	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, DK_SLOT_SIZE),
			(long)strlen(want) + 1);
	KUNIT_EXPECT_STREQ(test, buf, want);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_ustr(test, "rel"), &st), 0);
	KUNIT_EXPECT_EQ(test, dk_chdir(test, dk_ustr(test, "/")), 0);
}

/* getcwd() in a removed directory is ENOENT; nothing can be made there */
static void dcache_getcwd_deleted(struct kunit *test)
{
	char *buf = dk_kbuf(test);
	struct statx st;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_p(test, "d")), 0);
	KUNIT_ASSERT_EQ(test, dk_rmdir(test, dk_p(test, "d")), 0);

	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, DK_SLOT_SIZE), -ENOENT);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_ustr(test, "."), &st), 0);
	KUNIT_EXPECT_TRUE(test, S_ISDIR(st.stx_mode));
	KUNIT_EXPECT_EQ(test, st.stx_nlink, 0);
	KUNIT_EXPECT_EQ(test, dk_open(test, dk_ustr(test, "f"),
				      O_CREAT | O_WRONLY), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, dk_ustr(test, "e")), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_ustr(test, "f"), &st), -ENOENT);

	/* A new directory of the same name is another one */
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, DK_SLOT_SIZE), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_chdir(test, dk_p(test, "d")), 0);
	KUNIT_EXPECT_GT(test, dk_getcwd(test, buf, DK_SLOT_SIZE), 0);
	KUNIT_EXPECT_STREQ(test, buf, dk_kp(test, "d"));
	KUNIT_EXPECT_EQ(test, dk_chdir(test, dk_ustr(test, "/")), 0);
}

/* getcwd() outside of the root is prefixed with "(unreachable)" */
static void dcache_getcwd_unreachable(struct kunit *test)
{
	char *want = dk_kbuf(test);
	char *buf = dk_kbuf(test);
	long root;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "cwd")), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "jail")), 0);
	root = dk_open(test, dk_ustr(test, "/"), O_RDONLY | O_DIRECTORY);
	KUNIT_ASSERT_GE(test, root, 0);

	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_p(test, "cwd")), 0);
	KUNIT_ASSERT_EQ(test, kunit_syscall(chroot, dk_p(test, "jail")), 0);
	snprintf(want, DK_SLOT_SIZE, "(unreachable)%s", dk_kp(test, "cwd"));
	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, DK_SLOT_SIZE),
			(long)strlen(want) + 1);
	KUNIT_EXPECT_STREQ(test, buf, want);

	/* Inside the new root, paths start at it */
	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_ustr(test, "/")), 0);
	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, DK_SLOT_SIZE), 2);
	KUNIT_EXPECT_STREQ(test, buf, "/");

	/* Back to the real root */
	KUNIT_ASSERT_EQ(test, kunit_syscall(fchdir, root), 0);
	KUNIT_ASSERT_EQ(test, kunit_syscall(chroot, dk_ustr(test, ".")), 0);
	KUNIT_EXPECT_EQ(test, dk_getcwd(test, buf, DK_SLOT_SIZE), 2);
	KUNIT_EXPECT_STREQ(test, buf, "/");
	KUNIT_EXPECT_EQ(test, dk_close(test, root), 0);
}

/* Mount points */

/* Lookups cross into a mount and back out of it through ".." */
static void dcache_mount_crossing(struct kunit *test)
{
	struct statx *ram, *below, *m, *st;

	ram = dk_stx(test);
	below = dk_stx(test);
	m = dk_stx(test);
	st = dk_stx(test);

	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "ram"), ram), 0);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_t(test, "ram/m")), 0);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "ram/m/hidden"), "x"),
			0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "ram/m"), below), 0);
	KUNIT_ASSERT_EQ(test, dk_mount(test, "ramfs", dk_t(test, "ram/m")), 0);

	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "ram/m"), m), 0);
	KUNIT_EXPECT_FALSE(test, dk_same_dev(m, ram));
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "ram/m/hidden"), st),
			-ENOENT);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "ram/m/f"), "x"), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "ram/m/f"), st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_dev(st, m));
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "ram/m/.."), st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(st, ram));
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "ram/m/../m/f"), st),
			0);
	KUNIT_EXPECT_TRUE(test, dk_same_dev(st, m));

	/* The same from inside, relative to the current directory */
	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_t(test, "ram/m")), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_ustr(test, ".."), st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(st, ram));
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_ustr(test, "../m"), st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(st, m));
	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_ustr(test, "/")), 0);

	/* The mount point cannot be removed or renamed while mounted on */
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_t(test, "ram/m")), -EBUSY);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_t(test, "ram/m"),
					dk_t(test, "ram/n"), 0), -EBUSY);

	/* After umount the directory below shows again */
	KUNIT_ASSERT_EQ(test, dk_umount(test, dk_t(test, "ram/m"), 0), 0);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "ram/m"), st), 0);
	KUNIT_EXPECT_TRUE(test, dk_same_file(st, below));
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "ram/m/f"), st),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "ram/m/hidden"), st),
			0);
	KUNIT_EXPECT_EQ(test, dk_umount(test, dk_t(test, "ram/m"), 0),
			-EINVAL);
}

/* umount() of a busy mount is EBUSY until the last user lets go */
static void dcache_umount_busy(struct kunit *test)
{
	struct statx st;
	long fd;

	dk_mount_nested(test);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "ram/m/f"), "x"), 0);

	fd = dk_open(test, dk_t(test, "ram/m/f"), O_RDONLY);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, dk_umount(test, dk_t(test, "ram/m"), 0), -EBUSY);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);

	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_t(test, "ram/m")), 0);
	KUNIT_EXPECT_EQ(test, dk_umount(test, dk_t(test, "ram/m"), 0), -EBUSY);
	KUNIT_ASSERT_EQ(test, dk_chdir(test, dk_ustr(test, "/")), 0);

	/* Still mounted, and the file is still there */
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "ram/m/f"), &st), 0);
	KUNIT_EXPECT_EQ(test, dk_umount(test, dk_t(test, "ram/m"), 0), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "ram/m/f"), &st),
			-ENOENT);
}

/* A mount and everything in it leave no dentries behind when unmounted */
static void dcache_umount_frees_dentries(struct kunit *test)
{
	long before, during;
	int i;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_t(test, "ram/m")), 0);
	before = dk_settle(dcache_nr_dentries());
	KUNIT_ASSERT_EQ(test, dk_mount(test, "ramfs", dk_t(test, "ram/m")), 0);
	for (i = 0; i < 16; i++) {
		KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_t(test, "ram/m/d%d", i)),
				0);
		KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "ram/m/d%d/f", i),
					     "x"), 0);
		KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "ram/m/d%d/no", i),
					      NULL), -ENOENT);
	}
	during = dcache_nr_dentries();
	KUNIT_EXPECT_GE(test, during, before + 2 * 16);

	KUNIT_ASSERT_EQ(test, dk_umount(test, dk_t(test, "ram/m"), 0), 0);
	KUNIT_EXPECT_LE(test, dk_settle(before), before);
}

/* /proc/<pid> */

static int dk_idle_thread(void *unused)
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

/* Start a thread that waits to be stopped; return its pid */
static pid_t dk_start_thread(struct kunit *test)
{
	struct dk_ctx *ctx = dk_ctx(test);
	struct task_struct *task;

	task = kthread_run(dk_idle_thread, NULL, "dcache_kunit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	get_task_struct(task);
	ctx->thread = task;
	return task_tgid_nr(task);
}

static void dk_stop_thread(struct kunit *test)
{
	struct dk_ctx *ctx = dk_ctx(test);

	kthread_stop(ctx->thread);
	put_task_struct(ctx->thread);
	ctx->thread = NULL;
}

/* Wait until @path is gone; return what statx() says at the end */
static long dk_wait_enoent(struct kunit *test, const char __user *path)
{
	unsigned long end = jiffies + msecs_to_jiffies(DK_WAIT_MS);
	long ret;

	for (;;) {
		ret = dk_stat(test, path, NULL);
		if (ret == -ENOENT || time_after(jiffies, end))
			return ret;
		msleep(20);
	}
}

/* /proc/<pid> comes with a new thread and goes when the thread is gone */
static void dcache_proc_pid_comes_and_goes(struct kunit *test)
{
	struct statx st;
	pid_t pid;

	dk_need_proc(test);
	pid = dk_start_thread(test);
	KUNIT_ASSERT_EQ(test, dk_stat(test, dk_t(test, "proc/%d", pid), &st),
			0);
	KUNIT_EXPECT_TRUE(test, S_ISDIR(st.stx_mode));
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "proc/%d/status", pid),
				      &st), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "proc/%d/none", pid),
				      &st), -ENOENT);

	dk_stop_thread(test);
	KUNIT_EXPECT_EQ(test, dk_wait_enoent(test, dk_t(test, "proc/%d", pid)),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_t(test, "proc/%d/status", pid),
				      &st), -ENOENT);
}

/* An open /proc/<pid> directory of a thread that is gone: ESRCH inside */
static void dcache_proc_pid_open_dir(struct kunit *test)
{
	struct statx st;
	long dfd;
	pid_t pid;

	dk_need_proc(test);
	pid = dk_start_thread(test);
	dfd = dk_open(test, dk_t(test, "proc/%d", pid), O_RDONLY | O_DIRECTORY);
	KUNIT_ASSERT_GE(test, dfd, 0);
	KUNIT_EXPECT_EQ(test, dk_statx(test, dfd, dk_ustr(test, "status"), 0,
				       &st), 0);

	dk_stop_thread(test);
	KUNIT_EXPECT_EQ(test, dk_wait_enoent(test, dk_t(test, "proc/%d", pid)),
			-ENOENT);
	/* The directory's permission check finds no task: ESRCH */
	KUNIT_EXPECT_EQ(test, dk_statx(test, dfd, dk_ustr(test, "status"), 0,
				       &st), -ESRCH);
	KUNIT_EXPECT_EQ(test, dk_statx(test, dfd, dk_ustr(test, "comm"), 0,
				       &st), -ESRCH);
	KUNIT_EXPECT_EQ(test, dk_fstat(test, dfd, &st), 0);
	KUNIT_EXPECT_EQ(test, dk_close(test, dfd), 0);
}

/* Shrinking */

/* Shrinking the dentries of a ramfs loses none of its files */
static void dcache_shrink_keeps_files(struct kunit *test)
{
	struct super_block *sb;
	int i;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "many")), 0);
	for (i = 0; i < DK_NR_FILES; i++)
		KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "many/f%d", i),
					     "x"), 0);
	sb = dk_sb(test, dk_kp(test, "."));
	shrink_dcache_sb(sb);
	for (i = 0; i < DK_NR_FILES; i++)
		KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "many/f%d", i),
					      NULL), 0);
	KUNIT_EXPECT_GE(test, dcache_nr_dentries(), DK_NR_FILES);
	/* Removed files and their lookups leave nothing after a shrink */
	for (i = 0; i < DK_NR_FILES; i++)
		KUNIT_EXPECT_EQ(test, dk_unlink(test, dk_p(test, "many/f%d", i)),
				0);
	shrink_dcache_sb(sb);
	for (i = 0; i < DK_NR_FILES; i++)
		KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "many/f%d", i),
					      NULL), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "many")), 0);
}

/* Names of /proc/<pid> that exist for every task */
static const char * const dk_pid_entries[] = {
	"status", "stat", "statm", "cmdline", "comm", "maps", "mem",
	"fd", "fdinfo", "task", "mounts", "mountinfo",
};

/* Look up every entry of /proc/<pid>: cached dentries that are unused */
static void dk_proc_lookups(struct kunit *test, pid_t pid)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(dk_pid_entries); i++)
		KUNIT_EXPECT_EQ(test, dk_lstat(test,
					       dk_t(test, "proc/%d/%s", pid,
						    dk_pid_entries[i]), NULL),
				0);
}

/* shrink_dcache_sb() frees unused dentries; the names are still found */
static void dcache_shrink_sb(struct kunit *test)
{
	pid_t pid = task_tgid_nr(current);
	struct super_block *sb;
	long before;

	dk_need_proc(test);
	sb = dk_sb(test, dk_kt(test, "proc"));
	before = dk_settle(dcache_nr_dentries());
	dk_proc_lookups(test, pid);
	KUNIT_EXPECT_GE(test, dcache_nr_dentries(),
			before + (long)ARRAY_SIZE(dk_pid_entries));

	shrink_dcache_sb(sb);
	KUNIT_EXPECT_LE(test, dcache_nr_dentries(), before);
	dk_proc_lookups(test, pid);
	KUNIT_EXPECT_GE(test, dcache_nr_dentries(),
			before + (long)ARRAY_SIZE(dk_pid_entries));
}

/* Write "2" (slab objects) to drop_caches, or do what it would do */
static void dk_drop_caches(struct kunit *test)
{
	long fd;

	fd = dk_open(test, dk_t(test, "proc/sys/vm/drop_caches"), O_WRONLY);
	if (fd == -ENOENT) {
		/* No sysctl files */
		drop_slab();
		return;
	}
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, dk_write(test, fd, "2"), 1);
	KUNIT_EXPECT_EQ(test, dk_close(test, fd), 0);
}

/*
 * drop_caches runs the shrinkers, as memory pressure does: unused
 * dentries go, the files of ramfs and tmpfs stay. A dentry used since the
 * last scan may get a second chance, and how many scans it takes is up to
 * the implementation, so the knob is written until they are gone.
 */
static void dcache_drop_caches(struct kunit *test)
{
	pid_t pid = task_tgid_nr(current);
	long before, nr;
	int i;

	dk_need_proc(test);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "ram/f"), "ram"), 0);
	if (dk_ctx(test)->tmp_usable)
		KUNIT_ASSERT_EQ(test, dk_put(test, dk_t(test, "tmp/f"), "tmp"),
				0);
	/* Have the dentries of the knob itself before counting */
	dk_drop_caches(test);
	before = dk_settle(dcache_nr_dentries());
	dk_proc_lookups(test, pid);
	KUNIT_EXPECT_GE(test, dcache_nr_dentries(),
			before + (long)ARRAY_SIZE(dk_pid_entries));

	for (i = 0; i < 8; i++) {
		dk_drop_caches(test);
		nr = dcache_nr_dentries();
		if (nr <= before)
			break;
	}
	KUNIT_EXPECT_LE_MSG(test, nr, before, "after %d writes", i);

	dk_expect_content(test, dk_t(test, "ram/f"), "ram");
	if (dk_ctx(test)->tmp_usable)
		dk_expect_content(test, dk_t(test, "tmp/f"), "tmp");
	dk_proc_lookups(test, pid);
}

/* Bad user pointers */

/* A path name in memory that is not there is EFAULT, for every call */
static void dcache_efault_path(struct kunit *test)
{
	const char __user *hole = dk_ctx(test)->hole;
	void __user *tail;
	struct statx st;

	dk_need_mmu(test);
	KUNIT_EXPECT_EQ(test, dk_stat(test, hole, &st), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_unlink(test, hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_open(test, hole, O_CREAT | O_WRONLY),
			-EFAULT);
	KUNIT_EXPECT_EQ(test, dk_chdir(test, hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_symlink(test, "x", hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, kunit_syscall(symlinkat, hole, AT_FDCWD,
					    dk_p(test, "l")), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_rename(test, hole, dk_p(test, "x"), 0),
			-EFAULT);
	KUNIT_ASSERT_EQ(test, dk_put(test, dk_p(test, "f"), "x"), 0);
	KUNIT_EXPECT_EQ(test, dk_rename(test, dk_p(test, "f"), hole, 0),
			-EFAULT);
	KUNIT_EXPECT_EQ(test, dk_link(test, dk_p(test, "f"), hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_link(test, hole, dk_p(test, "g")), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_mount(test, "ramfs", hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_umount(test, hole, 0), -EFAULT);

	/* A name that runs into the hole without its NUL */
	tail = dk_umem(test, DK_UMEM_SIZE - 4);
	KUNIT_ASSERT_EQ(test, copy_to_user(tail, "abcd", 4), 0);
	KUNIT_EXPECT_EQ(test, dk_stat(test, tail, &st), -EFAULT);
	KUNIT_EXPECT_EQ(test, dk_mkdir(test, tail), -EFAULT);

	/* Nothing happened to the file, nothing was made */
	dk_expect_content(test, dk_p(test, "f"), "x");
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "l"), &st), -ENOENT);
	KUNIT_EXPECT_EQ(test, dk_stat(test, dk_p(test, "g"), &st), -ENOENT);
}

/* A result buffer that is not there is EFAULT */
static void dcache_efault_buffer(struct kunit *test)
{
	void __user *hole = dk_ctx(test)->hole;

	dk_need_mmu(test);
	KUNIT_ASSERT_EQ(test, dk_symlink(test, "target", dk_p(test, "l")), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(statx, AT_FDCWD, dk_p(test, "l"),
					    AT_SYMLINK_NOFOLLOW,
					    STATX_BASIC_STATS, hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, kunit_syscall(readlinkat, AT_FDCWD,
					    dk_p(test, "l"), hole, 16),
			-EFAULT);
	KUNIT_EXPECT_EQ(test, kunit_syscall(getcwd, hole, 256), -EFAULT);
	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_p(test, "d")), 0);
	KUNIT_EXPECT_EQ(test, dk_rmdir(test, dk_p(test, "d")), 0);
}

/* Setup and teardown */

static int dk_suite_init(struct kunit_suite *suite)
{
	/* The root file system must not change under the cases at boot */
	wait_for_initramfs();
	return 0;
}

static void dk_put_path(const char *kpath, bool umount)
{
	struct path path;

	if (umount) {
		if (!kern_path(kpath, 0, &path))
			path_umount(&path, MNT_DETACH);
	} else {
		do_rmdir(AT_FDCWD, getname_kernel(kpath));
	}
}

static int dk_init(struct kunit *test)
{
	const struct dk_fs_param *param = test->param_value;
	struct dk_ctx *ctx;
	unsigned long addr;
	long ret;
	int i;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	for (i = 0; i < DK_MAX_FDS; i++)
		ctx->fds[i] = -1;
	ctx->fs = param ? param->dir : "ram";
	ctx->kbuf = kunit_kzalloc(test, PATH_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->kbuf);
	ctx->pbuf = kunit_kzalloc(test, DK_SLOT_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pbuf);

	/*
	 * Without an MMU there is no user memory to map and no access
	 * faults: kernel memory stands in for it and the -EFAULT cases are
	 * skipped.
	 */
	if (IS_ENABLED(CONFIG_MMU)) {
		addr = kunit_vm_mmap(test, NULL, 0, DK_UMEM_SIZE + PAGE_SIZE,
				     PROT_READ | PROT_WRITE,
				     MAP_ANONYMOUS | MAP_PRIVATE, 0);
		if (!addr || IS_ERR_VALUE(addr))
			kunit_skip(test, "cannot map user memory");
		KUNIT_ASSERT_EQ(test, vm_munmap(addr + DK_UMEM_SIZE,
						PAGE_SIZE), 0);
		ctx->umem = (void __user *)addr;
		ctx->hole = (void __user *)(addr + DK_UMEM_SIZE);
	} else {
		void *buf = kunit_kzalloc(test, DK_UMEM_SIZE, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, buf);
		ctx->umem = (void __force __user *)buf;
	}

	/* chdir() and chroot() of the case change only the case's thread */
	KUNIT_ASSERT_EQ(test, unshare_fs_struct(), 0);

	ctx->baseline = dk_settle(dcache_nr_dentries());
	ctx->counted = true;

	do {
		snprintf(ctx->top, sizeof(ctx->top), "/dcache_kunit.%d",
			 atomic_inc_return(&dk_instance));
		ret = kunit_syscall(mkdirat, AT_FDCWD, dk_ustr(test, ctx->top),
				    0700);
	} while (ret == -EEXIST);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ctx->top_made = true;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_t(test, "ram")), 0);
	KUNIT_ASSERT_EQ(test, dk_mount(test, "ramfs", dk_t(test, "ram")), 0);
	ctx->ram_mounted = true;

	KUNIT_ASSERT_EQ(test, dk_mkdir(test, dk_t(test, "tmp")), 0);
	/*
	 * Without CONFIG_TMPFS, "tmpfs" is the internal shm mount, which user
	 * space cannot mount (-EINVAL), or ramfs without an MMU.
	 */
	ret = dk_mount(test, "tmpfs", dk_t(test, "tmp"));
	ctx->tmp_mounted = !ret;
	if (ctx->tmp_mounted && !dk_mkdir(test, dk_t(test, "tmp/probe")))
		ctx->tmp_usable = !dk_rmdir(test, dk_t(test, "tmp/probe"));
	if (!strcmp(ctx->fs, "tmp"))
		dk_need_tmp(test);
	return 0;
}

static void dk_exit(struct kunit *test)
{
	struct dk_ctx *ctx = dk_ctx(test);
	char *kpath;
	long nr;
	int i;

	if (!ctx)
		return;
	if (ctx->thread)
		dk_stop_thread(test);
	/* The exit runs in a thread of its own that shares the file table */
	for (i = 0; i < DK_MAX_FDS; i++)
		if (ctx->fds[i] >= 0)
			close_fd(ctx->fds[i]);
	flush_delayed_fput();

	if (ctx->top_made) {
		kpath = kmalloc(DK_SLOT_SIZE, GFP_KERNEL);
		if (!kpath) {
			KUNIT_FAIL(test, "no memory to clean up %s", ctx->top);
			return;
		}
		/*
		 * Detach: the case's thread may still be on its way out,
		 * holding its current directory in a mount.
		 */
		snprintf(kpath, DK_SLOT_SIZE, "%s/ram", ctx->top);
		if (ctx->ram_mounted)
			dk_put_path(kpath, true);
		snprintf(kpath, DK_SLOT_SIZE, "%s/tmp", ctx->top);
		if (ctx->tmp_mounted)
			dk_put_path(kpath, true);
		snprintf(kpath, DK_SLOT_SIZE, "%s/proc", ctx->top);
		if (ctx->proc_mounted)
			dk_put_path(kpath, true);
		snprintf(kpath, DK_SLOT_SIZE, "%s/ram", ctx->top);
		dk_put_path(kpath, false);
		snprintf(kpath, DK_SLOT_SIZE, "%s/tmp", ctx->top);
		dk_put_path(kpath, false);
		snprintf(kpath, DK_SLOT_SIZE, "%s/proc", ctx->top);
		dk_put_path(kpath, false);
		dk_put_path(ctx->top, false);
		kfree(kpath);
	}

	/* No dentry may outlive the case */
	if (!ctx->counted)
		return;
	nr = dk_settle(ctx->baseline);
	KUNIT_EXPECT_LE_MSG(test, nr, ctx->baseline,
			    "dentries leaked by the case");
}

static const struct dk_fs_param dk_fs_params[] = {
	{ .dir = "ram", .desc = "ramfs" },
	{ .dir = "tmp", .desc = "tmpfs" },
};

static void dk_fs_desc(const struct dk_fs_param *param, char *desc)
{
	strscpy(desc, param->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dk_fs, dk_fs_params, dk_fs_desc);

static struct kunit_case dcache_test_cases[] = {
	KUNIT_CASE_PARAM(dcache_negative_then_positive, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_enoent, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_mkdir_rmdir, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_eexist, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_rmdir_enotempty, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_enotdir, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_eisdir, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_enametoolong_name, dk_fs_gen_params),
	KUNIT_CASE(dcache_enametoolong_path),
	KUNIT_CASE_PARAM(dcache_symlink_follow, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_eloop, dk_fs_gen_params),
	KUNIT_CASE(dcache_eloop_nofollow),
	KUNIT_CASE(dcache_eloop_chain),
	KUNIT_CASE_PARAM(dcache_rename_file, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_rename_replaces, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_rename_noreplace, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_rename_exchange_files, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_rename_exchange_dirs, dk_fs_gen_params),
	KUNIT_CASE(dcache_rename_exchange_errors),
	KUNIT_CASE_PARAM(dcache_rename_dir, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_rename_dir_errors, dk_fs_gen_params),
	KUNIT_CASE(dcache_rename_same_inode),
	KUNIT_CASE_PARAM(dcache_hard_link, dk_fs_gen_params),
	KUNIT_CASE(dcache_hard_link_errors),
	KUNIT_CASE_PARAM(dcache_unlink_open_file, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_tmpfile_link, dk_fs_gen_params),
	KUNIT_CASE_PARAM(dcache_getdents, dk_fs_gen_params),
	KUNIT_CASE(dcache_exdev),
	KUNIT_CASE_PARAM(dcache_d_path, dk_fs_gen_params),
	KUNIT_CASE(dcache_d_path_aliases),
	KUNIT_CASE(dcache_proc_fd_link),
	KUNIT_CASE(dcache_getcwd),
	KUNIT_CASE(dcache_getcwd_deleted),
	KUNIT_CASE(dcache_getcwd_unreachable),
	KUNIT_CASE(dcache_mount_crossing),
	KUNIT_CASE(dcache_umount_busy),
	KUNIT_CASE(dcache_umount_frees_dentries),
	KUNIT_CASE(dcache_proc_pid_comes_and_goes),
	KUNIT_CASE(dcache_proc_pid_open_dir),
	KUNIT_CASE_PARAM(dcache_shrink_keeps_files, dk_fs_gen_params),
	KUNIT_CASE(dcache_shrink_sb),
	KUNIT_CASE(dcache_drop_caches),
	KUNIT_CASE(dcache_efault_path),
	KUNIT_CASE(dcache_efault_buffer),
	{}
};

static struct kunit_suite dcache_test_suite = {
	.name = "dcache",
	.suite_init = dk_suite_init,
	.init = dk_init,
	.exit = dk_exit,
	.test_cases = dcache_test_cases,
};

kunit_test_suite(dcache_test_suite);

MODULE_DESCRIPTION("KUnit tests for the dentry cache");
MODULE_LICENSE("GPL");
