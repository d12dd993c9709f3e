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

int iol_timeline_source(const struct iol_job *job)
{
	if (job->nsegs[0] + job->nsegs[1] > 0)
		return IOL_TL_DXT;
	if (job->mod[IOL_MOD_POSIX].n || job->mod[IOL_MOD_STDIO].n ||
	    job->mod[IOL_MOD_MPIIO].n)
		return IOL_TL_TIMESTAMPS;
	return IOL_TL_NONE;
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

	if (rank < 0 || (size_t)rank >= m->nrank || !(w > 0) || bytes <= 0)
		return;
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
 * spread evenly over its interval (a shared record over every rank). */
static void matrix_timestamps(const struct iol_job *job, size_t nrank,
			      struct iol_matrix *m)
{
	struct iol_lowrecs it;
	const struct iol_jrec *rec;
	struct iol_recx x;
	int mod;

	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_next(&it, &mod, &rec, &x))
		if (x.last > m->t1)
			m->t1 = x.last;
	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_next(&it, &mod, &rec, &x)) {
		int64_t r0 = rec->rank < 0 ? 0 : rec->rank;
		int64_t r1 = rec->rank < 0 ? (int64_t)nrank - 1 : r0, r;

		for (r = r0; r <= r1; r++) {
			double div = (double)(r1 - r0 + 1);

			if (x.wend > 0 && x.wstart >= 0)
				matrix_add(m, r, x.wstart, x.wend,
					   (double)pos(x.bw) / div, 0);
			if (x.rend > 0 && x.rstart >= 0)
				matrix_add(m, r, x.rstart, x.rend,
					   (double)pos(x.br) / div, 1);
		}
	}
}

int iol_matrix_compute(const struct iol_job *job, int layer, size_t nbins,
		       struct iol_matrix *m, struct iol_error *err)
{
	size_t nrank = job->nprocs > 0 ? (size_t)job->nprocs : 1;
	int which, ret;

	memset(m, 0, sizeof(*m));
	if (nbins < 1 || nbins > 100000)
		return iol_error_set(err, IOL_EINVAL,
				     "bins must be 1 to 100000");
	if (nrank * nbins > ((size_t)1 << 26))
		return iol_error_set(
			err, IOL_EINVAL,
			"%zu ranks x %zu bins is too large a matrix", nrank,
			nbins);
	m->source = iol_timeline_source(job);
	m->nrank = nrank;
	m->nbins = nbins;
	m->t0 = 0;
	m->t1 = job->run_time > 0 ? job->run_time : 1;
	m->wr = calloc(nrank * nbins * 2, sizeof(double));
	if (!m->wr)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	m->rd = m->wr + nrank * nbins;
	if (m->source == IOL_TL_DXT) {
		struct iol_segs *it;
		struct iol_seg seg[1024];
		size_t rec;
		int is_read;
		long n, k;
		double tmax = 0;

		which = iol_timeline_layer(job, layer);
		/* the time axis must cover every segment: old logs round the
		 * run time to whole seconds, so look; exact ones need not */
		if (!job->time_exact || !(job->run_time > 0)) {
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
	} else if (m->source == IOL_TL_TIMESTAMPS) {
		matrix_timestamps(job, nrank, m);
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
