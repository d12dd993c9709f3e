/*
 * The views of iolens diff: what it prints, in each format, moved out
 * of cmd/diff.c so that the command only parses options and loads.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/diff.h"
#include "analysis/jobrow.h"
#include "analysis/diff.h"
#include "render/obuf.h"
#include "render/view-diff.h"
#include "render/view-text.h"
#include "base/banned.h"

/* ---- values ---- */

static const struct iol_col mcols[] = {
	{"section", "section", COL_STR, 0,
	 "job, summary, files, hist or blocks"},
	{"key", "key", COL_PATH, 0,
	 "job for the job and summary rows; a file's path (its record id in "
	 "hexadecimal when the log has no name for it; A's path, -> and B's "
	 "for files paired by name); a histogram's module and operation, such "
	 "as POSIX write; a code block's call path"},
	{"metric", "metric", COL_STR, 0,
	 "A summary column name; bytes_read, bytes_written or io_time for a "
	 "file; a size bin's name, such as 1M-4M; calls, bytes_read, "
	 "bytes_written or io_time for a code block"},
	{"unit", "unit", COL_STR, 0,
	 "B, s, MiB/s, MiB, % or empty for a count or text"},
	{"a", "A", COL_NUM, 0,
	 "The value of A, empty when absent: text for the job rows, integers "
	 "for counts and bytes, unrounded numbers otherwise"},
	{"b", "B", COL_NUM, 0, "The value of B, the same way"},
	{"change", "change", COL_NUM, 0, "B - A: exact for counts and bytes"},
	{"ratio", "ratio", COL_NUM, 0, "B / A"},
};
const struct iol_view iol_view_diff = IOL_VIEW("diff", NULL, mcols);

/* a side's value in a machine format */
static void put_val(struct out *o, const struct iol_diffrow *r, int side)
{
	int has = side ? r->has_b : r->has_a;

	if (!has)
		out_null(o);
	else if (r->type == IOL_FT_STR)
		out_str(o, side ? r->sb : r->sa);
	else if (r->type == IOL_FT_INT || r->type == IOL_FT_BYTES)
		out_int(o, side ? r->ib : r->ia);
	else
		out_num(o, side ? r->b : r->a, r->prec);
}

/* the change of a count exactly, else unrounded */
static void put_change(struct out *o, const struct iol_diffrow *r)
{
	if (isnan(r->change)) {
		out_null(o);
	} else if ((r->type == IOL_FT_INT || r->type == IOL_FT_BYTES) &&
		   !((r->ib < 0 && r->ia > INT64_MAX + r->ib) ||
		     (r->ib > 0 && r->ia < INT64_MIN + r->ib))) {
		out_int(o, r->ib - r->ia);
	} else {
		out_num(o, r->change, r->prec);
	}
}

static void view_diff_row(struct out *o, const struct iol_diffrow *r)
{
	out_str(o, r->section);
	out_str(o, r->key);
	out_str(o, r->metric);
	out_str(o, r->unit);
	put_val(o, r, 0);
	put_val(o, r, 1);
	put_change(o, r);
	out_num(o, r->ratio, 4);
	out_endrow(o);
}

/* v for people, by the row's type and unit; sign: "+" before positives */
static const char *human(char *b, size_t n, const struct iol_diffrow *r,
			 double v, int sign)
{
	const char *s = sign && v > 0 ? "+" : sign && v < 0 ? "-" : "";
	char t[64];

	if (sign)
		v = fabs(v);
	if (r->type == IOL_FT_BYTES)
		fmt_bytes(t, sizeof(t), v, BYTES_TEXT);
	else if (!strcmp(r->unit, "s"))
		fmt_dur(t, sizeof(t), v);
	else if (r->type == IOL_FT_INT)
		snprintf(t, sizeof(t), "%.0f", v);
	else
		snprintf(t, sizeof(t), "%.*f%s", r->prec > 0 ? r->prec : 2, v,
			 !sign && !strcmp(r->unit, "%") ? " %" : "");
	snprintf(b, n, "%s%s", s, t);
	return b;
}

static void text_val(struct out *o, const struct iol_diffrow *r, int side)
{
	char b[96];

	if (!(side ? r->has_b : r->has_a))
		(r->type == IOL_FT_STR ? out_str : out_numstr)(o, "absent");
	else if (r->type == IOL_FT_STR)
		out_str(o, side ? r->sb : r->sa);
	else if (r->type == IOL_FT_INT || r->type == IOL_FT_BYTES)
		out_numstr(o, human(b, sizeof(b), r,
				    (double)(side ? r->ib : r->ia), 0));
	else
		out_numstr(o, human(b, sizeof(b), r, side ? r->b : r->a, 0));
}

static void text_change(struct out *o, const struct iol_diffrow *r)
{
	char b[96];

	if (isnan(r->change))
		out_null(o);
	else
		out_numstr(o, human(b, sizeof(b), r, r->change, 1));
	if (isnan(r->ratio))
		out_null(o);
	else
		out_numstr(o, fmt_ratio(b, sizeof(b), r->ratio));
}

/* ---- text ---- */

/* a section's text columns: its key's (if shown), the metric's, the
 * values and, unless it holds text alone, change and ratio */
