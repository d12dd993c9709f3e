/*
 * The ingest run (ingest.h): the walk of the arguments, the lookups in
 * the store, the reorder buffer that writes rows in the order the logs
 * were found whatever order the executor returns them in, and the
 * scheduler's join.  Owner: lib/population.
 */
#define _GNU_SOURCE /* DT_* of struct dirent, realpath */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/hash.h"
#include "population/ingest.h"
#include "base/banned.h"

void iol_ingest_say(struct iol_ingest *g, const char *fmt, ...)
{
	char buf[PATH_MAX + 512];
	va_list ap;

	if (!g->hooks.say)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	g->hooks.say(g->hooks.arg, buf);
}

static void progress(struct iol_ingest *g, int force)
{
	if (g->hooks.progress)
		g->hooks.progress(g->hooks.arg, g, force);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct iol_ingest_item *iol_ingest_item_new(int64_t seq, const char *path,
					    int64_t size, int64_t mtime_ns)
{
	struct iol_ingest_item *it = calloc(1, sizeof(*it));

	if (!it || !(it->path = strdup(path))) {
		free(it);
		return NULL;
	}
	it->seq = seq;
	it->size = size;
	it->mtime_ns = mtime_ns;
	return it;
}

void iol_ingest_item_free(struct iol_ingest_item *it)
{
	iol_poprow_free(&it->row);
	free(it->path);
	free(it);
}

void iol_ingest_item_decode(struct iol_ingest_item *it,
			    const struct iol_popctx *ctx)
{
	struct iol_popfile f = {it->path, it->size, it->mtime_ns};

	if (iol_poprow_build(&it->row, &f, ctx, NULL) < 0 &&
	    iol_poprow_error(&it->row, &f, "out of memory") < 0)
		it->nomem = 1;
}

/* ---- writing ---- */

static void store_failed(struct iol_ingest *g, const struct iol_error *err)
{
	iol_ingest_say(g, "%s: %s", g->db, err->msg);
	g->dberror = 1;
}

static void warn_row(struct iol_ingest *g, const struct iol_ingest_item *it)
{
	struct iol_popval v;
	size_t pos = 0;
	int i;

	for (i = 0; i < 4 && iol_poprow_next(&it->row, &pos, &v) > 0; i++)
		;
	if (i == 4 && v.tag == IOL_VAL_TEXT)
		iol_ingest_say(g, "cannot read '%s': %.*s", it->path,
			       (int)v.len, v.s);
	else
		iol_ingest_say(g, "cannot read '%s'", it->path);
}

/* A log cut short: its row names the modules the cut lost (the column
 * lost_modules); say so, as every command that reads such a log does. */
static void warn_lost(struct iol_ingest *g, const struct iol_ingest_item *it)
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
	if (i == col + 1 && v.tag == IOL_VAL_TEXT && v.len)
		iol_ingest_say(g,
			       "warning: '%s': log cut: the records of %.*s "
			       "are left out "
			       "(the file ends in their regions)",
			       it->path, (int)v.len, v.s);
}

static void write_item(struct iol_ingest *g, struct iol_ingest_item *it)
{
	struct iol_error err = {0, 0, ""};
	double t;

	if (it->nomem) {
		if (!g->nomem)
			iol_ingest_say(g, "out of memory");
		g->nomem = g->dberror = 1;
	} else if (iol_poprow_kind(&it->row) == IOL_ROW_ERROR) {
		warn_row(g, it);
		g->failed++;
	} else {
		warn_lost(g, it);
		*(it->stored ? &g->updated : &g->added) += 1;
	}
	if (!g->dberror && iol_store_put(g->st, &it->row, &err) < 0)
		store_failed(g, &err);
	t = now();
	if (t - g->last_commit > 5) {
		g->last_commit = t;
		if (!g->dberror && iol_store_commit(g->st, &err) < 0)
			store_failed(g, &err);
	}
	iol_ingest_item_free(it);
}

/*
 * A store made now builds the jobs' 28 indexes once, each by one sort of
 * the rows (store.c, undefer): at the close they ran on one core after
 * the last log was decoded, the run's serial tail.  Instead the walk runs
 * ahead of the decoders (the executor's ahead, IOL_INGEST_AHEAD logs for
 * threads), and the writer holds back the rows of the last third of the
 * logs walked: when the walk ends it puts the rows before them, builds
 * the indexes on those while one decoder fewer goes on with that third
 * (the writer gets a core of its own), then puts the third's rows into
 * the indexes one by one.  A third:
 * a row costs the build about a fifth of what its log costs a decoder,
 * and an insert into the 28 indexes half of it (speed34, speed36), so the
 * decoders outlast the build and the writer keeps up after it; the rows
 * put after it cost each index an insert in no order of its key, on a
 * third of the rows only.  The share is of the logs walked, so the rows
 * built on are the same whatever the schedule, and so are the store's
 * pages.  At most the executor's ahead rows wait in memory, and its
 * decoders keep the rest of its cap to work on meanwhile.
 */
