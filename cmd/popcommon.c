/*
 * Option handling and store opening shared by the population commands.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "base/banned.h"

const char pop_help[] =
	"  --db file          the population store (iolens ingest)\n"
	"  --where expr       only jobs matching this SQL expression over the\n"
	"                     jobs columns (read-only; ';' is refused)\n"
	"  --format fmt       text (default), csv, tsv or json\n"
	"  -o, --output file  write to file (replaced atomically)\n"
	"  -h, --help         show this help\n"
	"  --version          show the version\n";

static int pop_opts(struct popopts *p, int argc, char **argv,
		    const struct option *longopts, void (*help)(void),
		    int (*extra)(int opt, const char *arg))
{
	int opt, done = 0, r;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, COMMON_SHORTOPTS, longopts,
				  NULL)) != -1) {
		if (opt == 'h') {
			help();
			return EXIT_OK;
		}
		if (opt == OPT_DB || opt == OPT_WHERE) {
			*(opt == OPT_DB ? &p->db : &p->where) = optarg;
			continue;
		}
		r = extra ? extra(opt, optarg) : 0;
		if (r < 0)
			return EXIT_USAGE;
		if (r)
			continue;
		r = copts_handle(&p->c, opt, optarg, &done);
		if (r < 0)
			return EXIT_USAGE;
		if (done)
			return EXIT_OK;
		if (!r)
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
	}
	return -1;
}

static int open_db(struct popopts *p, struct iol_popdb **db)
{
	struct iol_error err = {0};
	struct stat sb;
	int rc;

	if (stat(p->db, &sb) < 0) {
		msg("cannot open '%s': %s", p->db, strerror(errno));
		return -1;
	}
	rc = iol_popdb_open(p->db, db, &err);
	if (rc < 0) {
		msg("cannot open '%s': %s", p->db,
		    err.msg[0] ? err.msg : iol_strerror(rc));
		return -1;
	}
	rc = iol_popdb_check_where(*db, p->where, &err);
	if (rc < 0) {
		usage_error("bad --where: %s", err.msg);
		iol_popdb_close(*db);
		*db = NULL;
		return -2;
	}
	return 0;
}

int pop_start(struct popopts *p, int argc, char **argv,
	      const struct option *longopts, void (*help)(void),
	      int (*extra)(int opt, const char *arg), int nargs, struct out *o,
	      struct iol_popdb **db, int *first)
{
	int rc;

	memset(p, 0, sizeof *p);
	copts_init(&p->c, argv);
	*db = NULL;
	if ((rc = pop_opts(p, argc, argv, longopts, help, extra)) >= 0)
		return rc;
	if (!p->db)
		return usage_error("no --db given");
	if (nargs == 0 && optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	if (nargs > 0 && argc - optind < nargs)
		return usage_error("no log given");
	if (nargs > 0 && argc - optind > nargs)
		return usage_error("unexpected argument '%s'",
				   argv[optind + nargs]);
	*first = optind;
	rc = open_db(p, db);
	if (rc < 0)
		return rc == -2 ? EXIT_USAGE : EXIT_DATA;
	if (o && out_open(o, p->c.outpath, p->c.fmt) < 0) {
		iol_popdb_close(*db);
		*db = NULL;
		return EXIT_DATA;
	}
	return -1;
}

int pop_load(struct popopts *p, struct iol_popdb *db, struct iol_popset *set)
{
	struct iol_error err = {0};
	int rc = iol_popdb_load(db, p->where, set, &err);

	if (rc < 0)
		msg("'%s': %s", p->db, err.msg[0] ? err.msg : iol_strerror(rc));
	return rc;
}
