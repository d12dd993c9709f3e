/*
 * Server-side telemetry of a parallel file system (Lustre, GPFS), as
 * TOKIO reads it: bytes per data target (OST, NSD) on the device time
 * series of devio.h, so that binning, windows and rates are those of
 * iostat; server CPU and fullness as gauges; metadata operations as a
 * second series, one "device" per operation.
 *
 * Readers: an LMT database in SQLite form (the MySQL schema) or on its
 * MySQL/MariaDB server (a mysql:// URL, libmariadb loaded with dlopen
 * when one is read, lib/storage/lmt-mysql.c), h5lmt and
 * TOKIO's time-series HDF5 (libhdf5 loaded with dlopen when such a file
 * is opened, lib/storage/h5.c), `lfs df` and `lctl dl -t` snapshots and
 * GPFS `mmperfmon query` text, plain or gzip, or a tar archive of such
 * reports (lib/storage/fstar.c).
 *
 * Counters: LMT's are cumulative.  A counter lower than the sample
 * before it is a restart of the server (its counters start from 0), not
 * negative traffic: the interval gets the new value, the bytes moved
 * since the restart.  Samples further apart than 1.5 recorded steps are
 * a gap: counted, never read as zeros (a cumulative counter still says
 * what moved across it, and that interval spans the gap; a rate sample
 * marked missing gives no interval at all).  Both are marked on the
 * interval (iol_ival.gap), so that a window counts those of the
 * intervals it cuts, whether they were read from a recording or from a
 * store (iol_fsmon_tally).
 *
 * Ownership: struct iol_fsmon is caller storage (zeroed before the first
 * read); iol_fsmon_release() frees what the readers put in it.
 */
#ifndef IOLENS_FSMON_H
#define IOLENS_FSMON_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/hash.h"
#include "storage/devio.h"

enum {
	IOL_FSFMT_NONE = 0,
	IOL_FSFMT_LMT_SQLITE,
	IOL_FSFMT_H5LMT,
	IOL_FSFMT_TOKIO_HDF5,
	IOL_FSFMT_LFS_DF,
	IOL_FSFMT_LCTL_DL,
	IOL_FSFMT_MMPERFMON,
	IOL_FSFMT_LMT_MYSQL, /* LMT on its MySQL/MariaDB server */
};

/* A data series of one NSD as one of its servers reported it is named
 * "NSD" IOL_FS_PAIR "server" (GPFS serves an NSD from several servers,
 * each reporting the bytes it moved); iolens fsload sums an NSD's and
 * keeps each server's. */
#define IOL_FS_PAIR "@"

/* what a target is */
enum {
	IOL_FSK_OST,	/* Lustre object storage target: data */
	IOL_FSK_OSS,	/* its server */
	IOL_FSK_MDT,	/* metadata target */
	IOL_FSK_MDS,	/* its server */
	IOL_FSK_NSD,	/* GPFS network shared disk: data */
	IOL_FSK_NSDSRV, /* GPFS NSD server */
	/* a GPFS file system as its nodes report it (GPFSFilesystem):
	 * data, the bytes the nodes read and wrote */
	IOL_FSK_GPFSFS,
	IOL_FSK_N
};
/* 1 when targets of kind hold data (OST, NSD, GPFS file system) */
int iol_fskind_data(int kind);

/* A gauge sample: CPU %, or fullness (v used, v2 total, kB). */
struct iol_gauge {
	double t, v, v2;
};

struct iol_fstarget {
	char *name;
	int kind; /* IOL_FSK_* */
	/* a data target's server, NULL when not recorded; a GPFS NSD's
	 * servers, all that reported it, sorted, separated by spaces */
	char *server;
	struct iol_gauge *cpu, *full;
	size_t ncpu, cpucap, nfull, fullcap;
	/* of its byte counters: over what was read, or after
	 * iol_fsmon_tally over its window */
	uint64_t resets, gaps;
	double gap_seconds;
};

