// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for sync(2) and its kin on memory filesystems, as user
 * space calls them.
 *
 * Each case runs once on ramfs and once on tmpfs (skipped where user
 * space cannot mount tmpfs: CONFIG_SHMEM without CONFIG_TMPFS). It
 * mounts a private instance on a directory of its own
 * ("/sync_kunit.<n>"), opens its root and detaches the mount at once, so
 * that nothing is left mounted when a case ends early; the open root
 * keeps the instance alive. Files are then created, written and read
 * below that root through the real system call entry points (see
 * <kunit/syscall.h>), with names and buffers in user memory.
 *
 * The data of a memory filesystem lives in the page cache and has no
 * backing device to be written to: its inodes point at
 * noop_backing_dev_info, and fsync(), fdatasync(), sync_file_range(),
 * syncfs() and sync() succeed at once and leave the data as it was. A
 * kernel whose filesystems all keep their data in memory (no BLOCK, no
 * MTD, no network or FUSE filesystem) leaves the flusher code out
 * (BDI_WRITEBACK=n); the cases pass the same with it and without it.
 *
 * The cases run in kernel threads, which share one file table with the
 * other kernel threads: the descriptors a case opens are closed by the
 * case, or at its exit.
 */

#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/backing-dev.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/string.h>
#include <linux/uaccess.h>

/* User memory of a case: names in rotating slots, then the data buffer */
#define FS_SLOTS		3
#define FS_SLOT_SIZE		64
#define FS_UBUF			(FS_SLOTS * FS_SLOT_SIZE)
/* Two pages and a bit: more than one folio of the page cache is dirty */
#define FS_DATA_SIZE		(2 * PAGE_SIZE + 100)
#define FS_UMEM_SIZE		(FS_UBUF + FS_DATA_SIZE)

#define FS_SFR_ALL	(SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | \
			 SYNC_FILE_RANGE_WAIT_AFTER)

struct fs_ctx {
	const char *type;		/* "ramfs" or "tmpfs" */
	char dir[32];			/* "/sync_kunit.<n>" */
	void __user *umem;
	unsigned int slot;
	int root;			/* the instance's root, or -1 */
	int fd;				/* a file a case opened, or -1 */
	u8 *data;			/* what the cases write */
	u8 *back;			/* what they read back */
};

static atomic_t fs_instance = ATOMIC_INIT(0);

static struct fs_ctx *fs_ctx(struct kunit *test)
{
	return test->priv;
}

/* @s copied into the next slot of user memory */
static const char __user *fs_ustr(struct kunit *test, const char *s)
{
	struct fs_ctx *ctx = fs_ctx(test);
	void __user *u = ctx->umem + (ctx->slot++ % FS_SLOTS) * FS_SLOT_SIZE;
	size_t len = strlen(s) + 1;

	KUNIT_ASSERT_LE(test, len, FS_SLOT_SIZE);
	KUNIT_ASSERT_EQ(test, copy_to_user(u, s, len), 0);
	return u;
}

static long fs_umount(const char __user *path, int flags)
{
#ifdef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
	/* x86-64: umount2 is the number of SYSCALL_DEFINE2(umount) */
	return __kunit_x64_call(__NR_umount2, path, flags, 0, 0, 0, 0);
#else
	return kunit_syscall(umount, (char __user *)path, flags);
#endif
}

static long fs_mount(struct kunit *test, const char *dir)
{
	const char *type = fs_ctx(test)->type;

	return kunit_syscall(mount, (char __user *)fs_ustr(test, type),
			     (char __user *)fs_ustr(test, dir),
			     (char __user *)fs_ustr(test, type), 0, NULL);
}

