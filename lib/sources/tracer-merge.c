/*
 * The library side of the tracer (tracer.h): the file every traced
 * thread appended its lines to sorted out by thread, the threads' files
 * merged in time order (in rounds when there are many) into one trace in
 * strace -f's form with the header replay-script reads.
 * Owner: lib/sources.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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

/* ---- merging the threads' files in time order ---- */

struct src {
	FILE *f;
	char *line;
	size_t cap;
	char *rest; /* after the time */
	int64_t key;
};

/* "SEC.NANOSEC rest": the time in ns and the rest, 0; -1 if bad */
static int split_line(char *l, int64_t *key, char **rest)
{
	char *e;
	long long s = strtoll(l, &e, 10), ns;

	if (e == l || *e != '.' || s < 0 || s > INT64_MAX / 1000000000 - 1)
		return -1;
	l = e + 1;
	ns = strtoll(l, &e, 10);
	if (e != l + 9 || *e != ' ' || ns < 0)
		return -1;
	*key = (int64_t)s * 1000000000 + ns;
	*rest = e + 1;
	return 0;
}

/* the next good line of s; 0 at its end */
static int advance(struct src *s, uint64_t *bad)
{
	ssize_t n;

	while ((n = getline(&s->line, &s->cap, s->f)) > 0) {
		if (s->line[n - 1] != '\n') {
			++*bad; /* cut short: the program was killed */
			continue;
		}
		if (split_line(s->line, &s->key, &s->rest) == 0)
			return 1;
		++*bad;
	}
	return 0;
}

