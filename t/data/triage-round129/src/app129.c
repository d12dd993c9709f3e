/* app129.c: round 129's C/MPI task farm (labels129). Rank 0 is the scheduler, ranks 1.. are workers.
 *   farm NT DIR         : NT tasks; worker reads DIR/in/task-I.pkl (one read), computes, writes DIR/out/res-I.bin
 *                         (one write), a stdio line in its task log; rank 0 writes the task-state table once at the
 *                         end (stdio) and gathers the results into DIR/summary.txt.
 *   spill NP KIB CH DIR : each worker spills NP partitions of KIB KiB to DIR/spill-R-P.part in CH-byte write(2)s,
 *                         then reads each back once (one read) and reduces it. */
#include <mpi.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double work(const unsigned char *b, size_t n, int reps)
{
	double s = 0;
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < n; i++)
			s += sin(b[i] * 0.01 + r);
	return s;
}

static void farm(int rank, int np, int nt, const char *dir)
{
	char p[512];
	if (rank == 0) {
		double *res = calloc(nt, sizeof *res);
		int *state = calloc(nt, sizeof *state), next = 0, done = 0;
		MPI_Status st;
		for (int w = 1; w < np; w++) {
			int t = next < nt ? next++ : -1;
			MPI_Send(&t, 1, MPI_INT, w, 0, MPI_COMM_WORLD);
		}
		while (done < nt) {
			double msg[2];
			MPI_Recv(msg, 2, MPI_DOUBLE, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
			res[(int)msg[0]] = msg[1]; state[(int)msg[0]] = 2; done++;
			int t = next < nt ? next++ : -1;
			MPI_Send(&t, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD);
		}
		snprintf(p, sizeof p, "%s/states.tsv", dir);
		FILE *f = fopen(p, "w");
		for (int i = 0; i < nt; i++) fprintf(f, "task-%d\t%s\n", i, state[i] == 2 ? "done" : "lost");
		fclose(f);
		snprintf(p, sizeof p, "%s/summary.txt", dir);
		f = fopen(p, "w");
		double tot = 0;
		for (int i = 0; i < nt; i++) { fprintf(f, "%d %.6f\n", i, res[i]); tot += res[i]; }
		fprintf(f, "total %.6f\n", tot);
		fclose(f);
		free(res); free(state);
		return;
	}
	snprintf(p, sizeof p, "%s/log/worker-%d.log", dir, rank);
	FILE *lg = fopen(p, "w");
	unsigned char buf[65536];
	for (;;) {
		int t;
		MPI_Recv(&t, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		if (t < 0) break;
		snprintf(p, sizeof p, "%s/in/task-%d.pkl", dir, t);
		int fd = open(p, O_RDONLY);
		ssize_t n = read(fd, buf, sizeof buf);
		close(fd);
		double msg[2] = { t, work(buf, n > 0 ? n : 0, 6) };
		snprintf(p, sizeof p, "%s/out/res-%d.bin", dir, t);
		fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		unsigned char out[256];
		memset(out, 0, sizeof out); memcpy(out, msg, sizeof msg);
		if (write(fd, out, sizeof out) != sizeof out) perror("write");
		close(fd);
		fprintf(lg, "task %d done %.3f\n", t, msg[1]);
		MPI_Send(msg, 2, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
	}
	fclose(lg);
}

static void spill(int rank, int npart, int kib, int ch, const char *dir)
{
	char p[512];
	size_t n = (size_t)kib * 1024;
	unsigned char *b = malloc(n);
	double s = 0;
	if (rank > 0) {
		for (int q = 0; q < npart; q++) {
			for (size_t i = 0; i < n; i++) b[i] = (unsigned char)(i * 7 + q + rank);
			s += work(b, n / 16, 1);
			snprintf(p, sizeof p, "%s/spill-%d-%d.part", dir, rank, q);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			for (size_t o = 0; o < n; o += ch)
				if (write(fd, b + o, ch) != ch) perror("write");
			close(fd);
		}
		for (int q = 0; q < npart; q++) {
			snprintf(p, sizeof p, "%s/spill-%d-%d.part", dir, rank, q);
			int fd = open(p, O_RDONLY);
			if (read(fd, b, n) != (ssize_t)n) perror("read");
			close(fd);
			s += work(b, n / 16, 1);
		}
	}
	double tot = 0;
	MPI_Reduce(&s, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("spill total %.3f\n", tot);
	free(b);
}

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc >= 4 && !strcmp(argv[1], "farm")) farm(rank, np, atoi(argv[2]), argv[3]);
	else if (argc >= 6 && !strcmp(argv[1], "spill")) spill(rank, atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), argv[5]);
	else if (rank == 0) fprintf(stderr, "usage: app129 farm NT DIR | spill NP KIB CH DIR\n");
	MPI_Finalize();
	return 0;
}
