// SPDX-License-Identifier: GPL-2.0
/*
 * A minimal serial TTY layer (CONFIG_TTY_TINY).
 *
 * With CONFIG_TTY off, this file stands in for the tty core, the N_TTY
 * line discipline and serial_core. UART drivers keep using the
 * serial_core API; user space gets their character devices (/dev/ttyS0,
 * /dev/ttyAMA0, ...), /dev/console and /dev/tty, with the termios line
 * discipline (canonical editing, echo, signals, VMIN/VTIME) and the
 * controlling terminal a shell needs.
 *
 * Everything is kept simple rather than fast: one mutex per port
 * serializes open/close, termios and the line discipline; received
 * characters go from the driver's interrupt handler through a small ring
 * to a work item; output goes straight into the port's transmit FIFO
 * under the port lock. There are no pluggable line disciplines, no
 * ptys, no virtual terminals, no /proc/tty and no modem-line ioctls.
 */

#include <linux/console.h>
#include <linux/cdev.h>
#include <linux/ctype.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kfifo.h>
#include <linux/major.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/property.h>
#include <linux/sched/signal.h>
#include <linux/serial.h>
#include <linux/serial_core.h>
#include <linux/slab.h>
#include <linux/termios_internal.h>
#include <linux/tty.h>
#include <linux/tty_flip.h>
#include <linux/uaccess.h>

#include "../tty.h"

#define TINY_RX_SIZE	256	/* received, not yet processed; power of 2 */
#define TINY_BUF_SIZE	1024	/* processed, waiting for read(); power of 2 */
#define TINY_XMIT_SIZE	1024	/* the port's transmit FIFO; power of 2 */

/*
 * The fields the line discipline uses most come first, where the short
 * Thumb-2 loads and stores reach them.
 */
struct tiny_tty {
	bool dead;		/* the port was removed */
	bool lnext;		/* the next character is taken literally */
	int count;		/* open files */
	struct uart_state *state;

	/* input for read(): [tail, canon) is readable, [canon, head) edited */
	unsigned int head, canon, tail;
	unsigned int line_column;	/* output column where the line began */
	unsigned int column;		/* output column, under the port lock */

	spinlock_t rx_lock;	/* rx[], rx_head, rx_tail */
	unsigned int rx_head, rx_tail;

	struct tty_struct tty;	/* termios, winsize, pgrp/session, kref */
	struct mutex lock;	/* line discipline, open count, termios */
	u16 rx[TINY_RX_SIZE];	/* flag << 8 | character */
	u8 buf[TINY_BUF_SIZE];
	DECLARE_BITMAP(eol, TINY_BUF_SIZE);
};

struct tiny_driver {
	struct tty_driver driver;
	struct cdev cdev;
};

static DEFINE_MUTEX(tiny_mutex);	/* ports coming and going */

const struct class tty_class = {
	.name = "tty",
};

struct ktermios tty_std_termios = {
	.c_iflag = ICRNL | IXON,
	.c_oflag = OPOST | ONLCR,
	.c_cflag = B38400 | CS8 | CREAD | HUPCL,
	.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK |
		   ECHOCTL | ECHOKE | IEXTEN,
	.c_cc = INIT_C_CC,
	.c_ispeed = 38400,
	.c_ospeed = 38400,
};
EXPORT_SYMBOL(tty_std_termios);

static inline struct tiny_tty *to_tiny(struct tty_struct *tty)
{
	return container_of(tty, struct tiny_tty, tty);
}

static inline struct uart_port *tiny_port(struct tiny_tty *t)
{
	return t->state->uart_port;
}

/* ---- output -------------------------------------------------------- */

/*
 * Put one character into the transmit FIFO, with the output processing
 * of termios (OPOST). Called with the port lock held; false, and nothing
 * queued, when there is no room for all it would produce.
 */
static bool tiny_put_out(struct tiny_tty *t, u8 c)
{
	struct tty_struct *tty = &t->tty;
	unsigned int col = t->column, n = 1, cr = 0, i;

	if (O_OPOST(tty)) {
		switch (c) {
		case '\n':
			if (O_ONLRET(tty))
				col = 0;
			if (O_ONLCR(tty)) {
				col = 0;
				cr = 1;
			}
			break;
		case '\r':
			if (O_ONOCR(tty) && !col)
				return true;
			if (O_OCRNL(tty)) {
				c = '\n';
				if (O_ONLRET(tty))
					col = 0;
			} else {
				col = 0;
			}
			break;
		case '\t':
			n = 8 - (col & 7);
			col += n;
			if (O_TABDLY(tty) == XTABS)
				c = ' ';
			else
				n = 1;
			break;
		case '\b':
			if (col)
				col--;
			break;
		default:
			if (iscntrl(c))
				break;
			if (O_OLCUC(tty))
				c = toupper(c);
			if (!I_IUTF8(tty) || (c & 0xc0) != 0x80)
				col++;
		}
	}
	if (kfifo_avail(&t->state->port.xmit_fifo) < n + cr)
		return false;
	t->column = col;
	for (i = 0; i < n + cr; i++)
		kfifo_put(&t->state->port.xmit_fifo, i < cr ? '\r' : c);
	return true;
}

static void tiny_start_tx(struct uart_port *port)
{
	if (!(port->flags & UPF_DEAD) && !uart_tx_stopped(port))
		port->ops->start_tx(port);
}

/* Echo @n characters of @s as they are */
static void tiny_echo_str(struct tiny_tty *t, const char *s, unsigned int n)
{
	struct uart_port *port = tiny_port(t);
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	while (n--)
		tiny_put_out(t, *s++);
	uart_port_unlock_irqrestore(port, flags);
}

/* Echo a character as N_TTY does (^X with ECHOCTL) */
static void tiny_echo(struct tiny_tty *t, u8 c)
{
	bool ctl = L_ECHOCTL(&t->tty) && iscntrl(c) && c != '\t' && c != '\n';
	char s[2] = { ctl ? '^' : c, c ^ 0x40 };

	tiny_echo_str(t, s, 1 + ctl);
}

static void tiny_kick(struct tiny_tty *t)
{
	struct uart_port *port = tiny_port(t);
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	tiny_start_tx(port);
	uart_port_unlock_irqrestore(port, flags);
}

static unsigned int tiny_outq(struct tiny_tty *t)
{
	struct uart_port *port = tiny_port(t);
	unsigned long flags;
	unsigned int n;

	uart_port_lock_irqsave(port, &flags);
	n = kfifo_len(&t->state->port.xmit_fifo);
	uart_port_unlock_irqrestore(port, flags);
	return n;
}

static void tiny_flush_output(struct tiny_tty *t)
{
	struct uart_port *port = tiny_port(t);
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	kfifo_reset(&t->state->port.xmit_fifo);
	if (port->ops->flush_buffer)
		port->ops->flush_buffer(port);
	uart_port_unlock_irqrestore(port, flags);
	wake_up_interruptible_poll(&t->tty.write_wait, EPOLLOUT);
}

/* Wait until everything queued has left the wire (TCSETSW, TCSBRK, close) */
static int tiny_drain(struct tiny_tty *t, unsigned long timeout)
{
	struct uart_port *port = tiny_port(t);
	unsigned long end = jiffies + timeout;
	unsigned int ms = max(1U, port->frame_time / NSEC_PER_MSEC);

	while (!t->dead && (tiny_outq(t) || !port->ops->tx_empty(port))) {
		if (signal_pending(current))
			return -ERESTARTSYS;
		if (time_after(jiffies, end))
			break;
		msleep_interruptible(ms);
	}
	return 0;
}

static void tiny_stop_output(struct tiny_tty *t, bool stop)
{
	struct uart_port *port = tiny_port(t);
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	t->tty.flow.stopped = stop;
	if (stop)
		port->ops->stop_tx(port);
	else
		tiny_start_tx(port);
	uart_port_unlock_irqrestore(port, flags);
	if (!stop)
		wake_up_interruptible_poll(&t->tty.write_wait, EPOLLOUT);
}

/* ---- input: the line discipline ------------------------------------ */

static void tiny_flush_input(struct tiny_tty *t)
{
	t->head = 0;
	t->canon = 0;
	t->tail = 0;
	bitmap_zero(t->eol, TINY_BUF_SIZE);
	t->lnext = false;
}

static unsigned int tiny_avail(struct tiny_tty *t)
{
	return t->canon - t->tail;
}

