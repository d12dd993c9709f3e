/* Round 188 (labels188): deep-learning training input pipelines and checkpointing.
 * One program, several modes (mpirun -np N ./app188 MODE ...):
 *   gen FILE MIB                 make a packed shard file (outside Darshan; serial, no MPI needed)
 *   gensamples DIR N BYTES       make N sample files (outside Darshan)
 *   shardread FILE EPOCHS CHUNK LOGDIR   each epoch: every rank reads its share of CHUNK-byte chunks of the packed
 *                                shard in a shuffled chunk order (one pread a chunk), shuffles the samples in memory,
 *                                trains on them; rank 0 appends one metric line a step (fprintf) to LOGDIR/train.log
 *   samplefiles DIR N EPOCHS LOGDIR      each epoch: a shuffled global order of N sample files, rank r takes every
 *                                nprocs-th; open, read whole, close each sample; rank 0's metric log as above
 *   smallreads FILE EPOCHS REC LOGDIR    map-style dataset: each sample REC bytes read by its own pread at a shuffled
 *                                offset; rank 0's metric log as above
 *   ckptshard DIR STEPS EVERY MIB LOGDIR training steps; every EVERY steps each rank writes its own checkpoint shard
 *                                (MIB MiB in 1 MiB writes, one fsync, close) into DIR/ckpt-K/, rank 0 also a small
 *                                metadata file; rank 0's metric log as above
 * The dataset is taken to be larger than the node's page cache: readers drop what they read with
 * posix_fadvise(POSIX_FADV_DONTNEED) (per sample file, or per epoch for a shard), so each epoch reads the device.
 * COMPUTE (env, default 30) sets the work per training step (a step = one batch of BATCH samples, default 32).
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <math.h>

static int rank, np;
static double sink;
static int compute_units = 30;

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); exit(1); }

static unsigned long long rng = 88172645463325252ULL;
static unsigned long long xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static void shuffle(long *a, long n) { for (long i = n - 1; i > 0; i--) { long j = xr() % (i + 1); long t = a[i]; a[i] = a[j]; a[j] = t; } }

/* one training step on a batch: forward/backward stand-in */
static void train_step(const unsigned char *batch, size_t bytes) {
	double s = 0;
	for (int u = 0; u < compute_units; u++)
		for (size_t i = 0; i < bytes; i += 64) s += sin((double)batch[i] * 0.01 + u);
	sink += s * 1e-9;
}

static FILE *logf_;
static void log_open(const char *dir) {
	if (rank) return;
	char p[4096]; snprintf(p, sizeof p, "%s/train.log", dir);
	logf_ = fopen(p, "w"); if (!logf_) die("log");
}
static void log_step(int epoch, long step, double loss) {
	if (rank) return;
	fprintf(logf_, "epoch %d step %ld loss %.6f lr %.6f samples/s %.1f\n", epoch, step, loss, 1e-3 * (1 + epoch), 1234.5 + step);
}
static void log_close(void) { if (!rank) fclose(logf_); }

static void gen(const char *f, long mib) {
	int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(f);
	unsigned char *b = malloc(1 << 20);
	for (long m = 0; m < mib; m++) { for (int i = 0; i < (1 << 20); i += 8) *(unsigned long long *)(b + i) = xr(); if (write(fd, b, 1 << 20) != (1 << 20)) die("write"); }
	close(fd);
}
static void gensamples(const char *d, long n, long bytes) {
	mkdir(d, 0755);
	unsigned char *b = malloc(bytes);
	for (long k = 0; k < n; k++) {
		char p[4096]; snprintf(p, sizeof p, "%s/s%06ld.jpg", d, k);
		for (long i = 0; i + 8 <= bytes; i += 8) *(unsigned long long *)(b + i) = xr();
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
		if (write(fd, b, bytes) != bytes) die("write");
		close(fd);
	}
}

#define BATCH 32

static void shardread(const char *f, int epochs, long chunk, const char *ld) {
	int fd = open(f, O_RDONLY); if (fd < 0) die(f);
	off_t sz = lseek(fd, 0, SEEK_END);
	long nch = sz / chunk, rec = 16384, spc = chunk / rec;
	long *ord = malloc(nch * sizeof(long));
	unsigned char *buf = malloc(chunk), *batch = malloc(BATCH * rec);
	long *sidx = malloc(spc * sizeof(long));
	log_open(ld);
	long step = 0;
	for (int e = 0; e < epochs; e++) {
		rng = 1000 + e; for (long i = 0; i < nch; i++) ord[i] = i; shuffle(ord, nch);
		rng = 7 + rank * 31 + e;
		int nb = 0;
		for (long i = rank; i < nch; i += np) {
			if (pread(fd, buf, chunk, ord[i] * chunk) != chunk) die("pread");
			for (long s = 0; s < spc; s++) sidx[s] = s;
			shuffle(sidx, spc); /* shuffle buffer: samples of the chunk in random order */
			for (long s = 0; s < spc; s++) {
				memcpy(batch + nb * rec, buf + sidx[s] * rec, rec);
				if (++nb == BATCH) { train_step(batch, BATCH * rec); nb = 0; step++; log_step(e, step, 1.0 / step); }
			}
		}
		MPI_Barrier(MPI_COMM_WORLD);
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	}
	close(fd); log_close();
}

