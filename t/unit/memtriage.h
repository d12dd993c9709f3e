/*
 * t/unit/memtriage.h: the rules run on a job built in memory
 * (t/unit/memjob.h) under the default thresholds, one line a finding on
 * stdout: code, severity, stake (-1 when not finite), detail, tab
 * separated.  0, or 1 with the library's message on stderr after prog.
 * memjob_triage_print_conf() takes thresholds over the defaults (conf, in
 * etc/triage.conf's form; NULL none).
 */
#ifndef IOLENS_T_UNIT_MEMTRIAGE_H
#define IOLENS_T_UNIT_MEMTRIAGE_H

#include <math.h>
#include <stdio.h>

#include "analysis/triage.h"

static int memjob_triage_print_conf(const char *prog,
				    const struct iol_job *job, const char *conf)
{
	struct iol_triage_conf c;
	struct iol_triage t;
	struct iol_error err = {0};
	size_t i;

	if (iol_triage_conf_parse(&c, conf, &err) < 0 ||
	    iol_triage_run(job, &c, &t, &err) < 0) {
		fprintf(stderr, "%s: %s\n", prog, err.msg);
		return 1;
	}
	for (i = 0; i < t.n; i++)
		printf("%s\t%s\t%.3f\t%s\n", t.f[i].code,
		       iol_sev_names[t.f[i].sev],
		       isfinite(t.f[i].stake) ? t.f[i].stake : -1.0,
		       t.f[i].detail);
	iol_triage_free(&t);
	return 0;
}

static inline int memjob_triage_print(const char *prog,
				      const struct iol_job *job)
{
	return memjob_triage_print_conf(prog, job, NULL);
}

#endif
