/* Round 71: an adaptive-mesh-refinement-like code (AMReX/Chombo style I/O) under Darshan.
 * A hierarchy of L levels of 16^3-cell boxes (32 KiB of doubles each); rank r owns a number of boxes
 * a level that depends on r and on the regrid epoch (uneven, shifting load). Each step relaxes every
 * owned box (real arithmetic); output between steps:
 *   plot   : plotfile dir per output step, Header by rank 0 (stdio), a file per group of G ranks a level
 *            (POSIX pwrite at offsets from an MPI_Exscan in the group), a pwrite a box; hdr=tiny writes the
 *            Header one write(2) a line; sync=1 fsyncs after every box; sync=2 (a twin) writes a rank's boxes
 *            of a level in one pwrite.
 *   regrid : the same plotfiles with one MPI-IO file a level (write_at_all at uneven offsets)
 *   ckpt   : checkpoint dirs, one shared file a level, MPI_File_write_at_all
 *   restart: reads a checkpoint written at another rank count (read_at_all, boxes re-dealt by weight),
 *            then steps, a plotfile at the end.
 * usage: app71 MODE STEPS EVERY SWEEPS BASE OUTDIR [G] [hdr=tiny|buf] [sync=0|1] [REGRID] [CKPTDIR] */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#define NC 4096 /* cells a box */
