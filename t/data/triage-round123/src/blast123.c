/* Round 123: a BLAST-like search at N ranks. Rank r loads the database volumes v with v % N == r
 * (4 MiB POSIX reads), then searches its share of the query files (one small FASTA each, stdio) against
 * them and appends each query's hit lines to its own hit table: through stdio (mode stdio) or with a
 * write(2)+fsync per hit line (mode fsync, the problem: each hit "made durable" as if a transaction). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define CHUNK (4 << 20)

static char *load_volume(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	size_t cap = 0, n = 0; char *buf = NULL; ssize_t got;
	do {
		if (n + CHUNK > cap) { cap = cap ? 2 * cap : 64u << 20; buf = realloc(buf, cap); }
		got = read(fd, buf + n, CHUNK);
		if (got > 0) n += (size_t)got;
	} while (got > 0);
	close(fd);
	*len = n;
	return buf;
}

static size_t read_query(const char *path, char *q, size_t max)
{
	FILE *f = fopen(path, "r");
	char line[256]; size_t n = 0;
	if (!f) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
	while (fgets(line, sizeof line, f))
		for (char *p = line; *p && *line != '>' && n < max; p++)
			if (*p != '\n') q[n++] = *p;
	fclose(f);
	return n;
}

/* word seed search: positions where the query's first 9 bases occur, scored on 40 bases; only the 1/16 of
 * the volume that the query's seed bucket points to is scanned (stands for a seed index) */
static void search(const char *db, size_t len, const char *q, size_t qn, int vol, int qi,
		   FILE *out, int fd, int dosync)
{
	char line[160];
	size_t b0 = (size_t)(qi % 16) * (len / 16), b1 = b0 + len / 16;
	for (size_t i = b0; i + 40 < b1 && i + 40 < len; i++) {
		if (db[i] != q[0] || memcmp(db + i, q, 9)) continue;
		int id = 0;
		for (size_t k = 0; k < 40 && k < qn; k++) id += db[i + k] == q[k];
		int n = snprintf(line, sizeof line, "q%04d\tvol%02d\t%zu\t%d\t%.1f\t%.2e\n", qi, vol, i, id,
				 2.5 * id, 1e-3 / (id + 1));
		if (!dosync) { fputs(line, out); continue; }
		if (write(fd, line, (size_t)n) != n) MPI_Abort(MPI_COMM_WORLD, 1);
		fsync(fd);
	}
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: blast123 dbdir nvol nq outdir stdio|fsync\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *dir = argv[1], *outdir = argv[4];
	int nvol = atoi(argv[2]), nq = atoi(argv[3]), dosync = !strcmp(argv[5], "fsync");
	char path[512], q[4096];
	char *db[64]; size_t len[64]; int vols[64], nv = 0;
	for (int v = rank; v < nvol; v += size) {
		snprintf(path, sizeof path, "%s/db.%02d", dir, v);
		db[nv] = load_volume(path, &len[nv]); vols[nv++] = v;
	}
	snprintf(path, sizeof path, "%s/hits.%d.tsv", outdir, rank);
	FILE *out = dosync ? NULL : fopen(path, "a");
	int fd = dosync ? open(path, O_WRONLY | O_CREAT | O_APPEND, 0644) : -1;
	for (int i = 0; i < nq; i++) {
		snprintf(path, sizeof path, "%s/q/q%04d.fa", dir, i);
		size_t qn = read_query(path, q, sizeof q);
		for (int k = 0; k < nv; k++) search(db[k], len[k], q, qn, vols[k], i, out, fd, dosync);
	}
	if (out) fclose(out);
	if (fd >= 0) close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
