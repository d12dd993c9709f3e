/* app165.c - round 165 (labels165): finite-volume CFD with an OpenFOAM-like layout.
 * A case is CASE/processorN/{constant/polyMesh/{points,faces,owner,neighbour},<time>/{U,p,phi,T,k,epsilon}}
 * (the uncollated fileHandler: one file per processor per field per written time). Each binary field file is
 * like OpenFOAM's binary format: an ASCII "FoamFile" header, the binary internalField, an ASCII boundaryField
 * trailer, assembled in memory and written with one write(2).  Decomposition is uneven (22/24/26/28 % of the cells for 4 ranks).
 *   gen CASE NC P TIME         write the decomposed mesh and the fields of time TIME for P processors (no MPI, run
 *                              without Darshan)
 *   drop CASE P TIME           posix_fadvise DONTNEED on the mesh and TIME's fields (reads reach the device)
 *   run CASE NC STEPS WI T0 FMT [probe]
 *                              every rank reads its mesh and the fields of time T0 (probe: a 1 KiB header read before
 *                              reading each field file whole, as a reader checking the FoamFile class does), runs STEPS
 *                              pseudo-time steps (compute + a residual Allreduce), writes all 6 fields every WI steps
 *                              into processorN/<time>/; rank 0 appends a residual line a step to CASE/log.solver and a
 *                              forces line to CASE/postProcessing/forces/0/forces.dat with fprintf.
 *                              FMT binary: header + data + trailer in one write; ascii: one write(2) per value line;
 *                              asciibuf: the same text assembled in a 1 MiB buffer and written in 1 MiB writes.
 * COMPUTE (env) scales the per-step compute passes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <sys/stat.h>

static int rank = 0, np = 1, passes = 1;
static const char *FN[6] = { "U", "p", "phi", "T", "k", "epsilon" };
static const char *FC[6] = { "volVectorField", "volScalarField", "surfaceScalarField", "volScalarField", "volScalarField", "volScalarField" };

static void die(const char *m) { perror(m); if (np > 1) MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }

static long cells_of(long NC, int P, int r)
{	/* uneven decomposition: 22/24/26/28 % for 4, else even */
	if (P == 4) { static const int f[4] = { 22, 24, 26, 28 }; return NC * f[r] / 100; }
	return NC / P;
}
/* number of values of field i for nc cells */
static long nval(int i, long nc) { return i == 0 ? 3 * nc : i == 2 ? 3 * nc : nc; }

static void mkdirs(const char *p)
{
	char b[1024]; snprintf(b, sizeof b, "%s", p);
	for (char *s = b + 1; *s; s++) if (*s == '/') { *s = 0; if (mkdir(b, 0755) && errno != EEXIST) die(b); *s = '/'; }
	if (mkdir(b, 0755) && errno != EEXIST) die(b);
}

static int header(char *h, const char *cls, const char *loc, const char *obj, long n, int ascii)
{
	return snprintf(h, 2048,
		"/*--------------------------------*- C++ -*----------------------------------*\\\n"
		"  =========                 |\n  \\\\      /  F ield         | OpenFOAM-like: app165\n"
		"   \\\\    /   O peration     |\n    \\\\  /    A nd           |\n     \\\\/     M anipulation  |\n"
		"\\*---------------------------------------------------------------------------*/\n"
		"FoamFile\n{\n    version     2.0;\n    format      %s;\n    arch        \"LSB;label=32;scalar=64\";\n"
		"    class       %s;\n    location    \"%s\";\n    object      %s;\n}\n"
		"// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //\n\n"
		"dimensions      [0 1 -1 0 0 0 0];\n\ninternalField   nonuniform List<scalar> \n%ld\n(",
		ascii ? "ascii" : "binary", cls, loc, obj, n);
}
static const char TRAILER[] = ")\n;\n\nboundaryField\n{\n    inlet\n    {\n        type            fixedValue;\n"
	"        value           uniform 1;\n    }\n    outlet\n    {\n        type            zeroGradient;\n    }\n"
	"    walls\n    {\n        type            noSlip;\n    }\n    procBoundary%dto%d\n    {\n"
	"        type            processor;\n    }\n}\n\n// ************************************************************************* //\n";

static void wall(int fd, const void *b, size_t n, const char *p)
{
	const char *c = b;
	while (n) { ssize_t w = write(fd, c, n); if (w <= 0) die(p); c += w; n -= w; }
}

