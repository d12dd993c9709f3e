/*
 * h5gen: write an h5lmt or a TOKIO time-series HDF5 file of the numbers
 * given on standard input, for the shell tests of the HDF5 readers
 * (t/7224): missing samples as NaN or as /FSMissingGroup flags, time
 * stamps that skip steps.  libhdf5 is loaded with dlopen, as
 * lib/storage/h5.c loads it, so that the build needs no HDF5 header;
 * exit 77 when it is not installed.
 *
 *   h5gen OUT.h5 < numbers
 *
 * numbers: "h5lmt NOST NSTEPS" or "tokio NOST NSTEPS", then NSTEPS time
 * stamps, then the read table, the write table and (h5lmt) the missing
 * flags: h5lmt's are NOST rows of NSTEPS rates (bytes/s, column k the
 * rate from time stamp k-1 to k), TOKIO's NSTEPS rows of NOST bytes
 * (row k from time stamp k).  "nan" is a missing sample.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/banned.h"

typedef int64_t hid_t;
typedef unsigned long long hsize_t;

static struct {
	int (*open)(void);
	hid_t (*fcreate)(const char *, unsigned, hid_t, hid_t);
	int (*fclose)(hid_t);
	hid_t (*gcreate)(hid_t, const char *, hid_t, hid_t, hid_t);
	int (*gclose)(hid_t);
	hid_t (*screate)(int, const hsize_t *, const hsize_t *);
	int (*sclose)(hid_t);
	hid_t (*dcreate)(hid_t, const char *, hid_t, hid_t, hid_t, hid_t,
			 hid_t);
	int (*dwrite)(hid_t, hid_t, hid_t, hid_t, hid_t, const void *);
	int (*dclose)(hid_t);
	hid_t *dbl;
} h5;

static int load(void)
{
	static const char *const so[] = {
		"libhdf5_serial.so.103",
		"libhdf5_serial.so.200",
		"libhdf5_serial.so.310",
		"libhdf5.so.103",
		"libhdf5.so.200",
		"libhdf5.so.310",
		"libhdf5.so",
	};
	static const char *const names[] = {
		"H5open",
		"H5Fcreate",
		"H5Fclose",
		"H5Gcreate2",
		"H5Gclose",
		"H5Screate_simple",
		"H5Sclose",
		"H5Dcreate2",
		"H5Dwrite",
		"H5Dclose",
		"H5T_NATIVE_DOUBLE_g",
	};
	void *h = NULL, *f;
	size_t i;

	for (i = 0; !h && i < sizeof(so) / sizeof(*so); i++)
		h = dlopen(so[i], RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return -1;
	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		if (!(f = dlsym(h, names[i])))
			return -1;
		/* POSIX: dlsym's address fits a function pointer */
		memcpy((char *)&h5 + i * sizeof(f), &f, sizeof(f));
	}
	return h5.open();
}

/* n numbers from standard input */
static double *numbers(size_t n)
{
	double *v = malloc((n + 1) * sizeof(*v));
	size_t i;

	for (i = 0; v && i < n; i++)
		if (scanf("%lf", &v[i]) != 1) {
			free(v);
			return NULL;
		}
	return v;
}

/* dataset path (group/name) of rows x cols doubles (cols 0: rank 1) */
static int put(hid_t f, const char *grp, const char *name, size_t rows,
	       size_t cols)
{
	hsize_t dims[2] = {rows, cols};
	double *v = numbers(rows * (cols ? cols : 1));
	hid_t g = grp ? h5.gcreate(f, grp, 0, 0, 0) : f, s, d;
	int r = -1;

	if (v && g >= 0 && (s = h5.screate(cols ? 2 : 1, dims, NULL)) >= 0) {
		d = h5.dcreate(g, name, *h5.dbl, s, 0, 0, 0);
		if (d >= 0 && h5.dwrite(d, *h5.dbl, 0, 0, 0, v) >= 0)
			r = 0;
		if (d >= 0)
			h5.dclose(d);
		h5.sclose(s);
	}
	if (grp && g >= 0)
		h5.gclose(g);
	free(v);
	return r;
}

int main(int argc, char **argv)
{
	char kind[16];
	size_t nost, nsteps;
	hid_t f;
	int r;

	if (argc != 2) {
		fprintf(stderr, "usage: h5gen OUT.h5 < numbers\n");
		return 2;
	}
	if (load() < 0) {
		fprintf(stderr, "h5gen: cannot load libhdf5\n");
		return 77;
	}
	if (scanf("%15s %zu %zu", kind, &nost, &nsteps) != 3)
		return 2;
	f = h5.fcreate(argv[1], 2u /* H5F_ACC_TRUNC */, 0, 0);
	if (f < 0)
		return 1;
	if (!strcmp(kind, "h5lmt")) {
		r = put(f, "/FSStepsGroup", "FSStepsDataSet", nsteps, 0);
		if (r == 0)
			r = put(f, "/OSTReadGroup", "OSTBulkReadDataSet", nost,
				nsteps);
		if (r == 0)
			r = put(f, "/OSTWriteGroup", "OSTBulkWriteDataSet",
				nost, nsteps);
		if (r == 0)
			r = put(f, "/FSMissingGroup", "FSMissingDataSet", nost,
				nsteps);
	} else {
		hid_t g = h5.gcreate(f, "/datatargets", 0, 0, 0);

		r = g < 0 ? -1 : put(g, NULL, "timestamps", nsteps, 0);
		if (r == 0)
			r = put(g, NULL, "readbytes", nsteps, nost);
		if (r == 0)
			r = put(g, NULL, "writebytes", nsteps, nost);
		if (g >= 0)
			h5.gclose(g);
	}
	h5.fclose(f);
	if (r < 0)
		fprintf(stderr, "h5gen: cannot write %s\n", argv[1]);
	return r < 0 ? 1 : 0;
}
