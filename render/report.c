/*
 * The multi-page job report (see report.h).  A template lists pages and
 * panels; each panel is a pair of functions over the precomputed metrics:
 * how tall it is for this job (0: nothing to show) and how to draw it.
 * Pages flow: a panel that does not fit starts a new sheet with the same
 * page title.  Nothing is drawn per DXT segment; time is aggregated to a
 * grid of at most a few hundred bins first.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include "render/chart.h"
#include "render/fonts.h"
#include "render/report.h"
#include "render/flame.h"
#include "render/phases-panel.h"
#include "render/triage-panel.h"
#include "analysis/jobrow.h"
#include "analysis/select.h"
#include "base/version.h"
#include "base/wrap.h"
#include "render/output.h"
#include "base/banned.h"

#ifndef IOLENS_DATADIR
#define IOLENS_DATADIR "/usr/local/share/iolens"
#endif

#define MARGIN 42.0
#define GAP 16.0
#define TITLE_H 24.0

struct ctx {
	const struct iol_job *job;
	const struct report_opts *o;
	struct iol_summary s;
	struct iol_jobrow row; /* of job and s */
	struct iol_filerow *files;
	size_t nfiles;
	size_t nranked; /* files[0..nranked) not excluded, by bytes */
	int64_t exhits[IOL_EXCL_MAX]; /* excluded files per pattern */
	struct iol_sharedrow *shared; /* by bytes moved */
	size_t nshared;
	struct iol_hist hist[IOL_MOD_KNOWN + 1];
	size_t nhist;
	struct iol_meta meta;
	struct iol_matrix mx; /* rank x time, bins across the page */
	int have_mx;
	struct iol_triage tri; /* default thresholds */
	int pdf_fd;	       /* the PDF's output, open while drawn */
	struct iol_phases phs; /* of logs with DXT segments, not too many */
	int have_ph;
	char ph_note[160];	   /* why a log with DXT has no phases, or "" */
	struct iol_blocks *blocks; /* of traces with call stacks, or NULL */
	cairo_t *cr;
	double pw, ph; /* page size */
	const char *ptitle;
	int pageno;
	/* per-page files (SVG, PNG) */
	cairo_surface_t *surf;
	const char *path;
	int baselen; /* of path, without a .svg or .png it ends with */
	char **tmps;
	int ntmps;
	struct iol_error *err;
};

/* ---- helpers ---- */

static const char *nz(const char *s)
{
	return s && *s ? s : "(unnamed)";
}

static void panel_title(struct ctx *c, double x, double y, const char *t)
{
	chart_text(c->cr, x, y + 11, t, 10.5, 1, -1, C_INK);
}

static double caption(struct ctx *c, double x, double y, double w,
		      const char *t)
{
	if (!t || !*t)
		return 0;
	return chart_para(c->cr, x, y, w, t, 7.5, C_MUTED) + 4;
}

static double caption_h(struct ctx *c, double w, const char *t)
{
	chart_measure_begin(c->cr);
	double h = caption(c, 0, 0, w, t);
	chart_measure_end(c->cr);
	return h;
}

/* ---- panels ---- */

struct panel {
	const char *name;
	double (*height)(struct ctx *c, double w);
	void (*draw)(struct ctx *c, double x, double y, double w);
	/* a panel of items that may go on over sheets (NULL: whole) */
	const struct split *split;
};

/* The items of a split panel: how many; how many from the from-th fit
 * in maxh (at least one) and their height; those drawn. */
struct split {
	size_t (*count)(struct ctx *c);
	double (*fit)(struct ctx *c, double w, size_t from, double maxh,
		      size_t *n);
	void (*part)(struct ctx *c, double x, double y, double w, size_t from,
		     size_t n);
};

static double job_h(struct ctx *c, double w)
{
	(void)w;
	return 118 + (c->job->partial ? 34 : 0) + (c->job->lost ? 34 : 0);
}

static void pct_str(char *b, size_t n, double v)
{
	if (isnan(v))
		snprintf(b, n, "n/a");
	else
		snprintf(b, n, "%.1f %%", v);
}

/* A job-row field for people: a percentage or n/a, its decimals, or
 * "unknown" when it has no value. */
static const char *field_str(struct ctx *c, const char *name, char *b, size_t n)
{
	const struct iol_field *f = iol_jobrow_field(name);
	double v;

	if (f->type == IOL_FT_STR)
		return f->str(&c->row, b, n);
	if (f->type != IOL_FT_NUM && f->type != IOL_FT_TIME) {
		int64_t i = f->i64(&c->row);

		if (i == INT64_MIN)
			snprintf(b, n, "unknown");
		else
			snprintf(b, n, "%lld", (long long)i);
		return b;
	}
	v = f->num(&c->row);
	if (!strcmp(f->unit, "%"))
		pct_str(b, n, v);
	else if (isnan(v))
		snprintf(b, n, "unknown");
	else if (!f->unit[0])
		fmt_ratio(b, n, v); /* 4 files over 2048 ranks: 0.002 */
	else if (!strcmp(f->unit, "s"))
		fmt_secs(b, n, v);
	else
		snprintf(b, n, "%.*f", f->prec, v);
	return b;
}

static void job_draw(struct ctx *c, double x, double y, double w)
{
	const struct iol_job *j = c->job;
	char b[6][160];
	const char *keys[6] = {"job id", "user id", "processes",
			       "nodes",	 "start",   "run time"};
	int i;

	if (j->partial) {
		chart_color(c->cr, C_WARN);
		cairo_rectangle(c->cr, x, y, w, 26);
		cairo_fill(c->cr);
		chart_text(
			c->cr, x + 8, y + 17,
			"Incomplete log: a module ran out of memory; records "
			"are missing and totals are low.",
			9, 1, -1, C_BAND);
		y += 34;
	}
	if (j->lost) {
		char names[256], t[400];

		chart_color(c->cr, C_WARN);
		cairo_rectangle(c->cr, x, y, w, 26);
		cairo_fill(c->cr);
		/* the names only: the byte counts of iol_lost_text() would
		 * not fit the band */
		snprintf(t, sizeof(t),
			 "Log cut short: the records of %s are left out "
			 "(the file ends in their regions).",
			 iol_lost_names(names, sizeof(names), j->lost));
		chart_text_fit(c->cr, x + 8, y + 17, t, 9, 1, w - 16, C_BAND);
		y += 34;
	}
	chart_text_fit(c->cr, x, y + 14, nz(j->exe[0] ? j->exe : j->path), 11,
		       1, w, C_INK);
	chart_text_fit(c->cr, x, y + 28, j->path, 7.5, 0, w, C_MUTED);
	field_str(c, "jobid", b[0], sizeof(b[0]));
	field_str(c, "uid", b[1], sizeof(b[1]));
	field_str(c, "nprocs", b[2], sizeof(b[2]));
	field_str(c, "nodes", b[3], sizeof(b[3]));
	if (strcmp(b[3], "unknown")) {
		size_t l = strlen(b[3]);

		snprintf(b[3] + l, sizeof(b[3]) - l, " (%s)",
			 iol_nodes_source_names[c->s.nodes_source]);
	}
	if (j->date_known) {
		time_t t = (time_t)j->start_sec;
		struct tm tm;

		gmtime_r(&t, &tm);
		strftime(b[4], sizeof(b[4]), "%Y-%m-%d %H:%M:%S UTC", &tm);
	} else {
		snprintf(b[4], sizeof(b[4]), "%02lld:%02lld:%02lld (no date)",
			 (long long)(j->start_sec / 3600 % 24),
			 (long long)(j->start_sec / 60 % 60),
			 (long long)(j->start_sec % 60));
	}
	if (isnan(j->run_time))
		snprintf(b[5], sizeof(b[5]), "unknown");
	else
		fmt_secs(b[5], sizeof(b[5]), j->run_time);
	for (i = 0; i < 6; i++) {
		double cx = x + (i % 3) * (w / 3), cy = y + 50 + (i / 3) * 30;

		chart_text(c->cr, cx, cy, keys[i], 7, 0, -1, C_MUTED);
		chart_text(c->cr, cx, cy + 13, b[i], 10, 1, -1, C_INK);
	}
	chart_text(c->cr, x, y + 112, j->source, 7, 0, -1, C_MUTED);
}

static double table6_h(struct ctx *c, double w)
{
	(void)c;
	(void)w;
	return 118;
}

/* The sentence under Table VI, which reads well whatever the source:
 * no data, no node count, any strategy. */
static void table6_sentence(struct ctx *c, char *line, size_t n)
{
	int64_t br = iol_jobrow_field("bytes_read")->i64(&c->row);
	int64_t bw = iol_jobrow_field("bytes_written")->i64(&c->row);
	char b1[32], b2[32], t[32], st[64], nd[128], rb[32], wb[32];
	size_t l;

	if (br > 0 || bw > 0) {
		fmt_bytes(b1, sizeof(b1), (double)br, BYTES_SHORT);
		fmt_bytes(b2, sizeof(b2), (double)bw, BYTES_SHORT);
		fmt_secs(t, sizeof(t),
			 iol_jobrow_field("io_time_by_slowest")->num(&c->row));
		l = (size_t)snprintf(
			line, n,
			"%s read and %s written through POSIX and STDIO in %s "
			"by the slowest rank; read %s MiB/s, write %s MiB/s "
			"(from the counters, each over its time by slowest "
			"rank). ",
			b1, b2, t, field_str(c, "read_mib_s", rb, sizeof(rb)),
			field_str(c, "write_mib_s", wb, sizeof(wb)));
	} else {
		l = (size_t)snprintf(line, n,
				     "No data was read or written through "
				     "POSIX or STDIO. ");
	}
	if (c->s.nodes > 0)
		snprintf(nd, sizeof(nd), "%lld compute node%s (from %s)",
			 (long long)c->s.nodes, c->s.nodes == 1 ? "" : "s",
			 iol_nodes_source_names[c->s.nodes_source]);
	else
		snprintf(nd, sizeof(nd),
			 "Compute nodes unknown (give --nodes "
			 "or --procs-per-node)");
	if (l < n)
		snprintf(line + l, n - l, "I/O strategy: %s. %s.",
			 field_str(c, "strategy", st, sizeof(st)), nd);
}

static void table6_draw(struct ctx *c, double x, double y, double w)
{
	/* the Table VI characteristics: label and job-row field */
	static const char *const t6[10][2] = {
		{"MiB/s (slowest rank)", "mib_s"},
		{"MiB/s per compute node", "mib_s_per_node"},
		{"time in I/O (slowest)", "pct_io_time_slowest"},
		{"time in I/O (average)", "pct_io_time_avg"},
		{"metadata cost", "md_cost_pct"},
		{"files per process", "files_per_proc"},
		{"creates per process", "creates_per_proc"},
		{"sequential", "pct_sequential"},
		{"aligned", "pct_aligned"},
		{"MiB per process", "mib_per_proc"},
	};
	const struct iol_field *exact = iol_jobrow_field("creates_exact");
	char v[64], line[384];
	int i;

	for (i = 0; i < 10; i++) {
		double cx = x + (i % 5) * (w / 5), cy = y + 12 + (i / 5) * 34;
		const char *k = t6[i][0];

		if (i == 6 && !exact->i64(&c->row))
			k = "creates per process (est.)";
		chart_text(c->cr, cx, cy, k, 6.8, 0, -1, C_MUTED);
		chart_text(c->cr, cx, cy + 15,
			   field_str(c, t6[i][1], v, sizeof(v)), 12, 1, -1,
			   C_INK);
	}
	table6_sentence(c, line, sizeof(line));
	chart_para(c->cr, x, y + 84, w, line, 8, C_INK);
}

