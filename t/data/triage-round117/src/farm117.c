/* round 117: a farm of MPI ranks, each preprocessing every size-th subject and writing its BIDS-like
 * derivatives directory of small files: mask (352 + 128 KiB), stat map (352 + 512 KiB), json sidecar,
 * confounds tsv (stdio, a line a volume). usage: farm117 OUTDIR NSUBJ */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#define NV (64 * 64 * 32)
#define HDR 352
static float map[NV];
static unsigned char mask[NV];
static void put(const char *p, const void *h, const void *b, size_t n)
{
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, h, HDR) != HDR || write(fd, b, n) != (ssize_t)n) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	close(fd);
}
static void subject(const char *out, int s)
{
	char d[512], p[600], h[HDR];
	double acc = 0;
	/* the preprocessing itself: compute, the bulk of a subject's time */
	for (int it = 0; it < 300; it++)
		for (int i = 0; i < NV; i++) { map[i] = 0.999f * map[i] + (float)((i * 7 + s + it) % 97) * 0.01f; acc += map[i]; }
	for (int i = 0; i < NV; i++) mask[i] = map[i] > 0.3f;
	snprintf(d, sizeof d, "%s/sub-%03d", out, s); mkdir(d, 0755);
	memset(h, 0, HDR); *(int *)h = 348; memcpy(h + 344, "n+1", 4);
	snprintf(p, sizeof p, "%s/sub-%03d_desc-brain_mask.nii", d, s); put(p, h, mask, sizeof mask);
	snprintf(p, sizeof p, "%s/sub-%03d_desc-stat_map.nii", d, s); put(p, h, map, sizeof map);
	snprintf(p, sizeof p, "%s/sub-%03d_desc-stat_map.json", d, s);
	FILE *f = fopen(p, "w"); fprintf(f, "{\"Sources\": [\"sub-%03d_T1w.nii\"], \"SkullStripped\": true, \"acc\": %.3f}\n", s, acc); fclose(f);
	snprintf(p, sizeof p, "%s/sub-%03d_desc-confounds.tsv", d, s);
	f = fopen(p, "w"); fprintf(f, "trans_x\ttrans_y\ttrans_z\trot_x\trot_y\trot_z\tcsf\twm\n");
	for (int v = 0; v < 200; v++) fprintf(f, "%.4f\t%.4f\t%.4f\t%.5f\t%.5f\t%.5f\t%.2f\t%.2f\n", v * 1e-3, -v * 2e-3, v * 5e-4, v * 1e-5, 0.0, -v * 1e-5, 900.0 + v, 800.0 - v);
	fclose(f);
}
int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 3) { if (!rank) fprintf(stderr, "usage: farm117 OUTDIR NSUBJ\n"); MPI_Finalize(); return 2; }
	if (!rank) mkdir(argv[1], 0755);
	MPI_Barrier(MPI_COMM_WORLD);
	int n = atoi(argv[2]);
	for (int s = rank; s < n; s += size) subject(argv[1], s);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("farm: %d subjects on %d ranks\n", n, size);
	MPI_Finalize();
	return 0;
}
