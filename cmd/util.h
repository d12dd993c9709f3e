/*
 * What every command uses: the exit codes, usage errors and the
 * library's failures said (cli/usage.h), dying allocation
 * (cli/xalloc.h), messages (render/diag.h), and the parsing of counts,
 * sizes, durations and dates (base/values.h).
 */
#ifndef IOLENS_UTIL_H
#define IOLENS_UTIL_H

#include <stdint.h>

#include "base/error.h"
#include "base/values.h"
#include "cli/usage.h"
#include "cli/xalloc.h"
#include "render/diag.h"

#endif
