// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the serial TTY stack, seen from both of its ends.
 *
 * Below the stack sits a fake UART that only uses the driver side of
 * serial_core: uart_register_driver(), uart_add_one_port(), the uart_ops
 * callbacks, the transmit kfifo, uart_insert_char() and
 * tty_flip_buffer_push(). Its "wire" is memory: what the stack transmits
 * ends up in a buffer the cases look at, and what a case "receives" is
 * handed to the stack the way a receive interrupt would hand it over.
 *
 * Above the stack the cases are user space: they create a device node
 * for the port with mknodat(), and open(), read(), write(), ppoll(),
 * ioctl() and close() it through the real system call entry points (see
 * <kunit/syscall.h>), with their buffers in user memory.
 *
 * Nothing in here looks at the TTY layer's own structures, so the same
 * cases check any implementation that offers the serial_core driver API:
 * the full stack (tty core, n_tty, serial_core) and a reduced one. Where
 * two correct implementations may differ, e.g. in the size of their
 * buffers, the cases check bounds rather than exact counts.
 *
 * Input is processed asynchronously (upstream, by a work item), so a case
 * that hands the port some bytes waits for their effect with a bound:
 * until ppoll() says the fd is readable, FIONREAD counts them, the echo
 * is on the wire, or a signal is pending. Checks that something does NOT
 * happen wait a short while and cannot fail because the machine is slow.
 */

#include <kunit/device.h>
#include <kunit/resource.h>
#include <kunit/syscall.h>
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/jiffies.h>
#include <linux/kdev_t.h>
#include <linux/kfifo.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/poll.h>
#include <linux/sched/signal.h>
#include <linux/serial.h>
#include <linux/serial_core.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/stat.h>
#include <linux/string.h>
#include <linux/termios.h>
#include <linux/time64.h>
#include <linux/tty_flip.h>
#include <linux/uaccess.h>

/* The fake UART's clock: rates up to STK_UARTCLK / 16 = 921600 baud */
#define STK_UARTCLK		(16 * 921600)
#define STK_MAX_BAUD		(STK_UARTCLK / 16)
#define STK_MIN_BAUD		50
/* How much of what is transmitted the wire keeps for the cases */
#define STK_WIRE_SIZE		1024
/* How long a case waits for something that is expected to happen */
#define STK_WAIT_MS		1000
/* How long a case waits for something that must not happen */
#define STK_QUIET_MS		50
/* The bytes a flood case pushes at the port without reading */
#define STK_FLOOD_SIZE		(64 * 1024)

#define STK_NODE		"/serial_tty_kunit"

/* Control characters of the default termios (tty_std_termios) */
#define STK_CTRL(c)		((c) & 0x1f)
#define STK_INTR		STK_CTRL('C')
#define STK_QUIT		STK_CTRL('\\')
#define STK_SUSP		STK_CTRL('Z')
#define STK_EOF			STK_CTRL('D')
#define STK_KILL		STK_CTRL('U')
#define STK_WERASE		STK_CTRL('W')
#define STK_ERASE		0x7f

/*
 * User memory for one case: a page of small objects (the node's path,
 * termios, an int, a pollfd, a timespec), then the data buffer. With an
 * MMU an unmapped page follows it, for the -EFAULT cases.
 */
#define STK_UPATH		0
#define STK_UOBJ		64	/* termios, termios2, winsize, int */
#define STK_UPOLL		192
#define STK_UTS			256
#define STK_UDATA		PAGE_SIZE
#define STK_DATA_SIZE		(2 * PAGE_SIZE)
#define STK_UMEM_SIZE		(STK_UDATA + STK_DATA_SIZE)

struct stk_ctx {
	struct uart_driver drv;
	char driver_name[24];
	struct uart_port port;
	bool port_added;

	/* The wire, under the port lock */
	u8 wire[STK_WIRE_SIZE];
	unsigned int wire_len;		/* bytes kept in wire[] */
	unsigned int wire_total;	/* bytes ever transmitted */
	bool tx_stalled;		/* the transmitter takes nothing */

	/* What the stack asked the fake UART to do, under the port lock */
	unsigned int startups;
	unsigned int shutdowns;
	unsigned int set_termios_calls;
	struct ktermios termios;	/* as of the last set_termios */
	unsigned int baud;		/* uart_get_baud_rate() there */
	unsigned int mctrl;		/* the last set_mctrl */
	unsigned int break_on;		/* break_ctl(port, -1) calls */
	unsigned int break_off;		/* break_ctl(port, 0) calls */
	unsigned int stop_rx_calls;

	void __user *umem;
	void __user *hole;		/* unmapped, or NULL without an MMU */
};

static struct stk_ctx *stk_ctx(struct kunit *test)
{
	return test->priv;
}

static struct stk_ctx *stk_port_ctx(struct uart_port *port)
{
	return container_of(port, struct stk_ctx, port);
}

/* The fake UART */

/*
 * Move everything the stack queued onto the wire, as a transmit interrupt
 * would, and wake up writers. Called with the port lock held.
 */
static void stk_tx_chars(struct uart_port *port)
{
	struct stk_ctx *ctx = stk_port_ctx(port);
	struct tty_port *tport = &port->state->port;
	unsigned char ch;

	if (ctx->tx_stalled)
		return;
	while (uart_fifo_get(port, &ch)) {
		if (ctx->wire_len < STK_WIRE_SIZE)
			ctx->wire[ctx->wire_len++] = ch;
		ctx->wire_total++;
	}
	if (kfifo_len(&tport->xmit_fifo) < WAKEUP_CHARS)
		uart_write_wakeup(port);
}

static unsigned int stk_tx_empty(struct uart_port *port)
{
	struct stk_ctx *ctx = stk_port_ctx(port);

	if (ctx->tx_stalled && !kfifo_is_empty(&port->state->port.xmit_fifo))
		return 0;
	return TIOCSER_TEMT;
}

static void stk_set_mctrl(struct uart_port *port, unsigned int mctrl)
{
	stk_port_ctx(port)->mctrl = mctrl;
}

static unsigned int stk_get_mctrl(struct uart_port *port)
{
	return TIOCM_CAR | TIOCM_DSR | TIOCM_CTS;
}

static void stk_stop_tx(struct uart_port *port)
{
}

static void stk_start_tx(struct uart_port *port)
{
	stk_tx_chars(port);
}

static void stk_stop_rx(struct uart_port *port)
{
	stk_port_ctx(port)->stop_rx_calls++;
}

static void stk_break_ctl(struct uart_port *port, int break_state)
{
	struct stk_ctx *ctx = stk_port_ctx(port);
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	if (break_state)
		ctx->break_on++;
	else
		ctx->break_off++;
	uart_port_unlock_irqrestore(port, flags);
}

