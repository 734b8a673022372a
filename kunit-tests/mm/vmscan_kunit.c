// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for page reclaim, as the page allocator and the page cache
 * call it.
 *
 * Direct reclaim (try_to_free_pages(), entered as the page allocator
 * enters it) and drop_slab() must run the registered shrinkers, and pass
 * them the allocation context of the caller: a GFP_NOFS request, or one
 * made inside memalloc_nofs_save(), must not let a shrinker recurse into
 * a filesystem. remove_mapping() must take a clean folio that nobody
 * else holds out of the page cache, and leave a dirty or a busy one
 * where it is. check_move_unevictable_folios() must move the folios of a
 * mapping that is no longer unevictable off the unevictable LRU list.
 * There is a kswapd thread, except with VMSCAN_TINY, which has none.
 *
 * A test shrinker stands for a slab cache: it counts its objects, frees
 * what it is asked to scan and records the context it was called with.
 */

#include <kunit/test.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/mount.h>
#include <linux/pagemap.h>
#include <linux/pagevec.h>
#include <linux/ramfs.h>
#include <linux/sched/mm.h>
#include <linux/shrinker.h>
#include <linux/swap.h>

#include "internal.h"

#define VMSCAN_TEST_OBJECTS	4096

struct vmscan_test_cache {
	struct shrinker *shrinker;
	atomic_long_t objects;
	atomic_long_t scanned;
	gfp_t last_gfp;
};

static unsigned long vmscan_test_count(struct shrinker *shrinker,
				       struct shrink_control *sc)
{
	struct vmscan_test_cache *c = shrinker->private_data;
	long n = atomic_long_read(&c->objects);

	return n ? n : SHRINK_EMPTY;
}

static unsigned long vmscan_test_scan(struct shrinker *shrinker,
				      struct shrink_control *sc)
{
	struct vmscan_test_cache *c = shrinker->private_data;
	long n = min_t(long, sc->nr_to_scan, atomic_long_read(&c->objects));

	WRITE_ONCE(c->last_gfp, sc->gfp_mask);
	atomic_long_add(sc->nr_to_scan, &c->scanned);
	atomic_long_sub(n, &c->objects);
	return n;
}

/* Whether the last scan was allowed into file systems, and to do I/O */
static bool vmscan_test_fs(struct vmscan_test_cache *c)
{
	return READ_ONCE(c->last_gfp) & __GFP_FS;
}

static bool vmscan_test_io(struct vmscan_test_cache *c)
{
	return READ_ONCE(c->last_gfp) & __GFP_IO;
}

static void vmscan_test_cache_free(void *data)
{
	struct vmscan_test_cache *c = data;

	shrinker_free(c->shrinker);
}

static struct vmscan_test_cache *vmscan_test_cache(struct kunit *test)
{
	struct vmscan_test_cache *c;

	c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	atomic_long_set(&c->objects, VMSCAN_TEST_OBJECTS);
	c->shrinker = shrinker_alloc(0, "kunit-vmscan");
	KUNIT_ASSERT_NOT_NULL(test, c->shrinker);
	c->shrinker->count_objects = vmscan_test_count;
	c->shrinker->scan_objects = vmscan_test_scan;
	c->shrinker->private_data = c;
	shrinker_register(c->shrinker);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, vmscan_test_cache_free, c),
			0);
	return c;
}

/* Enter direct reclaim the way __alloc_pages_direct_reclaim() does */
static unsigned long vmscan_test_direct_reclaim(gfp_t gfp)
{
	unsigned int noreclaim;
	unsigned long progress;

	noreclaim = memalloc_noreclaim_save();
	fs_reclaim_acquire(gfp);
	progress = try_to_free_pages(node_zonelist(numa_node_id(), gfp), 0,
				     gfp, NULL);
	fs_reclaim_release(gfp);
	memalloc_noreclaim_restore(noreclaim);
	return progress;
}

static void vmscan_direct_reclaim_shrinks_test(struct kunit *test)
{
	struct vmscan_test_cache *c = vmscan_test_cache(test);

	vmscan_test_direct_reclaim(GFP_KERNEL);
	KUNIT_EXPECT_GT(test, atomic_long_read(&c->scanned), 0);
	KUNIT_EXPECT_LT(test, atomic_long_read(&c->objects),
			VMSCAN_TEST_OBJECTS);
	KUNIT_EXPECT_TRUE(test, vmscan_test_fs(c));
}

