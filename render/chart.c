/*
 * Drawing primitives of the report (see chart.h).  Text goes through
 * Pango so that glyphs come from DejaVu and are embedded in PDF output.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "render/chart.h"
#include "render/fonts.h"
#include "render/output.h"
#include "base/banned.h"

static const double palette[C_NCOLORS][3] = {
	[C_INK] = {0.10, 0.12, 0.16},	[C_MUTED] = {0.42, 0.45, 0.50},
	[C_GRID] = {0.86, 0.87, 0.89},	[C_WRITE] = {0.12, 0.31, 0.52},
	[C_READ] = {0.55, 0.75, 0.90},	[C_META] = {0.87, 0.50, 0.18},
	[C_OTHER] = {0.70, 0.70, 0.70}, [C_WARN] = {0.75, 0.13, 0.13},
	[C_BAND] = {0.95, 0.96, 0.97},
};

void chart_color(cairo_t *cr, int c)
{
	cairo_set_source_rgb(cr, palette[c][0], palette[c][1], palette[c][2]);
}

/* the key of the user data that marks a context measuring: its value
 * counts the measure_begin()s not yet ended */
static const cairo_user_data_key_t measure_key;

void chart_measure_begin(cairo_t *cr)
{
	uintptr_t depth = (uintptr_t)cairo_get_user_data(cr, &measure_key);

	cairo_save(cr);
	cairo_translate(cr, -10000, -10000);
	cairo_set_user_data(cr, &measure_key, (void *)(depth + 1), NULL);
}

void chart_measure_end(cairo_t *cr)
{
	uintptr_t depth = (uintptr_t)cairo_get_user_data(cr, &measure_key);

	cairo_set_user_data(cr, &measure_key, (void *)(depth ? depth - 1 : 0),
			    NULL);
	cairo_restore(cr);
}

static int measuring(cairo_t *cr)
{
	return cairo_get_user_data(cr, &measure_key) != NULL;
}

enum { LAY_LINE, LAY_ELLIPSIZE, LAY_WRAP };

/*
 * The Pango contexts of a drawing context, one per linear part of the
 * transformation (a page draws with one or two), kept with it (cairo
 * user data) for every layout made on it: pango_cairo_create_layout()
 * made a context per text, each set up from the surface's font options
 * again.  A context made from cr takes what a layout's own would: the
 * default font map, the surface's font options and the matrix, whose
 * offsets do not change the shaping (see the layout cache below).
 */
#define PCTX_N 4

struct pctx {
	double m[4];
	PangoContext *pc;
};

static const cairo_user_data_key_t pctx_key;

static void pctx_free(void *p)
{
	struct pctx *t = p;

	for (size_t i = 0; i < PCTX_N; i++)
		if (t[i].pc)
			g_object_unref(t[i].pc);
	free(t);
}

static void linear_of(cairo_t *cr, double m[4])
{
	cairo_matrix_t cm;

	cairo_get_matrix(cr, &cm);
	m[0] = cm.xx;
	m[1] = cm.yx;
	m[2] = cm.xy;
	m[3] = cm.yy;
}

/* A layout on cr's context for its transformation (a new one when the
 * table cannot be kept). */
static PangoLayout *layout_on(cairo_t *cr)
{
	struct pctx *t = cairo_get_user_data(cr, &pctx_key);
	PangoLayout *l;
	double m[4];
	size_t i;

	if (!t) {
		t = calloc(PCTX_N, sizeof(*t));
		if (!t || cairo_set_user_data(cr, &pctx_key, t, pctx_free) !=
				  CAIRO_STATUS_SUCCESS) {
			free(t);
			return pango_cairo_create_layout(cr);
		}
	}
	linear_of(cr, m);
	for (i = 0; i < PCTX_N && t[i].pc; i++)
		if (!memcmp(t[i].m, m, sizeof(m)))
			return pango_layout_new(t[i].pc);
	if (i == PCTX_N) /* a drawing with more: the last one is replaced */
		g_object_unref(t[--i].pc);
	t[i].pc = pango_cairo_create_context(cr);
	memcpy(t[i].m, m, sizeof(m));
	l = pango_layout_new(t[i].pc);
	return l;
}

