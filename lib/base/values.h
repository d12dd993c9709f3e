/*
 * Values a person types on a command line: a positive count, a size with a
 * unit, a duration with a unit; and the date an output is stamped with when
 * none is given (SOURCE_DATE_EPOCH).  The commands parse options with these and
 * word the message themselves.
 *
 * Ownership: no state; nothing allocated.
 */
#ifndef IOLENS_BASE_VALUES_H
#define IOLENS_BASE_VALUES_H

#include <stdint.h>

/* A positive decimal count: 0, or IOL_EINVAL when s is not one. */
int iol_parse_count(const char *s, int64_t *v);
/* A size with an optional unit: 512, 64K, 10M, 8G, 1T (powers of 2, "B"
 * or "iB" after it allowed); 0, or IOL_EINVAL when not a positive size
 * (or one over 9e18 bytes). */
int iol_parse_size(const char *s, int64_t *v);
/* A duration ("60", "60s", "5m", "5min", "1h", "500ms") in seconds: 0,
 * or IOL_EINVAL when s is none or negative. */
int iol_parse_duration(const char *s, double *v);
/*
 * The date an output file is stamped with when the user gave none, so
 * that the same input gives the same bytes: SOURCE_DATE_EPOCH when it is
 * a number of seconds (reproducible-builds.org), else fallback.
 */
int64_t iol_source_date(int64_t fallback);

#endif
