/*
 * A job's weather on a parallel file system: the binned whole of
 * iolens fsload read over the job's run (bytes by overlap, as iostat's
 * weather does a device's), gauges and operation counts in the run.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "population/fsstore.h"
#include "population/fsweather.h"
#include "base/banned.h"

/* the whole's bytes in [s, e): each bin by the share of it inside */
static double fs_bytes(const struct iol_binned *b, double s, double e)
{
	double sum = 0;
	size_t k;

	for (k = 0; k < b->nbins; k++) {
		const struct iol_bin *x = iol_binned_at(b, b->ndev, k);
		double bs = b->t0 + (double)k * b->step, be = bs + b->step;
		double lo = s > bs ? s : bs, hi = e < be ? e : be;

		if (hi > lo)
			sum += (double)(x->rbytes + x->wbytes) * (hi - lo) /
			       b->step;
	}
	return sum;
}

/* CPU samples of the servers of one class inside [s, e] */
static void cpu(const struct iol_fsmon *m, int md, double s, double e,
		double *mean, double *peak)
{
	double sum = 0;
	size_t i, j, n = 0;

	*mean = *peak = NAN;
	for (i = 0; i < m->ntg; i++) {
		const struct iol_fstarget *t = &m->tg[i];
		int is_md = t->kind == IOL_FSK_MDS;

		if (is_md != md || (!is_md && t->kind != IOL_FSK_OSS &&
				    t->kind != IOL_FSK_NSDSRV))
			continue;
		for (j = 0; j < t->ncpu; j++)
			if (t->cpu[j].t >= s && t->cpu[j].t <= e) {
				sum += t->cpu[j].v;
				if (!n || t->cpu[j].v > *peak)
					*peak = t->cpu[j].v;
				n++;
			}
	}
	if (n)
		*mean = sum / (double)n;
}

/* metadata operations in [s, e): each sample by the share inside */
static double md_ops(const struct iol_devset *ds, double s, double e)
{
	double sum = 0;
	size_t i, j;

	for (i = 0; i < ds->ndev; i++)
		for (j = 0; j < ds->dev[i].n; j++) {
			const struct iol_ival *v = &ds->dev[i].iv[j];
			double lo = s > v->start ? s : v->start;
			double hi = e < v->end ? e : v->end;
			double len = v->end - v->start;

			if (hi > lo && len > 0)
				sum += v->reads * (hi - lo) / len;
		}
	return sum;
}

int iol_fsweather_compute(const struct iol_fsmon *m, const struct iol_fsload *l,
			  const struct iol_wjobs *jobs, struct iol_fsjob **out,
			  struct iol_error *err)
{
	struct iol_weather w;
	struct iol_fsjob *v;
	double peak;
	size_t i;
	int r;

	*out = NULL;
	v = calloc(jobs->n + 1, sizeof(*v));
	if (!v)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	r = l->b.nbins ? iol_weather_compute(&l->b, l->b.ndev, jobs, &w, err)
		       : iol_error_set(err, IOL_EEMPTY,
				       "no byte series to join jobs to "
				       "(snapshots or gauges only)");
	if (r < 0) {
		free(v);
		return r;
	}
	for (i = 0; i < jobs->n; i++) {
		const struct iol_wjob *j = &jobs->v[i];

		v[i].w = w.jobs[i];
		v[i].fs_bytes = fs_bytes(&l->b, j->start, j->end);
		v[i].other_bytes =
			v[i].fs_bytes - (double)(j->rbytes + j->wbytes);
		cpu(m, 0, j->start, j->end, &v[i].cpu_mean, &v[i].cpu_peak);
		cpu(m, 1, j->start, j->end, &v[i].md_cpu_mean, &peak);
		v[i].md_ops = md_ops(&m->mdops, j->start, j->end);
	}
	iol_weather_release(&w);
	*out = v;
	return 0;
}

/* The telemetry: the recordings (*bad the one that cannot be read), or
 * with none the store's around [s, e]. */
static int fs_load(const char *const *recs, int nrecs, const char *db, double s,
		   double e, struct iol_fsmon *m, int *bad,
		   struct iol_error *err)
{
	int i, r = 0;

	if (!nrecs)
		return iol_fsstore_read(m, db, s, e, err);
	/* only the run matters: an LMT database is read around it */
	iol_fsmon_window(m, s, e);
	for (i = 0; i < nrecs && r == 0; i++)
		if ((r = iol_fsmon_read(m, recs[i], NULL, err)) < 0)
			*bad = i;
	return r;
}

int iol_fsweather_job(const char *const *recs, int nrecs, const char *db,
		      const struct iol_wjob *j, struct iol_fsjob *out, int *bad,
		      struct iol_error *err)
{
	struct iol_fsmon m = {0};
	struct iol_fsload l = {0};
	struct iol_wjob wj = *j;
	struct iol_wjobs jobs = {&wj, 1};
	struct iol_fsjob *fj = NULL;
	int r;

	*bad = -1;
	r = fs_load(recs, nrecs, db, j->start, j->end, &m, bad, err);
	if (r == 0)
		r = iol_fsload_compute(&m, NAN, NAN, 0, 0.05, 0.5, &l, err);
	if (r == 0)
		r = iol_fsweather_compute(&m, &l, &jobs, &fj, err);
	/* the store's own: none, or no byte series in the run, is no
	 * weather to show */
	if (r == IOL_EEMPTY && !nrecs)
		r = 1;
	if (r == 0)
		*out = fj[0];
	free(fj);
	iol_fsload_release(&l);
	iol_fsmon_release(&m);
	return r;
}
