/*
 * Reader of /proc/diskstats snapshots.  Each snapshot starts with a marker
 * line "=== <ISO 8601 UTC time> [epoch=<seconds>]" (epoch, when given, is
 * the more precise) followed by /proc/diskstats as the kernel prints it:
 * "major minor name" and 11, 15 or 17 counters.  Counters are cumulative;
 * an interval is the difference of two consecutive snapshots of a device.
 * A counter that goes back is taken as a 32-bit wrap when that gives a
 * plausible step, else as a reset (the device was re-created): no interval
 * then.  A device missing from a snapshot starts again when it returns.
 * Partitions (sda1 beside sda, nvme0n1p2 beside nvme0n1) are left out so
 * that the aggregate counts every byte once, as iostat does by default.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/devio-int.h"
#include "base/grow.h"
#include "base/banned.h"

/* the counters used: reads, sectors read, writes, sectors written,
 * io_ticks (ms busy): fields 4, 6, 8, 10 and 13 of a line */
enum { K_RD, K_RSEC, K_WR, K_WSEC, K_TICKS, NK };
static const int field_of[NK] = {3, 5, 7, 9, 12};

struct dline {
	char name[72];
	uint64_t c[NK];
};

struct dstate {
	char name[72];
	uint64_t c[NK];
	double t;  /* time of the snapshot c is from */
	long snap; /* its number */
};

struct dread {
	struct dline *cur; /* lines of the snapshot being read */
	size_t ncur, capcur;
	struct dstate *st;
	size_t nst, capst;
	double t, prev_t;
	long snap;
	int in_snap;
};

static int parse_marker(const char *line, double *t)
{
	const char *e = strstr(line, "epoch=");
	size_t used;

	if (e) {
		char *end;

		*t = strtod(e + 6, &end);
		/* the whole field, or the stamp is taken instead */
		if (end != e + 6 && isfinite(*t) && *t > 0 &&
		    (*end == '\0' || *end == ' ' || *end == '\t' ||
		     *end == '\r'))
			return 0;
	}
	return iol_parse_stamp(line + 4, t, &used);
}

static int parse_dline(char *line, struct dline *d)
{
	char *p = line, *end;
	uint64_t v[20];
	int n = 0, k;
	char name[72];

	for (k = 0; k < 2; k++) {
		strtoul(p, &end, 10);
		if (end == p)
			return -1;
		p = end;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	for (k = 0; *p && *p != ' ' && *p != '\t' && k < 71; p++)
		name[k++] = *p;
	name[k] = '\0';
	if (!k)
		return -1;
	while (n < 20) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		if (!*p)
			break;
		if (!isdigit((unsigned char)*p))
			return -1;
		v[n++] = strtoull(p, &end, 10);
		p = end;
	}
	if (*p || (n != 11 && n != 15 && n != 17 && n != 18 && n != 20))
		return -1;
	snprintf(d->name, sizeof(d->name), "%s", name);
	for (k = 0; k < NK; k++)
		d->c[k] = v[field_of[k] - 3];
	return 0;
}

/* sda1 of sda, nvme0n1p1 of nvme0n1, mmcblk0p1 of mmcblk0 */
static int is_partition(const struct dread *r, const char *name)
{
	size_t n = strlen(name), k, i;

	k = n;
	while (k > 0 && isdigit((unsigned char)name[k - 1]))
		k--;
	if (k == n || k == 0)
		return 0;
	for (i = 0; i < r->ncur; i++) {
		const char *o = r->cur[i].name;

		if (strlen(o) == k && !strncmp(o, name, k))
			return 1;
		if (name[k - 1] == 'p' && strlen(o) == k - 1 &&
		    !strncmp(o, name, k - 1))
			return 1;
	}
	return 0;
}

static struct dstate *state_of(struct dread *r, const char *name)
{
	size_t i;
	struct dstate *n;

	for (i = 0; i < r->nst; i++)
		if (!strcmp(r->st[i].name, name))
			return &r->st[i];
	n = iol_grow(r->st, &r->capst, r->nst, sizeof(*n), 16);
	if (!n)
		return NULL;
	r->st = n;
	memset(&n[r->nst], 0, sizeof(*n));
	snprintf(n[r->nst].name, sizeof(n->name), "%s", name);
	n[r->nst].snap = -2;
	return &n[r->nst++];
}

