/*
 * The views of `iolens blocks` (measured code blocks, analysis/blocks.h):
 * the tree for people (each block indented under its parent), one row a
 * block for the machine formats with every column of the tree and the
 * call path as a stable key, and the folded stacks of flamegraph.pl and
 * speedscope.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/views.h"
#include "render/diag.h"
#include "analysis/blocks.h"
#include "analysis/iocost.h"
#include "base/banned.h"

/* the tree for people: units in the headers */
static const struct iol_col tree_cols[] = {
	{"path", "code block", COL_STR, 0,
	 "The block, indented under the block it is in: a function(), a "
	 "loop file:line, or a line file:line"},
	{"calls", "calls", COL_NUM, 0, "Calls on files below the block"},
	{"opens", "opens", COL_NUM, 3, "Opens among them"},
	{"reads", "reads", COL_NUM, 2, "Reads among them"},
	{"writes", "writes", COL_NUM, 2, "Writes among them"},
	{"syncs", "syncs", COL_NUM, 3, "Flushes and syncs among them"},
	{"bytes_read", "read", COL_NUM, 1, "Bytes read"},
	{"bytes_written", "written", COL_NUM, 1, "Bytes written"},
	{"files", "files", COL_NUM, 4, "Distinct files"},
	{"random", "random", COL_NUM, 5,
	 "Transfers not starting where the process's last on the file ended"},
	{"small", "small (< 4 KiB)", COL_NUM, 2, "Transfers under 4 KiB"},
	{"procs", "procs", COL_NUM, 6, "Distinct processes"},
	{"io_time_s", "I/O time s", COL_NUM, 0,
	 "Seconds in the calls (an strace trace's: the median call less "
	 "strace's own, when calibrated), to the nanosecond"},
	{"intensity", "intensity", COL_NUM, 6,
	 "I/O time over the span from the first call to the last, at most 1, "
	 "to 9 decimals"},
};

/* one row a block: today's keys first, unchanged, then the rest of the
 * tree's columns and the call path */
static const struct iol_col cols[] = {
	{"block", "block", COL_STR, 7,
	 "The block's place in the tree, 1.2.3, children numbered in source "
	 "order"},
	{"kind", "kind", COL_STR, 6, "function, loop or line"},
	{"function", "function", COL_STR, 0,
	 "The function (the one a loop or line is in)"},
	{"file", "file", COL_PATH, 5, "Source file, or the binary"},
	{"line", "line", COL_NUM, 5,
	 "Function: its declaration; loop: its keyword; line: the line"},
	{"trip_count", "trips", COL_NUM, 6,
	 "A loop's iterations that did I/O (P1); empty (JSON null) for a "
	 "function or a line"},
	{"calls", "calls", COL_NUM, 0, "Calls on files below the block"},
	{"opens", "opens", COL_NUM, 3, "Opens among them"},
	{"reads", "reads", COL_NUM, 2, "Reads among them"},
	{"writes", "writes", COL_NUM, 2, "Writes among them"},
	{"syncs", "syncs", COL_NUM, 3, "Flushes and syncs among them"},
	{"bytes_read", "read", COL_NUM, 1, "Bytes read"},
	{"bytes_written", "written", COL_NUM, 1, "Bytes written"},
	{"files", "files", COL_NUM, 4, "Distinct files"},
	{"io_time_s", "I/O time s", COL_NUM, 0,
	 "Seconds in the calls (an strace trace's: the median call less "
	 "strace's own, when calibrated), to the nanosecond"},
	{"intensity", "intensity", COL_NUM, 4,
	 "I/O time over the span from the first call to the last, at most 1, "
	 "to 9 decimals"},
	{"random", "random", COL_NUM, 5,
	 "Transfers not starting where the process's last on the file ended"},
	{"small", "small", COL_NUM, 5, "Transfers under 4 KiB"},
	{"procs", "procs", COL_NUM, 6, "Distinct processes"},
	{"path", "call path", COL_PATH, 8,
	 "The call path from the root, every label joined by ';' (never "
	 "cut): a key that joins rows across runs"},
};