static PangoLayout *layout_new(cairo_t *cr, const char *s, double size,
			       int bold, int mode, int width)
{
	PangoLayout *l = layout_on(cr);
	PangoFontDescription *fd = pango_font_description_new();

	pango_font_description_set_family(fd, "DejaVu Sans");
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD
						   : PANGO_WEIGHT_NORMAL);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	/* file names are bytes, not always UTF-8: invalid sequences are
	 * drawn as U+FFFD instead of making Pango warn and drop the text */
	if (g_utf8_validate(s, -1, NULL)) {
		fonts_check(s);
		pango_layout_set_text(l, s, -1);
	} else {
		gchar *v = g_utf8_make_valid(s, -1);

		fonts_check(v);
		pango_layout_set_text(l, v, -1);
		g_free(v);
	}
	if (mode != LAY_LINE) {
		/* what Pango may add: an ellipsis, a hyphen in a cut word */
		fonts_check("\xe2\x80\xa6\xe2\x80\x90"); /* U+2026 U+2010 */
		pango_layout_set_width(l, width);
	}
	if (mode == LAY_ELLIPSIZE)
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_MIDDLE);
	else if (mode == LAY_WRAP)
		pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	return l;
}

/*
 * The texts laid out on a drawing context, kept with it (cairo user
 * data, freed with the context) and handed out again for the same text,
 * size, weight and box: a panel measures its text before it draws it, a
 * split panel measures it again per sheet, and shaping the same strings
 * again was a third of a report's CPU.  Direct-mapped: a slot holds the
 * last text that hashed to it (2048 slots: in 512 a report's 400 texts
 * pushed one another out, 455 layouts for 399 texts; now 413).  A layout
 * is taken again only where the transformation differs from its own by a
 * translation at most, which Pango ignores (a new layout's context takes
 * the matrix without its offsets); pango_cairo_update_layout() would lay
 * it out anew every time, as setting a context's matrix marks it changed
 * even when equal.  No drawing sets font options on the context.
 */
#define LCACHE_N 2048

struct lslot {
	char *s;
	double size, m[4]; /* m: the linear part of the transformation */
	int bold, mode, width;
	PangoLayout *l;
};

static const cairo_user_data_key_t lcache_key;

static void lcache_free(void *p)
{
	struct lslot *c = p;

	for (size_t i = 0; i < LCACHE_N; i++)
		if (c[i].l) {
			g_object_unref(c[i].l);
			free(c[i].s);
		}
	free(c);
}

static struct lslot *lcache_of(cairo_t *cr)
{
	struct lslot *c = cairo_get_user_data(cr, &lcache_key);

	if (c)
		return c;
	c = calloc(LCACHE_N, sizeof(*c));
	if (c && cairo_set_user_data(cr, &lcache_key, c, lcache_free) !=
			 CAIRO_STATUS_SUCCESS) {
		free(c);
		c = NULL;
	}
	return c;
}

static size_t lslot_of(const char *s, double size, int bold, int mode,
		       int width)
{
	uint64_t h = 1469598103934665603u;
	int64_t sz = (int64_t)(size * 1024);

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	h ^= (uint64_t)sz * 0x9e3779b97f4a7c15u;
	h ^= ((uint64_t)width << 3 | (uint64_t)mode << 1 | (uint64_t) !!bold) *
	     0xbf58476d1ce4e5b9u;
	return (size_t)(h ^ h >> 29) % LCACHE_N;
}

/* A layout of s for cr (a reference the caller lets go). */
static PangoLayout *layout_box(cairo_t *cr, const char *s, double size,
			       int bold, int mode, int width)
{
	struct lslot *c = lcache_of(cr), *e;
	cairo_matrix_t cm;
	double m[4];
	char *copy;

	if (!c || !(copy = malloc(strlen(s) + 1)))
		return layout_new(cr, s, size, bold, mode, width);
	cairo_get_matrix(cr, &cm);
	m[0] = cm.xx;
	m[1] = cm.yx;
	m[2] = cm.xy;
	m[3] = cm.yy;
	e = &c[lslot_of(s, size, bold, mode, width)];
	if (e->l && e->size == size && e->bold == bold && e->mode == mode &&
	    e->width == width && !memcmp(e->m, m, sizeof(m)) &&
	    !strcmp(e->s, s)) {
		free(copy);
		return g_object_ref(e->l);
	}
	if (e->l) {
		g_object_unref(e->l);
		free(e->s);
	}
	memcpy(copy, s, strlen(s) + 1);
	e->s = copy;
	e->size = size;
	e->bold = bold;
	e->mode = mode;
	e->width = width;
	memcpy(e->m, m, sizeof(m));
	e->l = layout_new(cr, s, size, bold, mode, width);
	return g_object_ref(e->l);
}

