/* Round 52: jobs whose output goes through a library's or their own file format (C/MPI).
 * usage: app52 MODE ARGS...   (every rank runs MODE; rank r uses PREFIX.r where a file a rank)
 *   rec   each|end STEPS KIB ITERS PREFIX : a self-describing record file a rank: 4 KiB header (magic, count,
 *         index offset), then a KIB payload a step (ITERS smoothing passes over it first), then the index (16 B a record) at the end.
 *         each: the header's count and the record's index entry are pwritten in place after every
 *         record (crash-consistent by hand); end: both kept in memory and written once at close.
 *   gz    flush|noflush LINES FILE : rank 0 computes LINES records (an orbit integration) and writes each
 *         as a text line through zlib's gzprintf; flush: gzflush(Z_SYNC_FLUSH) after every line.
 *   sql   CACHE_KIB ROWS BATCH FILE : rank 0 stores ROWS results (step, random key, 3 values) into a
 *         sqlite3 table with an index on the key, BATCH rows a transaction, PRAGMA cache_size=-CACHE_KIB.
 * APP52_WAL=1 in the environment: sql uses PRAGMA journal_mode=WAL and synchronous=NORMAL (the usual advice
 * for a results store) instead of sqlite's default rollback journal.
 * Prints the slowest rank's wall time (barrier to barrier). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static int rank;

static void die(const char *m) { fprintf(stderr, "app52: %s\n", m); MPI_Abort(MPI_COMM_WORLD, 1); }

/* real arithmetic so that a step costs compute time */
static double work(double *a, size_t n, int it)
{
	double s = 0;
	for (int k = 0; k < it; k++)
		for (size_t i = 1; i < n; i++) { a[i] = 0.5 * (a[i] + a[i - 1]) + 1e-7 * (double)i; s += a[i]; }
	return s;
}

static void rec(const char *how, int steps, int kib, int iters, const char *pfx)
{
	char path[512]; snprintf(path, sizeof path, "%s.%d", pfx, rank);
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0) die("open");
	size_t n = (size_t)kib * 1024 / sizeof(double);
	double *a = malloc(n * sizeof *a);
	uint64_t *idx = calloc(2 * (size_t)steps, sizeof *idx);
	for (size_t i = 0; i < n; i++) a[i] = rank + i % 13;
	char hdr[4096] = "REC52\n";
	if (pwrite(fd, hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr) die("write");
	/* records after the header and a reserved in-place index region of 16 B a step */
	off_t idx0 = 4096, off = 4096 + (off_t)16 * steps;
	int each = strcmp(how, "each") == 0;
	for (int s = 0; s < steps; s++) {
		work(a, n, iters);
		if (pwrite(fd, a, n * sizeof *a, off) != (ssize_t)(n * sizeof *a)) die("write");
		idx[2 * s] = off; idx[2 * s + 1] = n * sizeof *a;
		off += n * sizeof *a;
		if (each) {
			uint64_t cnt[2] = {s + 1, off};
			if (pwrite(fd, &idx[2 * s], 16, idx0 + 16 * s) != 16) die("write");
			if (pwrite(fd, cnt, sizeof cnt, 8) != sizeof cnt) die("write");
		}
	}
	if (!each) {
		uint64_t cnt[2] = {steps, off};
		if (pwrite(fd, idx, 16 * (size_t)steps, idx0) != 16 * steps) die("write");
		if (pwrite(fd, cnt, sizeof cnt, 8) != sizeof cnt) die("write");
	}
	close(fd); free(a); free(idx);
}

static void gz(const char *how, long lines, const char *file)
{
	if (rank) return;
	gzFile g = gzopen(file, "wb6");
	if (!g) die("gzopen");
	double x = 1, y = 0, vx = 0, vy = 1, dt = 1e-4;
	int fl = strcmp(how, "flush") == 0;
	for (long i = 0; i < lines; i++) {
		for (int k = 0; k < 400; k++) {
			double r = sqrt(x * x + y * y), r3 = r * r * r;
			vx -= dt * x / r3; vy -= dt * y / r3; x += dt * vx; y += dt * vy;
		}
		gzprintf(g, "%ld %.12e %.12e %.12e %.12e\n", i, x, y, vx, vy);
		if (fl) gzflush(g, Z_SYNC_FLUSH);
	}
	if (gzclose(g) != Z_OK) die("gzclose");
}

static void sql(int cache_kib, long rows, int batch, const char *file)
{
	if (rank) return;
	sqlite3 *db; char q[128];
	unlink(file);
	if (sqlite3_open(file, &db) != SQLITE_OK) die("sqlite3_open");
	snprintf(q, sizeof q, "PRAGMA cache_size=-%d", cache_kib);
	sqlite3_exec(db, q, 0, 0, 0);
	if (getenv("APP52_WAL")) sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL", 0, 0, 0);
	sqlite3_exec(db, "CREATE TABLE r(step INTEGER, key INTEGER, a REAL, b REAL, c REAL);"
			 "CREATE INDEX rk ON r(key);", 0, 0, 0);
	sqlite3_stmt *st;
	sqlite3_prepare_v2(db, "INSERT INTO r VALUES(?,?,?,?,?)", -1, &st, 0);
	unsigned s = 52; double v = 0.1;
	for (long i = 0; i < rows; i++) {
		if (i % batch == 0) sqlite3_exec(db, "BEGIN", 0, 0, 0);
		for (int k = 0; k < 300; k++) v = 3.9 * v * (1 - v);
		s = s * 1103515245u + 12345u;
		sqlite3_bind_int64(st, 1, i); sqlite3_bind_int64(st, 2, s >> 1);
		sqlite3_bind_double(st, 3, v); sqlite3_bind_double(st, 4, v * v); sqlite3_bind_double(st, 5, sqrt(v));
		if (sqlite3_step(st) != SQLITE_DONE) die("insert");
		sqlite3_reset(st);
		if (i % batch == batch - 1 || i == rows - 1) sqlite3_exec(db, "COMMIT", 0, 0, 0);
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc < 2) die("usage: app52 rec|gz|sql ARGS");
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(argv[1], "rec") && argc == 7) rec(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv[6]);
	else if (!strcmp(argv[1], "gz") && argc == 5) gz(argv[2], atol(argv[3]), argv[4]);
	else if (!strcmp(argv[1], "sql") && argc == 6) sql(atoi(argv[2]), atol(argv[3]), atoi(argv[4]), argv[5]);
	else die("bad arguments");
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("app52 %s %s: %.3f s\n", argv[1], argv[2], tmax);
	MPI_Finalize();
	return 0;
}
