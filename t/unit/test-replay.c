/*
 * Unit tests of the replay scripts as a TAP stream, run by
 * t/6001-replay.t: events to a script (inputs and their sizes, rewrites,
 * dropped system paths and non-files, gaps less the tracer overhead),
 * the text form read back to the same text, and parse errors with their
 * line numbers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/errname.h"
#include "replay/compile.h"
#include "replay/fromevents.h"
#include "replay/script.h"

#include "t/unit/tap.h"

/* one process: an input read in three pieces, a file made and written,
 * the loader's /etc/ld.so.cache and a write to the terminal */
#define E(k, nm, st, du, f, p, o, l, r, fl, cr, reg)                         \
	{                                                                    \
		.kind = k, .name = nm, .rank = 0, .pid = 7, .start = st,     \
		.dur = du, .fd = f, .path = p, .off = o, .len = l, .ret = r, \
		.flags = fl, .mode = 0644, .created = cr, .regular = reg     \
	}
static const struct iol_event evs[] = {
	E(IOL_EV_OPEN, "openat", 0.10, 0.01, -1, "/etc/ld.so.cache", -1, -1, 3,
	  0, 0, 1),
	E(IOL_EV_CLOSE, "close", 0.12, 0.01, 3, NULL, -1, -1, 0, 0, 0, 1),
	E(IOL_EV_OPEN, "openat", 1.00, 0.10, -1, "/w/job/in.dat", -1, -1, 3, 0,
	  0, 1),
	E(IOL_EV_READ, "read", 1.50, 0.10, 3, NULL, 0, 100, 100, 0, 0, 1),
	E(IOL_EV_READ, "read", 2.00, 0.10, 3, NULL, 100, 100, 100, 0, 0, 1),
	E(IOL_EV_READ, "read", 2.20, 0.10, 3, NULL, 200, 50, 50, 0, 0, 1),
	E(IOL_EV_WRITE, "write", 2.40, 0.01, 1, NULL, -1, 5, 5, 0, 0, 0),
	E(IOL_EV_OPEN, "openat", 3.00, 0.10, -1, "/w/job/out/o.dat", -1, -1, 4,
	  IOL_EVF_WRONLY | IOL_EVF_CREAT, 1, 1),
	E(IOL_EV_WRITE, "pwrite64", 3.50, 0.20, 4, NULL, 4096, 250, 250, 0, 0,
	  1),
	E(IOL_EV_CLOSE, "close", 4.00, 0.05, 4, NULL, -1, -1, 0, 0, 0, 1),
};

static int next(void *ctx, struct iol_event *ev, struct iol_error *err)
{
	size_t *i = ctx;

	(void)err;
	if (*i >= sizeof(evs) / sizeof(evs[0]))
		return 0;
	*ev = evs[(*i)++];
	return 1;
}

static int cat(void *ctx, const char *t)
{
	char *b = ctx;
	size_t l = strlen(b);

	if (l + strlen(t) >= 8192)
		return -1;
	memcpy(b + l, t, strlen(t) + 1);
	return 0;
}

