/*
 * Unit tests of the population analyses (population/popan.h) on rows
 * made here, as a TAP stream: type 7 percentiles against R's
 * quantile(type = 7), "within 1%", job-size classes, Table IV's chained
 * groups and their order independence, and context verdicts.  Run by
 * t/7105-popan-unit.t.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "population/popan.h"
#include "base/banned.h"

#include "t/unit/tap.h"

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-12 * fmax(1, fabs(b));
}

static void test_quantile(void)
{
	const double x[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
	const double y[1] = {42};

	/* R: quantile(1:10, c(0, .1, .5, .9, 1)) = 1 1.9 5.5 9.1 10 */
	ok(near(iol_pop_quantile(x, 10, 0), 1), "type 7 p0 = min");
	ok(near(iol_pop_quantile(x, 10, 0.1), 1.9),
	   "type 7 p10 of 1..10 = 1.9");
	ok(near(iol_pop_quantile(x, 10, 0.5), 5.5), "type 7 median = 5.5");
	ok(near(iol_pop_quantile(x, 10, 0.9), 9.1), "type 7 p90 = 9.1");
	ok(near(iol_pop_quantile(x, 10, 1), 10), "type 7 p100 = max");
	ok(near(iol_pop_quantile(y, 1, 0.3), 42), "one value: itself");
	ok(isnan(iol_pop_quantile(x, 0, 0.5)), "no values: NAN");
}

static void test_within_and_classes(void)
{
	ok(iol_pop_within(100, 101, 0.01), "100 and 101 within 1%");
	ok(!iol_pop_within(100, 102, 0.01), "100 and 102 not within 1%");
	ok(iol_pop_within(0, 0, 0.01), "0 and 0 within 1%");
	ok(!strcmp(iol_pop_size_name(iol_pop_size_class(1)), "1"), "1 proc");
	ok(!strcmp(iol_pop_size_name(iol_pop_size_class(3)), "2-3"), "3: 2-3");
	ok(!strcmp(iol_pop_size_name(iol_pop_size_class(4)), "4-7"), "4: 4-7");
	ok(!strcmp(iol_pop_size_name(iol_pop_size_class(1024)), "1024-2047"),
	   "1024: 1024-2047");
	ok(!strcmp(iol_pop_size_name(iol_pop_size_class(100000)), "65536+"),
	   "100000: 65536+");
}

static void job(struct iol_popjob *j, int64_t id, int64_t br, double t,
		int partial)
{
	memset(j, 0, sizeof *j);
	j->id = id;
	j->uid = 7;
	j->app = (char *)"app";
	j->user = (char *)"u";
	j->nprocs = 4;
	j->files = 2;
	j->bytes_read = br;
	j->bytes_written = 1000;
	j->io_time_by_slowest = t;
	j->partial = partial;
	j->start_time = (double)id;
	j->mib_s = t;
}

static void test_variance(void)
{
	/* 10000 -> 10090 -> 10180 chain (each step within 1%, the ends
	 * not); 20000 alone; one partial job */
	struct iol_popjob a[5], b[5];
	struct iol_popset s = {.jobs = a, .n = 5}, r = {.jobs = b, .n = 5};
	struct iol_popvar *v, *w;
	size_t n, m, np, nq;

	job(&a[0], 1, 10000, 1, 0);
	job(&a[1], 2, 10090, 2, 0);
	job(&a[2], 3, 10180, 3, 0);
	job(&a[3], 4, 20000, 9, 0);
	job(&a[4], 5, 10000, 50, 1);
	for (int i = 0; i < 5; i++)
		b[i] = a[(i + 2) % 5];
	ok(iol_pop_variance(&s, &v, &n, &np) == 0, "variance runs");
	ok(n == 1 && v[0].jobs == 3, "one chained group of 3 jobs");
	ok(np == 1, "the partial job is counted out");
	ok(n == 1 && near(v[0].mean, 2) && near(v[0].min, 1) &&
		   near(v[0].max, 3) && near(v[0].stddev, 1) &&
		   near(v[0].cv, 0.5),
	   "mean 2, min 1, max 3, sample stddev 1, cv 0.5");
	ok(iol_pop_variance(&r, &w, &m, &nq) == 0 && m == n &&
		   w[0].jobs == v[0].jobs && near(w[0].mean, v[0].mean) &&
		   near(w[0].stddev, v[0].stddev),
	   "rows in another order: the same groups");
	free(v);
	free(w);
}

