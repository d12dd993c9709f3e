/*
 * iolens timeline: when each rank did I/O.  Intervals come from DXT
 * segments when the log has them, else from the per-file timestamps
 * (METRICS.md 8); the source is always named.  Text draws a per-rank
 * chart and the phase bandwidths; machine formats stream one interval per
 * row (bounded memory however many segments), or with --phases the
 * per-rank, per-file and job phases, or with --bins a rank x time matrix.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/phases.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] = "usage: iolens timeline [--bins n] [--format "
				"fmt] [--layer posix|mpiio]\n"
				"                       [--output file] "
				"[--phases] [--width n] log ...\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nPer-rank intervals of I/O activity, from DXT traces when "
	       "present,\n"
	       "else from Darshan's per-file timestamps, and the bandwidth of "
	       "each\n"
	       "phase (all writes, all reads) per rank, file and job.\n\n"
	       "  --bins n           a rank x time matrix of bytes in n time "
	       "bins\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  --layer name       the DXT trace to use: posix (the default "
	       "when\n"
	       "                     it has segments) or mpiio\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "  --phases           machine formats: phases instead of "
	       "intervals\n"
	       "  --width n          text chart width in columns (default 64)\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n",
	       trace_help);
}

static const char *const icols[] = {
	"log", "source", "rank",   "op",   "start",
	"end", "bytes",	 "offset", "path",
};
static const char *const pcols[] = {
	"log",	    "source",	  "scope",  "phase", "rank",  "op",
	"start",    "end",	  "bytes",  "ops",   "mib_s", "sync_s",
	"end_sync", "mib_s_sync", "folded", "path",
};
static const char *const mcols[] = {
	"log",	 "source", "rank",	 "bin",
	"start", "end",	   "bytes_read", "bytes_written",
};

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
static const char *layer_note(const struct iol_job *job, int layer)
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

static int intervals(struct out *o, const char *log, const struct iol_job *job,
		     int src, int layer)
{
	const char *srcname = src_name(job, src, layer);
	struct iol_error err = {0};

	if (src == IOL_TL_DXT) {
		int which = iol_timeline_layer(job, layer);
		struct iol_segs *it;
		struct iol_seg seg[1024];
		size_t rec;
		int is_read;
		long n, k;

		if (iol_segs_open(&it, job, which, &err) < 0) {
			msg_ioerr(log, err.code, &err);
			return -1;
		}
		while ((n = iol_segs_next(it, seg, 1024, &rec, &is_read,
					  &err)) > 0) {
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
		if (n < 0) {
			msg_ioerr(log, err.code, &err);
			return -1;
		}
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
	out_text(o, "  %11s |%s|%s\n", label, line, note);
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

/* a character per (row of ranks, time bin): w write, r read, x both;
 * the rows as iol_matrix_rows groups them, shared records on their own
 * line */
