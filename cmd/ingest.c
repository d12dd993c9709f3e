/*
 * iolens ingest: add jobs to a population store.  The run is the
 * library's (population/ingest.h: the walk, the store's lookups, rows
 * written in walk order whatever -j or the number of ranks); the command
 * chooses its executor (threads, or the MPI ranks of
 * population/ingest-mpi.h), draws the progress and says what the run
 * says.
 */
#define _DEFAULT_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/siteconf.h"
#include "cmd/util.h"
#include "population/ingest-mpi.h"
#include "render/progress.h"
#include "render/view-ingest.h"
#include "base/mpi.h"
#include "base/version.h"
#include "base/banned.h"

enum {
	OPT_DB = 2000,
	OPT_REFRESH,
	OPT_SHARD,
	OPT_USERS,
	OPT_PROJECTS,
	OPT_SACCT,
	OPT_FSLOAD
};
enum { MAX_SACCT = 64 };

struct ingest {
	struct iol_ingest run;
	int nthreads;
	const char *users_path, *projects_path;
	const char *sacct[MAX_SACCT], *fsload[MAX_SACCT];
	int nsacct, nfsload;
	struct iol_popmap users, projects;
	struct iol_popctx ctx;
	double t0, last_draw;
	int tty;
};

/* ---- what the run says (a terminal's bar cleared first) ---- */

static void say(void *arg, const char *text)
{
	struct ingest *c = arg;

	if (c->tty)
		progress_clear(stderr);
	msg("%s", text);
}

static void draw(void *arg, const struct iol_ingest *g, int force)
{
	struct ingest *c = arg;
	double t = progress_now();

	if (!c->tty || (!force && t - c->last_draw < 0.2))
		return;
	if (!c->t0) /* the first log is done: the rate counts from here */
		c->t0 = t;
	c->last_draw = t;
	/* the logs written or skipped, not those still decoding: the ETA
	 * of logs only handed out would be 0:00:00 while they decode */
	progress_bar(stderr, "logs", g->seen - g->inflight, g->total,
		     t - c->t0);
}

