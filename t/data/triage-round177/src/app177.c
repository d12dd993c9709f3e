/* Round 177 (labels177): hydrology / groundwater, ParFlow/MODFLOW-like I/O.
 * modes:
 *  gen FILE MiB                      make a permeability field (doubles), no MPI
 *  pfrun DIR PERM NSTEPS NZ          every rank reads the whole PERM once (4 MiB preads); NSTEPS steps of a
 *                                    Richards-like relaxation on a 64 x 64 x NZ grid split in z; after each step
 *                                    pressure and saturation to DIR/press.NNNNN.pfb / satur.NNNNN.pfb with
 *                                    MPI_File_write_at_all; rank 0 appends CLM coupling lines (fprintf) to
 *                                    DIR/clm.log; at the end a collective restart DIR/restart.pfb.
 *  pfbal DIR NSTEPS OUT              serial: read every press/satur file whole (1 MiB reads), water balance
 *                                    (storage change per step) to OUT by fprintf
 *  pfstorm DIR NSTEPS NZ file|series per step, per variable: file = a new file per rank (open/write/close);
 *                                    series = one shared file per variable for all steps, opened once, each
 *                                    step appended with MPI_File_write_at_all
 *  pfrow DIR NSTEPS NZ row|slab      one shared file per variable per step through POSIX: row = one 512-B pwrite
 *                                    per (y,z) row of the rank's slab; slab = one pwrite of the whole slab
 *  pfclm DIR NSTEPS NCOL rec|step    land-surface coupling log per rank: one record per column per step with
 *                                    write(); rec = fsync after every record, step = one write + fsync per step
 * COMPUTE env: sweeps per step (default 20).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <time.h>

#define NX 64
#define NY 64
static int rank, np;
static double sink;

static int mpi_on;
static void die(const char *m) { perror(m); if (mpi_on) MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }

static void relax(double *p, double *s, long n, int sweeps, double k)
{
	for (int it = 0; it < sweeps; it++) {
		for (long i = 1; i < n - 1; i++)
			p[i] = 0.25 * (p[i - 1] + 2 * p[i] + p[i + 1]) + 1e-6 * k * sin((double)i);
		for (long i = 0; i < n; i++)
			s[i] = 1.0 / (1.0 + exp(-p[i]));
	}
}

static int sweeps(void) { const char *c = getenv("COMPUTE"); return c ? atoi(c) : 20; }

static void gen(const char *f, int mib)
{
	long n = (long)mib << 17; /* doubles */
	double *b = malloc(n * 8);
	for (long i = 0; i < n; i++) b[i] = exp(-3 + 2 * sin(i * 0.001));
	int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, b, n * 8) != n * 8) { perror(f); exit(1); }
	close(fd);
}

static double read_perm(const char *perm)
{
	int fd = open(perm, O_RDONLY);
	if (fd < 0) die(perm);
	struct stat st; fstat(fd, &st);
	char *b = malloc(st.st_size);
	size_t ch = 4 << 20;
	for (off_t o = 0; o < st.st_size; o += ch) {
		size_t n = st.st_size - o < (off_t)ch ? st.st_size - o : ch;
		if (pread(fd, b + o, n, o) != (ssize_t)n) die("pread perm");
	}
	close(fd);
	double k = 0; double *d = (double *)b;
	for (long i = 0; i < st.st_size / 8; i += 97) k += d[i];
	free(b);
	return k / (st.st_size / 8 / 97);
}

