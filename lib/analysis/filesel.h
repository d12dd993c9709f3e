/*
 * Which rows `iolens files` shows: --include, --exclude and
 * --default-excludes on the path, --module, --top; the rows an exclusion
 * drops are counted, so that the command says so (select.h).
 *
 * Ownership: struct iol_filesel is caller storage; the caller compiles
 * inc and exc (regcomp) and frees them, and owns *defex.
 */
#ifndef IOLENS_FILESEL_H
#define IOLENS_FILESEL_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/metrics.h"
#include "analysis/select.h"

struct iol_filesel {
	regex_t inc, exc; /* valid when have_inc, have_exc */
	int have_inc, have_exc;
	const struct iol_excl *defex; /* --default-excludes, or NULL */
	int module;		      /* IOL_MOD_*, -1 any */
	int merge;     /* rows merged over modules (their modules named) */
	int64_t top;   /* at most this many rows, 0 all */
	int64_t nexcl; /* added to: rows dropped by an exclusion */
};

/* rows[0..n) that pass, in their order, moved to the front; returns
 * how many (at most top).  Rows after the top-th kept are not looked
 * at (nor counted). */
size_t iol_filesel_rows(struct iol_filesel *s, const struct iol_filerow **rows,
			size_t n);
/* The same for --shared rows (copied to the front). */
size_t iol_filesel_shared(struct iol_filesel *s, struct iol_sharedrow *rows,
			  size_t n);

#endif
