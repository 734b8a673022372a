// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the page allocator's reserve: min_free_kbytes and the
 * per-zone min watermarks derived from it.
 *
 * Below a zone's min watermark only __GFP_HIGH, atomic and PF_MEMALLOC
 * allocations succeed, so the reserve is memory no ordinary allocation
 * (an exec, a pipe, a page cache page) may use. The cases check
 *
 *  - the reserve chosen at boot: CONFIG_MIN_FREE_KBYTES when that is not
 *    0, otherwise computed from the amount of low memory and clamped to
 *    128 KB .. 256 MB; unless the administrator set it with the
 *    vm.min_free_kbytes sysctl;
 *  - the zones' min watermarks: min_free_kbytes in pages, shared out
 *    over the low memory zones in proportion to their managed pages
 *    (each share rounded down).
 */

#include <kunit/test.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/mmzone.h>

#include "internal.h"

static bool page_reserve_lowmem(struct zone *zone)
{
	return !is_highmem(zone) && zone_idx(zone) != ZONE_MOVABLE;
}

static void page_reserve_boot_value_test(struct kunit *test)
{
	if (user_min_free_kbytes >= 0)
		kunit_skip(test, "vm.min_free_kbytes was set to %d by sysctl",
			   user_min_free_kbytes);

	if (CONFIG_MIN_FREE_KBYTES) {
		KUNIT_EXPECT_EQ(test, min_free_kbytes, CONFIG_MIN_FREE_KBYTES);
		return;
	}
	KUNIT_EXPECT_GE(test, min_free_kbytes, 128);
	KUNIT_EXPECT_LE(test, min_free_kbytes, 262144);
}

static void page_reserve_watermarks_test(struct kunit *test)
{
	unsigned long pages_min = min_free_kbytes >> (PAGE_SHIFT - 10);
	unsigned long sum = 0, nr_zones = 0;
	struct zone *zone;

	for_each_zone(zone) {
		if (!page_reserve_lowmem(zone) || !zone_managed_pages(zone))
			continue;
		sum += zone->_watermark[WMARK_MIN];
		nr_zones++;
	}
	KUNIT_ASSERT_GT(test, nr_zones, 0UL);

	/* each zone's share is rounded down: at most one page lost per zone */
	KUNIT_EXPECT_LE(test, sum, pages_min);
	KUNIT_EXPECT_GE(test, sum + nr_zones, pages_min);
}

static struct kunit_case page_reserve_test_cases[] = {
	KUNIT_CASE(page_reserve_boot_value_test),
	KUNIT_CASE(page_reserve_watermarks_test),
	{}
};

static struct kunit_suite page_reserve_test_suite = {
	.name = "mm_page_reserve",
	.test_cases = page_reserve_test_cases,
};

kunit_test_suite(page_reserve_test_suite);

MODULE_DESCRIPTION("KUnit tests for the page allocator's reserve (min_free_kbytes)");
MODULE_LICENSE("GPL");
