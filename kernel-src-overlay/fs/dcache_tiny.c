// SPDX-License-Identifier: GPL-2.0-only
/*
 * A serialized dentry cache for tiny uniprocessor systems.
 *
 * This file replaces fs/dcache.c when CONFIG_DCACHE_TINY=y. It implements
 * the same interface (include/linux/dcache.h, the dcache part of
 * fs/internal.h, the exports) with the same struct dentry, but none of the
 * machinery that fs/dcache.c has for thousands of concurrent lookups on
 * many CPUs: there is no RCU path walk, no boot-time hash table, no
 * per-bucket locks and no lockless dput().
 *
 * Locking. One spinlock, dcache_tiny_lock ("the dcache lock", as before
 * 2.6.38), serializes the tree (d_parent, d_children/d_sib), the in-lookup
 * set, renames, lookups and the killing of dentries: a dentry is unlinked
 * from everything (hash, parent, alias list, LRU) in one critical section
 * under it, so no walker ever sees a half-dead dentry. The per-dentry
 * d_lock and the lockref stay what other code expects: d_lock protects
 * d_flags, the count, the name and, on the parent, its d_children list
 * (libfs reads that list and moves its cursors under the parent's d_lock
 * alone, so changes to it take both locks); inode->i_lock protects the
 * alias list (i_dentry). The hash chains have their own innermost lock,
 * d_hash_lock, because __d_drop() is called with only d_lock held.
 * The order is:
 *
 *	mount_lock (path_has_submounts, dput_to_list under it)
 *	  dcache_tiny_lock
 *	    rename_lock (write side, d_move/d_exchange/d_splice_alias)
 *	      inode->i_lock
 *		parent->d_lock
 *		  dentry->d_lock (DENTRY_D_LOCK_NESTED)
 *		    d_hash_lock, the list_lru lock
 *
 * The shrinker's list_lru walk runs with the list_lru lock held and only
 * trylocks d_lock, as fs/dcache.c does. Calls that may sleep (iput(),
 * ->d_iput, ->d_release) are made with no spinlock held. A count going
 * from 0 to 1 needs a lock that the killer also holds (dcache_tiny_lock for
 * lookups, i_lock for alias lookups, the parent's d_lock for libfs), and a
 * count going from 1 to 0 takes dcache_tiny_lock, so a dentry whose count
 * is 0 under all of them can be killed.
 *
 * Why !SMP: with one CPU a spinlock only disables preemption, so the one
 * global lock costs nothing and never spins; on SMP every lookup and every
 * final dput() of every CPU would contend for it.
 *
 * Lookups. A hashed dentry is on a chain of a small hash table keyed by
 * its name hash (which the VFS salts with the parent's address). The table
 * starts as 16 static buckets (64 bytes on 32-bit; nothing is allocated at
 * boot) and is doubled, with all chains rehashed under d_hash_lock, when
 * the number of dentries grows past twice the number of buckets, up to
 * 2^16 buckets. It never shrinks: it stays at the size of the peak
 * population, about 2-4 bytes per peak dentry on 32-bit. Lookups in
 * 10,000-entry directories therefore stay O(1). The in-lookup set
 * (d_alloc_parallel) is a plain list under dcache_tiny_lock: it only holds
 * lookups in progress.
 *
 * No RCU path walk. fs/namei.c starts every path walk in ref-walk mode
 * when CONFIG_DCACHE_TINY is set (LOOKUP_RCU_FIRST), so __d_lookup_rcu()
 * is never reached from there and returns NULL (its only other caller,
 * d_alloc_parallel(), is in this file). Dentries are still freed after an
 * RCU grace period, because fs/d_path.c, dget_parent() callers and
 * d_find_alias_rcu() users read them under rcu_read_lock(), and names
 * are refcounted like fs/dcache.c's so that name snapshots stay valid.
 * d_seq is not written (nothing reads it outside the RCU walk);
 * rename_lock is still taken for writing around every rename, so
 * fs/d_path.c works unchanged.
 *
 * LRU and shrinking. Unused dentries are kept on sb->s_dentry_lru, so the
 * per-superblock shrinker in fs/super.c counts and prunes them through
 * prune_dcache_sb() as with fs/dcache.c (second chance through
 * DCACHE_REFERENCED). Private shrink lists (dput_to_list(),
 * shrink_dentry_list(), DCACHE_SHRINK_LIST) keep their contract: a dentry
 * killed while on someone else's list is freed by the list's owner.
 * shrink_dcache_parent() and the other subtree operations walk the tree
 * under dcache_tiny_lock and kill what they collected after dropping it;
 * since a dentry with no references cannot have children, every pass kills
 * one level of leaves.
 *
 * Not kept: the dhash_entries= boot parameter (there is no boot-time
 * table), per-CPU statistics (plain atomic counters instead), and the
 * lockless fast paths of dput() and dget_parent().
 */

#include <linux/fs.h>
#include <linux/fscrypt.h>
#include <linux/fsnotify.h>
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/list_lru.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/ratelimit.h>
#include <linux/rculist_bl.h>
#include <linux/security.h>
#include <linux/seqlock.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include "internal.h"
#include "mount.h"

int sysctl_vfs_cache_pressure __read_mostly = 100;
EXPORT_SYMBOL_GPL(sysctl_vfs_cache_pressure);

DEFINE_SEQLOCK(rename_lock);
EXPORT_SYMBOL(rename_lock);

const struct qstr empty_name = QSTR_INIT("", 0);
EXPORT_SYMBOL(empty_name);
const struct qstr slash_name = QSTR_INIT("/", 1);
EXPORT_SYMBOL(slash_name);
const struct qstr dotdot_name = QSTR_INIT("..", 2);
EXPORT_SYMBOL(dotdot_name);

struct kmem_cache *names_cachep __ro_after_init;
EXPORT_SYMBOL(names_cachep);

static struct kmem_cache *dentry_cache __ro_after_init;

/* the dcache lock: see the comment at the top of the file */
static DEFINE_SPINLOCK(dcache_tiny_lock);

/* the hash chains and sb->s_roots; innermost */
static DEFINE_SPINLOCK(d_hash_lock);

#define D_HASH_MIN_BITS	4
#define D_HASH_MAX_BITS	16

static struct hlist_bl_head d_hash_first[1 << D_HASH_MIN_BITS];
static struct hlist_bl_head *d_hash_table = d_hash_first;
static unsigned int d_hash_bits = D_HASH_MIN_BITS;
/* grow the table when there are more dentries than this */
static unsigned long d_hash_limit = 2UL << D_HASH_MIN_BITS;

/* dentries being looked up by d_alloc_parallel(), under dcache_tiny_lock */
static struct hlist_bl_head d_in_lookup_list;

static atomic_long_t nr_dentry;
static atomic_long_t nr_dentry_unused;
static atomic_long_t nr_dentry_negative;

#if IS_ENABLED(CONFIG_DCACHE_KUNIT_TEST)
/* The number of dentries allocated and not yet freed, for dcache_kunit.c */
long dcache_nr_dentries(void)
{
	return atomic_long_read(&nr_dentry);
}
#endif

#if defined(CONFIG_SYSCTL) && defined(CONFIG_PROC_FS)
/* fs.dentry-state: nr_dentry, nr_unused, age_limit, want_pages, nr_negative, dummy */
static long dentry_state[6] = { 0, 0, 45, 0, 0, 0 };

static int proc_nr_dentry(const struct ctl_table *table, int write,
			  void *buffer, size_t *lenp, loff_t *ppos)
{
	dentry_state[0] = max(atomic_long_read(&nr_dentry), 0L);
	dentry_state[1] = max(atomic_long_read(&nr_dentry_unused), 0L);
	dentry_state[4] = max(atomic_long_read(&nr_dentry_negative), 0L);
	return proc_doulongvec_minmax(table, write, buffer, lenp, ppos);
}

static struct ctl_table fs_dcache_sysctls[] = {
	{
		.procname	= "dentry-state",
		.data		= &dentry_state,
		.maxlen		= sizeof(dentry_state),
		.mode		= 0444,
		.proc_handler	= proc_nr_dentry,
	},
};

static int __init init_fs_dcache_sysctls(void)
{
	register_sysctl_init("fs", fs_dcache_sysctls);
	return 0;
}
fs_initcall(init_fs_dcache_sysctls);
#endif

/* Names that do not fit in d_iname, shared by renames and snapshots. */
struct external_name {
	union {
		atomic_t count;
		struct rcu_head head;
	} u;
	unsigned char name[];
};

