/*
 * Every command's views (view.h) and the functions that print a
 * command's rows through them: the one place a table's columns are
 * written down.  Each view lives in render/view-<cmd>.c; the registry
 * of them all is render/views.c.
 *
 * Ownership: the printers borrow what they are given.
 */
#ifndef IOLENS_VIEWS_H
#define IOLENS_VIEWS_H

#include <stddef.h>
#include <stdio.h>

#include "render/view.h"
#include "render/obuf.h"

struct iol_popvar;
struct iol_blocks;

/* blocks: one row a block (machine formats), and the tree for people */
extern const struct iol_view iol_view_blocks, iol_view_blocks_tree;
/* The n blocks rows[] of bl (ranked), as o's format wants: the indented
 * tree in text, a row with every column and the call path elsewhere. */
void iol_view_blocks_print(struct out *o, const struct iol_blocks *bl,
			   const size_t *rows, size_t n);
/* The same with, in text, a head naming trace and its totals (and the
 * stacks cut) and a tail counting the all - n rows past --top. */
void iol_view_blocks_ranked(struct out *o, const char *trace,
			    const struct iol_blocks *bl, const size_t *rows,
			    size_t n, size_t all);
/* "312 stacks cut at 16 frames, under [stack cut]: use --stacks=64"
 * into buf (160 bytes hold it), returned */
const char *iol_view_blocks_cut_note(const struct iol_blocks *bl, char *buf,
				     size_t n);
/* Folded stacks (flamegraph.pl, speedscope): "a();b.c:3;c() N" a line,
 * N a block's own I/O time in ns, or bytes with by_bytes, none of 0. */
void iol_view_blocks_folded(struct out *o, const struct iol_blocks *bl,
			    int by_bytes);
struct iol_ctree;
struct iol_iocost;
struct iol_cjoin;
/* Say what is not as traced in bl's binaries (one line each on stderr,
 * render/diag.h) and, unless text (which has it in its header), the
 * stacks cut; -1 when a binary changed: the blocks would be wrong,
 * refuse (said). */
int iol_view_blocks_say_modules(const struct iol_blocks *bl, const char *trace,
				int text);
/* What iol_replay_blocks_sort() decided, said: say < 0 --sort time
 * refused, 1 strace's own overhead (seconds a call) taken off, 2 ranked
 * by bytes; 0 nothing. */
void iol_view_blocks_times_say(int say, double overhead);
/* When bl took off less than the calibrated strace overhead (the
 * trace's fastest call was shorter: strace -k), a note saying so */
void iol_view_blocks_cap_say(double calibrated, const struct iol_blocks *bl);
/* the note that an strace -k trace's calls are timed robustly
 * (iol_blocks_opts.robust), overhead seconds a call taken off medians */
void iol_view_blocks_robust_say(double overhead);
/* after the blocks bl are built: how their times were taken (say as
 * iol_view_blocks_times_say's; robust: strace -k's medians) and, when
 * the trace's fastest call capped the overhead, that note */
void iol_view_blocks_overhead_say(int say, int robust, double overhead,
				  const struct iol_blocks *bl);
/* blocks --source: the parse errors of t's sources as warnings (what
 * parsed is used) and the --assume given that nothing read; 1 when
 * there were parse errors. */
int iol_view_blocks_source_say(const struct iol_ctree *t);
/* blocks --source: that the cost model c has no unlink of its own (made
 * before unlink was measured) when a block of t unlinks (issue 33 D5) */
void iol_view_blocks_unlink_say(const struct iol_ctree *t,
				const struct iol_iocost *c);
/* blocks --source: each figure of the cost model c a block of t is
 * costed with whose calibration rounds disagreed (issue 33 D13: fsync 79
 * us one hour, 4885 us the next, said nowhere) */
void iol_view_blocks_noisy_say(const struct iol_ctree *t,
			       const struct iol_iocost *c);
/* blocks --calibrate: the costs c measured, saved to path */
void iol_view_blocks_cost(FILE *f, const struct iol_iocost *c,
			  const char *path);
/* figure f of c (IOL_IOCF_*) when its rounds disagree (iol_iocost_noisy()):
 * "fsync: rounds 79-4885 us: the machine was busy; calibrate again when
 * it is quiet" into buf, 1; else 0 */
int iol_view_blocks_cost_noisy(const struct iol_iocost *c, int f, char *buf,
			       size_t n);
/* blocks --source: the predicted blocks, and joined to a trace's */
extern const struct iol_view iol_view_blocks_source_rows,
	iol_view_blocks_join_rows, iol_view_blocks_join_tree,
	iol_view_blocks_join_tree_time;
/* blocks --source's ranking: --sort's key (IOL_BSORT_*, -1 not given:
 * predicted I/O time with a cost model, else the extractor's rank) and
 * --top's count of rows (functions in text; 0 all) */
struct iol_csrc_rank {
	int sort;
	int64_t top;
};
/* The blocks t predicts (cost: rank by predicted I/O time, NULL none;
 * rk: --sort and --top, NULL none): prose trees of functions in text, a
 * row a block elsewhere. */
void iol_view_blocks_source(struct out *o, const struct iol_ctree *t,
			    const struct iol_iocost *cost,
			    const struct iol_csrc_rank *rk);
/* The join of predicted and measured blocks of trace (nfiles sources):
 * a tree side by side with the accuracy in text, a row a block
 * elsewhere (rk: ranked by --sort's key and cut at --top, NULL: the
 * extractor's order). */
