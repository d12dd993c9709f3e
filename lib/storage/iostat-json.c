/*
 * Reader of `iostat -x -t -o JSON` (sysstat 11 and 12): a small strict
 * JSON parser (RFC 8259 syntax; depth limited) that keeps only what a
 * device sample needs: each object with a "disk_device" member is one
 * row, stamped with the "timestamp" member last seen before it.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/devio-int.h"
#include "base/grow.h"
#include "base/banned.h"

#define MAXDEPTH 64

struct jp {
	const char *s, *p, *end;
	unsigned long line; /* line of p */
	double ts;
	int have_ts;
	struct iol_iorow *rows;
	size_t n, cap;
	int cut; /* the syntax error is in the last line: the end came early */
	struct iol_error *err;
};

/* A syntax error.  One in the last line of the file means the document
 * was cut there (iostat killed by SIGTERM leaves it unfinished). */
static int fail(struct jp *j, const char *what)
{
	j->cut = j->p >= j->end || !memchr(j->p, '\n', (size_t)(j->end - j->p));
	return iol_error_set(j->err, IOL_ESYNTAX, "line %lu: %s", j->line,
			     what);
}

/* A value that is well formed but wrong: never a cut. */
static int bad(struct jp *j, const char *what)
{
	j->cut = 0;
	return iol_error_set(j->err, IOL_ESYNTAX, "line %lu: %s", j->line,
			     what);
}

static void ws(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' ||
				 *j->p == '\n' || *j->p == '\r')) {
		if (*j->p == '\n')
			j->line++;
		j->p++;
	}
}

/* a string into buf (escapes kept as read except \" and \\; names and
 * timestamps here are plain ASCII) */
static int str(struct jp *j, char *buf, size_t n)
{
	size_t k = 0;

	if (j->p >= j->end || *j->p != '"')
		return fail(j, "expected a string");
	for (j->p++; j->p < j->end && *j->p != '"'; j->p++) {
		char c = *j->p;

		if ((unsigned char)c < 0x20)
			return fail(j, "control character in a string");
		if (c == '\\') {
			if (++j->p >= j->end)
				break;
			c = *j->p;
			if (!strchr("\"\\/bfnrtu", c))
				return fail(j, "bad escape in a string");
		}
		if (k + 1 < n)
			buf[k++] = c;
	}
	if (j->p >= j->end)
		return fail(j, "unterminated string");
	j->p++;
	if (n)
		buf[k] = '\0';
	return 0;
}

static int number(struct jp *j, double *v)
{
	char *e;

	if (j->p >= j->end || !(*j->p == '-' || (*j->p >= '0' && *j->p <= '9')))
		return fail(j, "expected a value");
	*v = strtod(j->p, &e);
	if (e == j->p || e > j->end || !isfinite(*v))
		return fail(j, "bad number");
	j->p = e;
	return 0;
}

static int value(struct jp *j, int depth, const char *key,
		 struct iol_iorow *row, int *isdev);

/* the scalar members a device sample carries */
static void member(struct iol_iorow *row, const char *key, double v)
{
	static const struct {
		const char *k;
		size_t off;
		double f;
	} m[] = {
		{"r/s", offsetof(struct iol_iorow, rs), 1},
		{"w/s", offsetof(struct iol_iorow, ws), 1},
		{"rkB/s", offsetof(struct iol_iorow, rkb), 1},
		{"wkB/s", offsetof(struct iol_iorow, wkb), 1},
		{"rMB/s", offsetof(struct iol_iorow, rkb), 1024},
		{"wMB/s", offsetof(struct iol_iorow, wkb), 1024},
		{"util", offsetof(struct iol_iorow, util), 1},
		{"%util", offsetof(struct iol_iorow, util), 1},
	};
	size_t i;

	for (i = 0; i < sizeof(m) / sizeof(*m); i++)
		if (!strcmp(key, m[i].k))
			*(double *)((char *)row + m[i].off) = v * m[i].f;
}

static int push_row(struct jp *j, struct iol_iorow *row)
{
	struct iol_iorow *nr;

	if (!j->have_ts)
		return bad(j, "device sample before a timestamp (record "
			      "with iostat -t)");
	if (row->rkb < 0 || row->wkb < 0 || row->rkb > 1e13 || row->wkb > 1e13)
		return bad(j, "absurd or negative rate");
	nr = iol_grow(j->rows, &j->cap, j->n, sizeof(*nr), 256);
	if (!nr)
		return IOL_ENOMEM;
	j->rows = nr;
	row->ts = j->ts;
	nr[j->n++] = *row;
	return 0;
}

