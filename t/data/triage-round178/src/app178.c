/* Round 178 (labels178): quantum chemistry I/O patterns (Gaussian/NWChem/ORCA-like).
 * Modes:
 *  gen FILE KB                        make a basis-set library text file (outside Darshan)
 *  scfooc DIR NITER MIB               out-of-core SCF: per-rank integral file written once (1 MiB writes),
 *                                     read back whole every iteration (1 MiB reads); rank 0 .out (fprintf), .chk
 *  chkcoll DIR BASIS NITER MOMIB      every rank reads the basis library once (fgets); every 2nd iteration the MO
 *                                     coefficients are checkpointed to one .chk with MPI_File_write_at_all
 *  scratch DIR NITER NBATCH KB file|one|onebuf   per-batch scratch files (create, write, read back, unlink), or one
 *                                     file a rank (one: a pwrite/pread a batch; onebuf: batches gathered in a buffer,
 *                                     one write and one read a cycle)
 *  intsmall DIR NITER KB_PER_RANK RECB   integral file written and read back in RECB-byte records
 *  propfsync DIR NSTEPS each|end      geometry optimisation: rank 0 appends a property record each step (fsync each|end)
 * COMPUTE scales the compute per step (default 10). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, np;
static double sink;
static double compute(long n) { double s = 0; for (long i = 1; i <= n; i++) s += sin(i * 1e-3) * cos(i * 2e-3); sink += s; return s; }
static long cscale(void) { const char *c = getenv("COMPUTE"); return c ? atol(c) : 10; }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void fill(char *b, size_t n, long seed) { double *d = (double *)b; for (size_t i = 0; i < n / 8; i++) d[i] = 1.0 / (1 + seed + i); }

static void scfooc(const char *dir, int niter, int mib) {
	char fn[512]; size_t B = 1 << 20; char *buf = malloc(B); long cs = cscale();
	snprintf(fn, sizeof fn, "%s/ints.%d", dir, rank);
	FILE *out = NULL;
	if (rank == 0) { snprintf(fn, sizeof fn, "%s/job.out", dir); out = fopen(fn, "w"); fprintf(out, " Entering SCF, %d ranks, %d MiB integrals a rank\n", np, mib); snprintf(fn, sizeof fn, "%s/ints.%d", dir, rank); }
	int fd = open(fn, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die("open ints");
	for (int i = 0; i < mib; i++) { compute(cs * 2000); fill(buf, B, i + rank); if (write(fd, buf, B) != (ssize_t)B) die("write"); }
	close(fd);
	double e = 0;
	for (int it = 0; it < niter; it++) {
		fd = open(fn, O_RDONLY); if (fd < 0) die("open r");
		double f = 0;
		for (int i = 0; i < mib; i++) { if (read(fd, buf, B) != (ssize_t)B) die("read"); f += ((double *)buf)[i] ; compute(cs * 3000); }
		close(fd);
		MPI_Allreduce(&f, &e, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0) { fprintf(out, " Cycle %3d  E= %20.12f  Delta-E= %12.4e  RMSDP= %10.3e\n", it + 1, -76.0 - e * 1e-3, e * 1e-6 / (it + 1), 1e-3 / (it + 1)); for (int k = 0; k < 8; k++) fprintf(out, "   orbital %2d eigenvalue %14.8f occ 2.0\n", k, -20.0 + k * 1.3 + e * 1e-9); }
	}
	if (rank == 0) {
		fprintf(out, " SCF Done: E(RHF) = %20.12f after %d cycles\n", -76.0 - e * 1e-3, niter); fclose(out);
		snprintf(fn, sizeof fn, "%s/job.chk", dir); fd = open(fn, O_CREAT | O_TRUNC | O_WRONLY, 0644);
		fill(buf, B, 7); if (write(fd, buf, B) != (ssize_t)B) die("chk"); close(fd);
	}
	free(buf);
}

static void chkcoll(const char *dir, const char *basis, int niter, int momib) {
	long cs = cscale(); char line[256], fn[512]; int nsh = 0; double ex = 0;
	FILE *b = fopen(basis, "r"); if (!b) die("basis");
	while (fgets(line, sizeof line, b)) { double a, c; if (sscanf(line, "%lf %lf", &a, &c) == 2) { ex += a * c; nsh++; } }
	fclose(b);
	size_t tot = (size_t)momib << 20, mine = tot / np; char *buf = malloc(mine);
	FILE *out = NULL;
	if (rank == 0) { snprintf(fn, sizeof fn, "%s/job.out", dir); out = fopen(fn, "w"); fprintf(out, " Basis read: %d primitives\n", nsh); }
	snprintf(fn, sizeof fn, "%s/job.chk", dir);
	double e = 0;
	for (int it = 0; it < niter; it++) {
		double f = compute(cs * 60000 * (1 + rank % 2) / 2 + cs * 30000);
		MPI_Allreduce(&f, &e, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0) fprintf(out, " Cycle %3d  E= %20.12f  DIIS error %10.3e\n", it + 1, -230.0 - e * 1e-6, 1e-2 / (it + 1));
		if (it % 2 == 1) {
			MPI_File fh; fill(buf, mine, it + rank);
			if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("mpi open");
			MPI_File_write_at_all(fh, (MPI_Offset)rank * mine, buf, (int)mine, MPI_BYTE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
		}
	}
	if (rank == 0) { fprintf(out, " SCF Done after %d cycles, basis %.3f\n", niter, ex); fclose(out); }
	free(buf);
}

static void scratch(const char *dir, int niter, int nbatch, int kb, const char *var) {
	long cs = cscale(); size_t B = (size_t)kb << 10; char *buf = malloc(B), fn[512]; int one = !strcmp(var, "one") || !strcmp(var, "onebuf"), ob = !strcmp(var, "onebuf"); int fd1 = -1;
	char *big = ob ? malloc(B * nbatch) : NULL;
	if (one) { snprintf(fn, sizeof fn, "%s/scr.%d", dir, rank); fd1 = open(fn, O_CREAT | O_TRUNC | O_RDWR, 0644); if (fd1 < 0) die("scr"); }
	double t = 0;
	for (int it = 0; it < niter; it++) {
		for (int bt = 0; bt < nbatch; bt++) {
			compute(cs * 300); fill(buf, B, bt + it);
			if (ob) memcpy(big + (size_t)bt * B, buf, B);
			else if (one) { if (pwrite(fd1, buf, B, (off_t)bt * B) != (ssize_t)B) die("pw"); }
			else { snprintf(fn, sizeof fn, "%s/scr.%d.%d.%d", dir, rank, it, bt); int fd = open(fn, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die("o"); if (write(fd, buf, B) != (ssize_t)B) die("w"); close(fd); }
		}
		if (ob) { if (pwrite(fd1, big, B * nbatch, 0) != (ssize_t)(B * nbatch)) die("pwb"); if (pread(fd1, big, B * nbatch, 0) != (ssize_t)(B * nbatch)) die("prb"); }
		for (int bt = 0; bt < nbatch; bt++) {
			if (ob) memcpy(buf, big + (size_t)bt * B, B);
			else if (one) { if (pread(fd1, buf, B, (off_t)bt * B) != (ssize_t)B) die("pr"); }
			else { snprintf(fn, sizeof fn, "%s/scr.%d.%d.%d", dir, rank, it, bt); int fd = open(fn, O_RDONLY); if (fd < 0) die("o"); if (read(fd, buf, B) != (ssize_t)B) die("r"); close(fd); unlink(fn); }
			t += ((double *)buf)[1]; compute(cs * 300);
		}
		MPI_Barrier(MPI_COMM_WORLD);
	}
	if (one) { close(fd1); unlink(fn); }
	sink += t; free(buf);
}

static void intsmall(const char *dir, int niter, int kbrank, int recb) {
	long cs = cscale(); size_t tot = (size_t)kbrank << 10; char *buf = malloc(recb), fn[512]; int n = tot / recb;
	snprintf(fn, sizeof fn, "%s/ints.%d", dir, rank);
	int fd = open(fn, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die("ints");
	for (int i = 0; i < n; i++) { compute(cs * 4000L * recb / (1 << 20) + 1); fill(buf, recb, i); if (write(fd, buf, recb) != recb) die("w"); }
	close(fd);
	double f = 0, e;
	for (int it = 0; it < niter; it++) {
		fd = open(fn, O_RDONLY);
		for (int i = 0; i < n; i++) { if (read(fd, buf, recb) != recb) die("r"); f += ((double *)buf)[0]; compute(cs * 4000L * recb / (1 << 20) + 1); }
		close(fd);
		MPI_Allreduce(&f, &e, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	}
	sink += e; free(buf);
}

static void propfsync(const char *dir, int nsteps, const char *var) {
	long cs = cscale(); char fn[512], rec[2048]; int fd = -1; FILE *out = NULL; int each = !strcmp(var, "each");
	if (rank == 0) { snprintf(fn, sizeof fn, "%s/opt.prop", dir); fd = open(fn, O_CREAT | O_TRUNC | O_WRONLY | O_APPEND, 0644); snprintf(fn, sizeof fn, "%s/opt.out", dir); out = fopen(fn, "w"); }
	double e = 0;
	for (int s = 0; s < nsteps; s++) {
		double g = compute(cs * 3000);
		MPI_Allreduce(&g, &e, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0) {
			int n = snprintf(rec, sizeof rec, "$step %d\n energy %.12f\n", s, -150.0 - e * 1e-6);
			for (int a = 0; a < 12; a++) n += snprintf(rec + n, sizeof rec - n, " atom %2d  %12.8f %12.8f %12.8f  grad %11.3e\n", a, a * 0.7, sin(a + s * 1e-3), cos(a), e * 1e-9 / (a + 1));
			if (write(fd, rec, n) != n) die("prop");
			if (each) fsync(fd);
			fprintf(out, " Geometry step %d  E = %.10f  max grad %.3e\n", s, -150.0 - e * 1e-6, 1e-3 / (s + 1));
		}
	}
	if (rank == 0) { fsync(fd); close(fd); fclose(out); }
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "gen")) { FILE *f = fopen(argv[2], "w"); long kb = atol(argv[3]); long i = 0;
		while (ftell(f) < kb * 1024) { if (i % 12 == 0) fprintf(f, "! element %ld  cc-pVTZ-like\n S   6   1.00\n", i / 12); fprintf(f, "  %16.8f  %14.10f\n", 1e4 / (1 + i % 12 * 3.1), 0.001 * (1 + i % 7)); i++; }
		fclose(f); return 0; }
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1];
	if (!strcmp(m, "scfooc")) scfooc(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "chkcoll")) chkcoll(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "scratch")) scratch(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6]);
	else if (!strcmp(m, "intsmall")) intsmall(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "propfsync")) propfsync(argv[2], atoi(argv[3]), argv[4]);
	if (rank == 0) printf("%s done, sink %g\n", m, sink);
	MPI_Finalize(); return 0;
}