void iol_view_blocks_join(struct out *o, const struct iol_cjoin *j,
			  const char *trace, int nfiles,
			  const struct iol_csrc_rank *rk);
/* The same opened as path in fmt (out_open), printed and closed: 0, or
 * -1 with the message in err. */
int iol_view_blocks_source_write(const char *path, int fmt,
				 const struct iol_ctree *t,
				 const struct iol_iocost *cost,
				 const struct iol_csrc_rank *rk,
				 struct iol_error *err);
int iol_view_blocks_join_write(const char *path, int fmt,
			       const struct iol_cjoin *j, const char *trace,
			       int nfiles, const struct iol_csrc_rank *rk,
			       struct iol_error *err);
/* Block i's call path, all its labels from the root joined by ';'
 * (malloc'd; NULL: no memory). */
char *iol_blocks_path(const struct iol_blocks *bl, size_t i);

struct iol_trend_row;
struct iol_cmp_row;

/* triage: a log's findings, a store's flagged jobs (population/
 * poptriage.h).  For a log: begin, then each log's findings at min_sev
 * (IOL_SEV_NA: every rule), then end. */
struct iol_triage;
struct iol_poptri;
extern const struct iol_view iol_view_triage, iol_view_triage_db,
	iol_view_triage_rules;
void iol_view_triage_begin(struct out *o);
void iol_view_triage_log(struct out *o, const char *log,
			 const struct iol_triage *t, int min_sev);
void iol_view_triage_end(struct out *o);
void iol_view_triage_db_print(struct out *o, const struct iol_poptri *r,
			      int min_sev);
/* The line that says which of the rules' fields a store lacks (which 0:
 * none of its rows has them) or lacks in its older rows (which 1), and
 * the command that fills them, into d; 0 when there are none.  brief:
 * a long list of fields cut to three and a count. */
int iol_view_triage_gaps(const struct iol_poptri *r, int which, int brief,
			 char *d, size_t n);
/* What the triage's flagged share of store db lacks, said on stderr:
 * that it could not be judged, or the rules' fields the store lacks. */
struct iol_popshare;
void iol_view_share_say(const char *db, const struct iol_popshare *sh);

/* fsload: per target (the main table), metadata operations, busy and
 * idle periods, bytes per bin, jobs (--db); printed by
 * render/view-fsload.h's functions */
extern const struct iol_view iol_view_fsload, iol_view_fsload_ops,
	iol_view_fsload_periods, iol_view_fsload_intervals,
	iol_view_fsload_jobs;
/* fsstats (render/view-fsstats.c): the summary row, a histogram, the
 * comparison of two snapshots */
extern const struct iol_view iol_view_fsstats, iol_view_fsstats_hist,
	iol_view_fsstats_compare;
/* iostat (render/view-iostat.c): the intervals, and the table of each
 * option */
extern const struct iol_view iol_view_iostat, iol_view_iostat_periods,
	iol_view_iostat_table, iol_view_iostat_cdf, iol_view_iostat_summary,
	iol_view_iostat_jobs, iol_view_iostat_coverage;

/* coverage (render/view-coverage.c): Table II of Carns et al., its
 * projects (or partitions; a month to a row when m is not NULL: nm
 * months, c then only for the totals in text) and the I/O APIs.  Text:
 * both tables with what they mean; else the projects, or the APIs with
 * apis_only. */
struct iol_popcov_all;
struct iol_popcov_month;
extern const struct iol_view iol_view_coverage, iol_view_coverage_apis;
void iol_view_coverage_print(struct out *o, const struct iol_popcov_all *c,
			     const struct iol_popcov_month *m, size_t nm,
			     int by_part, int apis_only);

/* variance: Table IV of Carns et al., n groups of the njobs loaded,
 * npartial of them left out */
extern const struct iol_view iol_view_variance;
void iol_view_variance_print(struct out *o, const struct iol_popvar *v,
			     size_t n, size_t njobs, size_t npartial);

/* trend: per group and period; by is IOL_BY_APP, _USER or _PROJECT
 * (population/popan.h), every IOL_EVERY_* (population/trend.h); text:
 * under a title, with the test stated after and undated jobs counted */
extern const struct iol_view iol_view_trend;
void iol_view_trend_print(struct out *o, const struct iol_trend_row *r,
			  size_t n, int by, int every, size_t undated);
/* compare: per group, before and after (the expressions of the sides);
 * text: the test stated after, and the keys only_before and only_after
 * on one side */
extern const struct iol_view iol_view_compare;
void iol_view_compare_print(struct out *o, const struct iol_cmp_row *r,
			    size_t n, int by, const char *before,
			    const char *after, size_t only_before,
			    size_t only_after);
/* config: key, value, source; in text after the files read (nfiles of
 * files: population/siteconf.h) */
struct iol_siteconf;
struct iol_sitefile;
extern const struct iol_view iol_view_config;
void iol_view_config_print(struct out *o, const struct iol_siteconf *c,
			   const struct iol_sitefile *files, int nfiles);

/* The columns of cmd's views for `iolens help --columns`: a table for
 * people, or (mdoc) the man page's "Columns" subsection.  Returns how
 * many views cmd has. */
int iol_views_describe(struct obuf *ob, const char *cmd, int mdoc);

#endif
