/*
 * iolens replay: run a replay script (made by iolens replay-script or by
 * hand) in a sandbox and compare the replay with the original, as
 * Pianola's table does: run time, cumulative read, write and metadata
 * time, bytes and calls.  Also --calibrate, which measures what strace
 * adds to each call on this machine, for replay-script to take off.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/errname.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/replay-common.h"
#include "cmd/replay-mpi.h"
#ifdef IOLENS_MPI
#include "cmd/ingest.h" /* mpi_begin(), mpi_end() */
#endif
#include "cmd/util.h"
#include "render/output.h"
#include "render/profile.h"
#include "base/sha256.h"
#include "base/version.h"
#include "replay/engine.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens replay [--allow-root] [--pace closed|timeline|afap] "
	"[--runs n]\n"
	"                     [--format fmt] [-o file] [--keep] "
	"[--profile file.pdf]\n"
	"                     [--max-stage size] [--max-memory size] "
	"[--max-procs n]\n"
	"                     [--max-inputs n] [--max-gap secs] "
	"[--timeout secs]\n"
	"                     --dir sandbox script\n"
	"       iolens replay --calibrate [--dir dir]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	fputs("\nReplay the I/O calls of a replay script in a new directory "
	      "inside the\n"
	      "sandbox, one process per traced process, and compare the "
	      "replay with the\n"
	      "original.  Every path is resolved beneath the run directory by "
	      "the kernel\n"
	      "(openat2), and Landlock confines each replaying process to it "
	      "where the\n"
	      "kernel has it.  The script is compiled to a binary form cached "
	      "under\n"
	      "~/.cache/iolens/replay, keyed by the SHA-256 of its text.\n\n"
	      "  --allow-root            run even as root (the sandbox still "
	      "holds)\n"
	      "  --as-fast-as-possible   the same as --pace afap\n"
	      "  --calibrate             measure strace's overhead per call "
	      "and store it\n"
	      "  --dir sandbox           where the replay may write "
	      "(required)\n"
	      "  --format fmt            text (default), csv, tsv or json\n"
	      "  -o file, --output file  write the table there (the "
	      "extension chooses\n"
	      "                          its format: .csv .tsv .json)\n"
	      "  --keep                  keep the run directory\n"
	      "  --pace p                closed (default: a call when the "
	      "previous one\n"
	      "                          returned, plus its compute gap), "
	      "timeline (at the\n"
	      "                          original's times), afap (no compute "
	      "gaps)\n"
	      "  --profile file.pdf      cumulative I/O time against elapsed "
	      "time\n"
	      "  --runs n                replay n times: medians and spread "
	      "(default 1)\n"
	      "limits:\n"
	      "  --max-stage size        bytes of inputs staged (default 8G)\n"
	      "  --max-memory size       buffers, tables, open files "
	      "(default 2G)\n"
	      "  --max-procs n           processes and threads (default "
	      "1024)\n"
	      "  --max-inputs n          inputs, and directories staged "
	      "(default 1000000)\n"
	      "  --max-gap secs          the longest compute gap (default "
	      "3600)\n"
	      "  --timeout secs          the whole replay (default 10 times "
	      "the original\n"
	      "                          plus 60, at most a day)\n"
	      "  -h, --help              show this help\n"
	      "  --version               show the version\n",
	      stdout);
}

int replay_overhead_path(char *buf, size_t n)
{
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");

	if (x && *x == '/')
		snprintf(buf, n, "%s/iolens/strace-overhead", x);
	else if (h && *h == '/')
		snprintf(buf, n, "%s/.cache/iolens/strace-overhead", h);
	else
		return -1;
	return 0;
}

int replay_overhead_load(double *gap, double *dur)
{
	char p[4096];
	FILE *f;
	int ok;

	if (replay_overhead_path(p, sizeof(p)) < 0 || !(f = fopen(p, "r")))
		return -1;
	ok = fscanf(f, "%lf %lf", gap, dur) == 2 && isfinite(*gap) &&
	     isfinite(*dur) && *gap >= 0 && *gap < 1 && *dur >= 0 && *dur < 1;
	fclose(f);
	return ok ? 0 : -1;
}

