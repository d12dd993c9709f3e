/*
 * The compiled form of a replay script (Pianola's binary records): fixed
 * size event records compressed with zlib in chunks per rank, the
 * strings in a stream of their own, and the tables (inputs, rewrites,
 * the original's totals) in a third.  It is cached beside the script,
 * named after the script's digest, so an unchanged script is compiled
 * once.  A replaying process reads its rank's chunks one at a time and
 * can decompress the next one ahead, during a compute gap.
 *
 * Ownership: struct iol_rbin is caller storage filled by iol_rbin_load()
 * and emptied by iol_rbin_release(); a cursor is caller storage, emptied
 * by iol_rcursor_release().  Events a cursor returns are borrowed until
 * the call after the next one (two chunks are held).
 */
#ifndef IOLENS_REPLAY_COMPILE_H
#define IOLENS_REPLAY_COMPILE_H

#include <stdio.h>

#include "replay/script.h"

struct iol_rchunk {
	uint64_t off;  /* in the file */
	uint32_t zlen; /* compressed bytes */
	uint32_t nrec; /* events */
};

struct iol_rbin {
	struct iol_rscript s;	/* header, strings, inputs; ranks without
				   their events (rank[r].ev is NULL) */
	struct iol_rtotals tot; /* the original's totals */
	int64_t (*per_file)[3]; /* s.nstr rows: bytes read, written, ops */
	struct iol_rchunk *chunk;
	uint64_t *first, *nchunk; /* per rank: its chunks */
};

/* "DIR/.BASE.<digest>.iolr" beside the script at spath. */
void iol_rbin_path(char *buf, size_t n, const char *spath, uint64_t digest);
/* Write the compiled form of s (parsed, with its digest) to path,
 * through a temporary file renamed into place. */
int iol_rbin_write(const struct iol_rscript *s, const char *path,
		   struct iol_error *err);
/* Load the header and tables of a compiled file; IOL_ENOTLOG or
 * IOL_ECORRUPT when it is not one or not for digest (then compile
 * again). */
int iol_rbin_load(struct iol_rbin *b, const char *path, uint64_t digest,
		  struct iol_error *err);
void iol_rbin_release(struct iol_rbin *b);

struct iol_rcursor {
	int fd;
	const struct iol_rchunk *ch;
	size_t nch, next; /* chunks; the next one to decompress */
	struct iol_rev *buf[2];
	size_t have[2], cap[2];
	int cur;    /* buffer being read */
	size_t pos; /* in it */
	int ahead;  /* the other buffer holds the next chunk */
	unsigned char *z;
	size_t zcap;
};

/* A cursor over rank r's events of the compiled file at path (opened
 * again: one cursor per process). */
int iol_rcursor_open(struct iol_rcursor *c, const struct iol_rbin *b, size_t r,
		     const char *path, struct iol_error *err);
/* 1 with *ev set, 0 at the end, < 0 on a bad chunk. */
int iol_rcursor_next(struct iol_rcursor *c, const struct iol_rev **ev);
/* Decompress the next chunk now if it is not yet: 1 done, 0 nothing to
 * do, < 0 on error.  Call it when there is time to spare. */
int iol_rcursor_ahead(struct iol_rcursor *c);
void iol_rcursor_release(struct iol_rcursor *c);

#endif
