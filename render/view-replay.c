/*
 * The outputs of `iolens replay` (view-replay.h): the JSON document and
 * the table (text, CSV, TSV) of the original beside the replay.  JSON
 * keys and the machine table's measure names are stable.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errname.h"
#include "base/utf8.h"
#include "render/view-replay.h"
#include "replay/calibrate.h"
#include "base/banned.h"

/* s escaped for people in *buf (freed by the next call, NULL: only
 * freed): a name cannot move the cursor */
static const char *esc(char **buf, const char *s)
{
	free(*buf);
	*buf = s ? iol_esc_dup(s) : NULL;
	return *buf ? *buf : "?";
}

static double ratio(double r, double o)
{
	return o > 0 ? r / o : NAN;
}

/* a JSON string, as every command writes one (out_json_str(): UTF-8,
 * U+FFFD for a byte that starts no well-formed sequence) */
static void json_str(struct obuf *ob, const char *s)
{
	out_json_str(ob, s);
}

static void json_num(struct obuf *ob, double v)
{
	char b[40];

	if (!isfinite(v)) {
		obuf_puts(ob, "null");
		return;
	}
	fmt_double(b, sizeof(b), v);
	obuf_puts(ob, b);
}

static void json_totals(struct obuf *ob, const char *name,
			const struct iol_rtotals *t)
{
	obuf_printf(ob, "\"%s\":{\"run_s\":", name);
	json_num(ob, t->run_s);
	obuf_puts(ob, ",\"read_s\":");
	json_num(ob, t->read_s);
	obuf_puts(ob, ",\"write_s\":");
	json_num(ob, t->write_s);
	obuf_puts(ob, ",\"meta_s\":");
	json_num(ob, t->meta_s);
	obuf_printf(ob,
		    ",\"bytes_read\":%lld,\"bytes_written\":%lld,\"ops\":%lld}",
		    (long long)t->bytes_read, (long long)t->bytes_written,
		    (long long)t->ops);
}

static void json_files(struct obuf *ob, const struct replay_view *x)
{
	size_t i;
	int first = 1;

	obuf_puts(ob, ",\"files\":[");
	for (i = 1; i < x->b->s.nstr; i++) {
		const int64_t *o = x->b->per_file[i], *p = x->r->rep_file[i];

		if (!o[2] && !p[2])
			continue;
		obuf_printf(ob, "%s{\"path\":", first ? "" : ",");
		json_str(ob, iol_rscript_s(&x->b->s, (uint32_t)i));
		obuf_printf(
			ob,
			",\"original\":{\"bytes_read\":%lld,\"bytes_written\":"
			"%lld,\"ops\":%lld},\"replay\":{\"bytes_read\":%lld,"
			"\"bytes_written\":%lld,\"ops\":%lld}}",
			(long long)o[0], (long long)o[1], (long long)o[2],
			(long long)p[0], (long long)p[1], (long long)p[2]);
		first = 0;
	}
	obuf_puts(ob, "]");
}

static const char *pace_name(int pace)
{
	return pace == IOL_PACE_TIMELINE ? "timeline"
	       : pace == IOL_PACE_AFAP	 ? "afap"
					 : "closed";
}

static void json_fails(struct obuf *ob, const struct iol_rresult *r)
{
	char e[32];
	size_t i;

	obuf_puts(ob, ",\"failed\":[");
	for (i = 0; i < r->nfail; i++) {
		const struct iol_rfail *f = &r->fail[i];

		obuf_printf(ob,
			    "%s{\"line\":%lld,\"section\":%lld,\"op\":\"%s\","
			    "\"errno\":",
			    i ? "," : "", (long long)f->line,
			    (long long)f->rank, iol_rop_name(f->op));
		if (f->err)
			json_str(ob, iol_errno_name(f->err, e, sizeof(e)));
		else
			obuf_puts(ob, "null");
		obuf_puts(ob, ",\"original_errno\":");
		if (f->orig_err > 0)
			json_str(ob, iol_errno_name(f->orig_err, e, sizeof(e)));
		else
			obuf_puts(ob, f->orig_err ? "\"?\"" : "null");
		obuf_putc(ob, '}');
	}
	obuf_putc(ob, ']');
}