static int nmods(struct ctx *c)
{
	int m, n = 0;

	for (m = 0; m < IOL_MOD_KNOWN; m++)
		n += c->s.mod[m].nrec > 0;
	return n;
}

static double modules_h(struct ctx *c, double w)
{
	(void)w;
	return nmods(c) ? 8.5 * 1.55 * (nmods(c) + 1) + 6 : 0;
}

static void modules_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const head[] = {
		"module",  "records",	      "files", "read",
		"written", "time by slowest", "MiB/s"};
	static const int num[] = {0, 1, 1, 1, 1, 1, 1};
	double wd[7];
	const char *cells[IOL_MOD_KNOWN * 7];
	char buf[IOL_MOD_KNOWN][6][32];
	int m, n = 0, k;

	wd[0] = w * 0.18;
	for (k = 1; k < 7; k++)
		wd[k] = w * 0.12;
	wd[5] = w * 0.22;
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_modsum *ms = &c->s.mod[m];

		if (!ms->nrec)
			continue;
		snprintf(buf[n][0], 32, "%lld", (long long)ms->nrec);
		snprintf(buf[n][1], 32, "%lld", (long long)ms->nfiles);
		fmt_bytes(buf[n][2], 32, (double)ms->bytes_read, BYTES_SHORT);
		fmt_bytes(buf[n][3], 32, (double)ms->bytes_written,
			  BYTES_SHORT);
		if (ms->has_perf) {
			snprintf(buf[n][4], 32, "%.6f s",
				 ms->perf.agg_time_by_slowest);
			snprintf(buf[n][5], 32, "%.2f",
				 ms->perf.agg_perf_by_slowest);
		} else {
			memcpy(buf[n][4], "-", 2);
			memcpy(buf[n][5], "-", 2);
		}
		cells[n * 7] = iol_modinfo(m)->name;
		for (k = 0; k < 6; k++)
			cells[n * 7 + 1 + k] = buf[n][k];
		n++;
	}
	chart_table(c->cr, x, y, 7, wd, num, head, n, cells, 8.5);
}

static const int io_mods[] = {IOL_MOD_POSIX, IOL_MOD_MPIIO,	  IOL_MOD_STDIO,
			      IOL_MOD_H5D,   IOL_MOD_PNETCDF_VAR, IOL_MOD_DFS,
			      IOL_MOD_DAOS};
#define NIOMODS (int)(sizeof(io_mods) / sizeof(io_mods[0]))

static double iocost_h(struct ctx *c, double w)
{
	int k, n = 0;

	(void)w;
	for (k = 0; k < NIOMODS; k++)
		n += c->s.mod[io_mods[k]].nrec > 0;
	return n ? 40 + 22.0 * n : 0;
}

static void iocost_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const ser[] = {"read", "write", "metadata"};
	static const int col[] = {C_READ, C_WRITE, C_META};
	const char *cats[NIOMODS];
	double v[3 * NIOMODS], max = 0;
	struct plot p = {0};
	int k, n = 0, s;

	for (k = 0; k < NIOMODS; k++) {
		const struct iol_modsum *ms = &c->s.mod[io_mods[k]];

		if (!ms->nrec)
			continue;
		cats[n] = iol_modinfo(io_mods[k])->name;
		n++;
	}
	for (k = 0, s = 0; k < NIOMODS; k++) {
		const struct iol_modsum *ms = &c->s.mod[io_mods[k]];

		if (!ms->nrec)
			continue;
		v[0 * n + s] = ms->read_time_pp;
		v[1 * n + s] = ms->write_time_pp;
		v[2 * n + s] = ms->meta_time_pp;
		if (v[0 * n + s] + v[1 * n + s] + v[2 * n + s] > max)
			max = v[0 * n + s] + v[1 * n + s] + v[2 * n + s];
		s++;
	}
	if (!isnan(c->job->run_time) && c->job->run_time > max)
		max = c->job->run_time;
	p.cr = c->cr;
	p.x = x + 70;
	p.y = y + 14;
	p.w = w - 80;
	p.h = 22.0 * n;
	p.horizontal = 1;
	axis_nice(&p.ax, 0, max > 0 ? max : 1, 0, 2);
	plot_axes(&p, "seconds per process");
	plot_stacked(&p, n, cats, 3, v, col);
	if (!isnan(c->job->run_time)) {
		double f = axis_frac(&p.ax, c->job->run_time);

		chart_color(c->cr, C_WARN);
		cairo_set_line_width(c->cr, 0.8);
		cairo_move_to(c->cr, p.x + f * p.w, p.y - 2);
		cairo_line_to(c->cr, p.x + f * p.w, p.y + p.h);
		cairo_stroke(c->cr);
		chart_text(c->cr, p.x + f * p.w, p.y - 4, "run time", 6.5, 0, 1,
			   C_WARN);
	}
	chart_legend(c->cr, x, y + 6, 3, ser, col);
}

static double opcounts_h(struct ctx *c, double w)
{
	(void)w;
	return (c->s.mod[IOL_MOD_POSIX].nrec || c->s.mod[IOL_MOD_MPIIO].nrec ||
		c->s.mod[IOL_MOD_STDIO].nrec)
		       ? 170
		       : 0;
}

static void opcounts_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const cats[] = {"read", "write", "open", "stat",
					   "seek", "mmap",  "sync"};
	static const char *const sname[] = {"POSIX", "MPI-IO", "STDIO"};
	static const int smod[] = {IOL_MOD_POSIX, IOL_MOD_MPIIO, IOL_MOD_STDIO};
	static const int scol[] = {C_WRITE, C_META, C_READ};
	int64_t ops[IOL_OPL_N][IOL_OPK_N];
	double v[3 * 7], max = 1;
	const char *ser[3];
	int col[3], ns = 0, s, k;
	struct plot p = {0};

	iol_opcounts(c->job, ops);
	/* the series of the modules the log has, no others in the legend */
	for (s = 0; s < 3; s++) {
		if (!c->s.mod[smod[s]].nrec)
			continue;
		for (k = 0; k < 7; k++) {
			v[ns * 7 + k] = (double)ops[s][k];
			if (v[ns * 7 + k] > max)
				max = v[ns * 7 + k];
		}
		ser[ns] = sname[s];
		col[ns++] = scol[s];
	}
	p.cr = c->cr;
	p.x = x + 40;
	p.y = y + 16;
	p.w = w - 50;
	p.h = 130;
	/* counts span orders of magnitude: a log axis keeps all visible;
	 * its base at 0.5 so that a count of 1 is a bar, not nothing */
	axis_nice(&p.ax, 1, max, 1, 0);
	p.ax.min = 0.5;
	plot_axes(&p, "operations (log scale)");
	plot_bars(&p, 7, cats, ns, v, col);
	chart_legend(c->cr, x + w - 60.0 * ns, y + 6, ns, ser, col);
}

static const struct iol_hist *hist_of(struct ctx *c, int mod)
{
	size_t i;

	for (i = 0; i < c->nhist; i++)
		if (c->hist[i].mod == mod)
			return &c->hist[i];
	return NULL;
}

static int hist_any(const struct iol_hist *h)
{
	int b;

	for (b = 0; h && b < IOL_NBINS; b++)
		if (h->rd[b] || h->wr[b])
			return 1;
	return 0;
}

static void hist_draw_one(struct ctx *c, const struct iol_hist *h, double x,
			  double y, double w)
{
	static const char *const ser[] = {"read", "write"};
	static const int col[] = {C_READ, C_WRITE};
	double v[2 * IOL_NBINS], max = 1;
	struct plot p = {0};
	int b;

	for (b = 0; b < IOL_NBINS; b++) {
		v[b] = (double)h->rd[b];
		v[IOL_NBINS + b] = (double)h->wr[b];
		if (v[b] > max)
			max = v[b];
		if (v[IOL_NBINS + b] > max)
			max = v[IOL_NBINS + b];
	}
	p.cr = c->cr;
	p.x = x + 40;
	p.y = y + 16;
	p.w = w - 50;
	p.h = 120;
	axis_nice(&p.ax, 0, max, 0, 0);
	plot_axes(&p, "operations");
	plot_bars(&p, IOL_NBINS, iol_bin_names, 2, v, col);
	chart_legend(c->cr, x + w - 110, y + 6, 2, ser, col);
}

static double hist_h(struct ctx *c, double w)
{
	(void)w;
	return hist_any(hist_of(c, -1)) ? 160 : 0;
}

static void hist_draw(struct ctx *c, double x, double y, double w)
{
	hist_draw_one(c, hist_of(c, -1), x, y, w);
}

static double histm_h(struct ctx *c, double w)
{
	(void)w;
	return hist_any(hist_of(c, IOL_MOD_MPIIO)) ? 160 : 0;
}

static void histm_draw(struct ctx *c, double x, double y, double w)
{
	hist_draw_one(c, hist_of(c, IOL_MOD_MPIIO), x, y, w);
}

/* rows of the common-sizes table: every module that records access sizes
 * (POSIX, MPI-IO, H5D, ...), iol_common_sizes()' exact sum */
static int common_rows(struct ctx *c)
{
	size_t i;
	int n = 0;

	for (i = 0; i < c->nhist; i++)
		if (c->hist[i].mod >= 0)
			n += c->hist[i].ncommon;
	return n;
}

static double common_h(struct ctx *c, double w)
{
	int n = common_rows(c);

	(void)w;
	return n ? 8.5 * 1.55 * (n + 1) + 4 : 0;
}

static void common_draw(struct ctx *c, double x, double y, double w)
{
	enum { MAXROWS = IOL_MOD_KNOWN * IOL_NCOMMON };
	static const char *const head[] = {"module", "access size", "count"};
	static const int num[] = {0, 1, 1};
	double wd[3] = {w * 0.2, w * 0.25, w * 0.2};
	const char *cells[MAXROWS * 3];
	char b[MAXROWS][2][40];
	size_t i;
	int n = 0, k;

	for (i = 0; i < c->nhist; i++) {
		const struct iol_hist *h = &c->hist[i];

		for (k = 0; h->mod >= 0 && k < h->ncommon; k++, n++) {
			snprintf(b[n][0], 40, "%lld", (long long)h->common[k]);
			snprintf(b[n][1], 40, "%lld",
				 (long long)h->common_count[k]);
			/* the module is named on its first row only */
			cells[n * 3] = k ? "" : iol_modinfo(h->mod)->name;
			cells[n * 3 + 1] = b[n][0];
			cells[n * 3 + 2] = b[n][1];
		}
	}
	chart_table(c->cr, x, y, 3, wd, num, head, n, cells, 8.5);
}

