/* app111: an OpenFOAM-like CFD case under MPI (round 111 of issue 34).
 *   app111 decomp CASE NPROC NCELLS          serial: read the mesh and initial fields, write processorN/ dirs
 *   app111 solve CASE NSTEPS WEVERY NCELLS OUT RES
 *     every rank reads its processorN/constant/polyMesh and processorN/0 fields (stdio), iterates a
 *     Jacobi-like sweep, rank 0 logs residuals and a probe each iteration, every WEVERY steps fields are
 *     written: OUT = uncollated (processorN/T/F through stdio), collated (processors/T, one file a time
 *     step, MPI-IO collective), unbuf (processorN/T/F, one write(2) a cell line);
 *     RES = stdio (files kept open) or fsync (open O_APPEND, write, fsync, close every iteration). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static const char *fields[] = {"U", "p", "k", "epsilon", "nut", "T"};
#define NF 6
static const char *meshf[] = {"points", "faces", "owner", "neighbour", "boundary"};
#define NM 5

static void mkdirs(const char *p)
{
	char b[512]; snprintf(b, sizeof b, "%s", p);
	for (char *s = b + 1; *s; s++) if (*s == '/') { *s = 0; mkdir(b, 0755); *s = '/'; }
	mkdir(b, 0755);
}

static void write_field(const char *path, const double *v, int n, const char *name)
{
	FILE *f = fopen(path, "w");
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	fprintf(f, "FoamFile\n{\n    format ascii;\n    class volScalarField;\n    object %s;\n}\n%d\n(\n", name, n);
	for (int i = 0; i < n; i++) fprintf(f, "%.10e\n", v[i]);
	fprintf(f, ")\n");
	fclose(f);
}

static int read_field(const char *path, double *v, int n)
{
	FILE *f = fopen(path, "r"); char line[256]; int i = 0;
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (fgets(line, sizeof line, f) && strcmp(line, "(\n")) ;
	while (i < n && fgets(line, sizeof line, f)) v[i++] = atof(line);
	fclose(f);
	return i;
}

static void decomp(const char *c, int np, int n)
{
	char p[512]; double *v = malloc(sizeof(double) * n * np);
	snprintf(p, sizeof p, "%s/constant/polyMesh", c); mkdirs(p);
	for (int i = 0; i < n * np; i++) v[i] = sin(i * 0.001);
	for (int m = 0; m < NM; m++) { snprintf(p, sizeof p, "%s/constant/polyMesh/%s", c, meshf[m]); write_field(p, v, n * np, meshf[m]); }
	snprintf(p, sizeof p, "%s/0", c); mkdirs(p);
	for (int f = 0; f < NF; f++) { snprintf(p, sizeof p, "%s/0/%s", c, fields[f]); write_field(p, v, n * np, fields[f]); }
	/* the decomposition proper: read the whole mesh and fields back, write each processor's part */
	for (int m = 0; m < NM + NF; m++) {
		const char *nm = m < NM ? meshf[m] : fields[m - NM];
		snprintf(p, sizeof p, m < NM ? "%s/constant/polyMesh/%s" : "%s/0/%s", c, nm);
		read_field(p, v, n * np);
		for (int r = 0; r < np; r++) {
			snprintf(p, sizeof p, m < NM ? "%s/processor%d/constant/polyMesh" : "%s/processor%d/0", c, r); mkdirs(p);
			snprintf(p + strlen(p), sizeof p - strlen(p), "/%s", nm);
			write_field(p, v + (size_t)r * n, n, nm);
		}
	}
	free(v);
}

