/*
 * Job metrics (shared/METRICS.md).  Counters are looked up by name once
 * per module, so one code path serves POSIX, STDIO, MPI-IO, HDF5, PnetCDF,
 * DFS and DAOS records, and later the records reduced from traces.
 * Counters a log could not record are -1 there and are left out of sums.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "grow.h"
#include "wrap.h"
#include "banned.h"

const char *const iol_bin_names[IOL_NBINS] = {
	"0-100", "100-1K", "1K-10K",   "10K-100K", "100K-1M",
	"1M-4M", "4M-10M", "10M-100M", "100M-1G",  "1G+",
};

const char *const iol_nodes_source_names[4] = {
	"unknown",
	"--nodes",
	"--procs-per-node",
	"DXT hostnames",
};

const char *const iol_tl_source_names[3] = {
	"none",
	"DXT",
	"Darshan timestamps",
};

/* counter indices of one module, -1 where it has no such counter */
struct cix {
	int ready;
	int br, bw, maxr, maxw, tr, tw, tm, tslow;
	int reads[4], writes[4], opens[3], seeks, stats, syncs[2];
	int seqr, seqw, consr, consw, notal;
	int ostart, rstart, wstart, rend, wend, cend;
	int acc1, acc1c;
	int bin_r, bin_w;
};

static struct cix cixs[IOL_MOD_KNOWN];

static int idx(int mod, const char *suffix, int want_flt)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	const char *const *names = want_flt ? mi->fname : mi->iname;
	int i, n = want_flt ? mi->nflt : mi->nint;
	size_t sl = strlen(suffix);

	for (i = 0; i < n; i++) {
		size_t l = strlen(names[i]);
		const char *u = strchr(names[i], '_');

		/* match "<MODULE>_" + suffix exactly: the prefix is the
		 * module part of the name, which may itself hold '_' */
		if (l >= sl && strcmp(names[i] + l - sl, suffix) == 0 && u &&
		    (names[i][l - sl - 1] == '_'))
			return i;
	}
	return -1;
}

static const struct cix *get_cix(int mod)
{
	struct cix *c = &cixs[mod];

	if (c->ready)
		return c;
	memset(c, 0xff, sizeof(*c)); /* every index -1 */
	if (!iol_modinfo(mod) || !iol_modinfo(mod)->nint) {
		c->ready = 1;
		return c;
	}
	c->br = idx(mod, "BYTES_READ", 0);
	c->bw = idx(mod, "BYTES_WRITTEN", 0);
	c->maxr = idx(mod, "MAX_BYTE_READ", 0);
	c->maxw = idx(mod, "MAX_BYTE_WRITTEN", 0);
	c->tr = idx(mod, "F_READ_TIME", 1);
	c->tw = idx(mod, "F_WRITE_TIME", 1);
	c->tm = idx(mod, "F_META_TIME", 1);
	c->tslow = idx(mod, "F_SLOWEST_RANK_TIME", 1);
	switch (mod) {
	case IOL_MOD_MPIIO:
		c->reads[0] = idx(mod, "INDEP_READS", 0);
		c->reads[1] = idx(mod, "COLL_READS", 0);
		c->reads[2] = idx(mod, "SPLIT_READS", 0);
		c->reads[3] = idx(mod, "NB_READS", 0);
		c->writes[0] = idx(mod, "INDEP_WRITES", 0);
		c->writes[1] = idx(mod, "COLL_WRITES", 0);
		c->writes[2] = idx(mod, "SPLIT_WRITES", 0);
		c->writes[3] = idx(mod, "NB_WRITES", 0);
		c->opens[0] = idx(mod, "INDEP_OPENS", 0);
		c->opens[1] = idx(mod, "COLL_OPENS", 0);
		c->syncs[0] = idx(mod, "SYNCS", 0);
		break;
	case IOL_MOD_PNETCDF_VAR:
		c->reads[0] = idx(mod, "INDEP_READS", 0);
		c->reads[1] = idx(mod, "COLL_READS", 0);
		c->reads[2] = idx(mod, "NB_READS", 0);
		c->writes[0] = idx(mod, "INDEP_WRITES", 0);
		c->writes[1] = idx(mod, "COLL_WRITES", 0);
		c->writes[2] = idx(mod, "NB_WRITES", 0);
		c->opens[0] = idx(mod, "OPENS", 0);
		break;
	case IOL_MOD_DAOS:
		c->reads[0] = idx(mod, "ARRAY_READS", 0);
		c->writes[0] = idx(mod, "ARRAY_WRITES", 0);
		c->opens[0] = idx(mod, "OBJ_OPENS", 0);
		c->opens[1] = idx(mod, "ARRAY_OPENS", 0);
		c->opens[2] = idx(mod, "KV_OPENS", 0);
		c->stats = idx(mod, "ARRAY_STATS", 0);
		break;
	case IOL_MOD_DFS:
		c->reads[0] = idx(mod, "READS", 0);
		c->reads[1] = idx(mod, "READXS", 0);
		c->writes[0] = idx(mod, "WRITES", 0);
		c->writes[1] = idx(mod, "WRITEXS", 0);
		c->opens[0] = idx(mod, "OPENS", 0);
		c->stats = idx(mod, "STATS", 0);
		break;
	default:
		c->reads[0] = idx(mod, "READS", 0);
		c->writes[0] = idx(mod, "WRITES", 0);
		c->opens[0] = idx(mod, "OPENS", 0);
		c->seeks = idx(mod, "SEEKS", 0);
		c->stats = idx(mod, "STATS", 0);
		c->syncs[0] = idx(
			mod, mod == IOL_MOD_STDIO ? "FLUSHES" : "FSYNCS", 0);
		c->syncs[1] = idx(mod, "FDSYNCS", 0);
		if (mod == IOL_MOD_H5F || mod == IOL_MOD_H5D)
			c->syncs[0] = idx(mod, "FLUSHES", 0);
		break;
	}
	c->seqr = idx(mod, "SEQ_READS", 0);
	c->seqw = idx(mod, "SEQ_WRITES", 0);
	c->consr = idx(mod, "CONSEC_READS", 0);
	c->consw = idx(mod, "CONSEC_WRITES", 0);
	c->notal = idx(mod, "FILE_NOT_ALIGNED", 0);
	c->ostart = idx(mod, "F_OPEN_START_TIMESTAMP", 1);
	c->rstart = idx(mod, "F_READ_START_TIMESTAMP", 1);
	c->wstart = idx(mod, "F_WRITE_START_TIMESTAMP", 1);
	c->rend = idx(mod, "F_READ_END_TIMESTAMP", 1);
	c->wend = idx(mod, "F_WRITE_END_TIMESTAMP", 1);
	c->cend = idx(mod, "F_CLOSE_END_TIMESTAMP", 1);
	c->acc1 = idx(mod, "ACCESS1_ACCESS", 0);
	c->acc1c = idx(mod, "ACCESS1_COUNT", 0);
	c->bin_r = idx(mod, "SIZE_READ_0_100", 0);
	if (c->bin_r < 0)
		c->bin_r = idx(mod, "SIZE_READ_AGG_0_100", 0);
	c->bin_w = idx(mod, "SIZE_WRITE_0_100", 0);
	if (c->bin_w < 0)
		c->bin_w = idx(mod, "SIZE_WRITE_AGG_0_100", 0);
	c->ready = 1;
	return c;
}

