/*
 * The triage facts (trifacts.h): one pass over the POSIX records into a
 * compact array, sorted by file so each file's records are together, and
 * one pass over the MPI-IO records.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "base/banned.h"

/* one POSIX record, what the per-file facts need */
struct fr {
	uint64_t id;
	int64_t rank, br, bw, small;
	double rstart, wstart; /* -1: no reads (writes) */
};

/* the files of the MPI-IO records, sorted */
struct ids {
	uint64_t *v;
	size_t n;
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int ids_has(const struct ids *s, uint64_t id)
{
	return s->n && bsearch(&id, s->v, s->n, sizeof(*s->v), cmp_u64);
}

static int cmp_fr(const void *a, const void *b)
{
	const struct fr *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static int64_t nn(int64_t v)
{
	return v > 0 ? v : 0;
}

/* POSIX operations under 1 MiB: the five lowest size bins, both ways */
static int64_t small_ops(const struct iol_jrec *r)
{
	int64_t s = 0;
	int b;

	for (b = 0; b < 5; b++)
		s += nn(r->ic[POSIX_SIZE_READ_0_100 + b]) +
		     nn(r->ic[POSIX_SIZE_WRITE_0_100 + b]);
	return s;
}

/* The byte and time spread of a shared record's ranks. */
struct spread_in {
	uint64_t id;
	double bytes, time;	/* all ranks */
	int64_t fast_b, slow_b; /* fastest, slowest rank's bytes */
	double fast_t, slow_t;	/* their times */
};

/* A shared record's data and time imbalance (Drishti P18, P19), files of
 * at least 1 MiB. */
static void shared_spread(const struct spread_in *s, struct iol_trifacts *tf)
{
	double p;

	if (s->bytes < 1048576.0)
		return;
	if (s->fast_b >= 0 && s->slow_b >= 0) {
		p = 100.0 * fabs((double)s->slow_b - (double)s->fast_b) /
		    s->bytes;
		if (!(p <= tf->shared_imbal_pct)) {
			tf->shared_imbal_pct = p;
			tf->shared_imbal_id = s->id;
		}
	}
	if (s->time > 0 && s->fast_t >= 0 && s->slow_t >= 0) {
		p = 100.0 * fabs(s->slow_t - s->fast_t) / s->time;
		if (!(p <= tf->shared_time_imbal_pct)) {
			tf->shared_time_imbal_pct = p;
			tf->shared_time_imbal_id = s->id;
		}
	}
}

/*
 * A file MPI-IO drove: how many ranks did its POSIX I/O (the collective
 * buffering aggregators).  With k ranks moving B/k bytes each and the
 * rest none, the variance of bytes over N ranks is B^2/(kN) - (B/N)^2,
 * so k = B^2 / (N var + B^2 / N); files of at least 1 MiB.
 */
static void aggregators(const struct iol_job *job, const struct iol_jrec *r,
			double bytes, struct iol_trifacts *tf)
{
	double n = (double)job->nprocs,
	       var = r->fc[POSIX_F_VARIANCE_RANK_BYTES];
	double k, per;

	if (bytes < 1048576.0 || n < 2 || !(var >= 0))
		return;
	k = bytes * bytes / (n * var + bytes * bytes / n);
	if (!(k >= 1))
		k = 1;
	per = n / k;
	if (!(per <= tf->aggr_ranks)) {
		tf->aggr_ranks = per;
		tf->aggr_count = k;
		tf->aggr_id = r->id;
	}
}

/* A shared POSIX record: small operations, and its spread unless MPI-IO
 * drove the file (then aggregators make POSIX uneven by design and the
 * MPI-IO record is judged instead). */
static void shared_rec(const struct iol_job *job, const struct iol_jrec *r,
		       const struct iol_recx *x, const struct ids *mpi,
		       struct iol_trifacts *tf)
{
	struct spread_in s = {r->id,
			      (double)nn(x->br) + (double)nn(x->bw),
			      fmax(x->tr, 0) + fmax(x->tw, 0) + fmax(x->tm, 0),
			      r->ic[POSIX_FASTEST_RANK_BYTES],
			      r->ic[POSIX_SLOWEST_RANK_BYTES],
			      r->fc[POSIX_F_FASTEST_RANK_TIME],
			      r->fc[POSIX_F_SLOWEST_RANK_TIME]};

	tf->shared_small += small_ops(r);
	tf->shared_ops += nn(x->reads) + nn(x->writes);
	if (!ids_has(mpi, r->id))
		shared_spread(&s, tf);
	else
		aggregators(job, r, s.bytes, tf);
}

/*
 * Bytes a record moved beyond its file's highest offset + 1, read and
 * written: data moved more than once by the same process.  A shared
 * record sums every rank, so each rank may move the file once.
 */
static void redundant(const struct iol_job *job, const struct iol_jrec *r,
		      const struct iol_recx *x, struct iol_trifacts *tf)
{
	int64_t per = r->rank < 0 && job->nprocs > 0 ? job->nprocs : 1;
	int64_t mr = r->ic[POSIX_MAX_BYTE_READ];
	int64_t mw = r->ic[POSIX_MAX_BYTE_WRITTEN];
	double red = 0;

	if (mr >= 0 && (double)nn(x->br) > (double)(mr + 1) * (double)per)
		red += (double)nn(x->br) - (double)(mr + 1) * (double)per;
	if (mw >= 0 && (double)nn(x->bw) > (double)(mw + 1) * (double)per)
		red += (double)nn(x->bw) - (double)(mw + 1) * (double)per;
	if (red <= 0)
		return;
	tf->redundant_bytes += (int64_t)red;
	if ((int64_t)red > tf->redundant_max) {
		tf->redundant_max = (int64_t)red;
		tf->redundant_id = r->id;
	}
}

/* (max - min) / max of one direction over a file's per-rank records */
static double spread(int64_t lo, int64_t hi)
{
	return hi > 0 ? 100.0 * (double)(hi - lo) / (double)hi : NAN;
}

/* A rank's bytes in one direction into the range of the ranks that
 * moved any. */
static void rank_bytes(int64_t v, int64_t *lo, int64_t *hi, int64_t *np)
{
	if (v <= 0)
		return;
	*lo = v < *lo ? v : *lo;
	*hi = v > *hi ? v : *hi;
	(*np)++;
}

/* The facts of one file: its records a[0..n-1]. */
static void file_facts(const struct fr *a, size_t n, struct iol_trifacts *tf)
{
	int64_t br = 0, small = 0;
	int64_t lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {0, 0}, np[2] = {0, 0};
	double rs = -1, ws = -1;
	size_t k;

	for (k = 0; k < n; k++) {
		br += a[k].br, small += a[k].small;
		if (a[k].rstart >= 0 && (rs < 0 || a[k].rstart < rs))
			rs = a[k].rstart;
		if (a[k].wstart >= 0 && (ws < 0 || a[k].wstart < ws))
			ws = a[k].wstart;
		if (a[k].rank >= 0)
			rank_bytes(a[k].br, &lo[0], &hi[0], &np[0]);
		if (a[k].rank >= 0)
			rank_bytes(a[k].bw, &lo[1], &hi[1], &np[1]);
	}
	if (small > tf->small_top_ops)
		tf->small_top_ops = small, tf->small_top_id = a[0].id;
	if (br > 0 && rs >= 0 && ws >= 0 && rs > ws) {
		tf->raw_bytes += br;
		if (br > tf->raw_max)
			tf->raw_max = br, tf->raw_id = a[0].id;
	}
	for (k = 0; k < 2; k++) {
		double p = spread(lo[k], hi[k]);
		if (np[k] >= 2 && hi[k] >= 1048576 &&
		    !(p <= tf->rank_size_imbal_pct)) {
			tf->rank_size_imbal_pct = p;
			tf->rank_size_imbal_id = a[0].id;
		}
	}
}

/* A record on a Lustre mount: its operations and misalignment. */
static void lustre_rec(const struct iol_job *job, const struct iol_jrec *r,
		       const struct iol_recx *x, int64_t *most,
		       struct iol_trifacts *tf)
{
	const char *path = iol_job_name(job, r->id);
	int m = path ? iol_job_mount_of(job, path) : -1;
	int64_t ops = nn(x->reads) + nn(x->writes);

	if (m < 0 || !job->mounts[m].type ||
	    strcmp(job->mounts[m].type, "lustre") || !ops)
		return;
	if (tf->lustre_ops < 0)
		tf->lustre_ops = tf->lustre_notaligned = 0;
	tf->lustre_ops += ops;
	tf->lustre_notaligned += nn(x->notaligned);
	if (ops > *most) {
		*most = ops;
		tf->lustre_stripe = r->ic[POSIX_FILE_ALIGNMENT];
		tf->lustre_id = r->id;
	}
}

/* The POSIX records, compactly, with the shared-record facts on the way;
 * *out is allocated (NULL when there are none). */
static int posix_pass(const struct iol_job *job, const struct ids *mpi,
		      struct iol_trifacts *tf, struct fr **out, size_t *nout)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_POSIX];
	int64_t most = 0;
	struct fr *a;
	size_t i;