static void json_spread(struct obuf *ob, const struct replay_view *x)
{
	static const char *const k[] = {"run_s", "read_s", "write_s", "meta_s"};
	int i;

	obuf_printf(ob, ",\"runs\":%d,\"spread\":{", x->runs);
	for (i = 0; i < 4; i++) {
		obuf_printf(ob, "%s\"%s\":[", i ? "," : "", k[i]);
		json_num(ob, x->spread[i][0]);
		obuf_putc(ob, ',');
		json_num(ob, x->spread[i][1]);
		obuf_putc(ob, ']');
	}
	obuf_putc(ob, '}');
}

void view_replay_json(struct obuf *ob, const struct replay_view *x)
{
	const struct iol_rresult *r = x->r;

	obuf_puts(ob, "{\"script\":");
	json_str(ob, x->script);
	obuf_printf(ob,
		    ",\"compiled\":\"%s\",\"ranks\":%zu,\"dirs_made\":%lld,",
		    x->reused ? "reused" : "written", x->b->s.nrank,
		    (long long)r->staged_dirs);
	json_totals(ob, "original", &r->orig);
	obuf_puts(ob, ",");
	json_totals(ob, "replay", &r->rep);
	obuf_puts(ob, ",\"ratio\":{\"run\":");
	json_num(ob, ratio(r->rep.run_s, r->orig.run_s));
	obuf_puts(ob, ",\"read\":");
	json_num(ob, ratio(r->rep.read_s, r->orig.read_s));
	obuf_puts(ob, ",\"write\":");
	json_num(ob, ratio(r->rep.write_s, r->orig.write_s));
	obuf_puts(ob, ",\"meta\":");
	json_num(ob, ratio(r->rep.meta_s, r->orig.meta_s));
	obuf_puts(ob, "},\"overhead_s\":");
	json_num(ob, x->b->s.overhead);
	obuf_puts(ob, ",\"dur_overhead_s\":");
	json_num(ob, x->b->s.duroverhead);
	obuf_printf(
		ob,
		",\"mismatched\":%lld,\"waits\":%lld,\"waits_given_up\":%lld,"
		"\"clones\":%lld,\"clones_as_copies\":%lld,"
		"\"clone_bytes_copied\":%lld,\"max_late_s\":",
		(long long)r->mismatched, (long long)r->waits,
		(long long)r->broken, (long long)r->clones,
		(long long)r->clone_copies, (long long)r->clone_bytes);
	json_num(ob, r->max_late);
	obuf_puts(ob, ",\"inflate_s\":");
	json_num(ob, r->inflate_s);
	obuf_puts(ob, ",\"engine_s\":");
	json_num(ob, r->engine_s);
	obuf_puts(ob, ",\"repaid_s\":");
	json_num(ob, r->repaid_s);
	obuf_printf(ob,
		    ",\"pace\":\"%s\",\"sandbox\":{\"openat2\":true,"
		    "\"landlock\":%d}",
		    pace_name(x->pace), r->landlock);
	json_spread(ob, x);
	json_fails(ob, r);
	json_files(ob, x);
	obuf_puts(ob, "}\n");
}

/* A row: original, replay (the median of the runs), ratio = replay /
 * original, and the runs' least and greatest (spread NULL: counts,
 * equal in every run). */
static void row(struct out *o, const char *m, double a, double b, int isint,
		const double *spread)
{
	out_str(o, m);
	if (isint) {
		out_int(o, (int64_t)a);
		out_int(o, (int64_t)b);
	} else {
		out_num(o, a, 6);
		out_num(o, b, 6);
	}
	out_num(o, ratio(b, a), 3);
	if (spread) {
		out_num(o, spread[0], 6);
		out_num(o, spread[1], 6);
	} else if (isint) {
		out_int(o, (int64_t)b);
		out_int(o, (int64_t)b);
	}
	out_endrow(o);
}

