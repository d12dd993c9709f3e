/*
 * Stand-in headers for MPI, HDF5 and PnetCDF (see stubs.h).  Functions
 * are declared with no parameter list in C and as variadic in C++, so
 * that any call compiles; what the extractor needs is the name and the
 * arguments' spelling (MPI_BYTE gives the element size), not the types.
 */
#include "code/stubs.h"
#include "base/banned.h"

/* C: int f(); takes any arguments.  C++: int f(...) does. */
#define ANY                                                     \
	"#ifdef __cplusplus\n#define IOL_STUB_ANY ...\n#else\n" \
	"#define IOL_STUB_ANY\n#endif\n"

#define MPI_TYPES                                                             \
	"typedef int MPI_Comm, MPI_Info, MPI_Datatype, MPI_Op, MPI_Request, " \
	"MPI_Fint, MPI_Errhandler, MPI_Group, MPI_Win;\n"                     \
	"typedef long MPI_File;\ntypedef long long MPI_Offset, MPI_Aint, "    \
	"MPI_Count;\n"                                                        \
	"typedef struct { int MPI_SOURCE, MPI_TAG, MPI_ERROR, iol_[2]; } "    \
	"MPI_Status;\n"

#define MPI_CONSTS                                                            \
	"enum { MPI_SUCCESS, MPI_COMM_WORLD, MPI_COMM_SELF, MPI_COMM_NULL, "  \
	"MPI_INFO_NULL, MPI_REQUEST_NULL, MPI_FILE_NULL, MPI_ANY_SOURCE = "   \
	"-1, "                                                                \
	"MPI_ANY_TAG = -1, MPI_MODE_RDONLY = 2, MPI_MODE_RDWR = 8, "          \
	"MPI_MODE_WRONLY = 4, MPI_MODE_CREATE = 1, MPI_MODE_EXCL = 64, "      \
	"MPI_MODE_DELETE_ON_CLOSE = 16, MPI_MODE_UNIQUE_OPEN = 32, "          \
	"MPI_MODE_APPEND = 128, MPI_MODE_SEQUENTIAL = 256, MPI_SEEK_SET = "   \
	"600, MPI_SEEK_CUR, MPI_SEEK_END, MPI_THREAD_SINGLE = 0, "            \
	"MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED, MPI_THREAD_MULTIPLE, "   \
	"MPI_MAX_PROCESSOR_NAME = 256, MPI_MAX_ERROR_STRING = 256, "          \
	"MPI_SUM = 1, MPI_MAX, MPI_MIN, MPI_PROD, MPI_LAND, MPI_LOR, "        \
	"MPI_BAND, MPI_BOR, MPI_MAXLOC, MPI_MINLOC, MPI_ERR_OTHER = 15, "     \
	"MPI_UNDEFINED = -32766, MPI_ROOT = -4, MPI_PROC_NULL = -2 };\n"      \
	"enum { MPI_BYTE = 1, MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, " \
	"MPI_INT8_T, MPI_UINT8_T, MPI_SHORT, MPI_UNSIGNED_SHORT, "            \
	"MPI_INT16_T, "                                                       \
	"MPI_UINT16_T, MPI_INT, MPI_UNSIGNED, MPI_INT32_T, MPI_UINT32_T, "    \
	"MPI_FLOAT, MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_LONG, "             \
	"MPI_LONG_LONG_INT, MPI_INT64_T, MPI_UINT64_T, MPI_DOUBLE, "          \
	"MPI_LONG_DOUBLE, MPI_COMPLEX, MPI_DOUBLE_COMPLEX, "                  \
	"MPI_C_DOUBLE_COMPLEX, MPI_OFFSET, MPI_AINT, MPI_PACKED, "            \
	"MPI_DATATYPE_NULL, MPI_2INT, MPI_DOUBLE_INT, MPI_C_BOOL };\n"        \
	"#define MPI_STATUS_IGNORE ((MPI_Status *)0)\n"                       \
	"#define MPI_STATUSES_IGNORE ((MPI_Status *)0)\n"                     \
	"#define MPI_IN_PLACE ((void *)1)\n"                                  \
	"#define MPI_ARGV_NULL ((char **)0)\n"

