// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for mount propagation (shared subtrees) and for the files
 * that stand for namespaces (nsfs, /proc/PID/ns), seen from user space.
 *
 * Each case makes a directory of its own on the root file system
 * ("/mount_kunit.<n>"), mounts a private ramfs on it and
 * builds its mounts below that: ramfs instances, bind mounts and their
 * propagation types, set with mount(2), mount_setattr(2) and
 * move_mount(2) through the real system call entry points (see
 * <kunit/syscall.h>), with the path names in user memory. Whether a
 * mount reached a place is seen from user space too: a file made in a
 * mount is looked for through its peers, slaves and bind mounts. The
 * nsfs cases read and open /proc/self/ns/mnt in a private proc instance
 * and pass what they opened to ioctl(2) and setns(2), as does a pidfd.
 *
 * With CONFIG_MOUNT_PROPAGATION=n every mount is private: MS_SHARED and
 * MS_SLAVE fail with -EINVAL, and the cases check that, and that the
 * mounts then behave as private ones do with propagation built in.
 * With CONFIG_NSFS=n there is no /proc/PID/ns and no namespace file:
 * the cases check ENOENT for the link, EOPNOTSUPP from the pidfd ioctl
 * and EINVAL from setns() for what is not a pidfd.
 */

#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/initrd.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/nsproxy.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/mount.h>
#include <uapi/linux/nsfs.h>
#include <uapi/linux/pidfd.h>

#include "internal.h"
#include "mount.h"

/*
 * User memory of a case: path names in rotating slots, a struct
 * mount_attr, a buffer for readlinkat()
 */
#define MP_SLOTS		4
#define MP_SLOT_SIZE		256
#define MP_UATTR		(MP_SLOTS * MP_SLOT_SIZE)
#define MP_UBUF			(MP_UATTR + 64)
#define MP_BUF_SIZE		64
#define MP_UMEM_SIZE		PAGE_ALIGN(MP_UBUF + MP_BUF_SIZE)

/* Whether shared and slave mounts exist */
#define MP_PROPAGATION		IS_ENABLED(CONFIG_MOUNT_PROPAGATION)
/* Whether /proc/PID/ns and the namespace files exist */
#define MP_NSFS			IS_ENABLED(CONFIG_NSFS)

struct mp_ctx {
	char top[48];			/* "/mount_kunit.<n>" */
	bool top_made;
	bool top_mounted;
	void __user *umem;
	unsigned int slot;
	char *kbuf;			/* scratch of mp_p() */
};

static atomic_t mp_instance = ATOMIC_INIT(0);

static struct mp_ctx *mp_ctx(struct kunit *test)
{
	return test->priv;
}

/* @s in the next user memory slot */
static const char __user *mp_ustr(struct kunit *test, const char *s)
{
	struct mp_ctx *ctx = mp_ctx(test);
	size_t len = strlen(s) + 1;
	void __user *u;

	KUNIT_ASSERT_LE(test, len, MP_SLOT_SIZE);
	u = ctx->umem + (ctx->slot++ % MP_SLOTS) * MP_SLOT_SIZE;
	KUNIT_ASSERT_EQ(test, copy_to_user(u, s, len), 0);
	return u;
}

/* "<top>/<name>" in user memory */
static const char __user *mp_p(struct kunit *test, const char *name)
{
	struct mp_ctx *ctx = mp_ctx(test);

	snprintf(ctx->kbuf, MP_SLOT_SIZE, "%s/%s", ctx->top, name);
	return mp_ustr(test, ctx->kbuf);
}

static long mp_mkdir(struct kunit *test, const char *name)
{
	return kunit_syscall(mkdirat, AT_FDCWD, mp_p(test, name), 0755);
}

/* A new instance of the file system @type on <top>/<name> */
static long mp_mount_new(struct kunit *test, const char *type,
			 const char *name)
{
	return kunit_syscall(mount, (char __user *)mp_ustr(test, "none"),
			     (char __user *)mp_p(test, name),
			     (char __user *)mp_ustr(test, type), 0, NULL);
}

