/*
 * The job at a glance (METRICS.md 2-4, 7): volumes and time by slowest
 * rank per module, the job's POSIX+STDIO figures, MiB/s per compute node,
 * the Table VI characteristics, file categories, strategy and top files.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
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

int iol_summary_compute(const struct iol_job *job, const struct iol_opts *o,
			struct iol_summary *s, struct iol_error *err)
{
	static const int low[2] = {IOL_MOD_POSIX, IOL_MOD_STDIO};
	struct ftab ft = {0};
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
		struct ftab mft = {0};
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
			if (!iol_ftab_get(&mft, jm->recs[i].id)) {
				iol_ftab_free(&mft);
				if (use_acc)
					iol_accum_release(&acc);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
			if (use_acc) {
				struct iol_rec r;

				iol_rec_to_iolrec(m, &jm->recs[i], &r);
				if (iol_accum_add(&acc, &r) < 0) {
					iol_ftab_free(&mft);
					iol_accum_release(&acc);
					return iol_error_set(
						err, IOL_ECORRUPT,
						"record with a bad rank");
				}
			}
		}
		ms->nfiles = (int64_t)mft.n;
		iol_ftab_free(&mft);
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
			f = iol_ftab_get(&ft, r->id);
			if (!f) {
				iol_ftab_free(&ft);
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
	iol_ftab_free(&ft);

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
