/*
 * The job workbook (iolens export) through libxlsxwriter: a Job sheet
 * (or Jobs, one row per log), Files with an autofilter and a frozen
 * header, Ranks, Histograms and a bounded Timeline, with native Excel
 * charts of the access sizes and of the I/O cost.  Numbers come from
 * lib/metrics.c like every other output; the created date is pinned so
 * the same logs give the same bytes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xlsxwriter.h>

#include "render/xlsx.h"
#include "analysis/jobrow.h"
#include "render/output.h"
#include "base/banned.h"

#define TL_BINS 50
#define TL_MAXRANKS 1024

struct book {
	lxw_workbook *wb;
	lxw_format *bold, *num, *bytes, *secs, *date, *tbin;
};

static void num(lxw_worksheet *ws, int r, int c, double v, lxw_format *f)
{
	if (isnan(v) || isinf(v))
		return;
	worksheet_write_number(ws, (lxw_row_t)r, (lxw_col_t)c, v, f);
}

static void str(lxw_worksheet *ws, int r, int c, const char *s, lxw_format *f)
{
	worksheet_write_string(ws, (lxw_row_t)r, (lxw_col_t)c, s ? s : "", f);
}

/* Categories that are text: the workbook streams its rows (constant
 * memory), so libxlsxwriter cannot look at the cells and would type them
 * as numbers (c:numRef); say they are strings (c:strRef). */
static lxw_chart_series *series(lxw_chart *ch, const char *cats,
				const char *vals, const char *name)
{
	lxw_chart_series *se = chart_add_series(ch, cats, vals);

	if (se && se->categories) {
		se->categories->has_string_cache = LXW_TRUE;
		se->categories->ignore_cache = LXW_TRUE;
	}
	if (se)
		chart_series_set_name(se, name);
	return se;
}

static void header(struct book *b, lxw_worksheet *ws, int r,
		   const char *const *cols, int n)
{
	int i;

	for (i = 0; i < n; i++)
		str(ws, r, i, cols[i], b->bold);
}

/* One job-row field into a cell: text, or a number (none when the field
 * has no value); a flag as "yes" or "no". */
static void field_cell(lxw_worksheet *ws, int r, int c, const char *name,
		       const struct iol_jobrow *jr, lxw_format *fmt,
		       const char *yes)
{
	const struct iol_field *f = iol_jobrow_field(name);
	char buf[256];
	int64_t v;

	switch (f->type) {
	case IOL_FT_STR:
		str(ws, r, c, f->str(jr, buf, sizeof(buf)), fmt);
		break;
	case IOL_FT_NUM:
	case IOL_FT_TIME: num(ws, r, c, f->num(jr), fmt); break;
	case IOL_FT_BOOL: str(ws, r, c, f->i64(jr) ? yes : "no", fmt); break;
	default:
		v = f->i64(jr);
		if (v != INT64_MIN)
			num(ws, r, c, (double)v, fmt);
	}
}

/* The cell format of a field: bytes, seconds, decimals or plain. */
static lxw_format *field_format(struct book *b, const char *name)
{
	const struct iol_field *f = iol_jobrow_field(name);

	if (f->type == IOL_FT_BYTES)
		return b->bytes;
	if (f->type == IOL_FT_NUM)
		return !strcmp(f->unit, "s") ? b->secs : b->num;
	return NULL;
}

/* One file-row field into a cell (none when it has no value). */
static void file_cell(lxw_worksheet *ws, int r, int c,
		      const struct iol_filefield *f,
		      const struct iol_filerow *row)
{
	char buf[32];
	int64_t v;

	switch (f->type) {
	case IOL_FT_STR:
		str(ws, r, c, f->str(row, buf, sizeof(buf)), NULL);
		break;
	case IOL_FT_NUM: num(ws, r, c, f->num(row), NULL); break;
	default:
		v = f->i64(row);
		if (v != INT64_MIN)
			num(ws, r, c, (double)v, NULL);
	}
}

