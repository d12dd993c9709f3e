/*
 * What strace adds to each traced call on this machine (calibrate.h):
 * measured by running a loop of calls untraced and under strace, kept in
 * the user's cache for replay-script to take off.  Owner: lib/replay.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "replay/calibrate.h"
#include "analysis/blocks.h"
#include "base/error.h"
#include "base/banned.h"

int iol_replay_overhead_path(char *buf, size_t n)
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

int iol_replay_overhead_load(double *gap, double *dur)
{
	char p[4096];
	FILE *f;
	int ok;

	if (iol_replay_overhead_path(p, sizeof(p)) < 0 || !(f = fopen(p, "r")))
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

int iol_replay_overhead_of(const char *source, double *dur)
{
	double gap;

	*dur = 0;
	/* iolens trace times the call alone, inside its wrapper; strace's
	 * -T durations hold its own stops around each call */
	if (strcmp(source, "strace"))
		return 0;
	return iol_replay_overhead_load(&gap, dur) == 0 ? 1 : -1;
}

int iol_replay_blocks_sort(const char *source, int stacks, int *sort,
			   double *dur)
{
	int r = stacks ? iol_replay_overhead_of(source, dur) : 0;

	if (r >= 0 || (*sort >= 0 && *sort != IOL_BSORT_TIME)) {
		if (*sort < 0)
			*sort = IOL_BSORT_TIME;
		return r > 0;
	}
	if (*sort == IOL_BSORT_TIME)
		return IOL_EINVAL;
	*sort = IOL_BSORT_BYTES;
	return 2;
}

int iol_replay_overhead_save(double gap, double dur, char *p, size_t n)
{
	char d[4096];
	FILE *f;

	if (iol_replay_overhead_path(p, n) < 0)
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

#define CAL_CALLS (4 * IOL_CAL_ROUNDS)

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

int iol_replay_calibrate(const char *self, const char *dir,
			 struct iol_rcalib *c)
{
	double a[5], b[5], d[5], per, dur;
	int k;

	for (k = 0; k < 5; k++)
		if (calibrate_once((char *)self, dir, &a[k], &b[k], &d[k]) < 0)
			return -1;
	qsort(a, 5, sizeof(double), cmpd);
	qsort(b, 5, sizeof(double), cmpd);
	qsort(d, 5, sizeof(double), cmpd);
	per = (b[2] - a[2]) / CAL_CALLS;
	dur = d[2] - a[2] / CAL_CALLS;
	dur = dur < 0 ? 0 : dur > per ? per : dur;
	c->gap = per < dur ? 0 : per - dur;
	c->dur = dur;
	c->calls = CAL_CALLS;
	c->untraced = a[2];
	c->traced = b[2];
	return 0;
}
