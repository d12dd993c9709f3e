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

/* the tables of iolens fsload: --ops, --periods, --intervals, --jobs,
 * else the targets (in text, with the others after them) */
enum {
	FSLOAD_TARGETS,
	FSLOAD_OPS,
	FSLOAD_PERIODS,
	FSLOAD_INTERVALS,
	FSLOAD_JOBS
};
struct iol_fsmon;
/* The table chosen of l (the recording m); in text the targets come
 * with the free text, the operations, the periods and, with fj, the
 * jobs of the store db (NULL: none) */
void view_fsload(struct out *o, int table, const struct iol_fsmon *m,
		 const struct iol_fsload *l, const struct iol_wjobs *jobs,
		 const struct iol_fsjob *fj, const char *db);

/* The page of l as path: the whole file system's throughput, drawn as
 * iostat draws a device's (render/iostat-report.h), dated by the
 * recording's start (or SOURCE_DATE_EPOCH): 0, or < 0 with err. */
int view_fsload_pdf(const char *path, const struct iol_fsmon *m,
		    const struct iol_fsload *l, struct iol_error *err);

/* ISO 8601 UTC of epoch seconds into buf */
const char *fsload_iso(char *buf, size_t n, double t);

#endif
