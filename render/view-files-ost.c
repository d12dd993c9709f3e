/*
 * The view of iolens files --by ost: a job's bytes and time per Lustre
 * OST, from its log's LUSTRE and POSIX records.
 */
#include <math.h>

#include "render/view-files-ost.h"
#include "base/banned.h"

static const struct iol_col ost_cols[] = {
	{"log", "log", COL_PATH, 0, "the log (machine formats only)"},
	{"ost", "OST", COL_NUM, 0, "the OST's index"},
	{"files", "files", COL_NUM, 0,
	 "files on it (a striped file counts on each of its OSTs)"},
	{"bytes_read", "read", COL_NUM, 0,
	 "bytes read, each file's shared evenly among its OSTs"},
	{"bytes_written", "written", COL_NUM, 0, "bytes written, the same"},
	{"time_s", "time s", COL_NUM, 0,
	 "POSIX read and write seconds (all ranks), by the same shares"},
	{"s_per_gib", "s/GiB", COL_NUM, 1, "time per GiB; empty under 64 MiB"},
	{"vs_median", "x median", COL_NUM, 1,
	 "s_per_gib over the median of the job's other OSTs"},
};
const struct iol_view iol_view_files_by_ost =
	IOL_VIEW("files", "by-ost", ost_cols);
/* text: a titled table per log, without the log column */
static const struct iol_view by_ost_text = {
	"files", "by-ost", ost_cols + 1,
	(int)(sizeof(ost_cols) / sizeof(ost_cols[0])) - 1};

static void num(struct out *o, double v, int prec)
{
	if (isnan(v))
		out_null(o);
	else
		out_num(o, v, prec);
}

void files_by_ost_start(struct out *o)
{
	out_view(o, o->fmt == FMT_TEXT ? &by_ost_text : &iol_view_files_by_ost);
}

static void rows(struct out *o, const char *log, const struct iol_ostload *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const struct iol_ostrow *r = &l->v[i];

		if (o->fmt != FMT_TEXT)
			out_str(o, log);
		out_int(o, r->ost);
		out_num(o, r->files, 0);
		out_num(o, r->rbytes, 0);
		out_num(o, r->wbytes, 0);
		out_num(o, r->time, 3);
		num(o, r->s_per_gib, 3);
		num(o, r->vs_median, 2);
		out_endrow(o);
	}
}

static void text_foot(struct out *o, const struct iol_ostload *l)
{
	out_text(o,
		 "  %zu file%s on %zu OST%s, %zu striped over more than "
		 "one",
		 l->nfiles, l->nfiles == 1 ? "" : "s", l->n,
		 l->n == 1 ? "" : "s", l->nstriped);
	if (l->unmapped > 0)
		out_text(o, "; %.0f MiB in files without a LUSTRE record",
			 l->unmapped / 1048576.0);
	out_text(o, "\n\n");
}

void view_files_by_ost(struct out *o, const char *log,
		       const struct iol_ostload *l)
{
	if (o->fmt != FMT_TEXT) {
		rows(o, log, l);
		return;
	}
	out_text(o, "%s\n", log);
	if (!l->n) {
		out_text(o, "  no Lustre layout: the log has no "
			    "LUSTRE record of a file with POSIX "
			    "I/O\n\n");
		return;
	}
	files_by_ost_start(o);
	rows(o, log, l);
	out_endtable(o);
	text_foot(o, l);
}
