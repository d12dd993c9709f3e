/*
 * Darshan module identities and what is known of each module.  Ids follow
 * the current (3.41) numbering; the decoder remaps older logs to it.  The
 * counters themselves (enums and names) are generated in
 * counters/counters.h.  All tables are static and borrowed for the life of
 * the program, and safe to read from any thread.
 */
#ifndef IOLENS_MODULES_H
#define IOLENS_MODULES_H

#include <stdint.h>

enum iol_mod {
	IOL_MOD_NULL = 0,
	IOL_MOD_POSIX = 1,
	IOL_MOD_MPIIO = 2,
	IOL_MOD_H5F = 3,
	IOL_MOD_H5D = 4,
	IOL_MOD_PNETCDF_FILE = 5,
	IOL_MOD_PNETCDF_VAR = 6,
	IOL_MOD_BGQ = 7,
	IOL_MOD_LUSTRE = 8,
	IOL_MOD_STDIO = 9,
	IOL_MOD_DXT_POSIX = 10,
	IOL_MOD_DXT_MPIIO = 11,
	IOL_MOD_MDHIM = 12,
	IOL_MOD_APXC = 13,
	IOL_MOD_APMPI = 14,
	IOL_MOD_HEATMAP = 15,
	IOL_MOD_DFS = 16,
	IOL_MOD_DAOS = 17,
	IOL_MOD_KNOWN = 18, /* ids at or above this are unknown */
	IOL_MOD_MAX = 64    /* slots in a 3.41 header */
};

/*
 * What the decoder knows of a module.  For fixed-layout counter modules
 * nint/nflt give the counter counts of the current record version and
 * iname/fname their names in index order.  Variable-size modules (LUSTRE,
 * DXT, HEATMAP, MDHIM) have their own accessors.
 */
struct iol_modinfo {
	const char *name; /* as darshan-parser prints it, "MPI-IO" */
	int cur_ver;	  /* newest record version we read */
	int readable;	  /* 0 for APXC, APMPI, NULL: listed, skipped */
	int nint, nflt;
	const char *const *iname;
	const char *const *fname;
};

/* Borrowed; valid forever.  Returns NULL for ids >= IOL_MOD_KNOWN. */
const struct iol_modinfo *iol_modinfo(int mod);

/* Index of a counter by name within a module, or -1; *is_flt set to 1 for
 * floating counters.  A linear search, for names that come from people
 * (report templates, tests); code names counters by their enums. */
int iol_counter_index(int mod, const char *name, int *is_flt);

#endif
