/* Round 127 (labels127): structural-biology jobs under Darshan.
 *   msa  NDB MIB DIR ITERS        : each rank scans its share of NDB database files (MIB MiB each) in 4 MiB reads,
 *                                   scores them (ITERS of compute a file), writes its small hits file (a3m-like).
 *   dock NLIG GRIDMIB DIR once|each ITERS : each rank loads the receptor grid (GRIDMIB MiB), then docks its share of
 *                                   NLIG small ligand files; "each" re-reads the whole grid for every ligand (the bug).
 */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK (4 << 20)

static double burn(const unsigned char *b, size_t n, long iters)
{
	double s = 0;
	for (long k = 0; k < iters; k++)
		for (size_t i = 0; i < n; i += 4093)
			s += b[i] * 1e-3 + (double)k * 1e-9;
	return s;
}

static double read_whole(const char *path, unsigned char *buf, size_t bytes)
{
	int fd = open(path, O_RDONLY);
	double s = 0;
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (size_t off = 0; off < bytes; off += CHUNK) {
		ssize_t got = pread(fd, buf, CHUNK, (off_t)off);
		if (got <= 0) break;
		s += buf[got - 1];
	}
	close(fd);
	return s;
}

static void write_text(const char *path, int rank, int nlines, double score)
{
	FILE *f = fopen(path, "w");
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	for (int i = 0; i < nlines; i++)
		fprintf(f, ">hit_%d_%05d score=%.4f\nMKTAYIAKQRQISFVKSHFSRQLEERLGLIEVQAPILSRVGDGTQDNLSGAEKAVQVKVKALPDAQ\n",
			rank, i, score + i);
	fclose(f);
}

static int msa(int rank, int size, char **av)
{
	int ndb = atoi(av[0]); size_t bytes = (size_t)atoi(av[1]) << 20; long iters = atol(av[3]);
	unsigned char *buf = malloc(CHUNK); char p[512]; double s = 0;
	for (int i = rank; i < ndb; i += size) {
		snprintf(p, sizeof p, "%s/db/uniref_%02d.fasta", av[2], i);
		s += read_whole(p, buf, bytes);
		s += burn(buf, CHUNK, iters);
	}
	snprintf(p, sizeof p, "%s/out/msa_rank%d.a3m", av[2], rank);
	write_text(p, rank, 200, s);
	free(buf);
	return 0;
}

static int dock(int rank, int size, char **av)
{
	int nlig = atoi(av[0]); size_t bytes = (size_t)atoi(av[1]) << 20; int each = !strcmp(av[3], "each");
	long iters = atol(av[4]); unsigned char *grid = malloc(bytes), lig[8192]; char p[512]; double s = 0;
	int fd = open(strcat(strcpy(p, av[2]), "/receptor.grid"), O_RDONLY);
	FILE *out;
	for (int i = rank; i < nlig; i += size) {
		if (each || i == rank)	/* reload the grid: what "each" does for every ligand */
			for (size_t off = 0; off < bytes; off += CHUNK)
				s += pread(fd, grid + off, CHUNK, (off_t)off) > 0 ? grid[off] : 0;
		snprintf(p, sizeof p, "%s/ligands/lig_%05d.sdf", av[2], i);
		int lf = open(p, O_RDONLY);
		ssize_t n = lf < 0 ? 0 : read(lf, lig, sizeof lig);
		if (lf >= 0) close(lf);
		s += burn(grid, bytes, iters) + (n > 0 ? lig[0] : 0);
	}
	close(fd);
	snprintf(p, sizeof p, "%s/out/scores_rank%d.txt", av[2], rank);
	out = fopen(p, "w");
	for (int i = rank; i < nlig; i += size)
		fprintf(out, "lig_%05d\t%.3f\n", i, -s / (i + 1));
	fclose(out);
	free(grid);
	return 0;
}

int main(int argc, char **argv)
{
	int rank, size, rc = 1;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc >= 6 && !strcmp(argv[1], "msa")) rc = msa(rank, size, argv + 2);
	else if (argc >= 7 && !strcmp(argv[1], "dock")) rc = dock(rank, size, argv + 2);
	else if (!rank) fprintf(stderr, "usage: app127 msa|dock ...\n");
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return rc;
}
