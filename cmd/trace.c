/*
 * iolens trace: run a program with iolens-trace.so preloaded (the
 * tracer of tracer/preload.c) and merge what its threads wrote into one
 * trace in strace -f's shape, times to the nanosecond, which every
 * command reading strace traces reads.  The tracer costs a call some
 * 0.2 to 0.5 us where strace costs 50 to 150, so a replay of the trace
 * can keep the program's own time between calls.
 *
 * The threads' files go to a directory beside the output, removed when
 * they are merged; the trace is written to a temporary file and renamed.
 * The exit status is the program's (128 + the signal that ended it).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "base/version.h"
#include "render/output.h"
#include "sources/modstamp.h"
#include "base/banned.h"

#ifndef IOLENS_TRACEDIR
#define IOLENS_TRACEDIR "/usr/local/lib/iolens"
#endif
#define TRACE_LIB "iolens-trace.so"
/* what a trace says when no process of the command had the tracer */
#define NO_TRACER                                                       \
	"ran without the tracer (static or set-user-ID program?): the " \
	"trace has no calls"
#define NO_TRACER_SUB                                                   \
	"ran without the tracer (static or set-user-ID program?): its " \
	"calls are not in the trace"
/* files merged at once; more are merged in rounds */
#define FANIN 256

static const char usage_str[] =
	"usage: iolens trace [--stacks[=depth]] -o trace [--] command "
	"[argument ...]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	fputs("\nRun a command with the iolens tracer preloaded and write its "
	      "I/O calls,\n"
	      "every process and thread, as one trace in strace -f's form "
	      "(times in\n"
	      "nanoseconds) for replay-script, summary and the other "
	      "commands.  The\n"
	      "tracer costs a call some 0.2 to 0.5 us (strace: 50 to 150).  "
	      "It sees the\n"
	      "calls a program makes to the C library, not those the "
	      "library makes\n"
	      "inside itself (stdio's reads beyond fread), nor programs "
	      "linked statically.\n\n"
	      "  -o, --output trace  the trace to write (required)\n"
	      "  --stacks=depth      each call's stack too (return addresses, "
	      "up to\n"
	      "                      depth, default 64, at most 256), as "
	      "strace -k\n"
	      "                      writes them, for iolens blocks\n"
	      "  -h, --help          show this help\n"
	      "  --version           show the version\n\n"
	      "The exit status is the command's.  IOLENS_TRACE_LIB names the "
	      "tracer\n"
	      "library when it is not installed beside iolens.\n",
	      stdout);
}

/* ---- finding the tracer ---- */

static int readable(const char *p, char *out, size_t n)
{
	if (access(p, R_OK) != 0 || !realpath(p, out))
		return 0;
	(void)n;
	return 1;
}

static int find_lib(char *out)
{
	const char *env = getenv("IOLENS_TRACE_LIB");
	char exe[PATH_MAX], p[PATH_MAX + 64], *slash;
	ssize_t k;

	if (env && *env) {
		if (readable(env, out, PATH_MAX))
			return 0;
		msg("cannot read the tracer '%s' (IOLENS_TRACE_LIB): %s", env,
		    strerror(errno));
		return -1;
	}
	k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (k > 0) {
		exe[k] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL)
			slash[1] = '\0';
		snprintf(p, sizeof(p), "%s%s", exe, TRACE_LIB);
		if (readable(p, out, PATH_MAX))
			return 0;
		snprintf(p, sizeof(p), "%s../lib/iolens/%s", exe, TRACE_LIB);
		if (readable(p, out, PATH_MAX))
			return 0;
	}
	if (readable(IOLENS_TRACEDIR "/" TRACE_LIB, out, PATH_MAX))
		return 0;
	msg("cannot find the tracer %s (beside iolens, in %s, or at "
	    "$IOLENS_TRACE_LIB)",
	    TRACE_LIB, IOLENS_TRACEDIR);
	return -1;
}

/* ---- running the command ---- */

/* a string as strace quotes it */
static void put_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c > 0x7e)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* The program's execve, as strace would show it: its loading and start
 * count as time before its first call, as they did untraced. */
static void exec_line(char **cmd, const char *dir)
{
	char p[PATH_MAX];
	struct timespec ts;
	FILE *f;
	int i;

	snprintf(p, sizeof(p), "%s/trace", dir);
	if (!(f = fopen(p, "a")))
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	/* where relative paths start from, which strace cannot say */
	if (getcwd(p, sizeof(p))) {
		fprintf(f, "%lld.%09ld %ld chdir(", (long long)ts.tv_sec,
			(long)ts.tv_nsec, (long)getpid());
		put_quoted(f, p);
		fputs(") = 0 <0.000000000>\n", f);
	}
	fprintf(f, "%lld.%09ld %ld execve(", (long long)ts.tv_sec,
		(long)ts.tv_nsec, (long)getpid());
	put_quoted(f, cmd[0]);
	fputs(", [", f);
	for (i = 0; cmd[i] && i < 64; i++) {
		if (i)
			fputs(", ", f);
		put_quoted(f, cmd[i]);
	}
	fputs("], []) = 0 <0.000000000>\n", f);
	fclose(f);
}