/* the summary as name/value pairs; returns the next free row */
static int job_pairs(struct book *b, lxw_worksheet *ws, int r,
		     const struct iol_jobrow *jr)
{
	/* the sheet's labels, and the job-row field each shows */
	static const char *const pairs[][2] = {
		{"log", "log"},
		{"source", "source"},
		{"exe", "exe"},
		{"job id", "jobid"},
		{"nodes from", "nodes_source"},
		{"I/O strategy", "strategy"},
		{"incomplete", "incomplete"},
		{"processes", "nprocs"},
		{"nodes", "nodes"},
		{"run time (s)", "run_time"},
		{"bytes read (POSIX+STDIO)", "bytes_read"},
		{"bytes written (POSIX+STDIO)", "bytes_written"},
		{"I/O time by slowest rank (s)", "io_time_by_slowest"},
		{"MiB/s", "mib_s"},
		{"MiB/s per compute node", "mib_s_per_node"},
		{"% time in I/O (slowest rank)", "pct_io_time_slowest"},
		{"% time in I/O (average process)", "pct_io_time_avg"},
		{"metadata cost (%)", "md_cost_pct"},
		{"files", "files"},
		{"files per process", "files_per_proc"},
		{"creates per process", "creates_per_proc"},
		{"% sequential", "pct_sequential"},
		{"% aligned", "pct_aligned"},
		{"MiB per process", "mib_per_proc"},
	};
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		str(ws, r, 0, pairs[i][0], b->bold);
		field_cell(ws, r++, 1, pairs[i][1], jr,
			   field_format(b, pairs[i][1]),
			   "yes: a module ran out of memory");
	}
	return r;
}

/* An epoch second as an Excel date: days since 1899-12-30 (UTC). */
static double excel_date(double epoch)
{
	return epoch / 86400.0 + 25569.0;
}

/* One row of the Jobs sheet: every summary column, in summary's order;
 * numbers as numbers, times as Excel dates, flags as 0 or 1, as in
 * summary --format=csv. */
static void job_row(struct book *b, lxw_worksheet *ws, int r,
		    const struct iol_jobrow *jr)
{
	size_t n, c;
	const struct iol_field *f = iol_jobrow_fields(&n);
	const char *t;
	char buf[256];
	int64_t v;

	for (c = 0; c < n; c++) {
		switch (f[c].type) {
		case IOL_FT_STR:
			t = f[c].str(jr, buf, sizeof(buf));
			if (t && *t)
				str(ws, r, (int)c, t, NULL);
			break;
		case IOL_FT_TIME:
			num(ws, r, (int)c, excel_date(f[c].num(jr)), b->date);
			break;
		case IOL_FT_NUM:
			num(ws, r, (int)c, f[c].num(jr),
			    !strcmp(f[c].unit, "s") ? b->secs : b->num);
			break;
		default:
			v = f[c].i64(jr);
			if (v != INT64_MIN)
				num(ws, r, (int)c, (double)v,
				    f[c].type == IOL_FT_BYTES ? b->bytes
							      : NULL);
		}
	}
}

static int files_sheet(struct book *b, lxw_worksheet *ws, int r,
		       const struct iol_job *job, int with_log,
		       struct iol_error *err)
{
	/* the sheet's header, and the file-row field of each column */
	static const char *const cols[][2] = {
		{"log", NULL},
		{"path", "path"},
		{"modules", "module"},
		{"ranks", "ranks"},
		{"bytes_read", "bytes_read"},
		{"bytes_written", "bytes_written"},
		{"reads", "reads"},
		{"writes", "writes"},
		{"opens", "opens"},
		{"read_time", "read_time"},
		{"write_time", "write_time"},
		{"meta_time", "meta_time"},
		{"slowest_rank_time", "slowest_rank_time"},
		{"first_access", "first_access"},
		{"last_access", "last_access"},
		{"max_offset", "max_offset"},
		{"common_access_size", "common_access_size"},
		{"mount_point", "mount_point"},
		{"fs_type", "fs_type"},
	};
	const size_t ncols = sizeof(cols) / sizeof(cols[0]);
	struct iol_filerow *rows;
	size_t n, i, k;
	int c0 = with_log ? 0 : 1;

	if (iol_files_compute(job, 1, &rows, &n, err) < 0)
		return -1;
	if (r == 0)
		for (k = (size_t)c0; k < ncols; k++)
			str(ws, r, (int)k - c0, cols[k][0], b->bold);
	if (r == 0)
		r++;
	for (i = 0; i < n; i++, r++) {
		int c = 0;

		if (with_log)
			str(ws, r, c++, job->path, NULL);
		for (k = 1; k < ncols; k++, c++)
			file_cell(ws, r, c, iol_filerow_field(cols[k][1]),
				  &rows[i]);
	}
	iol_files_free(rows);
	return r;
}

