/*
 * Charts of the self-contained HTML files, inline SVG written as text:
 * bars (stacked) and box plots over the CSV a command printed, so that
 * each mark's number is the command's own (the cell as it printed it,
 * in the mark's data-v and in its <title>, which a browser shows on
 * hover).  Only layout is computed here: where a mark goes.  Colours are
 * presentation attributes, not style, which the page's policy forbids.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/internal.h"
#include "base/banned.h"

enum { W = 900, LW = 170, RW = 20, ROW = 18, TOP = 8, LEG = 22 };

static const char *const fills[] = {"#c0504d", "#4f81bd", "#9bbb59", "#8064a2",
				    "#f79646", "#4bacc6", "#7f7f7f", "#d4a017"};
#define NFILL (int)(sizeof fills / sizeof fills[0])

static const char *cell(const struct csv *c, int r, int i)
{
	return i >= 0 && i < c->ncells[r] ? c->rows[r][i] : "";
}

static double val(const struct csv *c, int r, int i)
{
	const char *s = cell(c, r, i);
	char *end;
	double v = strtod(s, &end);

	return *s && !*end && isfinite(v) && v > 0 ? v : 0;
}

static void open_svg(struct sb *b, int h, const char *caption)
{
	sb_printf(b,
		  "<figure class=\"chart\"><svg class=\"chart\" "
		  "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
		  "role=\"img\"><title>",
		  W, h, W, h);
	sb_html(b, caption);
	sb_puts(b, "</title>\n");
}

static void close_svg(struct sb *b, const char *caption)
{
	sb_puts(b, "</svg><figcaption>");
	sb_html(b, caption);
	sb_puts(b, "</figcaption></figure>\n");
}

/* the row's name, right-aligned left of its bar: cut (at a character's
 * start) to what the margin holds, the whole name on hover */
static void row_label(struct sb *b, const char *name, int y)
{
	size_t cut = strlen(name);
	char buf[40];

	if (cut > 26) {
		cut = 25;
		while (cut > 0 && ((unsigned char)name[cut] & 0xC0) == 0x80)
			cut--;
	}
	snprintf(buf, sizeof buf, "%.*s%s", (int)cut, name,
		 name[cut] ? "\xe2\x80\xa6" : "");
	sb_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", LW - 6,
		  y + ROW - 5);
	sb_html(b, buf);
	sb_puts(b, "<title>");
	sb_html(b, name);
	sb_puts(b, "</title></text>");
}

/* A mark: a rectangle whose title and data-v say its value. */
static void mark(struct sb *b, double x, int y, double w, const char *fill,
		 const char *row, const char *what, const char *v)
{
	sb_printf(b,
		  "<rect class=\"mk\" x=\"%.2f\" y=\"%d\" width=\"%.2f\" "
		  "height=\"%d\" fill=\"%s\" data-v=\"",
		  x, y + 2, w, ROW - 4, fill);
	sb_html(b, v);
	sb_puts(b, "\"><title>");
	sb_html(b, row);
	sb_puts(b, ", ");
	sb_html(b, what);
	sb_puts(b, ": ");
	sb_html(b, v);
	sb_puts(b, "</title></rect>");
}

static void legend(struct sb *b, const char *const *names, int n, int y)
{
	int x = LW;

	for (int k = 0; k < n; k++) {
		sb_printf(b,
			  "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" "
			  "fill=\"%s\"/><text x=\"%d\" y=\"%d\">",
			  x, y + 4, fills[k % NFILL], x + 14, y + 13);
		sb_html(b, names[k]);
		sb_puts(b, "</text>");
		x += 22 + 7 * (int)strlen(names[k]);
	}
	sb_puts(b, "\n");
}

void hc_bars(struct sb *b, const struct csv *c, const char *label,
	     const char *label2, const char *const *cols,
	     const char *const *names, int n, const char *caption)
{
	int li = csv_col(c, label), l2 = label2 ? csv_col(c, label2) : -1,
	    idx[16];
	double max = 0;
	char name[512];
	int y;

	if (c->nrows < 2 || n > 16)
		return;
	for (int k = 0; k < n; k++)
		idx[k] = csv_col(c, cols[k]);
	for (int r = 1; r < c->nrows; r++) {
		double s = 0;
		for (int k = 0; k < n; k++)
			s += val(c, r, idx[k]);
		max = fmax(max, s);
	}
	open_svg(b, TOP + ROW * (c->nrows - 1) + (n > 1 ? LEG : 0) + 4,
		 caption);
	for (int r = 1; r < c->nrows; r++) {
		double x = LW;
		y = TOP + ROW * (r - 1);
		snprintf(name, sizeof name, "%s%s%s", cell(c, r, li),
			 l2 >= 0 ? " " : "", cell(c, r, l2));
		row_label(b, name, y);
		for (int k = 0; k < n && max > 0; k++) {
			double w = val(c, r, idx[k]) / max * (W - LW - RW);
			if (idx[k] < 0 || w <= 0)
				continue;
			mark(b, x, y, w, fills[k % NFILL], name, names[k],
			     cell(c, r, idx[k]));
			x += w;
		}
		sb_puts(b, "\n");
	}
	if (n > 1)
		legend(b, names, n, TOP + ROW * (c->nrows - 1));
	close_svg(b, caption);
}

