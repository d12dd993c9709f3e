/*
 * The replay engine's parent side (engine.h): the run directory inside
 * the sandbox, staging of inputs, one forked process per rank sharing a
 * page of results and a table of progress (for the waits between
 * sections), the profiles, and the removal of what it made.  In a group
 * (MPI) member 0 stages, every member replays its share, and the results
 * are summed onto member 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#include "replay/engine-int.h"
#include "replay/sandbox.h"
#include "base/banned.h"

/* What the parent learns from one pass over the events. */
struct scan {
	char **mkdirs; /* paths the script makes itself, sorted */
	size_t nmkdir;
	const char **files; /* inputs staged as files, sorted */
	size_t nfile;
	double *prof; /* original: end, duration, per call */
	size_t nprof;
	int64_t nwait; /* waits for other sections */
	/* per string id: 1 a path a call opens or makes, 0 none or text
	 * only (a link's target, a system path, a rewrite's original) */
	uint8_t *named;
};

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A gap or duration over the limit: refused with its line, as a script
 * could otherwise hold a process for ever (and 1e300 s is no time). */
static int too_long(const struct iol_rev *e, const struct iol_ropts *o,
		    struct iol_error *err)
{
	double g = o->lim.max_gap;
	int tl = o->pace == IOL_PACE_TIMELINE;

	if (e->gap <= g && (!tl || e->dur <= g))
		return 0;
	return iol_error_set(err, IOL_EINVAL,
			     "line %lu: a %s of %g s is longer than %g s "
			     "(--max-gap)",
			     (unsigned long)e->line,
			     e->gap > g ? "compute gap" : "call",
			     e->gap > g ? e->gap : e->dur, g);
}

static int scan_rank(const struct iol_rbin *b, const struct iol_ropts *o,
		     size_t r, struct scan *sc, size_t *capm,
		     struct iol_error *err)
{
	struct iol_rcursor cur;
	const struct iol_rev *e;
	double at = 0;
	int rc = iol_rcursor_open(&cur, b, r);

	while (rc == 0 && (rc = iol_rcursor_next(&cur, &e)) > 0) {
		rc = 0;
		at += e->gap + e->dur;
		if (e->path >= b->s.nstr || e->path2 >= b->s.nstr) {
			rc = IOL_ECORRUPT;
			break;
		}
		if ((rc = too_long(e, o, err)) != 0)
			break;
		sc->named[e->path] = 1;
		if (e->op != IOL_ROP_SYMLINK) /* its path2 is its text */
			sc->named[e->path2] = 1;
		/* a directory the script makes, by mkdir or by a rename
		 * (mv d2 d2.old): staging makes nothing beneath it */
		if ((e->op == IOL_ROP_MKDIR || e->op == IOL_ROP_RENAME) &&
		    e->ret == 0) {
			if (sc->nmkdir == *capm) {
				char **nm = realloc(sc->mkdirs,
						    (*capm = *capm * 2 + 16) *
							    sizeof(char *));
				if (!nm) {
					rc = IOL_ENOMEM;
					break;
				}
				sc->mkdirs = nm;
			}
			sc->mkdirs[sc->nmkdir++] = (char *)iol_rscript_s(
				&b->s,
				e->op == IOL_ROP_RENAME ? e->path2 : e->path);
		}
		sc->nwait += e->op == IOL_ROP_WAIT;
		if (e->op != IOL_ROP_END && e->op != IOL_ROP_WAIT && sc->prof) {
			sc->prof[2 * sc->nprof] = at;
			sc->prof[2 * sc->nprof++ + 1] = e->dur;
		}
	}
	iol_rcursor_release(&cur);
	return rc;
}

static int scan_events(const struct iol_rbin *b, const struct iol_ropts *o,
		       struct scan *sc, struct iol_error *err)
{
	size_t r, n = 0, capm = 0;
	int rc = 0;

	memset(sc, 0, sizeof(*sc));
	for (r = 0; r < b->s.nrank; r++)
		n += b->s.rank[r].n;
	if (o->profile && !(sc->prof = malloc((n + 1) * 2 * sizeof(double))))
		return IOL_ENOMEM;
	if (!(sc->named = calloc(b->s.nstr + 1, 1)))
		return IOL_ENOMEM;
	for (r = 0; r < b->s.nrank && rc == 0; r++)
		rc = scan_rank(b, o, r, sc, &capm, err);
	if (sc->nmkdir)
		qsort(sc->mkdirs, sc->nmkdir, sizeof(char *), cmpstr);
	return rc;
}

static int made_by_script(const struct scan *sc, const char *p)
{
	return sc->nmkdir && bsearch(&p, sc->mkdirs, sc->nmkdir, sizeof(char *),
				     cmpstr) != NULL;
}

static int staged_file(const struct scan *sc, const char *p)
{
	return sc->nfile && bsearch(&p, sc->files, sc->nfile, sizeof(char *),
				    cmpstr) != NULL;
}

/* A directory the job found and made again (rm -rf d && cp -r s d, mv d
 * d.old && mkdir d) is staged as it was before the job, the files
 * beneath it with it: the script removes or moves it before it makes
 * it.  So it is no directory "the script makes itself", at which
 * make_parents() stops. */
static int found_dirs_staged(struct scan *sc, const struct iol_rscript *s)
{
	unsigned char *out = calloc(sc->nmkdir + 1, 1);
	size_t i, k = 0;

	if (!out)
		return IOL_ENOMEM;
	for (i = 0; i < s->ninput && sc->nmkdir; i++) {
		const char *p = iol_rscript_s(s, s->input[i].path);
		char **hit;

		if (s->input[i].size >= 0 || s->input[i].target)
			continue;
		hit = bsearch(&p, sc->mkdirs, sc->nmkdir, sizeof(char *),
			      cmpstr);
		if (!hit)
			continue;
		/* every mkdir of it: the sorted copies are neighbours */
		while (hit > sc->mkdirs && !strcmp(hit[-1], p))
			hit--;
		for (; hit < sc->mkdirs + sc->nmkdir && !strcmp(*hit, p); hit++)
			out[hit - sc->mkdirs] = 1;
	}
	for (i = 0; i < sc->nmkdir; i++)
		if (!out[i])
			sc->mkdirs[k++] = sc->mkdirs[i];
	sc->nmkdir = k;
	free(out);
	return 0;
}

static int stopping(const struct iol_ropts *o)
{
	return o->stop && *o->stop;
}

/*
 * Staging: the directories above the paths, then the inputs.  The
 * directory made or found for the last path stays open, and the next
 * path (they come sorted) goes on from it: every prefix of every path
 * resolved again from the run directory took d²/2 lookups a path (400
 * paths beneath one prefix 2,040 deep: 42 s, with nothing made and so
 * nothing looked at, signals and --timeout included).  Each directory is
 * resolved beneath the one above it (openat2, RESOLVE_BENEATH, no link
 * followed), the first beneath the run directory; that is this
 * process's own (mkdtemp, 0700) and nothing replays in it yet.
 */
struct stg {
	int dirfd; /* the run directory */
	const struct iol_ropts *o;
	const struct scan *sc;
	double deadline; /* --timeout, counted from before staging */
	int64_t made;	 /* names made: a look every STAGE_CHECK */
	int64_t dirs;	 /* directories made */
	char last[4096]; /* the directory resolved last, beneath dirfd */
	size_t nlast;	 /* its bytes; 0 the run directory */
	int lastfd;	 /* its O_PATH descriptor; -1 the run directory */
	int below;	 /* nothing is made beneath last (the script makes
			    it, it is an input file, or a name too long) */
};

/* The directories (and files) staging makes between two looks at the
 * free inodes: a script's paths may name a billion directories
 * (100,000 paths each 2,000 deep), which took every inode of the file
 * system, and minutes, before the run's own guard (watch()) looked. */
#define STAGE_CHECK 64

/* -1 with errno EINTR when the run is stopped, ETIMEDOUT past the
 * deadline: looked at for every path and every block written. */
static int halted(const struct stg *g)
{
	if (stopping(g->o))
		errno = EINTR;
	else if (rnow() > g->deadline)
		errno = ETIMEDOUT;
	else
		return 0;
	return -1;
}

/* A directory or input file made by staging: -1 with errno ENOSPC when
 * the file system has fallen below its margin, or as halted(). */
static int staged_one(struct stg *g)
{
	if (++g->made % STAGE_CHECK)
		return 0;
	if (halted(g))
		return -1;
	if (!disk_low(g->dirfd, g->o->lim.margin))
		return 0;
	errno = ENOSPC;
	return -1;
}

