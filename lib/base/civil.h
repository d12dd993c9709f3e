/*
 * Calendar dates as days since 1970-01-01, for the readers that turn a
 * date written as text (a trace's header, an iostat recording) into
 * seconds since the epoch without the process's time zone (mktime) or a
 * non-standard timegm().
 */
#ifndef IOLENS_BASE_CIVIL_H
#define IOLENS_BASE_CIVIL_H

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil); negative before 1970.  m is 1 to
 * 12; d is not checked against the month's length. */
long iol_days_from_civil(long y, long m, long d);

#endif