/* A byte series read once, over [t0, t1] (mmperfmon: a column's key
 * "host|disk|metric" and its first and last bucket). */
struct iol_fsseen {
	char *key;
	double t0, t1;
	uint32_t prev; /* the entry of the same key before, or none */
};

struct iol_fsmon {
	char fsname[64];	 /* "" when not recorded */
	struct iol_devset data;	 /* bytes per OST or NSD, by target name */
	struct iol_devset mdops; /* per operation: reads = its count */
	struct iol_fstarget *tg;
	size_t ntg, tgcap;
	uint64_t resets, gaps; /* totals over targets */
	double gap_seconds;
	int fmt;   /* IOL_FSFMT_* of the first recording read */
	int mixed; /* recordings of several formats */
	/* a store's recording stored before its intervals were marked
	 * (iol_ival.gap's restart bit): the resets and gaps are then the
	 * stored ones, each recording's whole, not the window's */
	int unmarked;
	/* Set by the caller before reading (win 1; NAN: an open end): the
	 * window it will cut (--from/--to, a job's run).  An LMT database
	 * is then read only from IOL_LMT_PAD seconds before it to as much
	 * after (the SQL's WHERE on TIMESTAMP_INFO), so that a year of LMT
	 * costs the window. */
	int win;
	double win_from, win_to;
	/* what the mmperfmon reader read, so that a copy is refused */
	struct iol_fsseen *seen;
	size_t nseen, seencap;
	struct iol_index seenix; /* by key: its latest entry */
};
/* Around a window an LMT database is read this far (seconds): the
 * reading before its start that each counter's first interval needs,
 * with an hour to spare for local times that repeat when DST ends. */
#define IOL_LMT_PAD 7200.0

const char *iol_fsfmt_name(int fmt);
/* The recordings' format name, "mixed formats" when several, "" none. */
const char *iol_fsmon_fmtname(const struct iol_fsmon *m);
const char *iol_fskind_name(int kind);

/* 1 if name is a URL of an LMT server (mysql://, mariadb://). */
int iol_fsmon_is_url(const char *name);
/* 1 if the recording paths[i] is a file already named in paths[0..i)
 * (the same device and inode): read twice, it would count twice where
 * buckets sum (a GPFS NSD's).  A URL is not a file: 0. */
int iol_fsmon_named_before(const char *const *paths, int i);

/*
 * Read one recording into m (targets merged by name with what m holds):
 * a file, or an LMT database on its server named by a URL
 * mysql://user@host[:port]/db[?socket=PATH&password-file=PATH] (the
 * password from password-file's first line, else MYSQL_PWD, else the
 * [client] group of ~/.my.cnf; never in the URL: IOL_EINVAL).
 * LMT and mmperfmon times are the servers' local time, read in the
 * process's time zone (TZ).  *fmt (may be NULL) gets the format.
 * Returns 0 or < 0 with err set ("line 12: ..." for text).
 */
int iol_fsmon_read(struct iol_fsmon *m, const char *path, int *fmt,
		   struct iol_error *err);
void iol_fsmon_release(struct iol_fsmon *m);
/* The window [from, to] (NAN: an open end; both NAN: none) the reads
 * that follow serve (m->win). */
void iol_fsmon_window(struct iol_fsmon *m, double from, double to);

/* key over [t0, t1] into m->seen: 0, or 1 with *dup the entry of key
 * read before over a period they share (nothing added), or IOL_ENOMEM */
int iol_fsmon_seen(struct iol_fsmon *m, const char *key, double t0, double t1,
		   const struct iol_fsseen **dup);

/* The target called name (added with kind when new); NULL: no memory. */
struct iol_fstarget *iol_fsmon_target(struct iol_fsmon *m, const char *name,
				      int kind);
/* The servers srv (names separated by spaces) added to t->server, each
 * once, sorted: a GPFS NSD's are all the servers that reported it. */
int iol_fstarget_servers_add(struct iol_fstarget *t, const char *srv);
int iol_fsmon_gauge(struct iol_gauge **g, size_t *n, size_t *cap, double t,
		    double v, double v2);

