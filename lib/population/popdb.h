/*
 * Reading the population store (SQLite or PostgreSQL through
 * population/sql.h; schema in man/iolens-ingest.1) for the population
 * analyses: the one module of the analyses that speaks SQL.  It names the
 * columns it reads from the schema in one table (popdb.c); columns a
 * store lacks read as "no value", so an older store still works.
 *
 * The store is always opened read-only (SQLite: SQLITE_OPEN_READONLY and
 * PRAGMA query_only; PostgreSQL: a read-only session): a --where
 * expression is SQL typed by a user, and it is refused when it holds ';'
 * or does not compile to one read-only statement.
 *
 * Ownership: struct iol_popset owns its jobs and their strings; free it
 * with iol_popset_free().  A struct iol_popcur is opaque and owned by the
 * caller until iol_popcur_close(); the strings it returns are borrowed
 * until the next iol_popcur_next().
 */
#ifndef IOLENS_POPDB_H
#define IOLENS_POPDB_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

/* "no value" of an integer column; real columns use NAN, text NULL */
#define IOL_POP_NULL INT64_MIN
#define IOL_POP_NBINS 10
#define IOL_POP_NFW 7	 /* size classes of written files (Fig. 5) */
#define IOL_POP_NSIZE 17 /* job-size classes (population/popan.h) */
/* The job-size class of nprocs, 0..IOL_POP_NSIZE-1 (popan.c). */
int iol_pop_size_class(int64_t nprocs);

extern const char *const iol_pop_bin_names[IOL_POP_NBINS];
extern const char *const iol_pop_fw_names[IOL_POP_NFW];

/* One job row: the columns the analyses use (208 bytes; a million of
 * them are most of population-report's memory, so no column rides along
 * that none reads: exe, nodes and creates did, and the seven
 * files_written_* counts, 56 bytes a job, are only summed: see fw). */
struct iol_popjob {
	int64_t id;
	char *path, *user, *app, *project, *strategy;
	int64_t uid, nprocs, partial, files;
	int64_t bytes_read, bytes_written;
	double start_time, end_time, run_time;
	double io_time_by_slowest, mib_s, mib_s_per_node;
	double pct_io_time_slowest, md_cost_pct, files_per_proc;
	double creates_per_proc, pct_sequential, pct_aligned, mib_per_proc;
	/* the files_written_* counts (IOL_POP_NFW, IOL_POP_NULL: no value)
	 * of a row passed to iol_popdb_each()'s fn, borrowed for the call;
	 * NULL in a loaded set's rows, whose counts are summed by job-size
	 * class as they load (iol_popset.fw_sum) */
	const int64_t *fw;
};

struct iol_popstrs;
struct iol_popset {
	struct iol_popjob *jobs;
	size_t n;
	int has_bins, has_fw; /* the store has those columns */
	/* the jobs' strings: user, app, project, exe and strategy interned
	 * (a million rows hold a few hundred distinct ones), paths in
	 * chunks; owned here, never freed one by one */
	struct iol_popstrs *strs;
	/* The POSIX access-size bins (Fig. 10) summed over the jobs as they
	 * load, positive values only, in row order: only their sums are
	 * ever shown, and 160 bytes a job held them for a million jobs. */
	double rbin_sum[IOL_POP_NBINS], wbin_sum[IOL_POP_NBINS];
	/* With IOL_POPLOAD_FW, the files_written_* counts with a value
	 * summed per job-size class of nprocs (iol_pop_size_class()), in
	 * row order, and how many jobs had one: what Fig. 5 draws
	 * (iol_pop_groups() --by size), where 56 bytes a job held them. */
	double fw_sum[IOL_POP_NSIZE][IOL_POP_NFW];
	size_t fw_n[IOL_POP_NSIZE][IOL_POP_NFW];
};

struct iol_popdb;

/* Open a store read-only.  *db is caller-owned until iol_popdb_close(). */
int iol_popdb_open(const char *path, struct iol_popdb **db,
		   struct iol_error *err);
/* ... a store that must be there (a file not a URL): a missing one is
 * IOL_EIO with err->msg the system's reason ("No such file or
 * directory"), not SQLite's "unable to open database file". */
int iol_popdb_open_present(const char *path, struct iol_popdb **db,
			   struct iol_error *err);
/* ... and checked for reading the jobs matching where (NULL: all,
 * iol_popdb_check_where()): 0; IOL_EINVAL with *bad_where 1 when where
 * is refused (then the store is closed, *db NULL); else as
 * iol_popdb_open_present(), *bad_where 0. */
int iol_popdb_open_where(const char *path, const char *where,
			 struct iol_popdb **db, int *bad_where,
			 struct iol_error *err);
