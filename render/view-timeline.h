/*
 * The views of iolens timeline (render/view-timeline.c).
 */
#ifndef IOLENS_VIEW_TIMELINE_H
#define IOLENS_VIEW_TIMELINE_H

#include "analysis/phases.h"
#include "analysis/metrics.h"
#include "model/job.h"
#include "render/view.h"

/* What the timeline uses instead of the layer --layer asked for, for a
 * note (text) or a warning (machine formats, whose source column names
 * what was used); NULL when it uses that layer or none was asked. */
const char *view_timeline_layer_note(const struct iol_job *job, int layer);
/* Machine formats: the job's intervals (DXT segments or timestamps),
 * the table's header first when *first (then cleared); 0, or -1 with err
 * set. */
int view_timeline_intervals(struct out *o, const char *log,
			    const struct iol_job *job, int src, int layer,
			    int *first, struct iol_error *err);
/* The phases of the job: text the chart and the phases (width columns,
 * 0: what fits); the machine formats --phases' rows, the table's header
 * first when *first (then cleared). */
void view_timeline_phases(struct out *o, const char *log,
			  const struct iol_job *job,
			  const struct iol_phases *ph, size_t width, int layer,
			  int *first);
/* Text: the job as view_timeline_phases prints it, its phases and chart
 * from one pass over the segments; -1 with err set when the phases
 * cannot be computed (nothing printed). */
int view_timeline_text_job(struct out *o, const char *log,
			   const struct iol_job *job, size_t width, int layer,
			   struct iol_error *err);
/* The machine formats' tables: intervals, --phases, --bins. */
extern const struct iol_view iol_view_timeline, iol_view_timeline_phases,
	iol_view_timeline_bins;

/* --bins: the rank x time matrix, a row per rank and bin (text: the bins
 * with bytes); *first: the machine table's header is still due.  0, or
 * -1 with err set. */
int view_timeline_matrix(struct out *o, const char *log,
			 const struct iol_job *job, int layer, int64_t bins,
			 int *first, struct iol_error *err);

#endif
