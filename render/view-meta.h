/*
 * The views of iolens meta (render/view-meta.c).
 */
#ifndef IOLENS_VIEW_META_H
#define IOLENS_VIEW_META_H

#include "model/job.h"
#include "analysis/metrics.h"
#include "counters/counters.h"
#include "render/view.h"

/* Machine formats: every figure as a (scope, name, metric, value) row. */
void view_meta_rows(struct out *o, const char *log, const struct iol_job *job,
		    const struct iol_meta *mt);
/* Text: the job's metadata report, log its title. */
void view_meta_text(struct out *o, const char *log, const struct iol_job *job,
		    const struct iol_meta *mt);
/* machine formats: one table of (scope, name, metric, value) rows */
extern const struct iol_view iol_view_meta;

#endif
