/*
 * The views of iolens meta: what it prints, in each format, moved out
 * of cmd/meta.c so that the command only parses options and loads.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/job.h"
#include "analysis/metrics.h"
#include "counters/counters.h"
#include "render/obuf.h"
#include "render/view-meta.h"
#include "render/view-text.h"
#include "base/banned.h"

/* machine formats: one table of (scope, name, metric, value) rows */
static const struct iol_col cols[] = {
	{"log", "log", COL_PATH, 0,
	 "The log's path as given on the command line"},
	{"scope", "scope", COL_STR, 0,
	 "What the row is about: module, job, rank, syscall or slowest rank"},
	{"name", "name", COL_STR, 0,
	 "Which one: a module, POSIX+STDIO, shared files, a rank, a system "
	 "call"},
	{"metric", "metric", COL_STR, 0,
	 "An operation count (opens, stats, ...), meta_time, io_time, "
	 "md_cost_pct, meta_share_pct, or a system call's calls, errors, time, "
	 "bytes"},
	{"value", "value", COL_NUM, 0,
	 "Its value: a count, seconds (times, sums over ranks) or percent"},
};
const struct iol_view iol_view_meta = IOL_VIEW("meta", NULL, cols);

static void kv(struct out *o, const char *log, const char *scope,
	       const char *name, const char *metric, double v, int is_int)
{
	out_str(o, log);
	out_str(o, scope);
	out_str(o, name);
	out_str(o, metric);
	/* a count of a damaged log's may be beyond int64's range as a
	 * double (INT64_MAX summed): the conversion is undefined */
	if (is_int && fabs(v) < 9.2e18)
		out_int(o, (int64_t)v);
	else
		out_num(o, v, 6);
	out_endrow(o);
}

/* The layers above POSIX that record metadata time. */
static int upper(int m)
{
	return m == IOL_MOD_MPIIO || m == IOL_MOD_H5F || m == IOL_MOD_H5D ||
	       m == IOL_MOD_PNETCDF_FILE || m == IOL_MOD_PNETCDF_VAR;
}

/* Machine formats: every figure as a (scope, name, metric, value) row. */
static void meta_rows(struct out *o, const char *log, const struct iol_job *job,
		      const struct iol_meta *mt)
{
	char rb[24];
	size_t k;
	int m;

	for (k = 0; k < mt->nops; k++)
		kv(o, log, "module", iol_modinfo(mt->ops[k].mod)->name,
		   mt->ops[k].op, (double)mt->ops[k].count, 1);
	for (m = 0; m < IOL_MOD_KNOWN; m++)
		if (mt->has_time[m])
			kv(o, log, "module", iol_modinfo(m)->name, "meta_time",
			   mt->time[m], 0);
	kv(o, log, "job", "POSIX+STDIO", "meta_time", mt->total_time, 0);
	kv(o, log, "job", "POSIX+STDIO", "io_time", mt->io_time, 0);
	kv(o, log, "job", "POSIX+STDIO", "md_cost_pct", mt->md_cost_pct, 0);
	kv(o, log, "job", "shared files", "meta_time", mt->shared_time, 0);
	kv(o, log, "job", "shared files", "io_time", mt->shared_io, 0);
	kv(o, log, "job", "shared files", "meta_time_by_slowest",
	   mt->shared_meta_slowest, 0);
	kv(o, log, "job", "shared files", "io_time_by_slowest",
	   mt->shared_io_slowest, 0);
	for (k = 0; k < mt->nrank; k++) {
		snprintf(rb, sizeof(rb), "%zu", k);
		kv(o, log, "rank", rb, "meta_time", mt->rank_time[k], 0);
		kv(o, log, "rank", rb, "io_time", mt->rank_io[k], 0);
	}
	for (k = 0; k < job->nsys; k++) {
		const struct iol_jsys *y = &job->sys[k];

		kv(o, log, "syscall", y->name, "calls", (double)y->calls, 1);
		kv(o, log, "syscall", y->name, "errors", (double)y->errors, 1);
		kv(o, log, "syscall", y->name, "time", y->time, 0);
		kv(o, log, "syscall", y->name, "bytes", (double)y->bytes, 1);
	}
	if (mt->slowest_rank >= 0 || mt->shared_io_slowest > 0) {
		if (mt->slowest_rank >= 0)
			snprintf(rb, sizeof(rb), "%lld",
				 (long long)mt->slowest_rank);
		else
			snprintf(rb, sizeof(rb), "shared");
		kv(o, log, "slowest rank", rb, "meta_time", mt->slowest_meta,
		   0);
		kv(o, log, "slowest rank", rb, "io_time", mt->slowest_io, 0);
		kv(o, log, "slowest rank", rb, "meta_share_pct",
		   mt->slowest_pct, 0);
	}
}

