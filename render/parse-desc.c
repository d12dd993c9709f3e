/*
 * parse-desc: the "description of <X> counters" block darshan-parser prints
 * at the top of each module's section (log_print_description(ver) of each
 * module in darshan-util 3.5.0).
 *
 * Each module has a table of paragraphs; a paragraph is printed when its
 * version condition holds for the record version of the log.  The text is
 * darshan-parser's output format and must stay byte-exact, typos included
 * ("datset", "PnetCDf", the trailing blank in "how many mdhim servers ").
 * NULL, DXT_POSIX, DXT_MPIIO, APXC and APMPI have no description function
 * in darshan-util, so nothing is printed for them.
 */
#include "render/parse-desc.h"
#include "counters/modules.h"
#include "base/banned.h"

enum { V_ALL, V_EQ, V_LE, V_GE };

struct desc_para {
	int cond;	  /* V_* */
	int ver;	  /* operand of cond */
	const char *text; /* NULL ends a table */
};

/* clang-format off */
#define ALL(t)		{ V_ALL, 0, t }
#define EQ(v, t)	{ V_EQ, v, t }
#define LE(v, t)	{ V_LE, v, t }
#define GE(v, t)	{ V_GE, v, t }
#define END		{ V_ALL, 0, NULL }
/* clang-format on */

static const struct desc_para posix_desc[] = {
	ALL("\n# description of POSIX counters:\n"
	    "#   POSIX_*: posix operation counts.\n"
	    "#   READS,WRITES,OPENS,SEEKS,STATS,MMAPS,SYNCS,FILENOS,DUPS are "
	    "types of operations.\n"
	    "#   POSIX_RENAME_SOURCES/TARGETS: total count file was source or "
	    "target of a rename operation\n"
	    "#   POSIX_RENAMED_FROM: Darshan record ID of the first rename "
	    "source, if file was a rename target\n"
	    "#   POSIX_MODE: mode that file was opened in.\n"
	    "#   POSIX_BYTES_*: total bytes read and written.\n"
	    "#   POSIX_MAX_BYTE_*: highest offset byte read and written.\n"
	    "#   POSIX_CONSEC_*: number of exactly adjacent reads and writes.\n"
	    "#   POSIX_SEQ_*: number of reads and writes from increasing "
	    "offsets.\n"
	    "#   POSIX_RW_SWITCHES: number of times access alternated between "
	    "read and write.\n"
	    "#   POSIX_*_ALIGNMENT: memory and file alignment.\n"
	    "#   POSIX_*_NOT_ALIGNED: number of reads and writes that were not "
	    "aligned.\n"
	    "#   POSIX_MAX_*_TIME_SIZE: size of the slowest read and write "
	    "operations.\n"
	    "#   POSIX_SIZE_*_*: histogram of read and write access sizes.\n"),
	ALL("#   POSIX_STRIDE*_STRIDE: the four most common strides detected.\n"
	    "#   POSIX_STRIDE*_COUNT: count of the four most common strides.\n"
	    "#   POSIX_ACCESS*_ACCESS: the four most common access sizes.\n"
	    "#   POSIX_ACCESS*_COUNT: count of the four most common access "
	    "sizes.\n"
	    "#   POSIX_*_RANK: rank of the processes that were the fastest and "
	    "slowest at I/O (for shared files).\n"
	    "#   POSIX_*_RANK_BYTES: bytes transferred by the fastest and "
	    "slowest ranks (for shared files).\n"
	    "#   POSIX_F_*_START_TIMESTAMP: timestamp of first "
	    "open/read/write/close.\n"
	    "#   POSIX_F_*_END_TIMESTAMP: timestamp of last "
	    "open/read/write/close.\n"
	    "#   POSIX_F_READ/WRITE/META_TIME: cumulative time spent in read, "
	    "write, or metadata operations.\n"
	    "#   POSIX_F_MAX_*_TIME: duration of the slowest read and write "
	    "operations.\n"
	    "#   POSIX_F_*_RANK_TIME: fastest and slowest I/O time for a "
	    "single rank (for shared files).\n"
	    "#   POSIX_F_VARIANCE_RANK_*: variance of total I/O time and bytes "
	    "moved for all ranks (for shared files).\n"),
	EQ(1, "\n# WARNING: POSIX module log format version 1 has the "
	      "following limitations:\n"
	      "# - Darshan version 3.1.0 and earlier had only partial "
	      "instrumentation of stdio stream I/O functions.\n"
	      "#   File records with stdio counters present will be omitted "
	      "from output.\n"
	      "#   Use darshan-logutils < 3.1.0 to retrieve those records.\n"),
	LE(2, "\n# WARNING: POSIX module log format version <=2 has the "
	      "following limitations:\n"
	      "# - No support for the following timers:\n"
	      "# \t- POSIX_F_CLOSE_START_TIMESTAMP\n"
	      "# \t- POSIX_F_OPEN_END_TIMESTAMP\n"),
	LE(3, "\n# WARNING: POSIX module log format version <=3 has the "
	      "following limitations:\n"
	      "# - No support for the following counters to properly "
	      "instrument dup, fileno, and rename operations:\n"
	      "# \t- POSIX_FILENOS\n"
	      "# \t- POSIX_DUPS\n"
	      "# \t- POSIX_RENAME_SOURCES\n"
	      "# \t- POSIX_RENAME_TARGETS\n"
	      "# \t- POSIX_RENAMED_FROM\n"),
	GE(4, "\n# WARNING: POSIX_OPENS counter includes both POSIX_FILENOS "
	      "and POSIX_DUPS counts\n"
	      "\n# WARNING: POSIX counters related to file offsets may be "
	      "incorrect if a file is simultaneously accessed by both POSIX "
	      "and STDIO (e.g., using fileno())\n"
	      "# \t- Affected counters include: MAX_BYTE_{READ|WRITTEN}, "
	      "CONSEC_{READS|WRITES}, SEQ_{READS|WRITES}, "
	      "{MEM|FILE}_NOT_ALIGNED, STRIDE*_STRIDE\n"),
	END};

