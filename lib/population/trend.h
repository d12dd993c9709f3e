/*
 * The population over time (iolens trend, iolens compare): what changed
 * after a file-system upgrade, a new library version, a new allocation
 * year.  Rows come in as struct iol_popjob (population/popdb.h); nothing
 * here recomputes a per-job number.
 *
 * Definitions, stated once here and in the man pages:
 * - periods are UTC calendar months ("2026-06") or weeks starting on
 *   Monday (named by that Monday, "2026-06-01"), by a job's start_time;
 *   jobs without a start time are counted, not placed.
 * - core-hours: nprocs x run_time / 3600 (a process taken as a core).
 * - spread: the quartiles p25 and p75 of MiB/s/CN (type 7, popan.h).
 * - metadata share: the median of the jobs' md_cost_pct.
 * - trend's test: a period is marked when it and the previous period of
 *   the same key (the last one with values) each hold at least
 *   IOL_TREND_MIN jobs with a MiB/s/CN, their quartile ranges [p25, p75]
 *   do not overlap, and their medians differ by at least IOL_TREND_REL of
 *   the earlier one.  Run-to-run noise widens the quartile range, so a
 *   shift must clear the noise of both periods.
 * - compare's test: Cohen's d = (mean after - mean before) / s, s the
 *   pooled standard deviation of MiB/s/CN of the key's jobs on both sides
 *   (the run-to-run variance, Carns et al. Table IV); the change exceeds
 *   the noise when, with at least IOL_TREND_MIN jobs on each side, |d| >=
 *   IOL_CMP_D and the means differ by at least IOL_TREND_REL of the mean
 *   before.
 *
 * Ownership: rows are allocated here and freed with free(); their key
 * strings are borrowed from the set(s) (or static "").
 */
#ifndef IOLENS_POP_TREND_H
#define IOLENS_POP_TREND_H

#include <stddef.h>
#include <stdint.h>

#include "population/popdb.h"

#define IOL_TREND_MIN 3
#define IOL_TREND_REL 0.10
#define IOL_CMP_D 2.0

enum { IOL_EVERY_WEEK, IOL_EVERY_MONTH };
/* "week" or "month"; -1 if neither */
int iol_pop_every_parse(const char *s);
/* The start (epoch seconds, UTC) of the period holding t. */
double iol_pop_period_start(double t, int every);
/* "2026-06" (month) or "2026-06-01" (week: its Monday) into buf. */
void iol_pop_period_name(double start, int every, char *buf, size_t n);

struct iol_trend_row {
	const char *key; /* app, user or project; "" none */
	double start;	 /* the period's start */
	size_t jobs, flagged;
	double core_hours; /* of the jobs with nprocs and run time */
	int64_t bytes;	   /* read + written */
	size_t ncn;	   /* jobs with a MiB/s/CN */
	double cn[3];	   /* p25 median p75 of MiB/s/CN; NAN none */
	double meta_pct;   /* median md_cost_pct; NAN none */
	double flagged_pct;
	double change_pct; /* median vs the previous period's; NAN none */
	int mark;	   /* -1 lower, +1 higher beyond the noise, 0 not */
};

/*
 * The rows of set by key (by: IOL_BY_APP, IOL_BY_USER, IOL_BY_PROJECT)
 * and period, ordered by key then period; flagged: the sorted ids of the
 * jobs triage flags (NULL: none known, flagged_pct NAN).  *undated: jobs
 * without a start time.  IOL_EINVAL for another by, IOL_ENOMEM.
 */
int iol_pop_trend(const struct iol_popset *set, int by, int every,
		  const int64_t *flagged, size_t nflagged,
		  struct iol_trend_row **rows, size_t *n, size_t *undated);

/*
 * The same rows from jobs given one at a time, none kept (iolens trend
 * over a store of ten million): iol_trend_acc_add() each job in id
 * order (the order of the sums; flaggable 0 when j is known not to be
 * among the flagged ids), then iol_trend_acc_rows() as iol_pop_trend()
 * gives them, once; the rows' keys are borrowed from the jobs' strings.
 * What is held: each period's MiB/s/CN and metadata values and 12 bytes
 * a dated flaggable job (its id and period, for the flagged share known
 * only at the end).  IOL_EINVAL for another by, IOL_ENOMEM.
 */
struct iol_trend_acc;
int iol_trend_acc_new(int by, int every, struct iol_trend_acc **a);
int iol_trend_acc_add(struct iol_trend_acc *a, const struct iol_popjob *j,
		      int flaggable);
int iol_trend_acc_rows(struct iol_trend_acc *a, const int64_t *flagged,
		       size_t nflagged, struct iol_trend_row **rows, size_t *n,
		       size_t *undated);
void iol_trend_acc_free(struct iol_trend_acc *a);

/*
 * The rows of the jobs matching where, each summed as the store gives it
 * (iol_trend_acc_*), none kept, with the triage's flagged share under
 * conf_text in the same pass (iol_poptri_each_share()): set holds the
 * rows' strings (the caller frees it, and *rows), out the share, whose
 * ids count the flagged jobs.  The store's code (out of memory:
 * IOL_ENOMEM, err said).
 */
struct iol_popshare;
int iol_trend_each_share(struct iol_popdb *db, const char *where,
			 const char *conf_text, int by, int every,
			 struct iol_popset *set, struct iol_popshare *out,
			 struct iol_trend_row **rows, size_t *n,
			 size_t *undated, struct iol_error *err);

enum { IOL_CMP_FEW, IOL_CMP_NOISE, IOL_CMP_LOWER, IOL_CMP_HIGHER };
/* "too few jobs", "within noise", "lower", "higher"; static */
const char *iol_pop_cmp_name(int verdict);

struct iol_cmp_row {
	const char *key;
	size_t nb, na;	     /* jobs with a MiB/s/CN before, after */
	double medb, meda;   /* medians */
	double meanb, meana; /* means */
	double noise_pct;    /* pooled standard deviation / mean before */
	double change_pct;   /* of the mean */
	double d;	     /* Cohen's d; NAN when s is 0 or unknown */
	int verdict;	     /* IOL_CMP_* */
};

/* The jobs of one side (compare's --before or --after expression side,
 * an SQL expression as --where) that also match where (NULL: all) into
 * set.  0, or < 0: IOL_ENOMEM with err->msg "" when the expression
 * cannot be made, else err set. */
int iol_pop_load_side(struct iol_popdb *db, const char *where, const char *side,
		      struct iol_popset *set, struct iol_error *err);

/*
 * The keys found on both sides (with at least one job each), ordered by
 * key; *only_before and *only_after count the keys of one side only.
 */
int iol_pop_compare(const struct iol_popset *before,
		    const struct iol_popset *after, int by,
		    struct iol_cmp_row **rows, size_t *n, size_t *only_before,
		    size_t *only_after);

#endif