/* per-rank figures from the rank records of POSIX and STDIO */
/* A rank's row: its number (or "shared files"), bytes, times (NAN: an
 * empty cell, a time the source does not split by rank), and where the
 * bytes come from. */
static void rank_row(lxw_worksheet *ws, int r, const struct iol_job *job,
		     int with_log, long rank, const struct iol_rankrow *v,
		     const char *from)
{
	int c = 0;

	if (with_log)
		str(ws, r, c++, job->path, NULL);
	if (rank < 0)
		str(ws, r, c++, "shared files", NULL);
	else
		num(ws, r, c++, (double)rank, NULL);
	num(ws, r, c++, v->br, NULL);
	num(ws, r, c++, v->bw, NULL);
	if (!isnan(v->tr)) {
		num(ws, r, c, v->tr, NULL);
		num(ws, r, c + 1, v->tw, NULL);
		num(ws, r, c + 2, v->tm, NULL);
	}
	str(ws, r, c + 3, from, NULL);
}

/*
 * An N-1 job's counters hold every byte in the shared files' records,
 * summed over ranks by Darshan (rank -1): the ranks' own rows are all
 * zero.  Where the log has DXT, its segments say which rank moved
 * which bytes: 1 when v's rank rows were filled from them (times left
 * empty: DXT does not split a shared file's metadata time by rank).
 */
static int ranks_from_dxt(const struct iol_job *job, struct iol_rankrow *v,
			  size_t np)
{
	struct iol_matrix m;
	size_t i, k;
	int own = 0;

	for (i = 0; i < np; i++)
		own |= v[i].br + v[i].bw + v[i].tr + v[i].tw + v[i].tm > 0;
	if (own || v[np].br + v[np].bw == 0 ||
	    iol_timeline_source(job) != IOL_TL_DXT ||
	    iol_matrix_compute(job, -1, TL_BINS, &m, NULL) < 0)
		return 0;
	for (i = 0; i < np && i < m.nrank; i++) {
		v[i].br = v[i].bw = 0;
		for (k = 0; k < m.nbins; k++) {
			v[i].br += m.rd[i * m.nbins + k];
			v[i].bw += m.wr[i * m.nbins + k];
		}
		v[i].br = round(v[i].br);
		v[i].bw = round(v[i].bw);
		v[i].tr = v[i].tw = v[i].tm = NAN;
	}
	iol_matrix_free(&m);
	return 1;
}

static int ranks_sheet(struct book *b, lxw_worksheet *ws, int r,
		       const struct iol_job *job, int with_log)
{
	static const char *const cols[] = {
		"log",	     "rank",	   "bytes_read", "bytes_written",
		"read_time", "write_time", "meta_time",	 "from",
	};
	struct iol_rankrow *v;
	const char *from = "counters";
	size_t np, i;

	if (iol_ranks_compute(job, &v, &np, NULL) < 0)
		return -1;
	np--; /* the last row: shared records */
	if (r == 0)
		header(b, ws, r++, cols + (with_log ? 0 : 1), with_log ? 8 : 7);
	/* the shared files first: in an N-1 job they are the job's I/O */
	if (v[np].br + v[np].bw + v[np].tm > 0)
		rank_row(ws, r++, job, with_log, -1, &v[np],
			 "counters (all ranks)");
	if (ranks_from_dxt(job, v, np))
		from = iol_timeline_name(job, IOL_TL_DXT, -1);
	for (i = 0; i < np && i < TL_MAXRANKS * 64; i++)
		rank_row(ws, r++, job, with_log, (long)i, &v[i], from);
	free(v);
	return r;
}

static const char *hist_mod(const struct iol_hist *h)
{
	return h->mod < 0 ? "job (POSIX)" : iol_modinfo(h->mod)->name;
}

/* The histograms of one log, computed once for both parts of the sheet. */
struct loghist {
	struct iol_hist h[IOL_MOD_KNOWN + 1];
	size_t n;
};

/* The size bins of each module of log from row r (the header first when
 * r is 0), after a log column when with_log; the next row. */
