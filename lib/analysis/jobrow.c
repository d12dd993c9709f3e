/*
 * The job-row field table (jobrow.h): every per-job figure once, with its
 * name, type, unit and getter.  Getters only pick values out of the job
 * and its struct iol_summary; every number is computed by the analyses
 * (iol_summary_compute, iol_hist_bins).  The first part of the table is
 * summary's machine-format columns in their order; the extended part
 * follows it.  Per-module, per-category and histogram fields are made by
 * macros because they are the same getter over an index.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "base/banned.h"

#define NOINT INT64_MIN

/* a + b of two counts of an untrusted log, saturated: a crafted log's
 * counters near INT64_MAX overflow a plain sum (and the summary's
 * wrapping sums may be negative); never NOINT */
static int64_t csum(int64_t a, int64_t b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN + 1 - b)
		return INT64_MIN + 1;
	return a + b;
}

/* table entries by getter kind */
#define STRF(n, lab, g)                                  \
	{                                                \
		n, IOL_FT_STR, "", lab, 0, g, NULL, NULL \
	}
#define INTF(n, t, u, lab, g)                  \
	{                                      \
		n, t, u, lab, 0, NULL, NULL, g \
	}
#define NUMF(n, t, u, lab, p, g)               \
	{                                      \
		n, t, u, lab, p, NULL, g, NULL \
	}
