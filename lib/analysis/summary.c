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
#include "base/sort.h"
#include "counters/counters.h"
#include "base/wrap.h"
#include "base/banned.h"

static void cat_add(struct iol_category *c, const struct fent *f)
{
	c->count++;
	c->read_bytes = satadd(c->read_bytes, f->br);
	c->write_bytes = satadd(c->write_bytes, f->bw);
	if (f->maxoff > c->max_offset)
		c->max_offset = f->maxoff;
	if (f->maxoff >= 0)
		c->sum_size = satadd(c->sum_size, satadd(f->maxoff, 1));
}

/* the top lists' key: added as doubles, a crafted log's counters
 * overflow int64 */
static double top_key(const struct iol_topfile *t, int by_time)
{
	return by_time ? t->time
		       : (double)t->bytes_read + (double)t->bytes_written;
}

/* does t go before u (larger first, then the lower id)? */
static int top_before(const struct iol_topfile *t, double a,
		      const struct iol_topfile *u, int by_time)
{
	double b = top_key(u, by_time);

	return a > b || (a == b && t->id < u->id);
}

static void top_insert(struct iol_topfile *top, size_t *n,
		       const struct iol_topfile *t, int by_time)
{
	double a = top_key(t, by_time);
	size_t i, k;

	/* a full list whose last goes before t keeps t out: most files of
	 * a large job (a NaN last is no bound, as it blocks no one) */
	if (*n == IOL_TOPN && !isnan(top_key(&top[*n - 1], by_time)) &&
	    !top_before(t, a, &top[*n - 1], by_time))
		return;
	for (i = 0; i < *n; i++)
		if (top_before(t, a, &top[i], by_time))
			break;
	if (i >= IOL_TOPN)
		return;
	k = *n < IOL_TOPN ? *n : IOL_TOPN - 1;
	memmove(&top[i + 1], &top[i], (k - i) * sizeof(*top));
	top[i] = *t;
	if (*n < IOL_TOPN)
		(*n)++;
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

/* The most common access sizes of POSIX, MPI-IO and H5D: the one exact
 * sum hist and the report show too. */
static int summary_common(const struct iol_job *job, struct iol_summary *s)
{
	static const int mods[3] = {IOL_MOD_POSIX, IOL_MOD_MPIIO, IOL_MOD_H5D};
	int i;

	for (i = 0; i < 3; i++) {
		int n = iol_common_sizes(job, mods[i], s->common[i],
					 s->common_count[i]);

		if (n < 0)
			return n;
		s->ncommon[i] = n;
	}
	return 0;
}

/* The figures the job row adds to summary's: end time, read and write
 * time by slowest and bandwidth, POSIX and MPI-IO access sizes, and META
 * time per module. */
static void summary_extra(const struct iol_job *job, struct iol_summary *s,
			  const struct iol_ranktime *t)
{
	int m;

	s->end_time =
		job->date_known && !isnan(job->run_time)
			? (double)job->end_sec + (double)job->end_nsec / 1e9
			: NAN;
	s->has_hist[0] =
		iol_hist_bins(job, IOL_MOD_POSIX, s->hist_rd[0], s->hist_wr[0]);
	s->has_hist[1] =
		iol_hist_bins(job, IOL_MOD_MPIIO, s->hist_rd[1], s->hist_wr[1]);
	s->read_time_slowest = t->read_by_slowest;
	s->write_time_slowest = t->write_by_slowest;
	s->read_mibs =
		t->read_by_slowest > 0
			? (double)s->bytes_read / 1048576.0 / t->read_by_slowest
			: NAN;
	s->write_mibs = t->write_by_slowest > 0
				? (double)s->bytes_written / 1048576.0 /
					  t->write_by_slowest
				: NAN;
	for (m = 0; m < IOL_MOD_KNOWN; m++)
		if (!iol_mod_meta_time(job, m, &s->meta_time_mod[m]))
			s->meta_time_mod[m] = NAN;
}

/*
 * The time by slowest of a layer darshan-util has no accumulator for
 * (HDF5 datasets, PnetCDF variables): each rank's read, write and meta
 * time over its records, the slowest rank's, plus what shared records
 * say their slowest rank spent (as the accumulator adds them).  Without
 * it the layer's time was never known, so triage's IOL-IO-TIME took
 * POSIX's 0.26 s for an HDF5 job whose datasets took a rank 2.6 s.
 */
static int layer_perf(const struct iol_job *job, int m, struct iol_modsum *ms)
{
	const struct iol_jmod *jm = &job->mod[m];
	size_t np = job->nprocs > 0 ? (size_t)job->nprocs : 1, i;
	double *rank_t = calloc(np, sizeof(*rank_t)), shared = 0;
	struct iol_perf *p = &ms->perf;

	if (!rank_t)
		return IOL_ENOMEM;
	memset(p, 0, sizeof(*p));
	for (i = 0; i < jm->n; i++) {
		struct iol_recx xbuf;
		const struct iol_recx *x;
		int64_t rank = jm->recs[i].rank;

		x = iol_jmod_rx(jm, m, i, &xbuf);
		p->total_bytes =
			satadd(p->total_bytes, satadd(pos(x->br), pos(x->bw)));
		if (rank < 0)
			shared += posf(x->tslow);
		else if ((uint64_t)rank < np)
			rank_t[rank] += posf(x->tr) + posf(x->tw) + posf(x->tm);
	}
	for (i = 0; i < np; i++)
		if (rank_t[i] > p->slowest_rank_io_time) {
			p->slowest_rank_io_time = rank_t[i];
			p->slowest_rank = (int)i;
		}
	free(rank_t);
	p->shared_time_by_slowest = shared;
	p->agg_time_by_slowest = p->slowest_rank_io_time + shared;
	if (p->agg_time_by_slowest != 0)
		p->agg_perf_by_slowest = ((double)p->total_bytes / 1048576.0) /
					 p->agg_time_by_slowest;
	ms->has_perf = 1;
	return 0;
}

static int u64_before(const uint64_t *a, const uint64_t *b)
{
	return *a < *b;
}

IOL_SORT_DEFINE(sort_ids, uint64_t, u64_before)

/* The distinct ids of v[0..n), sorted in place: a module's files (a
 * per-file table of 80-byte entries only to count them was 3 % of
 * ingest) */
static int64_t distinct_ids(uint64_t *v, size_t n)
{
	size_t i, k = n > 0;

	sort_ids(v, n);
	for (i = 1; i < n; i++)
		k += v[i] != v[i - 1];
	return (int64_t)k;
}

/* distinct_ids() of all jm's records, from their order by id */
static int64_t distinct_byid(const struct iol_jmod *jm)
{
	size_t i, k = jm->n > 0;

	for (i = 1; i < jm->n; i++)
		k += jm->recs[jm->byid[i]].id != jm->recs[jm->byid[i - 1]].id;
	return (int64_t)k;
}

/* The volumes, times and time by slowest of one data module. */
static int mod_sum(const struct iol_job *job, int m, struct iol_modsum *ms,
		   struct iol_error *err)
{
	const struct iol_jmod *jm = &job->mod[m];
	struct iol_accum acc;
	uint64_t *ids = malloc((jm->n ? jm->n : 1) * sizeof(*ids));
	int use_acc = iol_accum_supported(m), ret = 0;
	double np;
	size_t i;

	if (!ids || (use_acc && iol_accum_init(&acc, m, job->nprocs) < 0)) {
		free(ids);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	if (use_acc)
		acc.perf_only = 1; /* only iol_accum_perf() below */
	for (i = 0; i < jm->n && !ret; i++) {
		struct iol_recx xbuf;
		const struct iol_recx *x;

		x = iol_jmod_rx(jm, m, i, &xbuf);
		ms->nrec++;
		ms->bytes_read = satadd(ms->bytes_read, pos(x->br));
		ms->bytes_written = satadd(ms->bytes_written, pos(x->bw));
		ms->reads = satadd(ms->reads, pos(x->reads));
		ms->writes = satadd(ms->writes, pos(x->writes));
		ms->opens = satadd(ms->opens, pos(x->opens));
		ms->seeks = satadd(ms->seeks, pos(x->seeks));
		ms->syncs = satadd(ms->syncs, pos(x->syncs));
		if (x->writes > 0) /* a shared record: one per process */
			ms->write_recs +=
				jm->recs[i].rank < 0 && job->nprocs > 0
					? job->nprocs
					: 1;
		ms->read_time += posf(x->tr);
		ms->write_time += posf(x->tw);
		ms->meta_time += posf(x->tm);
		ids[i] = jm->recs[i].id;
		if (use_acc) {
			const struct iol_jrec *jr = &jm->recs[i];

			if (iol_accum_add_perf(&acc, jr->rank, jr->ic, jr->fc) <
			    0)
				ret = iol_error_set(err, IOL_ECORRUPT,
						    "record with a bad rank");
		}
	}
	/* the records seen; all of them in id order when the job has it */
	ms->nfiles = i == jm->n && jm->byid ? distinct_byid(jm)
					    : distinct_ids(ids, i);
	free(ids);
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
	} else if (!ret && jm->n &&
		   (m == IOL_MOD_H5D || m == IOL_MOD_PNETCDF_VAR) &&
		   layer_perf(job, m, ms) < 0) {
		ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	return ret;
}

/* What the pass over the POSIX and STDIO records gathers. */
struct jobpass {
	struct ftab ft;	  /* per file */
	int64_t *rank_b;  /* bytes per rank */
	int64_t *sole_b;  /* bytes of shared records it alone moved */
	struct mpone *mp; /* MPI-IO's records that moved bytes, by id */
	size_t nmp;
	unsigned char *rank_seen; /* the rank has a record */
	int64_t seq, ops, notal;
	double tsum, msum;	     /* I/O and meta time, all processes */
	const struct iol_excl *excl; /* files left out of the top files */
};

/* An MPI-IO record that moved bytes: the one rank that moved them, as
 * its shared record says, else -1 (a rank's own record, or the fastest
 * rank's bytes not none) */
struct mpone {
	uint64_t id;
	int64_t one;
};

static int mpone_before(const struct mpone *a, const struct mpone *b)
{
	return a->id < b->id;
}

IOL_SORT_DEFINE(sort_mpone, struct mpone, mpone_before)

/* MPI-IO's records that moved bytes, sorted by id once a job: a shared
 * POSIX record looks its file up (a pass over them a record was
 * quadratic: 40,000 shared files took 1 s, 200,000 half a minute) */
static int mpone_build(const struct iol_job *job, struct jobpass *p)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_MPIIO];
	const int64_t *c;

	p->nmp = 0;
	p->mp = malloc((jm->loaded && jm->n ? jm->n : 1) * sizeof(*p->mp));
	if (!p->mp)
		return IOL_ENOMEM;
	for (size_t i = 0; jm->loaded && i < jm->n; i++) {
		c = jm->recs[i].ic;
		if (satadd(pos(c[MPIIO_BYTES_READ]),
			   pos(c[MPIIO_BYTES_WRITTEN])) <= 0)
			continue;
		p->mp[p->nmp++] = (struct mpone){
			jm->recs[i].id,
			jm->recs[i].rank < 0 && c[MPIIO_FASTEST_RANK_BYTES] == 0
				? c[MPIIO_SLOWEST_RANK]
				: -1};
	}
	sort_mpone(p->mp, p->nmp);
	return 0;
}

