/*
 * The population report (popreport.h): pages drawn with the chart module
 * of the job report, flowing onto a new sheet when a section does not
 * fit.  Sections are functions over the groups, variance and context
 * results of population/popan.h; nothing is computed here but layout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cairo-pdf.h>
#include <cairo.h>

#include "render/chart.h"
#include "render/popreport.h"
#include "population/trend.h"
#include "base/version.h"
#include "render/output.h"
#include "base/banned.h"

#define MARGIN 42.0
#define FOOT 24.0

struct pr {
	cairo_t *cr;
	double pw, ph, y;
	int pageno, open;
	const char *title, *dbpath;
	const struct iol_popset *set;
	struct iol_popgroup *apps, *sizes, *projects;
	size_t napps, nsizes, nprojects;
	struct iol_popvar *var;
	size_t nvar, npartial;
	const struct iol_poptri *tri;
	/* the outliers table; NULL: computed here */
	const struct iol_popouttab *out;
	struct iol_trend_row *trend; /* per app and month (trend.h) */
	size_t ntrend, undated;
};

static const int palette[] = {C_WRITE, C_READ,	C_META, C_OTHER,
			      C_WARN,  C_MUTED, C_BAND, C_INK};

static void page_new(struct pr *p, const char *title)
{
	char foot[96];

	if (p->open)
		cairo_show_page(p->cr);
	p->open = 1;
	p->pageno++;
	p->title = title;
	cairo_set_source_rgb(p->cr, 1, 1, 1);
	cairo_paint(p->cr);
	chart_text(p->cr, MARGIN, MARGIN + 12, title, 15, 1, -1, C_INK);
	chart_color(p->cr, C_WRITE);
	cairo_rectangle(p->cr, MARGIN, MARGIN + 18, p->pw - 2 * MARGIN, 1.2);
	cairo_fill(p->cr);
	snprintf(foot, sizeof foot, "iolens %s   page %d", IOLENS_VERSION,
		 p->pageno);
	chart_text(p->cr, p->pw - MARGIN, p->ph - MARGIN + 16, foot, 7, 0, 1,
		   C_MUTED);
	chart_text_fit(p->cr, MARGIN, p->ph - MARGIN + 16, p->dbpath, 7, 0,
		       p->pw - 2 * MARGIN - 90, C_MUTED);
	p->y = MARGIN + 34;
}

/* Room for h points more, else a new sheet with the same title. */
static void need(struct pr *p, double h)
{
	if (p->y + h > p->ph - MARGIN - FOOT)
		page_new(p, p->title);
}

static void heading(struct pr *p, const char *t, const char *cap)
{
	/* the heading, its caption (about 0.5 em a character at 7.5 pt)
	 * and a start of what it heads stay together: a heading never
	 * ends a sheet */
	double capw = p->pw - 2 * MARGIN;
	double lines = cap ? ceil((double)strlen(cap) * 7.5 * 0.5 / capw) : 0;

	need(p, 16 + lines * 7.5 * 1.45 + 6 + 60);
	chart_text(p->cr, MARGIN, p->y + 11, t, 10.5, 1, -1, C_INK);
	p->y += 16;
	if (cap)
		p->y += chart_para(p->cr, MARGIN, p->y, p->pw - 2 * MARGIN, cap,
				   7.5, C_MUTED) +
			6;
}

/* A box plot at height y over x[0..4] (min, p10, median, p90, max): a
 * whisker line, a box of half-height h, a median bar one point taller. */
static void box_draw(cairo_t *cr, const double x[5], double y, double h)
{
	chart_color(cr, C_INK);
	cairo_set_line_width(cr, 0.8);
	cairo_move_to(cr, x[0], y);
	cairo_line_to(cr, x[4], y);
	cairo_stroke(cr);
	chart_color(cr, C_READ);
	cairo_rectangle(cr, x[1], y - h, fmax(x[3] - x[1], 1), 2 * h);
	cairo_fill(cr);
	chart_color(cr, C_INK);
	cairo_set_line_width(cr, 1.6);
	cairo_move_to(cr, x[2], y - h - 1);
	cairo_line_to(cr, x[2], y + h + 1);
	cairo_stroke(cr);
}

static void num(char *b, size_t n, double v, int prec)
{
	if (isnan(v))
		snprintf(b, n, "-");
	else
		snprintf(b, n, "%.*f", prec, v);
}

/* s into b of n bytes, its middle replaced by "…" when it is longer, so
 * that a name keeps its start and its end (a log's: the user and app, the
 * job id and suffix), never cut short unmarked; cut on characters, not
 * inside one.  n > 4.  chart_table() cuts what is too wide in the middle
 * too: buffers of 64 and more leave it all but the rarest names whole. */
static void mid_cut(char *b, size_t n, const char *s)
{
	size_t l = strlen(s), head, tail;

	if (l < n) {
		snprintf(b, n, "%s", s);
		return;
	}
	head = (n - 1 - 3) / 2;
	tail = n - 1 - 3 - head;
	while (head > 0 && (s[head] & 0xC0) == 0x80)
		head--;
	while (tail > 0 && (s[l - tail] & 0xC0) == 0x80)
		tail--;
	snprintf(b, n, "%.*s…%s", (int)head, s, s + l - tail);
}

/* ---- at a glance ---- */

