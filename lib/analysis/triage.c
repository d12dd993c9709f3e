/*
 * The triage rule table.  Each rule reads a struct iol_triage_in (job-row
 * fields, so a job and its stored row are judged alike) and yields one
 * finding.  A rule whose data is missing yields "not evaluated" with the
 * reason, never a silent pass.  Values are compared against thresholds
 * from the configuration, which each finding carries so it is printed.
 * A rule also estimates the seconds at stake; a crossed warn or high
 * finding that is not material (issue 34: at least min_stake_s and
 * min_stake_pct of the run, or for a structural pattern the share of the
 * run alone) is info, "below the impact floor", so a trivial pattern is
 * shown but raises no alarm.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "analysis/metrics.h"
#include "analysis/phases.h"
#include "analysis/strag-end.h"
#include "analysis/triage.h"
#include "analysis/ostload.h"
#include "base/banned.h"

const char *const iol_sev_names[5] = {"high", "warn", "info", "ok",
				      "not evaluated"};

/* the job-row field of each input, in IOL_TIN_* order */
static const char *const in_names[] = {"nprocs",
				       "run_time",
				       "io_time_by_slowest",
				       "md_cost_pct",
				       "meta_time_total",
				       "io_time_total",
				       "creates_per_proc",
				       "creates",
				       "creates_exact",
				       "files",
				       "busiest_rank",
				       "busiest_share",
				       "pct_aligned",
				       "pct_sequential",
				       "pct_io_time_slowest",
				       "ranks_with_io",
				       "rank_bytes_max",
				       "rank_bytes_sum",
				       "shared_records",
				       "posix_reads",
				       "posix_writes",
				       "posix_seeks",
				       "posix_syncs",
				       "posix_write_records",
				       "stdio_bytes_read",
				       "stdio_bytes_written",
				       "bytes_read",
				       "bytes_written",
				       "shared_files",
				       "mpiio_bytes_read",
				       "posix_mem_not_aligned",
				       "shared_small_ops",
				       "shared_ops",
				       "redundant_bytes",
				       "shared_imbalance_pct",
				       "shared_time_imbalance_pct",
				       "rank_size_imbalance_pct",
				       "read_after_write_bytes",
				       "mpiio_coll_ops",
				       "mpiio_indep_ops",
				       "mpiio_nb_ops",
				       "hdf5",
				       "lustre_ops",
				       "lustre_not_aligned",
				       "lustre_stripe",
				       "aggregator_ranks",
				       "aggregators",
				       "straggler_pct",
				       "mpiio_time_by_slowest",
				       "h5d_time_by_slowest",
				       "pnetcdf_var_time_by_slowest",
				       "stdio_time_by_slowest",
				       "read_time_by_slowest",
				       "write_time_by_slowest",
				       "dfs_bytes_read",
				       "dfs_bytes_written",
				       "daos_bytes_read",
				       "daos_bytes_written",
				       "meta_time_by_slowest",
				       "posix_1mib_ops",
				       "small_time",
				       "shared_small_time",
				       "shared_imbalance_stake",
				       "shared_time_imbalance_rank",
				       "shared_time_imbalance_slowest",
				       "shared_time_imbalance_mean",
				       "shared_time_imbalance_fastest",
				       "rank_size_imbalance_stake",
				       "aggregator_time",
				       "aggregator_skew",
				       "aggregator_skew_rank",
				       "aggregator_skew_slowest",
				       "aggregator_skew_mean",
				       "aggregator_skew_count",
				       "rank_bytes_collective",
				       "ranks_with_bytes",
				       "rank_bytes_min",
				       "shared_written_files",
				       "small_top_time",
				       "rank_imbalance_stake",
				       "redundant_code_bytes",
				       "uid",
				       "straggler_stake",
				       "mpiio_small_ops",
				       "mpiio_tiny_ops",
				       "mpiio_ops",
				       "mpiio_small_time",
				       "mpiio_shared_small_ops",
				       "mpiio_shared_ops",
				       "mpiio_shared_small_time",
				       "mpiio_shared_small_coll",
				       "shared_written_files_nompi",
				       "redundant_stdio_bytes",
				       "stdio_ops",
				       "lone_reads",
				       "hdf5_time_by_slowest",
				       "hdf5_meta_by_slowest",
				       "stdio_flushes",
				       "straggler_rank",
				       "redundant_reopen_time",
				       "posix_opens",
				       "sparse_read_time",
				       "sparse_read_span",
				       "sparse_read_bytes",
				       "small_readahead_time",
				       "large_read_mibs",
				       "stdio_opens",
				       "redundant_rank_time",
				       "whole_file_ops",
				       "mpiio_meta_time",
				       "redundant_once_bytes",
				       "small_file_time",
				       "small_file_span",
				       "stdio_synced_writes",
				       "stdio_synced_records",
				       "coll_mpiio_fastest",
				       "coll_mpiio_slowest",
				       "coll_posix_time",
				       "coll_max_call",
				       "coll_calls",
				       "coll_views",
				       "best_write_mibs",
				       "synced_write_bytes",
				       "synced_once_mibs",
				       "mpiio_coll_wait",
				       "mpiio_coll_data_wait",
				       "open_write_past_end",
				       "synced_write_records",
				       "straggler_even_request",
				       "stdio_seeks",
				       "stdio_seek_time",
				       "funnel_rank",
				       "funnel_share",
				       "redundant_dxt_time",
				       "redundant_dxt_bytes",
				       "redundant_dxt_shared_bytes",
				       "redundant_dxt_read_bytes",
				       "mpiio_sieved_share",
				       "redundant_nb_bytes",
				       "redundant_nb_time",
				       "redundant_bcast_bytes",
				       "redundant_bcast_time",
				       "stdio_meta_time",
				       "io_overlap_dxt",
				       "redundant_warm_share",
				       "small_own_time",
				       "small_own_bytes",
				       "redundant_reread_reopen_time",
				       "redundant_rewrite_bytes",
				       "posix_read_0_100",
				       "posix_read_100_1k",
				       "posix_read_1k_10k",
				       "posix_read_10k_100k",
				       "posix_read_100k_1m",
				       "posix_read_1m_4m",
				       "posix_read_4m_10m",
				       "posix_read_10m_100m",
				       "posix_read_100m_1g",
				       "posix_read_1g_plus",
				       "posix_write_0_100",
				       "posix_write_100_1k",
				       "posix_write_1k_10k",
				       "posix_write_10k_100k",
				       "posix_write_100k_1m",
				       "posix_write_1m_4m",
				       "posix_write_4m_10m",
				       "posix_write_10m_100m",
				       "posix_write_100m_1g",
				       "posix_write_1g_plus",
				       "strategy",
				       "incomplete_modules",
				       "top_file",
				       "small_top_file",
				       "redundant_file",
				       "shared_imbalance_file",
				       "shared_time_imbalance_file",
				       "rank_size_imbalance_file",
				       "read_after_write_file",
				       "lustre_file",
				       "aggregator_file",
				       "straggler",
				       "aggregator_skew_file",
				       "coll_file"};
_Static_assert(sizeof(in_names) / sizeof(in_names[0]) == IOL_TIN_N,
	       "one job-row field per triage input");

const char *iol_triage_in_name(int i)
{
	return i >= 0 && i < IOL_TIN_N ? in_names[i] : NULL;
}

/*
 * The inputs the rules read only into a finding's detail (DETAIL() and
 * the snprintf()s under `if (n ...)`), and their need[] lists: with
 * detail 0 their values change nothing.  A rule that comes to read one
 * for its value, its stake or a branch takes it off this list; t/0995
 * evaluates every job of a store with and without these values.
 */
static const int detail_only[] = {
	IOL_TIN_CREATES_EXACT,	IOL_TIN_SHARED_FILES, IOL_TIN_AGGRN,
	IOL_TIN_SHTIMB_FAST,	IOL_TIN_ASKEW_RANK,   IOL_TIN_ASKEW_K,
	IOL_TIN_SMALL_TOP_T,	IOL_TIN_MD_COST,      IOL_TIN_IO_TOTAL,
	IOL_TIN_PCT_IO_SLOWEST, IOL_TIN_STRATEGY,     IOL_TIN_TOP_FILE,
	IOL_TIN_SMALL_FILE,	IOL_TIN_RED_FILE,     IOL_TIN_SHIMB_FILE,
	IOL_TIN_SHTIMB_FILE,	IOL_TIN_RSIMB_FILE,   IOL_TIN_RAW_FILE,
	IOL_TIN_LFILE,		IOL_TIN_AGGR_FILE,    IOL_TIN_STRAG_DETAIL,
	IOL_TIN_ASKEW_FILE,	IOL_TIN_COLL_CALLS,   IOL_TIN_COLL_SLOW,
	IOL_TIN_COLL_FILE};

int iol_triage_in_detail_only(int i)
{
	for (size_t k = 0; k < sizeof(detail_only) / sizeof(detail_only[0]);
	     k++)
		if (detail_only[k] == i)
			return 1;
	return 0;
}

int iol_triage_in_index(const char *name)
{
	int i;

	for (i = 0; i < IOL_TIN_N; i++)
		if (!strcmp(in_names[i], name))
			return i;
	return -1;
}

void iol_triage_in_clear(struct iol_triage_in *in)
{
	int i;

	memset(in, 0, sizeof(*in));
	for (i = 0; i < IOL_TIN_NNUM; i++)
		in->v[i] = NAN;
}

/* One field's value from the job row. */
static void measure_one(const struct iol_jobrow *row, int i,
			struct iol_triage_in *in)
{
	const struct iol_field *f = iol_jobrow_field(in_names[i]);
	char buf[256];

	if (!f)
		return;
	in->have[i] = 1;
	if (i >= IOL_TIN_NNUM) {
		const char *v = f->str ? f->str(row, buf, sizeof(buf)) : NULL;
		snprintf(in->s[i - IOL_TIN_NNUM], sizeof(in->s[0]), "%s",
			 v ? v : "");
	} else if (f->num) {
		in->v[i] = f->num(row);
	} else if (f->i64) {
		int64_t v = f->i64(row);
		in->v[i] = v == INT64_MIN ? NAN : (double)v;
	}
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Does a phase's straggler (pct of its phase, stake in s) beat the one
 * kept?  Over the threshold thr (straggler_pct; a value not finite
 * counts as none) the larger stake: a checkpoint loop
 * whose straggler lags 0.6 s in its first, shortest phase (94 %) and
 * 2.9 s in its third (r38-strag-fsync's rerun) stakes the third, not
 * the phase of the largest percent, which flipped the verdict between
 * identical reruns.  Under it, or unknown, the larger percent. */
static int strag_beats(double pct, double stake, double thr,
		       const struct iol_triage_in *in)
{
	double kp = in->v[IOL_TIN_STRAG], ks = in->v[IOL_TIN_STRAG_STAKE];
	int over = isfinite(thr) && pct > thr;
	int kover = isfinite(thr) && isfinite(kp) && kp > thr;

	if (!isfinite(kp))
		return 1;
	if (over != kover)
		return over;
	return over ? stake > ks : pct > kp;
}

/* " (its sync or close ended it X s after its last DXT segment)" when
 * the log shows the rank's I/O went on past its segments, else "" (a
 * shared record's sync never moves a rank's end: strag-end.h) */
static void strag_late(const struct iol_phase *r, double end, char *buf,
		       size_t n)
{
	buf[0] = 0;
	/* not a lag the detail would print as 0.000 s */
	if (end - r->end >= 0.0005)
		snprintf(buf, n,
			 " (its sync or close ended it %.3f s after its last "
			 "DXT segment)",
			 end - r->end);
}

/* The straggler's mean request in bytes when every rank of its phase
 * moved the same bytes in the same number of requests, it started
 * before the median rank ended (mid the median end) and no sync of its
 * own followed its writes: ranks with equal work queued together on
 * one device, one served later (r47-sync-2k: 512 writes of 2 KiB a
 * rank, 6.35 and 2.96 s).  NAN for a rank with more bytes or requests
 * of its own, syncs (r38-strag-fsync's rank 3, 8.3 s of them), or a
 * late start. */
static double even_req(const struct iol_phase *jp, const struct iol_phase *r,
		       size_t nr, size_t last, double mid)
{
	size_t k;

	if (!(r[last].start < mid) || r[last].nops <= 0 || r[last].sync > 0)
		return NAN;
	for (k = 0; k < nr; k++)
		if (r[k].id == jp->id && !r[k].other &&
		    (r[k].bytes != r[last].bytes || r[k].nops != r[last].nops))
			return NAN;
	return (double)r[last].bytes / (double)r[last].nops;
}

/* Where a rank that ended at end would end on mean bytes at its pace
 * (a rank that moved none keeps its end) */
static double scaled_end(const struct iol_phase *rk, double end, double mean)
{
	if (rk->bytes <= 0)
		return end;
	return rk->start + (end - rk->start) * mean / (double)rk->bytes;
}

/* What balance would save when the last rank of a phase moved more
 * bytes than its mean rank (issue 34, round 49's imbal-skew: rank 0 read
 * 4x the others' bytes, 1.32 s after the median rank; an even split
 * saved 0.80-1.09 s): the others would take on its extra bytes, so the
 * phase would end where the median rank ends once every rank, at its
 * own pace, moves the mean bytes, not where it ends today.  Each rank's
 * time scales by mean / its bytes (e room for the n ranks); with equal
 * bytes nothing moves and a slow node or a late start keeps the median's
 * stake.  No less than its lag behind the mean rank's end: scaling by
 * bytes overstates the time of ranks that wrote a few bytes in slow
 * calls (jeanbez_8's ranks of 40-3136 B HDF5 metadata writes would
 * "end" after the straggler).  NAN when the last rank moved no more
 * than the mean. */
static double strag_balanced(const struct iol_phase *jp,
			     const struct iol_phase *r, const double *end,
			     size_t nr, size_t last, double *e)
{
	double sum = 0, mean, tend = 0;
	size_t k, n = 0;

	for (k = 0; k < nr; k++)
		if (r[k].id == jp->id && !r[k].other)
			sum += (double)r[k].bytes, tend += end[k], n++;
	mean = n ? sum / (double)n : 0;
	if (!(mean > 0) || !((double)r[last].bytes > mean))
		return NAN;
	n = 0;
	for (k = 0; k < nr; k++)
		if (r[k].id == jp->id && !r[k].other)
			e[n++] = scaled_end(&r[k], end[k], mean);
	qsort(e, n, sizeof(*e), cmp_dbl);
	return fmax(end[last] - e[(n - 1) / 2], end[last] - tend / (double)n);
}

/*
 * A read phase's straggler costs no more than its own reads there (issue
 * 34, round 51): DXT traces every read, so the seconds of its segments
 * are all the I/O it did in the phase; the rest of its span is compute
 * or another phase's writes (r51-sharedout's rerun ab1: a farm worker
 * read two tasks' 4 MiB inputs from the page cache in 2 ms, 2.2 s
 * apart, and "ended 1.287 s after the median", warn; the first run and
 * ab2 were quiet).  Writes keep the span: DXT does not trace the syncs
 * between them (r38-strag-fsync).  *own: the detail's clause, or "".
 */
static void strag_read_busy(const struct iol_phase *jp,
			    const struct iol_phase *r, double *stake, char *own,
			    size_t n)
{
	own[0] = 0;
	if (!jp->op || !(r->busy >= 0) || !(r->busy < *stake))
		return;
	*stake = r->busy;
	snprintf(own, n, "; its reads there took %.3f s", r->busy);
}

/* A rank row's own I/O time in its phase: its DXT segments, and for
 * writes the sync time the counters give it or the tail its sync or
 * close added past its last segment (strag-end.h), the larger. */
static double own_io(const struct iol_phase *r, double end)
{
	double tail = fmax(end - r->end, 0);

	if (!(r->busy >= 0))
		return NAN;
	return r->busy + (r->op ? 0 : fmax(r->sync > 0 ? r->sync : 0, tail));
}

/*
 * The part of a straggler's lag its own I/O explains: its I/O time in
 * the phase beyond the median of the other ranks' (issue 34, round 68).
 * r68-rtm-ooc's rank 0 ended its writes 1.07 s after the median rank,
 * in 0.177 s of writes against 0.22-0.40 s for the others: its stencil
 * computation between the writes ran late on an oversubscribed node and
 * no write was slow (labelled false; neither rerun raised it).  A rank
 * late by slow calls, syncs of its own or more bytes spends more time
 * in I/O than the others (r38-strag-fsync, r6-slow-io, r5-imbalance).
 * NAN when a rank's time is unknown.  *own, *med: the two times.
 */
static double strag_excess(const struct iol_phase *jp,
			   const struct iol_phase *r, const double *end,
			   size_t nr, size_t last, double *e, double *own,
			   double *med)
{
	size_t k, n = 0;

	*own = own_io(&r[last], end[last]);
	for (k = 0; k < nr; k++)
		if (k != last && r[k].id == jp->id && !r[k].other)
			e[n++] = own_io(&r[k], end[k]);
	for (k = 0; k < n; k++)
		if (!isfinite(e[k]))
			return NAN;
	if (!n || !isfinite(*own))
		return NAN;
	qsort(e, n, sizeof(*e), cmp_dbl);
	*med = e[(n - 1) / 2];
	return fmax(*own - *med, 0);
}

/* Why no straggler, when no phase has one: its aggregator's */
static void aggr_note(const struct iol_phase *jp, const struct iol_phase *r,
		      double own, struct iol_triage_in *in)
{
	if (isfinite(in->v[IOL_TIN_STRAG]))
		return;
	snprintf(in->s[IOL_TIN_STRAG_DETAIL - IOL_TIN_NNUM], sizeof(in->s[0]),
		 "phase %zu's last rank %lld is a collective-buffering "
		 "aggregator: its %.3f s of POSIX I/O is the collective "
		 "calls' work, which the other ranks wait for inside MPI-IO",
		 jp->id, (long long)r->rank, own);
}

/*
 * The late rank is a collective-buffering aggregator (issue 34, round
 * 102): it alone did POSIX I/O in the phase, the others next to none
 * of their own, and the job's MPI-IO data calls are mostly collective.
 * Its time is the collective calls' own work, which the others wait
 * for inside MPI-IO; no straggler.  r102-ckdaily: ROMIO's one aggregator,
 * rank 0, wrote 40 x 8 MiB (9.63 s) while ranks 1-3 wrote 2 MiB each
 * through MPI_File_write_at_all; labelled not a straggler.  A rank slow
 * at its own independent I/O, or beside others' POSIX I/O, still is.
 */
static int strag_aggr(const struct iol_triage_in *in, double own, double med)
{
	double coll = in->v[IOL_TIN_COLL], indep = in->v[IOL_TIN_INDEP];

	/* the others' own: under 1 % of its (a close's 10 us) */
	return own > 0 && !(med * 100 > own) && coll > 0 &&
	       !(indep > coll); /* NAN: no MPI-IO record, none independent */
}

/* The straggler of one phase (rows of its ranks, where each ended in
 * end[], e room for them): how far the last rank ended after the median
 * rank, in percent of the phase. */
static void phase_strag(const struct iol_phase *jp, const struct iol_phase *r,
			const double *end, size_t nr, double *e, double thr,
			struct iol_triage_in *in)
{
	double len = jp->end - jp->start, lag, pct, stake, mid, bal;
	double exc, own_s = 0, med_s = 0;
	size_t k, n = 0, last = 0;
	char late[96], more[96] = "", own[64];

	for (k = 0; k < nr; k++)
		if (r[k].id == jp->id && !r[k].other) {
			if (!n || end[k] > end[last])
				last = k;
			e[n++] = end[k];
		}
	/* the phase lasts until its last rank ended, sync included: a lag
	 * in percent of the segments' span alone could pass 100 % */
	if (n && end[last] > jp->end)
		len = end[last] - jp->start;
	if (n < 2 || !(len > 0))
		return;
	qsort(e, n, sizeof(*e), cmp_dbl);
	lag = end[last] - e[(n - 1) / 2];
	pct = 100.0 * lag / len;
	/* what the others wait for: the lag, but no more than the rank's
	 * own time in the phase (a rank that started late by design and
	 * wrote in 0.1 ms costs 0.1 ms) */
	stake = fmax(fmin(lag, end[last] - r[last].start), 0);
	strag_read_busy(jp, &r[last], &stake, own, sizeof(own));
	mid = e[(n - 1) / 2];
	bal = strag_balanced(jp, r, end, nr, last, e);
	if (isfinite(bal) && bal < stake) {
		stake = fmax(bal, 0);
		snprintf(more, sizeof(more),
			 "; more bytes than the mean rank: balance saves "
			 "%.3f s",
			 stake);
	}
	exc = strag_excess(jp, r, end, nr, last, e, &own_s, &med_s);
	if (isfinite(exc) && exc < stake) {
		stake = exc;
		snprintf(more, sizeof(more),
			 "; its I/O there %.3f s, the median rank's %.3f s",
			 own_s, med_s);
	}
	if (strag_aggr(in, own_s, med_s)) {
		aggr_note(jp, &r[last], own_s, in);
		return;
	}
	if (!strag_beats(pct, stake, thr, in))
		return;
	in->v[IOL_TIN_STRAG] = pct;
	in->v[IOL_TIN_STRAG_STAKE] = stake;
	in->v[IOL_TIN_STRAG_RANK] = (double)r[last].rank;
	in->v[IOL_TIN_STRAG_REQ] = even_req(jp, r, nr, last, mid);
	strag_late(&r[last], end[last], late, sizeof(late));
	snprintf(in->s[IOL_TIN_STRAG_DETAIL - IOL_TIN_NNUM], sizeof(in->s[0]),
		 "phase %zu (%s, %.3f s): rank %lld ended %.3f s after the "
		 "median of its %zu ranks%s%s%s",
		 jp->id, jp->op ? "read" : "write", len,
		 (long long)r[last].rank, lag, n, late, own, more);
}

/* DXT Explorer's stragglers per phase, from the log's segments (the
 * phases given, when the caller has computed them, else computed here). */
static int measure_strag(const struct iol_job *job,
			 const struct iol_phases *given, double thr,
			 struct iol_triage_in *in, struct iol_error *err)
{
	char *why = in->s[IOL_TIN_STRAG_DETAIL - IOL_TIN_NNUM];
	struct iol_phases own;
	const struct iol_phases *ph = given;
	double *e;
	size_t k;

	in->have[IOL_TIN_STRAG] = in->have[IOL_TIN_STRAG_DETAIL] = 1;
	in->have[IOL_TIN_STRAG_STAKE] = in->have[IOL_TIN_STRAG_RANK] = 1;
	in->have[IOL_TIN_STRAG_REQ] = 1;
	if (iol_timeline_source(job) != IOL_TL_DXT) {
		snprintf(why, sizeof(in->s[0]), "no DXT segments or trace");
		return 0;
	}
	if (job->nsegs[0] + job->nsegs[1] > IOL_TRIAGE_MAX_SEGS) {
		snprintf(why, sizeof(in->s[0]),
			 "over %d DXT segments: see iolens timeline --phases",
			 IOL_TRIAGE_MAX_SEGS);
		return 0;
	}
	if (!ph) {
		if (iol_phases_compute(job, -1, &own, err) < 0)
			return err ? err->code : IOL_ENOMEM;
		ph = &own;
	}
	/* a rank ends where its I/O on the phase's files ended as the log
	 * shows it, its sync or close included (strag-end.h): r39's ranks
	 * ended their writes 0.5 s apart and their syncs together */
	e = calloc(2 * ph->nrank + 1, sizeof(*e));
	if (e && iol_strag_ends(job, ph, e + ph->nrank) < 0) {
		free(e);
		e = NULL;
	}
	for (k = 0; e && k < ph->njob; k++)
		if (!ph->job[k].other)
			phase_strag(&ph->job[k], ph->rank, e + ph->nrank,
				    ph->nrank, e, thr, in);
	if (!isfinite(in->v[IOL_TIN_STRAG]) && !why[0])
		snprintf(why, sizeof(in->s[0]),
			 "no phase with two or more ranks");
	free(e);
	if (ph == &own)
		iol_phases_free(&own);
	return 0;
}

static int measure(const struct iol_job *job, const char *log,
		   const struct iol_phases *ph, double strag_thr,
		   struct iol_triage_in *in, struct iol_error *err)
{
	struct iol_summary s;
	struct iol_opts o = {0, 0, 0};
	struct iol_jobrow row = {log ? log : "", job, &s};
	int rc, i;

	iol_triage_in_clear(in);
	rc = iol_summary_compute(job, &o, &s, err);
	if (rc < 0)
		return rc;
	for (i = 0; i < IOL_TIN_N; i++)
		measure_one(&row, i, in);
	/* DXT's re-reads: the log only, a store keeps the counters' */
	in->v[IOL_TIN_RED_DXT] = iol_triage_dxt_rereads(
		job, &in->v[IOL_TIN_RED_DXT_B], &in->v[IOL_TIN_RED_DXT_SH],
		&in->v[IOL_TIN_RED_DXT_RB]);
	in->have[IOL_TIN_RED_DXT] = in->have[IOL_TIN_RED_DXT_B] =
		in->have[IOL_TIN_RED_DXT_SH] = in->have[IOL_TIN_RED_DXT_RB] =
			isfinite(in->v[IOL_TIN_RED_DXT]);
	/* threads' overlap across records: the log only, like DXT's
	 * re-reads; a store caps the stakes at the run time alone */
	in->v[IOL_TIN_CONC_DXT] = iol_triage_dxt_overlap(job);
	in->have[IOL_TIN_CONC_DXT] = isfinite(in->v[IOL_TIN_CONC_DXT]);
	/* re-reads' seconds the slowest reads leave: the log only */
	in->v[IOL_TIN_RED_WARM] = iol_triage_warm_rereads(job);
	in->have[IOL_TIN_RED_WARM] = isfinite(in->v[IOL_TIN_RED_WARM]);
	/* small requests' own measured seconds: the log only */
	in->v[IOL_TIN_SMALL_OWN] =
		iol_triage_small_own(job, &in->v[IOL_TIN_SMALL_OWN_B]);
	in->have[IOL_TIN_SMALL_OWN] = in->have[IOL_TIN_SMALL_OWN_B] =
		isfinite(in->v[IOL_TIN_SMALL_OWN]);
	return measure_strag(job, ph, strag_thr, in, err);
}

static double io_top(const struct iol_triage_in *in, const char **layer);
static double run_res(const struct iol_triage_in *in);

double iol_triage_stake(const struct iol_triage_in *in)
{
	const char *layer;
	double t = io_top(in, &layer), np = in->v[IOL_TIN_NPROCS];

	if (!isfinite(in->v[IOL_TIN_IO_SLOWEST]))
		t = NAN;

	if (!isfinite(t) || !isfinite(np) || np < 1)
		return NAN;
	return t * np;
}

#define V(k) (in->v[IOL_TIN_##k])
#define S(k) (in->s[IOL_TIN_##k - IOL_TIN_NNUM])

/* Returns 0 evaluated, 1 evaluated and passing whatever the value (too
 * little data to matter), 2 evaluated and at most info (the pattern is
 * there by design), 3 evaluated, a structural pattern (material on the
 * share of the run alone), 4 as 3 and crossed whatever the value (bulk
 * STDIO time in little data), 5 evaluated, the pattern of another
 * rule's cause (at most info, unless that rule's finding makes it a
 * companion: see companions[]), 6 evaluated and crossed whatever the
 * value, judged by both impact floors (a second condition of its rule:
 * coll_beyond()), -1 not evaluated.  *stake: the seconds at stake
 * (NAN: none); c gives thresholds a rule reads besides its own. */
typedef int (*eval_fn)(const struct iol_triage_in *in,
		       const struct iol_triage_conf *c, double *v,
		       double *stake, char *d, size_t n);
#define K(k) (c->v[IOL_TK_##k])
/* The detail d of n bytes; n is 0 when the caller wants only the values
 * (a store's million rows): nothing is formatted then. */
#define DETAIL(...)                                  \
	do {                                         \
		if (n)                               \
			snprintf(d, n, __VA_ARGS__); \
	} while (0)
#define EVAL(name)                                                  \
	static int name(const struct iol_triage_in *in,             \
			const struct iol_triage_conf *c, double *v, \
			double *stake, char *d, size_t n)

/* fmt appended to the detail d of n bytes (n 0: no detail asked) */
static void dcat(char *d, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void dcat(char *d, size_t n, const char *fmt, ...)
{
	size_t l = n ? strlen(d) : 0;
	va_list ap;

	if (l >= n)
		return;
	va_start(ap, fmt);
	vsnprintf(d + l, n - l, fmt, ap);
	va_end(ap);
}

static double z(double x) /* no value (module absent) counts as 0 */
{
	return isfinite(x) ? x : 0;
}

/*
 * A pace for a detail, in MiB/s: whole, or three significant digits
 * from 1e12 MiB/s on, a pace only a damaged log's times give (4 EiB
 * written in 1 ns: 22 digits, which read as no figure; t/6168)
 */
static const char *mibs_text(double mibs, char *b, size_t n)
{
	snprintf(b, n, mibs < 1e12 ? "%.0f" : "%.3g", mibs);
	return b;
}

/* seconds for a detail, in three digits from 1e12 s on (a damaged log's
 * pace of a byte in years: t/6179) */
static const char *secs_text(double secs, char *b, size_t n)
{
	snprintf(b, n, secs < 1e12 ? "%.3f" : "%.3g", secs);
	return b;
}

/*
 * The MPI-IO time a rank that is waiting, not I/O (issue 34, round 17):
 * MPI-IO's metadata time beyond POSIX's (all processes', over the
 * processes), at most MPI-IO's time beyond POSIX's.  A collective
 * MPI_File_open or close waits for every rank, so a rank that computes
 * makes the others' MPI-IO time look like I/O: r17-straggler's rank 2
 * slept 3 s while ranks 0, 1 and 3 waited in the collective close
 * (MPIIO_F_META_TIME 10.57 s summed, POSIX write time 1.03 s a rank at
 * most; labelled IO-TIME and NO-COLLECTIVE false: a straggler rank).
 * Counted only when it is most of MPI-IO's time beyond POSIX's.  Files
 * of a sub-communicator keep a record a rank, and the slowest rank's own
 * wait there (mpiio_coll_wait, triwait.c) counts when the job-wide mean
 * dilutes it (r51-ens-sharedin: 3.36 s on rank 1, members of 2 ranks),
 * as does its wait in collective reads and writes for late ranks (round
 * 88's shared: 2.32 s of 4.89 s in MPI-IO over 0.86 s of POSIX).
 */
static double mpiio_meta_wait(const struct iol_triage_in *in)
{
	double np = z(V(NPROCS));

	return np >= 1 ? (z(V(MP_META)) - z(V(META_TOTAL))) / np : 0;
}

static double mpiio_wait_secs(const struct iol_triage_in *in)
{
	double np = z(V(NPROCS)), w, beyond;

	if (!(np >= 1))
		return 0;
	w = fmax(fmax(mpiio_meta_wait(in), z(V(MP_WAIT))), z(V(MP_DWAIT)));
	beyond = z(V(MPIIO_T)) - z(V(IO_SLOWEST));
	/* only when waiting is most of MPI-IO's time beyond POSIX's (a
	 * collective exchange's time is MPI-IO's read and write time), 5 %
	 * of the run, and material by issue 34's definition, at least 1 s
	 * a rank, or longer than POSIX's whole I/O time: a collective
	 * open's or close's ms (r4-mpiio-large's 0.065 s over 1.095 s of
	 * POSIX, mpi-io-test's) are no straggler, but an open or close
	 * taking longer than every byte the rank moved is no open's cost
	 * (r136-embed: 0.977 s a rank over 0.388 s of POSIX, of 1.490 s
	 * in MPI-IO beyond POSIX's; labelled false).  None when MPI-IO
	 * took less than POSIX's slowest rank (a hostile or cut log): a
	 * wait is never negative */
	return (w >= 1 || w > z(V(IO_SLOWEST))) && beyond > 0 &&
			       w * 2 >= beyond && w * 20 >= z(V(RUN_TIME))
		       ? fmin(w, beyond)
		       : 0;
}

/*
 * The job's I/O time a rank, by the slowest rank: the highest layer's
 * (MPI-IO, HDF5 datasets, PnetCDF variables) when it is above POSIX +
 * STDIO's, as summary prints them per module.  A collective job spends
 * most of its MPI-IO time in the exchange, which POSIX never sees.
 * *layer names it.
 */
/*
 * POSIX + STDIO's slowest rank, bounded by the run in an MPI job with
 * shared records (issue 34, round 116): a shared record gives only its
 * own slowest rank's time, and summed over records whose slowest ranks
 * differ it counts several ranks as one (r116-cksumall: 8.249 s over
 * 128 files all 4 ranks read, in a 4.022 s run; r62-couple4k: 11.131 s
 * in 6.482 s).  No rank spends more than the run; threads can, which
 * conc_share() scales, so only the sum it leaves is bounded here.
 */
static double conc_share(const struct iol_triage_in *in, double *wall,
			 double *sum);

static int io_slow_bounded(const struct iol_triage_in *in)
{
	double x, y;

	/* conc_share() scales an overlap or unshared records' sum already:
	 * bounded twice, r73-stepfile's threads would stake 3.9 s, not 11.7 */
	return V(NPROCS) > 1 && V(RUN_TIME) > 0 &&
	       z(V(IO_SLOWEST)) > V(RUN_TIME) && conc_share(in, &x, &y) >= 1;
}

static double io_slowest(const struct iol_triage_in *in)
{
	return io_slow_bounded(in) ? V(RUN_TIME) : z(V(IO_SLOWEST));
}

static double io_top(const struct iol_triage_in *in, const char **layer)
{
	double t = io_slowest(in);

	*layer = "POSIX+STDIO";
	/* less the waits in collective opens and closes */
	if (z(V(MPIIO_T)) - mpiio_wait_secs(in) > t)
		t = V(MPIIO_T) - mpiio_wait_secs(in), *layer = "MPI-IO";
	if (z(V(H5D_T)) > t)
		t = V(H5D_T), *layer = "HDF5";
	/* H5F's file metadata is HDF5 time that H5D's leaves out */
	if (z(V(H5_T)) > t)
		t = V(H5_T), *layer = "HDF5";
	if (z(V(PNC_T)) > t)
		t = V(PNC_T), *layer = "PnetCDF";
	return t;
}

/* The slowest rank's read + write time (POSIX + STDIO): the time of the
 * bytes themselves, without metadata. */
static double data_time(const struct iol_triage_in *in)
{
	return z(V(RTIME)) + z(V(WTIME));
}

/*
 * A job cut short (issue 34, round 50): a file written and left open
 * whose last write ends after the logged end, beyond the run time's
 * resolution and a skew allowance.  A log Darshan finalised takes its
 * end after its records' I/O (each process's timestamps and its end on
 * its own clock), so no file ends past it; a killed job's log, its mmap
 * files merged by an epilog with the end it was given, can.  The open
 * file tells it from a damaged timestamp alone; files left open to exit
 * end before the end.  Standard streams are left out (tricut.c): a line
 * to stdout can land a few ms after the end was taken (r50-end-coll: 11
 * ms), within the allowance too.  Over 2233 logs (rounds, reruns,
 * corpus, population, bench, mirrors) only the killed jobs and their
 * reruns end past it: r50-kill-ckpt 1.93 s past 11.05 s, r50-kill-py
 * 0.257 s past 11.61 s; the nearest complete log, -0.52 s.
 */
#define CUT_SKEW_S 0.1

static int cut_short(const struct iol_triage_in *in)
{
	return isfinite(V(CUT_SHORT)) &&
	       V(CUT_SHORT) > run_res(in) + CUT_SKEW_S;
}

EVAL(e_incomplete)
{
	const char *p = S(INCOMPLETE);
	int never = isnan(V(RUN_TIME)), cut = !never && cut_short(in);

	(void)c, (void)stake;
	*v = 0;
	while (*p) {
		p += strspn(p, " ");
		if (*p)
			*v += 1;
		p += strcspn(p, " ");
	}
	/* a log never finalised (Darshan's mmap file of a process that did
	 * not end through it) has no end time: all of it is incomplete */
	*v += never || cut;
	DETAIL("%s%s%s", S(INCOMPLETE),
	       S(INCOMPLETE)[0] && (never || cut) ? "; " : "",
	       never ? "the log was never finalised (no end time)" : "");
	if (cut)
		dcat(d, n,
		     "the job did not end: a file written and left open has "
		     "its last write %.3g s after the logged end (killed; the "
		     "log is what Darshan held then)",
		     V(CUT_SHORT));
	return 3;
}

/*
 * An open storm (issue 34, rounds 4, 6 and 11): a file or a few opened
 * again and again, an open and close per record or per lookup (20000
 * opens of one file and no I/O: 0.26 s, 74 % of the run).  Like a file
 * storm it is a structural pattern: each open is a metadata round trip
 * that no request size can save, so it is material on its share of the
 * run.  The count tells it from a program's own opens: at least
 * storm_files POSIX opens a process, and at least storm_reopens opens a
 * file, a file shared by the ranks counted once a rank (max(files,
 * nprocs)): a program opens a file once or a few times, to read it, to
 * write it, through HDF5 or MPI-IO (1-4 a file; 65536 ranks opening one
 * file once each are 1 a rank), and python's imports open each module
 * twice; a storm opens each hundreds of times.  *per: opens a file.
 */
/* POSIX opens and STDIO's: an fopen per record is an open per record
 * too, and Darshan's POSIX module does not see the open inside fopen
 * (r14-reopen-log: 20000 fopen/fclose of one log file, one a line, 0
 * POSIX opens).  NAN when neither module was logged. */
static double storm_opens(const struct iol_triage_in *in)
{
	if (!isfinite(V(POPENS)) && !isfinite(V(SOPENS)))
		return NAN;
	return z(V(POPENS)) + z(V(SOPENS));
}

static int open_storm(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c, double *per)
{
	double np = V(NPROCS), opens = storm_opens(in);

	*per = 0;
	if (!isfinite(opens) || !(np > 0))
		return 0;
	*per = opens / fmax(fmax(z(V(FILES)), np), 1);
	return opens / np >= K(STORM) && *per >= K(STORM_REOPENS);
}

/*
 * STDIO's seeks where they far outnumber its opens (issue 34, round 49):
 * at least SEEKS_AN_OPEN seeks an fopen.  Darshan puts fseek's time in
 * STDIO_F_META_TIME beside fopen's and fclose's (darshan-stdio.c), and a
 * seek drops the stream's buffer, so the next read refills it where the
 * seek landed.  The seconds a rank, stdio_seek_time (jobrow.c's
 * estimate, at most META_SLOW), and *us a seek.  A program's own few
 * seeks an open (headers, a rewind, python's one a file) are left alone.
 */
#define SEEKS_AN_OPEN 10.0

static double stdio_seek_part(const struct iol_triage_in *in, double *us)
{
	double sk = z(V(SSEEKS)), t = fmin(z(V(SSEEK_T)), z(V(META_SLOW)));

	*us = 0;
	if (!(t > 0) || !(sk >= SEEKS_AN_OPEN * fmax(z(V(SOPENS)), 1)))
		return 0;
	*us = t / (sk / fmax(1, z(V(NPROCS)))) * 1e6;
	return t;
}

/*
 * Those seeks' seconds when each waits for the device, stdio_wait_us or
 * more: its refill is a read from the device, so the time is the
 * requests', not the files' (r49-hash-probe: 2 fopens and 3002 fseeks a
 * rank on throttled storage, 2.65 ms each, 7.96 s; labelled META-BOUND
 * false, the cause a small random request a probe).  Seeks of
 * microseconds are system calls served from the page cache, metadata as
 * Darshan counts it (r45-stdio-seek: 1000001 fseeks a rank, 9.4 us each,
 * labelled META-BOUND material, the same cause as STDIO-SHARE).
 */
static double stdio_seeks_time(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c)
{
	double us, t = stdio_seek_part(in, &us);

	return K(STDIO_WAIT) > 0 && us >= K(STDIO_WAIT) ? t : 0;
}

static double sync_secs(const struct iol_triage_in *in,
			const struct iol_triage_conf *c);

/*
 * Whether the metadata time is what each open does, not how many there
 * are (issue 34, round 62): every reopen (the opens beyond a first one a
 * file, as open_storm() counts them) writes and syncs its file, and the
 * syncs repeat as IOL-FSYNC judges them (sync_secs()).  A file truncated
 * or created, written, fsync'ed and renamed over its target once a task
 * pays the truncate of synced data, the create and the rename on the
 * device at each open (ext4 flushes a file replaced by rename or
 * truncate), so the time follows the writes, not the opens' count:
 * r62-manifest, 1000 opens and 1000 fsyncs of manifest.tmp, 1.32 ms of
 * metadata an open; its append twin makes the same 1000 opens with no
 * sync, 10-13 us an open (labelled META-BOUND false, the cause FSYNC's).
 * Opening each file once saves none of it; syncing once does.  An open
 * storm beside a few synced files keeps more reopens than syncs.
 */
static int meta_of_synced_opens(const struct iol_triage_in *in,
				const struct iol_triage_conf *c)
{
	double np = z(V(NPROCS)), opens = z(V(POPENS));
	double reopens = opens - fmax(fmax(z(V(FILES)), np), 1);

	return reopens > 0 && z(V(PSYNCS)) >= reopens &&
	       z(V(PWRITES)) >= reopens && sync_secs(in, c) > 0;
}

/*
 * The metadata seconds META-BOUND leaves to IOL-FSYNC's part of
 * IO-TIME's causes: what e_meta() would stake, POSIX's metadata less
 * STDIO's seeks (IOL-STDIO-SHARE's), when its opens each sync what they
 * wrote (meta_of_synced_opens()).  None when HDF5's metadata, above
 * POSIX's, is META-BOUND's own stake: it holds POSIX's opens, and
 * adding them to FSYNC's counted them twice (t/6181).
 */
static double meta_of_fsync(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c)
{
	if (z(V(H5_META)) > V(META_SLOW) || !meta_of_synced_opens(in, c))
		return 0;
	return fmax(z(V(META_SLOW)) - stdio_seeks_time(in, c), 0);
}

/* Metadata against the I/O time a rank spends at the highest layer;
 * STDIO's seeks far beyond its opens are the requests' time, told by
 * IOL-STDIO-SHARE (stdio_seeks_time()), not the files'.  Metadata of
 * opens that each sync what they wrote is IOL-FSYNC's cause
 * (meta_of_synced_opens()): at most info. */
EVAL(e_meta)
{
	const char *layer;
	double io = io_top(in, &layer), meta, per, seek, us;
	int h5, storm, synced;

	if (!isfinite(V(META_SLOW)) || !(io > 0)) {
		DETAIL("no I/O time in the log");
		return -1;
	}
	/* HDF5's own metadata (H5F opens and closes, H5D's dataset opens)
	 * where it is above POSIX's, as HDF5's time is in io_top(): the
	 * objects' headers it reads and writes are sub-KiB POSIX requests,
	 * not POSIX metadata (r5-h5-meta: 1.05 s in HDF5, 0.0001 s in
	 * POSIX's) */
	h5 = z(V(H5_META)) > V(META_SLOW);
	meta = h5 ? V(H5_META) : V(META_SLOW);
	seek = h5 ? 0 : stdio_seeks_time(in, c);
	*v = 100.0 * (meta - seek) / io;
	*stake = meta - seek;
	storm = !h5 && open_storm(in, c, &per);
	DETAIL("%.3f s metadata a rank (the most of any rank%s) of %.3f s "
	       "I/O a rank in %s; %.3f s over all processes",
	       meta, h5 ? ", HDF5's H5F and H5D, above POSIX's" : "", io, layer,
	       z(V(META_TOTAL)));
	/* the clause that makes it info first: detail_fit() cuts the end
	 * of a detail over 400 bytes (t/6182) */
	synced = !h5 && meta_of_synced_opens(in, c);
	if (synced && n)
		dcat(d, n,
		     "; but IOL-FSYNC's cause: %.0f syncs and %.0f writes, "
		     "each reopen writes and syncs, so the time is what the "
		     "opens do to synced data (truncate, create, rename)",
		     z(V(PSYNCS)), z(V(PWRITES)));
	if (!h5 && !(seek > 0) && n && stdio_seek_part(in, &us) > 0)
		dcat(d, n,
		     "; of it STDIO's %.0f seeks, %.0f us each: system calls "
		     "(under stdio_wait_us), the same cause as IOL-STDIO-SHARE",
		     z(V(SSEEKS)), us);
	if (seek > 0 && n)
		dcat(d, n,
		     "; %.3f s of it STDIO's %.0f seeks' (%.0f fopens; "
		     "estimated), each waiting for the device's refill "
		     "(stdio_wait_us): the requests' time (IOL-STDIO-SHARE), "
		     "left out",
		     seek, z(V(SSEEKS)), z(V(SOPENS)));
	if (storm && n) {
		dcat(d, n,
		     "; an open storm: %.0f POSIX opens, %.0f a file "
		     "(a shared file once a rank; storm_reopens %.0f)",
		     z(V(POPENS)), per, K(STORM_REOPENS));
		if (z(V(SOPENS)) > 0) {
			dcat(d, n, " and %.0f STDIO opens", V(SOPENS));
		}
	}
	return synced ? 5 : storm ? 3 : 0;
}

/*
 * A storm of small files read whole (r6-py-many: python reading 15000
 * files of ~230 B, 0.65 s of a 1.15 s run): files the job did not
 * create, at least storm_files of them and creates_per_proc a process,
 * under small_file_bytes read each on average, and at most two reads a
 * file an open (the file and its EOF; round 29's dl-npy-many reads its
 * 2000 files once an epoch, 3 epochs): the open and the request are the
 * cost, and no request can grow without fewer files.  Its stake is the
 * slowest rank's metadata and small files' read and write time
 * (storm_data()).  Fewer files are no storm: a python program's
 * hundreds of imports (round 1) or 500 data files (r6-py-few) cost
 * milliseconds an open.
 */
static int read_storm(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c, double *nf, double *each)
{
	double np = V(NPROCS), files = z(V(FILES));

	*nf = files - z(V(CREATES));
	*each = *nf > 0 ? z(V(BYTES_R)) / *nf : 0;
	/* files no POSIX read touched are not a read storm: r75-everystep's
	 * 2001 files written through STDIO alone (no POSIX record, so none
	 * counted created) were told "read whole, 0 B a file" */
	if (!(z(V(BYTES_R)) > 0) && !(z(V(PREADS)) > 0))
		return 0;
	return *nf >= K(STORM) && np > 0 && *nf / np >= K(CREATES) &&
	       *each <= K(SMALLFILE_B) &&
	       z(V(PREADS)) <= 2 * fmax(files, z(V(POPENS)));
}

/*
 * A file storm's data time: the slowest rank's reads and writes of small
 * files, from the per-file records (small_file_time), which one packed
 * file would spare with their opens (issue 34, round 29: dl-npy-many's
 * 0.181 s of 9061 reads beside 0.141 s of metadata, 9 % of the run where
 * the metadata alone is 4.1 %).  A store ingested before the field
 * has none: then the read time, or nothing for created files.
 */
static double storm_data(const struct iol_triage_in *in, int reading)
{
	if (isfinite(V(SMALLF_T)))
		return V(SMALLF_T);
	return reading ? z(V(RTIME)) : 0;
}

/*
 * IOL-SMALL-FILES: what packing a read storm's files into one would not
 * save (issue 34, round 16): the bytes, read at a large read's pace
 * (large_pace(), or the job's own large reads' if faster), at most the
 * small files' data time; the opens and each file's calls are what
 * packing saves.
 * r16-rsync-send: 2000 files of 8.9 KB read once each, 17.7 MB in
 * 0.096 s of reads and 0.013 s of opens, 5.8 % of a run spent waiting
 * on the receiver (labelled trivial): 0.066 s of it is the bytes.
 * r6-py-many's 15000 files of 231 B (3.5 MB) keep 0.013 s of 0.65 s.
 */
static double large_pace(const struct iol_triage_conf *c, int reading);

/*
 * Whether the job's own large reads' pace (records whose reads are all
 * 1 MiB or more) replaces rate, the configuration's: when faster, as
 * before, and when slower too unless a site set full_rate_mibs (issue
 * 34, round 39): read_rate_mibs is assumed where the log shows nothing,
 * and a job whose 1 MiB reads ran at 60 MiB/s shows what larger
 * requests would meet on its storage; 256 MiB/s there kept too little of
 * the small reads' time and staked the rest as if larger requests were
 * four times faster than the job's own.
 */
static int own_read_pace(const struct iol_triage_in *in,
			 const struct iol_triage_conf *c, double rate)
{
	if (!isfinite(V(LARGE_READ)) || !(V(LARGE_READ) > 0))
		return 0;
	return V(LARGE_READ) > rate || !(K(FULL_RATE) > 0);
}

static double storm_read_kept(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double *rate)
{
	double b;

	/* the job's large reads only when faster: one large file read
	 * beside a storm is not how a packed file of the storm's would be
	 * read (t/7444: round 29's dl-npy-many storm, staked whole by its
	 * labeller, with an 8 MiB file read at 27 MiB/s beside it) */
	*rate = large_pace(c, 1);
	if (isfinite(V(LARGE_READ)) && V(LARGE_READ) > *rate)
		*rate = V(LARGE_READ);
	if (!(*rate > 0))
		return 0;
	/* each small file's bytes once: reading them again is the page
	 * cache's in a packed file as in the storm */
	b = z(V(BYTES_R));
	if (isfinite(V(SMALLF_SPAN)))
		b = fmin(b, V(SMALLF_SPAN));
	return fmin(storm_data(in, 1), b / 1048576.0 / *rate);
}

static double first_sync_recs(const struct iol_triage_in *in, double old);
static double posix_flush_secs(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c);

/*
 * The slowest rank's write time that is the wait of syncs made once a
 * file over many files (issue 34, round 99): Darshan adds each fsync's
 * time to POSIX_F_WRITE_TIME, and a file of few writes synced on its
 * own pays a device commit a file whatever its bytes.  Only when the
 * syncs are over fsync_per_write_pct of the writes (a sync every few
 * writes), at least fsync_per_file synced records a process, each
 * synced under fsync_commit_syncs more times, and the write time beyond
 * the bytes' flush (posix_flush_secs()) and writeback_call_us a write
 * is at least half of it (a store without synced_write_records: none).
 * A checkpoint's one closing fsync a rank
 * stays forgiven: too few files.  r99-cachefsync: 800 cache files of
 * 1-10 KiB, one fsync each, 2.18 s of write time; its twin without the
 * syncs wrote them in 0.020 s (FSYNC labelled material, SMALL-FILES and
 * SMALL-REQ trivial).  0: none.
 */
static double once_sync_secs(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c)
{
	double np = fmax(1, z(V(NPROCS))), w = z(V(PWRITES));
	double s = z(V(PSYNCS)), recs, wait;

	/* a store from before synced_write_records cannot tell a file
	 * synced once from one never synced */
	if (!(w > 0) || !(s > 0) || !in->have[IOL_TIN_SYNC_RECS])
		return 0;
	recs = first_sync_recs(in, NAN);
	if (!(recs > 0) || !(100.0 * s / w > K(FSYNC)) ||
	    recs / np < K(FSYNC_FILE) || (s - recs) / recs >= K(FSYNC_COMMIT))
		return 0;
	wait = z(V(WTIME)) - posix_flush_secs(in, c) -
	       w / np * K(WB_CALL) / 1e6;
	return wait >= z(V(WTIME)) / 2 ? wait : 0;
}

/*
 * Whole-file writes that wait on the device (issue 34, round 64): a
 * storm of created small files (storm_creates or more) whose writes on
 * the slowest rank took at least twice its metadata time, each write ten
 * times or more its bytes' transfer at the write pace.  Packing the files
 * spares their opens; the writes' waits go only as fewer, larger writes.
 * r64-storm32: 768 files of 4 KiB, 24 a rank, 1.380 s of writes (57 ms
 * each) beside 0.501 s of metadata; its twin of 64 files with the same
 * 4 KiB writes was no faster, the twin with one 48 KiB write a file took
 * 0.17-0.25 s.  The details' clause; the verdict is
 * whole_write_waits()', which asks no share of the metadata (the
 * writes' share moves across a program's reruns, 2.7-3.9 times).
 * *t: the writes' seconds, *each: a write's.
 */
static int writes_wait(const struct iol_triage_in *in,
		       const struct iol_triage_conf *c, double *t, double *each)
{
	double w = z(V(PWRITES)), np = z(V(NPROCS)), xfer;

	*t = fmin(storm_data(in, 0), z(V(WTIME)));
	*each = np > 0 && w >= np ? *t / (w / np) : 0;
	if (!(*each > 0) || !(z(V(CREATES)) >= K(STORM_CREATES)) ||
	    !(large_pace(c, 0) > 0))
		return 0;
	xfer = z(V(BYTES_W)) / w / 1048576.0 / large_pace(c, 0);
	return *each >= 10 * xfer;
}

static int storm_write_waits(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, double *t,
			     double *each)
{
	return writes_wait(in, c, t, each) && *t >= 2 * z(V(META_SLOW));
}

static int whole_files(const struct iol_triage_in *in);

/*
 * Whole-file writes that wait on the device are a cause of their own
 * (issue 34, rounds 148, 173, 175): a storm of created small files
 * (storm_creates or more), each written in one request, each write ten
 * times or more its bytes' transfer at the write pace, whatever the
 * metadata beside them.  Fewer files with the same small writes keep
 * the waits; only fewer, larger writes save them.  r173-tracer: 800
 * files of 2 KiB on a sync mount, 2.03 s of writes (8-10 ms each)
 * beside 4.9 s of metadata; its one-file-a-rank twin, the same writes
 * appended, still spent 1.65-1.85 s in them, its twin buffering 10
 * steps 0.27 s.  r175-stepstorm (800 files of 8 KiB, 2.7 s) and
 * r148-shards (800 of ~560 B, 5.9 s) the same; r64-storm32's labels
 * name them so.  Judged by time as IOL-SMALL-REQ's, out of the storm's
 * stake.  r39-mdtest-1000u (7.3 ms a 4 KiB write, 1.8 s) was labelled
 * the storm's alone, without a twin.
 */
static int whole_write_waits(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, double *t,
			     double *each)
{
	/* writes of 10 KiB or more are not small requests however many
	 * files they fill (r73-stepfile's 64 KiB, r160-coil's 32 KiB,
	 * labelled false or trivial): Darshan's three lowest bins */
	return whole_files(in) && writes_wait(in, c, t, each) &&
	       z(V(BYTES_W)) <= 10240.0 * z(V(PWRITES));
}

EVAL(e_small);

/*
 * The storm's write time IOL-SMALL-REQ stakes (issue 34, round 134): a
 * stake is what fixing one cause saves, and files written in many small
 * requests each are written in fewer, larger requests whether packed or
 * not, so when SMALL-REQ warns of them (crossed, and judged: not whole
 * files, not too few, over the impact floor) their time is its, not
 * the storm's (r129-statewal's rerun: SMALL-REQ under its floor, the
 * storm's 0.033 s, 6 %, kept).  Only the share of the POSIX requests
 * that are not each a whole file (whole_some()'s), at most SMALL-REQ's
 * stake.  r134-blkfiles: 720 files of 4 writes of 4-16 KiB, 7.26 s of
 * writes a rank beside 1.80 s of metadata; the per-rank-file twin with
 * the same writes saved 1.16 s, the whole-block twin 6.90 s more.  0:
 * none is SMALL-REQ's.
 */
static double storm_small_req(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double data)
{
	double v, st, ops = z(V(PREADS)) + z(V(PWRITES)), rt = V(RUN_TIME);
	double wt, we;
	int rc, own = whole_write_waits(in, c, &wt, &we);

	/* three writes a created file or more: written in pieces, not in
	 * a request or a buffer and its tail (r34-untar: tar's 10 KiB
	 * record, 3116 writes on 1546 files of 10.6 KiB, labelled the
	 * storm's alone; no request size saves it); or whole-file writes
	 * that wait on the device (whole_write_waits()) */
	if (!(data > 0) || !(ops > 0) ||
	    (!own && (whole_files(in) || z(V(PWRITES)) < 3 * z(V(CREATES)))))
		return 0;
	/* and the small requests' time mostly the storm's files': a
	 * database's page writes beside its result files, a manifest's
	 * rewrites beside thumbnails, are their own (r129-statedb's
	 * journal, r133-manifest's REDUNDANT flushes) */
	if (z(V(SMALL_T)) > 2 * storm_data(in, 0))
		return 0;
	rc = e_small(in, c, &v, &st, NULL, 0);
	if (!(rc == 0 || rc == 3) || !(v > K(SMALL)) || !(st > 0))
		return 0;
	/* under the impact floor (impact_on()'s): SMALL-REQ tells none of
	 * it; a structural pattern needs only the share of the run */
	if ((rt > 0 && 100.0 * st / rt < K(MIN_PCT)) ||
	    (rc == 0 && st < fmax(K(MIN_S), run_res(in))))
		return 0;
	if (own)
		return fmin(st, data);
	return fmin(st, data * fmax(0, ops - z(V(WHOLE_OPS))) / ops);
}

/* Whose a created storm's write time is, when not all the storm's:
 * SMALL-REQ's (sreq, storm_small_req()), FSYNC's, or the device's */
static void storm_write_note(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, double sreq,
			     char *d, size_t n)
{
	double wt, we;

	if (!n)
		return;
	if (sreq > 0 && whole_files(in)) {
		dcat(d, n,
		     "; %.3f s of it whole-file writes waiting on the "
		     "device: IOL-SMALL-REQ's, not at stake",
		     sreq);
	} else if (sreq > 0) {
		dcat(d, n,
		     "; %.3f s of it small requests, many a file: "
		     "IOL-SMALL-REQ's, not at stake",
		     sreq);
	} else if (once_sync_secs(in, c) > 0) {
		dcat(d, n,
		     "; %.3f s of writes waiting on a sync a file: "
		     "IOL-FSYNC's, not at stake",
		     fmin(storm_data(in, 0), once_sync_secs(in, c)));
	} else if (storm_write_waits(in, c, &wt, &we)) {
		dcat(d, n,
		     "; %.3f s of it writes waiting on the device (%.1f ms "
		     "each): saved only as fewer, larger writes",
		     wt, 1000 * we);
	}
}

/* A storm is many files that are small: files whose data costs less
 * than their create (under small_file_bytes written each on average).
 * 42 files of 256 KiB by one python process is no storm.  It is a
 * structural pattern from storm_files created in the job, as read
 * (issue 34: issue's expert, "400 files is no storm", 2200 "a real
 * file storm"; no round called 1000 or more no storm).  Fewer are
 * judged by the time floors: mdtest's 400 files of 4 KiB cost 0.01-0.16
 * s, 1-14 % of a 1.1 s run, and judged on that share one configuration
 * got two verdicts (c15: 7 of 12 runs the modal one).  Or a storm of
 * small files read whole (read_storm()). */
EVAL(e_creates)
{
	double each, nf, rd, data, sreq = 0;

	if (!isfinite(V(CREATES_PP))) {
		DETAIL("no process count or file records");
		return -1;
	}
	*v = V(CREATES_PP);
	*stake = z(V(META_SLOW));
	each = V(CREATES) > 0 ? z(V(BYTES_W)) / V(CREATES) : 0;
	if ((V(CREATES) < K(STORM_CREATES) || each > K(SMALLFILE_B)) &&
	    read_storm(in, c, &nf, &rd)) {
		double rate, kept = storm_read_kept(in, c, &rate);

		*v = nf / V(NPROCS);
		*stake = z(V(META_SLOW)) + storm_data(in, 1);
		DETAIL("%.0f files read and not created, about %.0f B read a "
		       "file in %.0f POSIX reads: a storm of small files "
		       "read whole; %.3f s metadata and small files' reads "
		       "and writes a rank",
		       nf, rd, z(V(PREADS)), *stake);
		*stake -= kept;
		if (n && kept > 0) {
			dcat(d, n,
			     "; %.3f s: the bytes at %.0f MiB/s, read "
			     "however packed, not saved",
			     kept, rate);
		}
		return 3;
	}
	/* small created files: their writes and reads are the storm's too */
	/* the write time of syncs once a file is FSYNC's */
	if (each <= K(SMALLFILE_B)) {
		data = storm_data(in, 0) -
		       fmin(storm_data(in, 0), once_sync_secs(in, c));
		sreq = storm_small_req(in, c, data);
		*stake += data;
	}
	DETAIL("%.0f files created (%s), %.0f files, about %.0f B written "
	       "a created file; %.3f s metadata and small files' I/O a "
	       "rank%s",
	       V(CREATES), V(CREATES_EXACT) > 0 ? "exact" : "estimated",
	       V(FILES), each, *stake,
	       each > K(SMALLFILE_B)   ? " (files not small: no storm)"
	       : V(CREATES) < K(STORM) ? " (under storm_files: judged by "
					 "time)"
				       : "");
	*stake -= sreq;
	if (each > K(SMALLFILE_B))
		return 1;
	storm_write_note(in, c, sreq, d, n);
	return V(CREATES) < K(STORM) ? 0 : 3;
}

/* POSIX reads and writes under 10 KiB (Darshan's three lowest bins:
 * the 4 KiB pages of a database, the lines of a text file). */
static double tiny_ops(const struct iol_triage_in *in)
{
	double t = 0;
	int b;

	for (b = 0; b < 20; b++)
		if (b % 10 < 3)
			t += z(in->v[IOL_TIN_BIN0 + b]);
	return t;
}

/* Most small requests are tiny: a structural pattern (4 KiB requests)
 * that costs its share of the run even in a short job. */
static int tiny(const struct iol_triage_in *in, double small)
{
	return small > 0 && tiny_ops(in) * 2 >= small;
}

/* The files a job's POSIX requests could be spread over: every file, or
 * the written records (a shared record once a process) if more. */
static double whole_nfiles(const struct iol_triage_in *in)
{
	return fmax(z(V(FILES)), z(V(PWRECS)));
}

/*
 * Small requests that are whole files: at most one read and one write a
 * file (mdtest's 100,000 files of 4 KiB).  Such a request cannot grow
 * without fewer files, so the advice to buffer into larger requests does
 * not apply; the file storm is the finding (IOL-SMALL-FILES).  A shared
 * record's many ranks, or a file written in pieces, makes more requests
 * than files.
 */
static int whole_files(const struct iol_triage_in *in)
{
	double ops = z(V(PREADS)) + z(V(PWRITES)), nf = whole_nfiles(in);

	return nf >= 2 && ops > 0 && ops <= 2 * nf;
}

/*
 * IOL-SMALL-REQ: of its rest small requests, those that are each a
 * whole file when only some are (issue 34, round 16): r16-git-clone's
 * 2000 checkout writes, one a file, beside a pack copied in 8 KiB
 * pieces, were staked as requests to buffer (0.495 s, 5.4 % of the
 * run) where only the pack's 0.15 s could grow; the files' number is
 * the cost, SMALL-FILES' and META-BOUND's.  When all are whole files,
 * whole_files() tells it; then none is taken here.
 */
static double whole_some(const struct iol_triage_in *in, double rest)
{
	if (whole_files(in) || !(rest > 0))
		return 0;
	return fmin(z(V(WHOLE_OPS)), rest);
}

/* The job's POSIX operations under 1 MiB (as IOL-SMALL-REQ counts). */
static double job_small(const struct iol_triage_in *in)
{
	double small = 0;
	int b;

	for (b = 0; b < 20; b++)
		if (b % 10 < 5)
			small += z(in->v[IOL_TIN_BIN0 + b]);
	return small - fmin(z(V(ONEMIB)), small);
}

/*
 * The layer whose small requests carry the time: MPI-IO when its calls
 * under 1 MiB cost a rank more than POSIX's (r4-mpiio-coll-small: 2000
 * collective calls of 4 KiB, 7.3 s a rank in MPI-IO, which POSIX sees as
 * 32 KiB aggregated writes of 0.03 s), else POSIX.  Only when the
 * pattern is there, small calls over the rule's share of MPI-IO's: a
 * record's time is split by counts, so a few hundred small calls beside
 * 100,000 large collective ones would take their time (e3sm: 200 writes
 * of 100 B, "1.4 s", in a record of 683 s a rank).
 */
static int mpiio_small_layer(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c)
{
	return z(V(MP_SMALL)) > 0 && z(V(MP_OPS)) > 0 &&
	       100.0 * V(MP_SMALL) / V(MP_OPS) > K(SMALL) &&
	       z(V(MP_SMALL_T)) > z(V(SMALL_T));
}

/* The same for the shared files' small requests */
static int mpiio_shsmall_layer(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c)
{
	return z(V(MP_SHSMALL)) > 0 && z(V(MP_SHOPS)) > 0 &&
	       100.0 * V(MP_SHSMALL) / V(MP_SHOPS) > K(SHSMALL) &&
	       z(V(MP_SHSMALL_T)) > z(V(SHSMALL_T));
}

/*
 * The slowest rank's POSIX time, the storage's side of MPI-IO's calls:
 * its record time, not the read + write split, which for a shared
 * record is the ranks' mean (r7-nc-indep: 0.025 s a rank, while one
 * 4 KiB write of its slowest rank took 0.047 s, F_MAX_WRITE_TIME).
 * Its STDIO time is no POSIX record's.
 */
static double posix_slowest(const struct iol_triage_in *in)
{
	return fmax(z(V(IO_SLOWEST)) - z(V(STDIO_T)), data_time(in));
}

/* A large request's pace, MiB/s, as far as the configuration tells it:
 * full_rate_mibs if a site set it, else read_rate_mibs for a reader and
 * write_rate_mibs for a writer (the rules that know the job's own large
 * reads' pace raise it to that) */
static double large_pace(const struct iol_triage_conf *c, int reading)
{
	return K(FULL_RATE) > 0 ? K(FULL_RATE)
	       : reading	? K(READ_RATE)
				: K(WRITE_RATE);
}

/*
 * Whether the slowest rank's POSIX time under MPI-IO is the pace any
 * call would meet (issue 34, round 39): the storage's requests not
 * mostly under 10 KiB (4 KiB requests cost a call each, whatever the
 * call above them).  Collective buffering hands the storage the
 * aggregators' requests, independent calls pass through as they are:
 * either way that POSIX time is the bytes' transfer that larger calls
 * pay as well; what they save is the MPI-IO time beyond it (the
 * exchange rounds, the layer's own cost a call).
 * r39-mpiio-coll-64k: 2048 collective calls of 64 KiB, 4.519 s a rank
 * in MPI-IO over 2.53 s of POSIX on the aggregator (64 MiB each way on
 * storage of 32 MiB/s); 16 MiB calls and independent ones saved 2.03-2.45
 * s, where an assumed 256 MiB/s kept 0.5 s and staked 4.02 s.
 * r39-mpiio-indep-64k: 2048 independent calls of 64 KiB, 2.663 s a rank
 * in MPI-IO over 2.595 s of POSIX writes at 24 MiB/s; 16 MiB collective
 * calls saved 0.42 s (labelled trivial), where 256 MiB/s staked 2.16 s.
 */
static double posix_rw_ops(const struct iol_triage_in *in);

static int mpiio_posix_paced(const struct iol_triage_in *in)
{
	double all = posix_rw_ops(in);

	return all > 0 && tiny_ops(in) * 2 < all;
}

/* Where mpiio_rate()'s pace comes from: a site's, the log's, assumed */
enum pace_src { PACE_SITE, PACE_LOG, PACE_ASSUMED };

/*
 * The pace of large MPI-IO calls on this storage, MiB/s over the job:
 * full_rate_mibs if a site set it; else the pace the storage showed
 * under MPI-IO, the job's bytes over the slowest rank's POSIX time, when
 * faster than a large call's estimated pace: read_rate_mibs (or the
 * job's own large reads', if faster) when most of the job's bytes are
 * MPI-IO reads, else write_rate_mibs; or that shown pace even when
 * slower, when the storage's requests are not tiny (mpiio_posix_paced()):
 * an estimate the log contradicts is not kept.  The source is
 * told (*src): an assumed pace is said to be one.  Collective buffering's
 * aggregators write 16 GiB in 9.1 s (1.8 GiB/s,
 * bench/mpiio-collective-big): larger calls save the 30 s of rounds
 * beyond it, not beyond 64 s at 256 MiB/s.
 */
static double mpiio_rate(const struct iol_triage_in *in,
			 const struct iol_triage_conf *c, enum pace_src *src)
{
	double rate, b = z(V(BYTES_R)) + z(V(BYTES_W)), t = posix_slowest(in);
	int reading = z(V(MPIIO_BR)) * 2 > b;

	*src = PACE_SITE;
	if (K(FULL_RATE) > 0)
		return K(FULL_RATE);
	*src = PACE_ASSUMED;
	rate = large_pace(c, reading);
	if (reading && own_read_pace(in, c, rate))
		rate = V(LARGE_READ), *src = PACE_LOG;
	if (rate > 0 && t > 0 && b > 0 &&
	    (mpiio_posix_paced(in) || b / 1048576.0 / t > rate))
		rate = b / 1048576.0 / t, *src = PACE_LOG;
	return rate;
}

/*
 * What larger calls cannot save of the small MPI-IO calls' t seconds
 * (issue 34, round 13): they move the same bytes, which at a large
 * call's pace over the job (mpiio_rate(); all ranks share the storage)
 * take the bytes over the pace.  The small calls' bytes are at most the
 * job's less a MiB for each large call, and at most each bin's upper
 * bound (the 1 KiB-10 KiB bin's 10 KiB), so what is kept is never too
 * little.  16384 independent 4 KiB writes of 64 MiB in 0.16 s on the
 * slowest rank (r13-indep-il4k: page-cache pace, 400 MiB/s over the job)
 * keep it all: the same bytes in 1 MiB pieces were not faster; 2048
 * collective rounds of 4 KiB a rank in 7.4 s (r13-coll-il4k) keep 0.03 s.
 */
static double mpiio_kept(const struct iol_triage_in *in,
			 const struct iol_triage_conf *c, double ms, double ops,
			 double t, double *rate, enum pace_src *src)
{
	double tiny = fmin(z(V(MP_TINY)), ms);
	double b = z(V(BYTES_R)) + z(V(BYTES_W)) - (ops - ms) * 1048576.0;

	b = fmin(b, tiny * 10240.0 + (ms - tiny) * 1048576.0);
	*rate = mpiio_rate(in, c, src);
	if (!(*rate > 0) || !(b > 0) || !(t > 0))
		return 0;
	return fmin(t, b / 1048576.0 / *rate);
}

/* The share of the MPI-IO layer's small calls that data sieving served
 * (mpiio_sieved_share; 0 for a store made before it) */
static double sieved_share(const struct iol_triage_in *in)
{
	double s = V(MP_SIEVED);

	return isfinite(s) ? fmin(fmax(s, 0), 1) : 0;
}

/*
 * The slowest rank's seconds in small MPI-IO calls: the record's time
 * split over the ranks (MP_SMALL_T), or, when every POSIX read and write
 * is small too and most calls are independent (they go through as they
 * are), the slowest rank's own POSIX time (posix_slowest()) if longer,
 * up to its MPI-IO time: the job waits for that rank, not the mean one
 * (r6-h5-indep: 0.59 s against 0.49 s).  Collective calls reach the
 * file system as the aggregators' requests, not as the ranks' pieces,
 * and a rank's POSIX time beyond them is other files' (issue 34, round
 * 90: r90-diagflush's 80 collective writes of 64 KiB a rank were 10
 * POSIX writes of 512 KiB, 0.23 s summed; its slowest rank's POSIX time
 * was 700 flushed 75-B writes to its own diagnostics file, its MPI-IO
 * time 2.76 s mostly waits in collective open and close, and the twin
 * without the flushes spent as long in them): their record's time is
 * theirs.
 */
static double mpiio_small_all(const struct iol_triage_in *in, double t,
			      double small, double all)
{
	double p = posix_slowest(in);

	if (!(z(V(INDEP)) > z(V(COLL))))
		return t;
	/* no more than the slowest rank's MPI-IO time */
	if (z(V(MPIIO_T)) > 0)
		p = fmin(p, V(MPIIO_T));
	return all > 0 && small >= all && p > t ? p : t;
}

/* Less the sieved calls' share (issue 34, round 55): their storage
 * requests are large and their cost is the span sieving moved, which
 * IOL-REDUNDANT stakes; larger calls would sieve more, not less. */
static double mpiio_small_secs(const struct iol_triage_in *in, double t,
			       double small, double all)
{
	return mpiio_small_all(in, t, small, all) * (1 - sieved_share(in));
}

/* IOL-SMALL-REQ's detail when data sieving served sv of the small
 * calls' t seconds: what tells their cost, and its advice */
static void sieved_detail(const struct iol_triage_in *in, char *d, size_t n,
			  double t, double sv)
{
	DETAIL("%.0f of %.0f MPI-IO calls under 1 MiB, about %.3f s a rank "
	       "in MPI-IO, %.3f s of it on files data sieving served (POSIX "
	       "moved at least twice their bytes, in requests of 1 MiB or "
	       "more): the sieving's cost, IOL-REDUNDANT's "
	       "(romio_ds_read/_write=disable, or collective buffering), "
	       "not at stake",
	       V(MP_SMALL), V(MP_OPS), t, sv);
}

/* A clause "; K s: the bytes at R MiB/s, not saved" after the detail,
 * if any time is kept */
static void kept_note(char *d, size_t n, double kept, double rate,
		      enum pace_src src)
{
	static const char *const from[] = {"", ", the job's", ", assumed"};
	char r[32];

	if (!n || !(kept > 0))
		return;
	dcat(d, n, "; %.3f s: the bytes at %s MiB/s%s, not saved", kept,
	     mibs_text(rate, r, sizeof(r)), from[src]);
}

/*
 * The records whose first sync IOL-FSYNC forgives: those written that
 * sync (synced_write_records, a shared one once a process that synced,
 * with the STDIO records whose syncs are POSIX's).  A written file that
 * never syncs has no first sync to forgive, so it cancels none of
 * another file's (issue 34, round 51: r51-ledger's manager fsyncs one
 * ledger 301 times while the workers' 300 result files never sync;
 * counted over the written records, the 301 syncs were "a first sync
 * each").  A store from before the field: old, the written records.
 */
static double first_sync_recs(const struct iol_triage_in *in, double old)
{
	return in->have[IOL_TIN_SYNC_RECS] && isfinite(V(SYNC_RECS))
		       ? z(V(SYNC_RECS))
		       : old;
}

/*
 * The slowest rank's time in syncs beyond each synced record's first,
 * when they repeat through the run as IOL-FSYNC judges them (syncs per
 * write over fsync_per_write_pct, at least fsync_commit_syncs a record):
 * IOL-FSYNC's cost and the flush of their bytes, which larger calls do
 * not save either (fsync_stake()).  Darshan adds each MPI_File_sync's
 * time to MPIIO_F_WRITE_TIME and each fsync's to POSIX_F_WRITE_TIME,
 * so small MPI-IO calls with a sync each carry the syncs' seconds, which
 * larger calls would not save (round 14's r14-msync-each: 2048 writes of
 * 64 KiB, a sync after each, 1.575 s a rank in MPI-IO; the same writes
 * with one sync at the end took 0.34-0.39 s; SMALL-REQ labelled
 * trivial, IOL-FSYNC material).
 */
static double sync_secs(const struct iol_triage_in *in,
			const struct iol_triage_conf *c)
{
	double extra, recs;

	if (!(V(PWRITES) > 0) || !(z(V(PSYNCS)) > 0) || !isfinite(V(PWRECS)))
		return 0;
	recs = first_sync_recs(in, V(PWRECS));
	extra = V(PSYNCS) > recs ? V(PSYNCS) - recs : 0;
	if (!(100.0 * extra / V(PWRITES) > K(FSYNC)) ||
	    (recs > 0 && extra / recs < K(FSYNC_COMMIT)))
		return 0;
	return z(V(WTIME)) * extra / V(PSYNCS);
}

/*
 * Whether the file system saw the small MPI-IO calls merged (issue 34,
 * round 19): none mostly under 10 KiB, and at least coll_merge_calls
 * calls to a POSIX request (all) on average, as collective buffering's
 * aggregators write the ranks' pieces as one.  The storage then sees
 * requests as large as a larger call's would be; what larger calls
 * could save is the exchange rounds, which the log does not time.
 * r19-coll-64k: 1024 collective calls of 64 KiB, 256 POSIX writes of
 * 256 KiB, 1.2 s a rank in MPI-IO; the 4 MiB twin was faster in 2 of 5
 * pairs.  bench/mpiio-collective-big's 64 KiB calls (one POSIX request
 * a call) and round 13's 4 KiB rounds stay judged.
 */
/* POSIX reads and writes, from the access-size bins; 0 without them */
static double posix_rw_ops(const struct iol_triage_in *in)
{
	double all = 0;
	int b;

	for (b = 0; b < 20; b++) {
		if (!isfinite(in->v[IOL_TIN_BIN0 + b]))
			return 0;
		all += fmax(in->v[IOL_TIN_BIN0 + b], 0);
	}
	/* a count: a damaged log's negative bins are none, and twenty of
	 * INT64_MAX are no more than a 64-bit counter holds */
	return fmin(all, (double)INT64_MAX);
}

static int mpiio_merged(const struct iol_triage_in *in,
			const struct iol_triage_conf *c, double all)
{
	double ms = z(V(MP_SMALL));

	if (!(K(COLL_MERGE) > 0) || !(all > 0) || !(ms > 0))
		return 0;
	return z(V(MP_TINY)) * 2 < ms && z(V(MP_OPS)) >= K(COLL_MERGE) * all;
}

/*
 * SMALL-REQ's structural clause at the MPI-IO layer (issue 34, round
 * 21): calls mostly under 10 KiB are a pattern that costs its share of
 * the run even in a short job, when they cost it.  Tiny calls the
 * storage saw as they were (POSIX's requests under 10 KiB at least as
 * many: independent calls pass through) cost what POSIX's small
 * requests cost a rank; MPI-IO's time beyond is other calls'
 * (shane_macsio: 7695 of 7759 calls under 10 KiB, 0.869 s a rank in
 * MPI-IO, carried by 64 collective calls of 184512 B; the 192-byte
 * writes took 0.005 s a rank in POSIX).  Under min_stake_pct of the
 * run they are judged by both floors.  Tiny calls collective buffering
 * merged (r13-coll-il4k) keep the clause: their rounds are the cost.
 */
static int mpiio_tiny_structural(const struct iol_triage_in *in,
				 const struct iol_triage_conf *c, double ms)
{
	if (!(z(V(MP_TINY)) * 2 >= ms))
		return 0;
	if (tiny_ops(in) < z(V(MP_TINY)) || !(V(RUN_TIME) > 0))
		return 1;
	return 100.0 * z(V(SMALL_T)) / V(RUN_TIME) >= K(MIN_PCT);
}

/* IOL-SMALL-REQ at the MPI-IO layer: its calls' sizes and time, less
 * the syncs IOL-FSYNC stakes (sync_secs()) and what larger calls would
 * keep (mpiio_kept()); the POSIX figures (small, all) in the detail */
static int small_mpiio(const struct iol_triage_in *in,
		       const struct iol_triage_conf *c, double *v,
		       double *stake, char *d, size_t n, double small,
		       double all)
{
	double ms = V(MP_SMALL), rate, kept, t, syncs, sv;
	enum pace_src src;
	int few;

	*v = 100.0 * ms / V(MP_OPS);
	t = mpiio_small_all(in, z(V(MP_SMALL_T)), small, all);
	sv = t * sieved_share(in);
	syncs = fmin(sync_secs(in, c), t - sv);
	kept = mpiio_kept(in, c, ms, V(MP_OPS), t - sv - syncs, &rate, &src);
	*stake = t - sv - syncs - kept;
	few = !(sv > 0) && ms < K(SMALL_MIN) && *stake < K(MIN_S);
	if (sv > 0)
		sieved_detail(in, d, n, t, sv);
	else
		DETAIL("%.0f of %.0f MPI-IO calls under 1 MiB (a collective "
		       "one: its "
		       "round over the ranks), %.0f under 10 KiB, "
		       "about %.3f s a rank in MPI-IO: the MPI-IO layer's "
		       "small "
		       "calls carry the time (POSIX: %.0f of %.0f operations "
		       "under "
		       "1 MiB, about %.3f s a rank)%s",
		       ms, V(MP_OPS), z(V(MP_TINY)), t, small, all,
		       z(V(SMALL_T)), few ? " (too few to matter)" : "");
	if (mpiio_merged(in, c, all)) {
		size_t l = n ? strlen(d) : 0;

		if (n)
			snprintf(d + l, n - l,
				 "; merged into %.0f POSIX requests "
				 "(coll_merge_calls): not small for the "
				 "storage",
				 all);
		*stake = 0;
		return 1;
	}
	if (n && syncs > 0) {
		dcat(d, n, "; %.3f s of it syncs (IOL-FSYNC's), not at stake",
		     syncs);
	}
	kept_note(d, n, kept, rate, src);
	if (few || sieved_share(in) >= 1)
		return 1;
	return mpiio_tiny_structural(in, c, ms) ? 3 : 0;
}

/*
 * What larger requests cannot save of the small requests' time (issue
 * 34, round 11): a larger request reads the span of file the small reads
 * lie in (sparse reads, and reads readahead serves: its requests read
 * the span already), at a large read's pace (the job's own large reads',
 * else read_rate_mibs, or full_rate_mibs a site set), so a read's saving is
 * its time less that span's.  Sparse reads hold little to save: 20000
 * records of 2 KiB scattered over 1 GiB read in 2.24 s, while the GiB
 * at 256 MiB/s takes 4 s (r11-rand-pread, labelled trivial); round 4's
 * 40000 random 4 KiB reads over 512 MiB took 2.5 s, of which 0.5 s is
 * beyond the span's 2 s (material, 4 KiB requests).  Writes keep their
 * whole time: what they span is what they write.
 */
static double small_kept(const struct iol_triage_in *in,
			 const struct iol_triage_conf *c, double *rate)
{
	/* stored rows may hold anything: no negative time or span */
	double tr = fmax(0, fmin(z(V(SREAD_T)), z(V(SMALL_T))));
	double span = fmax(0, z(V(SREAD_SPAN)));

	*rate = large_pace(c, 1);
	if (own_read_pace(in, c, *rate))
		*rate = V(LARGE_READ);
	return *rate > 0 ? fmin(tr, span / 1048576.0 / *rate) : 0;
}

/*
 * Is small_kept()'s pace read_rate_mibs, assumed: no site's
 * full_rate_mibs, no large reads of the job's own (issue 34, round 97)?
 * Then what the span keeps rests on that assumption alone, and the log
 * cannot tell it wrong: r97-extract's 2.4 million 32-B reads from the
 * page cache, 256 B apart, covered their 586 MiB span at 254 MiB/s, as
 * a disk streaming at 256 MiB/s would, so the span kept 2.289 s of their
 * 2.309 s where block reads of the cached span took 0.32 s (labelled
 * material, 3 s).  The detail says so when the span keeps kept, at
 * least min_stake_s, so that a reader who knows the storage (or the page
 * cache) is faster sets full_rate_mibs.
 */
static int small_pace_assumed(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double kept)
{
	/* under min_stake_s kept, no pace would make the span material:
	 * the clause would only push the detail's other text out */
	return kept >= K(MIN_S) && !(K(FULL_RATE) > 0) &&
	       !own_read_pace(in, c, K(READ_RATE));
}

/*
 * The time sparse reads spend in their span's gaps: what larger requests
 * cannot save (small_kept()) less the reads' own bytes at the same pace.
 * It is not at stake, yet IO-TIME counts it as its small-request cause's:
 * the rest of the I/O time is the bytes moved at the storage's pace, and
 * the gaps are not bytes the job moved (round 4's rand-read: 2.5 s of
 * 4 KiB reads, 0.5 s to save, 164 MB read; IO-TIME labelled material,
 * its cause the small requests).
 */
static double small_span_secs(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c)
{
	double rate, kept = small_kept(in, c, &rate);
	double b = fmax(0, z(V(SREAD_B)));

	return rate > 0 ? fmax(0, kept - b / 1048576.0 / rate) : 0;
}

/* Most of the small requests' time is reads the kernel's readahead
 * serves (forward, gaps within its window): the kernel's requests are
 * already large, so a small request is no structural cost; judged by
 * its time, which like sparse reads' keeps their span at the read pace
 * (small_kept(): r12-sqlite-select, 53363 sequential 4 KiB page reads
 * of 196 MiB in 0.52 s, neither 64 KiB pages nor mmap was faster).  A
 * pace far under a large read's is still at stake (imbalanced-io's rank
 * 0: 8 KiB reads of 20 MB files at 3.7 MiB/s, 31 s).  Small writes,
 * random reads are not served so.  Nor are reads that cover their span
 * at under half a large read's pace: readahead would have brought the
 * span at the device's streaming pace, so each call waited for the
 * device (O_DIRECT, a file system without readahead), and the 4 KiB
 * clause holds (round 13's r13-odirect-4k: 16384 O_DIRECT 4 KiB reads
 * of 64 MiB in 0.63 s, 102 MiB/s, labelled material; the same reads
 * buffered took 0.1 s, 621 MiB/s).  Half, not all of it: the pace is
 * read_rate_mibs or the job's own large reads', an estimate. */
static int small_readahead(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c)
{
	double rate, t = z(V(SREAD_T));

	if (!(z(V(SREAD_RA)) > 0 && z(V(SREAD_RA)) * 2 >= z(V(SMALL_T))))
		return 0;
	(void)small_kept(in, c, &rate);
	return t > 0 && rate > 0 &&
	       fmax(0, z(V(SREAD_SPAN))) / 1048576.0 / t >= rate / 2;
}

/*
 * IOL-SMALL-REQ at the POSIX layer: the slowest rank's seconds of the
 * flush its syncs wait for (issue 34, round 17).  Darshan adds each
 * fsync's time to POSIX_F_WRITE_TIME, so when written records are
 * synced, even once each at close, the write time holds the flush of
 * their bytes, which larger requests would not save: the page cache
 * merges the small writes before it.  Estimated as the synced share of
 * the written bytes (syncs over written records, at most all) at the
 * write pace (write_rate_mibs, or full_rate_mibs a site set), at most
 * the write time.  r17-fsync-close: 200 files of 1 MiB in 64 KiB
 * writes, each fsynced at close, 1.349 s of write time; the same
 * writes without the syncs took 0.320 s (SMALL-REQ labelled false).
 */
static double posix_flush_secs(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c)
{
	double share, rate = large_pace(c, 0);

	if (!(z(V(PSYNCS)) > 0) || !(z(V(PWRECS)) > 0) || !(rate > 0))
		return 0;
	share = fmin(1, V(PSYNCS) / V(PWRECS));
	return fmin(z(V(WTIME)), z(V(BYTES_W)) * share / 1048576.0 / rate);
}

/*
 * Whether small writes waited for the device a call rather than paid
 * for the call (round 22): a write's time is its system call and copy
 * plus any wait for writeback, and a pace alone cannot tell them apart
 * (r22-dd-512: 131072 writes of 512 B at 135 MiB/s, 3.6 us a call, a
 * system call's cost; its bs=4M twin wrote the same 64 MiB in 0.03-0.13
 * s).  The kernel throttles a writer a dirtied page: writes under a
 * page share its wait among several calls, whose own cost larger writes
 * save, so the writes are at least a page on average, and each took far
 * longer than a call costs, writeback_call_us on the slowest rank
 * (r16-write4k: 4 KiB writes, 26 us a call).  The calls a rank are the
 * job's over its processes: a rank that wrote more than its share only
 * seems slower (exempt as before).  0: the pace alone decides.
 */
static int small_write_waits(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, double b,
			     double t)
{
	double calls = z(V(PWRITES)), np = fmax(1, z(V(NPROCS)));

	if (!(K(WB_CALL) > 0))
		return 1;
	return calls > 0 && b / calls >= 4096 &&
	       t * np / calls * 1e6 >= K(WB_CALL);
}

/*
 * IOL-SMALL-REQ at the POSIX layer: the seconds of small writes that
 * larger writes would not save when the writes waited for the kernel's
 * writeback (issue 34, round 16): every POSIX write is under 1 MiB, they
 * are nine in ten of the small requests, and they moved their bytes at a
 * disk's streaming pace, from writeback_pace_pct of the write pace
 * (large_pace()) up to it.  Then the pace is the device's: the bytes at
 * the write pace are kept, and the calls are no structural cost.
 * r16-write4k: 65536 writes of 4 KiB, 256 MiB in 1.73 s (148 MiB/s);
 * 1 MiB writes were not faster in 6 of 7 pairs (labelled trivial).
 * Faster writes are the page cache's, whose cost is their calls (the
 * population's IOR 4 KiB jobs, 800 MiB/s, labelled material); slower
 * ones wait for the device a call.  Only the program's own POSIX writes:
 * a layer above (MPI-IO's file view, HDF5's chunks) that splits its
 * calls into small requests adds its own cost a request, which larger
 * ones would save (r5-strided-indep: the collective twin saved 0.23 s;
 * r4-h5-small-chunks: 2.57 s in H5D for 0.24 s of POSIX; both labelled
 * material).  0 when it does not apply.
 */
static double small_writeback(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double small)
{
	double rate = large_pace(c, 0), ws = 0, big = 0, t = z(V(WTIME));
	double b = z(V(BYTES_W)) - z(V(STDIO_BW)), pace;
	int i;

	for (i = 10; i < 20; i++) {
		if (i < 15)
			ws += z(in->v[IOL_TIN_BIN0 + i]);
		else
			big += z(in->v[IOL_TIN_BIN0 + i]);
	}
	/* a stream of writes: reads between them (a read-modify-write,
	 * r14-rmw-4k, labelled material) make each write wait on its own */
	if (!(K(WRITEBACK) > 0) || !(rate > 0) || big > 0 || !(t > 0) ||
	    !(b > 0) || !(ws * 10 >= small * 9) || !(small > 0))
		return 0;
	if (z(V(MPIIO_T)) > 0 || z(V(H5_T)) > 0 || z(V(H5D_T)) > 0 ||
	    z(V(PNC_T)) > 0)
		return 0;
	pace = b / 1048576.0 / t;
	if (pace < rate * K(WRITEBACK) / 100 || pace > rate ||
	    !small_write_waits(in, c, b, t))
		return 0;
	return fmin(fmin(t, z(V(SMALL_T))), b / 1048576.0 / rate);
}

/*
 * IOL-SMALL-REQ: the seconds of 100 KiB-1 MiB writes that are their
 * bytes' transfer, which larger writes would not save (issue 34, round
 * 34).  Such a write's per-request cost is small beside its bytes, and
 * the log times no bin alone: the bin's share of the write time by
 * bytes, at the job's own write pace (its POSIX bytes written over its
 * write time), is kept; what larger writes save of them is told only by
 * the smaller bins' time.  The bin's bytes are at least 100 KiB a write
 * and at least what the other bins cannot hold (each smaller write at
 * its bin's upper bound, each larger at its lower), at most 1 MiB a
 * write; writes of exactly 1 MiB are not small and not counted.
 * r34-gzip: 105 writes of 256 KiB, 26 MiB in 2.36 s on a sync mount;
 * the same bytes through dd in 4 MiB blocks saved nothing (labelled
 * false); gunzip's 32 KiB writes (10-100 KiB bin, twin saved 2.6 s)
 * stay at stake.  reading: the same for reads (small_mid_reads()).
 */
static double small_mid_secs(const struct iol_triage_in *in, int reading)
{
	static const double up[4] = {100, 1024, 10240, 102400},
			    lo[5] = {1048576.0, 4194304.0, 10485760.0,
				     104857600.0, 1073741824.0};
	int i, o = reading ? 0 : 10;
	double mid = z(in->v[IOL_TIN_BIN0 + o + 4]), b, t, other = 0, bm;

	b = reading ? z(V(BYTES_R)) - z(V(STDIO_BR))
		    : z(V(BYTES_W)) - z(V(STDIO_BW));
	t = (reading ? z(V(RTIME)) : z(V(WTIME))) - z(V(STDIO_T));
	mid -= fmin(z(V(ONEMIB)), mid);
	if (!(mid > 0) || !(b > 0) || !(t > 0))
		return 0;
	for (i = 0; i < 4; i++)
		other += z(in->v[IOL_TIN_BIN0 + o + i]) * up[i];
	for (i = 0; i < 5; i++)
		other += z(in->v[IOL_TIN_BIN0 + o + 5 + i]) * lo[i];
	bm = fmin(mid * 1048576.0, fmax(mid * 102400.0, b - other));
	return t * fmin(1, bm / b);
}

/*
 * IOL-SMALL-REQ: the seconds small_mid_secs() cannot keep (issue 34,
 * round 113): the slowest rank's measured time in its own records whose
 * every request is under 100 KiB (trismall.c) is no 100 KiB-1 MiB
 * write's transfer; less what their bytes cost at the write pace
 * (large_pace()), it stays at stake whatever the requests' count.
 * r113-bprew: 100 index writes of 64 B, 1.64 s on a sync mount beside
 * 100 KiB-1 MiB data writes whose byte share kept all 3.94 s (labelled
 * material, 1.5 s).  A few cheap calls stay under the floor.
 */
static double small_own_net(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c)
{
	double rate = large_pace(c, 0), t = V(SMALL_OWN);

	if (!in->have[IOL_TIN_SMALL_OWN] || !isfinite(t) || !(t > 0) ||
	    !(rate > 0))
		return 0;
	return fmax(0, fmin(t, z(V(SMALL_T))) -
			       z(V(SMALL_OWN_B)) / 1048576.0 / rate);
}

/*
 * IOL-SMALL-REQ: the seconds of 100 KiB-1 MiB reads that are their
 * bytes' transfer (issue 34, round 77), as small_mid_secs() keeps
 * writes', when such reads are nine in ten of the small requests: a
 * request of 100 KiB or more costs its bytes' transfer far more than
 * its call, and the bin's share of the read time by bytes is that
 * transfer at the job's own read pace (its large reads' included:
 * small reads slower than them keep the rest at stake).  Smaller bins
 * are the per-call cost; a few of them beside the frames are not what
 * the time holds.  r77-multi-each: 1602 of 1604 reads are 480000-B
 * frames on a device throttled to 64 MiB/s and 800 IOPS, 7 ms of
 * transfer a read against ~1 ms a call; 2.36 s was staked at 256 MiB/s
 * (labelled false: no larger request beats the device's rate).
 */
static double small_mid_reads(const struct iol_triage_in *in, double small)
{
	double mid = z(in->v[IOL_TIN_BIN0 + 4]) - z(V(ONEMIB));

	if (!(small > 0) || !(mid * 10 >= small * 9))
		return 0;
	return small_mid_secs(in, 1);
}

/*
 * Requests under 10 KiB that are above a page (issue 34, round 22): the
 * structural pattern is 4 KiB requests, but Darshan's 1-10 KiB bin also
 * holds records of up to 10 KiB, a call's cost spread over 2.5 pages.
 * When every POSIX request is under 10 KiB, most of them in that bin
 * (not under 1 KiB), their mean size is theirs: a mean above a page is
 * no 4 KiB pattern, judged by its time (tar's 10240-B records:
 * r22-tar-cf, 1720 writes, 0.043 s; r4-tar-tree, 303 writes, 0.018 s;
 * both labelled trivial).
 */
static int tiny_above_page(const struct iol_triage_in *in, double all)
{
	double ops = z(V(PREADS)) + z(V(PWRITES)), sub = 0;
	double b =
		z(V(BYTES_R)) - z(V(STDIO_BR)) + z(V(BYTES_W)) - z(V(STDIO_BW));
	int i;

	for (i = 0; i < 20; i++)
		if (i % 10 < 2)
			sub += z(in->v[IOL_TIN_BIN0 + i]);
	return all > 0 && tiny_ops(in) >= all && sub * 2 < all && ops > 0 &&
	       b / ops > 4096;
}

/*
 * The POSIX requests' one size bin, or -1 (issue 34, round 39): every
 * read and write in one of Darshan's bins from 10 KiB to 1 MiB, none
 * elsewhere.  Such a job shows no pace but its own: nothing in the log
 * tells a request's cost from its bytes' transfer.
 */
static int posix_one_size(const struct iol_triage_in *in)
{
	int b, bin = -1;

	for (b = 0; b < 20; b++) {
		if (!(z(in->v[IOL_TIN_BIN0 + b]) > 0))
			continue;
		if (b % 10 < 3 || b % 10 > 4 || (bin >= 0 && bin != b % 10))
			return -1;
		bin = b % 10;
	}
	return bin;
}

/* Several ranks made the small requests at once: a job of several
 * processes whose small requests are mostly on shared records (every
 * rank's), or made by several ranks' own records */
static int small_concurrent(const struct iol_triage_in *in)
{
	if (!(z(V(NPROCS)) >= 2))
		return 0;
	return z(V(RANKS_IO)) >= 2 || z(V(SH_SMALL)) * 2 >= job_small(in);
}

/*
 * What an assumed pace keeps of small requests' t seconds (issue 34,
 * round 39): when the job's requests are all one size of 10 KiB or more
 * (posix_one_size()), several ranks made them at once, no site set
 * full_rate_mibs and no large reads of the job's show a pace, the log
 * cannot tell the requests' own cost from their bytes' transfer: half of
 * t is kept, not at stake, and the detail says it is assumed.  The write
 * pace assumed (256 MiB/s) kept 0.13 s of r39-strided-16k's 5.11 s of
 * 16 KiB writes by 4 ranks on storage of 32 MiB/s, staking all of it
 * where the collective twin saved 3.02 s (59 %; 67 % and 30 % in the
 * reruns); IO-TIME, whose cause held all the I/O time, was labelled
 * trivial.  Several ranks' requests keep the storage busy, so their pace
 * nears its own; one process's wait one at a time, each its whole
 * latency, which larger requests save (r8-osync: 512 O_SYNC writes of
 * 64 KiB, 4.41 s, ~0.5 s in 1 MiB writes; IO-TIME labelled material).
 * Requests under 10 KiB are the structural pattern (tiny()): a call
 * each, staked whole.
 */
static double small_assumed_kept(const struct iol_triage_in *in,
				 const struct iol_triage_conf *c, double t)
{
	if (K(FULL_RATE) > 0 || posix_one_size(in) < 0 || !(t > 0) ||
	    !small_concurrent(in))
		return 0;
	if (isfinite(V(LARGE_READ)) && V(LARGE_READ) > 0)
		return 0;
	return t / 2;
}

/*
 * Tiny POSIX requests made by HDF5's datasets (issue 34, reruns): the
 * layer that splits its calls into them adds its own cost a call, which
 * larger calls save (r4-h5-small-chunks: 2.57 s in H5D for 0.24 s of
 * POSIX, labelled 2.5 s).  When every POSIX request is under 1 MiB, the
 * dataset layer's time beyond the small requests' is at stake with
 * them.  r12-h5-meta (1000 datasets of
 * 16 doubles, labelled material, ~0.03 s a short job): POSIX's share of
 * 1072 writes was 6.2 ms in the first run (7.3 %, warn) and 1.8 ms in
 * two reruns (2.2 %, info), while H5D held 0.040-0.055 s of each.
 */
static void small_h5_layer(const struct iol_triage_in *in, double *stake,
			   char *d, size_t n)
{
	double extra = z(V(H5D_T)) - z(V(SMALL_T)), big = z(V(ONEMIB));
	int b;

	/* only when every request is small: H5D's time is then theirs,
	 * not large chunks' transfer beside them */
	for (b = 0; b < 20; b++)
		if (b % 10 >= 5)
			big += z(in->v[IOL_TIN_BIN0 + b]);
	if (!(extra > 0) || big > 0 || z(V(MPIIO_T)) > 0)
		return;
	*stake += extra;
	if (n) {
		dcat(d, n,
		     "; %.3f s more in HDF5 datasets, the layer's cost a "
		     "call",
		     extra);
	}
}

/* Why whole-file requests are not at stake here: the files' number, or
 * writes that wait on the device and grow only with fewer files
 * (storm_write_waits()) */
static void small_whole_note(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, char *d, size_t n)
{
	double t, each;

	if (!n)
		return;
	if (storm_write_waits(in, c, &t, &each)) {
		dcat(d, n,
		     "; whole-file writes waiting on the device (%.1f ms "
		     "each): only fewer, larger writes save them "
		     "(IOL-SMALL-FILES)",
		     1000 * each);
		return;
	}
	dcat(d, n,
	     "; whole-file requests (%.0f reads and writes on %.0f files): "
	     "no request can grow, the files' number is what costs "
	     "(IOL-SMALL-FILES)",
	     z(V(PREADS)) + z(V(PWRITES)), whole_nfiles(in));
}

/* Small requests: the bins under 1 MiB, less the requests of exactly
 * 1 MiB the 100K_1M bin holds (from the common access sizes); too few
 * to matter only when they are also cheap (a rule by time as well as by
 * count).  Judged at the MPI-IO layer when its small calls cost more. */
EVAL(e_small)
{
	double small = 0, all = 0, lone, whole, kept, rate, secs, flush, wb,
	       mid, midr, half, own;
	int b, few, posix = 1;

	for (b = 0; b < 20; b++) {
		double x = in->v[IOL_TIN_BIN0 + b];

		if (!isfinite(x)) {
			posix = 0;
			break;
		}
		/* a damaged log's negative bin: none */
		all += fmax(x, 0);
		if (b % 10 < 5) /* the bins up to 1 MiB */
			small += fmax(x, 0);
	}
	/* counts, no more than a 64-bit counter holds */
	all = fmin(all, (double)INT64_MAX);
	small = fmin(small, all);
	small -= fmin(z(V(ONEMIB)), small);
	if (mpiio_small_layer(in, c))
		return small_mpiio(in, c, v, stake, d, n, posix ? small : 0,
				   posix ? all : 0);
	if (!posix) {
		DETAIL("no access-size histogram (no POSIX records)");
		return -1;
	}
	if (all <= 0) {
		DETAIL("no POSIX reads or writes");
		return -1;
	}
	lone = fmin(z(V(LONE_READS)), small);
	whole = whole_some(in, small - lone);
	*v = 100.0 * (small - lone - whole) / all;
	kept = small_kept(in, c, &rate);
	/* 4 KiB requests cost per call whatever is synced: only larger
	 * small requests, which the page cache merges, lend it the flush */
	flush = tiny(in, small - lone) ? 0 : posix_flush_secs(in, c);
	/* syncs once a file over many files wait a commit each (FSYNC) */
	flush = fmin(flush + once_sync_secs(in, c),
		     fmax(0, z(V(SMALL_T)) - kept));
	/* the flush is the same bytes at the same pace: not kept twice */
	wb = fmin(fmax(0, small_writeback(in, c, small - lone) - flush),
		  fmax(0, z(V(SMALL_T)) - kept - flush));
	kept += wb;
	own = small_own_net(in, c);
	mid = fmin(small_mid_secs(in, 0),
		   fmax(0, z(V(SMALL_T)) - kept - flush - own));
	/* the reads' span kept above is the same transfer: not twice */
	midr = fmin(fmax(0, small_mid_reads(in, small - lone) - kept),
		    fmax(0, z(V(SMALL_T)) - kept - mid - flush));
	kept += midr;
	kept += mid;
	half = fmax(0, small_assumed_kept(in, c, z(V(SMALL_T))) - kept - flush);
	kept += half;
	/* the lone reads' and whole files' share of the small requests'
	 * time goes with them */
	secs = small > 0 ? z(V(SMALL_T)) * (small - lone - whole) / small : 0;
	*stake = small > 0 ? (z(V(SMALL_T)) - kept - flush) *
				     (small - lone - whole) / small
			   : 0;
	small -= lone + whole;
	few = small < K(SMALL_MIN) && *stake < K(MIN_S);
	DETAIL("%.0f of %.0f POSIX operations under 1 MiB (%.0f of exactly "
	       "1 MiB not counted), %.0f under 10 KiB, about %.3f s a rank%s",
	       small, all, z(V(ONEMIB)),
	       /* no more than the counted: a whole file's 0-B EOF reads
		* are in the 0-100 B bin, not counted (round 116) */
	       fmin(fmax(tiny_ops(in) - lone, 0), small), secs,
	       few ? " (too few to matter)" : "");
	if (n && whole > 0) {
		dcat(d, n, "; %.0f whole-file requests not counted", whole);
	}
	if (n && flush > 0) {
		dcat(d, n, "; %.3f s of it the syncs' flush, not at stake",
		     flush);
	}
	if (n && wb > 0) {
		dcat(d, n,
		     "; writes at a disk's pace (writeback_pace_pct): "
		     "%.3f s, their bytes at %.0f MiB/s, not saved",
		     wb, large_pace(c, 0));
	}
	if (n && mid > 0) {
		dcat(d, n,
		     "; 100 KiB-1 MiB writes: %.3f s, their bytes at the "
		     "job's write pace, not saved",
		     mid);
		if (own > 0)
			dcat(d, n,
			     " (not the %.3f s measured in records of "
			     "requests all under 100 KiB)",
			     own);
	}
	if (n && midr > 0) {
		dcat(d, n,
		     "; 100 KiB-1 MiB reads: %.3f s, their bytes at the "
		     "job's read pace, not saved",
		     midr);
	}
	if (n && half > 0) {
		dcat(d, n,
		     "; one request size, no other pace in the log: "
		     "%.3f s (half) assumed the bytes' transfer, not saved",
		     half);
	}
	if (n && S(SMALL_FILE)[0]) {
		dcat(d, n, "; most in %s (%.3f s over all ranks)",
		     S(SMALL_FILE), z(V(SMALL_TOP_T)));
	}
	if (n && lone > 0 && !whole_files(in)) {
		dcat(d, n,
		     "; %.0f reads not counted: each alone in its open, "
		     "within the file's first request (one a rank of a "
		     "shared "
		     "record; no next request "
		     "to merge with)",
		     lone);
	}
	if (n &&
	    (kept - wb - mid - midr - half > 0 || small_readahead(in, c))) {
		/* one short clause: the detail has 400 bytes, and the impact
		 * note must fit after it */
		dcat(d, n,
		     "; %.3f s reads over a %.0f MiB span (%.3f s at %.0f "
		     "MiB/s not saved%s%s)",
		     z(V(SREAD_T)), z(V(SREAD_SPAN)) / 1048576.0,
		     kept - wb - mid - midr - half, rate,
		     small_readahead(in, c) ? "; read ahead: by time" : "",
		     small_pace_assumed(in, c, kept - wb - mid - midr - half)
			     ? "; read_rate_mibs assumed"
			     : "");
	}
	if (few)
		return 1;
	if (whole_files(in)) {
		double wt, we;

		if (!whole_write_waits(in, c, &wt, &we)) {
			small_whole_note(in, c, d, n);
			return 2;
		}
		if (n) {
			dcat(d, n,
			     "; whole-file writes waiting (%.1f ms each): "
			     "only larger writes save them, by time",
			     1000 * we);
		}
		return 0;
	}
	if (n && tiny_above_page(in, all)) {
		dcat(d, n,
		     "; requests above a page on average: no 4 KiB "
		     "pattern, judged by time");
	}
	if (!(small > 0 && (tiny_ops(in) - lone) * 2 >= small &&
	      !small_readahead(in, c) && !(wb > 0) &&
	      !tiny_above_page(in, all)))
		return 0;
	small_h5_layer(in, stake, d, n);
	return 3;
}

/*
 * Is rank 0's time small STDIO calls, whose cost is per call (issue 34,
 * round 44)?  Most of its I/O time in STDIO, in data calls under
 * stdio_call_bytes on average: a fprintf formats a value or a row, and
 * the library's copy and the formatting are paid a call, whichever rank
 * makes it.  The calls are the cause (IOL-STDIO-SHARE tells it); what a
 * spread over the ranks would save is the (1 - 1/N) of their time moved
 * off rank 0, judged by its time, not as a funnel's structural cost
 * (a better fix, binary data, saves more: STDIO-SHARE's).  r44-dump-text:
 * 2097152 fprintf's of 24 B, 0.39 us each, 0.819 s; its binary twin
 * kept the one writer and took 0.05 s (labelled trivial).
 * r43-csv-rank0: 1200000 rows of 47 B, 5.5 us each, 6.66 s; four part
 * files took 3.4 s (labelled material, 3.25 s).
 */
static int rank0_stdio_calls(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c)
{
	double st = z(V(STDIO_BR)) + z(V(STDIO_BW));
	double calls = z(V(STDIO_OPS)) - z(V(STDIO_FLUSH));

	return K(STDIO_CALL) > 0 && calls > 0 && st > 0 &&
	       st / calls < K(STDIO_CALL) &&
	       z(V(STDIO_T)) * 2 > z(V(IO_SLOWEST));
}

/*
 * The time its written bytes took to reach the storage beyond the
 * writer's own copy of them (issue 34, round 39): their write time at
 * the pace of records written and synced at most once (synced_once_mibs,
 * the flush in it) less the same bytes at the pace the job's large reads
 * went (large_read_mibs: what a process moves when the storage is not
 * in the way).  A write far slower than the job's reads waited for the
 * device, which more writers on it share; the copy alone spreads.  Not
 * on Lustre, whose writers flush to several servers.  r39-n1-32m: 32
 * MiB synced at 31.7 MiB/s, read back at 18759 MiB/s: 1.007 s of its
 * 1.069 s is the device's (4 writers took 1.026 s).  0: no such pace.
 */
static double rank0_flush_secs(const struct iol_triage_in *in)
{
	double w = z(V(BYTES_W)) / 1048576.0;

	if (V(LOPS) > 0 || !(V(SYNC_ONCE) > 0) || !isfinite(V(LARGE_READ)) ||
	    !(V(LARGE_READ) > V(SYNC_ONCE)))
		return 0;
	return w / V(SYNC_ONCE) - w / V(LARGE_READ);
}

/*
 * The time rank 0's bytes would take however many ranks moved them, at
 * the pace the storage showed (issue 34, rounds 31 and 39): a site's
 * rate for one job (full_rate_mibs), all its bytes; else the best pace
 * one process wrote a file of 1 MiB or more at, where two files or more
 * show it (best_write_mibs), its bytes written; else its written bytes'
 * wait for the device (rank0_flush_secs()).  0: no pace shown.
 */
static double rank0_paced_secs(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c)
{
	if (K(FULL_RATE) > 0)
		return (z(V(BYTES_R)) + z(V(BYTES_W))) / 1048576.0 /
		       K(FULL_RATE);
	return isfinite(V(BEST_WRITE)) && V(BEST_WRITE) > 0
		       ? z(V(BYTES_W)) / 1048576.0 / V(BEST_WRITE)
		       : rank0_flush_secs(in);
}

/*
 * What spreading rank 0's I/O over all ranks would save: its time down
 * to 1/N of it, unless the storage, not the one writer, sets the pace:
 * then at most the time beyond its bytes at that pace (round 39's
 * n1-32m: 32 MiB at 32 MiB/s, four writers took 1.026 s against rank
 * 0's 1.068 s; round 31's ckpt-gather: four files of 16 MiB at 23-31
 * MiB/s, four writers of their own files would have saved 0.7-0.9 s of
 * 2.47 s, where (1 - 1/N) claimed 1.85 s).  *paced: the pace, not N,
 * bounds it.
 */
static double rank0_spread_secs(const struct iol_triage_in *in,
				const struct iol_triage_conf *c, int *paced)
{
	double t = z(V(IO_SLOWEST)), s = t * (1 - 1 / V(NPROCS));
	double p = rank0_paced_secs(in, c);

	*paced = p > 0 && t - p < s;
	return *paced ? fmax(0, t - p) : s;
}

/* The detail's clause on what sets rank 0's pace; 1 when its time is
 * judged by its time, not as a structural funnel */
static int rank0_pace_note(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c, int paced, char *d,
			   size_t n)
{
	double calls = z(V(STDIO_OPS)) - z(V(STDIO_FLUSH));
	double st = z(V(STDIO_BR)) + z(V(STDIO_BW));
	size_t l = n ? strlen(d) : 0;
	char r[32], rd[32], t[32];

	if (rank0_stdio_calls(in, c)) {
		if (n)
			snprintf(
				d + l, n - l,
				"; %.0f STDIO calls of %.0f B, %.2f us each: a "
				"cost a call (formatting%s), IOL-STDIO-SHARE's "
				"cause; spread, rank 0 keeps 1/N of them, "
				"judged by its time",
				calls, st / calls, z(V(STDIO_T)) / calls * 1e6,
				z(V(STDIO_FLUSH)) > 0 ? ", flushes" : "");
		return 1;
	}
	if (!paced)
		return 0;
	if (n && !(K(FULL_RATE) > 0) && !(V(BEST_WRITE) > 0))
		snprintf(d + l, n - l,
			 "; its writes waited %s s for the device (%s MiB/s "
			 "written, the job's large reads %s MiB/s), which "
			 "more writers share: a spread saves the time beyond, "
			 "judged by its time",
			 secs_text(rank0_paced_secs(in, c), t, sizeof(t)),
			 mibs_text(V(SYNC_ONCE), r, sizeof(r)),
			 mibs_text(V(LARGE_READ), rd, sizeof(rd)));
	else if (n)
		snprintf(d + l, n - l,
			 "; its bytes at the storage's pace (%s MiB/s, %s) "
			 "take %s s however many ranks write: a spread "
			 "saves the time beyond, judged by its time",
			 mibs_text(K(FULL_RATE) > 0 ? K(FULL_RATE)
						    : V(BEST_WRITE),
				   r, sizeof(r)),
			 K(FULL_RATE) > 0 ? "full_rate_mibs"
					  : "its best file's",
			 secs_text(rank0_paced_secs(in, c), t, sizeof(t)));
	return 1;
}

/*
 * Did one rank's I/O reach RANK0-IO through shared records (issue 34,
 * round 49)?  funnel_rank counts a shared record whose bytes one rank
 * moved (its slowest rank's bytes all the record's, the fastest rank's
 * none) as that rank's: every rank opening an input that rank 0 alone
 * reads leaves Darshan one record of rank -1, and the per-rank records
 * are lock files (r49-graph-root: 2.259e-05 % of the bytes in rank 0's
 * own records, all 318767128 B of the shared graph read by it).
 */
static int funnel_shared(const struct iol_triage_in *in)
{
	return isfinite(V(FUNNEL)) && isfinite(V(FUNNEL_SHARE)) &&
	       (!isfinite(V(BUSIEST_SHARE)) ||
		V(FUNNEL_SHARE) > V(BUSIEST_SHARE));
}

EVAL(e_rank0)
{
	int by_time, paced, sh = funnel_shared(in);
	double rank = sh ? V(FUNNEL) : V(BUSIEST);

	if (!isfinite(rank) || (!sh && !isfinite(V(BUSIEST_SHARE)))) {
		DETAIL("no per-rank records (shared records only)");
		return -1;
	}
	if (!(V(NPROCS) >= 2)) {
		DETAIL("a single process");
		return -1;
	}
	*v = (sh ? V(FUNNEL_SHARE) : V(BUSIEST_SHARE)) * 100.0;
	*stake = rank0_spread_secs(in, c, &paced);
	DETAIL("rank %.0f of %.0f, strategy %s, %.3f s I/O%s%s", rank,
	       V(NPROCS), S(STRATEGY)[0] ? S(STRATEGY) : "?", z(V(IO_SLOWEST)),
	       sh ? " (shared records it alone moved, the other ranks' "
		    "bytes none, counted as its own)"
		  : "",
	       V(NPROCS) < 3 ? " (two processes: one writer beside one "
			       "other is no funnel; judged by its time)"
			     : "");
	by_time = rank0_pace_note(in, c, paced, d, n);
	/* A funnel is structural: one rank does the I/O of two or more
	 * idle ranks, and its cost grows with them.  With two processes
	 * the stake, half the I/O time, rests wholly on a second writer
	 * doubling the storage's pace, which a job with a single writer
	 * gives no evidence of (r7-idle-rank: one local disk); it is
	 * judged by its time like any finding.  The funnel is a gather of
	 * writes: an input read on one rank and broadcast is the pattern
	 * MPI programs are advised to follow (N ranks reading one file
	 * load its servers N times), so a rank whose time is mostly reads
	 * is judged by its time too, material from min_stake_s (round
	 * 11's bcast-read: 0.085 s, by design; every rank-0-only finding
	 * labelled material in rounds 1-11 is writes).  Small STDIO calls
	 * cost a call, not a funnel (rank0_stdio_calls()). */
	if (V(NPROCS) >= 3 && z(V(RTIME)) > z(V(WTIME))) {
		if (n) {
			dcat(d, n,
			     "; mostly reads (%.3f s of %.3f s): an input "
			     "read and broadcast, judged by its time",
			     z(V(RTIME)), data_time(in));
		}
		return 0;
	}
	return V(NPROCS) < 3 || by_time ? 0 : 3;
}

/* A percentage of POSIX operations: 100 - the measured share. */
static int pct_not(double pct, const char *what, double *v, char *d, size_t n)
{
	if (!isfinite(pct)) {
		DETAIL("no POSIX operations");
		return -1;
	}
	*v = 100.0 - pct;
	DETAIL("%s", what);
	return 0;
}

EVAL(e_misal)
{
	(void)c, (void)stake;
	return pct_not(
		V(PCT_ALIGNED),
		"POSIX file alignment (Lustre stripes: IOL-LUSTRE-MISALIGNED)",
		v, d, n);
}

/* Darshan counts a request sequential when it starts past the last
 * byte the record's previous one touched, and an open starts that
 * anew: an open's first request (a file truncated and rewritten from
 * offset 0, r7-config-rewrite's 1000 passes) is never counted
 * sequential, though nothing jumped.  So up to one request an open is
 * not counted a jump. */
EVAL(e_random)
{
	/* a damaged log's negative counts are none, and its share of
	 * sequential operations beyond 0..100 % (counters that disagree) no
	 * more than all of them */
	double ops = fmax(z(V(PREADS)), 0) + fmax(z(V(PWRITES)), 0), nonseq,
	       firsts;

	(void)stake;
	if (pct_not(V(PCT_SEQ), "", v, d, n) < 0)
		return -1;
	nonseq = ops * fmin(fmax(*v, 0), 100) / 100.0;
	/* a wrapped sum of a hostile log's opens is negative: none */
	firsts = fmin(nonseq, fmax(z(V(POPENS)), 0));
	nonseq -= firsts;
	*v = ops > 0 ? 100.0 * nonseq / ops : 0;
	DETAIL("about %.0f of %.0f POSIX reads and writes (%.0f more are "
	       "the first of their open)%s",
	       nonseq, ops, firsts,
	       nonseq < K(RANDOM_MIN) ? " (too few to matter)" : "");
	return nonseq < K(RANDOM_MIN);
}

EVAL(e_iotime)
{
	const char *layer;
	double io = io_top(in, &layer);

	(void)c;
	if (!(V(RUN_TIME) > 0) || !isfinite(V(IO_SLOWEST))) {
		DETAIL("no run time or I/O time");
		return -1;
	}
	*v = 100.0 * io / V(RUN_TIME);
	/* at stake: the I/O time a rank; the rule fires at half the run,
	 * so it is the absolute floor that demotes it (0.033 s of a 0.036 s
	 * run was a warning) */
	*stake = io;
	DETAIL("slowest rank: %.3f s in %s of a %.3f s run (POSIX+STDIO "
	       "%.3f s%s)",
	       io, layer, V(RUN_TIME), z(V(IO_SLOWEST)),
	       io_slow_bounded(in) ? ", shared records' slowest ranks summed: "
				     "bounded by the run"
				   : "");
	if (n && mpiio_wait_secs(in) > 0)
		dcat(d, n,
		     fmax(mpiio_meta_wait(in), z(V(MP_WAIT))) >= z(V(MP_DWAIT))
			     ? "; %.3f s a rank of MPI-IO metadata beyond "
			       "POSIX's not counted: waiting in collective "
			       "opens and closes"
			     : "; %.3f s a rank of MPI-IO beyond POSIX's not "
			       "counted: waiting in collective calls for "
			       "late ranks",
		     mpiio_wait_secs(in));
	return 0;
}

/* Half the per-rank bytes are collective-buffering aggregators' */
static int aggr_coll(const struct iol_triage_in *in)
{
	return V(RANK_SUM) > 0 && z(V(RB_COLL)) * 2 >= V(RANK_SUM);
}

/* Two or more ranks, not all, moved the bytes, about equally */
static int aggr_even(const struct iol_triage_in *in)
{
	return V(RANKS_B) >= 2 && V(RANKS_B) < V(NPROCS) &&
	       z(V(RANK_MIN)) * 1.5 >= V(RANK_MAX);
}

/* RANK-IMBALANCE's pattern is aggregation by design */
static int aggregation(const struct iol_triage_in *in)
{
	return V(NPROCS) >= 2 && isfinite(V(RANK_MAX)) &&
	       (aggr_coll(in) || aggr_even(in));
}

/*
 * One rank alone has I/O (issue 34, round 57): RANK0-IO's pattern.
 * Where the log shows the storage's pace for its bytes (as
 * rank0_spread_secs() reads it: a site's rate, the job's best write
 * pace, or its writes' wait for the device) more ranks would share that
 * device, and a spread saves only the time beyond it; RANK-IMBALANCE's
 * stake follows it, one time told once.  r57-stage-shm: rank 0 stages 256 MiB
 * in and out for the others, whose I/O is on /dev/shm, unrecorded; 2.03 s
 * claimed, RANK0-IO 0.90 s (1.80 s of its 2.25 s of writes waited for the
 * device); every rank staging its own slice saved ~0 s (labelled
 * trivial).  Reads are not paced so: nothing in a log tells a read's
 * wait for the device from the rank's own work.
 */
static void imbal_paced(const struct iol_triage_in *in,
			const struct iol_triage_conf *c, double *stake, char *d,
			size_t n)
{
	int paced = 0;
	double s;

	if (!(V(RANKS_IO) == 1) || !(*stake > 0) || !(V(IO_SLOWEST) > 0))
		return;
	s = rank0_spread_secs(in, c, &paced);
	if (!paced || !(s < *stake))
		return;
	*stake = s;
	dcat(d, n,
	     "; the only rank with I/O, at the storage's pace: a spread "
	     "saves the time beyond it (as IOL-RANK0-IO)");
}

EVAL(e_imbal)
{
	double mean;

	if (!(V(NPROCS) >= 2) || !(V(RANKS_IO) > 0) || !isfinite(V(RANK_MAX))) {
		DETAIL(!(V(NPROCS) >= 2) ? "a single process"
					 : "no per-rank records");
		return -1;
	}
	if (V(RANK_MAX) < 1048576.0) {
		DETAIL("per-rank records hold under 1 MiB a rank");
		return -1;
	}
	if (!isfinite(V(RIMB_STAKE))) {
		DETAIL("no per-rank time for the busiest rank");
		return -1;
	}
	mean = V(RANK_SUM) / V(NPROCS);
	*v = V(RANK_MAX) / mean;
	/* the busiest rank's read + write time in its own records beyond
	 * the mean rank's: the time of the bytes the value compares, not
	 * the slowest rank's (another rank's, or a shared file's) */
	*stake = V(RIMB_STAKE);
	if (aggr_coll(in)) {
		DETAIL("aggregation, not imbalance: %.0f %% of the per-rank "
		       "bytes are collective-buffering aggregators' I/O "
		       "of files MPI-IO drove (rank %.0f moved %.0f B, mean "
		       "rank %.0f B)",
		       100.0 * V(RB_COLL) / V(RANK_SUM), V(BUSIEST),
		       V(RANK_MAX), mean);
		return 2;
	}
	if (aggr_even(in)) {
		DETAIL("aggregation, not imbalance: %.0f of %.0f ranks moved "
		       "the bytes, evenly (%.0f to %.0f B each)",
		       V(RANKS_B), V(NPROCS), V(RANK_MIN), V(RANK_MAX));
		return 2;
	}
	DETAIL("rank %.0f moved %.0f B, mean rank %.0f B, in their own "
	       "records; its POSIX read and write time there %.3f s beyond "
	       "the mean rank's, or the balanced job's at the ranks' summed "
	       "pace",
	       V(BUSIEST), V(RANK_MAX), mean, V(RIMB_STAKE));
	imbal_paced(in, c, stake, d, n);
	return 0;
}

EVAL(e_idle)
{
	(void)c, (void)stake;
	if (!(V(NPROCS) >= 2)) {
		DETAIL("a single process");
		return -1;
	}
	if (V(SHARED) > 0) {
		*v = 0;
		DETAIL("shared records: every rank opened a file");
		return 0;
	}
	*v = 100.0 * (V(NPROCS) - V(RANKS_IO)) / V(NPROCS);
	DETAIL("%.0f of %.0f ranks have no POSIX/STDIO record",
	       V(NPROCS) - V(RANKS_IO), V(NPROCS));
	return 0;
}

/*
 * The pace at which this storage flushes the synced bytes once, MiB/s:
 * full_rate_mibs if a site set it; else the fastest of the job's own
 * records of 1 MiB or more written and synced at most once a process
 * (synced_once_mibs: their write time holds their one flush, or the
 * page cache's when unsynced); else fsync_flush_mibs, assumed.
 */
static double fsync_flush_rate(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c,
			       enum pace_src *src)
{
	*src = PACE_SITE;
	if (K(FULL_RATE) > 0)
		return K(FULL_RATE);
	*src = PACE_LOG;
	if (isfinite(V(SYNC_ONCE)) && V(SYNC_ONCE) > 0)
		return V(SYNC_ONCE);
	*src = PACE_ASSUMED;
	return K(FSYNC_FLUSH);
}

/*
 * IOL-FSYNC's stake (issue 34, round 39): the syncs' own cost, not the
 * flush of the bytes any sync must pay.  Darshan counts sync time as
 * write time, and one sync at close (or the page cache's writeback)
 * flushes the same bytes: the slowest rank's write time beyond the
 * synced bytes (the job's: the ranks share the storage; all it wrote
 * when a store lacks the field) at fsync_flush_rate(); at least each
 * repeated sync of the mean process at fsync_call_us; at most the
 * repeated syncs' share of the write time.  r39-fsync-each: 2.59 s of
 * writes and syncs, 32 MiB at 32 MiB/s, twin 1.02 s: 1.59 s, not 2.58
 * s; r41-ckpt-fsync-each: 192 MiB, 3.84 s, twin 0.48-0.99 s less: the
 * bytes outlast the time, 189 syncs a process at 1 ms, 0.19 s, not 3.78
 * s.
 */
/*
 * Whether the repeated syncs are a database's commits of batches (issue
 * 34, round 52), not a sync per small write: they cross fsync_per_file
 * only, each after more writes than fsync_per_write_pct allows a sync,
 * and each flushes more bytes than its call costs at the flush pace
 * (rate x fsync_call_us: 256 KiB at the defaults).  Such a sync is the
 * batch's durability and its time the batch's own flush at the device's
 * pace, which an assumed pace cannot take out: r52-sql-batch, 88 syncs
 * of 1.4 MiB after 666 writes each, claimed 1.35 s (labelled false, the
 * WAL twins saved 0.10-0.33 s).  A sync per ledger line, 4 KiB record or
 * small transaction flushes less (r6-slow-io: 256 KiB every 64 writes at
 * the job's 305.6 MiB/s; sqlite's autocommits 3-4 KiB).
 */
static int fsync_batches(const struct iol_triage_in *in,
			 const struct iol_triage_conf *c, double extra,
			 double b, double rate)
{
	double writes = z(V(PWRITES)) + z(V(SYNC_SW));

	return extra > 0 && writes > 0 && rate > 0 &&
	       !(100.0 * extra / writes > K(FSYNC)) &&
	       b / V(PSYNCS) > rate * 1048576.0 * K(FSYNC_CALL) / 1e6;
}

/*
 * The flush pace of syncs that each follow many writes (round 52), when
 * neither the site nor the job's once-synced records give one: the
 * job's own, its synced bytes over the slowest rank's write time.
 * Darshan counts the syncs in the write time, so that time a byte is
 * the bytes' way to the device whether the writes wait for it (a
 * synchronous mount: r52-sql-smallcache, 0.27 MiB/s, 12-14 ms a 4 KiB
 * page write with the syncs in it and in its twin with the same 32
 * syncs) or the syncs flush them; the counters cannot tell which, and
 * in neither is it the syncs' own cost.  A sync per write or two (more syncs
 * per 100 writes than fsync_per_write_pct) keeps the pace above: its syncs
 * flush one write each and their time is mostly their own.
 */
static double fsync_own_pace(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, double extra,
			     double b, double rate, int *own)
{
	double writes = z(V(PWRITES)) + z(V(SYNC_SW)), t = z(V(WTIME));

	*own = extra > 0 && writes > 0 && t > 0 && b > 0 &&
	       !(100.0 * extra / writes > K(FSYNC));
	return *own ? b / 1048576.0 / t : rate;
}

static double fsync_stake(const struct iol_triage_in *in,
			  const struct iol_triage_conf *c, double extra,
			  char *d, size_t n)
{
	static const char *const from[] = {"", ", the job's", ", assumed"};
	double t = z(V(WTIME)), most, b, rate, flush, calls, own;
	enum pace_src src;
	int batch, mine = 0;

	if (!(V(PSYNCS) > 0))
		return 0;
	most = t * fmin(1, extra / V(PSYNCS));
	b = isfinite(V(SYNC_B)) && V(SYNC_B) >= 0 ? V(SYNC_B) : z(V(BYTES_W));
	rate = fsync_flush_rate(in, c, &src);
	if (src == PACE_ASSUMED)
		rate = fsync_own_pace(in, c, extra, b, rate, &mine);
	flush = rate > 0 ? fmin(t, b / 1048576.0 / rate) : 0;
	calls = extra / (V(NPROCS) >= 1 ? V(NPROCS) : 1) * K(FSYNC_CALL) / 1e6;
	batch = fsync_batches(in, c, extra, b, rate);
	/* a batch's commits: the calls alone, the rest is its flush */
	own = fmin(most, batch ? calls : fmax(t - flush, calls));
	if (n && batch && mine) {
		dcat(d, n,
		     "; batches of %.0f writes, %.0f KiB, at the job's own "
		     "%.3g MiB/s",
		     (z(V(PWRITES)) + z(V(SYNC_SW))) / V(PSYNCS),
		     b / V(PSYNCS) / 1024.0, rate);
		return own;
	}
	if (n && batch) {
		dcat(d, n,
		     "; each sync commits a batch (%.0f writes, %.0f KiB a "
		     "sync: more than fsync_call_us flushes at %.4g MiB/s), "
		     "its time the batch's flush; fsync_call_us a sync",
		     (z(V(PWRITES)) + z(V(SYNC_SW))) / V(PSYNCS),
		     b / V(PSYNCS) / 1024.0, rate);
		return own;
	}
	/* a flush under a millisecond is no figure to tell */
	if (!n || !(flush >= 0.0005))
		return own;
	dcat(d, n,
	     "; %.3f s of it the %.0f MiB's flush at %.4g MiB/s%s, which "
	     "one sync pays too%s",
	     flush, b / 1048576.0, rate, mine ? ", the job's own" : from[src],
	     calls > t - flush && own > 0 ? "; fsync_call_us a sync" : "");
	return own;
}

/* One sync per written file per rank (a checkpoint's closing fsync) is
 * good practice; only the syncs beyond it count.  The cost of a sync is
 * per sync, not per write: a database that commits 80 page writes at a
 * time syncs its files again and again at 5 syncs per 100 writes, so
 * fsync_per_file repeated syncs a written file cross as well. */
EVAL(e_fsync)
{
	double extra, again, sw = z(V(SYNC_SW)), srecs = z(V(SYNC_SRECS));
	double writes = z(V(PWRITES)) + sw, recs, once;
	int repeated;

	(void)c;
	if (!(writes > 0) || !isfinite(V(PSYNCS)) || !isfinite(V(PWRECS))) {
		DETAIL("no POSIX writes");
		return -1;
	}
	/* the STDIO writes of files whose syncs are POSIX's (trisync.c)
	 * are the writes those syncs flush */
	recs = first_sync_recs(in, V(PWRECS) + srecs);
	extra = V(PSYNCS) > recs ? V(PSYNCS) - recs : 0;
	*v = 100.0 * extra / writes;
	again = recs > 0 ? extra / recs : 0;
	repeated = extra > 0 && again >= K(FSYNC_FILE);
	once = !repeated && again < K(FSYNC_COMMIT) ? once_sync_secs(in, c) : 0;
	if (once > 0) {
		DETAIL("%.0f fsync/fdatasync for %.0f POSIX writes, %.0f "
		       "synced records, %.1f more syncs a record: a sync per "
		       "file over many files (%.0f a process, a sync every "
		       "%.1f writes); %.3f s of the write time waits a commit "
		       "a file beyond the bytes' flush",
		       V(PSYNCS), writes, recs, again,
		       recs / fmax(1, z(V(NPROCS))), writes / V(PSYNCS), once);
		*stake = once;
		return 4;
	}
	DETAIL("%.0f fsync/fdatasync for %.0f POSIX writes in %.0f written "
	       "records, %.0f of them synced (a shared record counts once a "
	       "process); the first sync of each synced record is not "
	       "counted, %.1f more a record%s",
	       V(PSYNCS), writes, V(PWRECS) + srecs, recs, again,
	       repeated			 ? " (synced again and again)"
	       : again < K(FSYNC_COMMIT) ? " (a commit's few syncs, under "
					   "fsync_commit_syncs: not a sync "
					   "per transaction)"
					 : "");
	if (n && sw > 0) {
		dcat(d, n, "; %.0f of the writes STDIO's, their syncs POSIX's",
		     sw);
	}
	*stake = fsync_stake(in, c, extra, d, n);
	if (repeated)
		return 4;
	/* a commit's protocol syncs each file once or twice whatever it
	 * writes (sqlite, one transaction: 8 syncs for 23 writes); only
	 * syncs that repeat through the run are per transaction */
	return again < K(FSYNC_COMMIT) ? 2 : 3;
}

EVAL(e_seek)
{
	double ops = V(PREADS) + V(PWRITES);

	(void)c, (void)stake;
	if (!(ops > 0) || !isfinite(V(PSEEKS))) {
		DETAIL("no POSIX reads or writes");
		return -1;
	}
	*v = 100.0 * V(PSEEKS) / ops;
	DETAIL("%.0f seeks for %.0f POSIX reads and writes", V(PSEEKS), ops);
	return 0;
}

/* A share of b in a + b ... in percent; -1 when there is no total. */
static int share(double part, double total, double *v)
{
	if (!(total > 0) || !isfinite(part))
		return -1;
	*v = 100.0 * part / total;
	return 0;
}

static double stdio_call_secs(const struct iol_triage_in *in);

/*
 * The flushes' own seconds of STDIO's t (issue 34, round 141): its
 * calls cost at most stdio_libcall_us each as library calls; the time
 * beyond (its data calls' time, opens and closes left out) is the
 * system calls the stream made, one a flush when the flushes outnumber
 * the buffers' worth, and when each waits for the device and carries
 * a line (stdio_flush_bytes or less), whose wait is the request's, not
 * its bytes', the extra flushes' share of them is what writing through
 * the buffer saves.  Spreading t over every call
 * instead staked r141-gridcost's 2000 flushes of ~127 B on a sync
 * mount (27.1 s of 27.2 s) at 0.98 s for its 52026 fprintf calls;
 * its twin without them wrote the same rows in 0.94 s.
 */
static double stdio_flush_sys(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double t,
			      double calls, double extra, double fl)
{
	double np = fmax(1, z(V(NPROCS)));
	double lib = calls / np * K(STDIO_LIBCALL) * 1e-6;
	double beyond = fmin(t, stdio_call_secs(in)) - lib;

	/* flushes into the page cache cost microseconds, as the calls
	 * do, and the counters cannot part them (r7-applog-line: 10 us a
	 * flush, its calls' share stays); a flush that waits for the
	 * device (stdio_wait_us on the slowest rank) is the time */
	if (!(extra > 0) || !(beyond > 0) ||
	    beyond * np / fl * 1e6 < K(STDIO_WAIT))
		return 0;
	/* flushes of a block's worth: the buffer's fewer, larger writes
	 * cost more each, and the count overstates the saving
	 * (r36-halodiag-flush: 768 B a flush, 13 ms; its twin's 4 KiB
	 * writes 23 ms each, 2.6 s saved of 3.98 s) */
	if (!(z(V(STDIO_BW)) / fl <= K(STDIO_FLUSH_B)))
		return 0;
	return beyond * fmin(1, extra / fl);
}

/*
 * Bulk STDIO data is staked by what its pattern costs (issue 34, round
 * 7).  A buffered stream writes its buffer (stdio_call_bytes) with one
 * system call; its fprintf and fwrite calls are library calls, copies
 * into memory, computation-like.  A flush is a system call: flushes up
 * to a buffer's worth of bytes each cost nothing a buffer would not
 * (r7-applog-batch: 1000 flushes of 4.3 KB a rank); the flushes beyond
 * are the pattern's cost (r7-applog-line: a flush per 43-B line), at
 * stake their share of the stream's calls and flushes, each counted as
 * one operation of its time.  No flush counted: the counters cannot
 * tell a buffered stream from an unbuffered one (r6-stdio-buf and
 * r6-stdio-unbuf differ in time alone), the whole time stays at stake.
 */
static void stdio_flush_stake(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double calls,
			      double *stake, char *d, size_t n)
{
	double fl = z(V(STDIO_FLUSH)), bufs, extra, t = *stake, sys;

	if (!(fl > 0) || !(calls > 0))
		return;
	bufs = K(STDIO_CALL) > 0 ? z(V(STDIO_BW)) / K(STDIO_CALL) : 0;
	extra = fmax(0, fl - bufs);
	*stake = t * fmin(1, extra / calls);
	sys = stdio_flush_sys(in, c, t, calls, extra, fl);
	*stake = fmax(*stake, sys);
	if (!n)
		return;
	dcat(d, n,
	     "; %.0f flushes, %.0f a buffer's worth of bytes written "
	     "(stdio_call_bytes) would make: %s",
	     fl, floor(bufs),
	     !(extra > 0) ? "buffered, its calls are library calls"
	     : sys > 0 && *stake <= sys
		     ? "the time beyond the calls at stdio_libcall_us is the "
		       "stream's system calls, the flushes beyond their share "
		       "of it at stake"
		     : "the flushes beyond are a system call each, "
		       "their share of the calls at stake");
}

/*
 * What calls as large as a buffer would save of STDIO's t seconds is at
 * most t less its bytes at a large request's pace (read_rate_mibs for a
 * reader, write_rate_mibs for a writer, full_rate_mibs if set): they
 * move the same bytes (round 13's appendbuf reruns: 100000 fwrites of
 * 100 B through a 64 KiB buffer, 10 MB in 0.031 s, the fix of
 * append-100b's write per record, were said to hold 0.03 s, 13 % of
 * the run, by the calls' share of the time).
 */
static double stdio_beyond_pace(const struct iol_triage_in *in,
				const struct iol_triage_conf *c, double st,
				double t)
{
	double rate = large_pace(c, z(V(STDIO_BR)) > z(V(STDIO_BW)));

	return rate > 0 ? fmax(0, t - st / 1048576.0 / rate) : t;
}

/* Is STDIO's data bulk: at least stdio_bulk_bytes through STDIO, or its
 * time bulk (slow: little data, much time)?  Less is no structural
 * pattern, whatever its share of a short run: round 14's keep-log (one
 * fopen, 20000 lines, 940 KB in 0.02-0.09 s, 47-79 % of the run) warned
 * in 3 of 3 reruns, a well-formed log writer (labelled no finding). */
static int stdio_bulk(const struct iol_triage_conf *c, double st, int slow)
{
	return slow || st >= K(STDIO_BULK);
}

/*
 * The slowest rank's STDIO seconds in its data calls: its STDIO time
 * less the opens' and closes' (STDIO metadata a process less the seeks'
 * share, which stays: a seek refills the buffer).  An fopen or fclose
 * waits on the file system once a file, whatever the calls, and its
 * wait moves with the machine's load: r13-appendbuf-ab2 (100001 fputs
 * of 100 B) spent 0.036 s of its 0.107 s in them, 1.07 us a call with
 * them and 0.71 without, while its reruns took 0.30-0.31 us a call with
 * them.  A store made before stdio_meta_time keeps the whole time.
 */
static double stdio_call_secs(const struct iol_triage_in *in)
{
	double meta = z(V(STDIO_META)) - z(V(SSEEK_T));

	return fmax(0, z(V(STDIO_T)) - fmax(0, meta));
}

/* Is STDIO a buffered stream of large data whose calls are library
 * calls: at most stdio_stream_calls calls a buffer's worth of bytes
 * (stdio_call_bytes), each at most stdio_libcall_us on the slowest rank
 * (its time over its share of the calls), nothing re-read?  Its calls
 * copy to and from the buffer, which fills before each system call: the
 * time is the wrapper's and the copy's, nothing a user could save
 * (round 18's fq-filter: 1.6 M fgets of 79 B in 0.97 s, 0.6 us a call;
 * its 1 MiB-buffer twin was not faster without Darshan).  A call that
 * pays a system call (r6-stdio-unbuf: 1.8 us) or a parse (r11-fscanf:
 * 5.5 us), or lines of 42 B (r4-stdio-fgets: 97 calls a buffer) stays
 * judged. */
static int stdio_stream(const struct iol_triage_in *in,
			const struct iol_triage_conf *c, double st,
			double calls)
{
	double np = fmax(1, z(V(NPROCS)));

	if (!(K(STDIO_STREAM) > 0) || !(K(STDIO_CALL) > 0) || !(calls > 0) ||
	    z(V(RED_STDIO)) > 0)
		return 0;
	return calls / (st / K(STDIO_CALL)) <= K(STDIO_STREAM) &&
	       stdio_call_secs(in) * np / calls * 1e6 <= K(STDIO_LIBCALL);
}

/*
 * A reader's small calls that are library calls (issue 34, round 89):
 * mostly bytes read, few seeks, no flush, nothing re-read, each call at
 * most stdio_libcall_us, yet more than stdio_stream_calls a buffer's
 * worth (lines under 64 B).  Each call copies a line out of the buffer;
 * a program reading large blocks would still find and copy its lines,
 * and the bytes from the page cache go faster than the read pace, so
 * the stake is what such calls save at most.  Labellers split on it
 * (r4-stdio-fgets material, r89-fastq and r26-deck-all trivial):
 * exempting such readers lost r4's tp (rounds: tp 718 -> 717, causes
 * found 476 -> 475), so the verdict stays and the detail says it.
 */
static void stdio_reader_note(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double st,
			      double calls, char *d, size_t n)
{
	double np = fmax(1, z(V(NPROCS))), us;

	/* a call reads a byte at least, but for one at the end of each
	 * process's stream: more calls than that is a damaged log's */
	if (!n || !(K(STDIO_CALL) > 0) || !(calls > 0) || !(st > 0) ||
	    calls > st + np || z(V(STDIO_BW)) * 2 >= st ||
	    z(V(SSEEKS)) * 2 >= calls || z(V(STDIO_FLUSH)) > 0 ||
	    z(V(RED_STDIO)) > 0)
		return;
	us = stdio_call_secs(in) * np / calls * 1e6;
	if (us > K(STDIO_LIBCALL))
		return;
	dcat(d, n,
	     "; lines read by library calls (%.2f us each, %.0f a "
	     "buffer): large reads would still find and copy each line, "
	     "the stake is at most what larger calls save",
	     us, calls / (st / K(STDIO_CALL)));
}

/*
 * STDIO's write(2) requests: a flush each, and for the data calls one
 * a buffer's worth of bytes (stdio_call_bytes) or, for calls larger
 * than a buffer, one a call (glibc hands them straight through).
 */
static double stdio_requests(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, double st,
			     double data)
{
	return fmax(z(V(STDIO_FLUSH)), fmin(data, st / K(STDIO_CALL)));
}

/*
 * Do STDIO's writes reach the file system as small requests that wait
 * for the device (issue 34, round 42)?  Darshan records glibc's write(2)
 * under STDIO only, so IOL-SMALL-REQ never sees them.  A writer (at
 * least half of STDIO's bytes written) whose every data call is a
 * request of its own (a buffer's worth or more each, or flushed each:
 * at least one request for two data calls), each under 1 MiB, at least
 * stdio_wait_us on the slowest rank: the library's copies are
 * microseconds beside such a request, so the STDIO time is the
 * requests'.  r42-ckpt-stdio: 16384 fwrites of 4096 B on a sync mount,
 * 3 ms each, 12.5 s a rank (its POSIX twin, 1 MiB writes: 0.98 s).
 * Flushes into the page cache (r7-applog-line: 12 us a line) and
 * buffered streams with several calls a request (r36-halodiag-flush)
 * keep the calls' share.  A request's time is the data calls' alone
 * (stdio_call_secs()): a storm of fopen/fwrite/fclose (r93-solver: 800
 * files, 1.3 s of opens and closes a rank, 0.001-0.10 s of writes) is
 * the files' cost, which no larger buffer saves.  Requests of 16
 * buffers' worth (stdio_call_bytes) or more are calls glibc hands
 * straight to write(2), their time their bytes' at the device's pace
 * (r186-nbody: 265 KB fwrites at a throttled 32 MiB/s, r180-cfd's 2 MiB
 * slabs; labelled trivial).
 */
/* A STDIO writer's requests (stdio_requests()), when they are under 16
 * buffers' worth on average: *data its data calls, *req the requests;
 * 0 when STDIO writes less than half its bytes or a key is off */
static int stdio_writer_reqs(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, double *data,
			     double *req)
{
	double st = z(V(STDIO_BR)) + z(V(STDIO_BW));

	*data = z(V(STDIO_OPS)) - z(V(STDIO_FLUSH));
	*req = 0;
	if (!(K(STDIO_WAIT) > 0) || !(K(STDIO_CALL) > 0) || !(st > 0) ||
	    !(*data > 0) || z(V(STDIO_BW)) * 2 < st)
		return 0;
	*req = stdio_requests(in, c, st, *data);
	return *req > 0 && st / *req < 16 * K(STDIO_CALL);
}

static int stdio_small_req(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c)
{
	double data, req;

	return stdio_writer_reqs(in, c, &data, &req) && req * 2 >= data &&
	       stdio_call_secs(in) * fmax(1, z(V(NPROCS))) / req * 1e6 >=
		       K(STDIO_WAIT);
}

/*
 * The advice of stdio_small_req(), for the streams whose calls share a
 * request too (issue 34, round 171): a writer whose requests (a buffer's
 * worth or a flush each) are under 1 MiB and each wait for the device
 * (stdio_wait_us a request, beyond its calls at FMT_CALL_US each) is
 * told to give the stream a larger buffer or flush less, not to leave
 * STDIO.  Its stake stays the calls' share (several calls a request:
 * r36-halodiag-flush).  r171-sim4k: a spike recorder's 2000 fprintf a
 * rank through glibc's 4 KiB buffer, 312 requests of 4 KiB on rank 3,
 * 4.1 s on a sync mount; its twin with a 1 MiB buffer writes them in
 * 0.02-0.04 s.  A text format's calls are the cost where each costs a
 * formatting's microseconds (r43-csv-rank0: 5.5 us a 7-field fprintf,
 * r86-gascii 1.7 us a value; their binary twins save it): a larger
 * buffer saves nothing there, and they keep the rule's advice.
 */
#define FMT_CALL_US 5.0
static int stdio_wait_req(const struct iol_triage_in *in,
			  const struct iol_triage_conf *c)
{
	double data, req;

	if (stdio_small_req(in, c))
		return 1;
	/* a lower bound whatever the ranks' shares: the slowest rank's
	 * time less every call's formatting, over every request */
	return stdio_writer_reqs(in, c, &data, &req) &&
	       (stdio_call_secs(in) - data * FMT_CALL_US * 1e-6) / req * 1e6 >=
		       K(STDIO_WAIT);
}

/* The small requests' stake: STDIO's data calls' time (its opens and
 * closes left out, stdio_call_secs()) beyond its bytes at a large
 * write's pace, said to be assumed unless a site set it */
static double stdio_req_stake(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double st,
			      char *b, size_t n)
{
	double data = z(V(STDIO_OPS)) - z(V(STDIO_FLUSH));
	double req = stdio_requests(in, c, st, data);
	double t = stdio_call_secs(in);

	snprintf(b, n,
		 " (%.0f requests of %.0f B, %.1f ms each: small "
		 "requests that wait for the device, stdio_wait_us; the time "
		 "beyond the bytes at %.0f MiB/s%s at stake)",
		 req, st / req, t * fmax(1, z(V(NPROCS))) / req * 1e3,
		 large_pace(c, 0), K(FULL_RATE) > 0 ? "" : ", assumed,");
	return stdio_beyond_pace(in, c, st, t);
}

/*
 * Is every STDIO open one read (issue 34, round 46's mods-all: 12000
 * fopens, 12000 freads of a whole 1-4 KB file each, one 21-B write)?
 * Then no call can grow without fewer opens: the layer costs one call
 * an open, as read(2) would, and the opens are the files' cost
 * (SMALL-FILES, META-BOUND).  Its packed twin reads the same bytes
 * through STDIO in one fread in 0.01-0.08 s.  Writers are not: a log
 * reopened for each line (r14-reopen-log) is judged by its time.
 */
static int stdio_open_reads(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c, double calls)
{
	double opens = z(V(SOPENS));

	return opens > 0 && calls > 0 && calls <= opens &&
	       z(V(STDIO_FLUSH)) <= 0 && z(V(STDIO_BR)) > 0 &&
	       z(V(STDIO_BW)) <= K(STDIO_CALL);
}

/*
 * Is STDIO a prober (issue 34, round 49): small calls (under a buffer's
 * worth, stdio_call_bytes), a seek for every two calls or more, its
 * seeks far beyond its opens (stdio_seek_part())?  Then each call is a
 * request at a place of its own that the buffer refills from: small
 * requests at random offsets, which no POSIX rule sees (glibc's reads
 * inside STDIO are not logged).  r49-hash-probe: 6000 freads of 64 B,
 * 6004 seeks, 2 fopens a rank on slow storage; its twin reading the
 * table with one fread saved 7.26 s.
 */
static int stdio_probes(const struct iol_triage_in *in,
			const struct iol_triage_conf *c, double st,
			double calls)
{
	double us;

	return calls > 0 && K(STDIO_CALL) > 0 && st / calls < K(STDIO_CALL) &&
	       z(V(SSEEKS)) * 2 >= calls && stdio_seek_part(in, &us) > 0;
}

/*
 * Is each STDIO write call its open's only data call, as large as a
 * buffer or more (issue 34, round 59)?  numpy's np.save hands each
 * save's data to one fwrite on a fresh fdopen (r59-steps-files: 600
 * files, r59-steps-one: 600 saves to one file; STDIO OPENS = WRITES =
 * 600, 10240 B a call, slow sync storage); glibc passes such a call
 * straight to write(2), so the request is already all the data the open
 * had: no call can grow without fewer saves, and the saves' cost is told
 * by IOL-SMALL-FILES, IOL-SMALL-REQ or IOL-REDUNDANT (labelled trivial
 * for STDIO in both; steps-one's in-memory twin saved 2.4 s, the same
 * seconds SMALL-REQ stakes).  Many calls an open stay judged
 * (r42-ckpt-stdio: 1024 fwrites of 4 KiB a file, 3 ms each).
 */
static int stdio_call_an_open(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, double st)
{
	double data = z(V(STDIO_OPS)) - z(V(STDIO_FLUSH));

	return K(STDIO_CALL) > 0 && data > 0 && data <= z(V(SOPENS)) &&
	       z(V(STDIO_BW)) * 2 >= st && st / data >= K(STDIO_CALL);
}

/*
 * Large STDIO calls whose own time t is material (min_stake_s and
 * min_stake_pct of the run rt) stay info: the interface costs nothing
 * there, and the counters cannot tell needed bytes from unneeded ones.
 * Fired at warn, this cost 13 false findings for 6 true ones over
 * rounds 1-83 (r8-stdio-fread, r16-np-saveload: needed data at the
 * disk's pace, labelled trivial; r83-drvwav: 40 whole 8 MiB files read
 * for one number, material).  The detail says where such time can go:
 * only fewer bytes moved save it.
 */
static void stdio_bytes_time(const struct iol_triage_conf *c, double t,
			     double rt, char *d, size_t n)
{
	if (!n || !(rt > 0) || t < K(MIN_S) || 100.0 * t / rt < K(MIN_PCT))
		return;
	dcat(d, n,
	     "; its %.3f s (%.1f %% of the run) are the bytes' own time: "
	     "only moving fewer bytes saves them (read only what is used, "
	     "write or re-read less often), not another interface",
	     fmin(t, rt), 100.0 * fmin(t, rt) / rt);
}

/*
 * The seconds STDIO-SHARE judges of STDIO's t when STDIO carries
 * stdio_pct of the bytes or less (issue 34, round 128): t less its
 * opens' and closes' (STDIO metadata less the seeks', which stay: a
 * seek refills the buffer).  The rule fires on time alone there, and an
 * fopen and fclose are the files' metadata, told by IOL-META-BOUND,
 * IOL-SMALL-FILES or IOL-REDUNDANT's reopens: moving the data to POSIX
 * opens the file as often.  r128-hisreopen: rank 0 reopens a history
 * 1500 times for a 256-B record each on a sync mount, 18.98 s of its
 * 19.24 s STDIO in opens and closes, 2.2 % of the bytes (labelled
 * STDIO-SHARE false, META-BOUND material).  Where STDIO carries the
 * bytes the whole time stays (r14-reopen-log, r44-hist-reopen: all the
 * bytes, labelled material as META-BOUND's cause).
 */
static double stdio_little_secs(const struct iol_triage_in *in,
				const struct iol_triage_conf *c, double v,
				double t)
{
	double np = fmax(1, z(V(NPROCS)));
	double opens = np * fmax(0, z(V(STDIO_META)) - z(V(SSEEK_T)));

	/* stdio_meta_time is a process's mean: the slowest rank's opens
	 * and closes are at most every rank's, and at most the slowest
	 * metadata rank's metadata (a rank 0 that reopens alone: all) */
	opens = fmin(opens, z(V(META_SLOW)));
	return v <= K(STDIO) ? fmax(0, t - opens) : t;
}

/* The detail's note of the opens' and closes' seconds left out above,
 * when they are material on their own (min_stake_s) */
static void stdio_opens_note(const struct iol_triage_conf *c, double t,
			     double calls_t, char *d, size_t n)
{
	if (!n || !(t - calls_t >= K(MIN_S)))
		return;
	dcat(d, n,
	     "; %.3f s of it in fopen and fclose, the files' metadata "
	     "(IOL-META-BOUND's), not the data's: little data is judged "
	     "by its calls' %.3f s",
	     t - calls_t, calls_t);
}

/* STDIO against every byte the job moved: POSIX + STDIO, and DFS (or
 * DAOS, which DFS runs on: the larger, not both) that POSIX never sees */
EVAL(e_stdio)
{
	double st = z(V(STDIO_BR)) + z(V(STDIO_BW));
	double dfs = fmax(z(V(DFS_BR)) + z(V(DFS_BW)),
			  z(V(DAOS_BR)) + z(V(DAOS_BW)));
	double all = z(V(BYTES_R)) + z(V(BYTES_W)) + dfs;
	double rt = V(RUN_TIME), calls, t, tc;
	char beyond[192];
	int slow, sreq;

	if (share(st, all, v) < 0) {
		DETAIL("no bytes moved");
		return -1;
	}
	*stake = z(V(STDIO_T));
	calls = z(V(STDIO_OPS));
	sreq = stdio_small_req(in, c);
	if (sreq && stdio_call_an_open(in, c, st)) {
		DETAIL("%.0f of %.0f bytes through STDIO (DFS/DAOS %.0f) in "
		       "%.0f calls of %.0f B for %.0f opens, %.3f s STDIO a "
		       "rank: each open one call of at least stdio_call_bytes, "
		       "which goes straight to write(2); only fewer saves "
		       "make larger requests, STDIO costs nothing over POSIX",
		       st, all, dfs, calls, st / calls, z(V(SOPENS)), *stake);
		return 2;
	}
	/* STDIO costs what its calls cost beyond read and write: calls as
	 * large as a buffer go straight to read/write (stdio-bulk: 1 MiB
	 * fwrite and fread), many small calls and flushes pay the library
	 * and a system call each (stdio-log: 150000 flushes of a line) */
	if (!sreq && K(STDIO_CALL) > 0 && st > 0 && calls > 0 &&
	    st / calls >= K(STDIO_CALL)) {
		DETAIL("%.0f of %.0f bytes through STDIO (DFS/DAOS %.0f) in "
		       "%.0f calls of %.0f B on average, %.3f s STDIO a "
		       "rank: calls of at least stdio_call_bytes go straight "
		       "to read and write, STDIO costs nothing over POSIX",
		       st, all, dfs, calls, st / calls, *stake);
		/* the opens' and closes' time is the files', not the bytes' */
		stdio_bytes_time(c, stdio_call_secs(in), rt, d, n);
		return 2;
	}
	if (st > 0 && stdio_stream(in, c, st, calls)) {
		DETAIL("%.0f of %.0f bytes through STDIO (DFS/DAOS %.0f) in "
		       "%.0f calls, %.3f s STDIO a rank: a buffered stream "
		       "(stdio_stream_calls, stdio_libcall_us), its calls "
		       "library calls, nothing to save",
		       st, all, dfs, calls, *stake);
		*stake = 0;
		return 2;
	}
	if (!sreq && stdio_open_reads(in, c, calls)) {
		DETAIL("%.0f of %.0f bytes through STDIO (DFS/DAOS %.0f) in "
		       "%.0f calls for %.0f opens, %.3f s STDIO a rank: each "
		       "open one read, the layer's cost one call an open, "
		       "nothing to save; the opens are the files' cost",
		       st, all, dfs, calls, z(V(SOPENS)), *stake);
		*stake = 0;
		return 2;
	}
	/* calls beyond one a buffer's worth of bytes are what small calls
	 * cost; the rest would be made by calls as large as a buffer
	 * (r12-fread-4k: 262144 freads of 4096 B and two 34-B writes to
	 * stderr average 4095.98 B: two calls of 262146 at stake, not all).
	 * With flushes, stdio_flush_stake() counts the buffers' worth. */
	t = *stake;
	tc = *stake = stdio_little_secs(in, c, *v, t);
	beyond[0] = 0;
	if (sreq)
		*stake = stdio_req_stake(in, c, st, beyond, sizeof beyond);
	else if (K(STDIO_CALL) > 0 && !(z(V(STDIO_FLUSH)) > 0)) {
		double x = fmax(0, calls - st / K(STDIO_CALL));

		*stake *= fmin(1, x / calls);
		snprintf(beyond, sizeof beyond,
			 " (%.0f beyond one a buffer's worth of bytes, "
			 "stdio_call_bytes: their share at stake)",
			 x);
		*stake = fmin(*stake, stdio_beyond_pace(in, c, st, tc));
	}
	/* bulk STDIO time is judged as well as bulk data: a 44 KB log file
	 * that takes a rank 113 s (imbalanced-io) is a finding */
	slow = *stake >= K(MIN_S) && rt > 0 &&
	       100.0 * *stake / rt >= K(MIN_PCT);
	DETAIL("%.0f of %.0f bytes through STDIO (DFS/DAOS %.0f) in %.0f "
	       "calls%s, %.3f s STDIO a rank%s",
	       st, all, dfs, calls, beyond, t,
	       *v <= K(STDIO) && slow ? " (little data, much time)" : "");
	stdio_opens_note(c, t, tc, d, n);
	if (n && stdio_probes(in, c, st, calls)) {
		double us, ts = stdio_seek_part(in, &us);

		dcat(d, n,
		     "; small requests at random offsets, a seek each "
		     "(%.0f seeks, %.0f fopens; %.3f s a rank in seeks of "
		     "%.0f us): load the file or sort the lookups",
		     z(V(SSEEKS)), z(V(SOPENS)), ts, us);
	}
	if (*v <= K(STDIO) && slow)
		return 4;
	if (!sreq) {
		stdio_flush_stake(in, c, calls, stake, d, n);
		stdio_reader_note(in, c, st, calls, d, n);
	}
	if (!stdio_bulk(c, st, slow)) {
		size_t l = n ? strlen(d) : 0;

		if (n)
			snprintf(d + l, n - l,
				 "; under stdio_bulk_bytes: no bulk data, "
				 "judged by its time");
		return 0;
	}
	return 3;
}

/*
 * The shared files written through POSIX alone, judged by file: a job
 * that reads its input through MPI-IO may still have every rank write
 * its output file through POSIX (r107-seismic: out.sgy, 3073 pwrites
 * from 4 ranks, no MPI-IO record for it; labelled true, trivial).
 */
EVAL(e_nompiio)
{
	(void)c, (void)stake;
	if (!(V(NPROCS) >= 2)) {
		DETAIL("a single process");
		return -1;
	}
	*v = isfinite(V(MPIIO_BR)) ? z(V(SHWFILES_NOMPI)) : z(V(SHWFILES));
	/* shared_written_files_nompi's bounds, named: a shared file every
	 * rank writes a line to through POSIX is below them, and the job
	 * does not use MPI-IO for it */
	if (isfinite(V(MPIIO_BR)) && *v > 0)
		DETAIL("%.0f files all ranks opened and wrote 1 MiB or more "
		       "to through POSIX (a write a rank or more) with no "
		       "MPI-IO record, though the job uses MPI-IO on others",
		       *v);
	else if (isfinite(V(MPIIO_BR)))
		DETAIL("the job uses MPI-IO%s",
		       isfinite(V(SHWFILES_NOMPI))
			       ? " for every file all ranks opened and wrote "
				 "1 MiB or more to (a write a rank or more)"
			       : "");
	else
		DETAIL("%.0f files every rank opened and wrote through "
		       "POSIX, no MPI-IO (%.0f shared files in all; those "
		       "only read, such as libraries, left out)",
		       z(V(SHWFILES)), z(V(SHARED_FILES)));
	return 0;
}

EVAL(e_memal)
{
	(void)c, (void)stake;
	if (share(V(MEMNOT), z(V(PREADS)) + z(V(PWRITES)), v) < 0) {
		DETAIL("no POSIX reads or writes");
		return -1;
	}
	DETAIL("%.0f POSIX operations on unaligned memory", V(MEMNOT));
	return 0;
}

/* Redundant bytes are re-reads first (a job rewriting pages reads few
 * bytes), the rest rewrites, but for the rewrites of files never read
 * (red_rw_bytes()); each at its own time a byte.  A program's
 * code read again (every rank importing the same Python modules) is
 * counted apart, read at the same time a byte. */
/* REDUNDANT's bytes moved again: code read again (rc), data re-read
 * (rr), rewritten (rw), and each one's share of the read or write time */
struct red_parts {
	double rc, rr, rw, t_rc, t_rr, t_rw;
	double t_ro;   /* the rewrite passes' reopens (red_reopens()) */
	int ro;	       /* any reopens at all, before the cap */
	double t_rro;  /* the re-read passes' reopens */
	double t_once; /* of t_rr, one pass a rank over an input */
	double once;   /* its bytes */
};

/* The rewrites' seconds on the slowest rank of the shared records whose
 * slowest rank moved them (trifacts.h: redundant_rank_time), at most
 * the slowest rank's write time: split by the bytes over all ranks they
 * would take the mean rank's share (r14-prealloc: 1.65 s of rank 0's
 * 3.3 s of zeros) */
static double rewrite_rank(const struct iol_triage_in *in)
{
	return fmax(0, fmin(z(V(RED_RANK)), z(V(WTIME))));
}

/*
 * Rewrites of files MPI-IO wrote with nonblocking calls (issue 34, round
 * 55): the file system's writes drain behind the calls while the ranks
 * compute, so their POSIX seconds are not what the ranks waited.  Their
 * share of the POSIX estimate t_rw is staked at their files' MPI-IO time
 * a byte instead, when less (r55-iwall: 8 checkpoints overwriting one
 * 32 MiB file through MPI_File_iwrite_at_all, 1.023 s of POSIX time,
 * 0.299 s of MPI-IO; labelled trivial, overlapped with compute).  A
 * store from before the fields keeps POSIX's time.
 */
static double red_nb_secs(const struct iol_triage_in *in, double rw,
			  double t_rw)
{
	double nb = V(RED_NB_B), nt = V(RED_NB_T), bw = z(V(BYTES_W)), part;

	if (!in->have[IOL_TIN_RED_NB_B] || !in->have[IOL_TIN_RED_NB_T] ||
	    !isfinite(nb) || !isfinite(nt) || !(nb > 0) || !(bw > 0))
		return t_rw;
	part = fmin(t_rw, z(V(WTIME)) * fmin(1, fmin(nb, rw) / bw));
	return t_rw - part + fmin(part, fmax(0, nt));
}

/*
 * The rewrite passes' reopens on the slowest rank (issue 34, round 125).
 * RED_REOPEN sums every rank's reopens over every file; the stake is
 * seconds on one rank, so the rewrites' time (t_rw, the slowest rank's
 * share) and these reopens together are at most the slowest rank's
 * whole I/O time: no rank waited longer than its own I/O (r125-scf: 4
 * ranks each truncating and rewriting its own WAVE files every cycle,
 * 0.752 s staked against 0.603 s of I/O on the slowest rank; 1.04 s in
 * its reruns against 0.815 and 0.887 s, and the verdict flipped).
 */
static double red_reopens(const struct iol_triage_in *in, double t_rw)
{
	double ro = z(V(RED_REOPEN));

	return fmax(0, fmin(ro, z(V(IO_SLOWEST)) - t_rw));
}

/*
 * The rewrites of files the job never read (issue 34, round 131): no
 * re-reads, whatever the job read elsewhere, so a job that reads its
 * inputs once and rewrites another file books rewrites at the write
 * pace, not re-reads at the reads' (r131-hmevery: a 1 MiB histogram
 * rewritten after each of 96 inputs, 95 MiB booked as re-reads at DXT's
 * 0 s; r133-manifest: a manifest truncated and rewritten after each of
 * 300 frames, never read).  The other bytes moved again are re-reads
 * first, as the bytes read allow (a job rewriting pages reads few
 * bytes), as in a store from before the field.
 */
static double red_rw_bytes(const struct iol_triage_in *in, double red)
{
	double rw = V(RED_RW);

	if (!in->have[IOL_TIN_RED_RW] || !isfinite(rw))
		return 0;
	return fmin(red, fmax(0, rw));
}

static void red_split(const struct iol_triage_in *in, struct red_parts *p)
{
	double br = z(V(BYTES_R)), red = z(V(RED)) + z(V(RED_STDIO));

	p->rc = fmin(z(V(RED_CODE)), br);
	p->rr = fmin(red - red_rw_bytes(in, red), br - p->rc);
	p->rw = red - p->rr;
	p->t_rc = br > 0 ? z(V(RTIME)) * p->rc / br : 0;
	p->t_rr = br > 0 ? z(V(RTIME)) * p->rr / br : 0;
	p->once = z(V(RED_ONCE));
	p->t_once = br > 0 ? z(V(RTIME)) * fmin(p->once, p->rr) / br : 0;
	/* at most the write time: a damaged log's redundant bytes beyond
	 * its bytes written are no more seconds than all its writes took */
	p->t_rw = z(V(BYTES_W)) > 0
			  ? z(V(WTIME)) * fmin(1, p->rw / z(V(BYTES_W)))
			  : 0;
	p->t_rw = fmax(red_nb_secs(in, p->rw, p->t_rw), rewrite_rank(in));
	p->ro = z(V(RED_REOPEN)) > 0;
	p->t_ro = red_reopens(in, p->t_rw);
	/* told only: a store from before the field has none (0) */
	p->t_rro = fmax(fmin(z(V(RED_RRO)), z(V(IO_SLOWEST))), 0);
}

/*
 * True re-reads of data are a structural pattern; rewritten pages (a
 * database's), imports (the interpreter's reading, not the
 * application's) and each rank's one pass over a shared input (read
 * once and broadcast? round 26's deck-all, reread-once) are judged by
 * the time they take.  Which part leads is decided by bytes, which a
 * rerun repeats, not by the parts' seconds at their own paces, which
 * the load moves (issue 34, round 45's part-sorted: 671 MB re-read and
 * 335 MB rewritten in every run; 0.324 s of re-reads against 0.426 s of
 * rewrites labelled, 0.447 s against 0.421 s in a rerun, and the
 * verdict flipped with them).  Rewrites that pay reopens have seconds
 * with no bytes: there the parts' times decide, as before (a
 * database's journal reopened each transaction, carol_sqlite3: 184 KB
 * re-read from the cache in 0.000 s, 5 KB rewritten with 0.001 s of
 * reopens, labelled trivial).
 */
static int red_structural(const struct red_parts *p, double t_rw)
{
	double once = fmin(p->once, p->rr);

	if (p->ro)
		return p->t_rr - p->t_once >= t_rw + p->t_rc + p->t_once;
	return p->rr > 0 && p->rr - once >= p->rw + p->rc + once;
}

/*
 * Without DXT, the re-reads' share of the counters' seconds that each
 * record's slowest read leaves (issue 34, round 85; trireread.c:
 * iol_triage_warm_rereads()): a file read cold and then from the page
 * cache re-read in microseconds, however its bytes split its read time
 * (r85-storm: 1.358 s by bytes, 0.007 s beyond the slowest reads; its
 * cost is the cold files, IOL-SMALL-FILES's).  STDIO's re-reads keep
 * the counters' pace: no slowest read of theirs is known.
 */
static void red_warm(const struct iol_triage_in *in, const struct red_parts *p,
		     double *t_rr)
{
	double br = z(V(BYTES_R)), f = V(RED_WARM), st;

	if (!in->have[IOL_TIN_RED_WARM] || !isfinite(f) || !(br > 0))
		return;
	st = fmin(z(V(RED_STDIO)), p->rr);
	*t_rr = z(V(RTIME)) * (st + (p->rr - st) * fmin(1, fmax(0, f))) / br;
}

/* Did red_warm() cut the counters' re-read seconds (the detail says) */
static int red_warm_cut(const struct iol_triage_in *in)
{
	return in->have[IOL_TIN_RED_WARM] && isfinite(V(RED_WARM)) &&
	       V(RED_WARM) < 0.999;
}

/*
 * The re-reads' seconds at stake (issue 34, round 51): the counters
 * split the read time by bytes, so re-reads from the page cache take
 * the pace of cold first reads (r51-ledger: 0.995 s claimed, DXT's
 * 0.22-0.31 s a worker).  Where the log's DXT covers the POSIX reads,
 * the most seconds a rank spent reading bytes it had read before in the
 * same file (trireread.c: another rank's reading does not make a rank's
 * first pass a re-read), at most the read time, with STDIO's re-reads
 * (DXT does not trace STDIO) at the counters' pace; else the counters'
 * estimate.  1: DXT's seconds replaced *t_rr.
 */
static int reread_secs(const struct iol_triage_in *in,
		       const struct red_parts *p, double *t_rr)
{
	double br = z(V(BYTES_R)), st, d = V(RED_DXT), db = V(RED_DXT_B);
	double pr, rb = V(RED_DXT_RB);

	if (!(br > 0))
		return 0;
	if (!in->have[IOL_TIN_RED_DXT] || !isfinite(d)) {
		red_warm(in, p, t_rr);
		return 0;
	}
	st = fmin(z(V(RED_STDIO)), p->rr);
	/* the counters decide which bytes are redundant, DXT their pace:
	 * reading back one's writes once (mpi-io-test) is no re-read to
	 * the counters, so DXT's seconds count only up to POSIX's share.
	 * Bytes a rank re-reads that it had itself read before are
	 * re-reads whatever the counters' estimate (issue 34, round 91:
	 * c2ddirect's ranks each read their own quarter of a shared file
	 * 8 times: the counters, freeing a whole file a rank, 268431360 B
	 * of the 469762048 B DXT shows re-read) */
	pr = p->rr - st;
	if (in->have[IOL_TIN_RED_DXT_RB] && isfinite(rb))
		pr = fmax(pr, rb);
	if (isfinite(db) && db > pr)
		d *= pr / db;
	*t_rr = fmin(z(V(RTIME)), fmax(0, d) + z(V(RTIME)) * st / br);
	return 1;
}

/*
 * The seconds at stake (issue 34, round 51).  A structural finding is
 * its re-reads; where DXT timed them (reread_secs()), its stake is the
 * slowest re-reading rank's own re-read time, judged by the share of
 * the run alone: the counters' rewrite and import seconds are not known
 * to be that rank's (r51-ledger: the manager rewrites its ledger, 0.017
 * s of reopens, while a worker re-reads inputs it read in earlier tasks,
 * 0.305 s; the sum of two ranks' seconds is no rank's, and it crossed
 * the 5 % floor by 0.08 %).  Without DXT no part's rank is known, and
 * a single process's parts are all its own: the parts' seconds add, as
 * before (r45-part-sorted; t/7490's one rank re-reading and rewriting).
 */
static double red_stake(int rank_own, double t_rr, double t_rw, double t_rc)
{
	return rank_own ? t_rr : t_rr + t_rw + t_rc;
}

/* Is REDUNDANT's stake a rank's own re-read time (red_stake()), which
 * holds none of the rewrites' seconds?  e_redundant()'s test on the
 * parts as red_split() gives them. */
static int red_rank_own(const struct iol_triage_in *in,
			const struct red_parts *p)
{
	double t_dxt;

	return red_structural(p, p->t_rw + p->t_ro) && V(NPROCS) >= 2 &&
	       reread_secs(in, p, &t_dxt);
}

/*
 * Re-reads of inputs that several ranks read (issue 34, round 51): one
 * input read by many processes, each once, is its distribution, no
 * re-read (own_reread(), trireread.c); a process that reads a shared
 * input again (a worker whose tasks share inputs by construction,
 * r51-ledger: task.(T mod 16)) re-reads, but it is no structural
 * pattern of the program's own data: judged by both impact floors, at
 * the slowest rank's own re-read time.  DXT tells it: most of its
 * re-read bytes are in files whose ranks' first reads add up to twice
 * the bytes up to the highest read (shared_rereads()).  Ranks re-reading
 * their own blocks (dave_readmostly's IOR passes, labelled material at
 * 0.07 s) or a file only they read stay structural.
 */
static int red_shared_input(const struct iol_triage_in *in)
{
	double b = V(RED_DXT_B), sh = V(RED_DXT_SH);

	return in->have[IOL_TIN_RED_DXT_SH] && V(NPROCS) >= 2 && isfinite(b) &&
	       isfinite(sh) && b > 0 && sh * 2 >= b;
}

/*
 * Rewrites the job's large MPI-IO calls hold (issue 34, round 52): a
 * library writing each chunk twice, its fill value first in collective
 * calls of 1 MiB and then the program's data in small calls
 * (r52-h5p-ext-small: 800 collective 1 MiB calls, 838860800 B, against
 * 838860896 B rewritten; 102400 independent 8 KiB calls hold the file
 * once).  Where SMALL-REQ judges the MPI-IO layer, the calls of 1 MiB
 * and more (MPI-IO's reads under 1 MiB in all: they are writes) hold at
 * least their count in MiB; the rewrites up to that are theirs, not the
 * small requests', and no larger request removes them.  Nothing in the
 * counters says which pass came first or that it held zeros: the
 * rewrites are staked as rewrites, at the MPI-IO layer's time a byte,
 * as what a library setting (HDF5's H5Pset_fill_time NEVER, or
 * H5Pset_alloc_time LATE) or writing each byte once would save.
 */
static double red_large_rw(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c, double rw)
{
	double large;

	if (!(rw > 0) || !mpiio_small_layer(in, c) ||
	    !(z(V(MPIIO_BR)) < 1048576.0))
		return 0;
	large = (z(V(MP_OPS)) - z(V(MP_SMALL))) * 1048576.0;
	return fmax(0, fmin(rw, large));
}

/* the large calls' rewrites at the MPI-IO layer's time a byte, which
 * SMALL-REQ's MPI-IO time holds (red_fill_of_small()) */
static double red_large_secs(const struct iol_triage_in *in, double lr)
{
	double bw = z(V(BYTES_W));

	return lr > 0 && bw > 0 ? z(V(MPIIO_T)) * fmin(1, lr / bw) : 0;
}

/* REDUNDANT's detail when large MPI-IO calls hold its rewrites: the
 * library setting first, where the general detail would cut it */
static void red_fill_detail(const struct iol_triage_in *in, char *d, size_t n,
			    double all, double lr, double t_rw, double t_other)
{
	DETAIL("%.0f B moved again beyond the files' highest offsets; %.0f B "
	       "of the rewrites are MPI-IO calls of 1 MiB and more "
	       "(%.3f s at POSIX's write time a byte): a library filling its "
	       "chunks before the data (HDF5: H5Pset_fill_time NEVER, or "
	       "H5Pset_alloc_time LATE), or data written twice; re-reads "
	       "and code %.3f s%s%s",
	       all, lr, t_rw, t_other, S(RED_FILE)[0] ? "; most data in " : "",
	       S(RED_FILE));
}

/*
 * A file every rank read whole, once each (issue 34, round 57;
 * trifacts.c: bcast_read()): no rank re-reads it, so no structural
 * pattern (r11-all-read, r26-deck-all: one pass a rank, labelled
 * trivial), but on a slow device every rank's pass is the device's
 * time again (r57-allread: 4 ranks each read a 64 MiB input from a
 * throttled tier in 3.7-4.0 s; reading once and broadcasting saved
 * 1.6-2.1 s of the run, labelled material).  Its bytes join the value
 * and what reading once would save (the fastest rank's time on those
 * files less 1/N of it) the stake, judged by both impact floors.
 */
static void red_bcast(const struct iol_triage_in *in, double *v, double *stake,
		      double all, double moved, char *d, size_t n)
{
	double b = V(RED_BCAST), t = V(RED_BCAST_T);

	if (!in->have[IOL_TIN_RED_BCAST_T] || !(b > 0) || !(t > 0) ||
	    !(all > 0))
		return;
	*v = 100.0 * (moved + b) / all;
	*stake = isfinite(*stake) ? fmax(*stake, t) : t;
	dcat(d, n,
	     "; %.0f B read whole by every rank: reading once and "
	     "broadcasting saves ~%.3f s (the fastest rank's less 1/N)",
	     b, t);
}

/* The data re-read bytes the detail gives: where DXT timed them
 * (reread_secs()), at least the bytes DXT shows ranks re-reading of
 * their own reads, with STDIO's, which DXT does not trace */
static double red_rr_shown(const struct iol_triage_in *in,
			   const struct red_parts *p, int dxt)
{
	double rb = V(RED_DXT_RB);

	if (!dxt || !in->have[IOL_TIN_RED_DXT_RB] || !isfinite(rb))
		return p->rr;
	return fmax(p->rr, rb + fmin(z(V(RED_STDIO)), p->rr));
}

EVAL(e_redundant)
{
	double all = z(V(BYTES_R)) + z(V(BYTES_W));
	double code = z(V(RED_CODE)), rr, rw, rc, t_rr, t_rw, t_rc, lr;
	char rro[80];
	int dxt, st;
	/* STDIO's re-reads (beyond POSIX's of the same file) are reads */
	double red = z(V(RED)) + z(V(RED_STDIO));
	struct red_parts p;

	(void)c;
	if ((!isfinite(V(RED)) && !isfinite(V(RED_STDIO))) ||
	    share(red + code, all, v) < 0) {
		DETAIL("no POSIX or STDIO bytes");
		return -1;
	}
	red_split(in, &p);
	rc = p.rc, rr = p.rr, rw = p.rw;
	t_rc = p.t_rc, t_rr = p.t_rr, t_rw = p.t_rw;
	/* the bytes' own time: reads and writes, not the opens and stats
	 * around them (hdf5_file_opens_only: 0.039 s, not 0.127 s); but a
	 * file rewritten pass after pass, each pass its own open, pays the
	 * reopens too (r7-config-rewrite) */
	t_rw += p.t_ro;
	lr = red_large_rw(in, c, rw);
	dxt = reread_secs(in, &p, &t_rr);
	rr = red_rr_shown(in, &p, dxt);
	st = red_structural(&p, t_rw);
	/* the re-reading passes' own reopens: told, not staked (their
	 * storm is META-BOUND's; red_reread_meta()); not beside the
	 * rewriting passes' reopens, which a file written and read back
	 * each pass shares (r125-scf), and which the 400-byte detail
	 * would cut */
	rro[0] = 0;
	if (p.t_rro >= 0.0005 && !p.ro)
		snprintf(rro, sizeof(rro),
			 "; its passes' reopens %.3f s: META-BOUND's", p.t_rro);
	*stake = red_stake(st && dxt && V(NPROCS) >= 2, t_rr, t_rw, t_rc);
	DETAIL("%.0f B moved again beyond the files' highest offsets (a "
	       "rank's first pass in one open not counted), about %.0f B of "
	       "data re-read (%.3f s%s%s; %.0f B "
	       "through STDIO), %.0f B rewritten (%.3f s%s%s) and %.0f B of "
	       "programs' code (.py, .so) read again (%.3f s)%s%s",
	       red + code, rr, t_rr,
	       dxt ? ", DXT's: a rank's reads of bytes it had read or written"
	       : red_warm_cut(in) ? ", at most what each file's slowest "
				    "read leaves"
				  : "",
	       rro, z(V(RED_STDIO)), rw, t_rw,
	       !p.ro ? ""
	       : p.t_ro < z(V(RED_REOPEN))
		       ? ", reopens capped at the slowest rank's I/O"
		       : ", with the reopens of the passes rewriting a file",
	       z(V(RED_NB_B)) > 0 && in->have[IOL_TIN_RED_NB_B]
		       ? "; those written by nonblocking MPI-IO calls at "
			 "MPI-IO's time, which the ranks waited"
		       : "",
	       rc, t_rc, S(RED_FILE)[0] ? "; most data in " : "", S(RED_FILE));
	if (lr > 0)
		red_fill_detail(in, d, n, red + code, lr, t_rw, t_rr + t_rc);
	st = st && !(dxt && red_shared_input(in));
	if (!st)
		red_bcast(in, v, stake, all, red + code, d, n);
	return st ? 3 : 0;
}

static int one_proc(const struct iol_triage_in *in, char *d, size_t n)
{
	if (V(NPROCS) >= 2)
		return 0;
	DETAIL("a single process: no file is shared");
	return 1;
}

/* IOL-SHARED-SMALL at the MPI-IO layer (mpiio_shsmall_layer()): the
 * job's small MPI-IO calls are IOL-SMALL-REQ's when it judged that
 * layer and (nearly) all of them are to shared files */
static int shsmall_mpiio(const struct iol_triage_in *in,
			 const struct iol_triage_conf *c, double *v,
			 double *stake, char *d, size_t n)
{
	double ms = V(MP_SHSMALL), rate, kept, t;
	enum pace_src src;
	int few, same;

	*v = 100.0 * ms / V(MP_SHOPS);
	/* the job's bytes bound the shared calls' too (mpiio_kept()): the
	 * job's other calls are counted as large */
	t = mpiio_small_secs(in, z(V(MP_SHSMALL_T)), z(V(SH_SMALL)),
			     z(V(SH_OPS)));
	kept = mpiio_kept(in, c, ms, z(V(MP_OPS)) - z(V(MP_SMALL)) + ms, t,
			  &rate, &src);
	*stake = t - kept;
	few = ms < K(SMALL_MIN) && *stake < K(MIN_S);
	same = mpiio_small_layer(in, c) && ms * 10 >= z(V(MP_SMALL)) * 9;
	DETAIL("%.0f of %.0f MPI-IO calls on shared files under 1 MiB, "
	       "about %.3f s a rank in MPI-IO: the MPI-IO layer's small "
	       "calls carry the time (POSIX: %.0f of %.0f operations on "
	       "shared files under 1 MiB, about %.3f s a rank)%s",
	       ms, V(MP_SHOPS), t, z(V(SH_SMALL)), z(V(SH_OPS)),
	       z(V(SHSMALL_T)),
	       few    ? " (too few to matter)"
	       : same ? " (the job's small requests: IOL-SMALL-REQ's)"
		      : "");
	kept_note(d, n, kept, rate, src);
	return few ? 1 : same ? 5 : z(V(MP_TINY)) * 2 >= ms ? 3 : 0;
}

EVAL(e_shsmall)
{
	double half;
	int few, same;

	if (one_proc(in, d, n))
		return -1;
	if (mpiio_shsmall_layer(in, c))
		return shsmall_mpiio(in, c, v, stake, d, n);
	if (share(V(SH_SMALL), V(SH_OPS), v) < 0) {
		DETAIL("no operations on shared records");
		return -1;
	}
	/* one request size: half its time assumed the bytes', as
	 * IOL-SMALL-REQ keeps it (small_assumed_kept()) */
	half = small_assumed_kept(in, c, z(V(SHSMALL_T)));
	*stake = z(V(SHSMALL_T)) - half;
	few = V(SH_SMALL) < K(SMALL_MIN) && *stake < K(MIN_S);
	same = !mpiio_small_layer(in, c) &&
	       V(SH_SMALL) * 10 >= job_small(in) * 9;
	DETAIL("%.0f of %.0f operations on shared files under 1 MiB, about "
	       "%.3f s a rank%s",
	       V(SH_SMALL), V(SH_OPS), z(V(SHSMALL_T)),
	       few    ? " (too few to matter)"
	       : same ? " (the job's small requests: IOL-SMALL-REQ's)"
		      : "");
	if (n && half > 0) {
		dcat(d, n,
		     "; %.3f s (half) assumed the bytes' transfer, not "
		     "saved",
		     half);
	}
	/* when (nearly) all the job's small requests are to shared files,
	 * they are IOL-SMALL-REQ's cause: a companion of its finding (see
	 * companions[]), else at most info */
	return few ? 1 : same ? 5 : tiny(in, V(SH_SMALL)) ? 3 : 0;
}

/* A largest percentage over files, with its file. */
static int pct_file(double pct, const char *file, const char *none, double *v,
		    char *d, size_t n)
{
	if (!isfinite(pct)) {
		DETAIL("%s", none);
		return -1;
	}
	*v = pct;
	DETAIL("%s", file[0] ? file : "(unnamed file)");
	return 0;
}

EVAL(e_shimb)
{
	(void)c;
	if (one_proc(in, d, n))
		return -1;
	*stake = z(V(SHIMB_STAKE));
	return pct_file(V(SHIMB), S(SHIMB_FILE),
			"no shared file of 1 MiB with its ranks' bytes", v, d,
			n);
}

/* The slowest rank's time beyond the mean rank's, less the spread that
 * identical ranks show anyway (rank_jitter_pct of the slowest's time):
 * the same job must get the same verdict run after run. */
static double beyond_jitter(const struct iol_triage_conf *c, double slow,
			    double mean)
{
	return fmax(slow - mean - slow * K(JITTER) / 100.0, 0);
}

EVAL(e_shtimb)
{
	char rk[48];

	if (one_proc(in, d, n))
		return -1;
	if (!isfinite(V(SHTIMB))) {
		DETAIL("no shared file of 1 MiB with its ranks' times, "
		       "none whose spread a rank owns (more bytes, OSTs of "
		       "its own, a slow call, a lag beyond a collective "
		       "file's reads and writes: a wait, or beyond its "
		       "POSIX work: a wait in collective calls)");
		return -1;
	}
	*v = V(SHTIMB);
	*stake = beyond_jitter(c, z(V(SHTIMB_SLOW)), z(V(SHTIMB_MEAN)));
	/* a damaged log's slowest rank may be none (negative, unknown) */
	if (V(SHTIMB_RANK) >= 0)
		snprintf(rk, sizeof(rk), "rank %.0f", V(SHTIMB_RANK));
	else
		snprintf(rk, sizeof(rk), "its slowest rank (unknown)");
	DETAIL("%s: %s took %.3f s, the mean rank %.3f s, the "
	       "fastest %.3f s",
	       S(SHTIMB_FILE)[0] ? S(SHTIMB_FILE) : "(unnamed file)", rk,
	       z(V(SHTIMB_SLOW)), z(V(SHTIMB_MEAN)), z(V(SHTIMB_FAST)));
	return 0;
}

EVAL(e_rsimb)
{
	(void)c;
	*stake = z(V(RSIMB_STAKE));
	return pct_file(V(RSIMB), S(RSIMB_FILE),
			"no file with two or more per-rank records of 1 MiB", v,
			d, n);
}

/*
 * IOL-NO-COLLECTIVE's first part: the MPI-IO time by slowest beyond the
 * POSIX and STDIO time beneath it (waiting on locks, on each other),
 * less the waits in collective opens and closes, for the independent
 * share; contiguous blocks that take as long in POSIX as in MPI-IO gain
 * nothing (treddy's mpi-io-test: 4 writes of 16 MiB a rank, 2.7-7.3 s
 * in MPI-IO over 0.03 s of POSIX, labelled material).
 */
static double coll_wait_secs(const struct iol_triage_in *in)
{
	double ops = z(V(COLL)) + z(V(INDEP));

	/* beyond POSIX first: a wait that is all of it leaves 0, not
	 * rounding's 1e-17 */
	return ops > 0 ? fmax(z(V(MPIIO_T)) - z(V(IO_SLOWEST)) -
				      mpiio_wait_secs(in),
			      0) *
				 z(V(INDEP)) / ops
		       : 0;
}

/* The small independent requests on shared files (coll_small_secs()) */
struct coll_small {
	double ms, t, syncs, kept, rate;
	enum pace_src src;
	int mpiio; /* the MPI-IO layer's calls, else POSIX's beneath them */
	int files; /* judged on their files, the job's other calls collective */
};

/*
 * Do collective calls rule out the small MPI-IO calls' part?  Those on
 * the shared files that hold the small calls, where the log tells them
 * (mpiio_shared_small_coll), else any of the job's.  A job that reads
 * its input with read_all and writes its output in small independent
 * write_at calls is the pattern collective buffering fixes
 * (r106-propsite: 4 collective reads of the configuration, 8192
 * independent 2304-B writes to two propagator files, 36.09 s; the
 * collective twin 2.97 s; labelled material).
 */
static int coll_small_coll(const struct iol_triage_in *in, int *files)
{
	*files = isfinite(V(MP_SHSMALL_COLL)) && z(V(COLL)) > 0;
	return *files ? V(MP_SHSMALL_COLL) > 0 : z(V(COLL)) > 0;
}

/*
 * IOL-NO-COLLECTIVE's second part (issue 34, round 44): what collective
 * buffering saves of small independent requests on shared files, when
 * no call is collective.  Their slowest rank's time (the MPI-IO layer's
 * small calls, or the POSIX requests beneath independent calls through
 * a file view, within the MPI-IO time) less the syncs IOL-FSYNC stakes,
 * less the same bytes at a large request's pace (mpiio_kept(): the
 * log's own pace where it shows one, else assumed and said so): the
 * aggregators write them as a few large requests.  r44-shared-indep:
 * 12288 interleaved 4 KiB write_at calls, 30.63 s a rank; the twin with
 * a file view and MPI_File_write_all spent 1.90 s (28.8 s saved), where
 * the time beyond POSIX staked 0.059 s.
 */
static double coll_small_secs(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c,
			      struct coll_small *s)
{
	double ops;

	memset(s, 0, sizeof(*s));
	/* HDF5's independent transfers: its collective twins were not
	 * faster in five rounds (r6, r26, r31, r39 h5-indep, r40-flash,
	 * labelled trivial or false); its small requests are its metadata
	 * and small datasets, which IOL-SMALL-REQ tells */
	if (!(z(V(INDEP)) > 0) || z(V(HDF5)) > 0)
		return 0;
	if (mpiio_shsmall_layer(in, c)) {
		if (coll_small_coll(in, &s->files))
			return 0;
		s->mpiio = 1;
		s->ms = V(MP_SHSMALL);
		s->t = mpiio_small_secs(in, z(V(MP_SHSMALL_T)), z(V(SH_SMALL)),
					z(V(SH_OPS)));
		ops = z(V(MP_OPS)) - z(V(MP_SMALL)) + s->ms;
	} else if (!(z(V(COLL)) > 0) && z(V(SH_OPS)) > 0 &&
		   100.0 * z(V(SH_SMALL)) / V(SH_OPS) > K(SHSMALL)) {
		s->ms = z(V(SH_SMALL));
		s->t = fmin(z(V(SHSMALL_T)), z(V(MPIIO_T)));
		ops = z(V(SH_OPS));
	} else
		return 0;
	s->syncs = fmin(sync_secs(in, c), s->t);
	s->kept = mpiio_kept(in, c, s->ms, ops, s->t - s->syncs, &s->rate,
			     &s->src);
	return fmax(s->t - s->syncs - s->kept, 0);
}

/* Seconds material by the impact floors (impact_on()) */
static int coll_floors(const struct iol_triage_in *in,
		       const struct iol_triage_conf *c, double secs)
{
	return secs >= fmax(K(MIN_S), run_res(in)) &&
	       (!(V(RUN_TIME) > 0) || 100.0 * secs / V(RUN_TIME) >= K(MIN_PCT));
}

/* The small requests' clause of e_coll()'s detail d */
static void coll_small_note(const struct coll_small *s, double stake, int comp,
			    char *d, size_t n)
{
	size_t l;

	if (!n || !(s->t > 0))
		return;
	dcat(d, n, "; %.0f %s on shared files under 1 MiB%s, %.3f s a rank",
	     s->ms, s->mpiio ? "independent MPI-IO calls" : "POSIX requests",
	     s->mpiio ? "" : " beneath independent MPI-IO calls", s->t);
	l = strlen(d);
	if (s->syncs > 0)
		snprintf(d + l, n - l,
			 "; %.3f s of it syncs (IOL-FSYNC's), not at stake",
			 s->syncs);
	kept_note(d, n, s->kept, s->rate, s->src);
	l = strlen(d);
	if (comp)
		snprintf(d + l, n - l,
			 "; %.3g s at stake (IOL-SMALL-REQ's cause: told "
			 "there)",
			 stake);
}

EVAL(e_coll)
{
	double ops = z(V(COLL)) + z(V(INDEP)), wait, small;
	struct coll_small s;
	int few, comp;

	if (one_proc(in, d, n))
		return -1;
	if (!isfinite(V(COLL)) || share(V(COLL), ops, v) < 0) {
		DETAIL("no MPI-IO operations");
		return -1;
	}
	wait = coll_wait_secs(in);
	small = coll_small_secs(in, c, &s);
	/* the files where the small calls are hold no collective call:
	 * their share, not the job's, is the rule's value, and the job's
	 * waiting beyond POSIX, in its collective calls too, is not theirs
	 * (r88-small: 2.16 s of it in the labelled run, 0.33 and 0.80 s in
	 * its reruns, would make the verdict flip between them) */
	if (s.files && s.t > 0)
		*v = 0, wait = 0;
	*stake = fmax(wait, small);
	/* few operations matter when they take the time (a rule by time as
	 * well as by count: 256 independent writes waiting 9 s) */
	few = ops < K(COLLMIN) && *stake < K(MIN_S);
	/* the small requests' cost is IOL-SMALL-REQ's cause: told once,
	 * a companion of its finding (companions[]), unless the waiting
	 * beyond POSIX is material on its own */
	comp = !few && small > wait && !coll_floors(in, c, wait);
	DETAIL("%.0f collective of %.0f MPI-IO operations%s%s", V(COLL), ops,
	       few ? " (too few to matter)" : "",
	       s.files && s.t > 0 ? ", none on the shared files of the small "
				    "calls"
				  : "");
	coll_small_note(&s, *stake, comp, d, n);
	return few ? 1 : comp ? 5 : 0;
}

EVAL(e_nb)
{
	double ops = z(V(COLL)) + z(V(INDEP));

	(void)c, (void)stake;
	if (!isfinite(V(NB)) || share(V(NB), ops + V(NB), v) < 0) {
		DETAIL("no MPI-IO operations");
		return -1;
	}
	DETAIL("%.0f non-blocking of %.0f MPI-IO operations", V(NB),
	       ops + V(NB));
	return 0;
}

EVAL(e_raw)
{
	(void)c, (void)stake;
	if (share(V(RAW), V(BYTES_R), v) < 0) {
		DETAIL("no bytes read");
		return -1;
	}
	DETAIL("%.0f B read from files written first%s%s", V(RAW),
	       S(RAW_FILE)[0] ? "; most from " : "", S(RAW_FILE));
	return 0;
}

/*
 * The share of the data time that misaligned requests put on shared
 * stripes (issue 34, round 21): a request crossing stripe boundaries
 * shares only its first and last stripe with a neighbour, 2 stripes of
 * its size when larger than 2 stripes; a smaller one, all of it.  Each
 * size class (POSIX's access-size bins) weighs by its bytes (count
 * times the bin's middle), the time of large requests being their
 * bytes'.  example.darshan's 128 MiB writes over 1 MiB stripes, shifted
 * by the HDF5 header: 16401 of 16402 misaligned by count, ~1.6 % of the
 * bytes on shared stripes.  1 without bins or a stripe size.
 */
static double lustre_byte_share(const struct iol_triage_in *in)
{
	static const double lo[10] = {0,	 100,	    1024,    10240,
				      102400,	 1048576,   4194304, 10485760,
				      104857600, 1073741824},
			    hi[10] = {100,	   1024,      10240,
				      102400,	   1048576,   4194304,
				      10485760,	   104857600, 1073741824,
				      2147483648.0};
	double st = V(LSTRIPE), all = 0, on = 0;
	int b;

	if (!(st > 0) || !in->have[IOL_TIN_BIN0])
		return 1;
	for (b = 0; b < 20; b++) {
		double nb = z(in->v[IOL_TIN_BIN0 + b]) *
			    (lo[b % 10] + hi[b % 10]) / 2;

		all += nb;
		on += nb * fmin(1, lo[b % 10] > 0 ? 2 * st / lo[b % 10] : 1);
	}
	return all > 0 ? on / all : 1;
}

EVAL(e_lustre)
{
	(void)c;
	if (share(V(LNOT), V(LOPS), v) < 0) {
		DETAIL("no POSIX operations on Lustre files");
		return -1;
	}
	/* the Lustre operations' share of the slowest rank's data time, not
	 * of all its I/O time (opens, other file systems) */
	*stake = data_time(in) * fmin(V(LNOT) / V(LOPS), lustre_byte_share(in));
	DETAIL("%.0f of %.0f operations on Lustre files cross or start off "
	       "a %.0f B stripe boundary (requests that fit inside a stripe "
	       "not counted)%s%s",
	       V(LNOT), V(LOPS), V(LSTRIPE), S(LFILE)[0] ? "; most in " : "",
	       S(LFILE));
	if (n && lustre_byte_share(in) < V(LNOT) / V(LOPS)) {
		dcat(d, n,
		     "; large requests share only their first and last "
		     "stripe: ~%.1f %% of the bytes",
		     100 * lustre_byte_share(in));
	}
	return 0;
}

EVAL(e_aggr)
{
	(void)c;
	if (one_proc(in, d, n))
		return -1;
	if (!isfinite(V(AGGR))) {
		DETAIL("no file of 1 MiB written through MPI-IO");
		return -1;
	}
	*v = V(AGGR);
	*stake = z(V(AGGR_T)) * (1 - 1 / fmax(V(AGGR), 1));
	DETAIL("about %.0f of %.0f ranks did the POSIX I/O of %s, the "
	       "slowest in %.3f s",
	       V(AGGRN), V(NPROCS), S(AGGR_FILE)[0] ? S(AGGR_FILE) : "a file",
	       z(V(AGGR_T)));
	return 0;
}

EVAL(e_askew)
{
	if (one_proc(in, d, n))
		return -1;
	if (!isfinite(V(ASKEW))) {
		DETAIL("no file of 1 MiB MPI-IO drove collectively through "
		       "two or more aggregators");
		return -1;
	}
	*v = V(ASKEW);
	*stake = beyond_jitter(c, z(V(ASKEW_SLOW)), z(V(ASKEW_MEAN)));
	DETAIL("%s: aggregator rank %.0f spent %.3f s in POSIX, the mean of "
	       "its ~%.0f aggregators %.3f s; the slowest rank spent %.3f s "
	       "in MPI-IO",
	       S(ASKEW_FILE)[0] ? S(ASKEW_FILE) : "(unnamed file)",
	       V(ASKEW_RANK), z(V(ASKEW_SLOW)), z(V(ASKEW_K)), z(V(ASKEW_MEAN)),
	       z(V(MPIIO_T)));
	return 0;
}

EVAL(e_strag)
{
	(void)c;
	DETAIL("%s", S(STRAG_DETAIL));
	if (!isfinite(V(STRAG)))
		return -1;
	*v = V(STRAG);
	*stake = z(V(STRAG_STAKE));
	return 0;
}

/*
 * IOL-SHARED-SMALL's collective case (issue 34, round 40): a shared file
 * written or read by collective calls through file views whose fastest
 * rank spent far longer in MPI-IO than the slowest rank's POSIX calls
 * took on it (tricoll.c).  The calls' own time is then their exchange
 * and packing of the view's pieces, which Darshan's size bins do not
 * see (r40-e3sm: 320 calls of 512 KiB through a view of 128-byte
 * pieces; MPI-IO fastest rank 10.446 s, slowest 12.879 s, POSIX 1.061 s;
 * its twin of 16 KiB pieces 0.61-0.74 s of MPI-IO).  The fastest rank
 * waits least for late ranks (a compute imbalance before each call is
 * not the I/O's cost), the POSIX time is the file system's share, and
 * the longest call may be one stall: the stake is the first less the
 * other two.  At least COLL_BEYOND_RATIO times the POSIX time, so that
 * an aggregator's I/O at the storage's pace (a restart read: 4.30 s
 * against 3.72 s) is not taken for it.  Without a view the calls' sizes
 * are in the bins, IOL-SMALL-REQ's to judge (r19-coll-64k: 64 KiB
 * rounds merged by collective buffering, labelled false).
 */
#define COLL_BEYOND_RATIO 4.0

static int coll_have(const struct iol_triage_in *in)
{
	return in->have[IOL_TIN_COLL_FAST] && in->have[IOL_TIN_COLL_POSIX] &&
	       in->have[IOL_TIN_COLL_MAX] && in->have[IOL_TIN_COLL_VIEWS] &&
	       isfinite(V(COLL_FAST)) && isfinite(V(COLL_POSIX)) &&
	       isfinite(V(COLL_MAX));
}

static int coll_beyond(const struct iol_triage_in *in,
		       const struct iol_triage_conf *c)
{
	double ps = fmax(V(COLL_POSIX), 0);

	(void)c;
	/* beyond one stall: a longest call that holds it all is no pattern */
	return coll_have(in) && V(COLL_FAST) > 0 && z(V(COLL_VIEWS)) > 0 &&
	       V(COLL_FAST) >= COLL_BEYOND_RATIO * ps &&
	       V(COLL_FAST) - ps - fmax(V(COLL_MAX), 0) > 0;
}

static int coll_shsmall(const struct iol_triage_in *in, double *v,
			double *stake, char *d, size_t n)
{
	double fast = V(COLL_FAST), ps = fmax(V(COLL_POSIX), 0);
	double one = fmin(fmax(V(COLL_MAX), 0), fast - ps);

	*v = 100.0 * (fast - ps) / fast;
	*stake = fast - ps - one;
	DETAIL("%s: %.0f collective calls through %.0f views, fastest rank "
	       "%.3f s in MPI-IO (slowest %.3f s), POSIX under them %.3f s, "
	       "longest call %.3f s (not counted): the calls' own exchange, "
	       "as of many small pieces a view (their size is not logged), "
	       "not waiting for late ranks",
	       S(COLL_FILE)[0] ? S(COLL_FILE) : "a shared file",
	       z(V(COLL_CALLS)), z(V(COLL_VIEWS)), fast,
	       fmax(z(V(COLL_SLOW)), fast), ps, one);
	return 6;
}

/* Whether the collective case is IOL-SHARED-SMALL's finding: the small
 * requests' evaluation (rc, v) found nothing of its own */
static int coll_takes(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c, int rc, double v)
{
	int found = (rc == 0 || rc == 3) && v > K(SHSMALL);

	return !found && rc != 4 && rc != 5 && coll_beyond(in, c) &&
	       !(in->have[IOL_TIN_NPROCS] && V(NPROCS) < 2);
}

/* coll_takes() for the recommendation (layer_recs[]) */
static int coll_case(const struct iol_triage_in *in,
		     const struct iol_triage_conf *c)
{
	double v = NAN, stake = NAN;

	if (!coll_beyond(in, c))
		return 0;
	return coll_takes(in, c, e_shsmall(in, c, &v, &stake, NULL, 0), v);
}

/* IOL-SHARED-SMALL: the small requests' finding (e_shsmall()), else
 * the collective calls' time beyond the file system's (coll_shsmall()) */
EVAL(e_shsmall_coll)
{
	int rc = e_shsmall(in, c, v, stake, d, n);

	if (!coll_takes(in, c, rc, *v))
		return rc;
	return coll_shsmall(in, v, stake, d, n);
}

/* Alternative recommendations, by the job's shape */
static int read_only(const struct iol_triage_in *in)
{
	/* a 512 GiB read whose only writes are 5.9 KB of stdout reads */
	return z(V(BYTES_R)) > 0 && z(V(BYTES_W)) * 100 <= z(V(BYTES_R));
}

/* nearly all MPI-IO calls collective (e3sm: 110592 of 110796) */
static int all_collective(const struct iol_triage_in *in)
{
	return z(V(COLL)) > 0 && z(V(INDEP)) * 99 <= z(V(COLL));
}

/* The small POSIX requests can be the aggregators' of collective calls:
 * nearly all MPI-IO calls collective, and the small requests took the
 * slowest rank no longer than its calls above POSIX (issue 34, round
 * 90: r90-diagflush's 5600 small writes, 15.7 s, were each rank's
 * flushed lines to its own diagnostics file, outside its 2.76 s of
 * MPI-IO, where no MPI-IO hint reaches; e3sm's aggregators' 0-100 B
 * reads, 250 s, lie within its collective writes) */
static int coll_split_small(const struct iol_triage_in *in)
{
	return all_collective(in) && z(V(SMALL_T)) <= z(V(MPIIO_T));
}

/* The same for the shared files' small requests: a job whose MPI-IO
 * calls are all collective can read other shared files with plain
 * POSIX calls, where no MPI-IO hint reaches (round 161's obsrec: 2097152
 * reads of 32 B, 6.5 s, on a file with no MPI-IO record; round 158's
 * colpick likewise) */
static int coll_split_shsmall(const struct iol_triage_in *in)
{
	return all_collective(in) && z(V(SHSMALL_T)) <= z(V(MPIIO_T));
}

#define NEEDMAX 20
struct rule {
	const char *code, *title, *unit;
	int key; /* threshold, -1 none */
	int sev; /* when crossed */
	eval_fn eval;
	const char *rec;
	int need[NEEDMAX];  /* inputs read; -1 ends (BIN0: every bin) */
	int le;		    /* crossed when value <= threshold */
	const char *rec_h5; /* the recommendation when HDF5 is used */
	/* the recommendation when alt(in) says so (before rec_h5) */
	int (*alt)(const struct iol_triage_in *in);
	const char *rec_alt;
};

static const struct rule rules[] = {
	{"IOL-INCOMPLETE",
	 "log incomplete: modules ran out of memory or the job was cut short",
	 "modules",
	 -1,
	 IOL_SEV_HIGH,
	 e_incomplete,
	 "Darshan dropped records; findings below may be missing. Raise "
	 "DARSHAN_MODMEM / DARSHAN_MOD_MEM and rerun.",
	 {IOL_TIN_INCOMPLETE, IOL_TIN_RUN_TIME, -1},
	 0,
	 NULL,
	 cut_short,
	 "The job was killed (a time limit, out of memory or a signal) "
	 "before it ended: its last output may be incomplete and the log "
	 "holds only what Darshan had recorded then. Rerun it; under a "
	 "time limit, write checkpoints at an interval well inside the "
	 "limit so a killed run can restart from the last one."},
	{"IOL-META-BOUND",
	 "metadata-bound I/O",
	 "%",
	 IOL_TK_META,
	 IOL_SEV_HIGH,
	 e_meta,
	 "Most I/O time goes to open/close/stat/seek. Open files once, keep "
	 "them open, aggregate small files into fewer larger ones.",
	 {IOL_TIN_META_SLOW, IOL_TIN_META_TOTAL, IOL_TIN_IO_SLOWEST,
	  IOL_TIN_MPIIO_T, IOL_TIN_H5D_T, IOL_TIN_PNC_T, IOL_TIN_RUN_TIME, -1},
	 0,
	 "Most I/O time goes to open/close/stat/seek. With HDF5: open files "
	 "once, use collective metadata (H5Pset_all_coll_metadata_ops, "
	 "H5Pset_coll_metadata_write) and fewer, larger datasets.",
	 NULL,
	 NULL},
	{"IOL-SMALL-FILES",
	 "small-file storm: many files created or read whole per process",
	 "files/proc",
	 IOL_TK_CREATES,
	 IOL_SEV_WARN,
	 e_creates,
	 "Each process creates or reads whole many small files. Pack them "
	 "into one file per "
	 "process or a shared file (HDF5, ADIOS, tar) to spare the metadata "
	 "server.",
	 /* not the small files' time and span: a store made before them
	  * falls back to the read time (storm_data()) */
	 {IOL_TIN_CREATES_PP, IOL_TIN_CREATES, IOL_TIN_CREATES_EXACT,
	  IOL_TIN_FILES, IOL_TIN_META_SLOW, IOL_TIN_RUN_TIME, IOL_TIN_BYTES_W,
	  -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-SMALL-REQ",
	 "small requests (< 1 MiB)",
	 "%",
	 IOL_TK_SMALL,
	 IOL_SEV_WARN,
	 e_small,
	 "Many reads/writes are under 1 MiB. Buffer them into larger "
	 "requests, or use MPI-IO collective buffering.",
	 {IOL_TIN_BIN0, IOL_TIN_SMALL_FILE, IOL_TIN_ONEMIB, IOL_TIN_SMALL_T,
	  IOL_TIN_RUN_TIME, IOL_TIN_COLL, IOL_TIN_INDEP, IOL_TIN_SMALL_TOP_T,
	  IOL_TIN_MP_SMALL, IOL_TIN_MP_TINY, IOL_TIN_MP_OPS, IOL_TIN_MP_SMALL_T,
	  IOL_TIN_LONE_READS, IOL_TIN_WHOLE_OPS, -1},
	 0,
	 NULL,
	 coll_split_small,
	 "Many POSIX reads/writes are under 1 MiB although (nearly) all MPI-IO "
	 "calls are collective: the aggregators' buffer splits them. Raise the "
	 "MPI-IO hint cb_buffer_size (to the stripe size or more), or write "
	 "larger blocks per call."},
	{"IOL-RANK0-IO",
	 "rank-0-only I/O: one rank moved nearly all bytes",
	 "%",
	 IOL_TK_RANK0,
	 IOL_SEV_WARN,
	 e_rank0,
	 "One rank does the I/O for the job. Spread it with MPI-IO "
	 "collective I/O or a file per rank group.",
	 {IOL_TIN_BUSIEST, IOL_TIN_BUSIEST_SHARE, IOL_TIN_NPROCS,
	  IOL_TIN_STRATEGY, IOL_TIN_IO_SLOWEST, IOL_TIN_RUN_TIME,
	  IOL_TIN_STDIO_BR, IOL_TIN_STDIO_BW, IOL_TIN_STDIO_OPS,
	  IOL_TIN_STDIO_FLUSH, IOL_TIN_STDIO_T, IOL_TIN_BYTES_R,
	  IOL_TIN_BYTES_W, -1},
	 /* not best_write_mibs, synced_once_mibs, large_read_mibs: a store
	  * made before them has no pace shown (t/7524) */
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-MISALIGNED",
	 "misaligned accesses",
	 "%",
	 IOL_TK_MISAL,
	 IOL_SEV_INFO,
	 e_misal,
	 "Align request offsets and sizes to the file system block or stripe "
	 "size (MPI-IO hint striping_unit).",
	 {IOL_TIN_PCT_ALIGNED, -1},
	 0,
	 "Align request offsets and sizes to the file system block or stripe "
	 "size: with HDF5, H5Pset_alignment (and chunk sizes a multiple of "
	 "the stripe).",
	 NULL,
	 NULL},
	{"IOL-RANDOM",
	 "non-sequential accesses",
	 "%",
	 IOL_TK_RANDOM,
	 IOL_SEV_INFO,
	 e_random,
	 "Accesses jump around the file. Sort or batch them, or let MPI-IO "
	 "collective I/O reorder them.",
	 {IOL_TIN_PCT_SEQ, IOL_TIN_PREADS, IOL_TIN_PWRITES, IOL_TIN_POPENS, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-IO-TIME",
	 "slowest rank spends much of the run in I/O",
	 "%",
	 IOL_TK_IOTIME,
	 IOL_SEV_WARN,
	 e_iotime,
	 "I/O takes a large share of run time. Overlap it with computation or "
	 "reduce what is written.",
	 {IOL_TIN_IO_SLOWEST, IOL_TIN_MPIIO_T, IOL_TIN_H5D_T, IOL_TIN_PNC_T,
	  IOL_TIN_RUN_TIME, IOL_TIN_BYTES_R, IOL_TIN_BYTES_W, -1},
	 0,
	 NULL,
	 read_only,
	 "Reading takes a large share of run time. Overlap it with "
	 "computation (prefetch, asynchronous reads), read only what is "
	 "needed, or keep inputs on faster storage."},
	{"IOL-RANK-IMBALANCE",
	 "rank imbalance: busiest rank vs the mean rank",
	 "x mean",
	 IOL_TK_IMBAL,
	 IOL_SEV_WARN,
	 e_imbal,
	 "One rank moves far more data than the average rank. Spread the I/O "
	 "over ranks or aggregators.",
	 {IOL_TIN_NPROCS, IOL_TIN_RANKS_IO, IOL_TIN_RANK_MAX, IOL_TIN_RANK_SUM,
	  IOL_TIN_BUSIEST, IOL_TIN_RB_COLL, IOL_TIN_RIMB_STAKE,
	  IOL_TIN_RUN_TIME, IOL_TIN_RANKS_B, IOL_TIN_RANK_MIN, -1},
	 0,
	 NULL,
	 aggregation,
	 "A few ranks do the I/O for the others by design (collective "
	 "buffering's aggregators, or the application's writers): that is "
	 "aggregation, not imbalance. IOL-FEW-AGGREGATORS and "
	 "IOL-AGGREGATOR-SKEW say whether they are too few or uneven."},
	{"IOL-IDLE-RANKS",
	 "ranks that did no I/O",
	 "%",
	 IOL_TK_IDLE,
	 IOL_SEV_INFO,
	 e_idle,
	 "Some ranks did no file I/O. If they wait while the others do it, "
	 "spread the I/O over them too (more writers, or MPI-IO aggregators "
	 "on every node).",
	 {IOL_TIN_NPROCS, IOL_TIN_SHARED, IOL_TIN_RANKS_IO, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-FSYNC",
	 "fsync-dominated writes",
	 "syncs/100 writes",
	 IOL_TK_FSYNC,
	 IOL_SEV_WARN,
	 e_fsync,
	 "The job syncs often. Sync once at the end of a phase, not after "
	 "every write.",
	 {IOL_TIN_PWRITES, IOL_TIN_PSYNCS, IOL_TIN_PWRECS, IOL_TIN_WTIME,
	  IOL_TIN_RUN_TIME, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-SEEK-PER-OP",
	 "a seek for every read or write",
	 "seeks/100 ops",
	 IOL_TK_SEEK,
	 IOL_SEV_INFO,
	 e_seek,
	 "Use pread/pwrite with offsets instead of lseek before each call.",
	 {IOL_TIN_PSEEKS, IOL_TIN_PREADS, IOL_TIN_PWRITES, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	/* Drishti's rules (S01, M01, P07, P09-P10, P15-P19, P21-P22,
	 * M02-M07), their bugs fixed, and read-after-write */
	{"IOL-STDIO-SHARE",
	 "much data through STDIO",
	 "%",
	 IOL_TK_STDIO,
	 IOL_SEV_WARN,
	 e_stdio,
	 "STDIO (fopen, fwrite, fprintf) carries much of the data; it is "
	 "buffered per process and serial. Move bulk data to POSIX, MPI-IO "
	 "or HDF5/NetCDF.",
	 {IOL_TIN_STDIO_BR, IOL_TIN_STDIO_BW, IOL_TIN_BYTES_R, IOL_TIN_BYTES_W,
	  IOL_TIN_DFS_BR, IOL_TIN_DFS_BW, IOL_TIN_DAOS_BR, IOL_TIN_DAOS_BW,
	  IOL_TIN_STDIO_T, IOL_TIN_RUN_TIME, IOL_TIN_STDIO_OPS,
	  IOL_TIN_STDIO_FLUSH, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-NO-MPIIO",
	 "shared files without MPI-IO",
	 "files",
	 -1,
	 IOL_SEV_INFO,
	 e_nompiio,
	 "Several ranks open the same files through POSIX alone; when they "
	 "write or read much of them, MPI-IO (or HDF5 and PnetCDF "
	 "on it) can aggregate and align shared-file I/O with collective "
	 "buffering.",
	 {IOL_TIN_NPROCS, IOL_TIN_SHARED_FILES, IOL_TIN_MPIIO_BR,
	  IOL_TIN_SHWFILES, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-MEM-MISALIGNED",
	 "operations on unaligned memory buffers",
	 "%",
	 IOL_TK_MEMMISAL,
	 IOL_SEV_INFO,
	 e_memal,
	 "Allocate I/O buffers aligned to the file system block size "
	 "(posix_memalign); it matters most for O_DIRECT.",
	 {IOL_TIN_MEMNOT, IOL_TIN_PREADS, IOL_TIN_PWRITES, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-REDUNDANT",
	 "redundant traffic: the same bytes moved again",
	 "%",
	 IOL_TK_REDUNDANT,
	 IOL_SEV_WARN,
	 e_redundant,
	 "More bytes were read or written than the files hold: data is read "
	 "(or overwritten) more than once. Read once and share it (MPI_Bcast) "
	 "or keep it in memory.",
	 {IOL_TIN_RED, IOL_TIN_BYTES_R, IOL_TIN_BYTES_W, IOL_TIN_RED_FILE,
	  IOL_TIN_RED_CODE, IOL_TIN_RTIME, IOL_TIN_WTIME, IOL_TIN_RUN_TIME,
	  IOL_TIN_RED_STDIO, IOL_TIN_RED_REOPEN, IOL_TIN_RED_ONCE, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-SHARED-SMALL",
	 "small requests to shared files (< 1 MiB)",
	 "%",
	 IOL_TK_SHSMALL,
	 IOL_SEV_WARN,
	 e_shsmall_coll,
	 "Many ranks make small requests to shared files, which the file "
	 "system serialises. Use MPI-IO collective I/O to aggregate them.",
	 {IOL_TIN_SH_SMALL, IOL_TIN_SH_OPS, IOL_TIN_NPROCS, IOL_TIN_SHSMALL_T,
	  IOL_TIN_RUN_TIME, IOL_TIN_COLL, IOL_TIN_INDEP, IOL_TIN_BIN0,
	  IOL_TIN_ONEMIB, IOL_TIN_SMALL_T, IOL_TIN_MP_SMALL, IOL_TIN_MP_TINY,
	  IOL_TIN_MP_OPS, IOL_TIN_MP_SMALL_T, IOL_TIN_MP_SHSMALL,
	  IOL_TIN_MP_SHOPS, IOL_TIN_MP_SHSMALL_T, -1},
	 0,
	 NULL,
	 coll_split_shsmall,
	 "Ranks make small POSIX requests to shared files although (nearly) "
	 "all MPI-IO calls are collective: raise cb_buffer_size so the "
	 "aggregators write whole stripes."},
	{"IOL-SHARED-IMBALANCE",
	 "shared file: ranks move unequal bytes",
	 "%",
	 IOL_TK_SHIMB,
	 IOL_SEV_WARN,
	 e_shimb,
	 "In a shared file the slowest rank moved far more data than the "
	 "mean rank and holds the others back. Balance the decomposition or "
	 "use collective I/O.",
	 {IOL_TIN_SHIMB, IOL_TIN_SHIMB_FILE, IOL_TIN_NPROCS,
	  IOL_TIN_SHIMB_STAKE, IOL_TIN_RUN_TIME, IOL_TIN_COLL, IOL_TIN_INDEP,
	  -1},
	 0,
	 NULL,
	 all_collective,
	 "In a shared file the slowest rank moved far more data than the "
	 "mean rank and holds the others back, although the I/O is already "
	 "collective: balance the decomposition."},
	{"IOL-SHARED-TIME-IMBALANCE",
	 "shared file: ranks take unequal time",
	 "%",
	 IOL_TK_SHTIMB,
	 IOL_SEV_WARN,
	 e_shtimb,
	 "In a shared file the slowest rank took far longer than the mean "
	 "rank: a straggler. Check its data share, its node and "
	 "contention; collective I/O evens it out.",
	 {IOL_TIN_SHTIMB, IOL_TIN_SHTIMB_FILE, IOL_TIN_NPROCS,
	  IOL_TIN_SHTIMB_RANK, IOL_TIN_SHTIMB_SLOW, IOL_TIN_SHTIMB_MEAN,
	  IOL_TIN_SHTIMB_FAST, IOL_TIN_RUN_TIME, IOL_TIN_COLL, IOL_TIN_INDEP,
	  -1},
	 0,
	 NULL,
	 all_collective,
	 "In a shared file the slowest rank took far longer than the mean "
	 "rank, although its I/O is already collective: a straggler. Check "
	 "what that rank did outside the collective calls (an open, a close, "
	 "a small write of its own), its node and its storage targets."},
	{"IOL-RANK-SIZE-IMBALANCE",
	 "ranks read or write unequal sizes of a file",
	 "%",
	 IOL_TK_RSIMB,
	 IOL_SEV_WARN,
	 e_rsimb,
	 "Ranks that access the same file move very different amounts. "
	 "Balance the data each rank handles.",
	 {IOL_TIN_RSIMB, IOL_TIN_RSIMB_FILE, IOL_TIN_RSIMB_STAKE,
	  IOL_TIN_RUN_TIME, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-NO-COLLECTIVE",
	 "MPI-IO without collective operations",
	 "% collective",
	 -1,
	 IOL_SEV_WARN,
	 e_coll,
	 "MPI-IO is used with independent calls only. Collective calls "
	 "(MPI_File_write_all, read_all) let MPI-IO aggregate requests.",
	 {IOL_TIN_COLL, IOL_TIN_INDEP, IOL_TIN_NPROCS, IOL_TIN_MPIIO_T,
	  IOL_TIN_IO_SLOWEST, IOL_TIN_RUN_TIME, IOL_TIN_SH_SMALL,
	  IOL_TIN_SH_OPS, IOL_TIN_SHSMALL_T, IOL_TIN_MP_SMALL, IOL_TIN_MP_TINY,
	  IOL_TIN_MP_OPS, IOL_TIN_MP_SMALL_T, IOL_TIN_MP_SHSMALL,
	  IOL_TIN_MP_SHOPS, IOL_TIN_MP_SHSMALL_T, IOL_TIN_BIN0, IOL_TIN_HDF5,
	  -1},
	 1,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-NO-NONBLOCKING",
	 "MPI-IO without non-blocking operations",
	 "% non-blocking",
	 -1,
	 IOL_SEV_INFO,
	 e_nb,
	 "No MPI-IO call is non-blocking. MPI_File_iwrite (or HDF5's "
	 "asynchronous VOL) can overlap I/O with computation.",
	 {IOL_TIN_COLL, IOL_TIN_INDEP, IOL_TIN_NB, -1},
	 1,
	 "No MPI-IO call is non-blocking. HDF5's asynchronous I/O VOL "
	 "connector (or MPI_File_iwrite) can overlap I/O with "
	 "computation.",
	 NULL,
	 NULL},
	{"IOL-READ-AFTER-WRITE",
	 "reads of data the job wrote",
	 "%",
	 IOL_TK_RAW,
	 IOL_SEV_INFO,
	 e_raw,
	 "The job reads back files it wrote. If the data is still in memory, "
	 "keep it there instead of a round trip through the file system.",
	 {IOL_TIN_RAW, IOL_TIN_BYTES_R, IOL_TIN_RAW_FILE, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-LUSTRE-MISALIGNED",
	 "accesses misaligned to the Lustre stripe",
	 "%",
	 IOL_TK_LUSTRE,
	 IOL_SEV_WARN,
	 e_lustre,
	 "Requests to Lustre files start off stripe boundaries: a request "
	 "that crosses one touches two OSTs, and ranks writing in one stripe "
	 "contend for its lock. Make request sizes and offsets multiples of "
	 "the stripe size, or set the stripe to suit them (lfs setstripe "
	 "-S).",
	 {IOL_TIN_LOPS, IOL_TIN_LNOT, IOL_TIN_LSTRIPE, IOL_TIN_LFILE,
	  IOL_TIN_IO_SLOWEST, IOL_TIN_RUN_TIME, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-FEW-AGGREGATORS",
	 "few MPI-IO aggregators for many ranks",
	 "ranks/aggregator",
	 IOL_TK_AGGR,
	 IOL_SEV_WARN,
	 e_aggr,
	 "Collective I/O funnels through few aggregator ranks. Raise the "
	 "MPI-IO hint cb_nodes (one or more aggregators per node) or, on "
	 "Lustre, stripe the file over more OSTs, which raises ROMIO's "
	 "default.",
	 {IOL_TIN_AGGR, IOL_TIN_AGGRN, IOL_TIN_NPROCS, IOL_TIN_AGGR_FILE,
	  IOL_TIN_AGGR_T, IOL_TIN_RUN_TIME, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-AGGREGATOR-SKEW",
	 "uneven MPI-IO aggregators",
	 "x mean aggregator",
	 IOL_TK_ASKEW,
	 IOL_SEV_WARN,
	 e_askew,
	 "One collective-buffering aggregator takes far longer in POSIX than "
	 "the others, and every rank waits for it in MPI-IO. Check that "
	 "rank's node and storage targets; try a larger cb_buffer_size, and "
	 "for reads compare romio_cb_read=enable and disable; cb_nodes sets "
	 "how many aggregators share the file.",
	 {IOL_TIN_ASKEW, IOL_TIN_ASKEW_RANK, IOL_TIN_ASKEW_SLOW,
	  IOL_TIN_ASKEW_MEAN, IOL_TIN_ASKEW_K, IOL_TIN_ASKEW_FILE,
	  IOL_TIN_MPIIO_T, IOL_TIN_NPROCS, IOL_TIN_RUN_TIME, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
	{"IOL-STRAGGLER",
	 "a straggler rank in an I/O phase",
	 "% of phase",
	 IOL_TK_STRAG,
	 IOL_SEV_WARN,
	 e_strag,
	 "One rank finished its part of an I/O phase well after the others, "
	 "which wait for it. Check its share of the data, its node and its "
	 "storage targets (DXT Explorer's straggler view).",
	 {IOL_TIN_STRAG, IOL_TIN_STRAG_DETAIL, IOL_TIN_STRAG_STAKE,
	  IOL_TIN_RUN_TIME, -1},
	 0,
	 NULL,
	 NULL,
	 NULL},
};
#define NRULES (sizeof(rules) / sizeof(rules[0]))

/* Both layers' collective case: MPI-IO's small calls that are
 * (nearly) all collective already go through collective buffering */
static int small_mpiio_coll(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c)
{
	return mpiio_small_layer(in, c) && all_collective(in);
}

static int shsmall_mpiio_coll(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c)
{
	return mpiio_shsmall_layer(in, c) && all_collective(in);
}

/* MPI-IO's data sieving served small calls (mpiio_sieved_share): the
 * bytes moved again are its spans, not only the program's re-reads */
static int red_sieved(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c)
{
	(void)c;
	return sieved_share(in) > 0;
}

/* The bytes moved again are mostly rewrites (red_split()): the same
 * offsets written again, a file rewritten every step.  Reading once and
 * broadcasting (the rule's own advice) does nothing for them (r113 tp:
 * three dumps of a changing array over one file) */
static int red_rewrites(const struct iol_triage_in *in,
			const struct iol_triage_conf *c)
{
	struct red_parts p;

	(void)c;
	red_split(in, &p);
	return p.rw > 0 && p.rw >= 2 * (p.rr + p.rc);
}

/* Recommendations by the layer a rule judged, before the rule's own
 * alternative: small collective MPI-IO calls are aggregated already, so
 * raising cb_buffer_size (the POSIX case) does nothing for them; STDIO's
 * small requests want a larger buffer or fewer flushes, not another
 * layer (stdio_wait_req()). */
static const struct {
	const char *code;
	int (*when)(const struct iol_triage_in *in,
		    const struct iol_triage_conf *c);
	const char *rec;
} layer_recs[] = {
	{"IOL-SHARED-SMALL", coll_case,
	 "Collective MPI-IO calls through file views take far longer than "
	 "the file system under them: the time is the calls' exchange of "
	 "the view's pieces among the ranks. Give the decomposition larger "
	 "contiguous blocks, or describe each rank's pieces with one derived "
	 "datatype that merges adjacent ones; then try the collective "
	 "layer's settings: the ROMIO hints cb_buffer_size and "
	 "romio_cb_write, or with Open MPI another collective component "
	 "(OMPIO's fcoll, or ROMIO)."},
	{"IOL-SMALL-REQ", small_mpiio_coll,
	 "Many MPI-IO calls move under 1 MiB, and they are collective "
	 "already: collective buffering aggregates them for the file system, "
	 "but every call is a round of exchange among the ranks. Aggregate "
	 "more data per call: larger blocks per call (several records or "
	 "variables in one call through a derived datatype or file view), "
	 "fewer calls."},
	{"IOL-STDIO-SHARE", stdio_wait_req,
	 "STDIO's writes reach the file system as small requests (under "
	 "1 MiB a call or a flush), each waiting for the device. Give the "
	 "stream a larger buffer (setvbuf, 1 MiB or more), flush less often "
	 "(once a step or at the end), or write 1 MiB pieces with POSIX "
	 "write."},
	{"IOL-SHARED-SMALL", shsmall_mpiio_coll,
	 "Ranks make small collective MPI-IO calls to shared files: "
	 "collective buffering already aggregates them, and each call costs "
	 "a round of exchange. Aggregate more data per call (larger blocks "
	 "per call, fewer calls)."},
	{"IOL-REDUNDANT", red_sieved,
	 "MPI-IO's data sieving moved whole spans of the file for sparse "
	 "calls (IOL-SMALL-REQ's detail counts them): disable it "
	 "(romio_ds_read=disable, romio_ds_write=disable) so the pieces "
	 "move as they are, or use collective I/O with collective "
	 "buffering, which moves each span once for all ranks. Data read "
	 "again besides: read once and share it (MPI_Bcast)."},
	{"IOL-REDUNDANT", red_rewrites,
	 "The bytes moved again are writes over bytes already written: a "
	 "file rewritten step after step, or its pieces written more than "
	 "once. Write each result once: keep the state in memory and write "
	 "it less often, or only at the end."},
};

/* Two rule codes equal: every code is "IOL-" and a name, so the name's
 * first letter tells most apart without strcmp (a store's triage asks
 * some 200 times a row, 4 % of population-report's CPU at a million) */
static int same_code(const char *a, const char *b)
{
	return a[4] == b[4] && !strcmp(a, b);
}

static const char *layer_rec(const struct rule *r,
			     const struct iol_triage_in *in,
			     const struct iol_triage_conf *c)
{
	size_t k;

	for (k = 0; k < sizeof(layer_recs) / sizeof(layer_recs[0]); k++)
		if (same_code(r->code, layer_recs[k].code) &&
		    layer_recs[k].when(in, c))
			return layer_recs[k].rec;
	return NULL;
}

/* The first input the rule reads that the source lacks, or -1. */
static int missing_input(const struct rule *r, const struct iol_triage_in *in)
{
	int k, b;

	for (k = 0; k < NEEDMAX && r->need[k] >= 0; k++) {
		if (!in->have[r->need[k]])
			return r->need[k];
		if (r->need[k] == IOL_TIN_BIN0)
			for (b = 1; b < 20; b++)
				if (!in->have[IOL_TIN_BIN0 + b])
					return IOL_TIN_BIN0 + b;
	}
	return -1;
}

/* The rules whose stake is a difference between ranks' times: jitter
 * passes any relative floor, so they need the absolute one too. */
int iol_triage_varies(const char *code)
{
	static const char *const v[] = {
		"IOL-RANK-IMBALANCE",	     "IOL-SHARED-IMBALANCE",
		"IOL-SHARED-TIME-IMBALANCE", "IOL-RANK-SIZE-IMBALANCE",
		"IOL-AGGREGATOR-SKEW",	     "IOL-STRAGGLER"};
	size_t k;

	for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
		if (!strcmp(code, v[k]))
			return 1;
	return 0;
}

/*
 * The run time's resolution: Darshan logs before 3.4.1 keep whole
 * seconds (end - start + 1), later ones and traces nanoseconds.  A run
 * time that is a whole number is taken to be one of the first kind
 * (a measured one is not, to the nanosecond).
 */
static double run_res(const struct iol_triage_in *in)
{
	double rt = V(RUN_TIME);

	return rt > 0 && rt == floor(rt) ? 1.0 : 0.0;
}

/* "N % of the run", or "the run time unknown" when the run time is not
 * positive (a damaged log's 0 or negative end before start): a share of
 * no run is not a figure, and "nan %" tells a user nothing. */
static const char *run_share(char *b, size_t n, double pct)
{
	if (isfinite(pct))
		snprintf(b, n, "%.3g %% of the run", pct);
	else
		snprintf(b, n, "the run time unknown");
	return b;
}

/*
 * Concurrency within a process (issue 34, round 73): Darshan adds the
 * time of a process's threads' records, so where each thread has its
 * own file the slowest rank's summed I/O time Y exceeds what it spent
 * in I/O (r73-stepfile: 35 s of I/O a rank in an 11.7 s run, a twin
 * saved 7.0 s of the 29 s staked).  Its wall time in I/O X is the union
 * of its DXT segments over its records (io_overlap_dxt's share of their
 * summed unions; an overlap under 1 %, timestamps' rounding, is none),
 * and never more than the run.  Without an overlap seen, Y past the run
 * is concurrency only where no record is shared: a shared record's time
 * is its ranks' added (r62-couple4k: 11.1 s "a rank" in a 6.48 s run,
 * DXT 5.66 s of serial writes on rank 0).  Returns X / Y (1: none),
 * X and Y into *wall and *sum.
 */
static double conc_share(const struct iol_triage_in *in, double *wall,
			 double *sum)
{
	double y = V(IO_SLOWEST), f = V(CONC_DXT), rt = V(RUN_TIME), x;
	int seen = isfinite(f) && f < 0.99;

	*wall = *sum = y;
	if (!(y > 0))
		return 1;
	x = seen ? y * f : y;
	if (rt > 0 && x > rt && (seen || V(NPROCS) == 1 || V(SHARED) == 0))
		x = rt;
	*wall = x;
	return x / y;
}

/* conc_share()'s scaling said in a finding's detail d of n bytes */
static void conc_note(const struct iol_triage_in *in, char *d, size_t n)
{
	double x, y, k = conc_share(in, &x, &y);
	size_t l = n ? strlen(d) : 0;

	if (!(k < 1) || !n)
		return;
	snprintf(d + l, n - l,
		 "; %s: wall %.3f of %.3f s summed, stakes scaled",
		 isfinite(V(CONC_DXT)) && V(CONC_DXT) < 0.99
			 ? "threads' (or AIO) calls overlap"
			 : "I/O summed past the run, calls overlap",
		 x, y);
}

/*
 * The expert's "material" (issue 34): the time at stake is at least
 * min_stake_s on the slowest rank and at least min_stake_pct of the run;
 * a structural pattern (rc 3: 4 KiB requests, rank-0-only I/O, fsync
 * per transaction, a file storm, re-reads, bulk STDIO, an incomplete
 * log) needs only the share of the run.  The absolute floor is never
 * less than the run time's resolution: a share of a run known to the
 * second is not a measurement of milliseconds.  A crossed warn or high
 * finding that is not material is info, "below the impact floor".
 */
static void impact_on(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c, int crossed,
		      int structural, char *d, size_t n, struct iol_finding *f)
{
	size_t l = n ? strlen(d) : 0;
	double floor_s = fmax(K(MIN_S), run_res(in));
	int big, share;
	char pb[48];

	if (!isfinite(f->stake))
		return;
	/* no rank saves more than its run (round 73) */
	if (V(RUN_TIME) > 0 && f->stake > V(RUN_TIME))
		f->stake = V(RUN_TIME);
	f->stake_pct = V(RUN_TIME) > 0 ? 100.0 * f->stake / V(RUN_TIME) : NAN;
	if (!crossed)
		return;
	big = f->stake >= floor_s;
	share = !isfinite(f->stake_pct) || f->stake_pct >= K(MIN_PCT);
	if (structural && !iol_triage_varies(f->code))
		big = 1;
	f->floored = !(big && share);
	if (f->floored && f->sev <= IOL_SEV_WARN)
		f->sev = IOL_SEV_INFO;
	if (n)
		snprintf(d + l, n - l, "; %.3g s at stake, %s%s", f->stake,
			 run_share(pb, sizeof(pb), f->stake_pct),
			 !f->floored ? ""
			 : !share    ? " (below the impact floor: under "
				       "min_stake_pct of the run)"
				     : " (below the impact floor: under "
				       "min_stake_s)");
}

/*
 * The detail of n bytes from a rule's text s, whose impact note (the
 * stake, the share of the run, the floor) starts at s[note]: whole when
 * it fits; else the note is kept whole and the text before it is cut at
 * the end of a word, marked " [...]".  A plain cut at 400 bytes dropped the
 * note or cut it mid-number (r13-indep-il4k-3's "0.0417 s at stake,
 * 0.129 % of the run (below the impact floo"; a collective file of a
 * long name lost its figures and its stake), and part_of() could not
 * find a cut note to replace.
 */
static void detail_fit(char *d, size_t n, const char *s, size_t note)
{
	static const char mark[] = " [...]";
	size_t l = strlen(s), tail, room;

	if (note > l)
		note = l;
	tail = l - note;
	if (l < n || tail + sizeof(mark) > n) {
		snprintf(d, n, "%s", s);
		return;
	}
	room = n - tail - sizeof(mark); /* bytes of text kept before it */
	while (room > 0 && s[room] != ' ')
		room--;
	while (room > 0 && strchr(" ,;:(", s[room - 1]))
		room--;
	snprintf(d, n, "%.*s%s%s", (int)room, s, mark, s + note);
}

/* impact_on() for a finding's own detail (detail: whether it is kept),
 * its note kept whole (detail_fit()) */
static void impact(const struct iol_triage_in *in,
		   const struct iol_triage_conf *c, int crossed, int structural,
		   int detail, struct iol_finding *f)
{
	char d[2 * sizeof(f->detail)];
	size_t note = 0;

	if (detail) {
		snprintf(d, sizeof(d), "%s", f->detail);
		note = strlen(d);
	}
	impact_on(in, c, crossed, structural, d, detail ? sizeof(d) : 0, f);
	if (detail)
		detail_fit(f->detail, sizeof(f->detail), d, note);
}

/* Returns CROSSED when the finding crossed its threshold and was
 * judged, so that only the impact floor or its rule's severity can have
 * made it info: join_parts() reads it; OWN when its rule fired on its
 * own facts, judged or the pattern of another rule's cause (rc 5), not
 * by design (rc 2) nor too few (rc 1): join_companions() reads it. */
enum { CROSSED = 1, OWN = 2 };

static int io_group(const char *code);

/* A rule's stake, and IO-TIME's share of the run in I/O, scaled to the
 * slowest rank's wall time in I/O (conc_share()); 1 when scaled */
static int conc_scale(const struct rule *r, const struct iol_triage_in *in,
		      double *v, double *stake)
{
	double x, y, k = conc_share(in, &x, &y);

	if (!(k < 1))
		return 0;
	if (r->eval == e_iotime && isfinite(*v))
		*v *= k;
	if (isfinite(*stake))
		*stake *= k;
	return isfinite(*stake) || r->eval == e_iotime;
}

/* eval_rule()'s evaluation of a rule whose inputs are there */
static int eval_judge(const struct rule *r, const struct iol_triage_in *in,
		      const struct iol_triage_conf *c, int detail,
		      struct iol_finding *f)
{
	/* room for a rule's longest text (a file name of 255 bytes and
	 * its figures) and impact()'s note: detail_fit() cuts it to 400 */
	char d[4 * sizeof(f->detail)];
	size_t n = detail ? sizeof(d) : 0, note;
	double v = NAN, stake = NAN;
	int rc, crossed = 0, judged = 0;

	d[0] = '\0';
	rc = r->eval(in, c, &v, &stake, d, n);
	note = n ? strlen(d) : 0;
	/* overlapped_meta() says why for a lone process's metadata */
	if (rc >= 0 && conc_scale(r, in, &v, &stake) &&
	    !(V(NPROCS) == 1 && z(V(META_SLOW)) > z(V(RUN_TIME)) &&
	      io_group(r->code) == 1))
		conc_note(in, d, n);
	if (rc >= 0) {
		crossed = rc == 4 || rc == 6 ||
			  (r->le ? v <= f->threshold : v > f->threshold);
		judged = rc == 0 || rc == 3 || rc == 4 || rc == 6;
		f->value = v;
		f->stake = stake;
		f->sev = crossed && judged		   ? r->sev
			 : crossed && (rc == 2 || rc == 5) ? IOL_SEV_INFO
							   : IOL_SEV_OK;
		/* crossed, but too few to matter: under the floor too */
		f->floored = crossed && rc == 1;
		impact_on(in, c, crossed && judged, rc == 3 || rc == 4, d, n,
			  f);
	}
	if (n)
		detail_fit(f->detail, sizeof(f->detail), d, note);
	return rc < 0 ? 0
		      : (crossed && judged ? CROSSED : 0) |
				(crossed && (judged || rc == 5) ? OWN : 0);
}

static int eval_rule(const struct rule *r, const struct iol_triage_in *in,
		     const struct iol_triage_conf *c, int detail,
		     struct iol_finding *f)
{
	int part_cand = 0;
	const char *lrec;
	int miss = missing_input(r, in);

	/* every field is set below; the 400-byte detail only ends */
	memset(f, 0, offsetof(struct iol_finding, detail));
	f->detail[0] = '\0';
	f->code = r->code;
	f->title = r->title;
	f->unit = r->unit;
	f->rec = r->rec;
	f->threshold = r->key >= 0 ? c->v[r->key] : 0;
	f->value = NAN;
	f->stake = f->stake_pct = NAN;
	f->sev = IOL_SEV_NA;
	if (miss >= 0 && !detail)
		;
	else if (miss == IOL_TIN_STRAG)
		snprintf(f->detail, sizeof(f->detail),
			 "needs the log's DXT segments; a store keeps no "
			 "phases (run iolens triage on the log)");
	else if (miss >= 0)
		snprintf(f->detail, sizeof(f->detail),
			 "no field %s (a store from an older iolens: run "
			 "iolens ingest --refresh)",
			 in_names[miss]);
	else
		part_cand = eval_judge(r, in, c, detail, f);
	if ((lrec = layer_rec(r, in, c)))
		f->rec = lrec;
	else if (r->alt && r->alt(in))
		f->rec = r->rec_alt;
	else if (r->rec_h5 && in->have[IOL_TIN_HDF5] && V(HDF5) > 0)
		f->rec = r->rec_h5;
	return part_cand;
}

/*
 * One structural pattern seen under several codes: rank-0-only I/O
 * leaves the other ranks idle; a file storm is what makes the I/O
 * metadata-bound.  Three rounds of independent labels
 * (t/data/triage-expert*.tsv) judged the second code material in every
 * log where the first was and the second was labelled (11 of 11): by
 * the definition, the pattern is structural, so its parts are too.
 * Such a part, crossed but under the impact floor (or info by design of
 * its rule, as idle ranks are), takes the lead's severity and stake and
 * says whose pattern it is.  RANK-IMBALANCE beside RANK0-IO and
 * SHARED-SMALL beside SMALL-REQ have times of their own: companions[].
 */
static const struct {
	const char *lead, *part;
} parts[] = {
	{"IOL-RANK0-IO", "IOL-IDLE-RANKS"},
	{"IOL-SMALL-FILES", "IOL-META-BOUND"},
};

static size_t rule_index(const char *code)
{
	size_t k;

	for (k = 0; k < NRULES && !same_code(rules[k].code, code); k++)
		;
	return k;
}

static void part_of(const struct iol_finding *lead, int detail,
		    struct iol_finding *f)
{
	char *floor_note, *p, pb[48];

	f->lead = lead->code;
	f->sev = lead->sev;
	f->floored = 0;
	f->stake = lead->stake;
	f->stake_pct = lead->stake_pct;
	if (!detail)
		return;
	/* the floor's note, impact()'s last clause, no longer holds: the
	 * lead's stake replaces it */
	for (floor_note = NULL, p = f->detail; (p = strstr(p, "; ")); p += 2)
		floor_note = p;
	if (floor_note && strstr(floor_note, " s at stake"))
		*floor_note = '\0';
	snprintf(f->detail + strlen(f->detail),
		 sizeof(f->detail) - strlen(f->detail),
		 "; the pattern of %s: %.3g s at stake, %s", lead->code,
		 f->stake, run_share(pb, sizeof(pb), f->stake_pct));
}

/*
 * A cause that is, by its nature, another rule's pattern too: small
 * requests that are (nearly) all to shared files are SHARED-SMALL's as
 * well as SMALL-REQ's; rank-0-only I/O is a rank imbalance by
 * definition.  The independent labellers name both codes (ten rounds,
 * t/data/triage-expert*.tsv: SHARED-SMALL material beside a material
 * SMALL-REQ 21 of 22 times, RANK-IMBALANCE beside RANK0-IO 12 of 12),
 * so a scorer and a reader who looks for either code find it.  Where
 * the lead is a finding and the companion's own rule fired on its own
 * facts (crossed its threshold, not too few, not aggregation by
 * design) and its own stake is a share of the run (comp_share()), the
 * companion takes the lead's severity, keeps the stake its
 * own rule computed (never the lead's copied), and says it is the same
 * cause, so the user is not told two stories.  A companion whose own
 * rule did not fire stays what it was.  Unlike join_parts(), whose part
 * has no time of its own.  companions = 0 tells the cause once (round
 * 1's labeller wrote one line per problem).
 */
static const struct {
	const char *lead, *comp;
} companions[] = {
	{"IOL-SMALL-REQ", "IOL-SHARED-SMALL"},
	{"IOL-RANK0-IO", "IOL-RANK-IMBALANCE"},
	{"IOL-SMALL-REQ", "IOL-NO-COLLECTIVE"},
};

static void cut_note(char *d);

static void companion_of(const struct iol_triage_in *in,
			 const struct iol_finding *lead, int detail,
			 struct iol_finding *f)
{
	char pb[48], d[2 * sizeof(f->detail)];
	int l;

	/* a companion that is a finding of its own keeps the graver */
	f->sev = f->sev < lead->sev ? f->sev : lead->sev;
	f->floored = 0;
	f->stake_pct = V(RUN_TIME) > 0 && isfinite(f->stake)
			       ? 100.0 * f->stake / V(RUN_TIME)
			       : NAN;
	if (!detail)
		return;
	cut_note(f->detail);
	/* "same cause as IOL-X: " before the rule's own detail, the note
	 * after it kept whole: a plain cut at 400 bytes ended SHARED-SMALL's
	 * beside r44-shared-indep's SMALL-REQ at "(the cause" (t/6169) */
	l = snprintf(d, sizeof(d), "same cause as %s: %s", lead->code,
		     f->detail);
	if (l < 0 || (size_t)l >= sizeof(d))
		l = (int)strlen(d);
	snprintf(d + l, sizeof(d) - (size_t)l,
		 "; its own stake %.3g s, %s (the cause is "
		 "told by %s; not two problems)",
		 f->stake, run_share(pb, sizeof(pb), f->stake_pct), lead->code);
	detail_fit(f->detail, sizeof(f->detail), d, (size_t)l);
}

/* The companion's own stake holds at least min_stake_pct of the run:
 * the cause is material by its lead (structural, or big enough), but a
 * companion whose own time is a sliver of the run is not where the
 * cause lies (e3sm's input reads, SHARED-SMALL's 0.27 s of 727 s beside
 * SMALL-REQ's 250 s of read-modify-write, labelled trivial) */
static int comp_share(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c,
		      const struct iol_finding *f)
{
	return !(V(RUN_TIME) > 0 && isfinite(f->stake)) ||
	       100.0 * f->stake / V(RUN_TIME) >= K(MIN_PCT);
}

static void join_companions(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c, int detail,
			    const unsigned char *own, struct iol_triage *t)
{
	size_t k, i, j;

	if (!(K(COMPANIONS) > 0))
		return;
	for (k = 0; k < sizeof(companions) / sizeof(companions[0]); k++) {
		i = rule_index(companions[k].lead);
		j = rule_index(companions[k].comp);
		if (i == NRULES || j == NRULES)
			continue;
		if (t->f[i].sev <= IOL_SEV_WARN && !t->f[i].floored && own[j] &&
		    !t->f[j].lead && comp_share(in, c, &t->f[j]))
			companion_of(in, &t->f[i], detail, &t->f[j]);
	}
}

/*
 * A file storm's own metadata (issue 34): its files' creates, opens and
 * closes are the time SMALL-FILES stakes (META_SLOW is in its stake).
 * Beside a storm of storm_creates to storm_files created files, the
 * storm the labellers split on (mdtest's 400 files: rounds 1, 2, 3 and
 * 10 called both codes trivial, rounds 25-33 both material, "same root
 * cause as SMALL-FILES"), META-BOUND would tell a contested call twice:
 * it is info, saying whose cause it is.  Beside a storm of storm_files
 * or more, which every round labelled a storm, the labellers named
 * META-BOUND material as its part (20 logs, 13 rounds): join_parts()
 * keeps it.  Metadata beyond the storm stays META-BOUND's own: an open
 * storm (the same files opened again and again: r4-stat-storm's 20
 * opens a file, labelled material on its own) or HDF5's metadata.
 */
static int storm_meta(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c)
{
	double per, each = z(V(BYTES_W)) / fmax(z(V(CREATES)), 1);

	return z(V(CREATES)) >= K(STORM_CREATES) && z(V(CREATES)) < K(STORM) &&
	       each <= K(SMALLFILE_B) && !(z(V(H5_META)) > V(META_SLOW)) &&
	       !open_storm(in, c, &per);
}

/* f told as lead's cause: info at most, its detail "same cause as
 * LEAD: ... (why, told by LEAD; not two problems)" when detail is on */
static void told_by(const struct iol_finding *lead, int detail, const char *why,
		    struct iol_finding *f)
{
	char tmp[2 * sizeof(f->detail)];
	int l;

	f->lead = lead->code;
	f->sev = f->sev < IOL_SEV_INFO ? IOL_SEV_INFO : f->sev;
	f->floored = 0;
	if (!detail)
		return;
	cut_note(f->detail);
	/* the why kept whole, the rule's own text cut before it if need be
	 * (detail_fit(), as companion_of()) */
	l = snprintf(tmp, sizeof(tmp), "same cause as %s: %s", lead->code,
		     f->detail);
	if (l < 0 || (size_t)l >= sizeof(tmp))
		l = (int)strlen(tmp);
	snprintf(tmp + l, sizeof(tmp) - (size_t)l,
		 " (%s, told by %s; not two problems)", why, lead->code);
	detail_fit(f->detail, sizeof(f->detail), tmp, (size_t)l);
}

static void storm_meta_of(const struct iol_finding *lead, int detail,
			  struct iol_finding *f)
{
	told_by(lead, detail, "the storm's own metadata", f);
}

/*
 * Rank 0's time at stake is its STDIO requests' wait for the device
 * (issue 34, round 60): its calls are small (rank0_stdio_calls()) and
 * each reaches the storage as a request of its own, flushed or a
 * buffer's worth (stdio_small_req()), which IOL-STDIO-SHARE stakes.
 * Spread over the ranks, the same requests wait on the same storage:
 * the fix is fewer requests (a buffer, one flush a step), so RANK0-IO
 * tells STDIO-SHARE's cause again, info, and IDLE-RANKS, its part,
 * follows.  r60-diag-flush: 2500 lines of 89 B flushed each, 5.7 ms a
 * request, labelled trivial; its no-flush twin keeps rank 0 the only
 * writer and logs 0.1 s.  Calls whose cost is the library's copy and
 * formatting (r50-rank0-tail, r43-csv-rank0: labelled material) are
 * not requests each and keep RANK0-IO's stake.
 */
static void rank0_of_stdio(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c, int detail,
			   const unsigned char *crossed, struct iol_triage *t)
{
	size_t i = rule_index("IOL-RANK0-IO");
	size_t s = rule_index("IOL-STDIO-SHARE");
	size_t j = rule_index("IOL-IDLE-RANKS");
	const char *why = "rank 0's small STDIO requests each wait for the "
			  "device, as many spread over the ranks";

	if (i == NRULES || s == NRULES || !crossed[i] || !crossed[s] ||
	    t->f[i].lead || t->f[s].sev > IOL_SEV_WARN || t->f[s].floored ||
	    !rank0_stdio_calls(in, c) || !stdio_small_req(in, c))
		return;
	told_by(&t->f[s], detail, why, &t->f[i]);
	if (j < NRULES && crossed[j] && !t->f[j].lead)
		told_by(&t->f[s], detail, why, &t->f[j]);
}

/* RANK0-IO, IDLE-RANKS and RANK-IMBALANCE (within the stake) told by
 * the finding code when it is one and its stake holds RANK0-IO's */
static void rank0_of_cause(int detail, const unsigned char *crossed,
			   struct iol_triage *t, const char *code,
			   const char *why)
{
	size_t i = rule_index("IOL-RANK0-IO"), s = rule_index(code);
	size_t j = rule_index("IOL-IDLE-RANKS"),
	       m = rule_index("IOL-RANK-IMBALANCE");
	double own;

	if (i == NRULES || s == NRULES || !crossed[i] || !crossed[s] ||
	    t->f[i].lead || t->f[s].sev > IOL_SEV_WARN || t->f[s].floored ||
	    !isfinite(t->f[i].stake) || !isfinite(t->f[s].stake))
		return;
	own = t->f[s].stake;
	if (!(own >= t->f[i].stake))
		return;
	told_by(&t->f[s], detail, why, &t->f[i]);
	if (j < NRULES && crossed[j] && !t->f[j].lead)
		told_by(&t->f[s], detail, why, &t->f[j]);
	if (m < NRULES && crossed[m] && !t->f[m].lead &&
	    isfinite(t->f[m].stake) && t->f[m].stake <= own)
		told_by(&t->f[s], detail, why, &t->f[m]);
}

/*
 * Rank 0's (or a lone rank's) time at stake is its own syncs (issue 34,
 * round 61): IOL-FSYNC is a finding and its stake, the repeated syncs'
 * own cost on the slowest writer, is at least what RANK0-IO says
 * spreading would save (for a funnel of N ranks, (N - 1) / N of its I/O
 * time: so most of that time is syncs).  Spread over the ranks, each
 * would sync as often; the fix is fewer syncs, so RANK0-IO, IDLE-RANKS
 * (its part) and RANK-IMBALANCE (its companion) when within the same
 * stake tell FSYNC's cause again, info.  r61-iorank-fsync: a dedicated
 * I/O rank fdatasyncs each 64 KiB block, FSYNC 5.65 s of its 5.81 s,
 * RANK0-IO 4.36 s, labelled trivial with FSYNC material (the no-sync
 * twin saves 1.8-4.7 s).  Funnels without repeated syncs (r4-rank0-io,
 * r15-rank0-gather, r26-ckpt-gather) do not cross FSYNC: untouched.
 */
static void rank0_of_fsync(int detail, const unsigned char *crossed,
			   struct iol_triage *t)
{
	rank0_of_cause(detail, crossed, t, "IOL-FSYNC",
		       "rank 0's time at stake is mostly its own repeated "
		       "syncs, which spread ranks would repeat as often");
}

/*
 * Rank 0's time at stake is its own small requests (issue 34, round
 * 172): IOL-SMALL-REQ is a finding and its stake, the small requests'
 * time on the slowest rank, is at least what RANK0-IO says spreading
 * would save ((N - 1) / N of the funnel's I/O time).  Spread over the
 * ranks, each would make the same small requests; the fix is larger
 * ones, after which one writer moves the bytes at the device's pace.
 * So RANK0-IO, IDLE-RANKS (its part) and RANK-IMBALANCE (its companion)
 * when within the same stake tell SMALL-REQ's cause again, info, as
 * beside FSYNC.  r172-rhofmt: rank 0 writes a text density in 1674
 * writes of ~4 KiB on a sync mount, 11.1 s; RANK0-IO staked 8.38 s,
 * labelled trivial: its 1 MiB-buffer twin, still rank 0 alone, writes
 * the 7 MB in 0.24-0.69 s.
 */
static void rank0_of_small(int detail, const unsigned char *crossed,
			   struct iol_triage *t)
{
	rank0_of_cause(detail, crossed, t, "IOL-SMALL-REQ",
		       "rank 0's time at stake is mostly its own small "
		       "requests, which spread ranks would make as many");
}

/*
 * Rank 0's funnel is of the distinct data it moves, not of the same
 * bytes moved again (issue 34, round 119): IOL-REDUNDANT is a finding
 * and its value the share of the bytes moved again (a file rewritten
 * step after step, re-read), which spread ranks would move as often;
 * the fix is moving them once.  What a spread saves is RANK0-IO's stake
 * on the distinct share of the bytes, less FSYNC's repeated syncs when
 * it is a finding too.  Below min_stake_pct of the run, RANK0-IO,
 * IDLE-RANKS (its part) and RANK-IMBALANCE (the same bytes, judged
 * so) tell REDUNDANT's cause again, info.  r119-mc: rank 0 rewrites
 * and fsyncs a 1 MiB tally file 120 times, RANK0-IO 2.32 s, labelled
 * false (its write-once twin, still rank 0 alone, costs 0.06 s).
 */
static int rank0_rewrite_lead(const unsigned char *crossed,
			      const struct iol_triage *t, size_t i, size_t r)
{
	return i < NRULES && r < NRULES && crossed[i] && crossed[r] &&
	       !t->f[i].lead && t->f[r].sev <= IOL_SEV_WARN &&
	       !t->f[r].floored && isfinite(t->f[i].stake) &&
	       isfinite(t->f[r].value) && t->f[r].value > 0;
}

/* the stake on the distinct bytes: f's stake on 1 - REDUNDANT's share,
 * less FSYNC's own when it is a finding */
static double rank0_distinct_secs(const struct iol_triage *t, size_t r,
				  size_t s, double stake)
{
	double d = stake * fmax(0, 1 - t->f[r].value / 100.0);

	if (s < NRULES && t->f[s].sev <= IOL_SEV_WARN && !t->f[s].floored &&
	    isfinite(t->f[s].stake))
		d = fmin(d, fmax(0, stake - t->f[s].stake));
	return d;
}

static int rank0_below(const struct iol_triage_in *in,
		       const struct iol_triage_conf *c, double secs)
{
	return V(RUN_TIME) > 0 && 100.0 * secs / V(RUN_TIME) < K(MIN_PCT);
}

static void rank0_of_rewrites(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, int detail,
			      const unsigned char *crossed,
			      struct iol_triage *t)
{
	size_t i = rule_index("IOL-RANK0-IO"), r = rule_index("IOL-REDUNDANT");
	size_t s = rule_index("IOL-FSYNC"), j = rule_index("IOL-IDLE-RANKS"),
	       m = rule_index("IOL-RANK-IMBALANCE");
	char why[160];
	double own;

	if (!rank0_rewrite_lead(crossed, t, i, r))
		return;
	own = rank0_distinct_secs(t, r, s, t->f[i].stake);
	if (!rank0_below(in, c, own))
		return;
	snprintf(why, sizeof(why),
		 "rank 0's bytes are mostly the same bytes moved again, which "
		 "spread ranks would move as often; spreading its distinct "
		 "data saves %.3g s",
		 own);
	told_by(&t->f[r], detail, why, &t->f[i]);
	if (j < NRULES && crossed[j] && !t->f[j].lead)
		told_by(&t->f[r], detail, why, &t->f[j]);
	if (m < NRULES && crossed[m] && !t->f[m].lead &&
	    isfinite(t->f[m].stake) &&
	    rank0_below(in, c, rank0_distinct_secs(t, r, s, t->f[m].stake)))
		told_by(&t->f[r], detail, why, &t->f[m]);
}

/*
 * Is STDIO's time the storm's files' (issue 34, round 76)?  Its opens
 * are the job's files (as many as half its files or more, at most two
 * opens a file, storm_creates or more), each open at most a buffer's
 * worth of bytes (stdio_call_bytes: one request to the file system an
 * open) in at most stdio_stream_calls calls, no flush and at most a
 * seek an open, and an open's share of the STDIO time (over all ranks)
 * is a request's wait for the device (stdio_wait_us): the time per open
 * is the device's, not the calls'.  r76-obs-slow: 3000 station files
 * read with fgets, 12 calls and 834 B an open, 14 ms an open on
 * throttled cold storage (5.38 s a rank), labelled trivial beside
 * SMALL-FILES material; its bundled twin reads the same lines through
 * the same calls in 0.21-0.44 s.  Flushed streams, calls beyond a
 * buffer an open and a one-file parse (r11-fscanf-50m) stay judged; 64
 * calls an open at a parse's 5.5 us are 0.35 ms, under stdio_wait_us.
 */
static int stdio_storm_opens(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c)
{
	double opens = z(V(SOPENS)), files = z(V(FILES));
	double st = z(V(STDIO_BR)) + z(V(STDIO_BW));
	double calls = z(V(STDIO_OPS)), np = fmax(1, z(V(NPROCS)));

	if (!(K(STDIO_CALL) > 0) || !(K(STDIO_WAIT) > 0) ||
	    !(K(STDIO_STREAM) > 0) || !(opens >= K(STORM_CREATES)) ||
	    opens * 2 < files || opens > 2 * files || !(st > 0))
		return 0;
	return z(V(STDIO_FLUSH)) <= 0 && z(V(SSEEKS)) <= opens &&
	       st / opens <= K(STDIO_CALL) &&
	       calls / opens <= K(STDIO_STREAM) &&
	       z(V(STDIO_T)) * np / opens * 1e6 >= K(STDIO_WAIT);
}

/*
 * STDIO's time at stake spent in the storm's files (stdio_storm_opens())
 * is the storm's cost told twice: packing the files saves it, larger
 * calls would not (each open is already one request).  STDIO-SHARE is
 * told by SMALL-FILES, info.
 */
static void stdio_of_storm(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c, int detail,
			   const unsigned char *crossed, struct iol_triage *t)
{
	size_t i = rule_index("IOL-SMALL-FILES");
	size_t s = rule_index("IOL-STDIO-SHARE");

	if (i == NRULES || s == NRULES || !crossed[i] || !crossed[s] ||
	    t->f[i].lead || t->f[s].lead || t->f[i].sev > IOL_SEV_WARN ||
	    t->f[i].floored || t->f[s].sev > IOL_SEV_WARN ||
	    !stdio_storm_opens(in, c))
		return;
	told_by(&t->f[i], detail,
		"each STDIO open a storm's file read or written in one "
		"buffer's worth, its time the device's wait an open",
		&t->f[s]);
}

static void join_parts(const struct iol_triage_in *in,
		       const struct iol_triage_conf *c, int detail,
		       const unsigned char *crossed, struct iol_triage *t)
{
	size_t k, i, j;

	for (k = 0; k < sizeof(parts) / sizeof(parts[0]); k++) {
		i = rule_index(parts[k].lead);
		j = rule_index(parts[k].part);
		if (i == NRULES || j == NRULES || t->f[i].sev > IOL_SEV_WARN ||
		    t->f[i].floored || !crossed[j] || t->f[j].lead)
			continue;
		if (same_code(parts[k].lead, "IOL-SMALL-FILES") &&
		    storm_meta(in, c))
			storm_meta_of(&t->f[i], detail, &t->f[j]);
		else if (t->f[j].sev > IOL_SEV_WARN)
			part_of(&t->f[i], detail, &t->f[j]);
	}
}

/*
 * IOL-IO-TIME's stake (issue 34, round 4): the expert counts the slowest
 * rank's whole I/O time, except when the I/O already runs at the file
 * system's rate; then only what could be saved.  An I/O program of
 * 4 MiB requests at 420 MiB/s (r4-mpiio-large) has nothing to save.  So
 * at full_rate_mibs or more (bytes read and written over the slowest
 * rank's I/O time) the stake is what the causes that fired cost, capped
 * at the I/O time: each group of rules below states one cost (the same
 * small requests, the same metadata, the same waiting), and a group
 * counts its largest crossed stake once; the layers' own time, MPI-IO
 * (HDF5, PnetCDF) above the POSIX + STDIO time beneath it, is the
 * exchange and waiting no request size shows (treddy's mpi-io-test:
 * 9.39 s in MPI-IO over 2.72 s of POSIX).  Slower I/O keeps the whole
 * time at stake (a 1-stripe Lustre file written by 4 ranks at
 * 126 MiB/s).  full_rate_mibs is 0 by default: a log does not carry its
 * file system's rate, and a fixed 256 MiB/s judged large requests at
 * this machine's disk pace as slow in the fifth held-out round.
 */
static const struct {
	const char *code;
	int group;
} io_causes[] = {
	{"IOL-SMALL-REQ", 0},
	{"IOL-SHARED-SMALL", 0},
	{"IOL-RANDOM", 0},
	{"IOL-META-BOUND", 1},
	{"IOL-SMALL-FILES", 1},
	{"IOL-REDUNDANT", 2},
	{"IOL-FSYNC", 3},
	{"IOL-STDIO-SHARE", 4},
	{"IOL-RANK0-IO", 5},
	{"IOL-RANK-IMBALANCE", 5},
	{"IOL-SHARED-IMBALANCE", 5},
	{"IOL-SHARED-TIME-IMBALANCE", 5},
	{"IOL-RANK-SIZE-IMBALANCE", 5},
	{"IOL-FEW-AGGREGATORS", 5},
	{"IOL-AGGREGATOR-SKEW", 5},
	{"IOL-STRAGGLER", 5},
	{"IOL-NO-COLLECTIVE", 6},
	{"IOL-LUSTRE-MISALIGNED", 7},
};
#define IO_GROUPS 8

/* The group of a rule's cost in io_causes, -1 none */
static int io_group(const char *code)
{
	size_t k;

	for (k = 0; k < sizeof(io_causes) / sizeof(io_causes[0]); k++)
		if (!strcmp(io_causes[k].code, code))
			return io_causes[k].group;
	return -1;
}

/* What the causes that are findings (warn or high) cost a rank, by
 * group (see io_causes): a cause under the impact floor holds no time a
 * reader is told of.  Only the crossed rules are looked up, a store's
 * million rows have few */
/*
 * STDIO's time when each save is one call that waits for the device
 * (stdio_call_an_open()): the saves' small requests, IOL-SMALL-REQ's
 * cause, though Darshan records them under STDIO only (r59-steps-one:
 * 600 header write(2)s of 128 B, 5.35 s, and 600 fwrites of 10 KiB,
 * 5.59 s; the in-memory twin saved both).
 */
static double stdio_save_secs(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c)
{
	double st = z(V(STDIO_BR)) + z(V(STDIO_BW));

	return stdio_small_req(in, c) && stdio_call_an_open(in, c, st)
		       ? z(V(STDIO_T))
		       : 0;
}

/*
 * Collective MPI-IO whose POSIX + STDIO work is under iotime_sync_pct
 * of the layer's time (issue 34, round 120): the exchange moves the
 * bytes POSIX moved, through memory or the network, and costs their
 * order of time; ten times it and more is ranks waiting inside the
 * calls for late ones, which no storage or pattern change saves
 * (r120-run: 200 collective writes, 5.37 s of MPI-IO over 0.049 s of
 * POSIX, 4 ranks on 2 loaded cores, the same job 3.35 s in its twin;
 * labelled IO-TIME false).  Where a tenth or more of the data calls
 * are independent a rank's time is its own (treddy's mpi-io-test).
 */
static int coll_sync(const struct iol_triage_in *in,
		     const struct iol_triage_conf *c,
		     const unsigned char *crossed, const struct iol_triage *t)
{
	const char *layer;
	double top = io_top(in, &layer), coll = z(V(COLL));
	size_t q = rule_index("IOL-SMALL-REQ");

	/* small calls found: each collective round's fixed cost is their
	 * pattern's, which fewer, larger calls save (r14-cread-1k-16:
	 * 8000 collective 1 KiB reads, 3.65 s over 0.010 s of POSIX) */
	if (q < NRULES && crossed[q] && t->f[q].sev <= IOL_SEV_WARN &&
	    !t->f[q].floored)
		return 0;
	return K(IOTIME_SYNC) > 0 && coll > 0 && z(V(INDEP)) * 10 < coll &&
	       top > 0 && z(V(IO_SLOWEST)) * 100.0 < K(IOTIME_SYNC) * top;
}

static double io_cause_secs(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c,
			    const unsigned char *crossed,
			    const struct iol_triage *t)
{
	double g[IO_GROUPS] = {0}, sum = 0, coll = 0, s;
	const char *layer;
	size_t k;
	int grp;

	for (k = 0; k < NRULES; k++) {
		if (!crossed[k] || t->f[k].sev > IOL_SEV_WARN ||
		    !isfinite(t->f[k].stake) ||
		    (grp = io_group(rules[k].code)) < 0)
			continue;
		s = t->f[k].stake;
		if (rules[k].eval == e_small)
			s += small_span_secs(in, c) + stdio_save_secs(in, c);
		/* the metadata of opens that each sync their writes is the
		 * syncs' cost, which META-BOUND leaves to FSYNC:
		 * r62-manifest's 1.32 s (meta_of_fsync()) */
		if (rules[k].eval == e_fsync)
			s += meta_of_fsync(in, c);
		if (rules[k].eval == e_coll)
			coll = s;
		else
			g[grp] = fmax(g[grp], s);
	}
	/* NO-COLLECTIVE's small requests (coll_small_secs()) are the small
	 * requests' cost, counted in their group: only its waiting beyond
	 * POSIX, or what it stakes beyond them, is its own */
	if (coll > 0)
		g[6] = fmax(coll_wait_secs(in), coll - g[0]);
	/* the layers' own time: MPI-IO's exchange and waiting; no cause
	 * when the storage saw the calls merged (mpiio_merged()).  Small
	 * MPI-IO calls' stake (small_mpiio()) is MPI-IO time, the layer's
	 * included: only the layer's time beyond it is counted again
	 * (r39-mpiio-coll-64k: the calls' 2.0 s are the 2.23 s of MPI-IO
	 * over POSIX, not 4.23 s of 4.76) */
	if (!mpiio_merged(in, c, posix_rw_ops(in)) &&
	    !coll_sync(in, c, crossed, t))
		g[6] = fmax(g[6],
			    io_top(in, &layer) - z(V(IO_SLOWEST)) -
				    (mpiio_small_layer(in, c) ? g[0] : 0));
	for (k = 0; k < IO_GROUPS; k++)
		sum += g[k];
	return sum;
}

/*
 * The causes that crossed their threshold but hold nothing material
 * (below the impact floor), listed into d as "(CODE, CODE: below the
 * impact floor)"; their count.  IO-TIME with no cause to carry its time
 * says so rather than that none fired: round 11's rand-pread has small
 * sparse reads, SMALL-REQ's pattern, whose time larger requests cannot
 * save; the rest is moving the bytes at the storage's pace.
 */
static int floored_causes(const unsigned char *crossed,
			  const struct iol_triage *t, char *d, size_t n)
{
	size_t k, l;
	int m = 0;

	for (k = 0; k < NRULES; k++) {
		if (!crossed[k] || !t->f[k].floored ||
		    io_group(rules[k].code) < 0)
			continue;
		if (n && (l = strlen(d)) + 2 < n)
			snprintf(d + l, n - l, "%s%s", m ? ", " : " (",
				 rules[k].code);
		m++;
	}
	if (m && n && (l = strlen(d)) + 2 < n)
		snprintf(d + l, n - l, ": below the impact floor)");
	return m;
}

/* Cuts a detail at impact()'s note, its last clause (as part_of()) */
static void cut_note(char *d)
{
	char *note = NULL, *p;

	for (p = d; (p = strstr(p, "; ")); p += 2)
		note = p;
	if (note && strstr(note, " s at stake"))
		*note = '\0';
}

/* A finding restated by another rule's: its detail without impact()'s
 * note, then clause, then the new note, the two kept whole (detail_fit():
 * the rule's own text is cut before them if need be) */
static void restate(const struct iol_triage_in *in,
		    const struct iol_triage_conf *c, int structural, int detail,
		    struct iol_finding *f, const char *clause)
{
	char d[2 * sizeof(f->detail)];
	size_t keep;

	if (!detail) {
		impact_on(in, c, 1, structural, d, 0, f);
		return;
	}
	cut_note(f->detail);
	keep = strlen(f->detail);
	snprintf(d, sizeof(d), "%s%s", f->detail, clause);
	impact_on(in, c, 1, structural, d, sizeof(d), f);
	detail_fit(f->detail, sizeof(f->detail), d, keep);
}

/* The most bytes POSIX's writes under 1 MiB can hold: each of Darshan's
 * size bins (0-100 B ... 100 KiB-1 MiB) at its upper edge */
static double small_write_bytes_max(const struct iol_triage_in *in)
{
	static const double top[5] = {100, 1024, 10240, 102400, 1048576};
	double b = 0;
	int i;

	for (i = 0; i < 5; i++)
		b += z(in->v[IOL_TIN_BIN0 + 10 + i]) * top[i];
	return b;
}

/* The clause of red_small_writes(): told s of the rewrites' all s */
static void rw_small_clause(char *s, size_t n, double told, double all)
{
	if (told < all)
		snprintf(s, n,
			 "; %.3f s of the rewrites' %.3f s is their small "
			 "requests' time, IOL-SMALL-REQ's: not counted again",
			 told, all);
	else
		snprintf(s, n,
			 "; the rewrites' %.3f s is their small requests' "
			 "time, IOL-SMALL-REQ's: not counted again",
			 all);
}

/*
 * Rewrites synced again and again: Darshan counts an fsync's time as
 * write time, so the rewrites' time holds the syncs IOL-FSYNC stakes
 * when it is a finding.  One time is told once: REDUNDANT drops from
 * its rewrites' time what FSYNC stakes, and keeps its re-reads' and
 * code's.  r172-rst (6 rewrites of 16 records, each record flushed and
 * fsynced: 2.73 s of rewrites beside FSYNC's 3.2 s; its twin, one sync
 * a file, writes them in 0.13-0.18 s a rank), r179-ckpt (an agent
 * checkpoint rewritten each iteration, fsync a 256-B record: 3.19 s)
 * and r52-h5p-flush were labelled trivial or false: the rewrite is the
 * checkpoint, its cost the syncs.  SQLite's per-transaction page
 * rewrites (r5, r8, r22, r34, r37, r80), labelled material "same root
 * cause as IOL-FSYNC", are told by FSYNC.
 */
static void red_sync_writes(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c, int detail,
			    const unsigned char *crossed, struct iol_triage *t)
{
	size_t kr = rule_index("IOL-REDUNDANT"), ks = rule_index("IOL-FSYNC");
	struct iol_finding *f;
	struct red_parts p;
	double told;
	char clause[200];

	if (kr == NRULES || ks == NRULES || !crossed[kr] || !crossed[ks] ||
	    t->f[ks].sev > IOL_SEV_WARN || t->f[ks].floored ||
	    !isfinite(t->f[kr].stake) || !isfinite(t->f[ks].stake))
		return;
	red_split(in, &p);
	if (!(p.t_rw > 0) || red_rank_own(in, &p))
		return;
	told = fmin(p.t_rw, t->f[ks].stake);
	f = &t->f[kr];
	snprintf(clause, sizeof(clause),
		 "; %.3f s of the rewrites' %.3f s is their syncs' time, "
		 "IOL-FSYNC's: not counted again",
		 told, p.t_rw);
	f->stake = fmax(0, f->stake - told);
	f->sev = rules[kr].sev;
	f->floored = 0;
	restate(in, c, p.t_rr >= p.t_rc, detail, f, clause);
}

/*
 * Rewrites by small requests: their time is the small requests' time,
 * which IOL-SMALL-REQ already stakes when it is a finding and most
 * writes are under 1 MiB (r6-direct-4k-60: 484 MB rewritten in 4 KiB
 * O_DIRECT writes, 7.65 s of SMALL-REQ's 11.9 s; at 8 MiB requests the
 * rewrites would cost ~0.36 s).  One time is told once: REDUNDANT keeps
 * its re-reads' and code's time and drops the rewrites', at most what
 * SMALL-REQ stakes (the rest is no small request's time).
 */
static void red_small_writes(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, int detail,
			     const unsigned char *crossed, struct iol_triage *t)
{
	size_t kr = rule_index("IOL-REDUNDANT"),
	       ks = rule_index("IOL-SMALL-REQ");
	struct iol_finding *f;
	struct red_parts p;
	double small = 0, lr, told;
	char clause[160];
	int b;

	if (kr == NRULES || ks == NRULES || !crossed[kr] ||
	    t->f[ks].sev > IOL_SEV_WARN || !isfinite(t->f[kr].stake))
		return;
	for (b = 10; b < 15; b++)
		small += z(in->v[IOL_TIN_BIN0 + b]);
	red_split(in, &p);
	/* the large calls' rewrites stay REDUNDANT's (red_large_rw()); what
	 * they leave under one request of 1 MiB is no small requests' */
	lr = red_large_rw(in, c, p.rw);
	if (lr > 0 && p.rw - lr < 1048576.0)
		return;
	/* a structural finding timed by DXT holds no rewrites (red_stake()) */
	if (red_rank_own(in, &p))
		return;
	if (lr > 0)
		p.t_rw *= 1 - lr / p.rw;
	if (!(p.t_rw > 0) || small * 2 < z(V(PWRITES)))
		return;
	/* rewrites beyond all the small writes could carry are, in part,
	 * large calls' (STDIO's): only what SMALL-REQ stakes is told twice
	 * (r82-ml's rerun: 467 MB rewritten by 1 MiB STDIO calls beside
	 * 514 POSIX headers, 8.28 s against SMALL-REQ's 1.08 s; all of it
	 * was dropped) */
	told = p.t_rw;
	if (p.rw - fmax(lr, 0) > small_write_bytes_max(in) &&
	    isfinite(t->f[ks].stake))
		told = fmin(p.t_rw, t->f[ks].stake);
	f = &t->f[kr];
	rw_small_clause(clause, sizeof(clause), told, p.t_rw);
	f->stake = fmax(0, f->stake - told);
	f->sev = rules[kr].sev;
	f->floored = 0;
	restate(in, c, p.t_rr >= p.t_rc, detail, f, clause);
}

/* Two rules' findings that both crossed their thresholds, their indexes
 * in k[0] and k[1]: the pairs the rules below weigh against each other
 * (one cause told by one of them). */
static int pair_crossed(const char *a, const char *b,
			const unsigned char *crossed, size_t k[2])
{
	k[0] = rule_index(a), k[1] = rule_index(b);
	return k[0] != NRULES && k[1] != NRULES && crossed[k[0]] &&
	       crossed[k[1]];
}

/*
 * The large MPI-IO calls' rewrites (red_large_rw()) inside SMALL-REQ's
 * MPI-IO time (issue 34, round 52): SMALL-REQ judging the MPI-IO layer
 * takes the layer's time, large calls' too, as its small calls' (r52-
 * h5p-ext-small: 6.03 s at stake with the fill, 0 s in the no-fill
 * rerun).  Their share at MPI-IO's time a byte is REDUNDANT's: moved
 * there, one time told once.  Where SMALL-REQ is no finding its time
 * holds nothing to move (r42-steps-attrs-T: the rewrites keep their
 * POSIX pace).
 */
static void red_fill_of_small(const struct iol_triage_in *in,
			      const struct iol_triage_conf *c, int detail,
			      const unsigned char *crossed,
			      struct iol_triage *t)
{
	size_t k[2];
	struct iol_finding *fr, *fs;
	struct red_parts p;
	double lr, sec, add, held;
	char clause[200];

	if (!pair_crossed("IOL-REDUNDANT", "IOL-SMALL-REQ", crossed, k))
		return;
	fr = &t->f[k[0]], fs = &t->f[k[1]];
	if (fs->sev > IOL_SEV_WARN || !isfinite(fr->stake) ||
	    !isfinite(fs->stake))
		return;
	red_split(in, &p);
	lr = red_large_rw(in, c, p.rw);
	if (!(lr > 0))
		return;
	sec = fmin(red_large_secs(in, lr), fs->stake);
	/* what REDUNDANT's stake holds of the large calls' rewrites: none
	 * when it is a rank's own re-read time, which then gains all sec */
	held = red_rank_own(in, &p) ? 0 : p.t_rw * lr / p.rw;
	add = sec - held;
	if (!(add > 0))
		return;
	fr->stake += add, fs->stake -= sec;
	fr->sev = rules[k[0]].sev, fs->sev = rules[k[1]].sev;
	fr->floored = fs->floored = 0;
	snprintf(clause, sizeof(clause),
		 "; at MPI-IO's time a byte %.3f s, IOL-SMALL-REQ's MPI-IO "
		 "time: moved here",
		 sec);
	restate(in, c, 0, detail, fr, clause);
	snprintf(clause, sizeof(clause),
		 "; %.3f s of it the large calls' rewrites, "
		 "IOL-REDUNDANT's: not counted again",
		 sec);
	restate(in, c, mpiio_tiny_structural(in, c, z(V(MP_SMALL))), detail, fs,
		clause);
}

/*
 * A stream buffer's refills (issue 34, round 66): a program reading a
 * file line by line through a buffered stream (libstdc++'s filebuf,
 * gfortran's formatted units, stdio) asks the kernel for one buffer at
 * a time, a few KiB, so every POSIX request is a read of the buffer's
 * size.  When the job reads the same file again and again, those
 * requests are the re-reads IOL-REDUNDANT counts: a bigger buffer would
 * copy the same bytes again, reading them once saves them.  SMALL-REQ
 * then tells REDUNDANT's cause a second time: info, "told by".  The log
 * shows such a stream (stream_refills()) when every POSIX request is a
 * read (no small writes), sequential for the most part, their mean 4-64
 * KiB, in one size bin but for up to two a pass (the pass's short tail
 * and its read at the end of the file), at least two a pass in the bin
 * (more than one buffer a pass: no file read whole in one request), and
 * REDUNDANT's re-reads are at least half the bytes read and hold at
 * least SMALL-REQ's seconds.  r66-cxx-getline: 144000 reads of 8191 B in
 * 160 passes over a 7.36 MB deck, SMALL-REQ labelled trivial beside
 * REDUNDANT material.  Small requests that are the program's own
 * (r44-lookup-pread's 100 B, r58-ref-pread's 16 B, r45-part-rmw's 64 B
 * random records) or whole files one a read (r41-files-cold's 32 KiB
 * samples) stay SMALL-REQ's: labelled material.
 */
static int stream_refills(const struct iol_triage_in *in)
{
	double reads = z(V(PREADS)), br = z(V(BYTES_R)) - z(V(STDIO_BR));
	double opens = z(V(POPENS)), mean, top = 0, w = 0;
	int b;

	/* a stream's opens: stdio's when the stream is a FILE whose POSIX
	 * opens count its fileno() calls, one a read (filebuf's); not when
	 * the POSIX opens are fewer than half the reads (r80-jl-reread:
	 * python's own buffered reader, 5999 opens, and one FILE, its
	 * script) */
	if (z(V(SOPENS)) > 0 &&
	    (!(opens > 0) || (z(V(SOPENS)) < opens && opens * 2 >= reads)))
		opens = z(V(SOPENS));
	for (b = 0; b < 10; b++)
		top = fmax(top, z(in->v[IOL_TIN_BIN0 + b]));
	/* small writes are requests of their own (large ones are none),
	 * unless they are a line appended a pass or so: r80-jl-reread
	 * re-reads its results file before each of 3000 tasks (122937
	 * reads of 8 KiB) and appends each task's line (3000 writes) */
	for (b = 10; b < 15; b++)
		w += z(in->v[IOL_TIN_BIN0 + b]);
	if (!(reads > 0) || !(opens > 0) || w * 20 > reads || !(br > 0))
		return 0;
	mean = br / reads;
	return mean >= 4096 && mean <= 65536 && top >= 2 * opens &&
	       reads - top <= 2 * opens && isfinite(V(PCT_SEQ)) &&
	       V(PCT_SEQ) >= 50;
}

static void small_of_refills(const struct iol_triage_in *in, int detail,
			     const unsigned char *crossed, struct iol_triage *t)
{
	size_t k[2];
	struct iol_finding *fr, *fs;
	struct red_parts p;
	char why[160];

	if (!pair_crossed("IOL-REDUNDANT", "IOL-SMALL-REQ", crossed, k))
		return;
	fr = &t->f[k[0]], fs = &t->f[k[1]];
	if (fr->sev > IOL_SEV_WARN || fr->floored || fr->lead ||
	    fs->sev > IOL_SEV_WARN || fs->lead || !isfinite(fs->stake) ||
	    !stream_refills(in))
		return;
	red_split(in, &p);
	/* the appended lines' write time is SMALL-REQ's but not the
	 * re-reads': it goes with them, under the floors on its own */
	if (!(p.rr * 2 >= z(V(BYTES_R))) ||
	    !(fs->stake - fmin(fs->stake, z(V(WTIME))) <= fr->stake))
		return;
	snprintf(why, sizeof(why),
		 "a stream buffer's refills, %.0f B a read, are the "
		 "re-reads: a bigger buffer reads the same bytes again",
		 (z(V(BYTES_R)) - z(V(STDIO_BR))) / z(V(PREADS)));
	told_by(fr, detail, why, fs);
}

/*
 * A scratch cycle's reopens (issue 34, round 69): a job that writes its
 * files and reads them back in alternation, each pass its own open,
 * reads about what it writes (at least the rewrites, at most the
 * writes): each pass's writes are read back before the next pass
 * overwrites them with new data.  The reopens then serve that new data,
 * no rewrite: their seconds are the cycle's metadata, which
 * IOL-META-BOUND stakes when it is a finding, and REDUNDANT leaves them
 * out (r69-scratch-many: 40 scratch names a rank re-created and read
 * back once in each of 20 iterations, 94 MB "rewritten" with 4.57 s of
 * reopens, META-BOUND's 4.41 s; REDUNDANT called false).  A file
 * rewritten pass after pass and never read (r7-config-rewrite: 1000
 * truncating opens, REDUNDANT material with META-BOUND) keeps them:
 * not rewriting removes the opens too.
 */
static void red_cycle_meta(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c, int detail,
			   const unsigned char *crossed, struct iol_triage *t)
{
	size_t k[2];
	double br = z(V(BYTES_R)), bw = z(V(BYTES_W));
	struct iol_finding *fr, *fm;
	struct red_parts p;
	char clause[240];

	if (!pair_crossed("IOL-REDUNDANT", "IOL-META-BOUND", crossed, k))
		return;
	fr = &t->f[k[0]], fm = &t->f[k[1]];
	if (fr->sev > IOL_SEV_WARN || fr->lead || fm->sev > IOL_SEV_WARN ||
	    fm->floored || fm->lead || !isfinite(fr->stake))
		return;
	red_split(in, &p);
	if (!(p.t_ro > 0) || !(p.rw > 0) || br < p.rw || br > bw ||
	    red_rank_own(in, &p))
		return;
	fr->stake = fmax(0, fr->stake - p.t_ro);
	fr->sev = rules[k[0]].sev;
	fr->floored = 0;
	snprintf(clause, sizeof(clause),
		 "; a scratch cycle (%.0f B read back of %.0f B written, "
		 "each pass its own open): the reopens' %.3f s serve new "
		 "data, IOL-META-BOUND's metadata: not counted again",
		 br, bw, p.t_ro);
	restate(in, c, red_structural(&p, p.t_rw + p.t_ro), detail, fr, clause);
}

/* Add clause to f's detail before its stake note (cut_note()'s), the
 * note kept whole and the clause cut first where 400 bytes are too few:
 * appended after it, r29-build-ior's clause ended the detail past its
 * note (t/6166) */
static void note_insert(struct iol_finding *f, const char *clause)
{
	char d[2 * sizeof(f->detail)], note[sizeof(f->detail)];
	size_t head;

	snprintf(d, sizeof(d), "%s", f->detail);
	cut_note(d);
	head = strlen(d);
	snprintf(note, sizeof(note), "%s", f->detail + head);
	snprintf(d + head, sizeof(d) - head, "%s", clause);
	head = strlen(d);
	snprintf(d + head, sizeof(d) - head, "%s", note);
	detail_fit(f->detail, sizeof(f->detail), d, head);
}

/*
 * An open storm made of re-reading passes (issue 34, round 126): a file
 * read whole again and again, each pass its own open, pays its reopens
 * (trifacts.c: reread_reopen_secs()).  They stay META-BOUND's stake and
 * its verdict: the labellers called such storms META-BOUND's, "the
 * passes are REDUNDANT's, the opens META-BOUND's" (r4-stat-storm,
 * r6-open-storm, r46-rescan-every, r79-storm-A: labelled material), and
 * an epoch's re-reads of a data set (r29-dl-npy-many, r85-imgfiles)
 * REDUNDANT trivial; moving them into REDUNDANT's stake lost 5 true
 * positives over the rounds.  META-BOUND's detail says how much of its
 * metadata the re-reading passes' opens are, so the reader sees that
 * reading once removes both (r126-mcrecheck: 0.535 s of 0.542 s).
 */
static void red_reread_meta(const struct iol_triage_in *in, int detail,
			    const unsigned char *crossed, struct iol_triage *t)
{
	size_t k = rule_index("IOL-META-BOUND");
	struct red_parts p;
	char clause[120];

	if (!detail || k == NRULES || !crossed[k] || t->f[k].lead)
		return;
	red_split(in, &p);
	/* what rounds to 0.000 s tells nothing */
	if (!(p.t_rro >= 0.0005))
		return;
	snprintf(clause, sizeof(clause),
		 "; %.3f s of it the opens of passes re-reading whole files "
		 "(IOL-REDUNDANT's re-reads)",
		 p.t_rro);
	note_insert(&t->f[k], clause);
}

/*
 * Re-reads by small requests (issue 34, round 69): where a program's
 * passes over its data are read in tiles of a few KiB, forward with
 * gaps and no read-ahead, each re-read pays a device request, and its
 * time is the request size's, which IOL-SMALL-REQ stakes.  The passes
 * themselves cost what their bytes take at a large read's pace
 * (small_kept(): the job's own large reads', else read_rate_mibs):
 * r69-cc-strided, 3 passes over a 4 MiB tensor a rank in 8 KiB tiles
 * at a 184 KiB stride, 4.73 s of DXT re-reads, the 1 MiB twin's same
 * three passes 0.58-0.81 s of POSIX time; REDUNDANT labelled trivial,
 * SMALL-REQ material.  REDUNDANT keeps its re-reads' bytes at that
 * pace and the floors judge it.  Told only when SMALL-REQ is a finding,
 * every read is under 1 MiB, a page or more on average (buffers and
 * tiles, not records: r44-lookup-pread's 100 B, r45-part-rmw's 64 B
 * and r58-ref-pread's 16 B records re-read are the program's re-reads,
 * labelled material), mostly forward, not each a whole file
 * (r41-files-cold's 32 KiB samples re-read cold, material) and not a
 * stream's refills (small_of_refills(): r66-cxx-getline).
 */
static int red_small_tiles(const struct iol_triage_in *in)
{
	double reads = z(V(PREADS)), br = z(V(BYTES_R)) - z(V(STDIO_BR));
	int b;

	for (b = 5; b < 10; b++)
		if (z(in->v[IOL_TIN_BIN0 + b]) > 0)
			return 0;
	return reads > 0 && br / reads >= 4096 && isfinite(V(PCT_SEQ)) &&
	       V(PCT_SEQ) >= 50 && z(V(WHOLE_OPS)) * 2 < reads &&
	       !stream_refills(in);
}

static void red_of_small_reads(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c, int detail,
			       const unsigned char *crossed,
			       struct iol_triage *t)
{
	size_t k[2];
	struct iol_finding *fr, *fs;
	struct red_parts p;
	double t_rr, rate, rank_b, paced, rr;
	char clause[240];
	int dxt;

	if (!pair_crossed("IOL-REDUNDANT", "IOL-SMALL-REQ", crossed, k))
		return;
	fr = &t->f[k[0]], fs = &t->f[k[1]];
	if (fr->sev > IOL_SEV_WARN || fr->lead || fs->sev > IOL_SEV_WARN ||
	    fs->floored || fs->lead || !isfinite(fr->stake) ||
	    !red_small_tiles(in))
		return;
	red_split(in, &p);
	t_rr = p.t_rr;
	/* the re-reads lead (red_structural()): their time is the stake's */
	if (!red_structural(&p, p.t_rw + p.t_ro))
		return;
	dxt = reread_secs(in, &p, &t_rr);
	(void)small_kept(in, c, &rate);
	/* a rank's re-read bytes where the stake is a rank's own */
	rr = red_rr_shown(in, &p, dxt);
	rank_b = red_rank_own(in, &p) ? rr / fmax(1, z(V(NPROCS))) : rr;
	if (!(rate > 0) || !(t_rr > 0))
		return;
	paced = rank_b / 1048576.0 / rate;
	if (!(paced < t_rr) || !(t_rr <= fr->stake))
		return;
	fr->stake = fmax(0, fr->stake - t_rr + paced);
	fr->sev = rules[k[0]].sev;
	fr->floored = 0;
	snprintf(clause, sizeof(clause),
		 "; at a large read's pace (%.0f MiB/s) the re-reads take "
		 "%.3f s: the rest of their %.3f s is their small requests' "
		 "time, IOL-SMALL-REQ's: not counted again",
		 rate, paced, t_rr);
	/* structural as e_redundant() judged it: not a shared input's */
	restate(in, c, !(dxt && red_shared_input(in)), detail, fr, clause);
}

/*
 * The dominant-cause principle (issue 34, rounds 4-7): IOL-IO-TIME
 * restates its causes.  When the findings among them hold under
 * iotime_cause_pct of the slowest rank's I/O time, those findings tell
 * their part, and the rest is the bytes moved at the storage's pace,
 * which nothing in the log says can be saved: IO-TIME is no finding of
 * its own (r5-imbalance: 1.6 s of 4.43 s to save by balance;
 * r5-strided-coll: the exchange 1.34 s of 2.17 s; r7-applog-line: the
 * flushes' share of 1.23 s of STDIO).  Info, below the impact floor.
 */
static void iotime_minor(const struct iol_triage_in *in, int detail, double io,
			 struct iol_finding *f)
{
	size_t l;
	char pb[48];

	f->stake_pct = V(RUN_TIME) > 0 ? 100.0 * f->stake / V(RUN_TIME) : NAN;
	f->sev = IOL_SEV_INFO;
	f->floored = 1;
	if (!detail)
		return;
	l = strlen(f->detail);
	snprintf(f->detail + l, sizeof(f->detail) - l,
		 "; its causes' findings hold %.3g s, %.0f %% of the I/O "
		 "time, under iotime_cause_pct: they tell their part, the "
		 "rest is moving the bytes, at the pace of the storage and "
		 "the calls; %.3g s at stake, "
		 "%s (below the impact floor)",
		 f->stake, 100.0 * f->stake / io, f->stake,
		 run_share(pb, sizeof(pb), f->stake_pct));
}

/*
 * A straggler that is the busiest rank of a rank imbalance is late for
 * its extra bytes: what the others wait for is what balance would save,
 * RANK-IMBALANCE's stake, told there; the straggler's is no more (one
 * time told once; r5-imbalance: rank 0 ended 3.44 s after the median,
 * and balance at the ranks' summed pace saves 2.31 s).
 */
static void strag_of_imbal(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c, int detail,
			   const unsigned char *crossed, struct iol_triage *t)
{
	size_t ks = rule_index("IOL-STRAGGLER"),
	       ki = rule_index("IOL-RANK-IMBALANCE");
	struct iol_finding *f;

	if (ks == NRULES || ki == NRULES || !crossed[ks] || !crossed[ki] ||
	    !in->have[IOL_TIN_STRAG_RANK] || V(STRAG_RANK) != V(BUSIEST) ||
	    !isfinite(t->f[ki].stake) || !(t->f[ks].stake > t->f[ki].stake))
		return;
	f = &t->f[ks];
	f->stake = t->f[ki].stake;
	f->sev = rules[ks].sev;
	f->floored = 0;
	restate(in, c, 0, detail, f,
		"; the busiest rank, late for its extra bytes: at stake what "
		"balance saves, IOL-RANK-IMBALANCE's");
}

/*
 * Ranks that did equal work in small requests (even_req()) and queued
 * on one device are served in turn: the one served later is not slow,
 * its lag is time in the small requests IOL-SMALL-REQ stakes (round
 * 47's sync-2k: 512 writes of 2 KiB a rank on a shared 400 IOPS, rank
 * 0 ended 3.43 s after rank 1, SMALL-REQ's 6.35 s; the labeller: "the
 * order the shared throttle served them", no straggler labelled).
 * Beside that finding, and no larger than its stake, the straggler is
 * info saying whose time it is; not a companion, which would keep the
 * lead's severity.  A rank with more bytes or requests, large ones,
 * syncs of its own or a late start is not told so: it keeps its stake,
 * which is the I/O time it spent beyond the median rank's
 * (strag_excess(); r5-imbalance, r38-strag-fsync).
 */
static void strag_of_small(const struct iol_triage_in *in, int detail,
			   const unsigned char *crossed, struct iol_triage *t)
{
	size_t ks = rule_index("IOL-STRAGGLER"),
	       kq = rule_index("IOL-SMALL-REQ");
	struct iol_finding *f;
	size_t l;

	if (ks == NRULES || kq == NRULES || !crossed[ks] ||
	    t->f[ks].sev > IOL_SEV_WARN || t->f[kq].sev > IOL_SEV_WARN ||
	    t->f[kq].floored || !in->have[IOL_TIN_STRAG_REQ] ||
	    !(V(STRAG_REQ) < 1048576) || !(t->f[ks].stake <= t->f[kq].stake))
		return;
	f = &t->f[ks];
	f->sev = IOL_SEV_INFO;
	f->floored = 1;
	if (!detail)
		return;
	cut_note(f->detail);
	l = strlen(f->detail);
	snprintf(f->detail + l, sizeof(f->detail) - l,
		 "; every rank moved the same bytes in the same %.0f B "
		 "requests: ranks served in turn by one device, the lag is "
		 "time in small requests, told by IOL-SMALL-REQ (not a slow "
		 "rank)",
		 V(STRAG_REQ));
}

/*
 * A shared file whose bytes one rank moved (issue 34, round 49): its
 * slowest rank holds all the bytes, (N - 1) times the mean rank's, the
 * fastest none, and the time's slowest rank is the same (when its file
 * is the same).  That is no imbalance for collective I/O to even out
 * but one rank's I/O through a shared record (r49-graph-root: rank 0
 * reads the 304 MiB input every rank opened; the collective twin took
 * 2.08-4.35 s against 2.50-3.23 s, a reader a rank 1.19-1.33 s).
 */
static int shimb_sole(const struct iol_triage_in *in)
{
	double all = 100.0 * (z(V(NPROCS)) - 1);

	return V(NPROCS) >= 2 && isfinite(V(SHIMB)) &&
	       V(SHIMB) >= all * (1 - 1e-9) && isfinite(V(FUNNEL)) &&
	       (strcmp(S(SHIMB_FILE), S(SHTIMB_FILE)) ||
		V(SHTIMB_RANK) == V(FUNNEL));
}

static const char sole_rec[] =
	"One rank moved all of this shared file's bytes and the others "
	"only opened it: rank-0-only I/O (IOL-RANK0-IO), not an imbalance "
	"collective I/O evens out. Let each rank read or write its own part "
	"(with a reader a rank, or enough aggregators).";

static void sole_of(const struct iol_triage_in *in,
		    const struct iol_triage_conf *c,
		    const struct iol_finding *lead, int detail,
		    struct iol_finding *f)
{
	char why[160];

	f->rec = sole_rec;
	if (K(COMPANIONS) > 0) {
		companion_of(in, lead, detail, f);
		return;
	}
	snprintf(why, sizeof(why),
		 "rank %.0f moved all the file's bytes, the other ranks none: "
		 "one rank's I/O through a shared record",
		 V(FUNNEL));
	told_by(lead, detail, why, f);
}

/*
 * Beside RANK0-IO found through shared records (funnel_shared()), the
 * shared-file imbalance rules on a file that rank alone moved tell its
 * pattern: RANK0-IO's companions (companions = 1), else info saying
 * whose cause it is, as META-BOUND beside a storm; their advice is the
 * pattern's, not collective I/O.
 */
static void shared_of_funnel(const struct iol_triage_in *in,
			     const struct iol_triage_conf *c, int detail,
			     const unsigned char *crossed, struct iol_triage *t)
{
	static const char *const codes[] = {"IOL-SHARED-IMBALANCE",
					    "IOL-SHARED-TIME-IMBALANCE"};
	size_t i = rule_index("IOL-RANK0-IO"), j, k;

	if (i == NRULES || !crossed[i] || t->f[i].sev > IOL_SEV_WARN ||
	    t->f[i].floored || !funnel_shared(in) || !shimb_sole(in))
		return;
	for (k = 0; k < 2; k++) {
		j = rule_index(codes[k]);
		if (j < NRULES && crossed[j] && !t->f[j].lead &&
		    t->f[j].sev <= IOL_SEV_WARN)
			sole_of(in, c, &t->f[i], detail, &t->f[j]);
	}
}

/*
 * IO-TIME restating a storm of created files that is a finding by the
 * structural clause alone (its stake under the absolute floor) is
 * structural too: the same seconds, one root cause (round 23's cp -r,
 * 1546 creates, 0.93 s of a 1.09 s run: SMALL-FILES warned, IO-TIME
 * fell under min_stake_s; both labelled material, as were r6-tar-extract's,
 * r12-tar-3000's, r13-tmp-unlink's and r23-py-npy-many's).  A storm of
 * files read, not created, is left to its own rule (round 23's grep -r:
 * 1546 existing files opened in 25 ms, labelled trivial, the closest call).
 */
static int io_cause_structural(const struct iol_triage_in *in,
			       const struct iol_triage_conf *c,
			       const unsigned char *crossed,
			       const struct iol_triage *t)
{
	double floor_s = fmax(K(MIN_S), run_res(in));
	size_t k = rule_index("IOL-SMALL-FILES"),
	       q = rule_index("IOL-SMALL-REQ");
	double x, y;

	/* so is small requests', where the rank's calls overlap
	 * (conc_share()): scaled to wall time, the stake fell under
	 * min_stake_s, the cause stays material (r23-fio-randread-4k-4j:
	 * 4 threads of 4 KiB reads, 1.46 s summed in a 0.89 s run, 0.74 s
	 * staked; both labelled material, ~0.4 s) */
	if (q < NRULES && crossed[q] && t->f[q].sev <= IOL_SEV_WARN &&
	    !t->f[q].floored && !t->f[q].lead && t->f[q].stake < floor_s &&
	    conc_share(in, &x, &y) < 1)
		return 1;
	return k < NRULES && crossed[k] && t->f[k].sev <= IOL_SEV_WARN &&
	       !t->f[k].floored && t->f[k].stake < floor_s &&
	       z(V(CREATES_PP)) > t->f[k].threshold;
}

/*
 * I/O at the device's pace that is most of a long run (issue 34, rounds
 * 57, 95 and 105): no request pattern has anything to save, but an
 * expert still tells the user, because the volume or the frequency is
 * the lever (r105-rtmevery: 600 snapshots of 128 KiB a rank, 10.95 s of
 * a 12.14 s run, where the imaging needs every 10th; r95-every: a
 * shared checkpoint each step, 11.44 s of 22.22 s; r57-ckptslow: every
 * checkpoint to the slow tier, 9.81 s of 11.12 s).  The slowest rank's
 * I/O of iotime_paced_s or more, at least iotime_paced_pct of the run,
 * is then at stake whole.  Shorter I/O at the same pace is a copy or a
 * stream that is its own purpose (the labelled trivial ones hold at
 * most 7.33 s: r19-few-250m, r40-mad's out-of-core 6.81 s).  Near half
 * the run the share flips from run to run (r95-every: 51.5 %, its
 * reruns 47.9 and 42.4 %, under io_time_pct), so most is two thirds
 * (r105-rtmevery 90 %, r57-ckptslow 88 %, their reruns 79-91 %).  Its
 * writes, at least half the POSIX + STDIO time: what a job writes, how
 * often, is its choice, what it reads its input (sample-2: an I/O kernel
 * reading 805 MB a rank, 76 s of 85 s, labelled trivial).  Not when
 * the calls' time overlaps (threads or DXT summed past the run) or
 * MPI-IO ran nonblocking: POSIX's time then drained behind computation
 * (r61-iw-overlap: 9.38 s of POSIX, 0.47 s of MPI-IO calls).
 */
static int paced_bulk(const struct iol_triage_in *in,
		      const struct iol_triage_conf *c, double io)
{
	double run = z(V(RUN_TIME)), wx, wy;

	return K(IOTIME_PACED) > 0 && io >= K(IOTIME_PACED) && run > 0 &&
	       io <= run && io * 100.0 >= K(IOTIME_PACED_PCT) * run &&
	       z(V(WTIME)) * 2 >= z(V(IO_SLOWEST)) &&
	       conc_share(in, &wx, &wy) >= 1 && !(z(V(NB)) > 0);
}

/* paced_bulk()'s clause in IO-TIME's detail */
static void paced_note(const struct iol_triage_in *in, double rate, double io,
		       char *d, size_t n)
{
	size_t l = strlen(d);

	snprintf(d + l, n - l,
		 "; %.0f MiB/s, the storage's pace, no pattern with anything "
		 "to save, but %.0f %% of the run and over iotime_paced_s/"
		 "_pct: "
		 "the volume or frequency is the lever (write less often, "
		 "less data, or to faster storage), all of it at stake",
		 rate, 100.0 * io / V(RUN_TIME));
}

/* coll_sync()'s clause in IO-TIME's detail */
static void sync_note(const struct iol_triage_in *in, char *d, size_t n)
{
	size_t l = strlen(d);

	snprintf(d + l, n - l,
		 "; collective calls over %.3f s of POSIX+STDIO (under "
		 "iotime_sync_pct): ranks waiting for late ones",
		 z(V(IO_SLOWEST)));
}

static void io_time_stake(const struct iol_triage_in *in,
			  const struct iol_triage_conf *c, int detail,
			  const unsigned char *crossed, struct iol_triage *t)
{
	size_t k;
	struct iol_finding *f;
	const char *layer;
	double io, rate, cost, wx, wy;
	size_t l;
	int full, held, paced, sync;

	for (k = 0; k < NRULES && rules[k].eval != e_iotime; k++)
		;
	if (k == NRULES || !crossed[k])
		return;
	f = &t->f[k];
	io = io_top(in, &layer);
	/* the causes' stakes are scaled already (conc_scale()) */
	io *= conc_share(in, &wx, &wy);
	rate = io > 0 ? (z(V(BYTES_R)) + z(V(BYTES_W))) / 1048576.0 / io : 0;
	/* waiting in collectives slows the layer's pace, not the storage's */
	sync = coll_sync(in, c, crossed, t);
	full = rate >= K(FULL_RATE) || sync;
	cost = full ? fmin(io, io_cause_secs(in, c, crossed, t)) : io;
	held = full && cost > 0 && cost * 100.0 < K(IOTIME_CAUSE) * io;
	paced = full && !(cost > 0) && paced_bulk(in, c, io_top(in, &layer));
	if (detail && paced) {
		cut_note(f->detail);
		paced_note(in, rate, io, f->detail, sizeof(f->detail));
	} else if (detail) {
		cut_note(f->detail);
		l = strlen(f->detail);
		snprintf(f->detail + l, sizeof(f->detail) - l,
			 !full ? "; %.0f MiB/s, under full_rate_mibs: the "
				 "whole I/O time is at stake"
			 : cost > 0
				 ? "; %.0f MiB/s, at the file system's rate "
				   "(full_rate_mibs): at stake what its causes "
				   "cost"
			 : floored_causes(crossed, t, NULL, 0)
				 ? "; %.0f MiB/s, at the file system's rate "
				   "(full_rate_mibs), and the patterns found "
				   "have nothing material to save"
				 : "; %.0f MiB/s, at the file system's rate "
				   "(full_rate_mibs), and no cause fired: the "
				   "requests look well formed, nothing to save",
			 rate);
		if (full && !(cost > 0)) {
			l = strlen(f->detail);
			floored_causes(crossed, t, f->detail + l,
				       sizeof(f->detail) - l);
		}
		if (sync)
			sync_note(in, f->detail, sizeof(f->detail));
	}
	f->stake = paced ? io : cost;
	f->paced = paced;
	f->sev = rules[k].sev;
	f->floored = 0;
	if (held) {
		iotime_minor(in, detail, io, f);
		return;
	}
	impact(in, c, 1, full && io_cause_structural(in, c, crossed, t), detail,
	       f);
}

/*
 * A single process cannot spend more than its run in I/O: metadata time
 * beyond the run is concurrent threads' blocking opens summed (round
 * 21's dxt.darshan, a Java worker: 11217.6 s of POSIX metadata in a
 * 1469 s run, opens of 128 named pipes waiting for a peer; its 86
 * files' metadata is 0.15 s).  What a thread waited is not what the
 * process lost, and no counter says how the waits overlap: the
 * metadata rules (IO-TIME's cause group 1) are info with the reason,
 * so IO-TIME counts them at nothing.  Read and write time beyond the
 * run stays judged: bytes bound it (round 23's fio, 4 threads of 4 KiB
 * reads, 1.46 s in a 0.89 s run, labelled material).  MPI jobs
 * (nprocs > 1) have it per rank already.
 */
static void overlapped_meta(const struct iol_triage_in *in, int detail,
			    const unsigned char *crossed, struct iol_triage *t)
{
	double meta = z(V(META_SLOW)), run = z(V(RUN_TIME));
	struct iol_finding *f;
	size_t k, l;

	if (V(NPROCS) != 1 || !(run > 0) || !(meta > run))
		return;
	for (k = 0; k < NRULES; k++) {
		f = &t->f[k];
		if (!crossed[k] || f->sev > IOL_SEV_WARN ||
		    io_group(rules[k].code) != 1)
			continue;
		f->sev = IOL_SEV_INFO;
		f->floored = 1;
		if (!detail)
			continue;
		l = strlen(f->detail);
		snprintf(f->detail + l, sizeof(f->detail) - l,
			 "; one process, %.3f s of metadata in a %.3f s run: "
			 "threads' blocking opens summed, what the process "
			 "lost is unknowable from the counters (below the "
			 "impact floor)",
			 meta, run);
	}
}

static int eval_all(const struct iol_triage_in *in,
		    const struct iol_triage_conf *c, int detail,
		    struct iol_triage *t, struct iol_error *err)
{
	unsigned char crossed[NRULES], own[NRULES];
	size_t k;
	int rc;

	memset(t, 0, sizeof(*t));
	/* eval_rule() sets every field: no 12 KB zeroed per stored row */
	t->f = malloc(NRULES * sizeof(*t->f));
	if (!t->f)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (k = 0; k < NRULES; k++) {
		rc = eval_rule(&rules[k], in, c, detail, &t->f[k]);
		crossed[k] = (rc & CROSSED) != 0;
		own[k] = (rc & OWN) != 0;
	}
	t->n = NRULES;
	rank0_of_stdio(in, c, detail, crossed, t);
	rank0_of_fsync(detail, crossed, t);
	rank0_of_small(detail, crossed, t);
	rank0_of_rewrites(in, c, detail, crossed, t);
	join_parts(in, c, detail, crossed, t);
	stdio_of_storm(in, c, detail, crossed, t);
	red_small_writes(in, c, detail, crossed, t);
	red_sync_writes(in, c, detail, crossed, t);
	red_fill_of_small(in, c, detail, crossed, t);
	red_of_small_reads(in, c, detail, crossed, t);
	red_cycle_meta(in, c, detail, crossed, t);
	red_reread_meta(in, detail, crossed, t);
	strag_of_imbal(in, c, detail, crossed, t);
	strag_of_small(in, detail, crossed, t);
	/* after strag_of_small(), which reads SMALL-REQ as a finding: told
	 * by REDUNDANT first, it left the straggler a warn (t/6183) */
	small_of_refills(in, detail, crossed, t);
	overlapped_meta(in, detail, crossed, t);
	io_time_stake(in, c, detail, crossed, t);
	/* after IO-TIME: its causes' cost counts the cause once, under
	 * the lead's code */
	join_companions(in, c, detail, own, t);
	shared_of_funnel(in, c, detail, crossed, t);
	return 0;
}

int iol_triage_eval(const struct iol_triage_in *in,
		    const struct iol_triage_conf *c, struct iol_triage *t,
		    struct iol_error *err)
{
	return eval_all(in, c, 1, t, err);
}

int iol_triage_eval_values(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c,
			   struct iol_triage *t, struct iol_error *err)
{
	return eval_all(in, c, 0, t, err);
}

int iol_triage_run(const struct iol_job *job, const struct iol_triage_conf *c,
		   struct iol_triage *t, struct iol_error *err)
{
	return iol_triage_run_phases(job, c, NULL, t, err);
}

static void iotime_slow_ost(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c,
			    struct iol_triage *t);

int iol_triage_run_phases(const struct iol_job *job,
			  const struct iol_triage_conf *c,
			  const struct iol_phases *ph, struct iol_triage *t,
			  struct iol_error *err)
{
	struct iol_triage_in in;
	int rc = measure(job, job->path, ph, c->v[IOL_TK_STRAG], &in, err);

	if (rc < 0) {
		memset(t, 0, sizeof(*t));
		return rc;
	}
	rc = iol_triage_eval(&in, c, t, err);
	/* the OST rules read the log's layout (analysis/triage-ost.c) */
	if (rc >= 0 && (rc = iol_triage_ost(job, c, t, err)) >= 0)
		iotime_slow_ost(&in, c, t);
	return rc;
}

/*
 * A slow OST is a cause of IO-TIME (round 21's sample-badost: 778 s of
 * a 780 s run in I/O, ~762 s of it OST 14's, called "no cause fired"
 * beside IOL-SLOW-OST).  The OST rules run after the table, so IO-TIME
 * takes SLOW-OST's stake here (already the slowest rank's, within the
 * run), when larger than what its other causes cost, or in place of the
 * whole I/O time at the storage's pace (paced_bulk()): a slow OST is
 * the named cause, not the volume.
 */
static void iotime_slow_ost(const struct iol_triage_in *in,
			    const struct iol_triage_conf *c,
			    struct iol_triage *t)
{
	size_t k = rule_index("IOL-IO-TIME"), j, l;
	struct iol_finding *f, *o = NULL;
	const char *layer;
	double base;
	char *p;

	for (j = NRULES; j < t->n; j++)
		if (!strcmp(t->f[j].code, "IOL-SLOW-OST"))
			o = &t->f[j];
	if (k == NRULES || k >= t->n || !o || !isfinite(o->stake))
		return;
	f = &t->f[k];
	if (!(f->value > f->threshold) || f->lead ||
	    (isfinite(f->stake) && f->stake >= o->stake &&
	     f->sev <= IOL_SEV_WARN && !f->paced))
		return;
	/* io_time_stake()'s clause on the rate and causes is replaced */
	for (p = f->detail; (p = strstr(p, "; ")); p += 2)
		if (strchr(p + 2, ' ') &&
		    strstr(p, " MiB/s, ") == strchr(p + 2, ' ')) {
			*p = '\0';
			break;
		}
	l = strlen(f->detail);
	snprintf(f->detail + l, sizeof(f->detail) - l,
		 "; at stake the slow OST's time (IOL-SLOW-OST)");
	/* the whole I/O at the storage's pace gives way to the named cause */
	base = isfinite(f->stake) && !f->paced ? f->stake : 0;
	f->stake = fmin(io_top(in, &layer), fmax(base, o->stake));
	f->paced = 0;
	f->sev = rules[k].sev;
	f->floored = 0;
	impact(in, c, 1, 0, 1, f);
}

void iol_triage_free(struct iol_triage *t)
{
	free(t->f);
	t->f = NULL;
	t->n = 0;
}

int iol_triage_shown(const struct iol_finding *f, int min_sev)
{
	return f->sev <= min_sev;
}

void iol_triage_tally(const struct iol_triage *t, int min_sev,
		      struct iol_triage_tally *n)
{
	size_t k;

	memset(n, 0, sizeof(*n));
	for (k = 0; k < t->n; k++) {
		const struct iol_finding *f = &t->f[k];

		if (iol_triage_shown(f, min_sev))
			n->shown++;
		else if (f->floored)
			n->floored++;
		else if (f->sev == IOL_SEV_INFO)
			n->info++;
		else if (f->sev == IOL_SEV_NA)
			n->na++;
		else
			n->ok++;
	}
}

int iol_triage_sev_parse(const char *name)
{
	int s;

	for (s = IOL_SEV_HIGH; s <= IOL_SEV_INFO; s++)
		if (!strcmp(name, iol_sev_names[s]))
			return s;
	return -1;
}
