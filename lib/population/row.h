/*
 * A population row: the values one log contributes to the store, in the
 * store's column order (iol_pop_columns()), encoded in one flat byte
 * buffer so that a decoding thread or an MPI rank can hand it to the one
 * writer without sharing anything else.  A log that fails to decode gives
 * an error row (the errors table's columns) instead.
 *
 * Ownership: struct iol_poprow is caller storage; buf is allocated here
 * and freed by iol_poprow_free().  struct iol_popmap owns its strings;
 * iol_popmap_free() releases them.  Column names are static.
 */
#ifndef IOLENS_POP_ROW_H
#define IOLENS_POP_ROW_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/metrics.h"
#include "base/error.h"

enum { IOL_PCOL_TEXT, IOL_PCOL_INT, IOL_PCOL_REAL };

struct iol_popcol {
	const char *name;
	int type; /* IOL_PCOL_* */
};

/* The jobs table's columns after id: bookkeeping, files written, then
 * every job-row field (iol_jobrow_fields()) whose name is not already a
 * bookkeeping column.  Static; thread-safe. */
const struct iol_popcol *iol_pop_columns(size_t *n);
/* The errors table's columns. */
const struct iol_popcol *iol_pop_error_columns(size_t *n);

/* Column indexes the store needs by name */
enum { IOL_PC_PATH, IOL_PC_SIZE, IOL_PC_MTIME, IOL_PC_DIGEST, IOL_PC_VERSION };

enum { IOL_ROW_JOB, IOL_ROW_ERROR };
enum { IOL_VAL_NULL, IOL_VAL_INT, IOL_VAL_REAL, IOL_VAL_TEXT };

struct iol_poprow {
	unsigned char *buf;
	size_t len, cap;
};

/* One value decoded from a row */
struct iol_popval {
	int tag; /* IOL_VAL_* */
	int64_t i;
	double r;
	const char *s; /* into the row's buffer, len bytes */
	size_t len;
};

/* Two-column map file: "key value" per line ('#' comments). */
struct iol_popkv {
	char *k, *v;
};
struct iol_popmap {
	struct iol_popkv *kv; /* sorted by k */
	size_t n;
};
int iol_popmap_load(struct iol_popmap *m, const char *path,
		    struct iol_error *err);
const char *iol_popmap_get(const struct iol_popmap *m, const char *key);
void iol_popmap_free(struct iol_popmap *m);

/* What row building knows besides the log */
struct iol_popctx {
	const struct iol_popmap *users;	   /* uid -> name, or NULL */
	const struct iol_popmap *projects; /* user or uid -> project */
	struct iol_opts nodes;		   /* --nodes, --procs-per-node */
};

/* The file as the walker saw it */
struct iol_popfile {
	const char *path; /* absolute */
	int64_t size, mtime_ns;
};

/*
 * Load the log and fill row with its job row, or with an error row when it
 * does not decode (the return is still 0).  Returns < 0 only when memory
 * runs out.  row may be reused: it is cleared first.
 */
int iol_poprow_build(struct iol_poprow *row, const struct iol_popfile *f,
		     const struct iol_popctx *ctx, struct iol_error *err);
/* An error row for f with message msg. */
int iol_poprow_error(struct iol_poprow *row, const struct iol_popfile *f,
		     const char *msg);

/* IOL_ROW_JOB or IOL_ROW_ERROR */
int iol_poprow_kind(const struct iol_poprow *row);
/* Walk the values: *pos starts at 0; returns 1 with v set, 0 at the end,
 * < 0 on a malformed buffer (rows from another rank are checked). */
int iol_poprow_next(const struct iol_poprow *row, size_t *pos,
		    struct iol_popval *v);
void iol_poprow_free(struct iol_poprow *row);

/* "alice" from "alice_ior_id123_..." (Darshan's log-file name), into buf;
 * NULL when the name is not of that form. */
const char *iol_pop_user_from_name(const char *path, char *buf, size_t n);

#endif
