/* Round 51: a task farm and an ensemble under one MPI allocation.
 * farm modes (rank 0 is the manager handing out task ids, the others are workers):
 *   ok        each task reads its own input (in/task.NN, 1 MiB reads), computes, writes out/res.T (one write)
 *   shared    each worker reads the shared input (in/shared.bin) once, 1 MiB reads; each task writes out/res.T
 *   reread    each task opens and reads the whole shared input again (1 MiB reads)
 *   log       as ok, and each worker appends a start and an end line a task to one shared log (O_APPEND)
 *   ledger    as ok, and the manager rewrites its status file and fsyncs it after every completed task
 *   ledgerend as ok, the manager writes its status file once at the end (fsync once)
 *   scratch   as ok, but each task writes its result as NV files of R/NV bytes (one a variable) in out/T/
 *   sharedout as ok, but each task writes its result into one shared file at T*R in 4 KiB pwrites
 *   sharedbig as sharedout, one pwrite a task
 * ensemble modes (MPI_Comm_split into members of 2 ranks):
 *   ens       every member steps its own field, every S steps a collective write of its field to its own file
 *   sharedin  every rank reads 1/N of the shared input (MPI_File_read_at_all), MPI_Allgather, members compute,
 *             each member writes its result collectively to its own file
 * usage: farm51 MODE NT K R DIR [NV|S] */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MB (1 << 20)
static char mode[32], dir[512];
static long NT, K, R, NV;

static void die(const char *m) { fprintf(stderr, "farm51: %s: %s\n", m, strerror(errno)); MPI_Abort(MPI_COMM_WORLD, 1); }