void hc_box(struct sb *b, const struct csv *c, const char *label,
	    const char *const q[5], const char *caption)
{
	int li = csv_col(c, label), qi[5];
	double max = 0, x[5];
	char tip[512];

	if (c->nrows < 2)
		return;
	for (int k = 0; k < 5; k++)
		qi[k] = csv_col(c, q[k]);
	for (int r = 1; r < c->nrows; r++)
		max = fmax(max, val(c, r, qi[4]));
	open_svg(b, TOP + ROW * (c->nrows - 1) + 4, caption);
	for (int r = 1; r < c->nrows && max > 0; r++) {
		int y = TOP + ROW * (r - 1);
		row_label(b, cell(c, r, li), y);
		if (!*cell(c, r, qi[2]))
			continue;
		for (int k = 0; k < 5; k++)
			x[k] = LW + val(c, r, qi[k]) / max * (W - LW - RW);
		snprintf(tip, sizeof tip, "%s (%s %s, %s %s, %s %s, %s %s)",
			 q[2], q[0], cell(c, r, qi[0]), q[1], cell(c, r, qi[1]),
			 q[3], cell(c, r, qi[3]), q[4], cell(c, r, qi[4]));
		sb_printf(b,
			  "<line x1=\"%.2f\" x2=\"%.2f\" y1=\"%d\" y2=\"%d\" "
			  "stroke=\"#555\"/>",
			  x[0], x[4], y + ROW / 2, y + ROW / 2);
		mark(b, x[1], y, fmax(x[3] - x[1], 1), "#4f81bd",
		     cell(c, r, li), tip, cell(c, r, qi[2]));
		sb_printf(b,
			  "<line x1=\"%.2f\" x2=\"%.2f\" y1=\"%d\" y2=\"%d\" "
			  "stroke=\"#000\" stroke-width=\"2\"/>\n",
			  x[2], x[2], y + 2, y + ROW - 2);
	}
	close_svg(b, caption);
}

void hc_cdf(struct sb *b, int n, const char *const *cats,
	    const double *const series[2], const char *const names[2],
	    const char *caption)
{
	const int H = 170, PT = 10, PB = 40;
	double band = (double)(W - LW - RW) / n;
	char v[64], tip[160];

	open_svg(b, H + LEG, caption);
	/* the axis: 0 and 100 %, a bin's name under each band */
	sb_printf(b,
		  "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
		  "stroke=\"#888\"/><text x=\"%d\" y=\"%d\" "
		  "text-anchor=\"end\">100 %%</text><text x=\"%d\" y=\"%d\" "
		  "text-anchor=\"end\">0 %%</text>\n",
		  LW, W - RW, H - PB, H - PB, LW - 6, PT + 4, LW - 6, H - PB);
	for (int i = 0; i < n; i++) {
		sb_printf(b,
			  "<text x=\"%.2f\" y=\"%d\" "
			  "text-anchor=\"middle\">",
			  LW + band * (i + 0.5), H - PB + 14);
		sb_html(b, cats[i]);
		sb_puts(b, "</text>");
	}
	for (int k = 0; k < 2; k++) {
		sb_printf(b,
			  "<polyline fill=\"none\" stroke=\"%s\" "
			  "stroke-width=\"2\" points=\"",
			  fills[k]);
		for (int i = 0; i < n; i++)
			if (isfinite(series[k][i]))
				sb_printf(
					b, "%.2f,%.2f ", LW + band * (i + 0.5),
					H - PB - series[k][i] * (H - PB - PT));
		sb_puts(b, "\"/>\n");
		for (int i = 0; i < n; i++) {
			if (!isfinite(series[k][i]))
				continue;
			snprintf(v, sizeof v, "%.17g", series[k][i]);
			snprintf(tip, sizeof tip, "%s at or below %s: %.4g %%",
				 names[k], cats[i], series[k][i] * 100);
			sb_printf(b,
				  "<circle class=\"mk\" cx=\"%.2f\" "
				  "cy=\"%.2f\" r=\"4\" fill=\"%s\" "
				  "data-v=\"%s\"><title>",
				  LW + band * (i + 0.5),
				  H - PB - series[k][i] * (H - PB - PT),
				  fills[k], v);
			sb_html(b, tip);
			sb_puts(b, "</title></circle>");
		}
		sb_puts(b, "\n");
	}
	legend(b, names, 2, H - 8);
	close_svg(b, caption);
}

