/* abm102: a toy agent-based epidemic (SIR on a ring of contacts), C/MPI, for round 102 (labels102).
 * usage: abm102 DIR DAYS CKEVERY POP CK EV
 *   POP: part (each rank reads its slice of DIR/pop.bin with MPI-IO) | all (every rank read(2)s the whole file)
 *   CK:  files (collective MPI-IO checkpoint to a new DIR/ckpt-dNNN.bin every CKEVERY days)
 *        over  (collective MPI-IO checkpoint overwriting DIR/ckpt.bin every CKEVERY days)
 *   EV:  stdio (per-rank event log DIR/events-RANK.log through fprintf) | raw (one write(2) per event line)
 * abm102 gen DIR NAGENTS writes the synthetic population (not run under Darshan).
 * Rank 0 appends one summary line a day to DIR/daily.csv through stdio. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>

typedef struct { int id, age, state, days; double x, y; } agent;  /* 32 bytes */

static unsigned long long rng = 88172645463325252ULL;
static double urand(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (rng >> 11) * (1.0 / 9007199254740992.0); }

static int gen(const char *dir, long n) {
	char p[512]; snprintf(p, sizeof p, "%s/pop.bin", dir);
	FILE *f = fopen(p, "wb"); if (!f) return 1;
	for (long i = 0; i < n; i++) { agent a = { (int)i, (int)(urand() * 90), i % 997 == 0, 0, urand(), urand() }; fwrite(&a, sizeof a, 1, f); }
	return fclose(f) != 0;
}

static long popsize(const char *p) { int fd = open(p, O_RDONLY); long s = lseek(fd, 0, SEEK_END); close(fd); return s / (long)sizeof(agent); }

static agent *readpop(const char *dir, const char *mode, int rank, int np, long *nloc, long *off) {
	char p[512]; snprintf(p, sizeof p, "%s/pop.bin", dir);
	long n = popsize(p), per = n / np; *off = per * rank; *nloc = per;
	agent *a = malloc(per * sizeof(agent));
	if (!strcmp(mode, "all")) {	/* every rank reads the whole file, keeps its slice */
		agent *all = malloc(n * sizeof(agent)); int fd = open(p, O_RDONLY); char *b = (char *)all; size_t left = n * sizeof(agent);
		while (left) { ssize_t r = read(fd, b, left > (1 << 20) ? (1 << 20) : left); if (r <= 0) break; b += r; left -= r; }
		close(fd); memcpy(a, all + *off, per * sizeof(agent)); free(all);
	} else {
		MPI_File fh; MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		MPI_File_read_at(fh, *off * (MPI_Offset)sizeof(agent), a, (int)(per * sizeof(agent)), MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
	}
	return a;
}

static void ckpt(const char *dir, const char *mode, int day, agent *a, long nloc, long off) {
	char p[512]; MPI_File fh;
	if (!strcmp(mode, "over")) snprintf(p, sizeof p, "%s/ckpt.bin", dir); else snprintf(p, sizeof p, "%s/ckpt-d%03d.bin", dir, day);
	MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	MPI_File_write_at_all(fh, off * (MPI_Offset)sizeof(agent), a, (int)(nloc * sizeof(agent)), MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
}

int main(int argc, char **argv) {
	if (argc == 4 && !strcmp(argv[1], "gen")) return gen(argv[2], atol(argv[3]));
	if (argc != 7) { fprintf(stderr, "usage: abm102 DIR DAYS CKEVERY part|all files|over stdio|raw\n"); return 2; }
	MPI_Init(&argc, &argv); int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *dir = argv[1]; int days = atoi(argv[2]), every = atoi(argv[3]); long nloc, off;
	rng += rank * 7919;
	agent *a = readpop(dir, argv[4], rank, np, &nloc, &off);
	char p[512]; snprintf(p, sizeof p, "%s/events-%d.log", dir, rank);
	int raw = !strcmp(argv[6], "raw"); FILE *ev = raw ? NULL : fopen(p, "w"); int evfd = raw ? open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
	FILE *csv = NULL; if (rank == 0) { snprintf(p, sizeof p, "%s/daily.csv", dir); csv = fopen(p, "w"); fprintf(csv, "day,S,I,R,new\n"); }
	double force = 0;
	for (int d = 1; d <= days; d++) {
		long cnt[4] = {0, 0, 0, 0}, tot[4]; int nev = 0;
		for (int sweep = 0; sweep < 6; sweep++)	/* contact sweeps: the compute */
			for (long i = 0; i < nloc; i++) { agent *g = &a[i]; force += sin(g->x * 6.28 + d) * cos(g->y * 6.28 - sweep) * 1e-9; }
		for (long i = 0; i < nloc; i++) {
			agent *g = &a[i], *nb = &a[(i + 1) % nloc];
			if (g->state == 0 && nb->state == 1 && urand() < 0.3 && nev < 25) {
				g->state = 1; g->days = 0; cnt[3]++; nev++;
				char line[128]; int len = snprintf(line, sizeof line, "%d,%d,%d,S,I,%.4f,%.4f\n", d, g->id, nb->id, g->x, g->y);
				if (raw) { if (write(evfd, line, len) != len) return 1; } else fputs(line, ev);
			} else if (g->state == 1 && ++g->days > 7) g->state = 2;
			cnt[g->state]++;
		}
		MPI_Reduce(cnt, tot, 4, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) fprintf(csv, "%d,%ld,%ld,%ld,%ld\n", d, tot[0], tot[1], tot[2], tot[3]);
		if (d % every == 0) ckpt(dir, argv[5], d, a, nloc, off);
	}
	if (raw) close(evfd); else fclose(ev);
	if (rank == 0) { fclose(csv); printf("force %.6f\n", force); }
	free(a); MPI_Finalize(); return 0;
}
