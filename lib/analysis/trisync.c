/*
 * The writes a POSIX record's syncs flush when the program wrote through
 * STDIO (issue 34, round 34): glibc's fflush() calls write(2) inside the
 * C library, which Darshan does not wrap, so a log line fprintf'ed,
 * fflush'ed and fsync'ed has its write in the STDIO record and its
 * fsync in the POSIX record of the same file (the same record id), whose
 * WRITES stay 0 (r34-logfsync: FSYNCS 1501, WRITES 0; STDIO WRITES
 * 1500, FLUSHES 1501).  IOL-FSYNC judges those syncs against the STDIO
 * writes.  And the bytes IOL-FSYNC's syncs flush, with the pace of a
 * flush once, for its stake (iol_trifacts_sync_flush()).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/trifacts.h"
#include "base/sort.h"
#include "counters/counters.h"
#include "base/banned.h"

struct synced {
	uint64_t id;
	int64_t rank;
};

static int synced_before(const struct synced *a, const struct synced *b)
{
	return a->id < b->id || (a->id == b->id && a->rank < b->rank);
}

IOL_SORT_DEFINE(sort_synced, struct synced, synced_before)

static int64_t cnt(int64_t v)
{
	return v > 0 ? v : 0;
}

static int synced_has(const struct synced *v, size_t n, uint64_t id,
		      int64_t rank)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].id == id && v[mid].rank == rank)
			return 1;
		if (synced_before(&v[mid], &(struct synced){id, rank}))
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* The POSIX records that sync and write nothing themselves, sorted by
 * (id, rank); *n 0 when there is none */
static struct synced *synced_recs(const struct iol_jmod *p, size_t *n)
{
	struct synced *v;
	size_t i;

	*n = 0;
	v = malloc((p->n ? p->n : 1) * sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < p->n; i++) {
		const struct iol_jrec *r = &p->recs[i];

		/* either count, not their sum: a damaged log's near
		 * INT64_MAX overflowed it (t/6167) */
		if ((cnt(r->ic[POSIX_FSYNCS]) > 0 ||
		     cnt(r->ic[POSIX_FDSYNCS]) > 0) &&
		    cnt(r->ic[POSIX_WRITES]) == 0)
			v[(*n)++] = (struct synced){r->id, r->rank};
	}
	sort_synced(v, *n);
	return v;
}

/* a + b of two counts of 0 or more, at most INT64_MAX (a job of
 * INT64_MAX processes' shared records counted one a process) */
static int64_t sat_add(int64_t a, int64_t b)
{
	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

int iol_trifacts_synced_stdio(const struct iol_job *job,
			      struct iol_trifacts *tf)
{
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX],
			      *s = &job->mod[IOL_MOD_STDIO];
	struct synced *v;
	size_t n, i;

	tf->stdio_synced_writes = tf->stdio_synced_recs = -1;
	if (!p->loaded || !s->loaded)
		return 0;
	tf->stdio_synced_writes = tf->stdio_synced_recs = 0;
	v = synced_recs(p, &n);
	if (!v)
		return IOL_ENOMEM;
	for (i = 0; n && i < s->n; i++) {
		const struct iol_jrec *r = &s->recs[i];
		int64_t w = cnt(r->ic[STDIO_WRITES]);

		if (!w || !synced_has(v, n, r->id, r->rank))
			continue;
		tf->stdio_synced_writes = sat_add(tf->stdio_synced_writes, w);
		/* their bytes are what the syncs flush */
		if (tf->synced_bytes >= 0)
			tf->synced_bytes =
				sat_add(tf->synced_bytes,
					cnt(r->ic[STDIO_BYTES_WRITTEN]));
		/* a shared record: one a process, as posix_write_records */
		tf->stdio_synced_recs = sat_add(
			tf->stdio_synced_recs,
			r->rank < 0 && job->nprocs > 0 ? job->nprocs : 1);
	}
	/* the files whose syncs are POSIX's sync too (e_fsync) */
	if (tf->synced_recs >= 0)
		tf->synced_recs =
			sat_add(tf->synced_recs, tf->stdio_synced_recs);
	free(v);
	return 0;
}

/* fsyncs and fdatasyncs of a record, at most INT64_MAX */
static int64_t rec_syncs(const struct iol_jrec *r)
{
	return sat_add(cnt(r->ic[POSIX_FSYNCS]), cnt(r->ic[POSIX_FDSYNCS]));
}

/* A record's written MiB over its mean process's write time, when it
 * wrote 1 MiB or more; 0 otherwise */
static double once_pace(const struct iol_jrec *r, int64_t procs)
{
	double w = (double)cnt(r->ic[POSIX_BYTES_WRITTEN]);
	double t = r->fc[POSIX_F_WRITE_TIME] / (double)procs, pace;

	if (w < 1048576.0 || !(t > 0))
		return 0;
	pace = w / 1048576.0 / t;
	return isfinite(pace) ? pace : 0;
}

/*
 * What IOL-FSYNC's syncs flush and how fast this storage flushes bytes
 * once (issue 34, round 39): the bytes written in POSIX records synced
 * more than once a process (the job's: the ranks share the storage),
 * and the fastest pace of records of 1 MiB or more written and synced
 * at most once a process, whose write time holds their one flush (or
 * none: the page cache's pace, which claims no less than before).
 */
void iol_trifacts_sync_flush(const struct iol_job *job, struct iol_trifacts *tf)
{
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX];
	double best = 0;
	size_t i;

	tf->synced_bytes = tf->synced_recs = -1;
	tf->synced_once_mibs = NAN;
	if (!p->loaded)
		return;
	tf->synced_bytes = tf->synced_recs = 0;
	for (i = 0; i < p->n; i++) {
		const struct iol_jrec *r = &p->recs[i];
		int64_t first =
			r->rank < 0 && job->nprocs > 0 ? job->nprocs : 1;

		if (!cnt(r->ic[POSIX_WRITES]))
			continue;
		/* a shared record: no more processes synced than syncs */
		if (rec_syncs(r) > 0)
			tf->synced_recs = sat_add(
				tf->synced_recs,
				rec_syncs(r) < first ? rec_syncs(r) : first);
		if (rec_syncs(r) > first)
			tf->synced_bytes =
				sat_add(tf->synced_bytes,
					cnt(r->ic[POSIX_BYTES_WRITTEN]));
		else
			best = fmax(best, once_pace(r, first));
	}
	if (best > 0)
		tf->synced_once_mibs = best;
}
