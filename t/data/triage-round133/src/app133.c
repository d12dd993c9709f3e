/* Round 133 (labels133): video and image processing under MPI.
 * decode CONTAINER NFRAMES FRAME_KIB OUTDIR WORK [raw|ppm]: every rank seeks to its keyframes (frame i for
 *   i % size == rank), reads each whole frame (one read), "decodes" it (WORK passes of arithmetic) and writes the
 *   decoded frame, downscaled 4x, to its own file: raw = OUTDIR/frame-NNNNN.raw with one write(2); ppm =
 *   OUTDIR/frame-NNNNN.ppm as a text (P3) image, one fprintf per sample, as naive image writers do.
 * mosaic FILE TILE_PX WORK coll|rows: ranks form a 2-D grid, each renders a TILE_PX x TILE_PX RGBA tile of a
 *   shared mosaic; coll writes it with one collective MPI_File_write_all through a subarray view, rows writes
 *   each tile row with its own independent MPI_File_write_at. */
#include <mpi.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double work(unsigned char *b, size_t n, int passes)
{
	double s = 0;
	for (int p = 0; p < passes; p++)
		for (size_t i = 0; i < n; i++) {
			b[i] = (unsigned char)(b[i] * 7 + p);
			s += b[i] * 0.5;
		}
	return s;
}

static int put_raw(const char *dir, int f, const unsigned char *out, size_t ob)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/frame-%05d.raw", dir, f);
	int o = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (o < 0 || write(o, out, ob) != (ssize_t)ob) return 1;
	return close(o);
}

/* RGBA samples of a square frame as a P3 (text) RGB image, alpha dropped */
static int put_ppm(const char *dir, int f, const unsigned char *out, size_t ob)
{
	char path[4096];
	int side = 1;
	while ((size_t)(side + 1) * (side + 1) * 4 <= ob) side++;
	snprintf(path, sizeof path, "%s/frame-%05d.ppm", dir, f);
	FILE *o = fopen(path, "w");
	if (!o) return 1;
	fprintf(o, "P3\n%d %d\n255\n", side, side);
	for (size_t i = 0; i < (size_t)side * side * 4; i++)
		if (i % 4 != 3) fprintf(o, "%d%c", out[i], i % 64 == 62 ? '\n' : ' ');
	return fclose(o);
}

static int decode(int rank, int size, char **a)
{
	int nf = atoi(a[1]), passes = atoi(a[4]);
	size_t fb = (size_t)atoi(a[2]) * 1024, ob = fb / 4;
	unsigned char *buf = malloc(fb), *out = malloc(ob);
	int fd = open(a[0], O_RDONLY);
	double s = 0;
	int ppm = a[5] && !strcmp(a[5], "ppm");
	if (fd < 0 || !buf || !out) return 1;
	for (int f = rank; f < nf; f += size) {
		if (lseek(fd, (off_t)f * fb, SEEK_SET) < 0 || read(fd, buf, fb) != (ssize_t)fb) return 1;
		s += work(buf, fb, passes);
		for (size_t i = 0; i < ob; i++) out[i] = buf[i * 4];
		if (ppm ? put_ppm(a[3], f, out, ob) : put_raw(a[3], f, out, ob)) return 1;
	}
	close(fd);
	if (rank == 0) printf("decoded %d frames, checksum %.0f\n", nf, s);
	free(buf); free(out);
	return 0;
}

static int mosaic(int rank, int size, char **a)
{
	int px = atoi(a[1]), passes = atoi(a[2]), dims[2] = {0, 0}, rowb = px * 4;
	MPI_Dims_create(size, 2, dims);
	int ty = rank / dims[1], tx = rank % dims[1], W = dims[1] * px * 4;
	unsigned char *t = malloc((size_t)px * rowb);
	if (!t) return 1;
	for (size_t i = 0; i < (size_t)px * rowb; i++) t[i] = (unsigned char)(i * 31 + rank);
	double s = work(t, (size_t)px * rowb, passes);
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, a[0], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	if (!strcmp(a[3], "coll")) {
		int gs[2] = {dims[0] * px, W}, ss[2] = {px, rowb}, st[2] = {ty * px, tx * rowb};
		MPI_Datatype ft;
		MPI_Type_create_subarray(2, gs, ss, st, MPI_ORDER_C, MPI_BYTE, &ft);
		MPI_Type_commit(&ft);
		MPI_File_set_view(fh, 0, MPI_BYTE, ft, "native", MPI_INFO_NULL);
		MPI_File_write_all(fh, t, px * rowb, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_Type_free(&ft);
	} else {
		for (int r = 0; r < px; r++) {
			MPI_Offset off = ((MPI_Offset)ty * px + r) * W + (MPI_Offset)tx * rowb;
			MPI_File_write_at(fh, off, t + (size_t)r * rowb, rowb, MPI_BYTE, MPI_STATUS_IGNORE);
		}
	}
	MPI_File_close(&fh);
	if (rank == 0) printf("mosaic %dx%d tiles of %d px, checksum %.0f\n", dims[0], dims[1], px, s);
	free(t);
	return 0;
}

int main(int argc, char **argv)
{
	int rank, size, rc = 2;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc >= 7 && !strcmp(argv[1], "decode")) rc = decode(rank, size, argv + 2);
	else if (argc >= 6 && !strcmp(argv[1], "mosaic")) rc = mosaic(rank, size, argv + 2);
	if (rc) fprintf(stderr, "rank %d: failed (%d)\n", rank, rc);
	MPI_Finalize();
	return rc;
}
