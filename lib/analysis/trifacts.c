/*
 * The triage facts (trifacts.h): one pass over the POSIX records into a
 * compact array, sorted by file so each file's records are together, and
 * one pass over the MPI-IO records.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/trifacts.h"
#include "base/sort.h"
#include "counters/counters.h"
#include "base/banned.h"

/* one POSIX record, what the per-file facts need */
struct fr {
	uint64_t id;
	int64_t rank, br, bw, small;
	int64_t maxr, maxw;    /* highest byte read, written; -1 none */
	double rstart, wstart; /* -1: no reads (writes) */
	double t;	       /* read + write + meta time */
	double st;	       /* seconds of small operations, all ranks */
	int coll;	       /* MPI-IO drove the file collectively */
	int code;	       /* a program's code, not data (code_file) */
	int64_t opens;
	double tm;	 /* metadata time (opens, closes, ...) */
	int64_t ops;	 /* reads and writes */
	int64_t renames; /* POSIX_RENAME_SOURCES: renamed away */
	double nbt;	 /* MPI-IO seconds of a file written nonblocking
			    (its slowest rank's), else -1 (nb_secs()) */
	double fast_t;	 /* a shared record's fastest rank's time */
	int64_t whole;	 /* its small requests each a whole file or alone
			    in its open (lone_reads(), whole_file_ops()) */
};

/* Per-rank sums whose slowest rank is wanted (the way ranktime adds a
 * shared record's slowest rank to the slowest rank's own time). */
struct rankacc {
	double *v;
	size_t n;
	double shared, spill; /* shared records; ranks out of range, max */
};

static void racc_add(struct rankacc *a, int64_t rank, double t)
{
	if (!(t > 0))
		return;
	if (rank < 0)
		a->shared += t;
	else if ((uint64_t)rank < a->n)
		a->v[rank] += t;
	else if (t > a->spill)
		a->spill = t;
}

static double racc_slowest(const struct rankacc *a)
{
	double m = a->spill;
	size_t i;

	for (i = 0; i < a->n; i++)
		if (a->v[i] > m)
			m = a->v[i];
	return m + a->shared;
}

/* the files of the MPI-IO records, sorted; coll: those with
 * collective operations */
struct ids {
	uint64_t *v;
	size_t n;
};
/* a file's MPI-IO records summed: their bytes, their slowest rank's
 * time (-1 unknown), and whether its shared record was driven
 * collectively with every rank moving bytes */
