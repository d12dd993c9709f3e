/* app46.c: jobs whose I/O is many files and their metadata (round 46 of issue 34's labelled sets).
 * Every mode is a main loop of compute steps (Jacobi sweeps over a local 1-D grid, halo exchange by
 * MPI_Sendrecv) with file handling around it, as workflows do it, well or badly.
 * Usage: app46 MODE CELLS_K STEPS SWEEPS ARGS...; prints the slowest rank's wall time (barrier to barrier). */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <dirent.h>
#include <ftw.h>
#include <errno.h>
#include <sys/stat.h>

static int rank, nprocs;
static double *grid, *tmpg;
static long ncell;

static void die(const char *m)
{
	fprintf(stderr, "app46[%d]: %s: %s\n", rank, m, strerror(errno));
	MPI_Abort(MPI_COMM_WORLD, 2);
}

static void compute(int sweeps)
{
	int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
	for (int s = 0; s < sweeps; s++) {
		MPI_Sendrecv(&grid[1], 1, MPI_DOUBLE, left, 0, &grid[ncell + 1], 1, MPI_DOUBLE, right, 0,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&grid[ncell], 1, MPI_DOUBLE, right, 1, &grid[0], 1, MPI_DOUBLE, left, 1,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (long i = 1; i <= ncell; i++)
			tmpg[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]) + 1e-9 * (double)(i & 7);
		double *t = grid;
		grid = tmpg;
		tmpg = t;
	}
}

static double local_sum(void)
{
	double s = 0;
	for (long i = 1; i <= ncell; i++)
		s += grid[i];
	return s;
}

/* Fill buf (len bytes) from the grid, repeating it as needed. */
static void fill(char *buf, size_t len)
{
	size_t gb = ncell * sizeof(double);
	for (size_t o = 0; o < len; o += gb)
		memcpy(buf + o, &grid[1], len - o < gb ? len - o : gb);
}

static void write_all(int fd, const char *buf, size_t len, size_t chunk)
{
	for (size_t o = 0; o < len; o += chunk) {
		size_t n = len - o < chunk ? len - o : chunk;
		if (write(fd, buf + o, n) != (ssize_t)n)
			die("write");
	}
}

static void read_all(int fd, char *buf, size_t len, size_t chunk)
{
	for (size_t o = 0; o < len; o += chunk) {
		size_t n = len - o < chunk ? len - o : chunk;
		if (read(fd, buf + o, n) != (ssize_t)n)
			die("read");
	}
}

/* ens DIR NOUT MB: an ensemble member a rank; its directory made once, NOUT outputs of MB MiB, a file each,
 * written in 4 MiB writes. */
static void mode_ens(int steps, int sweeps, char **a)
{
	char dir[512], path[600];
	int nout = atoi(a[1]);
	size_t len = (size_t)atoi(a[2]) << 20;
	char *buf = malloc(len);
	snprintf(dir, sizeof dir, "%s/mem%03d", a[0], rank);
	if (mkdir(dir, 0755) && errno != EEXIST)
		die("mkdir");
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		if (s % (steps / nout) == 0) {
			snprintf(path, sizeof path, "%s/out.%04d.bin", dir, s);
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0)
				die("open out");
			fill(buf, len);
			write_all(fd, buf, len, 4 << 20);
			close(fd);
		}
	}
	free(buf);
}

/* cfgstart CFGDIR NCFG OUT: every rank reads the NCFG namelist files cfg.NN (fopen, fgets) at start; rank 0
 * writes a short summary at the end. */
static void mode_cfgstart(int steps, int sweeps, char **a)
{
	char path[600], line[256];
	int ncfg = atoi(a[1]);
	double acc = 0;
	for (int k = 0; k < ncfg; k++) {
		snprintf(path, sizeof path, "%s/cfg.%02d", a[0], k);
		FILE *f = fopen(path, "r");
		if (!f)
			die("fopen cfg");
		while (fgets(line, sizeof line, f))
			acc += strlen(line);
		fclose(f);
	}
	for (int s = 1; s <= steps; s++)
		compute(sweeps);
	double sum = local_sum(), tot;
	MPI_Reduce(&sum, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		FILE *f = fopen(a[2], "w");
		if (!f)
			die("fopen out");
		fprintf(f, "cfg_bytes %.0f\nsum %.12e\n", acc, tot);
		fclose(f);
	}
}

