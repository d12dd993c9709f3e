/*
 * iolens fsload's numbers: the data targets binned as iostat bins
 * devices (bytes conserved across any resampling), servers as the sum
 * of their targets (a GPFS server: of its own reports, an NSD being
 * served by several), gauges over the window, operations counted.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/fsload.h"
#include "base/banned.h"

static int cmp_ival(const void *a, const void *b)
{
	const struct iol_ival *x = a, *y = b;

	if (x->start != y->start)
		return (x->start > y->start) - (x->start < y->start);
	return (x->end > y->end) - (x->end < y->end);
}

static const struct iol_fstarget *find(const struct iol_fsmon *m,
				       const char *name, int data)
{
	size_t i;

	for (i = 0; i < m->ntg; i++)
		if (!strcmp(m->tg[i].name, name) &&
		    iol_fskind_data(m->tg[i].kind) == data)
			return &m->tg[i];
	return NULL;
}

static const struct iol_fstarget *kind_of(const struct iol_fsmon *m,
					  const char *name, int kind)
{
	size_t i;

	for (i = 0; i < m->ntg; i++)
		if (m->tg[i].kind == kind && !strcmp(m->tg[i].name, name))
			return &m->tg[i];
	return NULL;
}

/* the NSD and server a series of one NSD as one server reported it
 * names ("nsd@server", both known targets); 0 when it is not one */
static int pair_of(const struct iol_fsmon *m, const char *name, char *nsd,
		   size_t cap, const char **srv)
{
	const char *at = strrchr(name, IOL_FS_PAIR[0]);

	if (!at || (size_t)(at - name) >= cap)
		return 0;
	snprintf(nsd, cap, "%.*s", (int)(at - name), name);
	*srv = at + 1;
	return kind_of(m, nsd, IOL_FSK_NSD) && kind_of(m, *srv, IOL_FSK_NSDSRV);
}

/* the index of the series called name in ds (there is one) */
static size_t dev_index(const struct iol_devset *ds, const char *name)
{
	size_t i;

	for (i = 0; i + 1 < ds->ndev; i++)
		if (!strcmp(ds->dev[i].name, name))
			break;
	return i;
}

static int add_all(struct iol_devset *ds, const char *name,
		   const struct iol_dev *from)
{
	size_t j;
	int r = iol_devset_add(ds, name, NULL);

	for (j = 0; r == 0 && j < from->n; j++)
		r = iol_devset_add(ds, name, &from->iv[j]);
	return r;
}

/* GPFS: each series of an NSD as one server reported it goes to the
 * NSD's series (its bytes from every server) and to the server's in
 * l->srvds (what that server moved), and leaves m->data */
static int fold_pairs(struct iol_fsmon *m, struct iol_fsload *l)
{
	size_t n = m->data.ndev, i, k = 0;
	char *gone = calloc(n + 1, 1), nsd[160];
	const char *srv;
	int r = 0;

	if (!gone)
		return IOL_ENOMEM;
	for (i = 0; r == 0 && i < n; i++) {
		struct iol_dev d = m->data.dev[i]; /* the adds move dev[] */

		if (!pair_of(m, d.name, nsd, sizeof(nsd), &srv))
			continue;
		r = add_all(&l->srvds, srv, &d);
		if (r == 0)
			r = add_all(&m->data, nsd, &d);
		gone[i] = 1;
	}
	l->srvn = calloc(l->srvds.ndev + 1, sizeof(*l->srvn));
	if (!l->srvn)
		r = IOL_ENOMEM;
	for (i = 0; i < m->data.ndev; i++) {
		struct iol_dev *d = &m->data.dev[i];

		if (!(i < n && gone[i])) {
			m->data.dev[k++] = *d;
			continue;
		}
		if (l->srvn && pair_of(m, d->name, nsd, sizeof(nsd), &srv))
			l->srvn[dev_index(&l->srvds, srv)]++;
		free(d->name);
		free(d->iv);
	}
	m->data.ndev = k;
	free(gone);
	return r;
}

/* a GPFS NSD's buckets: the servers that serve it each report the bytes
 * they moved (one interval each, the same bucket), and its reads and
 * writes may come from separate queries: one bucket's intervals sum */
