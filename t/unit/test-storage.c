/*
 * Unit tests of lib/storage: binning conserves bytes exactly on grids
 * that cut samples anywhere; diskstats counters that wrap or reset and
 * devices that come and go; the tree walk counts entries that vanish
 * during the walk (through its hook) and, when not root, directories it
 * may not read.  TAP on stdout; argv[1] is a scratch directory.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/devio.h"
#include "storage/fswalk.h"
#include "base/banned.h"

static int n, failed;

static void ok(int cond, const char *what)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++n, what);
	failed += !cond;
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void conservation(void)
{
	static const double steps[] = {0, 0.3, 1, 7, 13.7, 60, 3600};
	struct iol_devset ds;
	uint64_t seed = 88172645463325252ULL;
	int64_t want_r = 0, want_w = 0;
	double t = 1795300985.123;
	size_t i, s;
	char what[96];

	memset(&ds, 0, sizeof(ds));
	for (i = 0; i < 5000; i++) {
		struct iol_ival iv = {0};

		iv.start = t;
		iv.end = t + 0.5 + (double)(rnd(&seed) % 9000) / 1000.0;
		iv.rbytes = (int64_t)(rnd(&seed) % 4000000007ULL);
		iv.wbytes = (int64_t)(rnd(&seed) % 3);
		iv.util = -1;
		t = iv.end + (rnd(&seed) % 4 == 0 ? 2.5 : 0);
		want_r += iv.rbytes;
		want_w += iv.wbytes;
		iol_devset_add(&ds, i % 2 ? "sda" : "nvme0n1", &iv);
	}
	ok(iol_devset_finish(&ds, NULL) == 0, "synthetic series finishes");
	for (s = 0; s < sizeof(steps) / sizeof(*steps); s++) {
		struct iol_binned b;
		int64_t r = 0, w = 0, ra = 0;
		size_t k, d;

		if (iol_devset_bin(&ds, steps[s], &b, NULL) < 0) {
			ok(0, "binning");
			continue;
		}
		for (d = 0; d < b.ndev; d++)
			for (k = 0; k < b.nbins; k++) {
				r += iol_binned_at(&b, d, k)->rbytes;
				w += iol_binned_at(&b, d, k)->wbytes;
			}
		for (k = 0; k < b.nbins; k++)
			ra += iol_binned_at(&b, b.ndev, k)->rbytes;
		snprintf(what, sizeof(what),
			 "step %g s: every byte lands once (devices and "
			 "aggregate)",
			 steps[s]);
		ok(r == want_r && w == want_w && ra == want_r, what);
		iol_binned_release(&b);
	}
	iol_devset_release(&ds);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* sda: a 32-bit wrap between snapshots 2 and 3; sdb: missing from
 * snapshot 3 (no interval across the gap); sdc: a counter reset */
static void diskstats(const char *dir)
{
	char path[4096];
	struct iol_devset ds;
	struct iol_error err = {0};
	size_t i;
	int64_t sda = 0, sdb = 0;
	size_t nsdb = 0;

	snprintf(path, sizeof(path), "%s/ds.txt", dir);
	write_file(path, "=== 2026-11-21T00:00:00Z epoch=1795219200\n"
			 " 8 0 sda 1 0 4294967000 0 0 0 0 0 0 0 0\n"
			 " 8 1 sda1 1 0 4294967000 0 0 0 0 0 0 0 0\n"
			 " 8 16 sdb 0 0 0 0 0 0 10 0 0 0 0\n"
			 " 8 32 sdc 0 0 900000000000 0 0 0 0 0 0 0 0\n"
			 "=== 2026-11-21T00:00:10Z epoch=1795219210\n"
			 " 8 0 sda 2 0 4294967200 0 0 0 0 0 0 0 0\n"
			 " 8 16 sdb 0 0 0 0 1 0 30 0 0 0 0\n"
			 " 8 32 sdc 0 0 900000000008 0 0 0 0 0 0 0 0\n"
			 "=== 2026-11-21T00:00:20Z epoch=1795219220\n"
			 " 8 0 sda 3 0 104 0 0 0 0 0 0 0 0\n"
			 " 8 32 sdc 0 0 16 0 0 0 0 0 0 0 0\n"
			 "=== 2026-11-21T00:00:30Z epoch=1795219230\n"
			 " 8 0 sda 3 0 104 0 0 0 0 0 0 0 0\n"
			 " 8 16 sdb 0 0 0 0 2 0 1000 0 0 0 0\n"
			 " 8 32 sdc 0 0 24 0 0 0 0 0 0 0 0\n"
			 "=== 2026-11-21T00:00:40Z epoch=1795219240\n"
			 " 8 0 sda 3 0 104 0 0 0 0 0 0 0 0\n"
			 " 8 16 sdb 0 0 0 0 3 0 1040 0 0 0 0\n"
			 " 8 32 sdc 0 0 24 0 0 0 0 0 0 0 0\n");
	memset(&ds, 0, sizeof(ds));
	ok(iol_devset_read(&ds, path, 0, NULL, &err) == 0 &&
		   iol_devset_finish(&ds, &err) == 0,
	   "synthetic diskstats reads");
	for (i = 0; i < ds.ndev; i++) {
		size_t j;

		for (j = 0; j < ds.dev[i].n; j++) {
			if (!strcmp(ds.dev[i].name, "sda"))
				sda += ds.dev[i].iv[j].rbytes;
			if (!strcmp(ds.dev[i].name, "sdb")) {
				sdb += ds.dev[i].iv[j].wbytes;
				nsdb++;
			}
		}
		ok(strcmp(ds.dev[i].name, "sda1") != 0,
		   "the partition sda1 is left out");
	}
	/* 200 sectors, then the wrap: 2^32 - 4294967200 + 104 = 200 */
	ok(sda == (200 + 200) * 512,
	   "sda: the 32-bit wrap is a step of 200 sectors");
	/* 20 sectors, then no interval across the gap, then 40 */
	ok(sdb == (20 + 40) * 512 && nsdb == 2,
	   "sdb: no interval across the snapshot it was missing from");
	ok(ds.resets == 1, "sdc: a 64-bit counter going back is one reset");
	iol_devset_release(&ds);
}

