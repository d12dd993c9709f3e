/*
 * The views of iolens summary (render/view-summary.c).
 */
#ifndef IOLENS_VIEW_SUMMARY_H
#define IOLENS_VIEW_SUMMARY_H

#include "analysis/jobrow.h"
#include "render/output.h"

/* The header of the machine formats: the job-row field names, *ncols of
 * them; the caller frees the vector (NULL when memory ran out). */
const char **view_summary_cols(int *ncols);
/* One machine-format row of the job. */
void view_summary_row(struct out *o, const struct iol_jobrow *r);
/* The text report of the job. */
void view_summary_text(struct out *o, const struct iol_jobrow *r);

#endif
