/*
 * The triage panel (triage-panel.h).  Findings that crossed a threshold
 * get a title line, the measured value against the threshold with the
 * detail, and the recommendation; passes and rules not evaluated one
 * line each, so the twelve and more rules take a third of a page.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "render/chart.h"
#include "render/triage-panel.h"
#include "base/banned.h"

static const int sev_color[5] = {C_WARN, C_META, C_READ, C_MUTED, C_MUTED};

/* Where the text after the rule code starts: past the widest code (in
 * bold, as flagged codes are drawn), never before x + 150, so that no
 * code runs into its title. */
static double text_x(cairo_t *cr, const struct iol_triage *t)
{
	double cw = 110;

	for (size_t k = 0; k < t->n; k++)
		cw = fmax(cw, chart_text_width(cr, t->f[k].code, 8.5, 1) + 8);
	return 40 + cw;
}

/* A flagged finding; returns the height used. */
static double flagged(cairo_t *cr, double x, double y, double w, double tx,
		      const struct iol_finding *f)
{
	char line[400];
	double h;

	chart_text(cr, x, y + 9, iol_sev_names[f->sev], 8.5, 1, -1,
		   sev_color[f->sev]);
	chart_text(cr, x + 40, y + 9, f->code, 8.5, 1, -1, C_INK);
	chart_text_fit(cr, x + tx, y + 9, f->title, 8.5, 0, w - tx, C_INK);
	snprintf(line, sizeof line, "%.4g %s (threshold %.4g): %s", f->value,
		 f->unit, f->threshold, f->detail);
	h = 13 + chart_para(cr, x + 40, y + 13, w - 40, line, 7.5, C_INK);
	h += chart_para(cr, x + 40, y + h + 1, w - 40, f->rec, 7.5, C_MUTED);
	return h + 7;
}

/* A pass or a rule not evaluated: one line, wrapped at words when the
 * reason is long (cut, it read "ran…  ted"). */
static double quiet(cairo_t *cr, double x, double y, double w, double tx,
		    const struct iol_finding *f)
{
	char line[400];

	if (f->sev == IOL_SEV_NA)
		snprintf(line, sizeof line, "%s: not evaluated: %s", f->title,
			 f->detail);
	else
		snprintf(line, sizeof line, "%s: %.4g %s (threshold %.4g)",
			 f->title, f->value, f->unit, f->threshold);
	chart_text(cr, x, y + 8, f->sev == IOL_SEV_NA ? "n/a" : "ok", 7.5, 1,
		   -1, sev_color[f->sev]);
	chart_text(cr, x + 40, y + 8, f->code, 7.5, 0, -1, C_MUTED);
	return fmax(11, chart_para(cr, x + tx, y + 0.5, w - tx, line, 7.5,
				   C_MUTED) +
				1);
}

/* Draw finding f at y, or measure it (off the page) when !draw; its
 * height. */
static double item(cairo_t *cr, const struct iol_finding *f, double x, double y,
		   double w, double tx, int draw)
{
	double h;

	if (draw)
		cairo_save(cr);
	else
		chart_measure_begin(cr);
	h = f->sev < IOL_SEV_OK ? flagged(cr, x, y, w, tx, f)
				: quiet(cr, x, y, w, tx, f);
	if (draw)
		cairo_restore(cr);
	else
		chart_measure_end(cr);
	return h;
}

/*
 * The findings of one panel, most severe first: from the from-th (in
 * that order) on, at most max of them, as many as fit in maxh (at least
 * one); drawn when draw is set.  Returns their height, their count in
 * *n.
 */
static double findings(cairo_t *cr, const struct iol_triage *t, int which,
		       double x, double y, double w, size_t from, size_t max,
		       double maxh, int draw, size_t *n)
{
	int lo = which == TRIAGE_FLAGGED ? IOL_SEV_HIGH : IOL_SEV_OK;
	int hi = which == TRIAGE_FLAGGED ? IOL_SEV_INFO : IOL_SEV_NA;
	double used = 0, tx = text_x(cr, t), h;
	size_t k, i = 0;
	int sev;

	*n = 0;
	for (sev = lo; sev <= hi; sev++)
		for (k = 0; k < t->n && *n < max; k++) {
			if (t->f[k].sev != sev || i++ < from)
				continue;
			h = item(cr, &t->f[k], x, y + used, w, tx, 0);
			if (*n && used + h > maxh)
				return used;
			if (draw)
				item(cr, &t->f[k], x, y + used, w, tx, 1);
			used += h;
			(*n)++;
		}
	return used;
}

size_t triage_panel_count(const struct iol_triage *t, int which)
{
	size_t k, n = 0;

	for (k = 0; k < t->n; k++)
		n += which == TRIAGE_FLAGGED ? t->f[k].sev < IOL_SEV_OK
					     : t->f[k].sev >= IOL_SEV_OK;
	return n;
}

double triage_panel_fit(cairo_t *cr, const struct iol_triage *t, int which,
			double w, size_t from, double maxh, size_t *n)
{
	return findings(cr, t, which, 0, 0, w, from, SIZE_MAX, maxh, 0, n);
}

double triage_panel_h(cairo_t *cr, const struct iol_triage *t, int which,
		      double w)
{
	size_t n;

	return findings(cr, t, which, 0, 0, w, 0, SIZE_MAX, INFINITY, 0, &n);
}

void triage_panel_draw_part(cairo_t *cr, const struct iol_triage *t, int which,
			    double x, double y, double w, size_t from,
			    size_t count)
{
	size_t n;

	findings(cr, t, which, x, y, w, from, count, INFINITY, 1, &n);
}

void triage_panel_draw(cairo_t *cr, const struct iol_triage *t, int which,
		       double x, double y, double w)
{
	triage_panel_draw_part(cr, t, which, x, y, w, 0, SIZE_MAX);
}
