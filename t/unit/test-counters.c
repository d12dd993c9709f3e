/*
 * The generated counter tables (lib/counters): enums index the names they
 * say, at the indices FORMAT.md section 7 gives, and every name is found
 * again by iol_counter_index().  Run by t/0002-counters.t:
 *   test-counters --check        the checks above; exit 1 on a failure
 *   test-counters --names MOD    MOD's counter names, integers then
 *                                floating, one a line (MOD as
 *                                darshan-parser prints it, e.g. MPI-IO),
 *                                for comparison with darshan-parser output
 */
#include <stdio.h>
#include <string.h>

#include "counters/counters.h"
#include "counters/modules.h"

struct spot {
	int mod, ix, flt, want; /* want: the index FORMAT.md states */
	const char *name;	/* the enumerator's own spelling */
};

/* enumerator e of module m is floating (f = 1) counter number w */
#define S(m, e, f, w)                    \
	{                                \
		IOL_MOD_##m, e, f, w, #e \
	}

static const struct spot spots[] = {
	S(POSIX, POSIX_OPENS, 0, 0),
	S(POSIX, POSIX_RENAMED_FROM, 0, 12),
	S(POSIX, POSIX_BYTES_READ, 0, 14),
	S(POSIX, POSIX_SIZE_READ_0_100, 0, 29),
	S(POSIX, POSIX_ACCESS1_ACCESS, 0, 57),
	S(POSIX, POSIX_SLOWEST_RANK_BYTES, 0, 68),
	S(POSIX, POSIX_F_OPEN_START_TIMESTAMP, 1, 0),
	S(POSIX, POSIX_F_META_TIME, 1, 10),
	S(POSIX, POSIX_F_VARIANCE_RANK_BYTES, 1, 16),
	S(MPIIO, MPIIO_INDEP_OPENS, 0, 0),
	S(MPIIO, MPIIO_BYTES_WRITTEN, 0, 15),
	S(MPIIO, MPIIO_SIZE_READ_AGG_0_100, 0, 19),
	S(MPIIO, MPIIO_SLOWEST_RANK_BYTES, 0, 50),
	S(MPIIO, MPIIO_F_CLOSE_END_TIMESTAMP, 1, 7),
	S(MPIIO, MPIIO_F_VARIANCE_RANK_BYTES, 1, 16),
	S(STDIO, STDIO_FLUSHES, 0, 5),
	S(STDIO, STDIO_BYTES_WRITTEN, 0, 6),
	S(STDIO, STDIO_BYTES_READ, 0, 7),
	S(STDIO, STDIO_SLOWEST_RANK_BYTES, 0, 13),
	S(STDIO, STDIO_F_META_TIME, 1, 0),
	S(STDIO, STDIO_F_READ_END_TIMESTAMP, 1, 10),
	S(H5F, H5F_USE_MPIIO, 0, 2),
	S(H5F, H5F_F_META_TIME, 1, 4),
	S(H5D, H5D_ACCESS1_COUNT, 0, 76),
	S(H5D, H5D_SLOWEST_RANK_BYTES, 0, 93),
	S(H5D, H5D_F_VARIANCE_RANK_BYTES, 1, 16),
	S(PNETCDF_FILE, PNETCDF_FILE_OPENS, 0, 1),
	S(PNETCDF_FILE, PNETCDF_FILE_WAIT_FAILURES, 0, 8),
	S(PNETCDF_FILE, PNETCDF_FILE_F_WAIT_TIME, 1, 7),
	S(PNETCDF_VAR, PNETCDF_VAR_ACCESS1_COUNT, 0, 108),
	S(PNETCDF_VAR, PNETCDF_VAR_SLOWEST_RANK_BYTES, 0, 119),
	S(PNETCDF_VAR, PNETCDF_VAR_F_META_TIME, 1, 10),
	S(BGQ, BGQ_CSJOBID, 0, 0),
	S(BGQ, BGQ_TORUSENABLED, 0, 10),
	S(BGQ, BGQ_F_TIMESTAMP, 1, 0),
	S(DFS, DFS_BYTES_READ, 0, 14),
	S(DFS, DFS_F_SLOWEST_RANK_TIME, 1, 14),
	S(DAOS, DAOS_OBJ_OPENS, 0, 0),
	S(DAOS, DAOS_BYTES_READ, 0, 24),
	S(DAOS, DAOS_SLOWEST_RANK_BYTES, 0, 63),
	S(MDHIM, MDHIM_SERVERS, 0, 4),
	S(MDHIM, MDHIM_F_GET_MAX_DURATION, 1, 3),
};

static int nfail;

static void fail(const char *what, const char *name)
{
	printf("# %s: %s\n", what, name);
	nfail++;
}

static void check_spot(const struct spot *s)
{
	const struct iol_modinfo *mi = iol_modinfo(s->mod);
	const char *const *names = s->flt ? mi->fname : mi->iname;
	int flt = -1;

	if (s->ix != s->want)
		fail("enum value differs from FORMAT.md", s->name);
	if (s->ix >= (s->flt ? mi->nflt : mi->nint) ||
	    strcmp(names[s->ix], s->name) != 0)
		fail("name table differs at the enum's index", s->name);
	if (iol_counter_index(s->mod, s->name, &flt) != s->ix || flt != s->flt)
		fail("iol_counter_index misses", s->name);
}

/* every name is found again at its own index, and carries its module's
 * prefix (the enumerators share one C namespace) */
static void check_module(int mod)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	const char *pre = mi->iname[0];
	size_t pl = strcspn(pre, "_");
	int i, flt;

	for (i = 0; i < mi->nint + mi->nflt; i++) {
		int f = i >= mi->nint, k = f ? i - mi->nint : i;
		const char *n = f ? mi->fname[k] : mi->iname[k];

		if (!n || strncmp(n, pre, pl + 1) != 0)
			fail("name without the module's prefix",
			     n ? n : "NULL");
		else if (iol_counter_index(mod, n, &flt) != k || flt != f)
			fail("name not found at its index", n);
	}
}

static int names(const char *modname)
{
	int m, i;

	for (m = 0; m < IOL_MOD_KNOWN; m++) {
		const struct iol_modinfo *mi = iol_modinfo(m);

		if (strcmp(mi->name, modname) != 0 || !mi->nint)
			continue;
		for (i = 0; i < mi->nint; i++)
			printf("%s\n", mi->iname[i]);
		for (i = 0; i < mi->nflt; i++)
			printf("%s\n", mi->fname[i]);
		return 0;
	}
	fprintf(stderr, "test-counters: no counter module '%s'\n", modname);
	return 1;
}

int main(int argc, char **argv)
{
	size_t k;
	int m, nmod = 0;

	if (argc == 3 && strcmp(argv[1], "--names") == 0)
		return names(argv[2]);
	if (argc != 2 || strcmp(argv[1], "--check") != 0) {
		fprintf(stderr, "usage: test-counters --check | --names MOD\n");
		return 2;
	}
	for (k = 0; k < sizeof(spots) / sizeof(spots[0]); k++)
		check_spot(&spots[k]);
	for (m = 0; m < IOL_MOD_KNOWN; m++)
		if (iol_modinfo(m)->nint) {
			check_module(m);
			nmod++;
		}
	if (nmod != 11)
		fail("modules with counters", "not 11");
	printf("# %zu spot checks, %d modules, %d failures\n", k, nmod, nfail);
	return nfail ? 1 : 0;
}
