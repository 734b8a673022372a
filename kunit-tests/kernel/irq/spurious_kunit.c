// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the accounting of unhandled interrupts: the handlers
 * of a line run and the line stays enabled whatever they return; with
 * SPURIOUS_IRQ_DETECTOR the descriptor counts the interrupts that no
 * handler took (irqs_unhandled) and those seen since the first one
 * (irq_count), without it nothing is counted.
 *
 * No case comes near the 100,000 interrupts after which the detector
 * disables a stuck line: its report dumps the stack.
 */

#include <kunit/test.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>

#define SPURIOUS_TEST_FIRES	16

struct spurious_test_dev {
	irqreturn_t ret;
	unsigned int calls;
};

struct spurious_test_line {
	unsigned int irq;
	struct irq_desc *desc;
#ifndef CONFIG_SPARSE_IRQ
	struct irq_chip *chip;
	irq_flow_handler_t handler;
#endif
};

static irqreturn_t spurious_test_handler(int irq, void *dev_id)
{
	struct spurious_test_dev *dev = dev_id;

	dev->calls++;
	return dev->ret;
}

/*
 * A line of its own with a chip that does nothing. Without SPARSE_IRQ
 * every descriptor exists from boot and an architecture may use its
 * numbers without allocating them (UML does): take the highest line
 * nobody requested, and give it back its chip and flow handler after
 * (if it had any).
 */
static void spurious_test_get_line(struct kunit *test,
				   struct spurious_test_line *line)
{
	int irq;

#ifdef CONFIG_SPARSE_IRQ
	irq = irq_alloc_desc(NUMA_NO_NODE);
#else
	for (irq = NR_IRQS - 1; irq > 0; irq--)
		if (!irq_has_action(irq) &&
		    irq_alloc_desc_at(irq, NUMA_NO_NODE) == irq)
			break;
	if (!irq)
		irq = -ENOSPC;
#endif
	KUNIT_ASSERT_GT(test, irq, 0);
	line->irq = irq;
	line->desc = irq_to_desc(irq);
#ifndef CONFIG_SPARSE_IRQ
	line->chip = irq_get_chip(irq);
	line->handler = line->desc->handle_irq;
#endif
	irq_set_chip_and_handler(irq, &dummy_irq_chip, handle_simple_irq);
	irq_modify_status(irq, IRQ_NOREQUEST | IRQ_NOAUTOEN, IRQ_NOPROBE);
}

static void spurious_test_put_line(struct spurious_test_line *line)
{
	irq_free_desc(line->irq);
#ifndef CONFIG_SPARSE_IRQ
	/* irq_free_desc() left no chip and handle_bad_irq() */
	if (line->handler != handle_bad_irq)
		irq_set_chip_and_handler(line->irq, line->chip, line->handler);
#endif
}

static void spurious_test_fire(struct spurious_test_line *line,
			       unsigned int times)
{
	unsigned long flags;

	while (times--) {
		local_irq_save(flags);
		generic_handle_irq(line->irq);
		local_irq_restore(flags);
	}
}

static bool spurious_test_enabled(struct spurious_test_line *line)
{
	return !irqd_irq_disabled(irq_get_irq_data(line->irq));
}

/*
 * After @fires interrupts on a line whose first interrupt no handler
 * took, check what the descriptor counted: with the detector every
 * interrupt since then (irq_count), and from one to @unhandled of the
 * unhandled ones (the count starts again after HZ/10 without one);
 * without it nothing.
 */
static void spurious_test_expect_counted(struct kunit *test,
					 struct spurious_test_line *line,
					 unsigned int fires,
					 unsigned int unhandled)
{
	if (IS_ENABLED(CONFIG_SPURIOUS_IRQ_DETECTOR)) {
		KUNIT_EXPECT_EQ(test, line->desc->irq_count, fires);
		KUNIT_EXPECT_GE(test, line->desc->irqs_unhandled, 1);
		KUNIT_EXPECT_LE(test, line->desc->irqs_unhandled, unhandled);
	} else {
		KUNIT_EXPECT_EQ(test, line->desc->irq_count, 0);
		KUNIT_EXPECT_EQ(test, line->desc->irqs_unhandled, 0);
	}
}

static void spurious_test_expect_not_counted(struct kunit *test,
					     struct spurious_test_line *line)
{
	KUNIT_EXPECT_EQ(test, line->desc->irq_count, 0);
	KUNIT_EXPECT_EQ(test, line->desc->irqs_unhandled, 0);
}

/* A handler that takes its interrupts: it runs, nothing is counted. */
static void irq_spurious_handled(struct kunit *test)
{
	struct spurious_test_dev dev = { .ret = IRQ_HANDLED };
	struct spurious_test_line line;

	spurious_test_get_line(test, &line);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler, 0,
					  "spurious-test", &dev), 0);
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES);

	KUNIT_EXPECT_EQ(test, dev.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_TRUE(test, spurious_test_enabled(&line));
	spurious_test_expect_not_counted(test, &line);

	free_irq(line.irq, &dev);
	spurious_test_put_line(&line);
}

/* A handler that takes none: it still runs every time, the line stays on. */
static void irq_spurious_unhandled(struct kunit *test)
{
	struct spurious_test_dev dev = { .ret = IRQ_NONE };
	struct spurious_test_line line;

	spurious_test_get_line(test, &line);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler, 0,
					  "spurious-test", &dev), 0);
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES);

	KUNIT_EXPECT_EQ(test, dev.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_TRUE(test, spurious_test_enabled(&line));
	spurious_test_expect_counted(test, &line, SPURIOUS_TEST_FIRES,
				     SPURIOUS_TEST_FIRES);

	free_irq(line.irq, &dev);
	spurious_test_put_line(&line);
}

