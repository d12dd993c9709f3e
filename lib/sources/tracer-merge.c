/*
 * The library side of the tracer (tracer.h): the file every traced
 * thread appended its lines to, read for the header's figures, then its
 * threads' lines merged in time order into one trace in strace -f's form
 * with the header replay-script reads.
 * Owner: lib/sources.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/version.h"
#include "sources/tracer.h"
#include "sources/modstamp.h"
#include "base/banned.h"

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_list(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The paths of the entries of dir but dot files, sorted; NULL with
 * errno when it cannot be read or memory ran out. */
static char **list_dir(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **v = NULL, **nv;
	size_t cap = 0, l;

	*n = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 32;
			if (!(nv = realloc(v, cap * sizeof(*v))))
				goto nomem;
			v = nv;
		}
		l = strlen(dir) + strlen(de->d_name) + 2;
		if (!(v[*n] = malloc(l)))
			goto nomem;
		snprintf(v[(*n)++], l, "%s%s%s", dir,
			 dir[strlen(dir) - 1] == '/' ? "" : "/", de->d_name);
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_name);
	return v ? v : calloc(1, sizeof(*v));
nomem:
	closedir(d);
	free_list(v, *n);
	*n = 0;
	errno = ENOMEM;
	return NULL;
}

/*
 * "hello PID", "exec PID PATH", "execfail PID" (the tracer's markers,
 * in the order they were written): an exec stays pending until its
 * process says hello in its new program, or that it failed.  What stays
 * pending ran without the tracer.
 */
static void exec_note(struct iol_tstats *ms, char *m)
{
	char *sp = strchr(m, ' '), *e, *nl;
	long pid = sp ? strtol(sp + 1, &e, 10) : 0;
	struct iol_texec *xp;
	size_t i, k;

	if (pid <= 0)
		return;
	if (m[0] == 'h')
		ms->hellos++; /* a process the tracer ran in */
	if (strncmp(m, "exec ", 5)) {
		for (i = k = 0; i < ms->nxp; i++)
			if (ms->xp[i].pid == pid)
				free(ms->xp[i].path);
			else
				ms->xp[k++] = ms->xp[i];
		ms->nxp = k;
		return;
	}
	if ((nl = strchr(e, '\n')) != NULL)
		*nl = '\0';
	xp = realloc(ms->xp, (ms->nxp + 1) * sizeof(*ms->xp));
	if (!xp)
		return; /* a program less named as untraced */
	ms->xp = xp;
	ms->xp[ms->nxp].pid = pid;
	if ((ms->xp[ms->nxp].path = strdup(*e == ' ' ? e + 1 : e)))
		ms->nxp++;
}

/* The first max distinct programs of the pending execs into v; how
 * many (max + 1 when there are more). */
size_t iol_tstats_untraced(const struct iol_tstats *ms, const char **v,
			   size_t max)
{
	size_t i, k, n = 0;

	for (i = 0; i < ms->nxp; i++) {
		for (k = 0; k < n && strcmp(v[k], ms->xp[i].path); k++)
			;
		if (k < n)
			continue;
		if (n == max)
			return max + 1;
		v[n++] = ms->xp[i].path;
	}
	return n;
}

#define MODS_MAX 512 /* modules listed in the header at most */

/* the modules a line's frames name ("\x1f > /path() [0x1f]", the line
 * l up to its end e), each once; out of memory lists fewer */
static void note_modules(struct iol_tstats *ms, const char *l, const char *e)
{
	const char *f = l, *p;
	char **m;
	size_t i, n;

	while ((f = memchr(f, '\x1f', (size_t)(e - f))) != NULL) {
		f += 1;
		if (strncmp(f, " > /", 4) ||
		    !(p = memmem(f, (size_t)(e - f), "() [", 4)))
			continue;
		f += 3;
		n = (size_t)(p - f);
		for (i = 0; i < ms->nmods; i++)
			if (strlen(ms->mods[i]) == n &&
			    !memcmp(ms->mods[i], f, n))
				break;
		if (i < ms->nmods || ms->nmods >= MODS_MAX)
			continue;
		m = realloc(ms->mods, (ms->nmods + 1) * sizeof(*ms->mods));
		if (!m)
			return;
		ms->mods = m;
		if ((m[ms->nmods] = strndup(f, n)) != NULL)
			ms->nmods++;
	}
}

