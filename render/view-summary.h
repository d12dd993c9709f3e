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
/* Start the machine formats' table. */
void view_summary_table(struct out *o);
/* One machine-format row of the job. */
void view_summary_row(struct out *o, const struct iol_jobrow *r);
/* The text report of the job. */
void view_summary_text(struct out *o, const struct iol_jobrow *r);

#endif