static double files_summary_h(struct ctx *c, double w)
{
	(void)w;
	return c->s.nfiles ? 8.5 * 1.55 * 8 + 22 : 0;
}

static void files_summary_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const head[] = {"category", "files", "bytes",
					   "avg size", "max size"};
	static const char *const name[IOL_CAT_N] = {
		"all",	  "read-only", "write-only",	  "read-write",
		"unique", "shared",    "partially shared"};
	static const int num[] = {0, 1, 1, 1, 1};
	double wd[5] = {w * 0.37, w * 0.12, w * 0.17, w * 0.17, w * 0.17};
	const char *cells[IOL_CAT_N * 5];
	char b[IOL_CAT_N][4][32];
	char line[128];
	int k;

	for (k = 0; k < IOL_CAT_N; k++) {
		const struct iol_category *ct = &c->s.cat[k];

		snprintf(b[k][0], 32, "%lld", (long long)ct->count);
		fmt_bytes(b[k][1], 32,
			  (double)satadd(ct->read_bytes, ct->write_bytes),
			  BYTES_SHORT);
		if (!isnan(iol_category_avg_size(ct))) {
			fmt_bytes(b[k][2], 32, iol_category_avg_size(ct),
				  BYTES_SHORT);
			fmt_bytes(b[k][3], 32, iol_category_max_size(ct),
				  BYTES_SHORT);
		} else {
			memcpy(b[k][2], "-", 2);
			memcpy(b[k][3], "-", 2);
		}
		cells[k * 5] = name[k];
		cells[k * 5 + 1] = b[k][0];
		cells[k * 5 + 2] = b[k][1];
		cells[k * 5 + 3] = b[k][2];
		cells[k * 5 + 4] = b[k][3];
	}
	y += chart_table(c->cr, x, y, 5, wd, num, head, IOL_CAT_N, cells, 8.5);
	snprintf(line, sizeof(line), "Files created: %lld%s.",
		 (long long)c->s.ncreated,
		 c->s.creates_exact ? ""
				    : " (estimated: written, not read first)");
	chart_text(c->cr, x, y + 14, line, 8, 0, -1, C_INK);
}

#define TOPN 10

static int cmp_bytes(const void *a, const void *b)
{
	const struct iol_filerow *x = a, *y = b;
	/* in doubles: a damaged log's INT64_MAX bytes each way */
	double bx = (double)x->br + (double)x->bw,
	       by = (double)y->br + (double)y->bw;

	if (bx != by)
		return bx > by ? -1 : 1;
	return iol_row_tiebreak(x->path, x->mod, x->id, y->path, y->mod, y->id);
}

static size_t ntop(struct ctx *c)
{
	return c->nranked < TOPN ? c->nranked : TOPN;
}

/* "12 files excluded (\.pyc$ 10, ^/usr/ 2)": what the ranking left out
 * and why; 0 when nothing was. */
static int excluded_line(struct ctx *c, char *b, size_t n)
{
	size_t k, l;
	int64_t tot = 0;

	for (k = 0; c->o->excl && k < c->o->excl->n; k++)
		tot += c->exhits[k];
	if (!tot)
		return 0;
	l = (size_t)snprintf(b, n, "%lld file%s excluded (", (long long)tot,
			     tot == 1 ? "" : "s");
	for (k = 0; k < c->o->excl->n && l < n; k++)
		if (c->exhits[k])
			l += (size_t)snprintf(
				b + l, n - l, "%s%s %lld",
				l > 0 && b[l - 1] != '(' ? ", " : "",
				c->o->excl->pat[k], (long long)c->exhits[k]);
	if (l < n)
		snprintf(b + l, n - l, ")");
	return 1;
}

static double topfiles_h(struct ctx *c, double w)
{
	char b[512];
	double h = ntop(c) ? 8 * 1.55 * (double)(ntop(c) + 1) + 4 : 0;

	(void)w;
	if (excluded_line(c, b, sizeof(b)))
		h += 12;
	return h;
}

static void topfiles_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const head[] = {"file",    "ranks",	  "read",
					   "written", "I/O time", "slowest"};
	static const int num[] = {0, 1, 1, 1, 1, 1};
	double wd[6] = {w * 0.46,  w * 0.09, w * 0.115,
			w * 0.115, w * 0.11, w * 0.11};
	const char *cells[TOPN * 6];
	char b[TOPN][5][32], line[512];
	size_t i, n = ntop(c);

	for (i = 0; i < n; i++) {
		const struct iol_filerow *f = &c->files[i];

		if (f->nranks < 0)
			memcpy(b[i][0], "shared", 7);
		else
			snprintf(b[i][0], 32, "%lld", (long long)f->nranks);
		fmt_bytes(b[i][1], 32, (double)f->br, BYTES_SHORT);
		fmt_bytes(b[i][2], 32, (double)f->bw, BYTES_SHORT);
		fmt_secs(b[i][3], 32, f->tr + f->tw + f->tm);
		fmt_secs(b[i][4], 32, f->tslow);
		cells[i * 6] = nz(f->path);
		cells[i * 6 + 1] = b[i][0];
		cells[i * 6 + 2] = b[i][1];
		cells[i * 6 + 3] = b[i][2];
		cells[i * 6 + 4] = b[i][3];
		cells[i * 6 + 5] = b[i][4];
	}
	y += n ? chart_table(c->cr, x, y, 6, wd, num, head, (int)n, cells, 8)
	       : 0;
	if (excluded_line(c, line, sizeof(line)))
		chart_text_fit(c->cr, x, y + 9, line, 7, 0, w, C_MUTED);
}

static double timespans_h(struct ctx *c, double w)
{
	size_t i, n = 0;

	(void)w;
	for (i = 0; i < ntop(c); i++)
		n += c->files[i].first >= 0 && c->files[i].last > 0;
	return n ? 40 + 14.0 * (double)n : 0;
}

static void timespans_draw(struct ctx *c, double x, double y, double w)
{
	struct axis ax;
	double tmax = 0, lx = x + w * 0.32, lw = w * 0.66, ry = y + 8;
	size_t i;

	for (i = 0; i < ntop(c); i++)
		if (c->files[i].last > tmax)
			tmax = c->files[i].last;
	if (!isnan(c->job->run_time) && c->job->run_time > tmax)
		tmax = c->job->run_time;
	axis_nice(&ax, 0, tmax > 0 ? tmax : 1, 0, 2);
	for (i = 0; i < ntop(c); i++) {
		const struct iol_filerow *f = &c->files[i];
		double f0, f1;
		char label[80];
		const char *p = nz(f->path);
		size_t l = strlen(p);

		if (!(f->first >= 0 && f->last > 0))
			continue;
		if (l > 34) {
			/* the end names the file; start on a character */
			p += l - 33;
			while ((*p & 0xC0) == 0x80)
				p++;
		}
		snprintf(label, sizeof(label), "%s%s", l > 34 ? "…" : "", p);
		chart_text(c->cr, lx - 4, ry + 9, label, 7, 0, 1, C_INK);
		f0 = axis_frac(&ax, f->first);
		f1 = axis_frac(&ax, f->last);
		chart_color(c->cr, C_WRITE);
		cairo_rectangle(c->cr, lx + f0 * lw, ry + 2,
				fmax((f1 - f0) * lw, 1.0), 8);
		cairo_fill(c->cr);
		ry += 14;
	}
	{
		struct plot p = {.cr = c->cr,
				 .x = lx,
				 .y = y + 4,
				 .w = lw,
				 .h = ry - y - 2,
				 .ax = ax,
				 .horizontal = 1};

		plot_axes(&p, "seconds from the job's start");
	}
}

struct fsrow {
	const char *mnt, *type;
	int64_t br, bw, files;
};

static double fs_h(struct ctx *c, double w)
{
	(void)w;
	return c->nfiles ? 8.5 * 1.55 *
					   (c->job->nmounts + 2 > 9
						    ? 9
						    : c->job->nmounts + 2) +
				   6
			 : 0;
}

static void fs_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const head[] = {"mount point", "type", "files",
					   "read", "written"};
	static const int num[] = {0, 0, 1, 1, 1};
	double wd[5] = {w * 0.40, w * 0.14, w * 0.12, w * 0.17, w * 0.17};
	struct fsrow rows[8];
	const char *cells[8 * 5];
	char b[8][3][32];
	size_t i;
	int n = 0, k;

	for (i = 0; i < c->nfiles; i++) {
		const struct iol_filerow *f = &c->files[i];

		for (k = 0; k < n; k++)
			if (!strcmp(rows[k].mnt, f->mnt))
				break;
		if (k == n) {
			if (n == 8)
				continue;
			rows[n].mnt = f->mnt;
			rows[n].type = f->fstype;
			rows[n].br = rows[n].bw = rows[n].files = 0;
			n++;
		}
		rows[k].br = satadd(rows[k].br, f->br);
		rows[k].bw = satadd(rows[k].bw, f->bw);
		rows[k].files++;
	}
	for (k = 0; k < n; k++) {
		snprintf(b[k][0], 32, "%lld", (long long)rows[k].files);
		fmt_bytes(b[k][1], 32, (double)rows[k].br, BYTES_SHORT);
		fmt_bytes(b[k][2], 32, (double)rows[k].bw, BYTES_SHORT);
		cells[k * 5] = rows[k].mnt;
		cells[k * 5 + 1] = rows[k].type;
		cells[k * 5 + 2] = b[k][0];
		cells[k * 5 + 3] = b[k][1];
		cells[k * 5 + 4] = b[k][2];
	}
	chart_table(c->cr, x, y, 5, wd, num, head, n, cells, 8.5);
}

static double seq_h(struct ctx *c, double w)
{
	(void)w;
	return c->s.mod[IOL_MOD_POSIX].reads > 0 ||
			       c->s.mod[IOL_MOD_POSIX].writes > 0
		       ? 118
		       : 0;
}

static void seq_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const cats[] = {"reads", "writes"};
	static const char *const ser[] = {"total", "sequential", "consecutive"};
	static const int col[] = {C_OTHER, C_WRITE, C_READ};
	int64_t ops[IOL_OPL_N][IOL_OPK_N];
	double v[6], max;
	struct plot p = {0};

	iol_opcounts(c->job, ops);
	v[0] = (double)c->s.mod[IOL_MOD_POSIX].reads;
	v[1] = (double)c->s.mod[IOL_MOD_POSIX].writes;
	v[2] = (double)ops[IOL_OPL_POSIX][IOL_OPK_SEQ_READ];
	v[3] = (double)ops[IOL_OPL_POSIX][IOL_OPK_SEQ_WRITE];
	v[4] = (double)ops[IOL_OPL_POSIX][IOL_OPK_CONSEC_READ];
	v[5] = (double)ops[IOL_OPL_POSIX][IOL_OPK_CONSEC_WRITE];
	max = fmax(v[0], v[1]);
	p.cr = c->cr;
	p.x = x + 50;
	p.y = y + 16;
	p.w = w - 60;
	p.h = 74;
	p.horizontal = 1;
	axis_nice(&p.ax, 0, max > 0 ? max : 1, 0, 0);
	plot_axes(&p, "operations");
	plot_bars(&p, 2, cats, 3, v, col);
	chart_legend(c->cr, x + w - 230, y + 6, 3, ser, col);
}

