/*
 * The job report: pages of panels laid out by a template
 * (report-templates, .tmpl files), drawn with Cairo and Pango into a PDF, or
 * into one SVG or PNG file per page.  Every number comes from
 * lib/metrics.c, the same functions `iolens summary` prints.
 *
 * Ownership: everything is owned by the caller; the report keeps no
 * state between calls.
 */
#ifndef IOLENS_REPORT_H
#define IOLENS_REPORT_H

#include "model/job.h"
#include "analysis/metrics.h"
#include "analysis/select.h"

enum { REPORT_PDF, REPORT_SVG, REPORT_PNG };
enum { PAPER_A4, PAPER_LETTER };

struct report_opts {
	int format;		   /* REPORT_* */
	int paper;		   /* PAPER_* */
	const char *template_path; /* NULL: the default template */
	const char *date;	   /* "YYYY-MM-DDTHH:MM:SS" for the PDF */
	struct iol_opts m;	   /* node counting */
	/* paths top files and access spans leave out (analysis/select.h);
	 * NULL: none */
	const struct iol_excl *excl;
	/* a page drawn on the cairo_t cr after the template's (PDF only),
	 * page number pageno; NULL: none */
	void (*extra_page)(void *cr, double pw, double ph, int pageno,
			   void *arg);
	void *extra_arg;
};

/* Draw the report of job to path (PDF) or to path-N.svg/png per page,
 * through temporary files renamed when complete.  Returns 0, or < 0 with
 * a message in err. */
int report_write(const struct iol_job *job, const char *path,
		 const struct report_opts *o, struct iol_error *err);

/* Release Pango's font map, once, before the program exits, so leak
 * checkers see fewer of the font caches. */
void report_cleanup(void);

/* Where the default template is looked for, first that exists. */
const char *report_default_template(void);

#endif
