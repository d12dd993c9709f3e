/* The store and the log directories, as the pages use them (store.c). */
#ifndef IOLENS_SERVE_STORE_H
#define IOLENS_SERVE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "serve/internal.h"

#include "population/popdb.h"

/* A handle on the store (read-only), to give back with store_put(); NULL
 * with why when the store cannot be opened. */
struct iol_popdb *store_get(const struct serve_opts *o, char *why, size_t n);
void store_put(struct iol_popdb *db);
void store_close_all(void);
/* The number of jobs matching f (remembered while the store is
 * unchanged); 0, or -1 with why. */
int store_count(const struct serve_opts *o, struct iol_popdb *db,
		const struct iol_popfilter *f, int64_t *n, char *why,
		size_t nwhy);
/* The filter as a key (each value with its length); 0 when too long. */
int store_filter_key(const struct iol_popfilter *f, char *k, size_t n);
/* The counts made since the start (each filter once while the store is
 * unchanged), and the requests waiting now for one being made. */
void store_count_stats(unsigned long long *runs, int *waiting);
/* The state of the store in s, changed by any write: an SQLite store's
 * files' (the database and its WAL: inode, time, size), a PostgreSQL
 * store's generation (iol_popdb_state), asked on db (NULL: a handle of the
 * pool; the caller then holds none, or the pool could run dry); 0, or
 * -1 when it cannot be known. */
int store_stamp(const struct serve_opts *o, struct iol_popdb *db, char *s,
		size_t n);
int store_job_col(const struct serve_opts *o, int64_t id, const char *name,
		  char *buf, size_t n);
int64_t store_id_of(const struct serve_opts *o, const char *path);
/* s as a SQL string literal ('' for a quote) */
void sb_sql(struct sb *b, const char *s);
/* The log at path (as the store holds it) opened read-only beneath the
 * --logs directory it lies in; the descriptor, or -1 with why. */
/* The milliseconds this thread waited for a handle of the pool since
 * the reset (a page's Server-Timing). */
void store_wait_reset(void);
double store_waited(void);
int store_open_log(const struct serve_opts *o, const char *path, char *why,
		   size_t n);

#endif
