/* Round 149 (labels149): a tier-0 centre's ordinary day, five job kinds drawn by lot from a list of 20.
 * app149 cfd DIR NCK MIB          CFD solver: NCK collective checkpoints, MIB MiB a rank, one shared file each
 * app149 restart FILE             every rank reads the whole restart file (same file), then computes
 * app149 h5 DIR NCK MIB           HDF5-like checkpoint: rank 0 writes a 512-B superblock + small object headers at
 *                                 unaligned offsets, all ranks write their MIB MiB data at 1 MiB-aligned offsets
 * app149 loader SHARD NREC MODE   AI data loader: NREC random 4 KiB samples a rank; MODE rand = one pread per sample,
 *                                 shard = read the whole shard in 4 MiB reads and pick samples in memory
 * app149 qc DIR NREC MODE         quantum chemistry: NREC 600-B integral records a rank into a scratch file, then 3
 *                                 SCF passes re-reading it in 1 MiB reads; MODE rec = one write per record, buf = 1 MiB buffer */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
static int rank, np;
static double sink;
static void compute(double s) { double t = MPI_Wtime(), x = 0; long i = 0; while (MPI_Wtime() - t < s) { for (int k = 0; k < 100000; k++) x += sin(i++ * 1e-6); } sink += x; }
static double cs() { char *c = getenv("COMPUTE"); return c ? atof(c) / 1000.0 : 0.3; }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	char *m = argv[1], path[512];
	if (!strcmp(m, "cfd") || !strcmp(m, "h5")) {
		int nck = atoi(argv[3]); size_t n = (size_t)atoi(argv[4]) << 20;
		char *buf = malloc(n);
		for (int c = 0; c < nck; c++) {
			compute(cs());
			for (size_t i = 0; i < n; i++) buf[i] = (char)(i * 7 + c + rank);
			snprintf(path, sizeof path, "%s/%s-%03d.%s", argv[2], m, c, m[0] == 'c' ? "dat" : "h5");
			MPI_File fh; MPI_Status st;
			if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh)) die("open");
			if (m[0] == 'c') {
				MPI_File_write_at_all(fh, (MPI_Offset)rank * n, buf, (int)n, MPI_BYTE, &st);
			} else {
				if (rank == 0) {
					char hdr[512]; memset(hdr, 1, sizeof hdr);
					MPI_File_write_at(fh, 0, hdr, 512, MPI_BYTE, &st);          /* superblock */
					for (int o = 0; o < 6; o++)                                   /* object headers, B-tree nodes */
						MPI_File_write_at(fh, 512 + o * 328, hdr, 328, MPI_BYTE, &st);
				}
				MPI_File_write_at(fh, (MPI_Offset)(1 << 20) + (MPI_Offset)rank * n, buf, (int)n, MPI_BYTE, &st);
			}
			MPI_File_close(&fh);
		}
	} else if (!strcmp(m, "restart")) {
		int fd = open(argv[2], O_RDONLY); if (fd < 0) die(argv[2]);
		off_t sz = lseek(fd, 0, SEEK_END); char *buf = malloc(sz); size_t got = 0;
		while (got < (size_t)sz) { ssize_t r = pread(fd, buf + got, (size_t)sz - got > 8 << 20 ? 8 << 20 : (size_t)sz - got, got); if (r <= 0) die("read"); got += r; }
		close(fd);
		for (int s = 0; s < 6; s++) { compute(cs()); MPI_Barrier(MPI_COMM_WORLD); }
	} else if (!strcmp(m, "loader")) {
		int nrec = atoi(argv[3]); int shard = !strcmp(argv[4], "shard");
		int fd = open(argv[2], O_RDONLY); if (fd < 0) die(argv[2]);
		off_t sz = lseek(fd, 0, SEEK_END); long nslot = sz / 4096;
		posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
		srand(149 + rank); char *batch = malloc((size_t)nrec * 4096); double acc = 0;
		if (shard) {
			char *all = malloc(sz); size_t got = 0;
			while (got < (size_t)sz) { ssize_t r = pread(fd, all + got, 4 << 20, got); if (r <= 0) die("read"); got += r; }
			for (int i = 0; i < nrec; i++) memcpy(batch + (size_t)i * 4096, all + (rand() % nslot) * 4096, 4096);
		} else
			for (int i = 0; i < nrec; i++) if (pread(fd, batch + (size_t)i * 4096, 4096, (rand() % nslot) * 4096) != 4096) die("pread");
		close(fd);
		for (long i = 0; i < (long)nrec * 4096; i += 64) acc += batch[i];
		sink += acc; compute(cs());   /* one "epoch" of training on the batch */
	} else if (!strcmp(m, "qc")) {
		int nrec = atoi(argv[3]); int rec = !strcmp(argv[4], "rec");
		snprintf(path, sizeof path, "%s/ints.%d", argv[2], rank);
		int fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0644); if (fd < 0) die(path);
		char r600[600]; char *b = malloc(1 << 20); size_t fill = 0;
		for (int i = 0; i < nrec; i++) {
			for (int k = 0; k < 600; k++) r600[k] = (char)(i + k);
			if (i % 200 == 0) compute(0.002);
			if (rec) { if (write(fd, r600, 600) != 600) die("write"); }
			else { if (fill + 600 > (1 << 20)) { if (write(fd, b, fill) != (ssize_t)fill) die("write"); fill = 0; } memcpy(b + fill, r600, 600); fill += 600; }
		}
		if (fill && write(fd, b, fill) != (ssize_t)fill) die("write");
		for (int it = 0; it < 3; it++) {   /* SCF iterations: conventional SCF reads the integrals each pass */
			ssize_t r; off_t o = 0; double acc = 0;
			while ((r = pread(fd, b, 1 << 20, o)) > 0) { for (ssize_t k = 0; k < r; k += 8) acc += b[k]; o += r; }
			sink += acc; compute(cs());
			MPI_Barrier(MPI_COMM_WORLD);
		}
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0 && sink == 42.4242) printf("x\n");
	MPI_Finalize(); return 0;
}