static PangoLayout *layout(cairo_t *cr, const char *s, double size, int bold)
{
	return layout_box(cr, s, size, bold, LAY_LINE, -1);
}

double chart_text_width(cairo_t *cr, const char *s, double size, int bold)
{
	PangoLayout *l = layout(cr, s, size, bold);
	int w, h;

	pango_layout_get_size(l, &w, &h);
	g_object_unref(l);
	return (double)w / PANGO_SCALE;
}

double chart_text(cairo_t *cr, double x, double y, const char *s, double size,
		  int bold, int align, int color)
{
	PangoLayout *l = layout(cr, s, size, bold);
	int w, h;
	double tw;

	pango_layout_get_size(l, &w, &h);
	tw = (double)w / PANGO_SCALE;
	if (measuring(cr)) {
		g_object_unref(l);
		return tw;
	}
	chart_color(cr, color);
	/* y is the baseline */
	cairo_move_to(cr,
		      align < 0	   ? x
		      : align == 0 ? x - tw / 2
				   : x - tw,
		      y - (double)pango_layout_get_baseline(l) / PANGO_SCALE);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
	return tw;
}

void chart_text_fit(cairo_t *cr, double x, double y, const char *s, double size,
		    int bold, double maxw, int color)
{
	PangoLayout *l;

	if (measuring(cr))
		return;
	l = layout_box(cr, s, size, bold, LAY_ELLIPSIZE,
		       (int)(maxw * PANGO_SCALE));
	chart_color(cr, color);
	cairo_move_to(cr, x,
		      y - (double)pango_layout_get_baseline(l) / PANGO_SCALE);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
}

double chart_para(cairo_t *cr, double x, double y, double w, const char *s,
		  double size, int color)
{
	PangoLayout *l =
		layout_box(cr, s, size, 0, LAY_WRAP, (int)(w * PANGO_SCALE));
	int pw, ph;

	pango_layout_get_size(l, &pw, &ph);
	if (!measuring(cr)) {
		chart_color(cr, color);
		cairo_move_to(cr, x, y);
		pango_cairo_show_layout(cr, l);
	}
	g_object_unref(l);
	return (double)ph / PANGO_SCALE;
}

void fmt_secs(char *b, size_t n, double v)
{
	if (v == 0)
		snprintf(b, n, "0 s");
	else if (fabs(v) < 1e-3)
		snprintf(b, n, "%.0f µs", v * 1e6);
	else if (fabs(v) < 1)
		snprintf(b, n, "%.1f ms", v * 1e3);
	else if (fabs(v) < 100)
		snprintf(b, n, "%.2f s", v);
	else
		snprintf(b, n, "%.0f s", v);
}

static void tick_label(char *b, size_t n, double v, int units)
{
	if (units == 1)
		fmt_bytes(b, n, v, BYTES_SHORT);
	else if (units == 2)
		fmt_secs(b, n, v);
	else if (fabs(v) >= 1e6 || (fabs(v) < 1e-3 && v != 0))
		snprintf(b, n, "%.0e", v);
	else
		snprintf(b, n, "%g", v);
}

/* Seconds ticks in one unit, the one of the largest tick, with the
 * decimals the step needs: "0 ms  100 ms  200 ms", not "0 s  100.0 ms". */
static void secs_ticks(struct axis *a, double step)
{
	static const struct {
		double below, scale;
		const char *unit;
	} u[] = {{1e-3, 1e6, "µs"}, {1, 1e3, "ms"}, {INFINITY, 1, "s"}};
	double m = 0;
	int i, k = 0, dec;

	for (i = 0; i < a->nticks; i++)
		m = fmax(m, fabs(a->ticks[i]));
	while (m >= u[k].below)
		k++;
	dec = (int)ceil(-log10(step * u[k].scale) - 1e-9);
	dec = dec < 0 ? 0 : dec > 3 ? 3 : dec;
	for (i = 0; i < a->nticks; i++)
		snprintf(a->labels[i], sizeof(a->labels[0]), "%.*f %s", dec,
			 a->ticks[i] * u[k].scale, u[k].unit);
}

