/*
 * The views of iolens summary: a short report per job for people, and
 * one row per job of the job-row fields (analysis/jobrow.h) for pipes.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "render/obuf.h"
#include "render/view.h"
#include "render/view-text.h"
#include "render/view-summary.h"
#include "base/wrap.h"
#include "base/banned.h"

/* One machine-format row: summary's columns are the job-row fields. */
static void summary_row(struct out *o, const struct iol_jobrow *r)
{
	const struct iol_field *f;
	char buf[256];
	size_t i, n;

	f = iol_jobrow_fields(&n);
	for (i = 0; i < n; i++) {
		const char *str;
		int64_t v;

		switch (f[i].type) {
		case IOL_FT_STR:
			str = f[i].str(r, buf, sizeof(buf));
			if (str)
				out_str(o, str);
			else
				out_null(o);
			break;
		case IOL_FT_NUM:
		case IOL_FT_TIME: out_num(o, f[i].num(r), f[i].prec); break;
		default:
			v = f[i].i64(r);
			if (v == INT64_MIN)
				out_null(o);
			else
				out_int(o, v);
		}
	}
	out_endrow(o);
}

static const char *hb(char *b, double v)
{
	return fmt_bytes(b, 32, v, BYTES_TEXT);
}

static const char *pct(char *b, double v)
{
	if (isnan(v))
		return "n/a";
	snprintf(b, 32, "%.1f %%", v);
	return b;
}

/* Text: the job's header and its warning when incomplete. */
static void text_header(struct out *o, const struct iol_jobrow *r)
{
	const struct iol_job *job = r->job;
	const struct iol_summary *s = r->s;
	char b1[64], b2[64], inc[512];

	view_lines(o, "%s\n", job->path);
	iol_jobrow_field("incomplete_modules")->str(r, inc, sizeof(inc));
	if (inc[0])
		view_lines(o,
			   "\n  *** INCOMPLETE: the %s module%s ran out of "
			   "memory: "
			   "records are missing and totals are low ***\n\n",
			   inc, strchr(inc, ' ') ? "s" : "");
	if (job->lost)
		view_lines(o, "\n  *** INCOMPLETE: %s ***\n\n",
			   iol_lost_text(inc, sizeof(inc), job->lost,
					 job->lost_have, job->lost_len));
	view_lines(o, "  job id        %lld    uid %lld    source %s\n",
		   (long long)job->jobid, (long long)job->uid, job->source);
	view_lines(o, "  exe           %s\n",
		   job->exe[0] ? job->exe : "(unknown)");
	if (s->nodes > 0)
		view_lines(o, "  processes     %lld    nodes %lld (from %s)\n",
			   (long long)job->nprocs, (long long)s->nodes,
			   iol_nodes_source_names[s->nodes_source]);
	else
		view_lines(o,
			   "  processes     %lld    nodes unknown (give "
			   "--nodes)\n",
			   (long long)job->nprocs);
	if (!job->date_known)
		view_lines(o,
			   "  start         %02lld:%02lld:%02lld (time of day: "
			   "the trace has no date)"
			   "    run time %s\n",
			   (long long)(job->start_sec / 3600 % 24),
			   (long long)(job->start_sec / 60 % 60),
			   (long long)(job->start_sec % 60),
			   fmt_dur(b2, sizeof(b2), job->run_time));
	else if (isnan(job->run_time))
		view_lines(o,
			   "  start         %s    run time unknown (no end "
			   "time)\n",
			   fmt_time(b1, sizeof(b1), job->start_sec));
	else
		view_lines(o, "  start         %s    run time %s\n",
			   fmt_time(b1, sizeof(b1), job->start_sec),
			   fmt_dur(b2, sizeof(b2), job->run_time));
}

