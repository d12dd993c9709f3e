/*
 * Shared option handling and log loading of the analysis commands.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <time.h>

#include "cmd/common.h"
#include "base/version.h"
#include "sources/trace.h"
#include "cmd/util.h"
#include "base/banned.h"

void copts_init(struct copts *c, char **argv)
{
	memset(c, 0, sizeof(*c));
	c->argv = argv;
	c->fmt = FMT_TEXT;
}

int parse_count(const char *s, int64_t *v)
{
	char *end;
	long long x = strtoll(s, &end, 10);

	if (!*s || *end || x <= 0)
		return -1;
	*v = x;
	return 0;
}

int64_t source_date(int64_t fallback)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (!s || !*s)
		return fallback;
	v = strtoll(s, &end, 10);
	return *end || v < 0 ? fallback : (int64_t)v;
}

int copts_handle(struct copts *c, int opt, const char *arg, int *done)
{
	switch (opt) {
	case ':':
		usage_error("option '%s' needs a value", c->argv[optind - 1]);
		return -1;
	case OPT_FORMAT:
		c->fmt = fmt_parse(arg);
		if (c->fmt < 0) {
			usage_error(
				"unknown format '%s' (text, csv, tsv, json)",
				arg);
			return -1;
		}
		return 1;
	case 'o': c->outpath = arg; return 1;
	case OPT_NODES:
		if (parse_count(arg, &c->m.nodes) < 0) {
			usage_error("--nodes wants a positive count, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_PPN:
		if (parse_count(arg, &c->m.ppn) < 0) {
			usage_error("--procs-per-node wants a positive count, "
				    "not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_RANK_FROM:
		if (!strcmp(arg, "file"))
			c->rank_from = IOL_RANK_FROM_FILE;
		else if (!strcmp(arg, "pid"))
			c->rank_from = IOL_RANK_FROM_PID;
		else {
			usage_error("--rank-from wants file or pid, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	case OPT_LENIENT: c->lenient = 1; return 1;
	case OPT_MERGE_TRACES: c->merge_traces = 1; return 1;
	case OPT_VERSION:
		printf("iolens %s\n", IOLENS_VERSION);
		*done = 1;
		return 1;
	}
	return 0;
}

int copts_start(struct copts *c, int argc, char **argv,
		const struct option *longopts, void (*help)(void),
		int (*extra)(void *ctx, int opt, const char *arg), void *ctx,
		struct out *o, int *first_log)
{
	int opt, done = 0, r;

	copts_init(c, argv);
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, COMMON_SHORTOPTS, longopts,
				  NULL)) != -1) {
		if (opt == 'h') {
			help();
			return EXIT_OK;
		}
		r = extra ? extra(ctx, opt, optarg) : 0;
		if (r < 0)
			return EXIT_USAGE;
		if (r)
			continue;
		r = copts_handle(c, opt, optarg, &done);
		if (r < 0)
			return EXIT_USAGE;
		if (done)
			return EXIT_OK;
		if (!r)
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
	}
	if (optind >= argc)
		return usage_error("no log given");
	if (o && out_open(o, c->outpath, c->fmt) < 0) {
		msg("%s", o->err.msg);
		return EXIT_DATA;
	}
	*first_log = optind;
	return -1;
}

const char trace_help[] =
	"  --lenient          traces: skip unparsable lines, counting them\n"
	"  --merge-traces     traces: all logs given are one job's processes\n"
	"  --rank-from how    traces: a rank per input file (file, default)\n"
	"                     or per process id (pid)\n";

int load_job(const struct copts *c, int argc, char **argv, int *i,
	     struct iol_job **job)
{
	struct iol_error err = {0};
	const char *path = argv[*i];
	struct iol_trace_opts to = {c->rank_from, c->lenient};
	int ret;

	if (c->merge_traces) {
		ret = iol_job_load_strace(job, (const char *const *)argv + *i,
					  argc - *i, &to, &err);
		*i = argc - 1;
	} else {
		ret = iol_job_load_opts(job, path, &to, &err);
	}

	if (ret < 0) {
		msg_ioerr(path, ret, &err);
		return ret;
	}
	if ((*job)->partial) {
		char list[160] = "";
		size_t l = 0;
		int m;

		for (m = 0; m < IOL_MOD_MAX && l < sizeof(list) - 20; m++)
			if (((*job)->partial >> m) & 1)
				l += (size_t)snprintf(
					list + l, sizeof(list) - l, "%s%s",
					l ? ", " : "",
					m < IOL_MOD_KNOWN ? iol_modinfo(m)->name
							  : "unknown");
		msg("warning: '%s' is incomplete (%s ran out of memory): "
		    "figures miss records",
		    path, list);
	}
	if ((*job)->unknown_ops)
		msg("warning: '%s': operations not understood, skipped:%s",
		    path, (*job)->unknown_ops);
	if ((*job)->skipped)
		msg("warning: '%s': %llu unparsable lines skipped", path,
		    (unsigned long long)(*job)->skipped);
	return ret;
}

const char *fmt_time(char *buf, size_t n, int64_t secs)
{
	time_t t = (time_t)secs;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		snprintf(buf, n, "%lld", (long long)secs);
	else
		strftime(buf, n, "%Y-%m-%d %H:%M:%S UTC", &tm);
	return buf;
}

int cmd_out_open(struct out *o, const char *path, int fmt)
{
	if (out_open(o, path, fmt) < 0) {
		msg("%s", o->err.msg);
		return -1;
	}
	return 0;
}

int cmd_out_close(struct out *o, int commit)
{
	if (out_close(o, commit) < 0) {
		if (o->err.msg[0])
			msg("%s", o->err.msg);
		return -1;
	}
	return 0;
}
