/*
 * `iolens population-report --db S -o pop.html`: the population report
 * as one HTML file that needs nothing else (export.c's policy and
 * script).  The sections of the PDF (render/popreport.c) in its order,
 * each a table and chart of the command that prints those numbers
 * (groups, triage, variance, trend), run as `iolens CMD --db S --format
 * csv`, so that the page's numbers are the --format=json numbers of the
 * same views; the tables sort by a click on a header, the charts say a
 * mark's value on hover.  The store's strings are escaped as the
 * server's pages escape them.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "population/popan.h"
#include "serve/internal.h"
#include "base/banned.h"

static const char pop_css[] =
	"figure.chart{margin:8px 0}svg.chart{max-width:100%;height:auto;"
	"font:11px sans-serif}svg.chart rect.mk:hover{opacity:.6}"
	"figcaption{font-size:12px;color:#555}\n";

/* The command's CSV over the store (argv: its name and options, the
 * store and the format added); 0, or -1 with its message on the page. */
static int pop_csv(const struct serve_opts *o, const char *where,
		   const char *const *argv, struct csv *c, struct sb *b)
{
	const char *av[16];
	struct run r;
	int n = 0, rc = -1;

	for (; argv[n] && n < 8; n++)
		av[n] = argv[n];
	av[n++] = "--db";
	av[n++] = o->db;
	if (where) {
		av[n++] = "--where";
		av[n++] = where;
	}
	av[n++] = "--format";
	av[n++] = "csv";
	av[n] = NULL;
	run_iolens(o, av, -1, &r);
	if (r.status == 0 &&
	    csv_parse(r.out.s ? r.out.s : "", r.out.len, c) == 0)
		rc = 0;
	else
		page_run_err(b, &r);
	run_free(&r);
	return rc;
}

static void h2(struct sb *b, const char *t)
{
	sb_puts(b, "<section><h2>");
	sb_html(b, t);
	sb_puts(b, "</h2>\n");
}

/* A section of one command's table, and nothing more. */
static void plain(const struct serve_opts *o, const char *where, struct sb *b,
		  const char *title, const char *const *argv)
{
	struct csv c;

	h2(b, title);
	if (pop_csv(o, where, argv, &c, b) == 0) {
		page_table(b, argv[0], &c);
		csv_free(&c);
	}
	sb_puts(b, "</section>\n");
}

static const char *const strat_cols[] = {
	"strategy_n_1",	  "strategy_n_n",      "strategy_n_m",
	"strategy_rank0", "strategy_one_rank", "strategy_1_process",
	"strategy_no_io", "strategy_other"};
static const char *const strat_names[] = {"N-1",    "N-N",	"N-M",
					  "rank 0", "one rank", "1 process",
					  "no I/O", "other"};
static const char *const fw_cols[] = {
	"files_written_lt_4k",	  "files_written_4k_64k",
	"files_written_64k_1m",	  "files_written_1m_16m",
	"files_written_16m_256m", "files_written_256m_4g",
	"files_written_ge_4g"};
static const char *const fw_names[] = {
	"< 4 KiB",    "4-64 KiB",      "64 KiB-1 MiB", "1-16 MiB",
	"16-256 MiB", "256 MiB-4 GiB", ">= 4 GiB"};
static const char *const box_q[5] = {
	"mib_s_per_node_min", "mib_s_per_node_p10", "mib_s_per_node_median",
	"mib_s_per_node_p90", "mib_s_per_node_max"};

/* one line of the glance: its name, the number (key: a date's column) */
static void glance_row(struct sb *b, const char *name, const char *key,
		       double v)
{
	char num[64];

	snprintf(num, sizeof num, "%.17g", v);
	sb_puts(b, "<tr><th>");
	sb_html(b, name);
	sb_puts(b, "</th>");
	page_data_cell(b, key, num);
	sb_puts(b, "</tr>\n");
}

/* The population at a glance: the PDF's first table, by the same
 * library call (iol_pop_glance) over the same rows. */