/*
 * Unhandled, then handled: with the detector the handled interrupts
 * are counted in irq_count too, the unhandled ones are not more.
 */
static void irq_spurious_unhandled_then_handled(struct kunit *test)
{
	struct spurious_test_dev dev = { .ret = IRQ_NONE };
	struct spurious_test_line line;

	spurious_test_get_line(test, &line);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler, 0,
					  "spurious-test", &dev), 0);
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES / 2);
	dev.ret = IRQ_HANDLED;
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES / 2);

	KUNIT_EXPECT_EQ(test, dev.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_TRUE(test, spurious_test_enabled(&line));
	spurious_test_expect_counted(test, &line, SPURIOUS_TEST_FIRES,
				     SPURIOUS_TEST_FIRES / 2);

	free_irq(line.irq, &dev);
	spurious_test_put_line(&line);
}

/* A shared line: both handlers run; one taking the interrupt is enough. */
static void irq_spurious_shared_one_handles(struct kunit *test)
{
	struct spurious_test_dev quiet = { .ret = IRQ_NONE };
	struct spurious_test_dev busy = { .ret = IRQ_HANDLED };
	struct spurious_test_line line;

	spurious_test_get_line(test, &line);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler,
					  IRQF_SHARED, "spurious-test", &quiet),
			0);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler,
					  IRQF_SHARED, "spurious-test", &busy),
			0);
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES);

	KUNIT_EXPECT_EQ(test, quiet.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_EQ(test, busy.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_TRUE(test, spurious_test_enabled(&line));
	spurious_test_expect_not_counted(test, &line);

	free_irq(line.irq, &busy);
	free_irq(line.irq, &quiet);
	spurious_test_put_line(&line);
}

/* A shared line nobody takes: both handlers run, the line stays on. */
static void irq_spurious_shared_none_handles(struct kunit *test)
{
	struct spurious_test_dev a = { .ret = IRQ_NONE };
	struct spurious_test_dev b = { .ret = IRQ_NONE };
	struct spurious_test_line line;

	spurious_test_get_line(test, &line);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler,
					  IRQF_SHARED, "spurious-test", &a), 0);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler,
					  IRQF_SHARED, "spurious-test", &b), 0);
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES);

	KUNIT_EXPECT_EQ(test, a.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_EQ(test, b.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_TRUE(test, spurious_test_enabled(&line));
	spurious_test_expect_counted(test, &line, SPURIOUS_TEST_FIRES,
				     SPURIOUS_TEST_FIRES);

	free_irq(line.irq, &b);
	free_irq(line.irq, &a);
	spurious_test_put_line(&line);
}

/* A line marked IRQ_IS_POLLED is never counted, detector or not. */
static void irq_spurious_polled_line(struct kunit *test)
{
	struct spurious_test_dev dev = { .ret = IRQ_NONE };
	struct spurious_test_line line;

	spurious_test_get_line(test, &line);
	irq_set_status_flags(line.irq, IRQ_IS_POLLED);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler, 0,
					  "spurious-test", &dev), 0);
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES);

	KUNIT_EXPECT_EQ(test, dev.calls, SPURIOUS_TEST_FIRES);
	KUNIT_EXPECT_TRUE(test, spurious_test_enabled(&line));
	spurious_test_expect_not_counted(test, &line);

	free_irq(line.irq, &dev);
	irq_clear_status_flags(line.irq, IRQ_IS_POLLED);
	spurious_test_put_line(&line);
}

/* Requesting the line again starts the counts from zero. */
static void irq_spurious_request_resets(struct kunit *test)
{
	struct spurious_test_dev dev = { .ret = IRQ_NONE };
	struct spurious_test_line line;

	spurious_test_get_line(test, &line);
	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler, 0,
					  "spurious-test", &dev), 0);
	spurious_test_fire(&line, SPURIOUS_TEST_FIRES);
	free_irq(line.irq, &dev);

	KUNIT_ASSERT_EQ(test, request_irq(line.irq, spurious_test_handler, 0,
					  "spurious-test", &dev), 0);
	spurious_test_expect_not_counted(test, &line);
	spurious_test_fire(&line, 1);
	KUNIT_EXPECT_EQ(test, dev.calls, SPURIOUS_TEST_FIRES + 1);
	spurious_test_expect_counted(test, &line, 1, 1);

	free_irq(line.irq, &dev);
	spurious_test_put_line(&line);
}

static struct kunit_case irq_spurious_cases[] = {
	KUNIT_CASE(irq_spurious_handled),
	KUNIT_CASE(irq_spurious_unhandled),
	KUNIT_CASE(irq_spurious_unhandled_then_handled),
	KUNIT_CASE(irq_spurious_shared_one_handles),
	KUNIT_CASE(irq_spurious_shared_none_handles),
	KUNIT_CASE(irq_spurious_polled_line),
	KUNIT_CASE(irq_spurious_request_resets),
	{}
};

static struct kunit_suite irq_spurious_suite = {
	.name = "irq_spurious",
	.test_cases = irq_spurious_cases,
};

kunit_test_suite(irq_spurious_suite);

MODULE_DESCRIPTION("KUnit tests for the accounting of unhandled interrupts");
MODULE_LICENSE("GPL");
