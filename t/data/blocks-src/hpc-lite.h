/*
 * Just enough of MPI, HDF5 and PnetCDF's declarations for hpc.c to parse
 * without their headers (the extractor reads names, it links nothing).
 */
#ifndef HPC_LITE_H
#define HPC_LITE_H

typedef int MPI_Comm;
typedef int MPI_Info;
typedef int MPI_Datatype;
typedef long long MPI_Offset;
typedef struct mpi_file *MPI_File;
typedef struct {
	int source, tag, error;
} MPI_Status;
#define MPI_COMM_WORLD ((MPI_Comm)0x44000000)
#define MPI_INFO_NULL ((MPI_Info)0x1c000000)
#define MPI_DOUBLE ((MPI_Datatype)0x4c00080b)
#define MPI_BYTE ((MPI_Datatype)0x4c00010d)
#define MPI_MODE_CREATE 1
#define MPI_MODE_WRONLY 4
#define MPI_STATUS_IGNORE ((MPI_Status *)1)
int MPI_File_open(MPI_Comm, const char *, int, MPI_Info, MPI_File *);
int MPI_File_write_at_all(MPI_File, MPI_Offset, const void *, int,
			  MPI_Datatype, MPI_Status *);
int MPI_File_read(MPI_File, void *, int, MPI_Datatype, MPI_Status *);
int MPI_File_sync(MPI_File);
int MPI_File_close(MPI_File *);

typedef long long hid_t;
typedef int herr_t;
#define H5F_ACC_TRUNC 2u
#define H5P_DEFAULT ((hid_t)0)
#define H5S_ALL ((hid_t)0)
#define H5T_NATIVE_DOUBLE ((hid_t)7)
hid_t H5Fcreate(const char *, unsigned, hid_t, hid_t);
hid_t H5Dcreate2(hid_t, const char *, hid_t, hid_t, hid_t, hid_t, hid_t);
herr_t H5Dwrite(hid_t, hid_t, hid_t, hid_t, hid_t, const void *);
herr_t H5Dclose(hid_t);
herr_t H5Fclose(hid_t);

#define NC_CLOBBER 0
int ncmpi_create(MPI_Comm, const char *, int, MPI_Info, int *);
int ncmpi_def_var(int, const char *, int, int, const int *, int *);
int ncmpi_enddef(int);
int ncmpi_put_vara_float_all(int, int, const MPI_Offset *,
			     const MPI_Offset *, const float *);
int ncmpi_close(int);

#endif