/* Text: volume and time per module. */
static void text_modules(struct out *o, const struct iol_summary *s)
{
	static const struct iol_col mcols[] = {
		{"module", "module", COL_STR, 0, "The module"},
		{"records", "records", COL_NUM, 3, "Its records"},
		{"files", "files", COL_NUM, 0, "Its files"},
		{"read", "read", COL_NUM, 0, "Bytes read"},
		{"written", "written", COL_NUM, 0, "Bytes written"},
		{"reads", "reads", COL_NUM, 2, "Read operations"},
		{"writes", "writes", COL_NUM, 2, "Write operations"},
		{"time", "time by slowest", COL_NUM, 1,
		 "I/O time by slowest rank"},
		{"mib_s", "MiB/s", COL_NUM, 0, "Bandwidth by slowest rank"},
	};
	static const struct iol_view v = IOL_VIEW("summary", "modules", mcols);
	char b1[64];
	int m;

	view_lines(o, "\nVolume and time per module\n");
	out_view(o, &v);
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_modsum *ms = &s->mod[m];

		if (!ms->nrec)
			continue;
		out_str(o, iol_modinfo(m)->name);
		out_int(o, ms->nrec);
		out_int(o, ms->nfiles);
		out_bytes(o, ms->bytes_read);
		out_bytes(o, ms->bytes_written);
		out_int(o, ms->reads);
		out_int(o, ms->writes);
		if (ms->has_perf) {
			out_str(o, fmt_dur(b1, sizeof(b1),
					   ms->perf.agg_time_by_slowest));
			out_num(o, ms->perf.agg_perf_by_slowest, 2);
		} else {
			out_null(o);
			out_null(o);
		}
		out_endrow(o);
	}
	out_endtable(o);
}

/* Text: the time by slowest and the bandwidths (METRICS.md 2). */
static void text_bw(struct out *o, const struct iol_summary *s)
{
	char b1[64], b2[64];

	if (s->io.slowest_rank >= 0)
		view_lines(o,
			   "  I/O time, slowest rank %s (rank %d in its own "
			   "files, plus shared files)\n",
			   fmt_dur(b1, sizeof(b1), s->io.agg_time_by_slowest),
			   s->io.slowest_rank);
	else
		view_lines(o,
			   "  I/O time, slowest rank %s (shared files only)\n",
			   fmt_dur(b1, sizeof(b1), s->io.agg_time_by_slowest));
	view_lines(o, "  bandwidth              %.2f MiB/s\n", s->mibs);
	if (!isnan(s->read_mibs))
		view_lines(
			o,
			"  read bandwidth         %.2f MiB/s (%s in %s, read "
			"time by slowest rank)\n",
			s->read_mibs, hb(b1, (double)s->bytes_read),
			fmt_dur(b2, sizeof(b2), s->read_time_slowest));
	else
		view_lines(o, "  read bandwidth         n/a (no read time)\n");
	if (!isnan(s->write_mibs))
		view_lines(
			o,
			"  write bandwidth        %.2f MiB/s (%s in %s, write "
			"time by slowest rank)\n",
			s->write_mibs, hb(b1, (double)s->bytes_written),
			fmt_dur(b2, sizeof(b2), s->write_time_slowest));
	else
		view_lines(o, "  write bandwidth        n/a (no write time)\n");
}

/* Text: metadata cost, and beside it the layers above POSIX. */
static void text_meta(struct out *o, const struct iol_summary *s)
{
	static const int up[] = {IOL_MOD_MPIIO, IOL_MOD_H5F, IOL_MOD_H5D,
				 IOL_MOD_PNETCDF_FILE, IOL_MOD_PNETCDF_VAR};
	char b1[64], b2[64], b3[64], line[512];
	size_t k, at = 0;

	view_lines(o,
		   "  metadata cost          %s of I/O time (%s of %s, sums "
		   "over ranks)\n",
		   pct(b1, s->md_cost_pct),
		   fmt_dur(b2, sizeof(b2), s->meta_time_total),
		   fmt_dur(b3, sizeof(b3), s->io_time_total));
	for (k = 0; k < sizeof(up) / sizeof(up[0]); k++) {
		if (isnan(s->meta_time_mod[up[k]]))
			continue;
		at += (size_t)snprintf(
			line + at, at < sizeof line ? sizeof line - at : 0,
			"%s%s %s", at ? ", " : "  metadata above POSIX   ",
			iol_modinfo(up[k])->name,
			fmt_dur(b1, sizeof(b1), s->meta_time_mod[up[k]]));
	}
	if (at)
		view_lines(o, "%s (sums over ranks; not added)\n", line);
}

