/*
 * The views of iolens hist (render/view-hist.c).
 */
#ifndef IOLENS_VIEW_HIST_H
#define IOLENS_VIEW_HIST_H

#include "analysis/metrics.h"
#include "render/view.h"

/* The machine formats' columns. */
extern const struct iol_view iol_view_hist;
/* Text: the bars of h[0..n) (iol_hist_compute()), log its title. */
void view_hist_text(struct out *o, const char *log, const struct iol_hist *h,
		    size_t n);
/* Machine formats: a row per module, op and bin, then the common sizes. */
void view_hist_rows(struct out *o, const char *log, const struct iol_hist *h,
		    size_t n);

#endif
