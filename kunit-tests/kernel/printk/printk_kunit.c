// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the kernel log as user space reads it: a printk() or
 * dev_printk() record must come back through syslog(2), entered the way
 * user space enters it (kunit_syscall(), the buffer in user memory), with
 * its text and, for dev_printk(), the device's name in front of it; and
 * syslog(2) must refuse a bad request with a defined errno. A line written
 * to /dev/kmsg must be logged and read back from it; without /dev/kmsg
 * (CONFIG_PRINTK_DEVKMSG=n) opening it fails with ENXIO. Without nbcon
 * consoles (CONFIG_PRINTK_NBCON=n), a console with CON_NBCON is refused
 * with a warning in the log.
 */

#include <kunit/device.h>
#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/console.h>
#include <linux/device.h>
#include <linux/fcntl.h>
#include <linux/kdev_t.h>
#include <linux/major.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/syslog.h>
#include <linux/uaccess.h>

#define PRINTK_TEST_BUF	4096

static atomic_t printk_test_seq = ATOMIC_INIT(0);

/* the end of the log, as SYSLOG_ACTION_READ_ALL gives it, in a kernel copy */
static char *printk_test_read_all(struct kunit *test)
{
	char __user *ubuf = kunit_syscall_buf(test, PRINTK_TEST_BUF);
	char *kbuf;
	long n;

	kbuf = kunit_kzalloc(test, PRINTK_TEST_BUF + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, kbuf);
	n = kunit_syscall(syslog, SYSLOG_ACTION_READ_ALL, ubuf, PRINTK_TEST_BUF);
	if (n == kunit_syscall_ni())
		kunit_skip(test, "syslog(2) is not in the system call table");
	KUNIT_ASSERT_GT(test, n, 0L);
	KUNIT_ASSERT_LE(test, n, (long)PRINTK_TEST_BUF);
	KUNIT_ASSERT_EQ(test, copy_from_user(kbuf, ubuf, n), 0UL);
	kbuf[n] = '\0';
	return kbuf;
}

static void printk_record_test(struct kunit *test)
{
	char marker[48];
	char *log;

	snprintf(marker, sizeof(marker), "printk-kunit marker %d",
		 atomic_inc_return(&printk_test_seq));
	pr_info("%s\n", marker);
	log = printk_test_read_all(test);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(log, marker),
				  "\"%s\" is not in the log", marker);
}

static void printk_dev_record_test(struct kunit *test)
{
	char marker[48], line[96];
	struct device *dev;
	char *log;

	dev = kunit_device_register(test, "printk-kunit-dev");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	snprintf(marker, sizeof(marker), "dev marker %d",
		 atomic_inc_return(&printk_test_seq));
	dev_info(dev, "%s\n", marker);
	/* dev_printk() puts "<driver or bus> <device name>: " in front */
	snprintf(line, sizeof(line), "%s: %s", dev_name(dev), marker);
	log = printk_test_read_all(test);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(log, line),
				  "\"%s\" is not in the log", line);
}

static void printk_nbcon_refused_test(struct kunit *test)
{
	struct console *con;
	char line[96];
	char *log;

	if (IS_ENABLED(CONFIG_PRINTK_NBCON))
		kunit_skip(test, "nbcon consoles are registered with CONFIG_PRINTK_NBCON=y");
	con = kunit_kzalloc(test, sizeof(*con), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, con);
	strscpy(con->name, "kunitnb", sizeof(con->name));
	con->index = atomic_inc_return(&printk_test_seq);
	con->flags = CON_NBCON;
	register_console(con);
	KUNIT_EXPECT_FALSE(test, console_is_registered(con));
	if (console_is_registered(con))
		unregister_console(con);
	snprintf(line, sizeof(line),
		 "console [kunitnb%d] not registered: nbcon consoles are disabled (CONFIG_PRINTK_NBCON=n)",
		 con->index);
	log = printk_test_read_all(test);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(log, line),
				  "\"%s\" is not in the log", line);
}