static const struct desc_para mpiio_desc[] = {
	ALL("\n# description of MPIIO counters:\n"
	    "#   MPIIO_INDEP_*: MPI independent operation counts.\n"
	    "#   MPIIO_COLL_*: MPI collective operation counts.\n"
	    "#   MPIIO_SPLIT_*: MPI split collective operation counts.\n"
	    "#   MPIIO_NB_*: MPI non blocking operation counts.\n"
	    "#   READS,WRITES,and OPENS are types of operations.\n"
	    "#   MPIIO_SYNCS: MPI file sync operation counts.\n"
	    "#   MPIIO_HINTS: number of times MPI hints were used.\n"
	    "#   MPIIO_VIEWS: number of times MPI file views were used.\n"
	    "#   MPIIO_MODE: MPI-IO access mode that file was opened with.\n"
	    "#   MPIIO_BYTES_*: total bytes read and written at MPI-IO layer.\n"
	    "#   MPIIO_RW_SWITCHES: number of times access alternated between "
	    "read and write.\n"
	    "#   MPIIO_MAX_*_TIME_SIZE: size of the slowest read and write "
	    "operations.\n"
	    "#   MPIIO_SIZE_*_AGG_*: histogram of MPI datatype total sizes for "
	    "read and write operations.\n"),
	ALL("#   MPIIO_ACCESS*_ACCESS: the four most common total access "
	    "sizes.\n"
	    "#   MPIIO_ACCESS*_COUNT: count of the four most common total "
	    "access sizes.\n"
	    "#   MPIIO_*_RANK: rank of the processes that were the fastest and "
	    "slowest at I/O (for shared files).\n"
	    "#   MPIIO_*_RANK_BYTES: total bytes transferred at MPI-IO layer "
	    "by the fastest and slowest ranks (for shared files).\n"
	    "#   MPIIO_F_*_START_TIMESTAMP: timestamp of first MPI-IO "
	    "open/read/write/close.\n"
	    "#   MPIIO_F_*_END_TIMESTAMP: timestamp of last MPI-IO "
	    "open/read/write/close.\n"
	    "#   MPIIO_F_READ/WRITE/META_TIME: cumulative time spent in MPI-IO "
	    "read, write, or metadata operations.\n"
	    "#   MPIIO_F_MAX_*_TIME: duration of the slowest MPI-IO read and "
	    "write operations.\n"
	    "#   MPIIO_F_*_RANK_TIME: fastest and slowest I/O time for a "
	    "single rank (for shared files).\n"
	    "#   MPIIO_F_VARIANCE_RANK_*: variance of total I/O time and bytes "
	    "moved for all ranks (for shared files).\n"),
	EQ(1, "\n# WARNING: MPIIO module log format version 1 has the "
	      "following limitations:\n"
	      "# - MPIIO_F_WRITE_START_TIMESTAMP may not be accurate.\n"),
	LE(2, "\n# WARNING: MPIIO module log format version <=2 does not "
	      "support the following counters:\n"
	      "# - MPIIO_F_CLOSE_START_TIMESTAMP\n"
	      "# - MPIIO_F_OPEN_END_TIMESTAMP\n"),
	END};

