/* dl41.c: a DLIO-like training loop for round 41 (issue 34), written by labels41.
 * Every rank reads its share of a dataset of NSAMP samples of SSZ bytes, shuffled per epoch, for EP
 * epochs; every BATCH samples is a training step: COMPUTE microseconds of floating point on the
 * samples, then an MPI_Allreduce of a 256 KiB "gradient". Options (key=value):
 *   mode=files   one file a sample: DATA/s/NNN/NNNNNN.bin; meta=1 looks each up first (open, fstat,
 *                close, as a loader checking a sample before it reads it)
 *   mode=packed  the same samples packed in K record files DATA/recK/NN.rec, read sequentially in
 *                chunk=BYTES requests (a TFRecord/HDF5-like stream); rank r reads file r % K
 *   mode=mmap    one .npy-like file DATA/all.npy (128 B header read with read(), then mmap)
 *   cold=1       posix_fadvise(DONTNEED) on every file after it is read: a dataset larger than the
 *                node's memory, so every epoch reads from the device
 *   label=root|all  rank 0 (or every rank) fgets the label index LABELF and rank 0 MPI_Bcast's it
 *   ck=rank0|shard  every CKEVERY steps a checkpoint of a sharded model (CKMB MiB a rank): rank0
 *                MPI_Gathers the shards and writes one file in 1 MiB writes; shard: each rank its own
 *                file, in wsz-byte write(2) calls (default 1 MiB); fsync=none, end (one a file) or
 *                each (after every write)
 *   log=PATH     rank 0 fprintf's one line a step to PATH (fopen "a" once); logflush=N fflush's every
 *                N steps (0: never)
 * Prints the slowest rank's wall time from a barrier to a barrier. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *mode = "files", *data = ".", *labelf = "", *label = "none", *ck = "none",
		  *ckdir = ".", *fsy = "end", *logp = "";
static long nsamp = 3000, ssz = 32768, ep = 2, batch = 16, cus = 2000, chunk = 1048576, meta = 0,
	    cold = 0, K = 4, ckmb = 8, ckevery = 50, logflush = 1, wsz = 1048576;
static int rank, np;
static double sink;
static float grad[65536], gsum[65536];

static void opt(const char *a)
{
	const char *v = strchr(a, '=');
	if (!v)
		return;
	size_t k = (size_t)(v++ - a);
#define S(n, var) if (k == strlen(n) && !strncmp(a, n, k)) var = v
#define L(n, var) if (k == strlen(n) && !strncmp(a, n, k)) var = atol(v)
	S("mode", mode); S("data", data); S("labelf", labelf); S("label", label); S("ck", ck);
	S("ckdir", ckdir); S("fsync", fsy); S("log", logp);
	L("n", nsamp); L("ssz", ssz); L("ep", ep); L("batch", batch); L("us", cus); L("chunk", chunk);
	L("meta", meta); L("cold", cold); L("k", K); L("ckmb", ckmb); L("ckevery", ckevery);
	L("logflush", logflush); L("wsz", wsz);
}

static void die(const char *what, const char *p)
{
	fprintf(stderr, "rank %d: %s %s\n", rank, what, p);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

/* busy floating point for us microseconds of CPU (the "model"), touching the sample */
static void compute(const unsigned char *buf, long n)
{
	double t0 = MPI_Wtime(), x = 0;
	long i = 0;
	while (MPI_Wtime() - t0 < cus * 1e-6)
		for (int j = 0; j < 1000; j++, i++)
			x += buf[i % n] * 1e-3 + x * 1e-9;
	sink += x;
}

