/*
 * The I/O flame graph of a job's code blocks (analysis/blocks.h): an
 * icicle chart, the roots on top, each block as wide as its share of
 * the job's I/O time (or bytes) and its children under it, coloured by
 * kind (function, loop, line).  Drawn by the drawing module.
 */
#ifndef IOLENS_FLAME_H
#define IOLENS_FLAME_H

#include <stdint.h>

#include "analysis/blocks.h"

/* One page into path: PDF, SVG or PNG by its name (a temporary file
 * renamed into place), stamped with date (epoch seconds) so that the
 * same blocks give the same bytes.  0, or < 0 with err set. */
int flame_write(const char *path, const struct iol_blocks *b, int by_bytes,
		const char *title, int64_t date, struct iol_error *err);
/* The chart into the box (x, y, w, h) of a Cairo context cr (a
 * cairo_t *), for pages of the report. */
void flame_draw(void *cr, double x, double y, double w, double h,
		const struct iol_blocks *b, int by_bytes);

#endif