static void tiny_signal(struct tiny_tty *t, int sig)
{
	struct pid *pgrp = tty_get_pgrp(&t->tty);

	if (pgrp) {
		kill_pgrp(pgrp, sig, 1);
		put_pid(pgrp);
	}
}

static void tiny_isig(struct tiny_tty *t, int sig, u8 c)
{
	struct tty_struct *tty = &t->tty;

	tiny_signal(t, sig);
	if (!L_NOFLSH(tty)) {
		tiny_flush_input(t);
		tiny_flush_output(t);
	}
	if (I_IXON(tty) && tty->flow.stopped)
		tiny_stop_output(t, false);
	if (L_ECHO(tty))
		tiny_echo(t, c);
}

static void tiny_store(struct tiny_tty *t, u8 c, bool eol)
{
	unsigned int i = t->head & (TINY_BUF_SIZE - 1);

	t->buf[i] = c;
	if (eol)
		set_bit(i, t->eol);
	else
		clear_bit(i, t->eol);
	t->head++;
}

/* Output columns the edited line takes, up to @end */
static unsigned int tiny_line_width(struct tiny_tty *t, unsigned int end)
{
	unsigned int col = t->line_column, i;
	u8 c;

	for (i = t->canon; i != end; i++) {
		c = t->buf[i & (TINY_BUF_SIZE - 1)];
		if (c == '\t')
			col = (col | 7) + 1;
		else if (iscntrl(c))
			col += L_ECHOCTL(&t->tty) ? 2 : 0;
		else if (!I_IUTF8(&t->tty) || (c & 0xc0) != 0x80)
			col++;
	}
	return col;
}

/* ERASE, WERASE and KILL in canonical mode */
static void tiny_erase(struct tiny_tty *t, u8 key)
{
	struct tty_struct *tty = &t->tty;
	bool word = key == WERASE_CHAR(tty), seen = false;
	bool all = key == KILL_CHAR(tty);
	unsigned int n;
	u8 c;

	if (t->head == t->canon)
		return;
	if (all && (!L_ECHO(tty) || !L_ECHOK(tty) || !L_ECHOKE(tty) ||
		    !L_ECHOE(tty))) {
		t->head = t->canon;
		if (L_ECHO(tty)) {
			tiny_echo(t, key);
			if (L_ECHOK(tty))
				tiny_echo(t, '\n');
		}
		return;
	}
	while (t->head != t->canon) {
		c = t->buf[(t->head - 1) & (TINY_BUF_SIZE - 1)];
		if (word) {
			if (isalnum(c) || c == '_')
				seen = true;
			else if (seen)
				break;
		}
		t->head--;
		if (I_IUTF8(tty) && (c & 0xc0) == 0x80 && t->head != t->canon)
			continue;
		if (!L_ECHO(tty))
			goto next;
		if (!L_ECHOE(tty)) {
			tiny_echo(t, ERASE_CHAR(tty));
		} else if (c == '\t') {
			n = t->column - tiny_line_width(t, t->head);
			while (n--)
				tiny_echo_str(t, "\b", 1);
		} else {
			n = iscntrl(c) && L_ECHOCTL(tty) ? 6 : 3;
			tiny_echo_str(t, "\b \b\b \b", n);
		}
next:
		if (!word && !all)
			break;
	}
}

static void tiny_input(struct tiny_tty *t, u8 c, u8 flag)
{
	struct tty_struct *tty = &t->tty;
	unsigned int used = t->head - t->tail;
	bool eol = false;

	if (flag != TTY_NORMAL) {
		if (flag == TTY_OVERRUN)
			return;	/* the driver counted it */
		if (flag == TTY_BREAK ? I_IGNBRK(tty) : I_IGNPAR(tty))
			return;
		if (flag == TTY_BREAK && I_BRKINT(tty)) {
			tiny_isig(t, SIGINT, '\0');
			return;
		}
		c = '\0';
		goto store;
	}
	if (I_ISTRIP(tty))
		c &= 0x7f;
	if (I_IUCLC(tty) && L_IEXTEN(tty))
		c = tolower(c);
	if (t->lnext) {
		t->lnext = false;
		goto echo;
	}
	if (I_IXON(tty)) {
		if (c == STOP_CHAR(tty) && !tty->flow.stopped) {
			tiny_stop_output(t, true);
			return;
		}
		if (c == START_CHAR(tty)) {
			tiny_stop_output(t, false);
			return;
		}
		if (tty->flow.stopped && I_IXANY(tty))
			tiny_stop_output(t, false);
	}
	if (L_ISIG(tty)) {
		int sig = c == INTR_CHAR(tty) ? SIGINT :
			  c == QUIT_CHAR(tty) ? SIGQUIT :
			  c == SUSP_CHAR(tty) ? SIGTSTP : 0;

		if (sig && c != __DISABLED_CHAR) {
			tiny_isig(t, sig, c);
			return;
		}
	}
	if (c == '\r') {
		if (I_IGNCR(tty))
			return;
		if (I_ICRNL(tty))
			c = '\n';
	} else if (c == '\n' && I_INLCR(tty)) {
		c = '\r';
	}
	if (L_ICANON(tty) && c != __DISABLED_CHAR) {
		if (c == ERASE_CHAR(tty) || c == KILL_CHAR(tty) ||
		    (c == WERASE_CHAR(tty) && L_IEXTEN(tty))) {
			tiny_erase(t, c);
			return;
		}
		if (c == LNEXT_CHAR(tty) && L_IEXTEN(tty)) {
			t->lnext = true;
			if (L_ECHO(tty) && L_ECHOCTL(tty))
				tiny_echo_str(t, "^\b", 2);
			return;
		}
		eol = c == '\n' || c == EOF_CHAR(tty) || c == EOL_CHAR(tty) ||
		      (c == EOL2_CHAR(tty) && L_IEXTEN(tty));
	}
echo:
	if (!eol && L_ECHO(tty))
		tiny_echo(t, c);
store:
	/* in canonical mode one byte stays free for the end of the line */
	if (used >= TINY_BUF_SIZE - (L_ICANON(tty) && !eol)) {
		t->state->uart_port->icount.buf_overrun++;
		return;
	}
	if (eol && c == EOF_CHAR(tty))
		c = __DISABLED_CHAR;
	else if (eol && (L_ECHO(tty) || (c == '\n' && L_ECHONL(tty))))
		tiny_echo(t, c);
	tiny_store(t, c, eol);
	if (eol || !L_ICANON(tty)) {
		t->canon = t->head;
		t->line_column = t->column;
	}
}

static void tiny_rx_work(struct work_struct *work)
{
	struct tty_port *tport = container_of(work, struct tty_port, buf.work);
	struct tiny_tty *t = tport->client_data;
	unsigned long flags;
	bool more;
	u16 ch = 0;

	mutex_lock(&t->lock);
	do {
		spin_lock_irqsave(&t->rx_lock, flags);
		more = t->rx_tail != t->rx_head;
		if (more)
			ch = t->rx[t->rx_tail++ & (TINY_RX_SIZE - 1)];
		spin_unlock_irqrestore(&t->rx_lock, flags);
		if (more && t->count && !t->dead)
			tiny_input(t, ch & 0xff, ch >> 8);
	} while (more);
	if (t->count && !t->dead)
		tiny_kick(t);
	mutex_unlock(&t->lock);
	wake_up_interruptible_poll(&t->tty.read_wait, EPOLLIN);
}

/* ---- the flip buffer calls UART drivers make -------------------------- */

size_t __tty_insert_flip_string_flags(struct tty_port *tport, const u8 *chars,
				      const u8 *flags, bool mutable_flags,
				      size_t size)
{
	struct tiny_tty *t = tport->client_data;
	unsigned long irqflags;
	size_t i;

	if (!t)
		return 0;
	spin_lock_irqsave(&t->rx_lock, irqflags);
	for (i = 0; i < size && t->rx_head - t->rx_tail < TINY_RX_SIZE; i++)
		t->rx[t->rx_head++ & (TINY_RX_SIZE - 1)] =
			chars[i] | (mutable_flags ? flags[i] : *flags) << 8;
	spin_unlock_irqrestore(&t->rx_lock, irqflags);
	return i;
}
EXPORT_SYMBOL(__tty_insert_flip_string_flags);

