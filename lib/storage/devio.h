/*
 * Storage-device activity: per-device series of sampled intervals read
 * from `iostat -x -t` text, `iostat -o JSON` or /proc/diskstats snapshots
 * (iolens-iostat(1) documents the formats), binned onto one time grid
 * without losing a byte, and the numbers of METRICS.md section 10 over
 * the bins: throughput, peak, mean, CDF, idle periods (the study's Table
 * III) and bursts.
 *
 * Ownership: struct iol_devset, iol_binned and iol_devstats are caller
 * storage; their _release functions free what the library put in them.
 */
#ifndef IOLENS_DEVIO_H
#define IOLENS_DEVIO_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

enum {
	IOL_DEVFMT_NONE = 0,
	IOL_DEVFMT_IOSTAT_TEXT,
	IOL_DEVFMT_IOSTAT_JSON,
	IOL_DEVFMT_DISKSTATS,
};

/* One sampled interval of one device. */
struct iol_ival {
	double start, end;	/* seconds since the epoch, UTC */
	int64_t rbytes, wbytes; /* bytes read and written in it */
	double reads, writes;	/* operations (iostat: rate x length) */
	double util;		/* % of the interval busy; < 0 unknown */
	/* A cumulative counter's interval (fsmon.h), in one int so that
	 * the store keeps it in one column: the readings missing inside
	 * it (gap & IOL_IV_MISSING; 0 none: a store written before the
	 * count says 1 for any), and IOL_IV_RESET when the counter
	 * restarted in it.  Missing readings make it a gap: its bytes are
	 * known, not when they moved, so the bins it falls in get them but
	 * do not count as covered.  IOL_IV_HOLE: no bytes, missing samples
	 * of a rate series (h5lmt, TOKIO, mmperfmon) and nothing else, the
	 * count its samples; not covered either. */
	int gap;
};
#define IOL_IV_MISSING 0x1fffffff
#define IOL_IV_HOLE 0x20000000
#define IOL_IV_RESET 0x40000000
/* the marks that make an interval uncovered */
#define IOL_IV_UNCOVERED (IOL_IV_MISSING | IOL_IV_HOLE)

struct iol_dev {
	char *name;
	struct iol_ival *iv; /* sorted by start after iol_devset_finish */
	size_t n, cap;
};

struct iol_devset {
	struct iol_dev *dev;
	size_t ndev, cap;
	uint64_t skipped; /* lenient: bad lines or records skipped */
	uint64_t resets;  /* diskstats: counters that went back (no wrap) */
	/* iostat text or JSON: the recording last read ends early, cut in
	 * this line (killed while writing it); what came before it is read.
	 * 0: it ends whole.  Set by each iol_devset_read. */
	uint64_t cut_line;
};

/*
 * A sample timestamp as iostat prints it, read as UTC: "MM/DD/YY
 * HH:MM:SS", "MM/DD/YYYY HH:MM:SS", either with " AM"/" PM", or ISO 8601
 * "YYYY-MM-DDTHH:MM:SS[.frac][Z|+hhmm|+hh:mm]".  *used gets the
 * characters consumed.  Returns 0 or -1.
 */
int iol_parse_stamp(const char *s, double *t, size_t *used);
/* A date a person gives (an iostat report's --date): epoch seconds, or a
 * stamp iol_parse_stamp() reads whole; 0, or IOL_EINVAL when it is
 * neither or before 1970. */
int iol_parse_when(const char *s, int64_t *epoch);
/* The same as a window's end (fsload --from, --to) takes it: any finite
 * number of epoch seconds, fraction and sign allowed, or a whole stamp;
 * 0, or -1. */
int iol_parse_window_end(const char *s, double *t);
/* The same as a file-system walk's "now" (fsstats --now) takes it: any
 * whole number of epoch seconds, a day YYYY-MM-DD (its midnight UTC) or
 * a whole stamp; 0, or IOL_EINVAL. */
int iol_parse_day_when(const char *s, int64_t *epoch);

/* The format of a file from its first bytes; IOL_DEVFMT_NONE if none. */
int iol_devfmt_sniff(const char *buf, size_t n);
const char *iol_devfmt_name(int fmt);

/*
 * Read one recording into ds (devices merged by name with what ds holds).
 * lenient: skip bad lines (counted in ds->skipped) instead of failing.
 * A recording cut off (the last line of the file bad and without its
 * newline, or an unfinished JSON document) is read up to the cut, which
 * ds->cut_line names, with or without lenient.
 * *fmt (may be NULL) gets the format found.  Errors name the line:
 * "line 12: bad timestamp '...'" in err.  Returns 0 or < 0.
 */
