/*
 * The views of iolens timeline: what it prints, in each format, moved out
 * of cmd/timeline.c so that the command only parses options and loads.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/phases.h"
#include "analysis/metrics.h"
#include "model/job.h"
#include "render/obuf.h"
#include "render/view-timeline.h"
#include "render/view-text.h"
#include "base/banned.h"

#define LOG_SOURCE                                                            \
	{"log", "log", COL_PATH, 0,                                           \
	 "The log's path as given on the command line"},                      \
	{                                                                     \
		"source", "source", COL_STR, 0,                               \
			"The source: DXT_POSIX or DXT_MPIIO (the layer "      \
			"used), strace, "                                     \
			"iolens-trace, Iota, HEATMAP, Darshan timestamps or " \
			"none"                                                \
	}
static const struct iol_col icols[] = {
	LOG_SOURCE,
	{"rank", "rank", COL_NUM, 0,
	 "The rank; -1 for a record reduced over all ranks"},
	{"op", "op", COL_STR, 0,
	 "read or write; for timestamps also open, the span from the first "
	 "open to the last close of a record"},
	{"start", "start s", COL_NUM, 0, "Seconds from the start of the job"},
	{"end", "end s", COL_NUM, 0, "Seconds from the start of the job"},
	{"bytes", "bytes", COL_NUM, 0,
	 "The bytes of the segment, or those the record read or wrote; empty "
	 "for open"},
	{"offset", "offset", COL_NUM, 0,
	 "The file offset of a DXT segment, bytes; empty for timestamps"},
	{"path", "file", COL_PATH, 0, "The file's name"},
};
static const struct iol_col pcols[] = {
	LOG_SOURCE,
	{"scope", "scope", COL_STR, 0, "job, rank or file"},
	{"phase", "phase", COL_STR, 0,
	 "The phase number from 1, or other for the folded phases"},
	{"rank", "rank", COL_NUM, 0, "The rank of a rank row; empty otherwise"},
	{"op", "op", COL_STR, 0, "write or read"},
	{"start", "start s", COL_NUM, 0,
	 "The start of the first operation, seconds from the start of the job"},
	{"end", "end s", COL_NUM, 0, "The end of the last, the same way"},
	{"bytes", "bytes", COL_NUM, 0, "The bytes moved"},
	{"ops", "ops", COL_NUM, 0, "The number of operations"},
	{"mib_s", "MiB/s", COL_NUM, 0,
	 "The data transfer bandwidth; empty when the row has no length, and "
	 "for other rows"},
	{"sync_s", "sync s", COL_NUM, 0,
	 "Seconds of fsync and fdatasync after the writes (0 for reads), "
	 "summed over the ranks for job and file rows"},
	{"end_sync", "end sync s", COL_NUM, 0,
	 "Where the last of those syncs ended; end without syncs"},
	{"mib_s_sync", "MiB/s incl sync", COL_NUM, 0,
	 "The bandwidth including sync; empty like mib_s"},
	{"folded", "folded", COL_NUM, 0,
	 "For other rows, the phases (job) or files (file) folded into it; 0 "
	 "otherwise"},
	{"path", "file", COL_PATH, 0,
	 "The file of a file row; (n files) for the folded files; empty "
	 "otherwise"},
};
static const struct iol_col mcols[] = {
	LOG_SOURCE,
	{"rank", "rank", COL_NUM, 0,
	 "The rank; -1 for shared records (reduced over all ranks)"},
	{"bin", "bin", COL_NUM, 0, "The time bin, from 0"},
	{"start", "start s", COL_NUM, 0,
	 "Its start, seconds from the start of the job"},
	{"end", "end s", COL_NUM, 0, "Its end"},
	{"bytes_read", "read", COL_NUM, 0,
	 "Bytes read in it, with a fraction where an operation spans bins"},
	{"bytes_written", "written", COL_NUM, 0,
	 "Bytes written in it, the same way"},
};
const struct iol_view iol_view_timeline = IOL_VIEW("timeline", NULL, icols);
const struct iol_view iol_view_timeline_phases =
	IOL_VIEW("timeline", "phases", pcols);
const struct iol_view iol_view_timeline_bins =
	IOL_VIEW("timeline", "bins", mcols);
static const struct iol_view text_bins = {"timeline", "text", mcols + 2, 6};

static const char *opname(int op)
{
	return op ? "read" : "write";
}

/* --layer: 0 POSIX, 1 MPI-IO, -1 POSIX first (iol_timeline_layer) */

/* "DXT_POSIX", "strace", "iolens-trace", "HEATMAP", "Darshan timestamps"... */
static const char *src_name(const struct iol_job *job, int src, int layer)
{
	return iol_timeline_name(job, src, layer);
}

