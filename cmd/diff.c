/*
 * iolens diff: two jobs side by side, the "verify" step of a tuning
 * loop.  For each figure of job A and job B the change (B - A) and the
 * ratio (B / A), section by section (analysis/diff.h): the jobs, their
 * summary metrics, their files and their access sizes, largest change
 * first.  Text for people; one table with the columns section, key,
 * metric, unit, a, b, change, ratio for pipes.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "analysis/diff.h"
#include "analysis/jobrow.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens diff [--format fmt] [--match-names] [--nodes n]\n"
	"                   [--output file] [--procs-per-node n]\n"
	"                   [--threshold pct] [--top n] [--all] log-a log-b\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nCompare two jobs (Darshan logs or traces): their summary "
	       "metrics,\n"
	       "files, access sizes and, for two traces with call stacks, "
	       "code blocks,\n"
	       "with the change (B - A) and ratio (B / A) of each, largest "
	       "change first.\n\n"
	       "  --all              code blocks unchanged in calls and bytes "
	       "too\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  --match-names      pair files found in one side only by "
	       "their\n"
	       "                     name after the last '/', when unique "
	       "on both\n"
	       "  --nodes n          both jobs ran on n compute nodes\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "  --procs-per-node n n processes per node: nodes = nprocs / "
	       "n,\n"
	       "                     rounded up\n"
	       "  --threshold pct    hide rows that changed by pct %% of the "
	       "larger\n"
	       "                     value or less (0: hide unchanged rows)\n"
	       "  --top n            at most n files and n code blocks (0: "
	       "all; default 20 in\n"
	       "                     text,"
	       " all in the other formats)\n"
	       "  --lenient          traces: skip unparsable lines, counting "
	       "them\n"
	       "  --rank-from how    traces: a rank per input file (file, "
	       "default)\n"
	       "                     or per process id (pid)\n"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n");
}

enum { OPT_THRESHOLD = OPT_LAST_COMMON + 1, OPT_TOP, OPT_MATCH_NAMES, OPT_ALL };

struct dopts {
	struct iol_diff_opts d;
	int top_given;
};

static int extra_opt(void *ctx, int opt, const char *arg)
{
	struct dopts *x = ctx;
	char *end;

	if (opt == OPT_THRESHOLD) {
		x->d.threshold = strtod(arg, &end);
		if (end == arg || *end || !(x->d.threshold >= 0) ||
		    x->d.threshold > 1e6) {
			usage_error("bad --threshold '%s': a percentage >= 0",
				    arg);
			return -1;
		}
		return 1;
	}
	if (opt == OPT_MATCH_NAMES) {
		x->d.match_names = 1;
		return 1;
	}
	if (opt == OPT_ALL) {
		x->d.all = 1;
		return 1;
	}
	if (opt == OPT_TOP) {
		/* 0 is all; parse_count takes positive counts */
		if (strcmp(arg, "0") && parse_count(arg, &x->d.top) < 0) {
			usage_error("bad --top '%s': a count >= 0", arg);
			return -1;
		}
		x->top_given = 1;
		return 1;
	}
	return 0;
}

/* ---- values ---- */

static const char *const mcols[] = {
	"section", "key", "metric", "unit", "a", "b", "change", "ratio",
};

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

static void machine_row(struct out *o, const struct iol_diffrow *r)
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
static int text_cols(const struct iol_diff_section *sec, const char **cols)
{
	int n = 0;

	if (sec->key_label)
		cols[n++] = sec->key_label;
	cols[n++] = sec->metric_label;
	cols[n++] = "A";
	cols[n++] = "B";
	if (!sec->values_only) {
		cols[n++] = "change";
		cols[n++] = "ratio";
	}
	return n;
}

/* the code blocks not shown: unchanged (--all shows them), past --top */
static void blocks_notes(struct out *o, const struct iol_diff_section *sec,
			 const struct iol_diff *d)
{
	if (strcmp(sec->name, "blocks"))
		return;
	if (d->blocks_same)
		out_text(o,
			 "  %lld block%s unchanged in calls and bytes not "
			 "shown: --all shows them\n",
			 (long long)d->blocks_same,
			 d->blocks_same == 1 ? "" : "s");
	if (d->blocks_cut)
		out_text(o, "  %lld more block%s past --top\n",
			 (long long)d->blocks_cut,
			 d->blocks_cut == 1 ? "" : "s");
}