	*out = NULL;
	*nout = 0;
	if (!jm->loaded || !jm->n)
		return 0;
	a = calloc(jm->n, sizeof(*a));
	if (!a)
		return IOL_ENOMEM;
	tf->mem_notaligned = 0;
	for (i = 0; i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		struct iol_recx x;

		iol_rec_extract(IOL_MOD_POSIX, r, &x);
		tf->mem_notaligned += nn(r->ic[POSIX_MEM_NOT_ALIGNED]);
		a[i] = (struct fr){r->id,
				   r->rank,
				   nn(x.br),
				   nn(x.bw),
				   small_ops(r),
				   x.reads > 0 ? x.rstart : -1,
				   x.writes > 0 ? x.wstart : -1};
		if (r->rank < 0)
			shared_rec(job, r, &x, mpi, tf);
		redundant(job, r, &x, tf);
		if (job->nmounts)
			lustre_rec(job, r, &x, &most, tf);
	}
	*out = a;
	*nout = jm->n;
	return 0;
}

/* MPI-IO operation counts, the spread of its shared records, and the
 * set of its files; IOL_ENOMEM when the set cannot be made. */
static int mpiio_pass(const struct iol_job *job, struct iol_trifacts *tf,
		      struct ids *mpi)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_MPIIO];
	size_t i;

	if (!jm->loaded)
		return 0;
	tf->mpiio_coll = tf->mpiio_indep = tf->mpiio_nb = 0;
	if (jm->n && !(mpi->v = calloc(jm->n, sizeof(*mpi->v))))
		return IOL_ENOMEM;
	for (i = 0; i < jm->n; i++) {
		const int64_t *c = jm->recs[i].ic;
		const double *f = jm->recs[i].fc;
		struct spread_in s = {
			jm->recs[i].id,
			(double)nn(c[MPIIO_BYTES_READ]) +
				(double)nn(c[MPIIO_BYTES_WRITTEN]),
			fmax(f[MPIIO_F_READ_TIME], 0) +
				fmax(f[MPIIO_F_WRITE_TIME], 0) +
				fmax(f[MPIIO_F_META_TIME], 0),
			c[MPIIO_FASTEST_RANK_BYTES],
			c[MPIIO_SLOWEST_RANK_BYTES],
			f[MPIIO_F_FASTEST_RANK_TIME],
			f[MPIIO_F_SLOWEST_RANK_TIME]};

		tf->mpiio_coll +=
			nn(c[MPIIO_COLL_READS]) + nn(c[MPIIO_COLL_WRITES]);
		tf->mpiio_indep +=
			nn(c[MPIIO_INDEP_READS]) + nn(c[MPIIO_INDEP_WRITES]);
		tf->mpiio_nb += nn(c[MPIIO_NB_READS]) + nn(c[MPIIO_NB_WRITES]);
		if (jm->recs[i].rank < 0)
			shared_spread(&s, tf);
		mpi->v[mpi->n++] = jm->recs[i].id;
	}
	if (mpi->n)
		qsort(mpi->v, mpi->n, sizeof(*mpi->v), cmp_u64);
	return 0;
}

int iol_trifacts_compute(const struct iol_job *job, struct iol_trifacts *tf,
			 struct iol_error *err)
{
	struct ids mpi = {NULL, 0};
	struct fr *a = NULL;
	size_t n = 0, i, j;
	int rc;

	memset(tf, 0, sizeof(*tf));
	tf->mem_notaligned = tf->mpiio_coll = tf->mpiio_indep = -1;
	tf->mpiio_nb = -1;
	tf->shared_imbal_pct = tf->shared_time_imbal_pct = NAN;
	tf->rank_size_imbal_pct = NAN;
	tf->lustre_ops = tf->lustre_notaligned = tf->lustre_stripe = -1;
	tf->aggr_ranks = tf->aggr_count = NAN;
	tf->hdf5 =
		job->mod[IOL_MOD_H5F].present || job->mod[IOL_MOD_H5D].present;
	rc = mpiio_pass(job, tf, &mpi);
	if (rc == 0)
		rc = posix_pass(job, &mpi, tf, &a, &n);
	free(mpi.v);
	if (rc < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (n)
		qsort(a, n, sizeof(*a), cmp_fr);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && a[j].id == a[i].id; j++)
			;
		file_facts(a + i, j - i, tf);
	}
	free(a);
	return 0;
}
