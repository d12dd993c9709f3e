/*
 * The progress line a command draws on a terminal (stderr) while it
 * works through a known number of items: a bar, the count, the rate and
 * the time left.  The caller decides when (a tty, at most 5 times a
 * second).
 */
#ifndef IOLENS_PROGRESS_H
#define IOLENS_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

/* Seconds of the monotonic clock. */
double progress_now(void);
/* "\r[####    ] done/total what  R what/s  ETA h:mm:ss" over the line;
 * total 0: unknown (no bar filled, no ETA). */
void progress_bar(FILE *f, const char *what, int64_t done, int64_t total,
		  double elapsed);
/* Clear the line a progress_bar drew. */
void progress_clear(FILE *f);

#endif
