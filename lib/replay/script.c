/*
 * The replay script in memory: interned strings, rank sections of fixed
 * size events, the header (inputs to stage, path rewrites, tracer
 * overhead), and the totals of the original run that the replay is
 * compared with.  The text form is read in script-parse.c and written in
 * script-write.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/script.h"
#include "base/grow.h"
#include "base/hash.h"
#include "model/event.h"
#include "base/banned.h"

static const struct {
	const char *name;
	int cls;
} ops[IOL_ROP_COUNT] = {
	[IOL_ROP_END] = {"end", IOL_RCLASS_NONE},
	[IOL_ROP_OPEN] = {"open", IOL_RCLASS_META},
	[IOL_ROP_CLOSE] = {"close", IOL_RCLASS_META},
	[IOL_ROP_READ] = {"read", IOL_RCLASS_READ},
	[IOL_ROP_WRITE] = {"write", IOL_RCLASS_WRITE},
	[IOL_ROP_PREAD] = {"pread", IOL_RCLASS_READ},
	[IOL_ROP_PWRITE] = {"pwrite", IOL_RCLASS_WRITE},
	[IOL_ROP_LSEEK] = {"lseek", IOL_RCLASS_META},
	[IOL_ROP_FSYNC] = {"fsync", IOL_RCLASS_WRITE},
	[IOL_ROP_FDATASYNC] = {"fdatasync", IOL_RCLASS_WRITE},
	[IOL_ROP_STAT] = {"stat", IOL_RCLASS_META},
	[IOL_ROP_FSTAT] = {"fstat", IOL_RCLASS_META},
	[IOL_ROP_UNLINK] = {"unlink", IOL_RCLASS_META},
	[IOL_ROP_RENAME] = {"rename", IOL_RCLASS_META},
	[IOL_ROP_MKDIR] = {"mkdir", IOL_RCLASS_META},
	[IOL_ROP_RMDIR] = {"rmdir", IOL_RCLASS_META},
	[IOL_ROP_TRUNCATE] = {"truncate", IOL_RCLASS_META},
	[IOL_ROP_FTRUNCATE] = {"ftruncate", IOL_RCLASS_META},
	[IOL_ROP_DUP] = {"dup", IOL_RCLASS_META},
	[IOL_ROP_COPY] = {"copy", IOL_RCLASS_COPY},
	[IOL_ROP_WAIT] = {"after", IOL_RCLASS_NONE},
	[IOL_ROP_SYMLINK] = {"symlink", IOL_RCLASS_META},
	[IOL_ROP_LINK] = {"link", IOL_RCLASS_META},
	[IOL_ROP_LSTAT] = {"lstat", IOL_RCLASS_META},
	[IOL_ROP_FALLOCATE] = {"fallocate", IOL_RCLASS_META},
	[IOL_ROP_FADVISE] = {"fadvise", IOL_RCLASS_META},
	[IOL_ROP_CLONE] = {"clone", IOL_RCLASS_META},
	[IOL_ROP_READLINK] = {"readlink", IOL_RCLASS_META},
};

const char *iol_rop_name(int op)
{
	return op >= 0 && op < IOL_ROP_COUNT ? ops[op].name : NULL;
}

/* The arguments of each operation, one letter each: p path, q second
 * path, t a symbolic link's target (after its path), f open flags, m mode
 * (octal), d descriptor, l length, o offset, w whence, e second descriptor, n
 * second offset, L length of a copy (no buffer holds it, so it may pass the 2
 * GiB of l), k fallocate's mode, a posix_fadvise's advice.  A clone is DST
 * SRC SRCOFF LEN DSTOFF, the order of the kernel's struct
 * file_clone_range. */
