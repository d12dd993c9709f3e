/*
 * The writes a POSIX record's syncs flush when the program wrote through
 * STDIO (issue 34, round 34): glibc's fflush() calls write(2) inside the
 * C library, which Darshan does not wrap, so a log line fprintf'ed,
 * fflush'ed and fsync'ed has its write in the STDIO record and its
 * fsync in the POSIX record of the same file (the same record id), whose
 * WRITES stay 0 (r34-logfsync: FSYNCS 1501, WRITES 0; STDIO WRITES
 * 1500, FLUSHES 1501).  IOL-FSYNC judges those syncs against the STDIO
 * writes.
 */
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
		/* a shared record: one a process, as posix_write_records */
		tf->stdio_synced_recs = sat_add(
			tf->stdio_synced_recs,
			r->rank < 0 && job->nprocs > 0 ? job->nprocs : 1);
	}
	free(v);
	return 0;
}