static inline int64_t geti(const struct iol_jrec *r, int i)
{
	return i >= 0 ? r->ic[i] : -1;
}

static inline double getf(const struct iol_jrec *r, int i)
{
	return i >= 0 ? r->fc[i] : NAN;
}

/* sum of counters, -1 if none exists or all are unknown */
static int64_t sumi(const struct iol_jrec *r, const int *ix, int n)
{
	int64_t s = -1;
	int k;

	for (k = 0; k < n; k++)
		if (ix[k] >= 0 && r->ic[ix[k]] >= 0)
			s = (s < 0 ? 0 : s) + r->ic[ix[k]];
	return s;
}

int iol_mod_is_data(int mod)
{
	const struct cix *c;

	if (mod < 0 || mod >= IOL_MOD_KNOWN)
		return 0;
	c = get_cix(mod);
	return c->br >= 0 && c->bw >= 0;
}

static double tsmin(double a, double b)
{
	if (!(b > 0))
		return a;
	return (a < 0 || b < a) ? b : a;
}

static double tsmax(double a, double b)
{
	return (b > 0 && b > a) ? b : a;
}

void iol_rec_extract(int mod, const struct iol_jrec *r, struct iol_recx *x)
{
	const struct cix *c = get_cix(mod);
	int64_t a, b;

	x->br = geti(r, c->br);
	x->bw = geti(r, c->bw);
	x->reads = sumi(r, c->reads, 4);
	x->writes = sumi(r, c->writes, 4);
	x->opens = sumi(r, c->opens, 3);
	x->seeks = geti(r, c->seeks);
	x->stats = geti(r, c->stats);
	x->syncs = sumi(r, c->syncs, 2);
	a = geti(r, c->seqr);
	b = geti(r, c->seqw);
	x->seq = (a >= 0 && b >= 0) ? a + b : -1;
	a = geti(r, c->consr);
	b = geti(r, c->consw);
	x->consec = (a >= 0 && b >= 0) ? a + b : -1;
	x->notaligned = geti(r, c->notal);
	a = geti(r, c->maxr);
	b = geti(r, c->maxw);
	x->maxoff = a > b ? a : b;
	x->tr = getf(r, c->tr);
	x->tw = getf(r, c->tw);
	x->tm = getf(r, c->tm);
	x->tslow = getf(r, c->tslow);
	x->ostart = getf(r, c->ostart);
	x->rstart = getf(r, c->rstart);
	x->wstart = getf(r, c->wstart);
	x->rend = getf(r, c->rend);
	x->wend = getf(r, c->wend);
	x->cend = getf(r, c->cend);
	x->first = -1;
	x->first = tsmin(x->first, x->ostart);
	x->first = tsmin(x->first, x->rstart);
	x->first = tsmin(x->first, x->wstart);
	x->last = -1;
	x->last = tsmax(x->last, x->rend);
	x->last = tsmax(x->last, x->wend);
	x->last = tsmax(x->last, x->cend);
	x->access1 = geti(r, c->acc1);
	x->access1_count = geti(r, c->acc1c);
}

static inline int64_t pos(int64_t v)
{
	return v > 0 ? v : 0;
}
static inline double posf(double v)
{
	return v > 0 ? v : 0;
}

/* one record's own I/O time: META + READ + WRITE, as darshan-util sums it */
static double rec_time(const struct iol_recx *x)
{
	return posf(x->tm) + posf(x->tr) + posf(x->tw);
}

/* ---- per-file table keyed by record id ---- */

struct fent {
	uint64_t id;
	int64_t br, bw, nprocs, maxoff;
	double time, slowest;
	int64_t nrank_recs;
	int64_t rank;
	int used;
};

struct ftab {
	struct fent *v;
	size_t n, cap;
};

static inline size_t fh(uint64_t id)
{
	id ^= id >> 29;
	id *= 0xbf58476d1ce4e5b9ULL;
	return (size_t)(id ^ (id >> 32));
}

static struct fent *ftab_get(struct ftab *t, uint64_t id)
{
	size_t h, i;