/* The groups of s by iol_pop_variance() (keys ranked, a key's jobs
 * sorted alone) and by iol_pop_variance_rows() (every row sorted at
 * once): the same groups in the same order, bit for bit. */
static void variance_same(const struct iol_popset *s, const char *what)
{
	struct iol_popvrows rows = {0};
	struct iol_popvar *v = NULL, *w = NULL;
	size_t n = 0, m = 0, np = 0, same = 1;

	for (size_t i = 0; i < s->n; i++)
		iol_pop_var_add(&rows, &s->jobs[i]);
	same = iol_pop_variance(s, &v, &n, &np) == 0 &&
	       iol_pop_variance_rows(&rows, &w, &m) == 0 && n == m &&
	       np == rows.npartial;
	for (size_t g = 0; same && g < n; g++)
		same = v[g].uid == w[g].uid && v[g].nprocs == w[g].nprocs &&
		       v[g].files == w[g].files && v[g].jobs == w[g].jobs &&
		       v[g].bytes_read == w[g].bytes_read &&
		       v[g].bytes_written == w[g].bytes_written &&
		       !strcmp(v[g].app, w[g].app) &&
		       !strcmp(v[g].user, w[g].user) &&
		       !memcmp(&v[g].mean, &w[g].mean, 5 * sizeof(double));
	printf("# %s: %zu jobs, %zu groups\n", what, s->n, n);
	ok(same && n > 0, what);
	free(v);
	free(w);
	iol_pop_vrows_free(&rows);
}

/* Table IV over many keys: strings out of order of their addresses,
 * repeated and chained bytes, tied sizes with different times; and
 * keys too wide for 64 bits (over 65,536 distinct values of each of
 * uid, app, nprocs and files), sorted whole. */
static void test_variance_order(void)
{
	static const char *const apps[] = {"zeta", "alpha", "mid", "beta"};
	static const char *const users[] = {"w", "a", "q"};
	size_t N = 140000;
	struct iol_popjob *a = calloc(N, sizeof *a);
	char(*names)[16] = calloc(N / 2, sizeof *names);
	struct iol_popset s = {.jobs = a, .n = 30000};
	uint64_t r = 7;

	if (!a || !names) {
		ok(0, "memory");
		free(a);
		free(names);
		return;
	}
	for (size_t i = 0; i < s.n; i++) {
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		job(&a[i], (int64_t)i + 1,
		    10000 + (int64_t)((r >> 33) % 40) * 50,
		    (double)((r >> 20) % 1000) / 8, i % 23 == 0);
		a[i].app = (char *)apps[(r >> 40) % 4];
		a[i].user = (char *)users[(r >> 44) % 3];
		a[i].uid = (int64_t)((r >> 44) % 3) * 1000 - 1000;
		a[i].nprocs = 1 << ((r >> 50) % 8);
		a[i].files = (int64_t)((r >> 53) % 41);
		a[i].bytes_written = i % 5 ? 1000 : 1005;
	}
	variance_same(&s, "variance by ranked keys = by every row sorted");
	s.n = N;
	for (size_t i = 0; i < N; i++) {
		size_t k = i / 2; /* two jobs a key */
		snprintf(names[k], sizeof names[k], "app%zu",
			 (N / 2 - k) * 7 % 100003);
		job(&a[i], (int64_t)i + 1, 5000, (double)(i % 3), 0);
		a[i].app = names[k];
		a[i].uid = (int64_t)k;
		a[i].nprocs = (int64_t)k + 1;
		a[i].files = (int64_t)(N - k);
	}
	variance_same(&s, "variance of keys over 64 bits = by every row");
	free(a);
	free(names);
}

