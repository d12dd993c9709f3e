/*
 * One row per file per module, or per file across modules (merged).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

/* ---- files ---- */

struct rowrank {
	size_t row;
	int64_t rank;
};

static int cmp_rowrank(const void *a, const void *b)
{
	const struct rowrank *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* one (size, count) pair of a record's ACCESSn counters, for row row */
struct rowsize {
	size_t row;
	int64_t size, count;
};

static int cmp_rowsize(const void *a, const void *b)
{
	const struct rowsize *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return (x->size > y->size) - (x->size < y->size);
}

/* What iol_files_compute builds: the rows, their POSIX sums for the
 * percentages, the row of each record id and the (row, rank) pairs. */
struct fstate {
	struct iol_filerow *v;
	size_t nv, cap;
	int64_t *seqsum, *opsum, *nalsum;
	struct ftab index;
	struct rowrank *rr;
	size_t nrr, rrcap;
	struct rowsize *sz; /* the access sizes of every row's records */
	size_t nsz, szcap;
};

static void fstate_release(struct fstate *st)
{
	free(st->rr);
	free(st->sz);
	iol_ftab_free(&st->index);
	free(st->seqsum);
	free(st->opsum);
	free(st->nalsum);
}

/* Room for one more row.  Returns 0 or IOL_ENOMEM. */
static int row_room(struct fstate *st)
{
	void *a, *b, *c, *d;
	size_t cap;

	if (st->nv < st->cap)
		return 0;
	cap = st->cap ? st->cap * 2 : 64;
	a = realloc(st->v, cap * sizeof(*st->v));
	if (a)
		st->v = a;
	b = realloc(st->seqsum, cap * sizeof(*st->seqsum));
	if (b)
		st->seqsum = b;
	c = realloc(st->opsum, cap * sizeof(*st->opsum));
	if (c)
		st->opsum = c;
	d = realloc(st->nalsum, cap * sizeof(*st->nalsum));
	if (d)
		st->nalsum = d;
	if (!a || !b || !c || !d)
		return IOL_ENOMEM;
	st->cap = cap;
	return 0;
}

/* A new row for the file id: nothing counted, its mount found. */
static void row_init(const struct iol_job *job, struct iol_filerow *f,
		     uint64_t id, int mod)
{
	size_t k;

	memset(f, 0, sizeof(*f));
	f->id = id;
	f->path = iol_job_name(job, id);
	f->mod = mod;
	f->rank = -1;
	f->nranks = 0;
	f->first = f->last = -1;
	f->maxoff = -1;
	f->access = -1;
	f->pct_seq = f->pct_aligned = NAN;
	f->tslow = 0;
	k = (size_t)iol_job_mount_of(job, f->path) + 1;
	f->mnt = k ? job->mounts[k - 1].path : "UNKNOWN";
	f->fstype = k ? job->mounts[k - 1].type : "UNKNOWN";
}

/* "POSIX" + "MPI-IO" -> "POSIX+MPI-IO", once each */
static void add_module_name(struct iol_filerow *f, int m)
{
	const char *name = iol_modinfo(m)->name;
	size_t l = strlen(f->modules);

	if (strstr(f->modules, name) ||
	    l + strlen(name) + 2 >= sizeof(f->modules))
		return;
	if (l)
		f->modules[l++] = '+';
	memcpy(f->modules + l, name, strlen(name) + 1);
}

/* A record's access sizes for row k, summed in sizes_finish().  Returns
 * 0 or IOL_ENOMEM. */
static int row_sizes(struct fstate *st, size_t k, int m,
		     const struct iol_jrec *r)
{
	int64_t v[IOL_NCOMMON], cnt[IOL_NCOMMON];
	int i, n = iol_rec_sizes(m, r, v, cnt);

	for (i = 0; i < n; i++) {
		struct rowsize *g = iol_grow(st->sz, &st->szcap, st->nsz,
					     sizeof(*st->sz), 256);

		if (!g)
			return IOL_ENOMEM;
		st->sz = g;
		st->sz[st->nsz++] = (struct rowsize){k, v[i], cnt[i]};
	}
	return 0;
}

/* A record's counts and times into row k. */
static void row_add(struct fstate *st, size_t k, int m,
		    const struct iol_jrec *r, const struct iol_recx *x)
{
	struct iol_filerow *f = &st->v[k];

	f->br = wadd(f->br, pos(x->br));
	f->bw = wadd(f->bw, pos(x->bw));
	f->reads = wadd(f->reads, pos(x->reads));
	f->writes = wadd(f->writes, pos(x->writes));
	f->tr += posf(x->tr);
	f->tw += posf(x->tw);
	f->opens = wadd(f->opens, pos(x->opens));
	f->seeks = wadd(f->seeks, pos(x->seeks));
	f->stats = wadd(f->stats, pos(x->stats));
	f->syncs = wadd(f->syncs, pos(x->syncs));
	f->tm += posf(x->tm);
	if (r->rank < 0) {
		if (posf(x->tslow) > f->tslow)
			f->tslow = posf(x->tslow);
	} else if (rec_time(x) > f->tslow) {
		f->tslow = rec_time(x);
	}
	f->first = tsmin(f->first, x->first);
	f->last = tsmax(f->last, x->last);
	if (x->maxoff > f->maxoff)
		f->maxoff = x->maxoff;
	if (m == IOL_MOD_POSIX && x->reads >= 0 && x->writes >= 0) {
		if (x->seq >= 0)
			st->seqsum[k] = satadd(st->seqsum[k], x->seq);
		if (x->notaligned >= 0)
			st->nalsum[k] = satadd(st->nalsum[k], x->notaligned);
		st->opsum[k] =
			satadd(st->opsum[k], satadd(x->reads, x->writes));
	}
}

/* One record of module m into its file's row.  Returns 0 or IOL_ENOMEM. */
static int file_rec(const struct iol_job *job, int merge, int m,
		    const struct iol_jrec *r, struct fstate *st)
{
	struct iol_recx x;
	struct fent *e;
	size_t k;

	iol_rec_extract(m, r, &x);
	e = iol_ftab_get(&st->index, r->id);
	if (!e)
		return IOL_ENOMEM;
	if (e->rank == -2) {
		if (row_room(st) < 0)
			return IOL_ENOMEM;
		e->rank = (int64_t)st->nv;
		st->seqsum[st->nv] = st->opsum[st->nv] = st->nalsum[st->nv] = 0;
		row_init(job, &st->v[st->nv++], r->id, merge ? -1 : m);
	}
	k = (size_t)e->rank;
	add_module_name(&st->v[k], m);
	if (r->rank < 0) {
		st->v[k].nranks = -1;
	} else {
		struct rowrank *n2 = iol_grow(st->rr, &st->rrcap, st->nrr,
					      sizeof(*st->rr), 256);

		if (!n2)
			return IOL_ENOMEM;
		st->rr = n2;
		st->rr[st->nrr].row = k;
		st->rr[st->nrr++].rank = r->rank;
	}
	/* counts and times of the low layers only when merged, so nothing is
	 * counted twice (METRICS.md 1) */
	if (merge && m != IOL_MOD_POSIX && m != IOL_MOD_STDIO &&
	    m != IOL_MOD_DFS && m != IOL_MOD_DAOS)
		return 0;
	row_add(st, k, m, r, &x);
	return row_sizes(st, k, m, r);
}

/* Each row's most common access size: the counts of each size summed
 * over the row's records (as iol_common_sizes() sums a module's), the
 * largest sum, for equal sums the smaller size. */
static void sizes_finish(struct fstate *st)
{
	size_t i = 0, j;

	if (st->nsz)
		qsort(st->sz, st->nsz, sizeof(*st->sz), cmp_rowsize);
	while (i < st->nsz) {
		struct iol_filerow *f = &st->v[st->sz[i].row];
		int64_t t = 0;

		for (j = i; j < st->nsz && st->sz[j].row == st->sz[i].row &&
			    st->sz[j].size == st->sz[i].size;
		     j++)
			t = st->sz[j].count > INT64_MAX - t
				    ? INT64_MAX
				    : t + st->sz[j].count;
		/* sizes ascend within a row: a later size wins only with more
		 */
		if (f->access < 0 || t > f->access_count) {
			f->access = st->sz[i].size;
			f->access_count = t;
		}
		i = j;
	}
}

/* Distinct ranks per row, and the POSIX percentages. */
static void rows_finish(struct fstate *st)
{
	size_t i;

	if (st->nrr)
		qsort(st->rr, st->nrr, sizeof(*st->rr), cmp_rowrank);
	for (i = 0; i < st->nrr; i++) {
		struct iol_filerow *f = &st->v[st->rr[i].row];

		if (i && st->rr[i].row == st->rr[i - 1].row &&
		    st->rr[i].rank == st->rr[i - 1].rank)
			continue;
		if (f->nranks < 0)
			continue;
		f->nranks++;
		f->rank = f->nranks == 1 ? st->rr[i].rank : -1;
	}
	for (i = 0; i < st->nv; i++) {
		struct iol_filerow *f = &st->v[i];

		if (st->opsum[i] > 0) {
			/* 0 to 100 %: a damaged log's counts beyond its
			 * reads and writes are all of them */
			double sq = (double)st->seqsum[i] /
				    (double)st->opsum[i],
			       na = (double)st->nalsum[i] /
				    (double)st->opsum[i];

			f->pct_seq = fmin(1, fmax(0, sq)) * 100;
			f->pct_aligned = (1 - fmin(1, fmax(0, na))) * 100;
		}
		if (f->nranks < 0)
			f->rank = -1;
	}
}

int iol_files_compute(const struct iol_job *job, int merge,
		      struct iol_filerow **rows, size_t *n,
		      struct iol_error *err)
{
	struct fstate st;
	size_t i;
	int m;

	memset(&st, 0, sizeof(st));
	*rows = NULL;
	*n = 0;
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_jmod *jm = &job->mod[m];

		if (!jm->loaded || !iol_mod_is_data(m))
			continue;
		if (!merge) {
			iol_ftab_free(&st.index);
		}
		for (i = 0; i < jm->n; i++)
			if (file_rec(job, merge, m, &jm->recs[i], &st) < 0) {
				fstate_release(&st);
				free(st.v);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
	}
	rows_finish(&st);
	sizes_finish(&st);
	fstate_release(&st);
	*rows = st.v;
	*n = st.nv;
	return 0;
}

void iol_files_free(struct iol_filerow *rows)
{
	free(rows);
}