/* A new directory "/sync_kunit.<n>" for @test, its name in @dir */
static void fs_mkdir(struct kunit *test, char *dir, size_t size)
{
	long ret;

	do {
		snprintf(dir, size, "/sync_kunit.%d",
			 atomic_inc_return(&fs_instance));
		ret = kunit_syscall(mkdirat, AT_FDCWD, fs_ustr(test, dir), 0700);
	} while (ret == -EEXIST);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/* Create the file @name below the root, open for reading and writing */
static int fs_create(struct kunit *test, int dirfd, const char *name)
{
	long fd = kunit_syscall(openat, dirfd, fs_ustr(test, name),
				O_RDWR | O_CREAT | O_EXCL, 0600);

	KUNIT_ASSERT_GE_MSG(test, fd, 0, "create %s", name);
	return fd;
}

/* Write the case's data to @fd from offset 0 */
static void fs_write_data(struct kunit *test, int fd)
{
	struct fs_ctx *ctx = fs_ctx(test);
	void __user *ubuf = ctx->umem + FS_UBUF;

	KUNIT_ASSERT_EQ(test, copy_to_user(ubuf, ctx->data, FS_DATA_SIZE), 0);
	KUNIT_ASSERT_EQ(test, kunit_syscall(pwrite64, fd, ubuf, FS_DATA_SIZE, 0),
			(long)FS_DATA_SIZE);
}

/* The file @fd reads back as the case's data, to its end */
static void fs_expect_data(struct kunit *test, int fd)
{
	struct fs_ctx *ctx = fs_ctx(test);
	void __user *ubuf = ctx->umem + FS_UBUF;

	KUNIT_ASSERT_EQ(test, clear_user(ubuf, FS_DATA_SIZE), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(pread64, fd, ubuf, FS_DATA_SIZE, 0),
			(long)FS_DATA_SIZE);
	KUNIT_ASSERT_EQ(test, copy_from_user(ctx->back, ubuf, FS_DATA_SIZE), 0);
	KUNIT_EXPECT_MEMEQ(test, ctx->back, ctx->data, FS_DATA_SIZE);
	KUNIT_EXPECT_EQ(test, kunit_syscall(pread64, fd, ubuf, 1, FS_DATA_SIZE),
			0);
}

static long fs_sync_file_range(int fd, loff_t offset, loff_t nbytes,
			       unsigned int flags)
{
	return kunit_syscall(sync_file_range, fd, offset, nbytes, flags);
}

/*
 * Every call that asks for a dirty file's data to be written succeeds,
 * and the data reads back as it was written.
 */
static void fs_sync_file_data(struct kunit *test)
{
	struct fs_ctx *ctx = fs_ctx(test);
	int fd = fs_create(test, ctx->root, "data");

	ctx->fd = fd;
	fs_write_data(test, fd);
	KUNIT_EXPECT_EQ(test, kunit_syscall(fsync, fd), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(fdatasync, fd), 0);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(fd, 0, 0, FS_SFR_ALL), 0);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(fd, PAGE_SIZE, 1,
						 SYNC_FILE_RANGE_WRITE), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(syncfs, fd), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(sync), 0);
	fs_expect_data(test, fd);

	/* Written again over the same pages, and synced again */
	ctx->data[0] ^= 0xff;
	ctx->data[FS_DATA_SIZE - 1] ^= 0xff;
	fs_write_data(test, fd);
	KUNIT_EXPECT_EQ(test, kunit_syscall(fdatasync, fd), 0);
	fs_expect_data(test, fd);
}

/*
 * A directory syncs as a file does; sync_file_range() refuses a pipe,
 * which fsync() cannot sync either.
 */
static void fs_sync_directory_and_pipe(struct kunit *test)
{
	struct fs_ctx *ctx = fs_ctx(test);
	int __user *ufds = ctx->umem + FS_UBUF;
	int fds[2];

	close_fd(fs_create(test, ctx->root, "entry"));
	KUNIT_EXPECT_EQ(test, kunit_syscall(fsync, ctx->root), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(fdatasync, ctx->root), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(syncfs, ctx->root), 0);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(ctx->root, 0, 0, FS_SFR_ALL),
			0);

	KUNIT_ASSERT_EQ(test, kunit_syscall(pipe2, ufds, 0), 0);
	KUNIT_ASSERT_EQ(test, copy_from_user(fds, ufds, sizeof(fds)), 0);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(fds[0], 0, 0, FS_SFR_ALL),
			-ESPIPE);
	KUNIT_EXPECT_EQ(test, kunit_syscall(fsync, fds[1]), -EINVAL);
	close_fd(fds[0]);
	close_fd(fds[1]);
}

/* Bad descriptors, flags and ranges get their errors */
static void fs_sync_errors(struct kunit *test)
{
	struct fs_ctx *ctx = fs_ctx(test);
	int fd = fs_create(test, ctx->root, "errors");

	ctx->fd = fd;
	KUNIT_EXPECT_EQ(test, kunit_syscall(fsync, -1), -EBADF);
	KUNIT_EXPECT_EQ(test, kunit_syscall(fdatasync, -1), -EBADF);
	KUNIT_EXPECT_EQ(test, kunit_syscall(syncfs, -1), -EBADF);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(-1, 0, 0, FS_SFR_ALL), -EBADF);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(fd, 0, 0, FS_SFR_ALL << 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(fd, -1, 0, FS_SFR_ALL),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, fs_sync_file_range(fd, 0, -1, FS_SFR_ALL),
			-EINVAL);
}

/*
 * The inodes of a memory filesystem have no backing device that writes
 * back: what lets a kernel with memory filesystems only leave the flusher
 * code out.
 */
static void fs_sync_no_writeback(struct kunit *test)
{
	struct fs_ctx *ctx = fs_ctx(test);
	int fd = fs_create(test, ctx->root, "bdi");
	struct file *file;

	ctx->fd = fd;
	fs_write_data(test, fd);
	file = fget(fd);
	KUNIT_ASSERT_NOT_NULL(test, file);
	KUNIT_EXPECT_PTR_EQ(test, inode_to_bdi(file_inode(file)),
			    &noop_backing_dev_info);
	KUNIT_EXPECT_FALSE(test, mapping_can_writeback(file->f_mapping));
	fput(file);
}