static inline bool dname_external(const struct dentry *dentry)
{
	return dentry->d_name.name != dentry->d_iname;
}

static inline struct external_name *to_external_name(const unsigned char *name)
{
	return container_of(name, struct external_name, name[0]);
}

static void put_external_name(const unsigned char *name)
{
	struct external_name *p = to_external_name(name);

	if (atomic_dec_and_test(&p->u.count))
		kfree_rcu(p, u.head);
}

void take_dentry_name_snapshot(struct name_snapshot *name, struct dentry *dentry)
{
	spin_lock(&dentry->d_lock);
	name->name = dentry->d_name;
	if (dname_external(dentry)) {
		atomic_inc(&to_external_name(dentry->d_name.name)->u.count);
	} else {
		memcpy(name->inline_name, dentry->d_iname, dentry->d_name.len + 1);
		name->name.name = name->inline_name;
	}
	spin_unlock(&dentry->d_lock);
}
EXPORT_SYMBOL(take_dentry_name_snapshot);

void release_dentry_name_snapshot(struct name_snapshot *name)
{
	if (name->name.name != name->inline_name)
		put_external_name(name->name.name);
}
EXPORT_SYMBOL(release_dentry_name_snapshot);

/* ---- the hash table ---------------------------------------------------- */

static inline struct hlist_bl_head *d_hash_bucket(unsigned int hash)
{
	return d_hash_table + hash_32(hash, d_hash_bits);
}

/*
 * Add @n at the head of @b. The chains are hlist_bl lists, as struct dentry
 * wants, but one spinlock serializes them: the bit lock is taken only
 * because list_bl insists on it with CONFIG_DEBUG_LIST and DEBUG_SPINLOCK.
 * On a uniprocessor kernel without DEBUG_SPINLOCK it compiles to nothing.
 */
static void d_bl_add(struct hlist_bl_node *n, struct hlist_bl_head *b)
{
	hlist_bl_lock(b);
	hlist_bl_add_head(n, b);
	hlist_bl_unlock(b);
}

/* Add @dentry to @b, or to its hash chain if @b is NULL; d_lock held. */
static void d_hash_add(struct dentry *dentry, struct hlist_bl_head *b)
{
	spin_lock(&d_hash_lock);
	d_bl_add(&dentry->d_hash, b ?: d_hash_bucket(dentry->d_name.hash));
	spin_unlock(&d_hash_lock);
}

/* Double the table (or more) for @count dentries; may sleep. */
static void d_hash_grow(unsigned long count)
{
	unsigned int bits = min_t(unsigned int, ilog2(count) + 1, D_HASH_MAX_BITS);
	struct hlist_bl_head *table, *old = NULL;
	unsigned int i, old_bits;

	table = kvcalloc(1U << bits, sizeof(*table), GFP_KERNEL | __GFP_NOWARN);
	spin_lock(&d_hash_lock);
	if (!table) {
		/* keep the old table, try again at twice the population */
		d_hash_limit = max(d_hash_limit, count) * 2;
		spin_unlock(&d_hash_lock);
		return;
	}
	if (bits <= d_hash_bits) {
		spin_unlock(&d_hash_lock);
		kvfree(table);
		return;
	}
	old_bits = d_hash_bits;
	for (i = 0; i < (1U << old_bits); i++) {
		struct hlist_bl_head *b = &d_hash_table[i];

		while (!hlist_bl_empty(b)) {
			struct dentry *dentry = hlist_bl_entry(hlist_bl_first(b),
							       struct dentry, d_hash);

			__hlist_bl_del(&dentry->d_hash);
			d_bl_add(&dentry->d_hash, table + hash_32(dentry->d_name.hash, bits));
		}
	}
	if (d_hash_table != d_hash_first)
		old = d_hash_table;
	d_hash_table = table;
	d_hash_bits = bits;
	d_hash_limit = bits < D_HASH_MAX_BITS ? 2UL << bits : ULONG_MAX;
	spin_unlock(&d_hash_lock);
	kvfree(old);
}

void __d_drop(struct dentry *dentry)
{
	if (!d_unhashed(dentry)) {
		spin_lock(&d_hash_lock);
		__hlist_bl_del(&dentry->d_hash);
		dentry->d_hash.pprev = NULL;
		spin_unlock(&d_hash_lock);
	}
}
EXPORT_SYMBOL(__d_drop);

void d_drop(struct dentry *dentry)
{
	spin_lock(&dentry->d_lock);
	__d_drop(dentry);
	spin_unlock(&dentry->d_lock);
}
EXPORT_SYMBOL(d_drop);

void d_rehash(struct dentry *entry)
{
	spin_lock(&entry->d_lock);
	d_hash_add(entry, NULL);
	spin_unlock(&entry->d_lock);
}
EXPORT_SYMBOL(d_rehash);

/* ---- types, inodes and the LRU ----------------------------------------- */

static void d_set_inode_and_type(struct dentry *dentry, struct inode *inode,
				 unsigned int type)
{
	unsigned int flags = READ_ONCE(dentry->d_flags);

	dentry->d_inode = inode;
	flags = (flags & ~DCACHE_ENTRY_TYPE) | type;
	/* the inode before the type, for d_is_*() readers without d_lock */
	smp_store_release(&dentry->d_flags, flags);
}

static void d_clear_inode_and_type(struct dentry *dentry)
{
	WRITE_ONCE(dentry->d_flags, dentry->d_flags & ~DCACHE_ENTRY_TYPE);
	dentry->d_inode = NULL;
	if (dentry->d_flags & DCACHE_LRU_LIST)
		atomic_long_inc(&nr_dentry_negative);
}

/* The DCACHE_*_TYPE and automount flags for @inode. */
static unsigned int d_flags_for_inode(struct inode *inode)
{
	unsigned int flags;

	if (!inode)
		return DCACHE_MISS_TYPE;
	if (S_ISDIR(inode->i_mode)) {
		flags = DCACHE_DIRECTORY_TYPE;
		if (!(inode->i_opflags & IOP_LOOKUP)) {
			if (inode->i_op->lookup)
				inode->i_opflags |= IOP_LOOKUP;
			else
				flags = DCACHE_AUTODIR_TYPE;
		}
	} else if (!(inode->i_opflags & IOP_NOFOLLOW) && inode->i_op->get_link) {
		flags = DCACHE_SYMLINK_TYPE;
	} else {
		if (!(inode->i_opflags & IOP_NOFOLLOW))
			inode->i_opflags |= IOP_NOFOLLOW;
		flags = S_ISREG(inode->i_mode) ? DCACHE_REGULAR_TYPE :
						 DCACHE_SPECIAL_TYPE;
	}
	if (IS_AUTOMOUNT(inode))
		flags |= DCACHE_NEED_AUTOMOUNT;
	return flags;
}

/* d_lock held for all of the LRU helpers */
static void d_lru_add(struct dentry *dentry)
{
	dentry->d_flags |= DCACHE_LRU_LIST;
	atomic_long_inc(&nr_dentry_unused);
	if (d_is_negative(dentry))
		atomic_long_inc(&nr_dentry_negative);
	list_lru_add_obj(&dentry->d_sb->s_dentry_lru, &dentry->d_lru);
}

static void d_lru_forget(struct dentry *dentry)
{
	dentry->d_flags &= ~DCACHE_LRU_LIST;
	atomic_long_dec(&nr_dentry_unused);
	if (d_is_negative(dentry))
		atomic_long_dec(&nr_dentry_negative);
}

static void d_lru_del(struct dentry *dentry)
{
	d_lru_forget(dentry);
	list_lru_del_obj(&dentry->d_sb->s_dentry_lru, &dentry->d_lru);
}

/* Put an unused dentry on a private shrink list, unless it is on one. */
static void to_shrink_list(struct dentry *dentry, struct list_head *list)
{
	if (dentry->d_flags & DCACHE_SHRINK_LIST)
		return;
	if (dentry->d_flags & DCACHE_LRU_LIST)
		d_lru_del(dentry);
	list_add(&dentry->d_lru, list);
	dentry->d_flags |= DCACHE_SHRINK_LIST;
}

/* ---- allocation and freeing -------------------------------------------- */

static void d_free_rcu(struct rcu_head *head)
{
	kmem_cache_free(dentry_cache, container_of(head, struct dentry, d_u.d_rcu));
}

static void dentry_free(struct dentry *dentry)
{
	WARN_ON(!hlist_unhashed(&dentry->d_u.d_alias));
	if (dname_external(dentry))
		put_external_name(dentry->d_name.name);
	if (dentry->d_flags & DCACHE_NORCU)
		kmem_cache_free(dentry_cache, dentry);
	else
		call_rcu(&dentry->d_u.d_rcu, d_free_rcu);
}