unsigned int tty_buffer_space_avail(struct tty_port *tport)
{
	struct tiny_tty *t = tport->client_data;

	return t ? TINY_RX_SIZE - (t->rx_head - t->rx_tail) : 0;
}
EXPORT_SYMBOL_GPL(tty_buffer_space_avail);

int tty_buffer_request_room(struct tty_port *tport, size_t size)
{
	return min_t(size_t, size, tty_buffer_space_avail(tport));
}
EXPORT_SYMBOL_GPL(tty_buffer_request_room);

void tty_flip_buffer_push(struct tty_port *tport)
{
	if (tport->client_data)
		queue_work(system_unbound_wq, &tport->buf.work);
}
EXPORT_SYMBOL(tty_flip_buffer_push);

struct tty_struct *tty_port_tty_get(struct tty_port *tport)
{
	unsigned long flags;
	struct tty_struct *tty;

	spin_lock_irqsave(&tport->lock, flags);
	tty = tty_kref_get(tport->tty);
	spin_unlock_irqrestore(&tport->lock, flags);
	return tty;
}
EXPORT_SYMBOL(tty_port_tty_get);

/* ---- controlling terminal ------------------------------------------- */

static void tiny_tty_free(struct kref *kref)
{
	struct tty_struct *tty = container_of(kref, struct tty_struct, kref);

	put_pid(tty->ctrl.pgrp);
	put_pid(tty->ctrl.session);
	kfree(to_tiny(tty));
}

void tty_kref_put(struct tty_struct *tty)
{
	if (tty)
		kref_put(&tty->kref, tiny_tty_free);
}
EXPORT_SYMBOL(tty_kref_put);

struct pid *tty_get_pgrp(struct tty_struct *tty)
{
	unsigned long flags;
	struct pid *pgrp;

	spin_lock_irqsave(&tty->ctrl.lock, flags);
	pgrp = get_pid(tty->ctrl.pgrp);
	spin_unlock_irqrestore(&tty->ctrl.lock, flags);
	return pgrp;
}
EXPORT_SYMBOL_GPL(tty_get_pgrp);

dev_t tty_devnum(struct tty_struct *tty)
{
	return MKDEV(tty->driver->major, tty->driver->minor_start) + tty->index;
}
EXPORT_SYMBOL(tty_devnum);

const char *tty_name(const struct tty_struct *tty)
{
	return tty ? tty->name : "NULL tty";
}
EXPORT_SYMBOL(tty_name);

struct tty_struct *get_current_tty(void)
{
	unsigned long flags;
	struct tty_struct *tty;

	spin_lock_irqsave(&current->sighand->siglock, flags);
	tty = tty_kref_get(current->signal->tty);
	spin_unlock_irqrestore(&current->sighand->siglock, flags);
	return tty;
}
EXPORT_SYMBOL_GPL(get_current_tty);

void proc_clear_tty(struct task_struct *p)
{
	unsigned long flags;
	struct tty_struct *tty;

	spin_lock_irqsave(&p->sighand->siglock, flags);
	tty = p->signal->tty;
	p->signal->tty = NULL;
	spin_unlock_irqrestore(&p->sighand->siglock, flags);
	tty_kref_put(tty);
}

/* Make @tty the controlling terminal of the current session */
static void tiny_set_ctty(struct tty_struct *tty)
{
	struct tty_struct *old;
	unsigned long flags;

	spin_lock_irq(&current->sighand->siglock);
	spin_lock_irqsave(&tty->ctrl.lock, flags);
	put_pid(tty->ctrl.session);
	put_pid(tty->ctrl.pgrp);
	tty->ctrl.pgrp = get_pid(task_pgrp(current));
	tty->ctrl.session = get_pid(task_session(current));
	spin_unlock_irqrestore(&tty->ctrl.lock, flags);
	old = current->signal->tty;
	current->signal->tty = tty_kref_get(tty);
	put_pid(current->signal->tty_old_pgrp);
	current->signal->tty_old_pgrp = NULL;
	spin_unlock_irq(&current->sighand->siglock);
	tty_kref_put(old);
}

/* Forget @tty's session and its members' link to it; signal them */
static void tiny_end_session(struct tty_struct *tty, bool hangup)
{
	struct task_struct *p;
	struct pid *session;
	unsigned long flags;

	spin_lock_irqsave(&tty->ctrl.lock, flags);
	session = tty->ctrl.session;
	tty->ctrl.session = NULL;
	put_pid(tty->ctrl.pgrp);
	tty->ctrl.pgrp = NULL;
	spin_unlock_irqrestore(&tty->ctrl.lock, flags);
	if (!session)
		return;
	read_lock(&tasklist_lock);
	do_each_pid_task(session, PIDTYPE_SID, p) {
		if (hangup && p->signal->leader && p->signal->tty == tty) {
			group_send_sig_info(SIGHUP, SEND_SIG_PRIV, p, PIDTYPE_TGID);
			group_send_sig_info(SIGCONT, SEND_SIG_PRIV, p, PIDTYPE_TGID);
		}
		if (p->signal->tty == tty)
			proc_clear_tty(p);
	} while_each_pid_task(session, PIDTYPE_SID, p);
	read_unlock(&tasklist_lock);
	put_pid(session);
}

void disassociate_ctty(int on_exit)
{
	struct tty_struct *tty;
	struct pid *pgrp;

	if (!current->signal->leader)
		return;
	tty = get_current_tty();
	if (tty) {
		pgrp = tty_get_pgrp(tty);
		if (pgrp) {
			kill_pgrp(pgrp, SIGHUP, on_exit);
			if (!on_exit)
				kill_pgrp(pgrp, SIGCONT, on_exit);
			put_pid(pgrp);
		}
		tiny_end_session(tty, false);
		tty_kref_put(tty);
	}
	spin_lock_irq(&current->sighand->siglock);
	put_pid(current->signal->tty_old_pgrp);
	current->signal->tty_old_pgrp = NULL;
	spin_unlock_irq(&current->sighand->siglock);
	proc_clear_tty(current);
}

void tty_vhangup_self(void)
{
	/* vhangup(2): there are no hung-up files; just drop the terminal */
	disassociate_ctty(0);
}

void do_SAK(struct tty_struct *tty)
{
	pr_warn_once("SAK ignored: CONFIG_TTY_TINY has no secure attention key\n");
}
EXPORT_SYMBOL(do_SAK);

static bool tiny_sig_ignored(int sig)
{
	return sigismember(&current->blocked, sig) ||
	       current->sighand->action[sig - 1].sa.sa_handler == SIG_IGN;
}

/*
 * Job control: a background process group that reads its controlling
 * terminal gets SIGTTIN; one that writes (with TOSTOP) or changes the
 * settings gets SIGTTOU unless it ignores it.
 */
static int tiny_job_check(struct tty_struct *tty, int sig)
{
	struct pid *pgrp, *tty_pgrp;
	int ret = 0;

	if (current->signal->tty != tty)
		return 0;
	rcu_read_lock();
	pgrp = task_pgrp(current);
	spin_lock_irq(&tty->ctrl.lock);
	tty_pgrp = tty->ctrl.pgrp;
	spin_unlock_irq(&tty->ctrl.lock);
	if (tty_pgrp && pgrp != tty_pgrp) {
		if (tiny_sig_ignored(sig)) {
			if (sig == SIGTTIN)
				ret = -EIO;
		} else if (is_current_pgrp_orphaned()) {
			ret = -EIO;
		} else {
			kill_pgrp(pgrp, sig, 1);
			ret = -ERESTARTSYS;
		}
	}
	rcu_read_unlock();
	return ret;
}

/* ---- the port: startup, termios, shutdown --------------------------- */

static void tiny_mctrl(struct uart_port *port, unsigned int set,
		       unsigned int clear)
{
	unsigned long flags;

	uart_port_lock_irqsave(port, &flags);
	port->mctrl = (port->mctrl & ~clear) | set;
	port->ops->set_mctrl(port, port->mctrl);
	uart_port_unlock_irqrestore(port, flags);
}

static void tiny_pm(struct uart_state *state, enum uart_pm_state pm)
{
	struct uart_port *port = state->uart_port;

	if (state->pm_state != pm) {
		if (port->ops->pm)
			port->ops->pm(port, pm, state->pm_state);
		state->pm_state = pm;
	}
}

