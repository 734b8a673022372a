// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the workqueue API, as its users see it.
 *
 * The cases queue work items on the system workqueues and on workqueues
 * of their own, with every kind of flag a caller may pass (per-cpu,
 * WQ_UNBOUND, WQ_HIGHPRI, WQ_MEM_RECLAIM, ordered), and check that
 *
 *  - queued work runs once, flush_work() waits for it, a pending item
 *    is not queued twice and a cancelled one never runs;
 *  - delayed work runs after its delay, mod_delayed_work() and
 *    flush_delayed_work() bring it forward;
 *  - an ordered workqueue runs its items one at a time, in order;
 *  - an item that sleeps until a later item of the same workqueue has
 *    run does not stall that workqueue (a second worker takes over);
 *  - an item may flush work of another workqueue, drain_workqueue()
 *    waits for work that queues more work, cancel_work_sync() waits for
 *    a running item, destroy_workqueue() for the pending ones;
 *  - BH work runs in softirq context.
 *
 * The same cases pass with CONFIG_WQ_SINGLE_POOL, which serves every
 * workqueue of a uniprocessor kernel from the CPU's normal worker pool.
 * Only where the work runs differs, and wq_pool_test checks each way:
 * without the option WQ_UNBOUND work runs in an unbound worker
 * ("kworker/uN:M") and WQ_HIGHPRI work at nice -20, with it both run in
 * the normal per-cpu pool ("kworker/0:M") at nice 0.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/workqueue.h>

/* Long enough for any TCG guest, short enough to end a broken run. */
#define WQ_TEST_TIMEOUT		(10 * HZ)
#define WQ_TEST_ITEMS		8

struct wq_test_item {
	struct work_struct work;
	struct delayed_work dwork;
	struct completion started;
	struct completion release;
	struct completion done;
	atomic_t runs;
	/* set by the item: what it saw */
	bool waited;
	bool in_softirq;
	int nice;
	char comm[TASK_COMM_LEN];
	/* for the cases with a second item, workqueue or a shared log */
	struct workqueue_struct *wq;
	struct wq_test_item *other;
	int *log;
	atomic_t *next;
	atomic_t *active;
	atomic_t *max_active;
	int index;
	int chain;
};

static struct wq_test_item *wq_test_item_alloc(struct kunit *test)
{
	struct wq_test_item *item;

	item = kunit_kzalloc(test, sizeof(*item), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, item);
	init_completion(&item->started);
	init_completion(&item->release);
	init_completion(&item->done);
	return item;
}

static void wq_test_record(struct wq_test_item *item)
{
	atomic_inc(&item->runs);
	item->in_softirq = in_serving_softirq();
	/* the task a BH item interrupted is not its worker */
	if (item->in_softirq)
		return;
	item->nice = task_nice(current);
	get_task_comm(item->comm, current);
}

static void wq_test_count_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(work, struct wq_test_item, work);

	wq_test_record(item);
	complete(&item->done);
}

static void wq_test_dcount_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(to_delayed_work(work),
						 struct wq_test_item, dwork);

	wq_test_record(item);
	complete(&item->done);
}

static struct workqueue_struct *wq_test_alloc_wq(struct kunit *test,
						 unsigned int flags,
						 int max_active)
{
	struct workqueue_struct *wq;

	wq = alloc_workqueue("axe_kunit_%x", flags, max_active, flags);
	KUNIT_ASSERT_NOT_NULL(test, wq);
	return wq;
}

/* Queue, flush, run once; flushing idle work returns at once. */
static void wq_queue_flush_test(struct kunit *test)
{
	struct wq_test_item *item = wq_test_item_alloc(test);

	INIT_WORK(&item->work, wq_test_count_fn);
	KUNIT_EXPECT_TRUE(test, queue_work(system_wq, &item->work));
	flush_work(&item->work);
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 1);
	KUNIT_EXPECT_FALSE(test, work_pending(&item->work));
	KUNIT_EXPECT_FALSE(test, flush_work(&item->work));
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 1);
}

/* A pending item is not queued again; cancelled, it never runs. */
static void wq_pending_cancel_test(struct kunit *test)
{
	struct wq_test_item *item = wq_test_item_alloc(test);

	INIT_DELAYED_WORK(&item->dwork, wq_test_dcount_fn);
	KUNIT_EXPECT_TRUE(test, queue_delayed_work(system_wq, &item->dwork,
						   WQ_TEST_TIMEOUT));
	KUNIT_EXPECT_FALSE(test, queue_delayed_work(system_wq, &item->dwork,
						    WQ_TEST_TIMEOUT));
	KUNIT_EXPECT_TRUE(test, delayed_work_pending(&item->dwork));
	KUNIT_EXPECT_TRUE(test, cancel_delayed_work_sync(&item->dwork));
	KUNIT_EXPECT_FALSE(test, delayed_work_pending(&item->dwork));
	KUNIT_EXPECT_FALSE(test, cancel_delayed_work_sync(&item->dwork));
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 0);
}

