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
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cli/siteconf.h"
#include "cmd/util.h"
#include "population/ingest-mpi.h"
#include "render/progress.h"
#include "render/view-ingest.h"
#include "base/mpi.h"
#include "base/banned.h"

struct ingest {
	struct iol_ingest run;
	int nthreads;
	const char *users_path, *projects_path;
	struct cmd_list sacct, fsload;
	struct iol_popmap users, projects;
	struct iol_popctx ctx;
	struct progress_tick tick;
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

	if (c->tty)
		view_ingest_progress(&c->tick, g, force);
}

static int refresh(void *base, const char *arg)
{
	struct ingest *g = base;

	if (arg && strcmp(arg, "all"))
		return -1;
	g->run.refresh = arg ? 2 : 1;
	return 0;
}

static int shard(void *base, const char *arg)
{
	struct ingest *g = base;

	return iol_ingest_shard(&g->run, arg);
}

#define AT(m) .off = offsetof(struct ingest, m)
static const struct cmd_opt options[] = {
	{"db", CO_STR, AT(run.db)},
	{"fsload", CO_LIST, AT(fsload), "at most %d --fsload recordings",
	 .hi = CMD_LIST_MAX},
	{"jobs", CO_INT, AT(nthreads), "a count from 1 to 1024", 1, 1024,
	 .letter = 'j'},
	{"nodes", CO_COUNT, AT(ctx.nodes.nodes)},
	{"procs-per-node", CO_COUNT, AT(ctx.nodes.ppn)},
	{"projects", CO_STR, AT(projects_path)},
	{"refresh", CO_CALL | CO_OPTIONAL, .fn = refresh,
	 .want = "--refresh takes no value or 'all', not '%s'"},
	{"sacct", CO_LIST, AT(sacct), "at most %d --sacct files",
	 .hi = CMD_LIST_MAX},
	{"shard", CO_CALL, .fn = shard, .want = "k/n with 0 <= k < n"},
	{"users", CO_STR, AT(users_path)},
	CO_END,
};

static int parse_opts(struct ingest *g, int argc, char **argv)
{
	const struct cmd_optset sets[] = {
		{options, g, 0},
		{copts_table, NULL, COPT_HELP | COPT_VERSION},
	};
	const struct iol_siteconf *site;
	int rc = cmd_opts_parse(argc, argv, sets, 2, 0);

	if (rc >= 0)
		return rc;
	/* the site's store and processes per node (iolens config) */
	if (!(site = site_config()))
		return EXIT_DATA;
	if (!g->run.db)
		g->run.db = iol_siteconf_get(site, "db", NULL);
	g->ctx.nodes.site_ppn = iol_siteconf_ppn(site, NULL, NULL);
	if (!g->run.db)
		return usage_error("--db file is required (or db in the site "
				   "configuration: iolens config)");
	if (optind >= argc && !g->sacct.n && !g->fsload.n)
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

	for (i = 0; i < g->sacct.n; i++) {
		rc = iol_ingest_sacct(&g->run, g->sacct.v[i], &p);
		bad |= rc != 0;
		if (rc >= 0)
			view_ingest_sacct(stdout, g->sacct.v[i], &p);
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
	for (int i = 0; i < g->fsload.n && !r->dberror; i++) {
		struct iol_fsput fp;

		if (iol_ingest_fsload(r, g->fsload.v[i], &fp) < 0)
			sbad = 1;
		else
			view_ingest_fsload(stdout, g->fsload.v[i], &fp);
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
