/* Round 75: an OpenFOAM-style solver skeleton.  Each rank owns NC cells of a 1-D decomposed mesh and
 * relaxes the fields U (vector), p, phi, k, epsilon by Jacobi sweeps with a halo exchange.  Modes:
 *   uncoll NC STEPS SWEEPS INTERVAL ascii|binary PREC CASE   processorR/<time>/<field>, one file a field (STDIO)
 *   coll   NC STEPS SWEEPS INTERVAL CASE                     processors<N>/<time>/<field>, one file a field
 *                                                            for all ranks (MPI_File_write_at_all, binary)
 *   restart NC STEPS SWEEPS CASE TIME small|whole            read processorR/TIME/<field> (binary), then run;
 *                                                            small = one read(2) a value as a naive reader does */
#include <mpi.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NF 5
static const char *fname[NF] = {"U", "p", "phi", "k", "epsilon"};
static const int ncomp[NF] = {3, 1, 1, 1, 1};
static int rank, nproc;
static double *fld[NF], *tmp;
static long nc;

static void mkdirs(const char *p)
{
	char b[512];
	snprintf(b, sizeof b, "%s", p);
	for (char *s = b + 1; *s; s++)
		if (*s == '/') { *s = 0; mkdir(b, 0755); *s = '/'; }
	mkdir(b, 0755);
}

static void init(void)
{
	tmp = malloc(sizeof(double) * (3 * nc + 6));
	for (int f = 0; f < NF; f++) {
		fld[f] = malloc(sizeof(double) * (ncomp[f] * nc + 2 * ncomp[f]));
		for (long i = 0; i < ncomp[f] * nc + 2 * ncomp[f]; i++)
			fld[f][i] = (double)((i * 7 + rank * 13 + f) % 101) / 101.0;
	}
}

/* Jacobi sweeps on every field with halo exchange to the neighbour ranks */
static void step(int sweeps)
{
	int lo = rank - 1, hi = rank + 1;
	if (lo < 0) lo = MPI_PROC_NULL;
	if (hi >= nproc) hi = MPI_PROC_NULL;
	for (int s = 0; s < sweeps; s++)
		for (int f = 0; f < NF; f++) {
			int c = ncomp[f];
			long n = c * nc;
			double *a = fld[f];
			MPI_Sendrecv(a + c, c, MPI_DOUBLE, lo, 1, a + c + n, c, MPI_DOUBLE, hi, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Sendrecv(a + n, c, MPI_DOUBLE, hi, 2, a, c, MPI_DOUBLE, lo, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			for (long i = c; i < n + c; i++)
				tmp[i] = 0.25 * a[i - c] + 0.5 * a[i] + 0.25 * a[i + c] + 1e-6 * (f + 1);
			memcpy(a + c, tmp + c, sizeof(double) * n);
		}
}

static void header(FILE *fp, const char *cls, const char *obj, const char *fmt)
{
	fprintf(fp, "FoamFile\n{\n    version     2.0;\n    format      %s;\n    class       %s;\n"
		"    object      %s;\n}\n\ndimensions      [0 1 -1 0 0 0 0];\n\ninternalField   nonuniform List<%s>\n%ld\n(\n",
		fmt, cls, obj, strcmp(cls, "volVectorField") ? "scalar" : "vector", nc);
}

static void write_uncoll(const char *cas, double t, int ascii, int prec)
{
	char d[512], p[600];
	snprintf(d, sizeof d, "%s/processor%d/%g", cas, rank, t);
	mkdirs(d);
	for (int f = 0; f < NF; f++) {
		snprintf(p, sizeof p, "%s/%s", d, fname[f]);
		FILE *fp = fopen(p, "w");
		if (!fp) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
		header(fp, ncomp[f] == 3 ? "volVectorField" : "volScalarField", fname[f], ascii ? "ascii" : "binary");
		double *a = fld[f] + ncomp[f];
		if (!ascii)
			fwrite(a, sizeof(double), ncomp[f] * nc, fp);
		else if (ncomp[f] == 3)
			for (long i = 0; i < nc; i++)
				fprintf(fp, "(%.*g %.*g %.*g)\n", prec, a[3 * i], prec, a[3 * i + 1], prec, a[3 * i + 2]);
		else
			for (long i = 0; i < nc; i++)
				fprintf(fp, "%.*g\n", prec, a[i]);
		fputs(")\n;\n\nboundaryField\n{\n}\n", fp);
		fclose(fp);
	}
}

static void write_coll(const char *cas, double t)
{
	char d[512], p[600];
	snprintf(d, sizeof d, "%s/processors%d/%g", cas, nproc, t);
	if (rank == 0) mkdirs(d);
	MPI_Barrier(MPI_COMM_WORLD);
	for (int f = 0; f < NF; f++) {
		MPI_File fh;
		snprintf(p, sizeof p, "%s/%s", d, fname[f]);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		long n = ncomp[f] * nc;
		MPI_Offset off = 4096 + (MPI_Offset)rank * n * sizeof(double);
		if (rank == 0) {
			char h[4096];
			memset(h, ' ', sizeof h);
			int l = snprintf(h, sizeof h, "FoamFile { format binary; class decomposedBlockData; object %s; } nproc %d n %ld\n", fname[f], nproc, n);
			h[l] = ' ';
			MPI_File_write_at(fh, 0, h, sizeof h, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		MPI_File_write_at_all(fh, off, fld[f] + ncomp[f], n, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
}

static void read_restart(const char *cas, const char *t, int small)
{
	char p[600], c;
	for (int f = 0; f < NF; f++) {
		snprintf(p, sizeof p, "%s/processor%d/%s/%s", cas, rank, t, fname[f]);
		int fd = open(p, O_RDONLY);
		if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
		int paren = 0; /* skip the header up to the list's "(\n" */
		while (paren < 2 && read(fd, &c, 1) == 1)
			paren = (c == '(') ? 1 : (paren == 1 && c == '\n') ? 2 : 0;
		long n = ncomp[f] * nc;
		double *a = fld[f] + ncomp[f];
		if (small) {
			for (long i = 0; i < n; i++)
				if (read(fd, a + i, sizeof(double)) != sizeof(double)) break;
		} else {
			size_t got = 0, want = n * sizeof(double);
			while (got < want) {
				ssize_t r = read(fd, (char *)a + got, want - got);
				if (r <= 0) break;
				got += r;
			}
		}
		close(fd);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: see source\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1];
	nc = atol(argv[2]);
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	init();
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(mode, "restart"))
		read_restart(argv[5], argv[6], !strcmp(argv[7], "small"));
	for (int s = 1; s <= steps; s++) {
		step(sweeps);
		double t = s * 0.001;
		if (!strcmp(mode, "uncoll") && s % atoi(argv[5]) == 0)
			write_uncoll(argv[8], t, !strcmp(argv[6], "ascii"), atoi(argv[7]));
		else if (!strcmp(mode, "coll") && s % atoi(argv[5]) == 0)
			write_coll(argv[6], t);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double el = MPI_Wtime() - t0, mx;
	MPI_Reduce(&el, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("%s np %d: %.3f s\n", mode, nproc, mx);
	MPI_Finalize();
	return 0;
}
