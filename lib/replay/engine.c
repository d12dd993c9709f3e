/*
 * The replay engine's parent side (engine.h): the run directory inside
 * the sandbox, staging of inputs, one forked process per rank sharing a
 * page of results, the profiles, and the removal of what it made.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "replay/engine-int.h"
#include "base/banned.h"

/* What the parent learns from one pass over the events. */
struct scan {
	char **mkdirs; /* paths the script makes itself, sorted */
	size_t nmkdir;
	double *prof; /* original: end, duration, per call */
	size_t nprof;
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
		if (e->op != IOL_ROP_END && sc->prof) {
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
};

static int shared_map(struct shared *m, const struct iol_rbin *b, int prof)
{
	size_t nr = b->s.nrank, nf = b->s.nstr, ne = 0, r;
	size_t a, f;

	for (r = 0; r < nr; r++)
		ne += b->s.rank[r].n;
	a = nr * sizeof(struct rstat);
	f = nr * nf * sizeof(*m->file);
	m->len = a + f + (prof ? ne * 2 * sizeof(double) : 0) + 64;
	m->mem = mmap(NULL, m->len, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m->mem == MAP_FAILED)
		return IOL_ENOMEM;
	m->st = m->mem;
	m->file = (void *)((char *)m->mem + a);
	m->prof = prof ? (double *)((char *)m->mem + a + f) : NULL;
	m->pfirst = calloc(nr + 1, sizeof(size_t));
	if (!m->pfirst)
		return IOL_ENOMEM;
	for (r = 0; r < nr; r++)
		m->pfirst[r + 1] = m->pfirst[r] + b->s.rank[r].n;
	return 0;
}

static int fork_ranks(struct rctx *base, struct shared *m, pid_t *pids,
		      struct iol_error *err)
{
	size_t r, nr = base->b->s.nrank;

	for (r = 0; r < nr; r++) {
		pids[r] = fork();
		if (pids[r] < 0) {
			while (r--)
				kill(pids[r], SIGKILL);
			return iol_error_set(err, IOL_EIO, "cannot fork: %s",
					     strerror(errno));
		}
		if (pids[r] == 0) {
			struct rctx c = *base;

			c.st = &m->st[r];
			c.file = m->file + r * base->b->s.nstr;
			c.prof = m->prof ? m->prof + 2 * m->pfirst[r] : NULL;
			/* the child needs the parent's index no more */
			free(m->pfirst);
			m->pfirst = NULL;
			_exit(replay_rank(&c, r) ? 1 : 0);
		}
	}
	return 0;
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

static int run_forked(struct rctx *c, struct shared *m, struct iol_rresult *res,
		      struct iol_error *err)
{
	size_t r, nr = c->b->s.nrank;
	pid_t *pids = calloc(nr ? nr : 1, sizeof(pid_t));
	int rc, status;

	if (!pids)
		return IOL_ENOMEM;
	/* a common start a little ahead, so every rank is forked by then */
	c->t0 = rnow() + 0.02 + 0.001 * (double)nr;
	rc = fork_ranks(c, m, pids, err);
	for (r = 0; r < nr && rc == 0; r++)
		while (waitpid(pids[r], &status, 0) < 0 && errno == EINTR)
			;
	free(pids);
	if (rc == 0)
		rc = gather(c->b, m, res, err);
	if (rc == 0 && m->prof)
		rc = profile_of(&res->prep, m->prof, m->pfirst[nr]);
	return rc;
}

int iol_replay_run(const struct iol_rbin *b, const char *binpath,
		   const struct iol_ropts *o, struct iol_rresult *res,
		   struct iol_error *err)
{
	struct rctx c = {b, binpath, o, -1, res->rundir, 0, NULL, NULL, NULL};
	struct shared m = {0};
	struct scan sc;
	int rc, made = 0;

	memset(res, 0, sizeof(*res));
	res->orig = b->tot;
	rc = scan_events(b, binpath, &sc, o->profile);
	if (rc == IOL_ECOMPRESS || rc == IOL_ETRUNC)
		rc = IOL_ECORRUPT;
	if (rc)
		iol_error_set(err, rc, "bad compiled script");
	if (!rc && o->profile)
		rc = profile_of(&res->porig, sc.prof, sc.nprof);
	if (!rc)
		rc = make_rundir(o, res, &made, err);
	if (rc) {
		free(sc.mkdirs);
		free(sc.prof);
		return rc;
	}
	c.dirfd = open(res->rundir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	rc = c.dirfd < 0 ? IOL_EIO : stage(b, c.dirfd, &sc, res, err);
	if (!rc)
		rc = shared_map(&m, b, o->profile);
	if (!rc)
		rc = run_forked(&c, &m, res, err);
	if (c.dirfd >= 0)
		close(c.dirfd);
	if (!o->keep) {
		remove_tree(res->rundir);
		if (made) /* the sandbox too, when this run made it */
			rmdir(o->dir);
	}
	if (m.mem && m.mem != MAP_FAILED)
		munmap(m.mem, m.len);
	free(m.pfirst);
	free(sc.mkdirs);
	free(sc.prof);
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