static const struct desc_para stdio_desc[] = {
	ALL("\n# description of STDIO counters:\n"
	    "#   STDIO_{OPENS|FDOPENS|WRITES|READS|SEEKS|FLUSHES} are types of "
	    "operations.\n"
	    "#   STDIO_BYTES_*: total bytes read and written.\n"
	    "#   STDIO_MAX_BYTE_*: highest offset byte read and written.\n"
	    "#   STDIO_*_RANK: rank of the processes that were the fastest and "
	    "slowest at I/O (for shared files).\n"
	    "#   STDIO_*_RANK_BYTES: bytes transferred by the fastest and "
	    "slowest ranks (for shared files).\n"
	    "#   STDIO_F_*_START_TIMESTAMP: timestamp of the first call to "
	    "that type of function.\n"
	    "#   STDIO_F_*_END_TIMESTAMP: timestamp of the completion of the "
	    "last call to that type of function.\n"
	    "#   STDIO_F_*_TIME: cumulative time spent in different types of "
	    "functions.\n"
	    "#   STDIO_F_*_RANK_TIME: fastest and slowest I/O time for a "
	    "single rank (for shared files).\n"
	    "#   STDIO_F_VARIANCE_RANK_*: variance of total I/O time and bytes "
	    "moved for all ranks (for shared files).\n"),
	EQ(1, "\n# WARNING: STDIO module log format version 1 has the "
	      "following limitations:\n"
	      "# - No support for properly instrumenting fdopen operations "
	      "(STDIO_FDOPENS)\n"),
	GE(2, "\n# WARNING: STDIO_OPENS counter includes STDIO_FDOPENS count\n"
	      "\n# WARNING: STDIO counters related to file offsets may be "
	      "incorrect if a file is simultaneously accessed by both STDIO "
	      "and POSIX (e.g., using fdopen())\n"
	      "# \t- Affected counters include: MAX_BYTE_{READ|WRITTEN}\n"),
	END};

static const struct desc_para h5f_desc[] = {
	ALL("\n# description of HDF5 counters:\n"
	    "#   H5F_OPENS: HDF5 file open/create operation counts.\n"
	    "#   H5F_FLUSHES: HDF5 file flush operation counts.\n"
	    "#   H5F_USE_MPIIO: flag indicating whether MPI-IO was used to "
	    "access this file.\n"
	    "#   H5F_F_*_START_TIMESTAMP: timestamp of first HDF5 file "
	    "open/close.\n"
	    "#   H5F_F_*_END_TIMESTAMP: timestamp of last HDF5 file "
	    "open/close.\n"
	    "#   H5F_F_META_TIME: cumulative time spent in HDF5 metadata "
	    "operations.\n"),
	EQ(1, "\n# WARNING: H5F module log format version 1 does not support "
	      "the following counters:\n"
	      "# - H5F_F_CLOSE_START_TIMESTAMP\n"
	      "# - H5F_F_OPEN_END_TIMESTAMP\n"),
	LE(2, "\n# WARNING: H5F module log format version <=2 does not support "
	      "the following counters:\n"
	      "# \t- H5F_FLUSHES\n"
	      "# \t- H5F_USE_MPIIO\n"
	      "# \t- H5F_F_META_TIME\n"),
	END};

