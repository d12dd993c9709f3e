/*
 * The file of a new SQLite store written unseen (store.c,
 * iol_store_create): a temporary file beside its path, held (flock) by
 * its writer, then synced and linked in as the path when the store is
 * complete.  Owner: lib/population.
 */
#ifndef IOLENS_POP_STORE_FRESH_H
#define IOLENS_POP_STORE_FRESH_H

/* A new empty file ".<base>.iolens-XXXXXX" beside path, held until fd is
 * closed: *fd open on it, *tmp its name (caller frees, and unlinks when
 * it is not linked in).  Those of path left by killed writers (held by
 * none) are removed first.  0, or -1 when none can be made. */
int iol_fresh_make(const char *path, int *fd, char **tmp);

/* The file of fd (named tmp) synced and linked in as path, tmp removed:
 * 0.  Never over a file at path: 1 when one was made meanwhile (tmp
 * kept); -1 with errno. */
int iol_fresh_link(int fd, const char *tmp, const char *path);

#endif
