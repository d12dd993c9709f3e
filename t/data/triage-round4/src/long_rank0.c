/* A long run whose I/O is rank 0's alone and sparse: NPHASE times every
 * rank sleeps SLEEP seconds ("compute"), then MPI_Gather sends each rank's
 * 8 MiB to rank 0, which fwrite()s the whole snapshot (1 MiB pieces) into a
 * new file and appends one progress line to a text log with fprintf. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int rank, np, nphase = atoi(argv[2]), secs = atoi(argv[3]);
	const size_t per = 8 << 20;
	char path[512];
	FILE *log = NULL;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	char *mine = malloc(per), *all = rank == 0 ? malloc(per * np) : NULL;
	memset(mine, 'a' + rank, per);
	if (rank == 0) {
		snprintf(path, sizeof path, "%s.log", argv[1]);
		log = fopen(path, "w");
	}
	for (int p = 0; p < nphase; p++) {
		sleep(secs);
		MPI_Gather(mine, (int)per, MPI_BYTE, all, (int)per, MPI_BYTE, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			snprintf(path, sizeof path, "%s.snap.%d", argv[1], p);
			FILE *f = fopen(path, "w");
			for (size_t o = 0; o < per * np; o += 1 << 20)
				fwrite(all + o, 1, 1 << 20, f);
			fclose(f);
			fprintf(log, "phase %d written to %s\n", p, path);
			fflush(log);
		}
	}
	if (log)
		fclose(log);
	free(mine);
	free(all);
	MPI_Finalize();
	return 0;
}
