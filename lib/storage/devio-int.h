/*
 * Internal to lib/storage: the three readers behind iol_devset_read and
 * the timestamp parser they share.  Not installed.
 */
#ifndef IOLENS_DEVIO_INT_H
#define IOLENS_DEVIO_INT_H

#include "storage/devio.h"
#include "base/lines.h"

/* Each reads the rest of l; first is the first non-blank line, already
 * read (borrowed, may be changed).  Errors carry "line N: ...". */
int iol_iostat_text_read(struct iol_devset *ds, struct iol_lines *l,
			 char *first, int lenient, struct iol_error *err);
int iol_iostat_json_read(struct iol_devset *ds, struct iol_lines *l,
			 char *first, int lenient, struct iol_error *err);
int iol_diskstats_read(struct iol_devset *ds, struct iol_lines *l, char *first,
		       int lenient, struct iol_error *err);

/*
 * Seconds since the epoch of a civil date and time taken as UTC;
 * -1 when out of range.
 */
double iol_utc_seconds(int y, int mo, int d, int h, int mi, double s);

/* One device line of an iostat report (text or JSON), in its units. */
struct iol_iorow {
	double ts;	    /* the sample's timestamp: its interval's end */
	char name[72];	    /* device */
	double rkb, wkb;    /* kB/s (1024 bytes) */
	double rs, ws;	    /* operations per second */
	double util;	    /* %util, < 0 unknown */
	unsigned long line; /* where it was read, for messages */
};
/*
 * Turn iostat rows into intervals: a sample covers the time since the
 * previous timestamp of the recording (the first one: as long as the
 * second), bytes = rate x length, rounded.  rows is sorted here.
 */
int iol_iorows_commit(struct iol_devset *ds, struct iol_iorow *rows, size_t n,
		      struct iol_error *err);

#endif
