/* app36.c: round 36's MPI programs (one mode a run), each a stencil code (halo exchange, SWEEPS sweeps a
 * step over CELLS_K*1024 doubles a rank) with one I/O pattern. Usage: app36 MODE CELLS_K STEPS SWEEPS ARGS...
 *   colread elem|dtype FILE ROWS COLS   each rank reads COLS/np adjacent columns of a ROWS x COLS array of
 *                                       doubles: one MPI_File_read_at an element, or a vector view + read_all
 *   sharedfp shared|at|batch FILE RECS  each rank writes RECS 256 B records: MPI_File_write_shared or write_at
 *                                       one a record, or a step's records in one write_at (a block a rank a step)
 *   applog each|end FILE                each rank appends a ~100 B line a step to one log (O_APPEND, write(2))
 *                                       or keeps its lines and appends them in one write at the end
 *   halodiag flush|buf DIR              each rank fprintf's 8 diagnostic lines a step to its own file, fflush'ed
 *                                       every step or left to stdio's buffer
 *   openclose each|once FILE KB         a KB-KiB slab a rank a step by MPI_File_write_at_all, the file opened and
 *                                       closed every step or once
 *   readall FILE MB [indep]             every rank reads its 1/np of the first MB MiB with MPI_File_read_all
 *                                       (or, indep, with one MPI_File_read_at)
 *   hints off|on FILE KB EVERY          N-1 checkpoints of KB KiB a rank laid out in 1 KiB pieces interleaved by
 *                                       rank (vector view, write_all) with romio_cb_write disable|enable
 *   ckptend FILE                        one N-1 MPI_File_write_at_all of the whole field at the end */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, np;
static long n;
static double *g, *t;

static void sweep(int sweeps)
{
	int L = rank > 0 ? rank - 1 : MPI_PROC_NULL, R = rank < np - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int k = 0; k < sweeps; k++) {
		MPI_Sendrecv(&g[1], 1, MPI_DOUBLE, L, 0, &g[n + 1], 1, MPI_DOUBLE, R, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&g[n], 1, MPI_DOUBLE, R, 1, &g[0], 1, MPI_DOUBLE, L, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= n; i++) t[i] = 0.5 * g[i] + 0.25 * (g[i - 1] + g[i + 1]);
		double *x = g; g = t; t = x;
	}
}