/* Run argv with stdout into a pipe; the number it prints, or -1. */
static double run_capture(char *const *argv)
{
	int p[2], status;
	char out[64] = "";
	pid_t pid;
	ssize_t n;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(p[1]);
	n = read(p[0], out, sizeof(out) - 1);
	close(p[0]);
	waitpid(pid, &status, 0);
	if (n <= 0 || !WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	out[n] = 0;
	return strtod(out, NULL);
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int save_overhead(double gap, double dur, char *p, size_t n)
{
	char d[4096];
	FILE *f;

	if (replay_overhead_path(p, n) < 0)
		return -1;
	snprintf(d, sizeof(d), "%s", p);
	*strrchr(d, '/') = 0; /* .../iolens */
	*strrchr(d, '/') = 0; /* .../.cache, which may be missing too */
	mkdir(d, 0755);
	snprintf(d, sizeof(d), "%s", p);
	*strrchr(d, '/') = 0;
	mkdir(d, 0755);
	f = fopen(p, "w");
	if (!f)
		return -1;
	fprintf(f, "%.9f %.9f\n", gap, dur);
	return fclose(f);
}

#define CAL_ROUNDS 2000
#define CAL_CALLS (4 * CAL_ROUNDS)

/* The hidden --calibrate-loop: the timed loop, in the process strace
 * follows, printing its own seconds (no start-up counted). */
static int calibrate_loop(const char *dir)
{
	struct iol_error err = {0};
	double t = iol_replay_syscall_loop(dir, CAL_ROUNDS, &err);

	if (t < 0) {
		msg("%s", err.msg);
		return EXIT_DATA;
	}
	printf("%.9f\n", t);
	return EXIT_OK;
}

/* The mean of strace's -T durations of the loop's calls in a trace. */
static double mean_dur(const char *path)
{
	static const char *const calls[] = {"pwrite64(", "pread64(", "lseek(",
					    "fstat(", "newfstatat("};
	char line[1024];
	double sum = 0, v;
	long n = 0;
	size_t i;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *lt = strrchr(line, '<');

		for (i = 0; i < 5; i++)
			if (strstr(line, calls[i]))
				break;
		if (i < 5 && lt && sscanf(lt, "<%lf>", &v) == 1)
			sum += v, n++;
	}
	fclose(f);
	return n >= CAL_CALLS ? sum / (double)n : -1;
}

/* One untraced and one traced run of the loop: seconds untraced, traced,
 * and the traced calls' mean -T duration. */
static int calibrate_once(char *self, const char *dir, double *a, double *b,
			  double *d)
{
	char tr[4200];
	char *plain[] = {self, "replay", "--calibrate-loop", (char *)dir, NULL};
	char *traced[] = {"strace",    "-f",	 "-tt",
			  "-T",	       "-o",	 tr,
			  self,	       "replay", "--calibrate-loop",
			  (char *)dir, NULL};

	snprintf(tr, sizeof(tr), "%s/iolens-calibrate-%ld.trace", dir,
		 (long)getpid());
	*a = run_capture(plain);
	*b = run_capture(traced);
	*d = mean_dur(tr);
	unlink(tr);
	return *a < 0 || *b < 0 || *d < 0 ? -1 : 0;
}

static int calibrate(const char *dir)
{
	char self[4096], p[4096];
	double a[5], b[5], d[5], per, dur;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int k;

	if (n <= 0)
		return msg("cannot find the iolens binary"), EXIT_DATA;
	self[n] = 0;
	for (k = 0; k < 5; k++)
		if (calibrate_once(self, dir, &a[k], &b[k], &d[k]) < 0) {
			msg("calibration failed: is strace installed "
			    "(apt-get install strace)?");
			return EXIT_DATA;
		}
	qsort(a, 5, sizeof(double), cmpd);
	qsort(b, 5, sizeof(double), cmpd);
	qsort(d, 5, sizeof(double), cmpd);
	per = (b[2] - a[2]) / CAL_CALLS;
	dur = d[2] - a[2] / CAL_CALLS;
	dur = dur < 0 ? 0 : dur > per ? per : dur;
	per = per < dur ? 0 : per - dur;
	printf("strace overhead: %.2f us per call between calls, %.2f us in "
	       "each call's -T duration (%d calls: %.6f s untraced, %.6f s "
	       "under strace -f -tt -T; medians of 5)\n",
	       per * 1e6, dur * 1e6, CAL_CALLS, a[2], b[2]);
	if (save_overhead(per, dur, p, sizeof(p)) == 0)
		printf("stored in %s; iolens replay-script takes it off "
		       "compute "
		       "gaps and durations\n",
		       p);
	else
		msg("warning: cannot store the overhead (no writable home)");
	return EXIT_OK;
}

static double ratio(double r, double o)
{
	return o > 0 ? r / o : NAN;
}

/* a JSON string, as every command writes one (out_json_str(): UTF-8,
 * U+FFFD for a byte that starts no well-formed sequence) */
static void json_str(struct obuf *ob, const char *s)
{
	out_json_str(ob, s);
}

static void json_num(struct obuf *ob, double v)
{
	char b[40];

	if (!isfinite(v)) {
		obuf_puts(ob, "null");
		return;
	}
	fmt_double(b, sizeof(b), v);
	obuf_puts(ob, b);
}

static void json_totals(struct obuf *ob, const char *name,
			const struct iol_rtotals *t)
{
	obuf_printf(ob, "\"%s\":{\"run_s\":", name);
	json_num(ob, t->run_s);
	obuf_puts(ob, ",\"read_s\":");
	json_num(ob, t->read_s);
	obuf_puts(ob, ",\"write_s\":");
	json_num(ob, t->write_s);
	obuf_puts(ob, ",\"meta_s\":");
	json_num(ob, t->meta_s);
	obuf_printf(ob,
		    ",\"bytes_read\":%lld,\"bytes_written\":%lld,\"ops\":%lld}",
		    (long long)t->bytes_read, (long long)t->bytes_written,
		    (long long)t->ops);
}

struct run {
	const char *script;
	const struct iol_rbin *b;
	const struct iol_rresult *r;
	int reused, runs;
	double spread[4][2]; /* run, read, write, meta: min, max */
	int pace;
};

static void json_files(struct obuf *ob, const struct run *x)
{
	size_t i;
	int first = 1;

	obuf_puts(ob, ",\"files\":[");
	for (i = 1; i < x->b->s.nstr; i++) {
		const int64_t *o = x->b->per_file[i], *p = x->r->rep_file[i];

		if (!o[2] && !p[2])
			continue;
		obuf_printf(ob, "%s{\"path\":", first ? "" : ",");
		json_str(ob, iol_rscript_s(&x->b->s, (uint32_t)i));
		obuf_printf(
			ob,
			",\"original\":{\"bytes_read\":%lld,\"bytes_written\":"
			"%lld,\"ops\":%lld},\"replay\":{\"bytes_read\":%lld,"
			"\"bytes_written\":%lld,\"ops\":%lld}}",
			(long long)o[0], (long long)o[1], (long long)o[2],
			(long long)p[0], (long long)p[1], (long long)p[2]);
		first = 0;
	}
	obuf_puts(ob, "]");
}

static const char *pace_name(int pace)
{
	return pace == IOL_PACE_TIMELINE ? "timeline"
	       : pace == IOL_PACE_AFAP	 ? "afap"
					 : "closed";
}

static void json_fails(struct obuf *ob, const struct iol_rresult *r)
{
	char e[32];
	size_t i;

	obuf_puts(ob, ",\"failed\":[");
	for (i = 0; i < r->nfail; i++) {
		const struct iol_rfail *f = &r->fail[i];

		obuf_printf(ob,
			    "%s{\"line\":%lld,\"section\":%lld,\"op\":\"%s\","
			    "\"errno\":",
			    i ? "," : "", (long long)f->line,
			    (long long)f->rank, iol_rop_name(f->op));
		if (f->err)
			json_str(ob, iol_errno_name(f->err, e, sizeof(e)));
		else
			obuf_puts(ob, "null");
		obuf_puts(ob, ",\"original_errno\":");
		if (f->orig_err > 0)
			json_str(ob, iol_errno_name(f->orig_err, e, sizeof(e)));
		else
			obuf_puts(ob, f->orig_err ? "\"?\"" : "null");
		obuf_putc(ob, '}');
	}
	obuf_putc(ob, ']');
}

static void json_spread(struct obuf *ob, const struct run *x)
{
	static const char *const k[] = {"run_s", "read_s", "write_s", "meta_s"};
	int i;

	obuf_printf(ob, ",\"runs\":%d,\"spread\":{", x->runs);
	for (i = 0; i < 4; i++) {
		obuf_printf(ob, "%s\"%s\":[", i ? "," : "", k[i]);
		json_num(ob, x->spread[i][0]);
		obuf_putc(ob, ',');
		json_num(ob, x->spread[i][1]);
		obuf_putc(ob, ']');
	}
	obuf_putc(ob, '}');
}

static void print_json(struct obuf *ob, const struct run *x)
{
	const struct iol_rresult *r = x->r;

	obuf_puts(ob, "{\"script\":");
	json_str(ob, x->script);
	obuf_printf(ob,
		    ",\"compiled\":\"%s\",\"ranks\":%zu,\"dirs_made\":%lld,",
		    x->reused ? "reused" : "written", x->b->s.nrank,
		    (long long)r->staged_dirs);
	json_totals(ob, "original", &r->orig);
	obuf_puts(ob, ",");
	json_totals(ob, "replay", &r->rep);
	obuf_puts(ob, ",\"ratio\":{\"run\":");
	json_num(ob, ratio(r->rep.run_s, r->orig.run_s));
	obuf_puts(ob, ",\"read\":");
	json_num(ob, ratio(r->rep.read_s, r->orig.read_s));
	obuf_puts(ob, ",\"write\":");
	json_num(ob, ratio(r->rep.write_s, r->orig.write_s));
	obuf_puts(ob, ",\"meta\":");
	json_num(ob, ratio(r->rep.meta_s, r->orig.meta_s));
	obuf_puts(ob, "},\"overhead_s\":");
	json_num(ob, x->b->s.overhead);
	obuf_puts(ob, ",\"dur_overhead_s\":");
	json_num(ob, x->b->s.duroverhead);
	obuf_printf(
		ob,
		",\"mismatched\":%lld,\"waits\":%lld,\"waits_given_up\":%lld,"
		"\"clones\":%lld,\"clones_as_copies\":%lld,"
		"\"clone_bytes_copied\":%lld,\"max_late_s\":",
		(long long)r->mismatched, (long long)r->waits,
		(long long)r->broken, (long long)r->clones,
		(long long)r->clone_copies, (long long)r->clone_bytes);
	json_num(ob, r->max_late);
	obuf_puts(ob, ",\"inflate_s\":");
	json_num(ob, r->inflate_s);
	obuf_puts(ob, ",\"engine_s\":");
	json_num(ob, r->engine_s);
	obuf_puts(ob, ",\"repaid_s\":");
	json_num(ob, r->repaid_s);
	obuf_printf(ob,
		    ",\"pace\":\"%s\",\"sandbox\":{\"openat2\":true,"
		    "\"landlock\":%d}",
		    pace_name(x->pace), r->landlock);
	json_spread(ob, x);
	json_fails(ob, r);
	json_files(ob, x);
	obuf_puts(ob, "}\n");
}

/* The JSON to path (NULL: standard output), through the temporary
 * that out_open() renames over it once written. */
static int write_json(const struct run *x, const char *path)
{
	struct out out;

	if (cmd_out_open(&out, path, FMT_JSON) < 0)
		return EXIT_DATA;
	print_json(&out.ob, x);
	return cmd_out_close(&out, 1) < 0 ? EXIT_DATA : EXIT_OK;
}

/* A row: original, replay (the median of the runs), ratio = replay /
 * original, and the runs' least and greatest (spread NULL: counts,
 * equal in every run). */
static void row(struct out *o, const char *m, double a, double b, int isint,
		const double *spread)
{
	out_str(o, m);
	if (isint) {
		out_int(o, (int64_t)a);
		out_int(o, (int64_t)b);
	} else {
		out_num(o, a, 6);
		out_num(o, b, 6);
	}
	out_num(o, ratio(b, a), 3);
	if (spread) {
		out_num(o, spread[0], 6);
		out_num(o, spread[1], 6);
	} else if (isint) {
		out_int(o, (int64_t)b);
		out_int(o, (int64_t)b);
	}
	out_endrow(o);
}

static int print_table(const struct run *x, int fmt, const char *path)
{
	static const char *const cols[] = {"measure", "original", "replay",
					   "ratio",   "min",	  "max"};
	const struct iol_rtotals *o = &x->r->orig, *p = &x->r->rep;
	const struct iol_rscript *s = &x->b->s;
	struct out out;
	char hb[32], ll[80];

	if (x->r->landlock > 0)
		snprintf(ll, sizeof(ll), "ABI %d", x->r->landlock);
	else if (s->nrank == 0) /* nothing forked to confine */
		snprintf(ll, sizeof(ll), "not applied (no section to replay)");
	else if (x->r->landlock_kernel > 0) /* a section never confined */
		snprintf(ll, sizeof(ll),
			 "not applied (a section was not replayed)");
	else
		snprintf(ll, sizeof(ll), "not applied (not in this kernel)");
	if (cmd_out_open(&out, path, fmt) < 0)
		return EXIT_DATA;
	out_text(&out,
		 "replay of '%s': %zu section%s, %zu input%s staged (%s), "
		 "%lld director%s made, compiled form %s\n\n",
		 esc(x->script), s->nrank, s->nrank == 1 ? "" : "s",
		 x->r->ninputs, x->r->ninputs == 1 ? "" : "s",
		 fmt_bytes(hb, sizeof(hb), (double)x->r->staged_bytes,
			   BYTES_TEXT),
		 (long long)x->r->staged_dirs,
		 x->r->staged_dirs == 1 ? "y" : "ies",
		 x->reused ? "reused" : "written");
	out_text(&out,
		 "pace: %s; %d run%s (replay times are medians, min and max "
		 "their spread); ratio = replay / original\n"
		 "sandbox: every path resolved beneath the run directory "
		 "(openat2); Landlock %s\n\n",
		 x->pace == IOL_PACE_TIMELINE
			 ? "timeline (each call at the original's time)"
		 : x->pace == IOL_PACE_AFAP
			 ? "as fast as possible (no compute gaps)"
			 : "closed loop (a call when the previous returned, "
			   "plus its compute gap)",
		 x->runs, x->runs == 1 ? "" : "s", ll);
	out_table(&out, cols, 6);
	/* people read labels; pipes get the JSON keys */
	row(&out, fmt ? "run_s" : "run time s", o->run_s, p->run_s, 0,
	    x->spread[0]);
	row(&out, fmt ? "read_s" : "read time s", o->read_s, p->read_s, 0,
	    x->spread[1]);
	row(&out, fmt ? "write_s" : "write time s", o->write_s, p->write_s, 0,
	    x->spread[2]);
	row(&out, fmt ? "meta_s" : "metadata time s", o->meta_s, p->meta_s, 0,
	    x->spread[3]);
	row(&out, fmt ? "bytes_read" : "bytes read", (double)o->bytes_read,
	    (double)p->bytes_read, 1, NULL);
	row(&out, fmt ? "bytes_written" : "bytes written",
	    (double)o->bytes_written, (double)p->bytes_written, 1, NULL);
	row(&out, fmt ? "ops" : "calls", (double)o->ops, (double)p->ops, 1,
	    NULL);
	out_endtable(&out);
	out_text(
		&out,
		"\nbytes and calls: %s; %lld call%s failed in one run only; "
		"largest lag behind the schedule %.6f s\n"
		"tracer overhead taken off: %.9f s per call from compute gaps, "
		"%.9f s from each call (%s)\n",
		o->bytes_read == p->bytes_read &&
				o->bytes_written == p->bytes_written &&
				o->ops == p->ops
			? "equal"
			: "DIFFERENT",
		(long long)x->r->mismatched, x->r->mismatched == 1 ? "" : "s",
		x->r->max_late, s->overhead, s->duroverhead,
		esc(s->overhead_from[0] ? s->overhead_from : "none"));
	if (x->pace == IOL_PACE_CLOSED) /* the other paces owe nothing */
		out_text(&out,
			 "the replay's own time between calls %.6f s, %.6f s "
			 "of it taken back from compute gaps\n",
			 x->r->engine_s, x->r->repaid_s);
	if (x->r->waits)
		out_text(&out,
			 "waits for other sections: %lld, %lld given up\n",
			 (long long)x->r->waits, (long long)x->r->broken);
	if (x->r->clones || x->r->clone_copies)
		out_text(&out,
			 "reflink clones: %lld made, %lld copied instead "
			 "(%lld bytes: this file system refused them)\n",
			 (long long)x->r->clones, (long long)x->r->clone_copies,
			 (long long)x->r->clone_bytes);
	return cmd_out_close(&out, 1) < 0 ? EXIT_DATA : EXIT_OK;
}

/* The text of the script, of max bytes at most (else -1 with errno
 * EFBIG): a script is parsed against --max-memory, text included, and
 * one of 20 GB (a sparse file, or /dev/zero) was read into memory whole
 * first, 8.7 GB in 20 s with --max-memory 64M. */
static int read_all(const char *path, char **buf, size_t *n, size_t max)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 65536, k;
	struct stat st;

	if (!f)
		return -1;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return -1;
	}
	*buf = xmalloc(cap);
	*n = 0;
	while ((k = fread(*buf + *n, 1, cap - *n, f)) > 0 && *n + k <= max) {
		*n += k;
		if (*n == cap)
			*buf = xrealloc(*buf, cap = cap < max / 2 ? cap * 2
								  : max + 1);
	}
	if (k > 0) { /* past max */
		fclose(f);
		free(*buf);
		errno = EFBIG;
		return -1;
	}
	k = (size_t)ferror(f);
	fclose(f);
	if (k)
		free(*buf);
	return k ? -1 : 0;
}

