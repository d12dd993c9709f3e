/*
 * sorted-once: every job-row field and the files written of an in-memory
 * job whose records come in no order of their ids (t/2010): a file's
 * records of several ranks apart from each other, files both POSIX's and
 * STDIO's, small files read and written.  With --cached the records are
 * extracted and sorted by id once first (iol_recx_cache: jm->byid), as
 * ingest does; without, each analysis sorts the ids itself.  Prints
 * "name<TAB>value" lines, numbers to the last bit (%a), and each
 * module's count of files (the report's, not a job-row field).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "analysis/metrics.h"
#include "analysis/written.h"
#include "counters/counters.h"
#include "model/job-int.h"
#include "t/unit/memjob.h"
#include "base/banned.h"

#define NP 7 /* POSIX records */
#define NS 5 /* STDIO records */

static const char *const names[] = {"/d/a.dat", "/d/b.dat", "/d/c.dat",
				    "/d/d.dat", "/d/e.dat", "/d/f.txt"};
static struct iol_jrec prec[NP], srec[NS];
static int64_t pic[NP][IOL_POSIX_NINT], sic[NS][IOL_STDIO_NINT];
static double pfc[NP][IOL_POSIX_NFLT], sfc[NS][IOL_STDIO_NFLT];

/* POSIX record i: file id, rank, small reads and writes of 10 B (none:
 * -1 as the highest byte), their seconds */
static void posix(int i, uint64_t id, int64_t rank, int64_t r, int64_t w,
		  double tr, double tw)
{
	memjob_rec(&prec[i], id, rank, pic[i], pfc[i]);
	pic[i][POSIX_OPENS] = 1;
	pic[i][POSIX_READS] = pic[i][POSIX_SIZE_READ_0_100] = r;
	pic[i][POSIX_WRITES] = pic[i][POSIX_SIZE_WRITE_0_100] = w;
	pic[i][POSIX_BYTES_READ] = 10 * r;
	pic[i][POSIX_BYTES_WRITTEN] = 10 * w;
	pic[i][POSIX_MAX_BYTE_READ] = r ? 10 * r * (int64_t)id - 1 : -1;
	pic[i][POSIX_MAX_BYTE_WRITTEN] = w ? 10 * w * (int64_t)id - 1 : -1;
	pfc[i][POSIX_F_READ_TIME] = tr;
	pfc[i][POSIX_F_WRITE_TIME] = tw;
	pfc[i][POSIX_F_META_TIME] = 0.01 * (double)(i + 1);
}

static void stdio(int i, uint64_t id, int64_t rank, int64_t r, int64_t w,
		  double tr, double tw)
{
	memjob_rec(&srec[i], id, rank, sic[i], sfc[i]);
	sic[i][STDIO_OPENS] = 1;
	sic[i][STDIO_READS] = r;
	sic[i][STDIO_WRITES] = w;
	sic[i][STDIO_BYTES_READ] = 100 * r;
	sic[i][STDIO_BYTES_WRITTEN] = 100000 * w;
	sic[i][STDIO_MAX_BYTE_READ] = r ? 100 * r - 1 : -1;
	sic[i][STDIO_MAX_BYTE_WRITTEN] = w ? 100000 * w - 1 : -1;
	sfc[i][STDIO_F_READ_TIME] = tr;
	sfc[i][STDIO_F_WRITE_TIME] = tw;
}

static void put(const struct iol_field *f, const struct iol_jobrow *r)
{
	char buf[256];
	const char *s;
	double d;

	switch (f->type) {
	case IOL_FT_STR:
		s = f->str(r, buf, sizeof(buf));
		printf("%s\t%s\n", f->name, s ? s : "-");
		break;
	case IOL_FT_NUM:
	case IOL_FT_TIME:
		d = f->num(r);
		printf(isnan(d) ? "%s\t-\n" : "%s\t%a\n", f->name, d);
		break;
	default: printf("%s\t%lld\n", f->name, (long long)f->i64(r));
	}
}

int main(int argc, char **argv)
{
	struct iol_job_priv priv;
	struct iol_job job;
	struct iol_summary s;
	struct iol_written w;
	struct iol_jobrow r = {.log = "memjob"};
	struct iol_error err = {0};
	const struct iol_field *f;
	size_t i, n;
	int cached = argc == 2 && !strcmp(argv[1], "--cached");

	memset(&priv, 0, sizeof(priv));
	memjob_init(&job, names, 6, 4);
	job.priv = &priv;
	posix(0, 5, 0, 3, 2, 0.1, 0.3);
	posix(1, 2, 1, 1, 0, 0.7, 0);
	posix(2, 5, 1, 2, 1, 0.2, 0.1);
	posix(3, 3, -1, 4, 4, 0.3, 0.9);
	posix(4, 2, 0, 0, 3, 0, 0.6);
	posix(5, 1, 2, 5, 0, 0.4, 0);
	posix(6, 4, 3, 1, 1, 0.05, 0.15);
	stdio(0, 6, 0, 0, 2, 0, 0.2);
	stdio(1, 2, -1, 2, 0, 0.05, 0);
	stdio(2, 5, 2, 3, 0, 0.3, 0);
	stdio(3, 1, 3, 0, 1, 0, 0.4);
	stdio(4, 3, 0, 0, 1, 0, 0.2);
	memjob_mod(&job, IOL_MOD_POSIX, prec, NP);
	memjob_mod(&job, IOL_MOD_STDIO, srec, NS);
	if ((cached && iol_recx_cache(&job) < 0) ||
	    iol_summary_compute(&job, NULL, &s, &err) < 0 ||
	    iol_written_compute(&job, &w, &err) < 0) {
		fprintf(stderr, "sorted-once: %s\n", err.msg);
		return 1;
	}
	printf("sorted\t%s\n", job.mod[IOL_MOD_POSIX].byid ? "once" : "each");
	r.job = &job;
	r.s = &s;
	f = iol_jobrow_fields_ext(&n);
	for (i = 0; i < n; i++)
		put(&f[i], &r);
	printf("posix_files\t%lld\nstdio_files\t%lld\n",
	       (long long)s.mod[IOL_MOD_POSIX].nfiles,
	       (long long)s.mod[IOL_MOD_STDIO].nfiles);
	printf("written_files\t%lld\n", (long long)w.files);
	for (i = 0; i < IOL_WCLASS_N; i++)
		printf("written_%s\t%lld\n", iol_wclass_names[i],
		       (long long)w.cls[i]);
	iol_arena_release(&priv.arena);
	return 0;
}
