/*
 * The phases panel of `iolens report` (template panel "phases"): the
 * job's write and read phases (analysis/phases.h), each with its data
 * transfer bandwidth and its bandwidth including the syncs after it.
 *
 * Ownership: the panel borrows the phases; nothing is kept.
 */
#ifndef IOLENS_PHASES_PANEL_H
#define IOLENS_PHASES_PANEL_H

#include <cairo.h>

#include "analysis/phases.h"

/* rows drawn at most; a line counts the rest */
#define PHASES_PANEL_ROWS 24

/* The height the panel takes in width w; 0 when there is no phase. */
double phases_panel_h(cairo_t *cr, const struct iol_phases *p, double w);
/* Draw it at (x, y) in width w. */
void phases_panel_draw(cairo_t *cr, const struct iol_phases *p, double x,
		       double y, double w);

#endif
