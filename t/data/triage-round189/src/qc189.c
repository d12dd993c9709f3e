/* Round 189 (labels189): serial FASTQ QC / read filter, the facility's per-sample tool.
 * qc189 IN.fq OUT.fq REPORT SYNC: reads IN with fgets (4 lines a read), keeps reads whose mean quality >= 25 (trims
 * the 3' end below Q15), writes kept reads to OUT with fprintf through a stream fdopen'ed on an open(2)ed fd, and a
 * summary report with fprintf. SYNC=record: fflush + fsync after every kept read ("crash-safe" output, the problem);
 * SYNC=end: one fflush + fsync at the end (the twin). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
int main(int argc, char **argv) {
	if (argc < 5) return 2;
	int per = !strcmp(argv[4], "record");
	FILE *in = fopen(argv[1], "r"); if (!in) { perror(argv[1]); return 1; }
	int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) { perror(argv[2]); return 1; }
	FILE *out = fdopen(fd, "w");
	char h[512], s[512], p[512], q[512]; long nin = 0, nout = 0, bases = 0; long hist[64] = {0};
	while (fgets(h, sizeof h, in) && fgets(s, sizeof s, in) && fgets(p, sizeof p, in) && fgets(q, sizeof q, in)) {
		nin++; int l = strlen(q); while (l && (q[l - 1] == '\n')) l--;
		long sum = 0; for (int i = 0; i < l; i++) { sum += q[i] - 33; hist[(q[i] - 33) & 63]++; }
		int t = l; while (t > 0 && q[t - 1] - 33 < 15) t--;
		if (l == 0 || sum / l < 25 || t < 50) continue;
		s[t] = 0; q[t] = 0; nout++; bases += t;
		fprintf(out, "%s%s\n+\n%s\n", h, s, q);
		if (per) { fflush(out); fsync(fd); }
	}
	fflush(out); fsync(fd); fclose(out); fclose(in);
	FILE *r = fopen(argv[3], "w");
	fprintf(r, "input_reads\t%ld\nkept_reads\t%ld\nkept_bases\t%ld\n", nin, nout, bases);
	for (int i = 0; i < 42; i++) fprintf(r, "Q%d\t%ld\n", i, hist[i]);
	fclose(r);
	printf("qc189(%s): %ld reads in, %ld kept\n", argv[4], nin, nout);
	return 0;
}
