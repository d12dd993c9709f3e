/*
 * Population triage: the triage rules (analysis/triage.h) over every job
 * row of a store, so a facility sees which jobs to call about first.  A
 * stored row holds the same job-row fields the rules read from a log, so
 * a job gets the same findings here as from `iolens triage LOG`, but for
 * the noise of its configuration: a rank-time finding
 * (iol_triage_varies()) material in fewer than half of the runs of its
 * (app, user, processes), three or more, is info (the store is read
 * once: the jobs such a finding flags wait, compactly, until every
 * configuration is counted).  iol_poptri_flagged() is the same pass, so
 * trend's flagged share counts the jobs triage --db flags.
 *
 * A job is flagged when a finding's severity is at least the one asked
 * for (warn: high or warn).  Flagged jobs are grouped by (app, user);
 * groups are ranked by the I/O time at stake of their flagged jobs
 * (iol_triage_stake(): slowest rank's I/O time x processes), and each
 * group keeps its top jobs by the same measure (all of them when top is
 * 0), each with its flagged findings' values and thresholds.  A group
 * whose stake is under the configuration's min_group_stake_s is not
 * listed, only counted.
 *
 * Ownership: struct iol_poptri is caller storage; everything it points
 * to is allocated here and freed with iol_poptri_free().  Codes and
 * titles point to static strings of the rule table.
 */
#ifndef IOLENS_POPTRIAGE_H
#define IOLENS_POPTRIAGE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/triage.h"
#include "base/error.h"
#include "population/popdb.h"

#define IOL_POPTRI_MAXRULES 32

/* a flagged finding of a listed job */
struct iol_poptri_find {
	int rule, sev;
	double value, threshold, stake, stake_pct;
};

struct iol_poptri_job {
	char *path;
	int64_t jobid, uid, nprocs; /* IOL_POP_NULL unknown */
	double start_time, stake;   /* NAN unknown */
	int worst;		    /* IOL_SEV_* */
	uint32_t codes;		    /* bit k: rule k flagged */
	struct iol_poptri_find *f;  /* the flagged findings, nf of them */
	size_t nf;
	size_t seq; /* among the flagged rows: equal stakes keep row order */
};

struct iol_poptri_group {
	char *app, *user; /* "" unknown */
	size_t jobs, flagged;
	double stake; /* sum over flagged jobs with a value */
	size_t count[IOL_POPTRI_MAXRULES]; /* flagged jobs per rule */
	struct iol_poptri_job *top;	   /* by stake, descending */
	size_t ntop, captop;
};

struct iol_poptri {
	size_t nrules;
	const char *code[IOL_POPTRI_MAXRULES], *title[IOL_POPTRI_MAXRULES];
	const char *unit[IOL_POPTRI_MAXRULES];
	double threshold[IOL_POPTRI_MAXRULES];
	double min_stake; /* groups under it are not listed ... */
	size_t hidden;	  /* ... and counted here */
	size_t jobs, flagged;
	size_t count[IOL_POPTRI_MAXRULES], na[IOL_POPTRI_MAXRULES];
	char missing[1024]; /* fields the store lacks, "" none */
	char stale[1024];   /* fields it gained after some rows, "" none */
	size_t stale_jobs;  /* the rows stored before them */
	struct iol_poptri_group *g; /* ranked by stake, descending */
	size_t ng;
};

/* Rows matching where (NULL: all); min_sev IOL_SEV_HIGH..IOL_SEV_INFO;
 * top jobs kept per group, 0: every flagged job. */
int iol_poptri_run(struct iol_popdb *db, const char *where,
		   const struct iol_triage_conf *c, int min_sev, size_t top,
		   struct iol_poptri *r, struct iol_error *err);
void iol_poptri_free(struct iol_poptri *r);

/*
 * The pass of iol_poptri_run() over a cursor of the caller's, so that a
 * load reading the same rows reads them once for both
 * (iol_popdb_load_pass()): the cursor selects the columns
 * iol_poptri_columns() names that the store has, first and in their
 * order, and any others after them; the rows of where in id order.
 * iol_poptri_begin() starts it into r (0 or IOL_ENOMEM); iol_poptri_open()
 * takes the cursor's columns before its first row, iol_poptri_row() each
 * row; iol_poptri_end() ends it (rc: how the rows went, < 0 frees r and
 * is returned) and frees *pp: the result of iol_poptri_run(), 0 or < 0
 * with err set.  The configuration c is read until the end.
 */
#define IOL_POPTRI_NCOLS (IOL_TIN_N + 7)
struct iol_poptri_pass;
struct iol_popcur;
/* The columns the pass reads into cols (IOL_POPTRI_NCOLS of room): the
 * job's own (path, app, user, jobid, start_time, id, ingest_time), then
 * the rules' inputs; their number.  With db, the inputs only a detail
 * shows are left out (iol_triage_in_detail_only(): the pass keeps no
 * detail) unless db gained them after some of its rows; NULL names
 * every one. */
