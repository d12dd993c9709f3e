/* Round 52: parallel HDF5 output of a 1-D stencil solver (MPI-IO driver).
 * usage: h5p52 MODE NLOC_K STEPS SWEEPS EVERY FILE
 *   coll      every EVERY steps a new contiguous dataset of the whole field, collective transfer
 *   ext-big   a 2-D [step][N] dataset extended every step, chunk = one step's row, collective
 *   ext-small the same, chunk = 1 x 1024 doubles (8 KiB), independent transfer (HDF5's default)
 *   flush     ext-big plus a "step" attribute rewritten and H5Fflush(GLOBAL) every step
 *   flush-end ext-big plus the attribute rewritten every step, one flush at close
 * H5P52_NOFILL=1 in the environment: H5Pset_fill_time(NEVER) on the extended dataset (parallel HDF5
 * allocates chunks early and writes their fill value first: every chunk is otherwise written twice).
 * Prints the slowest rank's wall time (barrier to barrier). */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double *u, *v;
static int n, rank, size;

static void sweep(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		double l = 0, r = 0;
		int lft = rank > 0 ? rank - 1 : MPI_PROC_NULL, rgt = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
		MPI_Sendrecv(&u[n - 1], 1, MPI_DOUBLE, rgt, 0, &l, 1, MPI_DOUBLE, lft, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[0], 1, MPI_DOUBLE, lft, 1, &r, 1, MPI_DOUBLE, rgt, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (int i = 0; i < n; i++)
			v[i] = 0.25 * ((i ? u[i - 1] : l) + 2 * u[i] + (i < n - 1 ? u[i + 1] : r)) + 1e-9 * i;
		double *t = u; u = v; v = t;
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc != 7) { if (!rank) fprintf(stderr, "usage: h5p52 MODE NLOC_K STEPS SWEEPS EVERY FILE\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1];
	n = atoi(argv[2]) * 1024; int steps = atoi(argv[3]), sweeps = atoi(argv[4]), every = atoi(argv[5]);
	u = malloc(n * sizeof *u); v = malloc(n * sizeof *v);
	for (int i = 0; i < n; i++) u[i] = (rank * n + i) % 97;
	hsize_t N = (hsize_t)n * size;
	hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
	H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	hid_t f = H5Fcreate(argv[6], H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
	hid_t dx = H5Pcreate(H5P_DATASET_XFER);
	int ext = strncmp(mode, "ext", 3) == 0 || strncmp(mode, "flush", 5) == 0;
	if (strcmp(mode, "ext-small") != 0) H5Pset_dxpl_mpio(dx, H5FD_MPIO_COLLECTIVE);
	hid_t ds = -1, at = -1, as = H5Screate(H5S_SCALAR);
	if (ext) {
		hsize_t d0[2] = {0, N}, mx[2] = {H5S_UNLIMITED, N}, ch[2] = {1, N};
		if (strcmp(mode, "ext-small") == 0) ch[1] = 1024;
		hid_t sp = H5Screate_simple(2, d0, mx), dc = H5Pcreate(H5P_DATASET_CREATE);
		H5Pset_chunk(dc, 2, ch);
		if (getenv("H5P52_NOFILL")) H5Pset_fill_time(dc, H5D_FILL_TIME_NEVER);
		ds = H5Dcreate2(f, "u", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, dc, H5P_DEFAULT);
		H5Pclose(dc); H5Sclose(sp);
		if (strncmp(mode, "flush", 5) == 0)
			at = H5Acreate2(ds, "step", H5T_NATIVE_INT, as, H5P_DEFAULT, H5P_DEFAULT);
	}
	hsize_t cnt1[1] = {n}, cnt2[2] = {1, n};
	hid_t ms1 = H5Screate_simple(1, cnt1, NULL), ms2 = H5Screate_simple(2, cnt2, NULL);
	for (int s = 1; s <= steps; s++) {
		sweep(sweeps);
		if (ext) {
			hsize_t dims[2] = {s, N}, off[2] = {s - 1, (hsize_t)rank * n};
			H5Dset_extent(ds, dims);
			hid_t fs = H5Dget_space(ds);
			H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt2, NULL);
			H5Dwrite(ds, H5T_NATIVE_DOUBLE, ms2, fs, dx, u);
			H5Sclose(fs);
			if (at >= 0) H5Awrite(at, H5T_NATIVE_INT, &s);
			if (strcmp(mode, "flush") == 0) H5Fflush(f, H5F_SCOPE_GLOBAL);
		} else if (s % every == 0) {
			char name[32]; snprintf(name, sizeof name, "u_%05d", s);
			hsize_t dN[1] = {N}, off[1] = {(hsize_t)rank * n};
			hid_t fs = H5Screate_simple(1, dN, NULL);
			hid_t d = H5Dcreate2(f, name, H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
			H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt1, NULL);
			H5Dwrite(d, H5T_NATIVE_DOUBLE, ms1, fs, dx, u);
			H5Dclose(d); H5Sclose(fs);
		}
	}
	if (at >= 0) H5Aclose(at);
	if (ds >= 0) H5Dclose(ds);
	H5Sclose(as); H5Sclose(ms1); H5Sclose(ms2); H5Pclose(dx);
	H5Fclose(f);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0;
	if (!rank) printf("h5p52 %s np %d: %.3f s (u[0] %.6g)\n", mode, size, t, u[0]);
	H5Pclose(fapl);
	free(u); free(v);
	MPI_Finalize();
	return 0;
}