#define MODF(k, lab)                                                          \
	INTF(#k "_bytes_read", IOL_FT_BYTES, "B", lab " bytes read", k##_br), \
		INTF(#k "_bytes_written", IOL_FT_BYTES, "B",                  \
		     lab " bytes written", k##_bw),                           \
		NUMF(#k "_time_by_slowest", IOL_FT_NUM, "s",                  \
		     lab " time by slowest", 4, k##_time),                    \
		NUMF(#k "_mib_s", IOL_FT_NUM, "MiB/s", lab " MiB/s", 2,       \
		     k##_mibs)
#define CATF(k, lab)                                                         \
	INTF(#k "_files", IOL_FT_INT, "", lab " files", k##_cf),             \
		INTF(#k "_bytes", IOL_FT_BYTES, "B", lab " bytes", k##_cb),  \
		INTF(#k "_max_offset", IOL_FT_BYTES, "B", lab " max offset", \
		     k##_cm)

/* ---- the job's header ---- */

static const char *g_log(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return r->log;
}

static const char *g_source(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return r->job->source;
}

static const char *g_exe(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return r->job->exe;
}

static int64_t g_jobid(const struct iol_jobrow *r)
{
	return r->job->jobid;
}

static int64_t g_uid(const struct iol_jobrow *r)
{
	return r->job->uid;
}

static int64_t g_nprocs(const struct iol_jobrow *r)
{
	return r->job->nprocs;
}

static int64_t g_nodes(const struct iol_jobrow *r)
{
	return r->s->nodes > 0 ? r->s->nodes : NOINT;
}

static const char *g_nodes_source(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return iol_nodes_source_names[r->s->nodes_source];
}

static double g_start(const struct iol_jobrow *r)
{
	return iol_job_start(r->job);
}

static double g_end(const struct iol_jobrow *r)
{
	return r->s->end_time;
}

/* records are missing: a module ran out of memory or a cut lost it */
static int64_t g_incomplete_any(const struct iol_jobrow *r)
{
	return r->job->partial != 0 || r->job->lost != 0;
}

/* "DXT_POSIX HEATMAP": the modules a log cut short lost, "" if none */
static const char *g_lost(const struct iol_jobrow *r, char *buf, size_t n)
{
	return iol_lost_names(buf, n, r->job->lost);
}

static double g_run_time(const struct iol_jobrow *r)
{
	return r->job->run_time;
}

/* "POSIX STDIO": the modules flagged incomplete, "" if none */
static const char *g_incomplete(const struct iol_jobrow *r, char *buf, size_t n)
{
	size_t l = 0;
	int m;

	buf[0] = '\0';
	for (m = 0; m < IOL_MOD_MAX; m++) {
		const char *name;
		int w;

		if (!((r->job->partial >> m) & 1))
			continue;
		name = m < IOL_MOD_KNOWN ? iol_modinfo(m)->name : "unknown";
		w = snprintf(buf + l, n - l, "%s%s", l ? " " : "", name);
		if (w < 0 || (size_t)w >= n - l)
			break;
		l += (size_t)w;
	}
	return buf;
}

/* ---- per data module ---- */

static const struct iol_modsum *msum(const struct iol_jobrow *r, int m)
{
	return &r->s->mod[m];
}

static int64_t mod_br(const struct iol_jobrow *r, int m)
{
	return msum(r, m)->nrec ? msum(r, m)->bytes_read : NOINT;
}

static int64_t mod_bw(const struct iol_jobrow *r, int m)
{
	return msum(r, m)->nrec ? msum(r, m)->bytes_written : NOINT;
}

static double mod_time(const struct iol_jobrow *r, int m)
{
	const struct iol_modsum *ms = msum(r, m);

	return ms->nrec && ms->has_perf ? ms->perf.agg_time_by_slowest : NAN;
}

static double mod_mibs(const struct iol_jobrow *r, int m)
{
	const struct iol_modsum *ms = msum(r, m);

	return ms->nrec && ms->has_perf ? ms->perf.agg_perf_by_slowest : NAN;
}

#define MODG(key, mod)                                       \
	static int64_t key##_br(const struct iol_jobrow *r)  \
	{                                                    \
		return mod_br(r, mod);                       \
	}                                                    \
	static int64_t key##_bw(const struct iol_jobrow *r)  \
	{                                                    \
		return mod_bw(r, mod);                       \
	}                                                    \
	static double key##_time(const struct iol_jobrow *r) \
	{                                                    \
		return mod_time(r, mod);                     \
	}                                                    \
	static double key##_mibs(const struct iol_jobrow *r) \
	{                                                    \
		return mod_mibs(r, mod);                     \
	}
MODG(posix, IOL_MOD_POSIX)
MODG(stdio, IOL_MOD_STDIO)
MODG(mpiio, IOL_MOD_MPIIO)
MODG(h5d, IOL_MOD_H5D)
MODG(pnetcdf_var, IOL_MOD_PNETCDF_VAR)
MODG(dfs, IOL_MOD_DFS)
MODG(daos, IOL_MOD_DAOS)

/* ---- the job (POSIX + STDIO) ---- */

#define NUMG(name, expr)                               \
	static double name(const struct iol_jobrow *r) \
	{                                              \
		return (expr);                         \
	}
#define INTG(name, expr)                                \
	static int64_t name(const struct iol_jobrow *r) \
	{                                               \
		return (expr);                          \
	}

INTG(j_br, r->s->bytes_read)
INTG(j_bw, r->s->bytes_written)
NUMG(j_time, r->s->io.agg_time_by_slowest)
INTG(j_slowest, r->s->io.slowest_rank >= 0 ? r->s->io.slowest_rank : NOINT)
NUMG(j_mibs, r->s->mibs)
NUMG(j_mibs_cn, r->s->mibs_cn)
NUMG(j_pct_slow, r->s->pct_io_slowest)
NUMG(j_pct_avg, r->s->pct_io_avg)
NUMG(j_io_total, r->s->io_time_total)
NUMG(j_meta_total, r->s->meta_time_total)
NUMG(j_md_cost, r->s->md_cost_pct)
INTG(j_files, r->s->nfiles)
NUMG(j_files_pp, r->s->files_per_proc)
INTG(j_creates, r->s->ncreated)
NUMG(j_creates_pp, r->s->creates_per_proc)
INTG(j_creates_exact, r->s->creates_exact)
NUMG(j_pct_seq, r->s->pct_seq)
NUMG(j_pct_aligned, r->s->pct_aligned)
NUMG(j_mib_pp, r->s->mib_per_proc)
NUMG(j_rtime, r->s->read_time_slowest)
NUMG(j_wtime, r->s->write_time_slowest)
INTG(j_busiest, r->s->busiest_rank >= 0 ? r->s->busiest_rank : NOINT)
NUMG(j_busiest_share, r->s->busiest_rank >= 0 ? r->s->busiest_share : NAN)
INTG(j_ranks_io, r->s->ranks_with_io)
INTG(j_rank_max, r->s->busiest_rank >= 0 ? r->s->rank_bytes_max : NOINT)
INTG(j_rank_sum, r->s->rank_bytes_sum)
INTG(j_shared, r->s->has_shared)

/* POSIX operation counts; no value when the log has no POSIX module */
static int64_t posix_ops(const struct iol_jobrow *r, int k)
{
	const struct iol_modsum *m = &r->s->mod[IOL_MOD_POSIX];

	if (!m->present)
		return NOINT;
	switch (k) {
	case 0: return m->reads;
	case 1: return m->writes;
	case 2: return m->seeks;
	case 3: return m->syncs;
	default: return m->write_recs;
	}
}
INTG(j_preads, posix_ops(r, 0))
INTG(j_pwrites, posix_ops(r, 1))
INTG(j_pseeks, posix_ops(r, 2))
INTG(j_psyncs, posix_ops(r, 3))
INTG(j_pwrecs, posix_ops(r, 4))

/* ---- triage facts (analysis/trifacts.h) ---- */

#define TF (&r->s->tf)
static int64_t posix_or_none(const struct iol_jobrow *r, int64_t v)
{
	return r->s->mod[IOL_MOD_POSIX].present && v >= 0 ? v : NOINT;
}
static const char *tf_name(const struct iol_jobrow *r, uint64_t id)
{
	return id ? iol_job_name(r->job, id) : NULL;
}
#define TFNAME(name, field)                                                    \
	static const char *name(const struct iol_jobrow *r, char *b, size_t n) \
	{                                                                      \
		(void)b, (void)n;                                              \
		return tf_name(r, TF->field);                                  \
	}
INTG(t_memnot, posix_or_none(r, TF->mem_notaligned))
INTG(t_shsmall, posix_or_none(r, TF->shared_small))
INTG(t_shops, posix_or_none(r, TF->shared_ops))
INTG(t_red, posix_or_none(r, TF->redundant_bytes))
INTG(t_red_rw, posix_or_none(r, TF->redundant_rewrite))
NUMG(t_shimb, TF->shared_imbal_pct)
NUMG(t_shtimb, TF->shared_time_imbal_pct)
NUMG(t_rsimb, TF->rank_size_imbal_pct)
INTG(t_raw, posix_or_none(r, TF->raw_bytes))
INTG(t_coll, TF->mpiio_coll >= 0 ? TF->mpiio_coll : NOINT)
INTG(t_indep, TF->mpiio_indep >= 0 ? TF->mpiio_indep : NOINT)
INTG(t_nb, TF->mpiio_nb >= 0 ? TF->mpiio_nb : NOINT)
INTG(t_hdf5, TF->hdf5)
INTG(t_lops, TF->lustre_ops >= 0 ? TF->lustre_ops : NOINT)
INTG(t_lnot, TF->lustre_notaligned >= 0 ? TF->lustre_notaligned : NOINT)
INTG(t_lstripe, TF->lustre_stripe >= 0 ? TF->lustre_stripe : NOINT)
TFNAME(t_lfile, lustre_id)
NUMG(t_aggr, TF->aggr_ranks)
NUMG(t_aggrn, TF->aggr_count)
TFNAME(t_aggr_file, aggr_id)
TFNAME(t_small_file, small_top_id)
TFNAME(t_red_file, redundant_id)
TFNAME(t_shimb_file, shared_imbal_id)
TFNAME(t_shtimb_file, shared_time_imbal_id)
TFNAME(t_rsimb_file, rank_size_imbal_id)
TFNAME(t_raw_file, raw_id)
NUMG(t_meta_slow, TF->meta_slowest)
NUMG(t_h5_time, TF->h5_time_slowest)
NUMG(t_h5_meta, TF->h5_meta_slowest)
INTG(t_onemib, posix_or_none(r, TF->one_mib_ops))
NUMG(t_small_time, TF->small_time)
NUMG(t_shsmall_time, TF->shared_small_time)
NUMG(t_shimb_stake, TF->shimb_stake)
INTG(t_shtimb_rank, TF->shtimb_rank >= 0 ? TF->shtimb_rank : NOINT)
NUMG(t_shtimb_slow, TF->shtimb_slow)
NUMG(t_shtimb_mean, TF->shtimb_mean)
NUMG(t_shtimb_fast, TF->shtimb_fast)
NUMG(t_rsimb_stake, TF->rsimb_stake)
NUMG(t_rimb_stake, TF->rank_imbal_stake)
INTG(t_red_code, posix_or_none(r, TF->redundant_code))
NUMG(t_aggr_time, TF->aggr_time)
NUMG(t_askew, TF->askew)
INTG(t_askew_rank, TF->askew_rank >= 0 ? TF->askew_rank : NOINT)
NUMG(t_askew_slow, TF->askew_slow)
NUMG(t_askew_mean, TF->askew_mean)
NUMG(t_askew_k, TF->askew_k)
TFNAME(t_askew_file, askew_id)
INTG(t_rb_coll, posix_or_none(r, TF->rank_bytes_coll))
INTG(t_ranks_bytes, TF->ranks_bytes)
INTG(t_shwfiles, posix_or_none(r, TF->shared_wfiles))
INTG(t_shwfiles_nompi, posix_or_none(r, TF->shared_wfiles_nompi))
NUMG(t_small_top_secs, TF->small_top_secs)
INTG(t_rank_min, TF->rank_bytes_min >= 0 ? TF->rank_bytes_min : NOINT)
INTG(t_funnel, TF->funnel_rank >= 0 ? TF->funnel_rank : NOINT)
NUMG(t_funnel_share, TF->funnel_share)
#define TFINT(name, field) INTG(name, TF->field >= 0 ? TF->field : NOINT)
TFINT(t_mpsmall, mpiio_small)
TFINT(t_mptiny, mpiio_tiny)
TFINT(t_mpops, mpiio_ops)
NUMG(t_mpsmall_time, TF->mpiio_small_time)
TFINT(t_mpshsmall, mpiio_shared_small)
TFINT(t_mpshops, mpiio_shared_ops)
NUMG(t_mpshsmall_time, TF->mpiio_shared_small_time)
TFINT(t_mpshsmall_coll, mpiio_shared_small_coll)
TFINT(t_red_stdio, redundant_stdio)
NUMG(t_red_reopen, TF->redundant_reopen_time)
NUMG(t_red_rank, TF->redundant_rank_time)
NUMG(t_red_nb_b, TF->redundant_nb_bytes)
NUMG(t_red_nb_t, TF->redundant_nb_time)
TFINT(t_lone_reads, lone_reads)
TFINT(t_whole_ops, whole_file_ops)
TFINT(t_red_once, redundant_once)
TFINT(t_red_bcast, redundant_bcast)
NUMG(t_red_bcast_time, TF->redundant_bcast_time)
NUMG(t_red_rr_reopen, TF->redundant_rr_reopen_time)
TFINT(t_sync_sw, stdio_synced_writes)
TFINT(t_sync_srecs, stdio_synced_recs)
NUMG(t_coll_fast, TF->coll_fast)
NUMG(t_coll_slow, TF->coll_slow)
NUMG(t_coll_posix, TF->coll_posix)
NUMG(t_coll_max_call, TF->coll_max_call)
TFINT(t_coll_calls, coll_calls)
TFINT(t_coll_views, coll_views)
TFINT(t_sync_b, synced_bytes)
NUMG(t_sync_once, TF->synced_once_mibs)
NUMG(t_mp_wait, TF->mpiio_coll_wait)
NUMG(t_mp_dwait, TF->mpiio_coll_data_wait)
NUMG(t_open_past_end, TF->open_write_past_end)
NUMG(t_sieved_share, TF->mpiio_sieved_share)
TFINT(t_sync_recs, synced_recs)
TFNAME(t_coll_file, coll_id)
NUMG(t_small_file_time, TF->small_file_time)
NUMG(t_small_file_span, TF->small_file_span)
NUMG(t_sread_time, TF->sparse_read_time)
NUMG(t_sread_span, TF->sparse_read_span)
NUMG(t_sread_bytes, TF->sparse_read_bytes)
NUMG(t_sread_ra, TF->small_ra_time)
NUMG(t_large_read, TF->large_read_mibs)
NUMG(t_best_write, TF->best_write_mibs)

/* STDIO's calls that move data or flush it: fread/fwrite and the like,
 * fflush; no value without a STDIO module */
static int64_t j_stdio_ops(const struct iol_jobrow *r)
{
	const struct iol_modsum *m = &r->s->mod[IOL_MOD_STDIO];

	if (!m->present)
		return NOINT;
	return csum(csum(m->reads, m->writes), m->syncs);
}

/* STDIO's flushes alone: a flush per write is a system call per write
 * (unbuffered-like), a flush per buffer's worth costs nothing more */
static int64_t j_stdio_flushes(const struct iol_jobrow *r)
{
	const struct iol_modsum *m = &r->s->mod[IOL_MOD_STDIO];

	return m->present ? m->syncs : NOINT;
}

/* POSIX opens: each restarts a file's access (RANDOM) */
static int64_t j_posix_opens(const struct iol_jobrow *r)
{
	const struct iol_modsum *m = &r->s->mod[IOL_MOD_POSIX];

	return m->present ? m->opens : NOINT;
}

/* STDIO opens: fopen per record is an open storm (META-BOUND) */
static int64_t j_stdio_opens(const struct iol_jobrow *r)
{
	const struct iol_modsum *m = &r->s->mod[IOL_MOD_STDIO];

	return m->present ? m->opens : NOINT;
}

/* STDIO seeks: fseek, fseeko, fsetpos; Darshan times them as metadata */
static int64_t j_stdio_seeks(const struct iol_jobrow *r)
{
	const struct iol_modsum *m = &r->s->mod[IOL_MOD_STDIO];

	return m->present ? m->seeks : NOINT;
}

/*
 * The seconds a process of STDIO_F_META_TIME that its seeks took (issue
 * 34, round 49).  Darshan times fopen, fclose and every fseek into one
 * counter (darshan-stdio.c), so the seeks' part is estimated: the opens
 * and closes at the job's own POSIX pace (POSIX metadata seconds an
 * open, which holds its close, stats and seeks too: an upper bound),
 * or, without POSIX opens, each open, close and seek one call's share;
 * the rest is the seeks'.  A seek drops STDIO's buffer and the next read
 * refills it where it lands (r49-hash-probe: 6004 fseeks, 15.95 s): that
 * time is the requests', not the files'.
 */
static double j_stdio_seek_time(const struct iol_jobrow *r)
{
	const struct iol_modsum *s = &r->s->mod[IOL_MOD_STDIO];
	const struct iol_modsum *p = &r->s->mod[IOL_MOD_POSIX];
	double sk, op, files;

	if (!s->present || !isfinite(s->meta_time) ||
	    !isfinite(s->meta_time_pp))
		return NAN;
	sk = s->seeks > 0 ? (double)s->seeks : 0;
	op = s->opens > 0 ? (double)s->opens : 0;
	if (!(sk > 0) || !(s->meta_time > 0))
		return 0;
	if (p->present && p->opens > 0 && isfinite(p->meta_time))
		files = op * p->meta_time / (double)p->opens;
	else
		files = s->meta_time * 2 * op / (2 * op + sk);
	return fmax(0, s->meta_time - files) / s->meta_time * s->meta_time_pp;
}

/*
 * STDIO_F_META_TIME a process (issue 34, round 13): Darshan times fopen,
 * fclose (with the flush of its last buffer) and fseek there, apart from
 * the data calls, so IOL-STDIO-SHARE can time a stream's calls alone.
 */
static double j_stdio_meta_time(const struct iol_jobrow *r)
{
	const struct iol_modsum *s = &r->s->mod[IOL_MOD_STDIO];

	return s->present && isfinite(s->meta_time_pp) ? s->meta_time_pp : NAN;
}

NUMG(j_rmibs, r->s->read_mibs)
NUMG(j_wmibs, r->s->write_mibs)
NUMG(j_meta_mpiio, r->s->meta_time_mod[IOL_MOD_MPIIO])
NUMG(j_meta_h5f, r->s->meta_time_mod[IOL_MOD_H5F])
NUMG(j_meta_h5d, r->s->meta_time_mod[IOL_MOD_H5D])
NUMG(j_meta_ncf, r->s->meta_time_mod[IOL_MOD_PNETCDF_FILE])
NUMG(j_meta_ncv, r->s->meta_time_mod[IOL_MOD_PNETCDF_VAR])

/* what decided the strategy: "bytes written", "bytes read", "" */
static const char *g_strat_by(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return r->s->strategy_by_writes > 0    ? "bytes written"
	       : r->s->strategy_by_writes == 0 ? "bytes read"
					       : "";
}

static const char *g_strategy(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return r->s->strategy;
}

/* ---- file categories ---- */

static int64_t cat_files(const struct iol_jobrow *r, int c)
{
	return r->s->cat[c].count;
}

static int64_t cat_bytes(const struct iol_jobrow *r, int c)
{
	return csum(r->s->cat[c].read_bytes, r->s->cat[c].write_bytes);
}

static int64_t cat_maxoff(const struct iol_jobrow *r, int c)
{
	const struct iol_category *ct = &r->s->cat[c];

	return ct->count && ct->max_offset >= 0 ? ct->max_offset : NOINT;
}

#define CATG(key, cat)                                      \
	static int64_t key##_cf(const struct iol_jobrow *r) \
	{                                                   \
		return cat_files(r, cat);                   \
	}                                                   \
	static int64_t key##_cb(const struct iol_jobrow *r) \
	{                                                   \
		return cat_bytes(r, cat);                   \
	}                                                   \
	static int64_t key##_cm(const struct iol_jobrow *r) \
	{                                                   \
		return cat_maxoff(r, cat);                  \
	}
CATG(all, IOL_CAT_ALL)
CATG(read_only, IOL_CAT_RO)
CATG(write_only, IOL_CAT_WO)
CATG(read_write, IOL_CAT_RW)
CATG(unique, IOL_CAT_UNIQUE)
CATG(shared, IOL_CAT_SHARED)
CATG(partially_shared, IOL_CAT_PARTSHARED)

/* ---- top file ---- */

static const char *g_top(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	if (!r->s->ntop)
		return NULL;
	return r->s->top_bytes[0].path ? r->s->top_bytes[0].path : "";
}

static int64_t g_top_bytes(const struct iol_jobrow *r)
{
	if (!r->s->ntop)
		return NOINT;
	return csum(r->s->top_bytes[0].bytes_read,
		    r->s->top_bytes[0].bytes_written);
}

/* ---- access-size bins: [0] POSIX, [1] MPI-IO ---- */

static int64_t bin(const struct iol_jobrow *r, int l, int wr, int b)
{
	if (!r->s->has_hist[l])
		return NOINT;
	return wr ? r->s->hist_wr[l][b] : r->s->hist_rd[l][b];
}

#define BING(l, wr, b)                                                  \
	static int64_t bin_##l##_##wr##_##b(const struct iol_jobrow *r) \
	{                                                               \
		return bin(r, l, wr, b);                                \
	}
#define BINS(l, wr)    \
	BING(l, wr, 0) \
	BING(l, wr, 1) \
	BING(l, wr, 2) \
	BING(l, wr, 3) \
	BING(l, wr, 4) \
	BING(l, wr, 5) \
	BING(l, wr, 6) \
	BING(l, wr, 7) \
	BING(l, wr, 8) \
	BING(l, wr, 9)
BINS(0, 0)
BINS(0, 1)
BINS(1, 0)
BINS(1, 1)

#define BINF(l, wr, b, key, lab)                                              \
	{                                                                     \
		key, IOL_FT_INT, "", lab, 0, NULL, NULL, bin_##l##_##wr##_##b \
	}
#define BINFS(l, wr, key, lab)                                    \
	BINF(l, wr, 0, key "_0_100", lab " 0-100"),               \
		BINF(l, wr, 1, key "_100_1k", lab " 100-1K"),     \
		BINF(l, wr, 2, key "_1k_10k", lab " 1K-10K"),     \
		BINF(l, wr, 3, key "_10k_100k", lab " 10K-100K"), \
		BINF(l, wr, 4, key "_100k_1m", lab " 100K-1M"),   \
		BINF(l, wr, 5, key "_1m_4m", lab " 1M-4M"),       \
		BINF(l, wr, 6, key "_4m_10m", lab " 4M-10M"),     \
		BINF(l, wr, 7, key "_10m_100m", lab " 10M-100M"), \
		BINF(l, wr, 8, key "_100m_1g", lab " 100M-1G"),   \
		BINF(l, wr, 9, key "_1g_plus", lab " 1G+")

/* ---- most common access sizes: [0] POSIX, [1] MPI-IO, [2] H5D ---- */

static int64_t common(const struct iol_jobrow *r, int l, int k, int cnt)
{
	if (k >= r->s->ncommon[l])
		return NOINT;
	return cnt ? r->s->common_count[l][k] : r->s->common[l][k];
}

#define COMG(l, k)                                                   \
	static int64_t com_##l##_##k##_0(const struct iol_jobrow *r) \
	{                                                            \
		return common(r, l, k, 0);                           \
	}                                                            \
	static int64_t com_##l##_##k##_1(const struct iol_jobrow *r) \
	{                                                            \
		return common(r, l, k, 1);                           \
	}
#define COMGS(l) COMG(l, 0) COMG(l, 1) COMG(l, 2) COMG(l, 3)
COMGS(0)
COMGS(1)
COMGS(2)

/* the column names count from 1, like Darshan's ACCESS1..4 */
#define COMF(l, k, n, key, lab)                                               \
	{key "_common" n "_size",                                             \
	 IOL_FT_BYTES,                                                        \
	 "B",                                                                 \
	 lab " common access size " n,                                        \
	 0,                                                                   \
	 NULL,                                                                \
	 NULL,                                                                \
	 com_##l##_##k##_0},                                                  \
	{                                                                     \
		key "_common" n "_count", IOL_FT_INT, "",                     \
			lab " common access size " n " count", 0, NULL, NULL, \
			com_##l##_##k##_1                                     \
	}
#define COMFS(l, key, lab)                                    \
	COMF(l, 0, "1", key, lab), COMF(l, 1, "2", key, lab), \
		COMF(l, 2, "3", key, lab), COMF(l, 3, "4", key, lab)

/* ---- the table ---- */

static const struct iol_field fields[] = {
	STRF("log", "log", g_log),
	STRF("source", "source", g_source),
	INTF("jobid", IOL_FT_INT, "", "job id", g_jobid),
	INTF("uid", IOL_FT_INT, "", "user id", g_uid),
	STRF("exe", "executable", g_exe),
	INTF("nprocs", IOL_FT_INT, "", "processes", g_nprocs),
	INTF("nodes", IOL_FT_INT, "", "compute nodes", g_nodes),
	STRF("nodes_source", "nodes from", g_nodes_source),
	NUMF("start_time", IOL_FT_TIME, "s", "start", 0, g_start),
	NUMF("run_time", IOL_FT_NUM, "s", "run time", 4, g_run_time),
	STRF("incomplete_modules", "incomplete modules", g_incomplete),
	MODF(posix, "POSIX"),
	MODF(stdio, "STDIO"),
	MODF(mpiio, "MPI-IO"),
	MODF(h5d, "HDF5 dataset"),
	MODF(pnetcdf_var, "PnetCDF variable"),
	MODF(dfs, "DFS"),
	MODF(daos, "DAOS"),
	INTF("bytes_read", IOL_FT_BYTES, "B", "bytes read", j_br),
	INTF("bytes_written", IOL_FT_BYTES, "B", "bytes written", j_bw),
	NUMF("io_time_by_slowest", IOL_FT_NUM, "s", "I/O time by slowest", 4,
	     j_time),
	INTF("slowest_rank", IOL_FT_INT, "", "slowest rank", j_slowest),
	NUMF("mib_s", IOL_FT_NUM, "MiB/s", "MiB/s", 2, j_mibs),
	NUMF("mib_s_per_node", IOL_FT_NUM, "MiB/s", "MiB/s per compute node", 2,
	     j_mibs_cn),
	NUMF("pct_io_time_slowest", IOL_FT_NUM, "%",
	     "time in I/O (slowest rank)", 1, j_pct_slow),
	NUMF("pct_io_time_avg", IOL_FT_NUM, "%", "time in I/O (average)", 1,
	     j_pct_avg),
	NUMF("io_time_total", IOL_FT_NUM, "s", "I/O time, all processes", 4,
	     j_io_total),
	NUMF("meta_time_total", IOL_FT_NUM, "s", "metadata time, all processes",
	     4, j_meta_total),
	NUMF("md_cost_pct", IOL_FT_NUM, "%", "metadata cost", 1, j_md_cost),
	INTF("files", IOL_FT_INT, "", "files", j_files),
	NUMF("files_per_proc", IOL_FT_NUM, "", "files per process", 2,
	     j_files_pp),
	INTF("creates", IOL_FT_INT, "", "files created", j_creates),
	NUMF("creates_per_proc", IOL_FT_NUM, "", "creates per process", 2,
	     j_creates_pp),
	INTF("creates_exact", IOL_FT_BOOL, "", "creates exact",
	     j_creates_exact),
	NUMF("pct_sequential", IOL_FT_NUM, "%", "sequential accesses", 1,
	     j_pct_seq),
	NUMF("pct_aligned", IOL_FT_NUM, "%", "aligned accesses", 1,
	     j_pct_aligned),
	NUMF("mib_per_proc", IOL_FT_NUM, "MiB", "MiB per process", 2, j_mib_pp),
	STRF("strategy", "I/O strategy", g_strategy),
	CATF(all, "all"),
	CATF(read_only, "read-only"),
	CATF(write_only, "write-only"),
	CATF(read_write, "read-write"),
	CATF(unique, "unique"),
	CATF(shared, "shared"),
	CATF(partially_shared, "partially shared"),
	STRF("top_file", "top file by bytes", g_top),
	INTF("top_file_bytes", IOL_FT_BYTES, "B", "top file bytes",
	     g_top_bytes),
	/* added in issue 12: after the published columns, never between */
	NUMF("read_time_by_slowest", IOL_FT_NUM, "s", "read time by slowest", 4,
	     j_rtime),
	NUMF("write_time_by_slowest", IOL_FT_NUM, "s", "write time by slowest",
	     4, j_wtime),
	NUMF("read_mib_s", IOL_FT_NUM, "MiB/s", "read MiB/s", 2, j_rmibs),
	NUMF("write_mib_s", IOL_FT_NUM, "MiB/s", "write MiB/s", 2, j_wmibs),
	NUMF("mpiio_meta_time", IOL_FT_NUM, "s", "MPI-IO metadata time", 4,
	     j_meta_mpiio),
	NUMF("h5f_meta_time", IOL_FT_NUM, "s", "HDF5 file metadata time", 4,
	     j_meta_h5f),
	NUMF("h5d_meta_time", IOL_FT_NUM, "s", "HDF5 dataset metadata time", 4,
	     j_meta_h5d),
	NUMF("pnetcdf_file_meta_time", IOL_FT_NUM, "s",
	     "PnetCDF file metadata time", 4, j_meta_ncf),
	NUMF("pnetcdf_var_meta_time", IOL_FT_NUM, "s",
	     "PnetCDF variable metadata time", 4, j_meta_ncv),
	STRF("strategy_basis", "I/O strategy decided by", g_strat_by),
	/* added in issue 37 */
	STRF("lost_modules", "modules lost to a cut", g_lost),
/* the extended fields: not summary columns */
#define NSUMMARY 93
	NUMF("end_time", IOL_FT_TIME, "s", "end", 0, g_end),
	INTF("incomplete", IOL_FT_BOOL, "", "incomplete", g_incomplete_any),
	BINFS(0, 0, "posix_read", "POSIX reads"),
	BINFS(0, 1, "posix_write", "POSIX writes"),
	BINFS(1, 0, "mpiio_read", "MPI-IO reads"),
	BINFS(1, 1, "mpiio_write", "MPI-IO writes"),
	COMFS(0, "posix", "POSIX"),
	COMFS(1, "mpiio", "MPI-IO"),
	COMFS(2, "h5d", "H5D"),
	INTF("busiest_rank", IOL_FT_INT, "", "busiest rank", j_busiest),
	NUMF("busiest_share", IOL_FT_NUM, "", "busiest rank's share of bytes",
	     4, j_busiest_share),
	INTF("ranks_with_io", IOL_FT_INT, "", "ranks with I/O", j_ranks_io),
	INTF("rank_bytes_max", IOL_FT_BYTES, "B", "busiest rank's bytes",
	     j_rank_max),
	INTF("rank_bytes_sum", IOL_FT_BYTES, "B", "bytes in per-rank records",
	     j_rank_sum),
	INTF("shared_records", IOL_FT_BOOL, "", "shared records", j_shared),
	INTF("posix_reads", IOL_FT_INT, "", "POSIX reads", j_preads),
	INTF("posix_writes", IOL_FT_INT, "", "POSIX writes", j_pwrites),
	INTF("posix_seeks", IOL_FT_INT, "", "POSIX seeks", j_pseeks),
	INTF("posix_syncs", IOL_FT_INT, "", "POSIX fsyncs", j_psyncs),
	INTF("posix_write_records", IOL_FT_INT, "", "POSIX records written",
	     j_pwrecs),
	INTF("posix_mem_not_aligned", IOL_FT_INT, "",
	     "POSIX ops with unaligned memory", t_memnot),
	INTF("shared_small_ops", IOL_FT_INT, "",
	     "POSIX ops < 1 MiB on shared records", t_shsmall),
	INTF("shared_ops", IOL_FT_INT, "", "POSIX ops on shared records",
	     t_shops),
	STRF("small_top_file", "file with the most time in ops < 1 MiB",
	     t_small_file),
	INTF("redundant_bytes", IOL_FT_BYTES, "B",
	     "bytes moved beyond each file's highest offset", t_red),
	STRF("redundant_file", "file with the most redundant bytes",
	     t_red_file),
	NUMF("shared_imbalance_pct", IOL_FT_NUM, "%",
	     "largest shared-file rank byte imbalance", 1, t_shimb),
	STRF("shared_imbalance_file", "its file", t_shimb_file),
	NUMF("shared_time_imbalance_pct", IOL_FT_NUM, "%",
	     "largest shared-file rank time imbalance", 1, t_shtimb),
	STRF("shared_time_imbalance_file", "its file", t_shtimb_file),
	NUMF("rank_size_imbalance_pct", IOL_FT_NUM, "%",
	     "largest per-rank size spread on a file", 1, t_rsimb),
	STRF("rank_size_imbalance_file", "its file", t_rsimb_file),
	INTF("read_after_write_bytes", IOL_FT_BYTES, "B",
	     "bytes read from files the job wrote first", t_raw),
	STRF("read_after_write_file", "file with the most", t_raw_file),
	INTF("mpiio_coll_ops", IOL_FT_INT, "", "MPI-IO collective ops", t_coll),
	INTF("mpiio_indep_ops", IOL_FT_INT, "", "MPI-IO independent ops",
	     t_indep),
	INTF("mpiio_nb_ops", IOL_FT_INT, "", "MPI-IO non-blocking ops", t_nb),
	INTF("hdf5", IOL_FT_BOOL, "", "HDF5 used", t_hdf5),
	INTF("lustre_ops", IOL_FT_INT, "", "POSIX ops on Lustre files", t_lops),
	INTF("lustre_not_aligned", IOL_FT_INT, "",
	     "POSIX ops on Lustre files not stripe-aligned", t_lnot),
	INTF("lustre_stripe", IOL_FT_BYTES, "B", "Lustre stripe (alignment)",
	     t_lstripe),
	STRF("lustre_file", "Lustre file with the most ops", t_lfile),
	NUMF("aggregator_ranks", IOL_FT_NUM, "",
	     "ranks per MPI-IO aggregator (estimated)", 1, t_aggr),
	NUMF("aggregators", IOL_FT_NUM, "", "MPI-IO aggregators (estimated)", 1,
	     t_aggrn),
	STRF("aggregator_file", "its file", t_aggr_file),
	/* added in issue 22 */
	NUMF("meta_time_by_slowest", IOL_FT_NUM, "s",
	     "metadata time of the slowest rank", 4, t_meta_slow),
	INTF("posix_1mib_ops", IOL_FT_INT, "",
	     "POSIX ops of exactly 1 MiB (in the 100K_1M bin)", t_onemib),
	NUMF("small_time", IOL_FT_NUM, "s",
	     "seconds in ops < 1 MiB, slowest rank (estimated)", 4,
	     t_small_time),
	NUMF("shared_small_time", IOL_FT_NUM, "s",
	     "seconds in ops < 1 MiB on shared files (estimated)", 4,
	     t_shsmall_time),
	NUMF("shared_imbalance_stake", IOL_FT_NUM, "s",
	     "its slowest rank's time beyond the mean rank's", 4,
	     t_shimb_stake),
	INTF("shared_time_imbalance_rank", IOL_FT_INT, "", "its slowest rank",
	     t_shtimb_rank),
	NUMF("shared_time_imbalance_slowest", IOL_FT_NUM, "s",
	     "its slowest rank's time", 4, t_shtimb_slow),
	NUMF("shared_time_imbalance_mean", IOL_FT_NUM, "s",
	     "its mean rank's time", 4, t_shtimb_mean),
	NUMF("shared_time_imbalance_fastest", IOL_FT_NUM, "s",
	     "its fastest rank's time", 4, t_shtimb_fast),
	NUMF("rank_size_imbalance_stake", IOL_FT_NUM, "s",
	     "its busiest rank's time beyond the mean", 4, t_rsimb_stake),
	NUMF("aggregator_time", IOL_FT_NUM, "s",
	     "POSIX time of that file's slowest rank", 4, t_aggr_time),
	NUMF("aggregator_skew", IOL_FT_NUM, "",
	     "slowest MPI-IO aggregator over the mean aggregator", 2, t_askew),
	INTF("aggregator_skew_rank", IOL_FT_INT, "", "the slowest aggregator",
	     t_askew_rank),
	NUMF("aggregator_skew_slowest", IOL_FT_NUM, "s", "its POSIX time", 4,
	     t_askew_slow),
	NUMF("aggregator_skew_mean", IOL_FT_NUM, "s",
	     "the mean aggregator's POSIX time", 4, t_askew_mean),
	NUMF("aggregator_skew_count", IOL_FT_NUM, "",
	     "aggregators of that file (estimated)", 1, t_askew_k),
	STRF("aggregator_skew_file", "its file", t_askew_file),
	INTF("rank_bytes_collective", IOL_FT_BYTES, "B",
	     "per-rank POSIX bytes of collective MPI-IO files", t_rb_coll),
	INTF("ranks_with_bytes", IOL_FT_INT, "",
	     "ranks whose own records moved bytes", t_ranks_bytes),
	INTF("rank_bytes_min", IOL_FT_BYTES, "B",
	     "the least of those ranks' bytes", t_rank_min),
	INTF("shared_written_files", IOL_FT_INT, "",
	     "shared files written through POSIX", t_shwfiles),
	NUMF("small_top_time", IOL_FT_NUM, "s",
	     "its ops < 1 MiB, seconds over all ranks (estimated)", 4,
	     t_small_top_secs),
	/* issue 34: IOL-RANK-IMBALANCE's stake from the times the log has */
	NUMF("rank_imbalance_stake", IOL_FT_NUM, "s",
	     "busiest rank's own read + write time beyond the mean rank's", 4,
	     t_rimb_stake),
	INTF("redundant_code_bytes", IOL_FT_BYTES, "B",
	     "bytes of programs' code (.py, .so) moved again", t_red_code),
	/* issue 34, round 4: small requests at the MPI-IO layer, re-reads
	 * through STDIO */
	INTF("mpiio_small_ops", IOL_FT_INT, "", "MPI-IO calls < 1 MiB",
	     t_mpsmall),
	INTF("mpiio_tiny_ops", IOL_FT_INT, "", "MPI-IO calls < 10 KiB",
	     t_mptiny),
	INTF("mpiio_ops", IOL_FT_INT, "", "MPI-IO calls (size bins)", t_mpops),
	NUMF("mpiio_small_time", IOL_FT_NUM, "s",
	     "seconds in MPI-IO calls < 1 MiB, slowest rank (estimated)", 4,
	     t_mpsmall_time),
	INTF("mpiio_shared_small_ops", IOL_FT_INT, "",
	     "MPI-IO calls < 1 MiB on shared records", t_mpshsmall),
	INTF("mpiio_shared_ops", IOL_FT_INT, "",
	     "MPI-IO calls on shared records", t_mpshops),
	NUMF("mpiio_shared_small_time", IOL_FT_NUM, "s",
	     "seconds in MPI-IO calls < 1 MiB on shared files (estimated)", 4,
	     t_mpshsmall_time),
	INTF("redundant_stdio_bytes", IOL_FT_BYTES, "B",
	     "bytes re-read through STDIO beyond POSIX's (per file)",
	     t_red_stdio),
	/* issue 34, round 4: what STDIO's calls cost, reads that cannot
	 * grow */
	INTF("stdio_ops", IOL_FT_INT, "", "STDIO reads, writes and flushes",
	     j_stdio_ops),
	INTF("lone_reads", IOL_FT_INT, "",
	     "POSIX reads < 1 MiB alone in their open, within the file's "
	     "first request",
	     t_lone_reads),
	/* issue 34, round 5: HDF5's file metadata (H5F) beside H5D */
	NUMF("hdf5_time_by_slowest", IOL_FT_NUM, "s",
	     "HDF5 time of the slowest rank (H5F metadata + H5D)", 4,
	     t_h5_time),
	NUMF("hdf5_meta_by_slowest", IOL_FT_NUM, "s",
	     "HDF5 metadata time of the slowest rank (H5F + H5D)", 4,
	     t_h5_meta),
	/* issue 34, round 7: what STDIO's flushes cost */
	INTF("stdio_flushes", IOL_FT_INT, "", "STDIO flushes", j_stdio_flushes),
	NUMF("redundant_reopen_time", IOL_FT_NUM, "s",
	     "metadata seconds of the reopens of files rewritten pass after "
	     "pass",
	     4, t_red_reopen),
	INTF("posix_opens", IOL_FT_INT, "", "POSIX opens", j_posix_opens),
	/* issue 34, round 11: what larger reads would save (sparse reads
	 * must read their span; readahead already makes large requests) */
	NUMF("sparse_read_time", IOL_FT_NUM, "s",
	     "seconds of POSIX reads < 1 MiB of sparse records (bytes read "
	     "at most half their span) on the slowest rank by small requests",
	     4, t_sread_time),
	NUMF("sparse_read_span", IOL_FT_NUM, "B",
	     "bytes of file those reads span (highest byte read + 1, their "
	     "share)",
	     0, t_sread_span),
	NUMF("sparse_read_bytes", IOL_FT_NUM, "B", "bytes those reads moved", 0,
	     t_sread_bytes),
	NUMF("small_readahead_time", IOL_FT_NUM, "s",
	     "seconds of those reads the kernel's readahead serves (forward, "
	     "gaps within its window)",
	     4, t_sread_ra),
	NUMF("large_read_mibs", IOL_FT_NUM, "MiB/s",
	     "pace of the POSIX records whose reads are all 1 MiB or more", 1,
	     t_large_read),
	/* issue 34, round 14: an fopen per record */
	INTF("stdio_opens", IOL_FT_INT, "", "STDIO opens", j_stdio_opens),
	NUMF("redundant_rank_time", IOL_FT_NUM, "s",
	     "seconds the slowest rank of a shared record spent on the "
	     "rewrites it moved beyond the fastest rank's bytes",
	     4, t_red_rank),
	/* issue 34, round 16: small requests that are whole files */
	INTF("whole_file_ops", IOL_FT_INT, "",
	     "POSIX requests < 1 MiB each a whole file (one read, one write "
	     "a record)",
	     t_whole_ops),
	/* issue 34, round 26: STDIO re-reads that are one pass a rank */
	INTF("redundant_once_bytes", IOL_FT_BYTES, "B",
	     "of redundant_stdio_bytes, those only each rank's one pass over "
	     "a file it opened once",
	     t_red_once),
	/* issue 34, round 29: a file storm's data time */
	NUMF("small_file_time", IOL_FT_NUM, "s",
	     "the slowest rank's POSIX and STDIO read and write seconds in "
	     "files of at most 64 KiB (highest byte + 1), but for files a "
	     "process opened 10 times or more to move a piece of each time",
	     4, t_small_file_time),
	NUMF("small_file_span", IOL_FT_NUM, "B",
	     "the bytes of those small files read, each file's highest byte "
	     "read + 1 once",
	     0, t_small_file_span),
	/* issue 34, round 34: fsync'ed lines written through STDIO */
	INTF("stdio_synced_writes", IOL_FT_INT, "",
	     "STDIO writes in files whose POSIX record syncs and writes "
	     "nothing (glibc's write(2) is not logged)",
	     t_sync_sw),
	INTF("stdio_synced_records", IOL_FT_INT, "",
	     "their STDIO records (a shared record: one a process)",
	     t_sync_srecs),
	/* issue 34, round 40: collective MPI-IO time beyond the file
	 * system's under it (tricoll.c) */
	NUMF("coll_mpiio_fastest", IOL_FT_NUM, "s",
	     "collective shared file whose fastest rank's MPI-IO time (less "
	     "the mean rank's MPI-IO metadata) is furthest beyond its POSIX "
	     "time: that MPI-IO time",
	     4, t_coll_fast),
	NUMF("coll_mpiio_slowest", IOL_FT_NUM, "s",
	     "its slowest rank's MPI-IO time", 4, t_coll_slow),
	NUMF("coll_posix_time", IOL_FT_NUM, "s",
	     "its slowest rank's POSIX time (the aggregators')", 4,
	     t_coll_posix),
	NUMF("coll_max_call", IOL_FT_NUM, "s", "its longest MPI-IO call", 4,
	     t_coll_max_call),
	INTF("coll_calls", IOL_FT_INT, "", "its collective MPI-IO calls",
	     t_coll_calls),
	INTF("coll_views", IOL_FT_INT, "", "its MPI-IO file views set",
	     t_coll_views),
	STRF("coll_file", "its file", t_coll_file),
	/* issue 34, round 39: the storage's pace a writer showed */
	NUMF("best_write_mibs", IOL_FT_NUM, "MiB/s",
	     "the fastest per-process record of 1 MiB or more written, its "
	     "write pace, when two files or more were",
	     1, t_best_write),
	/* issue 34, round 39: the bytes IOL-FSYNC's syncs flush, and the
	 * pace of a flush once (trisync.c) */
	INTF("synced_write_bytes", IOL_FT_BYTES, "B",
	     "bytes written in POSIX records synced more than once a "
	     "process, and STDIO bytes of files whose syncs are POSIX's",
	     t_sync_b),
	NUMF("synced_once_mibs", IOL_FT_NUM, "MiB/s",
	     "fastest pace of POSIX records of 1 MiB or more written and "
	     "synced at most once a process",
	     1, t_sync_once),
	/* issue 34, round 51: a rank's wait in collective opens (triwait.c) */
	NUMF("mpiio_coll_wait", IOL_FT_NUM, "s",
	     "the slowest MPI-IO rank's metadata time in its own records of "
	     "collectively opened files beyond the least such rank's, or a "
	     "shared record's slowest rank beyond its reads, writes and "
	     "fastest rank, the larger",
	     4, t_mp_wait),
	/* issue 34, round 49: STDIO seeks are the requests', not the files' */
	INTF("stdio_seeks", IOL_FT_INT, "", "STDIO seeks", j_stdio_seeks),
	NUMF("stdio_seek_time", IOL_FT_NUM, "s",
	     "seconds a process of STDIO's metadata time its seeks took "
	     "(estimated: opens and closes at the job's POSIX open pace, "
	     "else one call's share each)",
	     4, j_stdio_seek_time),
	/* issue 34, round 49: IOL-RANK0-IO's rank, shared records one rank
	 * moved counted as its own */
	INTF("funnel_rank", IOL_FT_INT, "",
	     "busiest rank, shared records it alone moved counted as its "
	     "own",
	     t_funnel),
	NUMF("funnel_share", IOL_FT_NUM, "", "that rank's share of bytes", 4,
	     t_funnel_share),
	/* issue 34, round 50: a job cut short (tricut.c) */
	NUMF("open_write_past_end", IOL_FT_NUM, "s",
	     "the end of the last write to a file left open (no close "
	     "after it), less the logged run time",
	     3, t_open_past_end),
	/* issue 34, round 51: the files IOL-FSYNC forgives a first sync
	 * are those that sync (trisync.c) */
	INTF("synced_write_records", IOL_FT_INT, "",
	     "POSIX records written and synced (a shared record: one a "
	     "process that synced), and STDIO records whose syncs are "
	     "POSIX's",
	     t_sync_recs),
	/* issue 34, round 55: MPI-IO's small calls the storage saw as
	 * data sieving's large requests (tricoll.c) */
	NUMF("mpiio_sieved_share", IOL_FT_NUM, "",
	     "share of MPI-IO calls under 1 MiB on files data sieving "
	     "served (POSIX bytes at least twice MPI-IO's, in requests of "
	     "1 MiB or more)",
	     4, t_sieved_share),
	/* issue 34, round 55: rewrites drained behind nonblocking MPI-IO
	 * calls are staked at MPI-IO's time, not POSIX's */
	NUMF("redundant_nb_bytes", IOL_FT_NUM, "B",
	     "of the rewritten bytes, those of files MPI-IO wrote with "
	     "nonblocking calls",
	     0, t_red_nb_b),
	NUMF("redundant_nb_time", IOL_FT_NUM, "s",
	     "their seconds at the MPI-IO time a byte of their files' "
	     "slowest ranks",
	     4, t_red_nb_t),
	/* issue 34, round 57: a file every rank read whole, once each */
	INTF("redundant_bcast_bytes", IOL_FT_BYTES, "B",
	     "POSIX bytes read beyond one pass in files every rank read "
	     "whole, once each",
	     t_red_bcast),
	NUMF("redundant_bcast_time", IOL_FT_NUM, "s",
	     "seconds reading those files once and broadcasting would save: "
	     "their fastest rank's time less 1/N of it",
	     4, t_red_bcast_time),
	/* issue 34, round 13: a stream's data calls timed apart from its
	 * opens and closes */
	NUMF("stdio_meta_time", IOL_FT_NUM, "s",
	     "STDIO metadata seconds a process (fopen, fclose, fseek)", 4,
	     j_stdio_meta_time),
	/* issue 34, round 88: a rank's wait in collective reads and writes
	 * for late ranks (triwait.c) */
	NUMF("mpiio_coll_data_wait", IOL_FT_NUM, "s",
	     "the slowest MPI-IO rank's time in collective reads and writes "
	     "beyond each file's fastest rank's, files aggregators moved",
	     4, t_mp_dwait),
	/* issue 34, round 106: IOL-NO-COLLECTIVE judges the files where
	 * the small calls are */
	INTF("mpiio_shared_small_coll", IOL_FT_INT, "",
	     "MPI-IO collective calls on the shared records with calls "
	     "< 1 MiB",
	     t_mpshsmall_coll),
	/* issue 34, round 107: IOL-NO-MPIIO judges the files */
	INTF("shared_written_files_nompi", IOL_FT_INT, "",
	     "shared files written through POSIX with no MPI-IO record "
	     "(1 MiB and a write a rank or more)",
	     t_shwfiles_nompi),
	/* issue 34, round 126: files re-read pass after pass, each pass
	 * its own open */
	NUMF("redundant_reread_reopen_time", IOL_FT_NUM, "s",
	     "metadata seconds of the reopens of files re-read pass after "
	     "pass, each pass its own open (all ranks)",
	     4, t_red_rr_reopen),
	/* issue 34, round 131: a file never read has no re-reads */
	INTF("redundant_rewrite_bytes", IOL_FT_BYTES, "B",
	     "of redundant_bytes, those rewritten in files the job never "
	     "read (bytes written beyond each one's highest offset)",
	     t_red_rw),
};

#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

_Static_assert(NFIELDS ==
		       NSUMMARY + 2 + 4 * IOL_NBINS + 3 * 2 * IOL_NCOMMON + 116,
	       "summary columns counted wrong");

const struct iol_field *iol_jobrow_fields(size_t *n)
{
	*n = NSUMMARY;
	return fields;
}

const struct iol_field *iol_jobrow_fields_ext(size_t *n)
{
	*n = NFIELDS;
	return fields;
}

const struct iol_field *iol_jobrow_field(const char *name)
{
	size_t i;

	for (i = 0; i < NFIELDS; i++)
		if (!strcmp(fields[i].name, name))
			return &fields[i];
	return NULL;
}
