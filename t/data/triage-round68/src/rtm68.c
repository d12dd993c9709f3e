/* rtm68: a 2-D acoustic reverse time migration, one subdomain a rank (round 68, issue 34).
 * usage: rtm68 ooc|fsync N NT K PREFIX
 * Forward pass: NT steps of a 2nd-order wave stencil on an N x N grid of doubles; every K steps the
 * wavefield snapshot (8 N^2 B) is written with one pwrite to PREFIX.RANK at offset snap*8N^2.
 * Backward pass: the receiver wavefield is propagated back and each snapshot is read back, last
 * first, and cross-correlated into the image (the imaging condition): the out-of-core read-back.
 * "fsync" calls fsync after every snapshot ("so the snapshot is safe"), though the file is scratch
 * that is unlinked at the end. The image is reduced to rank 0, which writes PREFIX.img. */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void step(double *un, const double *u, const double *up, int n, double c)
{
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++) {
			int k = i * n + j;
			double lap = u[k - 1] + u[k + 1] + u[k - n] + u[k + n] - 4 * u[k];
			un[k] = 2 * u[k] - up[k] + c * lap;
		}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc != 6) { if (!rank) fprintf(stderr, "usage: rtm68 ooc|fsync N NT K PREFIX\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	int dosync = !strcmp(argv[1], "fsync"), n = atoi(argv[2]), nt = atoi(argv[3]), k = atoi(argv[4]);
	size_t nn = (size_t)n * n, sz = nn * sizeof(double);
	double *a = calloc(nn, 8), *b = calloc(nn, 8), *c = calloc(nn, 8), *snap = malloc(sz), *img = calloc(nn, 8);
	char path[4096];
	snprintf(path, sizeof path, "%s.%d", argv[5], rank);
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	int src = n / 2 * n + n / 4 + rank * 7, nsnap = 0;
	for (int t = 0; t < nt; t++) {       /* forward: source wavefield */
		step(c, b, a, n, 0.2);
		c[src] += (t < 40) ? 1.0 - (t - 20) * (t - 20) / 200.0 : 0;
		double *tmp = a; a = b; b = c; c = tmp;
		if (t % k == k - 1) {
			if (pwrite(fd, b, sz, (off_t)nsnap * sz) != (ssize_t)sz) MPI_Abort(MPI_COMM_WORLD, 1);
			if (dosync) fsync(fd);
			nsnap++;
		}
	}
	memset(a, 0, sz); memset(b, 0, sz); memset(c, 0, sz);
	for (int s = nsnap - 1; s >= 0; s--) {  /* backward: receiver wavefield + imaging condition */
		for (int t = 0; t < k; t++) {
			step(c, b, a, n, 0.2);
			for (int j = 1; j < n - 1; j += 4) c[n + j] += 1e-3 * ((s + t + j) % 7 - 3);
			double *tmp = a; a = b; b = c; c = tmp;
		}
		if (pread(fd, snap, sz, (off_t)s * sz) != (ssize_t)sz) MPI_Abort(MPI_COMM_WORLD, 1);
		for (size_t i = 0; i < nn; i++) img[i] += snap[i] * b[i];
	}
	close(fd);
	unlink(path);
	double *sum = rank ? NULL : malloc(sz);
	MPI_Reduce(img, sum, (int)nn, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) {
		snprintf(path, sizeof path, "%s.img", argv[5]);
		FILE *f = fopen(path, "wb");
		if (!f || fwrite(sum, 8, nn, f) != nn || fclose(f)) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
		printf("rtm68 %s: %d snapshots of %zu B a rank, image[mid]=%g\n", argv[1], nsnap, sz, sum[nn / 2]);
	}
	MPI_Finalize();
	return 0;
}