size_t iol_poptri_columns(struct iol_popdb *db, const char **cols);
int iol_poptri_begin(struct iol_popdb *db, const struct iol_triage_conf *c,
		     int min_sev, size_t top, struct iol_poptri *r,
		     struct iol_poptri_pass **pp);
int iol_poptri_open(struct iol_poptri_pass *pp, struct iol_popcur *cur,
		    struct iol_error *err);
int iol_poptri_row(struct iol_poptri_pass *pp, struct iol_popcur *cur,
		   struct iol_error *err);
int iol_poptri_end(struct iol_poptri_pass *pp, int rc, struct iol_error *err);

/* The ids of the rows matching where that iol_poptri_run() flags at
 * min_sev or worse (its pass, the configurations' noise included),
 * ascending (for a share of flagged jobs per period, iolens trend);
 * *evaluated: the rows at least one rule could evaluate (0: the
 * store lacks the rules' fields, and no share is known).  *ids is the
 * caller's to free(); NULL when none.  info (NULL: not wanted) gets the
 * counts and the fields the store lacks (missing, stale), no groups. */
int iol_poptri_flagged(struct iol_popdb *db, const char *where,
		       const struct iol_triage_conf *c, int min_sev,
		       int64_t **ids, size_t *n, size_t *evaluated,
		       struct iol_poptri *info, struct iol_error *err);
/* The same at warn or worse under the thresholds of conf_text (triage.conf
 * text, as the site configuration gives it; NULL: the defaults), for a
 * share: *ids NULL when no share is known, else an array (of one unused
 * id when none is flagged).  0 or < 0 with err set. */
int iol_poptri_flagged_share(struct iol_popdb *db, const char *where,
			     const char *conf_text, int64_t **ids, size_t *n,
			     struct iol_poptri *info, struct iol_error *err);

/* iol_poptri_flagged_share() over a cursor of the caller's
 * (iol_popdb_load_pass(): trend's rows and the share read in one pass
 * of the store, not two): begin (conf_text as there; 0, or < 0 with err
 * set), open and row as iol_poptri_open() and iol_poptri_row(), end
 * (rc: how the rows went; s NULL: rc) frees s and gives the share as
 * iol_poptri_flagged_share() does. */
struct iol_poptri_share;
int iol_poptri_share_begin(struct iol_popdb *db, const char *conf_text,
			   struct iol_poptri_share **s, struct iol_error *err);
int iol_poptri_share_open(struct iol_poptri_share *s, struct iol_popcur *cur,
			  struct iol_error *err);
int iol_poptri_share_row(struct iol_poptri_share *s, struct iol_popcur *cur,
			 struct iol_error *err);
/* The rows the share's pass has flagged or held so far (each such row
 * leaves one record): a row that adds none is not flagged. */
size_t iol_poptri_share_marked(const struct iol_poptri_share *s);
int iol_poptri_share_end(struct iol_poptri_share *s, int rc, int64_t **ids,
			 size_t *n, struct iol_poptri *info,
			 struct iol_error *err);

/*
 * The rows of where (as iol_popdb_load_some() loads them into set) and
 * the flagged share of iol_poptri_flagged_share() under conf_text, read
 * in one pass of the store: the load's result (0 or < 0 with err set;
 * set emptied); out->rc is the share's (< 0: unknown, out->err says why;
 * out->ids NULL), out->ids the caller's to free(), out->info to
 * iol_poptri_free().  A share that fails never stops the load.
 */
struct iol_popset;
struct iol_popshare {
	int64_t *ids;
	size_t n;
	struct iol_poptri info;
	int rc;
	struct iol_error err;
};
int iol_poptri_load_share(struct iol_popdb *db, const char *where,
			  unsigned what, const char *conf_text,
			  struct iol_popset *set, struct iol_popshare *out,
			  struct iol_error *err);
/* ... each row to fn as iol_popdb_each() gives it (none kept in set),
 * after the share's pass: maybe 0 when the pass neither flagged nor held
 * it (then it is not among the share's ids), 1 when it may be or the
 * share failed.  Trend's sums hold no row, and no id of a row never
 * flagged. */
struct iol_popjob;
int iol_poptri_each_share(struct iol_popdb *db, const char *where,
			  unsigned what, const char *conf_text,
			  int (*fn)(const struct iol_popjob *j, int maybe,
				    void *arg),
			  void *arg, struct iol_popset *set,
			  struct iol_popshare *out, struct iol_error *err);

#endif