static int stk_startup(struct uart_port *port)
{
	struct stk_ctx *ctx = stk_port_ctx(port);
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	ctx->startups++;
	uart_port_unlock_irqrestore(port, flags);
	return 0;
}

static void stk_shutdown(struct uart_port *port)
{
	struct stk_ctx *ctx = stk_port_ctx(port);
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	ctx->shutdowns++;
	uart_port_unlock_irqrestore(port, flags);
}

static void stk_set_termios(struct uart_port *port, struct ktermios *termios,
			    const struct ktermios *old)
{
	struct stk_ctx *ctx = stk_port_ctx(port);
	unsigned long flags;
	unsigned int baud;

	baud = uart_get_baud_rate(port, termios, old, STK_MIN_BAUD,
				  STK_MAX_BAUD);

	uart_port_lock_irqsave(port, &flags);
	uart_update_timeout(port, termios->c_cflag, baud);
	ctx->set_termios_calls++;
	ctx->termios = *termios;
	ctx->baud = baud;
	uart_port_unlock_irqrestore(port, flags);
}

static const char *stk_type(struct uart_port *port)
{
	return port->type == PORT_16550A ? "kunit" : NULL;
}

static void stk_release_port(struct uart_port *port)
{
}

static int stk_request_port(struct uart_port *port)
{
	return 0;
}

static void stk_config_port(struct uart_port *port, int flags)
{
	if (flags & UART_CONFIG_TYPE)
		port->type = PORT_16550A;
}

static int stk_verify_port(struct uart_port *port, struct serial_struct *ser)
{
	return -EINVAL;
}

static const struct uart_ops stk_uart_ops = {
	.tx_empty	= stk_tx_empty,
	.set_mctrl	= stk_set_mctrl,
	.get_mctrl	= stk_get_mctrl,
	.stop_tx	= stk_stop_tx,
	.start_tx	= stk_start_tx,
	.stop_rx	= stk_stop_rx,
	.break_ctl	= stk_break_ctl,
	.startup	= stk_startup,
	.shutdown	= stk_shutdown,
	.set_termios	= stk_set_termios,
	.type		= stk_type,
	.release_port	= stk_release_port,
	.request_port	= stk_request_port,
	.config_port	= stk_config_port,
	.verify_port	= stk_verify_port,
};

/* Stands in for the registers the fake UART does not have */
static u32 stk_fake_regs;

/*
 * Each case registers a driver of its own. The last reference to the
 * previous case's driver (and its /proc/tty/driver entry) may only go
 * away when the tty core frees the last tty asynchronously, so every
 * driver gets a name of its own.
 */
static atomic_t stk_instance = ATOMIC_INIT(0);

/*
 * The major the driver got: upstream leaves uart_driver.major at 0 and
 * only its tty_driver knows; a layer may also store it back.
 */
static unsigned int stk_major(struct stk_ctx *ctx)
{
	return ctx->drv.major ?: ctx->drv.tty_driver->major;
}

/* The wire, seen from the cases */

/* Receive @len bytes, as a receive interrupt would hand them over */
static void stk_rx(struct kunit *test, const void *data, size_t len)
{
	struct uart_port *port = &stk_ctx(test)->port;
	const u8 *p = data;
	unsigned long flags;
	size_t i;

	uart_port_lock_irqsave(port, &flags);
	for (i = 0; i < len; i++) {
		port->icount.rx++;
		uart_insert_char(port, 0, 0, p[i], TTY_NORMAL);
	}
	uart_port_unlock_irqrestore(port, flags);
	tty_flip_buffer_push(&port->state->port);
}

static void stk_rx_str(struct kunit *test, const char *s)
{
	stk_rx(test, s, strlen(s));
}

/* Copy what is on the wire to @buf (NUL terminated), and clear the wire */
static unsigned int stk_wire_take(struct kunit *test, char *buf, size_t size)
{
	struct stk_ctx *ctx = stk_ctx(test);
	unsigned long flags;
	unsigned int len;

	uart_port_lock_irqsave(&ctx->port, &flags);
	len = min_t(unsigned int, ctx->wire_len, size - 1);
	memcpy(buf, ctx->wire, len);
	ctx->wire_len = 0;
	uart_port_unlock_irqrestore(&ctx->port, flags);
	buf[len] = '\0';
	return len;
}

static unsigned int stk_wire_len(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	unsigned long flags;
	unsigned int len;

	uart_port_lock_irqsave(&ctx->port, &flags);
	len = ctx->wire_len;
	uart_port_unlock_irqrestore(&ctx->port, flags);
	return len;
}

/* Wait until at least @len bytes are on the wire */
static void stk_wire_wait(struct kunit *test, unsigned int len)
{
	unsigned long end = jiffies + msecs_to_jiffies(STK_WAIT_MS);

	while (stk_wire_len(test) < len && time_before(jiffies, end))
		usleep_range(1000, 2000);
}

/* Expect the wire to carry exactly @s (once it came), and clear it */
static void stk_expect_wire(struct kunit *test, const char *s)
{
	char buf[64];

	stk_wire_wait(test, strlen(s));
	/* Give anything unexpected after it a chance to show up */
	usleep_range(10000, 20000);
	stk_wire_take(test, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, s);
}

/* Make the transmitter take nothing, until stk_tx_resume() */
static void stk_tx_resume(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	unsigned long flags;

	uart_port_lock_irqsave(&ctx->port, &flags);
	ctx->tx_stalled = false;
	if (ctx->port.state)
		stk_tx_chars(&ctx->port);
	uart_port_unlock_irqrestore(&ctx->port, flags);
}

KUNIT_DEFINE_ACTION_WRAPPER(stk_tx_resume_action, stk_tx_resume,
			    struct kunit *);

static void stk_tx_stall(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	unsigned long flags;

	uart_port_lock_irqsave(&ctx->port, &flags);
	ctx->tx_stalled = true;
	uart_port_unlock_irqrestore(&ctx->port, flags);
	/* A close waits for the transmitter: resume it before any close */
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							stk_tx_resume_action,
							test), 0);
}

/* Read one counter of the fake UART under the port lock */
static unsigned int stk_count(struct kunit *test, unsigned int *counter)
{
	struct stk_ctx *ctx = stk_ctx(test);
	unsigned long flags;
	unsigned int val;

	uart_port_lock_irqsave(&ctx->port, &flags);
	val = *counter;
	uart_port_unlock_irqrestore(&ctx->port, flags);
	return val;
}

/* User memory and system calls */

static void __user *stk_u(struct kunit *test, unsigned long offset)
{
	return stk_ctx(test)->umem + offset;
}

static void __user *stk_udata(struct kunit *test)
{
	return stk_u(test, STK_UDATA);
}