/* Text: the strategy and the rule that decided it (METRICS.md 7). */
static void text_strategy(struct out *o, const struct iol_summary *s)
{
	if (s->strategy_by_writes < 0 || !strchr(s->strategy, ':')) {
		view_lines(o, "  I/O strategy           %s\n", s->strategy);
		return;
	}
	view_lines(o,
		   "  I/O strategy           %s (%s hold %.0f %% of the bytes "
		   "%s to the %lld file%s carrying >= 90 %% of them)\n",
		   s->strategy,
		   !strcmp(s->strategy, "N:N")	 ? "files of one rank"
		   : !strcmp(s->strategy, "N:1") ? "files shared by all ranks"
						 : "files shared by some ranks",
		   s->strategy_share * 100,
		   s->strategy_by_writes ? "written" : "read",
		   (long long)s->strategy_files,
		   s->strategy_files == 1 ? "" : "s");
}

/* Text: the job's figures (POSIX + STDIO). */
static void text_job(struct out *o, const struct iol_job *job,
		     const struct iol_summary *s)
{
	char b1[64], b2[64];
	int64_t np = job->nprocs > 0 ? job->nprocs : 1;

	view_lines(o, "\nThe job (POSIX + STDIO: every byte counted once)\n");
	view_lines(o, "  data moved             %s read, %s written\n",
		   hb(b1, (double)s->bytes_read),
		   hb(b2, (double)s->bytes_written));
	text_bw(o, s);
	if (s->nodes > 0)
		view_lines(
			o,
			"  per compute node       %.2f MiB/s/CN (%lld node%s, "
			"from %s)\n",
			s->mibs_cn, (long long)s->nodes,
			s->nodes == 1 ? "" : "s",
			iol_nodes_source_names[s->nodes_source]);
	else
		view_lines(o,
			   "  per compute node       unknown: give --nodes or "
			   "--procs-per-node\n");
	view_lines(o,
		   "  time in I/O            %s of run time (slowest rank), %s "
		   "(average process)\n",
		   pct(b1, s->pct_io_slowest), pct(b2, s->pct_io_avg));
	text_meta(o, s);
	view_lines(
		o,
		"  files per process      %s (%lld file%s / %lld process%s)\n",
		fmt_ratio(b1, sizeof(b1), s->files_per_proc),
		(long long)s->nfiles, s->nfiles == 1 ? "" : "s", (long long)np,
		np == 1 ? "" : "es");
	view_lines(o,
		   "  creates per process    %s (%lld file%s created / %lld "
		   "process%s%s)\n",
		   fmt_ratio(b1, sizeof(b1), s->creates_per_proc),
		   (long long)s->ncreated, s->ncreated == 1 ? "" : "s",
		   (long long)np, np == 1 ? "" : "es",
		   s->creates_exact ? "" : ", estimated");
	view_lines(o, "  sequential accesses    %s    aligned accesses %s\n",
		   pct(b1, s->pct_seq), pct(b2, s->pct_aligned));
	view_lines(o, "  MiB per process        %s\n",
		   fmt_ratio(b1, sizeof(b1), s->mib_per_proc));
	text_strategy(o, s);
	if (s->mmaps > 0)
		view_lines(
			o,
			"  mapped files           %lld mmap%s of files: what "
			"is read or written through a\n"
			"                         mapping is not counted "
			"above\n",
			(long long)s->mmaps, s->mmaps == 1 ? "" : "s");
}

/* Text: what a trace saw besides files. */
static void text_other(struct out *o, const struct iol_job *job)
{
	char b1[64], b2[64];

	if (job->kind == IOL_SRC_STRACE) {
		int k, any = 0;

		for (k = 0; k < IOL_OTHER_N; k++)
			any |= job->other[k].reads || job->other[k].writes;
		if (any) {
			view_lines(o, "\nNot files (summarised)\n");
			for (k = 0; k < IOL_OTHER_N; k++)
				if (job->other[k].reads || job->other[k].writes)
					view_lines(
						o,
						"  %-17s %s read in %lld "
						"calls, %s written in %lld "
						"calls\n",
						iol_other_names[k],
						hb(b1, (double)job->other[k]
							       .bytes_read),
						(long long)job->other[k].reads,
						hb(b2, (double)job->other[k]
							       .bytes_written),
						(long long)job->other[k]
							.writes);
		}
		if (job->skipped)
			view_lines(o, "  %llu unparsable lines skipped\n",
				   (unsigned long long)job->skipped);
	}
}