static void glance(struct pr *p)
{
	static const double w[2] = {150, 300};
	static const int numeric[2] = {0, 0};
	static const char *const head[2] = {"", ""};
	char v[8][64], t0[40], t1[40];
	const char *cells[16];
	struct iol_popglance g;

	if (iol_pop_glance(p->set, &g) < 0)
		memset(&g, 0, sizeof g);
	snprintf(v[0], 64, "%zu (%zu partial)", g.jobs, g.partial);
	snprintf(v[1], 64, "%zu", g.users);
	snprintf(v[2], 64, "%zu", g.apps);
	fmt_bytes(v[3], 64, g.bytes_read, BYTES_SHORT);
	fmt_bytes(v[4], 64, g.bytes_written, BYTES_SHORT);
	fmt_bytes(v[5], 64, g.bytes_read + g.bytes_written, BYTES_SHORT);
	if (g.first <= g.last) {
		time_t a = (time_t)g.first, b = (time_t)g.last;
		struct tm ta, tb;
		strftime(t0, sizeof t0, "%Y-%m-%d %H:%M:%S", gmtime_r(&a, &ta));
		strftime(t1, sizeof t1, "%Y-%m-%d %H:%M:%S", gmtime_r(&b, &tb));
		snprintf(v[6], 64, "%s - %s UTC", t0, t1);
		fmt_secs(v[7], 64, g.last - g.first);
	} else {
		snprintf(v[6], 64, "-");
		snprintf(v[7], 64, "-");
	}
	{
		static const char *const k[8] = {
			"jobs",	      "users",	       "applications",
			"bytes read", "bytes written", "bytes in all",
			"time span",  "span length"};
		for (int i = 0; i < 8; i++) {
			cells[2 * i] = k[i];
			cells[2 * i + 1] = v[i];
		}
	}
	heading(p, "The population at a glance", NULL);
	p->y += chart_table(p->cr, MARGIN, p->y, 2, w, numeric, head, 8, cells,
			    9) +
		12;
}

/* ---- Figs. 3 and 5: stacked bars per job-size class ---- */

static void stacked(struct pr *p, int nser, const char *const *names,
		    const double *v, const char *label)
{
	const char *cats[IOL_POP_NSIZE];
	int ncat = (int)p->nsizes, col[IOL_POP_NSTRAT + IOL_POP_NFW];
	double max = 1;
	struct plot pl = {0};

	for (int c = 0; c < ncat; c++) {
		double t = 0;
		cats[c] = p->sizes[c].key;
		for (int s = 0; s < nser; s++)
			t += v[s * ncat + c];
		max = fmax(max, t);
	}
	for (int s = 0; s < nser; s++)
		col[s] = palette[s % 8];
	need(p, 190);
	pl.cr = p->cr;
	pl.x = MARGIN + 44;
	pl.y = p->y + 20;
	pl.w = p->pw - 2 * MARGIN - 54;
	pl.h = 130;
	axis_nice(&pl.ax, 0, max, 0, 0);
	plot_axes(&pl, label);
	plot_stacked(&pl, ncat, cats, nser, v, col);
	chart_legend(p->cr, MARGIN, p->y + 6, nser, names, col);
	chart_text(p->cr, pl.x + pl.w / 2, pl.y + pl.h + 22,
		   "job size class (processes)", 7, 0, 0, C_MUTED);
	p->y += 190;
}

static void fig3(struct pr *p)
{
	double v[IOL_POP_NSTRAT * IOL_POP_NSIZE];
	int n = (int)p->nsizes;

	for (int s = 0; s < IOL_POP_NSTRAT; s++)
		for (int c = 0; c < n; c++)
			v[s * n + c] = (double)p->sizes[c].strat[s];
	heading(p, "I/O strategy by job size (Fig. 3)",
		"Jobs per I/O strategy in each job-size class; classes are "
		"process counts in [2^k, 2^(k+1)).");
	stacked(p, IOL_POP_NSTRAT, iol_pop_strat_names, v, "jobs");
}

static void fig5(struct pr *p)
{
	double v[IOL_POP_NFW * IOL_POP_NSIZE];
	int n = (int)p->nsizes;

	heading(p, "Files written per job by size (Fig. 5)",
		p->set->has_fw
			? "Mean files written per job in each job-size class, "
			  "by the file's size (its highest offset)."
			: "The store has no files_written_* columns (an older "
			  "iolens ingested it): nothing to show.");
	if (!p->set->has_fw)
		return;
	for (int s = 0; s < IOL_POP_NFW; s++)
		for (int c = 0; c < n; c++)
			v[s * n + c] = isnan(p->sizes[c].fw[s])
					       ? 0
					       : p->sizes[c].fw[s];
	stacked(p, IOL_POP_NFW, iol_pop_fw_names, v, "files per job");
}

/* ---- Fig. 4: share of bytes per app ---- */

static void fig4(struct pr *p)
{
	const char **cats = calloc(p->napps + 1, sizeof *cats);
	double *v = calloc(p->napps + 1, sizeof *v), h;
	static const int col[1] = {C_WRITE};
	struct plot pl = {0};

	if (!cats || !v || !p->napps) {
		free(cats);
		free(v);
		return;
	}
	for (size_t i = 0; i < p->napps; i++) {
		cats[i] = p->apps[i].key;
		v[i] = isnan(p->apps[i].share_pct) ? 0 : p->apps[i].share_pct;
	}
	h = 14.0 * (double)p->napps;
	heading(p, "Share of all bytes per application (Fig. 4)",
		"Bytes read + written (POSIX+STDIO) of each application's "
		"jobs, in % of the population's bytes.");
	need(p, h + 30);
	pl.cr = p->cr;
	pl.horizontal = 1;
	pl.x = MARGIN + 90;
	pl.y = p->y + 4;
	pl.w = p->pw - 2 * MARGIN - 100;
	pl.h = h;
	axis_nice(&pl.ax, 0, 100, 0, 0);
	plot_axes(&pl, "% of bytes");
	plot_bars(&pl, (int)p->napps, cats, 1, v, col);
	p->y += h + 34;
	free(cats);
	free(v);
}