static long mp_mount_ramfs(struct kunit *test, const char *name)
{
	return mp_mount_new(test, "ramfs", name);
}

/* Bind <top>/<from> on <top>/<to> */
static long mp_bind(struct kunit *test, const char *from, const char *to)
{
	return kunit_syscall(mount, (char __user *)mp_p(test, from),
			     (char __user *)mp_p(test, to), NULL, MS_BIND,
			     NULL);
}

/* mount(2) with only propagation flags (MS_SHARED and the like) */
static long mp_set_type(struct kunit *test, const char *name,
			unsigned long flags)
{
	return kunit_syscall(mount, NULL, (char __user *)mp_p(test, name),
			     NULL, flags, NULL);
}

static long mp_umount(struct kunit *test, const char *name)
{
	const char __user *path = mp_p(test, name);

#ifdef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
	/* x86-64: umount2 is the number of SYSCALL_DEFINE2(umount) */
	return __kunit_x64_call(__NR_umount2, path, 0, 0, 0, 0, 0);
#else
	return kunit_syscall(umount, (char __user *)path, 0);
#endif
}

/*
 * close(2) of @fd. A kernel thread's last fput() is deferred to a work
 * item: flush it, so that the mount of the file is no longer in use.
 */
static long mp_close(struct kunit *test, long fd)
{
	long ret = kunit_syscall(close, fd);

	flush_delayed_fput();
	return ret;
}

static long mp_open(struct kunit *test, const char *name, int flags)
{
	return kunit_syscall(openat, AT_FDCWD, mp_p(test, name), flags, 0644);
}

/* Make the empty file <top>/<name> */
static long mp_touch(struct kunit *test, const char *name)
{
	long fd;

	fd = mp_open(test, name, O_CREAT | O_WRONLY);
	if (fd < 0)
		return fd;
	return mp_close(test, fd);
}

/* 0 if <top>/<name> exists, else the errno of faccessat(F_OK) */
static long mp_access(struct kunit *test, const char *name)
{
	return kunit_syscall(faccessat, AT_FDCWD, mp_p(test, name), 0);
}

/* mount_setattr(2) of <top>/<name> asking for @propagation only */
static long mp_setattr(struct kunit *test, const char *name, u64 propagation)
{
	struct mount_attr attr = { .propagation = propagation };
	void __user *uattr = mp_ctx(test)->umem + MP_UATTR;

	KUNIT_ASSERT_EQ(test, copy_to_user(uattr, &attr, sizeof(attr)), 0);
	return kunit_syscall(mount_setattr, AT_FDCWD, mp_p(test, name), 0,
			     uattr, sizeof(attr));
}

/* Expect @ret from a request for a shared or slave mount */
static void mp_expect_shared_or_slave(struct kunit *test, long ret)
{
	KUNIT_EXPECT_EQ(test, ret, MP_PROPAGATION ? 0L : (long)-EINVAL);
}

/*
 * Mount a new ramfs on <top>/<mnt>, make the file <top>/<file> in it and
 * expect <top>/<seen> to exist if the mount propagated there.
 */
static void mp_mount_seen(struct kunit *test, const char *mnt,
			  const char *file, const char *seen, bool propagates)
{
	KUNIT_ASSERT_EQ(test, mp_mount_ramfs(test, mnt), 0);
	KUNIT_ASSERT_EQ(test, mp_touch(test, file), 0);
	KUNIT_EXPECT_EQ(test, mp_access(test, seen),
			propagates ? 0L : (long)-ENOENT);
}