static int hist_rows(struct book *b, lxw_worksheet *ws, int r, const char *log,
		     const struct loghist *lh, int with_log)
{
	static const char *const cols[] = {"log", "module", "size bin", "reads",
					   "writes"};
	size_t k;
	int bin, c;

	if (r == 0)
		header(b, ws, r++, cols + !with_log, with_log ? 5 : 4);
	for (k = 0; k < lh->n; k++)
		for (bin = 0; bin < IOL_NBINS; bin++, r++) {
			c = 0;
			if (with_log)
				str(ws, r, c++, log, NULL);
			str(ws, r, c++, hist_mod(&lh->h[k]), NULL);
			str(ws, r, c++, iol_bin_names[bin], NULL);
			num(ws, r, c++, (double)lh->h[k].rd[bin], NULL);
			num(ws, r, c, (double)lh->h[k].wr[bin], NULL);
		}
	return r;
}

/* The common access sizes of each module of log from row r; the next. */
static int common_rows(lxw_worksheet *ws, int r, const char *log,
		       const struct loghist *lh, int with_log)
{
	size_t k;
	int i, c;

	for (k = 0; k < lh->n; k++)
		for (i = 0; i < lh->h[k].ncommon; i++, r++) {
			c = 0;
			if (with_log)
				str(ws, r, c++, log, NULL);
			str(ws, r, c++, hist_mod(&lh->h[k]), NULL);
			num(ws, r, c++, (double)lh->h[k].common[i], NULL);
			num(ws, r, c, (double)lh->h[k].common_count[i], NULL);
		}
	return r;
}

/* Histograms: every log's size bins, then every log's common access
 * sizes; one log also gets a native column chart of its histogram. */
static int hist_sheet(struct book *b, lxw_worksheet *ws,
		      struct iol_job *const *jobs, int njobs,
		      struct iol_error *err)
{
	struct loghist *lh = calloc((size_t)njobs, sizeof(*lh));
	int r = 0, i, multi = njobs > 1;

	if (!lh)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (i = 0; i < njobs; i++) {
		lh[i].n = iol_hist_compute(jobs[i], lh[i].h, IOL_MOD_KNOWN + 1);
		r = hist_rows(b, ws, r, jobs[i]->path, &lh[i], multi);
	}
	if (!multi && r > 1) {
		lxw_chart *ch = workbook_add_chart(b->wb, LXW_CHART_COLUMN);

		series(ch, "=Histograms!$B$2:$B$11", "=Histograms!$C$2:$C$11",
		       "reads");
		series(ch, "=Histograms!$B$2:$B$11", "=Histograms!$D$2:$D$11",
		       "writes");
		chart_title_set_name(ch, "Access sizes (POSIX)");
		chart_axis_set_name(ch->y_axis, "operations");
		worksheet_insert_chart(ws, 1, 5, ch);
	}
	if (multi)
		worksheet_freeze_panes(ws, 1, 0);
	str(ws, r + 1, 0, "common access sizes", b->bold);
	r += 2;
	for (i = 0; i < njobs; i++)
		r = common_rows(ws, r, jobs[i]->path, &lh[i], multi);
	free(lh);
	return 0;
}

/*
 * A time as its cell shows it (b->tbin: 0.0000 s), not 16 digits of a
 * division; and bytes as whole bytes (a call's bytes are split over the
 * bins it overlaps by time, which gives fractions of a byte).
 */
static double secs_shown(double s)
{
	char b[64];

	/* by its text: the nearest double to 0.0792, which round(s * 1e4) /
	 * 1e4 is not always (0.07920000000000001) */
	snprintf(b, sizeof(b), "%.4f", s);
	return strtod(b, NULL);
}

/* Timeline of several logs: a row per log, the bytes its ranks moved in
 * each of TL_BINS bins of its own run. */
static void timelines_sheet(struct book *b, lxw_worksheet *ws,
			    struct iol_job *const *jobs, int njobs)
{
	static const char *const cols[] = {"log", "from", "start (s)",
					   "bin (s)"};
	struct iol_matrix m;
	size_t rk, k;
	int i, r = 2;
	char name[32];

