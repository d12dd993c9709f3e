/*
 * One device-activity analysis as `iolens iostat` makes it: recordings
 * read into one device set, binned on one grid, and the numbers of every
 * row (each device, then all devices together).  The command reads its
 * arguments one by one (to say which one is cut or bad), then asks for
 * the grid and the numbers.
 *
 * Ownership: struct iol_devreport is caller storage, zeroed before the
 * first call; iol_devreport_release() frees what the library put in it.
 * Owner: storage layer (lib/storage); its callers are cmd/iostat.c and
 * render/view-iostat.c.
 */
#ifndef IOLENS_DEVREPORT_H
#define IOLENS_DEVREPORT_H

#include <stddef.h>

#include "base/error.h"
#include "storage/devio.h"

struct iol_devreport {
	struct iol_devset ds;
	struct iol_binned b;
	struct iol_devstats *st; /* b.ndev + 1 after _analyse, the last all */
	int fmt;		 /* IOL_DEVFMT_* of the first recording */
	int mixed;		 /* recordings of several formats */
};

/* Add the recording at path (see iol_devset_read; *fmt its format). */
int iol_devreport_read(struct iol_devreport *r, const char *path, int lenient,
		       int *fmt, struct iol_error *err);
/* The name of the recordings' format, "mixed formats" when several. */
const char *iol_devreport_fmtname(const struct iol_devreport *r);
/*
 * Sort the samples, bin them at step seconds (0: the recording's own),
 * and compute the numbers of every row (see iol_devstats_compute for
 * idle_frac, burst_frac, min_idle).  IOL_EEMPTY when no device moved a
 * byte.  Returns 0 or < 0 with a message in err.
 */
int iol_devreport_analyse(struct iol_devreport *r, double step,
			  double idle_frac, double burst_frac, double min_idle,
			  struct iol_error *err);
/* The rows of the machine tables: the devices, and "all" when several. */
size_t iol_devreport_rows(const struct iol_devreport *r);
void iol_devreport_release(struct iol_devreport *r);

#endif
