/* HDF5 with small chunks: each rank creates its own file (file per
 * process, sec2 driver) with a 2-D float dataset of 2048 x 2048 chunked
 * 16 x 16 (1 KiB chunks, 16384 of them) and writes it one row at a time. */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	int rank;
	char path[512];
	hsize_t dims[2] = {2048, 2048}, chunk[2] = {16, 16};
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	snprintf(path, sizeof path, "%s.%d.h5", argv[1], rank);
	float *row = malloc(dims[1] * sizeof *row);
	hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hid_t sp = H5Screate_simple(2, dims, NULL);
	hid_t pl = H5Pcreate(H5P_DATASET_CREATE);
	H5Pset_chunk(pl, 2, chunk);
	hid_t d = H5Dcreate2(f, "field", H5T_NATIVE_FLOAT, sp, H5P_DEFAULT, pl, H5P_DEFAULT);
	hsize_t rdims[2] = {1, dims[1]};
	hid_t ms = H5Screate_simple(2, rdims, NULL);
	for (hsize_t y = 0; y < dims[0]; y++) {
		hsize_t start[2] = {y, 0};
		for (hsize_t x = 0; x < dims[1]; x++)
			row[x] = (float)(y * dims[1] + x);
		H5Sselect_hyperslab(sp, H5S_SELECT_SET, start, NULL, rdims, NULL);
		H5Dwrite(d, H5T_NATIVE_FLOAT, ms, sp, H5P_DEFAULT, row);
	}
	H5Sclose(ms);
	H5Dclose(d);
	H5Pclose(pl);
	H5Sclose(sp);
	H5Fclose(f);
	free(row);
	MPI_Finalize();
	return 0;
}