static struct dentry *__d_alloc(struct super_block *sb, const struct qstr *name)
{
	struct dentry *dentry;
	unsigned char *dname;
	long count;

	dentry = kmem_cache_alloc_lru(dentry_cache, &sb->s_dentry_lru, GFP_KERNEL);
	if (!dentry)
		return NULL;
	if (!name)
		name = &slash_name;
	dname = dentry->d_iname;
	if (name->len >= DNAME_INLINE_LEN) {
		struct external_name *p;

		p = kmalloc(struct_size(p, name, name->len + 1),
			    GFP_KERNEL_ACCOUNT | __GFP_RECLAIMABLE);
		if (!p) {
			kmem_cache_free(dentry_cache, dentry);
			return NULL;
		}
		atomic_set(&p->u.count, 1);
		dname = p->name;
	}
	dentry->d_iname[DNAME_INLINE_LEN - 1] = 0;
	memcpy(dname, name->name, name->len);
	dname[name->len] = 0;
	dentry->d_name.hash_len = name->hash_len;
	dentry->d_name.name = dname;

	dentry->d_lockref.count = 1;
	dentry->d_flags = 0;
	spin_lock_init(&dentry->d_lock);
	seqcount_spinlock_init(&dentry->d_seq, &dentry->d_lock);
	dentry->d_inode = NULL;
	dentry->d_parent = dentry;
	dentry->d_sb = sb;
	dentry->d_op = NULL;
	dentry->d_fsdata = NULL;
	dentry->d_time = 0;
	INIT_HLIST_BL_NODE(&dentry->d_hash);
	INIT_LIST_HEAD(&dentry->d_lru);
	INIT_HLIST_HEAD(&dentry->d_children);
	INIT_HLIST_NODE(&dentry->d_u.d_alias);
	INIT_HLIST_NODE(&dentry->d_sib);
	d_set_d_op(dentry, sb->s_d_op);
	if (dentry->d_op && dentry->d_op->d_init && dentry->d_op->d_init(dentry)) {
		if (dname_external(dentry))
			kfree(to_external_name(dname));
		kmem_cache_free(dentry_cache, dentry);
		return NULL;
	}
	count = atomic_long_inc_return(&nr_dentry);
	if (unlikely(count > READ_ONCE(d_hash_limit)))
		d_hash_grow(count);
	return dentry;
}

/* Make @dentry a child of @parent; dcache_tiny_lock held. */
static void d_attach(struct dentry *dentry, struct dentry *parent)
{
	spin_lock(&parent->d_lock);
	dentry->d_parent = dget_dlock(parent);
	hlist_add_head(&dentry->d_sib, &parent->d_children);
	if (parent->d_flags & DCACHE_DISCONNECTED && d_in_lookup(dentry))
		dentry->d_flags |= DCACHE_DISCONNECTED;
	spin_unlock(&parent->d_lock);
}

struct dentry *d_alloc(struct dentry *parent, const struct qstr *name)
{
	struct dentry *dentry = __d_alloc(parent->d_sb, name);

	if (dentry) {
		spin_lock(&dcache_tiny_lock);
		d_attach(dentry, parent);
		spin_unlock(&dcache_tiny_lock);
	}
	return dentry;
}
EXPORT_SYMBOL(d_alloc);

struct dentry *d_alloc_anon(struct super_block *sb)
{
	return __d_alloc(sb, NULL);
}
EXPORT_SYMBOL(d_alloc_anon);

/* libfs links the cursor into the parent's children itself */
struct dentry *d_alloc_cursor(struct dentry *parent)
{
	struct dentry *dentry = d_alloc_anon(parent->d_sb);

	if (dentry) {
		dentry->d_flags |= DCACHE_DENTRY_CURSOR;
		dentry->d_parent = dget(parent);
	}
	return dentry;
}

struct dentry *d_alloc_pseudo(struct super_block *sb, const struct qstr *name)
{
	static const struct dentry_operations pseudo_dops = {
		.d_dname = simple_dname,
	};
	struct dentry *dentry = __d_alloc(sb, name);

	if (dentry) {
		dentry->d_flags |= DCACHE_NORCU;
		if (!sb->s_d_op)
			d_set_d_op(dentry, &pseudo_dops);
	}
	return dentry;
}

struct dentry *d_alloc_name(struct dentry *parent, const char *name)
{
	struct qstr q = QSTR_INIT(name, 0);

	q.hash_len = hashlen_string(parent, name);
	return d_alloc(parent, &q);
}
EXPORT_SYMBOL(d_alloc_name);

void d_set_d_op(struct dentry *dentry, const struct dentry_operations *op)
{
	unsigned int flags = 0;

	WARN_ON_ONCE(dentry->d_op);
	WARN_ON_ONCE(dentry->d_flags & (DCACHE_OP_HASH | DCACHE_OP_COMPARE |
					DCACHE_OP_REVALIDATE | DCACHE_OP_DELETE |
					DCACHE_OP_WEAK_REVALIDATE | DCACHE_OP_REAL));
	dentry->d_op = op;
	if (!op)
		return;
	if (op->d_hash)
		flags |= DCACHE_OP_HASH;
	if (op->d_compare)
		flags |= DCACHE_OP_COMPARE;
	if (op->d_revalidate)
		flags |= DCACHE_OP_REVALIDATE;
	if (op->d_weak_revalidate)
		flags |= DCACHE_OP_WEAK_REVALIDATE;
	if (op->d_delete)
		flags |= DCACHE_OP_DELETE;
	if (op->d_prune)
		flags |= DCACHE_OP_PRUNE;
	if (op->d_real)
		flags |= DCACHE_OP_REAL;
	dentry->d_flags |= flags;
}
EXPORT_SYMBOL(d_set_d_op);

/* ---- killing ----------------------------------------------------------- */

/*
 * Kill an unused dentry. Called with dcache_tiny_lock held and no d_lock;
 * returns with the lock dropped. The dentry is unlinked from everything in
 * one go, then its inode and the dentry itself are released outside the
 * lock. Returns the parent, whose reference the caller must drop, or NULL
 * (no parent, or somebody took a reference meanwhile).
 */
static struct dentry *dentry_kill(struct dentry *dentry)
	__releases(&dcache_tiny_lock)
{
	struct inode *inode = dentry->d_inode;
	struct dentry *parent = NULL;
	bool notify_dead = false;
	bool can_free;

	if (inode)
		spin_lock(&inode->i_lock);
	if (!IS_ROOT(dentry)) {
		parent = dentry->d_parent;
		spin_lock(&parent->d_lock);
		spin_lock_nested(&dentry->d_lock, DENTRY_D_LOCK_NESTED);
	} else {
		spin_lock(&dentry->d_lock);
	}
	if (dentry->d_lockref.count || dentry->d_inode != inode) {
		/* in use again: its new user will put it */
		spin_unlock(&dentry->d_lock);
		if (parent)
			spin_unlock(&parent->d_lock);
		if (inode)
			spin_unlock(&inode->i_lock);
		spin_unlock(&dcache_tiny_lock);
		return NULL;
	}
	lockref_mark_dead(&dentry->d_lockref);
	if (dentry->d_flags & DCACHE_OP_PRUNE)
		dentry->d_op->d_prune(dentry);
	if (dentry->d_flags & DCACHE_LRU_LIST)
		d_lru_del(dentry);
	__d_drop(dentry);
	if (!hlist_unhashed(&dentry->d_sib))
		hlist_del_init(&dentry->d_sib);
	if (inode) {
		d_clear_inode_and_type(dentry);
		hlist_del_init(&dentry->d_u.d_alias);
		notify_dead = !inode->i_nlink && hlist_empty(&inode->i_dentry);
	}
	spin_unlock(&dentry->d_lock);
	if (parent)
		spin_unlock(&parent->d_lock);
	if (inode)
		spin_unlock(&inode->i_lock);
	spin_unlock(&dcache_tiny_lock);
	atomic_long_dec(&nr_dentry);

	if (inode) {
		if (notify_dead)
			fsnotify_inoderemove(inode);
		if (dentry->d_op && dentry->d_op->d_iput)
			dentry->d_op->d_iput(dentry, inode);
		else
			iput(inode);
	}
	if (dentry->d_op && dentry->d_op->d_release)
		dentry->d_op->d_release(dentry);

	/* the owner of a shrink list it is on frees it when it sees KILLED */
	spin_lock(&dentry->d_lock);
	dentry->d_flags |= DCACHE_DENTRY_KILLED;
	can_free = !(dentry->d_flags & DCACHE_SHRINK_LIST);
	spin_unlock(&dentry->d_lock);
	if (can_free)
		dentry_free(dentry);
	cond_resched();
	return parent;
}

