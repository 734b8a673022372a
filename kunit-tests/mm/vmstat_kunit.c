// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the /proc files of memory statistics, as user space
 * reads them.
 *
 * Each case mounts a private proc instance on a directory of its own
 * ("/vmstat_kunit.<n>"), opens its root, and detaches the mount again at
 * once: the open root keeps the instance alive, and nothing is left to
 * unmount when a case ends early. The cases then open, read and list
 * files under that root through the real system call entry points (see
 * <kunit/syscall.h>), with the names and buffers in user memory:
 *
 *  - /proc/meminfo, which every kernel with proc has: its MemTotal: line
 *    gives the kernel's total RAM;
 *  - /proc/vmstat, whose nr_free_pages line is the free page count, and
 *    /proc/zoneinfo, /proc/buddyinfo and /proc/pagetypeinfo, which must
 *    read to their end and begin as their formats do;
 *  - the root directory of the instance, as getdents64() lists it.
 *
 * With CONFIG_PROC_VMSTAT=n the four statistics files do not exist: the
 * cases check that opening each fails with -ENOENT and that the listing
 * of the root leaves them out, and /proc/meminfo is unchanged.
 *
 * The cases run in kernel threads, which share one file table with the
 * other kernel threads: the descriptors a case opens are closed by the
 * case, or at its exit.
 */

#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/dirent.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/string.h>
#include <linux/uaccess.h>

/*
 * User memory of a case: names in rotating slots (mount() takes three),
 * then the buffer read() and getdents64() fill.
 */
#define VP_SLOTS		3
#define VP_SLOT_SIZE		64
#define VP_UBUF			(VP_SLOTS * VP_SLOT_SIZE)
#define VP_BUF_SIZE		2048
#define VP_UMEM_SIZE		(VP_UBUF + VP_BUF_SIZE)
/* More than any of the files holds on a test machine */
#define VP_MAX_READ		(4 << 20)

/* Whether /proc/vmstat, zoneinfo, buddyinfo and pagetypeinfo exist */
#define VP_FILES		IS_ENABLED(CONFIG_PROC_VMSTAT)

struct vp_ctx {
	char dir[32];			/* "/vmstat_kunit.<n>" */
	void __user *umem;
	unsigned int slot;
	int root;			/* the proc instance's root, or -1 */
	char *head;			/* the start of the file read last */
};

static atomic_t vp_instance = ATOMIC_INIT(0);

static struct vp_ctx *vp_ctx(struct kunit *test)
{
	return test->priv;
}

/* @s copied into the next slot of user memory */
static const char __user *vp_ustr(struct kunit *test, const char *s)
{
	struct vp_ctx *ctx = vp_ctx(test);
	void __user *u = ctx->umem + (ctx->slot++ % VP_SLOTS) * VP_SLOT_SIZE;
	size_t len = strlen(s) + 1;

	KUNIT_ASSERT_LE(test, len, VP_SLOT_SIZE);
	KUNIT_ASSERT_EQ(test, copy_to_user(u, s, len), 0);
	return u;
}

static long vp_umount(const char __user *path, int flags)
{
#ifdef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
	/* x86-64: umount2 is the number of SYSCALL_DEFINE2(umount) */
	return __kunit_x64_call(__NR_umount2, path, flags, 0, 0, 0, 0);
#else
	return kunit_syscall(umount, (char __user *)path, flags);
#endif
}

/* openat() of @name below the proc instance's root */
static long vp_open(struct kunit *test, const char *name, int flags)
{
	return kunit_syscall(openat, vp_ctx(test)->root, vp_ustr(test, name),
			     flags, 0);
}

/*
 * Read the file @name to its end. Returns its length, or the error of
 * open() or read(); its first VP_BUF_SIZE - 1 bytes are left in the
 * context's head, NUL terminated.
 */
