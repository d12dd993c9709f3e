/*
 * Reader of `iostat -x -t` text (sysstat 10 to 12): reports made of a
 * timestamp line, a "Device" header naming the columns and one line per
 * device, repeated each interval.  Columns are found by name in each
 * header, so the sysstat 11 set (rrqm/s wrqm/s r/s w/s rkB/s ...) and the
 * sysstat 12 set (r/s rkB/s rrqm/s ... d/s ... f/s ...) both read, as do
 * -m (MB/s) and sector (rsec/s) units and a device column at the end
 * (--pretty).  Also the conversion of iostat rows into intervals, shared
 * with the JSON reader.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/devio-int.h"
#include "base/grow.h"
#include "base/banned.h"

enum { C_RS, C_WS, C_RB, C_WB, C_UTIL, NC };

/* column name, which value, factor to kB/s (or 1) */
static const struct {
	const char *name;
	int which;
	double f;
} colnames[] = {
	{"r/s", C_RS, 1},      {"w/s", C_WS, 1},      {"rkB/s", C_RB, 1},
	{"wkB/s", C_WB, 1},    {"rMB/s", C_RB, 1024}, {"wMB/s", C_WB, 1024},
	{"rsec/s", C_RB, 0.5}, {"wsec/s", C_WB, 0.5}, {"%util", C_UTIL, 1},
};

struct hdr {
	int col[NC];  /* field index of each value, -1 absent */
	double f[NC]; /* unit factor */
	int devcol;   /* field index of the device name */
	int nf;	      /* fields in the header */
};

#define MAXF 64

static int split(char *s, char **f)
{
	int n = 0;

	while (*s && n < MAXF) {
		while (*s == ' ' || *s == '\t' || *s == '\r')
			*s++ = '\0';
		if (!*s)
			break;
		f[n++] = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\r')
			s++;
	}
	return n;
}

static int parse_header(char *line, struct hdr *h)
{
	char *f[MAXF];
	int n = split(line, f), i, k;

	for (k = 0; k < NC; k++)
		h->col[k] = -1;
	h->nf = n;
	h->devcol = !strncmp(f[n - 1], "Device", 6) ? n - 1 : 0;
	for (i = 0; i < n; i++)
		for (k = 0; k < (int)(sizeof(colnames) / sizeof(*colnames));
		     k++)
			if (!strcmp(f[i], colnames[k].name)) {
				h->col[colnames[k].which] = i;
				h->f[colnames[k].which] = colnames[k].f;
			}
	return h->col[C_RB] >= 0 && h->col[C_WB] >= 0 ? 0 : -1;
}

static int num(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return *end || end == s || !isfinite(*v) || *v < 0 || *v > 1e13 ? -1
									: 0;
}

static int parse_row(char *line, const struct hdr *h, struct iol_iorow *r)
{
	char *f[MAXF];
	int n = split(line, f), k;
	double v[NC];

	if (n != h->nf)
		return -1;
	for (k = 0; k < NC; k++) {
		v[k] = k == C_UTIL ? -1 : 0;
		if (h->col[k] >= 0 && num(f[h->col[k]], &v[k]) < 0)
			return -1;
		if (h->col[k] >= 0 && k != C_UTIL)
			v[k] *= h->f[k];
	}
	snprintf(r->name, sizeof(r->name), "%s", f[h->devcol]);
	r->rs = v[C_RS];
	r->ws = v[C_WS];
	r->rkb = v[C_RB];
	r->wkb = v[C_WB];
	r->util = v[C_UTIL];
	return 0;
}

struct tstate {
	struct hdr h;
	int have_hdr, have_ts;
	double ts;
	struct iol_iorow *rows;
	size_t n, cap;
};

static int text_line(struct tstate *st, char *line, unsigned long no,
		     struct iol_error *err)
{
	double t;
	size_t used;