struct mfile {
	uint64_t id;
	double bytes, slow;
	double nbt; /* written nonblocking: nb_secs(), else -1 */
	int agg;
};
struct mfiles {
	struct mfile *v;
	size_t n;
};
struct mpisets {
	struct ids all, coll;
	struct mfiles files;
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int ids_has(const struct ids *s, uint64_t id)
{
	return s->n && bsearch(&id, s->v, s->n, sizeof(*s->v), cmp_u64);
}

static int u64_before(const uint64_t *x, const uint64_t *y)
{
	return *x < *y;
}

IOL_SORT_DEFINE(sort_u64, uint64_t, u64_before)

static int fr_before(const struct fr *x, const struct fr *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_frs_inplace, struct fr, fr_before)

static int mfile_before(const struct mfile *x, const struct mfile *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_mfiles, struct mfile, mfile_before)

static int cmp_mfile(const void *a, const void *b)
{
	const struct mfile *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* A file's MPI-IO summary (mfile_finish() made it), or NULL: a binary
 * search, where a scan of every MPI-IO record for each shared POSIX
 * record was quadratic (90,000 shared files 12.3 s) */
static const struct mfile *mfile_find(const struct mfiles *s, uint64_t id)
{
	struct mfile key = {id, 0, 0, 0, 0};

	return s->n ? bsearch(&key, s->v, s->n, sizeof(key), cmp_mfile) : NULL;
}

/* a file record's place in the sort: its id and where it was */
struct frkey {
	uint64_t id;
	size_t at;
};

static int frkey_before(const struct frkey *x, const struct frkey *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_frkeys, struct frkey, frkey_before)

/*
 * The records in file id order, ties in their order (a stable sort of
 * a by id): the 16-byte keys sorted, then each record moved once.  A
 * struct fr is 120 bytes, moved ten times or so by a sort of the records
 * themselves (most of the memmove of a log's facts).  Without memory,
 * the records are sorted where they are: the same order.
 */
static struct fr *sort_frs(struct fr *a, size_t n, const uint32_t *byid)
{
	struct frkey *k = NULL;
	struct fr *out;
	size_t i;

	if (n < 2)
		return a;
	if (!byid)
		k = malloc(n * sizeof(*k));
	out = byid || k ? malloc(n * sizeof(*out)) : NULL;
	if (!out) {
		free(k);
		sort_frs_inplace(a, n);
		return a;
	}
	if (byid) { /* a[i] is the POSIX record i's: their order by id */
		for (i = 0; i < n; i++)
			out[i] = a[byid[i]];
		free(a);
		return out;
	}
	for (i = 0; i < n; i++)
		k[i] = (struct frkey){a[i].id, i};
	sort_frkeys(k, n);
	for (i = 0; i < n; i++)
		out[i] = a[k[i].at];
	free(k);
	free(a);
	return out;
}

static int64_t nn(int64_t v)
{
	return v > 0 ? v : 0;
}

/* v when above 0, else 0: fmax(v, 0) as glibc's x86-64 fmax gives it
 * (a NaN or -0 gives +0), inline, where 430,000 calls of it were 1 % of
 * ingest's instructions */
static double nnf(double v)
{
	return v > 0 ? v : 0;
}

/* a + b of counts not below 0, at most INT64_MAX: a log's counters are
 * any 64-bit values, and records of one file are summed */
static int64_t sadd(int64_t a, int64_t b)
{
	int64_t s;

	/* both at least 0: the sum overflows only above INT64_MAX (the
	 * overflow flag, where a comparison with INT64_MAX - b was 2.6 % of
	 * ingest's instructions) */
	a = a > 0 ? a : 0;
	b = b > 0 ? b : 0;
	return __builtin_add_overflow(a, b, &s) ? INT64_MAX : s;
}

/* Does name end in suffix? */
static int ends(const char *name, size_t len, const char *suffix)
{
	size_t l = strlen(suffix);

	return len >= l && !memcmp(name + len - l, suffix, l);
}

/*
 * A file of a program's code: a Python module (.py, .pyc, .pyo) or a
 * shared library (.so, .so.1.2).  Every rank of a Python job imports the
 * same modules, and every process maps the same libraries: the
 * interpreter and the loader read them, not the application, and
 * reading them again is no data read twice (hdf5_diagonal: 2.4 MB of
 * modules read by each of 10 ranks).
 */
int iol_trifacts_code_file(const char *path)
{
	const char *b = path ? strrchr(path, '/') : NULL, *so;
	size_t len;

	b = b ? b + 1 : path;
	if (!b)
		return 0;
	len = strlen(b);
	if (ends(b, len, ".py") || ends(b, len, ".pyc") ||
	    ends(b, len, ".pyo") || ends(b, len, ".so"))
		return 1;
	/* a versioned library: .so. then digits and dots only, so the
	 * name ends in one of them (most end otherwise: no search) */
	if (!len ||
	    !((b[len - 1] >= '0' && b[len - 1] <= '9') || b[len - 1] == '.'))
		return 0;
	so = strstr(b, ".so.");
	return so && so[4] && strspn(so + 4, "0123456789.") == strlen(so + 4);
}

/* the short name the records' readers use */
static int code_file(const char *path)
{
	return iol_trifacts_code_file(path);
}

/* POSIX operations of exactly 1 MiB, from the common access sizes */
static int64_t one_mib(const struct iol_jrec *r)
{
	int64_t s = 0;
	int k;

	for (k = 0; k < 4; k++)
		if (r->ic[POSIX_ACCESS1_ACCESS + k] == 1048576)
			s = sadd(s, r->ic[POSIX_ACCESS1_COUNT + k]);
	return s;
}

/* POSIX operations under 1 MiB: the five lowest size bins, both ways,
 * less the requests of exactly 1 MiB that the 100K_1M bin holds */
static int64_t small_ops_m(const struct iol_jrec *r, int64_t m)
{
	const int64_t *rd = &r->ic[POSIX_SIZE_READ_0_100],
		      *wr = &r->ic[POSIX_SIZE_WRITE_0_100];
	uint64_t any = 0;
	int64_t s = 0, top;
	int b;

	/* sadd() of counts not below 0 is their sum capped at INT64_MAX,
	 * in any order: ten bins all under 2^58 (every real log's) are
	 * summed as they are, where twenty sadd() were 2 % of ingest */
	for (b = 0; b < 5; b++)
		any |= (uint64_t)rd[b] | (uint64_t)wr[b];
	if (any >> 58 == 0)
		for (b = 0; b < 5; b++)
			s += rd[b] + wr[b];
	else
		for (b = 0; b < 5; b++)
			s = sadd(s, sadd(rd[b], wr[b]));
	top = sadd(r->ic[POSIX_SIZE_READ_100K_1M],
		   r->ic[POSIX_SIZE_WRITE_100K_1M]);
	return s - (m < top ? m : top);
}

static int64_t small_ops(const struct iol_jrec *r)
{
	return small_ops_m(r, one_mib(r));
}

/*
 * A record's write time less its repeated syncs': Darshan counts sync
 * time as write time, and IOL-FSYNC claims the syncs beyond the first a
 * process (its stake: the write time times their share of the syncs).
 * A second is told once: sqlite3's 4 KiB page writes between 104 syncs
 * of test.db cost what the syncs cost.  dxtw >= 0: DXT timed the writes
 * alone (iol_trifacts_dxt_writes()), no split needed.
 */
static double write_secs(const struct iol_jrec *r, const struct iol_recx *x,
			 int64_t nprocs, double dxtw)
{
	double tw = nnf(x->tw);

	/* DXT's writes alone, where it holds them all (trismall.c) */
	if (dxtw >= 0)
		return fmin(tw, dxtw);
	int64_t first = r->rank < 0 && nprocs > 0 ? nprocs : 1;

	return x->syncs > first ? tw * (double)first / (double)x->syncs : tw;
}

/*
 * The time of a record's slowest read and slowest write where that call
 * moved 1 MiB or more: the log's one measure of a large call's time.
 * Splitting a record's time by the small calls' share of the count hands
 * them the large calls' seconds; the slowest call, when large, is at
 * least not theirs (issue 34, round 13's r13-h5-3d-badchunk: 13 HDF5
 * metadata writes beside 4 collective writes of 32 MiB, one of them
 * 5.59 s of the slowest rank's 5.67 s, were said to carry 4.24 s).
 */
static double large_call_secs(const struct iol_jrec *r, int rsize, int rtime,
			      int wsize, int wtime)
{
	double t = 0;

	if (r->ic[rsize] >= 1048576)
		t += nnf(r->fc[rtime]);
	if (r->ic[wsize] >= 1048576)
		t += nnf(r->fc[wtime]);
	return isfinite(t) ? t : 0;
}

/*
 * The seconds a record's large calls take (issue 34, round 21): the
 * bytes beyond what its calls under 1 MiB can hold (each size bin's
 * count times its upper bound; bins b0, 10 counters from the read bin,
 * then the write bin) at the pace of its slowest call when that call is
 * large (its size over its time), per direction; at least its slowest
 * large calls (large_call_secs()).  A shared record's time split by the
 * count of calls hands the large calls' time to the small ones:
 * sample-2's ranks read 31 HDF5 metadata pieces of ~14 KB in all and
 * six 128 MiB pieces, the slowest in 14.1 s; by count 84 % of 76 s was
 * the small reads'.  share: the rank's share of the record's bytes.
 */
static double large_dir_secs(const struct iol_jrec *r, int bin0, int bytes,
			     int size, int time, double share)
{
	static const double upper[5] = {100, 1024, 10240, 102400, 1048576};
	double sb = 0, lb, t;
	int b;

	if (r->ic[size] < 1048576 || !(r->fc[time] > 0))
		return 0;
	for (b = 0; b < 5; b++)
		sb += (double)nn(r->ic[bin0 + b]) * upper[b];
	lb = fmax(0, (double)nn(r->ic[bytes]) - sb) * share;
	t = lb / ((double)r->ic[size] / r->fc[time]);
	return isfinite(t) ? t : 0;
}

static double large_bytes_secs(const struct iol_jrec *r, const int *bin0,
			       const int *bytes, const int *size,
			       const int *time, double share)
{
	double t = 0;
	int d;

	for (d = 0; d < 2; d++)
		t += large_dir_secs(r, bin0[d], bytes[d], size[d], time[d],
				    share);
	return isfinite(t) ? t : 0;
}

static double posix_large_secs(const struct iol_jrec *r, int64_t nprocs)
{
	static const int bin0[2] = {POSIX_SIZE_READ_0_100,
				    POSIX_SIZE_WRITE_0_100},
			 bytes[2] = {POSIX_BYTES_READ, POSIX_BYTES_WRITTEN},
			 size[2] = {POSIX_MAX_READ_TIME_SIZE,
				    POSIX_MAX_WRITE_TIME_SIZE},
			 time[2] = {POSIX_F_MAX_READ_TIME,
				    POSIX_F_MAX_WRITE_TIME};
	double share = r->rank < 0 && nprocs > 0 ? 1.0 / (double)nprocs : 1;

	return fmax(large_call_secs(r, size[0], time[0], size[1], time[1]),
		    large_bytes_secs(r, bin0, bytes, size, time, share));
}

/* The seconds of a record's small operations: its read + write time
 * (a shared record: its slowest rank's, in the same shares, unless sum
 * asks for all ranks') less its slowest calls when large
 * (large_call_secs()), times its share of small operations. */
static double small_secs(const struct iol_jrec *r, const struct iol_recx *x,
			 int64_t small, int sum, int64_t nprocs, double dxtw)
{
	double rw = nnf(x->tr) + write_secs(r, x, nprocs, dxtw);
	int64_t ops = sadd(x->reads, x->writes);

	if (small <= 0 || ops <= 0 || !(rw > 0))
		return 0;
	if (r->rank < 0 && !sum) {
		/* a rank's share of the record's own read + write time, no
		 * more than its slowest rank's time: the slowest rank's time
		 * may be an open (e3sm: 5.3 s before any read), which the
		 * sums' read share would turn into reads */
		double slow = r->fc[POSIX_F_SLOWEST_RANK_TIME];
		rw = nprocs > 0 ? fmin(rw / (double)nprocs, nnf(slow)) : 0;
	}
	rw = fmax(0, rw - posix_large_secs(r, sum ? 1 : nprocs));
	/* the size bins and the operation counts are separate counters: a
	 * damaged log's INT64_MAX small calls of 1 operation must not make
	 * the record's seconds 1e19 times over */
	return rw * fmin(1, (double)small / (double)ops);
}

/* The byte and time spread of a shared record's ranks. */
struct spread_in {
	uint64_t id;
	double bytes, time;	/* all ranks */
	int64_t fast_b, slow_b; /* fastest, slowest rank's bytes */
	double fast_t, slow_t;	/* their times */
	int64_t slow_rank;
};

/*
 * What the bytes cost the others: only the slowest rank holds them back,
 * and only by the time of its bytes beyond the mean rank's (its time
 * split by its own bytes).  A fast rank that moved more, or a slow one
 * that moved fewer (imbalanced-io, e3sm: the slowest lost its time in a
 * 32-byte write, a close), puts nothing at stake for bytes.
 */
static double surplus_secs(const struct spread_in *s, double mb, double mt)
{
	double extra = (double)s->slow_b - mb;

	if (!(extra > 0) || !(s->slow_t > 0) || s->slow_b <= 0)
		return 0;
	return nnf(fmin(s->slow_t - mt, s->slow_t * extra / (double)s->slow_b));
}

/*
 * A shared record's data and time imbalance (Drishti P18, P19), files of
 * at least 1 MiB, judged per rank: Darshan sums bytes and times over all
 * ranks, so a difference over the sum shrinks as 1/N; against the mean
 * rank (sum / nprocs) it does not.
 */
static void shared_spread(const struct spread_in *s, double nprocs,
			  struct iol_trifacts *tf)
{
	double p, mb = s->bytes / nprocs, mt = s->time / nprocs;

	if (s->bytes < 1048576.0 || nprocs < 2)
		return;
	if (s->fast_b >= 0 && s->slow_b >= 0 && mb > 0) {
		/* the slowest rank's bytes beyond the mean rank's: a fast rank
		 * that moved more holds no one back (imbalanced-io: +79 % on
		 * the fastest, +9 % on the slowest) */
		p = 100.0 * nnf((double)s->slow_b - mb) / mb;
		if (!(p <= tf->shared_imbal_pct)) {
			tf->shared_imbal_pct = p;
			tf->shared_imbal_id = s->id;
			tf->shimb_stake = surplus_secs(s, mb, mt);
		}
	}
	if (mt > 0 && s->fast_t >= 0 && s->slow_t >= 0) {
		p = 100.0 * (s->slow_t - mt) / mt;
		if (!(p <= tf->shared_time_imbal_pct)) {
			tf->shared_time_imbal_pct = p;
			tf->shared_time_imbal_id = s->id;
			tf->shtimb_rank = s->slow_rank;
			tf->shtimb_slow = s->slow_t;
			tf->shtimb_mean = mt;
			tf->shtimb_fast = s->fast_t;
		}
	}
}

/*
 * A file MPI-IO drove: how many ranks did its POSIX I/O (the collective
 * buffering aggregators).  With k ranks moving B/k bytes each and the
 * rest none, the variance of bytes over N ranks is B^2/(kN) - (B/N)^2,
 * so k = B^2 / (N var + B^2 / N); files of at least 1 MiB.
 */
/* The skew of a file's aggregators: the slowest one's POSIX time over
 * the mean aggregator's (k aggregators sharing time t). */
static void skew(uint64_t id, double t, double k, double slow, int64_t rank,
		 struct iol_trifacts *tf)
{
	double mean = k >= 1 ? t / k : NAN, v = slow / mean;

	if (!(mean > 0) || !(slow > 0) || !isfinite(v) || v <= tf->askew)
		return;
	tf->askew = v;
	tf->askew_slow = slow;
	tf->askew_mean = mean;
	tf->askew_k = k;
	tf->askew_rank = rank;
	tf->askew_id = id;
}

/* The slowest rank's MPI-IO time on file id: what an aggregator's POSIX
 * time can make the others wait for in MPI-IO; -1 unknown. */
static double mpiio_slowest(const struct mpisets *mpi, uint64_t id)
{
	const struct mfile *f = mfile_find(&mpi->files, id);

	return f ? f->slow : -1;
}

/* The MPI-IO seconds of file id when MPI-IO wrote it with nonblocking
 * calls (nb_secs(), its records' most), else -1 */
static double mpiio_nb_secs(const struct mpisets *mpi, uint64_t id)
{
	const struct mfile *f = mfile_find(&mpi->files, id);

	return f ? f->nbt : -1;
}

static void aggregators(const struct iol_job *job, const struct iol_jrec *r,
			double bytes, double time, const struct mpisets *mpi,
			struct iol_trifacts *tf)
{
	double n = (double)job->nprocs,
	       var = r->fc[POSIX_F_VARIANCE_RANK_BYTES];
	double k, per, slow = r->fc[POSIX_F_SLOWEST_RANK_TIME], in_mpi;

	if (bytes < 1048576.0 || n < 2 || !(var >= 0))
		return;
	k = iol_trifacts_movers(bytes, var, n);
	per = n / k;
	if (!(per <= tf->aggr_ranks)) {
		tf->aggr_ranks = per;
		tf->aggr_count = k;
		tf->aggr_id = r->id;
		tf->aggr_time = nnf(r->fc[POSIX_F_SLOWEST_RANK_TIME]);
	}
	/* aggregation is a few ranks doing the I/O of many (482 "aggre-
	 * gators" of 512 ranks is none), and what they make the others wait
	 * for lies within MPI-IO: a POSIX open before any MPI_File_open
	 * (e3sm: 5.3 s, no rank over 0.69 s in MPI-IO) is not skew */
	in_mpi = mpiio_slowest(mpi, r->id);
	if (in_mpi >= 0 && slow > in_mpi)
		slow = in_mpi;
	if (ids_has(&mpi->coll, r->id) && k >= 2 && k * 2 <= n)
		skew(r->id, time, k, slow, r->ic[POSIX_SLOWEST_RANK], tf);
}

/*
 * Did POSIX move a file's bytes beyond what MPI-IO moved of it, at
 * least half again: bytes no MPI-IO call asked for, which aggregation
 * (the same bytes through fewer ranks) does not make.  Open MPI's
 * MPI_File_preallocate writes the zeros from rank 0 with POSIX calls
 * outside any MPI-IO counter (r14-prealloc: POSIX 536870912 B written,
 * MPI-IO 268435456 B, rank 0 the slowest with 335544320 B in 3.297 s
 * against 67108864 B in 0.057 s): the POSIX spread is a rank's own
 * imbalance then, judged as a file MPI-IO did not drive.
 */
static int posix_beyond_mpiio(const struct mpisets *mpi, uint64_t id,
			      double posix_bytes)
{
	const struct mfile *f = mfile_find(&mpi->files, id);
	double b = f ? f->bytes : 0;

	return b > 0 && posix_bytes >= 1.5 * b;
}

/*
 * Did collective buffering do a file's POSIX I/O (issue 34, round 55)?
 * Its shared MPI-IO record was driven collectively and shows every
 * rank moving bytes (FASTEST_RANK_BYTES > 0), while some rank moved no
 * POSIX byte of it (posix_fast_b 0): aggregators moved the others'
 * data.  The POSIX spread then mixes the aggregators' share with any
 * bytes beyond MPI-IO (r55-prealloc: OMPIO's one aggregator on one node
 * wrote every rank's 8 MiB and MPI_File_preallocate's 32 MiB of zeros,
 * 64 MiB on rank 0 and none elsewhere, while MPI-IO shows 8388608 B a
 * rank and 1.065-1.079 s): it tells no rank's own imbalance, the MPI-IO
 * record does (bytes and time), and the zeros are IOL-REDUNDANT's.
 */
static int posix_aggregated(const struct mpisets *mpi, uint64_t id,
			    int64_t posix_fast_b)
{
	const struct mfile *f;

	if (posix_fast_b != 0)
		return 0;
	f = mfile_find(&mpi->files, id);
	return f && f->agg;
}

/*
 * Whether a shared record's spread of rank times has no cause a rank
 * owns (issue 34, round 21): the slowest rank moved no more than the
 * mean rank (5 %), its slowest call (size, tmax) spans every OST of the
 * file (at least stripe size times stripe count: no target of its own),
 * and that call took under half of what the rank lost to the mean
 * beyond the mean rank's call (ops calls over all ranks).  The order in
 * which one storage serves many writers spreads their finish times, and
 * the last ends when all the bytes are in: example.darshan's 2048 ranks
 * wrote 1 GiB each in 128 MiB calls over all 24 OSTs, 20.5-85.5 s, the
 * slowest call 17.9 s.  Such a spread is no straggler's.
 */
static int spread_shared_storage(const struct iol_job *job,
				 const struct spread_in *s, double nprocs,
				 int64_t size, double tmax, double ops)
{
	double mb = s->bytes / nprocs, mt = s->time / nprocs, per;
	const struct iol_jlustre *l = NULL;
	size_t i;

	for (i = 0; i < job->nlustre && !l; i++)
		if (job->lustre[i].id == s->id)
			l = &job->lustre[i];
	if (!l || l->nosts < 2 || l->stripe_size <= 0 || !(nprocs >= 2) ||
	    !(ops > 0) || !(mt > 0) || (double)s->slow_b > 1.05 * mb ||
	    (double)size < (double)l->stripe_size * (double)l->nosts)
		return 0;
	per = s->time / ops;
	return tmax - per < (s->slow_t - mt) / 2;
}

/* spread_shared_storage() of an MPI-IO record's counters */
static int mpiio_shared_storage(const struct iol_job *job,
				const struct spread_in *s, const int64_t *c,
				const double *f)
{
	double ops = (double)nn(c[MPIIO_INDEP_READS]) +
		     (double)nn(c[MPIIO_INDEP_WRITES]) +
		     (double)nn(c[MPIIO_COLL_READS]) +
		     (double)nn(c[MPIIO_COLL_WRITES]) +
		     (double)nn(c[MPIIO_NB_READS]) +
		     (double)nn(c[MPIIO_NB_WRITES]);

	return spread_shared_storage(
		job, s, (double)job->nprocs,
		c[MPIIO_MAX_WRITE_TIME_SIZE] > c[MPIIO_MAX_READ_TIME_SIZE]
			? c[MPIIO_MAX_WRITE_TIME_SIZE]
			: c[MPIIO_MAX_READ_TIME_SIZE],
		fmax(f[MPIIO_F_MAX_WRITE_TIME], f[MPIIO_F_MAX_READ_TIME]), ops);
}

/*
 * Whether a collective file's spread of rank times is its ranks' wait
 * (issue 34, round 50): every open of the record collective, none of
 * its calls independent, the slowest rank moved no more than the mean
 * rank (5 %), and it lost more to the mean rank than all the ranks'
 * reads and writes there took together.  Such a lag can only be
 * metadata time: the collective opens and closes waiting for a rank
 * that came late, which is the fastest there (r50-tail-compute: ranks
 * waited 3.4-7.0 s for the compute-bound rank 3, 0.09-0.20 s, while
 * the file's writes took 0.15-0.29 s summed; its reruns flipped on the
 * wait's length, labelled false).  No threshold: the record's own
 * times and the bytes test spread_shared_storage() draws.  A lag in the
 * collective reads and writes themselves is a wait too when it exceeds
 * all the POSIX work beneath the file, posix (sposix_work(); -1
 * unknown): the calls return when the last rank has come, and the
 * slowest rank cannot have spent more on its own I/O than every rank's
 * POSIX seconds together.  Independent calls, or a lag the POSIX work
 * can hold, stay a rank's spread.
 */
static int spread_coll_wait(const struct spread_in *s, const int64_t *c,
			    const double *f, double nprocs, double posix,
			    double pmeta)
{
	double mb = s->bytes / nprocs, mt = s->time / nprocs,
	       rw = nnf(f[MPIIO_F_READ_TIME]) + nnf(f[MPIIO_F_WRITE_TIME]);
	int64_t indep = sadd(sadd(c[MPIIO_INDEP_READS], c[MPIIO_INDEP_WRITES]),
			     sadd(c[MPIIO_NB_READS], c[MPIIO_NB_WRITES]));

	if (!(nprocs >= 2) || c[MPIIO_COLL_OPENS] <= 0 ||
	    c[MPIIO_INDEP_OPENS] != 0 || !(mt > 0) || s->slow_b < 0 ||
	    (double)s->slow_b > 1.05 * mb)
		return 0;
	/* independent calls are the rank's own time: only a lag beyond
	 * all of them and all the POSIX metadata beneath the file is left
	 * to the collective open and close (round 145) */
	if (indep != 0)
		return pmeta >= 0 && s->slow_t - mt > rw + pmeta;
	return s->slow_t - mt > fmin(rw, posix >= 0 ? posix : INFINITY);
}

/*
 * The ranks a shared POSIX record's spread is judged among (issue 34,
 * round 113): all of them, unless a few ranks moved its bytes and the
 * rest none.  Its fastest rank moving no byte shows ranks that only
 * opened it; the variance of the ranks' bytes gives the movers, k
 * (iol_trifacts_movers(): exact for equal shares, fewer when unequal,
 * which keeps an uneven mover's surplus in sight).  With 2 <= k <= N/2
 * that is aggregation by hand (two-phase I/O through MPI point-to-
 * point), no decomposition's imbalance: the mean of the movers, not of
 * ranks that only opened the file, is the yardstick.  Their sum is the
 * record's time less the openers' (each at least the fastest rank's),
 * so the movers' mean is never understated.  r113-tp: ranks 0 and 4
 * wrote 24 MiB each at the throttled device's pace, the other 6 only
 * opened tp.dat; 300 % and "rank 4 took 1.761 s, the mean rank 0.445 s"
 * were labelled false.  A lone mover (k = 1) is RANK0-IO's pattern.
 */
static double spread_ranks(const struct iol_jrec *r, struct spread_in *s,
			   double n)
{
	double k = iol_trifacts_movers(s->bytes,
				       r->fc[POSIX_F_VARIANCE_RANK_BYTES], n);

	if (s->fast_b != 0 || !(k >= 2) || !(k * 2 <= n) || !(s->fast_t >= 0))
		return n;
	s->time = fmax(0, s->time - (n - k) * s->fast_t);
	/* no mean exceeds the slowest rank: the openers' time, taken at
	 * the fastest rank's, may be underestimated (r113-tp's movers'
	 * mean came out 1.779 s beside its slowest rank's 1.761 s) */
	if (s->slow_t >= 0)
		s->time = fmin(s->time, k * s->slow_t);
	return k;
}

/* A shared POSIX record: small operations, and its spread unless MPI-IO
 * drove the file (then aggregators make POSIX uneven by design and the
 * MPI-IO record is judged instead). */
static void shared_rec(const struct iol_job *job, const struct iol_jrec *r,
		       const struct iol_recx *x, const struct mpisets *mpi,
		       struct iol_trifacts *tf)
{
	struct spread_in s = {r->id,
			      (double)nn(x->br) + (double)nn(x->bw),
			      nnf(x->tr) + nnf(x->tw) + nnf(x->tm),
			      r->ic[POSIX_FASTEST_RANK_BYTES],
			      r->ic[POSIX_SLOWEST_RANK_BYTES],
			      r->fc[POSIX_F_FASTEST_RANK_TIME],
			      r->fc[POSIX_F_SLOWEST_RANK_TIME],
			      r->ic[POSIX_SLOWEST_RANK]};

	/* saturating: two shared records of INT64_MAX small reads (a
	 * hostile log's) overflowed */
	tf->shared_small = sadd(tf->shared_small, small_ops(r));
	tf->shared_ops = sadd(tf->shared_ops, sadd(x->reads, x->writes));
	tf->shared_wfiles += x->bw > 0;
	/* data the ranks write together: a write a rank and 1 MiB, not
	 * the 40 B Open MPI's shared-file-pointer files take */
	tf->shared_wfiles_nompi += x->bw >= 1048576 &&
				   x->writes >= job->nprocs &&
				   !ids_has(&mpi->all, r->id);
	if (spread_shared_storage(
		    job, &s, (double)job->nprocs,
		    r->ic[POSIX_MAX_WRITE_TIME_SIZE] >
				    r->ic[POSIX_MAX_READ_TIME_SIZE]
			    ? r->ic[POSIX_MAX_WRITE_TIME_SIZE]
			    : r->ic[POSIX_MAX_READ_TIME_SIZE],
		    fmax(r->fc[POSIX_F_MAX_WRITE_TIME],
			 r->fc[POSIX_F_MAX_READ_TIME]),
		    (double)nn(x->reads) + (double)nn(x->writes)))
		s.slow_t = -1; /* the time spread is judged no rank's */
	if (!ids_has(&mpi->all, r->id) ||
	    (posix_beyond_mpiio(mpi, r->id, s.bytes) &&
	     !posix_aggregated(mpi, r->id, s.fast_b)))
		shared_spread(&s, spread_ranks(r, &s, (double)job->nprocs), tf);
	else
		aggregators(job, r, s.bytes, s.time, mpi, tf);
}

/* A file's bytes read and written through STDIO, all its records: re-read
 * and rewritten as POSIX's are (stdio-bulk: 256 MiB written, fread
 * twice). */
struct sred {
	uint64_t id;
	int64_t br, maxr;     /* bytes read, highest byte read */
	int64_t pass;	      /* of br, one pass a rank (stdio_rank_pass()) */
	int code, used;	      /* code_file(); a POSIX record of it was seen */
	int64_t bw, maxw;     /* bytes written, highest byte written */
	int64_t opens, ranks; /* fopens and fdopens; the ranks holding it */
	double tm;	      /* metadata seconds (fopen, fclose, fseek) */
};
struct sreds {
	struct sred *v;
	size_t n;
};

static int sred_before(const struct sred *x, const struct sred *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_sreds, struct sred, sred_before)

static int cmp_sred(const void *a, const void *b)
{
	const struct sred *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Bytes read beyond the highest byte read + 1 (maxr + 1 not computed:
 * it may be INT64_MAX) */
static int64_t reread(int64_t br, int64_t maxr)
{
	return maxr >= 0 && br > 0 && br - 1 > maxr ? br - 1 - maxr : 0;
}

/*
 * The rewrites of a file the job never read (issue 34, round 131): its
 * bytes moved again can be no re-reads (r131-hmevery's histogram
 * rewritten after each of 96 inputs, r133-manifest's manifest after each
 * of 300 frames).  A file both read and written is left to the job-wide
 * split: its counters do not tell a re-read from reading back its own
 * rewrites (r45-part-sorted: 9 passes each read and rewritten, labelled
 * re-reads; r40-mad's out-of-core matrices written and read twice).
 */
static void wo_rewrites(int64_t rw, int64_t br, int code,
			struct iol_trifacts *tf)
{
	if (!code && br <= 0 && rw > 0)
		tf->redundant_rewrite = sadd(tf->redundant_rewrite, rw);
}

static void red_add(uint64_t id, int64_t red, int64_t stdio, int64_t once,
		    int code, struct iol_trifacts *tf)
{
	if (code) {
		tf->redundant_code = sadd(tf->redundant_code, sadd(red, stdio));
		return;
	}
	tf->redundant_bytes = sadd(tf->redundant_bytes, red);
	if (stdio > 0) /* else -1 stays: no STDIO module */
		tf->redundant_stdio = sadd(tf->redundant_stdio, stdio);
	if (once > 0)
		tf->redundant_once = sadd(tf->redundant_once, once);
	if (sadd(red, stdio) > tf->redundant_max) {
		tf->redundant_max = sadd(red, stdio);
		tf->redundant_id = id;
	}
}

/*
 * A STDIO record's bytes read in one pass a rank: at most its highest
 * byte + 1 for each rank it holds (a shared record's ranks, each opening
 * the file once), as own_reread() frees for POSIX.  A rank that opens
 * the file again (r26-reread-each: 60 fopens a rank) has one pass.
 */
static int64_t stdio_rank_pass(const struct iol_jrec *r, int64_t nprocs)
{
	int64_t br = r->ic[STDIO_BYTES_READ], maxr = r->ic[STDIO_MAX_BYTE_READ];
	int64_t ranks = r->rank < 0 && nprocs > 1 ? nprocs : 1;

	if (maxr < 0 || br <= 0)
		return 0;
	if (sadd(r->ic[STDIO_OPENS], r->ic[STDIO_FDOPENS]) > ranks)
		ranks = 1;
	if (maxr >= INT64_MAX / ranks - 1)
		return br;
	return br < (maxr + 1) * ranks ? br : (maxr + 1) * ranks;
}

/*
 * A file's STDIO re-reads that are only each rank's one pass over an
 * input (r26-reread-once: 4 ranks fread a 32 MiB file once each): the
 * question whether to read it once and broadcast, not a rank reading
 * its bytes again.  They stay in redundant_stdio, but triage judges
 * them by the impact floors, not as true re-reads (round 26's deck-all,
 * labelled trivial).
 */
static int64_t stdio_once(const struct sred *e)
{
	int64_t once = e->maxr >= 0 ? reread(e->pass, e->maxr) : 0;
	int64_t all = reread(e->br, e->maxr);

	return once < all ? once : all;
}

/*
 * A record's re-reads: its bytes read beyond one pass over what it read
 * (the highest byte + 1).  A rank that opened the file once and read
 * each byte once has no re-read: N ranks each reading one input once, in
 * one open each, is the question whether to read it once and broadcast,
 * not redundancy (issue 34, round 11's all-read: 4 ranks, 4 opens, one
 * pass each, labelled trivial, the broadcast twin no faster).  So a
 * record of at most one open a rank (a shared record's ranks counted,
 * Darshan sums their bytes and keeps the highest byte) has a pass a rank
 * free; a rank that opens the file again and reads it again re-reads
 * (readmostly: 5 opens a rank, IOR's 4 read passes, every byte of the
 * file read 4 times), and only one pass is free.
 */
static int64_t own_reread(const struct fr *r, int64_t nprocs)
{
	int64_t ranks = r->rank < 0 && nprocs > 1 ? nprocs : 1;

	if (r->maxr < 0 || r->br <= 0)
		return 0;
	if (r->opens > ranks)
		ranks = 1;
	if (r->maxr >= INT64_MAX / ranks - 1)
		return 0; /* one pass each is more than any count */
	return reread(r->br, (r->maxr + 1) * ranks - 1);
}

/*
 * Bytes a file's records moved beyond its highest offset + 1, read and
 * written: data the job moved more than once.  Reads count by record
 * (own_reread()), at most the file's; writes by file, as ranks writing
 * the same bytes overwrite each other's.  Not divided by the
 * rank count, which would make the same application redundant at 2
 * ranks and not at 4.  A program's code
 * (code_file) is counted apart: imports are no data read twice.  The
 * file's STDIO re-reads count as far as they exceed POSIX's: a byte both
 * layers saw (a stdio built on the POSIX calls Darshan wraps) is one
 * byte, so only the larger layer's re-reads are taken.
 */
/*
 * A file rewritten pass after pass, each pass its own open (a config
 * file truncated and rewritten 1000 times): a pass costs its open and
 * close as well as its writes, and a truncated file's new data is
 * written out at its close (ext4), metadata time to Darshan.  The
 * reopens up to the passes rewritten (rewritten bytes over the file's
 * size) take their share of the file's metadata time.
 */
/*
 * The first open of each rank that holds the file is no reopen: 4 ranks
 * appending to one log, each opening it once (r36-applog-each), pay 4
 * opens and no pass; they were staked as 3 (0.12-0.79 s with the load,
 * REDUNDANT flipping between its reruns).  ranks: the ranks whose
 * records these are (a shared record's, nprocs).
 */
static double reopen_secs(int64_t opens, int64_t ranks, double tm, int64_t rw,
			  int64_t mw)
{
	double passes;

	if (ranks < 1)
		ranks = 1;
	if (opens <= ranks || rw <= 0 || mw < 0 || !(tm > 0))
		return 0;
	passes = (double)rw / ((double)mw + 1);
	return tm * fmin((double)(opens - ranks), passes) / (double)opens;
}

/*
 * A file read whole again and again, each pass its own open (issue 34,
 * round 126): a re-read pass costs its open and close as well as its
 * reads (r126-mcrecheck: 200 result files of 648 B re-read after every
 * replicate, 41009 POSIX opens and 20501 fdopens, 0.54 s of metadata
 * beside 0.05 s of re-read bytes; the read-once twin saved 6 s).  The
 * re-read bytes' share of the file's bytes read takes that share of its
 * metadata time, at most the opens beyond each rank's first (a config
 * or an input opened once a rank pays none), less what the passes
 * rewriting it took already (wro, reopen_secs()).
 */
static double reread_reopen_secs(int64_t opens, int64_t ranks, double tm,
				 int64_t rr, int64_t br, double wro)
{
	double share;

	if (ranks < 1)
		ranks = 1;
	if (opens <= ranks || rr <= 0 || br <= 0 || !(tm > 0))
		return 0;
	share = fmin((double)(opens - ranks) / (double)opens,
		     fmin(1, (double)rr / (double)br));
	return fmax(0, tm * share - fmax(0, wro));
}

/*
 * Bytes written beyond the files a record's name held (issue 34, round
 * 46): a file renamed away after a write pass leaves its name to a new
 * file, so each open after a rename writes a file of its own.  A rank
 * holds at most one file an open and one more than its renames
 * (POSIX_RENAME_SOURCES; the target's RENAMED_FROM names only the last
 * source, so it counts no more).  status-fsync's status.R.tmp, written,
 * fsync'd and renamed over status.R each step (OPENS 1000, RENAME_SOURCES
 * 1000, 61893 B of at most 63 B): 1000 files, nothing written twice;
 * ckpt-rotate's N-1 ckpt.tmp renamed to ckpt.STEP (16 opens of 4 ranks,
 * 4 renames, 4 x 32 MiB): 4 checkpoints, no rewrite.  Without renames
 * it is every byte beyond the highest byte + 1, as before.
 */
static int64_t rewritten(int64_t bw, int64_t mw, int64_t opens, int64_t ranks,
			 int64_t renames)
{
	int64_t per = ranks > 1 ? opens / ranks : opens, files = 1;

	if (mw < 0 || bw <= 0)
		return 0;
	if (renames > 0 && per > 1)
		files = renames >= per ? per : renames + 1;
	if (mw >= INT64_MAX / files - 1)
		return 0; /* the files hold more than any count */
	return reread(bw, (mw + 1) * files - 1);
}

/*
 * Rewrites of a file MPI-IO wrote nonblocking (nb_secs()): their bytes,
 * and their seconds at its slowest rank's MPI-IO time a byte of the
 * file (r55-iwall: 234881024 B of 268435456, 0.342 s: 0.299 s), which
 * IOL-REDUNDANT stakes instead of POSIX's time for them.
 */
static void nb_rewrites(double nbt, int64_t rw, int64_t bw,
			struct iol_trifacts *tf)
{
	if (!(nbt >= 0) || rw <= 0 || bw <= 0)
		return;
	tf->redundant_nb_bytes += (double)rw;
	tf->redundant_nb_time += nbt * fmin(1, (double)rw / (double)bw);
}

/*
 * A file every rank read whole, one pass each (issue 34, round 57): its
 * one shared record or a record of each rank, only read, bytes read at
 * least the ranks' count times its highest byte + 1, no re-read
 * (own_reread() 0).  No rank re-reads it; whether to read it once and
 * broadcast is a question of time: had the ranks shared the device
 * evenly, reading once would take 1/N of a rank's time (r57-allread: 4
 * ranks each 3.7-4.0 s from a throttled tier; the bcast twin saved
 * 2.8-3.0 s of I/O), but where the page cache served all but the first
 * reader, the others' time is the cache's (r16-readall16: fastest
 * rank 0.132 s, slowest 1.595 s waiting for the cold pages; reading
 * once saved nothing).  So the fastest rank's time less 1/N of it: what
 * reading once saves at least in the first case, at most in the second.
 */
static void bcast_read(const struct fr *a, size_t n, int64_t nprocs, int64_t br,
		       int64_t mr, int64_t own, struct iol_trifacts *tf)
{
	double fast = -1;
	size_t k;

	if (nprocs < 2 || a[0].code || own > 0 || mr < 0 ||
	    mr >= INT64_MAX / nprocs - 1 || br < (mr + 1) * nprocs ||
	    (!(n == 1 && a[0].rank < 0) && n != (size_t)nprocs))
		return;
	for (k = 0; k < n; k++) {
		double t = a[k].rank < 0 ? a[k].fast_t : a[k].t;

		if (a[k].bw > 0 || a[k].br <= 0 || (n > 1 && a[k].rank < 0))
			return;
		fast = fast < 0 || t < fast ? t : fast;
	}
	if (!(fast > 0))
		return;
	tf->redundant_bcast = sadd(tf->redundant_bcast, br - (mr + 1));
	tf->redundant_bcast_time += fast * (1 - 1 / (double)nprocs);
}

/*
 * A file's STDIO rewrites beyond POSIX's (issue 34, round 59): bytes
 * STDIO wrote beyond the files its name held, counted as rewritten()
 * counts POSIX's (a byte both layers saw is one byte, so only STDIO's
 * excess).  numpy's np.save writes its header by write(2) and its data
 * by one fwrite on a dup'ed descriptor: r59-ckpt-every2's ck.npy,
 * rewritten whole 20 times (STDIO OPENS 20, BYTES_WRITTEN 167772160,
 * MAX_BYTE_WRITTEN 8388735), held 2432 B of POSIX rewrites (the
 * headers) and none of its data's.  A rewrite is judged by its time,
 * as POSIX's are: each open truncating the file and writing it whole
 * again is a pass the run pays (r7-config-rewrite); an appended log
 * (each open writing past the last) and a new file a step hold none.
 */
static int64_t stdio_rewrites(const struct sred *e, int64_t renames)
{
	int64_t rw = rewritten(e->bw, e->maxw, e->opens, e->ranks, renames);

	/* read back pass for pass: a state handed from one step to the
	 * next through the file (r57-py-interm-local: np.save then np.load
	 * of 32 MiB, 24 times; labelled trivial, by design), whose cost is
	 * the reading back, which the re-reads count */
	return e->br >= rw ? 0 : rw;
}

/* the reopens of a file STDIO rewrote pass after pass, as
 * reopen_secs() counts POSIX's (r53-ph-rewrite: diag.txt re-created
 * by fopen "w" 2000 times, 4.56 s of STDIO metadata time) */
static double stdio_reopen_secs(const struct sred *e, int64_t rw)
{
	return reopen_secs(e->opens, e->ranks, e->tm, rw, e->maxw);
}

/* the reopens of a file STDIO re-read pass after pass, each its own
 * fopen or fdopen, as reread_reopen_secs() counts POSIX's: STDIO's
 * opens and metadata time are its own (numpy's np.load: an open(2) and
 * an fdopen a pass, each layer timing its own) */
static void stdio_rr_reopens(const struct sred *e, int64_t renames,
			     struct iol_trifacts *tf)
{
	int64_t rw = stdio_rewrites(e, renames);
	double wro = rw > 0 ? stdio_reopen_secs(e, rw) : 0;

	tf->redundant_rr_reopen_time += reread_reopen_secs(
		e->opens, e->ranks, e->tm, reread(e->br, e->maxr), e->br, wro);
}

/*
 * Whole passes over a file set drawn across ranks (issue 34, round 188).
 * A training job reads each sample file once an epoch, the rank that
 * reads it drawn by the shuffle: over two epochs most files are read by
 * two ranks, once each, and some by one rank twice (r188-samplefiles:
 * 2048 files of 16 KiB, 500 drawn twice by one rank, 8.2 MB "re-read",
 * labelled false: the packed twin reads as much, and no counter sees
 * its passes).  Which rank drew a file twice is the draw's, not the
 * program's: a file one rank read p whole times is no re-read where at
 * least as many files, and two or more, had their p whole passes read
 * by different ranks.  A file every rank reads again, or one read more
 * often than the rest (a config re-read each step), keeps its re-reads.
 */
#define DRAW_PASSES 64
struct draws {
	int64_t spread[DRAW_PASSES + 1], one[DRAW_PASSES + 1];
};

/* The whole passes p (2..DRAW_PASSES) the ranks' own records
 * a[0..n-1] of one file read it in, else 0 */
static int64_t whole_passes(const struct fr *a, size_t n)
{
	int64_t br = 0, mr = -1, p;
	size_t k;

	for (k = 0; k < n; k++) {
		if (a[k].rank < 0)
			return 0;
		br = sadd(br, a[k].br);
		mr = a[k].maxr > mr ? a[k].maxr : mr;
	}
	if (mr < 0 || br <= 0 || mr == INT64_MAX || br % (mr + 1))
		return 0;
	p = br / (mr + 1);
	return p >= 2 && p <= DRAW_PASSES ? p : 0;
}

/* Counts the file a[0..n-1] into dr: its passes spread over ranks, each
 * reading it once, or read by one rank alone */
static void draws_add(const struct fr *a, size_t n, int64_t nprocs,
		      struct draws *dr)
{
	int64_t p = whole_passes(a, n);
	size_t k;

	if (!p || a[0].code)
		return;
	if (n == 1) {
		dr->one[p] += own_reread(a, nprocs) > 0;
		return;
	}
	for (k = 0; k < n; k++)
		if (own_reread(&a[k], nprocs) > 0)
			return;
	dr->spread[p]++;
}

/* Whether one rank's whole passes over a[0] are the draw's (see struct
 * draws) */
static int drawn(const struct fr *a, size_t n, const struct draws *dr)
{
	int64_t p = n == 1 ? whole_passes(a, n) : 0;

	return p && dr->spread[p] >= 2 && dr->spread[p] >= dr->one[p];
}

int iol_trifacts_drawn(const struct iol_job *job, uint64_t **ids, size_t *n)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_POSIX];
	struct draws dr = {{0}, {0}};
	struct fr *a;
	uint64_t *v;
	size_t i, j, m = 0;

	*ids = NULL, *n = 0;
	if (!jm->loaded || !jm->n)
		return 0;
	if (!(a = calloc(jm->n, sizeof(*a))))
		return -1;
	for (i = 0; i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		struct iol_recx xbuf;
		const struct iol_recx *x =
			iol_jmod_rx(jm, IOL_MOD_POSIX, i, &xbuf);

		a[i].id = r->id, a[i].rank = r->rank, a[i].br = nn(x->br);
		a[i].maxr = r->ic[POSIX_MAX_BYTE_READ];
		a[i].opens = nn(r->ic[POSIX_OPENS]);
		a[i].code = code_file(iol_job_name(job, r->id));
	}
	a = sort_frs(a, jm->n, jm->byid);
	for (i = 0; i < jm->n; i = j) {
		for (j = i + 1; j < jm->n && a[j].id == a[i].id; j++)
			;
		draws_add(a + i, j - i, job->nprocs, &dr);
	}
	if (!(v = malloc(jm->n * sizeof(*v)))) {
		free(a);
		return -1;
	}
	for (i = 0; i < jm->n; i = j) {
		for (j = i + 1; j < jm->n && a[j].id == a[i].id; j++)
			;
		if (!a[i].code && drawn(a + i, j - i, &dr))
			v[m++] = a[i].id;
	}
	free(a);
	if (!m)
		free(v), v = NULL;
	*ids = v, *n = m;
	return 0;
}

static void redundant(const struct fr *a, size_t n, int64_t nprocs,
		      struct sreds *st, const struct draws *dr,
		      struct iol_trifacts *tf)
{
	int64_t br = 0, bw = 0, mr = -1, mw = -1, rr, own = 0, stdio = 0,
		opens = 0;
	int64_t once = 0, ranks = 0, ren = 0, rw, srw = 0;
	struct sred key = {.id = a[0].id}, *e;
	double tm = 0, wro;
	size_t k;