/* A directory of this user alone: a directory (not a link), owned by
 * the user, that nobody else may write. */
static int private_dir(const char *p)
{
	struct stat st;

	return lstat(p, &st) == 0 && S_ISDIR(st.st_mode) &&
	       st.st_uid == geteuid() && !(st.st_mode & 022);
}

/* The directories from / down to real (a path without links): each
 * the user's or root's, and writable by nobody else unless sticky, so
 * that no other user can swap one for a link. */
static int held_path(const char *real)
{
	char p[4096];
	struct stat st;

	if (strlen(real) >= sizeof(p))
		return 0;
	snprintf(p, sizeof(p), "%s", real);
	for (;;) {
		if (stat(*p ? p : "/", &st) || !S_ISDIR(st.st_mode) ||
		    (st.st_uid != geteuid() && st.st_uid != 0) ||
		    ((st.st_mode & 022) && !(st.st_mode & S_ISVTX)))
			return 0;
		if (!*p)
			return 1;
		*strrchr(p, '/') = 0; /* up one; "/a" to "" (the root) */
	}
}

/* The cache of compiled scripts: $XDG_CACHE_HOME/iolens/replay or
 * ~/.cache/iolens/replay, made 0700; 0, or -1 when there is none the
 * user alone holds (then the caller compiles into a private temporary
 * directory).  Its base and every directory above must be the user's
 * or root's and writable by nobody else (unless sticky): a base others
 * may write (XDG_CACHE_HOME=/some/0777/dir, or an "iolens" of another
 * user's in it) let them swap the cache for a link after the check,
 * and the compiled form was written, and old ones pruned, wherever it
 * led. */