/* One cumulative counter pair of a target, between readings. */
struct iol_fscum {
	double t;
	int64_t r, w;
	int have;
};
/*
 * The next reading (t, r, w) of a cumulative counter pair of target tg
 * into series ds under name: an interval from the previous reading with
 * the difference, or after a restart the new value (a reset, counted);
 * further apart than 1.5 x step is a gap (counted).  Both are marked on
 * the interval.  The first reading only starts the series.
 */
int iol_fsmon_count(struct iol_fsmon *m, struct iol_devset *ds,
		    struct iol_fstarget *tg, const char *name,
		    struct iol_fscum *prev, double t, int64_t r, int64_t w,
		    double step);

/* The readings missing between two readings dt apart that are step
 * apart when none is: 0 up to 1.5 steps. */
int iol_fsmon_missing(double dt, double step);
/*
 * A hole of a rate series (h5lmt, TOKIO HDF5, mmperfmon): [t0, t1)
 * without samples, into series ds under name, a gap of tg (may be
 * NULL) counted when k (the samples missing in it; 0 for a later
 * piece of a run already counted) is not 0, its seconds always.  No
 * bytes, not covered.
 */
int iol_fsmon_hole(struct iol_fsmon *m, struct iol_devset *ds,
		   struct iol_fstarget *tg, const char *name, double t0,
		   double t1, int k);

/* A run of missing samples of one rate series: one gap. */
struct iol_fsrun {
	double t0, t1;
	int k; /* samples missing; 0: no run */
};
/* k samples missing over [t0, t1) of series name in m->data: the run
 * they continue, or (a run before it ended) a new one */
int iol_fsrun_add(struct iol_fsmon *m, struct iol_fstarget *tg,
		  const char *name, struct iol_fsrun *u, double t0, double t1,
		  int k);
/* the run, if any, as a hole (iol_fsmon_hole); then none */
int iol_fsrun_end(struct iol_fsmon *m, struct iol_fstarget *tg,
		  const char *name, struct iol_fsrun *u);

/*
 * The resets and gaps of each data target (and m's totals) counted
 * again from its byte intervals that have a share in [from, to) (NAN:
 * an open end), as their marks say: a window's own, the same whether
 * the intervals came from a recording read around it or from a store.
 * Call before the series are clipped to the window.
 */
void iol_fsmon_tally(struct iol_fsmon *m, double from, double to);

/* Local time (TZ) to epoch seconds; -1 when out of range. */
double iol_fs_localtime(int y, int mo, int d, int h, int mi, double s);

/* Keep only what lies in [from, to) of a series: intervals across an
 * edge keep the share of their bytes and counts inside, rounded. */
void iol_devset_clip(struct iol_devset *ds, double from, double to);

/* Internal: the readers behind iol_fsmon_read. */
int iol_lmt_sqlite_read(struct iol_fsmon *m, const char *path,
			struct iol_error *err);
int iol_fs_hdf5_read(struct iol_fsmon *m, const char *path, int *fmt,
		     struct iol_error *err);
int iol_fs_text_read(struct iol_fsmon *m, const char *path, int fmt,
		     struct iol_error *err);
/* mmperfmon output in memory (buf[len] must be writable: lines are
 * ended in place); 1 when it is not mmperfmon output */
int iol_fs_mmperfmon_mem(struct iol_fsmon *m, char *buf, size_t len,
			 struct iol_error *err);
/* 1 when path is a tar archive (plain or gzip); its mmperfmon reports */
int iol_fs_tar_is(const char *path);
int iol_fs_tar_read(struct iol_fsmon *m, const char *path,
		    struct iol_error *err);

/* t (seconds since the epoch, UTC) as "2020-01-01T10:00:00Z" into b
 * (n bytes), or its number when no calendar holds it; b. */
const char *iol_fsmon_iso(char *b, size_t n, double t);

#endif