/* Text: file categories. */
static void text_categories(struct out *o, const struct iol_summary *s)
{
	static const struct iol_col ccols[] = {
		{"category", "category", COL_STR, 0, "The file category"},
		{"files", "files", COL_NUM, 0, "Its files"},
		{"bytes", "bytes", COL_NUM, 0, "Bytes they moved"},
		{"avg_size", "avg size", COL_NUM, 1,
		 "Mean size, from the highest offset of each"},
		{"max_size", "max size", COL_NUM, 1, "The largest size"},
	};
	static const struct iol_view v =
		IOL_VIEW("summary", "categories", ccols);
	static const char *const catname[IOL_CAT_N] = {
		"all",	  "read-only", "write-only",	   "read-write",
		"unique", "shared",    "partially shared",
	};
	char b1[64], b2[64];
	int c;

	view_lines(o, "\nFile categories\n");
	out_view(o, &v);
	for (c = 0; c < IOL_CAT_N; c++) {
		const struct iol_category *ct = &s->cat[c];

		out_str(o, catname[c]);
		out_int(o, ct->count);
		/* saturated: a damaged log's INT64_MAX bytes each way */
		out_bytes(o, satadd(ct->read_bytes, ct->write_bytes));
		if (!isnan(iol_category_avg_size(ct))) {
			/* PyDarshan's sizes: from the highest offset of each */
			out_str(o, hb(b1, iol_category_avg_size(ct)));
			out_str(o, hb(b2, iol_category_max_size(ct)));
		} else {
			out_null(o);
			out_null(o);
		}
		out_endrow(o);
	}
	out_endtable(o);
}

/* Text: the top files by bytes and by I/O time. */
static void text_top(struct out *o, const struct iol_summary *s)
{
	static const struct iol_col tcols[] = {
		{"ranks", "ranks", COL_NUM, 2,
		 "Ranks that opened it; shared for a shared record"},
		{"read", "read", COL_NUM, 0, "Bytes read"},
		{"written", "written", COL_NUM, 0, "Bytes written"},
		{"time", "I/O time", COL_NUM, 0, "I/O time summed over ranks"},
		{"slowest", "slowest rank", COL_NUM, 1,
		 "The slowest rank's I/O time"},
		{"file", "file", COL_PATH, 0, "The file"},
	};
	static const struct iol_view v = IOL_VIEW("summary", "top", tcols);
	char b1[64], b2[64];
	size_t i;
	int c;

	for (c = 0; c < 2 && s->ntop; c++) {
		const struct iol_topfile *t = c ? s->top_time : s->top_bytes;

		view_lines(o,
			   "\nTop files by %s (I/O time: the sum over ranks)\n",
			   c ? "I/O time" : "bytes");
		out_view(o, &v);
		for (i = 0; i < s->ntop; i++) {
			if (t[i].nranks < 0)
				out_str(o, "shared");
			else
				out_int(o, t[i].nranks);
			out_bytes(o, t[i].bytes_read);
			out_bytes(o, t[i].bytes_written);
			out_str(o, fmt_dur(b1, sizeof(b1), t[i].time));
			out_str(o, fmt_dur(b2, sizeof(b2), t[i].slowest));
			out_str(o, t[i].path ? t[i].path : "(unnamed)");
			out_endrow(o);
		}
		out_endtable(o);
	}
	if (s->top_excluded)
		view_lines(o,
			   "%lld file%s excluded from the top files (see "
			   "--exclude)\n",
			   (long long)s->top_excluded,
			   s->top_excluded == 1 ? "" : "s");
}

static void summary_text(struct out *o, const struct iol_jobrow *r)
{
	text_header(o, r);
	text_modules(o, r->s);
	text_job(o, r->job, r->s);
	text_other(o, r->job);
	text_categories(o, r->s);
	text_top(o, r->s);
	view_lines(o, "\n");
}

/* ---- the views ---- */

/* The machine formats' columns are the job-row fields: what each holds,
 * where the label and unit alone would say too little. */