void hc_columns(struct sb *b, size_t n, const double *v,
		const char *const *tips, const char *first, const char *caption)
{
	const int H = 170, PT = 10, PB = 24;
	double band = (double)(W - LW - RW) / (n ? (double)n : 1), max = 0;
	char num[64];

	for (size_t i = 0; i < n; i++)
		max = fmax(max, isfinite(v[i]) ? v[i] : 0);
	open_svg(b, H, caption);
	sb_printf(b,
		  "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
		  "stroke=\"#888\"/><text x=\"%d\" y=\"%d\">",
		  LW, W - RW, H - PB, H - PB, LW, H - PB + 14);
	sb_html(b, first);
	sb_puts(b, "</text>\n");
	for (size_t i = 0; i < n && max > 0; i++) {
		double h = (isfinite(v[i]) ? v[i] : 0) / max * (H - PB - PT);
		if (h <= 0)
			continue;
		snprintf(num, sizeof num, "%.17g", v[i]);
		sb_printf(b,
			  "<rect class=\"mk\" x=\"%.2f\" y=\"%.2f\" "
			  "width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
			  "data-v=\"%s\"><title>",
			  LW + band * (double)i, H - PB - h,
			  fmax(band - 1, 0.5), h, fills[0], num);
		sb_html(b, tips[i]);
		sb_puts(b, "</title></rect>\n");
	}
	close_svg(b, caption);
}

/* a cell as a number, NaN when empty or not one (a context's null) */
static double num(const struct csv *c, int r, int i)
{
	const char *s = cell(c, r, i);
	char *end;
	double v = strtod(s, &end);

	return *s && !*end && isfinite(v) ? v : NAN;
}

/* One metric's row of hc_context(): whiskers min..max, box p10..p90,
 * the median a bar, the job a red diamond, its percentile to the right;
 * its own scale, as the metrics' units differ. */
static void ctx_row(struct sb *b, const struct csv *c, int r, const int *qi,
		    int vi, int pi, int y)
{
	const int x0 = LW, x1 = W - RW - 150;
	double q[5], v = num(c, r, vi), lo, hi, x[5], xv;
	const char *p = cell(c, r, pi);

	for (int k = 0; k < 5; k++)
		q[k] = num(c, r, qi[k]);
	lo = fmin(q[0], isfinite(v) ? v : q[0]);
	hi = fmax(q[4], isfinite(v) ? v : q[4]);
	if (hi <= lo) {
		lo -= fabs(lo) * 0.5 + 0.5;
		hi += fabs(hi) * 0.5 + 0.5;
	}
	for (int k = 0; k < 5; k++)
		x[k] = x0 + (q[k] - lo) / (hi - lo) * (x1 - x0);
	sb_printf(b,
		  "<line x1=\"%.2f\" x2=\"%.2f\" y1=\"%d\" y2=\"%d\" "
		  "stroke=\"#555\"/><rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" "
		  "height=\"%d\" fill=\"#4f81bd\"/><line x1=\"%.2f\" "
		  "x2=\"%.2f\" y1=\"%d\" y2=\"%d\" stroke=\"#000\" "
		  "stroke-width=\"2\"/>",
		  x[0], x[4], y + ROW / 2, y + ROW / 2, x[1], y + 3,
		  fmax(x[3] - x[1], 1), ROW - 6, x[2], x[2], y + 1,
		  y + ROW - 1);
	if (isfinite(v)) {
		xv = x0 + (v - lo) / (hi - lo) * (x1 - x0);
		sb_printf(b,
			  "<path class=\"job\" d=\"M%.2f %dl5 6l-5 6l-5 -6z\" "
			  "fill=\"#c0504d\" stroke=\"#000\"><title>this job: ",
			  xv, y + 3);
		sb_html(b, cell(c, r, vi));
		sb_puts(b, "</title></path>");
	}
	sb_printf(b, "<text x=\"%d\" y=\"%d\" class=\"pct\">", x1 + 12,
		  y + ROW - 5);
	if (*p) {
		sb_printf(b, "percentile %.1f", num(c, r, pi));
	} else {
		sb_puts(b, "no value");
	}
	sb_puts(b, "</text>\n");
}