/* Shared (reduced) POSIX and STDIO records: the rank balance Darshan
 * kept of them (analysis/select.h), the first VARN by bytes moved. */
#define VARN 12

static size_t nshared(struct ctx *c)
{
	return c->nshared < VARN ? c->nshared : VARN;
}

static double variance_h(struct ctx *c, double w)
{
	(void)w;
	if (!nshared(c))
		return 0;
	return 7.5 * 1.55 * (double)(nshared(c) + 1) + 4 +
	       (c->nshared > VARN ? 12 : 0);
}

static void variance_cells(const struct iol_sharedrow *r, char b[8][32])
{
	fmt_bytes(b[0], 32, (double)r->br + (double)r->bw, BYTES_SHORT);
	snprintf(b[1], 32, "%lld", (long long)r->fastest_rank);
	fmt_secs(b[2], 32, r->fastest_time);
	fmt_bytes(b[3], 32, (double)r->fastest_bytes, BYTES_SHORT);
	snprintf(b[4], 32, "%lld", (long long)r->slowest_rank);
	fmt_secs(b[5], 32, r->slowest_time);
	fmt_bytes(b[6], 32, (double)r->slowest_bytes, BYTES_SHORT);
	fmt_secs(b[7], 32, r->sd_time);
}

static void variance_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const head[] = {
		"file",	   "moved", "fastest", "time",	 "bytes",
		"slowest", "time",  "bytes",   "σ time", "σ bytes"};
	static const int num[] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	double wd[10] = {w * 0.275, w * 0.085, w * 0.07,  w * 0.08, w * 0.085,
			 w * 0.07,  w * 0.08,  w * 0.085, w * 0.08, w * 0.09};
	const char *cells[VARN * 10];
	char b[VARN][9][32];
	size_t i, k, n = nshared(c);

	for (i = 0; i < n; i++) {
		const struct iol_sharedrow *r = &c->shared[i];

		variance_cells(r, b[i]);
		fmt_bytes(b[i][8], 32, r->sd_bytes, BYTES_SHORT);
		cells[i * 10] = nz(r->path);
		for (k = 0; k < 9; k++)
			cells[i * 10 + 1 + k] = b[i][k];
	}
	y += chart_table(c->cr, x, y, 10, wd, num, head, (int)n, cells, 7.5);
	if (c->nshared > n) {
		char line[96];

		snprintf(line, sizeof(line),
			 "and %zu more shared files (iolens files --shared "
			 "lists them all)",
			 c->nshared - n);
		chart_text(c->cr, x, y + 9, line, 7, 0, -1, C_MUTED);
	}
}

static double meta_h(struct ctx *c, double w)
{
	size_t i, n = 0;

	(void)w;
	for (i = 0; i < c->meta.nops; i++)
		n += c->meta.ops[i].count > 0;
	return n ? 8 * 1.55 * ((double)(n < 14 ? n : 14) + 1) + 36 : 0;
}

/* Appends the metadata time of the layers above POSIX (MPI-IO, HDF5,
 * PnetCDF), which see the same calls in part and are never added. */
static void meta_upper(struct ctx *c, char *line, size_t n)
{
	size_t l = strlen(line);
	int m, any = 0;
	char t[32];

	for (m = 0; m < IOL_MOD_KNOWN && l + 1 < n; m++) {
		if (!c->meta.has_time[m] ||
		    (m != IOL_MOD_MPIIO && m != IOL_MOD_H5F &&
		     m != IOL_MOD_H5D && m != IOL_MOD_PNETCDF_FILE &&
		     m != IOL_MOD_PNETCDF_VAR))
			continue;
		fmt_secs(t, sizeof(t), c->meta.time[m]);
		l += (size_t)snprintf(
			line + l, n - l, "%s%s %s",
			any ? ", " : " Above them: ", iol_modinfo(m)->name, t);
		any = 1;
	}
	if (any && l + 1 < n)
		snprintf(line + l, n - l,
			 " of metadata (sums over ranks; not added).");
}

static void meta_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const head[] = {"module", "operation", "count"};
	static const int num[] = {0, 0, 1};
	double wd[3] = {w * 0.3, w * 0.5, w * 0.2};
	const char *cells[14 * 3];
	char b[14][24], line[256], t1[32], t2[32];
	size_t i;
	int n = 0;

	for (i = 0; i < c->meta.nops && n < 14; i++) {
		if (!c->meta.ops[i].count)
			continue;
		snprintf(b[n], 24, "%lld", (long long)c->meta.ops[i].count);
		cells[n * 3] = iol_modinfo(c->meta.ops[i].mod)->name;
		cells[n * 3 + 1] = c->meta.ops[i].op;
		cells[n * 3 + 2] = b[n];
		n++;
	}
	y += chart_table(c->cr, x, y, 3, wd, num, head, n, cells, 8);
	fmt_secs(t1, sizeof(t1), c->meta.total_time);
	fmt_secs(t2, sizeof(t2), c->meta.io_time);
	if (c->meta.io_time > 0)
		snprintf(line, sizeof(line),
			 "POSIX and STDIO spent %s in metadata out of %s of "
			 "I/O, "
			 "sums over ranks (%.1f %%).",
			 t1, t2, c->meta.md_cost_pct);
	else
		snprintf(line, sizeof(line), "No I/O time was recorded.");
	meta_upper(c, line, sizeof(line));
	y += 6 + chart_para(c->cr, x, y + 4, w, line, 8, C_INK);
	if (c->meta.slowest_io > 0) {
		char who[48];

		/* the job's time by slowest: own files plus shared files */
		if (c->meta.slowest_rank >= 0)
			snprintf(who, sizeof(who), "rank %lld",
				 (long long)c->meta.slowest_rank);
		else
			snprintf(who, sizeof(who), "shared files only");
		fmt_secs(t1, sizeof(t1), c->meta.slowest_meta);
		fmt_secs(t2, sizeof(t2), c->meta.slowest_io);
		snprintf(line, sizeof(line),
			 "Slowest rank (%s): %s of metadata in %s of I/O "
			 "(%.1f %%).",
			 who, t1, t2, c->meta.slowest_pct);
		chart_para(c->cr, x, y + 2, w, line, 8, C_INK);
	}
}

/* a seconds axis over exactly the matrix's [t0, t1], which the data
 * were binned over, with the nice ticks that fall inside it */
static void time_axis(struct axis *ax, const struct iol_matrix *m)
{
	int k = 0;

	axis_nice(ax, m->t0, m->t1, 0, 2);
	ax->min = m->t0;
	ax->max = m->t1;
	while (k < ax->nticks && ax->ticks[k] <= m->t1 + 1e-12)
		k++;
	ax->nticks = k;
}

/* The rank x time panels share one geometry, so the timeline and the
 * heatmap on a page have the same time axis: labels in the left 44 pt,
 * row totals and marks in the right 76 pt. */
#define TL_LEFT 44.0
#define TL_RIGHT 76.0

/* rows of a rank x time panel: iol_matrix_rows, then the shared records'
 * row when there is one (lo == nrank) */
struct tlrows {
	struct iol_rows r;
	size_t n; /* r.n, plus one for the shared row */
};

static int tl_rows(const struct iol_matrix *m, size_t maxrows, struct tlrows *t)
{
	if (iol_matrix_rows(m, maxrows, &t->r, NULL) < 0)
		return -1;
	t->n = t->r.n + (size_t)m->has_shared;
	return 0;
}

/* ranks lo..hi-1 of row g; the shared row past the ranks */
static void tl_row(const struct iol_matrix *m, const struct tlrows *t, size_t g,
		   size_t *lo, size_t *hi)
{
	if (g < t->r.n) {
		*lo = t->r.g[g].lo;
		*hi = t->r.g[g].hi;
	} else {
		*lo = m->nrank;
		*hi = m->nrank + 1;
	}
}

static void tl_label(const struct iol_matrix *m, const struct tlrows *t,
		     size_t g, char *b, size_t n)
{
	size_t lo, hi;

	tl_row(m, t, g, &lo, &hi);
	if (lo == m->nrank)
		snprintf(b, n, "shared");
	else if (hi - lo > 1)
		snprintf(b, n, "%zu-%zu", lo, hi - 1);
	else
		snprintf(b, n, "%zu", lo);
}

/* What the panel shows, for its caption: the source, how rows were
 * grouped, the shared row, and whether the cells are estimates. */
static void tl_caption(struct ctx *c, const struct tlrows *t, char *b, size_t n)
{
	const struct iol_matrix *m = &c->mx;
	char how[256];
	size_t k;

	k = (size_t)snprintf(b, n, "Timeline %s. ",
			     iol_timeline_desc(c->job, m->source, -1));
	if (k < n && m->heat_bin > 0)
		k += (size_t)snprintf(b + k, n - k, "HEATMAP bins of %.3g s. ",
				      m->heat_bin);
	if (k < n)
		k += (size_t)snprintf(
			b + k, n - k, "Rows: %s. ",
			iol_rows_caption(&t->r, how, sizeof(how)));
	if (k < n && t->r.how == IOL_ROWS_EVEN)
		k += (size_t)snprintf(b + k, n - k,
				      "A red tick right of a row: it holds "
				      "idle ranks; a dark one: outliers. ");
	if (k < n && m->has_shared)
		k += (size_t)snprintf(b + k, n - k,
				      "Row \"shared\": files Darshan reduced "
				      "over all ranks (rank -1), which belong "
				      "to no rank's row. ");
	if (k < n && m->estimated)
		snprintf(b + k, n - k,
			 "Estimated: Darshan records when each file was first "
			 "and last read or written, not how much moved when; "
			 "hatched spans show those intervals, not rates.");
}

static double tl_caption_h(struct ctx *c, const struct tlrows *t, double w)
{
	char cap[1024];

	tl_caption(c, t, cap, sizeof(cap));
	return caption_h(c, w, cap);
}

/* A span that is an estimate: outlined and hatched, never filled as if
 * it were measured bytes. */
