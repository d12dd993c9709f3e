/*
 * The timeline window drawn by Cairo as SVG: a rank x time heat map
 * (each cell the share of its interval the rank spent in I/O, white idle
 * to dark blue busy) as one embedded image scaled without smoothing,
 * axes and labels as vectors.  The plot area's margins are the script's
 * (serve/static.h: L, R, T, B).
 */
#include <cairo-svg.h>
#include <cairo.h>
#include <stdio.h>

#include "serve/internal.h"
#include "base/banned.h"

enum { ML = 60, MR = 20, MT = 20, MB = 40 };

static cairo_status_t write_sb(void *cl, const unsigned char *d, unsigned n)
{
	struct sb *b = cl;

	sb_put(b, d, n);
	return b->nomem ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *heat(const struct tl_grid *g)
{
	cairo_surface_t *s =
		cairo_image_surface_create(CAIRO_FORMAT_RGB24, g->bins, g->nr);
	double w = (g->t1 - g->t0) / g->bins;
	unsigned char *px;
	int stride;

	if (cairo_surface_status(s))
		return s;
	cairo_surface_flush(s);
	px = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	for (int r = 0; r < g->nr; r++)
		for (int b = 0; b < g->bins; b++) {
			size_t i = (size_t)r * (size_t)g->bins + (size_t)b;
			double f = g->busy[i] / w;
			uint32_t *p = (uint32_t *)(px + r * stride) + b;
			if (f > 1)
				f = 1;
			if (g->ops[i] && f < 0.08)
				f = 0.08; /* a short call stays visible */
			*p = (uint32_t)(255 - 215 * f) << 16 |
			     (uint32_t)(255 - 175 * f) << 8 |
			     (uint32_t)(255 - 55 * f);
		}
	cairo_surface_mark_dirty(s);
	return s;
}

/* align: 1 ending at x, 0 centred on it, -1 starting at it */
static void label(cairo_t *cr, double x, double y, const char *t, int align)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, t, &e);
	cairo_move_to(cr, x - e.x_advance * (align + 1) / 2, y);
	cairo_show_text(cr, t);
}

static void axes(cairo_t *cr, const struct tl_grid *g, int W, int H)
{
	char t[64];

	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, ML + 0.5, MT + 0.5, W - ML - MR, H - MT - MB);
	cairo_stroke(cr);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 11);
	for (int k = 0; k <= 4; k++) {
		double x = ML + (W - ML - MR) * k / 4.0;
		snprintf(t, sizeof(t), "%.6g s",
			 g->t0 + (g->t1 - g->t0) * k / 4);
		label(cr, x, H - MB + 16, t, k == 4 ? 1 : 0);
	}
	snprintf(t, sizeof(t), "rank %d", g->r0);
	label(cr, ML - 4, MT + 10, t, 1);
	snprintf(t, sizeof(t), "%d", g->r0 + g->nr - 1);
	label(cr, ML - 4, H - MB, t, 1);
	snprintf(t, sizeof(t), "%d of %d ranks, %d bins%s", g->nr, g->nranks,
		 g->bins, g->raw ? ", from the segments" : "");
	label(cr, 4, H - 6, t, -1);
}

int tl_svg(const struct tl_grid *g, int W, int H, struct sb *b)
{
	cairo_surface_t *svg =
		cairo_svg_surface_create_for_stream(write_sb, b, W, H);
	cairo_surface_t *img = heat(g), *plot;
	cairo_t *cr, *pc;
	int rc;

	/* scaled here, cell edges sharp: a browser would smooth an image
	 * the SVG scales */
	plot = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W - ML - MR,
					  H - MT - MB);
	pc = cairo_create(plot);
	cairo_scale(pc, (double)(W - ML - MR) / g->bins,
		    (double)(H - MT - MB) / g->nr);
	cairo_set_source_surface(pc, img, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(pc), CAIRO_FILTER_NEAREST);
	cairo_paint(pc);
	cairo_destroy(pc);
	cairo_svg_surface_set_document_unit(svg, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(svg);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_surface(cr, plot, ML, MT);
	cairo_paint(cr);
	axes(cr, g, W, H);
	cairo_destroy(cr);
	cairo_surface_finish(svg);
	rc = cairo_surface_status(svg) || cairo_surface_status(img) ? -1 : 0;
	cairo_surface_destroy(svg);
	cairo_surface_destroy(img);
	cairo_surface_destroy(plot);
	return rc;
}

int tl_svg_note(const char *text, int W, int H, struct sb *b)
{
	cairo_surface_t *svg =
		cairo_svg_surface_create_for_stream(write_sb, b, W, H);
	cairo_t *cr;
	int rc;

	cairo_svg_surface_set_document_unit(svg, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(svg);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.5, 0.2, 0.2);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 14);
	label(cr, W / 2.0, H / 2.0, text, 0);
	cairo_destroy(cr);
	cairo_surface_finish(svg);
	rc = cairo_surface_status(svg) ? -1 : 0;
	cairo_surface_destroy(svg);
	return rc;
}