static int parse_opts(struct ingest *g, int argc, char **argv)
{
	static const struct option lo[] = {
		{"db", required_argument, NULL, OPT_DB},
		{"fsload", required_argument, NULL, OPT_FSLOAD},
		{"help", no_argument, NULL, 'h'},
		{"jobs", required_argument, NULL, 'j'},
		{"nodes", required_argument, NULL, OPT_NODES},
		{"procs-per-node", required_argument, NULL, OPT_PPN},
		{"projects", required_argument, NULL, OPT_PROJECTS},
		{"refresh", optional_argument, NULL, OPT_REFRESH},
		{"sacct", required_argument, NULL, OPT_SACCT},
		{"shard", required_argument, NULL, OPT_SHARD},
		{"users", required_argument, NULL, OPT_USERS},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	const struct iol_siteconf *site;
	int64_t v;
	int c;

	while ((c = getopt_long(argc, argv, ":hj:", lo, NULL)) != -1) {
		switch (c) {
		case 'h': return cmd_help(NULL);
		case OPT_VERSION:
			puts("iolens " IOLENS_VERSION);
			return EXIT_OK;
		case OPT_DB: g->run.db = optarg; break;
		case 'j':
			if (iol_parse_count(optarg, &v) < 0 || v > 1024)
				return usage_error(
					"--jobs wants a count from 1 "
					"to 1024, not '%s'",
					optarg);
			g->nthreads = (int)v;
			break;
		case OPT_REFRESH:
			if (optarg && strcmp(optarg, "all"))
				return usage_error("--refresh takes no value "
						   "or 'all', not '%s'",
						   optarg);
			g->run.refresh = optarg ? 2 : 1;
			break;
		case OPT_SHARD:
			if (iol_ingest_shard(&g->run, optarg) < 0)
				return usage_error("--shard wants k/n with 0 "
						   "<= k < n, not '%s'",
						   optarg);
			break;
		case OPT_NODES:
		case OPT_PPN:
			if (iol_parse_count(optarg, &v) < 0)
				return usage_error("%s wants a positive count, "
						   "not '%s'",
						   c == OPT_NODES
							   ? "--nodes"
							   : "--procs-per-node",
						   optarg);
			*(c == OPT_NODES ? &g->ctx.nodes.nodes
					 : &g->ctx.nodes.ppn) = v;
			break;
		case OPT_USERS: g->users_path = optarg; break;
		case OPT_PROJECTS: g->projects_path = optarg; break;
		case OPT_SACCT:
			if (g->nsacct == MAX_SACCT)
				return usage_error("at most %d --sacct files",
						   MAX_SACCT);
			g->sacct[g->nsacct++] = optarg;
			break;
		case OPT_FSLOAD:
			if (g->nfsload == MAX_SACCT)
				return usage_error("at most %d --fsload "
						   "recordings",
						   MAX_SACCT);
			g->fsload[g->nfsload++] = optarg;
			break;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	/* the site's store and processes per node (iolens config) */
	if (!(site = site_config()))
		return EXIT_DATA;
	if (!g->run.db)
		g->run.db = iol_siteconf_get(site, "db", NULL);
	g->ctx.nodes.site_ppn = iol_siteconf_ppn(site, NULL, NULL);
	if (!g->run.db)
		return usage_error("--db file is required (or db in the site "
				   "configuration: iolens config)");
	if (optind >= argc && !g->nsacct && !g->nfsload)
		return usage_error("no log or directory given");
	return -1;
}

/* ---- the run ---- */

/* what stops one rank stops the job: said, then every rank ended */
static void mpi_die(const char *text)
{
	msg("%s", text);
	iol_mpi_abort(EXIT_DATA);
}

/* The scheduler's files, then the join of every row not joined yet
 * (all rows after new accounting): 0 or -1 said. */
static int sched(struct ingest *g)
{
	struct iol_sacct p;
	int64_t joined = 0;
	int bad = 0, i, rc;

	for (i = 0; i < g->nsacct; i++) {
		rc = iol_ingest_sacct(&g->run, g->sacct[i], &p);
		bad |= rc != 0;
		if (rc >= 0)
			view_ingest_sacct(stdout, g->sacct[i], &p);
	}
	if (iol_ingest_join(&g->run, &joined) < 0)
		return -1;
	/* no count of a join that had no accounting to join to */
	if (g->run.sacct_ok || joined)
		view_ingest_joined(stdout, joined);
	return bad ? -1 : 0;
}

static int run(struct ingest *g, int argc, char **argv, int first)
{
	struct iol_ingest *r = &g->run;
	struct iol_error err = {0, 0, ""};
	int bad, sbad;

	if (iol_ingest_open(r, &err) < 0) {
		msg("cannot open '%s': %s", r->db, err.msg);
		r->ex->stop(r->ex);
		return EXIT_DATA;
	}
	r->count_first = g->tty = isatty(2);
	r->ctx = &g->ctx;
	r->hooks = (struct iol_ingest_hooks){say, draw, g};
	bad = iol_ingest_run(r, argv + first, argc - first);
	if (g->tty)
		progress_clear(stderr);
	if (first < argc && bad >= 0)
		view_ingest_counts(stdout, r);
	sbad = r->dberror ? 0 : sched(g);
	for (int i = 0; i < g->nfsload && !r->dberror; i++) {
		struct iol_fsput fp;

		if (iol_ingest_fsload(r, g->fsload[i], &fp) < 0)
			sbad = 1;
		else
			view_ingest_fsload(stdout, g->fsload[i], &fp);
	}
	iol_ingest_close(r);
	return r->dberror || bad || sbad || r->failed ? EXIT_DATA : EXIT_OK;
}

int cmd_ingest(int argc, char **argv)
{
	struct iol_error err = {0, 0, ""};
	const char *bad = NULL;
	struct ingest g;
	int rc, mpi, rank = 0, size = 1;

	memset(&g, 0, sizeof(g));
	mpi = iol_mpi_begin(&argc, &argv, &rank, &size);
	rc = parse_opts(&g, argc, argv);
	if (rc < 0 &&
	    iol_ingest_maps(&g.ctx, &g.users, g.users_path, &g.projects,
			    g.projects_path, &bad, &err) < 0) {
		msg("cannot read '%s': %s", bad, err.msg);
		rc = EXIT_DATA;
	}
	if (rc < 0 && mpi && rank > 0) {
		iol_ingest_mpi_decoder(&g.ctx, mpi_die);
		rc = EXIT_OK;
	} else if (rc < 0) {
		g.run.ex = mpi ? iol_ingest_mpi(size, mpi_die)
			       : iol_ingest_threads(g.nthreads, &g.ctx, &err);
		if (!g.run.ex) {
			msg("%s", err.msg);
			rc = EXIT_DATA;
		} else
			rc = run(&g, argc, argv, optind);
	}
	iol_popmap_free(&g.users);
	iol_popmap_free(&g.projects);
	iol_mpi_end();
	return rc;
}