int iol_devset_read(struct iol_devset *ds, const char *path, int lenient,
		    int *fmt, struct iol_error *err);
/* Sort each device's intervals, drop devices that never moved a byte nor
 * an operation (iostat leaves them out too), and refuse overlapping
 * intervals of one device (two recordings of one period). */
int iol_devset_finish(struct iol_devset *ds, struct iol_error *err);
void iol_devset_release(struct iol_devset *ds);
/* Add an interval to the device called name (created when new). */
int iol_devset_add(struct iol_devset *ds, const char *name,
		   const struct iol_ival *iv);

/* One bin of the common grid. */
struct iol_bin {
	int64_t rbytes, wbytes;
	double reads, writes;
	double covered; /* seconds of the bin covered by samples */
	double busy;	/* util-weighted seconds (util known) */
	double utilcov; /* seconds with util known */
};

/*
 * All devices on one grid of nbins bins of step seconds from t0; row
 * ndev (the last) is the aggregate of all devices.  Samples are split
 * across bin edges in proportion to time, bytes rounded so that every
 * sample's bytes land somewhere exactly once: the total is conserved.
 */
struct iol_binned {
	double t0, step;
	size_t nbins, ndev;
	const char **names; /* ndev names, borrowed from the devset */
	struct iol_bin *b;  /* (ndev + 1) * nbins, row-major */
};

/*
 * Bin ds with step seconds (<= 0: the median sample length, grid starting
 * at the first sample; > 0: grid aligned to multiples of step since the
 * epoch).  Returns 0, IOL_EEMPTY without samples, IOL_EINVAL when the
 * grid would be absurdly large.
 */
int iol_devset_bin(const struct iol_devset *ds, double step,
		   struct iol_binned *out, struct iol_error *err);
/* ds binned onto the grid of like (its t0, step and bins), so that rows
 * of two sets line up; samples beyond it go to its first or last bin.
 * Returns 0 or IOL_ENOMEM. */
int iol_devset_bin_like(const struct iol_devset *ds,
			const struct iol_binned *like, struct iol_binned *out,
			struct iol_error *err);
void iol_binned_release(struct iol_binned *b);
static inline struct iol_bin *iol_binned_at(const struct iol_binned *b,
					    size_t row, size_t k)
{
	return &b->b[row * b->nbins + k];
}
/* Read+write bytes per second of a bin; NAN when no sample covers it. */
double iol_bin_rate(const struct iol_bin *x);

/* A run of bins: an idle period or a burst. */
struct iol_period {
	double start, end;
	int64_t bytes;
	double peak_bps;
};

/* The Table III duration classes, in minutes: (0,1], (1,5], (5,10],
 * (10,20], (20,30], (30,40], (40,50], (50,60], (60,inf). */
#define IOL_NIDLE_CLASSES 9
extern const char *const iol_idle_class_names[IOL_NIDLE_CLASSES];
int iol_idle_class(double seconds);

struct iol_devstats {
	int64_t rbytes, wbytes;
	size_t nbins;	   /* bins with data */
	double seconds;	   /* covered seconds */
	double peak_bps;   /* highest bin rate */
	double peak_start; /* its bin's start */
	double mean_bps;   /* bytes / covered seconds */
	double idle_bps;   /* threshold: rates below it are idle */
	double burst_bps;  /* threshold: rates at or above it are bursts */
	double *sorted;	   /* nbins rates, ascending (the CDF) */
	struct iol_period *idle, *burst;
	size_t nidle, nburst;
	double idle_seconds;
	int t3_count[IOL_NIDLE_CLASSES];
	double t3_minutes[IOL_NIDLE_CLASSES];
};

/*
 * The numbers of one row of b (a device, or ndev for the aggregate).
 * idle_frac, burst_frac: fractions of the peak (0.05 and 0.5 in the
 * study's and our defaults); min_idle: shorter idle runs are not listed
 * (seconds, 0 keeps all).  A bin without samples ends a run.
 */
int iol_devstats_compute(const struct iol_binned *b, size_t row,
			 double idle_frac, double burst_frac, double min_idle,
			 struct iol_devstats *st);
void iol_devstats_release(struct iol_devstats *st);
/* The p-th percentile (0..100) of the sorted rates, nearest rank. */
double iol_devstats_pct(const struct iol_devstats *st, double p);

#endif
