/*
 * Repeated replays and their medians (runs.h).  Owner: lib/replay.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "replay/runs.h"
#include "base/banned.h"

static void say(const struct iol_rruns_hooks *h, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say(const struct iol_rruns_hooks *h, const char *fmt, ...)
{
	char buf[4096 + 512];
	va_list ap;

	if (!h->say)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	h->say(h->arg, buf);
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(double), cmpd);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The medians of the runs into res (kept: the first run's per-file
 * counts, failures and profile), their spread into spread[4][2]; col
 * is n doubles of room. */
static void medians(struct iol_rresult *res, double (*v)[4], size_t n,
		    double *col, double spread[4][2])
{
	double *dst[4] = {&res->rep.run_s, &res->rep.read_s, &res->rep.write_s,
			  &res->rep.meta_s};
	size_t i, k;

	for (k = 0; k < 4; k++) {
		for (i = 0; i < n; i++)
			col[i] = v[i][k];
		*dst[k] = median(col, n);
		spread[k][0] = col[0];
		spread[k][1] = col[n - 1];
	}
}

/* The run directories of repeated runs, removed after the last run
 * (engine.h: iol_replay_remove()), or before the next one when it would
 * not fit beside them. */
struct held {
	char (*dir)[4096];
	size_t n;
	int made; /* the first run made the sandbox */
};

static void hold(struct held *h, const struct iol_rresult *r)
{
	if (!r->rundir[0])
		return;
	h->made |= r->made_sandbox;
	memcpy(h->dir[h->n++], r->rundir, sizeof(h->dir[0]));
}

static void release(struct held *h, const struct iol_ropts *o, int last,
		    const struct iol_rruns_hooks *hk)
{
	char bad[256];
	size_t i;

	for (i = 0; i < h->n; i++)
		if (iol_replay_remove(o, h->dir[i], bad, sizeof(bad)))
			say(hk,
			    "warning: could not remove all of the run "
			    "directory: %s: %s",
			    bad, strerror(errno));
	h->n = 0;
	if (last && h->made)
		rmdir(o->dir); /* when empty, as a single run does */
}

int iol_replay_runs(struct iol_rbin *b, struct iol_ropts *o, int64_t runs,
		    struct iol_rresult *res, double spread[4][2],
		    const struct iol_rruns_hooks *hk)
{
	struct iol_error err = {0};
	struct iol_rresult more;
	double(*v)[4] = calloc((size_t)runs, sizeof(*v));
	double *col = calloc((size_t)runs, sizeof(double));
	struct held h = {NULL, 0, 0};
	int64_t i;
	int rc = 0;

	/* member 0 of a group removes the run directory, as in one run */
	o->hold = runs > 1 && !o->keep && (!o->group || o->group->me == 0);
	if (o->hold)
		h.dir = calloc((size_t)runs, sizeof(*h.dir));
	if (!v || !col || (o->hold && !h.dir)) {
		free(v);
		free(col);
		free(h.dir);
		return IOL_ENOMEM;
	}
	for (i = 0; i < runs && rc == 0; i++) {
		struct iol_rresult *r = i ? &more : res;

		if (h.n && !iol_replay_room(o, res))
			release(&h, o, 0, hk);
		if (hk->run)
			hk->run(hk->arg, (int)i + 1, 0);
		rc = iol_replay_run(b, o, r, &err);
		if (o->hold)
			hold(&h, r);
		if (hk->run)
			hk->run(hk->arg, (int)i + 1, 1);
		if (rc < 0) {
			release(&h, o, 1, hk);
			if (hk->failed)
				hk->failed(hk->arg, r, &err);
			if (i)
				iol_rresult_release(&more);
			break;
		}
		v[i][0] = r->rep.run_s, v[i][1] = r->rep.read_s;
		v[i][2] = r->rep.write_s, v[i][3] = r->rep.meta_s;
		if (r->cleanup[0])
			say(hk,
			    "warning: could not remove all of the run "
			    "directory: %s",
			    r->cleanup);
		if (i)
			iol_rresult_release(&more);
	}
	release(&h, o, 1, hk);
	free(h.dir);
	if (rc == 0)
		medians(res, v, (size_t)runs, col, spread);
	free(v);
	free(col);
	return rc;
}
