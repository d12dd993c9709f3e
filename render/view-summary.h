/*
 * The views of iolens summary (render/view-summary.c).
 */
#ifndef IOLENS_VIEW_SUMMARY_H
#define IOLENS_VIEW_SUMMARY_H

#include "analysis/jobrow.h"
#include "render/view.h"

/* The machine formats' view: the job-row fields (analysis/jobrow.h),
 * described from their labels and units by iol_view_summary_init(). */
extern struct iol_view iol_view_summary;
void iol_view_summary_init(void);
/* One job: text its report; the machine formats a row of the one table
 * for every log, begun by the first (*started 0, then set). */
void view_summary(struct out *o, const struct iol_jobrow *r, int *started);
/* The end of the machine formats' table, when one was started. */
void view_summary_end(struct out *o, int started);

#endif