/* "# module BUILDID SIZE MTIME PATH" for each module the stacks name, as
 * it is now, just after the run: blocks tells a binary rebuilt or
 * deleted since from these; and the stacks cut at the depth asked for */
static void put_modules(FILE *out, const struct iol_tstats *ms)
{
	const char *d = getenv("IOLENS_TRACE_STACKS");
	struct iol_jmodule m;
	size_t i;

	if (!d)
		return;
	fprintf(out, "# stacks: depth %d, %llu cut\n", atoi(d),
		(unsigned long long)ms->cut);
	for (i = 0; i < ms->nmods; i++) {
		if (iol_module_stamp(ms->mods[i], &m) < 0)
			continue;
		fprintf(out, "# module %s %lld %lld %s\n",
			m.build_id[0] ? m.build_id : "-", (long long)m.size,
			(long long)m.mtime_ns, ms->mods[i]);
	}
}

static void put_header(FILE *out, char *const *cmd, int64_t first,
		       const struct iol_tstats *ms)
{
	time_t s = (time_t)(first / 1000000000);
	struct tm tm;
	char when[64] = "";
	const char *v[10];
	size_t k, nv;
	int i;

	if (gmtime_r(&s, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm);
	fprintf(out, "# iolens-trace 1 (iolens %s, times UTC) of",
		IOLENS_VERSION);
	for (i = 0; cmd[i]; i++) {
		const char *c;

		fputc(' ', out);
		for (c = cmd[i]; *c; c++)
			fputc(*c == '\n' ? ' ' : *c, out);
	}
	fprintf(out, "\n# started %s\n", when);
	/* what replay-script takes off the gaps between calls */
	fprintf(out, "# tracer cost: %llu calls, %llu ns\n",
		(unsigned long long)ms->ncost, (unsigned long long)ms->cost);
	if (!ms->hellos)
		fprintf(out, "# the command %s\n", IOL_TRACE_NO_TRACER);
	nv = ms->hellos ? iol_tstats_untraced(ms, v, 10) : 0;
	for (k = 0; k < nv && k < 10; k++)
		fprintf(out, "# '%s' %s\n", v[k], IOL_TRACE_NO_TRACER_SUB);
	if (nv > 10)
		fprintf(out, "# ... and more programs\n");
	put_modules(out, ms);
}

/* ---- the file every thread appended its lines to ----
 *
 * Each thread appended its buffer to dir/trace in one write, so the file
 * is runs of one thread's lines in their time order.  It is read mapped,
 * once for the header's figures and the runs of each thread (their
 * places in the file, not copies), then the runs are merged in time
 * order.  Copying each thread's lines to a file of its own first, and
 * reading them back through stdio, cost the merge 1.2 s of CPU for 2
 * million lines; the mapped file some 0.3 s.
 */

/* dir/trace, read-only; p NULL when it is empty */
struct tmap {
	const char *p;
	size_t n;
};

static int map_trace(const char *dir, struct tmap *m)
{
	char path[PATH_MAX];
	struct stat st;
	void *p;
	int fd, e;

	m->p = NULL;
	m->n = 0;
	snprintf(path, sizeof(path), "%s/trace", dir);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &st) < 0 || (uint64_t)st.st_size > SIZE_MAX) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if (st.st_size > 0) {
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd,
			 0);
		e = errno;
		if (p == MAP_FAILED) {
			close(fd);
			errno = e;
			return -1;
		}
		m->p = p;
		m->n = (size_t)st.st_size;
	}
	close(fd);
	return 0;
}

/* The pages wholly inside [from, to) of the file let go: read once,
 * they would count in the process's memory to the end of the merge (the
 * file's size) though the page cache holds them anyway. */