static const char *const argspec[IOL_ROP_COUNT] = {
	[IOL_ROP_OPEN] = "pfm",	      [IOL_ROP_CLOSE] = "d",
	[IOL_ROP_READ] = "dl",	      [IOL_ROP_WRITE] = "dl",
	[IOL_ROP_PREAD] = "dlo",      [IOL_ROP_PWRITE] = "dlo",
	[IOL_ROP_LSEEK] = "dow",      [IOL_ROP_FSYNC] = "d",
	[IOL_ROP_FDATASYNC] = "d",    [IOL_ROP_STAT] = "p",
	[IOL_ROP_FSTAT] = "d",	      [IOL_ROP_UNLINK] = "p",
	[IOL_ROP_RENAME] = "pq",      [IOL_ROP_MKDIR] = "pm",
	[IOL_ROP_RMDIR] = "p",	      [IOL_ROP_TRUNCATE] = "pl",
	[IOL_ROP_FTRUNCATE] = "dl",   [IOL_ROP_DUP] = "d",
	[IOL_ROP_COPY] = "doenL",     [IOL_ROP_SYMLINK] = "pt",
	[IOL_ROP_LINK] = "pq",	      [IOL_ROP_LSTAT] = "p",
	[IOL_ROP_FALLOCATE] = "dkoL", [IOL_ROP_FADVISE] = "doLa",
	[IOL_ROP_CLONE] = "denLo",    [IOL_ROP_READLINK] = "p",
};

static const char *const fallocnames[] = {
	"keep_size",	"punch_hole",	 "", "collapse_range", "zero_range",
	"insert_range", "unshare_range",
};
static const char *const advicenames[] = {
	"normal", "random", "sequential", "willneed", "dontneed", "noreuse",
};

const char *iol_rfalloc_name(int bit)
{
	return bit >= 0 && bit < 7 && fallocnames[bit][0] ? fallocnames[bit]
							  : NULL;
}

const char *iol_radvice_name(int advice)
{
	return advice >= 0 && advice < 6 ? advicenames[advice] : NULL;
}

const char *iol_rop_args(int op)
{
	return op >= 0 && op < IOL_ROP_COUNT && argspec[op] ? argspec[op] : "";
}

int iol_rop_class(int op)
{
	return op >= 0 && op < IOL_ROP_COUNT ? ops[op].cls : IOL_RCLASS_NONE;
}

struct strix {
	struct iol_index ix;
};

void iol_rscript_init(struct iol_rscript *s)
{
	memset(s, 0, sizeof(*s));
}

void iol_rscript_release(struct iol_rscript *s)
{
	size_t i;
	struct strix *x = s->priv;

	for (i = 0; i < s->nrank; i++)
		free(s->rank[i].ev);
	free(s->rank);
	free(s->input);
	free(s->rewrite);
	free(s->dropped);
	free(s->strs);
	free(s->off);
	if (x) {
		iol_index_release(&x->ix);
		free(x);
	}
	memset(s, 0, sizeof(*s));
}

struct strkey {
	const struct iol_rscript *s;
	const char *str;
};

static int str_eq(const void *ctx, uint32_t i)
{
	const struct strkey *k = ctx;

	return strcmp(iol_rscript_s(k->s, i), k->str) == 0;
}

static uint64_t str_hash(const void *ctx, uint32_t i)
{
	const struct strkey *k = ctx;

	return iol_hash_str(iol_rscript_s(k->s, i));
}

/* Append str to the string table without looking it up. */
static int str_append(struct iol_rscript *s, const char *str, size_t len)
{
	char *nb;
	uint32_t *no;

	while (s->nbytes + len + 1 > s->capbytes) {
		nb = iol_grow(s->strs, &s->capbytes, s->capbytes, 1, 4096);
		if (!nb)
			return IOL_ENOMEM;
		s->strs = nb;
	}
	no = iol_grow(s->off, &s->capoff, s->nstr, sizeof(*no), 256);
	if (!no || s->nstr >= UINT32_MAX - 1)
		return IOL_ENOMEM;
	s->off = no;
	s->off[s->nstr++] = (uint32_t)s->nbytes;
	memcpy(s->strs + s->nbytes, str, len);
	s->strs[s->nbytes + len] = 0;
	s->nbytes += len + 1;
	return 0;
}

