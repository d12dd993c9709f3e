/* Round 186 (labels186): serial jobs. serial186 vcall BAM VCF NREG ; serial186 tile IN OUT W H row|strip ;
 * serial186 gen FILE MIB (prep, not logged). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
static double sink;
static void work(unsigned char *b, long n, int reps) { int c = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 10;
	for (int r = 0; r < reps * c; r++) for (long i = 0; i < n; i += 8) sink += sqrt(b[i] + r); }
int main(int argc, char **argv) {
	if (!strcmp(argv[1], "gen")) { FILE *f = fopen(argv[2], "w"); long n = atol(argv[3]) << 20; unsigned char *b = malloc(1 << 20);
		for (long i = 0; i < n; i += 1 << 20) { for (int j = 0; j < 1 << 20; j++) b[j] = (i + j) * 31 >> 3; fwrite(b, 1, 1 << 20, f); } fclose(f); return 0; }
	if (!strcmp(argv[1], "vcall")) {
		FILE *in = fopen(argv[2], "rb"), *out = fopen(argv[3], "w"); int nreg = atoi(argv[4]);
		fseek(in, 0, SEEK_END); long sz = ftell(in); long rs = sz / nreg; unsigned char *b = malloc(65536);
		fprintf(out, "##fileformat=VCFv4.2\n##source=toycaller\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n");
		for (int r = 0; r < nreg; r++) { fseek(in, (long)r * rs, SEEK_SET);
			for (long o = 0; o < rs; o += 65536) { size_t n = fread(b, 1, 65536, in); work(b, n, 1);
				if (b[7] % 3 == 0) fprintf(out, "chr%d\t%ld\t.\tA\tG\t%d\tPASS\tDP=%d\n", r % 22 + 1, o + 1, b[3], b[5]); } }
		fclose(in); fclose(out); printf("vcall: sink %.3g\n", sink); return 0; }
	if (!strcmp(argv[1], "tile")) {
		int in = open(argv[2], O_RDONLY), out = open(argv[3], O_CREAT | O_WRONLY | O_TRUNC, 0644);
		long W = atol(argv[4]), H = atol(argv[5]); int strip = !strcmp(argv[6], "strip"); long T = 256, bpp = 2;
		unsigned char *t = malloc(T * T * bpp), *s = malloc(W * T * bpp);
		for (long ty = 0; ty < H; ty += T) {
			if (strip) pread(in, s, W * T * bpp, ty * W * bpp);
			for (long tx = 0; tx < W; tx += T) {
				for (long y = 0; y < T; y++) { if (strip) memcpy(t + y * T * bpp, s + (y * W + tx) * bpp, T * bpp);
					else pread(in, t + y * T * bpp, T * bpp, ((ty + y) * W + tx) * bpp); }
				work(t, T * T * bpp, 1);
				for (long y = 0; y < T; y++) { if (strip) memcpy(s + (y * W + tx) * bpp, t + y * T * bpp, T * bpp);
					else pwrite(out, t + y * T * bpp, T * bpp, ((ty + y) * W + tx) * bpp); }
			}
			if (strip) pwrite(out, s, W * T * bpp, ty * W * bpp);
		}
		close(in); close(out); printf("tile: sink %.3g\n", sink); return 0; }
	return 1;
}
