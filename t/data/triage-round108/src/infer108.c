/* Round 108 (labels108): batch inference over many small input samples, C/MPI.
 * usage: infer108 DIR NSAMPLES files|shard HIDDEN
 * files: sample i is DIR/samples/s-NNNNN.bin (1024 float32 = 4 KiB), rank r reads i % np == r, one read each.
 * shard: the same samples packed in DIR/samples.bin; rank r reads its contiguous block in 1 MiB reads.
 * Every rank runs a 2-layer MLP (1024 -> HIDDEN -> 10) on each sample and writes one stdio line per sample
 * to DIR/pred/pred-RANK.csv; the weights are generated in memory (no model file). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

#define DIM 1024
#define OUT 10

static float *w1, *w2;

static void init_weights(int hidden)
{
	w1 = malloc(sizeof(float) * DIM * hidden);
	w2 = malloc(sizeof(float) * hidden * OUT);
	unsigned s = 12345;
	for (int i = 0; i < DIM * hidden; i++) { s = s * 1103515245u + 12345u; w1[i] = ((s >> 8) & 0xffff) / 65536.0f - 0.5f; }
	for (int i = 0; i < hidden * OUT; i++) { s = s * 1103515245u + 12345u; w2[i] = ((s >> 8) & 0xffff) / 65536.0f - 0.5f; }
}

static int predict(const float *x, int hidden, float *score)
{
	float h[4096], o[OUT];
	for (int j = 0; j < hidden; j++) {
		float a = 0;
		for (int i = 0; i < DIM; i++) a += x[i] * w1[(size_t)j * DIM + i];
		h[j] = a > 0 ? a : 0;
	}
	int best = 0;
	for (int k = 0; k < OUT; k++) {
		o[k] = 0;
		for (int j = 0; j < hidden; j++) o[k] += h[j] * w2[j * OUT + k];
		if (o[k] > o[best]) best = k;
	}
	*score = o[best];
	return best;
}

static void readall(int fd, void *buf, size_t n, off_t off)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = pread(fd, (char *)buf + got, n - got, off + got);
		if (r <= 0) { perror("pread"); MPI_Abort(MPI_COMM_WORLD, 1); }
		got += r;
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, np;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc != 5) { if (!rank) fprintf(stderr, "usage: infer108 DIR N files|shard HIDDEN\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *dir = argv[1];
	int n = atoi(argv[2]), hidden = atoi(argv[4]), shard = !strcmp(argv[3], "shard");
	init_weights(hidden);
	char path[512];
	snprintf(path, sizeof path, "%s/pred/pred-%d.csv", dir, rank);
	FILE *out = fopen(path, "w");
	if (!out) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	fprintf(out, "sample,class,score\n");
	/* shard mode: a contiguous block per rank, read 256 samples (1 MiB) at a time */
	int per = (n + np - 1) / np, lo = rank * per, hi = lo + per < n ? lo + per : n;
	float *buf = malloc((size_t)256 * DIM * sizeof(float));
	int sfd = -1;
	if (shard) {
		snprintf(path, sizeof path, "%s/samples.bin", dir);
		sfd = open(path, O_RDONLY);
		if (sfd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	}
	double t0 = MPI_Wtime();
	int done = 0;
	if (shard) {
		for (int i = lo; i < hi; i += 256) {
			int k = hi - i < 256 ? hi - i : 256;
			readall(sfd, buf, (size_t)k * DIM * sizeof(float), (off_t)i * DIM * sizeof(float));
			for (int j = 0; j < k; j++) { float sc; int c = predict(buf + (size_t)j * DIM, hidden, &sc); fprintf(out, "%d,%d,%.4f\n", i + j, c, sc); done++; }
		}
		close(sfd);
	} else {
		for (int i = rank; i < n; i += np) {
			snprintf(path, sizeof path, "%s/samples/s-%05d.bin", dir, i);
			int fd = open(path, O_RDONLY);
			if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
			readall(fd, buf, DIM * sizeof(float), 0);
			close(fd);
			float sc; int c = predict(buf, hidden, &sc);
			fprintf(out, "%d,%d,%.4f\n", i, c, sc);
			done++;
		}
	}
	fclose(out);
	int total;
	MPI_Reduce(&done, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("infer108: %d samples predicted in %.2f s (%s)\n", total, MPI_Wtime() - t0, argv[3]);
	MPI_Finalize();
	return 0;
}
