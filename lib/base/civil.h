/*
 * Calendar dates as days since 1970-01-01, for the readers that turn a
 * date written as text (a trace's header, an iostat recording) into
 * seconds since the epoch without the process's time zone (mktime) or a
 * non-standard timegm().
 */
#ifndef IOLENS_BASE_CIVIL_H
#define IOLENS_BASE_CIVIL_H

#include <stdint.h>

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil); negative before 1970.  m is 1 to
 * 12; d is not checked against the month's length. */
long iol_days_from_civil(long y, long m, long d);

/* "2026-06-01" or "2026-06" (UTC) into *t, seconds since the epoch: the
 * day's or month's start, or (end) the start of the day or month after
 * it, for a range [from, to) with both ends' days in.  0, or -1 when s
 * is neither form. */
int iol_date_parse(const char *s, int end, int64_t *t);

#endif
