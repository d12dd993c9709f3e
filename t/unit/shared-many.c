/*
 * shared-many: triage of an in-memory job of N shared POSIX records of
 * 1 MiB that rank 0 alone read (as r49-graph-root's input, N files) and
 * N shared MPI-IO records, of other files (mode "other") or of the same
 * (mode "same").  Each shared record asks for its file's other layer's
 * record, which must cost a lookup, not a pass over every record
 * (N = 300000: 9e10 comparisons):
 *   funnel   MPI-IO records of 1 MiB rank 1 alone moved by independent
 *            reads: the summary's funnel_rank (issue 34, round 49);
 *            prints RANK0-IO's line
 *   coll     MPI-IO records of 1 MiB less a byte read by collective
 *            calls, rank 1 the slowest: net_aggregation (trifacts.c,
 *            round 52); prints each finding's code and severity
 *   collmib  the same of 1 MiB: tricoll.c's posix_secs too
 * Prints the number of findings first.
 *
 *   shared-many N other|same funnel|coll|collmib
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "counters/counters.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

static int64_t pic[IOL_POSIX_NINT], mic[IOL_MPIIO_NINT];
static double pfc[IOL_POSIX_NFLT], mfc[IOL_MPIIO_NFLT];

static void posix_counters(void)
{
	pic[POSIX_OPENS] = 4;
	pic[POSIX_READS] = 1;
	pic[POSIX_SIZE_READ_1M_4M] = 1;
	pic[POSIX_BYTES_READ] = 1048576;
	pic[POSIX_MAX_BYTE_READ] = 1048575;
	pic[POSIX_MAX_BYTE_WRITTEN] = -1;
	pic[POSIX_SLOWEST_RANK] = 0;
	pic[POSIX_SLOWEST_RANK_BYTES] = 1048576;
	pic[POSIX_FASTEST_RANK] = 1;
	pic[POSIX_FASTEST_RANK_BYTES] = 0;
	pfc[POSIX_F_READ_TIME] = 0.001;
	pfc[POSIX_F_SLOWEST_RANK_TIME] = 0.001;
}

int main(int argc, char **argv)
{
	struct iol_job job;
	struct iol_triage_conf c;
	struct iol_triage t;
	struct iol_error err = {0};
	long n = argc > 2 ? strtol(argv[1], NULL, 10) : 0;
	struct iol_jrec *p, *m;
	size_t i;
	uint64_t same;

	const char *mode = argc > 3 ? argv[3] : "";
	int funnel = !strcmp(mode, "funnel");

	if (n < 1 || n > 10000000 ||
	    (strcmp(argv[2], "other") && strcmp(argv[2], "same")) ||
	    (!funnel && strcmp(mode, "coll") && strcmp(mode, "collmib"))) {
		fprintf(stderr, "shared-many: N from 1 to 10000000, other or "
				"same, funnel, coll or collmib\n");
		return 2;
	}
	same = !strcmp(argv[2], "same");
	p = calloc((size_t)n, sizeof(*p));
	m = calloc((size_t)n, sizeof(*m));
	if (!p || !m)
		return 1;
	posix_counters();
	mic[MPIIO_COLL_OPENS] = 4;
	mic[funnel ? MPIIO_INDEP_READS : MPIIO_COLL_READS] = 1;
	mic[MPIIO_BYTES_READ] = strcmp(mode, "coll") ? 1048576 : 1048575;
	mic[MPIIO_SLOWEST_RANK] = 1;
	mic[MPIIO_SLOWEST_RANK_BYTES] = 1048576;
	mic[MPIIO_FASTEST_RANK_BYTES] = 0;
	mfc[MPIIO_F_READ_TIME] = 0.001;
	memjob_init(&job, NULL, 0, 4);
	for (i = 0; i < (size_t)n; i++) {
		memjob_rec(&p[i], i + 1, -1, pic, pfc);
		memjob_rec(&m[i], (same ? 0 : (uint64_t)n) + i + 1, -1, mic,
			   mfc);
	}
	memjob_mod(&job, IOL_MOD_POSIX, p, (size_t)n);
	memjob_mod(&job, IOL_MOD_MPIIO, m, (size_t)n);
	if (iol_triage_conf_parse(&c, NULL, &err) < 0 ||
	    iol_triage_run(&job, &c, &t, &err) < 0) {
		fprintf(stderr, "shared-many: %s\n", err.msg);
		return 1;
	}
	printf("%zu findings\n", t.n);
	for (i = 0; i < t.n; i++) {
		if (!funnel)
			printf("%s\t%s\n", t.f[i].code,
			       iol_sev_names[t.f[i].sev]);
		else if (!strcmp(t.f[i].code, "IOL-RANK0-IO"))
			printf("%s\t%s\t%s\n", t.f[i].code,
			       iol_sev_names[t.f[i].sev], t.f[i].detail);
	}
	iol_triage_free(&t);
	free(p);
	free(m);
	return 0;
}