static void test_events(void)
{
	struct iol_rfrom_opts o = {0.05, 0.01, "given", "strace", 0, 0};
	struct iol_rscript s, t;
	static char text[8192], text2[8192];
	size_t i = 0;
	const struct iol_rrank *r;

	iol_rscript_init(&s);
	ok(iol_rscript_from_events(&s, next, &i, &o, NULL) == 0, "events");
	ok(s.nrank == 1 && s.rank[0].n == 7, "7 calls kept of 10");
	ok(s.ndropev == 3, "3 dropped: ld.so.cache open and close, tty");
	ok(s.ninput == 1 &&
		   !strcmp(iol_rscript_s(&s, s.input[0].path), "in.dat") &&
		   s.input[0].size == 250,
	   "the input, relative, with the 250 bytes read");
	ok(s.nrewrite == 4 &&
		   !strcmp(iol_rscript_s(&s, s.rewrite[3]), "out/o.dat"),
	   "created file rewritten under the sandbox");
	ok(s.ndropped == 1 &&
		   !strcmp(iol_rscript_s(&s, s.dropped[0]), "/etc/ld.so.cache"),
	   "system path listed as dropped");
	r = &s.rank[0];
	/* open at 1.00 from the start, less 3 calls x 0.05 and the cost
	 * inside the 2 dropped calls, 0.01 each: their own time is
	 * compute time for the replay */
	ok(fabs(r->ev[0].gap - 0.83) < 1e-9, "first gap less 3 overheads");
	/* read at 1.50 after the open's end 1.10, less one overhead */
	ok(fabs(r->ev[1].gap - 0.35) < 1e-9, "gap start to start less dur");
	ok(fabs(r->ev[1].dur - 0.09) < 1e-9, "duration less its overhead");
	ok(r->ev[1].op == IOL_ROP_READ && r->ev[5].op == IOL_ROP_PWRITE &&
		   r->ev[5].off == 4096,
	   "read sequential, pwrite64 positional");
	ok(r->ev[5].path == r->ev[4].path && r->maxlen == 250,
	   "fd calls know their file; buffer size");
	text[0] = 0;
	ok(iol_rscript_write(&s, cat, text) == 0, "written");
	{
		struct iol_rfrom_opts fo = {0, 0.01, "given", "strace", 0, 2.5};
		struct iol_rtotals tt;

		iol_rscript_init(&t);
		i = 0;
		iol_rscript_from_events(&t, next, &i, &fo, NULL);
		iol_rscript_totals(&t, &tt, NULL);
		ok(fabs(tt.run_s - 2.5) < 1e-6 &&
			   !strcmp(t.overhead_from, "fitted"),
		   "--run-time: gaps fitted to the untraced run time");
		iol_rscript_release(&t);
	}
	iol_rscript_init(&t);
	ok(iol_rscript_parse(&t, text, strlen(text), NULL) == 0, "read back");
	text2[0] = 0;
	iol_rscript_write(&t, cat, text2);
	ok(!strcmp(text, text2), "the same text again");
	iol_rscript_release(&s);
	iol_rscript_release(&t);
}

/* A process opening a file and closing it n times: each call 0.001 s
 * long, 0.002 s between calls; the k-th gap (k % 10 == 9) 0.100 s. */
struct gen {
	size_t i, n;
	unsigned silent; /* calls without events before each */
	int modes;	 /* closes of 1 and 4 ms in turn, the last 1 s */
	int pids;	 /* 2: the pairs alternate between pids 9 and 10 */
};

static int next_gen(void *ctx, struct iol_event *ev, struct iol_error *err)
{
	struct gen *g = ctx;
	static double t;

	(void)err;
	if (g->i == 0)
		t = 0;
	if (g->i >= 2 * g->n)
		return 0;
	memset(ev, 0, sizeof(*ev));
	t += g->i % 20 == 19 ? 0.100 : 0.002;
	ev->rank = 0, ev->start = t, ev->dur = 0.001;
	ev->pid = 9 + (g->pids > 1 ? (int64_t)(g->i / 2 % 2) : 0);
	ev->off = -1, ev->len = -1, ev->regular = 1;
	ev->silent = g->silent;
	if (g->i % 2 == 0) {
		ev->kind = IOL_EV_OPEN, ev->name = "openat";
		ev->path = "/w/f", ev->fd = -1, ev->ret = 3;
	} else {
		ev->kind = IOL_EV_CLOSE, ev->name = "close";
		ev->fd = 3, ev->ret = 0;
		if (g->modes)
			ev->dur = g->i / 2 == g->n - 1 ? 1.0
				  : g->i / 2 % 2       ? 0.004
						       : 0.001;
	}
	t += ev->dur;
	g->i++;
	return 1;
}

static double rank_gaps(const struct iol_rscript *s, size_t r)
{
	double t = 0;
	size_t i;

	for (i = 0; i < s->rank[r].n; i++)
		t += s->rank[r].ev[i].gap;
	return t;
}