static void stk_put(struct kunit *test, void __user *dst, const void *src,
		    size_t size)
{
	KUNIT_ASSERT_EQ(test, copy_to_user(dst, src, size), 0);
}

static void stk_get(struct kunit *test, void *dst, const void __user *src,
		    size_t size)
{
	KUNIT_ASSERT_EQ(test, copy_from_user(dst, src, size), 0);
}

static long stk_ioctl(unsigned int fd, unsigned int cmd, void __user *arg)
{
	return kunit_syscall(ioctl, fd, cmd, (unsigned long)arg);
}

static long stk_ioctl_val(unsigned int fd, unsigned int cmd,
			  unsigned long arg)
{
	return kunit_syscall(ioctl, fd, cmd, arg);
}

/* An ioctl that returns an int through its argument, e.g. FIONREAD */
static int stk_ioctl_int(struct kunit *test, int fd, unsigned int cmd)
{
	void __user *uval = stk_u(test, STK_UOBJ);
	int val = -1;

	stk_put(test, uval, &val, sizeof(val));
	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, cmd, uval), 0);
	stk_get(test, &val, uval, sizeof(val));
	return val;
}

static void stk_close(void *fd)
{
	kunit_syscall(close, (unsigned int)(long)fd);
}

/* Create the device node, open it with @flags and remove the node again */
static long stk_try_open(struct kunit *test, int flags)
{
	struct stk_ctx *ctx = stk_ctx(test);
	void __user *upath = stk_u(test, STK_UPATH);
	long fd, ret;

	stk_put(test, upath, STK_NODE, sizeof(STK_NODE));
	kunit_syscall(unlinkat, AT_FDCWD, upath, 0);
	ret = kunit_syscall(mknodat, AT_FDCWD, upath, S_IFCHR | 0600,
			    new_encode_dev(MKDEV(stk_major(ctx),
						 ctx->drv.minor)));
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "mknodat");
	fd = kunit_syscall(openat, AT_FDCWD, upath, O_RDWR | flags, 0);
	ret = kunit_syscall(unlinkat, AT_FDCWD, upath, 0);
	if (fd >= 0 && ret)
		kunit_syscall(close, fd);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "unlinkat");
	return fd;
}

/*
 * Open the port with @flags. The device node only exists while it is
 * opened: nothing is left behind in the root file system, even if a case
 * fails. The fd is closed when the case ends, whatever happens; a case
 * closes it early with stk_close_fd().
 */
static int stk_open(struct kunit *test, int flags)
{
	long fd = stk_try_open(test, flags);

	KUNIT_ASSERT_GE_MSG(test, fd, 0, "open");
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, stk_close,
							(void *)fd), 0);
	return fd;
}

/* The usual open: a blocking fd that does not become a controlling tty */
static int stk_open_port(struct kunit *test)
{
	return stk_open(test, O_NOCTTY);
}

static void stk_close_fd(struct kunit *test, int fd)
{
	kunit_release_action(test, stk_close, (void *)(long)fd);
}

static long stk_write(struct kunit *test, int fd, const void *data,
		      size_t len)
{
	KUNIT_ASSERT_LE(test, len, STK_DATA_SIZE);
	stk_put(test, stk_udata(test), data, len);
	return kunit_syscall(write, fd, stk_udata(test), len);
}

static long stk_write_str(struct kunit *test, int fd, const char *s)
{
	return stk_write(test, fd, s, strlen(s));
}

/* read() into @buf, NUL terminated when it fits */
static long stk_read(struct kunit *test, int fd, char *buf, size_t size)
{
	long ret;

	KUNIT_ASSERT_LE(test, size, STK_DATA_SIZE);
	ret = kunit_syscall(read, fd, stk_udata(test), size);
	if (ret > 0)
		stk_get(test, buf, stk_udata(test), ret);
	if (ret >= 0 && ret < size)
		buf[ret] = '\0';
	return ret;
}

/* ppoll() one fd for @events, waiting up to @ms: returns its revents */
static int stk_poll(struct kunit *test, int fd, short events,
		    unsigned int ms)
{
	struct pollfd pfd = { .fd = fd, .events = events };
	struct __kernel_timespec ts = {
		.tv_sec = ms / MSEC_PER_SEC,
		.tv_nsec = (ms % MSEC_PER_SEC) * NSEC_PER_MSEC,
	};
	void __user *upfd = stk_u(test, STK_UPOLL);
	void __user *uts = stk_u(test, STK_UTS);
	long ret;

	stk_put(test, upfd, &pfd, sizeof(pfd));
	stk_put(test, uts, &ts, sizeof(ts));
	ret = kunit_syscall(ppoll, upfd, 1, uts, NULL, 0);
	KUNIT_ASSERT_GE(test, ret, 0);
	stk_get(test, &pfd, upfd, sizeof(pfd));
	return ret ? pfd.revents : 0;
}

/* Wait until the fd is readable, then read() from it */
static long stk_read_wait(struct kunit *test, int fd, char *buf, size_t size)
{
	KUNIT_ASSERT_TRUE_MSG(test, stk_poll(test, fd, POLLIN, STK_WAIT_MS) &
			      POLLIN, "no input");
	return stk_read(test, fd, buf, size);
}

/* Wait until FIONREAD counts at least @n bytes; return the count */
static int stk_inq_wait(struct kunit *test, int fd, int n)
{
	unsigned long end = jiffies + msecs_to_jiffies(STK_WAIT_MS);
	int inq;

	while ((inq = stk_ioctl_int(test, fd, FIONREAD)) < n &&
	       time_before(jiffies, end))
		usleep_range(1000, 2000);
	return inq;
}

static void stk_tcgets(struct kunit *test, int fd, struct termios *t)
{
	void __user *ut = stk_u(test, STK_UOBJ);

	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, TCGETS, ut), 0);
	stk_get(test, t, ut, sizeof(*t));
}

static long stk_tcsets_cmd(struct kunit *test, int fd, unsigned int cmd,
			   const struct termios *t)
{
	void __user *ut = stk_u(test, STK_UOBJ);

	stk_put(test, ut, t, sizeof(*t));
	return stk_ioctl(fd, cmd, ut);
}

static void stk_tcsets(struct kunit *test, int fd, const struct termios *t)
{
	KUNIT_ASSERT_EQ(test, stk_tcsets_cmd(test, fd, TCSETS, t), 0);
}

/* Change the local modes: clear @clear, then set @set */
static void stk_lflag(struct kunit *test, int fd, tcflag_t clear,
		      tcflag_t set)
{
	struct termios t;

	stk_tcgets(test, fd, &t);
	t.c_lflag = (t.c_lflag & ~clear) | set;
	stk_tcsets(test, fd, &t);
}

/*
 * Raw mode as cfmakeraw() sets it (no input or output processing, no
 * echo, no signals, non-canonical), with the given VMIN and VTIME.
 */