static int64_t lag(const struct iol_ingest *g)
{
	int64_t l = g->next_seq / 3;

	return !g->lagging ? 0 : l < g->ex->ahead ? l : g->ex->ahead;
}

/* write the items decoded, in order, up to seq limit */
static void write_due(struct iol_ingest *g, int64_t limit)
{
	struct iol_ingest_item *it;

	while (g->next_write < limit &&
	       (it = g->slot[g->next_write % g->ex->cap]) != NULL) {
		g->slot[g->next_write % g->ex->cap] = NULL;
		g->next_write++;
		g->inflight--;
		write_item(g, it);
		progress(g, 0);
	}
}

/* wait for one decoded item, into its slot */
static void wait_one(struct iol_ingest *g)
{
	struct iol_ingest_item *it = g->ex->wait(g->ex);

	g->out--;
	g->slot[it->seq % g->ex->cap] = it;
}

/* the rows due written, and waited for until one more log can go */
static void make_room(struct iol_ingest *g)
{
	write_due(g, g->next_seq - lag(g));
	while (g->inflight >= g->ex->cap && g->out) {
		wait_one(g);
		write_due(g, g->next_seq - lag(g));
	}
}

/* the walk done: the rows up to the lag, the indexes, then the rest */
static void drain_all(struct iol_ingest *g)
{
	struct iol_error err = {0, 0, ""};
	int64_t limit = g->next_seq - lag(g);

	write_due(g, limit);
	while (g->next_write < limit && g->out) {
		wait_one(g);
		write_due(g, limit);
	}
	if (g->lagging && g->ex->writer_busy)
		g->ex->writer_busy(g->ex, 1);
	if (g->lagging && !g->dberror && iol_store_index(g->st, &err) < 0)
		store_failed(g, &err);
	if (g->lagging && g->ex->writer_busy)
		g->ex->writer_busy(g->ex, 0);
	write_due(g, g->next_seq);
	while (g->inflight && g->out) {
		wait_one(g);
		write_due(g, g->next_seq);
	}
}

/* ---- one file found by the walk ---- */

static int want(const struct iol_ingest *g, int state)
{
	switch (state) {
	case IOL_STORE_NEW: return 1;
	case IOL_STORE_OLDVER:
	case IOL_STORE_FAILOLD: return g->refresh >= 1;
	default: return g->refresh >= 2;
	}
}

static void on_file(struct iol_ingest *g, const char *path, const char *rel,
		    const struct stat *sb)
{
	struct iol_error err = {0, 0, ""};
	struct iol_ingest_item *it;
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
		store_failed(g, &err);
		return;
	}
	if (!want(g, state)) {
		if (state == IOL_STORE_FAILED || state == IOL_STORE_FAILOLD)
			g->known_bad++;
		else
			g->unchanged++;
		progress(g, 0);
		return;
	}
	if (g->inflight >= g->ex->cap)
		make_room(g);
	it = iol_ingest_item_new(g->next_seq, path, (int64_t)sb->st_size, mt);
	if (!it) {
		iol_ingest_say(g, "out of memory");
		g->nomem = g->dberror = 1;
		return;
	}
	g->next_seq++;
	it->stored = state == IOL_STORE_OLDVER || state == IOL_STORE_SAME;
	g->inflight++;
	g->out++;
	g->ex->submit(g->ex, it);
}

/* ---- the walk ---- */

struct dent {
	char *name;
	unsigned char type;
	int log;	   /* a regular file named as a log, stat'ed */
	int64_t size;	   /* its size */
	struct timespec m; /* and modification time */
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

static void free_dents(struct dent *v, size_t n)
{
	while (n)
		free(v[--n].name);
	free(v);
}

/* the entries of a directory, sorted by name, and *dfd a descriptor of
 * it (-1 when none: paths are used); NULL and *n 0 when it cannot be
 * read (said unless counting) or memory ran out */
static struct dent *read_dir(struct iol_ingest *g, const char *path, size_t *n,
			     int *dfd)
{
	DIR *d = opendir(path);
	struct dirent *e;
	struct dent *v = NULL, *nv;
	size_t cap = 0;

	*n = 0;
	*dfd = -1;
	if (!d) {
		if (!g->counting)
			iol_ingest_say(g, "cannot open '%s': %s", path,
				       strerror(errno));
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			nv = realloc(v, cap * sizeof(*v));
			if (!nv)
				break;
			v = nv;
		}
		if (!(v[*n].name = strdup(e->d_name)))
			break;
		v[(*n)++].type = e->d_type;
	}
	if (!e)
		*dfd = dup(dirfd(d));
	closedir(d);
	if (e) { /* out of memory */
		iol_ingest_say(g, "out of memory");
		g->nomem = g->dberror = 1;
		free_dents(v, *n);
		*n = 0;
		return NULL;
	}
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_dent);
	return v;
}

