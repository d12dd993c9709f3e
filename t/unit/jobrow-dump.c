/*
 * Prints every job-row field (analysis/jobrow.h), summary and extended,
 * of one log as "name<TAB>value" lines ("-" for no value), so that
 * t/2001-jobrow.t can check the extended fields against sums it makes
 * itself from darshan-parser text.  Usage: jobrow-dump [--cached] LOG
 * (--cached: the records extracted once first, as ingest does, so that
 * t/7144 can check that path against this one), or jobrow-dump
 * [--cached] --each LOG... (each log's fields after a "#log PATH" line,
 * or an "#error MESSAGE" line: t/2010 reads 4941 logs so).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "analysis/jobrow.h"
#include "analysis/metrics.h"
#include "base/banned.h"

static void put(const struct iol_field *f, const struct iol_jobrow *r)
{
	char buf[256];
	const char *s;
	double d;
	int64_t v;

	switch (f->type) {
	case IOL_FT_STR:
		s = f->str(r, buf, sizeof(buf));
		printf("%s\t%s\n", f->name, s ? s : "-");
		break;
	case IOL_FT_NUM:
	case IOL_FT_TIME:
		d = f->num(r);
		if (isnan(d))
			printf("%s\t-\n", f->name);
		else
			printf("%s\t%.17g\n", f->name, d);
		break;
	default:
		v = f->i64(r);
		if (v == INT64_MIN)
			printf("%s\t-\n", f->name);
		else
			printf("%s\t%lld\n", f->name, (long long)v);
	}
}

/* One log's fields, or 1 with the message in err. */
static int dump(const char *log, int cached, struct iol_error *err)
{
	const struct iol_field *f;
	struct iol_job *job;
	struct iol_summary s;
	struct iol_jobrow r;
	size_t i, n, nsum;

	if (iol_job_load(&job, log, err) < 0)
		return 1;
	if ((cached && iol_recx_cache(job) < 0) ||
	    iol_summary_compute(job, NULL, &s, err) < 0) {
		iol_job_close(job);
		return 1;
	}
	r.log = log;
	r.job = job;
	r.s = &s;
	iol_jobrow_fields(&nsum);
	f = iol_jobrow_fields_ext(&n);
	printf("#summary\t%zu\n", nsum);
	for (i = 0; i < n; i++)
		put(&f[i], &r);
	iol_job_close(job);
	return 0;
}

int main(int argc, char **argv)
{
	struct iol_error err = {0};
	int cached = argc > 1 && !strcmp(argv[1], "--cached"), each, i;

	argv += cached, argc -= cached;
	each = argc > 1 && !strcmp(argv[1], "--each");
	argv += each, argc -= each;
	if (argc < 2 || (!each && argc != 2)) {
		fputs("usage: jobrow-dump [--cached] LOG\n"
		      "       jobrow-dump [--cached] --each LOG...\n",
		      stderr);
		return 2;
	}
	if (!each) {
		if (dump(argv[1], cached, &err) == 0)
			return 0;
		fprintf(stderr, "jobrow-dump: %s: %s\n", argv[1], err.msg);
		return 1;
	}
	/* --each: a "#log" line before each log's fields, an "#error"
	 * line instead of them: one process for thousands of logs */
	for (i = 1; i < argc; i++) {
		printf("#log\t%s\n", argv[i]);
		if (dump(argv[i], cached, &err) != 0)
			printf("#error\t%s\n", err.msg);
		fflush(stdout);
	}
	return 0;
}