/* What the timeline uses instead of the layer --layer asked for, for a
 * note (text) or a warning (machine formats, whose source column names
 * what was used); NULL when it uses that layer or none was asked. */
const char *view_timeline_layer_note(const struct iol_job *job, int layer)
{
	int src = iol_timeline_source(job);

	if (layer < 0 || src == IOL_TL_NONE)
		return NULL;
	if (src != IOL_TL_DXT)
		return "no DXT in this log: no layer of it is used";
	if (job->kind != IOL_SRC_DARSHAN)
		return layer ? "a trace has no MPI-IO layer: its system calls "
			       "are used"
			     : NULL;
	if (iol_timeline_layer(job, layer) == layer)
		return NULL;
	return layer ? "no MPI-IO DXT in this log: the POSIX layer is used"
		     : "no POSIX DXT in this log: the MPI-IO layer is used";
}

/* Timestamp intervals: the open, write and read span of each POSIX and
 * STDIO record, one row each. */
static void stamp_rows(struct out *o, const char *log,
		       const struct iol_job *job, const char *srcname)
{
	static const char *const what[3] = {"open", "write", "read"};
	struct iol_lowrecs it;
	const struct iol_jrec *r;
	struct iol_recx x;
	int mod;

	iol_lowrecs_init(&it, job);
	while (iol_lowrecs_next(&it, &mod, &r, &x)) {
		const char *path = iol_job_name(job, r->id);
		double s[3] = {x.ostart, x.wstart, x.rstart};
		double e[3] = {x.cend, x.wend, x.rend};
		int64_t b[3] = {-1, x.bw, x.br};
		int w;

		for (w = 0; w < 3; w++) {
			if (!(e[w] > 0) || s[w] < 0)
				continue;
			out_str(o, log);
			out_str(o, srcname);
			out_int(o, r->rank);
			out_str(o, what[w]);
			out_num(o, s[w], 6);
			out_num(o, e[w], 6);
			if (b[w] >= 0)
				out_int(o, b[w]);
			else
				out_null(o);
			out_null(o);
			out_str(o, path ? path : "");
			out_endrow(o);
		}
	}
}

/* HEATMAP intervals: each bin with bytes of each record, its path naming
 * the layer ("heatmap:POSIX") */
static void heat_rows(struct out *o, const char *log, const struct iol_job *job,
		      const char *srcname)
{
	size_t i;
	int64_t b;
	int op;

	for (i = 0; i < job->nheat; i++) {
		const struct iol_jheat *h = &job->heat[i];
		const char *path = iol_job_name(job, h->id);

		for (b = 0; b < h->nbins; b++)
			for (op = 0; op < 2; op++) {
				int64_t v = op ? h->rbins[b] : h->wbins[b];

				if (v <= 0)
					continue;
				out_str(o, log);
				out_str(o, srcname);
				out_int(o, h->rank);
				out_str(o, opname(op));
				out_num(o, h->bin_width * (double)b, 6);
				out_num(o, h->bin_width * (double)(b + 1), 6);
				out_int(o, v);
				out_null(o);
				out_str(o, path ? path : "");
				out_endrow(o);
			}
	}
}

int view_timeline_intervals(struct out *o, const char *log,
			    const struct iol_job *job, int src, int layer,
			    int *first, struct iol_error *err)
{
	const char *srcname = src_name(job, src, layer);

	if (*first)
		out_view(o, &iol_view_timeline);
	*first = 0;
	if (src == IOL_TL_DXT) {
		int which = iol_timeline_layer(job, layer);
		struct iol_segs *it;
		struct iol_seg seg[1024];
		size_t rec;
		int is_read;
		long n, k;

		if (iol_segs_open(&it, job, which, err) < 0)
			return -1;
		while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read, err)) >
		       0) {
			const struct iol_jdxt *x = &job->dxt[which][rec];
			const char *path = iol_job_name(job, x->id);

			for (k = 0; k < n; k++) {
				out_str(o, log);
				out_str(o, srcname);
				out_int(o, x->rank);
				out_str(o, opname(is_read));
				out_num(o, seg[k].start, 6);
				out_num(o, seg[k].end, 6);
				out_int(o, seg[k].len);
				out_int(o, seg[k].off);
				out_str(o, path ? path : "");
				out_endrow(o);
			}
		}
		iol_segs_close(it);
		if (n < 0)
			return -1;
		return 0;
	}
	if (src == IOL_TL_HEATMAP)
		heat_rows(o, log, job, srcname);
	else
		stamp_rows(o, log, job, srcname);
	return 0;
}