static void vmscan_direct_reclaim_nofs_test(struct kunit *test)
{
	struct vmscan_test_cache *c = vmscan_test_cache(test);
	unsigned int nofs;

	vmscan_test_direct_reclaim(GFP_NOFS);
	KUNIT_ASSERT_GT(test, atomic_long_read(&c->scanned), 0);
	KUNIT_EXPECT_FALSE(test, vmscan_test_fs(c));
	KUNIT_EXPECT_TRUE(test, vmscan_test_io(c));

	/* a GFP_KERNEL request in a NOFS scope is a GFP_NOFS one */
	atomic_long_set(&c->objects, VMSCAN_TEST_OBJECTS);
	atomic_long_set(&c->scanned, 0);
	nofs = memalloc_nofs_save();
	vmscan_test_direct_reclaim(GFP_KERNEL);
	memalloc_nofs_restore(nofs);
	KUNIT_ASSERT_GT(test, atomic_long_read(&c->scanned), 0);
	KUNIT_EXPECT_FALSE(test, vmscan_test_fs(c));
}

static void vmscan_drop_slab_test(struct kunit *test)
{
	struct vmscan_test_cache *c = vmscan_test_cache(test);

	drop_slab();
	/* what drop_caches does: scan until next to nothing is freed */
	KUNIT_EXPECT_LE(test, atomic_long_read(&c->objects), 1);
	KUNIT_EXPECT_GE(test, atomic_long_read(&c->scanned),
			VMSCAN_TEST_OBJECTS - 1);
	KUNIT_EXPECT_TRUE(test, vmscan_test_fs(c));
}

struct vmscan_test_file {
	struct vfsmount *mnt;
	struct inode *inode;
};

static void vmscan_test_file_free(void *data)
{
	struct vmscan_test_file *f = data;

	iput(f->inode);
	kern_unmount(f->mnt);
}

/* A regular file of a private ramfs mount, with no page in its cache */
static struct address_space *vmscan_test_mapping(struct kunit *test)
{
	struct file_system_type *type = get_fs_type("ramfs");
	struct vmscan_test_file *f;

	KUNIT_ASSERT_NOT_NULL(test, type);
	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->mnt = kern_mount(type);
	put_filesystem(type);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->mnt));
	f->inode = ramfs_get_inode(f->mnt->mnt_sb, NULL, S_IFREG | 0600, 0);
	if (!f->inode)
		kern_unmount(f->mnt);
	KUNIT_ASSERT_NOT_NULL(test, f->inode);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, vmscan_test_file_free, f),
			0);
	return f->inode->i_mapping;
}

/* A clean, up-to-date folio at @index, locked, with one reference ours */
static struct folio *vmscan_test_folio(struct kunit *test,
				       struct address_space *mapping,
				       pgoff_t index)
{
	struct folio *folio = filemap_alloc_folio(GFP_KERNEL, 0);

	KUNIT_ASSERT_NOT_NULL(test, folio);
	if (filemap_add_folio(mapping, folio, index, GFP_KERNEL)) {
		folio_put(folio);
		KUNIT_FAIL_AND_ABORT(test, "filemap_add_folio() failed\n");
	}
	folio_mark_uptodate(folio);
	/* the LRU batch lets go of the folio */
	lru_add_drain_all();
	/* ours and the page cache's */
	KUNIT_EXPECT_EQ(test, folio_ref_count(folio), 2);
	return folio;
}

static void vmscan_remove_mapping_clean_test(struct kunit *test)
{
	struct address_space *mapping = vmscan_test_mapping(test);
	struct folio *folio = vmscan_test_folio(test, mapping, 3);
	struct folio *found;

	KUNIT_EXPECT_EQ(test, mapping->nrpages, 1UL);
	KUNIT_EXPECT_EQ(test, remove_mapping(mapping, folio), 1L);
	KUNIT_EXPECT_NULL(test, folio->mapping);
	KUNIT_EXPECT_EQ(test, mapping->nrpages, 0UL);
	found = filemap_get_folio(mapping, 3);
	KUNIT_EXPECT_PTR_EQ(test, found, ERR_PTR(-ENOENT));
	if (!IS_ERR(found))
		folio_put(found);
	/* the page cache's reference went with the folio */
	KUNIT_EXPECT_EQ(test, folio_ref_count(folio), 1);
	folio_unlock(folio);
	folio_put(folio);
}