/* every name in iocalls.c's MPI part, and the common calls around them */
#define MPI_FUNCS                                                              \
	"int MPI_Init(IOL_STUB_ANY), MPI_Init_thread(IOL_STUB_ANY), "          \
	"MPI_Finalize(IOL_STUB_ANY), MPI_Abort(IOL_STUB_ANY), "                \
	"MPI_Initialized(IOL_STUB_ANY), MPI_Finalized(IOL_STUB_ANY), "         \
	"MPI_Comm_rank(IOL_STUB_ANY), MPI_Comm_size(IOL_STUB_ANY), "           \
	"MPI_Comm_split(IOL_STUB_ANY), MPI_Comm_dup(IOL_STUB_ANY), "           \
	"MPI_Comm_free(IOL_STUB_ANY), MPI_Barrier(IOL_STUB_ANY), "             \
	"MPI_Bcast(IOL_STUB_ANY), MPI_Reduce(IOL_STUB_ANY), "                  \
	"MPI_Allreduce(IOL_STUB_ANY), MPI_Gather(IOL_STUB_ANY), "              \
	"MPI_Allgather(IOL_STUB_ANY), MPI_Scatter(IOL_STUB_ANY), "             \
	"MPI_Alltoall(IOL_STUB_ANY), MPI_Send(IOL_STUB_ANY), "                 \
	"MPI_Recv(IOL_STUB_ANY), MPI_Isend(IOL_STUB_ANY), "                    \
	"MPI_Irecv(IOL_STUB_ANY), MPI_Sendrecv(IOL_STUB_ANY), "                \
	"MPI_Wait(IOL_STUB_ANY), MPI_Waitall(IOL_STUB_ANY), "                  \
	"MPI_Get_processor_name(IOL_STUB_ANY), "                               \
	"MPI_Info_create(IOL_STUB_ANY), "                                      \
	"MPI_Info_set(IOL_STUB_ANY), MPI_Info_free(IOL_STUB_ANY), "            \
	"MPI_Type_contiguous(IOL_STUB_ANY), MPI_Type_vector(IOL_STUB_ANY), "   \
	"MPI_Type_create_subarray(IOL_STUB_ANY), "                             \
	"MPI_Type_commit(IOL_STUB_ANY), MPI_Type_free(IOL_STUB_ANY), "         \
	"MPI_Type_size(IOL_STUB_ANY), MPI_Get_count(IOL_STUB_ANY), "           \
	"MPI_Error_string(IOL_STUB_ANY), MPI_File_open(IOL_STUB_ANY), "        \
	"MPI_File_close(IOL_STUB_ANY), MPI_File_delete(IOL_STUB_ANY), "        \
	"MPI_File_get_size(IOL_STUB_ANY), MPI_File_set_size(IOL_STUB_ANY), "   \
	"MPI_File_preallocate(IOL_STUB_ANY), "                                 \
	"MPI_File_set_view(IOL_STUB_ANY), "                                    \
	"MPI_File_seek(IOL_STUB_ANY), MPI_File_seek_shared(IOL_STUB_ANY), "    \
	"MPI_File_sync(IOL_STUB_ANY), MPI_File_read(IOL_STUB_ANY), "           \
	"MPI_File_read_all(IOL_STUB_ANY), MPI_File_read_at(IOL_STUB_ANY), "    \
	"MPI_File_read_at_all(IOL_STUB_ANY), "                                 \
	"MPI_File_read_ordered(IOL_STUB_ANY), "                                \
	"MPI_File_read_shared(IOL_STUB_ANY), MPI_File_iread(IOL_STUB_ANY), "   \
	"MPI_File_iread_all(IOL_STUB_ANY), MPI_File_iread_at(IOL_STUB_ANY), "  \
	"MPI_File_iread_at_all(IOL_STUB_ANY), MPI_File_write(IOL_STUB_ANY), "  \
	"MPI_File_write_all(IOL_STUB_ANY), MPI_File_write_at(IOL_STUB_ANY), "  \
	"MPI_File_write_at_all(IOL_STUB_ANY), "                                \
	"MPI_File_write_ordered(IOL_STUB_ANY), "                               \
	"MPI_File_write_shared(IOL_STUB_ANY), MPI_File_iwrite(IOL_STUB_ANY), " \
	"MPI_File_iwrite_all(IOL_STUB_ANY), "                                  \
	"MPI_File_iwrite_at(IOL_STUB_ANY), "                                   \
	"MPI_File_iwrite_at_all(IOL_STUB_ANY);\n"                              \
	"double MPI_Wtime(IOL_STUB_ANY), MPI_Wtick(IOL_STUB_ANY);\n"