static void stk_raw(struct kunit *test, int fd, u8 vmin, u8 vtime)
{
	struct termios t;

	stk_tcgets(test, fd, &t);
	t.c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR |
		       ICRNL | IXON);
	t.c_oflag &= ~OPOST;
	t.c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
	t.c_cflag = (t.c_cflag & ~(CSIZE | PARENB)) | CS8;
	t.c_cc[VMIN] = vmin;
	t.c_cc[VTIME] = vtime;
	stk_tcsets(test, fd, &t);
}

/* Set up and tear down */

static void stk_remove_port(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);

	if (ctx->port_added) {
		ctx->port_added = false;
		uart_remove_one_port(&ctx->drv, &ctx->port);
	}
}

KUNIT_DEFINE_ACTION_WRAPPER(stk_remove_port_action, stk_remove_port,
			    struct kunit *);
KUNIT_DEFINE_ACTION_WRAPPER(stk_unregister_driver, uart_unregister_driver,
			    struct uart_driver *);

static int stk_init(struct kunit *test)
{
	struct stk_ctx *ctx;
	struct device *dev;
	unsigned long addr;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;

	/*
	 * Without an MMU there is no user memory to map and no access
	 * faults: kernel memory stands in for the buffers, and the cases
	 * with bad user pointers are skipped.
	 */
	if (IS_ENABLED(CONFIG_MMU)) {
		addr = kunit_vm_mmap(test, NULL, 0, STK_UMEM_SIZE + PAGE_SIZE,
				     PROT_READ | PROT_WRITE,
				     MAP_ANONYMOUS | MAP_PRIVATE, 0);
		if (!addr || IS_ERR_VALUE(addr))
			kunit_skip(test, "cannot map user memory");
		KUNIT_ASSERT_EQ(test, vm_munmap(addr + STK_UMEM_SIZE,
						PAGE_SIZE), 0);
		ctx->umem = (void __user *)addr;
		ctx->hole = (void __user *)(addr + STK_UMEM_SIZE);
	} else {
		void *buf = kunit_kzalloc(test, STK_UMEM_SIZE, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, buf);
		ctx->umem = (void __force __user *)buf;
	}

	/* serial_core names its devices after the parent of the port */
	dev = kunit_device_register(test, "serial-tty-kunit");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);

	ctx->drv.owner = THIS_MODULE;
	snprintf(ctx->driver_name, sizeof(ctx->driver_name), "ttykunit%d",
		 atomic_inc_return(&stk_instance));
	ctx->drv.driver_name = ctx->driver_name;
	ctx->drv.dev_name = "ttyKUNIT";
	ctx->drv.major = 0;		/* a dynamic one */
	ctx->drv.minor = 0;
	ctx->drv.nr = 1;
	KUNIT_ASSERT_EQ(test, uart_register_driver(&ctx->drv), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							stk_unregister_driver,
							&ctx->drv), 0);
	KUNIT_ASSERT_NE(test, stk_major(ctx), 0);

	/* A memory mapped port as far as serial_core is concerned */
	ctx->port.dev = dev;
	ctx->port.line = 0;
	ctx->port.ops = &stk_uart_ops;
	ctx->port.iotype = UPIO_MEM;
	ctx->port.membase = (void __iomem *)&stk_fake_regs;
	ctx->port.uartclk = STK_UARTCLK;
	ctx->port.fifosize = 16;
	ctx->port.flags = UPF_BOOT_AUTOCONF;
	ctx->port.type = PORT_UNKNOWN;
	KUNIT_ASSERT_EQ(test, uart_add_one_port(&ctx->drv, &ctx->port), 0);
	ctx->port_added = true;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							stk_remove_port_action,
							test), 0);
	return 0;
}

/* Basic file operations */

/*
 * Every open shares the one port: it is started up by the first open and
 * shut down by the last close, not by any other.
 */
static void serial_tty_open_close(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd1, fd2;

	fd1 = stk_open_port(test);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->startups), 1);
	fd2 = stk_open_port(test);
	KUNIT_EXPECT_NE(test, fd1, fd2);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->startups), 1);

	stk_close_fd(test, fd2);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->shutdowns), 0);
	stk_close_fd(test, fd1);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->shutdowns), 1);

	/* And it can be opened again */
	stk_open_port(test);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->startups), 2);
}

/* An open port raises DTR and RTS (the port has HUPCL and a baud rate) */
static void serial_tty_open_raises_dtr(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	unsigned int mctrl;

	stk_open_port(test);
	mctrl = stk_count(test, &ctx->mctrl);
	KUNIT_EXPECT_TRUE(test, mctrl & TIOCM_DTR);
	KUNIT_EXPECT_TRUE(test, mctrl & TIOCM_RTS);
}

/* write() returns the count and the bytes go out unchanged */
static void serial_tty_write(struct kunit *test)
{
	int fd = stk_open_port(test);

	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "hello"), 5);
	stk_expect_wire(test, "hello");
	KUNIT_EXPECT_EQ(test, stk_write(test, fd, "", 0), 0);
}

/* A received line is read back as it came in */
static void serial_tty_read(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "line\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 5);
	KUNIT_EXPECT_STREQ(test, buf, "line\n");
}

/* A non-blocking read with nothing to read fails with EAGAIN */
static void serial_tty_read_nonblock(struct kunit *test)
{
	int fd = stk_open(test, O_NOCTTY | O_NONBLOCK);
	char buf[16];

	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), -EAGAIN);

	stk_raw(test, fd, 1, 0);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), -EAGAIN);
	stk_rx_str(test, "x");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 1), 1);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 1);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), -EAGAIN);
}

/* An idle port is writable, not readable; input makes it readable */
static void serial_tty_poll(struct kunit *test)
{
	int fd = stk_open_port(test);
	int revents;

	stk_lflag(test, fd, ECHO, 0);
	revents = stk_poll(test, fd, POLLIN | POLLOUT, 0);
	KUNIT_EXPECT_FALSE(test, revents & POLLIN);
	KUNIT_EXPECT_TRUE(test, revents & POLLOUT);
	KUNIT_EXPECT_FALSE(test, revents & (POLLERR | POLLHUP));

	/* input is processed asynchronously: wait for POLLIN alone */
	stk_rx_str(test, "x\n");
	revents = stk_poll(test, fd, POLLIN, STK_WAIT_MS);
	KUNIT_EXPECT_TRUE(test, revents & POLLIN);
	revents = stk_poll(test, fd, POLLIN | POLLOUT, 0);
	KUNIT_EXPECT_TRUE(test, revents & POLLIN);
	KUNIT_EXPECT_TRUE(test, revents & POLLOUT);
}

/* termios */

