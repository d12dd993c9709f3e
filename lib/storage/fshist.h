/*
 * The numbers `iolens fsstats` derives from a walk's struct iol_fsstats:
 * the median size, name-length mean and maximum, and the five histograms
 * as one shape (name, counts, bytes, bins) with each bin's range.
 *
 * Ownership: struct iol_fshist borrows the arrays of the iol_fsstats it
 * was made from.  Owner: lib/storage; used by cmd/fsstats.c and
 * render/view-fsstats.c.
 */
#ifndef IOLENS_FSHIST_H
#define IOLENS_FSHIST_H

#include <stdint.h>

#include "storage/fswalk.h"

/* the histograms, in the order of the text report; 0: none */
enum {
	IOL_FSH_NONE,
	IOL_FSH_SIZE,
	IOL_FSH_DIRFILES,
	IOL_FSH_MTIME,
	IOL_FSH_ATIME,
	IOL_FSH_NAMES
};

struct iol_fshist {
	const char *name;	       /* "size", "dirfiles", ... */
	const uint64_t *count, *bytes; /* bytes NULL where not kept */
	int n;			       /* bins */
};

/* IOL_FSH_* of a histogram's name, or IOL_FSH_NONE. */
int iol_fshist_parse(const char *name);
/* Histogram h (IOL_FSH_SIZE .. IOL_FSH_NAMES) of st. */
struct iol_fshist iol_fshist_of(const struct iol_fsstats *st, int h);
/* Bin k of histogram h covers [*lo, *hi) (sizes, days, bytes of a name);
 * *hi NAN when open. */
void iol_fshist_range(int h, int k, double *lo, double *hi);
/* The median file size by count, at its bin's lower edge (bins are
 * powers of 2); 0 without files. */
uint64_t iol_fs_median_size(const struct iol_fsstats *st);
/* Mean and longest name length of all entries, bytes. */
void iol_fs_name_stats(const struct iol_fsstats *st, double *mean, int *max);

#endif