/* Should an unused dentry stay cached? d_lock held; puts it on the LRU. */
static bool d_keep(struct dentry *dentry)
{
	unsigned int flags = dentry->d_flags;

	if (d_unhashed(dentry) || (flags & (DCACHE_DISCONNECTED | DCACHE_DONTCACHE)))
		return false;
	if ((flags & DCACHE_OP_DELETE) && dentry->d_op->d_delete(dentry))
		return false;
	if (flags & DCACHE_SHRINK_LIST)
		return true;
	if (!(flags & DCACHE_LRU_LIST))
		d_lru_add(dentry);
	else
		dentry->d_flags |= DCACHE_REFERENCED;
	return true;
}

/*
 * Drop what may be the last reference. Takes dcache_tiny_lock; returns
 * holding it when the dentry must be killed (with d_lock released), or
 * NULL with nothing held when it is still in use or kept. @list: put a
 * dentry to be killed there instead (dput_to_list()).
 */
static struct dentry *d_put_last(struct dentry *dentry, struct list_head *list)
	__acquires(&dcache_tiny_lock)
{
	spin_lock(&dcache_tiny_lock);
	spin_lock(&dentry->d_lock);
	if (WARN_ON_ONCE(dentry->d_lockref.count <= 0) ||
	    --dentry->d_lockref.count || d_keep(dentry))
		goto keep;
	if (list) {
		to_shrink_list(dentry, list);
		goto keep;
	}
	spin_unlock(&dentry->d_lock);
	return dentry;
keep:
	spin_unlock(&dentry->d_lock);
	spin_unlock(&dcache_tiny_lock);
	return NULL;
}

void dput(struct dentry *dentry)
{
	while (dentry) {
		might_sleep();
		if (lockref_put_not_zero(&dentry->d_lockref))
			return;
		dentry = d_put_last(dentry, NULL);
		if (dentry)
			dentry = dentry_kill(dentry);
	}
}
EXPORT_SYMBOL(dput);

void dput_to_list(struct dentry *dentry, struct list_head *list)
{
	if (!lockref_put_not_zero(&dentry->d_lockref))
		d_put_last(dentry, list);
}

/*
 * Drop the reference that a dentry killed by a shrinker held on @parent. A
 * parent left unused goes too, up the tree, as with fs/dcache.c's
 * shrinkers: kept, it would be a lone dentry on the LRU, which a shrinker
 * scanning in proportion to what it counts might never get to.
 */
static void shrink_parent(struct dentry *parent)
{
	while (parent && !lockref_put_not_zero(&parent->d_lockref)) {
		spin_lock(&dcache_tiny_lock);
		spin_lock(&parent->d_lock);
		if (WARN_ON_ONCE(parent->d_lockref.count <= 0) ||
		    --parent->d_lockref.count) {
			spin_unlock(&parent->d_lock);
			spin_unlock(&dcache_tiny_lock);
			return;
		}
		spin_unlock(&parent->d_lock);
		parent = dentry_kill(parent);
	}
}

void shrink_dentry_list(struct list_head *list)
{
	while (!list_empty(list)) {
		struct dentry *dentry = list_last_entry(list, struct dentry, d_lru);

		spin_lock(&dcache_tiny_lock);
		spin_lock(&dentry->d_lock);
		list_del_init(&dentry->d_lru);
		dentry->d_flags &= ~DCACHE_SHRINK_LIST;
		if (dentry->d_flags & DCACHE_DENTRY_KILLED) {
			/* killed by somebody else while it was on our list */
			spin_unlock(&dentry->d_lock);
			spin_unlock(&dcache_tiny_lock);
			dentry_free(dentry);
			continue;
		}
		if (dentry->d_lockref.count) {
			/* in use (its user puts it) or being killed (the killer frees it) */
			spin_unlock(&dentry->d_lock);
			spin_unlock(&dcache_tiny_lock);
			continue;
		}
		spin_unlock(&dentry->d_lock);
		shrink_parent(dentry_kill(dentry));
	}
}

static enum lru_status dentry_lru_isolate(struct list_head *item,
					  struct list_lru_one *lru,
					  spinlock_t *lru_lock, void *arg)
{
	struct dentry *dentry = container_of(item, struct dentry, d_lru);

	if (!spin_trylock(&dentry->d_lock))
		return LRU_SKIP;
	if (!dentry->d_lockref.count && (dentry->d_flags & DCACHE_REFERENCED)) {
		/* second chance */
		dentry->d_flags &= ~DCACHE_REFERENCED;
		spin_unlock(&dentry->d_lock);
		return LRU_ROTATE;
	}
	d_lru_forget(dentry);
	if (dentry->d_lockref.count) {
		/* in use: leave the LRU, its last dput() puts it back */
		list_lru_isolate(lru, &dentry->d_lru);
	} else {
		dentry->d_flags |= DCACHE_SHRINK_LIST;
		list_lru_isolate_move(lru, &dentry->d_lru, arg);
	}
	spin_unlock(&dentry->d_lock);
	return LRU_REMOVED;
}

long prune_dcache_sb(struct super_block *sb, struct shrink_control *sc)
{
	LIST_HEAD(dispose);
	long freed;

	freed = list_lru_shrink_walk(&sb->s_dentry_lru, sc, dentry_lru_isolate, &dispose);
	shrink_dentry_list(&dispose);
	return freed;
}

static enum lru_status dentry_lru_isolate_all(struct list_head *item,
					      struct list_lru_one *lru,
					      spinlock_t *lru_lock, void *arg)
{
	struct dentry *dentry = container_of(item, struct dentry, d_lru);

	if (!spin_trylock(&dentry->d_lock))
		return LRU_SKIP;
	d_lru_forget(dentry);
	dentry->d_flags |= DCACHE_SHRINK_LIST;
	list_lru_isolate_move(lru, &dentry->d_lru, arg);
	spin_unlock(&dentry->d_lock);
	return LRU_REMOVED;
}

void shrink_dcache_sb(struct super_block *sb)
{
	do {
		LIST_HEAD(dispose);

		list_lru_walk(&sb->s_dentry_lru, dentry_lru_isolate_all, &dispose, 1024);
		shrink_dentry_list(&dispose);
	} while (list_lru_count(&sb->s_dentry_lru) > 0);
}
EXPORT_SYMBOL(shrink_dcache_sb);

/* ---- subtree walks ----------------------------------------------------- */

enum d_walk_ret {
	D_WALK_CONTINUE,
	D_WALK_QUIT,
	D_WALK_SKIP,
};

/*
 * Call @enter on @root and on every dentry below it, parents first.
 * dcache_tiny_lock held, so nothing is added, removed or moved meanwhile;
 * only libfs cursors move, under their parent's d_lock, which is held
 * while that parent's children are scanned. @enter is called with the
 * dentry's d_lock held (and its parent's, nested) and must not drop them.
 */
static void d_walk(struct dentry *root, void *data,
		   enum d_walk_ret (*enter)(void *, struct dentry *))
{
	struct dentry *this = root, *child;
	enum d_walk_ret ret;

	lockdep_assert_held(&dcache_tiny_lock);
	spin_lock(&root->d_lock);
	ret = enter(data, root);
	if (ret != D_WALK_CONTINUE)
		goto out;
	child = d_first_child(root);
	for (;;) {
		while (child) {
			if (child->d_flags & DCACHE_DENTRY_CURSOR) {
				child = d_next_sibling(child);
				continue;
			}
			spin_lock_nested(&child->d_lock, DENTRY_D_LOCK_NESTED);
			ret = enter(data, child);
			if (ret == D_WALK_QUIT) {
				spin_unlock(&child->d_lock);
				goto out;
			}
			if (ret == D_WALK_CONTINUE && !hlist_empty(&child->d_children)) {
				/* descend */
				spin_release(&child->d_lock.dep_map, _RET_IP_);
				spin_unlock(&this->d_lock);
				spin_acquire(&child->d_lock.dep_map, 0, 1, _RET_IP_);
				this = child;
				child = d_first_child(this);
				continue;
			}
			spin_unlock(&child->d_lock);
			child = d_next_sibling(child);
		}
		if (this == root)
			break;
		/* ascend */
		child = this;
		this = child->d_parent;
		spin_unlock(&child->d_lock);
		spin_lock(&this->d_lock);
		child = d_next_sibling(child);
	}
out:
	spin_unlock(&this->d_lock);
}

