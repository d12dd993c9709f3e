/*
 * fdgen VARIANT TRACE TRUTH: strace -f traces of threads racing on a
 * reused descriptor number, every way it can go (t/5030-fdrace-gen.t).
 *
 * A family is a few threads of one process, each a short program of
 * calls on descriptors (open, write, read, close).  Each call has three
 * events: it begins (strace prints its first line), it takes effect on
 * the descriptor table (an open takes the lowest free number, a close
 * frees it; no line), and it returns (strace ends its line, or prints
 * "<... resumed>" when another thread's line came between).  Every
 * interleaving of the threads' events is walked; each distinct trace
 * that comes of one (the printed events and the numbers the opens
 * returned) is one case: a process of its own, with files of its own, so
 * that one trace holds them all and the truth per file is known.
 *
 * The families:
 *  1. two threads, each open, write, read, close of a file of its own,
 *     no descriptor open before: one's close and the other's open race
 *     for number 3 in every order and split;
 *  2. three threads: the first holds 3 and closes it; the second opens,
 *     writes, closes; the third opens and writes: 3 taken, freed and
 *     taken again while the first close is pending.
 *
 * VARIANT "exact": -T durations agree with the lines' times (each event
 * at its own microsecond, a thread's returns a microsecond or three
 * after the tick, so that each call's duration says its thread), and
 * TRUTH has each file's metadata time; "short": every duration says 1 us,
 * as strace's -T and -tt may disagree under load (the open's return then
 * seems to come before the close whose number it took); "whole": the
 * times of "exact" in iolens trace's shape, each call a whole line in the
 * order the calls began, times to the nanosecond.
 *
 * TRUTH: "path opens reads writes meta_us" per file (meta_us "-" with
 * "short"), then "calls N cases M".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPEN = 'o', WRITE = 'w', READ = 'r', CLOSE = 'c' };
enum { MAXT = 3, MAXOPS = 4, MAXEV = MAXT * MAXOPS * 3 };

struct fam {
	int nt;
	const char *ops[MAXT]; /* each thread's calls, a letter each */
	int holds[MAXT];       /* a file open at 3 before: 1 */
};

static const struct fam fams[] = {
	{2, {"owc", "orc"}, {0, 0}},
	{3, {"c", "oc", "ow"}, {1, 0, 0}},
};

/* one printed event: thread t's call k begins (x 0) or returns (x 1) */
struct ev {
	uint8_t t, k, x;
};

static struct {
	const struct fam *f;
	int pos[MAXT];	       /* next step of each thread: 3 a call */
	int fd[MAXT];	       /* the descriptor each thread holds */
	int ret[MAXT][MAXOPS]; /* what each open returned */
	unsigned held;	       /* numbers in use, bit n */
	struct ev seq[MAXEV];
	int nseq;
} g;

static int nops(int t)
{
	return (int)strlen(g.f->ops[t]);
}

/* ---- the distinct cases: a set of 64-bit hashes ---- */

static uint64_t *set;
static size_t setcap, setn;

static int set_add(uint64_t h)
{
	size_t i;

	if (!h)
		h = 1;
	if (setn * 2 >= setcap) {
		uint64_t *old = set;
		size_t oc = setcap, j;

		setcap = setcap ? setcap * 2 : 1 << 16;
		set = calloc(setcap, sizeof(*set));
		if (!set) {
			fputs("fdgen: out of memory\n", stderr);
			exit(1);
		}
		setn = 0;
		for (j = 0; j < oc; j++)
			if (old[j])
				set_add(old[j]);
		free(old);
	}
	for (i = h & (setcap - 1); set[i]; i = (i + 1) & (setcap - 1))
		if (set[i] == h)
			return 0;
	set[i] = h;
	setn++;
	return 1;
}

static uint64_t fnv(uint64_t h, unsigned v)
{
	return (h ^ v) * 1099511628211ULL;
}

/* ---- the trace of a case ---- */

static FILE *out, *truth;
static int exact, ncase;
static int whole_lines;			   /* "whole": iolens trace's shape */
static long long usec = 36000LL * 1000000; /* 10:00:00 */
static long long calls;

struct tally {
	int opens, reads, writes;
	long long meta;
};

static void put_time(long long us)
{
	long long s = us / 1000000;

	fprintf(out, "%02lld:%02lld:%02lld.%06lld%s", s / 3600 % 24,
		s / 60 % 60, s % 60, us % 1000000, whole_lines ? "000" : "");
}

