/*
 * The counters of every fixed-layout Darshan module, generated from one
 * definition file per module (counters/<module>.def, darshan-util's own
 * X-macro habit), so that enums, names and counts come from one place:
 *
 *	enum iol_posix_counter    POSIX_OPENS = 0, ... ,  IOL_POSIX_NINT
 *	enum iol_posix_f_counter  POSIX_F_OPEN_START_TIMESTAMP = 0, ... ,
 *	                          IOL_POSIX_NFLT
 *	iol_posix_inames[POSIX_OPENS] == "POSIX_OPENS"
 *
 * Each enumerator is the counter's name as darshan-parser prints it and
 * its value the counter's index in the newest record version, that is in
 * iol_jrec.ic[] / .fc[].  Name tables are static and borrowed forever.
 * Adding a module: its .def file, two enums here, two tables and one
 * iol_modinfo() line in counters.c.
 */
#ifndef IOLENS_COUNTERS_H
#define IOLENS_COUNTERS_H

/* ---- integer counters ---- */
#define X(name) name,
#define XF(name)
enum iol_posix_counter {
#include "counters/posix.def"
	IOL_POSIX_NINT
};
enum iol_mpiio_counter {
#include "counters/mpiio.def"
	IOL_MPIIO_NINT
};
enum iol_stdio_counter {
#include "counters/stdio.def"
	IOL_STDIO_NINT
};
enum iol_h5f_counter {
#include "counters/h5f.def"
	IOL_H5F_NINT
};
enum iol_h5d_counter {
#include "counters/h5d.def"
	IOL_H5D_NINT
};
enum iol_pnetcdf_file_counter {
#include "counters/pnetcdf-file.def"
	IOL_PNETCDF_FILE_NINT
};
enum iol_pnetcdf_var_counter {
#include "counters/pnetcdf-var.def"
	IOL_PNETCDF_VAR_NINT
};
enum iol_bgq_counter {
#include "counters/bgq.def"
	IOL_BGQ_NINT
};
enum iol_dfs_counter {
#include "counters/dfs.def"
	IOL_DFS_NINT
};
enum iol_daos_counter {
#include "counters/daos.def"
	IOL_DAOS_NINT
};
enum iol_mdhim_counter {
#include "counters/mdhim.def"
	IOL_MDHIM_NINT
};
#undef X
#undef XF

/* ---- floating counters ---- */
#define X(name)
#define XF(name) name,
enum iol_posix_f_counter {
#include "counters/posix.def"
	IOL_POSIX_NFLT
};
enum iol_mpiio_f_counter {
#include "counters/mpiio.def"
	IOL_MPIIO_NFLT
};
enum iol_stdio_f_counter {
#include "counters/stdio.def"
	IOL_STDIO_NFLT
};
enum iol_h5f_f_counter {
#include "counters/h5f.def"
	IOL_H5F_NFLT
};
enum iol_h5d_f_counter {
#include "counters/h5d.def"
	IOL_H5D_NFLT
};
enum iol_pnetcdf_file_f_counter {
#include "counters/pnetcdf-file.def"
	IOL_PNETCDF_FILE_NFLT
};
enum iol_pnetcdf_var_f_counter {
#include "counters/pnetcdf-var.def"
	IOL_PNETCDF_VAR_NFLT
};
enum iol_bgq_f_counter {
#include "counters/bgq.def"
	IOL_BGQ_NFLT
};
enum iol_dfs_f_counter {
#include "counters/dfs.def"
	IOL_DFS_NFLT
};
enum iol_daos_f_counter {
#include "counters/daos.def"
	IOL_DAOS_NFLT
};
enum iol_mdhim_f_counter {
#include "counters/mdhim.def"
	IOL_MDHIM_NFLT
};
#undef X
#undef XF

/* ---- names, in index order ---- */
extern const char *const iol_posix_inames[IOL_POSIX_NINT];
extern const char *const iol_posix_fnames[IOL_POSIX_NFLT];
extern const char *const iol_mpiio_inames[IOL_MPIIO_NINT];
extern const char *const iol_mpiio_fnames[IOL_MPIIO_NFLT];
extern const char *const iol_stdio_inames[IOL_STDIO_NINT];
extern const char *const iol_stdio_fnames[IOL_STDIO_NFLT];
extern const char *const iol_h5f_inames[IOL_H5F_NINT];
extern const char *const iol_h5f_fnames[IOL_H5F_NFLT];
extern const char *const iol_h5d_inames[IOL_H5D_NINT];
extern const char *const iol_h5d_fnames[IOL_H5D_NFLT];
extern const char *const iol_pnetcdf_file_inames[IOL_PNETCDF_FILE_NINT];
extern const char *const iol_pnetcdf_file_fnames[IOL_PNETCDF_FILE_NFLT];
extern const char *const iol_pnetcdf_var_inames[IOL_PNETCDF_VAR_NINT];
extern const char *const iol_pnetcdf_var_fnames[IOL_PNETCDF_VAR_NFLT];
extern const char *const iol_bgq_inames[IOL_BGQ_NINT];
extern const char *const iol_bgq_fnames[IOL_BGQ_NFLT];
extern const char *const iol_dfs_inames[IOL_DFS_NINT];
extern const char *const iol_dfs_fnames[IOL_DFS_NFLT];
extern const char *const iol_daos_inames[IOL_DAOS_NINT];
extern const char *const iol_daos_fnames[IOL_DAOS_NFLT];
extern const char *const iol_mdhim_inames[IOL_MDHIM_NINT];
extern const char *const iol_mdhim_fnames[IOL_MDHIM_NFLT];

#endif
