/*
 * The server module's parts: a string buffer with the HTML escapes, the
 * runner of iolens itself (every number a page shows comes from the
 * command that prints it, run as `iolens CMD --format=csv|json`), the
 * CSV reader, the pages, and the timeline's level-of-detail index.
 */
#ifndef IOLENS_SERVE_INTERNAL_H
#define IOLENS_SERVE_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "serve/serve.h"

/* A growable byte string; nomem set once an allocation failed. */
struct sb {
	char *s;
	size_t len, cap;
	int nomem;
};
void sb_put(struct sb *b, const void *p, size_t n);
void sb_puts(struct sb *b, const char *s);
void sb_printf(struct sb *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* s as HTML text or a double-quoted attribute's value: & < > " ' as
 * entities, control characters and bytes of no well-formed UTF-8 as
 * U+FFFD, bidirectional controls as U+FFFD too. */
void sb_html(struct sb *b, const char *s);
/* s percent-encoded for a URL's query value */
void sb_url(struct sb *b, const char *s);
void sb_free(struct sb *b);

/* The output of one run of iolens. */
struct run {
	struct sb out, err;
	int status;   /* exit status, or -1 killed (time) or not started */
	int timedout; /* killed at the time limit */
	int toobig;   /* killed at the output limit */
	int pending;  /* still being made when the page would wait no more */
};
/* Run `self argv...` (argv NULL-terminated, argv[0] the command) with
 * logfd (or -1) as /dev/fd/3, for at most timeout_s seconds and 64 MiB
 * of output. */
/* Every child's environment (run_env(), for posix_spawn): the server's
 * and the confinement (IOLENS_SERVE_CONFINE) its children apply before
 * they read a log; made by run_env_init() before the server's threads. */
void run_env_init(const struct serve_opts *o);
char **run_env(void);
void run_iolens(const struct serve_opts *o, const char *const *argv, int logfd,
		struct run *r);
void run_free(struct run *r);
/* What the children this thread waited for cost since the reset: the
 * milliseconds it waited for them, their CPU milliseconds, how many. */
void run_spent_reset(void);
void run_spent(double *wall_ms, double *cpu_ms, int *n);
/* ... of those milliseconds, the ones waiting for a free worker */
double run_spent_worker(void);
/* Each of the n (at most RUN_MAX_MANY) commands argvs[i] as run_iolens()
 * runs it, into r[i]: the output kept from an earlier run when the log
 * (and the store, for a command reading it) is the same, the others
 * run in ONE child (`iolens --serve-batch`); a command that crashes it
 * leaves those after it to run alone. */
#define RUN_MAX_MANY 10
void run_many(const struct serve_opts *o, const char *const *const *argvs,
	      int n, int logfd, struct run *r);
/* The outputs of those commands made the first to go from memory: the
 * page made of them is kept whole (they stay on disk). */
void run_demote(const struct serve_opts *o, const char *const *const *argvs,
		int n, int logfd);
/* The key run_many() keeps argv's output by (the log's identity, the
 * store's state when argv names it, the recordings'): 0, or -1 when it
 * is not to be kept. */
int run_key(const struct serve_opts *o, const char *const *argv, int logfd,
	    struct sb *k);
/* Whether a run of this thread came back killed or pending since
 * run_mark_reset() (its page is then not kept whole). */
void run_mark_reset(void);
int run_marked(void);
/* ... or one came back a failure (exit status 1 or more): such a page
 * is kept in memory only, not on disk across restarts */
int run_failed(void);
/* The same for a page a browser waits for: the commands to be kept run
 * in a thread of their own, and those not done within wait_s seconds
 * come back pending (status -1) while it goes on to keep them: the next
 * request has them.  A page of a million jobs' tables (minutes on a
 * loaded machine) then answers at once with what is ready. */
void run_many_wait(const struct serve_opts *o, const char *const *const *argvs,
		   int n, int logfd, double wait_s, struct run *r);
/* How many of those threads are running (the server waits for none at exit). */
int run_bg_running(void);
/* The server stops: every child still running is killed within 100 ms,
 * so the background runs end (run_bg_running() falls to 0). */
void run_stop(void);
int run_stopping(void);
/* Another thread (d 1) or one less (-1) that the server waits for at exit. */
void run_bg_add(int d);
/* The pages most likely asked made ahead whenever the store changes, in
 * a thread of its own (warm.c), unless IOLENS_SERVE_WARM is 0. */
void warm_start(const struct serve_opts *o);
/* The page of job id (0: the dashboard) made as a visitor would have it,
 * and let go: its commands' outputs are kept (pages.c). */
void page_make(const struct serve_opts *o, long long id);

/* The batch argv ("--serve-batch" CMD ... \x1e CMD ...) run by a
 * pre-started worker (worker.c) at niceness nice, the store's state
 * stamp (its kept store opened anew when it changes): its framed
 * output in r as run_iolens() would give it (r->timedout, r->toobig
 * when killed), its CPU milliseconds and those it waited for a free
 * worker; 0, or -1 when no worker could
 * take it (r empty: the caller starts a child). */
int worker_batch(const struct serve_opts *o, const char *stamp,
		 const char *const *argv, int logfd, int nice, struct run *r,
		 double *cpu_ms, double *wait_ms);

/* The outputs kept (cache.c), by key: 1 and a copy in r; or 0, the
 * caller to run it and cache_put() it (others asking meanwhile wait
 * when wait is set), or -1 when another is running it and wait is 0.
 * A killed run (status -1) is kept for a few minutes only. */
int cache_get(const struct sb *key, struct run *r, int wait);
/* An output a browser waits for is kept when it is an eighth of the
 * cache at most; with whole (a background run's), when it fits in it. */
void cache_put(const struct sb *key, const struct run *r, int whole);
/* ... kept ttl seconds at most (a page saying its tables are being made) */
void cache_put_for(const struct sb *key, const struct run *r, double ttl);
/* The output of key if kept, in memory or on disk: 1 and a copy in r,
 * or 0 (nothing claimed). */
int cache_peek(const struct sb *key, struct run *r);
/* key's output made the first to go when room is needed (a page kept
 * whole has no need of its commands' outputs until it goes itself). */
void cache_demote(const struct sb *key);
/* A claimed key given up: nothing kept, those waiting for it wake. */
void cache_cancel(const struct sb *key);
/* Wait until the run of key (claimed) is kept, wait_s seconds from when
 * the run began at most: 1 and a copy in r, 0 past that, -1 when its
 * run ended and nothing was kept. */
int cache_wait(const struct sb *key, struct run *r, double wait_s);
void cache_free(void);
/* The store's tables kept on disk across starts (disk.c): the cache
 * directory chosen (--cache, else $XDG_CACHE_HOME/iolens/serve, else
 * ~/.cache/iolens/serve) once before the server starts; an output of
 * the store alone (key "D...") written whole once made; read back: 0
 * and r, or -1 (none, another key, or damaged: to be made again). */
int disk_init(const struct serve_opts *o, struct iol_error *err);
void disk_put(const struct sb *key, const struct run *r);
int disk_get(const struct sb *key, struct run *r);
/* The cache's size: 64 MiB, or IOLENS_TEST_PAGE_CACHE bytes (a test's);
 * called once before the server starts. */
void cache_init(void);
/* What the server did, for /api/stats: children started, outputs
 * found kept or not, the bytes kept. */
struct serve_stats {
	unsigned long long children, hits, misses;
	unsigned long long disk;  /* outputs and pages read back from disk */
	unsigned long long pages; /* job pages and dashboards rendered */
	unsigned long long made, passes; /* pages made ahead, their passes */
	unsigned long long spawned;	 /* processes started (workers too) */
	size_t bytes;
};
void cache_count_child(void);
void cache_count_spawn(void);
void cache_count_made(void);
void cache_count_page(void);
void cache_count_pass(void);
void cache_stats(struct serve_stats *s);

/* CSV (RFC 4180) parsed into rows of cells; row 0 the header. */
struct csv {
	char ***rows;
	int *ncells;
	int nrows;
	char *arena;  /* every cell, NUL-ended, one after another */
	char **cells; /* rows[r] points into it */
};
int csv_parse(const char *s, size_t n, struct csv *c);
void csv_free(struct csv *c);
/* The index of column name in the header, or -1. */
int csv_col(const struct csv *c, const char *name);

/* The timeline of a log: rank x time bins over [t0, t1) (t1 <= t0: the
 * whole job) of ranks r0..r1 (r1 < 0: all). */
struct tl_req {
	double t0, t1;
	int r0, r1, bins;
};
struct tl_grid {
	double t0, t1, tend; /* the window and the job's end */
	int r0, nr, bins, nranks;
	double *busy, *bytes; /* nr x bins: busy seconds, bytes */
	uint32_t *ops;
	int raw; /* binned from the segments themselves, not the index */
};
/* The grid of the log open at fd whose identity is key; 0, or -1 with why. */
int tl_grid(const struct serve_opts *o, const char *key, int fd,
	    const struct tl_req *q, struct tl_grid *g, char *why, size_t n);
void tl_grid_free(struct tl_grid *g);
/* The grid drawn as SVG with Cairo into b; 0 or -1. */
int tl_svg(const struct tl_grid *g, int width, int height, struct sb *b);
/* A picture of the size of the timeline saying text instead. */
int tl_svg_note(const char *text, int width, int height, struct sb *b);
void tl_cache_free(void);

/* A page's section: the table the command argv prints for the log of
 * logfd (or -1), named path, or its message. */
void page_section(const struct serve_opts *o, struct sb *b, const char *h2,
		  const char *const *argv, int logfd, const char *path);
/* The CSV of command cmd as a sortable table of every column; the
 * message of a run that failed. */
void page_table(struct sb *b, const char *cmd, const struct csv *c);
void page_run_err(struct sb *b, const struct run *r);
/* The report of log as one HTML file (serve.h) */
int report_html(const struct serve_opts *o, const char *log, char **buf,
		size_t *len, struct iol_error *err);
/* ... of a store, and of a trace's code blocks (serve.h) */
int pop_html(const struct serve_opts *o, const char *where, char **buf,
	     size_t *len, struct iol_error *err);
int blocks_html(const struct serve_opts *o, const char *const *args, int n,
		const char *name, int by_bytes, char **notes, char **buf,
		size_t *len, struct iol_error *err);

/* A self-contained file's start (export.c): its policy allowing the
 * pages' style and script, css2 and js2 (or NULL) by their hashes and
 * nothing else; the title "iolens " what name (name escaped); then the
 * open <h1>, which the caller fills and closes. */
void html_doc_head(struct sb *b, const char *what, const char *name,
		   const char *css2, const char *js2);
/* ... its end, the scripts inline; the file in *buf (the caller frees
 * it), *len bytes: 0, or IOL_ENOMEM with err (b freed). */
int html_doc_end(struct sb *b, const char *js2, char **buf, size_t *len,
		 struct iol_error *err);

/* Charts of a command's CSV inline as SVG (hchart.c), each mark's value
 * on hover (its <title>) and in data-v, as the command printed it: a
 * bar per row named by column label (and label2, or NULL), stacked of the
 * columns cols (names: the legend's), or (hc_box) a box plot of the five
 * columns q (min, p10, median, p90, max). */
void hc_bars(struct sb *b, const struct csv *c, const char *label,
	     const char *label2, const char *const *cols,
	     const char *const *names, int n, const char *caption);
void hc_box(struct sb *b, const struct csv *c, const char *label,
	    const char *const q[5], const char *caption);
/* ... and two series of fractions (0..1, NaN: none) over n categories
 * as lines, each point's value its data-v and on hover */
/* ... and n values as columns, tips[i] the hover text of column i,
 * first a label under the first */
void hc_columns(struct sb *b, size_t n, const double *v,
		const char *const *tips, const char *first,
		const char *caption);
/* ... and context's CSV (one row per metric): a box plot of each
 * metric's earlier jobs (whiskers min..max, box p10..p90, the median)
 * on its own scale, the job marked on it and its percentile beside,
 * each row's numbers as printed in its data-* attributes */
void hc_context(struct sb *b, const struct csv *c, const char *caption);
/* ... and the jobs' column col over their start_time (a CSV of `jobs`,
 * with id, user, start_time): a point per job, the job of id id red,
 * the other runs of user blue */
void hc_series(struct sb *b, const struct csv *c, const char *col,
	       const char *id, const char *user, const char *caption);
void hc_cdf(struct sb *b, int n, const char *const *cats,
	    const double *const series[2], const char *const names[2],
	    const char *caption);

/* Cells of a page's tables (pages.c): a link to the job with store id
 * id (or, when 0, the number idtext), showing text; a header (vc: the
 * view's column, or NULL) linking to a sort when sortbase is given; a
 * value, a number for people or text. */
void page_job_link(struct sb *b, int64_t id, const char *idtext,
		   const char *text);
struct iol_col;
void page_head_cell(struct sb *b, const char *key, const struct iol_col *vc,
		    const char *sortbase);
void page_data_cell(struct sb *b, const char *key, const char *v);

/* The job list read from the store in-process (joblist.c), no command
 * run: a page of the jobs matching f in an order.  Each returns the
 * number of rows (0: none), or -1 with why. */
struct iol_popdb;
struct iol_popfilter;
struct iol_popcur;
struct iol_error;
struct joblist_q {
	const struct iol_popfilter *f;
	const char *sort; /* a column of the list, '-' before: descending */
	long long limit, offset;
	/* the server's, for a deep page read at its place (keyset.c);
	 * NULL: by OFFSET */
	const struct serve_opts *o;
};
/* q's page opened at its place (keyset.c): a page past the first
 * thousand rows read after the kept key of the row before its
 * thousand, not stepped to through every row before it. */
int keyset_open(const struct serve_opts *o, struct iol_popdb *db,
		const struct joblist_q *q, const char *const *cols,
		size_t ncols, struct iol_popcur **cur, struct iol_error *err);
/* pages read so since the start, and keys found */
void keyset_stats(unsigned long *pages, unsigned long *keys);
/* as `iolens jobs --format=json` prints the rows, byte for byte */
int joblist_json(struct iol_popdb *db, const struct joblist_q *q, struct sb *b,
		 char *why, size_t n);
/* as an HTML table of the list's columns (render/view-jobs.c), each id
 * a link to its job, each header a link to sort by it (sortbase) */
int joblist_html(struct iol_popdb *db, const struct joblist_q *q,
		 const char *sortbase, struct sb *b, char *why, size_t n);
/* Is key a column the list may be sorted by (one it shows)? */
int joblist_sortable(const char *key);

/* One response: status, content type, body (taken over). */
struct page {
	int status;
	const char *type;
	struct sb body;
	char total[32];	  /* X-Total-Count, or "" */
	char timing[192]; /* Server-Timing, or "" */
	int partial;	  /* tables still being made: said in Server-Timing */
};
/* url's page into p when it is a page kept whole (a job page, the
 * dashboard, their twins): 1, or 0 (p untouched, nothing claimed). */
int page_route_kept(const struct serve_opts *o, const char *url,
		    struct page *p);
/* Job id's page before its tables are made: its row of the store and
 * a line saying they are being made (p->partial). */
void page_job_soon(const struct serve_opts *o, long long id, struct page *p);
/* The seconds a dashboard's visitor waits for its tables from when their
 * child began (IOLENS_SERVE_DASH_WAIT), DASH_WAIT unless set: past it,
 * the page shows the tables not made yet as sections its script fills
 * in from /dashboard/NAME.  0.1 s, as a job page's first visit: the
 * tables of a million jobs take minutes, and their first visitors
 * waited 4 s for a page that then said so. */
#define DASH_WAIT 0.1
void page_dash_wait(double s);
/* Handle GET url with the query's parameters (get returns NULL for a
 * missing one). */
void page_route(const struct serve_opts *o, const char *url,
		const char *(*get)(void *ctx, const char *key), void *ctx,
		struct page *p);

#endif
