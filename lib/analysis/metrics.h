/*
 * The numbers iolens reports, each computed one way from the job model,
 * following shared/METRICS.md: per-module volumes and Darshan's own
 * time-by-slowest (section 2), MiB/s per compute node (3), the Table VI
 * job characteristics (4), access-size histograms (5), metadata cost (6),
 * file categories and I/O strategy (7), per-file rows, and phase
 * intervals and bandwidths from traces (8).  Commands and the report
 * print these; they never compute numbers of their own.
 *
 * Ownership: result structs are caller-owned; arrays they point to are
 * allocated here and freed with the matching *_free() function; strings
 * are borrowed from the job.
 */
#ifndef IOLENS_METRICS_H
#define IOLENS_METRICS_H

#include "analysis/accum.h"
#include "analysis/trifacts.h"
#include "model/job.h"

#define IOL_NBINS 10
/* How many most common access sizes the analyses keep (Darshan's four). */
#define IOL_NCOMMON 4
extern const char *const iol_bin_names[IOL_NBINS];

/* How to count compute nodes (METRICS.md 3). */
struct iol_opts {
	int64_t nodes; /* --nodes, 0 if not given */
	int64_t ppn;   /* --procs-per-node, 0 if not given */
	/* the site configuration's procs_per_node (iolens config): a
	 * default the log's own DXT hostnames override; 0 if none */
	int64_t site_ppn;
};

enum {
	IOL_NODES_UNKNOWN,
	IOL_NODES_OPT,
	IOL_NODES_PPN,
	IOL_NODES_DXT,
	IOL_NODES_SITE
};
extern const char *const iol_nodes_source_names[5];

/* The essentials of one record, whatever its module.  Fields a module
 * does not have are -1 (counts) or NAN (times). */
struct iol_recx {
	int64_t br, bw; /* bytes read, written */
	int64_t reads, writes, opens, seeks, stats, syncs;
	int64_t seq, consec, notaligned; /* over reads + writes */
	int64_t maxoff;			 /* highest byte accessed, -1 */
	double tr, tw, tm;		 /* read, write, meta time (summed) */
	double tslow;			 /* slowest rank's time (shared) */
	double first, last;		 /* first start, last end, -1 none */
	double rstart, rend, wstart, wend, ostart, cend;
	int64_t access1, access1_count;
};
void iol_rec_extract(int mod, const struct iol_jrec *r, struct iol_recx *x);
/* jm->recs[i] (of module mod) extracted, from jm->rx when cached */
static inline void iol_jmod_extract(const struct iol_jmod *jm, int mod,
				    size_t i, struct iol_recx *x)
{
	if (jm->rx)
		*x = jm->rx[i];
	else
		iol_rec_extract(mod, &jm->recs[i], x);
}
/* The same without the copy: jm->rx[i] itself when cached (a copy of its
 * 184 bytes a record in each of six passes was 1.3 % of ingest's
 * instructions), else buf filled. */
static inline const struct iol_recx *
iol_jmod_rx(const struct iol_jmod *jm, int mod, size_t i, struct iol_recx *buf)
{
	if (jm->rx)
		return &jm->rx[i];
	iol_rec_extract(mod, &jm->recs[i], buf);
	return buf;
}
/*
 * Every record of the job's loaded data modules extracted once into the
 * job's arena (jm->rx), for a caller that runs many analyses over one job
 * (ingest's row: the summary, files written and triage facts extracted
 * each record six times, 12 % of its instructions), and their order by
 * file id (jm->byid: the summary, files written and triage facts each
 * sorted the ids again).  Modules of more than IOL_RECX_CACHE_MAX records
 * are left to extract and sort as they go.  0, or IOL_ENOMEM (nothing
 * cached then is wrong: the analyses extract and sort).
 */
#define IOL_RECX_CACHE_MAX ((size_t)1 << 16)
int iol_recx_cache(struct iol_job *job);
/* Does mod carry data (bytes) counters? */
int iol_mod_is_data(int mod);

/* The records of the layers every byte reaches, POSIX then STDIO (the
 * job's figures count each byte once there): one loop for every analysis
 * that sums them.  Caller storage; borrows the job. */
