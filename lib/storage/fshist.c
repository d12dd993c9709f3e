/*
 * The derived numbers and histogram shapes of a walk (fshist.h).
 * Owner: lib/storage.
 */
#include <math.h>
#include <string.h>

#include "storage/fshist.h"
#include "base/banned.h"

static const char *const names[] = {"",	     "size",  "dirfiles",
				    "mtime", "atime", "names"};

int iol_fshist_parse(const char *name)
{
	int k;

	for (k = IOL_FSH_SIZE; k <= IOL_FSH_NAMES; k++)
		if (!strcmp(name, names[k]))
			return k;
	return IOL_FSH_NONE;
}

struct iol_fshist iol_fshist_of(const struct iol_fsstats *st, int h)
{
	struct iol_fshist v = {NULL, NULL, NULL, 0};

	switch (h) {
	case IOL_FSH_SIZE:
		v = (struct iol_fshist){"size", st->size_count, st->size_bytes,
					IOL_FS_SIZE_BINS};
		break;
	case IOL_FSH_DIRFILES:
		v = (struct iol_fshist){"dirfiles", st->dir_files, NULL,
					IOL_FS_DIR_BINS};
		break;
	case IOL_FSH_MTIME:
		v = (struct iol_fshist){"mtime", st->mage_count, st->mage_bytes,
					IOL_FS_AGE_BINS};
		break;
	case IOL_FSH_ATIME:
		v = (struct iol_fshist){"atime", st->aage_count, st->aage_bytes,
					IOL_FS_AGE_BINS};
		break;
	case IOL_FSH_NAMES:
		v = (struct iol_fshist){"names", st->name_len, NULL,
					IOL_FS_NAME_MAX + 1};
		break;
	}
	return v;
}

void iol_fshist_range(int h, int k, double *lo, double *hi)
{
	uint64_t a, b;

	if (h == IOL_FSH_MTIME || h == IOL_FSH_ATIME) {
		iol_fs_age_range(k, lo, hi);
		return;
	}
	if (h == IOL_FSH_NAMES) {
		*lo = k;
		*hi = k + 1;
		return;
	}
	iol_fs_size_range(k, &a, &b);
	*lo = (double)a;
	*hi = b ? (double)b : NAN;
}

uint64_t iol_fs_median_size(const struct iol_fsstats *st)
{
	uint64_t seen = 0, lo, hi, n = 0;
	int k;

	/* over the histogram's files: each inode once */
	for (k = 0; k < IOL_FS_SIZE_BINS; k++)
		n += st->size_count[k];
	for (k = 0; k < IOL_FS_SIZE_BINS; k++) {
		seen += st->size_count[k];
		if (seen * 2 >= n && n) {
			iol_fs_size_range(k, &lo, &hi);
			return lo;
		}
	}
	return 0;
}

void iol_fs_name_stats(const struct iol_fsstats *st, double *mean, int *max)
{
	uint64_t n = 0, sum = 0;
	int k;

	*max = 0;
	for (k = 0; k <= IOL_FS_NAME_MAX; k++) {
		n += st->name_len[k];
		sum += st->name_len[k] * (uint64_t)k;
		if (st->name_len[k])
			*max = k;
	}
	*mean = n ? (double)sum / (double)n : 0;
}