static double sum_gaps(const struct iol_rscript *s)
{
	return rank_gaps(s, 0);
}

/* Each process's gaps lose the overhead from their own total: the
 * generator's events of pid again, each gap measured from the end of
 * that pid's call before, less o a call. */
static double want_gaps(struct gen g, int64_t pid, double o)
{
	struct iol_event ev;
	double last = 0, t = 0;

	g.i = 0;
	while (next_gen(&g, &ev, NULL) > 0)
		if (ev.pid == pid) {
			t += ev.start - last - o;
			last = ev.start + ev.dur;
		}
	return t > 0 ? t : 0;
}

static void test_overhead(void)
{
	struct iol_rfrom_opts o = {0.004, 0, "given", "strace", 0, 0};
	struct iol_rfrom_opts n = {0, 0, "none", "strace", 0, 0};
	struct gen g = {0, 20, 0, 0, 0};
	struct iol_rscript s;

	/* 40 calls: 38 gaps of 0.002 s and 2 of 0.100 s (the first gap
	 * 0.002 too).  Taken 0.004 off each, call by call, the short ones
	 * would stop at zero and the total keep 0.076 s of the tracer's
	 * cost; the total is kept instead, from the long gaps. */
	iol_rscript_init(&s);
	ok(iol_rscript_from_events(&s, next_gen, &g, &o, NULL) == 0 &&
		   s.rank[0].n == 40,
	   "generated events");
	ok(fabs(sum_gaps(&s) - (38 * 0.002 + 2 * 0.100 - 40 * 0.004)) < 1e-6,
	   "overhead off the gaps' total, not call by call");
	ok(s.rank[0].ev[0].gap == 0 && s.rank[0].ev[19].gap > 0.05,
	   "short gaps go first");
	iol_rscript_release(&s);

	/* no calibration: the 20 closes give the cost inside a call, and
	 * every gap that holds 2 silent calls loses 3 of it as well */
	g.i = 0, g.silent = 0;
	iol_rscript_init(&s);
	ok(iol_rscript_from_events(&s, next_gen, &g, &n, NULL) == 0 &&
		   !strcmp(s.overhead_from, "trace") &&
		   fabs(s.duroverhead - 0.001) < 1e-9 &&
		   s.overhead == s.duroverhead,
	   "no calibration: the trace's cheap calls give the overhead");
	ok(s.rank[0].ev[1].dur == 0, "a close's duration is all overhead");
	iol_rscript_release(&s);
	g.i = 0, g.silent = 2, g.n = 30;
	iol_rscript_init(&s);
	iol_rscript_from_events(&s, next_gen, &g, &n, NULL);
	ok(fabs(sum_gaps(&s) - (57 * 0.002 + 3 * 0.100 - 60 * 0.001 * 5)) <
		   1e-6,
	   "silent calls: each gap less 3 gap and 2 in-call overheads");
	iol_rscript_release(&s);
	g.i = 0, g.silent = 0, g.n = 5;
	iol_rscript_init(&s);
	iol_rscript_from_events(&s, next_gen, &g, &n, NULL);
	ok(!strcmp(s.overhead_from, "none") &&
		   fabs(sum_gaps(&s) - 10 * 0.002) < 1e-9,
	   "5 closes are too few to tell: nothing taken off");
	iol_rscript_release(&s);

	/* closes of 1 and 4 ms in turn, and one of 1 s: the mean of the
	 * 20 below 20 times their median (4 ms), not the median itself,
	 * nor a mean with the second's close in it */
	g.i = 0, g.n = 21, g.modes = 1;
	iol_rscript_init(&s);
	iol_rscript_from_events(&s, next_gen, &g, &n, NULL);
	ok(fabs(s.duroverhead - 0.0025) < 1e-9,
	   "the cost inside a call: the cheap calls' mean, an outlier out");
	iol_rscript_release(&s);

	/* two processes, their events interleaved: each one's gaps lose
	 * the overhead from its own total */
	g.i = 0, g.n = 20, g.modes = 0, g.pids = 2;
	iol_rscript_init(&s);
	iol_rscript_from_events(&s, next_gen, &g, &o, NULL);
	ok(s.nrank == 2 && s.rank[0].pid == 9 && s.rank[1].pid == 10 &&
		   fabs(rank_gaps(&s, 0) - want_gaps(g, 9, 0.004)) < 1e-9 &&
		   fabs(rank_gaps(&s, 1) - want_gaps(g, 10, 0.004)) < 1e-9,
	   "two processes: each loses the overhead from its own gaps");
	iol_rscript_release(&s);
}