static void coll_write(const char *f, double *buf, long n)
{
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(f);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * n * 8, buf, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static void pfrun(const char *dir, const char *perm, int nsteps, int nz)
{
	double k = read_perm(perm);
	long n = (long)NX * NY * nz / np;
	double *p = malloc(n * 8), *s = malloc(n * 8);
	for (long i = 0; i < n; i++) { p[i] = -1.0 + 0.001 * (i % 1000) + rank; s[i] = 0.5; }
	FILE *clm = NULL;
	char f[512];
	if (rank == 0) { snprintf(f, sizeof f, "%s/clm.log", dir); if (!(clm = fopen(f, "w"))) die(f); }
	for (int t = 1; t <= nsteps; t++) {
		relax(p, s, n, sweeps(), k);
		double loc[3] = {0, 0, 0}, g[3];
		for (long i = 0; i < n; i++) { loc[0] += s[i]; loc[1] += p[i]; }
		loc[2] = s[n / 2];
		MPI_Reduce(loc, g, 3, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		snprintf(f, sizeof f, "%s/press.%05d.pfb", dir, t); coll_write(f, p, n);
		snprintf(f, sizeof f, "%s/satur.%05d.pfb", dir, t); coll_write(f, s, n);
		if (rank == 0) {
			fprintf(clm, "CLM step %d time %.3f h: storage %.6e head %.6e\n", t, t * 1.0, g[0], g[1]);
			for (int c = 0; c < 8; c++)
				fprintf(clm, "  col %d: qflx_infl %.5e qflx_evap %.5e swe %.4e tsoil %.3f\n", c,
					g[2] * c * 1e-3, g[0] * 1e-9 * c, 0.01 * c, 280.0 + c);
		}
		sink += g[2];
	}
	if (rank == 0) fclose(clm);
	/* restart: pressure and saturation, both, collectively */
	double *r = malloc(2 * n * 8);
	memcpy(r, p, n * 8); memcpy(r + n, s, n * 8);
	snprintf(f, sizeof f, "%s/restart.pfb", dir); coll_write(f, r, 2 * n);
}

static void pfbal(const char *dir, int nsteps, const char *out)
{
	FILE *o = fopen(out, "w");
	if (!o) die(out);
	fprintf(o, "step,storage,dstorage,mean_head\n");
	size_t ch = 1 << 20;
	double *b = malloc(ch), prev = 0;
	char f[512];
	for (int t = 1; t <= nsteps; t++) {
		double sum[2] = {0, 0}; long cnt = 0;
		for (int v = 0; v < 2; v++) {
			snprintf(f, sizeof f, "%s/%s.%05d.pfb", dir, v ? "satur" : "press", t);
			int fd = open(f, O_RDONLY);
			if (fd < 0) die(f);
			ssize_t r;
			while ((r = read(fd, b, ch)) > 0) {
				for (long i = 0; i < r / 8; i++) sum[v] += b[i];
				if (v) cnt += r / 8;
			}
			close(fd);
		}
		fprintf(o, "%d,%.8e,%.8e,%.8e\n", t, sum[1], sum[1] - prev, sum[0] / (cnt ? cnt : 1));
		prev = sum[1];
	}
	fclose(o);
	sink = prev;
}

static void pfstorm(const char *dir, int nsteps, int nz, int series)
{
	long n = (long)NX * NY * nz / np;
	double *p = malloc(n * 8), *s = malloc(n * 8);
	for (long i = 0; i < n; i++) { p[i] = -1.0 + 0.001 * (i % 1000); s[i] = 0.5; }
	char f[512];
	MPI_File fh[2];
	if (series)
		for (int v = 0; v < 2; v++) {
			snprintf(f, sizeof f, "%s/%s.series.pfb", dir, v ? "satur" : "press");
			if (MPI_File_open(MPI_COMM_WORLD, f, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh[v])) die(f);
		}
	for (int t = 1; t <= nsteps; t++) {
		relax(p, s, n, sweeps(), 1.0);
		for (int v = 0; v < 2; v++) {
			double *x = v ? s : p;
			const char *nm = v ? "satur" : "press";
			if (series) {
				MPI_File_write_at_all(fh[v], ((MPI_Offset)(t - 1) * np + rank) * n * 8, x, (int)n, MPI_DOUBLE,
						      MPI_STATUS_IGNORE);
			} else {
				snprintf(f, sizeof f, "%s/%s.%05d.%05d.pfb", dir, nm, t, rank);
				int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
				if (fd < 0) die(f);
				if (write(fd, x, n * 8) != n * 8) die("write");
				close(fd);
			}
		}
		sink += s[n / 3];
	}
	if (series) { MPI_File_close(&fh[0]); MPI_File_close(&fh[1]); }
}

/* pressure and saturation written into one shared file per variable per step, row by row (one NX-double pwrite a
 * (y,z) row) or as each rank's contiguous slab in one pwrite */
static void pfrow(const char *dir, int nsteps, int nz, int rows)
{
	long n = (long)NX * NY * nz / np;
	double *p = malloc(n * 8), *s = malloc(n * 8);
	for (long i = 0; i < n; i++) { p[i] = -1.0 + 0.001 * (i % 1000); s[i] = 0.5; }
	char f[512];
	for (int t = 1; t <= nsteps; t++) {
		relax(p, s, n, sweeps(), 1.0);
		for (int v = 0; v < 2; v++) {
			double *x = v ? s : p;
			snprintf(f, sizeof f, "%s/%s.%05d.pfb", dir, v ? "satur" : "press", t);
			int fd = open(f, O_WRONLY | O_CREAT, 0644);
			if (fd < 0) die(f);
			off_t base = (off_t)rank * n * 8;
			if (rows) {
				for (long r = 0; r < n / NX; r++)
					if (pwrite(fd, x + r * NX, NX * 8, base + r * NX * 8) != NX * 8) die("pwrite");
			} else if (pwrite(fd, x, n * 8, base) != n * 8) die("pwrite");
			close(fd);
		}
		sink += s[n / 3];
		MPI_Barrier(MPI_COMM_WORLD);
	}
}

static void pfclm(const char *dir, int nsteps, int ncol, int perrec)
{
	char f[512], line[160], *buf = malloc((size_t)ncol * 160);
	snprintf(f, sizeof f, "%s/clm.%05d.log", dir, rank);
	int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (fd < 0) die(f);
	long n = (long)NX * NY * 8 / np;
	double *p = malloc(n * 8), *s = malloc(n * 8);
	for (long i = 0; i < n; i++) { p[i] = -1.0 + 0.001 * (i % 1000); s[i] = 0.5; }
	for (int t = 1; t <= nsteps; t++) {
		relax(p, s, n, sweeps(), 1.0);
		size_t len = 0;
		for (int c = 0; c < ncol; c++) {
			int l = snprintf(line, sizeof line, "t %5d col %4d qflx_infl %.6e qflx_evap %.6e swe %.5e tsoil %.3f\n",
					 t, rank * ncol + c, s[c] * 1e-3, p[c] * 1e-4, 0.01 * c, 280.0 + s[c]);
			if (perrec) {
				if (write(fd, line, l) != l) die("write");
				fsync(fd);
			} else { memcpy(buf + len, line, l); len += l; }
		}
		if (!perrec) { if (write(fd, buf, len) != (ssize_t)len) die("write"); fsync(fd); }
		sink += s[n / 3];
		MPI_Barrier(MPI_COMM_WORLD);
	}
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) { gen(argv[2], atoi(argv[3])); return 0; }
	if (argc > 1 && !strcmp(argv[1], "pfbal")) { /* serial post-processing, no MPI */
		struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
		pfbal(argv[2], atoi(argv[3]), argv[4]);
		clock_gettime(CLOCK_MONOTONIC, &b);
		printf("pfbal: %.3f s (in program), sink %.4g\n", b.tv_sec - a.tv_sec + 1e-9 * (b.tv_nsec - a.tv_nsec), sink);
		return 0; }
	MPI_Init(&argc, &argv); mpi_on = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	double t0 = MPI_Wtime();
	const char *m = argv[1];
	if (!strcmp(m, "pfrun")) pfrun(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]));
	else if (!strcmp(m, "pfstorm")) pfstorm(argv[2], atoi(argv[3]), atoi(argv[4]), !strcmp(argv[5], "series"));
	else if (!strcmp(m, "pfrow")) pfrow(argv[2], atoi(argv[3]), atoi(argv[4]), !strcmp(argv[5], "row"));
	else if (!strcmp(m, "pfclm")) pfclm(argv[2], atoi(argv[3]), atoi(argv[4]), !strcmp(argv[5], "rec"));
	else { if (!rank) fprintf(stderr, "bad mode\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	double el = MPI_Wtime() - t0, mx;
	MPI_Reduce(&el, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %.3f s (in program), sink %.4g\n", m, mx, sink);
	MPI_Finalize();
	return 0;
}