	for (k = 0; k < n; k++) {
		br = sadd(br, a[k].br), bw = sadd(bw, a[k].bw);
		mr = a[k].maxr > mr ? a[k].maxr : mr;
		mw = a[k].maxw > mw ? a[k].maxw : mw;
		opens = sadd(opens, a[k].opens);
		own = sadd(own,
			   drawn(a, n, dr) ? 0 : own_reread(&a[k], nprocs));
		tm += a[k].tm;
		ranks = sadd(ranks, a[k].rank < 0 && nprocs > 1 ? nprocs : 1);
		ren = sadd(ren, a[k].renames);
	}
	rw = rewritten(bw, mw, opens, ranks, ren);
	wro = a[0].code ? 0 : reopen_secs(opens, ranks, tm, rw, mw);
	tf->redundant_reopen_time += wro;
	if (!a[0].code)
		nb_rewrites(a[0].nbt, rw, bw, tf);
	rr = reread(br, mr);
	if (!a[0].code)
		tf->redundant_rr_reopen_time += reread_reopen_secs(
			opens, ranks, tm, own < rr ? own : rr, br, wro);
	e = st->n ? bsearch(&key, st->v, st->n, sizeof(key), cmp_sred) : NULL;
	if (e) {
		e->used = 1;
		if (!a[0].code)
			stdio_rr_reopens(e, ren, tf);
		stdio = reread(e->br, e->maxr) - rr;
		stdio = stdio > 0 ? stdio : 0;
		once = stdio_once(e) - rr;
		once = once < 0 ? 0 : once < stdio ? once : stdio;
		srw = stdio_rewrites(e, ren) - rw;
		srw = srw > 0 ? srw : 0;
		if (srw > 0 && !a[0].code)
			tf->redundant_reopen_time += stdio_reopen_secs(e, srw);
	}
	bcast_read(a, n, nprocs, br, mr, own, tf);
	rr = own < rr ? own : rr;
	wo_rewrites(sadd(rw, srw), e ? sadd(br, e->br) : br, a[0].code, tf);
	red_add(a[0].id, sadd(sadd(rr, rw), srw), stdio, once, a[0].code, tf);
}

/* one file's STDIO writes over its records (a rank's each) */
static void sred_merge_w(struct sred *to, const struct sred *x)
{
	to->bw = sadd(to->bw, x->bw);
	to->opens = sadd(to->opens, x->opens);
	to->ranks = sadd(to->ranks, x->ranks);
	to->tm += x->tm;
	if (x->maxw > to->maxw)
		to->maxw = x->maxw;
}

/* The STDIO records that read or write, one entry a file (sorted by id); none
 * when the log has no STDIO module (redundant_stdio stays -1). */
static int stdio_pass(const struct iol_job *job, struct iol_trifacts *tf,
		      struct sreds *st)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_STDIO];
	size_t i, k;

	if (!jm->loaded)
		return 0;
	tf->redundant_stdio = 0;
	tf->redundant_once = 0;
	/* a log without POSIX records: STDIO's reopens alone */
	if (!(tf->redundant_rr_reopen_time >= 0))
		tf->redundant_rr_reopen_time = 0;
	if (!jm->n)
		return 0;
	st->v = calloc(jm->n, sizeof(*st->v));
	if (!st->v)
		return IOL_ENOMEM;
	for (i = 0; i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];

		if (r->ic[STDIO_BYTES_READ] > 0 ||
		    r->ic[STDIO_BYTES_WRITTEN] > 0)
			st->v[st->n++] = (struct sred){
				r->id,
				r->ic[STDIO_BYTES_READ],
				r->ic[STDIO_MAX_BYTE_READ],
				stdio_rank_pass(r, job->nprocs),
				code_file(iol_job_name(job, r->id)),
				0,
				r->ic[STDIO_BYTES_WRITTEN],
				r->ic[STDIO_MAX_BYTE_WRITTEN],
				r->ic[STDIO_OPENS],
				r->rank < 0 && job->nprocs > 1 ? job->nprocs
							       : 1,
				nnf(r->fc[STDIO_F_META_TIME])};
	}
	sort_sreds(st->v, st->n);
	for (i = k = 0; i < st->n; i++) {
		if (k && st->v[k - 1].id == st->v[i].id) {
			st->v[k - 1].br = sadd(st->v[k - 1].br, st->v[i].br);
			st->v[k - 1].pass =
				sadd(st->v[k - 1].pass, st->v[i].pass);
			if (st->v[i].maxr > st->v[k - 1].maxr)
				st->v[k - 1].maxr = st->v[i].maxr;
			sred_merge_w(&st->v[k - 1], &st->v[i]);
		} else {
			st->v[k++] = st->v[i];
		}
	}
	st->n = k;
	return 0;
}