static void phase_id(struct out *o, const struct iol_phase *p)
{
	if (p->other)
		out_str(o, "other");
	else
		out_int(o, (int64_t)p->id);
}

/* the path of a file row: "(n files)" for the folded rest */
static const char *row_path(const struct iol_job *job,
			    const struct iol_phase *p, int scope_file,
			    char *buf, size_t n)
{
	const char *path;

	if (p->rank >= 0)
		return "";
	if (p->other && !p->file) {
		if (!p->nfolded)
			return "";
		snprintf(buf, n, "(%lld %s)", (long long)p->nfolded,
			 !scope_file	   ? "phases"
			 : p->nfolded == 1 ? "file"
					   : "files");
		return buf;
	}
	path = p->file ? iol_job_name(job, p->file) : "";
	return path ? path : "";
}

static void phase_row(struct out *o, const char *log, const char *src,
		      const char *scope, const struct iol_phase *p,
		      const char *path)
{
	if (!p->nops)
		return;
	out_str(o, log);
	out_str(o, src);
	out_str(o, scope);
	phase_id(o, p);
	if (p->rank >= 0)
		out_int(o, p->rank);
	else
		out_null(o);
	out_str(o, opname(p->op));
	out_num(o, p->start, 6);
	out_num(o, p->end, 6);
	out_int(o, p->bytes);
	out_int(o, p->nops);
	out_num(o, iol_phase_mibs(p), 2);
	out_num(o, p->sync, 6);
	out_num(o, p->sync_end, 6);
	out_num(o, iol_phase_mibs_sync(p), 2);
	out_int(o, p->nfolded);
	out_str(o, path);
	out_endrow(o);
}

static void phases_rows(struct out *o, const char *log,
			const struct iol_job *job, const struct iol_phases *ph,
			int layer)
{
	const char *src = src_name(job, ph->source, layer);
	char buf[64];
	size_t i;

	for (i = 0; i < ph->njob; i++)
		phase_row(o, log, src, "job", &ph->job[i],
			  row_path(job, &ph->job[i], 0, buf, sizeof(buf)));
	for (i = 0; i < ph->nrank; i++)
		phase_row(o, log, src, "rank", &ph->rank[i], "");
	for (i = 0; i < ph->nfile; i++)
		phase_row(o, log, src, "file", &ph->file[i],
			  row_path(job, &ph->file[i], 1, buf, sizeof(buf)));
}

/* one chart line: a character per time bin for rows lo..hi-1 of m */
static void chart_line(struct out *o, const struct iol_matrix *m, size_t lo,
		       size_t hi, const char *label, const char *note)
{
	char line[1024];
	size_t b, r;

	for (b = 0; b < m->nbins && b < sizeof(line) - 1; b++) {
		int w = 0, rd = 0;

		for (r = lo; r < hi; r++) {
			w |= m->wr[r * m->nbins + b] > 0;
			rd |= m->rd[r * m->nbins + b] > 0;
		}
		line[b] = w && rd ? 'x' : w ? 'w' : rd ? 'r' : '.';
	}
	line[b] = '\0';
	view_lines(o, "  %11s |%s|%s\n", label, line, note);
}

/* what a group row hides: its idle and outlier ranks */
static void group_note(char *note, size_t n, const struct iol_rowgroup *g)
{
	size_t len = g->hi - g->lo;

	note[0] = '\0';
	if (len < 2 || (g->nidle == len) || (!g->nidle && !g->nout))
		return;
	if (g->nidle && g->nout)
		snprintf(note, n, " %zu idle, %zu outlier(s)", g->nidle,
			 g->nout);
	else if (g->nidle)
		snprintf(note, n, " %zu idle", g->nidle);
	else if (g->nout < len)
		snprintf(note, n, " %zu outlier(s)", g->nout);
}