	if ((t->n + 1) * 2 > t->cap) {
		struct ftab nt = {NULL, 0, t->cap ? t->cap * 2 : 256};

		nt.v = calloc(nt.cap, sizeof(*nt.v));
		if (!nt.v)
			return NULL;
		for (i = 0; i < t->cap; i++) {
			if (!t->v[i].used)
				continue;
			for (h = fh(t->v[i].id) & (nt.cap - 1); nt.v[h].used;
			     h = (h + 1) & (nt.cap - 1))
				;
			nt.v[h] = t->v[i];
		}
		nt.n = t->n;
		free(t->v);
		*t = nt;
	}
	for (h = fh(id) & (t->cap - 1); t->v[h].used;
	     h = (h + 1) & (t->cap - 1))
		if (t->v[h].id == id)
			return &t->v[h];
	t->v[h].used = 1;
	t->v[h].id = id;
	t->v[h].rank = -2;
	t->v[h].maxoff = -1;
	t->n++;
	return &t->v[h];
}

static void cat_add(struct iol_category *c, const struct fent *f)
{
	c->count++;
	c->read_bytes = wadd(c->read_bytes, f->br);
	c->write_bytes = wadd(c->write_bytes, f->bw);
	if (f->maxoff > c->max_offset)
		c->max_offset = f->maxoff;
	if (f->maxoff >= 0)
		c->sum_size = wadd(c->sum_size, wadd(f->maxoff, 1));
}

static void top_insert(struct iol_topfile *top, size_t *n,
		       const struct iol_topfile *t, int by_time)
{
	size_t i, k;

	for (i = 0; i < *n; i++) {
		double a = by_time ? t->time
				   : (double)(t->bytes_read + t->bytes_written);
		double b = by_time ? top[i].time
				   : (double)(top[i].bytes_read +
					      top[i].bytes_written);

		if (a > b || (a == b && t->id < top[i].id))
			break;
	}
	if (i >= IOL_TOPN)
		return;
	k = *n < IOL_TOPN ? *n : IOL_TOPN - 1;
	memmove(&top[i + 1], &top[i], (k - i) * sizeof(*top));
	top[i] = *t;
	if (*n < IOL_TOPN)
		(*n)++;
}

static void rec_to_iolrec(int mod, const struct iol_jrec *jr, struct iol_rec *r)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);

	r->mod = mod;
	r->id = jr->id;
	r->rank = jr->rank;
	r->nint = mi->nint;
	r->nflt = mi->nflt;
	memcpy(r->ic, jr->ic, sizeof(int64_t) * (size_t)mi->nint);
	memcpy(r->fc, jr->fc, sizeof(double) * (size_t)mi->nflt);
}

static int64_t count_nodes(const struct iol_job *job)
{
	char(*hosts)[65] = NULL;
	size_t nh = 0, cap = 0, w, i, k;

	for (w = 0; w < 2; w++)
		for (i = 0; i < job->ndxt[w]; i++) {
			const char *h = job->dxt[w][i].hostname;

			for (k = 0; k < nh; k++)
				if (strcmp(hosts[k], h) == 0)
					break;
			if (k < nh || !h[0])
				continue;
			{
				char(*nh2)[65] = iol_grow(hosts, &cap, nh,
							  sizeof(*hosts), 16);

				if (!nh2) {
					free(hosts);
					return 0;
				}
				hosts = nh2;
			}
			memcpy(hosts[nh++], h, 65);
		}
	free(hosts);
	return (int64_t)nh;
}

int iol_summary_compute(const struct iol_job *job, const struct iol_opts *o,
			struct iol_summary *s, struct iol_error *err)
{
	static const int low[2] = {IOL_MOD_POSIX, IOL_MOD_STDIO};
	struct ftab ft = {NULL, 0, 0};
	double *rank_t = NULL;
	int64_t *rank_b = NULL;
	int64_t nprocs = job->nprocs > 0 ? job->nprocs : 1;
	int64_t seq = 0, ops = 0, notal = 0, rank_bytes = 0, unk_bytes[3] = {0};
	double tsum = 0, msum = 0;
	size_t i, ntb = 0, ntt = 0;
	int m, k;

	memset(s, 0, sizeof(*s));
	s->incomplete = job->partial;
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		struct iol_modsum *ms = &s->mod[m];
		const struct iol_jmod *jm = &job->mod[m];
		struct iol_accum acc;
		struct ftab mft = {NULL, 0, 0};
		int use_acc;

		ms->present = jm->present;
		ms->partial = jm->partial;
		if (!jm->loaded || !iol_mod_is_data(m))
			continue;
		use_acc = iol_accum_supported(m);
		if (use_acc && iol_accum_init(&acc, m, job->nprocs) < 0)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		for (i = 0; i < jm->n; i++) {
			struct iol_recx x;

			iol_rec_extract(m, &jm->recs[i], &x);
			ms->nrec++;
			ms->bytes_read = wadd(ms->bytes_read, pos(x.br));
			ms->bytes_written = wadd(ms->bytes_written, pos(x.bw));
			ms->reads = wadd(ms->reads, pos(x.reads));
			ms->writes = wadd(ms->writes, pos(x.writes));
			ms->opens = wadd(ms->opens, pos(x.opens));
			ms->read_time += posf(x.tr);
			ms->write_time += posf(x.tw);
			ms->meta_time += posf(x.tm);
			if (!ftab_get(&mft, jm->recs[i].id)) {
				free(mft.v);
				if (use_acc)
					iol_accum_release(&acc);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
			if (use_acc) {
				struct iol_rec r;

				rec_to_iolrec(m, &jm->recs[i], &r);
				if (iol_accum_add(&acc, &r) < 0) {
					free(mft.v);
					iol_accum_release(&acc);
					return iol_error_set(
						err, IOL_ECORRUPT,
						"record with a bad rank");
				}
			}
		}
		ms->nfiles = (int64_t)mft.n;
		free(mft.v);
		if (use_acc) {
			iol_accum_perf(&acc, &ms->perf);
			ms->has_perf = 1;
			iol_accum_release(&acc);
		}
	}