#define L 3
static int rank, np, base, regrid_every = 1, G = 2, tinyhdr, dosync;
static int nbox[L];
static double *box[L];
static int weight(int r, int epoch, int l) { return 1 + (r * 7 + epoch * 3 + l * 5) % 6; }
static int nboxes(int r, int epoch, int l) { return base * (l + 1) * weight(r, epoch, l) / 3 + 1; }
static void alloc(int epoch)
{
	for (int l = 0; l < L; l++) {
		nbox[l] = nboxes(rank, epoch, l);
		box[l] = realloc(box[l], sizeof(double) * NC * nbox[l]);
		for (long i = 0; i < (long)NC * nbox[l]; i++)
			box[l][i] = (double)((i * 2654435761u + rank + l) % 1000) / 1000.0;
	}
}
static void relax(int sweeps)
{
	for (int s = 0; s < sweeps; s++)
		for (int l = 0; l < L; l++)
			for (int b = 0; b < nbox[l]; b++) {
				double *u = box[l] + (long)b * NC;
				for (int i = 1; i < NC - 1; i++)
					u[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
			}
}
static void header(const char *dir, int step, int (*cnt)[64])
{
	char fn[512], line[256];
	snprintf(fn, sizeof fn, "%s/Header", dir);
	if (tinyhdr) {
		int fd = open(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int n = snprintf(line, sizeof line, "HyperCLaw-V1.1\n%d\n%d\n", L, step);
		write(fd, line, n);
		for (int l = 0; l < L; l++)
			for (int r = 0; r < np; r++)
				for (int b = 0; b < cnt[l][r]; b++) {
					n = snprintf(line, sizeof line, "((%d,%d,%d) (%d,%d,%d) (0,0,0)) FabOnDisk: Cell_D_%05d %d\n", b * 16, r * 16, l,
						     b * 16 + 15, r * 16 + 15, l, r / G, b * NC * 8);
					write(fd, line, n);
				}
		close(fd);
	} else {
		FILE *f = fopen(fn, "w");
		fprintf(f, "HyperCLaw-V1.1\n%d\n%d\n", L, step);
		for (int l = 0; l < L; l++)
			for (int r = 0; r < np; r++)
				for (int b = 0; b < cnt[l][r]; b++)
					fprintf(f, "((%d,%d,%d) (%d,%d,%d) (0,0,0)) FabOnDisk: Cell_D_%05d %d\n", b * 16, r * 16, l, b * 16 + 15,
						r * 16 + 15, l, r / G, b * NC * 8);
		fclose(f);
	}
}
static void mkdirs(const char *dir)
{
	char d[512];
	if (rank == 0) {
		mkdir(dir, 0755);
		for (int l = 0; l < L; l++) {
			snprintf(d, sizeof d, "%s/Level_%d", dir, l);
			mkdir(d, 0755);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
}
static void plotfile(const char *out, int step, int mpiio)
{
	char dir[400], fn[512];
	static int cnt[L][64];
	snprintf(dir, sizeof dir, "%s/plt%05d", out, step);
	mkdirs(dir);
	for (int l = 0; l < L; l++)
		MPI_Gather(&nbox[l], 1, MPI_INT, cnt[l], 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank == 0)
		header(dir, step, cnt);
	MPI_Comm grp;
	MPI_Comm_split(MPI_COMM_WORLD, mpiio ? 0 : rank / G, rank, &grp);
	for (int l = 0; l < L; l++) {
		long long my = (long long)nbox[l] * NC * 8, off = 0;
		MPI_Exscan(&my, &off, 1, MPI_LONG_LONG, MPI_SUM, grp);
		int gr;
		MPI_Comm_rank(grp, &gr);
		if (gr == 0)
			off = 0;
		if (mpiio) {
			MPI_File fh;
			snprintf(fn, sizeof fn, "%s/Level_%d/Cell_D", dir, l);
			MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
			MPI_File_write_at_all(fh, off, box[l], nbox[l] * NC, MPI_DOUBLE, MPI_STATUS_IGNORE);
			MPI_File_close(&fh);
			continue;
		}
		snprintf(fn, sizeof fn, "%s/Level_%d/Cell_D_%05d", dir, l, rank / G);
		int fd = open(fn, O_WRONLY | O_CREAT, 0644);
		if (dosync == 2) { /* the twin: a rank's boxes of a level are contiguous, so one write */
			pwrite(fd, box[l], (size_t)nbox[l] * NC * 8, off);
			close(fd);
			continue;
		}
		for (int b = 0; b < nbox[l]; b++) {
			pwrite(fd, box[l] + (long)b * NC, NC * 8, off + (long long)b * NC * 8);
			if (dosync)
				fsync(fd);
		}
		close(fd);
	}
	MPI_Comm_free(&grp);
}
static void checkpoint(const char *out, int step)
{
	char dir[400], fn[512];
	snprintf(dir, sizeof dir, "%s/chk%05d", out, step);
	mkdirs(dir);
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/Header", dir);
		FILE *f = fopen(fn, "w");
		fprintf(f, "Checkpoint-V1\n%d %d %d\n", L, step, np);
		for (int l = 0; l < L; l++)
			for (int r = 0; r < np; r++)
				fprintf(f, "%d %d %d\n", l, r, nboxes(r, step / regrid_every, l));
		fclose(f);
	}
	for (int l = 0; l < L; l++) {
		long long my = (long long)nbox[l] * NC * 8, off = 0;
		MPI_Exscan(&my, &off, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0)
			off = 0;
		MPI_File fh;
		snprintf(fn, sizeof fn, "%s/Level_%d/FabData", dir, l);
		MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, off, box[l], nbox[l] * NC, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
}
/* restart at another rank count: total boxes a level from the old Header, dealt by this run's weights */
static void restart(const char *chk)
{
	char fn[512];
	int tot[L] = {0}, oldnp = 0, lev, r, n, step;
	if (rank == 0) {
		snprintf(fn, sizeof fn, "%s/Header", chk);
		FILE *f = fopen(fn, "r");
		char buf[64];
		if (!f || !fgets(buf, sizeof buf, f) || fscanf(f, "%*d %d %d", &step, &oldnp) != 2)
			MPI_Abort(MPI_COMM_WORLD, 2);
		while (fscanf(f, "%d %d %d", &lev, &r, &n) == 3)
			tot[lev] += n;
		fclose(f);
	}
	MPI_Bcast(tot, L, MPI_INT, 0, MPI_COMM_WORLD);
	for (int l = 0; l < L; l++) {
		int w = 0, wsum = 0, wbefore = 0;
		for (int q = 0; q < np; q++) {
			w = weight(q, 0, l);
			if (q < rank)
				wbefore += w;
			wsum += w;
		}
		long first = (long)tot[l] * wbefore / wsum, last = (long)tot[l] * (wbefore + weight(rank, 0, l)) / wsum;
		nbox[l] = (int)(last - first);
		box[l] = realloc(box[l], sizeof(double) * NC * (nbox[l] + 1));
		MPI_File fh;
		snprintf(fn, sizeof fn, "%s/Level_%d/FabData", chk, l);
		MPI_File_open(MPI_COMM_WORLD, fn, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_File_read_at_all(fh, first * NC * 8, box[l], nbox[l] * NC, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
}
int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 7 || np > 64) {
		if (rank == 0)
			fprintf(stderr, "usage: app71 MODE STEPS EVERY SWEEPS BASE OUTDIR [G] [tiny] [sync] [REGRID] [CKPT]\n");
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	const char *mode = argv[1], *out = argv[6];
	int steps = atoi(argv[2]), every = atoi(argv[3]), sweeps = atoi(argv[4]);
	base = atoi(argv[5]);
	if (argc > 7) G = atoi(argv[7]);
	if (argc > 8) tinyhdr = !strcmp(argv[8], "tiny");
	if (argc > 9) dosync = atoi(argv[9]);
	if (argc > 10) regrid_every = atoi(argv[10]);
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(mode, "restart"))
		restart(argv[11]);
	else
		alloc(0);
	for (int s = 1; s <= steps; s++) {
		if (strcmp(mode, "restart") && s % regrid_every == 0)
			alloc(s / regrid_every); /* regrid: the hierarchy is rebuilt and re-dealt */
		relax(sweeps);
		if (s % every)
			continue;
		if (!strcmp(mode, "ckpt"))
			checkpoint(out, s);
		else if (!strcmp(mode, "regrid"))
			plotfile(out, s, 1);
		else if (!strcmp(mode, "plot"))
			plotfile(out, s, 0);
	}
	if (!strcmp(mode, "restart"))
		plotfile(out, steps, 0);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0;
	if (rank == 0)
		printf("app71 %s np %d: %.3f s\n", mode, np, t);
	MPI_Finalize();
	return 0;
}
