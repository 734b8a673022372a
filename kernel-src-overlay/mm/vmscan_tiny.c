// SPDX-License-Identifier: GPL-2.0-only
/*
 * Page reclaim that only runs the shrinkers, for no-MMU kernels
 *
 * A no-MMU kernel has no swap, its anonymous memory never goes on the LRU
 * lists, and the page cache of ramfs cannot be evicted: scanning the LRU
 * lists, as mm/vmscan.c does, finds nothing to free. What reclaim can
 * still give back is held by the slab caches behind the shrinkers, so
 * running them is all it does here. The allocating task runs them in
 * direct reclaim. A wakeup of kswapd queues a work item instead, which
 * drops any watermark boost and runs them while the node is below its
 * high watermark. The LRU lists are still kept by mm/swap.c, for
 * /proc/meminfo and for the page cache of file systems that could evict.
 */

#include <linux/fs.h>
#include <linux/init.h>
#include <linux/memcontrol.h>
#include <linux/mm.h>
#include <linux/mm_inline.h>
#include <linux/mmzone.h>
#include <linux/pagemap.h>
#include <linux/pagevec.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/swap.h>
#include <linux/workqueue.h>

#define CREATE_TRACE_POINTS
#include <trace/events/vmscan.h>

#include "internal.h"

/* vm.swappiness stays, with nothing to weigh */
int vm_swappiness = 60;

/*
 * Run the shrinkers of node @nid, asking more of them at each pass, until
 * @nr_pages pages of slab are given back or the pass that asks for every
 * object has run. Returns the pages given back.
 */
static unsigned long shrink_node_slab(int nid, gfp_t gfp,
				      unsigned long nr_pages)
{
	struct reclaim_state rs = { };
	int priority = DEF_PRIORITY;

	WARN_ON_ONCE(current->reclaim_state);
	current->reclaim_state = &rs;
	do {
		shrink_slab(gfp, nid, NULL, priority);
	} while (rs.reclaimed < nr_pages && --priority >= 0 &&
		 !fatal_signal_pending(current));
	current->reclaim_state = NULL;
	return rs.reclaimed;
}

unsigned long try_to_free_pages(struct zonelist *zonelist, int order,
				gfp_t gfp_mask, nodemask_t *nodemask)
{
	gfp_t gfp = current_gfp_context(gfp_mask);
	unsigned long reclaimed;

	trace_mm_vmscan_direct_reclaim_begin(order, gfp);
	reclaimed = shrink_node_slab(numa_node_id(), gfp, SWAP_CLUSTER_MAX);
	trace_mm_vmscan_direct_reclaim_end(reclaimed);
	return reclaimed;
}

/* Nothing here can be reclaimed from the LRU: count what is free */
unsigned long zone_reclaimable_pages(struct zone *zone)
{
	return zone_page_state_snapshot(zone, NR_FREE_PAGES);
}

static bool node_balanced(pg_data_t *pgdat)
{
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++) {
		struct zone *zone = pgdat->node_zones + i;

		if (managed_zone(zone) &&
		    zone_watermark_ok_safe(zone, 0, high_wmark_pages(zone), i))
			return true;
	}
	return false;
}

/* What kswapd would do: no LRU to age, so the shrinkers and the boost */
static void background_reclaim(struct work_struct *work)
{
	pg_data_t *pgdat = NODE_DATA(numa_node_id());
	unsigned long flags;
	unsigned int noreclaim;
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++) {
		struct zone *zone = pgdat->node_zones + i;

		if (!READ_ONCE(zone->watermark_boost))
			continue;
		spin_lock_irqsave(&zone->lock, flags);
		zone->watermark_boost = 0;
		spin_unlock_irqrestore(&zone->lock, flags);
	}

	noreclaim = memalloc_noreclaim_save();
	fs_reclaim_acquire(GFP_KERNEL);
	while (!node_balanced(pgdat) &&
	       shrink_node_slab(pgdat->node_id, GFP_KERNEL, SWAP_CLUSTER_MAX))
		cond_resched();
	fs_reclaim_release(GFP_KERNEL);
	memalloc_noreclaim_restore(noreclaim);
}

static DECLARE_WORK(background_reclaim_work, background_reclaim);
static bool background_reclaim_ready __read_mostly;