uint32_t iol_rscript_find(const struct iol_rscript *s, const char *str)
{
	const struct strix *x = s->priv;
	struct strkey k = {s, str};
	uint32_t *slot;

	if (!x || !x->ix.slot || !*str)
		return 0;
	slot = iol_index_slot(&x->ix, iol_hash_str(str), str_eq, &k);
	return *slot != IOL_INDEX_EMPTY ? *slot : 0;
}

uint32_t iol_rscript_str(struct iol_rscript *s, const char *str, int *rc)
{
	struct strix *x = s->priv;
	struct strkey k = {s, str};
	uint32_t *slot;

	if (!x) {
		x = calloc(1, sizeof(*x));
		if (!x || (s->priv = x, str_append(s, "", 0) < 0))
			goto nomem;
	}
	if (!*str)
		return 0;
	if (x->ix.slot) {
		slot = iol_index_slot(&x->ix, iol_hash_str(str), str_eq, &k);
		if (*slot != IOL_INDEX_EMPTY)
			return *slot;
	}
	if (iol_index_reserve(&x->ix, str_hash, &k) < 0 ||
	    str_append(s, str, strlen(str)) < 0)
		goto nomem;
	slot = iol_index_slot(&x->ix, iol_hash_str(str), str_eq, &k);
	*slot = (uint32_t)(s->nstr - 1);
	x->ix.n++;
	return *slot;
nomem:
	*rc = IOL_ENOMEM;
	return 0;
}

struct iol_rev *iol_rscript_push(struct iol_rscript *s, size_t r)
{
	struct iol_rrank *rk = &s->rank[r];
	struct iol_rev *ev;

	ev = iol_grow(rk->ev, &rk->cap, rk->n, sizeof(*ev), 64);
	if (!ev)
		return NULL;
	rk->ev = ev;
	ev = &rk->ev[rk->n++];
	memset(ev, 0, sizeof(*ev));
	ev->fd = ev->fd2 = -1;
	ev->off = ev->off2 = -1;
	return ev;
}

long iol_rscript_add_rank(struct iol_rscript *s, int64_t rank, int64_t pid)
{
	struct iol_rrank *nr = realloc(s->rank, (s->nrank + 1) * sizeof(*nr));

	if (!nr)
		return -1;
	s->rank = nr;
	memset(&nr[s->nrank], 0, sizeof(*nr));
	nr[s->nrank].rank = rank;
	nr[s->nrank].pid = pid;
	return (long)s->nrank++;
}

static int add_input(struct iol_rscript *s, const char *path, int64_t size,
		     const char *target)
{
	struct iol_rinput *ni;
	int rc = 0;
	uint32_t id = iol_rscript_str(s, path, &rc);
	uint32_t t = target ? iol_rscript_str(s, target, &rc) : 0;

	if (rc < 0)
		return rc;
	ni = realloc(s->input, (s->ninput + 1) * sizeof(*ni));
	if (!ni)
		return IOL_ENOMEM;
	s->input = ni;
	/* the compiled form stores these as they are: no stray padding */
	memset(&ni[s->ninput], 0, sizeof(*ni));
	ni[s->ninput].path = id;
	ni[s->ninput].target = t;
	ni[s->ninput++].size = size;
	return 0;
}

int iol_rscript_add_input(struct iol_rscript *s, const char *path, int64_t size)
{
	return add_input(s, path, size, NULL);
}

int iol_rscript_add_link(struct iol_rscript *s, const char *path,
			 const char *target)
{
	return add_input(s, path, -1, target);
}