void hc_context(struct sb *b, const struct csv *c, const char *caption)
{
	static const char *const q[5] = {"min", "p10", "median", "p90", "max"};
	static const char *const all[] = {"metric", "value", "percentile",
					  "n",	    "min",   "p10",
					  "median", "p90",   "max"};
	const int H = 2 * ROW;
	int qi[5], vi = csv_col(c, "value"), pi = csv_col(c, "percentile"),
		   mi = csv_col(c, "metric"), rows = 0;

	for (int k = 0; k < 5; k++)
		qi[k] = csv_col(c, q[k]);
	for (int r = 1; r < c->nrows; r++)
		rows += isfinite(num(c, r, qi[2]));
	if (vi < 0 || pi < 0 || mi < 0 || qi[0] < 0 || qi[4] < 0 || !rows)
		return;
	open_svg(b, TOP + H * rows + 4, caption);
	for (int r = 1, y = TOP; r < c->nrows; r++) {
		if (!isfinite(num(c, r, qi[2])))
			continue;
		/* the numbers as context printed them, for scripts */
		sb_puts(b, "<g class=\"ctx\"");
		for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) {
			sb_printf(b, " data-%s=\"", all[k]);
			sb_html(b, cell(c, r, csv_col(c, all[k])));
			sb_puts(b, "\"");
		}
		sb_puts(b, ">");
		row_label(b, cell(c, r, mi), y + ROW / 2);
		ctx_row(b, c, r, qi, vi, pi, y + ROW / 2);
		sb_puts(b, "</g>\n");
		y += H;
	}
	close_svg(b, caption);
}

/* the x and y of a point of hc_series() */
struct span {
	double lo, hi;
};

static double at(struct span s, double v, double a, double z)
{
	return s.hi > s.lo ? a + (v - s.lo) / (s.hi - s.lo) * (z - a)
			   : (a + z) / 2;
}

/* a point of hc_series(): the job red and larger, its user's runs
 * blue, the others grey; its value in data-v and on hover */
static void series_pt(struct sb *b, const struct csv *c, int r, int ii, int vi,
		      int ui, double x, double y, const char *id,
		      const char *user)
{
	int job = !strcmp(cell(c, r, ii), id);
	int mine = !strcmp(cell(c, r, ui), user);

	sb_printf(b,
		  "<circle class=\"%s\" cx=\"%.2f\" cy=\"%.2f\" r=\"%d\" "
		  "fill=\"%s\" data-id=\"",
		  job ? "job" : "run", x, y, job ? 6 : 3,
		  job	 ? fills[0]
		  : mine ? fills[1]
			 : fills[2]);
	sb_html(b, cell(c, r, ii));
	sb_puts(b, "\" data-v=\"");
	sb_html(b, cell(c, r, vi));
	sb_puts(b, "\"><title>");
	sb_puts(b, job ? "this job" : "job ");
	if (!job)
		sb_html(b, cell(c, r, ii));
	sb_puts(b, " (");
	sb_html(b, cell(c, r, ui));
	sb_puts(b, "): ");
	sb_html(b, cell(c, r, vi));
	sb_puts(b, "</title></circle>");
}

void hc_series(struct sb *b, const struct csv *c, const char *col,
	       const char *id, const char *user, const char *caption)
{
	static const char *const names[] = {"this job", "its user's runs",
					    "other users' runs"};
	const int H = 110, PT = 8, PB = 26;
	int ii = csv_col(c, "id"), ti = csv_col(c, "start_time"),
	    ui = csv_col(c, "user"), vi = csv_col(c, col), n = 0;
	struct span x = {INFINITY, -INFINITY}, y = {0, -INFINITY};

	if (ii < 0 || ti < 0 || ui < 0 || vi < 0)
		return;
	for (int r = 1; r < c->nrows; r++) {
		if (!isfinite(num(c, r, ti)) || !isfinite(num(c, r, vi)))
			continue;
		x.lo = fmin(x.lo, num(c, r, ti));
		x.hi = fmax(x.hi, num(c, r, ti));
		y.lo = fmin(y.lo, num(c, r, vi));
		y.hi = fmax(y.hi, num(c, r, vi));
		n++;
	}
	if (!n)
		return;
	open_svg(b, H + LEG, caption);
	sb_printf(b,
		  "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
		  "stroke=\"#888\"/><text x=\"%d\" y=\"%d\" "
		  "text-anchor=\"end\">%.4g</text><text x=\"%d\" y=\"%d\" "
		  "text-anchor=\"end\">%.4g</text>\n",
		  LW, W - RW, H - PB, H - PB, LW - 6, PT + 4, y.hi, LW - 6,
		  H - PB, y.lo);
	/* the latest is drawn last: the job, the series' newest, on top */
	for (int r = c->nrows - 1; r >= 1; r--)
		if (isfinite(num(c, r, ti)) && isfinite(num(c, r, vi)))
			series_pt(b, c, r, ii, vi, ui,
				  at(x, num(c, r, ti), LW + 6, W - RW - 6),
				  at(y, num(c, r, vi), H - PB, PT), id, user);
	sb_puts(b, "\n");
	legend(b, names, 3, H - 8);
	close_svg(b, caption);
}
