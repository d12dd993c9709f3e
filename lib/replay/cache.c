/*
 * The cache of compiled replay scripts (cache.h): its directory, held by
 * the user alone from the root down, the compiled form found by the
 * SHA-256 of the script's text and checked against the limits it was
 * parsed under, compiled otherwise, and the cache pruned on each
 * compile.  Owner: lib/replay.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/sha256.h"
#include "replay/cache.h"
#include "replay/engine.h"
#include "base/banned.h"

/* The text of the script, of max bytes at most (else -1 with errno
 * EFBIG): a script is parsed against --max-memory, text included, and
 * one of 20 GB (a sparse file, or /dev/zero) was read into memory whole
 * first, 8.7 GB in 20 s with --max-memory 64M. */
static int read_all(const char *path, char **buf, size_t *n, size_t max)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 65536, k = 0;
	struct stat st;

	if (!f)
		return -1;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return -1;
	}
	*buf = malloc(cap);
	*n = 0;
	while (*buf && (k = fread(*buf + *n, 1, cap - *n, f)) > 0 &&
	       *n + k <= max) {
		char *nb;

		*n += k;
		if (*n < cap)
			continue;
		cap = cap < max / 2 ? cap * 2 : max + 1;
		if (!(nb = realloc(*buf, cap))) {
			free(*buf);
			*buf = NULL;
		}
		*buf = nb;
	}
	if (!*buf) {
		fclose(f);
		errno = ENOMEM;
		return -1;
	}
	if (k > 0) { /* past max */
		fclose(f);
		free(*buf);
		errno = EFBIG;
		return -1;
	}
	k = (size_t)ferror(f);
	fclose(f);
	if (k)
		free(*buf);
	return k ? -1 : 0;
}

/* A directory of this user alone: a directory (not a link), owned by
 * the user, that nobody else may write. */
static int private_dir(const char *p)
{
	struct stat st;

	return lstat(p, &st) == 0 && S_ISDIR(st.st_mode) &&
	       st.st_uid == geteuid() && !(st.st_mode & 022);
}

/* The directories from / down to real (a path without links): each
 * the user's or root's, and writable by nobody else unless sticky, so
 * that no other user can swap one for a link. */
static int held_path(const char *real)
{
	char p[4096];
	struct stat st;

	if (strlen(real) >= sizeof(p))
		return 0;
	snprintf(p, sizeof(p), "%s", real);
	for (;;) {
		if (stat(*p ? p : "/", &st) || !S_ISDIR(st.st_mode) ||
		    (st.st_uid != geteuid() && st.st_uid != 0) ||
		    ((st.st_mode & 022) && !(st.st_mode & S_ISVTX)))
			return 0;
		if (!*p)
			return 1;
		*strrchr(p, '/') = 0; /* up one; "/a" to "" (the root) */
	}
}

/* The cache of compiled scripts: $XDG_CACHE_HOME/iolens/replay or
 * ~/.cache/iolens/replay, made 0700; 0, or -1 when there is none the
 * user alone holds (then the caller compiles into a private temporary
 * directory).  Its base and every directory above must be the user's
 * or root's and writable by nobody else (unless sticky): a base others
 * may write (XDG_CACHE_HOME=/some/0777/dir, or an "iolens" of another
 * user's in it) let them swap the cache for a link after the check,
 * and the compiled form was written, and old ones pruned, wherever it
 * led. */
static int cache_dir(char *buf, size_t n)
{
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	char *s, *real;
	int ok;

	if (x && *x == '/')
		snprintf(buf, n, "%s", x);
	else if (h && *h == '/')
		snprintf(buf, n, "%s/.cache", h);
	else
		return -1;
	/* mkdir -p, each new part the user's alone */
	for (s = buf + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = 0;
		mkdir(buf, 0700);
		*s = '/';
	}
	mkdir(buf, 0700);
	real = realpath(buf, NULL);
	ok = real && held_path(real);
	if (ok)
		snprintf(buf, n, "%s/iolens", real);
	free(real);
	if (!ok || (mkdir(buf, 0700) && errno != EEXIST) || !private_dir(buf))
		return -1;
	snprintf(buf + strlen(buf), n - strlen(buf), "/replay");
	mkdir(buf, 0700);
	return private_dir(buf) ? 0 : -1;
}