/* stat of the entry name of the directory dfd (path when -1): the
 * kernel resolves one name, not every directory of the path again */
static int stat_at(int dfd, const char *path, const char *name, struct stat *sb,
		   int flags)
{
	if (dfd >= 0)
		return fstatat(dfd, name, sb, flags);
	return flags ? lstat(path, sb) : stat(path, sb);
}

/* path/name into path (len: path's length); 0, or -1 when too long */
static int path_join(char *path, size_t len, const char *name, size_t l)
{
	if (len + 1 + l >= PATH_MAX)
		return -1;
	path[len] = '/';
	memcpy(path + len + 1, name, l + 1);
	return 0;
}

/* Each entry's type, and each log's size and time, while the directory
 * is open (dfd): one descriptor at a time however deep the walk, none
 * held while it goes down into the subdirectories */
static void stat_dents(const struct iol_ingest *g, int dfd, char *path,
		       size_t len, struct dent *v, size_t n)
{
	struct stat sb;
	size_t i;

	for (i = 0; i < n; i++) {
		const char *name = v[i].name;

		v[i].log = 0;
		if (path_join(path, len, name, strlen(name)) < 0)
			continue;
		if (v[i].type == DT_UNKNOWN)
			v[i].type = stat_at(dfd, path, name, &sb,
					    AT_SYMLINK_NOFOLLOW) == 0 &&
						    S_ISDIR(sb.st_mode)
					    ? DT_DIR
					    : DT_REG;
		if ((v[i].type != DT_REG && v[i].type != DT_LNK) ||
		    !is_log_name(name))
			continue;
		if (g->counting) {
			v[i].log = 1;
		} else if (stat_at(dfd, path, name, &sb, 0) == 0 &&
			   S_ISREG(sb.st_mode)) {
			v[i].log = 1;
			v[i].size = (int64_t)sb.st_size;
			v[i].m = sb.st_mtim;
		}
	}
	path[len] = '\0';
}

/* hand the logs under path to on_file in name order; rel: where the
 * part of the path below the argument starts (what --shard hashes) */
static void walk_dir(struct iol_ingest *g, char *path, size_t len, size_t rel)
{
	struct dent *v;
	size_t n, i;
	int dfd;

	v = read_dir(g, path, &n, &dfd);
	stat_dents(g, dfd, path, len, v, n);
	if (dfd >= 0)
		close(dfd);
	for (i = 0; i < n; i++) {
		size_t l = strlen(v[i].name);
		struct stat sb;

		if (path_join(path, len, v[i].name, l) < 0)
			continue;
		if (v[i].type == DT_DIR) {
			walk_dir(g, path, len + 1 + l, rel);
		} else if (v[i].log && g->counting) {
			on_file(g, path, path + rel, NULL);
		} else if (v[i].log) {
			memset(&sb, 0, sizeof sb);
			sb.st_size = (off_t)v[i].size;
			sb.st_mtim = v[i].m;
			on_file(g, path, path + rel, &sb);
		}
	}
	path[len] = '\0';
	free_dents(v, n);
}

/*
 * The directory part of the last argument, resolved: the lines of a
 * listfile (and a shell's glob) name mostly logs of few directories, and
 * realpath(3) costs a readlink per component and a getcwd per log.
 */
struct dircache {
	char key[PATH_MAX];  /* the argument up to its last '/', kept */
	char real[PATH_MAX]; /* that directory resolved */
	size_t klen;
	int ok;
};

static int slow_path(const char *arg, char *out)
{
	return realpath(arg, out) ? 0 : -1;
}

/* arg made absolute as realpath(3) makes it: its directory resolved once
 * for every argument in it, then the base name appended unless it is a
 * symbolic link (or . or ..) that realpath itself must follow.  0, or
 * -1 with errno. */
static int resolve(struct dircache *c, const char *arg, char *out)
{
	const char *slash = strrchr(arg, '/');
	const char *base = slash ? slash + 1 : arg;
	size_t klen = slash ? (size_t)(slash - arg) + 1 : 0;
	struct stat sb;

	if (!*base || !strcmp(base, ".") || !strcmp(base, "..") ||
	    klen >= sizeof(c->key))
		return slow_path(arg, out);
	if (!c->ok || c->klen != klen || memcmp(c->key, arg, klen)) {
		memcpy(c->key, arg, klen);
		c->key[klen] = '\0';
		c->klen = klen;
		c->ok = realpath(klen ? c->key : ".", c->real) != NULL;
		if (!c->ok)
			return slow_path(arg, out);
	}
	if (snprintf(out, PATH_MAX, "%s/%s",
		     strcmp(c->real, "/") ? c->real : "", base) >= PATH_MAX ||
	    lstat(out, &sb) < 0 || S_ISLNK(sb.st_mode))
		return slow_path(arg, out);
	return 0;
}