/* Delayed work runs; mod_delayed_work() and flush bring it forward. */
static void wq_delayed_test(struct kunit *test)
{
	struct wq_test_item *item = wq_test_item_alloc(test);

	INIT_DELAYED_WORK(&item->dwork, wq_test_dcount_fn);
	KUNIT_EXPECT_TRUE(test, queue_delayed_work(system_wq, &item->dwork, 1));
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&item->done,
							  WQ_TEST_TIMEOUT), 0);
	flush_delayed_work(&item->dwork);
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 1);

	/* from an hour away to now */
	KUNIT_EXPECT_TRUE(test, queue_delayed_work(system_wq, &item->dwork,
						   3600 * HZ));
	KUNIT_EXPECT_TRUE(test, mod_delayed_work(system_wq, &item->dwork, 0));
	flush_delayed_work(&item->dwork);
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 2);

	/* flush_delayed_work() runs a far-off item at once */
	KUNIT_EXPECT_TRUE(test, queue_delayed_work(system_wq, &item->dwork,
						   3600 * HZ));
	flush_delayed_work(&item->dwork);
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 3);
}

static void wq_test_ordered_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(work, struct wq_test_item, work);
	int active = atomic_inc_return(item->active);
	int max = atomic_read(item->max_active);

	while (active > max && !atomic_try_cmpxchg(item->max_active, &max, active))
		;
	/* sleep, so that a second worker would get the next item */
	usleep_range(1000, 2000);
	item->log[atomic_inc_return(item->next) - 1] = item->index;
	atomic_dec(item->active);
}

/* An ordered workqueue: one item at a time, in the order queued. */
static void wq_ordered_test(struct kunit *test)
{
	struct workqueue_struct *wq;
	struct wq_test_item *items[WQ_TEST_ITEMS];
	int log[WQ_TEST_ITEMS];
	atomic_t next = ATOMIC_INIT(0), active = ATOMIC_INIT(0);
	atomic_t max_active = ATOMIC_INIT(0);
	int i;

	wq = alloc_ordered_workqueue("axe_kunit_ordered", WQ_MEM_RECLAIM);
	KUNIT_ASSERT_NOT_NULL(test, wq);
	for (i = 0; i < WQ_TEST_ITEMS; i++) {
		items[i] = wq_test_item_alloc(test);
		items[i]->index = i;
		items[i]->log = log;
		items[i]->next = &next;
		items[i]->active = &active;
		items[i]->max_active = &max_active;
		INIT_WORK(&items[i]->work, wq_test_ordered_fn);
		KUNIT_EXPECT_TRUE(test, queue_work(wq, &items[i]->work));
	}
	/* destroy_workqueue() drains it first */
	destroy_workqueue(wq);

	KUNIT_ASSERT_EQ(test, atomic_read(&next), WQ_TEST_ITEMS);
	KUNIT_EXPECT_EQ(test, atomic_read(&max_active), 1);
	for (i = 0; i < WQ_TEST_ITEMS; i++)
		KUNIT_EXPECT_EQ(test, log[i], i);
}

struct wq_flags_case {
	const char *name;
	unsigned int flags;
};

static const struct wq_flags_case wq_flags_cases[] = {
	{ "per-cpu", 0 },
	{ "WQ_UNBOUND", WQ_UNBOUND },
	{ "WQ_HIGHPRI", WQ_HIGHPRI },
	{ "WQ_MEM_RECLAIM", WQ_MEM_RECLAIM },
	{ "WQ_UNBOUND|WQ_MEM_RECLAIM", WQ_UNBOUND | WQ_MEM_RECLAIM },
	{ "WQ_HIGHPRI|WQ_MEM_RECLAIM", WQ_HIGHPRI | WQ_MEM_RECLAIM },
	{ "WQ_FREEZABLE|WQ_CPU_INTENSIVE", WQ_FREEZABLE | WQ_CPU_INTENSIVE },
};

static void wq_flags_desc(const struct wq_flags_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(wq_flags, wq_flags_cases, wq_flags_desc);

static void wq_test_wait_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(work, struct wq_test_item, work);

	wq_test_record(item);
	complete(&item->started);
	item->waited = wait_for_completion_timeout(&item->release,
						   WQ_TEST_TIMEOUT) != 0;
	complete(&item->done);
}

