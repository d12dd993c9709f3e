/* kv100: round 100's embedded key-value stores, run under Darshan (labels100).
 *   kv100 lsm DIR NPUT SYNC UNIT WORK  - an LSM-tree-like store, one per rank: each put appends a 128-B record to
 *        a write-ahead log (SYNC "flush": written every 64 KiB, fdatasync'ed before each memtable flush, RocksDB's
 *        default shape; "group": written and fdatasync'ed every 64 KiB; "always": write+fdatasync per put),
 *        a 4 MiB memtable flushed sorted to a run file, every 4 runs compacted (read all, merge, rewrite one);
 *        run files are written and read in UNIT-byte calls (1 MiB normal; 128 = one call per record).
 *   kv100 btree DIR NLOOK WORK         - rank 0 builds a 64 MiB B-tree-like file of 4 KiB pages (1 MiB writes),
 *        then NLOOK point lookups, each reading an inner and a leaf page (4 KiB preads at random offsets).
 *   kv100 tx DIR NTX ROWS WORK         - SQLite-like: a 4 KiB-page table file; each transaction of ROWS rows writes
 *        a rollback journal of the pages it changes, fsyncs it, writes the pages, fsyncs the db, unlinks the journal.
 * WORK = busy-loop iterations of "compute" per put / lookup / row (the application's own work). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>

#define REC 128
#define MEMT (4u << 20)
#define PAGE 4096

static uint64_t rng = 88172645463325252ull;
static uint64_t xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static volatile double sink;
static void work(long n) { double a = 1.0; for (long i = 0; i < n; i++) a = a * 1.0000001 + 1e-9; sink += a; }
static void die(const char *m) { perror(m); MPI_Abort(MPI_COMM_WORLD, 1); }

static void wr(int fd, const char *b, size_t n, size_t unit)
{
	for (size_t o = 0; o < n; o += unit) {
		size_t k = n - o < unit ? n - o : unit;
		if (write(fd, b + o, k) != (ssize_t)k) die("write");
	}
}
static void rd(int fd, char *b, size_t n, size_t unit)
{
	for (size_t o = 0; o < n; o += unit) {
		size_t k = n - o < unit ? n - o : unit;
		if (read(fd, b + o, k) != (ssize_t)k) die("read");
	}
}
static int cmp(const void *a, const void *b) { return memcmp(a, b, 16); }

static void putrun(const char *p, char *buf, size_t n, size_t unit)
{
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) die(p);
	wr(fd, buf, n, unit);
	if (fdatasync(fd)) die("fdatasync");
	close(fd);
}

/* compaction: read the 4 newest runs, merge (sort), rewrite as one run: the store's normal write amplification */
static void compact(const char *dir, int rank, int *nrun, int *gen, size_t unit)
{
	size_t tot = 0; char p[512];
	char *all = malloc((size_t)4 * MEMT * 4);
	for (int i = *nrun - 4; i < *nrun; i++) {
		snprintf(p, sizeof p, "%s/run-%d-%d.sst", dir, rank, gen[i]);
		int fd = open(p, O_RDONLY); if (fd < 0) die(p);
		off_t n = lseek(fd, 0, SEEK_END); lseek(fd, 0, SEEK_SET);
		rd(fd, all + tot, (size_t)n, unit); close(fd); unlink(p); tot += (size_t)n;
	}
	qsort(all, tot / REC, REC, cmp);
	*nrun -= 4; gen[*nrun] = gen[*nrun + 3] + 1000;
	snprintf(p, sizeof p, "%s/run-%d-%d.sst", dir, rank, gen[*nrun]);
	putrun(p, all, tot, unit); (*nrun)++; free(all);
}

