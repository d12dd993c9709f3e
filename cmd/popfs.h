/* context --fsload (cmd/popfs.c). */
#ifndef IOLENS_POPFS_H
#define IOLENS_POPFS_H

#include "cmd/popcommon.h"
#include "population/fsweather.h"

/* Job j in the weather of the file-system telemetry recs, or with none
 * the telemetry the store db keeps (ingest --fsload) around its run: 0,
 * 1 when the store keeps none there (nothing said), or -1 with the
 * message printed. */
int pop_fsweather(const char *const *recs, int nrecs, const char *db,
		  const struct iol_popjob *j, struct iol_fsjob *out);
/* Text: two lines of prose; the machine formats: a table of one row. */
void pop_print_fsweather(struct out *o, const char *log,
			 const struct iol_fsjob *f);

#endif
