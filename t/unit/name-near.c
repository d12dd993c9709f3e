/*
 * iol_dlog_name_near() against iol_dlog_name() on one log: every id of
 * its name table, and ids it lacks, looked up from hints before, at,
 * after and far from the id's entry (and past the table's end).  Prints
 * "ids N wrong M"; exit 0, or 1 when the log does not open.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sources/darshan.h"

static size_t wrong;

static void check(const struct iol_dlog *d, uint64_t id, size_t hint)
{
	const char *want = iol_dlog_name(d, id);
	const char *got = iol_dlog_name_near(d, id, &hint);

	if (got != want) {
		wrong++;
		if (wrong <= 5)
			printf("id %llu: %s, not %s\n", (unsigned long long)id,
			       got ? got : "NULL", want ? want : "NULL");
	}
}

int main(int argc, char **argv)
{
	struct iol_dlog *d;
	struct iol_error err = {0};
	size_t pos = 0, i = 0, k;
	uint64_t id;
	const char *name;

	if (argc != 2 || iol_dlog_open(&d, argv[1], &err) < 0)
		return 1;
	while (iol_dlog_name_next(d, &pos, &id, &name)) {
		size_t hints[] = {0,	    i ? i - 1 : 0,
				  i,	    i + 1,
				  i + 2,    d->nnames,
				  SIZE_MAX, (i * 7919) % (d->nnames + 1)};

		for (k = 0; k < sizeof(hints) / sizeof(hints[0]); k++) {
			check(d, id, hints[k]);
			check(d, id + 1, hints[k]); /* mostly absent */
		}
		i++;
	}
	printf("ids %zu wrong %zu\n", i, wrong);
	iol_dlog_close(d);
	return 0;
}