/* The bytes of p's first end that name the same directories as
 * g->last's first ones: both end there or at a '/'. */
static size_t shared_dirs(const struct stg *g, const char *p, size_t end)
{
	size_t m = 0, lim = g->nlast < end ? g->nlast : end;

	while (m < lim && g->last[m] == p[m])
		m++;
	if ((m == g->nlast || g->last[m] == '/') && (m == end || p[m] == '/'))
		return m;
	while (m > 0 && p[--m] != '/')
		;
	return m;
}

/* g->last cut back to its first k bytes (k 0, or where a component
 * ends), with its descriptor: one lookup of k bytes. */
static int cut_back(struct stg *g, const char *p, size_t k)
{
	char d[4096];
	int fd;

	if (k == g->nlast)
		return 0;
	if (g->lastfd >= 0)
		close(g->lastfd);
	g->lastfd = -1, g->nlast = 0, g->below = 0;
	if (k == 0)
		return 0;
	memcpy(d, p, k);
	d[k] = 0;
	fd = iol_sbx_open(g->dirfd, d, O_PATH | O_DIRECTORY, 0);
	if (fd < 0)
		return -1;
	memcpy(g->last, p, k);
	g->lastfd = fd, g->nlast = k;
	return 0;
}

/* Nothing is made beneath p's first k bytes. */
static int stop_at(struct stg *g, const char *p, size_t k)
{
	if (g->lastfd >= 0)
		close(g->lastfd);
	memcpy(g->last, p, k);
	g->lastfd = -1, g->nlast = k, g->below = 1;
	return 0;
}

/* Make the component name in g->last (p's first k bytes), and go on
 * into it. */
static int make_one(struct stg *g, const char *p, size_t k, const char *name,
		    int lastone)
{
	int at = g->nlast ? g->lastfd : g->dirfd, fd;

	/* no set-ID or sticky bits, and always removable (sandbox.c) */
	if (mkdirat(at, name, 0755) == 0) {
		g->dirs++;
		if (g->dirs > g->o->lim.max_inputs) {
			errno = E2BIG; /* staging_failed() */
			return -1;
		}
		if (staged_one(g) < 0)
			return -1;
	} else if (errno != EEXIST) {
		return -1;
	}
	fd = iol_sbx_open(at, name, O_PATH | O_DIRECTORY | O_NOFOLLOW, 0);
	if (fd < 0) /* an input made before, not a directory: as before */
		return lastone && errno == ENOTDIR ? 0 : -1;
	if (g->lastfd >= 0)
		close(g->lastfd);
	memcpy(g->last, p, k);
	g->lastfd = fd, g->nlast = k;
	return 0;
}

/* mkdir -p of the directories above path (and path itself when self),
 * stopping at one the script makes itself or stages as a file: a call
 * that named an input file as a directory ("x/changelog.gz/y", failed
 * with ENOTDIR) must not make it one before it is staged ("cannot stage
 * 'x/changelog.gz': File exists"); the call fails here as it did. */
static int make_parents(struct stg *g, const char *path, int self)
{
	char p[4096], name[256];
	const char *slash = strrchr(path, '/');
	size_t n = strlen(path), end, pos, q;

	/* longer than the kernel takes: its call fails ENAMETOOLONG, as
	 * the original's did (the run was refused, "cannot make
	 * directories" with an errno left from before) */
	if (n >= sizeof(p))
		return 0;
	memcpy(p, path, n + 1);
	end = self ? n : slash ? (size_t)(slash - path) : 0;
	pos = shared_dirs(g, p, end);
	if (pos == g->nlast && g->below)
		return 0;
	if (cut_back(g, p, pos))
		return IOL_EIO;
	while (pos < end) {
		while (pos < end && p[pos] == '/')
			pos++;
		for (q = pos; q < end && p[q] != '/'; q++)
			;
		if (q == pos)
			break;
		/* a name too long for the kernel (past 255 bytes) is left:
		 * its calls fail so, as the original's did */
		if (q - pos >= sizeof(name))
			return stop_at(g, p, q);
		memcpy(name, p + pos, q - pos);
		name[q - pos] = 0;
		p[q] = 0;
		if (made_by_script(g->sc, p) ||
		    (q < n && staged_file(g->sc, p)))
			return stop_at(g, p, q);
		p[q] = path[q];
		/* "." and "a/.": the directory there already */
		if (strcmp(name, ".") && make_one(g, p, q, name, q == n))
			return IOL_EIO;
		pos = q;
	}
	return 0;
}

/* An input of size bytes, filled with non-zero bytes; given up when the
 * run is stopped or past its deadline (a signal must not wait for
 * gigabytes to be written). */
