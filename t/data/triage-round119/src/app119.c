/* Round 119 (labels119): five kinds of capability jobs drawn by lot (seed 119), scaled to 4 ranks.
 * mode nbody  DIR SNAPS MB     : cosmology N-body, each snapshot one shared file, every rank's MB collectively
 * mode pic    DIR DUMPS KB how : particle-in-cell field dumps; how=small (4 KiB independent writes) | coll
 * mode eigen  DIR MB           : nuclear eigen-solver, each rank reads its strided 1 MiB blocks of a basis file
 * mode genome DIR NFILES       : alignment over many small read files, files dealt round-robin to ranks
 * mode mc     DIR BATCH KB how : Monte Carlo tallies; how=every (rank 0 rewrites+fsyncs the tally file each batch) | end */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>

static double work(int n)
{
	double s = 0;
	for (int i = 1; i < n; i++)
		s += sin(i * 1e-3) / i;
	return s;
}

static void nbody(const char *dir, int snaps, int mb, int rank, int np)
{
	size_t n = (size_t)mb << 20;
	char *buf = malloc(n), path[512];
	for (int s = 0; s < snaps; s++) {
		double acc = 0;
		for (int k = 0; k < 40; k++)
			acc += work(200000);
		memset(buf, (int)acc + s, n);
		snprintf(path, sizeof path, "%s/snap_%03d.dat", dir, s);
		MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_File_write_at_all(fh, (MPI_Offset)rank * n, buf, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		if (rank == 0) {
			FILE *f = fopen(strcat(strcpy(path, dir), "/snapshots.log"), "a");
			fprintf(f, "snapshot %d np %d bytes %zu\n", s, np, n * np);
			fclose(f);
		}
	}
	free(buf);
}

static void pic(const char *dir, int dumps, int kb, const char *how, int rank)
{
	size_t n = (size_t)kb << 10;
	char *buf = malloc(n), path[512];
	for (int d = 0; d < dumps; d++) {
		double acc = 0;
		for (int k = 0; k < 10; k++)
			acc += work(200000);
		memset(buf, (int)acc + d, n);
		snprintf(path, sizeof path, "%s/fields_%03d.dat", dir, d);
		MPI_File fh;
		MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
		MPI_Offset base = (MPI_Offset)rank * n;
		if (strcmp(how, "small") == 0)
			for (size_t o = 0; o < n; o += 4096)
				MPI_File_write_at(fh, base + o, buf + o, 4096, MPI_BYTE, MPI_STATUS_IGNORE);
		else
			MPI_File_write_at_all(fh, base, buf, (int)n, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	free(buf);
}

static void eigen(const char *dir, int mb, int rank, int np)
{
	char path[512], *buf = malloc(1 << 20);
	snprintf(path, sizeof path, "%s/basis.dat", dir);
	int fd = open(path, O_RDONLY);
	double acc = 0;
	/* block-cyclic layout: rank r owns blocks r, r+np, ... */
	for (int b = rank; b < mb; b += np) {
		pread(fd, buf, 1 << 20, (off_t)b << 20);
		for (int k = 0; k < 6; k++)
			acc += work(200000) + buf[k];
	}
	close(fd);
	double tot;
	MPI_Reduce(&acc, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		snprintf(path, sizeof path, "%s/eigenvalues.txt", dir);
		FILE *f = fopen(path, "w");
		for (int i = 0; i < 50; i++)
			fprintf(f, "%d %.12f\n", i, tot / (i + 1));
		fclose(f);
	}
	free(buf);
}

static void genome(const char *dir, int nfiles, int rank, int np)
{
	char path[512], line[512];
	long bases = 0;
	for (int i = rank; i < nfiles; i += np) {
		snprintf(path, sizeof path, "%s/reads/chunk_%04d.fastq", dir, i);
		FILE *f = fopen(path, "r");
		int ln = 0;
		while (fgets(line, sizeof line, f))
			if (ln++ % 4 == 1)
				bases += (long)strlen(line) - 1;
		fclose(f);
		work(150000);
	}
	long tot;
	MPI_Reduce(&bases, &tot, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	snprintf(path, sizeof path, "%s/aligned_%d.sam", dir, rank);
	FILE *o = fopen(path, "w");
	fprintf(o, "@HD\tVN:1.6\n@CO\tbases %ld\n", bases);
	fclose(o);
}

static void mc(const char *dir, int batches, int kb, const char *how, int rank)
{
	size_t n = (size_t)kb << 10;
	double *tal = calloc(n / 8, 8), *sum = calloc(n / 8, 8);
	char path[512];
	snprintf(path, sizeof path, "%s/tallies.dat", dir);
	for (int b = 0; b < batches; b++) {
		for (size_t i = 0; i < n / 8; i += 512)
			tal[i] += work(800);
		MPI_Reduce(tal, sum, (int)(n / 8), MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0 && (strcmp(how, "every") == 0 || b == batches - 1)) {
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			write(fd, sum, n);
			fsync(fd);
			close(fd);
		}
	}
	free(tal);
	free(sum);
}

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *m = argv[1], *dir = argv[2];
	if (!strcmp(m, "nbody"))
		nbody(dir, atoi(argv[3]), atoi(argv[4]), rank, np);
	else if (!strcmp(m, "pic"))
		pic(dir, atoi(argv[3]), atoi(argv[4]), argv[5], rank);
	else if (!strcmp(m, "eigen"))
		eigen(dir, atoi(argv[3]), rank, np);
	else if (!strcmp(m, "genome"))
		genome(dir, atoi(argv[3]), rank, np);
	else if (!strcmp(m, "mc"))
		mc(dir, atoi(argv[3]), atoi(argv[4]), argv[5], rank);
	MPI_Finalize();
	return 0;
}
