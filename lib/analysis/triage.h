/*
 * Triage: a table of rules over the job model, each giving a finding
 * with a stable code, a severity, the measured value, the threshold it
 * was judged against and a recommendation in plain words.  Thresholds
 * come from a key = value configuration (etc/triage.conf, compiled in).
 *
 * Ownership: struct iol_triage is caller-owned; its findings array is
 * allocated here and freed with iol_triage_free(); strings in findings
 * are static or live in the finding itself.
 */
#ifndef IOLENS_TRIAGE_H
#define IOLENS_TRIAGE_H

#include "base/error.h"
#include "model/job.h"

enum { IOL_SEV_HIGH, IOL_SEV_WARN, IOL_SEV_INFO, IOL_SEV_OK, IOL_SEV_NA };
extern const char *const iol_sev_names[5];

#define IOL_TRIAGE_NKEYS 11
struct iol_triage_conf {
	double v[IOL_TRIAGE_NKEYS];
};

/* The text of etc/triage.conf, compiled in. */
extern const char iol_triage_default_conf[];

/* Sets the defaults, then applies text (NULL: defaults only). */
int iol_triage_conf_parse(struct iol_triage_conf *c, const char *text,
			  struct iol_error *err);

struct iol_finding {
	const char *code, *title, *unit, *rec;
	int sev;
	double value, threshold; /* NAN when not evaluated */
	char detail[160];	 /* who is responsible, or why not evaluated */
};

struct iol_triage {
	struct iol_finding *f;
	size_t n;
};

int iol_triage_run(const struct iol_job *job, const struct iol_triage_conf *c,
		   struct iol_triage *t, struct iol_error *err);
void iol_triage_free(struct iol_triage *t);

#endif