struct check_mount {
	struct vfsmount *mnt;
	bool mounted;
};

static enum d_walk_ret path_check_mount(void *data, struct dentry *dentry)
{
	struct check_mount *info = data;
	struct path path = { .mnt = info->mnt, .dentry = dentry };

	if (d_mountpoint(dentry) && __path_is_mountpoint(&path)) {
		info->mounted = true;
		return D_WALK_QUIT;
	}
	return D_WALK_CONTINUE;
}

int path_has_submounts(const struct path *parent)
{
	struct check_mount data = { .mnt = parent->mnt };

	read_seqlock_excl(&mount_lock);
	spin_lock(&dcache_tiny_lock);
	d_walk(parent->dentry, &data, path_check_mount);
	spin_unlock(&dcache_tiny_lock);
	read_sequnlock_excl(&mount_lock);
	return data.mounted;
}
EXPORT_SYMBOL(path_has_submounts);

/*
 * Mark @dentry as a mount point, unless it or an ancestor has been
 * unhashed (-ENOENT) or it cannot be mounted on or already is one (-EBUSY).
 */
int d_set_mounted(struct dentry *dentry)
{
	struct dentry *p;
	int ret = -ENOENT;

	spin_lock(&dcache_tiny_lock);
	for (p = dentry->d_parent; !IS_ROOT(p); p = p->d_parent)
		if (d_unhashed(p))
			goto out;
	spin_lock(&dentry->d_lock);
	if (!d_unlinked(dentry) && !cant_mount(dentry)) {
		ret = -EBUSY;
		if (!d_mountpoint(dentry)) {
			dentry->d_flags |= DCACHE_MOUNTED;
			ret = 0;
		}
	}
	spin_unlock(&dentry->d_lock);
out:
	spin_unlock(&dcache_tiny_lock);
	return ret;
}

struct select_data {
	struct dentry *start;
	struct dentry *victim;	/* unused, but on somebody else's shrink list */
	struct list_head dispose;
};

static enum d_walk_ret select_collect(void *_data, struct dentry *dentry)
{
	struct select_data *data = _data;

	if (dentry == data->start || dentry->d_lockref.count)
		return D_WALK_CONTINUE;
	if (dentry->d_flags & DCACHE_SHRINK_LIST)
		data->victim = dentry;
	else
		to_shrink_list(dentry, &data->dispose);
	return D_WALK_CONTINUE;
}

/*
 * Kill every unused dentry below @parent. A dentry without references has
 * no children, so each pass kills the unused leaves; their parents become
 * unused and go in the next pass.
 */
void shrink_dcache_parent(struct dentry *parent)
{
	for (;;) {
		struct select_data data = { .start = parent };

		INIT_LIST_HEAD(&data.dispose);
		spin_lock(&dcache_tiny_lock);
		d_walk(parent, &data, select_collect);
		if (!list_empty(&data.dispose)) {
			spin_unlock(&dcache_tiny_lock);
			shrink_dentry_list(&data.dispose);
			continue;
		}
		if (!data.victim) {
			spin_unlock(&dcache_tiny_lock);
			return;
		}
		/* kill it now; the owner of its shrink list will free it */
		dput(dentry_kill(data.victim));
	}
}
EXPORT_SYMBOL(shrink_dcache_parent);

static enum d_walk_ret umount_check(void *data, struct dentry *dentry)
{
	/* complain about the busy descendants rather than their parents */
	if (!hlist_empty(&dentry->d_children))
		return D_WALK_CONTINUE;
	/* the root with a count of 1 is fine */
	if (dentry == data && dentry->d_lockref.count == 1)
		return D_WALK_CONTINUE;
	WARN(1, "BUG: Dentry %p{i=%lx,n=%pd}  still in use (%d) [unmount of %s %s]\n",
	     dentry, dentry->d_inode ? dentry->d_inode->i_ino : 0UL, dentry,
	     dentry->d_lockref.count, dentry->d_sb->s_type->name, dentry->d_sb->s_id);
	return D_WALK_CONTINUE;
}

static void do_one_tree(struct dentry *dentry)
{
	shrink_dcache_parent(dentry);
	spin_lock(&dcache_tiny_lock);
	d_walk(dentry, dentry, umount_check);
	spin_unlock(&dcache_tiny_lock);
	d_drop(dentry);
	dput(dentry);
}

void shrink_dcache_for_umount(struct super_block *sb)
{
	struct dentry *dentry;

	rwsem_assert_held_write(&sb->s_umount);
	dentry = sb->s_root;
	sb->s_root = NULL;
	do_one_tree(dentry);
	while (!hlist_bl_empty(&sb->s_roots)) {
		dentry = dget(hlist_bl_entry(hlist_bl_first(&sb->s_roots),
					     struct dentry, d_hash));
		do_one_tree(dentry);
	}
}

static enum d_walk_ret find_submount(void *data, struct dentry *dentry)
{
	struct dentry **victim = data;

	if (d_mountpoint(dentry)) {
		*victim = dget_dlock(dentry);
		return D_WALK_QUIT;
	}
	return D_WALK_CONTINUE;
}

void d_invalidate(struct dentry *dentry)
{
	bool had_submounts = false;

	spin_lock(&dcache_tiny_lock);
	spin_lock(&dentry->d_lock);
	if (d_unhashed(dentry)) {
		spin_unlock(&dentry->d_lock);
		spin_unlock(&dcache_tiny_lock);
		return;
	}
	__d_drop(dentry);
	spin_unlock(&dentry->d_lock);
	spin_unlock(&dcache_tiny_lock);

	/* negative dentries can be dropped without further checks */
	if (!dentry->d_inode)
		return;

	shrink_dcache_parent(dentry);
	for (;;) {
		struct dentry *victim = NULL;

		spin_lock(&dcache_tiny_lock);
		d_walk(dentry, &victim, find_submount);
		spin_unlock(&dcache_tiny_lock);
		if (!victim) {
			if (had_submounts)
				shrink_dcache_parent(dentry);
			return;
		}
		had_submounts = true;
		detach_mounts(victim);
		dput(victim);
	}
}
EXPORT_SYMBOL(d_invalidate);

static enum d_walk_ret d_genocide_kill(void *data, struct dentry *dentry)
{
	if (dentry == data)
		return D_WALK_CONTINUE;
	if (d_unhashed(dentry) || !dentry->d_inode)
		return D_WALK_SKIP;
	if (!(dentry->d_flags & DCACHE_GENOCIDE)) {
		dentry->d_flags |= DCACHE_GENOCIDE;
		dentry->d_lockref.count--;
	}
	return D_WALK_CONTINUE;
}

void d_genocide(struct dentry *parent)
{
	spin_lock(&dcache_tiny_lock);
	d_walk(parent, parent, d_genocide_kill);
	spin_unlock(&dcache_tiny_lock);
}

/* ---- references and aliases -------------------------------------------- */

struct dentry *dget_parent(struct dentry *dentry)
{
	struct dentry *parent;

	spin_lock(&dcache_tiny_lock);
	parent = dget(dentry->d_parent);
	spin_unlock(&dcache_tiny_lock);
	return parent;
}
EXPORT_SYMBOL(dget_parent);

ino_t d_parent_ino(struct dentry *dentry)
{
	ino_t ino;

	spin_lock(&dcache_tiny_lock);
	ino = dentry->d_parent->d_inode->i_ino;
	spin_unlock(&dcache_tiny_lock);
	return ino;
}
EXPORT_SYMBOL(d_parent_ino);

/* i_lock held */
static struct dentry *__d_find_any_alias(struct inode *inode)
{
	struct dentry *alias;

	if (hlist_empty(&inode->i_dentry))
		return NULL;
	alias = hlist_entry(inode->i_dentry.first, struct dentry, d_u.d_alias);
	return dget(alias);
}

struct dentry *d_find_any_alias(struct inode *inode)
{
	struct dentry *alias;

	spin_lock(&inode->i_lock);
	alias = __d_find_any_alias(inode);
	spin_unlock(&inode->i_lock);
	return alias;
}
EXPORT_SYMBOL(d_find_any_alias);

/* A hashed alias (any alias of a directory), with a reference. */
struct dentry *d_find_alias(struct inode *inode)
{
	struct dentry *alias, *found = NULL;

