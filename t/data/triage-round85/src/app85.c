/* app85: a data-parallel training loop's I/O (round 85, labels85).
 * Each rank owns one packed shard file (shard-RANK.bin) of NS samples of SS bytes; every epoch it visits its
 * samples in a shuffled order, "trains" on each (a fixed amount of arithmetic), then a checkpoint is saved.
 *   app85 MODE DIR EPOCHS NS SS_KIB WORK CKPT_KIB
 * MODE  shards    pread each sample from the shard (page cache absorbs later epochs); all ranks write their
 *                 part of the checkpoint collectively (MPI_File_write_at_all) each epoch
 *       direct    O_DIRECT pread of each sample every epoch (every epoch goes to the device again)
 *       cache     O_DIRECT reads in epoch 1 only, kept in memory for the later epochs (direct's twin)
 *       ck4k      as shards, but rank 0 alone saves the whole model in 4 KiB write(2)s (one per small tensor)
 *       ckone     as ck4k, rank 0 saves the model in one write(2) (ck4k's twin)
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, nprocs;

static double train(const double *x, size_t n, int work)
{
	double s = 0;
	for (int w = 0; w < work; w++)
		for (size_t i = 0; i < n; i++)
			s += x[i] * 1e-9 + w * 1e-12;
	return s;
}

static void shuffle(int *p, int n, unsigned seed)
{
	srand(seed);
	for (int i = 0; i < n; i++)
		p[i] = i;
	for (int i = n - 1; i > 0; i--) {
		int j = rand() % (i + 1), t = p[i];
		p[i] = p[j];
		p[j] = t;
	}
}

static void ckpt_coll(const char *dir, int ep, const char *model, size_t part)
{
	char path[512];
	MPI_File fh;
	snprintf(path, sizeof path, "%s/ckpt-e%d.pt", dir, ep);
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, (MPI_Offset)rank * part, model, (int)part, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

static void ckpt_rank0(const char *dir, int ep, const char *model, size_t size, size_t chunk)
{
	char path[512];
	if (rank == 0) {
		snprintf(path, sizeof path, "%s/ckpt-e%d.pt", dir, ep);
		int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
		for (size_t off = 0; off < size; off += chunk)
			if (write(fd, model + off, chunk) != (ssize_t)chunk)
				MPI_Abort(MPI_COMM_WORLD, 3);
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc != 8)
		MPI_Abort(MPI_COMM_WORLD, 1);
	const char *mode = argv[1], *dir = argv[2];
	int epochs = atoi(argv[3]), ns = atoi(argv[4]), work = atoi(argv[6]);
	size_t ss = (size_t)atoi(argv[5]) << 10, ck = (size_t)atoi(argv[7]) << 10;
	int direct = !strcmp(mode, "direct") || !strcmp(mode, "cache");
	char path[512];
	snprintf(path, sizeof path, "%s/shard-%d.bin", dir, rank);
	int fd = open(path, O_RDONLY | (direct ? O_DIRECT : 0));
	if (fd < 0)
		MPI_Abort(MPI_COMM_WORLD, 2);
	char *buf = NULL, *model = NULL, *mem = NULL;
	if (posix_memalign((void **)&buf, 4096, ss) || posix_memalign((void **)&model, 4096, ck))
		MPI_Abort(MPI_COMM_WORLD, 2);
	memset(model, 7, ck);
	/* the twin "cache" keeps the whole shard in memory after its first epoch */
	if (!strcmp(mode, "cache") && !(mem = malloc(ss * ns)))
		MPI_Abort(MPI_COMM_WORLD, 2);
	int *perm = malloc(sizeof *perm * ns);
	double loss = 0;
	for (int ep = 0; ep < epochs; ep++) {
		shuffle(perm, ns, 1000u * ep + rank);
		for (int k = 0; k < ns; k++) {
			char *x = buf;
			if (mem && ep > 0)
				x = mem + (size_t)perm[k] * ss;
			else if (pread(fd, buf, ss, (off_t)perm[k] * ss) != (ssize_t)ss)
				MPI_Abort(MPI_COMM_WORLD, 4);
			if (mem && ep == 0)
				memcpy(mem + (size_t)perm[k] * ss, buf, ss);
			loss += train((const double *)x, ss / sizeof(double), work);
		}
		MPI_Allreduce(MPI_IN_PLACE, &loss, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (!strcmp(mode, "ck4k"))
			ckpt_rank0(dir, ep, model, ck, 4096);
		else if (!strcmp(mode, "ckone"))
			ckpt_rank0(dir, ep, model, ck, ck);
		else
			ckpt_coll(dir, ep, model, ck / nprocs);
		if (rank == 0)
			printf("epoch %d loss %.6f\n", ep, loss);
	}
	close(fd);
	MPI_Finalize();
	return 0;
}