static int before(const struct src *a, const struct src *b)
{
	return a->key < b->key;
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

/* "HH:MM:SS.nnnnnnnnn" of a time in ns, UTC, as strace -tt prints it */
static void put_tod(FILE *out, int64_t ns)
{
	int64_t s = ns / 1000000000, d = s % 86400;

	fprintf(out, "%02d:%02d:%02d.%09lld", (int)(d / 3600),
		(int)(d / 60 % 60), (int)(d % 60),
		(long long)(ns % 1000000000));
}

/* a line as it is, but for the tracer's stack frames after it (each
 * after a \x1f, iolens trace --stacks): a line each, as strace -k */
static void put_stack_lines(FILE *out, const char *s)
{
	const char *u;

	while ((u = strchr(s, '\x1f')) != NULL) {
		fwrite(s, 1, (size_t)(u - s), out);
		fputc('\n', out);
		s = u + 1;
	}
	fputs(s, out);
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

/* Merge the files into out; final: in strace's shape ("TID TIME
 * call"), else as they are (a round of many). */
static int merge(char **paths, size_t n, FILE *out, int final,
		 struct iol_tstats *ms)
{
	struct src *s = calloc(n ? n : 1, sizeof(*s));
	struct src **h = calloc(n ? n : 1, sizeof(*h));
	size_t i, k = 0;
	int rc = 0;

	if (!s || !h) {
		free(s);
		free(h);
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < n && rc == 0; i++) {
		if (!(s[i].f = fopen(paths[i], "r")))
			rc = -1;
		else if (advance(&s[i], &ms->bad))
			h[k++] = &s[i];
	}
	for (i = k; rc == 0 && i-- > 0;)
		sift(h, k, i);
	while (rc == 0 && k > 0) {
		struct src *t = h[0];
		char *sp = strchr(t->rest, ' ');

		ms->lines++;
		if (final && sp) {
			fwrite(t->rest, 1, (size_t)(sp - t->rest + 1), out);
			put_tod(out, t->key);
			put_stack_lines(out, sp);
		} else {
			fputs(t->line, out);
		}
		if (!advance(t, &ms->bad))
			h[0] = h[--k];
		sift(h, k, 0);
	}
	for (i = 0; i < n; i++) {
		if (s[i].f)
			fclose(s[i].f);
		free(s[i].line);
	}
	free(s);
	free(h);
	return rc;
}

/* Many threads: rounds merge IOL_TRACE_FANIN files at a time into one, until
 * IOL_TRACE_FANIN or fewer are left.  0, or -1 with errno. */
static int reduce_files(const char *dir, char ***v, size_t *n,
			struct iol_tstats *ms)
{
	unsigned round = 0;
	size_t i, j, k;

	while (*n > IOL_TRACE_FANIN) {
		for (i = 0; i < *n; i += k) {
			char p[PATH_MAX];
			struct iol_tstats drop = {0, 0, 0, 0, 0,    0, NULL,
						  0, 0, 0, 0, NULL, 0, 0};
			FILE *f;

			k = *n - i < IOL_TRACE_FANIN ? *n - i : IOL_TRACE_FANIN;
			snprintf(p, sizeof(p), "%s/m%u-%zu", dir, round, i);
			if (!(f = fopen(p, "w")))
				return -1;
			if (merge(*v + i, k, f, 0, &drop) < 0) {
				fclose(f);
				return -1;
			}
			if (fclose(f) != 0)
				return -1;
			ms->bad += drop.bad;
			for (j = i; j < i + k; j++)
				unlink((*v)[j]);
		}
		round++;
		free_list(*v, *n);
		if (!(*v = list_dir(dir, n)))
			return -1;
	}
	return 0;
}

#define MODS_MAX 512 /* modules listed in the header at most */

/* the modules a line's frames name ("\x1f > /path() [0x1f]"), each
 * once; out of memory lists fewer */
static void note_modules(struct iol_tstats *ms, const char *l)
{
	const char *f = l, *e;
	char **m;
	size_t i, n;

	while ((f = strchr(f, '\x1f')) != NULL) {
		f += 1;
		if (strncmp(f, " > /", 4) || !(e = strstr(f, "() [")))
			continue;
		f += 3;
		n = (size_t)(e - f);
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

/* ---- the threads' lines out of the one file they were appended to ---- */

struct tfile {
	long tid; /* 0: a free slot */
	FILE *f;
	unsigned char thread, lines; /* made with CLONE_THREAD; has lines */
};

struct demux {
	struct tfile *t;
	size_t cap, n, nopen;
	const char *dir;
};

static struct tfile *slot(struct demux *d, long tid)
{
	size_t i, k;

	if (2 * (d->n + 1) > d->cap) {
		struct tfile *old = d->t;
		size_t oc = d->cap;

		d->cap = d->cap ? 2 * d->cap : 256;
		d->t = calloc(d->cap, sizeof(*d->t));
		if (!d->t) { /* kept as it was: the caller sees ENOMEM */
			d->t = old, d->cap = oc;
			return NULL;
		}
		for (d->n = k = 0; k < oc; k++)
			if (old[k].tid)
				*slot(d, old[k].tid) = old[k], d->n++;
		free(old);
	}
	for (i = (size_t)tid * 2654435761u % d->cap;
	     d->t[i].tid && d->t[i].tid != tid; i = (i + 1) % d->cap)
		;
	return &d->t[i];
}

/* the open file of a thread; IOL_TRACE_FANIN open at most (all closed past
 * that) */
static FILE *tid_file(struct demux *d, long tid)
{
	struct tfile *e = slot(d, tid);
	char p[PATH_MAX];
	size_t i;

	if (!e) {
		errno = ENOMEM;
		return NULL;
	}
	if (!e->tid)
		e->tid = tid, d->n++;
	e->lines = 1;
	if (e->f)
		return e->f;
	if (d->nopen >= IOL_TRACE_FANIN) {
		for (i = 0; i < d->cap; i++)
			if (d->t[i].f && fclose(d->t[i].f) != 0)
				return NULL;
			else
				d->t[i].f = NULL;
		d->nopen = 0;
		e = slot(d, tid);
	}
	snprintf(p, sizeof(p), "%s/%ld", d->dir, tid);
	if ((e->f = fopen(p, "a")) != NULL)
		d->nopen++;
	return e->f;
}

/* A clone (clone, clone3) with CLONE_THREAD made a thread, not a
 * process: mark the tid it returned. */
static void note_thread(struct demux *d, const char *call)
{
	const char *r;
	long tid;

	if (strncmp(call, "clone", 5) || !strstr(call, "CLONE_THREAD") ||
	    !(r = strstr(call, ") = ")))
		return;
	tid = strtol(r + 4, NULL, 10);
	if (tid > 0) {
		struct tfile *t = slot(d, tid);

		if (!t)
			return; /* out of memory: counted a process */
		if (!t->tid)
			t->tid = tid, d->n++;
		t->thread = 1;
	}
}

/* in (the lines of every thread) into a file a thread in dir; 0, or -1
 * with errno */
static int demux(const char *in, const char *dir, struct iol_tstats *ms)
{
	struct demux d = {NULL, 0, 0, 0, dir};
	FILE *f = fopen(in, "r"), *o;
	char *line = NULL, *e;
	size_t cap = 0, i;
	ssize_t n;
	int rc = 0, marked = 0;

	if (!f)
		return -1;
	while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
		int64_t key;
		char *rest;
		long tid = 0;

		if (line[n - 1] == '\n' && split_line(line, &key, &rest) == 0)
			tid = strtol(rest, &e, 10);
		if (tid <= 0 || *e != ' ') {
			ms->bad++; /* cut short: the program was killed */
			continue;
		}
		if (e[1] == '#')
			marked = 1;
		if (!strncmp(e + 1, "#hello ", 7) ||
		    !strncmp(e + 1, "#exec ", 6) ||
		    !strncmp(e + 1, "#execfail ", 10)) {
			exec_note(ms, e + 2);
			continue;
		}
		if (!strncmp(e + 1, "#cost ", 6)) {
			unsigned long long k, ns, cut;
			int f = sscanf(e + 7, "%llu %llu %llu", &k, &ns, &cut);

			if (f >= 2)
				ms->ncost += k, ms->cost += ns;
			if (f == 3)
				ms->cut += cut;
			continue;
		}
		note_modules(ms, e + 1);
		/* the trace's first time, for its header */
		if (!ms->first || key < ms->first)
			ms->first = key;
		ms->own += !marked;
		note_thread(&d, e + 1);
		if (!(o = tid_file(&d, tid)) || fputs(line, o) == EOF)
			rc = -1;
	}
	for (i = 0; i < d.cap; i++) {
		if (d.t[i].f && fclose(d.t[i].f) != 0)
			rc = -1;
		if (d.t[i].tid && d.t[i].lines)
			*(d.t[i].thread ? &ms->nthr : &ms->nproc) += 1;
	}
	free(d.t);
	free(line);
	fclose(f);
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

static void raise_fd_limit(void)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
		r.rlim_cur = r.rlim_max;
		setrlimit(RLIMIT_NOFILE, &r);
	}
}

int iol_trace_demux(const char *dir, struct iol_tstats *ms)
{
	char all[PATH_MAX], tdir[PATH_MAX];

	raise_fd_limit();
	snprintf(all, sizeof(all), "%s/trace", dir);
	snprintf(tdir, sizeof(tdir), "%s/t", dir);
	if (mkdir(tdir, 0700) < 0 || demux(all, tdir, ms) < 0)
		return -1;
	unlink(all);
	return 0;
}

int iol_trace_merge(const char *dir, FILE *out, char *const *cmd,
		    struct iol_tstats *ms, size_t *nthreads)
{
	char tdir[PATH_MAX], **v;
	size_t n;
	int rc;

	snprintf(tdir, sizeof(tdir), "%s/t", dir);
	if (!(v = list_dir(tdir, &n)))
		return -1;
	*nthreads = n;
	if (reduce_files(tdir, &v, &n, ms) < 0) {
		free_list(v, n);
		return -1;
	}
	put_header(out, cmd, ms->first, ms);
	rc = merge(v, n, out, 1, ms);
	free_list(v, n);
	return rc;
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
