/*
 * What replay and replay-script share: where the calibrated strace
 * overhead per event is kept ($XDG_CACHE_HOME/iolens/strace-overhead, or
 * ~/.cache/iolens/strace-overhead).
 */
#ifndef IOLENS_REPLAY_COMMON_H
#define IOLENS_REPLAY_COMMON_H

#include <stddef.h>

/* The file's path into buf; 0, or -1 when no home is known. */
int replay_overhead_path(char *buf, size_t n);
/* The stored seconds per call: off the gaps (*gap) and off each call's
 * duration (*dur); 0, or -1 when not calibrated. */
int replay_overhead_load(double *gap, double *dur);

#endif