/* A ramfs on "a" with a directory "a/x", bound on "b" */
static void mp_make_a_and_b(struct kunit *test, unsigned long a_type)
{
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "a"), 0);
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "b"), 0);
	KUNIT_ASSERT_EQ(test, mp_mount_ramfs(test, "a"), 0);
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "a/x"), 0);
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "a/y"), 0);
	if (a_type)
		mp_expect_shared_or_slave(test, mp_set_type(test, "a", a_type));
	KUNIT_ASSERT_EQ(test, mp_bind(test, "a", "b"), 0);
	/* The bind shows the same directories */
	KUNIT_EXPECT_EQ(test, mp_access(test, "b/x"), 0);
}

/* A bind of a private mount receives nothing mounted later on the source */
static void propagation_private_bind(struct kunit *test)
{
	mp_make_a_and_b(test, 0);
	mp_mount_seen(test, "a/x", "a/x/f", "b/x/f", false);
	KUNIT_EXPECT_EQ(test, mp_access(test, "a/x/f"), 0);
	/* Nor the other way round */
	mp_mount_seen(test, "b/y", "b/y/g", "a/y/g", false);
	/* MS_PRIVATE is accepted on a private mount, recursively too */
	KUNIT_EXPECT_EQ(test, mp_set_type(test, "a", MS_PRIVATE), 0);
	KUNIT_EXPECT_EQ(test, mp_set_type(test, "b", MS_PRIVATE | MS_REC), 0);
}

/* Peers: a mount or unmount on one of them shows on the other */
static void propagation_shared_peers(struct kunit *test)
{
	mp_make_a_and_b(test, MS_SHARED);
	mp_mount_seen(test, "a/x", "a/x/f", "b/x/f", MP_PROPAGATION);
	mp_mount_seen(test, "b/y", "b/y/g", "a/y/g", MP_PROPAGATION);
	/* The unmount of a/x takes its copy on b/x with it */
	KUNIT_EXPECT_EQ(test, mp_umount(test, "a/x"), 0);
	KUNIT_EXPECT_EQ(test, mp_access(test, "b/x/f"), (long)-ENOENT);
	KUNIT_EXPECT_EQ(test, mp_access(test, "a/x/f"), (long)-ENOENT);
	/* The bind is a mount point of its own: MS_SHARED applies to it */
	mp_expect_shared_or_slave(test, mp_set_type(test, "b", MS_SHARED));
}

/* A slave receives from its master and sends nothing back */
static void propagation_slave(struct kunit *test)
{
	mp_make_a_and_b(test, MS_SHARED);
	mp_expect_shared_or_slave(test, mp_set_type(test, "b", MS_SLAVE));
	mp_mount_seen(test, "a/x", "a/x/f", "b/x/f", MP_PROPAGATION);
	mp_mount_seen(test, "b/y", "b/y/g", "a/y/g", false);
	/* MS_SLAVE|MS_REC and back to private */
	mp_expect_shared_or_slave(test,
				  mp_set_type(test, "b", MS_SLAVE | MS_REC));
	KUNIT_EXPECT_EQ(test, mp_set_type(test, "b", MS_PRIVATE | MS_REC), 0);
}

/* An unbindable mount cannot be bound, until it is made private again */
static void propagation_unbindable(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "a"), 0);
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "b"), 0);
	KUNIT_ASSERT_EQ(test, mp_mount_ramfs(test, "a"), 0);
	KUNIT_EXPECT_EQ(test, mp_set_type(test, "a", MS_UNBINDABLE), 0);
	KUNIT_EXPECT_EQ(test, mp_bind(test, "a", "b"), (long)-EINVAL);
	KUNIT_EXPECT_EQ(test, mp_setattr(test, "a", MS_PRIVATE), 0);
	KUNIT_EXPECT_EQ(test, mp_bind(test, "a", "b"), 0);
	KUNIT_EXPECT_EQ(test, mp_setattr(test, "a", MS_UNBINDABLE), 0);
	KUNIT_EXPECT_EQ(test, mp_bind(test, "a", "b"), (long)-EINVAL);
}