/* The files only STDIO read or wrote: their re-reads and rewrites. */
static void stdio_only(const struct sreds *st, struct iol_trifacts *tf)
{
	size_t i;

	for (i = 0; i < st->n; i++) {
		int64_t rw = st->v[i].used ? 0 : stdio_rewrites(&st->v[i], 0);

		if (rw > 0 && !st->v[i].code)
			tf->redundant_reopen_time +=
				stdio_reopen_secs(&st->v[i], rw);
		if (!st->v[i].used && !st->v[i].code)
			stdio_rr_reopens(&st->v[i], 0, tf);
		if (!st->v[i].used)
			wo_rewrites(rw, st->v[i].br, st->v[i].code, tf);
		if (!st->v[i].used)
			red_add(st->v[i].id, rw,
				reread(st->v[i].br, st->v[i].maxr),
				stdio_once(&st->v[i]), st->v[i].code, tf);
	}
}

/* (max - min) / max of one direction over a file's per-rank records */
static double spread(int64_t lo, int64_t hi)
{
	return hi > 0 ? 100.0 * (double)(hi - lo) / (double)hi : NAN;
}

/* A rank's bytes in one direction into the range of the ranks that
 * moved any. */
static void rank_bytes(int64_t v, int64_t *lo, int64_t *hi, int64_t *np)
{
	if (v <= 0)
		return;
	*lo = v < *lo ? v : *lo;
	*hi = v > *hi ? v : *hi;
	(*np)++;
}

/* A collective MPI-IO file's per-rank POSIX records: the ranks that
 * have one are its aggregators. */
static void coll_ranks(const struct fr *a, size_t n, struct iol_trifacts *tf)
{
	double sum = 0, slow = 0, k = 0;
	int64_t rank = -1;
	size_t i;

	for (i = 0; i < n; i++) {
		if (a[i].rank < 0)
			return; /* a shared record: aggregators() judged it */
		tf->rank_bytes_coll =
			sadd(tf->rank_bytes_coll, sadd(a[i].br, a[i].bw));
		if (sadd(a[i].br, a[i].bw) <= 0)
			continue;
		k++, sum += a[i].t;
		if (a[i].t > slow)
			slow = a[i].t, rank = a[i].rank;
	}
	if (k >= 2)
		skew(a[0].id, sum, k, slow, rank, tf);
}

/* The busiest rank's time on a file beyond the mean of its ranks. */
static double rank_stake(const struct fr *a, size_t n)
{
	double sum = 0, busy = 0, k = 0;
	int64_t most = -1;
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i].rank >= 0) {
			k++, sum += a[i].t;
			if (sadd(a[i].br, a[i].bw) > most)
				most = sadd(a[i].br, a[i].bw), busy = a[i].t;
		}
	return k > 0 ? nnf(busy - sum / k) : 0;
}

/*
 * The bytes of a file's records a[0..n-1] read after the file was first
 * written (ws, its earliest write start): each record whose reads began
 * after it (issue 34, round 20).  The file's earliest read is no test:
 * one rank's read of a header at open, before any write, hid jlbez_8a's
 * 25.9 GB that 64 aggregators read back long after writing (F_READ_START
 * 6.49 s, the file first written at 0.248 s) as "0 B read from files
 * written first".
 */
static int64_t read_after_write(const struct fr *a, size_t n, double ws)
{
	int64_t b = 0;
	size_t k;

	for (k = 0; ws >= 0 && k < n; k++)
		if (a[k].br > 0 && a[k].rstart > ws)
			b = sadd(b, a[k].br);
	return b;
}

/* The facts of one file: its records a[0..n-1]. */
static void file_facts(const struct fr *a, size_t n, int64_t nprocs,
		       struct sreds *sr, const struct draws *dr,
		       struct iol_trifacts *tf)
{
	int64_t br = 0, small = 0;
	int64_t lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {0, 0}, np[2] = {0, 0};
	double rs = -1, ws = -1, st = 0;
	size_t k;

	redundant(a, n, nprocs, sr, dr, tf);
	if (a[0].coll) {
		coll_ranks(a, n, tf);
		np[0] = np[1] = -1; /* aggregators differ by design */
	}
	for (k = 0; k < n; k++) {
		br = sadd(br, a[k].br), small = sadd(small, a[k].small);
		st += a[k].st;
		if (a[k].rstart >= 0 && (rs < 0 || a[k].rstart < rs))
			rs = a[k].rstart;
		if (a[k].wstart >= 0 && (ws < 0 || a[k].wstart < ws))
			ws = a[k].wstart;
		if (a[k].rank >= 0 && !a[k].coll)
			rank_bytes(a[k].br, &lo[0], &hi[0], &np[0]);
		if (a[k].rank >= 0 && !a[k].coll)
			rank_bytes(a[k].bw, &lo[1], &hi[1], &np[1]);
	}
	if (st > tf->small_top_secs ||
	    (!(tf->small_top_secs > 0) && small > tf->small_top_ops)) {
		tf->small_top_ops = small, tf->small_top_id = a[0].id;
		tf->small_top_secs = st;
	}
	/* the file read first: only the records that read after writing */
	if (rs >= 0 && ws >= 0 && rs <= ws)
		br = read_after_write(a, n, ws);
	if (br > 0 && rs >= 0 && ws >= 0) {
		tf->raw_bytes = sadd(tf->raw_bytes, br);
		if (br > tf->raw_max)
			tf->raw_max = br, tf->raw_id = a[0].id;
	}
	for (k = 0; k < 2; k++) {
		double p = spread(lo[k], hi[k]);
		if (np[k] >= 2 && hi[k] >= 1048576 &&
		    !(p <= tf->rank_size_imbal_pct)) {
			tf->rank_size_imbal_pct = p;
			tf->rank_size_imbal_id = a[0].id;
			tf->rsimb_stake = rank_stake(a, n);
		}
	}
}

/*
 * A record's stripe: its file's own stripe size from the file's LUSTRE
 * record when the log has one, else POSIX_FILE_ALIGNMENT, the alignment
 * Darshan took for the file system (issue 34, round 20: jeanbez_8's
 * LUSTRE record says 32 MiB stripes where the alignment was 1 MiB).
 */
static int64_t lustre_stripe_of(const struct iol_job *job,
				const struct iol_jrec *r)
{
	size_t i;

	for (i = 0; i < job->nlustre; i++)
		if (job->lustre[i].id == r->id &&
		    job->lustre[i].stripe_size > 0)
			return job->lustre[i].stripe_size;
	return r->ic[POSIX_FILE_ALIGNMENT];
}

/* Do a record's requests all fit inside a stripe: every common access
 * size under the stripe and dividing it?  Then an offset off a stripe
 * boundary does not make a request cross one. */
static int within_stripe(const struct iol_jrec *r, int64_t st)
{
	int64_t sz;
	int k, any = 0;

	if (st <= 1)
		return 0;
	for (k = 0; k < 4; k++) {
		if (r->ic[POSIX_ACCESS1_COUNT + k] <= 0)
			continue;
		sz = r->ic[POSIX_ACCESS1_ACCESS + k];
		if (sz <= 0 || sz >= st || st % sz)
			return 0;
		any = 1;
	}
	return any;
}

/* The record's file ends inside its first stripe. */
static int under_stripe(const struct iol_jrec *r, int64_t st)
{
	int64_t end = r->ic[POSIX_MAX_BYTE_READ] > r->ic[POSIX_MAX_BYTE_WRITTEN]
			      ? r->ic[POSIX_MAX_BYTE_READ]
			      : r->ic[POSIX_MAX_BYTE_WRITTEN];

	return st > 0 && end >= 0 && end < st;
}

/*
 * Of a record's requests off a stripe boundary, those that may cross
 * one (issue 34, round 20): Darshan counts a request that starts off a
 * boundary, but one smaller than the stripe crosses only when it starts
 * within its size of the next; at offsets spread over the stripe, its
 * size over the stripe of them.  When every common access size is under
 * the stripe, the largest's share of the stripe is taken: jeanbez_8's
 * 122862 HDF5 metadata reads of ~470 B in 32 MiB stripes cross about 2.
 */