static void bad(const char *text, const char *want, const char *what)
{
	struct iol_rscript s;
	struct iol_error err = {0};
	int rc;

	iol_rscript_init(&s);
	rc = iol_rscript_parse(&s, text, strlen(text), &err);
	ok(rc == IOL_ESYNTAX && strstr(err.msg, want) != NULL, what);
	if (!strstr(err.msg, want))
		printf("# got '%s'\n", err.msg);
	iol_rscript_release(&s);
}

/* Waits: two sections, a cycle refused at its line, a good pair kept. */
static void test_waits(void)
{
	const char *two = "iolens-replay-script 1\n"
			  "rank 0 pid 1\n"
			  "stat \"a\" = 0 0\n"
			  "after 1 1\n" /* line 4 */
			  "stat \"a\" = 0 0\n"
			  "rank 1 pid 2\n"
			  "after 0 2\n" /* needs 0's 2nd call */
			  "stat \"a\" = 0 0\n";
	const char *good = "iolens-replay-script 1\n"
			   "rank 0 pid 1\n"
			   "compute 0.5\n"
			   "after 1 1\n"
			   "stat \"a\" = 0 0\n"
			   "rank 1 pid 2\n"
			   "stat \"a\" = 0 0\n";
	struct iol_rscript s;
	static char text[1024];
	struct iol_error err = {0};

	bad(two, "line 4: this wait can never be met",
	    "a cycle of waits is refused at the first that cannot be met");
	iol_rscript_init(&s);
	ok(iol_rscript_parse(&s, good, strlen(good), &err) == 0 &&
		   s.rank[0].ev[0].op == IOL_ROP_WAIT &&
		   s.rank[0].ev[0].fd == 1 && s.rank[0].ev[0].len == 1 &&
		   s.rank[0].ev[0].gap == 0.5,
	   "a wait on the other section, with the compute gap before it");
	text[0] = 0;
	iol_rscript_write(&s, cat, text);
	ok(strstr(text, "compute 0.500000\nafter 1 1\nstat") != NULL,
	   "written back as it was read");
	iol_rscript_release(&s);
}

/* Waits from a trace: section 1 writes a file that section 0 reads
 * after; section 0's read waits for that write, its stat before the
 * write does not. */
/* rank, pid, kind, start, fd, path, ret, flags: 10 ms calls */
#define W(rk, pd, k, st, f, p, r, fl)                                       \
	{                                                                   \
		.kind = k, .name = "", .rank = rk, .pid = pd, .start = st,  \
		.dur = 0.01, .fd = f, .path = p, .off = f < 0 ? -1 : 0,     \
		.len = f < 0 ? -1 : r, .ret = r, .flags = fl, .mode = 0644, \
		.created = (fl) != 0, .regular = 1                          \
	}
static const struct iol_event wevs[] = {
	W(1, 2, IOL_EV_OPEN, 0.10, -1, "/w/f", 3, IOL_EVF_RDWR | IOL_EVF_CREAT),
	W(0, 1, IOL_EV_STAT, 0.05, -1, "/w", 0, 0),
	W(1, 2, IOL_EV_WRITE, 0.20, 3, NULL, 100, 0),
	W(0, 1, IOL_EV_OPEN, 0.30, -1, "/w/f", 3, 0),
	W(0, 1, IOL_EV_READ, 0.40, 3, NULL, 100, 0),
};

