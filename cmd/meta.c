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

int cmd_meta(int argc, char **argv)
{
	static const struct option longopts[] = {COMMON_LONGOPTS,
						 {NULL, 0, NULL, 0}};
	static const char *const opcols[] = {"module", "operation", "count"};
	static const char *const tcols[] = {"module", "meta time"};
	static const char *const rcols[] = {"rank", "meta time",
					    "share of meta"};
	struct copts co;
	struct out o;
	int rc, i;

	rc = copts_start(&co, argc, argv, longopts, help, NULL, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	rc = EXIT_OK;
	if (co.fmt != FMT_TEXT)
		out_table(&o, cols, 5);
	for (; i < argc; i++) {
		struct iol_job *job;
		struct iol_meta mt;
		struct iol_error err = {0};
		size_t k;
		int m;
		char rb[24];

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
		if (co.fmt != FMT_TEXT) {
			for (k = 0; k < mt.nops; k++)
				kv(&o, argv[i], "module",
				   iol_modinfo(mt.ops[k].mod)->name,
				   mt.ops[k].op, (double)mt.ops[k].count, 1);
			for (m = 0; m < IOL_MOD_KNOWN; m++)
				if (job->mod[m].loaded && job->mod[m].n &&
				    iol_modinfo(m)->nint && m != IOL_MOD_BGQ)
					kv(&o, argv[i], "module",
					   iol_modinfo(m)->name, "meta_time",
					   mt.time[m], 0);
			kv(&o, argv[i], "job", "POSIX+STDIO", "meta_time",
			   mt.total_time, 0);
			kv(&o, argv[i], "job", "POSIX+STDIO", "io_time",
			   mt.io_time, 0);
			kv(&o, argv[i], "job", "POSIX+STDIO", "md_cost_pct",
			   mt.io_time > 0 ? mt.total_time / mt.io_time * 100
					  : NAN,
			   0);
			kv(&o, argv[i], "job", "shared files", "meta_time",
			   mt.shared_time, 0);
			for (k = 0;
			     k < (size_t)(job->nprocs > 0 ? job->nprocs : 1);
			     k++) {
				snprintf(rb, sizeof(rb), "%zu", k);
				kv(&o, argv[i], "rank", rb, "meta_time",
				   mt.rank_time[k], 0);
			}
			for (k = 0; k < job->nsys; k++) {
				const struct iol_jsys *y = &job->sys[k];

				kv(&o, argv[i], "syscall", y->name, "calls",
				   (double)y->calls, 1);
				kv(&o, argv[i], "syscall", y->name, "errors",
				   (double)y->errors, 1);
				kv(&o, argv[i], "syscall", y->name, "time",
				   y->time, 0);
				kv(&o, argv[i], "syscall", y->name, "bytes",
				   (double)y->bytes, 1);
			}
			if (mt.slowest_rank >= 0) {
				snprintf(rb, sizeof(rb), "%lld",
					 (long long)mt.slowest_rank);
				kv(&o, argv[i], "slowest rank", rb, "meta_time",
				   mt.slowest_meta, 0);
				kv(&o, argv[i], "slowest rank", rb, "io_time",
				   mt.slowest_io, 0);
				kv(&o, argv[i], "slowest rank", rb,
				   "meta_share_pct",
				   mt.slowest_meta / mt.slowest_io * 100, 0);
			}
		} else {
			out_text(&o, "%s\n\nMetadata operations\n", argv[i]);
			out_table(&o, opcols, 3);
			for (k = 0; k < mt.nops; k++) {
				if (!mt.ops[k].count)
					continue;
				out_str(&o, iol_modinfo(mt.ops[k].mod)->name);
				out_str(&o, mt.ops[k].op);
				out_int(&o, mt.ops[k].count);
				out_endrow(&o);
			}
			out_endtable(&o);
			out_text(
				&o,
				"\nMetadata time per module (all processes)\n");
			/* no shares: layers overlap, their times do not add up
			 */
			out_table(&o, tcols, 2);
			for (m = 0; m < IOL_MOD_KNOWN; m++) {
				if (!job->mod[m].loaded || !job->mod[m].n ||
				    !iol_modinfo(m)->nint || m == IOL_MOD_BGQ)
					continue;
				out_str(&o, iol_modinfo(m)->name);
				out_num(&o, mt.time[m], 6);
				out_endrow(&o);
			}
			out_endtable(&o);
			if (mt.io_time > 0)
				out_text(&o,
					 "\nPOSIX+STDIO: %.6f s of metadata in "
					 "%.6f s of I/O (%.1f %%)\n",
					 mt.total_time, mt.io_time,
					 mt.total_time / mt.io_time * 100);
			else
				out_text(&o, "\nPOSIX+STDIO: no I/O time "
					     "recorded\n");
			if (mt.shared_time > 0)
				out_text(&o,
					 "shared files (all ranks together): "
					 "%.6f s\n",
					 mt.shared_time);
			if (mt.slowest_rank >= 0)
				out_text(
					&o,
					"slowest rank %lld: %.6f s of metadata "
					"in %.6f s of I/O (%.1f %%)\n",
					(long long)mt.slowest_rank,
					mt.slowest_meta, mt.slowest_io,
					mt.slowest_meta / mt.slowest_io * 100);
			if (job->nsys) {
				static const char *const scols[] = {
					"system call", "calls", "errors",
					"time",	       "bytes",
				};

				out_text(&o,
					 "\nSystem calls (all descriptors)\n");
				out_table(&o, scols, 5);
				for (k = 0; k < job->nsys; k++) {
					out_str(&o, job->sys[k].name);
					out_int(&o, job->sys[k].calls);
					out_int(&o, job->sys[k].errors);
					out_num(&o, job->sys[k].time, 6);
					out_int(&o, job->sys[k].bytes);
					out_endrow(&o);
				}
				out_endtable(&o);
			}
			out_text(&o, "\nMetadata time per rank (files of its "
				     "own)\n");
			out_table(&o, rcols, 3);
			for (k = 0;
			     k < (size_t)(job->nprocs > 0 ? job->nprocs : 1);
			     k++) {
				if (!(mt.rank_time[k] > 0))
					continue;
				out_int(&o, (int64_t)k);
				out_num(&o, mt.rank_time[k], 6);
				out_num(&o,
					mt.total_time > 0
						? mt.rank_time[k] /
							  mt.total_time * 100
						: NAN,
					1);
				out_endrow(&o);
			}
			out_endtable(&o);
			out_text(&o, "\n");
		}
		iol_meta_free(&mt);
		iol_job_close(job);
	}
	if (co.fmt != FMT_TEXT)
		out_endtable(&o);
	if (out_close(&o, rc == EXIT_OK) < 0)
		rc = EXIT_DATA;
	return rc;
}
