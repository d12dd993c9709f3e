/*
 * reread-many: IOL-REDUNDANT's DXT re-read seconds (trireread.c) of an
 * in-memory job whose one DXT record holds N reads of 1 B each at
 * descending offsets (a hostile or a backwards reader's log: each read
 * lands before every span read so far), then, in mode "again", the same
 * N reads once more, each a re-read of 0.001 s.  Keeping a rank's spans
 * in a sorted array inserted each read at its front, moving all the
 * others (N = 2,000,000, IOL_TRIAGE_MAX_SEGS: 2e12 moves); the spans
 * must cost a log's time, not its square.  Prints the re-read seconds
 * and bytes ("nan" when DXT gives none).
 *
 *   reread-many N once|again
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

static const char *const names[] = {"/d/in.dat"};
static struct iol_jrec prec;
static int64_t pic[IOL_POSIX_NINT];
static double pfc[IOL_POSIX_NFLT];
static struct iol_jdxt dxt;
static long nseg, given;

static int segs_open(void **state, const struct iol_job *job, int which,
		     struct iol_error *err)
{
	(void)job, (void)which, (void)err;
	given = 0;
	*state = &given;
	return 0;
}

/* segment k of the 2 N: read k % N at offset N - 1 - k % N, at time k */
static long segs_next(void *state, struct iol_seg *segs, size_t max,
		      size_t *rec, int *is_read, struct iol_error *err)
{
	long all = (long)dxt.rcount, n = 0;

	(void)state, (void)err;
	for (; given < all && (size_t)n < max; given++, n++) {
		long k = given % nseg;

		segs[n] = (struct iol_seg){.off = nseg - 1 - k,
					   .len = 1,
					   .start = (double)given,
					   .end = (double)given + 0.001};
	}
	*rec = 0, *is_read = 1;
	return n;
}

static void segs_close(void *state)
{
	(void)state;
}

static const struct iol_source src = {.name_of = memjob_name_of,
				      .segs_open = segs_open,
				      .segs_next = segs_next,
				      .segs_close = segs_close};

int main(int argc, char **argv)
{
	struct iol_job job;
	double t, b, sh, rb;

	if (argc != 3 || (nseg = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: reread-many N once|again\n");
		return 2;
	}
	memjob_init(&job, names, 1, 1);
	job.src = &src;
	job.run_time = 1e7;
	dxt = (struct iol_jdxt){.id = 1, .rank = 0};
	dxt.rcount = strcmp(argv[2], "again") ? nseg : 2 * nseg;
	job.dxt[0] = &dxt;
	job.ndxt[0] = 1;
	job.nsegs[0] = (uint64_t)dxt.rcount;
	pic[POSIX_OPENS] = 1;
	pic[POSIX_READS] = dxt.rcount;
	pic[POSIX_BYTES_READ] = dxt.rcount;
	pic[POSIX_MAX_BYTE_READ] = nseg - 1;
	pfc[POSIX_F_READ_TIME] = 0.001 * (double)dxt.rcount;
	memjob_rec(&prec, 1, 0, pic, pfc);
	memjob_mod(&job, IOL_MOD_POSIX, &prec, 1);
	t = iol_triage_dxt_rereads(&job, &b, &sh, &rb);
	printf("rereads %.3f s %.0f B\n", t, b);
	return 0;
}