static void wq_test_release_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(work, struct wq_test_item, work);

	wq_test_record(item);
	complete(&item->other->release);
	complete(&item->done);
}

/*
 * An item sleeps until the next item of its workqueue has run: the
 * workqueue keeps going while one of its items sleeps.
 */
static void wq_blocking_test(struct kunit *test)
{
	const struct wq_flags_case *c = test->param_value;
	struct wq_test_item *sleeper = wq_test_item_alloc(test);
	struct wq_test_item *waker = wq_test_item_alloc(test);
	struct workqueue_struct *wq = wq_test_alloc_wq(test, c->flags, 2);

	INIT_WORK(&sleeper->work, wq_test_wait_fn);
	INIT_WORK(&waker->work, wq_test_release_fn);
	waker->other = sleeper;
	KUNIT_EXPECT_TRUE(test, queue_work(wq, &sleeper->work));
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&sleeper->started,
							  WQ_TEST_TIMEOUT), 0);
	KUNIT_EXPECT_TRUE(test, queue_work(wq, &waker->work));
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&sleeper->done,
							  2 * WQ_TEST_TIMEOUT), 0);
	KUNIT_EXPECT_TRUE(test, sleeper->waited);
	destroy_workqueue(wq);
	KUNIT_EXPECT_EQ(test, atomic_read(&sleeper->runs), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&waker->runs), 1);
}

static void wq_test_flush_other_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(work, struct wq_test_item, work);

	/* waited: queued, and run by the time flush_work() returned */
	item->waited = queue_work(item->wq, &item->other->work);
	flush_work(&item->other->work);
	item->waited = item->waited && atomic_read(&item->other->runs) == 1;
	wq_test_record(item);
}

/* An item of one workqueue queues and flushes work on another one. */
static void wq_flush_other_test(struct kunit *test)
{
	const struct wq_flags_case *c = test->param_value;
	struct workqueue_struct *wq1 = wq_test_alloc_wq(test, c->flags, 0);
	struct workqueue_struct *wq2 = wq_test_alloc_wq(test, c->flags, 1);
	struct wq_test_item *outer = wq_test_item_alloc(test);
	struct wq_test_item *inner = wq_test_item_alloc(test);

	INIT_WORK(&outer->work, wq_test_flush_other_fn);
	INIT_WORK(&inner->work, wq_test_count_fn);
	outer->wq = wq2;
	outer->other = inner;
	KUNIT_EXPECT_TRUE(test, queue_work(wq1, &outer->work));
	flush_work(&outer->work);
	KUNIT_EXPECT_EQ(test, atomic_read(&outer->runs), 1);
	KUNIT_EXPECT_TRUE(test, outer->waited);
	destroy_workqueue(wq1);
	destroy_workqueue(wq2);
}

static void wq_test_chain_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(work, struct wq_test_item, work);

	wq_test_record(item);
	if (--item->chain > 0)
		queue_work(item->wq, &item->work);
}

/* drain_workqueue() waits for work that the workqueue's work queues. */
static void wq_drain_test(struct kunit *test)
{
	const struct wq_flags_case *c = test->param_value;
	struct workqueue_struct *wq = wq_test_alloc_wq(test, c->flags, 0);
	struct wq_test_item *item = wq_test_item_alloc(test);

	INIT_WORK(&item->work, wq_test_chain_fn);
	item->wq = wq;
	item->chain = 20;
	KUNIT_EXPECT_TRUE(test, queue_work(wq, &item->work));
	drain_workqueue(wq);
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 20);
	KUNIT_EXPECT_EQ(test, item->chain, 0);
	destroy_workqueue(wq);
}

static void wq_test_slow_fn(struct work_struct *work)
{
	struct wq_test_item *item = container_of(work, struct wq_test_item, work);

	complete(&item->started);
	msleep(50);
	wq_test_record(item);
}

/* cancel_work_sync() of a running item returns once it has finished. */
static void wq_cancel_running_test(struct kunit *test)
{
	const struct wq_flags_case *c = test->param_value;
	struct workqueue_struct *wq = wq_test_alloc_wq(test, c->flags, 0);
	struct wq_test_item *item = wq_test_item_alloc(test);

	INIT_WORK(&item->work, wq_test_slow_fn);
	KUNIT_EXPECT_TRUE(test, queue_work(wq, &item->work));
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&item->started,
							  WQ_TEST_TIMEOUT), 0);
	/* running, no longer pending: nothing to cancel, but wait */
	KUNIT_EXPECT_FALSE(test, cancel_work_sync(&item->work));
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 1);
	destroy_workqueue(wq);
}