	if (hlist_empty(&inode->i_dentry))
		return NULL;
	spin_lock(&inode->i_lock);
	if (S_ISDIR(inode->i_mode)) {
		found = __d_find_any_alias(inode);
	} else {
		hlist_for_each_entry(alias, &inode->i_dentry, d_u.d_alias) {
			spin_lock(&alias->d_lock);
			if (!d_unhashed(alias))
				found = dget_dlock(alias);
			spin_unlock(&alias->d_lock);
			if (found)
				break;
		}
	}
	spin_unlock(&inode->i_lock);
	return found;
}
EXPORT_SYMBOL(d_find_alias);

/* The same, without a reference: the caller holds rcu_read_lock(). */
struct dentry *d_find_alias_rcu(struct inode *inode)
{
	struct dentry *alias, *found = NULL;

	spin_lock(&inode->i_lock);
	if (!(inode->i_state & I_FREEING)) {
		hlist_for_each_entry(alias, &inode->i_dentry, d_u.d_alias) {
			if (S_ISDIR(inode->i_mode) || !d_unhashed(alias)) {
				found = alias;
				break;
			}
		}
	}
	spin_unlock(&inode->i_lock);
	return found;
}

void d_prune_aliases(struct inode *inode)
{
	struct dentry *alias;
	LIST_HEAD(dispose);

	spin_lock(&inode->i_lock);
	hlist_for_each_entry(alias, &inode->i_dentry, d_u.d_alias) {
		spin_lock(&alias->d_lock);
		if (!alias->d_lockref.count)
			to_shrink_list(alias, &dispose);
		spin_unlock(&alias->d_lock);
	}
	spin_unlock(&inode->i_lock);
	shrink_dentry_list(&dispose);
}
EXPORT_SYMBOL(d_prune_aliases);

void d_mark_dontcache(struct inode *inode)
{
	struct dentry *alias;

	spin_lock(&inode->i_lock);
	hlist_for_each_entry(alias, &inode->i_dentry, d_u.d_alias) {
		spin_lock(&alias->d_lock);
		alias->d_flags |= DCACHE_DONTCACHE;
		spin_unlock(&alias->d_lock);
	}
	inode->i_state |= I_DONTCACHE;
	spin_unlock(&inode->i_lock);
}
EXPORT_SYMBOL(d_mark_dontcache);

/* ---- instantiation ----------------------------------------------------- */

/* i_lock held */
static void __d_instantiate(struct dentry *dentry, struct inode *inode)
{
	unsigned int type = d_flags_for_inode(inode);

	WARN_ON(d_in_lookup(dentry));
	spin_lock(&dentry->d_lock);
	if (dentry->d_flags & DCACHE_LRU_LIST)
		atomic_long_dec(&nr_dentry_negative);
	hlist_add_head(&dentry->d_u.d_alias, &inode->i_dentry);
	d_set_inode_and_type(dentry, inode, type);
	fsnotify_update_flags(dentry);
	spin_unlock(&dentry->d_lock);
}

void d_instantiate(struct dentry *entry, struct inode *inode)
{
	if (WARN_ON_ONCE(!hlist_unhashed(&entry->d_u.d_alias)))
		return;
	if (inode) {
		security_d_instantiate(entry, inode);
		spin_lock(&inode->i_lock);
		__d_instantiate(entry, inode);
		spin_unlock(&inode->i_lock);
	}
}
EXPORT_SYMBOL(d_instantiate);

void d_instantiate_new(struct dentry *entry, struct inode *inode)
{
	if (WARN_ON_ONCE(!inode || !hlist_unhashed(&entry->d_u.d_alias)))
		return;
	lockdep_annotate_inode_mutex_key(inode);
	security_d_instantiate(entry, inode);
	spin_lock(&inode->i_lock);
	__d_instantiate(entry, inode);
	WARN_ON(!(inode->i_state & I_NEW));
	inode->i_state &= ~I_NEW & ~I_CREATING;
	/* pairs with the barrier in wait_on_inode() */
	smp_mb();
	inode_wake_up_bit(inode, __I_NEW);
	spin_unlock(&inode->i_lock);
}
EXPORT_SYMBOL(d_instantiate_new);

struct dentry *d_make_root(struct inode *root_inode)
{
	struct dentry *root = NULL;

	if (root_inode) {
		root = d_alloc_anon(root_inode->i_sb);
		if (root)
			d_instantiate(root, root_inode);
		else
			iput(root_inode);
	}
	return root;
}
EXPORT_SYMBOL(d_make_root);

static struct dentry *__d_obtain_alias(struct inode *inode, bool disconnected)
{
	struct dentry *new, *res;

	if (!inode)
		return ERR_PTR(-ESTALE);
	if (IS_ERR(inode))
		return ERR_CAST(inode);
	res = d_find_any_alias(inode);
	if (res)
		goto out;
	new = d_alloc_anon(inode->i_sb);
	if (!new) {
		res = ERR_PTR(-ENOMEM);
		goto out;
	}
	security_d_instantiate(new, inode);
	spin_lock(&inode->i_lock);
	res = __d_find_any_alias(inode);
	if (res) {
		spin_unlock(&inode->i_lock);
		dput(new);
		goto out;
	}
	spin_lock(&new->d_lock);
	d_set_inode_and_type(new, inode, d_flags_for_inode(inode) |
				(disconnected ? DCACHE_DISCONNECTED : 0));
	hlist_add_head(&new->d_u.d_alias, &inode->i_dentry);
	if (!disconnected)
		d_hash_add(new, &inode->i_sb->s_roots);
	spin_unlock(&new->d_lock);
	spin_unlock(&inode->i_lock);
	return new;
out:
	iput(inode);
	return res;
}

struct dentry *d_obtain_alias(struct inode *inode)
{
	return __d_obtain_alias(inode, true);
}
EXPORT_SYMBOL(d_obtain_alias);

struct dentry *d_obtain_root(struct inode *inode)
{
	return __d_obtain_alias(inode, false);
}
EXPORT_SYMBOL(d_obtain_root);

/* Make a negative dentry of an unlinked inode's last reference. */
static void dentry_unlink_inode(struct dentry *dentry)
	__releases(&dentry->d_lock) __releases(&dentry->d_inode->i_lock)
{
	struct inode *inode = dentry->d_inode;
	bool notify_dead;

	d_clear_inode_and_type(dentry);
	hlist_del_init(&dentry->d_u.d_alias);
	notify_dead = !inode->i_nlink && hlist_empty(&inode->i_dentry);
	spin_unlock(&dentry->d_lock);
	spin_unlock(&inode->i_lock);
	if (notify_dead)
		fsnotify_inoderemove(inode);
	if (dentry->d_op && dentry->d_op->d_iput)
		dentry->d_op->d_iput(dentry, inode);
	else
		iput(inode);
}

/*
 * The name was unlinked: the caller's dentry becomes negative when nobody
 * else uses it, else it is unhashed and keeps its inode until its last put.
 */
void d_delete(struct dentry *dentry)
{
	struct inode *inode = dentry->d_inode;

	spin_lock(&inode->i_lock);
	spin_lock(&dentry->d_lock);
	if (dentry->d_lockref.count == 1) {
		dentry->d_flags &= ~DCACHE_CANT_MOUNT;
		dentry_unlink_inode(dentry);
	} else {
		__d_drop(dentry);
		spin_unlock(&dentry->d_lock);
		spin_unlock(&inode->i_lock);
	}
}
EXPORT_SYMBOL(d_delete);

void d_mark_tmpfile(struct file *file, struct inode *inode)
{
	struct dentry *dentry = file->f_path.dentry;

	if (WARN_ON_ONCE(dname_external(dentry) ||
			 !hlist_unhashed(&dentry->d_u.d_alias) || !d_unlinked(dentry)))
		return;
	spin_lock(&dcache_tiny_lock);
	spin_lock(&dentry->d_parent->d_lock);
	spin_lock_nested(&dentry->d_lock, DENTRY_D_LOCK_NESTED);
	dentry->d_name.len = sprintf(dentry->d_iname, "#%llu",
				     (unsigned long long)inode->i_ino);
	spin_unlock(&dentry->d_lock);
	spin_unlock(&dentry->d_parent->d_lock);
	spin_unlock(&dcache_tiny_lock);
}
EXPORT_SYMBOL(d_mark_tmpfile);

void d_tmpfile(struct file *file, struct inode *inode)
{
	inode_dec_link_count(inode);
	d_mark_tmpfile(file, inode);
	d_instantiate(file->f_path.dentry, inode);
}
EXPORT_SYMBOL(d_tmpfile);

/* ---- lookup ------------------------------------------------------------ */

