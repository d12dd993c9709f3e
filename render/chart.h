/*
 * A small chart module on Cairo and Pango for the report: text in DejaVu,
 * axes with nice ticks (linear or log), bars, stacked bars, heatmap cells,
 * legends and tables.  Colours differ in lightness too, so charts stay
 * readable printed in black and white.  Nothing here computes a number
 * of the job: panels pass in values from lib/metrics.c.
 *
 * Ownership: struct chart borrows the cairo context of the caller.
 */
#ifndef IOLENS_CHART_H
#define IOLENS_CHART_H

#include <cairo.h>
#include <stdint.h>

#include "render/obuf.h"

/* palette: dark to light, distinct in grey */
enum {
	C_INK,
	C_MUTED,
	C_GRID,
	C_WRITE,
	C_READ,
	C_META,
	C_OTHER,
	C_WARN,
	C_BAND,
	C_NCOLORS
};

void chart_color(cairo_t *cr, int c);

/*
 * Measuring: between chart_measure_begin() and chart_measure_end() (a
 * cairo_save/restore pair, the origin moved off the page) the text
 * functions lay their text out and return its size without drawing it.
 * A height asked before drawing (a panel's, a finding's) costs the
 * layout only, not glyphs the PDF surface records and replays at the
 * page's end to find them outside it.
 */
void chart_measure_begin(cairo_t *cr);
void chart_measure_end(cairo_t *cr);

/* text; align -1 left, 0 centre, 1 right; returns the width used */
double chart_text(cairo_t *cr, double x, double y, const char *s, double size,
		  int bold, int align, int color);
/* one line cut with an ellipsis to fit maxw */
void chart_text_fit(cairo_t *cr, double x, double y, const char *s, double size,
		    int bold, double maxw, int color);
/* wrapped paragraph in a box of width w; returns the height used */
double chart_para(cairo_t *cr, double x, double y, double w, const char *s,
		  double size, int color);
double chart_text_width(cairo_t *cr, const char *s, double size, int bold);

struct axis {
	double min, max;
	int log;
	int nticks;
	double ticks[16];
	char labels[16][24];
};

/* Nice ticks over [min, max]; units: 0 plain, 1 bytes, 2 seconds. */
void axis_nice(struct axis *a, double min, double max, int log, int units);
/* Position of v on the axis as a fraction 0..1. */
double axis_frac(const struct axis *a, double v);

/* A plot area with a value axis: vertical (bars up) or horizontal. */
struct plot {
	cairo_t *cr;
	double x, y, w, h; /* the plotting rectangle */
	struct axis ax;
	int horizontal; /* value axis along x */
};

/* Frame, grid and tick labels of the value axis; label is its title. */
void plot_axes(struct plot *p, const char *label);
/* Bars for ncat categories, nser series side by side, values[s][c]. */
void plot_bars(struct plot *p, int ncat, const char *const *cats, int nser,
	       const double *values, const int *colors);
/* Stacked bars: each category stacks nser values. */
void plot_stacked(struct plot *p, int ncat, const char *const *cats, int nser,
		  const double *values, const int *colors);

void chart_legend(cairo_t *cr, double x, double y, int n,
		  const char *const *names, const int *colors);

/* A shade from light (0) to dark (1) for heatmaps. */
void chart_heat(cairo_t *cr, double v);

/* A simple table: ncol columns with widths, right-aligned where numeric
 * is set; rows of strings; returns the height used. */
double chart_table(cairo_t *cr, double x, double y, int ncol,
		   const double *widths, const int *numeric,
		   const char *const *header, int nrow,
		   const char *const *cells, double size);

/* "1.5 GiB", "3.2 ms" */
void fmt_secs(char *b, size_t n, double v);

/*
 * A PDF surface on out_tmp()'s file for path (its name in tmp, n bytes),
 * written through the descriptor *fd that stays open until
 * chart_pdf_close(): a FIFO or device given as the output sees one
 * writer from the first byte to the last (opened, closed and opened
 * again by name, a FIFO's reader took the close for the end).  NULL with
 * errno set when the file cannot be made.
 */
cairo_surface_t *chart_pdf_open(const char *path, char *tmp, size_t n, double w,
				double h, int *fd);
/* Finish and destroy the surface and close fd: 0, or -1 when a write
 * failed (then out_discard() the temporary). */
int chart_pdf_close(cairo_surface_t *pdf, int fd);

#endif