void axis_nice(struct axis *a, double min, double max, int log, int units)
{
	double span, step, mag, f;
	int i;

	memset(a, 0, sizeof(*a));
	a->log = log;
	if (!(max > min))
		max = min + 1;
	if (log) {
		double lo = floor(log10(min > 0 ? min : 1));
		double hi = ceil(log10(max > 1 ? max : 10));
		int every = (int)ceil((hi - lo) / 8);

		if (hi <= lo)
			hi = lo + 1;
		a->min = pow(10, lo);
		a->max = pow(10, hi);
		for (f = lo; f <= hi && a->nticks < 16; f += every) {
			a->ticks[a->nticks] = pow(10, f);
			tick_label(a->labels[a->nticks], sizeof(a->labels[0]),
				   a->ticks[a->nticks], units);
			a->nticks++;
		}
		return;
	}
	/* 1, 2, 5 steps; bytes in powers of two */
	span = max - min;
	if (units == 1 && span >= 1024) {
		step = pow(2, ceil(log2(span / 5)));
	} else {
		mag = pow(10, floor(log10(span / 5)));
		f = span / 5 / mag;
		step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
	}
	a->min = floor(min / step) * step;
	a->max = ceil(max / step) * step;
	if (a->max <= a->min)
		a->max = a->min + step;
	for (i = 0; i < 16; i++) {
		double v = a->min + step * i;

		if (v > a->max + step * 1e-9)
			break;
		a->ticks[i] = v;
		tick_label(a->labels[i], sizeof(a->labels[0]), v, units);
		a->nticks++;
	}
	if (units == 2)
		secs_ticks(a, step);
}

double axis_frac(const struct axis *a, double v)
{
	if (a->log) {
		if (v <= a->min)
			return 0;
		return (log10(v) - log10(a->min)) /
		       (log10(a->max) - log10(a->min));
	}
	return (v - a->min) / (a->max - a->min);
}

void plot_axes(struct plot *p, const char *label)
{
	cairo_t *cr = p->cr;
	/* the far edge of the last label drawn: a label that would touch it
	 * is left out (its grid line stays), so labels never overdraw */
	double last = -1e300;
	int i;

	cairo_set_line_width(cr, 0.5);
	for (i = 0; i < p->ax.nticks; i++) {
		double f = axis_frac(&p->ax, p->ax.ticks[i]);

		chart_color(cr, C_GRID);
		if (p->horizontal) {
			double x = p->x + f * p->w;
			double hw =
				chart_text_width(cr, p->ax.labels[i], 7, 0) / 2;

			cairo_move_to(cr, x, p->y);
			cairo_line_to(cr, x, p->y + p->h);
			cairo_stroke(cr);
			if (x - hw < last + 4)
				continue;
			chart_text(cr, x, p->y + p->h + 10, p->ax.labels[i], 7,
				   0, 0, C_MUTED);
			last = x + hw;
		} else {
			double y = p->y + p->h - f * p->h;

			cairo_move_to(cr, p->x, y);
			cairo_line_to(cr, p->x + p->w, y);
			cairo_stroke(cr);
			if (-y < last + 9)
				continue;
			chart_text(cr, p->x - 3, y + 2.5, p->ax.labels[i], 7, 0,
				   1, C_MUTED);
			last = -y;
		}
	}
	chart_color(cr, C_INK);
	cairo_set_line_width(cr, 0.8);
	cairo_move_to(cr, p->x, p->y);
	cairo_line_to(cr, p->x, p->y + p->h);
	cairo_line_to(cr, p->x + p->w, p->y + p->h);
	cairo_stroke(cr);
	if (label && *label) {
		if (p->horizontal)
			chart_text(cr, p->x + p->w / 2, p->y + p->h + 21, label,
				   7.5, 0, 0, C_INK);
		else
			chart_text(cr, p->x, p->y - 5, label, 7.5, 0, -1,
				   C_INK);
	}
}

