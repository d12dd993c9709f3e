/*
 * The job at a glance (METRICS.md 2-4, 7): volumes and time by slowest
 * rank per module, the job's POSIX+STDIO figures, MiB/s per compute node,
 * the Table VI characteristics, file categories, strategy and top files.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/select.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

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

void iol_rec_to_iolrec(int mod, const struct iol_jrec *jr, struct iol_rec *r)
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

/* Read and write time by slowest, separately (see metrics.h): one pass
 * over the POSIX and STDIO records.  Returns 0 or IOL_ENOMEM. */
static int rw_slowest(const struct iol_job *job, int64_t nprocs,
		      struct iol_summary *s)
{
	double *rt = calloc((size_t)nprocs * 2, sizeof(*rt));
	double shr = 0, shw = 0, mr = 0, mw = 0;
	struct iol_lowrecs it;
	const struct iol_jrec *r;
	struct iol_recx x;
	size_t i;
	int mod;

	if (!rt)
		return IOL_ENOMEM;
	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_next(&it, &mod, &r, &x)) {
		double all;

		if (r->rank >= 0 && r->rank < nprocs) {
			rt[r->rank * 2] += posf(x.tr);
			rt[r->rank * 2 + 1] += posf(x.tw);
			continue;
		}
		if (r->rank >= 0)
			continue;
		all = posf(x.tr) + posf(x.tw) + posf(x.tm);
		if (all > 0) {
			shr += posf(x.tslow) * posf(x.tr) / all;
			shw += posf(x.tslow) * posf(x.tw) / all;
		}
	}
	for (i = 0; i < (size_t)nprocs; i++) {
		if (rt[i * 2] > mr)
			mr = rt[i * 2];
		if (rt[i * 2 + 1] > mw)
			mw = rt[i * 2 + 1];
	}
	free(rt);
	s->read_time_slowest = mr + shr;
	s->write_time_slowest = mw + shw;
	return 0;
}

/* The figures the job row adds to summary's: end time, read and write
 * time by slowest, POSIX and MPI-IO access sizes. */