/* the chart of matrix m in rows */
static void chart_body(struct out *o, const struct iol_matrix *m,
		       const struct iol_rows *rows, size_t width)
{
	char how[256];
	size_t g;

	view_lines(o, "  %11s  0 s%*s%.4f s\n", "ranks", (int)width - 3, "",
		   m->t1);
	for (g = 0; g < rows->n; g++) {
		const struct iol_rowgroup *rg = &rows->g[g];
		char label[48], note[64];

		if (rg->hi - rg->lo > 1)
			snprintf(label, sizeof(label), "%zu-%zu", rg->lo,
				 rg->hi - 1);
		else
			snprintf(label, sizeof(label), "%zu", rg->lo);
		group_note(note, sizeof(note), rg);
		chart_line(o, m, rg->lo, rg->hi, label, note);
	}
	if (m->has_shared)
		chart_line(o, m, m->nrank, m->nrank + 1, "shared", "");
	view_lines(o, "  w write, r read, x both, . idle; %zu bins of %.4f s\n",
		   m->nbins, (m->t1 - m->t0) / (double)m->nbins);
	view_lines(o, "  rows: %s\n", iol_rows_caption(rows, how, sizeof(how)));
	if (m->has_shared)
		view_lines(o,
			   "  shared: records Darshan reduced over all ranks "
			   "(rank -1), on no rank's row\n");
	if (m->estimated)
		view_lines(o,
			   "  estimated: each file's bytes spread evenly from "
			   "its first to its last access\n");
	if (m->heat_bin > 0)
		view_lines(o, "  HEATMAP bins of %.4f s\n", m->heat_bin);
}

/* the chart's matrix: computed here, or the caller's (mret its result,
 * merr its error) */
struct chart_mx {
	const struct iol_matrix *m;
	int mret;
	const struct iol_error *merr;
};

/* a character per (row of ranks, time bin): w write, r read, x both;
 * the rows as iol_matrix_rows groups them, shared records on their own
 * line */
static void chart(struct out *o, const struct iol_job *job, size_t width,
		  int layer, const struct chart_mx *given)
{
	struct iol_matrix own = {0};
	const struct iol_matrix *mp = &own;
	struct iol_rows rows;
	struct iol_error err = {0};
	int ret;

	if (given) {
		mp = given->m;
		ret = given->mret;
		if (ret < 0)
			err = *given->merr;
	} else {
		ret = iol_matrix_compute(job, layer, width, &own, &err);
	}
	if (ret < 0 || iol_matrix_rows(mp, 32, &rows, &err) < 0) {
		view_lines(o, "  (no chart: %s)\n", err.msg);
		iol_matrix_free(&own);
		return;
	}
	chart_body(o, mp, &rows, width);
	iol_rows_free(&rows);
	iol_matrix_free(&own);
}

/* one text row of the phase table */
static void text_row(struct out *o, const struct iol_job *job,
		     const struct iol_phase *p, const char *scope, int is_file)
{
	char buf[64];

	if (!p->nops)
		return;
	out_str(o, scope);
	if (p->other)
		out_str(o, "other");
	else
		out_int(o, (int64_t)p->id);
	out_str(o, opname(p->op));
	out_num(o, p->start, 4);
	out_num(o, p->end, 4);
	out_bytes(o, p->bytes);
	out_num(o, iol_phase_mibs(p), 2);
	if (p->op == 0 && p->sync_end > p->end) {
		out_num(o, p->sync_end, 4);
		out_num(o, iol_phase_mibs_sync(p), 2);
	} else {
		out_str(o, "-");
		out_str(o, "-");
	}
	out_str(o, row_path(job, p, is_file, buf, sizeof(buf)));
	out_endrow(o);
}

static void text_phases(struct out *o, const struct iol_job *job,
			const struct iol_phases *ph)
{
	static const struct iol_col cols[] = {
		{"scope", "scope", COL_STR, 0, ""},
		{"phase", "phase", COL_STR, 0, ""},
		{"op", "op", COL_STR, 0, ""},
		{"start", "start s", COL_NUM, 1, ""},
		{"end", "end s", COL_NUM, 1, ""},
		{"bytes", "bytes", COL_NUM, 0, ""},
		{"transfer", "MiB/s", COL_NUM, 0, ""},
		{"sync", "+sync s", COL_NUM, 2, ""},
		{"incl_sync", "MiB/s incl sync", COL_NUM, 2, ""},
		{"path", "file", COL_PATH, 0, ""},
	};
	static const struct iol_view tv = IOL_VIEW("timeline", "text", cols);
	size_t i;

	view_lines(
		o,
		"\nPhases: %zu, split at gaps of %.4f s in writes, %.4f s in "
		"reads, where "
		"the other operation ran, the same data was accessed again or "
		"%g s passed; "
		"phases and files under %g %% of the bytes are folded into "
		"\"other\"\n"
		"MiB/s: the data transfer, from first start to last end; "
		"MiB/s incl sync: "
		"to the end of "
		"the syncs (+sync) after the writes, which DXT does not trace "
		"(from write time)\n",
		ph->nphase, ph->gap[0], ph->gap[1], IOL_PHASE_IDLE,
		IOL_PHASE_FOLD * 100);
	out_view(o, &tv);
	for (i = 0; i < ph->njob; i++)
		text_row(o, job, &ph->job[i], "job", 0);
	for (i = 0; i < ph->nrank; i++) {
		char scope[32];

		snprintf(scope, sizeof(scope), "rank %lld",
			 (long long)ph->rank[i].rank);
		text_row(o, job, &ph->rank[i], scope, 0);
	}
	for (i = 0; i < ph->nfile; i++)
		text_row(o, job, &ph->file[i], "file", 1);
	out_endtable(o);
}

