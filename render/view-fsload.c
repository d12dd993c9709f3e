/*
 * The views of iolens fsload, defined once: per target (the main
 * table), metadata operations, busy and idle periods, and the bins.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "render/view-fsload.h"
#include "render/iostat-report.h"
#include "render/obuf.h"
#include "render/report.h"
#include "storage/fsmon.h"
#include "base/values.h"
#include "base/banned.h"

static const struct iol_col target_cols[] = {
	{"target", "target", COL_STR, 0,
	 "OST, OSS, MDT, MDS, NSD or server name; the whole file system"},
	{"kind", "kind", COL_STR, 0,
	 "ost, oss, mdt, mds, nsd, nsdserver, gpfsfs, or fs for the whole"},
	{"bytes_read", "read", COL_NUM, 0, "bytes read in the window"},
	{"bytes_written", "written", COL_NUM, 0, "bytes written in the window"},
	{"peak_bps", "peak B/s", COL_NUM, 1,
	 "highest read+write rate of a bin"},
	{"mean_bps", "mean B/s", COL_NUM, 1,
	 "read+write bytes over the seconds with samples"},
	{"read_peak_bps", "read peak B/s", COL_NUM, 5,
	 "highest read rate of a bin"},
	{"write_peak_bps", "write peak B/s", COL_NUM, 5,
	 "highest write rate of a bin"},
	{"vs_median", "x median", COL_NUM, 2,
	 "bytes against the median data target (fs: the busiest's)"},
	{"cpu_mean_pct", "CPU %", COL_NUM, 3,
	 "server CPU, mean of its samples in the window"},
	{"cpu_peak_pct", "CPU peak %", COL_NUM, 4,
	 "server CPU, highest sample"},
	{"used_kb", "used kB", COL_NUM, 6,
	 "kB used at the latest snapshot up to the window's end"},
	{"size_kb", "size kB", COL_NUM, 6, "kB of the target"},
	{"full_pct", "full %", COL_NUM, 3, "used of size"},
	{"server", "server", COL_STR, 7,
	 "the server of a target; a GPFS NSD's: all that reported it, "
	 "space-separated"},
	{"gaps", "gaps", COL_NUM, 4, "runs of missing samples"},
	{"gap_seconds", "gap s", COL_NUM, 8, "seconds without samples"},
	{"resets", "resets", COL_NUM, 4,
	 "counter restarts (server restarts), read as new traffic"},
};
const struct iol_view iol_view_fsload = IOL_VIEW("fsload", NULL, target_cols);

static const struct iol_col op_cols[] = {
	{"operation", "operation", COL_STR, 0,
	 "metadata operation (LMT's name), or a GPFS operation's kind"},
	{"count", "count", COL_NUM, 0, "operations in the window"},
	{"mean_per_s", "mean /s", COL_NUM, 1,
	 "count over the seconds of the window with samples"},
	{"peak_per_s", "peak /s", COL_NUM, 1, "highest rate of a sample"},
};
const struct iol_view iol_view_fsload_ops = IOL_VIEW("fsload", "ops", op_cols);

static const struct iol_col period_cols[] = {
	{"kind", "kind", COL_STR, 0,
	 "busy (at or above the burst threshold) or idle"},
	{"start", "start", COL_STR, 0, "ISO 8601 UTC"},
	{"end", "end", COL_STR, 0, "ISO 8601 UTC"},
	{"seconds", "s", COL_NUM, 0, "length"},
	{"bytes", "bytes", COL_NUM, 0, "read+written in it, whole file system"},
	{"peak_bps", "peak B/s", COL_NUM, 1, "highest bin rate in it"},
};
const struct iol_view iol_view_fsload_periods =
	IOL_VIEW("fsload", "periods", period_cols);

static const struct iol_col bin_cols[] = {
	{"target", "target", COL_STR, 0, "data target, or the whole (fs)"},
	{"start", "start", COL_STR, 0, "the bin's start, ISO 8601 UTC"},
	{"end", "end", COL_STR, 0, "its end"},
	{"bytes_read", "read", COL_NUM, 0, "bytes read in the bin"},
	{"bytes_written", "written", COL_NUM, 0, "bytes written in the bin"},
	{"covered_s", "covered s", COL_NUM, 1, "seconds of it with samples"},
};
const struct iol_view iol_view_fsload_intervals =
	IOL_VIEW("fsload", "intervals", bin_cols);

static const struct iol_col job_cols[] = {
	{"id", "id", COL_NUM, 0, "the job's row in the store"},
	{"path", "log", COL_PATH, 3, "its log"},
	{"app", "app", COL_STR, 1, "its application"},
	{"user", "user", COL_STR, 4, "its user"},
	{"start", "start", COL_STR, 2, "its start, ISO 8601 UTC"},
	{"end", "end", COL_STR, 2, "its end"},
	{"read_bytes", "job read", COL_NUM, 0, "bytes the job read"},
	{"write_bytes", "job written", COL_NUM, 0, "bytes the job wrote"},
	{"fs_bytes", "FS bytes", COL_NUM, 0,
	 "the whole file system's bytes while it ran"},
	{"other_bytes", "other bytes", COL_NUM, 0,
	 "of them not the job's: other traffic (< 0: the job says more)"},
	{"share_pct", "share %", COL_NUM, 0,
	 "the job's bytes over the file system's in the bins it ran in"},
	{"fs_mean_bps", "FS mean B/s", COL_NUM, 5,
	 "the whole's mean rate while it ran"},
	{"fs_peak_bps", "FS peak B/s", COL_NUM, 5,
	 "the whole's highest bin rate while it ran"},
	{"server_cpu_pct", "OSS CPU %", COL_NUM, 1,
	 "data servers' CPU, mean of the samples in its run"},
	{"server_cpu_peak_pct", "OSS CPU peak %", COL_NUM, 6,
	 "data servers' CPU, highest sample in its run"},
	{"mds_cpu_pct", "MDS CPU %", COL_NUM, 1,
	 "metadata servers' CPU, mean in its run"},
	{"md_ops", "MD ops", COL_NUM, 1,
	 "metadata operations of the file system in its run"},
	{"inside", "inside", COL_NUM, 7,
	 "1 when the run lies inside the recording"},
};
const struct iol_view iol_view_fsload_jobs =
	IOL_VIEW("fsload", "jobs", job_cols);

const char *fsload_iso(char *buf, size_t n, double t)
{
	time_t s = (time_t)floor(t + 0.0005);
	struct tm tm;

	if (!isfinite(t) || !gmtime_r(&s, &tm))
		snprintf(buf, n, "%s", "");
	else
		strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

static const char *kind_name(int kind)
{
	return kind == IOL_FSK_FS ? "fs" : iol_fskind_name(kind);
}

static void num_or_null(struct out *o, double v, int prec)
{
	if (isnan(v))
		out_null(o);
	else
		out_num(o, v, prec);
}

static int is_server(int kind)
{
	return kind == IOL_FSK_OSS || kind == IOL_FSK_NSDSRV ||
	       kind == IOL_FSK_MDS;
}

static void target_row(struct out *o, const struct iol_fsrow *r,
		       const char *fsname, int series)
{
	/* no bytes known: snapshots only, a metadata target, or a server
	 * whose targets were not mapped to it */
	int nobytes = !series || r->kind == IOL_FSK_MDT ||
		      r->kind == IOL_FSK_MDS ||
		      (is_server(r->kind) && !r->ntargets);

	out_str(o,
		r->kind == IOL_FSK_FS ? (*fsname ? fsname : "all") : r->name);
	out_str(o, kind_name(r->kind));
	if (nobytes) {
		int k;

		for (k = 0; k < 6; k++)
			out_null(o);
	} else {
		out_bytes(o, r->rbytes);
		out_bytes(o, r->wbytes);
		num_or_null(o, r->seconds > 0 ? r->peak_bps : NAN, 0);
		num_or_null(o, r->mean_bps, 0);
		num_or_null(o, r->seconds > 0 ? r->read_peak_bps : NAN, 0);
		num_or_null(o, r->seconds > 0 ? r->write_peak_bps : NAN, 0);
	}
	num_or_null(o, r->vs_median, 2);
	num_or_null(o, r->cpu_mean, 1);
	num_or_null(o, r->cpu_peak, 1);
	num_or_null(o, r->kb_used, 0);
	num_or_null(o, r->kb_total, 0);
	num_or_null(o, r->kb_total > 0 ? 100 * r->kb_used / r->kb_total : NAN,
		    1);
	out_str(o, r->server ? r->server : "");
	out_int(o, (int64_t)r->gaps);
	out_num(o, r->gap_seconds, 0);
	out_int(o, (int64_t)r->resets);
	out_endrow(o);
}

