/* Round 53's phased MPI job: start-up I/O, a steady state of Jacobi sweeps with periodic output, an end phase.
 * usage: app53 START STEADY END CELLS_K STEPS SWEEPS DIR
 *   START  bcast (rank 0 reads DIR/in/deck.in + 16 MiB of DIR/in/data.bin, MPI_Bcast)
 *          slice (every rank preads its own 16/np MiB slice of data.bin in 4 MiB calls)
 *          storm (every rank opens and reads all 256 DIR/in/sp/NNN.dat, 1 KiB each, then as bcast)
 *   STEADY diag (rank 0 fprintf's a line a step, stdio-buffered, one fclose at the end)
 *          rewrite (rank 0 re-creates DIR/out/diag.txt each step with the whole history so far)
 *          snap (every 20 steps each rank writes its field to its own new file, one write)
 *   END    coll (N-1 checkpoint, one MPI_File_write_at_all a rank), fpp (a file a rank, one write),
 *          rootsmall (MPI_Gather to rank 0, which write(2)s the checkpoint in 1 KiB pieces) */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np;
static char dir[512];

static void die(const char *m) { fprintf(stderr, "app53: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void start_bcast(double *acc)
{
	char p[700], line[256];
	long len = 0;
	size_t n = 16u << 20;
	char *buf = malloc(n);
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/in/deck.in", dir);
		FILE *f = fopen(p, "r");
		if (!f) die("deck");
		while (fgets(line, sizeof line, f)) len += (long)strlen(line);
		fclose(f);
		snprintf(p, sizeof p, "%s/in/data.bin", dir);
		f = fopen(p, "rb");
		if (!f || fread(buf, 1, n, f) != n) die("data");
		fclose(f);
	}
	MPI_Bcast(&len, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	MPI_Bcast(buf, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
	*acc += (double)len + (unsigned char)buf[n - 1];
	free(buf);
}

static void start_slice(double *acc)
{
	char p[700];
	size_t n = (16u << 20) / (size_t)np, c = 4u << 20;
	char *buf = malloc(c);
	snprintf(p, sizeof p, "%s/in/data.bin", dir);
	int fd = open(p, O_RDONLY);
	if (fd < 0) die("data");
	for (size_t o = 0; o < n; o += c) {
		size_t k = n - o < c ? n - o : c;
		if (pread(fd, buf, k, (off_t)(rank * n + o)) != (ssize_t)k) die("pread");
		*acc += (unsigned char)buf[k - 1];
	}
	close(fd);
	free(buf);
}

static void start_storm(double *acc)
{
	char p[700], b[1024];
	for (int i = 0; i < 256; i++) {
		snprintf(p, sizeof p, "%s/in/sp/%03d.dat", dir, i);
		FILE *f = fopen(p, "r");
		if (!f) die("species");
		size_t k = fread(b, 1, sizeof b, f);
		fclose(f);
		*acc += (double)k;
	}
	start_bcast(acc);
}

static double sweep(double *u, double *v, long n, int sweeps)
{
	double l = 0, r = 0;
	int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &r, 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[n - 2], 1, MPI_DOUBLE, right, 1, &l, 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		u[0] = rank > 0 ? l : u[0];
		u[n - 1] = rank < np - 1 ? r : u[n - 1];
		for (long i = 1; i < n - 1; i++) v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
		memcpy(&u[1], &v[1], (size_t)(n - 2) * sizeof *u);
	}
	double s = 0, t;
	for (long i = 0; i < n; i += 64) s += u[i];
	MPI_Allreduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	return t;
}

static void write_all(int fd, const void *b, size_t n, size_t piece)
{
	for (size_t o = 0; o < n; o += piece) {
		size_t k = n - o < piece ? n - o : piece;
		if (write(fd, (const char *)b + o, k) != (ssize_t)k) die("write");
	}
}

static void snap(const double *u, long n, int step)
{
	char p[700];
	snprintf(p, sizeof p, "%s/out/snap.%04d.%d", dir, step, rank);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die("snap");
	write_all(fd, u, (size_t)n * sizeof *u, (size_t)n * sizeof *u);
	close(fd);
}

static void rewrite(double *hist, int step)
{
	char p[700];
	snprintf(p, sizeof p, "%s/out/diag.txt", dir);
	FILE *f = fopen(p, "w");
	if (!f) die("diag");
	for (int i = 0; i <= step; i++) fprintf(f, "step %6d  sum % .12e  norm % .12e\n", i, hist[i], hist[i] / 3.0);
	fclose(f);
}

static void end_phase(const char *mode, double *u, long n)
{
	char p[700];
	size_t bytes = (size_t)n * sizeof *u;
	if (!strcmp(mode, "coll")) {
		MPI_File fh;
		snprintf(p, sizeof p, "%s/out/ckpt.bin", dir);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * (MPI_Offset)bytes, u, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	} else if (!strcmp(mode, "fpp")) {
		snprintf(p, sizeof p, "%s/out/final.%d", dir, rank);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0) die("final");
		write_all(fd, u, bytes, bytes);
		close(fd);
	} else if (!strcmp(mode, "rootsmall")) {
		double *all = rank == 0 ? malloc(bytes * (size_t)np) : NULL;
		MPI_Gather(u, (int)n, MPI_DOUBLE, all, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			snprintf(p, sizeof p, "%s/out/ckpt.bin", dir);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0) die("ckpt");
			write_all(fd, all, bytes * (size_t)np, 1024);
			close(fd);
			free(all);
		}
	} else
		die("end mode");
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc != 8) die("usage: app53 START STEADY END CELLS_K STEPS SWEEPS DIR");
	long n = atol(argv[4]) * 1024;
	int steps = atoi(argv[5]), sweeps = atoi(argv[6]);
	snprintf(dir, sizeof dir, "%s", argv[7]);
	double *u = malloc((size_t)n * sizeof *u), *v = malloc((size_t)n * sizeof *v), acc = 0;
	double *hist = calloc((size_t)steps, sizeof *hist);
	FILE *diag = NULL;
	for (long i = 0; i < n; i++) u[i] = v[i] = (double)((i * 7 + rank) % 101);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "bcast")) start_bcast(&acc);
	else if (!strcmp(argv[1], "slice")) start_slice(&acc);
	else if (!strcmp(argv[1], "storm")) start_storm(&acc);
	else die("start mode");
	u[0] += acc * 1e-12;
	if (rank == 0 && !strcmp(argv[2], "diag")) {
		char p[700];
		snprintf(p, sizeof p, "%s/out/diag.txt", dir);
		if (!(diag = fopen(p, "w"))) die("diag");
	}
	for (int s = 0; s < steps; s++) {
		hist[s] = sweep(u, v, n, sweeps);
		if (rank == 0 && diag) fprintf(diag, "step %6d  sum % .12e  norm % .12e\n", s, hist[s], hist[s] / 3.0);
		if (rank == 0 && !strcmp(argv[2], "rewrite")) rewrite(hist, s);
		if (!strcmp(argv[2], "snap") && (s + 1) % 20 == 0) snap(u, n, s + 1);
	}
	if (diag) fclose(diag);
	end_phase(argv[3], u, n);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0;
	if (rank == 0) printf("app53 %s/%s/%s np %d: %.3f s\n", argv[1], argv[2], argv[3], np, t);
	free(u), free(v), free(hist);
	MPI_Finalize();
	return 0;
}
