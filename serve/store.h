/* The store and the log directories, as the pages use them (store.c). */
#ifndef IOLENS_SERVE_STORE_H
#define IOLENS_SERVE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "serve/internal.h"

int store_count(const struct serve_opts *o, const char *where, int64_t *n,
		char *why, size_t nwhy);
int store_job_col(const struct serve_opts *o, int64_t id, const char *name,
		  char *buf, size_t n);
int64_t store_id_of(const struct serve_opts *o, const char *path);
/* s as a SQL string literal ('' for a quote) */
void sb_sql(struct sb *b, const char *s);
/* The log at path (as the store holds it) opened read-only beneath the
 * --logs directory it lies in; the descriptor, or -1 with why. */
int store_open_log(const struct serve_opts *o, const char *path, char *why,
		   size_t n);

#endif
