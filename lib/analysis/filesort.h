/*
 * The order of iolens files' rows and its module names
 * (analysis/filesort.c).
 *
 * Ownership: iol_filerows_sort() returns a vector the caller frees with
 * free(); the rows are borrowed.
 */
#ifndef IOLENS_FILESORT_H
#define IOLENS_FILESORT_H

#include <stddef.h>

#include "analysis/metrics.h"

enum { IOL_SORT_BYTES = -1, IOL_SORT_NONE = -2 };

/* The key --sort name means: IOL_SORT_BYTES for "bytes" (read +
 * written), a numeric file-row column (ranks to pct_aligned), or
 * IOL_SORT_NONE when no such column can be sorted by. */
int iol_filerow_sort_key(const char *name);
/* Pointers to rows[0..n) by that key, largest first, ties by
 * iol_row_tiebreak(); NULL when memory ran out. */
const struct iol_filerow **iol_filerows_sort(const struct iol_filerow *rows,
					     size_t n, int sort_key);
/* The module a name means, any case, with the aliases mpiio, mpi-io,
 * hdf5 and pnetcdf; -1 when none. */
int iol_mod_find(const char *name);

#endif
