/*
 * The triage panel of `iolens report` (template panel "triage"): the
 * findings of analysis/triage.h, high first, each flagged one with its
 * value, threshold, who is responsible and what to do; passes and rules
 * not evaluated one line each.
 *
 * Ownership: the panel borrows the findings; nothing is kept.
 */
#ifndef IOLENS_TRIAGE_PANEL_H
#define IOLENS_TRIAGE_PANEL_H

#include <cairo.h>
#include <stddef.h>

#include "analysis/triage.h"

/* The two panels: the findings that crossed a threshold (which 0), and
 * the rules that passed or could not be evaluated, a line each (1), so
 * the report can flow them apart. */
enum { TRIAGE_FLAGGED, TRIAGE_QUIET };
/* The height a panel takes in width w (measured, not drawn). */
double triage_panel_h(cairo_t *cr, const struct iol_triage *t, int which,
		      double w);
/* Draw it at (x, y) in width w. */
void triage_panel_draw(cairo_t *cr, const struct iol_triage *t, int which,
		       double x, double y, double w);
/* A panel split across sheets: its count of findings; how many from the
 * from-th on fit in maxh (at least one: a finding taller than a sheet
 * is not cut) and their height; and those drawn. */
size_t triage_panel_count(const struct iol_triage *t, int which);
double triage_panel_fit(cairo_t *cr, const struct iol_triage *t, int which,
			double w, size_t from, double maxh, size_t *n);
void triage_panel_draw_part(cairo_t *cr, const struct iol_triage *t, int which,
			    double x, double y, double w, size_t from,
			    size_t count);

#endif
