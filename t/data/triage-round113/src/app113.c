/* app113.c: round 113 (labels113), I/O middleware patterns written by hand, C/MPI.
 *   bpw DIR STEPS NVARS VARKB COMPUTE_MS append|rewrite
 *       ADIOS-BP-like writer: ranks pair up, the even rank of each pair is the aggregator; the odd rank
 *       MPI_Sends its step data to it, the aggregator appends both to its subfile DIR/data.K. Every rank
 *       makes a 64-B metadata entry per variable; rank 0 gathers them and writes the metadata file md.0 and
 *       a 64-B md.idx record per step. append: md.0 gets this step's entries; rewrite: md.0 is rewritten
 *       from offset 0 with every step's entries so far (the bug).
 *   bpr DIR NPICK CHUNK COMPUTE_MS
 *       reader: every rank reads md.idx and md.0, picks NPICK variables, reads every step's blocks of them
 *       from the subfiles with pread in CHUNK-byte requests (0: one request a block) and averages them.
 *   lckpt FILE NCKPT BASEKB COMPUTE_MS
 *       log-structured checkpoint: each checkpoint, every rank appends its block (sizes differ by rank,
 *       not page multiples) at an offset from MPI_Exscan; rank 0 appends an index after the blocks.
 *   tp FILE MB_PER_RANK PIECE_KB NAGG STEPS COMPUTE_MS twophase|naive
 *       a global array dealt to ranks round-robin in PIECE_KB pieces. twophase: each rank packs the pieces
 *       of each aggregator's contiguous file domain and MPI_Sends them; NAGG aggregators write their
 *       domain in 4 MiB writes. naive: every rank pwrites its own pieces.
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, nprocs;

static void die(const char *what)
{
	perror(what);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

/* compute stands in for the solver: a busy loop on the wall clock, so a step costs the same loaded or not */
static double compute(int ms)
{
	double t0 = MPI_Wtime(), x = 1.0;
	while (MPI_Wtime() - t0 < ms / 1000.0)
		for (int i = 0; i < 1000; i++)
			x = x * 1.0000001 + 1e-9;
	return x;
}

static void pw(int fd, const void *b, size_t n, off_t off)
{
	const char *p = b;
	while (n > 0) {
		ssize_t w = pwrite(fd, p, n, off);
		if (w <= 0)
			die("pwrite");
		p += w; n -= (size_t)w; off += w;
	}
}

static void pr(int fd, void *b, size_t n, off_t off)
{
	char *p = b;
	while (n > 0) {
		ssize_t r = pread(fd, p, n, off);
		if (r <= 0)
			die("pread");
		p += r; n -= (size_t)r; off += r;
	}
}

struct ment { int32_t var, step, rank, sub; int64_t off, len; double mn, mx; char pad[16]; };