/* rotate DIR EVERY: an N-1 checkpoint every EVERY steps, one MPI_File_write_at_all a rank into ckpt.tmp,
 * renamed to ckpt.STEP by rank 0, which prunes all but the newest two. */
static void mode_rotate(int steps, int sweeps, char **a)
{
	char tmp[600], path[600], old[600];
	int every = atoi(a[1]), n = 0;
	snprintf(tmp, sizeof tmp, "%s/ckpt.tmp", a[0]);
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		if (s % every)
			continue;
		MPI_File fh;
		if (MPI_File_open(MPI_COMM_WORLD, tmp, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh))
			die("MPI_File_open");
		MPI_File_write_at_all(fh, (MPI_Offset)rank * ncell * 8, &grid[1], ncell, MPI_DOUBLE,
				      MPI_STATUS_IGNORE);
		MPI_File_close(&fh);
		if (rank == 0) {
			snprintf(path, sizeof path, "%s/ckpt.%04d", a[0], s);
			if (rename(tmp, path))
				die("rename");
			if (++n > 2) {
				snprintf(old, sizeof old, "%s/ckpt.%04d", a[0], s - 2 * every);
				unlink(old);
			}
		}
		MPI_Barrier(MPI_COMM_WORLD);
	}
}

/* logroot LOG EVERY OUTDIR: every EVERY steps an 80-byte progress line a rank gathered to rank 0, which appends
 * them with one fwrite to the log it keeps open; at the end each rank writes its result file once, to a temp
 * name renamed into place. */
static void mode_logroot(int steps, int sweeps, char **a)
{
	int every = atoi(a[1]);
	char line[80], *all = rank == 0 ? malloc(80 * nprocs) : NULL, path[600], tmp[640];
	FILE *log = NULL;
	if (rank == 0 && !(log = fopen(a[0], "a")))
		die("fopen log");
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		if (s % every)
			continue;
		memset(line, ' ', sizeof line);
		int k = snprintf(line, sizeof line, "step %6d rank %3d sum %.10e", s, rank, local_sum());
		line[k] = ' ';
		line[79] = '\n';
		MPI_Gather(line, 80, MPI_CHAR, all, 80, MPI_CHAR, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			fwrite(all, 80, nprocs, log);
			fflush(log);
		}
	}
	if (rank == 0)
		fclose(log);
	snprintf(path, sizeof path, "%s/result.%03d", a[2], rank);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die("open result");
	write_all(fd, (char *)&grid[1], ncell * 8, ncell * 8);
	close(fd);
	if (rename(tmp, path))
		die("rename");
	free(all);
}

static long walk_files, walk_bytes;
static int walk_one(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)p, (void)f;
	if (type == FTW_F) {
		walk_files++;
		walk_bytes += st->st_size;
	}
	return 0;
}

/* walk TREE OUT: rank 0 walks the input tree (nftw: a stat an entry) to count its files before the run, as a
 * job script's find would; the count is broadcast; rank 0 writes OUT at the end. */
static void mode_walk(int steps, int sweeps, char **a)
{
	long c[2] = {0, 0};
	if (rank == 0) {
		if (nftw(a[0], walk_one, 32, FTW_PHYS))
			die("nftw");
		c[0] = walk_files, c[1] = walk_bytes;
	}
	MPI_Bcast(c, 2, MPI_LONG, 0, MPI_COMM_WORLD);
	for (int s = 1; s <= steps; s++)
		compute(sweeps);
	if (rank == 0) {
		FILE *f = fopen(a[1], "w");
		if (!f)
			die("fopen out");
		fprintf(f, "files %ld bytes %ld sum %.12e\n", c[0], c[1], local_sum());
		fclose(f);
	}
}

/* restart DIR: each rank reads its own part file DIR/part.RANK in one read before the loop. */
static void mode_restart(int steps, int sweeps, char **a)
{
	char path[600];
	snprintf(path, sizeof path, "%s/part.%d", a[0], rank);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		die("open part");
	read_all(fd, (char *)&grid[1], ncell * 8, ncell * 8);
	close(fd);
	for (int s = 1; s <= steps; s++)
		compute(sweeps);
}

/* scratch DIR NTASK KB files|one: every step each rank runs NTASK small tasks, each leaving KB KiB of partial
 * results in scratch, then reduces them. files: a scratch file a task (create, write, close; reopen, read,
 * close, unlink), as a task farm does. one: the same records at offsets of one scratch file a rank. */
