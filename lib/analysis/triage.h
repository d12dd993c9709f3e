/*
 * Triage: a table of rules, each giving a finding with a stable code, a
 * severity, the measured value, the threshold it was judged against and
 * a recommendation in plain words.  Thresholds come from a key = value
 * configuration (etc/triage.conf, compiled in).
 *
 * The rules read only a struct iol_triage_in: job-row fields
 * (analysis/jobrow.h) picked by name.  iol_triage_run() fills it
 * from a job; the population store holds the same fields as columns, so
 * a stored job and a job read from its log are judged by the same code
 * and give the same findings.
 *
 * Ownership: struct iol_triage and struct iol_triage_in are caller
 * storage; the findings array is allocated here and freed with
 * iol_triage_free(); strings in findings are static or live in the
 * finding itself.
 */
#ifndef IOLENS_TRIAGE_H
#define IOLENS_TRIAGE_H

#include "base/error.h"
#include "model/job.h"

enum { IOL_SEV_HIGH, IOL_SEV_WARN, IOL_SEV_INFO, IOL_SEV_OK, IOL_SEV_NA };
extern const char *const iol_sev_names[5];

/* The thresholds, in etc/triage.conf's order */
enum {
	IOL_TK_META,
	IOL_TK_CREATES,
	IOL_TK_SMALL,
	IOL_TK_RANK0,
	IOL_TK_MISAL,
	IOL_TK_RANDOM,
	IOL_TK_IOTIME,
	IOL_TK_IMBAL,
	IOL_TK_IDLE,
	IOL_TK_FSYNC,
	IOL_TK_SEEK,
	IOL_TK_SMALL_MIN,
	IOL_TK_STDIO,
	IOL_TK_MEMMISAL,
	IOL_TK_REDUNDANT,
	IOL_TK_SHSMALL,
	IOL_TK_SHIMB,
	IOL_TK_SHTIMB,
	IOL_TK_RSIMB,
	IOL_TK_COLLMIN,
	IOL_TK_RAW,
	IOL_TK_LUSTRE,
	IOL_TK_RANDOM_MIN,
	IOL_TK_AGGR,
	IOL_TK_STRAG,
	IOL_TK_ASKEW,
	IOL_TK_MIN_S,
	IOL_TK_MIN_PCT,
	IOL_TK_MIN_GROUP,
	IOL_TK_SMALLFILE_B,
	IOL_TK_STORM,
	IOL_TK_STORM_REOPENS,
	IOL_TK_JITTER,
	IOL_TK_FSYNC_FILE,
	IOL_TK_FSYNC_COMMIT,
	IOL_TK_FULL_RATE,
	IOL_TK_READ_RATE,
	IOL_TK_WRITE_RATE,
	IOL_TK_STDIO_CALL,
	IOL_TK_IOTIME_CAUSE,
	IOL_TK_COMPANIONS,
	IOL_TK_STDIO_BULK,
	IOL_TK_STDIO_STREAM,
	IOL_TK_STDIO_LIBCALL,
	IOL_TK_COLL_MERGE,
	IOL_TK_WRITEBACK,
	IOL_TK_WB_CALL,
	IOL_TK_STORM_CREATES,
	IOL_TK_STDIO_WAIT,
	IOL_TK_FSYNC_FLUSH,
	IOL_TK_FSYNC_CALL,
	IOL_TK_IOTIME_PACED,
	IOL_TK_IOTIME_PACED_PCT,
	IOL_TK_IOTIME_SYNC,
	IOL_TK_STDIO_FLUSH_B,
	IOL_TRIAGE_NKEYS
};
struct iol_triage_conf {
	double v[IOL_TRIAGE_NKEYS];
};

/* The text of etc/triage.conf, compiled in. */
extern const char iol_triage_default_conf[];

/* Sets the defaults, then applies text (NULL: defaults only).  Each
 * value must lie in its key's range (a share 0-100, a ratio to the mean
 * at least 1, counts and seconds not negative): IOL_ESYNTAX otherwise. */
int iol_triage_conf_parse(struct iol_triage_conf *c, const char *text,
			  struct iol_error *err);
