/*
 * Timelines (METRICS.md 8): the source of a job's timeline and the
 * rank x time matrix of bytes.  Phases are in phases.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

/* ---- timelines ---- */

/* a HEATMAP record with a byte in it */
static int heat_any(const struct iol_jheat *h)
{
	int64_t i;

	for (i = 0; i < h->nbins; i++)
		if (h->wbins[i] > 0 || h->rbins[i] > 0)
			return 1;
	return 0;
}

static int has_heat(const struct iol_job *job)
{
	size_t i;

	for (i = 0; i < job->nheat; i++)
		if (heat_any(&job->heat[i]))
			return 1;
	return 0;
}

int iol_timeline_source(const struct iol_job *job)
{
	/* a trace's calls are segments too, after DXT and HEATMAP: a trace
	 * has neither */
	if (job->nsegs[0] + job->nsegs[1] > 0)
		return IOL_TL_DXT;
	if (has_heat(job))
		return IOL_TL_HEATMAP;
	if (job->mod[IOL_MOD_POSIX].n || job->mod[IOL_MOD_STDIO].n ||
	    job->mod[IOL_MOD_MPIIO].n)
		return IOL_TL_TIMESTAMPS;
	return IOL_TL_NONE;
}

/* a trace iolens trace wrote: its source says so, and its name should
 * (strace did not write it) */
static int is_iolens_trace(const struct iol_job *job)
{
	return !strcmp(job->source, "iolens-trace");
}

const char *iol_timeline_name(const struct iol_job *job, int source, int layer)
{
	if (source != IOL_TL_DXT)
		return iol_tl_source_names[source];
	if (job->kind == IOL_SRC_STRACE)
		return is_iolens_trace(job) ? "iolens-trace" : "strace";
	if (job->kind == IOL_SRC_IOTA)
		return "Iota";
	return iol_timeline_layer(job, layer) ? "DXT_MPIIO" : "DXT_POSIX";
}

const char *iol_timeline_desc(const struct iol_job *job, int source, int layer)
{
	switch (source) {
	case IOL_TL_DXT:
		if (job->kind == IOL_SRC_STRACE)
			return is_iolens_trace(job) ? "from the iolens trace"
						    : "from the strace trace";
		if (job->kind == IOL_SRC_IOTA)
			return "from the Iota trace";
		return iol_timeline_layer(job, layer)
			       ? "from DXT (MPI-IO layer)"
			       : "from DXT (POSIX layer)";
	case IOL_TL_HEATMAP: return "from Darshan's HEATMAP module";
	case IOL_TL_TIMESTAMPS:
		return "estimated from Darshan's open/close timestamps";
	}
	return "from none";
}

int iol_timeline_layer(const struct iol_job *job, int layer)
{
	if (layer == 1 && job->nsegs[1] > 0)
		return 1;
	if (layer == 0 && job->nsegs[0] > 0)
		return 0;
	return job->nsegs[0] > 0 ? 0 : 1;
}

static void matrix_add(struct iol_matrix *m, int64_t rank, double s, double e,
		       double bytes, int is_read)
{
	double w = (m->t1 - m->t0) / (double)m->nbins;
	double *row;
	size_t b0, b1, b;

	if ((rank >= 0 && (size_t)rank >= m->nrank) || !(w > 0) || bytes <= 0)
		return;
	/* a shared record (rank -1) has a row of its own, past the ranks */
	if (rank < 0) {
		rank = (int64_t)m->nrank;
		m->has_shared = 1;
	}
	row = (is_read ? m->rd : m->wr) + (size_t)rank * m->nbins;
	if (s < m->t0)
		s = m->t0;
	if (e > m->t1)
		e = m->t1;
	if (e < s)
		e = s;
	b0 = (size_t)((s - m->t0) / w);
	b1 = (size_t)((e - m->t0) / w);
	if (b0 >= m->nbins)
		b0 = m->nbins - 1;
	if (b1 >= m->nbins)
		b1 = m->nbins - 1;
	if (b0 == b1 || !(e > s)) {
		row[b0] += bytes;
		return;
	}
	/* split by overlap so rates are exact over the bins */
	for (b = b0; b <= b1; b++) {
		double lo = m->t0 + w * (double)b, hi = lo + w;
		double ov = (e < hi ? e : hi) - (s > lo ? s : lo);

		if (ov > 0)
			row[b] += bytes * ov / (e - s);
	}
}