/* ---- Fig. 10: access-size CDF ---- */

static void cdf_line(struct pr *p, const struct plot *pl, const double *v,
		     int color)
{
	double band = pl->w / IOL_POP_NBINS;
	int first = 1;

	chart_color(p->cr, color);
	cairo_set_line_width(p->cr, 1.6);
	for (int b = 0; b < IOL_POP_NBINS; b++) {
		double x = pl->x + band * (b + 0.5);
		double y = pl->y + pl->h * (1 - axis_frac(&pl->ax, v[b] * 100));
		if (isnan(v[b]))
			continue;
		if (first)
			cairo_move_to(p->cr, x, y);
		else
			cairo_line_to(p->cr, x, y);
		first = 0;
	}
	cairo_stroke(p->cr);
}

static void fig10(struct pr *p)
{
	static const char *const names[2] = {"reads", "writes"};
	static const int col[2] = {C_READ, C_WRITE};
	static const char *const cats[IOL_POP_NBINS] = {
		"0-100", "100-1K", "1K-10K",   "10K-100K", "100K-1M",
		"1M-4M", "4M-10M", "10M-100M", "100M-1G",  "1G+"};
	double rd[IOL_POP_NBINS], wr[IOL_POP_NBINS], zero[IOL_POP_NBINS] = {0};
	int64_t nr, nw;
	struct plot pl = {0};
	char cap[256];

	iol_pop_access_cdf(p->set, rd, wr, &nr, &nw);
	snprintf(cap, sizeof cap,
		 "Fraction of all POSIX accesses at or below each size bin, "
		 "summed over jobs: %lld reads, %lld writes%s.",
		 (long long)nr, (long long)nw,
		 p->set->has_bins ? ""
				  : " (the store has no access-size bins)");
	heading(p, "Access sizes across jobs (Fig. 10)", cap);
	need(p, 180);
	pl.cr = p->cr;
	pl.x = MARGIN + 44;
	pl.y = p->y + 20;
	pl.w = p->pw - 2 * MARGIN - 54;
	pl.h = 130;
	axis_nice(&pl.ax, 0, 100, 0, 0);
	plot_axes(&pl, "% of accesses");
	plot_bars(&pl, IOL_POP_NBINS, cats, 1, zero, col);
	cdf_line(p, &pl, rd, C_READ);
	cdf_line(p, &pl, wr, C_WRITE);
	chart_legend(p->cr, MARGIN, p->y + 6, 2, names, col);
	p->y += 180;
}

/* ---- Fig. 11: MiB/s/CN box plots per app ---- */

static void box(struct pr *p, const struct plot *pl, double yc,
		const struct iol_popgroup *g)
{
	double x[5];

	for (int k = 0; k < 5; k++)
		x[k] = pl->x +
		       pl->w * axis_frac(&pl->ax, fmax(g->cn[k], pl->ax.min));
	box_draw(p->cr, x, yc, 4);
}

static void fig11(struct pr *p)
{
	double lo = INFINITY, hi = -INFINITY, h = 16.0 * (double)p->napps;
	struct plot pl = {0};
	size_t ncn = 0, njobs = 0;
	char cap[400], lab[64];

	for (size_t i = 0; i < p->napps; i++) {
		ncn += p->apps[i].ncn;
		njobs += p->apps[i].jobs;
		if (p->apps[i].ncn) {
			lo = fmin(lo, p->apps[i].cn[0]);
			hi = fmax(hi, p->apps[i].cn[4]);
		}
	}
	/* a box is only as good as its n, and a blank row needs a reason */
	snprintf(cap, sizeof cap,
		 "Whiskers: min to max; box: p10 to p90; bar: median (type 7 "
		 "percentiles over the jobs with a node count). %zu of %zu "
		 "jobs have a node count (from the scheduler's accounting, "
		 "ingest --nodes or --procs-per-node, or DXT host names); the "
		 "others are left out%s. n: jobs in the box.",
		 ncn, njobs,
		 ncn < njobs ? ": iolens ingest --sacct adds the scheduler's"
			     : "");
	heading(p, "MiB/s per compute node by application (Fig. 11)", cap);
	if (!(lo <= hi))
		return;
	need(p, h + 34);
	pl.cr = p->cr;
	pl.horizontal = 1;
	pl.x = MARGIN + 90;
	pl.y = p->y + 4;
	pl.w = p->pw - 2 * MARGIN - 150;
	pl.h = h;
	axis_nice(&pl.ax, lo > 0 ? lo : 0.1, hi, 1, 0);
	plot_axes(&pl, "MiB/s per compute node");
	for (size_t i = 0; i < p->napps; i++) {
		double yc = pl.y + 16.0 * ((double)i + 0.5);
		chart_text(p->cr, pl.x - 4, yc + 2.5, p->apps[i].key, 7, 0, 1,
			   C_INK);
		if (p->apps[i].ncn)
			box(p, &pl, yc, &p->apps[i]);
		if (p->apps[i].ncn)
			snprintf(lab, sizeof lab, "n=%zu of %zu",
				 p->apps[i].ncn, p->apps[i].jobs);
		else
			snprintf(lab, sizeof lab, "no node count (%zu jobs)",
				 p->apps[i].jobs);
		chart_text(p->cr, pl.x + pl.w + 6, yc + 2.5, lab, 7, 0, -1,
			   C_MUTED);
	}
	p->y += h + 34;
}

/* ---- tables ---- */

