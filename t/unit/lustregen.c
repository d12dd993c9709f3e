/*
 * lustregen: write a Darshan log of a job with LUSTRE records through
 * iolens' own writer (render/darshan-write.c), for the shell tests of
 * the OST analysis (t/7213): 64 processes, a run of 100 s, eight files
 * of 1 GiB written, file i alone on OST i (stripe size 1 MiB, width 1),
 * each written in 2 s, or in the time given for OST 5, or for every OST
 * with "all".  With "fpp": 64 files of 128 MiB, file i by rank i alone on
 * OST i mod 8, those on OST 5 written in the time given, the others in
 * 2 s (eight ranks slow in parallel: the time summed over them is not
 * a rank's).
 *
 *   lustregen OUT.darshan SECONDS [all|fpp]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters/counters.h"
#include "model/job.h"
#include "model/source.h"
#include "render/darshan-write.h"
#include "base/banned.h"

#define NF 64
#define GIB 1073741824.0

static char names[NF][64];
static struct iol_jrec rec[NF];
static int64_t ic[NF][IOL_POSIX_NINT];
static double fc[NF][IOL_POSIX_NFLT];
static struct iol_jlustre lu[NF];
static int64_t osts[NF];

/* record id i + 1 is file i */
static const char *name_of(const struct iol_job *job, uint64_t id)
{
	(void)job;
	return id >= 1 && id <= NF ? names[id - 1] : NULL;
}

static const struct iol_source src = {.name_of = name_of};

int main(int argc, char **argv)
{
	struct iol_job job;
	struct iol_error err = {0};
	double slow;
	int i, all, fpp, nf;

	if (argc < 3 || (slow = atof(argv[2])) <= 0) {
		fprintf(stderr, "usage: lustregen out.darshan seconds [all]\n");
		return 2;
	}
	all = argc > 3 && !strcmp(argv[3], "all");
	fpp = argc > 3 && !strcmp(argv[3], "fpp");
	nf = fpp ? NF : 8;
	memset(&job, 0, sizeof(job));
	job.src = &src;
	snprintf(job.source, sizeof(job.source), "lustregen");
	job.exe = "/apps/lustregen";
	job.nprocs = 64;
	job.jobid = 4242;
	job.start_sec = 1700000000;
	job.end_sec = job.start_sec + 99; /* Darshan's run: end - start + 1 */
	job.run_time = 100;
	job.mod[IOL_MOD_POSIX].present = job.mod[IOL_MOD_POSIX].loaded = 1;
	job.mod[IOL_MOD_POSIX].recs = rec;
	job.mod[IOL_MOD_POSIX].n = (size_t)nf;
	job.lustre = lu;
	job.nlustre = (size_t)nf;
	for (i = 0; i < nf; i++) {
		double t = all || i % 8 == 5 ? slow : 2;
		double b = fpp ? GIB / 8 : GIB;

		snprintf(names[i], sizeof(names[i]), "/lustre/scratch/out.%d",
			 i);
		rec[i].id = (uint64_t)i + 1;
		rec[i].rank = fpp ? i : -1;
		rec[i].ic = ic[i];
		rec[i].fc = fc[i];
		ic[i][POSIX_OPENS] = fpp ? 1 : 64;
		ic[i][POSIX_WRITES] = fpp ? 128 : 1024;
		ic[i][POSIX_BYTES_WRITTEN] = (int64_t)b;
		ic[i][POSIX_MAX_BYTE_WRITTEN] = (int64_t)b - 1;
		fc[i][POSIX_F_OPEN_START_TIMESTAMP] = 1;
		fc[i][POSIX_F_WRITE_START_TIMESTAMP] = 1;
		fc[i][POSIX_F_WRITE_END_TIMESTAMP] = 1 + t;
		fc[i][POSIX_F_CLOSE_END_TIMESTAMP] = 1 + t;
		fc[i][POSIX_F_WRITE_TIME] = t;
		osts[i] = i % 8;
		lu[i].id = rec[i].id;
		lu[i].stripe_size = 1048576;
		lu[i].stripe_count = 1;
		lu[i].nosts = 1;
		lu[i].osts = &osts[i];
	}
	if (iol_darshan_write(&job, argv[1], &err) < 0) {
		fprintf(stderr, "lustregen: %s\n", err.msg);
		return 1;
	}
	return 0;
}
