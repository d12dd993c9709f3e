/* round 8: h5chunk FILE MIB CHUNK_BYTES: one rank (sec2 driver) writes a 1-D double dataset of MIB MiB, chunked, in 1 MiB hyperslabs */
#include <hdf5.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	hsize_t n = (hsize_t)atol(argv[2]) * 131072, ck = (hsize_t)atol(argv[3]) / 8, piece = 131072;
	double *b = malloc(piece * sizeof *b); for (hsize_t i = 0; i < piece; i++) b[i] = (double)i;
	hid_t f = H5Fcreate(argv[1], H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), sp = H5Screate_simple(1, &n, NULL), pl = H5Pcreate(H5P_DATASET_CREATE);
	H5Pset_chunk(pl, 1, &ck);
	hid_t d = H5Dcreate2(f, "x", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, pl, H5P_DEFAULT), ms = H5Screate_simple(1, &piece, NULL);
	for (hsize_t o = 0; o < n; o += piece) { H5Sselect_hyperslab(sp, H5S_SELECT_SET, &o, NULL, &piece, NULL); H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, sp, H5P_DEFAULT, b); }
	H5Sclose(ms); H5Dclose(d); H5Pclose(pl); H5Sclose(sp); H5Fclose(f); free(b);
	MPI_Finalize(); return 0;
}