/* Does every MPI-IO record of file id that moved bytes say rank k alone
 * moved them (none: yes)? */
static int mpone_all(const struct jobpass *p, uint64_t id, int64_t k)
{
	size_t lo = 0, hi = p->nmp, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (p->mp[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < p->nmp && p->mp[lo].id == id; lo++)
		if (p->mp[lo].one != k)
			return 0;
	return 1;
}

/*
 * The rank that alone moved a shared POSIX record's bytes (issue 34,
 * round 49), -1 when none: its slowest rank's bytes are all the
 * record's and its fastest rank's none, the other ranks only opened
 * the file (r49-graph-root: 8 ranks open a 304 MiB input, rank 0 reads
 * it all, Darshan keeps one record of rank -1).  Files of 1 MiB or
 * more, as the shared-file rules judge.  A file MPI-IO drove is one
 * rank's only when its MPI-IO record says so too: collective buffering
 * through one aggregator moves every rank's requests.
 */
static int64_t sole_rank(const struct jobpass *p, const struct iol_jrec *r,
			 const struct iol_recx *x, int64_t nprocs)
{
	int64_t b = satadd(pos(x->br), pos(x->bw)),
		k = r->ic[POSIX_SLOWEST_RANK];

	if (r->rank >= 0 || b < 1048576 || k < 0 || k >= nprocs ||
	    r->ic[POSIX_FASTEST_RANK_BYTES] != 0 ||
	    r->ic[POSIX_SLOWEST_RANK_BYTES] != b || !mpone_all(p, r->id, k))
		return -1;
	return k;
}

/* One POSIX or STDIO record into the job's sums and its file's entry. */
static int job_rec(int mod, const struct iol_jrec *r, const struct iol_recx *x,
		   int64_t nprocs, struct iol_summary *s, struct jobpass *p)
{
	double t = rec_time(x);
	struct fent *f;
	int64_t k;

	s->bytes_read = satadd(s->bytes_read, pos(x->br));
	s->bytes_written = satadd(s->bytes_written, pos(x->bw));
	s->io.total_bytes =
		satadd(s->io.total_bytes, satadd(pos(x->br), pos(x->bw)));
	p->tsum += t;
	p->msum += posf(x->tm);
	if (r->rank < 0 || r->rank >= nprocs)
		s->has_shared = 1;
	if (r->rank >= 0 && r->rank < nprocs) {
		p->rank_seen[r->rank] = 1;
		p->rank_b[r->rank] = satadd(p->rank_b[r->rank],
					    satadd(pos(x->br), pos(x->bw)));
	}
	if (mod == IOL_MOD_POSIX && (k = sole_rank(p, r, x, nprocs)) >= 0)
		p->sole_b[k] =
			satadd(p->sole_b[k], satadd(pos(x->br), pos(x->bw)));
	if (mod == IOL_MOD_POSIX) {
		s->mmaps = satadd(s->mmaps, pos(r->ic[POSIX_MMAPS]));
		if (x->seq >= 0)
			p->seq = satadd(p->seq, x->seq);
		if (x->reads >= 0 && x->writes >= 0)
			p->ops = satadd(p->ops, satadd(x->reads, x->writes));
		if (x->notaligned >= 0)
			p->notal = satadd(p->notal, x->notaligned);
	}
	f = iol_ftab_get(&p->ft, r->id);
	if (!f)
		return IOL_ENOMEM;
	f->br = satadd(f->br, pos(x->br));
	f->bw = satadd(f->bw, pos(x->bw));
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
	 * read before the first write; or opened with O_CREAT (Darshan
	 * keeps POSIX_MODE only then) and never read: cp -r's copies move
	 * their bytes by copy_file_range, which Darshan does not see, so
	 * their records hold opens and the mode alone */
	if (mod == IOL_MOD_POSIX && !f->nrank_recs &&
	    ((x->writes > 0 && (x->reads <= 0 || x->rstart >= x->wstart)) ||
	     (r->ic[POSIX_MODE] > 0 && x->reads <= 0 && x->writes <= 0)))
		f->nrank_recs = 1;
	/* STDIO keeps no mode: a stream written and not read before its
	 * first write is taken as fopen'ed "w" (a create, or a truncation
	 * Darshan cannot tell from one); an append ("a") looks the same,
	 * so the count stays an estimate (issue 34, round 93's solver: 800
	 * snapshot files made by fopen/fwrite/fclose, no POSIX record) */
	if (mod == IOL_MOD_STDIO && x->writes > 0 &&
	    (x->reads <= 0 || x->rstart >= x->wstart))
		f->stdio_made = 1;
	return 0;
}

/* The slowest (iol_ranktime) and the busiest rank, and the job's time by
 * slowest. */
static void job_ranks(int64_t nprocs, struct iol_summary *s,
		      const struct jobpass *p, const struct iol_ranktime *t)
{
	size_t i;

	s->io.slowest_rank = (int)t->slowest;
	s->io.slowest_rank_io_time = t->slowest >= 0 ? t->io[t->slowest] : 0;
	s->io.shared_time_by_slowest = t->shared_io;
	s->busiest_rank = -1;
	for (i = 0; i < (size_t)nprocs; i++)
		if (p->rank_b[i] > 0 &&
		    (s->busiest_rank < 0 ||
		     p->rank_b[i] > p->rank_b[s->busiest_rank]))
			s->busiest_rank = (int64_t)i;
	for (i = 0; i < (size_t)nprocs; i++) {
		s->ranks_with_io += p->rank_seen[i];
		s->rank_bytes_sum = satadd(s->rank_bytes_sum, p->rank_b[i]);
	}
	if (s->busiest_rank >= 0)
		s->rank_bytes_max = p->rank_b[s->busiest_rank];
	if (s->busiest_rank >= 0 && s->io.total_bytes > 0)
		s->busiest_share = (double)p->rank_b[s->busiest_rank] /
				   (double)s->io.total_bytes;
	s->io.agg_time_by_slowest = t->time_by_slowest;
	if (s->io.agg_time_by_slowest > 0)
		s->io.agg_perf_by_slowest = (double)s->io.total_bytes /
					    1048576.0 /
					    s->io.agg_time_by_slowest;
	s->mibs = s->io.agg_perf_by_slowest;
}

/* The busiest rank counting the shared records it alone moved as its
 * own (sole_rank()), and its share of the bytes: IOL-RANK0-IO's rank */
static void job_funnel(int64_t nprocs, const struct iol_summary *s,
		       const struct jobpass *p, int64_t *rank, double *share)
{
	int64_t b, best = 0;

	*rank = -1;
	*share = NAN;
	for (int64_t i = 0; i < nprocs; i++) {
		b = satadd(p->rank_b[i], p->sole_b[i]);
		if (b > 0 && (*rank < 0 || b > best)) {
			*rank = i;
			best = b;
		}
	}
	if (*rank >= 0 && s->io.total_bytes > 0)
		*share = (double)best / (double)s->io.total_bytes;
}

/* compute nodes: option, processes per node, DXT hostnames, the site's
 * processes per node */
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
	} else if (o && o->site_ppn > 0) {
		s->nodes = (nprocs + o->site_ppn - 1) / o->site_ppn;
		s->nodes_source = IOL_NODES_SITE;
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
	/* shares of the operations, 0 to 100 %: a damaged log's sequential
	 * or unaligned counts beyond its reads and writes are all of them */
	s->pct_seq =
		p->ops > 0 ? fmin(1, fmax(0, (double)p->seq / (double)p->ops)) *
				     100
			   : NAN;
	s->pct_aligned =
		p->ops > 0 ? (1 - fmin(1, fmax(0, (double)p->notal /
							  (double)p->ops))) *
				     100
			   : NAN;
	s->mib_per_proc =
		(double)s->io.total_bytes / 1048576.0 / (double)nprocs;
}