/*
 * A serial port starts with the termios user space expects from a fresh
 * terminal: 9600 8N1, CLOCAL, canonical mode with echo and signals, the
 * usual control characters, and this reached the driver.
 */
static void serial_tty_termios_defaults(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	struct termios t;

	stk_tcgets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, t.c_cflag & CBAUD, B9600);
	KUNIT_EXPECT_EQ(test, t.c_cflag & CSIZE, CS8);
	KUNIT_EXPECT_TRUE(test, t.c_cflag & CREAD);
	KUNIT_EXPECT_TRUE(test, t.c_cflag & CLOCAL);
	KUNIT_EXPECT_FALSE(test, t.c_cflag & (PARENB | CSTOPB));
	KUNIT_EXPECT_EQ(test, t.c_iflag, ICRNL | IXON);
	KUNIT_EXPECT_EQ(test, t.c_oflag, OPOST | ONLCR);
	KUNIT_EXPECT_EQ(test, t.c_lflag, ISIG | ICANON | ECHO | ECHOE | ECHOK |
			ECHOCTL | ECHOKE | IEXTEN);
	KUNIT_EXPECT_EQ(test, t.c_line, 0);
	KUNIT_EXPECT_EQ(test, t.c_cc[VINTR], STK_INTR);
	KUNIT_EXPECT_EQ(test, t.c_cc[VQUIT], STK_QUIT);
	KUNIT_EXPECT_EQ(test, t.c_cc[VERASE], STK_ERASE);
	KUNIT_EXPECT_EQ(test, t.c_cc[VKILL], STK_KILL);
	KUNIT_EXPECT_EQ(test, t.c_cc[VEOF], STK_EOF);
	KUNIT_EXPECT_EQ(test, t.c_cc[VSUSP], STK_SUSP);
	KUNIT_EXPECT_EQ(test, t.c_cc[VWERASE], STK_WERASE);
	KUNIT_EXPECT_EQ(test, t.c_cc[VMIN], 1);
	KUNIT_EXPECT_EQ(test, t.c_cc[VTIME], 0);

	KUNIT_EXPECT_GE(test, stk_count(test, &ctx->set_termios_calls), 1);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->baud), 9600);
	KUNIT_EXPECT_EQ(test, ctx->termios.c_cflag & CSIZE, CS8);
}

/* TCSETS changes the line settings the driver programs, and TCGETS shows it */
static void serial_tty_tcsets_baud(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	struct termios t;

	stk_tcgets(test, fd, &t);
	t.c_cflag = (t.c_cflag & ~(CBAUD | CSIZE)) | B115200 | CS7 | PARENB;
	stk_tcsets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->baud), 115200);
	KUNIT_EXPECT_EQ(test, ctx->termios.c_cflag & CSIZE, CS7);
	KUNIT_EXPECT_TRUE(test, ctx->termios.c_cflag & PARENB);

	memset(&t, 0, sizeof(t));
	stk_tcgets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, t.c_cflag & CBAUD, B115200);
	KUNIT_EXPECT_EQ(test, t.c_cflag & CSIZE, CS7);
	KUNIT_EXPECT_TRUE(test, t.c_cflag & PARENB);
}

/* TCSETSW waits for output to drain, TCSETSF also discards the input */
static void serial_tty_tcsetsw_tcsetsf(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	struct termios t;
	char buf[8];

	stk_raw(test, fd, 1, 0);
	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "abc"), 3);
	stk_tcgets(test, fd, &t);
	t.c_cflag = (t.c_cflag & ~CBAUD) | B57600;
	KUNIT_EXPECT_EQ(test, stk_tcsets_cmd(test, fd, TCSETSW, &t), 0);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->baud), 57600);
	stk_expect_wire(test, "abc");

	stk_rx_str(test, "xyz");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 3), 3);
	t.c_cflag = (t.c_cflag & ~CBAUD) | B19200;
	KUNIT_EXPECT_EQ(test, stk_tcsets_cmd(test, fd, TCSETSF, &t), 0);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->baud), 19200);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, FIONREAD), 0);

	/* What comes in afterwards is kept */
	stk_rx_str(test, "k");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 1);
	KUNIT_EXPECT_EQ(test, buf[0], 'k');
}

#ifdef TCGETS2
/* termios2 (BOTHER) passes any baud rate to the driver, as glibc uses it */
static void serial_tty_termios2(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	void __user *ut = stk_u(test, STK_UOBJ);
	int fd = stk_open_port(test);
	struct termios2 t2;

	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, TCGETS2, ut), 0);
	stk_get(test, &t2, ut, sizeof(t2));
	KUNIT_EXPECT_EQ(test, t2.c_ospeed, 9600);
	KUNIT_EXPECT_EQ(test, t2.c_ispeed, 9600);

	t2.c_cflag = (t2.c_cflag & ~CBAUD) | BOTHER;
	t2.c_ospeed = 12345;
	t2.c_ispeed = 12345;
	stk_put(test, ut, &t2, sizeof(t2));
	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, TCSETS2, ut), 0);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->baud), 12345);

	memset(&t2, 0, sizeof(t2));
	stk_put(test, ut, &t2, sizeof(t2));
	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, TCGETS2, ut), 0);
	stk_get(test, &t2, ut, sizeof(t2));
	KUNIT_EXPECT_EQ(test, t2.c_cflag & CBAUD, BOTHER);
	KUNIT_EXPECT_EQ(test, t2.c_ospeed, 12345);
	KUNIT_EXPECT_EQ(test, t2.c_ispeed, 12345);
}
#endif

/*
 * A rate the UART cannot do is not refused: the driver keeps the old
 * rate (uart_get_baud_rate()) and TCGETS reports the rate in effect.
 */
static void serial_tty_baud_impossible(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	struct termios t;

	stk_tcgets(test, fd, &t);
	t.c_cflag = (t.c_cflag & ~CBAUD) | B38400;
	stk_tcsets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->baud), 38400);

	t.c_cflag = (t.c_cflag & ~CBAUD) | B4000000;
	stk_tcsets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->baud), 38400);
	stk_tcgets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, t.c_cflag & CBAUD, B38400);
}

/* B0 hangs up the modem (drops DTR and RTS), a rate raises them again */
static void serial_tty_baud_zero(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	struct termios t;

	stk_tcgets(test, fd, &t);
	t.c_cflag = (t.c_cflag & ~CBAUD) | B0;
	stk_tcsets(test, fd, &t);
	KUNIT_EXPECT_FALSE(test, stk_count(test, &ctx->mctrl) &
			   (TIOCM_DTR | TIOCM_RTS));

	t.c_cflag = (t.c_cflag & ~CBAUD) | B9600;
	stk_tcsets(test, fd, &t);
	KUNIT_EXPECT_TRUE(test, stk_count(test, &ctx->mctrl) & TIOCM_DTR);
}

