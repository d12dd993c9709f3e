/* Round 109 serial analysis tool: reads an md109 trajectory frame by frame (64-B header read, then the
 * frame's 24-B-an-atom body) and prints each frame's mean-square displacement from frame 0.
 * ana109 once FILE:   one pass, frame after frame (the normal reader);
 * ana109 rescan FILE: to reach frame i it reopens the file and reads frames 0..i again from the start
 *                     (a reader with no frame index that seeks by reading: O(frames^2) bytes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#define HDR 64
static int frame(int fd, double *buf, long *natoms) {
	char h[HDR];
	if (read(fd, h, HDR) != HDR || memcmp(h, "MD109FRM", 8)) return 0;
	memcpy(natoms, h + 16, 8);
	return read(fd, buf, (size_t)*natoms * 24) == (ssize_t)(*natoms * 24);
}
static double msd(const double *a, const double *b, long n) {
	double s = 0;
	for (int pass = 0; pass < 20; pass++)
		for (long i = 0; i < 3 * n; i++) { double d = a[i] - b[i] + pass * 1e-9; s += d * d; }
	return s / (20.0 * n);
}
int main(int argc, char **argv) {
	if (argc < 3) { fprintf(stderr, "usage: ana109 once|rescan FILE\n"); return 2; }
	int rescan = !strcmp(argv[1], "rescan");
	int fd = open(argv[2], O_RDONLY); if (fd < 0) { perror(argv[2]); return 1; }
	char h[HDR]; long natoms;
	if (read(fd, h, HDR) != HDR) return 1;
	memcpy(&natoms, h + 16, 8); lseek(fd, 0, SEEK_SET);
	double *f0 = malloc((size_t)natoms * 24), *fi = malloc((size_t)natoms * 24);
	if (!frame(fd, f0, &natoms)) return 1;
	for (long i = 1;; i++) {
		if (rescan) { close(fd); fd = open(argv[2], O_RDONLY); int ok = 1;
			for (long k = 0; k <= i && ok; k++) ok = frame(fd, fi, &natoms);
			if (!ok) break;
		} else if (!frame(fd, fi, &natoms)) break;
		printf("%ld %.9g\n", i, msd(f0, fi, natoms));
	}
	close(fd);
	return 0;
}
