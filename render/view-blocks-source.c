/*
 * The views of `iolens blocks --source`: the blocks a program's source
 * predicts (code/extract.h), as a tree of prose for people or a row a
 * block, ranked by predicted I/O time when there is a cost model; and,
 * with a trace, the join of predicted and measured blocks (code/join.h)
 * side by side, with how far apart they are.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/views.h"
#include "render/diag.h"
#include "analysis/blocks.h"
#include "analysis/iocost.h"
#include "code/join.h"
#include "base/banned.h"

static const char *const st_name[] = {"exact",	 "calls exact",	  "differs",
				      "unknown", "not predicted", "up to"};

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* the columns the source rows and the join rows share */
#define BLOCK_COLS                                                         \
	{"block", "block", COL_STR, 0,                                     \
	 "The block: function, function:line, or deeper lines"},           \
		{"kind", "kind", COL_STR, 0,                               \
		 "function, loop, branch or line"},                        \
		{"function", "function", COL_STR, 0, "The function"},      \
		{"file", "file", COL_PATH, 0, "Source file"},              \
		{"line", "line", COL_NUM, 0, "Its line"},                  \
		{"trip_count", "trips", COL_NUM, 0,                        \
		 "A loop's trip count (measured: its iterations)"},        \
		{"calls", "calls", COL_NUM, 0, "Calls"},                   \
		{"opens", "opens", COL_NUM, 0, "Opens"},                   \
		{"reads", "reads", COL_NUM, 0, "Reads"},                   \
		{"writes", "writes", COL_NUM, 0, "Writes"},                \
		{"syncs", "syncs", COL_NUM, 0, "Flushes and syncs"},       \
		{"bytes_read", "read", COL_NUM, 0, "Bytes read"},          \
		{"bytes_written", "written", COL_NUM, 0, "Bytes written"}, \
		{"files", "files", COL_NUM, 0, "Files opened (P9)"},       \
		{"io_time_s", "I/O time s", COL_NUM, 0,                    \
		 "Measured seconds in the calls"},                         \
		{"intensity", "intensity", COL_NUM, 0,                     \
		 "Measured I/O time over the block's span"},

/* a count's part outside loops of unknown trip count, and per
 * iteration of them */
#define PART_COLS(k, what)                                          \
	{k "_once", k " once", COL_NUM, 0,                          \
	 "Predicted " what " outside loops of unknown trip count"}, \
	{                                                           \
		k "_per_iter", k "/iter", COL_NUM, 0,               \
			"Predicted " what                           \
			" per iteration of loops of unknown "       \
			"trip count"                                \
	}

static const struct iol_col source_cols[] = {
	BLOCK_COLS{"predicted_io_time_s", "pred I/O time s", COL_NUM, 0,
		   "Predicted calls times the cost model's costs (blocks "
		   "--calibrate)"},
	{"sys_reads", "read(2)", COL_NUM, 0,
	 "Predicted read system calls: POSIX reads one each, buffered stdio "
	 "its bytes over its stream's buffer, rounded up"},
	{"sys_writes", "write(2)", COL_NUM, 0,
	 "Predicted write system calls: POSIX writes one each, buffered "
	 "stdio its full buffers (rounded down), and one a flush or close "
	 "of a stream written since"},
	/* the parts of the text's "12+2/iter", "? (3 of unknown size)" and
	 * its notes, so that no number of the text is missing here */
	PART_COLS("calls", "calls"),
	PART_COLS("opens", "opens"),
	PART_COLS("reads", "reads"),
	PART_COLS("writes", "writes"),
	PART_COLS("syncs", "flushes and syncs"),
	PART_COLS("bytes_read", "bytes read of known size"),
	PART_COLS("bytes_written", "bytes written of known size"),
	{"conditional", "cond", COL_NUM, 0,
	 "Calls under a condition (the larger arm of each if counted)"},
	{"unsized_reads", "unsized reads", COL_NUM, 0,
	 "Reads of a size the source does not fix"},
	{"unsized_writes", "unsized writes", COL_NUM, 0,
	 "Writes of a size the source does not fix"},
	{"not_counted", "not counted", COL_STR, 0,
	 "What the counts leave out: recursion, mpi (MPI's start or end), "
	 "pointer (a call through a pointer), nobody (a function without "
	 "a body here), separated by spaces"},
	/* the measured rows' columns not above, so rows join (issue 33
	 * D5) */
	{"random", "random", COL_NUM, 0,
	 "Predicted seeks and positioned calls (pread, pwrite): the "
	 "measured random transfers' sign (P12)"},
	{"small", "small", COL_NUM, 0,
	 "Predicted reads and writes of a known size under 4 KiB (P13)"},
	{"procs", "procs", COL_NUM, 0,
	 "Processes: empty, the source does not say how many run"},
	{"path", "call path", COL_STR, 0,
	 "The block's path from its function, labels as the measured "
	 "blocks' call path (function(), loop file:line, file:line; a "
	 "branch only in its own) joined by ';': the end of the measured "
	 "path, a key that joins rows across runs"},
};

static const struct iol_col join_cols[] = {
	BLOCK_COLS{"predicted_trip_count", "pred trips", COL_NUM, 0,
		   "A loop's predicted iterations over the run"},
	{"predicted_calls", "pred calls", COL_NUM, 0, "Predicted calls"},
	{"predicted_opens", "pred opens", COL_NUM, 0, "Predicted opens"},
	{"predicted_reads", "pred reads", COL_NUM, 0, "Predicted reads"},
	{"predicted_writes", "pred writes", COL_NUM, 0, "Predicted writes"},
	{"predicted_syncs", "pred syncs", COL_NUM, 0, "Predicted syncs"},
	{"predicted_bytes_read", "pred read", COL_NUM, 0,
	 "Predicted bytes read"},
	{"predicted_bytes_written", "pred written", COL_NUM, 0,
	 "Predicted bytes written"},
	{"calls_diff", "calls diff", COL_NUM, 0,
	 "Measured less predicted calls"},
	{"bytes_diff", "bytes diff", COL_NUM, 0,
	 "Measured less predicted bytes"},
	{"calls_error_pct", "calls error %", COL_NUM, 0,
	 "(predicted - measured) / measured x 100, calls"},
	{"bytes_error_pct", "bytes error %", COL_NUM, 0,
	 "(predicted - measured) / measured x 100, bytes"},
	{"status", "status", COL_STR, 0,
	 "exact, calls exact, differs, unknown, not predicted or up to"},
	{"predicted_io_time_s", "pred I/O time s", COL_NUM, 0,
	 "Predicted calls over the run times the cost model's costs"},
	{"predicted_sys_reads", "pred read(2)", COL_NUM, 0,
	 "Predicted read system calls over the run (buffered stdio through "
	 "its buffer), to compare with the measured reads"},
	{"predicted_sys_writes", "pred write(2)", COL_NUM, 0,
	 "Predicted write system calls over the run (buffered stdio through "
	 "its buffer), to compare with the measured writes"},
	{"conditional", "cond", COL_NUM, 0,
	 "Predicted calls under a condition (the larger arm of each if "
	 "counted), one run of the block"},
	{"random", "random", COL_NUM, 0,
	 "Measured transfers not starting where the process's last on the "
	 "file ended (P12)"},
	{"small", "small", COL_NUM, 0, "Measured transfers under 4 KiB (P13)"},
	{"procs", "procs", COL_NUM, 0,
	 "Measured distinct processes (the most of the block's call paths)"},
	{"path", "call path", COL_STR, 0,
	 "The block's path from its function, as the source rows' path"},
};

