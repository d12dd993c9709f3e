/*
 * The replay profile page: two step lines of cumulative I/O time over
 * elapsed time, the original dark and the replay light (told apart in
 * grey too), on the chart module's axes.  Long runs are thinned to at
 * most a few thousand points per line; the end points are always kept.
 */
#define _GNU_SOURCE
#include <cairo-pdf.h>
#include <cairo.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "render/profile.h"
#include "render/chart.h"
#include "base/version.h"
#include "render/output.h"
#include "base/banned.h"

#define PW 595.0
#define PH 842.0
#define MAXPTS 4000

static double last_t(const struct iol_rprofile *p)
{
	return p->n ? p->t[p->n - 1] : 0;
}

static double last_c(const struct iol_rprofile *p)
{
	return p->n ? p->cum[p->n - 1] : 0;
}

static void line(const struct plot *px, const struct plot *py,
		 const struct iol_rprofile *p, int color, double width)
{
	cairo_t *cr = px->cr;
	size_t i, step = p->n / MAXPTS + 1;
	double prev = 0;

	if (!p->n)
		return;
	chart_color(cr, color);
	cairo_set_line_width(cr, width);
	cairo_move_to(cr, px->x, py->y + py->h);
	for (i = 0; i < p->n; i += step) {
		size_t k = i + step < p->n ? i : p->n - 1;
		double x = px->x + axis_frac(&px->ax, p->t[k]) * px->w;
		double y =
			py->y + py->h - axis_frac(&py->ax, p->cum[k]) * py->h;

		cairo_line_to(cr, x,
			      py->y + py->h - axis_frac(&py->ax, prev) * py->h);
		cairo_line_to(cr, x, y);
		prev = p->cum[k];
	}
	cairo_stroke(cr);
}

static void draw(cairo_t *cr, const struct iol_rprofile *o,
		 const struct iol_rprofile *r, const char *title)
{
	static const char *const names[] = {"original", "replay"};
	static const int colors[] = {C_INK, C_READ};
	struct plot px, py;
	double tmax = last_t(o) > last_t(r) ? last_t(o) : last_t(r);
	double cmax = last_c(o) > last_c(r) ? last_c(o) : last_c(r);
	char a[48], b[48], t[200];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	memset(&px, 0, sizeof(px));
	px.cr = cr, px.x = 70, px.y = 120, px.w = 470, px.h = 420;
	py = px;
	px.horizontal = 1;
	chart_text(cr, 50, 60, "Replay profile", 16, 1, -1, C_INK);
	chart_text_fit(cr, 50, 80, title, 9, 0, 495, C_MUTED);
	axis_nice(&px.ax, 0, tmax > 0 ? tmax : 1, 0, 2);
	axis_nice(&py.ax, 0, cmax > 0 ? cmax : 1, 0, 2);
	plot_axes(&px, "elapsed time");
	plot_axes(&py, "cumulative I/O time (all processes)");
	line(&px, &py, o, colors[0], 1.6);
	line(&px, &py, r, colors[1], 1.0);
	chart_legend(cr, 70, 580, 2, names, colors);
	fmt_secs(a, sizeof(a), last_c(o));
	fmt_secs(b, sizeof(b), last_c(r));
	snprintf(t, sizeof(t), "I/O time: original %s, replay %s", a, b);
	chart_text(cr, 70, 610, t, 9, 0, -1, C_INK);
	fmt_secs(a, sizeof(a), last_t(o));
	fmt_secs(b, sizeof(b), last_t(r));
	snprintf(t, sizeof(t), "last call ends: original %s, replay %s", a, b);
	chart_text(cr, 70, 625, t, 9, 0, -1, C_INK);
}

int profile_pdf(const char *path, const struct iol_rprofile *orig,
		const struct iol_rprofile *rep, const char *title, int64_t date)
{
	char tmp[OUT_TMP_MAX], ds[32];
	time_t tt = (time_t)date;
	struct tm tm;
	cairo_surface_t *pdf;
	cairo_t *cr;
	int fd, bad;

	if (!gmtime_r(&tt, &tm))
		return -1;
	strftime(ds, sizeof(ds), "%Y-%m-%dT%H:%M:%S", &tm);
	pdf = chart_pdf_open(path, tmp, sizeof(tmp), PW, PH, &fd);
	if (!pdf)
		return -1;
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE, ds);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_MOD_DATE, ds);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_TITLE,
				       "iolens replay profile");
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR,
				       "iolens " IOLENS_VERSION);
	cr = cairo_create(pdf);
	draw(cr, orig, rep, title);
	cairo_destroy(cr);
	bad = chart_pdf_close(pdf, fd) < 0;
	if (bad || out_commit(tmp, path) < 0) {
		int e = bad ? EIO : errno;

		out_discard(tmp, path);
		errno = e;
		return -1;
	}
	return 0;
}