/* The standard streams: data, but no file a strategy is made of. */
static int is_pseudo(const char *path)
{
	return path && path[0] == '<' &&
	       (!strcmp(path, "<STDOUT>") || !strcmp(path, "<STDERR>") ||
		!strcmp(path, "<STDIN>"));
}

/* One file into the categories and the top files. */
static void file_add(const struct iol_job *job, struct fent *f,
		     struct iol_summary *s, size_t *ntb, size_t *ntt,
		     const struct iol_excl *excl)
{
	struct iol_topfile t;

	if (f->nrank_recs ||
	    (f->stdio_made && !is_pseudo(iol_job_name(job, f->id))))
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
	cat_add(&s->cat[f->nprocs == 1	? IOL_CAT_UNIQUE
			: f->nprocs < 0 ? IOL_CAT_SHARED
					: IOL_CAT_PARTSHARED],
		f);
	t.id = f->id;
	t.path = iol_job_name(job, f->id);
	/* looked up once: the strategy's passes read the flag */
	f->pseudo = is_pseudo(t.path);
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

/* A file's bytes of the kind that decides, and its sharing class. */
struct sfile {
	int64_t b;
	int u; /* 0 unique, 1 shared, 2 partially shared */
};

static int sfile_before(const struct sfile *x, const struct sfile *y)
{
	return x->b != y->b ? x->b > y->b : x->u < y->u;
}

IOL_SORT_DEFINE(sort_sfiles, struct sfile, sfile_before)

/* The carrying files: largest first, up to 90 % of the bytes (at least
 * one).  Sets the strategy's class, files and share; returns the class. */
static int carrying(struct sfile *v, size_t n, int64_t total,
		    struct iol_summary *s)
{
	int64_t cls[3] = {0}, sum = 0;
	size_t i;
	int u;

	sort_sfiles(v, n);
	for (i = 0; i < n && (i == 0 || (double)sum < 0.9 * (double)total);
	     i++) {
		sum = satadd(sum, v[i].b);
		cls[v[i].u] = satadd(cls[v[i].u], v[i].b);
	}
	s->strategy_files = (int64_t)i;
	u = cls[1] >= cls[0] && cls[1] >= cls[2] ? 1 : cls[0] >= cls[2] ? 0 : 2;
	s->strategy_share = sum > 0 ? (double)cls[u] / (double)sum : NAN;
	return u;
}

/* The rank that alone moved at least 99 % of the bytes of files other
 * than the standard streams (in files of its own), or -1. */
static int64_t one_rank(const struct iol_job *job, const struct jobpass *p)
{
	size_t np = job->nprocs > 0 ? (size_t)job->nprocs : 1, i;
	int64_t *rb = calloc(np, sizeof(*rb)), tot = 0, best = -1;

	if (!rb)
		return -1;
	for (i = 0; i < p->ft.cap; i++) {
		const struct fent *f = &p->ft.v[i];

		if (!f->used || f->pseudo)
			continue;
		tot = satadd(tot, satadd(f->br, f->bw));
		if (f->nprocs == 1 && f->rank >= 0 && (size_t)f->rank < np)
			rb[f->rank] = satadd(rb[f->rank], satadd(f->br, f->bw));
	}
	for (i = 0; i < np; i++)
		if (rb[i] > 0 && (best < 0 || rb[i] > rb[best]))
			best = (int64_t)i;
	if (best >= 0 && (double)rb[best] < 0.99 * (double)tot)
		best = -1;
	free(rb);
	return best;
}

/* The I/O strategy (METRICS.md 7) from the files that carry the bytes:
 * the standard streams left out; bytes written decide when the job wrote
 * any file (reads of shared inputs and of an interpreter's own files,
 * .pyc and .so, would otherwise hide how ranks write), else bytes read;
 * the sharing class holding most of the carrying files' bytes names it.
 * Returns 0 or IOL_ENOMEM. */
static int job_strategy(const struct iol_job *job, struct iol_summary *s,
			const struct jobpass *p)
{
	static const char *const names[3] = {"N:N", "N:1", "N:M"};
	struct sfile *v = calloc(p->ft.n + 1, sizeof(*v));
	int64_t tot[2] = {0}, one;
	size_t i, n = 0;
	int w, u = 0;

	if (!v)
		return IOL_ENOMEM;
	for (w = 1; w >= 0 && !n; w--) {
		for (i = 0; i < p->ft.cap; i++) {
			const struct fent *f = &p->ft.v[i];
			int64_t b = w ? f->bw : f->br;

			if (!f->used || b <= 0 || f->pseudo)
				continue;
			v[n].b = b;
			v[n++].u = f->nprocs == 1 ? 0 : f->nprocs < 0 ? 1 : 2;
			tot[w] = satadd(tot[w], b);
		}
		s->strategy_by_writes = n ? w : -1;
	}
	if (n)
		u = carrying(v, n, tot[s->strategy_by_writes], s);
	free(v);
	if (!n)
		s->strategy = "no file I/O";
	else if (job->nprocs <= 1)
		s->strategy = "1 process";
	else if ((one = one_rank(job, p)) >= 0)
		s->strategy = one == 0 ? "rank 0 I/O" : "one rank I/O";
	else
		s->strategy = names[u];
	return 0;
}

/* Categories, creations, strategy and top files over the file table. */
static int job_files(const struct iol_job *job, int64_t nprocs,
		     struct iol_summary *s, struct jobpass *p)
{
	size_t i, ntb = 0, ntt = 0;

	for (i = 0; i < p->ft.cap; i++)
		if (p->ft.v[i].used)
			file_add(job, &p->ft.v[i], s, &ntb, &ntt, p->excl);
	s->ntop = ntb;
	if (job->ncreated >= 0) {
		s->ncreated = job->ncreated;
		s->creates_exact = 1;
	}
	s->creates_per_proc = (double)s->ncreated / (double)nprocs;
	return job_strategy(job, s, p);
}

/*
 * IOL-RANK-IMBALANCE's stake: the busiest rank's POSIX read + write time
 * in its own records beyond the mean rank's, the time of the bytes its
 * value compares.  Not the slowest rank's time, which may be another
 * rank's or a shared file's (imbalanced-io: 682 s claimed from rank 0's
 * 583 s as the one aggregator of a shared file, where its own files
 * took 34 s against a mean of 12 s); nor STDIO's, IOL-STDIO-SHARE's
 * (the same rank's 80 s of writes to a 44 KB log file are no surplus of
 * bytes).  NAN when the busiest rank has no POSIX record of its own.
 */
/*
 * The job balanced moves its bytes no faster than the storage's pace
 * the job showed: the sum of its ranks' own rates (bytes over read and
 * write time, each measured while the others did their I/O).  Storage
 * that scales with writers makes that the mean rank's time; one disk
 * shared by all (r5-imbalance: four ranks' files, 64 MB/s a rank while
 * all wrote) makes it longer.  A lone writer shows no pace of several
 * (rank-0-only I/O: RANK0-IO's structural assumption stands): 0 then,
 * as when no rank has both bytes and time.
 */
static double balanced_time(const double *b, const double *t, int64_t n)
{
	double bytes = 0, rate = 0;
	int writers = 0;

	for (int64_t k = 0; k < n; k++)
		if (b[k] > 0 && t[k] > 0) {
			bytes += b[k];
			rate += b[k] / t[k];
			writers++;
		}
	return writers >= 2 ? bytes / rate : 0;
}

static double imbal_stake(const struct iol_job *job, int64_t busiest,
			  int64_t nprocs)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_POSIX];
	double sum = 0, busy = 0, *b, *t, bal;
	int own = 0;
	size_t i;

	if (busiest < 0 || nprocs < 1 || !jm->loaded)
		return NAN;
	b = calloc((size_t)nprocs * 2, sizeof(*b));
	if (!b)
		return NAN;
	t = b + nprocs;
	for (i = 0; i < jm->n; i++) {
		struct iol_recx xbuf;
		const struct iol_recx *x;
		double ti;
		int64_t r = jm->recs[i].rank;

		if (r < 0)
			continue;
		x = iol_jmod_rx(jm, IOL_MOD_POSIX, i, &xbuf);
		ti = posf(x->tr) + posf(x->tw);
		sum += ti;
		if (r < nprocs) {
			t[r] += ti;
			b[r] += posf((double)x->br) + posf((double)x->bw);
		}
		if (r == busiest)
			busy += ti, own = 1;
	}
	bal = balanced_time(b, t, nprocs);
	free(b);
	/* beyond the mean rank's time, and no more than the storage's
	 * pace would save */
	return own ? fmax(fmin(busy - sum / (double)nprocs, busy - bal), 0)
		   : NAN;
}