static void tiny_hw_termios(struct tiny_tty *t, const struct ktermios *old)
{
	struct uart_port *port = tiny_port(t);
	tcflag_t cflag = t->tty.termios.c_cflag;
	tcflag_t was = old ? old->c_cflag & CBAUD : 0;
	unsigned long flags;

	port->ops->set_termios(port, &t->tty.termios, old);
	uart_port_lock_irqsave(port, &flags);
	port->status &= ~(UPSTAT_CTS_ENABLE | UPSTAT_DCD_ENABLE);
	if (cflag & CRTSCTS)
		port->status |= UPSTAT_CTS_ENABLE;
	if (!(cflag & CLOCAL))
		port->status |= UPSTAT_DCD_ENABLE;
	port->hw_stopped = uart_softcts_mode(port) &&
			   !(port->ops->get_mctrl(port) & TIOCM_CTS);
	tiny_start_tx(port);
	uart_port_unlock_irqrestore(port, flags);
	/* B0 hangs up; leaving it, or opening, raises DTR and RTS */
	if (was && !(cflag & CBAUD))
		tiny_mctrl(port, 0, TIOCM_DTR | TIOCM_RTS);
	else if (!was && (cflag & CBAUD))
		tiny_mctrl(port, TIOCM_DTR | TIOCM_RTS, 0);
}

/* Give the port @xmit as its transmit FIFO (NULL: none), free the old one */
static void tiny_set_xmit(struct tiny_tty *t, void *xmit)
{
	struct tty_port *tport = &t->state->port;
	unsigned long flags;
	void *old;

	uart_port_lock_irqsave(tiny_port(t), &flags);
	old = tport->xmit_buf;
	tport->xmit_buf = xmit;
	kfifo_init(&tport->xmit_fifo, xmit, xmit ? TINY_XMIT_SIZE : 0);
	uart_port_unlock_irqrestore(tiny_port(t), flags);
	kfree(old);
}

/* Point the port at its tty (NULL: none), for tty_port_tty_get() */
static void tiny_set_tty(struct tiny_tty *t, struct tty_struct *tty)
{
	struct tty_port *tport = &t->state->port;

	spin_lock_irq(&tport->lock);
	tport->tty = tty;
	spin_unlock_irq(&tport->lock);
}

static int tiny_startup(struct tiny_tty *t)
{
	struct uart_port *port = tiny_port(t);
	void *xmit;
	int ret;

	if (port->type == PORT_UNKNOWN)
		return -EIO;
	xmit = kmalloc(TINY_XMIT_SIZE, GFP_KERNEL);
	if (!xmit)
		return -ENOMEM;
	tiny_set_xmit(t, xmit);
	tiny_pm(t->state, UART_PM_STATE_ON);
	ret = port->ops->startup(port);
	if (ret) {
		tiny_set_xmit(t, NULL);
		return ret;
	}
	if (uart_console(port) && port->cons->cflag) {
		t->tty.termios.c_cflag = port->cons->cflag;
		t->tty.termios.c_ispeed = port->cons->ispeed;
		t->tty.termios.c_ospeed = port->cons->ospeed;
		port->cons->cflag = 0;
	}
	tiny_set_tty(t, &t->tty);
	tty_port_set_initialized(&t->state->port, true);
	tiny_hw_termios(t, NULL);
	return 0;
}

static void tiny_shutdown(struct tiny_tty *t)
{
	struct uart_port *port = tiny_port(t);
	struct tty_port *tport = &t->state->port;
	unsigned long flags;

	if (!tty_port_initialized(tport))
		return;
	tiny_drain(t, 30 * HZ);
	tty_port_set_initialized(tport, false);
	uart_port_lock_irqsave(port, &flags);
	port->ops->stop_rx(port);
	uart_port_unlock_irqrestore(port, flags);
	if (C_HUPCL(&t->tty))
		tiny_mctrl(port, 0, TIOCM_DTR | TIOCM_RTS);
	port->ops->shutdown(port);
	synchronize_irq(port->irq);
	if (uart_console(port))
		port->cons->cflag = t->tty.termios.c_cflag;
	else
		tiny_pm(t->state, UART_PM_STATE_OFF);
	tiny_set_tty(t, NULL);
	tiny_set_xmit(t, NULL);
	tiny_flush_input(t);
	t->tty.flow.stopped = false;
}

/* ---- file operations ------------------------------------------------ */

/* Input to read (@out: room to write), or the port is gone */
static bool tiny_ready(struct tiny_tty *t, bool out)
{
	return t->dead || (out ? kfifo_avail(&t->state->port.xmit_fifo) >= 8 :
			   tiny_avail(t));
}

/* Wait for tiny_ready(): the time left, 0 when it ran out, or -ERESTARTSYS */
static long tiny_wait(struct tiny_tty *t, bool out, long timeout)
{
	return wait_event_interruptible_timeout(*(out ? &t->tty.write_wait :
						  &t->tty.read_wait),
						tiny_ready(t, out), timeout);
}

/*
 * Copy one line (canonical) or what is there (raw) to user space; the end
 * of file character ends a line but is not copied.
 */
static ssize_t tiny_copy_out(struct tiny_tty *t, char __user *ubuf,
			     size_t nr, bool *line_done)
{
	ssize_t n = 0;
	unsigned int i;
	bool eol;

	while (n < nr && tiny_avail(t)) {
		i = t->tail++ & (TINY_BUF_SIZE - 1);
		eol = L_ICANON(&t->tty) && test_bit(i, t->eol);
		*line_done = eol;
		if (eol && t->buf[i] == __DISABLED_CHAR)
			break;
		if (put_user(t->buf[i], ubuf + n))
			return -EFAULT;
		n++;
		if (eol)
			break;
	}
	return n;
}

static ssize_t tiny_read(struct file *file, char __user *ubuf, size_t nr,
			 loff_t *ppos)
{
	struct tiny_tty *t = file->private_data;
	struct tty_struct *tty = &t->tty;
	long timeout = MAX_SCHEDULE_TIMEOUT, time = 0;
	unsigned int minimum = 1;
	bool line_done = false;
	ssize_t copied = 0, ret = 0;

	ret = tiny_job_check(tty, SIGTTIN);
	if (ret)
		return ret;
	mutex_lock(&t->lock);
	/*
	 * Non-canonical: wait for VMIN bytes (at most @nr); VTIME is the
	 * whole wait when VMIN is 0, else the gap allowed between bytes.
	 */
	if (!L_ICANON(tty)) {
		minimum = min_t(size_t, MIN_CHAR(tty), nr);
		time = TIME_CHAR(tty) * HZ / 10;
		if (!MIN_CHAR(tty))
			timeout = time;
	}
	while (nr) {
		if (t->dead)
			break;
		if (tiny_avail(t)) {
			ret = tiny_copy_out(t, ubuf + copied, nr, &line_done);
			if (ret < 0)
				break;
			copied += ret;
			nr -= ret;
			if (line_done || copied >= minimum)
				break;
			if (time)
				timeout = time;
			continue;
		}
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (!timeout)
			break;
		mutex_unlock(&t->lock);
		timeout = tiny_wait(t, false, timeout);
		mutex_lock(&t->lock);
		if (timeout < 0) {
			ret = -ERESTARTSYS;
			break;
		}
	}
	mutex_unlock(&t->lock);
	if (copied || line_done)
		return copied;
	return ret;
}

static ssize_t tiny_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	struct tiny_tty *t = file->private_data;
	struct tty_struct *tty = &t->tty;
	struct uart_port *port;
	unsigned long flags;
	size_t done = 0, n, i;
	ssize_t ret = 0;
	u8 kbuf[64];

	if (t->dead)
		return -EIO;
	if (L_TOSTOP(tty)) {
		ret = tiny_job_check(tty, SIGTTOU);
		if (ret)
			return ret;
	}
	if (mutex_lock_interruptible(&tty->atomic_write_lock))
		return -ERESTARTSYS;
	port = tiny_port(t);
	while (done < count) {
		n = min(count - done, sizeof(kbuf));
		if (copy_from_user(kbuf, ubuf + done, n)) {
			ret = -EFAULT;
			break;
		}
		uart_port_lock_irqsave(port, &flags);
		for (i = 0; i < n && tiny_put_out(t, kbuf[i]); i++)
			;
		tiny_start_tx(port);
		uart_port_unlock_irqrestore(port, flags);
		done += i;
		if (i == n)
			continue;
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (tiny_wait(t, true, MAX_SCHEDULE_TIMEOUT) < 0) {
			ret = -ERESTARTSYS;
			break;
		}
		if (t->dead) {
			ret = -EIO;
			break;
		}
	}
	mutex_unlock(&tty->atomic_write_lock);
	return done ? done : ret;
}

