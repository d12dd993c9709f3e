/*
 * Unit tests of the replay scripts as a TAP stream, run by
 * t/6001-replay.t: events to a script (inputs and their sizes, rewrites,
 * dropped system paths and non-files, gaps less the tracer overhead),
 * the text form read back to the same text, and parse errors with their
 * line numbers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fromevents.h"
#include "replay/script.h"

static int ntest, nfail;

static void ok(int cond, const char *what)
{
	ntest++;
	if (!cond)
		nfail++;
	printf("%sok %d - %s\n", cond ? "" : "not ", ntest, what);
}

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
	/* open at 1.00 from the start, less 3 calls x 0.05: the dropped
	 * calls' own time is compute time for the replay */
	ok(fabs(r->ev[0].gap - 0.85) < 1e-9, "first gap less 3 overheads");
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

int main(void)
{
	test_events();
	test_errors();
	printf("1..%d\n", ntest);
	return nfail != 0;
}
