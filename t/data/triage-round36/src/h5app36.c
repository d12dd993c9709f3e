/* h5app36.c: a stencil code (as app36.c) that writes its output through parallel HDF5 (MPI-IO driver)
 * every EVERY steps, into one file, in one of four layouts:
 *   small   NDS small 1-D datasets an output (256 doubles a rank each), each with two attributes
 *   one     the same values as one dataset an output (NDS*256 doubles a rank, contiguous), one attribute
 *   chunk   the whole field as one 1-D dataset an output, chunked in 4096-double (32 KiB) chunks
 *   chunknf as chunk, with H5Pset_fill_time(H5D_FILL_TIME_NEVER): parallel HDF5 allocates chunked
 *           datasets early and, by default, writes their fill value first
 *   contig  the whole field as one contiguous 1-D dataset an output
 * each rank its own hyperslab, with independent (H5FD_MPIO_INDEPENDENT) or collective transfers.
 * Usage: h5app36 CELLS_K STEPS SWEEPS EVERY FILE indep|coll small|one|chunk|chunknf|contig NDS */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, np;

static void attrs(hid_t d, int k, double v)
{
	hsize_t one = 1;
	hid_t sp = H5Screate_simple(1, &one, NULL);
	hid_t a = H5Acreate2(d, "time", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, H5P_DEFAULT);
	H5Awrite(a, H5T_NATIVE_DOUBLE, &v);
	H5Aclose(a);
	a = H5Acreate2(d, "index", H5T_NATIVE_INT, sp, H5P_DEFAULT, H5P_DEFAULT);
	H5Awrite(a, H5T_NATIVE_INT, &k);
	H5Aclose(a);
	H5Sclose(sp);
}

static void put(hid_t f, const char *name, hsize_t per, double *src, hid_t xf, hid_t dcpl, int k)
{
	hsize_t dims = per * np, off = per * rank, cnt = per;
	hid_t fs = H5Screate_simple(1, &dims, NULL), ms = H5Screate_simple(1, &cnt, NULL);
	hid_t d = H5Dcreate2(f, name, H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, dcpl, H5P_DEFAULT);
	H5Sselect_hyperslab(fs, H5S_SELECT_SET, &off, NULL, &cnt, NULL);
	H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, fs, xf, src);
	if (k >= 0) attrs(d, k, src[0]);
	H5Dclose(d); H5Sclose(fs); H5Sclose(ms);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 9) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	long n = atol(argv[1]) * 1024;
	int steps = atoi(argv[2]), sweeps = atoi(argv[3]), every = atoi(argv[4]), nds = atoi(argv[8]);
	const char *lay = argv[7];
	double *g = calloc(n + 2, 8), *t = calloc(n + 2, 8);
	for (long i = 1; i <= n; i++) g[i] = (double)((rank * n + i) % 1000);
	int L = rank > 0 ? rank - 1 : MPI_PROC_NULL, R = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
	H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
	hid_t f = H5Fcreate(argv[5], H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
	hid_t xf = H5Pcreate(H5P_DATASET_XFER), dcpl = H5Pcreate(H5P_DATASET_CREATE);
	if (!strcmp(argv[6], "coll")) H5Pset_dxpl_mpio(xf, H5FD_MPIO_COLLECTIVE);
	if (!strncmp(lay, "chunk", 5)) { hsize_t c = 4096; H5Pset_chunk(dcpl, 1, &c); }
	if (!strcmp(lay, "chunknf")) H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER);
	for (int s = 1; s <= steps; s++) {
		for (int k = 0; k < sweeps; k++) {
			MPI_Sendrecv(&g[1], 1, MPI_DOUBLE, L, 0, &g[n + 1], 1, MPI_DOUBLE, R, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Sendrecv(&g[n], 1, MPI_DOUBLE, R, 1, &g[0], 1, MPI_DOUBLE, L, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			for (long i = 1; i <= n; i++) t[i] = 0.5 * g[i] + 0.25 * (g[i - 1] + g[i + 1]);
			double *x = g; g = t; t = x;
		}
		if (s % every) continue;
		char name[64];
		if (!strcmp(lay, "small")) {
			for (int k = 0; k < nds; k++) {
				snprintf(name, sizeof name, "s%06d_var%04d", s, k);
				put(f, name, 256, &g[1 + (k * 256) % (n - 256)], xf, dcpl, k);
			}
		} else if (!strcmp(lay, "one")) {
			snprintf(name, sizeof name, "s%06d_all", s);
			hsize_t per = (hsize_t)nds * 256 < (hsize_t)n ? (hsize_t)nds * 256 : (hsize_t)n;
			put(f, name, per, &g[1], xf, dcpl, s);
		} else {
			snprintf(name, sizeof name, "step%06d", s);
			put(f, name, n, &g[1], xf, dcpl, -1);
		}
	}
	H5Pclose(dcpl); H5Pclose(xf); H5Fclose(f); H5Pclose(fapl);
	MPI_Barrier(MPI_COMM_WORLD);
	double e = MPI_Wtime() - t0, mx;
	MPI_Reduce(&e, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("h5app36 %s %s np %d: %.3f s\n", lay, argv[6], np, mx);
	MPI_Finalize();
	return 0;
}
