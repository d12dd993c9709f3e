/*
 * iolens replay: run a replay script (made by iolens replay-script or by
 * hand) in a sandbox and compare the replay with the original, as
 * Pianola's table does: run time, cumulative read, write and metadata
 * time, bytes and calls.  Also --calibrate, which measures what strace
 * adds to each call on this machine, for replay-script to take off.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/replay-common.h"
#include "cmd/replay-mpi.h"
#ifdef IOLENS_MPI
#include "cmd/ingest.h" /* mpi_begin(), mpi_end() */
#endif
#include "cmd/util.h"
#include "render/profile.h"
#include "base/version.h"
#include "replay/engine.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens replay [--allow-root] [--as-fast-as-possible] "
	"[--format fmt]\n"
	"                     [--keep] [--profile file.pdf] --dir sandbox "
	"script\n"
	"       iolens replay --calibrate [--dir dir]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	fputs("\nReplay the I/O calls of a replay script in a new directory "
	      "inside the\n"
	      "sandbox, one process per rank, each call at its time, and "
	      "compare the\n"
	      "replay with the original.  The script is compiled to a "
	      "compressed binary\n"
	      "form cached beside it.\n\n"
	      "  --allow-root            run even as root (the sandbox still "
	      "holds)\n"
	      "  --as-fast-as-possible   leave out the compute gaps\n"
	      "  --calibrate             measure strace's overhead per call "
	      "and store it\n"
	      "  --dir sandbox           where the replay may write "
	      "(required)\n"
	      "  --format fmt            text (default), csv, tsv or json\n"
	      "  --keep                  keep the run directory\n"
	      "  --profile file.pdf      cumulative I/O time against elapsed "
	      "time\n"
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

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void json_num(double v)
{
	char b[40];

	if (!isfinite(v)) {
		fputs("null", stdout);
		return;
	}
	fmt_double(b, sizeof(b), v);
	fputs(b, stdout);
}

static void json_totals(const char *name, const struct iol_rtotals *t)
{
	printf("\"%s\":{\"run_s\":", name);
	json_num(t->run_s);
	fputs(",\"read_s\":", stdout);
	json_num(t->read_s);
	fputs(",\"write_s\":", stdout);
	json_num(t->write_s);
	fputs(",\"meta_s\":", stdout);
	json_num(t->meta_s);
	printf(",\"bytes_read\":%lld,\"bytes_written\":%lld,\"ops\":%lld}",
	       (long long)t->bytes_read, (long long)t->bytes_written,
	       (long long)t->ops);
}

struct run {
	const char *script;
	const struct iol_rbin *b;
	const struct iol_rresult *r;
	int reused;
};

static void json_files(const struct run *x)
{
	size_t i;
	int first = 1;

	fputs(",\"files\":[", stdout);
	for (i = 1; i < x->b->s.nstr; i++) {
		const int64_t *o = x->b->per_file[i], *p = x->r->rep_file[i];

		if (!o[2] && !p[2])
			continue;
		printf("%s{\"path\":", first ? "" : ",");
		json_str(iol_rscript_s(&x->b->s, (uint32_t)i));
		printf(",\"original\":{\"bytes_read\":%lld,\"bytes_written\":"
		       "%lld,\"ops\":%lld},\"replay\":{\"bytes_read\":%lld,"
		       "\"bytes_written\":%lld,\"ops\":%lld}}",
		       (long long)o[0], (long long)o[1], (long long)o[2],
		       (long long)p[0], (long long)p[1], (long long)p[2]);
		first = 0;
	}
	fputs("]", stdout);
}