static int object(struct jp *j, int depth)
{
	struct iol_iorow row;
	char key[64];
	int isdev = 0, r;
	unsigned long line = j->line;

	memset(&row, 0, sizeof(row));
	row.util = -1;
	j->p++;
	ws(j);
	if (j->p < j->end && *j->p == '}') {
		j->p++;
		return 0;
	}
	for (;;) {
		ws(j);
		if ((r = str(j, key, sizeof(key))) < 0)
			return r;
		ws(j);
		if (j->p >= j->end || *j->p != ':')
			return fail(j, "expected ':'");
		j->p++;
		ws(j);
		if ((r = value(j, depth + 1, key, &row, &isdev)) < 0)
			return r;
		ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == '}')
			break;
		return fail(j, "expected ',' or '}'");
	}
	j->p++;
	row.line = line;
	return isdev ? push_row(j, &row) : 0;
}

static int array(struct jp *j, int depth)
{
	int r;

	j->p++;
	ws(j);
	if (j->p < j->end && *j->p == ']') {
		j->p++;
		return 0;
	}
	for (;;) {
		ws(j);
		if ((r = value(j, depth + 1, "", NULL, NULL)) < 0)
			return r;
		ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == ']')
			break;
		return fail(j, "expected ',' or ']'");
	}
	j->p++;
	return 0;
}

static int literal(struct jp *j)
{
	static const char *const lit[] = {"true", "false", "null"};
	size_t i, n;

	for (i = 0; i < 3; i++) {
		n = strlen(lit[i]);
		if ((size_t)(j->end - j->p) >= n && !memcmp(j->p, lit[i], n)) {
			j->p += n;
			return 1;
		}
	}
	return 0;
}

static int value(struct jp *j, int depth, const char *key,
		 struct iol_iorow *row, int *isdev)
{
	char buf[96];
	double v = 0;
	size_t used;
	int r;

	if (depth > MAXDEPTH)
		return bad(j, "nested too deeply");
	if (j->p >= j->end)
		return fail(j, "unexpected end of input");
	if (*j->p == '{')
		return object(j, depth);
	if (*j->p == '[')
		return array(j, depth);
	if (*j->p == '"') {
		if ((r = str(j, buf, sizeof(buf))) < 0)
			return r;
		if (!strcmp(key, "timestamp")) {
			double prev = j->ts;

			if (iol_parse_stamp(buf, &j->ts, &used) < 0)
				return bad(j, "bad timestamp");
			if (j->have_ts && j->ts < prev)
				return bad(j, "timestamp goes back");
			j->have_ts = 1;
		} else if (row && !strcmp(key, "disk_device")) {
			snprintf(row->name, sizeof(row->name), "%s", buf);
			*isdev = 1;
		}
		return 0;
	}
	if (literal(j))
		return 0;
	if ((r = number(j, &v)) < 0)
		return r;
	if (row)
		member(row, key, v);
	return 0;
}

/* the whole file, lines joined by '\n' (none after the last, so that an
 * error at the end names the last line) */
static char *slurp(struct iol_lines *l, const char *first, size_t *n,
		   struct iol_error *err)
{
	size_t cap = 0, len, fl = strlen(first);
	char *buf = NULL, *line, *nb;
	int r;

	*n = 0;
	buf = iol_grow(buf, &cap, fl + 1, 1, fl + 4096);
	if (!buf)
		return NULL;
	memcpy(buf, first, fl);
	*n = fl;
	while ((r = iol_lines_next(l, &line, &len, err)) > 0) {
		while (*n + len + 2 >= cap) {
			nb = iol_grow(buf, &cap, cap, 1, 4096);
			if (!nb) {
				free(buf);
				return NULL;
			}
			buf = nb;
		}
		buf[(*n)++] = '\n';
		memcpy(buf + *n, line, len);
		*n += len;
	}
	if (r < 0) {
		free(buf);
		return NULL;
	}
	buf[*n] = '\0'; /* strtod stops here at the latest */
	return buf;
}

int iol_iostat_json_read(struct iol_devset *ds, struct iol_lines *l,
			 char *first, int lenient, struct iol_error *err)
{
	struct jp j;
	size_t n;
	char *buf;
	int r;

	(void)lenient; /* JSON is one document: nothing to skip safely */
	memset(&j, 0, sizeof(j));
	j.line = (unsigned long)l->lineno;
	j.err = err;
	buf = slurp(l, first, &n, err);
	if (!buf)
		return err && err->code ? err->code
					: iol_error_set(err, IOL_ENOMEM,
							"out of memory");
	j.s = j.p = buf;
	j.end = buf + n;
	ws(&j);
	r = value(&j, 0, "", NULL, NULL);
	if (r == 0) {
		ws(&j);
		if (j.p != j.end)
			r = bad(&j, "text after the JSON document");
	}
	if (r == IOL_ESYNTAX && j.cut && j.n) {
		/* every device sample closed before the cut is whole */
		ds->cut_line = j.line;
		if (err)
			memset(err, 0, sizeof(*err));
		r = 0;
	}
	if (r == 0)
		r = iol_iorows_commit(ds, j.rows, j.n, err);
	free(j.rows);
	free(buf);
	return r;
}