/* what the parser's get_arg() refuses of argument c of e */
static const char *arg_unfit(const struct iol_rscript *s,
			     const struct iol_rev *e, char c)
{
	int big = c == 'L' || e->op == IOL_ROP_TRUNCATE ||
		  e->op == IOL_ROP_FTRUNCATE;

	switch (c) {
	case 'p':
	case 'q':
		return iol_rpath_ok(
			       iol_rscript_s(s, c == 'p' ? e->path : e->path2))
			       ? NULL
			       : "an empty path or one outside the sandbox";
	case 't':
		return iol_rlink_ok(iol_rscript_s(s, e->path),
				    iol_rscript_s(s, e->path2))
			       ? NULL
			       : "a link target leading out of the sandbox";
	case 'm': return e->mode > IOL_RMAX_MODE ? "a mode over 07777" : NULL;
	case 'd':
	case 'e': {
		int32_t fd = c == 'd' ? e->fd : e->fd2;

		return fd < 0 || fd > IOL_RMAX_FD ? "a descriptor over 2^20"
						  : NULL;
	}
	case 'l':
	case 'L':
		if (e->len < 0 || e->len > (big ? IOL_RMAX_LEN : IOL_RMAX_BUF))
			return big ? "a length over 2^62 bytes"
				   : "a length over 2^31 bytes";
		return NULL;
	case 'n':
		return e->off2 < -1 || e->off2 > IOL_RMAX_LEN
			       ? "an offset over 2^62"
			       : NULL;
	default: return NULL; /* words the writer always writes right */
	}
}

const char *iol_rev_unfit(const struct iol_rscript *s, const struct iol_rev *e)
{
	const char *c, *why;

	if (e->op == IOL_ROP_WAIT || e->op == IOL_ROP_END)
		return NULL;
	for (c = iol_rop_args(e->op); *c; c++)
		if ((why = arg_unfit(s, e, *c)) != NULL)
			return why;
	if (e->op == IOL_ROP_CLONE &&
	    (e->off < 0 || e->off > IOL_RMAX_LEN || e->off2 < 0))
		return "a clone's offset over 2^62";
	if (e->ret == -1 && (e->err < 0 || e->err > IOL_RMAX_ERRNO))
		return "an errno over 4095";
	return NULL;
}

int iol_rpath_ok(const char *p)
{
	const char *c;

	if (!*p || *p == '/')
		return 0;
	for (c = p; *c;) {
		size_t l = strcspn(c, "/");

		if (l == 2 && c[0] == '.' && c[1] == '.')
			return 0;
		c += l;
		while (*c == '/')
			c++;
	}
	return 1;
}

int iol_rlink_ok(const char *path, const char *target)
{
	const char *c;
	long depth = 0;

	if (!iol_rpath_ok(path) || !*target || *target == '/')
		return 0;
	/* the directories above the link: its components but the last,
	 * "." and empty ones no level ("./l", "a/" and "a/./l" were counted
	 * one deeper than they are, and a target one level above the run
	 * directory passed) */
	for (c = path; *c;) {
		size_t l = strcspn(c, "/");

		if (l && !(l == 1 && c[0] == '.'))
			depth++;
		c += l;
		while (*c == '/')
			c++;
	}
	depth--; /* the link's own name */
	for (c = target; *c;) {
		size_t l = strcspn(c, "/");

		if (l == 2 && c[0] == '.' && c[1] == '.') {
			if (--depth < 0)
				return 0;
		} else if (l && !(l == 1 && c[0] == '.')) {
			depth++;
		}
		c += l;
		while (*c == '/')
			c++;
	}
	return 1;
}

uint64_t iol_rscript_digest(const char *buf, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)buf[i];
		h *= 0x100000001b3ULL;
	}
	return iol_mix64(h ^ n);
}