bool d_same_name(const struct dentry *dentry, const struct dentry *parent,
		 const struct qstr *name)
{
	if (parent->d_flags & DCACHE_OP_COMPARE)
		return !parent->d_op->d_compare(dentry, dentry->d_name.len,
						dentry->d_name.name, name);
	return dentry->d_name.len == name->len &&
	       !memcmp(dentry->d_name.name, name->name, name->len);
}
EXPORT_SYMBOL_GPL(d_same_name);

/* Find and get a hashed child of @parent; dcache_tiny_lock held. */
static struct dentry *d_lookup_locked(const struct dentry *parent,
				      const struct qstr *name)
{
	struct hlist_bl_node *node;
	struct dentry *dentry;

	spin_lock(&d_hash_lock);
	hlist_bl_for_each_entry(dentry, node, d_hash_bucket(name->hash), d_hash) {
		if (dentry->d_name.hash != name->hash || dentry->d_parent != parent ||
		    !d_same_name(dentry, parent, name))
			continue;
		spin_unlock(&d_hash_lock);
		/* it cannot go away: that takes dcache_tiny_lock */
		spin_lock(&dentry->d_lock);
		if (d_unhashed(dentry)) {
			spin_unlock(&dentry->d_lock);
			return NULL;
		}
		dget_dlock(dentry);
		spin_unlock(&dentry->d_lock);
		return dentry;
	}
	spin_unlock(&d_hash_lock);
	return NULL;
}

struct dentry *__d_lookup(const struct dentry *parent, const struct qstr *name)
{
	struct dentry *dentry;

	spin_lock(&dcache_tiny_lock);
	dentry = d_lookup_locked(parent, name);
	spin_unlock(&dcache_tiny_lock);
	return dentry;
}

/* renames take dcache_tiny_lock too, so no rename_lock retry is needed */
struct dentry *d_lookup(const struct dentry *parent, const struct qstr *name)
{
	return __d_lookup(parent, name);
}
EXPORT_SYMBOL(d_lookup);

/* There is no RCU path walk (see the top of the file). */
struct dentry *__d_lookup_rcu(const struct dentry *parent,
			      const struct qstr *name, unsigned int *seqp)
{
	return NULL;
}

struct dentry *d_hash_and_lookup(struct dentry *dir, struct qstr *name)
{
	name->hash = full_name_hash(dir, name->name, name->len);
	if (dir->d_flags & DCACHE_OP_HASH) {
		int err = dir->d_op->d_hash(dir, name);

		if (err < 0)
			return ERR_PTR(err);
	}
	return d_lookup(dir, name);
}
EXPORT_SYMBOL(d_hash_and_lookup);

/*
 * Take @dentry out of the in-lookup set; dcache_tiny_lock and d_lock held.
 * Returns the wait queue to wake.
 */
static wait_queue_head_t *d_lookup_unhash(struct dentry *dentry)
{
	wait_queue_head_t *wq = dentry->d_wait;

	dentry->d_flags &= ~DCACHE_PAR_LOOKUP;
	__hlist_bl_del(&dentry->d_u.d_in_lookup_hash);
	dentry->d_wait = NULL;
	INIT_HLIST_NODE(&dentry->d_u.d_alias);
	INIT_LIST_HEAD(&dentry->d_lru);
	return wq;
}

void __d_lookup_unhash_wake(struct dentry *dentry)
{
	spin_lock(&dcache_tiny_lock);
	spin_lock(&dentry->d_lock);
	wake_up_all(d_lookup_unhash(dentry));
	spin_unlock(&dentry->d_lock);
	spin_unlock(&dcache_tiny_lock);
}
EXPORT_SYMBOL(__d_lookup_unhash_wake);

struct dentry *d_alloc_parallel(struct dentry *parent, const struct qstr *name,
				wait_queue_head_t *wq)
{
	struct dentry *new = __d_alloc(parent->d_sb, name);
	struct hlist_bl_node *node;
	struct dentry *dentry;

	if (!new)
		return ERR_PTR(-ENOMEM);
	new->d_flags |= DCACHE_PAR_LOOKUP;
retry:
	spin_lock(&dcache_tiny_lock);
	dentry = d_lookup_locked(parent, name);
	if (dentry)
		goto found;
	hlist_bl_for_each_entry(dentry, node, &d_in_lookup_list, d_u.d_in_lookup_hash) {
		if (dentry->d_name.hash != name->hash || dentry->d_parent != parent ||
		    !d_same_name(dentry, parent, name))
			continue;
		/* somebody else is looking it up: wait for the result */
		dget(dentry);
		spin_unlock(&dcache_tiny_lock);
		spin_lock(&dentry->d_lock);
		if (d_in_lookup(dentry)) {
			DECLARE_WAITQUEUE(wait, current);

			add_wait_queue(dentry->d_wait, &wait);
			do {
				set_current_state(TASK_UNINTERRUPTIBLE);
				spin_unlock(&dentry->d_lock);
				schedule();
				spin_lock(&dentry->d_lock);
			} while (d_in_lookup(dentry));
		}
		/* the lookup failed or the result was renamed: start again */
		if (dentry->d_parent != parent || d_unhashed(dentry) ||
		    dentry->d_name.hash != name->hash ||
		    !d_same_name(dentry, parent, name)) {
			spin_unlock(&dentry->d_lock);
			dput(dentry);
			goto retry;
		}
		spin_unlock(&dentry->d_lock);
		dput(new);
		return dentry;
	}
	d_attach(new, parent);
	new->d_wait = wq;
	d_bl_add(&new->d_u.d_in_lookup_hash, &d_in_lookup_list);
	spin_unlock(&dcache_tiny_lock);
	return new;
found:
	spin_unlock(&dcache_tiny_lock);
	dput(new);
	return dentry;
}
EXPORT_SYMBOL(d_alloc_parallel);

/* Hash @dentry, with @inode (or negative); dcache_tiny_lock and i_lock held. */
static void __d_add(struct dentry *dentry, struct inode *inode)
{
	wait_queue_head_t *wq = NULL;

	spin_lock(&dentry->d_lock);
	if (d_in_lookup(dentry))
		wq = d_lookup_unhash(dentry);
	if (inode) {
		hlist_add_head(&dentry->d_u.d_alias, &inode->i_dentry);
		d_set_inode_and_type(dentry, inode, d_flags_for_inode(inode));
		fsnotify_update_flags(dentry);
	}
	d_hash_add(dentry, NULL);
	if (wq)
		wake_up_all(wq);
	spin_unlock(&dentry->d_lock);
}

static void d_add_locked(struct dentry *dentry, struct inode *inode)
{
	spin_lock(&dcache_tiny_lock);
	if (inode)
		spin_lock(&inode->i_lock);
	__d_add(dentry, inode);
	if (inode)
		spin_unlock(&inode->i_lock);
	spin_unlock(&dcache_tiny_lock);
}

void d_add(struct dentry *entry, struct inode *inode)
{
	if (inode)
		security_d_instantiate(entry, inode);
	d_add_locked(entry, inode);
}
EXPORT_SYMBOL(d_add);

struct dentry *d_add_ci(struct dentry *dentry, struct inode *inode,
			struct qstr *name)
{
	struct dentry *found, *res;

	/* the exact case may already be cached */
	found = d_hash_and_lookup(dentry->d_parent, name);
	if (found) {
		iput(inode);
		return found;
	}
	if (d_in_lookup(dentry)) {
		found = d_alloc_parallel(dentry->d_parent, name, dentry->d_wait);
		if (IS_ERR(found) || !d_in_lookup(found)) {
			iput(inode);
			return found;
		}
	} else {
		found = d_alloc(dentry->d_parent, name);
		if (!found) {
			iput(inode);
			return ERR_PTR(-ENOMEM);
		}
	}
	res = d_splice_alias(inode, found);
	if (res) {
		d_lookup_done(found);
		dput(found);
		return res;
	}
	return found;
}
EXPORT_SYMBOL(d_add_ci);

/* ---- rename ------------------------------------------------------------ */

struct dentry *d_ancestor(struct dentry *p1, struct dentry *p2)
{
	struct dentry *p;

	for (p = p2; !IS_ROOT(p); p = p->d_parent)
		if (p->d_parent == p1)
			return p;
	return NULL;
}