/* step of one counter: 0 and *reset when it went back beyond a wrap */
static uint64_t step(uint64_t old, uint64_t now, int *reset)
{
	uint64_t d;

	if (now >= old)
		return now - old;
	d = now + (UINT64_C(1) << 32) - old;
	if (old <= UINT32_MAX && d < (UINT64_C(1) << 31))
		return d;
	*reset = 1;
	return 0;
}

static int one_device(struct iol_devset *ds, struct dread *r,
		      const struct dline *d)
{
	struct dstate *s = state_of(r, d->name);
	struct iol_ival iv = {0};
	uint64_t dc[NK];
	int k, reset = 0;

	if (!s)
		return IOL_ENOMEM;
	/* a device seen for the first time is listed even when idle */
	if (iol_devset_add(ds, d->name, NULL) < 0)
		return IOL_ENOMEM;
	if (s->snap == r->snap - 1) {
		for (k = 0; k < NK; k++)
			dc[k] = step(s->c[k], d->c[k], &reset);
		if (reset) {
			ds->resets++;
		} else {
			double len = r->t - s->t;

			iv.start = s->t;
			iv.end = r->t;
			iv.reads = (double)dc[K_RD];
			iv.writes = (double)dc[K_WR];
			iv.rbytes = (int64_t)(dc[K_RSEC] * 512);
			iv.wbytes = (int64_t)(dc[K_WSEC] * 512);
			iv.util = (double)dc[K_TICKS] / 10.0 / len;
			if (iv.util > 100)
				iv.util = 100;
			if (iol_devset_add(ds, d->name, &iv) < 0)
				return IOL_ENOMEM;
		}
	}
	memcpy(s->c, d->c, sizeof(s->c));
	s->t = r->t;
	s->snap = r->snap;
	return 0;
}

static int end_snapshot(struct iol_devset *ds, struct dread *r)
{
	size_t i;
	int ret;

	if (!r->in_snap)
		return 0;
	for (i = 0; i < r->ncur; i++) {
		if (is_partition(r, r->cur[i].name))
			continue;
		ret = one_device(ds, r, &r->cur[i]);
		if (ret < 0)
			return ret;
	}
	r->ncur = 0;
	return 0;
}

static int dline_add(struct dread *r, char *line, unsigned long no,
		     struct iol_error *err)
{
	struct dline *n;

	if (!r->in_snap)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %lu: device line before the first "
				     "'=== time' marker",
				     no);
	n = iol_grow(r->cur, &r->capcur, r->ncur, sizeof(*n), 32);
	if (!n)
		return IOL_ENOMEM;
	r->cur = n;
	if (parse_dline(line, &n[r->ncur]) < 0)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %lu: not a /proc/diskstats line "
				     "(major minor name and 11, 15 or 17 "
				     "counters)",
				     no);
	r->ncur++;
	return 0;
}

static int marker(struct iol_devset *ds, struct dread *r, const char *line,
		  unsigned long no, struct iol_error *err)
{
	double t;
	int ret;

	if (parse_marker(line, &t) < 0)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %lu: bad snapshot time", no);
	if (r->in_snap && t <= r->t)
		return iol_error_set(err, IOL_ECORRUPT,
				     "line %lu: snapshot time goes back or "
				     "repeats",
				     no);
	ret = end_snapshot(ds, r);
	if (ret < 0)
		return ret;
	r->snap++;
	r->t = t;
	r->in_snap = 1;
	return 0;
}

int iol_diskstats_read(struct iol_devset *ds, struct iol_lines *l, char *first,
		       int lenient, struct iol_error *err)
{
	struct dread r;
	char *line = first;
	size_t len;
	int ret = 1;

	memset(&r, 0, sizeof(r));
	for (; ret > 0; ret = iol_lines_next(l, &line, &len, err)) {
		unsigned long no = (unsigned long)l->lineno;

		if (strspn(line, " \t\r") == strlen(line))
			continue;
		if (!strncmp(line, "=== ", 4))
			ret = marker(ds, &r, line, no, err);
		else
			ret = dline_add(&r, line, no, err);
		if (ret == IOL_ESYNTAX && lenient) {
			ds->skipped++;
			ret = 0;
		}
		if (ret < 0)
			break;
		ret = 1;
	}
	if (ret == 0)
		ret = end_snapshot(ds, &r);
	if (ret == 0 && r.snap < 2)
		ret = iol_error_set(err, IOL_EEMPTY,
				    "fewer than two snapshots: no interval");
	free(r.cur);
	free(r.st);
	return ret;
}