/* Bad requests get -EINVAL with or without propagation */
static void propagation_bad_requests(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "a"), 0);
	/* Not a mount point */
	KUNIT_EXPECT_EQ(test, mp_set_type(test, "a", MS_PRIVATE),
			(long)-EINVAL);
	KUNIT_ASSERT_EQ(test, mp_mount_ramfs(test, "a"), 0);
	/* Two types at once */
	KUNIT_EXPECT_EQ(test, mp_set_type(test, "a", MS_SHARED | MS_PRIVATE),
			(long)-EINVAL);
	KUNIT_EXPECT_EQ(test, mp_setattr(test, "a", MS_SLAVE | MS_UNBINDABLE),
			(long)-EINVAL);
	/* A flag that is not a propagation type */
	KUNIT_EXPECT_EQ(test, mp_setattr(test, "a", MS_RDONLY), (long)-EINVAL);
}

/* mount_setattr() sets the same types as mount() */
static void propagation_mount_setattr(struct kunit *test)
{
	mp_make_a_and_b(test, 0);
	mp_expect_shared_or_slave(test, mp_setattr(test, "b", MS_SHARED));
	KUNIT_ASSERT_EQ(test, mp_bind(test, "b", "a/x"), 0);
	/* a/x is a peer of b: it receives b/y */
	mp_mount_seen(test, "b/y", "b/y/g", "a/x/y/g", MP_PROPAGATION);
	mp_expect_shared_or_slave(test, mp_setattr(test, "a/x", MS_SLAVE));
	KUNIT_EXPECT_EQ(test, mp_setattr(test, "a/x", MS_PRIVATE), 0);
}

/* move_mount(MOVE_MOUNT_SET_GROUP) joins the peer group of a shared mount */
static void propagation_set_group(struct kunit *test)
{
	mp_make_a_and_b(test, 0);
	mp_expect_shared_or_slave(test, mp_set_type(test, "a", MS_SHARED));
	KUNIT_EXPECT_EQ(test,
			kunit_syscall(move_mount, AT_FDCWD, mp_p(test, "a"),
				      AT_FDCWD, mp_p(test, "b"),
				      MOVE_MOUNT_SET_GROUP),
			MP_PROPAGATION ? 0L : (long)-EINVAL);
	mp_mount_seen(test, "a/x", "a/x/f", "b/x/f", MP_PROPAGATION);
}

/* A mount with a mount on it, or in use, is busy */
static void propagation_umount_busy(struct kunit *test)
{
	long fd;

	mp_make_a_and_b(test, MS_SHARED);
	KUNIT_ASSERT_EQ(test, mp_mount_ramfs(test, "a/x"), 0);
	KUNIT_EXPECT_EQ(test, mp_umount(test, "a"), (long)-EBUSY);
	KUNIT_EXPECT_EQ(test, mp_umount(test, "a/x"), 0);
	fd = mp_open(test, "b/y", O_RDONLY | O_DIRECTORY);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, mp_umount(test, "b"), (long)-EBUSY);
	KUNIT_EXPECT_EQ(test, mp_close(test, fd), 0);
	KUNIT_EXPECT_EQ(test, mp_umount(test, "b"), 0);
	KUNIT_EXPECT_EQ(test, mp_umount(test, "a"), 0);
	KUNIT_EXPECT_EQ(test, mp_access(test, "a/x"), (long)-ENOENT);
}

/* A private proc instance on <top>/proc */
static void mp_mount_proc(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, mp_mkdir(test, "proc"), 0);
	KUNIT_ASSERT_EQ(test, mp_mount_new(test, "proc", "proc"), 0);
}