	/* the job: POSIX and STDIO records together (METRICS.md 1-4, 7) */
	rank_t = calloc((size_t)nprocs, sizeof(*rank_t));
	rank_b = calloc((size_t)nprocs, sizeof(*rank_b));
	if (!rank_t || !rank_b) {
		free(rank_t);
		free(rank_b);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	for (k = 0; k < 2; k++) {
		const struct iol_jmod *jm = &job->mod[low[k]];

		for (i = 0; jm->loaded && i < jm->n; i++) {
			const struct iol_jrec *r = &jm->recs[i];
			struct iol_recx x;
			struct fent *f;
			double t;

			iol_rec_extract(low[k], r, &x);
			t = rec_time(&x);
			s->bytes_read = wadd(s->bytes_read, pos(x.br));
			s->bytes_written = wadd(s->bytes_written, pos(x.bw));
			s->io.total_bytes = wadd(s->io.total_bytes,
						 wadd(pos(x.br), pos(x.bw)));
			tsum += t;
			msum += posf(x.tm);
			if (r->rank < 0) {
				s->io.shared_time_by_slowest += posf(x.tslow);
			} else if (r->rank < nprocs) {
				rank_t[r->rank] += t;
				rank_b[r->rank] =
					wadd(rank_b[r->rank],
					     wadd(pos(x.br), pos(x.bw)));
				rank_bytes = wadd(rank_bytes,
						  wadd(pos(x.br), pos(x.bw)));
			}
			if (low[k] == IOL_MOD_POSIX) {
				if (x.seq >= 0)
					seq = wadd(seq, x.seq);
				if (x.reads >= 0 && x.writes >= 0)
					ops = wadd(ops,
						   wadd(x.reads, x.writes));
				if (x.notaligned >= 0)
					notal = wadd(notal, x.notaligned);
			}
			f = ftab_get(&ft, r->id);
			if (!f) {
				free(ft.v);
				free(rank_t);
				free(rank_b);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
			f->br = wadd(f->br, pos(x.br));
			f->bw = wadd(f->bw, pos(x.bw));
			if (x.maxoff > f->maxoff)
				f->maxoff = x.maxoff;
			f->time += t;
			if (r->rank < 0) {
				f->nprocs = -1;
				if (posf(x.tslow) > f->slowest)
					f->slowest = posf(x.tslow);
			} else {
				if (f->nprocs >= 0 && f->rank != r->rank) {
					f->nprocs++;
					f->rank = r->rank;
				}
				if (t > f->slowest)
					f->slowest = t;
			}
			/* creations can only be estimated from Darshan:
			 * written, and not read before the first write */
			if (low[k] == IOL_MOD_POSIX && x.writes > 0 &&
			    (x.reads <= 0 || x.rstart >= x.wstart) &&
			    !f->nrank_recs)
				f->nrank_recs = 1;
		}
	}
	s->io.slowest_rank = -1;
	for (i = 0; i < (size_t)nprocs; i++)
		if (rank_t[i] > s->io.slowest_rank_io_time) {
			s->io.slowest_rank_io_time = rank_t[i];
			s->io.slowest_rank = (int)i;
		}
	s->busiest_rank = -1;
	for (i = 0; i < (size_t)nprocs; i++)
		if (rank_b[i] > 0 && (s->busiest_rank < 0 ||
				      rank_b[i] > rank_b[s->busiest_rank]))
			s->busiest_rank = (int64_t)i;
	if (s->busiest_rank >= 0 && s->io.total_bytes > 0)
		s->busiest_share = (double)rank_b[s->busiest_rank] /
				   (double)s->io.total_bytes;
	free(rank_t);
	free(rank_b);
	s->io.agg_time_by_slowest =
		s->io.slowest_rank_io_time + s->io.shared_time_by_slowest;
	if (s->io.agg_time_by_slowest > 0)
		s->io.agg_perf_by_slowest = (double)s->io.total_bytes /
					    1048576.0 /
					    s->io.agg_time_by_slowest;
	s->mibs = s->io.agg_perf_by_slowest;

	/* compute nodes: option, processes per node, DXT hostnames */
	if (o && o->nodes > 0) {
		s->nodes = o->nodes;
		s->nodes_source = IOL_NODES_OPT;
	} else if (o && o->ppn > 0) {
		s->nodes = (nprocs + o->ppn - 1) / o->ppn;
		s->nodes_source = IOL_NODES_PPN;
	} else if ((s->nodes = count_nodes(job)) > 0) {
		s->nodes_source = IOL_NODES_DXT;
	} else {
		s->nodes = 0;
		s->nodes_source = IOL_NODES_UNKNOWN;
	}
	s->mibs_cn = s->nodes > 0 ? s->mibs / (double)s->nodes : NAN;

	s->io_time_total = tsum;
	s->meta_time_total = msum;
	s->pct_io_slowest = job->run_time > 0 ? s->io.agg_time_by_slowest /
							job->run_time * 100
					      : NAN;
	s->pct_io_avg = job->run_time > 0
				? tsum / (double)nprocs / job->run_time * 100
				: NAN;
	s->md_cost_pct = tsum > 0 ? msum / tsum * 100 : NAN;
	s->nfiles = (int64_t)ft.n;
	s->files_per_proc = (double)ft.n / (double)nprocs;
	s->pct_seq = ops > 0 ? (double)seq / (double)ops * 100 : NAN;
	s->pct_aligned =
		ops > 0 ? (1 - (double)notal / (double)ops) * 100 : NAN;
	s->mib_per_proc =
		(double)s->io.total_bytes / 1048576.0 / (double)nprocs;

	/* categories, strategy and top files over the same file table */
	for (i = 0; i < ft.cap; i++) {
		struct fent *f = &ft.v[i];
		struct iol_topfile t;
		int u;

		if (!f->used)
			continue;
		if (f->nrank_recs)
			s->ncreated++;
		if (f->nprocs == 0)
			f->nprocs = 1;
		/* every rank with a record of its own is as shared as one
		 * reduced record (logs written without shared reduction) */
		if (job->nprocs > 1 && f->nprocs >= job->nprocs)
			f->nprocs = -1;
		cat_add(&s->cat[IOL_CAT_ALL], f);
		if (f->br > 0 && f->bw == 0)
			cat_add(&s->cat[IOL_CAT_RO], f);
		else if (f->bw > 0 && f->br == 0)
			cat_add(&s->cat[IOL_CAT_WO], f);
		else if (f->bw > 0 && f->br > 0)
			cat_add(&s->cat[IOL_CAT_RW], f);
		u = f->nprocs == 1  ? IOL_CAT_UNIQUE
		    : f->nprocs < 0 ? IOL_CAT_SHARED
				    : IOL_CAT_PARTSHARED;
		cat_add(&s->cat[u], f);
		unk_bytes[u - IOL_CAT_UNIQUE] =
			wadd(unk_bytes[u - IOL_CAT_UNIQUE], wadd(f->br, f->bw));
		t.id = f->id;
		t.path = iol_job_name(job, f->id);
		t.bytes_read = f->br;
		t.bytes_written = f->bw;
		t.time = f->time;
		t.slowest = f->slowest;
		t.nranks = f->nprocs;
		top_insert(s->top_bytes, &ntb, &t, 0);
		top_insert(s->top_time, &ntt, &t, 1);
	}
	s->ntop = ntb;
	if (job->ncreated >= 0) {
		s->ncreated = job->ncreated;
		s->creates_exact = 1;
	}
	s->creates_per_proc = (double)s->ncreated / (double)nprocs;
	free(ft.v);

	if (s->io.total_bytes == 0) {
		s->strategy = "no I/O";
	} else if (job->nprocs <= 1) {
		s->strategy = "1 process";
	} else if (s->busiest_rank >= 0 && s->busiest_share >= 0.99) {
		s->strategy =
			s->busiest_rank == 0 ? "rank 0 I/O" : "one rank I/O";
	} else if (unk_bytes[1] >= unk_bytes[0] &&
		   unk_bytes[1] >= unk_bytes[2]) {
		s->strategy = "N:1";
	} else if (unk_bytes[0] >= unk_bytes[2]) {
		s->strategy = "N:N";
	} else {
		s->strategy = "N:M";
	}
	(void)rank_bytes;
	return 0;
}

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

static void merge_access(struct iol_filerow *f, int64_t acc, int64_t cnt)
{
	if (acc <= 0 || cnt <= 0)
		return;
	if (f->access < 0 || cnt > f->access_count ||
	    (cnt == f->access_count && acc > f->access)) {
		f->access = acc;
		f->access_count = cnt;
	}
}

int iol_files_compute(const struct iol_job *job, int merge,
		      struct iol_filerow **rows, size_t *n,
		      struct iol_error *err)
{
	struct iol_filerow *v = NULL;
	size_t nv = 0, cap = 0, i;
	int64_t *seqsum = NULL, *opsum = NULL, *nalsum = NULL;
	struct ftab index = {NULL, 0, 0};
	struct rowrank *rr = NULL;
	size_t nrr = 0, rrcap = 0;
	int m;

	*rows = NULL;
	*n = 0;
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_jmod *jm = &job->mod[m];

		if (!jm->loaded || !iol_mod_is_data(m))
			continue;
		if (!merge) {
			free(index.v);
			index.v = NULL;
			index.n = index.cap = 0;
		}
		for (i = 0; i < jm->n; i++) {
			const struct iol_jrec *r = &jm->recs[i];
			struct iol_recx x;
			struct iol_filerow *f;
			struct fent *e;
			size_t k;

			iol_rec_extract(m, r, &x);
			e = ftab_get(&index, r->id);
			if (!e)
				goto oom;
			if (e->rank == -2) {
				/* new row */
				if (nv == cap) {
					void *a, *b, *c, *d;

					cap = cap ? cap * 2 : 64;
					a = realloc(v, cap * sizeof(*v));
					if (a)
						v = a;
					b = realloc(seqsum,
						    cap * sizeof(*seqsum));
					if (b)
						seqsum = b;
					c = realloc(opsum,
						    cap * sizeof(*opsum));
					if (c)
						opsum = c;
					d = realloc(nalsum,
						    cap * sizeof(*nalsum));
					if (d)
						nalsum = d;
					if (!a || !b || !c || !d)
						goto oom;
				}
				e->rank = (int64_t)nv;
				f = &v[nv];
				memset(f, 0, sizeof(*f));
				seqsum[nv] = opsum[nv] = nalsum[nv] = 0;
				f->id = r->id;
				f->path = iol_job_name(job, r->id);
				f->mod = merge ? -1 : m;
				f->rank = -1;
				f->nranks = 0;
				f->first = f->last = -1;
				f->maxoff = -1;
				f->access = -1;
				f->pct_seq = f->pct_aligned = NAN;
				f->tslow = 0;
				k = (size_t)iol_job_mount_of(job, f->path) + 1;
				f->mnt =
					k ? job->mounts[k - 1].path : "UNKNOWN";
				f->fstype =
					k ? job->mounts[k - 1].type : "UNKNOWN";
				nv++;
			}
			f = &v[e->rank];
			k = (size_t)e->rank;
			if (!strstr(f->modules, iol_modinfo(m)->name)) {
				size_t l = strlen(f->modules);

				if (l + strlen(iol_modinfo(m)->name) + 2 <
				    sizeof(f->modules)) {
					if (l)
						f->modules[l++] = '+';
					memcpy(f->modules + l,
					       iol_modinfo(m)->name,
					       strlen(iol_modinfo(m)->name) +
						       1);
				}
			}
			if (r->rank < 0) {
				f->nranks = -1;
			} else {
				struct rowrank *n2 = iol_grow(rr, &rrcap, nrr,
							      sizeof(*rr), 256);

				if (!n2)
					goto oom;
				rr = n2;
				rr[nrr].row = k;
				rr[nrr++].rank = r->rank;
			}
			/* counts and times of the low layers only when merged,
			 * so nothing is counted twice (METRICS.md 1) */
			if (merge && m != IOL_MOD_POSIX && m != IOL_MOD_STDIO &&
			    m != IOL_MOD_DFS && m != IOL_MOD_DAOS)
				continue;
			f->br = wadd(f->br, pos(x.br));
			f->bw = wadd(f->bw, pos(x.bw));
			f->reads = wadd(f->reads, pos(x.reads));
			f->writes = wadd(f->writes, pos(x.writes));
			f->tr += posf(x.tr);
			f->tw += posf(x.tw);
			f->opens = wadd(f->opens, pos(x.opens));
			f->seeks = wadd(f->seeks, pos(x.seeks));
			f->stats = wadd(f->stats, pos(x.stats));
			f->syncs = wadd(f->syncs, pos(x.syncs));
			f->tm += posf(x.tm);
			if (r->rank < 0) {
				if (posf(x.tslow) > f->tslow)
					f->tslow = posf(x.tslow);
			} else if (rec_time(&x) > f->tslow) {
				f->tslow = rec_time(&x);
			}
			f->first = tsmin(f->first, x.first);
			f->last = tsmax(f->last, x.last);
			if (x.maxoff > f->maxoff)
				f->maxoff = x.maxoff;
			merge_access(f, x.access1, x.access1_count);
			if (m == IOL_MOD_POSIX && x.reads >= 0 &&
			    x.writes >= 0) {
				if (x.seq >= 0)
					seqsum[k] = wadd(seqsum[k], x.seq);
				if (x.notaligned >= 0)
					nalsum[k] =
						wadd(nalsum[k], x.notaligned);
				opsum[k] =
					wadd(opsum[k], wadd(x.reads, x.writes));
			}
		}
	}
	/* distinct ranks per row */
	if (nrr)
		qsort(rr, nrr, sizeof(*rr), cmp_rowrank);
	for (i = 0; i < nrr; i++) {
		struct iol_filerow *f = &v[rr[i].row];

		if (i && rr[i].row == rr[i - 1].row &&
		    rr[i].rank == rr[i - 1].rank)
			continue;
		if (f->nranks < 0)
			continue;
		f->nranks++;
		f->rank = f->nranks == 1 ? rr[i].rank : -1;
	}
	free(rr);
	for (i = 0; i < nv; i++) {
		if (opsum[i] > 0) {
			v[i].pct_seq =
				(double)seqsum[i] / (double)opsum[i] * 100;
			v[i].pct_aligned =
				(1 - (double)nalsum[i] / (double)opsum[i]) *
				100;
		}
		if (v[i].nranks < 0)
			v[i].rank = -1;
	}
	free(index.v);
	free(seqsum);
	free(opsum);
	free(nalsum);
	*rows = v;
	*n = nv;
	return 0;
oom:
	free(rr);
	free(index.v);
	free(v);
	free(seqsum);
	free(opsum);
	free(nalsum);
	return iol_error_set(err, IOL_ENOMEM, "out of memory");
}

/* ---- access sizes ---- */

static void hist_add_mod(const struct iol_job *job, int m, struct iol_hist *h)
{
	const struct iol_jmod *jm = &job->mod[m];
	const struct cix *c = get_cix(m);
	size_t i;
	int b;

	for (i = 0; i < jm->n; i++)
		for (b = 0; b < IOL_NBINS; b++) {
			h->rd[b] = wadd(h->rd[b],
					pos(jm->recs[i].ic[c->bin_r + b]));
			h->wr[b] = wadd(h->wr[b],
					pos(jm->recs[i].ic[c->bin_w + b]));
		}
}

static void hist_common(const struct iol_job *job, int m, struct iol_hist *h)
{
	const struct iol_jmod *jm = &job->mod[m];
	const struct cix *c = get_cix(m);
	struct iol_accum acc;
	size_t i;
	int k;

	if (!iol_accum_supported(m) || c->acc1 < 0 ||
	    iol_accum_init(&acc, m, job->nprocs) < 0)
		return;
	for (i = 0; i < jm->n; i++) {
		struct iol_rec r;

		rec_to_iolrec(m, &jm->recs[i], &r);
		if (iol_accum_add(&acc, &r) < 0)
			break;
	}
	/* the four most common sizes, merged the way darshan-util does */
	for (k = 0; k < 4; k++) {
		int64_t v = acc.agg.ic[c->acc1 + k],
			n = acc.agg.ic[c->acc1c + k];

		if (v > 0 && n > 0) {
			int j = h->ncommon++;

			/* most frequent first, then the larger size */
			while (j > 0 && (h->common_count[j - 1] < n ||
					 (h->common_count[j - 1] == n &&
					  h->common[j - 1] < v))) {
				h->common[j] = h->common[j - 1];
				h->common_count[j] = h->common_count[j - 1];
				j--;
			}
			h->common[j] = v;
			h->common_count[j] = n;
		}
	}
	iol_accum_release(&acc);
}

size_t iol_hist_compute(const struct iol_job *job, struct iol_hist *h,
			size_t max)
{
	size_t n = 0;
	int m;

	if (!max)
		return 0;
	memset(h, 0, sizeof(*h) * max);
	/* the job: POSIX, the layer every data access reaches */
	h[0].mod = -1;
	if (job->mod[IOL_MOD_POSIX].loaded) {
		hist_add_mod(job, IOL_MOD_POSIX, &h[0]);
		hist_common(job, IOL_MOD_POSIX, &h[0]);
	}
	n = 1;
	for (m = 0; m < IOL_MOD_KNOWN && n < max; m++) {
		const struct cix *c;

		if (!job->mod[m].loaded || !iol_modinfo(m)->nint)
			continue;
		c = get_cix(m);
		if (c->bin_r < 0 || c->bin_w < 0)
			continue;
		h[n].mod = m;
		hist_add_mod(job, m, &h[n]);
		hist_common(job, m, &h[n]);
		n++;
	}
	return n;
}

/* ---- metadata ---- */

struct opdef {
	int mod;
	const char *counter;
	const char *op;
};

static const struct opdef opdefs[] = {
	{IOL_MOD_POSIX, "POSIX_OPENS", "opens"},
	{IOL_MOD_POSIX, "POSIX_FILENOS", "filenos"},
	{IOL_MOD_POSIX, "POSIX_DUPS", "dups"},
	{IOL_MOD_POSIX, "POSIX_STATS", "stats"},
	{IOL_MOD_POSIX, "POSIX_SEEKS", "seeks"},
	{IOL_MOD_POSIX, "POSIX_MMAPS", "mmaps"},
	{IOL_MOD_POSIX, "POSIX_FSYNCS", "fsyncs"},
	{IOL_MOD_POSIX, "POSIX_FDSYNCS", "fdatasyncs"},
	{IOL_MOD_POSIX, "POSIX_RENAME_SOURCES", "renames"},
	{IOL_MOD_STDIO, "STDIO_OPENS", "opens"},
	{IOL_MOD_STDIO, "STDIO_FDOPENS", "fdopens"},
	{IOL_MOD_STDIO, "STDIO_SEEKS", "seeks"},
	{IOL_MOD_STDIO, "STDIO_FLUSHES", "flushes"},
	{IOL_MOD_MPIIO, "MPIIO_INDEP_OPENS", "independent opens"},
	{IOL_MOD_MPIIO, "MPIIO_COLL_OPENS", "collective opens"},
	{IOL_MOD_MPIIO, "MPIIO_SYNCS", "syncs"},
	{IOL_MOD_MPIIO, "MPIIO_HINTS", "hints"},
	{IOL_MOD_MPIIO, "MPIIO_VIEWS", "views"},
	{IOL_MOD_H5F, "H5F_OPENS", "file opens"},
	{IOL_MOD_H5F, "H5F_FLUSHES", "file flushes"},
	{IOL_MOD_H5D, "H5D_OPENS", "dataset opens"},
	{IOL_MOD_H5D, "H5D_FLUSHES", "dataset flushes"},
	{IOL_MOD_PNETCDF_FILE, "PNETCDF_FILE_OPENS", "file opens"},
	{IOL_MOD_PNETCDF_FILE, "PNETCDF_FILE_CREATES", "file creates"},
	{IOL_MOD_PNETCDF_FILE, "PNETCDF_FILE_SYNCS", "syncs"},
	{IOL_MOD_PNETCDF_VAR, "PNETCDF_VAR_OPENS", "variable opens"},
	{IOL_MOD_DFS, "DFS_OPENS", "opens"},
	{IOL_MOD_DFS, "DFS_LOOKUPS", "lookups"},
	{IOL_MOD_DFS, "DFS_STATS", "stats"},
	{IOL_MOD_DFS, "DFS_GET_SIZES", "get sizes"},
	{IOL_MOD_DFS, "DFS_PUNCHES", "punches"},
	{IOL_MOD_DFS, "DFS_REMOVES", "removes"},
	{IOL_MOD_DAOS, "DAOS_OBJ_OPENS", "object opens"},
	{IOL_MOD_DAOS, "DAOS_ARRAY_OPENS", "array opens"},
	{IOL_MOD_DAOS, "DAOS_ARRAY_STATS", "array stats"},
	{IOL_MOD_DAOS, "DAOS_KV_OPENS", "kv opens"},
};

int iol_meta_compute(const struct iol_job *job, struct iol_meta *mt,
		     struct iol_error *err)
{
	int64_t nprocs = job->nprocs > 0 ? job->nprocs : 1;
	double *io_t;
	size_t i, k;
	int m;

