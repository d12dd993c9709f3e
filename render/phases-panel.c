/*
 * The phases panel (phases-panel.h).  One row per phase of the job as
 * analysis/phases.c splits it, with both bandwidths side by side: the
 * data transfer alone, and including the syncs after the writes that
 * DXT does not trace, so that a write phase followed by fsync reads as
 * IOR and dd report it.  A line above the table says how the phases
 * were split, as `iolens timeline --phases` does.
 */
#include <math.h>
#include <stdio.h>

#include "render/chart.h"
#include "render/obuf.h"
#include "render/phases-panel.h"
#include "base/banned.h"

#define NCOL 9
#define ROW_H (7.5 * 1.55) /* chart_table's row height at 7.5 pt */

/* job rows that carry operations (the "other" rows included) */
static size_t nrows(const struct iol_phases *p)
{
	size_t i, n = 0;

	for (i = 0; i < p->njob; i++)
		n += p->job[i].nops > 0;
	return n;
}

static size_t shown(const struct iol_phases *p)
{
	size_t n = nrows(p);

	return n < PHASES_PANEL_ROWS ? n : PHASES_PANEL_ROWS;
}

static void mibs(char *b, size_t n, double v)
{
	if (isfinite(v))
		snprintf(b, n, "%.1f", v);
	else
		snprintf(b, n, "-");
}

/* The cells of one phase, b[0..NCOL) */
static void cells(const struct iol_phase *p, char b[NCOL][32])
{
	int sync = p->op == 0 && p->sync_end > p->end;

	if (p->other)
		snprintf(b[0], 32, "other (%lld)", (long long)p->nfolded);
	else
		snprintf(b[0], 32, "%zu", p->id);
	snprintf(b[1], 32, "%s", p->op ? "read" : "write");
	fmt_secs(b[2], 32, p->start);
	fmt_secs(b[3], 32, p->end - p->start);
	fmt_bytes(b[4], 32, (double)p->bytes, BYTES_SHORT);
	snprintf(b[5], 32, "%lld", (long long)p->nops);
	mibs(b[6], 32, iol_phase_mibs(p));
	if (sync)
		fmt_secs(b[7], 32, p->sync_end - p->end);
	else
		snprintf(b[7], 32, "-");
	mibs(b[8], 32, sync ? iol_phase_mibs_sync(p) : NAN);
}

/* The line above the table: how the phases were split. */
static double how(cairo_t *cr, const struct iol_phases *p, double x, double y,
		  double w)
{
	char line[400], gw[32], gr[32];

	fmt_secs(gw, sizeof(gw), p->gap[0]);
	fmt_secs(gr, sizeof(gr), p->gap[1]);
	snprintf(line, sizeof(line),
		 "%zu phases, split at pauses of %s in writes and %s in "
		 "reads, where the other operation ran, the same data was "
		 "read or written again, or %g s passed; phases under %g %% "
		 "of the bytes are folded into \"other\".",
		 p->nphase, gw, gr, IOL_PHASE_IDLE, IOL_PHASE_FOLD * 100);
	return chart_para(cr, x, y, w, line, 7, C_MUTED) + 3;
}

double phases_panel_h(cairo_t *cr, const struct iol_phases *p, double w)
{
	size_t n = shown(p);
	double h;

	if (!n)
		return 0;
	chart_measure_begin(cr);
	h = how(cr, p, 0, 0, w);
	chart_measure_end(cr);
	return h + ROW_H * (double)(n + 1) + 4 + (nrows(p) > n ? 12 : 0);
}

void phases_panel_draw(cairo_t *cr, const struct iol_phases *p, double x,
		       double y, double w)
{
	static const char *const head[NCOL] = {
		"phase", "op",	  "start",	"duration",	   "bytes",
		"ops",	 "MiB/s", "sync after", "MiB/s incl. sync"};
	static const int num[NCOL] = {0, 0, 1, 1, 1, 1, 1, 1, 1};
	const double wd[NCOL] = {w * 0.12, w * 0.07, w * 0.10,
				 w * 0.10, w * 0.11, w * 0.09,
				 w * 0.11, w * 0.12, w * 0.18};
	const char *cell[PHASES_PANEL_ROWS * NCOL];
	char b[PHASES_PANEL_ROWS][NCOL][32];
	size_t i, k, n = 0, want = shown(p);

	y += how(cr, p, x, y, w);
	for (i = 0; i < p->njob && n < want; i++) {
		if (!p->job[i].nops)
			continue;
		cells(&p->job[i], b[n]);
		for (k = 0; k < NCOL; k++)
			cell[n * NCOL + k] = b[n][k];
		n++;
	}
	y += chart_table(cr, x, y, NCOL, wd, num, head, (int)n, cell, 7.5);
	if (nrows(p) > n) {
		char line[96];

		snprintf(line, sizeof(line),
			 "and %zu more phases (iolens timeline --phases lists "
			 "them all)",
			 nrows(p) - n);
		chart_text(cr, x, y + 9, line, 7, 0, -1, C_MUTED);
	}
}
