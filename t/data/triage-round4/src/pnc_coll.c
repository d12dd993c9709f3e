/* PnetCDF, well-behaved: 4 ranks define a variable T[NT][512][512] of
 * doubles (2 MiB a step) and each time step write their quarter of the
 * rows with one collective ncmpi_put_vara_double_all. */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdlib.h>
#define CK(e) do { int r_ = (e); if (r_ != NC_NOERR) MPI_Abort(MPI_COMM_WORLD, r_); } while (0)
int main(int argc, char **argv)
{
	int rank, np, nc, dims[3], var, nt = atoi(argv[2]);
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	MPI_Offset ny = 512, nx = 512, my = ny / np;
	double *b = malloc(my * nx * sizeof *b);
	for (MPI_Offset i = 0; i < my * nx; i++)
		b[i] = rank + i * 1e-6;
	CK(ncmpi_create(MPI_COMM_WORLD, argv[1], NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &nc));
	CK(ncmpi_def_dim(nc, "time", NC_UNLIMITED, &dims[0]));
	CK(ncmpi_def_dim(nc, "y", ny, &dims[1]));
	CK(ncmpi_def_dim(nc, "x", nx, &dims[2]));
	CK(ncmpi_def_var(nc, "T", NC_DOUBLE, 3, dims, &var));
	CK(ncmpi_enddef(nc));
	for (int t = 0; t < nt; t++) {
		MPI_Offset start[3] = {t, rank * my, 0}, count[3] = {1, my, nx};
		CK(ncmpi_put_vara_double_all(nc, var, start, count, b));
	}
	CK(ncmpi_close(nc));
	free(b);
	MPI_Finalize();
	return 0;
}
