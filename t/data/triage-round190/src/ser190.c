/* Round 190 (labels190): a national lab's mixed batch queue, serial jobs.
 *   gen FILE MiB                        make an input (not run under Darshan)
 *   climpost IN OUT nvar nrec pervar|onepass   climate post-processing: time means of nvar variables of a record-major
 *        file (nrec records, each nvar slabs of 256 KiB floats). pervar: for each variable open the file and read every
 *        record whole (1 MiB-or-larger preads), keep one variable; onepass: read each record once, all variables.
 *        Each open drops the file's page cache (posix_fadvise DONTNEED): the input stands for a file much larger than
 *        the client's cache, so every pass comes from storage.
 *   swab IN OUT bs                      serial utility: byte-swap 4-byte words of IN into OUT, read(2)/write(2) of bs B. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define SLAB (256 * 1024)
int main(int argc, char **argv) {
	if (argc < 3) return 9;
	if (!strcmp(argv[1], "gen")) {
		long n = atol(argv[3]) << 20; char *b = malloc(1 << 20); FILE *f = fopen(argv[2], "w");
		srand(190); for (long o = 0; o < n; o += 1 << 20) { for (int i = 0; i < 1 << 20; i++) b[i] = rand(); fwrite(b, 1, 1 << 20, f); }
		fclose(f); return 0;
	}
	if (!strcmp(argv[1], "climpost")) {
		int nvar = atoi(argv[4]), nrec = atoi(argv[5]), pervar = !strcmp(argv[6], "pervar");
		long rec = (long)nvar * SLAB; float *r = malloc(rec), *mean = calloc((size_t)nvar * SLAB / 4, 4);
		int npass = pervar ? nvar : 1;
		for (int p = 0; p < npass; p++) {
			int fd = open(argv[2], O_RDONLY); if (fd < 0) { perror(argv[2]); return 1; }
			posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
			for (int t = 0; t < nrec; t++) {
				if (pread(fd, r, rec, t * rec) != rec) return 2;
				for (int v = 0; v < nvar; v++) {
					if (pervar && v != p) continue;
					float *s = r + (long)v * SLAB / 4, *m = mean + (long)v * SLAB / 4;
					for (int i = 0; i < SLAB / 4; i++) m[i] += s[i] / nrec;
				}
			}
			close(fd);
		}
		int fd = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (int v = 0; v < nvar; v++) if (write(fd, mean + (long)v * SLAB / 4, SLAB) != SLAB) return 3;
		close(fd);
		printf("climpost(%s): %d vars x %d records, %ld B a record\n", argv[6], nvar, nrec, rec);
		return 0;
	}
	if (!strcmp(argv[1], "swab")) {
		int bs = atoi(argv[4]); char *b = malloc(bs); ssize_t n; long tot = 0;
		int in = open(argv[2], O_RDONLY), out = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (in < 0 || out < 0) { perror("swab"); return 1; }
		while ((n = read(in, b, bs)) > 0) {
			for (ssize_t i = 0; i + 3 < n; i += 4) { char c = b[i]; b[i] = b[i + 3]; b[i + 3] = c; c = b[i + 1]; b[i + 1] = b[i + 2]; b[i + 2] = c; }
			if (write(out, b, n) != n) return 2;
			tot += n;
		}
		close(in); close(out);
		printf("swab: %ld B in %d-B blocks\n", tot, bs);
		return 0;
	}
	return 9;
}
