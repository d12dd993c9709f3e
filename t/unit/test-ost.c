/*
 * Unit tests of the OST analysis (lib/analysis/ostload.c) and its triage
 * rules (lib/analysis/triage-ost.c) on jobs made here: files of known
 * bytes and time on known OSTs, one OST ten times slower, a file striped
 * over four, a shared file on one OST.  TAP on stdout.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/ostload.h"
#include "analysis/triage.h"
#include "counters/counters.h"
#include "base/banned.h"

#define GIB 1073741824.0

static int n, failed;

static void ok(int cond, const char *what)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++n, what);
	failed += !cond;
}

struct jb {
	struct iol_job job;
	struct iol_jrec rec[16];
	int64_t ic[16][128];
	double fc[16][128];
	struct iol_jlustre lu[16];
	int64_t osts[16][8];
};

/* file id i: written bytes wb, write seconds t, on OSTs o[0..no) */
static void file(struct jb *j, double wb, double t, const int64_t *o, int no)
{
	size_t i = j->job.mod[IOL_MOD_POSIX].n++;

	j->rec[i].id = 100 + i;
	j->rec[i].rank = -1;
	j->rec[i].ic = j->ic[i];
	j->rec[i].fc = j->fc[i];
	j->ic[i][POSIX_BYTES_WRITTEN] = (int64_t)wb;
	j->fc[i][POSIX_F_WRITE_TIME] = t;
	j->lu[i].id = 100 + i;
	j->lu[i].stripe_size = 1048576;
	j->lu[i].stripe_count = no;
	j->lu[i].nosts = no;
	j->lu[i].osts = j->osts[i];
	memcpy(j->osts[i], o, sizeof(*o) * (size_t)no);
	j->job.nlustre = i + 1;
}

static void init(struct jb *j, int64_t nprocs)
{
	memset(j, 0, sizeof(*j));
	j->job.mod[IOL_MOD_POSIX].present = 1;
	j->job.mod[IOL_MOD_POSIX].loaded = 1;
	j->job.mod[IOL_MOD_POSIX].recs = j->rec;
	j->job.lustre = j->lu;
	j->job.nprocs = nprocs;
	j->job.run_time = 100;
}

static const struct iol_finding *find(const struct iol_triage *t,
				      const char *code)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->f[i].code, code))
			return &t->f[i];
	return NULL;
}

static void eight(struct jb *j, double slow_t)
{
	int64_t o;

	init(j, 64);
	for (o = 0; o < 8; o++)
		file(j, GIB, o == 5 ? slow_t : 2, &o, 1);
}

static void slow(const struct iol_triage_conf *c)
{
	static struct jb j;
	struct iol_triage t = {0};
	struct iol_ostload l;
	const struct iol_finding *f;

	eight(&j, 20);
	ok(iol_ostload_compute(&j.job, &l, NULL) == 0 && l.n == 8,
	   "8 files on 8 OSTs: 8 rows");
	ok(l.n == 8 && fabs(l.v[5].s_per_gib - 20) < 1e-9 &&
		   fabs(l.v[5].vs_median - 10) < 1e-9 &&
		   fabs(l.v[0].vs_median - 1) < 1e-9,
	   "OST 5: 20 s/GiB, 10 x the others' median; OST 0: 1 x");
	iol_ostload_free(&l);
	ok(iol_triage_ost(&j.job, c, &t, NULL) == 0 &&
		   (f = find(&t, "IOL-SLOW-OST")) != NULL,
	   "IOL-SLOW-OST found");
	f = find(&t, "IOL-SLOW-OST");
	ok(f && f->sev == IOL_SEV_WARN && fabs(f->value - 10) < 1e-9 &&
		   f->threshold == IOL_OST_SLOW_RATIO &&
		   fabs(f->stake - 18) < 1e-9 && fabs(f->stake_pct - 18) < 1e-9,
	   "slow OST: warn, 10 x against 4, 18 s at stake (18 % of the run)");
	ok(f && strstr(f->detail, "OST 5:") && strstr(f->rec, "centre"),
	   "slow OST: names OST 5, says to report it to the centre");
	ok(!find(&t, "IOL-FEW-OSTS"), "8 OSTs are not few");
	iol_triage_free(&t);

	eight(&j, 7.9); /* 3.95 x: under the threshold */
	ok(iol_triage_ost(&j.job, c, &t, NULL) == 0 && t.n == 0,
	   "3.95 x the median: no finding");
	iol_triage_free(&t);

	/* every OST equally slow (20 s/GiB, 10 x the OSTs above): a slow
	 * file system, or a slow job, is no one OST's */
	eight(&j, 20);
	for (int i = 0; i < 8; i++)
		j.fc[i][POSIX_F_WRITE_TIME] = 20;
	ok(iol_ostload_compute(&j.job, &l, NULL) == 0 && l.n == 8 &&
		   fabs(l.v[5].vs_median - 1) < 1e-9,
	   "all 8 OSTs at 20 s/GiB: each 1 x the median");
	iol_ostload_free(&l);
	ok(iol_triage_ost(&j.job, c, &t, NULL) == 0 &&
		   !find(&t, "IOL-SLOW-OST"),
	   "all OSTs equally slow: no slow OST");
	iol_triage_free(&t);
}

