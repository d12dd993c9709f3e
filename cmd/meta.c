/*
 * iolens meta: what metadata cost a job — operation counts per module and
 * kind, metadata time per module and per rank, and the slowest rank's
 * metadata share (METRICS.md 6).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens meta [--format fmt] [--output file] log ...\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nMetadata operations and their cost: counts per module and "
	       "kind\n"
	       "(opens, stats, seeks, syncs, ...), metadata time per module "
	       "and\n"
	       "per rank, and the share of the slowest rank's I/O time spent "
	       "on\n"
	       "metadata.\n\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n",
	       trace_help);
}

/* machine formats: one table of (scope, name, metric, value) rows */
static const char *const cols[] = {
	"log", "scope", "name", "metric", "value",
};

static void kv(struct out *o, const char *log, const char *scope,
	       const char *name, const char *metric, double v, int is_int)
{
	out_str(o, log);
	out_str(o, scope);
	out_str(o, name);
	out_str(o, metric);
	if (is_int)
		out_int(o, (int64_t)v);
	else
		out_num(o, v, 6);
	out_endrow(o);
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
	for (k = 0; k < mt->nrank; k++) {
		snprintf(rb, sizeof(rb), "%zu", k);
		kv(o, log, "rank", rb, "meta_time", mt->rank_time[k], 0);
	}
	for (k = 0; k < job->nsys; k++) {
		const struct iol_jsys *y = &job->sys[k];

		kv(o, log, "syscall", y->name, "calls", (double)y->calls, 1);
		kv(o, log, "syscall", y->name, "errors", (double)y->errors, 1);
		kv(o, log, "syscall", y->name, "time", y->time, 0);
		kv(o, log, "syscall", y->name, "bytes", (double)y->bytes, 1);
	}
	if (mt->slowest_rank >= 0) {
		snprintf(rb, sizeof(rb), "%lld", (long long)mt->slowest_rank);
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
	static const char *const opcols[] = {"module", "operation", "count"};
	static const char *const tcols[] = {"module", "meta time"};
	size_t k;
	int m;

	out_table(o, opcols, 3);
	for (k = 0; k < mt->nops; k++) {
		if (!mt->ops[k].count)
			continue;
		out_str(o, iol_modinfo(mt->ops[k].mod)->name);
		out_str(o, mt->ops[k].op);
		out_int(o, mt->ops[k].count);
		out_endrow(o);
	}
	out_endtable(o);
	out_text(o, "\nMetadata time per module (all processes)\n");
	/* no shares: layers overlap, their times do not add up */
	out_table(o, tcols, 2);
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		if (!mt->has_time[m])
			continue;
		out_str(o, iol_modinfo(m)->name);
		out_num(o, mt->time[m], 6);
		out_endrow(o);
	}
	out_endtable(o);
}

/* Text: the system calls of a trace. */
static void text_syscalls(struct out *o, const struct iol_job *job)
{
	static const char *const scols[] = {
		"system call", "calls", "errors", "time", "bytes",
	};
	size_t k;

	if (!job->nsys)
		return;
	out_text(o, "\nSystem calls (all descriptors)\n");
	out_table(o, scols, 5);
	for (k = 0; k < job->nsys; k++) {
		out_str(o, job->sys[k].name);
		out_int(o, job->sys[k].calls);
		out_int(o, job->sys[k].errors);
		out_num(o, job->sys[k].time, 6);
		out_int(o, job->sys[k].bytes);
		out_endrow(o);
	}
	out_endtable(o);
}

static void meta_text(struct out *o, const char *log, const struct iol_job *job,
		      const struct iol_meta *mt)
{
	static const char *const rcols[] = {"rank", "meta time",
					    "share of meta"};
	size_t k;

	out_text(o, "%s\n\nMetadata operations\n", log);
	text_modules(o, mt);
	if (mt->io_time > 0)
		out_text(o,
			 "\nPOSIX+STDIO: %.6f s of metadata in %.6f s of I/O "
			 "(%.1f %%)\n",
			 mt->total_time, mt->io_time, mt->md_cost_pct);
	else
		out_text(o, "\nPOSIX+STDIO: no I/O time recorded\n");
	if (mt->shared_time > 0)
		out_text(o, "shared files (all ranks together): %.6f s\n",
			 mt->shared_time);
	if (mt->slowest_rank >= 0)
		out_text(o,
			 "slowest rank %lld: %.6f s of metadata in %.6f s of "
			 "I/O (%.1f %%)\n",
			 (long long)mt->slowest_rank, mt->slowest_meta,
			 mt->slowest_io, mt->slowest_pct);
	text_syscalls(o, job);
	out_text(o, "\nMetadata time per rank (files of its own)\n");
	out_table(o, rcols, 3);
	for (k = 0; k < mt->nrank; k++) {
		if (!(mt->rank_time[k] > 0))
			continue;
		out_int(o, (int64_t)k);
		out_num(o, mt->rank_time[k], 6);
		out_num(o, mt->rank_pct[k], 1);
		out_endrow(o);
	}
	out_endtable(o);
	out_text(o, "\n");
}

int cmd_meta(int argc, char **argv)
{
	static const struct option longopts[] = {COMMON_LONGOPTS,
						 {NULL, 0, NULL, 0}};
	struct copts co;
	struct out o;
	int rc, i;

	rc = copts_start(&co, argc, argv, longopts, help, NULL, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	/* a directory stands for the logs in it */
	rc = copts_expand(&argc, &argv, i) < 0 ? EXIT_DATA : EXIT_OK;
	if (co.fmt != FMT_TEXT)
		out_table(&o, cols, 5);
	for (; i < argc; i++) {
		struct iol_job *job;
		struct iol_meta mt;
		struct iol_error err = {0};

		if (load_job(&co, argc, argv, &i, &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (iol_meta_compute(job, &mt, &err) < 0) {
			msg_ioerr(argv[i], err.code, &err);
			iol_job_close(job);
			rc = EXIT_DATA;
			continue;
		}
		if (co.fmt != FMT_TEXT)
			meta_rows(&o, argv[i], job, &mt);
		else
			meta_text(&o, argv[i], job, &mt);
		iol_meta_free(&mt);
		iol_job_close(job);
	}
	if (co.fmt != FMT_TEXT)
		out_endtable(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	return rc;
}
