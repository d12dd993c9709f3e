/*
 * iolens population-report: the population of a store as a multi-page
 * PDF (render/popreport.h).  The PDF's date is SOURCE_DATE_EPOCH when set,
 * else the latest job start in the store, so the same store gives the
 * same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "population/popreport-data.h"
#include "render/popreport.h"
#include "render/report.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens population-report --db file [--where expr] "
	"--output file\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nThe population as a PDF: at a glance, Fig. 3 (strategy by "
	       "job size),\n"
	       "Fig. 4 (share of bytes per app), Fig. 5 (files written by "
	       "size), Fig. 10\n"
	       "(access-size CDF), Fig. 11 (MiB/s/CN box plots), Table VI per "
	       "app and\n"
	       "project, Table IV, bytes over time and the outliers of "
	       "context.\n\n"
	       "  --db file          the population store (iolens ingest)\n"
	       "  --where expr       only jobs matching this SQL expression\n"
	       "  -o, --output file  the PDF to write (replaced atomically)\n"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n");
}

/* SOURCE_DATE_EPOCH, else the latest job start: the same store gives
 * the same bytes. */
static void pdf_date(const struct iol_popset *set, char *buf, size_t n)
{
	time_t t = (time_t)source_date((int64_t)iol_popset_last_start(set));
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		snprintf(buf, n, "1970-01-01T00:00:00");
	else
		strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
}

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
		msg("'%s': %s", p->db, err.msg[0] ? err.msg : iol_strerror(rc));
	return -1;
}

int cmd_population_report(int argc, char **argv)
{
	static const struct option longopts[] = {POP_LONGOPTS,
						 {NULL, 0, NULL, 0}};
	struct iol_error err = {0};
	struct iol_popreport_data d;
	struct iol_popdb *db;
	struct popopts p;
	char date[32];
	int rc, first;

	rc = pop_start(&p, argc, argv, longopts, help, NULL, 0, NULL, &db,
		       &first);
	if (rc >= 0)
		return rc;
	if (!p.c.outpath) {
		iol_popdb_close(db);
		return usage_error("no --output given");
	}
	rc = load(&p, db, &d);
	iol_popdb_close(db);
	if (rc < 0)
		return EXIT_DATA;
	pdf_date(&d.set, date, sizeof date);
	rc = popreport_write(&d.set, p.db, &d.tri, d.ctx, p.c.outpath, date,
			     &err);
	if (rc < 0)
		msg("%s", err.msg[0] ? err.msg : iol_strerror(rc));
	iol_popreport_data_free(&d);
	report_cleanup();
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}