static int64_t lustre_crossing(const struct iol_jrec *r, int64_t st,
			       int64_t notaligned)
{
	int64_t sz, big = 0;
	int k;

	if (st <= 1 || notaligned <= 0)
		return notaligned;
	for (k = 0; k < 4; k++) {
		if (r->ic[POSIX_ACCESS1_COUNT + k] <= 0)
			continue;
		sz = r->ic[POSIX_ACCESS1_ACCESS + k];
		if (sz <= 0 || sz >= st)
			return notaligned;
		big = sz > big ? sz : big;
	}
	if (!big)
		return notaligned;
	return (int64_t)ceil((double)notaligned * (double)big / (double)st);
}

/* A record on a Lustre mount: its operations and misalignment. */
static void lustre_rec(const struct iol_job *job, const struct iol_jrec *r,
		       const struct iol_recx *x, int64_t *most,
		       struct iol_trifacts *tf)
{
	const char *path = iol_job_name(job, r->id);
	int m = path ? iol_job_mount_of(job, path) : -1;
	int64_t ops = sadd(x->reads, x->writes);
	int64_t st;

	if (m < 0 || !job->mounts[m].type ||
	    strcmp(job->mounts[m].type, "lustre") || !ops)
		return;
	st = lustre_stripe_of(job, r);
	if (tf->lustre_ops < 0)
		tf->lustre_ops = tf->lustre_notaligned = 0;
	tf->lustre_ops += ops;
	/* a file smaller than the stripe cannot cross one */
	if (!within_stripe(r, st) && !under_stripe(r, st))
		tf->lustre_notaligned +=
			lustre_crossing(r, st, nn(x->notaligned));
	if (ops > *most) {
		*most = ops;
		tf->lustre_stripe = st;
		tf->lustre_id = r->id;
	}
}

/* The POSIX records, compactly, with the shared-record facts on the way;
 * *out is allocated (NULL when there are none). */
/* The record's reads when each is alone in its open and within one
 * request a rank of the file (trifacts.h: lone_reads), else 0.  A
 * shared record's ranks each read their own request (r6-open-storm:
 * 4 ranks x 5000 opens, each a pread of 64 B at rank x 64, the highest
 * byte 255): the reads span at most one mean request a rank. */
static int64_t lone_reads(const struct iol_jrec *r, const struct iol_recx *x,
			  int64_t nprocs)
{
	int64_t top = r->ic[POSIX_MAX_BYTE_READ], k, mean;

	if (x->reads <= 0 || x->opens < x->reads || x->br <= 0 || top < 0)
		return 0;
	mean = x->br / x->reads;
	if (mean >= 1048576) /* not small requests */
		return 0;
	k = r->rank < 0 && nprocs > 1 ? nprocs : 1;
	/* (top + 1) * reads <= br * k, without overflow (mean < 1 MiB) */
	return k <= INT64_MAX / 1048576 && top < mean * k ? x->reads : 0;
}

/*
 * The record's reads that returned 0 B at end of file (issue 34, round
 * 116): a read loop's last read, at most one an open, in the 0-100 B
 * bin.  They are told only when the common access sizes hold every
 * other request and every byte: the rest then moved nothing.
 */
static int64_t eof_reads(const struct iol_jrec *r, const struct iol_recx *x)
{
	int64_t e = nn(r->ic[POSIX_SIZE_READ_0_100]), n = 0, b = 0, c, sz;
	int k;

	e = e < x->opens ? e : x->opens;
	if (e <= 0 || x->reads <= e || x->br < 0 || x->bw < 0)
		return 0;
	for (k = 0; k < 4; k++) {
		c = r->ic[POSIX_ACCESS1_COUNT + k];
		sz = r->ic[POSIX_ACCESS1_ACCESS + k];
		if (c <= 0)
			continue;
		if (sz <= 0 || sz >= 1048576 || c > INT64_MAX / 1048576)
			return 0;
		n = sadd(n, c);
		b = sadd(b, sz * c);
	}
	return n == sadd(x->reads - e, x->writes) && b == sadd(x->br, x->bw)
		       ? e
		       : 0;
}

/* Reads under 1 MiB of the whole file, one an open, each from 0 to the
 * highest byte (a rank's own record, or each rank of a shared one) */
static int whole_reads(const struct iol_jrec *r, int64_t reads, int64_t br,
		       int64_t opens)
{
	int64_t top = r->ic[POSIX_MAX_BYTE_READ];

	/* reads * 1 MiB within 64 bits (a hostile log's counts) */
	if (reads <= 0 || reads > INT64_MAX / 1048576 || br <= 0 || top < 0 ||
	    top >= 1048576)
		return 0;
	if (r->rank >= 0 ? reads != 1 : reads > opens)
		return 0;
	return br == reads * (top + 1);
}

/* The record's requests under 1 MiB that are each a whole file
 * (trifacts.h: whole_file_ops): at most one read an open and one write,
 * each ending at the file's highest byte, so that it began at 0, with
 * the reads' 0-B reads at end of file (eof_reads()), which only close
 * the read loop; its lone reads (lone) are counted there already.  Such
 * a request cannot grow without fewer files (IOL-SMALL-REQ). */
static int64_t whole_file_ops(const struct iol_jrec *r,
			      const struct iol_recx *x, int64_t lone)
{
	/* a rank's own record keeps its 0-B reads as requests: labelled,
	 * a storm's files read whole then at EOF are its small requests
	 * (r37-py-imports, r84-sortstorm's spills: material) */
	int64_t n = 0, e = r->rank < 0 ? eof_reads(r, x) : 0;

	if (x->writes > 1 || (r->rank < 0 && x->writes) ||
	    x->reads - e > (r->rank < 0 ? x->opens : 1))
		return 0;
	if (!lone && whole_reads(r, x->reads - e, x->br, x->opens))
		n += x->reads;
	if (x->writes == 1 && x->bw > 0 && x->bw < 1048576 &&
	    r->ic[POSIX_MAX_BYTE_WRITTEN] == x->bw - 1)
		n++;
	return n;
}

/* A record's reads under 1 MiB: the five lowest read bins, less the
 * requests of exactly 1 MiB the 100K_1M bin holds (the common sizes do
 * not tell reads from writes: at most that bin) */
static int64_t small_reads(const struct iol_jrec *r, int64_t m)
{
	/* a negative bin (a hostile log's) holds no request of 1 MiB */
	const int64_t *rd = &r->ic[POSIX_SIZE_READ_0_100];
	int64_t s = 0, top = nn(r->ic[POSIX_SIZE_READ_100K_1M]);
	uint64_t any = 0;
	int b;

	/* as small_ops_m(): bins under 2^58 summed as they are */
	for (b = 0; b < 5; b++)
		any |= (uint64_t)rd[b];
	if (any >> 58 == 0)
		for (b = 0; b < 5; b++)
			s += rd[b];
	else
		for (b = 0; b < 5; b++)
			s = sadd(s, rd[b]);
	return s - (m < top ? m : top);
}

/* The kernel's read-ahead window (Linux's default read_ahead_kb, 128) */
#define READAHEAD_BYTES 131072

/*
 * Are a record's reads those of a read-modify-write: a write after
 * (nearly) every read, the direction switching at least once a read
 * (RW_SWITCHES ~ READS + WRITES)?  Each read then waits on its own
 * call, whatever readahead brings, and one run's reads may come from the
 * cache or the device: their time is the small requests' cost, not a
 * stream's (round 14's r14-rmw-4k: 32768 reads and 32768 writes of
 * 4 KiB, 65535 switches; the same pages in 1 MiB blocks saved 0.32-1.19
 * s in 3 of 3 pairs).  A stream read then written (one switch) is not.
 */
static int rmw_reads(const struct iol_jrec *r)
{
	int64_t n = r->ic[POSIX_READS], sw = r->ic[POSIX_RW_SWITCHES];

	return n > 0 && sw >= n && r->ic[POSIX_WRITES] >= n / 2;
}

/*
 * Does the kernel's readahead serve a record's reads?  Forward reads
 * (nine in ten sequential: consecutive, or ahead of the last) whose
 * mean gap, the span not read over the reads, lies within the read-ahead
 * window: the kernel reads the span ahead in large requests, and a
 * larger request saves only the calls.  Calls of under 1 KiB on average
 * are not: several a page, the call is their cost (r12-sqlite-select:
 * 53363 sequential 4 KiB pages, 94 % sequential; r11-sorted-pread:
 * 2 KiB records 51 KiB apart, 98 %; random reads, round 4's rand-read,
 * are half sequential by chance).
 */
static int readahead(const struct iol_jrec *r, const struct iol_recx *x)
{
	int64_t n = r->ic[POSIX_READS], seq = r->ic[POSIX_SEQ_READS];
	int64_t top = r->ic[POSIX_MAX_BYTE_READ], gap;

	if (n < 2 || seq < 0 || top < 0 || x->br <= 0 || x->br / n < 1024 ||
	    seq < n - n / 10 || rmw_reads(r))
		return 0;
	/* top + 1 overflows at a hostile INT64_MAX; br > 0 here */
	gap = top >= x->br ? (top - x->br + 1) / n : 0;
	return gap <= READAHEAD_BYTES;
}

/* Per-rank sums of small reads: sparse records' time, span and bytes,
 * readahead's time */
struct sreadacc {
	struct rankacc t, span, bytes, ra;
	double big_b, big_t; /* large reads' bytes and time */
};

/* Are a record's reads sparse: at most half the span they lie in, or
 * in no order (under nine in ten sequential, as readahead() asks), and
 * that span known to be theirs (trifacts.h: sparse_read_time)?  Reads
 * in no order that cover their span (a B-tree's pages looked up at
 * random) are no cheaper to replace: a larger request reads the same
 * span at a large read's pace (r45-sqlite-lookup: 50125 random 4 KiB
 * page reads of a 196 MiB file in 0.46-0.56 s, within the 0.77 s the
 * span takes at 256 MiB/s; labelled trivial, and it flipped between
 * info and warn at 4.0 and 5.35 % of the run) */
static int sparse(const struct iol_jrec *r, const struct iol_recx *x,
		  int64_t nprocs)
{
	int64_t top = r->ic[POSIX_MAX_BYTE_READ];
	int64_t n = r->ic[POSIX_READS], seq = r->ic[POSIX_SEQ_READS];

	if (!((r->rank < 0 || nprocs <= 1) && top >= 0 && x->br > 0))
		return 0;
	/* (top + 1) / 2, without its overflow at INT64_MAX */
	return x->br <= top - top / 2 ||
	       (n >= 2 && seq >= 0 && seq < n - n / 10);
}

/* A record's small reads into the sums (trifacts.h: sparse_read_time) */
static void sread_add(struct sreadacc *a, const struct iol_jrec *r,
		      const struct iol_recx *x, int64_t nprocs, int64_t mib)
{
	int64_t sr, top = r->ic[POSIX_MAX_BYTE_READ];
	double tr = nnf(x->tr), share, span, br;

	if (x->reads <= 0 || !(tr > 0))
		return;
	sr = small_reads(r, mib); /* mib: one_mib(r) */
	if (sr <= 0) {
		a->big_b += (double)nn(x->br), a->big_t += tr;
		return;
	}
	share = (double)(sr < x->reads ? sr : x->reads) / (double)x->reads;
	span = ((double)top + 1) * share;
	br = (double)nn(x->br) * share;
	if (r->rank < 0 && nprocs > 0) {
		/* a rank's share, as small_secs() */
		tr = fmin(tr / (double)nprocs,
			  nnf(r->fc[POSIX_F_SLOWEST_RANK_TIME]));
		span /= (double)nprocs, br /= (double)nprocs;
	}
	if (readahead(r, x))
		racc_add(&a->ra, r->rank, tr * share);
	else if (!sparse(r, x, nprocs))
		return;
	racc_add(&a->t, r->rank, tr * share);
	racc_add(&a->span, r->rank, span);
	racc_add(&a->bytes, r->rank, br);
}

/* a's value at the rank where by is largest (a shared record adds to
 * every rank) */
static double racc_at(const struct rankacc *a, const struct rankacc *by)
{
	double m = by->spill, v = a->spill;
	size_t i;

	for (i = 0; i < by->n; i++)
		if (by->v[i] > m)
			m = by->v[i], v = a->v[i];
	return v + a->shared;
}

/* The small reads' facts of the slowest rank by small operations' time */
static void sread_facts(const struct sreadacc *a, const struct rankacc *all,
			struct iol_trifacts *tf)
{
	tf->sparse_read_time = racc_at(&a->t, all);
	tf->sparse_read_span = racc_at(&a->span, all);
	tf->sparse_read_bytes = racc_at(&a->bytes, all);
	tf->small_ra_time = racc_at(&a->ra, all);
	tf->large_read_mibs =
		a->big_t > 0 ? a->big_b / 1048576.0 / a->big_t : NAN;
}

/*
 * A shared record's rewrite, when its slowest rank moved it: the bytes
 * written beyond the highest byte + 1, at most what the slowest rank
 * moved beyond the fastest, are its, at its pace (its time over its
 * bytes).  Spread over all the record's bytes they would take the
 * ranks' mean share, while one rank wrote them and the others waited:
 * round 14's r14-prealloc, Open MPI's MPI_File_preallocate writing
 * 256 MiB of zeros from rank 0 (335544320 B in 3.297 s against the
 * other ranks' 67108864 B in 0.057 s) had 1.65 s at stake, half of rank
 * 0's time; labelled 3.3 s.
 */
static double rewrite_rank_secs(const struct iol_jrec *r,
				const struct iol_recx *x, int64_t nprocs,
				double nbt)
{
	int64_t mw = r->ic[POSIX_MAX_BYTE_WRITTEN];
	int64_t sb = r->ic[POSIX_SLOWEST_RANK_BYTES];
	int64_t fb = r->ic[POSIX_FASTEST_RANK_BYTES];
	double ts = r->fc[POSIX_F_SLOWEST_RANK_TIME], rw;
	/* a renamed-away file's passes are files of their own */
	int64_t w = rewritten(x->bw, mw, nn(r->ic[POSIX_OPENS]), nprocs,
			      nn(r->ic[POSIX_RENAME_SOURCES]));

	if (r->rank >= 0 || w <= 0 || sb <= 0 || fb < 0 || sb <= fb ||
	    !(ts > 0) || !isfinite(ts))
		return 0;
	rw = fmin((double)w, (double)(sb - fb));
	/* written nonblocking: what its rank waited is MPI-IO's (nb_secs()) */
	if (nbt >= 0)
		ts = fmin(ts, nbt);
	return ts * fmin(1, rw / (double)sb);
}

/* Per-rank arrays are kept for jobs of up to this many processes; above
 * it every rank's own records count as one (the slowest estimate then
 * takes the largest record). */
#define MAX_RANKS (1 << 22)

/* 1 when one of the job's mounts is Lustre: lustre_rec() has nothing to
 * find in a job without (a name lookup and a scan of the mounts a record) */
static int has_lustre(const struct iol_job *job)
{
	int j;

	for (j = 0; j < job->nmounts; j++)
		if (job->mounts[j].type &&
		    !strcmp(job->mounts[j].type, "lustre"))
			return 1;
	return 0;
}

/* A shared record's fastest rank's time; -1 for a rank's own record */
static double fastest_secs(const struct iol_jrec *r)
{
	return r->rank < 0 ? nnf(r->fc[POSIX_F_FASTEST_RANK_TIME]) : -1;
}

