/*
 * The views of iolens diff (render/view-diff.c).
 */
#ifndef IOLENS_VIEW_DIFF_H
#define IOLENS_VIEW_DIFF_H

#include "analysis/diff.h"
#include "analysis/jobrow.h"
#include "render/view.h"

/* Text: the two jobs side by side, a table per section. */
void view_diff_text(struct out *o, const struct iol_diff *d,
		    const struct iol_diffside *a, const struct iol_diffside *b);
/* The machine formats' columns. */
extern const struct iol_view iol_view_diff;
/* One machine-format row. */
void view_diff_row(struct out *o, const struct iol_diffrow *r);

#endif