/* write one field file: fmt 0 binary, 1 ascii per value, 2 ascii buffered */
static void write_field(const char *path, const char *cls, const char *loc, const char *obj, const double *v, long n, int fmt)
{
	char h[2048], t[1024];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(path);
	int hl = header(h, cls, loc, obj, n, fmt != 0);
	int tl = snprintf(t, sizeof t, TRAILER, rank, (rank + 1) % (np > 1 ? np : 2));
	if (fmt == 0) {	/* binary: assembled in memory (as a stream's buffer would) and written with one write(2) */
		size_t dl = n * sizeof *v; char *b = malloc(hl + dl + tl);
		memcpy(b, h, hl); memcpy(b + hl, v, dl); memcpy(b + hl + dl, t, tl);
		wall(fd, b, hl + dl + tl, path); free(b);
		if (close(fd)) die(path);
		return;
	}
	wall(fd, h, hl, path);
	if (0) ;
	else if (fmt == 1) {
		char l[64];
		for (long i = 0; i < n; i++) { int k = snprintf(l, sizeof l, "%.10g\n", v[i]); wall(fd, l, k, path); }
	} else {
		size_t cap = 1 << 20, used = 0; char *b = malloc(cap + 64);
		for (long i = 0; i < n; i++) {
			used += snprintf(b + used, 64, "%.10g\n", v[i]);
			if (used >= cap) { wall(fd, b, cap, path); memmove(b, b + cap, used - cap); used -= cap; }
		}
		if (used) wall(fd, b, used, path);
		free(b);
	}
	wall(fd, t, tl, path);
	if (close(fd)) die(path);
}

/* read one file whole (one read of its size, after an optional 1 KiB header probe) */
static long read_file(const char *path, char **buf, int probe)
{
	int fd = open(path, O_RDONLY); if (fd < 0) die(path);
	if (probe) { char h[1024]; if (pread(fd, h, sizeof h, 0) < 0) die(path); }
	struct stat st; if (fstat(fd, &st)) die(path);
	*buf = realloc(*buf, st.st_size + 1);
	long got = 0;
	while (got < st.st_size) { ssize_t r = pread(fd, *buf + got, st.st_size - got, got); if (r <= 0) die(path); got += r; }
	close(fd);
	return got;
}

static void mesh_sizes(long nc, long *npts, long *nf, long *nin) { *npts = nc + nc / 20 + 100; *nf = 3 * nc + nc / 10; *nin = 3 * nc - nc / 10; }

static void gen_proc(const char *cas, long nc, int r, int P, const char *tm)
{
	char d[1024], p[1100]; long npts, nf, nin; mesh_sizes(nc, &npts, &nf, &nin);
	rank = r; np = P;
	snprintf(d, sizeof d, "%s/processor%d/constant/polyMesh", cas, r); mkdirs(d);
	long mx = 3 * npts > 4 * nf ? 3 * npts : 4 * nf;
	double *v = malloc(mx * sizeof *v);
	for (long i = 0; i < mx; i++) v[i] = sin(i * 0.001 + r) * 0.5;
	snprintf(p, sizeof p, "%s/points", d); write_field(p, "vectorField", "constant/polyMesh", "points", v, 3 * npts, 0);
	snprintf(p, sizeof p, "%s/faces", d); write_field(p, "faceCompactList", "constant/polyMesh", "faces", v, 2 * nf, 0);
	snprintf(p, sizeof p, "%s/owner", d); write_field(p, "labelList", "constant/polyMesh", "owner", v, nf / 2, 0);
	snprintf(p, sizeof p, "%s/neighbour", d); write_field(p, "labelList", "constant/polyMesh", "neighbour", v, nin / 2, 0);
	snprintf(d, sizeof d, "%s/processor%d/%s", cas, r, tm); mkdirs(d);
	for (int i = 0; i < 6; i++) { snprintf(p, sizeof p, "%s/%s", d, FN[i]); write_field(p, FC[i], tm, FN[i], v, nval(i, nc), 0); }
	free(v);
}

static void drop(const char *path)
{
	int fd = open(path, O_RDONLY); if (fd < 0) die(path);
	fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd);
}