static void hatch(cairo_t *cr, double x, double y, double w, double h,
		  int color)
{
	double k;

	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip_preserve(cr);
	chart_color(cr, color);
	cairo_set_line_width(cr, 0.6);
	cairo_stroke(cr);
	cairo_set_line_width(cr, 0.4);
	for (k = -h; k < w; k += 3) {
		cairo_move_to(cr, x + k, y + h);
		cairo_line_to(cr, x + k + h, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* the bytes of rows lo..hi-1 in bin b, written and read */
static void tl_cell(const struct iol_matrix *m, size_t lo, size_t hi, size_t b,
		    double *wr, double *rd)
{
	size_t r;

	*wr = *rd = 0;
	for (r = lo; r < hi; r++) {
		*wr += m->wr[r * m->nbins + b];
		*rd += m->rd[r * m->nbins + b];
	}
}

/* estimated rows: each run of bins with bytes one hatched span per
 * direction (writes in the upper half, reads in the lower) */
static void tl_spans(struct ctx *c, size_t lo, size_t hi, double lx, double bw,
		     double ry, double rh)
{
	const struct iol_matrix *m = &c->mx;
	int op;

	for (op = 0; op < 2; op++) {
		size_t b = 0;

		while (b < m->nbins) {
			size_t e;
			double wr, rd;

			tl_cell(m, lo, hi, b, &wr, &rd);
			if ((op ? rd : wr) <= 0) {
				b++;
				continue;
			}
			for (e = b + 1; e < m->nbins; e++) {
				tl_cell(m, lo, hi, e, &wr, &rd);
				if ((op ? rd : wr) <= 0)
					break;
			}
			hatch(c->cr, lx + bw * (double)b,
			      ry + 0.5 + (rh / 2) * op, bw * (double)(e - b),
			      rh / 2 - 0.5, op ? C_READ : C_WRITE);
			b = e;
		}
	}
}

/* marks right of a grouped row that hides idle or outlier ranks: a
 * red tick for idle ranks, an ink one beside it for outliers */
static void tl_mark(struct ctx *c, const struct tlrows *t, size_t g, double x,
		    double y, double rh)
{
	const struct iol_rowgroup *rg;

	if (g >= t->r.n || t->r.how != IOL_ROWS_EVEN)
		return;
	rg = &t->r.g[g];
	if (rg->nidle && rg->nidle < rg->hi - rg->lo) {
		chart_color(c->cr, C_WARN);
		cairo_rectangle(c->cr, x, y + 0.5, 3, rh - 1);
		cairo_fill(c->cr);
	}
	if (rg->nout) {
		chart_color(c->cr, C_INK);
		cairo_rectangle(c->cr, x + 4, y + 0.5, 3, rh - 1);
		cairo_fill(c->cr);
	}
}

/* whether row g gets a label: every row when rows are tall enough for
 * the 6 pt labels, else every few, and the shared row always, the row
 * labels around it left out so none overdraws another */
static int tl_labelled(const struct tlrows *t, size_t g, double rh)
{
	size_t step = rh >= 6 ? 1 : rh >= 5 ? 4 : 8;

	if (g >= t->r.n)
		return 1;
	return g % step == 0 && (t->n == t->r.n || g + step <= t->r.n);
}

/* row height for n rows: per rank up to 96 rows when they fit */
static double tl_rh(size_t n, double big)
{
	return n > 48 ? 3 : n > 24 ? 5 : big;
}

/*
 * Cells drawn as one image of a pixel a cell (the heatmap, the per-rank
 * timeline) where a PDF is written: a filled rectangle a cell was
 * recorded, replayed and compressed by cairo one by one (up to 96 x 240
 * of them a panel, most of the report's CPU on a heatmap log).  The
 * image says /Interpolate false, so viewers draw its cells sharp, as
 * the rectangles were.  PDF only: cairo's SVG drops the filter (a
 * browser would blur the image), so SVG and PNG pages keep the
 * rectangles.
 */
static cairo_surface_t *cells_new(struct ctx *c, size_t w, size_t h)
{
	cairo_surface_t *img;

	if (c->o->format != REPORT_PDF || w > 1 << 15 || h > 1 << 15)
		return NULL;
	img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(img);
		return NULL;
	}
	cairo_surface_flush(img);
	return img;
}

/* pixel row y of a cells_new() image (0x00RRGGBB a pixel) */
static uint32_t *cells_row(cairo_surface_t *img, size_t y)
{
	unsigned char *px = cairo_image_surface_get_data(img);

	return (uint32_t *)(void *)(px + (size_t)cairo_image_surface_get_stride(
						 img) *
						 y);
}

/* a palette colour as a pixel */
static uint32_t cells_px(double r, double g, double b)
{
	double v[3] = {r, g, b};
	uint32_t px = 0;

	for (int k = 0; k < 3; k++)
		px = px << 8 | (uint32_t)lround(fmin(fmax(v[k], 0), 1) * 255);
	return px;
}

/* img drawn with its corner at (x, y), a pixel sx by sy points; freed */
static void cells_draw(struct ctx *c, cairo_surface_t *img, double x, double y,
		       double sx, double sy)
{
	cairo_pattern_t *pat;

	cairo_surface_mark_dirty(img);
	cairo_save(c->cr);
	cairo_translate(c->cr, x, y);
	cairo_scale(c->cr, sx, sy);
	pat = cairo_pattern_create_for_surface(img);
	cairo_pattern_set_filter(pat, CAIRO_FILTER_NEAREST);
	cairo_set_source(c->cr, pat);
	cairo_rectangle(c->cr, 0, 0, cairo_image_surface_get_width(img),
			cairo_image_surface_get_height(img));
	cairo_fill(c->cr);
	cairo_restore(c->cr);
	cairo_pattern_destroy(pat);
	cairo_surface_destroy(img);
}

/*
 * The measured timeline as cells_new()'s image: a pixel a bin across and
 * half a point down, so that a row of rh points (3, 5 or 9) is 2 rh
 * pixels: white above and below (the rectangles' 0.5 pt gaps), writes in
 * the upper half and reads in the lower where a bin has both, else the
 * one in the whole.  0, or -1 (then the rectangles).
 */
static int gantt_image(struct ctx *c, const struct tlrows *t, double lx,
		       double bw, double top, double rh)
{
	const struct iol_matrix *m = &c->mx;
	size_t k = (size_t)lround(2 * rh), g, b, y, lo, hi;
	cairo_surface_t *img;
	uint32_t wpx = cells_px(0.12, 0.31, 0.52),
		 rpx = cells_px(0.55, 0.75, 0.90);

	if (m->estimated || fabs((double)k - 2 * rh) > 1e-9 || k < 4 ||
	    !(img = cells_new(c, m->nbins, t->n * k)))
		return -1;
	for (g = 0; g < t->n; g++) {
		tl_row(m, t, g, &lo, &hi);
		for (b = 0; b < m->nbins; b++) {
			double wr, rd;

			tl_cell(m, lo, hi, b, &wr, &rd);
			for (y = 0; y < k; y++) {
				uint32_t px = 0xffffff;

				if (y > 0 && y + 1 < k && (wr > 0 || rd > 0))
					px = wr > 0 && rd > 0
						     ? (y < k / 2 ? wpx : rpx)
					     : wr > 0 ? wpx
						      : rpx;
				cells_row(img, g * k + y)[b] = px;
			}
		}
	}
	cells_draw(c, img, lx, top, bw, 0.5);
	return 0;
}

static double gantt_h(struct ctx *c, double w)
{
	struct tlrows t;
	double h;

	if (!c->have_mx || tl_rows(&c->mx, 96, &t) < 0)
		return 0;
	h = 54 + (double)t.n * tl_rh(t.n, 9) + tl_caption_h(c, &t, w);
	iol_rows_free(&t.r);
	return h;
}

/* one gantt row: writes above, reads below, filled where measured */
static void gantt_row(struct ctx *c, size_t lo, size_t hi, double lx, double bw,
		      double ry, double rh)
{
	const struct iol_matrix *m = &c->mx;
	size_t b;

	if (m->estimated) {
		tl_spans(c, lo, hi, lx, bw, ry, rh);
		return;
	}
	for (b = 0; b < m->nbins; b++) {
		double wr, rd;

		tl_cell(m, lo, hi, b, &wr, &rd);
		if (wr > 0) {
			chart_color(c->cr, C_WRITE);
			cairo_rectangle(c->cr, lx + bw * (double)b, ry + 0.5,
					bw + 0.05,
					rd > 0 ? rh / 2 - 0.5 : rh - 1);
			cairo_fill(c->cr);
		}
		if (rd > 0) {
			chart_color(c->cr, C_READ);
			cairo_rectangle(c->cr, lx + bw * (double)b,
					wr > 0 ? ry + rh / 2 : ry + 0.5,
					bw + 0.05,
					wr > 0 ? rh / 2 - 0.5 : rh - 1);
			cairo_fill(c->cr);
		}
	}
}

static void gantt_draw(struct ctx *c, double x, double y, double w)
{
	static const char *const ser[] = {"write", "read"};
	static const int col[] = {C_WRITE, C_READ};
	const struct iol_matrix *m = &c->mx;
	struct tlrows t;
	double rh, lx = x + TL_LEFT, lw = w - TL_LEFT - TL_RIGHT, bw;
	struct plot p = {0};
	char cap[1024];
	size_t g;
	int img;

	if (tl_rows(m, 96, &t) < 0)
		return;
	rh = tl_rh(t.n, 9);
	bw = lw / (double)m->nbins;
	img = gantt_image(c, &t, lx, bw, y + 24, rh) == 0;
	for (g = 0; g < t.n; g++) {
		double ry = y + 24 + rh * (double)g;
		char label[48];
		size_t lo, hi;

		tl_row(m, &t, g, &lo, &hi);
		tl_label(m, &t, g, label, sizeof(label));
		/* every row labelled when they are tall enough */
		if (t.n <= 24 || g % (t.n > 48 ? 8 : 4) == 0 || lo == m->nrank)
			chart_text(c->cr, lx - 3, ry + rh - 1.5, label, 6, 0, 1,
				   C_MUTED);
		if (!img)
			gantt_row(c, lo, hi, lx, bw, ry, rh);
		tl_mark(c, &t, g, lx + lw + 4, ry, rh);
	}
	p.cr = c->cr;
	p.x = lx;
	p.y = y + 22;
	p.w = lw;
	p.h = rh * (double)t.n + 4;
	p.horizontal = 1;
	time_axis(&p.ax, m);
	plot_axes(&p, "seconds from the job's start");
	chart_text(c->cr, x, y + 18, "rank", 6.5, 0, -1, C_MUTED);
	chart_legend(c->cr, x + w - 110, y + 6, 2, ser, col);
	tl_caption(c, &t, cap, sizeof(cap));
	caption(c, x, y + 54 + rh * (double)t.n, w, cap);
	iol_rows_free(&t.r);
}

static double heatmap_h(struct ctx *c, double w)
{
	struct tlrows t;
	double h;

	if (!c->have_mx || tl_rows(&c->mx, 96, &t) < 0)
		return 0;
	h = 80 + (double)t.n * tl_rh(t.n, 6) + tl_caption_h(c, &t, w);
	iol_rows_free(&t.r);
	return h;
}

/* the cells of the heatmap (bytes per row and bin) with their row and
 * column sums; *max the largest cell */
static double *heat_cells(const struct iol_matrix *m, const struct tlrows *t,
			  double *colsum, double *rowsum, double *max)
{
	double *cell = calloc(t->n * m->nbins + 1, sizeof(double));
	size_t g, b, lo, hi;

	*max = 0;
	if (!cell)
		return NULL;
	for (g = 0; g < t->n; g++) {
		tl_row(m, t, g, &lo, &hi);
		for (b = 0; b < m->nbins; b++) {
			double wr, rd;

			tl_cell(m, lo, hi, b, &wr, &rd);
			cell[g * m->nbins + b] = wr + rd;
			colsum[b] += wr + rd;
			rowsum[g] += wr + rd;
			if (wr + rd > *max)
				*max = wr + rd;
		}
	}
	return cell;
}

static double dmax(const double *v, size_t n)
{
	double mx = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] > mx)
			mx = v[i];
	return mx;
}

