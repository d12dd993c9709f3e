/*
 * pace-absurd: the best write pace (best_write_mibs) and RANK0-IO on
 * in-memory jobs whose counters no writer makes (issue 34's review of
 * rounds 39-46): 4 ranks, rank 0 alone writes two or three files through
 * POSIX, each a record of its own.  Modes:
 *   huge   4 EiB (2^62 B) and 1 MiB, each in 1 ns (the loader takes any
 *          finite time under a billion seconds, t/7439): some 4.4e21
 *          MiB/s, which RANK0-IO's detail names as the storage's pace
 *   id0    two files of 512 MiB in 4 s each whose ids are 0 and 1 (a
 *          damaged log's): the storage showed 128 MiB/s (t/7480's paced)
 *   denorm 1 MiB in 1e-320 s, and 1 MiB in 1 s and in 0.5 s: a pace
 *          beyond any double is no pace, the best is 2 MiB/s; prints
 *          best_write_mibs alone
 * Prints each rule's code, severity, stake and detail, tab-separated
 * (denorm: the one figure).
 *
 *   pace-absurd huge|id0|denorm
 */
#include <stdio.h>
#include <string.h>

#include "analysis/triage.h"
#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

static const char *names[3] = {"/scratch/u/out/one.dat",
			       "/scratch/u/out/two.dat",
			       "/scratch/u/out/three.dat"};
static struct iol_jrec rec[3];
static int64_t pic[3][IOL_POSIX_NINT];
static double pfc[3][IOL_POSIX_NFLT];

/* rank 0's record k of file id: n writes of bytes / n each, in secs */
static void posix_file(int k, uint64_t id, int64_t bytes, int64_t n,
		       double secs)
{
	int64_t *ic = pic[k];
	double *fc = pfc[k];

	memjob_rec(&rec[k], id, 0, ic, fc);
	ic[POSIX_OPENS] = 1;
	ic[POSIX_WRITES] = n;
	ic[bytes / n > 1073741824 ? POSIX_SIZE_WRITE_1G_PLUS
				  : POSIX_SIZE_WRITE_1M_4M] = n;
	ic[POSIX_BYTES_WRITTEN] = bytes;
	ic[POSIX_MAX_BYTE_WRITTEN] = bytes - 1;
	ic[POSIX_MAX_BYTE_READ] = -1;
	ic[POSIX_SEQ_WRITES] = ic[POSIX_CONSEC_WRITES] = n - 1;
	fc[POSIX_F_WRITE_TIME] = secs;
	fc[POSIX_F_META_TIME] = secs > 1e-6 ? 0.001 : 0;
}

static int best_only(const struct iol_job *job)
{
	struct iol_trifacts tf;
	struct iol_error err = {0};

	if (iol_trifacts_compute(job, &tf, &err) < 0) {
		fprintf(stderr, "pace-absurd: %s\n", err.msg);
		return 1;
	}
	printf("%g\n", tf.best_write_mibs);
	return 0;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *mode = argc > 1 ? argv[1] : "huge";

	memjob_init(&job, names, 3, 4);
	if (!strcmp(mode, "huge")) {
		posix_file(0, 1, INT64_C(1) << 62, 1, 1e-9);
		posix_file(1, 2, 1048576, 1, 1e-9);
	} else if (!strcmp(mode, "id0")) {
		posix_file(0, 0, INT64_C(512) << 20, 512, 4.0);
		posix_file(1, 1, INT64_C(512) << 20, 512, 4.0);
	} else if (!strcmp(mode, "denorm")) {
		posix_file(0, 1, 1048576, 1, 1e-320);
		posix_file(1, 2, 1048576, 1, 1.0);
		posix_file(2, 3, 1048576, 1, 0.5);
	} else {
		fprintf(stderr, "pace-absurd: unknown mode %s\n", mode);
		return 2;
	}
	if (!strcmp(mode, "denorm")) {
		memjob_mod(&job, IOL_MOD_POSIX, rec, 3);
		return best_only(&job);
	}
	memjob_mod(&job, IOL_MOD_POSIX, rec, 2);
	return memjob_triage_print_conf("pace-absurd", &job, NULL);
}
