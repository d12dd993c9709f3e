/*
 * Which files a ranking shows, and the shared files' rank balance.
 *
 * Exclusion: "top files" and access spans of a Python or MPI job are
 * otherwise full of interpreter and library files (.pyc, .so, /usr).  A
 * list of POSIX extended regular expressions, the defaults below unless
 * the caller leaves them out, decides which paths a ranking skips; the
 * caller says how many it skipped and by which pattern (never silently).
 *
 * Shared files: one row per shared (rank -1) POSIX or STDIO record with
 * Darshan's fastest and slowest rank, their time and bytes, and the
 * standard deviation (not the variance) of time and bytes over ranks,
 * as darshan-job-summary's "Variance in Shared Files" shows them.
 *
 * Ownership: struct iol_excl is caller storage; iol_excl_free() frees
 * what iol_excl_add() compiled.  Patterns are copied.  Shared rows are
 * allocated here (free with free()); their paths are borrowed from the
 * job.
 */
#ifndef IOLENS_SELECT_H
#define IOLENS_SELECT_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "model/job.h"

#define IOL_EXCL_MAX 32

/* The default patterns, NULL-terminated; static, borrowed forever. */
extern const char *const iol_excl_defaults[];

struct iol_excl {
	size_t n;
	regex_t re[IOL_EXCL_MAX];
	char *pat[IOL_EXCL_MAX];
	/* a default pattern's hand-made matcher (its index in
	 * iol_excl_defaults), or -1: compiled into re[] */
	signed char builtin[IOL_EXCL_MAX];
};

/* Empty list, or the defaults when defaults is nonzero. */
int iol_excl_init(struct iol_excl *ex, int defaults, struct iol_error *err);
/* One more pattern: IOL_EINVAL if it does not compile or the list is
 * full. */
int iol_excl_add(struct iol_excl *ex, const char *pattern,
		 struct iol_error *err);
/* The index of the first pattern path matches, or -1 (also for NULL ex
 * or path). */
int iol_excl_match(const struct iol_excl *ex, const char *path);
void iol_excl_free(struct iol_excl *ex);
/* The defaults, ready to match: static, never freed, shared by threads. */
const struct iol_excl *iol_excl_default(void);
/* The defaults when defaults is nonzero, then the n patterns: 0, or
 * IOL_EINVAL (err says which; ex freed). */
int iol_excl_build(struct iol_excl *ex, int defaults,
		   const char *const *patterns, int n, struct iol_error *err);
/* The default patterns, separated by two spaces, into b (n bytes). */
void iol_excl_defaults_text(char *b, size_t n);

struct iol_sharedrow {
	uint64_t id;
	const char *path;
	int mod; /* IOL_MOD_POSIX or IOL_MOD_STDIO */
	int64_t nprocs;
	int64_t br, bw;
	int64_t fastest_rank, fastest_bytes;
	double fastest_time;
	int64_t slowest_rank, slowest_bytes;
	double slowest_time;
	double sd_time, sd_bytes; /* sqrt of Darshan's F_VARIANCE_RANK_* */
};

/* The one tie order of file tables, so that they print the same every
 * run: path, then module, then record id.  (The sort key, bytes or
 * another column, is compared before it by the caller.) */
int iol_row_tiebreak(const char *pa, int ma, uint64_t ia, const char *pb,
		     int mb, uint64_t ib);

/* Every shared record of POSIX and STDIO, by bytes moved (most first),
 * then path.  *rows is NULL when there are none. */
int iol_shared_compute(const struct iol_job *job, struct iol_sharedrow **rows,
		       size_t *n, struct iol_error *err);

#endif