static void let_go(const struct tmap *m, size_t from, size_t to)
{
	size_t pg = 4096;
	uintptr_t a = ((uintptr_t)m->p + from + pg - 1) / pg * pg;
	uintptr_t b = ((uintptr_t)m->p + to) / pg * pg;

	if (b > a)
		madvise((void *)a, b - a, MADV_DONTNEED);
}

#define LET_GO (4u << 20) /* bytes read before they are let go */

static void unmap_trace(struct tmap *m)
{
	if (m->p)
		munmap((void *)m->p, m->n);
	m->p = NULL;
}

/* a line: its time (ns), its thread, "TID call" (rest), the call, and
 * its end (its '\n') */
struct tline {
	int64_t key;
	long tid;
	const char *rest, *call, *end;
};

/* up to max digits from *p into *v; how many (the line's '\n' ends
 * them at the latest: no bound but max needed) */
static int digits(const char **p, int max, uint64_t *v)
{
	const unsigned char *q = (const unsigned char *)*p;
	unsigned c;
	int k = 0;

	for (*v = 0; k < max && (c = (unsigned)q[k] - '0') < 10; k++)
		*v = *v * 10 + c;
	*p += k;
	return k;
}

/* exactly 9 digits at *p into *v, 1; else 0 */
static int nine(const char **p, uint64_t *v)
{
	const unsigned char *q = (const unsigned char *)*p;
	unsigned c, i;

	for (*v = 0, i = 0; i < 9; i++) {
		if ((c = (unsigned)q[i] - '0') >= 10)
			return 0;
		*v = *v * 10 + c;
	}
	*p += 9;
	return 1;
}

/* "SEC.NANOSEC TID call\n" at p (lim the file's end) into l, 1; 0 when
 * bad (cut short: the program was killed).  *next: the line after. */
static int parse_line(const char *p, const char *lim, struct tline *l,
		      const char **next)
{
	const char *e = memchr(p, '\n', (size_t)(lim - p)), *q = p;
	uint64_t s, ns, tid;

	*next = e ? e + 1 : lim;
	if (!e || !digits(&q, 18, &s) || *q++ != '.' ||
	    s > INT64_MAX / 1000000000 - 1)
		return 0;
	if (!nine(&q, &ns) || *q++ != ' ')
		return 0;
	l->rest = q;
	if (!digits(&q, 18, &tid) || !tid || tid > LONG_MAX || *q != ' ')
		return 0;
	l->key = (int64_t)s * 1000000000 + (int64_t)ns;
	l->tid = (long)tid;
	l->call = q + 1;
	l->end = e;
	return 1;
}

static int starts(const struct tline *l, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(l->end - l->call) >= n && !memcmp(l->call, s, n);
}

/* the tracer's word to iolens trace, no line of the trace: "#hello",
 * "#exec", "#execfail" (marker()) and "#cost" (cost_line()) */
static int is_marker(const struct tline *l)
{
	return l->call[0] == '#' &&
	       (starts(l, "#hello ") || starts(l, "#exec ") ||
		starts(l, "#execfail ") || starts(l, "#cost "));
}

/* a marker into ms (through a copy: exec_note and sscanf want a
 * string; marker() writes 384 bytes at most) */
static void note_marker(struct iol_tstats *ms, const struct tline *l)
{
	char b[512];
	size_t n = (size_t)(l->end - l->call) - 1;
	unsigned long long k, ns, cut;
	int f;

	if (n >= sizeof(b))
		n = sizeof(b) - 1;
	memcpy(b, l->call + 1, n);
	b[n] = '\0';
	if (strncmp(b, "cost ", 5)) {
		exec_note(ms, b);
		return;
	}
	f = sscanf(b + 5, "%llu %llu %llu", &k, &ns, &cut);
	if (f >= 2)
		ms->ncost += k, ms->cost += ns;
	if (f == 3)
		ms->cut += cut;
}

/* ---- the threads ---- */

/* a run of a thread's lines in the file: offset and length */
struct run {
	size_t off, len;
};

struct tthread {
	long tid;		     /* 0: a free slot */
	unsigned char thread, lines; /* made with CLONE_THREAD; has lines */
	struct run *run;
	size_t nrun, cap;
};

