/*
 * What iolens report names and dates: the file of each log's report in
 * a directory, and the date stamped on it (render/view-report.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/view-report.h"
#include "base/banned.h"

/* With several logs, -o DIR: DIR/NAME.pdf (.svg, .png) where NAME is the
 * log's file name without ".darshan", other characters than letters,
 * digits, '.', '-' and '_' made '_'. */
void view_report_file_name(char *buf, size_t n, const char *dir,
			   const char *log, int format)
{
	static const char *const ext[] = {"pdf", "svg", "png"};
	const char *base = strrchr(log, '/');
	char name[256];
	size_t l, k;

	base = base && base[1] ? base + 1 : log;
	l = strlen(base);
	if (l > 8 && !strcmp(base + l - 8, ".darshan"))
		l -= 8;
	if (l >= sizeof(name))
		l = sizeof(name) - 1;
	for (k = 0; k < l; k++)
		name[k] = (char)(strchr("._-", base[k]) ||
						 (base[k] >= 'a' &&
						  base[k] <= 'z') ||
						 (base[k] >= 'A' &&
						  base[k] <= 'Z') ||
						 (base[k] >= '0' &&
						  base[k] <= '9')
					 ? base[k]
					 : '_');
	name[l] = '\0';
	snprintf(buf, n, "%s/%s.%s", dir, name, ext[format]);
}

int view_report_file_claim(struct view_report_files *f, char *buf, size_t n,
			   const char *dir, const char *log, int format)
{
	char **v;
	size_t k;

	view_report_file_name(buf, n, dir, log, format);
	for (k = 0; k < f->n; k++)
		if (!strcmp(f->v[k], buf))
			return 1;
	if (!(v = realloc(f->v, (f->n + 1) * sizeof(*v))))
		return -1;
	f->v = v;
	if (!(v[f->n] = strdup(buf)))
		return -1;
	f->n++;
	return 0;
}

void view_report_files_free(struct view_report_files *f)
{
	for (size_t k = 0; k < f->n; k++)
		free(f->v[k]);
	free(f->v);
	f->v = NULL;
	f->n = 0;
}

int view_report_date(char *buf, size_t n, int64_t v)
{
	time_t t = (time_t)v;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		return -1;
	strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
	return 0;
}

int view_report_date_parse(char *buf, size_t n, const char *arg)
{
	int y, mo, d, h = 0, mi = 0, se = 0;
	char *end;
	long long v;

	if (sscanf(arg, "%4d-%2d-%2dT%2d:%2d:%2d", &y, &mo, &d, &h, &mi, &se) >=
		    3 &&
	    strlen(arg) >= 10 && arg[4] == '-') {
		snprintf(buf, n, "%04d-%02d-%02dT%02d:%02d:%02d", y, mo, d, h,
			 mi, se);
		return 0;
	}
	v = strtoll(arg, &end, 10);
	if (!*end && end != arg)
		return view_report_date(buf, n, v);
	return -1;
}