void view_replay_table(struct out *o_, const struct replay_view *x)
{
	static const char *const cols[] = {"measure", "original", "replay",
					   "ratio",   "min",	  "max"};
	const struct iol_rtotals *o = &x->r->orig, *p = &x->r->rep;
	const struct iol_rscript *s = &x->b->s;
	struct out *out = o_;
	int fmt = out->fmt;
	char hb[32], ll[80];
	/* names escaped for people: a script's cannot move the cursor */
	char *e1 = iol_esc_dup(x->script),
	     *e2 = iol_esc_dup(s->overhead_from[0] ? s->overhead_from : "none");

	if (x->r->landlock > 0)
		snprintf(ll, sizeof(ll), "ABI %d", x->r->landlock);
	else if (s->nrank == 0) /* nothing forked to confine */
		snprintf(ll, sizeof(ll), "not applied (no section to replay)");
	else if (x->r->landlock_kernel > 0) /* a section never confined */
		snprintf(ll, sizeof(ll),
			 "not applied (a section was not replayed)");
	else
		snprintf(ll, sizeof(ll), "not applied (not in this kernel)");
	out_text(out,
		 "replay of '%s': %zu section%s, %zu input%s staged (%s), "
		 "%lld director%s made, compiled form %s\n\n",
		 e1 ? e1 : "?", s->nrank, s->nrank == 1 ? "" : "s",
		 x->r->ninputs, x->r->ninputs == 1 ? "" : "s",
		 fmt_bytes(hb, sizeof(hb), (double)x->r->staged_bytes,
			   BYTES_TEXT),
		 (long long)x->r->staged_dirs,
		 x->r->staged_dirs == 1 ? "y" : "ies",
		 x->reused ? "reused" : "written");
	out_text(out,
		 "pace: %s; %d run%s (replay times are medians, min and max "
		 "their spread); ratio = replay / original\n"
		 "sandbox: every path resolved beneath the run directory "
		 "(openat2); Landlock %s\n\n",
		 x->pace == IOL_PACE_TIMELINE
			 ? "timeline (each call at the original's time)"
		 : x->pace == IOL_PACE_AFAP
			 ? "as fast as possible (no compute gaps)"
			 : "closed loop (a call when the previous returned, "
			   "plus its compute gap)",
		 x->runs, x->runs == 1 ? "" : "s", ll);
	out_table(out, cols, 6);
	/* people read labels; pipes get the JSON keys */
	row(out, fmt ? "run_s" : "run time s", o->run_s, p->run_s, 0,
	    x->spread[0]);
	row(out, fmt ? "read_s" : "read time s", o->read_s, p->read_s, 0,
	    x->spread[1]);
	row(out, fmt ? "write_s" : "write time s", o->write_s, p->write_s, 0,
	    x->spread[2]);
	row(out, fmt ? "meta_s" : "metadata time s", o->meta_s, p->meta_s, 0,
	    x->spread[3]);
	row(out, fmt ? "bytes_read" : "bytes read", (double)o->bytes_read,
	    (double)p->bytes_read, 1, NULL);
	row(out, fmt ? "bytes_written" : "bytes written",
	    (double)o->bytes_written, (double)p->bytes_written, 1, NULL);
	row(out, fmt ? "ops" : "calls", (double)o->ops, (double)p->ops, 1,
	    NULL);
	out_endtable(out);
	out_text(
		out,
		"\nbytes and calls: %s; %lld call%s failed in one run only; "
		"largest lag behind the schedule %.6f s\n"
		"tracer overhead taken off: %.9f s per call from compute gaps, "
		"%.9f s from each call (%s)\n",
		o->bytes_read == p->bytes_read &&
				o->bytes_written == p->bytes_written &&
				o->ops == p->ops
			? "equal"
			: "DIFFERENT",
		(long long)x->r->mismatched, x->r->mismatched == 1 ? "" : "s",
		x->r->max_late, s->overhead, s->duroverhead, e2 ? e2 : "?");
	if (x->pace == IOL_PACE_CLOSED) /* the other paces owe nothing */
		out_text(out,
			 "the replay's own time between calls %.6f s, %.6f s "
			 "of it taken back from compute gaps\n",
			 x->r->engine_s, x->r->repaid_s);
	if (x->r->waits)
		out_text(out, "waits for other sections: %lld, %lld given up\n",
			 (long long)x->r->waits, (long long)x->r->broken);
	if (x->r->clones || x->r->clone_copies)
		out_text(out,
			 "reflink clones: %lld made, %lld copied instead "
			 "(%lld bytes: this file system refused them)\n",
			 (long long)x->r->clones, (long long)x->r->clone_copies,
			 (long long)x->r->clone_bytes);
	free(e1);
	free(e2);
}