static void glance(const struct iol_popset *set, struct sb *b)
{
	struct iol_popglance g;

	h2(b, "The population at a glance");
	if (iol_pop_glance(set, &g) < 0) {
		b->nomem = 1;
		return;
	}
	sb_puts(b, "<table class=\"down glance\"><tbody>\n");
	glance_row(b, "jobs", "jobs", (double)g.jobs);
	glance_row(b, "partial jobs", "partial", (double)g.partial);
	glance_row(b, "users", "users", (double)g.users);
	glance_row(b, "applications", "apps", (double)g.apps);
	glance_row(b, "bytes read", "bytes_read", g.bytes_read);
	glance_row(b, "bytes written", "bytes_written", g.bytes_written);
	if (g.first <= g.last) {
		glance_row(b, "first start (UTC)", "start_time", g.first);
		glance_row(b, "last end (UTC)", "end_time", g.last);
	}
	sb_puts(b, "</tbody></table></section>\n");
}

/* Fig. 10, the access sizes across jobs, by the PDF's library call */
static void fig10(const struct iol_popset *set, struct sb *b)
{
	static const char *const cats[IOL_POP_NBINS] = {
		"0-100", "100-1K", "1K-10K",   "10K-100K", "100K-1M",
		"1M-4M", "4M-10M", "10M-100M", "100M-1G",  "1G+"};
	static const char *const names[2] = {"reads", "writes"};
	double rd[IOL_POP_NBINS], wr[IOL_POP_NBINS];
	const double *const series[2] = {rd, wr};
	int64_t nr, nw;
	char cap[256];

	iol_pop_access_cdf(set, rd, wr, &nr, &nw);
	snprintf(cap, sizeof cap,
		 "Access sizes across jobs (Fig. 10): the fraction of all "
		 "POSIX accesses at or below each size bin, summed over "
		 "jobs: %lld reads, %lld writes%s",
		 (long long)nr, (long long)nw,
		 set->has_bins ? "" : " (the store has no access-size bins)");
	hc_cdf(b, IOL_POP_NBINS, cats, series, names, cap);
}

/* Table VI per application, then who moves the data (Figs. 3 and 4),
 * files (Fig. 5) and performance per compute node (Fig. 11): the
 * groups by application and by job size. */
static void groups(const struct serve_opts *o, const char *where,
		   const struct iol_popset *set, struct sb *b)
{
	const char *app[] = {"groups", "--by", "app", NULL};
	const char *size[] = {"groups", "--by", "size", NULL};
	const char *share[] = {"share_pct"};
	const char *share_n[] = {"share of all bytes %"};
	struct csv a, s;
	int ha, hs;

	h2(b, "Table VI per application: means over jobs");
	if ((ha = pop_csv(o, where, app, &a, b) == 0))
		page_table(b, "groups", &a);
	sb_puts(b, "</section>\n");
	h2(b, "Who moves the data");
	hs = pop_csv(o, where, size, &s, b) == 0;
	if (hs)
		hc_bars(b, &s, "group", NULL, strat_cols, strat_names, 8,
			"I/O strategy by job size (Fig. 3): jobs per "
			"strategy, a bar per class of processes");
	if (ha)
		hc_bars(b, &a, "group", NULL, share, share_n, 1,
			"Share of bytes per application (Fig. 4), %");
	sb_puts(b, "</section>\n");
	h2(b, "Files and access sizes");
	if (hs) {
		hc_bars(b, &s, "group", NULL, fw_cols, fw_names, 7,
			"Files written per job by size (Fig. 5), a bar per "
			"class of processes");
	}
	if (set)
		fig10(set, b);
	if (hs) {
		page_table(b, "groups", &s);
		csv_free(&s);
	}
	sb_puts(b, "</section>\n");
	h2(b, "Performance per compute node");
	if (ha) {
		hc_box(b, &a, "group", box_q,
		       "MiB/s per compute node per application (Fig. 11): "
		       "min, p10-p90, median, max");
		csv_free(&a);
	}
	sb_puts(b, "</section>\n");
}

/* What changed: the trend per application and month, the bytes of
 * each a bar. */
static void trend(const struct serve_opts *o, const char *where, struct sb *b)
{
	const char *argv[] = {"trend", "--by", "app", "--every", "month", NULL};
	const char *bytes[] = {"bytes"};
	struct csv c;

	h2(b, "What changed");
	if (pop_csv(o, where, argv, &c, b) == 0) {
		hc_bars(b, &c, "group", "period", bytes, bytes, 1,
			"Bytes moved per application and month");
		page_table(b, "trend", &c);
		csv_free(&c);
	}
	sb_puts(b, "</section>\n");
}