static const struct desc_para h5d_desc[] = {
	ALL("\n# description of HDF5 counters:\n"
	    "#   H5D_OPENS: HDF5 dataset open/create operation counts.\n"
	    "#   H5D_READS: HDF5 dataset read operation counts.\n"
	    "#   H5D_WRITES: HDF5 dataset write operation counts.\n"
	    "#   H5D_FLUSHES: HDF5 dataset flush operation counts.\n"
	    "#   H5D_BYTES_*: total bytes read and written at HDF5 dataset "
	    "layer.\n"
	    "#   H5D_RW_SWITCHES: number of times access alternated between "
	    "read and write.\n"
	    "#   H5D_*_SELECTS: number of different access selections "
	    "(regular/irregular hyperslab or points).\n"
	    "#   H5D_MAX_*_TIME_SIZE: size of the slowest read and write "
	    "operations.\n"
	    "#   H5D_SIZE_*_AGG_*: histogram of H5D total access sizes for "
	    "read and write operations.\n"
	    "#   H5D_ACCESS*_*: the four most common total accesses, in terms "
	    "of size and length/stride (in last 5 dimensions).\n"
	    "#   H5D_ACCESS*_COUNT: count of the four most common total access "
	    "sizes.\n"
	    "#   H5D_DATASPACE_NDIMS: number of dimensions in dataset's "
	    "dataspace.\n"
	    "#   H5D_DATASPACE_NPOINTS: number of points in dataset's "
	    "dataspace.\n"),
	ALL("#   H5D_DATATYPE_SIZE: size of each dataset element.\n"
	    "#   H5D_CHUNK_SIZE_D*: chunk size in last 5 dimensions of "
	    "dataset.\n"
	    "#   H5D_USE_MPIIO_COLLECTIVE: flag indicating whether MPI-IO "
	    "collectives were used to access this dataset.\n"
	    "#   H5D_USE_DEPRECATED: flag indicating whether deprecated H5D "
	    "calls were used.\n"
	    "#   H5D_*_RANK: rank of the processes that were the fastest and "
	    "slowest at I/O (for shared datasets).\n"
	    "#   H5D_*_RANK_BYTES: total bytes transferred at H5D layer by the "
	    "fastest and slowest ranks (for shared datasets).\n"
	    "#   H5D_F_*_START_TIMESTAMP: timestamp of first HDF5 dataset "
	    "open/read/write/close.\n"
	    "#   H5D_F_*_END_TIMESTAMP: timestamp of last HDF5 datset "
	    "open/read/write/close.\n"
	    "#   H5D_F_READ/WRITE/META_TIME: cumulative time spent in H5D "
	    "read, write, or metadata operations.\n"
	    "#   H5D_F_MAX_*_TIME: duration of the slowest H5D read and write "
	    "operations.\n"
	    "#   H5D_F_*_RANK_TIME: fastest and slowest I/O time for a single "
	    "rank (for shared datasets).\n"
	    "#   H5D_F_VARIANCE_RANK_*: variance of total I/O time and bytes "
	    "moved for all ranks (for shared datasets).\n"
	    "#   H5D_FILE_REC_ID: Darshan file record ID of the file the "
	    "dataset belongs to.\n"),
	EQ(1, "\n# WARNING: H5D module log format version 1 does not support "
	      "the following counters:\n"
	      "# - H5D_FILE_REC_ID\n"),
	END};