static const char mpi_h[] =
	"#ifndef IOL_STUB_MPI_H\n#define IOL_STUB_MPI_H\n#include "
	"<stddef.h>\n" ANY MPI_TYPES MPI_CONSTS MPI_FUNCS "#endif\n";

static const char hdf5_h[] =
	"#ifndef IOL_STUB_HDF5_H\n#define IOL_STUB_HDF5_H\n#include "
	"<stddef.h>\n" ANY
	"typedef long long hid_t;\ntypedef int herr_t, htri_t;\n"
	"typedef unsigned long long hsize_t;\ntypedef long long hssize_t;\n"
	"enum { H5F_ACC_RDONLY, H5F_ACC_RDWR, H5F_ACC_TRUNC, H5F_ACC_EXCL = 4, "
	"H5F_ACC_CREAT = 16, H5P_DEFAULT = 0, H5S_ALL = 0, H5S_SELECT_SET = 0, "
	"H5S_SELECT_OR, H5FD_MPIO_INDEPENDENT = 0, H5FD_MPIO_COLLECTIVE, "
	"H5S_SCALAR = 0, H5S_SIMPLE, H5T_STR_NULLTERM = 0, H5T_VARIABLE = -1 "
	"};\n"
	"#define H5S_UNLIMITED ((hsize_t)(-1))\n"
	/* property classes and native types are run-time globals in HDF5 */
	"extern hid_t H5P_FILE_ACCESS, H5P_FILE_CREATE, H5P_DATASET_CREATE, "
	"H5P_DATASET_XFER, H5P_DATASET_ACCESS, H5P_GROUP_CREATE, "
	"H5T_NATIVE_CHAR, H5T_NATIVE_SCHAR, H5T_NATIVE_UCHAR, "
	"H5T_NATIVE_SHORT, H5T_NATIVE_INT, H5T_NATIVE_UINT, H5T_NATIVE_LONG, "
	"H5T_NATIVE_LLONG, H5T_NATIVE_ULLONG, H5T_NATIVE_FLOAT, "
	"H5T_NATIVE_DOUBLE, H5T_NATIVE_HSIZE, H5T_NATIVE_INT32, "
	"H5T_NATIVE_INT64, H5T_STD_I32LE, H5T_STD_I64LE, H5T_IEEE_F64LE, "
	"H5T_IEEE_F32LE, H5T_C_S1;\n"
	"hid_t H5Fcreate(IOL_STUB_ANY), H5Fopen(IOL_STUB_ANY), "
	"H5Dcreate(IOL_STUB_ANY), H5Dcreate1(IOL_STUB_ANY), "
	"H5Dcreate2(IOL_STUB_ANY), H5Dopen(IOL_STUB_ANY), "
	"H5Dopen1(IOL_STUB_ANY), H5Dopen2(IOL_STUB_ANY), "
	"H5Gcreate(IOL_STUB_ANY), H5Gcreate2(IOL_STUB_ANY), "
	"H5Gopen(IOL_STUB_ANY), H5Gopen2(IOL_STUB_ANY), "
	"H5Acreate(IOL_STUB_ANY), H5Acreate2(IOL_STUB_ANY), "
	"H5Aopen(IOL_STUB_ANY), H5Screate(IOL_STUB_ANY), "
	"H5Screate_simple(IOL_STUB_ANY), H5Dget_space(IOL_STUB_ANY), "
	"H5Dget_type(IOL_STUB_ANY), H5Pcreate(IOL_STUB_ANY), "
	"H5Tcopy(IOL_STUB_ANY);\n"
	"herr_t H5open(IOL_STUB_ANY), H5close(IOL_STUB_ANY), "
	"H5Fclose(IOL_STUB_ANY), H5Fflush(IOL_STUB_ANY), "
	"H5Dclose(IOL_STUB_ANY), H5Dread(IOL_STUB_ANY), "
	"H5Dread_multi(IOL_STUB_ANY), H5Dwrite(IOL_STUB_ANY), "
	"H5Dwrite_multi(IOL_STUB_ANY), H5Dset_extent(IOL_STUB_ANY), "
	"H5Gclose(IOL_STUB_ANY), H5Aclose(IOL_STUB_ANY), "
	"H5Aread(IOL_STUB_ANY), H5Awrite(IOL_STUB_ANY), "
	"H5Sclose(IOL_STUB_ANY), H5Sselect_hyperslab(IOL_STUB_ANY), "
	"H5Sget_simple_extent_dims(IOL_STUB_ANY), H5Pclose(IOL_STUB_ANY), "
	"H5Pset_fapl_mpio(IOL_STUB_ANY), H5Pset_dxpl_mpio(IOL_STUB_ANY), "
	"H5Pset_chunk(IOL_STUB_ANY), H5Tclose(IOL_STUB_ANY), "
	"H5Tset_size(IOL_STUB_ANY);\n"
	"#endif\n";