void view_replay_script(FILE *f, const struct iol_rscript *s,
			const struct iol_rcounts *c, const char *path)
{
	size_t i, np = c->procs, nt = c->threads;
	char hb[32], th[48] = "", *e1 = NULL, *e2 = NULL;

	if (nt)
		snprintf(th, sizeof(th), " (%zu threads, a section each)", nt);
	fprintf(f,
		"%s: %zu process%s%s, %zu calls kept, %llu dropped (system "
		"paths, non-files, mappings)\n",
		esc(&e1, path), np, np == 1 ? "" : "es", th, c->calls,
		(unsigned long long)s->ndropev);
	fprintf(f,
		"inputs to stage: %zu (%s); paths rewritten: %zu; system "
		"paths left out: %zu\n",
		s->ninput,
		fmt_bytes(hb, sizeof(hb), (double)c->input_bytes, BYTES_TEXT),
		s->nrewrite / 2, s->ndropped);
	for (i = 0; i + 1 < s->nrewrite && i < 40; i += 2)
		fprintf(f, "  %s -> %s\n",
			esc(&e1, iol_rscript_s(s, s->rewrite[i])),
			esc(&e2, iol_rscript_s(s, s->rewrite[i + 1])));
	if (s->nrewrite > 40)
		fprintf(f, "  ... and %zu more (all in the script's header)\n",
			(s->nrewrite - 40) / 2);
	if (s->nunfit) /* a trace's 4 GiB pwrite, a rename to "" */
		fprintf(f,
			"%llu calls dropped: a script cannot hold them (the "
			"first: %s)\n",
			(unsigned long long)s->nunfit,
			s->unfit_why ? s->unfit_why : "?");
	if (s->inferred)
		fputs("opens and closes are inferred from the Darshan POSIX "
		      "records (DXT has transfers only)\n",
		      f);
	fprintf(f,
		"tracer overhead taken off: %.9f s per call from compute "
		"gaps, %.9f s from each call's duration (%s)\n",
		s->overhead, s->duroverhead, s->overhead_from);
	if (s->ninherit)
		fprintf(f,
			"descriptors a process had from its parent, opened "
			"where "
			"it first used them: %llu\n",
			(unsigned long long)s->ninherit);
	if (s->nshort)
		fprintf(f,
			"%llu of %zu sections had less time between calls than "
			"that overhead: their compute gaps are all 0\n",
			(unsigned long long)s->nshort, s->nrank);
	esc(&e1, NULL);
	esc(&e2, NULL);
}

void view_replay_calibrate(FILE *f, const struct iol_rcalib *c,
			   const char *path)
{
	fprintf(f,
		"strace overhead: %.2f us per call between calls, %.2f us in "
		"each call's -T duration (%d calls: %.6f s untraced, %.6f s "
		"under strace -f -tt -T; medians of 5)\n",
		c->gap * 1e6, c->dur * 1e6, c->calls, c->untraced, c->traced);
	if (path)
		fprintf(f,
			"stored in %s; iolens replay-script takes it off "
			"compute gaps and durations\n",
			path);
}
