/*
 * Processes of a trace pass and their descriptor tables: a process per
 * (input file, pid), tables shared (CLONE_FILES) or copied (fork) by
 * reference count, standard streams open from the start.  The lexer finds
 * processes here to join unfinished calls; the semantics
 * (strace-calls.c) change their descriptors.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "sources/trace-int.h"
#include "base/banned.h"

/* A child runs its parent's program until it execs: a thread, or a
 * fork (vfork's child, CLONE_VFORK, only execs or exits).  flags: the
 * clone's flags or the pending call ("vfork(" for vfork). */
void tr_fork_of(const struct proc *par, struct proc *child, const char *flags)
{
	if (child->execd)
		return; /* it spoke first, and exec'd already */
	if (strstr(flags, "CLONE_THREAD"))
		child->forked = par->forked;
	else
		child->forked = strncmp(flags, "vfork(", 6) &&
				!strstr(flags, "CLONE_VFORK");
}

/* ---- processes and descriptors ---- */

struct tkey {
	const struct tstate *st;
	int file, pid;
};

static uint64_t thash(const void *ctx, uint32_t i)
{
	const struct tstate *st = ctx;

	return iol_hash_pair((uint64_t)st->threads[i].file,
			     (uint64_t)st->threads[i].pid);
}

static int teq(const void *ctx, uint32_t i)
{
	const struct tkey *k = ctx;

	return k->st->threads[i].file == k->file &&
	       k->st->threads[i].pid == k->pid;
}

int tr_tgid(const struct tpass *ps, int pid)
{
	const struct tstate *st = ps->st;
	struct tkey k = {st, ps->cur_file, pid};
	const uint32_t *s;

	if (!st->tix.slot)
		return pid;
	s = iol_index_slot(&st->tix,
			   iol_hash_pair((uint64_t)k.file, (uint64_t)pid), teq,
			   &k);
	return *s == IOL_INDEX_EMPTY ? pid : st->threads[*s].tgid;
}

int tr_thread_add(struct tpass *ps, int pid, int tgid)
{
	struct tstate *st = ps->st;
	struct tkey k = {st, ps->cur_file, pid};
	struct tthread *nt;
	uint32_t *s;

	if (iol_index_reserve(&st->tix, thash, st) < 0)
		return IOL_ENOMEM;
	s = iol_index_slot(&st->tix,
			   iol_hash_pair((uint64_t)k.file, (uint64_t)pid), teq,
			   &k);
	if (*s != IOL_INDEX_EMPTY) /* a pid used again: the latest */
		return st->threads[*s].tgid = tgid, 0;
	nt = iol_grow(st->threads, &st->capthreads, st->nthreads, sizeof(*nt),
		      16);
	if (!nt)
		return IOL_ENOMEM;
	st->threads = nt;
	nt[st->nthreads].file = ps->cur_file;
	nt[st->nthreads].pid = pid;
	nt[st->nthreads].tgid = tgid;
	*s = (uint32_t)st->nthreads++;
	st->tix.n++;
	return 0;
}

static int forking(const char *pending)
{
	return pending && (!strncmp(pending, "clone(", 6) ||
			   !strncmp(pending, "clone3(", 7) ||
			   !strncmp(pending, "fork(", 5) ||
			   !strncmp(pending, "vfork(", 6));
}

/* A child whose first line comes before its parent's clone, fork or
 * vfork returned (strace shows that call unfinished, and for vfork it
 * often is: the parent waits for the child's exec) gets its parent's
 * descriptors and working directory now, when one process alone has
 * such a call pending; the call's return then finds it has spoken. */