static char vanish_a[4096], vanish_b[4096];

static void hook(const char *dir, void *arg)
{
	char p[4200];

	(void)arg;
	/* whichever of a and b comes first removes the other, and a file
	 * of its own already listed */
	if (!strcmp(dir, vanish_a) || !strcmp(dir, vanish_b)) {
		const char *other =
			!strcmp(dir, vanish_a) ? vanish_b : vanish_a;

		snprintf(p, sizeof(p), "%s/f", other);
		unlink(p);
		rmdir(other);
		snprintf(p, sizeof(p), "%s/g", dir);
		unlink(p);
		vanish_a[0] = vanish_b[0] = '\0';
	}
}

static void walk(const char *dir)
{
	char root[4096], p[4200];
	const char *roots[1];
	struct iol_fsopts o;
	struct iol_fsstats *st = calloc(1, sizeof(*st));

	snprintf(root, sizeof(root), "%s/tree", dir);
	mkdir(root, 0755);
	snprintf(vanish_a, sizeof(vanish_a), "%s/a", root);
	snprintf(vanish_b, sizeof(vanish_b), "%s/b", root);
	mkdir(vanish_a, 0755);
	mkdir(vanish_b, 0755);
	snprintf(p, sizeof(p), "%s/f", vanish_a);
	write_file(p, "x");
	snprintf(p, sizeof(p), "%s/g", vanish_a);
	write_file(p, "y");
	snprintf(p, sizeof(p), "%s/f", vanish_b);
	write_file(p, "x");
	snprintf(p, sizeof(p), "%s/g", vanish_b);
	write_file(p, "y");
	memset(&o, 0, sizeof(o));
	o.threads = 1;
	o.hook = hook;
	roots[0] = root;
	ok(iol_fs_walk(roots, 1, &o, st, NULL) == 0, "walk with the hook");
	/* the other directory's opendir and this one's file "g": whichever
	 * readdir returned first of f and g, g was unlinked under it */
	ok(st->vanished >= 1 && st->vanished <= 2 && st->errors == 0,
	   "entries removed during the walk are counted as vanished");
	ok(st->files + st->vanished >= 2 && st->files <= 2,
	   "the walk goes on after them");
	if (geteuid() != 0) {
		snprintf(p, sizeof(p), "%s/locked", root);
		mkdir(p, 0);
		o.hook = NULL;
		ok(iol_fs_walk(roots, 1, &o, st, NULL) == 0 && st->denied == 1,
		   "an unreadable directory is counted as denied");
		chmod(p, 0755);
	} else {
		printf("ok %d # skip root reads every directory\n", ++n);
	}
	free(st);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test-storage scratch-dir\n");
		return 2;
	}
	conservation();
	diskstats(argv[1]);
	walk(argv[1]);
	printf("1..%d\n", n);
	return failed != 0;
}