static size_t merge_buckets(struct iol_dev *d)
{
	size_t j, k = 0;

	for (j = 0; j < d->n; j++) {
		struct iol_ival *a = k ? &d->iv[k - 1] : NULL;
		const struct iol_ival *v = &d->iv[j];

		if (a && fabs(v->start - a->start) < 1e-6 &&
		    fabs(v->end - a->end) < 1e-6) {
			a->rbytes += v->rbytes;
			a->wbytes += v->wbytes;
			a->reads += v->reads;
			a->writes += v->writes;
			a->gap |= v->gap;
			continue;
		}
		d->iv[k++] = *v;
	}
	return k;
}

/* sorted, one bucket's intervals summed (a server's reads and writes
 * queried apart) */
static void sort_merge(struct iol_devset *ds)
{
	size_t i;

	for (i = 0; i < ds->ndev; i++)
		if (ds->dev[i].n) {
			qsort(ds->dev[i].iv, ds->dev[i].n,
			      sizeof(*ds->dev[i].iv), cmp_ival);
			ds->dev[i].n = merge_buckets(&ds->dev[i]);
		}
}

static void drop_holes(struct iol_dev *d)
{
	size_t j, k = 0;

	for (j = 0; j < d->n; j++)
		if (!(d->iv[j].gap & IOL_IV_HOLE))
			d->iv[k++] = d->iv[j];
	d->n = k;
}

/* sorted, and no period twice: an idle target is kept (it is a finding,
 * where iol_devset_finish would drop it) */
static int sort_check(struct iol_fsmon *m, struct iol_error *err)
{
	struct iol_devset *ds = &m->data;
	size_t i, j;

	for (i = 0; i < ds->ndev; i++) {
		struct iol_dev *d = &ds->dev[i];
		const struct iol_fstarget *t = find(m, d->name, 1);

		/* holes have been counted (iol_fsmon_tally) and move no
		 * byte: out, so that a disk's hole in one query (its reads)
		 * never overlaps its buckets in another (its writes) */
		drop_holes(d);
		if (d->n) /* qsort of NULL is undefined */
			qsort(d->iv, d->n, sizeof(*d->iv), cmp_ival);
		if (t && (t->kind == IOL_FSK_NSD || t->kind == IOL_FSK_GPFSFS))
			d->n = merge_buckets(d);
		for (j = 1; j < d->n; j++)
			if (d->iv[j].start < d->iv[j - 1].end - 1e-6)
				return iol_error_set(
					err, IOL_ECORRUPT,
					"target '%s': samples overlap at %.0f "
					"(the same period given twice?)",
					d->name, d->iv[j].start);
	}
	return 0;
}

static int in_window(const struct iol_fsload *l, double t)
{
	return !(t < l->from) && !(t >= l->to);
}

static void gauges(const struct iol_fsload *l, const struct iol_fstarget *t,
		   struct iol_fsrow *r)
{
	double sum = 0, best = -INFINITY;
	size_t i, n = 0;

	r->cpu_mean = r->cpu_peak = r->kb_used = r->kb_total = NAN;
	for (i = 0; i < t->ncpu; i++)
		if (in_window(l, t->cpu[i].t)) {
			sum += t->cpu[i].v;
			if (!n || t->cpu[i].v > r->cpu_peak)
				r->cpu_peak = t->cpu[i].v;
			n++;
		}
	if (n)
		r->cpu_mean = sum / (double)n;
	/* fullness: the latest snapshot up to the window's end */
	for (i = 0; i < t->nfull; i++)
		if (!(t->full[i].t >= l->to) && t->full[i].t >= best) {
			best = t->full[i].t;
			r->kb_used = t->full[i].v;
			r->kb_total = t->full[i].v2;
		}
}

