/* h5_meta: metadata-heavy HDF5: each rank makes its own file (default
 * sec2 driver) with G groups, each holding A small scalar attributes and
 * one 16-element dataset; then reopens the file and reads every attribute. */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	int rank, g, a, G, A;
	char path[512], name[64];
	double v[16] = {0};
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	G = atoi(argv[2]);
	A = atoi(argv[3]);
	snprintf(path, sizeof path, "%s.%d.h5", argv[1], rank);
	hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hid_t s1 = H5Screate(H5S_SCALAR);
	hsize_t d16 = 16;
	hid_t s16 = H5Screate_simple(1, &d16, NULL);
	for (g = 0; g < G; g++) {
		snprintf(name, sizeof name, "g%05d", g);
		hid_t gr = H5Gcreate2(f, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		for (a = 0; a < A; a++) {
			double x = g + a * 0.1;
			snprintf(name, sizeof name, "attr%02d", a);
			hid_t at = H5Acreate2(gr, name, H5T_NATIVE_DOUBLE, s1, H5P_DEFAULT, H5P_DEFAULT);
			H5Awrite(at, H5T_NATIVE_DOUBLE, &x);
			H5Aclose(at);
		}
		hid_t ds = H5Dcreate2(gr, "data", H5T_NATIVE_DOUBLE, s16, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
		H5Dclose(ds);
		H5Gclose(gr);
	}
	H5Fclose(f);
	f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
	for (g = 0; g < G; g++) {
		snprintf(name, sizeof name, "g%05d", g);
		hid_t gr = H5Gopen2(f, name, H5P_DEFAULT);
		for (a = 0; a < A; a++) {
			double x;
			snprintf(name, sizeof name, "attr%02d", a);
			hid_t at = H5Aopen(gr, name, H5P_DEFAULT);
			H5Aread(at, H5T_NATIVE_DOUBLE, &x);
			H5Aclose(at);
		}
		hid_t ds = H5Dopen2(gr, "data", H5P_DEFAULT);
		H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
		H5Dclose(ds);
		H5Gclose(gr);
	}
	H5Fclose(f);
	H5Sclose(s1);
	H5Sclose(s16);
	MPI_Finalize();
	return 0;
}