static int posix_pass(const struct iol_job *job, const struct mpisets *mpi,
		      struct iol_trifacts *tf, struct fr **out, size_t *nout)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_POSIX];
	struct rankacc all = {NULL, 0, 0, 0}, sh = {NULL, 0, 0, 0};
	struct sreadacc sra;
	size_t nr = job->nprocs > 0 && job->nprocs <= MAX_RANKS
			    ? (size_t)job->nprocs
			    : 0;
	int64_t most = 0;
	struct fr *a;
	double *dw;
	size_t i;
	int lustre = has_lustre(job);

	*out = NULL;
	*nout = 0;
	if (!jm->loaded || !jm->n)
		return 0;
	memset(&sra, 0, sizeof(sra));
	a = malloc(jm->n * sizeof(*a)); /* each written below: not zeroed */
	all.v = calloc(5 * (nr + 1), sizeof(double));
	if (!a || !all.v) {
		free(a), free(all.v);
		return IOL_ENOMEM;
	}
	all.n = sra.t.n = sra.span.n = sra.bytes.n = sra.ra.n = nr;
	sra.t.v = all.v + (nr + 1);
	sra.span.v = all.v + 2 * (nr + 1);
	sra.bytes.v = all.v + 3 * (nr + 1);
	sra.ra.v = all.v + 4 * (nr + 1);
	tf->mem_notaligned = 0;
	tf->one_mib_ops = 0;
	tf->lone_reads = 0;
	tf->whole_file_ops = 0;
	tf->redundant_bcast = 0;
	tf->redundant_bcast_time = 0;
	tf->redundant_rr_reopen_time = 0;
	/* synced records' writes from DXT: NULL, the counters' split */
	dw = iol_trifacts_dxt_writes(job);
	for (i = 0; i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		struct iol_recx xbuf;
		const struct iol_recx *x;
		int64_t mib = one_mib(r), small = small_ops_m(r, mib), lone,
			whole;
		double sec_all, sec_rank, nbt;

		x = iol_jmod_rx(jm, IOL_MOD_POSIX, i, &xbuf);
		tf->mem_notaligned =
			sadd(tf->mem_notaligned, r->ic[POSIX_MEM_NOT_ALIGNED]);
		tf->one_mib_ops = sadd(tf->one_mib_ops, mib);
		/* a rank's own record is all its own: small_secs() with and
		 * without sum are one value, computed once */
		sec_all = small_secs(r, x, small, 1, job->nprocs,
				     dw ? dw[i] : -1);
		sec_rank = r->rank >= 0 ? sec_all
					: small_secs(r, x, small, 0,
						     job->nprocs, -1);
		lone = lone_reads(r, x, job->nprocs);
		tf->lone_reads = sadd(tf->lone_reads, lone);
		nbt = mpiio_nb_secs(mpi, r->id);
		tf->redundant_rank_time +=
			rewrite_rank_secs(r, x, job->nprocs, nbt);
		whole = whole_file_ops(r, x, lone);
		tf->whole_file_ops = sadd(tf->whole_file_ops, whole);
		a[i] = (struct fr){r->id,
				   r->rank,
				   nn(x->br),
				   nn(x->bw),
				   small,
				   r->ic[POSIX_MAX_BYTE_READ],
				   r->ic[POSIX_MAX_BYTE_WRITTEN],
				   x->reads > 0 ? x->rstart : -1,
				   x->writes > 0 ? x->wstart : -1,
				   nnf(x->tr) + nnf(x->tw) + nnf(x->tm),
				   sec_all,
				   ids_has(&mpi->coll, r->id),
				   code_file(iol_job_name(job, r->id)),
				   nn(r->ic[POSIX_OPENS]),
				   nnf(x->tm),
				   sadd(nn(x->reads), nn(x->writes)),
				   nn(r->ic[POSIX_RENAME_SOURCES]),
				   nbt,
				   fastest_secs(r),
				   sadd(lone, whole)};
		racc_add(&all, r->rank, sec_rank);
		sread_add(&sra, r, x, job->nprocs, mib);
		if (r->rank < 0) {
			shared_rec(job, r, x, mpi, tf);
			racc_add(&sh, -1, sec_rank);
		}
		if (lustre)
			lustre_rec(job, r, x, &most, tf);
	}
	tf->small_time = racc_slowest(&all);
	tf->shared_small_time = racc_slowest(&sh);
	sread_facts(&sra, &all, tf);
	free(all.v), free(dw);
	*out = a;
	*nout = jm->n;
	return 0;
}

/* A module's small-file columns: max byte read, written, read time,
 * write time, opens, fdopens (-1: none), bytes read, written, fsyncs and
 * fdatasyncs (-1: none). */
struct smallf_cols {
	int mr, mw, tr, tw, op, fdop, br, bw, sy, dsy;
};

/*
 * A file a process synced again and again (twice or more): a log or
 * a tally made durable after each line or batch (issue 34, round 118's
 * r118-fsync: intermediate.log fsynced 300 times a rank, 4.13 s of its
 * write time the syncs' waits, which Darshan counts as write time).
 * Packing the job's small files into one keeps every sync, so that time
 * is FSYNC's, not a file storm's.  A file synced once when done (r99's
 * cache entries) stays a storm's file: FSYNC tells that case apart.
 */
static int resynced_file(const struct iol_jrec *r, const struct smallf_cols *c,
			 int64_t nprocs)
{
	int64_t sy, procs = r->rank < 0 && nprocs > 1 ? nprocs : 1;

	if (c->sy < 0)
		return 0;
	sy = sadd(nn(r->ic[c->sy]), c->dsy >= 0 ? nn(r->ic[c->dsy]) : 0);
	return sy >= 2 * procs;
}

/*
 * A file a process opened again and again (IOL_TRI_STORM_REOPENS times
 * or more) to move a piece of it each time (under half the file an open
 * on average): a line appended a step, a record looked up (issue 34,
 * round 108's r108-sweepsync: 8 progress.csv files opened 300 times
 * each to append a 28-B line, 14.8 s of synchronous writes).  Packing
 * such files into one keeps every open and every request, so their data
 * time is the requests' (SMALL-REQ) and the reopens' (META-BOUND), not a
 * file storm's.  A file read whole at each open (a loader's epochs)
 * stays a storm's file.
 */
static int piece_file(const struct iol_jrec *r, const struct smallf_cols *c,
		      int64_t hi, int64_t nprocs)
{
	int64_t op = nn(r->ic[c->op]), procs = r->rank < 0 ? nprocs : 1, moved;

	if (c->fdop >= 0)
		op = sadd(op, nn(r->ic[c->fdop]));
	if (op < IOL_TRI_STORM_REOPENS * (procs > 1 ? procs : 1))
		return 0;
	moved = sadd(nn(r->ic[c->br]), nn(r->ic[c->bw]));
	return (double)moved < (double)op * (double)(hi + 1) / 2;
}

/*
 * A record's read and write seconds when its file is small: its highest
 * byte read or written + 1 at most IOL_TRI_SMALL_FILE_B (the default
 * small_file_bytes).  A storm's cost is each small file's open, its few
 * small requests and its close (issue 34, round 29's dl-npy-many: 0.141
 * s of opens and 0.181 s of 9061 reads of 2000 files of 8320 B).  0
 * when the file is larger or was not read or written, or is a piece
 * file (piece_file()) or synced again and again (resynced_file()).
 */
static double small_file_secs(const struct iol_jrec *r,
			      const struct smallf_cols *c, int64_t nprocs)
{
	int64_t hi = r->ic[c->mr] > r->ic[c->mw] ? r->ic[c->mr] : r->ic[c->mw];

	if (hi < 0 || hi >= IOL_TRI_SMALL_FILE_B ||
	    piece_file(r, c, hi, nprocs) || resynced_file(r, c, nprocs))
		return 0;
	return nnf(r->fc[c->tr]) + nnf(r->fc[c->tw]);
}

/* a small file read: its id and its highest byte read + 1 */
struct span {
	uint64_t id;
	int64_t b;
};

static int span_before(const struct span *x, const struct span *y)
{
	return x->id < y->id;
}

/* base/sort.h, not qsort(): a log's facts call none (t/7142) */
IOL_SORT_DEFINE(sort_spans, struct span, span_before)
struct spans {
	struct span *v;
	size_t n;
};

/* One module's small files' data seconds into a (a shared record: its
 * mean rank's, the record's sum over nprocs), and the files read into
 * sp. */
static void small_files_mod(const struct iol_job *job, int mod,
			    const struct smallf_cols *c, struct rankacc *a,
			    struct spans *sp)
{
	const struct iol_jmod *jm = &job->mod[mod];
	size_t i;

	for (i = 0; jm->loaded && i < jm->n; i++) {
		const struct iol_jrec *r =
			&jm->recs[jm->byid ? jm->byid[i] : i];
		double t = small_file_secs(r, c, job->nprocs);

		if (r->rank < 0 && job->nprocs > 1)
			t /= (double)job->nprocs;
		if (!jm->byid)
			racc_add(a, r->rank, t);
		if (t > 0 && r->ic[c->mr] >= 0)
			sp->v[sp->n++] = (struct span){r->id, r->ic[c->mr] + 1};
	}
	/* in id order above, the files; the ranks' sums in the records'
	 * order, as always (a sum in another order may differ in its last
	 * bits) */
	for (i = 0; jm->loaded && jm->byid && i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		double t = small_file_secs(r, c, job->nprocs);

		if (r->rank < 0 && job->nprocs > 1)
			t /= (double)job->nprocs;
		racc_add(a, r->rank, t);
	}
}

/* The bytes of the small files read, each file's once (its records'
 * highest byte read + 1, POSIX's and STDIO's the same file): what a
 * packed file reads from storage; reading them again, epoch after
 * epoch, is the page cache's in either layout (round 29's dl-npy-many:
 * 2000 files of 8320 B, 16.6 MB, read 3 times). */
/* Are jm's records taken in id order (small_files_mod)? */
static int in_id_order(const struct iol_jmod *jm)
{
	return !jm->loaded || jm->n < 2 || jm->byid;
}

static double span_bytes(struct spans *sp, size_t at, int sorted)
{
	struct span *m = sorted && at > 0 && at < sp->n
				 ? malloc(sp->n * sizeof(*m))
				 : NULL;
	double t = 0;
	size_t i, j;

	if (m) { /* two runs in id order (the job's byid): merged */
		sort_spans_merge(sp->v, at, sp->v + at, sp->n - at, m);
		free(sp->v);
		sp->v = m;
	} else if (!sorted || (at > 0 && at < sp->n)) {
		sort_spans(sp->v, sp->n);
	}
	for (i = 0; i < sp->n; i = j) {
		int64_t m = sp->v[i].b;

		for (j = i + 1; j < sp->n && sp->v[j].id == sp->v[i].id; j++)
			if (sp->v[j].b > m)
				m = sp->v[j].b;
		t += (double)m;
	}
	return t;
}

/* tf->small_file_time: the slowest rank's, POSIX and STDIO summed;
 * tf->small_file_span: span_bytes(), the job's. */
static int small_files(const struct iol_job *job, struct iol_trifacts *tf)
{
	static const struct smallf_cols pc = {
		POSIX_MAX_BYTE_READ, POSIX_MAX_BYTE_WRITTEN,
		POSIX_F_READ_TIME,   POSIX_F_WRITE_TIME,
		POSIX_OPENS,	     -1,
		POSIX_BYTES_READ,    POSIX_BYTES_WRITTEN,
		POSIX_FSYNCS,	     POSIX_FDSYNCS};
	static const struct smallf_cols sc = {STDIO_MAX_BYTE_READ,
					      STDIO_MAX_BYTE_WRITTEN,
					      STDIO_F_READ_TIME,
					      STDIO_F_WRITE_TIME,
					      STDIO_OPENS,
					      STDIO_FDOPENS,
					      STDIO_BYTES_READ,
					      STDIO_BYTES_WRITTEN,
					      -1,
					      -1};
	const struct iol_jmod *p = &job->mod[IOL_MOD_POSIX],
			      *s = &job->mod[IOL_MOD_STDIO];
	size_t nr = job->nprocs > 0 && job->nprocs <= MAX_RANKS
			    ? (size_t)job->nprocs
			    : 0;
	struct rankacc a = {NULL, nr, 0, 0};
	struct spans sp = {NULL, 0};
	size_t at;

	if (!p->loaded && !s->loaded)
		return 0;
	a.v = calloc(nr + 1, sizeof(double));
	sp.v = calloc((p->loaded ? p->n : 0) + (s->loaded ? s->n : 0) + 1,
		      sizeof(*sp.v));
	if (!a.v || !sp.v) {
		free(a.v), free(sp.v);
		return IOL_ENOMEM;
	}
	small_files_mod(job, IOL_MOD_POSIX, &pc, &a, &sp);
	at = sp.n;
	small_files_mod(job, IOL_MOD_STDIO, &sc, &a, &sp);
	tf->small_file_time = racc_slowest(&a);
	tf->small_file_span =
		span_bytes(&sp, at, in_id_order(p) && in_id_order(s));
	free(a.v), free(sp.v);
	return 0;
}

/* The best write pace of mod's per-process records of 1 MiB or more
 * written (bc bytes, tc seconds) into *best; *id the first such
 * record's file, *files 1 then, 2 once another file's is seen (a flag,
 * not id 0: a damaged log's id may be 0).  A pace beyond any double (a
 * time of 1e-320 s) measures nothing. */
static void write_pace_mod(const struct iol_jmod *m, int bc, int tc,
			   double *best, uint64_t *id, int *files)
{
	size_t i;

	for (i = 0; m->loaded && i < m->n; i++) {
		const struct iol_jrec *r = &m->recs[i];
		double b = (double)nn(r->ic[bc]), t = r->fc[tc];

		if (r->rank < 0 || b < 1048576.0 || !(t > 0) ||
		    !isfinite(b / 1048576.0 / t))
			continue;
		*best = fmax(*best, b / 1048576.0 / t);
		if (!*files)
			*id = r->id, *files = 1;
		else if (r->id != *id)
			*files = 2;
	}
}

/* tf->best_write_mibs: what the storage showed one process could write
 * at, where two files or more show it (a file alone is the writer's own
 * pace, no comparison) */
static void best_write(const struct iol_job *job, struct iol_trifacts *tf)
{
	double best = 0;
	uint64_t id = 0;
	int files = 0;

	write_pace_mod(&job->mod[IOL_MOD_POSIX], POSIX_BYTES_WRITTEN,
		       POSIX_F_WRITE_TIME, &best, &id, &files);
	write_pace_mod(&job->mod[IOL_MOD_STDIO], STDIO_BYTES_WRITTEN,
		       STDIO_F_WRITE_TIME, &best, &id, &files);
	tf->best_write_mibs = files > 1 && best > 0 ? best : NAN;
}

/* A rank's MPI-IO record of a file, for files logged without Darshan's
 * shared-file reduction (every rank keeps its own record). */
struct mrec {
	uint64_t id;
	int64_t rank, bytes;
	double t;
};

static int mrec_before(const struct mrec *x, const struct mrec *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_mrecs, struct mrec, mrec_before)

/* A file every rank kept its own record of is a shared file: its
 * spread is judged as a reduced record's (slowest and fastest rank by
 * time, their bytes, the sums). */
static void rank_group(const struct mrec *m, size_t n, int64_t nprocs,
		       struct iol_trifacts *tf)
{
	struct spread_in s = {m[0].id, 0, 0, -1, -1, -1, -1, -1};
	size_t k, lo = 0, hi = 0;

	if (nprocs < 2 || (int64_t)n != nprocs)
		return;
	for (k = 0; k < n; k++) {
		s.bytes += (double)m[k].bytes, s.time += m[k].t;
		if (m[k].t < m[lo].t)
			lo = k;
		if (m[k].t > m[hi].t)
			hi = k;
	}
	s.fast_b = m[lo].bytes, s.fast_t = m[lo].t;
	s.slow_b = m[hi].bytes, s.slow_t = m[hi].t;
	s.slow_rank = m[hi].rank;
	shared_spread(&s, (double)nprocs, tf);
}

