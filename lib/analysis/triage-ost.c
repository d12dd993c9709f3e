/*
 * The OST rules of triage, from the job's own log (Darshan's LUSTRE
 * records): they read the log's layout, which no job-row field and no
 * stored job holds, so they are evaluated beside the rule table, on a
 * log only, and listed only when crossed.
 *
 * IOL-SLOW-OST: the OST whose time per byte is highest, against the
 * median of the job's other OSTs (each moving at least 64 MiB, at least
 * two others): crossed at IOL_OST_SLOW_RATIO (4) times, with a stake of
 * the seconds spent there beyond the others' pace of at least the
 * min_stake_s and min_stake_pct of triage.conf.  One OST that serves a
 * job's bytes far slower than its neighbours is a degraded or
 * overloaded target: the centre can see it, the user cannot fix it.
 *
 * IOL-FEW-OSTS: IOL_OST_FEW_BYTES (1 GiB) or more through at most
 * IOL_OST_FEW_MAX (2) OSTs by a job of several processes, the slowest
 * rank spending at least both floors on one of the files: the file
 * system's bandwidth is its OSTs', and Lustre's default stripe count of
 * one puts a shared file on one.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/ostload.h"
#include "analysis/triage.h"
#include "base/banned.h"

static struct iol_finding *append(struct iol_triage *t, struct iol_error *err)
{
	struct iol_finding *f = realloc(t->f, (t->n + 1) * sizeof(*t->f));

	if (!f) {
		iol_error_set(err, IOL_ENOMEM, "out of memory");
		return NULL;
	}
	t->f = f;
	f = &t->f[t->n++];
	memset(f, 0, sizeof(*f));
	return f;
}

static const struct iol_ostrow *slowest(const struct iol_ostload *l)
{
	const struct iol_ostrow *w = NULL;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!isnan(l->v[i].vs_median) &&
		    (!w || l->v[i].vs_median > w->vs_median))
			w = &l->v[i];
	return w;
}

/*
 * The slow OST's stake on its slowest rank: the most a rank spent on a
 * file there, less the most a rank spent on a file of any other OST
 * (round 21's sample-badost: r1507 took 777.9 s on OST 14, 16.4 s the
 * slowest file elsewhere, ~762 s lost).  The seconds beyond the others'
 * pace summed over the OST's files are summed over the ranks that wrote
 * them in parallel (45514 s of a 780 s run); over the run, they are no
 * rank's.  Never more than the run.
 */
static double slow_ost_rank(const struct iol_job *job,
			    const struct iol_ostload *l,
			    const struct iol_ostrow *w)
{
	double other = 0, s;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (&l->v[i] != w && l->v[i].slow > other)
			other = l->v[i].slow;
	s = fmax(0, w->slow - other);
	return job->run_time > 0 ? fmin(s, job->run_time) : s;
}

static int slow_ost(const struct iol_job *job, const struct iol_ostload *l,
		    const struct iol_triage_conf *c, struct iol_triage *t,
		    struct iol_error *err)
{
	const struct iol_ostrow *w = slowest(l);
	struct iol_finding *f;
	double b, pace, stake, pct;