/* Applies text over the values c holds (no defaults first). */
int iol_triage_conf_apply(struct iol_triage_conf *c, const char *text,
			  struct iol_error *err);
/* The name of threshold k (IOL_TK_*), NULL out of range; static. */
const char *iol_triage_conf_key(int k);
/* The IOL_TK_* of a threshold's name, -1 if none. */
int iol_triage_conf_index(const char *key);
/* The same with the text of the file at path (NULL: defaults only);
 * IOL_EIO and the reason when it cannot be read. */
int iol_triage_conf_load(struct iol_triage_conf *c, const char *path,
			 struct iol_error *err);
/* The defaults, then base (a site's values as text; NULL: none), then
 * the file at path (NULL: none). */
int iol_triage_conf_load_over(struct iol_triage_conf *c, const char *base,
			      const char *path, struct iol_error *err);
/* The severity named name ("high", "warn", "info"), or -1. */
/* 1 when rule code's stake is a difference between ranks' times (rank,
 * shared-file and rank-size imbalance, aggregator skew, stragglers):
 * the rules that jitter can cross, judged against the absolute floor
 * and, with --db, against the reruns of the job's configuration. */
int iol_triage_varies(const char *code);
int iol_triage_sev_parse(const char *name);

/* The inputs: numbers, then text, each a job-row field */
enum {
	IOL_TIN_NPROCS,
	IOL_TIN_RUN_TIME,
	IOL_TIN_IO_SLOWEST, /* io_time_by_slowest */
	IOL_TIN_MD_COST,
	IOL_TIN_META_TOTAL,
	IOL_TIN_IO_TOTAL,
	IOL_TIN_CREATES_PP,
	IOL_TIN_CREATES,
	IOL_TIN_CREATES_EXACT,
	IOL_TIN_FILES,
	IOL_TIN_BUSIEST,
	IOL_TIN_BUSIEST_SHARE,
	IOL_TIN_PCT_ALIGNED,
	IOL_TIN_PCT_SEQ,
	IOL_TIN_PCT_IO_SLOWEST,
	IOL_TIN_RANKS_IO,
	IOL_TIN_RANK_MAX,
	IOL_TIN_RANK_SUM,
	IOL_TIN_SHARED,
	IOL_TIN_PREADS,
	IOL_TIN_PWRITES,
	IOL_TIN_PSEEKS,
	IOL_TIN_PSYNCS,
	IOL_TIN_PWRECS, /* POSIX records with a write */
	IOL_TIN_STDIO_BR,
	IOL_TIN_STDIO_BW,
	IOL_TIN_BYTES_R,
	IOL_TIN_BYTES_W,
	IOL_TIN_SHARED_FILES,
	IOL_TIN_MPIIO_BR, /* no value: no MPI-IO module */
	IOL_TIN_MEMNOT,
	IOL_TIN_SH_SMALL,
	IOL_TIN_SH_OPS,
	IOL_TIN_RED,
	IOL_TIN_SHIMB,
	IOL_TIN_SHTIMB,
	IOL_TIN_RSIMB,
	IOL_TIN_RAW,
	IOL_TIN_COLL,
	IOL_TIN_INDEP,
	IOL_TIN_NB,
	IOL_TIN_HDF5,
	IOL_TIN_LOPS,
	IOL_TIN_LNOT,
	IOL_TIN_LSTRIPE,
	IOL_TIN_AGGR,
	IOL_TIN_AGGRN,
	IOL_TIN_STRAG,	 /* from the log's phases only: not a job-row field */
	IOL_TIN_MPIIO_T, /* time by slowest of the layers above POSIX */
	IOL_TIN_H5D_T,
	IOL_TIN_PNC_T,
	IOL_TIN_STDIO_T,
	IOL_TIN_RTIME, /* read (write) time by slowest, POSIX + STDIO */
	IOL_TIN_WTIME,
	IOL_TIN_DFS_BR,
	IOL_TIN_DFS_BW,
	IOL_TIN_DAOS_BR,
	IOL_TIN_DAOS_BW,
	IOL_TIN_META_SLOW,
	IOL_TIN_ONEMIB,
	IOL_TIN_SMALL_T,
	IOL_TIN_SHSMALL_T,
	IOL_TIN_SHIMB_STAKE,
	IOL_TIN_SHTIMB_RANK,
	IOL_TIN_SHTIMB_SLOW,
	IOL_TIN_SHTIMB_MEAN,
	IOL_TIN_SHTIMB_FAST,
	IOL_TIN_RSIMB_STAKE,
	IOL_TIN_AGGR_T,
	IOL_TIN_ASKEW,
	IOL_TIN_ASKEW_RANK,
	IOL_TIN_ASKEW_SLOW,
	IOL_TIN_ASKEW_MEAN,
	IOL_TIN_ASKEW_K,
	IOL_TIN_RB_COLL,
	IOL_TIN_RANKS_B,
	IOL_TIN_RANK_MIN,
	IOL_TIN_SHWFILES,
	IOL_TIN_SMALL_TOP_T,
	IOL_TIN_RIMB_STAKE,
	IOL_TIN_RED_CODE,
	IOL_TIN_UID,
	IOL_TIN_STRAG_STAKE, /* from the log's phases only */
	IOL_TIN_MP_SMALL,    /* the MPI-IO layer's small calls */
	IOL_TIN_MP_TINY,
	IOL_TIN_MP_OPS,
	IOL_TIN_MP_SMALL_T,
	IOL_TIN_MP_SHSMALL,
	IOL_TIN_MP_SHOPS,
	IOL_TIN_MP_SHSMALL_T,
	IOL_TIN_MP_SHSMALL_COLL, /* collective calls on those records */
	IOL_TIN_SHWFILES_NOMPI,	 /* shared written files, no MPI-IO record */
	IOL_TIN_RED_STDIO,	 /* re-reads through STDIO */
	IOL_TIN_STDIO_OPS,	 /* STDIO reads, writes and flushes */
	IOL_TIN_LONE_READS,  /* reads alone in their open, within one request */
	IOL_TIN_H5_T,	     /* HDF5 time by slowest: H5F metadata + H5D */
	IOL_TIN_H5_META,     /* its metadata: H5F + H5D META */
	IOL_TIN_STDIO_FLUSH, /* STDIO flushes */
	IOL_TIN_STRAG_RANK,  /* the straggler's rank, from the log's phases */
	IOL_TIN_RED_REOPEN,  /* rewrite passes' reopens' metadata time */
	IOL_TIN_POPENS,	     /* POSIX opens */
	IOL_TIN_SREAD_T,     /* sparse small reads' seconds, slowest rank */
	IOL_TIN_SREAD_SPAN,  /* the bytes of file they span */
	IOL_TIN_SREAD_B,     /* the bytes they read */
	IOL_TIN_SREAD_RA,    /* the seconds of those readahead serves */
	IOL_TIN_LARGE_READ,  /* the job's large reads' pace, MiB/s */
	IOL_TIN_SOPENS,	     /* STDIO opens */
	IOL_TIN_RED_RANK,    /* a rewrite's seconds on the rank that moved it */
	IOL_TIN_WHOLE_OPS,   /* small requests that are each a whole file */
	IOL_TIN_MP_META,     /* MPI-IO metadata time, all processes */
	IOL_TIN_RED_ONCE,    /* of RED_STDIO, one pass a rank over an input */
	IOL_TIN_SMALLF_T,    /* small files' read + write seconds, slowest */
	IOL_TIN_SMALLF_SPAN, /* the bytes of the small files read, once */
	IOL_TIN_SYNC_SW,     /* STDIO writes that POSIX-only syncs flush */
	IOL_TIN_SYNC_SRECS,  /* their STDIO records */
	IOL_TIN_COLL_FAST,   /* collective file: fastest rank's MPI-IO s */
	IOL_TIN_COLL_SLOW,   /* its slowest rank's MPI-IO s */
	IOL_TIN_COLL_POSIX,  /* its slowest rank's POSIX s */
	IOL_TIN_COLL_MAX,    /* its longest call, s */
	IOL_TIN_COLL_CALLS,  /* its collective calls */
	IOL_TIN_COLL_VIEWS,  /* its file views */
	IOL_TIN_BEST_WRITE,  /* the best write pace a process showed, MiB/s */
	IOL_TIN_SYNC_B,	     /* bytes the repeated syncs flush, the job's */
	IOL_TIN_SYNC_ONCE,   /* pace of writes synced at most once, MiB/s */
	IOL_TIN_MP_WAIT,     /* slowest MPI-IO rank's collective-open wait */
	IOL_TIN_MP_DWAIT,    /* its wait in collective reads and writes */
	IOL_TIN_CUT_SHORT,   /* last write to a file left open less the
				run time, s: a job cut short */
	IOL_TIN_SYNC_RECS,   /* written records with a sync (first syncs) */
	IOL_TIN_STRAG_REQ,   /* the straggler's mean request, B, when its
				phase's ranks did equal work: phases only */
	IOL_TIN_SSEEKS,	     /* STDIO seeks */
	IOL_TIN_SSEEK_T,     /* their share of STDIO metadata, s a process */
	IOL_TIN_FUNNEL,	     /* the busiest rank, shared records it alone
				moved counted (funnel_rank) */
	IOL_TIN_FUNNEL_SHARE, /* its share of the bytes */
	IOL_TIN_RED_DXT,      /* the most re-read seconds of a rank, from
				 DXT: the log only (trireread.c) */
	IOL_TIN_RED_DXT_B,    /* DXT's re-read bytes, all ranks */
	IOL_TIN_RED_DXT_SH,   /* of them, in files several ranks read */
	IOL_TIN_RED_DXT_RB,   /* of them, bytes the rank had read before
				 (not only written) */
	IOL_TIN_MP_SIEVED,    /* share of MPI-IO's small calls on files
				 data sieving served */
	IOL_TIN_RED_NB_B,     /* rewrites of files written nonblocking */
	IOL_TIN_RED_NB_T,     /* their seconds at MPI-IO's time a byte */
	IOL_TIN_RED_BCAST,    /* bytes beyond a pass in files every rank
				 read whole, once each */
	IOL_TIN_RED_BCAST_T,  /* what reading them once would save, s */
	IOL_TIN_STDIO_META,   /* STDIO metadata seconds a process */
	IOL_TIN_CONC_DXT,     /* the slowest rank's DXT wall time over its
				 records' summed: the log only (triconc.c) */
	IOL_TIN_RED_WARM,     /* of the counters' re-read seconds, what
				 the records' slowest reads leave: the log
				 only (trireread.c) */
	IOL_TIN_SMALL_OWN,    /* the slowest rank's seconds in its own
				 records of requests all under 100 KiB:
				 the log only (trismall.c) */
	IOL_TIN_SMALL_OWN_B,  /* their bytes */
	IOL_TIN_RED_RRO,      /* re-read passes' reopens' metadata time */
	IOL_TIN_RED_RW,	      /* of RED, the rewrites of files never
				 read (an older store: none) */
	IOL_TIN_BIN0,	      /* posix_read_0_100 ... posix_write_1g_plus */
	IOL_TIN_NNUM = IOL_TIN_BIN0 + 20,
	IOL_TIN_STRATEGY = IOL_TIN_NNUM,
	IOL_TIN_INCOMPLETE, /* incomplete_modules */
	IOL_TIN_TOP_FILE,
	IOL_TIN_SMALL_FILE,
	IOL_TIN_RED_FILE,
	IOL_TIN_SHIMB_FILE,
	IOL_TIN_SHTIMB_FILE,
	IOL_TIN_RSIMB_FILE,
	IOL_TIN_RAW_FILE,
	IOL_TIN_LFILE,
	IOL_TIN_AGGR_FILE,
	IOL_TIN_STRAG_DETAIL, /* the straggler, or why there is none */
	IOL_TIN_ASKEW_FILE,
	IOL_TIN_COLL_FILE,
	IOL_TIN_N
};
#define IOL_TIN_NSTR (IOL_TIN_N - IOL_TIN_NNUM)