static void rank_spread(struct mrec *m, size_t n, int64_t nprocs,
			struct iol_trifacts *tf)
{
	size_t i, j;

	sort_mrecs(m, n);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && m[j].id == m[i].id; j++)
			;
		rank_group(m + i, j - i, nprocs, tf);
	}
}

/*
 * A file's collective rounds in one direction (0 read, 1 write): the
 * bytes all its MPI-IO records moved that way and the rounds (a rank's
 * record: its collective calls, every rank joins each; a shared record:
 * its calls over the processes).
 */
struct mround {
	uint64_t id;
	double b[2], n[2];
	int64_t ranks; /* its records of one rank each */
};

static int mround_before(const struct mround *x, const struct mround *y)
{
	return x->id < y->id;
}

IOL_SORT_DEFINE(sort_mrounds, struct mround, mround_before)

static int cmp_mround(const void *a, const void *b)
{
	uint64_t x = ((const struct mround *)a)->id;
	uint64_t y = ((const struct mround *)b)->id;

	return x < y ? -1 : x > y;
}

/* The rounds of every file, one entry a file, sorted by id; *n entries */
static struct mround *mpiio_rounds(const struct iol_jmod *jm, int64_t nprocs,
				   size_t *n)
{
	struct mround *v = calloc(jm->n + 1, sizeof(*v));
	size_t i, k = 0;
	int d;

	*n = 0;
	if (!v)
		return NULL;
	for (i = 0; i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		const int64_t *c = r->ic;
		double cr = (double)nn(
			sadd(c[MPIIO_COLL_READS], c[MPIIO_SPLIT_READS]));
		double cw = (double)nn(
			sadd(c[MPIIO_COLL_WRITES], c[MPIIO_SPLIT_WRITES]));
		double f = r->rank < 0 && nprocs > 1 ? (double)nprocs : 1;

		v[i] = (struct mround){r->id,
				       {(double)nn(c[MPIIO_BYTES_READ]),
					(double)nn(c[MPIIO_BYTES_WRITTEN])},
				       {cr / f, cw / f},
				       r->rank >= 0};
	}
	sort_mrounds(v, jm->n);
	for (i = 0; i < jm->n; i++) {
		if (k && v[k - 1].id == v[i].id) {
			for (d = 0; d < 2; d++) {
				v[k - 1].b[d] += v[i].b[d];
				v[k - 1].n[d] = fmax(v[k - 1].n[d], v[i].n[d]);
			}
			v[k - 1].ranks += v[i].ranks;
			continue;
		}
		v[k++] = v[i];
	}
	*n = k;
	return v;
}

/*
 * A record's collective calls in direction d that are its shares of
 * large rounds (issue 34, round 20): a call is small only when its round
 * is, and a round is large when the file's bytes that way over its
 * rounds are at least 1 MiB.  A rank that brings no data (or a few
 * bytes) to a round the other ranks fill joins it with a zero-byte call,
 * which Darshan bins as 0-100 B: neither that nor what the rank waits
 * for in it is a small request.  jeanbez_8: 888 of 1024 ranks bring
 * nothing to 20 collective writes of ~32 MiB pieces (19160 zero-byte
 * calls), once counted as small requests of 2 s a rank.
 */
static int64_t mpiio_round_share(const struct iol_jrec *r, int d,
				 const struct mround *rounds, size_t nrounds)
{
	const int64_t *c = r->ic;
	int64_t coll = d ? sadd(c[MPIIO_COLL_WRITES], c[MPIIO_SPLIT_WRITES])
			 : sadd(c[MPIIO_COLL_READS], c[MPIIO_SPLIT_READS]);
	struct mround key = {r->id, {0, 0}, {0, 0}, 0};
	const struct mround *m;

	if (nn(coll) <= 0 || !rounds)
		return 0;
	m = bsearch(&key, rounds, nrounds, sizeof(*rounds), cmp_mround);
	if (!m || !(m->n[d] > 0) || m->b[d] / m->n[d] < 1048576.0)
		return 0;
	return coll;
}

/*
 * Whether a MPI-IO record is of a shared file (issue 34, round 20): a
 * shared record (rank -1), or one of a file that records of two ranks or
 * more hold.  Darshan keeps a file per rank when not every rank opened
 * it, or when its reduction is off: jeanbez_8's benchmark.h5 is 1024
 * per-rank records of one id, read by every rank, and was judged to
 * have no shared file.
 */
static int mpiio_shared_rec(const struct iol_jrec *r,
			    const struct mround *rounds, size_t nrounds)
{
	struct mround key = {r->id, {0, 0}, {0, 0}, 0};
	const struct mround *m;

	if (r->rank < 0)
		return 1;
	m = rounds ? bsearch(&key, rounds, nrounds, sizeof(*rounds), cmp_mround)
		   : NULL;
	return m && m->ranks >= 2;
}

/*
 * Takes from a record's small calls in direction d (small, tiny) those
 * that are its shares of large rounds (large of them, from
 * mpiio_round_share()): the bins do not tell collective calls from
 * independent ones, so only the small calls that must be collective, those
 * beyond the independent calls, at most large (imbalanced-io's 2534
 * independent small calls beside 992 collective large ones stay small).
 * Zero-byte shares lie in the 0-100 B bin: tiny first.
 */
static void mpiio_unshare(const int64_t *c, int d, int64_t large,
			  int64_t *small, int64_t *tiny)
{
	int64_t ind =
		d ? sadd(nn(c[MPIIO_INDEP_WRITES]), nn(c[MPIIO_NB_WRITES]))
		  : sadd(nn(c[MPIIO_INDEP_READS]), nn(c[MPIIO_NB_READS]));
	int64_t x = *small > ind ? *small - ind : 0;

	x = x < large ? x : large;
	*small -= x;
	*tiny -= x < *tiny ? x : *tiny;
}

/*
 * A record's MPI-IO calls by their size bins (the size a rank gives a
 * call), direction d (0 reads, 1 writes): under 1 MiB, less those of
 * exactly 1 MiB the 100K_1M bin holds (the common access sizes tell, as
 * reads first), under 10 KiB, and all.  A record whose calls are mostly
 * collective (split ones too) is written in rounds that collective
 * buffering gathers from every rank: a call is small only when its round
 * is, its bin's upper bound times the processes under 1 MiB (8 ranks'
 * 4 KiB calls are rounds of 32 KiB, each a round of exchange; 496 ranks'
 * 240 KiB calls are rounds of 120 MB, not small); nor are its shares of
 * rounds measured large (large, mpiio_round_share(); mpiio_unshare()).
 */
static void mpiio_sizes(const struct iol_jrec *r, int64_t nprocs, int d,
			int64_t large, int64_t *small, int64_t *tiny,
			int64_t *all)
{
	static const double upper[5] = {100, 1024, 10240, 102400, 1048576};
	const int64_t *c = r->ic;
	int64_t coll = sadd(sadd(c[MPIIO_COLL_READS], c[MPIIO_COLL_WRITES]),
			    sadd(c[MPIIO_SPLIT_READS], c[MPIIO_SPLIT_WRITES]));
	int64_t ind = sadd(sadd(c[MPIIO_INDEP_READS], c[MPIIO_INDEP_WRITES]),
			   sadd(c[MPIIO_NB_READS], c[MPIIO_NB_WRITES]));
	double fold = coll > ind && nprocs > 1 ? (double)nprocs : 1;
	int base = d ? MPIIO_SIZE_WRITE_AGG_0_100 : MPIIO_SIZE_READ_AGG_0_100;
	int64_t top, m = 0, before;
	int b, k;

	*small = *tiny = *all = 0;
	for (b = 0; b < 10; b++) {
		int64_t x = nn(c[base + b]);
		int sm = b < 5 && upper[b] * fold <= 1048576.0;

		*all = sadd(*all, x);
		*small = sadd(*small, sm ? x : 0);
		*tiny = sadd(*tiny, sm && b < 3 ? x : 0);
	}
	if (fold > 1) {
		mpiio_unshare(c, d, large, small, tiny);
		return; /* the 100K_1M bin was not counted */
	}
	for (k = 0; k < 4; k++)
		if (c[MPIIO_ACCESS1_ACCESS + k] == 1048576)
			m = sadd(m, c[MPIIO_ACCESS1_COUNT + k]);
	/* the exactly-1 MiB calls are not told by direction: reads first */
	before = d ? nn(c[MPIIO_SIZE_READ_AGG_100K_1M]) : 0;
	m = m > before ? m - before : 0;
	top = nn(c[base + 4]);
	*small -= m < top ? m : top;
	mpiio_unshare(c, d, large, small, tiny);
}

/* large_bytes_secs() of an MPI-IO record, as posix_large_secs(), in
 * direction d (0 reads, 1 writes) alone */
static double mpiio_large_secs(const struct iol_jrec *r, int d, int64_t nprocs)
{
	static const int bin0[2] = {MPIIO_SIZE_READ_AGG_0_100,
				    MPIIO_SIZE_WRITE_AGG_0_100},
			 bytes[2] = {MPIIO_BYTES_READ, MPIIO_BYTES_WRITTEN},
			 size[2] = {MPIIO_MAX_READ_TIME_SIZE,
				    MPIIO_MAX_WRITE_TIME_SIZE},
			 time[2] = {MPIIO_F_MAX_READ_TIME,
				    MPIIO_F_MAX_WRITE_TIME};
	double share = r->rank < 0 && nprocs > 0 ? 1.0 / (double)nprocs : 1;
	double call = r->ic[size[d]] >= 1048576 ? nnf(r->fc[time[d]]) : 0;

	return fmax(
		isfinite(call) ? call : 0,
		large_dir_secs(r, bin0[d], bytes[d], size[d], time[d], share));
}

/* The seconds a rank spends in a MPI-IO record's small calls, direction
 * d: its time that way (a shared record: a rank's share of it, no more
 * than its slowest rank's time, as small_secs() for POSIX) less its
 * large calls' (mpiio_large_secs()), times their share of that way's
 * calls. */
static double mpiio_small_secs(const struct iol_jrec *r, int d, int64_t small,
			       int64_t all, int64_t nprocs)
{
	double rw = nnf(r->fc[d ? MPIIO_F_WRITE_TIME : MPIIO_F_READ_TIME]);

	if (small <= 0 || all <= 0 || !(rw > 0))
		return 0;
	if (r->rank < 0)
		rw = nprocs > 0 ? fmin(rw / (double)nprocs,
				       nnf(r->fc[MPIIO_F_SLOWEST_RANK_TIME]))
				: 0;
	rw = fmax(0, rw - mpiio_large_secs(r, d, nprocs));
	return rw * (double)small / (double)all;
}

/* The MPI-IO layer's small calls (trifacts.h): counts, and the slowest
 * rank's seconds in them, all records and shared ones. */
static int mpiio_small(const struct iol_job *job, struct iol_trifacts *tf)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_MPIIO];
	size_t nr = job->nprocs > 0 && job->nprocs <= MAX_RANKS
			    ? (size_t)job->nprocs
			    : 0;
	struct rankacc all = {NULL, nr, 0, 0}, sh = {NULL, nr, 0, 0};
	struct mround *rounds;
	size_t i, nrounds;

	all.v = calloc(2 * (nr + 1), sizeof(double));
	if (!all.v)
		return IOL_ENOMEM;
	sh.v = all.v + nr + 1;
	tf->mpiio_small = tf->mpiio_tiny = tf->mpiio_ops = 0;
	tf->mpiio_shared_small = tf->mpiio_shared_ops = 0;
	tf->mpiio_shared_small_coll = 0;
	rounds = mpiio_rounds(jm, job->nprocs, &nrounds);
	if (!rounds) {
		free(all.v);
		return IOL_ENOMEM;
	}
	for (i = 0; i < jm->n; i++) {
		const struct iol_jrec *r = &jm->recs[i];
		int64_t small = 0, tiny = 0, ops = 0;
		double t = 0;
		int d;

		for (d = 0; d < 2; d++) {
			int64_t s, ti, a;

			mpiio_sizes(r, job->nprocs, d,
				    mpiio_round_share(r, d, rounds, nrounds),
				    &s, &ti, &a);
			t += mpiio_small_secs(r, d, s, a, job->nprocs);
			small = sadd(small, s);
			tiny = sadd(tiny, ti);
			ops = sadd(ops, a);
		}
		tf->mpiio_small = sadd(tf->mpiio_small, small);
		tf->mpiio_tiny = sadd(tf->mpiio_tiny, tiny);
		tf->mpiio_ops = sadd(tf->mpiio_ops, ops);
		racc_add(&all, r->rank, t);
		if (mpiio_shared_rec(r, rounds, nrounds)) {
			tf->mpiio_shared_small =
				sadd(tf->mpiio_shared_small, small);
			tf->mpiio_shared_ops = sadd(tf->mpiio_shared_ops, ops);
			racc_add(&sh, r->rank, t);
			if (small > 0)
				tf->mpiio_shared_small_coll = sadd(
					tf->mpiio_shared_small_coll,
					sadd(nn(r->ic[MPIIO_COLL_READS]),
					     nn(r->ic[MPIIO_COLL_WRITES])));
		}
	}
	free(rounds);
	tf->mpiio_small_time = racc_slowest(&all);
	tf->mpiio_shared_small_time = racc_slowest(&sh);
	free(all.v);
	return 0;
}

/* a byte count as an int64_t, at most INT64_MAX: 2^63 and more (a
 * hostile log's) is none */
static int64_t bytes_i64(double b)
{
	return b < 9223372036854775807.0 ? (int64_t)b : INT64_MAX;
}

/* The shared POSIX records by file id, ties in the log's order (a
 * stable sort): net_aggregation looks a collective file up once a
 * shared MPI-IO record, not in a pass over every POSIX record (300,000
 * collective files: 9e10 comparisons) */
typedef const struct iol_jrec *jrecp;

struct sposix {
	jrecp *v;
	size_t n;
	int made;
};

static int sposix_before(const jrecp *x, const jrecp *y)
{
	return (*x)->id < (*y)->id;
}

IOL_SORT_DEFINE(sort_sposix, jrecp, sposix_before)

/* sp made, once; IOL_ENOMEM when it cannot be */
static int sposix_make(const struct iol_job *job, struct sposix *sp)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_POSIX];
	size_t i;

	if (sp->made)
		return 0;
	sp->made = 1;
	if (!jm->loaded || !jm->n)
		return 0;
	sp->v = malloc(jm->n * sizeof(*sp->v));
	if (!sp->v)
		return IOL_ENOMEM;
	for (i = 0; i < jm->n; i++)
		if (jm->recs[i].rank < 0)
			sp->v[sp->n++] = &jm->recs[i];
	sort_sposix(sp->v, sp->n);
	return 0;
}

/* the first of sp's records of file id (sp->n: none): sp is sorted by
 * id, and a file's shared POSIX records sit together */
static size_t sposix_first(const struct sposix *sp, uint64_t id)
{
	return iol_jrecs_from(sp->v, sp->n, id);
}

/*
 * A file collective MPI-IO calls drove (issue 34, round 52): its
 * slowest MPI-IO rank may be the collective-buffering aggregator, whose
 * MPI-IO time holds the POSIX I/O it does for all ranks (h5p-coll:
 * rank 0 4.271 s MPI-IO, 3.479 s of it the file's POSIX writes, the
 * others 0.8 s).  When the slowest MPI-IO rank is the shared POSIX
 * record's slowest rank, its time and the ranks' sum are judged net of
 * that POSIX time: a rank slower than the others beyond its aggregation
 * work stays a straggler, as does any rank of an independent file.
 */