static long vp_read_file(struct kunit *test, const char *name)
{
	struct vp_ctx *ctx = vp_ctx(test);
	void __user *ubuf = ctx->umem + VP_UBUF;
	long fd, ret, total = 0;

	ctx->head[0] = '\0';
	fd = vp_open(test, name, O_RDONLY);
	if (fd < 0)
		return fd;
	do {
		ret = kunit_syscall(read, fd, ubuf, VP_BUF_SIZE - 1);
		if (ret > 0 && !total &&
		    !copy_from_user(ctx->head, ubuf, ret))
			ctx->head[ret] = '\0';
		if (ret > 0)
			total += ret;
	} while (ret > 0 && total < VP_MAX_READ);
	kunit_syscall(close, fd);
	return ret < 0 ? ret : total;
}

/*
 * The number after "@key" at the start of a line of @text, or -1 when
 * there is no such line or it has no number.
 */
static long vp_value(const char *text, const char *key)
{
	size_t len = strlen(key);
	const char *p = text;
	unsigned long val;
	char num[24];
	size_t n;

	while (p && *p) {
		if (!strncmp(p, key, len)) {
			p = skip_spaces(p + len);
			n = strspn(p, "0123456789");
			if (!n || n >= sizeof(num))
				return -1;
			memcpy(num, p, n);
			num[n] = '\0';
			if (kstrtoul(num, 10, &val) || val > LONG_MAX)
				return -1;
			return val;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

/* /proc/meminfo: MemTotal: is the kernel's total RAM, in kB */
static void vmstat_proc_meminfo(struct kunit *test)
{
	struct vp_ctx *ctx = vp_ctx(test);
	unsigned long total_kb = totalram_pages() << (PAGE_SHIFT - 10);

	KUNIT_ASSERT_GT(test, vp_read_file(test, "meminfo"), 0);
	KUNIT_EXPECT_TRUE_MSG(test, strstarts(ctx->head, "MemTotal:"),
			      "meminfo begins with \"%.20s\"", ctx->head);
	KUNIT_EXPECT_EQ(test, vp_value(ctx->head, "MemTotal:"),
			(long)total_kb);
	KUNIT_EXPECT_GE(test, vp_value(ctx->head, "MemFree:"), 0);
}

/* /proc/vmstat: nr_free_pages is some, but not more than all, of RAM */
static void vmstat_proc_free_pages(struct kunit *test)
{
	struct vp_ctx *ctx = vp_ctx(test);
	long ret = vp_read_file(test, "vmstat");
	long free;

	if (!VP_FILES) {
		KUNIT_EXPECT_EQ(test, ret, -ENOENT);
		return;
	}
	KUNIT_ASSERT_GT(test, ret, 0);
	free = vp_value(ctx->head, "nr_free_pages ");
	KUNIT_EXPECT_GT_MSG(test, free, 0, "no nr_free_pages line in \"%.40s\"",
			    ctx->head);
	KUNIT_EXPECT_LE(test, free, (long)totalram_pages());
}

struct vp_file {
	const char *name;
	const char *head;		/* what the file begins with */
};

static const struct vp_file vp_files[] = {
	{ .name = "vmstat", .head = "nr_free_pages " },
	{ .name = "zoneinfo", .head = "Node 0, zone" },
	{ .name = "buddyinfo", .head = "Node 0, zone" },
	{ .name = "pagetypeinfo", .head = "Page block order: " },
};

static void vp_file_desc(const struct vp_file *file, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "/proc/%s", file->name);
}

KUNIT_ARRAY_PARAM(vp_file, vp_files, vp_file_desc);

/* Each file reads to its end and begins as its format does */
static void vmstat_proc_file(struct kunit *test)
{
	const struct vp_file *file = test->param_value;
	struct vp_ctx *ctx = vp_ctx(test);
	long ret = vp_read_file(test, file->name);

	if (!VP_FILES) {
		KUNIT_EXPECT_EQ(test, ret, -ENOENT);
		return;
	}
	KUNIT_EXPECT_GT(test, ret, 0);
	KUNIT_EXPECT_TRUE_MSG(test, strstarts(ctx->head, file->head),
			      "/proc/%s begins with \"%.40s\"", file->name,
			      ctx->head);
}

/*
 * getdents64() of the root: meminfo is there, the four statistics files
 * only when they exist.
 */
static void vmstat_proc_root_listing(struct kunit *test)
{
	static const char * const names[] = {
		"meminfo", "vmstat", "zoneinfo", "buddyinfo", "pagetypeinfo",
	};
	struct vp_ctx *ctx = vp_ctx(test);
	void __user *ubuf = ctx->umem + VP_UBUF;
	bool seen[ARRAY_SIZE(names)] = { };
	struct linux_dirent64 *d;
	long ret, off;
	char *kbuf;
	int i;

	kbuf = kunit_kzalloc(test, VP_BUF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, kbuf);
	KUNIT_ASSERT_EQ(test, kunit_syscall(lseek, ctx->root, 0, SEEK_SET), 0);
	for (;;) {
		ret = kunit_syscall(getdents64, ctx->root, ubuf, VP_BUF_SIZE);
		KUNIT_ASSERT_GE(test, ret, 0);
		if (!ret)
			break;
		KUNIT_ASSERT_EQ(test, copy_from_user(kbuf, ubuf, ret), 0);
		for (off = 0; off < ret; off += d->d_reclen) {
			d = (struct linux_dirent64 *)(kbuf + off);
			KUNIT_ASSERT_GT(test, (int)d->d_reclen, 0);
			for (i = 0; i < ARRAY_SIZE(names); i++)
				if (!strcmp(d->d_name, names[i]))
					seen[i] = true;
		}
	}
	KUNIT_EXPECT_TRUE(test, seen[0]);
	for (i = 1; i < ARRAY_SIZE(names); i++)
		KUNIT_EXPECT_EQ_MSG(test, seen[i], VP_FILES,
				    "%s in the listing of the proc root",
				    names[i]);
}

static int vp_init(struct kunit *test)
{
	struct vp_ctx *ctx;
	long ret, err;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->root = -1;
	test->priv = ctx;
	ctx->head = kunit_kzalloc(test, VP_BUF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->head);
	ctx->umem = kunit_syscall_buf(test, VP_UMEM_SIZE);

	do {
		snprintf(ctx->dir, sizeof(ctx->dir), "/vmstat_kunit.%d",
			 atomic_inc_return(&vp_instance));
		ret = kunit_syscall(mkdirat, AT_FDCWD, vp_ustr(test, ctx->dir),
				    0700);
	} while (ret == -EEXIST);
	KUNIT_ASSERT_EQ(test, ret, 0);

	/* Mount, open the root, detach: the descriptor holds the instance */
	ret = kunit_syscall(mount, (char __user *)vp_ustr(test, "proc"),
			    (char __user *)vp_ustr(test, ctx->dir),
			    (char __user *)vp_ustr(test, "proc"), 0, NULL);
	if (!ret) {
		ret = kunit_syscall(openat, AT_FDCWD, vp_ustr(test, ctx->dir),
				    O_RDONLY | O_DIRECTORY, 0);
		if (ret >= 0)
			ctx->root = ret;
		err = vp_umount(vp_ustr(test, ctx->dir), MNT_DETACH);
		KUNIT_EXPECT_EQ(test, err, 0);
	}
	err = kunit_syscall(unlinkat, AT_FDCWD, vp_ustr(test, ctx->dir),
			    AT_REMOVEDIR);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_ASSERT_GE_MSG(test, ret, 0, "mount of a proc instance: %ld", ret);
	return 0;
}

static void vp_exit(struct kunit *test)
{
	struct vp_ctx *ctx = vp_ctx(test);

	/* The exit runs in a thread of its own that shares the file table */
	if (ctx && ctx->root >= 0)
		close_fd(ctx->root);
	flush_delayed_fput();
}

static struct kunit_case vmstat_proc_test_cases[] = {
	KUNIT_CASE(vmstat_proc_meminfo),
	KUNIT_CASE(vmstat_proc_free_pages),
	KUNIT_CASE_PARAM(vmstat_proc_file, vp_file_gen_params),
	KUNIT_CASE(vmstat_proc_root_listing),
	{}
};

static struct kunit_suite vmstat_proc_test_suite = {
	.name = "mm_vmstat",
	.init = vp_init,
	.exit = vp_exit,
	.test_cases = vmstat_proc_test_cases,
};

kunit_test_suite(vmstat_proc_test_suite);

MODULE_DESCRIPTION("KUnit tests for the /proc files of memory statistics");
MODULE_LICENSE("GPL");