/*
 * HDF5's time a rank by slowest: H5F's metadata (file opens, closes,
 * flushes) beside H5D's read, write and metadata, which the H5D time by
 * slowest leaves out (r5-h5-meta: H5F META 0.672 s on rank 0, H5D
 * 0.397 s); and the metadata alone.  A shared record adds its slowest
 * rank's time, or the mean rank's share when it has none (H5F).
 */
static void hdf5_slowest(const struct iol_job *job, int64_t nprocs,
			 struct iol_trifacts *tf)
{
	static const int mods[] = {IOL_MOD_H5F, IOL_MOD_H5D};
	double *t = calloc((size_t)nprocs * 2, sizeof(*t)), *m;
	double sh_t = 0, sh_m = 0, tmax = 0, mmax = 0;
	int seen = 0;

	tf->h5_time_slowest = tf->h5_meta_slowest = NAN;
	if (!t)
		return;
	m = t + nprocs;
	for (size_t k = 0; k < 2; k++) {
		const struct iol_jmod *jm = &job->mod[mods[k]];

		for (size_t i = 0; jm->loaded && i < jm->n; i++) {
			struct iol_recx x;
			int64_t rank = jm->recs[i].rank;
			double all, meta;

			iol_rec_extract(mods[k], &jm->recs[i], &x);
			meta = posf(x.tm);
			all = posf(x.tr) + posf(x.tw) + meta;
			seen = 1;
			if (rank >= 0 && rank < nprocs) {
				t[rank] += all, m[rank] += meta;
				continue;
			}
			sh_t += x.tslow > 0 ? x.tslow : all / (double)nprocs;
			sh_m += meta / (double)nprocs;
		}
	}
	for (int64_t r = 0; r < nprocs; r++) {
		tmax = fmax(tmax, t[r]);
		mmax = fmax(mmax, m[r]);
	}
	free(t);
	if (seen) {
		tf->h5_time_slowest = tmax + sh_t;
		tf->h5_meta_slowest = mmax + sh_m;
	}
}