/* A table drawn in chunks so it flows over sheets. */
static void table(struct pr *p, int ncol, const double *w, const int *numeric,
		  const char *const *head, int nrow, const char *const *cells)
{
	int per = (int)((p->ph - 2 * MARGIN - 80) / (8 * 1.55)) - 2;

	for (int r = 0, n; r < nrow; r += n) {
		/* as many rows as the sheet has room for, so that the table
		 * starts under its heading, not on the next sheet */
		int room = (int)((p->ph - MARGIN - FOOT - p->y - 10) /
				 (8 * 1.55)) -
			   1;

		n = nrow - r < per ? nrow - r : per;
		if (room >= 3 && room < n)
			n = room;
		need(p, (n + 1) * 8 * 1.55 + 10);
		p->y += chart_table(p->cr, MARGIN, p->y, ncol, w, numeric, head,
				    n, cells + (size_t)r * ncol, 8) +
			12;
	}
}

static void table6(struct pr *p, const struct iol_popgroup *g, size_t n,
		   const char *what)
{
	static const char *const head[10] = {
		"",	   "jobs",	"MiB/s/CN", "% I/O",   "md %",
		"files/p", "creates/p", "% seq",    "% align", "MiB/p"};
	static const double w[10] = {80, 34, 50, 50, 48, 48, 52, 40, 48, 50};
	static const int numeric[10] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	char(*buf)[64] = calloc(n * 10 + 1, sizeof *buf);
	const char **cells = calloc(n * 10 + 1, sizeof *cells);
	char title[96];

	if (!buf || !cells || !n) {
		free(buf);
		free(cells);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		mid_cut(buf[i * 10], 64, g[i].key);
		snprintf(buf[i * 10 + 1], 64, "%zu", g[i].jobs);
		for (int k = 0; k < IOL_POP_NT6; k++)
			num(buf[i * 10 + 2 + k], 64, g[i].t6[k],
			    k == 0 ? 1 : 2);
		for (int k = 0; k < 10; k++)
			cells[i * 10 + k] = buf[i * 10 + k];
	}
	snprintf(title, sizeof title, "Table VI per %s: means over jobs", what);
	heading(p, title,
		"The per-job characteristics of Carns et al. Table VI "
		"(METRICS.md 4), averaged over the jobs with a value: "
		"MiB/s per compute node, % of run time in I/O (slowest "
		"rank), metadata cost %, files and creates per process, % "
		"sequential and aligned accesses, MiB per process.");
	table(p, 10, w, numeric, head, (int)n, cells);
	free(buf);
	free(cells);
}

static void table4(struct pr *p)
{
	static const char *const head[10] = {
		"user",	  "app",   "nprocs", "files",	 "jobs",
		"mean s", "min s", "max s",  "stddev s", "cv"};
	static const double w[10] = {50, 76, 40, 40, 34, 52, 52, 52, 52, 40};
	static const int numeric[10] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
	char(*buf)[64] = calloc(p->nvar * 10 + 1, sizeof *buf);
	const char **cells = calloc(p->nvar * 10 + 1, sizeof *cells);
	char cap[320];

	snprintf(cap, sizeof cap,
		 "Jobs with the same user, app, nprocs and files whose bytes "
		 "read and written are each within 1%% (|a-b| <= 0.01 "
		 "max(a,b), chained): I/O time by slowest rank.  %zu groups; "
		 "%zu partial jobs left out.",
		 p->nvar, p->npartial);
	heading(p, "Variance of similar jobs (Table IV)", cap);
	for (size_t i = 0; buf && cells && i < p->nvar; i++) {
		const struct iol_popvar *v = &p->var[i];
		char *b = buf[i * 10];
		if (v->user && *v->user)
			mid_cut(b, 64, v->user);
		else
			snprintf(b, 64, "%lld", (long long)v->uid);
		mid_cut(buf[i * 10 + 1], 64, v->app ? v->app : "");
		snprintf(buf[i * 10 + 2], 64, "%lld", (long long)v->nprocs);
		snprintf(buf[i * 10 + 3], 64, "%lld", (long long)v->files);
		snprintf(buf[i * 10 + 4], 64, "%zu", v->jobs);
		num(buf[i * 10 + 5], 64, v->mean, 4);
		num(buf[i * 10 + 6], 64, v->min, 4);
		num(buf[i * 10 + 7], 64, v->max, 4);
		num(buf[i * 10 + 8], 64, v->stddev, 4);
		num(buf[i * 10 + 9], 64, v->cv, 3);
		for (int k = 0; k < 10; k++)
			cells[i * 10 + k] = buf[i * 10 + k];
	}
	if (buf && cells && p->nvar)
		table(p, 10, w, numeric, head, (int)p->nvar, cells);
	free(buf);
	free(cells);
}

/* ---- who to call first (population triage) ---- */

static void tri_rules(struct pr *p)
{
	static const char *const head[4] = {"rule", "flagged", "n/a", ""};
	double w[4] = {110, 50, 50, 300};
	static const int numeric[4] = {0, 1, 1, 0};
	const struct iol_poptri *t = p->tri;
	char buf[IOL_POPTRI_MAXRULES][2][24];
	const char *cells[IOL_POPTRI_MAXRULES * 4];

	/* the code column as wide as its longest code: a cut code
	 * ("...ARED-TIME-IMBALANCE") names no rule */
	for (size_t k = 0; k < t->nrules; k++) {
		double cw = chart_text_width(p->cr, t->code[k], 8, 0) + 8;

		if (cw > w[0] && cw < 200) {
			w[3] -= cw - w[0];
			w[0] = cw;
		}
	}
	for (size_t k = 0; k < t->nrules; k++) {
		snprintf(buf[k][0], 24, "%zu", t->count[k]);
		snprintf(buf[k][1], 24, "%zu", t->na[k]);
		cells[k * 4] = t->code[k];
		cells[k * 4 + 1] = buf[k][0];
		cells[k * 4 + 2] = buf[k][1];
		cells[k * 4 + 3] = t->title[k];
	}
	if (t->nrules)
		table(p, 4, w, numeric, head, (int)t->nrules, cells);
}

