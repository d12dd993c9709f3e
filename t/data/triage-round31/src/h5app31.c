/* h5app31.c: a stencil code that checkpoints through parallel HDF5 (MPI-IO driver) every EVERY
 * steps: one file, a new 1-D dataset of nprocs*CELLS doubles a checkpoint, each rank its own
 * contiguous hyperslab, with the default (independent) or a collective transfer property.
 * Usage: h5app31 CELLS_K STEPS SWEEPS EVERY FILE indep|coll */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 7) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	long n = atol(argv[1]) * 1024;
	int steps = atoi(argv[2]), sweeps = atoi(argv[3]), every = atoi(argv[4]);
	double *g = calloc(n + 2, 8), *t = calloc(n + 2, 8);
	for (long i = 1; i <= n; i++) g[i] = (double)((rank * n + i) % 1000);
	int L = rank > 0 ? rank - 1 : MPI_PROC_NULL, R = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
	H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
	hid_t f = H5Fcreate(argv[5], H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
	hid_t xf = H5Pcreate(H5P_DATASET_XFER);
	if (!strcmp(argv[6], "coll")) H5Pset_dxpl_mpio(xf, H5FD_MPIO_COLLECTIVE);
	for (int s = 1; s <= steps; s++) {
		for (int k = 0; k < sweeps; k++) {
			MPI_Sendrecv(&g[1], 1, MPI_DOUBLE, L, 0, &g[n + 1], 1, MPI_DOUBLE, R, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Sendrecv(&g[n], 1, MPI_DOUBLE, R, 1, &g[0], 1, MPI_DOUBLE, L, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			for (long i = 1; i <= n; i++) t[i] = 0.5 * g[i] + 0.25 * (g[i - 1] + g[i + 1]);
			double *x = g; g = t; t = x;
		}
		if (s % every) continue;
		char name[32];
		snprintf(name, sizeof name, "step%06d", s);
		hsize_t dims = (hsize_t)n * np, off = (hsize_t)n * rank, cnt = n;
		hid_t fs = H5Screate_simple(1, &dims, NULL), ms = H5Screate_simple(1, &cnt, NULL);
		hid_t d = H5Dcreate2(f, name, H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		H5Sselect_hyperslab(fs, H5S_SELECT_SET, &off, NULL, &cnt, NULL);
		H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, fs, xf, &g[1]);
		H5Dclose(d); H5Sclose(fs); H5Sclose(ms);
	}
	H5Pclose(xf); H5Fclose(f); H5Pclose(fapl);
	MPI_Barrier(MPI_COMM_WORLD);
	double e = MPI_Wtime() - t0, mx;
	MPI_Reduce(&e, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("h5app31 %s np %d: %.3f s\n", argv[6], np, mx);
	MPI_Finalize();
	return 0;
}
