/* app115: cosmology N-body I/O patterns (round 115, labels115). Real I/O, synthetic particles.
 * usage: app115 MODE DIR NPART STEPS [ARG]
 *   snap    Gadget-like snapshot: ARG files per snapshot, the ranks of a group write their file in turn
 *           (token passed by MPI), record-marked POS/VEL/ID blocks; rank 0 writes a small halo catalogue (stdio).
 *   ics     every rank reads the IC file's 256-B header and its slice of POS/VEL/ID (MPI-IO independent reads).
 *   restart each rank writes DIR/restart.R in chunks of ARG KiB; ARG2 "fsync" = fsync after every chunk, else once.
 *   ids     each rank writes its particle IDs to DIR/ids.R; ARG "each" = one write(2) per 8-B ID, else one write.
 *   halo    FoF over ARG linking lengths: each rank reads its slice of snapshot file 0; ARG2 "reread" = re-read
 *           the whole file for every linking length, else read once and keep it. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

static int rank, nproc;
static double sink;

static void compute(long steps, float *p, long n)
{
	for (long s = 0; s < steps; s++)
		for (long i = 0; i < n; i += 7) { p[i] = p[i] * 0.999f + 1e-3f * sinf((float)(i + s)); sink += p[i]; }
}

static void fill(float *p, long n, uint64_t *id, long np)
{
	for (long i = 0; i < n; i++) p[i] = (float)((i * 2654435761u + rank) % 100000) * 1e-3f;
	for (long i = 0; i < np; i++) id[i] = (uint64_t)rank * np + i + 1;
}

static void wrec(int fd, off_t *off, const void *b, size_t len)
{
	if (pwrite(fd, b, len, *off) != (ssize_t)len) { perror("pwrite"); MPI_Abort(MPI_COMM_WORLD, 1); }
	*off += len;
}

/* Gadget format-1 block layout: [4-B marker][data][4-B marker]; block k of rank r sits after the ranks before it */
static void snap(const char *dir, long np, long steps, int nfiles, float *pos, float *vel, uint64_t *id)
{
	int per = nproc / nfiles, g = rank / per, lr = rank % per, tok = 0;
	char fn[512]; snprintf(fn, sizeof fn, "%s/snapshot_000.%d", dir, g);
	compute(steps, pos, np * 3);
	if (lr > 0) MPI_Recv(&tok, 1, MPI_INT, rank - 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	int fd = open(fn, O_WRONLY | O_CREAT, 0644);
	off_t hdr = 256 + 8, blk[3] = { 12 * np * per + 8, 12 * np * per + 8, 8 * np * per + 8 };
	off_t off = 0;
	if (lr == 0) { char h[256] = "GADGET-like header"; int32_t m = 256; wrec(fd, &off, &m, 4); wrec(fd, &off, h, 256); wrec(fd, &off, &m, 4); }
	const void *data[3] = { pos, vel, id }; size_t sz[3] = { 12 * np, 12 * np, 8 * np };
	off_t base = hdr;
	for (int b = 0; b < 3; b++) {
		int32_t m = (int32_t)(blk[b] - 8);
		if (lr == 0) { off = base; wrec(fd, &off, &m, 4); }
		off = base + 4 + (off_t)lr * sz[b]; wrec(fd, &off, data[b], sz[b]);
		if (lr == per - 1) { off = base + 4 + (off_t)per * sz[b]; wrec(fd, &off, &m, 4); }
		base += blk[b];
	}
	close(fd);
	if (lr < per - 1) MPI_Send(&tok, 1, MPI_INT, rank + 1, 7, MPI_COMM_WORLD);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/fof_tab_000.txt", dir);
		FILE *f = fopen(fn, "w");
		for (int h = 0; h < 500; h++) fprintf(f, "%6d %10ld %12.5f %12.5f %12.5f\n", h, 1000L - h, pos[3 * h], pos[3 * h + 1], pos[3 * h + 2]);
		fclose(f);
	}
	compute(steps, vel, np * 3);
}