/* "META-BOUND 56, SMALL-FILES 56": a group's rules by jobs flagged, as
 * many whole codes as fit in width points, then "+k more" */
static void tri_codes(struct pr *p, const struct iol_poptri *t,
		      const struct iol_poptri_group *g, char *b, size_t n,
		      double width)
{
	size_t at = 0, left = 0;
	char one[80], more[24];

	b[0] = '\0';
	for (size_t k = 0; k < t->nrules; k++)
		left += g->count[k] > 0;
	for (size_t k = 0; k < t->nrules; k++) {
		char *tail = b + at;

		if (!g->count[k])
			continue;
		/* the code without its "IOL-" */
		snprintf(one, sizeof one, "%s%s %zu", at ? ", " : "",
			 t->code[k] + (strncmp(t->code[k], "IOL-", 4) ? 0 : 4),
			 g->count[k]);
		snprintf(more, sizeof more, ", +%zu more", left - 1);
		if (at + strlen(one) + sizeof more >= n)
			break;
		memcpy(tail, one, strlen(one) + 1);
		if (chart_text_width(p->cr, b, 8, 0) +
			    (left > 1 ? chart_text_width(p->cr, more, 8, 0)
				      : 0) >
		    width) {
			*tail = '\0';
			break;
		}
		at += strlen(one);
		left--;
	}
	if (left) {
		snprintf(more, sizeof more, "%s+%zu more", at ? ", " : "",
			 left);
		snprintf(b + at, n - at, "%s", more);
	}
}

static void tri_groups(struct pr *p)
{
	static const char *const head[6] = {"",	       "app",	  "user",
					    "flagged", "stake s", "rules"};
	static const double w[6] = {20, 62, 42, 46, 42, 298};
	static const int numeric[6] = {1, 0, 0, 1, 1, 0};
	const struct iol_poptri *t = p->tri;
	size_t n = 0, max = 30;
	char(*buf)[160] = calloc(max * 6, sizeof *buf);
	const char **cells = calloc(max * 6, sizeof *cells);

	for (size_t i = 0; buf && cells && i < t->ng && n < max; i++) {
		const struct iol_poptri_group *g = &t->g[i];
		char(*b)[160] = buf + n * 6;

		if (!g->flagged)
			continue;
		snprintf(b[0], 160, "%zu", n + 1);
		snprintf(b[1], 160, "%s", g->app[0] ? g->app : "?");
		snprintf(b[2], 160, "%s", g->user[0] ? g->user : "?");
		snprintf(b[3], 160, "%zu of %zu", g->flagged, g->jobs);
		num(b[4], 160, g->stake, 1);
		tri_codes(p, t, g, b[5], 160, w[5] - 6);
		for (int k = 0; k < 6; k++)
			cells[n * 6 + k] = b[k];
		n++;
	}
	if (n)
		table(p, 6, w, numeric, head, (int)n, cells);
	free(buf);
	free(cells);
}

static void who_to_call(struct pr *p)
{
	char cap[600];

	snprintf(cap, sizeof cap,
		 "The rules of iolens triage (default thresholds) over the "
		 "%zu stored jobs: %zu have a finding of severity warn or "
		 "high.  n/a: jobs where the rule had no data%s%s.",
		 p->tri->jobs, p->tri->flagged,
		 p->tri->missing[0] ? "; the store lacks " : "",
		 p->tri->missing);
	heading(p, "Findings over the population", cap);
	tri_rules(p);
	heading(p, "Who to call first",
		"Flagged jobs grouped by app and user, ranked by the I/O time "
		"at stake: the slowest rank's I/O time times the processes "
		"(process-seconds), summed over the group's flagged jobs.  "
		"The top 30 groups; iolens triage --db lists their jobs.");
	tri_groups(p);
}

/* ---- bytes over time ---- */

static void timeline(struct pr *p)
{
	static const int col[1] = {C_WRITE};
	double t0, width, *b = NULL, max = 1;
	size_t n = 0;
	const char *wname;
	struct plot pl = {0};
	char cap[200];

	if (iol_pop_timeline_auto(p->set, &width, &wname, &t0, &b, &n) < 0)
		b = NULL, n = 0;
	snprintf(cap, sizeof cap,
		 "Bytes read + written by the jobs starting in each %s "
		 "(hourly when the jobs span at least 12 hours).",
		 wname);
	heading(p, "Jobs over time: bytes per interval", cap);
	if (!b || !n) {
		free(b);
		return;
	}
	for (size_t i = 0; i < n; i++)
		max = fmax(max, b[i]);
	need(p, 170);
	pl.cr = p->cr;
	pl.x = MARGIN + 50;
	pl.y = p->y + 6;
	pl.w = p->pw - 2 * MARGIN - 60;
	pl.h = 130;
	axis_nice(&pl.ax, 0, max, 0, 1);
	plot_axes(&pl, "bytes");
	{
		const char **cats = calloc(n, sizeof *cats);
		if (cats) {
			for (size_t i = 0; i < n; i++)
				cats[i] = "";
			plot_bars(&pl, (int)n, cats, 1, b, col);
			free(cats);
		}
	}
	{
		char a[40];
		time_t t = (time_t)t0;
		struct tm tm;
		strftime(a, sizeof a, "from %Y-%m-%d %H:%M UTC",
			 gmtime_r(&t, &tm));
		chart_text(p->cr, pl.x, pl.y + pl.h + 14, a, 7, 0, -1, C_MUTED);
	}
	p->y += 170;
	free(b);
}

/* ---- outliers of context ---- */

#define MAXOUT IOL_POP_MAXOUT

