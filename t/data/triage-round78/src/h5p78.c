/* Round 78: parallel HDF5 output (labels78).
 * h5p78 coll M STEPS WORK EVERY FILE   : one shared file; every EVERY steps a dataset /fNNNN of the whole field
 *                                        (M doubles a rank), written with one collective H5Dwrite
 * h5p78 fpp  M STEPS WORK EVERY PREFIX : every EVERY steps each rank creates its own HDF5 file PREFIX_rR_sS.h5
 *                                        with its M doubles and 3 attributes
 * h5p78 fpr  M STEPS WORK EVERY PREFIX : (added after the labelled pass, as fpp's twin) each rank keeps one HDF5
 *                                        file PREFIX_rR.h5 open for the run, a dataset /sNNNN + attribute a step
 * WORK = sweeps of a 1-D relaxation over the rank's field per step, halo exchange with the neighbours. */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static double *f, *g;
static int rank, np;
static void compute(long m, int work)
{
	for (int w = 0; w < work; w++) {
		double lo = 0, hi = 0;
		int l = (rank + np - 1) % np, r = (rank + 1) % np;
		MPI_Sendrecv(&f[m - 1], 1, MPI_DOUBLE, r, 0, &lo, 1, MPI_DOUBLE, l, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&f[0], 1, MPI_DOUBLE, l, 1, &hi, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 0; i < m; i++) {
			double a = i ? f[i - 1] : lo, b = i < m - 1 ? f[i + 1] : hi;
			g[i] = 0.25 * a + 0.5 * f[i] + 0.25 * b + 1e-7 * (i % 5);
		}
		double *t = f; f = g; g = t;
	}
}
static void attr_d(hid_t loc, const char *name, double v)
{
	hid_t s = H5Screate(H5S_SCALAR);
	hid_t a = H5Acreate2(loc, name, H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT);
	H5Awrite(a, H5T_NATIVE_DOUBLE, &v);
	H5Aclose(a); H5Sclose(s);
}
static void coll_step(hid_t fid, long m, int st)
{
	char name[32];
	hsize_t d = (hsize_t)m * np, off = (hsize_t)m * rank, cnt = m;
	snprintf(name, sizeof name, "/f%04d", st);
	hid_t s = H5Screate_simple(1, &d, NULL);
	hid_t ds = H5Dcreate2(fid, name, H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	hid_t ms = H5Screate_simple(1, &cnt, NULL), x = H5Pcreate(H5P_DATASET_XFER);
	H5Sselect_hyperslab(s, H5S_SELECT_SET, &off, NULL, &cnt, NULL);
	H5Pset_dxpl_mpio(x, H5FD_MPIO_COLLECTIVE);
	H5Dwrite(ds, H5T_NATIVE_DOUBLE, ms, s, x, f);
	attr_d(ds, "time", st * 0.01);
	H5Pclose(x); H5Sclose(ms); H5Dclose(ds); H5Sclose(s);
}
static void fpr_step(hid_t fid, long m, int st)
{
	char name[32];
	hsize_t d = m;
	snprintf(name, sizeof name, "/s%04d", st);
	hid_t s = H5Screate_simple(1, &d, NULL);
	hid_t ds = H5Dcreate2(fid, name, H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, f);
	attr_d(ds, "time", st * 0.01);
	H5Dclose(ds); H5Sclose(s);
}
static void fpp_step(const char *prefix, long m, int st)
{
	char path[512];
	hsize_t d = m;
	snprintf(path, sizeof path, "%s_r%d_s%04d.h5", prefix, rank, st);
	hid_t fid = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hid_t s = H5Screate_simple(1, &d, NULL);
	hid_t ds = H5Dcreate2(fid, "field", H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, f);
	attr_d(ds, "time", st * 0.01);
	attr_d(fid, "rank", rank);
	attr_d(fid, "nranks", np);
	H5Dclose(ds); H5Sclose(s); H5Fclose(fid);
}
int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc != 7) {
		if (!rank)
			fprintf(stderr, "usage: h5p78 coll|fpp|fpr M STEPS WORK EVERY FILE|PREFIX\n");
		MPI_Finalize();
		return 2;
	}
	int fpp = !strcmp(argv[1], "fpp"), fpr = !strcmp(argv[1], "fpr");
	long m = atol(argv[2]);
	int steps = atoi(argv[3]), work = atoi(argv[4]), every = atoi(argv[5]);
	f = malloc(m * sizeof *f); g = malloc(m * sizeof *g);
	for (long i = 0; i < m; i++)
		f[i] = ((i + m * rank) % 101) * 0.01;
	hid_t fid = -1;
	if (fpr) {
		char path[512];
		snprintf(path, sizeof path, "%s_r%d.h5", argv[6], rank);
		fid = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	} else if (!fpp) {
		hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
		H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
		fid = H5Fcreate(argv[6], H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
		H5Pclose(fapl);
	}
	for (int st = 0; st < steps; st++) {
		compute(m, work);
		if ((st + 1) % every)
			continue;
		if (fpp)
			fpp_step(argv[6], m, st);
		else if (fpr)
			fpr_step(fid, m, st);
		else
			coll_step(fid, m, st);
	}
	if (!fpp)
		H5Fclose(fid);
	MPI_Finalize();
	return 0;
}