static const struct desc_para pnetcdf_file_desc[] = {
	ALL("\n# description of PnetCDF counters:\n"
	    "#   PNETCDF_FILE_CREATES: PnetCDF file create operation counts.\n"
	    "#   PNETCDF_FILE_OPENS: PnetCDF file open operation counts.\n"
	    "#   PNETCDF_FILE_REDEFS: PnetCDF file re-define operation "
	    "counts.\n"
	    "#   PNETCDF_FILE_INDEP_WAITS: PnetCDF independent file wait "
	    "operation counts.\n"
	    "#   PNETCDF_FILE_COLL_WAITS: PnetCDF collective file wait "
	    "operation counts.\n"
	    "#   PNETCDF_FILE_SYNCS: PnetCDF file sync operation counts.\n"
	    "#   PNETCDF_FILE_BYTES_READ: PnetCDF total bytes read for all "
	    "file variables.\n"
	    "#   PNETCDF_FILE_BYTES_WRITTEN: PnetCDF total bytes written for "
	    "all file variables.\n"
	    "#   PNETCDF_FILE_WAIT_FAILURES: PnetCDF file wait operation "
	    "failure counts.\n"
	    "#   PNETCDF_FILE_F_*_START_TIMESTAMP: timestamp of first PnetCDF "
	    "file open/close/wait operation.\n"
	    "#   PNETCDF_FILE_F_*_END_TIMESTAMP: timestamp of last PnetCDF "
	    "file open/close/wait operation.\n"
	    "#   PNETCDF_FILE_F_META_TIME: Cumulative time spent in file "
	    "metadata operations.\n"
	    "#   PNETCDF_FILE_F_WAIT_TIME: Cumulative time spent in file wait "
	    "operations.\n"),
	EQ(1, "\n# WARNING: PnetCDF file module log format version 1 does not "
	      "support the following counters:\n"
	      "# - PNETCDF_FILE_F_CLOSE_START_TIMESTAMP\n"
	      "# - PNETCDF_FILE_F_OPEN_END_TIMESTAMP\n"),
	LE(2, "\n# WARNING: PnetCDF file module log format version <=2 does "
	      "not support the following counters:\n"
	      "# - PNETCDF_FILE_CREATES\n"
	      "# - PNETCDF_FILE_REDEFS\n"
	      "# - PNETCDF_FILE_INDEP_WAITS\n"
	      "# - PNETCDF_FILE_COLL_WAITS\n"
	      "# - PNETCDF_FILE_SYNCS\n"
	      "# - PNETCDF_FILE_BYTES_READ\n"
	      "# - PNETCDF_FILE_BYTES_WRITTEN\n"
	      "# - PNETCDF_FILE_WAIT_FAILURES\n"
	      "# - PNETCDF_FILE_F_WAIT_START_TIMESTAMP\n"
	      "# - PNETCDF_FILE_F_WAIT_END_TIMESTAMP\n"
	      "# - PNETCDF_FILE_F_META_TIME\n"
	      "# - PNETCDF_FILE_F_WAIT_TIME\n"),
	END};