/* the threads by tid (open addressing) */
struct threads {
	struct tthread *t;
	size_t cap, n;
};

static struct tthread *slot(struct threads *d, long tid)
{
	size_t i, k;

	if (2 * (d->n + 1) > d->cap) {
		struct tthread *old = d->t;
		size_t oc = d->cap;

		d->cap = d->cap ? 2 * d->cap : 256;
		d->t = calloc(d->cap, sizeof(*d->t));
		if (!d->t) { /* kept as it was: the caller sees ENOMEM */
			d->t = old, d->cap = oc;
			errno = ENOMEM;
			return NULL;
		}
		for (d->n = k = 0; k < oc; k++)
			if (old[k].tid)
				*slot(d, old[k].tid) = old[k];
		free(old);
	}
	for (i = (size_t)tid * 2654435761u % d->cap;
	     d->t[i].tid && d->t[i].tid != tid; i = (i + 1) % d->cap)
		;
	if (!d->t[i].tid)
		d->t[i].tid = tid, d->n++;
	return &d->t[i];
}

static void threads_free(struct threads *d)
{
	size_t i;

	for (i = 0; i < d->cap; i++)
		free(d->t[i].run);
	free(d->t);
}

/* A clone (clone, clone3) with CLONE_THREAD made a thread, not a
 * process: mark the tid it returned; 1 when it did */
static int note_thread(struct threads *d, const struct tline *l)
{
	size_t n = (size_t)(l->end - l->call);
	const char *r;
	long tid;

	if (!starts(l, "clone") || !memmem(l->call, n, "CLONE_THREAD", 12) ||
	    !(r = memmem(l->call, n, ") = ", 4)))
		return 0;
	tid = strtol(r + 4, NULL, 10); /* ends at the line's '\n' at last */
	if (tid > 0) {
		struct tthread *t = slot(d, tid);

		if (t) /* else out of memory: counted a process */
			t->thread = 1;
	}
	return 1;
}

/* the line at p (from..to) joined to its thread's last run, or a run
 * of its own; 0, or -1 out of memory */
static int add_run(struct tthread *t, size_t from, size_t to, int joins)
{
	if (joins && t->nrun) {
		t->run[t->nrun - 1].len = to - t->run[t->nrun - 1].off;
		return 0;
	}
	if (t->nrun == t->cap) {
		size_t nc = t->cap ? 2 * t->cap : 16;
		struct run *nr = nc < SIZE_MAX / sizeof(*nr)
					 ? realloc(t->run, nc * sizeof(*nr))
					 : NULL;

		if (!nr) {
			errno = ENOMEM;
			return -1;
		}
		t->run = nr;
		t->cap = nc;
	}
	t->run[t->nrun].off = from;
	t->run[t->nrun++].len = to - from;
	return 0;
}

/* a line merged, from p to next: into the header's figures and its
 * thread's runs (prev: the thread of the line before, when it was merged
 * too); its thread, NULL out of memory */
static struct tthread *take_line(const struct tmap *m, struct threads *d,
				 struct iol_tstats *ms, const struct tline *l,
				 struct tthread *prev, const char *p,
				 const char *next)
{
	struct tthread *t;

	note_modules(ms, l->call, l->end);
	/* the trace's first time, for its header */
	if (!ms->first || l->key < ms->first)
		ms->first = l->key;
	/* a thread's clone line: slot() may move the table */
	if (note_thread(d, l))
		prev = NULL;
	if (!(t = prev && prev->tid == l->tid ? prev : slot(d, l->tid)))
		return NULL;
	t->lines = 1;
	return add_run(t, (size_t)(p - m->p), (size_t)(next - m->p),
		       t == prev) < 0
		       ? NULL
		       : t;
}

/* The file read once: the header's figures into ms, each thread's runs
 * of lines into d.  0, or -1 out of memory. */