static void text_section(struct out *o, const struct iol_diff_section *sec,
			 const struct iol_diff *d, size_t lo, size_t hi)
{
	int files = !strcmp(sec->name, "files");
	const char *cols[6];
	size_t k;

	out_text(o, "\n%s\n", sec->title);
	if (files && d->files_by_name)
		out_text(o,
			 "  %lld in both (%lld by name), %lld only in A, %lld "
			 "only in B\n",
			 (long long)d->files_both, (long long)d->files_by_name,
			 (long long)d->files_only_a,
			 (long long)d->files_only_b);
	else if (files)
		out_text(o, "  %lld in both, %lld only in A, %lld only in B\n",
			 (long long)d->files_both, (long long)d->files_only_a,
			 (long long)d->files_only_b);
	if (lo == hi) {
		out_text(o, "  (no rows past the threshold)\n");
		blocks_notes(o, sec, d);
		return;
	}
	out_table(o, cols, text_cols(sec, cols));
	for (k = lo; k < hi; k++) {
		const struct iol_diffrow *r = &d->rows[k];

		/* the header names the logs; nothing to say of empty text */
		if (sec->values_only &&
		    (!strcmp(r->metric, "log") ||
		     ((!r->sa || !*r->sa) && (!r->sb || !*r->sb))))
			continue;
		if (sec->key_label)
			out_str(o, !sec->grouped || k == lo ||
						   strcmp(r->key, r[-1].key)
					   ? r->key
					   : "");
		out_str(o, r->label);
		text_val(o, r, 0);
		text_val(o, r, 1);
		if (!sec->values_only)
			text_change(o, r);
		out_endrow(o);
	}
	out_endtable(o);
	if (files && d->files_cut)
		out_text(o, "  %lld more file%s past --top\n",
			 (long long)d->files_cut, d->files_cut == 1 ? "" : "s");
	blocks_notes(o, sec, d);
}

static void text(struct out *o, const struct iol_diff *d,
		 const struct iol_diffside *a, const struct iol_diffside *b)
{
	const struct iol_diff_section *sec;
	size_t ns, s, k = 0;

	out_text(o, "A  %s\nB  %s\n", a->log, b->log);
	out_text(o, "change = B - A, ratio = B / A\n");
	sec = iol_diff_sections(&ns);
	for (s = 0; s < ns; s++) {
		size_t lo = k;

		while (k < d->n && !strcmp(d->rows[k].section, sec[s].name))
			k++;
		text_section(o, &sec[s], d, lo, k);
	}
	out_text(o, "\n");
}

/* ---- loading ---- */

/* The job of argv[i] alone (two traces of one directory stay two jobs)
 * and its summary; 0, or -1 with the message printed. */
static int side_load(struct copts *co, char **argv, int i, struct iol_job **job,
		     struct iol_summary *s)
{
	struct iol_error err = {0};
	struct iol_inputs in;
	int r;

	/* a directory of traces is one job; of Darshan logs, many */
	if (cmd_inputs(co, i + 1, argv, i, &in) < 0) {
		iol_inputs_release(&in);
		return -1;
	}
	if (in.n != 1) {
		msg("cannot compare '%s': it holds %zu jobs; give one log or "
		    "trace on each side",
		    argv[i], in.n);
		iol_inputs_release(&in);
		return -1;
	}
	r = cmd_load(co, &in.v[0], job);
	iol_inputs_release(&in);
	if (r < 0)
		return -1;
	if (iol_summary_compute(*job, &co->m, s, &err) < 0) {
		msg_ioerr(argv[i], err.code, &err);
		iol_job_close(*job);
		*job = NULL;
		return -1;
	}
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"format", required_argument, NULL, OPT_FORMAT},
		{"help", no_argument, NULL, 'h'},
		{"lenient", no_argument, NULL, OPT_LENIENT},
		{"all", no_argument, NULL, OPT_ALL},
		{"match-names", no_argument, NULL, OPT_MATCH_NAMES},
		NODE_LONGOPTS,
		{"output", required_argument, NULL, 'o'},
		{"rank-from", required_argument, NULL, OPT_RANK_FROM},
		{"threshold", required_argument, NULL, OPT_THRESHOLD},
		{"top", required_argument, NULL, OPT_TOP},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct iol_job *ja = NULL, *jb = NULL;
	struct iol_summary sa, sb;
	struct iol_diffside a, b;
	struct iol_error err = {0};
	struct iol_diff d;
	struct dopts x;
	struct copts co;
	struct out o;
	int rc, i;

	memset(&x, 0, sizeof(x));
	x.d.threshold = -1;
	rc = copts_start(&co, argc, argv, longopts, help, extra_opt, &x, NULL,
			 &i);
	if (rc >= 0)
		return rc;
	if (argc - i != 2)
		return usage_error("two logs needed, A and B; %d given",
				   argc - i);
	if (!x.top_given && co.fmt == FMT_TEXT)
		x.d.top = 20;
	if (side_load(&co, argv, i, &ja, &sa) < 0)
		return EXIT_DATA;
	if (side_load(&co, argv, i + 1, &jb, &sb) < 0) {
		iol_job_close(ja);
		return EXIT_DATA;
	}
	a = (struct iol_diffside){argv[i], ja, &sa};
	b = (struct iol_diffside){argv[i + 1], jb, &sb};
	rc = EXIT_DATA;
	if (iol_diff_compute(&a, &b, &x.d, &d, &err) < 0) {
		msg("%s", err.msg);
		goto out;
	}
	if (cmd_out_open(&o, co.outpath, co.fmt) < 0) {
		iol_diff_release(&d);
		goto out;
	}
	if (co.fmt == FMT_TEXT) {
		text(&o, &d, &a, &b);
	} else {
		size_t k;

		out_table(&o, mcols, 8);
		for (k = 0; k < d.n; k++)
			machine_row(&o, &d.rows[k]);
		out_endtable(&o);
	}
	iol_diff_release(&d);
	if (cmd_out_close(&o, 1) == 0)
		rc = EXIT_OK;
out:
	iol_job_close(ja);
	iol_job_close(jb);
	return rc;
}