static void chart(struct out *o, const struct iol_job *job, size_t width,
		  int layer)
{
	struct iol_matrix m;
	struct iol_rows rows;
	struct iol_error err = {0};
	char how[256];
	size_t g;

	if (iol_matrix_compute(job, layer, width, &m, &err) < 0 ||
	    iol_matrix_rows(&m, 32, &rows, &err) < 0) {
		out_text(o, "  (no chart: %s)\n", err.msg);
		iol_matrix_free(&m);
		return;
	}
	out_text(o, "  %11s  0 s%*s%.4f s\n", "ranks", (int)width - 3, "",
		 m.t1);
	for (g = 0; g < rows.n; g++) {
		const struct iol_rowgroup *rg = &rows.g[g];
		char label[48], note[64];

		if (rg->hi - rg->lo > 1)
			snprintf(label, sizeof(label), "%zu-%zu", rg->lo,
				 rg->hi - 1);
		else
			snprintf(label, sizeof(label), "%zu", rg->lo);
		group_note(note, sizeof(note), rg);
		chart_line(o, &m, rg->lo, rg->hi, label, note);
	}
	if (m.has_shared)
		chart_line(o, &m, m.nrank, m.nrank + 1, "shared", "");
	out_text(o, "  w write, r read, x both, . idle; %zu bins of %.4f s\n",
		 m.nbins, (m.t1 - m.t0) / (double)m.nbins);
	out_text(o, "  rows: %s\n", iol_rows_caption(&rows, how, sizeof(how)));
	if (m.has_shared)
		out_text(o, "  shared: records Darshan reduced over all ranks "
			    "(rank -1), on no rank's row\n");
	if (m.estimated)
		out_text(o, "  estimated: each file's bytes spread evenly from "
			    "its first to its last access\n");
	if (m.heat_bin > 0)
		out_text(o, "  HEATMAP bins of %.4f s\n", m.heat_bin);
	iol_rows_free(&rows);
	iol_matrix_free(&m);
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
	static const char *const cols[] = {
		"scope", "phase",    "op",    "start",	   "end",
		"bytes", "transfer", "+sync", "incl sync", "path",
	};
	size_t i;

	out_text(o,
		 "\nPhases: %zu, split at gaps of %.4f s in writes, %.4f s in "
		 "reads, where\n"
		 "the other operation ran, the same data was accessed again or "
		 "%g s passed;\n"
		 "phases and files under %g %% of the bytes are folded into "
		 "\"other\"\n"
		 "transfer: MiB/s from first start to last end; incl sync: "
		 "MiB/s to the end of\n"
		 "the syncs (+sync) after the writes, which DXT does not trace "
		 "(from write time)\n",
		 ph->nphase, ph->gap[0], ph->gap[1], IOL_PHASE_IDLE,
		 IOL_PHASE_FOLD * 100);
	out_table(o, cols, 10);
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

static void text(struct out *o, const char *log, const struct iol_job *job,
		 const struct iol_phases *ph, size_t width, int layer)
{
	const char *note = layer_note(job, layer);

	out_text(o, "%s\ntimeline %s\n", log,
		 iol_timeline_desc(job, iol_timeline_source(job), layer));
	if (note)
		out_text(o, "note: --layer %s: %s\n", layer ? "mpiio" : "posix",
			 note);
	out_text(o, "\n");
	if (ph->source == IOL_TL_NONE) {
		out_text(o, "  no I/O intervals in this log\n\n");
		return;
	}
	chart(o, job, width, layer);
	if (ph->source == IOL_TL_DXT)
		text_phases(o, job, ph);
	out_text(o, "\n");
}

struct topts {
	int64_t bins, width;
	int phases, layer;
};

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct topts *t = ctx;

	switch (opt) {
	case 'b':
		if (parse_count(arg, &t->bins) < 0 || t->bins > 100000) {
			usage_error("--bins wants 1 to 100000, not '%s'", arg);
			return -1;
		}
		return 1;
	case 'p': t->phases = 1; return 1;
	case 'w':
		if (parse_count(arg, &t->width) < 0 || t->width < 8 ||
		    t->width > 1000) {
			usage_error("--width wants 8 to 1000, not '%s'", arg);
			return -1;
		}
		return 1;
	case 'l':
		if (!strcmp(arg, "posix"))
			t->layer = 0;
		else if (!strcmp(arg, "mpiio") || !strcmp(arg, "mpi-io"))
			t->layer = 1;
		else {
			usage_error("--layer wants posix or mpiio, not '%s'",
				    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

/* --bins: the rank x time matrix, a row per rank and bin (text: the
 * bins with bytes).  *first: the machine table's header is still due. */
static int matrix_rows(struct out *o, const char *log,
		       const struct iol_job *job, const struct topts *t,
		       int *first)
{
	struct iol_error err = {0};
	struct iol_matrix m;
	size_t r, b;

	if (iol_matrix_compute(job, t->layer, (size_t)t->bins, &m, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	if (o->fmt == FMT_TEXT) {
		out_text(o, "%s\nbytes per rank and time bin, %s%s\n", log,
			 iol_timeline_desc(job, m.source, t->layer),
			 m.has_shared ? "; rank -1: shared records (reduced "
					"over all ranks)"
				      : "");
		out_table(o, mcols + 2, 6);
	} else if (*first) {
		out_table(o, mcols, 8);
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
				out_str(o, src_name(job, m.source, t->layer));
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
		out_text(o, "\n");
	} else {
		*first = 0;
	}
	return 0;
}

int cmd_timeline(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"bins", required_argument, NULL, 'b'},
		{"layer", required_argument, NULL, 'l'},
		{"phases", no_argument, NULL, 'p'},
		{"width", required_argument, NULL, 'w'},
		{NULL, 0, NULL, 0},
	};
	struct topts t = {0, 64, 0, -1};
	struct iol_inputs in;
	struct copts co;
	struct out o;
	int rc, i, first = 1;

	rc = copts_start(&co, argc, argv, longopts, help, extra_opt, &t, &o,
			 &i);
	if (rc >= 0)
		return rc;
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	if (t.bins && t.phases) {
		out_close(&o, 0);
		iol_inputs_release(&in);
		return usage_error("--bins and --phases cannot be combined");
	}
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;
		struct iol_error err = {0};
		struct iol_phases ph;
		int src;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		src = iol_timeline_source(job);
		if ((co.fmt != FMT_TEXT || t.bins) && layer_note(job, t.layer))
			msg("warning: '%s': --layer %s: %s", in.v[j].name,
			    t.layer ? "mpiio" : "posix",
			    layer_note(job, t.layer));
		if (t.bins) {
			if (matrix_rows(&o, in.v[j].name, job, &t, &first) < 0)
				rc = EXIT_DATA;
			iol_job_close(job);
			continue;
		}
		if (co.fmt != FMT_TEXT && !t.phases) {
			if (first)
				out_table(&o, icols, 9);
			first = 0;
			if (intervals(&o, in.v[j].name, job, src, t.layer) < 0)
				rc = EXIT_DATA;
			iol_job_close(job);
			continue;
		}
		if (iol_phases_compute(job, t.layer, &ph, &err) < 0) {
			msg_ioerr(in.v[j].name, err.code, &err);
			rc = EXIT_DATA;
			iol_job_close(job);
			continue;
		}
		if (co.fmt == FMT_TEXT) {
			text(&o, in.v[j].name, job, &ph, (size_t)t.width,
			     t.layer);
		} else {
			if (first)
				out_table(&o, pcols, 16);
			first = 0;
			phases_rows(&o, in.v[j].name, job, &ph, t.layer);
		}
		iol_phases_free(&ph);
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	if (!first)
		out_endtable(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	return rc;
}