struct iol_lowrecs {
	const struct iol_job *job;
	int k;	  /* 0 POSIX, 1 STDIO, 2 done */
	size_t i; /* next record of that module */
};
void iol_lowrecs_init(struct iol_lowrecs *it, const struct iol_job *job);
/* The next record: 1 with *mod, *rec (borrowed from the job) and *x
 * filled, or 0 at the end. */
int iol_lowrecs_next(struct iol_lowrecs *it, int *mod,
		     const struct iol_jrec **rec, struct iol_recx *x);
/* The same, *x pointing at the cached extraction (iol_jmod_rx()) or
 * at buf. */
int iol_lowrecs_step(struct iol_lowrecs *it, int *mod,
		     const struct iol_jrec **rec, const struct iol_recx **x,
		     struct iol_recx *buf);

struct iol_modsum {
	int present, partial, has_perf;
	int64_t nrec, nfiles;
	int64_t bytes_read, bytes_written;
	int64_t reads, writes, opens, seeks, syncs;
	int64_t write_recs; /* records with a write (shared: per process) */
	double read_time, write_time, meta_time;
	/* the same per process (over nprocs, at least 1) */
	double read_time_pp, write_time_pp, meta_time_pp;
	struct iol_perf perf; /* darshan-parser --perf */
};

struct iol_topfile {
	uint64_t id;
	const char *path;
	int64_t bytes_read, bytes_written;
	double time;	/* I/O time summed over processes */
	double slowest; /* slowest process's time */
	int64_t nranks; /* -1 shared by all */
};

#define IOL_TOPN 5

/* Per-rank time of the POSIX + STDIO records (METRICS.md 2 and 6): the
 * one computation behind summary's time by slowest, meta's slowest rank
 * and per-rank table, and the report, so they agree.  A shared record
 * (rank -1) belongs to no rank: its slowest rank's time (F_SLOWEST_RANK_
 * TIME) is added to the slowest rank's, split into meta, read and write by
 * the record's own shares of META, READ and WRITE time.  Records of ranks
 * out of range count with the shared ones' sums only.  Arrays allocated
 * here: free with iol_ranktime_free(). */
struct iol_ranktime {
	size_t nrank;		     /* entries of io, meta, rd, wr */
	double *io, *meta, *rd, *wr; /* per rank, its own records */
	double shared_io;	     /* sum of shared records' slowest */
	double shared_meta, shared_rd, shared_wr; /* shared_io split */
	double shared_meta_sum, shared_io_sum;	  /* sums over ranks */
	int64_t slowest;	/* rank with the most io, -1 none */
	double time_by_slowest; /* io[slowest] + shared_io */
	double meta_by_slowest; /* meta[slowest] + shared_meta */
	/* max over ranks of rd (wr) plus shared_rd (shared_wr) */
	double read_by_slowest, write_by_slowest;
};

int iol_ranktime_compute(const struct iol_job *job, struct iol_ranktime *t,
			 struct iol_error *err);
void iol_ranktime_free(struct iol_ranktime *t);

/* META time of module m summed over its records (all ranks): 1 with *t
 * set when the module is loaded, has records and a META time counter
 * (POSIX, STDIO, MPI-IO, H5F, H5D, PnetCDF, DFS, DAOS), else 0. */
int iol_mod_meta_time(const struct iol_job *job, int m, double *t);