/* The window size is stored for programs like stty and less */
static void serial_tty_winsize(struct kunit *test)
{
	void __user *uws = stk_u(test, STK_UOBJ);
	struct winsize ws = { .ws_row = 24, .ws_col = 80 };
	int fd = stk_open_port(test);

	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, TIOCGWINSZ, uws), 0);
	stk_get(test, &ws, uws, sizeof(ws));
	KUNIT_EXPECT_EQ(test, ws.ws_row, 0);
	KUNIT_EXPECT_EQ(test, ws.ws_col, 0);

	ws = (struct winsize){ .ws_row = 25, .ws_col = 132 };
	stk_put(test, uws, &ws, sizeof(ws));
	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, TIOCSWINSZ, uws), 0);
	memset(&ws, 0, sizeof(ws));
	stk_put(test, uws, &ws, sizeof(ws));
	KUNIT_ASSERT_EQ(test, stk_ioctl(fd, TIOCGWINSZ, uws), 0);
	stk_get(test, &ws, uws, sizeof(ws));
	KUNIT_EXPECT_EQ(test, ws.ws_row, 25);
	KUNIT_EXPECT_EQ(test, ws.ws_col, 132);
}

/* tcflush(TCIFLUSH) throws away what was received and not read */
static void serial_tty_tcflush_input(struct kunit *test)
{
	int fd = stk_open(test, O_NOCTTY | O_NONBLOCK);
	char buf[8];

	stk_raw(test, fd, 1, 0);
	stk_rx_str(test, "abc");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 3), 3);
	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, TCFLSH, TCIFLUSH), 0);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, FIONREAD), 0);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), -EAGAIN);
}

/* TIOCOUTQ counts what is not sent yet, tcflush(TCOFLUSH) drops it */
static void serial_tty_outq_tcflush_output(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);

	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCOUTQ), 0);
	stk_tx_stall(test);
	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "12345"), 5);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCOUTQ), 5);
	stk_tx_resume(test);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCOUTQ), 0);
	stk_expect_wire(test, "12345");

	stk_tx_stall(test);
	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "6789"), 4);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCOUTQ), 4);
	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, TCFLSH, TCOFLUSH), 0);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCOUTQ), 0);
	stk_tx_resume(test);
	KUNIT_EXPECT_EQ(test, ctx->wire_total, 5);
}

/* tcdrain() (TCSBRK != 0) returns, tcsendbreak() (TCSBRK 0) sends a break */
static void serial_tty_tcsbrk(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);

	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "z"), 1);
	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, TCSBRK, 1), 0);
	stk_expect_wire(test, "z");
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->break_on), 0);

	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, TCSBRK, 0), 0);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->break_on), 1);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->break_off), 1);
}

/* FIONREAD counts the bytes a non-canonical read would return */
static void serial_tty_fionread(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[8];

	stk_raw(test, fd, 1, 0);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, FIONREAD), 0);
	stk_rx_str(test, "abc");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 3), 3);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, 2), 2);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, FIONREAD), 1);
}

/* Canonical mode (line editing) */

/* A canonical read returns nothing until a whole line is there */
static void serial_tty_canon_line(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "abc");
	KUNIT_EXPECT_FALSE(test, stk_poll(test, fd, POLLIN, STK_QUIET_MS) &
			   POLLIN);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, FIONREAD), 0);
	stk_rx_str(test, "\ndef\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 4);
	KUNIT_EXPECT_STREQ(test, buf, "abc\n");
	/* One line per read */
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 4);
	KUNIT_EXPECT_STREQ(test, buf, "def\n");
}

/* A canonical read shorter than the line leaves the rest for later */
static void serial_tty_canon_short_read(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "abcdef\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, 4), 4);
	KUNIT_EXPECT_EQ(test, memcmp(buf, "abcd", 4), 0);
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 3);
	KUNIT_EXPECT_STREQ(test, buf, "ef\n");
}

/* ERASE removes the last character of the line */
static void serial_tty_canon_erase(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "abc\177\177d\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 3);
	KUNIT_EXPECT_STREQ(test, buf, "ad\n");
}

/* WERASE removes the last word, KILL the whole line */
static void serial_tty_canon_werase_kill(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "foo bar\027baz\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 8);
	KUNIT_EXPECT_STREQ(test, buf, "foo baz\n");

	stk_rx_str(test, "junk\025ok\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 3);
	KUNIT_EXPECT_STREQ(test, buf, "ok\n");
}

/* EOF at the start of a line reads as end of file, after text ends it */
static void serial_tty_canon_eof(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "\x04");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 0);

	stk_rx_str(test, "ab\x04");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "ab");
}

/* Echo */

/* Received characters are echoed, a newline as CR LF (ONLCR) */
static void serial_tty_echo(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_rx_str(test, "hi\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 3);
	stk_expect_wire(test, "hi\r\n");
}

/* Without ECHO nothing goes back out (e.g. password prompts) */
static void serial_tty_echo_off(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "secret\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 7);
	msleep(STK_QUIET_MS);
	KUNIT_EXPECT_EQ(test, stk_wire_len(test), 0);
}

/* With ECHOE, ERASE rubs the character out on the screen: "\b \b" */
static void serial_tty_echoe(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_rx_str(test, "ab\x7f");
	stk_expect_wire(test, "ab\b \b");
	stk_rx_str(test, "\n");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "a\n");
}

/* With ECHOCTL a control character is echoed as ^X */
static void serial_tty_echoctl(struct kunit *test)
{
	int fd = stk_open_port(test);

	stk_lflag(test, fd, ISIG, 0);
	stk_rx_str(test, "\x03");
	stk_expect_wire(test, "^C");
}

/* Input and output processing */

/* ICRNL turns a received CR into NL, so Enter ends the line */
static void serial_tty_icrnl(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_lflag(test, fd, ECHO, 0);
	stk_rx_str(test, "a\r");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "a\n");
}

/* INLCR turns NL into CR, IGNCR drops CR */
static void serial_tty_inlcr_igncr(struct kunit *test)
{
	int fd = stk_open_port(test);
	struct termios t;
	char buf[16];

	stk_raw(test, fd, 1, 0);
	stk_tcgets(test, fd, &t);
	t.c_iflag = INLCR;
	stk_tcsets(test, fd, &t);
	stk_rx_str(test, "a\n");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 2), 2);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "a\r");

	t.c_iflag = IGNCR;
	stk_tcsets(test, fd, &t);
	stk_rx_str(test, "b\rc");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 2), 2);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "bc");

	/* Without either, CR and NL arrive as they are */
	t.c_iflag = 0;
	stk_tcsets(test, fd, &t);
	stk_rx_str(test, "\r\n");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 2), 2);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "\r\n");
}

