/*
 * The I/O flame graph (render/flame.h).  Widths: a root's share of the
 * sum over roots, a child's of its parent (a function's lines and loops
 * cover what it spent itself; what is left of a block's width beside
 * its children is I/O in it that no deeper block holds).  Rows are the
 * tree's depths; a tree deeper than the box gets thinner rows, down to
 * 4 points, and is cut below.  A page of its own is as high as the
 * tree needs, at most A4 landscape's.  Blocks narrower than half a point are
 * left out; labels are cut to their block's width.
 */
#define _GNU_SOURCE
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "render/flame.h"
#include "render/chart.h"
#include "base/version.h"
#include "render/output.h"
#include "base/banned.h"

#define PW 842.0 /* A4 landscape */
#define PH 595.0

static double value(const struct iol_block *b, int by_bytes)
{
	return by_bytes ? (double)(b->bytes_read + b->bytes_written)
			: b->io_time;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static void fill_of(cairo_t *cr, const struct iol_block *b)
{
	/* warm functions, cool loops, pale lines: the kinds apart in
	 * grey too */
	if (b->kind == IOL_BLOCK_FUNCTION)
		cairo_set_source_rgb(cr, 0.93, 0.55 + 0.05 * (b->depth % 3),
				     0.25);
	else if (b->kind == IOL_BLOCK_LOOP)
		cairo_set_source_rgb(cr, 0.35, 0.60, 0.85);
	else
		cairo_set_source_rgb(cr, 0.85, 0.85, 0.80);
}

void flame_draw(void *vcr, double x0, double y0, double w, double h,
		const struct iol_blocks *bl, int by_bytes)
{
	cairo_t *cr = vcr;
	double *left = NULL, *width = NULL, *used = NULL, total = 0, row;
	int maxd = 0;
	size_t i;
	char lab[300];

	if (!bl->n)
		return;
	left = calloc(bl->n, sizeof(*left));
	width = calloc(bl->n, sizeof(*width));
	used = calloc(bl->n, sizeof(*used));
	if (!left || !width || !used)
		goto done;
	for (i = 0; i < bl->n; i++) {
		if (bl->v[i].parent < 0)
			total += value(&bl->v[i], by_bytes);
		if (bl->v[i].depth > maxd)
			maxd = bl->v[i].depth;
	}
	if (total <= 0)
		goto done;
	row = h / (maxd + 1);
	if (row > 18)
		row = 18;
	if (row < 4)
		row = 4;
	{
		double rootx = 0;

		/* tree order: a parent is placed before its children */
		for (i = 0; i < bl->n; i++) {
			const struct iol_block *b = &bl->v[i];
			double v = value(b, by_bytes), bx, by, bw;

			if (b->parent < 0) {
				left[i] = rootx;
				width[i] = v / total * w;
				rootx += width[i];
			} else {
				double pv = value(&bl->v[b->parent], by_bytes);

				width[i] =
					pv > 0 ? v / pv * width[b->parent] : 0;
				left[i] = left[b->parent] + used[b->parent];
				used[b->parent] += width[i];
			}
			bx = x0 + left[i];
			by = y0 + b->depth * row;
			bw = width[i];
			if (bw < 0.5 || by + row > y0 + h + 0.01)
				continue;
			fill_of(cr, b);
			cairo_rectangle(cr, bx, by, bw, row);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_set_line_width(cr, 0.5);
			cairo_stroke(cr);
			if (bw < 18 || row < 8)
				continue;
			if (b->kind == IOL_BLOCK_FUNCTION)
				snprintf(lab, sizeof(lab), "%s", b->func);
			else if (b->kind == IOL_BLOCK_LOOP)
				snprintf(lab, sizeof(lab), "loop %s:%d",
					 base(b->file), b->line);
			else
				snprintf(lab, sizeof(lab), "%s:%d",
					 base(b->file), b->line);
			chart_text_fit(cr, bx + 2, by + row * 0.72, lab,
				       row * 0.5 > 8 ? 8 : row * 0.5, 0, bw - 4,
				       C_INK);
		}
	}
done:
	free(left);
	free(width);
	free(used);
}

/* the page's height: the tree's rows, at most A4's */
static double page_h(const struct iol_blocks *bl)
{
	double h;
	int maxd = 0;
	size_t i;

	for (i = 0; i < bl->n; i++)
		if (bl->v[i].depth > maxd)
			maxd = bl->v[i].depth;
	h = 90 + (maxd + 1) * 18.0 + 40;
	return h < 240 ? 240 : h > PH ? PH : h;
}

static void page(cairo_t *cr, const struct iol_blocks *bl, int by_bytes,
		 const char *title, double ph)
{
	char t[300];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	chart_text(cr, 40, 40, "I/O flame graph: code blocks", 16, 1, -1,
		   C_INK);
	chart_text_fit(cr, 40, 58, title, 9, 0, PW - 80, C_MUTED);
	snprintf(t, sizeof(t),
		 "width: %s; top: the outermost functions; orange functions, "
		 "blue loops, grey lines; %zu blocks, %lld calls on files",
		 by_bytes ? "bytes read and written" : "I/O time", bl->n,
		 (long long)bl->calls);
	chart_text_fit(cr, 40, 74, t, 8, 0, PW - 80, C_MUTED);
	flame_draw(cr, 40, 90, PW - 80, ph - 130, bl, by_bytes);
}

static int ends(const char *p, const char *sfx)
{
	size_t n = strlen(p), k = strlen(sfx);

	return n > k && !strcmp(p + n - k, sfx);
}

int flame_write(const char *path, const struct iol_blocks *bl, int by_bytes,
		const char *title, int64_t date, struct iol_error *err)
{
	char tmp[OUT_TMP_MAX], ds[32];
	time_t tt = (time_t)date;
	cairo_surface_t *s = NULL;
	cairo_t *cr;
	struct tm tm;
	int fd, bad, png = ends(path, ".png"), svg = ends(path, ".svg");
	double ph = page_h(bl);

	if (!gmtime_r(&tt, &tm))
		memset(&tm, 0, sizeof(tm));
	strftime(ds, sizeof(ds), "%Y-%m-%dT%H:%M:%S", &tm);
	if (!png && !svg) {
		s = chart_pdf_open(path, tmp, sizeof(tmp), PW, ph, &fd);
		if (!s)
			return iol_error_set(err, IOL_EIO, "%s",
					     strerror(errno));
	} else if ((fd = out_tmp(path, tmp, sizeof(tmp))) < 0) {
		return iol_error_set(err, IOL_EIO, "%s", strerror(errno));
	} else {
		close(fd);
		fd = -1;
	}
	if (png) {
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)PW * 2,
					       (int)ph * 2);
	} else if (svg) {
		s = cairo_svg_surface_create(tmp, PW, ph);
	} else {
		cairo_pdf_surface_set_metadata(
			s, CAIRO_PDF_METADATA_CREATE_DATE, ds);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE,
					       ds);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE,
					       "iolens I/O flame graph");
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
					       "iolens " IOLENS_VERSION);
	}
	cr = cairo_create(s);
	if (png)
		cairo_scale(cr, 2, 2);
	page(cr, bl, by_bytes, title, ph);
	cairo_destroy(cr);
	if (fd >= 0) {
		bad = chart_pdf_close(s, fd) < 0;
	} else {
		if (png)
			bad = cairo_surface_write_to_png(s, tmp) !=
			      CAIRO_STATUS_SUCCESS;
		else
			cairo_surface_finish(s), bad = 0;
		bad |= cairo_surface_status(s) != CAIRO_STATUS_SUCCESS;
		cairo_surface_destroy(s);
	}
	if (bad || out_commit(tmp, path) < 0) {
		int e = bad ? EIO : errno;

		out_discard(tmp, path);
		return iol_error_set(err, IOL_EIO, "%s", strerror(e));
	}
	return 0;
}
