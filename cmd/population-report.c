/*
 * iolens population-report: the population of a store as a multi-page
 * PDF (render/popreport.h).  The PDF's date is SOURCE_DATE_EPOCH when set,
 * else the latest job start in the store, so the same store gives the
 * same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "population/popreport-data.h"
#include "render/popreport.h"
#include "render/report.h"
#include "render/view-report.h"
#include "base/banned.h"

/* The rows, their context and the triage (population/popreport-data.h);
 * -1 with the message printed. */
static int load(struct popopts *p, struct iol_popdb *db,
		struct iol_popreport_data *d)
{
	struct iol_error err = {0};
	int stage,
		rc = iol_popreport_load(db, p->db, p->where, d, &stage, &err);

	if (rc == 0)
		return 0;
	if (stage == IOL_POPREP_EMPTY)
		pop_none(p);
	else if (stage == IOL_POPREP_PATHS && rc == IOL_ENOMEM && !err.msg[0])
		msg("out of memory");
	else
		msg_store(p->db, rc, &err);
	return -1;
}

int cmd_population_report(int argc, char **argv)
{
	struct iol_error err = {0};
	struct iol_popreport_data d;
	struct iol_popdb *db;
	struct popopts p;
	char date[32];
	int rc, first;

	/* a PDF or an HTML page: no trace read, no text to fit */
	rc = pop_begin(&p, argc, argv, (struct cmd_optset){NULL, NULL, 0},
		       POPT_DB | COPTS_OUT, 0, NULL, &db, &first);
	if (rc >= 0)
		return rc;
	if (!p.c.outpath) {
		iol_popdb_close(db);
		return usage_error("no --output given");
	}
	/* one self-contained page, by the server module (serve/export.c) */
	if (p.c.outf == OUTF_HTML) {
		iol_popdb_close(db);
		if (!strcmp(p.c.outpath, "-"))
			return usage_error("html: --output names the file");
		return serve_pop_html(p.db, p.where, p.c.outpath);
	}
	rc = load(&p, db, &d);
	iol_popdb_close(db);
	if (rc < 0)
		return EXIT_DATA;
	/* SOURCE_DATE_EPOCH, else the latest job start: the same store
	 * gives the same bytes */
	if (view_report_date(date, sizeof date,
			     iol_source_date((int64_t)iol_popset_last_start(
				     &d.set))) < 0)
		snprintf(date, sizeof date, "1970-01-01T00:00:00");
	rc = popreport_write(&d.set, p.db, &d.tri, d.out, p.c.outpath, date,
			     &err);
	if (rc < 0)
		msg("%s", iol_error_text(&err, rc));
	iol_popreport_data_free(&d);
	report_cleanup();
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}