static int wnext(void *ctx, struct iol_event *ev, struct iol_error *err)
{
	size_t *i = ctx;

	(void)err;
	if (*i >= sizeof(wevs) / sizeof(wevs[0]))
		return 0;
	*ev = wevs[(*i)++];
	return 1;
}

static void test_trace_waits(void)
{
	struct iol_rfrom_opts o = {0, 0, "none", "strace", 0, 0};
	struct iol_rscript s;
	size_t i = 0, r;
	const struct iol_rrank *a = NULL;

	iol_rscript_init(&s);
	ok(iol_rscript_from_events(&s, wnext, &i, &o, NULL) == 0 &&
		   s.nrank == 2,
	   "two sections");
	for (r = 0; r < s.nrank; r++)
		if (s.rank[r].rank == 0)
			a = &s.rank[r];
	/* section 0: stat, [wait for the writer's open], open,
	 * [wait for its write], read */
	ok(a && a->n == 5 && a->ev[1].op == IOL_ROP_WAIT && a->ev[1].len == 1 &&
		   a->ev[2].op == IOL_ROP_OPEN && a->ev[3].op == IOL_ROP_WAIT &&
		   a->ev[3].len == 2 && a->ev[4].op == IOL_ROP_READ,
	   "the open waits for the making, the read for the write");
	ok(a && s.rank[a->ev[1].fd].rank == 1, "... of the other section");
	ok(iol_rscript_waits_ok(&s, &r, &i) == 0, "the waits can be met");
	iol_rscript_release(&s);
}

/* errno names: both ways, the E123 form, a name's prefix (strace's
 * "ENOENT (No such file...)") and what is no name */
static void test_errnames(void)
{
	char b[16];

	ok(strcmp(iol_errno_name(ENOENT, b, sizeof(b)), "ENOENT") == 0 &&
		   strcmp(iol_errno_name(EOPNOTSUPP, b, sizeof(b)),
			  "EOPNOTSUPP") == 0 &&
		   strcmp(iol_errno_name(4000, b, sizeof(b)), "E4000") == 0,
	   "errno names: ENOENT, EOPNOTSUPP, E4000");
	ok(iol_errno_parse("ENOENT (No such file)", 6) == ENOENT &&
		   iol_errno_parse("ENOTSUP", 7) == EOPNOTSUPP &&
		   iol_errno_parse("E4000", 5) == 4000 &&
		   iol_errno_parse("ENOENTX", 7) == 0 &&
		   iol_errno_parse("E4096", 5) == 0 &&
		   iol_errno_parse("E0", 2) == 0 &&
		   iol_errno_parse("E12x", 4) == 0 &&
		   iol_errno_parse("E", 1) == 0,
	   "errno names parsed: a prefix, ENOTSUP, E4000; not ENOENTX, E4096, "
	   "E0, E12x, E");
}

static void test_errors(void)
{
	const char *h = "iolens-replay-script 1\nrank 0 pid 1\n";
	char b[512];

	bad("hello\n", "line 1: not a replay script", "no magic");
	snprintf(b, sizeof(b), "%sread 3 x = 1 0.1\n", h);
	bad(b, "line 3: 'x' is not a number", "bad number");
	snprintf(b, sizeof(b), "%s\n# c\nopen \"/tmp/x\" wronly 0 = 3 0\n", h);
	bad(b, "line 5: path '/tmp/x' is outside", "absolute path refused");
	snprintf(b, sizeof(b), "%sunlink \"a/../../x\" = 0 0\n", h);
	bad(b, "line 3: path 'a/../../x' is outside", "'..' refused");
	snprintf(b, sizeof(b), "%sfrob 1 = 0 0\n", h);
	bad(b, "line 3: unknown statement 'frob'", "unknown statement");
	snprintf(b, sizeof(b), "%sopen \"a\" rdonly|bogus 0 = 3 0\n", h);
	bad(b, "line 3: bad open flags", "bad flags");
	snprintf(b, sizeof(b), "%sclose 3 = 0\n", h);
	bad(b, "line 3: 'close': wrong number of words", "missing duration");
	snprintf(b, sizeof(b), "%scompute -1\n", h);
	bad(b, "line 3: '-1' is not a duration", "negative gap");
	bad("iolens-replay-script 1\nread 3 1 = 1 0\n", "line 2: 'read' before",
	    "call before a rank");
	snprintf(b, sizeof(b), "%sopen \"a\\q\" rdonly 0 = 3 0\n", h);
	bad(b, "line 3: bad quoted string", "bad escape");
}