	str(ws, 0, 0,
	    "bytes read and written per log and time bin (each log's run "
	    "in equal bins)",
	    b->bold);
	header(b, ws, 1, cols, 4);
	for (k = 0; k < TL_BINS; k++) {
		snprintf(name, sizeof(name), "bin %zu", k + 1);
		str(ws, 1, (int)k + 4, name, b->bold);
	}
	for (i = 0; i < njobs; i++, r++) {
		str(ws, r, 0, jobs[i]->path, NULL);
		if (iol_timeline_source(jobs[i]) == IOL_TL_NONE ||
		    iol_matrix_compute(jobs[i], -1, TL_BINS, &m, NULL) < 0) {
			str(ws, r, 1, "no timeline", NULL);
			continue;
		}
		str(ws, r, 1, iol_timeline_name(jobs[i], m.source, -1), NULL);
		num(ws, r, 2, secs_shown(m.t0), NULL);
		num(ws, r, 3, secs_shown((m.t1 - m.t0) / (double)m.nbins),
		    NULL);
		for (k = 0; k < m.nbins; k++) {
			double v = 0;

			for (rk = 0; rk <= m.nrank; rk++)
				v += m.wr[rk * m.nbins + k] +
				     m.rd[rk * m.nbins + k];
			num(ws, r, (int)k + 4, round(v), NULL);
		}
		iol_matrix_free(&m);
	}
	worksheet_freeze_panes(ws, 2, 1);
}

/* a bounded rank x time matrix: at most TL_BINS columns, TL_MAXRANKS rows */
static int timeline_sheet(struct book *b, lxw_worksheet *ws,
			  const struct iol_job *job)
{
	struct iol_matrix m;
	size_t r, k;
	char name[96];

	if (iol_timeline_source(job) == IOL_TL_NONE ||
	    iol_matrix_compute(job, -1, TL_BINS, &m, NULL) < 0) {
		str(ws, 0, 0, "no timeline in this log", NULL);
		return 0;
	}
	snprintf(name, sizeof(name), "bytes per rank and time bin, from %s",
		 iol_timeline_name(job, m.source, -1));
	str(ws, 0, 0, name, b->bold);
	/* bin headers: each bin's start in seconds from the job's start */
	str(ws, 1, 0, "rank \\ start (s)", b->bold);
	for (k = 0; k < m.nbins; k++)
		num(ws, 1, (int)k + 1,
		    secs_shown(m.t0 +
			       (m.t1 - m.t0) * (double)k / (double)m.nbins),
		    b->tbin);
	for (r = 0; r < m.nrank && r < TL_MAXRANKS; r++) {
		num(ws, (int)r + 2, 0, (double)r, NULL);
		for (k = 0; k < m.nbins; k++)
			num(ws, (int)r + 2, (int)k + 1,
			    round(m.wr[r * m.nbins + k] +
				  m.rd[r * m.nbins + k]),
			    NULL);
	}
	if (m.nrank > TL_MAXRANKS)
		str(ws, TL_MAXRANKS + 3, 0, "(more ranks than shown)", NULL);
	iol_matrix_free(&m);
	return 0;
}

/* The workbook's temporary file beside path, the workbook and its
 * formats; *tmp and *dir to free after workbook_close. */
static int book_open(struct book *b, const char *path, time_t created,
		     char **tmp, char **dir, struct iol_error *err)
{
	lxw_workbook_options wo = {0};
	lxw_doc_properties props = {0};
	char *slash;
	int fd, ret;

	*dir = NULL;
	*tmp = malloc(OUT_TMP_MAX);
	if (!*tmp)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	/* make it now: libxlsxwriter would only find out at the end that it
	 * cannot, and say so on stderr in its own words */
	fd = out_tmp(path, *tmp, OUT_TMP_MAX);
	if (fd < 0) {
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s': %s", path,
				    strerror(errno));
		free(*tmp);
		return ret;
	}
	close(fd);
	/* rows go to disk as they are written, with inline strings: a job
	 * with 100,000 files would otherwise double the peak memory.  Every
	 * sheet below is written top to bottom, as this mode requires. */
	wo.constant_memory = LXW_TRUE;
	/* its row files go beside the output, not to a /tmp that may be
	 * small: the place the user chose has room for the workbook */
	*dir = strdup(path);
	if (!*dir) {
		out_discard(*tmp, path);
		free(*tmp);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	slash = strrchr(*dir, '/');
	if (slash)
		slash[slash == *dir ? 1 : 0] = '\0';
	wo.tmpdir = slash ? *dir : ".";
	b->wb = workbook_new_opt(*tmp, &wo);
	if (!b->wb) {
		out_discard(*tmp, path);
		free(*tmp);
		free(*dir);
		return iol_error_set(err, IOL_EIO, "cannot write '%s'", path);
	}
	props.title = "iolens job workbook";
	props.author = "iolens";
	/* libxlsxwriter takes 0 for "now": never hand it 0, so the bytes
	 * stay the same from run to run */
	props.created = created > 0 ? created : 1;
	workbook_set_properties(b->wb, &props);
	b->bold = workbook_add_format(b->wb);
	format_set_bold(b->bold);
	b->num = workbook_add_format(b->wb);
	format_set_num_format(b->num, "0.00");
	b->bytes = workbook_add_format(b->wb);
	format_set_num_format(b->bytes, "#,##0");
	b->secs = workbook_add_format(b->wb);
	format_set_num_format(b->secs, "0.000000");
	b->date = workbook_add_format(b->wb);
	format_set_num_format(b->date, "yyyy-mm-dd hh:mm:ss");
	b->tbin = workbook_add_format(b->wb);
	format_set_bold(b->tbin);
	format_set_num_format(b->tbin, "0.0000");
	return 0;
}

