/*
 * libiolens: decoders for HPC I/O logs and the metrics computed from them.
 * This umbrella header is what programs outside the source tree include;
 * link with `pkg-config --libs iolens`.  The library never prints and never
 * exits: functions return 0 or a negative IOL_E* code (see error.h).
 */
#ifndef IOLENS_H
#define IOLENS_H

#include "base/version.h"
#include "base/error.h"
#include "counters/modules.h"
#include "sources/darshan.h"
#include "analysis/accum.h"
#include "model/job.h"
#include "model/event.h"
#include "model/source.h"
#include "sources/trace.h"
#include "sources/registry.h"
#include "analysis/metrics.h"
#include "analysis/phases.h"

#define IOLENS_VERSION_STRING IOLENS_VERSION

#endif
