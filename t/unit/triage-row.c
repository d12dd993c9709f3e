/*
 * triage-row: the rules over inputs given as "name<TAB>value" lines on
 * stdin (t/unit/jobrow-dump's output; "-" no value), each argument
 * "name=value" setting one more (present, the value given), so that a
 * test can add what only a log's DXT gives (redundant_dxt_time ...) to
 * a stored row's fields.  Prints one line a finding: code, severity,
 * stake (-1 when not finite), tab separated; then its detail.
 *
 *   jobrow-dump LOG | triage-row [name=value ...]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "base/banned.h"

/* input name's value text v into in; unknown names are left */
static void put(struct iol_triage_in *in, const char *name, const char *v)
{
	int k = iol_triage_in_index(name);

	if (k < 0)
		return;
	in->have[k] = 1;
	if (k < IOL_TIN_NNUM)
		in->v[k] = strcmp(v, "-") ? strtod(v, NULL) : NAN;
	else
		snprintf(in->s[k - IOL_TIN_NNUM], sizeof(in->s[0]), "%s",
			 strcmp(v, "-") ? v : "");
}

int main(int argc, char **argv)
{
	struct iol_triage_in in;
	struct iol_triage_conf c;
	struct iol_triage t;
	struct iol_error err = {0};
	char line[4096], *tab;
	size_t i;

	iol_triage_in_clear(&in);
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = 0;
		if ((tab = strchr(line, '\t'))) {
			*tab = 0;
			put(&in, line, tab + 1);
		}
	}
	for (i = 1; i < (size_t)argc; i++)
		if ((tab = strchr(argv[i], '='))) {
			*tab = 0;
			put(&in, argv[i], tab + 1);
		}
	if (iol_triage_conf_parse(&c, NULL, &err) < 0 ||
	    iol_triage_eval(&in, &c, &t, &err) < 0) {
		fprintf(stderr, "triage-row: %s\n", err.msg);
		return 1;
	}
	for (i = 0; i < t.n; i++)
		printf("%s\t%s\t%.3f\n\t%s\n", t.f[i].code,
		       iol_sev_names[t.f[i].sev],
		       isfinite(t.f[i].stake) ? t.f[i].stake : -1.0,
		       t.f[i].detail);
	iol_triage_free(&t);
	return 0;
}
