/* Round 136 (labels136): an AI research centre's day, three MPI jobs in one program.
 *   embed   DIR CORPUS_MIB OUT_MIB : embedding generation. Every rank reads its contiguous share of a token
 *           corpus in 2 MiB independent MPI-IO reads, "encodes" it, writes its embeddings collectively
 *           (MPI_File_write_at_all) to one shared file; rank 0 writes a small JSON manifest through stdio.
 *   metrics DIR STEPS MODE         : training loop logging one ~100-B event record a step on rank 0;
 *           MODE fsync: write(2)+fsync(2) per record (the problem); buffered: stdio, flushed at the end.
 *   distill DIR SAMPLES MODE       : knowledge distillation, teacher logits (1024 float32 = 4 KiB a sample)
 *           dumped to one shared file; sample i is rank i%P's. MODE indep: one MPI_File_write_at per sample
 *           (interleaved 4 KiB writes, the problem); coll: one MPI_File_write_at_all per 64-sample batch. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>

static double burn(double *v, size_t n, int reps)
{
	double s = 0;
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < n; i++) { v[i] = sin(v[i] + r * 1e-3) * 0.999 + 1e-4; s += v[i]; }
	return s;
}

static void path(char *p, size_t n, const char *dir, const char *f) { snprintf(p, n, "%s/%s", dir, f); }

static void embed(const char *dir, int cmib, int omib, int rank, int np)
{
	char p[512]; MPI_File fh; MPI_Offset share = (MPI_Offset)cmib * 1048576 / np, chunk = 2 << 20;
	char *buf = malloc(chunk); size_t on = (size_t)omib * 1048576 / np / sizeof(float);
	float *emb = malloc(on * sizeof(float)); double acc = 0, *w = calloc(65536, sizeof(double));
	path(p, sizeof p, dir, "corpus.tok");
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	for (MPI_Offset o = 0; o < share; o += chunk) {
		MPI_File_read_at(fh, rank * share + o, buf, (int)chunk, MPI_BYTE, MPI_STATUS_IGNORE);
		for (MPI_Offset i = 0; i < chunk; i += 64) w[(i / 64) & 65535] += (unsigned char)buf[i];
		acc += burn(w, 65536, 12);
	}
	MPI_File_close(&fh);
	for (size_t i = 0; i < on; i++) emb[i] = (float)(w[i & 65535] * 1e-6 + acc * 1e-12);
	path(p, sizeof p, dir, "emb.f32");
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * on * sizeof(float), emb, (int)(on * sizeof(float)), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	if (rank == 0) {
		path(p, sizeof p, dir, "manifest.json"); FILE *f = fopen(p, "w");
		fprintf(f, "{\"ranks\": %d, \"dim\": 1024, \"bytes\": %d, \"check\": %.6g}\n", np, omib << 20, acc);
		fclose(f);
	}
	free(buf); free(emb); free(w);
}

static void metrics(const char *dir, int steps, const char *mode, int rank)
{
	char p[512], rec[160]; double *w = calloc(32768, sizeof(double)), loss = 0;
	int fd = -1; FILE *f = NULL;
	path(p, sizeof p, dir, "events.log");
	if (rank == 0 && !strcmp(mode, "fsync")) fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (rank == 0 && strcmp(mode, "fsync")) f = fopen(p, "w");
	for (int s = 0; s < steps; s++) {
		loss = burn(w, 32768, 4) * 1e-6;
		MPI_Allreduce(MPI_IN_PLACE, &loss, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (rank) continue;
		int n = snprintf(rec, sizeof rec, "{\"step\": %6d, \"loss\": %.9f, \"lr\": %.3e, \"tokens\": %10d}\n",
			s, loss, 3e-4 * (1.0 - (double)s / steps), s * 4096);
		if (fd >= 0) { if (write(fd, rec, n) != n || fsync(fd)) MPI_Abort(MPI_COMM_WORLD, 2); }
		else fputs(rec, f);
	}
	if (fd >= 0) close(fd);
	if (f) fclose(f);
	free(w);
}

static void distill(const char *dir, int samples, const char *mode, int rank, int np)
{
	char p[512]; MPI_File fh; const int V = 1024, B = 64;
	float *lg = malloc((size_t)B * V * sizeof(float)); double *w = calloc(8192, sizeof(double));
	path(p, sizeof p, dir, "teacher-logits.f32");
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int b0 = 0; b0 < samples; b0 += B * np) {
		int mine = 0;
		for (int i = b0 + rank; i < b0 + B * np && i < samples; i += np, mine++) {
			double s = burn(w, 8192, 2);
			for (int v = 0; v < V; v++) lg[(size_t)mine * V + v] = (float)(w[v] + s * 1e-9);
			if (!strcmp(mode, "indep"))
				MPI_File_write_at(fh, (MPI_Offset)i * V * 4, lg + (size_t)mine * V, V * 4, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		if (strcmp(mode, "indep")) {
			/* interleaved samples: a vector type places each of my rows at its sample's slot */
			MPI_Datatype ft; MPI_Type_vector(mine, V * 4, V * 4 * np, MPI_BYTE, &ft); MPI_Type_commit(&ft);
			MPI_File_set_view(fh, (MPI_Offset)(b0 + rank) * V * 4, MPI_BYTE, ft, "native", MPI_INFO_NULL);
			MPI_File_write_at_all(fh, 0, lg, mine * V * 4, MPI_BYTE, MPI_STATUS_IGNORE);
			MPI_Type_free(&ft);
		}
	}
	MPI_File_close(&fh);
	free(lg); free(w);
}

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) { if (!rank) fprintf(stderr, "usage: app136 embed|metrics|distill DIR N M|MODE\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	if (!strcmp(argv[1], "embed")) embed(argv[2], atoi(argv[3]), atoi(argv[4]), rank, np);
	else if (!strcmp(argv[1], "metrics")) metrics(argv[2], atoi(argv[3]), argv[4], rank);
	else distill(argv[2], atoi(argv[3]), argv[4], rank, np);
	MPI_Finalize();
	return 0;
}