/* a cell's shade as a pixel: chart_heat()'s colour; white (the page)
 * where nothing moved */
static uint32_t heat_pixel(double v, double max)
{
	double t = 0.15 + 0.85 * sqrt(v / max);

	return v <= 0 ? 0xffffff
		      : cells_px(1 - t * 0.92, 1 - t * 0.78, 1 - t * 0.55);
}

/* the measured map as cells_new()'s image: 0, or -1 (then the
 * rectangles) */
static int heat_image(struct ctx *c, const struct tlrows *t, const double *cell,
		      double max, double lx, double bw, double top, double rh)
{
	const struct iol_matrix *m = &c->mx;
	cairo_surface_t *img = cells_new(c, m->nbins, t->n);
	size_t g, b;

	if (!img)
		return -1;
	for (g = 0; g < t->n; g++)
		for (b = 0; b < m->nbins; b++)
			cells_row(img, g)[b] =
				heat_pixel(cell[g * m->nbins + b], max);
	cells_draw(c, img, lx, top, bw, rh);
	return 0;
}

/* the map: a square root keeps small transfers visible; estimates are
 * hatched spans, not shades */
static void heat_map(struct ctx *c, const struct tlrows *t, const double *cell,
		     double max, double lx, double bw, double top, double rh)
{
	const struct iol_matrix *m = &c->mx;
	size_t g, b, lo, hi;

	if (!m->estimated && heat_image(c, t, cell, max, lx, bw, top, rh) == 0)
		return;
	for (g = 0; g < t->n; g++) {
		if (m->estimated) {
			tl_row(m, t, g, &lo, &hi);
			tl_spans(c, lo, hi, lx, bw, top + rh * (double)g, rh);
			continue;
		}
		for (b = 0; b < m->nbins; b++) {
			double v = cell[g * m->nbins + b];

			if (v <= 0)
				continue;
			chart_heat(c->cr, 0.15 + 0.85 * sqrt(v / max));
			cairo_rectangle(c->cr, lx + bw * (double)b,
					top + rh * (double)g, bw + 0.05,
					rh + 0.05);
			cairo_fill(c->cr);
		}
	}
}

/* margins: column totals above (measured sources only), row totals to
 * the right */
static void heat_margins(struct ctx *c, const struct tlrows *t,
			 const double *colsum, const double *rowsum, double lx,
			 double lw, double top, double rh)
{
	const struct iol_matrix *m = &c->mx;
	double cmax = dmax(colsum, m->nbins), rmax = dmax(rowsum, t->n);
	double bw = lw / (double)m->nbins;
	size_t b, g;

	chart_color(c->cr, C_WRITE);
	for (b = 0; b < m->nbins && cmax > 0 && !m->estimated; b++) {
		double hgt = 28 * colsum[b] / cmax;

		cairo_rectangle(c->cr, lx + bw * (double)b, top - 4 - hgt,
				bw + 0.05, hgt);
	}
	cairo_fill(c->cr);
	for (g = 0; g < t->n && rmax > 0; g++) {
		double wid = 56 * rowsum[g] / rmax;

		cairo_rectangle(c->cr, lx + lw + 6, top + rh * (double)g, wid,
				rh + 0.05);
	}
	cairo_fill(c->cr);
}

static void heatmap_draw(struct ctx *c, double x, double y, double w)
{
	const struct iol_matrix *m = &c->mx;
	struct tlrows t;
	double rh, lx = x + TL_LEFT, lw = w - TL_LEFT - TL_RIGHT, top = y + 46,
		   max = 0;
	double *cell = NULL, *colsum = NULL, *rowsum = NULL;
	struct plot p = {0};
	char lbl[1024], mb[32];
	size_t g;

	if (tl_rows(m, 96, &t) < 0)
		return;
	rh = tl_rh(t.n, 6);
	colsum = calloc(m->nbins, sizeof(double));
	rowsum = calloc(t.n + 1, sizeof(double));
	if (!colsum || !rowsum ||
	    !(cell = heat_cells(m, &t, colsum, rowsum, &max)))
		goto out;
	heat_map(c, &t, cell, max, lx, lw / (double)m->nbins, top, rh);
	heat_margins(c, &t, colsum, rowsum, lx, lw, top, rh);
	chart_color(c->cr, C_INK);
	cairo_set_line_width(c->cr, 0.5);
	cairo_rectangle(c->cr, lx, top, lw, rh * (double)t.n);
	cairo_stroke(c->cr);
	for (g = 0; g < t.n; g++) {
		tl_mark(c, &t, g, lx + lw + 64, top + rh * (double)g, rh);
		if (tl_labelled(&t, g, rh)) {
			tl_label(m, &t, g, lbl, sizeof(lbl));
			chart_text(c->cr, lx - 3, top + rh * (double)(g + 1),
				   lbl, 6, 0, 1, C_MUTED);
		}
	}
	fmt_bytes(mb, sizeof(mb), max, BYTES_SHORT);
	snprintf(lbl, sizeof(lbl),
		 m->estimated ? "total per row at right" : "darkest cell: %s",
		 mb);
	chart_text(c->cr, x + w, y + 8, lbl, 6.5, 0, 1, C_MUTED);
	/* above the column totals (28 pt over the map), not under them */
	chart_text(c->cr, x, top - 36,
		   t.r.how == IOL_ROWS_RANK ? "ranks per row" : "rank groups",
		   6.5, 0, -1, C_MUTED);
	p.cr = c->cr;
	p.x = lx;
	p.y = top;
	p.w = lw;
	p.h = rh * (double)t.n;
	p.horizontal = 1;
	time_axis(&p.ax, m);
	plot_axes(&p, "seconds from the job's start");
	tl_caption(c, &t, lbl, sizeof(lbl));
	caption(c, x, top + rh * (double)t.n + 30, w, lbl);
out:
	free(cell);
	free(colsum);
	free(rowsum);
	iol_rows_free(&t.r);
}

static const char glossary_text[] =
	"Job volume: bytes read and written through POSIX and STDIO, the "
	"layers every byte reaches; MPI-IO, HDF5 and PnetCDF sit above them "
	"and are never added to them.\n\n"
	"Time by slowest: for each rank, the sum of read, write and metadata "
	"time in the files it alone opened; the slowest such rank, plus the "
	"time of the slowest rank of every shared file (Darshan's "
	"agg_time_by_slowest).\n\n"
	"MiB/s: job volume / 2^20 / time by slowest.  MiB/s per compute node: "
	"that divided by the number of compute nodes, taken from --nodes, "
	"--procs-per-node, or the distinct DXT hostnames; unknown otherwise "
	"(Carns et al.).\n\n"
	"Time in I/O: time by slowest / run time (slowest rank), and all I/O "
	"time / processes / run time (average process).\n\n"
	"Metadata cost: metadata time / (metadata + read + write time), all "
	"POSIX and STDIO records.\n\n"
	"Files and creates per process: distinct files / processes; files "
	"created / processes, exact from a trace, estimated from Darshan "
	"(written and not read before the first write).\n\n"
	"Sequential: accesses at a higher offset than the previous one; "
	"consecutive: exactly at its end; aligned: 1 - unaligned / accesses "
	"(POSIX).\n\n"
	"File categories: read-only, write-only, read-write by bytes; unique "
	"(one rank), shared (a reduced record, or records of every rank), "
	"partially shared (several ranks).  Strategy: N:1, N:N or N:M by "
	"where most bytes went; rank 0 I/O when one rank moved 99 % or "
	"more.\n\n"
	"Timelines come from DXT traces when the log has them, else from "
	"Darshan's HEATMAP module, else from a strace or Iota trace's calls, "
	"else they are estimated from Darshan's per-file timestamps; times "
	"are seconds from the job's start.";

static double glossary_h(struct ctx *c, double w)
{
	return caption_h(c, w, glossary_text) + 10;
}

static void glossary_draw(struct ctx *c, double x, double y, double w)
{
	chart_para(c->cr, x, y, w, glossary_text, 8.5, C_INK);
}

static double triage_h(struct ctx *c, double w)
{
	return c->tri.n ? triage_panel_h(c->cr, &c->tri, TRIAGE_FLAGGED, w) : 0;
}

static void triage_draw(struct ctx *c, double x, double y, double w)
{
	triage_panel_draw(c->cr, &c->tri, TRIAGE_FLAGGED, x, y, w);
}

static double phases_h(struct ctx *c, double w)
{
	if (!c->have_ph)
		return c->ph_note[0] ? caption_h(c, w, c->ph_note) : 0;
	return phases_panel_h(c->cr, &c->phs, w);
}

static void phases_draw(struct ctx *c, double x, double y, double w)
{
	if (!c->have_ph)
		caption(c, x, y, w, c->ph_note);
	else
		phases_panel_draw(c->cr, &c->phs, x, y, w);
}

static double triage_rest_h(struct ctx *c, double w)
{
	return c->tri.n ? triage_panel_h(c->cr, &c->tri, TRIAGE_QUIET, w) : 0;
}

static void triage_rest_draw(struct ctx *c, double x, double y, double w)
{
	triage_panel_draw(c->cr, &c->tri, TRIAGE_QUIET, x, y, w);
}

/* The findings go on over sheets: a long list does not leave the sheet
 * before it mostly empty. */
