/* Round 185 (labels185): analytics over columnar files (a Parquet-like layout: "PAR1" header, row groups of
 * column chunks, a footer describing them, then a 4-byte footer length and "PAR1").
 * Modes:
 *   gen FILE NRG NCOL CHUNK_KiB        make an input table (not under Darshan)
 *   scan FILE COLS                     each rank: tail + footer read, then its row groups' selected column chunks
 *   writer DIR NRG                     each rank writes part-R.parq: row groups of 8 x 1 MiB column chunks + footer;
 *                                      rank 0 writes _metadata once (stdio) at the end
 *   groupby DIR NKEYS file|onefile|onebuf  group-by output: a small partition file per key per rank (file) or one
 *                                      file per rank holding every key as a row group (onefile: a 2 KB write a key;
 *                                      onebuf: the row groups buffered and written in one write; the twins)
 *   catalog DIR NPART each|once [KiB [PKiB]]  each rank writes a partition (PKiB, default 256) per round; rank 0 rewrites the whole
 *                                      _metadata catalogue (O_TRUNC, write, fsync) after each round (each) or once (once);
 *                                      KiB: an entry's size (a file's footer with column statistics; default 2)
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <sys/stat.h>

static int rank, np;
static double sink;
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void compute(double *b, size_t n, int reps) {   /* a column kernel: filter + aggregate */
	for (int r = 0; r < reps; r++) for (size_t i = 0; i < n; i++) sink += (b[i] > 0.5) ? sqrt(b[i]) : b[i] * 0.25;
}
static void fill(char *b, size_t n, unsigned seed) { double *d = (double *)b; for (size_t i = 0; i < n / 8; i++) { seed = seed * 1103515245u + 12345u; d[i] = (seed >> 8) / 16777216.0; } }
static void wr(int fd, const void *b, size_t n, off_t off) { if (pwrite(fd, b, n, off) != (ssize_t)n) die("pwrite"); }
static int creps(void) { const char *c = getenv("COMPUTE"); return c ? atoi(c) : 1; }

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *mode = argv[1];
	if (!strcmp(mode, "gen")) {              /* gen FILE NRG NCOL CHUNK_KiB */
		int nrg = atoi(argv[3]), ncol = atoi(argv[4]); size_t ch = (size_t)atoi(argv[5]) << 10;
		int fd = open(argv[2], O_CREAT | O_TRUNC | O_WRONLY, 0644); char *b = malloc(ch); off_t off = 4;
		wr(fd, "PAR1", 4, 0);
		for (int g = 0; g < nrg; g++) for (int c = 0; c < ncol; c++) { fill(b, ch, g * 131 + c); wr(fd, b, ch, off); off += ch; }
		size_t fl = 16384 + 37; char *f = calloc(1, fl); uint32_t *h = (uint32_t *)f; h[0] = nrg; h[1] = ncol; h[2] = ch >> 10;
		wr(fd, f, fl, off); off += fl; uint32_t l = fl; wr(fd, &l, 4, off); wr(fd, "PAR1", 4, off + 4); close(fd);
		MPI_Finalize(); return 0;
	}
	int reps = creps();
	if (!strcmp(mode, "scan")) {             /* scan FILE COLS(e.g. 1,4,6) */
		int fd = open(argv[2], O_RDONLY); if (fd < 0) die("open");
		struct stat st; fstat(fd, &st); char tail[8];
		if (pread(fd, tail, 8, st.st_size - 8) != 8) die("tail");
		uint32_t fl; memcpy(&fl, tail, 4); char *f = malloc(fl);
		if (pread(fd, f, fl, st.st_size - 8 - fl) != fl) die("footer");
		uint32_t *h = (uint32_t *)f; int nrg = h[0], ncol = h[1]; size_t ch = (size_t)h[2] << 10;
		int cols[16], nc = 0; for (char *p = strtok(argv[3], ","); p; p = strtok(NULL, ",")) cols[nc++] = atoi(p);
		char *b = malloc(ch);
		for (int g = rank; g < nrg; g += np) for (int k = 0; k < nc; k++) {
			off_t off = 4 + ((off_t)g * ncol + cols[k]) * ch;
			if (pread(fd, b, ch, off) != (ssize_t)ch) die("chunk");
			compute((double *)b, ch / 8, reps);
		}
		close(fd);
		double tot; MPI_Reduce(&sink, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) printf("scan: %d row groups x %d cols, result %.4g\n", nrg, nc, tot);
	} else if (!strcmp(mode, "writer")) {    /* writer DIR NRG */
		int nrg = atoi(argv[3]), ncol = 8; size_t ch = 1 << 20; char path[512];
		snprintf(path, sizeof path, "%s/part-%05d.parq", argv[2], rank);
		int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die("open");
		char *b = malloc(ch); off_t off = 4; wr(fd, "PAR1", 4, 0);
		for (int g = 0; g < nrg; g++) for (int c = 0; c < ncol; c++) {
			fill(b, ch, rank * 7919 + g * 131 + c); compute((double *)b, ch / 8, reps); wr(fd, b, ch, off); off += ch;
		}
		size_t fl = 8192 + 21; char *f = calloc(1, fl); wr(fd, f, fl, off); off += fl;
		uint32_t l = fl; wr(fd, &l, 4, off); wr(fd, "PAR1", 4, off + 4); close(fd);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 0) {
			snprintf(path, sizeof path, "%s/_metadata", argv[2]); FILE *m = fopen(path, "w");
			for (int r = 0; r < np; r++) fprintf(m, "{\"file\":\"part-%05d.parq\",\"row_groups\":%d,\"bytes\":%ld}\n", r, nrg, (long)off + 8);
			fclose(m); printf("writer: %d ranks x %d row groups\n", np, nrg);
		}
	} else if (!strcmp(mode, "groupby")) {   /* groupby DIR NKEYS file|onefile */
		int nk = atoi(argv[3]), buf = !strcmp(argv[4], "onebuf"), one = buf || !strcmp(argv[4], "onefile"); size_t ch = 2048, fl = 600; char path[512];
		char *b = malloc(ch), *f = calloc(1, fl); double *d = malloc(1 << 20);
		int fd = -1; off_t off = 0; char *big = NULL;
		if (one) { snprintf(path, sizeof path, "%s/part-r%d.parq", argv[2], rank);
			fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644); wr(fd, "PAR1", 4, 0); off = 4; }
		for (int k = 0; k < nk; k++) {
			fill((char *)d, 1 << 20, rank * 1000 + k); compute(d, (1 << 20) / 8, reps);   /* hash + aggregate a batch */
			fill(b, ch, k);
			if (!one) {
				snprintf(path, sizeof path, "%s/key=%04d-r%d.parq", argv[2], k, rank);
				fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die("open");
				wr(fd, "PAR1", 4, 0); wr(fd, b, ch, 4); wr(fd, f, fl, 4 + ch);
				uint32_t l = fl; wr(fd, &l, 4, 4 + ch + fl); wr(fd, "PAR1", 4, 8 + ch + fl); close(fd);
			} else if (!buf) { wr(fd, b, ch, off); off += ch; }
			else { if (!big) big = malloc(ch * nk); memcpy(big + (size_t)k * ch, b, ch); }
		}
		if (buf) { wr(fd, big, ch * nk, off); off += ch * nk; }
		if (one) { size_t F = fl * nk; char *ff = calloc(1, F + 8); uint32_t l = F; memcpy(ff + F, &l, 4); memcpy(ff + F + 4, "PAR1", 4);
			wr(fd, ff, F + 8, off); close(fd); }
		MPI_Barrier(MPI_COMM_WORLD); if (rank == 0) printf("groupby(%s): %d keys a rank\n", argv[4], nk);
	} else if (!strcmp(mode, "catalog")) {   /* catalog DIR NPART each|once */
		int npr = atoi(argv[3]), each = !strcmp(argv[4], "each"); size_t ps = argc > 6 ? (size_t)atoi(argv[6]) << 10 : 256 << 10, es = argc > 5 ? (size_t)atoi(argv[5]) << 10 : 2048; char path[512];
		char *b = malloc(ps); char *cat = rank == 0 ? calloc(np * npr, es) : NULL; char *ent = malloc(es);
		for (int p = 0; p < npr; p++) {
			fill(b, ps, rank * 977 + p); compute((double *)b, ps / 8, reps);
			snprintf(path, sizeof path, "%s/part-p%03d-r%d.parq", argv[2], p, rank);
			int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (fd < 0) die("open");
			wr(fd, b, ps, 0); close(fd);
			memset(ent, 0, es); snprintf(ent, es, "{\"file\":\"%s\",\"rows\":32768,\"bytes\":%zu}", path, ps);
			MPI_Gather(ent, es, MPI_CHAR, rank == 0 ? cat + (size_t)p * np * es : NULL, es, MPI_CHAR, 0, MPI_COMM_WORLD);
			if (rank == 0 && (each || p == npr - 1)) {   /* rewrite the whole catalogue */
				snprintf(path, sizeof path, "%s/_metadata", argv[2]);
				int m = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644); if (m < 0) die("open meta");
				wr(m, cat, (size_t)(p + 1) * np * es, 0); fsync(m); close(m);
			}
			MPI_Bcast(&p, 1, MPI_INT, 0, MPI_COMM_WORLD);   /* the next partition starts once the catalogue names this one */
		}
		if (rank == 0) printf("catalog(%s): %d partitions a rank\n", argv[4], npr);
	}
	MPI_Finalize(); return 0;
}
