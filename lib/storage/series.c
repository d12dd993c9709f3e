/*
 * Device series: the set of devices and their sampled intervals, and the
 * timestamp parsing the readers share.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/devio-int.h"
#include "base/civil.h"
#include "base/grow.h"
#include "base/banned.h"

double iol_utc_seconds(int y, int mo, int d, int h, int mi, double s)
{
	if (y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 ||
	    h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s >= 61)
		return -1;
	return (double)iol_days_from_civil(y, mo, d) * 86400.0 + h * 3600.0 +
	       mi * 60.0 + s;
}

static int parse_iso(const char *s, double *t, size_t *used)
{
	int y, mo, d, h, mi, n = 0;
	double sec;
	const char *p;

	if (sscanf(s, "%4d-%2d-%2d%*1[T ]%2d:%2d:%lf%n", &y, &mo, &d, &h, &mi,
		   &sec, &n) != 6 ||
	    n < 19)
		return -1;
	*t = iol_utc_seconds(y, mo, d, h, mi, sec);
	if (*t < 0)
		return -1;
	p = s + n;
	if (*p == 'Z') {
		p++;
	} else if (*p == '+' || *p == '-') {
		int oh = 0, om = 0, k = 0;

		if (sscanf(p + 1, "%2d%n", &oh, &k) != 1 || k != 2)
			return -1;
		p += 3;
		if (*p == ':')
			p++;
		if (p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9') {
			om = (p[0] - '0') * 10 + (p[1] - '0');
			p += 2;
		}
		*t -= (s[n] == '+' ? 1 : -1) * (oh * 3600.0 + om * 60.0);
	}
	*used = (size_t)(p - s);
	return 0;
}

int iol_parse_stamp(const char *s, double *t, size_t *used)
{
	int mo, d, y, h, mi, sec, n = 0, n2 = 0;
	char ampm[3];

	if (parse_iso(s, t, used) == 0)
		return 0;
	if (sscanf(s, "%2d/%2d/%4d %2d:%2d:%2d%n", &mo, &d, &y, &h, &mi, &sec,
		   &n) != 6)
		return -1;
	if (y < 100)
		y += y < 70 ? 2000 : 1900;
	if (sscanf(s + n, " %2[AP]M%n", ampm, &n2) == 1 && n2 > 0) {
		if (h < 1 || h > 12)
			return -1;
		h = h % 12 + (ampm[0] == 'P' ? 12 : 0);
		n += n2;
	}
	*t = iol_utc_seconds(y, mo, d, h, mi, sec);
	*used = (size_t)n;
	return *t < 0 ? -1 : 0;
}

int iol_parse_when(const char *s, int64_t *epoch)
{
	size_t used = 0;
	char *end;
	double t = strtod(s, &end);

	if (*end || end == s)
		t = iol_parse_stamp(s, &t, &used) == 0 && !s[used] ? t : -1;
	if (!(t >= 0))
		return IOL_EINVAL;
	*epoch = (int64_t)t;
	return 0;
}

int iol_parse_window_end(const char *s, double *t)
{
	char *end;
	size_t used = 0;

	*t = strtod(s, &end);
	if (end != s && !*end && isfinite(*t))
		return 0;
	return iol_parse_stamp(s, t, &used) == 0 && !s[used] ? 0 : -1;
}

int iol_parse_day_when(const char *s, int64_t *epoch)
{
	char buf[64], *end;
	double t;
	size_t used;
	long long e = strtoll(s, &end, 10);

	if (end != s && !*end) {
		*epoch = e;
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s%s", s,
		 strlen(s) == 10 ? "T00:00:00Z" : "");
	if (iol_parse_stamp(buf, &t, &used) < 0 || buf[used])
		return IOL_EINVAL;
	*epoch = (int64_t)t;
	return 0;
}

int iol_devset_add(struct iol_devset *ds, const char *name,
		   const struct iol_ival *iv)
{
	struct iol_dev *d = NULL;
	size_t i;

	for (i = 0; i < ds->ndev; i++)
		if (!strcmp(ds->dev[i].name, name)) {
			d = &ds->dev[i];
			break;
		}
	if (!d) {
		struct iol_dev *nd =
			iol_grow(ds->dev, &ds->cap, ds->ndev, sizeof(*nd), 4);

		if (!nd)
			return IOL_ENOMEM;
		ds->dev = nd;
		d = &ds->dev[ds->ndev];
		memset(d, 0, sizeof(*d));
		d->name = strdup(name);
		if (!d->name)
			return IOL_ENOMEM;
		ds->ndev++;
	}
	if (!iv)
		return 0;
	{
		struct iol_ival *n =
			iol_grow(d->iv, &d->cap, d->n, sizeof(*n), 64);

		if (!n)
			return IOL_ENOMEM;
		d->iv = n;
	}
	d->iv[d->n++] = *iv;
	return 0;
}

void iol_devset_release(struct iol_devset *ds)
{
	size_t i;

	for (i = 0; i < ds->ndev; i++) {
		free(ds->dev[i].name);
		free(ds->dev[i].iv);
	}
	free(ds->dev);
	memset(ds, 0, sizeof(*ds));
}

static int cmp_ival(const void *a, const void *b)
{
	const struct iol_ival *x = a, *y = b;

	return (x->start > y->start) - (x->start < y->start);
}

static int dev_moved(const struct iol_dev *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->iv[i].rbytes || d->iv[i].wbytes || d->iv[i].reads ||
		    d->iv[i].writes)
			return 1;
	return 0;
}

int iol_devset_finish(struct iol_devset *ds, struct iol_error *err)
{
	size_t i, j, k = 0;

	for (i = 0; i < ds->ndev; i++) {
		struct iol_dev *d = &ds->dev[i];

		if (d->n > 1)
			qsort(d->iv, d->n, sizeof(*d->iv), cmp_ival);
		for (j = 1; j < d->n; j++)
			if (d->iv[j].start < d->iv[j - 1].end - 1e-6)
				return iol_error_set(
					err, IOL_ECORRUPT,
					"device '%s': samples overlap at "
					"%.3f (the same period given twice?)",
					d->name, d->iv[j].start);
	}
	for (i = 0; i < ds->ndev; i++) {
		if (!dev_moved(&ds->dev[i])) {
			free(ds->dev[i].name);
			free(ds->dev[i].iv);
			continue;
		}
		ds->dev[k++] = ds->dev[i];
	}
	ds->ndev = k;
	return 0;
}