void fsload_targets(struct out *o, const struct iol_fsload *l,
		    const char *fsname)
{
	size_t i;

	out_view(o, &iol_view_fsload);
	for (i = 0; i < l->nrows; i++)
		target_row(o, &l->rows[i], fsname, l->b.nbins > 0);
	out_endtable(o);
}

void fsload_ops(struct out *o, const struct iol_fsload *l)
{
	const struct iol_fsrow *fs = &l->rows[l->nrows - 1];
	size_t i;

	out_view(o, &iol_view_fsload_ops);
	for (i = 0; i < l->nops; i++) {
		out_str(o, l->ops[i].name);
		out_num(o, l->ops[i].count, 0);
		num_or_null(o,
			    fs->seconds > 0 ? l->ops[i].count / fs->seconds
					    : NAN,
			    1);
		out_num(o, l->ops[i].peak_per_s, 1);
		out_endrow(o);
	}
	out_endtable(o);
}

static void period_rows(struct out *o, const struct iol_period *p, size_t n,
			const char *kind)
{
	char a[40];
	size_t i;

	for (i = 0; i < n; i++) {
		out_str(o, kind);
		out_str(o, fsload_iso(a, sizeof(a), p[i].start));
		out_str(o, fsload_iso(a, sizeof(a), p[i].end));
		out_num(o, p[i].end - p[i].start, 0);
		out_bytes(o, p[i].bytes);
		out_num(o, p[i].peak_bps, 0);
		out_endrow(o);
	}
}