/* width 0: 64, or what the output's width leaves for the labels */
static size_t text_width(const struct out *o, size_t width)
{
	if (width)
		return width;
	return o->width > 0 && o->width - 36 < 64
		       ? (size_t)(o->width - 36 > 16 ? o->width - 36 : 16)
		       : 64;
}

static void text_body(struct out *o, const char *log, const struct iol_job *job,
		      const struct iol_phases *ph, size_t width, int layer,
		      const struct chart_mx *given)
{
	const char *note = view_timeline_layer_note(job, layer);

	view_lines(o, "%s\ntimeline %s\n", log,
		   iol_timeline_desc(job, iol_timeline_source(job), layer));
	if (note)
		view_lines(o, "note: --layer %s: %s\n",
			   layer ? "mpiio" : "posix", note);
	view_lines(o, "\n");
	if (ph->source == IOL_TL_NONE) {
		view_lines(o, "  no I/O intervals in this log\n\n");
		return;
	}
	chart(o, job, width, layer, given);
	if (ph->source == IOL_TL_DXT)
		text_phases(o, job, ph);
	view_lines(o, "\n");
}

int view_timeline_text_job(struct out *o, const char *log,
			   const struct iol_job *job, size_t width, int layer,
			   struct iol_error *err)
{
	struct iol_phases ph;
	struct iol_matrix m;
	struct iol_error merr = {0};
	struct chart_mx mx = {&m, 0, &merr};

	width = text_width(o, width);
	if (iol_phases_compute_mx(job, layer, width, &ph, &m, &mx.mret, &merr,
				  err) < 0) {
		iol_matrix_free(&m);
		return -1;
	}
	text_body(o, log, job, &ph, width, layer, &mx);
	iol_matrix_free(&m);
	iol_phases_free(&ph);
	return 0;
}

/* --bins: the rank x time matrix, a row per rank and bin (text: the
 * bins with bytes).  *first: the machine table's header is still due. */
int view_timeline_matrix(struct out *o, const char *log,
			 const struct iol_job *job, int layer, int64_t bins,
			 int *first, struct iol_error *err)
{
	struct iol_matrix m;
	size_t r, b;

	if (iol_matrix_compute(job, layer, (size_t)bins, &m, err) < 0)
		return -1;
	if (o->fmt == FMT_TEXT) {
		view_lines(o, "%s\nbytes per rank and time bin, %s%s\n", log,
			   iol_timeline_desc(job, m.source, layer),
			   m.has_shared ? "; rank -1: shared records (reduced "
					  "over all ranks)"
					: "");
		out_view(o, &text_bins);
	} else if (*first) {
		out_view(o, &iol_view_timeline_bins);
	}
	/* the shared row (rank -1) after the ranks, when it has bytes */
	for (r = 0; r < m.nrank + (size_t)m.has_shared; r++)
		for (b = 0; b < m.nbins; b++) {
			double w = (m.t1 - m.t0) / (double)m.nbins;
			double rb = m.rd[r * m.nbins + b];
			double wb = m.wr[r * m.nbins + b];

			if (o->fmt == FMT_TEXT && rb == 0 && wb == 0)
				continue;
			if (o->fmt != FMT_TEXT) {
				out_str(o, log);
				out_str(o, src_name(job, m.source, layer));
			}
			out_int(o, r < m.nrank ? (int64_t)r : -1);
			out_int(o, (int64_t)b);
			out_num(o, m.t0 + w * (double)b, 6);
			out_num(o, m.t0 + w * (double)(b + 1), 6);
			out_num(o, rb, 0);
			out_num(o, wb, 0);
			out_endrow(o);
		}
	iol_matrix_free(&m);
	if (o->fmt == FMT_TEXT) {
		out_endtable(o);
		view_lines(o, "\n");
	} else {
		*first = 0;
	}
	return 0;
}

void view_timeline_phases(struct out *o, const char *log,
			  const struct iol_job *job,
			  const struct iol_phases *ph, size_t width, int layer,
			  int *first)
{
	if (o->fmt == FMT_TEXT) {
		text_body(o, log, job, ph, text_width(o, width), layer, NULL);
		return;
	}
	if (*first)
		out_view(o, &iol_view_timeline_phases);
	*first = 0;
	phases_rows(o, log, job, ph, layer);
}
