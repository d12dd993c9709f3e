/*
 * The load of a file system's servers over a window (iolens fsload):
 * per data target (OST, NSD) and per server bytes read and written,
 * peak and mean rates, CPU, fullness, and each target against the median
 * target; the whole file system; metadata operations by kind; the
 * busiest and idle periods of the whole.
 *
 * Ownership: struct iol_fsload is caller storage; iol_fsload_release()
 * frees what iol_fsload_compute() put in it.  Rows borrow names from
 * the iol_fsmon, which must outlive them.
 */
#ifndef IOLENS_FSLOAD_H
#define IOLENS_FSLOAD_H

#include "storage/fsmon.h"

#define IOL_FSK_FS IOL_FSK_N /* the row of the whole file system */

struct iol_fsrow {
	const char *name;
	int kind;	    /* IOL_FSK_*, IOL_FSK_FS */
	const char *server; /* a target's server, NULL when not known */
	int64_t rbytes, wbytes;
	double seconds;		     /* covered by samples */
	double peak_bps, peak_start; /* read + write, the busiest bin */
	double read_peak_bps, write_peak_bps;
	double mean_bps;	   /* bytes / covered seconds */
	double cpu_mean, cpu_peak; /* %, NAN when not recorded */
	double kb_used, kb_total;  /* latest in the window, NAN none */
	double vs_median; /* bytes / the median of its kind (the FS row:
			   * the busiest target's); NAN where none */
	uint64_t resets, gaps;
	double gap_seconds;
	size_t ntargets; /* servers and the FS: targets under it */
};

struct iol_fsop {
	const char *name;
	double count, peak_per_s;
};

struct iol_fsload {
	double from, to;	 /* the window, NAN when open */
	struct iol_binned b;	 /* data targets; row b.ndev the whole FS */
	struct iol_devstats all; /* of the whole: bursts and idle periods */
	struct iol_fsrow *rows;	 /* data targets, servers, MDTs, MDSs, FS */
	size_t nrows;
	struct iol_fsop *ops; /* by count, descending; none of count 0 */
	size_t nops;
	/* GPFS: each NSD server's own bytes, binned on b's grid, where the
	 * recordings say which server moved what (an NSD's series per
	 * server, IOL_FS_PAIR); srv.names borrow from srvds, srvn[i] counts
	 * the NSDs server i reported */
	struct iol_devset srvds;
	struct iol_binned srv;
	size_t *srvn;
};

/*
 * Compute over [from, to) (NAN: open ends) with bins of step seconds
 * (<= 0: the recorded step).  m's series are clipped to the window and
 * sorted here, and its targets' resets and gaps counted over the window
 * (iol_fsmon_tally).  idle_frac, burst_frac: of the whole's peak (0.05, 0.5).
 * Returns 0, IOL_EEMPTY when no data target has a sample in the window,
 * IOL_ECORRUPT when a target's samples overlap (one period given twice),
 * IOL_EINVAL when from is not before to.
 */
int iol_fsload_compute(struct iol_fsmon *m, double from, double to, double step,
		       double idle_frac, double burst_frac,
		       struct iol_fsload *out, struct iol_error *err);
void iol_fsload_release(struct iol_fsload *l);
/*
 * The numbers of each data target and, last, of the whole (b.ndev + 1
 * rows), as iostat's page draws them; idle_frac, burst_frac as above.
 * *st: caller frees with iol_fsload_stats_free(*st, l).  Returns 0 or
 * IOL_ENOMEM with err set.
 */
int iol_fsload_stats(const struct iol_fsload *l, double idle_frac,
		     double burst_frac, struct iol_devstats **st,
		     struct iol_error *err);
void iol_fsload_stats_free(struct iol_devstats *st, const struct iol_fsload *l);

#endif