static void print_json(const struct run *x)
{
	const struct iol_rresult *r = x->r;

	fputs("{\"script\":", stdout);
	json_str(x->script);
	printf(",\"compiled\":\"%s\",\"ranks\":%zu,",
	       x->reused ? "reused" : "written", x->b->s.nrank);
	json_totals("original", &r->orig);
	fputs(",", stdout);
	json_totals("replay", &r->rep);
	fputs(",\"ratio\":{\"run\":", stdout);
	json_num(ratio(r->rep.run_s, r->orig.run_s));
	fputs(",\"read\":", stdout);
	json_num(ratio(r->rep.read_s, r->orig.read_s));
	fputs(",\"write\":", stdout);
	json_num(ratio(r->rep.write_s, r->orig.write_s));
	fputs(",\"meta\":", stdout);
	json_num(ratio(r->rep.meta_s, r->orig.meta_s));
	fputs("},\"overhead_s\":", stdout);
	json_num(x->b->s.overhead);
	fputs(",\"dur_overhead_s\":", stdout);
	json_num(x->b->s.duroverhead);
	printf(",\"mismatched\":%lld,\"waits\":%lld,\"waits_given_up\":%lld,"
	       "\"max_late_s\":",
	       (long long)r->mismatched, (long long)r->waits,
	       (long long)r->broken);
	json_num(r->max_late);
	fputs(",\"inflate_s\":", stdout);
	json_num(r->inflate_s);
	json_files(x);
	fputs("}\n", stdout);
}

static void row(struct out *o, const char *m, double a, double b, int isint)
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
	out_endrow(o);
}

static int print_table(const struct run *x, int fmt)
{
	static const char *const cols[] = {"measure", "original", "replay",
					   "ratio"};
	const struct iol_rtotals *o = &x->r->orig, *p = &x->r->rep;
	const struct iol_rscript *s = &x->b->s;
	struct out out;
	char hb[32];

	if (cmd_out_open(&out, NULL, fmt) < 0)
		return EXIT_DATA;
	out_text(&out,
		 "replay of '%s': %zu section%s, %zu input%s staged (%s), "
		 "compiled form %s\n\n",
		 x->script, s->nrank, s->nrank == 1 ? "" : "s", x->r->ninputs,
		 x->r->ninputs == 1 ? "" : "s",
		 fmt_bytes(hb, sizeof(hb), (double)x->r->staged_bytes,
			   BYTES_TEXT),
		 x->reused ? "reused" : "written");
	out_table(&out, cols, 4);
	/* people read labels; pipes get the JSON keys */
	row(&out, fmt ? "run_s" : "run time s", o->run_s, p->run_s, 0);
	row(&out, fmt ? "read_s" : "read time s", o->read_s, p->read_s, 0);
	row(&out, fmt ? "write_s" : "write time s", o->write_s, p->write_s, 0);
	row(&out, fmt ? "meta_s" : "metadata time s", o->meta_s, p->meta_s, 0);
	row(&out, fmt ? "bytes_read" : "bytes read", (double)o->bytes_read,
	    (double)p->bytes_read, 1);
	row(&out, fmt ? "bytes_written" : "bytes written",
	    (double)o->bytes_written, (double)p->bytes_written, 1);
	row(&out, fmt ? "ops" : "calls", (double)o->ops, (double)p->ops, 1);
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
		s->overhead_from[0] ? s->overhead_from : "none");
	if (x->r->waits)
		out_text(&out,
			 "waits for other sections: %lld, %lld given up\n",
			 (long long)x->r->waits, (long long)x->r->broken);
	return cmd_out_close(&out, 1) < 0 ? EXIT_DATA : EXIT_OK;
}

static int read_all(const char *path, char **buf, size_t *n)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 65536, k;

	if (!f)
		return -1;
	*buf = xmalloc(cap);
	*n = 0;
	while ((k = fread(*buf + *n, 1, cap - *n, f)) > 0) {
		*n += k;
		if (*n == cap)
			*buf = xrealloc(*buf, cap *= 2);
	}
	k = (size_t)ferror(f);
	fclose(f);
	return k ? -1 : 0;
}

/* The compiled form of the script at path, reused when its digest
 * matches, else compiled now.  Prints its own messages. */
static int compiled(const char *path, struct iol_rbin *b, char *bp, size_t n,
		    int *reused, int force)
{
	struct iol_error err = {0};
	struct iol_rscript s;
	uint64_t dg;
	size_t len;
	char *buf;
	int rc;

	if (read_all(path, &buf, &len) < 0) {
		msg("cannot open '%s': %s", path, strerror(errno));
		return EXIT_DATA;
	}
	dg = iol_rscript_digest(buf, len);
	iol_rbin_path(bp, n, path, dg);
	*reused = !force && iol_rbin_load(b, bp, dg, NULL) == 0;
	if (*reused) {
		free(buf);
		return EXIT_OK;
	}
	iol_rscript_init(&s);
	rc = iol_rscript_parse(&s, buf, len, &err);
	free(buf);
	if (rc == 0)
		rc = iol_rbin_write(&s, bp, &err);
	if (rc == 0)
		rc = iol_rbin_load(b, bp, s.digest, &err);
	iol_rscript_release(&s);
	if (rc < 0) {
		msg("'%s': %s", path, err.msg[0] ? err.msg : iol_strerror(rc));
		return EXIT_DATA;
	}
	return EXIT_OK;
}