/* OPOST with ONLCR sends NL as CR NL, which a terminal needs */
static void serial_tty_onlcr(struct kunit *test)
{
	int fd = stk_open_port(test);

	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "a\nb\n"), 4);
	stk_expect_wire(test, "a\r\nb\r\n");
}

/* Without OPOST the bytes go out untouched (binary protocols) */
static void serial_tty_opost_off(struct kunit *test)
{
	int fd = stk_open_port(test);
	struct termios t;

	stk_tcgets(test, fd, &t);
	t.c_oflag &= ~OPOST;
	stk_tcsets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "a\nb\r\n"), 5);
	stk_expect_wire(test, "a\nb\r\n");
}

/* Non-canonical mode: VMIN and VTIME */

/* VMIN 0, VTIME 0: read returns at once with whatever is there */
static void serial_tty_vmin0_vtime0(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_raw(test, fd, 0, 0);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 0);
	stk_rx_str(test, "xy");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 2), 2);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "xy");
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 0);
}

/* VMIN 2, VTIME 0: the fd is readable, and read returns, from 2 bytes on */
static void serial_tty_vmin2(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];

	stk_raw(test, fd, 2, 0);
	stk_rx_str(test, "1");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 1), 1);
	KUNIT_EXPECT_FALSE(test, stk_poll(test, fd, POLLIN, 0) & POLLIN);
	stk_rx_str(test, "2");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "12");
}

/* VMIN 0, VTIME 1: read waits 0.1 s for input, then returns 0 */
static void serial_tty_vtime_timeout(struct kunit *test)
{
	int fd = stk_open_port(test);
	char buf[16];
	ktime_t start;
	s64 ms;

	stk_raw(test, fd, 0, 1);
	start = ktime_get();
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 0);
	ms = ktime_ms_delta(ktime_get(), start);
	KUNIT_EXPECT_GE(test, ms, 90);
	KUNIT_EXPECT_LT(test, ms, 1000);

	/* Data that is there is returned at once */
	stk_rx_str(test, "q");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 1), 1);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 1);
	KUNIT_EXPECT_EQ(test, buf[0], 'q');
}

/* Job control */

/* Whether @sig is pending for the test thread */
static bool stk_sig_pending(int sig)
{
	return sigismember(&current->pending.signal, sig) ||
	       sigismember(&current->signal->shared_pending.signal, sig);
}

static bool stk_sig_wait(int sig)
{
	unsigned long end = jiffies + msecs_to_jiffies(STK_WAIT_MS);

	while (!stk_sig_pending(sig) && time_before(jiffies, end))
		usleep_range(1000, 2000);
	return stk_sig_pending(sig);
}

/*
 * A session leader opening the port gets it as its controlling tty; its
 * process group is the foreground one, and INTR, QUIT and SUSP send it
 * SIGINT, SIGQUIT and SIGTSTP: this is how Ctrl-C works on a console.
 */
static void serial_tty_isig(struct kunit *test)
{
	static const struct { char c; int sig; } keys[] = {
		{ STK_INTR, SIGINT },
		{ STK_QUIT, SIGQUIT },
		{ STK_SUSP, SIGTSTP },
	};
	void __user *uval = stk_u(test, STK_UOBJ);
	pid_t pid, val;
	int fd, i;

	pid = kunit_syscall(setsid);
	KUNIT_ASSERT_GT(test, pid, 0);
	KUNIT_ASSERT_EQ(test, pid, task_pid_vnr(current));

	fd = stk_open(test, 0);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCGSID), pid);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCGPGRP), pid);

	/* The foreground group can be set to our own, not to a bad one */
	val = pid;
	stk_put(test, uval, &val, sizeof(val));
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCSPGRP, uval), 0);
	val = -1;
	stk_put(test, uval, &val, sizeof(val));
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCSPGRP, uval), -EINVAL);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCGPGRP), pid);

	stk_lflag(test, fd, ECHO, 0);
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		allow_signal(keys[i].sig);
		stk_rx(test, &keys[i].c, 1);
		KUNIT_EXPECT_TRUE_MSG(test, stk_sig_wait(keys[i].sig),
				      "signal %d", keys[i].sig);
		flush_signals(current);
	}

	/* Give the terminal up, or the thread exiting would hang it up */
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCNOTTY, NULL), 0);
	flush_signals(current);
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCGSID, uval), -ENOTTY);
}

/* Without ISIG, INTR is an ordinary character */
static void serial_tty_isig_off(struct kunit *test)
{
	pid_t pid;
	char buf[8];
	int fd;

	pid = kunit_syscall(setsid);
	KUNIT_ASSERT_GT(test, pid, 0);
	fd = stk_open(test, 0);
	KUNIT_EXPECT_EQ(test, stk_ioctl_int(test, fd, TIOCGPGRP), pid);

	allow_signal(SIGINT);
	stk_raw(test, fd, 1, 0);
	stk_rx_str(test, "\x03");
	KUNIT_EXPECT_EQ(test, stk_read_wait(test, fd, buf, sizeof(buf)), 1);
	KUNIT_EXPECT_EQ(test, buf[0], STK_INTR);
	KUNIT_EXPECT_FALSE(test, stk_sig_pending(SIGINT));

	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCNOTTY, NULL), 0);
	flush_signals(current);
}

/* Without a controlling tty, the job control ioctls fail with ENOTTY */
static void serial_tty_no_ctty(struct kunit *test)
{
	int fd = stk_open_port(test);
	void __user *uval = stk_u(test, STK_UOBJ);

	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCGSID, uval), -ENOTTY);
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCGPGRP, uval), -ENOTTY);
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCNOTTY, NULL), -ENOTTY);
}

/* Bad input */

/* An ioctl no layer knows fails with ENOTTY (isatty() relies on TCGETS) */
static void serial_tty_unknown_ioctl(struct kunit *test)
{
	int fd = stk_open_port(test);

	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, _IO('T', 0xfe), 0), -ENOTTY);
	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, _IOR('X', 0x42, int), 0),
			-ENOTTY);
}

/* tcflush() with a queue selector that does not exist fails with EINVAL */
static void serial_tty_tcflush_bad(struct kunit *test)
{
	int fd = stk_open_port(test);

	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, TCFLSH, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, TCFLSH, -1UL), -EINVAL);
}

/* Bad user pointers fail with EFAULT and change nothing */
static void serial_tty_efault(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	struct termios t;

	if (!IS_ENABLED(CONFIG_MMU))
		kunit_skip(test, "no access faults without an MMU");

	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TCGETS, ctx->hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TCSETS, ctx->hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TIOCGWINSZ, ctx->hole), -EFAULT);
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, FIONREAD, ctx->hole), -EFAULT);
	stk_tcgets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, t.c_cflag & CBAUD, B9600);

	KUNIT_EXPECT_EQ(test, kunit_syscall(write, fd, ctx->hole, 4), -EFAULT);
	stk_raw(test, fd, 1, 0);
	stk_rx_str(test, "abc");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 3), 3);
	KUNIT_EXPECT_EQ(test, kunit_syscall(read, fd, ctx->hole, 3), -EFAULT);
}

