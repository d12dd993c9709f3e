/*
 * Prints every job-row field (analysis/jobrow.h), summary and extended,
 * of one log as "name<TAB>value" lines ("-" for no value), so that
 * t/2001-jobrow.t can check the extended fields against sums it makes
 * itself from darshan-parser text.  Usage: jobrow-dump [--cached] LOG
 * (--cached: the records extracted once first, as ingest does, so that
 * t/7144 can check that path against this one).
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

int main(int argc, char **argv)
{
	const struct iol_field *f;
	struct iol_job *job;
	struct iol_summary s;
	struct iol_jobrow r;
	struct iol_error err = {0};
	size_t i, n, nsum;
	int cached = argc == 3 && !strcmp(argv[1], "--cached");

	if (argc != 2 + cached) {
		fputs("usage: jobrow-dump [--cached] log\n", stderr);
		return 2;
	}
	argv += cached;
	if (iol_job_load(&job, argv[1], &err) < 0 ||
	    (cached && iol_recx_cache(job) < 0) ||
	    iol_summary_compute(job, NULL, &s, &err) < 0) {
		fprintf(stderr, "jobrow-dump: %s: %s\n", argv[1], err.msg);
		return 1;
	}
	r.log = argv[1];
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