static int text_cols(const struct iol_diff_section *sec, struct iol_col *c)
{
	int n = 0, kind = sec->values_only ? COL_PATH : COL_NUM;

	/* keys are paths: files' and code blocks' call paths; values alone
	 * are text (command lines, paths): shortened to fit */
	if (sec->key_label)
		c[n++] = (struct iol_col){"key", sec->key_label, COL_PATH, 0,
					  ""};
	c[n++] = (struct iol_col){"metric", sec->metric_label, COL_STR, 0, ""};
	c[n++] = (struct iol_col){"a", "A", kind, 0, ""};
	c[n++] = (struct iol_col){"b", "B", kind, 0, ""};
	if (!sec->values_only) {
		c[n++] = (struct iol_col){"change", "change", COL_NUM, 0, ""};
		c[n++] = (struct iol_col){"ratio", "ratio", COL_NUM, 0, ""};
	}
	return n;
}

/* what a section of summary metrics or access sizes left out: "35
 * unchanged metrics not shown: --all shows them", "4 more past --top" */
static void trim_notes(struct out *o, const char *what, int64_t same,
		       int64_t cut)
{
	if (same)
		view_lines(
			o,
			"  %lld unchanged %s%s not shown: --all shows them\n",
			(long long)same, what, same == 1 ? "" : "s");
	if (cut)
		view_lines(o, "  %lld more %s%s past --top\n", (long long)cut,
			   what, cut == 1 ? "" : "s");
}

/* what a section did not list: summary metrics and access sizes as
 * trim_notes says, code blocks unchanged (--all shows them) or past --top */
static void section_notes(struct out *o, const struct iol_diff_section *sec,
			  const struct iol_diff *d)
{
	if (!strcmp(sec->name, "summary"))
		trim_notes(o, "metric", d->summary_same, d->summary_cut);
	if (!strcmp(sec->name, "hist"))
		trim_notes(o, "size", d->hist_same, d->hist_cut);
	if (strcmp(sec->name, "blocks"))
		return;
	if (d->blocks_same)
		view_lines(o,
			   "  %lld block%s unchanged in calls and bytes not "
			   "shown: --all shows them\n",
			   (long long)d->blocks_same,
			   d->blocks_same == 1 ? "" : "s");
	if (d->blocks_same_metrics)
		view_lines(o,
			   "  %lld unchanged metric%s of changed blocks not "
			   "shown: --all shows them\n",
			   (long long)d->blocks_same_metrics,
			   d->blocks_same_metrics == 1 ? "" : "s");
	if (d->blocks_cut)
		view_lines(o, "  %lld more block%s past --top\n",
			   (long long)d->blocks_cut,
			   d->blocks_cut == 1 ? "" : "s");
}

static void text_section(struct out *o, const struct iol_diff_section *sec,
			 const struct iol_diff *d, size_t lo, size_t hi)
{
	int files = !strcmp(sec->name, "files");
	struct iol_col cols[6];
	struct iol_view v = {"diff", "text", cols, 0};
	const char *shown = NULL;
	size_t k;

	view_lines(o, "\n%s\n", sec->title);
	if (files && d->files_by_name)
		view_lines(
			o,
			"  %lld in both (%lld by name), %lld only in A, %lld "
			"only in B\n",
			(long long)d->files_both, (long long)d->files_by_name,
			(long long)d->files_only_a, (long long)d->files_only_b);
	else if (files)
		view_lines(o,
			   "  %lld in both, %lld only in A, %lld only in B\n",
			   (long long)d->files_both, (long long)d->files_only_a,
			   (long long)d->files_only_b);
	if (lo == hi) {
		view_lines(o, "  (no rows past the threshold)\n");
		section_notes(o, sec, d);
		return;
	}
	while (lo < hi && d->rows[lo].quiet) /* none to show: no header */
		lo++;
	if (!sec->grouped && lo == hi) {
		section_notes(o, sec, d);
		return;
	}
	v.ncols = text_cols(sec, cols);
	out_view(o, &v);
	for (k = lo; k < hi; k++) {
		const struct iol_diffrow *r = &d->rows[k];

		if (r->quiet)
			continue;
		/* the header names the logs; nothing to say of empty text */
		if (sec->values_only &&
		    (!strcmp(r->metric, "log") ||
		     ((!r->sa || !*r->sa) && (!r->sb || !*r->sb))))
			continue;
		/* a key once, on its first row shown */
		if (sec->key_label)
			out_str(o,
				!sec->grouped || !shown || strcmp(r->key, shown)
					? r->key
					: "");
		shown = r->key;
		out_str(o, r->label);
		text_val(o, r, 0);
		text_val(o, r, 1);
		if (!sec->values_only)
			text_change(o, r);
		out_endrow(o);
	}
	out_endtable(o);
	if (files && d->files_cut)
		view_lines(o, "  %lld more file%s past --top\n",
			   (long long)d->files_cut,
			   d->files_cut == 1 ? "" : "s");
	section_notes(o, sec, d);
}

static void view_diff_text(struct out *o, const struct iol_diff *d,
			   const struct iol_diffside *a,
			   const struct iol_diffside *b)
{
	const struct iol_diff_section *sec;
	size_t ns, s, k = 0;

	view_lines(o, "A  %s\nB  %s\n", a->log, b->log);
	view_lines(o, "change = B - A, ratio = B / A\n");
	sec = iol_diff_sections(&ns);
	for (s = 0; s < ns; s++) {
		size_t lo = k;

		while (k < d->n && !strcmp(d->rows[k].section, sec[s].name))
			k++;
		text_section(o, &sec[s], d, lo, k);
	}
	view_lines(o, "\n");
}

void view_diff(struct out *o, const struct iol_diff *d,
	       const struct iol_diffside *a, const struct iol_diffside *b)
{
	size_t k;

	if (o->fmt == FMT_TEXT) {
		view_diff_text(o, d, a, b);
		return;
	}
	out_view(o, &iol_view_diff);
	for (k = 0; k < d->n; k++)
		view_diff_row(o, &d->rows[k]);
	out_endtable(o);
}