/* a context metric's value with its unit, in iol_pop_ctx_names' order:
 * MiB/s, MiB/s per compute node, two percentages, bytes, files */
static void ctx_value(char *b, size_t n, const struct iol_popjob *j, int k)
{
	static const char *const unit[IOL_POP_NCTX] = {
		"MiB/s", "MiB/s/CN", "%", "%", NULL, "files"};
	double v = iol_pop_ctx_value(j, k);

	if (isnan(v))
		snprintf(b, n, "-");
	else if (!unit[k])
		fmt_bytes(b, n, v, BYTES_SHORT);
	else
		snprintf(b, n, "%.*f %s", iol_pop_ctx_integer(k) ? 0 : 2, v,
			 unit[k]);
}

static void outlier_row(char (*r)[96], const struct iol_popjob *j, int k,
			const struct iol_popout *o)
{
	const char *base = j->path ? strrchr(j->path, '/') : NULL;

	snprintf(r[0], 96, "%lld", (long long)j->id);
	mid_cut(r[1], 96, base ? base + 1 : (j->path ? j->path : ""));
	snprintf(r[2], 96, "%s", iol_pop_ctx_names[k]);
	ctx_value(r[3], 96, j, k);
	num(r[4], 96, o->pct[k], 1);
	snprintf(r[5], 96, "%u", o->n[k]);
	snprintf(r[6], 96, "%s", o->verdict[k] == IOL_CTX_LOW ? "low" : "high");
}

/* Every job checked in one pass (iol_pop_context_all()); the unusual
 * metrics of the latest jobs shown, latest first (iol_pop_outtab()). */
static int outlier_rows(struct pr *p, char (*buf)[96], size_t *nrow,
			size_t *total, size_t *checked, size_t *njobs)
{
	struct iol_popouttab *own = p->out ? NULL : malloc(sizeof *own);
	struct iol_popout *ctx =
		p->out ? NULL : calloc(p->set->n + 1, sizeof *ctx);
	const struct iol_popouttab *t = p->out ? p->out : own;

	*nrow = *total = *njobs = 0;
	*checked = p->set->n;
	if (!t || (!p->out && (!ctx || iol_pop_context_all(p->set, ctx) < 0 ||
			       iol_pop_outtab(p->set, ctx, own) < 0))) {
		free(own);
		free(ctx);
		return -1;
	}
	free(ctx);
	*nrow = t->n;
	*total = t->total;
	*njobs = t->njobs;
	for (size_t i = 0; i < *nrow; i++)
		outlier_row(buf + i * 7, &p->set->jobs[t->rows[i].job],
			    t->rows[i].metric, &t->ctx[i]);
	free(own);
	return 0;
}

static void outliers(struct pr *p)
{
	static const char *const head[7] = {
		"id", "log", "metric", "value", "pctile", "earlier", "verdict"};
	static const double w[7] = {30, 190, 88, 80, 38, 38, 38};
	static const int numeric[7] = {1, 0, 0, 1, 1, 1, 0};
	char(*buf)[96] = calloc(MAXOUT * 7, sizeof *buf);
	const char *cells[MAXOUT * 7];
	size_t n, total, checked, njobs;
	char cap[900];

	if (!buf || outlier_rows(p, buf, &n, &total, &checked, &njobs) < 0) {
		free(buf);
		return;
	}
	snprintf(cap, sizeof cap,
		 "Each job against the earlier jobs of its app (narrowed to "
		 "its user, then its nprocs, while at least %d remain): "
		 "unusual when outside p5-p95 of at least %d earlier jobs "
		 "and at least %.0f %% (and 1 MiB/s, 1 point, 1 MiB or 1 "
		 "file) from their median.  p5 and p95 are interpolated "
		 "(type 7); pctile is the job's mid-rank, the share of "
		 "earlier jobs below it with ties counting half, so a job "
		 "beyond p95 may show a pctile under 95 where values tie.  "
		 "All %zu jobs checked: %zu unusual metrics in %zu jobs%s.",
		 IOL_POP_CTX_MIN, IOL_POP_CTX_MIN, IOL_POP_CTX_REL * 100,
		 checked, total, njobs,
		 total > MAXOUT ? ", the first 60 metrics (latest jobs first) "
				  "shown"
				: "");
	heading(p, "Outliers: jobs unusual for their application", cap);
	for (size_t i = 0; i < n * 7; i++)
		cells[i] = buf[i];
	if (n)
		table(p, 7, w, numeric, head, (int)n, cells);
	free(buf);
}

/* ---- what changed (iolens trend) ---- */

static void change_cells(char (*b)[64], const struct iol_trend_row *r)
{
	mid_cut(b[0], 64, r->key[0] ? r->key : "-");
	iol_pop_period_name(r->start, IOL_EVERY_MONTH, b[1], 64);
	snprintf(b[2], 64, "%zu", r->jobs);
	num(b[3], 64, r->cn[0], 1);
	num(b[4], 64, r->cn[1], 1);
	num(b[5], 64, r->cn[2], 1);
	num(b[6], 64, r->change_pct, 1);
	snprintf(b[7], 64, "%s",
		 r->mark < 0   ? "lower"
		 : r->mark > 0 ? "higher"
			       : "");
}

/* Per app and month, the MiB/s/CN quartiles and the periods iolens trend
 * marks; every month of an app with a mark, else a sentence. */
