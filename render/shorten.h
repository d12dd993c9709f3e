/*
 * A long name in a line of text for people, shortened in the middle
 * ("/scratch/…/out.h5") to a number of columns, as the views shorten
 * path columns.
 */
#ifndef IOLENS_SHORTEN_H
#define IOLENS_SHORTEN_H

#include <stddef.h>

/* s itself when it has at most cols columns (UTF-8) or cols is 0, else
 * its head, "…" and its tail in buf (n bytes); cols below 8 count as 8. */
const char *text_shorten(char *buf, size_t n, const char *s, size_t cols);

#endif
