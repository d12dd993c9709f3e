/* Round 179 (labels179): agent-based transport simulation (MATSim-like) I/O kernels.
 * modes:
 *   gen FILE MiB                          make an input file (network or population), outside Darshan
 *   qsim DIR NET POP ITERS AGENTS         fine: read network whole on every rank, population slice collectively,
 *                                         per-iteration zlib-compressed per-rank event files (one write each),
 *                                         rank-0 scorestats line appended each iteration, plans dumped collectively
 *                                         at the first and last iteration
 *   evflush DIR ITERS EVENTS line|buf     text event writer per rank per iteration; line: fflush after every event
 *                                         (MATSim's unbuffered writer); buf: 1 MiB stdio buffer, no per-event flush
 *   plans DIR ITERS AGENTS root|coll      per-iteration plan dump (128-B plan records of AGENTS agents); root: gathered
 *                                         to rank 0, which fwrites them record by record to one file (default stdio
 *                                         buffer); coll: every rank writes its slice with MPI_File_write_at_all
 *   ckpt DIR ITERS AGENTS rec|bulk        per-rank agent checkpoint each iteration (256-B records); rec: pwrite+fsync
 *                                         per agent; bulk: one pwrite of all records + one fsync
 * COMPUTE (env, default 20) scales the per-iteration mobsim compute. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <zlib.h>

static int rank, nprocs;
static double sink;

static void mobsim(int agents, int scale)
{ /* queue-simulation stand-in: per agent some link travel-time arithmetic */
	double s = 0;
	for (long i = 0; i < (long)agents * scale * 2000; i++) s += sqrt((double)(i % 977) + 1.5) * 1e-9;
	sink += s;
	MPI_Barrier(MPI_COMM_WORLD);
}