/* A clone parsed into its fields; in the compiled form, a clone whose
 * descriptors, offsets or length no script could hold is refused when
 * its chunk is read (a sealed file may come from a program with a
 * bug), before the engine sees it. */
static void test_clone_bin(void)
{
	static const char text[] =
		"iolens-replay-script 1\ninput \"src\" 10\nrank 0 pid 1\n"
		"open \"src\" rdonly 0 = 3 0\n"
		"open \"dst\" wronly|creat 0644 = 4 0\n"
		"clone 4 3 0 0 0 = 0 0.1\n"
		"clone 4 3 4096 8192 65536 = -1 EOPNOTSUPP 0.1\n";
	char dir[] = "/tmp/iolens-unit.XXXXXX", path[64];
	unsigned char key[32] = {1};
	struct iol_rscript s;
	struct iol_rbin b;
	struct iol_rev *ev = NULL, *c;
	size_t n = 0;
	int k, rc;

	iol_rscript_init(&s);
	ok(iol_rscript_parse(&s, text, strlen(text), NULL) == 0 &&
		   s.rank[0].n == 4,
	   "a script with clones parsed");
	c = &s.rank[0].ev[3];
	ok(s.rank[0].ev[2].op == IOL_ROP_CLONE && s.rank[0].ev[2].fd == 4 &&
		   s.rank[0].ev[2].fd2 == 3 && s.rank[0].ev[2].len == 0,
	   "clone 4 3 0 0 0: destination 4, source 3, to the end");
	ok(c->off2 == 4096 && c->len == 8192 && c->off == 65536 &&
		   c->ret == -1 && c->err == EOPNOTSUPP,
	   "clone 4 3 4096 8192 65536: source offset, length, destination "
	   "offset, its errno");
	if (!mkdtemp(dir)) {
		ok(0, "a directory for the compiled form");
		iol_rscript_release(&s);
		return;
	}
	snprintf(path, sizeof(path), "%s/c.iolr", dir);
	for (k = 0; k < 7; k++) {
		int64_t big = ((int64_t)1 << 62) + 1;

		c = &s.rank[0].ev[2];
		switch (k) {
		case 1: c->off = -1; break;
		case 2: c->off2 = big; break;
		case 3: c->len = -1; break;
		case 4: c->fd2 = -1; break;
		case 5: c->fd = (1 << 20) + 1; break;
		case 6: c->off = big; break;
		}
		rc = iol_rbin_write(&s, key, path, NULL);
		if (rc == 0)
			rc = iol_rbin_load(&b, path, key, NULL);
		if (rc == 0) {
			rc = iol_rbin_events(&b, 0, &ev, &n);
			iol_rbin_release(&b);
			free(ev);
			ev = NULL;
		}
		ok(k == 0 ? rc == 0 && n == 4 : rc == IOL_ECORRUPT,
		   k == 0 ? "its compiled form read back whole"
			  : "a clone out of range in a sealed compiled form "
			    "is refused");
		*c = s.rank[0].ev[3]; /* a good one again */
		c->off2 = 0, c->len = 0, c->off = 0, c->ret = 0, c->err = 0;
	}
	unlink(path);
	rmdir(dir);
	iol_rscript_release(&s);
}

int main(void)
{
	test_clone_bin();
	test_events();
	test_overhead();
	test_errors();
	test_errnames();
	test_waits();
	test_trace_waits();
	return tap_done();
}