struct iol_summary {
	struct iol_modsum mod[IOL_MOD_KNOWN];
	/* the job: POSIX + STDIO, the layers every byte reaches */
	int64_t bytes_read, bytes_written;
	struct iol_perf io; /* time by slowest over both */
	double mibs;	    /* MiB/s by slowest */
	int64_t nodes;	    /* 0 unknown */
	int nodes_source;   /* IOL_NODES_* */
	double mibs_cn;	    /* NAN when nodes unknown */
	double pct_io_slowest, pct_io_avg;
	double io_time_total, meta_time_total;
	double md_cost_pct;
	int64_t nfiles, ncreated;
	/* POSIX_MMAPS summed: files mapped into memory, whose reads and
	 * writes through the mapping no counter and no trace line holds */
	int64_t mmaps;
	int creates_exact; /* from a trace; else estimated */
	double files_per_proc, creates_per_proc;
	double pct_seq, pct_aligned; /* POSIX; NAN without ops */
	double mib_per_proc;
	struct iol_category cat[IOL_CAT_N];
	const char *strategy; /* "N:1", "N:N", "N:M", "rank 0", ... */
	/* what decided it (METRICS.md 7): 1 bytes written, 0 bytes read,
	 * -1 none; the carrying files' count and the winning sharing class's
	 * share of the bytes they hold */
	int strategy_by_writes;
	int64_t strategy_files;
	double strategy_share;
	int64_t busiest_rank;
	double busiest_share; /* of bytes in per-rank records */
	/* per-rank POSIX + STDIO records (shared ones left out): ranks with
	 * a record, the busiest rank's bytes and the sum over ranks;
	 * has_shared: some record is shared by all ranks */
	int64_t ranks_with_io, rank_bytes_max, rank_bytes_sum;
	int has_shared;
	struct iol_trifacts tf; /* what only triage reads */
	size_t ntop;
	struct iol_topfile top_bytes[IOL_TOPN], top_time[IOL_TOPN];
	int64_t top_excluded; /* files iol_summary_compute_excl left out */
	uint64_t incomplete;  /* modules flagged partial */
	/* the job's read and write time by slowest (POSIX + STDIO): the
	 * slowest rank's read (write) time in its own records, plus, for
	 * shared records, the slowest rank's time times the record's share
	 * of read (write) in its read + write + meta time */
	double read_time_slowest, write_time_slowest;
	double read_mibs, write_mibs; /* bytes over those times, NAN */
	/* META time per module, sum over ranks; NAN when not recorded */
	double meta_time_mod[IOL_MOD_KNOWN];
	double end_time; /* seconds since the epoch, UTC; NAN unknown */
	/* access sizes (METRICS.md 5) of POSIX [0] and MPI-IO [1], summed
	 * by iol_hist_bins(); has_hist[i] 0: the module has no bins */
	int has_hist[2];
	int64_t hist_rd[2][IOL_NBINS], hist_wr[2][IOL_NBINS];
	/* the most common access sizes (iol_common_sizes()) of POSIX [0],
	 * MPI-IO [1] and H5D [2]; ncommon[i] of them are set */
	int ncommon[3];
	int64_t common[3][IOL_NCOMMON], common_count[3][IOL_NCOMMON];
};

/* A file category's mean file size (PyDarshan's: from the highest offset
 * of each file) and largest size, in bytes; NAN when the category has no
 * file with a known offset. */
double iol_category_avg_size(const struct iol_category *c);
double iol_category_max_size(const struct iol_category *c);

/* The top files leave out the default exclusions (analysis/select.h). */
int iol_summary_compute(const struct iol_job *job, const struct iol_opts *o,
			struct iol_summary *s, struct iol_error *err);
/* The same, the top files leaving out paths that excl (analysis/select.h;
 * NULL: none) matches, counted in top_excluded. */
struct iol_excl;
int iol_summary_compute_excl(const struct iol_job *job,
			     const struct iol_opts *o,
			     const struct iol_excl *excl, struct iol_summary *s,
			     struct iol_error *err);

/* One row per file per module, or per file across modules (merge). */
struct iol_filerow {
	uint64_t id;
	const char *path;
	int mod;	  /* -1 when merged */
	char modules[48]; /* "POSIX", "POSIX+MPI-IO" */
	int64_t nranks;	  /* -1: shared record (all ranks) */
	int64_t rank;	  /* the one rank, or -1 */
	int64_t br, bw, reads, writes, opens, seeks, stats, syncs;
	double tr, tw, tm, tslow;
	double first, last; /* -1 if unknown */
	int64_t maxoff;
	int64_t access, access_count; /* most common access size */
	double pct_seq, pct_aligned;  /* NAN when not known */
	const char *mnt, *fstype;
};

/* *rows is allocated here: free it with iol_files_free(); its strings
 * are borrowed from the job. */
int iol_files_compute(const struct iol_job *job, int merge,
		      struct iol_filerow **rows, size_t *n,
		      struct iol_error *err);
void iol_files_free(struct iol_filerow *rows);

/* Access sizes of one module (or the job: mod = -1, POSIX bins). */
struct iol_hist {
	int mod;
	int64_t rd[IOL_NBINS], wr[IOL_NBINS];
	int ncommon;
	int64_t common[IOL_NCOMMON], common_count[IOL_NCOMMON];
};