static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "gen")) {
		FILE *f = fopen(argv[2], "w"); long n = atol(argv[3]) << 20; char b[65536];
		for (long i = 0; i < n; i += sizeof b) { for (int j = 0; j < (int)sizeof b; j++) b[j] = (char)(i / 7 + j * 31); fwrite(b, 1, sizeof b, f); }
		fclose(f); return 0;
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	int scale = getenv("COMPUTE") ? atoi(getenv("COMPUTE")) : 20;
	char path[512];
	if (!strcmp(argv[1], "qsim")) {
		const char *dir = argv[2], *net = argv[3], *pop = argv[4]; int iters = atoi(argv[5]), agents = atoi(argv[6]);
		int mine = agents / nprocs; const int rec = 128;
		/* network: every rank needs all of it (routing), read once in 2 MiB preads */
		int fd = open(net, O_RDONLY); if (fd < 0) die("net");
		struct stat st; fstat(fd, &st); char *nb = malloc(st.st_size);
		for (off_t o = 0; o < st.st_size; o += 2 << 20) { ssize_t r = pread(fd, nb + o, (st.st_size - o) < (2 << 20) ? st.st_size - o : (2 << 20), o); if (r <= 0) die("pread"); }
		close(fd);
		for (off_t o = 0; o < st.st_size; o += 4096) sink += nb[o];
		/* population: this rank's slice of plan records, collectively */
		char *plans = malloc((size_t)mine * rec); MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, pop, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("pop");
		MPI_File_read_at_all(fh, (MPI_Offset)rank * mine * rec, plans, mine * rec, MPI_BYTE, MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		size_t evcap = (size_t)mine * 12 * 96; char *ev = malloc(evcap); uLongf zcap = compressBound(evcap); Bytef *z = malloc(zcap);
		for (int it = 0; it < iters; it++) {
			mobsim(mine, scale);
			/* events of this iteration: ~10 per agent, text lines as MATSim's events.xml */
			size_t n = 0;
			for (int a = 0; a < mine; a++) for (int e = 0; e < 10; e++)
				n += snprintf(ev + n, evcap - n, "<event time=\"%d\" type=\"%s\" person=\"%d\" link=\"%d\"/>\n",
					21600 + it * 7 + a * 3 + e * 60, e & 1 ? "entered link" : "left link", rank * mine + a, (a * 131 + e * 17) % 50000);
			uLongf zl = zcap; if (compress2(z, &zl, (Bytef *)ev, n, 1) != Z_OK) die("zlib");
			snprintf(path, sizeof path, "%s/it%d.r%d.events.gz", dir, it, rank);
			fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(path);
			if (write(fd, z, zl) != (ssize_t)zl) die("write");
			close(fd);
			double score = 0; for (int a = 0; a < mine; a++) score += plans[(size_t)a * rec] * 1e-3;
			double tot; MPI_Reduce(&score, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
			if (rank == 0) {
				snprintf(path, sizeof path, "%s/scorestats.txt", dir);
				FILE *f = fopen(path, "a"); fprintf(f, "%d\t%.4f\t%.4f\t%.4f\t%.4f\n", it, tot, tot * 0.9, tot * 1.1, tot / agents); fclose(f);
			}
			if (it == 0 || it == iters - 1) {
				for (int a = 0; a < mine; a++) plans[(size_t)a * rec + 1] = (char)it;
				snprintf(path, sizeof path, "%s/it%d.plans.bin", dir, it);
				if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh)) die("plans");
				MPI_File_write_at_all(fh, (MPI_Offset)rank * mine * rec, plans, mine * rec, MPI_BYTE, MPI_STATUS_IGNORE);
				MPI_File_close(&fh);
			}
		}
		if (rank == 0) printf("qsim: %d iterations, %d agents, network %ld B, sink %.4g\n", iters, agents, (long)st.st_size, sink);
	} else if (!strcmp(argv[1], "evflush")) {
		const char *dir = argv[2]; int iters = atoi(argv[3]), events = atoi(argv[4]); int line = !strcmp(argv[5], "line");
		char *buf = malloc(1 << 20);
		for (int it = 0; it < iters; it++) {
			mobsim(events / 10, scale);
			snprintf(path, sizeof path, "%s/it%d.r%d.events.txt", dir, it, rank);
			FILE *f = fopen(path, "w"); if (!f) die(path);
			if (!line) setvbuf(f, buf, _IOFBF, 1 << 20);
			for (int e = 0; e < events; e++) {
				fprintf(f, "<event time=\"%d\" type=\"%s\" person=\"%d\" link=\"%d\"/>\n",
					21600 + it * 7 + e * 3, e & 1 ? "entered link" : "left link", rank * events + e / 10, (e * 131) % 50000);
				if (line) fflush(f);
			}
			fclose(f);
		}
		if (rank == 0) printf("evflush(%s): %d iterations x %d events a rank, sink %.4g\n", argv[5], iters, events, sink);
	} else if (!strcmp(argv[1], "plans")) {
		const char *dir = argv[2]; int iters = atoi(argv[3]), agents = atoi(argv[4]); int root = !strcmp(argv[5], "root");
		int mine = agents / nprocs; const int rec = 128; char *pl = malloc((size_t)mine * rec), *all = NULL;
		if (root && rank == 0) all = malloc((size_t)agents * rec);
		for (int it = 0; it < iters; it++) {
			mobsim(mine, scale);
			for (size_t i = 0; i < (size_t)mine * rec; i++) pl[i] = (char)(i * 5 + it + rank);
			snprintf(path, sizeof path, "%s/it%d.plans.bin", dir, it);
			if (root) {
				MPI_Gather(pl, mine * rec, MPI_BYTE, all, mine * rec, MPI_BYTE, 0, MPI_COMM_WORLD);
				if (rank == 0) {
					FILE *f = fopen(path, "w"); if (!f) die(path);
					for (int a = 0; a < agents; a++) fwrite(all + (size_t)a * rec, 1, rec, f);
					fclose(f);
				}
			} else {
				MPI_File fh;
				if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh)) die("plans");
				MPI_File_write_at_all(fh, (MPI_Offset)rank * mine * rec, pl, mine * rec, MPI_BYTE, MPI_STATUS_IGNORE);
				MPI_File_close(&fh);
			}
		}
		if (rank == 0) printf("plans(%s): %d iterations, %d agents, sink %.4g\n", argv[5], iters, agents, sink);
	} else if (!strcmp(argv[1], "ckpt")) {
		const char *dir = argv[2]; int iters = atoi(argv[3]), agents = atoi(argv[4]); int per = !strcmp(argv[5], "rec");
		const int rec = 256; char *st = malloc((size_t)agents * rec);
		for (int it = 0; it < iters; it++) {
			mobsim(agents, scale);
			for (size_t i = 0; i < (size_t)agents * rec; i++) st[i] = (char)(i * 7 + it + rank);
			snprintf(path, sizeof path, "%s/agents.r%d.ckpt", dir, rank);
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(path);
			if (per) {
				for (int a = 0; a < agents; a++) {
					if (pwrite(fd, st + (size_t)a * rec, rec, (off_t)a * rec) != rec) die("pwrite");
					fsync(fd);
				}
			} else {
				if (pwrite(fd, st, (size_t)agents * rec, 0) != (ssize_t)agents * rec) die("pwrite");
				fsync(fd);
			}
			close(fd);
		}
		if (rank == 0) printf("ckpt(%s): %d iterations x %d agents a rank, sink %.4g\n", argv[5], iters, agents, sink);
	}
	MPI_Finalize();
	return 0;
}