	memset(mt, 0, sizeof(*mt));
	mt->ops = calloc(sizeof(opdefs) / sizeof(opdefs[0]), sizeof(*mt->ops));
	mt->rank_time = calloc((size_t)nprocs, sizeof(double));
	io_t = calloc((size_t)nprocs, sizeof(double));
	if (!mt->ops || !mt->rank_time || !io_t) {
		free(io_t);
		iol_meta_free(mt);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	for (k = 0; k < sizeof(opdefs) / sizeof(opdefs[0]); k++) {
		const struct iol_jmod *jm = &job->mod[opdefs[k].mod];
		int is_flt, ix;
		int64_t sum = 0;

		if (!jm->loaded)
			continue;
		ix = iol_counter_index(opdefs[k].mod, opdefs[k].counter,
				       &is_flt);
		if (ix < 0 || is_flt)
			continue;
		for (i = 0; i < jm->n; i++)
			sum = wadd(sum, pos(jm->recs[i].ic[ix]));
		mt->ops[mt->nops].mod = opdefs[k].mod;
		mt->ops[mt->nops].op = opdefs[k].op;
		mt->ops[mt->nops].count = sum;
		mt->nops++;
	}
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_jmod *jm = &job->mod[m];
		const struct cix *c;

		if (!jm->loaded || !iol_modinfo(m)->nint || m == IOL_MOD_BGQ)
			continue;
		c = get_cix(m);
		for (i = 0; i < jm->n; i++) {
			const struct iol_jrec *r = &jm->recs[i];
			double tm = posf(getf(r, c->tm));
			struct iol_recx x;

			mt->time[m] += tm;
			if (m != IOL_MOD_POSIX && m != IOL_MOD_STDIO)
				continue;
			iol_rec_extract(m, r, &x);
			mt->total_time += tm;
			mt->io_time += rec_time(&x);
			if (r->rank < 0)
				mt->shared_time += tm;
			else if (r->rank < nprocs) {
				mt->rank_time[r->rank] += tm;
				io_t[r->rank] += rec_time(&x);
			}
		}
	}
	mt->slowest_rank = -1;
	for (i = 0; i < (size_t)nprocs; i++)
		if (io_t[i] > 0 &&
		    (mt->slowest_rank < 0 || io_t[i] > mt->slowest_io)) {
			mt->slowest_rank = (int64_t)i;
			mt->slowest_io = io_t[i];
			mt->slowest_meta = mt->rank_time[i];
		}
	free(io_t);
	return 0;
}

void iol_meta_free(struct iol_meta *m)
{
	free(m->ops);
	free(m->rank_time);
	memset(m, 0, sizeof(*m));
}

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

static void phase_add(struct iol_phase *p, double s, double e, int64_t bytes)
{
	if (p->start < 0 || s < p->start)
		p->start = s;
	if (e > p->end)
		p->end = e;
	p->bytes = wadd(p->bytes, bytes > 0 ? bytes : 0);
	p->nops++;
}

static void phase_init(struct iol_phase *p, int64_t rank, uint64_t file, int op)
{
	p->rank = rank;
	p->file = file;
	p->op = op;
	p->start = -1;
	p->end = -1;
	p->bytes = 0;
	p->nops = 0;
}

double iol_phase_mibs(const struct iol_phase *ph)
{
	if (ph->start < 0 || !(ph->end > ph->start))
		return NAN;
	return (double)ph->bytes / 1048576.0 / (ph->end - ph->start);
}

int iol_timeline_layer(const struct iol_job *job, int layer)
{
	if (layer == 1 && job->nsegs[1] > 0)
		return 1;
	if (layer == 0 && job->nsegs[0] > 0)
		return 0;
	return job->nsegs[0] > 0 ? 0 : 1;
}

int iol_phases_compute(const struct iol_job *job, int layer,
		       struct iol_phases *p, struct iol_error *err)
{
	size_t nprocs = job->nprocs > 0 ? (size_t)job->nprocs : 1;
	struct ftab fidx = {NULL, 0, 0};
	size_t i, fcap = 0;
	int which, op, ret = 0;