/* The most common access sizes of module mod, the way PyDarshan and
 * darshan-job-summary.pl count them: every record's ACCESS1..4 (size,
 * count) pairs summed exactly by size over all records, then ordered by
 * count (most first), ties by size (smaller first).  darshan-util's
 * --total merge is lossy (it keeps four sizes while merging record by
 * record) and is used only where darshan-parser's output is reproduced.
 * Pairs with a count <= 0 or a negative size are ignored.  Fills up to
 * IOL_NCOMMON entries of size and count; returns how many (0 when the
 * module is not loaded or records no access sizes), or IOL_ENOMEM. */
int iol_common_sizes(const struct iol_job *job, int mod,
		     int64_t size[IOL_NCOMMON], int64_t count[IOL_NCOMMON]);

/* Adds the access-size bins of module mod over its records to rd and wr.
 * Returns 1, or 0 (nothing added) when the module is not loaded or has no
 * size bins. */
int iol_hist_bins(const struct iol_job *job, int mod, int64_t rd[IOL_NBINS],
		  int64_t wr[IOL_NBINS]);

/* Fills up to max histograms: the job first, then every module with size
 * bins.  Returns the number filled. */
size_t iol_hist_compute(const struct iol_job *job, struct iol_hist *h,
			size_t max);

/* Metadata: operation counts per module and kind, time per rank. */
struct iol_metaop {
	int mod;
	const char *op; /* "opens", "stats", ... */
	int64_t count;
};

struct iol_meta {
	struct iol_metaop *ops;
	size_t nops;
	double time[IOL_MOD_KNOWN];  /* META time per module */
	int has_time[IOL_MOD_KNOWN]; /* the module records meta time */
	size_t nrank;		     /* entries of rank_time, rank_pct */
	double *rank_time;	     /* per rank, POSIX+STDIO rank records */
	double *rank_io;	     /* the same ranks' I/O time */
	double *rank_pct;   /* rank_time's share of total_time, NAN if none */
	double shared_time; /* META time of shared records, over ranks */
	double shared_io;   /* their I/O time, sum over ranks */
	/* their slowest rank's time, in all and in metadata (ranktime) */
	double shared_io_slowest, shared_meta_slowest;
	double total_time, io_time; /* POSIX+STDIO meta and all I/O */
	/* the slowest rank and its time by slowest (METRICS.md 2): own
	 * records plus the shared records' slowest time, as in summary */
	int64_t slowest_rank;
	double slowest_meta, slowest_io;
	double md_cost_pct; /* total_time of io_time, NAN without I/O */
	double slowest_pct; /* slowest_meta of slowest_io, NAN if none */
};

int iol_meta_compute(const struct iol_job *job, struct iol_meta *m,
		     struct iol_error *err);

/* Operations by kind in the three layers the report compares, summed
 * over records (negative counters count 0); 0 where a layer has no such
 * counter.  MPI-IO reads and writes add independent, collective,
 * non-blocking and split ones. */
enum { IOL_OPL_POSIX, IOL_OPL_MPIIO, IOL_OPL_STDIO, IOL_OPL_N };
enum {
	IOL_OPK_READ,
	IOL_OPK_WRITE,
	IOL_OPK_OPEN,
	IOL_OPK_STAT,
	IOL_OPK_SEEK,
	IOL_OPK_MMAP,
	IOL_OPK_SYNC,
	IOL_OPK_SEQ_READ, /* POSIX only: sequential and consecutive */
	IOL_OPK_SEQ_WRITE,
	IOL_OPK_CONSEC_READ,
	IOL_OPK_CONSEC_WRITE,
	IOL_OPK_N
};
void iol_opcounts(const struct iol_job *job, int64_t v[IOL_OPL_N][IOL_OPK_N]);
void iol_meta_free(struct iol_meta *m);

/* Per-rank volumes and times of the POSIX + STDIO records: row r for
 * rank r's own records, row nprocs (the last) for shared records and
 * records of ranks out of range.  Sums in doubles (bytes exact below
 * 2^53); negative (unknown) counters count 0. */
struct iol_rankrow {
	double br, bw;	   /* bytes read, written */
	double tr, tw, tm; /* read, write, meta time summed */
};

/* *rows allocated here (*n = nprocs + 1 rows): free with free(). */
int iol_ranks_compute(const struct iol_job *job, struct iol_rankrow **rows,
		      size_t *n, struct iol_error *err);

/* ---- timelines (METRICS.md 8) ---- */

