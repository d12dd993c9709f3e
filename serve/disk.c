/*
 * The store's tables kept on disk besides in memory (cache.c): the
 * dashboard's of a million jobs take minutes of CPU, and were made
 * again at every start.  An output whose key depends on the store alone
 * (it begins "D": the store's identity and generation, then the
 * command) is written to the cache directory once made, and read back
 * at a later start whose key is the same.  One file a command (named by
 * a hash of the command, the binary and the server module, not of the
 * store's state, so a newer state replaces the older: the directory
 * stays a few files a store), written to a temporary file and renamed,
 * so that a reader never sees half of one; a file whose key (binary and
 * module, store state, command), lengths or checksum disagree is
 * ignored and made again.  The store itself is never written.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "serve/internal.h"
#include "base/banned.h"

#define DISK_MAX ((off_t)256 << 20) /* the directory's bytes, at most */
#define ENTRY_MAX ((size_t)64 << 20)
#define MAGIC "iolens-serve-cache 1"

static char dir[PATH_MAX]; /* "" when off */
/* the directory's bound (IOLENS_TEST_DISK_MAX: a test's own, smaller) */
static off_t disk_max = DISK_MAX;
/* the binary that makes the outputs, and this module, which makes the
 * pages kept whole: a module built anew beside the same binary makes
 * other pages */
static char binid[256] = "";

static uint64_t fnv(uint64_t h, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
	return h;
}

static int mkdirs(char *p)
{
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			if (mkdir(p, 0700) < 0 && errno != EEXIST)
				return -1;
			*s = '/';
		}
	return mkdir(p, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

/* The temporary files of writes that never ended (a server killed
 * while writing): nothing else removes them, and the directory's bound
 * counts only its outputs.  Those an hour old, not a write of another
 * server going on now. */
#define STALE_TMP_S 3600

static void sweep(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	time_t now = time(NULL);

	while (d && (e = readdir(d)))
		if (!strncmp(e->d_name, ".tmp.", 5) &&
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) ==
			    0 &&
		    S_ISREG(st.st_mode) && st.st_mtime < now - STALE_TMP_S)
			unlinkat(dirfd(d), e->d_name, 0);
	if (d)
		closedir(d);
}

/* A directory others can write could hold pages forged for us to serve
 * (the checksum in each file is no secret): only one this user owns
 * and no one else may write is used. */
static int dir_safe(const char *p, struct iol_error *err)
{
	struct stat st;

	if (lstat(p, &st) < 0)
		return iol_error_set(err, IOL_EIO, "cannot use cache '%s': %s",
				     p, strerror(errno));
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022))
		return iol_error_set(err, IOL_EINVAL,
				     "cannot use cache '%s': not a directory "
				     "only you can write (owner %lu, mode "
				     "%04o); --cache '' keeps none",
				     p, (unsigned long)st.st_uid,
				     (unsigned)(st.st_mode & 07777));
	return 0;
}