	memset(p, 0, sizeof(*p));
	p->source = iol_timeline_source(job);
	phase_init(&p->job[0], -1, 0, 0);
	phase_init(&p->job[1], -1, 0, 1);
	p->rank = calloc(nprocs * 2, sizeof(*p->rank));
	if (!p->rank)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	p->nrank = nprocs;
	for (i = 0; i < nprocs; i++)
		for (op = 0; op < 2; op++)
			phase_init(&p->rank[i * 2 + op], (int64_t)i, 0, op);
	if (p->source != IOL_TL_DXT)
		return 0;
	which = iol_timeline_layer(job, layer);
	{
		struct iol_segs *it;
		struct iol_seg seg[1024];
		size_t rec;
		int is_read;
		long n, k;

		ret = iol_segs_open(&it, job, which, err);
		if (ret < 0)
			goto fail;
		while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read, err)) >
		       0) {
			const struct iol_jdxt *x = &job->dxt[which][rec];
			struct fent *f = ftab_get(&fidx, x->id);
			struct iol_phase *fp;

			if (!f) {
				n = iol_error_set(err, IOL_ENOMEM,
						  "out of memory");
				break;
			}
			if (f->rank == -2) {
				/* a read and a write phase per file */
				struct iol_phase *nf =
					iol_grow(p->file, &fcap, p->nfile,
						 2 * sizeof(*nf), 16);

				if (!nf) {
					n = iol_error_set(err, IOL_ENOMEM,
							  "out of memory");
					break;
				}
				p->file = nf;
				f->rank = (int64_t)p->nfile;
				phase_init(&p->file[p->nfile * 2], -1, x->id,
					   0);
				phase_init(&p->file[p->nfile * 2 + 1], -1,
					   x->id, 1);
				p->nfile++;
			}
			fp = &p->file[f->rank * 2 + is_read];
			for (k = 0; k < n; k++) {
				phase_add(&p->job[is_read], seg[k].start,
					  seg[k].end, seg[k].len);
				phase_add(fp, seg[k].start, seg[k].end,
					  seg[k].len);
				if (x->rank >= 0 && (size_t)x->rank < nprocs)
					phase_add(
						&p->rank[x->rank * 2 + is_read],
						seg[k].start, seg[k].end,
						seg[k].len);
			}
		}
		iol_segs_close(it);
		if (n < 0) {
			ret = (int)n;
			goto fail;
		}
	}
	free(fidx.v);
	return 0;
