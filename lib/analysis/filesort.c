/*
 * The order of iolens files' rows: by a column of the file-row fields
 * (analysis/jobrow.h) or by bytes moved, largest first, ties broken by
 * iol_row_tiebreak(); and the modules by the names people type.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis/filesort.h"
#include "analysis/jobrow.h"
#include "analysis/select.h"
#include "counters/counters.h"
#include "base/banned.h"

/* sort_key: a column index, or -1 for total bytes */
static double key_of(const struct iol_filerow *r, int sort_key)
{
	switch (sort_key) {
	case -1: return (double)r->br + (double)r->bw;
	case 3: return r->nranks < 0 ? INFINITY : (double)r->nranks;
	case 4: return (double)r->rank;
	case 5: return (double)r->br;
	case 6: return (double)r->bw;
	case 7: return (double)r->reads;
	case 8: return (double)r->writes;
	case 9: return (double)r->opens;
	case 10: return (double)r->seeks;
	case 11: return (double)r->stats;
	case 12: return (double)r->syncs;
	case 13: return r->tr;
	case 14: return r->tw;
	case 15: return r->tm;
	case 16: return r->tslow;
	case 17: return r->first;
	case 18: return r->last;
	case 19: return (double)r->maxoff;
	case 20: return (double)r->access;
	case 21: return (double)r->access_count;
	case 22: return isnan(r->pct_seq) ? -1 : r->pct_seq;
	case 23: return isnan(r->pct_aligned) ? -1 : r->pct_aligned;
	}
	return 0;
}

/* a row with its sort key, so that the comparison needs no global */
struct keyed {
	double key;
	const struct iol_filerow *row;
};

static int cmp_rows(const void *a, const void *b)
{
	const struct keyed *ka = a, *kb = b;
	const struct iol_filerow *x = ka->row, *y = kb->row;

	if (ka->key != kb->key)
		return ka->key > kb->key ? -1 : 1;
	return iol_row_tiebreak(x->path, x->mod, x->id, y->path, y->mod, y->id);
}

int iol_mod_find(const char *s)
{
	static const struct {
		const char *alias;
		int mod;
	} alias[] = {
		{"mpiio", IOL_MOD_MPIIO},
		{"mpi-io", IOL_MOD_MPIIO},
		{"hdf5", IOL_MOD_H5D},
		{"pnetcdf", IOL_MOD_PNETCDF_VAR},
	};
	size_t i;
	int m;

	for (i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (!strcasecmp(s, alias[i].alias))
			return alias[i].mod;
	for (m = 0; m < IOL_MOD_KNOWN; m++)
		if (!strcasecmp(s, iol_modinfo(m)->name))
			return m;
	return -1;
}

int iol_filerow_sort_key(const char *name)
{
	const struct iol_filefield *ff;
	size_t nf;
	int k;

	if (!strcmp(name, "bytes"))
		return IOL_SORT_BYTES;
	/* the numeric columns, ranks to pct_aligned */
	ff = iol_filerow_fields(&nf);
	for (k = 2; k + 3 < (int)nf; k++)
		if (!strcmp(name, ff[k].name))
			return k + 1;
	return IOL_SORT_NONE;
}

const struct iol_filerow **iol_filerows_sort(const struct iol_filerow *rows,
					     size_t n, int sort_key)
{
	struct keyed *k = calloc(n ? n : 1, sizeof(*k));
	const struct iol_filerow **v;
	size_t i;

	if (!k)
		return NULL;
	for (i = 0; i < n; i++) {
		k[i].key = key_of(&rows[i], sort_key);
		k[i].row = &rows[i];
	}
	if (n)
		qsort(k, n, sizeof(*k), cmp_rows);
	/* the pointers in place of the keyed pairs: one allocation */
	v = (const struct iol_filerow **)(void *)k;
	for (i = 0; i < n; i++)
		v[i] = k[i].row;
	return v;
}
