/* app166.c: round 166 (labels166): in-situ visualization, image and VTK-like dumps from a running simulation.
 * One program, several modes (all C/MPI):
 *   vtk   DIR MESH STEPS EVERY NX NY NZL   each rank advances a 3D Jacobi block (NX x NY x NZL doubles) and every
 *                                          EVERY steps writes its own VTK-XML-like ImageData piece (ASCII header in
 *                                          small write(2) lines + appended raw float32 fields, one write per field);
 *                                          rank 0 writes the .pvti index and rewrites the .pvd collection each dump;
 *                                          every rank reads the shared MESH config once at start
 *   image DIR CMAP FRAMES W H              each rank renders H/np rows of a W x H RGB frame of its slab, frames are
 *                                          composited (gathered) to rank 0 which re-reads the colormap CMAP and
 *                                          writes FRAME.ppm (header + pixels) and a frame-time CSV line (fprintf)
 *   storm DIR DUMPS BLOCKS BS MODE         AMR-like dump: BLOCKS blocks a rank, 2 fields of BS bytes each;
 *                                          MODE file: one file per block per field per dump (open/write hdr/write
 *                                          data/close); MODE rank: one file per rank per dump, blocks appended in
 *                                          memory and written with one write(2)
 *   rows  DIR DUMPS NX NY NZ MODE          NX x NY x NZ float32 grid split along x across ranks, written as one raw
 *                                          legacy-VTK file a dump; MODE indep: one MPI_File_write_at per row piece
 *                                          (NX/np floats); MODE coll: subarray file view + one MPI_File_write_at_all
 *   ascii DIR DUMPS NX NY NZL MODE         each rank advances its block and writes it as a legacy-VTK ASCII piece a
 *                                          dump, one value a line; MODE line: every line flushed with its own
 *                                          write(2) (std::endl); MODE buf: lines buffered, 1 MiB write(2)s
 *   slice DIR STEPS EVERY NX NY NZ         uneven z blocks (weights rank+2); each step rank 0 appends 3 probe values
 *                                          to a CSV (fprintf + fflush); every EVERY steps each rank writes its part of
 *                                          the y = NY/2 plane with MPI_File_write_at_all into one shared file
 *   gen FILE BYTES                         make an input file (not logged)
 *   drop FILE                              posix_fadvise DONTNEED
 * WORK (env, default 1.0) scales the simulated compute between dumps.
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <sys/stat.h>

static int rank, np;
static double work = 1.0;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void wr(int fd, const void *b, size_t n)
{
	const char *p = b;
	while (n) { ssize_t k = write(fd, p, n); if (k <= 0) die("write"); p += k; n -= (size_t)k; }
}

static void line(int fd, const char *s) { wr(fd, s, strlen(s)); }

/* Jacobi sweeps over a block; iterations scaled by WORK */
static double sim(double *a, double *b, int nx, int ny, int nz, int sweeps)
{
	sweeps = (int)(sweeps * work + 0.5);
	for (int s = 0; s < sweeps; s++) {
		for (int k = 1; k < nz - 1; k++)
			for (int j = 1; j < ny - 1; j++)
				for (int i = 1; i < nx - 1; i++) {
					size_t c = ((size_t)k * ny + j) * nx + i;
					b[c] = (a[c - 1] + a[c + 1] + a[c - nx] + a[c + nx] + a[c - (size_t)nx * ny] +
						a[c + (size_t)nx * ny]) / 6.0 + 1e-3;
				}
		double *t = a; a = b; b = t;
	}
	return a[((size_t)(nz / 2) * ny + ny / 2) * nx + nx / 2];
}

