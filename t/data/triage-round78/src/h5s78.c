/* Round 78: serial HDF5 output patterns (labels78).
 * h5s78 ext    STEPS WORK FILE : one dataset T[unlimited][N] extended one step at a time, chunk = one 1 MiB row
 * h5s78 grp    STEPS WORK FILE : a group per step, 8 contiguous 32 KiB datasets + 4 attributes each
 * h5s78 reopen STEPS WORK FILE : as grp, but H5Fopen/H5Fclose around every dataset (and the group's attributes)
 * WORK = sweeps of a 1-D relaxation over the field per step (real arithmetic). */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N 131072
#define NS 8
#define SN 4096
static double *f, *g;
static void compute(int work)
{
	for (int w = 0; w < work; w++) {
		for (int i = 1; i < N - 1; i++)
			g[i] = 0.25 * f[i - 1] + 0.5 * f[i] + 0.25 * f[i + 1] + 1e-6 * (i % 7);
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
static void attr_s(hid_t loc, const char *name, const char *v)
{
	hid_t s = H5Screate(H5S_SCALAR), t = H5Tcopy(H5T_C_S1);
	H5Tset_size(t, strlen(v) + 1);
	hid_t a = H5Acreate2(loc, name, t, s, H5P_DEFAULT, H5P_DEFAULT);
	H5Awrite(a, t, v);
	H5Aclose(a); H5Tclose(t); H5Sclose(s);
}
static void small_ds(hid_t grp, int k)
{
	static const char *names[NS] = {"rho", "u", "v", "w", "p", "T", "Y1", "Y2"};
	hsize_t d = SN;
	hid_t s = H5Screate_simple(1, &d, NULL);
	hid_t ds = H5Dcreate2(grp, names[k], H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, f + k * SN);
	attr_s(ds, "units", "SI");
	H5Dclose(ds); H5Sclose(s);
}
static void grp_attrs(hid_t grp, int step)
{
	attr_d(grp, "time", step * 0.01);
	attr_d(grp, "dt", 0.01);
	attr_d(grp, "step", step);
	attr_s(grp, "label", "output step");
}
static int run_grp(int steps, int work, const char *path, int reopen)
{
	hid_t fid = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	char name[32];
	for (int st = 0; st < steps; st++) {
		compute(work);
		snprintf(name, sizeof name, "/step%05d", st);
		if (reopen) {
			H5Fclose(fid);
			fid = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
		}
		hid_t grp = H5Gcreate2(fid, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		grp_attrs(grp, st);
		for (int k = 0; k < NS; k++) {
			if (reopen) {
				H5Gclose(grp); H5Fclose(fid);
				fid = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
				grp = H5Gopen2(fid, name, H5P_DEFAULT);
			}
			small_ds(grp, k);
		}
		H5Gclose(grp);
	}
	H5Fclose(fid);
	return 0;
}
static int run_ext(int steps, int work, const char *path)
{
	hid_t fid = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hsize_t dims[2] = {0, N}, maxd[2] = {H5S_UNLIMITED, N}, chunk[2] = {1, N};
	hid_t s = H5Screate_simple(2, dims, maxd), dcpl = H5Pcreate(H5P_DATASET_CREATE);
	H5Pset_chunk(dcpl, 2, chunk);
	hid_t ds = H5Dcreate2(fid, "T", H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, dcpl, H5P_DEFAULT);
	H5Sclose(s);
	for (int st = 0; st < steps; st++) {
		compute(work);
		hsize_t nd[2] = {(hsize_t)st + 1, N}, off[2] = {(hsize_t)st, 0}, cnt[2] = {1, N};
		H5Dset_extent(ds, nd);
		hid_t fs = H5Dget_space(ds), ms = H5Screate_simple(2, cnt, NULL);
		H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt, NULL);
		H5Dwrite(ds, H5T_NATIVE_DOUBLE, ms, fs, H5P_DEFAULT, f);
		H5Sclose(fs); H5Sclose(ms);
	}
	attr_d(ds, "dt", 0.01);
	H5Dclose(ds); H5Pclose(dcpl); H5Fclose(fid);
	return 0;
}
int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: h5s78 ext|grp|reopen STEPS WORK FILE\n");
		return 2;
	}
	int steps = atoi(argv[2]), work = atoi(argv[3]);
	f = malloc(N * sizeof *f); g = malloc(N * sizeof *g);
	for (int i = 0; i < N; i++)
		f[i] = g[i] = (i % 97) * 0.01;
	if (!strcmp(argv[1], "ext"))
		return run_ext(steps, work, argv[4]);
	if (!strcmp(argv[1], "grp"))
		return run_grp(steps, work, argv[4], 0);
	if (!strcmp(argv[1], "reopen"))
		return run_grp(steps, work, argv[4], 1);
	fprintf(stderr, "h5s78: unknown mode %s\n", argv[1]);
	return 2;
}