static void mode_scratch(int steps, int sweeps, char **a)
{
	int ntask = atoi(a[1]), one = !strcmp(a[3], "one");
	size_t len = (size_t)atoi(a[2]) << 10;
	char *buf = malloc(len), dir[512], path[600];
	snprintf(dir, sizeof dir, "%s/r%03d", a[0], rank);
	if (mkdir(dir, 0755) && errno != EEXIST)
		die("mkdir");
	int fd1 = -1;
	if (one) {
		snprintf(path, sizeof path, "%s/scratch.bin", dir);
		if ((fd1 = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644)) < 0)
			die("open scratch");
	}
	double acc = 0;
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		for (int t = 0; t < ntask; t++) {
			fill(buf, len);
			buf[0] = (char)t;
			if (one) {
				if (pwrite(fd1, buf, len, (off_t)t * len) != (ssize_t)len)
					die("pwrite");
				continue;
			}
			snprintf(path, sizeof path, "%s/task.%04d", dir, t);
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0)
				die("open task");
			write_all(fd, buf, len, len);
			close(fd);
		}
		for (int t = 0; t < ntask; t++) {
			if (one) {
				if (pread(fd1, buf, len, (off_t)t * len) != (ssize_t)len)
					die("pread");
			} else {
				snprintf(path, sizeof path, "%s/task.%04d", dir, t);
				int fd = open(path, O_RDONLY);
				if (fd < 0)
					die("open task r");
				read_all(fd, buf, len, len);
				close(fd);
				unlink(path);
			}
			acc += buf[len / 2];
		}
	}
	if (one)
		close(fd1);
	if (acc == 1e300)
		printf("x\n");
	free(buf);
}

/* copyrot DIR EVERY MB copy|rename: each rank's own checkpoint of MB MiB every EVERY steps, keeping the previous
 * one. copy: the previous is made by reading ckpt.RANK back and writing ckpt.RANK.prev (1 MiB calls), as a
 * script's cp would; rename: rename(2) it. */
static void mode_copyrot(int steps, int sweeps, char **a)
{
	int every = atoi(a[1]), copy = !strcmp(a[3], "copy");
	size_t len = (size_t)atoi(a[2]) << 20;
	char *buf = malloc(len), cur[600], prev[640];
	snprintf(cur, sizeof cur, "%s/ckpt.%d", a[0], rank);
	snprintf(prev, sizeof prev, "%s.prev", cur);
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		if (s % every)
			continue;
		if (s > every && copy) {
			int in = open(cur, O_RDONLY), out = open(prev, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (in < 0 || out < 0)
				die("open copy");
			read_all(in, buf, len, 1 << 20);
			write_all(out, buf, len, 1 << 20);
			close(in);
			close(out);
		} else if (s > every && rename(cur, prev))
			die("rename");
		int fd = open(cur, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			die("open ckpt");
		fill(buf, len);
		write_all(fd, buf, len, 1 << 20);
		close(fd);
	}
	free(buf);
}

/* status DIR fsync|plain|sparse: each rank replaces its heartbeat file status.RANK atomically: write
 * status.RANK.tmp (one ~120-byte write), fsync it (not in plain mode), close, rename over the old one.
 * fsync and plain: every step; sparse: every 50th step and the last. */
static void mode_status(int steps, int sweeps, char **a)
{
	int sync = strcmp(a[1], "plain") != 0, every = !strcmp(a[1], "sparse") ? 50 : 1;
	char tmp[600], path[600], line[160];
	snprintf(path, sizeof path, "%s/status.%d", a[0], rank);
	snprintf(tmp, sizeof tmp, "%s/status.%d.tmp", a[0], rank);
	for (int s = 1; s <= steps; s++) {
		compute(sweeps);
		if (s % every && s != steps)
			continue;
		int k = snprintf(line, sizeof line, "{\"rank\": %d, \"step\": %d, \"of\": %d, \"sum\": %.10e}\n", rank, s,
				 steps, local_sum());
		int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			die("open status");
		write_all(fd, line, k, k);
		if (sync && fsync(fd))
			die("fsync");
		close(fd);
		if (rename(tmp, path))
			die("rename");
	}
}

/* mods MODDIR NMOD all|root: start-up of a code that loads NMOD module/parameter files mod.NNN.
 * all: every rank opens, fstats, reads (fread) and closes each; root: rank 0 reads the same bytes packed in
 * MODDIR.pack (one fread) and MPI_Bcast's them. */
static void mode_mods(int steps, int sweeps, char **a)
{
	int nmod = atoi(a[1]);
	char path[600];
	size_t total = 0, cap = (size_t)nmod * 8192;
	char *mem = malloc(cap);
	if (!strcmp(a[2], "all")) {
		for (int m = 0; m < nmod; m++) {
			snprintf(path, sizeof path, "%s/mod.%04d", a[0], m);
			FILE *f = fopen(path, "r");
			struct stat st;
			if (!f || fstat(fileno(f), &st))
				die("fopen mod");
			if (fread(mem + total, 1, st.st_size, f) != (size_t)st.st_size)
				die("fread mod");
			total += st.st_size;
			fclose(f);
		}
	} else {
		long t = 0;
		if (rank == 0) {
			snprintf(path, sizeof path, "%s.pack", a[0]);
			FILE *f = fopen(path, "r");
			if (!f)
				die("fopen pack");
			t = fread(mem, 1, cap, f);
			fclose(f);
		}
		MPI_Bcast(&t, 1, MPI_LONG, 0, MPI_COMM_WORLD);
		MPI_Bcast(mem, t, MPI_CHAR, 0, MPI_COMM_WORLD);
		total = t;
	}
	for (size_t i = 0; i < total; i += 64)
		grid[1 + (i / 64) % ncell] += mem[i] * 1e-6;
	for (int s = 1; s <= steps; s++)
		compute(sweeps);
	free(mem);
}

/* rescan INDIR every|once: a workflow driver; rank 0 lists INDIR (opendir/readdir) and reads each input's
 * 256-byte header (open, read, close) to choose the next work item. every: the scan is redone every step;
 * once: done before the loop and kept. The choice is broadcast. */
static long scan(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[1024], hdr[256];
	long score = 0;
	if (!d)
		die("opendir");
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			die("open input");
		if (read(fd, hdr, sizeof hdr) != (ssize_t)sizeof hdr)
			die("read hdr");
		close(fd);
		score += hdr[17] + hdr[100];
	}
	closedir(d);
	return score;
}