static void run(const char *cas, long NC, int steps, int wi, const char *t0, int fmt, int probe)
{
	long nc = cells_of(NC, np, rank), npts, nf, nin; mesh_sizes(nc, &npts, &nf, &nin);
	char d[1024], p[1100]; char *buf = NULL; long in = 0;
	static const char *MF[4] = { "points", "faces", "owner", "neighbour" };
	for (int i = 0; i < 4; i++) { snprintf(p, sizeof p, "%s/processor%d/constant/polyMesh/%s", cas, rank, MF[i]); in += read_file(p, &buf, probe); }
	double *f[6];
	for (int i = 0; i < 6; i++) {
		snprintf(p, sizeof p, "%s/processor%d/%s/%s", cas, rank, t0, FN[i]); long got0 = read_file(p, &buf, probe); in += got0;
		f[i] = malloc(nval(i, nc) * sizeof(double));
		for (long j = 0; j < nval(i, nc); j++) f[i][j] = (unsigned char)buf[(j * 8 + 700) % (got0 - 8)] * 1e-2 + 1e-6 * j;
	}
	FILE *log = NULL, *frc = NULL;
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/log.solver", cas); log = fopen(p, "a"); if (!log) die(p);
		snprintf(d, sizeof d, "%s/postProcessing/forces/0", cas); mkdirs(d);
		snprintf(p, sizeof p, "%s/forces.dat", d); frc = fopen(p, "w"); if (!frc) die(p);
		fprintf(frc, "# Time  forces(pressure viscous) moments(pressure viscous)\n");
	}
	double t = atof(t0), dt = 0.001, sink = 0;
	for (int s = 1; s <= steps; s++) {
		t += dt;
		double res[6];
		for (int i = 0; i < 6; i++) {
			double a = 0; long n = nval(i, nc);
			for (int q = 0; q < passes; q++)
				for (long j = 1; j < n - 1; j++) { f[i][j] = 0.999 * f[i][j] + 0.0005 * (f[i][j - 1] + f[i][j + 1]); a += fabs(f[i][j]) * 1e-9; }
			res[i] = a;
		}
		MPI_Allreduce(MPI_IN_PLACE, res, 6, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		sink += res[0];
		if (rank == 0) {
			for (int i = 0; i < 6; i++)
				fprintf(log, "smoothSolver:  Solving for %s, Initial residual = %.6g, Final residual = %.6g, No Iterations 3\n", FN[i], res[i], res[i] * 0.01);
			fprintf(log, "ExecutionTime = %.2f s  ClockTime = %d s\n\nTime = %g\n\n", MPI_Wtime(), (int)MPI_Wtime(), t);
			fprintf(frc, "%g\t((%g %g %g) (%g %g %g))\t((%g 0 0) (0 0 %g))\n", t, res[0], res[1], res[2], res[3], res[4], res[5], res[0], res[1]);
		}
		if (s % wi == 0) {
			char tm[64]; snprintf(tm, sizeof tm, "%g", t);
			snprintf(d, sizeof d, "%s/processor%d/%s", cas, rank, tm); mkdirs(d);
			for (int i = 0; i < 6; i++) { snprintf(p, sizeof p, "%s/%s", d, FN[i]); write_field(p, FC[i], tm, FN[i], f[i], nval(i, nc), fmt); }
			if (rank == 0) fprintf(log, "writing fields at time %s\n", tm);
		}
	}
	if (rank == 0) { fprintf(log, "End\n"); fclose(log); fclose(frc); printf("run: %ld cells, %d steps, write every %d, read %ld B on rank 0, sink %.4g\n", NC, steps, wi, in, sink); }
	free(buf);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) {
		if (argc < 6) return 2;
		for (int r = 0; r < atoi(argv[4]); r++) gen_proc(argv[2], cells_of(atol(argv[3]), atoi(argv[4]), r), r, atoi(argv[4]), argv[5]);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "drop")) {
		char p[1100]; static const char *MF[4] = { "points", "faces", "owner", "neighbour" };
		for (int r = 0; r < atoi(argv[3]); r++) {
			for (int i = 0; i < 4; i++) { snprintf(p, sizeof p, "%s/processor%d/constant/polyMesh/%s", argv[2], r, MF[i]); drop(p); }
			for (int i = 0; i < 6; i++) { snprintf(p, sizeof p, "%s/processor%d/%s/%s", argv[2], r, argv[4], FN[i]); drop(p); }
		}
		return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) passes = atoi(getenv("COMPUTE"));
	if (argc < 8 || strcmp(argv[1], "run")) { if (!rank) fprintf(stderr, "usage: see header\n"); MPI_Finalize(); return 2; }
	int fmt = !strcmp(argv[7], "ascii") ? 1 : !strcmp(argv[7], "asciibuf") ? 2 : 0;
	run(argv[2], atol(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6], fmt, argc > 8 && !strcmp(argv[8], "probe"));
	MPI_Finalize();
	return 0;
}
