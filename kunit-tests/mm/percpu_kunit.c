// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the dynamic percpu allocator: alloc_percpu() and
 * __alloc_percpu_gfp(), what they return and the limits they keep.
 *
 * The cases check that an allocation is zeroed and usable through the
 * this_cpu accessors; that allocations beyond what the first chunk holds
 * still succeed, each in an area of its own (the allocator adds chunks);
 * that the largest allocation taken is PCPU_MIN_UNIT_SIZE and one larger
 * is refused; that an area is aligned as asked, up to PAGE_SIZE; and
 * that a zero size or an alignment that is not a power of two is refused,
 * with NULL and no oops.
 */

#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/percpu.h>

/* more than the first chunk of a uniprocessor kernel (32 KB) holds */
#define PERCPU_TEST_OBJS	192
#define PERCPU_TEST_SIZE	256

static void percpu_alloc_zeroed_test(struct kunit *test)
{
	u64 __percpu *p = alloc_percpu(u64);
	int cpu;

	KUNIT_ASSERT_NOT_NULL(test, p);
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, *per_cpu_ptr(p, cpu), 0ULL);
	this_cpu_write(*p, 42);
	KUNIT_EXPECT_EQ(test, this_cpu_read(*p), 42ULL);
	this_cpu_add(*p, 8);
	KUNIT_EXPECT_EQ(test, this_cpu_read(*p), 50ULL);
	free_percpu(p);
}

static void percpu_many_allocs_test(struct kunit *test)
{
	void __percpu **p;
	u32 *v;
	int i, n;

	p = kunit_kcalloc(test, PERCPU_TEST_OBJS, sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	for (n = 0; n < PERCPU_TEST_OBJS; n++) {
		p[n] = __alloc_percpu(PERCPU_TEST_SIZE, sizeof(u32));
		if (!p[n])
			break;
		v = per_cpu_ptr((u32 __percpu *)p[n], 0);
		KUNIT_EXPECT_EQ(test, v[0], 0U);
		KUNIT_EXPECT_EQ(test, v[PERCPU_TEST_SIZE / sizeof(u32) - 1], 0U);
		/* mark both ends: an overlapping area shows as a clobbered mark */
		v[0] = n;
		v[PERCPU_TEST_SIZE / sizeof(u32) - 1] = ~n;
	}
	KUNIT_EXPECT_EQ(test, n, PERCPU_TEST_OBJS);
	for (i = 0; i < n; i++) {
		v = per_cpu_ptr((u32 __percpu *)p[i], 0);
		KUNIT_EXPECT_EQ(test, v[0], (u32)i);
		KUNIT_EXPECT_EQ(test, v[PERCPU_TEST_SIZE / sizeof(u32) - 1], ~(u32)i);
	}
	for (i = 0; i < n; i++)
		free_percpu(p[i]);
}

static void percpu_largest_alloc_test(struct kunit *test)
{
	const size_t max = PCPU_MIN_UNIT_SIZE;
	u8 __percpu *p;
	u8 *b;

	p = __alloc_percpu_gfp(max, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	b = per_cpu_ptr(p, 0);
	KUNIT_EXPECT_EQ(test, b[0], 0);
	KUNIT_EXPECT_EQ(test, b[max - 1], 0);
	b[0] = 1;
	b[max - 1] = 2;
	free_percpu(p);

	p = __alloc_percpu_gfp(max + PCPU_MIN_ALLOC_SIZE, PCPU_MIN_ALLOC_SIZE,
			       GFP_KERNEL | __GFP_NOWARN);
	KUNIT_EXPECT_NULL(test, p);
	free_percpu(p);
}

static void percpu_alignment_test(struct kunit *test)
{
	size_t sizes[] = { 4, 12, 100 };
	unsigned long addr;
	void __percpu *p;
	size_t align;
	int i;

	for (align = 4; align <= PAGE_SIZE; align <<= 1) {
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			p = __alloc_percpu(sizes[i], align);
			KUNIT_ASSERT_NOT_NULL(test, p);
			addr = (unsigned long)per_cpu_ptr(p, 0);
			KUNIT_EXPECT_EQ_MSG(test, addr & (align - 1), 0UL,
					    "%zu bytes, asked for alignment %zu",
					    sizes[i], align);
			free_percpu(p);
		}
	}
}

static void percpu_bad_request_test(struct kunit *test)
{
	void __percpu *p;

	p = __alloc_percpu_gfp(0, sizeof(long), GFP_KERNEL | __GFP_NOWARN);
	KUNIT_EXPECT_NULL(test, p);
	free_percpu(p);
	p = __alloc_percpu_gfp(64, 24, GFP_KERNEL | __GFP_NOWARN);
	KUNIT_EXPECT_NULL(test, p);
	free_percpu(p);
	p = __alloc_percpu_gfp(64, 2 * PAGE_SIZE, GFP_KERNEL | __GFP_NOWARN);
	KUNIT_EXPECT_NULL(test, p);
	free_percpu(p);
}

static struct kunit_case percpu_test_cases[] = {
	KUNIT_CASE(percpu_alloc_zeroed_test),
	KUNIT_CASE(percpu_many_allocs_test),
	KUNIT_CASE(percpu_largest_alloc_test),
	KUNIT_CASE(percpu_alignment_test),
	KUNIT_CASE(percpu_bad_request_test),
	{}
};

static struct kunit_suite percpu_test_suite = {
	.name = "mm_percpu",
	.test_cases = percpu_test_cases,
};

kunit_test_suite(percpu_test_suite);

MODULE_DESCRIPTION("KUnit tests for the dynamic percpu allocator");
MODULE_LICENSE("GPL");
