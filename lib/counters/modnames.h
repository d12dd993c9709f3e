/* Counter name tables of lib/modnames.c: static, borrowed. */
#ifndef IOLENS_MODNAMES_H
#define IOLENS_MODNAMES_H

#define IOL_POSIX_NINT 69
extern const char *const iol_posix_inames[69];
#define IOL_POSIX_NFLT 17
extern const char *const iol_posix_fnames[17];
#define IOL_MPIIO_NINT 51
extern const char *const iol_mpiio_inames[51];
#define IOL_MPIIO_NFLT 17
extern const char *const iol_mpiio_fnames[17];
#define IOL_STDIO_NINT 14
extern const char *const iol_stdio_inames[14];
#define IOL_STDIO_NFLT 15
extern const char *const iol_stdio_fnames[15];
#define IOL_H5F_NINT 3
extern const char *const iol_h5f_inames[3];
#define IOL_H5F_NFLT 5
extern const char *const iol_h5f_fnames[5];
#define IOL_H5D_NINT 94
extern const char *const iol_h5d_inames[94];
#define IOL_H5D_NFLT 17
extern const char *const iol_h5d_fnames[17];
#define IOL_PNETCDF_FILE_NINT 9
extern const char *const iol_pnetcdf_file_inames[9];
#define IOL_PNETCDF_FILE_NFLT 8
extern const char *const iol_pnetcdf_file_fnames[8];
#define IOL_PNETCDF_VAR_NINT 120
extern const char *const iol_pnetcdf_var_inames[120];
#define IOL_PNETCDF_VAR_NFLT 17
extern const char *const iol_pnetcdf_var_fnames[17];
#define IOL_BGQ_NINT 11
extern const char *const iol_bgq_inames[11];
#define IOL_BGQ_NFLT 1
extern const char *const iol_bgq_fnames[1];
#define IOL_DFS_NINT 52
extern const char *const iol_dfs_inames[52];
#define IOL_DFS_NFLT 15
extern const char *const iol_dfs_fnames[15];
#define IOL_DAOS_NINT 64
extern const char *const iol_daos_inames[64];
#define IOL_DAOS_NFLT 15
extern const char *const iol_daos_fnames[15];
#define IOL_MDHIM_NINT 5
extern const char *const iol_mdhim_inames[5];
#define IOL_MDHIM_NFLT 4
extern const char *const iol_mdhim_fnames[4];

#endif