/* Table VI per project, as the PDF has it: only when the jobs have a
 * project, not all "(none)" */
static void projects(const struct serve_opts *o, const char *where,
		     struct sb *b)
{
	const char *argv[] = {"groups", "--by", "project", NULL};
	struct sb msg = {0};
	struct csv c;
	int gi;

	if (pop_csv(o, where, argv, &c, &msg) < 0) {
		h2(b, "Table VI per project: means over jobs");
		sb_put(b, msg.s, msg.len);
		sb_puts(b, "</section>\n");
		sb_free(&msg);
		return;
	}
	gi = csv_col(&c, "group");
	if (c.nrows > 2 || (c.nrows == 2 && gi >= 0 && gi < c.ncells[1] &&
			    strcmp(c.rows[1][gi], "(none)"))) {
		h2(b, "Table VI per project: means over jobs");
		page_table(b, "groups", &c);
		sb_puts(b, "</section>\n");
	}
	csv_free(&c);
}

/* Jobs over time: bytes per interval of job start, at the PDF's width
 * (iol_pop_timeline_auto) */
static void overtime(const struct iol_popset *set, struct sb *b)
{
	const char *wname;
	double t0, width, *v = NULL;
	size_t n = 0;
	char(*tip)[96] = NULL, first[64], cap[160];
	const char **tips = NULL;

	h2(b, "Jobs over time and outliers");
	if (iol_pop_timeline_auto(set, &width, &wname, &t0, &v, &n) < 0 ||
	    !(tip = calloc(n + 1, sizeof *tip)) ||
	    !(tips = calloc(n + 1, sizeof *tips))) {
		free(v);
		free(tip);
		b->nomem = 1;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		char when[40];
		time_t t = (time_t)(t0 + width * (double)i);
		struct tm tm;
		strftime(when, sizeof when, "%Y-%m-%d %H:%M",
			 gmtime_r(&t, &tm));
		snprintf(tip[i], sizeof tip[i], "from %s UTC: %.17g bytes",
			 when, v[i]);
		tips[i] = tip[i];
	}
	snprintf(cap, sizeof cap,
		 "Bytes read + written by the jobs starting in each %s "
		 "(hourly when the jobs span at least 12 hours)",
		 wname);
	if (n) {
		time_t t = (time_t)t0;
		struct tm tm;
		strftime(first, sizeof first, "from %Y-%m-%d %H:%M UTC",
			 gmtime_r(&t, &tm));
		hc_columns(b, n, v, tips, first, cap);
	}
	free(tips);
	free(tip);
	free(v);
}

#define MAXOUT 60

static void cell_num(struct sb *b, const char *key, double v)
{
	char num[64];

	snprintf(num, sizeof num, "%.17g", v);
	page_data_cell(b, key, num);
}

/* one row of the outliers: the job, its log, the metric, its value,
 * percentile among the earlier jobs, their number, the verdict */
static void outlier_row(struct sb *b, const struct iol_popjob *j, int k,
			const struct iol_popout *c)
{
	static const char *const keys[7] = {
		"id", "log", "metric", "value", "pctile", "earlier", "verdict"};

	sb_puts(b, "<tr>");
	cell_num(b, keys[0], (double)j->id);
	page_data_cell(b, keys[1], j->path ? j->path : "");
	page_data_cell(b, keys[2], iol_pop_ctx_names[k]);
	cell_num(b, keys[3], iol_pop_ctx_value(j, k));
	cell_num(b, keys[4], c->pct[k]);
	cell_num(b, keys[5], c->n[k]);
	page_data_cell(b, keys[6], iol_pop_verdict_name(c->verdict[k]));
	sb_puts(b, "</tr>\n");
}

/* The outliers, as the PDF lists them (iol_pop_context_all,
 * iol_pop_outliers), their logs' paths read for them alone. */