void wakeup_kswapd(struct zone *zone, gfp_t gfp_flags, int order,
		   enum zone_type highest_zoneidx)
{
	if (managed_zone(zone) && READ_ONCE(background_reclaim_ready))
		schedule_work(&background_reclaim_work);
}

/* Wakeups before this find no kswapd in mm/vmscan.c either */
static int __init background_reclaim_init(void)
{
	WRITE_ONCE(background_reclaim_ready, true);
	return 0;
}
module_init(background_reclaim_init);

/*
 * There is no kswapd to make progress for others, so the only wait is a
 * tick for user tasks; kernel threads may be the ones that make it.
 */
void reclaim_throttle(pg_data_t *pgdat, enum vmscan_throttle_state reason)
{
	if (current->flags & (PF_USER_WORKER | PF_KTHREAD))
		cond_resched();
	else
		schedule_timeout_uninterruptible(1);
}

/* reclaim_throttle() counts no throttled writers: nobody to wake */
void __acct_reclaim_writeback(pg_data_t *pgdat, struct folio *folio,
			      int nr_throttled)
{
}

void drop_slab(void)
{
	unsigned long freed;
	int pass = 0;

	/*
	 * Objects freed by one pass can be allocated again while it runs;
	 * stop once a pass frees few enough for that to be all it does.
	 */
	do {
		if (fatal_signal_pending(current))
			return;
		freed = shrink_slab(GFP_KERNEL, numa_node_id(), NULL, 0);
	} while (freed > (1UL << pass++));
}

/**
 * remove_mapping() - Take a folio out of the page cache, if nobody uses it.
 * @mapping: The address space of the folio.
 * @folio: The folio, locked, with one reference held by the caller.
 *
 * Return: the number of pages removed: 0 when the folio is dirty or when
 * someone other than the caller and the page cache holds a reference.
 * The page cache's reference goes with the folio.
 */
long remove_mapping(struct address_space *mapping, struct folio *folio)
{
	int refs = 1 + folio_nr_pages(folio);
	void (*free_folio)(struct folio *folio);

	VM_WARN_ON_ONCE_FOLIO(!folio_test_locked(folio), folio);
	VM_WARN_ON_ONCE_FOLIO(folio_mapping(folio) != mapping, folio);

	spin_lock(&mapping->host->i_lock);
	xa_lock_irq(&mapping->i_pages);
	/*
	 * Freeze first, then look at the dirty bit: one who dirtied the
	 * folio through a reference taken earlier has dropped it by now.
	 */
	if (!folio_ref_freeze(folio, refs))
		goto busy;
	if (folio_test_dirty(folio)) {
		folio_ref_unfreeze(folio, refs);
		goto busy;
	}
	free_folio = mapping->a_ops->free_folio;
	__filemap_remove_folio(folio, NULL);
	xa_unlock_irq(&mapping->i_pages);
	if (mapping_shrinkable(mapping))
		inode_add_lru(mapping->host);
	spin_unlock(&mapping->host->i_lock);
	if (free_folio)
		free_folio(folio);
	folio_ref_unfreeze(folio, 1);
	return refs - 1;

busy:
	xa_unlock_irq(&mapping->i_pages);
	spin_unlock(&mapping->host->i_lock);
	return 0;
}

/**
 * check_move_unevictable_folios - Move folios that became evictable.
 * @fbatch: Folios, each possibly on the unevictable LRU list.
 *
 * Called after a mapping stopped being unevictable (mapping_clear_unevictable()),
 * for the folios of its page cache.
 */
void check_move_unevictable_folios(struct folio_batch *fbatch)
{
	struct lruvec *lruvec = NULL;
	unsigned int i;

	for (i = 0; i < folio_batch_count(fbatch); i++) {
		struct folio *folio = fbatch->folios[i];

		/* whoever has taken it off the LRU puts it back right */
		if (!folio_test_clear_lru(folio))
			continue;
		lruvec = folio_lruvec_relock_irq(folio, lruvec);
		if (folio_evictable(folio) && folio_test_unevictable(folio)) {
			lruvec_del_folio(lruvec, folio);
			folio_clear_unevictable(folio);
			lruvec_add_folio(lruvec, folio);
		}
		folio_set_lru(folio);
	}
	if (lruvec)
		unlock_page_lruvec_irq(lruvec);
}
EXPORT_SYMBOL_GPL(check_move_unevictable_folios);