int disk_init(const struct serve_opts *o, struct iol_error *err)
{
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	struct stat st;
	Dl_info di;
	long long v;
	char *end;
	int n;

	dir[0] = 0;
	if (o->cache_dir)
		n = snprintf(dir, sizeof dir, "%s", o->cache_dir);
	else if (x && *x == '/')
		n = snprintf(dir, sizeof dir, "%s/iolens/serve", x);
	else if (h && *h == '/')
		n = snprintf(dir, sizeof dir, "%s/.cache/iolens/serve", h);
	else
		n = 0;
	if (n <= 0 || (size_t)n >= sizeof dir || mkdirs(dir) < 0 ||
	    stat(o->self, &st) < 0) {
		dir[0] = 0; /* --cache "": none; or nowhere to keep them */
		return 0;
	}
	if ((n = dir_safe(dir, err)) < 0) {
		dir[0] = 0;
		return n;
	}
	n = snprintf(binid, sizeof binid, "B%llu:%lld:%lld.%09ld|",
		     (unsigned long long)st.st_ino, (long long)st.st_size,
		     (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	if (n > 0 && (size_t)n < sizeof binid &&
	    dladdr((void *)disk_init, &di) && di.dli_fname &&
	    stat(di.dli_fname, &st) == 0)
		snprintf(binid + n, sizeof binid - (size_t)n,
			 "M%llu:%lld:%lld.%09ld|",
			 (unsigned long long)st.st_ino, (long long)st.st_size,
			 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	sweep();
	x = getenv("IOLENS_TEST_DISK_MAX");
	if (x && *x && (v = strtoll(x, &end, 10)) >= 1024 && !*end &&
	    v <= DISK_MAX)
		disk_max = (off_t)v;
	return 0;
}

/* The file of key: named by the binary, the log's identity (a key
 * beginning "L": a job page's command, or the page itself) and the
 * command, not by the store's state ("D...|"), so that a newer state
 * replaces the older; 0, or -1 when key is neither the store's alone
 * nor a log's. */
static int path_of(const struct sb *key, char *p, size_t n)
{
	const char *s = key->s, *end = s + key->len, *bar;
	uint64_t h = fnv(14695981039346656037ULL, binid, strlen(binid));

	if (!dir[0] || key->len < 2 || (*s != 'D' && *s != 'L') ||
	    !(bar = memchr(s, '|', key->len)))
		return -1;
	if (*s == 'L') {
		/* the log's part, then past the store's state if any */
		h = fnv(h, s, (size_t)(bar - s));
		s = bar + 1;
		if (s < end && *s == 'D' &&
		    !(s = memchr(s, '|', (size_t)(end - s))))
			return -1;
		bar = s;
	}
	h = fnv(h, bar, (size_t)(end - bar));
	return snprintf(p, n, "%s/%016" PRIx64 ".out", dir, h) < (int)n ? 0
									: -1;
}

static uint64_t sum_of(const struct sb *key, const struct run *r)
{
	uint64_t h = fnv(14695981039346656037ULL, binid, strlen(binid));

	h = fnv(h, key->s, key->len);
	h = fnv(h, r->out.s ? r->out.s : "", r->out.len);
	return fnv(h, r->err.s ? r->err.s : "", r->err.len);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The bytes the directory holds, counted once and then kept up to
 * date by the writes (a job page's outputs are many files: a count of
 * the directory at each write cost more than the write); -1 unknown. */
static off_t held = -1;
static pthread_mutex_t held_mu = PTHREAD_MUTEX_INITIALIZER;
/* the bytes written since the directory was last counted */
static off_t since;

static off_t dir_bytes(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	off_t total = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".out") &&
		    fstatat(dirfd(d), e->d_name, &st, 0) == 0)
			total += st.st_size;
	closedir(d);
	return total;
}

/* The oldest files removed while the directory holds more than
 * disk_max bytes (several stores served from one cache). */
static void prune_all(void)
{
	for (int round = 0; round < 64; round++) {
		DIR *d = opendir(dir);
		struct dirent *e;
		struct stat st;
		off_t total = 0;
		time_t old = 0;
		char oldest[NAME_MAX + 1] = "";

		if (!d)
			return;
		while ((e = readdir(d)))
			if (strstr(e->d_name, ".out") &&
			    fstatat(dirfd(d), e->d_name, &st, 0) == 0) {
				total += st.st_size;
				if (!oldest[0] || st.st_mtime < old) {
					old = st.st_mtime;
					snprintf(oldest, sizeof oldest, "%s",
						 e->d_name);
				}
			}
		if (total > disk_max && oldest[0])
			unlinkat(dirfd(d), oldest, 0);
		closedir(d);
		if (total <= disk_max) {
			held = total;
			since = 0;
			return;
		}
	}
	held = -1;
}

/* n bytes written in place of old: the directory pruned when over.
 * Counted again once an eighth of the bound is written since: another
 * server on the same directory adds bytes this count does not see (two
 * servers filled it to twice the bound). */
static void prune(off_t n, off_t old)
{
	pthread_mutex_lock(&held_mu);
	if (held < 0 || since >= disk_max / 8) {
		held = dir_bytes();
		since = 0;
	} else {
		held += n - old;
	}
	since += n;
	if (held > disk_max)
		prune_all();
	pthread_mutex_unlock(&held_mu);
}

void disk_put(const struct sb *key, const struct run *r)
{
	char p[PATH_MAX + 32], tmp[PATH_MAX + 48], head[256];
	struct stat was;
	int fd, n, bad;

	/* a success only: a failure may pass (a store being written, a
	 * limit reached under load) and kept here would outlive the
	 * restart that should have tried again; the memory's cache keeps
	 * it for this server's life */
	if (r->status != 0 || r->pending || r->out.nomem || r->err.nomem ||
	    r->out.len + r->err.len + key->len > ENTRY_MAX ||
	    path_of(key, p, sizeof p) < 0)
		return;
	snprintf(tmp, sizeof tmp, "%s/.tmp.XXXXXX", dir);
	if ((fd = mkostemp(tmp, O_CLOEXEC)) < 0)
		return;
	n = snprintf(head, sizeof head,
		     MAGIC " %d %zu %zu %zu %016" PRIx64 "\n", r->status,
		     key->len, r->out.len, r->err.len, sum_of(key, r));
	bad = write_all(fd, head, (size_t)n) < 0 ||
	      write_all(fd, key->s, key->len) < 0 ||
	      write_all(fd, r->out.s ? r->out.s : "", r->out.len) < 0 ||
	      write_all(fd, r->err.s ? r->err.s : "", r->err.len) < 0;
	if (stat(p, &was) < 0)
		was.st_size = 0;
	if (close(fd) < 0 || bad || rename(tmp, p) < 0) {
		unlink(tmp);
		return;
	}
	prune((off_t)n + (off_t)(key->len + r->out.len + r->err.len),
	      was.st_size);
}

/* The whole of file fd (at most ENTRY_MAX and a header) in b. */
static int slurp(int fd, struct sb *b)
{
	char buf[65536];
	ssize_t k;

	while ((k = read(fd, buf, sizeof buf)) > 0 && b->len <= ENTRY_MAX + 256)
		sb_put(b, buf, (size_t)k);
	return k < 0 || b->nomem || b->len > ENTRY_MAX + 256 ? -1 : 0;
}

int disk_get(const struct sb *key, struct run *r)
{
	char p[PATH_MAX + 32];
	struct sb f = {0};
	size_t kl, ol, el;
	int st;
	unsigned long long sum;
	const char *nl;
	int fd, ok = 0;

	if (path_of(key, p, sizeof p) < 0 ||
	    (fd = open(p, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (slurp(fd, &f) == 0 && f.len && (nl = memchr(f.s, '\n', f.len)) &&
	    nl - f.s < 200 &&
	    sscanf(f.s, MAGIC " %d %zu %zu %zu %16llx\n", &st, &kl, &ol, &el,
		   &sum) == 5 &&
	    st >= 0 && st <= 255 && kl == key->len &&
	    (size_t)(f.s + f.len - nl - 1) == kl + ol + el &&
	    !memcmp(nl + 1, key->s, kl)) {
		memset(r, 0, sizeof *r);
		r->status = st;
		sb_put(&r->out, nl + 1 + kl, ol);
		sb_put(&r->err, nl + 1 + kl + ol, el);
		ok = !r->out.nomem && !r->err.nomem &&
		     sum_of(key, r) == (uint64_t)sum;
		if (!ok)
			run_free(r);
	}
	close(fd);
	sb_free(&f);
	return ok ? 0 : -1;
}