/* the call's text before its return is known, and after */
static void call_head(int t, int k, int fd, char *b, size_t n)
{
	switch (g.f->ops[t][k]) {
	case OPEN:
		snprintf(b, n,
			 "openat(AT_FDCWD, \"c%d%c\", O_RDWR|O_CREAT, 0644",
			 ncase, 'a' + t);
		break;
	case WRITE: snprintf(b, n, "write(%d, \"xx\", 2", fd); break;
	case READ: snprintf(b, n, "read(%d, ", fd); break;
	default: snprintf(b, n, "close(%d", fd);
	}
}

static void call_tail(int t, int k, int ret, long long dur)
{
	if (g.f->ops[t][k] == READ)
		fputs("\"xx\", 2", out);
	fprintf(out, ") = %d <0.%06lld%s>\n", ret, exact ? dur : 1,
		whole_lines ? "000" : "");
}

static const char *const name[] = {"openat", "write", "read", "close"};

static int name_of(int t, int k)
{
	return (int)(strchr("owrc", g.f->ops[t][k]) - "owrc");
}

static int pid; /* the family's process; its threads pid + 1... */

static void line_start(int tid, long long at)
{
	fprintf(out, "%d ", tid);
	put_time(at);
	fputc(' ', out);
}

/* A family is a process whose threads run case after case, each case
 * beginning and ending with every descriptor closed (but those held
 * before it), as a program's loop (fdrace.c) does. */
static void family_start(void)
{
	int t;

	pid = 1000 + 4 * (int)(g.f - fams);
	for (t = 0; t < g.f->nt; t++) {
		line_start(pid, usec += 10);
		fprintf(out,
			"clone3({flags=CLONE_VM|CLONE_FILES|CLONE_THREAD, "
			"exit_signal=0}, 88) = %d <0.000005>\n",
			pid + 1 + t);
	}
}

static void family_end(void)
{
	int t;

	for (t = 0; t <= g.f->nt; t++) {
		line_start(t < g.f->nt ? pid + 1 + t : pid, usec += 10);
		fputs("+++ exited with 0 +++\n", out);
	}
	usec += 100;
}

/* a whole call of 2 us on file t of the case (opened at 3) */
static void whole(int t, int op, int fd, struct tally *ty)
{
	line_start(pid + 1 + t, usec += 10);
	if (op == OPEN)
		fprintf(out,
			"openat(AT_FDCWD, \"c%d%c\", O_RDWR|O_CREAT, 0644) = "
			"3 <0.000002>\n",
			ncase, 'a' + t);
	else
		fprintf(out, "close(%d) = 0 <0.000002>\n", fd);
	ty->opens += op == OPEN;
	ty->meta += 2;
	calls++;
}

static int ret_of(int t, int k)
{
	int op = g.f->ops[t][k];

	return op == OPEN ? g.ret[t][k] : op == CLOSE ? 0 : 2;
}

/* thread t's call k returned after dur us */
static void tally(int t, int k, long long dur, int *fd, struct tally *ty)
{
	int op = g.f->ops[t][k];

	calls++;
	if (op == OPEN)
		fd[t] = g.ret[t][k], ty[t].opens++;
	if (op == CLOSE)
		fd[t] = -1;
	if (op == OPEN || op == CLOSE)
		ty[t].meta += dur;
	ty[t].reads += op == READ;
	ty[t].writes += op == WRITE;
}

/* The rest of the line of the call begun by event i at time at, where
 * each line is a whole call: its return is an event further on. */
static void whole_tail(int i, long long at)
{
	int t = g.seq[i].t, k = g.seq[i].k, j;

	for (j = i + 1; g.seq[j].t != t || !g.seq[j].x; j++)
		;
	call_tail(t, k, ret_of(t, k), usec + 10LL * (j - i) + 1 + t - at);
}

/* The case's lines, as strace -f prints them: a line cut by another
 * thread's ends "<unfinished ...>", its end comes as "<... resumed>".
 * Before it, the descriptors held open; after it, the descriptors
 * still open closed. */