static const struct desc_para pnetcdf_var_desc[] = {
	ALL("\n# description of PnetCDF counters:\n"
	    "#   PNETCDF_VAR_OPENS: PnetCDF variable define/inquire operation "
	    "counts.\n"
	    "#   PNETCDF_VAR_INDEP_READS: PnetCDF variable independent read "
	    "operation counts.\n"
	    "#   PNETCDF_VAR_INDEP_WRITES: PnetCDF variable independent write "
	    "operation counts.\n"
	    "#   PNETCDF_VAR_COLL_READS: PnetCDF variable collective read "
	    "operation counts.\n"
	    "#   PNETCDF_VAR_COLL_WRITES: PnetCDF variable collective write "
	    "operation counts.\n"
	    "#   PNETCDF_VAR_NB_READS: PnetCDF variable nonblocking read "
	    "operation counts.\n"
	    "#   PNETCDF_VAR_NB_WRITES: PnetCDF variable nonblocking write "
	    "operation counts.\n"
	    "#   PNETCDF_VAR_BYTES_*: total bytes read and written at PnetCDF "
	    "variable layer.\n"
	    "#   PNETCDF_VAR_RW_SWITCHES: number of times access alternated "
	    "between read and write.\n"
	    "#   PNETCDF_VAR_PUT_VAR*: number of calls to ncmpi_put_var* APIs "
	    "(var, var1, vara, vars, varm, varn, vard).\n"
	    "#   PNETCDF_VAR_GET_VAR*: number of calls to ncmpi_get_var* APIs "
	    "(var, var1, vara, vars, varm, varn, vard).\n"
	    "#   PNETCDF_VAR_IPUT_VAR*: number of calls to ncmpi_iput_var* "
	    "APIs (var, var1, vara, vars, varm, varn).\n"
	    "#   PNETCDF_VAR_IGET_VAR*: number of calls to ncmpi_iget_var* "
	    "APIs (var, var1, vara, vars, varm, varn).\n"
	    "#   PNETCDF_VAR_BPUT_VAR*: number of calls to ncmpi_bput_var* "
	    "APIs (var, var1, vara, vars, varm, varn).\n"),
	ALL("#   PNETCDF_VAR_MAX_*_TIME_SIZE: size of the slowest read and "
	    "write operations.\n"
	    "#   PNETCDF_VAR_SIZE_*_AGG_*: histogram of PnetCDf total access "
	    "sizes for read and write operations.\n"
	    "#   PNETCDF_VAR_ACCESS*_*: the four most common total accesses, "
	    "in terms of size and length/stride (in last 5 dimensions).\n"
	    "#   PNETCDF_VAR_ACCESS*_COUNT: count of the four most common "
	    "total access sizes.\n"
	    "#   PNETCDF_VAR_NDIMS: number of dimensions in the variable.\n"
	    "#   PNETCDF_VAR_NPOINTS: number of points in the variable.\n"
	    "#   PNETCDF_VAR_DATATYPE_SIZE: size of each variable element.\n"
	    "#   PNETCDF_VAR_*_RANK: rank of the processes that were the "
	    "fastest and slowest at I/O (for shared datasets).\n"
	    "#   PNETCDF_VAR_*_RANK_BYTES: total bytes transferred at PnetCDF "
	    "layer by the fastest and slowest ranks (for shared datasets).\n"
	    "#   PNETCDF_VAR_F_*_START_TIMESTAMP: timestamp of first PnetCDF "
	    "variable open/read/write/close.\n"
	    "#   PNETCDF_VAR_F_*_END_TIMESTAMP: timestamp of last PnetCDF "
	    "variable open/read/write/close.\n"
	    "#   PNETCDF_VAR_F_READ/WRITE/META_TIME: cumulative time spent in "
	    "PnetCDF read, write, or metadata operations.\n"
	    "#   PNETCDF_VAR_F_MAX_*_TIME: duration of the slowest PnetCDF "
	    "read and write operations.\n"
	    "#   PNETCDF_VAR_F_*_RANK_TIME: fastest and slowest I/O time for a "
	    "single rank (for shared datasets).\n"
	    "#   PNETCDF_VAR_F_VARIANCE_RANK_*: variance of total I/O time and "
	    "bytes moved for all ranks (for shared datasets).\n"
	    "#   PNETCDF_VAR_FILE_REC_ID: Darshan file record ID of the file "
	    "the variable belongs to.\n"),
	END};

static const struct desc_para bgq_desc[] = {
	ALL("\n# description of BGQ counters:\n"
	    "#   BGQ_CSJOBID: BGQ control system job ID.\n"
	    "#   BGQ_NNODES: number of BGQ compute nodes for this job.\n"
	    "#   BGQ_RANKSPERNODE: number of MPI ranks per compute node.\n"
	    "#   BGQ_DDRPERNODE: size in MB of DDR3 per compute node.\n"
	    "#   BGQ_INODES: number of BGQ I/O nodes for this job.\n"
	    "#   BGQ_*NODES: dimension of A, B, C, D, & E dimensions of "
	    "torus.\n"
	    "#   BGQ_TORUSENABLED: which dimensions of the torus are enabled.\n"
	    "#   BGQ_F_TIMESTAMP: timestamp when the BGQ data was "
	    "collected.\n"),
	END};

static const struct desc_para lustre_desc[] = {
	ALL("\n# description of LUSTRE counters:\n"
	    "#   LUSTRE_NUM_COMPONENTS: number of instrumented components in "
	    "the Lustre layout.\n"
	    "#   LUSTRE_NUM_STRIPES: number of active stripes in the Lustre "
	    "layout components.\n"
	    "#   LUSTRE_COMP*_STRIPE_SIZE: stripe size for this file layout "
	    "component in bytes.\n"
	    "#   LUSTRE_COMP*_STRIPE_COUNT: number of OSTs over which the file "
	    "layout component is striped.\n"
	    "#   LUSTRE_COMP*_STRIPE_PATTERN: pattern (e.g., raid0, mdt, "
	    "overstriped) for this file layout component.\n"
	    "#   LUSTRE_COMP*_FLAGS: captured flags (e.g. init, prefwr, stale) "
	    "for this file layout component.\n"
	    "#   LUSTRE_COMP*_EXT_START: starting file extent for this file "
	    "layout component.\n"
	    "#   LUSTRE_COMP*_EXT_END: ending file extent for this file layout "
	    "component (-1 means EOF).\n"
	    "#   LUSTRE_COMP*_MIRROR_ID: mirror ID for this file layout "
	    "component, if mirrors are enabled.\n"
	    "#   LUSTRE_COMP*_POOL_NAME: Lustre OST pool used for this file "
	    "layout component.\n"
	    "#   LUSTRE_COMP*_OST_ID_*: indices of OSTs over which this file "
	    "layout component is striped.\n"),
	END};