static int is_fdop(int op)
{
	return op == IOL_ROP_CLOSE || op == IOL_ROP_READ ||
	       op == IOL_ROP_WRITE || op == IOL_ROP_PREAD ||
	       op == IOL_ROP_PWRITE || op == IOL_ROP_LSEEK ||
	       op == IOL_ROP_FSYNC || op == IOL_ROP_FDATASYNC ||
	       op == IOL_ROP_FSTAT || op == IOL_ROP_FTRUNCATE ||
	       op == IOL_ROP_DUP || op == IOL_ROP_COPY ||
	       op == IOL_ROP_FALLOCATE || op == IOL_ROP_FADVISE ||
	       op == IOL_ROP_CLONE;
}

/* The fd -> path map of one rank while resolving. */
static int map_set(uint32_t **map, size_t *cap, int64_t fd, uint32_t path)
{
	if (fd < 0 || fd > (1 << 20))
		return 0;
	if ((size_t)fd >= *cap) {
		size_t nc = (size_t)fd * 2 + 16;
		uint32_t *nm = realloc(*map, nc * sizeof(**map));

		if (!nm)
			return IOL_ENOMEM;
		memset(nm + *cap, 0, (nc - *cap) * sizeof(*nm));
		*map = nm;
		*cap = nc;
	}
	(*map)[fd] = path;
	return 0;
}

/* One call of a process of several sections, at its scheduled start;
 * a call making a descriptor at its end (make, as are the calls of its
 * section at that same time), as its number is given on return: a
 * close another thread began before may free it. */
struct rcall {
	double t;
	int make;
	size_t sec, idx;
};