#define TRIAGE_SPLIT(name, which)                                             \
	static size_t name##_count(struct ctx *c)                             \
	{                                                                     \
		return triage_panel_count(&c->tri, which);                    \
	}                                                                     \
	static double name##_fit(struct ctx *c, double w, size_t from,        \
				 double maxh, size_t *n)                      \
	{                                                                     \
		return triage_panel_fit(c->cr, &c->tri, which, w, from, maxh, \
					n);                                   \
	}                                                                     \
	static void name##_part(struct ctx *c, double x, double y, double w,  \
				size_t from, size_t n)                        \
	{                                                                     \
		triage_panel_draw_part(c->cr, &c->tri, which, x, y, w, from,  \
				       n);                                    \
	}                                                                     \
	static const struct split name = {name##_count, name##_fit,           \
					  name##_part};
TRIAGE_SPLIT(triage_split, TRIAGE_FLAGGED)
TRIAGE_SPLIT(triage_rest_split, TRIAGE_QUIET)

/* the I/O flame graph of a trace with call stacks (iolens blocks) */
static double blocks_h(struct ctx *c, double w)
{
	(void)w;
	return c->blocks && c->blocks->n ? 400 : 0;
}

static void blocks_draw(struct ctx *c, double x, double y, double w)
{
	flame_draw(c->cr, x, y, w, 390, c->blocks, 0);
}

static const struct panel panels[] = {
	{"job", job_h, job_draw, NULL},
	{"table6", table6_h, table6_draw, NULL},
	{"modules", modules_h, modules_draw, NULL},
	{"iocost", iocost_h, iocost_draw, NULL},
	{"opcounts", opcounts_h, opcounts_draw, NULL},
	{"hist", hist_h, hist_draw, NULL},
	{"hist_mpiio", histm_h, histm_draw, NULL},
	{"common", common_h, common_draw, NULL},
	{"files_summary", files_summary_h, files_summary_draw, NULL},
	{"fs", fs_h, fs_draw, NULL},
	{"seq", seq_h, seq_draw, NULL},
	{"topfiles", topfiles_h, topfiles_draw, NULL},
	{"timespans", timespans_h, timespans_draw, NULL},
	{"variance", variance_h, variance_draw, NULL},
	{"meta", meta_h, meta_draw, NULL},
	{"gantt", gantt_h, gantt_draw, NULL},
	{"heatmap", heatmap_h, heatmap_draw, NULL},
	{"glossary", glossary_h, glossary_draw, NULL},
	{"triage", triage_h, triage_draw, &triage_split},
	{"triage_rest", triage_rest_h, triage_rest_draw, &triage_rest_split},
	{"phases", phases_h, phases_draw, NULL},
	{"blocks", blocks_h, blocks_draw, NULL},
};

/* ---- pages ---- */

static int page_begin(struct ctx *c)
{
	char path[PATH_MAX + 32], foot[96];

	c->pageno++;
	if (c->o->format != REPORT_PDF) {
		if (c->o->format == REPORT_SVG) {
			snprintf(path, sizeof(path), "%.*s-%d.svg.tmp",
				 c->baselen, c->path, c->pageno);
			c->surf = cairo_svg_surface_create(path, c->pw, c->ph);
			cairo_svg_surface_restrict_to_version(
				c->surf, CAIRO_SVG_VERSION_1_1);
		} else {
			snprintf(path, sizeof(path), "%.*s-%d.png.tmp",
				 c->baselen, c->path, c->pageno);
			/* 150 dpi */
			c->surf = cairo_image_surface_create(
				CAIRO_FORMAT_RGB24, (int)(c->pw * 150 / 72),
				(int)(c->ph * 150 / 72));
		}
		c->tmps = realloc(c->tmps,
				  sizeof(*c->tmps) * (size_t)(c->ntmps + 1));
		if (!c->tmps)
			return IOL_ENOMEM;
		c->tmps[c->ntmps++] = strdup(path);
		c->cr = cairo_create(c->surf);
		if (c->o->format == REPORT_PNG)
			cairo_scale(c->cr, 150.0 / 72, 150.0 / 72);
	}
	cairo_set_source_rgb(c->cr, 1, 1, 1);
	cairo_paint(c->cr);
	chart_text(c->cr, MARGIN, MARGIN + 12, c->ptitle, 15, 1, -1, C_INK);
	chart_color(c->cr, C_WRITE);
	cairo_rectangle(c->cr, MARGIN, MARGIN + 18, c->pw - 2 * MARGIN, 1.2);
	cairo_fill(c->cr);
	snprintf(foot, sizeof(foot), "iolens %s   page %d", IOLENS_VERSION,
		 c->pageno);
	chart_text(c->cr, c->pw - MARGIN, c->ph - MARGIN + 16, foot, 7, 0, 1,
		   C_MUTED);
	chart_text_fit(c->cr, MARGIN, c->ph - MARGIN + 16, c->job->path, 7, 0,
		       c->pw - 2 * MARGIN - 90, C_MUTED);
	return 0;
}

static int page_end(struct ctx *c)
{
	if (c->o->format == REPORT_PDF) {
		cairo_show_page(c->cr);
		return 0;
	}
	errno = 0;
	if (c->o->format == REPORT_PNG &&
	    cairo_surface_write_to_png(c->surf, c->tmps[c->ntmps - 1]) !=
		    CAIRO_STATUS_SUCCESS) {
		const char *t = c->tmps[c->ntmps - 1];
		const char *why = errno ? strerror(errno) : "write error";

		cairo_destroy(c->cr);
		cairo_surface_finish(c->surf);
		cairo_surface_destroy(c->surf);
		c->cr = NULL;
		/* name the page the user asked for, not our temporary */
		return iol_error_set(c->err, IOL_EIO, "cannot write '%.*s': %s",
				     (int)strlen(t) - 4, t, why);
	}
	cairo_destroy(c->cr);
	cairo_surface_finish(c->surf);
	cairo_surface_destroy(c->surf);
	c->cr = NULL;
	return 0;
}

void report_cleanup(void)
{
	/* only the font map: cairo_debug_reset_static_data() and FcFini()
	 * assert when anything still holds a font, so they are for
	 * debugging sessions, not for a tool */
	pango_cairo_font_map_set_default(NULL);
}

const char *report_default_template(void)
{
	static char buf[PATH_MAX];
	const char *env = getenv("IOLENS_TEMPLATE_DIR");
	char exe[PATH_MAX];
	ssize_t n;

	if (env && *env) {
		snprintf(buf, sizeof(buf), "%s/default.tmpl", env);
		if (access(buf, R_OK) == 0)
			return buf;
	}
	/* next to the binary in the source tree: bin/../report-templates */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(buf, sizeof(buf),
				 "%s/../report-templates/default.tmpl", exe);
			if (access(buf, R_OK) == 0)
				return buf;
			snprintf(buf, sizeof(buf),
				 "%s/../share/iolens/default.tmpl", exe);
			if (access(buf, R_OK) == 0)
				return buf;
		}
	}
	snprintf(buf, sizeof(buf), "%s/default.tmpl", IOLENS_DATADIR);
	return buf;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
			 e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* Where the template stands: the sheet's pen, the title of the section
 * the next panel belongs to (pending: not drawn yet). */
struct flow {
	char title[512], next[512];
	double y, bottom, top;
	int open, pending;
};

/* A section (a template "page") begins at its first panel that has
 * something to show, h high: on the current sheet under a heading when
 * it fits there, else on a new sheet.  So no sheet is left mostly empty
 * and a section with nothing to show takes no room. */
static int section_start(struct ctx *c, struct flow *fl, double h)
{
	int ret;

	memcpy(fl->title, fl->next, sizeof(fl->title));
	fl->pending = 0;
	if (fl->open && fl->y + 30 + h <= fl->bottom) {
		chart_text(c->cr, MARGIN, fl->y + 13, fl->title, 13, 1, -1,
			   C_INK);
		chart_color(c->cr, C_WRITE);
		cairo_rectangle(c->cr, MARGIN, fl->y + 18, c->pw - 2 * MARGIN,
				0.8);
		cairo_fill(c->cr);
		fl->y += 30;
		return 0;
	}
	if (fl->open && (ret = page_end(c)) < 0)
		return ret;
	c->ptitle = fl->title;
	if ((ret = page_begin(c)) < 0)
		return ret;
	fl->open = 1;
	fl->y = fl->top;
	return 0;
}

/* A new sheet of the section going on. */
static int next_sheet(struct ctx *c, struct flow *fl)
{
	int ret;

	if ((ret = page_end(c)) < 0 || (ret = page_begin(c)) < 0)
		return ret;
	fl->y = fl->top;
	return 0;
}

/*
 * A split panel that does not fit where the pen is: its title, caption
 * and first items there when at least one fits (head high: title and
 * caption), the rest on the sheets after.
 */
static int place_split(struct ctx *c, struct flow *fl, const struct panel *pn,
		       const char *ptitle, const char *pcap, double head)
{
	double x = MARGIN, w = c->pw - 2 * MARGIN, h;
	size_t from = 0, all = pn->split->count(c), n;
	int ret;

	h = pn->split->fit(c, w, 0, 0, &n); /* the first item alone */
	if (fl->pending)
		ret = section_start(c, fl, head + h);
	else if (fl->y + head + h > fl->bottom && fl->y > fl->top)
		ret = next_sheet(c, fl);
	else
		ret = 0;
	if (ret < 0)
		return ret;
	if (ptitle && *ptitle) {
		panel_title(c, x, fl->y, ptitle);
		fl->y += 18;
	}
	fl->y += caption(c, x, fl->y, w, pcap);
	while (from < all) {
		if (from && (ret = next_sheet(c, fl)) < 0)
			return ret;
		h = pn->split->fit(c, w, from, fl->bottom - fl->y, &n);
		pn->split->part(c, x, fl->y, w, from, n);
		fl->y += h;
		from += n;
	}
	fl->y += GAP;
	return 0;
}

/* One panel of the template: its title, caption and drawing, on a new
 * sheet of the same section when it does not fit. */
static int place_panel(struct ctx *c, struct flow *fl, const struct panel *pn,
		       const char *ptitle, const char *pcap)
{
	double x = MARGIN, w = c->pw - 2 * MARGIN, h, head;
	int ret;

	/* SVG and PNG have no drawing context before the first sheet, and
	 * panels measure their text with it */
	if (!fl->open && (ret = section_start(c, fl, 0)) < 0)
		return ret;
	h = pn->height(c, w);
	if (h <= 0)
		return 0; /* nothing to show for this log */
	head = (ptitle && *ptitle ? 18 : 0) + caption_h(c, w, pcap);
	h += head;
	if (pn->split && fl->y + (fl->pending ? 30 : 0) + h > fl->bottom)
		return place_split(c, fl, pn, ptitle, pcap, head);
	if (fl->pending) {
		if ((ret = section_start(c, fl, h)) < 0)
			return ret;
	} else if (fl->y + h > fl->bottom && fl->y > fl->top) {
		if ((ret = page_end(c)) < 0 || (ret = page_begin(c)) < 0)
			return ret;
		fl->y = fl->top;
	}
	if (ptitle && *ptitle) {
		panel_title(c, x, fl->y, ptitle);
		fl->y += 18;
	}
	fl->y += caption(c, x, fl->y, w, pcap);
	pn->draw(c, x, fl->y, w);
	fl->y += pn->height(c, w) + GAP;
	return 0;
}

/* A "panel NAME [| TITLE [| CAPTION]]" line: the panel, its title and
 * caption (pointers into s), or NULL for an unknown name. */
static const struct panel *panel_line(char *s, char **name, char **ptitle,
				      char **pcap)
{
	char *bar;
	size_t k;

	*name = trim(s + 5);
	*ptitle = *pcap = NULL;
	if ((bar = strchr(*name, '|'))) {
		*bar = '\0';
		*ptitle = trim(bar + 1);
		if ((bar = strchr(*ptitle, '|'))) {
			*bar = '\0';
			*pcap = trim(bar + 1);
			*ptitle = trim(*ptitle);
		}
		*name = trim(*name);
	}
	for (k = 0; k < sizeof(panels) / sizeof(panels[0]); k++)
		if (!strcmp(panels[k].name, *name))
			return &panels[k];
	return NULL;
}