static const struct desc_para mdhim_desc[] = {
	ALL("\n# description of MDHIM counters:\n"
	    "#   MDHIM_PUTS: number of 'mdhim_put' function calls.\n"
	    "#   MDHIM_GETS: number of 'mdhim_get' function calls.\n"
	    "#   MDHIM_SERVERS: how many mdhim servers \n"
	    "#   MDHIM_F_PUT_TIMESTAMP: timestamp of the first call to "
	    "function 'mdhim_put'.\n"
	    "#   MDHIM_F_GET_TIMESTAMP: timestamp of the first call to "
	    "function 'mdhim_get'.\n"
	    "#   MDHIM_SERVER_N: how many operations sent to this server\n"),
	END};

static const struct desc_para heatmap_desc[] = {
	ALL("\n# description of heatmap counters:\n"
	    "#   HEATMAP_F_BIN_WIDTH_SECONDS: time duration of each heatmap "
	    "bin\n"
	    "#   HEATMAP_{READ|WRITE}_BIN_{*}: number of bytes read or written "
	    "within specified heatmap bin\n"),
	END};

static const struct desc_para dfs_desc[] = {
	ALL("\n# description of DFS counters:\n"
	    "#   DFS_*: DFS operation counts.\n"
	    "#   "
	    "OPENS,GLOBAL_OPENS,LOOKUPS,DUPS,READS,READXS,WRITES,WRITEXS,GET_"
	    "SIZES,PUNCHES,REMOVES,STATS are types of operations.\n"
	    "#   DFS_BYTES_*: total bytes read and written.\n"
	    "#   DFS_RW_SWITCHES: number of times access alternated between "
	    "read and write.\n"
	    "#   DFS_MAX_*_TIME_SIZE: size of the slowest read and write "
	    "operations.\n"
	    "#   DFS_SIZE_*_*: histogram of read and write access sizes.\n"
	    "#   DFS_ACCESS*_ACCESS: the four most common access sizes.\n"
	    "#   DFS_ACCESS*_COUNT: count of the four most common access "
	    "sizes.\n"
	    "#   DFS_CHUNK_SIZE: DFS file chunk size.\n"
	    "#   DFS_*_RANK: rank of the processes that were the fastest and "
	    "slowest at I/O (for shared files).\n"
	    "#   DFS_*_RANK_BYTES: bytes transferred by the fastest and "
	    "slowest ranks (for shared files).\n"
	    "#   DFS_F_*_START_TIMESTAMP: timestamp of first "
	    "open/read/write/close.\n"
	    "#   DFS_F_*_END_TIMESTAMP: timestamp of last "
	    "open/read/write/close.\n"
	    "#   DFS_F_READ/WRITE/META_TIME: cumulative time spent in read, "
	    "write, or metadata operations.\n"
	    "#   DFS_F_MAX_*_TIME: duration of the slowest read and write "
	    "operations.\n"
	    "#   DFS_F_*_RANK_TIME: fastest and slowest I/O time for a single "
	    "rank (for shared files).\n"),
	END};