struct iol_triage_in {
	double v[IOL_TIN_NNUM];	       /* NAN: no value */
	char s[IOL_TIN_NSTR][256];     /* "": no value */
	unsigned char have[IOL_TIN_N]; /* 0: the source lacks the field */
};

/* Phases (for stragglers) are computed from logs of at most this many
 * DXT segments, so triage stays well under a second a log. */
#define IOL_TRIAGE_MAX_SEGS 2000000

/* The job-row field name of input i (0 <= i < IOL_TIN_N); static. */
const char *iol_triage_in_name(int i);
/* The input of that field name, or -1. */
int iol_triage_in_index(const char *name);
/* Is input i one that iol_triage_eval_values() never reads: one that
 * only a finding's detail text shows (a file's name, a rank, a count
 * beside the value)?  A pass without details need not read its value;
 * it is present (have) when its source has it.  1 or 0. */
int iol_triage_in_detail_only(int i);
/* Every input absent (have 0, no value). */
void iol_triage_in_clear(struct iol_triage_in *in);
/*
 * The I/O time at stake: the slowest rank's I/O time times the processes
 * (all of them wait for it in a bulk-synchronous job), in process-seconds;
 * NAN when unknown.  Population triage ranks flagged jobs by it.
 */
double iol_triage_stake(const struct iol_triage_in *in);

