/*
 * Days since 1970-01-01 of a calendar date, and dates as text (civil.h).
 */
#include <stdio.h>

#include "base/civil.h"
#include "base/banned.h"

long iol_days_from_civil(long y, long m, long d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

int iol_date_parse(const char *s, int end, int64_t *t)
{
	int y, m, d = 1, n = 0, day = 0;
	long days;

	if (sscanf(s, "%4d-%2d-%2d%n", &y, &m, &d, &n) == 3 && !s[n])
		day = 1;
	else if (sscanf(s, "%4d-%2d%n", &y, &m, &n) != 2 || s[n])
		return -1;
	if (m < 1 || m > 12 || d < 1 || d > 31)
		return -1;
	if (end && !day && ++m > 12)
		m = 1, y++;
	days = iol_days_from_civil(y, m, d) + (end && day);
	*t = (int64_t)days * 86400;
	return 0;
}