static void colread(char **a, int steps, int sweeps)
{
	long rows = atol(a[2]), cols = atol(a[3]), my = cols / np, c0 = my * rank;
	double *buf = malloc(rows * my * 8);
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, a[1], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	if (!strcmp(a[0], "elem")) {
		for (long r = 0; r < rows; r++)
			for (long c = 0; c < my; c++)
				MPI_File_read_at(fh, (r * cols + c0 + c) * 8, &buf[r * my + c], 1, MPI_DOUBLE, MPI_STATUS_IGNORE);
	} else {
		MPI_Datatype v;
		MPI_Type_vector(rows, my, cols, MPI_DOUBLE, &v);
		MPI_Type_commit(&v);
		MPI_File_set_view(fh, c0 * 8, MPI_DOUBLE, v, "native", MPI_INFO_NULL);
		MPI_File_read_all(fh, buf, rows * my, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_Type_free(&v);
	}
	MPI_File_close(&fh);
	for (long i = 0; i < n && i < rows * my; i++) g[i + 1] = buf[i];
	for (int s = 0; s < steps; s++) sweep(sweeps);
	free(buf);
}

static void sharedfp(char **a, int steps, int sweeps)
{
	int recs = atoi(a[2]), per = recs / steps;
	char rec[256], *blk = malloc((size_t)per * 256);
	int batch = !strcmp(a[0], "batch");
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, a[1], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int s = 0, k = 0; s < steps; s++) {
		sweep(sweeps);
		for (int j = 0; j < per; j++, k++) {
			memset(rec, ' ', sizeof rec);
			snprintf(rec, sizeof rec, "rank %d step %d rec %d value %.9f", rank, s, k, g[1 + k % n]);
			rec[255] = '\n';
			if (batch)
				memcpy(blk + (size_t)j * 256, rec, 256);
			else if (!strcmp(a[0], "shared"))
				MPI_File_write_shared(fh, rec, 256, MPI_CHAR, MPI_STATUS_IGNORE);
			else
				MPI_File_write_at(fh, ((long)k * np + rank) * 256, rec, 256, MPI_CHAR, MPI_STATUS_IGNORE);
		}
		if (batch)
			MPI_File_write_at(fh, ((long)s * np + rank) * per * 256, blk, per * 256, MPI_CHAR, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	free(blk);
}

static void applog(char **a, int steps, int sweeps)
{
	int fd = open(a[1], O_WRONLY | O_APPEND | O_CREAT, 0644), each = !strcmp(a[0], "each");
	char *all = malloc((size_t)steps * 128), line[128];
	size_t len = 0;
	for (int s = 0; s < steps; s++) {
		sweep(sweeps);
		int l = snprintf(line, sizeof line, "rank %3d step %6d residual %.12e energy %.12e ok\n", rank, s, g[1], g[n]);
		if (each) {
			if (write(fd, line, l) != l) MPI_Abort(MPI_COMM_WORLD, 1);
		} else {
			memcpy(all + len, line, l); len += l;
		}
	}
	if (!each && write(fd, all, len) != (ssize_t)len) MPI_Abort(MPI_COMM_WORLD, 1);
	close(fd);
	free(all);
}

static void halodiag(char **a, int steps, int sweeps)
{
	char path[512];
	snprintf(path, sizeof path, "%s/diag.%04d", a[1], rank);
	FILE *f = fopen(path, "w");
	for (int s = 0; s < steps; s++) {
		sweep(sweeps);
		for (int q = 0; q < 8; q++)
			fprintf(f, "step %6d q%d min %.10e max %.10e halo %.10e %.10e\n", s, q, g[1 + q], g[n - q], g[0], g[n + 1]);
		if (!strcmp(a[0], "flush")) fflush(f);
	}
	fclose(f);
}

static void openclose(char **a, int steps, int sweeps)
{
	long kb = atol(a[2]), sz = kb * 1024, each = !strcmp(a[0], "each");
	MPI_File fh;
	int mode = MPI_MODE_CREATE | MPI_MODE_WRONLY;
	if (!each) MPI_File_open(MPI_COMM_WORLD, a[1], mode, MPI_INFO_NULL, &fh);
	for (int s = 0; s < steps; s++) {
		sweep(sweeps);
		if (each) MPI_File_open(MPI_COMM_WORLD, a[1], mode, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, ((long)s * np + rank) * sz, &g[1], sz, MPI_BYTE, MPI_STATUS_IGNORE);
		if (each) MPI_File_close(&fh);
	}
	if (!each) MPI_File_close(&fh);
}

static void readall(char **a, int steps, int sweeps)
{
	long tot = atol(a[1]) * 1048576, my = tot / np;
	char *buf = malloc(my);
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	if (a[2] && !strcmp(a[2], "indep")) {
		MPI_File_read_at(fh, my * rank, buf, my, MPI_BYTE, MPI_STATUS_IGNORE);
	} else {
		MPI_File_set_view(fh, my * rank, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
		MPI_File_read_all(fh, buf, my, MPI_BYTE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	for (long i = 0; i < n; i++) g[i + 1] = (unsigned char)buf[i % my];
	for (int s = 0; s < steps; s++) sweep(sweeps);
	free(buf);
}

static void hints(char **a, int steps, int sweeps)
{
	long kb = atol(a[2]);
	int every = atoi(a[3]);
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "romio_cb_write", !strcmp(a[0], "on") ? "enable" : "disable");
	MPI_Info_set(info, "cb_nodes", "2");
	MPI_Datatype v;
	MPI_Type_vector(kb, 1024, 1024 * np, MPI_BYTE, &v);
	MPI_Type_commit(&v);
	for (int s = 1; s <= steps; s++) {
		sweep(sweeps);
		if (s % every) continue;
		char path[512];
		MPI_File fh;
		snprintf(path, sizeof path, "%s.%d", a[1], s / every);
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, info, &fh);
		MPI_File_set_view(fh, rank * 1024, MPI_BYTE, v, "native", info);
		MPI_File_write_all(fh, &g[1], kb * 1024, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	MPI_Type_free(&v);
	MPI_Info_free(&info);
}

static void ckptend(char **a, int steps, int sweeps)
{
	MPI_File fh;
	for (int s = 0; s < steps; s++) sweep(sweeps);
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, rank * n * 8, &g[1], n, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: app36 MODE CELLS_K STEPS SWEEPS ARGS\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	n = atol(argv[2]) * 1024;
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	g = calloc(n + 2, 8); t = calloc(n + 2, 8);
	for (long i = 1; i <= n; i++) g[i] = (double)((rank * n + i) % 1000);
	char **a = argv + 5, *m = argv[1];
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(m, "colread")) colread(a, steps, sweeps);
	else if (!strcmp(m, "sharedfp")) sharedfp(a, steps, sweeps);
	else if (!strcmp(m, "applog")) applog(a, steps, sweeps);
	else if (!strcmp(m, "halodiag")) halodiag(a, steps, sweeps);
	else if (!strcmp(m, "openclose")) openclose(a, steps, sweeps);
	else if (!strcmp(m, "readall")) readall(a, steps, sweeps);
	else if (!strcmp(m, "hints")) hints(a, steps, sweeps);
	else if (!strcmp(m, "ckptend")) ckptend(a, steps, sweeps);
	else MPI_Abort(MPI_COMM_WORLD, 2);
	MPI_Barrier(MPI_COMM_WORLD);
	double e = MPI_Wtime() - t0, mx;
	MPI_Reduce(&e, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("app36 %s %s np %d: %.3f s\n", m, a[0], np, mx);
	MPI_Finalize();
	return 0;
}
