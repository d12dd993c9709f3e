/* Round 157 (labels157): GNN training on large partitioned graphs.
 * app157 gen DIR ranks edgesMiB featrows      : make part-R.edges (int64 pairs) and feat.bin (256-B rows); run without Darshan
 * app157 train DIR epochs                      : fine: each rank reads its partition (4 MiB reads) and its feature rows, trains,
 *                                                rank 0 writes a 4 MiB checkpoint per epoch and a text log (fprintf)
 * app157 sample DIR iters [per [wk]]           : fine: neighbour sampling, per (10) random 256-B feature-row preads a batch from
 *                                                feat.bin, work(wk = 20000) of compute a batch
 * app157 load DIR edge|bulk                    : each rank reads its partitions (k = rank, rank+np, ... of 4) one 16-B edge per read (problem) or 4 MiB (twin)
 * app157 export DIR rows fsync|end             : each rank writes its node embeddings (256 B a row) to emb-R.bin, fsync each row
 *                                                (problem) or once at the end (twin) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdint.h>
#define ROW 256
static double work(long n) { volatile double s = 0; for (long i = 0; i < n; i++) s += (double)(i % 7) * 1e-9; return s; }
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	char p[512]; const char *m = argv[1], *d = argv[2]; double sink = 0;
	if (!strcmp(m, "gen")) {
		int nr = atoi(argv[3]); long eb = atol(argv[4]) << 20, fr = atol(argv[5]);
		char *b = malloc(1 << 22); for (int i = 0; i < 1 << 22; i++) b[i] = (char)(i * 31 + 7);
		for (int k = 0; k < nr; k++) { snprintf(p, sizeof p, "%s/part-%d.edges", d, k); FILE *f = fopen(p, "w");
			for (long o = 0; o < eb; o += 1 << 22) fwrite(b, 1, 1 << 22, f); fclose(f); }
		snprintf(p, sizeof p, "%s/feat.bin", d); FILE *f = fopen(p, "w");
		for (long o = 0; o < fr * ROW; o += 1 << 22) fwrite(b, 1, (fr * ROW - o) < (1 << 22) ? fr * ROW - o : 1 << 22, f); fclose(f);
	} else if (!strcmp(m, "train")) {
		int ep = atoi(argv[3]); char *b = malloc(1 << 22); ssize_t n; long tot = 0;
		snprintf(p, sizeof p, "%s/part-%d.edges", d, r); int fd = open(p, O_RDONLY);
		while ((n = read(fd, b, 1 << 22)) > 0) { tot += n; sink += b[0]; } close(fd);
		snprintf(p, sizeof p, "%s/feat.bin", d); fd = open(p, O_RDONLY); off_t sz = lseek(fd, 0, SEEK_END);
		off_t per = sz / np, o0 = per * r; for (off_t o = o0; o < o0 + per; o += 1 << 20) pread(fd, b, (o0 + per - o) < (1 << 20) ? o0 + per - o : 1 << 20, o); close(fd);
		FILE *lg = NULL; if (r == 0) { snprintf(p, sizeof p, "%s/train.log", d); lg = fopen(p, "w"); }
		for (int e = 0; e < ep; e++) {
			for (int it = 0; it < 20; it++) { sink += work(10000000); double x = sink, y; MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
				if (r == 0) fprintf(lg, "epoch %d iter %d loss %.6f edges %ld\n", e, it, 1.0 / (1 + e + it * 0.1), tot); }
			if (r == 0) { snprintf(p, sizeof p, "%s/ckpt-%d.pt", d, e); int c = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
				write(c, b, 1 << 22); close(c); }
			MPI_Barrier(MPI_COMM_WORLD);
		}
		if (lg) fclose(lg);
	} else if (!strcmp(m, "sample")) {
		int it = atoi(argv[3]), per = argc > 4 ? atoi(argv[4]) : 10; long wk = argc > 5 ? atol(argv[5]) : 20000; char b[ROW * 16]; snprintf(p, sizeof p, "%s/feat.bin", d); int fd = open(p, O_RDONLY);
		long nrow = lseek(fd, 0, SEEK_END) / ROW; srand(r + 1);
		for (int i = 0; i < it; i++) { for (int k = 0; k < per; k++) { long row = ((long)rand() * 7919 + rand()) % nrow;
				pread(fd, b, ROW, row * ROW); sink += b[0]; } sink += work(wk); }
		close(fd);
	} else if (!strcmp(m, "load")) {
		int bulk = !strcmp(argv[3], "bulk"); size_t bs = bulk ? 1 << 22 : 16; char *b = malloc(1 << 22); ssize_t n; int64_t deg = 0;
		for (int k = r; k < 4; k += np) { snprintf(p, sizeof p, "%s/part-%d.edges", d, k); int fd = open(p, O_RDONLY);
			while ((n = read(fd, b, bs)) > 0) for (ssize_t i = 0; i + 16 <= n; i += 16) deg += ((int64_t *)(b + i))[0] & 1;
			close(fd); } sink += deg; sink += work(30000000);
	} else if (!strcmp(m, "export")) {
		long rows = atol(argv[3]); int fs = !strcmp(argv[4], "fsync"); char b[ROW]; memset(b, r + 1, ROW);
		snprintf(p, sizeof p, "%s/emb-%d.bin", d, r); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = 0; i < rows; i++) { sink += work(2000); b[0] = (char)i; write(fd, b, ROW); if (fs) fsync(fd); }
		if (!fs) fsync(fd); close(fd);
	}
	if (r == 0) printf("%s done (%g)\n", m, sink > -1 ? 1.0 : 0.0);
	MPI_Finalize(); return 0;
}
