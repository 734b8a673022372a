// SPDX-License-Identifier: GPL-2.0-only
/*
 * alloc_percpu() for uniprocessor kernels, from kmalloc()
 *
 * With one CPU, a percpu pointer is the address of its only copy:
 * per_cpu_ptr() and the this_cpu operations use it as it is, and the
 * static per-CPU variables are ordinary variables. So an area can come
 * from kmalloc(), which keeps what mm/percpu.c promises: the area is
 * zeroed, aligned as asked up to PAGE_SIZE (a power-of-two kmalloc()
 * size is aligned to itself), at most PCPU_MIN_UNIT_SIZE, and it can be
 * taken and given back in atomic context.
 *
 * Before the slab allocator is up, kmem_cache_init() takes an area for
 * each boot cache; those come from whole pages carved in order, which
 * are never given back.
 */

#include <linux/gfp.h>
#include <linux/kmemleak.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>

/* the pages the areas of the slab bootstrap are carved from */
#define PCPU_UP_EARLY_BLOCKS	4

static struct {
	void *start, *end;
} pcpu_up_early[PCPU_UP_EARLY_BLOCKS];
static unsigned int pcpu_up_nr_early;
static void *pcpu_up_early_next;

/* the offset of the only unit, 0, as mm/percpu.c gives it (x86 reads it) */
static const unsigned long pcpu_up_unit_offsets[1];
const unsigned long *pcpu_unit_offsets __ro_after_init = pcpu_up_unit_offsets;

/* bytes handed out and not given back, for the Percpu: line of meminfo */
static atomic_long_t pcpu_up_bytes;

static void *pcpu_up_early_alloc(size_t size, size_t align, gfp_t gfp)
{
	unsigned int order = get_order(size);
	void *p = NULL;

	if (pcpu_up_nr_early) {
		p = PTR_ALIGN(pcpu_up_early_next, align);
		if (p + size > pcpu_up_early[pcpu_up_nr_early - 1].end)
			p = NULL;
	}
	if (!p) {
		if (pcpu_up_nr_early == PCPU_UP_EARLY_BLOCKS)
			return NULL;
		p = (void *)__get_free_pages(gfp | __GFP_ZERO, order);
		if (!p)
			return NULL;
		/* scanned for pointers, never reported as a leak */
		kmemleak_alloc(p, PAGE_SIZE << order, 0, gfp);
		pcpu_up_early[pcpu_up_nr_early].start = p;
		pcpu_up_early[pcpu_up_nr_early].end = p + (PAGE_SIZE << order);
		pcpu_up_nr_early++;
	}
	pcpu_up_early_next = p + size;
	atomic_long_add(size, &pcpu_up_bytes);
	return p;
}

static bool pcpu_up_is_early(const void *p)
{
	unsigned int i;

	for (i = 0; i < pcpu_up_nr_early; i++)
		if (p >= pcpu_up_early[i].start && p < pcpu_up_early[i].end)
			return true;
	return false;
}

void __percpu *pcpu_alloc_noprof(size_t size, size_t align, bool reserved,
				 gfp_t gfp)
{
	void *p;

	gfp = current_gfp_context(gfp);
	/* as mm/percpu.c: 4-byte units, no alignment below 4 */
	align = max_t(size_t, align, PCPU_MIN_ALLOC_SIZE);
	size = ALIGN(size, PCPU_MIN_ALLOC_SIZE);
	if (unlikely(!size || size > PCPU_MIN_UNIT_SIZE || align > PAGE_SIZE ||
		     !is_power_of_2(align))) {
		WARN(!(gfp & __GFP_NOWARN),
		     "percpu: refused allocation of %zu bytes aligned to %zu\n",
		     size, align);
		return NULL;
	}
	gfp &= GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN | __GFP_ACCOUNT;

	if (unlikely(!slab_is_available()))
		return (void __percpu __force *)pcpu_up_early_alloc(size, align,
								    gfp);

	/* kmalloc() aligns a power-of-two size to itself */
	if (align > ARCH_KMALLOC_MINALIGN)
		size = max_t(size_t, roundup_pow_of_two(size), align);
	p = kmalloc_noprof(size, gfp | __GFP_ZERO);
	if (p)
		atomic_long_add(ksize(p), &pcpu_up_bytes);
	return (void __percpu __force *)p;
}
EXPORT_SYMBOL_GPL(pcpu_alloc_noprof);

void free_percpu(void __percpu *ptr)
{
	void *p = (void __force *)ptr;

	if (!p || pcpu_up_is_early(p))
		return;
	atomic_long_sub(ksize(p), &pcpu_up_bytes);
	kfree(p);
}
EXPORT_SYMBOL_GPL(free_percpu);

/* static per-CPU variables are ordinary variables: none is told apart */
bool __is_kernel_percpu_address(unsigned long addr, unsigned long *can_addr)
{
	return false;
}

bool is_kernel_percpu_address(unsigned long addr)
{
	return false;
}

phys_addr_t per_cpu_ptr_to_phys(void *addr)
{
	return __pa(addr);
}

void __init setup_per_cpu_areas(void)
{
}

unsigned long pcpu_nr_pages(void)
{
	return DIV_ROUND_UP(atomic_long_read(&pcpu_up_bytes), PAGE_SIZE);
}
