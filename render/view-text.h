/*
 * Text for people beside the tables of a view (render/view-text.c): the
 * "label   value" lines of a report, fitted to the output's width.
 */
#ifndef IOLENS_VIEW_TEXT_H
#define IOLENS_VIEW_TEXT_H

#include <stddef.h>

#include "render/output.h"

/* Text format only: the lines of fmt, each fitted to o->width (0: as
 * they are).  A line too wide is wrapped at spaces under its value (the
 * text after the label's run of two or more spaces), and a word too wide
 * for the room left, such as a path, is shortened in the middle with
 * "…".  Text after the last newline is printed as it is. */
void view_lines(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* s into b (n bytes) shortened in the middle with "…" to w characters
 * when it is longer (UTF-8 sequences kept whole); returns b, or s when
 * it fits or w is too small to shorten to. */
const char *view_middle(char *b, size_t n, const char *s, int w);

#endif
