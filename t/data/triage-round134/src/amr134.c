/* amr134.c: an adaptive-mesh-refinement hydrodynamics mini-app (FLASH/Enzo-like) for triage round 134.
 * Each rank owns NB blocks of varying size (512..2048 cells, 4 variables of doubles) on 3 refinement levels,
 * advances them NSTEP steps (a smoothing stencil: the compute), and every EVERY steps writes the output of MODE:
 *   plot      one plot file per level (collective MPI-IO, rank's blocks contiguous) + hierarchy index (rank 0, stdio)
 *   chkcoll   checkpoint: one shared file, var-major, one collective write per variable
 *   chkindep  checkpoint: same file, one independent MPI_File_write_at per block per variable
 *   chkrank   checkpoint: one POSIX file per rank, one write per block (all variables), + particles in one write
 *   blkfiles  checkpoint: one POSIX file per block (file storm), one write per variable
 *   rankfiles checkpoint: one POSIX file per rank, the same writes as blkfiles
 *   parttiny  particle file per rank, one write(2) per particle (40 B)
 *   partbuf   particle file per rank, one write(2) of all particles
 *   restart   read the hierarchy (rank 0, stdio) and the checkpoint DIR/chk_0000 (collective), then run
 *   restartblk  the same restart, each rank reading block by block in the hierarchy's (refinement) order, one
 *             independent MPI_File_read_at a block a variable
 * usage: amr134 MODE DIR NSTEP EVERY NB NPART WORK */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#define NVAR 4
static int rank, nproc, nb, npart, work;
static int *cells;          /* cells of each local block */
static double **u;          /* u[b] = NVAR*cells[b] doubles, var-major */
static double *part;        /* npart particles x 5 doubles */

static int level(int b) { return (b + rank) % 3; }

static void setup(void) {
	cells = malloc(nb * sizeof *cells); u = malloc(nb * sizeof *u);
	for (int b = 0; b < nb; b++) {
		/* block sizes vary with refinement: 512, 1024, 1536 or 2048 cells */
		cells[b] = 512 * (1 + (b * 7 + rank * 3) % 4);
		u[b] = malloc((size_t)NVAR * cells[b] * sizeof(double));
		for (int i = 0; i < NVAR * cells[b]; i++) u[b][i] = (double)((i * 31 + b * 17 + rank) % 101) / 101.0;
	}
	part = malloc((size_t)npart * 5 * sizeof(double));
	for (int i = 0; i < npart * 5; i++) part[i] = (double)(i % 977) / 977.0;
}

static void step(void) {
	for (int w = 0; w < work; w++)
		for (int b = 0; b < nb; b++)
			for (int i = 1; i < NVAR * cells[b] - 1; i++)
				u[b][i] = 0.25 * u[b][i - 1] + 0.5 * u[b][i] + 0.25 * u[b][i + 1];
	for (int i = 0; i < npart * 5; i += 5) part[i] += 1e-3 * part[i + 3];
}

