// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the vsprintf() formats that decode a kernel structure
 * for a message: %pR and %pr (struct resource), %pGp, %pGg and %pGv
 * (page, GFP and VMA flags) and %p4cc (a FourCC code), each against its
 * known answer from Documentation/core-api/printk-formats.rst, with text
 * on both sides to show that the whole specifier, and only it, was
 * consumed. With CONFIG_VSPRINTF_DEBUG_FORMATS=n each prints its
 * "(%pX?)" marker instead, and the text around it is the same.
 */

#include <kunit/test.h>
#include <linux/gfp.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/page-flags.h>
#include <linux/string.h>

#define PRINTF_DEBUG_BUF	128

/* @want with the formats built in, "<" @off ">" without them */
static __printf(4, 5) void printf_debug_expect(struct kunit *test,
					       const char *want,
					       const char *off,
					       const char *fmt, ...)
{
	char buf[PRINTF_DEBUG_BUF], marker[16];
	va_list args;
	int len;

	if (!IS_ENABLED(CONFIG_VSPRINTF_DEBUG_FORMATS)) {
		snprintf(marker, sizeof(marker), "<%s>", off);
		want = marker;
	}
	va_start(args, fmt);
	len = vsnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	KUNIT_EXPECT_STREQ_MSG(test, buf, want, "format %s", fmt);
	KUNIT_EXPECT_EQ_MSG(test, len, (int)strlen(want), "format %s", fmt);
}

static void printf_debug_resource_test(struct kunit *test)
{
	struct resource mem = DEFINE_RES_MEM(0x60000000, 0x10000000);
	struct resource io = DEFINE_RES_IO(0x3f8, 8);
	struct resource irq = DEFINE_RES_IRQ(5);
	struct resource pref = DEFINE_RES_MEM(0x1000, 0x1000);

	pref.flags |= IORESOURCE_PREFETCH | IORESOURCE_WINDOW;
	printf_debug_expect(test, "<[mem 0x60000000-0x6fffffff]>", "(%pR?)",
			    "<%pR>", &mem);
	printf_debug_expect(test, "<[mem 0x60000000-0x6fffffff flags 0x200]>",
			    "(%pr?)", "<%pr>", &mem);
	printf_debug_expect(test, "<[io  0x03f8-0x03ff]>", "(%pR?)",
			    "<%pR>", &io);
	printf_debug_expect(test, "<[irq 5]>", "(%pR?)", "<%pR>", &irq);
	printf_debug_expect(test, "<[mem 0x00001000-0x00001fff pref window]>",
			    "(%pR?)", "<%pR>", &pref);
}

static void printf_debug_gfp_test(struct kunit *test)
{
	gfp_t gfp = GFP_KERNEL;

	printf_debug_expect(test, "<GFP_KERNEL>", "(%pG?)", "<%pGg>", &gfp);
	gfp = GFP_KERNEL | __GFP_ZERO;
	printf_debug_expect(test, "<GFP_KERNEL|__GFP_ZERO>", "(%pG?)",
			    "<%pGg>", &gfp);
}

static void printf_debug_vma_test(struct kunit *test)
{
	unsigned long flags = VM_READ | VM_WRITE;

	printf_debug_expect(test, "<read|write>", "(%pG?)", "<%pGv>", &flags);
}

static void printf_debug_page_test(struct kunit *test)
{
	unsigned long flags = BIT(PG_referenced) | BIT(PG_uptodate);
	char buf[PRINTF_DEBUG_BUF], want[PRINTF_DEBUG_BUF];
	int n;

	if (!IS_ENABLED(CONFIG_VSPRINTF_DEBUG_FORMATS)) {
		printf_debug_expect(test, "", "(%pG?)", "<%pGp>", &flags);
		return;
	}
	/* the section, node and zone fields follow: their set is config's */
	n = snprintf(want, sizeof(want), "<%#lx(referenced|uptodate", flags);
	snprintf(buf, sizeof(buf), "<%pGp>", &flags);
	KUNIT_EXPECT_EQ_MSG(test, strncmp(buf, want, n), 0, "%s", buf);
	KUNIT_EXPECT_STREQ(test, buf + strlen(buf) - 2, ")>");
}

static void printf_debug_fourcc_test(struct kunit *test)
{
	u32 code = 0x34325241;

	printf_debug_expect(test, "<AR24 little-endian (0x34325241)>",
			    "(%p4cc?)", "<%p4cc>", &code);
	code |= BIT(31);
	printf_debug_expect(test, "<AR24 big-endian (0xb4325241)>",
			    "(%p4cc?)", "<%p4cc>", &code);
}

static struct kunit_case printf_debug_test_cases[] = {
	KUNIT_CASE(printf_debug_resource_test),
	KUNIT_CASE(printf_debug_gfp_test),
	KUNIT_CASE(printf_debug_vma_test),
	KUNIT_CASE(printf_debug_page_test),
	KUNIT_CASE(printf_debug_fourcc_test),
	{}
};

static struct kunit_suite printf_debug_test_suite = {
	.name = "printf_debug",
	.test_cases = printf_debug_test_cases,
};

kunit_test_suite(printf_debug_test_suite);

MODULE_DESCRIPTION("KUnit tests for the resource, flag and FourCC formats of vsprintf()");
MODULE_LICENSE("GPL");
