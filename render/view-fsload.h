/*
 * The tables of iolens fsload (render/view-fsload.c): the rows written
 * through its views (declared in render/views.h).
 */
#ifndef IOLENS_VIEW_FSLOAD_H
#define IOLENS_VIEW_FSLOAD_H

#include "render/views.h"
#include "storage/fsload.h"
#include "population/fsweather.h"

/* fsname names the whole file system's row ("" : "all") */
void fsload_targets(struct out *o, const struct iol_fsload *l,
		    const char *fsname);
void fsload_ops(struct out *o, const struct iol_fsload *l);
void fsload_periods(struct out *o, const struct iol_fsload *l);
void fsload_intervals(struct out *o, const struct iol_fsload *l);
/* a row per job (all: every job of the store, else those whose run
 * meets the recording) */
void fsload_jobs(struct out *o, const struct iol_wjobs *jobs,
		 const struct iol_fsjob *fj, int all);
/* Free text: the window, the whole file system, the imbalance. */
void fsload_text_head(struct out *o, const struct iol_fsload *l,
		      const char *fsname, const char *formats);

/* ISO 8601 UTC of epoch seconds into buf */
const char *fsload_iso(char *buf, size_t n, double t);

#endif