	if (!strncmp(line, "Linux ", 6))
		return 0;
	if (!strncmp(line, "Device", 6)) {
		if (parse_header(line, &st->h) < 0)
			return iol_error_set(err, IOL_ESYNTAX,
					     "line %lu: device header without "
					     "rkB/s and wkB/s columns",
					     no);
		st->have_hdr = 1;
		return 0;
	}
	if (iol_parse_stamp(line, &t, &used) == 0 &&
	    strspn(line + used, " \t\r") == strlen(line + used)) {
		if (st->have_ts && t < st->ts)
			return iol_error_set(err, IOL_ECORRUPT,
					     "line %lu: timestamp goes back",
					     no);
		st->ts = t;
		st->have_ts = 1;
		return 0;
	}
	if (!st->have_hdr || !st->have_ts)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %lu: device line before a %s", no,
				     st->have_hdr ? "timestamp (record with "
						    "iostat -t)"
						  : "Device header");
	{
		struct iol_iorow *nr =
			iol_grow(st->rows, &st->cap, st->n, sizeof(*nr), 256);

		if (!nr)
			return IOL_ENOMEM;
		st->rows = nr;
	}
	if (parse_row(line, &st->h, &st->rows[st->n]) < 0)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %lu: not a device line of %d "
				     "numeric columns",
				     no, st->h.nf);
	st->rows[st->n].ts = st->ts;
	st->rows[st->n].line = no;
	st->n++;
	return 0;
}

int iol_iostat_text_read(struct iol_devset *ds, struct iol_lines *l,
			 char *first, int lenient, struct iol_error *err)
{
	struct tstate st;
	char *line = first;
	size_t len;
	int r = 1;

	memset(&st, 0, sizeof(st));
	for (; r > 0; r = iol_lines_next(l, &line, &len, err)) {
		if (strspn(line, " \t\r") == strlen(line))
			continue;
		r = text_line(&st, line, (unsigned long)l->lineno, err);
		if (r == IOL_ESYNTAX && l->unterminated) {
			/* the file ends in this line, which is bad: the
			 * recording was cut while writing it */
			ds->cut_line = l->lineno;
			if (err)
				memset(err, 0, sizeof(*err));
			r = 0;
			break;
		}
		if (r == IOL_ESYNTAX && lenient) {
			ds->skipped++;
			r = 1;
		}
		if (r < 0)
			break;
		r = 1;
	}
	if (r == 0)
		r = iol_iorows_commit(ds, st.rows, st.n, err);
	free(st.rows);
	return r;
}

static int cmp_row(const void *a, const void *b)
{
	const struct iol_iorow *x = a, *y = b;

	if (x->ts != y->ts)
		return (x->ts > y->ts) - (x->ts < y->ts);
	return (x->line > y->line) - (x->line < y->line);
}

int iol_iorows_commit(struct iol_devset *ds, struct iol_iorow *rows, size_t n,
		      struct iol_error *err)
{
	double first_len = -1, prev = NAN;
	size_t i;

	if (!n)
		return iol_error_set(err, IOL_EEMPTY, "no device samples");
	qsort(rows, n, sizeof(*rows), cmp_row);
	for (i = 1; i < n && first_len < 0; i++)
		if (rows[i].ts > rows[0].ts)
			first_len = rows[i].ts - rows[0].ts;
	if (first_len < 0)
		return iol_error_set(
			err, IOL_EEMPTY,
			"one sample only: its interval is unknown");
	for (i = 0; i < n; i++) {
		struct iol_ival iv = {0};
		double len;
		int r;

		if (i && rows[i].ts != rows[i - 1].ts)
			prev = rows[i - 1].ts;
		len = isnan(prev) ? first_len : rows[i].ts - prev;
		iv.start = rows[i].ts - len;
		iv.end = rows[i].ts;
		iv.rbytes = llround(rows[i].rkb * 1024.0 * len);
		iv.wbytes = llround(rows[i].wkb * 1024.0 * len);
		iv.reads = rows[i].rs * len;
		iv.writes = rows[i].ws * len;
		iv.util = rows[i].util;
		r = iol_devset_add(ds, rows[i].name, &iv);
		if (r < 0)
			return iol_error_set(err, r, "out of memory");
	}
	return 0;
}