static void step_sync(void)
{
	grad[0] = (float)sink;
	MPI_Allreduce(grad, gsum, 65536, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
}

static void shuffle(long *a, long n, unsigned seed)
{
	srand(seed);
	for (long i = n - 1; i > 0; i--) {
		long j = rand() % (i + 1), t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

static void read_full(int fd, unsigned char *buf, long n, const char *p)
{
	long got = 0;
	while (got < n) {
		ssize_t r = read(fd, buf + got, (size_t)(n - got < chunk ? n - got : chunk));
		if (r <= 0)
			die("read", p);
		got += r;
	}
}

static void read_sample_file(long s, unsigned char *buf)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/s/%03ld/%06ld.bin", data, s / 500, s);
	if (meta) {
		struct stat st;
		int fd = open(p, O_RDONLY);
		if (fd < 0 || fstat(fd, &st) || st.st_size != ssz)
			die("lookup", p);
		close(fd);
	}
	int fd = open(p, O_RDONLY);
	if (fd < 0)
		die("open", p);
	read_full(fd, buf, ssz, p);
	if (cold)
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
}

static FILE *logf;
static long gstep;

static void checkpoint(void);

static void end_step(const unsigned char *buf, long n, long e)
{
	compute(buf, n);
	step_sync();
	gstep++;
	if (logf) {
		fprintf(logf, "epoch %ld step %6ld loss %.6f lr 0.000100 samples/s %.1f\n", e, gstep,
			1.0 / (double)gstep, (double)batch * np / (cus * 1e-6 + 1e-3));
		if (logflush && gstep % logflush == 0)
			fflush(logf);
	}
	if (strcmp(ck, "none") && gstep % ckevery == 0)
		checkpoint();
}

static void epoch_files(long e, unsigned char *buf)
{
	long mine = 0, *ids = malloc(sizeof(long) * (size_t)(nsamp / np + 1));
	for (long s = rank; s < nsamp; s += np)
		ids[mine++] = s;
	shuffle(ids, mine, (unsigned)(41 + 1000 * e + rank));
	for (long i = 0; i < mine; i++) {
		read_sample_file(ids[i], buf);
		if ((i + 1) % batch == 0)
			end_step(buf, ssz, e);
	}
	free(ids);
}

static void epoch_packed(long e, unsigned char *buf)
{
	char p[4096];
	long per = nsamp / K, bytes = per * ssz, n = 0;
	snprintf(p, sizeof p, "%s/rec%ld/%02ld.rec", data, K, rank % K);
	int fd = open(p, O_RDONLY);
	if (fd < 0)
		die("open", p);
	/* a stream: read the record file in chunk-sized requests into a staging buffer, take the samples
	 * out of it, a step every batch samples */
	static unsigned char *cb;
	if (!cb)
		cb = malloc((size_t)(chunk > ssz ? chunk : ssz));
	long have = 0, pos = 0;
	for (long off = 0; off < bytes; off += ssz) {
		for (long got = 0; got < ssz;) {
			if (pos == have) {
				long want = bytes - (off + got) < chunk ? bytes - (off + got) : chunk;
				ssize_t r = read(fd, cb, (size_t)want);
				if (r <= 0)
					die("read", p);
				have = r;
				pos = 0;
			}
			long take = ssz - got < have - pos ? ssz - got : have - pos;
			memcpy(buf + got, cb + pos, (size_t)take);
			got += take;
			pos += take;
		}
		if (++n % batch == 0)
			end_step(buf, ssz, e);
	}
	if (cold)
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
}

static void epoch_mmap(long e, unsigned char *buf)
{
	char p[4096];
	unsigned char hdr[128];
	snprintf(p, sizeof p, "%s/all.npy", data);
	int fd = open(p, O_RDONLY);
	if (fd < 0 || read(fd, hdr, 128) != 128)
		die("open", p);
	size_t len = (size_t)(128 + nsamp * ssz);
	unsigned char *m = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		die("mmap", p);
	long mine = 0, *ids = malloc(sizeof(long) * (size_t)(nsamp / np + 1));
	for (long s = rank; s < nsamp; s += np)
		ids[mine++] = s;
	shuffle(ids, mine, (unsigned)(41 + 1000 * e + rank));
	for (long i = 0; i < mine; i++) {
		memcpy(buf, m + 128 + ids[i] * ssz, (size_t)ssz);
		if ((i + 1) % batch == 0)
			end_step(buf, ssz, e);
	}
	free(ids);
	munmap(m, len);
	close(fd);
}

static void write_all(int fd, const char *b, long n, const char *p)
{
	for (long off = 0; off < n; off += wsz) {
		long w = n - off < wsz ? n - off : wsz;
		if (write(fd, b + off, (size_t)w) != w)
			die("write", p);
		if (!strcmp(fsy, "each"))
			fsync(fd);
	}
	if (!strcmp(fsy, "end"))
		fsync(fd);
}

static char *shard, *whole;

static void checkpoint(void)
{
	char p[4096];
	long sb = ckmb << 20;
	for (long i = 0; i < sb; i += 4096)
		shard[i] = (char)(gstep + rank + i);
	if (!strcmp(ck, "rank0")) {
		MPI_Gather(shard, (int)sb, MPI_CHAR, whole, (int)sb, MPI_CHAR, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			snprintf(p, sizeof p, "%s/model-%06ld.ckpt", ckdir, gstep);
			int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0)
				die("create", p);
			write_all(fd, whole, sb * np, p);
			close(fd);
		}
	} else {
		snprintf(p, sizeof p, "%s/model-%06ld.r%d.ckpt", ckdir, gstep, rank);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			die("create", p);
		write_all(fd, shard, sb, p);
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
}

static void read_labels(void)
{
	static int lab[400000];
	long n = 0;
	if (rank == 0 || !strcmp(label, "all")) {
		char line[512];
		FILE *f = fopen(labelf, "r");
		if (!f)
			die("fopen", labelf);
		while (fgets(line, sizeof line, f) && n < 400000) {
			char *c = strchr(line, ',');
			lab[n++] = c ? atoi(c + 1) : 0;
		}
		fclose(f);
	}
	if (!strcmp(label, "root"))
		MPI_Bcast(lab, 400000, MPI_INT, 0, MPI_COMM_WORLD);
	sink += lab[n / 2];
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	for (int i = 1; i < argc; i++)
		opt(argv[i]);
	unsigned char *buf = malloc((size_t)ssz);
	memset(buf, 1, (size_t)ssz);
	if (strcmp(ck, "none")) {
		shard = malloc((size_t)ckmb << 20);
		if (rank == 0)
			whole = malloc(((size_t)ckmb << 20) * (size_t)np);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (strcmp(label, "none"))
		read_labels();
	if (*logp && rank == 0 && !(logf = fopen(logp, "a")))
		die("fopen", logp);
	for (long e = 0; e < ep; e++) {
		if (!strcmp(mode, "files"))
			epoch_files(e, buf);
		else if (!strcmp(mode, "packed"))
			epoch_packed(e, buf);
		else
			epoch_mmap(e, buf);
	}
	if (logf)
		fclose(logf);
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("%s np %d steps %ld time %.3f\n", mode, np, gstep, tmax);
	MPI_Finalize();
	return sink == 12345.678;
}
