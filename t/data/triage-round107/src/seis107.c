/* Round 107 (labels107): seismic trace processing. "mk FILE NSHOT" writes a SEG-Y-like file (3600-B reel
 * header, then NSHOT x 64 traces of a 240-B trace header + 1000 float32 samples). "proc IN OUT trace|block"
 * has each rank read its contiguous shots (one collective MPI-IO read), apply gain and a band-pass FIR to every
 * trace, and write the result at the same offsets of OUT: trace = a pwrite(2) of the 240-B header and one of
 * the 4000-B samples per trace (a trace-at-a-time SEG-Y writer: the problem); block = the rank's whole block
 * in one collective MPI_File_write_at_all (the twin). Rank 0 writes the reel header. */
#include <mpi.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define NRCV 64
#define NS 1000
#define THDR 240
#define REEL 3600
#define TRB (THDR + 4 * NS)
#define NTAP 101

static void mk(const char *path, int nshot)
{
	FILE *f = fopen(path, "wb");
	char reel[REEL] = "C 1 CLIENT labels107 round 107 synthetic shot gathers", th[THDR];
	float s[NS];
	fwrite(reel, 1, REEL, f);
	srand(107);
	for (int t = 0; t < nshot * NRCV; t++) {
		memset(th, 0, THDR);
		memcpy(th, &t, sizeof t);
		for (int i = 0; i < NS; i++) s[i] = (float)(rand() % 2001 - 1000) / 1000.0f + (i == 200 + t % NRCV * 3 ? 50.0f : 0.0f);
		fwrite(th, 1, THDR, f);
		fwrite(s, 4, NS, f);
	}
	fclose(f);
}

/* Spherical-divergence gain then a windowed-sinc band-pass FIR, per trace, in place. */
static void process(float *s, const float *tap)
{
	float o[NS];
	for (int i = 0; i < NS; i++) s[i] *= 1.0f + 0.004f * i;
	for (int i = 0; i < NS; i++) {
		float a = 0;
		for (int k = 0; k < NTAP; k++) { int j = i + k - NTAP / 2; if (j >= 0 && j < NS) a += tap[k] * s[j]; }
		o[i] = a;
	}
	memcpy(s, o, sizeof o);
}

static void taps(float *tap)
{
	for (int k = 0; k < NTAP; k++) {
		double x = k - NTAP / 2, w = 0.54 - 0.46 * cos(2 * M_PI * k / (NTAP - 1));
		double hi = x ? sin(0.4 * M_PI * x) / (M_PI * x) : 0.4, lo = x ? sin(0.05 * M_PI * x) / (M_PI * x) : 0.05;
		tap[k] = (float)((hi - lo) * w);
	}
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "mk")) { mk(argv[2], atoi(argv[3])); return 0; }
	MPI_Init(&argc, &argv);
	int rank, size, block = !strcmp(argv[4], "block"), passes = argc > 5 ? atoi(argv[5]) : 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	MPI_File in, out;
	MPI_Offset fsz;
	MPI_File_open(MPI_COMM_WORLD, argv[2], MPI_MODE_RDONLY, MPI_INFO_NULL, &in);
	MPI_File_get_size(in, &fsz);
	long ntr = (fsz - REEL) / TRB, mine = ntr / size, first = mine * rank;
	char *buf = malloc(mine * TRB), reel[REEL];
	MPI_File_read_at_all(in, REEL + first * TRB, buf, (int)(mine * TRB), MPI_BYTE, MPI_STATUS_IGNORE);
	if (!rank) MPI_File_read_at(in, 0, reel, REEL, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&in);
	float tap[NTAP];
	taps(tap);
	for (int p = 0; p < passes; p++)
		for (long t = 0; t < mine; t++) process((float *)(buf + t * TRB + THDR), tap);
	if (block) {
		MPI_File_open(MPI_COMM_WORLD, argv[3], MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &out);
		if (!rank) MPI_File_write_at(out, 0, reel, REEL, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_write_at_all(out, REEL + first * TRB, buf, (int)(mine * TRB), MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&out);
	} else {
		if (!rank) close(open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644));
		MPI_Barrier(MPI_COMM_WORLD);
		int fd = open(argv[3], O_WRONLY);
		if (!rank && pwrite(fd, reel, REEL, 0) != REEL) MPI_Abort(MPI_COMM_WORLD, 1);
		for (long t = 0; t < mine; t++) {
			off_t o = REEL + (first + t) * TRB;
			if (pwrite(fd, buf + t * TRB, THDR, o) != THDR || pwrite(fd, buf + t * TRB + THDR, 4 * NS, o + THDR) != 4 * NS)
				MPI_Abort(MPI_COMM_WORLD, 1);
		}
		close(fd);
	}
	MPI_Finalize();
	return 0;
}