static void ics(const char *dir, long np, long steps, float *pos, float *vel, uint64_t *id)
{
	char fn[512], h[256]; snprintf(fn, sizeof fn, "%s/ics.dat", dir);
	MPI_File f;
	MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
	MPI_File_read_at(f, 4, h, 256, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_Offset base = 264, n = np * nproc;
	MPI_File_read_at(f, base + 4 + 12 * np * rank, pos, 12 * np, MPI_BYTE, MPI_STATUS_IGNORE);
	base += 12 * n + 8;
	MPI_File_read_at(f, base + 4 + 12 * np * rank, vel, 12 * np, MPI_BYTE, MPI_STATUS_IGNORE);
	base += 12 * n + 8;
	MPI_File_read_at(f, base + 4 + 8 * np * rank, id, 8 * np, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&f);
	compute(steps, pos, np * 3);
}

static void restart(const char *dir, long np, long steps, int kib, int each, float *pos, float *vel)
{
	char fn[512]; snprintf(fn, sizeof fn, "%s/restart.%d", dir, rank);
	compute(steps, pos, np * 3);
	int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	size_t ch = (size_t)kib * 1024;
	const char *b[2] = { (const char *)pos, (const char *)vel };
	for (int k = 0; k < 2; k++)
		for (size_t o = 0; o < 12 * (size_t)np; o += ch) {
			size_t len = 12 * (size_t)np - o < ch ? 12 * (size_t)np - o : ch;
			if (write(fd, b[k] + o, len) != (ssize_t)len) MPI_Abort(MPI_COMM_WORLD, 1);
			if (each) fsync(fd);
		}
	fsync(fd);
	close(fd);
	compute(steps, vel, np * 3);
}

static void ids(const char *dir, long np, long steps, int each, float *pos, uint64_t *id)
{
	char fn[512]; snprintf(fn, sizeof fn, "%s/ids.%d", dir, rank);
	compute(steps, pos, np * 3);
	int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (each) { for (long i = 0; i < np; i++) if (write(fd, &id[i], 8) != 8) MPI_Abort(MPI_COMM_WORLD, 1); }
	else if (write(fd, id, 8 * np) != 8 * np) MPI_Abort(MPI_COMM_WORLD, 1);
	close(fd);
}

/* reads this rank's slice of snapshot_000.0's POS block (np particles); whole=1 reads the whole block */
static void readpos(const char *dir, long np, int per, int whole, float *buf)
{
	char fn[512]; snprintf(fn, sizeof fn, "%s/snapshot_000.0", dir);
	int fd = open(fn, O_RDONLY);
	off_t o = 264 + 4 + (whole ? 0 : 12 * np * (rank % per));
	size_t len = 12 * np * (whole ? per : 1);
	if (pread(fd, buf, len, o) != (ssize_t)len) { perror("pread"); MPI_Abort(MPI_COMM_WORLD, 1); }
	close(fd);
}

static void halo(const char *dir, long np, long steps, int nlink, int reread, int per)
{
	float *all = malloc(12 * np * per);
	readpos(dir, np, per, 1, all);
	for (int l = 0; l < nlink; l++) {
		if (reread && l > 0) readpos(dir, np, per, 1, all);
		compute(steps, all + 3 * np * (rank % per), np * 3);
	}
	if (rank == 0) {
		char fn[512]; snprintf(fn, sizeof fn, "%s/fof_tab_000.txt", dir);
		FILE *f = fopen(fn, "w");
		for (int h = 0; h < 300; h++) fprintf(f, "%6d %10d %12.5f\n", h, 900 - h, all[3 * h]);
		fclose(f);
	}
	free(all);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: app115 MODE DIR NPART STEPS ARG [ARG2]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *dir = argv[2], *a2 = argc > 6 ? argv[6] : "";
	long np = atol(argv[3]), steps = atol(argv[4]); int arg = atoi(argv[5]);
	float *pos = malloc(12 * np), *vel = malloc(12 * np); uint64_t *id = malloc(8 * np);
	fill(pos, 3 * np, id, np); fill(vel, 3 * np, id, np);
	if (!strcmp(mode, "snap")) snap(dir, np, steps, arg, pos, vel, id);
	else if (!strcmp(mode, "ics")) ics(dir, np, steps, pos, vel, id);
	else if (!strcmp(mode, "restart")) restart(dir, np, steps, arg, !strcmp(a2, "fsync"), pos, vel);
	else if (!strcmp(mode, "ids")) ids(dir, np, steps, !strcmp(a2, "each"), pos, id);
	else if (!strcmp(mode, "halo")) halo(dir, np, steps, arg, !strcmp(a2, "reread"), atoi(argc > 7 ? argv[7] : "4"));
	if (!rank) printf("%s done (%g)\n", mode, sink);
	free(pos); free(vel); free(id);
	MPI_Finalize();
	return 0;
}