static __poll_t tiny_poll(struct file *file, poll_table *wait)
{
	struct tiny_tty *t = file->private_data;
	struct tty_struct *tty = &t->tty;
	unsigned int want = 1;
	__poll_t mask = 0;

	poll_wait(file, &tty->read_wait, wait);
	poll_wait(file, &tty->write_wait, wait);
	if (t->dead)
		return EPOLLIN | EPOLLOUT | EPOLLERR | EPOLLHUP | EPOLLRDNORM |
		       EPOLLWRNORM;
	if (!L_ICANON(tty) && MIN_CHAR(tty) && !TIME_CHAR(tty))
		want = MIN_CHAR(tty);
	if (tiny_avail(t) >= want)
		mask |= EPOLLIN | EPOLLRDNORM;
	if (tiny_outq(t) < WAKEUP_CHARS)
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}

/* The user-space termios layouts; architectures may override these */
#ifdef TCGETS2
__weak int user_termios_to_kernel_termios(struct ktermios *k,
					  struct termios2 __user *u)
{
	return copy_from_user(k, u, sizeof(struct termios2));
}

__weak int kernel_termios_to_user_termios(struct termios2 __user *u,
					  struct ktermios *k)
{
	return copy_to_user(u, k, sizeof(struct termios2));
}

__weak int user_termios_to_kernel_termios_1(struct ktermios *k,
					    struct termios __user *u)
{
	return copy_from_user(k, u, sizeof(struct termios));
}

__weak int kernel_termios_to_user_termios_1(struct termios __user *u,
					    struct ktermios *k)
{
	return copy_to_user(u, k, sizeof(struct termios));
}
#else
__weak int user_termios_to_kernel_termios(struct ktermios *k,
					  struct termios __user *u)
{
	return copy_from_user(k, u, sizeof(struct termios));
}

__weak int kernel_termios_to_user_termios(struct termios __user *u,
					  struct ktermios *k)
{
	return copy_to_user(u, k, sizeof(struct termios));
}
#endif

/*
 * The termios requests; the index in this table is the operation: bit 0
 * or 1 set, a set (bit 1: drain the output first, both: and drop unread
 * input, as TCSETSF), else a get; bit 2, struct termios2.
 */
static const unsigned int tiny_termios_cmds[] = {
	TCGETS, TCSETS, TCSETSW, TCSETSF,
#ifdef TCGETS2
	TCGETS2, TCSETS2, TCSETSW2, TCSETSF2,
#endif
};

static int tiny_termios(struct tiny_tty *t, void __user *p, unsigned int op)
{
	struct tty_struct *tty = &t->tty;
	struct ktermios kt, old;
	int ret;

	mutex_lock(&t->lock);
	old = tty->termios;
	kt = old;
	if (!(op & 3)) {
		mutex_unlock(&t->lock);
#ifdef TCGETS2
		if (!(op & 4))
			ret = kernel_termios_to_user_termios_1(p, &kt);
		else
#endif
			ret = kernel_termios_to_user_termios(p, &kt);
		return ret ? -EFAULT : 0;
	}
#ifdef TCGETS2
	if (!(op & 4))
		ret = user_termios_to_kernel_termios_1(&kt, p);
	else
#endif
		ret = user_termios_to_kernel_termios(&kt, p);
	if (ret) {
		ret = -EFAULT;
		goto out;
	}
	kt.c_ispeed = tty_termios_input_baud_rate(&kt);
	kt.c_ospeed = tty_termios_baud_rate(&kt);
	ret = tiny_job_check(tty, SIGTTOU);
	if (ret)
		goto out;
	if ((op & 3) == 3)
		tiny_flush_input(t);
	if (op & 2) {
		ret = tiny_drain(t, MAX_SCHEDULE_TIMEOUT);
		if (ret)
			goto out;
	}
	kt.c_line = old.c_line;
	tty->termios = kt;
	if ((old.c_cflag ^ kt.c_cflag) || old.c_ispeed != kt.c_ispeed ||
	    old.c_ospeed != kt.c_ospeed ||
	    ((old.c_iflag ^ kt.c_iflag) & (IGNBRK | BRKINT | IGNPAR | PARMRK | INPCK)))
		tiny_hw_termios(t, &old);
	if ((old.c_lflag ^ kt.c_lflag) & ICANON) {
		bitmap_zero(t->eol, TINY_BUF_SIZE);
		if (L_ICANON(tty) && t->head != t->tail)
			set_bit((t->head - 1) & (TINY_BUF_SIZE - 1), t->eol);
		t->canon = t->head;
		t->line_column = t->column;
	}
	if (!I_IXON(tty) && (old.c_iflag & IXON) && tty->flow.stopped)
		tiny_stop_output(t, false);
	wake_up_interruptible_poll(&tty->read_wait, EPOLLIN);
out:
	mutex_unlock(&t->lock);
	return ret;
}

/* The session of a process group, or of the process of that number */
static struct pid *tiny_pgrp_session(struct pid *pgrp)
{
	struct task_struct *p = pid_task(pgrp, PIDTYPE_PGID);

	if (!p)
		p = pid_task(pgrp, PIDTYPE_PID);
	return p ? task_session(p) : NULL;
}

static int tiny_tiocspgrp(struct tiny_tty *t, pid_t __user *p)
{
	struct tty_struct *tty = &t->tty;
	struct pid *pgrp;
	pid_t nr;
	int ret;

	if (current->signal->tty != tty)
		return -ENOTTY;
	ret = tiny_job_check(tty, SIGTTOU);
	if (ret)
		return ret;
	if (get_user(nr, p))
		return -EFAULT;
	if (nr < 0)
		return -EINVAL;
	rcu_read_lock();
	pgrp = find_vpid(nr);
	ret = -ESRCH;
	if (!pgrp)
		goto out;
	ret = -EPERM;
	if (tiny_pgrp_session(pgrp) != task_session(current))
		goto out;
	spin_lock_irq(&tty->ctrl.lock);
	put_pid(tty->ctrl.pgrp);
	tty->ctrl.pgrp = get_pid(pgrp);
	spin_unlock_irq(&tty->ctrl.lock);
	ret = 0;
out:
	rcu_read_unlock();
	return ret;
}

static int tiny_tiocsctty(struct tiny_tty *t, struct file *file, int steal)
{
	struct tty_struct *tty = &t->tty;
	int ret = 0;

	mutex_lock(&t->lock);
	if (current->signal->leader && task_session(current) == tty->ctrl.session)
		goto out;
	ret = -EPERM;
	if (!current->signal->leader || current->signal->tty)
		goto out;
	if (tty->ctrl.session) {
		if (steal != 1 || !capable(CAP_SYS_ADMIN))
			goto out;
		tiny_end_session(tty, false);
	}
	ret = -EPERM;
	if (!(file->f_mode & FMODE_READ) && !capable(CAP_SYS_ADMIN))
		goto out;
	tiny_set_ctty(tty);
	ret = 0;
out:
	mutex_unlock(&t->lock);
	return ret;
}