static void samplefiles(const char *d, long n, int epochs, const char *ld) {
	long *ord = malloc(n * sizeof(long)), rec = 0;
	unsigned char *batch = NULL; int nb = 0; long step = 0;
	log_open(ld);
	for (int e = 0; e < epochs; e++) {
		rng = 1000 + e; for (long i = 0; i < n; i++) ord[i] = i; shuffle(ord, n);
		for (long i = rank; i < n; i += np) {
			char p[4096]; snprintf(p, sizeof p, "%s/s%06ld.jpg", d, ord[i]);
			int fd = open(p, O_RDONLY); if (fd < 0) die(p);
			struct stat st; fstat(fd, &st);
			if (!batch) { rec = st.st_size; batch = malloc(BATCH * rec); }
			if (read(fd, batch + nb * rec, rec) != rec) die("read");
			posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
			close(fd);
			if (++nb == BATCH) { train_step(batch, BATCH * rec); nb = 0; step++; log_step(e, step, 1.0 / step); }
		}
		MPI_Barrier(MPI_COMM_WORLD);
	}
	log_close();
}

static void smallreads(const char *f, int epochs, long rec, const char *ld) {
	int fd = open(f, O_RDONLY); if (fd < 0) die(f);
	off_t sz = lseek(fd, 0, SEEK_END);
	long n = sz / rec, step = 0; int nb = 0;
	long *ord = malloc(n * sizeof(long));
	unsigned char *batch = malloc(BATCH * rec);
	posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
	log_open(ld);
	for (int e = 0; e < epochs; e++) {
		rng = 1000 + e; for (long i = 0; i < n; i++) ord[i] = i; shuffle(ord, n);
		for (long i = rank; i < n; i += np) {
			if (pread(fd, batch + nb * rec, rec, ord[i] * rec) != rec) die("pread");
			if (++nb == BATCH) { train_step(batch, BATCH * rec); nb = 0; step++; log_step(e, step, 1.0 / step); }
		}
		MPI_Barrier(MPI_COMM_WORLD);
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	}
	close(fd); log_close();
}

static void ckptshard(const char *d, int steps, int every, long mib, const char *ld) {
	long bytes = mib << 20;
	unsigned char *w = malloc(bytes), *batch = malloc(BATCH * 16384);
	for (long i = 0; i < bytes; i += 8) *(unsigned long long *)(w + i) = xr() + rank;
	memset(batch, rank + 1, BATCH * 16384);
	log_open(ld);
	int k = 0;
	for (int s = 1; s <= steps; s++) {
		train_step(batch, BATCH * 16384);
		for (long i = 0; i < bytes; i += 4096) w[i] += 1; /* optimizer update */
		log_step(0, s, 1.0 / s);
		if (s % every == 0) {
			char p[4096]; snprintf(p, sizeof p, "%s/ckpt-%d", d, k);
			if (!rank) mkdir(p, 0755);
			MPI_Barrier(MPI_COMM_WORLD);
			snprintf(p, sizeof p, "%s/ckpt-%d/shard-%03d-of-%03d.bin", d, k, rank, np);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
			for (long o = 0; o < bytes; o += 1 << 20) if (write(fd, w + o, 1 << 20) != (1 << 20)) die("write");
			fsync(fd); close(fd);
			MPI_Barrier(MPI_COMM_WORLD);
			if (!rank) {
				snprintf(p, sizeof p, "%s/ckpt-%d/metadata.json", d, k);
				FILE *m = fopen(p, "w"); if (!m) die(p);
				fprintf(m, "{\"step\": %d, \"world_size\": %d, \"shards\": [", s, np);
				for (int r = 0; r < np; r++) fprintf(m, "%s{\"file\": \"shard-%03d-of-%03d.bin\", \"bytes\": %ld}", r ? ", " : "", r, np, bytes);
				fprintf(m, "]}\n"); fflush(m); fsync(fileno(m)); fclose(m);
			}
			k++;
		}
	}
	log_close();
}

int main(int argc, char **argv) {
	if (argc < 2) { fprintf(stderr, "usage\n"); return 1; }
	if (!strcmp(argv[1], "gen")) { gen(argv[2], atol(argv[3])); return 0; }
	if (!strcmp(argv[1], "gensamples")) { gensamples(argv[2], atol(argv[3]), atol(argv[4])); return 0; }
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) compute_units = atoi(getenv("COMPUTE"));
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "shardread")) shardread(argv[2], atoi(argv[3]), atol(argv[4]), argv[5]);
	else if (!strcmp(argv[1], "samplefiles")) samplefiles(argv[2], atol(argv[3]), atoi(argv[4]), argv[5]);
	else if (!strcmp(argv[1], "smallreads")) smallreads(argv[2], atoi(argv[3]), atol(argv[4]), argv[5]);
	else if (!strcmp(argv[1], "ckptshard")) ckptshard(argv[2], atoi(argv[3]), atoi(argv[4]), atol(argv[5]), argv[6]);
	else { fprintf(stderr, "mode?\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
	double t = MPI_Wtime() - t0, tm;
	MPI_Reduce(&t, &tm, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	double s; MPI_Reduce(&sink, &s, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s: %.2f s, sink %.4g\n", argv[1], tm, s);
	MPI_Finalize();
	return 0;
}