static void outliers(struct iol_popdb *db, struct iol_popset *set, struct sb *b)
{
	static const char *const head[7] = {
		"id", "log", "metric", "value", "pctile", "earlier", "verdict"};
	struct iol_popout *ctx = calloc(set->n + 1, sizeof *ctx);
	struct iol_popoutlier rows[MAXOUT];
	struct iol_error e = {0};
	size_t n, total, njobs, idx[MAXOUT], ni = 0;

	sb_puts(b, "<h3>Outliers: jobs unusual for their application</h3>\n");
	if (!ctx || iol_pop_context_all(set, ctx) < 0 ||
	    iol_pop_outliers(set, ctx, MAXOUT, rows, &n, &total, &njobs) < 0) {
		free(ctx);
		b->nomem = 1;
		return;
	}
	/* a job's metrics are together: each job once */
	for (size_t i = 0; i < n; i++)
		if (!ni || idx[ni - 1] != rows[i].job)
			idx[ni++] = rows[i].job;
	if (iol_popdb_load_paths(db, set, idx, ni, &e) < 0) {
		sb_puts(b, "<p class=\"note\">");
		sb_html(b, e.msg);
		sb_puts(b, "</p>\n");
	}
	sb_printf(b,
		  "<p>Each job against the earlier jobs of its application "
		  "(as iolens context judges one): all %zu jobs checked, "
		  "%zu unusual metrics in %zu jobs%s.</p>\n",
		  set->n, total, njobs,
		  total > MAXOUT ? ", the first 60 (latest jobs first) shown"
				 : "");
	if (n) {
		sb_puts(b, "<div class=\"scroll\"><table class=\"sortable "
			   "outliers\"><thead><tr>");
		for (int k = 0; k < 7; k++)
			page_head_cell(b, head[k], NULL, NULL);
		sb_puts(b, "</tr></thead><tbody>\n");
		for (size_t i = 0; i < n; i++)
			outlier_row(b, &set->jobs[rows[i].job], rows[i].metric,
				    &ctx[rows[i].job]);
		sb_puts(b, "</tbody></table></div>\n");
	}
	sb_puts(b, "</section>\n");
	free(ctx);
}

int pop_html(const struct serve_opts *o, const char *where, char **buf,
	     size_t *len, struct iol_error *err)
{
	const char *tri[] = {"triage", NULL};
	const char *var[] = {"variance", NULL};
	struct iol_error e = {0};
	struct iol_popdb *db = NULL;
	struct iol_popset set;
	struct sb b = {0};
	int rc;

	*buf = NULL;
	*len = 0;
	html_doc_head(&b, "population report: ", o->db, pop_css, NULL);
	sb_puts(&b, "Population report</h1>\n<p>The store <span "
		    "class=\"path\">");
	sb_html(&b, o->db);
	sb_puts(&b, "</span>");
	if (where) {
		sb_puts(&b, ", the jobs where <code>");
		sb_html(&b, where);
		sb_puts(&b, "</code>");
	}
	sb_puts(&b, ". Click a table's header to sort by it; hover a "
		    "chart's mark for its value.</p>\n");
	/* the rows of the glance and Fig. 10, which no command prints:
	 * the PDF's library calls over them */
	rc = iol_popdb_open(o->db, &db, &e);
	if (rc == 0)
		rc = iol_popdb_load_some(db, where, IOL_POPLOAD_BINS, &set, &e);
	if (rc < 0) {
		iol_popdb_close(db);
		sb_free(&b);
		return iol_error_set(err, rc, "'%s': %s", o->db,
				     e.msg[0] ? e.msg : iol_strerror(rc));
	}
	/* nothing to report, as the PDF says */
	if (!set.n) {
		iol_popdb_close(db);
		iol_popset_free(&set);
		sb_free(&b);
		if (where)
			return iol_error_set(err, IOL_EEMPTY,
					     "no jobs match --where \"%s\" in "
					     "'%s'",
					     where, o->db);
		return iol_error_set(err, IOL_EEMPTY,
				     "no jobs match: '%s' holds none", o->db);
	}
	glance(&set, &b);
	groups(o, where, &set, &b);
	projects(o, where, &b);
	plain(o, where, &b, "Who to call first", tri);
	plain(o, where, &b, "Variance of repeated jobs (Table IV)", var);
	overtime(&set, &b);
	outliers(db, &set, &b);
	iol_popdb_close(db);
	iol_popset_free(&set);
	trend(o, where, &b);
	return html_doc_end(&b, NULL, buf, len, err);
}
