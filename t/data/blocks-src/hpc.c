/*
 * MPI-IO, HDF5 and PnetCDF calls with known counts (parsed only, never
 * built: hpc-lite.h declares the names).
 */
#include "hpc-lite.h"

#define N 1024

/* 10 collective writes of 1024 doubles (80 KiB), a sync */
void checkpoint(MPI_Comm comm)
{
	MPI_File fh;
	double data[N] = {0};
	int s;

	MPI_File_open(comm, "ckpt.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY,
		      MPI_INFO_NULL, &fh);
	for (s = 0; s < 10; s++)
		MPI_File_write_at_all(fh, (MPI_Offset)s * N * 8, data, N,
				      MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_sync(fh);
	MPI_File_close(&fh);
}

/* 3 dataset writes whose size the dataspace holds */
void save_h5(const double *v, hid_t space)
{
	hid_t f = H5Fcreate("out.h5", H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hid_t d = H5Dcreate2(f, "v", H5T_NATIVE_DOUBLE, space, H5P_DEFAULT,
			     H5P_DEFAULT, H5P_DEFAULT);
	int i;

	for (i = 0; i < 3; i++)
		H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
	H5Dclose(d);
	H5Fclose(f);
}

/* 5 record writes (t = 0..4) */
void save_nc(MPI_Comm comm, const float *v)
{
	MPI_Offset start[1] = {0}, count[1] = {N};
	int nc, var, t, dim = 0;

	ncmpi_create(comm, "out.nc", NC_CLOBBER, MPI_INFO_NULL, &nc);
	ncmpi_def_var(nc, "v", 5, 1, &dim, &var);
	ncmpi_enddef(nc);
	for (t = 0; t <= 4; t++)
		ncmpi_put_vara_float_all(nc, var, start, count, v);
	ncmpi_close(nc);
}