const struct iol_view iol_view_blocks_source_rows =
	IOL_VIEW("blocks", "source", source_cols);
const struct iol_view iol_view_blocks_join_rows =
	IOL_VIEW("blocks", "source-and-trace", join_cols);

/* ---- predicted only ---- */

static int64_t files_of(const struct iol_cpred *p)
{
	int64_t a = p->fixed[IOL_CP_FILES], b = p->fixed[IOL_CP_FILES_LIT];

	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

/* a + b of counts, at most INT64_MAX */
static int64_t sum_sat(int64_t a, int64_t b)
{
	return b > 0 && a > INT64_MAX - b ? INT64_MAX : a + b;
}

/* a - b of counts, not below 0 */
static int64_t less_sat(int64_t a, int64_t b)
{
	return a > b ? a - b : 0;
}

/* A block's predicted I/O time, each loop of unknown trip count taken
 * once (as blocks are ranked), sizes the source does not fix as the
 * smallest class, positioned calls (pread, pwrite, seeks) as random. */
static double src_time(const struct iol_iocost *c, const struct iol_cblock *b)
{
	const struct iol_cpred *p = &b->pred;
	struct iol_iocalls n;
	int64_t v[IOL_CP_N], by;
	double sh;
	int k;

	memset(&n, 0, sizeof(n));
	/* the counts saturate at INT64_MAX (nested loops' calls): so do
	 * their sums, and the other calls are taken off down to 0 */
	for (k = 0; k < IOL_CP_N; k++)
		v[k] = sum_sat(p->fixed[k], p->per[k]);
	n.opens = v[IOL_CP_OPENS];
	n.creates = v[IOL_CP_CREATES];
	n.scratch = v[IOL_CP_SCRATCH];
	n.reads = v[IOL_CP_READS];
	n.writes = v[IOL_CP_WRITES];
	n.syncs = v[IOL_CP_SYNCS];
	n.others = less_sat(
		less_sat(less_sat(less_sat(v[IOL_CP_CALLS], n.opens), n.reads),
			 n.writes),
		n.syncs);
	n.unlinks = v[IOL_CP_UNLINKS];
	/* system calls, as the model costs them (join.c's predict_time) */
	n.syncs -= v[IOL_CP_SFLUSH];
	if (iol_cpred_sys(p, 0) >= 0)
		n.writes = iol_cpred_sys(p, 0);
	if (iol_cpred_sys(p, 1) >= 0)
		n.reads = iol_cpred_sys(p, 1);
	n.positioned = v[IOL_CP_SEEKS] < sum_sat(n.reads, n.writes)
			       ? v[IOL_CP_SEEKS]
			       : sum_sat(n.reads, n.writes);
	n.bytes_read = v[IOL_CP_BYTES_READ];
	n.bytes_written = v[IOL_CP_BYTES_WRITTEN];
	/* MPI-IO's, of them: at least the POSIX calls they make */
	n.mpi_opens = v[IOL_CP_MPI_OPENS];
	n.mpi_others = v[IOL_CP_MPI_OTHERS];
	n.mpi_reads = v[IOL_CP_MPI_R];
	n.mpi_writes = v[IOL_CP_MPI_W];
	n.mpi_bytes_read = v[IOL_CP_MPI_BR];
	n.mpi_bytes_written = v[IOL_CP_MPI_BW];
	/* as a rerun in its directory finds its files */
	if (iol_cblock_rerun(b, &by, &sh))
		iol_iocalls_rerun(&n, by, sh,
				  less_sat(v[IOL_CP_CLOSES], v[IOL_CP_KCLOSES]),
				  v[IOL_CP_TCLOSES]);
	return iol_iocost_calls(c, &n);
}

/* what p's counts leave out, as words */
static void not_counted(struct out *o, const struct iol_cpred *p)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s%s%s%s", p->recursive ? " recursion" : "",
		 p->opaque & IOL_COPAQUE_MPI ? " mpi" : "",
		 p->opaque & IOL_COPAQUE_PTR ? " pointer" : "",
		 p->opaque & IOL_COPAQUE_NOBODY ? " nobody" : "");
	out_str(o, buf[0] ? buf + 1 : "");
}

/* the columns of PART_COLS and after: the text's numbers whole */
static void parts(struct out *o, const struct iol_cpred *p)
{
	static const enum iol_cpk ks[] = {
		IOL_CP_CALLS,	      IOL_CP_OPENS, IOL_CP_READS,
		IOL_CP_WRITES,	      IOL_CP_SYNCS, IOL_CP_BYTES_READ,
		IOL_CP_BYTES_WRITTEN,
	};
	size_t i;

	for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
		out_int(o, p->fixed[ks[i]]);
		out_int(o, p->per[ks[i]]);
	}
	/* saturated, as the counts they sum (nested loops of 2^64) */
	out_int(o, sum_sat(p->fixed[IOL_CP_CONDITIONAL],
			   p->per[IOL_CP_CONDITIONAL]));
	out_int(o,
		sum_sat(p->fixed[IOL_CP_UNSIZED_R], p->per[IOL_CP_UNSIZED_R]));
	out_int(o,
		sum_sat(p->fixed[IOL_CP_UNSIZED_W], p->per[IOL_CP_UNSIZED_W]));
	not_counted(o, p);
}

/* one label of a block's path, as the measured blocks' (analysis/
 * blocks.c's label()): ';', the separator, never in it */
static void path_label(char *buf, size_t n, const char *kind, const char *func,
		       const char *file, int line)
{
	char *s;

	if (!strcmp(kind, "function"))
		snprintf(buf, n, "%s%s", func, strchr(func, '(') ? "" : "()");
	else if (!strcmp(kind, "line"))
		snprintf(buf, n, "%s:%d", base(file), line);
	else
		snprintf(buf, n, "%s %s:%d", kind, base(file), line);
	for (s = buf; (s = strchr(s, ';')) != NULL;)
		*s = ',';
}

/* b's labels from its function into buf (of n, at least 1), branches
 * only where b is one: a trace sees no branch, so the path of what is in
 * one stays the end of the measured path */
static void path_of(const struct iol_cblock *b, char *buf, size_t n)
{
	const struct iol_cblock *v[64], *x;
	char lab[512];
	size_t k = 0, at = 0;

	for (x = b; x && k < sizeof(v) / sizeof(v[0]); x = x->parent)
		if (x == b || x->kind != IOL_CB_BRANCH)
			v[k++] = x;
	buf[0] = '\0';
	while (k-- > 0 && at < n) {
		path_label(lab, sizeof(lab), iol_cblock_kind_name(v[k]->kind),
			   v[k]->function, v[k]->file, (int)v[k]->line);
		at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? ";" : "",
				       lab);
	}
}

/* a joined row's path: its block's, or a measured one's from its
 * function */
static void jpath_of(const struct iol_cjrow *r, char *buf, size_t n)
{
	char lab[512];
	size_t at;

	if (r->pb) {
		path_of(r->pb, buf, n);
		return;
	}
	path_label(buf, n, "function", r->func, r->file, r->line);
	if (!strcmp(r->kind, "function"))
		return;
	path_label(lab, sizeof(lab), r->kind, r->func, r->file, r->line);
	at = strlen(buf);
	snprintf(buf + at, n - at, ";%s", lab);
}

