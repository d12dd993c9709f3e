/*
 * cut-short: triage of in-memory jobs shaped as round 50's killed jobs
 * and two complete twins (t/7503, t/7504).  Prints each rule's code,
 * severity, stake and detail, tab-separated (t/unit/memtriage.h).
 *
 *   cut-short ckpt     r50-kill-ckpt: 4 ranks each write ck.N, killed
 *                      mid-write: no close, the last writes end at 12.98 s
 *                      of a logged 11.05 s (the epilog's whole-second end)
 *   cut-short py       r50-kill-py: one process appends rows.txt, killed:
 *                      no close, last write 0.257 s past 11.61 s; its
 *                      standard streams open, its script read and closed
 *   cut-short stdout   the checkpoint job that ended: files closed, its
 *                      <STDOUT> written to the last and never closed
 *   cut-short open     a job that leaves its 4 output files open to exit
 *                      (a Fortran unit never closed), logged to the whole
 *                      second (before 3.4.1): writes end 0.4 s before it
 */
#include <stdio.h>
#include <string.h>

#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "t/unit/memtriage.h"
#include "base/banned.h"

#define NF 5
static const char *names[NF] = {"/scratch/u/out/ck.0", "/scratch/u/out/ck.1",
				"/scratch/u/out/ck.2", "/scratch/u/out/ck.3",
				"<STDOUT>"};
static struct iol_jrec prec[4], srec[1];
static int64_t pic[4][IOL_POSIX_NINT], sic[IOL_STDIO_NINT];
static double pfc[4][IOL_POSIX_NFLT], sfc[IOL_STDIO_NFLT];

/* rank r's file: opened at 9.3 s, 359 writes of 64 KiB to wend, closed
 * at cend (0: never) */
static void ckpt_rec(int r, double wend, double cend)
{
	memjob_rec(&prec[r], (uint64_t)r + 1, r, pic[r], pfc[r]);
	pic[r][POSIX_OPENS] = 1;
	pic[r][POSIX_WRITES] = 359;
	pic[r][POSIX_BYTES_WRITTEN] = 359 * 65536;
	pic[r][POSIX_MAX_BYTE_WRITTEN] = 359 * 65536 - 1;
	pic[r][POSIX_SEQ_WRITES] = pic[r][POSIX_CONSEC_WRITES] = 358;
	pfc[r][POSIX_F_OPEN_START_TIMESTAMP] = 9.3;
	pfc[r][POSIX_F_OPEN_END_TIMESTAMP] = 9.4;
	pfc[r][POSIX_F_WRITE_START_TIMESTAMP] = 9.45;
	pfc[r][POSIX_F_WRITE_END_TIMESTAMP] = wend - 0.0005 * r;
	pfc[r][POSIX_F_CLOSE_START_TIMESTAMP] = cend > 0 ? cend - 0.001 : 0;
	pfc[r][POSIX_F_CLOSE_END_TIMESTAMP] = cend;
	pfc[r][POSIX_F_WRITE_TIME] = 3.52;
	pfc[r][POSIX_F_META_TIME] = 0.13;
}

/* <STDOUT> written through STDIO, never closed, last write at wend */
static void stdout_rec(double wend)
{
	memjob_rec(&srec[0], NF, 0, sic, sfc);
	sic[STDIO_OPENS] = 1;
	sic[STDIO_WRITES] = 12;
	sic[STDIO_BYTES_WRITTEN] = 700;
	sfc[STDIO_F_WRITE_START_TIMESTAMP] = 0.2;
	sfc[STDIO_F_WRITE_END_TIMESTAMP] = wend;
	sfc[STDIO_F_WRITE_TIME] = 0.0001;
}

static int job_ckpt(struct iol_job *job, double run, double wend, double cend)
{
	int r;

	for (r = 0; r < 4; r++)
		ckpt_rec(r, wend, cend);
	stdout_rec(run - 0.002);
	memjob_init(job, names, NF, 4);
	job->run_time = run;
	memjob_mod(job, IOL_MOD_POSIX, prec, 4);
	memjob_mod(job, IOL_MOD_STDIO, srec, 1);
	return 0;
}

/* r50-kill-py: rows.txt (59 writes) open to the kill; id 1 is its name */
static int job_py(struct iol_job *job)
{
	static const char *pn[2] = {"/home/u/run/out/rows.txt", "<STDOUT>"};

	memjob_rec(&prec[0], 1, -1, pic[0], pfc[0]);
	pic[0][POSIX_OPENS] = 1;
	pic[0][POSIX_WRITES] = 59;
	pic[0][POSIX_BYTES_WRITTEN] = 16048;
	pic[0][POSIX_MAX_BYTE_WRITTEN] = 16047;
	pfc[0][POSIX_F_OPEN_START_TIMESTAMP] = 0.372931;
	pfc[0][POSIX_F_OPEN_END_TIMESTAMP] = 0.372981;
	pfc[0][POSIX_F_WRITE_START_TIMESTAMP] = 0.556612;
	pfc[0][POSIX_F_WRITE_END_TIMESTAMP] = 11.871913;
	pfc[0][POSIX_F_WRITE_TIME] = 0.001035;
	memjob_rec(&prec[1], 2, -1, pic[1], pfc[1]);
	pic[1][POSIX_OPENS] = 1;
	pfc[1][POSIX_F_OPEN_START_TIMESTAMP] = 0.059607;
	pfc[1][POSIX_F_OPEN_END_TIMESTAMP] = 0.059607;
	memjob_init(job, pn, 2, 1);
	job->run_time = 11.614733;
	memjob_mod(job, IOL_MOD_POSIX, prec, 2);
	return 0;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	const char *k = argc > 1 ? argv[1] : "";

	if (!strcmp(k, "ckpt"))
		job_ckpt(&job, 11.050899, 12.98287, 0);
	else if (!strcmp(k, "py"))
		job_py(&job);
	else if (!strcmp(k, "stdout"))
		job_ckpt(&job, 13.2, 12.98287, 13.05);
	else if (!strcmp(k, "open"))
		job_ckpt(&job, 30, 29.6, 0);
	else {
		fprintf(stderr, "usage: cut-short ckpt|py|stdout|open\n");
		return 2;
	}
	return memjob_triage_print("cut-short", &job);
}