static void readall(const char *p, char *buf, size_t n) {
	int fd = open(p, O_RDONLY); if (fd < 0) die(p);
	for (size_t o = 0; o < n;) { ssize_t r = read(fd, buf + o, n - o > MB ? MB : n - o); if (r <= 0) die(p); o += r; }
	close(fd);
}
static void writeall(int fd, const char *buf, size_t n, off_t off, size_t piece) {
	for (size_t o = 0; o < n;) { size_t k = n - o > piece ? piece : n - o;
		if (pwrite(fd, buf + o, k, off + o) != (ssize_t)k) die("pwrite"); o += k; }
}
/* real arithmetic: K passes of a smoothing recurrence over the input words */
static double compute(const char *in, size_t n, double *res, long nres, long k, long t) {
	const unsigned *w = (const unsigned *)in; size_t nw = n / 4; double acc = t;
	for (long i = 0; i < nres; i++) res[i] = (w[i % nw] & 0xffff) * 1e-4;
	for (long p = 0; p < k; p++)
		for (long i = 1; i < nres; i++) { res[i] = 0.5 * res[i] + 0.25 * res[i - 1] + sqrt(res[i] + 1.0) * 1e-3; acc += res[i]; }
	return acc;
}
static void manager(int np) {
	char st[4096 * 4]; long done = 0, next = 0; int *state = calloc(NT, sizeof(int));
	char p[600]; snprintf(p, sizeof p, "%s/manager.status", dir);
	while (done < NT || next < NT) {
		long msg[2]; MPI_Status s;
		MPI_Recv(msg, 2, MPI_LONG, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &s);
		if (msg[0] >= 0) { state[msg[0]] = 1; done++;
			if (!strcmp(mode, "ledger")) { /* rewrite the whole ledger and make it durable */
				int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
				size_t o = 0; for (long t = 0; t < NT; t++) o += snprintf(st + o, sizeof st - o, "task %04ld %s\n", t, state[t] ? "done" : "todo");
				if (write(fd, st, o) != (ssize_t)o) die(p); fsync(fd); close(fd); } }
		long nt = next < NT ? next++ : -1;
		MPI_Send(&nt, 1, MPI_LONG, s.MPI_SOURCE, 2, MPI_COMM_WORLD);
		if (nt < 0) np--; if (np == 1 && done == NT) break;
	}
	if (!strcmp(mode, "ledger") || !strcmp(mode, "ledgerend")) {
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
		size_t o = 0; for (long t = 0; t < NT; t++) o += snprintf(st + o, sizeof st - o, "task %04ld %s\n", t, state[t] ? "done" : "todo");
		if (write(fd, st, o) != (ssize_t)o) die(p); fsync(fd); close(fd); }
	snprintf(p, sizeof p, "%s/summary.txt", dir); FILE *f = fopen(p, "w"); if (!f) die(p);
	for (long t = 0; t < NT; t++) fprintf(f, "task %ld ok\n", t); fclose(f); free(state);
}
static void worker(int rank) {
	size_t inn = 4 * MB, shn = 32 * MB; char *in = malloc(shn), p[600]; double *res = malloc(R);
	int lfd = -1;
	if (!strcmp(mode, "shared")) { snprintf(p, sizeof p, "%s/../in/shared.bin", dir); readall(p, in, shn); }
	if (!strcmp(mode, "log")) { snprintf(p, sizeof p, "%s/farm.log", dir); lfd = open(p, O_WRONLY | O_CREAT | O_APPEND, 0644); if (lfd < 0) die(p); }
	long msg[2] = {-1, 0};
	for (;;) {
		long t; MPI_Send(msg, 2, MPI_LONG, 0, 1, MPI_COMM_WORLD); MPI_Recv(&t, 1, MPI_LONG, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		if (t < 0) break;
		char line[128]; int ln;
		if (lfd >= 0) { ln = snprintf(line, sizeof line, "rank %d task %04ld start\n", rank, t); if (write(lfd, line, ln) != ln) die("log"); }
		size_t n = inn;
		if (!strcmp(mode, "reread")) { snprintf(p, sizeof p, "%s/../in/shared.bin", dir); readall(p, in, shn); n = shn; }
		else if (!strcmp(mode, "shared")) n = shn;
		else { snprintf(p, sizeof p, "%s/../in/task.%02ld", dir, t % 16); readall(p, in, inn); }
		double a = compute(in, n, res, R / 8, K, t);
		if (!strcmp(mode, "scratch")) {
			snprintf(p, sizeof p, "%s/t%04ld", dir, t); mkdir(p, 0755);
			for (long v = 0; v < NV; v++) { char q[700]; snprintf(q, sizeof q, "%s/var%03ld.bin", p, v);
				int fd = open(q, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(q);
				writeall(fd, (char *)res + v * (R / NV), R / NV, 0, R); close(fd); }
		} else if (!strcmp(mode, "sharedout") || !strcmp(mode, "sharedbig")) {
			snprintf(p, sizeof p, "%s/all.res", dir); int fd = open(p, O_WRONLY | O_CREAT, 0644); if (fd < 0) die(p);
			writeall(fd, (char *)res, R, (off_t)t * R, !strcmp(mode, "sharedout") ? 4096 : R); close(fd);
		} else {
			snprintf(p, sizeof p, "%s/res.%04ld", dir, t); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
			writeall(fd, (char *)res, R, 0, R); close(fd); }
		if (lfd >= 0) { ln = snprintf(line, sizeof line, "rank %d task %04ld done %.6e\n", rank, t, a); if (write(lfd, line, ln) != ln) die("log"); }
		msg[0] = t;
	}
	if (lfd >= 0) close(lfd); free(in); free(res);
}
/* ensemble: members of 2 ranks; each member has its own communicator and its own files */
static void ensemble(int rank, int np, long S) {
	MPI_Comm mc; int member = rank / 2, mr; MPI_Comm_split(MPI_COMM_WORLD, member, rank, &mc); MPI_Comm_rank(mc, &mr);
	long n = R / 8; double *f = malloc(R); char *in = malloc(32 * MB), p[600];
	if (!strcmp(mode, "sharedin")) { /* each rank reads its slice of the shared input, then all gather it */
		MPI_File fh; long sl = 32 * MB / np; snprintf(p, sizeof p, "%s/../in/shared.bin", dir);
		if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die(p);
		MPI_File_read_at_all(fh, (MPI_Offset)rank * sl, in + rank * sl, sl, MPI_BYTE, MPI_STATUS_IGNORE); MPI_File_close(&fh);
		MPI_Allgather(MPI_IN_PLACE, sl, MPI_BYTE, in, sl, MPI_BYTE, MPI_COMM_WORLD);
	} else for (size_t i = 0; i < 32 * MB; i++) in[i] = (char)(i * 2654435761u >> 13) + member;
	for (long s = 1; s <= NT; s++) {
		compute(in + mr * MB, 8 * MB, f, n, K, s * 10 + member);
		if (s % S) continue;
		MPI_File fh; snprintf(p, sizeof p, "%s/member%d.%03ld", dir, member, s);
		if (MPI_File_open(mc, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh)) die(p);
		MPI_File_write_at_all(fh, (MPI_Offset)mr * R, f, R, MPI_BYTE, MPI_STATUS_IGNORE); MPI_File_close(&fh);
	}
	free(f); free(in); MPI_Comm_free(&mc);
}
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv); int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: farm51 MODE NT K R DIR [NV|S]\n"); MPI_Finalize(); return 2; }
	snprintf(mode, sizeof mode, "%s", argv[1]); NT = atol(argv[2]); K = atol(argv[3]); R = atol(argv[4]);
	snprintf(dir, sizeof dir, "%s", argv[5]); NV = argc > 6 ? atol(argv[6]) : 1;
	MPI_Barrier(MPI_COMM_WORLD); double t0 = MPI_Wtime();
	if (!strcmp(mode, "ens") || !strcmp(mode, "sharedin")) ensemble(rank, np, NV);
	else if (rank == 0) manager(np); else worker(rank);
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("farm51 %s np %d: %.3f s\n", mode, np, MPI_Wtime() - t0);
	MPI_Finalize(); return 0;
}
