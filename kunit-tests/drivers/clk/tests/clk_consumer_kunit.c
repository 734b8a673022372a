// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the clock consumer API of <linux/clk.h> on fixed device
 * tree clocks, as a driver sees it: of_clk_get(), of_clk_get_by_name(),
 * clk_get() on a device, clk_get_sys(), the rates of "fixed-clock" and
 * "fixed-factor-clock" nodes, enabling, rate requests and parents.
 *
 * An overlay (clk_consumer_kunit.dtso) adds a 50 MHz oscillator, a clock
 * of half its rate and one of three quarters of that half, a consumer of
 * the three and a node without clocks. The same cases run on the common
 * clock framework and on CONFIG_CLK_TINY, which reads these nodes when a
 * clock is asked for. A missing clock gives the errno of
 * of_parse_phandle_with_args() from of_clk_get() and -ENOENT from
 * clk_get(); a fixed clock keeps its rate whatever rate is asked for.
 */

#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>

#define OSC_HZ		50000000UL
#define HALF_HZ		(OSC_HZ / 2)
#define SCALED_HZ	(HALF_HZ * 3 / 4)

struct clk_consumer_ctx {
	struct device_node *consumer;
	struct device_node *no_clocks;
};

KUNIT_DEFINE_ACTION_WRAPPER(clk_consumer_put_clk, clk_put, struct clk *);
KUNIT_DEFINE_ACTION_WRAPPER(clk_consumer_put_pdev, platform_device_put,
			    struct platform_device *);

/* a clock that the test puts when it ends, or an error pointer as is */
static struct clk *kunit_clk(struct kunit *test, struct clk *clk)
{
	if (!IS_ERR_OR_NULL(clk))
		KUNIT_ASSERT_EQ(test, 0,
				kunit_add_action_or_reset(test, clk_consumer_put_clk, clk));
	return clk;
}

static struct device_node *clk_consumer_node(struct kunit *test, const char *path)
{
	struct device_node *np = of_find_node_by_path(path);

	KUNIT_ASSERT_NOT_NULL_MSG(test, np, "%s is not in the tree", path);
	of_node_put_kunit(test, np);
	return np;
}

static int clk_consumer_init(struct kunit *test)
{
	struct clk_consumer_ctx *ctx;

	if (!of_root)
		kunit_skip(test, "no device tree to add the test clocks to");
	KUNIT_ASSERT_EQ(test, 0, of_overlay_apply_kunit(test, clk_consumer_kunit));

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->consumer = clk_consumer_node(test, "/kunit-clk-consumer");
	ctx->no_clocks = clk_consumer_node(test, "/kunit-clk-no-clocks");
	test->priv = ctx;
	return 0;
}

/* of_clk_get() by index and of_clk_get_by_name(): the rate of each clock */
static void clk_consumer_of_get_test(struct kunit *test)
{
	struct clk_consumer_ctx *ctx = test->priv;
	static const unsigned long rates[] = { OSC_HZ, HALF_HZ, SCALED_HZ };
	static const char * const names[] = { "osc", "half", "scaled" };
	struct clk *clk;
	int i;

	for (i = 0; i < ARRAY_SIZE(rates); i++) {
		clk = kunit_clk(test, of_clk_get(ctx->consumer, i));
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
		KUNIT_EXPECT_EQ(test, clk_get_rate(clk), rates[i]);

		clk = kunit_clk(test, of_clk_get_by_name(ctx->consumer, names[i]));
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
		KUNIT_EXPECT_EQ(test, clk_get_rate(clk), rates[i]);
	}
}

/* clk_get() on the consumer's platform device, by name and without one */
static void clk_consumer_dev_get_test(struct kunit *test)
{
	struct clk_consumer_ctx *ctx = test->priv;
	struct platform_device *pdev;
	struct clk *clk;

	pdev = of_find_device_by_node(ctx->consumer);
	KUNIT_ASSERT_NOT_NULL_MSG(test, pdev, "no platform device for the consumer");
	KUNIT_ASSERT_EQ(test, 0,
			kunit_add_action_or_reset(test, clk_consumer_put_pdev, pdev));

	clk = kunit_clk(test, clk_get(&pdev->dev, "scaled"));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
	KUNIT_EXPECT_EQ(test, clk_get_rate(clk), SCALED_HZ);

	/* no name: the first clock */
	clk = kunit_clk(test, clk_get(&pdev->dev, NULL));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
	KUNIT_EXPECT_EQ(test, clk_get_rate(clk), OSC_HZ);

	/* a name that is not in clock-names, nor in a clkdev lookup */
	clk = kunit_clk(test, clk_get(&pdev->dev, "kunit-no-such-clock"));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(clk), -ENOENT);
}