static int adopt(struct tpass *ps, struct proc *child)
{
	struct proc *par = NULL;
	struct fdtab *t;
	size_t i;

	for (i = 0; i < ps->nprocs; i++) {
		struct proc *q = &ps->procs[i];

		if (q == child || !q->alive || q->file != child->file ||
		    !forking(q->pending))
			continue;
		if (par)
			return 0; /* two: which is the parent is not known */
		par = q;
	}
	if (!par)
		return ps->err;
	tr_fork_of(par, child, par->pending);
	if (!(t = tr_proc_fds(ps, par)))
		return ps->err;
	if (strstr(par->pending, "CLONE_FILES")) {
		t->refs++;
		child->fds = t;
	} else if (!(child->fds = tr_fdtab_copy(t))) {
		return tr_oom(ps);
	}
	if (par->cwd && !(child->cwd = strdup(par->cwd)))
		return tr_oom(ps);
	if (strstr(par->pending, "CLONE_THREAD"))
		child->tgid = par->tgid;
	if (ps->st->opts.rank_from == IOL_RANK_FROM_FILE)
		child->rank = par->rank;
	return 0;
}

static struct proc *proc_get(struct tpass *ps, int pid, int speaks)
{
	struct proc *np;
	size_t i;

	for (i = ps->nprocs; i-- > 0;)
		if (ps->procs[i].pid == pid &&
		    ps->procs[i].file == ps->cur_file && ps->procs[i].alive)
			return &ps->procs[i];
	np = iol_grow(ps->procs, &ps->capprocs, ps->nprocs, sizeof(*np), 16);
	if (!np)
		return NULL;
	ps->procs = np;
	np = &ps->procs[ps->nprocs];
	memset(np, 0, sizeof(*np));
	np->pid = pid;
	np->tgid = tr_tgid(ps, pid);
	np->file = ps->cur_file;
	np->alive = 1;
	np->rank = ps->st->opts.rank_from == IOL_RANK_FROM_PID ? ps->nranks++
							       : ps->cur_file;
	ps->nprocs++;
	if (speaks && adopt(ps, np) < 0)
		return NULL;
	return np;
}

struct proc *tr_proc_get(struct tpass *ps, int pid)
{
	return proc_get(ps, pid, 1);
}

struct proc *tr_proc_child(struct tpass *ps, int pid)
{
	return proc_get(ps, pid, 0);
}

static struct fdtab *fdtab_new(void)
{
	struct fdtab *t = calloc(1, sizeof(*t));
	int i;

	if (!t)
		return NULL;
	t->refs = 1;
	t->n = 3;
	t->v = calloc(3, sizeof(*t->v));
	if (!t->v) {
		free(t);
		return NULL;
	}
	/* a process starts with its standard streams */
	for (i = 0; i < 3; i++) {
		t->v[i].kind = FD_STD;
		t->v[i].off = -1;
	}
	return t;
}

struct fdtab *tr_fdtab_copy(const struct fdtab *s)
{
	struct fdtab *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->refs = 1;
	t->n = s->n;
	t->v = malloc((size_t)(s->n ? s->n : 1) * sizeof(*t->v));
	if (!t->v) {
		free(t);
		return NULL;
	}
	memcpy(t->v, s->v, (size_t)s->n * sizeof(*t->v));
	return t;
}

static void fdtab_unref(struct fdtab *t)
{
	if (t && --t->refs == 0) {
		free(t->v);
		free(t);
	}
}

void tr_proc_exit(struct proc *p)
{
	fdtab_unref(p->fds);
	p->fds = NULL;
	p->alive = 0;
	free(p->pending);
	p->pending = NULL;
	p->early = 0;
	free(p->cwd);
	p->cwd = NULL;
}

void tr_pass_release(struct tpass *ps)
{
	size_t i;

	for (i = 0; i < ps->nprocs; i++) {
		fdtab_unref(ps->procs[i].fds);
		free(ps->procs[i].pending);
		free(ps->procs[i].cwd);
	}
	free(ps->procs);
	free(ps->seen);
	free(ps->stsize);
	ps->stsize = NULL;
	ps->capstsize = 0;
	tr_dirs_release(ps);
	free(ps->stk); /* strace -k's frames */
	ps->stk = NULL;
	ps->nstk = ps->capstk = 0;
	ps->procs = NULL;
	ps->seen = NULL;
	ps->nprocs = ps->capprocs = ps->capseen = 0;
}