/* bytes, peaks and mean of one row of bins (or the sum of several) */
static void bin_stats(const struct iol_binned *b, const size_t *rows,
		      size_t nrows, struct iol_fsrow *r)
{
	size_t k, i;
	double span = 0;

	r->peak_start = NAN;
	for (k = 0; k < b->nbins; k++) {
		int64_t rb = 0, wb = 0;
		double cov = 0;

		for (i = 0; i < nrows; i++) {
			const struct iol_bin *x = iol_binned_at(b, rows[i], k);

			rb += x->rbytes;
			wb += x->wbytes;
			if (x->covered > cov)
				cov = x->covered;
		}
		r->rbytes += rb;
		r->wbytes += wb;
		r->seconds += cov;
		/* bytes of a gap count in the mean over the gap's time */
		span += cov > 0 ? cov : rb + wb > 0 ? b->step : 0;
		if (cov <= 0)
			continue;
		if ((double)(rb + wb) / cov > r->peak_bps ||
		    isnan(r->peak_start)) {
			r->peak_bps = (double)(rb + wb) / cov;
			r->peak_start = b->t0 + (double)k * b->step;
		}
		if ((double)rb / cov > r->read_peak_bps)
			r->read_peak_bps = (double)rb / cov;
		if ((double)wb / cov > r->write_peak_bps)
			r->write_peak_bps = (double)wb / cov;
	}
	r->mean_bps = span > 0 ? (double)(r->rbytes + r->wbytes) / span : NAN;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* each data target against the median of the data targets; the FS row
 * gets the busiest target's ratio: the imbalance */
static void medians(struct iol_fsload *l, size_t ndata)
{
	double *v = malloc((ndata + 1) * sizeof(*v)), med, top = NAN;
	size_t i;

	if (!v || !ndata) {
		free(v);
		return;
	}
	for (i = 0; i < ndata; i++)
		v[i] = (double)(l->rows[i].rbytes + l->rows[i].wbytes);
	qsort(v, ndata, sizeof(*v), cmp_dbl);
	med = ndata % 2 ? v[ndata / 2] : (v[ndata / 2 - 1] + v[ndata / 2]) / 2;
	free(v);
	for (i = 0; i < ndata; i++) {
		struct iol_fsrow *r = &l->rows[i];

		r->vs_median =
			med > 0 ? (double)(r->rbytes + r->wbytes) / med : NAN;
		if (!isnan(r->vs_median) && (isnan(top) || r->vs_median > top))
			top = r->vs_median;
	}
	l->rows[l->nrows - 1].vs_median = top;
}

static struct iol_fsrow *add_row(struct iol_fsload *l, const char *name,
				 int kind)
{
	struct iol_fsrow *r = &l->rows[l->nrows++];

	memset(r, 0, sizeof(*r));
	r->name = name;
	r->kind = kind;
	r->cpu_mean = r->cpu_peak = r->kb_used = r->kb_total = NAN;
	r->vs_median = NAN;
	return r;
}

/* a server: the sum of the data targets it serves, and its own CPU */
static int server_row(struct iol_fsload *l, const struct iol_fsmon *m,
		      const struct iol_fstarget *s, size_t ndata)
{
	size_t *rows = malloc((ndata + 1) * sizeof(*rows)), i, n = 0;
	struct iol_fsrow *r;

	if (!rows)
		return IOL_ENOMEM;
	for (i = 0; i < ndata; i++)
		if (l->rows[i].server && !strcmp(l->rows[i].server, s->name))
			rows[n++] = i;
	r = add_row(l, s->name, s->kind);
	r->ntargets = n;
	/* a GPFS server's own report, where the recordings keep it: an NSD
	 * it shares with other servers is not all its */
	for (i = 0; i < l->srv.ndev; i++)
		if (!strcmp(l->srv.names[i], s->name)) {
			r->ntargets = l->srvn[i];
			bin_stats(&l->srv, &i, 1, r);
			n = 0;
			break;
		}
	if (n)
		bin_stats(&l->b, rows, n, r);
	gauges(l, s, r);
	(void)m;
	free(rows);
	return 0;
}

static void fs_row(struct iol_fsload *l, size_t ndata)
{
	struct iol_fsrow *r;
	size_t all = l->b.ndev, i, ncpu = 0;
	double cpu = 0;

	r = add_row(l, "", IOL_FSK_FS);
	bin_stats(&l->b, &all, 1, r);
	r->ntargets = ndata;
	r->kb_used = r->kb_total = 0;
	for (i = 0; i < l->nrows - 1; i++) {
		const struct iol_fsrow *x = &l->rows[i];

		if (i < ndata && !isnan(x->kb_used)) {
			r->kb_used += x->kb_used;
			r->kb_total += x->kb_total;
		}
		r->resets += x->resets;
		r->gaps += x->gaps;
		r->gap_seconds += x->gap_seconds;
		if ((x->kind == IOL_FSK_OSS || x->kind == IOL_FSK_NSDSRV) &&
		    !isnan(x->cpu_mean)) {
			cpu += x->cpu_mean;
			ncpu++;
			if (isnan(r->cpu_peak) || x->cpu_peak > r->cpu_peak)
				r->cpu_peak = x->cpu_peak;
		}
	}
	if (ncpu)
		r->cpu_mean = cpu / (double)ncpu;
	if (r->kb_total <= 0)
		r->kb_used = r->kb_total = NAN;
}

static int cmp_op(const void *a, const void *b)
{
	const struct iol_fsop *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* one kind's count and peak rate: its intervals sorted, those of one
 * bucket summed first (a GPFS file system's nodes each report theirs),
 * so that the peak is the bucket's, not one node's */
static int op_of(const struct iol_dev *d, struct iol_fsop *o)
{
	struct iol_ival *v = malloc((d->n ? d->n : 1) * sizeof(*v));
	size_t j, k;

	if (!v)
		return IOL_ENOMEM;
	if (d->n) { /* a kind without intervals has no array at all */
		memcpy(v, d->iv, d->n * sizeof(*v));
		qsort(v, d->n, sizeof(*v), cmp_ival);
	}
	for (j = 0; j < d->n; j = k) {
		double n = 0, len = v[j].end - v[j].start;

		for (k = j; k < d->n && v[k].start == v[j].start &&
			    v[k].end == v[j].end;
		     k++)
			n += v[k].reads;
		o->count += n;
		if (len > 0 && n / len > o->peak_per_s)
			o->peak_per_s = n / len;
	}
	free(v);
	return 0;
}

static int ops(struct iol_fsload *l, const struct iol_devset *md)
{
	size_t i;

	l->ops = calloc(md->ndev + 1, sizeof(*l->ops));
	if (!l->ops)
		return IOL_ENOMEM;
	for (i = 0; i < md->ndev; i++) {
		struct iol_fsop o = {md->dev[i].name, 0, 0};

		if (op_of(&md->dev[i], &o) < 0)
			return IOL_ENOMEM;
		if (o.count > 0)
			l->ops[l->nops++] = o;
	}
	qsort(l->ops, l->nops, sizeof(*l->ops), cmp_op);
	return 0;
}

static int rows(struct iol_fsload *l, const struct iol_fsmon *m)
{
	size_t i, ndata = l->b.ndev;
	int r = 0;

	l->rows = calloc(ndata + m->ntg + 2, sizeof(*l->rows));
	if (!l->rows)
		return IOL_ENOMEM;
	for (i = 0; i < ndata; i++) {
		const struct iol_fstarget *t = find(m, l->b.names[i], 1);
		struct iol_fsrow *x =
			add_row(l, l->b.names[i], t ? t->kind : IOL_FSK_OST);

		bin_stats(&l->b, &i, 1, x);
		if (!t)
			continue;
		x->server = t->server;
		x->resets = t->resets;
		x->gaps = t->gaps;
		x->gap_seconds = t->gap_seconds;
		gauges(l, t, x);
	}
	for (i = 0; r == 0 && i < m->ntg; i++)
		if (m->tg[i].kind == IOL_FSK_OSS ||
		    m->tg[i].kind == IOL_FSK_NSDSRV)
			r = server_row(l, m, &m->tg[i], ndata);
	for (i = 0; r == 0 && i < m->ntg; i++)
		if (m->tg[i].kind == IOL_FSK_MDT ||
		    m->tg[i].kind == IOL_FSK_MDS) {
			struct iol_fsrow *x =
				add_row(l, m->tg[i].name, m->tg[i].kind);

			x->server = m->tg[i].server;
			gauges(l, &m->tg[i], x);
		}
	if (r == 0) {
		fs_row(l, ndata);
		medians(l, ndata);
	}
	return r;
}

/* data targets seen only in a snapshot (lfs df) get a series of their
 * own, empty: they are rows too */
static int all_targets(struct iol_fsmon *m)
{
	size_t i;
	int r = 0;

	for (i = 0; r == 0 && i < m->ntg; i++)
		if (iol_fskind_data(m->tg[i].kind))
			r = iol_devset_add(&m->data, m->tg[i].name, NULL);
	return r;
}

/* snapshots only (lfs df, lctl dl -t): targets without a time series,
 * rows all the same */
static int no_grid(const struct iol_devset *ds, struct iol_binned *b)
{
	size_t i;

	memset(b, 0, sizeof(*b));
	b->step = 1;
	b->t0 = NAN;
	b->ndev = ds->ndev;
	b->names = malloc((ds->ndev + 1) * sizeof(*b->names));
	b->b = calloc(1, sizeof(*b->b));
	if (!b->names || !b->b)
		return IOL_ENOMEM;
	for (i = 0; i < ds->ndev; i++)
		b->names[i] = ds->dev[i].name;
	b->names[ds->ndev] = "all";
	return 0;
}

/* 1 when a GPFS file system's bytes (GPFSFilesystem, its nodes') and
 * NSDs' (GPFSNSDDisk) were both read: the same traffic seen from both
 * sides, which the whole would count twice */
static int both_sides(const struct iol_fsmon *m)
{
	int nsd = 0, fs = 0;
	size_t i;

	for (i = 0; i < m->ntg; i++) {
		nsd |= m->tg[i].kind == IOL_FSK_NSD;
		fs |= m->tg[i].kind == IOL_FSK_GPFSFS;
	}
	return nsd && fs;
}

int iol_fsload_compute(struct iol_fsmon *m, double from, double to, double step,
		       double idle_frac, double burst_frac,
		       struct iol_fsload *out, struct iol_error *err)
{
	int r;

	memset(out, 0, sizeof(*out));
	out->from = from;
	out->to = to;
	if (!isnan(from) && !isnan(to) && !(from < to))
		return iol_error_set(err, IOL_EINVAL,
				     "the window is empty: --from is not "
				     "before --to");
	if (both_sides(m))
		return iol_error_set(
			err, IOL_EINVAL,
			"GPFS file systems' bytes (GPFSFilesystem) "
			"and NSDs' (GPFSNSDDisk) given together: "
			"the same traffic seen from both sides "
			"would count twice; give one or the "
			"other");
	if (fold_pairs(m, out) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	/* the window's resets and gaps, before its edges cut intervals;
	 * a recording stored unmarked keeps the counts stored with it */
	if (!m->unmarked)
		iol_fsmon_tally(m, from, to);
	if (!isnan(from) || !isnan(to)) {
		iol_devset_clip(&m->data, isnan(from) ? -INFINITY : from,
				isnan(to) ? INFINITY : to);
		iol_devset_clip(&m->mdops, isnan(from) ? -INFINITY : from,
				isnan(to) ? INFINITY : to);
		iol_devset_clip(&out->srvds, isnan(from) ? -INFINITY : from,
				isnan(to) ? INFINITY : to);
	}
	if ((r = all_targets(m)) < 0 || (r = sort_check(m, err)) < 0)
		return r == IOL_ENOMEM ? iol_error_set(err, r, "out of memory")
				       : r;
	sort_merge(&out->srvds);
	r = iol_devset_bin(&m->data, step, &out->b, err);
	if (r == IOL_EEMPTY && m->ntg)
		r = no_grid(&m->data, &out->b);
	if (r < 0)
		return r == IOL_EEMPTY ? iol_error_set(err, r,
						       "no target has a "
						       "sample in the window")
				       : r;
	if (out->srvds.ndev && out->b.nbins &&
	    iol_devset_bin_like(&out->srvds, &out->b, &out->srv, err) < 0)
		return IOL_ENOMEM;
	if ((r = rows(out, m)) < 0 || (r = ops(out, &m->mdops)) < 0 ||
	    (r = iol_devstats_compute(&out->b, out->b.ndev, idle_frac,
				      burst_frac, 0, &out->all)) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

int iol_fsload_stats(const struct iol_fsload *l, double idle_frac,
		     double burst_frac, struct iol_devstats **st,
		     struct iol_error *err)
{
	size_t d;

	*st = calloc(l->b.ndev + 1, sizeof(**st));
	if (!*st)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (d = 0; d <= l->b.ndev; d++)
		if (iol_devstats_compute(&l->b, d, idle_frac, burst_frac, 0,
					 &(*st)[d]) < 0) {
			iol_fsload_stats_free(*st, l);
			*st = NULL;
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
	return 0;
}

void iol_fsload_stats_free(struct iol_devstats *st, const struct iol_fsload *l)
{
	size_t d;

	if (st)
		for (d = 0; d <= l->b.ndev; d++)
			iol_devstats_release(&st[d]);
	free(st);
}

void iol_fsload_release(struct iol_fsload *l)
{
	iol_binned_release(&l->srv);
	iol_devset_release(&l->srvds);
	free(l->srvn);
	free(l->rows);
	free(l->ops);
	iol_devstats_release(&l->all);
	iol_binned_release(&l->b);
	memset(l, 0, sizeof(*l));
}