/* bytes of this rank's blocks in one variable, and its offset among all ranks (blocks ordered by rank) */
static MPI_Offset myvar(int lev, MPI_Offset *off, MPI_Offset *tot) {
	long long mine = 0, o = 0, t = 0;
	for (int b = 0; b < nb; b++) if (lev < 0 || level(b) == lev) mine += cells[b] * 8LL;
	MPI_Exscan(&mine, &o, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD); if (rank == 0) o = 0;
	MPI_Allreduce(&mine, &t, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
	*off = o; *tot = t; return mine;
}

static double *pack(int lev, int v, MPI_Offset n) {
	double *buf = malloc(n > 0 ? n : 8); size_t k = 0;
	for (int b = 0; b < nb; b++) if (lev < 0 || level(b) == lev) {
		memcpy(buf + k, u[b] + (size_t)v * cells[b], cells[b] * 8); k += cells[b];
	}
	return buf;
}

static void hierarchy(const char *dir, int out) {
	int all = nb * nproc, *gc = rank ? NULL : malloc(all * sizeof(int));
	MPI_Gather(cells, nb, MPI_INT, gc, nb, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank) return;
	char p[512]; snprintf(p, sizeof p, "%s/hierarchy", dir);
	FILE *f = fopen(p, "w");  /* rewritten whole at each output, as FLASH/Enzo do */
	fprintf(f, "output %d blocks %d\n", out, all);
	for (int g = 0; g < all; g++) fprintf(f, "block %d rank %d level %d cells %d\n", g, g / nb, (g % nb + g / nb) % 3, gc[g]);
	fclose(f); free(gc);
}

static void plot(const char *dir, int out) {
	for (int lev = 0; lev < 3; lev++) {
		char p[512]; snprintf(p, sizeof p, "%s/plt_%04d_lvl%d", dir, out, lev);
		MPI_File fh; MPI_Offset off, tot, n = myvar(lev, &off, &tot) ;
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		/* plot files hold density and pressure only (vars 0 and 1) */
		for (int v = 0; v < 2; v++) {
			double *buf = pack(lev, v, n);
			MPI_File_write_at_all(fh, v * tot + off, buf, (int)(n / 8), MPI_DOUBLE, MPI_STATUS_IGNORE); free(buf);
		}
		MPI_File_close(&fh);
	}
	hierarchy(dir, out);
}

static void chkshared(const char *dir, int out, int coll) {
	char p[512]; snprintf(p, sizeof p, "%s/chk_%04d", dir, out);
	MPI_File fh; MPI_Offset off, tot, n = myvar(-1, &off, &tot);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	for (int v = 0; v < NVAR; v++) {
		if (coll) {
			double *buf = pack(-1, v, n);
			MPI_File_write_at_all(fh, v * tot + off, buf, (int)(n / 8), MPI_DOUBLE, MPI_STATUS_IGNORE); free(buf);
			continue;
		}
		MPI_Offset o = v * tot + off;  /* one request per block: how a naive block loop writes */
		for (int b = 0; b < nb; b++) {
			MPI_File_write_at(fh, o, u[b] + (size_t)v * cells[b], cells[b], MPI_DOUBLE, MPI_STATUS_IGNORE);
			o += cells[b] * 8;
		}
	}
	MPI_File_close(&fh);
	hierarchy(dir, out);
}

static void wr(int fd, const void *b, size_t n) { if (write(fd, b, n) != (ssize_t)n) MPI_Abort(MPI_COMM_WORLD, 2); }

static void chkposix(const char *dir, int out, int perblock, int whole) {
	char p[512]; int fd = -1;
	snprintf(p, sizeof p, "%s/chk_%04d", dir, out);
	if (rank == 0) mkdir(p, 0755);
	MPI_Barrier(MPI_COMM_WORLD);
	for (int b = 0; b < nb; b++) {
		if (fd < 0 || perblock) {
			if (fd >= 0) close(fd);
			if (perblock) snprintf(p, sizeof p, "%s/chk_%04d/blk_%04d_%04d", dir, out, rank, b);
			else snprintf(p, sizeof p, "%s/chk_%04d/rank_%04d", dir, out, rank);
			fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		}
		if (whole) wr(fd, u[b], (size_t)NVAR * cells[b] * 8);
		else for (int v = 0; v < NVAR; v++) wr(fd, u[b] + (size_t)v * cells[b], cells[b] * 8);
	}
	if (whole) wr(fd, part, (size_t)npart * 40);
	close(fd);
	hierarchy(dir, out);
}

static void particles(const char *dir, int out, int tiny) {
	char p[512]; snprintf(p, sizeof p, "%s/part_%04d_%04d", dir, out, rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (tiny) for (int i = 0; i < npart; i++) wr(fd, part + 5 * i, 40);
	else wr(fd, part, (size_t)npart * 40);
	close(fd);
	hierarchy(dir, out);
}

/* block by block in refinement order (level 0 first, then 1, 2), not file order: how a naive restart walks the tree */
static void readblocks(MPI_File fh, MPI_Offset off, MPI_Offset tot) {
	MPI_Offset *bo = malloc(nb * sizeof *bo), o = off;
	for (int b = 0; b < nb; b++) { bo[b] = o; o += cells[b] * 8; }
	for (int lev = 0; lev < 3; lev++)
		for (int b = 0; b < nb; b++) if (level(b) == lev)
			for (int v = 0; v < NVAR; v++)
				MPI_File_read_at(fh, v * tot + bo[b], u[b] + (size_t)v * cells[b], cells[b], MPI_DOUBLE, MPI_STATUS_IGNORE);
	free(bo);
}

static void restart(const char *dir, int blk) {
	char p[512], line[256]; int all = 0;
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/hierarchy", dir);
		FILE *f = fopen(p, "r");
		while (fgets(line, sizeof line, f)) all++;
		fclose(f);
	}
	MPI_Bcast(&all, 1, MPI_INT, 0, MPI_COMM_WORLD);
	snprintf(p, sizeof p, "%s/chk_0000", dir);
	MPI_File fh; MPI_Offset off, tot, n = myvar(-1, &off, &tot);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	if (blk) { readblocks(fh, off, tot); MPI_File_close(&fh); return; }
	double *buf = malloc(n);
	for (int v = 0; v < NVAR; v++) {
		MPI_File_read_at_all(fh, v * tot + off, buf, (int)(n / 8), MPI_DOUBLE, MPI_STATUS_IGNORE);
		size_t k = 0;
		for (int b = 0; b < nb; b++) { memcpy(u[b] + (size_t)v * cells[b], buf + k, cells[b] * 8); k += cells[b]; }
	}
	free(buf); MPI_File_close(&fh);
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nproc);
	if (argc < 8) { if (!rank) fprintf(stderr, "usage: amr134 MODE DIR NSTEP EVERY NB NPART WORK\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	const char *m = argv[1], *dir = argv[2];
	int nstep = atoi(argv[3]), every = atoi(argv[4]), out = 0;
	nb = atoi(argv[5]); npart = atoi(argv[6]); work = atoi(argv[7]);
	setup();
	if (!strncmp(m, "restart", 7)) restart(dir, m[7] == 'b');
	for (int s = 1; s <= nstep; s++) {
		step();
		if (s % every) continue;
		if (!strcmp(m, "plot")) plot(dir, out);
		else if (!strcmp(m, "chkcoll") || !strcmp(m, "chkindep")) chkshared(dir, out, m[3] == 'c');
		else if (!strcmp(m, "chkrank")) chkposix(dir, out, 0, 1);
		else if (!strcmp(m, "blkfiles") || !strcmp(m, "rankfiles")) chkposix(dir, out, m[0] == 'b', 0);
		else if (!strncmp(m, "part", 4)) particles(dir, out, m[4] == 't');
		out++;
	}
	double cs = 0; for (int b = 0; b < nb; b++) cs += u[b][cells[b] / 2];
	double t = 0; MPI_Reduce(&cs, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %d outputs, checksum %.6f\n", m, out, t);
	MPI_Finalize(); return 0;
}
