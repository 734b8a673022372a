// SPDX-License-Identifier: GPL-2.0
/*
 * The clock API for systems whose clocks are all fixed (CONFIG_CLK_TINY).
 *
 * In place of the common clock framework, nothing is registered at boot:
 * when a driver asks for a clock, its device tree node is read. A
 * "fixed-clock" node gives its clock-frequency, a "fixed-factor-clock"
 * node its parent's rate times clock-mult divided by clock-div. Every
 * clk_get() gets a clock of its own, which clk_put() frees with the
 * parents it holds. Rates never change: clk_set_rate() leaves them as they
 * are, as the common framework does for fixed clocks, and there is no
 * gating, no reparenting and no notifier.
 */

#include <linux/clk.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/math64.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/slab.h>

#include "clk.h"

/* a chain of fixed-factor clocks longer than this is taken for a loop */
#define CLK_TINY_MAX_DEPTH	8

struct clk {
	unsigned long rate;
	struct clk *parent;
	atomic_t enable_count;
};

static void clk_tiny_free(struct clk *clk)
{
	struct clk *parent;

	for (; clk; clk = parent) {
		parent = clk->parent;
		kfree(clk);
	}
}

static struct clk *clk_tiny_get(struct device_node *np, int index,
				const char *name, int depth);

/* the clock that a provider node describes, without clock cells */
static struct clk *clk_tiny_provider(struct of_phandle_args *spec, int depth)
{
	struct device_node *np = spec->np;
	struct clk *clk, *parent = NULL;
	u32 freq, mult, div;

	if (spec->args_count ||
	    (!of_device_is_compatible(np, "fixed-clock") &&
	     !of_device_is_compatible(np, "fixed-factor-clock"))) {
		pr_warn_once("%pOF: only fixed-clock and fixed-factor-clock providers without clock cells are supported (CONFIG_CLK_TINY)\n",
			     np);
		return ERR_PTR(-EOPNOTSUPP);
	}
	if (!of_device_is_available(np))
		return ERR_PTR(-ENODEV);

	clk = kzalloc(sizeof(*clk), GFP_KERNEL);
	if (!clk)
		return ERR_PTR(-ENOMEM);

	if (of_device_is_compatible(np, "fixed-clock")) {
		if (of_property_read_u32(np, "clock-frequency", &freq))
			goto invalid;
		clk->rate = freq;
		return clk;
	}

	if (depth >= CLK_TINY_MAX_DEPTH ||
	    of_property_read_u32(np, "clock-mult", &mult) ||
	    of_property_read_u32(np, "clock-div", &div) || !div)
		goto invalid;
	parent = clk_tiny_get(np, 0, NULL, depth + 1);
	if (IS_ERR(parent)) {
		kfree(clk);
		return parent;
	}
	clk->parent = parent;
	clk->rate = div_u64((u64)parent->rate * mult, div);
	return clk;

invalid:
	kfree(clk);
	return ERR_PTR(-EINVAL);
}

/*
 * The clock of @np by @name in "clock-names", or else by @index in "clocks";
 * as the common framework does, a node without "clocks" takes the clocks
 * of a parent with "clock-ranges".
 */
static struct clk *clk_tiny_get(struct device_node *np, int index,
				const char *name, int depth)
{
	struct of_phandle_args spec;
	struct clk *clk;
	int err;

	of_node_get(np);
	for (;;) {
		struct device_node *parent;

		if (name)
			index = of_property_match_string(np, "clock-names", name);
		err = of_parse_phandle_with_args(np, "clocks", "#clock-cells",
						 index, &spec);
		if (!err || (name && index >= 0))
			break;
		parent = of_get_parent(np);
		of_node_put(np);
		np = parent;
		if (!np || !of_property_read_bool(np, "clock-ranges"))
			break;
		index = 0;
	}
	of_node_put(np);
	if (err)
		return ERR_PTR(err);

	clk = clk_tiny_provider(&spec, depth);
	of_node_put(spec.np);
	return clk;
}

struct clk_hw *of_clk_get_hw(struct device_node *np, int index,
			     const char *con_id)
{
	return (struct clk_hw *)clk_tiny_get(np, index, con_id, 0);
}

struct clk *of_clk_get(struct device_node *np, int index)
{
	return clk_tiny_get(np, index, NULL, 0);
}
EXPORT_SYMBOL(of_clk_get);

struct clk *of_clk_get_by_name(struct device_node *np, const char *name)
{
	if (!np)
		return ERR_PTR(-ENOENT);
	return clk_tiny_get(np, 0, name, 0);
}
EXPORT_SYMBOL(of_clk_get_by_name);

void __clk_put(struct clk *clk)
{
	if (!IS_ERR_OR_NULL(clk))
		clk_tiny_free(clk);
}

unsigned long clk_get_rate(struct clk *clk)
{
	return clk ? clk->rate : 0;
}
EXPORT_SYMBOL(clk_get_rate);

int clk_enable(struct clk *clk)
{
	if (clk)
		atomic_inc(&clk->enable_count);
	return 0;
}
EXPORT_SYMBOL(clk_enable);

void clk_disable(struct clk *clk)
{
	if (clk)
		WARN_ON_ONCE(atomic_dec_if_positive(&clk->enable_count) < 0);
}
EXPORT_SYMBOL(clk_disable);

long clk_round_rate(struct clk *clk, unsigned long rate)
{
	return clk_get_rate(clk);
}
EXPORT_SYMBOL(clk_round_rate);

/* a fixed clock keeps its rate; the common framework also returns 0 */
int clk_set_rate(struct clk *clk, unsigned long rate)
{
	return 0;
}
EXPORT_SYMBOL(clk_set_rate);

struct clk *clk_get_parent(struct clk *clk)
{
	return clk ? clk->parent : NULL;
}
EXPORT_SYMBOL(clk_get_parent);

int clk_set_parent(struct clk *clk, struct clk *parent)
{
	if (!clk || !parent || parent == clk->parent)
		return 0;
	return -EINVAL;
}
EXPORT_SYMBOL(clk_set_parent);
