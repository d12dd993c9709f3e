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
#include "render/view-text.h"
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

/* ---- the views ---- */

/* The file-row fields of analysis/jobrow.h, in their order ("log" first
 * and record_id last in the machine formats only); t/9008 checks the
 * keys against the CSV header. */
static const struct iol_col cols[] = {
	{"log", "log", COL_PATH, 0,
	 "The log's path as given on the command line"},
	{"path", "file", COL_PATH, 0,
	 "The file's name as the log records it; Darshan names the standard "
	 "streams <STDIN>, <STDOUT> and <STDERR>"},
	{"module", "module", COL_STR, 0,
	 "The module of the row, such as POSIX or MPI-IO, or with --merge the "
	 "modules of the file joined by +"},
	{"ranks", "ranks", COL_NUM, 3,
	 "The number of ranks that have a record of the file, or -1 when "
	 "Darshan reduced its records over all ranks into one (shared in "
	 "text)"},
	{"rank", "rank", COL_NUM, 4,
	 "The rank, when exactly one rank has the file; empty otherwise"},
	{"bytes_read", "read", COL_NUM, 0, "Bytes read from the file"},
	{"bytes_written", "written", COL_NUM, 0, "Bytes written to it"},
	{"reads", "reads", COL_NUM, 2,
	 "Read operations; for MPI-IO, independent, collective, split and "
	 "non-blocking ones together"},
	{"writes", "writes", COL_NUM, 2,
	 "Write operations, counted the same way"},
	{"opens", "opens", COL_NUM, 5, "Opens"},
	{"seeks", "seeks", COL_NUM, 6,
	 "Seeks; 0 where the module has no such counter"},
	{"stats", "stats", COL_NUM, 6, "Stats; 0 where the module has none"},
	{"syncs", "syncs", COL_NUM, 6,
	 "Synchronisations: fsync and fdatasync for POSIX, flushes for STDIO, "
	 "syncs for MPI-IO"},
	{"read_time", "read s", COL_NUM, 1,
	 "Time reading, seconds, added up over all processes"},
	{"write_time", "write s", COL_NUM, 1,
	 "Time writing, seconds, the same way"},
	{"meta_time", "meta s", COL_NUM, 1,
	 "Time in metadata operations (open, close, stat, seek, sync and the "
	 "like), seconds, the same way"},
	{"slowest_rank_time", "slowest s", COL_NUM, 4,
	 "The I/O time of the slowest process on the file, seconds: "
	 "F_SLOWEST_RANK_TIME for a shared record, else the largest of one "
	 "rank's record"},
	{"first_access", "first s", COL_NUM, 7,
	 "When the file was first opened, read or written, seconds from the "
	 "start of the job; empty without timestamps"},
	{"last_access", "last s", COL_NUM, 7,
	 "When it was last read, written or closed, the same way"},
	{"max_offset", "max offset", COL_NUM, 7,
	 "The highest byte offset read or written; empty when nothing was"},
	{"common_access_size", "common size", COL_NUM, 8,
	 "The access size most often counted (ACCESS1 to ACCESS4 of all its "
	 "records added), bytes; empty for modules without these counters"},
	{"common_access_count", "count", COL_NUM, 8,
	 "How many accesses had that size"},
	{"pct_sequential", "seq %", COL_NUM, 5,
	 "POSIX: sequential reads and writes, percent of all; empty for other "
	 "modules and files without reads or writes"},
	{"pct_aligned", "aligned %", COL_NUM, 5,
	 "POSIX: reads and writes aligned to the file system's block size, "
	 "percent; both percents stay within 0 to 100 when a damaged log's "
	 "sequential or unaligned counts exceed its reads and writes"},
	{"mount_point", "mount", COL_STR, 9,
	 "The mount point the file lies under, from the log's mount table; "
	 "UNKNOWN when none matches"},
	{"fs_type", "fs", COL_STR, 9, "Its file system type"},
	{"record_id", "record id", COL_STR, 0,
	 "Darshan's 64-bit record id of the file, a hash of its name, as an "
	 "unsigned decimal number; a string in JSON"},
};
static const struct iol_col shcols[] = {
	{"log", "log", COL_PATH, 0,
	 "The log's path as given on the command line"},
	{"path", "file", COL_PATH, 0, "The shared file"},
	{"module", "module", COL_STR, 0, "POSIX or STDIO"},
	{"nprocs", "procs", COL_NUM, 2, "The job's processes"},
	{"bytes_read", "read", COL_NUM, 0, "Bytes read from it"},
	{"bytes_written", "written", COL_NUM, 0, "Bytes written to it"},
	{"fastest_rank", "fastest", COL_NUM, 3, "Darshan's fastest rank"},
	{"fastest_bytes", "its bytes", COL_NUM, 4, "The bytes it moved"},
	{"fastest_time", "its s", COL_NUM, 3, "Its I/O time, seconds"},
	{"slowest_rank", "slowest", COL_NUM, 0, "Darshan's slowest rank"},
	{"slowest_bytes", "its bytes", COL_NUM, 4, "The bytes it moved"},
	{"slowest_time", "its s", COL_NUM, 0, "Its I/O time, seconds"},
	{"time_sd", "time sd s", COL_NUM, 1,
	 "Standard deviation of I/O time over ranks, seconds"},
	{"bytes_sd", "bytes sd", COL_NUM, 1,
	 "Standard deviation of bytes over ranks"},
	{"record_id", "record id", COL_STR, 0,
	 "Darshan's record id of the file, unsigned decimal"},
};

const struct iol_view iol_view_files = IOL_VIEW("files", NULL, cols);
const struct iol_view iol_view_files_shared =
	IOL_VIEW("files", "shared", shcols);
/* text: without log and record_id */
static const struct iol_view text_view = {
	"files", "text", cols + 1, (int)(sizeof cols / sizeof *cols) - 2};
static const struct iol_view text_shared = {
	"files", "text", shcols + 1, (int)(sizeof shcols / sizeof *shcols) - 2};

void view_files_table(struct out *o, int shared)
{
	if (o->fmt != FMT_TEXT)
		out_view(o, shared ? &iol_view_files_shared : &iol_view_files);
}

void view_files_title(struct out *o, const char *log, int shared)
{
	char b[1024];

	if (o->fmt != FMT_TEXT)
		return;
	out_text(o, "%s\n", view_middle(b, sizeof b, log, o->width));
	out_view(o, shared ? &text_shared : &text_view);
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

void view_files_rows(struct out *o, const char *log,
		     const struct iol_filerow **rows, size_t n)
{
	view_files_title(o, log, 0);
	for (size_t r = 0; r < n; r++)
		view_files_row(o, log, rows[r]);
}

void view_files_shared_rows(struct out *o, const char *log,
			    const struct iol_sharedrow *rows, size_t n)
{
	view_files_title(o, log, 1);
	for (size_t r = 0; r < n; r++)
		view_files_shared_row(o, log, &rows[r]);
}