/* PnetCDF's families are known by prefix (iocalls.c): C declares the rest
 * implicitly, C++ needs the common ones named */
static const char pnetcdf_h[] =
	"#ifndef IOL_STUB_PNETCDF_H\n#define IOL_STUB_PNETCDF_H\n"
	"#include <mpi.h>\n" ANY
	"enum { NC_NOERR, NC_NOWRITE = 0, NC_WRITE = 1, NC_CLOBBER = 0, "
	"NC_NOCLOBBER = 4, NC_64BIT_OFFSET = 0x200, NC_64BIT_DATA = 0x20, "
	"NC_UNLIMITED = 0, NC_GLOBAL = -1, NC_BYTE = 1, NC_CHAR, NC_SHORT, "
	"NC_INT, NC_FLOAT, NC_DOUBLE, NC_UBYTE, NC_USHORT, NC_UINT, NC_INT64, "
	"NC_UINT64, NC_REQ_NULL = -1, NC_FILL = 0, NC_NOFILL = 0x100 };\n"
	"const char *ncmpi_strerror(IOL_STUB_ANY);\n"
	"int ncmpi_create(IOL_STUB_ANY), ncmpi_open(IOL_STUB_ANY), "
	"ncmpi_close(IOL_STUB_ANY), ncmpi_sync(IOL_STUB_ANY), "
	"ncmpi_enddef(IOL_STUB_ANY), ncmpi_redef(IOL_STUB_ANY), "
	"ncmpi_def_dim(IOL_STUB_ANY), ncmpi_def_var(IOL_STUB_ANY), "
	"ncmpi_inq_varid(IOL_STUB_ANY), ncmpi_inq_dimid(IOL_STUB_ANY), "
	"ncmpi_inq_dimlen(IOL_STUB_ANY), ncmpi_wait_all(IOL_STUB_ANY), "
	"ncmpi_set_fill(IOL_STUB_ANY), ncmpi_begin_indep_data(IOL_STUB_ANY), "
	"ncmpi_end_indep_data(IOL_STUB_ANY), ncmpi_put_att_text(IOL_STUB_ANY), "
	"ncmpi_put_att_int(IOL_STUB_ANY), ncmpi_put_var_int_all(IOL_STUB_ANY), "
	"ncmpi_put_vara_int_all(IOL_STUB_ANY), "
	"ncmpi_put_vara_float_all(IOL_STUB_ANY), "
	"ncmpi_put_vara_double_all(IOL_STUB_ANY), "
	"ncmpi_put_vara_int(IOL_STUB_ANY), "
	"ncmpi_put_vara_double(IOL_STUB_ANY), "
	"ncmpi_get_vara_int_all(IOL_STUB_ANY), "
	"ncmpi_get_vara_float_all(IOL_STUB_ANY), "
	"ncmpi_get_vara_double_all(IOL_STUB_ANY), "
	"ncmpi_get_var_int_all(IOL_STUB_ANY), "
	"ncmpi_iput_vara_int(IOL_STUB_ANY), "
	"ncmpi_iput_vara_double(IOL_STUB_ANY), "
	"ncmpi_iget_vara_int(IOL_STUB_ANY), "
	"ncmpi_iget_vara_double(IOL_STUB_ANY);\n"
	"#endif\n";

static const struct iol_cstub stubs[] = {
	{IOL_CSTUB_DIR "/mpi.h", mpi_h},
	{IOL_CSTUB_DIR "/hdf5.h", hdf5_h},
	{IOL_CSTUB_DIR "/pnetcdf.h", pnetcdf_h},
};

const struct iol_cstub *iol_cstubs(int *n)
{
	*n = (int)(sizeof(stubs) / sizeof(stubs[0]));
	return stubs;
}
