/*
 * The views of iolens diff (render/view-diff.c).
 */
#ifndef IOLENS_VIEW_DIFF_H
#define IOLENS_VIEW_DIFF_H

#include "analysis/diff.h"
#include "analysis/jobrow.h"
#include "render/view.h"

/* The comparison of a and b: text the two jobs side by side, a table
 * per section; the machine formats one table of iol_view_diff's
 * columns, a row per compared value. */
void view_diff(struct out *o, const struct iol_diff *d,
	       const struct iol_diffside *a, const struct iol_diffside *b);
/* The machine formats' columns. */
extern const struct iol_view iol_view_diff;

#endif