static void write_step(const char *c, const char *out, int rank, int np, int step, double **fv, int n)
{
	char p[512];
	if (!strcmp(out, "collated")) {
		/* one file per time step: each rank's ASCII block of every field, at its offset, collectively */
		int w = 18; size_t sz = (size_t)NF * n * w; char *buf = malloc(sz + 1);
		for (int f = 0; f < NF; f++) for (int i = 0; i < n; i++) snprintf(buf + ((size_t)f * n + i) * w, w + 1, "%.10e\n", fv[f][i]);
		snprintf(p, sizeof p, "%s/processors%d/%d", c, np, step);
		if (rank == 0) mkdirs(p);
		MPI_Barrier(MPI_COMM_WORLD);
		strcat(p, "/fields"); MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * sz, buf, (int)sz, MPI_CHAR, MPI_STATUS_IGNORE);
		MPI_File_close(&fh); free(buf);
		return;
	}
	snprintf(p, sizeof p, "%s/processor%d/%d", c, rank, step); mkdirs(p);
	for (int f = 0; f < NF; f++) {
		char q[600]; snprintf(q, sizeof q, "%s/%s", p, fields[f]);
		if (!strcmp(out, "uncollated")) { write_field(q, fv[f], n, fields[f]); continue; }
		int fd = open(q, O_WRONLY | O_CREAT | O_TRUNC, 0644); char l[64];
		for (int i = 0; i < n; i++) { int k = snprintf(l, sizeof l, "%.10e\n", fv[f][i]); if (write(fd, l, k) != k) MPI_Abort(MPI_COMM_WORLD, 2); }
		close(fd);
	}
}

static void logline(const char *path, FILE **fp, const char *res, const char *line)
{
	if (!strcmp(res, "stdio")) {
		if (!*fp) *fp = fopen(path, "a");
		fputs(line, *fp); return;
	}
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (write(fd, line, strlen(line)) < 0 || fsync(fd)) MPI_Abort(MPI_COMM_WORLD, 3);
	close(fd);
}

static void solve(const char *c, int nsteps, int wevery, int n, const char *out, const char *res)
{
	int rank, np; char p[512]; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	double *mesh = malloc(sizeof(double) * n), *fv[NF];
	for (int m = 0; m < NM; m++) { snprintf(p, sizeof p, "%s/processor%d/constant/polyMesh/%s", c, rank, meshf[m]); read_field(p, mesh, n); }
	for (int f = 0; f < NF; f++) { fv[f] = malloc(sizeof(double) * n); snprintf(p, sizeof p, "%s/processor%d/0/%s", c, rank, fields[f]); read_field(p, fv[f], n); }
	char rp[512], pp[512]; FILE *rf = NULL, *pf = NULL;
	snprintf(rp, sizeof rp, "%s/postProcessing/residuals.dat", c); snprintf(pp, sizeof pp, "%s/postProcessing/probes_U.dat", c);
	if (rank == 0) { snprintf(p, sizeof p, "%s/postProcessing", c); mkdirs(p); }
	for (int s = 1; s <= nsteps; s++) {
		double r = 0;
		for (int sweep = 0; sweep < 40; sweep++)
			for (int f = 0; f < NF; f++) for (int i = 1; i < n - 1; i++) {
				double nv = 0.5 * (fv[f][i - 1] + fv[f][i + 1]) * 0.999 + 0.001 * mesh[i];
				r += fabs(nv - fv[f][i]); fv[f][i] = nv;
			}
		double g; MPI_Allreduce(&r, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0) {
			char l[256];
			snprintf(l, sizeof l, "%d\t%.6e\t%.6e\t%.6e\n", s, g, g * 0.5, g * 0.25); logline(rp, &rf, res, l);
			snprintf(l, sizeof l, "%d\t(%.6e %.6e %.6e)\n", s, fv[0][n / 2], fv[0][n / 3], fv[0][n / 4]); logline(pp, &pf, res, l);
		}
		if (s % wevery == 0) write_step(c, out, rank, np, s, fv, n);
	}
	if (rf) fclose(rf);
	if (pf) fclose(pf);
	for (int f = 0; f < NF; f++) free(fv[f]);
	free(mesh);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	if (argc >= 5 && !strcmp(argv[1], "decomp")) decomp(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (argc >= 8 && !strcmp(argv[1], "solve")) solve(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6], argv[7]);
	else { fprintf(stderr, "usage: see the comment at the top of app111.c\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	MPI_Finalize();
	return 0;
}