/* The matrix from Darshan's per-file timestamps: each record's bytes
 * spread evenly over its interval, an estimate; a shared record's on the
 * shared row, never on every rank. */
static void matrix_timestamps(const struct iol_job *job, struct iol_matrix *m)
{
	struct iol_lowrecs it;
	const struct iol_jrec *rec;
	struct iol_recx x;
	int mod;

	m->estimated = 1;
	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_next(&it, &mod, &rec, &x))
		if (x.last > m->t1)
			m->t1 = x.last;
	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_next(&it, &mod, &rec, &x)) {
		if (x.wend > 0 && x.wstart >= 0)
			matrix_add(m, rec->rank, x.wstart, x.wend,
				   (double)pos(x.bw), 0);
		if (x.rend > 0 && x.rstart >= 0)
			matrix_add(m, rec->rank, x.rstart, x.rend,
				   (double)pos(x.br), 1);
	}
}

/* Which HEATMAP records carry the bytes that reach storage: POSIX, STDIO
 * and DFS ("heatmap:X" by name), or MPI-IO's alone for --layer mpiio;
 * DAOS (below DFS) only when nothing else has bytes. */
static int heat_wanted(const struct iol_job *job, const struct iol_jheat *h,
		       int layer, int daos_only)
{
	const char *name = iol_job_name(job, h->id);
	const char *l = name && !strncmp(name, "heatmap:", 8) ? name + 8 : "";

	if (layer == 1)
		return !strcmp(l, "MPIIO");
	if (daos_only)
		return !strcmp(l, "DAOS");
	return !strcmp(l, "POSIX") || !strcmp(l, "STDIO") || !strcmp(l, "DFS");
}

static int heat_pick(const struct iol_job *job, int layer)
{
	size_t i;
	int daos = 0;

	if (layer == 1)
		for (i = 0; i < job->nheat; i++)
			if (heat_wanted(job, &job->heat[i], 1, 0) &&
			    heat_any(&job->heat[i]))
				return 1;
	for (i = 0; i < job->nheat; i++)
		if (heat_wanted(job, &job->heat[i], 0, 0) &&
		    heat_any(&job->heat[i]))
			return 0;
	for (i = 0; i < job->nheat; i++)
		daos |= heat_wanted(job, &job->heat[i], 0, 1);
	return daos ? 2 : 0;
}

/* The matrix from HEATMAP bins: bin i of a record covers [i w, (i+1) w)
 * from the job's start; the axis is stretched to the last bin with bytes
 * when that starts after the run time (old logs round it). */
static void matrix_heatmap(const struct iol_job *job, int layer,
			   struct iol_matrix *m)
{
	int pick = heat_pick(job, layer);
	size_t i;
	int64_t b;

	for (i = 0; i < job->nheat; i++) {
		const struct iol_jheat *h = &job->heat[i];

		if (!heat_wanted(job, h, pick == 1, pick == 2))
			continue;
		if (h->bin_width > m->heat_bin)
			m->heat_bin = h->bin_width;
		for (b = 0; b < h->nbins && h->bin_width > 0; b++)
			if ((h->wbins[b] > 0 || h->rbins[b] > 0) &&
			    h->bin_width * (double)b >= m->t1)
				m->t1 = h->bin_width * (double)(b + 1);
	}
	for (i = 0; i < job->nheat; i++) {
		const struct iol_jheat *h = &job->heat[i];

		if (!heat_wanted(job, h, pick == 1, pick == 2) ||
		    !(h->bin_width > 0))
			continue;
		for (b = 0; b < h->nbins; b++) {
			double s = h->bin_width * (double)b;

			matrix_add(m, h->rank, s, s + h->bin_width,
				   (double)h->wbins[b], 0);
			matrix_add(m, h->rank, s, s + h->bin_width,
				   (double)h->rbins[b], 1);
		}
	}
}

