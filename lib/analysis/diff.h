/*
 * Two jobs side by side (iolens diff): for each figure of job A and job B,
 * the change (B - A) and the ratio (B / A), in sections made by a table of
 * section builders (iol_diff_sections): the job's identity, the summary
 * metrics (the job-row fields of analysis/jobrow.h), the files matched by
 * record id (Darshan's hash of the path, which traces use too; or by
 * name, on request), the access-size histograms, and the code blocks
 * when both jobs are traces with call stacks (analysis/blocks.h; blocks
 * matched by their call path, "main() > loop w.c:9 > w.c:10").  Within a
 * section the rows come largest change first.  A new section is one
 * builder and one line in the table of diff.c; commands print the
 * sections in table order and need no change.
 *
 * Ownership: struct iol_diff is caller storage; iol_diff_compute() fills
 * it with rows and strings allocated here, freed by iol_diff_release().
 * The jobs and summaries of the sides are borrowed while computing only.
 */
#ifndef IOLENS_DIFF_H
#define IOLENS_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/metrics.h"
#include "base/arena.h"

/* One side of the comparison: a job and its summary (borrowed). */
struct iol_diffside {
	const char *log; /* the name given for it */
	const struct iol_job *job;
	const struct iol_summary *s;
};

/* One compared figure. */
struct iol_diffrow {
	const char *section; /* the section's name: "summary", "files" */
	const char *key;     /* "job", a file's path, "POSIX read" */
	const char *metric;  /* "bytes_read", "0-100" */
	const char *label;   /* for people: "bytes read" */
	int type;	     /* IOL_FT_* of analysis/jobrow.h */
	const char *unit;    /* "B", "s", "MiB/s", "%", "" */
	int prec;	     /* decimals for people (IOL_FT_NUM) */
	int has_a, has_b;    /* the side has a value */
	int64_t ia, ib;	     /* IOL_FT_INT and IOL_FT_BYTES values */
	double a, b;	     /* every numeric value, as a double */
	const char *sa, *sb; /* IOL_FT_STR values */
	/* b - a (an absent count, byte count or time counts as 0; NAN when
	 * a side of another kind is absent, and for text) */
	double change;
	/* b / a; 1 when the change is 0 (both 0, or 0 and absent); else
	 * NAN when a is 0 or absent, b is absent, or for text */
	double ratio;
	/* |change| over the larger of |a| and |b| (so 0 when unchanged, 1
	 * when one is 0 or absent); 1 when text differs; -1 when a side
	 * without a change is absent (unknown: sorted last, no change,
	 * hidden by a threshold): what the threshold compares */
	double rel;
	size_t group; /* rows of one file share it (files: rank in order) */
	/* unchanged, in a changed code block: text leaves it out (not
	 * --all) */
	int quiet;
};

struct iol_diff_opts {
	double threshold; /* hide rows with rel * 100 <= it; < 0: none */
	int64_t top;	  /* at most this many files; <= 0: all */
	/* files in one side only are paired when they have the same name
	 * after the last '/' and no other file of either side has it */
	int match_names;
	/* code blocks: show the pairs unchanged in calls and bytes too */
	int all;
};

struct iol_diff {
	struct iol_diffrow *rows;
	size_t n, cap;
	/* files: matched (files_by_name of them by name), only in A, only
	 * in B; files left out by --top (after the threshold) */
	int64_t files_both, files_by_name, files_only_a, files_only_b;
	int64_t files_cut;
	/* code blocks: pairs unchanged in calls and bytes hidden (not
	 * --all), and those left out by --top */
	int64_t blocks_same, blocks_cut;
	/* and the unchanged metrics of the changed blocks (not --all):
	 * rows marked quiet, left out of the text */
	int64_t blocks_same_metrics;
	/* summary metrics and access sizes: unchanged (not --all; rows
	 * marked quiet, left out of the text) and left out by --top */
	int64_t summary_same, summary_cut, hist_same, hist_cut;
	/* code blocks not compared: a binary of the trace stale_log
	 * (stale_module, in the arena) changed since it was traced, so its
	 * functions and lines would be the new build's; NULL: none */
	const char *stale_log, *stale_module;
	struct iol_arena arena; /* the rows' strings */
};

/* A section: its name (the machine formats' "section" column), a title
 * and how people see it, and the builder that appends its rows to d,
 * ordered (most changed first) and cut by o. */
struct iol_diff_section {
	const char *name;
	const char *title;
	const char *key_label;	  /* text column of the key; NULL: not shown */
	const char *metric_label; /* text column of the metric */
	int grouped;		  /* rows of a key together: key shown once */
	int values_only;	  /* text compared for equality: no change */
	int (*build)(struct iol_diff *d, const struct iol_diffside *a,
		     const struct iol_diffside *b,
		     const struct iol_diff_opts *o, struct iol_error *err);
};

/* The sections in the order they are built and printed; *n set to their
 * count.  Static. */
const struct iol_diff_section *iol_diff_sections(size_t *n);

/*
 * Compare a and b: every section's rows into d (zeroed here first), rows
 * hidden by o->threshold left out, at most o->top files.  Returns 0, or
 * IOL_ENOMEM with err set (d released).
 */
int iol_diff_compute(const struct iol_diffside *a, const struct iol_diffside *b,
		     const struct iol_diff_opts *o, struct iol_diff *d,
		     struct iol_error *err);
void iol_diff_release(struct iol_diff *d);

#endif