/* Exchange the names of @a and @b; both d_locks held. */
static void swap_names(struct dentry *a, struct dentry *b)
{
	unsigned char tmp[DNAME_INLINE_LEN];

	if (dname_external(a) && dname_external(b)) {
		swap(a->d_name.name, b->d_name.name);
	} else if (dname_external(a)) {
		memcpy(a->d_iname, b->d_name.name, b->d_name.len + 1);
		b->d_name.name = a->d_name.name;
		a->d_name.name = a->d_iname;
	} else if (dname_external(b)) {
		memcpy(b->d_iname, a->d_name.name, a->d_name.len + 1);
		a->d_name.name = b->d_name.name;
		b->d_name.name = b->d_iname;
	} else {
		memcpy(tmp, a->d_iname, DNAME_INLINE_LEN);
		memcpy(a->d_iname, b->d_iname, DNAME_INLINE_LEN);
		memcpy(b->d_iname, tmp, DNAME_INLINE_LEN);
	}
	swap(a->d_name.hash_len, b->d_name.hash_len);
}

/* Give @dentry the name of @target; both d_locks held. */
static void copy_name(struct dentry *dentry, struct dentry *target)
{
	const unsigned char *old = dname_external(dentry) ? dentry->d_name.name : NULL;

	if (dname_external(target)) {
		atomic_inc(&to_external_name(target->d_name.name)->u.count);
		dentry->d_name = target->d_name;
	} else {
		memcpy(dentry->d_iname, target->d_name.name, target->d_name.len + 1);
		dentry->d_name.name = dentry->d_iname;
		dentry->d_name.hash_len = target->d_name.hash_len;
	}
	if (old)
		put_external_name(old);
}

/*
 * Move @dentry to the place of @target, which is unhashed (and, unless
 * @exchange, left where it is, without a name of its own); with @exchange
 * the two swap places. dcache_tiny_lock and rename_lock held.
 */
static void __d_move(struct dentry *dentry, struct dentry *target, bool exchange)
{
	struct dentry *old_parent = dentry->d_parent;
	struct dentry *new_parent = target->d_parent;
	wait_queue_head_t *wq = NULL;
	struct dentry *p;

	WARN_ON(!dentry->d_inode);
	/* parents in ancestor order, then the two dentries */
	p = d_ancestor(old_parent, target);
	if (WARN_ON(dentry == target || d_ancestor(target, dentry) ||
		    (IS_ROOT(dentry) && p) || p == dentry))
		return;
	if (IS_ROOT(dentry)) {
		spin_lock(&new_parent->d_lock);
	} else if (!p) {
		spin_lock(&new_parent->d_lock);
		spin_lock_nested(&old_parent->d_lock, DENTRY_D_LOCK_NESTED);
	} else {
		spin_lock(&old_parent->d_lock);
		if (p != target)
			spin_lock_nested(&new_parent->d_lock, DENTRY_D_LOCK_NESTED);
	}
	spin_lock_nested(&dentry->d_lock, 2);
	spin_lock_nested(&target->d_lock, 3);

	if (d_in_lookup(target))
		wq = d_lookup_unhash(target);
	__d_drop(dentry);
	__d_drop(target);

	dentry->d_parent = new_parent;
	if (exchange) {
		target->d_parent = old_parent;
		swap_names(dentry, target);
		if (!hlist_unhashed(&target->d_sib))
			hlist_del(&target->d_sib);
		hlist_add_head(&target->d_sib, &old_parent->d_children);
		d_hash_add(target, NULL);
		fsnotify_update_flags(target);
	} else {
		copy_name(dentry, target);
		new_parent->d_lockref.count++;
		if (dentry != old_parent)	/* it was not a root */
			WARN_ON(!--old_parent->d_lockref.count);
	}
	if (!hlist_unhashed(&dentry->d_sib))
		hlist_del(&dentry->d_sib);
	hlist_add_head(&dentry->d_sib, &new_parent->d_children);
	d_hash_add(dentry, NULL);
	fsnotify_update_flags(dentry);
	fscrypt_handle_d_move(dentry);
	if (wq)
		wake_up_all(wq);

	if (new_parent != old_parent)
		spin_unlock(&new_parent->d_lock);
	if (dentry != old_parent)
		spin_unlock(&old_parent->d_lock);
	spin_unlock(&target->d_lock);
	spin_unlock(&dentry->d_lock);
}

void d_move(struct dentry *dentry, struct dentry *target)
{
	spin_lock(&dcache_tiny_lock);
	write_seqlock(&rename_lock);
	__d_move(dentry, target, false);
	write_sequnlock(&rename_lock);
	spin_unlock(&dcache_tiny_lock);
}
EXPORT_SYMBOL(d_move);

void d_exchange(struct dentry *dentry1, struct dentry *dentry2)
{
	WARN_ON(!dentry1->d_inode);
	WARN_ON(!dentry2->d_inode);
	WARN_ON(IS_ROOT(dentry1));
	WARN_ON(IS_ROOT(dentry2));
	spin_lock(&dcache_tiny_lock);
	write_seqlock(&rename_lock);
	__d_move(dentry1, dentry2, true);
	write_sequnlock(&rename_lock);
	spin_unlock(&dcache_tiny_lock);
}

bool is_subdir(struct dentry *new_dentry, struct dentry *old_dentry)
{
	bool subdir;

	if (new_dentry == old_dentry)
		return true;
	spin_lock(&dcache_tiny_lock);
	subdir = d_ancestor(old_dentry, new_dentry);
	spin_unlock(&dcache_tiny_lock);
	return subdir;
}
EXPORT_SYMBOL(is_subdir);

/*
 * Move the existing alias of a directory to @dentry's place, when that
 * cannot race with a rename: same parent, or the rename mutex and the
 * alias's parent can be taken without sleeping. Locks as for __d_move().
 */
static int d_unalias(struct dentry *dentry, struct dentry *alias)
{
	struct rw_semaphore *dir_sem = NULL;
	struct mutex *rename_mutex = NULL;
	int ret = -ESTALE;

	if (alias->d_parent != dentry->d_parent) {
		if (!mutex_trylock(&dentry->d_sb->s_vfs_rename_mutex))
			return ret;
		rename_mutex = &dentry->d_sb->s_vfs_rename_mutex;
		if (!inode_trylock_shared(alias->d_parent->d_inode))
			goto out;
		dir_sem = &alias->d_parent->d_inode->i_rwsem;
	}
	__d_move(alias, dentry, false);
	ret = 0;
out:
	if (dir_sem)
		up_read(dir_sem);
	if (rename_mutex)
		mutex_unlock(rename_mutex);
	return ret;
}

struct dentry *d_splice_alias(struct inode *inode, struct dentry *dentry)
{
	struct dentry *alias, *old_parent = NULL;
	int err = 0;

	if (IS_ERR(inode))
		return ERR_CAST(inode);
	if (WARN_ON_ONCE(!d_unhashed(dentry))) {
		iput(inode);
		return ERR_PTR(-EIO);
	}
	if (!inode)
		goto add;
	security_d_instantiate(dentry, inode);
	if (!S_ISDIR(inode->i_mode))
		goto add;
	alias = d_find_any_alias(inode);
	if (!alias)
		goto add;

	/* a directory has one alias: move it here */
	spin_lock(&dcache_tiny_lock);
	write_seqlock(&rename_lock);
	if (d_ancestor(alias, dentry)) {
		err = -ELOOP;
		pr_warn_ratelimited("VFS: Lookup of '%s' in %s %s would have caused loop\n",
				    dentry->d_name.name, inode->i_sb->s_type->name,
				    inode->i_sb->s_id);
	} else if (!IS_ROOT(alias)) {
		old_parent = dget(alias->d_parent);
		err = d_unalias(dentry, alias);
	} else {
		__d_move(alias, dentry, false);
	}
	write_sequnlock(&rename_lock);
	spin_unlock(&dcache_tiny_lock);
	dput(old_parent);
	iput(inode);
	if (err) {
		dput(alias);
		return ERR_PTR(err);
	}
	return alias;
add:
	d_add_locked(dentry, inode);
	return NULL;
}
EXPORT_SYMBOL(d_splice_alias);

/* ---- boot -------------------------------------------------------------- */

void __init vfs_caches_init_early(void)
{
	inode_init_early();
}

void __init vfs_caches_init(void)
{
	names_cachep = kmem_cache_create_usercopy("names_cache", PATH_MAX, 0,
						  SLAB_HWCACHE_ALIGN | SLAB_PANIC,
						  0, PATH_MAX, NULL);
	dentry_cache = KMEM_CACHE_USERCOPY(dentry, SLAB_RECLAIM_ACCOUNT | SLAB_PANIC |
					   SLAB_ACCOUNT, d_iname);
	inode_init();
	files_init();
	files_maxfiles_init();
	mnt_init();
	bdev_cache_init();
	chrdev_init();
}