struct ropt {
	struct iol_ropts o;
	int allow_root, calibrate, fmt;
	const char *profile, *loop;
};

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
		{"profile", required_argument, NULL, 'p'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'R': r->allow_root = 1; break;
		case 'A': r->o.afap = 1; break;
		case 'C': r->calibrate = 1; break;
		case 'L': r->loop = optarg; break;
		case 'd': r->o.dir = optarg; break;
		case 'f':
			r->fmt = fmt_parse(optarg);
			if (r->fmt < 0)
				return usage_error("unknown format '%s' (text, "
						   "csv, tsv, json)",
						   optarg);
			break;
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
	return -1;
}

/* The compiled form; in a group member 0 compiles it and the others
 * then load what it wrote. */
static int group_compiled(const char *script, struct iol_rbin *b, char *bp,
			  size_t n, int *reused, const struct iol_rgroup *g)
{
	int32_t rc = EXIT_OK;

	if (!g || g->me == 0)
		rc = compiled(script, b, bp, n, reused, 0);
	if (!g)
		return rc;
	if (g->bcast(g->ctx, &rc, sizeof(rc)) || rc)
		return rc ? rc : EXIT_DATA;
	return g->me == 0 ? rc : compiled(script, b, bp, n, reused, 0);
}

static int replay(const char *script, struct ropt *ro)
{
	struct iol_error err = {0};
	struct iol_rresult res;
	struct iol_rbin b;
	char bp[4200];
	struct run x = {script, &b, &res, 0};
	const struct iol_rgroup *g = ro->o.group;
	int rc = group_compiled(script, &b, bp, sizeof(bp), &x.reused, g);

	if (rc)
		return rc;
	rc = iol_replay_run(&b, bp, &ro->o, &res, &err);
	if (rc == 0 && g && g->me != 0) { /* member 0 reports */
		iol_rresult_release(&res);
		iol_rbin_release(&b);
		return EXIT_OK;
	}
	if (rc == IOL_ECORRUPT && x.reused && !g) {
		/* a damaged cache: compile the script again, once */
		iol_rresult_release(&res);
		iol_rbin_release(&b);
		rc = compiled(script, &b, bp, sizeof(bp), &x.reused, 1);
		if (rc)
			return rc;
		rc = iol_replay_run(&b, bp, &ro->o, &res, &err);
	}
	if (rc < 0) {
		msg("replay of '%s' failed: %s", script, err.msg);
		if (ro->o.keep && res.rundir[0])
			msg("run directory kept: %s", res.rundir);
		iol_rresult_release(&res);
		iol_rbin_release(&b);
		return EXIT_DATA;
	}
	rc = ro->fmt == FMT_JSON ? (print_json(&x), EXIT_OK)
				 : print_table(&x, ro->fmt);
	if (rc == EXIT_OK && ro->profile &&
	    profile_pdf(ro->profile, &res.porig, &res.prep, script,
			source_date(0)) < 0) {
		msg("cannot write '%s': %s", ro->profile, strerror(errno));
		rc = EXIT_DATA;
	}
	if (rc == EXIT_OK && (res.orig.bytes_read != res.rep.bytes_read ||
			      res.orig.bytes_written != res.rep.bytes_written ||
			      res.orig.ops != res.rep.ops))
		rc = EXIT_DATA;
	if (ro->o.keep)
		msg("run directory kept: %s", res.rundir);
	iol_rresult_release(&res);
	iol_rbin_release(&b);
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
	if (!ro.o.dir)
		return usage_error("--dir names the sandbox the replay may "
				   "write in");
	if (geteuid() == 0 && !ro.allow_root) {
		msg("refusing to run as root without --allow-root");
		return EXIT_DATA;
	}
	return replay_mpi(argc, argv, &ro);
}