static int cache_dir(char *buf, size_t n)
{
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	char *s, *real;
	int ok;

	if (x && *x == '/')
		snprintf(buf, n, "%s", x);
	else if (h && *h == '/')
		snprintf(buf, n, "%s/.cache", h);
	else
		return -1;
	/* mkdir -p, each new part the user's alone */
	for (s = buf + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = 0;
		mkdir(buf, 0700);
		*s = '/';
	}
	mkdir(buf, 0700);
	real = realpath(buf, NULL);
	ok = real && held_path(real);
	if (ok)
		snprintf(buf, n, "%s/iolens", real);
	free(real);
	if (!ok || (mkdir(buf, 0700) && errno != EEXIST) || !private_dir(buf))
		return -1;
	snprintf(buf + strlen(buf), n - strlen(buf), "/replay");
	mkdir(buf, 0700);
	return private_dir(buf) ? 0 : -1;
}

struct cache {
	char dir[4096]; /* where the compiled form is */
	char bin[4200]; /* its path */
	int temp;	/* dir is a temporary directory, to remove */
};

static void cache_done(struct cache *c)
{
	if (!c->temp)
		return;
	unlink(c->bin);
	rmdir(c->dir);
	c->temp = 0;
}

/* The cache is pruned on each compile: compiled forms not used for
 * CACHE_DAYS days go, then the least recently used until the rest holds
 * CACHE_BYTES (a reused one gets its access time set: used is the later
 * of its access and modification times).  Only names of the cache's own
 * form ("<64 hex>.iolr") and files of this user are removed, by name in
 * the directory, following no link. */
