/* ser18: serial programs for triage round 18 (issue 34). Each mode prints
 * its own wall time (CLOCK_MONOTONIC) around its I/O. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>
#include <sys/stat.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void spin(double s)	/* compute: a busy loop */
{
	double t0 = now();
	volatile double x = 1;
	while (now() - t0 < s)
		for (int i = 0; i < 10000; i++) x = x * 1.0000001 + 1e-9;
}

/* a FASTQ-like file: records of 4 lines, 150-base reads */
static void genfq(const char *out, long recs)
{
	FILE *f = fopen(out, "w");
	char seq[151], q[151];
	srand(18);
	for (long r = 0; r < recs; r++) {
		for (int i = 0; i < 150; i++) { seq[i] = "ACGT"[rand() & 3]; q[i] = 33 + rand() % 40; }
		seq[150] = q[150] = 0;
		fprintf(f, "@read%ld/1\n%s\n+\n%s\n", r, seq, q);
	}
	fclose(f);
}

/* a filter step: keep reads whose mean quality is high, write their ids */
static void fqfilter(const char *in, const char *out, long bufsz)
{
	FILE *f = fopen(in, "r"), *o = fopen(out, "w");
	if (bufsz) setvbuf(f, NULL, _IOFBF, bufsz);
	char l[4][512];
	long kept = 0;
	while (fgets(l[0], 512, f) && fgets(l[1], 512, f) && fgets(l[2], 512, f) && fgets(l[3], 512, f)) {
		long s = 0;
		for (char *p = l[3]; *p > ' '; p++) s += *p - 33;
		if (s > 150 * 20) { fputs(l[0], o); kept++; }
	}
	fclose(f); fclose(o);
	fprintf(stderr, "kept %ld\n", kept);
}

static void gensamples(const char *dir, int n, int kib)
{
	char path[512], *buf = malloc((size_t)kib << 10);
	memset(buf, 7, (size_t)kib << 10);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/s%05d.bin", dir, i);
		int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (write(fd, buf, (size_t)kib << 10) < 0) perror("write");
		close(fd);
	}
	free(buf);
}

/* a data loader: each epoch reads every sample once, in a random order,
 * with a little compute a sample */
static void loader(const char *dir, int n, int kib, int epochs, double per)
{
	char path[512], *buf = malloc((size_t)kib << 10);
	int *perm = malloc(n * sizeof *perm);
	srand(18);
	for (int e = 0; e < epochs; e++) {
		for (int i = 0; i < n; i++) perm[i] = i;
		for (int i = n - 1; i > 0; i--) { int j = rand() % (i + 1), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
		for (int i = 0; i < n; i++) {
			snprintf(path, sizeof path, "%s/s%05d.bin", dir, perm[i]);
			int fd = open(path, O_RDONLY);
			if (read(fd, buf, (size_t)kib << 10) < 0) perror("read");
			close(fd);
			spin(per);
		}
	}
	free(buf); free(perm);
}

static void genparts(const char *dir, int n, int kib)
{
	char path[512], *buf = malloc((size_t)kib << 10);
	memset(buf, 'x', (size_t)kib << 10);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/part.%04d", dir, i);
		int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (write(fd, buf, (size_t)kib << 10) < 0) perror("write");
		close(fd);
	}
	free(buf);
}

/* post-processing: concatenate n per-rank files into one, 1 MiB reads */
static void concat(const char *dir, int n, const char *out)
{
	char path[512], *buf = malloc(1 << 20);
	int o = open(out, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/part.%04d", dir, i);
		int fd = open(path, O_RDONLY);
		ssize_t r;
		while ((r = read(fd, buf, 1 << 20)) > 0)
			if (write(o, buf, r) < 0) perror("write");
		close(fd);
	}
	close(o);
	free(buf);
}

/* a job polling its 10 inputs with stat+access between compute steps;
 * `once` stats them once and keeps the result */
static void statpoll(const char *dir, long iters, double per, int once)
{
	char path[10][512];
	struct stat st;
	for (int i = 0; i < 10; i++) snprintf(path[i], sizeof path[i], "%s/in%d.cfg", dir, i);
	for (long k = 0; k < iters; k++) {
		if (!once || k == 0)
			for (int i = 0; i < 10; i++) {
				if (stat(path[i], &st) || access(path[i], R_OK)) perror("stat");
			}
		spin(per);
	}
}

/* the same poll by open+close of each input (what Darshan can see) */
static void openpoll(const char *dir, long iters, double per, int once)
{
	char path[10][512];
	for (int i = 0; i < 10; i++) snprintf(path[i], sizeof path[i], "%s/in%d.cfg", dir, i);
	for (long k = 0; k < iters; k++) {
		if (!once || k == 0)
			for (int i = 0; i < 10; i++) {
				int fd = open(path[i], O_RDONLY);
				if (fd < 0) perror("open"); else close(fd);
			}
		spin(per);
	}
}

static void dontneed(const char *in)
{
	int fd = open(in, O_RDONLY);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
}

int main(int argc, char **argv)
{
	double t0 = now();
	const char *m = argv[1];
	if (!strcmp(m, "genfq")) genfq(argv[2], atol(argv[3]));
	else if (!strcmp(m, "fqfilter")) fqfilter(argv[2], argv[3], atol(argv[4]));
	else if (!strcmp(m, "gensamples")) gensamples(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "loader")) loader(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atof(argv[6]));
	else if (!strcmp(m, "genparts")) genparts(argv[2], atoi(argv[3]), atoi(argv[4]));
	else if (!strcmp(m, "concat")) concat(argv[2], atoi(argv[3]), argv[4]);
	else if (!strcmp(m, "statpoll")) statpoll(argv[2], atol(argv[3]), atof(argv[4]), !strcmp(argv[5], "once"));
	else if (!strcmp(m, "openpoll")) openpoll(argv[2], atol(argv[3]), atof(argv[4]), !strcmp(argv[5], "once"));
	else if (!strcmp(m, "dontneed")) dontneed(argv[2]);
	printf("%s %.3f\n", m, now() - t0);
	return 0;
}