/* Text: operation counts and meta time per module. */
static void text_modules(struct out *o, const struct iol_meta *mt)
{
	static const struct iol_col opcols[] = {
		{"module", "module", COL_STR, 0, ""},
		{"operation", "operation", COL_STR, 0, ""},
		{"count", "count", COL_NUM, 0, ""}};
	static const struct iol_col tcols[] = {
		{"module", "module", COL_STR, 0, ""},
		{"meta_time", "meta time", COL_NUM, 0, ""}};
	static const struct iol_view opv = IOL_VIEW("meta", "ops", opcols);
	static const struct iol_view tv = IOL_VIEW("meta", "time", tcols);
	char b[32];
	size_t k;
	int m;

	out_view(o, &opv);
	for (k = 0; k < mt->nops; k++) {
		if (!mt->ops[k].count)
			continue;
		out_str(o, iol_modinfo(mt->ops[k].mod)->name);
		out_str(o, mt->ops[k].op);
		out_int(o, mt->ops[k].count);
		out_endrow(o);
	}
	out_endtable(o);
	view_lines(o, "\nMetadata time per module (sum over ranks; layers "
		      "overlap, their times do not add up)\n");
	out_view(o, &tv);
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		if (!mt->has_time[m])
			continue;
		out_str(o, iol_modinfo(m)->name);
		out_str(o, fmt_dur(b, sizeof(b), mt->time[m]));
		out_endrow(o);
	}
	out_endtable(o);
}

/* Text: the system calls of a trace. */
static void text_syscalls(struct out *o, const struct iol_job *job)
{
	static const struct iol_col scols[] = {
		{"call", "system call", COL_STR, 0, ""},
		{"calls", "calls", COL_NUM, 0, ""},
		{"errors", "errors", COL_NUM, 0, ""},
		{"time", "time (sum)", COL_NUM, 0, ""},
		{"bytes", "bytes", COL_NUM, 0, ""}};
	static const struct iol_view sv = IOL_VIEW("meta", "syscalls", scols);
	char b[32];
	size_t k;

	if (!job->nsys)
		return;
	view_lines(o, "\nSystem calls (all descriptors)\n");
	out_view(o, &sv);
	for (k = 0; k < job->nsys; k++) {
		out_str(o, job->sys[k].name);
		out_int(o, job->sys[k].calls);
		out_int(o, job->sys[k].errors);
		out_str(o, fmt_dur(b, sizeof(b), job->sys[k].time));
		out_int(o, job->sys[k].bytes);
		out_endrow(o);
	}
	out_endtable(o);
}

/* Text: the POSIX+STDIO figure, and beside it the upper layers'. */
static void text_job(struct out *o, const struct iol_meta *mt)
{
	char b1[32], b2[32], line[512];
	size_t at = 0;
	int m;

	if (mt->io_time > 0)
		view_lines(o,
			   "\nPOSIX+STDIO: %s of metadata in %s of I/O, sums "
			   "over ranks (%.1f %%)\n",
			   fmt_dur(b1, sizeof(b1), mt->total_time),
			   fmt_dur(b2, sizeof(b2), mt->io_time),
			   mt->md_cost_pct);
	else
		view_lines(o, "\nPOSIX+STDIO: no I/O time recorded\n");
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		if (!mt->has_time[m] || !upper(m))
			continue;
		at += (size_t)snprintf(
			line + at, at < sizeof line ? sizeof line - at : 0,
			"%s%s %s",
			at ? ", " : "layers above it: ", iol_modinfo(m)->name,
			fmt_dur(b1, sizeof(b1), mt->time[m]));
	}
	if (at)
		view_lines(o,
			   "%s of metadata, sums over ranks (not added: the "
			   "same calls are seen by several layers)\n",
			   line);
}

