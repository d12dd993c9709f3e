/* app175.c - round 175 (labels175): finite-element structural mechanics I/O patterns.
 * Modes (all MPI; post runs at 1 rank):
 *   gen FILE MiB                      make an input file (outside Darshan)
 *   part PARTPREFIX OUTDIR NSTEPS OUTEVERY NODES
 *        each rank reads its own mesh partition PARTPREFIX.R (1 MiB preads, once); implicit time loop;
 *        every OUTEVERY steps all ranks write NODES x 3 doubles (displacement) + NODES x 3 (stress) with
 *        MPI_File_write_at_all into one shared result file OUTDIR/results.exo (opened once); final restart
 *        OUTDIR/restart.rst written collectively; rank 0 writes OUTDIR/solver.log with fprintf (buffered)
 *   scatter MESH OUTDIR NSTEPS OUTEVERY
 *        rank 0 reads the global mesh MESH (4 MiB reads) and scatters it (MPI_Scatterv); every OUTEVERY steps
 *        each rank writes its own result file OUTDIR/solution-SSSS.RRRR.vtu (one large write, deal.II style);
 *        final per-rank restart OUTDIR/restart.RRRR (one write + one fsync)
 *   post RESULTS OUTCSV NSTEPS NODES NHIST
 *        post-processor: history of NHIST nodes x NSTEPS steps, one 24-B pread per node per step; CSV by fprintf
 *   stepstorm OUTDIR NSTEPS NODES MODE    MODE=file: a file per rank per step per field (4 fields);
 *                                         MODE=append: one file per rank per field, appended each step;
 *                                         MODE=packed: one file per rank, the 4 fields of a step in one write
 *   fsynclog OUTDIR NSTEPS NEWTON MODE    rank 0 writes NEWTON residual lines a step to OUTDIR/convergence.log;
 *                                         MODE=sync: fflush+fsync after every line; MODE=plain: buffered, 1 fsync at end
 * COMPUTE (env) scales the per-step compute.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int rank, nproc;
static double sink;

static void compute(int units)
{
	double s = 0;
	for (long i = 0; i < (long)units * 2000; i++)
		s += sin(i * 1e-3) * cos(i * 2e-3);
	sink += s;
}

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void fill(double *b, size_t n, int seed)
{
	for (size_t i = 0; i < n; i++)
		b[i] = seed * 1e-3 + i * 1e-7;
}

static int cunits(void)
{
	const char *c = getenv("COMPUTE");
	return c ? atoi(c) : 10;
}

static void mode_part(char **a)
{
	const char *pre = a[0], *od = a[1];
	int nsteps = atoi(a[2]), every = atoi(a[3]);
	long nodes = atol(a[4]);
	char fn[512];
	/* read own partition once, 1 MiB preads */
	snprintf(fn, sizeof fn, "%s.%d", pre, rank);
	int fd = open(fn, O_RDONLY);
	if (fd < 0) die(fn);
	struct stat st; fstat(fd, &st);
	char *mesh = malloc(st.st_size);
	for (off_t o = 0; o < st.st_size; o += 1 << 20) {
		size_t n = st.st_size - o < (1 << 20) ? st.st_size - o : (1 << 20);
		if (pread(fd, mesh + o, n, o) != (ssize_t)n) die("pread");
	}
	close(fd);
	sink += mesh[st.st_size / 2];
	MPI_File fh;
	snprintf(fn, sizeof fn, "%s/results.exo", od);
	if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("open exo");
	FILE *log = NULL;
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/solver.log", od);
		log = fopen(fn, "w");
		fprintf(log, "FE solver: %d ranks, %ld nodes a rank, %d steps\n", nproc, nodes, nsteps);
	}
	size_t blk = nodes * 6 * sizeof(double);
	double *buf = malloc(blk);
	int out = 0, cu = cunits();
	for (int s = 1; s <= nsteps; s++) {
		compute(cu * (100 + (rank % 2) * 3));
		double r = 1.0 / s, g;
		MPI_Allreduce(&r, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0)
			for (int it = 0; it < 3; it++)
				fprintf(log, "step %5d t=%.4e newton %d |R|=%.6e |du|=%.6e\n", s, s * 1e-3, it, g * pow(0.01, it), g * pow(0.02, it));
		if (s % every == 0) {
			fill(buf, nodes * 6, s);
			MPI_Offset off = ((MPI_Offset)out * nproc + rank) * blk;
			MPI_File_write_at_all(fh, off, buf, blk, MPI_BYTE, MPI_STATUS_IGNORE);
			out++;
			if (rank == 0) fprintf(log, "step %5d: wrote output %d (%zu B a rank)\n", s, out, blk);
		}
	}
	MPI_File_close(&fh);
	snprintf(fn, sizeof fn, "%s/restart.rst", od);
	if (MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("open rst");
	MPI_File_write_at_all(fh, (MPI_Offset)rank * blk, buf, blk, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (rank == 0) { fprintf(log, "done\n"); fclose(log); }
	free(buf); free(mesh);
}

static void mode_scatter(char **a)
{
	const char *mesh = a[0], *od = a[1];
	int nsteps = atoi(a[2]), every = atoi(a[3]);
	long total = 0;
	char *g = NULL, fn[512];
	if (rank == 0) {
		int fd = open(mesh, O_RDONLY);
		if (fd < 0) die(mesh);
		struct stat st; fstat(fd, &st);
		total = st.st_size;
		g = malloc(total);
		for (off_t o = 0; o < total; o += 4 << 20) {
			size_t n = total - o < (4 << 20) ? total - o : (4 << 20);
			if (read(fd, g + o, n) != (ssize_t)n) die("read");
		}
		close(fd);
	}
	MPI_Bcast(&total, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	int *cnt = malloc(nproc * sizeof(int)), *dis = malloc(nproc * sizeof(int));
	for (int i = 0; i < nproc; i++) { cnt[i] = total / nproc; dis[i] = i * (total / nproc); }
	char *mine = malloc(cnt[rank]);
	MPI_Scatterv(g, cnt, dis, MPI_BYTE, mine, cnt[rank], MPI_BYTE, 0, MPI_COMM_WORLD);
	free(g);
	size_t blk = cnt[rank] / 2;  /* solution: half the size of the local mesh */
	double *sol = malloc(blk);
	int cu = cunits();
	for (int s = 1; s <= nsteps; s++) {
		compute(cu * 100);
		double r = 1.0 / s, gg;
		MPI_Allreduce(&r, &gg, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (s % every == 0) {
			fill(sol, blk / sizeof(double), s);
			snprintf(fn, sizeof fn, "%s/solution-%04d.%04d.vtu", od, s, rank);
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			if (fd < 0) die(fn);
			if (write(fd, sol, blk) != (ssize_t)blk) die("write");
			close(fd);
		}
	}
	snprintf(fn, sizeof fn, "%s/restart.%04d", od, rank);
	int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (write(fd, sol, blk) != (ssize_t)blk) die("write");
	fsync(fd);
	close(fd);
	free(sol); free(mine);
}

static void mode_post(char **a)
{
	const char *res = a[0], *csv = a[1];
	int nsteps = atoi(a[2]);
	long nodes = atol(a[3]);
	int nh = atoi(a[4]);
	int fd = open(res, O_RDONLY);
	if (fd < 0) die(res);
	double *h = malloc(sizeof(double) * 3 * nh * nsteps);
	long *node = malloc(sizeof(long) * nh);
	for (int k = 0; k < nh; k++) node[k] = (k * 7919L * 13) % nodes;
	char hdr[512];
	if (pread(fd, hdr, sizeof hdr, 0) != sizeof hdr) die("hdr");
	for (int k = 0; k < nh; k++)
		for (int s = 0; s < nsteps; s++) {
			off_t off = 512 + ((off_t)s * nodes + node[k]) * 24;
			if (pread(fd, h + 3 * (k * nsteps + s), 24, off) != 24) die("pread");
		}
	close(fd);
	FILE *f = fopen(csv, "w");
	fprintf(f, "step");
	for (int k = 0; k < nh; k++) fprintf(f, ",u%ld_x,u%ld_y,u%ld_z", node[k], node[k], node[k]);
	fprintf(f, "\n");
	for (int s = 0; s < nsteps; s++) {
		fprintf(f, "%d", s);
		for (int k = 0; k < nh; k++)
			for (int c = 0; c < 3; c++) fprintf(f, ",%.8e", h[3 * (k * nsteps + s) + c]);
		fprintf(f, "\n");
	}
	fclose(f);
	free(h); free(node);
}

static const char *fields[4] = { "disp", "vel", "stress", "strain" };

static void mode_stepstorm(char **a)
{
	const char *od = a[0];
	int nsteps = atoi(a[1]);
	long nodes = atol(a[2]);
	int perfile = !strcmp(a[3], "file"), packed = !strcmp(a[3], "packed");
	char fn[512];
	size_t blk = nodes * sizeof(double);
	double *buf = malloc(4 * blk);
	int fds[4];
	if (packed) {
		snprintf(fn, sizeof fn, "%s/fields.%04d.bin", od, rank);
		if ((fds[0] = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644)) < 0) die(fn);
	} else if (!perfile)
		for (int f = 0; f < 4; f++) {
			snprintf(fn, sizeof fn, "%s/%s.%04d.bin", od, fields[f], rank);
			if ((fds[f] = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644)) < 0) die(fn);
		}
	int cu = cunits();
	for (int s = 1; s <= nsteps; s++) {
		compute(cu * 100);
		double r = 1.0 / s, g;
		MPI_Allreduce(&r, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (packed) {
			for (int f = 0; f < 4; f++) fill(buf + f * nodes, nodes, s * 4 + f);
			if (write(fds[0], buf, 4 * blk) != (ssize_t)(4 * blk)) die("write");
			continue;
		}
		for (int f = 0; f < 4; f++) {
			fill(buf, nodes, s * 4 + f);
			if (perfile) {
				snprintf(fn, sizeof fn, "%s/%s.%04d.%04d.bin", od, fields[f], s, rank);
				int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644);
				if (fd < 0) die(fn);
				if (write(fd, buf, blk) != (ssize_t)blk) die("write");
				close(fd);
			} else if (write(fds[f], buf, blk) != (ssize_t)blk) die("write");
		}
	}
	if (packed) close(fds[0]);
	else if (!perfile)
		for (int f = 0; f < 4; f++) close(fds[f]);
	free(buf);
}

static void mode_fsynclog(char **a)
{
	const char *od = a[0];
	int nsteps = atoi(a[1]), newton = atoi(a[2]);
	int sync = !strcmp(a[3], "sync");
	char fn[512];
	FILE *log = NULL;
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/convergence.log", od);
		log = fopen(fn, "w");
	}
	int cu = cunits();
	for (int s = 1; s <= nsteps; s++)
		for (int it = 0; it < newton; it++) {
			compute(cu * 10);
			double r = pow(0.1, it) / s, g;
			MPI_Allreduce(&r, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
			if (rank == 0) {
				fprintf(log, "step %5d newton %2d |R|=%.6e |du|=%.6e converged=%d\n", s, it, g, g * 0.5, it == newton - 1);
				if (sync) { fflush(log); fsync(fileno(log)); }
			}
		}
	if (rank == 0) { fflush(log); fsync(fileno(log)); fclose(log); }
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "gen")) {
		FILE *f = fopen(argv[2], "w");
		long n = atol(argv[3]) << 20;
		double *b = malloc(1 << 20);
		for (long o = 0; o < n; o += 1 << 20) { fill(b, (1 << 20) / 8, o >> 20); fwrite(b, 1, 1 << 20, f); }
		fclose(f);
		return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	double t0 = MPI_Wtime();
	if (argc >= 7 && !strcmp(argv[1], "part")) mode_part(argv + 2);
	else if (argc >= 6 && !strcmp(argv[1], "scatter")) mode_scatter(argv + 2);
	else if (argc >= 7 && !strcmp(argv[1], "post")) mode_post(argv + 2);
	else if (argc >= 6 && !strcmp(argv[1], "stepstorm")) mode_stepstorm(argv + 2);
	else if (argc >= 6 && !strcmp(argv[1], "fsynclog")) mode_fsynclog(argv + 2);
	else { if (!rank) fprintf(stderr, "bad args\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	double t = MPI_Wtime() - t0, tm;
	MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %.3f s (max rank), sink %.3g\n", argv[1], tm, sink);
	MPI_Finalize();
	return 0;
}