/*
 * A port that goes away under an open fd (a USB adapter pulled out) is
 * hung up: read sees end of file, write and ioctl fail with EIO, ppoll
 * reports POLLHUP, and the fd can still be closed.
 */
static void serial_tty_port_removed(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	void __user *ut = stk_u(test, STK_UOBJ);
	char buf[8];

	stk_remove_port(test);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->shutdowns), 1);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_EQ(test, stk_write_str(test, fd, "x"), -EIO);
	KUNIT_EXPECT_EQ(test, stk_ioctl(fd, TCGETS, ut), -EIO);
	KUNIT_EXPECT_TRUE(test, stk_poll(test, fd, POLLIN, 0) & POLLHUP);
	stk_close_fd(test, fd);

	/* The driver is still there, the port is not */
	KUNIT_EXPECT_EQ(test, stk_try_open(test, O_NOCTTY | O_NONBLOCK),
			-ENXIO);
}

/*
 * Input nobody reads does not crash or hang anything: what the buffers
 * hold is delivered in order, the rest is dropped, and the port works
 * as before once read.
 */
static void serial_tty_flood(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	unsigned int total = 0, i;
	bool in_order = true;
	u8 *data, *buf;
	long ret;

	data = kunit_kmalloc(test, STK_FLOOD_SIZE, GFP_KERNEL);
	buf = kunit_kmalloc(test, STK_DATA_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, data);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < STK_FLOOD_SIZE; i++)
		data[i] = i % 251;

	/* VTIME 2: a read that finds nothing for 0.2 s returns 0 */
	stk_raw(test, fd, 0, 2);
	stk_rx(test, data, STK_FLOOD_SIZE);

	while ((ret = stk_read(test, fd, buf, STK_DATA_SIZE)) > 0) {
		if (memcmp(buf, data + total, min_t(long, ret,
						    STK_FLOOD_SIZE - total)))
			in_order = false;
		total += ret;
		if (total > STK_FLOOD_SIZE)
			break;
	}
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_GE(test, total, 256);
	KUNIT_EXPECT_LE(test, total + ctx->port.icount.buf_overrun,
			STK_FLOOD_SIZE);
	/* The oldest bytes are kept: the first ones read are the first sent */
	KUNIT_EXPECT_TRUE(test, in_order);

	stk_rx_str(test, "ok");
	KUNIT_EXPECT_EQ(test, stk_inq_wait(test, fd, 2), 2);
	KUNIT_EXPECT_EQ(test, stk_read(test, fd, buf, STK_DATA_SIZE), 2);
	KUNIT_EXPECT_EQ(test, memcmp(buf, "ok", 2), 0);
}

/* A long write goes out whole, however small the buffers are */
static void serial_tty_long_write(struct kunit *test)
{
	struct stk_ctx *ctx = stk_ctx(test);
	int fd = stk_open_port(test);
	struct termios t;
	u8 *data;

	data = kunit_kmalloc(test, STK_DATA_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, data);
	memset(data, 'w', STK_DATA_SIZE);
	stk_tcgets(test, fd, &t);
	t.c_oflag &= ~OPOST;
	stk_tcsets(test, fd, &t);
	KUNIT_EXPECT_EQ(test, stk_write(test, fd, data, STK_DATA_SIZE),
			STK_DATA_SIZE);
	KUNIT_EXPECT_EQ(test, stk_ioctl_val(fd, TCSBRK, 1), 0);
	KUNIT_EXPECT_EQ(test, stk_count(test, &ctx->wire_total),
			STK_DATA_SIZE);
}

static struct kunit_case serial_tty_cases[] = {
	KUNIT_CASE(serial_tty_open_close),
	KUNIT_CASE(serial_tty_open_raises_dtr),
	KUNIT_CASE(serial_tty_write),
	KUNIT_CASE(serial_tty_read),
	KUNIT_CASE(serial_tty_read_nonblock),
	KUNIT_CASE(serial_tty_poll),
	KUNIT_CASE(serial_tty_termios_defaults),
	KUNIT_CASE(serial_tty_tcsets_baud),
	KUNIT_CASE(serial_tty_tcsetsw_tcsetsf),
#ifdef TCGETS2
	KUNIT_CASE(serial_tty_termios2),
#endif
	KUNIT_CASE(serial_tty_baud_impossible),
	KUNIT_CASE(serial_tty_baud_zero),
	KUNIT_CASE(serial_tty_winsize),
	KUNIT_CASE(serial_tty_tcflush_input),
	KUNIT_CASE(serial_tty_outq_tcflush_output),
	KUNIT_CASE(serial_tty_tcsbrk),
	KUNIT_CASE(serial_tty_fionread),
	KUNIT_CASE(serial_tty_canon_line),
	KUNIT_CASE(serial_tty_canon_short_read),
	KUNIT_CASE(serial_tty_canon_erase),
	KUNIT_CASE(serial_tty_canon_werase_kill),
	KUNIT_CASE(serial_tty_canon_eof),
	KUNIT_CASE(serial_tty_echo),
	KUNIT_CASE(serial_tty_echo_off),
	KUNIT_CASE(serial_tty_echoe),
	KUNIT_CASE(serial_tty_echoctl),
	KUNIT_CASE(serial_tty_icrnl),
	KUNIT_CASE(serial_tty_inlcr_igncr),
	KUNIT_CASE(serial_tty_onlcr),
	KUNIT_CASE(serial_tty_opost_off),
	KUNIT_CASE(serial_tty_vmin0_vtime0),
	KUNIT_CASE(serial_tty_vmin2),
	KUNIT_CASE(serial_tty_vtime_timeout),
	KUNIT_CASE(serial_tty_isig),
	KUNIT_CASE(serial_tty_isig_off),
	KUNIT_CASE(serial_tty_no_ctty),
	KUNIT_CASE(serial_tty_unknown_ioctl),
	KUNIT_CASE(serial_tty_tcflush_bad),
	KUNIT_CASE(serial_tty_efault),
	KUNIT_CASE(serial_tty_port_removed),
	KUNIT_CASE(serial_tty_flood),
	KUNIT_CASE(serial_tty_long_write),
	{}
};

static struct kunit_suite serial_tty_suite = {
	.name = "serial_tty",
	.init = stk_init,
	.test_cases = serial_tty_cases,
};

kunit_test_suite(serial_tty_suite);

MODULE_DESCRIPTION("KUnit tests for the serial TTY stack");
MODULE_LICENSE("GPL");