/* /proc/self/ns/mnt is a link to "mnt:[<inode number of the namespace>]" */
static void nsfs_proc_link(struct kunit *test)
{
	void __user *ubuf = mp_ctx(test)->umem + MP_UBUF;
	char buf[MP_BUF_SIZE], expect[MP_BUF_SIZE];
	long ret;

	mp_mount_proc(test);
	ret = kunit_syscall(readlinkat, AT_FDCWD,
			    mp_p(test, "proc/self/ns/mnt"), ubuf,
			    MP_BUF_SIZE - 1);
	if (!MP_NSFS) {
		KUNIT_EXPECT_EQ(test, ret, (long)-ENOENT);
		KUNIT_EXPECT_EQ(test, mp_access(test, "proc/self/ns"),
				(long)-ENOENT);
		return;
	}
	snprintf(expect, sizeof(expect), "mnt:[%u]",
		 current->nsproxy->mnt_ns->ns.inum);
	KUNIT_ASSERT_EQ(test, ret, (long)strlen(expect));
	KUNIT_ASSERT_EQ(test, copy_from_user(buf, ubuf, ret), 0);
	buf[ret] = '\0';
	KUNIT_EXPECT_STREQ(test, buf, expect);
}

/* The opened link is a namespace file that answers the NS_GET_* ioctls */
static void nsfs_ioctl(struct kunit *test)
{
	long fd;

	mp_mount_proc(test);
	fd = mp_open(test, "proc/self/ns/mnt", O_RDONLY);
	if (!MP_NSFS) {
		KUNIT_EXPECT_EQ(test, fd, (long)-ENOENT);
		return;
	}
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(ioctl, fd, NS_GET_NSTYPE, 0),
			(long)CLONE_NEWNS);
	/* Mount namespaces have no parent */
	KUNIT_EXPECT_EQ(test, kunit_syscall(ioctl, fd, NS_GET_PARENT, 0),
			(long)-EINVAL);
	KUNIT_EXPECT_EQ(test, mp_close(test, fd), 0);
}

/* setns() takes a namespace file of the type asked for */
static void nsfs_setns(struct kunit *test)
{
	long fd;

	/* Entering a mount namespace needs an fs_struct of one's own */
	KUNIT_ASSERT_EQ(test, unshare_fs_struct(), 0);
	/* A directory is neither a namespace file nor a pidfd */
	fd = mp_open(test, ".", O_RDONLY | O_DIRECTORY);
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(setns, fd, 0), (long)-EINVAL);
	KUNIT_EXPECT_EQ(test, mp_close(test, fd), 0);

	mp_mount_proc(test);
	fd = mp_open(test, "proc/self/ns/mnt", O_RDONLY);
	if (!MP_NSFS) {
		KUNIT_EXPECT_EQ(test, fd, (long)-ENOENT);
		return;
	}
	KUNIT_ASSERT_GE(test, fd, 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(setns, fd, CLONE_NEWUTS),
			(long)-EINVAL);
	/* Enter the namespace the case is in */
	KUNIT_EXPECT_EQ(test, kunit_syscall(setns, fd, CLONE_NEWNS), 0);
	KUNIT_EXPECT_EQ(test, kunit_syscall(setns, fd, 0), 0);
	KUNIT_EXPECT_EQ(test, mp_close(test, fd), 0);
}

/* A pidfd hands out a namespace file of its task */
static void nsfs_pidfd(struct kunit *test)
{
	long pidfd, fd;

	pidfd = kunit_syscall(pidfd_open, task_tgid_vnr(current), 0);
	KUNIT_ASSERT_GE(test, pidfd, 0);
	KUNIT_EXPECT_EQ(test,
			kunit_syscall(ioctl, pidfd, PIDFD_GET_MNT_NAMESPACE, 1),
			(long)-EINVAL);
	fd = kunit_syscall(ioctl, pidfd, PIDFD_GET_MNT_NAMESPACE, 0);
	if (MP_NSFS) {
		KUNIT_ASSERT_GE(test, fd, 0);
		KUNIT_EXPECT_EQ(test,
				kunit_syscall(ioctl, fd, NS_GET_NSTYPE, 0),
				(long)CLONE_NEWNS);
		KUNIT_EXPECT_EQ(test, mp_close(test, fd), 0);
	} else {
		KUNIT_EXPECT_EQ(test, fd, (long)-EOPNOTSUPP);
	}
	KUNIT_EXPECT_EQ(test, mp_close(test, pidfd), 0);
}

