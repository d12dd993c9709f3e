/* app43: how application scientists write output (round 43 of issue 34's labelled set).
 * One C/MPI program with modes; each step does SWEEPS Jacobi sweeps over CELLS doubles (the "solver"),
 * then the mode's output. Arguments are key=value:
 *   mode=txt   how=each|bin  every step each rank dumps its N doubles to dir/f<step>.<rank>: one fprintf("%.15e\n")
 *              a value (each), or one fwrite of the raw array (bin)
 *   mode=ftn   every step each rank dumps N doubles to dir/f<step>.<rank> by a Fortran formatted WRITE a value
 *              (ftn43.f90: OPEN FORM='FORMATTED', WRITE(u,'(ES23.15)') a(i) in a loop)
 *   mode=bin   how=dflt|vbuf each rank appends REC-byte binary records (RECS a step) with fwrite to dir/r.<rank>:
 *              stdio's default buffer, or setvbuf of 1 MiB
 *   mode=log   how=flush|end  each rank's log dir/log.<rank>: fprintf a ~90 B line a step, fflush each step
 *              (flush) or only at fclose (end)
 *   mode=csv   how=rank0|parts  a table of ROWS rows x 6 columns a rank: MPI_Gather to rank 0, which writes
 *              dir/table.csv by fprintf a row (rank0); or every rank fprintf's its rows to dir/table.<rank>.csv
 *   mode=sub   how=coll|indep  each step one file dir/s<step>: a G x G double array in a PX x PY grid of blocks,
 *              file view MPI_Type_create_subarray, MPI_File_write_all (coll) or MPI_File_write (indep)
 *   mode=vec   how=coll|indep  each step one file dir/v<step>: rank-interleaved blocks of BLK bytes, file view
 *              MPI_Type_vector (COUNT blocks a rank, stride NP*BLK), write_all or write
 *   mode=wat   each step MPI_File_write_at_all of a contiguous BLK-byte block a rank into dir/w (offset (step*np+rank)*BLK)
 *   mode=shared how=shared|at  RECS records of REC bytes a rank a step to dir/sh: MPI_File_write_shared, or
 *              MPI_File_write_at at (rank*RECS*STEPS + i)*REC
 *   mode=ordered how=ordered|atall  RECS records a step, each MPI_File_write_ordered (or write_at_all at rank order)
 *   mode=restart  read back sub's files dir/s<k> (k < NFILES) through the same subarray view, MPI_File_read_all;
 *              cold=1: posix_fadvise(DONTNEED) each file before (pages dropped)
 * Prints "MODE np N steps S time T" from rank 0 (MPI_Wtime around the loop). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *arg(int c, char **v, const char *k, const char *d)
{
	size_t l = strlen(k);
	for (int i = 1; i < c; i++)
		if (!strncmp(v[i], k, l) && v[i][l] == '=')
			return v[i] + l + 1;
	return d;
}
#define IARG(k, d) atol(arg(argc, argv, k, d))
#define SARG(k, d) arg(argc, argv, k, d)

static double *grid, *g2;
static long cells;
static void solve(long sweeps)
{
	for (long s = 0; s < sweeps; s++) {
		for (long i = 1; i < cells - 1; i++)
			g2[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
		double *t = grid;
		grid = g2;
		g2 = t;
	}
}

void ftn_dump_(const char *name, const int *n, const double *a, int namelen);

static void drop(const char *p)
{
	int fd = open(p, O_RDONLY);
	if (fd >= 0) {
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int r, np;
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *mode = SARG("mode", "txt"), *how = SARG("how", ""), *dir = SARG("dir", ".");
	long steps = IARG("steps", "10"), sweeps = IARG("sweeps", "100"), n = IARG("n", "65536");
	long rec = IARG("rec", "64"), recs = IARG("recs", "1000"), blk = IARG("blk", "4096");
	long count = IARG("count", "256"), G = IARG("g", "2048"), rows = IARG("rows", "10000");
	long nfiles = IARG("nfiles", "4");
	int cold = IARG("cold", "0");
	cells = IARG("cells", "65536");
	grid = calloc(cells, 8);
	g2 = calloc(cells, 8);
	for (long i = 0; i < cells; i++)
		grid[i] = (double)(i % 97) / (r + 1);
	long bufn = n;
	if (!strcmp(mode, "vec"))
		bufn = count * blk / 8;
	if (!strcmp(mode, "wat"))
		bufn = blk / 8;
	if (!strcmp(mode, "shared") || !strcmp(mode, "ordered") || !strcmp(mode, "bin"))
		bufn = rec / 8 + 1;
	int px = np == 4 || np == 8 ? 2 : 1, py = np / px; /* a PX x PY grid of blocks */
	if (!strcmp(mode, "sub") || !strcmp(mode, "restart"))
		bufn = (G / px) * (G / py);
	double *a = malloc(bufn * 8 + 64);
	for (long i = 0; i < bufn; i++)
		a[i] = (double)r + i * 1e-3 + 1.0 / (i + 1);
	char p[512];
	FILE *f = NULL;
	MPI_File fh = MPI_FILE_NULL;
	MPI_Datatype ft = MPI_DATATYPE_NULL;
	if (!strcmp(mode, "sub") || !strcmp(mode, "restart")) {
		int gs[2] = {G, G}, ls[2] = {G / px, G / py}, st[2] = {(r / py) * (G / px), (r % py) * (G / py)};
		MPI_Type_create_subarray(2, gs, ls, st, MPI_ORDER_C, MPI_DOUBLE, &ft);
		MPI_Type_commit(&ft);
	}
	if (!strcmp(mode, "vec")) {
		MPI_Datatype v;
		MPI_Type_vector(count, blk / 8, np * blk / 8, MPI_DOUBLE, &v);
		MPI_Type_create_resized(v, 0, (MPI_Aint)count * np * blk, &ft);
		MPI_Type_commit(&ft);
		MPI_Type_free(&v);
	}
	if (!strcmp(mode, "bin")) {
		snprintf(p, sizeof p, "%s/r.%d", dir, r);
		f = fopen(p, "w");
		if (!strcmp(how, "vbuf"))
			setvbuf(f, malloc(1 << 20), _IOFBF, 1 << 20); /* glibc ignores the size when buf is NULL */
	}
	if (!strcmp(mode, "log")) {
		snprintf(p, sizeof p, "%s/log.%d", dir, r);
		f = fopen(p, "w");
	}
	if (!strcmp(mode, "wat") || !strcmp(mode, "shared") || !strcmp(mode, "ordered")) {
		snprintf(p, sizeof p, "%s/%s", dir, !strcmp(mode, "wat") ? "w" : "sh");
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	}
	double *tab = NULL;
	if (!strcmp(mode, "csv")) {
		tab = malloc(rows * 6 * 8);
		for (long i = 0; i < rows * 6; i++)
			tab[i] = (double)(i % 1000) * 0.37 + r;
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	for (long s = 0; s < steps; s++) {
		solve(sweeps);
		if (!strcmp(mode, "txt")) {
			snprintf(p, sizeof p, "%s/f%03ld.%d", dir, s, r);
			FILE *o = fopen(p, "w");
			if (!strcmp(how, "bin"))
				fwrite(a, 8, n, o);
			else
				for (long i = 0; i < n; i++)
					fprintf(o, "%.15e\n", a[i] + s);
			fclose(o);
		} else if (!strcmp(mode, "ftn")) {
			snprintf(p, sizeof p, "%s/f%03ld.%d", dir, s, r);
			int nn = n;
			ftn_dump_(p, &nn, a, strlen(p));
		} else if (!strcmp(mode, "bin")) {
			for (long i = 0; i < recs; i++) {
				a[0] = s * recs + i;
				fwrite(a, 1, rec, f);
			}
		} else if (!strcmp(mode, "log")) {
			fprintf(f, "step %6ld rank %3d residual %.12e dt %.6e cells %ld\n", s, r, grid[cells / 2], 1e-3, cells);
			if (!strcmp(how, "flush"))
				fflush(f);
		} else if (!strcmp(mode, "csv") && s == steps - 1) {
			if (!strcmp(how, "parts")) {
				snprintf(p, sizeof p, "%s/table.%d.csv", dir, r);
				FILE *o = fopen(p, "w");
				for (long i = 0; i < rows; i++) {
					double *x = tab + i * 6;
					fprintf(o, "%ld,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", r * rows + i, x[0], x[1], x[2], x[3], x[4], x[5]);
				}
				fclose(o);
			} else {
				double *all = r ? NULL : malloc(rows * 6 * 8 * np);
				MPI_Gather(tab, rows * 6, MPI_DOUBLE, all, rows * 6, MPI_DOUBLE, 0, MPI_COMM_WORLD);
				if (!r) {
					snprintf(p, sizeof p, "%s/table.csv", dir);
					FILE *o = fopen(p, "w");
					fprintf(o, "row,rho,u,v,w,p,T\n");
					for (long i = 0; i < rows * np; i++) {
						double *x = all + i * 6;
						fprintf(o, "%ld,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", i, x[0], x[1], x[2], x[3], x[4], x[5]);
					}
					fclose(o);
					free(all);
				}
				MPI_Barrier(MPI_COMM_WORLD);
			}
		} else if (!strcmp(mode, "sub") || !strcmp(mode, "vec")) {
			snprintf(p, sizeof p, "%s/%c%03ld", dir, mode[0], s);
			MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_Offset disp = !strcmp(mode, "vec") ? (MPI_Offset)r * blk : 0;
			MPI_File_set_view(fh, disp, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
			if (!strcmp(how, "indep"))
				MPI_File_write(fh, a, bufn, MPI_DOUBLE, MPI_STATUS_IGNORE);
			else
				MPI_File_write_all(fh, a, bufn, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		} else if (!strcmp(mode, "restart") && s < nfiles) {
			snprintf(p, sizeof p, "%s/s%03ld", dir, s);
			if (cold && !r)
				drop(p);
			MPI_Barrier(MPI_COMM_WORLD);
			MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
			MPI_File_set_view(fh, 0, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
			MPI_File_read_all(fh, a, bufn, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		} else if (!strcmp(mode, "wat")) {
			MPI_File_write_at_all(fh, ((MPI_Offset)s * np + r) * blk, a, blk / 8, MPI_DOUBLE, MPI_STATUS_IGNORE);
		} else if (!strcmp(mode, "shared")) {
			for (long i = 0; i < recs; i++) {
				MPI_Offset o = ((MPI_Offset)r * recs * steps + s * recs + i) * rec;
				if (!strcmp(how, "at"))
					MPI_File_write_at(fh, o, a, rec, MPI_BYTE, MPI_STATUS_IGNORE);
				else
					MPI_File_write_shared(fh, a, rec, MPI_BYTE, MPI_STATUS_IGNORE);
			}
		} else if (!strcmp(mode, "ordered")) {
			for (long i = 0; i < recs; i++) {
				MPI_Offset o = (((MPI_Offset)s * recs + i) * np + r) * rec;
				if (!strcmp(how, "atall"))
					MPI_File_write_at_all(fh, o, a, rec, MPI_BYTE, MPI_STATUS_IGNORE);
				else
					MPI_File_write_ordered(fh, a, rec, MPI_BYTE, MPI_STATUS_IGNORE);
			}
		}
	}
	if (f)
		fclose(f);
	if (fh != MPI_FILE_NULL)
		MPI_File_close(&fh);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0;
	if (!r)
		printf("%s np %d steps %ld time %.3f (%d)\n", mode, np, steps, t, grid[cells / 2] > 1e300);
	MPI_Finalize();
	return 0;
}
