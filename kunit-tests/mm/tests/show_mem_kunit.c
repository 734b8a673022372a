// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for show_mem(), the memory report that the OOM killer,
 * warn_alloc() ("page allocation failure") and SysRq-m print.
 *
 * Each case calls show_mem() or __show_mem() and reads the records the
 * call added to the kernel log back with kmsg_dump_get_line(), from the
 * sequence number the log had reached before the call. That works on
 * every kernel with printk, with or without /dev/kmsg and syslog(2).
 * Records other code logs meanwhile may be mixed in; the cases look for
 * the lines of the report by their words. The report itself is in the
 * log, so the failure messages do not repeat it.
 *
 * Every report begins with a "Mem-Info:" line and has the number of free
 * pages ("free:<pages>", close to NR_FREE_PAGES), the slab pages
 * ("slab_reclaimable:", "slab_unreclaimable:") and the totals over the
 * populated zones ("<n> pages RAM", "<n> pages HighMem/MovableOnly",
 * "<n> pages reserved"). With CONFIG_SHOW_MEM_DETAIL it has the counters
 * of each node and zone, their lowmem reserves, the free blocks of each
 * order ("<zone>: ... = <n>kB") and the page cache ("<n> total pagecache
 * pages") too; without it none of that, and the page cache is given as
 * "pagecache:<pages>" on the line of the free pages.
 */

#include <kunit/test.h>
#include <linux/gfp.h>
#include <linux/kmsg_dump.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/string.h>
#include <linux/vmstat.h>

#include "../internal.h"

/* Whether the report has the detail of each node, zone and order */
#define SM_DETAIL	IS_ENABLED(CONFIG_SHOW_MEM_DETAIL)
/* Room for the report: a summary is a few lines */
#define SM_BUF_SIZE	(SM_DETAIL ? 8192 : 1024)
/* Free pages that others may take or give back while the report runs */
#define SM_FREE_SLACK	64

struct sm_totals {
	unsigned long ram, highmem, reserved;
};

struct sm_report {
	char *text;
	unsigned long free_before, free_after;	/* NR_FREE_PAGES around it */
};

/*
 * The report of show_mem() or, @filtered, of __show_mem() called the way
 * warn_alloc() and the OOM killer call it, read back from the log.
 */
static void sm_report(struct kunit *test, struct sm_report *r, bool filtered)
{
	struct kmsg_dump_iter iter;
	size_t used = 0, len;
	u64 seq;

	r->text = kunit_kzalloc(test, SM_BUF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r->text);

	kmsg_dump_rewind(&iter);
	seq = iter.next_seq;
	r->free_before = global_zone_page_state(NR_FREE_PAGES);
	if (filtered)
		__show_mem(SHOW_MEM_FILTER_NODES, NULL, gfp_zone(GFP_KERNEL));
	else
		show_mem();
	r->free_after = global_zone_page_state(NR_FREE_PAGES);

	iter.cur_seq = seq;
	while (used < SM_BUF_SIZE - 1 &&
	       kmsg_dump_get_line(&iter, false, r->text + used,
				  SM_BUF_SIZE - 1 - used, &len))
		used += len;
	r->text[used] = '\0';
	KUNIT_ASSERT_GT_MSG(test, used, (size_t)0, "nothing was logged");
}

/* @key at the start of a word of @text; the text that follows it */
static const char *sm_find(const char *text, const char *key)
{
	const char *p = text;

	while ((p = strstr(p, key))) {
		if (p == text || p[-1] == ' ' || p[-1] == '\n')
			return p + strlen(key);
		p++;
	}
	return NULL;
}

/* The decimal number at @p; false when @p does not start with a digit */
static bool sm_number(const char *p, unsigned long *val)
{
	if (!p || *p < '0' || *p > '9')
		return false;
	for (*val = 0; *p >= '0' && *p <= '9'; p++)
		*val = *val * 10 + (*p - '0');
	return true;
}

/* The value of "@key<number>" in @text */
static unsigned long sm_value(struct kunit *test, const char *text, const char *key)
{
	unsigned long val;

	KUNIT_ASSERT_TRUE_MSG(test, sm_number(sm_find(text, key), &val),
			      "no \"%s<number>\" in the report", key);
	return val;
}

/* The number in front of @suffix ("<number>@suffix") in @text */
static unsigned long sm_value_before(struct kunit *test, const char *text,
				     const char *suffix)
{
	const char *end = strstr(text, suffix), *p = end;
	unsigned long val;

	KUNIT_ASSERT_NOT_NULL_MSG(test, end, "no \"%s\" in the report", suffix);
	while (p > text && p[-1] >= '0' && p[-1] <= '9')
		p--;
	KUNIT_ASSERT_TRUE_MSG(test, p < end && sm_number(p, &val),
			      "no number before \"%s\" in the report", suffix);
	return val;
}

static void sm_totals(struct sm_totals *t)
{
	struct zone *zone;

	memset(t, 0, sizeof(*t));
	for_each_populated_zone(zone) {
		t->ram += zone->present_pages;
		t->reserved += zone->present_pages - zone_managed_pages(zone);
		if (is_highmem(zone))
			t->highmem += zone->present_pages;
	}
}

/* What every report has: the header, the totals, free and slab pages */
static void sm_check_common(struct kunit *test, const struct sm_report *r)
{
	const char *report = r->text;
	unsigned long free, lo, hi;
	struct sm_totals t;

	sm_totals(&t);
	KUNIT_EXPECT_NOT_NULL_MSG(test, sm_find(report, "Mem-Info:\n"),
				  "no Mem-Info: line in the report");
	KUNIT_EXPECT_EQ(test, sm_value_before(test, report, " pages RAM\n"), t.ram);
	KUNIT_EXPECT_EQ(test, sm_value_before(test, report,
					      " pages HighMem/MovableOnly\n"),
			t.highmem);
	KUNIT_EXPECT_EQ(test, sm_value_before(test, report, " pages reserved\n"),
			t.reserved);

	/* the free page count, against the counter before and after */
	free = sm_value(test, report, "free:");
	lo = min(r->free_before, r->free_after);
	lo = lo > SM_FREE_SLACK ? lo - SM_FREE_SLACK : 0;
	hi = max(r->free_before, r->free_after) + SM_FREE_SLACK;
	KUNIT_EXPECT_GT(test, free, 0UL);
	KUNIT_EXPECT_LE(test, free, totalram_pages());
	KUNIT_EXPECT_GE_MSG(test, free, lo, "NR_FREE_PAGES was %lu", r->free_before);
	KUNIT_EXPECT_LE_MSG(test, free, hi, "NR_FREE_PAGES was %lu", r->free_before);

	/* the kernel has slab objects by now; reclaimable ones maybe not */
	sm_value(test, report, "slab_reclaimable:");
	KUNIT_EXPECT_GT(test, sm_value(test, report, "slab_unreclaimable:"), 0UL);
}

/* show_mem(), as SysRq-m calls it */
static void show_mem_report_test(struct kunit *test)
{
	struct sm_report r;

	sm_report(test, &r, false);
	sm_check_common(test, &r);
}

/* __show_mem() as warn_alloc() and the OOM killer call it */
static void show_mem_filtered_test(struct kunit *test)
{
	struct sm_report r;

	sm_report(test, &r, true);
	sm_check_common(test, &r);
}

/* The detail of the full report, and its absence from the summary */
static void show_mem_detail_test(struct kunit *test)
{
	struct sm_report r;
	const char *report;
	char word[32];
	struct zone *zone;

	sm_report(test, &r, false);
	report = r.text;
	if (!SM_DETAIL) {
		KUNIT_EXPECT_NULL_MSG(test, strstr(report, "lowmem_reserve[]:"),
				      "zone detail in the summary");
		KUNIT_EXPECT_NULL_MSG(test, strstr(report, "kB"),
				      "kB figures in the summary");
		KUNIT_EXPECT_NULL_MSG(test, strstr(report, "active_anon:"),
				      "LRU counters in the summary");
		sm_value(test, report, "pagecache:");
		return;
	}

	KUNIT_EXPECT_NOT_NULL(test, sm_find(report, "active_anon:"));
	KUNIT_EXPECT_NOT_NULL(test, sm_find(report, "free_pcp:"));
	KUNIT_EXPECT_NOT_NULL(test, sm_find(report, "lowmem_reserve[]:"));
	sm_value_before(test, report, " total pagecache pages\n");
	for_each_populated_zone(zone) {
		/* "<zone> free:<n>kB min:..." and "<zone>: <n>*4kB ... = <n>kB" */
		snprintf(word, sizeof(word), "%s free:", zone->name);
		KUNIT_EXPECT_NOT_NULL_MSG(test, sm_find(report, word),
					  "no counters of zone %s", zone->name);
		snprintf(word, sizeof(word), "%s: ", zone->name);
		KUNIT_EXPECT_NOT_NULL_MSG(test, sm_find(report, word),
					  "no free lists of zone %s", zone->name);
	}
}

static struct kunit_case show_mem_test_cases[] = {
	KUNIT_CASE(show_mem_report_test),
	KUNIT_CASE(show_mem_filtered_test),
	KUNIT_CASE(show_mem_detail_test),
	{}
};

static struct kunit_suite show_mem_test_suite = {
	.name = "mm_show_mem",
	.test_cases = show_mem_test_cases,
};

kunit_test_suite(show_mem_test_suite);

MODULE_DESCRIPTION("KUnit tests for the memory report of show_mem()");
MODULE_LICENSE("GPL");
