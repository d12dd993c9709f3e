/*
 * iolens ingest: add jobs to a population store.  One loop walks the
 * arguments in a fixed order (directories recursively, names sorted),
 * skips what the store already has by path, size and mtime without
 * reading it, and hands the rest to decoders (threads, or MPI ranks); the
 * same loop writes the decoded rows back in walk order, so the store is
 * the same whatever -j or the number of ranks.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/ingest.h"
#include "cmd/siteconf.h"
#include "cmd/util.h"
#include "base/hash.h"
#include "base/version.h"
#include "population/store.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens ingest --db file [--jobs n] [--nodes n]\n"
	"                     [--procs-per-node n] [--projects file]\n"
	"                     [--refresh[=all]] [--sacct file] [--shard k/n]\n"
	"                     [--users file] [log|dir|@listfile ...]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nAdd jobs to a population store (SQLite): one row per "
	       "log with its\n"
	       "summary columns.  Directories are walked recursively for "
	       "*.darshan\n"
	       "files; logs already stored with the same path, size and "
	       "mtime are\n"
	       "skipped unread.  A log that fails is stored in the errors "
	       "table.\n\n"
	       "  --db file          the store (created if missing); default: "
	       "db of the\n"
	       "                     site configuration (iolens config)\n"
	       "  -j, --jobs n       decode in n threads (default: all "
	       "cores)\n"
	       "  --nodes n          every job ran on n compute nodes\n"
	       "  --procs-per-node n\n"
	       "                     n processes per node: nodes = nprocs / n, "
	       "rounded up\n"
	       "  --projects file    lines 'user-or-uid project'\n"
	       "  --refresh          re-ingest logs stored by another iolens "
	       "version;\n"
	       "                     --refresh=all: every log\n"
	       "  --sacct file       the scheduler's accounting, Slurm's "
	       "sacct -P output\n"
	       "                     (JobID, JobIDRaw, User, Account, NNodes, "
	       "NCPUS,\n"
	       "                     Elapsed, Start, End, State): joined to "
	       "the jobs by\n"
	       "                     job id for node counts, projects and "
	       "coverage\n"
	       "                     (repeatable; logs may then be left out)\n"
	       "  --shard k/n        take only the k-th of n parts (k from 0 "
	       "to n-1)\n"
	       "  --users file       lines 'uid name'\n"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n");
}

enum {
	OPT_DB = 2000,
	OPT_REFRESH,
	OPT_SHARD,
	OPT_USERS,
	OPT_PROJECTS,
	OPT_SACCT
};
enum { MAX_SACCT = 64 };

struct ingest {
	const char *db;
	int nthreads, refresh; /* refresh: 1 other versions, 2 all */
	int64_t shard_k, shard_n;
	const char *users_path, *projects_path;
	const char *sacct[MAX_SACCT];
	int nsacct, sacct_ok; /* given; read whole, with a header */
	struct iol_popmap users, projects;
	struct iol_popctx ctx;
	struct iol_store *st;
	struct executor *ex;
	struct item **slot; /* reorder buffer, cap slots by seq */
	int64_t next_seq, next_write, inflight;
	/* counts */
	int64_t seen, total, added, updated, unchanged, failed, known_bad;
	double t0, last_draw, last_commit;
	int tty, dberror, counting;
};

struct item *item_new(int64_t seq, const char *path, int64_t size,
		      int64_t mtime_ns)
{
	struct item *it = xcalloc(1, sizeof(*it));

	it->seq = seq;
	it->path = xstrdup(path);
	it->size = size;
	it->mtime_ns = mtime_ns;
	return it;
}

void item_free(struct item *it)
{
	iol_poprow_free(&it->row);
	free(it->path);
	free(it);
}