static void child(char **cmd, const char *lib, const char *dir, int errfd)
{
	const char *old = getenv("LD_PRELOAD");
	char *pre;
	int e;

	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	if (old && *old) {
		size_t n = strlen(lib) + strlen(old) + 2;

		if ((pre = malloc(n)) != NULL)
			snprintf(pre, n, "%s:%s", lib, old);
	} else {
		pre = strdup(lib);
	}
	if (!pre || setenv("LD_PRELOAD", pre, 1) != 0 ||
	    setenv("IOLENS_TRACE_DIR", dir, 1) != 0) {
		e = ENOMEM;
	} else {
		exec_line(cmd, dir);
		execvp(cmd[0], cmd);
		e = errno;
	}
	free(pre);
	if (write(errfd, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/* The command's exit status, or -1 when it could not be run (message
 * printed; *noexec then the shell's status for it: 127 not found, 126
 * found but not run, 0 another failure). */
static int run(char **cmd, const char *lib, const char *dir, int *noexec)
{
	int pfd[2], e = 0, st;
	pid_t pid;
	ssize_t k;

	if (pipe2(pfd, O_CLOEXEC) < 0) {
		msg("cannot run '%s': %s", cmd[0], strerror(errno));
		return -1;
	}
	fflush(NULL);
	/* a daemon the command leaves behind is ours to wait for, as
	 * strace -f follows it: its lines are written at its end */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	pid = fork();
	if (pid < 0) {
		msg("cannot run '%s': %s", cmd[0], strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0)
		child(cmd, lib, dir, pfd[1]);
	close(pfd[1]);
	/* ^C is for the program: its trace is still merged */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	while ((k = read(pfd[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(pfd[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			msg("cannot wait for '%s': %s", cmd[0],
			    strerror(errno));
			return -1;
		}
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	if (k == (ssize_t)sizeof(e)) {
		msg("cannot run '%s': %s", cmd[0], strerror(e));
		*noexec = e == ENOENT || e == ENOTDIR ? 127
			  : e == ENOMEM		      ? 0
						      : 126;
		return -1;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
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

/* an exec the tracer saw a process make: its pid and program */
struct xpend {
	long pid;
	char *path;
};
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

struct mstat {
	uint64_t lines, bad;
	int64_t first;	      /* the first line's time (demux()), 0 none */
	uint64_t ncost, cost; /* the tracer's lines, and ns making them */
	uint64_t hellos;      /* processes the tracer said it ran in */
	struct xpend *xp;     /* execs the tracer did not say it ran after */
	size_t nxp;
	/* the lines iolens trace wrote itself (the chdir and execve before
	 * the tracer's first line); the processes and the threads (made by
	 * clone with CLONE_THREAD) that have a line */
	uint64_t own;
	size_t nproc, nthr;
	/* --stacks: the modules the frames name, and the stacks the tracer
	 * cut at the depth asked for */
	char **mods;
	size_t nmods;
	uint64_t cut;
};

/*
 * "hello PID", "exec PID PATH", "execfail PID" (the tracer's markers,
 * in the order they were written): an exec stays pending until its
 * process says hello in its new program, or that it failed.  What stays
 * pending ran without the tracer.
 */
static void exec_note(struct mstat *ms, char *m)
{
	char *sp = strchr(m, ' '), *e, *nl;
	long pid = sp ? strtol(sp + 1, &e, 10) : 0;
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
	ms->xp = xrealloc(ms->xp, (ms->nxp + 1) * sizeof(*ms->xp));
	ms->xp[ms->nxp].pid = pid;
	ms->xp[ms->nxp++].path = xstrdup(*e == ' ' ? e + 1 : e);
}

/* The first max distinct programs of the pending execs into v; how
 * many (max + 1 when there are more). */
static size_t distinct(const struct mstat *ms, const char **v, size_t max)
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
static int merge(char **paths, size_t n, FILE *out, int final, struct mstat *ms)
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

static void free_list(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Many threads: rounds merge FANIN files at a time into one, until
 * FANIN or fewer are left.  0, or -1 with errno. */
static int reduce_files(const char *dir, char ***v, size_t *n, struct mstat *ms)
{
	unsigned round = 0;
	size_t i, j, k;

	while (*n > FANIN) {
		for (i = 0; i < *n; i += k) {
			char p[PATH_MAX];
			struct mstat drop = {0, 0, 0, 0, 0,    0, NULL,
					     0, 0, 0, 0, NULL, 0, 0};
			FILE *f;

			k = *n - i < FANIN ? *n - i : FANIN;
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
		if (!(*v = cmd_list_dir(dir, n)))
			return -1;
	}
	return 0;
}

#define MODS_MAX 512 /* modules listed in the header at most */

/* the modules a line's frames name ("\x1f > /path() [0x1f]"), each
 * once */
static void note_modules(struct mstat *ms, const char *l)
{
	const char *f = l, *e;
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
		ms->mods =
			xrealloc(ms->mods, (ms->nmods + 1) * sizeof(*ms->mods));
		ms->mods[ms->nmods] = xmalloc(n + 1);
		memcpy(ms->mods[ms->nmods], f, n);
		ms->mods[ms->nmods++][n] = '\0';
	}
}

/* "# module BUILDID SIZE MTIME PATH" for each module the stacks name, as
 * it is now, just after the run: blocks tells a binary rebuilt or
 * deleted since from these; and the stacks cut at the depth asked for */
static void put_modules(FILE *out, const struct mstat *ms)
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

static void put_header(FILE *out, char **cmd, int64_t first,
		       const struct mstat *ms)
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
		fprintf(out, "# the command %s\n", NO_TRACER);
	nv = ms->hellos ? distinct(ms, v, 10) : 0;
	for (k = 0; k < nv && k < 10; k++)
		fprintf(out, "# '%s' %s\n", v[k], NO_TRACER_SUB);
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
		d->t = xcalloc(d->cap, sizeof(*d->t));
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

/* the open file of a thread; FANIN open at most (all closed past that) */
static FILE *tid_file(struct demux *d, long tid)
{
	struct tfile *e = slot(d, tid);
	char p[PATH_MAX];
	size_t i;

	if (!e->tid)
		e->tid = tid, d->n++;
	e->lines = 1;
	if (e->f)
		return e->f;
	if (d->nopen >= FANIN) {
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

		if (!t->tid)
			t->tid = tid, d->n++;
		t->thread = 1;
	}
}

/* in (the lines of every thread) into a file a thread in dir; 0, or -1
 * with errno */
static int demux(const char *in, const char *dir, struct mstat *ms)
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

/* The threads' files of dir into path (a temporary file renamed).
 * 0, or -1 with the message printed. */
static int write_trace(const char *dir, const char *path, char **cmd,
		       struct mstat *ms, size_t *nthreads)
{
	char tmp[PATH_MAX + 16], **v;
	size_t n;
	int fd, rc;
	FILE *out;

	char all[PATH_MAX], tdir[PATH_MAX];

	snprintf(all, sizeof(all), "%s/trace", dir);
	snprintf(tdir, sizeof(tdir), "%s/t", dir);
	if (mkdir(tdir, 0700) < 0 || demux(all, tdir, ms) < 0) {
		msg("cannot sort the trace out by thread in '%s': %s", dir,
		    strerror(errno));
		return -1;
	}
	unlink(all);
	dir = tdir;
	if (!(v = cmd_list_dir(dir, &n))) {
		msg("cannot read '%s': %s", dir, strerror(errno));
		return -1;
	}
	*nthreads = n;
	if (reduce_files(dir, &v, &n, ms) < 0) {
		msg("cannot merge the threads' files in '%s': %s", dir,
		    strerror(errno));
		free_list(v, n);
		return -1;
	}
	if ((fd = out_tmp(path, tmp, sizeof(tmp))) < 0 ||
	    !(out = fdopen(fd, "w"))) {
		msg("cannot write '%s': %s", path, strerror(errno));
		if (fd >= 0)
			close(fd), out_discard(tmp, path);
		free_list(v, n);
		return -1;
	}
	put_header(out, cmd, ms->first, ms);
	rc = merge(v, n, out, 1, ms);
	free_list(v, n);
	if (fclose(out) != 0)
		rc = -1;
	if (rc < 0 || out_commit(tmp, path) < 0) {
		msg("cannot write '%s': %s", path, strerror(errno));
		out_discard(tmp, path);
		return -1;
	}
	return 0;
}

/* dir, its files and the files of its directory t */
static void remove_dir(const char *dir)
{
	char t[PATH_MAX];
	size_t n, i;
	char **v;
	int k;

	snprintf(t, sizeof(t), "%s/t", dir);
	for (k = 0; k < 2; k++) {
		v = cmd_list_dir(k ? dir : t, &n);
		for (i = 0; v && i < n; i++)
			if (unlink(v[i]) < 0 && errno == EISDIR)
				rmdir(v[i]);
		if (v)
			free_list(v, n);
	}
	rmdir(t);
	rmdir(dir);
}

/* the parts' directory beside the output: "OUT.parts.XXXXXX", absolute */
static int make_parts(const char *out, char *dir)
{
	char tmp[PATH_MAX];
	int fd;

	if (snprintf(tmp, sizeof(tmp), "%s.parts.XXXXXX", out) >=
		    (int)sizeof(tmp) ||
	    !mkdtemp(tmp)) {
		msg("cannot make a directory beside '%s': %s", out,
		    strerror(errno));
		return -1;
	}
	if (!realpath(tmp, dir)) {
		msg("cannot resolve '%s': %s", tmp, strerror(errno));
		rmdir(tmp);
		return -1;
	}
	/* made here, so that no traced process pays for making it */
	snprintf(tmp, sizeof(tmp), "%s/trace", dir);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0) {
		msg("cannot write '%s': %s", tmp, strerror(errno));
		rmdir(dir);
		return -1;
	}
	close(fd);
	return 0;
}

static void raise_fd_limit(void)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
		r.rlim_cur = r.rlim_max;
		setrlimit(RLIMIT_NOFILE, &r);
	}
}

/* --stacks[=depth]: the tracer told through its environment */
static int set_stacks(const char *arg)
{
	char *e;
	long d = arg ? strtol(arg, &e, 10) : 64;

	if (arg && (e == arg || *e || d < 1 || d > 256))
		return -1;
	return setenv("IOLENS_TRACE_STACKS", arg ? arg : "64", 1) == 0 ? 0 : -1;
}

int cmd_trace(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{"output", required_argument, NULL, 'o'},
		{"stacks", optional_argument, NULL, 'S'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *out = NULL;
	char lib[PATH_MAX], dir[PATH_MAX], cut[64] = "", thr[64] = "";
	struct mstat ms = {0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, NULL, 0, 0};
	size_t nthreads = 0, i, nv;
	const char *v[3];
	int c, status, noexec = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'h': help(); return EXIT_OK;
		case 'V': printf("iolens %s\n", IOLENS_VERSION); return EXIT_OK;
		case 'o': out = optarg; break;
		case 'S':
			if (set_stacks(optarg) < 0)
				return usage_error(
					"--stacks wants a depth of 1 "
					"to 256, not '%s'",
					optarg);
			break;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	if (!out)
		return usage_error("no output: give -o trace");
	/* the rule of every -o: a name saying another format is refused */
	if (cmd_outfmt(NULL, out, 0, OUTF_TEXT, "an iolens trace") < 0)
		return EXIT_USAGE;
	if (optind >= argc)
		return usage_error("no command to trace");
	if (find_lib(lib) < 0 || make_parts(out, dir) < 0)
		return EXIT_DATA;
	status = run(argv + optind, lib, dir, &noexec);
	raise_fd_limit();
	if (status >= 0 &&
	    write_trace(dir, out, argv + optind, &ms, &nthreads) < 0)
		status = -1;
	remove_dir(dir);
	/* the tracer says it ran in each process at its start: none did,
	 * or the programs named were exec'd without it */
	if (status >= 0 && !ms.hellos)
		msg("'%s' %s", argv[optind], NO_TRACER);
	nv = status >= 0 && ms.hellos ? distinct(&ms, v, 3) : 0;
	for (i = 0; i < nv && i < 3; i++)
		msg("'%s' %s", v[i], NO_TRACER_SUB);
	if (nv > 3)
		msg("... and more programs (named in the trace's header)");
	for (i = 0; i < ms.nxp; i++)
		free(ms.xp[i].path);
	free(ms.xp);
	for (i = 0; i < ms.nmods; i++)
		free(ms.mods[i]);
	free(ms.mods);
	if (status < 0) /* a command not run: as a shell says it */
		return noexec ? noexec : EXIT_DATA;
	/* the calls traced (not the chdir and execve written before them,
	 * as the header's count has not), of processes and of the threads
	 * they made; by msg(): the output's name escaped as in every
	 * message */
	if (ms.nthr)
		snprintf(thr, sizeof(thr), " and %zu thread%s", ms.nthr,
			 ms.nthr == 1 ? "" : "s");
	if (ms.bad)
		snprintf(cut, sizeof(cut), " (%llu lines cut short, left out)",
			 (unsigned long long)ms.bad);
	msg("%llu call%s of %zu process%s%s into %s%s",
	    (unsigned long long)(ms.lines - ms.own),
	    ms.lines - ms.own == 1 ? "" : "s", ms.nproc,
	    ms.nproc == 1 ? "" : "es", thr, out, cut);
	return status;
}
