// SPDX-License-Identifier: GPL-2.0
/*
 * lookup-bench - path-lookup throughput of the kernel under test.
 *
 * Built on the host with `gcc -static -O2` and run inside a boot-test
 * guest by scripts/dcache-bench (a benchmark, not a test: it judges
 * nothing). For each directory size N it builds a chain of 8 nested
 * directories under DIR, each holding N entries (N - 1 empty files and
 * the next directory of the chain), then times stat() of
 *
 *   hit   an existing file at depth D (D path components below DIR/N),
 *   miss  a name that does not exist at depth D (a negative dentry after
 *         the first round),
 *
 * for D = 1..8, cycling through 64 different names per measurement so
 * that not one dentry is looked up again and again. Each figure is the
 * best of 3 runs of at least 100 ms. Prints one line per measurement:
 *
 *   AXE-BENCH: entries=N depth=D hit_ns=X miss_ns=Y
 *
 * and "AXE-BENCH: done" at the end; the tree is removed again.
 *
 * Usage: lookup-bench DIR [N...]     (default sizes: 10 1000 10000)
 * Exit status: 0 when every measurement ran, 1 otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DEPTH	8
#define NAMES	64
#define RUNS	3
#define MIN_NS	100000000LL
#define DIRLEN	256		/* DIR/N/d1/.../d8: DIR is short */
#define PATHLEN	(DIRLEN + 32)

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The directory at depth d (0 = DIR/N itself) of size n's chain */
static void dir_at(char *buf, size_t len, const char *top, long n, int d)
{
	int i, off;

	off = snprintf(buf, len, "%s/%ld", top, n);
	for (i = 1; i <= d; i++)
		off += snprintf(buf + off, len - off, "/d%d", i);
}

static int build(const char *top, long n)
{
	char dir[DIRLEN], path[PATHLEN];
	long i;
	int d, fd;

	for (d = 0; d < DEPTH; d++) {
		dir_at(dir, sizeof(dir), top, n, d);
		if (mkdir(dir, 0755) && errno != EEXIST) {
			fprintf(stderr, "lookup-bench: mkdir %s: %m\n", dir);
			return -1;
		}
		/* n - 1 files; the n-th entry is the next directory */
		for (i = 0; i < n - 1; i++) {
			snprintf(path, sizeof(path), "%s/f%ld", dir, i);
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
			if (fd < 0) {
				fprintf(stderr, "lookup-bench: create %s: %m\n", path);
				return -1;
			}
			close(fd);
		}
	}
	dir_at(dir, sizeof(dir), top, n, DEPTH);
	if (mkdir(dir, 0755) && errno != EEXIST)
		return -1;
	return 0;
}

static void teardown(const char *top, long n)
{
	char dir[DIRLEN], path[PATHLEN];
	long i;
	int d;

	for (d = DEPTH; d >= 0; d--) {
		dir_at(dir, sizeof(dir), top, n, d);
		for (i = 0; d < DEPTH && i < n - 1; i++) {
			snprintf(path, sizeof(path), "%s/f%ld", dir, i);
			unlink(path);
		}
		rmdir(dir);
	}
}

/* ns per stat() of paths[0..NAMES-1], best of RUNS; -1 when stat()
 * did not give the expected result */
static long long measure(char paths[NAMES][PATHLEN], int expect_ok)
{
	long long best = -1, t0, dt, ops;
	struct stat st;
	int r, i, ok;

	for (r = 0; r < RUNS; r++) {
		ops = 0;
		t0 = now_ns();
		do {
			for (i = 0; i < NAMES; i++) {
				ok = stat(paths[i], &st) == 0;
				if (ok != expect_ok || (!ok && errno != ENOENT))
					return -1;
			}
			ops += NAMES;
			dt = now_ns() - t0;
		} while (dt < MIN_NS);
		if (best < 0 || dt / ops < best)
			best = dt / ops;
	}
	return best;
}

static char hit[NAMES][PATHLEN], miss[NAMES][PATHLEN];

int main(int argc, char **argv)
{
	static const long def_sizes[] = { 10, 1000, 10000 };
	char dir[DIRLEN];
	long sizes[16], n, h, m;
	int nsizes = 0, s, d, i, bad = 0;

	if (argc < 2 || strlen(argv[1]) > DIRLEN - 64) {
		fprintf(stderr, "usage: lookup-bench DIR [N...] (DIR of at most %d bytes)\n",
			DIRLEN - 64);
		return 2;
	}
	for (i = 2; i < argc && nsizes < 16; i++) {
		n = strtol(argv[i], NULL, 10);
		if (n < 2 || n > 1000000) {
			fprintf(stderr, "lookup-bench: size %s: 2 to 1000000\n", argv[i]);
			return 2;
		}
		sizes[nsizes++] = n;
	}
	if (!nsizes)
		for (; nsizes < 3; nsizes++)
			sizes[nsizes] = def_sizes[nsizes];

	for (s = 0; s < nsizes; s++) {
		n = sizes[s];
		if (build(argv[1], n)) {
			printf("AXE-BENCH: entries=%ld FAILED to build the tree\n", n);
			teardown(argv[1], n);
			bad = 1;
			continue;
		}
		for (d = 1; d <= DEPTH; d++) {
			dir_at(dir, sizeof(dir), argv[1], n, d - 1);
			for (i = 0; i < NAMES; i++) {
				/* spread over the directory: names from all of it */
				snprintf(hit[i], PATHLEN, "%s/f%ld", dir,
					 (long)i * (n - 1) / NAMES);
				snprintf(miss[i], PATHLEN, "%s/x%d", dir, i);
			}
			h = measure(hit, 1);
			m = measure(miss, 0);
			printf("AXE-BENCH: entries=%ld depth=%d hit_ns=%ld miss_ns=%ld\n",
			       n, d, h, m);
			fflush(stdout);
			if (h < 0 || m < 0)
				bad = 1;
		}
		teardown(argv[1], n);
	}
	printf("AXE-BENCH: done\n");
	return bad;
}