static int summary_extra(const struct iol_job *job, int64_t nprocs,
			 struct iol_summary *s, struct iol_error *err)
{
	s->end_time =
		job->date_known && !isnan(job->run_time)
			? (double)job->end_sec + (double)job->end_nsec / 1e9
			: NAN;
	s->has_hist[0] =
		iol_hist_bins(job, IOL_MOD_POSIX, s->hist_rd[0], s->hist_wr[0]);
	s->has_hist[1] =
		iol_hist_bins(job, IOL_MOD_MPIIO, s->hist_rd[1], s->hist_wr[1]);
	if (rw_slowest(job, nprocs, s) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

/* The volumes, times and time by slowest of one data module. */
static int mod_sum(const struct iol_job *job, int m, struct iol_modsum *ms,
		   struct iol_error *err)
{
	const struct iol_jmod *jm = &job->mod[m];
	struct iol_accum acc;
	struct ftab mft = {0};
	int use_acc = iol_accum_supported(m), ret = 0;
	double np;
	size_t i;

	if (use_acc && iol_accum_init(&acc, m, job->nprocs) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (i = 0; i < jm->n && !ret; i++) {
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
		if (!iol_ftab_get(&mft, jm->recs[i].id)) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
		} else if (use_acc) {
			struct iol_rec r;

			iol_rec_to_iolrec(m, &jm->recs[i], &r);
			if (iol_accum_add(&acc, &r) < 0)
				ret = iol_error_set(err, IOL_ECORRUPT,
						    "record with a bad rank");
		}
	}
	ms->nfiles = (int64_t)mft.n;
	iol_ftab_free(&mft);
	np = job->nprocs > 0 ? (double)job->nprocs : 1;
	ms->read_time_pp = ms->read_time / np;
	ms->write_time_pp = ms->write_time / np;
	ms->meta_time_pp = ms->meta_time / np;
	if (use_acc) {
		if (!ret) {
			iol_accum_perf(&acc, &ms->perf);
			ms->has_perf = 1;
		}
		iol_accum_release(&acc);
	}
	return ret;
}

/* What the pass over the POSIX and STDIO records gathers. */
struct jobpass {
	struct ftab ft;	 /* per file */
	double *rank_t;	 /* I/O time per rank */
	int64_t *rank_b; /* bytes per rank */
	int64_t seq, ops, notal;
	double tsum, msum;	     /* I/O and meta time, all processes */
	const struct iol_excl *excl; /* files left out of the top files */
};

/* One POSIX or STDIO record into the job's sums and its file's entry. */
static int job_rec(int mod, const struct iol_jrec *r, const struct iol_recx *x,
		   int64_t nprocs, struct iol_summary *s, struct jobpass *p)
{
	double t = rec_time(x);
	struct fent *f;

	s->bytes_read = wadd(s->bytes_read, pos(x->br));
	s->bytes_written = wadd(s->bytes_written, pos(x->bw));
	s->io.total_bytes =
		wadd(s->io.total_bytes, wadd(pos(x->br), pos(x->bw)));
	p->tsum += t;
	p->msum += posf(x->tm);
	if (r->rank < 0) {
		s->io.shared_time_by_slowest += posf(x->tslow);
	} else if (r->rank < nprocs) {
		p->rank_t[r->rank] += t;
		p->rank_b[r->rank] =
			wadd(p->rank_b[r->rank], wadd(pos(x->br), pos(x->bw)));
	}
	if (mod == IOL_MOD_POSIX) {
		if (x->seq >= 0)
			p->seq = wadd(p->seq, x->seq);
		if (x->reads >= 0 && x->writes >= 0)
			p->ops = wadd(p->ops, wadd(x->reads, x->writes));
		if (x->notaligned >= 0)
			p->notal = wadd(p->notal, x->notaligned);
	}
	f = iol_ftab_get(&p->ft, r->id);
	if (!f)
		return IOL_ENOMEM;
	f->br = wadd(f->br, pos(x->br));
	f->bw = wadd(f->bw, pos(x->bw));
	if (x->maxoff > f->maxoff)
		f->maxoff = x->maxoff;
	f->time += t;
	if (r->rank < 0) {
		f->nprocs = -1;
		if (posf(x->tslow) > f->slowest)
			f->slowest = posf(x->tslow);
	} else {
		if (f->nprocs >= 0 && f->rank != r->rank) {
			f->nprocs++;
			f->rank = r->rank;
		}
		if (t > f->slowest)
			f->slowest = t;
	}
	/* creations can only be estimated from Darshan: written, and not
	 * read before the first write */
	if (mod == IOL_MOD_POSIX && x->writes > 0 &&
	    (x->reads <= 0 || x->rstart >= x->wstart) && !f->nrank_recs)
		f->nrank_recs = 1;
	return 0;
}

/* The slowest and the busiest rank, and the job's time by slowest. */
static void job_ranks(int64_t nprocs, struct iol_summary *s,
		      const struct jobpass *p)
{
	size_t i;

	s->io.slowest_rank = -1;
	for (i = 0; i < (size_t)nprocs; i++)
		if (p->rank_t[i] > s->io.slowest_rank_io_time) {
			s->io.slowest_rank_io_time = p->rank_t[i];
			s->io.slowest_rank = (int)i;
		}
	s->busiest_rank = -1;
	for (i = 0; i < (size_t)nprocs; i++)
		if (p->rank_b[i] > 0 &&
		    (s->busiest_rank < 0 ||
		     p->rank_b[i] > p->rank_b[s->busiest_rank]))
			s->busiest_rank = (int64_t)i;
	if (s->busiest_rank >= 0 && s->io.total_bytes > 0)
		s->busiest_share = (double)p->rank_b[s->busiest_rank] /
				   (double)s->io.total_bytes;
	s->io.agg_time_by_slowest =
		s->io.slowest_rank_io_time + s->io.shared_time_by_slowest;
	if (s->io.agg_time_by_slowest > 0)
		s->io.agg_perf_by_slowest = (double)s->io.total_bytes /
					    1048576.0 /
					    s->io.agg_time_by_slowest;
	s->mibs = s->io.agg_perf_by_slowest;
}

/* compute nodes: option, processes per node, DXT hostnames */
static void job_nodes(const struct iol_job *job, const struct iol_opts *o,
		      int64_t nprocs, struct iol_summary *s)
{
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
}

/* The Table VI ratios (METRICS.md 4). */
static void job_ratios(const struct iol_job *job, int64_t nprocs,
		       struct iol_summary *s, const struct jobpass *p)
{
	s->io_time_total = p->tsum;
	s->meta_time_total = p->msum;
	s->pct_io_slowest = job->run_time > 0 ? s->io.agg_time_by_slowest /
							job->run_time * 100
					      : NAN;
	s->pct_io_avg = job->run_time > 0
				? p->tsum / (double)nprocs / job->run_time * 100
				: NAN;
	s->md_cost_pct = p->tsum > 0 ? p->msum / p->tsum * 100 : NAN;
	s->nfiles = (int64_t)p->ft.n;
	s->files_per_proc = (double)p->ft.n / (double)nprocs;
	s->pct_seq = p->ops > 0 ? (double)p->seq / (double)p->ops * 100 : NAN;
	s->pct_aligned = p->ops > 0
				 ? (1 - (double)p->notal / (double)p->ops) * 100
				 : NAN;
	s->mib_per_proc =
		(double)s->io.total_bytes / 1048576.0 / (double)nprocs;
}

/* One file into the categories and the top files; its bytes into those
 * of its sharing (unique, shared, partially shared). */
static void file_add(const struct iol_job *job, struct fent *f,
		     struct iol_summary *s, int64_t unk_bytes[3], size_t *ntb,
		     size_t *ntt, const struct iol_excl *excl)
{
	struct iol_topfile t;
	int u;

	if (f->nrank_recs)
		s->ncreated++;
	if (f->nprocs == 0)
		f->nprocs = 1;
	/* every rank with a record of its own is as shared as one reduced
	 * record (logs written without shared reduction) */
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
	if (iol_excl_match(excl, t.path) >= 0) {
		s->top_excluded++;
		return;
	}
	top_insert(s->top_bytes, ntb, &t, 0);
	top_insert(s->top_time, ntt, &t, 1);
}

/* The I/O strategy from who moved the bytes (METRICS.md 7). */
static const char *strategy_of(const struct iol_job *job,
			       const struct iol_summary *s,
			       const int64_t unk_bytes[3])
{
	if (s->io.total_bytes == 0)
		return "no I/O";
	if (job->nprocs <= 1)
		return "1 process";
	if (s->busiest_rank >= 0 && s->busiest_share >= 0.99)
		return s->busiest_rank == 0 ? "rank 0 I/O" : "one rank I/O";
	if (unk_bytes[1] >= unk_bytes[0] && unk_bytes[1] >= unk_bytes[2])
		return "N:1";
	if (unk_bytes[0] >= unk_bytes[2])
		return "N:N";
	return "N:M";
}

/* Categories, creations, strategy and top files over the file table. */
static void job_files(const struct iol_job *job, int64_t nprocs,
		      struct iol_summary *s, struct jobpass *p)
{
	int64_t unk_bytes[3] = {0};
	size_t i, ntb = 0, ntt = 0;

	for (i = 0; i < p->ft.cap; i++)
		if (p->ft.v[i].used)
			file_add(job, &p->ft.v[i], s, unk_bytes, &ntb, &ntt,
				 p->excl);
	s->ntop = ntb;
	if (job->ncreated >= 0) {
		s->ncreated = job->ncreated;
		s->creates_exact = 1;
	}
	s->creates_per_proc = (double)s->ncreated / (double)nprocs;
	s->strategy = strategy_of(job, s, unk_bytes);
}

/* The job: POSIX and STDIO records together (METRICS.md 1-4, 7). */
static int job_sums(const struct iol_job *job, const struct iol_opts *o,
		    const struct iol_excl *excl, int64_t nprocs,
		    struct iol_summary *s, struct iol_error *err)
{
	struct jobpass p;
	struct iol_lowrecs it;
	const struct iol_jrec *r;
	struct iol_recx x;
	int mod, ret = 0;

	memset(&p, 0, sizeof(p));
	p.excl = excl;
	p.rank_t = calloc((size_t)nprocs, sizeof(*p.rank_t));
	p.rank_b = calloc((size_t)nprocs, sizeof(*p.rank_b));
	if (!p.rank_t || !p.rank_b)
		ret = IOL_ENOMEM;
	iol_lowrecs_init(&it, job);
	while (!ret && iol_lowrecs_next(&it, &mod, &r, &x))
		ret = job_rec(mod, r, &x, nprocs, s, &p);
	if (!ret) {
		job_ranks(nprocs, s, &p);
		job_nodes(job, o, nprocs, s);
		job_ratios(job, nprocs, s, &p);
		job_files(job, nprocs, s, &p);
	}
	free(p.rank_t);
	free(p.rank_b);
	iol_ftab_free(&p.ft);
	if (ret)
		return iol_error_set(err, ret, "out of memory");
	return 0;
}

int iol_summary_compute(const struct iol_job *job, const struct iol_opts *o,
			struct iol_summary *s, struct iol_error *err)
{
	struct iol_excl ex;
	int ret = iol_excl_init(&ex, 1, err);

	if (ret == 0)
		ret = iol_summary_compute_excl(job, o, &ex, s, err);
	iol_excl_free(&ex);
	return ret;
}

int iol_summary_compute_excl(const struct iol_job *job,
			     const struct iol_opts *o,
			     const struct iol_excl *excl, struct iol_summary *s,
			     struct iol_error *err)
{
	int64_t nprocs = job->nprocs > 0 ? job->nprocs : 1;
	int m, ret;

	memset(s, 0, sizeof(*s));
	s->incomplete = job->partial;
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		s->mod[m].present = job->mod[m].present;
		s->mod[m].partial = job->mod[m].partial;
		if (!job->mod[m].loaded || !iol_mod_is_data(m))
			continue;
		ret = mod_sum(job, m, &s->mod[m], err);
		if (ret < 0)
			return ret;
	}
	ret = job_sums(job, o, excl, nprocs, s, err);
	if (ret < 0)
		return ret;
	return summary_extra(job, nprocs, s, err);
}

double iol_category_avg_size(const struct iol_category *c)
{
	if (!c->count || c->max_offset < 0)
		return NAN;
	return (double)c->sum_size / (double)c->count;
}

double iol_category_max_size(const struct iol_category *c)
{
	if (!c->count || c->max_offset < 0)
		return NAN;
	return (double)c->max_offset + 1;
}
