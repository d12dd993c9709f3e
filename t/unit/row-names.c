/*
 * row-names: two of ingest's per-log steps (t/2014).
 *
 *   row-names row     an error row's values through iol_poprow_next():
 *                     integers at both ends of int64 (INT64_MIN is NULL),
 *                     texts empty and not, each printed as decoded; then
 *                     the same row cut one byte short at every length
 *   row-names names LOG
 *                     each entry of the log's name table in its order,
 *                     "id<TAB>name<TAB>lookup": the name the index finds
 *                     for that id (the first entry of an id wins)
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "population/row.h"
#include "sources/darshan.h"
#include "base/banned.h"

static void print_row(const struct iol_poprow *row)
{
	struct iol_popval v;
	size_t pos = 0;
	int r;

	while ((r = iol_poprow_next(row, &pos, &v)) == 1)
		switch (v.tag) {
		case IOL_VAL_NULL: printf("null\n"); break;
		case IOL_VAL_INT: printf("int\t%" PRId64 "\n", v.i); break;
		case IOL_VAL_REAL: printf("real\t%a\n", v.r); break;
		default: printf("text\t%zu\t%.*s\n", v.len, (int)v.len, v.s);
		}
	printf("end\t%d\n", r);
}

/* every value of a row cut short is whole or refused: count those */
static void cut_rows(struct iol_poprow *row)
{
	size_t len = row->len, n, bad = 0, pos;
	struct iol_popval v;
	int r;

	for (n = 1; n < len; n++) {
		row->len = n;
		pos = 0;
		while ((r = iol_poprow_next(row, &pos, &v)) == 1)
			;
		bad += r < 0;
	}
	row->len = len;
	printf("cut\t%zu of %zu refused\n", bad, len - 1);
}

static int rows(void)
{
	struct iol_poprow row = {0};
	struct iol_popfile f = {"/a/b_id1.darshan", INT64_MAX, INT64_MIN + 1};
	struct iol_popfile g = {"", INT64_MIN, -1};

	if (iol_poprow_error(&row, &f, "corrupt log: x") < 0)
		return 1;
	printf("kind\t%d\n", iol_poprow_kind(&row));
	print_row(&row);
	cut_rows(&row);
	if (iol_poprow_error(&row, &g, "") < 0)
		return 1;
	print_row(&row);
	iol_poprow_free(&row);
	return 0;
}

static int names(const char *path)
{
	struct iol_error err = {0};
	struct iol_dlog *d;
	const char *name, *found;
	uint64_t id;
	size_t pos = 0;

	if (iol_dlog_open(&d, path, &err) < 0) {
		fprintf(stderr, "row-names: %s\n", err.msg);
		return 1;
	}
	while (iol_dlog_name_next(d, &pos, &id, &name) == 1) {
		found = iol_dlog_name(d, id);
		printf("%" PRIu64 "\t%s\t%s\n", id, name, found ? found : "-");
	}
	iol_dlog_close(d);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "row"))
		return rows();
	if (argc == 3 && !strcmp(argv[1], "names"))
		return names(argv[2]);
	fprintf(stderr, "usage: row-names row | names LOG\n");
	return 2;
}
