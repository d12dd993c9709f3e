/*
 * context --fsload: one job of a population store in its parallel file
 * system's weather (population/fsweather.h), from server telemetry.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/popfs.h"
#include "cmd/util.h"
#include "population/fsstore.h"
#include "render/obuf.h"
#include "render/view.h"
#include "base/banned.h"

/* the telemetry: the recordings, or the store's around [s, e] */
static int fs_load(const char *const *recs, int nrecs, const char *db, double s,
		   double e, struct iol_fsmon *m, struct iol_error *err)
{
	int i, r = 0;

	if (!nrecs)
		return iol_fsstore_read(m, db, s, e, err);
	for (i = 0; i < nrecs && r == 0; i++)
		if ((r = iol_fsmon_read(m, recs[i], NULL, err)) < 0)
			return iol_error_set(
				err, r, "cannot read '%s': %s", recs[i],
				err->msg[0] ? err->msg : iol_strerror(r));
	return r;
}

int pop_fsweather(const char *const *recs, int nrecs, const char *db,
		  const struct iol_popjob *j, struct iol_fsjob *out)
{
	struct iol_fsmon m = {0};
	struct iol_fsload l = {0};
	struct iol_wjob wj = {0};
	struct iol_wjobs jobs = {&wj, 1};
	struct iol_fsjob *fj = NULL;
	struct iol_error err = {0};
	int r;

	wj.start = j->start_time;
	wj.end = j->end_time;
	wj.rbytes = j->bytes_read;
	wj.wbytes = j->bytes_written;
	wj.path = wj.app = wj.user = "";
	r = fs_load(recs, nrecs, db, wj.start, wj.end, &m, &err);
	if (r == 0)
		r = iol_fsload_compute(&m, NAN, NAN, 0, 0.05, 0.5, &l, &err);
	if (r == 0)
		r = iol_fsweather_compute(&m, &l, &jobs, &fj, &err);
	/* the store's own: none, or no byte series in the run, is no
	 * weather to show */
	if (r == IOL_EEMPTY && !nrecs)
		r = 1;
	else if (r < 0)
		msg("%s%s%s", nrecs ? "" : db, nrecs ? "" : ": ",
		    err.msg[0] ? err.msg : iol_strerror(r));
	if (r == 0)
		*out = fj[0];
	free(fj);
	iol_fsload_release(&l);
	iol_fsmon_release(&m);
	return r;
}

static const struct iol_col fs_cols[] = {
	{"log", "log", COL_PATH, 0, "the job's log"},
	{"inside_recording", "inside", COL_NUM, 0,
	 "1 when the run lies inside the recordings"},
	{"fs_bytes", "FS bytes", COL_NUM, 0,
	 "the file system's bytes while the job ran"},
	{"other_bytes", "other bytes", COL_NUM, 0,
	 "of them not the job's (< 0: the job says more)"},
	{"job_share_pct", "share %", COL_NUM, 0,
	 "the job's bytes over the file system's in its bins"},
	{"server_cpu_pct", "OSS CPU %", COL_NUM, 1,
	 "data servers' CPU, mean in the run"},
	{"mds_cpu_pct", "MDS CPU %", COL_NUM, 1,
	 "metadata servers' CPU, mean in the run"},
	{"md_ops", "MD ops", COL_NUM, 1, "metadata operations in the run"},
};
/* context's own: not in the registry until context's tables are views */
static const struct iol_view fs_view = IOL_VIEW("context", "fsload", fs_cols);

static void num(struct out *o, double v, int prec)
{
	if (isnan(v))
		out_null(o);
	else
		out_num(o, v, prec);
}

void pop_print_fsweather(struct out *o, const char *log,
			 const struct iol_fsjob *f)
{
	char a[32], b[32];

	if (o->fmt == FMT_TEXT) {
		out_text(o,
			 "\nFile-system weather (its servers while the job "
			 "ran%s)\n",
			 f->w.inside ? ""
				     : "; the run lies partly outside the "
				       "recordings");
		out_text(o,
			 "  file system  %s moved, %s of it other traffic; "
			 "the job %.1f %% of it\n",
			 fmt_bytes(a, sizeof(a), f->fs_bytes, BYTES_TEXT),
			 fmt_bytes(b, sizeof(b),
				   f->other_bytes > 0 ? f->other_bytes : 0,
				   BYTES_TEXT),
			 100 * f->w.share);
		out_text(o,
			 "  servers      OSS CPU %.1f %%, MDS CPU %.1f %%, "
			 "%.0f metadata operations\n",
			 f->cpu_mean, f->md_cpu_mean, f->md_ops);
		return;
	}
	out_view(o, &fs_view);
	out_str(o, log);
	out_int(o, f->w.inside);
	out_num(o, f->fs_bytes, 0);
	out_num(o, f->other_bytes, 0);
	num(o, 100 * f->w.share, 2);
	num(o, f->cpu_mean, 2);
	num(o, f->md_cpu_mean, 2);
	out_num(o, f->md_ops, 0);
	out_endrow(o);
	out_endtable(o);
}