static int scan(const struct tmap *m, struct threads *d, struct iol_tstats *ms)
{
	struct tthread *prev = NULL;
	struct tline l;
	const char *p, *next, *gone;
	size_t i;
	int marked = 0;

	for (p = gone = m->p; p && p < m->p + m->n; p = next) {
		if ((size_t)(p - gone) > LET_GO) {
			let_go(m, (size_t)(gone - m->p), (size_t)(p - m->p));
			gone = p;
		}
		if (!parse_line(p, m->p + m->n, &l, &next)) {
			ms->bad++;
			prev = NULL; /* a run ends at a line not merged */
			continue;
		}
		if (l.call[0] == '#')
			marked = 1;
		if (is_marker(&l)) {
			note_marker(ms, &l);
			prev = NULL;
			continue;
		}
		ms->own += !marked;
		if (!(prev = take_line(m, d, ms, &l, prev, p, next)))
			return -1;
	}
	for (i = 0; i < d->cap; i++)
		if (d->t[i].tid && d->t[i].lines)
			*(d->t[i].thread ? &ms->nthr : &ms->nproc) += 1;
	return 0;
}

int iol_trace_demux(const char *dir, struct iol_tstats *ms)
{
	struct tmap m;

	(void)ms;
	if (map_trace(dir, &m) < 0)
		return -1;
	unmap_trace(&m);
	return 0;
}

/* ---- merging the threads' lines in time order ---- */

/* a thread's next line: at p in run r */
struct src {
	const struct tthread *t;
	size_t r;
	const char *p;
	struct tline l;
};

/* the next line of s; 0 at its end */
static int advance(struct src *s, const struct tmap *m)
{
	const char *next;

	for (;;) {
		const struct run *r = &s->t->run[s->r];

		if (s->p < m->p + r->off + r->len)
			break;
		let_go(m, r->off, r->off + r->len);
		if (++s->r == s->t->nrun)
			return 0;
		s->p = m->p + s->t->run[s->r].off;
	}
	/* every line of a run was parsed before, and is good */
	parse_line(s->p, m->p + m->n, &s->l, &next);
	s->p = next;
	return 1;
}

static int before(const struct src *a, const struct src *b)
{
	return a->l.key < b->l.key;
}

static void sift(struct src **h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct src *t;

		if (l < n && before(h[l], h[m]))
			m = l;
		if (l + 1 < n && before(h[l + 1], h[m]))
			m = l + 1;
		if (m == i)
			return;
		t = h[i], h[i] = h[m], h[m] = t;
		i = m;
	}
}

/* threads in the order of their tids' names ("123" before "45"), as
 * their files were once listed: lines of one time come out as before */
static int cmp_tid(const void *a, const void *b)
{
	char x[24], y[24];

	snprintf(x, sizeof(x), "%ld", (*(struct tthread *const *)a)->tid);
	snprintf(y, sizeof(y), "%ld", (*(struct tthread *const *)b)->tid);
	return strcmp(x, y);
}

/* the merged trace's text, written a block at a time */
struct wout {
	FILE *f;
	size_t n;
	int64_t sec; /* of tod, "HH:MM:SS." */
	char tod[10];
	char b[1 << 16];
};

static void w_flush(struct wout *w)
{
	if (w->n)
		fwrite(w->b, 1, w->n, w->f);
	w->n = 0;
}

static void w_put(struct wout *w, const char *s, size_t n)
{
	if (w->n + n > sizeof(w->b)) {
		w_flush(w);
		if (n > sizeof(w->b)) {
			fwrite(s, 1, n, w->f);
			return;
		}
	}
	memcpy(w->b + w->n, s, n);
	w->n += n;
}

/* "HH:MM:SS.nnnnnnnnn" of a time in ns, UTC, as strace -tt prints it */
static void put_tod(struct wout *w, int64_t ns)
{
	int64_t s = ns / 1000000000, d = s % 86400;
	uint64_t f = (uint64_t)(ns % 1000000000);
	char o[9];
	int i;

	if (s != w->sec || !w->tod[0]) {
		int v[3] = {(int)(d / 3600), (int)(d / 60 % 60), (int)(d % 60)};

		for (i = 0; i < 3; i++) {
			w->tod[3 * i] = (char)('0' + v[i] / 10 % 10);
			w->tod[3 * i + 1] = (char)('0' + v[i] % 10);
			w->tod[3 * i + 2] = i < 2 ? ':' : '.';
		}
		w->sec = s;
	}
	for (i = 8; i >= 0; i--, f /= 10)
		o[i] = (char)('0' + f % 10);
	w_put(w, w->tod, 9);
	w_put(w, o, 9);
}

