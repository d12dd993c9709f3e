/*
 * The compiled form of a replay script (Pianola's binary records): fixed
 * size event records compressed with zlib in chunks per rank, the
 * strings in a stream of their own, and the tables (inputs, rewrites,
 * the original's totals) in a third.  It is kept in a cache of the
 * user's own, named after the SHA-256 of the script's text (its key), so
 * an unchanged script is compiled once; the loader takes only a file of
 * this user that nobody else may write, with that key, whose seal (the
 * SHA-256 of the whole file, its header included) matches, and whose every
 * count agrees with what its chunks hold.  A replaying process reads its rank's
 * chunks one at a time and can decompress the next one ahead, during a compute
 * gap.
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
	/* per rank: the most descriptors its calls hold at once (at most
	 * its events; what --max-memory counts of the kernel's files) */
	uint64_t *maxfds;
	int fd; /* the file, open while loaded */
};

/* "DIR/<key in hex>.iolr". */
void iol_rbin_name(char *buf, size_t n, const char *dir,
		   const unsigned char key[32]);
/* Write the compiled form of s (parsed from the text whose SHA-256 is
 * key) to path, sealed, through a temporary file renamed into place. */
int iol_rbin_write(const struct iol_rscript *s, const unsigned char key[32],
		   const char *path, struct iol_error *err);
/* Seal the compiled file open at fd (read and write): what
 * iol_rbin_write() does last. */
int iol_rbin_seal(int fd);
/* Load the header and tables of a compiled file and keep it open for
 * the cursors; IOL_ENOTLOG when it is not one, not this user's alone or
 * not for key, IOL_ECORRUPT when its seal or counts are wrong (then
 * compile again). */
int iol_rbin_load(struct iol_rbin *b, const char *path,
		  const unsigned char key[32], struct iol_error *err);
/* The same, refused (IOL_EINVAL, nothing allocated) when the strings and
 * tables it would hold take more than max_memory bytes (0: no limit). */
int iol_rbin_load_within(struct iol_rbin *b, const char *path,
			 const unsigned char key[32], uint64_t max_memory,
			 struct iol_error *err);
/* The bytes a loaded form holds: its strings, their offsets and its
 * tables (what --max-memory counts of it while it runs). */
uint64_t iol_rbin_memory(const struct iol_rbin *b);
void iol_rbin_release(struct iol_rbin *b);

struct iol_rcursor {
	int fd; /* b's, not the cursor's */
	const struct iol_rchunk *ch;
	size_t nch, next; /* chunks; the next one to decompress */
	struct iol_rev *buf[2];
	size_t have[2], cap[2];
	int cur;    /* buffer being read */
	size_t pos; /* in it */
	int ahead;  /* the other buffer holds the next chunk */
	unsigned char *z;
	size_t zcap;
	/* events in memory (iol_rcursor_mem()), borrowed; NULL: chunks */
	const struct iol_rev *mem;
	size_t nmem;
};

/* A cursor over rank r's events, read from b's file with pread (so any
 * number of cursors, in threads or forked processes, share it). */
int iol_rcursor_open(struct iol_rcursor *c, const struct iol_rbin *b, size_t r);
/* The bytes a cursor over rank r holds at most: two chunks inflated and
 * one compressed, of its largest (what --max-memory counts). */
uint64_t iol_rcursor_memory(const struct iol_rbin *b, size_t r);
/* 1 with *ev set, 0 at the end, < 0 on a bad chunk. */
int iol_rcursor_next(struct iol_rcursor *c, const struct iol_rev **ev);
/* Decompress the next chunk now if it is not yet: 1 done, 0 nothing to
 * do, < 0 on error.  Call it when there is time to spare. */
int iol_rcursor_ahead(struct iol_rcursor *c);
void iol_rcursor_release(struct iol_rcursor *c);

/* Every event of rank r inflated into one array (*ev, *n events; the
 * caller frees *ev), each checked as iol_rcursor_next() checks them:
 * 0, IOL_ENOMEM or the cursor's errors. */
int iol_rbin_events(const struct iol_rbin *b, size_t r, struct iol_rev **ev,
		    size_t *n);
/* A cursor over events already in memory (from iol_rbin_events(),
 * borrowed until the cursor is released): nothing to inflate while the
 * calls are replayed. */
void iol_rcursor_mem(struct iol_rcursor *c, const struct iol_rev *ev, size_t n);

#endif
