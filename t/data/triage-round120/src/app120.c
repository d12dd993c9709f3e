/* app120: a gyrokinetic/PIC-like mini code for triage round 120 (labels120).
 * run STEPS EVERY DIR MODE: push particles STEPS steps; every EVERY steps each rank appends its
 *   128 KiB field slice to DIR/fields.dat (MODE coll: one collective write_at_all a rank;
 *   MODE tiny: 2048 independent 64-B write_at a rank, one per field cell); rank 0 logs a stdio
 *   line a step; at the end each rank writes its 4 MiB particle checkpoint DIR/ckpt.STEP.rRANK.
 * restart STEPS EVERY DIR: each rank reads its newest checkpoint (1 MiB reads), then runs on. */
#include <mpi.h>
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define NP (4 << 20) / 8
#define NF 16384
static double part[NP], field[NF];
static int rank, nproc;

static void push(int step)
{
	for (int i = 0; i < NF; i++)
		field[i] = sin(0.001 * i + step) * cos(0.37 * rank + step);
	for (int k = 0; k < 6; k++)
		for (int i = 0; i < NP; i++)
			part[i] = part[i] * 0.999 + 1e-3 * field[i % NF];
}

static void diag(MPI_File fh, int slice, int tiny)
{
	MPI_Offset base = ((MPI_Offset)slice * nproc + rank) * NF * 8;
	if (!tiny) {
		MPI_File_write_at_all(fh, base, field, NF, MPI_DOUBLE, MPI_STATUS_IGNORE);
		return;
	}
	for (int c = 0; c < NF / 8; c++)
		MPI_File_write_at(fh, base + c * 64, field + c * 8, 8, MPI_DOUBLE, MPI_STATUS_IGNORE);
}

static void ckpt(const char *dir, int step, int rd)
{
	char p[512];
	snprintf(p, sizeof p, "%s/ckpt.%06d.r%d", dir, step, rank);
	int fd = rd ? open(p, O_RDONLY) : open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (size_t off = 0; off < sizeof part; off += 1 << 20) {
		ssize_t n = rd ? pread(fd, (char *)part + off, 1 << 20, off) : pwrite(fd, (char *)part + off, 1 << 20, off);
		if (n != 1 << 20) { perror(p); MPI_Abort(MPI_COMM_WORLD, 1); }
	}
	close(fd);
}

/* rank 0 finds the newest checkpoint step by listing DIR */
static int newest(const char *dir)
{
	int best = -1;
	if (rank == 0) {
		DIR *d = opendir(dir);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			int s;
			if (sscanf(e->d_name, "ckpt.%d.r0", &s) == 1 && s > best) best = s;
		}
		if (d) closedir(d);
	}
	MPI_Bcast(&best, 1, MPI_INT, 0, MPI_COMM_WORLD);
	return best;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	if (argc < 5) { if (!rank) fprintf(stderr, "usage\n"); MPI_Finalize(); return 2; }
	int steps = atoi(argv[2]), every = atoi(argv[3]), tiny = argc > 5 && !strcmp(argv[5], "tiny");
	const char *dir = argv[4];
	int start = 0;
	if (!strcmp(argv[1], "restart")) {
		start = newest(dir);
		if (start < 0) { if (!rank) fprintf(stderr, "no checkpoint\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
		ckpt(dir, start, 1);
	} else
		for (int i = 0; i < NP; i++) part[i] = (double)i / NP;
	char p[512];
	snprintf(p, sizeof p, "%s/fields.dat", dir);
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	snprintf(p, sizeof p, "%s/run.log", dir);
	FILE *log = rank == 0 ? fopen(p, "a") : NULL;
	for (int s = start + 1; s <= start + steps; s++) {
		push(s);
		if (s % every == 0) diag(fh, s / every - 1, tiny);
		if (log) fprintf(log, "step %6d energy %.9e\n", s, part[s % NP]);
	}
	MPI_File_close(&fh);
	if (log) fclose(log);
	ckpt(dir, start + steps, 0);
	MPI_Finalize();
	return 0;
}