void fsload_periods(struct out *o, const struct iol_fsload *l)
{
	out_view(o, &iol_view_fsload_periods);
	period_rows(o, l->all.burst, l->all.nburst, "busy");
	period_rows(o, l->all.idle, l->all.nidle, "idle");
	out_endtable(o);
}

void fsload_intervals(struct out *o, const struct iol_fsload *l)
{
	char a[40];
	size_t d, k;

	out_view(o, &iol_view_fsload_intervals);
	for (d = 0; d <= l->b.ndev; d++)
		for (k = 0; k < l->b.nbins; k++) {
			const struct iol_bin *x = iol_binned_at(&l->b, d, k);
			double t = l->b.t0 + (double)k * l->b.step;

			/* a gap: no row, not zeros; but the bytes a counter
			 * says moved across it are there, uncovered */
			if (x->covered <= 0 && !x->rbytes && !x->wbytes)
				continue;
			out_str(o, d < l->b.ndev ? l->b.names[d] : "fs");
			out_str(o, fsload_iso(a, sizeof(a), t));
			out_str(o, fsload_iso(a, sizeof(a), t + l->b.step));
			out_bytes(o, x->rbytes);
			out_bytes(o, x->wbytes);
			out_num(o, x->covered, 1);
			out_endrow(o);
		}
	out_endtable(o);
}

static const struct iol_fsrow *busiest(const struct iol_fsload *l)
{
	const struct iol_fsrow *best = NULL;
	size_t i;

	for (i = 0; i < l->b.ndev; i++)
		if (!best || l->rows[i].rbytes + l->rows[i].wbytes >
				     best->rbytes + best->wbytes)
			best = &l->rows[i];
	return best;
}

/* The data target with the fewest bytes, when it moved under half the
 * median target's (NULL otherwise): the other side of the imbalance, a
 * target whose rate collapsed (one slow OST) or that was given less. */
static const struct iol_fsrow *quietest(const struct iol_fsload *l)
{
	const struct iol_fsrow *low = NULL;
	size_t i;

	for (i = 0; i < l->b.ndev; i++)
		if (!isnan(l->rows[i].vs_median) &&
		    (!low || l->rows[i].vs_median < low->vs_median))
			low = &l->rows[i];
	return low && low->vs_median < 0.5 ? low : NULL;
}

void fsload_text_head(struct out *o, const struct iol_fsload *l,
		      const char *fsname, const char *formats)
{
	const struct iol_fsrow *fs = &l->rows[l->nrows - 1], *top = busiest(l),
			       *low;
	char a[40], b[40], x[32], y[32];

	if (!l->b.nbins) {
		out_text(o,
			 "%s (%s): %zu data targets, no byte series (snapshots "
			 "or gauges only)\n\n",
			 *fsname ? fsname : "file system", formats, l->b.ndev);
		return;
	}
	out_text(o, "%s (%s): %zu data targets, %s to %s, bins of %g s\n",
		 *fsname ? fsname : "file system", formats, l->b.ndev,
		 fsload_iso(a, sizeof(a), l->b.t0),
		 fsload_iso(b, sizeof(b),
			    l->b.t0 + (double)l->b.nbins * l->b.step),
		 l->b.step);
	out_text(o, "  read %s, written %s; peak %s/s, mean %s/s\n",
		 fmt_bytes(a, sizeof(a), (double)fs->rbytes, BYTES_TEXT),
		 fmt_bytes(b, sizeof(b), (double)fs->wbytes, BYTES_TEXT),
		 fmt_bytes(x, sizeof(x), fs->peak_bps, BYTES_TEXT),
		 fmt_bytes(y, sizeof(y), isnan(fs->mean_bps) ? 0 : fs->mean_bps,
			   BYTES_TEXT));
	if (top && !isnan(top->vs_median))
		out_text(o, "  busiest target %s: %.2f x the median target\n",
			 top->name, top->vs_median);
	if ((low = quietest(l)) != NULL)
		out_text(o,
			 "  least busy target %s: %.2f x the median target "
			 "(under 0.5: slow, or given less work)\n",
			 low->name, low->vs_median);
	if (fs->gaps || fs->resets)
		out_text(o,
			 "  %llu gaps (%.0f s without samples), %llu counter "
			 "resets (restarts: the new count is new traffic)\n",
			 (unsigned long long)fs->gaps, fs->gap_seconds,
			 (unsigned long long)fs->resets);
	out_text(o, "\n");
}