/* the records iol_lowrecs_next() walks: POSIX's and STDIO's loaded */
static size_t lowrecs_count(const struct iol_job *job)
{
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX];
	const struct iol_jmod *s = &job->mod[IOL_MOD_STDIO];

	return (p->loaded ? p->n : 0) + (s->loaded ? s->n : 0);
}

/* The job: POSIX and STDIO records together (METRICS.md 1-4, 7). */
static int job_sums(const struct iol_job *job, const struct iol_opts *o,
		    const struct iol_excl *excl, int64_t nprocs,
		    struct iol_summary *s, struct iol_error *err)
{
	struct jobpass p;
	struct iol_lowrecs it;
	const struct iol_jrec *r;
	struct iol_recx xbuf;
	const struct iol_recx *x;
	struct iol_ranktime t;
	double meta_slow, imbal = NAN, fshare = NAN;
	int64_t nbytes = 0, minbytes = -1, frank = -1;
	int mod, ret = 0;

	if (iol_ranktime_compute(job, &t, err) < 0)
		return IOL_ENOMEM;
	/* the rank with the most metadata in its own records, plus the
	 * mean rank's share of the shared records' (their slowest rank's
	 * split by shares would give an aggregator's write time as
	 * metadata) */
	meta_slow = 0;
	for (size_t k = 0; k < t.nrank; k++)
		meta_slow = t.meta[k] > meta_slow ? t.meta[k] : meta_slow;
	meta_slow += t.shared_meta_sum / (double)(nprocs > 0 ? nprocs : 1);
	memset(&p, 0, sizeof(p));
	p.excl = excl;
	p.rank_b = calloc((size_t)nprocs, sizeof(*p.rank_b));
	p.sole_b = calloc((size_t)nprocs, sizeof(*p.sole_b));
	p.rank_seen = calloc((size_t)nprocs, 1);
	/* a file a record at most: the table sized once, not grown and
	 * rehashed a doubling at a time */
	if (!p.rank_b || !p.sole_b || !p.rank_seen ||
	    iol_ftab_presize(&p.ft, lowrecs_count(job)) < 0 ||
	    mpone_build(job, &p) < 0)
		ret = IOL_ENOMEM;
	iol_lowrecs_init(&it, job);
	while (!ret && iol_lowrecs_step(&it, &mod, &r, &x, &xbuf))
		ret = job_rec(mod, r, x, nprocs, s, &p);
	for (int64_t k = 0; !ret && k < nprocs; k++)
		if (p.rank_b[k] > 0) {
			nbytes++;
			if (minbytes < 0 || p.rank_b[k] < minbytes)
				minbytes = p.rank_b[k];
		}
	if (!ret) {
		job_ranks(nprocs, s, &p, &t);
		job_funnel(nprocs, s, &p, &frank, &fshare);
		imbal = imbal_stake(job, s->busiest_rank, nprocs);
		job_nodes(job, o, nprocs, s);
		job_ratios(job, nprocs, s, &p);
		ret = job_files(job, nprocs, s, &p);
		summary_extra(job, s, &t);
		ret = summary_common(job, s);
	}
	free(p.rank_b);
	free(p.sole_b);
	free(p.mp);
	free(p.rank_seen);
	iol_ftab_free(&p.ft);
	iol_ranktime_free(&t);
	if (ret)
		return iol_error_set(err, ret, "out of memory");
	ret = iol_trifacts_compute(job, &s->tf, err);
	s->tf.meta_slowest = meta_slow;
	hdf5_slowest(job, nprocs, &s->tf);
	s->tf.rank_imbal_stake = imbal;
	s->tf.ranks_bytes = nbytes;
	s->tf.rank_bytes_min = minbytes;
	s->tf.funnel_rank = frank;
	s->tf.funnel_share = fshare;
	return ret;
}

int iol_summary_compute(const struct iol_job *job, const struct iol_opts *o,
			struct iol_summary *s, struct iol_error *err)
{
	return iol_summary_compute_excl(job, o, iol_excl_default(), s, err);
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
	return job_sums(job, o, excl, nprocs, s, err);
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
