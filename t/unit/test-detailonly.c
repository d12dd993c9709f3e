/*
 * The triage inputs a pass without details leaves unread
 * (analysis/triage.h iol_triage_in_detail_only(); population/poptriage.c
 * leaves their columns out of its cursor): every job of a store (argv[1],
 * the rows of argv[2] when given) evaluated with its stored inputs, then
 * with those inputs absent (no value) and with values no store holds:
 * the same severity, value, threshold, stake and share of every finding.
 * TAP on stdout.  Run by t/0995-triage-detail-only.t.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "population/popdb.h"
#include "population/poptriage.h"
#include "base/banned.h"

#include "t/unit/tap.h"

/* the row's inputs, each present column's value */
static void row_in(struct iol_popcur *cur, struct iol_triage_in *in)
{
	iol_triage_in_clear(in);
	for (int i = 0; i < iol_popcur_ncols(cur); i++) {
		int k = iol_triage_in_index(iol_popcur_name(cur, i));
		const char *s;

		if (k < 0)
			continue;
		in->have[k] = 1;
		if (k < IOL_TIN_NNUM) {
			in->v[k] = iol_popcur_num(cur, i);
		} else if (iol_popcur_type(cur, i) == IOL_POPV_TEXT &&
			   (s = iol_popcur_text(cur, i))) {
			snprintf(in->s[k - IOL_TIN_NNUM], sizeof(in->s[0]),
				 "%s", s);
		}
	}
}

/* The detail-only inputs of in set to no value (how 0) or to values
 * no job has (how 1); their presence kept. */
static void blank(struct iol_triage_in *in, int how)
{
	for (int k = 0; k < IOL_TIN_N; k++) {
		if (!iol_triage_in_detail_only(k))
			continue;
		if (k < IOL_TIN_NNUM)
			in->v[k] = how ? 123456.5 : NAN;
		else
			snprintf(in->s[k - IOL_TIN_NNUM], sizeof(in->s[0]),
				 "%s", how ? "/x/detail-only" : "");
	}
}

static int same_num(double a, double b)
{
	return (isnan(a) && isnan(b)) || a == b;
}

static int same(const struct iol_triage *a, const struct iol_triage *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t k = 0; k < a->n; k++) {
		const struct iol_finding *x = &a->f[k], *y = &b->f[k];

		if (x->sev != y->sev || x->floored != y->floored ||
		    !same_num(x->value, y->value) ||
		    !same_num(x->threshold, y->threshold) ||
		    !same_num(x->stake, y->stake) ||
		    !same_num(x->stake_pct, y->stake_pct))
			return 0;
	}
	return 1;
}

/* One row judged three ways; 1 when they agree, -1 on an error. */
static int judge(struct iol_popcur *cur, const struct iol_triage_conf *c)
{
	static struct iol_triage_in in;
	struct iol_triage t[3];
	struct iol_error err = {0};
	int agree, how;

	row_in(cur, &in);
	if (iol_triage_eval_values(&in, c, &t[0], &err) < 0)
		return -1;
	for (how = 0; how < 2; how++) {
		blank(&in, how);
		if (iol_triage_eval_values(&in, c, &t[how + 1], &err) < 0) {
			for (int k = 0; k <= how; k++)
				iol_triage_free(&t[k]);
			return -1;
		}
	}
	agree = same(&t[0], &t[1]) && same(&t[0], &t[2]);
	for (int k = 0; k < 3; k++)
		iol_triage_free(&t[k]);
	return agree;
}

int main(int argc, char **argv)
{
	const char *cols[IOL_POPTRI_NCOLS];
	size_t n = iol_poptri_columns(NULL, cols), rows = 0, differ = 0;
	struct iol_triage_conf conf;
	struct iol_error err = {0};
	struct iol_popcur *cur = NULL;
	struct iol_popdb *db;
	char what[160];
	int rc, nd = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: test-detailonly STORE [WHERE]\n");
		return 2;
	}
	for (int k = 0; k < IOL_TIN_N; k++)
		nd += iol_triage_in_detail_only(k);
	ok(nd > 0 && !iol_triage_in_detail_only(IOL_TIN_NPROCS) &&
		   !iol_triage_in_detail_only(IOL_TIN_UID),
	   "some inputs are detail-only, not the pass's own");
	if (iol_triage_conf_parse(&conf, NULL, &err) < 0 ||
	    iol_popdb_open(argv[1], &db, &err) < 0) {
		ok(0, err.msg);
		return tap_done();
	}
	rc = iol_popcur_open_cols(db, argc > 2 ? argv[2] : NULL, cols, n, &cur,
				  &err);
	while (rc >= 0 && (rc = iol_popcur_next(cur, &err)) == 1) {
		int a = judge(cur, &conf);
		if (a < 0) {
			rc = -1;
			break;
		}
		rows++;
		differ += (size_t)!a;
	}
	if (cur)
		iol_popcur_close(cur);
	ok(rc == 0, "every row read and judged");
	snprintf(what, sizeof what,
		 "%zu jobs: %zu judged otherwise without the %d "
		 "detail-only inputs",
		 rows, differ, nd);
	ok(rows > 0 && differ == 0, what);
	iol_popdb_close(db);
	return tap_done();
}
