/*
 * ost-huge-stripe: files --by ost's share of a file whose LUSTRE record
 * says a stripe of 2^62 B (a damaged or hostile log, t/7239): 100 B
 * written, on OST 7 alone.  Its 100 B are OST 7's; they were lost (the
 * last stripe's share 0: 2^62 - (2^62 - 100) is 0 in doubles).  Prints
 * "rows files wbytes" of the OST table.
 */
#include <stdio.h>

#include "analysis/ostload.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

static struct iol_jrec rec;
static int64_t ic[IOL_POSIX_NINT], ost = 7;
static double fc[IOL_POSIX_NFLT];
static struct iol_jlustre lu;

int main(void)
{
	struct iol_job job;
	struct iol_ostload l;
	struct iol_error err = {0};

	memjob_init(&job, NULL, 0, 1);
	memjob_rec(&rec, 1, -1, ic, fc);
	ic[POSIX_WRITES] = 1;
	ic[POSIX_BYTES_WRITTEN] = 100;
	ic[POSIX_MAX_BYTE_WRITTEN] = 99;
	ic[POSIX_MAX_BYTE_READ] = -1;
	fc[POSIX_F_WRITE_TIME] = 1;
	lu = (struct iol_jlustre){.id = 1,
				  .stripe_size = INT64_C(1) << 62,
				  .stripe_count = 1,
				  .nosts = 1,
				  .osts = &ost};
	memjob_mod(&job, IOL_MOD_POSIX, &rec, 1);
	job.lustre = &lu;
	job.nlustre = 1;
	if (iol_ostload_compute(&job, &l, &err) < 0) {
		fprintf(stderr, "ost-huge-stripe: %s\n", err.msg);
		return 1;
	}
	printf("%zu %g %g\n", l.n, l.n ? l.v[0].files : 0,
	       l.n ? l.v[0].wbytes : 0);
	iol_ostload_free(&l);
	return 0;
}