static int by_sched(const void *x, const void *y)
{
	const struct rcall *a = x, *b = y;

	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	if (a->make != b->make)
		return a->make < b->make ? -1 : 1;
	if (a->sec != b->sec)
		return a->sec < b->sec ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int resolve_call(struct iol_rrank *rk, struct iol_rev *e, uint32_t **map,
			size_t *cap)
{
	int cls = iol_rop_class(e->op);

	if (is_fdop(e->op) && e->fd >= 0 && (size_t)e->fd < *cap)
		e->path = (*map)[e->fd];
	if ((e->op == IOL_ROP_COPY || e->op == IOL_ROP_CLONE) && e->fd2 >= 0 &&
	    (size_t)e->fd2 < *cap)
		e->path2 = (*map)[e->fd2];
	if (cls == IOL_RCLASS_READ || cls == IOL_RCLASS_WRITE) {
		if (e->len > rk->maxlen)
			rk->maxlen = e->len;
		if (e->ret > rk->maxlen)
			rk->maxlen = e->ret;
	}
	if ((e->op == IOL_ROP_OPEN || e->op == IOL_ROP_DUP) && e->ret >= 0)
		return map_set(map, cap, e->ret, e->path);
	return 0;
}

/* The sections sec[0..n) of one process: their calls in the order of
 * the schedule, as a thread's descriptor may be another thread's. */
static int resolve_process(struct iol_rscript *s, const size_t *sec, size_t n)
{
	uint32_t *map = NULL;
	size_t cap = 0, i, j, m = 0, nc = 0;
	struct rcall *c = NULL;
	int rc = 0;

	for (i = 0; i < n; i++)
		nc += s->rank[sec[i]].n, s->rank[sec[i]].maxlen = 0;
	if (n > 1 && !(c = malloc((nc + 1) * sizeof(*c))))
		return IOL_ENOMEM;
	for (i = 0; n > 1 && i < n; i++) {
		const struct iol_rrank *rk = &s->rank[sec[i]];
		double t = 0;

		for (j = 0; j < rk->n; j++, m++) {
			const struct iol_rev *e = &rk->ev[j];

			t += e->gap;
			c[m].make = (e->op == IOL_ROP_OPEN ||
				     e->op == IOL_ROP_DUP) &&
				    e->ret >= 0;
			c[m].t = c[m].make ? t + e->dur : t;
			/* the calls at its end after a make stay after it */
			if (j > 0 && c[m - 1].make && c[m - 1].t == c[m].t)
				c[m].make = 1;
			c[m].sec = sec[i], c[m].idx = j;
			t += e->dur;
		}
	}
	if (n > 1)
		qsort(c, nc, sizeof(*c), by_sched);
	for (i = 0; i < nc && rc == 0; i++) {
		size_t r = n > 1 ? c[i].sec : sec[0];
		size_t k = n > 1 ? c[i].idx : i;

		rc = resolve_call(&s->rank[r], &s->rank[r].ev[k], &map, &cap);
	}
	free(c);
	free(map);
	return rc;
}

struct gkey {
	int64_t rank, key;
	size_t i;
};

static int by_gkey(const void *x, const void *y)
{
	const struct gkey *a = x, *b = y;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

int iol_rscript_groups(const struct iol_rscript *s, size_t *lead, size_t *next)
{
	struct gkey *g = malloc((s->nrank + 1) * sizeof(*g));
	size_t i, j, k;
	int thr;

	if (!g)
		return IOL_ENOMEM;
	for (i = 0; i < s->nrank; i++) {
		const struct iol_rrank *rk = &s->rank[i];

		g[i].rank = rk->rank, g[i].i = lead[i] = i;
		g[i].key = rk->thread_of ? rk->thread_of : rk->pid;
	}
	if (s->nrank > 1)
		qsort(g, s->nrank, sizeof(*g), by_gkey);
	for (i = 0; i < s->nrank; i = j) {
		thr = 0;
		for (j = i; j < s->nrank && g[j].rank == g[i].rank &&
			    g[j].key == g[i].key;
		     j++)
			thr |= s->rank[g[j].i].thread_of != 0;
		for (k = i; thr && k < j; k++)
			lead[g[k].i] = g[i].i;
		for (k = i; next && k < j; k++)
			next[g[k].i] = thr && k + 1 < j ? g[k + 1].i : SIZE_MAX;
	}
	free(g);
	return 0;
}

/* Section r from its next event as far as its waits allow; returns 1
 * when it stopped at a wait on a valid section (in *on), 0 at its end,
 * -1 at a wait that can never be met (a section out of range, itself). */
static int waits_run(const struct iol_rscript *s, size_t r, size_t *pos,
		     int64_t *calls, size_t *on)
{
	const struct iol_rrank *rk = &s->rank[r];

	for (; pos[r] < rk->n; pos[r]++) {
		const struct iol_rev *e = &rk->ev[pos[r]];

		if (e->op != IOL_ROP_WAIT) {
			calls[r] += e->op != IOL_ROP_END;
			continue;
		}
		if (e->fd < 0 || (size_t)e->fd >= s->nrank ||
		    (size_t)e->fd == r || e->len < 0)
			return -1;
		if (calls[e->fd] < e->len) {
			*on = (size_t)e->fd;
			return 1;
		}
	}
	return 0;
}

int iol_rscript_waits_ok(const struct iol_rscript *s, size_t *br, size_t *bi)
{
	size_t nr = s->nrank, r, on, nq = 0, k;
	size_t *pos = calloc(nr + 1, sizeof(*pos)),
	       *q = malloc((nr + 1) * sizeof(*q));
	size_t *head = malloc((nr + 1) * sizeof(*head)),
	       *next = malloc((nr + 1) * sizeof(*next));
	int64_t *calls = calloc(nr + 1, sizeof(*calls));
	int rc = 0, st;

	if (!pos || !q || !head || !next || !calls)
		rc = IOL_ENOMEM;
	for (r = 0; rc == 0 && r < nr; r++)
		q[nq++] = r, head[r] = SIZE_MAX;
	/* a section stopped at a wait sleeps on the section it waits for
	 * and is woken (queued again) when that one has made more calls */
	while (rc == 0 && nq > 0) {
		int64_t before;

		r = q[--nq];
		before = calls[r];
		st = waits_run(s, r, pos, calls, &on);
		if (st < 0) {
			*br = r, *bi = pos[r];
			rc = 1;
			break;
		}
		if (st > 0)
			next[r] = head[on], head[on] = r;
		if (calls[r] == before)
			continue;
		for (k = head[r]; k != SIZE_MAX; k = next[k])
			q[nq++] = k;
		head[r] = SIZE_MAX;
	}
	for (r = 0; rc == 0 && r < nr; r++)
		if (pos[r] < s->rank[r].n) { /* a cycle, or too few calls */
			*br = r, *bi = pos[r];
			rc = 1;
		}
	free(pos);
	free(q);
	free(head);
	free(next);
	free(calls);
	return rc;
}

int iol_rscript_resolve(struct iol_rscript *s, struct iol_error *err)
{
	size_t *lead = malloc((s->nrank + 1) * sizeof(*lead));
	size_t *next = malloc((s->nrank + 1) * sizeof(*next));
	size_t *sec = malloc((s->nrank + 1) * sizeof(*sec));
	size_t r, k, n;
	int rc = lead && next && sec ? iol_rscript_groups(s, lead, next)
				     : IOL_ENOMEM;

	for (r = 0; r < s->nrank && rc == 0; r++) {
		if (lead[r] != r)
			continue; /* resolved with its process's first */
		for (k = r, n = 0; k != SIZE_MAX; k = next[k])
			sec[n++] = k;
		rc = resolve_process(s, sec, n);
	}
	free(lead);
	free(next);
	free(sec);
	if (rc)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

/* *a += b (b >= 0), held at INT64_MAX: a script's results are its own
 * numbers (three copies of 2^62 bytes would overflow). */
static void add_sat(int64_t *a, int64_t b)
{
	*a = *a > INT64_MAX - b ? INT64_MAX : *a + b;
}

void iol_rtotals_count(struct iol_rtotals *t, int64_t (*per_file)[3],
		       const struct iol_rev *e, int64_t ret, double d)
{
	int cls = iol_rop_class(e->op);
	int64_t b = ret > 0 ? ret : 0;
	int data = e->op == IOL_ROP_READ || e->op == IOL_ROP_PREAD ||
		   e->op == IOL_ROP_WRITE || e->op == IOL_ROP_PWRITE;

	if (cls == IOL_RCLASS_NONE)
		return;
	t->ops++;
	if (per_file)
		per_file[e->path][2]++;
	if (cls == IOL_RCLASS_META) {
		t->meta_s += d;
		return;
	}
	if (cls == IOL_RCLASS_COPY) {
		t->read_s += d / 2, t->write_s += d / 2;
		add_sat(&t->bytes_read, b), add_sat(&t->bytes_written, b);
		if (per_file) {
			add_sat(&per_file[e->path][0], b);
			add_sat(&per_file[e->path2][1], b);
		}
		return;
	}
	if (cls == IOL_RCLASS_READ)
		t->read_s += d;
	else
		t->write_s += d;
	if (!data) /* fsync, fdatasync: time, no bytes */
		return;
	add_sat(cls == IOL_RCLASS_READ ? &t->bytes_read : &t->bytes_written, b);
	if (per_file)
		add_sat(&per_file[e->path][cls == IOL_RCLASS_READ ? 0 : 1], b);
}

void iol_rscript_totals(const struct iol_rscript *s, struct iol_rtotals *t,
			int64_t (*per_file)[3])
{
	size_t r, i;

	memset(t, 0, sizeof(*t));
	for (r = 0; r < s->nrank; r++) {
		const struct iol_rrank *rk = &s->rank[r];
		double at = 0;

		for (i = 0; i < rk->n; i++) {
			const struct iol_rev *e = &rk->ev[i];

			at += e->gap + e->dur;
			iol_rtotals_count(t, per_file, e, e->ret, e->dur);
		}
		if (at > t->run_s)
			t->run_s = at;
	}
}
