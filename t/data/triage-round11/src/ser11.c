/* serial kinds for round 11: ser11 MODE FILE ARGS */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define MIB 1048576L
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static void busy(double s) { double e = now() + s; volatile double x = 0; while (now() < e) for (int i = 0; i < 10000; i++) x += i * 0.5; }
static int cmp(const void *a, const void *b) { long x = *(const long *)a, y = *(const long *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
	const char *m = argv[1], *f = argv[2]; char *b = malloc(4 * MIB); memset(b, 'q', 4 * MIB);
	if (!strcmp(m, "dontneed")) { /* drop FILE's pages (run without Darshan) */
		int fd = open(f, O_RDONLY); posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); close(fd);
	} else if (!strcmp(m, "randpread")) { /* N preads of REC bytes at random REC-aligned offsets; SORTED 1 sorts them first */
		long n = atol(argv[3]), rec = atol(argv[4]), sorted = atol(argv[5]); int fd = open(f, O_RDONLY);
		long nrec = lseek(fd, 0, SEEK_END) / rec, *off = malloc(n * sizeof *off); srandom(11);
		for (long i = 0; i < n; i++) off[i] = (random() % nrec) * rec;
		if (sorted) qsort(off, n, sizeof *off, cmp);
		for (long i = 0; i < n; i++) if (pread(fd, b, rec, off[i]) != rec) abort(); close(fd);
	} else if (!strcmp(m, "verify")) { /* write MIB MiB in 1 MiB writes, fsync, close; reopen and read it all back */
		long mib = atol(argv[3]); int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = 0; i < mib; i++) if (write(fd, b, MIB) != MIB) abort(); fsync(fd); close(fd);
		fd = open(f, O_RDONLY); while (read(fd, b, MIB) > 0) ; close(fd);
	} else if (!strcmp(m, "mmap")) { /* ftruncate to MIB MiB, fill through mmap, msync */
		long mib = atol(argv[3]); int fd = open(f, O_RDWR | O_CREAT | O_TRUNC, 0644); if (ftruncate(fd, mib * MIB)) abort();
		char *p = mmap(NULL, mib * MIB, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0); if (p == MAP_FAILED) abort();
		for (long i = 0; i < mib; i++) memcpy(p + i * MIB, b, MIB); msync(p, mib * MIB, MS_SYNC); munmap(p, mib * MIB); close(fd);
	} else if (!strcmp(m, "io2pct")) { /* NPH x (SECS/NPH computation, write MIB MiB in 1 MiB writes to FILE.k) */
		double secs = atof(argv[3]); long nph = atol(argv[4]), mib = atol(argv[5]); char nm[512];
		for (long k = 0; k < nph; k++) { busy(secs / nph); snprintf(nm, sizeof nm, "%s.%ld", f, k);
			int fd = open(nm, O_WRONLY | O_CREAT | O_TRUNC, 0644); for (long i = 0; i < mib; i++) if (write(fd, b, MIB) != MIB) abort(); close(fd); }
	} else if (!strcmp(m, "fscanf")) { /* fscanf every number of a text file */
		FILE *fp = fopen(f, "r"); double x, s = 0; long n = 0; while (fscanf(fp, "%lf", &x) == 1) { s += x; n++; } fclose(fp);
		printf("%ld numbers, sum %g\n", n, s);
	} else if (!strcmp(m, "openclose")) { /* N x (open, close) of one file, no I/O */
		long n = atol(argv[3]); for (long i = 0; i < n; i++) { int fd = open(f, O_RDONLY); if (fd < 0) abort(); close(fd); }
	} else if (!strcmp(m, "backwrite")) { /* lseek + write of K KiB blocks from the end of a MIB MiB file to its start */
		long mib = atol(argv[3]), k = atol(argv[4]) * 1024, n = mib * MIB / k; int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		for (long i = n - 1; i >= 0; i--) { lseek(fd, i * k, SEEK_SET); if (write(fd, b, k) != k) abort(); } close(fd);
	} else if (!strcmp(m, "readoff")) { /* pread BLK KiB blocks starting at byte OFF until EOF */
		long off = atol(argv[3]), blk = atol(argv[4]) * 1024; int fd = open(f, O_RDONLY); ssize_t r;
		while ((r = pread(fd, b, blk, off)) > 0) off += r; close(fd);
	}
	free(b); return 0;
}
