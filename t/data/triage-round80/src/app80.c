/* Round 80: a task farm whose results go to a SQLite store (db) or a shared O_APPEND CSV log (csv).
 * app80 db NTASKS WORK BATCH JOURNAL SYNC PATH   (JOURNAL wal|delete, SYNC full|normal, BATCH rows a txn)
 * app80 csv NTASKS WORK PATH */
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double task(int id, long work, double *out)
{
	double x = id * 0.001 + 1.0, s = 0;
	for (long i = 0; i < work; i++) {
		x = x * 1.0000001 + sin(x) * 1e-3;
		s += sqrt(fabs(x)) * 1e-6;
	}
	for (int k = 0; k < 4; k++)
		out[k] = s * (k + 1) + x;
	return s;
}

static void ex(sqlite3 *db, const char *q)
{
	char *e = NULL;
	if (sqlite3_exec(db, q, 0, 0, &e) != SQLITE_OK) {
		fprintf(stderr, "sqlite: %s: %s\n", q, e);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
}

int main(int argc, char **argv)
{
	int rank, np;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	int db = !strcmp(argv[1], "db");
	int ntasks = atoi(argv[2]);
	long work = atol(argv[3]);
	int batch = db ? atoi(argv[4]) : 0;
	const char *path = db ? argv[7] : argv[4];
	sqlite3 *h = NULL;
	sqlite3_stmt *st = NULL;
	int fd = -1;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (db && rank == 0) {
		char q[128];
		if (sqlite3_open(path, &h) != SQLITE_OK) MPI_Abort(MPI_COMM_WORLD, 1);
		snprintf(q, sizeof q, "PRAGMA journal_mode=%s", argv[5]); ex(h, q);
		snprintf(q, sizeof q, "PRAGMA synchronous=%s", argv[6]); ex(h, q);
		ex(h, "CREATE TABLE IF NOT EXISTS res(id INTEGER PRIMARY KEY, rank INT, a REAL, b REAL, c REAL, d REAL, s REAL, note TEXT)");
		sqlite3_prepare_v2(h, "INSERT OR REPLACE INTO res VALUES(?,?,?,?,?,?,?,?)", -1, &st, 0);
	}
	if (!db) fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
	double *all = malloc(sizeof(double) * 6 * np);
	int pending = 0;
	for (int base = 0; base < ntasks; base += np) {
		double r[6];
		int id = base + rank;
		r[0] = id;
		r[5] = task(id, work, r + 1);
		if (!db) {
			char line[256];
			int n = snprintf(line, sizeof line, "%d,%d,%.9e,%.9e,%.9e,%.9e,%.9e,done\n", id, rank, r[1], r[2], r[3], r[4], r[5]);
			if (write(fd, line, n) != n) MPI_Abort(MPI_COMM_WORLD, 2);
			continue;
		}
		MPI_Gather(r, 6, MPI_DOUBLE, all, 6, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (rank) continue;
		for (int p = 0; p < np; p++) {
			double *q = all + 6 * p;
			if (pending == 0) ex(h, "BEGIN");
			sqlite3_bind_int(st, 1, (int)q[0]); sqlite3_bind_int(st, 2, p);
			for (int k = 0; k < 5; k++) sqlite3_bind_double(st, 3 + k, q[1 + k]);
			sqlite3_bind_text(st, 8, "task finished ok; inputs deck-default; host node-local", -1, SQLITE_STATIC);
			if (sqlite3_step(st) != SQLITE_DONE) MPI_Abort(MPI_COMM_WORLD, 3);
			sqlite3_reset(st);
			if (++pending >= batch) { ex(h, "COMMIT"); pending = 0; }
		}
	}
	if (h) { if (pending) ex(h, "COMMIT"); sqlite3_finalize(st); sqlite3_close(h); }
	if (fd >= 0) close(fd);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("app80 %s np %d tasks %d: %.3f s\n", argv[1], np, ntasks, MPI_Wtime() - t0);
	free(all);
	MPI_Finalize();
	return 0;
}