static void job_row(struct out *o, const struct iol_wjob *j,
		    const struct iol_fsjob *f)
{
	int meets = f->fs_bytes > 0 || f->w.inside;
	char a[40];

	out_int(o, j->id);
	out_str(o, j->path);
	out_str(o, j->app);
	out_str(o, j->user);
	out_str(o, fsload_iso(a, sizeof(a), j->start));
	out_str(o, fsload_iso(a, sizeof(a), j->end));
	out_bytes(o, j->rbytes);
	out_bytes(o, j->wbytes);
	/* a run that misses the recording has no weather, not zero */
	num_or_null(o, meets ? f->fs_bytes : NAN, 0);
	num_or_null(o, meets ? f->other_bytes : NAN, 0);
	num_or_null(o, 100 * f->w.share, 2);
	num_or_null(o, f->w.dev_mean_bps, 0);
	num_or_null(o, f->fs_bytes > 0 ? f->w.dev_peak_bps : NAN, 0);
	num_or_null(o, f->cpu_mean, 1);
	num_or_null(o, f->cpu_peak, 1);
	num_or_null(o, f->md_cpu_mean, 1);
	out_num(o, f->md_ops, 0);
	out_int(o, f->w.inside);
	out_endrow(o);
}

void fsload_jobs(struct out *o, const struct iol_wjobs *jobs,
		 const struct iol_fsjob *fj, int all)
{
	size_t i;

	out_view(o, &iol_view_fsload_jobs);
	for (i = 0; i < jobs->n; i++)
		if (all || fj[i].fs_bytes > 0 || fj[i].w.inside ||
		    !isnan(fj[i].cpu_mean))
			job_row(o, &jobs->v[i], &fj[i]);
	out_endtable(o);
}

void view_fsload(struct out *o, int table, const struct iol_fsmon *m,
		 const struct iol_fsload *l, const struct iol_wjobs *jobs,
		 const struct iol_fsjob *fj, const char *db)
{
	if (o->fmt == FMT_TEXT && table == FSLOAD_TARGETS) {
		fsload_text_head(o, l, m->fsname, iol_fsmon_fmtname(m));
		fsload_targets(o, l, m->fsname);
		if (l->nops) {
			out_text(o, "\nmetadata operations\n");
			fsload_ops(o, l);
		}
		if (!l->b.nbins)
			return;
		out_text(o, "\nbusy and idle periods of the whole\n");
		fsload_periods(o, l);
		if (fj) {
			out_text(o,
				 "\njobs of %s while the file system "
				 "was recorded\n",
				 db);
			fsload_jobs(o, jobs, fj, 0);
		}
		return;
	}
	switch (table) {
	case FSLOAD_OPS: fsload_ops(o, l); break;
	case FSLOAD_PERIODS: fsload_periods(o, l); break;
	case FSLOAD_INTERVALS: fsload_intervals(o, l); break;
	case FSLOAD_JOBS: fsload_jobs(o, jobs, fj, 1); break;
	default: fsload_targets(o, l, m->fsname);
	}
}

int view_fsload_pdf(const char *path, const struct iol_fsmon *m,
		    const struct iol_fsload *l, struct iol_error *err)
{
	struct iostat_report_opts ro;
	struct iol_devstats *st = NULL;
	char title[160];
	int r;

	memset(&ro, 0, sizeof(ro));
	ro.date_epoch = iol_source_date((int64_t)floor(l->b.t0));
	ro.idle_pct = 5;
	ro.burst_pct = 50;
	snprintf(title, sizeof(title), "%s%s%s", m->fsname,
		 m->fsname[0] ? ", " : "", iol_fsmon_fmtname(m));
	ro.title = title;
	ro.heading = "File-system servers' load";
	ro.noun = "data target";
	r = iol_fsload_stats(l, 0.05, 0.5, &st, err);
	if (r == 0)
		r = iostat_report_write(path, &l->b, st, &ro, err);
	report_cleanup();
	iol_fsload_stats_free(st, l);
	return r;
}
