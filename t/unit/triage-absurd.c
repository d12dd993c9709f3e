/*
 * triage-absurd: the rules over in-memory jobs whose counters are
 * absurd, as a damaged or hostile log's are (t/7438): every integer and
 * float counter of POSIX (four ranks' records of one file and a shared
 * record of another), MPI-IO, STDIO and HDF5 records drawn from values
 * no writer makes (negative, near INT64_MAX, NaN, infinities, 1e300) by
 * a fixed generator, seeds 1..n.  The decoders pass float counters as
 * the log holds them, so the rules must not print "nan" or "inf" in a
 * detail nor return a non-finite stake.  Prints one line a finding that
 * does, "seed code detail", and "checked N findings" at the end.
 *
 *   triage-absurd [n [first]]   (seeds first .. first + n - 1; first 1)
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define NP 5
static const char *const names[] = {"/lus/a/out.dat", "/lus/a/shared.h5",
				    "/home/u/log.txt"};
static struct iol_jrec prec[NP], mrec, srec, frec, drec;
static int64_t pic[NP][IOL_POSIX_NINT], mic[IOL_MPIIO_NINT],
	sic[IOL_STDIO_NINT], fic[IOL_H5F_NINT], dic[IOL_H5D_NINT];
static double pfc[NP][IOL_POSIX_NFLT], mfc[IOL_MPIIO_NFLT], sfc[IOL_STDIO_NFLT],
	ffc[IOL_H5F_NFLT], dfc[IOL_H5D_NFLT];
static uint64_t state;

/* xorshift64: the same draw on every machine */
static uint64_t draw(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static int64_t absurd_int(void)
{
	static const int64_t v[] = {0,	       1,	  -1, 4096, 1048576,
				    INT64_MAX, INT64_MIN, 7,  100,  1000000000};
	return v[draw() % (sizeof(v) / sizeof(v[0]))];
}

/* finite and within a billion seconds: the loader refuses a log with
 * a float counter that is not (t/7439) */
static double absurd_flt(void)
{
	static const double v[] = {0, 1e-9, 0.5, 3, 1e6, -1, -0.25, 9e8};

	return v[draw() % (sizeof(v) / sizeof(v[0]))];
}

static void fill(int64_t *ic, size_t ni, double *fc, size_t nf)
{
	size_t i;

	for (i = 0; i < ni; i++)
		ic[i] = absurd_int();
	for (i = 0; i < nf; i++)
		fc[i] = absurd_flt();
}

static void build(struct iol_job *job)
{
	int i;

	memjob_init(job, names, 3, 4);
	job->run_time = absurd_flt();
	for (i = 0; i < NP; i++) {
		memjob_rec(&prec[i], i < 4 ? 1 : 2, i < 4 ? i : -1, pic[i],
			   pfc[i]);
		fill(pic[i], IOL_POSIX_NINT, pfc[i], IOL_POSIX_NFLT);
	}
	memjob_rec(&mrec, 2, -1, mic, mfc);
	fill(mic, IOL_MPIIO_NINT, mfc, IOL_MPIIO_NFLT);
	memjob_rec(&srec, 3, 0, sic, sfc);
	fill(sic, IOL_STDIO_NINT, sfc, IOL_STDIO_NFLT);
	memjob_rec(&frec, 2, -1, fic, ffc);
	fill(fic, IOL_H5F_NINT, ffc, IOL_H5F_NFLT);
	memjob_rec(&drec, 2, -1, dic, dfc);
	fill(dic, IOL_H5D_NINT, dfc, IOL_H5D_NFLT);
	memjob_mod(job, IOL_MOD_POSIX, prec, NP);
	memjob_mod(job, IOL_MOD_MPIIO, &mrec, 1);
	memjob_mod(job, IOL_MOD_STDIO, &srec, 1);
	memjob_mod(job, IOL_MOD_H5F, &frec, 1);
	memjob_mod(job, IOL_MOD_H5D, &drec, 1);
}

static int is_lower(char ch)
{
	return ch >= 'a' && ch <= 'z';
}

/* "nan", "inf" or "infinity" as a word of s, as printf writes them */
static int has_nonfinite(const char *s)
{
	const char *p;
	size_t len;

	for (p = s; *p; p++) {
		if (p > s && is_lower(p[-1]))
			continue;
		len = !strncmp(p, "infinity", 8)		       ? 8
		      : !strncmp(p, "nan", 3) || !strncmp(p, "inf", 3) ? 3
								       : 0;
		if (len && !is_lower(p[len]))
			return 1;
	}
	return 0;
}

/* a run of more than 20 digits: no count or time a person reads (1e300
 * printed whole) */
static int has_long_number(const char *s)
{
	size_t run = 0;

	for (; *s; s++) {
		run = *s >= '0' && *s <= '9' ? run + 1 : 0;
		if (run > 20)
			return 1;
	}
	return 0;
}

static int one(unsigned seed, const struct iol_triage_conf *c, size_t *nf)
{
	struct iol_job job;
	struct iol_triage t;
	struct iol_error err = {0};
	size_t i;
	int bad = 0;

	state = 0x9e3779b97f4a7c15ULL * seed + 1;
	build(&job);
	if (iol_triage_run(&job, c, &t, &err) < 0)
		return 0; /* refused with a message: fine */
	for (i = 0; i < t.n; i++, (*nf)++) {
		/* NaN is "no stake"; an infinite one is not a figure */
		if (!has_nonfinite(t.f[i].detail) &&
		    !has_long_number(t.f[i].detail) && !isinf(t.f[i].stake))
			continue;
		printf("%u %s %g %s\n", seed, t.f[i].code, t.f[i].stake,
		       t.f[i].detail);
		bad = 1;
	}
	iol_triage_free(&t);
	return bad;
}

int main(int argc, char **argv)
{
	struct iol_triage_conf c;
	struct iol_error err = {0};
	unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 300, s;
	unsigned first = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 1;
	size_t nf = 0;
	int bad = 0;

	if (iol_triage_conf_parse(&c, NULL, &err) < 0) {
		fprintf(stderr, "triage-absurd: %s\n", err.msg);
		return 1;
	}
	for (s = first; s - first < n; s++)
		bad |= one(s, &c, &nf);
	printf("checked %zu findings\n", nf);
	return bad;
}
