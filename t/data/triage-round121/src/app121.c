/* Round 121 (labels121): a satellite granule farm. Each of N ranks reads its share of the granule files
 * (GRANMB MiB each, 1 MiB reads), computes a cloud/quality score per scanline, writes a per-granule quality
 * log, and the ranks write their mosaic tile (TILEMB MiB) into one shared mosaic file.
 * usage: app121 GRANDIR NGRAN QLOG(stdio|fsync) MOSAIC(coll|rows) OUTDIR TILEMB ROWBYTES */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIB (1024 * 1024)
#define SCANLINES 64

static double read_granule(const char *path, char *buf, size_t n)
{
	int fd = open(path, O_RDONLY);
	double s = 0;
	size_t off = 0;
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (off < n) {
		ssize_t r = read(fd, buf + off, MIB);
		if (r <= 0) break;
		off += (size_t)r;
	}
	close(fd);
	for (size_t i = 0; i < off; i += 64) s += (unsigned char)buf[i];
	return s / (double)(off / 64 + 1);
}

/* quality log: one record per scanline; "fsync" mode makes every record durable (the problem) */
static void qlog_granule(FILE *fp, int fd, int g, double mean, int fsync_each)
{
	char line[96];
	for (int l = 0; l < SCANLINES; l++) {
		int len = snprintf(line, sizeof line, "granule %05d line %03d mean %8.3f cloud %5.3f flag %d\n",
				   g, l, mean, (double)((g * 31 + l) % 1000) / 1000.0, (g + l) % 3);
		if (fsync_each) {
			if (write(fd, line, (size_t)len) != len) MPI_Abort(MPI_COMM_WORLD, 2);
			fsync(fd);
		} else {
			fputs(line, fp);
		}
	}
}

static void mosaic(const char *out, int rank, size_t tile, size_t rowb, int rows, char *buf)
{
	memset(buf, rank + 1, tile);
	if (!rows) {
		MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * (MPI_Offset)tile, buf, (int)tile, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		return;
	}
	/* row by row: each tile row is its own pwrite into the shared mosaic */
	int fd = open(out, O_WRONLY | O_CREAT, 0644);
	for (size_t o = 0; o < tile; o += rowb)
		if (pwrite(fd, buf + o, rowb, (off_t)(rank * tile + o)) != (ssize_t)rowb) MPI_Abort(MPI_COMM_WORLD, 3);
	close(fd);
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 8) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	int ngran = atoi(argv[2]), fs = !strcmp(argv[3], "fsync"), rows = !strcmp(argv[4], "rows");
	size_t gran = 4 * (size_t)MIB, tile = (size_t)atoi(argv[6]) * MIB, rowb = (size_t)atoi(argv[7]);
	char *buf = malloc(gran > tile ? gran : tile), path[512];
	snprintf(path, sizeof path, "%s/quality.r%d.log", argv[5], rank);
	FILE *fp = fs ? NULL : fopen(path, "w");
	int fd = fs ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
	double t0 = MPI_Wtime();
	for (int g = rank; g < ngran; g += size) {
		snprintf(path, sizeof path, "%s/granule_%05d.dat", argv[1], g);
		qlog_granule(fp, fd, g, read_granule(path, buf, gran), fs);
	}
	if (fp) fclose(fp);
	if (fd >= 0) close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	snprintf(path, sizeof path, "%s/mosaic.dat", argv[5]);
	mosaic(path, rank, tile, rowb, rows, buf);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("ranks %d granules %d read+qlog+mosaic %.2f s\n", size, ngran, MPI_Wtime() - t0);
	free(buf);
	MPI_Finalize();
	return 0;
}