static int bpw(char **a)
{
	const char *dir = a[0];
	int steps = atoi(a[1]), nv = atoi(a[2]), rewrite = !strcmp(a[5], "rewrite");
	size_t vb = (size_t)atoi(a[3]) * 1024, blk = nv * vb, nd = vb / sizeof(double);
	int ms = atoi(a[4]), agg = rank % 2 == 0, fd = -1, md = -1, idx = -1;
	char p[512];
	double *buf = malloc(2 * blk);
	struct ment *me = calloc(nv, sizeof *me), *all = NULL;
	size_t allcap = 0, alln = 0, mdpos = 0;
	if (agg) {
		snprintf(p, sizeof p, "%s/data.%d", dir, rank / 2);
		if ((fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
			die(p);
	}
	if (rank == 0) {
		snprintf(p, sizeof p, "%s/md.0", dir);
		md = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		snprintf(p, sizeof p, "%s/md.idx", dir);
		idx = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (md < 0 || idx < 0)
			die("md");
		allcap = (size_t)steps * nprocs * nv;
		all = malloc(allcap * sizeof *all);
	}
	for (int s = 0; s < steps; s++) {
		compute(ms);
		for (int v = 0; v < nv; v++) {
			double *x = buf + v * nd;
			for (size_t i = 0; i < nd; i++)
				x[i] = s + 0.001 * v + 1e-6 * rank + 1e-9 * i;
			me[v] = (struct ment){ v, s, rank, rank / 2, (int64_t)(s * 2 * blk + (rank % 2) * blk + v * vb),
				(int64_t)vb, x[0], x[nd - 1], {0} };
		}
		if (!agg)
			MPI_Send(buf, (int)blk, MPI_BYTE, rank - 1, s, MPI_COMM_WORLD);
		else {
			if (rank + 1 < nprocs)
				MPI_Recv((char *)buf + blk, (int)blk, MPI_BYTE, rank + 1, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			pw(fd, buf, rank + 1 < nprocs ? 2 * blk : blk, (off_t)(s * 2 * blk));
		}
		MPI_Gather(me, nv * (int)sizeof *me, MPI_BYTE, rank == 0 ? all + alln : NULL, nv * (int)sizeof *me,
			MPI_BYTE, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			size_t n = (size_t)nprocs * nv * sizeof *me;
			int64_t rec[8] = { s, (int64_t)(rewrite ? 0 : mdpos), (int64_t)n, (int64_t)(s * 2 * blk), 0, 0, 0, 0 };
			if (rewrite)
				pw(md, all, (alln + (size_t)nprocs * nv) * sizeof *me, 0);
			else
				pw(md, all + alln, n, (off_t)mdpos);
			alln += (size_t)nprocs * nv;
			mdpos += n;
			pw(idx, rec, sizeof rec, (off_t)(s * sizeof rec));
		}
	}
	if (agg)
		close(fd);
	if (rank == 0) {
		close(md);
		close(idx);
	}
	free(buf); free(me); free(all);
	return 0;
}

static int bpr(char **a)
{
	const char *dir = a[0];
	int npick = atoi(a[1]), ms = atoi(a[3]);
	size_t chunk = (size_t)atoi(a[2]);
	char p[512];
	int nsub = (nprocs + 1) / 2, fds[64];
	snprintf(p, sizeof p, "%s/md.idx", dir);
	int idx = open(p, O_RDONLY);
	snprintf(p, sizeof p, "%s/md.0", dir);
	int md = open(p, O_RDONLY);
	if (idx < 0 || md < 0)
		die("open md");
	off_t isz = lseek(idx, 0, SEEK_END), msz = lseek(md, 0, SEEK_END);
	int64_t *rec = malloc(isz);
	struct ment *e = malloc(msz);
	pr(idx, rec, isz, 0);
	pr(md, e, msz, 0);
	close(idx); close(md);
	size_t ne = msz / sizeof *e;
	int nv = 0;
	for (size_t i = 0; i < ne; i++)
		if (e[i].var + 1 > nv)
			nv = e[i].var + 1;
	for (int k = 0; k < nsub && k < 64; k++) {
		snprintf(p, sizeof p, "%s/data.%d", dir, k);
		if ((fds[k] = open(p, O_RDONLY)) < 0)
			die(p);
	}
	double sum = 0; long cnt = 0;
	char *b = malloc(1 << 22);
	for (int k = 0; k < npick; k++) {
		int v = (rank * 7 + k * 3) % nv;
		for (size_t i = 0; i < ne; i++) {
			if (e[i].var != v)
				continue;
			size_t len = (size_t)e[i].len, c = chunk ? chunk : len;
			for (size_t o = 0; o < len; o += c)
				pr(fds[e[i].sub], b + o, c < len - o ? c : len - o, (off_t)(e[i].off + o));
			for (size_t j = 0; j < len / sizeof(double); j++)
				sum += ((double *)b)[j];
			cnt += len / sizeof(double);
		}
		compute(ms);
	}
	printf("rank %d mean %.6f over %ld values (%zu steps in md.idx)\n", rank, cnt ? sum / cnt : 0.0, cnt,
		(size_t)isz / 64);
	for (int k = 0; k < nsub && k < 64; k++)
		close(fds[k]);
	free(rec); free(e); free(b);
	return 0;
}

static int lckpt(char **a)
{
	const char *file = a[0];
	int nck = atoi(a[1]), ms = atoi(a[3]);
	long mine = (long)atoi(a[2]) * 1024 * (1 + rank % 4) + 37L * rank;
	int fd = open(file, O_WRONLY | O_CREAT, 0644);
	if (fd < 0)
		die(file);
	char *b = malloc(mine);
	int64_t logpos = 0;
	for (int c = 0; c < nck; c++) {
		compute(ms);
		memset(b, 'a' + (c + rank) % 26, mine);
		long off = 0, tot = 0;
		MPI_Exscan(&mine, &off, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0)
			off = 0;
		MPI_Allreduce(&mine, &tot, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
		pw(fd, b, mine, logpos + off);
		int64_t ent[2] = { logpos + off, mine }, *ents = rank == 0 ? malloc(16 * nprocs + 32) : NULL;
		MPI_Gather(ent, 16, MPI_BYTE, ents ? ents + 4 : NULL, 16, MPI_BYTE, 0, MPI_COMM_WORLD);
		if (rank == 0) {
			ents[0] = 0x4c4f47434b505431LL; ents[1] = c; ents[2] = nprocs; ents[3] = logpos;
			pw(fd, ents, 16 * nprocs + 32, logpos + tot);
			free(ents);
		}
		logpos += tot + 16 * nprocs + 32;
	}
	close(fd);
	free(b);
	return 0;
}

static int tp(char **a)
{
	const char *file = a[0];
	size_t per = (size_t)atoi(a[1]) << 20, pc = (size_t)atoi(a[2]) << 10;
	int nagg = atoi(a[3]), steps = atoi(a[4]), ms = atoi(a[5]), naive = !strcmp(a[6], "naive");
	size_t np = per / pc, total = per * nprocs, dom = total / nagg, cb = 4u << 20;
	int fd = open(file, O_WRONLY | O_CREAT, 0644), myagg = -1;
	if (fd < 0)
		die(file);
	char *mine = malloc(per), *pack = malloc(per), *dbuf = NULL;
	for (int g = 0; g < nagg; g++)
		if (rank == g * (nprocs / nagg))
			myagg = g;
	if (myagg >= 0)
		dbuf = malloc(dom);
	for (int s = 0; s < steps; s++) {
		compute(ms);
		for (size_t i = 0; i < per; i++)
			mine[i] = (char)('A' + (rank + s + i / pc) % 26);
		if (naive) {
			for (size_t j = 0; j < np; j++)
				pw(fd, mine + j * pc, pc, (off_t)((j * nprocs + rank) * pc));
			continue;
		}
		/* piece j of rank r is global piece j*nprocs+r: pack per aggregator domain, in order */
		size_t cnt[64] = {0}, at = 0;
		for (int g = 0; g < nagg; g++)
			for (size_t j = 0; j < np; j++)
				if ((j * nprocs + rank) * pc / dom == (size_t)g) {
					memcpy(pack + at, mine + j * pc, pc);
					at += pc; cnt[g] += pc;
				}
		MPI_Request rq[64];
		at = 0;
		for (int g = 0; g < nagg; g++) {
			MPI_Isend(pack + at, (int)cnt[g], MPI_BYTE, g * (nprocs / nagg), s, MPI_COMM_WORLD, &rq[g]);
			at += cnt[g];
		}
		if (myagg >= 0) {
			char *rb = malloc(per);
			for (int r = 0; r < nprocs; r++) {
				MPI_Status st; int n;
				MPI_Recv(rb, (int)per, MPI_BYTE, r, s, MPI_COMM_WORLD, &st);
				MPI_Get_count(&st, MPI_BYTE, &n);
				size_t k = 0;
				for (size_t j = 0; j < np; j++) {
					size_t off = (j * nprocs + r) * pc;
					if (off / dom == (size_t)myagg)
						memcpy(dbuf + off - myagg * dom, rb + (k++) * pc, pc);
				}
			}
			free(rb);
			for (size_t o = 0; o < dom; o += cb)
				pw(fd, dbuf + o, cb < dom - o ? cb : dom - o, (off_t)(myagg * dom + o));
		}
		MPI_Waitall(nagg, rq, MPI_STATUSES_IGNORE);
	}
	close(fd);
	free(mine); free(pack); free(dbuf);
	return 0;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	int rc = 2;
	if (argc > 7 && !strcmp(argv[1], "bpw"))
		rc = bpw(argv + 2);
	else if (argc > 5 && !strcmp(argv[1], "bpr"))
		rc = bpr(argv + 2);
	else if (argc > 5 && !strcmp(argv[1], "lckpt"))
		rc = lckpt(argv + 2);
	else if (argc > 8 && !strcmp(argv[1], "tp"))
		rc = tp(argv + 2);
	else if (rank == 0)
		fprintf(stderr, "usage: see the comment at the top of app113.c\n");
	MPI_Finalize();
	return rc;
}
