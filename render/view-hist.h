/*
 * The views of iolens hist (render/view-hist.c).
 */
#ifndef IOLENS_VIEW_HIST_H
#define IOLENS_VIEW_HIST_H

#include "analysis/metrics.h"
#include "render/view.h"

/* The machine formats' columns. */
extern const struct iol_view iol_view_hist;
/* The machine formats' one table for every log (text: nothing). */
void view_hist_begin(struct out *o);
/* One log's h[0..n) (iol_hist_compute()): text the bars under log as
 * title; the machine formats a row per module, op and bin, then the
 * common sizes. */
void view_hist(struct out *o, const char *log, const struct iol_hist *h,
	       size_t n);
/* The end of view_hist_begin()'s table. */
void view_hist_end(struct out *o);

#endif
