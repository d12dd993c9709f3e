/*
 * The view of `iolens jobs`: the job rows of a population store.  The
 * machine formats carry every column of the store's jobs table as it
 * stands (iolens-ingest(1) lists them); text shows the columns people
 * scan, described here, those the store has, in this order.
 */
#include <stdlib.h>
#include <string.h>

#include "render/obuf.h"
#include "render/view-jobs.h"
#include "base/banned.h"

/* the row id, the job id and the log's path lead back to the job
 * (iolens report PATH, issue 35): always shown, and last; shortened in
 * the middle to fit the terminal, with a note that --wide shows it whole */
static const struct iol_col text_cols[] = {
	{"id", "id", COL_NUM, 0, "The row's id in the store"},
	{"jobid", "jobid", COL_NUM, 0, "The scheduler's job id"},
	{"user", "user", COL_STR, 0, "The job's user"},
	{"project", "project", COL_STR, 6, "The scheduler's Account"},
	{"app", "app", COL_STR, 0, "The executable's name"},
	{"nprocs", "procs", COL_NUM, 0, "Processes"},
	{"nodes", "nodes", COL_NUM, 4, "Compute nodes"},
	{"start_time", "start", COL_STR, 3, "When the job started, UTC"},
	{"run_time", "run time s", COL_NUM, 2, "Run time, seconds"},
	{"bytes_read", "read", COL_NUM, 0, "Bytes read (POSIX+STDIO)"},
	{"bytes_written", "written", COL_NUM, 0, "Bytes written (POSIX+STDIO)"},
	{"io_time_by_slowest", "I/O time s", COL_NUM, 1,
	 "I/O time by slowest rank, seconds"},
	{"mib_s", "MiB/s", COL_NUM, 1, "Bandwidth, MiB/s"},
	{"strategy", "strategy", COL_STR, 2, "The I/O strategy"},
	{"partial", "partial", COL_NUM, 7, "1 when the log is incomplete"},
	{"path", "path", COL_PATH, 0,
	 "The log's path (in text shortened in the middle to fit, whole with "
	 "--wide)"},
};
#define NTEXT (sizeof text_cols / sizeof text_cols[0])
const struct iol_view iol_view_jobs = IOL_VIEW("jobs", NULL, text_cols);

static int is_bytes(const char *name)
{
	return strstr(name, "bytes") != NULL;
}

/* cell i of the row; bytes: a byte count (the column's name says so,
 * looked at once a table, not once a cell) */
static void cell(struct out *o, const struct iol_popcur *cur, int i, int bytes)
{
	const char *name;
	char buf[48];

	switch (iol_popcur_type(cur, i)) {
	case IOL_POPV_NULL: out_null(o); break;
	case IOL_POPV_INT:
		if (bytes)
			out_bytes(o, iol_popcur_int(cur, i));
		else
			out_int(o, iol_popcur_int(cur, i));
		break;
	case IOL_POPV_REAL:
		/* the name only in text: a million CSV rows asked it 120
		 * million times */
		name = o->fmt == FMT_TEXT ? iol_popcur_name(cur, i) : "";
		if (o->fmt == FMT_TEXT &&
		    (!strcmp(name, "start_time") || !strcmp(name, "end_time")))
			out_str(o, fmt_time(buf, sizeof buf,
					    (int64_t)iol_popcur_real(cur, i)));
		else
			out_num(o, iol_popcur_real(cur, i), 3);
		break;
	default: out_str(o, iol_popcur_text(cur, i));
	}
}

/* The cursor columns shown: every one in the table's order (machine
 * formats), or the text ones the store has, into cols; their count. */
static int pick(const struct iol_popcur *cur, int fmt, int *idx,
		const char **names, struct iol_col *cols)
{
	int n = 0, nc = iol_popcur_ncols(cur);

	for (size_t k = 0; k < (fmt == FMT_TEXT ? NTEXT : 1); k++)
		for (int i = 0; i < nc; i++) {
			if (fmt == FMT_TEXT &&
			    strcmp(iol_popcur_name(cur, i), text_cols[k].key))
				continue;
			if (fmt == FMT_TEXT)
				cols[n] = text_cols[k];
			idx[n] = i;
			names[n++] = iol_popcur_name(cur, i);
		}
	return n;
}

/* The rows of cur from its current one on, under the view started by
 * begin (out_view, out_view_measure or out_view_stream). */
static int rows(struct out *o, struct iol_popcur *cur,
		void (*begin)(struct out *, const struct iol_view *),
		struct iol_error *err)
{
	int nc = iol_popcur_ncols(cur), n, rc;
	int *idx = calloc((size_t)nc + 1, sizeof *idx);
	unsigned char *bytes = calloc((size_t)nc + 1, 1);
	const char **names = calloc((size_t)nc + 1, sizeof *names);
	struct iol_col *cols = calloc(NTEXT, sizeof *cols);
	struct iol_view v = {"jobs", NULL, cols, 0};

	if (!idx || !names || !cols || !bytes) {
		free(bytes);
		free(idx);
		free(names);
		free(cols);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	n = pick(cur, o->fmt, idx, names, cols);
	v.ncols = n;
	for (int k = 0; k < n; k++)
		bytes[k] = (unsigned char)is_bytes(names[k]);
	if (o->fmt == FMT_TEXT)
		begin(o, &v);
	else
		out_table(o, names, n);
	/* the first row was read before the output was opened */
	for (rc = 1; rc > 0; rc = iol_popcur_next(cur, err)) {
		for (int k = 0; k < n; k++)
			cell(o, cur, idx[k], bytes[k]);
		out_endrow(o);
	}
	out_endtable(o);
	free(bytes);
	free(idx);
	free(names);
	free(cols);
	return rc;
}

int iol_view_jobs_measure(struct out *o, struct iol_popcur *cur,
			  struct iol_error *err)
{
	if (o->fmt != FMT_TEXT)
		return 0;
	return rows(o, cur, out_view_measure, err);
}

int iol_view_jobs_print(struct out *o, struct iol_popcur *cur,
			struct iol_error *err)
{
	return rows(o, cur, o->vpass == 1 ? out_view_stream : out_view, err);
}