/* "TID TIME call": the tracer's stack frames after the call (each
 * after a \x1f, iolens trace --stacks) a line each, as strace -k */
static void put_line(struct wout *w, const struct tline *l)
{
	const char *s = l->call - 1, *u;

	w_put(w, l->rest, (size_t)(l->call - l->rest));
	put_tod(w, l->key);
	while ((u = memchr(s, '\x1f', (size_t)(l->end - s))) != NULL) {
		w_put(w, s, (size_t)(u - s));
		w_put(w, "\n", 1);
		s = u + 1;
	}
	w_put(w, s, (size_t)(l->end + 1 - s));
}

/* the threads' runs merged in time order into w */
static int merge(const struct tmap *m, struct threads *d, struct wout *w,
		 struct iol_tstats *ms, size_t *nthreads)
{
	struct tthread **v = calloc(d->n ? d->n : 1, sizeof(*v));
	struct src *s = calloc(d->n ? d->n : 1, sizeof(*s));
	struct src **h = calloc(d->n ? d->n : 1, sizeof(*h));
	size_t i, k = 0, n = 0;

	if (!v || !s || !h) {
		free(v), free(s), free(h);
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < d->cap; i++)
		if (d->t[i].tid && d->t[i].nrun)
			v[n++] = &d->t[i];
	qsort(v, n, sizeof(*v), cmp_tid);
	*nthreads = n;
	for (i = 0; i < n; i++) {
		s[i].t = v[i];
		s[i].p = m->p + v[i]->run[0].off;
		if (advance(&s[i], m))
			h[k++] = &s[i];
	}
	for (i = k; i-- > 0;)
		sift(h, k, i);
	while (k > 0) {
		ms->lines++;
		put_line(w, &h[0]->l);
		if (!advance(h[0], m))
			h[0] = h[--k];
		sift(h, k, 0);
	}
	w_flush(w);
	free(v), free(s), free(h);
	return 0;
}

int iol_trace_merge(const char *dir, FILE *out, char *const *cmd,
		    struct iol_tstats *ms, size_t *nthreads)
{
	struct threads d = {NULL, 0, 0};
	struct wout *w = malloc(sizeof(*w));
	struct tmap m;
	int rc = -1;

	*nthreads = 0;
	if (!w) {
		errno = ENOMEM;
		return -1;
	}
	w->f = out, w->n = 0, w->sec = 0, w->tod[0] = '\0';
	if (map_trace(dir, &m) == 0) {
		if (scan(&m, &d, ms) == 0) {
			put_header(out, cmd, ms->first, ms);
			rc = merge(&m, &d, w, ms, nthreads);
		}
		unmap_trace(&m);
	}
	threads_free(&d);
	free(w);
	return rc;
}

/* dir, its files and the files of its directory t */
void iol_trace_parts_remove(const char *dir)
{
	char t[PATH_MAX];
	size_t n, i;
	char **v;
	int k;

	snprintf(t, sizeof(t), "%s/t", dir);
	for (k = 0; k < 2; k++) {
		v = list_dir(k ? dir : t, &n);
		for (i = 0; v && i < n; i++)
			if (unlink(v[i]) < 0 && errno == EISDIR)
				rmdir(v[i]);
		if (v)
			free_list(v, n);
	}
	rmdir(t);
	rmdir(dir);
}

void iol_tstats_release(struct iol_tstats *ms)
{
	size_t i;

	for (i = 0; i < ms->nxp; i++)
		free(ms->xp[i].path);
	free(ms->xp);
	ms->xp = NULL;
	ms->nxp = 0;
	for (i = 0; i < ms->nmods; i++)
		free(ms->mods[i]);
	free(ms->mods);
	ms->mods = NULL;
	ms->nmods = 0;
}