/* IOL_TL_DXT is any per-call segment: DXT in a Darshan log, or the
 * calls of a strace or Iota trace (iol_timeline_name tells them apart). */
enum { IOL_TL_NONE, IOL_TL_DXT, IOL_TL_TIMESTAMPS, IOL_TL_HEATMAP };
extern const char *const iol_tl_source_names[4];

/* Where the timeline of a job comes from, best first: DXT, HEATMAP,
 * trace (its calls are segments too), per-file timestamps. */
int iol_timeline_source(const struct iol_job *job);
/* The source as the machine formats name it: "DXT_POSIX", "DXT_MPIIO",
 * "strace", "iolens-trace" (a trace iolens trace wrote), "Iota",
 * "HEATMAP", "Darshan timestamps" or "none". */
const char *iol_timeline_name(const struct iol_job *job, int source, int layer);
/* The same for people, after "timeline ": "from DXT (POSIX layer)",
 * "from the strace trace", "from the iolens trace", "from the HEATMAP
 * module", "estimated from
 * open/close timestamps".  Both return static strings. */
const char *iol_timeline_desc(const struct iol_job *job, int source, int layer);

/* Rank x time matrix of bytes moved (from DXT: exact overlap split).
 * Row nrank (one past the ranks) holds the records Darshan reduced over
 * all ranks (rank -1): their bytes belong to no rank in particular and
 * are never painted on the ranks' rows. */
struct iol_matrix {
	int source;
	size_t nrank, nbins;
	double t0, t1;	 /* time range covered */
	double *wr, *rd; /* (nrank + 1) * nbins, row-major */
	int has_shared;	 /* row nrank has bytes */
	int estimated;	 /* timestamps: bytes spread evenly over a span */
	double heat_bin; /* HEATMAP: the module's bin width, seconds */
};

int iol_matrix_compute(const struct iol_job *job, int layer, size_t nbins,
		       struct iol_matrix *m, struct iol_error *err);
/* The same matrix of a DXT source from segments a caller already holds:
 * started with tmax the latest segment end (the axis reaches it where
 * the run time is not exact), then each segment of the layer added in
 * the order iol_segs_next gives them (so that every bin sums as
 * iol_matrix_compute's does), rank the record's. */
int iol_matrix_dxt_start(const struct iol_job *job, size_t nbins, double tmax,
			 struct iol_matrix *m, struct iol_error *err);
void iol_matrix_dxt_add(struct iol_matrix *m, int64_t rank, double s, double e,
			int64_t len, int is_read);
/* Whether iol_matrix_dxt_start's axis depends on tmax (the run time is
 * not exact): when not, segments can be added while they are read. */
int iol_matrix_dxt_needs_tmax(const struct iol_job *job);
/* The DXT layer a timeline uses: layer if it has segments, else the
 * other one; -1 picks POSIX first. */
int iol_timeline_layer(const struct iol_job *job, int layer);
void iol_matrix_free(struct iol_matrix *m);

/* Rows of a rank x time chart: ranks lo..hi-1.  A rank is idle when it
 * moved no byte, an outlier when it moved less than half or more than
 * twice the median of the ranks that moved bytes (IOL_ROWS_FACTOR). */
#define IOL_ROWS_FACTOR 2.0
enum { IOL_ROWS_RANK, IOL_ROWS_SIMILAR, IOL_ROWS_EVEN };
struct iol_rowgroup {
	size_t lo, hi;
	size_t nidle, nout; /* idle and outlier ranks in it */
};
struct iol_rows {
	int how;    /* IOL_ROWS_*: a row per rank; runs of consecutive
		       ranks of one class (idle, low, like the median,
		       high) cut to at most per ranks; groups of per */
	size_t per; /* most ranks in a row */
	struct iol_rowgroup *g; /* owned: iol_rows_free */
	size_t n;
};
/* At most maxrows (>= 1) rows for the ranks of m: per rank when they fit,
 * else groups that keep idle and outlier ranks in rows of their own when
 * that fits, else even groups with their idle and outliers counted. */
int iol_matrix_rows(const struct iol_matrix *m, size_t maxrows,
		    struct iol_rows *rows, struct iol_error *err);
/* How the rows were grouped, a sentence in buf. */
const char *iol_rows_caption(const struct iol_rows *rows, char *buf, size_t n);
void iol_rows_free(struct iol_rows *rows);

#endif