static void lsm(const char *dir, int rank, long nput, int sync, size_t unit, long w)
{
	char p[512], *mem = malloc(MEMT), *wal = malloc(65536); size_t m = 0, wl = 0;
	int gen[64], nrun = 0, g = 0;
	snprintf(p, sizeof p, "%s/wal-%d.log", dir, rank);
	int wfd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644); if (wfd < 0) die(p);
	for (long i = 0; i < nput; i++) {
		char *r = mem + m;
		for (int k = 0; k < REC; k += 8) { uint64_t v = xr(); memcpy(r + k, &v, 8); }
		work(w);
		if (sync == 2) { wr(wfd, r, REC, REC); if (fdatasync(wfd)) die("fdatasync"); }
		else { memcpy(wal + wl, r, REC); wl += REC;
			if (wl == 65536) { wr(wfd, wal, wl, wl); if (sync == 1 && fdatasync(wfd)) die("fdatasync"); wl = 0; } }
		m += REC;
		if (m == MEMT) {
			if (sync == 0 && fdatasync(wfd)) die("fdatasync");
			qsort(mem, m / REC, REC, cmp);
			gen[nrun] = g++; snprintf(p, sizeof p, "%s/run-%d-%d.sst", dir, rank, gen[nrun]); nrun++;
			putrun(p, mem, m, unit); m = 0;
			if (ftruncate(wfd, 0)) die("ftruncate");
			if (nrun >= 4 && gen[nrun - 4] < 1000) compact(dir, rank, &nrun, gen, unit);
		}
	}
	close(wfd); free(mem); free(wal);
}

static void btree(const char *dir, long nlook, long w)
{
	char p[512], *b = malloc(1 << 20), pg[PAGE]; const long npg = 16384;
	snprintf(p, sizeof p, "%s/index.btree", dir);
	int fd = open(p, O_RDWR | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
	for (int i = 0; i < 64; i++) { for (int k = 0; k < (1 << 20); k += 8) { uint64_t v = xr(); memcpy(b + k, &v, 8); }
		wr(fd, b, 1 << 20, 1 << 20); }
	for (long i = 0; i < nlook; i++) {
		/* inner level: pages 1-128; leaves: the rest (the root page is kept in memory, as stores do) */
		off_t in = (off_t)(1 + xr() % 128) * PAGE, lf = (off_t)(129 + xr() % (npg - 129)) * PAGE;
		if (pread(fd, pg, PAGE, in) != PAGE || pread(fd, pg, PAGE, lf) != PAGE) die("pread");
		work(w); sink += pg[xr() % PAGE];
	}
	close(fd); free(b);
}

static void tx(const char *dir, long ntx, long rows, long w)
{
	char p[512], j[512], pg[PAGE]; const long npg = 2048;
	snprintf(p, sizeof p, "%s/app.db", dir); snprintf(j, sizeof j, "%s/app.db-journal", dir);
	int fd = open(p, O_RDWR | O_CREAT | O_TRUNC, 0644); if (fd < 0) die(p);
	memset(pg, 0, PAGE);
	for (long i = 0; i < npg; i++) if (pwrite(fd, pg, PAGE, i * PAGE) != PAGE) die("pwrite");
	fsync(fd);
	long pages[64];
	for (long t = 0; t < ntx; t++) {
		int np = 0;
		for (long r = 0; r < rows; r++) { work(w); if (r % (rows / 32 + 1) == 0 && np < 64) pages[np++] = (long)(xr() % npg); }
		int jf = open(j, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (jf < 0) die(j);
		for (int i = 0; i < np; i++) { if (pread(fd, pg, PAGE, pages[i] * PAGE) != PAGE) die("pread"); wr(jf, pg, PAGE, PAGE); }
		if (fsync(jf)) die("fsync");
		close(jf);
		for (int i = 0; i < np; i++) { pg[i] ^= 1; if (pwrite(fd, pg, PAGE, pages[i] * PAGE) != PAGE) die("pwrite"); }
		if (fsync(fd)) die("fsync");
		unlink(j);
	}
	close(fd);
}

int main(int argc, char **argv)
{
	int rank; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	rng += (uint64_t)rank * 7919;
	if (argc >= 7 && !strcmp(argv[1], "lsm"))
		lsm(argv[2], rank, atol(argv[3]), (!strcmp(argv[4], "always") ? 2 : !strcmp(argv[4], "group")), (size_t)atol(argv[5]), atol(argv[6]));
	else if (argc >= 5 && !strcmp(argv[1], "btree")) { if (rank == 0) btree(argv[2], atol(argv[3]), atol(argv[4])); }
	else if (argc >= 6 && !strcmp(argv[1], "tx")) { if (rank == 0) tx(argv[2], atol(argv[3]), atol(argv[4]), atol(argv[5])); }
	else { if (rank == 0) fprintf(stderr, "usage: see the header of kv100.c\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	MPI_Barrier(MPI_COMM_WORLD); MPI_Finalize(); return 0;
}