/* what a consumer gets for clocks that are not there */
static void clk_consumer_missing_test(struct kunit *test)
{
	struct clk_consumer_ctx *ctx = test->priv;
	struct clk *clk;

	/* past the last entry of "clocks" */
	clk = kunit_clk(test, of_clk_get(ctx->consumer, 3));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(clk), -ENOENT);

	/* a node without "clocks" */
	clk = kunit_clk(test, of_clk_get(ctx->no_clocks, 0));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(clk), -ENOENT);

	/* a name that "clock-names" does not hold */
	clk = kunit_clk(test, of_clk_get_by_name(ctx->consumer, "kunit-no-such-clock"));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(clk), -EINVAL);

	/* a negative index */
	clk = kunit_clk(test, of_clk_get(ctx->consumer, -1));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(clk), -EINVAL);

	/* no device and no clkdev lookup of that name */
	clk = kunit_clk(test, clk_get_sys("kunit-no-such-device", "kunit-no-such-clock"));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(clk), -ENOENT);
}

/* a NULL clock is a valid dummy clock: every call succeeds and does nothing */
static void clk_consumer_null_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, clk_get_rate(NULL), 0UL);
	KUNIT_EXPECT_EQ(test, clk_prepare_enable(NULL), 0);
	clk_disable_unprepare(NULL);
	KUNIT_EXPECT_EQ(test, clk_enable(NULL), 0);
	clk_disable(NULL);
	KUNIT_EXPECT_EQ(test, clk_set_rate(NULL, HALF_HZ), 0);
	KUNIT_EXPECT_EQ(test, clk_round_rate(NULL, HALF_HZ), 0L);
	KUNIT_EXPECT_NULL(test, clk_get_parent(NULL));
	clk_put(NULL);
}

/* enabling nests; a fixed clock keeps its rate whatever is asked for */
static void clk_consumer_fixed_rate_test(struct kunit *test)
{
	struct clk_consumer_ctx *ctx = test->priv;
	struct clk *osc, *half, *parent;

	osc = kunit_clk(test, of_clk_get_by_name(ctx->consumer, "osc"));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, osc);
	half = kunit_clk(test, of_clk_get_by_name(ctx->consumer, "half"));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, half);

	KUNIT_EXPECT_EQ(test, clk_prepare_enable(half), 0);
	KUNIT_EXPECT_EQ(test, clk_prepare_enable(half), 0);
	clk_disable_unprepare(half);
	clk_disable_unprepare(half);

	KUNIT_EXPECT_EQ(test, clk_round_rate(osc, 1000), (long)OSC_HZ);
	KUNIT_EXPECT_EQ(test, clk_set_rate(osc, 1000), 0);
	KUNIT_EXPECT_EQ(test, clk_get_rate(osc), OSC_HZ);

	KUNIT_EXPECT_EQ(test, clk_round_rate(half, OSC_HZ), (long)HALF_HZ);
	KUNIT_EXPECT_EQ(test, clk_set_rate(half, OSC_HZ), 0);
	KUNIT_EXPECT_EQ(test, clk_get_rate(half), HALF_HZ);

	/* the oscillator is a root; half's parent runs at the oscillator's rate */
	KUNIT_EXPECT_NULL(test, clk_get_parent(osc));
	parent = clk_get_parent(half);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, parent);
	KUNIT_EXPECT_EQ(test, clk_get_rate(parent), OSC_HZ);
}

static struct kunit_case clk_consumer_cases[] = {
	KUNIT_CASE(clk_consumer_of_get_test),
	KUNIT_CASE(clk_consumer_dev_get_test),
	KUNIT_CASE(clk_consumer_missing_test),
	KUNIT_CASE(clk_consumer_null_test),
	KUNIT_CASE(clk_consumer_fixed_rate_test),
	{}
};

static struct kunit_suite clk_consumer_suite = {
	.name = "clk_consumer",
	.init = clk_consumer_init,
	.test_cases = clk_consumer_cases,
};

kunit_test_suite(clk_consumer_suite);

MODULE_DESCRIPTION("KUnit tests for the clock consumer API on fixed device tree clocks");
MODULE_LICENSE("GPL");