static int run_template(struct ctx *c, FILE *f, const char *tpath)
{
	struct flow fl = {.title = "Report", .next = "Report"};
	char line[4096];
	int lineno = 0, ret;

	fl.top = MARGIN + TITLE_H + 12;
	fl.bottom = c->ph - MARGIN;
	while (fgets(line, sizeof(line), f)) {
		char *s = trim(line), *name, *ptitle, *pcap;
		const struct panel *pn;

		lineno++;
		if (!*s || *s == '#')
			continue;
		if (!strncmp(s, "page", 4) &&
		    (s[4] == ' ' || s[4] == '\t' || !s[4])) {
			snprintf(fl.next, sizeof(fl.next), "%s", trim(s + 4));
			fl.pending = 1;
			continue;
		}
		if (strncmp(s, "panel", 5) || !(s[5] == ' ' || s[5] == '\t'))
			return iol_error_set(
				c->err, IOL_ESYNTAX,
				"%s: line %d: expected 'page' or 'panel'",
				tpath, lineno);
		pn = panel_line(s, &name, &ptitle, &pcap);
		if (!pn)
			return iol_error_set(c->err, IOL_ESYNTAX,
					     "%s: line %d: no panel '%s'",
					     tpath, lineno, name);
		if ((ret = place_panel(c, &fl, pn, ptitle, pcap)) < 0)
			return ret;
	}
	/* a template whose panels show nothing still gives its title */
	if (!fl.open && (ret = section_start(c, &fl, 0)) < 0)
		return ret;
	return page_end(c);
}

/* How many of rows (by bytes, most first) moved any byte: a file that
 * moved none has no place among the top files by bytes moved. */
static size_t nmoved(const struct iol_filerow *rows, size_t n)
{
	size_t i = 0;

	while (i < n && (double)rows[i].br + (double)rows[i].bw > 0)
		i++;
	return i;
}

/* Excluded files after the others, each part still by bytes: the top
 * files and spans rank files[0..nranked). */
static int rank_files(struct ctx *c)
{
	struct iol_filerow *v;
	size_t i, a = 0, b;
	int k;

	c->nranked = nmoved(c->files, c->nfiles);
	if (!c->o->excl || !c->o->excl->n || !c->nfiles)
		return 0;
	v = malloc(c->nfiles * sizeof(*v));
	if (!v)
		return iol_error_set(c->err, IOL_ENOMEM, "out of memory");
	for (i = 0; i < c->nfiles; i++)
		if (iol_excl_match(c->o->excl, c->files[i].path) < 0)
			v[a++] = c->files[i];
	b = a;
	for (i = 0; i < c->nfiles; i++)
		if ((k = iol_excl_match(c->o->excl, c->files[i].path)) >= 0) {
			c->exhits[k]++;
			v[b++] = c->files[i];
		}
	memcpy(c->files, v, c->nfiles * sizeof(*v));
	free(v);
	c->nranked = nmoved(c->files, a);
	return 0;
}

/* Every number of the report, once. */
static int report_compute(struct ctx *c, struct iol_error *err)
{
	const struct iol_job *job = c->job;
	int ret =
		iol_summary_compute_excl(job, &c->o->m, c->o->excl, &c->s, err);

	if (ret == 0)
		ret = iol_files_compute(job, 1, &c->files, &c->nfiles, err);
	if (ret == 0) {
		if (c->nfiles)
			qsort(c->files, c->nfiles, sizeof(*c->files),
			      cmp_bytes);
		ret = rank_files(c);
		c->nhist = iol_hist_compute(job, c->hist, IOL_MOD_KNOWN + 1);
		ret = iol_meta_compute(job, &c->meta, err);
	}
	/* the phases of logs with segments, as triage's straggler rule
	 * bounds them: their memory grows with the segments */
	if (ret == 0 && iol_timeline_source(job) == IOL_TL_DXT &&
	    job->nsegs[0] + job->nsegs[1] <= IOL_TRIAGE_MAX_SEGS &&
	    iol_phases_compute(job, -1, &c->phs, NULL) == 0)
		c->have_ph = 1;
	/* a log too big for them says so rather than losing the panel */
	if (iol_timeline_source(job) == IOL_TL_DXT &&
	    job->nsegs[0] + job->nsegs[1] > IOL_TRIAGE_MAX_SEGS)
		snprintf(c->ph_note, sizeof(c->ph_note),
			 "Not computed: %llu DXT segments, over the report's "
			 "limit of %d; iolens timeline --phases lists them.",
			 (unsigned long long)(job->nsegs[0] + job->nsegs[1]),
			 IOL_TRIAGE_MAX_SEGS);
	/* triage's straggler rule reads the same phases: not twice */
	if (ret == 0) {
		struct iol_triage_conf conf;

		ret = iol_triage_conf_parse(&conf, NULL, err);
		if (ret == 0)
			ret = iol_triage_run_phases(job, &conf,
						    c->have_ph ? &c->phs : NULL,
						    &c->tri, err);
	}
	if (ret == 0 && job->kind == IOL_SRC_DARSHAN)
		ret = iol_shared_compute(job, &c->shared, &c->nshared, err);
	if (ret == 0 && iol_timeline_source(job) != IOL_TL_NONE &&
	    iol_matrix_compute(job, -1, 240, &c->mx, NULL) == 0)
		c->have_mx = 1;
	/* the code blocks' page: a trace with stacks only, and left out
	 * when they cannot be made */
	if (ret == 0 && job->stacks &&
	    iol_blocks_build(job, NULL, &c->blocks, NULL) < 0)
		c->blocks = NULL;
	return ret;
}

/* The PDF surface on a temporary file beside the output (its name in
 * tmp), c->cr drawing on it; NULL with *ret set on failure. */
static cairo_surface_t *pdf_open(struct ctx *c, char *tmp, size_t n, int *ret)
{
	cairo_surface_t *pdf;

	pdf = chart_pdf_open(c->path, tmp, n, c->pw, c->ph, &c->pdf_fd);
	if (!pdf) {
		*ret = iol_error_set(c->err, IOL_EIO, "cannot write '%s': %s",
				     c->path, strerror(errno));
		return NULL;
	}
	/* a pinned date keeps the same log's report byte for byte */
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE,
				       c->o->date);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_MOD_DATE,
				       c->o->date);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_TITLE,
				       "iolens job report");
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR,
				       "iolens " IOLENS_VERSION);
	c->cr = cairo_create(pdf);
	return pdf;
}

/* Finish the PDF and rename it into place (ret 0), or remove it. */
static int pdf_close(struct ctx *c, cairo_surface_t *pdf, const char *tmp,
		     int ret)
{
	cairo_destroy(c->cr);
	if (chart_pdf_close(pdf, c->pdf_fd) < 0 && ret == 0)
		ret = iol_error_set(c->err, IOL_EIO, "cannot write '%s'",
				    c->path);
	if (ret == 0 && out_commit(tmp, c->path) < 0)
		ret = iol_error_set(c->err, IOL_EIO, "cannot write '%s': %s",
				    c->path, strerror(errno));
	if (ret < 0)
		out_discard(tmp, c->path);
	return ret;
}

/* The PDF drawn once: 1 when its text needs the system's fonts (the
 * file left out), else 0 or an error as pdf_close's. */
static int pdf_pass(struct ctx *c, FILE *tf, const char *tpath)
{
	cairo_surface_t *pdf;
	char tmp[OUT_TMP_MAX];
	int ret, again;

	c->pageno = 0;
	rewind(tf);
	pdf = pdf_open(c, tmp, sizeof(tmp), &ret);
	if (!pdf)
		return ret;
	ret = run_template(c, tf, tpath);
	if (ret == 0 && c->o->extra_page)
		c->o->extra_page(c->cr, c->pw, c->ph, c->pageno + 1,
				 c->o->extra_arg);
	again = ret == 0 && fonts_missed();
	ret = pdf_close(c, pdf, tmp, again ? IOL_EIO : ret);
	return again ? 1 : ret;
}

/* The PDF with DejaVu's own configuration of fontconfig, drawn again
 * with the system's when a text needs a character DejaVu lacks: the
 * same calls, so the same bytes, either way (render/fonts.c). */
static int pdf_write(struct ctx *c, FILE *tf, const char *tpath)
{
	int ret;

	fonts_own();
	ret = pdf_pass(c, tf, tpath);
	if (ret == 1) {
		fonts_system();
		ret = pdf_pass(c, tf, tpath);
	}
	return ret;
}

/* SVG and PNG pages: rename each into place (ret 0), or remove them. */
static int pages_commit(struct ctx *c, int ret)
{
	int i;

	for (i = 0; i < c->ntmps; i++) {
		char final[PATH_MAX + 32];
		size_t l = strlen(c->tmps[i]);

		snprintf(final, sizeof(final), "%.*s", (int)(l - 4),
			 c->tmps[i]);
		if (ret == 0 && rename(c->tmps[i], final) < 0)
			ret = iol_error_set(c->err, IOL_EIO,
					    "cannot write '%s': %s", final,
					    strerror(errno));
		if (ret < 0)
			unlink(c->tmps[i]);
	}
	return ret;
}

int report_write(const struct iol_job *job, const char *path,
		 const struct report_opts *o, struct iol_error *err)
{
	struct ctx c;
	const char *tpath =
		o->template_path ? o->template_path : report_default_template();
	FILE *tf;
	int ret, i;

	memset(&c, 0, sizeof(c));
	c.job = job;
	c.row.log = job->path;
	c.row.job = job;
	c.row.s = &c.s;
	c.o = o;
	c.err = err;
	c.path = path;
	c.baselen = (int)strlen(path);
	/* -o job.png means job-1.png, job-2.png, not job.png-1.png */
	if (c.baselen > 4 && !strcmp(path + c.baselen - 4,
				     o->format == REPORT_SVG ? ".svg" : ".png"))
		c.baselen -= 4;
	c.pw = o->paper == PAPER_LETTER ? 612 : 595.28;
	c.ph = o->paper == PAPER_LETTER ? 792 : 841.89;
	tf = fopen(tpath, "r");
	if (!tf) {
		if (err)
			err->sys = errno;
		return iol_error_set(err, IOL_EIO,
				     "cannot open template '%s': %s", tpath,
				     strerror(errno));
	}
	ret = report_compute(&c, err);
	if (ret < 0) {
		fclose(tf);
		iol_files_free(c.files);
		iol_meta_free(&c.meta);
		iol_triage_free(&c.tri);
		if (c.have_ph)
			iol_phases_free(&c.phs);
		free(c.shared);
		iol_blocks_free(c.blocks);
		return ret;
	}
	if (o->format == REPORT_PDF)
		ret = pdf_write(&c, tf, tpath);
	else
		ret = pages_commit(&c, run_template(&c, tf, tpath));
	for (i = 0; i < c.ntmps; i++)
		free(c.tmps[i]);
	free(c.tmps);
	fclose(tf);
	iol_files_free(c.files);
	iol_meta_free(&c.meta);
	iol_triage_free(&c.tri);
	if (c.have_ph)
		iol_phases_free(&c.phs);
	free(c.shared);
	if (c.have_mx)
		iol_matrix_free(&c.mx);
	iol_blocks_free(c.blocks);
	return ret;
}
