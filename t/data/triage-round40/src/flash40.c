/* flash40.c: the FLASH-IO benchmark's pattern through parallel HDF5 (MPI-IO driver), written from
 * its published description: every ROUND (after STEPS steps of a stand-in solver) a checkpoint
 * file (header attributes; the tree datasets lrefine, nodetype, gid, coordinates, size, bounding
 * box; unknown names; 24 unknowns of NB blocks of 8x8x8 doubles a rank) and two plot files (4
 * variables as float, cell-centred, then with corners 9x9x9). Each rank writes its own blocks'
 * hyperslab of each dataset with the default (independent) transfer, as FLASH-IO does.
 * Usage: flash40 NB ROUNDS SWEEPS PREFIX [coll]
 * (coll: the same writes with a collective transfer property, H5Pset_dxpl_mpio COLLECTIVE: the twin) */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, np;
static const int NXB = 8, NVAR = 24;
static hid_t xfer = H5P_DEFAULT;

static void attr_int(hid_t o, const char *n, int v)
{
	hid_t s = H5Screate(H5S_SCALAR), a = H5Acreate2(o, n, H5T_NATIVE_INT, s, H5P_DEFAULT, H5P_DEFAULT);
	H5Awrite(a, H5T_NATIVE_INT, &v);
	H5Aclose(a);
	H5Sclose(s);
}

static void attr_str(hid_t o, const char *n, const char *v)
{
	hid_t t = H5Tcopy(H5T_C_S1);
	H5Tset_size(t, strlen(v) + 1);
	hid_t s = H5Screate(H5S_SCALAR), a = H5Acreate2(o, n, t, s, H5P_DEFAULT, H5P_DEFAULT);
	H5Awrite(a, t, v);
	H5Aclose(a);
	H5Sclose(s);
	H5Tclose(t);
}

/* One dataset of nb*np blocks of `per` elements each (dims: blocks x inner); each rank writes its
 * nb blocks. */
static void block_ds(hid_t f, const char *n, hid_t type, int rk, const hsize_t *inner, long nb,
		     const void *buf)
{
	hsize_t d[5], off[5] = {0}, cnt[5];
	d[0] = (hsize_t)nb * np;
	cnt[0] = nb;
	off[0] = (hsize_t)nb * rank;
	for (int i = 1; i < rk; i++) d[i] = cnt[i] = inner[i - 1];
	hid_t fs = H5Screate_simple(rk, d, NULL), ms = H5Screate_simple(rk, cnt, NULL);
	hid_t ds = H5Dcreate2(f, n, type, fs, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt, NULL);
	H5Dwrite(ds, type, ms, fs, xfer, buf);
	H5Dclose(ds);
	H5Sclose(fs);
	H5Sclose(ms);
}

static hid_t create(const char *name)
{
	hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
	H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
	hid_t f = H5Fcreate(name, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
	H5Pclose(fapl);
	attr_str(f, "file creation time", "2026-11-30 00:00:00");
	attr_str(f, "flash version", "FLASH-IO kernel (flash40)");
	attr_str(f, "run comment", "Sedov-like test, uniform blocks");
	attr_int(f, "total blocks", 0);
	attr_int(f, "number of steps", 0);
	attr_int(f, "nxb", NXB);
	return f;
}

static void tree(hid_t f, long nb)
{
	int *iv = malloc(nb * 15 * sizeof(int));
	double *dv = malloc(nb * 6 * sizeof(double));
	for (long i = 0; i < nb * 15; i++) iv[i] = (int)(rank * nb + i % nb);
	for (long i = 0; i < nb * 6; i++) dv[i] = rank + i * 0.5;
	hsize_t three = 3, gid = 15, bb[2] = {3, 2};
	block_ds(f, "lrefine", H5T_NATIVE_INT, 1, NULL, nb, iv);
	block_ds(f, "nodetype", H5T_NATIVE_INT, 1, NULL, nb, iv);
	block_ds(f, "gid", H5T_NATIVE_INT, 2, &gid, nb, iv);
	block_ds(f, "coordinates", H5T_NATIVE_DOUBLE, 2, &three, nb, dv);
	block_ds(f, "size", H5T_NATIVE_DOUBLE, 2, &three, nb, dv);
	block_ds(f, "bounding box", H5T_NATIVE_DOUBLE, 3, bb, nb, dv);
	free(iv);
	free(dv);
}

static void checkpoint(const char *pfx, int r, long nb, double *u)
{
	char name[512];
	snprintf(name, sizeof name, "%s_hdf5_chk_%04d", pfx, r);
	hid_t f = create(name);
	tree(f, nb);
	hsize_t inner[3] = {NXB, NXB, NXB};
	long per = (long)NXB * NXB * NXB;
	for (int v = 0; v < NVAR; v++) {
		char vn[8];
		snprintf(vn, sizeof vn, "v%02d", v);
		for (long i = 0; i < nb * per; i++) u[i] = v + r + i * 1e-7;
		block_ds(f, vn, H5T_NATIVE_DOUBLE, 4, inner, nb, u);
	}
	H5Fclose(f);
}

static void plot(const char *pfx, int r, long nb, float *p, int corners)
{
	char name[512];
	snprintf(name, sizeof name, "%s_hdf5_plt_%s_%04d", pfx, corners ? "crn" : "cnt", r);
	hid_t f = create(name);
	tree(f, nb);
	int e = NXB + (corners ? 1 : 0);
	hsize_t inner[3] = {e, e, e};
	for (int v = 0; v < 4; v++) {
		char vn[8];
		snprintf(vn, sizeof vn, "p%02d", v);
		for (long i = 0; i < nb * e * e * e; i++) p[i] = (float)(v + r + i * 1e-4);
		block_ds(f, vn, H5T_NATIVE_FLOAT, 4, inner, nb, p);
	}
	H5Fclose(f);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) {
		if (!rank) fprintf(stderr, "usage: flash40 NB ROUNDS SWEEPS PREFIX\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	if (argc > 5 && !strcmp(argv[5], "coll")) {
		xfer = H5Pcreate(H5P_DATASET_XFER);
		H5Pset_dxpl_mpio(xfer, H5FD_MPIO_COLLECTIVE);
	}
	long nb = atol(argv[1]), n = 1L << 16;
	int rounds = atoi(argv[2]), sweeps = atoi(argv[3]);
	double *u = malloc(nb * 512 * sizeof(double)), *g = calloc(n, 8), *t = calloc(n, 8);
	float *p = malloc(nb * 729 * sizeof(float));
	for (long i = 0; i < n; i++) g[i] = (double)((rank * n + i) % 1000);
	int L = (rank + np - 1) % np, R = (rank + 1) % np;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < sweeps; k++) {
			MPI_Sendrecv(&g[1], 1, MPI_DOUBLE, L, 0, &g[n - 1], 1, MPI_DOUBLE, R, 0, MPI_COMM_WORLD,
				     MPI_STATUS_IGNORE);
			for (long i = 1; i + 1 < n; i++) t[i] = 0.5 * g[i] + 0.25 * (g[i - 1] + g[i + 1]);
			double *x = g;
			g = t;
			t = x;
		}
		checkpoint(argv[4], r, nb, u);
		plot(argv[4], r, nb, p, 0);
		plot(argv[4], r, nb, p, 1);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double e = MPI_Wtime() - t0, mx;
	MPI_Reduce(&e, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("flash40 np %d: %.3f s\n", np, mx);
	MPI_Finalize();
	return 0;
}