void iol_popdb_close(struct iol_popdb *db);
/* With on, the first store opened is kept open when closed, and opening
 * the same path again (while no one has it) gives it back without
 * opening the file or reading its schema again: for a process running
 * several commands on one store (iolens --serve-batch).  Off closes it.
 * Not for threads: one thread of a process opens stores while on. */
void iol_popdb_keep(int on);

/* Is where (NULL: none) a guarded read-only expression?  0 or IOL_EINVAL. */
int iol_popdb_check_where(struct iol_popdb *db, const char *where,
			  struct iol_error *err);

/* The jobs matching where (NULL: all), in id order. */
int iol_popdb_load(struct iol_popdb *db, const char *where,
		   struct iol_popset *set, struct iol_error *err);
/* ... only the parts in what (IOL_POPLOAD_*): the rest reads as "no
 * value" (a million rows load in a second or two, not ten). */
enum {
	IOL_POPLOAD_PATH = 1, /* path */
	IOL_POPLOAD_BINS = 2, /* rbins, wbins */
	IOL_POPLOAD_FW = 4,   /* fw */
	IOL_POPLOAD_ALL = 7,
	IOL_POPLOAD_CTX = 8,  /* only what context reads (the others unset) */
	IOL_POPLOAD_VAR = 16, /* only what variance reads */
	IOL_POPLOAD_GROUPS = 32, /* only what groups reads (with FW: fw) */
	IOL_POPLOAD_TREND = 64	 /* only what trend reads (iol_pop_trend()) */
};
int iol_popdb_load_some(struct iol_popdb *db, const char *where, unsigned what,
			struct iol_popset *set, struct iol_error *err);
/*
 * Each row in turn to fn (a row of its own, borrowed for the call; its
 * strings interned in set and kept until iol_popset_free()), none kept:
 * set->n counts the rows and set->jobs stays NULL, so that an analysis
 * that only sums (groups, Table IV) holds a few bytes a job, not a row.
 * fn returns 0 to go on, or a negative IOL_E* code that stops the load
 * and is returned.
 */
int iol_popdb_each(struct iol_popdb *db, const char *where, unsigned what,
		   int (*fn)(const struct iol_popjob *j, void *arg), void *arg,
		   struct iol_popset *set, struct iol_error *err);
struct iol_popcur;
/*
 * iol_popdb_load_some() with a pass of the caller's over the same rows,
 * so that a row is read from the store once for both: the query selects
 * the columns of cols the store has first, in their order, then the
 * load's own that are not among them.  open (NULL: none) gets the
 * query's cursor before its first row (its columns named), row (NULL:
 * none) gets it at each row, once the row is loaded into set; the
 * cursor is borrowed for the call, not to be stepped.  Either returns 0
 * to go on, or a negative IOL_E* code that stops the load and is
 * returned (set emptied).
 */
int iol_popdb_load_pass(struct iol_popdb *db, const char *where, unsigned what,
			const char *const *cols, size_t ncols,
			int (*open)(struct iol_popcur *cur, void *arg),
			int (*row)(struct iol_popcur *cur, void *arg),
			void *arg, struct iol_popset *set,
			struct iol_error *err);
/*
 * iol_popdb_each() with iol_popdb_load_pass()'s pass of the caller's:
 * the cursor to row, then each row to fn (none kept), so that an
 * analysis that sums and a triage pass read the store once and hold no
 * row (iolens trend).
 */
int iol_popdb_each_pass(struct iol_popdb *db, const char *where, unsigned what,
			const char *const *cols, size_t ncols,
			int (*open)(struct iol_popcur *cur, void *arg),
			int (*fn)(const struct iol_popjob *j, void *arg),
			int (*row)(struct iol_popcur *cur, void *arg),
			void *arg, struct iol_popset *set,
			struct iol_error *err);
/*
 * The paths of set->jobs[idx[0..n-1]] (loaded without IOL_POPLOAD_PATH),
 * by id: the report prints the paths of a few jobs of a million.
 */
int iol_popdb_load_paths(struct iol_popdb *db, struct iol_popset *set,
			 const size_t *idx, size_t n, struct iol_error *err);
/*
 * The one row whose path is path or alt (alt may be NULL) into set (one
 * job or none): an indexed lookup, not a scan.
 */
int iol_popdb_load_path(struct iol_popdb *db, const char *path, const char *alt,
			struct iol_popset *set, struct iol_error *err);
/*
 * The jobs that can be "earlier jobs" of a job of app started at start
 * (population/popan.h, context): app IS app, start_time < start and
 * partial not > 0, also matching where; read through the store's
 * (app, start_time) index when it has one, in its order (not by id).
 */
