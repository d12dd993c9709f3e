/*
 * The views of iolens meta (render/view-meta.c).
 */
#ifndef IOLENS_VIEW_META_H
#define IOLENS_VIEW_META_H

#include "model/job.h"
#include "analysis/metrics.h"
#include "counters/counters.h"
#include "render/view.h"

/* The machine formats' one table for every log (text: nothing). */
void view_meta_begin(struct out *o);
/* One log's figures: text the job's metadata report under log as title;
 * the machine formats every figure as a (scope, name, metric, value)
 * row. */
void view_meta(struct out *o, const char *log, const struct iol_job *job,
	       const struct iol_meta *mt);
/* The end of view_meta_begin()'s table. */
void view_meta_end(struct out *o);
/* machine formats: one table of (scope, name, metric, value) rows */
extern const struct iol_view iol_view_meta;

#endif
