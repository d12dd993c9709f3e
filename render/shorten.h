/*
 * A long name in a line of text for people, shortened in the middle
 * ("/scratch/…/out.h5") to a number of columns, as the views shorten
 * path columns.
 */
#ifndef IOLENS_SHORTEN_H
#define IOLENS_SHORTEN_H

#include <stddef.h>

/* s itself when it has at most cols columns (UTF-8, a column a code
 * point) or cols is below 2, else in buf (n bytes) its head, "…" and its
 * tail, cols columns in all, the tail (a path's last name tells most)
 * about two thirds.  s itself too when buf is too small: strlen(s) + 4
 * bytes always suffice. */
const char *text_shorten(char *buf, size_t n, const char *s, size_t cols);

#endif