int tr_oom(struct tpass *ps)
{
	if (!ps->err)
		ps->err = IOL_ENOMEM;
	return IOL_ENOMEM;
}

struct fdtab *tr_proc_fds(struct tpass *ps, struct proc *p)
{
	if (!p->fds && !(p->fds = fdtab_new()))
		tr_oom(ps);
	return p->fds;
}

struct fdent *tr_fd_at(struct tpass *ps, struct proc *p, long fd, int create)
{
	struct fdtab *t = tr_proc_fds(ps, p);

	if (fd > (1 << 20)) /* Linux's default limit (fs.nr_open) */
		ps->why = "descriptor out of range";
	if (!t || fd < 0 || fd > (1 << 20))
		return NULL;
	if (fd >= t->n) {
		struct fdent *nv;
		int n = (int)fd + 16;

		if (!create)
			return NULL;
		nv = realloc(t->v, (size_t)n * sizeof(*nv));
		if (!nv) {
			tr_oom(ps);
			return NULL;
		}
		memset(nv + t->n, 0, (size_t)(n - t->n) * sizeof(*nv));
		t->v = nv;
		t->n = n;
	}
	return &t->v[fd];
}

/* ---- the pass's directory paths (strace-dirs.c uses them) ---- */

struct dkey {
	const struct tpass *ps;
	const char *path;
};

static uint64_t dhash(const void *ctx, uint32_t i)
{
	const struct tpass *ps = ctx;

	return iol_hash_str(ps->dirs[i]);
}

static int deq(const void *ctx, uint32_t i)
{
	const struct dkey *k = ctx;

	return !strcmp(k->ps->dirs[i], k->path);
}

/* 1 + the index of path in ps->dirs, added when new; 0 on no memory */
static uint32_t dir_intern(struct tpass *ps, const char *path)
{
	struct dkey k = {ps, path};
	uint64_t h = iol_hash_str(path);
	char **nd, *cp;
	uint32_t *s;

	if (ps->ndirs >= UINT32_MAX - 1 ||
	    iol_index_reserve(&ps->dix, dhash, ps) < 0)
		return 0;
	s = iol_index_slot(&ps->dix, h, deq, &k);
	if (*s != IOL_INDEX_EMPTY)
		return *s + 1;
	nd = iol_grow(ps->dirs, &ps->capdirs, ps->ndirs, sizeof(*nd), 64);
	if (!nd)
		return 0;
	ps->dirs = nd;
	if (!(cp = strdup(path)))
		return 0;
	nd[ps->ndirs] = cp;
	*s = (uint32_t)ps->ndirs++;
	ps->dix.n++;
	return *s + 1;
}

int tr_fd_set_dir(struct tpass *ps, struct fdent *f, const char *path)
{
	f->dir = dir_intern(ps, path);
	return f->dir ? 0 : tr_oom(ps);
}

void tr_dirs_release(struct tpass *ps)
{
	size_t i;

	for (i = 0; i < ps->ndirs; i++)
		free(ps->dirs[i]);
	free(ps->dirs);
	iol_index_release(&ps->dix);
	ps->dirs = NULL;
	ps->ndirs = ps->capdirs = 0;
	memset(&ps->dix, 0, sizeof(ps->dix));
}

/* the descriptor a pending call closes ("close(N"), or -1 */
long tr_pending_close(const char *pending)
{
	char *e;
	long fd;

	if (!pending || strncmp(pending, "close(", 6))
		return -1;
	fd = strtol(pending + 6, &e, 10);
	return e == pending + 6 || fd < 0 || fd > (1 << 20) ? -1 : fd;
}

int tr_note_pending(struct tpass *ps, struct proc *p)
{
	long fd = tr_pending_close(p->pending);
	struct fdent *f;

	if (fd < 0)
		return 0;
	f = tr_fd_at(ps, p, fd, 1);
	if (f)
		f->closing = 1;
	return f ? 0 : tr_oom(ps);
}