/*
 * Every warn or high finding also carries its impact: the seconds at
 * stake (what a rank, and so the job, would save if the problem were
 * gone, estimated from the counters) and that as a share of the run
 * time.  A finding whose rule crossed its threshold but whose impact is
 * under both floors (min_stake_s, min_stake_pct) is shown as info.
 */
struct iol_finding {
	const char *code, *title, *unit, *rec;
	int sev;
	double value, threshold; /* value NAN when not evaluated */
	double stake, stake_pct; /* NAN when the rule has none */
	int floored;	  /* crossed, but below the impact floor (so info/ok) */
	int paced;	  /* IOL-IO-TIME: all its I/O at stake, no cause's (the
			     volume or frequency: iotime_paced_s) */
	const char *lead; /* the code whose pattern this is part of, or NULL
			     (then sev and stake are the lead's) */
	char detail[400]; /* who is responsible, or why not evaluated */
};

struct iol_triage {
	struct iol_finding *f;
	size_t n;
};

/* The rules over in. */
int iol_triage_eval(const struct iol_triage_in *in,
		    const struct iol_triage_conf *c, struct iol_triage *t,
		    struct iol_error *err);
/* The same without the details (each detail ""): severities, values,
 * thresholds and stakes only, for a pass over a million stored rows
 * that keeps no detail. */