static void changes(struct pr *p)
{
	static const char *const head[8] = {
		"app",	    "month",	    "jobs",	"p25 MiB/s/CN",
		"MiB/s/CN", "p75 MiB/s/CN", "change %", "mark"};
	static const double w[8] = {90, 50, 34, 66, 60, 66, 52, 50};
	static const int numeric[8] = {0, 0, 1, 1, 1, 1, 1, 0};
	size_t i, k, n = 0;
	char(*buf)[64] = calloc(p->ntrend * 8 + 1, sizeof *buf);
	const char **cells = calloc(p->ntrend * 8 + 1, sizeof *cells);

	heading(p, "MiB/s per compute node per application and month",
		"As iolens trend: a month is marked lower or higher when it "
		"and the application's previous month with values each have "
		"3 or more jobs with a MiB/s per compute node, their p25-p75 "
		"ranges do not overlap and their medians are 10% or more "
		"apart. The applications with a marked month are listed "
		"month by month; iolens compare tells the size of a change "
		"against the run-to-run noise.");
	for (i = 0; buf && cells && i < p->ntrend; i++) {
		int marked = 0;

		for (k = 0; k < p->ntrend; k++)
			marked |= p->trend[k].mark &&
				  !strcmp(p->trend[k].key, p->trend[i].key);
		if (!marked)
			continue;
		change_cells(&buf[n * 8], &p->trend[i]);
		for (k = 0; k < 8; k++)
			cells[n * 8 + k] = buf[n * 8 + k];
		n++;
	}
	if (n)
		table(p, 8, w, numeric, head, (int)n, cells);
	else
		p->y += chart_para(p->cr, MARGIN, p->y, p->pw - 2 * MARGIN,
				   "No month of any application moved beyond "
				   "its noise.",
				   9, C_INK);
	free(buf);
	free(cells);
}

/* ---- the document ---- */

/* The groups of set by `by` without their MiB/s/CN values: only the
 * quantiles are drawn, and the values are 8 bytes a job a grouping. */
static int groups(const struct iol_popset *set, int by, struct iol_popgroup **g,
		  size_t *n)
{
	int rc = iol_pop_groups(set, by, g, n);

	for (size_t i = 0; rc == 0 && i < *n; i++) {
		free((*g)[i].cnv);
		(*g)[i].cnv = NULL;
	}
	return rc;
}

static int analyse(struct pr *p)
{
	if (groups(p->set, IOL_BY_APP, &p->apps, &p->napps) < 0 ||
	    groups(p->set, IOL_BY_SIZE, &p->sizes, &p->nsizes) < 0 ||
	    groups(p->set, IOL_BY_PROJECT, &p->projects, &p->nprojects) < 0 ||
	    iol_pop_variance(p->set, &p->var, &p->nvar, &p->npartial) < 0 ||
	    iol_pop_trend(p->set, IOL_BY_APP, IOL_EVERY_MONTH, NULL, 0,
			  &p->trend, &p->ntrend, &p->undated) < 0)
		return IOL_ENOMEM;
	return 0;
}

static void release(struct pr *p)
{
	iol_pop_groups_free(p->apps, p->napps);
	iol_pop_groups_free(p->sizes, p->nsizes);
	iol_pop_groups_free(p->projects, p->nprojects);
	free(p->var);
	free(p->trend);
}

static void draw(struct pr *p)
{
	page_new(p, "Population report");
	glance(p);
	table6(p, p->apps, p->napps, "application");
	page_new(p, "Who moves the data");
	fig3(p);
	fig4(p);
	page_new(p, "Files and access sizes");
	fig5(p);
	fig10(p);
	page_new(p, "Performance per compute node");
	fig11(p);
	if (p->nprojects > 1 ||
	    (p->nprojects == 1 && strcmp(p->projects[0].key, "(none)")))
		table6(p, p->projects, p->nprojects, "project");
	if (p->tri) {
		page_new(p, "Who to call first");
		who_to_call(p);
	}
	page_new(p, "Variance of repeated jobs");
	table4(p);
	page_new(p, "Jobs over time and outliers");
	timeline(p);
	outliers(p);
	page_new(p, "What changed");
	changes(p);
	cairo_show_page(p->cr);
}

int popreport_write(const struct iol_popset *set, const char *dbpath,
		    const struct iol_poptri *tri,
		    const struct iol_popouttab *out, const char *path,
		    const char *date, struct iol_error *err)
{
	struct pr p = {0};
	cairo_surface_t *pdf;
	char tmp[OUT_TMP_MAX];
	int ret, fd;

	p.set = set;
	p.tri = tri;
	p.out = out;
	p.dbpath = dbpath;
	p.pw = 595.28;
	p.ph = 841.89;
	if ((ret = analyse(&p)) < 0) {
		release(&p);
		return iol_error_set(err, ret, "out of memory");
	}
	pdf = chart_pdf_open(path, tmp, sizeof tmp, p.pw, p.ph, &fd);
	if (!pdf) {
		release(&p);
		return iol_error_set(err, IOL_EIO, "cannot write '%s': %s",
				     path, strerror(errno));
	}
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE,
				       date);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_MOD_DATE, date);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_TITLE,
				       "iolens population report");
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR,
				       "iolens " IOLENS_VERSION);
	p.cr = cairo_create(pdf);
	draw(&p);
	cairo_destroy(p.cr);
	if (chart_pdf_close(pdf, fd) < 0)
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s'", path);
	if (ret == 0 && out_commit(tmp, path) < 0)
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s': %s", path,
				    strerror(errno));
	if (ret < 0)
		out_discard(tmp, path);
	release(&p);
	return ret;
}

/* ---- the context page of a job report ---- */