/* the measured rows' columns, predicted (source_cols' last) */
static void src_measured_cols(struct out *o, const struct iol_cblock *b)
{
	char path[4096];
	const struct iol_cpred *p = &b->pred;

	if (iol_cpred_exact(p, IOL_CP_SEEKS))
		out_int(o, p->fixed[IOL_CP_SEEKS]);
	else
		out_null(o);
	if (iol_cpred_exact(p, IOL_CP_SMALL))
		out_int(o, p->fixed[IOL_CP_SMALL]);
	else
		out_null(o);
	out_null(o);
	path_of(b, path, sizeof(path));
	out_str(o, path);
}

static void row(struct out *o, const struct iol_cblock *b,
		const struct iol_iocost *cost)
{
	static const enum iol_cpk ks[] = {
		IOL_CP_CALLS,	      IOL_CP_OPENS, IOL_CP_READS,
		IOL_CP_WRITES,	      IOL_CP_SYNCS, IOL_CP_BYTES_READ,
		IOL_CP_BYTES_WRITTEN, IOL_CP_FILES,
	};
	size_t i;

	out_str(o, b->id);
	out_str(o, iol_cblock_kind_name(b->kind));
	out_str(o, b->function);
	out_str(o, b->file);
	out_int(o, b->line);
	if (b->kind == IOL_CB_LOOP && b->trip >= 0)
		out_int(o, b->trip);
	else
		out_null(o);
	for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
		if (!iol_cpred_exact(&b->pred, ks[i]))
			out_null(o);
		else if (ks[i] == IOL_CP_FILES)
			out_int(o, files_of(&b->pred));
		else
			out_int(o, b->pred.fixed[ks[i]]);
	}
	/* measured only: I/O time, intensity */
	out_null(o);
	out_null(o);
	out_num(o, cost ? src_time(cost, b) : NAN, 9);
	for (i = 0; i < 2; i++) {
		int64_t n = iol_cpred_sys(&b->pred, i == 0);

		if (n < 0)
			out_null(o);
		else
			out_int(o, n);
	}
	parts(o, &b->pred);
	src_measured_cols(o, b);
	out_endrow(o);
}

/* ---- the tree for people ---- */

/* "12", "2/iter", "12+2/iter" */
static const char *count_str(char *buf, size_t n, const struct iol_cpred *p,
			     enum iol_cpk k)
{
	if (!p->per[k])
		snprintf(buf, n, "%lld", (long long)p->fixed[k]);
	else if (!p->fixed[k])
		snprintf(buf, n, "%lld/iter", (long long)p->per[k]);
	else
		snprintf(buf, n, "%lld+%lld/iter", (long long)p->fixed[k],
			 (long long)p->per[k]);
	return buf;
}

static const char *bytes_str(char *buf, size_t n, const struct iol_cpred *p,
			     enum iol_cpk k, enum iol_cpk unsized)
{
	char a[32], b[32];
	/* at most INT64_MAX: nested loops' counts saturate there */
	int64_t u = p->fixed[unsized] > INT64_MAX - p->per[unsized]
			    ? INT64_MAX
			    : p->fixed[unsized] + p->per[unsized];

	fmt_bytes(a, sizeof(a), (double)p->fixed[k], BYTES_TEXT);
	fmt_bytes(b, sizeof(b), (double)p->per[k], BYTES_TEXT);
	if (!p->per[k])
		snprintf(buf, n, "%s", a);
	else if (!p->fixed[k])
		snprintf(buf, n, "%s/iter", b);
	else
		snprintf(buf, n, "%s+%s/iter", a, b);
	if (u && !p->fixed[k] && !p->per[k]) {
		snprintf(buf, n, "? (%lld of unknown size)", (long long)u);
	} else if (u) {
		size_t l = strlen(buf);

		snprintf(buf + l, n - l, " + %lld of unknown size",
			 (long long)u);
	}
	return buf;
}

/* a block with buffered stdio: the system calls it makes */
static int buffered(const struct iol_cpred *p)
{
	static const enum iol_cpk ks[] = {IOL_CP_BUF_R, IOL_CP_BUF_W,
					  IOL_CP_FBUF_W, IOL_CP_BUFFERED};
	size_t i;

	for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++)
		if (p->fixed[ks[i]] || p->per[ks[i]])
			return 1;
	return 0;
}

static void sys_text(struct out *o, const struct iol_cpred *p)
{
	int i;

	if (!buffered(p))
		return;
	for (i = 0; i < 2; i++) {
		int64_t n = iol_cpred_sys(p, i == 0);

		if (!p->fixed[i ? IOL_CP_WRITES : IOL_CP_READS] &&
		    !p->per[i ? IOL_CP_WRITES : IOL_CP_READS])
			continue;
		if (n < 0)
			out_text(o, ", %s(2) ?", i ? "write" : "read");
		else
			out_text(o, ", %s(2) about %lld", i ? "write" : "read",
				 (long long)n);
	}
}

static void pred_text(struct out *o, const struct iol_cblock *b,
		      const struct iol_iocost *cost)
{
	const struct iol_cpred *p = &b->pred;
	static const struct {
		enum iol_cpk k;
		const char *name;
	} cs[] = {
		{IOL_CP_OPENS, "opens"},
		{IOL_CP_READS, "reads"},
		{IOL_CP_WRITES, "writes"},
		{IOL_CP_SYNCS, "syncs"},
		{IOL_CP_CONDITIONAL, "under a condition"},
	};
	char buf[128];
	size_t i;

	out_text(o, ": calls %s", count_str(buf, sizeof(buf), p, IOL_CP_CALLS));
	for (i = 0; i < sizeof(cs) / sizeof(cs[0]); i++)
		if (p->fixed[cs[i].k] || p->per[cs[i].k])
			out_text(o, ", %s %s", cs[i].name,
				 count_str(buf, sizeof(buf), p, cs[i].k));
	if (p->fixed[IOL_CP_READS] || p->per[IOL_CP_READS])
		out_text(o, ", read %s",
			 bytes_str(buf, sizeof(buf), p, IOL_CP_BYTES_READ,
				   IOL_CP_UNSIZED_R));
	if (p->fixed[IOL_CP_WRITES] || p->per[IOL_CP_WRITES])
		out_text(o, ", written %s",
			 bytes_str(buf, sizeof(buf), p, IOL_CP_BYTES_WRITTEN,
				   IOL_CP_UNSIZED_W));
	sys_text(o, p);
	if (p->recursive)
		out_text(o, ", recursion not counted");
	if (p->opaque & IOL_COPAQUE_MPI)
		out_text(o, ", plus the I/O of MPI's start or end (unknown)");
	if (p->opaque & IOL_COPAQUE_PTR)
		out_text(o, ", plus the I/O of a function called through a "
			    "pointer (unknown)");
	if (p->opaque & IOL_COPAQUE_NOBODY)
		out_text(o, ", plus the I/O of functions without a body "
			    "here (unknown)");
	if (cost)
		out_text(o, ", I/O time %.6f s", src_time(cost, b));
	out_text(o, "\n");
}