static void mode_rescan(int steps, int sweeps, char **a)
{
	int every = !strcmp(a[1], "every");
	long pick = rank == 0 ? scan(a[0]) : 0;
	for (int s = 1; s <= steps; s++) {
		if (every && rank == 0 && s > 1)
			pick = scan(a[0]);
		MPI_Bcast(&pick, 1, MPI_LONG, 0, MPI_COMM_WORLD);
		grid[1] += (double)(pick % 7) * 1e-9;
		compute(sweeps);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 5) {
		if (rank == 0)
			fprintf(stderr, "usage: app46 MODE CELLS_K STEPS SWEEPS ARGS...\n");
		MPI_Finalize();
		return 2;
	}
	const char *mode = argv[1];
	ncell = atol(argv[2]) * 1024;
	int steps = atoi(argv[3]), sweeps = atoi(argv[4]);
	char **a = argv + 5;
	grid = calloc(ncell + 2, sizeof(double));
	tmpg = calloc(ncell + 2, sizeof(double));
	for (long i = 1; i <= ncell; i++)
		grid[i] = (double)((i * 7919 + rank * 104729) % 1000) / 1000.0;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	if (!strcmp(mode, "ens"))
		mode_ens(steps, sweeps, a);
	else if (!strcmp(mode, "cfgstart"))
		mode_cfgstart(steps, sweeps, a);
	else if (!strcmp(mode, "rotate"))
		mode_rotate(steps, sweeps, a);
	else if (!strcmp(mode, "logroot"))
		mode_logroot(steps, sweeps, a);
	else if (!strcmp(mode, "walk"))
		mode_walk(steps, sweeps, a);
	else if (!strcmp(mode, "restart"))
		mode_restart(steps, sweeps, a);
	else if (!strcmp(mode, "scratch"))
		mode_scratch(steps, sweeps, a);
	else if (!strcmp(mode, "copyrot"))
		mode_copyrot(steps, sweeps, a);
	else if (!strcmp(mode, "status"))
		mode_status(steps, sweeps, a);
	else if (!strcmp(mode, "mods"))
		mode_mods(steps, sweeps, a);
	else if (!strcmp(mode, "rescan"))
		mode_rescan(steps, sweeps, a);
	else
		die("unknown mode");
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("app46 %s: %.3f s\n", mode, tmax);
	MPI_Finalize();
	return 0;
}
