/* h5tiny FILE N MODE: serial HDF5, MODE many: N datasets of 8 doubles (64 B) each, one H5Dwrite each;
 * MODE one: one dataset of N x 8 doubles, one H5Dwrite (the same bytes) */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
	if (argc != 4) { fprintf(stderr, "usage: h5tiny FILE N many|one\n"); return 2; }
	int n = atoi(argv[2]), many = !strcmp(argv[3], "many"); double t0 = now();
	double *v = malloc(sizeof(double) * 8 * (size_t)n); for (long i = 0; i < 8L * n; i++) v[i] = i;
	hid_t f = H5Fcreate(argv[1], H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	if (many) {
		hsize_t d = 8; hid_t s = H5Screate_simple(1, &d, NULL); char nm[32];
		for (int i = 0; i < n; i++) {
			snprintf(nm, sizeof nm, "v%05d", i);
			hid_t ds = H5Dcreate2(f, nm, H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
			H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v + 8L * i); H5Dclose(ds);
		}
		H5Sclose(s);
	} else {
		hsize_t d[2] = { (hsize_t)n, 8 }; hid_t s = H5Screate_simple(2, d, NULL);
		hid_t ds = H5Dcreate2(f, "v", H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v); H5Dclose(ds); H5Sclose(s);
	}
	H5Fclose(f); free(v); printf("h5tiny %s: %.3f s\n", argv[3], now() - t0); return 0;
}