static int mp_suite_init(struct kunit_suite *suite)
{
	/* The root file system must not change under the cases at boot */
	wait_for_initramfs();
	return 0;
}

static int mp_init(struct kunit *test)
{
	struct mp_ctx *ctx;
	unsigned long addr;
	long ret;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	ctx->kbuf = kunit_kzalloc(test, MP_SLOT_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->kbuf);

	/* Without an MMU, kernel memory stands in for user memory */
	if (IS_ENABLED(CONFIG_MMU)) {
		addr = kunit_vm_mmap(test, NULL, 0, MP_UMEM_SIZE,
				     PROT_READ | PROT_WRITE,
				     MAP_ANONYMOUS | MAP_PRIVATE, 0);
		if (!addr || IS_ERR_VALUE(addr))
			kunit_skip(test, "cannot map user memory");
		ctx->umem = (void __user *)addr;
	} else {
		void *buf = kunit_kzalloc(test, MP_UMEM_SIZE, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, buf);
		ctx->umem = (void __force __user *)buf;
	}

	do {
		snprintf(ctx->top, sizeof(ctx->top),
			 "/mount_kunit.%d",
			 atomic_inc_return(&mp_instance));
		ret = kunit_syscall(mkdirat, AT_FDCWD, mp_ustr(test, ctx->top),
				    0700);
	} while (ret == -EEXIST);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ctx->top_made = true;

	/* A private ramfs holds the case's mounts */
	ret = kunit_syscall(mount, (char __user *)mp_ustr(test, "none"),
			    (char __user *)mp_ustr(test, ctx->top),
			    (char __user *)mp_ustr(test, "ramfs"), 0, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ctx->top_mounted = true;
	return 0;
}

/* The exit runs in a thread of its own, without the case's user memory */
static void mp_exit(struct kunit *test)
{
	struct mp_ctx *ctx = mp_ctx(test);
	struct path path;

	if (!ctx || !ctx->top_made)
		return;
	/* Detach the case's whole tree of mounts at once */
	if (ctx->top_mounted && !kern_path(ctx->top, 0, &path))
		KUNIT_EXPECT_EQ(test, path_umount(&path, MNT_DETACH), 0);
	KUNIT_EXPECT_EQ(test,
			do_rmdir(AT_FDCWD, getname_kernel(ctx->top)), 0);
}

static struct kunit_case mount_propagation_cases[] = {
	KUNIT_CASE(propagation_private_bind),
	KUNIT_CASE(propagation_shared_peers),
	KUNIT_CASE(propagation_slave),
	KUNIT_CASE(propagation_unbindable),
	KUNIT_CASE(propagation_bad_requests),
	KUNIT_CASE(propagation_mount_setattr),
	KUNIT_CASE(propagation_set_group),
	KUNIT_CASE(propagation_umount_busy),
	{}
};

static struct kunit_suite mount_propagation_suite = {
	.name = "mount_propagation",
	.suite_init = mp_suite_init,
	.init = mp_init,
	.exit = mp_exit,
	.test_cases = mount_propagation_cases,
};

static struct kunit_case nsfs_cases[] = {
	KUNIT_CASE(nsfs_proc_link),
	KUNIT_CASE(nsfs_ioctl),
	KUNIT_CASE(nsfs_setns),
	KUNIT_CASE(nsfs_pidfd),
	{}
};

static struct kunit_suite nsfs_suite = {
	.name = "nsfs",
	.suite_init = mp_suite_init,
	.init = mp_init,
	.exit = mp_exit,
	.test_cases = nsfs_cases,
};

kunit_test_suites(&mount_propagation_suite, &nsfs_suite);

MODULE_DESCRIPTION("KUnit tests for mount propagation and namespace files");
MODULE_LICENSE("GPL");