void iol_rcache_done(struct iol_rcache *c)
{
	if (!c->temp)
		return;
	unlink(c->bin);
	rmdir(c->dir);
	c->temp = 0;
}

/* The cache is pruned on each compile: compiled forms not used for
 * CACHE_DAYS days go, then the least recently used until the rest holds
 * CACHE_BYTES (a reused one gets its access time set: used is the later
 * of its access and modification times).  Only names of the cache's own
 * form ("<64 hex>.iolr") and files of this user are removed, by name in
 * the directory, following no link. */
#define CACHE_DAYS 30
#define CACHE_BYTES ((int64_t)1 << 30)
#define CACHE_MAX 4096 /* entries looked at */

struct centry {
	char name[80];
	time_t t;
	int64_t size;
};

static int ours(const char *n)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (!isxdigit((unsigned char)n[i]))
			return 0;
	return !strcmp(n + 64, ".iolr");
}

/* Whether n is a compiled form's temporary ("<64 hex>.iolr.XXXXXX",
 * lib/replay/compile.c: iol_rbin_write()) left by a compilation that
 * was killed, and then removed: its writer holds a lock on it until it
 * is renamed, so one that can be locked has none.  An empty one made
 * within the minute may be a writer's not locked yet. */
static int temp_left(int dfd, const char *n, const struct stat *st)
{
	size_t i;
	int fd, gone;

	for (i = 0; i < 64; i++)
		if (!isxdigit((unsigned char)n[i]))
			return 0;
	if (strncmp(n + 64, ".iolr.", 6) || strlen(n + 70) != 6 ||
	    (st->st_size == 0 && st->st_mtime > time(NULL) - 60))
		return 0;
	fd = openat(dfd, n, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return 0;
	gone = !flock(fd, LOCK_EX | LOCK_NB) && !unlinkat(dfd, n, 0);
	close(fd);
	return gone;
}

static int cmp_centry(const void *a, const void *b)
{
	const struct centry *x = a, *y = b;

	return (x->t > y->t) - (x->t < y->t);
}

static void cache_prune(const struct iol_rcache *c)
{
	const char *keep = strrchr(c->bin, '/');
	struct centry *e = malloc(CACHE_MAX * sizeof(*e));
	int fd = open(c->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int d2 = fd >= 0 ? dup(fd) : -1;
	DIR *dir = d2 >= 0 ? fdopendir(d2) : NULL;
	time_t old = time(NULL) - (time_t)CACHE_DAYS * 86400;
	struct dirent *de;
	struct stat st;
	size_t n = 0, i;
	int64_t total = 0;

	if (!dir && d2 >= 0)
		close(d2);
	while (e && dir && n < CACHE_MAX && (de = readdir(dir)) != NULL) {
		if ((keep && !strcmp(de->d_name, keep + 1)) ||
		    fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
		    temp_left(fd, de->d_name, &st) || !ours(de->d_name))
			continue;
		if (st.st_atime < st.st_mtime) /* last used: made or read */
			st.st_atime = st.st_mtime;
		if (st.st_atime < old) {
			unlinkat(fd, de->d_name, 0);
			continue;
		}
		snprintf(e[n].name, sizeof(e[n].name), "%s", de->d_name);
		e[n].t = st.st_atime;
		e[n].size = (int64_t)st.st_size;
		total += e[n++].size;
	}
	if (e && n)
		qsort(e, n, sizeof(*e), cmp_centry);
	for (i = 0; e && i < n && total > CACHE_BYTES; i++) {
		unlinkat(fd, e[i].name, 0);
		total -= e[i].size;
	}
	if (dir)
		closedir(dir);
	if (fd >= 0)
		close(fd);
	free(e);
}

/* Whether a compiled form holds the limits its parsing was held to
 * (--max-inputs, --max-memory for the text and events): a form compiled
 * under larger ones was reused under these, 11 inputs staged with
 * --max-inputs 10; such a form is compiled again, and the parser names
 * the line past the limit. */
static int parse_limits_ok(const struct iol_rbin *b, size_t len,
			   size_t max_input, size_t max_memory)
{
	uint64_t ev = 0;
	size_t r;

	for (r = 0; r < b->s.nrank; r++)
		ev += b->s.rank[r].n;
	/* the strings too, with their offsets and index, as the parser
	 * counts them (a line of 6 MB cached without the limit was reused
	 * under --max-memory 8M), and the per-file totals */
	return (!max_input || b->s.ninput <= max_input) &&
	       len + ev * sizeof(struct iol_rev) + b->s.nbytes +
			       b->s.nstr * (2 * sizeof(uint32_t) + 24) <=
		       max_memory;
}

/* The text of the script at path in *buf (len bytes) and its SHA-256;
 * 0, or -1 with c->stage and c->sys set. */
static int script_text(struct iol_rcache *c, const char *path, char **buf,
		       size_t *len, unsigned char key[32])
{
	if (read_all(path, buf, len, c->max_memory) < 0) {
		c->stage = IOL_RCACHE_READ;
		c->sys = errno;
		return -1;
	}
	iol_sha256(*buf, *len, key);
	return 0;
}

/* The compiled form of the script at path, reused when the cache has
 * it under the SHA-256 of the text (and it checks out), else compiled
 * now.  Prints its own messages.  The text is not held while a form is
 * loaded, nor the parsed script (each took as much again past
 * --max-memory): the text is read again when the form is not reused. */
int iol_rcache_compiled(struct iol_rcache *c, const char *path,
			struct iol_rbin *b, int *reused, int force,
			struct iol_error *err)
{
	struct iol_rscript s;
	unsigned char key[32];
	size_t len;
	char *buf;
	int rc;

	if (script_text(c, path, &buf, &len, key) < 0)
		return IOL_EIO;
	if (!c->dir[0] && cache_dir(c->dir, sizeof(c->dir)) < 0) {
		const char *t = getenv("TMPDIR");

		snprintf(c->dir, sizeof(c->dir), "%s/iolens-replay.XXXXXX",
			 t && *t == '/' ? t : "/tmp");
		if (!mkdtemp(c->dir)) {
			c->stage = IOL_RCACHE_DIR;
			c->sys = errno;
			free(buf);
			return IOL_EIO;
		}
		c->temp = 1;
	}
	iol_rbin_name(c->bin, sizeof(c->bin), c->dir, key);
	if (!force) {
		free(buf);
		buf = NULL;
	}
	*reused = !force && iol_rbin_load_within(b, c->bin, key, c->max_memory,
						 NULL) == 0;
	if (*reused && !parse_limits_ok(b, len, c->max_input, c->max_memory)) {
		iol_rbin_release(b);
		*reused = 0;
	}
	if (*reused) {
		if (!c->temp) { /* used now (its access time): the last to
				   be pruned */
			struct timespec t[2] = {{0, UTIME_NOW},
						{0, UTIME_OMIT}};

			utimensat(AT_FDCWD, c->bin, t, AT_SYMLINK_NOFOLLOW);
		}
		return 0;
	}
	if (!buf) { /* the text as it is now, and its key */
		if (script_text(c, path, &buf, &len, key) < 0)
			return IOL_EIO;
		iol_rbin_name(c->bin, sizeof(c->bin), c->dir, key);
	}
	if (!c->temp)
		cache_prune(c);
	iol_rscript_init(&s);
	s.max_input = c->max_input;
	s.max_memory = c->max_memory;
	rc = iol_rscript_parse(&s, buf, len, err);
	free(buf);
	if (rc == 0)
		rc = iol_rbin_write(&s, key, c->bin, err);
	iol_rscript_release(&s);
	if (rc == 0)
		rc = iol_rbin_load_within(b, c->bin, key, c->max_memory, err);
	if (rc < 0)
		c->stage = IOL_RCACHE_PARSE;
	return rc;
}

int iol_rcache_group(struct iol_rcache *c, const char *path, struct iol_rbin *b,
		     int *reused, const struct iol_rgroup *g,
		     struct iol_error *err)
{
	int32_t rc = 0;

	if (!g || g->me == 0)
		rc = iol_rcache_compiled(c, path, b, reused, 0, err);
	if (!g)
		return rc;
	/* member 0's failure is its own to say; the others only stop */
	if (g->bcast(g->ctx, &rc, sizeof(rc)) || rc)
		return g->me == 0 && rc ? rc : 1;
	return g->me == 0 ? 0 : iol_rcache_compiled(c, path, b, reused, 0, err);
}