static void emit_case(void)
{
	int t, k, i, cur = -1, fd[MAXT];
	long long start[MAXT] = {0}, at;
	struct tally ty[MAXT];
	char head[128];

	memset(ty, 0, sizeof(ty));
	for (t = 0; t < g.f->nt; t++) {
		fd[t] = g.f->holds[t] ? 3 : -1;
		if (g.f->holds[t])
			whole(t, OPEN, 3, &ty[t]);
	}
	for (i = 0; i < g.nseq; i++) {
		const struct ev *e = &g.seq[i];

		t = e->t, k = e->k;
		at = (usec += 10) + (e->x ? 1 + t : 0);
		/* another thread's line cut short */
		if (cur >= 0 && cur != t) {
			fputs(" <unfinished ...>\n", out);
			cur = -1;
		}
		if (!e->x) {
			start[t] = at;
			call_head(t, k, fd[t], head, sizeof(head));
			line_start(pid + 1 + t, at);
			fputs(head, out);
			cur = t;
			if (whole_lines) /* the line when the call began */
				whole_tail(i, at), cur = -1;
			continue;
		}
		if (whole_lines) {
			tally(t, k, at - start[t], fd, ty);
			continue;
		}
		if (cur != t) {
			line_start(pid + 1 + t, at);
			fprintf(out, "<... %s resumed>", name[name_of(t, k)]);
		}
		cur = -1;
		call_tail(t, k, ret_of(t, k), at - start[t]);
		tally(t, k, at - start[t], fd, ty);
	}
	for (t = 0; t < g.f->nt; t++)
		if (fd[t] >= 0)
			whole(t, CLOSE, fd[t], &ty[t]);
	usec += 100;
	for (t = 0; t < g.f->nt; t++) {
		fprintf(truth, "c%d%c %d %d %d ", ncase, 'a' + t, ty[t].opens,
			ty[t].reads, ty[t].writes);
		if (exact)
			fprintf(truth, "%lld\n", ty[t].meta);
		else
			fputs("-\n", truth);
	}
	ncase++;
}

/* ---- the walk ---- */

static int lowest_free(void)
{
	int n = 3;

	while (g.held & (1u << n))
		n++;
	return n;
}

static void leaf(void)
{
	uint64_t h = 14695981039346656037ULL;
	int i, t, k;

	h = fnv(h, (unsigned)(g.f - fams));
	for (i = 0; i < g.nseq; i++)
		h = fnv(h, (unsigned)g.seq[i].t << 16 | g.seq[i].k << 8 |
				   g.seq[i].x);
	for (t = 0; t < g.f->nt; t++)
		for (k = 0; k < nops(t); k++)
			h = fnv(h, (unsigned)g.ret[t][k] + 1);
	if (set_add(h))
		emit_case();
}

/* the step after s of a call op: its effect comes between its begin
 * and its return, for the calls that have one */
static int next_step(int op, int s)
{
	return s == 0 && op != OPEN && op != CLOSE ? 2 : s + 1;
}

static void walk(void)
{
	int t, any = 0;

	for (t = 0; t < g.f->nt; t++) {
		int k = g.pos[t] / 3, s = g.pos[t] % 3, op, save = 0;

		if (k >= nops(t))
			continue;
		any = 1;
		op = g.f->ops[t][k];
		if (s == 1 && op == OPEN) { /* the effects: no line */
			save = g.ret[t][k] = lowest_free();
			g.held |= 1u << save;
			g.fd[t] = save;
		} else if (s == 1) {
			g.held &= ~(1u << g.fd[t]);
		} else {
			g.seq[g.nseq].t = (uint8_t)t;
			g.seq[g.nseq].k = (uint8_t)k;
			g.seq[g.nseq++].x = (uint8_t)(s == 2);
		}
		g.pos[t] = k * 3 + next_step(op, s);
		walk();
		g.pos[t] = k * 3 + s;
		if (s == 1 && op == OPEN)
			g.held &= ~(1u << save);
		else if (s == 1)
			g.held |= 1u << g.fd[t];
		else
			g.nseq--;
	}
	if (!any)
		leaf();
}

int main(int argc, char **argv)
{
	size_t f;
	int t;

	if (argc != 4 ||
	    (strcmp(argv[1], "exact") && strcmp(argv[1], "short") &&
	     strcmp(argv[1], "whole"))) {
		fputs("usage: fdgen exact|short|whole trace truth\n", stderr);
		return 2;
	}
	whole_lines = !strcmp(argv[1], "whole");
	exact = strcmp(argv[1], "short") != 0;
	out = fopen(argv[2], "w");
	truth = fopen(argv[3], "w");
	if (!out || !truth) {
		perror("fdgen");
		return 1;
	}
	if (whole_lines)
		fputs("# iolens-trace 1 (fdgen)\n", out);
	for (f = 0; f < sizeof(fams) / sizeof(fams[0]); f++) {
		memset(&g, 0, sizeof(g));
		g.f = &fams[f];
		for (t = 0; t < g.f->nt; t++) {
			g.fd[t] = g.f->holds[t] ? 3 : -1;
			if (g.f->holds[t])
				g.held |= 1u << 3;
		}
		family_start();
		walk();
		family_end();
		fprintf(stderr, "family %zu: %d cases\n", f + 1, ncase);
	}
	fprintf(truth, "calls %lld cases %d\n", calls, ncase);
	if (fclose(out) || fclose(truth)) {
		perror("fdgen");
		return 1;
	}
	return 0;
}
