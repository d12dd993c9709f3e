/*
 * The views of iolens files: a table per job for people (its log as a
 * title), one table of every job's rows for pipes; the file-row fields
 * of analysis/jobrow.h are its columns, "log" first and record_id last
 * in the machine formats only.  --shared: the shared records' rank
 * balance.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "analysis/select.h"
#include "counters/counters.h"
#include "render/view-files.h"
#include "base/banned.h"

/* One row of the table (log and record_id in machine formats only). */
void view_files_row(struct out *o, const char *log, const struct iol_filerow *f)
{
	const struct iol_filefield *ff;
	char buf[32];
	size_t i, n;
	int64_t v;

	ff = iol_filerow_fields(&n);
	if (o->fmt != FMT_TEXT)
		out_str(o, log);
	else
		n--;
	for (i = 0; i < n; i++) {
		switch (ff[i].type) {
		case IOL_FT_STR:
			out_str(o, ff[i].str(f, buf, sizeof(buf)));
			break;
		case IOL_FT_NUM: out_num(o, ff[i].num(f), ff[i].prec); break;
		default:
			v = ff[i].i64(f);
			/* a shared (reduced) record stands for all ranks:
			 * "shared" for people, Darshan's -1 for machines */
			if (v < 0 && o->fmt == FMT_TEXT &&
			    !strcmp(ff[i].name, "ranks"))
				out_str(o, "shared");
			else if (v == INT64_MIN)
				out_null(o);
			else if (ff[i].type == IOL_FT_BYTES)
				out_bytes(o, v);
			else
				out_int(o, v);
		}
	}
	out_endrow(o);
}

static const char *const shared_cols[] = {
	"log",		"path",		 "module",	  "nprocs",
	"bytes_read",	"bytes_written", "fastest_rank",  "fastest_bytes",
	"fastest_time", "slowest_rank",	 "slowest_bytes", "slowest_time",
	"time_sd",	"bytes_sd",	 "record_id",
};
#define NSHCOLS (int)(sizeof(shared_cols) / sizeof(shared_cols[0]))

void view_files_shared_row(struct out *o, const char *log,
			   const struct iol_sharedrow *r)
{
	char id[24];

	if (o->fmt != FMT_TEXT)
		out_str(o, log);
	out_str(o, r->path ? r->path : "(unnamed)");
	out_str(o, iol_modinfo(r->mod)->name);
	out_int(o, r->nprocs);
	out_bytes(o, r->br);
	out_bytes(o, r->bw);
	out_int(o, r->fastest_rank);
	out_bytes(o, r->fastest_bytes);
	out_num(o, r->fastest_time, 6);
	out_int(o, r->slowest_rank);
	out_bytes(o, r->slowest_bytes);
	out_num(o, r->slowest_time, 6);
	out_num(o, r->sd_time, 6);
	out_num(o, r->sd_bytes, 0);
	if (o->fmt != FMT_TEXT) {
		snprintf(id, sizeof(id), "%llu", (unsigned long long)r->id);
		out_str(o, id);
	}
	out_endrow(o);
}

const char **view_files_cols(int *ncols)
{
	const struct iol_filefield *ff;
	const char **cols;
	size_t nf, k;

	ff = iol_filerow_fields(&nf);
	cols = malloc((nf + 1) * sizeof(*cols));
	if (!cols)
		return NULL;
	cols[0] = "log";
	for (k = 0; k < nf; k++)
		cols[k + 1] = ff[k].name;
	*ncols = (int)nf + 1;
	return cols;
}

void view_files_table(struct out *o, const char *const *cols, int ncols,
		      int shared)
{
	if (o->fmt != FMT_TEXT)
		out_table(o, shared ? shared_cols : cols,
			  shared ? NSHCOLS : ncols);
}

void view_files_title(struct out *o, const char *log, const char *const *cols,
		      int ncols, int shared)
{
	if (o->fmt != FMT_TEXT)
		return;
	out_text(o, "%s\n", log);
	if (shared)
		out_table(o, shared_cols + 1, NSHCOLS - 2);
	else
		out_table(o, cols + 1, ncols - 2);
}

void view_files_end(struct out *o, int64_t nexcl, int by_exclude,
		    int by_defaults)
{
	if (o->fmt != FMT_TEXT)
		return;
	out_endtable(o);
	if (nexcl)
		out_text(o, "%lld file%s excluded (%s%s%s)\n", (long long)nexcl,
			 nexcl == 1 ? "" : "s", by_exclude ? "--exclude" : "",
			 by_exclude && by_defaults ? ", " : "",
			 by_defaults ? "--default-excludes" : "");
	out_text(o, "\n");
}