static long tiny_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tiny_tty *t = file->private_data;
	struct tty_struct *tty = &t->tty;
	struct uart_port *port = tiny_port(t);
	void __user *p = (void __user *)arg;
	struct winsize ws;
	struct pid *pid;
	unsigned int i;
	int ret = 0;

	if (t->dead)
		return cmd == TIOCSPGRP ? -ENOTTY : -EIO;
	for (i = 0; i < ARRAY_SIZE(tiny_termios_cmds); i++)
		if (cmd == tiny_termios_cmds[i])
			return tiny_termios(t, p, i);
	switch (cmd) {
	case TIOCGWINSZ:
		return copy_to_user(p, &tty->winsize, sizeof(ws)) ? -EFAULT : 0;
	case TIOCSWINSZ:
		if (copy_from_user(&ws, p, sizeof(ws)))
			return -EFAULT;
		mutex_lock(&t->lock);
		if (memcmp(&ws, &tty->winsize, sizeof(ws))) {
			tty->winsize = ws;
			tiny_signal(t, SIGWINCH);
		}
		mutex_unlock(&t->lock);
		return 0;
	case TCFLSH:
		if (arg > TCIOFLUSH)
			return -EINVAL;
		ret = tiny_job_check(tty, SIGTTOU);
		if (ret)
			return ret;
		if (arg != TCOFLUSH) {
			mutex_lock(&t->lock);
			tiny_flush_input(t);
			mutex_unlock(&t->lock);
		}
		if (arg != TCIFLUSH)
			tiny_flush_output(t);
		return 0;
	case TCXONC:
		ret = tiny_job_check(tty, SIGTTOU);
		if (ret)
			return ret;
		if (arg == TCOOFF || arg == TCOON)
			tiny_stop_output(t, arg == TCOOFF);
		else if (arg != TCIOFF && arg != TCION)
			return -EINVAL;
		return 0;
	case TCSBRK:
	case TCSBRKP:
		ret = tiny_drain(t, MAX_SCHEDULE_TIMEOUT);
		if (ret || (cmd == TCSBRK && arg))
			return ret;
		fallthrough;
	case TIOCSBRK:
	case TIOCCBRK:
		if (!port->ops->break_ctl)
			return 0;
		port->ops->break_ctl(port, cmd == TIOCCBRK ? 0 : -1);
		if (cmd == TIOCSBRK || cmd == TIOCCBRK)
			return 0;
		msleep_interruptible(cmd == TCSBRK || !arg ? 250 : arg * 100);
		port->ops->break_ctl(port, 0);
		return 0;
	case FIONREAD:
		mutex_lock(&t->lock);
		ret = tiny_avail(t);
		if (L_ICANON(tty)) {
			for (i = t->tail; i != t->canon; i++)
				ret -= test_bit(i & (TINY_BUF_SIZE - 1), t->eol) &&
				       t->buf[i & (TINY_BUF_SIZE - 1)] ==
				       __DISABLED_CHAR;
		}
		mutex_unlock(&t->lock);
		break;
	case TIOCOUTQ:
		ret = tiny_outq(t);
		break;
	case TIOCGETD:
		ret = N_TTY;
		break;
	case TIOCSETD:
		if (get_user(ret, (int __user *)p))
			return -EFAULT;
		return ret == N_TTY ? 0 : -EINVAL;
	case TIOCSCTTY:
		return tiny_tiocsctty(t, file, arg);
	case TIOCNOTTY:
		if (current->signal->tty != tty)
			return -ENOTTY;
		if (current->signal->leader)
			disassociate_ctty(0);
		proc_clear_tty(current);
		return 0;
	case TIOCGSID:
		if (current->signal->tty != tty || !tty->ctrl.session)
			return -ENOTTY;
		ret = pid_vnr(tty->ctrl.session);
		break;
	case TIOCGPGRP:
		if (current->signal->tty != tty)
			return -ENOTTY;
		pid = tty_get_pgrp(tty);
		ret = pid_vnr(pid);
		put_pid(pid);
		break;
	case TIOCSPGRP:
		return tiny_tiocspgrp(t, p);
	default:
		pr_warn_once("%s: tty ioctl 0x%x is not supported with CONFIG_TTY_TINY\n",
			     tty->name, cmd);
		return -ENOTTY;
	}
	return put_user(ret, (int __user *)p);
}

static int tiny_open_port(struct tty_driver *driver, unsigned int index,
			  struct file *file, bool noctty)
{
	struct uart_driver *drv = driver->driver_state;
	struct tiny_tty *t;
	int ret = 0;

	mutex_lock(&tiny_mutex);
	t = index < drv->nr ? drv->state[index].port.client_data : NULL;
	if (t)
		tty_kref_get(&t->tty);
	mutex_unlock(&tiny_mutex);
	if (!t)
		return -ENXIO;
	mutex_lock(&t->lock);
	if (t->dead)
		ret = -EIO;
	else if (!t->count)
		ret = tiny_startup(t);
	if (!ret)
		t->count++;
	mutex_unlock(&t->lock);
	if (ret) {
		tty_kref_put(&t->tty);
		return ret;
	}
	file->private_data = t;
	/* a session leader without a terminal acquires the first it opens */
	if (!noctty && !(file->f_flags & O_NOCTTY) && current->signal->leader &&
	    !current->signal->tty && !t->tty.ctrl.session &&
	    (file->f_mode & FMODE_READ))
		tiny_set_ctty(&t->tty);
	return 0;
}

static int tiny_open(struct inode *inode, struct file *file)
{
	struct tiny_driver *td = container_of(inode->i_cdev, struct tiny_driver,
					      cdev);

	nonseekable_open(inode, file);
	return tiny_open_port(&td->driver,
			      MINOR(inode->i_rdev) - td->driver.minor_start,
			      file, false);
}

static int tiny_release(struct inode *inode, struct file *file)
{
	struct tiny_tty *t = file->private_data;

	mutex_lock(&t->lock);
	if (!--t->count && !t->dead)
		tiny_shutdown(t);
	mutex_unlock(&t->lock);
	tty_kref_put(&t->tty);
	return 0;
}

static const struct file_operations tiny_fops = {
	.owner		= THIS_MODULE,
	.open		= tiny_open,
	.release	= tiny_release,
	.read		= tiny_read,
	.write		= tiny_write,
	.poll		= tiny_poll,
	.unlocked_ioctl	= tiny_ioctl,
	.compat_ioctl	= tiny_ioctl,
};

/* /dev/tty and /dev/console: find the real terminal, then open that */
static int tiny_aux_open(struct inode *inode, struct file *file)
{
	struct tty_struct *tty;
	struct tty_driver *driver;
	int index = 0, ret;

	if (MINOR(inode->i_rdev) == 0) {
		tty = get_current_tty();
		if (!tty)
			return -ENXIO;
		driver = tty->driver;
		index = tty->index;
		tty_kref_put(tty);
	} else {
		driver = console_device(&index);
		if (!driver)
			return -ENODEV;
	}
	nonseekable_open(inode, file);
	ret = tiny_open_port(driver, index, file, true);
	if (!ret)
		replace_fops(file, &tiny_fops);
	return ret;
}

static const struct file_operations tiny_aux_fops = {
	.owner	= THIS_MODULE,
	.open	= tiny_aux_open,
};

static struct cdev tiny_aux_cdev;

int __init tty_init(void)
{
	int ret;

	ret = class_register(&tty_class);
	if (ret)
		return ret;
	cdev_init(&tiny_aux_cdev, &tiny_aux_fops);
	ret = cdev_add(&tiny_aux_cdev, MKDEV(TTYAUX_MAJOR, 0), 2);
	if (!ret)
		ret = register_chrdev_region(MKDEV(TTYAUX_MAJOR, 0), 2, "/dev/tty");
	if (ret)
		return ret;
	device_create(&tty_class, NULL, MKDEV(TTYAUX_MAJOR, 0), NULL, "tty");
	device_create(&tty_class, NULL, MKDEV(TTYAUX_MAJOR, 1), NULL, "console");
	return 0;
}

/* ---- the serial_core driver API ------------------------------------- */

int uart_register_driver(struct uart_driver *drv)
{
	struct uart_state *state;
	struct tiny_driver *td;
	dev_t dev;
	int ret;

	td = kzalloc(sizeof(*td), GFP_KERNEL);
	drv->state = kcalloc(drv->nr, sizeof(*drv->state), GFP_KERNEL);
	ret = -ENOMEM;
	if (!td || !drv->state)
		goto err;
	if (drv->major) {
		dev = MKDEV(drv->major, drv->minor);
		ret = register_chrdev_region(dev, drv->nr, drv->dev_name);
	} else {
		ret = alloc_chrdev_region(&dev, drv->minor, drv->nr,
					  drv->dev_name);
		drv->major = MAJOR(dev);
	}
	if (ret)
		goto err;
	kref_init(&td->driver.kref);
	td->driver.owner = drv->owner;
	td->driver.driver_name = drv->driver_name;
	td->driver.name = drv->dev_name;
	td->driver.major = drv->major;
	td->driver.minor_start = drv->minor;
	td->driver.num = drv->nr;
	td->driver.type = TTY_DRIVER_TYPE_SERIAL;
	td->driver.subtype = SERIAL_TYPE_NORMAL;
	td->driver.init_termios = tty_std_termios;
	td->driver.init_termios.c_cflag = B9600 | CS8 | CREAD | HUPCL | CLOCAL;
	td->driver.init_termios.c_ispeed = 9600;
	td->driver.init_termios.c_ospeed = 9600;
	td->driver.driver_state = drv;
	for (state = drv->state; state < drv->state + drv->nr; state++) {
		init_waitqueue_head(&state->remove_wait);
		spin_lock_init(&state->port.lock);
		init_waitqueue_head(&state->port.delta_msr_wait);
		init_waitqueue_head(&state->port.open_wait);
		mutex_init(&state->port.mutex);
		state->pm_state = UART_PM_STATE_UNDEFINED;
		state->port.buf.tail = &state->port.buf.sentinel;
		INIT_WORK(&state->port.buf.work, tiny_rx_work);
		state->port.closing_wait = 30 * HZ;
	}
	cdev_init(&td->cdev, &tiny_fops);
	td->cdev.owner = drv->owner;
	ret = cdev_add(&td->cdev, dev, drv->nr);
	if (ret) {
		unregister_chrdev_region(dev, drv->nr);
		goto err;
	}
	drv->tty_driver = &td->driver;
	return 0;
err:
	kfree(td);
	kfree(drv->state);
	drv->state = NULL;
	return ret;
}
EXPORT_SYMBOL(uart_register_driver);

