/*
 * jobrow-huge: job-row fields that add counters, of an in-memory job
 * whose counters are 5e18 (a damaged or hostile log's, t/7238): a POSIX
 * file read and written 5e18 B each, a STDIO file of 5e18 reads and
 * 5e18 writes.  Their sums saturate at INT64_MAX (they overflowed:
 * undefined, a negative count in practice).  Prints "name value" for
 * stdio_ops, all_bytes and top_file_bytes.
 */
#include <stdint.h>
#include <stdio.h>

#include "analysis/jobrow.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define HUGE 5000000000000000000
static const char *const names[] = {"/d/posix.dat", "/d/stdio.dat"};
static struct iol_jrec prec, srec;
static int64_t pic[IOL_POSIX_NINT], sic[IOL_STDIO_NINT];
static double pfc[IOL_POSIX_NFLT], sfc[IOL_STDIO_NFLT];

static void load(struct iol_job *job)
{
	memjob_init(job, names, 2, 1);
	memjob_rec(&prec, 1, 0, pic, pfc);
	pic[POSIX_OPENS] = pic[POSIX_READS] = pic[POSIX_WRITES] = 1;
	pic[POSIX_BYTES_READ] = pic[POSIX_BYTES_WRITTEN] = HUGE;
	pic[POSIX_MAX_BYTE_READ] = pic[POSIX_MAX_BYTE_WRITTEN] = HUGE;
	pfc[POSIX_F_READ_TIME] = pfc[POSIX_F_WRITE_TIME] = 1;
	memjob_rec(&srec, 2, 0, sic, sfc);
	sic[STDIO_OPENS] = 1;
	sic[STDIO_READS] = sic[STDIO_WRITES] = HUGE;
	sic[STDIO_BYTES_READ] = sic[STDIO_BYTES_WRITTEN] = 1;
	sic[STDIO_MAX_BYTE_READ] = sic[STDIO_MAX_BYTE_WRITTEN] = 0;
	sfc[STDIO_F_READ_TIME] = sfc[STDIO_F_WRITE_TIME] = 1;
	memjob_mod(job, IOL_MOD_POSIX, &prec, 1);
	memjob_mod(job, IOL_MOD_STDIO, &srec, 1);
}

int main(void)
{
	static const char *const want[] = {"stdio_ops", "all_bytes",
					   "top_file_bytes"};
	struct iol_job job;
	struct iol_summary s;
	struct iol_jobrow r = {"mem", &job, &s};
	struct iol_error err = {0};
	size_t i;

	load(&job);
	if (iol_summary_compute(&job, NULL, &s, &err) < 0) {
		fprintf(stderr, "jobrow-huge: %s\n", err.msg);
		return 1;
	}
	for (i = 0; i < sizeof(want) / sizeof(*want); i++) {
		const struct iol_field *f = iol_jobrow_field(want[i]);

		if (!f || !f->i64) {
			fprintf(stderr, "jobrow-huge: no field %s\n", want[i]);
			return 1;
		}
		printf("%s %lld\n", want[i], (long long)f->i64(&r));
	}
	return 0;
}
