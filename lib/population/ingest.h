/*
 * The ingest run of `iolens ingest`: arguments (logs, directories walked
 * for *.darshan in name order, @listfiles) looked up in the store, the
 * logs to (re)read decoded by an executor, their rows written in the
 * order they were found; then the scheduler's accounting files and its
 * join.  The executor is an interface: the threads of this process
 * (iol_ingest_threads), the MPI ranks (population/ingest-mpi.h), or any
 * other the caller makes.
 *
 * The library prints nothing: what a person should read (a log that
 * failed, a directory that cannot be opened, a store error) goes to
 * hooks.say as one line of text, progress to hooks.progress.
 *
 * Ownership: items are allocated by the run (iol_ingest_item_new) and
 * freed by it after writing; an executor only borrows them between
 * submit and the wait that returns them.  struct iol_ingest is caller
 * storage, zeroed, its options set, then iol_ingest_open(); its
 * iol_ingest_close() frees what the run holds.
 * Owner: lib/population; callers cmd/ingest.c and
 * lib/population/ingest-mpi.c.
 */
#ifndef IOLENS_INGEST_H
#define IOLENS_INGEST_H

#include <stdint.h>

#include "base/error.h"
#include "population/row.h"
#include "population/store.h"

struct iol_ingest_item {
	int64_t seq; /* order of submission: rows are written in it */
	char *path;
	int64_t size, mtime_ns;
	int stored;	       /* the store had a row of this path */
	int nomem;	       /* the decoder ran out of memory */
	struct iol_poprow row; /* filled by the decoder */
};

/* NULL when out of memory. */
struct iol_ingest_item *iol_ingest_item_new(int64_t seq, const char *path,
					    int64_t size, int64_t mtime_ns);
void iol_ingest_item_free(struct iol_ingest_item *it);
/* Build it->row (a decoder's work); a log that cannot be read becomes
 * an error row; out of memory sets it->nomem. */
void iol_ingest_item_decode(struct iol_ingest_item *it,
			    const struct iol_popctx *ctx);

struct iol_ingest_exec {
	int cap;   /* items in flight at most */
	int ahead; /* of them, how many the writer may hold back (ingest.c) */
	void (*submit)(struct iol_ingest_exec *ex, struct iol_ingest_item *it);
	/* blocks until an item comes back decoded */
	struct iol_ingest_item *(*wait)(struct iol_ingest_exec *ex);
	/* after the last wait: stop and free the executor */
	void (*stop)(struct iol_ingest_exec *ex);
	/* optional (NULL: none): the writer has work of its own for a
	 * while (1), done (0): the decoders leave it a core meanwhile */
	void (*writer_busy)(struct iol_ingest_exec *ex, int busy);
};

/* The ahead of an executor of this process: logs it takes beyond its
 * decoders' queue, so that at the walk's end they still have work while
 * the writer builds a new store's indexes (ingest.c). */
#define IOL_INGEST_AHEAD 2048

/* nthreads decoder threads of this process (0: one per core, at most
 * 1024); NULL with err when none could start.  It also sets glibc's
 * mallopt thresholds for the process (mmap 32 MiB, trim 64 MiB): memory
 * freed after each log is kept for the next, not faulted in again. */
struct iol_ingest_exec *iol_ingest_threads(int nthreads,
					   const struct iol_popctx *ctx,
					   struct iol_error *err);

struct iol_ingest;
struct iol_ingest_hooks {
	/* one line for people (a warning or an error), or NULL */
	void (*say)(void *arg, const char *text);
	/* the counts changed; force: the last call.  NULL: none. */
	void (*progress)(void *arg, const struct iol_ingest *g, int force);
	void *arg;
};

struct iol_ingest {
	/* options */
	const char *db;
	int refresh; /* 1: logs of other versions again, 2: all */
	int64_t shard_k, shard_n;
	int count_first; /* a pass counting the logs first (g->total) */
	const struct iol_popctx *ctx;
	struct iol_ingest_exec *ex;
	struct iol_ingest_hooks hooks;
	/* counts */
	int64_t seen, total, added, updated, unchanged, failed, known_bad;
	int64_t inflight;
	int sacct_ok;  /* accounting files read whole, with a header */
	int fsload_ok; /* file-system recordings stored */
	int dberror;   /* the store failed (said): nothing more is written */
	/* the run's own */
	struct iol_store *st;
	struct iol_ingest_item **slot; /* reorder buffer, cap slots by seq */
	int64_t next_seq, next_write;
	int64_t out; /* items at the executor, not yet back */
	int lagging; /* rows held back for the indexes' build (ingest.c) */
	double last_commit;
	int counting, existed, nomem;
};

/* "k/n" (0 <= k < n) into g->shard_k, g->shard_n: 0, or -1. */
int iol_ingest_shard(struct iol_ingest *g, const char *s);
/* The users (uid -> name) and projects (user or uid -> project) files
 * into the maps, ctx pointing at them; a path NULL: none.  0, or < 0
 * with err and the path that failed in *bad. */
int iol_ingest_maps(struct iol_popctx *ctx, struct iol_popmap *users,
		    const char *users_path, struct iol_popmap *projects,
		    const char *projects_path, const char **bad,
		    struct iol_error *err);
/* Open (or create) the store g->db: 0 or < 0 with err. */
int iol_ingest_open(struct iol_ingest *g, struct iol_error *err);
/* Every argument (a log, a directory, @listfile) through the store and
 * the executor, which is stopped at the end.  Returns the number of
 * arguments that could not be read, or IOL_ENOMEM. */
int iol_ingest_run(struct iol_ingest *g, char *const *args, int nargs);
/*
 * Read the sacct -P file path into the store, with its lines to say
 * (bad lines, missing fields) and its counts in *p (sacct.h): 0; 1 when
 * lines were bad but the rest is stored; -1 when nothing was (no file,
 * no header, the store failed), said.
 */
struct iol_sacct;
int iol_ingest_sacct(struct iol_ingest *g, const char *path,
		     struct iol_sacct *p);
/* Join the job rows to the scheduler's jobs (all rows when accounting
 * was read): the count in *joined; 0 or -1 said. */
int iol_ingest_join(struct iol_ingest *g, int64_t *joined);
/* Store the file-system telemetry of the recording path (a file or a
 * mysql:// URL; population/fsstore.h), its counts in *out: 0, or -1
 * said. */
struct iol_fsput;
int iol_ingest_fsload(struct iol_ingest *g, const char *path,
		      struct iol_fsput *out);
/* One line of text to g->hooks.say (for the run's own parts). */
void iol_ingest_say(struct iol_ingest *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Close the store (said if it fails); a store this run made and put
 * nothing in is removed.  Frees what the run holds. */
void iol_ingest_close(struct iol_ingest *g);

#endif