static void ctx_row(struct pr *p, const struct iol_popctx_metric *m, int k,
		    double y)
{
	const char *name = iol_pop_ctx_names[k];
	double lo = fmin(m->min, m->value), hi = fmax(m->max, m->value);
	double x0 = MARGIN + 110, w = p->pw - 2 * MARGIN - 290, x[5], xv;
	const double q[5] = {m->min, m->p[1], m->p[2], m->p[3], m->max};
	char b[128], v[32];

	chart_text(p->cr, MARGIN, y + 3, name, 8, 1, -1, C_INK);
	num(v, sizeof v, m->value, iol_pop_ctx_integer(k) ? 0 : 2);
	snprintf(b, sizeof b, "%s  (pctile %s, n %zu)  %s", v,
		 isnan(m->percentile) ? "-" : "", m->n,
		 iol_pop_verdict_name(m->verdict));
	if (!isnan(m->percentile)) {
		char pc[16];
		num(pc, sizeof pc, m->percentile, 1);
		snprintf(b, sizeof b, "%s  (pctile %s, n %zu)  %s", v, pc, m->n,
			 iol_pop_verdict_name(m->verdict));
	}
	chart_text(p->cr, x0 + w + 10, y + 3, b, 7.5, 0, -1,
		   m->verdict >= IOL_CTX_LOW ? C_WARN : C_INK);
	if (!m->n || isnan(m->value))
		return;
	if (!(hi > lo)) {
		/* all equal: the middle of the scale, where its percentile
		 * (50) puts it, not the left edge */
		double d = fmax(fabs(lo) * 0.01, 1e-9);

		lo -= d;
		hi += d;
	}
	for (int i = 0; i < 5; i++)
		x[i] = x0 + w * (q[i] - lo) / (hi - lo);
	xv = x0 + w * (m->value - lo) / (hi - lo);
	chart_color(p->cr, C_GRID);
	cairo_rectangle(p->cr, x0, y - 8, w, 16);
	cairo_fill(p->cr);
	box_draw(p->cr, x, y, 5);
	chart_color(p->cr, C_WARN);
	cairo_arc(p->cr, xv, y, 3.5, 0, 2 * M_PI);
	cairo_fill(p->cr);
}

/* The storage device while the job ran (report --iostat). */
static void weather_block(struct pr *p, const struct iol_wjobw *w, double y)
{
	char cap[512];

	p->y = y + 10;
	snprintf(
		cap, sizeof cap,
		"The device (all devices recorded) moved %.2f MiB/s on average "
		"and %.2f MiB/s at most over the sampling intervals the job "
		"ran in; the job's bytes are %.1f %% of the device's bytes in "
		"those intervals.%s  A small share on a slow job says other "
		"work loaded the device (weather); a share above 100 %% says "
		"the job's bytes did not all reach this device (page cache, "
		"another file system).",
		w->dev_mean_bps / 1048576, w->dev_peak_bps / 1048576,
		w->share * 100,
		w->inside ? ""
			  : "  The run lies partly outside the recording.");
	heading(p, "I/O weather: the storage device meanwhile", cap);
}

/* The file system's servers while the job ran (report --db with the
 * store's telemetry, or --fsload): context's numbers, in its units. */
static void fsweather_block(struct pr *p, const struct iol_fsjob *f, double y)
{
	char cap[900], sh[32], cpu[32], pk[32], md[32], hb[32];

	num(sh, sizeof sh, 100 * f->w.share, 2);
	num(cpu, sizeof cpu, f->cpu_mean, 2);
	num(pk, sizeof pk, f->cpu_peak, 2);
	num(md, sizeof md, f->md_cpu_mean, 2);
	fmt_bytes(hb, sizeof hb, f->fs_bytes, BYTES_TEXT);
	p->y = y + 10;
	snprintf(cap, sizeof cap,
		 "The file system's servers moved %.0f bytes (%s) "
		 "while the job ran, %.0f bytes of them other traffic; the "
		 "job's bytes are %s %% of the file system's in its "
		 "intervals.  Data servers' CPU: %s %% on average, %s %% at "
		 "most; metadata servers' CPU: %s %%; %.0f metadata "
		 "operations.%s  A small share and busy servers on a slow "
		 "job say other work loaded the file system (weather).",
		 f->fs_bytes, hb, f->other_bytes, sh, cpu, pk, md, f->md_ops,
		 f->w.inside ? ""
			     : "  The run lies partly outside the recordings.");
	heading(p, "File-system weather: its servers meanwhile", cap);
}

void popreport_context_page(void *cr, double pw, double ph, int pageno,
			    void *arg)
{
	const struct popreport_ctxpage *cp = arg;
	struct pr p = {0};
	char cap[600];

	p.cr = cr;
	p.pw = pw;
	p.ph = ph;
	p.pageno = pageno - 1;
	p.dbpath = cp->dbpath;
	page_new(&p, "Context: is this job normal?");
	snprintf(cap, sizeof cap,
		 "The job among %zu earlier complete jobs of %s in %s "
		 "(UMAMI's view).  Whiskers: min to max of the earlier jobs; "
		 "box: p10 to p90; bar: median; dot: this job, each metric on "
		 "its own scale.  Unusual when outside p5-p95 of at least %d "
		 "earlier jobs and %.0f %% from their median; pctile: the "
		 "share of them below the job, ties counting half.",
		 cp->ctx.njobs, cp->ctx.scope, cp->dbpath, IOL_POP_CTX_MIN,
		 IOL_POP_CTX_REL * 100);
	heading(&p, "This job beside the earlier jobs of its application", cap);
	for (int k = 0; k < IOL_POP_NCTX; k++)
		ctx_row(&p, &cp->ctx.m[k], k, p.y + 14 + 30.0 * k);
	if (cp->has_weather)
		weather_block(&p, &cp->weather, p.y + 14 + 30.0 * IOL_POP_NCTX);
	if (cp->has_fsweather)
		fsweather_block(
			&p, &cp->fsweather,
			cp->has_weather ? p.y : p.y + 14 + 30.0 * IOL_POP_NCTX);
	cairo_show_page(p.cr);
}
