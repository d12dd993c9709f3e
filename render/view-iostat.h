/*
 * The tables and text of `iolens iostat` (render/view-iostat.c): every
 * output of the command is made here from a struct iol_devreport and,
 * with --db, the jobs' weather.
 *
 * Ownership: everything is the caller's and borrowed for the call.
 */
#ifndef IOLENS_VIEW_IOSTAT_H
#define IOLENS_VIEW_IOSTAT_H

#include "population/weather.h"
#include "render/output.h"
#include "storage/devreport.h"

/* which table: the text report (text) or the intervals (machine), or
 * one of the options --intervals ... --jobs */
enum {
	IOSTAT_DEFAULT,
	IOSTAT_INTERVALS,
	IOSTAT_IDLE,
	IOSTAT_BURSTS,
	IOSTAT_TABLE,
	IOSTAT_CDF,
	IOSTAT_SUMMARY,
	IOSTAT_JOBS
};

struct iostat_view {
	const struct iol_devreport *r;
	const struct iol_wjobs *jobs; /* NULL without a store */
	const struct iol_weather *w;  /* NULL without a store */
	const char *db;		      /* the store's path, for the text */
	double idle_pct, burst_pct;   /* the thresholds, for the text */
	int nfiles;		      /* recordings read */
	int table;		      /* IOSTAT_* */
};

/* Write the table (or the text report) v asks for to o. */
void view_iostat(struct out *o, const struct iostat_view *v);
/* The report page of r (render/iostat-report.h) as path, v's thresholds
 * marked, dated *date (NULL: the recording's start, or
 * SOURCE_DATE_EPOCH): 0, or < 0 with err. */
int view_iostat_pdf(const char *path, const struct iol_devreport *r,
		    const struct iostat_view *v, const int64_t *date,
		    struct iol_error *err);

#endif
