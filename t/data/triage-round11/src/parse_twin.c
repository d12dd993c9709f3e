/* twin of fscanf-50m without Darshan: the same numbers by fscanf, and by one fread + strtod */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(int argc, char **argv) {
	double t0 = now(), x, s = 0; long n = 0; FILE *fp = fopen(argv[1], "r");
	while (fscanf(fp, "%lf", &x) == 1) { s += x; n++; } fclose(fp);
	double t1 = now(); fp = fopen(argv[1], "r"); fseek(fp, 0, SEEK_END); long sz = ftell(fp); rewind(fp);
	char *b = malloc(sz + 1); if (fread(b, 1, sz, fp) != (size_t)sz) return 1; b[sz] = 0; fclose(fp);
	double t2 = now(), s2 = 0; long n2 = 0; char *p = b, *e;
	for (;;) { x = strtod(p, &e); if (e == p) break; s2 += x; n2++; p = e; }
	double t3 = now();
	printf("fscanf %ld in %.3f s; fread %.3f s + strtod %ld in %.3f s\n", n, t1 - t0, t2 - t1, n2, t3 - t2);
	return 0;
}
