/* segy68: SEG-Y-like trace I/O (round 68, issue 34). A file: a 3600-B text+binary header, then
 * traces of a 240-B header (int32 fields: [0] trace number, [1] shot, [5] CMP) and NS float samples.
 * usage: segy68 mk FILE NSHOT NTRSHOT NS      make a synthetic line (wavelets + noise)
 *        segy68 shot FILE NSHOT NTRSHOT NS NB (MPI) each rank reads its own shots, one pread a shot, and
 *                                             filters each trace NB times (a bank of NB band-passes)
 *        segy68 sample FILE NTR NS            read NTR traces, each sample by its own 4-B pread
 *        segy68 trace FILE NTR NS             the same traces, one pread of a whole trace each
 * Each trace is filtered (a 61-tap band-pass convolution) and its energy summed. */
#include <mpi.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HDR 3600
#define THDR 240
#define TAPS 61

static double filt(const float *x, int ns)
{
	static double w[TAPS];
	if (w[0] == 0)
		for (int t = 0; t < TAPS; t++) w[t] = sin(0.3 * (t - TAPS / 2) + 1e-9) / (t - TAPS / 2 + 0.5);
	double e = 0;
	for (int i = TAPS; i < ns; i++) {
		double y = 0;
		for (int t = 0; t < TAPS; t++) y += x[i - t] * w[t];
		e += y * y;
	}
	return e;
}

static int mk(const char *p, int nshot, int ntr, int ns)
{
	FILE *f = fopen(p, "wb");
	if (!f) return 1;
	char h[HDR];
	memset(h, ' ', HDR);
	fwrite(h, 1, HDR, f);
	size_t tb = THDR + 4 * (size_t)ns;
	unsigned char *tr = calloc(1, tb);
	unsigned s = 68;
	for (int sh = 0; sh < nshot; sh++)
		for (int r = 0; r < ntr; r++) {
			int32_t *ih = (int32_t *)tr;
			ih[0] = sh * ntr + r; ih[1] = sh; ih[5] = sh + r / 2;
			float *x = (float *)(tr + THDR);
			for (int i = 0; i < ns; i++) {
				s = s * 1103515245u + 12345u;
				double tt = i - 100 - 2.0 * r;
				x[i] = (float)(exp(-tt * tt / 50) * cos(0.4 * tt) + ((s >> 16) % 1000) / 20000.0);
			}
			fwrite(tr, 1, tb, f);
		}
	return fclose(f) != 0;
}

int main(int argc, char **argv)
{
	if (argc < 5) { fprintf(stderr, "usage: segy68 mk|shot|sample|trace FILE ...\n"); return 2; }
	if (!strcmp(argv[1], "mk")) return mk(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
	int mpi = !strcmp(argv[1], "shot"), rank = 0, np = 1;
	if (mpi) { MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np); }
	int fd = open(argv[2], O_RDONLY);
	if (fd < 0) { perror(argv[2]); return 1; }
	char h[HDR];
	if (pread(fd, h, HDR, 0) != HDR) return 1;
	double e = 0;
	if (mpi) {
		int nshot = atoi(argv[3]), ntr = atoi(argv[4]), ns = atoi(argv[5]), nb = argc > 6 ? atoi(argv[6]) : 1;
		size_t tb = THDR + 4 * (size_t)ns, sb = tb * ntr;
		unsigned char *buf = malloc(sb);
		for (int sh = rank; sh < nshot; sh += np) {   /* my shots: one contiguous read each */
			if (pread(fd, buf, sb, HDR + (off_t)sh * sb) != (ssize_t)sb) return 1;
			for (int r = 0; r < ntr; r++)
				for (int b = 0; b < nb; b++) e += filt((float *)(buf + r * tb + THDR), ns) / (b + 1);
		}
		double tot;
		MPI_Reduce(&e, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (!rank) printf("segy68 shot: energy %.6g\n", tot);
		close(fd);
		MPI_Finalize();
		return 0;
	}
	int ntr = atoi(argv[3]), ns = atoi(argv[4]), bysample = !strcmp(argv[1], "sample");
	size_t tb = THDR + 4 * (size_t)ns;
	unsigned char *tr = malloc(tb);
	for (int r = 0; r < ntr; r++) {
		off_t o = HDR + (off_t)r * tb;
		if (bysample) {   /* the trace header, then sample by sample, as the reader's loop is written */
			if (pread(fd, tr, THDR, o) != THDR) return 1;
			for (int i = 0; i < ns; i++)
				if (pread(fd, tr + THDR + 4 * i, 4, o + THDR + 4 * i) != 4) return 1;
		} else if (pread(fd, tr, tb, o) != (ssize_t)tb) return 1;
		e += filt((float *)(tr + THDR), ns);
	}
	close(fd);
	printf("segy68 %s: %d traces, energy %.6g\n", argv[1], ntr, e);
	return 0;
}
