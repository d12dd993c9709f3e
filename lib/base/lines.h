/*
 * A line reader over plain, gzip or xz files (detected by magic number)
 * and standard input ("-").  Lines longer than the cap are reported as
 * too long rather than grown without bound.
 *
 * Ownership: struct iol_lines is caller storage; iol_lines_close()
 * releases it.  A returned line is borrowed until the next call.
 */
#ifndef IOLENS_LINES_H
#define IOLENS_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

struct iol_lines_priv;

struct iol_lines {
	uint64_t lineno;  /* of the line last returned */
	int unterminated; /* it had no newline: the file ends in it */
	struct iol_lines_priv *priv;
};

int iol_lines_open(struct iol_lines *l, const char *path,
		   struct iol_error *err);
/* 1 with *line (NUL-terminated, no newline) and *len, 0 at end, < 0 */
int iol_lines_next(struct iol_lines *l, char **line, size_t *len,
		   struct iol_error *err);
void iol_lines_close(struct iol_lines *l);

#endif