/* A native bar chart of the I/O cost per process, its data from row
 * row0 of the Job sheet. */
static void cost_chart(struct book *b, lxw_worksheet *ws,
		       const struct iol_summary *s, int row0)
{
	static const char *const parts[] = {"read", "write", "metadata"};
	lxw_chart *ch = workbook_add_chart(b->wb, LXW_CHART_BAR_STACKED);
	char cats[64], vals[64];
	int m, k, n = 0;

	str(ws, row0 - 1, 0, "I/O time per process (s)", b->bold);
	str(ws, row0 - 1, 1, "read", b->bold);
	str(ws, row0 - 1, 2, "write", b->bold);
	str(ws, row0 - 1, 3, "metadata", b->bold);
	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_modsum *ms = &s->mod[m];

		if (!ms->nrec)
			continue;
		str(ws, row0 + n, 0, iol_modinfo(m)->name, NULL);
		num(ws, row0 + n, 1, ms->read_time_pp, b->secs);
		num(ws, row0 + n, 2, ms->write_time_pp, b->secs);
		num(ws, row0 + n, 3, ms->meta_time_pp, b->secs);
		n++;
	}
	for (k = 0; k < 3 && n; k++) {
		snprintf(cats, sizeof(cats), "=Job!$A$%d:$A$%d", row0 + 1,
			 row0 + n);
		snprintf(vals, sizeof(vals), "=Job!$%c$%d:$%c$%d", 'B' + k,
			 row0 + 1, 'B' + k, row0 + n);
		series(ch, cats, vals, parts[k]);
	}
	chart_title_set_name(ch, "Average I/O cost per process");
	chart_axis_set_name(ch->x_axis, "seconds");
	worksheet_insert_chart(ws, 1, 3, ch);
}

/* the column of a summary field on the Jobs sheet */
static int job_col(const char *name)
{
	size_t n, c;
	const struct iol_field *f = iol_jobrow_fields(&n);

	for (c = 0; c < n && strcmp(f[c].name, name); c++)
		;
	return (int)c;
}

/* A native bar chart per log of the Jobs sheet, of these columns. */
static void jobs_chart(struct book *b, lxw_worksheet *ws, int njobs,
		       const char *title, const char *axis,
		       const char *const *cols, int ncols, int row)
{
	lxw_chart *ch = workbook_add_chart(b->wb, LXW_CHART_BAR);
	lxw_chart_series *se;
	int k;

	for (k = 0; k < ncols; k++) {
		se = series(ch, NULL, NULL, cols[k]);
		if (!se)
			return;
		chart_series_set_categories(se, "Jobs", 1, 0, (lxw_row_t)njobs,
					    0);
		chart_series_set_values(
			se, "Jobs", 1, (lxw_col_t)job_col(cols[k]),
			(lxw_row_t)njobs, (lxw_col_t)job_col(cols[k]));
	}
	chart_title_set_name(ch, title);
	chart_axis_set_name(ch->x_axis, axis);
	worksheet_insert_chart(ws, (lxw_row_t)row,
			       (lxw_col_t)(ncols > 1 ? 8 : 1), ch);
}

/* The Jobs sheet: a row per log with every summary column, and charts
 * of bandwidth and volume per log below it. */
