/*
 * The job workbook written with libxlsxwriter (lib/report/xlsx.c).
 */
#ifndef IOLENS_XLSX_H
#define IOLENS_XLSX_H

#include <time.h>

#include "model/job.h"
#include "analysis/metrics.h"

/* Write jobs to path (through a temporary file renamed when complete);
 * created pins the document's date.  Returns 0 or < 0 with err. */
int xlsx_write(struct iol_job *const *jobs, int njobs, const char *path,
	       const struct iol_opts *o, time_t created, struct iol_error *err);

#endif