static void printk_syslog_bad_request_test(struct kunit *test)
{
	long n;

	n = kunit_syscall(syslog, SYSLOG_ACTION_SIZE_BUFFER, NULL, 0);
	if (n == kunit_syscall_ni())
		kunit_skip(test, "syslog(2) is not in the system call table");
	KUNIT_EXPECT_GT(test, n, 0L);
	KUNIT_EXPECT_EQ(test, kunit_syscall(syslog, 1000, NULL, 0), (long)-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(syslog, SYSLOG_ACTION_READ_ALL, NULL, 16),
			(long)-EINVAL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(syslog, SYSLOG_ACTION_READ_ALL,
					    (char __user *)16, -1), (long)-EINVAL);
}

/*
 * A line written to /dev/kmsg is logged, and a reader of /dev/kmsg that
 * has seeked to the end gets it back as a record: "<facility << 3 |
 * level>,<seq>,<ts>,<flags>;<text>", LOG_USER for a writer that gives
 * no facility. The device node is made in the rootfs for the test.
 */
static void printk_devkmsg_test(struct kunit *test)
{
	static const char node[] = "/printk-kunit-kmsg";
	char __user *upath = kunit_syscall_buf(test, sizeof(node));
	char __user *ubuf = kunit_syscall_buf(test, PRINTK_TEST_BUF);
	char marker[48], line[64], *kbuf;
	long fd, n;
	int i;

	kbuf = kunit_kzalloc(test, PRINTK_TEST_BUF + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, kbuf);
	KUNIT_ASSERT_EQ(test, copy_to_user(upath, node, sizeof(node)), 0UL);
	n = kunit_syscall(mknodat, AT_FDCWD, upath, S_IFCHR | 0600,
			  new_encode_dev(MKDEV(MEM_MAJOR, 11)));
	if (n == kunit_syscall_ni())
		kunit_skip(test, "mknodat(2) is not in the system call table");
	KUNIT_ASSERT_EQ(test, n, 0L);
	fd = kunit_syscall(openat, AT_FDCWD, upath, O_RDWR | O_NONBLOCK, 0);
	kunit_syscall(unlinkat, AT_FDCWD, upath, 0);
	if (!IS_ENABLED(CONFIG_PRINTK_DEVKMSG)) {
		KUNIT_EXPECT_EQ(test, fd, (long)-ENXIO);
		return;
	}
	KUNIT_ASSERT_GE(test, fd, 0L);

	KUNIT_EXPECT_GE(test, kunit_syscall(lseek, fd, 0, SEEK_END), 0L);
	snprintf(marker, sizeof(marker), "kmsg marker %d",
		 atomic_inc_return(&printk_test_seq));
	n = snprintf(line, sizeof(line), "<6>%s\n", marker);
	KUNIT_ASSERT_EQ(test, copy_to_user(ubuf, line, n), 0UL);
	KUNIT_EXPECT_EQ(test, kunit_syscall(write, fd, ubuf, n), n);

	/* the record, past any that other printk() callers add meanwhile */
	snprintf(line, sizeof(line), ";%s\n", marker);
	for (i = 0; i < 16; i++) {
		n = kunit_syscall(read, fd, ubuf, PRINTK_TEST_BUF);
		if (n <= 0 || copy_from_user(kbuf, ubuf, n))
			break;
		kbuf[n] = '\0';
		if (strstr(kbuf, line))
			break;
	}
	kunit_syscall(close, fd);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(kbuf, line), "last record %s", kbuf);
	KUNIT_EXPECT_EQ_MSG(test, strncmp(kbuf, "14,", 3), 0, "record %s", kbuf);
	KUNIT_EXPECT_NOT_NULL(test, strstr(printk_test_read_all(test), marker));
}

static struct kunit_case printk_test_cases[] = {
	KUNIT_CASE(printk_record_test),
	KUNIT_CASE(printk_dev_record_test),
	KUNIT_CASE(printk_nbcon_refused_test),
	KUNIT_CASE(printk_syslog_bad_request_test),
	KUNIT_CASE(printk_devkmsg_test),
	{}
};

static struct kunit_suite printk_test_suite = {
	.name = "printk_log",
	.test_cases = printk_test_cases,
};

kunit_test_suite(printk_test_suite);

MODULE_DESCRIPTION("KUnit tests for the kernel log read through syslog(2)");
MODULE_LICENSE("GPL");