static int jobs_rows(struct book *b, struct iol_job *const *jobs, int njobs,
		     const struct iol_opts *o, struct iol_error *err)
{
	static const char *const mibs[] = {"mib_s"};
	static const char *const vols[] = {"bytes_read", "bytes_written"};
	lxw_worksheet *ws = workbook_add_worksheet(b->wb, "Jobs");
	size_t n, c;
	const struct iol_field *f = iol_jobrow_fields(&n);
	struct iol_summary s;
	struct iol_jobrow jr;
	int i;

	for (c = 0; c < n; c++)
		str(ws, 0, (int)c, f[c].name, b->bold);
	for (i = 0; i < njobs; i++) {
		if (iol_summary_compute(jobs[i], o, &s, err) < 0)
			return err ? err->code : IOL_ENOMEM;
		jr.log = jobs[i]->path;
		jr.job = jobs[i];
		jr.s = &s;
		job_row(b, ws, i + 1, &jr);
	}
	worksheet_freeze_panes(ws, 1, 1);
	worksheet_autofilter(ws, 0, 0, (lxw_row_t)njobs, (lxw_col_t)(n - 1));
	jobs_chart(b, ws, njobs, "Bandwidth per log (POSIX+STDIO)", "MiB/s",
		   mibs, 1, njobs + 2);
	jobs_chart(b, ws, njobs, "Data moved per log (POSIX+STDIO)", "bytes",
		   vols, 2, njobs + 2);
	return 0;
}

/* The Job sheet (one log) or the Jobs sheet (one row per log). */
static int jobs_sheet(struct book *b, struct iol_job *const *jobs, int njobs,
		      const struct iol_opts *o, struct iol_error *err)
{
	struct iol_summary s;
	struct iol_jobrow jr;
	lxw_worksheet *ws;
	int r;

	if (njobs > 1)
		return jobs_rows(b, jobs, njobs, o, err);
	ws = workbook_add_worksheet(b->wb, "Job");
	if (iol_summary_compute(jobs[0], o, &s, err) < 0)
		return err ? err->code : IOL_ENOMEM;
	jr.log = jobs[0]->path;
	jr.job = jobs[0];
	jr.s = &s;
	r = job_pairs(b, ws, 0, &jr);
	worksheet_set_column(ws, 0, 0, 32, NULL);
	worksheet_set_column(ws, 1, 1, 48, NULL);
	cost_chart(b, ws, &s, r + 2);
	return 0;
}

/* The Files and Ranks sheets, every log's rows one after another. */
static int files_ranks(struct book *b, struct iol_job *const *jobs, int njobs,
		       struct iol_error *err)
{
	lxw_worksheet *ws = workbook_add_worksheet(b->wb, "Files");
	int i, r;

	for (i = 0, r = 0; i < njobs; i++) {
		r = files_sheet(b, ws, r, jobs[i], njobs > 1, err);
		if (r < 0)
			return err ? err->code : IOL_ENOMEM;
	}
	worksheet_freeze_panes(ws, 1, 0);
	worksheet_autofilter(ws, 0, 0, (lxw_row_t)(r > 1 ? r - 1 : 1),
			     njobs > 1 ? 18 : 17);
	worksheet_set_column(ws, njobs > 1 ? 1 : 0, njobs > 1 ? 1 : 0, 60,
			     NULL);
	ws = workbook_add_worksheet(b->wb, "Ranks");
	for (i = 0, r = 0; i < njobs; i++) {
		r = ranks_sheet(b, ws, r, jobs[i], njobs > 1);
		if (r < 0)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	worksheet_freeze_panes(ws, 1, 0);
	return 0;
}

int xlsx_write(struct iol_job *const *jobs, int njobs, const char *path,
	       const struct iol_opts *o, time_t created, struct iol_error *err)
{
	struct book b;
	lxw_worksheet *ws;
	char *tmp, *dir;
	int ret;

	ret = book_open(&b, path, created, &tmp, &dir, err);
	if (ret < 0)
		return ret;
	ret = jobs_sheet(&b, jobs, njobs, o, err);
	if (ret == 0)
		ret = files_ranks(&b, jobs, njobs, err);
	if (ret == 0) {
		ws = workbook_add_worksheet(b.wb, "Histograms");
		ret = hist_sheet(&b, ws, jobs, njobs, err);
	}
	if (ret == 0) {
		ws = workbook_add_worksheet(b.wb, "Timeline");
		if (njobs == 1)
			timeline_sheet(&b, ws, jobs[0]);
		else
			timelines_sheet(&b, ws, jobs, njobs);
	}
	if (workbook_close(b.wb) != LXW_NO_ERROR && ret == 0)
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s'", path);
	if (ret == 0 && out_commit(tmp, path) < 0)
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s': %s", path,
				    strerror(errno));
	if (ret < 0)
		out_discard(tmp, path);
	free(tmp);
	free(dir);
	return ret;
}
