/* PnetCDF, badly used: in independent data mode every rank writes its
 * part of a 1-D variable one value at a time (ncmpi_put_var1_double), the
 * ranks' values interleaved (element i * nprocs + rank), NVAL values each. */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdlib.h>
#define CK(e) do { int r_ = (e); if (r_ != NC_NOERR) MPI_Abort(MPI_COMM_WORLD, r_); } while (0)
int main(int argc, char **argv)
{
	int rank, np, nc, dim, var, n = atoi(argv[2]);
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	CK(ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER, MPI_INFO_NULL, &nc));
	CK(ncmpi_def_dim(nc, "n", (MPI_Offset)n * np, &dim));
	CK(ncmpi_def_var(nc, "v", NC_DOUBLE, 1, &dim, &var));
	CK(ncmpi_enddef(nc));
	CK(ncmpi_begin_indep_data(nc));
	for (int i = 0; i < n; i++) {
		MPI_Offset at = (MPI_Offset)i * np + rank;
		double v = rank + i * 1e-3;
		CK(ncmpi_put_var1_double(nc, var, &at, &v));
	}
	CK(ncmpi_end_indep_data(nc));
	CK(ncmpi_close(nc));
	MPI_Finalize();
	return 0;
}
