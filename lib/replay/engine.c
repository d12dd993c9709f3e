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
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#include "replay/engine-int.h"
#include "base/banned.h"

/* What the parent learns from one pass over the events. */
struct scan {
	char **mkdirs; /* paths the script makes itself, sorted */
	size_t nmkdir;
	double *prof; /* original: end, duration, per call */
	size_t nprof;
	int64_t nwait; /* waits for other sections */
};

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int scan_rank(const struct iol_rbin *b, const char *binpath, size_t r,
		     struct scan *sc, size_t *capm)
{
	struct iol_rcursor cur;
	const struct iol_rev *e;
	double at = 0;
	int rc = iol_rcursor_open(&cur, b, r, binpath, NULL);

	while (rc == 0 && (rc = iol_rcursor_next(&cur, &e)) > 0) {
		rc = 0;
		at += e->gap + e->dur;
		if (e->path >= b->s.nstr || e->path2 >= b->s.nstr) {
			rc = IOL_ECORRUPT;
			break;
		}
		if (e->op == IOL_ROP_MKDIR && e->ret == 0) {
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
			sc->mkdirs[sc->nmkdir++] =
				(char *)iol_rscript_s(&b->s, e->path);
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

static int scan_events(const struct iol_rbin *b, const char *binpath,
		       struct scan *sc, int profile)
{
	size_t r, n = 0, capm = 0;
	int rc = 0;

	memset(sc, 0, sizeof(*sc));
	for (r = 0; r < b->s.nrank; r++)
		n += b->s.rank[r].n;
	if (profile && !(sc->prof = malloc((n + 1) * 2 * sizeof(double))))
		return IOL_ENOMEM;
	for (r = 0; r < b->s.nrank && rc == 0; r++)
		rc = scan_rank(b, binpath, r, sc, &capm);
	if (sc->nmkdir)
		qsort(sc->mkdirs, sc->nmkdir, sizeof(char *), cmpstr);
	return rc;
}

static int made_by_script(const struct scan *sc, const char *p)
{
	return sc->nmkdir && bsearch(&p, sc->mkdirs, sc->nmkdir, sizeof(char *),
				     cmpstr) != NULL;
}

/* mkdir -p of the directories above path (and path itself when self),
 * stopping at one the script makes itself. */
static int make_parents(int dirfd, const char *path, const struct scan *sc,
			int self)
{
	char p[4096];
	size_t i, n = strlen(path);

	if (n >= sizeof(p))
		return IOL_EINVAL;
	memcpy(p, path, n + 1);
	for (i = 1; i <= n; i++) {
		if (i < n && p[i] != '/')
			continue;
		if (i == n && !self)
			break;
		p[i] = 0;
		if (made_by_script(sc, p))
			return 0;
		if (mkdirat(dirfd, p, 0755) && errno != EEXIST)
			return IOL_EIO;
		if (i < n)
			p[i] = '/';
	}
	return 0;
}

/* An input of size bytes, filled with non-zero bytes. */
static int stage_file(int dirfd, const char *path, int64_t size)
{
	static char block[65536];
	int f = openat(dirfd, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		       0644);
	int64_t left = size;

	if (f < 0)
		return IOL_EIO;
	if (!block[0])
		memset(block, 0x5a, sizeof(block));
	while (left > 0) {
		size_t k = left < (int64_t)sizeof(block) ? (size_t)left
							 : sizeof(block);
		ssize_t w = write(f, block, k);

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

static int stage(const struct iol_rbin *b, int dirfd, const struct scan *sc,
		 struct iol_rresult *res, struct iol_error *err)
{
	const struct iol_rscript *s = &b->s;
	size_t i;
	int rc = 0;

	/* the directories above every path a call names */
	for (i = 1; i < s->nstr && rc == 0; i++)
		if (iol_rpath_ok(iol_rscript_s(s, (uint32_t)i)))
			rc = make_parents(dirfd, iol_rscript_s(s, (uint32_t)i),
					  sc, 0);
	for (i = 0; i < s->ninput && rc == 0; i++) {
		const char *p = iol_rscript_s(s, s->input[i].path);

		if (!iol_rpath_ok(p))
			return iol_error_set(
				err, IOL_ECORRUPT,
				"input '%s' is outside the sandbox", p);
		if (s->input[i].size < 0) {
			rc = make_parents(dirfd, p, sc, 1);
		} else {
			rc = stage_file(dirfd, p, s->input[i].size);
			res->staged_bytes += s->input[i].size;
		}
		res->ninputs++;
		if (rc)
			return iol_error_set(err, IOL_EIO,
					     "cannot stage '%s': %s", p,
					     strerror(errno));
	}
	if (rc)
		return iol_error_set(err, IOL_EIO,
				     "cannot make directories: %s",
				     strerror(errno));
	return 0;
}

static int rm_one(const char *p, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(p) : unlink(p);
}

/* Remove the run directory: everything in it was made by the replay. */
static void remove_tree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
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
	struct rprog *prog; /* every rank's progress, for the waits */
	size_t plen;	    /* bytes of the file mapping of prog (group) */
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
		 (m->prog ? 0 : nr * sizeof(struct rprog)) + 64;
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
	m->pfirst = calloc(nr + 1, sizeof(size_t));
	if (!m->pfirst)
		return IOL_ENOMEM;
	for (r = 0; r < nr; r++)
		m->pfirst[r + 1] = m->pfirst[r] + b->s.rank[r].n;
	return 0;
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
	c.prof = m->prof ? m->prof + 2 * m->pfirst[r] : NULL;
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
			atomic_store(&m->prog[k].done, 1);
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

/* A process of its own for each traced process this process replays
 * (a traced process's threads are threads of it); in a group with one
 * to replay, this process replays it (an MPI process then never
 * forks).  pids[r] is set for the first section r of each. */
static int fork_ranks(struct rctx *base, struct shared *m, pid_t *pids,
		      struct iol_error *err)
{
	size_t r, nr = base->b->s.nrank, mine = 0, last = 0;
	size_t *lead = malloc((nr + 1) * sizeof(*lead));
	size_t *next = malloc((nr + 1) * sizeof(*next));
	int rc = lead && next ? iol_rscript_groups(&base->b->s, lead, next)
			      : IOL_ENOMEM;

	for (r = 0; rc == 0 && r < nr; r++)
		if (lead[r] == r && owned(base->b, base->o->group, r))
			mine++, last = r;
	if (rc == 0 && base->o->group && base->o->group->n > 1 && mine == 1) {
		replay_one(base, m, next, last); /* done flags tell gather */
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
			int x = replay_one(base, m, next, r) ? 1 : 0;

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

static int gather(const struct iol_rbin *b, struct shared *m,
		  struct iol_rresult *res, struct iol_error *err)
{
	size_t r, i, nf = b->s.nstr;
	struct iol_rtotals *t = &res->rep;

	res->rep_file = calloc(nf ? nf : 1, sizeof(*res->rep_file));
	if (!res->rep_file)
		return IOL_ENOMEM;
	res->nfile = nf;
	for (r = 0; r < b->s.nrank; r++) {
		struct rstat *s = &m->st[r];

		if (!s->done)
			return iol_error_set(err, IOL_EIO,
					     "rank %lld did not finish",
					     (long long)b->s.rank[r].rank);
		if (s->t.run_s > t->run_s)
			t->run_s = s->t.run_s;
		t->read_s += s->t.read_s, t->write_s += s->t.write_s;
		t->meta_s += s->t.meta_s, t->bytes_read += s->t.bytes_read;
		t->bytes_written += s->t.bytes_written, t->ops += s->t.ops;
		res->mismatched += s->mismatched;
		res->broken += s->broken;
		res->inflate_s += s->inflate_s;
		if (s->late > res->max_late)
			res->max_late = s->late;
		for (i = 0; i < nf; i++) {
			res->rep_file[i][0] += m->file[r * nf + i][0];
			res->rep_file[i][1] += m->file[r * nf + i][1];
			res->rep_file[i][2] += m->file[r * nf + i][2];
		}
	}
	return 0;
}

/* The sandbox (made when missing) and a fresh run directory in it. */
static int make_rundir(const struct iol_ropts *o, struct iol_rresult *res,
		       int *made, struct iol_error *err)
{
	struct stat st;

	*made = mkdir(o->dir, 0755) == 0;
	if (!*made && errno != EEXIST)
		return iol_error_set(err, IOL_EIO, "cannot make '%s': %s",
				     o->dir, strerror(errno));
	if (stat(o->dir, &st) || !S_ISDIR(st.st_mode))
		return iol_error_set(err, IOL_EIO, "'%s' is not a directory",
				     o->dir);
	snprintf(res->rundir, sizeof(res->rundir), "%s/iolens-replay.XXXXXX",
		 o->dir);
	if (!mkdtemp(res->rundir))
		return iol_error_set(err, IOL_EIO,
				     "cannot make a directory "
				     "in '%s': %s",
				     o->dir, strerror(errno));
	return 0;
}

/* Sum every member's part of the shared results onto member 0's: each
 * rank's slots are written by the one member that replayed it and are
 * zero in the others, so the sums are that member's values. */
static int combine(const struct iol_rgroup *g, const struct iol_rbin *b,
		   struct shared *m)
{
	size_t nr = b->s.nrank, r, ne = m->pfirst[nr];
	double *d = calloc(nr * 6 + 1, sizeof(*d));
	int64_t *k = calloc(nr * 6 + 1, sizeof(*k));
	int rc = d && k ? 0 : IOL_ENOMEM;

	if (rc) { /* the others are in the next collective call already */
		g->abort(g->ctx);
		free(d);
		free(k);
		return rc;
	}
	for (r = 0; r < nr; r++) {
		const struct rstat *st = &m->st[r];
		double dv[6] = {st->t.run_s,  st->t.read_s, st->t.write_s,
				st->t.meta_s, st->late,	    st->inflate_s};
		int64_t kv[6] = {st->t.bytes_read, st->t.bytes_written,
				 st->t.ops,	   st->mismatched,
				 st->done,	   st->broken};

		memcpy(d + 6 * r, dv, sizeof(dv));
		memcpy(k + 6 * r, kv, sizeof(kv));
	}
	if (g->sum(g->ctx, d, nr * 6) || g->sum64(g->ctx, k, nr * 6) ||
	    g->sum64(g->ctx, &m->file[0][0], nr * b->s.nstr * 3) ||
	    (m->prof && g->sum(g->ctx, m->prof, 2 * ne)))
		rc = IOL_EIO;
	for (r = 0; rc == 0 && g->me == 0 && r < nr; r++) {
		struct rstat *st = &m->st[r];

		st->t.run_s = d[6 * r], st->t.read_s = d[6 * r + 1];
		st->t.write_s = d[6 * r + 2], st->t.meta_s = d[6 * r + 3];
		st->late = d[6 * r + 4], st->inflate_s = d[6 * r + 5];
		st->t.bytes_read = k[6 * r], st->t.bytes_written = k[6 * r + 1];
		st->t.ops = k[6 * r + 2], st->mismatched = k[6 * r + 3];
		st->done = k[6 * r + 4], st->broken = k[6 * r + 5];
	}
	free(d);
	free(k);
	return rc;
}

static int run_forked(struct rctx *c, struct shared *m, struct iol_rresult *res,
		      struct iol_error *err)
{
	const struct iol_rgroup *g = c->o->group;
	size_t r, nr = c->b->s.nrank;
	pid_t *pids = calloc(nr ? nr : 1, sizeof(pid_t));
	int rc, status;

	if (!pids) {
		if (g && g->n > 1)
			g->abort(g->ctx);
		return IOL_ENOMEM;
	}
	/* every member starts its clock as the group leaves the barrier
	 * (a failed barrier is the caller's to end: MPI aborts the job) */
	if (g && g->n > 1)
		g->barrier(g->ctx);
	/* a common start a little ahead, so every rank is forked by then */
	c->t0 = rnow() + 0.02 + 0.001 * (double)nr;
	rc = fork_ranks(c, m, pids, err);
	for (r = 0; r < nr; r++)
		while (pids[r] > 0 && waitpid(pids[r], &status, 0) < 0 &&
		       errno == EINTR)
			;
	free(pids);
	if (g && g->n > 1) {
		int rc2 = combine(g, c->b, m);

		if (g->me != 0) /* member 0 reports */
			return rc ? rc : rc2;
		rc = rc ? rc : rc2;
	}
	if (rc == 0)
		rc = gather(c->b, m, res, err);
	if (rc == 0 && m->prof)
		rc = profile_of(&res->prep, m->prof, m->pfirst[nr]);
	return rc;
}

/* Member 0 makes and stages the run directory and tells the others
 * where it is, or that it failed; they open it. */
struct rdmsg {
	int32_t rc;
	char rundir[4096];
};

static int share_rundir(const struct iol_rgroup *g, struct iol_rresult *res,
			int rc, int *dirfd, struct iol_error *err)
{
	struct rdmsg *x = calloc(1, sizeof(*x));

	if (!x) {
		g->abort(g->ctx);
		return IOL_ENOMEM;
	}
	x->rc = rc;
	memcpy(x->rundir, res->rundir, sizeof(x->rundir));
	if (g->bcast(g->ctx, x, sizeof(*x)))
		x->rc = IOL_EIO;
	if (g->me != 0) {
		memcpy(res->rundir, x->rundir, sizeof(res->rundir));
		res->rundir[sizeof(res->rundir) - 1] = 0;
		rc = x->rc ? iol_error_set(err, IOL_EIO,
					   "the first process could not "
					   "stage the run directory")
			   : 0;
		if (!rc)
			*dirfd = open(res->rundir,
				      O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (!rc && *dirfd < 0)
			rc = iol_error_set(err, IOL_EIO, "cannot open '%s': %s",
					   res->rundir, strerror(errno));
	}
	free(x);
	return rc;
}

/* Member 0 or a process alone: the original's profile, the run
 * directory, the inputs staged. */
static int prepare(const struct iol_rbin *b, const char *binpath,
		   const struct iol_ropts *o, struct iol_rresult *res,
		   struct rctx *c, int *made, struct iol_error *err)
{
	struct scan sc;
	int rc;

	rc = scan_events(b, binpath, &sc, o->profile);
	if (rc == IOL_ECOMPRESS || rc == IOL_ETRUNC)
		rc = IOL_ECORRUPT;
	if (rc)
		iol_error_set(err, rc, "bad compiled script");
	res->waits = sc.nwait;
	if (!rc && o->profile)
		rc = profile_of(&res->porig, sc.prof, sc.nprof);
	if (!rc && (rc = make_rundir(o, res, made, err)) != 0)
		res->rundir[0] = 0; /* nothing made to remove */
	if (!rc) {
		c->dirfd =
			open(res->rundir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		rc = c->dirfd < 0 ? IOL_EIO : stage(b, c->dirfd, &sc, res, err);
	}
	free(sc.mkdirs);
	free(sc.prof);
	return rc;
}

#define PROGFILE "/.iolens-progress"

/* A group's ranks are in processes of their own, on one node or several:
 * their progress is shared through a file in the run directory, which
 * member 0 makes (zeroed) before the others learn where it is. */
static int map_progress(const struct iol_rgroup *g, struct shared *m,
			const char *rundir, size_t nr, struct iol_error *err)
{
	char p[4200];
	int fd;

	snprintf(p, sizeof(p), "%s" PROGFILE, rundir);
	m->plen = (nr ? nr : 1) * sizeof(struct rprog);
	fd = open(p, (g->me == 0 ? O_CREAT | O_EXCL : 0) | O_RDWR | O_CLOEXEC,
		  0600);
	if (fd < 0 || (g->me == 0 && ftruncate(fd, (off_t)m->plen) < 0)) {
		if (fd >= 0)
			close(fd);
		return iol_error_set(err, IOL_EIO, "cannot make '%s': %s", p,
				     strerror(errno));
	}
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

int iol_replay_run(const struct iol_rbin *b, const char *binpath,
		   const struct iol_ropts *o, struct iol_rresult *res,
		   struct iol_error *err)
{
	struct rctx c = {b,    binpath, o,    -1,   res->rundir, 0,
			 NULL, NULL,	NULL, NULL, NULL};
	const struct iol_rgroup *g =
		o->group && o->group->n > 1 ? o->group : NULL;
	struct shared m = {0};
	int rc = 0, made = 0, agreed = 0;

	memset(res, 0, sizeof(*res));
	res->orig = b->tot;
	if (!g || g->me == 0)
		rc = prepare(b, binpath, o, res, &c, &made, err);
	if (g && g->me == 0 && !rc)
		rc = map_progress(g, &m, res->rundir, b->s.nrank, err);
	if (g && (rc = share_rundir(g, res, rc, &c.dirfd, err)) != 0)
		agreed = 1; /* every member knows: no collective call follows */
	if (g && g->me != 0 && !rc)
		rc = map_progress(g, &m, res->rundir, b->s.nrank, err);
	if (!rc)
		rc = shared_map(&m, b, o->profile);
	if (g && rc && !agreed) /* the others are at the barrier already */
		g->abort(g->ctx);
	if (!rc)
		rc = run_forked(&c, &m, res, err);
	if (c.dirfd >= 0)
		close(c.dirfd);
	if (m.plen && m.prog)
		munmap(m.prog, m.plen);
	if (g && g->me == 0 && res->rundir[0]) {
		char p[4200];

		snprintf(p, sizeof(p), "%s" PROGFILE, res->rundir);
		unlink(p);
	}
	if (!o->keep && (!g || g->me == 0) && res->rundir[0]) {
		remove_tree(res->rundir);
		if (made) /* the sandbox too, when this run made it */
			rmdir(o->dir);
	}
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
