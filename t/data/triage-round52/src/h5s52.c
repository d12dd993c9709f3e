/* Round 52: serial HDF5 (sec2 driver), one process.
 * usage: h5s52 contig NDSETS SWEEPS FILE : a 2-D field (512 x 1024 doubles, 4 MiB) relaxed SWEEPS times between
 *          saves, saved NDSETS times as a new contiguous dataset of one file (metadata once, one file)
 *        h5s52 mk FILE                 : the post-processing input: 2048 x 2048 doubles, chunks of 128 rows
 *          (2 MiB), deflate level 1 (made before the runs, without Darshan)
 *        h5s52 colread CACHE_MB FILE   : post-processing: column blocks of 64 x 2048 read one at a time and
 *          reduced (a column spectrum), with a raw-data chunk cache of CACHE_MB MiB (HDF5's default is 1) */
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define R 2048
#define C 2048

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

static int contig(int nd, int sweeps, const char *file)
{
	int nr = 512, nc = 1024;
	double *u = malloc(sizeof(double) * nr * nc), *v = malloc(sizeof(double) * nr * nc);
	for (int i = 0; i < nr * nc; i++) u[i] = (i % 101) * 0.01;
	hid_t f = H5Fcreate(file, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hsize_t d[2] = {nr, nc};
	hid_t sp = H5Screate_simple(2, d, NULL);
	for (int k = 0; k < nd; k++) {
		for (int s = 0; s < sweeps; s++) {
			for (int i = 1; i < nr - 1; i++)
				for (int j = 1; j < nc - 1; j++)
					v[i * nc + j] = 0.25 * (u[(i - 1) * nc + j] + u[(i + 1) * nc + j] + u[i * nc + j - 1] + u[i * nc + j + 1]);
			double *t = u; u = v; v = t;
		}
		char name[32]; snprintf(name, sizeof name, "field_%04d", k);
		hid_t ds = H5Dcreate2(f, name, H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, u);
		H5Dclose(ds);
	}
	H5Sclose(sp); H5Fclose(f);
	printf("h5s52 contig: u[1000] %.6g\n", u[1000]);
	return 0;
}

static int mk(const char *file)
{
	double *a = malloc(sizeof(double) * R * C);
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) a[i * C + j] = round(1e4 * sin(i * 0.003) * cos(j * 0.002)) / 1e4;
	hid_t f = H5Fcreate(file, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hsize_t d[2] = {R, C}, ch[2] = {128, C};
	hid_t sp = H5Screate_simple(2, d, NULL), dc = H5Pcreate(H5P_DATASET_CREATE);
	H5Pset_chunk(dc, 2, ch); H5Pset_deflate(dc, 1);
	hid_t ds = H5Dcreate2(f, "field", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, dc, H5P_DEFAULT);
	H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, a);
	H5Dclose(ds); H5Pclose(dc); H5Sclose(sp); H5Fclose(f);
	return 0;
}

static int colread(int cache_mb, const char *file)
{
	hid_t fa = H5Pcreate(H5P_FILE_ACCESS);
	H5Pset_cache(fa, 0, 521, (size_t)cache_mb << 20, 0.75);
	hid_t f = H5Fopen(file, H5F_ACC_RDONLY, fa);
	if (f < 0) { fprintf(stderr, "h5s52: cannot open %s\n", file); return 1; }
	hid_t ds = H5Dopen2(f, "field", H5P_DEFAULT), fs = H5Dget_space(ds);
	hsize_t cnt[2] = {R, 64};
	hid_t ms = H5Screate_simple(2, cnt, NULL);
	double *b = malloc(sizeof(double) * R * 64), tot = 0;
	for (int c0 = 0; c0 < C; c0 += 64) {
		hsize_t off[2] = {0, c0};
		H5Sselect_hyperslab(fs, H5S_SELECT_SET, off, NULL, cnt, NULL);
		H5Dread(ds, H5T_NATIVE_DOUBLE, ms, fs, H5P_DEFAULT, b);
		/* a slow real transform of each column: O(R * 48) terms */
		for (int j = 0; j < 64; j++)
			for (int k = 1; k <= 48; k++) {
				double s = 0;
				for (int i = 0; i < R; i++) s += b[i * 64 + j] * cos(k * i * 0.0015);
				tot += s * s;
			}
	}
	printf("h5s52 colread cache %d MiB: power %.6g\n", cache_mb, tot);
	H5Sclose(ms); H5Sclose(fs); H5Dclose(ds); H5Fclose(f); H5Pclose(fa);
	return 0;
}

int main(int argc, char **argv)
{
	double t0 = now();
	int rc = 2;
	if (argc == 5 && !strcmp(argv[1], "contig")) rc = contig(atoi(argv[2]), atoi(argv[3]), argv[4]);
	else if (argc == 3 && !strcmp(argv[1], "mk")) rc = mk(argv[2]);
	else if (argc == 4 && !strcmp(argv[1], "colread")) rc = colread(atoi(argv[2]), argv[3]);
	else fprintf(stderr, "usage: h5s52 contig N SWEEPS FILE | mk FILE | colread CACHE_MB FILE\n");
	printf("h5s52 %s: %.3f s\n", argc > 1 ? argv[1] : "?", now() - t0);
	return rc;
}
