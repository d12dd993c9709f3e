/*
 * hand-aggr: triage of an in-memory job of 8 ranks, a 20 s run, whose
 * one shared file MPI-IO did not drive (issue 34, round 113): 48 MiB
 * written in 4 MiB calls through POSIX.  Modes:
 *   agg     two-phase by hand: ranks 0 and 4 write 24 MiB each in
 *           3.6 and 3.5 s, the other 6 only open the file (0.0001 s):
 *           aggregation, no imbalance
 *   uneven  2 movers again, but rank 0 writes 36 MiB in 5.4 s and rank
 *           4 12 MiB in 1.8 s: an imbalance among the movers
 *   slow    4 movers of 12 MiB each, rank 2 in 6 s, the others 2 s: a
 *           lone slow mover, a straggler
 *   all     every rank writes 6 MiB, rank 2 in 3 s, the others 1 s: the
 *           plain straggler, judged over all 8 ranks as before
 * Prints each rule's code, severity, stake and detail, tab-separated.
 *
 *   hand-aggr agg|uneven|slow|all
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define MIB 1048576LL

static const char *names[1] = {"/scratch/u/out/tp.dat"};
static struct iol_jrec prec[1];
static int64_t pic[IOL_POSIX_NINT];
static double pfc[IOL_POSIX_NFLT];

/* one mode's ranks: movers' bytes (MiB) and times, the slowest first;
 * the other ranks only open the file */
struct shape {
	const char *mode;
	int movers;
	double mib[8], secs[8];
};

static const struct shape shapes[] = {
	{"agg", 2, {24, 24}, {3.6, 3.5}},
	{"uneven", 2, {36, 12}, {5.4, 1.8}},
	{"slow", 4, {12, 12, 12, 12}, {6, 2, 2, 2}},
	{"all", 8, {6, 6, 6, 6, 6, 6, 6, 6}, {3, 1, 1, 1, 1, 1, 1, 1}},
};

/* E[x^2] - mean^2 of the 8 ranks' bytes, as Darshan reduces them */
static double variance(const struct shape *s)
{
	double x2 = 0;
	int i;

	for (i = 0; i < s->movers; i++)
		x2 += s->mib[i] * s->mib[i];
	return (x2 / 8 - 6.0 * 6.0) * (double)MIB * (double)MIB;
}

static void posix_rec(const struct shape *s)
{
	double t = 0, open = 0.0001;
	int i;

	for (i = 0; i < s->movers; i++)
		t += s->secs[i];
	memjob_rec(&prec[0], 1, -1, pic, pfc);
	pic[POSIX_OPENS] = 8;
	pic[POSIX_WRITES] = 12;
	pic[POSIX_SIZE_WRITE_1M_4M] = 12;
	pic[POSIX_BYTES_WRITTEN] = 48 * MIB;
	pic[POSIX_MAX_BYTE_WRITTEN] = 48 * MIB - 1;
	pic[POSIX_MAX_BYTE_READ] = -1;
	pic[POSIX_SEQ_WRITES] = pic[POSIX_CONSEC_WRITES] = 11;
	pic[POSIX_MAX_WRITE_TIME_SIZE] = 4 * MIB;
	pic[POSIX_SLOWEST_RANK] = s->movers == 2 ? 0 : 2;
	pic[POSIX_SLOWEST_RANK_BYTES] = (int64_t)(s->mib[0] * (double)MIB);
	pic[POSIX_FASTEST_RANK] = s->movers == 8 ? 1 : 7;
	pic[POSIX_FASTEST_RANK_BYTES] =
		s->movers == 8 ? (int64_t)(s->mib[1] * (double)MIB) : 0;
	pfc[POSIX_F_WRITE_TIME] = t;
	pfc[POSIX_F_META_TIME] = (8 - s->movers) * open;
	pfc[POSIX_F_MAX_WRITE_TIME] = s->secs[0] / 4;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = s->secs[0];
	pfc[POSIX_F_FASTEST_RANK_TIME] = s->movers == 8 ? s->secs[1] : open;
	pfc[POSIX_F_VARIANCE_RANK_BYTES] = variance(s);
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "agg";
	size_t i;

	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		if (!strcmp(mode, shapes[i].mode))
			break;
	if (i == sizeof(shapes) / sizeof(shapes[0])) {
		fprintf(stderr, "hand-aggr: unknown mode %s\n", mode);
		return 2;
	}
	memjob_init(&job, names, 1, 8);
	job.run_time = 20;
	posix_rec(&shapes[i]);
	memjob_mod(&job, IOL_MOD_POSIX, prec, 1);
	return memjob_triage_print_conf("hand-aggr", &job, NULL);
}
