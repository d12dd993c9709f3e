/*
 * The counter name tables and the module table, generated from the
 * definition files (counters/<module>.def) through the enums of
 * counters.h: each name sits at its enumerator's index by a designated
 * initializer, so a name can never drift from its index.
 */
#include <string.h>

#include "counters/counters.h"
#include "counters/modules.h"
#include "base/banned.h"

#define X(name) [name] = #name,
#define XF(name)
const char *const iol_posix_inames[IOL_POSIX_NINT] = {
#include "counters/posix.def"
};
const char *const iol_mpiio_inames[IOL_MPIIO_NINT] = {
#include "counters/mpiio.def"
};
const char *const iol_stdio_inames[IOL_STDIO_NINT] = {
#include "counters/stdio.def"
};
const char *const iol_h5f_inames[IOL_H5F_NINT] = {
#include "counters/h5f.def"
};
const char *const iol_h5d_inames[IOL_H5D_NINT] = {
#include "counters/h5d.def"
};
const char *const iol_pnetcdf_file_inames[IOL_PNETCDF_FILE_NINT] = {
#include "counters/pnetcdf-file.def"
};
const char *const iol_pnetcdf_var_inames[IOL_PNETCDF_VAR_NINT] = {
#include "counters/pnetcdf-var.def"
};
const char *const iol_bgq_inames[IOL_BGQ_NINT] = {
#include "counters/bgq.def"
};
const char *const iol_dfs_inames[IOL_DFS_NINT] = {
#include "counters/dfs.def"
};
const char *const iol_daos_inames[IOL_DAOS_NINT] = {
#include "counters/daos.def"
};
const char *const iol_mdhim_inames[IOL_MDHIM_NINT] = {
#include "counters/mdhim.def"
};
#undef X
#undef XF

#define X(name)
#define XF(name) [name] = #name,
const char *const iol_posix_fnames[IOL_POSIX_NFLT] = {
#include "counters/posix.def"
};
const char *const iol_mpiio_fnames[IOL_MPIIO_NFLT] = {
#include "counters/mpiio.def"
};
const char *const iol_stdio_fnames[IOL_STDIO_NFLT] = {
#include "counters/stdio.def"
};
const char *const iol_h5f_fnames[IOL_H5F_NFLT] = {
#include "counters/h5f.def"
};
const char *const iol_h5d_fnames[IOL_H5D_NFLT] = {
#include "counters/h5d.def"
};
const char *const iol_pnetcdf_file_fnames[IOL_PNETCDF_FILE_NFLT] = {
#include "counters/pnetcdf-file.def"
};
const char *const iol_pnetcdf_var_fnames[IOL_PNETCDF_VAR_NFLT] = {
#include "counters/pnetcdf-var.def"
};
const char *const iol_bgq_fnames[IOL_BGQ_NFLT] = {
#include "counters/bgq.def"
};
const char *const iol_dfs_fnames[IOL_DFS_NFLT] = {
#include "counters/dfs.def"
};
const char *const iol_daos_fnames[IOL_DAOS_NFLT] = {
#include "counters/daos.def"
};
const char *const iol_mdhim_fnames[IOL_MDHIM_NFLT] = {
#include "counters/mdhim.def"
};
#undef X
#undef XF

/* a module with counters: name, newest version, its counts and names */
#define COUNTERS(name, ver, lc, UC)                             \
	{                                                       \
		name, ver, 1, IOL_##UC##_NINT, IOL_##UC##_NFLT, \
			iol_##lc##_inames, iol_##lc##_fnames    \
	}

static const struct iol_modinfo modinfo[IOL_MOD_KNOWN] = {
	[IOL_MOD_NULL] = {"NULL", 1, 0, 0, 0, NULL, NULL},
	[IOL_MOD_POSIX] = COUNTERS("POSIX", 4, posix, POSIX),
	[IOL_MOD_MPIIO] = COUNTERS("MPI-IO", 3, mpiio, MPIIO),
	[IOL_MOD_H5F] = COUNTERS("H5F", 3, h5f, H5F),
	[IOL_MOD_H5D] = COUNTERS("H5D", 2, h5d, H5D),
	[IOL_MOD_PNETCDF_FILE] =
		COUNTERS("PNETCDF_FILE", 3, pnetcdf_file, PNETCDF_FILE),
	[IOL_MOD_PNETCDF_VAR] =
		COUNTERS("PNETCDF_VAR", 1, pnetcdf_var, PNETCDF_VAR),
	[IOL_MOD_BGQ] = COUNTERS("BG/Q", 2, bgq, BGQ),
	[IOL_MOD_LUSTRE] = {"LUSTRE", 2, 1, 0, 0, NULL, NULL},
	[IOL_MOD_STDIO] = COUNTERS("STDIO", 2, stdio, STDIO),
	[IOL_MOD_DXT_POSIX] = {"DXT_POSIX", 2, 1, 0, 0, NULL, NULL},
	[IOL_MOD_DXT_MPIIO] = {"DXT_MPIIO", 3, 1, 0, 0, NULL, NULL},
	[IOL_MOD_MDHIM] = COUNTERS("MDHIM", 1, mdhim, MDHIM),
	[IOL_MOD_APXC] = {"APXC", 0, 0, 0, 0, NULL, NULL},
	[IOL_MOD_APMPI] = {"APMPI", 0, 0, 0, 0, NULL, NULL},
	[IOL_MOD_HEATMAP] = {"HEATMAP", 1, 1, 0, 0, NULL, NULL},
	[IOL_MOD_DFS] = COUNTERS("DFS", 1, dfs, DFS),
	[IOL_MOD_DAOS] = COUNTERS("DAOS", 1, daos, DAOS),
};

const struct iol_modinfo *iol_modinfo(int mod)
{
	if (mod < 0 || mod >= IOL_MOD_KNOWN)
		return NULL;
	return &modinfo[mod];
}

int iol_counter_index(int mod, const char *name, int *is_flt)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	int i;

	if (!mi)
		return -1;
	for (i = 0; i < mi->nint; i++)
		if (strcmp(mi->iname[i], name) == 0) {
			*is_flt = 0;
			return i;
		}
	for (i = 0; i < mi->nflt; i++)
		if (strcmp(mi->fname[i], name) == 0) {
			*is_flt = 1;
			return i;
		}
	return -1;
}