static void net_aggregation(const struct sposix *sp, struct spread_in *s)
{
	size_t i;

	for (i = sposix_first(sp, s->id); i < sp->n && sp->v[i]->id == s->id;
	     i++) {
		const struct iol_jrec *r = sp->v[i];
		double slow = r->fc[POSIX_F_SLOWEST_RANK_TIME],
		       all = nnf(r->fc[POSIX_F_READ_TIME]) +
			     nnf(r->fc[POSIX_F_WRITE_TIME]) +
			     nnf(r->fc[POSIX_F_META_TIME]);

		if (r->ic[POSIX_SLOWEST_RANK] != s->slow_rank || !(slow > 0) ||
		    !(s->slow_t >= slow) || !(s->time >= all))
			continue;
		s->slow_t -= slow;
		s->time -= all;
		return;
	}
}

/*
 * What a collective file's bytes cost in POSIX (issue 34, round 104):
 * the read, write and metadata seconds of all its shared POSIX records,
 * every rank's, when they moved at least the bytes MPI-IO moved (the
 * aggregators write the ranks' bytes, sieving reads more); -1 when they
 * did not (no POSIX record, a driver beneath MPI-IO that Darshan's POSIX
 * module does not see).  A rank's lag beyond the mean rank longer than
 * all of that is no I/O of its own: r104-scf8's 8 ranks on 2 cores at
 * load 33 wrote a 2 MiB checkpoint collectively every iteration, the
 * slowest 3.379 s and the mean 1.717 s in MPI-IO over 0.0066 s of POSIX
 * writes by the one aggregator (labelled false: waits for descheduled
 * ranks; its reruns were quiet).
 */
static double sposix_work(const struct sposix *sp, const struct spread_in *s)
{
	double t = 0, b = 0;
	size_t i;

	for (i = sposix_first(sp, s->id); i < sp->n && sp->v[i]->id == s->id;
	     i++) {
		const struct iol_jrec *r = sp->v[i];

		t += nnf(r->fc[POSIX_F_READ_TIME]) +
		     nnf(r->fc[POSIX_F_WRITE_TIME]) +
		     nnf(r->fc[POSIX_F_META_TIME]);
		b += (double)nn(r->ic[POSIX_BYTES_READ]) +
		     (double)nn(r->ic[POSIX_BYTES_WRITTEN]);
	}
	return b > 0 && b >= s->bytes ? t : -1;
}

/*
 * The POSIX metadata seconds beneath a file, every rank's, all its
 * shared POSIX records (issue 34, round 145); -1 when none moved the
 * bytes MPI-IO moved (sposix_work()'s test) or sp is not made.
 */
static double sposix_meta(const struct sposix *sp, const struct spread_in *s)
{
	double t = 0, b = 0;
	size_t i;

	for (i = sposix_first(sp, s->id); i < sp->n && sp->v[i]->id == s->id;
	     i++) {
		t += nnf(sp->v[i]->fc[POSIX_F_META_TIME]);
		b += (double)nn(sp->v[i]->ic[POSIX_BYTES_READ]) +
		     (double)nn(sp->v[i]->ic[POSIX_BYTES_WRITTEN]);
	}
	return b > 0 && b >= s->bytes ? t : -1;
}

/*
 * A file MPI-IO wrote with nonblocking calls (issue 34, round 55): the
 * calls return at once and the file system's writes under them drain
 * while the ranks compute (r55-iwall: POSIX 1.169 s on the slowest rank,
 * MPI-IO 0.342 s), so the POSIX time is not what the ranks waited.  Its
 * slowest rank's MPI-IO time: a shared record's, else the most of a
 * rank's own records; -1 when the record wrote nothing nonblocking or
 * logged no time (a damaged record: POSIX's time stays).
 */
static double nb_secs(const struct iol_jrec *r)
{
	const double *f = r->fc;
	double t = r->rank < 0 ? f[MPIIO_F_SLOWEST_RANK_TIME]
			       : nnf(f[MPIIO_F_READ_TIME]) +
					 nnf(f[MPIIO_F_WRITE_TIME]) +
					 nnf(f[MPIIO_F_META_TIME]);

	return r->ic[MPIIO_NB_WRITES] > 0 && t > 0 && isfinite(t) ? t : -1;
}

/* An MPI-IO record's part of its file's summary */
static void mfile_add(struct mfiles *s, const struct iol_jrec *r)
{
	const int64_t *c = r->ic;

	s->v[s->n++] = (struct mfile){
		r->id,
		(double)nn(c[MPIIO_BYTES_READ]) +
			(double)nn(c[MPIIO_BYTES_WRITTEN]),
		fmax(-1, r->fc[MPIIO_F_SLOWEST_RANK_TIME]), nb_secs(r),
		r->rank < 0 &&
			sadd(c[MPIIO_COLL_READS], c[MPIIO_COLL_WRITES]) > 0 &&
			c[MPIIO_FASTEST_RANK_BYTES] > 0};
}

/* the files in id order, one entry a file: bytes summed, the slowest
 * and nonblocking times their records' most, agg any */
static void mfile_finish(struct mfiles *s)
{
	size_t i, k = 0;

	sort_mfiles(s->v, s->n);
	for (i = 0; i < s->n; i++) {
		if (k && s->v[k - 1].id == s->v[i].id) {
			s->v[k - 1].bytes += s->v[i].bytes;
			s->v[k - 1].slow = fmax(s->v[k - 1].slow, s->v[i].slow);
			s->v[k - 1].nbt = fmax(s->v[k - 1].nbt, s->v[i].nbt);
			s->v[k - 1].agg |= s->v[i].agg;
		} else {
			s->v[k++] = s->v[i];
		}
	}
	s->n = k;
}

/* MPI-IO operation counts, the spread of its shared records (reduced or
 * kept per rank), and the set of its files; IOL_ENOMEM when the set
 * cannot be made. */
static int mpiio_pass(const struct iol_job *job, struct iol_trifacts *tf,
		      struct mpisets *ms)
{
	const struct iol_jmod *jm = &job->mod[IOL_MOD_MPIIO];
	struct ids *mpi = &ms->all;
	struct mrec *m;
	struct sposix sp = {NULL, 0, 0};
	size_t i, nm = 0;

	if (!jm->loaded)
		return 0;
	tf->mpiio_coll = tf->mpiio_indep = tf->mpiio_nb = 0;
	if (jm->n && (!(mpi->v = calloc(jm->n, sizeof(*mpi->v))) ||
		      !(ms->coll.v = calloc(jm->n, sizeof(*mpi->v))) ||
		      !(ms->files.v = calloc(jm->n, sizeof(*ms->files.v)))))
		return IOL_ENOMEM;
	m = calloc(jm->n + 1, sizeof(*m));
	if (!m)
		return IOL_ENOMEM;
	for (i = 0; i < jm->n; i++) {
		const int64_t *c = jm->recs[i].ic;
		const double *f = jm->recs[i].fc;
		struct spread_in s = {
			jm->recs[i].id,
			(double)nn(c[MPIIO_BYTES_READ]) +
				(double)nn(c[MPIIO_BYTES_WRITTEN]),
			nnf(f[MPIIO_F_READ_TIME]) + nnf(f[MPIIO_F_WRITE_TIME]) +
				nnf(f[MPIIO_F_META_TIME]),
			c[MPIIO_FASTEST_RANK_BYTES],
			c[MPIIO_SLOWEST_RANK_BYTES],
			f[MPIIO_F_FASTEST_RANK_TIME],
			f[MPIIO_F_SLOWEST_RANK_TIME],
			c[MPIIO_SLOWEST_RANK]};
		int64_t coll = sadd(c[MPIIO_COLL_READS], c[MPIIO_COLL_WRITES]);

		tf->mpiio_coll = sadd(tf->mpiio_coll, coll);
		tf->mpiio_indep =
			sadd(tf->mpiio_indep,
			     sadd(c[MPIIO_INDEP_READS], c[MPIIO_INDEP_WRITES]));
		tf->mpiio_nb = sadd(tf->mpiio_nb, sadd(c[MPIIO_NB_READS],
						       c[MPIIO_NB_WRITES]));
		/* independent files too: their POSIX metadata time
		 * (sposix_meta()) bounds a collective close's wait */
		if (jm->recs[i].rank < 0) {
			if (sposix_make(job, &sp) < 0) {
				free(m), free(sp.v);
				return IOL_ENOMEM;
			}
			if (coll > 0)
				net_aggregation(&sp, &s);
		}
		if (jm->recs[i].rank < 0 &&
		    (mpiio_shared_storage(job, &s, c, f) ||
		     spread_coll_wait(&s, c, f, (double)job->nprocs,
				      coll > 0 ? sposix_work(&sp, &s) : -1,
				      sposix_meta(&sp, &s))))
			s.slow_t = -1; /* the time spread is judged no rank's */
		if (jm->recs[i].rank < 0)
			shared_spread(&s, (double)job->nprocs, tf);
		else
			m[nm++] = (struct mrec){s.id, jm->recs[i].rank,
						bytes_i64(s.bytes), s.time};
		mpi->v[mpi->n++] = jm->recs[i].id;
		if (coll > 0)
			ms->coll.v[ms->coll.n++] = jm->recs[i].id;
		mfile_add(&ms->files, &jm->recs[i]);
	}
	mfile_finish(&ms->files);
	free(sp.v);
	if (mpiio_small(job, tf) < 0) {
		free(m);
		return IOL_ENOMEM;
	}
	sort_u64(mpi->v, mpi->n);
	sort_u64(ms->coll.v, ms->coll.n);
	rank_spread(m, nm, job->nprocs, tf);
	free(m);
	return 0;
}

/*
 * A rank's record of a file other ranks hold too: its small requests
 * less those each a whole file or alone in their open (issue 34, round
 * 188).  A rank that reads a sample file whole in one request, as
 * another rank does in another epoch, shares no request collective I/O
 * could merge: each request is the file, and the files' number is
 * IOL-SMALL-FILES' cost (r188-samplefiles: 2048 files of 16 KiB, each
 * read whole by two ranks over two epochs, labelled not shared small
 * I/O).
 */
static int64_t shared_small(const struct fr *a)
{
	return a->small > a->whole ? a->small - a->whole : 0;
}

/*
 * The POSIX files shared by record id (issue 34, round 20): a file that
 * records of two ranks or more hold is shared too, not only one with a
 * rank -1 record (Darshan keeps a record per rank when not every rank
 * opened the file, or when its reduction is off), unless MPI-IO drove
 * it collectively.  Their small
 * operations and operations join the shared ones; the slowest rank's
 * seconds in them join the shared records'.  a: the records sorted by
 * id; IOL_ENOMEM when the ranks' sums cannot be kept.
 */
static int posix_shared_by_id(const struct fr *a, size_t n, int64_t nprocs,
			      struct iol_trifacts *tf)
{
	size_t nr = nprocs > 0 && nprocs <= MAX_RANKS ? (size_t)nprocs : 0;
	struct rankacc sh = {NULL, nr, 0, 0};
	size_t i, j, k, ranks;

	sh.v = calloc(nr + 1, sizeof(double));
	if (!sh.v)
		return IOL_ENOMEM;
	for (i = 0; i < n; i = j) {
		for (j = i, ranks = 0; j < n && a[j].id == a[i].id; j++)
			ranks += a[j].rank >= 0;
		/* a file MPI-IO drove collectively: its ranks' POSIX records
		 * are collective buffering's aggregators (e3sm's 250 s of
		 * read-modify-write), judged at the MPI-IO layer */
		if (a[i].coll)
			continue;
		for (k = i; ranks >= 2 && k < j; k++) {
			if (a[k].rank < 0)
				continue;
			tf->shared_small =
				sadd(tf->shared_small, shared_small(&a[k]));
			tf->shared_ops = sadd(tf->shared_ops, a[k].ops);
			racc_add(&sh, a[k].rank,
				 a[k].small > 0
					 ? a[k].st *
						   (double)shared_small(&a[k]) /
						   (double)a[k].small
					 : 0);
		}
	}
	if (racc_slowest(&sh) > 0)
		tf->shared_small_time =
			nnf(tf->shared_small_time) + racc_slowest(&sh);
	free(sh.v);
	return 0;
}

int iol_trifacts_compute(const struct iol_job *job, struct iol_trifacts *tf,
			 struct iol_error *err)
{
	struct mpisets mpi = {{NULL, 0}, {NULL, 0}, {NULL, 0}};
	struct sreds st = {NULL, 0};
	struct draws dr = {{0}, {0}};
	struct fr *a = NULL;
	size_t n = 0, i, j;
	int rc;

	memset(tf, 0, sizeof(*tf));
	tf->mem_notaligned = tf->mpiio_coll = tf->mpiio_indep = -1;
	tf->mpiio_nb = -1;
	tf->shared_imbal_pct = tf->shared_time_imbal_pct = NAN;
	tf->rank_size_imbal_pct = NAN;
	tf->lustre_ops = tf->lustre_notaligned = tf->lustre_stripe = -1;
	tf->aggr_ranks = tf->aggr_count = tf->aggr_time = NAN;
	tf->small_top_secs = NAN;
	tf->small_time = tf->shared_small_time = NAN;
	tf->shimb_stake = tf->rsimb_stake = NAN;
	tf->shtimb_rank = tf->askew_rank = tf->funnel_rank = -1;
	tf->funnel_share = NAN;
	tf->shtimb_slow = tf->shtimb_mean = tf->shtimb_fast = NAN;
	tf->askew = tf->askew_slow = tf->askew_mean = tf->askew_k = NAN;
	tf->one_mib_ops = -1;
	tf->meta_slowest = NAN;
	tf->hdf5 =
		job->mod[IOL_MOD_H5F].present || job->mod[IOL_MOD_H5D].present;
	tf->mpiio_small = tf->mpiio_tiny = tf->mpiio_ops = -1;
	tf->mpiio_shared_small = tf->mpiio_shared_ops = -1;
	tf->mpiio_shared_small_coll = -1;
	tf->mpiio_small_time = tf->mpiio_shared_small_time = NAN;
	tf->redundant_stdio = -1;
	tf->redundant_once = -1;
	tf->lone_reads = -1;
	tf->whole_file_ops = -1;
	tf->redundant_bcast = -1;
	tf->redundant_bcast_time = NAN;
	tf->redundant_rr_reopen_time = NAN;
	tf->sparse_read_time = tf->sparse_read_span = NAN;
	tf->sparse_read_bytes = tf->small_ra_time = NAN;
	tf->large_read_mibs = NAN;
	tf->best_write_mibs = NAN;
	tf->small_file_time = tf->small_file_span = NAN;
	tf->stdio_synced_writes = tf->stdio_synced_recs = -1;
	tf->mpiio_coll_wait = tf->mpiio_coll_data_wait = NAN;
	rc = mpiio_pass(job, tf, &mpi);
	if (rc == 0)
		rc = posix_pass(job, &mpi, tf, &a, &n);
	if (rc == 0)
		rc = small_files(job, tf);
	if (rc == 0)
		best_write(job, tf);
	if (rc == 0)
		rc = stdio_pass(job, tf, &st);
	iol_trifacts_sync_flush(job, tf);
	if (rc == 0)
		rc = iol_trifacts_synced_stdio(job, tf);
	if (rc == 0)
		rc = iol_trifacts_mpiio_wait(job, tf);
	iol_trifacts_coll_excess(job, tf);
	iol_trifacts_sieved(job, tf);
	iol_trifacts_cut_short(job, tf);
	free(mpi.all.v);
	free(mpi.coll.v);
	free(mpi.files.v);
	if (rc < 0) {
		free(a), free(st.v);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	a = sort_frs(a, n, job->mod[IOL_MOD_POSIX].byid);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && a[j].id == a[i].id; j++)
			;
		draws_add(a + i, j - i, job->nprocs, &dr);
	}
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && a[j].id == a[i].id; j++)
			;
		file_facts(a + i, j - i, job->nprocs, &st, &dr, tf);
	}
	rc = posix_shared_by_id(a, n, job->nprocs, tf);
	stdio_only(&st, tf);
	free(a);
	free(st.v);
	if (rc < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}