/* one argument: a log or a directory, made absolute */
static int walk_arg(struct iol_ingest *g, struct dircache *c, const char *arg)
{
	char path[PATH_MAX];
	const char *base;
	struct stat sb;

	if (resolve(c, arg, path) < 0 || stat(path, &sb) < 0) {
		if (!g->counting)
			iol_ingest_say(g, "cannot open '%s': %s", arg,
				       strerror(errno));
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

/* the lines of @listfile (its name without the @) as arguments */
static int walk_list(struct iol_ingest *g, struct dircache *c, const char *name)
{
	FILE *f = fopen(name, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int bad = 0;

	if (!f) {
		if (!g->counting)
			iol_ingest_say(g, "cannot open '%s': %s", name,
				       strerror(errno));
		return 1;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n > 0)
			bad += walk_arg(g, c, line) < 0;
	}
	free(line);
	fclose(f);
	return bad;
}

/* each argument, @listfile expanded to its lines; returns failures */
static int walk_args(struct iol_ingest *g, char *const *args, int nargs)
{
	struct dircache *c = malloc(sizeof(*c));
	int i, bad = 0;

	if (!c) {
		iol_ingest_say(g, "out of memory");
		g->nomem = g->dberror = 1;
		return nargs;
	}
	c->ok = 0;
	for (i = 0; i < nargs; i++)
		bad += args[i][0] == '@' ? walk_list(g, c, args[i] + 1)
					 : walk_arg(g, c, args[i]) < 0;
	free(c);
	return bad;
}

/* ---- the run ---- */

int iol_ingest_shard(struct iol_ingest *g, const char *s)
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

int iol_ingest_maps(struct iol_popctx *ctx, struct iol_popmap *users,
		    const char *users_path, struct iol_popmap *projects,
		    const char *projects_path, const char **bad,
		    struct iol_error *err)
{
	if (users_path) {
		*bad = users_path;
		if (iol_popmap_load(users, users_path, err) < 0)
			return err->code ? err->code : IOL_EIO;
		ctx->users = users;
	}
	if (projects_path) {
		*bad = projects_path;
		if (iol_popmap_load(projects, projects_path, err) < 0)
			return err->code ? err->code : IOL_EIO;
		ctx->projects = projects;
	}
	return 0;
}

int iol_ingest_open(struct iol_ingest *g, struct iol_error *err)
{
	struct stat sb;

	g->existed = stat(g->db, &sb) == 0;
	/* a new store is seen when complete, or not at all */
	return g->existed ? iol_store_open(&g->st, g->db, err)
			  : iol_store_create(&g->st, g->db, iol_store_merge_all,
					     err);
}

int iol_ingest_run(struct iol_ingest *g, char *const *args, int nargs)
{
	int bad;

	if (g->count_first) {
		g->counting = 1;
		walk_args(g, args, nargs);
		g->counting = 0;
	}
	g->last_commit = now();
	g->lagging = iol_store_deferred(g->st) && g->ex->ahead > 0;
	g->slot = calloc((size_t)g->ex->cap, sizeof(*g->slot));
	if (!g->slot) {
		g->ex->stop(g->ex);
		g->nomem = g->dberror = 1;
		return IOL_ENOMEM;
	}
	bad = walk_args(g, args, nargs);
	drain_all(g);
	g->ex->stop(g->ex);
	free(g->slot);
	g->slot = NULL;
	progress(g, 1);
	return g->nomem ? IOL_ENOMEM : bad;
}

int iol_ingest_join(struct iol_ingest *g, int64_t *joined)
{
	struct iol_error err = {0, 0, ""};

	*joined = 0;
	if (iol_store_join_sched(g->st, g->sacct_ok > 0, joined, &err) < 0) {
		iol_ingest_say(g, "%s: %s", g->db, err.msg);
		return -1;
	}
	return 0;
}

void iol_ingest_close(struct iol_ingest *g)
{
	struct iol_error err = {0, 0, ""};
	/* a store this run made and put no log in (every argument missing
	 * or empty, and no scheduler accounting or file-system telemetry
	 * read) is not left behind: a new one never linked in */
	int drop = !g->existed && !g->seen && !g->dberror && !g->sacct_ok &&
		   !g->fsload_ok && !iol_store_is_url(g->db) &&
		   !iol_store_discard(g->st);

	if (iol_store_close(g->st, &err) < 0 && !g->dberror)
		store_failed(g, &err);
	g->st = NULL;
	if (drop)
		unlink(g->db);
}