static int stage_file(struct stg *g, const char *path, int64_t size)
{
	static char block[65536];
	int f = iol_sbx_open(g->dirfd, path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	int64_t left = size;

	if (f < 0)
		return IOL_EIO;
	if (!block[0])
		memset(block, 0x5a, sizeof(block));
	while (left > 0) {
		size_t k = left < (int64_t)sizeof(block) ? (size_t)left
							 : sizeof(block);
		ssize_t w = halted(g) ? -1 : write(f, block, k);

		if (w <= 0) {
			close(f);
			return IOL_EIO;
		}
		left -= w;
	}
	/* on disk before the replay starts: the original found its inputs
	 * clean, and their writeback must not slow the replayed calls */
	if (size > 0 && fsync(f)) {
		close(f);
		return IOL_EIO;
	}
	return close(f) ? IOL_EIO : 0;
}

/* A symbolic link the job found, with its target checked again (a
 * compiled form may not come from the parser), made beneath the run
 * directory like the script's own links. */
static int stage_link(struct stg *g, const struct iol_rscript *s,
		      const struct iol_rinput *in)
{
	const char *p = iol_rscript_s(s, in->path);
	const char *t = iol_rscript_s(s, in->target);

	if (!iol_rlink_ok(p, t)) {
		errno = EPERM;
		return IOL_EIO;
	}
	if (iol_sbx_symlink(g->dirfd, t, p) < 0)
		return IOL_EIO;
	return staged_one(g) < 0 ? IOL_EIO : 0;
}

/* Why staging stopped: a signal, the deadline, the margin
 * (staged_one()), the directories past --max-inputs, or what failed on
 * what. */
static int staging_failed(struct iol_error *err, struct iol_rresult *res,
			  const struct iol_ropts *o, const char *what)
{
	if (errno == EINTR) {
		res->stopped = 1;
		return iol_error_set(err, IOL_EIO, "stopped");
	}
	if (errno == ETIMEDOUT) {
		res->timed_out = 1;
		return iol_error_set(err, IOL_EIO,
				     "timed out (--timeout) while staging");
	}
	if (errno == ENOSPC) {
		res->disk_full = 1;
		return iol_error_set(err, IOL_EIO,
				     "stopped while staging: the sandbox's "
				     "file system fell below its margin of "
				     "free space or inodes");
	}
	if (errno == E2BIG)
		return iol_error_set(err, IOL_EINVAL,
				     "the script stages more than %lld "
				     "directories above its paths; the limit "
				     "is %lld (--max-inputs)",
				     (long long)o->lim.max_inputs,
				     (long long)o->lim.max_inputs);
	return iol_error_set(err, IOL_EIO, "%s: %s", what, strerror(errno));
}

/* The paths the replay opens or makes (sc->named) and the inputs',
 * sorted: a path goes on from the directory of the one before.  Not a
 * link's text, a system path or a rewrite's original: 50,000 "system"
 * lines made 50,000 directories. */
static const char **paths_named(const struct iol_rscript *s, struct scan *sc,
				size_t *n)
{
	const char **v = malloc((s->nstr + 1) * sizeof(char *));
	size_t i;

	*n = 0;
	if (!v)
		return NULL;
	for (i = 0; i < s->ninput; i++)
		if (s->input[i].path < s->nstr)
			sc->named[s->input[i].path] = 1;
	for (i = 1; i < s->nstr; i++)
		if (sc->named[i] && iol_rpath_ok(iol_rscript_s(s, (uint32_t)i)))
			v[(*n)++] = iol_rscript_s(s, (uint32_t)i);
	if (*n)
		qsort(v, *n, sizeof(char *), cmpstr);
	return v;
}

static int stage_inputs(const struct iol_rscript *s, struct stg *g,
			struct iol_rresult *res, struct iol_error *err)
{
	size_t i;
	int rc;

	for (i = 0; i < s->ninput; i++) {
		const char *p = iol_rscript_s(s, s->input[i].path);

		if (halted(g))
			return staging_failed(err, res, g->o, p);
		if (!iol_rpath_ok(p))
			return iol_error_set(
				err, IOL_ECORRUPT,
				"input '%s' is outside the sandbox", p);
		if (s->input[i].target) {
			rc = stage_link(g, s, &s->input[i]);
		} else if (s->input[i].size < 0) {
			rc = make_parents(g, p, 1);
		} else {
			rc = stage_file(g, p, s->input[i].size);
			if (!rc && staged_one(g) < 0)
				rc = IOL_EIO;
			res->staged_bytes += s->input[i].size;
		}
		res->ninputs++;
		if (rc && (errno == ENOSPC || errno == EINTR ||
			   errno == ETIMEDOUT || errno == E2BIG))
			return staging_failed(err, res, g->o, p);
		if (rc)
			return iol_error_set(err, IOL_EIO,
					     "cannot stage '%s': %s", p,
					     strerror(errno));
	}
	return 0;
}

static int stage(const struct iol_rbin *b, struct stg *g, struct scan *sc,
		 struct iol_rresult *res, struct iol_error *err)
{
	const struct iol_rscript *s = &b->s;
	const char **named;
	size_t i, n;
	int rc = 0;

	sc->files = malloc((s->ninput + 1) * sizeof(char *));
	named = paths_named(s, sc, &n);
	if (!sc->files || !named) {
		free(named);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	for (i = 0; i < s->ninput; i++)
		if (s->input[i].size >= 0 || s->input[i].target)
			sc->files[sc->nfile++] =
				iol_rscript_s(s, s->input[i].path);
	if (sc->nfile)
		qsort(sc->files, sc->nfile, sizeof(char *), cmpstr);
	if (found_dirs_staged(sc, s)) {
		free(named);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	for (i = 0; i < n && rc == 0; i++)
		rc = halted(g) ? IOL_EIO : make_parents(g, named[i], 0);
	free(named);
	if (rc)
		rc = staging_failed(err, res, g->o, "cannot make directories");
	if (!rc)
		rc = stage_inputs(s, g, res, err);
	res->staged_dirs = g->dirs;
	if (g->lastfd >= 0)
		close(g->lastfd);
	g->lastfd = -1;
	return rc;
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* (end, duration) pairs into a cumulative profile. */
static int profile_of(struct iol_rprofile *p, double *pairs, size_t n)
{
	size_t i;
	double cum = 0;

	p->t = malloc((n + 1) * sizeof(double));
	p->cum = malloc((n + 1) * sizeof(double));
	if (!p->t || !p->cum)
		return IOL_ENOMEM;
	qsort(pairs, n, 2 * sizeof(double), cmpd);
	for (i = 0; i < n; i++) {
		cum += pairs[2 * i + 1];
		p->t[i] = pairs[2 * i];
		p->cum[i] = cum;
	}
	p->n = n;
	return 0;
}

struct shared {
	void *mem;
	size_t len;
	struct rstat *st;
	int64_t (*file)[3]; /* nrank x nstr */
	double *prof;	    /* 2 per event of every rank, ranks in order */
	size_t *pfirst;
	struct rprog *prog;  /* every rank's progress, for the waits */
	size_t plen;	     /* bytes of the file mapping of prog (group) */
	struct iol_rev **ev; /* per rank: preloaded events, or NULL */
	size_t *nev;
	struct rstart *start; /* the common start, or NULL (a group) */
};

static int shared_map(struct shared *m, const struct iol_rbin *b, int prof)
{
	size_t nr = b->s.nrank, nf = b->s.nstr, ne = 0, r;
	size_t a, f;

	for (r = 0; r < nr; r++)
		ne += b->s.rank[r].n;
	a = nr * sizeof(struct rstat);
	f = nr * nf * sizeof(*m->file);
	m->len = a + f + (prof ? ne * 2 * sizeof(double) : 0) +
		 (m->prog ? 0 : nr * sizeof(struct rprog)) +
		 sizeof(struct rstart) + 64;
	m->mem = mmap(NULL, m->len, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m->mem == MAP_FAILED)
		return IOL_ENOMEM;
	m->st = m->mem;
	m->file = (void *)((char *)m->mem + a);
	m->prof = prof ? (double *)((char *)m->mem + a + f) : NULL;
	if (!m->prog) /* alone: the ranks are this process's children */
		m->prog =
			(struct rprog *)((char *)m->mem + a + f +
					 (prof ? ne * 2 * sizeof(double) : 0));
	/* last, after every other part (each a multiple of 8 bytes) */
	m->start = (struct rstart *)((char *)m->mem + m->len - 64 -
				     sizeof(struct rstart));
	m->pfirst = calloc(nr + 1, sizeof(size_t));
	if (!m->pfirst)
		return IOL_ENOMEM;
	for (r = 0; r < nr; r++)
		m->pfirst[r + 1] = m->pfirst[r] + b->s.rank[r].n;
	return 0;
}

static void preload(const struct iol_rbin *b, const struct iol_ropts *o,
		    struct shared *m);

static void unpreload(struct shared *m, size_t nr)
{
	size_t r;

	for (r = 0; m->ev && r < nr; r++)
		free(m->ev[r]);
	free(m->ev);
	free(m->nev);
	m->ev = NULL;
	m->nev = NULL;
}

/* Whether this process replays section r (all of them when alone): in a
 * group, member k replays the sections of the trace's ranks k, k + n...
 * (a process's threads are sections of one rank). */
static int owned(const struct iol_rbin *b, const struct iol_rgroup *g, size_t r)
{
	int64_t rank = b->s.rank[r].rank;

	if (!g || g->n < 2)
		return 1;
	return (uint64_t)(rank < 0 ? -(rank + 1) : rank) % (uint64_t)g->n ==
	       (uint64_t)g->me;
}

static struct rctx rank_ctx(const struct rctx *base, struct shared *m, size_t r)
{
	struct rctx c = *base;

	c.st = &m->st[r];
	c.prog = m->prog;
	c.file = m->file + r * base->b->s.nstr;
	c.ev = m->ev ? m->ev[r] : NULL;
	c.nev = m->nev ? m->nev[r] : 0;
	c.prof = m->prof ? m->prof + 2 * m->pfirst[r] : NULL;
	c.start = m->start;
	return c;
}

/* Replay the process whose first section is r: the section alone, or
 * its sections as threads of this process. */
static int replay_one(const struct rctx *base, struct shared *m,
		      const size_t *next, size_t r)
{
	size_t n = 0, k, *sec;
	struct rctx c, *cs;
	int rc;

	for (k = r; k != SIZE_MAX; k = next[k])
		n++;
	if (n == 1) {
		c = rank_ctx(base, m, r);
		return replay_rank(&c, r);
	}
	sec = malloc(n * sizeof(*sec));
	cs = malloc(n * sizeof(*cs));
	if (!sec || !cs) {
		for (k = r; k != SIZE_MAX; k = next[k])
			section_end(&m->prog[k]);
		rc = IOL_ENOMEM;
	} else {
		for (k = r, n = 0; k != SIZE_MAX; k = next[k], n++)
			sec[n] = k, cs[n] = rank_ctx(base, m, k);
		rc = replay_process(cs, sec, n);
	}
	free(sec);
	free(cs);
	return rc;
}

/* In a replaying process: the second wall, Landlock, around the run
 * directory; what was applied is told through every section of the
 * process.  0, or 1 when the kernel has Landlock and it failed. */
static int confine(const struct rctx *base, struct shared *m,
		   const size_t *next, size_t r)
{
	int v = iol_sbx_landlock(base->dirfd);
	size_t k;

	v = v < 0 ? -(errno ? errno : EPERM) : v;
	for (k = r; k != SIZE_MAX; k = next[k]) {
		m->st[k].landlock = v;
		if (v < 0)
			section_end(&m->prog[k]);
	}
	return v < 0;
}

/* The descriptors one replaying process may hold (the usual soft limit):
 * the caller's limit may be far higher, and 1024 processes opening
 * without closing must not fill the system's file table. */
#define RANK_FDS 1024

static int cap_fds(void)
{
	struct rlimit l;

	if (getrlimit(RLIMIT_NOFILE, &l))
		return -1;
	if (l.rlim_cur > RANK_FDS)
		l.rlim_cur = RANK_FDS;
	if (l.rlim_max > RANK_FDS)
		l.rlim_max = RANK_FDS;
	return setrlimit(RLIMIT_NOFILE, &l);
}

struct place {
	const struct rctx *base;
	struct shared *m;
	const size_t *next;
	size_t r;
};

static void *place_main(void *p)
{
	struct place *a = p;

	if (confine(a->base, a->m, a->next, a->r) == 0)
		replay_one(a->base, a->m, a->next, a->r);
	return NULL;
}

/* An MPI process replays its one traced process in place (it never
 * forks), in a thread of its own that Landlock confines: Landlock and
 * no new privileges bind the thread that asks and the threads it starts
 * after (the section's), not the process.  MPI's own threads stay free,
 * and so does this one after, which removes the progress file beside
 * the run directory, writes the report and loads the drawing module.
 * The done flags tell gather() how it went. */
static int in_place(const struct rctx *base, struct shared *m,
		    const size_t *next, size_t r, struct iol_error *err)
{
	struct place a = {base, m, next, r};
	pthread_t t;
	size_t k;
	int e = pthread_create(&t, NULL, place_main, &a);

	if (e == 0) {
		pthread_join(t, NULL);
		return 0;
	}
	for (k = r; k != SIZE_MAX; k = next[k])
		section_end(&m->prog[k]);
	return iol_error_set(err, IOL_EIO, "cannot start a thread: %s",
			     strerror(e));
}

/* A process of its own for each traced process this process replays
 * (a traced process's threads are threads of it); in a group with one
 * to replay, this process replays it (an MPI process then never
 * forks).  pids[r] is set for the first section r of each. */
static int fork_ranks(struct rctx *base, struct shared *m, pid_t *pids,
		      struct iol_error *err)
{
	size_t r, nr = base->b->s.nrank, mine = 0, last = 0;
	pid_t parent = getpid();
	size_t *lead = malloc((nr + 1) * sizeof(*lead));
	size_t *next = malloc((nr + 1) * sizeof(*next));
	int rc = lead && next ? iol_rscript_groups(&base->b->s, lead, next)
			      : IOL_ENOMEM;

	for (r = 0; rc == 0 && r < nr; r++)
		if (lead[r] == r && owned(base->b, base->o->group, r))
			mine++, last = r;
	if (rc == 0 && base->o->group && base->o->group->n > 1 && mine == 1) {
		base->unwatched = 1;
		rc = in_place(base, m, next, last, err);
		mine = 0;
	}
	for (r = 0; rc == 0 && mine > 0 && r < nr; r++) {
		if (lead[r] != r || !owned(base->b, base->o->group, r))
			continue;
		pids[r] = fork();
		if (pids[r] < 0) {
			while (r--)
				if (pids[r] > 0)
					kill(pids[r], SIGKILL);
			rc = iol_error_set(err, IOL_EIO, "cannot fork: %s",
					   strerror(errno));
			break;
		}
		if (pids[r] == 0) {
			int x;

			/* a rank never outlives the process that watches its
			 * deadline and the free space and removes the run
			 * directory: killed with it, at once if gone */
			if (prctl(PR_SET_PDEATHSIG, SIGKILL) ||
			    getppid() != parent || cap_fds())
				_exit(1);
			x = confine(base, m, next, r);
			if (x == 0)
				x = replay_one(base, m, next, r) ? 1 : 0;

			free(m->pfirst);
			free(lead);
			free(next);
			_exit(x);
		}
	}
	free(lead);
	free(next);
	if (rc == IOL_ENOMEM)
		return iol_error_set(err, rc, "out of memory");
	return rc;
}

/* The first failures of every section, earliest line first. */
static int cmpfail(const void *a, const void *b)
{
	const struct iol_rfail *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return (x->rank > y->rank) - (x->rank < y->rank);
}

static void gather_fails(const struct iol_rbin *b, const struct rstat *s,
			 size_t r, struct iol_rfail *all, size_t *nall)
{
	int64_t k;

	for (k = 0; k < s->mismatched && k < IOL_RFAIL_KEEP; k++) {
		all[*nall] = s->fail[k];
		all[(*nall)++].rank = b->s.rank[r].rank;
	}
}

/* Why a rank stopped short, if one did. */
static int rank_trouble(const struct iol_rbin *b, const struct shared *m,
			struct iol_error *err)
{
	size_t r;

	for (r = 0; r < b->s.nrank; r++)
		if (m->st[r].landlock < 0)
			return iol_error_set(
				err, IOL_EIO,
				"cannot confine the replay with Landlock: %s",
				strerror((int)-m->st[r].landlock));
	for (r = 0; r < b->s.nrank; r++)
		if (!m->st[r].done)
			return iol_error_set(err, IOL_EIO,
					     "rank %lld did not finish",
					     (long long)b->s.rank[r].rank);
	return 0;
}

static void add_rank(struct iol_rresult *res, const struct rstat *s,
		     const int64_t (*file)[3], size_t nf)
{
	struct iol_rtotals *t = &res->rep;
	size_t i;

	if (s->landlock < res->landlock)
		res->landlock = (int)s->landlock;
	res->timed_out |= s->timed_out == 1;
	res->disk_full |= s->timed_out == 2;
	res->stopped |= s->timed_out == 3;
	if (s->t.run_s > t->run_s)
		t->run_s = s->t.run_s;
	t->read_s += s->t.read_s, t->write_s += s->t.write_s;
	t->meta_s += s->t.meta_s, t->bytes_read += s->t.bytes_read;
	t->bytes_written += s->t.bytes_written, t->ops += s->t.ops;
	res->mismatched += s->mismatched;
	res->broken += s->broken;
	res->clones += s->clones;
	res->clone_copies += s->clone_copies;
	res->clone_bytes += s->clone_bytes;
	res->inodes += s->inodes;
	res->inflate_s += s->inflate_s;
	res->engine_s += s->engine_s;
	res->repaid_s += s->repaid_s;
	if (s->late > res->max_late)
		res->max_late = s->late;
	for (i = 0; i < nf; i++) {
		res->rep_file[i][0] += file[i][0];
		res->rep_file[i][1] += file[i][1];
		res->rep_file[i][2] += file[i][2];
	}
}

static int gather(const struct iol_rbin *b, struct shared *m,
		  struct iol_rresult *res, struct iol_error *err)
{
	size_t r, nf = b->s.nstr, nall = 0;
	struct iol_rfail *all;

	res->rep_file = calloc(nf ? nf : 1, sizeof(*res->rep_file));
	all = calloc(b->s.nrank * IOL_RFAIL_KEEP + 1, sizeof(*all));
	if (!res->rep_file || !all) {
		free(all);
		return IOL_ENOMEM;
	}
	res->nfile = nf;
	res->landlock = b->s.nrank ? INT32_MAX : 0;
	res->landlock_kernel = iol_sbx_landlock_abi();
	for (r = 0; r < b->s.nrank; r++) {
		add_rank(res, &m->st[r],
			 (const int64_t(*)[3])(m->file + r * nf), nf);
		gather_fails(b, &m->st[r], r, all, &nall);
	}
	qsort(all, nall, sizeof(*all), cmpfail);
	res->nfail = nall < IOL_RFAIL_KEEP ? nall : IOL_RFAIL_KEEP;
	memcpy(res->fail, all, res->nfail * sizeof(*all));
	free(all);
	return rank_trouble(b, m, err);
}

/* The sandbox (made when missing), a descriptor of it, and a fresh run
 * directory in it with its descriptor. */
static int make_rundir(const struct iol_ropts *o, struct iol_rresult *res,
		       int *made, int *sbfd, int *dirfd, struct iol_error *err)
{
	struct stat st;
	const char *base;

	*made = mkdir(o->dir, 0755) == 0;
	if (!*made && errno != EEXIST)
		return iol_error_set(err, IOL_EIO, "cannot make '%s': %s",
				     o->dir, strerror(errno));
	if (stat(o->dir, &st) || !S_ISDIR(st.st_mode))
		return iol_error_set(err, IOL_EIO, "'%s' is not a directory",
				     o->dir);
	*sbfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (*sbfd < 0)
		return iol_error_set(err, IOL_EIO, "cannot open '%s': %s",
				     o->dir, strerror(errno));
	snprintf(res->rundir, sizeof(res->rundir), "%s/iolens-replay.XXXXXX",
		 o->dir);
	if (!mkdtemp(res->rundir)) {
		res->rundir[0] = 0;
		return iol_error_set(err, IOL_EIO,
				     "cannot make a directory "
				     "in '%s': %s",
				     o->dir, strerror(errno));
	}
	base = strrchr(res->rundir, '/') + 1;
	*dirfd = openat(*sbfd, base,
			O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (*dirfd < 0)
		return iol_error_set(err, IOL_EIO, "cannot open '%s': %s",
				     res->rundir, strerror(errno));
	return 0;
}

/* The doubles of a rank's struct rstat that combine() sums, and its
 * integers: 12 counts, then line, op, errno and the original's of each
 * call kept as failed (else member 0 named a section's failures of
 * another member "line 0: end succeeded here"). */
#define ND 8
#define NK (12 + 4 * IOL_RFAIL_KEEP)

/* Sum every member's part of the shared results onto member 0's: each
 * rank's slots are written by the one member that replayed it and are
 * zero in the others, so the sums are that member's values. */
static void fails_out(const struct rstat *st, int64_t *k)
{
	size_t i;

	for (i = 0; i < IOL_RFAIL_KEEP; i++, k += 4)
		k[0] = st->fail[i].line, k[1] = st->fail[i].op,
		k[2] = st->fail[i].err, k[3] = st->fail[i].orig_err;
}

static void fails_in(struct rstat *st, const int64_t *k)
{
	size_t i;

	for (i = 0; i < IOL_RFAIL_KEEP; i++, k += 4) {
		st->fail[i].line = k[0];
		st->fail[i].op = (int32_t)k[1];
		st->fail[i].err = (int32_t)k[2];
		st->fail[i].orig_err = (int32_t)k[3];
	}
}

static int combine(const struct iol_rgroup *g, const struct iol_rbin *b,
		   struct shared *m)
{
	size_t nr = b->s.nrank, r, ne = m->pfirst[nr];
	double *d = calloc(nr * ND + 1, sizeof(*d));
	int64_t *k = calloc(nr * NK + 1, sizeof(*k));
	int rc = d && k ? 0 : IOL_ENOMEM;

	if (rc) { /* the others are in the next collective call already */
		g->abort(g->ctx);
		free(d);
		free(k);
		return rc;
	}
	for (r = 0; r < nr; r++) {
		const struct rstat *st = &m->st[r];
		double dv[ND] = {st->t.run_s,  st->t.read_s, st->t.write_s,
				 st->t.meta_s, st->late,     st->inflate_s,
				 st->engine_s, st->repaid_s};
		int64_t kv[12] = {st->t.bytes_read, st->t.bytes_written,
				  st->t.ops,	    st->mismatched,
				  st->done,	    st->broken,
				  st->landlock,	    st->timed_out,
				  st->clones,	    st->clone_copies,
				  st->clone_bytes,  st->inodes};

		memcpy(d + ND * r, dv, sizeof(dv));
		memcpy(k + NK * r, kv, sizeof(kv));
		fails_out(st, k + NK * r + 12);
	}
	if (g->sum(g->ctx, d, nr * ND) || g->sum64(g->ctx, k, nr * NK) ||
	    g->sum64(g->ctx, &m->file[0][0], nr * b->s.nstr * 3) ||
	    (m->prof && g->sum(g->ctx, m->prof, 2 * ne)))
		rc = IOL_EIO;
	for (r = 0; rc == 0 && g->me == 0 && r < nr; r++) {
		struct rstat *st = &m->st[r];

		st->t.run_s = d[ND * r], st->t.read_s = d[ND * r + 1];
		st->t.write_s = d[ND * r + 2], st->t.meta_s = d[ND * r + 3];
		st->late = d[ND * r + 4], st->inflate_s = d[ND * r + 5];
		st->engine_s = d[ND * r + 6], st->repaid_s = d[ND * r + 7];
		st->t.bytes_read = k[NK * r],
		st->t.bytes_written = k[NK * r + 1];
		st->t.ops = k[NK * r + 2], st->mismatched = k[NK * r + 3];
		st->done = k[NK * r + 4], st->broken = k[NK * r + 5];
		st->landlock = k[NK * r + 6], st->timed_out = k[NK * r + 7];
		st->clones = k[NK * r + 8], st->clone_copies = k[NK * r + 9];
		st->clone_bytes = k[NK * r + 10], st->inodes = k[NK * r + 11];
		fails_in(st, k + NK * r + 12);
	}
	free(d);
	free(k);
	return rc;
}

/* Kill every rank still running (they are ended, not asked). */
static void kill_all(const pid_t *pids, size_t nr)
{
	size_t r;

	for (r = 0; r < nr; r++)
		if (pids[r] > 0)
			kill(pids[r], SIGKILL);
}

static int64_t calls_made(const struct shared *m, size_t nr)
{
	int64_t n = 0;
	size_t r;

	for (r = 0; r < nr; r++)
		n += atomic_load(&m->prog[r].calls);
	return n;
}

/* Whether a section has stopped itself at the margin (engine-rank.c:
 * past_margin()): then the run stops, as when the watcher sees it. */
static int margin_hit(const struct shared *m, size_t nr)
{
	size_t r;

	for (r = 0; r < nr; r++)
		if (m->st[r].timed_out == 2)
			return 1;
	return 0;
}

/* Wait for the ranks; stop them on o->stop, at the deadline or when the
 * file system fills; report progress meanwhile. */
static void watch(const struct rctx *c, struct shared *m, pid_t *pids, int sbfd,
		  struct iol_rresult *res)
{
	const struct iol_ropts *o = c->o;
	size_t r, nr = c->b->s.nrank, left = 0;
	double next = 0, t;
	int status, killed = 0;
	struct timespec nap = {0, 10000000};

	for (r = 0; r < nr; r++)
		left += pids[r] > 0;
	while (left) {
		for (r = 0; r < nr; r++)
			if (pids[r] > 0 &&
			    waitpid(pids[r], &status, WNOHANG) == pids[r])
				pids[r] = 0, left--;
		t = rnow();
		if (!killed && (stopping(o) || t > c->deadline + 1 ||
				(t > next && (disk_low(sbfd, o->lim.margin) ||
					      margin_hit(m, nr))))) {
			res->stopped = stopping(o);
			res->timed_out |= !res->stopped && t > c->deadline + 1;
			res->disk_full = !res->stopped && !res->timed_out;
			kill_all(pids, nr);
			killed = 1;
		}
		if (t > next && o->progress) {
			o->progress(o->pctx, calls_made(m, nr), c->b->tot.ops);
			next = t + 0.1;
		} else if (t > next) {
			next = t + 0.1;
		}
		if (left)
			nanosleep(&nap, NULL);
	}
	if (o->progress && !killed)
		o->progress(o->pctx, calls_made(m, nr), c->b->tot.ops);
}

/* Whether a rank's process is still running (one that has ended is
 * reaped: pids[r] 0, as watch() does). */
static int any_alive(pid_t *pids, size_t nr)
{
	size_t r;
	int n = 0, st;

	for (r = 0; r < nr; r++)
		if (pids[r] > 0 && waitpid(pids[r], &st, WNOHANG) == pids[r])
			pids[r] = 0;
		else if (pids[r] > 0)
			n++;
	return n > 0;
}

#define START_WAIT 10.0 /* s: the longest wait for the ranks' ready */

/* The common start: once every section has said it is ready, or has
 * ended before (it failed), or after START_WAIT; 1 ms ahead, for the
 * ranks to wake. */
static void start_all(struct rctx *c, struct shared *m, pid_t *pids)
{
	size_t r, nr = c->b->s.nrank;
	double give_up = rnow() + START_WAIT;
	struct timespec nap = {0, 100000};
	int64_t n;

	for (;;) {
		n = atomic_load(&m->start->ready);
		for (r = 0; r < nr; r++)
			n += atomic_load(&m->prog[r].done);
		if (n >= (int64_t)nr || rnow() > give_up || stopping(c->o) ||
		    !any_alive(pids, nr))
			break;
		nanosleep(&nap, NULL);
	}
	c->t0 = rnow() + 0.001; /* the deadline was set before staging */
	m->start->t0 = c->t0;
	m->start->deadline = c->deadline;
	atomic_store_explicit(&m->start->go, 1, memory_order_release);
	syscall(SYS_futex, iol_low32(&m->start->go), FUTEX_WAKE, INT_MAX, NULL,
		NULL, 0);
}

static int run_forked(struct rctx *c, struct shared *m, int sbfd,
		      struct iol_rresult *res, struct iol_error *err)
{
	const struct iol_rgroup *g = c->o->group;
	size_t nr = c->b->s.nrank;
	pid_t *pids = calloc(nr ? nr : 1, sizeof(pid_t));
	int rc;

	if (!pids) {
		if (g && g->n > 1)
			g->abort(g->ctx);
		return IOL_ENOMEM;
	}
	preload(c->b, c->o, m);
	/* every member starts its clock as the group leaves the barrier
	 * (a failed barrier is the caller's to end: MPI aborts the job),
	 * a little ahead so that its ranks are forked by then; alone, the
	 * ranks start together once all are ready (start_all) */
	if (g && g->n > 1) {
		g->barrier(g->ctx);
		m->start = NULL;
	}
	c->t0 = rnow() + 0.02 + 0.001 * (double)nr;
	rc = fork_ranks(c, m, pids, err);
	if (m->start && rc == 0)
		start_all(c, m, pids);
	watch(c, m, pids, sbfd, res);
	unpreload(m, nr);
	free(pids);
	if (g && g->n > 1) {
		int rc2 = combine(g, c->b, m);

		if (g->me != 0) /* member 0 reports */
			return rc ? rc : rc2;
		rc = rc ? rc : rc2;
	}
	if (rc == 0)
		rc = gather(c->b, m, res, err);
	if (res->stopped || res->timed_out || res->disk_full)
		rc = iol_error_set(err, IOL_EIO, "%s",
				   res->stopped ? "stopped"
				   : res->timed_out
					   ? "timed out (--timeout)"
					   : "stopped: the sandbox's file "
					     "system fell below its margin of "
					     "free space or inodes");
	if (rc == 0 && m->prof)
		rc = profile_of(&res->prep, m->prof, m->pfirst[nr]);
	return rc;
}

/* Member 0 makes and stages the run directory and tells the others
 * where it is and which it is (its device and inode, and its progress
 * file's), or that it failed.  They open both by name in the sandbox,
 * following no link, and take them only if they are those: another user
 * who may write in the sandbox could swap either between the staging
 * and their open, for a link (a member then replayed as root, beneath
 * the link's target) or for another file. */
struct rdmsg {
	int32_t rc;
	char boot[40];		 /* member 0's node: its devices are ours */
	uint64_t dev[2], ino[2]; /* the run directory's, the progress file's */
	char rundir[4096];
};

static int map_progress(const struct iol_rgroup *g, struct shared *m, int sbfd,
			struct rdmsg *x, size_t nr, struct iol_error *err);

/* This node's boot id, or "": a device number is one node's. */
static void boot_id(char *b, size_t n)
{
	int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
	ssize_t k = fd >= 0 ? read(fd, b, n - 1) : -1;

	if (fd >= 0)
		close(fd);
	b[k > 0 ? k : 0] = 0;
	b[strcspn(b, "\n")] = 0;
}

/* The device member 0 saw file i on, where this member sees the same
 * devices; else (dev_t)-1: the inode alone (iol_sbx_open_made()). */
static dev_t dev_of(const struct rdmsg *x, int i)
{
	char b[40];

	boot_id(b, sizeof(b));
	return strcmp(b, x->boot) ? (dev_t)-1 : (dev_t)x->dev[i];
}

/* Why iol_sbx_open_made() refused a file: errno e, or what it is. */
static const char *not_made(int e)
{
	return e == ESTALE  ? "not the one the first process made"
	       : e == ELOOP ? "a symbolic link"
			    : strerror(e);
}

/* A member other than 0: the run directory member 0 made, in the
 * sandbox (opened here as sbfd). */
static int open_rundir(const struct rdmsg *x, int sbfd, int *dirfd,
		       struct iol_error *err)
{
	const char *base = strrchr(x->rundir, '/');

	*dirfd = iol_sbx_open_made(sbfd, base ? base + 1 : x->rundir,
				   O_RDONLY | O_DIRECTORY, dev_of(x, 0),
				   (ino_t)x->ino[0]);
	if (*dirfd >= 0)
		return 0;
	return iol_error_set(err, IOL_EIO, "cannot open '%s': %s", x->rundir,
			     not_made(errno));
}

/* Member 0: which the run directory is, and the progress file made
 * beside it. */
static int share_made(const struct iol_rgroup *g, struct rctx *c,
		      struct shared *m, int sbfd, struct rdmsg *x,
		      struct iol_error *err)
{
	struct stat st;

	if (fstat(c->dirfd, &st))
		return iol_error_set(err, IOL_EIO, "cannot stat '%s': %s",
				     x->rundir, strerror(errno));
	x->dev[0] = st.st_dev, x->ino[0] = st.st_ino;
	boot_id(x->boot, sizeof(x->boot));
	return map_progress(g, m, sbfd, x, c->b->s.nrank, err);
}

/* A member other than 0: the run directory and the progress file of
 * x, in the sandbox as this member names it. */
static int open_shared(const struct iol_rgroup *g, struct rctx *c,
		       struct iol_rresult *res, struct shared *m,
		       struct rdmsg *x, struct iol_error *err)
{
	int sbfd, rc;

	x->rundir[sizeof(x->rundir) - 1] = 0;
	memcpy(res->rundir, x->rundir, sizeof(res->rundir));
	if (g->learnt) /* a test's pause */
		g->learnt(g->ctx, res->rundir);
	sbfd = open(c->o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (sbfd < 0)
		return iol_error_set(err, IOL_EIO, "cannot open '%s': %s",
				     c->o->dir, strerror(errno));
	rc = open_rundir(x, sbfd, &c->dirfd, err);
	if (!rc)
		rc = map_progress(g, m, sbfd, x, c->b->s.nrank, err);
	close(sbfd);
	return rc;
}

/* Every member learns whether every other has what it needs (a member
 * that failed alone left the others at the barrier): 0, or the first
 * failure, *agreed set. */
static int agree(const struct iol_rgroup *g, int rc, int *agreed,
		 struct iol_error *err)
{
	int64_t bad = rc != 0;

	if (g->sum64(g->ctx, &bad, 1) || g->bcast(g->ctx, &bad, sizeof(bad)))
		return rc ? rc : IOL_EIO; /* the caller aborts the group */
	*agreed = bad != 0;
	if (bad && !rc)
		rc = iol_error_set(err, IOL_EIO,
				   "another process could not open the run "
				   "directory or its progress file");
	return rc;
}

static int share_rundir(const struct iol_rgroup *g, struct rctx *c,
			struct iol_rresult *res, struct shared *m, int sbfd,
			int rc, int *agreed, struct iol_error *err)
{
	struct rdmsg *x = calloc(1, sizeof(*x));

	*agreed = 0;
	if (!x)
		return IOL_ENOMEM; /* the caller aborts the group */
	if (g->me == 0)
		memcpy(x->rundir, res->rundir, sizeof(x->rundir));
	if (g->me == 0 && !rc)
		rc = share_made(g, c, m, sbfd, x, err);
	x->rc = rc;
	if (g->bcast(g->ctx, x, sizeof(*x))) {
		free(x);
		return rc ? rc : IOL_EIO; /* the caller aborts the group */
	}
	*agreed = x->rc != 0; /* every member knows */
	if (g->me != 0 && x->rc)
		rc = iol_error_set(err, IOL_EIO,
				   "the first process could not stage the run "
				   "directory");
	else if (g->me != 0)
		rc = open_shared(g, c, res, m, x, err);
	if (!*agreed)
		rc = agree(g, rc, agreed, err);
	free(x);
	return rc;
}

void iol_rlimits_default(struct iol_rlimits *l)
{
	if (l->max_stage <= 0)
		l->max_stage = (int64_t)8 << 30;
	if (l->max_memory <= 0)
		l->max_memory = (int64_t)2 << 30;
	if (l->max_procs <= 0)
		l->max_procs = 1024;
	if (!(l->max_gap > 0))
		l->max_gap = 3600;
	if (l->max_inputs <= 0)
		l->max_inputs = 1000000;
}

/* "the script<what>; the limit is <lim> (<opt>)" */
static int over(struct iol_error *err, const char *what, int64_t n, int64_t lim,
		const char *opt)
{
	char w[96];

	snprintf(w, sizeof(w), what, (long long)n);
	return iol_error_set(err, IOL_EINVAL,
			     "the script%s%s; the limit is %lld (%s)",
			     *w == '\'' ? "" : " ", *w == ' ' ? w + 1 : w,
			     (long long)lim, opt);
}

/*
 * What the kernel holds for a descriptor open: its struct file (192 B,
 * the filp slab here) and, for a file of its own, the dentry (192 B) and
 * inode (752 B on tmpfs, 1128 B on ext4) that it keeps from being
 * reclaimed (/proc/slabinfo, Linux 6.18).  1.5 KiB, the most of these:
 * 1024 sections holding 1024 descriptors each pin 1.5 GiB of kernel
 * memory, none of which was counted.
 */
#define FILE_COST 1536

/* The data buffers of the sections this process replays, their
 * cursors' chunks (1024 sections of 4096 events or more each held
 * 0.9 GiB of them, not counted), the profiles, the shared table of
 * bytes and calls per section and path (shared_map): 256 sections of a
 * script naming a million paths would map 6 GB (nrank < 2^24, nstr <
 * 2^32: no overflow), and the kernel's files of the descriptors the
 * sections hold at once (at most RANK_FDS a process); and the compiled
 * form's strings and tables, which the run holds throughout (1.4 M
 * strings took 160 MB under --max-memory 64M). */
static int64_t memory_of(const struct iol_rbin *b, const struct iol_ropts *o)
{
	uint64_t form = iol_rbin_memory(b);
	int64_t mem =
		(int64_t)b->s.nrank * (int64_t)b->s.nstr * 24 +
		(form < ((uint64_t)1 << 62) ? (int64_t)form : (int64_t)1 << 62);
	size_t r;

	for (r = 0; r < b->s.nrank; r++) {
		/* --profile: 8 doubles a call (the original's and the
		 * replay's, each as pairs and as the curve) */
		if (o->profile)
			mem += (int64_t)b->s.rank[r].n * 8 *
			       (int64_t)sizeof(double);
		if (owned(b, o->group, r))
			mem += (b->s.rank[r].maxlen > 4096 ? b->s.rank[r].maxlen
							   : 4096) +
			       (int64_t)iol_rcursor_memory(b, r) +
			       (int64_t)(b->maxfds[r] < RANK_FDS ? b->maxfds[r]
								 : RANK_FDS) *
				       FILE_COST;
	}
	return mem;
}

/* What the script asks of this machine against the limits: the
 * processes and threads, their buffers, the bytes staged and the free
 * space of the sandbox's file system. */
static int within_limits(const struct iol_rbin *b, const struct iol_ropts *o,
			 int sbfd, struct iol_error *err)
{
	const struct iol_rlimits *l = &o->lim;
	int64_t procs = 0, mem = memory_of(b, o), stage = 0;
	struct statvfs v;
	double avail;
	size_t r;

	for (r = 0; r < b->s.nrank; r++)
		procs += owned(b, o->group, r);
	/* held at INT64_MAX: 2^21 inputs of 2^42 bytes (the parser's
	 * most each, under a --max-inputs raised past them) wrapped it */
	for (r = 0; r < b->s.ninput; r++)
		if (b->s.input[r].size > 0)
			stage = b->s.input[r].size > INT64_MAX - stage
					? INT64_MAX
					: stage + b->s.input[r].size;
	if (procs > l->max_procs)
		return over(err, "starts %lld processes and threads", procs,
			    l->max_procs, "--max-procs");
	if (mem > l->max_memory)
		return over(err, "'s buffers and tables need %lld bytes", mem,
			    l->max_memory, "--max-memory");
	if (stage > l->max_stage)
		return over(err, " stages %lld bytes of inputs", stage,
			    l->max_stage, "--max-stage");
	if (fstatvfs(sbfd, &v) == 0) {
		avail = (double)v.f_bavail * (double)v.f_frsize;
		if ((double)stage > avail - (double)l->margin)
			return iol_error_set(
				err, IOL_EINVAL,
				"the script stages %lld bytes of inputs; '%s' "
				"has %.0f free, less a margin of %lld",
				(long long)stage, o->dir, avail,
				(long long)l->margin);
	}
	return 0;
}

/* The events inflated by this process at most, before the start. */
#define PRELOAD_MAX ((int64_t)256 << 20)

/*
 * Inflate the events of every section this process replays before the
 * start, when they fit in what --max-memory leaves (and PRELOAD_MAX):
 * inflating 4096 events takes about a millisecond, which a call-dense
 * program has no compute gap to hide (a 6,500-file tree copy: 13 chunks,
 * 15 to 37 ms of a 0.25 s run).  The forked ranks share the arrays.
 * Otherwise, or out of memory, the ranks read their chunks as before.
 */
static void preload(const struct iol_rbin *b, const struct iol_ropts *o,
		    struct shared *m)
{
	int64_t need = 0;
	size_t r, nr = b->s.nrank;

	for (r = 0; r < nr; r++)
		if (owned(b, o->group, r))
			need += (int64_t)b->s.rank[r].n *
				(int64_t)sizeof(struct iol_rev);
	if (!nr || need > PRELOAD_MAX ||
	    need + memory_of(b, o) > o->lim.max_memory)
		return;
	m->ev = calloc(nr, sizeof(*m->ev));
	m->nev = calloc(nr, sizeof(*m->nev));
	for (r = 0; m->ev && m->nev && r < nr; r++)
		if (owned(b, o->group, r) &&
		    iol_rbin_events(b, r, &m->ev[r], &m->nev[r]))
			break;
	if (!m->ev || !m->nev || r < nr)
		unpreload(m, nr); /* the chunks are read again, and fail
				     there if they are bad */
}

/* The longest default timeout: a script claims its own run time, and a
 * hostile one of a thousand hour-long gaps would otherwise get 10,000
 * hours.  A longer replay needs --timeout. */
#define TIMEOUT_CAP 86400.0

/* The margin of free space (5 % of the file system, at most 1 GiB) and
 * the timeout (10 times the original plus a minute, at most a day),
 * where not given. */
static int64_t margin_of(int fd)
{
	struct statvfs v;
	double fs = fstatvfs(fd, &v) == 0
			    ? (double)v.f_blocks * (double)v.f_frsize
			    : 0;

	return fs * 0.05 < (double)((int64_t)1 << 30) ? (int64_t)(fs * 0.05)
						      : (int64_t)1 << 30;
}

static void fill_limits(struct iol_ropts *o, const struct iol_rbin *b, int sbfd)
{

	iol_rlimits_default(&o->lim);
	if (o->lim.margin <= 0)
		o->lim.margin = margin_of(sbfd);
	if (!(o->lim.timeout > 0)) {
		o->lim.timeout = 10 * b->tot.run_s + 60;
		o->lim.timeout_capped = o->lim.timeout > TIMEOUT_CAP;
		if (o->lim.timeout_capped)
			o->lim.timeout = TIMEOUT_CAP;
	}
}

/* Member 0 or a process alone: the original's profile, the run
 * directory, the inputs staged. */
static int prepare(const struct iol_rbin *b, struct iol_ropts *o,
		   struct iol_rresult *res, struct rctx *c, double begin,
		   int *made, int *sbfd, struct iol_error *err)
{
	struct scan sc;
	struct stg g;
	int rc;

	if (iol_sbx_probe())
		return iol_error_set(err, IOL_EUNSUPP,
				     "this kernel cannot resolve paths beneath "
				     "a directory (openat2, Linux 5.6): the "
				     "sandbox cannot be held");
	rc = make_rundir(o, res, made, sbfd, &c->dirfd, err);
	if (rc)
		return rc;
	fill_limits(o, b, *sbfd);
	c->deadline = begin + o->lim.timeout;
	rc = within_limits(b, o, *sbfd, err);
	if (!rc)
		rc = scan_events(b, o, &sc, err);
	else
		memset(&sc, 0, sizeof(sc));
	/* after the scan, which names a gap past --max-gap */
	if (!rc && o->lim.timeout_capped && b->tot.run_s >= o->lim.timeout)
		rc = iol_error_set(err, IOL_EINVAL,
				   "the script runs %.0f s, past the default "
				   "timeout of a day; give --timeout",
				   b->tot.run_s);
	if (rc == IOL_ECOMPRESS || rc == IOL_ETRUNC || rc == IOL_ECORRUPT)
		rc = iol_error_set(err, IOL_ECORRUPT, "bad compiled script");
	res->waits = sc.nwait;
	if (!rc && o->profile)
		rc = profile_of(&res->porig, sc.prof, sc.nprof);
	memset(&g, 0, sizeof(g));
	g.dirfd = c->dirfd, g.o = o, g.sc = &sc;
	g.deadline = c->deadline, g.lastfd = -1;
	if (!rc)
		rc = stage(b, &g, &sc, res, err);
	free(sc.named);
	free(sc.mkdirs);
	free(sc.files);
	free(sc.prof);
	return rc;
}

/* Beside the run directory, not in it: a script's calls reach anything
 * in it, and one that truncated the file mapped there ("truncate
 * \".iolens-progress\" 0") killed every member with SIGBUS, the run
 * directory left behind. */
#define PROGFILE ".progress"

/* A group's ranks are in processes of their own, on one node or several:
 * their progress is shared through a file beside the run directory,
 * which member 0 makes (zeroed) in the sandbox sbfd, saying which it is
 * in x, before the others learn where it is; they take only that one. */
static int map_progress(const struct iol_rgroup *g, struct shared *m, int sbfd,
			struct rdmsg *x, size_t nr, struct iol_error *err)
{
	char p[4200];
	const char *base;
	struct stat st;
	int fd, e;

	snprintf(p, sizeof(p), "%s" PROGFILE, x->rundir);
	base = strrchr(p, '/') ? strrchr(p, '/') + 1 : p;
	m->plen = (nr ? nr : 1) * sizeof(struct rprog);
	fd = g->me == 0 ? openat(sbfd, base,
				 O_CREAT | O_EXCL | O_RDWR | O_NOFOLLOW |
					 O_CLOEXEC,
				 0600)
			: iol_sbx_open_made(sbfd, base, O_RDWR, dev_of(x, 1),
					    (ino_t)x->ino[1]);
	if (fd >= 0 && g->me == 0 &&
	    (fstat(fd, &st) || ftruncate(fd, (off_t)m->plen) < 0)) {
		e = errno;
		close(fd);
		fd = -1, errno = e;
	}
	if (fd < 0)
		return iol_error_set(err, IOL_EIO, "cannot %s '%s': %s",
				     g->me == 0 ? "make" : "open", p,
				     not_made(errno));
	if (g->me == 0)
		x->dev[1] = st.st_dev, x->ino[1] = st.st_ino;
	m->prog =
		mmap(NULL, m->plen, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (m->prog == MAP_FAILED) {
		m->prog = NULL;
		return iol_error_set(err, IOL_EIO, "cannot map '%s': %s", p,
				     strerror(errno));
	}
	return 0;
}

/* The run directory rundir, beneath the sandbox's descriptor sbfd,
 * removed following no link; 0, or -1 with what stayed in bad. */
static int remove_rundir(int sbfd, const char *rundir, char *bad, size_t n)
{
	const char *base = strrchr(rundir, '/');

	if (!base || !base[1]) {
		snprintf(bad, n, "%s", rundir);
		errno = EINVAL;
		return -1;
	}
	return iol_sbx_remove(sbfd, base + 1, bad, n);
}

/* Remove the run directory (and the sandbox, when this run made it and
 * it is empty); what stayed is said in res. */
static void clean_up(const struct iol_ropts *o, struct iol_rresult *res,
		     int sbfd, int made)
{
	char bad[256];

	if (sbfd < 0 || !strchr(res->rundir, '/'))
		return;
	if (remove_rundir(sbfd, res->rundir, bad, sizeof(bad)))
		snprintf(res->cleanup, sizeof(res->cleanup), "%s: %s", bad,
			 strerror(errno));
	else if (made)
		rmdir(o->dir);
}

int iol_replay_remove(const struct iol_ropts *o, const char *rundir, char *bad,
		      size_t n)
{
	int sbfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc;

	if (sbfd < 0) {
		snprintf(bad, n, "%s", o->dir);
		return -1;
	}
	rc = remove_rundir(sbfd, rundir, bad, n);
	close(sbfd);
	return rc;
}

int iol_replay_room(const struct iol_ropts *o, const struct iol_rresult *prev)
{
	struct statvfs v;
	/* the names the run made, not its calls: 10^7 reads made none,
	 * and were counted as 10^7 inodes */
	double need, inodes = (double)prev->ninputs + (double)prev->inodes +
			      (double)prev->staged_dirs;
	int fd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ok;

	if (fd < 0)
		return 0;
	need = (double)prev->staged_bytes + (double)prev->rep.bytes_written +
	       (double)(o->lim.margin > 0 ? o->lim.margin : margin_of(fd));
	ok = fstatvfs(fd, &v) == 0 &&
	     (double)v.f_bavail * (double)v.f_frsize >= need &&
	     (v.f_files == 0 ||
	      (double)v.f_favail - inodes >= (double)(v.f_files / 20));
	close(fd);
	return ok;
}

int iol_replay_run(const struct iol_rbin *b, const struct iol_ropts *opts,
		   struct iol_rresult *res, struct iol_error *err)
{
	struct iol_ropts ov = *opts, *o = &ov;
	struct rctx c = {b,    o,    -1,   res->rundir, 0,    0, NULL, NULL,
			 NULL, NULL, NULL, NULL,	NULL, 0, 0};
	const struct iol_rgroup *g =
		o->group && o->group->n > 1 ? o->group : NULL;
	struct shared m = {0};
	int rc = 0, made = 0, agreed = 0, sbfd = -1;
	/* --timeout counts from here: staging is part of the run (a script
	 * whose staging took 42 s ran on past --timeout 1) */
	double begin = rnow();

	memset(res, 0, sizeof(*res));
	res->orig = b->tot;
	if (!g || g->me == 0) {
		rc = prepare(b, o, res, &c, begin, &made, &sbfd, err);
	} else {
		fill_limits(o, b, -1);
		c.deadline = begin + o->lim.timeout;
	}
	/* agreed: every member knows of a failure, no collective follows */
	if (g)
		rc = share_rundir(g, &c, res, &m, sbfd, rc, &agreed, err);
	/* the others' margin: of the run directory's file system, which
	 * they have just opened */
	if (g && g->me != 0 && !rc && o->lim.margin <= 0)
		o->lim.margin = margin_of(c.dirfd);
	if (!rc)
		rc = shared_map(&m, b, o->profile);
	if (g && rc && !agreed) /* the others are at the barrier already */
		g->abort(g->ctx);
	if (!rc)
		rc = run_forked(&c, &m, sbfd, res, err);
	if (c.dirfd >= 0)
		close(c.dirfd);
	if (m.plen && m.prog)
		munmap(m.prog, m.plen);
	if (g && g->me == 0 && res->rundir[0]) {
		char p[4200];

		snprintf(p, sizeof(p), "%s" PROGFILE, res->rundir);
		unlink(p);
	}
	res->made_sandbox = made;
	if (!o->keep && !o->hold && (!g || g->me == 0) && res->rundir[0])
		clean_up(o, res, sbfd, made);
	if (sbfd >= 0)
		close(sbfd);
	if (m.mem && m.mem != MAP_FAILED)
		munmap(m.mem, m.len);
	free(m.pfirst);
	return rc;
}

void iol_rresult_release(struct iol_rresult *res)
{
	free(res->rep_file);
	free(res->porig.t);
	free(res->porig.cum);
	free(res->prep.t);
	free(res->prep.cum);
	memset(res, 0, sizeof(*res));
}

int iol_rresult_differs(const struct iol_rresult *res)
{
	return res->orig.bytes_read != res->rep.bytes_read ||
	       res->orig.bytes_written != res->rep.bytes_written ||
	       res->orig.ops != res->rep.ops;
}

double iol_replay_syscall_loop(const char *dir, long n, struct iol_error *err)
{
	char path[4096], buf[64];
	struct stat st;
	double t0, t1;
	long i;
	int f;

	snprintf(path, sizeof(path), "%s/iolens-calibrate.XXXXXX", dir);
	f = mkstemp(path);
	if (f < 0)
		return iol_error_set(err, IOL_EIO,
				     "cannot make a file in "
				     "'%s': %s",
				     dir, strerror(errno));
	memset(buf, 0x5a, sizeof(buf));
	t0 = rnow();
	for (i = 0; i < n; i++) {
		if (pwrite(f, buf, sizeof(buf), 0) < 0 ||
		    pread(f, buf, sizeof(buf), 0) < 0 ||
		    lseek(f, 0, SEEK_SET) < 0 || fstat(f, &st) < 0)
			break;
	}
	t1 = rnow();
	close(f);
	unlink(path);
	return t1 - t0;
}