	if (!w || w->vs_median < IOL_OST_SLOW_RATIO)
		return 0;
	b = w->rbytes + w->wbytes;
	pace = w->s_per_gib / w->vs_median; /* the others' median */
	stake = w->time - b * pace / 1073741824.0;
	if (job->run_time > 0 && stake > job->run_time)
		stake = slow_ost_rank(job, l, w);
	pct = job->run_time > 0 ? 100 * stake / job->run_time : NAN;
	/* material as the other rules judge it: both floors */
	if (!(stake >= c->v[IOL_TK_MIN_S]) || !(pct >= c->v[IOL_TK_MIN_PCT]))
		return 0;
	if (!(f = append(t, err)))
		return IOL_ENOMEM;
	f->code = "IOL-SLOW-OST";
	f->title = "one OST far slower than the job's others";
	f->unit = "x median s/GiB";
	f->sev = IOL_SEV_WARN;
	f->value = w->vs_median;
	f->threshold = IOL_OST_SLOW_RATIO;
	f->stake = stake;
	f->stake_pct = pct;
	f->rec = "Report the OST (its index below) to the centre with the "
		 "job's time: a degraded or overloaded target slows every "
		 "job striped over it. Meanwhile keep new files off it "
		 "(lfs setstripe -o with other OST indices, or a pool "
		 "without it) or move the files (lfs migrate).";
	snprintf(f->detail, sizeof(f->detail),
		 "OST %lld: %.1f s for %.0f MiB, %.2f s/GiB against the "
		 "median %.2f s/GiB of the job's %zu other OSTs (iolens "
		 "files --by ost)",
		 (long long)w->ost, w->time, b / 1048576.0, w->s_per_gib, pace,
		 l->n - 1);
	if (w->time - b * pace / 1073741824.0 > stake) {
		size_t n = strlen(f->detail);

		snprintf(f->detail + n, sizeof(f->detail) - n,
			 "; beyond the others' pace %.0f s summed over ranks "
			 "in parallel: at stake the slowest rank's time there "
			 "beyond the slowest file elsewhere, %.1f s",
			 w->time - b * pace / 1073741824.0, stake);
	}
	return 0;
}

static int few_osts(const struct iol_job *job, const struct iol_ostload *l,
		    const struct iol_triage_conf *c, struct iol_triage *t,
		    struct iol_error *err)
{
	struct iol_finding *f;
	double pct =
		job->run_time > 0 ? 100 * l->slow_file / job->run_time : NAN;

	if (l->bytes < IOL_OST_FEW_BYTES || l->n > IOL_OST_FEW_MAX ||
	    job->nprocs < 2 || !l->n)
		return 0;
	/* the most a rank spent on one of the files: skew-app's 41 GiB on
	 * one OST took 264 s of a 37517 s run, not worth restriping */
	if (!(l->slow_file >= c->v[IOL_TK_MIN_S]) ||
	    !(pct >= c->v[IOL_TK_MIN_PCT]))
		return 0;
	if (!(f = append(t, err)))
		return IOL_ENOMEM;
	f->code = "IOL-FEW-OSTS";
	f->title = "much data through few OSTs";
	f->unit = "OSTs";
	f->sev = IOL_SEV_WARN;
	f->value = (double)l->n;
	f->threshold = IOL_OST_FEW_MAX;
	/* the slowest rank's time on a file: what striping would divide */
	f->stake = l->slow_file;
	f->stake_pct = pct;
	f->rec = "Stripe the files over more OSTs before they are created: "
		 "lfs setstripe -c 8 DIR (or -c -1, all OSTs, for one file "
		 "shared by many ranks; a progressive layout, lfs setstripe "
		 "-E 1G -c 1 -E -1 -c 8, when small files live there too). "
		 "For MPI-IO, the striping_factor hint does the same.";
	snprintf(f->detail, sizeof(f->detail),
		 "%.0f MiB of %zu file%s on %zu OST%s, %zu file%s striped "
		 "over more than one; %lld processes",
		 l->bytes / 1048576.0, l->nfiles, l->nfiles == 1 ? "" : "s",
		 l->n, l->n == 1 ? "" : "s", l->nstriped,
		 l->nstriped == 1 ? "" : "s", (long long)job->nprocs);
	return 0;
}

int iol_triage_ost(const struct iol_job *job, const struct iol_triage_conf *c,
		   struct iol_triage *t, struct iol_error *err)
{
	struct iol_ostload l;
	int r;

	if (!job->nlustre)
		return 0;
	if ((r = iol_ostload_compute(job, &l, err)) < 0)
		return r;
	r = slow_ost(job, &l, c, t, err);
	if (r == 0)
		r = few_osts(job, &l, c, t, err);
	iol_ostload_free(&l);
	return r;
}