static void vtk(int argc, char **argv)
{
	const char *dir = argv[2], *mesh = argv[3];
	int steps = atoi(argv[4]), every = atoi(argv[5]), nx = atoi(argv[6]), ny = atoi(argv[7]), nzl = atoi(argv[8]);
	size_t n = (size_t)nx * ny * nzl;
	double *a = calloc(n, sizeof(double)), *b = calloc(n, sizeof(double));
	float *f = malloc(n * sizeof(float));
	char buf[512], *cfg = malloc(1 << 20);
	(void)argc;
	/* every rank reads the shared mesh/config file once (needed by each) */
	int fd = open(mesh, O_RDONLY); if (fd < 0) die(mesh);
	ssize_t got = 0, k;
	while ((k = read(fd, cfg + got, (1 << 18))) > 0) got += k;
	close(fd);
	for (size_t i = 0; i < n; i++) a[i] = (unsigned char)cfg[i % (size_t)got] / 255.0;
	double sink = 0;
	int dumps = 0;
	for (int s = 1; s <= steps; s++) {
		sink += sim(a, b, nx, ny, nzl, 1);
		if (s % every) continue;
		dumps++;
		snprintf(buf, sizeof buf, "%s/step%04d_%d.vti", dir, s, rank);
		fd = open(buf, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(buf);
		line(fd, "<?xml version=\"1.0\"?>\n");
		line(fd, "<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n");
		snprintf(buf, sizeof buf, "  <ImageData WholeExtent=\"0 %d 0 %d 0 %d\" Origin=\"0 0 0\" Spacing=\"1 1 1\">\n",
			nx - 1, ny - 1, nzl * np - 1); line(fd, buf);
		snprintf(buf, sizeof buf, "  <Piece Extent=\"0 %d 0 %d %d %d\">\n", nx - 1, ny - 1, rank * nzl,
			rank * nzl + nzl - 1); line(fd, buf);
		line(fd, "   <PointData Scalars=\"temperature\">\n");
		line(fd, "    <DataArray type=\"Float32\" Name=\"temperature\" format=\"appended\" offset=\"0\"/>\n");
		snprintf(buf, sizeof buf, "    <DataArray type=\"Float32\" Name=\"gradient\" format=\"appended\" offset=\"%zu\"/>\n",
			n * 4 + 8); line(fd, buf);
		line(fd, "   </PointData>\n  </Piece>\n");
		line(fd, "  </ImageData>\n");
		line(fd, "  <AppendedData encoding=\"raw\">\n   _");
		unsigned long long len = n * 4;
		for (size_t i = 0; i < n; i++) f[i] = (float)a[i];
		wr(fd, &len, 8); wr(fd, f, n * 4);
		for (size_t i = 1; i < n; i++) f[i] = (float)(a[i] - a[i - 1]);
		wr(fd, &len, 8); wr(fd, f, n * 4);
		line(fd, "\n  </AppendedData>\n</VTKFile>\n");
		close(fd);
		if (rank == 0) {
			snprintf(buf, sizeof buf, "%s/step%04d.pvti", dir, s);
			fd = open(buf, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(buf);
			line(fd, "<?xml version=\"1.0\"?>\n<VTKFile type=\"PImageData\" version=\"1.0\">\n");
			snprintf(buf, sizeof buf, " <PImageData WholeExtent=\"0 %d 0 %d 0 %d\" GhostLevel=\"0\" Origin=\"0 0 0\" Spacing=\"1 1 1\">\n",
				nx - 1, ny - 1, nzl * np - 1); line(fd, buf);
			line(fd, "  <PPointData Scalars=\"temperature\">\n   <PDataArray type=\"Float32\" Name=\"temperature\"/>\n"
				"   <PDataArray type=\"Float32\" Name=\"gradient\"/>\n  </PPointData>\n");
			for (int r = 0; r < np; r++) {
				snprintf(buf, sizeof buf, "  <Piece Extent=\"0 %d 0 %d %d %d\" Source=\"step%04d_%d.vti\"/>\n",
					nx - 1, ny - 1, r * nzl, r * nzl + nzl - 1, s, r); line(fd, buf);
			}
			line(fd, " </PImageData>\n</VTKFile>\n");
			close(fd);
			snprintf(buf, sizeof buf, "%s/sim.pvd", dir);
			FILE *p = fopen(buf, "w"); if (!p) die(buf);
			fprintf(p, "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\">\n <Collection>\n");
			for (int d = 1; d <= dumps; d++)
				fprintf(p, "  <DataSet timestep=\"%d\" file=\"step%04d.pvti\"/>\n", d * every, d * every);
			fprintf(p, " </Collection>\n</VTKFile>\n");
			fclose(p);
		}
	}
	double tot;
	MPI_Reduce(&sink, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("vtk: %d steps, %d dumps of %d pieces (%zu B a piece), sink %.3g\n", steps, dumps, np, 2 * n * 4, tot);
}

static void image(int argc, char **argv)
{
	const char *dir = argv[2], *cmap = argv[3];
	int frames = atoi(argv[4]), w = atoi(argv[5]), h = atoi(argv[6]);
	int rows = h / np, nz = 24;
	(void)argc;
	size_t n = (size_t)w * rows * nz;
	double *a = calloc(n, sizeof(double)), *b = calloc(n, sizeof(double));
	unsigned char *mine = malloc((size_t)w * rows * 3), *img = rank ? NULL : malloc((size_t)w * h * 3);
	unsigned char cm[768];
	char buf[256];
	for (size_t i = 0; i < n; i++) a[i] = ((i * 2654435761u) >> 7 & 1023) / 1023.0;
	FILE *csv = NULL;
	if (!rank) { snprintf(buf, sizeof buf, "%s/frames.csv", dir); csv = fopen(buf, "w"); if (!csv) die(buf);
		fprintf(csv, "frame,t_render,t_write,vmin,vmax\n"); }
	double sink = 0;
	for (int fr = 0; fr < frames; fr++) {
		double t0 = MPI_Wtime();
		sink += sim(a, b, w, rows, nz, 6);
		/* render: max intensity projection along z of this rank's slab, colour-mapped later by rank 0 */
		for (int j = 0; j < rows; j++)
			for (int i = 0; i < w; i++) {
				double m = 0;
				for (int k = 0; k < nz; k++) { double v = a[((size_t)k * rows + j) * w + i]; if (v > m) m = v; }
				unsigned char c = (unsigned char)(fmod(m * 255.0, 256.0));
				mine[((size_t)j * w + i) * 3] = c; mine[((size_t)j * w + i) * 3 + 1] = c; mine[((size_t)j * w + i) * 3 + 2] = c;
			}
		MPI_Gather(mine, w * rows * 3, MPI_UNSIGNED_CHAR, img, w * rows * 3, MPI_UNSIGNED_CHAR, 0, MPI_COMM_WORLD);
		double t1 = MPI_Wtime();
		if (!rank) {
			/* the colormap may be edited by the user while the simulation runs: re-read each frame */
			FILE *c = fopen(cmap, "r"); if (!c) die(cmap);
			if (fread(cm, 1, 768, c) != 768) die("cmap");
			fclose(c);
			for (size_t p = 0; p < (size_t)w * h; p++) {
				unsigned char v = img[p * 3];
				img[p * 3] = cm[v * 3]; img[p * 3 + 1] = cm[v * 3 + 1]; img[p * 3 + 2] = cm[v * 3 + 2];
			}
			snprintf(buf, sizeof buf, "%s/frame%03d.ppm", dir, fr);
			int fd = open(buf, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(buf);
			snprintf(buf, sizeof buf, "P6\n%d %d\n255\n", w, h);
			line(fd, buf);
			wr(fd, img, (size_t)w * h * 3);
			close(fd);
			fprintf(csv, "%d,%.4f,%.4f,%d,%d\n", fr, t1 - t0, MPI_Wtime() - t1, img[0], img[3 * w * h - 1]);
		}
	}
	if (!rank) fclose(csv);
	double tot;
	MPI_Reduce(&sink, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("image: %d frames %dx%d (%d B each), sink %.3g\n", frames, w, h, w * h * 3 + 15, tot);
}

static void storm(int argc, char **argv)
{
	const char *dir = argv[2], *mode = argv[6];
	int dumps = atoi(argv[3]), blocks = atoi(argv[4]), bs = atoi(argv[5]);
	int perfile = !strcmp(mode, "file");
	(void)argc;
	int bn = 16; size_t n = (size_t)bn * bn * bn * blocks;
	double *a = calloc(n, sizeof(double)), *b = calloc(n, sizeof(double));
	char *data = malloc(bs), buf[512], hdr[256];
	for (size_t i = 0; i < n; i++) a[i] = (i % 97) / 97.0;
	double sink = 0;
	for (int d = 0; d < dumps; d++) {
		for (int bl = 0; bl < blocks; bl++) sink += sim(a + (size_t)bl * bn * bn * bn, b + (size_t)bl * bn * bn * bn, bn, bn, bn, 30);
		snprintf(buf, sizeof buf, "%s/d%02d", dir, d);
		if (!rank) mkdir(buf, 0755);
		MPI_Barrier(MPI_COMM_WORLD);
		char *agg = perfile ? NULL : malloc((size_t)blocks * 2 * ((size_t)bs + sizeof hdr));
		size_t used = 0;
		for (int bl = 0; bl < blocks; bl++)
			for (int fl = 0; fl < 2; fl++) {
				for (int i = 0; i < bs; i++) data[i] = (char)(a[(size_t)bl * bn * bn * bn + (i % (bn * bn * bn))] * 100 + fl);
				int hl = snprintf(hdr, sizeof hdr, "<VTKFile type=\"ImageData\"><ImageData block=\"%d\" rank=\"%d\" field=\"%s\" "
					"bytes=\"%d\"/><AppendedData encoding=\"raw\">_", rank * blocks + bl, rank, fl ? "vel" : "rho", bs);
				if (perfile) {
					/* one VTK file per block and field, as the block-structured writer does */
					snprintf(buf, sizeof buf, "%s/d%02d/r%d_b%03d_%s.vti", dir, d, rank, bl, fl ? "vel" : "rho");
					int fd = open(buf, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(buf);
					wr(fd, hdr, (size_t)hl);
					wr(fd, data, bs);
					close(fd);
				} else {
					/* fixed: the rank's blocks appended into one file a dump, written in one request */
					memcpy(agg + used, hdr, (size_t)hl); used += (size_t)hl;
					memcpy(agg + used, data, (size_t)bs); used += (size_t)bs;
				}
			}
		if (!perfile) {
			snprintf(buf, sizeof buf, "%s/d%02d/rank%d.vtb", dir, d, rank);
			int fd = open(buf, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(buf);
			wr(fd, agg, used);
			close(fd);
			free(agg);
		}
		if (!rank) {
			snprintf(buf, sizeof buf, "%s/d%02d.vtm", dir, d);
			FILE *m = fopen(buf, "w"); if (!m) die(buf);
			fprintf(m, "<VTKFile type=\"vtkMultiBlockDataSet\">\n<vtkMultiBlockDataSet>\n");
			for (int r = 0; r < np; r++)
				for (int bl = 0; bl < blocks; bl++)
					if (perfile) fprintf(m, "<DataSet index=\"%d\" file=\"d%02d/r%d_b%03d_rho.vti\"/>\n", r * blocks + bl, d, r, bl);
					else fprintf(m, "<DataSet index=\"%d\" file=\"d%02d/rank%d.vtb\" block=\"%d\"/>\n", r * blocks + bl, d, r, bl);
			fprintf(m, "</vtkMultiBlockDataSet>\n</VTKFile>\n");
			fclose(m);
		}
	}
	double tot;
	MPI_Reduce(&sink, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("storm(%s): %d dumps x %d ranks x %d blocks x 2 fields of %d B, sink %.3g\n", mode, dumps, np, blocks, bs, tot);
}

static void rows(int argc, char **argv)
{
	const char *dir = argv[2], *mode = argv[7];
	int dumps = atoi(argv[3]), nx = atoi(argv[4]), ny = atoi(argv[5]), nz = atoi(argv[6]);
	int coll = !strcmp(mode, "coll");
	int lx = nx / np;
	(void)argc;
	size_t n = (size_t)lx * ny * nz;
	double *a = calloc(n, sizeof(double)), *b = calloc(n, sizeof(double));
	float *f = malloc(n * sizeof(float));
	char buf[512], hdr[256];
	for (size_t i = 0; i < n; i++) a[i] = ((i + rank) % 13) / 13.0;
	double sink = 0;
	int hl = snprintf(hdr, sizeof hdr, "# vtk DataFile Version 3.0\nrows166 density\nBINARY\nDATASET STRUCTURED_POINTS\n"
		"DIMENSIONS %d %d %d\nORIGIN 0 0 0\nSPACING 1 1 1\nPOINT_DATA %d\nSCALARS density float 1\nLOOKUP_TABLE default\n",
		nx, ny, nz, nx * ny * nz);
	for (int d = 0; d < dumps; d++) {
		sink += sim(a, b, lx, ny, nz, 3);
		for (size_t i = 0; i < n; i++) { float v = (float)a[i]; unsigned u; memcpy(&u, &v, 4);
			u = __builtin_bswap32(u); memcpy(&f[i], &u, 4); }  /* legacy VTK binary is big-endian */
		snprintf(buf, sizeof buf, "%s/density%02d.vtk", dir, d);
		MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, buf, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(buf);
		if (!rank) MPI_File_write_at(fh, 0, hdr, hl, MPI_CHAR, MPI_STATUS_IGNORE);
		if (coll) {
			int gs[3] = {nz, ny, nx}, ls[3] = {nz, ny, lx}, st[3] = {0, 0, rank * lx};
			MPI_Datatype t;
			MPI_Type_create_subarray(3, gs, ls, st, MPI_ORDER_C, MPI_FLOAT, &t);
			MPI_Type_commit(&t);
			MPI_File_set_view(fh, hl, MPI_FLOAT, t, "native", MPI_INFO_NULL);
			MPI_File_write_at_all(fh, 0, f, (int)n, MPI_FLOAT, MPI_STATUS_IGNORE);
			MPI_Type_free(&t);
		} else {
			for (int k = 0; k < nz; k++)
				for (int j = 0; j < ny; j++) {
					MPI_Offset off = hl + (((MPI_Offset)k * ny + j) * nx + (MPI_Offset)rank * lx) * 4;
					MPI_File_write_at(fh, off, f + ((size_t)k * ny + j) * lx, lx, MPI_FLOAT, MPI_STATUS_IGNORE);
				}
		}
		MPI_File_close(&fh);
	}
	double tot;
	MPI_Reduce(&sink, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("rows(%s): %d dumps of %dx%dx%d float32, %d-float row pieces, sink %.3g\n", mode, dumps, nx, ny, nz, lx, tot);
}

static void ascii(int argc, char **argv)
{
	const char *dir = argv[2], *mode = argv[7];
	int dumps = atoi(argv[3]), nx = atoi(argv[4]), ny = atoi(argv[5]), nzl = atoi(argv[6]);
	int flush_each = !strcmp(mode, "line");
	(void)argc;
	size_t n = (size_t)nx * ny * nzl, cap = 1 << 20, used = 0;
	double *a = calloc(n, sizeof(double)), *b = calloc(n, sizeof(double));
	char *out = malloc(cap + 64), buf[512];
	for (size_t i = 0; i < n; i++) a[i] = ((i * 7 + rank) % 101) / 101.0;
	double sink = 0;
	for (int d = 0; d < dumps; d++) {
		sink += sim(a, b, nx, ny, nzl, 20);
		snprintf(buf, sizeof buf, "%s/temp%02d_%d.vtk", dir, d, rank);
		int fd = open(buf, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(buf);
		int hl = snprintf(buf, sizeof buf, "# vtk DataFile Version 3.0\nascii166 temperature rank %d\nASCII\n"
			"DATASET STRUCTURED_POINTS\nDIMENSIONS %d %d %d\nORIGIN 0 0 %d\nSPACING 1 1 1\nPOINT_DATA %zu\n"
			"SCALARS temperature float 1\nLOOKUP_TABLE default\n", rank, nx, ny, nzl, rank * nzl, n);
		wr(fd, buf, (size_t)hl);
		for (size_t i = 0; i < n; i++) {
			if (flush_each) {
				/* like `out << v << std::endl`: every value line is flushed with its own write(2) */
				int l = snprintf(buf, sizeof buf, "%.6g\n", a[i]);
				wr(fd, buf, (size_t)l);
			} else {
				/* fixed: '\n' instead of std::endl, the stream's 1 MiB buffer is written when full */
				used += (size_t)snprintf(out + used, 64, "%.6g\n", a[i]);
				if (used >= cap) { wr(fd, out, used); used = 0; }
			}
		}
		if (used) { wr(fd, out, used); used = 0; }
		close(fd);
	}
	double tot;
	MPI_Reduce(&sink, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("ascii(%s): %d dumps of %dx%dx%d values a rank, sink %.3g\n", mode, dumps, nx, ny, nzl, tot);
}

static void slice(int argc, char **argv)
{
	const char *dir = argv[2];
	int steps = atoi(argv[3]), every = atoi(argv[4]), nx = atoi(argv[5]), ny = atoi(argv[6]), nz = atoi(argv[7]);
	(void)argc;
	/* uneven z blocks: weights rank+2 (3 ranks: 2/9, 3/9, 4/9 of nz), as a load-balanced mesh partition gives */
	int wsum = 0, z0 = 0;
	for (int r = 0; r < np; r++) wsum += r + 2;
	for (int r = 0; r < rank; r++) z0 += nz * (r + 2) / wsum;
	int nzl = rank == np - 1 ? nz - z0 : nz * (rank + 2) / wsum;
	size_t n = (size_t)nx * ny * (nzl + 2);
	double *a = calloc(n, sizeof(double)), *b = calloc(n, sizeof(double));
	float *pl = malloc((size_t)nx * nzl * sizeof(float));
	char buf[512];
	for (size_t i = 0; i < n; i++) a[i] = ((i * 13 + rank) % 89) / 89.0;
	snprintf(buf, sizeof buf, "%s/slice_y.raw", dir);
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, buf, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die(buf);
	FILE *pr = NULL;
	if (!rank) { snprintf(buf, sizeof buf, "%s/probes.csv", dir); pr = fopen(buf, "w"); if (!pr) die(buf);
		fprintf(pr, "step,probe0,probe1,probe2\n"); }
	double sink = 0; int dumps = 0;
	for (int s = 1; s <= steps; s++) {
		double v = sim(a, b, nx, ny, nzl + 2, 1), g[3];
		sink += v;
		/* three point probes, gathered to rank 0 and appended to a CSV every step (tail -f'ed by the user) */
		double pv[3] = {v, a[n / 3], a[n / 2]};
		MPI_Reduce(pv, g, 3, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (!rank) { fprintf(pr, "%d,%.6g,%.6g,%.6g\n", s, g[0], g[1], g[2]); fflush(pr); }
		if (s % every) continue;
		/* the y = ny/2 plane of this rank's z range, into the dump's [z][x] plane in one shared file */
		for (int k = 0; k < nzl; k++)
			for (int i = 0; i < nx; i++) pl[(size_t)k * nx + i] = (float)a[((size_t)(k + 1) * ny + ny / 2) * nx + i];
		MPI_Offset off = ((MPI_Offset)dumps * nz * nx + (MPI_Offset)z0 * nx) * 4;
		MPI_File_write_at_all(fh, off, pl, nx * nzl, MPI_FLOAT, MPI_STATUS_IGNORE);
		dumps++;
	}
	MPI_File_close(&fh);
	if (!rank) fclose(pr);
	double tot;
	MPI_Reduce(&sink, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("slice: %d steps, %d plane dumps of %dx%d, rank 0 z-rows %d, sink %.3g\n", steps, dumps, nx, nz, nzl, tot);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen")) {
		size_t bytes = strtoull(argv[3], 0, 10);
		FILE *o = fopen(argv[2], "w"); if (!o) { perror(argv[2]); return 1; }
		if (bytes == 768) { for (int i = 0; i < 256; i++) { fputc(i, o); fputc((i * 3) & 255, o); fputc(255 - i, o); } }
		else for (size_t i = 0; i < bytes; i++) fputc((int)((i * 2654435761u) >> 11), o);
		fclose(o); return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "drop")) {
		int fd = open(argv[2], O_RDONLY); if (fd < 0) { perror(argv[2]); return 1; }
		fdatasync(fd); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd); return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("WORK")) work = atof(getenv("WORK"));
	double t0 = MPI_Wtime();
	if (argc > 1 && !strcmp(argv[1], "vtk") && argc >= 9) vtk(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "image") && argc >= 7) image(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "storm") && argc >= 7) storm(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "ascii") && argc >= 8) ascii(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "slice") && argc >= 8) slice(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "rows") && argc >= 8) rows(argc, argv);
	else { if (!rank) fprintf(stderr, "usage: see app166.c\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	if (!rank) printf("elapsed %.2f s\n", MPI_Wtime() - t0);
	MPI_Finalize();
	return 0;
}