int iol_popdb_load_earlier(struct iol_popdb *db, const char *where,
			   const char *app, double start,
			   struct iol_popset *set, struct iol_error *err);
void iol_popset_free(struct iol_popset *set);

/* Does the jobs table have this column? */
int iol_popdb_has_column(struct iol_popdb *db, const char *name);
/* Was column col added to the store after some of its rows?  Then the
 * rows with an id up to *maxid stored (ingest_time) before *t lack it
 * until `iolens ingest --refresh` reads their logs again.  1 or 0. */
int iol_popdb_added(const struct iol_popdb *db, const char *col, int64_t *maxid,
		    double *t);

/*
 * A cursor over every column of the jobs rows matching where, sorted by
 * column sort (NULL: id; descending when desc) then id, at most top rows
 * (0: all).  sort must be a column name of the table.
 */
enum { IOL_POPV_NULL, IOL_POPV_INT, IOL_POPV_REAL, IOL_POPV_TEXT };
struct iol_popcur;
int iol_popcur_open(struct iol_popdb *db, const char *where, const char *sort,
		    int desc, int64_t top, struct iol_popcur **cur,
		    struct iol_error *err);
/* ... only the columns of cols the store has (those it lacks are left
 * out, not read as NULL), in id order: a pass that reads a hundred of
 * the store's columns does not decode the rest of every row. */
int iol_popcur_open_cols(struct iol_popdb *db, const char *where,
			 const char *const *cols, size_t ncols,
			 struct iol_popcur **cur, struct iol_error *err);
/* ... iol_popcur_open's rows in its order, only the columns of cols the
 * store has (cols NULL: every one): the text of `jobs` reads its sixteen
 * columns of each row, not all two hundred. */
int iol_popcur_open_sorted(struct iol_popdb *db, const char *where,
			   const char *const *cols, size_t ncols,
			   const char *sort, int desc, int64_t top,
			   struct iol_popcur **cur, struct iol_error *err);
/*
 * The job list of a browser (iolens serve): a filter whose values are
 * bound as parameters, never put in the SQL text, a page of the rows in
 * an order, and their count.  A NULL string or a NAN bound is no filter.
 */
struct iol_popfilter {
	const char *user, *app, *project; /* equal to */
	double from, to;		  /* from <= start_time < to */
	/* read the rows in the sort's order (its index), testing the
	 * filter on each, rather than look the filter up in its index and
	 * sort what matches: the faster when it matches many rows */
	int in_order;
	int64_t id; /* the row of this id; 0: any */
};
/* Every column (cols NULL), or those of cols the store has, of the rows
 * matching f sorted by column sort (descending when desc) then id, limit
 * rows after the first offset: the rows `jobs --where ... --sort ...
 * --top limit --offset offset` prints. */
int iol_popcur_open_page(struct iol_popdb *db, const struct iol_popfilter *f,
			 const char *const *cols, size_t ncols,
			 const char *sort, int desc, int64_t limit,
			 int64_t offset, struct iol_popcur **cur,
			 struct iol_error *err);
/* A row's place in a page's order: its sort column's value (type an
 * IOL_POPV_*; t allocated) and its id. */
struct iol_popkey {
	int type;
	int64_t i;
	double r;
	char *t;
	int64_t id;
};
void iol_popkey_free(struct iol_popkey *key);
/* 1 when the store takes a page after a key (SQLite: its order of NULLs
 * and row values), else 0. */
int iol_popdb_keyset(const struct iol_popdb *db);
/* iol_popcur_open_page's rows after the row of key after (NULL: from the
 * first), offset counted from there: a deep page read from the sort's
 * index at its place, not stepped to past every row before it. */
int iol_popcur_open_page_after(struct iol_popdb *db,
			       const struct iol_popfilter *f,
			       const char *const *cols, size_t ncols,
			       const char *sort, int desc, int64_t limit,
			       int64_t offset, const struct iol_popkey *after,
			       struct iol_popcur **cur, struct iol_error *err);
/* The keys of every every-th row after the row of after (NULL: from the
 * first) among f's in that order, nkeys at most, into keys (*got of
 * them; iol_popkey_free() each): one pass over the sort's index.  0, or
 * < 0 an error (a store without keyset, sort id). */
int iol_popdb_page_keys(struct iol_popdb *db, const struct iol_popfilter *f,
			const char *sort, int desc,
			const struct iol_popkey *after, int64_t every,
			size_t nkeys, struct iol_popkey *keys, size_t *got,
			struct iol_error *err);
/* The number of rows matching f. */
int iol_popdb_count(struct iol_popdb *db, const struct iol_popfilter *f,
		    int64_t *n, struct iol_error *err);
