/*
 * Unit tests of the interned call stacks (model/stack.h) and of the
 * stacks the strace reader attaches to events, as a TAP stream: frames
 * and chains interned once, found again without adding, refused when
 * empty or naming an unknown frame; and every event of
 * t/data/strace/stack-k.trace (its path the argument) on a file
 * carries the stack of the lines after its call (the resumed write's
 * too), the same from two iterators open
 * at once.  Run by t/6021-stacks-unit.t.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "model/event.h"
#include "model/job.h"
#include "model/stack.h"

#include "t/unit/tap.h"

static void interning(void)
{
	struct iol_stacks *s = iol_stacks_new();
	struct iol_frame a = {"/bin/x", "f", 1, 0x10},
			 b = {"/bin/x", "g", 2, 0x20};
	struct iol_frame a2 = {"/bin/x", "f", 1, 0x10};
	uint32_t fa = 0, fb = 0, fa2 = 0, c1, c2, c3, bad = 99, ch[2];
	const uint32_t *fr;
	int i, r = 0;

	ok(s != NULL, "an empty table");
	ok(!iol_stacks_find_frame(s, &a, &fa), "nothing found in it");
	ok(iol_stacks_frame(s, &a, &fa) == 0 &&
		   iol_stacks_frame(s, &b, &fb) == 0 &&
		   iol_stacks_frame(s, &a2, &fa2) == 0 && fa == fa2 && fa != fb,
	   "a frame once: the same id for an equal frame");
	ch[0] = fa, ch[1] = fb;
	ok(iol_stacks_intern(s, ch, 2, &c1) == 0 && c1 == 1,
	   "the first chain is 1");
	ok(iol_stacks_intern(s, ch, 1, &c2) == 0 && c2 == 2,
	   "a shorter one is another");
	ok(iol_stacks_intern(s, ch, 2, &c3) == 0 && c3 == c1,
	   "an equal chain, the same id");
	ok(iol_stacks_find(s, ch, 2, &c3) && c3 == c1, "found without adding");
	ok(iol_stacks_count(s) == 2 && iol_stacks_nframes(s) == 2,
	   "2 chains, 2 frames");
	ok(iol_stacks_intern(s, ch, 0, &c3) == IOL_EINVAL &&
		   iol_stacks_intern(s, &bad, 1, &c3) == IOL_EINVAL,
	   "an empty chain or an unknown frame: refused");
	ok(iol_stacks_chain(s, c1, &fr) == 2 && fr[0] == fa && fr[1] == fb,
	   "a chain's frames, innermost first");
	ok(iol_stacks_chain(s, 0, &fr) == 0 && iol_stacks_chain(s, 3, &fr) == 0,
	   "ids out of range: none");
	ok(!strcmp(iol_stacks_frame_at(s, fb)->func, "g") &&
		   iol_stacks_frame_at(s, 7) == NULL,
	   "a frame by id; none out of range");
	/* many: the indexes grow */
	for (i = 0; i < 5000 && r == 0; i++) {
		struct iol_frame f = {"/lib/y.so", "h", (uint64_t)i,
				      (uint64_t)i};
		uint32_t id, c;

		r = iol_stacks_frame(s, &f, &id);
		ch[0] = id, ch[1] = fa;
		if (r == 0)
			r = iol_stacks_intern(s, ch, 2, &c);
	}
	ok(r == 0 && iol_stacks_count(s) == 5002 &&
		   iol_stacks_nframes(s) == 5002,
	   "5000 more frames and chains");
	ok(iol_stacks_find(s, ch, 2, &c3) && c3 == 5002,
	   "the last found again");
	iol_stacks_free(s);
}

/* the innermost program frame's function of ev */
static const char *top(const struct iol_job *job, const struct iol_event *ev)
{
	const uint32_t *fr;
	size_t n = iol_stacks_chain(job->stacks, ev->stack, &fr);

	return n > 1 ? iol_stacks_frame_at(job->stacks, fr[1])->func
	       : n   ? iol_stacks_frame_at(job->stacks, fr[0])->func
		     : "-";
}

static void events(const char *path)
{
	static const char *const want =
		"openat:save openat:load write:save read:load write:save "
		"read:load close:app fsync:ns::Writer::flush(int) const "
		"close:backtracing_error ";
	struct iol_error err = {0};
	struct iol_job *job;
	struct iol_events *a, *b;
	struct iol_event ea, eb;
	char got[1024] = "";
	size_t n = 0;
	int ra, rb, same = 1;

	if (iol_job_load(&job, path, &err) < 0) {
		ok(0, err.msg);
		return;
	}
	ok(job->stacks && iol_stacks_count(job->stacks) == 8,
	   "the trace's 8 distinct stacks");
	if (iol_events_open(&a, job, &err) < 0 ||
	    iol_events_open(&b, job, &err) < 0) {
		ok(0, err.msg);
		iol_job_close(job);
		return;
	}
	while ((ra = iol_events_next(a, &ea, &err)) == 1) {
		rb = iol_events_next(b, &eb, &err);
		same &= rb == 1 && eb.stack == ea.stack && eb.kind == ea.kind;
		n += (size_t)snprintf(got + n, sizeof(got) - n, "%s:%s ",
				      ea.name,
				      !strcmp(ea.name, "close") && ea.stack &&
						      !strcmp(top(job, &ea), "")
					      ? "app"
					      : top(job, &ea));
		if (n >= sizeof(got))
			break;
	}
	printf("# %s\n", got);
	ok(ra == 0 && !strcmp(got, want), "each event with its call's stack");
	ok(same, "two iterators at once give the same stacks");
	iol_events_close(a);
	iol_events_close(b);
	iol_job_close(job);
}

int main(int argc, char **argv)
{
	interning();
	if (argc > 1)
		events(argv[1]);
	return tap_done();
}