/* the empty matrix: its size checked, its storage, its time axis to the
 * run time */
static int matrix_start(const struct iol_job *job, size_t nbins,
			struct iol_matrix *m, struct iol_error *err)
{
	size_t nrank = job->nprocs > 0 ? (size_t)job->nprocs : 1;

	memset(m, 0, sizeof(*m));
	if (nbins < 1 || nbins > 100000)
		return iol_error_set(err, IOL_EINVAL,
				     "bins must be 1 to 100000");
	if ((nrank + 1) * nbins > ((size_t)1 << 26))
		return iol_error_set(
			err, IOL_EINVAL,
			"%zu ranks x %zu bins is too large a matrix", nrank,
			nbins);
	m->source = iol_timeline_source(job);
	m->nrank = nrank;
	m->nbins = nbins;
	m->t0 = 0;
	m->t1 = job->run_time > 0 ? job->run_time : 1;
	/* one more row than ranks: the shared records' */
	m->wr = calloc((nrank + 1) * nbins * 2, sizeof(double));
	if (!m->wr)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	m->rd = m->wr + (nrank + 1) * nbins;
	return 0;
}

/* the time axis must cover every segment: old logs round the run time
 * to whole seconds, so look; exact ones need not */
static int must_look(const struct iol_job *job)
{
	return !job->time_exact || !(job->run_time > 0);
}

int iol_matrix_dxt_needs_tmax(const struct iol_job *job)
{
	return must_look(job);
}

int iol_matrix_dxt_start(const struct iol_job *job, size_t nbins, double tmax,
			 struct iol_matrix *m, struct iol_error *err)
{
	int ret = matrix_start(job, nbins, m, err);

	if (ret < 0)
		return ret;
	if (must_look(job) && tmax > m->t1)
		m->t1 = tmax;
	return 0;
}

void iol_matrix_dxt_add(struct iol_matrix *m, int64_t rank, double s, double e,
			int64_t len, int is_read)
{
	matrix_add(m, rank, s, e, (double)len, is_read);
}

int iol_matrix_compute(const struct iol_job *job, int layer, size_t nbins,
		       struct iol_matrix *m, struct iol_error *err)
{
	int which, ret;

	ret = matrix_start(job, nbins, m, err);
	if (ret < 0)
		return ret;
	if (m->source == IOL_TL_DXT) {
		struct iol_segs *it;
		struct iol_seg seg[1024];
		size_t rec;
		int is_read;
		long n, k;
		double tmax = 0;

		which = iol_timeline_layer(job, layer);
		if (must_look(job)) {
			ret = iol_segs_open(&it, job, which, err);
			if (ret < 0)
				goto fail;
			while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read,
						  err)) > 0)
				for (k = 0; k < n; k++)
					if (seg[k].end > tmax)
						tmax = seg[k].end;
			iol_segs_close(it);
			if (n < 0) {
				ret = (int)n;
				goto fail;
			}
			if (tmax > m->t1)
				m->t1 = tmax;
		}
		ret = iol_segs_open(&it, job, which, err);
		if (ret < 0)
			goto fail;
		while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read, err)) >
		       0)
			for (k = 0; k < n; k++)
				matrix_add(m, job->dxt[which][rec].rank,
					   seg[k].start, seg[k].end,
					   (double)seg[k].len, is_read);
		iol_segs_close(it);
		if (n < 0) {
			ret = (int)n;
			goto fail;
		}
	} else if (m->source == IOL_TL_HEATMAP) {
		matrix_heatmap(job, layer, m);
	} else if (m->source == IOL_TL_TIMESTAMPS) {
		matrix_timestamps(job, m);
	}
	return 0;
fail:
	iol_matrix_free(m);
	return ret;
}

void iol_matrix_free(struct iol_matrix *m)
{
	free(m->wr);
	memset(m, 0, sizeof(*m));
}