void uart_unregister_driver(struct uart_driver *drv)
{
	struct tiny_driver *td = container_of(drv->tty_driver,
					      struct tiny_driver, driver);

	cdev_del(&td->cdev);
	unregister_chrdev_region(MKDEV(drv->major, drv->minor), drv->nr);
	kfree(td);
	kfree(drv->state);
	drv->state = NULL;
	drv->tty_driver = NULL;
}
EXPORT_SYMBOL(uart_unregister_driver);

struct tty_driver *uart_console_device(struct console *co, int *index)
{
	struct uart_driver *drv = co->data;

	*index = co->index;
	return drv->tty_driver;
}
EXPORT_SYMBOL_GPL(uart_console_device);

int uart_add_one_port(struct uart_driver *drv, struct uart_port *port)
{
	struct uart_state *state;
	struct tiny_tty *t;
	int ret = 0;

	if (port->line >= drv->nr)
		return -EINVAL;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	mutex_lock(&tiny_mutex);
	state = drv->state + port->line;
	if (state->uart_port) {
		ret = -EINVAL;
		goto out;
	}
	kref_init(&t->tty.kref);
	t->tty.index = port->line;
	t->tty.driver = drv->tty_driver;
	t->tty.port = &state->port;
	t->tty.termios = drv->tty_driver->init_termios;
	snprintf(t->tty.name, sizeof(t->tty.name), "%s%d", drv->dev_name,
		 port->line);
	mutex_init(&t->tty.atomic_write_lock);
	spin_lock_init(&t->tty.ctrl.lock);
	spin_lock_init(&t->tty.flow.lock);
	init_waitqueue_head(&t->tty.read_wait);
	init_waitqueue_head(&t->tty.write_wait);
	mutex_init(&t->lock);
	spin_lock_init(&t->rx_lock);
	t->state = state;

	state->uart_port = port;
	port->state = state;
	port->cons = drv->cons;
	port->minor = drv->tty_driver->minor_start + port->line;
	port->name = t->tty.name;
	if (!uart_console_registered(port))
		spin_lock_init(&port->lock);
	state->port.client_data = t;

	if (port->iobase || port->mapbase || port->membase) {
		if (port->flags & UPF_BOOT_AUTOCONF) {
			if (!(port->flags & UPF_FIXED_TYPE))
				port->type = PORT_UNKNOWN;
			port->ops->config_port(port, UART_CONFIG_TYPE |
				(port->flags & UPF_AUTO_IRQ ? UART_CONFIG_IRQ : 0));
		}
		if (port->type != PORT_UNKNOWN) {
			pr_info("%s at %s 0x%llx (irq = %u) is a %s\n",
				t->tty.name,
				port->iotype == UPIO_PORT ? "I/O" : "MMIO",
				port->iotype == UPIO_PORT ?
				(unsigned long long)port->iobase :
				(unsigned long long)port->mapbase,
				port->irq, port->ops->type(port));
			tiny_pm(state, UART_PM_STATE_ON);
			port->mctrl &= TIOCM_DTR;
			port->ops->set_mctrl(port, port->mctrl);
			if (port->cons && !console_is_registered(port->cons))
				register_console(port->cons);
			if (!uart_console(port))
				tiny_pm(state, UART_PM_STATE_OFF);
		}
	}
	t->tty.dev = device_create(&tty_class, port->dev,
				   MKDEV(drv->major, port->minor), port,
				   "%s", t->tty.name);
	if (IS_ERR(t->tty.dev))
		t->tty.dev = NULL;
	t = NULL;
out:
	mutex_unlock(&tiny_mutex);
	kfree(t);
	return ret;
}
EXPORT_SYMBOL(uart_add_one_port);

void uart_remove_one_port(struct uart_driver *drv, struct uart_port *port)
{
	struct uart_state *state = drv->state + port->line;
	struct tiny_tty *t;

	mutex_lock(&tiny_mutex);
	t = state->port.client_data;
	if (!t || state->uart_port != port) {
		mutex_unlock(&tiny_mutex);
		return;
	}
	mutex_lock(&t->lock);
	if (t->count)
		tiny_shutdown(t);
	t->dead = true;
	mutex_unlock(&t->lock);
	wake_up_interruptible_all(&t->tty.read_wait);
	wake_up_interruptible_all(&t->tty.write_wait);
	tiny_end_session(&t->tty, true);
	if (uart_console(port))
		unregister_console(port->cons);
	device_destroy(&tty_class, MKDEV(drv->major, port->minor));
	if (port->type != PORT_UNKNOWN && port->ops->release_port)
		port->ops->release_port(port);
	port->type = PORT_UNKNOWN;
	port->flags |= UPF_DEAD;
	port->name = NULL;
	state->port.client_data = NULL;
	cancel_work_sync(&state->port.buf.work);
	state->uart_port = NULL;
	mutex_unlock(&tiny_mutex);
	tty_kref_put(&t->tty);
}
EXPORT_SYMBOL(uart_remove_one_port);

bool uart_match_port(const struct uart_port *a, const struct uart_port *b)
{
	if (a->iotype != b->iotype)
		return false;
	switch (a->iotype) {
	case UPIO_PORT:
		return a->iobase == b->iobase;
	case UPIO_HUB6:
		return a->iobase == b->iobase && a->hub6 == b->hub6;
	default:
		return a->mapbase == b->mapbase;
	}
}
EXPORT_SYMBOL(uart_match_port);

int uart_suspend_port(struct uart_driver *drv, struct uart_port *port)
{
	struct uart_state *state = drv->state + port->line;

	if (tty_port_initialized(&state->port)) {
		uart_port_lock_irq(port);
		port->ops->stop_tx(port);
		port->ops->set_mctrl(port, 0);
		port->ops->stop_rx(port);
		uart_port_unlock_irq(port);
		port->ops->shutdown(port);
	}
	if (uart_console(port))
		console_stop(port->cons);
	tiny_pm(state, UART_PM_STATE_OFF);
	return 0;
}
EXPORT_SYMBOL(uart_suspend_port);

int uart_resume_port(struct uart_driver *drv, struct uart_port *port)
{
	struct uart_state *state = drv->state + port->line;
	struct tiny_tty *t = state->port.client_data;
	int ret = 0;

	tiny_pm(state, UART_PM_STATE_ON);
	if (uart_console(port))
		console_start(port->cons);
	if (t && tty_port_initialized(&state->port)) {
		ret = port->ops->startup(port);
		if (!ret) {
			port->ops->set_termios(port, &t->tty.termios, NULL);
			tiny_mctrl(port, 0, 0);
			tiny_kick(t);
		}
	}
	return ret;
}
EXPORT_SYMBOL(uart_resume_port);

void uart_write_wakeup(struct uart_port *port)
{
	struct tiny_tty *t = port->state->port.client_data;

	if (t)
		wake_up_interruptible_poll(&t->tty.write_wait, EPOLLOUT);
}
EXPORT_SYMBOL(uart_write_wakeup);

void uart_insert_char(struct uart_port *port, unsigned int status,
		      unsigned int overrun, u8 ch, u8 flag)
{
	struct tty_port *tport = &port->state->port;

	if (!(status & port->ignore_status_mask & ~overrun) &&
	    !tty_insert_flip_char(tport, ch, flag))
		port->icount.buf_overrun++;
	if ((status & ~port->ignore_status_mask & overrun) &&
	    !tty_insert_flip_char(tport, 0, TTY_OVERRUN))
		port->icount.buf_overrun++;
}
EXPORT_SYMBOL_GPL(uart_insert_char);