/*
 * An instance with dirty files unmounts (umount2() without MNT_DETACH):
 * its superblock is synced and shut down while the case waits.
 */
static void fs_sync_umount_dirty(struct kunit *test)
{
	struct fs_ctx *ctx = fs_ctx(test);
	char dir[32];
	long ret, fd;

	fs_mkdir(test, dir, sizeof(dir));
	ret = fs_mount(test, dir);
	KUNIT_EXPECT_EQ(test, ret, 0);
	if (!ret) {
		fd = kunit_syscall(openat, AT_FDCWD, fs_ustr(test, dir),
				   O_RDONLY | O_DIRECTORY, 0);
		KUNIT_EXPECT_GE(test, fd, 0);
		if (fd >= 0) {
			ctx->fd = fs_create(test, fd, "dirty");
			fs_write_data(test, ctx->fd);
			close_fd(ctx->fd);
			ctx->fd = -1;
			close_fd(fd);
			flush_delayed_fput();
		}
		KUNIT_EXPECT_EQ(test, fs_umount(fs_ustr(test, dir), 0), 0);
	}
	KUNIT_EXPECT_EQ(test, kunit_syscall(unlinkat, AT_FDCWD,
					    fs_ustr(test, dir), AT_REMOVEDIR), 0);
}

static const char * const fs_types[] = { "ramfs", "tmpfs" };

static void fs_type_desc(const char * const *type, char *desc)
{
	strscpy(desc, *type, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(fs_type, fs_types, fs_type_desc);

static int fs_init(struct kunit *test)
{
	struct fs_ctx *ctx;
	long ret, err;
	int i;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->root = -1;
	ctx->fd = -1;
	ctx->type = *(const char * const *)test->param_value;
	test->priv = ctx;
	ctx->data = kunit_kzalloc(test, FS_DATA_SIZE, GFP_KERNEL);
	ctx->back = kunit_kzalloc(test, FS_DATA_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->data);
	KUNIT_ASSERT_NOT_NULL(test, ctx->back);
	for (i = 0; i < FS_DATA_SIZE; i++)
		ctx->data[i] = i * 7 + i / PAGE_SIZE;
	ctx->umem = kunit_syscall_buf(test, FS_UMEM_SIZE);

	fs_mkdir(test, ctx->dir, sizeof(ctx->dir));
	/* Mount, open the root, detach: the descriptor holds the instance */
	ret = fs_mount(test, ctx->dir);
	if (!ret) {
		ret = kunit_syscall(openat, AT_FDCWD, fs_ustr(test, ctx->dir),
				    O_RDONLY | O_DIRECTORY, 0);
		if (ret >= 0)
			ctx->root = ret;
		err = fs_umount(fs_ustr(test, ctx->dir), MNT_DETACH);
		KUNIT_EXPECT_EQ(test, err, 0);
	}
	err = kunit_syscall(unlinkat, AT_FDCWD, fs_ustr(test, ctx->dir),
			    AT_REMOVEDIR);
	KUNIT_EXPECT_EQ(test, err, 0);
	/* Without CONFIG_TMPFS, "tmpfs" is the internal shm mount */
	if (ret == -EINVAL && !strcmp(ctx->type, "tmpfs") &&
	    IS_ENABLED(CONFIG_SHMEM) && !IS_ENABLED(CONFIG_TMPFS))
		kunit_skip(test, "no tmpfs to mount (CONFIG_TMPFS=n)");
	KUNIT_ASSERT_GE_MSG(test, ret, 0, "mount of a %s instance: %ld",
			    ctx->type, ret);
	return 0;
}

static void fs_exit(struct kunit *test)
{
	struct fs_ctx *ctx = fs_ctx(test);

	/* The exit runs in a thread of its own that shares the file table */
	if (ctx && ctx->fd >= 0)
		close_fd(ctx->fd);
	if (ctx && ctx->root >= 0)
		close_fd(ctx->root);
	flush_delayed_fput();
}

static struct kunit_case fs_sync_test_cases[] = {
	KUNIT_CASE_PARAM(fs_sync_file_data, fs_type_gen_params),
	KUNIT_CASE_PARAM(fs_sync_directory_and_pipe, fs_type_gen_params),
	KUNIT_CASE_PARAM(fs_sync_errors, fs_type_gen_params),
	KUNIT_CASE_PARAM(fs_sync_no_writeback, fs_type_gen_params),
	KUNIT_CASE_PARAM(fs_sync_umount_dirty, fs_type_gen_params),
	{}
};

static struct kunit_suite fs_sync_test_suite = {
	.name = "fs_sync",
	.init = fs_init,
	.exit = fs_exit,
	.test_cases = fs_sync_test_cases,
};

kunit_test_suite(fs_sync_test_suite);

MODULE_DESCRIPTION("KUnit tests for sync(2) and its kin on memory filesystems");
MODULE_LICENSE("GPL");
