/*
 * The population report: a multi-page PDF over the jobs of a store, in
 * the job report's style (render/chart.h): the population at a glance,
 * Figs. 3, 4, 5, 10 and 11 of Carns et al., Table VI per app (and
 * project), Table IV, bytes over time and the outliers of `context`.
 * Every number comes from population/popan.h over the stored job rows.
 *
 * Ownership: everything is the caller's; nothing is kept between calls.
 */
#ifndef IOLENS_POPREPORT_H
#define IOLENS_POPREPORT_H

#include "base/error.h"
#include "population/popan.h"
#include "population/poptriage.h"
#include "population/fsweather.h"
#include "population/weather.h"

/* Write the report of set (read from the store at dbpath) to path through
 * a temporary file renamed when complete; date "YYYY-MM-DDTHH:MM:SS"
 * stamps the PDF; tri (NULL: no page) is the population triage of the
 * same jobs, drawn as the page "Who to call first"; out (NULL: computed
 * here) is iol_pop_outtab() of set, the outliers table (a caller may
 * compute it while the triage pass runs).  Returns 0 or < 0 with a
 * message in err. */
int popreport_write(const struct iol_popset *set, const char *dbpath,
		    const struct iol_poptri *tri,
		    const struct iol_popouttab *out, const char *path,
		    const char *date, struct iol_error *err);

/* The context page a job report ends with (`iolens report --db`): the
 * job's metrics as dots over box plots of the earlier jobs.  A
 * report_opts.extra_page callback; arg is a struct popreport_ctxpage. */
struct popreport_ctxpage {
	const char *dbpath;
	struct iol_popctx ctx;
	int has_weather; /* report --iostat: the job's I/O weather */
	struct iol_wjobw weather;
	/* with the store's or --fsload's file-system telemetry around the
	 * run: the file system's weather, as context prints it */
	int has_fsweather;
	struct iol_fsjob fsweather;
};
void popreport_context_page(void *cr, double pw, double ph, int pageno,
			    void *arg);

#endif