void uart_handle_dcd_change(struct uart_port *port, bool active)
{
	lockdep_assert_held_once(&port->lock);
	port->icount.dcd++;
	wake_up_interruptible(&port->state->port.delta_msr_wait);
}
EXPORT_SYMBOL_GPL(uart_handle_dcd_change);

void uart_handle_cts_change(struct uart_port *port, bool active)
{
	lockdep_assert_held_once(&port->lock);
	port->icount.cts++;
	if (uart_softcts_mode(port)) {
		if (port->hw_stopped && active) {
			port->hw_stopped = false;
			tiny_start_tx(port);
			uart_write_wakeup(port);
		} else if (!port->hw_stopped && !active) {
			port->hw_stopped = true;
			port->ops->stop_tx(port);
		}
	}
	wake_up_interruptible(&port->state->port.delta_msr_wait);
}
EXPORT_SYMBOL_GPL(uart_handle_cts_change);

#ifdef CONFIG_MAGIC_SYSRQ_SERIAL
bool uart_try_toggle_sysrq(struct uart_port *port, u8 ch)
{
	/* no CONFIG_MAGIC_SYSRQ_SERIAL_SEQUENCE: break + key still works */
	return false;
}
EXPORT_SYMBOL_GPL(uart_try_toggle_sysrq);
#endif

void uart_xchar_out(struct uart_port *port, int offset)
{
	serial_port_out(port, offset, port->x_char);
	port->icount.tx++;
	port->x_char = 0;
}
EXPORT_SYMBOL_GPL(uart_xchar_out);

/* ---- baud rates and frame sizes -------------------------------------- */

unsigned char tty_get_char_size(unsigned int cflag)
{
	/* CS5 is 0, CS6, CS7 and CS8 its multiples on every architecture */
	return 5 + (cflag & CSIZE) / CS6;
}
EXPORT_SYMBOL_GPL(tty_get_char_size);

unsigned char tty_get_frame_size(unsigned int cflag)
{
	return 1 + tty_get_char_size(cflag) + !!(cflag & PARENB) +
	       !!(cflag & CSTOPB);
}
EXPORT_SYMBOL_GPL(tty_get_frame_size);

unsigned int uart_get_baud_rate(struct uart_port *port, struct ktermios *termios,
				const struct ktermios *old, unsigned int min,
				unsigned int max)
{
	unsigned int baud, try;
	upf_t spd = port->flags & UPF_SPD_MASK;
	bool hangup = false;

	for (try = 0; try < 2; try++) {
		baud = tty_termios_baud_rate(termios);
		/* the setserial spd_* flags turn 38400 into another rate */
		if (!try && baud == 38400 && spd) {
			baud = spd == UPF_SPD_HI ? 57600 :
			       spd == UPF_SPD_VHI ? 115200 :
			       spd == UPF_SPD_SHI ? 230400 :
			       spd == UPF_SPD_WARP ? 460800 :
			       port->uartclk / (16 * max(1U, port->custom_divisor));
		}
		if (!baud) {		/* B0: hang up, keep a sane rate */
			hangup = true;
			baud = 9600;
		}
		if (baud >= min && baud <= max)
			return baud;
		/* out of range: the old rate, else the nearest one we can do */
		termios->c_cflag &= ~CBAUD;
		if (old) {
			baud = tty_termios_baud_rate(old);
			if (!hangup)
				tty_termios_encode_baud_rate(termios, baud, baud);
			old = NULL;
			continue;
		}
		if (!hangup) {
			baud = baud <= min ? min + 1 : max - 1;
			tty_termios_encode_baud_rate(termios, baud, baud);
		}
	}
	return 0;
}
EXPORT_SYMBOL(uart_get_baud_rate);

unsigned int uart_get_divisor(struct uart_port *port, unsigned int baud)
{
	if (baud == 38400 && (port->flags & UPF_SPD_MASK) == UPF_SPD_CUST)
		return port->custom_divisor;
	return DIV_ROUND_CLOSEST(port->uartclk, 16 * baud);
}
EXPORT_SYMBOL(uart_get_divisor);

void uart_update_timeout(struct uart_port *port, unsigned int cflag,
			 unsigned int baud)
{
	u64 bits = (u64)tty_get_frame_size(cflag) * NSEC_PER_SEC;

	port->frame_time = DIV64_U64_ROUND_UP(bits, baud);
}
EXPORT_SYMBOL(uart_update_timeout);

/* ---- consoles ------------------------------------------------------- */

void uart_console_write(struct uart_port *port, const char *s,
			unsigned int count,
			void (*putchar)(struct uart_port *, unsigned char))
{
	while (count--) {
		if (*s == '\n')
			putchar(port, '\r');
		putchar(port, *s++);
	}
}
EXPORT_SYMBOL_GPL(uart_console_write);

struct uart_port * __init uart_get_console(struct uart_port *ports, int nr,
					   struct console *co)
{
	int i = co->index;

	if (i < 0 || i >= nr || (!ports[i].iobase && !ports[i].membase)) {
		for (i = 0; i < nr; i++)
			if (ports[i].iobase || ports[i].membase)
				break;
		co->index = i;
	}
	return ports + i;
}

void uart_parse_options(const char *options, int *baud, int *parity,
			int *bits, int *flow)
{
	const char *s = options;

	for (*baud = 0; isdigit(*s); s++)
		*baud = *baud * 10 + *s - '0';
	if (*s)
		*parity = *s++;
	if (*s)
		*bits = *s++ - '0';
	if (*s)
		*flow = *s;
}
EXPORT_SYMBOL_GPL(uart_parse_options);

int uart_set_options(struct uart_port *port, struct console *co, int baud,
		     int parity, int bits, int flow)
{
	struct ktermios termios = { };
	static struct ktermios dummy;

	if (!uart_console_registered_locked(port))
		spin_lock_init(&port->lock);
	termios.c_cflag |= CREAD | HUPCL | CLOCAL;
	tty_termios_encode_baud_rate(&termios, baud, baud);
	termios.c_cflag |= bits == 7 ? CS7 : CS8;
	if (parity == 'o' || parity == 'O')
		termios.c_cflag |= PARODD;
	if (parity == 'o' || parity == 'O' || parity == 'e' || parity == 'E')
		termios.c_cflag |= PARENB;
	if (flow == 'r')
		termios.c_cflag |= CRTSCTS;
	port->mctrl |= TIOCM_DTR;
	port->ops->set_termios(port, &termios, &dummy);
	if (co) {
		co->cflag = termios.c_cflag;
		co->ispeed = termios.c_ispeed;
		co->ospeed = termios.c_ospeed;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(uart_set_options);

#ifdef CONFIG_SERIAL_EARLYCON
int uart_parse_earlycon(char *p, unsigned char *iotype, resource_size_t *addr,
			char **options)
{
	static const struct {
		const char *name;
		unsigned char iotype;
	} types[] = {
		{ "mmio,", UPIO_MEM }, { "mmio16,", UPIO_MEM16 },
		{ "mmio32,", UPIO_MEM32 }, { "mmio32be,", UPIO_MEM32BE },
		{ "io,", UPIO_PORT },
	};
	unsigned int i;
	u64 val;

	for (i = 0; i < ARRAY_SIZE(types); i++) {
		if (strncmp(p, types[i].name, strlen(types[i].name)))
			continue;
		*iotype = types[i].iotype;
		p += strlen(types[i].name);
		break;
	}
	if (i == ARRAY_SIZE(types)) {
		if (strncmp(p, "0x", 2))
			return -EINVAL;
		*iotype = UPIO_MEM;	/* a bare address is MMIO */
	}
	if (kstrtou64(strsep(&p, ","), 0, &val))
		return -EINVAL;
	*addr = val;
	*options = p;
	return 0;
}
EXPORT_SYMBOL_GPL(uart_parse_earlycon);
#endif

int uart_get_rs485_mode(struct uart_port *port)
{
	/* RS485 is not offered: the port keeps plain RS232 signalling */
	memset(&port->rs485, 0, sizeof(port->rs485));
	return 0;
}
EXPORT_SYMBOL_GPL(uart_get_rs485_mode);