static void bar(struct plot *p, double c0, double c1, double v0, double v1,
		int color)
{
	double f0 = axis_frac(&p->ax, v0), f1 = axis_frac(&p->ax, v1);

	if (f1 <= f0)
		return;
	if (f1 > 1)
		f1 = 1;
	chart_color(p->cr, color);
	if (p->horizontal)
		cairo_rectangle(p->cr, p->x + f0 * p->w, c0, (f1 - f0) * p->w,
				c1 - c0);
	else
		cairo_rectangle(p->cr, c0, p->y + p->h - f1 * p->h, c1 - c0,
				(f1 - f0) * p->h);
	cairo_fill(p->cr);
}

static void cat_label(struct plot *p, double c, const char *s)
{
	if (p->horizontal)
		chart_text(p->cr, p->x - 4, c + 2.5, s, 7, 0, 1, C_INK);
	else
		chart_text(p->cr, c, p->y + p->h + 10, s, 6.5, 0, 0, C_INK);
}

void plot_bars(struct plot *p, int ncat, const char *const *cats, int nser,
	       const double *values, const int *colors)
{
	double len = p->horizontal ? p->h : p->w, band = len / ncat;
	double base = p->ax.log ? p->ax.min : p->ax.min;
	int c, s;

	for (c = 0; c < ncat; c++) {
		double c0 =
			(p->horizontal ? p->y : p->x) + band * c + band * 0.15;
		double bw = band * 0.7 / nser;

		for (s = 0; s < nser; s++)
			bar(p, c0 + bw * s, c0 + bw * (s + 1), base,
			    values[s * ncat + c], colors[s]);
		cat_label(p, (p->horizontal ? p->y : p->x) + band * (c + 0.5),
			  cats[c]);
	}
}

void plot_stacked(struct plot *p, int ncat, const char *const *cats, int nser,
		  const double *values, const int *colors)
{
	double len = p->horizontal ? p->h : p->w, band = len / ncat;
	int c, s;

	for (c = 0; c < ncat; c++) {
		double c0 =
			(p->horizontal ? p->y : p->x) + band * c + band * 0.2;
		double acc = 0;

		for (s = 0; s < nser; s++) {
			double v = values[s * ncat + c];

			if (v > 0) {
				bar(p, c0, c0 + band * 0.6, acc, acc + v,
				    colors[s]);
				acc += v;
			}
		}
		cat_label(p, (p->horizontal ? p->y : p->x) + band * (c + 0.5),
			  cats[c]);
	}
}

void chart_legend(cairo_t *cr, double x, double y, int n,
		  const char *const *names, const int *colors)
{
	int i;

	for (i = 0; i < n; i++) {
		chart_color(cr, colors[i]);
		cairo_rectangle(cr, x, y - 6, 7, 7);
		cairo_fill(cr);
		x += 10 + chart_text(cr, x + 10, y, names[i], 7, 0, -1, C_INK) +
		     10;
	}
}

void chart_heat(cairo_t *cr, double v)
{
	/* white through light blue to dark navy: monotone in lightness */
	double t = v < 0 ? 0 : v > 1 ? 1 : v;

	cairo_set_source_rgb(cr, 1 - t * 0.92, 1 - t * 0.78, 1 - t * 0.55);
}

/* s cut in its middle to fit lim points, "…" where it was cut: a third
 * of what is kept from its start, the rest from its end, which names a
 * path's file (a name already cut by a caller keeps its one ellipsis
 * when it fits); cut on characters, not inside one.  Returns buf. */
static const char *cut_middle(cairo_t *cr, const char *s, double size,
			      double lim, char *buf, size_t n)
{
	size_t l = strlen(s), k = l;

	snprintf(buf, n, "…");
	while (k > 1) {
		size_t head = k / 3, tail = k - head;

		while (head > 0 && (s[head] & 0xC0) == 0x80)
			head--;
		while (tail > 0 && (s[l - tail] & 0xC0) == 0x80)
			tail--;
		/* only what buf holds whole: a truncated end is no end */
		if (head + 3 + tail < n) {
			snprintf(buf, n, "%.*s…%s", (int)head, s, s + l - tail);
			if (chart_text_width(cr, buf, size, 0) <= lim)
				break;
		}
		k = k * 9 / 10;
	}
	return buf;
}