int iol_triage_eval_values(const struct iol_triage_in *in,
			   const struct iol_triage_conf *c,
			   struct iol_triage *t, struct iol_error *err);
/* The job's inputs measured (the straggler, of the phases over c's
 * straggler_pct, the one of the largest stake), then iol_triage_eval(). */
int iol_triage_run(const struct iol_job *job, const struct iol_triage_conf *c,
		   struct iol_triage *t, struct iol_error *err);
/* The same, given the job's phases (iol_phases_compute(job, -1), which
 * the caller keeps and frees), so that a caller that shows them too does
 * not compute them twice; NULL computes them. */
struct iol_phases;
int iol_triage_run_phases(const struct iol_job *job,
			  const struct iol_triage_conf *c,
			  const struct iol_phases *ph, struct iol_triage *t,
			  struct iol_error *err);
void iol_triage_free(struct iol_triage *t);

/* The findings a reader is shown at min_sev (IOL_SEV_HIGH ... _NA: all)
 * and the rest counted by state: below the impact floor (crossed, not
 * material), info, ok, not evaluated. */
struct iol_triage_tally {
	size_t shown, floored, info, ok, na;
};
int iol_triage_shown(const struct iol_finding *f, int min_sev);
void iol_triage_tally(const struct iol_triage *t, int min_sev,
		      struct iol_triage_tally *n);

#endif
