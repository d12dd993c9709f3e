/* wrf114: a WRF-like forecast for round 114 (labels114). 4 ranks own a slab of one domain (NZ levels x
 * NX*NY/P points, 4 float32 fields); every BDYF (2) steps the lateral boundary file wrfbdy is read, every HISTF
 * steps a history file wrfout_NNN is written, a restart wrfrst at the end. Modes choose how:
 *   fcst      bdy: rank 0 preads the current 1 MiB time slice and broadcasts; history: collective MPI-IO
 *   serial    as fcst, history gathered to rank 0, written with 1 MiB write(2)s
 *   hist4k    as serial, but rank 0 writes the history in 4 KiB write(2)s (a netCDF-like small chunking)
 *   bdyall    every rank freads the WHOLE wrfbdy (all time slices) at every boundary update (stdio)
 *   rstfsync  as fcst, restart written per rank with write(2)+fsync after each 16 KiB variable
 *   rstonce   as fcst, restart written per rank, one fsync at the end (twin of rstfsync)
 *   post      serial: a post-processor reads each wrfout_NNN (16 x 4 KiB header reads, then 1 MiB reads)
 * usage: wrf114 MODE DIR STEPS WORK */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define SLAB (1 << 20)          /* bytes of one boundary time slice */
#define NSLICE 24               /* time slices in wrfbdy (24 MiB) */
#define LOCAL (2 << 20)         /* bytes of history a rank owns */
#define BDYF 2
#define HISTF 25
#define RSTREC 16384       /* one restart variable (a 2-D field) */

static int rank, np;
static float *fld, *bdy;

static void die(const char *what) { perror(what); MPI_Abort(MPI_COMM_WORLD, 1); }

static void compute(long work)
{
	size_t n = LOCAL / sizeof(float);
	for (long k = 0; k < work; k++)
		for (size_t i = 1; i < n; i += 7)
			fld[i] = 0.5f * (fld[i] + fld[i - 1]) + 1e-6f * bdy[i % (SLAB / sizeof(float))];
}

static void bdy_slice(const char *dir, int t)
{
	char p[512]; snprintf(p, sizeof p, "%s/wrfbdy_d01", dir);
	if (rank == 0) {
		int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		if (pread(fd, bdy, SLAB, (off_t)(t % NSLICE) * SLAB) != SLAB) die("pread bdy");
		close(fd);
	}
	MPI_Bcast(bdy, SLAB / sizeof(float), MPI_FLOAT, 0, MPI_COMM_WORLD);
}

static void bdy_whole(const char *dir, int t)
{
	char p[512]; snprintf(p, sizeof p, "%s/wrfbdy_d01", dir);
	FILE *f = fopen(p, "rb"); if (!f) die(p);
	char *all = malloc((size_t)NSLICE * SLAB);
	if (fread(all, SLAB, NSLICE, f) != NSLICE) die("fread bdy");
	memcpy(bdy, all + (size_t)(t % NSLICE) * SLAB, SLAB);
	free(all); fclose(f);
}

static void hist_coll(const char *p)
{
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * LOCAL, fld, LOCAL, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static void hist_rank0(const char *p, size_t chunk)
{
	char *all = rank == 0 ? malloc((size_t)np * LOCAL) : NULL;
	MPI_Gather(fld, LOCAL, MPI_BYTE, all, LOCAL, MPI_BYTE, 0, MPI_COMM_WORLD);
	if (rank != 0) return;
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
	for (size_t off = 0; off < (size_t)np * LOCAL; off += chunk)
		if (write(fd, all + off, chunk) != (ssize_t)chunk) die("write hist");
	close(fd); free(all);
}

static void restart(const char *dir, int fsync_each)
{
	char p[512]; snprintf(p, sizeof p, "%s/wrfrst_d01.%04d", dir, rank);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644); if (fd < 0) die(p);
	for (size_t off = 0; off < LOCAL; off += RSTREC) {
		if (write(fd, (char *)fld + off, RSTREC) != RSTREC) die("write rst");
		if (fsync_each) fsync(fd);
	}
	fsync(fd); close(fd);
}

static void post(const char *dir, int nhist)
{
	char *buf = malloc(SLAB); double s = 0;
	for (int h = 0; h < nhist; h++) {
		char p[512]; snprintf(p, sizeof p, "%s/wrfout_%03d", dir, h);
		int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		for (int i = 0; i < 16; i++) if (pread(fd, buf, 4096, (off_t)i * 4096) != 4096) die("hdr");
		ssize_t n; off_t off = 0;
		while ((n = pread(fd, buf, SLAB, off)) > 0) {
			off += n;
			for (ssize_t i = 0; i < n / 4; i += 3) s += ((float *)buf)[i] * 1e-9;
		}
		close(fd);
	}
	printf("post: %d files, checksum %.3f\n", nhist, s); free(buf);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 5) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *dir = argv[2];
	int steps = atoi(argv[3]); long work = atol(argv[4]);
	fld = calloc(1, LOCAL); bdy = calloc(1, SLAB);
	for (size_t i = 0; i < LOCAL / sizeof(float); i++) fld[i] = (float)((i * 2654435761u + rank) % 1000);
	if (!strcmp(mode, "post")) { post(dir, steps); MPI_Finalize(); return 0; }
	int nh = 0;
	for (int t = 0; t < steps; t++) {
		if (t % BDYF == 0) { if (!strcmp(mode, "bdyall")) bdy_whole(dir, t / BDYF); else bdy_slice(dir, t / BDYF); }
		compute(work);
		if ((t + 1) % HISTF == 0) {
			char p[512]; snprintf(p, sizeof p, "%s/wrfout_%03d", dir, nh++);
			if (!strcmp(mode, "serial")) hist_rank0(p, 1 << 20);
			else if (!strcmp(mode, "hist4k")) hist_rank0(p, 4096);
			else hist_coll(p);
		}
	}
	restart(dir, !strcmp(mode, "rstfsync"));
	if (!rank) printf("%s: %d steps, %d history files\n", mode, steps, nh);
	MPI_Finalize(); return 0;
}