static const struct desc_para daos_desc[] = {
	ALL("\n# description of DAOS counters:\n"
	    "#   DAOS_*: DAOS operation counts.\n"
	    "#   "
	    "OBJ_OPENS,OBJ_FETCHES,OBJ_UPDATES,OBJ_PUNCHES,OBJ_DKEY_PUNCHES,"
	    "OBJ_AKEY_PUNCHES,OBJ_DKEY_LISTS,OBJ_AKEY_LISTS,OBJ_RECX_LISTS are "
	    "types of DAOS object operations.\n"
	    "#   "
	    "ARRAY_OPENS,ARRAY_READS,ARRAY_WRITES,ARRAY_GET_SIZES,ARRAY_SET_"
	    "SIZES,ARRAY_STATS,ARRAY_PUNCHES,ARRAY_DESTROYS are types of DAOS "
	    "array operations\n"
	    "#   KV_OPENS,KV_GETS,KV_PUTS,KV_REMOVES,KV_LISTS,KV_DESTROYS are "
	    "types of DAOS kv operations\n"
	    "#   DAOS_BYTES_*: total bytes read and written using all DAOS "
	    "object APIs.\n"
	    "#   DAOS_RW_SWITCHES: number of times access alternated between "
	    "read and write.\n"
	    "#   DAOS_MAX_*_TIME_SIZE: size of the slowest read and write "
	    "operations.\n"
	    "#   DAOS_SIZE_*_*: histogram of read and write access sizes.\n"
	    "#   DAOS_ACCESS*_ACCESS: the four most common access sizes.\n"
	    "#   DAOS_ACCESS*_COUNT: count of the four most common access "
	    "sizes.\n"),
	ALL("#   DAOS_OBJ_OTYPE: DAOS otype value for the object.\n"
	    "#   DAOS_ARRAY_CELL_SIZE: the cell size for DAOS array objects\n"
	    "#   DAOS_ARRAY_CHUNK_SIZE: the chunk size for DAOS array objects\n"
	    "#   DAOS_*_RANK: rank of the processes that were the fastest and "
	    "slowest at I/O (for shared objects).\n"
	    "#   DAOS_*_RANK_BYTES: bytes transferred by the fastest and "
	    "slowest ranks (for shared objects).\n"
	    "#   DAOS_F_*_START_TIMESTAMP: timestamp of first "
	    "open/read/write/close.\n"
	    "#   DAOS_F_*_END_TIMESTAMP: timestamp of last "
	    "open/read/write/close.\n"
	    "#   DAOS_F_READ/WRITE/META_TIME: cumulative time spent in read, "
	    "write, or metadata operations.\n"
	    "#   DAOS_F_MAX_*_TIME: duration of the slowest read and write "
	    "operations.\n"
	    "#   DAOS_F_*_RANK_TIME: fastest and slowest I/O time for a single "
	    "rank (for shared objects).\n"),
	END};

/* Indexed by enum iol_mod; NULL where darshan-util has no description. */
static const struct desc_para *const desc_tab[IOL_MOD_KNOWN] = {
	[IOL_MOD_POSIX] = posix_desc,
	[IOL_MOD_MPIIO] = mpiio_desc,
	[IOL_MOD_H5F] = h5f_desc,
	[IOL_MOD_H5D] = h5d_desc,
	[IOL_MOD_PNETCDF_FILE] = pnetcdf_file_desc,
	[IOL_MOD_PNETCDF_VAR] = pnetcdf_var_desc,
	[IOL_MOD_BGQ] = bgq_desc,
	[IOL_MOD_LUSTRE] = lustre_desc,
	[IOL_MOD_STDIO] = stdio_desc,
	[IOL_MOD_MDHIM] = mdhim_desc,
	[IOL_MOD_HEATMAP] = heatmap_desc,
	[IOL_MOD_DFS] = dfs_desc,
	[IOL_MOD_DAOS] = daos_desc,
};

static int desc_cond_holds(const struct desc_para *p, int ver)
{
	switch (p->cond) {
	case V_EQ: return ver == p->ver;
	case V_LE: return ver <= p->ver;
	case V_GE: return ver >= p->ver;
	default: return 1;
	}
}

int parse_print_description(struct obuf *ob, int mod, int ver)
{
	const struct desc_para *p;

	if (mod < 0 || mod >= IOL_MOD_KNOWN || !desc_tab[mod])
		return -1;
	for (p = desc_tab[mod]; p->text; p++)
		if (desc_cond_holds(p, ver))
			obuf_puts(ob, p->text);
	return 0;
}
