/*
 * The compiled form of a replay script, cached: $XDG_CACHE_HOME/iolens/
 * replay (or ~/.cache/iolens/replay), a directory the user alone holds
 * from the root down, else a private temporary directory removed by
 * iol_rcache_done().  A form is reused when the cache has it under the
 * SHA-256 of the script's text and it was parsed under limits no larger
 * than these; else the script is parsed and compiled now, and forms
 * unused for 30 days (then the least recently used past 1 GiB) are
 * pruned, only files of the cache's own names and this user's.
 *
 * Ownership: struct iol_rcache is caller storage, zeroed, its limits
 * set; the compiled form goes into the caller's struct iol_rbin
 * (iol_rbin_release() frees it).  Owner: lib/replay; used by
 * cmd/replay-run.c.
 */
#ifndef IOLENS_REPLAY_CACHE_H
#define IOLENS_REPLAY_CACHE_H

#include <stddef.h>

#include "base/error.h"
#include "replay/compile.h"

/* where iol_rcache_compiled() failed */
enum {
	IOL_RCACHE_READ = 1, /* the script's text (sys: errno, EFBIG past
				max_memory) */
	IOL_RCACHE_DIR,	     /* no directory for the compiled form (sys) */
	IOL_RCACHE_PARSE,    /* the script (err says where) */
};

struct iol_rcache {
	size_t max_memory; /* the parse counts the text and events in it */
	size_t max_input;  /* inputs to stage at most; 0 no limit */
	char dir[4096];	   /* where the compiled form is */
	char bin[4200];	   /* its path */
	int temp;	   /* dir is a temporary directory, to remove */
	int stage, sys;	   /* what failed (IOL_RCACHE_*), and its errno */
};

/*
 * The compiled form of the script at path into b: *reused 1 when it came
 * from the cache (force: compile anyway, as when the cached form failed
 * its check later).  The text is not held while a form is loaded, nor
 * the parsed script (each took as much again past max_memory): it is
 * read again when the form is not reused.  Returns 0, or < 0 with
 * c->stage (and err for IOL_RCACHE_PARSE).
 */
int iol_rcache_compiled(struct iol_rcache *c, const char *path,
			struct iol_rbin *b, int *reused, int force,
			struct iol_error *err);
struct iol_rgroup;
/*
 * The same for the members of a group g (engine.h; NULL: this process
 * alone): member 0 compiles, tells the others whether it could, and
 * they then load what it wrote.  0; < 0 as iol_rcache_compiled() when
 * this process failed; 1 when member 0 failed (it says why) or the
 * group could not be told.
 */
int iol_rcache_group(struct iol_rcache *c, const char *path, struct iol_rbin *b,
		     int *reused, const struct iol_rgroup *g,
		     struct iol_error *err);
/* Remove the temporary directory and its form, if one was made. */
void iol_rcache_done(struct iol_rcache *c);

#endif