static void call_text(struct out *o, const struct iol_ccall *cc, int depth)
{
	char sz[32];

	out_text(o, "%*s", depth * 2, "");
	if (cc->op == IOL_COP_CALL) {
		out_text(o, "%s()%s\n", cc->name,
			 cc->thread == 2   ? " (at exit)"
			 : cc->thread == 1 ? " (a thread's start)"
					   : "");
		return;
	}
	if (cc->op == IOL_COP_LIB && cc->nobody) {
		out_text(o,
			 "%s() (no body in these sources: its I/O unknown)\n",
			 cc->name);
		return;
	}
	if (cc->op == IOL_COP_LIB && cc->api == IOL_CAPI_USER) {
		out_text(o,
			 "%s (which function is not known: its I/O not "
			 "predicted)\n",
			 cc->name);
		return;
	}
	if (cc->op == IOL_COP_LIB) {
		/* as iolens blocks labels it under this line */
		out_text(o, "%s ([MPI: %s], its own I/O not predicted)\n",
			 cc->name, cc->name);
		return;
	}
	out_text(o, "%s (%s", cc->name, iol_capi_name(cc->api));
	if (cc->op == IOL_COP_READ || cc->op == IOL_COP_WRITE) {
		if (cc->size >= 0)
			out_text(o, ", %s%s",
				 fmt_bytes(sz, sizeof(sz), (double)cc->size,
					   BYTES_TEXT),
				 cc->assumed ? " assumed" : "");
		else
			out_text(o, ", size unknown");
	}
	if (cc->path)
		out_text(o, ", \"%s\"", cc->path);
	if (cc->api == IOL_CAPI_STDIO &&
	    (cc->op == IOL_COP_READ || cc->op == IOL_COP_WRITE)) {
		if (cc->bufsize > 0)
			out_text(o, ", buffer %s",
				 fmt_bytes(sz, sizeof(sz), (double)cc->bufsize,
					   BYTES_TEXT));
		else
			out_text(o, cc->bufsize ? ", buffer unknown"
						: ", unbuffered");
	}
	out_text(o, ")\n");
}

static const struct iol_cblock **kids(const struct iol_cblock *b, size_t *n);

static void tree_text(struct out *o, const struct iol_cblock *b, int depth,
		      const struct iol_iocost *cost)
{
	const struct iol_cblock *ch, **k;
	const struct iol_ccall *cc;
	size_t i, n;

	out_text(o, "%*s", depth * 2, "");
	if (b->kind == IOL_CB_FUNCTION)
		out_text(o, "function %s %s:%u", b->function, b->file, b->line);
	else if (b->kind == IOL_CB_BRANCH && b->upto)
		out_text(o, "case %s:%u (up to: the value is not known)",
			 b->file, b->line);
	else
		out_text(o, "%s %s:%u", iol_cblock_kind_name(b->kind), b->file,
			 b->line);
	if (b->kind == IOL_CB_LOOP) {
		if (b->trip >= 0)
			out_text(o, " x%lld%s", (long long)b->trip,
				 b->assumed ? " (assumed)" : "");
		else
			out_text(o, " x?");
	}
	pred_text(o, b, cost);
	for (cc = b->calls; cc; cc = cc->next)
		call_text(o, cc, depth + 1);
	if ((k = kids(b, &n))) {
		for (i = 0; i < n; i++)
			tree_text(o, k[i], depth + 1, cost);
		free(k);
		return;
	}
	for (ch = b->first; ch; ch = ch->next)
		tree_text(o, ch, depth + 1, cost);
}

/* qsort's comparison has no argument of its own: the model and key;
 * by_kids, the roots were sorted, so children are by the same key */
static const struct iol_iocost *by_cost;
static int by_key, by_kids;

/* counter k of a prediction, a loop of unknown trip count taken once
 * (as src_time() takes it); saturating */
static int64_t pred_one(const struct iol_cblock *b, enum iol_cpk k)
{
	int64_t a = b->pred.fixed[k], p = b->pred.per[k];

	return a > INT64_MAX - p ? INT64_MAX : a + p;
}

static int64_t pred_bytes(const struct iol_cblock *b)
{
	int64_t r = pred_one(b, IOL_CP_BYTES_READ);
	int64_t w = pred_one(b, IOL_CP_BYTES_WRITTEN);

	return r > INT64_MAX - w ? INT64_MAX : r + w;
}

/* by_key's order (--sort): most predicted I/O time (with a model),
 * bytes or calls first, or source order; the extractor's rank (bytes,
 * then calls) breaking ties and ranking when there is no model */
