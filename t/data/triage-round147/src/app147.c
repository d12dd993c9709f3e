/* Round 147 (labels147): molecular docking and virtual screening campaigns.
 * app147 MODE args...   (MPI; COMPUTE env = microseconds of scoring work per ligand, default 200)
 *  screen  DIR NLIG        : ligand library (NLIG x 1024-B SDF-like records, made by rank 0 if absent) read by shards,
 *                            each rank reads its contiguous shard with 1 MiB MPI_File_read_at, docks, and writes its
 *                            poses (4 KiB a ligand) to its own file in 1 MiB batches (POSIX write)
 *  summary DIR NLIG        : every rank reads a small receptor.cfg with fgets, scores NLIG/np ligands, MPI_Gather of
 *                            scores to rank 0, which writes hits.csv with one fprintf a ligand (STDIO, buffered)
 *  ckpt    DIR NLIG EVERY  : each rank appends 1000-B result records; every EVERY ligands the batch is written
 *                            (pwrite, unaligned offsets) to its checkpoint file and fsync'ed once
 *  posefiles DIR NLIG one|rank : one: a new 3100-B pose file a ligand (open/write/close);
 *                            rank: the same poses gathered in a 1 MiB buffer and appended to one file a rank
 *  scorelog DIR NLIG each|end : each rank appends one ~120-B score line a ligand to its own results log with write();
 *                            each: fsync after every line (crash-safe log); end: one fsync at the end
 *  regrid  DIR NLIG BATCH every|once : 8 receptor grid maps of 2 MiB (made by rank 0 if absent) read whole
 *                            (256 KiB reads) before every batch of BATCH ligands (every) or once (once)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <math.h>
#include <time.h>

static int rank, np;
static double work_us = 200;
static volatile double sink;
static double dock(long lig, const char *grid, size_t glen)
{
	struct timespec t0, t1; double s = 0; long i = 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int k = 0; k < 200; k++, i++) s += sin((double)(lig + i)) * (grid ? grid[(lig * 131 + i) % glen] : 1);
		clock_gettime(CLOCK_MONOTONIC, &t1);
	} while ((t1.tv_sec - t0.tv_sec) * 1e6 + (t1.tv_nsec - t0.tv_nsec) / 1e3 < work_us);
	sink = s; return -5.0 - fmod(fabs(s), 7.0);
}
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }
static void fill(char *b, size_t n, long seed) { for (size_t i = 0; i < n; i++) b[i] = 'A' + (seed + i * 7) % 26; if (n) b[n - 1] = '\n'; }

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (getenv("COMPUTE")) work_us = atof(getenv("COMPUTE"));
	if (argc < 4) { if (!rank) fprintf(stderr, "usage\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1], *dir = argv[2]; long nlig = atol(argv[3]);
	char path[512]; double t0 = MPI_Wtime();
	if (!strcmp(mode, "screen")) {
		const size_t rec = 1024; snprintf(path, sizeof path, "%s/library.sdf", dir);
		if (!rank && access(path, F_OK)) {
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); char *b = malloc(1 << 20);
			for (long off = 0; off < nlig * (long)rec; off += 1 << 20) { fill(b, 1 << 20, off); if (write(fd, b, 1 << 20) != 1 << 20) die("w"); }
			close(fd); free(b);
		}
		MPI_Barrier(MPI_COMM_WORLD);
		MPI_File fh; if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)) die("open");
		long per = nlig / np, first = rank * per; size_t shard = per * rec;
		char *lib = malloc(shard);
		for (size_t o = 0; o < shard; o += 1 << 20) { int n = shard - o < (1 << 20) ? shard - o : 1 << 20;
			MPI_File_read_at(fh, (first * rec) + o, lib + o, n, MPI_BYTE, MPI_STATUS_IGNORE); }
		MPI_File_close(&fh);
		snprintf(path, sizeof path, "%s/poses-%03d.pdbqt", dir, rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("poses");
		char *out = malloc(1 << 20); size_t used = 0;
		for (long l = 0; l < per; l++) {
			double e = dock(first + l, lib + l * rec, rec);
			fill(out + used, 4096, first + l); snprintf(out + used, 64, "MODEL %ld %.3f", first + l, e); used += 4096;
			if (used == 1 << 20) { if (write(fd, out, used) != (ssize_t)used) die("w"); used = 0; }
		}
		if (used && write(fd, out, used) != (ssize_t)used) die("w");
		close(fd);
	} else if (!strcmp(mode, "summary")) {
		snprintf(path, sizeof path, "%s/receptor.cfg", dir);
		if (!rank) { FILE *f = fopen(path, "w"); for (int i = 0; i < 40; i++) fprintf(f, "param_%02d = %d.%03d\n", i, i * 3, i * 17); fclose(f); }
		MPI_Barrier(MPI_COMM_WORLD);
		FILE *f = fopen(path, "r"); char line[256]; int np_ = 0; while (fgets(line, sizeof line, f)) np_++; fclose(f);
		long per = nlig / np; double *sc = malloc(per * sizeof *sc), *all = NULL;
		for (long l = 0; l < per; l++) sc[l] = dock(rank * per + l, NULL, 0) - np_ * 1e-3;
		if (!rank) all = malloc(per * np * sizeof *all);
		MPI_Gather(sc, per, MPI_DOUBLE, all, per, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		if (!rank) { snprintf(path, sizeof path, "%s/hits.csv", dir); f = fopen(path, "w");
			fprintf(f, "ligand_id,smiles_hash,vina_score,rank\n");
			for (long l = 0; l < per * np; l++) fprintf(f, "ZINC%012ld,%08lx,%.3f,%ld\n", 1000000 + l, (unsigned long)(l * 2654435761u), all[l], l);
			fclose(f); }
	} else if (!strcmp(mode, "ckpt")) {
		long every = atol(argv[4]); const size_t rec = 1000;
		snprintf(path, sizeof path, "%s/campaign-%03d.ckpt", dir, rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("ckpt");
		char *b = malloc(every * rec); size_t used = 0; off_t off = 0;
		for (long l = 0; l < nlig; l++) {
			double e = dock(rank * nlig + l, NULL, 0);
			fill(b + used, rec, l); snprintf(b + used, 48, "%ld %.4f", rank * nlig + l, e); used += rec;
			if (used == every * rec || l == nlig - 1) { if (pwrite(fd, b, used, off) != (ssize_t)used) die("pw"); off += used; used = 0; fsync(fd); }
		}
		close(fd);
	} else if (!strcmp(mode, "posefiles")) {
		int one = !strcmp(argv[4], "one"); char pose[3100]; int fd = -1; char *buf = malloc(1 << 20); size_t used = 0;
		if (!one) { snprintf(path, sizeof path, "%s/poses-%03d.pdbqt", dir, rank); fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
		for (long l = 0; l < nlig; l++) {
			long id = rank * nlig + l; double e = dock(id, NULL, 0);
			fill(pose, sizeof pose, id); snprintf(pose, 64, "MODEL 1 REMARK VINA RESULT %.3f", e);
			if (one) { snprintf(path, sizeof path, "%s/lig%07ld_out.pdbqt", dir, id);
				fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) die("pose");
				if (write(fd, pose, sizeof pose) != sizeof pose) die("w");
				close(fd);
			} else { if (used + sizeof pose > (1 << 20)) { if (write(fd, buf, used) != (ssize_t)used) die("w"); used = 0; }
				memcpy(buf + used, pose, sizeof pose); used += sizeof pose; }
		}
		if (!one) { if (used && write(fd, buf, used) != (ssize_t)used) die("w"); close(fd); }
	} else if (!strcmp(mode, "scorelog")) {
		int each = !strcmp(argv[4], "each"); char line[128];
		snprintf(path, sizeof path, "%s/scores-%03d.log", dir, rank);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644); if (fd < 0) die("log");
		for (long l = 0; l < nlig; l++) {
			long id = rank * nlig + l; double e = dock(id, NULL, 0);
			int n = snprintf(line, sizeof line, "ZINC%012ld\t%8.3f\tpose=1\trmsd_lb=0.000\trmsd_ub=0.000\tstatus=docked\n", 1000000 + id, e);
			if (write(fd, line, n) != n) die("w");
			if (each) fsync(fd);
		}
		fsync(fd); close(fd);
	} else if (!strcmp(mode, "regrid")) {
		long batch = atol(argv[4]); int every = !strcmp(argv[5], "every");
		const size_t gl = 2 << 20; char *grid = malloc(8 * gl);
		if (!rank) for (int m = 0; m < 8; m++) { snprintf(path, sizeof path, "%s/rec.%c.map", dir, "ACNOSHed"[m]);
			if (access(path, F_OK)) { int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); fill(grid, gl, m); if (write(fd, grid, gl) != (ssize_t)gl) die("w"); close(fd); } }
		MPI_Barrier(MPI_COMM_WORLD);
		double best = 0;
		for (long l = 0; l < nlig; l++) {
			if (l % batch == 0 && (every || l == 0))
				for (int m = 0; m < 8; m++) { snprintf(path, sizeof path, "%s/rec.%c.map", dir, "ACNOSHed"[m]);
					int fd = open(path, O_RDONLY); if (fd < 0) die("map");
					for (size_t o = 0; o < gl; o += 262144) if (read(fd, grid + m * gl + o, 262144) != 262144) die("r");
					close(fd); }
			double e = dock(rank * nlig + l, grid, 8 * gl); if (e < best) best = e;
		}
		snprintf(path, sizeof path, "%s/best-%03d.txt", dir, rank); FILE *f = fopen(path, "w"); fprintf(f, "%.3f\n", best); fclose(f);
	} else { if (!rank) fprintf(stderr, "bad mode\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Barrier(MPI_COMM_WORLD);
	if (!rank) printf("%s: %.2f s on rank 0\n", mode, MPI_Wtime() - t0);
	MPI_Finalize(); return 0;
}