fail:
	free(fidx.v);
	iol_phases_free(p);
	return ret;
}

void iol_phases_free(struct iol_phases *p)
{
	free(p->rank);
	free(p->file);
	memset(p, 0, sizeof(*p));
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
		static const int mods[2] = {IOL_MOD_POSIX, IOL_MOD_STDIO};
		size_t i;
		int k;

		for (k = 0; k < 2; k++) {
			const struct iol_jmod *jm = &job->mod[mods[k]];

			for (i = 0; jm->loaded && i < jm->n; i++) {
				struct iol_recx x;

				iol_rec_extract(mods[k], &jm->recs[i], &x);
				if (x.last > m->t1)
					m->t1 = x.last;
			}
		}
		for (k = 0; k < 2; k++) {
			const struct iol_jmod *jm = &job->mod[mods[k]];

			for (i = 0; jm->loaded && i < jm->n; i++) {
				struct iol_recx x;
				int64_t r0, r1, r;

				iol_rec_extract(mods[k], &jm->recs[i], &x);
				/* a shared record spreads over every rank */
				r0 = jm->recs[i].rank < 0 ? 0
							  : jm->recs[i].rank;
				r1 = jm->recs[i].rank < 0 ? (int64_t)nrank - 1
							  : r0;
				for (r = r0; r <= r1; r++) {
					double div = (double)(r1 - r0 + 1);

					if (x.wend > 0 && x.wstart >= 0)
						matrix_add(
							m, r, x.wstart, x.wend,
							(double)pos(x.bw) / div,
							0);
					if (x.rend > 0 && x.rstart >= 0)
						matrix_add(
							m, r, x.rstart, x.rend,
							(double)pos(x.br) / div,
							1);
				}
			}
		}
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
