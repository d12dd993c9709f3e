/*
 * The names of the frames iolens blocks folds (analysis/blocks-fold.h):
 * lists, as small as the launchers, loaders and MPI libraries in use
 * make them, matched on base names.
 */
#define _GNU_SOURCE
#include <string.h>
#include <strings.h>

#include "analysis/blocks-fold.h"
#include "base/banned.h"

static const char *base_of(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* 1 when b is name, or name followed by a dot and more */
static int named(const char *b, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(b, name, n) && (b[n] == '\0' || b[n] == '.');
}

const char *iol_bfold_launcher(const char *module)
{
	static const char *const names[] = {
		"mpirun", "mpiexec",	     "orterun", "prterun", "srun",
		"prted",  "hydra_pmi_proxy", "orted",	NULL};
	const char *b = base_of(module);
	int i;

	if (strstr(b, ".so"))
		return NULL;
	for (i = 0; names[i]; i++)
		if (named(b, names[i]))
			return b;
	return NULL;
}

int iol_bfold_loader(const char *module, const char *func)
{
	static const char *const start[] = {"_start",
					    "__libc_start_main",
					    "__libc_start_main_impl",
					    "__libc_start_call_main",
					    "_dl_start_user",
					    NULL};
	const char *b = base_of(module);
	int i;

	if (!strncmp(b, "ld-linux", 8) || !strncmp(b, "ld.so", 5) ||
	    !strncmp(b, "ld64.so", 7) || !strncmp(b, "ld-musl", 7))
		return 2;
	for (i = 0; start[i]; i++)
		if (!strcmp(func, start[i]))
			return 1;
	return 0;
}

const char *iol_bfold_mpi_call(const char *func)
{
	/* the longer first: MPI_Init is a prefix of MPI_Init_thread */
	static const char *const calls[] = {"MPI_Init_thread", "MPI_Init",
					    "MPI_Finalize", NULL};
	/* Open MPI's PMPI_Finalize jumps to this one (a tail call): the
	 * stack has no frame of its own */
	static const char *const inner[][2] = {
		{"ompi_mpi_init", "MPI_Init"},
		{"ompi_mpi_finalize", "MPI_Finalize"},
		{NULL, NULL}};
	const char *f = func[0] == 'P' || func[0] == 'p' ? func + 1 : func;
	int i;

	for (i = 0; inner[i][0]; i++)
		if (!strcmp(func, inner[i][0]))
			return inner[i][1];
	for (i = 0; calls[i]; i++) {
		size_t n = strlen(calls[i]);
		const char *rest = f + n;

		/* C, Fortran (mpi_init_, mpi_init__), Fortran 2008 */
		if (!strncasecmp(f, calls[i], n) &&
		    (!*rest || !strcmp(rest, "_") || !strcmp(rest, "__") ||
		     !strcasecmp(rest, "_f08")))
			return calls[i];
	}
	return NULL;
}

int iol_bfold_mpi_lib(const char *module)
{
	static const char *const pre[] = {
		"libmpi",    "libopen-pal", "libopen-rte", "libpmix",
		"libprrte",  "libmpich",    "libmvapich",  "libpmi",
		"libfabric", "libucp",	    "libucs",	   "libuct",
		"libpsm",    "libhcoll",    "libmca_",	   "mca_",
		"libimpi",   NULL};
	const char *b = base_of(module);
	int i;

	if (!strstr(b, ".so"))
		return 0;
	for (i = 0; pre[i]; i++)
		if (!strncmp(b, pre[i], strlen(pre[i])))
			return 1;
	return 0;
}
