/* Round 97 serial climate post-processing (CDO/NCO-like). Modes:
 *   concat DIR NMON          cat NMON monthly files into one time series (4 MiB reads/writes), stdio log
 *   extract DIR NF small|blk  pull variable 3 out of NF yearly files whose record variables are interleaved
 *                             (netCDF classic layout): "small" reads 32 B per record (ncks-like), "blk" reads
 *                             the records in 1 MiB blocks and picks the variable out in memory. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define CH (4 << 20)
#define HDR 1024
#define NVAR 8
#define VLEN 32
static void die(const char *m) { perror(m); exit(1); }
static int concat(const char *d, int nmon)
{
	char p[512]; char *b = malloc(CH); ssize_t n; long tot = 0;
	snprintf(p, sizeof p, "%s/ts.bin", d);
	int o = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (o < 0 || !b) die("out");
	FILE *lg = fopen("concat.log", "w");
	for (int m = 1; m <= nmon; m++) {
		snprintf(p, sizeof p, "%s/mon-%02d.bin", d, m);
		int f = open(p, O_RDONLY);
		if (f < 0) die(p);
		while ((n = read(f, b, CH)) > 0) { if (write(o, b, n) != n) die("w"); tot += n; }
		close(f);
		fprintf(lg, "month %02d appended, total %ld bytes\n", m, tot);
	}
	close(o); fclose(lg); free(b); return 0;
}
static int extract(const char *d, int nf, int small)
{
	char p[512]; char *b = malloc(1 << 20); double acc = 0; long nrec;
	FILE *out = fopen("extract.out", "w");
	for (int y = 0; y < nf; y++) {
		snprintf(p, sizeof p, "%s/yr-%03d.nc", d, y);
		int f = open(p, O_RDONLY);
		if (f < 0) die(p);
		nrec = (lseek(f, 0, SEEK_END) - HDR) / (NVAR * VLEN);
		if (pread(f, b, HDR, 0) != HDR) die("hdr");
		if (small) {
			for (long r = 0; r < nrec; r++) {
				if (pread(f, b, VLEN, HDR + r * NVAR * VLEN + 3 * VLEN) != VLEN) die("r");
				acc += b[0];
			}
		} else {
			long per = (1 << 20) / (NVAR * VLEN);
			for (long r = 0; r < nrec; r += per) {
				long k = nrec - r < per ? nrec - r : per;
				if (pread(f, b, k * NVAR * VLEN, HDR + r * NVAR * VLEN) != k * NVAR * VLEN) die("rb");
				for (long i = 0; i < k; i++) acc += b[i * NVAR * VLEN + 3 * VLEN];
			}
		}
		close(f);
		fprintf(out, "year %d records %ld\n", y, nrec);
	}
	fprintf(out, "sum %g\n", acc); fclose(out); free(b); return 0;
}
int main(int c, char **v)
{
	if (c >= 4 && !strcmp(v[1], "concat")) return concat(v[2], atoi(v[3]));
	if (c >= 5 && !strcmp(v[1], "extract")) return extract(v[2], atoi(v[3]), !strcmp(v[4], "small"));
	fprintf(stderr, "usage\n"); return 2;
}