static int cmp_key(const void *a, const void *b)
{
	const struct iol_cblock *x = *(const struct iol_cblock *const *)a;
	const struct iol_cblock *y = *(const struct iol_cblock *const *)b;
	int c;

	if (by_key == IOL_BSORT_TIME && by_cost) {
		double tx = src_time(by_cost, x), ty = src_time(by_cost, y);

		if (tx != ty)
			return tx > ty ? -1 : 1;
	} else if (by_key == IOL_BSORT_BYTES &&
		   pred_bytes(x) != pred_bytes(y)) {
		return pred_bytes(x) > pred_bytes(y) ? -1 : 1;
	} else if (by_key == IOL_BSORT_CALLS) {
		int64_t cx = pred_one(x, IOL_CP_CALLS);
		int64_t cy = pred_one(y, IOL_CP_CALLS);

		if (cx != cy)
			return cx > cy ? -1 : 1;
	} else if (by_key == IOL_BSORT_LINE) {
		if ((c = strcmp(x->file, y->file)) != 0)
			return c;
		if (x->line != y->line)
			return x->line < y->line ? -1 : 1;
		if ((c = strcmp(x->id, y->id)) != 0)
			return c;
	}
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* b's children in the roots' order (issue 33 D4: they printed in line
 * order for every --sort key), n of them; NULL when the roots were not
 * sorted or memory ran out (then line order) */
static const struct iol_cblock **kids(const struct iol_cblock *b, size_t *n)
{
	const struct iol_cblock *ch, **v;

	*n = 0;
	if (!by_kids || !b->first)
		return NULL;
	for (ch = b->first; ch; ch = ch->next)
		++*n;
	if (!(v = malloc(*n * sizeof(*v))))
		return NULL;
	*n = 0;
	for (ch = b->first; ch; ch = ch->next)
		v[(*n)++] = ch;
	qsort(v, *n, sizeof(*v), cmp_key);
	return v;
}

/* blocks v (n of them) in rk's order, the first rk->top kept; *cut (if
 * not NULL) the number left out */
static void rank_blocks(const struct iol_cblock **v, size_t *n,
			const struct iol_iocost *cost,
			const struct iol_csrc_rank *rk, size_t *cut)
{
	by_cost = cost;
	by_key = rk && rk->sort >= 0 ? rk->sort : IOL_BSORT_TIME;
	/* no model and no key: the order the caller made */
	by_kids = cost || by_key != IOL_BSORT_TIME;
	if (by_kids)
		qsort(v, *n, sizeof(*v), cmp_key);
	if (cut)
		*cut = 0;
	if (rk && rk->top > 0 && (uint64_t)rk->top < *n) {
		if (cut)
			*cut = *n - (size_t)rk->top;
		*n = (size_t)rk->top;
	}
}

/* the blocks (all, or the functions) ranked: by predicted I/O time when
 * there is a cost model, else as the extractor ranked them, or by
 * rk's key (NULL: none); n of them */
static const struct iol_cblock **
ranked(const struct iol_ctree *t, const struct iol_iocost *cost, int funcs,
       size_t *n, const struct iol_csrc_rank *rk, size_t *cut)
{
	const struct iol_cblock **v = calloc(t->nblocks + 1, sizeof(*v));
	const struct iol_cblock *f;
	size_t i;

	*n = 0;
	if (!v)
		return NULL; /* out of memory: the rows are not printed */
	if (funcs)
		for (f = t->funcs; f; f = f->next)
			v[(*n)++] = f;
	else
		for (i = 0; i < t->nblocks; i++)
			v[(*n)++] = t->ranked[i];
	rank_blocks(v, n, cost, rk, cut);
	return v;
}

/* whether t has an MPI-IO call */
static int has_mpiio(const struct iol_ctree *t)
{
	const struct iol_ccall *cc;
	size_t i;

	for (i = 0; i < t->nblocks; i++)
		for (cc = t->ranked[i]->calls; cc; cc = cc->next)
			if (cc->api == IOL_CAPI_MPIIO)
				return 1;
	return 0;
}

/* which costs MPI-IO's calls got: measured, or the stated default */
static void mpi_cost_text(struct out *o, const struct iol_ctree *t,
			  const struct iol_iocost *c)
{
	if (!c || !has_mpiio(t))
		return;
	if (iol_iocost_has_mpi(c))
		out_text(o,
			 "MPI-IO calls: MPI-IO's costs measured by blocks "
			 "--calibrate (open %.0f us,\nclose %.0f us, "
			 "read_at %.1f us, write_at %.1f us), or the POSIX "
			 "call's where more\n",
			 c->mpi_open * 1e6, c->mpi_close * 1e6,
			 c->mpi_rw[0] * 1e6, c->mpi_rw[1] * 1e6);
	else
		out_text(o,
			 "MPI-IO calls: the POSIX call's cost plus MPI-IO's "
			 "default overhead a call\n(open %.0f us, close %.0f "
			 "us, read or write %.0f us): not measured, blocks\n"
			 "--calibrate measures them where mpicc and mpirun are "
			 "on PATH\n",
			 IOL_IOCOST_MPI_DEF_OPEN * 1e6,
			 IOL_IOCOST_MPI_DEF_CLOSE * 1e6,
			 IOL_IOCOST_MPI_DEF_RW * 1e6);
}

/* "assumed n=100 (3 places), m=5 (not used)" */
static void assumed_text(struct out *o, const struct iol_ctree *t)
{
	int i;

	for (i = 0; i < t->nassumed; i++) {
		const struct iol_cassume *a = &t->assumed[i];

		out_text(o, "%s%s=%lld", i ? ", " : "assumed ", a->name,
			 (long long)a->value);
		if (a->uses)
			out_text(o, " (%u place%s)", a->uses,
				 a->uses == 1 ? "" : "s");
		else
			out_text(o, " (not used)");
	}
	if (t->nassumed)
		out_text(o, "\n");
}

/* the rerun the cost model assumes (iol_cblock_rerun()) */
static void rerun_text(struct out *o, const struct iol_iocost *cost)
{
	if (!cost)
		return;
	if (iol_iocost_reruns(cost))
		out_text(o, "costed as a rerun in the program's directory: "
			    "an open that makes its file\n(O_TRUNC, creat, "
			    "fopen \"w\") finds it holding what its function "
			    "writes, and\ntruncates it; the close after "
			    "writing it again starts its writeback\n(--fresh: "
			    "as in an empty directory)\n");
	else if (cost->fresh)
		out_text(o, "costed as a fresh directory (--fresh): an open "
			    "that makes its file creates it\n(without "
			    "--fresh: as a rerun finds it, truncating what "
			    "its function writes)\n");
	else
		out_text(o, "costed as a fresh directory: the cost model "
			    "has no truncating opens\n(saved before they were "
			    "measured: run iolens blocks --calibrate again)\n");
}

static void text_blocks(struct out *o, const struct iol_ctree *t,
			const struct iol_iocost *cost,
			const struct iol_csrc_rank *rk)
{
	size_t i, n = 0, cut = 0;
	const struct iol_cblock **v = ranked(t, cost, 1, &n, rk, &cut);

	if (!n)
		out_text(o, "no I/O calls in the functions of these "
			    "sources\n");
	for (i = 0; i < n; i++) {
		tree_text(o, v[i], 0, cost);
		out_text(o, "\n");
	}
	if (cut)
		out_text(o, "%zu more function%s past --top\n\n", cut,
			 cut == 1 ? "" : "s");
	for (i = 0; i < n && !buffered(&v[i]->pred); i++)
		;
	free(v);
	if (!n)
		return;
	out_text(o, "predicted from the source: xN a loop's "
		    "trip count (x? unknown), /iter per\n"
		    "iteration of loops of unknown trip count, "
		    "the larger arm of each if\n");
	if (i < n)
		out_text(o,
			 "read(2): buffered stdio's bytes over its "
			 "stream's buffer, rounded up;\n"
			 "write(2): its full buffers, rounded down, what is "
			 "left going out at its fflush,\n"
			 "std::endl or close (a C++ stream's destructor's, "
			 "at its scope's closing brace),\n"
			 "or exit()'s ([loader]) for a FILE * open when main "
			 "returns\n"
			 "(4 KiB, glibc's st_blksize; 8 KiB a C++ file stream; "
			 "or setvbuf's, setbuf's);\n"
			 "a call as large as the buffer goes to the kernel "
			 "itself\n");
	assumed_text(o, t);
	if (rk && rk->sort > IOL_BSORT_TIME)
		out_text(o, "functions ranked by %s\n",
			 rk->sort == IOL_BSORT_BYTES   ? "predicted bytes"
			 : rk->sort == IOL_BSORT_CALLS ? "predicted calls"
						       : "file and line");
	mpi_cost_text(o, t, cost);
	out_text(o,
		 cost ? "%s predicted I/O time "
			"(iolens blocks --calibrate's costs)\n"
		      : "no predicted I/O time: no cost model (run "
			"iolens blocks --calibrate [dir] once)\n",
		 rk && rk->sort > IOL_BSORT_TIME ? "with their"
						 : "functions ranked by");
	rerun_text(o, cost);
}

void iol_view_blocks_source(struct out *o, const struct iol_ctree *t,
			    const struct iol_iocost *cost,
			    const struct iol_csrc_rank *rk)
{
	const struct iol_cblock **v;
	size_t i, n;

	if (o->fmt == FMT_TEXT) {
		text_blocks(o, t, cost, rk);
		return;
	}
	out_view(o, &iol_view_blocks_source_rows);
	v = ranked(t, cost, 0, &n, rk, NULL);
	for (i = 0; v && i < n; i++)
		row(o, v[i], cost);
	free(v);
	out_endtable(o);
}

/* ---- predicted and measured ---- */

/* the tree side by side for people; the time columns with a cost model
 * only (text keys: the machine columns they stand for) */
static const struct iol_col jt_cols[] = {
	{"block", "code block", COL_STR, 0,
	 "The block, indented under its parent, a loop with its trip count"},
	{"predicted_calls", "pred calls", COL_NUM, 0,
	 "Predicted calls over the run, ? unknown"},
	{"calls", "calls", COL_NUM, 0, "Measured calls"},
	{"calls_diff", "diff", COL_NUM, 0, "Measured less predicted calls"},
	{"predicted_bytes", "pred bytes", COL_NUM, 0,
	 "Predicted bytes read and written, ? unknown"},
	{"bytes", "bytes", COL_NUM, 0, "Measured bytes"},
	{"bytes_diff", "diff", COL_NUM, 0, "Measured less predicted bytes"},
	{"status", "status", COL_STR, 0,
	 "exact, calls exact, differs, unknown (with the iterations the run "
	 "implies, or a call through a pointer), not predicted or up to"},
};
static const struct iol_col jt_time_cols[] = {
	{"block", "code block", COL_STR, 0,
	 "The block, indented under its parent, a loop with its trip count"},
	{"predicted_calls", "pred calls", COL_NUM, 0,
	 "Predicted calls over the run, ? unknown"},
	{"calls", "calls", COL_NUM, 0, "Measured calls"},
	{"calls_diff", "diff", COL_NUM, 0, "Measured less predicted calls"},
	{"predicted_bytes", "pred bytes", COL_NUM, 0,
	 "Predicted bytes read and written, ? unknown"},
	{"bytes", "bytes", COL_NUM, 0, "Measured bytes"},
	{"bytes_diff", "diff", COL_NUM, 0, "Measured less predicted bytes"},
	{"status", "status", COL_STR, 0,
	 "exact, calls exact, differs, unknown (with the iterations the run "
	 "implies, or a call through a pointer), not predicted or up to"},
	{"predicted_io_time_s", "pred I/O time s", COL_NUM, 0,
	 "Predicted I/O time, with a cost model (blocks --calibrate)"},
	{"io_time_s", "I/O time s", COL_NUM, 0, "Measured I/O time"},
};
const struct iol_view iol_view_blocks_join_tree =
	IOL_VIEW("blocks", "source-and-trace-text", jt_cols);
const struct iol_view iol_view_blocks_join_tree_time =
	IOL_VIEW("blocks", "source-and-trace-text-timed", jt_time_cols);

static double intensity_of(const struct iol_cjrow *r)
{
	double span = r->mlast - r->mfirst;

	if (!r->nm)
		return NAN;
	/* to 9 decimals, as the measured blocks' (analysis/blocks.c) */
	return span > 0	   ? round(fmin(1.0, r->mtime / span) * 1e9) / 1e9
	       : r->mcalls ? 1.0
			   : 0.0;
}

static void error_pct(struct out *o, int known, int64_t p, int64_t m)
{
	if (!known || m == 0)
		out_null(o);
	else
		out_num(o, 100.0 * ((double)p - (double)m) / (double)m, 2);
}

/* join_cols' last: the text's condition count, the measured rows'
 * columns not above, and the path (issue 33 D5: rows join across runs
 * and into the source rows) */
static void join_more_cols(struct out *o, const struct iol_cjrow *r)
{
	char path[4096];
	const struct iol_cpred *p = r->pb ? &r->pb->pred : NULL;

	if (p)
		out_int(o, sum_sat(p->fixed[IOL_CP_CONDITIONAL],
				   p->per[IOL_CP_CONDITIONAL]));
	else
		out_null(o);
	out_int(o, r->mrandom);
	out_int(o, r->msmall);
	out_int(o, r->mprocs);
	jpath_of(r, path, sizeof(path));
	out_str(o, path);
}

static void machine_row(struct out *o, const struct iol_cjrow *r)
{
	size_t k;
	int kb = iol_cjrow_bytes_known(r);
	int loop = !strcmp(r->kind, "loop");

	out_str(o, r->id);
	out_str(o, r->kind);
	out_str(o, r->func);
	out_str(o, r->file);
	if (r->line > 0)
		out_int(o, r->line);
	else
		out_null(o);
	/* a loop whose calls are all in a loop inside it: its own
	 * iterations are not in the calls */
	if (loop && !(r->nm && !r->mtrip))
		out_int(o, r->mtrip);
	else
		out_null(o);
	out_int(o, r->mcalls);
	out_int(o, r->mopens);
	out_int(o, r->mreads);
	out_int(o, r->mwrites);
	out_int(o, r->msyncs);
	out_int(o, r->mbr);
	out_int(o, r->mbw);
	out_int(o, r->mfiles);
	/* a sum of the blocks' nanoseconds: without the doubles' rounding */
	out_num(o, round(r->mtime * 1e9) / 1e9, 6);
	out_num(o, intensity_of(r), 3);
	if (loop && r->ptrip >= 0)
		out_int(o, r->ptrip);
	else
		out_null(o);
	for (k = 0; k < IOL_JP_N; k++)
		if (r->known[k])
			out_int(o, r->pv[k]);
		else
			out_null(o);
	if (r->known[IOL_JP_CALLS])
		out_int(o, r->mcalls - r->pv[IOL_JP_CALLS]);
	else
		out_null(o);
	if (kb)
		out_int(o, r->mbr + r->mbw - iol_cjrow_pbytes(r));
	else
		out_null(o);
	error_pct(o, r->known[IOL_JP_CALLS], r->pv[IOL_JP_CALLS], r->mcalls);
	error_pct(o, kb, iol_cjrow_pbytes(r), r->mbr + r->mbw);
	out_str(o, st_name[iol_cjrow_status(r)]);
	out_num(o, r->ptime, 9);
	for (k = 0; k < 2; k++)
		if (r->pb && r->psys[k] >= 0)
			out_int(o, r->psys[k]);
		else
			out_null(o);
	join_more_cols(o, r);
	out_endrow(o);
}

static void label(const struct iol_cjrow *r, int depth, char *buf, size_t n)
{
	int ind = depth * 2 > 40 ? 40 : depth * 2;
	const struct iol_cblock *b = r->pb;

	if (!strcmp(r->kind, "function"))
		snprintf(buf, n, "%*s%s%s", ind, "", r->func,
			 strchr(r->func, '(') ? "" : "()");
	else if (b && b->kind == IOL_CB_LOOP && b->trip >= 0)
		snprintf(buf, n, "%*sloop %s:%d x%lld", ind, "", base(r->file),
			 r->line, (long long)b->trip);
	else if (b && b->kind == IOL_CB_LOOP)
		snprintf(buf, n, "%*sloop %s:%d x?", ind, "", base(r->file),
			 r->line);
	else if (!strcmp(r->kind, "line"))
		snprintf(buf, n, "%*s%s:%d", ind, "", base(r->file), r->line);
	else if (b && b->kind == IOL_CB_BRANCH && b->upto)
		/* a switch's arm on a value not known: if it runs */
		snprintf(buf, n, "%*scase %s:%d, up to", ind, "", base(r->file),
			 r->line);
	else
		snprintf(buf, n, "%*s%s %s:%d", ind, "", r->kind, base(r->file),
			 r->line);
}

static void signed_str(char *buf, size_t n, int64_t v, int bytes)
{
	char b[32];

	if (!bytes) {
		snprintf(buf, n, v ? "%+lld" : "0", (long long)v);
		return;
	}
	fmt_bytes(b, sizeof(b), fabs((double)v), BYTES_TEXT);
	snprintf(buf, n, "%s%s", v < 0 ? "-" : v > 0 ? "+" : "", b);
}

/* b's function has its address taken (a pointer may call it) */
static int fn_addr(const struct iol_cblock *b)
{
	while (b->parent)
		b = b->parent;
	return b->addr;
}

static void text_row(struct out *o, const struct iol_cjrow *r, int depth,
		     int cost)
{
	char buf[512];
	int s = iol_cjrow_status(r), kb = iol_cjrow_bytes_known(r);

	label(r, depth, buf, sizeof(buf));
	out_str(o, buf);
	if (r->known[IOL_JP_CALLS])
		out_int(o, r->pv[IOL_JP_CALLS]);
	else
		out_numstr(o, "?");
	out_int(o, r->mcalls);
	if (r->known[IOL_JP_CALLS]) {
		signed_str(buf, sizeof(buf), r->mcalls - r->pv[IOL_JP_CALLS],
			   0);
		out_numstr(o, buf);
	} else {
		out_numstr(o, "");
	}
	if (kb)
		out_bytes(o, iol_cjrow_pbytes(r));
	else
		out_numstr(o, "?");
	out_bytes(o, r->mbr + r->mbw);
	if (kb) {
		signed_str(buf, sizeof(buf),
			   r->mbr + r->mbw - iol_cjrow_pbytes(r), 1);
		out_numstr(o, buf);
	} else {
		out_numstr(o, "");
	}
	if (s == IOL_JS_UNKNOWN && r->iters >= 0)
		snprintf(buf, sizeof(buf), "unknown: %lld iterations ran",
			 (long long)r->iters);
	else if (s == IOL_JS_UNKNOWN && r->pb &&
		 (r->pb->pred.opaque & IOL_COPAQUE_PTR))
		snprintf(buf, sizeof(buf), "unknown: a call through a pointer");
	else if (s == IOL_JS_UNKNOWN && r->pb && fn_addr(r->pb))
		snprintf(buf, sizeof(buf), "unknown: called through a pointer");
	else
		snprintf(buf, sizeof(buf), "%s", st_name[s]);
	out_str(o, buf);
	if (cost) {
		if (isnan(r->ptime))
			out_numstr(o, "?");
		else
			out_num(o, r->ptime, 6);
		out_num(o, r->mtime, 6);
	}
	out_endrow(o);
}

static void text_tree(struct out *o, const struct iol_cjoin *j,
		      const struct iol_cblock *b, int depth)
{
	const struct iol_cblock *ch, **k;
	size_t i, n;

	if (!iol_ctree_has(j->t, b))
		return;
	text_row(o, &j->rows[b->rank], depth, j->cost != NULL);
	if ((k = kids(b, &n))) {
		for (i = 0; i < n; i++)
			text_tree(o, j, k[i], depth + 1);
		free(k);
		return;
	}
	for (ch = b->first; ch; ch = ch->next)
		text_tree(o, j, ch, depth + 1);
}

/* d over m in percent, or why there is none */
static void pct(char *buf, size_t n, double d, double m, const char *why)
{
	if (m > 0)
		snprintf(buf, n, "%.1f %%", 100.0 * d / m);
	else
		snprintf(buf, n, "n/a (%s)", why);
}

/* the dynamic loader's own calls (strace -k sees its opens and reads
 * of libraries): a root apart from exit()'s "[loader]", which the join
 * pairs with the source's exit flushes, and not the program's */
static void ldso_note(struct out *o, const struct iol_blocks *bl)
{
	size_t i;

	for (i = 0; bl && i < bl->n; i++)
		if (bl->v[i].parent < 0 && bl->v[i].calls &&
		    !strcmp(bl->v[i].func, IOL_BLOCK_LDSO))
			out_text(
				o,
				"(%s: the dynamic loader's %lld calls loading "
				"libraries, not the program's: not compared)\n",
				IOL_BLOCK_LDSO, (long long)bl->v[i].calls);
}

static void text_summary(struct out *o, const struct iol_cjoin *j)
{
	const struct iol_cjacc a = j->acc;
	char c[64], b[64], acc[64];

	pct(c, sizeof(c), a.dcalls, a.mcalls, "nothing measured");
	/* bytes count where the prediction has them: none of those rows
	 * measured any, or no row's bytes were predicted */
	pct(b, sizeof(b), a.dbytes, a.mbytes,
	    "no bytes predicted and measured");
	if (a.mbytes > 0)
		snprintf(acc, sizeof(acc), "%.1f %%",
			 100.0 * (1.0 - fmin(1.0, a.dbytes / a.mbytes)));
	else
		snprintf(acc, sizeof(acc), "n/a");
	out_text(o,
		 "predicted against measured: %zu blocks compared, %zu exact "
		 "in calls and bytes,\n"
		 "%zu in calls; error weighted by calls %s, by bytes %s "
		 "(accuracy %s);\n"
		 "%zu unknown (a loop bound, a size or a function's calls "
		 "the source does not\n"
		 "fix), %zu measured, not predicted\n",
		 a.compared, a.exact, a.calls_exact, c, b, acc, a.unknown,
		 a.not_predicted);
	if (a.lib_bytes)
		out_text(o,
			 "(bytes over the blocks whose bytes are system "
			 "calls': %zu of buffered stdio left out,\n"
			 "their bytes the library calls', the kernel's at "
			 "the flushes)\n",
			 a.lib_bytes);
	ldso_note(o, j->bl);
}

static void time_summary(struct out *o, const struct iol_cjoin *j)
{
	size_t n = j->acc.nrank;
	double rho = j->acc.rho;

	if (j->lib_calls)
		out_text(o,
			 "%zu block%s with MPI-IO, HDF5 or PnetCDF calls: "
			 "calls unknown\n(the library's own system calls, "
			 "e.g. MPI_File_open's lock and\nshared-pointer "
			 "files, are not the program's)\n",
			 j->lib_calls, j->lib_calls == 1 ? "" : "s");
	if (!j->cost) {
		out_text(o, "no predicted I/O time: no cost model (run iolens "
			    "blocks --calibrate [dir] once)\n");
		return;
	}
	if (j->lower_lib)
		out_text(o,
			 "%zu block%s with MPI-IO, HDF5 or PnetCDF calls: "
			 "predicted I/O time at least\n(each call costed as "
			 "the POSIX call it makes)\n",
			 j->lower_lib, j->lower_lib == 1 ? "" : "s");
	if (has_mpiio(j->t))
		out_text(o, "MPI-IO calls costed as the POSIX calls they "
			    "make: the trace measures the\nsystem calls "
			    "beneath them, not the whole call (its collective "
			    "waits),\nwhich --source alone costs\n");
	rerun_text(o, j->cost);
	if (j->times_raw)
		out_text(o, "predicted against measured I/O time: not ranked "
			    "(strace's own time in each call, not measured: "
			    "iolens replay --calibrate)\n");
	else if (isnan(rho))
		out_text(o,
			 "predicted against measured I/O time: too few "
			 "blocks with both to rank (%zu)\n",
			 n);
	else
		out_text(o,
			 "predicted against measured I/O time: Spearman %.3f "
			 "over %zu blocks\n",
			 rho, n);
}

/* the join's predicted rows' blocks (all, or the functions) in rk's
 * order, the first rk->top kept; n of them */
static const struct iol_cblock **join_ranked(const struct iol_cjoin *j,
					     int funcs, size_t *n,
					     const struct iol_csrc_rank *rk,
					     size_t *cut)
{
	const struct iol_cblock **v = calloc(j->np + 1, sizeof(*v));
	const struct iol_cblock *f;
	size_t i;

	*n = 0;
	if (!v)
		return NULL;
	if (funcs) {
		for (f = j->t->funcs; f; f = f->next)
			if (iol_ctree_has(j->t, f))
				v[(*n)++] = f;
	} else
		for (i = 0; i < j->np; i++)
			if (j->rows[i].pb)
				v[(*n)++] = j->rows[i].pb;
	by_kids = 0;
	if (cut)
		*cut = 0;
	if (rk && (rk->sort >= 0 || rk->top > 0))
		rank_blocks(v, n, j->cost, rk, cut);
	return v;
}

void iol_view_blocks_join(struct out *o, const struct iol_cjoin *j,
			  const char *trace, int nfiles,
			  const struct iol_csrc_rank *rk)
{
	const struct iol_cblock **v;
	size_t i, n = 0, cut = 0;

	if (o->fmt != FMT_TEXT) {
		out_view(o, &iol_view_blocks_join_rows);
		v = join_ranked(j, 0, &n, rk, NULL);
		for (i = 0; v && i < n; i++)
			machine_row(o, &j->rows[v[i]->rank]);
		/* the measured blocks no prediction matched, unranked */
		for (i = j->np; (!rk || rk->top <= 0) && i < j->n; i++)
			machine_row(o, &j->rows[i]);
		free(v);
		out_endtable(o);
		return;
	}
	out_text(o,
		 "%s: predicted from %d source file%s and measured, per code "
		 "block\n",
		 trace, nfiles, nfiles == 1 ? "" : "s");
	if (j->nmain > 1)
		out_text(o,
			 "main ran in %lld processes: the prediction, per "
			 "process, is counted %lld times\n",
			 (long long)j->nmain, (long long)j->nmain);
	/* a text-only table: the time columns with a cost model only */
	out_view(o, j->cost ? &iol_view_blocks_join_tree_time
			    : &iol_view_blocks_join_tree);
	v = join_ranked(j, 1, &n, rk, &cut);
	for (i = 0; v && i < n; i++)
		text_tree(o, j, v[i], 0);
	free(v);
	for (i = j->np; (!rk || rk->top <= 0) && i < j->n; i++)
		text_row(o, &j->rows[i], 0, j->cost != NULL);
	out_endtable(o);
	if (cut)
		out_text(o, "%zu more function%s past --top\n", cut,
			 cut == 1 ? "" : "s");
	text_summary(o, j);
	assumed_text(o, j->t);
	time_summary(o, j);
}

/* out_open's or out_close's message into err */
static int failed(const struct out *o, struct iol_error *err)
{
	*err = o->err;
	return -1;
}

int iol_view_blocks_source_write(const char *path, int fmt,
				 const struct iol_ctree *t,
				 const struct iol_iocost *cost,
				 const struct iol_csrc_rank *rk,
				 struct iol_error *err)
{
	struct out o;

	if (out_open(&o, path, fmt) < 0)
		return failed(&o, err);
	iol_view_blocks_source(&o, t, cost, rk);
	return out_close(&o, 1) < 0 ? failed(&o, err) : 0;
}

int iol_view_blocks_join_write(const char *path, int fmt,
			       const struct iol_cjoin *j, const char *trace,
			       int nfiles, const struct iol_csrc_rank *rk,
			       struct iol_error *err)
{
	struct out o;

	if (out_open(&o, path, fmt) < 0)
		return failed(&o, err);
	iol_view_blocks_join(&o, j, trace, nfiles, rk);
	return out_close(&o, 1) < 0 ? failed(&o, err) : 0;
}

int iol_view_blocks_source_say(const struct iol_ctree *t)
{
	const struct iol_cdiag *d;
	int bad = 0;

	/* parse errors are warnings: what parsed is used (a missing header
	 * leaves the functions that need it out, or their calls unknown) */
	for (d = t->diags; d; d = d->next) {
		msg("warning: '%s': %d error%s while parsing, what parsed is "
		    "used; the first: %s%s",
		    d->file, d->errors, d->errors == 1 ? "" : "s", d->first,
		    d->ccdb || d->given ? ""
					: " (no compile_commands.json lists "
					  "it: give the build's -I and -D "
					  "after --)");
		bad = 1;
	}
	for (int i = 0; i < t->nnobody; i++)
		msg("warning: %s() is called but defined in none of the "
		    "given files: its I/O is unknown (give the file that "
		    "defines it)",
		    t->nobody[i]);
	for (int i = 0; i < t->nassumed; i++)
		if (!t->assumed[i].uses)
			msg("warning: --assume %s: no loop bound, size or "
			    "argument the source does not fix reads a variable "
			    "of that name",
			    t->assumed[i].name);
	return bad;
}

void iol_view_blocks_unlink_say(const struct iol_ctree *t,
				const struct iol_iocost *c)
{
	size_t i;

	if (!c || !c->unlink_est)
		return;
	for (i = 0; i < t->nblocks; i++)
		if (t->ranked[i]->pred.fixed[IOL_CP_UNLINKS] > 0 ||
		    t->ranked[i]->pred.per[IOL_CP_UNLINKS] > 0)
			break;
	if (i < t->nblocks)
		msg("note: the cost model has %s: an unlink is costed as a "
		    "create, %.2f us, an estimate (run iolens blocks "
		    "--calibrate again)",
		    c->unlink_est == 2 ? "an unlink that is no cost (not "
					 "seconds in (0, 3600])"
				       : "no unlink (calibrated before it was "
					 "measured)",
		    c->unlink * 1e6);
}

/* the figures (IOL_IOCF_*) a block of t is costed with, as bits */
static unsigned long figs_used(const struct iol_ctree *t,
			       const struct iol_iocost *c)
{
	unsigned long m = 0, rw = (1ul << 8) - 1;
	size_t i;

	for (i = 0; i < t->nblocks; i++) {
		const struct iol_cpred *p = &t->ranked[i]->pred;

		if (iol_cpred_sum_sat(p, IOL_CP_OPENS) > 0)
			m |= 1ul << IOL_IOCF_OPEN | 1ul << IOL_IOCF_CREATE;
		if (iol_cpred_sum_sat(p, IOL_CP_CALLS) > 0)
			m |= 1ul << IOL_IOCF_CLOSE | 1ul << IOL_IOCF_STAT;
		if (iol_cpred_sum_sat(p, IOL_CP_SYNCS) > 0)
			m |= 1ul << IOL_IOCF_FSYNC;
		if (iol_cpred_sum_sat(p, IOL_CP_UNLINKS) > 0)
			m |= 1ul << IOL_IOCF_UNLINK;
		if (iol_cpred_sum_sat(p, IOL_CP_CREATES) > 0 && !c->fresh)
			m |= 1ul << IOL_IOCF_TRUNC_OPEN |
			     1ul << IOL_IOCF_TRUNC_CLOSE;
		if (iol_cpred_sum_sat(p, IOL_CP_READS) > 0)
			m |= rw << IOL_IOCF_RW;
		if (iol_cpred_sum_sat(p, IOL_CP_WRITES) > 0)
			m |= rw << (IOL_IOCF_RW + 8);
	}
	return m;
}

void iol_view_blocks_noisy_say(const struct iol_ctree *t,
			       const struct iol_iocost *c)
{
	char line[256];
	unsigned long m;
	int f;

	if (!c)
		return;
	m = figs_used(t, c);
	for (f = 0; f < IOL_IOCF_N; f++)
		if (m >> f & 1 &&
		    iol_view_blocks_cost_noisy(c, f, line, sizeof(line)))
			msg("note: the ranking rests on a noisy figure of the "
			    "cost model: %s",
			    line);
}
