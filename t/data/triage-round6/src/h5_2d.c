/* 4 ranks write a 2-D dataset N x N doubles, each a block of N/np columns, independent (i) or collective (c) */
#include <hdf5.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	int coll = argv[1][0] == 'c'; hsize_t n = atoi(argv[3]);
	hid_t fa = H5Pcreate(H5P_FILE_ACCESS); H5Pset_fapl_mpio(fa, MPI_COMM_WORLD, MPI_INFO_NULL);
	hid_t f = H5Fcreate(argv[2], H5F_ACC_TRUNC, H5P_DEFAULT, fa);
	hsize_t dims[2] = {n, n}; hid_t fs = H5Screate_simple(2, dims, NULL);
	hid_t d = H5Dcreate(f, "field", H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	hsize_t start[2] = {0, r * (n / np)}, count[2] = {n, n / np};
	H5Sselect_hyperslab(fs, H5S_SELECT_SET, start, NULL, count, NULL);
	hid_t ms = H5Screate_simple(2, count, NULL);
	double *buf = malloc(n * (n / np) * sizeof *buf); for (size_t i = 0; i < n * (n / np); i++) buf[i] = r + i;
	hid_t x = H5Pcreate(H5P_DATASET_XFER); H5Pset_dxpl_mpio(x, coll ? H5FD_MPIO_COLLECTIVE : H5FD_MPIO_INDEPENDENT);
	H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, fs, x, buf);
	H5Pclose(x); H5Sclose(ms); H5Sclose(fs); H5Dclose(d); H5Fclose(f); H5Pclose(fa);
	MPI_Finalize(); return 0;
}