double chart_table(cairo_t *cr, double x, double y, int ncol,
		   const double *widths, const int *numeric,
		   const char *const *header, int nrow,
		   const char *const *cells, double size)
{
	double row = size * 1.55, cx, total = 0;
	int r, c;

	for (c = 0; c < ncol; c++)
		total += widths[c];
	cx = x;
	for (c = 0; c < ncol; c++) {
		chart_text(cr, numeric[c] ? cx + widths[c] - 3 : cx + 2,
			   y + size, header[c], size, 1, numeric[c] ? 1 : -1,
			   C_INK);
		cx += widths[c];
	}
	chart_color(cr, C_INK);
	cairo_set_line_width(cr, 0.6);
	cairo_move_to(cr, x, y + row - 1);
	cairo_line_to(cr, x + total, y + row - 1);
	cairo_stroke(cr);
	for (r = 0; r < nrow; r++) {
		double ry = y + row * (r + 1);

		if (r % 2) {
			chart_color(cr, C_BAND);
			cairo_rectangle(cr, x, ry, total, row);
			cairo_fill(cr);
		}
		cx = x;
		for (c = 0; c < ncol; c++) {
			const char *s = cells[r * ncol + c];
			char cut[128];
			double lim = widths[c] - 5;

			if (!numeric[c] &&
			    chart_text_width(cr, s, size, 0) > lim)
				s = cut_middle(cr, s, size, lim, cut,
					       sizeof(cut));
			chart_text(cr, numeric[c] ? cx + widths[c] - 3 : cx + 2,
				   ry + size + 1, s, size, 0,
				   numeric[c] ? 1 : -1, C_INK);
			cx += widths[c];
		}
	}
	return row * (nrow + 1);
}

/*
 * cairo's bytes to a descriptor, gathered: cairo hands its stream over
 * in pieces of a few bytes to a few KiB (1,143 write()s for an 8-page
 * job report), so they go out in blocks of OBUF_N.  The buffer is the
 * surface's user data, freed with it; a failed write is kept and
 * reported by chart_pdf_close().
 */
#define OBUF_N 65536

struct pdfout {
	int fd, bad;
	size_t n;
	unsigned char b[OBUF_N];
};

static const cairo_user_data_key_t pdfout_key;

static int write_all(int fd, const unsigned char *d, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, d, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		d += k;
		n -= (size_t)k;
	}
	return 0;
}

static int pdfout_flush(struct pdfout *o)
{
	if (!o->bad && o->n && write_all(o->fd, o->b, o->n) < 0)
		o->bad = 1;
	o->n = 0;
	return o->bad ? -1 : 0;
}

static cairo_status_t fd_write(void *cl, const unsigned char *d, unsigned n)
{
	struct pdfout *o = cl;

	if (o->n + n > OBUF_N && pdfout_flush(o) < 0)
		return CAIRO_STATUS_WRITE_ERROR;
	if (n >= OBUF_N) {
		if (write_all(o->fd, d, n) < 0)
			o->bad = 1;
		return o->bad ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
	}
	memcpy(o->b + o->n, d, n);
	o->n += n;
	return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *chart_pdf_open(const char *path, char *tmp, size_t n, double w,
				double h, int *fd)
{
	struct pdfout *o = malloc(sizeof(*o));
	cairo_surface_t *s;

	if (!o) {
		*fd = -1;
		return NULL;
	}
	if ((*fd = out_tmp(path, tmp, n)) < 0) {
		free(o);
		return NULL;
	}
	o->fd = *fd;
	o->bad = 0;
	o->n = 0;
	s = cairo_pdf_surface_create_for_stream(fd_write, o, w, h);
	if (cairo_surface_set_user_data(s, &pdfout_key, o, free) ==
	    CAIRO_STATUS_SUCCESS)
		return s;
	/* an error surface keeps no data (and never writes): o is ours; a
	 * sound one that could not take o (out of memory) writes into it as
	 * it is destroyed, so it goes first, then o, the file and its name */
	if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		free(o);
		close(*fd);
		unlink(tmp);
		*fd = -1;
		errno = ENOMEM;
		return NULL;
	}
	free(o);
	return s;
}

int chart_pdf_close(cairo_surface_t *pdf, int fd)
{
	struct pdfout *o = cairo_surface_get_user_data(pdf, &pdfout_key);
	int bad;

	cairo_surface_finish(pdf);
	bad = cairo_surface_status(pdf) != CAIRO_STATUS_SUCCESS;
	bad |= !o || pdfout_flush(o) < 0;
	cairo_surface_destroy(pdf);
	bad |= close(fd) < 0;
	return bad ? -1 : 0;
}
