/*
 * libiolens: decoders for HPC I/O logs and the metrics computed from them.
 * This umbrella header is what programs outside the source tree include;
 * link with `pkg-config --libs iolens`.  The library never prints and never
 * exits: functions return 0 or a negative IOL_E* code (see error.h).
 */
#ifndef IOLENS_H
#define IOLENS_H

#include "error.h"
#include "modules.h"
#include "darshan.h"
#include "accum.h"
#include "job.h"
#include "metrics.h"

#define IOLENS_VERSION_STRING "0.1.0"

#endif
