/*
 * errno names as strace prints them and replay scripts write them: one
 * table for the strace reader and the replay.  Nothing is allocated.
 */
#ifndef IOLENS_BASE_ERRNAME_H
#define IOLENS_BASE_ERRNAME_H

#include <stddef.h>

/* "ENOENT" for an errno value, or "E123" written into buf (n bytes)
 * when it is not in the table. */
const char *iol_errno_name(int no, char *buf, size_t n);

/* The errno value of the name in s's first len bytes (a name of the
 * table, ENOTSUP too, or "E123"); 0 if none. */
int iol_errno_parse(const char *s, size_t len);

#endif
