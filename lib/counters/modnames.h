/*
 * Former home of the counter name tables, kept as a forwarder while
 * lib/sources/trace-strace.c and render/darshan-write.c still include it
 * (for IOL_POSIX_NINT / IOL_POSIX_NFLT); new code includes
 * counters/counters.h.
 */
#ifndef IOLENS_MODNAMES_H
#define IOLENS_MODNAMES_H

#include "counters/counters.h"

#endif