const struct iol_view iol_view_blocks = IOL_VIEW("blocks", NULL, cols);
const struct iol_view iol_view_blocks_tree =
	IOL_VIEW("blocks", "tree", tree_cols);

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* "main()", "loop t.c:14", "t.c:15": a block for people; ';' (the
 * folded format's separator) never in it */
static void label(const struct iol_block *b, char *buf, size_t n)
{
	char *s;

	if (b->kind == IOL_BLOCK_FUNCTION) /* C++ names have their "()",
					      "[stack cut]" is none */
		snprintf(buf, n, "%s%s", b->func,
			 strchr(b->func, '(') || b->func[0] == '[' ? "" : "()");
	else if (b->kind == IOL_BLOCK_LOOP)
		snprintf(buf, n, "loop %s:%d", base(b->file), b->line);
	else
		snprintf(buf, n, "%s:%d", base(b->file), b->line);
	for (s = buf; (s = strchr(s, ';')) != NULL;)
		*s = ',';
}

/*
 * Block i's call path, every label from the root (no cut, so that the
 * key stays unique and starts at the root however deep the recursion):
 * malloc'd, NULL when memory ran out.
 */
char *iol_blocks_path(const struct iol_blocks *bl, size_t i)
{
	size_t len = 0, at;
	int32_t p;
	char lab[512], *buf;

	for (p = (int32_t)i; p >= 0; p = bl->v[p].parent) {
		label(&bl->v[p], lab, sizeof(lab));
		len += strlen(lab) + 1;
	}
	if (!(buf = malloc(len + 1)))
		return NULL;
	/* filled from the end: the innermost label last */
	at = len;
	buf[at] = '\0';
	for (p = (int32_t)i; p >= 0; p = bl->v[p].parent) {
		size_t l;

		label(&bl->v[p], lab, sizeof(lab));
		l = strlen(lab);
		at -= l;
		memcpy(buf + at, lab, l);
		buf[--at] = ';';
	}
	/* the root's ';' at buf[0] is none */
	memmove(buf, buf + 1, len);
	return buf;
}

static void text_row(struct out *o, const struct iol_block *b)
{
	char lab[512], ind[48];
	int d = b->depth * 2 > 40 ? 40 : b->depth * 2;

	label(b, lab, sizeof(lab));
	snprintf(ind, sizeof(ind), "%*s", d, "");
	{
		char cell[600];

		snprintf(cell, sizeof(cell), "%s%s", ind, lab);
		out_str(o, cell);
	}
	out_int(o, b->calls);
	out_int(o, b->opens);
	out_int(o, b->reads);
	out_int(o, b->writes);
	out_int(o, b->syncs);
	out_bytes(o, b->bytes_read);
	out_bytes(o, b->bytes_written);
	out_int(o, b->files);
	out_int(o, b->random);
	out_int(o, b->small);
	out_int(o, b->procs);
	out_num(o, b->io_time, 6);
	out_num(o, b->intensity, 3);
	out_endrow(o);
}

static void machine_row(struct out *o, const struct iol_blocks *bl, size_t i)
{
	const struct iol_block *b = &bl->v[i];
	char *path;

	out_str(o, b->id);
	out_str(o, iol_block_kind_name(b->kind));
	out_str(o, b->func);
	out_str(o, b->file);
	if (b->line > 0)
		out_int(o, b->line);
	else
		out_null(o);
	/* a function's or a line's: no trip count (empty, JSON null) */
	if (b->kind == IOL_BLOCK_LOOP)
		out_int(o, b->trip);
	else
		out_null(o);
	out_int(o, b->calls);
	out_int(o, b->opens);
	out_int(o, b->reads);
	out_int(o, b->writes);
	out_int(o, b->syncs);
	out_int(o, b->bytes_read);
	out_int(o, b->bytes_written);
	out_int(o, b->files);
	out_num(o, b->io_time, 6);
	out_num(o, b->intensity, 3);
	out_int(o, b->random);
	out_int(o, b->small);
	out_int(o, b->procs);
	if (!(path = iol_blocks_path(bl, i)))
		o->nomem = 1;
	out_str(o, path);
	free(path);
	out_endrow(o);
}

void iol_view_blocks_print(struct out *o, const struct iol_blocks *bl,
			   const size_t *rows, size_t n)
{
	size_t i;

	out_view(o,
		 o->fmt == FMT_TEXT ? &iol_view_blocks_tree : &iol_view_blocks);
	for (i = 0; i < n; i++)
		if (o->fmt == FMT_TEXT)
			text_row(o, &bl->v[rows[i]]);
		else
			machine_row(o, bl, rows[i]);
	out_endtable(o);
}

/* the mappings' size: what may have been written through them (issue
 * 33 D6), on a line of its own */
static void map_size_note(struct out *o, const struct iol_blocks *bl)
{
	char a[32], b[32];

	if (!bl->maps || bl->map_bytes <= 0)
		return;
	fmt_bytes(a, sizeof(a), (double)bl->map_bytes, BYTES_TEXT);
	fmt_bytes(b, sizeof(b), (double)bl->map_wbytes, BYTES_TEXT);
	if (bl->map_wbytes > 0)
		out_text(o,
			 "%s mapped, %s of it shared and writable: up to %s "
			 "written through a mapping, not counted as writes\n",
			 a, b, b);
	else
		out_text(o,
			 "%s mapped, read only or private: not counted "
			 "as reads\n",
			 a);
}

/* the mapping note of the machine formats' stderr (issue 33 D6: only
 * the text had it), in buf */
static const char *map_note(const struct iol_blocks *bl, char *buf, size_t n)
{
	char b[32];

	fmt_bytes(b, sizeof(b), (double)bl->map_wbytes, BYTES_TEXT);
	if (bl->map_wbytes > 0)
		snprintf(buf, n,
			 "%lld file mapping%s (mmap): up to %s written "
			 "through a mapping, not counted as writes, in no "
			 "block",
			 (long long)bl->maps, bl->maps == 1 ? "" : "s", b);
	else
		snprintf(buf, n,
			 "%lld file mapping%s (mmap): what is read or "
			 "written through a mapping is in no block",
			 (long long)bl->maps, bl->maps == 1 ? "" : "s");
	return buf;
}

/* the text header's line per binary without DWARF (issue 33 D7: said
 * on stderr only) */
static void nodebug_note(struct out *o, const struct iol_blocks *bl)
{
	size_t i;

	for (i = 0; i < bl->nmods; i++)
		if (bl->mods[i].state == IOL_BMOD_NODEBUG)
			out_text(o,
				 "'%s' has no debugging information "
				 "(stripped, or built without -g): functions "
				 "by symbol or address, no lines\n",
				 bl->mods[i].path);
}

const char *iol_view_blocks_cut_note(const struct iol_blocks *bl, char *buf,
				     size_t n)
{
	int d = bl->stack_depth * 4 > 256 ? 256 : bl->stack_depth * 4;

	snprintf(buf, n,
		 "%lld stack%s cut at %d frames, under [stack cut]: use "
		 "--stacks=%d",
		 (long long)bl->stacks_cut, bl->stacks_cut == 1 ? "" : "s",
		 bl->stack_depth, d > bl->stack_depth ? d : 256);
	return buf;
}

/* what an iolens trace (preloaded) leaves out of MPI_Init's block */
#define DLOPEN_NOTE                                                           \
	"without the dynamic loader's opens and reads of the plugins MPI "    \
	"loads with dlopen()%s(iolens trace does not see ld.so's own calls; " \
	"strace -k counts them)"

/* the label of MPI_Init's block when the trace is iolens trace's, whose
 * preloaded tracer does not see the loader's calls; NULL otherwise */
static const char *mpi_init_box(const struct iol_blocks *bl)
{
	size_t i;

	for (i = 0; bl->preload && i < bl->n; i++)
		if (bl->v[i].box &&
		    !strncmp(bl->v[i].func, "[MPI: MPI_Init", 14))
			return bl->v[i].func;
	return NULL;
}

/* "folded: [launcher: orterun], [MPI: MPI_Init], [loader]; ...": what
 * the text's head says was folded (analysis/blocks.h), each box once */
static void fold_note(struct out *o, const struct iol_blocks *bl)
{
	const char *seen[16];
	size_t i, k, n = 0;

	if (!bl->folded)
		return;
	out_text(o, "folded:");
	for (i = 0; i < bl->n && n < sizeof(seen) / sizeof(*seen); i++) {
		if (!bl->v[i].box)
			continue;
		for (k = 0; k < n && strcmp(seen[k], bl->v[i].func); k++)
			;
		if (k < n)
			continue;
		seen[n] = bl->v[i].func;
		out_text(o, "%s %s", n++ ? "," : "", seen[k]);
	}
	if (bl->folded & IOL_BFOLD_LOADER)
		out_text(o,
			 "%s frames of the loader and C start (ld.so, _start, "
			 "__libc_start_main) left out",
			 n ? ";" : "");
	out_text(o, "\n");
	if (mpi_init_box(bl))
		out_text(o, "%s: " DLOPEN_NOTE "\n", mpi_init_box(bl), "\n");
}

void iol_view_blocks_ranked(struct out *o, const char *trace,
			    const struct iol_blocks *bl, const size_t *rows,
			    size_t n, size_t all)
{
	char note[160];

	if (o->fmt == FMT_TEXT) {
		out_text(o,
			 "%s: %zu code blocks, %lld calls on files, %.6f s "
			 "of I/O\n",
			 trace, bl->n, (long long)bl->calls, bl->io_time);
		if (bl->stacks_cut)
			out_text(o, "%s\n",
				 iol_view_blocks_cut_note(bl, note,
							  sizeof(note)));
		if (bl->maps)
			out_text(o,
				 "%lld file mapping%s (mmap): what is read or "
				 "written through a mapping is in no block\n",
				 (long long)bl->maps, bl->maps == 1 ? "" : "s");
		map_size_note(o, bl);
		nodebug_note(o, bl);
		fold_note(o, bl);
	}
	iol_view_blocks_print(o, bl, rows, n);
	if (o->fmt == FMT_TEXT && n < all)
		out_text(o, "%zu more blocks past --top\n", all - n);
}

/* a block's own share: its value less its children's */
static double value(const struct iol_block *b, int by_bytes)
{
	return by_bytes ? (double)(b->bytes_read + b->bytes_written)
			: b->io_time * 1e9;
}

void iol_view_blocks_folded(struct out *o, const struct iol_blocks *bl,
			    int by_bytes)
{
	char *path;
	size_t i, k;

	for (i = 0; i < bl->n; i++) {
		double self = value(&bl->v[i], by_bytes);
		long long v;

		/* the children are the rows after i deeper than it; the
		 * direct ones are one deeper */
		for (k = i + 1; k < bl->n && bl->v[k].depth > bl->v[i].depth;
		     k++)
			if (bl->v[k].parent == (int32_t)i)
				self -= value(&bl->v[k], by_bytes);
		v = (long long)(self + 0.5);
		if (v <= 0)
			continue;
		if (!(path = iol_blocks_path(bl, i))) {
			o->nomem = 1;
			return;
		}
		out_text(o, "%s %lld\n", path, v);
		free(path);
	}
}

int iol_view_blocks_cost_noisy(const struct iol_iocost *c, int f, char *buf,
			       size_t n)
{
	struct iol_iocost x = *c;
	char name[64];

	if (f < 0 || f >= IOL_IOCF_N || !iol_iocost_noisy(c, f))
		return 0;
	iol_iocost_fig(&x, f, name, sizeof(name));
	snprintf(buf, n,
		 "%s: rounds %.0f-%.0f us: the machine was busy; calibrate "
		 "again when it is quiet",
		 name, c->lo[f] * 1e6, c->hi[f] * 1e6);
	return 1;
}

void iol_view_blocks_cost(FILE *f, const struct iol_iocost *c, const char *path)
{
	static const char *const rw[] = {"read", "write"};
	char line[256];
	int r, s, k;

	fprintf(f,
		"I/O costs on %s (medians per call, the median of %d "
		"rounds):\n",
		c->dir, IOL_IOCOST_ROUNDS);
	fprintf(f,
		"  open %.2f us (of a file that is there), create %.2f us "
		"(an open making its file)\n"
		"  close %.2f us, stat %.2f us, fsync %.2f us\n",
		c->open * 1e6, c->create * 1e6, c->close * 1e6, c->stat * 1e6,
		c->fsync * 1e6);
	fprintf(f, "  unlink %.2f us%s\n", c->unlink * 1e6,
		c->unlink_est == 2 ? " (estimated as a create: the model's "
				     "unlink is no cost)"
		: c->unlink_est	   ? " (estimated as a create: not measured, "
				     "calibrated before unlink was)"
				   : "");
	for (r = 0; r < 2; r++)
		for (s = 0; s < IOL_IOCOST_NSIZES; s++)
			fprintf(f,
				"  %-5s %7lld B: %9.2f us sequential, %9.2f us "
				"random\n",
				rw[r], (long long)iol_iocost_sizes[s],
				c->rw[r][IOL_IOC_SEQ][s] * 1e6,
				c->rw[r][IOL_IOC_RAND][s] * 1e6);
	if (iol_iocost_has_trunc(c))
		fprintf(f,
			"  a rerun's open with O_TRUNC of a file holding data "
			"%.2f us + %.2f us a MiB,\n"
			"  the close after writing it again %.2f us + %.2f us "
			"a MiB\n",
			c->trunc_open * 1e6, c->trunc_open_mib * 1e6,
			c->trunc_close * 1e6, c->trunc_close_mib * 1e6);
	if (iol_iocost_has_mpi(c))
		fprintf(f,
			"  MPI-IO (2 processes): open %.2f us, close %.2f us, "
			"read_at 4 KiB %.2f us, write_at 4 KiB %.2f us\n",
			c->mpi_open * 1e6, c->mpi_close * 1e6,
			c->mpi_rw[0] * 1e6, c->mpi_rw[1] * 1e6);
	else
		fprintf(f,
			"  MPI-IO: not measured (no mpicc and mpirun on "
			"PATH): its calls cost the POSIX\n  call's and a "
			"default overhead (open %.0f us, close %.0f us, read "
			"or write %.0f us)\n",
			IOL_IOCOST_MPI_DEF_OPEN * 1e6,
			IOL_IOCOST_MPI_DEF_CLOSE * 1e6,
			IOL_IOCOST_MPI_DEF_RW * 1e6);
	/* the figures whose rounds disagree, one line each: a ranking
	 * on them may not hold on a quiet machine (issue 33 D13) */
	for (k = 0; k < IOL_IOCF_N; k++)
		if (iol_view_blocks_cost_noisy(c, k, line, sizeof(line)))
			fprintf(f, "%s\n", line);
	fprintf(f, "saved to %s\n", path);
}

int iol_view_blocks_say_modules(const struct iol_blocks *bl, const char *trace,
				int text)
{
	char note[160];
	size_t i;

	for (i = 0; i < bl->nmods; i++)
		if (bl->mods[i].state == IOL_BMOD_CHANGED &&
		    bl->mods[i].traced_func) {
			/* "main+0x26": a function that moved, not renamed */
			const char *pp = strchr(bl->mods[i].traced_func, '+')
						 ? ""
						 : "()";

			msg("cannot attribute '%s': '%s' changed since it was "
			    "traced: the trace names %s%s where the binary "
			    "now has %s%s, its functions and lines would be "
			    "the new build's: trace it again",
			    trace, bl->mods[i].path, bl->mods[i].traced_func,
			    pp, bl->mods[i].now_func, pp);
			return -1;
		} else if (bl->mods[i].state == IOL_BMOD_CHANGED) {
			msg("cannot attribute '%s': '%s' changed since it was "
			    "traced, its functions and lines would be the new "
			    "build's: trace it again",
			    trace, bl->mods[i].path);
			return -1;
		}
	for (i = 0; i < bl->nmods; i++)
		if (bl->mods[i].state == IOL_BMOD_GONE)
			msg("warning: '%s' is gone: its frames keep the "
			    "trace's "
			    "names, without files or lines",
			    bl->mods[i].path);
		else if (bl->mods[i].state == IOL_BMOD_NEWER)
			msg("warning: '%s' was written after the trace, but "
			    "the %lld frames strace -k named in it are the "
			    "same functions at the same offsets: taken as the "
			    "same build (a rebuild that moved lines but no "
			    "code would not be seen)",
			    bl->mods[i].path,
			    (long long)bl->mods[i].same_frames);
		else
			msg("note: '%s' has no debugging information "
			    "(stripped, or built without -g): functions by "
			    "symbol or address, no lines",
			    bl->mods[i].path);
	if (bl->written_after)
		msg("note: '%s' was written %lld s after its last call (a "
		    "copy?): strace -k records no build ids, so a binary "
		    "rebuilt before then is not seen and its lines cannot be "
		    "checked",
		    trace, (long long)bl->written_after);
	if (bl->src_missing)
		msg("warning: %zu source file%s the binaries name %s not found "
		    "(the first: '%s'): no loops from %s; --source-map OLD=NEW "
		    "reads sources that moved",
		    bl->src_missing, bl->src_missing == 1 ? "" : "s",
		    bl->src_missing == 1 ? "is" : "are", bl->src_missing_first,
		    bl->src_missing == 1 ? "it" : "them");
	if (bl->stacks_cut && !text)
		msg("note: %s",
		    iol_view_blocks_cut_note(bl, note, sizeof(note)));
	if (bl->maps && !text)
		msg("note: %s", map_note(bl, note, sizeof(note)));
	if (!text && mpi_init_box(bl))
		msg("note: %s: " DLOPEN_NOTE, mpi_init_box(bl), " ");
	return 0;
}

void iol_view_blocks_times_say(int say, double overhead)
{
	if (say < 0)
		msg("cannot rank by time: strace's I/O times hold its own "
		    "cost of each call, not measured here (run iolens replay "
		    "--calibrate, or --sort bytes)");
	else if (say == 1)
		msg("note: strace's own %.2f us a call taken off the I/O times "
		    "(iolens replay --calibrate)",
		    overhead * 1e6);
	else if (say == 2)
		msg("note: ranked by bytes: strace's I/O times hold its own "
		    "cost of each call (iolens replay --calibrate measures "
		    "it, to be taken off)");
}

void iol_view_blocks_overhead_say(int say, int robust, double overhead,
				  const struct iol_blocks *bl)
{
	if (robust)
		iol_view_blocks_robust_say(overhead);
	else if (say != 1 || bl->overhead >= overhead)
		iol_view_blocks_times_say(say, overhead); /* not a capped one */
	iol_view_blocks_cap_say(overhead, bl);
}

void iol_view_blocks_robust_say(double overhead)
{
	msg("note: strace -k's I/O times are medians less strace's own "
	    "%.2f us a call (iolens replay --calibrate): each call timed "
	    "as the median of its block's calls of its kind and size less "
	    "that, never below 10 %% of the median (the -T tail is strace's "
	    "stops rescheduled under load)",
	    overhead * 1e6);
}

void iol_view_blocks_cap_say(double calibrated, const struct iol_blocks *bl)
{
	if (bl && calibrated > 0 && bl->overhead < calibrated)
		msg("note: the trace's fastest call took %.2f us, less than "
		    "strace's own %.2f us a call (measured without -k): %.2f "
		    "us taken off each call, so that calls keep their order",
		    bl->overhead * 1e6, calibrated * 1e6, bl->overhead * 1e6);
}