static void test_context(void)
{
	struct iol_popjob a[22];
	struct iol_popset s = {.jobs = a, .n = 22};
	struct iol_popctx c;

	for (int i = 0; i < 20; i++)
		job(&a[i], i + 1, 10000, i + 1, 0);
	job(&a[20], 100, 10000, 100, 0);
	job(&a[21], 101, 10000, 10.5, 0);
	iol_pop_context(&s, &a[20], &c);
	ok(c.njobs == 20, "20 earlier jobs");
	ok(c.m[0].verdict == IOL_CTX_HIGH, "far above p95: unusually high");
	ok(near(c.m[0].percentile, 100), "percentile 100");
	iol_pop_context(&s, &a[21], &c);
	ok(c.njobs == 21 && c.m[0].verdict == IOL_CTX_NORMAL,
	   "in the middle: normal");
	ok(near(c.m[0].percentile, 100.0 * 10 / 21), "percentile 10 of 21");
	iol_pop_context(&s, &a[5], &c);
	ok(c.njobs == 5 && c.m[0].verdict == IOL_CTX_FEW,
	   "5 earlier jobs: too few");
}

/* iol_pop_verdicts() against iol_pop_context_all() of the same set o:
 * the same verdict of every metric of every job, the n and percentile
 * (the same float) of each unusual one, and the same outliers table. */
static void verdicts_case(const struct iol_popset *s,
			  const struct iol_popout *o)
{
	struct iol_popverdicts v;
	struct iol_popouttab ta, tb;
	size_t bad = 0, unusual = 0, same;

	if (iol_pop_verdicts(s, &v) != 0) {
		ok(0, "verdicts run");
		return;
	}
	for (size_t i = 0; i < s->n; i++)
		for (int k = 0; k < IOL_POP_NCTX; k++) {
			uint8_t w = o[i].verdict[k];
			bad += v.v[i * IOL_POP_NCTX + (size_t)k] != w;
			unusual += w == IOL_CTX_LOW || w == IOL_CTX_HIGH;
		}
	for (size_t u = 0; u < v.nu; u++) {
		const struct iol_popunusual *x = &v.u[u];
		bad += x->n != o[x->job].n[x->metric] ||
		       memcmp(&x->pct, &o[x->job].pct[x->metric],
			      sizeof x->pct) != 0;
	}
	ok(bad == 0 && v.nu == unusual && unusual > 0,
	   "verdicts alone = context of every job (verdict, n, percentile)");
	same = iol_pop_outtab(s, o, &ta) == 0 &&
	       iol_pop_outtab_v(s, &v, &tb) == 0 && ta.n == tb.n &&
	       ta.total == tb.total && ta.njobs == tb.njobs && ta.n > 0;
	for (size_t i = 0; same && i < ta.n; i++) {
		int k = ta.rows[i].metric;
		same = ta.rows[i].job == tb.rows[i].job &&
		       k == tb.rows[i].metric &&
		       ta.ctx[i].n[k] == tb.ctx[i].n[k] &&
		       ta.ctx[i].verdict[k] == tb.ctx[i].verdict[k] &&
		       !memcmp(&ta.ctx[i].pct[k], &tb.ctx[i].pct[k],
			       sizeof(float));
	}
	ok(same, "outliers table from the verdicts = from every context");
	iol_pop_verdicts_free(&v);
}

/* 20,000 synthetic jobs (5 apps, 4 users, 4 process counts, tied start
 * times, partial jobs, missing values, repeated values): the one-pass
 * context of every job against iol_pop_context() job by job, for every
 * 13th job and the first 600 jobs it calls unusual.  A large set
 * (groups of 4096 values and more are sorted by radix passes, not
 * qsort) with negative values and -0 too, every every-th job and the
 * first maxflag unusual ones checked. */
