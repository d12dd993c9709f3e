/*
 * Per-rank I/O, metadata, read and write time of the POSIX + STDIO records
 * and the job's time by slowest (METRICS.md 2, 6): computed once here so
 * that summary, meta and the report cannot disagree about the slowest rank.
 * Also the META time of every module that records one, for the per-module
 * metadata figures beside POSIX + STDIO's.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "counters/counters.h"
#include "base/banned.h"

/* A shared record: its slowest rank's time, split by its own shares. */
static void shared_add(struct iol_ranktime *t, const struct iol_recx *x)
{
	double all = posf(x->tr) + posf(x->tw) + posf(x->tm);
	double slow = posf(x->tslow);

	t->shared_io += slow;
	t->shared_io_sum += rec_time(x);
	t->shared_meta_sum += posf(x->tm);
	if (all > 0) {
		t->shared_rd += slow * posf(x->tr) / all;
		t->shared_wr += slow * posf(x->tw) / all;
		t->shared_meta += slow * posf(x->tm) / all;
	}
}

/* The slowest rank and the job's figures by slowest. */
static void by_slowest(struct iol_ranktime *t)
{
	double mr = 0, mw = 0;
	size_t i;

	t->slowest = -1;
	for (i = 0; i < t->nrank; i++) {
		if (t->io[i] > 0 &&
		    (t->slowest < 0 || t->io[i] > t->io[t->slowest]))
			t->slowest = (int64_t)i;
		if (t->rd[i] > mr)
			mr = t->rd[i];
		if (t->wr[i] > mw)
			mw = t->wr[i];
	}
	t->time_by_slowest = t->shared_io;
	t->meta_by_slowest = t->shared_meta;
	if (t->slowest >= 0) {
		t->time_by_slowest += t->io[t->slowest];
		t->meta_by_slowest += t->meta[t->slowest];
	}
	t->read_by_slowest = mr + t->shared_rd;
	t->write_by_slowest = mw + t->shared_wr;
}

int iol_ranktime_compute(const struct iol_job *job, struct iol_ranktime *t,
			 struct iol_error *err)
{
	size_t np = job->nprocs > 0 ? (size_t)job->nprocs : 1;
	struct iol_lowrecs it;
	const struct iol_jrec *r;
	struct iol_recx xbuf;
	const struct iol_recx *x;
	int mod;

	memset(t, 0, sizeof(*t));
	t->io = calloc(np * 4, sizeof(double));
	if (!t->io)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	t->nrank = np;
	t->meta = t->io + np;
	t->rd = t->meta + np;
	t->wr = t->rd + np;
	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_step(&it, &mod, &r, &x, &xbuf)) {
		if (r->rank >= 0 && (size_t)r->rank < np) {
			t->io[r->rank] += rec_time(x);
			t->meta[r->rank] += posf(x->tm);
			t->rd[r->rank] += posf(x->tr);
			t->wr[r->rank] += posf(x->tw);
		} else if (r->rank < 0) {
			shared_add(t, x);
		} else {
			t->shared_io_sum += rec_time(x);
			t->shared_meta_sum += posf(x->tm);
		}
	}
	by_slowest(t);
	return 0;
}

void iol_ranktime_free(struct iol_ranktime *t)
{
	free(t->io);
	memset(t, 0, sizeof(*t));
}

int iol_mod_meta_time(const struct iol_job *job, int m, double *t)
{
	const struct iol_jmod *jm;
	const struct cix *c;
	size_t i;

	*t = 0;
	if (m < 0 || m >= IOL_MOD_KNOWN || m == IOL_MOD_BGQ)
		return 0;
	jm = &job->mod[m];
	if (!jm->loaded || !jm->n || !iol_modinfo(m)->nint)
		return 0;
	c = iol_cix(m);
	if (c->tm < 0)
		return 0;
	for (i = 0; i < jm->n; i++)
		*t += posf(getf(&jm->recs[i], c->tm));
	return 1;
}
