/*
 * The device-activity report page of `iolens iostat -o FILE.pdf`:
 * throughput over time (read and write stacked, the idle threshold
 * marked), the throughput CDF and the idle-period table (the study's
 * Table III), for all devices together.
 *
 * Ownership: everything is the caller's; nothing is kept.
 */
#ifndef IOLENS_IOSTAT_REPORT_H
#define IOLENS_IOSTAT_REPORT_H

#include <stdint.h>

#include "storage/devio.h"

struct iostat_report_opts {
	int64_t date_epoch; /* the PDF's creation date */
	double idle_pct, burst_pct;
	const char *title; /* the recording's format, for the subtitle */
	/* NULL: "Storage device activity" and "device" (iostat); fsload
	 * draws a file system's data targets */
	const char *heading, *noun;
};

/* Draw the page into path (through a temporary renamed on success).
 * st holds b->ndev + 1 devstats, the last for all devices.  Returns 0 or
 * < 0 with a message in err. */
int iostat_report_write(const char *path, const struct iol_binned *b,
			const struct iol_devstats *st,
			const struct iostat_report_opts *o,
			struct iol_error *err);

#endif
