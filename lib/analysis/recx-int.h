/*
 * Internals shared by the analysis modules (lib/analysis/): where each
 * module keeps its counters, small helpers over records, and the per-file
 * table keyed by record id.  Not installed.
 */
#ifndef IOLENS_RECX_INT_H
#define IOLENS_RECX_INT_H

#include <math.h>
#include <stdint.h>

#include "analysis/metrics.h"
#include "base/hash.h"
#include "sources/darshan.h"

/* counter indices of one module, -1 where it has no such counter */
struct cix {
	int br, bw, maxr, maxw, tr, tw, tm, tslow;
	int reads[4], writes[4], opens[3], seeks, stats, syncs[2];
	int seqr, seqw, consr, consw, notal;
	int ostart, rstart, wstart, rend, wend, cend;
	int acc1, acc1c;
	int bin_r, bin_w;
};

/* Counter indices of module mod (0 <= mod < IOL_MOD_KNOWN); borrowed,
 * static, built at compile time. */
const struct cix *iol_cix(int mod);

/* The (size, count) pairs of a record's ACCESS1..4 counters of module
 * mod that count something (count > 0, size >= 0); fills up to four and
 * returns how many (0 for modules without them).  In hist.c. */
int iol_rec_sizes(int mod, const struct iol_jrec *r, int64_t size[IOL_NCOMMON],
		  int64_t count[IOL_NCOMMON]);

static inline int64_t geti(const struct iol_jrec *r, int i)
{
	return i >= 0 ? r->ic[i] : -1;
}

static inline double getf(const struct iol_jrec *r, int i)
{
	return i >= 0 ? r->fc[i] : NAN;
}

/* sum of counters, -1 if none exists or all are unknown */
static inline double tsmin(double a, double b)
{
	if (!(b > 0))
		return a;
	return (a < 0 || b < a) ? b : a;
}

static inline double tsmax(double a, double b)
{
	return (b > 0 && b > a) ? b : a;
}

static inline int64_t pos(int64_t v)
{
	return v > 0 ? v : 0;
}
static inline double posf(double v)
{
	return v > 0 ? v : 0;
}

/* one record's own I/O time: META + READ + WRITE, as darshan-util sums it */
static inline double rec_time(const struct iol_recx *x)
{
	return posf(x->tm) + posf(x->tr) + posf(x->tw);
}

struct fent {
	uint64_t id;
	int64_t br, bw, nprocs, maxoff;
	double time, slowest;
	int64_t nrank_recs;
	int64_t rank;
	int stdio_made; /* written first through STDIO: created, estimated */
	int used;
	int pseudo; /* the summary's: a standard stream (named once a file) */
};

/*
 * Entries v[0..n) in the order their ids were first seen; v[n..cap) are
 * zeroed (used == 0), so a loop over all cap entries that skips unused
 * ones visits the same entries.  Start from {0}; iol_ftab_free() frees.
 */
struct ftab {
	struct fent *v;
	size_t n, cap;
	struct iol_index ix; /* record id -> position in v */
};

/* The entry of id, added (zeroed, rank -2, maxoff -1) when new; NULL when
 * memory runs out.  Pointers into t->v last until the next call. */
struct fent *iol_ftab_get(struct ftab *t, uint64_t id);
/* Room for n entries in an empty table, allocated once (a hint: it
 * grows past them as before).  0, or -1 when memory runs out. */
int iol_ftab_presize(struct ftab *t, size_t n);
/* Frees the table's entries and index and zeroes *t. */
void iol_ftab_free(struct ftab *t);

#endif