static const char *const docs[][2] = {
	{"log", "The log's path as given on the command line"},
	{"source",
	 "The kind and format version of the log, such as darshan 3.41"},
	{"exe", "The command line the log records"},
	{"nodes", "Compute nodes; empty when unknown"},
	{"nodes_source",
	 "Where nodes came from: --nodes, --procs-per-node, DXT hostnames, "
	 "site procs_per_node (the site configuration's, when the log names no "
	 "hosts; iolens-config(1)) or unknown"},
	{"start_time",
	 "The start of the job, seconds since the Unix epoch with a fraction"},
	{"incomplete_modules", "The modules the log marks incomplete, "
			       "separated by spaces; empty when "
			       "it is complete"},
	{"bytes_read", "The job's bytes read by POSIX and STDIO"},
	{"bytes_written", "The job's bytes written by POSIX and STDIO"},
	{"slowest_rank",
	 "The rank whose own files took the most I/O time; empty when every "
	 "record is shared"},
	{"mib_s_per_node",
	 "MiB/s per compute node; empty when the number of nodes is unknown"},
	{"io_time_total",
	 "The I/O time (metadata, read and write) of all POSIX and STDIO "
	 "records added up, seconds"},
	{"meta_time_total",
	 "The metadata time of all POSIX and STDIO records added up, seconds"},
	{"md_cost_pct",
	 "The metadata cost, percent of I/O time; empty when there was none"},
	{"files", "Distinct files"},
	{"creates",
	 "Files created: counted by a trace, else estimated from the log "
	 "(creates_exact says which)"},
	{"creates_per_proc", "Files created per process"},
	{"creates_exact",
	 "1 when creates was counted (a trace), 0 when it was estimated"},
	{"pct_sequential",
	 "Percent of POSIX reads and writes that were sequential; empty when "
	 "there were none"},
	{"pct_aligned",
	 "Percent of POSIX reads and writes that were aligned; empty when "
	 "there were none"},
	{"strategy",
	 "The I/O strategy: no file I/O, 1 process, rank 0 I/O, one rank I/O, "
	 "N:1, N:N or N:M"},
	{"top_file",
	 "The file that moved the most bytes; empty when the job has no files"},
	{"mpiio_meta_time",
	 "MPI-IO metadata time summed over its records, seconds; not part of "
	 "meta_time_total"},
	{"strategy_basis",
	 "What decided the strategy: bytes written, bytes read, or empty when "
	 "no file moved a byte"},
	{"lost_modules",
	 "The modules whose regions a log cut short lost, separated by spaces"},
};

/* a unit's words for the documentation */
static const char *unit_words(const char *u)
{
	return !strcmp(u, "B")	   ? "bytes"
	       : !strcmp(u, "s")   ? "seconds"
	       : !strcmp(u, "%")   ? "percent"
	       : !strcmp(u, "MiB") ? "MiB"
				   : u;
}

/* room for every job-row field a summary column */
static struct iol_col cols[160];
static char text[160][160];

struct iol_view iol_view_summary = {"summary", NULL, cols, 0};

void iol_view_summary_init(void)
{
	const struct iol_field *f;
	size_t n, i, k;

	if (iol_view_summary.ncols)
		return;
	f = iol_jobrow_fields(&n);
	for (i = 0; i < n && i < sizeof cols / sizeof *cols; i++) {
		const char *doc = NULL;

		for (k = 0; k < sizeof docs / sizeof *docs && !doc; k++)
			if (!strcmp(docs[k][0], f[i].name))
				doc = docs[k][1];
		if (!doc) {
			snprintf(text[i], sizeof text[i], "%c%s%s%s",
				 toupper((unsigned char)f[i].label[0]),
				 f[i].label + 1, f[i].unit[0] ? ", " : "",
				 unit_words(f[i].unit));
			doc = text[i];
		}
		/* head: the key, the text being a report, not this table */
		cols[i] = (struct iol_col){
			f[i].name, f[i].name,
			f[i].type == IOL_FT_STR ? COL_STR : COL_NUM, 0, doc};
	}
	iol_view_summary.ncols = (int)i;
}

void view_summary(struct out *o, const struct iol_jobrow *r, int *started)
{
	if (o->fmt == FMT_TEXT) {
		summary_text(o, r);
	} else {
		if (!*started) {
			iol_view_summary_init();
			out_view(o, &iol_view_summary);
		}
		summary_row(o, r);
	}
	*started = 1;
}

void view_summary_end(struct out *o, int started)
{
	if (o->fmt != FMT_TEXT && started)
		out_endtable(o);
}
