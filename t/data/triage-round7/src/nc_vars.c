/* PnetCDF with many small variables: nc_vars i|c FILE NVARS LEN: NVARS 1-D double variables of LEN per rank, each rank its block, independent (i) or collective (c) puts */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>
#define CK(x) do { int e_ = (x); if (e_ != NC_NOERR) { fprintf(stderr, "%s\n", ncmpi_strerror(e_)); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	int coll = argv[1][0] == 'c', nv = atoi(argv[3]); MPI_Offset len = atol(argv[4]);
	int nc, dim, *v = malloc(sizeof(int) * nv); char name[32];
	CK(ncmpi_create(MPI_COMM_WORLD, argv[2], NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &nc));
	CK(ncmpi_def_dim(nc, "x", len * np, &dim));
	for (int i = 0; i < nv; i++) { snprintf(name, sizeof name, "var%03d", i); CK(ncmpi_def_var(nc, name, NC_DOUBLE, 1, &dim, &v[i])); }
	CK(ncmpi_enddef(nc));
	double *b = malloc(sizeof(double) * len); for (MPI_Offset j = 0; j < len; j++) b[j] = r + j;
	MPI_Offset st = r * len, ct = len;
	if (!coll) CK(ncmpi_begin_indep_data(nc));
	for (int i = 0; i < nv; i++) { if (coll) CK(ncmpi_put_vara_double_all(nc, v[i], &st, &ct, b)); else CK(ncmpi_put_vara_double(nc, v[i], &st, &ct, b)); }
	if (!coll) CK(ncmpi_end_indep_data(nc));
	CK(ncmpi_close(nc)); MPI_Finalize(); return 0;
}
