/* Round 139 (labels139): a biomedical research institute's day, one binary, one mode per kind of job.
 *   register  N MIB DIR  : 4-rank image registration: collective read of fixed+moving volumes (MIB a rank each),
 *                          N iterations of compute, collective write of the warped volume
 *   seqindex  N MIB DIR  : serial index build: reference read in 1 MiB reads, index written in 64 KiB blocks in
 *                          bucket (scattered) order, N compute rounds
 *   mri       KIB MODE DIR : MRI reconstruction, N ranks: k-space read (1 MiB reads), compute, each rank writes its
 *                          KIB of image into a shared file: MODE small = 4 KiB pwrites, MODE big = one pwrite
 *   pet       N VOX MODE DIR : PET OSEM: list-mode events read (collective), N iterations, image of VOX floats:
 *                          MODE text = rank 0 fprintf's the whole image as text every iteration, bin = fwrite once
 *   episim    DAYS DIR   : agent-based epidemic: rank 0 reads population CSV (stdio) and broadcasts, a stdio line
 *                          a day by rank 0, a checkpoint file per rank every 10 days */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static double sink;
static void work(long n) { double x = 1.0; for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9; sink += x; }
static char *path(const char *d, const char *f) { static char b[4][512]; static int k; k = (k + 1) % 4;
	snprintf(b[k], 512, "%s/%s", d, f); return b[k]; }
static void fill(char *b, size_t n, int r) { for (size_t i = 0; i < n; i++) b[i] = (char)(i * 31 + r); }

static void coll_rw(const char *p, int wr, size_t n, int r) {
	MPI_File fh; char *b = malloc(n); fill(b, n, r);
	MPI_File_open(MPI_COMM_WORLD, p, wr ? MPI_MODE_CREATE | MPI_MODE_WRONLY : MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	if (wr) MPI_File_write_at_all(fh, (MPI_Offset)r * n, b, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	else MPI_File_read_at_all(fh, (MPI_Offset)r * n, b, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh); sink += b[n / 2]; free(b); }

static void do_register(int r, int it, size_t mib, const char *d) {
	size_t n = mib << 20;
	coll_rw(path(d, "fixed.nii"), 0, n, r); coll_rw(path(d, "moving.nii"), 0, n, r);
	for (int i = 0; i < it; i++) { work(4000000); MPI_Barrier(MPI_COMM_WORLD); }
	coll_rw(path(d, "warped.nii"), 1, n, r); }

static void do_seqindex(int it, size_t mib, const char *d) {
	char *b = malloc(1 << 20); int fd = open(path(d, "ref.fa"), O_RDONLY); ssize_t got;
	while ((got = read(fd, b, 1 << 20)) > 0) sink += b[got - 1];
	close(fd); work((long)it * 4000000);
	int o = open(path(d, "ref.idx"), O_CREAT | O_WRONLY | O_TRUNC, 0644); size_t nb = (mib << 20) / 65536;
	for (size_t k = 0; k < nb; k++) { size_t blk = (k * 7919) % nb; /* bucket order: scattered offsets */
		fill(b, 65536, (int)k); pwrite(o, b, 65536, (off_t)(blk * 65536)); }
	close(o); free(b); }

static void do_mri(int r, int np, size_t kib, const char *mode, const char *d) {
	char *b = malloc(1 << 20); int fd = open(path(d, "kspace.dat"), O_RDONLY);
	for (int i = 0; i < 4; i++) { pread(fd, b, 1 << 20, (off_t)(r * 4 + i) << 20); sink += b[5]; }
	close(fd); work(30000000); MPI_Barrier(MPI_COMM_WORLD);
	size_t n = kib << 10; char *img = malloc(n); fill(img, n, r);
	int o = open(path(d, "image.raw"), O_CREAT | O_WRONLY, 0644); off_t base = (off_t)r * n;
	if (strcmp(mode, "small") == 0) for (size_t k = 0; k < n; k += 4096) pwrite(o, img + k, 4096, base + k);
	else pwrite(o, img, n, base);
	close(o); MPI_Barrier(MPI_COMM_WORLD); (void)np; free(b); free(img); }

static void dump(const char *p, const float *v, long n, int text) {
	FILE *f = fopen(p, "w");
	if (text) for (long i = 0; i < n; i++) fprintf(f, "%.7e\n", v[i]);
	else fwrite(v, sizeof *v, n, f);
	fclose(f); }

static void do_pet(int r, int it, long vox, const char *mode, const char *d) {
	coll_rw(path(d, "listmode.lm"), 0, 8u << 20, r);
	float *img = malloc(vox * sizeof *img); for (long i = 0; i < vox; i++) img[i] = 1.0f;
	int text = strcmp(mode, "text") == 0; char nm[64];
	for (int i = 0; i < it; i++) { work(3000000); for (long v = r; v < vox; v += 4) img[v] *= 1.001f;
		MPI_Allreduce(MPI_IN_PLACE, img, (int)vox, MPI_FLOAT, MPI_MAX, MPI_COMM_WORLD);
		if (text && r == 0) { snprintf(nm, sizeof nm, "pet_iter%02d.txt", i); dump(path(d, nm), img, vox, 1); } }
	if (!text && r == 0) dump(path(d, "pet_final.img"), img, vox, 0);
	free(img); }

static void do_episim(int r, int days, const char *d) {
	static char pop[200000]; long n = 0;
	if (r == 0) { FILE *f = fopen(path(d, "population.csv"), "r"); n = (long)fread(pop, 1, sizeof pop, f); fclose(f); }
	MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD); MPI_Bcast(pop, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
	FILE *log = r == 0 ? fopen(path(d, "epi_daily.csv"), "w") : NULL; char nm[64];
	for (int day = 0; day < days; day++) { work(1500000); long inf = day * 37 + n % 101, tot = 0;
		MPI_Reduce(&inf, &tot, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
		if (log) fprintf(log, "%d,%ld,%ld,%ld\n", day, tot, tot / 3, n - tot);
		if (day % 10 == 9) { snprintf(nm, sizeof nm, "ckpt_r%d_d%03d.bin", r, day);
			FILE *c = fopen(path(d, nm), "w"); fwrite(pop, 1, (size_t)n, c); fclose(c); } }
	if (log) fclose(log); }

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); int r, np; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1];
	if (!strcmp(m, "register")) do_register(r, atoi(argv[2]), (size_t)atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "seqindex")) do_seqindex(atoi(argv[2]), (size_t)atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "mri")) do_mri(r, np, (size_t)atoi(argv[2]), argv[3], argv[4]);
	else if (!strcmp(m, "pet")) do_pet(r, atoi(argv[2]), atol(argv[3]), argv[4], argv[5]);
	else if (!strcmp(m, "episim")) do_episim(r, atoi(argv[2]), argv[3]);
	MPI_Finalize(); return 0; }