static void vmscan_remove_mapping_kept_test(struct kunit *test)
{
	struct address_space *mapping = vmscan_test_mapping(test);
	struct folio *dirty = vmscan_test_folio(test, mapping, 0);
	struct folio *busy = vmscan_test_folio(test, mapping, 1);

	folio_mark_dirty(dirty);
	KUNIT_EXPECT_EQ(test, remove_mapping(mapping, dirty), 0L);
	KUNIT_EXPECT_PTR_EQ(test, dirty->mapping, mapping);
	KUNIT_EXPECT_EQ(test, folio_ref_count(dirty), 2);

	/* a reference someone else holds */
	folio_get(busy);
	KUNIT_EXPECT_EQ(test, remove_mapping(mapping, busy), 0L);
	KUNIT_EXPECT_PTR_EQ(test, busy->mapping, mapping);
	KUNIT_EXPECT_EQ(test, folio_ref_count(busy), 3);
	folio_put(busy);

	KUNIT_EXPECT_EQ(test, mapping->nrpages, 2UL);
	folio_unlock(dirty);
	folio_unlock(busy);
	folio_put(dirty);
	folio_put(busy);
	/* iput() of the cleanup truncates both */
}

/*
 * The folios of an unevictable mapping go on the unevictable LRU list;
 * once the mapping is evictable again, check_move_unevictable_folios()
 * moves them to an evictable one.
 */
static void vmscan_unevictable_moved_test(struct kunit *test)
{
	struct address_space *mapping = vmscan_test_mapping(test);
	struct folio_batch fbatch;
	struct folio *folio;

	mapping_set_unevictable(mapping);
	folio = vmscan_test_folio(test, mapping, 0);
	folio_unlock(folio);
	KUNIT_EXPECT_TRUE(test, folio_test_lru(folio));
	KUNIT_EXPECT_TRUE(test, folio_test_unevictable(folio));

	mapping_clear_unevictable(mapping);
	folio_batch_init(&fbatch);
	folio_batch_add(&fbatch, folio);
	check_move_unevictable_folios(&fbatch);
	KUNIT_EXPECT_TRUE(test, folio_test_lru(folio));
	KUNIT_EXPECT_FALSE(test, folio_test_unevictable(folio));
	/* the batch's reference was ours */
	folio_batch_release(&fbatch);
}

/*
 * mm/vmscan.c has a kswapd thread per node, started at boot. With
 * VMSCAN_TINY there is none: a work item runs in its place when woken.
 */
static void vmscan_kswapd_test(struct kunit *test)
{
	pg_data_t *pgdat = NODE_DATA(numa_node_id());

	if (IS_ENABLED(CONFIG_VMSCAN_TINY)) {
		KUNIT_EXPECT_NULL(test, pgdat->kswapd);
		return;
	}
	KUNIT_ASSERT_NOT_NULL(test, pgdat->kswapd);
	KUNIT_EXPECT_EQ(test, strncmp(pgdat->kswapd->comm, "kswapd", 6), 0);
}

static struct kunit_case vmscan_test_cases[] = {
	KUNIT_CASE(vmscan_direct_reclaim_shrinks_test),
	KUNIT_CASE(vmscan_direct_reclaim_nofs_test),
	KUNIT_CASE(vmscan_drop_slab_test),
	KUNIT_CASE(vmscan_remove_mapping_clean_test),
	KUNIT_CASE(vmscan_remove_mapping_kept_test),
	KUNIT_CASE(vmscan_unevictable_moved_test),
	KUNIT_CASE(vmscan_kswapd_test),
	{}
};

static struct kunit_suite vmscan_test_suite = {
	.name = "mm_vmscan",
	.test_cases = vmscan_test_cases,
};

kunit_test_suite(vmscan_test_suite);

MODULE_DESCRIPTION("KUnit tests for page reclaim");
MODULE_LICENSE("GPL");