static void striped(void)
{
	static struct jb j;
	static const int64_t four[] = {0, 1, 2, 3};
	struct iol_ostload l;
	int64_t o = 1;

	init(&j, 4);
	file(&j, 4 * GIB, 8, four, 4);
	file(&j, GIB, 1, &o, 1);
	ok(iol_ostload_compute(&j.job, &l, NULL) == 0 && l.n == 4 &&
		   l.nfiles == 2 && l.nstriped == 1,
	   "a file over 4 OSTs and one on OST 1: 4 rows, 1 striped");
	ok(l.n == 4 && l.v[1].files == 2 && l.v[1].wbytes == 2 * GIB &&
		   l.v[1].time == 3 && l.v[0].wbytes == GIB && l.v[0].time == 2,
	   "a striped file's bytes and time shared evenly among its OSTs");
	iol_ostload_free(&l);
}

static void few(const struct iol_triage_conf *c)
{
	static struct jb j;
	struct iol_triage t = {0};
	const struct iol_finding *f;
	int64_t o = 3;

	init(&j, 64);
	file(&j, 4 * GIB, 40, &o, 1);
	ok(iol_triage_ost(&j.job, c, &t, NULL) == 0 &&
		   (f = find(&t, "IOL-FEW-OSTS")) != NULL,
	   "4 GiB of a shared file on one OST by 64 ranks: IOL-FEW-OSTS");
	f = find(&t, "IOL-FEW-OSTS");
	ok(f && f->value == 1 && f->threshold == IOL_OST_FEW_MAX &&
		   strstr(f->rec, "lfs setstripe -c"),
	   "few OSTs: 1 against 2, the fix is lfs setstripe -c");
	ok(!find(&t, "IOL-SLOW-OST"), "one OST: no pace to compare");
	iol_triage_free(&t);
	j.job.nprocs = 1;
	ok(iol_triage_ost(&j.job, c, &t, NULL) == 0 && t.n == 0,
	   "one process: not few");
	iol_triage_free(&t);
	j.job.nprocs = 64;
	j.ic[0][POSIX_BYTES_WRITTEN] = (int64_t)(GIB / 2);
	ok(iol_triage_ost(&j.job, c, &t, NULL) == 0 && t.n == 0,
	   "512 MiB: not much data");
	iol_triage_free(&t);
	j.job.nlustre = 0;
	ok(iol_triage_ost(&j.job, c, &t, NULL) == 0 && t.n == 0,
	   "no LUSTRE record: no finding");
	iol_triage_free(&t);
}

int main(void)
{
	struct iol_triage_conf c;

	if (iol_triage_conf_parse(&c, NULL, NULL) < 0)
		return 1;
	slow(&c);
	striped();
	few(&c);
	printf("1..%d\n", n);
	return failed != 0;
}