static void context_all_case(int N, int napps, int every, size_t maxflag,
			     int wide)
{
	static const char *const apps[] = {"a", "b", "c", "d", "e"};
	/* a user and a process count first seen in the last quarter: their
	 * jobs take the app's or the user's scope late, when those groups
	 * hold most of their values (the pass stops a group at its last
	 * job of that level); every one of them is checked */
	int late_from = N - N / 4;
	static const char *const users[] = {"u", "v", "w", "x"};
	struct iol_popjob *a = calloc((size_t)N, sizeof *a);
	struct iol_popout *o = calloc((size_t)N, sizeof *o);
	struct iol_popset s = {.jobs = a, .n = (size_t)N};
	uint64_t r = 42;
	size_t checked = 0, bad = 0, flagged = 0;

	if (!a || !o) {
		ok(0, "memory");
		free(a);
		free(o);
		return;
	}
	for (int i = 0; i < N; i++) {
		struct iol_popjob *j = &a[i];
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		j->id = i + 1;
		j->app = (char *)apps[(r >> 33) % (uint64_t)napps];
		j->user = (char *)users[wide ? 0 : (r >> 40) % 4];
		j->nprocs = wide ? 4 : 1 << ((r >> 45) % 4);
		j->start_time = i % 97 == 0 ? NAN : (double)(i / 3);
		j->partial = i % 17 == 0;
		j->mib_s = (double)((r >> 20) % 1000) / 7;
		j->mib_s_per_node = i % 5 ? j->mib_s / 2 : NAN;
		j->pct_io_time_slowest = (double)((r >> 12) % 100);
		j->md_cost_pct = (double)(i % 11);
		if (wide) /* negative values, -0 and +0 among them */
			j->md_cost_pct = i % 3	 ? (double)((r >> 24) % 41) - 20
					 : i % 2 ? -0.0
						 : 0.0;
		j->bytes_read = (int64_t)((r >> 30) % 100000);
		j->bytes_written = i % 13 ? 1000 : IOL_POP_NULL;
		j->files = i % 7;
		if (!wide && i >= late_from && i % 41 == 0) {
			j->user = (char *)"late";
			j->nprocs = i % 3 ? 3 : 5;
		}
	}
	ok(iol_pop_context_all(&s, o) == 0, "context of every job runs");
	for (int i = 0; i < N; i++) {
		int unusual = 0;
		struct iol_popctx c;
		for (int k = 0; k < IOL_POP_NCTX; k++)
			unusual |= o[i].verdict[k] == IOL_CTX_LOW ||
				   o[i].verdict[k] == IOL_CTX_HIGH;
		flagged += unusual;
		if (i % every && !(unusual && flagged <= maxflag) &&
		    strcmp(a[i].user, "late") != 0)
			continue;
		checked++;
		iol_pop_context(&s, &a[i], &c);
		for (int k = 0; k < IOL_POP_NCTX; k++) {
			double p = c.m[k].percentile, q = o[i].pct[k];
			if (c.m[k].n != o[i].n[k] ||
			    c.m[k].verdict != o[i].verdict[k] ||
			    isnan(p) != isnan(q) ||
			    (!isnan(p) && fabs(p - q) > 1e-3)) {
				if (bad++ < 5)
					printf("# job %d metric %d: n %zu/%u "
					       "verdict %d/%d pct %g/%g\n",
					       i, k, c.m[k].n, o[i].n[k],
					       c.m[k].verdict, o[i].verdict[k],
					       p, q);
			}
		}
	}
	printf("# %d jobs: %zu checked against the brute force, %zu "
	       "unusual\n",
	       N, checked, flagged);
	ok(bad == 0, "one pass = job by job (n, percentile, verdict)");
	ok(flagged > 100, "some jobs are unusual (the check can fail)");
	verdicts_case(&s, o);
	free(a);
	free(o);
}

static void test_context_all(void)
{
	context_all_case(20000, 5, 13, 600, 0);
	context_all_case(80000, 1, 16001, 15, 1);
}

int main(void)
{
	test_quantile();
	test_within_and_classes();
	test_variance();
	test_variance_order();
	test_context();
	test_context_all();
	return tap_done();
}