/* Text: the slowest rank, by the job's one definition (summary's). */
static void text_slowest(struct out *o, const struct iol_meta *mt)
{
	char b1[32], b2[32], b3[40], b4[32];

	if (mt->shared_io > 0)
		view_lines(o,
			   "shared files (one record for all ranks): %s of "
			   "metadata in %s of I/O, sums over ranks; their "
			   "slowest rank: %s in %s\n",
			   fmt_dur(b1, sizeof(b1), mt->shared_time),
			   fmt_dur(b2, sizeof(b2), mt->shared_io),
			   fmt_dur(b3, sizeof(b3), mt->shared_meta_slowest),
			   fmt_dur(b4, sizeof(b4), mt->shared_io_slowest));
	if (mt->slowest_rank < 0 && !(mt->shared_io_slowest > 0))
		return;
	if (mt->slowest_rank >= 0)
		snprintf(b3, sizeof b3, "slowest rank %lld",
			 (long long)mt->slowest_rank);
	else
		snprintf(b3, sizeof b3, "slowest rank (shared files only)");
	view_lines(o,
		   "%s: %s of metadata in %s of I/O (%.1f %%): its own files "
		   "plus the shared files' slowest rank, the I/O time by "
		   "slowest of summary\n",
		   b3, fmt_dur(b1, sizeof(b1), mt->slowest_meta),
		   fmt_dur(b2, sizeof(b2), mt->slowest_io), mt->slowest_pct);
}

/* Text: per rank, its own files; shared files on a row of their own. */
static void text_ranks(struct out *o, const struct iol_meta *mt)
{
	static const struct iol_col rcols[] = {
		{"rank", "rank", COL_NUM, 0, ""},
		{"meta_time", "meta time", COL_NUM, 0, ""},
		{"io_time", "I/O time", COL_NUM, 0, ""},
		{"share", "share of meta %", COL_NUM, 0, ""}};
	static const struct iol_view rv = IOL_VIEW("meta", "ranks", rcols);
	char b[32];
	size_t k;

	view_lines(o, "\nMetadata time per rank (files of its own; shared "
		      "files, sums over ranks, on the last row)\n");
	out_view(o, &rv);
	for (k = 0; k < mt->nrank; k++) {
		if (!(mt->rank_time[k] > 0) && !(mt->rank_io[k] > 0))
			continue;
		out_int(o, (int64_t)k);
		out_str(o, fmt_dur(b, sizeof(b), mt->rank_time[k]));
		out_str(o, fmt_dur(b, sizeof(b), mt->rank_io[k]));
		out_num(o, mt->rank_pct[k], 1);
		out_endrow(o);
	}
	if (mt->shared_io > 0 || mt->shared_time > 0) {
		out_str(o, "shared");
		out_str(o, fmt_dur(b, sizeof(b), mt->shared_time));
		out_str(o, fmt_dur(b, sizeof(b), mt->shared_io));
		out_num(o,
			mt->total_time > 0
				? mt->shared_time / mt->total_time * 100
				: NAN,
			1);
		out_endrow(o);
	}
	out_endtable(o);
}

static void meta_text(struct out *o, const char *log, const struct iol_job *job,
		      const struct iol_meta *mt)
{
	view_lines(o, "%s\n\nMetadata operations\n", log);
	text_modules(o, mt);
	text_job(o, mt);
	text_slowest(o, mt);
	text_syscalls(o, job);
	text_ranks(o, mt);
	view_lines(o, "\n");
}

void view_meta_begin(struct out *o)
{
	if (o->fmt != FMT_TEXT)
		out_view(o, &iol_view_meta);
}

void view_meta(struct out *o, const char *log, const struct iol_job *job,
	       const struct iol_meta *mt)
{
	if (o->fmt != FMT_TEXT)
		meta_rows(o, log, job, mt);
	else
		meta_text(o, log, job, mt);
}

void view_meta_end(struct out *o)
{
	if (o->fmt != FMT_TEXT)
		out_endtable(o);
}