#define CACHE_DAYS 30
#define CACHE_BYTES ((int64_t)1 << 30)
#define CACHE_MAX 4096 /* entries looked at */

struct centry {
	char name[80];
	time_t t;
	int64_t size;
};

static int ours(const char *n)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (!isxdigit((unsigned char)n[i]))
			return 0;
	return !strcmp(n + 64, ".iolr");
}

/* Whether n is a compiled form's temporary ("<64 hex>.iolr.XXXXXX",
 * lib/replay/compile.c: iol_rbin_write()) left by a compilation that
 * was killed, and then removed: its writer holds a lock on it until it
 * is renamed, so one that can be locked has none.  An empty one made
 * within the minute may be a writer's not locked yet. */
static int temp_left(int dfd, const char *n, const struct stat *st)
{
	size_t i;
	int fd, gone;

	for (i = 0; i < 64; i++)
		if (!isxdigit((unsigned char)n[i]))
			return 0;
	if (strncmp(n + 64, ".iolr.", 6) || strlen(n + 70) != 6 ||
	    (st->st_size == 0 && st->st_mtime > time(NULL) - 60))
		return 0;
	fd = openat(dfd, n, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return 0;
	gone = !flock(fd, LOCK_EX | LOCK_NB) && !unlinkat(dfd, n, 0);
	close(fd);
	return gone;
}

static int cmp_centry(const void *a, const void *b)
{
	const struct centry *x = a, *y = b;

	return (x->t > y->t) - (x->t < y->t);
}

static void cache_prune(const struct cache *c)
{
	const char *keep = strrchr(c->bin, '/');
	struct centry *e = malloc(CACHE_MAX * sizeof(*e));
	int fd = open(c->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int d2 = fd >= 0 ? dup(fd) : -1;
	DIR *dir = d2 >= 0 ? fdopendir(d2) : NULL;
	time_t old = time(NULL) - (time_t)CACHE_DAYS * 86400;
	struct dirent *de;
	struct stat st;
	size_t n = 0, i;
	int64_t total = 0;

	if (!dir && d2 >= 0)
		close(d2);
	while (e && dir && n < CACHE_MAX && (de = readdir(dir)) != NULL) {
		if ((keep && !strcmp(de->d_name, keep + 1)) ||
		    fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
		    temp_left(fd, de->d_name, &st) || !ours(de->d_name))
			continue;
		if (st.st_atime < st.st_mtime) /* last used: made or read */
			st.st_atime = st.st_mtime;
		if (st.st_atime < old) {
			unlinkat(fd, de->d_name, 0);
			continue;
		}
		snprintf(e[n].name, sizeof(e[n].name), "%s", de->d_name);
		e[n].t = st.st_atime;
		e[n].size = (int64_t)st.st_size;
		total += e[n++].size;
	}
	if (e && n)
		qsort(e, n, sizeof(*e), cmp_centry);
	for (i = 0; e && i < n && total > CACHE_BYTES; i++) {
		unlinkat(fd, e[i].name, 0);
		total -= e[i].size;
	}
	if (dir)
		closedir(dir);
	if (fd >= 0)
		close(fd);
	free(e);
}

/* --max-memory, which parsing the script counts against too */
static size_t parse_max_memory;

/* Whether a compiled form holds the limits its parsing was held to
 * (--max-inputs, --max-memory for the text and events): a form compiled
 * under larger ones was reused under these, 11 inputs staged with
 * --max-inputs 10; such a form is compiled again, and the parser names
 * the line past the limit. */
static int parse_limits_ok(const struct iol_rbin *b, size_t len,
			   size_t max_input)
{
	uint64_t ev = 0;
	size_t r;

	for (r = 0; r < b->s.nrank; r++)
		ev += b->s.rank[r].n;
	/* the strings too, with their offsets and index, as the parser
	 * counts them (a line of 6 MB cached without the limit was reused
	 * under --max-memory 8M), and the per-file totals */
	return (!max_input || b->s.ninput <= max_input) &&
	       len + ev * sizeof(struct iol_rev) + b->s.nbytes +
			       b->s.nstr * (2 * sizeof(uint32_t) + 24) <=
		       parse_max_memory;
}

/* The text of the script at path in *buf (len bytes) and its SHA-256;
 * EXIT_OK, or EXIT_DATA said. */
static int script_text(const char *path, char **buf, size_t *len,
		       unsigned char key[32])
{
	if (read_all(path, buf, len, parse_max_memory) < 0) {
		if (errno == EFBIG)
			msg("'%s': the script is larger than %zu bytes "
			    "(--max-memory)",
			    path, parse_max_memory);
		else
			msg("cannot open '%s': %s", path, strerror(errno));
		return EXIT_DATA;
	}
	iol_sha256(*buf, *len, key);
	return EXIT_OK;
}

/* The compiled form of the script at path, reused when the cache has
 * it under the SHA-256 of the text (and it checks out), else compiled
 * now.  Prints its own messages.  The text is not held while a form is
 * loaded, nor the parsed script (each took as much again past
 * --max-memory): the text is read again when the form is not reused. */
static int compiled(const char *path, struct iol_rbin *b, struct cache *c,
		    int *reused, int force, size_t max_input)
{
	struct iol_error err = {0};
	struct iol_rscript s;
	unsigned char key[32];
	size_t len;
	char *buf;
	int rc;

	if (script_text(path, &buf, &len, key) != EXIT_OK)
		return EXIT_DATA;
	if (!c->dir[0] && cache_dir(c->dir, sizeof(c->dir)) < 0) {
		const char *t = getenv("TMPDIR");

		snprintf(c->dir, sizeof(c->dir), "%s/iolens-replay.XXXXXX",
			 t && *t == '/' ? t : "/tmp");
		if (!mkdtemp(c->dir)) {
			msg("cannot make a directory for the compiled form: "
			    "%s",
			    strerror(errno));
			free(buf);
			return EXIT_DATA;
		}
		c->temp = 1;
	}
	iol_rbin_name(c->bin, sizeof(c->bin), c->dir, key);
	if (!force) {
		free(buf);
		buf = NULL;
	}
	*reused = !force && iol_rbin_load_within(b, c->bin, key,
						 parse_max_memory, NULL) == 0;
	if (*reused && !parse_limits_ok(b, len, max_input)) {
		iol_rbin_release(b);
		*reused = 0;
	}
	if (*reused) {
		if (!c->temp) { /* used now (its access time): the last to
				   be pruned */
			struct timespec t[2] = {{0, UTIME_NOW},
						{0, UTIME_OMIT}};

			utimensat(AT_FDCWD, c->bin, t, AT_SYMLINK_NOFOLLOW);
		}
		return EXIT_OK;
	}
	if (!buf) { /* the text as it is now, and its key */
		if (script_text(path, &buf, &len, key) != EXIT_OK)
			return EXIT_DATA;
		iol_rbin_name(c->bin, sizeof(c->bin), c->dir, key);
	}
	if (!c->temp)
		cache_prune(c);
	iol_rscript_init(&s);
	s.max_input = max_input;
	s.max_memory = parse_max_memory;
	rc = iol_rscript_parse(&s, buf, len, &err);
	free(buf);
	if (rc == 0)
		rc = iol_rbin_write(&s, key, c->bin, &err);
	iol_rscript_release(&s);
	if (rc == 0)
		rc = iol_rbin_load_within(b, c->bin, key, parse_max_memory,
					  &err);
	if (rc < 0) {
		msg("'%s': %s", path, err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
	}
	return EXIT_OK;
}

struct ropt {
	struct iol_ropts o;
	int allow_root, calibrate, fmt;
	int64_t runs, max_input;
	const char *profile, *loop;
	const char *fmtarg, *outpath; /* --format, -o: cmd_outfmt() */
};

/* A size with an optional unit: 512, 64K, 10M, 8G, 1T (powers of 2). */
static int parse_size(const char *s, int64_t *v)
{
	char *end;
	double x = strtod(s, &end);
	double m = 1;

	switch (*end) {
	case 'k':
	case 'K':
		m = 1024.0;
		end++;
		break;
	case 'm':
	case 'M':
		m = 1048576.0;
		end++;
		break;
	case 'g':
	case 'G':
		m = 1073741824.0;
		end++;
		break;
	case 't':
	case 'T':
		m = 1099511627776.0;
		end++;
		break;
	default: break;
	}
	if (*end == 'i' && end[1] == 'B')
		end += 2;
	else if (*end == 'B')
		end++;
	if (end == s || *end || !isfinite(x) || x <= 0 || x * m > 9e18)
		return -1;
	*v = (int64_t)(x * m);
	return 0;
}

static int parse_secs(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return end == s || *end || !isfinite(*v) || *v <= 0 || *v > 1e9 ? -1
									: 0;
}

static int parse_pace(const char *s, int *pace)
{
	static const char *const names[] = {"closed", "timeline", "afap"};
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(s, names[i]))
			return *pace = i, 0;
	return -1;
}

/* The options that take a limit; -1 when o is not one of them. */
static int limit_option(int c, const char *arg, struct ropt *r)
{
	int64_t v;
	int bad = 0;

	switch (c) {
	case 'S': bad = parse_size(arg, &r->o.lim.max_stage); break;
	case 'M': bad = parse_size(arg, &r->o.lim.max_memory); break;
	case 'P':
		bad = parse_count(arg, &v) || v < 1;
		r->o.lim.max_procs = v;
		break;
	case 'I':
		bad = parse_count(arg, &v) || v < 1;
		r->max_input = v;
		r->o.lim.max_inputs = v; /* the directories staged too */
		break;
	case 'G': bad = parse_secs(arg, &r->o.lim.max_gap); break;
	case 'T': bad = parse_secs(arg, &r->o.lim.timeout); break;
	case 'N':
		bad = parse_count(arg, &r->runs) || r->runs < 1 ||
		      r->runs > 1000;
		break;
	case 'c': bad = parse_pace(arg, &r->o.pace); break;
	default: return -1;
	}
	if (bad)
		return usage_error("bad value '%s' for %s", arg,
				   c == 'c' ? "--pace (closed, timeline, afap)"
					    : "this option");
	return 0;
}

static int options(int argc, char **argv, struct ropt *r)
{
	static const struct option longopts[] = {
		{"allow-root", no_argument, NULL, 'R'},
		{"as-fast-as-possible", no_argument, NULL, 'A'},
		{"calibrate", no_argument, NULL, 'C'},
		{"calibrate-loop", required_argument, NULL, 'L'},
		{"dir", required_argument, NULL, 'd'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"keep", no_argument, NULL, 'k'},
		{"max-gap", required_argument, NULL, 'G'},
		{"max-inputs", required_argument, NULL, 'I'},
		{"max-memory", required_argument, NULL, 'M'},
		{"max-procs", required_argument, NULL, 'P'},
		{"max-stage", required_argument, NULL, 'S'},
		{"output", required_argument, NULL, 'o'},
		{"pace", required_argument, NULL, 'c'},
		{"profile", required_argument, NULL, 'p'},
		{"runs", required_argument, NULL, 'N'},
		{"timeout", required_argument, NULL, 'T'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		if ((rc = limit_option(c, optarg, r)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case 'R': r->allow_root = 1; break;
		case 'A': r->o.pace = IOL_PACE_AFAP; break;
		case 'C': r->calibrate = 1; break;
		case 'L': r->loop = optarg; break;
		case 'd': r->o.dir = optarg; break;
		case 'f': r->fmtarg = optarg; break;
		case 'o': r->outpath = optarg; break;
		case 'h': help(); return EXIT_OK;
		case 'k': r->o.keep = 1; break;
		case 'p':
			r->profile = optarg;
			r->o.profile = 1;
			break;
		case 'V': puts("iolens " IOLENS_VERSION); return EXIT_OK;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	/* the one rule of every command with -o: --format wins, else the
	 * extension chooses */
	r->fmt =
		cmd_outfmt(r->fmtarg, r->outpath, OUTF_TABLES, OUTF_TEXT, NULL);
	return r->fmt < 0 ? EXIT_USAGE : -1;
}

/* The compiled form; in a group member 0 compiles it and the others
 * then load what it wrote. */
static int group_compiled(const char *script, struct iol_rbin *b,
			  struct cache *c, int *reused, const struct ropt *ro)
{
	const struct iol_rgroup *g = ro->o.group;
	size_t mi = (size_t)ro->max_input;
	int32_t rc = EXIT_OK;

	if (!g || g->me == 0)
		rc = compiled(script, b, c, reused, 0, mi);
	if (!g)
		return rc;
	if (g->bcast(g->ctx, &rc, sizeof(rc)) || rc)
		return rc ? rc : EXIT_DATA;
	return g->me == 0 ? rc : compiled(script, b, c, reused, 0, mi);
}

/* ---- progress, signals ---- */

static volatile int stop_sig;

static void on_signal(int sig)
{
	stop_sig = sig;
}

static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct bar {
	double t0;
	int run, runs;
};

static void draw_bar(void *ctx, int64_t done, int64_t total)
{
	const struct bar *b = ctx;
	int w = 24,
	    fill = total > 0 ? (int)(w * (double)done / (double)total) : 0;

	if (fill > w)
		fill = w;
	fprintf(stderr, "\r[%.*s%*s] %lld/%lld calls  %.1f s", fill,
		"########################", w - fill, "", (long long)done,
		(long long)total, now_s() - b->t0);
	if (b->runs > 1)
		fprintf(stderr, "  run %d of %d", b->run, b->runs);
	fputs("\033[K", stderr);
}

static void say_failures(const struct iol_rresult *r, const char *script);

/* The table or JSON, the failed calls, the profile; exit 1 when the
 * bytes or calls differ from the original's. */
static int report(struct run *x, const struct ropt *ro, const char *script)
{
	const struct iol_rresult *res = x->r;
	int rc;

	x->pace = ro->o.pace;
	rc = ro->fmt == FMT_JSON ? write_json(x, ro->outpath)
				 : print_table(x, ro->fmt, ro->outpath);
	say_failures(res, script);
	if (rc == EXIT_OK && ro->profile &&
	    profile_pdf(ro->profile, &res->porig, &res->prep, script,
			source_date(0)) < 0) {
		msg("cannot write '%s': %s", ro->profile, strerror(errno));
		rc = EXIT_DATA;
	}
	if (rc == EXIT_OK &&
	    (res->orig.bytes_read != res->rep.bytes_read ||
	     res->orig.bytes_written != res->rep.bytes_written ||
	     res->orig.ops != res->rep.ops))
		rc = EXIT_DATA;
	if (ro->o.keep)
		msg("run directory kept: %s", res->rundir);
	return rc;
}

/* ---- one or more runs ---- */

static void say_failures(const struct iol_rresult *r, const char *script)
{
	char e1[32], e2[32];
	size_t i;

	for (i = 0; i < r->nfail; i++) {
		const struct iol_rfail *f = &r->fail[i];

		msg("%s:%lld: section %lld: %s %s here%s%s; it %s in the "
		    "original",
		    script, (long long)f->line, (long long)f->rank,
		    iol_rop_name(f->op), f->err ? "failed" : "succeeded",
		    f->err ? " with " : "",
		    f->err ? iol_errno_name(f->err, e1, sizeof(e1)) : "",
		    f->orig_err > 0
			    ? iol_errno_name(f->orig_err, e2, sizeof(e2))
		    : f->orig_err ? "failed"
				  : "succeeded");
	}
	if (r->mismatched > (int64_t)r->nfail)
		msg("... and %lld more calls failed in one run only",
		    (long long)(r->mismatched - (int64_t)r->nfail));
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(double), cmpd);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The medians of the runs into res (kept: the first run's per-file
 * counts, failures and profile), their spread into spread[4][2]. */
static void medians(struct iol_rresult *res, double (*v)[4], size_t n,
		    double spread[4][2])
{
	double *col = xmalloc(n * sizeof(double));
	double *dst[4] = {&res->rep.run_s, &res->rep.read_s, &res->rep.write_s,
			  &res->rep.meta_s};
	size_t i, k;

	for (k = 0; k < 4; k++) {
		for (i = 0; i < n; i++)
			col[i] = v[i][k];
		*dst[k] = median(col, n);
		spread[k][0] = col[0];
		spread[k][1] = col[n - 1];
	}
	free(col);
}

static void say_stop(const char *script, const struct iol_rresult *res,
		     const struct iol_error *err, const struct ropt *ro)
{
	if (res->stopped)
		msg("replay of '%s' stopped by %s%s", script,
		    stop_sig == SIGTERM	  ? "SIGTERM"
		    : stop_sig == SIGHUP  ? "SIGHUP"
		    : stop_sig == SIGQUIT ? "SIGQUIT"
					  : "SIGINT",
		    ro->o.keep	   ? ""
		    : ro->runs > 1 ? "; its run directories are removed"
				   : "; its run directory is removed");
	else
		msg("replay of '%s' failed: %s", script, err->msg);
	if (res->cleanup[0])
		msg("warning: could not remove all of the run directory: %s",
		    res->cleanup);
	else if (ro->o.keep && res->rundir[0])
		msg("run directory kept: %s", res->rundir);
}

/* The run directories of repeated runs, removed after the last run
 * (engine.h: iol_replay_remove()), or before the next one when it would
 * not fit beside them. */
struct held {
	char (*dir)[4096];
	size_t n;
	int made; /* the first run made the sandbox */
};

static void hold(struct held *h, const struct iol_rresult *r)
{
	if (!r->rundir[0])
		return;
	h->made |= r->made_sandbox;
	memcpy(h->dir[h->n++], r->rundir, sizeof(h->dir[0]));
}

static void release(struct held *h, const struct ropt *ro, int last)
{
	char bad[256];
	size_t i;

	for (i = 0; i < h->n; i++)
		if (iol_replay_remove(&ro->o, h->dir[i], bad, sizeof(bad)))
			msg("warning: could not remove all of the run "
			    "directory: %s: %s",
			    bad, strerror(errno));
	h->n = 0;
	if (last && h->made)
		rmdir(ro->o.dir); /* when empty, as a single run does */
}

/* Run the replay ro->runs times; res holds the first run with the
 * medians of the times. */
static int run_all(const char *script, struct iol_rbin *b, struct ropt *ro,
		   struct iol_rresult *res, double spread[4][2])
{
	struct iol_error err = {0};
	struct iol_rresult more;
	struct bar bar = {now_s(), 1, (int)ro->runs};
	double(*v)[4] = xcalloc((size_t)ro->runs, sizeof(*v));
	struct held h = {NULL, 0, 0};
	int64_t i;
	int rc = 0, tty = isatty(2) && !ro->o.group;

	ro->o.progress = tty ? draw_bar : NULL;
	ro->o.pctx = &bar;
	/* member 0 of a group removes the run directory, as in one run */
	ro->o.hold = ro->runs > 1 && !ro->o.keep &&
		     (!ro->o.group || ro->o.group->me == 0);
	if (ro->o.hold)
		h.dir = xcalloc((size_t)ro->runs, sizeof(*h.dir));
	for (i = 0; i < ro->runs && rc == 0; i++) {
		struct iol_rresult *r = i ? &more : res;

		if (h.n && !iol_replay_room(&ro->o, res))
			release(&h, ro, 0);
		bar.run = (int)i + 1;
		rc = iol_replay_run(b, &ro->o, r, &err);
		if (ro->o.hold)
			hold(&h, r);
		if (tty)
			fputs("\r\033[K", stderr);
		if (rc < 0) {
			release(&h, ro, 1);
			say_stop(script, r, &err, ro);
			if (i)
				iol_rresult_release(&more);
			break;
		}
		v[i][0] = r->rep.run_s, v[i][1] = r->rep.read_s;
		v[i][2] = r->rep.write_s, v[i][3] = r->rep.meta_s;
		if (r->cleanup[0])
			msg("warning: could not remove all of the run "
			    "directory: %s",
			    r->cleanup);
		if (i)
			iol_rresult_release(&more);
	}
	release(&h, ro, 1);
	free(h.dir);
	if (rc == 0)
		medians(res, v, (size_t)ro->runs, spread);
	free(v);
	return rc;
}

static int replay(const char *script, struct ropt *ro)
{
	struct iol_rresult res;
	struct iol_rbin b;
	struct cache cache;
	struct run x = {script, &b, &res, 0, (int)ro->runs, {{0}}, ro->o.pace};
	const struct iol_rgroup *g = ro->o.group;
	int rc;

	memset(&cache, 0, sizeof(cache));
	memset(&res, 0, sizeof(res));
	rc = group_compiled(script, &b, &cache, &x.reused, ro);
	if (rc) {
		cache_done(&cache);
		return rc;
	}
	catch_signals();
	ro->o.stop = &stop_sig;
	rc = run_all(script, &b, ro, &res, x.spread);
	if (rc == IOL_ECORRUPT && x.reused && !g && !res.stopped) {
		/* a cache that does not check out: compile again, once */
		iol_rresult_release(&res);
		iol_rbin_release(&b);
		rc = compiled(script, &b, &cache, &x.reused, 1,
			      (size_t)ro->max_input);
		if (rc == 0)
			rc = run_all(script, &b, ro, &res, x.spread);
	}
	if (rc == 0 && g && g->me != 0) { /* member 0 reports */
		iol_rresult_release(&res);
		iol_rbin_release(&b);
		cache_done(&cache);
		return EXIT_OK;
	}
	if (rc == 0)
		rc = report(&x, ro, script);
	else
		rc = EXIT_DATA;
	iol_rresult_release(&res);
	iol_rbin_release(&b);
	cache_done(&cache);
	if (stop_sig) { /* as the signal would have ended it */
		struct rlimit nocore = {0, 0};

		/* SIGQUIT's status, without its core dump: the run was
		 * stopped and cleaned up, not broken */
		setrlimit(RLIMIT_CORE, &nocore);
		signal(stop_sig, SIG_DFL);
		raise(stop_sig);
	}
	return rc;
}

/* Under mpirun (make MPI=1, more than one process) the processes replay
 * the script together, one rank each where there are as many. */
static int replay_mpi(int argc, char **argv, struct ropt *ro)
{
	int rc;
#ifdef IOLENS_MPI
	struct iol_rgroup g;
	int rank = 0, size = 1;

	if (mpi_begin(&argc, &argv, &rank, &size)) {
		replay_mpi_group(&g, rank, size);
		ro->o.group = &g;
	}
#endif
	rc = replay(argv[argc - 1], ro);
#ifdef IOLENS_MPI
	ro->o.group = NULL;
	mpi_end();
#endif
	return rc;
}

int cmd_replay(int argc, char **argv)
{
	struct ropt ro;
	int rc;

	memset(&ro, 0, sizeof(ro));
	ro.runs = 1;
	ro.max_input = 1000000;
	rc = options(argc, argv, &ro);
	if (rc >= 0)
		return rc;
	if (ro.loop)
		return calibrate_loop(ro.loop);
	if (ro.calibrate) {
		if (optind < argc)
			return usage_error("--calibrate takes no script");
		return calibrate(ro.o.dir ? ro.o.dir : "/tmp");
	}
	if (optind != argc - 1)
		return usage_error(optind < argc ? "one script at a time"
						 : "no script given");
	parse_max_memory = ro.o.lim.max_memory > 0 ? (size_t)ro.o.lim.max_memory
						   : (size_t)2 << 30;
	if (!ro.o.dir)
		return usage_error("--dir names the sandbox the replay may "
				   "write in");
	if (geteuid() == 0 && !ro.allow_root) {
		msg("refusing to run as root without --allow-root");
		return EXIT_DATA;
	}
	return replay_mpi(argc, argv, &ro);
}