/* The store's state as text in buf, another whenever a write to it
 * has ended since (a reader's cache key): on PostgreSQL its generation
 * (meta 'generation'), or the server's snapshot for a store without one;
 * 1, or 0 with "" for an SQLite store (its file's identity, size and time
 * say it), < 0 an error. */
int iol_popdb_state(struct iol_popdb *db, char *buf, size_t n,
		    struct iol_error *err);
/* 1 a row, 0 done, < 0 an error */
int iol_popcur_next(struct iol_popcur *cur, struct iol_error *err);
/* The first row after the next n (a page of the list: --offset): those
 * are read and left out.  As iol_popcur_next(). */
int iol_popcur_skip(struct iol_popcur *cur, int64_t n, struct iol_error *err);
int iol_popcur_ncols(const struct iol_popcur *cur);
const char *iol_popcur_name(const struct iol_popcur *cur, int i);
/* IOL_POPV_* of column i in the current row */
int iol_popcur_type(const struct iol_popcur *cur, int i);
int64_t iol_popcur_int(const struct iol_popcur *cur, int i);
/* Column i as a number: an integer's value as a double, a real's, NAN
 * for NULL or text (what a type and a value would say, in one look). */
double iol_popcur_num(const struct iol_popcur *cur, int i);
/* iol_popcur_num() of columns cols[0..n) into out, in one call. */
void iol_popcur_nums(const struct iol_popcur *cur, const int *cols, size_t n,
		     double *out);
double iol_popcur_real(const struct iol_popcur *cur, int i);
const char *iol_popcur_text(const struct iol_popcur *cur, int i);
void iol_popcur_close(struct iol_popcur *cur);

/*
 * Coverage (Carns et al. Table II): the scheduler's jobs (table sched,
 * iolens ingest --sacct) per project (Account; "(none)" when empty), and
 * which of them have at least one Darshan job row joined (jobs.sched_id).
 * Core-hours: NCPUS x Elapsed / 3600, unknown counting 0.
 */
struct iol_popcov {
	char project[128]; /* or the partition */
	int64_t jobs, inst_jobs;
	double core_hours, inst_core_hours;
};
#define IOL_POP_NAPI 5
extern const char *const iol_pop_api_names[IOL_POP_NAPI];
struct iol_popcov_all {
	struct iol_popcov *p; /* by project name */
	size_t n;
	struct iol_popcov total;
	/* of the instrumented scheduler jobs, those whose Darshan rows
	 * moved bytes through each API (POSIX, MPI-IO, HDF5, PnetCDF,
	 * STDIO) */
	int64_t api[IOL_POP_NAPI];
	int64_t darshan_jobs, darshan_unjoined; /* job rows, not joined */
};
/* IOL_ENOTLOG when the store has no scheduler table or it is empty. */
int iol_popdb_coverage(struct iol_popdb *db, struct iol_popcov_all *c,
		       struct iol_error *err);
/* ... of the scheduler's jobs started in [from, to) (epoch seconds;
 * IOL_POP_NULL: open at that end; a job without a start is then left
 * out), the Darshan rows counted by their start_time; none in the range
 * is an empty result (c->n 0), not an error.  by_partition: the rows are
 * the scheduler's partitions (Partition; "(none)" when empty or not
 * kept), not its projects. */
int iol_popdb_coverage_in(struct iol_popdb *db, int64_t from, int64_t to,
			  int by_partition, struct iol_popcov_all *c,
			  struct iol_error *err);
/* The first and last start of the scheduler's jobs (epoch seconds);
 * IOL_ENOTLOG when none has one. */
int iol_popdb_sched_span(struct iol_popdb *db, int64_t *first, int64_t *last,
			 struct iol_error *err);
void iol_popcov_free(struct iol_popcov_all *c);

/* One month's coverage: its name (2026-06) and rows. */
struct iol_popcov_month {
	char period[16];
	struct iol_popcov_all c;
};
/*
 * The coverage of each UTC month from `from` (IOL_POP_NULL: the first
 * scheduler job's start) to before `to` (IOL_POP_NULL: past the last's),
 * the first and last month cut to the range, as iol_popdb_coverage_in
 * counts them.  *m: *n months; caller frees with iol_popcov_months_free.
 * Returns 0 or < 0 with err set (IOL_ENOTLOG: no scheduler job with a
 * start, when an end is open).
 */
int iol_popdb_coverage_months(struct iol_popdb *db, int64_t from, int64_t to,
			      int by_partition, struct iol_popcov_month **m,
			      size_t *n, struct iol_error *err);
void iol_popcov_months_free(struct iol_popcov_month *m, size_t n);

#endif