/* destroy_workqueue() runs what is still queued. */
static void wq_destroy_test(struct kunit *test)
{
	const struct wq_flags_case *c = test->param_value;
	struct workqueue_struct *wq = wq_test_alloc_wq(test, c->flags, 0);
	struct wq_test_item *items[WQ_TEST_ITEMS];
	int i;

	for (i = 0; i < WQ_TEST_ITEMS; i++) {
		items[i] = wq_test_item_alloc(test);
		INIT_WORK(&items[i]->work, wq_test_count_fn);
		KUNIT_EXPECT_TRUE(test, queue_work(wq, &items[i]->work));
	}
	destroy_workqueue(wq);
	for (i = 0; i < WQ_TEST_ITEMS; i++)
		KUNIT_EXPECT_EQ(test, atomic_read(&items[i]->runs), 1);
}

/* BH workqueues run their work in softirq context. */
static void wq_bh_test(struct kunit *test)
{
	struct wq_test_item *item = wq_test_item_alloc(test);

	INIT_WORK(&item->work, wq_test_count_fn);
	KUNIT_EXPECT_TRUE(test, queue_work(system_bh_wq, &item->work));
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&item->done,
							  WQ_TEST_TIMEOUT), 0);
	flush_work(&item->work);
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 1);
	KUNIT_EXPECT_TRUE(test, item->in_softirq);
}

static void wq_test_run_on(struct kunit *test, struct workqueue_struct *wq,
			   struct wq_test_item *item)
{
	INIT_WORK(&item->work, wq_test_count_fn);
	KUNIT_EXPECT_TRUE(test, queue_work(wq, &item->work));
	flush_work(&item->work);
	KUNIT_EXPECT_EQ(test, atomic_read(&item->runs), 1);
	KUNIT_EXPECT_FALSE(test, item->in_softirq);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(item->comm, "kworker/"));
}

/*
 * Which worker runs the work: the one place where CONFIG_WQ_SINGLE_POOL
 * differs. Without it, unbound work runs in an unbound worker and
 * high-priority work at nice -20; with it, all of it runs in the CPU's
 * normal pool at nice 0.
 */
static void wq_pool_test(struct kunit *test)
{
	struct wq_test_item *normal = wq_test_item_alloc(test);
	struct wq_test_item *unbound = wq_test_item_alloc(test);
	struct wq_test_item *highpri = wq_test_item_alloc(test);
	struct wq_test_item *long_item = wq_test_item_alloc(test);

	wq_test_run_on(test, system_wq, normal);
	wq_test_run_on(test, system_unbound_wq, unbound);
	wq_test_run_on(test, system_highpri_wq, highpri);
	wq_test_run_on(test, system_long_wq, long_item);

	KUNIT_EXPECT_FALSE(test, str_has_prefix(normal->comm, "kworker/u"));
	KUNIT_EXPECT_EQ(test, normal->nice, 0);
	KUNIT_EXPECT_FALSE(test, str_has_prefix(long_item->comm, "kworker/u"));
	KUNIT_EXPECT_EQ(test, long_item->nice, 0);

	if (IS_ENABLED(CONFIG_WQ_SINGLE_POOL)) {
		KUNIT_EXPECT_FALSE(test, str_has_prefix(unbound->comm, "kworker/u"));
		KUNIT_EXPECT_EQ(test, unbound->nice, 0);
		KUNIT_EXPECT_EQ(test, highpri->nice, 0);
	} else {
		KUNIT_EXPECT_TRUE(test, str_has_prefix(unbound->comm, "kworker/u"));
		KUNIT_EXPECT_EQ(test, highpri->nice, MIN_NICE);
	}
}

static struct kunit_case workqueue_api_cases[] = {
	KUNIT_CASE(wq_queue_flush_test),
	KUNIT_CASE(wq_pending_cancel_test),
	KUNIT_CASE(wq_delayed_test),
	KUNIT_CASE(wq_ordered_test),
	KUNIT_CASE_PARAM(wq_blocking_test, wq_flags_gen_params),
	KUNIT_CASE_PARAM(wq_flush_other_test, wq_flags_gen_params),
	KUNIT_CASE_PARAM(wq_drain_test, wq_flags_gen_params),
	KUNIT_CASE_PARAM(wq_cancel_running_test, wq_flags_gen_params),
	KUNIT_CASE_PARAM(wq_destroy_test, wq_flags_gen_params),
	KUNIT_CASE(wq_bh_test),
	KUNIT_CASE(wq_pool_test),
	{}
};

static struct kunit_suite workqueue_api_suite = {
	.name = "workqueue_api",
	.test_cases = workqueue_api_cases,
};

kunit_test_suite(workqueue_api_suite);

MODULE_DESCRIPTION("KUnit tests for the workqueue API");
MODULE_LICENSE("GPL");
