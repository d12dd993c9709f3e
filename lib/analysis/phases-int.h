/*
 * Internal to the phases (phases.c, phases-pack.c): the state of one
 * computation, shared by the path that holds every segment in memory and
 * the one that packs them (phases-pack.c), which meet at the cells.
 */
#ifndef IOL_ANALYSIS_PHASES_INT_H
#define IOL_ANALYSIS_PHASES_INT_H

#include "analysis/phases.h"
#include "analysis/recx-int.h"
#include "analysis/segpack.h"

/* 40 bytes a segment: its rank and file are its record's (build.rrank,
 * build.rfile), not repeated per segment */
struct pseg {
	double s, e;
	int64_t len, off;
	uint32_t ph;	   /* raw phase, then final phase */
	uint32_t rec : 31; /* its DXT record */
	uint32_t op : 1;
};

/* a phase as first split, before folding */
struct raw {
	int64_t bytes;
	int op;
	size_t fin; /* final phase index */
};

/* a rank's transfers to one file in one final phase */
struct cell {
	int64_t rank;
	uint32_t file, ph;
	int op;
	double s, e, dur, sync;
	double send; /* traces: where its last sync ended; -1 estimated */
	int64_t bytes, nops;
	size_t rrow; /* its rank row, or SIZE_MAX */
	/* packed path: its first segment in time order (start, gathering
	 * index), the order the in-memory path makes cells in */
	double fs;
	size_t fg;
	size_t blk; /* packed path: its block */
	/* the order it was made in (in-memory path) or its rank in the
	 * order of first segments (packed): every sort of cells breaks
	 * ties by it, so that no output rests on qsort being stable (glibc
	 * 2.37's is not) */
	size_t made;
};

/* packed path: from segment pos of a block on, raw phase ph */
struct ptrans {
	size_t pos;
	uint32_t ph;
	size_t cell; /* the cell of the block's segments in ph */
};

struct ptlist {
	struct ptrans *v;
	size_t n, cap;
};

/*
 * Packed path: the gaps of one op counted by value, so that the median is
 * found among the distinct values (a few thousand for a DXT log, whose
 * times are multiples of 2^-22 s), not among millions held one by one.
 * Past GMAP_MAX distinct values the counts are dropped (over) and the
 * gaps are taken again into an array (all), as phases.c takes them.
 */
#define GMAP_MAX ((size_t)1 << 18)
#define GMAP_EMPTY UINT64_MAX /* a NaN: no gap is one */

struct gmap {
	uint64_t *key;
	uint32_t *cnt;
	size_t cap, n;
	size_t ng;   /* gaps seen */
	int over;    /* too many values: counts dropped */
	int skip;    /* a second walk: not this op */
	double *all; /* a second walk: every gap */
};

/* packed path: the offsets of one block's segments in one raw phase,
 * [start, upto) of block blk in raw phase ph (phases-pack.c) */
struct oset {
	size_t blk, start, upto;
	uint32_t ph;
	int asked;   /* questions about it so far */
	int big;     /* too many offsets: scanned instead */
	uint64_t *k; /* open addressing; OSET_EMPTY free */
	size_t cap, n;
	int has_empty; /* an offset of OSET_EMPTY's bits was seen */
};

struct build {
	const struct iol_job *job;
	int which;
	size_t nprocs;
	struct pseg *sg; /* in gathering order */
	size_t n, cap;
	/* time order: sg[ord[i]] is the i-th segment by start, then
	 * gathering order; NULL when sg itself is in that order */
	uint32_t *ord;
	int32_t *rrank;	 /* per DXT record: its rank, -1 not a rank */
	uint32_t *rfile; /* per DXT record: its index into fid */
	/* per DXT record: its segments are sg[rlo, rhi), unless rsplit
	 * (a record gathered in two places) or moved (sg was sorted) */
	size_t *rlo, *rhi;
	int rsplit, moved;
	double tmax; /* the latest segment end */
	int nan;     /* a start is NaN */
	uint64_t *fid;
	size_t nf, fcap;
	struct ftab ft;
	struct raw *raw;
	size_t nraw, rawcap;
	size_t nkept;  /* final phases 0..nkept-1; nkept+op: other */
	int64_t total; /* bytes of all segments */
	struct cell *cell;
	size_t ncell;
	double *rcap; /* per rank row: start of the rank's next row */
	double *jcap; /* per final phase: where the job's sync ends */
	/* packed path: the segments, and per block its raw phases */
	struct iol_spack pk;
	struct ptlist *tr;
	struct gmap gm[2]; /* each block's gaps, counted while gathering */
	struct oset os;	   /* revisits: the block asked about last */
	int alone;	   /* gather on one thread */
	int threaded;	   /* a second thread was started */
};

/* shared by both paths (phases.c) */
int iol_phx_file_of(struct build *b, uint64_t id, uint32_t *out);
double iol_phx_kth(double *v, size_t n, size_t k);
int iol_phx_raw_add(struct build *b, int op, size_t *cur);
void iol_phx_fold_raw(struct build *b);
int iol_phx_by_cell(const void *pa, const void *pb);
/* a new cell of record rec's segments of op in phase ph, from s to e,
 * at the end of b->cell (cap its room); NULL when out of memory */
struct cell *iol_phx_cell_add(struct build *b, size_t *cap, size_t rec,
			      uint32_t ph, int op, double s, double e);
/* cells (sorted by rank, file, phase) to the rows of p */
int iol_phx_rows(struct build *b, struct iol_phases *p, struct iol_error *err);

/* the in-memory path (phases.c): gather the segments, (m: the matrix of
 * nbins into *mret, merr), order, split and sum them into p; 0 or < 0
 * with err set; and free what it holds in b */
int iol_phx_whole(struct build *b, int layer, size_t nbins,
		  struct iol_phases *p, struct iol_matrix *m, int *mret,
		  struct iol_error *merr, struct iol_error *err);
void iol_phx_whole_free(struct build *b);

/* packed path, the gaps (phases-gaps.c): add g to m's counts, 0 or
 * IOL_ENOMEM; and the split gap of each op into gap[2], from b->gm when
 * single (every rank has at most one block of each op, whose gaps are
 * then the rank's and were counted while gathering), else by walking
 * the ranks' blocks in time order */
int iol_phx_gm_add(struct gmap *m, double g);
int iol_phx_gaps(struct build *b, int single, double gap[2]);
void iol_phx_gm_free(struct gmap *m);

/* the packed path (phases-pack.c): 0 with p (and m) made, 1 when the
 * segments are not in the shape it needs (the caller then starts over
 * with b as it was, memory path), or < 0 */
int iol_phx_packed(struct build *b, size_t nbins, struct iol_phases *p,
		   struct iol_matrix *m, int *mret, struct iol_error *merr,
		   struct iol_error *err);
void iol_phx_packed_free(struct build *b);

#endif
