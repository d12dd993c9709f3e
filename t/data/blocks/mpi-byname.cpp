// t/6100: the same in C++, where an undeclared name is an error, not an
// implicit declaration: HDF5 calls known by name without hdf5.h
#include <hdf5.h>

static int vals[256];

static void save(const char *path)
{
	hsize_t dims[1] = {256};
	hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hid_t s = H5Screate_simple(1, dims, NULL);
	hid_t d = H5Dcreate2(f, "v", H5T_NATIVE_INT, s, H5P_DEFAULT,
			     H5P_DEFAULT, H5P_DEFAULT);

	for (int i = 0; i < 3; i++)
		H5Dwrite(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, vals);
	H5Dclose(d);
	H5Sclose(s);
	H5Fclose(f);
}

int main()
{
	save("byname.h5");
	return 0;
}
