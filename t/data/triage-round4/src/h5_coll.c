/* Parallel HDF5, well-behaved: 4 ranks open one file with the MPI-IO
 * driver and write a contiguous 2-D double dataset, each rank its block of
 * rows (16 MiB), with one collective H5Dwrite. */
#include <hdf5.h>
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	hsize_t rows = 1024, cols = 2048, my = rows / np;
	hsize_t dims[2] = {rows, cols}, start[2] = {rank * my, 0}, cnt[2] = {my, cols};
	double *b = malloc(my * cols * sizeof *b);
	for (hsize_t i = 0; i < my * cols; i++)
		b[i] = rank + i * 1e-9;
	hid_t fa = H5Pcreate(H5P_FILE_ACCESS);
	H5Pset_fapl_mpio(fa, MPI_COMM_WORLD, MPI_INFO_NULL);
	hid_t f = H5Fcreate(argv[1], H5F_ACC_TRUNC, H5P_DEFAULT, fa);
	hid_t sp = H5Screate_simple(2, dims, NULL);
	hid_t d = H5Dcreate2(f, "field", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	hid_t ms = H5Screate_simple(2, cnt, NULL);
	H5Sselect_hyperslab(sp, H5S_SELECT_SET, start, NULL, cnt, NULL);
	hid_t xf = H5Pcreate(H5P_DATASET_XFER);
	H5Pset_dxpl_mpio(xf, H5FD_MPIO_COLLECTIVE);
	H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, sp, xf, b);
	H5Pclose(xf);
	H5Sclose(ms);
	H5Dclose(d);
	H5Sclose(sp);
	H5Fclose(f);
	H5Pclose(fa);
	free(b);
	MPI_Finalize();
	return 0;
}