void item_decode(struct item *it, const struct iol_popctx *ctx)
{
	struct iol_popfile f = {it->path, it->size, it->mtime_ns};

	if (iol_poprow_build(&it->row, &f, ctx, NULL) < 0 &&
	    iol_poprow_error(&it->row, &f, "out of memory") < 0) {
		msg("out of memory");
		exit(EXIT_DATA);
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- progress (a terminal only) ---- */

static void draw(struct ingest *g, int force)
{
	/* the logs written or skipped, not those still decoding: the ETA
	 * of logs only handed out would be 0:00:00 while they decode */
	int64_t done = g->seen - g->inflight;
	double t = now(), el = t - g->t0, rate;
	char eta[32] = "";
	int w = 24, fill;

	if (!g->tty || (!force && t - g->last_draw < 0.2))
		return;
	g->last_draw = t;
	rate = el > 0 ? (double)done / el : 0;
	if (g->total > 0 && rate > 0 && done < g->total) {
		/* rounded up: never 0:00:00 while a log is left */
		long s = (long)ceil((double)(g->total - done) / rate);

		snprintf(eta, sizeof(eta), "  ETA %ld:%02ld:%02ld", s / 3600,
			 s / 60 % 60, s % 60);
	}
	fill = g->total > 0 ? (int)((double)w * (double)done / (double)g->total)
			    : 0;
	if (fill > w)
		fill = w;
	fprintf(stderr, "\r[%.*s%*s] %lld/%lld logs  %.0f logs/s%s\033[K", fill,
		"########################", w - fill, "", (long long)done,
		(long long)g->total, rate, eta);
}

static void clear_bar(struct ingest *g)
{
	if (g->tty)
		fputs("\r\033[K", stderr);
}

/* ---- writing ---- */

static void warn_row(struct ingest *g, const struct item *it)
{
	struct iol_popval v;
	size_t pos = 0;
	int i;

	for (i = 0; i < 4 && iol_poprow_next(&it->row, &pos, &v) > 0; i++)
		;
	clear_bar(g);
	if (i == 4 && v.tag == IOL_VAL_TEXT)
		msg("cannot read '%s': %.*s", it->path, (int)v.len, v.s);
	else
		msg("cannot read '%s'", it->path);
}

/* A log cut short: its row names the modules the cut lost (the column
 * lost_modules); say so, as every command that reads such a log does. */
static void warn_lost(struct ingest *g, const struct item *it)
{
	static size_t col = SIZE_MAX;
	struct iol_popval v = {0};
	size_t pos = 0, i, n;

	if (col == SIZE_MAX) {
		const struct iol_popcol *c = iol_pop_columns(&n);

		for (col = 0; col < n && strcmp(c[col].name, "lost_modules");
		     col++)
			;
	}
	for (i = 0; i <= col && iol_poprow_next(&it->row, &pos, &v) > 0; i++)
		;
	if (i == col + 1 && v.tag == IOL_VAL_TEXT && v.len) {
		clear_bar(g);
		msg("warning: '%s': log cut: the records of %.*s are left out "
		    "(the file ends in their regions)",
		    it->path, (int)v.len, v.s);
	}
}

static void write_item(struct ingest *g, struct item *it)
{
	struct iol_error err = {0, 0, ""};
	double t;

	if (iol_poprow_kind(&it->row) == IOL_ROW_ERROR) {
		warn_row(g, it);
		g->failed++;
	} else if (it->stored) {
		warn_lost(g, it);
		g->updated++;
	} else {
		warn_lost(g, it);
		g->added++;
	}
	if (!g->dberror && iol_store_put(g->st, &it->row, &err) < 0) {
		clear_bar(g);
		msg("%s: %s", g->db, err.msg);
		g->dberror = 1;
	}
	t = now();
	if (t - g->last_commit > 5) {
		g->last_commit = t;
		if (!g->dberror && iol_store_commit(g->st, &err) < 0) {
			msg("%s: %s", g->db, err.msg);
			g->dberror = 1;
		}
	}
	item_free(it);
}

/* wait for one decoded item; write every item now due, in order */
static void drain_one(struct ingest *g)
{
	struct item *it = g->ex->wait(g->ex);
	int cap = g->ex->cap;

	g->slot[it->seq % cap] = it;
	while (g->next_write < g->next_seq &&
	       (it = g->slot[g->next_write % cap]) != NULL) {
		g->slot[g->next_write % cap] = NULL;
		g->next_write++;
		g->inflight--;
		write_item(g, it);
		draw(g, 0);
	}
}

/* ---- one file found by the walk ---- */

static int want(const struct ingest *g, int state)
{
	switch (state) {
	case IOL_STORE_NEW: return 1;
	case IOL_STORE_OLDVER:
	case IOL_STORE_FAILOLD: return g->refresh >= 1;
	default: return g->refresh >= 2;
	}
}

static void on_file(struct ingest *g, const char *path, const char *rel,
		    const struct stat *sb)
{
	struct iol_error err = {0, 0, ""};
	struct item *it;
	int64_t mt;
	int state;

	if (g->shard_n > 1 &&
	    (int64_t)(iol_hash_str(rel) % (uint64_t)g->shard_n) != g->shard_k)
		return;
	if (g->counting) {
		g->total++;
		return;
	}
	g->seen++;
	if (g->dberror)
		return;
	mt = (int64_t)sb->st_mtim.tv_sec * 1000000000LL + sb->st_mtim.tv_nsec;
	state = iol_store_lookup(g->st, path, (int64_t)sb->st_size, mt, &err);
	if (state < 0) {
		msg("%s: %s", g->db, err.msg);
		g->dberror = 1;
		return;
	}
	if (!want(g, state)) {
		if (state == IOL_STORE_FAILED || state == IOL_STORE_FAILOLD)
			g->known_bad++;
		else
			g->unchanged++;
		draw(g, 0);
		return;
	}
	while (g->inflight >= g->ex->cap)
		drain_one(g);
	it = item_new(g->next_seq++, path, (int64_t)sb->st_size, mt);
	it->stored = state == IOL_STORE_OLDVER || state == IOL_STORE_SAME;
	g->inflight++;
	g->ex->submit(g->ex, it);
}

/* ---- the walk ---- */

struct dent {
	char *name;
	unsigned char type;
};

static int cmp_dent(const void *a, const void *b)
{
	return strcmp(((const struct dent *)a)->name,
		      ((const struct dent *)b)->name);
}

static int is_log_name(const char *name)
{
	size_t n = strlen(name);

	return n > 8 && !strcmp(name + n - 8, ".darshan");
}

static struct dent *read_dir(const char *path, size_t *n, int quiet)
{
	DIR *d = opendir(path);
	struct dirent *e;
	struct dent *v = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		if (!quiet)
			msg("cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[*n].name = xstrdup(e->d_name);
		v[(*n)++].type = e->d_type;
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_dent);
	return v;
}

/* hand the logs under path to on_file; rel: where the part of the path
 * below the argument starts (what --shard hashes) */
static void walk_dir(struct ingest *g, char *path, size_t len, size_t rel)
{
	struct dent *v;
	size_t n, i;

	v = read_dir(path, &n, g->counting);
	for (i = 0; i < n; i++) {
		size_t l = strlen(v[i].name);
		struct stat sb;
		int type = v[i].type;

		if (len + 1 + l >= PATH_MAX)
			continue;
		path[len] = '/';
		memcpy(path + len + 1, v[i].name, l + 1);
		if (type == DT_UNKNOWN)
			type = lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode)
				       ? DT_DIR
				       : DT_REG;
		if (type == DT_DIR)
			walk_dir(g, path, len + 1 + l, rel);
		else if ((type == DT_REG || type == DT_LNK) &&
			 is_log_name(v[i].name)) {
			if (g->counting)
				on_file(g, path, path + rel, NULL);
			else if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
				on_file(g, path, path + rel, &sb);
		}
		free(v[i].name);
	}
	path[len] = '\0';
	free(v);
}

/* one argument: a log or a directory, made absolute */
static int walk_arg(struct ingest *g, const char *arg)
{
	char path[PATH_MAX];
	const char *base;
	struct stat sb;

	if (!realpath(arg, path) || stat(path, &sb) < 0) {
		if (!g->counting)
			msg("cannot open '%s': %s", arg, strerror(errno));
		return -1;
	}
	if (S_ISDIR(sb.st_mode)) {
		walk_dir(g, path, strlen(path), strlen(path) + 1);
		return 0;
	}
	base = strrchr(path, '/');
	on_file(g, path, base ? base + 1 : path, &sb);
	return 0;
}

/* each argument, @listfile expanded to its lines; returns failures */
static int walk_args(struct ingest *g, int argc, char **argv, int first)
{
	int i, bad = 0;

	for (i = first; i < argc; i++) {
		FILE *f;
		char *line = NULL;
		size_t cap = 0;
		ssize_t n;

		if (argv[i][0] != '@') {
			bad += walk_arg(g, argv[i]) < 0;
			continue;
		}
		f = fopen(argv[i] + 1, "r");
		if (!f) {
			if (!g->counting)
				msg("cannot open '%s': %s", argv[i] + 1,
				    strerror(errno));
			bad++;
			continue;
		}
		while ((n = getline(&line, &cap, f)) > 0) {
			while (n > 0 &&
			       (line[n - 1] == '\n' || line[n - 1] == '\r'))
				line[--n] = '\0';
			if (n > 0)
				bad += walk_arg(g, line) < 0;
		}
		free(line);
		fclose(f);
	}
	return bad;
}

/* ---- options ---- */

static int parse_shard(struct ingest *g, const char *s)
{
	char *end;
	long long k = strtoll(s, &end, 10), n;

	if (end == s || *end != '/')
		return -1;
	s = end + 1;
	n = strtoll(s, &end, 10);
	if (end == s || *end || n < 1 || k < 0 || k >= n)
		return -1;
	g->shard_k = k;
	g->shard_n = n;
	return 0;
}

static int parse_opts(struct ingest *g, int argc, char **argv, int *done)
{
	static const struct option lo[] = {
		{"db", required_argument, NULL, OPT_DB},
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
		case 'h':
			help();
			*done = 1;
			return EXIT_OK;
		case OPT_VERSION:
			printf("iolens %s\n", IOLENS_VERSION);
			*done = 1;
			return EXIT_OK;
		case OPT_DB: g->db = optarg; break;
		case 'j':
			if (parse_count(optarg, &v) < 0 || v > 1024)
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
			g->refresh = optarg ? 2 : 1;
			break;
		case OPT_SHARD:
			if (parse_shard(g, optarg) < 0)
				return usage_error("--shard wants k/n with 0 "
						   "<= k < n, not '%s'",
						   optarg);
			break;
		case OPT_NODES:
		case OPT_PPN:
			if (parse_count(optarg, &v) < 0)
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
	if (!g->db)
		g->db = iol_siteconf_get(site, "db", NULL);
	g->ctx.nodes.site_ppn = iol_siteconf_ppn(site, NULL, NULL);
	if (!g->db)
		return usage_error("--db file is required (or db in the site "
				   "configuration: iolens config)");
	if (optind >= argc && !g->nsacct)
		return usage_error("no log or directory given");
	return -1;
}

static int load_maps(struct ingest *g)
{
	struct iol_error err = {0, 0, ""};

	if (g->users_path) {
		if (iol_popmap_load(&g->users, g->users_path, &err) < 0) {
			msg("cannot read '%s': %s", g->users_path, err.msg);
			return -1;
		}
		g->ctx.users = &g->users;
	}
	if (g->projects_path) {
		if (iol_popmap_load(&g->projects, g->projects_path, &err) < 0) {
			msg("cannot read '%s': %s", g->projects_path, err.msg);
			return -1;
		}
		g->ctx.projects = &g->projects;
	}
	return 0;
}

/* ---- the run ---- */

static void report(const struct ingest *g)
{
	printf("%lld logs: %lld added, %lld refreshed, %lld unchanged, %lld "
	       "failed",
	       (long long)g->seen, (long long)g->added, (long long)g->updated,
	       (long long)g->unchanged, (long long)g->failed);
	if (g->known_bad)
		printf(", %lld failed before (not retried)",
		       (long long)g->known_bad);
	putchar('\n');
}

/* The scheduler's files, then the join of every row not joined yet
 * (all rows after new accounting): 0 or -1 said. */
static int sched(struct ingest *g)
{
	struct iol_error err = {0, 0, ""};
	int64_t joined = 0;
	int bad = 0, i, rc;

	for (i = 0; i < g->nsacct; i++) {
		rc = ingest_sacct(g->st, g->sacct[i]);
		bad |= rc != 0;
		g->sacct_ok += rc >= 0; /* stored, bad lines or not */
	}
	if (iol_store_join_sched(g->st, g->sacct_ok > 0, &joined, &err) < 0) {
		msg("%s: %s", g->db, err.msg);
		return -1;
	}
	/* no count of a join that had no accounting to join to */
	if (g->sacct_ok || joined)
		printf("%lld job rows joined to the scheduler's jobs\n",
		       (long long)joined);
	return bad ? -1 : 0;
}

static int run(struct ingest *g, int argc, char **argv, int first)
{
	struct iol_error err = {0, 0, ""};
	struct stat sb;
	int bad, sbad, existed = stat(g->db, &sb) == 0;

	if (iol_store_open(&g->st, g->db, &err) < 0) {
		msg("cannot open '%s': %s", g->db, err.msg);
		g->ex->stop(g->ex);
		return EXIT_DATA;
	}
	g->tty = isatty(2);
	if (g->tty) {
		g->counting = 1;
		walk_args(g, argc, argv, first);
		g->counting = 0;
	}
	g->t0 = g->last_commit = now();
	g->slot = xcalloc((size_t)g->ex->cap, sizeof(*g->slot));
	bad = walk_args(g, argc, argv, first);
	while (g->inflight)
		drain_one(g);
	g->ex->stop(g->ex);
	free(g->slot);
	draw(g, 1);
	clear_bar(g);
	if (first < argc)
		report(g);
	sbad = g->dberror ? 0 : sched(g);
	if (iol_store_close(g->st, &err) < 0 && !g->dberror) {
		msg("%s: %s", g->db, err.msg);
		g->dberror = 1;
	}
	/* a store this run made and put no log in (every argument missing
	 * or empty, and no scheduler accounting read) is not left behind */
	if (!existed && !g->seen && !g->dberror && !g->sacct_ok &&
	    !iol_store_is_url(g->db))
		unlink(g->db);
	return g->dberror || bad || sbad || g->failed ? EXIT_DATA : EXIT_OK;
}

int cmd_ingest(int argc, char **argv)
{
	struct ingest g;
	int done = 0, rc, mpi = 0, rank = 0, size = 1;

	memset(&g, 0, sizeof(g));
#ifdef IOLENS_MPI
	mpi = mpi_begin(&argc, &argv, &rank, &size);
#endif
	rc = parse_opts(&g, argc, argv, &done);
	if (rc < 0)
		rc = load_maps(&g) < 0 ? EXIT_DATA : -1;
	if (rc < 0 && mpi && rank > 0) {
#ifdef IOLENS_MPI
		mpi_decoder(&g.ctx);
#endif
		rc = EXIT_OK;
	} else if (rc < 0) {
		long nc = sysconf(_SC_NPROCESSORS_ONLN);

		if (!g.nthreads)
			g.nthreads = nc > 0 ? (int)(nc < 1024 ? nc : 1024) : 1;
#ifdef IOLENS_MPI
		g.ex = mpi ? mpi_start(size) : NULL;
#endif
		if (!g.ex)
			g.ex = threads_start(g.nthreads, &g.ctx);
		rc = run(&g, argc, argv, optind);
	}
	iol_popmap_free(&g.users);
	iol_popmap_free(&g.projects);
#ifdef IOLENS_MPI
	mpi_end();
#endif
	(void)done, (void)rank, (void)size, (void)mpi;
	return rc;
}
